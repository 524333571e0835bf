"""Paired P@1 differences between EXAQT rankings of the same answer graphs of one ``bench_exaqt.py`` run.

    python benchmarks/paired_exaqt_p1.py /tmp/exaqt3/final400 --scorer old=/tmp/scorer_base.json \\
        --scorer retrained=tkgrag/data/exaqt_scorer.json

Re-ranks each question's answers (``predictions.jsonl``: top-100 answers with ``FEATURES``) by the symbolic score, by
relevance alone and by each learned scorer (exact temporal tier and ordinal position first, as ``rank_answers``), and
prints each ranking's P@1 with its standard error and every pair's mean difference with its paired standard error.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.bench_exaqt import DATA, scores
from tkgrag.retrievers.exaqt.ranking import FEATURES, exact_key
from tkgrag.retrievers.exaqt.scorer import LinearScorer
from tkgrag.sources.benchmarks import load_dataset

Score = Callable[[Sequence[float]], float]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", type=Path)
    ap.add_argument("--scorer", action="append", default=[], help="NAME=PATH of a learned scorer (repeatable)")
    ap.add_argument("--questions", type=Path, default=DATA / "questions" / "test_dev_half.json")
    args = ap.parse_args()
    by_id = {q.id: q for q in load_dataset(args.questions, format="timequestions").questions}
    rel = FEATURES.index("relevance")
    rankers: dict[str, Score | None] = {"symbolic": None, "relevance": lambda f: f[rel]}
    for spec in args.scorer:
        name, _, path = spec.partition("=")
        rankers[name] = LinearScorer.load(Path(path)).score
    per: dict[str, list[float]] = {k: [] for k in rankers}
    for line in (args.run / "predictions.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        q, answers = by_id[rec["qid"]], rec["exaqt_answers"]
        for name, fn in rankers.items():
            if fn is None:
                order, vals = [a["text"] for a in answers], [a["score"] for a in answers]
            else:
                ranked = sorted(
                    ((a["text"], fn(a["features"]), exact_key(a["features"]), i) for i, a in enumerate(answers)),
                    key=lambda t: (*t[2], -t[1], t[3]),
                )
                order, vals = [t[0] for t in ranked], [t[1] for t in ranked]
            per[name].append(scores(q, order, vals)["p@1"])
    n = len(per["symbolic"])
    for name, v in per.items():
        m = sum(v) / n
        print(f"{name}: P@1 {m:.4f} (se {math.sqrt(m * (1 - m) / n):.4f}, n {n})")
    names = list(per)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = [x - y for x, y in zip(per[a], per[b], strict=True)]
            m = sum(d) / n
            sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
            print(f"{a} - {b}: {m:+.4f} (paired se {sd / math.sqrt(n):.4f})")


if __name__ == "__main__":
    main()
