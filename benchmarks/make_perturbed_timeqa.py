"""Write a copy of TimeQA (human-annotated) whose questions state their time constraint in a different surface form.

Why: MRAG's TempRAGEval perturbs the time constraints of TimeQA/SituatedQA questions so that the answer stays the
same while the text of the date changes ("in 2008" -> "in the year after 2007"); a retriever that matches the date
string rather than its meaning loses accuracy there. This script makes such a set from the annotated interval of each
question: "from T1 to T2" / "in T" (T a year, "Jun 1999" or "March 1932") becomes one of

    month_inside    "in <Month> <year>" for a month strictly inside the interval ("during June 1999" for a one-month T)
    between_inside  "between <y1> and <y2>" with T1 <= y1 < y2 <= T2 (intervals spanning two years or more)
    year_after      "in the year after <T1.year - 1>" ("in <Month> of the year after ..." when T1 names a month)
    as_of           "as of <D Month YYYY>", a day inside the interval

The kinds are cycled in a seeded order (the next possible one when a kind does not fit), so each covers about a
quarter of the questions. Paragraphs and answer spans are copied unchanged and the JSON format is the input's, so
``tkgrag eval --dataset timeqa`` reads the output as is. Questions without exactly one recognisable constraint are left
out, and articles left without questions. A sidecar ``<output>.kinds.json`` maps "<article index>::<j>" (j the
question's position in the OUTPUT article, i.e. the loader's id "<index>:q<j>") to {original, perturbed, kind}.

    .venv/bin/python benchmarks/make_perturbed_timeqa.py --output /tmp/timeqa_perturbed.json
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_INPUT = REPO.parent / "shared" / "data" / "timeqa" / "human_annotated_train.json"

KINDS = ("month_inside", "between_inside", "year_after", "as_of")
MONTHS = tuple(calendar.month_name)[1:]  # "January" .. "December"

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_TIME = rf"(?:{_MONTH}\.?\s+)?\d{{3,4}}\b"
FROM_TO = re.compile(rf"\bfrom\s+(?P<t1>{_TIME})\s+to\s+(?P<t2>{_TIME})", re.IGNORECASE)
# "in T" but not "from in T" nor "in T to/until/and ..." (a half-stated interval: not a constraint we can read).
IN_TIME = re.compile(rf"(?<!from )\bin\s+(?P<t1>{_TIME})(?!\s*(?:to|until|till|and|-)\b)", re.IGNORECASE)
_POINT = re.compile(rf"(?:(?P<month>{_MONTH})\.?\s+)?(?P<year>\d{{3,4}})", re.IGNORECASE)


@dataclass(frozen=True)
class TimePoint:
    year: int
    month: int | None = None  # 1..12, None for a bare year


@dataclass(frozen=True)
class Constraint:
    start: int  # character span of the constraint in the question (preposition included)
    end: int
    t1: TimePoint
    t2: TimePoint  # == t1 for "in T"
    single: bool  # "in T" rather than "from T1 to T2"

    @property
    def first_month(self) -> int:
        """Month ordinal (year * 12 + month - 1) of the interval's first month."""
        return self.t1.year * 12 + (self.t1.month or 1) - 1

    @property
    def last_month(self) -> int:
        return self.t2.year * 12 + (self.t2.month or 12) - 1


def parse_time(text: str) -> TimePoint:
    m = _POINT.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"not a TimeQA time: {text!r}")
    month = m.group("month")
    return TimePoint(int(m.group("year")), None if month is None else _month_number(month))


def _month_number(name: str) -> int:
    return [n[:3].lower() for n in MONTHS].index(name[:3].lower()) + 1


def classify(question: str) -> tuple[Constraint | None, str]:
    """The question's one time constraint and "ok", else None and why: no_constraint, ambiguous, bad_interval."""
    found = [
        Constraint(m.start(), m.end(), parse_time(m["t1"]), parse_time(m["t2"]), single=False)
        for m in FROM_TO.finditer(question)
    ]
    found += [
        Constraint(m.start(), m.end(), t, t, single=True)
        for m in IN_TIME.finditer(question)
        for t in [parse_time(m["t1"])]
    ]
    if not found:
        return None, "no_constraint"
    if len(found) > 1:
        return None, "ambiguous"
    c = found[0]
    # An inverted interval, or years of different lengths ("from 189 to Mar 1891": a typo), is not usable.
    if c.first_month > c.last_month or len(str(c.t1.year)) != len(str(c.t2.year)):
        return None, "bad_interval"
    return c, "ok"


def find_constraint(question: str) -> Constraint | None:
    return classify(question)[0]


def _month_text(ordinal: int) -> str:
    return f"{MONTHS[ordinal % 12]} {ordinal // 12}"


def _inside_months(c: Constraint) -> range:
    """Months strictly inside a from..to interval; every month of an "in T" constraint."""
    if c.single:
        return range(c.first_month, c.last_month + 1)
    return range(c.first_month + 1, c.last_month)


def render(c: Constraint, kind: str, rng: random.Random) -> str | None:
    """The constraint re-stated as ``kind`` (lower case), or None when that kind does not fit the interval."""
    if kind == "month_inside":
        if c.single and c.t1.month is not None:
            return f"during {_month_text(c.first_month)}"
        months = _inside_months(c)
        return f"in {_month_text(rng.choice(months))}" if months else None
    if kind == "between_inside":
        lo, hi = c.t1.year, c.t2.year
        if hi <= lo:
            return None
        y1 = rng.randint(lo, hi - 1)
        return f"between {y1} and {rng.randint(y1 + 1, hi)}"
    if kind == "year_after":
        if c.t1.year > c.t2.year:
            return None
        of_month = "" if c.t1.month is None else f"{MONTHS[c.t1.month - 1]} of "
        return f"in {of_month}the year after {c.t1.year - 1}"
    if kind == "as_of":
        ordinal = rng.choice(_inside_months(c) or range(c.first_month, c.last_month + 1))
        year, month = divmod(ordinal, 12)
        day = rng.randint(1, calendar.monthrange(year, month + 1)[1])
        return f"as of {day} {MONTHS[month]} {year}"
    raise ValueError(f"unknown kind {kind!r}")


def perturb_question(question: str, c: Constraint, order: list[str], rng: random.Random) -> tuple[str, str]:
    """Replace the constraint with the first kind of ``order`` that fits; (new question, kind)."""
    for kind in order:
        text = render(c, kind, rng)
        if text is not None:
            if question[c.start].isupper():
                text = text[0].upper() + text[1:]
            return question[: c.start] + text + question[c.end :], kind
    raise ValueError(f"no kind fits {question!r}")  # unreachable: year_after and as_of fit every valid interval


def perturb_dataset(
    articles: list[dict[str, Any]], seed: int = 13, limit: int | None = None
) -> tuple[list[dict[str, Any]], dict[str, dict[str, str]], Counter[str]]:
    """(perturbed articles, sidecar kinds map, summary counts). Deterministic for a given seed and input."""
    rng = random.Random(seed)
    cycle = rng.sample(KINDS, len(KINDS))
    out: list[dict[str, Any]] = []
    kinds: dict[str, dict[str, str]] = {}
    stats: Counter[str] = Counter()
    done = 0
    for article in articles:
        if limit is not None and stats["questions_in"] >= limit:
            break
        questions: list[list[Any]] = []
        for question, answers in article["questions"]:
            if limit is not None and stats["questions_in"] >= limit:
                break
            stats["questions_in"] += 1
            c, why = classify(question)
            if c is None:
                stats[f"skipped_{why}"] += 1
                continue
            k = done % len(cycle)
            text, kind = perturb_question(question, c, cycle[k:] + cycle[:k], rng)
            done += 1
            stats[kind] += 1
            kinds[f"{article['index']}::{len(questions)}"] = {"original": question, "perturbed": text, "kind": kind}
            questions.append([text, answers])
        if questions:
            out.append({**article, "questions": questions})
        else:
            stats["articles_dropped"] += 1
    stats["questions_out"] = done
    stats["articles_out"] = len(out)
    return out, kinds, stats


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument(
        "--input", type=Path, default=DEFAULT_INPUT, help="TimeQA human-annotated JSON (default: %(default)s)"
    )
    ap.add_argument("--output", type=Path, required=True, help="perturbed JSON; the sidecar is <output>.kinds.json")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--limit", type=int, default=None, help="read only the first N questions")
    args = ap.parse_args(argv)

    articles = json.loads(args.input.read_text(encoding="utf-8"))
    out, kinds, stats = perturb_dataset(articles, seed=args.seed, limit=args.limit)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    sidecar = args.output.with_name(args.output.name + ".kinds.json")
    sidecar.write_text(json.dumps(kinds, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    skipped = {k.removeprefix("skipped_"): v for k, v in sorted(stats.items()) if k.startswith("skipped_")}
    print(f"questions in: {stats['questions_in']}  perturbed: {stats['questions_out']}", file=sys.stderr)
    print("  per kind: " + ", ".join(f"{k}={stats[k]}" for k in KINDS), file=sys.stderr)
    print(f"  skipped: {sum(skipped.values())} {skipped}", file=sys.stderr)
    print(f"articles out: {stats['articles_out']} (dropped {stats['articles_dropped']})", file=sys.stderr)
    print(f"wrote {args.output} and {sidecar}", file=sys.stderr)


if __name__ == "__main__":
    main()
