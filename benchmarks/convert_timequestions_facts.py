"""Convert TimeQuestions' decoded Wikidata subset into the n-ary facts JSONL that `tkgrag ingest facts` reads.

    .venv/bin/python benchmarks/convert_timequestions_facts.py --out /tmp/timequestions_facts.jsonl
    .venv/bin/python benchmarks/convert_timequestions_facts.py --sample 450 --out tkgrag/data/facts_sample.jsonl

Qualifier rows are re-attached to their statement (``tkgrag.ingest.formats.tkbc``). ``--sample N`` keeps every
reconstructed n-ary fact, every fact of a few subjects (``FOCUS_SUBJECTS``: entity timelines to look at), a few
literal-valued facts, and fills up to N with a seeded random choice; the bundled ``facts_sample.jsonl`` is
``--sample 450 --seed 7``. Prints what it wrote.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from tkgrag.ingest.formats.tkbc import TkbcRow, facts_from_rows, load_labels, read_tkbc_rows
from tkgrag.ingest.records import Reject

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "timequestions"


# Subjects whose every fact goes into the sample, so that entity timelines have something to show:
# United States of America, Vladimir Putin, Harold Wilson, Sally Ride.
FOCUS_SUBJECTS = ("Q30", "Q7747", "Q128956", "Q49285")


def choose_sample(facts: list[dict[str, Any]], n: int, seed: int) -> list[dict[str, Any]]:
    """A small, deterministic sample that still shows every feature of the model."""
    chosen: set[int] = {i for i, f in enumerate(facts) if f.get("qualifiers")}
    chosen |= {i for i, f in enumerate(facts) if f["subject"] in FOCUS_SUBJECTS}
    literals = [i for i, f in enumerate(facts) if f.get("object_type") == "literal" and "predicate_label" in f]
    chosen |= set(literals[:25])
    rest = [i for i in range(len(facts)) if i not in chosen]
    random.Random(seed).shuffle(rest)
    chosen |= set(rest[: max(0, n - len(chosen))])
    return [facts[i] for i in sorted(chosen)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA, help="the timequestions folder (kg_subset_tkbc/, kg_vocab/)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--sample", type=int, default=0, help="keep about N facts (0: all)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    rows: list[TkbcRow] = []
    rejects = 0
    for tsv in sorted((args.data / "kg_subset_tkbc").glob("*_facts_named.tsv")):
        for r in read_tkbc_rows(tsv):
            if isinstance(r, Reject):
                rejects += 1
                print(f"skipped {r.describe()}")
            else:
                rows.append(r)
    vocab = args.data / "kg_vocab"
    entity_labels = load_labels(vocab / "wd_id2entity_text.txt") if vocab.is_dir() else {}
    relation_labels = load_labels(vocab / "wd_id2relation_text.txt") if vocab.is_dir() else {}
    facts = facts_from_rows(rows, entity_labels=entity_labels, relation_labels=relation_labels)
    if args.sample:
        facts = choose_sample(facts, args.sample, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for f in facts:
            fh.write(json.dumps(f, ensure_ascii=False) + "\n")
    n_quals = sum(len(f.get("qualifiers", ())) for f in facts)
    print(
        f"{len(rows)} rows ({rejects} skipped) -> {len(facts)} facts, "
        f"{sum(1 for f in facts if f.get('qualifiers'))} with {n_quals} qualifiers, "
        f"{sum(1 for f in facts if f.get('object_type') == 'literal')} with a literal object, "
        f"{sum(1 for f in facts if not ({'start', 'end', 'point_in_time'} & f.keys()))} without time "
        f"-> {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)"
    )


if __name__ == "__main__":
    main()
