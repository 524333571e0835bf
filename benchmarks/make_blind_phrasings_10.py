"""The tenth blind held-out phrasing set (issue 29 item 3): MultiTQ-type questions in free wordings, gold from the KG.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_10.py --store mtq --n 100 --out DIR/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_10.py --store icews14 --n 70 --out DIR/blind_icews14.jsonl

The whole store is read once (one Cypher dump); questions are built from facts inside the period where the KG is
complete (icews05-15: 2014-2015, earlier years are a sample; icews14: all of it), and every gold answer is computed
from the dump: all answers that tie, first/last over the whole store, anchors unique in the whole store. "First" and
"before" questions on icews05-15 are scoped inside 2014-2015 by their wording. Each gold is then recomputed by a
second, differently written Cypher query per question (``check``), and a question whose two golds differ is dropped
and counted. Records are in the tkgqa JSONL format (``tkgrag.eval.load_dataset``) plus ``construction`` and ``store``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261210
MAX_ANSWERS = 5
PERIODS = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "icews14": (date(2014, 1, 1), date(2014, 12, 31))}

# relation -> (base, past, passive participle or "") phrasings of our own
REL: dict[str, list[tuple[str, str, str]]] = {
    "Criticize_or_denounce": [
        ("criticize", "criticized", "criticized"),
        ("denounce", "denounced", "denounced"),
        ("speak out against", "spoke out against", ""),
    ],
    "Praise_or_endorse": [
        ("praise", "praised", "praised"),
        ("commend", "commended", "commended"),
        ("speak warmly of", "spoke warmly of", ""),
    ],
    "Make_a_visit": [("visit", "visited", "visited"), ("pay a visit to", "paid a visit to", "")],
    "Host_a_visit": [("host", "hosted", "hosted"), ("receive", "received", "received"), ("welcome", "welcomed", "")],
    "Express_intent_to_meet_or_negotiate": [
        ("offer to meet", "offered to meet", ""),
        ("say they wanted talks with", "said they wanted talks with", ""),
    ],
    "Engage_in_negotiation": [("negotiate with", "negotiated with", ""), ("hold talks with", "held talks with", "")],
    "Sign_formal_agreement": [
        ("sign an agreement with", "signed an agreement with", ""),
        ("conclude a formal deal with", "concluded a formal deal with", ""),
    ],
    "Accuse": [("accuse", "accused", "accused"), ("level accusations at", "leveled accusations at", "")],
    "Make_an_appeal_or_request": [("appeal to", "appealed to", ""), ("put a request to", "put a request to", "")],
    "Threaten": [("threaten", "threatened", "threatened"), ("issue threats against", "issued threats against", "")],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest", "arrested", "arrested"),
        ("detain or charge", "detained or charged", "detained or charged"),
    ],
    "Use_conventional_military_force": [
        ("use military force against", "used military force against", ""),
        ("launch military strikes on", "launched military strikes on", ""),
    ],
    "Express_intent_to_cooperate": [
        ("offer cooperation to", "offered cooperation to", ""),
        ("express a wish to cooperate with", "expressed a wish to cooperate with", ""),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with", "cooperated diplomatically with", ""),
        ("work diplomatically with", "worked diplomatically with", ""),
    ],
    "Consult": [("consult", "consulted", "consulted"), ("confer with", "conferred with", "")],
    "Discuss_by_telephone": [("phone", "phoned", "phoned"), ("have a phone call with", "had a phone call with", "")],
    "Reject": [("rebuff", "rebuffed", "rebuffed"), ("turn down", "turned down", "turned down")],
    "Demand": [("make demands of", "made demands of", ""), ("put demands to", "put demands to", "")],
    "Investigate": [
        ("investigate", "investigated", "investigated"),
        ("open an inquiry into", "opened an inquiry into", ""),
    ],
    "Provide_humanitarian_aid": [
        ("send humanitarian aid to", "sent humanitarian aid to", ""),
        ("give humanitarian assistance to", "gave humanitarian assistance to", ""),
    ],
}
SECTORS = {
    "Citizen": ["citizens of {c}", "the people of {c}"],
    "Police": ["the police in {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Head of Government": ["the head of government of {c}"],
    "Foreign Affairs": ["the foreign ministry of {c}"],
}
THE = (
    "United ",
    "Middle East",
    "Association ",
    "International ",
    "European ",
    "African Union",
    "North Atlantic",
    "Israeli Defense",
    "UN ",
    "Coalition ",
    "Civic ",
    "National ",
    "Royal ",
    "Arab League",
    "Islamic State",
    "Philippines",
    "Netherlands",
)
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
SPECIAL_DAYS = {
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (10, 31): "Halloween",
    (7, 4): "the Fourth of July",
}


@dataclass(frozen=True)
class Fact:
    s: str
    r: str
    o: str
    d: date


@dataclass
class Spec:
    """What the second check recomputes: kind and its parameters (names, relation, dates as ISO strings)."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)


def load_facts() -> list[Fact]:
    store = connect(start_managed=False, ensure_schema=False)
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    with store.driver.session(database=store.database) as ses:
        return [Fact(r["s"], r["r"], r["o"], r["d"].to_native()) for r in ses.run(q)]


# ------------------------------------------------------------------------------------------- wording helpers
def mention(rng: random.Random, name: str) -> str | None:
    """How a person would name the entity, or None when it has no natural mention (an unusual sector)."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if not m:
        if "_" in name:
            return None
        return "the " + name if name.startswith(THE) else name
    forms = SECTORS.get(m.group(1))
    return rng.choice(forms).format(c=m.group(2)) if forms else None


def be(mention_: str) -> str:
    return "were" if mention_.startswith(("citizens", "the people")) else "was"


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def day(rng: random.Random, d: date) -> str:
    return rng.choice([f"{d.day} {MONTHS[d.month - 1]} {d.year}", f"{MONTHS[d.month - 1]} {d.day}, {d.year}"])


def month(rng: random.Random, d: date) -> str:
    return rng.choice([f"{MONTHS[d.month - 1]} {d.year}", f"{MONTHS[d.month - 1]} of {d.year}"])


def month_end(d: date) -> date:
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - timedelta(days=1)


def phrasing(rng: random.Random, r: str, need: str = "past") -> tuple[str, str, str]:
    opts = [p for p in REL[r] if (p[1] if need == "past" else p[2] if need == "part" else p[0])]
    return rng.choice(opts)


class Gen:
    def __init__(self, facts: list[Fact], store: str, rng: random.Random) -> None:
        self.store, self.rng = store, rng
        self.lo, self.hi = PERIODS[store]
        self.all = facts
        self.inp = [f for f in facts if self.lo <= f.d <= self.hi and f.r in REL]
        self.by_ro: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
        for f in facts:
            self.by_ro[(f.r, f.o)].append(f)
            self.by_sr[(f.s, f.r)].append(f)
            self.by_sro[(f.s, f.r, f.o)].append(f)

    # gold computations over the dump
    def subjects(self, r: str, o: str, lo: date, hi: date, exclude: str = "") -> set[str]:
        return {f.s for f in self.by_ro[(r, o)] if lo <= f.d <= hi and f.s != exclude}

    def objects(self, s: str, r: str, lo: date, hi: date, exclude: str = "") -> set[str]:
        return {f.o for f in self.by_sr[(s, r)] if lo <= f.d <= hi and f.o != exclude}

    def extreme_subjects(self, r: str, o: str, lo: date, hi: date, last: bool) -> tuple[set[str], date | None]:
        fs = [f for f in self.by_ro[(r, o)] if lo <= f.d <= hi]
        if not fs:
            return set(), None
        d = max(f.d for f in fs) if last else min(f.d for f in fs)
        return {f.s for f in fs if f.d == d}, d

    def extreme_objects(self, s: str, r: str, lo: date, hi: date, last: bool) -> tuple[set[str], date | None]:
        fs = [f for f in self.by_sr[(s, r)] if lo <= f.d <= hi]
        if not fs:
            return set(), None
        d = max(f.d for f in fs) if last else min(f.d for f in fs)
        return {f.o for f in fs if f.d == d}, d

    def unique(self, f: Fact) -> bool:
        return len(self.by_sro[(f.s, f.r, f.o)]) == 1

    def pick(self) -> Fact:
        return self.rng.choice(self.inp)

    def year_scope(self, d: date) -> tuple[date, date, str]:
        """The complete-period window a first/before question is scoped to, and its wording."""
        if self.store == "icews14" and self.rng.random() < 0.6:
            return self.lo, self.hi, ""
        choice = self.rng.random()
        if choice < 0.5:
            return date(d.year, 1, 1), date(d.year, 12, 31), self.rng.choice([f" in {d.year}", f" during {d.year}"])
        q = (d.month - 1) // 3
        lo = date(d.year, 3 * q + 1, 1)
        hi = month_end(date(d.year, 3 * q + 3, 1))
        ords = ["first", "second", "third", "fourth"]
        return lo, hi, self.rng.choice([f" in the {ords[q]} quarter of {d.year}", f" in Q{q + 1} {d.year}"])


def rec(
    kind: str, qtype: str, q: str, answers: set[str] | list[str], atype: str, level: str, spec: Spec, ev: list[Fact]
) -> dict[str, Any]:
    return {
        "question": q,
        "answers": sorted(answers),
        "answer_type": atype,
        "time_level": level,
        "qtype": qtype,
        "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
        "construction": kind,
        "spec": {"kind": spec.kind, **spec.params},
        "evidence": [[f.s, f.r, f.o, f.d.isoformat()] for f in ev],
    }


# ------------------------------------------------------------------------------------------- constructions
def c_equal_day(g: Gen) -> dict[str, Any] | None:
    rng, f = g.rng, g.pick()
    o = mention(rng, f.o)
    if not o:
        return None
    ans = g.subjects(f.r, f.o, f.d, f.d)
    _base, past, part = phrasing(rng, f.r)
    special = SPECIAL_DAYS.get((f.d.month, f.d.day))
    when = f"{special} {f.d.year}" if special and rng.random() < 0.8 else day(rng, f.d)
    forms = [
        f"Who {past} {o} on {when}?",
        f"On {when}, which actors {past} {o}?",
        f"Name everyone who {past} {o} on {when}.",
    ]
    if part:
        forms.append(f"{cap(o)} {be(o)} {part} by whom on {when}?")
    spec = Spec("subjects", {"r": f.r, "o": f.o, "lo": f.d.isoformat(), "hi": f.d.isoformat()})
    return rec("equal/day/subject", "equal", rng.choice(forms), ans, "entity", "day", spec, [f])


def c_equal_day_object(g: Gen) -> dict[str, Any] | None:
    rng, f = g.rng, g.pick()
    s = mention(rng, f.s)
    if not s:
        return None
    shift = rng.choice([0, 0, 1, 2, 7])
    base, past, _ = phrasing(rng, f.r, "base")
    if shift:
        ref = f.d - timedelta(days=shift)
        rel = {1: "the day after", 2: "two days after", 7: "a week after"}[shift]
        when = f"{rel} {day(rng, ref)}"
        lead = f"{cap(rel)} {day(rng, ref)}"
        q = rng.choice([f"Whom did {s} {base} {when}?", f"{lead}, who did {s} {base}?"])
    else:
        q = rng.choice([f"Whom did {s} {base} on {day(rng, f.d)}?", f"On {day(rng, f.d)}, {s} {past} whom?"])
    ans = g.objects(f.s, f.r, f.d, f.d)
    spec = Spec("objects", {"s": f.s, "r": f.r, "lo": f.d.isoformat(), "hi": f.d.isoformat()})
    return rec(
        "equal/day/object/relative" if shift else "equal/day/object", "equal", q, ans, "entity", "day", spec, [f]
    )


def c_equal_window(g: Gen) -> dict[str, Any] | None:
    """Who did r to o within a month, a quarter, a half-year or a span of months (year only on the 2-year store)."""
    rng, f = g.rng, g.pick()
    o = mention(rng, f.o)
    if not o:
        return None
    y = f.d.year
    k = rng.random()
    if k < 0.45:
        lo, hi, when, level = date(y, f.d.month, 1), month_end(f.d), month(rng, f.d), "month"
    elif k < 0.65:
        q = (f.d.month - 1) // 3
        lo, hi = date(y, 3 * q + 1, 1), month_end(date(y, 3 * q + 3, 1))
        when, level = (
            rng.choice([f"the {['first', 'second', 'third', 'fourth'][q]} quarter of {y}", f"Q{q + 1} {y}"]),
            "month",
        )
    elif k < 0.8:
        a = max(1, f.d.month - rng.randint(0, 2))
        b = min(12, a + 2)
        lo, hi = date(y, a, 1), month_end(date(y, b, 1))
        when, level = f"between {MONTHS[a - 1]} and {MONTHS[b - 1]} {y}", "month"
    elif k < 0.9 or g.store == "icews14":
        h = 0 if f.d.month <= 6 else 1
        lo, hi = date(y, 6 * h + 1, 1), month_end(date(y, 6 * h + 6, 1))
        when, level = f"the {['first', 'second'][h]} half of {y}", "month"
    else:
        lo, hi, when, level = date(y, 1, 1), date(y, 12, 31), str(y), "year"
    ans = g.subjects(f.r, f.o, lo, hi)
    _base, past, part = phrasing(rng, f.r)
    prep = "" if when.startswith("between") else "in "
    forms = [f"Who {past} {o} {prep}{when}?", cap(f"{prep}{when}, which actors {past} {o}?")]
    if part:
        forms.append(f"By whom {be(o)} {o} {part} {prep}{when}?")
    spec = Spec("subjects", {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat()})
    return rec(f"equal/{level}/window", "equal", rng.choice(forms), ans, "entity", level, spec, [f])


def c_when(g: Gen) -> dict[str, Any] | None:
    """When did s do r to o: the (s, r, o) events of the (scoped) period fall on one day / in one month."""
    rng, f = g.rng, g.pick()
    s, o = mention(rng, f.s), mention(rng, f.o)
    if not (s and o):
        return None
    lo, hi, scope = (g.lo, g.hi, "") if g.store == "icews14" else (date(f.d.year, 1, 1), date(f.d.year, 12, 31), "")
    if g.store == "mtq":
        scope = f" in {f.d.year}"
    evs = [e for e in g.by_sro[(f.s, f.r, f.o)] if lo <= e.d <= hi]
    base, past, part = phrasing(rng, f.r)
    days, months = {e.d for e in evs}, {e.d.replace(day=1) for e in evs}
    spec = Spec("dates", {"s": f.s, "r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat()})
    if len(days) == 1:
        forms = [
            f"On what date{scope} did {s} {base} {o}?",
            f"Which day{scope} saw {s} {base} {o}?",
            f"{cap(s)} {past} {o}{scope} - on which day was that?",
        ]
        if part:
            forms.append(f"When{scope} {be(o)} {o} {part} by {s}?")
        return rec("equal/time/day", "equal", rng.choice(forms), {f.d.isoformat()}, "time", "day", spec, evs)
    if len(months) == 1:
        forms = [f"In which month{scope} did {s} {base} {o}?", f"What month{scope} saw {s} {base} {o}?"]
        return rec("equal/time/month", "equal", rng.choice(forms), {f.d.isoformat()[:7]}, "time", "month", spec, evs)
    return None


def c_first_last_who(g: Gen) -> dict[str, Any] | None:
    rng, f = g.rng, g.pick()
    o = mention(rng, f.o)
    if not o:
        return None
    last = rng.random() < 0.5
    if last:
        lo, hi = (g.lo, g.hi) if g.store == "icews14" else (date(2005, 1, 1), g.hi)
        scope = ""
        if rng.random() < 0.35:
            lo, hi, scope = g.year_scope(f.d)
    else:
        lo, hi, scope = g.year_scope(f.d)
    ans, d = g.extreme_subjects(f.r, f.o, lo, hi, last)
    base, past, _ = phrasing(rng, f.r)
    if last:
        forms = [
            f"Who was the last to {base} {o}{scope}?",
            f"Who most recently {past} {o}{scope}?",
            f"{cap(scope.strip()) + ', w' if scope else 'W'}hich actor {past} {o} last?",
        ]
    else:
        forms = [
            f"Who was the first to {base} {o}{scope}?",
            f"{cap(scope.strip()) + ', w' if scope else 'W'}ho {past} {o} first?",
            f"Which actor {past} {o} before anyone else{scope}?",
        ]
    spec = Spec("extreme_subjects", {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat(), "last": last})
    ev = [e for e in g.by_ro[(f.r, f.o)] if e.d == d]
    return rec(
        "first_last/entity/" + ("last" if last else "first"),
        "first_last",
        rng.choice(forms),
        ans,
        "entity",
        "day",
        spec,
        ev,
    )


def c_first_last_when(g: Gen) -> dict[str, Any] | None:
    """When did s first/last do r to o, asked at day, month or year granularity."""
    rng, f = g.rng, g.pick()
    s, o = mention(rng, f.s), mention(rng, f.o)
    if not (s and o):
        return None
    last = rng.random() < 0.5
    if last:
        lo, hi, scope = (g.lo if g.store == "icews14" else date(2005, 1, 1)), g.hi, ""
    else:
        lo, hi, scope = g.year_scope(f.d)
    evs = [e for e in g.by_sro[(f.s, f.r, f.o)] if lo <= e.d <= hi]
    if len(evs) < 2:
        return None
    d = max(e.d for e in evs) if last else min(e.d for e in evs)
    w = "last" if last else "first"
    base, past, _ = phrasing(rng, f.r)
    levels = ["day", "month"] + (["year"] if g.store == "mtq" and last else [])
    level = rng.choice(levels)
    if level == "day":
        forms = [f"When did {s} {w} {base} {o}{scope}?", f"What was the {w} date{scope} on which {s} {past} {o}?"]
        ans = d.isoformat()
    elif level == "month":
        forms = [
            f"In which month did {s} {w} {base} {o}{scope}?",
            f"Which month{scope} saw {s} {base} {o} for the {w} time?",
        ]
        ans = d.isoformat()[:7]
    else:
        forms = [f"In what year did {s} {w} {base} {o}?", f"Which year saw {s} {base} {o} for the last time?"]
        ans = str(d.year)
    spec = Spec(
        "extreme_date", {"s": f.s, "r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat(), "last": last}
    )
    ev = [e for e in evs if e.d == d]
    return rec(f"first_last/time/{level}/{w}", "first_last", rng.choice(forms), {ans}, "time", level, spec, ev)


def c_before_after_date(g: Gen) -> dict[str, Any] | None:
    rng, f = g.rng, g.pick()
    o = mention(rng, f.o)
    if not o:
        return None
    after = rng.random() < 0.5
    by_month = rng.random() < 0.4
    _base, past, _ = phrasing(rng, f.r)
    if by_month:
        ref_lo, ref_hi, ref = date(f.d.year, f.d.month, 1), month_end(f.d), month(rng, f.d)
    else:
        ref_lo, ref_hi, ref = f.d, f.d, day(rng, f.d)
    if after:
        lo, hi = ref_hi + timedelta(days=1), date(2015, 12, 31) if g.store == "mtq" else g.hi
        forms = [
            f"Who {past} {o} after {ref}?",
            f"After {ref}, who {past} {o}?",
            f"Which actors {past} {o} once {ref} was over?",
        ]
        if not by_month:
            forms.pop()
    else:
        lo, hi = (g.lo if g.store == "icews14" else date(ref_lo.year, 1, 1)), ref_lo - timedelta(days=1)
        if lo > hi:
            return None
        if g.store == "mtq":
            forms = [
                f"Who {past} {o} in {ref_lo.year} before {ref}?",
                f"Earlier in {ref_lo.year}, before {ref}, who {past} {o}?",
            ]
        else:
            forms = [f"Who {past} {o} before {ref}?", f"Before {ref}, which actors {past} {o}?"]
    ans = g.subjects(f.r, f.o, lo, hi)
    spec = Spec("subjects", {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat()})
    lvl = "month" if by_month else "day"
    return rec(
        f"before_after/date/{lvl}/" + ("after" if after else "before"),
        "before_after",
        rng.choice(forms),
        ans,
        "entity",
        lvl,
        spec,
        [f],
    )


def c_before_after_anchor(g: Gen) -> dict[str, Any] | None:
    """After/before s did r to x (a unique event), whom else did s do r to (objects), or who else did r to o."""
    rng, f = g.rng, g.pick()
    if not g.unique(f):
        return None
    s, o = mention(rng, f.s), mention(rng, f.o)
    if not (s and o):
        return None
    after = rng.random() < 0.5
    base, past, _ = phrasing(rng, f.r)
    if after:
        lo, hi = f.d + timedelta(days=1), date(2015, 12, 31) if g.store == "mtq" else g.hi
    else:
        lo, hi = (g.lo if g.store == "icews14" else date(f.d.year, 1, 1)), f.d - timedelta(days=1)
        if lo > hi:
            return None
    scope = f" earlier in {f.d.year}" if (not after and g.store == "mtq") else ""
    if rng.random() < 0.5:
        ans = g.objects(f.s, f.r, lo, hi, exclude=f.o)
        w = "After" if after else "Before"
        forms = [
            f"{w} {s} {past} {o}, whom else did they {base}{scope}?",
            f"{cap(s)} {past} {o} at one point. Who else did they {base} "
            + (f"earlier in {f.d.year}, before that?" if scope else f"{w.lower()} that?"),
        ]
        if after:
            forms.append(f"Once {s} had {past} {o}, who did they go on to {base}?")
        spec = Spec("objects", {"s": f.s, "r": f.r, "lo": lo.isoformat(), "hi": hi.isoformat(), "exclude": f.o})
        kind = "object"
    else:
        ans = g.subjects(f.r, f.o, lo, hi, exclude=f.s)
        w = "after" if after else "before"
        forms = [f"Who {past} {o}{scope} {w} {s} did?", f"{cap(w)} {s} {past} {o}, who else {past} {o}{scope}?"]
        spec = Spec("subjects", {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat(), "exclude": f.s})
        kind = "subject"
    spec.params["anchor"] = [f.s, f.r, f.o]
    return rec(
        f"before_after/anchor/{kind}/" + ("after" if after else "before"),
        "before_after",
        rng.choice(forms),
        ans,
        "entity",
        "day",
        spec,
        [f],
    )


def c_after_first_before_last(g: Gen) -> dict[str, Any] | None:
    rng, f = g.rng, g.pick()
    if not g.unique(f):
        return None
    s, o = mention(rng, f.s), mention(rng, f.o)
    if not (s and o):
        return None
    after = rng.random() < 0.5
    base, past, _ = phrasing(rng, f.r)
    if after:
        ans, d = g.extreme_subjects(f.r, f.o, f.d + timedelta(days=1), date(2100, 1, 1), last=False)
        forms = [
            f"After {s} {past} {o}, who was the next to do so?",
            f"Who was the first to {base} {o} after {s} did?",
            f"Following {s}, who {past} {o} first?",
        ]
        spec = Spec(
            "extreme_subjects",
            {"r": f.r, "o": f.o, "lo": (f.d + timedelta(days=1)).isoformat(), "hi": "2100-01-01", "last": False},
        )
        qt = "after_first"
    else:
        ans, d = g.extreme_subjects(f.r, f.o, date(1900, 1, 1), f.d - timedelta(days=1), last=True)
        if d is None or d < g.lo:
            return None  # the last one before the anchor must lie in the complete period
        forms = [
            f"Who was the last to {base} {o} before {s} did?",
            f"Before {s} {past} {o}, who had last done so?",
        ]
        spec = Spec(
            "extreme_subjects",
            {"r": f.r, "o": f.o, "lo": "1900-01-01", "hi": (f.d - timedelta(days=1)).isoformat(), "last": True},
        )
        qt = "before_last"
    if d is None:
        return None
    spec.params["anchor"] = [f.s, f.r, f.o]
    ev = [f] + [e for e in g.by_ro[(f.r, f.o)] if e.d == d]
    return rec(f"{qt}/anchor", qt, rng.choice(forms), ans, "entity", "day", spec, ev)


def c_equal_multi(g: Gen, k: float) -> dict[str, Any] | None:
    """Two events at the same time: same day/month as a unique anchor (k < 0.4), another event on the anchor's day
    (k < 0.7), or first/last within a month."""
    rng, f = g.rng, g.pick()
    base, past, _ = phrasing(rng, f.r)
    if k < 0.4:  # who else did r to o in the same month / on the same day as s1
        if not g.unique(f):
            return None
        s, o = mention(rng, f.s), mention(rng, f.o)
        if not (s and o):
            return None
        same_day = rng.random() < 0.4
        lo, hi = (f.d, f.d) if same_day else (f.d.replace(day=1), month_end(f.d))
        ans = g.subjects(f.r, f.o, lo, hi, exclude=f.s)
        unit = "day" if same_day else "month"
        prep = "on" if same_day else "in"
        forms = [
            f"Who else {past} {o} {prep} the same {unit} as {s}?",
            f"{cap(prep)} the {unit} that {s} {past} {o}, who else did the same?",
        ]
        spec = Spec(
            "subjects",
            {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat(), "exclude": f.s, "anchor": [f.s, f.r, f.o]},
        )
        return rec(f"equal_multi/same_{unit}", "equal_multi", rng.choice(forms), ans, "entity", unit, spec, [f])
    if k < 0.7:  # a different event on the same day as a unique anchor event
        if not g.unique(f):
            return None
        s, x = mention(rng, f.s), mention(rng, f.o)
        pool = [e for e in g.inp if e.d == f.d and e.r != f.r]
        if not (s and x and pool):
            return None
        e2 = rng.choice(pool)
        o2 = mention(rng, e2.o)
        if not o2:
            return None
        ans = g.subjects(e2.r, e2.o, f.d, f.d)
        _b2, p2, _ = phrasing(rng, e2.r)
        forms = [
            f"On the day {s} {past} {x}, who {p2} {o2}?",
            f"Who {p2} {o2} on the same day that {s} {past} {x}?",
        ]
        spec = Spec(
            "subjects", {"r": e2.r, "o": e2.o, "lo": f.d.isoformat(), "hi": f.d.isoformat(), "anchor": [f.s, f.r, f.o]}
        )
        return rec(
            "equal_multi/other_event_same_day", "equal_multi", rng.choice(forms), ans, "entity", "day", spec, [f, e2]
        )
    o = mention(rng, f.o)
    if not o:
        return None
    last = rng.random() < 0.5
    lo, hi = f.d.replace(day=1), month_end(f.d)
    ans, d = g.extreme_subjects(f.r, f.o, lo, hi, last)
    w = "last" if last else "first"
    m = month(rng, f.d)
    forms = [f"Who was the {w} to {base} {o} in {m}?", f"In {m}, who {past} {o} {w}?"]
    spec = Spec("extreme_subjects", {"r": f.r, "o": f.o, "lo": lo.isoformat(), "hi": hi.isoformat(), "last": last})
    ev = [e for e in g.by_ro[(f.r, f.o)] if e.d == d]
    return rec(f"equal_multi/{w}_in_month", "equal_multi", rng.choice(forms), ans, "entity", "month", spec, ev)


CONSTRUCTIONS = [
    (c_equal_day, 0.12),
    (c_equal_day_object, 0.08),
    (c_equal_window, 0.12),
    (c_when, 0.10),
    (c_first_last_who, 0.11),
    (c_first_last_when, 0.11),
    (c_before_after_date, 0.10),
    (c_before_after_anchor, 0.10),
    (c_after_first_before_last, 0.07),
    (lambda g: c_equal_multi(g, 0.0), 0.04),
    (lambda g: c_equal_multi(g, 0.5), 0.03),
    (lambda g: c_equal_multi(g, 0.9), 0.04),
]


# ------------------------------------------------------------------------------------------- second check (Cypher)
CHECKS = {
    "subjects": (
        "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
        "AND date($lo) <= e.valid_from <= date($hi) MATCH (e)-[:SUBJECT]->(s:Entity) "
        "WHERE s.name <> coalesce($exclude, '') RETURN DISTINCT s.name AS a"
    ),
    "objects": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event) WHERE e.relation = $r "
        "AND date($lo) <= e.valid_from <= date($hi) MATCH (e)-[:OBJECT]->(o:Entity) "
        "WHERE o.name <> coalesce($exclude, '') RETURN DISTINCT o.name AS a"
    ),
    "extreme_subjects": (
        "MATCH (x:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
        "WITH x, e.valid_from AS d ORDER BY d WITH collect([x.name, d]) AS rows "
        "WITH rows, CASE WHEN $last THEN rows[-1][1] ELSE rows[0][1] END AS pick "
        "UNWIND rows AS row WITH row WHERE row[1] = pick RETURN DISTINCT row[0] AS a"
    ),
    "extreme_date": (
        "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
        "RETURN CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS a"
    ),
    "dates": (
        "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) RETURN DISTINCT e.valid_from AS a"
    ),
}
ANCHOR_COUNT = (
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.relation = $r RETURN count(e) AS n"
)


def check(ses: Any, r: dict[str, Any]) -> bool:
    spec = dict(r["spec"])
    kind = spec.pop("kind")
    anchor = spec.pop("anchor", None)
    if anchor is not None:
        n = ses.run(ANCHOR_COUNT, s=anchor[0], r=anchor[1], o=anchor[2]).single()["n"]
        if n != 1:
            return False
    spec.setdefault("exclude", None)
    spec.setdefault("last", False)
    vals = [row["a"] for row in ses.run(CHECKS[kind], **spec)]
    if r["answer_type"] == "time":
        n = {"day": 10, "month": 7, "year": 4}[r["time_level"]]
        got = {v.iso_format()[:n] for v in vals if v is not None}
        if kind == "dates" and len(got) != 1:
            return False
    else:
        got = set(vals)
    return got == set(r["answers"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(SEED)
    g = Gen(load_facts(), args.store, rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    per: dict[str, int] = defaultdict(int)
    for i, (fn, share) in enumerate(CONSTRUCTIONS):
        want, tries = max(1, round(share * args.n)), 0
        while per[str(i)] < want and tries < 5000:
            tries += 1
            r = fn(g)
            if r is None or not (1 <= len(r["answers"]) <= MAX_ANSWERS) or r["question"] in seen:
                continue
            seen.add(r["question"])
            per[str(i)] += 1
            out.append(r)
    store = connect(start_managed=False, ensure_schema=False)
    agree, kept = 0, []
    with store.driver.session(database=store.database) as ses:
        for r in out:
            if check(ses, r):
                agree += 1
                kept.append(r)
    with args.out.open("w") as fh:
        for i, r in enumerate(kept):
            r = {"quid": f"v10-{args.store}-{i:03d}", "id": f"v10-{args.store}-{i:03d}", **r, "store": args.store}
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts: dict[str, int] = defaultdict(int)
    for r in kept:
        counts[r["construction"]] += 1
    print(
        json.dumps(
            {
                "generated": len(out),
                "second_check_agree": agree,
                "written": len(kept),
                "per_construction": dict(sorted(counts.items())),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
