"""Ninth blind held-out set: hand-varied MultiTQ-style questions whose gold is computed exactly from the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_9.py --store mtq --n 80 --out OUT/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_9.py --store icews14 --n 60 --out OUT/blind_icews14.jsonl

The connected store's events (of the relations phrased below) are read once; gold answers come from Python indexes
over them (all answers that tie; first/last over the whole store; anchors unique in the whole store). Each gold is
then recomputed by one parameterised Cypher query written independently (aggregation in the database), and the
question is kept only when both agree. Questions are asked only about the period where the KG is complete
(``--store mtq``: 2014-2015, and "first"/"before" questions say so in their wording; ``icews14``: 2014). Reads only.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261209
MAX_GOLD = 5
LO_ALL, HI_ALL = date(1, 1, 1), date(9999, 12, 31)


@dataclass(frozen=True)
class Verb:
    """One way to say an ICEWS relation: past tense, base form (after did/to), passive participle (or None)."""

    past: str
    base: str
    part: str | None = None


VERBS: dict[str, list[Verb]] = {
    "Praise_or_endorse": [
        Verb("praised", "praise", "praised"),
        Verb("spoke highly of", "speak highly of"),
        Verb("lauded", "laud", "lauded"),
    ],
    "Criticize_or_denounce": [
        Verb("criticized", "criticize", "criticized"),
        Verb("denounced", "denounce", "denounced"),
        Verb("publicly condemned", "publicly condemn", "condemned"),
    ],
    "Make_a_visit": [
        Verb("visited", "visit", "visited"),
        Verb("paid a visit to", "pay a visit to"),
        Verb("travelled to", "travel to"),
    ],
    "Host_a_visit": [
        Verb("hosted", "host", "hosted"),
        Verb("received a visit from", "receive a visit from"),
        Verb("played host to", "play host to"),
    ],
    "Consult": [
        Verb("consulted", "consult", "consulted"),
        Verb("held talks with", "hold talks with"),
        Verb("conferred with", "confer with"),
    ],
    "Express_intent_to_meet_or_negotiate": [
        Verb("signalled a willingness to meet", "signal a willingness to meet"),
        Verb("expressed a wish to meet", "express a wish to meet"),
        Verb("proposed talks with", "propose talks with"),
    ],
    "Engage_in_negotiation": [
        Verb("negotiated with", "negotiate with"),
        Verb("held negotiations with", "hold negotiations with"),
    ],
    "Sign_formal_agreement": [
        Verb("signed a formal agreement with", "sign a formal agreement with"),
        Verb("put pen to paper on a deal with", "put pen to paper on a deal with"),
    ],
    "Accuse": [Verb("accused", "accuse", "accused"), Verb("levelled accusations at", "level accusations at")],
    "Threaten": [Verb("threatened", "threaten", "threatened"), Verb("issued threats against", "issue threats against")],
    "Express_intent_to_cooperate": [
        Verb("offered to cooperate with", "offer to cooperate with"),
        Verb("pledged cooperation with", "pledge cooperation with"),
    ],
    "Engage_in_diplomatic_cooperation": [
        Verb("extended diplomatic cooperation to", "extend diplomatic cooperation to"),
        Verb("worked diplomatically with", "work diplomatically with"),
    ],
    "Make_an_appeal_or_request": [
        Verb("appealed to", "appeal to", "appealed to"),
        Verb("made a request to", "make a request to"),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        Verb("arrested", "arrest", "arrested"),
        Verb("detained or charged", "detain or charge", "detained or charged"),
    ],
    "Demand": [Verb("made demands of", "make demands of"), Verb("issued demands to", "issue demands to")],
    "Use_conventional_military_force": [Verb("used military force against", "use military force against")],
    "Discuss_by_telephone": [
        Verb("spoke by phone with", "speak by phone with"),
        Verb("had a phone call with", "have a phone call with"),
    ],
    "Reject": [Verb("rebuffed", "rebuff", "rebuffed"), Verb("turned down", "turn down", "turned down")],
    "Make_optimistic_comment": [Verb("sounded optimistic about", "sound optimistic about")],
}

# Sector entities ("Citizen (India)") phrased as people write them.
SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "ordinary people in {c}", "the people of {c}"],
    "Police": ["the police in {c}", "{c}'s police", "police forces in {c}"],
    "Government": ["the government of {c}", "the {c} government"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Protester": ["protesters in {c}", "demonstrators in {c}"],
}

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
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
    (7, 4): "the Fourth of July",
}
ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def nth(d: int) -> str:
    suf = "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return f"{d}{suf}"


@dataclass
class Ev:
    s: str
    r: str
    o: str
    d: date
    skey: str
    okey: str


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    evidence: list[Ev]
    check: dict[str, Any]
    qlabel: str = "Single"
    extra: dict[str, Any] = field(default_factory=dict)


class KG:
    """The store's events of the phrased relations, indexed for exact gold answers."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        seen = set()
        self.events: list[Ev] = []
        for r in rows:
            k = (r["s"], r["r"], r["o"], r["d"])
            if k in seen:
                continue
            seen.add(k)
            self.events.append(Ev(r["s"], r["r"], r["o"], r["d"].to_native(), r["sk"], r["ok"]))
        self.events.sort(key=lambda e: (e.d, e.s, e.r, e.o))
        self.by_ro: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[Ev]] = defaultdict(list)
        for e in self.events:
            self.by_ro[(e.r, e.o)].append(e)
            self.by_sr[(e.s, e.r)].append(e)
            self.by_sro[(e.s, e.r, e.o)].append(e)


# --------------------------------------------------------------------------------------------- wording helpers
class Words:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, xs: list[Any]) -> Any:
        return self.rng.choice(xs)

    def ent(self, name: str) -> str:
        """An entity as written; sector entities become 'the police in X' etc."""
        if name.endswith(")") and " (" in name:
            head, c = name[:-1].split(" (", 1)
            if head in SECTORS:
                return self.pick(SECTORS[head]).format(c=c)
        return name

    def day(self, d: date) -> str:
        named = NAMED_DAYS.get((d.month, d.day))
        forms = [
            f"{d.day} {MONTHS[d.month - 1]} {d.year}",
            f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
            f"the {nth(d.day)} of {MONTHS[d.month - 1]} {d.year}",
            d.isoformat(),
            f"{d.strftime('%A')}, {d.day} {MONTHS[d.month - 1]} {d.year}",
            f"{MONTHS[d.month - 1][:3]} {d.day} {d.year}",
        ]
        if named:
            forms += [f"{named} {d.year}"] * 3
        return self.pick(forms)

    def month(self, y: int, m: int) -> str:
        return self.pick(
            [
                f"{MONTHS[m - 1]} {y}",
                f"{MONTHS[m - 1]} of {y}",
                f"the month of {MONTHS[m - 1]} {y}",
                f"{MONTHS[m - 1][:3]} {y}",
                f"{y}-{m:02d}",
            ]
        )

    def verb(self, r: str) -> Verb:
        return self.pick(VERBS[r])


def be(phrase: str) -> str:
    """'was' or 'were' for a subject as written (sector phrases like 'citizens of X' are plural)."""
    plural = {"citizens", "ordinary", "protesters", "demonstrators", "police", "people"}
    return "were" if phrase.split()[0].lower() in plural or phrase.lower().startswith("the people") else "was"


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


def fmt_time(d: date, level: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[level]]


# A window: (lo, hi, phrase with its preposition, time_level)
def windows(w: Words, d: date, mtq: bool) -> list[tuple[date, date, str, str]]:
    y, m = d.year, d.month
    q = (m - 1) // 3 + 1
    out = [
        (d, d, "on " + w.day(d), "day"),
        (date(y, m, 1), month_end(y, m), w.pick(["in ", "during ", "over "]) + w.month(y, m), "month"),
        (
            date(y, 3 * q - 2, 1),
            month_end(y, 3 * q),
            w.pick([f"in the {ORD[q]} quarter of {y}", f"in Q{q} {y}", f"during Q{q} of {y}"]),
            "month",
        ),
        (date(y, 1, 1), date(y, 12, 31), w.pick([f"in {y}", f"during {y}", f"at any point in {y}"]), "year"),
    ]
    if m <= 6:
        out.append(
            (
                date(y, 1, 1),
                date(y, 6, 30),
                w.pick([f"in the first half of {y}", f"between January and June {y}"]),
                "month",
            )
        )
    else:
        out.append(
            (
                date(y, 7, 1),
                date(y, 12, 31),
                w.pick([f"in the second half of {y}", f"from July to December {y}"]),
                "month",
            )
        )
    lo = d - timedelta(days=w.rng.randint(0, 4))
    hi = lo + timedelta(days=6)
    if lo.month == hi.month:
        span = f"between {lo.day} and {hi.day} {MONTHS[lo.month - 1]} {lo.year}"
    else:
        span = f"between {lo.day} {MONTHS[lo.month - 1]} and {hi.day} {MONTHS[hi.month - 1]} {hi.year}"
    out.append((lo, hi, span, "day"))
    if d.day <= 10:
        out.append((date(y, m, 1), date(y, m, 10), f"in the first ten days of {MONTHS[m - 1]} {y}", "day"))
    k = w.rng.choice([1, 2, 3])
    base = d + timedelta(days=k)
    rel = {1: "on the day before", 2: "two days before", 3: "three days before"}[k]
    if base.year == d.year:
        out.append((d, d, f"{rel} {w.day(base)}", "day"))
    return out


# --------------------------------------------------------------------------------------------- constructions
def ok_period(d: date, lo_ok: date) -> bool:
    return d >= lo_ok


class Gen:
    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng, self.w = kg, store, rng, Words(rng)
        self.mtq = store == "mtq"
        self.lo_ok = date(2014, 1, 1)
        self.hi_ok = date(2015, 12, 31) if self.mtq else date(2014, 12, 31)
        self.recent = [e for e in kg.events if self.lo_ok <= e.d <= self.hi_ok]

    def sample(self) -> Ev:
        return self.rng.choice(self.recent)

    def subjects(self, r: str, o: str, lo: date, hi: date, excl: str | None = None) -> list[Ev]:
        return [e for e in self.kg.by_ro[(r, o)] if lo <= e.d <= hi and e.s != excl]

    def unique_anchor(self, e: Ev) -> bool:
        return len(self.kg.by_sro[(e.s, e.r, e.o)]) == 1

    # who did r to o in a window (asked subject), several clause orders, active and passive
    def equal_subject(self) -> Q | None:
        e = self.sample()
        lo, hi, when, level = self.rng.choice(windows(self.w, e.d, self.mtq))
        evs = self.subjects(e.r, e.o, lo, hi)
        ans = sorted({x.s for x in evs})
        if len(ans) > MAX_GOLD:
            return None
        v, o = self.w.verb(e.r), self.w.ent(e.o)
        forms = [
            f"Who {v.past} {o} {when}?",
            f"{when[0].upper() + when[1:]}, who {v.past} {o}?",
            f"Which actors {v.past} {o} {when}?",
            f"Can you tell me who {v.past} {o} {when}?",
        ]
        if v.part:
            forms += [
                f"{o[0].upper() + o[1:]} {be(o)} {v.part} by whom {when}?",
                f"By whom {be(o)} {o} {v.part} {when}?",
            ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            level,
            "equal",
            f"equal/subject/{level}",
            evs,
            {"asked": "subject", "r": e.r, "o": e.o, "lo": lo, "hi": hi},
        )

    def equal_object(self) -> Q | None:
        e = self.sample()
        lo, hi, when, level = self.rng.choice(windows(self.w, e.d, self.mtq))
        evs = [x for x in self.kg.by_sr[(e.s, e.r)] if lo <= x.d <= hi]
        ans = sorted({x.o for x in evs})
        if len(ans) > MAX_GOLD:
            return None
        v, s = self.w.verb(e.r), self.w.ent(e.s)
        whom = "Who" if v.base.split()[-1] in {"to", "with", "of", "from", "at", "against"} else "Whom"
        forms = [
            f"{whom} did {s} {v.base} {when}?",
            f"{when[0].upper() + when[1:]}, who did {s} {v.base}?",
            f"List everyone {s} {v.past} {when}.",
            f"Name the parties that {s} {v.past} {when}.",
        ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            level,
            "equal",
            f"equal/object/{level}",
            evs,
            {"asked": "object", "r": e.r, "s": e.s, "lo": lo, "hi": hi},
        )

    # who did r to o after/before a date (all of them)
    def before_after_date(self) -> Q | None:
        e = self.sample()
        after = self.rng.random() < 0.5
        pivot = e.d + timedelta(days=-self.rng.randint(1, 20) if after else self.rng.randint(1, 20))
        if not (self.lo_ok < pivot < self.hi_ok):
            return None
        lo, hi = (
            (pivot + timedelta(days=1), self.hi_ok) if after else (date(pivot.year, 1, 1), pivot - timedelta(days=1))
        )
        if after:
            lo, hi = pivot + timedelta(days=1), HI_ALL
        evs = self.subjects(e.r, e.o, lo, hi)
        ans = sorted({x.s for x in evs})
        if not ans or len(ans) > MAX_GOLD or (not after and pivot.month == 1 and pivot.day == 1):
            return None
        v, o, p = self.w.verb(e.r), self.w.ent(e.o), self.w.day(pivot)
        if after:
            forms = [
                f"Who {v.past} {o} after {p}?",
                f"After {p}, which parties {v.past} {o}?",
                f"Since {p}, who has {v.part or v.past} {o}?"
                if v.part
                else f"Who {v.past} {o} at some point after {p}?",
                f"Give me all who {v.past} {o} later than {p}.",
            ]
        else:
            forms = [
                f"Earlier in {pivot.year}, before {p}, who {v.past} {o}?",
                f"Who {v.past} {o} in {pivot.year} ahead of {p}?",
                f"Between the start of {pivot.year} and {p}, which actors {v.past} {o}?",
            ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            "day",
            "before_after",
            f"{'after' if after else 'before'}/date",
            evs,
            {"asked": "subject", "r": e.r, "o": e.o, "lo": lo, "hi": hi},
            qlabel="Multiple",
        )

    # before/after a unique anchor event: whom else did s do r to
    def anchor_objects(self) -> Q | None:
        e = self.sample()
        if not self.unique_anchor(e):
            return None
        after = self.rng.random() < 0.6
        if after:
            lo, hi = e.d + timedelta(days=1), HI_ALL
        else:
            lo, hi = date(e.d.year, 1, 1), e.d - timedelta(days=1)
        evs = [x for x in self.kg.by_sr[(e.s, e.r)] if lo <= x.d <= hi and x.o != e.o]
        ans = sorted({x.o for x in evs})
        if not ans or len(ans) > MAX_GOLD:
            return None
        v, s, o = self.w.verb(e.r), self.w.ent(e.s), self.w.ent(e.o)
        if after:
            forms = [
                f"After {s} {v.past} {o}, who else did {s} {v.base}?",
                f"Who else did {s} {v.base} once it had {v.part or v.past} {o}?"
                if v.part
                else f"Who else did {s} {v.base} after it {v.past} {o}?",
                f"{s[0].upper() + s[1:]} {v.past} {o}; who did it {v.base} afterwards, apart from {o}?",
            ]
        else:
            forms = [
                f"Which others did {s} {v.base} earlier in {e.d.year}, before {s} {v.past} {o}?",
                f"In {e.d.year}, before the time {s} {v.past} {o}, who else did {s} {v.base}?",
            ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            "day",
            "before_after",
            f"{'after' if after else 'before'}/anchor/object",
            [e, *evs],
            {
                "asked": "object",
                "r": e.r,
                "s": e.s,
                "lo": lo,
                "hi": hi,
                "excl": e.o,
                "anchor": {"s": e.s, "r": e.r, "o": e.o},
            },
            qlabel="Multiple",
        )

    # first/last to do r to o: whole store (last) or inside a named period (first, or last within)
    def first_last_subject(self) -> Q | None:
        e = self.sample()
        first = self.rng.random() < 0.5
        scoped = (first and self.mtq) or self.rng.random() < 0.4
        if scoped:
            lo, hi, when, level = self.rng.choice([w for w in windows(self.w, e.d, self.mtq) if w[3] != "day"])
        else:
            lo, hi, when, level = LO_ALL, HI_ALL, "", "day"
        evs = self.subjects(e.r, e.o, lo, hi)
        if not evs:
            return None
        pick = evs[0].d if first else evs[-1].d
        if not (self.lo_ok <= pick):
            return None
        top = [x for x in evs if x.d == pick]
        ans = sorted({x.s for x in top})
        if len(ans) > MAX_GOLD:
            return None
        v, o = self.w.verb(e.r), self.w.ent(e.o)
        fl = "first" if first else "last"
        tail = f" {when}" if when else ""
        forms = [
            f"Who was the {fl} to {v.base} {o}{tail}?",
            f"Who {fl} {v.past} {o}{tail}?",
            f"Which actor was the {'earliest' if first else 'latest'} to {v.base} {o}{tail}?",
        ]
        if when:
            cap_when = when[0].upper() + when[1:]
            forms.append(f"{cap_when}, who {v.past} {o} {'earliest' if first else 'most recently'}?")
        elif not first:
            forms.append(f"Who most recently {v.past} {o}?")
        if level == "year" and first:
            forms.append(f"Who {v.past} {o} before anyone else did in {lo.year}?")
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            level,
            "equal_multi" if scoped else "first_last",
            f"{fl}/subject/{'in-' + level if scoped else 'ever'}",
            top,
            {"asked": "subject", "r": e.r, "o": e.o, "lo": lo, "hi": hi, "agg": fl},
            qlabel="Multiple",
        )

    # after a unique anchor, who next / before it, who last
    def anchor_next_prev(self) -> Q | None:
        e = self.sample()
        if not self.unique_anchor(e):
            return None
        after = self.rng.random() < 0.5
        if after:
            lo, hi = e.d + timedelta(days=1), HI_ALL
        else:
            lo, hi = date(e.d.year, 1, 1), e.d - timedelta(days=1)
        evs = self.subjects(e.r, e.o, lo, hi, excl=e.s)
        if not evs:
            return None
        pick = evs[0].d if after else evs[-1].d
        top = [x for x in evs if x.d == pick]
        ans = sorted({x.s for x in top})
        if len(ans) > MAX_GOLD:
            return None
        v, s, o = self.w.verb(e.r), self.w.ent(e.s), self.w.ent(e.o)
        if after:
            forms = [
                f"After {s} {v.past} {o}, who was the next to do so?",
                f"Who {v.past} {o} first after {s} had done it?",
                f"Once {s} {v.past} {o}, which other actor was first to follow suit?",
            ]
        else:
            forms = [
                f"Before {s} {v.past} {o}, who had last done so earlier in {e.d.year}?",
                f"Earlier in {e.d.year}, who was the last other than {s} to {v.base} {o} before {s} did?",
            ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            "day",
            "after_first" if after else "before_last",
            f"{'next-after' if after else 'last-before'}/anchor",
            [e, *top],
            {
                "asked": "subject",
                "r": e.r,
                "o": e.o,
                "lo": lo,
                "hi": hi,
                "excl": e.s,
                "agg": "first" if after else "last",
                "anchor": {"s": e.s, "r": e.r, "o": e.o},
            },
            qlabel="Multiple",
        )

    # who else did r to o in the same month/day as a unique anchor
    def same_period(self) -> Q | None:
        e = self.sample()
        if not self.unique_anchor(e):
            return None
        month = self.rng.random() < 0.7
        lo, hi = (date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)) if month else (e.d, e.d)
        evs = self.subjects(e.r, e.o, lo, hi, excl=e.s)
        ans = sorted({x.s for x in evs})
        if not ans or len(ans) > MAX_GOLD:
            return None
        v, s, o = self.w.verb(e.r), self.w.ent(e.s), self.w.ent(e.o)
        unit = "month" if month else "day"
        forms = [
            f"Who else {v.past} {o} {'in the same month' if month else 'on the same day'} as {s}?",
            f"{s[0].upper() + s[1:]} {v.past} {o} at one point; who else did so that same {unit}?",
            f"{'In the month' if month else 'On the day'} when {s} {v.past} {o}, which others {v.past} {o} too?",
        ]
        return Q(
            self.w.pick(forms),
            ans,
            "entity",
            unit,
            "equal_multi",
            f"same-{unit}/anchor",
            [e, *evs],
            {
                "asked": "subject",
                "r": e.r,
                "o": e.o,
                "lo": lo,
                "hi": hi,
                "excl": e.s,
                "anchor": {"s": e.s, "r": e.r, "o": e.o},
            },
            qlabel="Multiple",
        )

    # when: the asked time, at a granularity, first/last/only
    def when(self) -> Q | None:
        e = self.sample()
        evs = self.kg.by_sro[(e.s, e.r, e.o)]
        kind = self.rng.choice(["only", "first", "last", "last"])
        level = self.rng.choice(["day", "month", "month", "year"] if self.mtq else ["day", "month", "month"])
        lo, hi, scope = LO_ALL, HI_ALL, ""
        if (kind == "first" and self.mtq) or kind == "only":
            lo, hi = date(e.d.year, 1, 1), date(e.d.year, 12, 31)
            scope = self.w.pick([f" in {e.d.year}", f" during {e.d.year}"]) if self.mtq else ""
            if kind == "first" and level == "year":
                return None
            if kind == "only" and level == "year":
                return None
        sel = [x for x in evs if lo <= x.d <= hi]
        if kind == "only":
            vals = sorted({fmt_time(x.d, level) for x in sel})
            if len(vals) != 1:
                return None
            top = sel
        else:
            d = sel[0].d if kind == "first" else sel[-1].d
            if d < self.lo_ok:
                return None
            vals = [fmt_time(d, level)]
            top = [x for x in sel if x.d == d]
        v, s, o = self.w.verb(e.r), self.w.ent(e.s), self.w.ent(e.o)
        what = {
            "day": self.w.pick(["On what date", "On which day", "When exactly"]),
            "month": self.w.pick(["In which month", "What month", "During which month"]),
            "year": self.w.pick(["In what year", "Which year"]),
        }[level]
        subj = {
            "day": self.w.pick(["Which day", "What date"]),
            "month": self.w.pick(["Which month", "What month"]),
            "year": "Which year",
        }[level]
        adv = {"only": "", "first": " first", "last": " last"}[kind]
        forms = [f"{what} did {s}{adv} {v.base} {o}{scope}?"]
        if kind == "only":
            forms.append(f"{subj}{scope} saw {s} {v.base} {o}?")
        elif kind == "last":
            forms += [
                f"{subj} was the most recent time {s} {v.past} {o}?",
                f"{subj} marked the last occasion on which {s} {v.past} {o}?",
            ]
        else:
            forms += [f"{subj}{scope} saw {s} {v.base} {o} for the first time?"]
        return Q(
            self.w.pick(forms),
            vals,
            "time",
            level,
            "first_last" if kind != "only" else "equal",
            f"when/{kind}/{level}",
            top,
            {
                "asked": "time",
                "r": e.r,
                "s": e.s,
                "o": e.o,
                "lo": lo,
                "hi": hi,
                "gran": level,
                "agg": None if kind == "only" else kind,
            },
        )

    # the first day after a date that s did r to o (time answer, after)
    def when_after(self) -> Q | None:
        e = self.sample()
        pivot = e.d - timedelta(days=self.rng.randint(1, 25))
        if pivot < self.lo_ok:
            return None
        evs = [x for x in self.kg.by_sro[(e.s, e.r, e.o)] if x.d > pivot]
        d = evs[0].d
        v, s, o = self.w.verb(e.r), self.w.ent(e.s), self.w.ent(e.o)
        p = self.w.day(pivot)
        forms = [
            f"After {p}, when did {s} next {v.base} {o}?",
            f"What was the first date after {p} on which {s} {v.past} {o}?",
            f"When did {s} {v.base} {o} again following {p}?",
        ]
        return Q(
            self.w.pick(forms),
            [d.isoformat()],
            "time",
            "day",
            "before_after",
            "when/next-after-date",
            [x for x in evs if x.d == d],
            {
                "asked": "time",
                "r": e.r,
                "s": e.s,
                "o": e.o,
                "lo": pivot + timedelta(days=1),
                "hi": HI_ALL,
                "gran": "day",
                "agg": "first",
            },
        )


CONSTRUCTIONS: list[tuple[str, float]] = [
    ("equal_subject", 3),
    ("equal_object", 1.5),
    ("before_after_date", 1.5),
    ("anchor_objects", 1.2),
    ("first_last_subject", 2),
    ("anchor_next_prev", 1.5),
    ("same_period", 1.3),
    ("when", 2.5),
    ("when_after", 0.8),
]

# ----------------------------------------------------------------------------------- independent Cypher check
CHECK = """
OPTIONAL MATCH (x:Entity {name: $anchor.s})<-[:SUBJECT]-(ae:Event {relation: $anchor.r})
      -[:OBJECT]->(y:Entity {name: $anchor.o})
WITH count(ae) AS n_anchor
MATCH (a:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(b:Entity)
WHERE e.relation = $r AND ($s IS NULL OR a.name = $s) AND ($o IS NULL OR b.name = $o)
  AND e.valid_from >= $lo AND e.valid_from <= $hi
WITH n_anchor, e, CASE $asked WHEN 'subject' THEN a.name WHEN 'object' THEN b.name ELSE null END AS who
WHERE $excl IS NULL OR who <> $excl
WITH n_anchor, collect({who: who, d: e.valid_from}) AS rows
WITH n_anchor, rows,
     CASE $agg WHEN 'first' THEN reduce(m = date('9999-12-31'), x IN rows | CASE WHEN x.d < m THEN x.d ELSE m END)
               WHEN 'last' THEN reduce(m = date('0001-01-01'), x IN rows | CASE WHEN x.d > m THEN x.d ELSE m END)
               ELSE null END AS pick
UNWIND rows AS x
WITH n_anchor, x, pick WHERE pick IS NULL OR x.d = pick
RETURN n_anchor, collect(DISTINCT CASE WHEN $asked = 'time'
         THEN left(toString(x.d), CASE $gran WHEN 'year' THEN 4 WHEN 'month' THEN 7 ELSE 10 END)
         ELSE x.who END) AS vals
"""

LOAD = """
MATCH (a:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(b:Entity)
WHERE e.relation IN $rels
RETURN a.name AS s, a.key AS sk, e.relation AS r, b.name AS o, b.key AS ok, e.valid_from AS d
"""


def check(store: Any, c: dict[str, Any]) -> tuple[list[str], int | None]:
    p = {
        "r": c["r"],
        "s": c.get("s"),
        "o": c.get("o"),
        "lo": c["lo"],
        "hi": c["hi"],
        "asked": c["asked"],
        "excl": c.get("excl"),
        "agg": c.get("agg"),
        "gran": c.get("gran", "day"),
        "anchor": c.get("anchor"),
    }
    rows = store.run(CHECK, p)
    if not rows:
        return [], 0
    n = rows[0]["n_anchor"] if c.get("anchor") else None
    return sorted(rows[0]["vals"]), n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=["mtq", "icews14"], required=True)
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(SEED + (0 if args.store == "mtq" else 1))
    store = connect(start_managed=False, ensure_schema=False)
    kg = KG(store.run(LOAD, {"rels": sorted(VERBS)}))
    gen = Gen(kg, args.store, rng)
    weights = [w for _, w in CONSTRUCTIONS]
    out: list[Q] = []
    seen_q: set[str] = set()
    seen_gold: set[tuple[str, str]] = set()
    per: dict[str, int] = defaultdict(int)
    total_w = sum(weights)
    agree = disagree = tries = 0
    for name, wgt in CONSTRUCTIONS:
        quota, budget = round(args.n * wgt / total_w), 4000
        while quota > 0 and budget > 0:
            budget -= 1
            tries += 1
            q: Q | None = getattr(gen, name)()
            if q is None or not q.answers or q.question in seen_q:
                continue
            # spread a construction's sub-kinds (granularity, before/after, first/last) instead of the easiest one
            if per[q.construction] >= max(2, round(args.n * wgt / total_w / 2)):
                continue
            sig = (q.construction, json.dumps(q.check, default=str, sort_keys=True))
            if sig in seen_gold:
                continue
            vals, n_anchor = check(store, q.check)
            if vals != sorted(q.answers) or (n_anchor is not None and n_anchor != 1):
                disagree += 1
                print(f"DISAGREE {q.question!r}: python {q.answers} cypher {vals} anchor n={n_anchor}")
                continue
            agree += 1
            seen_q.add(q.question)
            seen_gold.add(sig)
            per[q.construction] += 1
            out.append(q)
            quota -= 1
    rng.shuffle(out)
    prefix = "b9m" if args.store == "mtq" else "b9i"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w") as f:
        for i, q in enumerate(out):
            rec = {
                "quid": f"{prefix}{i:03d}",
                "id": f"{prefix}{i:03d}",
                "question": q.question,
                "answers": q.answers,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": q.qlabel,
                "construction": q.construction,
                "store": args.store,
                "evidence": [[e.skey, e.r, e.okey, e.d.isoformat()] for e in q.evidence],
            }
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(
        f"{len(out)} questions -> {args.out}; second Cypher check agreed {agree}, disagreed {disagree}; tries {tries}"
    )
    for k in sorted(per):
        print(f"  {k}: {per[k]}")


if __name__ == "__main__":
    main()
