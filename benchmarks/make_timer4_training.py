"""Training and validation questions for TimeR4's time-aware retriever (``tkgrag train retriever``).

    python benchmarks/make_timer4_training.py --out runs/timer4_training.jsonl

MultiTQ-style questions generated from ICEWS05-15 with exact answers (``tkgrag.train.questions``), each with its
gold fact and one negative per corruption type. Never the evaluation questions: the whole of 2014 (the tkgqa dev set
over icews14) is left out, and so are the days and months the MultiTQ dev sample names and every fact joining one of
its question entities to one of its answers; the two dev files are read to build that exclusion. Questions are split
into train / validation by their gold triple (subject, relation, object), so validation facts are unseen.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from tkgrag.train.questions import KG, Exclusion, QuestionMaker, read_jsonl, split_of, write_jsonl

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kg", type=Path, default=DATA / "icews05-15" / "icews05-15_partial_named.tsv")
    ap.add_argument("--multitq-dev", type=Path, default=DATA / "multitq" / "dev_questions_sample.json")
    ap.add_argument("--tkgqa-dev", type=Path, default=DATA / "tkgqa" / "icews14_dev.jsonl")
    ap.add_argument("--exclude-year", type=int, action="append", default=None, help="default: 2014")
    ap.add_argument("--questions", type=int, default=16000)
    ap.add_argument("--validation-share", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)

    exclusion = Exclusion(years=set(a.exclude_year or [2014]))
    if a.multitq_dev.exists():
        exclusion.add_questions(json.loads(a.multitq_dev.read_text(encoding="utf-8")))
    if a.tkgqa_dev.exists():
        exclusion.add_questions(read_jsonl(a.tkgqa_dev))
    kg = KG.read(a.kg)
    maker = QuestionMaker(kg, exclusion, a.seed)
    print(f"{len(kg.facts):,} facts; {len(maker.allowed):,} allowed as gold facts", file=sys.stderr)

    def rows():
        for q in maker.questions(a.questions):
            row = q.as_json()
            row["split"] = split_of(row, a.validation_share)
            yield row

    kept = list(rows())
    n = write_jsonl(a.out, kept)
    counts = Counter((r["split"], r["qtype"]) for r in kept)
    print(f"wrote {n:,} questions to {a.out}", file=sys.stderr)
    for (split, qtype), c in sorted(counts.items()):
        print(f"  {split:10s} {qtype:14s} {c:,}", file=sys.stderr)
    years = Counter(r["positive"]["fact"][3][:4] for r in kept)
    print("  gold years: " + ", ".join(f"{y}: {c}" for y, c in sorted(years.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
