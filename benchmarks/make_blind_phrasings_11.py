"""Blind held-out set 11: MultiTQ-kind questions in free phrasing, with gold answers computed exactly from the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_11.py --store mtq --n 85 --out DIR/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_11.py --store bench --n 65 --out DIR/blind_icews14.jsonl

The whole store is read once (every event: subject, relation, object, day) and every gold answer is computed in Python
over it, so "first", "last" and anchor uniqueness are over the whole store, not one period. Questions are only asked
inside the period where the KG is complete (``--store mtq``: 2014-01-01..2015-12-31 of the partial ICEWS05-15, with
"first" and "before" questions scoped inside it by their wording; ``--store bench``: ICEWS14). Each gold is then
rechecked with a second Cypher query per question, written differently (date comparisons and aggregation in the
database), and the agreement is printed; a question whose two golds differ is dropped. Reads only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261211
PERIOD = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
MAX_GOLD = 5
KG_NAME = {"mtq": "icews05-15 (partial; complete 2014-2015)", "bench": "icews14"}

# relation -> phrasings (simple past with {o}, bare infinitive with {o}, passive participle or None)
PHRASES: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_a_visit": [("visited {o}", "visit {o}", "visited"), ("went to {o}", "go to {o}", None)],
    "Host_a_visit": [("hosted {o}", "host {o}", "hosted"), ("received {o} as a guest", "receive {o} as a guest", None)],
    "Praise_or_endorse": [
        ("praised {o}", "praise {o}", "praised"),
        ("spoke approvingly of {o}", "speak approvingly of {o}", None),
        ("endorsed {o}", "endorse {o}", "endorsed"),
    ],
    "Criticize_or_denounce": [
        ("criticized {o}", "criticize {o}", "criticized"),
        ("condemned {o}", "condemn {o}", "condemned"),
        ("spoke out against {o}", "speak out against {o}", None),
    ],
    "Accuse": [
        ("accused {o}", "accuse {o}", "accused"),
        ("levelled accusations at {o}", "level accusations at {o}", None),
    ],
    "Make_an_appeal_or_request": [
        ("appealed to {o}", "appeal to {o}", "appealed to"),
        ("made a request of {o}", "make a request of {o}", None),
        ("called on {o}", "call on {o}", "called on"),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("said they wanted to meet {o}", "say they wanted to meet {o}", None),
        ("signalled readiness to negotiate with {o}", "signal readiness to negotiate with {o}", None),
        ("proposed talks with {o}", "propose talks with {o}", None),
    ],
    "Consult": [
        ("consulted {o}", "consult {o}", "consulted"),
        ("held consultations with {o}", "hold consultations with {o}", None),
    ],
    "Engage_in_negotiation": [
        ("negotiated with {o}", "negotiate with {o}", "negotiated with"),
        ("sat down for negotiations with {o}", "sit down for negotiations with {o}", None),
    ],
    "Sign_formal_agreement": [
        ("signed an agreement with {o}", "sign an agreement with {o}", None),
        ("concluded a formal agreement with {o}", "conclude a formal agreement with {o}", None),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with {o}", "offer to cooperate with {o}", None),
        ("pledged to work together with {o}", "pledge to work together with {o}", None),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperated diplomatically with {o}", "cooperate diplomatically with {o}", None),
        ("worked with {o} on the diplomatic front", "work with {o} on the diplomatic front", None),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        ("extended an offer of diplomatic support to {o}", "extend an offer of diplomatic support to {o}", None),
        ("promised diplomatic backing to {o}", "promise diplomatic backing to {o}", None),
    ],
    "Discuss_by_telephone": [
        ("phoned {o}", "phone {o}", "phoned"),
        ("spoke by telephone with {o}", "speak by telephone with {o}", None),
        ("had a phone call with {o}", "have a phone call with {o}", None),
    ],
    "Reject": [("rejected {o}", "reject {o}", "rejected"), ("turned down {o}", "turn down {o}", "turned down")],
    "Threaten": [
        ("threatened {o}", "threaten {o}", "threatened"),
        ("made threats against {o}", "make threats against {o}", None),
    ],
    "Demand": [
        ("made demands of {o}", "make demands of {o}", None),
        ("put demands to {o}", "put demands to {o}", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested {o}", "arrest {o}", "arrested"),
        ("detained or charged {o}", "detain or charge {o}", "detained or charged"),
    ],
    "Use_conventional_military_force": [
        ("used military force against {o}", "use military force against {o}", None),
        ("carried out military strikes on {o}", "carry out military strikes on {o}", None),
    ],
    "Provide_humanitarian_aid": [
        ("sent humanitarian aid to {o}", "send humanitarian aid to {o}", None),
        ("gave relief aid to {o}", "give relief aid to {o}", None),
    ],
    "Make_optimistic_comment": [
        ("made upbeat remarks about {o}", "make upbeat remarks about {o}", None),
        ("sounded optimistic about {o}", "sound optimistic about {o}", None),
    ],
    "Investigate": [
        ("investigated {o}", "investigate {o}", "investigated"),
        ("opened an inquiry into {o}", "open an inquiry into {o}", None),
    ],
}

# sector entities "Role (Country)" as people write them
SECTORS = {
    "Citizen": ["citizens of {c}", "{c}'s citizens"],
    "Police": ["the police of {c}", "police in {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign ministry"],
    "Protester": ["protesters in {c}", "demonstrators in {c}"],
}
SECTOR_RE = re.compile(r"^(.+) \(([^()]+)\)$")

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
ORD = ["first", "second", "third", "fourth"]
HOLIDAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (7, 4): "the Fourth of July",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
}

Event = tuple[str, str, str, str]  # subject name, relation, object name, ISO day


def d_(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def day_text(s: str, rng: random.Random) -> str:
    d = d_(s)
    k = rng.randrange(4)
    if k == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if k == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if k == 2:
        return f"{d.strftime('%A')} {d.day} {MONTHS[d.month - 1]} {d.year}"
    return f"{MONTHS[d.month - 1][:3]} {d.day} {d.year}"


def on_day(s: str, rng: random.Random) -> str:
    """A day as people name it: plain date, holiday, or relative to a neighbouring date."""
    d = d_(s)
    if (d.month, d.day) in HOLIDAYS and rng.random() < 0.8:
        return f"on {HOLIDAYS[(d.month, d.day)]} {d.year}"
    k = rng.randrange(5)
    if k == 0:
        return f"the day after {day_text((d - dt.timedelta(days=1)).isoformat(), rng)}"
    if k == 1:
        return f"two days before {day_text((d + dt.timedelta(days=2)).isoformat(), rng)}"
    return f"on {day_text(s, rng)}"


def month_text(ym: str, rng: random.Random) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}", f"{MONTHS[m - 1][:3]} {y}"])


def ent(name: str, rng: random.Random, sector_bias: float = 0.7) -> str:
    m = SECTOR_RE.match(name)
    if (
        m
        and m.group(1) in SECTORS
        and "/" not in m.group(2)
        and m.group(2) not in ("International", "Unidentified State Actor")
        and rng.random() < sector_bias
    ):
        c = m.group(2)
        return rng.choice(SECTORS[m.group(1)]).format(c=c).replace(f"{c}'s", f"{c}'" if c.endswith("s") else f"{c}'s")
    return name


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


class KG:
    def __init__(self, events: list[Event], lo: str, hi: str) -> None:
        self.events = events
        self.lo, self.hi = lo, hi
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (r,o) -> [(day, s)]
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (s,r) -> [(day, o)]
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, t in events:
            self.ro[(r, o)].append((t, s))
            self.sr[(s, r)].append((t, o))
            self.sro[(s, r, o)].append(t)
        self.inside = [e for e in events if lo <= e[3] <= hi and e[1] in PHRASES]

    def subjects(self, r: str, o: str, a: str, b: str) -> list[str]:
        return sorted({s for t, s in self.ro[(r, o)] if a <= t <= b})


class Gen:
    """One question per call; returns None when the sampled fact does not make a clean question."""

    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng = kg, store, rng

    def ph(self, r: str) -> tuple[str, str, str | None]:
        return self.rng.choice(PHRASES[r])

    def pick(self) -> Event:
        return self.rng.choice(self.kg.inside)

    # ---------------------------------------------------------------- equal, one day, entity answer
    def equal_day_who(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        gold = self.kg.subjects(r, o, t, t)
        if len(gold) > MAX_GOLD:
            return None
        past, _base, pp = self.ph(r)
        when = on_day(t, self.rng)
        obj = ent(o, self.rng)
        k = self.rng.randrange(3)
        if k == 0:
            q = f"Who {past.format(o=obj)} {when}?"
        elif k == 1:
            q = f"{cap(when)}, which actors {past.format(o=obj)}?"
        elif pp:
            q = f"{cap(obj)} was {pp} by whom {when}?"
        else:
            q = f"Can you tell me who {past.format(o=obj)} {when}?"
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level="day",
            qtype="equal",
            check=("subjects", r, o, t, t),
            ev=[(x, r, o, t) for x in gold],
        )

    # ---------------------------------------------------------------- equal, a window, entity answer
    def window(self, t: str) -> tuple[str, str, str, str, str | None] | None:
        """A window around day t: (text, start, end, level, alternative end for fuzzy edges)."""
        d = d_(t)
        y = d.year
        k = self.rng.randrange(7)
        if k == 0:
            a = d.replace(day=1)
            b = (a + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
            return (
                self.rng.choice(["in ", "during ", "over the course of "]) + month_text(t[:7], self.rng),
                a.isoformat(),
                b.isoformat(),
                "month",
                None,
            )
        if k == 1:
            qn = (d.month - 1) // 3
            a = dt.date(y, 3 * qn + 1, 1)
            b = (dt.date(y, 3 * qn + 3, 1) + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
            txt = self.rng.choice([f"in Q{qn + 1} {y}", f"in the {ORD[qn]} quarter of {y}"])
            return (txt, a.isoformat(), b.isoformat(), "month", None)
        if k == 2:
            h = 0 if d.month <= 6 else 1
            a, b = (dt.date(y, 1, 1), dt.date(y, 6, 30)) if h == 0 else (dt.date(y, 7, 1), dt.date(y, 12, 31))
            return (f"in the {['first', 'second'][h]} half of {y}", a.isoformat(), b.isoformat(), "month", None)
        if k == 3:
            a = d - dt.timedelta(days=self.rng.randrange(7))
            b = a + dt.timedelta(days=6)
            if a.month == b.month:
                txt = f"between {a.day} and {b.day} {MONTHS[a.month - 1]} {a.year}"
            else:
                txt = f"between {day_text(a.isoformat(), self.rng)} and {day_text(b.isoformat(), self.rng)}"
            return (txt, a.isoformat(), b.isoformat(), "day", None)
        if k == 4:
            if d.day > 10:
                return None
            return (
                f"in the first ten days of {month_text(t[:7], self.rng)}",
                d.replace(day=1).isoformat(),
                d.replace(day=10).isoformat(),
                "day",
                None,
            )
        if k == 5:
            # seasons (northern): meteorological edges; the question is kept only if astronomical edges agree
            seasons = [
                ("spring", 3, 5, (3, 20), (6, 20)),
                ("summer", 6, 8, (6, 21), (9, 22)),
                ("autumn", 9, 11, (9, 23), (12, 20)),
            ]
            for name, m1, m2, s1, s2 in seasons:
                if m1 <= d.month <= m2:
                    a = dt.date(y, m1, 1)
                    b = (dt.date(y, m2, 1) + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
                    alt = f"{dt.date(y, *s1).isoformat()}|{dt.date(y, *s2).isoformat()}"
                    return (f"in the {name} of {y}", a.isoformat(), b.isoformat(), "month", alt)
            return None
        a = d - dt.timedelta(days=self.rng.randrange(14))
        b = a + dt.timedelta(days=13)
        return (
            f"in the two weeks starting {day_text(a.isoformat(), self.rng)}",
            a.isoformat(),
            b.isoformat(),
            "day",
            None,
        )

    def equal_window_who(self, sector: bool = False) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        if sector and not (SECTOR_RE.match(o) or SECTOR_RE.match(s)):
            return None
        w = self.window(t)
        if w is None:
            return None
        txt, a, b, level, alt = w
        if a < self.kg.lo or b > self.kg.hi:
            return None
        gold = self.kg.subjects(r, o, a, b)
        if len(gold) > MAX_GOLD:
            return None
        if alt:
            a2, b2 = alt.split("|")
            if self.kg.subjects(r, o, a2, b2) != gold:
                return None
        past, _base, pp = self.ph(r)
        obj = ent(o, self.rng, 0.95 if sector else 0.6)
        k = self.rng.randrange(4)
        if k == 0:
            q = f"Who {past.format(o=obj)} {txt}?"
        elif k == 1:
            q = f"{cap(txt)}, who {past.format(o=obj)}?"
        elif k == 2 and pp:
            q = f"By whom was {obj} {pp} {txt}?"
        else:
            q = f"List everyone that {past.format(o=obj)} {txt}."
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level=level,
            qtype="equal",
            check=("subjects", r, o, a, b),
            ev=[(x, r, o, tt) for tt, x in sorted(self.kg.ro[(r, o)]) if a <= tt <= b],
        )

    def sector_who(self) -> dict[str, Any] | None:
        return self.equal_window_who(sector=True)

    # ---------------------------------------------------------------- time answers (equal)
    def when_time(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        days = sorted(self.kg.sro[(s, r, o)])
        past, _base, _pp = self.ph(r)
        S, obj = ent(s, self.rng), ent(o, self.rng)
        scope = ""
        if self.store == "mtq":
            scope = self.rng.choice([f" in {t[:4]}", f" during {t[:4]}"])
        inside = [x for x in days if (x[:4] == t[:4] if self.store == "mtq" else True)]
        if len(set(days)) == 1:
            level, gold = "day", t
            q = self.rng.choice(
                [
                    f"When exactly did {S} {self.base(r, obj)}{scope}?",
                    f"On what date{scope} did {S} {self.base(r, obj)}?",
                    f"Which day{scope} saw {S} {self.base(r, obj)}?",
                ]
            )
        elif len({x[:7] for x in inside}) == 1 and len({x[:7] for x in days}) == 1:
            level, gold = "month", t[:7]
            q = self.rng.choice(
                [
                    f"In which month{scope} did {S} {self.base(r, obj)}?",
                    f"What month{scope} was it when {S} {past.format(o=obj)}?",
                    f"{cap(S)} {past.format(o=obj)}{scope}. Which month was that?",
                ]
            )
        elif self.store == "mtq" and len({x[:4] for x in days}) == 1:
            level, gold = "year", t[:4]
            q = self.rng.choice(
                [
                    f"In what year did {S} {self.base(r, obj)}?",
                    f"Which year was it that {S} {past.format(o=obj)}?",
                ]
            )
        else:
            return None
        if len(inside) != len(days):
            return None
        return dict(
            question=q,
            answers=[gold],
            answer_type="time",
            time_level=level,
            qtype="equal",
            check=("times", s, r, o, level),
            ev=[(s, r, o, x) for x in days],
        )

    def base(self, r: str, obj: str) -> str:
        return self.ph(r)[1].format(o=obj)

    # ---------------------------------------------------------------- before/after a date, entity answer
    def before_after_date(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        after = self.rng.random() < 0.5
        month = self.rng.random() < 0.4
        d = d_(t)
        past, _base, _pp = self.ph(r)
        obj = ent(o, self.rng)
        if month:
            cut_txt = month_text(t[:7], self.rng)
            m_first = d.replace(day=1)
            m_last = (m_first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
            a, b = (m_last + dt.timedelta(days=1)).isoformat(), (m_first - dt.timedelta(days=1)).isoformat()
        else:
            cut_txt = day_text(t, self.rng)
            a, b = (d + dt.timedelta(days=1)).isoformat(), (d - dt.timedelta(days=1)).isoformat()
        if after:
            lo = a
            hi = "9999-12-31"
            phr = self.rng.choice(
                [f"after {cut_txt}", f"later than {cut_txt}" if not month else f"after the end of {cut_txt}"]
            )
        else:
            lo = f"{t[:4]}-01-01" if self.store == "mtq" else "0000-01-01"
            hi = b
            if self.store == "mtq":
                short = (
                    MONTHS[d.month - 1]
                    if month
                    else self.rng.choice([f"{d.day} {MONTHS[d.month - 1]}", f"{MONTHS[d.month - 1]} {d.day}"])
                )
                phr = self.rng.choice(
                    [
                        f"in {t[:4]}, before {short}",
                        f"between the start of {t[:4]} and {cut_txt}"
                        if not month
                        else f"earlier in {t[:4]} than {short}",
                    ]
                )
                if phr.startswith("between") and not month:
                    hi = t  # "between start and D" includes D
            else:
                phr = f"before {cut_txt}"
        if lo > hi:
            return None
        gold = self.kg.subjects(r, o, lo, hi)
        if not gold or len(gold) > MAX_GOLD:
            return None
        k = self.rng.randrange(3)
        if k == 0:
            q = f"Who {past.format(o=obj)} {phr}?"
        elif k == 1:
            q = f"{cap(phr)}, which parties {past.format(o=obj)}?"
        else:
            q = f"Name the actors who {past.format(o=obj)} {phr}."
        level = "month" if month else "day"
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level=level,
            qtype="before_after",
            check=("subjects", r, o, lo, hi),
            ev=[(x, r, o, tt) for tt, x in sorted(self.kg.ro[(r, o)]) if lo <= tt <= hi],
        )

    # ---------------------------------------------------------------- before/after a unique anchor, entity answer
    def anchor(self) -> Event | None:
        s, r, o, t = self.pick()
        if len(self.kg.sro[(s, r, o)]) != 1:
            return None
        return s, r, o, t

    def anchor_objects(self) -> dict[str, Any] | None:
        an = self.anchor()
        if an is None:
            return None
        s, r, o1, t = an
        after = self.rng.random() < 0.5
        if after:
            lo, hi = (d_(t) + dt.timedelta(days=1)).isoformat(), "9999-12-31"
        else:
            lo = f"{t[:4]}-01-01" if self.store == "mtq" else "0000-01-01"
            hi = (d_(t) - dt.timedelta(days=1)).isoformat()
        gold = sorted({o for tt, o in self.kg.sr[(s, r)] if lo <= tt <= hi and o != o1})
        if not gold or len(gold) > MAX_GOLD:
            return None
        ends = [p for p in PHRASES[r] if p[1].endswith("{o}")]
        if not ends:
            return None
        past, base, _pp = self.rng.choice(ends)
        S, obj1 = ent(s, self.rng), ent(o1, self.rng)
        b2 = base.replace(" {o}", "").replace("{o}", "")
        done = self.pp_or_past(r, past.replace(" {o}", ""))
        if after:
            q = self.rng.choice(
                [
                    f"After {S} {past.format(o=obj1)}, who else did {S} {b2}?",
                    f"Once {S} had {self.pp_or_past(r, past).format(o=obj1)}, whom did they go on to {b2}?",
                    f"Which others did {S} {b2} after they {past.format(o=obj1)}?",
                ]
            )
        elif self.store == "mtq":
            q = self.rng.choice(
                [
                    f"Earlier in {t[:4]}, before {S} {past.format(o=obj1)}, who else had {S} {done}?",
                    f"In {t[:4]}, whom did {S} {b2} before they {past.format(o=obj1)}?",
                ]
            )
        else:
            q = self.rng.choice(
                [
                    f"Before {S} {past.format(o=obj1)}, who else did {S} {b2}?",
                    f"Whom had {S} already {done} by the time they {past.format(o=obj1)}?",
                ]
            )
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level="day",
            qtype="before_after",
            check=("anchor_objects", s, r, o1, "after" if after else "before", lo if not after else None),
            ev=[(s, r, o1, t)] + [(s, r, o, tt) for tt, o in sorted(self.kg.sr[(s, r)]) if lo <= tt <= hi and o != o1],
        )

    def pp_or_past(self, r: str, past: str) -> str:
        # "Once X had <participle>": regular -ed forms double as participles; irregular ones are rewritten
        fix = {
            "went to": "gone to",
            "spoke ": "spoken ",
            "made ": "made ",
            "sat down": "sat down",
            "gave ": "given ",
            "sent ": "sent ",
            "held ": "held ",
            "put ": "put ",
            "had a": "had a",
            "said it": "said it",
        }
        for a, b in fix.items():
            if past.startswith(a):
                return b + past[len(a) :]
        return past

    # ---------------------------------------------------------------- first/last, entity answer
    def first_last_who(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        first = self.rng.random() < 0.5
        k = self.rng.randrange(3)
        if k == 0 and (self.store == "bench" or not first):
            lo, hi, scope = "0000-01-01", "9999-12-31", ""
            level = "day"
        elif k == 1:
            lo, hi, scope = f"{t[:4]}-01-01", f"{t[:4]}-12-31", self.rng.choice([f" in {t[:4]}", f" during {t[:4]}"])
            level = "year"
        else:
            a = d_(t).replace(day=1)
            b = (a + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
            lo, hi, scope = a.isoformat(), b.isoformat(), f" in {month_text(t[:7], self.rng)}"
            level = "month"
        days = [tt for tt, _ in self.kg.ro[(r, o)] if lo <= tt <= hi]
        if len(set(days)) < 2:
            return None
        edge = min(days) if first else max(days)
        if edge < self.kg.lo:
            return None
        gold = sorted({x for tt, x in self.kg.ro[(r, o)] if tt == edge})
        if len(gold) > MAX_GOLD:
            return None
        past, base, _pp = self.ph(r)
        obj = ent(o, self.rng)
        w = "first" if first else "last"
        if not scope and not first:
            q = self.rng.choice(
                [
                    f"Who was the last to {base.format(o=obj)}?",
                    f"Who {past.format(o=obj)} most recently, going by the record?",
                ]
            )
        else:
            q = self.rng.choice(
                [
                    f"Who was the {w} to {base.format(o=obj)}{scope}?",
                    f"{cap(scope.strip())}, who {past.format(o=obj)} {w}?"
                    if scope
                    else f"Who {past.format(o=obj)} {w}?",
                    f"Which actor was {'earliest' if first else 'latest'} to {base.format(o=obj)}{scope}?",
                ]
            )
        qtype = "first_last" if not scope else "equal_multi"
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level=level,
            qtype=qtype,
            check=("edge_subjects", r, o, lo, hi, w),
            ev=[(x, r, o, edge) for x in gold],
        )

    # ---------------------------------------------------------------- first/last, time answer at a granularity
    def first_last_time(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        days = sorted(self.kg.sro[(s, r, o)])
        if len(set(days)) < 2:
            return None
        first = self.rng.random() < 0.5
        levels = ["day", "month"] + (["year"] if self.store == "mtq" else [])
        level = self.rng.choice(levels)
        scope = ""
        if first and self.store == "mtq":
            yr = t[:4]
            if level == "year":
                return None
            days = [x for x in days if x[:4] == yr]
            if len(set(days)) < 2:
                return None
            scope = self.rng.choice(
                [f" in {yr}", f" during {yr}", f" after New Year {yr}" if yr == "2014" else f" in {yr}"]
            )
        edge = days[0] if first else days[-1]
        if edge < self.kg.lo:
            return None
        gold = edge if level == "day" else edge[:7] if level == "month" else edge[:4]
        if level == "year" and len({x[:4] for x in days}) < 2:
            return None
        if level == "month" and len({x[:7] for x in days}) < 2:
            return None
        past, base, _pp = self.ph(r)
        S, obj = ent(s, self.rng), ent(o, self.rng)
        w = "first" if first else "last"
        unit = {"day": "date", "month": "month", "year": "year"}[level]
        extreme = "earliest" if first else "latest"
        q = self.rng.choice(
            [
                f"When did {S} {w} {base.format(o=obj)}{scope}?"
                if level == "day"
                else f"In which {unit} did {S} {w} {base.format(o=obj)}{scope}?",
                f"What was the {unit} {S} {w} {past.format(o=obj)}{scope}?",
                f"Of all the times {S} {past.format(o=obj)}{scope}, which {unit} was the {extreme}?",
            ]
        )
        return dict(
            question=q,
            answers=[gold],
            answer_type="time",
            time_level=level,
            qtype="first_last",
            check=("edge_time", s, r, o, scope.strip()[-4:] if scope else None, w, level),
            ev=[(s, r, o, edge)],
        )

    # ---------------------------------------------------------------- after_first / before_last (unique anchor)
    def after_first(self) -> dict[str, Any] | None:
        an = self.anchor()
        if an is None:
            return None
        s1, r, o, t = an
        later = [(tt, x) for tt, x in self.kg.ro[(r, o)] if tt > t]
        if not later:
            return None
        edge = min(tt for tt, _ in later)
        gold = sorted({x for tt, x in later if tt == edge})
        if len(gold) > MAX_GOLD:
            return None
        past, base, _pp = self.ph(r)
        S1, obj = ent(s1, self.rng), ent(o, self.rng)
        q = self.rng.choice(
            [
                f"After {S1} {past.format(o=obj)}, who did so next?",
                f"Following {S1}, who was next to {base.format(o=obj)}?",
                f"Who {past.format(o=obj)} first after {S1} had done so?",
            ]
        )
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level="day",
            qtype="after_first",
            check=("anchor_edge", s1, r, o, "after"),
            ev=[(s1, r, o, t)] + [(x, r, o, edge) for x in gold],
        )

    def before_last(self) -> dict[str, Any] | None:
        an = self.anchor()
        if an is None:
            return None
        s1, r, o, t = an
        earlier = [(tt, x) for tt, x in self.kg.ro[(r, o)] if tt < t]
        if not earlier:
            return None
        edge = max(tt for tt, _ in earlier)
        if edge < self.kg.lo:
            return None
        gold = sorted({x for tt, x in earlier if tt == edge})
        if len(gold) > MAX_GOLD:
            return None
        past, base, _pp = self.ph(r)
        S1, obj = ent(s1, self.rng), ent(o, self.rng)
        q = self.rng.choice(
            [
                f"Who was the last to {base.format(o=obj)} before {S1} did?",
                f"Just before {S1} {past.format(o=obj)}, who had last done so?",
                f"Before {S1} {past.format(o=obj)}, who was the most recent to {base.format(o=obj)}?",
            ]
        )
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level="day",
            qtype="before_last",
            check=("anchor_edge", s1, r, o, "before"),
            ev=[(s1, r, o, t)] + [(x, r, o, edge) for x in gold],
        )

    # ---------------------------------------------------------------- equal_multi: same month / same day as X
    def same_period(self) -> dict[str, Any] | None:
        s1, r, o, t = self.pick()
        days = self.kg.sro[(s1, r, o)]
        same_day = self.rng.random() < 0.35
        if same_day:
            if len(days) != 1:
                return None
            lo = hi = t
        else:
            if len({x[:7] for x in days}) != 1:
                return None
            a = d_(t).replace(day=1)
            lo, hi = a.isoformat(), ((a + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)).isoformat()
        gold = [x for x in self.kg.subjects(r, o, lo, hi) if x != s1]
        if not gold or len(gold) > MAX_GOLD:
            return None
        past, _base, _pp = self.ph(r)
        S1, obj = ent(s1, self.rng), ent(o, self.rng)
        unit = "day" if same_day else "month"
        q = self.rng.choice(
            [
                f"Who else {past.format(o=obj)} {'on' if same_day else 'in'} the same {unit} as {S1}?",
                f"{cap(S1)} {past.format(o=obj)}; who else did so that same {unit}?",
                f"{'On' if same_day else 'In'} the {unit} when {S1} {past.format(o=obj)}, which other actors also did?",
            ]
        )
        return dict(
            question=q,
            answers=gold,
            answer_type="entity",
            time_level=unit,
            qtype="equal_multi",
            check=("same_period", s1, r, o, unit),
            ev=[(s1, r, o, days[0])] + [(x, r, o, lo) for x in gold],
        )


CONSTRUCTIONS: list[tuple[str, Callable[[Gen], dict[str, Any] | None], float]] = [
    ("equal_day_who", Gen.equal_day_who, 1.0),
    ("equal_window_who", Gen.equal_window_who, 1.4),
    ("sector_who", Gen.sector_who, 0.7),
    ("when_time", Gen.when_time, 1.0),
    ("before_after_date", Gen.before_after_date, 1.0),
    ("anchor_before_after", Gen.anchor_objects, 1.0),
    ("first_last_who", Gen.first_last_who, 1.0),
    ("first_last_time", Gen.first_last_time, 1.0),
    ("after_first", Gen.after_first, 0.8),
    ("before_last", Gen.before_last, 0.8),
    ("same_period", Gen.same_period, 0.9),
]

# ---------------------------------------------------------------- second, independent gold in Cypher
Q_SUBJ = """
MATCH (ev:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
WHERE date($a) <= ev.valid_from AND ev.valid_from <= date($b)
MATCH (ev)-[:SUBJECT]->(x:Entity)
RETURN collect(DISTINCT x.name) AS v
"""
Q_TIMES = """
MATCH (:Entity {name: $s})<-[:SUBJECT]-(ev:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
RETURN collect(DISTINCT toString(ev.valid_from)) AS v
"""
Q_ANCHOR_OBJ = """
MATCH (a:Entity {name: $s})<-[:SUBJECT]-(x:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
WITH a, collect(x.valid_from) AS ts WHERE size(ts) = 1
WITH a, ts[0] AS t
MATCH (a)<-[:SUBJECT]-(y:Event {relation: $r})-[:OBJECT]->(b:Entity)
WHERE b.name <> $o AND CASE $dir WHEN 'after' THEN y.valid_from > t
      ELSE y.valid_from < t AND y.valid_from >= date($lo) END
RETURN collect(DISTINCT b.name) AS v
"""
Q_EDGE_SUBJ = """
MATCH (ev:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
WHERE ev.valid_from >= date($a) AND ev.valid_from <= date($b)
WITH ev ORDER BY ev.valid_from
WITH collect(ev) AS evs
WITH CASE $w WHEN 'first' THEN evs[0].valid_from ELSE evs[-1].valid_from END AS t, evs
UNWIND evs AS ev
WITH ev WHERE ev.valid_from = t
MATCH (ev)-[:SUBJECT]->(x)
RETURN collect(DISTINCT x.name) AS v
"""
Q_EDGE_TIME = """
MATCH (:Entity {name: $s})<-[:SUBJECT]-(ev:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
WHERE $yr IS NULL OR ev.valid_from.year = toInteger($yr)
WITH CASE $w WHEN 'first' THEN min(ev.valid_from) ELSE max(ev.valid_from) END AS t
RETURN [CASE $lvl WHEN 'day' THEN toString(t)
        WHEN 'month' THEN toString(t.year) + '-' + right('0' + toString(t.month), 2)
        ELSE toString(t.year) END] AS v
"""
Q_ANCHOR_EDGE = """
MATCH (a:Entity {name: $s})<-[:SUBJECT]-(x:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o})
WITH o, collect(x.valid_from) AS ts WHERE size(ts) = 1
WITH o, ts[0] AS t
MATCH (o)<-[:OBJECT]-(y:Event {relation: $r})
WHERE CASE $dir WHEN 'after' THEN y.valid_from > t ELSE y.valid_from < t END
WITH y.valid_from AS d, collect(y) AS ys
ORDER BY d ORDER_DIR
LIMIT 1
UNWIND ys AS y
MATCH (y)-[:SUBJECT]->(z)
RETURN collect(DISTINCT z.name) AS v
"""
Q_SAME = """
MATCH (a:Entity {name: $s})<-[:SUBJECT]-(x:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o})
WITH a, o, collect(DISTINCT CASE $unit WHEN 'day' THEN toString(x.valid_from)
                       ELSE substring(toString(x.valid_from), 0, 7) END) AS ps WHERE size(ps) = 1
MATCH (o)<-[:OBJECT]-(y:Event {relation: $r})-[:SUBJECT]->(z)
WHERE z <> a AND CASE $unit WHEN 'day' THEN toString(y.valid_from)
                  ELSE substring(toString(y.valid_from), 0, 7) END = ps[0]
RETURN collect(DISTINCT z.name) AS v
"""


def recheck(store: Any, chk: tuple[Any, ...]) -> list[str]:
    kind = chk[0]
    if kind == "subjects":
        _, r, o, a, b = chk
        a = a if a != "0000-01-01" else "0001-01-01"
        res = store.driver.execute_query(Q_SUBJ, r=r, o=o, a=a, b=b).records
    elif kind == "times":
        _, s, r, o, lvl = chk
        res = store.driver.execute_query(Q_TIMES, s=s, r=r, o=o).records
        vals = {v if lvl == "day" else v[:7] if lvl == "month" else v[:4] for v in res[0]["v"]}
        return sorted(vals)
    elif kind == "anchor_objects":
        _, s, r, o, dr, lo = chk
        res = store.driver.execute_query(
            Q_ANCHOR_OBJ, s=s, r=r, o=o, dir=dr, lo=(lo if lo and lo != "0000-01-01" else "0001-01-01")
        ).records
    elif kind == "edge_subjects":
        _, r, o, a, b, w = chk
        a = a if a != "0000-01-01" else "0001-01-01"
        res = store.driver.execute_query(Q_EDGE_SUBJ, r=r, o=o, a=a, b=b, w=w).records
    elif kind == "edge_time":
        _, s, r, o, yr, w, lvl = chk
        res = store.driver.execute_query(Q_EDGE_TIME, s=s, r=r, o=o, yr=yr, w=w, lvl=lvl).records
    elif kind == "anchor_edge":
        _, s, r, o, dr = chk
        q = Q_ANCHOR_EDGE.replace("ORDER_DIR", "ASC" if dr == "after" else "DESC")
        res = store.driver.execute_query(q, s=s, r=r, o=o, dir=dr).records
    elif kind == "same_period":
        _, s, r, o, unit = chk
        res = store.driver.execute_query(Q_SAME, s=s, r=r, o=o, unit=unit).records
    else:
        raise ValueError(kind)
    return sorted(res[0]["v"]) if res else []


def load_events(store: Any) -> list[Event]:
    rows = store.driver.execute_query(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
    ).records
    return [(x["s"], x["r"], x["o"], x["t"]) for x in rows if x["t"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIOD), required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    store = connect(start_managed=False, ensure_schema=False)
    events = load_events(store)
    kg = KG(events, *PERIOD[args.store])
    print(f"{len(events)} events, {len(kg.inside)} in the complete period with a phrased relation")
    gen = Gen(kg, args.store, rng)
    quota = {name: 0 for name, _, _ in CONSTRUCTIONS}
    total_w = sum(w for _, _, w in CONSTRUCTIONS)
    target = {name: max(1, round(args.n * w / total_w)) for name, _, w in CONSTRUCTIONS}
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    agree = disagree = 0
    for name, fn, _w in CONSTRUCTIONS:
        tries = 0
        while quota[name] < target[name] and tries < 4000:
            tries += 1
            rec = fn(gen)
            if rec is None or not rec["answers"] or len(rec["answers"]) > MAX_GOLD:
                continue
            if rec["question"] in seen:
                continue
            second = recheck(store, rec["check"])
            if sorted(second) != sorted(rec["answers"]):
                disagree += 1
                print(f"DISAGREE {name}: {rec['question']} py={rec['answers']} cypher={second}")
                continue
            agree += 1
            seen.add(rec["question"])
            quota[name] += 1
            qid = f"v11-{args.store}-{len(out) + 1:03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": rec["question"],
                    "answers": rec["answers"],
                    "answer_type": rec["answer_type"],
                    "time_level": rec["time_level"],
                    "qtype": rec["qtype"],
                    "construction": name,
                    "store": args.store,
                    "kg": KG_NAME[args.store],
                    "evidence": [[s, r, o, t] for s, r, o, t in rec["ev"]][:20],
                }
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    print(
        f"wrote {len(out)} questions to {args.out}; second Cypher gold agreed {agree}, disagreed {disagree} (dropped)"
    )
    print("per construction:", json.dumps(quota))
    store.close()


if __name__ == "__main__":
    main()
