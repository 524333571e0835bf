"""Own template-free MultiTQ-style phrasings generated from the KG (issue 29, item 3), with exact gold answers.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/make_multitq_phrasings.py --out DIR [--per 10] [--seed 29]

Writes DIR/tune.json, DIR/heldout.json and DIR/heldout2.json (MultiTQ's JSON layout, which ``tkgrag eval`` reads;
heldout2 has constructions written after heldout had been looked at, facts from the held-out half). The two halves ask
the same four kinds of question about DIFFERENT facts with DIFFERENT constructions and verb paraphrases, so that
tuning on one half says little about the other:

- time as the subject of the clause ("Which day saw X visit Y for the first time in 2014?");
- "in the same month as X" (``equal_multi``: every other actor of that relation and object in the anchor's month);
- first/last asked through the answer's granularity ("In which year did X last praise Y?");
- "offered"/"extended" paraphrases of cooperation and talks verbs, on a day.

Questions are about facts of the dense period of ICEWS05-15 (2013-12..2015-12: the store holds every event there;
"first" is asked within a year of it) and every gold answer is computed from ALL the store's events, so the gold is
what the store holds. The asked actors are named entities without a sector in parentheses (answers may have one).
Read only.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag

DENSE_FROM, DENSE_TO = "2013-12-01", "2015-12-31"

# relation -> (base, past) for each half; the held-out half uses other verbs.
VERBS: dict[str, dict[str, tuple[str, str]]] = {
    "Make_a_visit": {
        "tune": ("visit", "visited"),
        "heldout": ("travel to", "travelled to"),
        "heldout2": ("pay a visit to", "paid a visit to"),
    },
    "Praise_or_endorse": {
        "tune": ("praise", "praised"),
        "heldout": ("laud", "lauded"),
        "heldout2": ("commend", "commended"),
    },
    "Criticize_or_denounce": {
        "tune": ("denounce", "denounced"),
        "heldout": ("condemn", "condemned"),
        "heldout2": ("criticise", "criticised"),
    },
    "Sign_formal_agreement": {
        "tune": ("sign a formal agreement with", "signed a formal agreement with"),
        "heldout": ("ink an agreement with", "inked an agreement with"),
        "heldout2": ("sign a pact with", "signed a pact with"),
    },
    "Engage_in_negotiation": {
        "tune": ("negotiate with", "negotiated with"),
        "heldout": ("hold talks with", "held talks with"),
        "heldout2": ("conduct negotiations with", "conducted negotiations with"),
    },
}
OFFERS: dict[str, dict[str, str]] = {
    "Express_intent_to_cooperate": {
        "tune": "offered to cooperate with",
        "heldout": "extended an offer of cooperation to",
        "heldout2": "put forward an offer to cooperate with",
    },
    "Express_intent_to_meet_or_negotiate": {
        "tune": "offered to meet",
        "heldout": "extended an offer of talks to",
        "heldout2": "proposed talks with",
    },
}

EVENTS = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.relation IN $relations AND e.recorded_to IS NULL AND e.valid_from IS NOT NULL AND s <> o
RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t
"""


MONTHS = [
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
]


def day_words(t: str) -> str:
    return f"{int(t[8:10])} {MONTHS[int(t[5:7]) - 1]} {t[:4]}"


def month_words(t: str) -> str:
    return f"{MONTHS[int(t[5:7]) - 1]} {t[:4]}"


def build(
    rows: list[dict[str, Any]],
    pairs: list[tuple[str, str, str]],
    half: str,
    per: int,
    rng: random.Random,
    used: set[str],
) -> list[dict[str, Any]]:
    """Questions about ``pairs`` (this half's facts); gold from every row."""
    by_pair: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    by_obj_month: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    by_obj_day: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for row in rows:
        by_pair[(row["s"], row["r"], row["o"])].append(row["t"])
        by_obj_month[(row["r"], row["o"], row["t"][:7])].add(row["s"])
        by_obj_day[(row["r"], row["o"], row["t"])].add(row["s"])
    pairs = list(pairs)
    rng.shuffle(pairs)
    out: list[dict[str, Any]] = []

    def add(kind: str, question: str, answers: list[str], answer_type: str, level: str, key: str) -> bool:
        if key in used:
            return False
        used.add(key)
        out.append(
            {
                "quid": f"{half}-{len(out):03d}",
                "question": question,
                "answers": answers,
                "answer_type": answer_type,
                "time_level": level,
                "qtype": kind,
            }
        )
        return True

    counts: dict[str, int] = defaultdict(int)
    for s, r, o in pairs:
        times = sorted(by_pair[(s, r, o)])
        dense = [t for t in times if DENSE_FROM <= t <= DENSE_TO]
        if not dense:
            continue
        verbs = VERBS.get(r, {}).get(half)
        key = f"{s}|{r}|{o}"
        # time as the subject of the clause: the first day in a year
        if verbs and counts["time_subject"] < per:
            year = dense[-1][:4] if dense[-1][:4] != "2013" else "2014"
            in_year = [t for t in times if t[:4] == year]
            if not in_year:
                continue
            first = in_year[0]
            q = {
                "tune": f"Which day saw {s} {verbs[0]} {o} for the first time in {year}?",
                "heldout": f"The first time in {year} that {s} {verbs[1]} {o} fell on which day?",
                "heldout2": f"What date marked the first occasion in {year} on which {s} {verbs[1]} {o}?",
            }[half]
            counts["time_subject"] += add("time_subject", q, [first], "time", "day", key + "|ts")
            continue
        # first/last through the answer's granularity
        if verbs and counts["granularity"] < per:
            last = times[-1]
            q = {
                "tune": f"In which year did {s} last {verbs[0]} {o}?",
                "heldout": f"Which month was the last one in which {s} {verbs[1]} {o}?",
                "heldout2": f"During which year was the most recent time that {s} {verbs[1]} {o}?",
            }[half]
            level = "month" if half == "heldout" else "year"
            gold = last[:7] if level == "month" else last[:4]
            counts["granularity"] += add("granularity", q, [gold], "time", level, key + "|g")
            continue
        # in the same month as X: X's (only) event with this relation and object fixes the month
        if verbs and len(times) == 1 and times == dense and counts["same_month"] < per:
            others = sorted(by_obj_month[(r, o, times[0][:7])] - {s})
            if others:
                q = {
                    "tune": f"Who {verbs[1]} {o} in the same month as {s}?",
                    "heldout": f"In the month when {s} {verbs[1]} {o}, who else {verbs[1]} {o}?",
                    "heldout2": f"Who else {verbs[1]} {o} in the month {s} {verbs[1]} {o}?",
                }[half]
                counts["same_month"] += add("same_month", q, others, "entity", "month", key + "|sm")
                continue
        # offered / extended paraphrases on a day
        offer = OFFERS.get(r, {}).get(half)
        if offer and counts["offer"] < per:
            t = dense[0]
            offered = sorted(by_obj_day[(r, o, t)])
            q = {
                "tune": f"Who {offer} {o} on {day_words(t)}?",
                "heldout": f"On {day_words(t)}, who {offer} {o}?",
                "heldout2": f"Who {offer} {o} on {day_words(t)}?",
            }[half]
            counts["offer"] += add("offer", q, offered, "entity", "day", key + "|o")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--per", type=int, default=10, help="questions per kind and half")
    ap.add_argument("--seed", type=int, default=29)
    args = ap.parse_args()
    relations = sorted(set(VERBS) | set(OFFERS))
    with TKGRag.connect() as rag:
        rows = rag.store.run(EVENTS, {"relations": relations})
    rows.sort(key=lambda r: (r["s"], r["r"], r["o"], r["t"]))
    # each half asks about its own facts: split the (subject, relation, object) pairs in two by a seeded shuffle
    pairs = sorted(
        {
            (r["s"], r["r"], r["o"])
            for r in rows
            if "(" not in r["s"] and "(" not in r["o"] and DENSE_FROM <= r["t"] <= DENSE_TO
        }
    )
    rng = random.Random(args.seed)
    rng.shuffle(pairs)
    tune_pairs = set(pairs[: len(pairs) // 2])
    args.out.mkdir(parents=True, exist_ok=True)
    used: set[str] = set()
    for half in ("tune", "heldout", "heldout2"):  # heldout2: constructions written after heldout was looked at
        mine = [p for p in pairs if (p in tune_pairs) == (half == "tune")]
        qs = build(rows, mine, half, args.per, random.Random(f"{args.seed}-{half}"), used)
        path = args.out / f"{half}.json"  # MultiTQ's layout: one JSON list
        path.write_text(json.dumps(qs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        kinds: dict[str, int] = defaultdict(int)
        for q in qs:
            kinds[q["qtype"]] += 1
        print(f"{path}: {len(qs)} questions {dict(kinds)}")


if __name__ == "__main__":
    main()
