"""Fifth blind held-out phrasing set (issue 29, item 3): MultiTQ-style questions in own constructions, gold from the KG.

Written without reading the reader or any earlier phrasing generator, so the constructions test the reader on wording
it was not tuned on. Every gold is computed in Python over one dump of the store, then recomputed by a second,
differently written Cypher query (entities matched by name, anchors re-derived and required unique, filtering and
first/last ordering in the database); a question whose two golds disagree is dropped and counted.

    python benchmarks/make_blind_phrasings_5.py --store mtq --n 100 --out <dir>/blind_mtq.jsonl
    python benchmarks/make_blind_phrasings_5.py --store icews14 --n 70 --out <dir>/blind_icews14.jsonl

Connects with the usual TKGRAG_INSTANCE / TKGRAG_BOLT_PORT settings; reads only.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import Store, connect

# Per store: the period where the KG is complete (every asked time lies in it; first/before windows start at LO).
PERIODS = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "icews14": (date(2014, 1, 1), date(2014, 12, 31))}

# Own phrasings: past (active, {o} = object), inf (after "did X"), pas (passive participle, or None).
REL: dict[str, list[dict[str, str | None]]] = {
    "Praise_or_endorse": [
        {"past": "praised {o}", "inf": "praise {o}", "pas": "praised"},
        {"past": "commended {o}", "inf": "commend {o}", "pas": "commended"},
        {"past": "had words of praise for {o}", "inf": "have words of praise for {o}", "pas": None},
    ],
    "Criticize_or_denounce": [
        {"past": "condemned {o}", "inf": "condemn {o}", "pas": "condemned"},
        {"past": "spoke out against {o}", "inf": "speak out against {o}", "pas": None},
    ],
    "Make_a_visit": [
        {"past": "visited {o}", "inf": "visit {o}", "pas": "visited"},
        {"past": "made a trip to {o}", "inf": "make a trip to {o}", "pas": None},
    ],
    "Host_a_visit": [
        {"past": "hosted {o}", "inf": "host {o}", "pas": "hosted"},
        {"past": "played host to {o}", "inf": "play host to {o}", "pas": None},
    ],
    "Express_intent_to_cooperate": [
        {"past": "offered to cooperate with {o}", "inf": "offer to cooperate with {o}", "pas": None},
        {
            "past": "extended an offer of cooperation to {o}",
            "inf": "extend an offer of cooperation to {o}",
            "pas": None,
        },
        {"past": "declared readiness to work with {o}", "inf": "declare readiness to work with {o}", "pas": None},
    ],
    "Make_an_appeal_or_request": [
        {"past": "appealed to {o}", "inf": "appeal to {o}", "pas": None},
        {"past": "put a request to {o}", "inf": "put a request to {o}", "pas": None},
    ],
    "Express_intent_to_meet_or_negotiate": [
        {"past": "proposed talks with {o}", "inf": "propose talks with {o}", "pas": None},
        {"past": "expressed a wish to meet {o}", "inf": "express a wish to meet {o}", "pas": None},
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        {"past": "arrested {o}", "inf": "arrest {o}", "pas": "arrested"},
        {"past": "took {o} into custody", "inf": "take {o} into custody", "pas": "taken into custody"},
    ],
    "Threaten": [
        {"past": "threatened {o}", "inf": "threaten {o}", "pas": "threatened"},
        {"past": "made threats against {o}", "inf": "make threats against {o}", "pas": None},
    ],
    "Accuse": [
        {"past": "accused {o}", "inf": "accuse {o}", "pas": "accused"},
        {"past": "pointed the finger at {o}", "inf": "point the finger at {o}", "pas": None},
    ],
    "Make_optimistic_comment": [
        {"past": "expressed optimism about {o}", "inf": "express optimism about {o}", "pas": None},
        {"past": "voiced optimism about {o}", "inf": "voice optimism about {o}", "pas": None},
    ],
    "Reject": [
        {"past": "turned down {o}", "inf": "turn down {o}", "pas": "turned down"},
        {"past": "rejected {o}", "inf": "reject {o}", "pas": "rejected"},
    ],
    "Use_conventional_military_force": [
        {"past": "used armed force against {o}", "inf": "use armed force against {o}", "pas": None},
        {"past": "carried out military strikes on {o}", "inf": "carry out military strikes on {o}", "pas": None},
    ],
    "Demand": [
        {"past": "made demands of {o}", "inf": "make demands of {o}", "pas": None},
        {"past": "issued a demand to {o}", "inf": "issue a demand to {o}", "pas": None},
    ],
    "Provide_aid": [
        {"past": "gave aid to {o}", "inf": "give aid to {o}", "pas": None},
        {"past": "sent assistance to {o}", "inf": "send assistance to {o}", "pas": None},
    ],
}

SECTORS = {
    "Police": ["the police of {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "{c}'s citizens"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
}
THE_WORDS = (
    "United",
    "European",
    "African",
    "Council",
    "Ministry",
    "Party",
    "Army",
    "Security",
    "National",
    "Royal",
    "Islamic State",
    "Philippines",
    "Netherlands",
    "Congress",
    "Senate",
    "Parliament",
    "Federal",
    "Supreme",
    "Central",
    "International",
    "Organization",
    "Cabinet",
    "Office",
    "Taliban",
    "Kurdistan Workers",
    "Middle East",
    "Czech Republic",
    "Dominican Republic",
    "Gulf",
)


# ICEWS sector "countries" a person would not write as "citizens of X"
NOT_COUNTRIES = {
    "International",
    "Africa",
    "Unidentified State Actor",
    "Middle East",
    "Europe",
    "Asia",
    "Latin America",
}


@dataclass(frozen=True)
class Ev:
    s: str
    r: str
    o: str
    d: date


@dataclass
class Spec:
    """What the independent Cypher check recomputes: answer slot, filters, window (or anchor), operator."""

    ask: str  # subject | object | day | month | year
    rel: str
    s: str | None = None
    o: str | None = None
    lo: str = ""
    hi: str = ""
    op: str = "all"  # all | first | last | nth2
    excl: list[str] = field(default_factory=list)
    anchor: list[Any] | None = None  # [s, rel, o, window kind]


def mention(name: str, rng: random.Random) -> str:
    """How a person types an entity: sector entities as 'the police of X' / "X's citizens", institutions with 'the'."""
    for sec, forms in SECTORS.items():
        if name.startswith(sec + " (") and name.endswith(")"):
            c = mention(name[len(sec) + 2 : -1], rng)
            if c.startswith("the ") or c.endswith("s"):
                return forms[0].format(c=c)
            return rng.choice(forms).format(c=c)
    if "(" in name:
        return name
    if " of " in name or name.startswith(THE_WORDS) or name.endswith(("Council", "Organization", "Union")):
        return "the " + name
    return name


def typable(name: str) -> bool:
    """A name without a parenthesised role, or one of the sectors with a plain country name."""
    if "(" not in name and "/" not in name:
        return True
    for sec in SECTORS:
        c = name[len(sec) + 2 : -1]
        if (
            name.startswith(sec + " (")
            and name.endswith(")")
            and "," not in c
            and "(" not in c
            and c not in NOT_COUNTRIES
        ):
            return True
    return False


def fmt_day(d: date, rng: random.Random) -> str:
    k = rng.randrange(3)
    if k == 0:
        return f"{d.day} {calendar.month_name[d.month]} {d.year}"
    if k == 1:
        return f"{calendar.month_name[d.month]} {d.day}, {d.year}"
    return f"{calendar.month_abbr[d.month]} {d.day} {d.year}"


def fmt_month(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{calendar.month_name[m]} {y}", f"{calendar.month_name[m]} of {y}"])


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def dump(store: Store) -> list[Ev]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity) WHERE n.relation IN $rels "
        "RETURN s.name AS s, n.relation AS r, o.name AS o, n.valid_from AS d",
        {"rels": list(REL)},
    )
    # sorted: the server's row order varies between runs, and the seeded draws must not
    return sorted(
        (Ev(r["s"], r["r"], r["o"], r["d"].to_native()) for r in rows if r["s"] != r["o"]),
        key=lambda e: (e.d, e.s, e.r, e.o),
    )


class KG:
    def __init__(self, evs: list[Ev]) -> None:
        self.evs = evs
        self.by_ro: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.triple: Counter[tuple[str, str, str]] = Counter()
        for e in evs:
            self.by_ro[(e.r, e.o)].append(e)
            self.by_sr[(e.s, e.r)].append(e)
            self.triple[(e.s, e.r, e.o)] += 1

    def unique(self, e: Ev) -> bool:
        return self.triple[(e.s, e.r, e.o)] == 1


def gold_of(evs: list[Ev], ask: str, op: str) -> list[str]:
    """The gold answers over the matching events: all values, or those at the first/last date, or the 2nd actor."""
    if not evs:
        return []
    if op in ("first", "last"):
        dd = min(e.d for e in evs) if op == "first" else max(e.d for e in evs)
        evs = [e for e in evs if e.d == dd]
    if op == "nth2":
        firsts: dict[str, date] = {}
        for e in sorted(evs, key=lambda e: e.d):
            firsts.setdefault(getattr(e, ask[0]), e.d)
        ds = sorted(set(firsts.values()))
        # only when the first two actors are each alone on their dates (else "the second" is ambiguous)
        if (
            len(ds) < 2
            or sum(v == ds[0] for v in firsts.values()) != 1
            or sum(v == ds[1] for v in firsts.values()) != 1
        ):
            return []
        return [k for k, v in firsts.items() if v == ds[1]]
    out = set()
    for e in evs:
        out.add(
            {
                "subject": e.s,
                "object": e.o,
                "day": e.d.isoformat(),
                "month": e.d.isoformat()[:7],
                "year": str(e.d.year),
            }[ask]
        )
    return sorted(out)


def window(evs: list[Ev], lo: date, hi: date) -> list[Ev]:
    return [e for e in evs if lo <= e.d <= hi]


class Builder:
    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng = kg, store, rng
        self.lo, self.hi = PERIODS[store]
        # only events whose entities a person would type: plain names, or the sectors phrased in SECTORS
        self.pool = [e for e in kg.evs if self.lo <= e.d <= self.hi and typable(e.s) and typable(e.o)]

    def pick(self, pred: Any = None) -> Ev:
        for _ in range(2000):
            e = self.rng.choice(self.pool)
            if pred is None or pred(e):
                return e
        raise LookupError("no event fits")

    def ph(self, r: str, need_pas: bool = False) -> dict[str, str | None]:
        opts = [p for p in REL[r] if p["pas"] or not need_pas]
        return self.rng.choice(opts)

    def m(self, name: str) -> str:
        return mention(name, self.rng)

    def scope_year(self, y: int) -> str:
        return self.rng.choice([f"in {y}", f"during {y}"])

    # ---- entity answers -------------------------------------------------------------------------------------
    def c_day_passive(self) -> tuple[Any, ...]:
        e = self.pick(lambda e: any(p["pas"] for p in REL[e.r]))
        p = self.ph(e.r, True)
        evs = [x for x in self.kg.by_sr[(e.s, e.r)] if x.d == e.d]
        q = self.rng.choice(
            [
                f"Who was {p['pas']} by {self.m(e.s)} on {fmt_day(e.d, self.rng)}?",
                f"On {fmt_day(e.d, self.rng)}, which parties were {p['pas']} by {self.m(e.s)}?",
            ]
        )
        sp = Spec("object", e.r, s=e.s, lo=e.d.isoformat(), hi=e.d.isoformat())
        return q, evs, sp, "equal", "day", "equal_day_passive_object", e

    def c_day_subject_end(self) -> tuple[Any, ...]:
        e = self.pick()
        p = self.ph(e.r)
        o = self.m(e.o)
        evs = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d == e.d]
        q = self.rng.choice(
            [
                f"Which actor {str(p['past']).format(o=o)} on {fmt_day(e.d, self.rng)}?",
                f"Tell me who {str(p['past']).format(o=o)} on {fmt_day(e.d, self.rng)}.",
            ]
        )
        sp = Spec("subject", e.r, o=e.o, lo=e.d.isoformat(), hi=e.d.isoformat())
        return q, evs, sp, "equal", "day", "equal_day_subject", e

    def c_month_subject(self) -> tuple[Any, ...]:
        e = self.pick()
        p = self.ph(e.r)
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)
        evs = window(self.kg.by_ro[(e.r, e.o)], lo, hi)
        mo = fmt_month(e.d.year, e.d.month, self.rng)
        o = self.m(e.o)
        q = self.rng.choice(
            [
                f"{mo[0].upper() + mo[1:]}: who {str(p['past']).format(o=o)}?",
                f"Who all {str(p['past']).format(o=o)} over the course of {mo}?",
                f"Which actors {str(p['past']).format(o=o)} at some point in {mo}?",
            ]
        )
        sp = Spec("subject", e.r, o=e.o, lo=lo.isoformat(), hi=hi.isoformat())
        return q, evs, sp, "equal", "month", "equal_month_subject", e

    def c_period(self) -> tuple[Any, ...]:
        e = self.pick()
        y = e.d.year
        k = self.rng.randrange(4)
        if k == 0:
            h = 1 if e.d.month <= 6 else 2
            lo, hi = (date(y, 1, 1), date(y, 6, 30)) if h == 1 else (date(y, 7, 1), date(y, 12, 31))
            tx = f"in the {'first' if h == 1 else 'second'} half of {y}"
        elif k == 1:
            qn = (e.d.month - 1) // 3 + 1
            lo, hi = date(y, 3 * qn - 2, 1), month_end(y, 3 * qn)
            tx = self.rng.choice([f"during Q{qn} {y}", f"in Q{qn} of {y}"])
        else:
            m1 = max(1, e.d.month - self.rng.randrange(3))
            m2 = min(12, m1 + 2)
            lo, hi = date(y, m1, 1), month_end(y, m2)
            tx = f"between {calendar.month_name[m1]} and {calendar.month_name[m2]} {y}"
        asks = self.rng.choice(["subject", "object"])
        p = self.ph(e.r)
        if asks == "subject":
            evs = window(self.kg.by_ro[(e.r, e.o)], lo, hi)
            q = f"Who {str(p['past']).format(o=self.m(e.o))} {tx}?"
            sp = Spec("subject", e.r, o=e.o, lo=lo.isoformat(), hi=hi.isoformat())
        else:
            evs = window(self.kg.by_sr[(e.s, e.r)], lo, hi)
            q = self.rng.choice(
                [
                    f"{tx[0].upper() + tx[1:]}, whom did {self.m(e.s)} {str(p['inf']).format(o='').strip()}?",
                    f"Whom did {self.m(e.s)} {str(p['inf']).format(o='').strip()} {tx}?",
                ]
            )
            sp = Spec("object", e.r, s=e.s, lo=lo.isoformat(), hi=hi.isoformat())
        return q, evs, sp, "equal", "month", f"equal_period_{asks}", e

    def c_after_date(self) -> tuple[Any, ...]:
        e = self.pick(lambda e: e.d.month >= 10 or e.d.year < self.hi.year)
        p = self.ph(e.r)
        # window to the end of the year the date is in, stated
        hi = date(e.d.year, 12, 31)
        evs = window(self.kg.by_ro[(e.r, e.o)], e.d + timedelta(days=1), hi)
        q = self.rng.choice(
            [
                f"Following {fmt_day(e.d, self.rng)},"
                f" who {str(p['past']).format(o=self.m(e.o))} before {e.d.year} was out?",
                f"Who {str(p['past']).format(o=self.m(e.o))} in the rest of {e.d.year} after {fmt_day(e.d, self.rng)}?",
            ]
        )
        sp = Spec("subject", e.r, o=e.o, lo=(e.d + timedelta(days=1)).isoformat(), hi=hi.isoformat())
        return q, evs, sp, "before_after", "day", "after_date_rest_of_year", e

    def c_before_date(self) -> tuple[Any, ...]:
        e = self.pick(lambda e: e.d.month >= 2)
        p = self.ph(e.r)
        lo = date(e.d.year, 1, 1)
        evs = window(self.kg.by_sr[(e.s, e.r)], lo, e.d - timedelta(days=1))
        inf = str(p["inf"]).format(o="").strip()
        q = self.rng.choice(
            [
                f"Whom had {self.m(e.s)} already {self.pp(p)} earlier in {e.d.year}, before {fmt_day(e.d, self.rng)}?",
                f"Between the start of {e.d.year} and {fmt_day(e.d - timedelta(days=1), self.rng)}"
                f", whom did {self.m(e.s)} {inf}?",
            ]
        )
        sp = Spec("object", e.r, s=e.s, lo=lo.isoformat(), hi=(e.d - timedelta(days=1)).isoformat())
        return q, evs, sp, "before_after", "day", "before_date_object", e

    def pp(self, p: dict[str, str | None]) -> str:
        """Past participle without the object, built from the infinitive phrase's first word."""
        irregular = {
            "speak": "spoken",
            "make": "made",
            "take": "taken",
            "have": "had",
            "put": "put",
            "say": "said",
            "give": "given",
            "send": "sent",
            "be": "been",
            "carry": "carried",
            "issue": "issued",
        }
        inf = str(p["inf"]).format(o="").strip()
        head, _, rest = inf.partition(" ")
        if head in irregular:
            part = irregular[head]
        elif head.endswith("e"):
            part = head + "d"
        else:
            part = head + "ed"
        return (part + " " + rest).strip()

    def anchor_pick(self, pred: Any = None) -> Ev:
        return self.pick(lambda e: self.kg.unique(e) and (pred is None or pred(e)))

    def c_after_anchor_same_subject(self) -> tuple[Any, ...]:
        a = self.anchor_pick(lambda e: e.d.year < self.hi.year or e.d.month <= 10)
        p = self.ph(a.r)
        hi = date(a.d.year, 12, 31)
        evs = [x for x in window(self.kg.by_sr[(a.s, a.r)], a.d + timedelta(days=1), hi) if x.o != a.o]
        s = self.m(a.s)
        inf = str(p["inf"]).format(o="").strip()
        q = self.rng.choice(
            [
                f"Once {s} had {self.pp(p)} {self.m(a.o)}, whom else did it {inf} later in {a.d.year}?",
                f"After {self.gerund(p, self.m(a.o))}, whom else did {s} {inf} in the rest of {a.d.year}?",
            ]
        )
        sp = Spec("object", a.r, s=a.s, hi=hi.isoformat(), excl=[a.o], anchor=[a.s, a.r, a.o, "after"])
        return q, evs, sp, "before_after", "day", "after_anchor_others", a

    def c_before_anchor_others(self) -> tuple[Any, ...]:
        a = self.anchor_pick(lambda e: e.d.month >= 3)
        p = self.ph(a.r)
        lo = date(a.d.year, 1, 1)
        evs = [x for x in window(self.kg.by_ro[(a.r, a.o)], lo, a.d - timedelta(days=1)) if x.s != a.s]
        o = self.m(a.o)
        q = self.rng.choice(
            [
                f"In {a.d.year}, which other actors had {self.pp(p).replace('{o}', '')}"
                f" {o} before {self.m(a.s)} did?".replace("  ", " "),
                f"Who beat {self.m(a.s)} to it and {str(p['past']).format(o=o)} earlier in {a.d.year}?",
            ]
        )
        sp = Spec("subject", a.r, o=a.o, lo=lo.isoformat(), excl=[a.s], anchor=[a.s, a.r, a.o, "before"])
        return q, evs, sp, "before_after", "day", "before_anchor_others", a

    def c_first_last_period(self) -> tuple[Any, ...]:
        e = self.pick()
        op = self.rng.choice(["first", "last"])
        y = e.d.year
        if self.rng.random() < 0.5:
            qn = (e.d.month - 1) // 3 + 1
            lo, hi, tx = date(y, 3 * qn - 2, 1), month_end(y, 3 * qn), f"in Q{qn} {y}"
        else:
            lo, hi, tx = date(y, 1, 1), date(y, 12, 31), f"in {y}"
        evs = window(self.kg.by_ro[(e.r, e.o)], lo, hi)
        p = self.ph(e.r)
        o = self.m(e.o)
        if op == "first":
            q = self.rng.choice(
                [
                    f"{tx[3:]}'s earliest actor to {str(p['inf']).format(o=o)} was who?",
                    f"Who was the first one to {str(p['inf']).format(o=o)} {tx}?",
                ]
            )
        else:
            q = self.rng.choice(
                [
                    f"Who was the final actor to {str(p['inf']).format(o=o)} {tx}?",
                    f"{tx[0].upper() + tx[1:]}, who was the last to {str(p['inf']).format(o=o)}?",
                ]
            )
        sp = Spec("subject", e.r, o=e.o, lo=lo.isoformat(), hi=hi.isoformat(), op=op)
        return q, evs, sp, "first_last", "day", f"{op}_in_period", e, op

    def c_second_actor(self) -> tuple[Any, ...]:
        e = self.pick()
        y = e.d.year
        lo, hi = date(y, 1, 1), date(y, 12, 31)
        evs = window(self.kg.by_ro[(e.r, e.o)], lo, hi)
        p = self.ph(e.r)
        q = f"Who was the second actor to {str(p['inf']).format(o=self.m(e.o))} in {y}?"
        sp = Spec("subject", e.r, o=e.o, lo=lo.isoformat(), hi=hi.isoformat(), op="nth2")
        return q, evs, sp, "first_last", "day", "ordinal_second_in_year", e, "nth2"

    def c_most_recent(self) -> tuple[Any, ...]:
        e = self.pick()
        evs = self.kg.by_sr[(e.s, e.r)]
        if max(x.d for x in evs) < self.lo:
            raise LookupError
        p = self.ph(e.r)
        inf = str(p["inf"]).format(o="").strip()
        q = self.rng.choice(
            [
                f"Whom did {self.m(e.s)} most recently {inf}?",
                f"Who was the latest target that {self.m(e.s)} chose to {inf}?",
            ]
        )
        sp = Spec("object", e.r, s=e.s, lo="0001-01-01", hi="9999-12-31", op="last")
        return q, evs, sp, "first_last", "day", "last_whole_store_object", e, "last"

    def c_next_after_anchor(self) -> tuple[Any, ...]:
        a = self.anchor_pick()
        hi = date(a.d.year, 12, 31) if self.store == "mtq" else self.hi
        evs = [x for x in window(self.kg.by_ro[(a.r, a.o)], a.d + timedelta(days=1), self.hi) if x.s != a.s]
        p = self.ph(a.r)
        o = self.m(a.o)
        q = self.rng.choice(
            [
                f"After {self.m(a.s)} {str(p['past']).format(o=o)}, who was the next to do so?",
                f"{self.m(a.s)} {str(p['past']).format(o=o)}. Who did so next?",
            ]
        )
        del hi
        sp = Spec(
            "subject", a.r, o=a.o, hi=self.hi.isoformat(), op="first", excl=[a.s], anchor=[a.s, a.r, a.o, "after"]
        )
        return q, evs, sp, "after_first", "day", "next_after_anchor", a, "first"

    def c_last_before_anchor(self) -> tuple[Any, ...]:
        a = self.anchor_pick(lambda e: e.d.month >= 3)
        lo = date(a.d.year, 1, 1)
        evs = [x for x in window(self.kg.by_ro[(a.r, a.o)], lo, a.d - timedelta(days=1)) if x.s != a.s]
        p = self.ph(a.r)
        o = self.m(a.o)
        q = self.rng.choice(
            [
                f"Earlier in {a.d.year}, who was the last to {str(p['inf']).format(o=o)} before {self.m(a.s)} did?",
                f"In {a.d.year}, just before {self.m(a.s)} {str(p['past']).format(o=o)}"
                f", who had most recently done the same?",
            ]
        )
        sp = Spec("subject", a.r, o=a.o, lo=lo.isoformat(), op="last", excl=[a.s], anchor=[a.s, a.r, a.o, "before"])
        return q, evs, sp, "before_last", "day", "last_before_anchor", a, "last"

    def c_same_month_as(self) -> tuple[Any, ...]:
        a = self.anchor_pick()
        lo, hi = date(a.d.year, a.d.month, 1), month_end(a.d.year, a.d.month)
        evs = [x for x in window(self.kg.by_ro[(a.r, a.o)], lo, hi) if x.s != a.s]
        p = self.ph(a.r)
        o = self.m(a.o)
        q = self.rng.choice(
            [
                f"Who else {str(p['past']).format(o=o)} in the same month as {self.m(a.s)}?",
                f"In the month when {self.m(a.s)} {str(p['past']).format(o=o)}, who else did so?",
            ]
        )
        sp = Spec("subject", a.r, o=a.o, excl=[a.s], anchor=[a.s, a.r, a.o, "month"])
        return q, evs, sp, "equal_multi", "month", "same_month_as_anchor", a

    def c_day_after_other_rel(self) -> tuple[Any, ...]:
        a = self.anchor_pick()
        d1 = a.d + timedelta(days=1)
        if d1 > self.hi:
            raise LookupError
        r2 = self.rng.choice(list(REL))
        evs = [x for x in self.kg.by_ro[(r2, a.o)] if x.d == d1]
        p1, p2 = self.ph(a.r), self.ph(r2)
        o = self.m(a.o)
        q = f"On the day after {self.m(a.s)} {str(p1['past']).format(o=o)}, who {str(p2['past']).format(o=o)}?"
        sp = Spec("subject", r2, o=a.o, anchor=[a.s, a.r, a.o, "dayafter"])
        return q, evs, sp, "equal_multi", "day", "day_after_anchor_other_relation", a

    def c_week_after(self) -> tuple[Any, ...]:
        a = self.anchor_pick()
        evs_all = [x for x in self.kg.by_ro[(a.r, a.o)] if x.s != a.s]
        evs = window(evs_all, a.d + timedelta(days=1), a.d + timedelta(days=7))
        # drop when the boundary days (the anchor's own day, the 8th day) hold events: "within a week" is fuzzy there
        if window(evs_all, a.d, a.d) or window(evs_all, a.d + timedelta(days=8), a.d + timedelta(days=8)):
            raise LookupError
        if a.d + timedelta(days=7) > self.hi:
            raise LookupError
        p = self.ph(a.r)
        o = self.m(a.o)
        q = self.rng.choice(
            [
                f"Within a week of {self.m(a.s)} {self.gerund(p, o)}, who else {str(p['past']).format(o=o)}?",
                f"Who {str(p['past']).format(o=o)} in the seven days that followed {self.m(a.s)} doing so?",
            ]
        )
        sp = Spec("subject", a.r, o=a.o, excl=[a.s], anchor=[a.s, a.r, a.o, "week"])
        return q, evs, sp, "equal_multi", "day", "within_week_after_anchor", a

    def gerund(self, p: dict[str, str | None], o: str) -> str:
        inf = str(p["inf"]).format(o=o)
        head, _, rest = inf.partition(" ")
        special = {
            "be": "being",
            "make": "making",
            "take": "taking",
            "have": "having",
            "give": "giving",
            "use": "using",
            "issue": "issuing",
            "propose": "proposing",
            "put": "putting",
        }
        if head in special:
            g = special[head]
        elif head.endswith("e"):
            g = head[:-1] + "ing"
        else:
            g = head + "ing"
        return g + " " + rest

    def c_sector(self) -> tuple[Any, ...]:
        secs = tuple(s + " (" for s in SECTORS)
        e = self.pick(lambda e: e.o.startswith(secs) or e.s.startswith(secs))
        p = self.ph(e.r)
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)
        mo = fmt_month(e.d.year, e.d.month, self.rng)
        if e.o.startswith(secs) and (not e.s.startswith(secs) or self.rng.random() < 0.5):
            evs = window(self.kg.by_ro[(e.r, e.o)], lo, hi)
            q = f"Who {str(p['past']).format(o=self.m(e.o))} in {mo}?"
            sp = Spec("subject", e.r, o=e.o, lo=lo.isoformat(), hi=hi.isoformat())
            c = "sector_in_question_object"
        else:
            evs = window(self.kg.by_sr[(e.s, e.r)], lo, hi)
            q = f"In {mo}, whom did {self.m(e.s)} {str(p['inf']).format(o='').strip()}?"
            sp = Spec("object", e.r, s=e.s, lo=lo.isoformat(), hi=hi.isoformat())
            c = "sector_in_question_subject"
        return q, evs, sp, "equal", "month", c, e

    # ---- time answers ---------------------------------------------------------------------------------------
    def c_month_saw(self) -> tuple[Any, ...]:
        e = self.pick()
        y = e.d.year
        evs = window([x for x in self.kg.by_sr[(e.s, e.r)] if x.o == e.o], date(y, 1, 1), date(y, 12, 31))
        p = self.ph(e.r)
        sc = f" of {y}" if self.store == "mtq" else ""
        q = self.rng.choice(
            [
                f"Which month{sc} saw {self.m(e.s)} {str(p['inf']).format(o=self.m(e.o))}?",
                f"What month{sc} was it when {self.m(e.s)} {str(p['past']).format(o=self.m(e.o))}?",
            ]
        )
        sp = Spec("month", e.r, s=e.s, o=e.o, lo=f"{y}-01-01", hi=f"{y}-12-31")
        return q, evs, sp, "equal", "month", "month_as_subject", e

    def c_day_in_month(self) -> tuple[Any, ...]:
        e = self.pick()
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)
        evs = window([x for x in self.kg.by_sr[(e.s, e.r)] if x.o == e.o], lo, hi)
        p = self.ph(e.r)
        q = self.rng.choice(
            [
                f"{self.m(e.s)} {str(p['past']).format(o=self.m(e.o))}"
                f" in {fmt_month(e.d.year, e.d.month, self.rng)}: on which date?",
                f"On what day in {fmt_month(e.d.year, e.d.month, self.rng)}"
                f" did {self.m(e.s)} {str(p['inf']).format(o=self.m(e.o))}?",
            ]
        )
        q = q[0].upper() + q[1:]
        sp = Spec("day", e.r, s=e.s, o=e.o, lo=lo.isoformat(), hi=hi.isoformat())
        return q, evs, sp, "equal", "day", "day_within_month", e

    def c_first_last_gran(self) -> tuple[Any, ...]:
        e = self.pick()
        evs_all = [x for x in self.kg.by_sr[(e.s, e.r)] if x.o == e.o]
        p = self.ph(e.r)
        s, o = self.m(e.s), self.m(e.o)
        if self.store == "mtq":
            gran = self.rng.choice(["year", "month", "month", "day"])
        else:
            gran = self.rng.choice(["month", "day"])
        op = self.rng.choice(["first", "last"])
        if self.store == "mtq" and (op == "first" or gran != "year"):
            # first, and month/day answers: scoped to a complete period by the wording
            if gran == "year":
                lo, hi, sc = self.lo, self.hi, "across 2014 and 2015"
            else:
                lo, hi, sc = date(e.d.year, 1, 1), date(e.d.year, 12, 31), f"in {e.d.year}"
        else:
            lo, hi, sc = date(1, 1, 1), date(9999, 12, 31), ""
            if op == "first" and min(x.d for x in evs_all) < self.lo:
                raise LookupError
            if op == "last" and max(x.d for x in evs_all) < self.lo:
                raise LookupError
        evs = window(evs_all, lo, hi)
        word = "first" if op == "first" else self.rng.choice(["last", "most recently"])
        unit = {"year": "year", "month": "month", "day": "date"}[gran]
        q = self.rng.choice(
            [
                f"{'On' if gran == 'day' else 'In'} which {unit}{' ' + sc if sc else ''}"
                f" did {s} {word} {str(p['inf']).format(o=o)}?",
                f"{(sc[0].upper() + sc[1:] + ', w') if sc else 'W'}hat {unit}"
                f" did {s} {word} {str(p['inf']).format(o=o)}?",
            ]
        )
        sp = Spec(gran, e.r, s=e.s, o=e.o, lo=lo.isoformat(), hi=hi.isoformat(), op=op)
        return q, evs, sp, "first_last", gran, f"{op}_time_{gran}", e, op

    def c_both_same_month(self) -> tuple[Any, ...]:
        e = self.pick()
        y = e.d.year
        others = [x for x in self.kg.by_ro[(e.r, e.o)] if x.s != e.s and x.d.year == y and typable(x.s)]
        if not others:
            raise LookupError
        b = self.rng.choice(others).s
        months_a = {x.d.isoformat()[:7] for x in self.kg.by_ro[(e.r, e.o)] if x.s == e.s and x.d.year == y}
        months_b = {x.d.isoformat()[:7] for x in self.kg.by_ro[(e.r, e.o)] if x.s == b and x.d.year == y}
        gold = sorted(months_a & months_b)
        p = self.ph(e.r)
        q = f"In which month of {y} did {self.m(e.s)} and {self.m(b)} both {str(p['inf']).format(o=self.m(e.o))}?"
        sp = Spec("month", e.r, s=e.s, o=e.o, lo=f"{y}-01-01", hi=f"{y}-12-31", excl=[b], op="both")
        evs = [x for x in self.kg.by_ro[(e.r, e.o)] if x.s in (e.s, b) and x.d.isoformat()[:7] in gold]
        return q, evs, sp, "equal_multi", "month", "both_same_month", e, "both", gold

    def c_when_next_after_date(self) -> tuple[Any, ...]:
        e = self.pick()
        evs_all = [x for x in self.kg.by_sr[(e.s, e.r)] if x.o == e.o]
        earlier = [x for x in evs_all if x.d < e.d and x.d >= self.lo]
        if not earlier:
            raise LookupError
        d0 = max(x.d for x in earlier)
        cut = d0 + timedelta(days=(e.d - d0).days // 2) if (e.d - d0).days > 1 else d0
        evs = window(evs_all, cut + timedelta(days=1), self.hi)
        p = self.ph(e.r)
        q = f"When, after {fmt_day(cut, self.rng)}, did {self.m(e.s)} next {str(p['inf']).format(o=self.m(e.o))}?"
        sp = Spec(
            "day", e.r, s=e.s, o=e.o, lo=(cut + timedelta(days=1)).isoformat(), hi=self.hi.isoformat(), op="first"
        )
        return q, evs, sp, "before_after", "day", "time_next_after_date", e, "first"


CONSTRUCTIONS = {
    # name: weight (mtq share of ~100; icews14 scaled)
    "c_day_passive": 6,
    "c_day_subject_end": 5,
    "c_month_subject": 5,
    "c_period": 7,
    "c_after_date": 4,
    "c_before_date": 4,
    "c_after_anchor_same_subject": 4,
    "c_before_anchor_others": 4,
    "c_first_last_period": 6,
    "c_second_actor": 3,
    "c_most_recent": 3,
    "c_next_after_anchor": 4,
    "c_last_before_anchor": 4,
    "c_same_month_as": 4,
    "c_day_after_other_rel": 3,
    "c_week_after": 3,
    "c_sector": 6,
    "c_month_saw": 4,
    "c_day_in_month": 4,
    "c_first_last_gran": 8,
    "c_both_same_month": 4,
    "c_when_next_after_date": 3,
}

CHECK_ANCHOR = """
MATCH (as:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(ao:Entity {name: $ao})
WITH collect(x.valid_from) AS ds WHERE size(ds) = 1
WITH ds[0] AS ad
RETURN CASE $kind WHEN 'after' THEN ad + duration('P1D') WHEN 'before' THEN null
         WHEN 'month' THEN date.truncate('month', ad) WHEN 'dayafter' THEN ad + duration('P1D')
         WHEN 'week' THEN ad + duration('P1D') END AS lo,
       CASE $kind WHEN 'after' THEN null WHEN 'before' THEN ad - duration('P1D')
         WHEN 'month' THEN date.truncate('month', ad) + duration('P1M') - duration('P1D')
         WHEN 'dayafter' THEN ad + duration('P1D') WHEN 'week' THEN ad + duration('P7D') END AS hi
"""

CHECK_ROWS = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.relation = $rel AND ($s IS NULL OR s.name = $s) AND ($o IS NULL OR o.name = $o)
  AND n.valid_from >= date($lo) AND n.valid_from <= date($hi) AND s.name <> o.name
  AND NOT (CASE $ask WHEN 'subject' THEN s.name WHEN 'object' THEN o.name ELSE '' END) IN $excl
WITH n, CASE $ask WHEN 'subject' THEN s.name WHEN 'object' THEN o.name
     WHEN 'day' THEN toString(n.valid_from) WHEN 'month' THEN substring(toString(n.valid_from), 0, 7)
     ELSE toString(n.valid_from.year) END AS ans
WITH collect({a: ans, d: n.valid_from}) AS rows
WITH rows, reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d < m THEN r.d ELSE m END) AS dmin,
     reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d > m THEN r.d ELSE m END) AS dmax
UNWIND rows AS r
WITH r, dmin, dmax WHERE $op = 'all' OR ($op = 'first' AND r.d = dmin) OR ($op = 'last' AND r.d = dmax)
RETURN DISTINCT r.a AS ans ORDER BY ans
"""

CHECK_NTH2 = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event {relation: $rel})-[:OBJECT]->(o:Entity {name: $o})
WHERE n.valid_from >= date($lo) AND n.valid_from <= date($hi) AND s.name <> o.name
WITH s.name AS who, min(n.valid_from) AS f
WITH f, collect(who) AS whos ORDER BY f
WITH collect({f: f, w: whos}) AS byday
WHERE size(byday) >= 2 AND size(byday[0].w) = 1 AND size(byday[1].w) = 1
RETURN byday[1].w[0] AS ans
"""

CHECK_BOTH = """
MATCH (a:Entity {name: $s})<-[:SUBJECT]-(n:Event {relation: $rel})-[:OBJECT]->(o:Entity {name: $o}),
      (b:Entity {name: $b})<-[:SUBJECT]-(m:Event {relation: $rel})-[:OBJECT]->(o)
WHERE n.valid_from.year = date($lo).year AND m.valid_from.year = date($lo).year
  AND date.truncate('month', n.valid_from) = date.truncate('month', m.valid_from)
RETURN DISTINCT substring(toString(n.valid_from), 0, 7) AS ans ORDER BY ans
"""


def check_gold(store: Store, sp: Spec) -> list[str]:
    """The gold again, by Cypher over entity names, with the anchor's uniqueness and window derived in the database."""
    if sp.op == "both":
        return [
            r["ans"] for r in store.run(CHECK_BOTH, {"s": sp.s, "b": sp.excl[0], "o": sp.o, "rel": sp.rel, "lo": sp.lo})
        ]
    lo, hi = sp.lo or "0001-01-01", sp.hi or "9999-12-31"
    if sp.anchor:
        rows = store.run(
            CHECK_ANCHOR, {"as": sp.anchor[0], "ar": sp.anchor[1], "ao": sp.anchor[2], "kind": sp.anchor[3]}
        )
        if not rows:
            return ["<anchor not unique>"]
        alo, ahi = rows[0]["lo"], rows[0]["hi"]
        if alo is not None:
            lo = max(lo, alo.iso_format())
        if ahi is not None:
            hi = min(hi, ahi.iso_format())
    if sp.op == "nth2":
        return [r["ans"] for r in store.run(CHECK_NTH2, {"rel": sp.rel, "o": sp.o, "lo": lo, "hi": hi})]
    params = {"rel": sp.rel, "s": sp.s, "o": sp.o, "lo": lo, "hi": hi, "ask": sp.ask, "excl": sp.excl, "op": sp.op}
    return [r["ans"] for r in store.run(CHECK_ROWS, params)]


def build(store: Store, name: str, n: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rng = random.Random(seed)
    kg = KG(dump(store))
    b = Builder(kg, name, rng)
    scale = n / sum(CONSTRUCTIONS.values())
    quota = {c: max(1, round(w * scale)) for c, w in CONSTRUCTIONS.items()}
    while sum(quota.values()) > n:
        quota[max(quota, key=lambda c: quota[c])] -= 1
    while sum(quota.values()) < n:
        quota[min(quota, key=lambda c: quota[c] / CONSTRUCTIONS[c])] += 1
    out: list[dict[str, Any]] = []
    seen_q: set[str] = set()
    seen_core: set[tuple[str, str, str, str]] = set()
    named: Counter[str] = Counter()
    stats = Counter[str]()
    for cname, want in quota.items():
        got, tries = 0, 0
        while got < want and tries < 3000:
            tries += 1
            try:
                res = getattr(b, cname)()
            except LookupError:
                continue
            q, evs, sp, qtype, level, label, core = res[:7]
            op = res[7] if len(res) > 7 else "all"
            gold = res[8] if len(res) > 8 else gold_of(evs, sp.ask, op)
            # "Which month saw ..." / "on which date?" ask for one time: keep them only where one (or two) is right
            cap = {"month_as_subject": 1, "day_within_month": 2}.get(label, 5)
            if not gold or len(gold) > cap:
                stats["dropped_gold_size"] += 1
                continue
            key = (label, core.s, core.r, core.o)
            q = " ".join(q.split())
            q = q[0].upper() + q[1:]
            if q in seen_q or key in seen_core or named[core.s] >= 3 or named[core.o] >= 3:
                stats["dropped_duplicate_or_overused"] += 1
                continue
            check = check_gold(store, sp)
            if sorted(check) != sorted(gold):
                stats["dropped_check_disagrees"] += 1
                continue
            stats["check_agrees"] += 1
            seen_q.add(q)
            seen_core.add(key)
            named[core.s] += 1
            named[core.o] += 1
            qid = f"b5-{name}-{len(out):03d}"
            ev = sorted({(x.s, x.r, x.o, x.d.isoformat()) for x in evs}, key=lambda t: (t[3], t[0], t[1], t[2]))
            if sp.anchor:
                ev = [(core.s, core.r, core.o, core.d.isoformat()), *ev]
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": " ".join(q.split()),
                    "answers": sorted(gold),
                    "answer_type": "entity" if sp.ask in ("subject", "object") else "time",
                    "time_level": level if sp.ask in ("subject", "object") else sp.ask,
                    "qtype": qtype,
                    "qlabel": "Multiple" if sp.anchor or qtype in ("equal_multi",) else "Single",
                    "construction": label,
                    "store": name,
                    "evidence": [[s.replace(" ", "_"), r, o.replace(" ", "_"), d] for s, r, o, d in ev[:12]],
                }
            )
            got += 1
        stats[f"built:{cname}"] = got
    return out, dict(stats)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    try:
        recs, stats = build(store, args.store, args.n, args.seed)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
    print(json.dumps({"written": len(recs), **stats}, indent=1))
    print(Counter(r["construction"] for r in recs))
    print(Counter(r["qtype"] for r in recs))


if __name__ == "__main__":
    main()
