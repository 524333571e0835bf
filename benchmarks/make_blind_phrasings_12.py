"""Twelfth blind held-out set: MultiTQ-like questions in free phrasings, gold answers computed exactly from the store.

Usage (one store at a time, READ ONLY; the connection comes from TKGRAG_INSTANCE/_BOLT_PORT/_HTTP_PORT):
    python benchmarks/make_blind_phrasings_12.py --store mtq --out DIR/blind_mtq.jsonl --n 80
    python benchmarks/make_blind_phrasings_12.py --store icews14 --out DIR/blind_icews14.jsonl --n 60

Golds come from one dump of the store's events (every event of the relations used, whole store) and are computed in
Python; every gold is then recomputed by a second Cypher query built from the question's spec (anchor found again by
Cypher, window filtered in Cypher) and the two are compared. Only the complete period is asked about: icews05-15 is a
sample before 2014, so mtq questions are scoped to 2014-2015 (first/before through their wording).
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261212
MAX_GOLD = 5

# relation -> past-tense active ("X ___ Y"), base ("did X ___ Y") and passive ("Y was ___ by X") phrasings
REL: dict[str, dict[str, list[str]]] = {
    "Criticize_or_denounce": {
        "past": ["criticized", "denounced", "lashed out at"],
        "base": ["criticize", "denounce", "condemn"],
        "pass": ["criticized", "condemned"],
    },
    "Praise_or_endorse": {
        "past": ["praised", "spoke approvingly of", "endorsed"],
        "base": ["praise", "commend"],
        "pass": ["praised", "commended"],
    },
    "Make_a_visit": {
        "past": ["visited", "paid a visit to", "travelled to"],
        "base": ["visit", "travel to"],
        "pass": ["visited"],
    },
    "Host_a_visit": {
        "past": ["hosted", "played host to", "welcomed"],
        "base": ["host", "receive"],
        "pass": ["hosted", "received as a guest"],
    },
    "Sign_formal_agreement": {
        "past": ["signed a formal agreement with", "inked a deal with", "concluded an agreement with"],
        "base": ["sign an agreement with", "sign a deal with"],
        "pass": [],
    },
    "Engage_in_negotiation": {
        "past": ["negotiated with", "held talks with", "sat down to negotiate with"],
        "base": ["negotiate with", "hold negotiations with"],
        "pass": [],
    },
    "Accuse": {
        "past": ["accused", "levelled accusations at", "pointed the finger at"],
        "base": ["accuse", "blame"],
        "pass": ["accused", "blamed"],
    },
    "Make_an_appeal_or_request": {
        "past": ["appealed to", "made a request to", "called on"],
        "base": ["appeal to", "put a request to"],
        "pass": ["appealed to", "petitioned"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": ["arrested", "detained", "took into custody"],
        "base": ["arrest", "detain"],
        "pass": ["arrested", "detained"],
    },
    "Discuss_by_telephone": {
        "past": ["phoned", "spoke on the phone with", "had a phone call with"],
        "base": ["phone", "call"],
        "pass": ["phoned", "called"],
    },
    "Express_intent_to_cooperate": {
        "past": ["offered to cooperate with", "pledged cooperation with", "extended an offer of cooperation to"],
        "base": ["offer cooperation to", "promise to work with"],
        "pass": ["offered cooperation"],
    },
    "Use_conventional_military_force": {
        "past": ["used military force against", "attacked", "carried out military action against"],
        "base": ["attack", "use force against"],
        "pass": ["attacked"],
    },
    "Threaten": {
        "past": ["threatened", "issued threats against"],
        "base": ["threaten"],
        "pass": ["threatened"],
    },
    "Consult": {
        "past": ["consulted", "held consultations with", "conferred with"],
        "base": ["consult", "confer with"],
        "pass": ["consulted"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": ["said it was ready to meet", "signalled willingness to negotiate with", "proposed talks with"],
        "base": ["propose talks with", "offer to meet"],
        "pass": [],
    },
    "Reject": {
        "past": ["rejected", "rebuffed", "turned down"],
        "base": ["reject", "rebuff"],
        "pass": ["rejected", "rebuffed"],
    },
    "Demand": {
        "past": ["made demands of", "issued demands to"],
        "base": ["make demands of"],
        "pass": [],
    },
    "Provide_humanitarian_aid": {
        "past": ["sent humanitarian aid to", "provided humanitarian assistance to"],
        "base": ["send humanitarian aid to", "give humanitarian aid to"],
        "pass": ["given humanitarian aid"],
    },
}

SECTORS = {
    "Citizen": ["the citizens of {c}", "ordinary people in {c}", "citizens of {c}"],
    "Police": ["the police in {c}", "the police of {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "the armed forces of {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign ministry"],
    "Protester": ["protesters in {c}", "the protesters of {c}"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Legislature": ["the legislature of {c}", "{c}'s parliament"],
    "Court Judge": ["a judge in {c}", "the courts of {c}"],
}
THE = (
    "United ",
    "European",
    "Philippines",
    "Netherlands",
    "Central African",
    "Czech",
    "Dominican",
    "Gambia",
    "Holy See",
    "Ivory Coast",
    "Bahamas",
    "Maldives",
    "Comoros",
    "Congo",
    "Democratic Republic",
    "Middle East",
    "UN ",
    "Kurdistan",
    "Association",
    "Organization",
    "Organisation",
    "Office",
    "Council",
    "Institute",
    "Party",
    "International Court",
    "High Commission",
    "Verkhovna",
)
THE_LAST = {
    "Agency",
    "Council",
    "Party",
    "Union",
    "Bank",
    "Fund",
    "Community",
    "Court",
    "Forces",
    "Nations",
    "Press",
    "Commission",
    "Parliament",
    "Assembly",
    "Army",
    "Front",
    "Movement",
    "Group",
    "Republic",
    "States",
    "Kingdom",
    "Emirates",
    "Islands",
    "Service",
    "Force",
    "Federation",
    "Organization",
    "Committee",
    "Congress",
    "League",
}

MONTHS = list(calendar.month_name)[1:]
SEASONS = {"winter": None, "spring": (3, 5), "summer": (6, 8), "autumn": (9, 11)}
HOLIDAYS = [
    (1, 1, "New Year's Day"),
    (2, 14, "Valentine's Day"),
    (7, 4, "the Fourth of July"),
    (10, 31, "Halloween"),
    (12, 25, "Christmas Day"),
    (12, 24, "Christmas Eve"),
    (12, 31, "New Year's Eve"),
]
ORD = {1: "1st", 2: "2nd", 3: "3rd", 21: "21st", 22: "22nd", 23: "23rd", 31: "31st"}

DUMP = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.relation IN $rels
RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t
"""


class Data:
    """All events of the relations used, whole store, with the three indexes the constructions read."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.ev = sorted({(r["s"], r["r"], r["o"], r["t"]) for r in rows})
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, t in self.ev:
            self.by_ro[(r, o)].append((t, s))
            self.by_sr[(s, r)].append((t, o))
            self.by_sro[(s, r, o)].append(t)


def nice(name: str, rng: random.Random) -> str | None:
    """How a person would write the entity in a question; None when no natural phrasing is known."""
    if "(" in name:
        head, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if head not in SECTORS or "(" in country or "," in country or country == "International":
            return None
        c = ("the " + country) if country.startswith(THE) else country
        return rng.choice(SECTORS[head]).format(c=c)
    if any(ch in name for ch in "/;,"):
        return None
    return ("the " + name) if name.startswith(THE) or name.split()[-1] in THE_LAST else name


def be(phrase: str) -> str:
    """'was' or 'were' for a passive clause whose subject is the phrase (sector phrasings are plural)."""
    plural = ("citizens", "people", "protesters", "police", "armed forces", "courts")
    return "were" if any(w in phrase for w in plural) else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def d(t: str) -> date:
    return date.fromisoformat(t)


def day_expr(t: str, rng: random.Random) -> str:
    x = d(t)
    for m, dd, label in HOLIDAYS:
        if (x.month, x.day) == (m, dd) and rng.random() < 0.8:
            return f"on {label} {x.year}"
    k = rng.randrange(7)
    if k == 6:
        ref = x - timedelta(days=2)
        return f"two days after {MONTHS[ref.month - 1]} {ref.day}, {ref.year}"
    if k == 0:
        return f"on {x.day} {MONTHS[x.month - 1]} {x.year}"
    if k == 1:
        return f"on {MONTHS[x.month - 1]} {x.day}, {x.year}"
    if k == 2:
        return f"on the {ORD.get(x.day, f'{x.day}th')} of {MONTHS[x.month - 1]} {x.year}"
    if k == 3:
        return f"on {x.isoformat()}"
    if k == 4:
        return f"on {calendar.day_name[x.weekday()]} {x.day} {MONTHS[x.month - 1][:3]} {x.year}"
    ref = x + timedelta(days=1)
    return f"the day before {MONTHS[ref.month - 1]} {ref.day}, {ref.year}"


def date_text(x: date, rng: random.Random) -> str:
    return rng.choice([f"{x.day} {MONTHS[x.month - 1]} {x.year}", f"{MONTHS[x.month - 1]} {x.day}, {x.year}"])


def window_expr(t: str, rng: random.Random, lo: str, hi: str) -> tuple[str, str, str, str]:
    """A period around t as people name it: (phrase, start, end, granularity word)."""
    x = d(t)
    y = x.year
    k = rng.randrange(6)
    if k == 0:
        a, b = date(y, x.month, 1), date(y, x.month, calendar.monthrange(y, x.month)[1])
        ph = rng.choice(
            [f"in {MONTHS[x.month - 1]} {y}", f"during {MONTHS[x.month - 1]} of {y}", f"in {y}-{x.month:02d}"]
        )
        return ph, a.isoformat(), b.isoformat(), "month"
    if k == 1:
        q = (x.month - 1) // 3
        a, b = date(y, 3 * q + 1, 1), date(y, 3 * q + 3, calendar.monthrange(y, 3 * q + 3)[1])
        ph = rng.choice([f"in Q{q + 1} {y}", f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y}"])
        return ph, a.isoformat(), b.isoformat(), "quarter"
    if k == 2 and 3 <= x.month <= 11:
        name = next(n for n, v in SEASONS.items() if v and v[0] <= x.month <= v[1])
        m0, m1 = SEASONS[name]  # type: ignore[misc]
        a, b = date(y, m0, 1), date(y, m1, calendar.monthrange(y, m1)[1])
        return rng.choice([f"in the {name} of {y}", f"during {name} {y}"]), a.isoformat(), b.isoformat(), "season"
    if k == 3 and x.day <= 7:
        a, b = date(y, x.month, 1), date(y, x.month, 7)
        return f"in the first week of {MONTHS[x.month - 1]} {y}", a.isoformat(), b.isoformat(), "week"
    if k == 4:
        a = x - timedelta(days=rng.randrange(0, 5))
        b = x + timedelta(days=rng.randrange(1, 6))
        if a.month == b.month:
            ph = f"between {a.day} and {b.day} {MONTHS[a.month - 1]} {y}"
        else:
            ph = f"between {date_text(a, rng)} and {date_text(b, rng)}"
        return ph, max(a.isoformat(), lo), min(b.isoformat(), hi), "range"
    half = 0 if x.month <= 6 else 1
    a, b = (date(y, 1, 1), date(y, 6, 30)) if half == 0 else (date(y, 7, 1), date(y, 12, 31))
    return f"in the {['first', 'second'][half]} half of {y}", a.isoformat(), b.isoformat(), "half-year"


def gran(t: str, g: str) -> str:
    return t if g == "day" else t[:7] if g == "month" else t[:4]


class Gen:
    def __init__(self, data: Data, store: str, lo: str, hi: str, rng: random.Random) -> None:
        self.D, self.store, self.lo, self.hi, self.rng = data, store, lo, hi, rng
        self.inside = [e for e in data.ev if lo <= e[3] <= hi and nice(e[0], rng) and nice(e[2], rng)]
        self.scoped = store == "mtq"  # earlier years are a sample: first/before must be scoped by wording

    def p(self, r: str, form: str) -> str:
        return self.rng.choice(REL[r][form])

    def pick(self) -> tuple[str, str, str, str]:
        return self.rng.choice(self.inside)

    # ---------------------------------------------------------------------------------------------- entity answers
    def equal_day(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        rng = self.rng
        if rng.random() < 0.35:  # ask the object
            gold = sorted({x for tt, x in self.D.by_sr[(s, r)] if tt == t})
            S = nice(s, rng)
            q = rng.choice(
                [
                    f"Whom did {S} {self.p(r, 'base')} {day_expr(t, rng)}?",
                    f"{cap(day_expr(t, rng))}, who did {S} {self.p(r, 'base')}?",
                ]
            )
            spec = {"slot": "object", "s": s, "r": r, "a": t, "b": t}
        else:
            gold = sorted({x for tt, x in self.D.by_ro[(r, o)] if tt == t})
            Ob = nice(o, rng)
            forms = [
                f"Who {self.p(r, 'past')} {Ob} {day_expr(t, rng)}?",
                f"{cap(day_expr(t, rng))}, which actor {self.p(r, 'past')} {Ob}?",
            ]
            if REL[r]["pass"]:
                forms.append(f"By whom {be(Ob)} {Ob} {self.p(r, 'pass')} {day_expr(t, rng)}?")
            q = rng.choice(forms)
            spec = {"slot": "subject", "o": o, "r": r, "a": t, "b": t}
        return self.rec(q, gold, "entity", "day", "equal", "equal_day", spec)

    def equal_window(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        rng = self.rng
        ph, a, b, w = window_expr(t, rng, self.lo, self.hi)
        gold = sorted({x for tt, x in self.D.by_ro[(r, o)] if a <= tt <= b})
        Ob = nice(o, rng)
        forms = [
            f"Who {self.p(r, 'past')} {Ob} {ph}?",
            f"{cap(ph)}, who {self.p(r, 'past')} {Ob}?",
            f"Can you list everyone who {self.p(r, 'past')} {Ob} {ph}?",
        ]
        if REL[r]["pass"]:
            forms.append(f"{cap(Ob)} {be(Ob)} {self.p(r, 'pass')} by whom {ph}?")
        spec = {"slot": "subject", "o": o, "r": r, "a": a, "b": b}
        lvl = "month" if w == "month" else "day"
        return self.rec(rng.choice(forms), gold, "entity", lvl, "equal", f"equal_window_{w}", spec)

    def before_after_date(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        rng = self.rng
        x = d(t)
        Ob = nice(o, rng)
        if rng.random() < 0.5:  # after a date: to the end of the store
            ref = x - timedelta(days=rng.randrange(1, 20))
            a, b = (ref + timedelta(days=1)).isoformat(), self.hi
            if a < self.lo:
                return None
            q = rng.choice(
                [
                    f"Who {self.p(r, 'past')} {Ob} after {date_text(ref, rng)}?",
                    f"After {date_text(ref, rng)}, which actors {self.p(r, 'past')} {Ob}?",
                    f"Which actors {self.p(r, 'past')} {Ob} at any point after {date_text(ref, rng)}?",
                ]
            )
            cons = "after_date"
        else:
            ref = x + timedelta(days=rng.randrange(1, 20))
            b = (ref - timedelta(days=1)).isoformat()
            if self.scoped:
                a = f"{ref.year}-01-01"
                if ref.month == 1 and ref.day == 1:
                    return None
                q = rng.choice(
                    [
                        f"Earlier in {ref.year} than {MONTHS[ref.month - 1]} {ref.day}, who {self.p(r, 'past')} {Ob}?",
                        f"In {ref.year}, before {ref.day} {MONTHS[ref.month - 1]}, who {self.p(r, 'past')} {Ob}?",
                    ]
                )
            else:
                a = self.lo
                q = rng.choice(
                    [
                        f"Who {self.p(r, 'past')} {Ob} before {date_text(ref, rng)}?",
                        f"Up to {date_text(ref - timedelta(days=1), rng)}, who had {self.p(r, 'past')} {Ob}?",
                    ]
                )
            cons = "before_date"
        if b > self.hi:
            return None
        gold = sorted({y for tt, y in self.D.by_ro[(r, o)] if a <= tt <= b})
        spec = {"slot": "subject", "o": o, "r": r, "a": a, "b": b}
        return self.rec(q, gold, "entity", "day", "before_after", cons, spec)

    def anchored_others(self) -> dict[str, Any] | None:
        """After/before S did r to O1 (unique in the whole store), whom else did S do r to."""
        s, r, o1, t1 = self.pick()
        rng = self.rng
        if len(self.D.by_sro[(s, r, o1)]) != 1:
            return None
        S, O1 = nice(s, rng), nice(o1, rng)
        if rng.random() < 0.5:
            a, b = (d(t1) + timedelta(days=1)).isoformat(), self.hi
            q = rng.choice(
                [
                    f"After {S} {self.p(r, 'past')} {O1}, whom else did {S} {self.p(r, 'base')}?",
                    f"{S} {self.p(r, 'past')} {O1}; who else did {S} go on to {self.p(r, 'base')} after that?",
                    f"Who else did {S} {self.p(r, 'base')} after {O1}?",
                ]
            )
            cons, rel = "after_anchor", "after"
        else:
            if self.scoped:
                a = f"{t1[:4]}-01-01"
                q = rng.choice(
                    [
                        f"In {t1[:4]}, whom did {S} {self.p(r, 'base')} before {S} {self.p(r, 'past')} {O1}?",
                        f"Before getting to {O1}, whom did {S} {self.p(r, 'base')} earlier in {t1[:4]}?",
                    ]
                )
            else:
                a = self.lo
                q = rng.choice(
                    [
                        f"Whom did {S} {self.p(r, 'base')} before {O1}?",
                        f"Before {S} {self.p(r, 'past')} {O1}, who else had {S} {self.p(r, 'past')}?",
                    ]
                )
            b = (d(t1) - timedelta(days=1)).isoformat()
            cons, rel = "before_anchor", "before"
        gold = sorted({o for tt, o in self.D.by_sr[(s, r)] if a <= tt <= b and o != o1})
        spec = {"slot": "object", "s": s, "r": r, "a": a, "b": b, "anchor": [s, r, o1], "rel": rel, "exclude": o1}
        return self.rec(q, gold, "entity", "day", "before_after", cons, spec)

    def first_last_entity(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        rng = self.rng
        Ob = nice(o, rng)
        which = rng.choice(["first", "last"])
        k = rng.randrange(3)
        y = t[:4]
        if k == 0:
            a, b = f"{y}-01-01", f"{y}-12-31"
            scope, lvl = rng.choice([f"in {y}", f"during {y}", f"over the course of {y}"]), "year"
        elif k == 1:
            m = int(t[5:7])
            a, b = f"{t[:7]}-01", f"{t[:7]}-{calendar.monthrange(int(y), m)[1]:02d}"
            scope, lvl = (
                rng.choice([f"in {MONTHS[m - 1]} {y}", f"in {MONTHS[m - 1][:3]}{'.' if m != 5 else ''} {y}"]),
                "month",
            )
        else:  # whole store: 'last' is safe; 'first' scoped on the sampled store
            a, b = self.lo, self.hi
            scope = "" if not (self.scoped and which == "first") else "since the start of 2014"
            lvl = "day"
        pts = [(tt, x) for tt, x in self.D.by_ro[(r, o)] if a <= tt <= b]
        if not pts:
            return None
        tt0 = min(pts)[0] if which == "first" else max(pts)[0]
        gold = sorted({x for tt, x in pts if tt == tt0})
        sc = f" {scope}" if scope else ""
        if which == "first":
            q = rng.choice(
                [
                    f"Who was the first to {self.p(r, 'base')} {Ob}{sc}?",
                    f"{cap(scope) + ', w' if scope else 'W'}ho {self.p(r, 'past')} {Ob} first?",
                    f"Which actor was first to {self.p(r, 'base')} {Ob}{sc}?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"Who was the last to {self.p(r, 'base')} {Ob}{sc}?",
                    f"Who most recently {self.p(r, 'past')} {Ob}{sc}?"
                    if not scope
                    else f"Who was the final one to {self.p(r, 'base')} {Ob}{sc}?",
                    f"{cap(scope) + ', w' if scope else 'W'}hich actor {self.p(r, 'past')} {Ob} last?",
                ]
            )
        spec = {"slot": "subject", "o": o, "r": r, "a": a, "b": b, "pick": "min" if which == "first" else "max"}
        qt = "equal_multi" if k < 2 else "first_last"
        return self.rec(q, gold, "entity", lvl, qt, f"{which}_entity_{['year', 'month', 'store'][k]}", spec)

    def after_first_before_last(self) -> dict[str, Any] | None:
        s1, r, o, t1 = self.pick()
        rng = self.rng
        if len(self.D.by_sro[(s1, r, o)]) != 1:
            return None
        S1, Ob = nice(s1, rng), nice(o, rng)
        if rng.random() < 0.5:
            pts = [(tt, x) for tt, x in self.D.by_ro[(r, o)] if tt > t1]
            if not pts:
                return None
            t0 = min(pts)[0]
            q = rng.choice(
                [
                    f"After {S1} {self.p(r, 'past')} {Ob}, who was the next to do so?",
                    f"Who was the first to {self.p(r, 'base')} {Ob} after {S1} did?",
                    f"Following {S1}, who next {self.p(r, 'past')} {Ob}?",
                ]
            )
            spec = {
                "slot": "subject",
                "o": o,
                "r": r,
                "a": None,
                "b": self.hi,
                "pick": "min",
                "anchor": [s1, r, o],
                "rel": "after",
            }
            cons, qt = "after_first", "after_first"
        else:
            pts = [(tt, x) for tt, x in self.D.by_ro[(r, o)] if tt < t1]
            if not pts:
                return None
            t0 = max(pts)[0]
            if t0 < self.lo:
                return None
            q = rng.choice(
                [
                    f"Before {S1} {self.p(r, 'past')} {Ob}, who was the last to do so?",
                    f"Who {self.p(r, 'past')} {Ob} last before {S1} did?",
                    f"Who was the last to {self.p(r, 'base')} {Ob} ahead of {S1}?",
                ]
            )
            spec = {
                "slot": "subject",
                "o": o,
                "r": r,
                "a": None,
                "b": None,
                "pick": "max",
                "anchor": [s1, r, o],
                "rel": "before",
            }
            cons, qt = "before_last", "before_last"
        gold = sorted({x for tt, x in pts if tt == t0})
        return self.rec(q, gold, "entity", "day", qt, cons, spec)

    def same_period(self) -> dict[str, Any] | None:
        s1, r, o, t1 = self.pick()
        rng = self.rng
        if len(self.D.by_sro[(s1, r, o)]) != 1:
            return None
        S1, Ob = nice(s1, rng), nice(o, rng)
        unit = rng.choice(["month", "month", "day"])
        key = t1[:7] if unit == "month" else t1
        gold = sorted({x for tt, x in self.D.by_ro[(r, o)] if tt.startswith(key) and x != s1})
        if unit == "month":
            q = rng.choice(
                [
                    f"Who else {self.p(r, 'past')} {Ob} in the same month as {S1}?",
                    f"In the month {S1} {self.p(r, 'past')} {Ob}, who else did the same?",
                    f"Which other actors {self.p(r, 'past')} {Ob} during the month when {S1} did?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"Who else {self.p(r, 'past')} {Ob} on the same day as {S1}?",
                    f"On the day {S1} {self.p(r, 'past')} {Ob}, who else did too?",
                ]
            )
        spec = {"slot": "subject", "o": o, "r": r, "same": unit, "anchor": [s1, r, o], "rel": "same", "exclude": s1}
        return self.rec(q, gold, "entity", unit, "equal_multi", f"same_{unit}", spec)

    # ------------------------------------------------------------------------------------------------ time answers
    def when(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        rng = self.rng
        ts = [x for x in self.D.by_sro[(s, r, o)] if self.lo <= x <= self.hi]
        S, Ob = nice(s, rng), nice(o, rng)
        g = rng.choice(["day", "day", "month", "year"])
        y = t[:4]
        if self.scoped:
            ts = [x for x in ts if x.startswith(y)]
        gold = sorted({gran(x, g) for x in ts})
        sc = f" in {y}" if self.scoped else ""
        if g == "day":
            q = rng.choice(
                [
                    f"When{sc} did {S} {self.p(r, 'base')} {Ob}?",
                    f"On what date{sc} did {S} {self.p(r, 'base')} {Ob}?",
                    f"What was the date{sc} when {S} {self.p(r, 'past')} {Ob}?",
                    f"Which day{sc} saw {S} {self.p(r, 'base')} {Ob}?",
                ]
            )
        elif g == "month":
            q = rng.choice(
                [
                    f"In which month{sc} did {S} {self.p(r, 'base')} {Ob}?",
                    f"What month{' of ' + y if sc else ''} was it when {S} {self.p(r, 'past')} {Ob}?",
                    f"Which month{' of ' + y if sc else ''} saw {S} {self.p(r, 'base')} {Ob}?",
                ]
            )
        else:
            q = rng.choice(
                [f"What year did {S} {self.p(r, 'base')} {Ob}?", f"In which year did {S} {self.p(r, 'base')} {Ob}?"]
            )
            if self.scoped:
                return None  # a year asked without scope on the sampled store could be missing earlier years
        if len(gold) != 1:
            return None  # "in which month" asks for one: several would be ambiguous beyond the wording
        a, b = (f"{y}-01-01", f"{y}-12-31") if self.scoped else (self.lo, self.hi)
        spec = {"slot": "time", "s": s, "o": o, "r": r, "a": a, "b": b, "gran": g}
        return self.rec(q, gold, "time", g, "equal", f"when_{g}", spec)

    def first_last_time(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        rng = self.rng
        S, Ob = nice(s, rng), nice(o, rng)
        which = rng.choice(["first", "last"])
        g = rng.choice(["day", "month", "year"])
        a, b = self.lo, self.hi
        sc = ""
        if self.scoped and which == "first":
            y = t[:4]
            a, b, sc = f"{y}-01-01", f"{y}-12-31", f" in {y}"
            if g == "year":
                g = "month"
        ts = [x for x in self.D.by_sro[(s, r, o)] if a <= x <= b]
        if len(ts) < 2:
            return None
        x0 = min(ts) if which == "first" else max(ts)
        if which == "last" and max(self.D.by_sro[(s, r, o)]) != x0:
            return None
        gold = [gran(x0, g)]
        if g == "day":
            q = rng.choice(
                [
                    f"When did {S} {which} {self.p(r, 'base')} {Ob}{sc}?",
                    f"On what day{sc} did {S} {self.p(r, 'base')} {Ob} for the {which} time?",
                ]
            )
        elif g == "month":
            q = rng.choice(
                [
                    f"In which month{sc} did {S} {which} {self.p(r, 'base')} {Ob}?",
                    f"What was the {which} month{sc} in which {S} {self.p(r, 'past')} {Ob}?",
                    f"Which month{sc} saw {S} {self.p(r, 'base')} {Ob} for the {which} time?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"In what year did {S} {which} {self.p(r, 'base')} {Ob}?",
                    f"What was the {which} year in which {S} {self.p(r, 'past')} {Ob}?",
                ]
            )
        spec = {
            "slot": "time",
            "s": s,
            "o": o,
            "r": r,
            "a": a,
            "b": b,
            "gran": g,
            "pick": "min" if which == "first" else "max",
        }
        return self.rec(q, gold, "time", g, "first_last", f"{which}_time_{g}", spec)

    def next_after_date(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        rng = self.rng
        S, Ob = nice(s, rng), nice(o, rng)
        ref = d(t) - timedelta(days=rng.randrange(3, 40))
        if ref.isoformat() < self.lo:
            return None
        a = (ref + timedelta(days=1)).isoformat()
        ts = [x for x in self.D.by_sro[(s, r, o)] if a <= x <= self.hi]
        gold = [min(ts)]
        q = rng.choice(
            [
                f"After {date_text(ref, rng)}, when did {S} next {self.p(r, 'base')} {Ob}?",
                f"What was the first date after {date_text(ref, rng)} on which {S} {self.p(r, 'past')} {Ob}?",
            ]
        )
        spec = {"slot": "time", "s": s, "o": o, "r": r, "a": a, "b": self.hi, "gran": "day", "pick": "min"}
        return self.rec(q, gold, "time", "day", "after_first", "next_time_after_date", spec)

    def both_month(self) -> dict[str, Any] | None:
        """equal_multi as a time question: the month(s) in which both A and B did r to Ob."""
        s1, r, o, t = self.pick()
        rng = self.rng
        others = {x for tt, x in self.D.by_ro[(r, o)] if tt[:7] == t[:7] and x != s1 and nice(x, rng)}
        if not others:
            return None
        s2 = rng.choice(sorted(others))
        y = t[:4]
        a, b = (f"{y}-01-01", f"{y}-12-31") if self.scoped else (self.lo, self.hi)
        m1 = {x[:7] for x in self.D.by_sro[(s1, r, o)] if a <= x <= b}
        m2 = {x[:7] for x in self.D.by_sro[(s2, r, o)] if a <= x <= b}
        gold = sorted(m1 & m2)
        if len(gold) != 1:
            return None
        A, B, Ob = nice(s1, rng), nice(s2, rng), nice(o, rng)
        sc = f" of {y}" if self.scoped else ""
        q = rng.choice(
            [
                f"Which month{sc} saw both {A} and {B} {self.p(r, 'base')} {Ob}?",
                f"In what month{sc} did {A} and {B} each {self.p(r, 'base')} {Ob}?",
            ]
        )
        spec = {"slot": "time", "s": s1, "s2": s2, "o": o, "r": r, "a": a, "b": b, "gran": "month", "both": True}
        return self.rec(q, gold, "time", "month", "equal_multi", "both_same_month", spec)

    # ---------------------------------------------------------------------------------------------------------
    def rec(
        self, q: str, gold: list[str], atype: str, lvl: str, qtype: str, cons: str, spec: dict[str, Any]
    ) -> dict[str, Any] | None:
        if not gold or len(gold) > MAX_GOLD or "None" in q:
            return None
        q = " ".join(q.split())
        return {
            "question": q[0].upper() + q[1:],
            "answers": gold,
            "answer_type": atype,
            "time_level": lvl,
            "qtype": qtype,
            "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
            "construction": cons,
            "store": "icews05-15 (mtq)" if self.store == "mtq" else "icews14 (bench)",
            "spec": spec,
            "evidence": [],
        }


# -------------------------------------------------------------------------------------------- second gold check
def check(store: Any, spec: dict[str, Any], lo: str, hi: str) -> list[str]:
    """Recompute the gold in Cypher alone from the spec (anchor date looked up again, uniqueness checked again)."""
    a, b = spec.get("a"), spec.get("b")
    if "anchor" in spec:
        s1, r1, o1 = spec["anchor"]
        rows = store.run(
            "MATCH (x:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity {name: $o}) "
            "WHERE e.relation = $r RETURN collect(DISTINCT e.valid_from) AS ts",
            {"s": s1, "r": r1, "o": o1},
        )
        ts = rows[0]["ts"]
        if len(ts) != 1:
            return ["<anchor not unique>"]
        t1 = ts[0]
        if spec["rel"] == "after":
            a = str(date.fromisoformat(str(t1)) + timedelta(days=1))
            b = b or hi
        elif spec["rel"] == "before":
            b = str(date.fromisoformat(str(t1)) - timedelta(days=1))
            a = a or "0001-01-01"
        else:
            u = str(t1)
            if spec["same"] == "month":
                y, m = int(u[:4]), int(u[5:7])
                a, b = f"{u[:7]}-01", f"{u[:7]}-{calendar.monthrange(y, m)[1]:02d}"
            else:
                a = b = u
    p = {
        "r": spec["r"],
        "a": a,
        "b": b,
        "s": spec.get("s"),
        "o": spec.get("o"),
        "s2": spec.get("s2"),
        "ex": spec.get("exclude", ""),
    }
    if spec["slot"] == "subject":
        q = (
            "MATCH (e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r "
            "AND e.valid_from >= date($a) AND e.valid_from <= date($b) "
            "MATCH (e)-[:SUBJECT]->(x:Entity) WHERE x.name <> $ex RETURN x.name AS v, e.valid_from AS t"
        )
    elif spec["slot"] == "object":
        q = (
            "MATCH (e:Event)-[:SUBJECT]->(:Entity {name: $s}) WHERE e.relation = $r "
            "AND date($a) <= e.valid_from <= date($b) "
            "MATCH (e)-[:OBJECT]->(x:Entity) WHERE x.name <> $ex RETURN x.name AS v, e.valid_from AS t"
        )
    else:
        q = (
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e.relation = $r AND date($a) <= e.valid_from <= date($b) RETURN toString(e.valid_from) AS v, "
            "e.valid_from AS t"
        )
    rows = store.run(q, p)
    if spec.get("pick"):
        if not rows:
            return []
        ts = [row["t"] for row in rows]
        t0 = min(ts) if spec["pick"] == "min" else max(ts)
        rows = [row for row in rows if row["t"] == t0]
    vals = {row["v"] for row in rows}
    if spec["slot"] == "time":
        g = spec["gran"]
        vals = {gran(v, g) for v in vals}
        if spec.get("both"):
            p2 = dict(p, s=spec["s2"])
            other = {gran(row["v"], g) for row in store.run(q, p2)}
            vals &= other
    return sorted(vals)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=("mtq", "icews14"), required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=80)
    args = ap.parse_args()
    lo, hi = ("2014-01-01", "2015-12-31") if args.store == "mtq" else ("2014-01-01", "2014-12-31")
    rng = random.Random(SEED + (0 if args.store == "mtq" else 1))
    store = connect(start_managed=False, ensure_schema=False)
    data = Data(store.run(DUMP, {"rels": sorted(REL)}))
    if args.store == "icews14":
        lo, hi = min(e[3] for e in data.ev), max(e[3] for e in data.ev)
    gen = Gen(data, args.store, lo, hi, rng)
    makers = [
        (gen.equal_day, 10),
        (gen.equal_window, 14),
        (gen.before_after_date, 10),
        (gen.anchored_others, 8),
        (gen.first_last_entity, 12),
        (gen.after_first_before_last, 8),
        (gen.same_period, 8),
        (gen.when, 8),
        (gen.first_last_time, 10),
        (gen.next_after_date, 4),
        (gen.both_month, 4),
    ]
    total_w = sum(w for _, w in makers)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for fn, w in makers:
        want = max(2, round(args.n * w / total_w))
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            r = fn()
            if r is None or r["question"].lower() in seen:
                continue
            seen.add(r["question"].lower())
            out.append(r)
            got += 1
    rng.shuffle(out)
    agree = 0
    for i, r in enumerate(out):
        r["quid"] = f"b12-{args.store}-{i:03d}"
        r["gold_check"] = check(store, r["spec"], lo, hi)
        r["gold_check_agrees"] = r["gold_check"] == r["answers"]
        agree += r["gold_check_agrees"]
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    counts: dict[str, int] = defaultdict(int)
    for r in out:
        counts[r["construction"]] += 1
    print(
        json.dumps({"store": args.store, "n": len(out), "gold_check_agree": agree, "constructions": counts}, indent=1)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
