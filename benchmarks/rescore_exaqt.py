"""Re-rank a ``bench_exaqt.py`` run's answers with another learned scorer, offline (no graph, no Stage 1 again).

    python benchmarks/rescore_exaqt.py /tmp/exaqt3/final400 --scorer tkgrag/data/exaqt_scorer.json --name learned-new

Reads ``predictions.jsonl`` (each question's top-100 answers with their ``FEATURES``), orders them as
``ranking.rank_answers`` does with a scorer (exact temporal tier and ordinal position first, then the scorer, ties in
the symbolic order) and writes P@1 / MRR / Hit@5 overall and per category to ``<run>/rescore-<name>.json``.
The questions are those of the run (same file, same ids).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from benchmarks.bench_exaqt import DATA, scores, summarise
from tkgrag.retrievers.exaqt.ranking import exact_key
from tkgrag.retrievers.exaqt.scorer import LinearScorer
from tkgrag.sources.benchmarks import load_dataset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", type=Path, help="a bench_exaqt.py --out folder")
    ap.add_argument("--scorer", type=Path, required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--questions", type=Path, default=DATA / "questions" / "test_dev_half.json")
    args = ap.parse_args()
    by_id = {q.id: q for q in load_dataset(args.questions, format="timequestions").questions}
    scorer = LinearScorer.load(args.scorer)
    rows, questions = [], []
    for line in (args.run / "predictions.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if "exaqt_answers" not in rec:
            raise SystemExit(f"{args.run}/predictions.jsonl: no exaqt_answers (a run of an older bench_exaqt.py)")
        q = by_id[rec["qid"]]
        answers = rec["exaqt_answers"]
        ranked = sorted(
            ((a["text"], scorer.score(a["features"]), exact_key(a["features"]), i) for i, a in enumerate(answers)),
            key=lambda t: (*t[2], -t[1], t[3]),
        )
        rows.append(scores(q, [t[0] for t in ranked], [t[1] for t in ranked]))
        questions.append(q)
    doc: dict[str, Any] = {"run": str(args.run), "scorer": str(args.scorer), "metrics": summarise(rows, questions)}
    out = args.run / f"rescore-{args.name}.json"
    out.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    print(json.dumps(doc["metrics"]["overall"], indent=2))


if __name__ == "__main__":
    main()
