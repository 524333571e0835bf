"""Convert TimeQuestions' decoded Wikidata subset into the n-ary facts JSONL that `tkgrag ingest facts` reads.

    .venv/bin/python benchmarks/convert_timequestions_facts.py --out /tmp/timequestions_facts.jsonl
    .venv/bin/python benchmarks/convert_timequestions_facts.py --sample 450 --out tkgrag/data/facts_sample.jsonl
    .venv/bin/python benchmarks/convert_timequestions_facts.py --slice --out /tmp/timequestions_slice_facts.jsonl

Qualifier rows are re-attached to their statement (``tkgrag.ingest.formats.tkbc``). ``--sample N`` keeps every
reconstructed n-ary fact, every fact of a few subjects (``FOCUS_SUBJECTS``: entity timelines to look at), a few
literal-valued facts, and fills up to N with a seeded random choice; the bundled ``facts_sample.jsonl`` is
``--sample 450 --seed 7``. Prints what it wrote.

``--slice`` converts TimeR4's decoded slice (``kg_slice_timer4/facts_named.tsv``, the same columns) for EXAQT
instead: one fact per row (``slice_fact``), its years as the Wikidata time qualifiers start time (P580) and end time
(P582), which ingestion turns into the fact's validity. Years 1 and 2916 are open ends (the slice's placeholders); an
id left empty (a label that is missing from the vocabulary or not unique) keys the entity by its label, as
``tkgrag.sources.keys.wikidata_entity_key`` does for the TimeQuestions loader, so gold QIDs meet ingested keys. The
13 rows whose start year is after their end year are written with the two years swapped (counted in the summary):
ingestion rejects an inverted interval, and the years themselves are evidence.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from tkgrag.ingest.formats.tkbc import TkbcRow, facts_from_rows, load_labels, read_tkbc_rows
from tkgrag.sources.keys import wikidata_entity_key
from tkgrag.sources.records import Reject

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "timequestions"


# Subjects whose every fact goes into the sample, so that entity timelines have something to show:
# United States of America, Vladimir Putin, Harold Wilson, Sally Ride.
FOCUS_SUBJECTS = ("Q30", "Q7747", "Q128956", "Q49285")


def write_jsonl(path: Path, facts: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for f in facts:
            fh.write(json.dumps(f, ensure_ascii=False) + "\n")


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


# TimeR4's slice writes an unknown start as year 1 and an unknown or open end as year 2916.
OPEN_START_YEAR, OPEN_END_YEAR = 1, 2916


def slice_fact(row: TkbcRow) -> tuple[dict[str, Any], bool]:
    """One row of ``kg_slice_timer4/facts_named.tsv`` as a facts-JSONL object, and whether its years were inverted
    (then swapped). Labels with spaces, quotes or commas are taken whole from their column; the tab is the only
    separator."""
    start = None if row.start_year == OPEN_START_YEAR else row.start_year
    end = None if row.end_year == OPEN_END_YEAR else row.end_year
    inverted = start is not None and end is not None and start > end
    if inverted:
        start, end = end, start
    fact: dict[str, Any] = {
        "subject": wikidata_entity_key(row.subject_id, row.subject),
        "predicate": row.relation_id,
        "predicate_label": row.relation,
        "object": wikidata_entity_key(row.object_id, row.object),
    }
    if row.subject and row.subject != fact["subject"]:
        fact["subject_label"] = row.subject
    if row.object and row.object != fact["object"]:
        fact["object_label"] = row.object
    qualifiers = [
        {"predicate": pid, "predicate_label": label, "value": f"{year:04d}", "type": "time"}
        for pid, label, year in (("P580", "start time", start), ("P582", "end time", end))
        if year is not None
    ]
    if qualifiers:
        fact["qualifiers"] = qualifiers
    fact["source"] = "timequestions-slice"
    return fact, inverted


def convert_slice(path: Path) -> tuple[list[dict[str, Any]], int, list[Reject]]:
    """Every fact of the slice, the number of inverted intervals swapped, and the rows that could not be read."""
    facts: list[dict[str, Any]] = []
    rejects: list[Reject] = []
    inverted = 0
    for r in read_tkbc_rows(path):
        if isinstance(r, Reject):
            rejects.append(r)
            continue
        fact, swapped = slice_fact(r)
        facts.append(fact)
        inverted += swapped
    return facts, inverted, rejects


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA, help="the timequestions folder (kg_subset_tkbc/, kg_vocab/)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--sample", type=int, default=0, help="keep about N facts (0: all)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--slice", action="store_true", help="convert kg_slice_timer4/facts_named.tsv (EXAQT) instead")
    args = ap.parse_args()
    if args.slice:
        facts, inverted, bad = convert_slice(args.data / "kg_slice_timer4" / "facts_named.tsv")
        for r in bad:
            print(f"skipped {r.describe()}")
        if args.sample:
            facts = choose_sample(facts, args.sample, args.seed)
        write_jsonl(args.out, facts)
        print(f"{len(facts)} facts ({len(bad)} rows skipped, {inverted} inverted intervals swapped) -> {args.out}")
        return

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
    write_jsonl(args.out, facts)
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
