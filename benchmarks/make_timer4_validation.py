"""TimeR4's own validation questions as an evaluation file (the tkgqa JSONL format), for choosing the rerank's
options without looking at the dev sets.

    python benchmarks/make_timer4_validation.py ~/.local/share/tkgrag/train/timer4_training.jsonl \\
        --out runs/timer4_validation.jsonl

Reads the ``validation`` split that ``make_timer4_training.py`` wrote (held-out gold triples, never trained on; no
2014, none of the MultiTQ dev sample's days, months or entity-answer pairs) and gives each question the evidence
that determines its answer, computed on the whole KG file as tkgqa does:

* equal_day / equal_month: every (relation, object) fact on that day / in that month;
* before / after D: every (relation, object) fact before / after D -- the set MultiTQ's before/after questions
  ask for (its dev sample lists 1 to 17 answers for them), not only the nearest one the training positive is;
* first / last / first_in_year: the first (last) (relation, object) fact and its same-day ties;
* when_first / when_last: the subject's first (last) (subject, relation, object) fact.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import date
from pathlib import Path

from tkgrag.question.understanding import question_constraints
from tkgrag.temporal import Granularity, TimeSpan
from tkgrag.train.negatives import Fact
from tkgrag.train.questions import KG, read_jsonl, write_jsonl
from tkgrag.verbalize import entity_name

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def evidence(kg: KG, row: dict, *, line: int) -> tuple[list[Fact], list[str]]:
    """The gold facts and answers of one validation question (see the module docstring)."""
    s, r, o, day = row["positive"]["fact"]
    gold = Fact(s, r, o, date.fromisoformat(day))
    qtype = row["qtype"]
    same_ro = kg.by_ro[(r, o)]
    if qtype == "equal_day":
        facts = [f for f in same_ro if f.day == gold.day]
    elif qtype == "equal_month":
        facts = [f for f in same_ro if (f.day.year, f.day.month) == (gold.day.year, gold.day.month)]
    elif qtype in ("before", "after"):
        constraints = question_constraints(row["question"])
        if len(constraints) != 1:
            raise ValueError(f"line {line}: field 'question': expected one before/after date in {row['question']!r}")
        c = constraints[0]
        facts = [f for f in same_ro if c.admits(TimeSpan(f.day, f.day, Granularity.DAY))]
    elif qtype in ("first", "last", "first_in_year"):
        facts = [f for f in same_ro if f.day == gold.day]
    elif qtype in ("when_first", "when_last"):
        facts = [gold]
    else:
        raise ValueError(f"line {line}: field 'qtype': unknown question type {qtype!r}")
    if gold not in facts:
        raise ValueError(f"line {line}: the question's own gold fact {gold} is not among its evidence")
    when = qtype.startswith("when")
    return facts, [gold.day.isoformat()] if when else sorted({entity_name(f.subject) for f in facts})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("training", type=Path, help="the file make_timer4_training.py wrote")
    ap.add_argument("--kg", type=Path, default=DATA / "icews05-15" / "icews05-15_partial_named.tsv")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args(argv)
    kg = KG.read(a.kg)
    out = []
    for n, row in enumerate(read_jsonl(a.training), 1):
        if row.get("split") != "validation":
            continue
        facts, answers = evidence(kg, row, line=n)
        when = row["qtype"].startswith("when")
        out.append(
            {
                "quid": row["qid"],
                "question": row["question"],
                "answers": answers,
                "answer_type": "time" if when else "entity",
                "time_level": "day",
                "qtype": row["qtype"],
                "qlabel": "Validation",
                "evidence": [f.as_list() for f in facts],
            }
        )
    write_jsonl(a.out, out)
    sizes = Counter(row["qtype"] for row in out)
    print(
        f"wrote {len(out)} validation questions to {a.out}: " + json.dumps(dict(sorted(sizes.items()))), file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
