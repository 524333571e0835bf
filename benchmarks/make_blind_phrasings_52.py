"""Blind held-out set 52: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, asked only about 2014-2015) and
``bench`` (ICEWS14) stores, written without looking at the reader, so their score is an honest held-out figure.

Gold comes from one Cypher read of every (subject, relation, object, day) in the store, computed in Python; a second,
differently written Cypher query per question (matched from the other side, dates compared as strings, extremes
aggregated in Cypher) recomputes it, and ``check_agrees`` records the outcome (disagreeing questions are dropped).

Usage (from the worktree root, read-only connections; settings from the environment)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_52.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_52.py --store bench --out <work>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261252

# relation -> variants (base form, past form, passive "was ... by" or None). The verb phrase takes its object last.
VERBS: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_statement": [
        ("comment on", "commented on", "commented on"),
        ("make a statement about", "made a statement about", None),
        ("speak publicly about", "spoke publicly about", None),
    ],
    "Consult": [
        ("consult", "consulted", "consulted"),
        ("hold talks with", "held talks with", None),
        ("confer with", "conferred with", None),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to", "appealed to", "appealed to"),
        ("put a request to", "put a request to", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("express willingness to meet with", "expressed willingness to meet with", None),
        ("signal readiness to negotiate with", "signalled readiness to negotiate with", None),
    ],
    "Make_a_visit": [("visit", "visited", "visited"), ("pay a visit to", "paid a visit to", None)],
    "Host_a_visit": [
        ("host", "hosted", "hosted"),
        ("receive a visit from", "received a visit from", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest", "arrested", "arrested"),
        ("detain", "detained", "detained"),
        ("take legal action against", "took legal action against", None),
    ],
    "Praise_or_endorse": [("praise", "praised", "praised"), ("speak highly of", "spoke highly of", None)],
    "Criticize_or_denounce": [
        ("criticize", "criticized", "criticized"),
        ("denounce", "denounced", "denounced"),
        ("condemn", "condemned", "condemned"),
    ],
    "Use_conventional_military_force": [
        ("use military force against", "used military force against", None),
        ("launch military action against", "launched military action against", None),
    ],
    "Engage_in_negotiation": [("negotiate with", "negotiated with", None)],
    "Accuse": [("accuse", "accused", "accused"), ("level accusations at", "levelled accusations at", None)],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with", "cooperated diplomatically with", None),
        ("work diplomatically with", "worked diplomatically with", None),
    ],
    "Sign_formal_agreement": [
        ("sign a formal agreement with", "signed a formal agreement with", None),
        ("conclude a formal agreement with", "concluded a formal agreement with", None),
    ],
    "Express_intent_to_cooperate": [
        ("express an intention to cooperate with", "expressed an intention to cooperate with", None),
        ("say it intended to cooperate with", "said it intended to cooperate with", None),
    ],
    "Demand": [("make demands of", "made demands of", None), ("issue a demand to", "issued a demand to", None)],
    "Investigate": [
        ("investigate", "investigated", "investigated"),
        ("open an investigation into", "opened an investigation into", None),
    ],
    "Reject": [("reject", "rejected", "rejected"), ("rebuff", "rebuffed", "rebuffed")],
    "Discuss_by_telephone": [
        ("speak by phone with", "spoke by phone with", None),
        ("have a phone call with", "had a phone call with", None),
    ],
    "Threaten": [("threaten", "threatened", "threatened"), ("issue threats against", "issued threats against", None)],
    "Make_optimistic_comment": [
        ("make an optimistic comment about", "made an optimistic comment about", None),
        ("sound upbeat about", "sounded upbeat about", None),
    ],
    "Make_pessimistic_comment": [
        ("make a pessimistic remark about", "made a pessimistic remark about", None),
        ("voice pessimism about", "voiced pessimism about", None),
    ],
    "Provide_humanitarian_aid": [
        ("provide humanitarian aid to", "provided humanitarian aid to", None),
        ("send humanitarian assistance to", "sent humanitarian assistance to", None),
    ],
    "Provide_aid": [("give aid to", "gave aid to", None), ("provide assistance to", "provided assistance to", None)],
    "Make_empathetic_comment": [
        ("express sympathy for", "expressed sympathy for", None),
        ("make an empathetic comment about", "made an empathetic comment about", None),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        ("express a wish to cooperate diplomatically with", "expressed a wish to cooperate diplomatically with", None),
    ],
    "Abduct,_hijack,_or_take_hostage": [("abduct", "abducted", "abducted"), ("kidnap", "kidnapped", "kidnapped")],
    "Use_unconventional_violence": [
        ("carry out violent attacks on", "carried out violent attacks on", None),
    ],
    "Meet_at_a_'third'_location": [("meet on neutral ground with", "met on neutral ground with", None)],
    "Impose_embargo,_boycott,_or_sanctions": [
        ("impose sanctions on", "imposed sanctions on", None),
    ],
    "Bring_lawsuit_against": [("sue", "sued", "sued"), ("bring a lawsuit against", "brought a lawsuit against", None)],
    "Provide_military_aid": [("provide military aid to", "provided military aid to", None)],
}

# noun forms for anchor events of plain-named actors
NOUNS: dict[str, str] = {
    "Make_a_visit": "{s}'s visit to {o}",
    "Criticize_or_denounce": "{s}'s criticism of {o}",
    "Praise_or_endorse": "{s}'s praise for {o}",
    "Sign_formal_agreement": "the signing of a formal agreement between {s} and {o}",
    "Accuse": "{s}'s accusations against {o}",
    "Threaten": "{s}'s threats against {o}",
    "Impose_embargo,_boycott,_or_sanctions": "the sanctions {s} imposed on {o}",
}

SECTORS: dict[str, list[str]] = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Media Personnel": ["journalists in {c}"],
    "Militant": ["militants in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Protester": ["protesters in {c}"],
    "Court Judge": ["a court judge in {c}"],
    "Member of Parliament": ["a member of parliament in {c}"],
    "Criminal": ["criminals in {c}"],
    "Business": ["businesses in {c}"],
    "Governor": ["a governor in {c}"],
    "City Mayor": ["a city mayor in {c}"],
    "Foreign Affairs": ["the foreign ministry of {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Student": ["students in {c}"],
    "Opposition Major Party (Out Of Government)": ["the main opposition party in {c}"],
}

ODD_PLACES = {"International", "Africa", "Middle East", "Europe", "Asia"}
THE_NAMES = {
    "United States",
    "United Kingdom",
    "United Arab Emirates",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Dominican Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "Republic of Congo",
    "UN Security Council",
    "European Union",
    "African Union",
    "European Central Bank",
    "International Monetary Fund",
}
PLURAL_STARTS = (
    "citizens",
    "ordinary people",
    "lawyers",
    "journalists",
    "militants",
    "armed rebels",
    "protesters",
    "criminals",
    "businesses",
    "students",
)


def be(phrase: str | None) -> str:
    """'was' or 'were' for a phrased entity (sector groups are plural)."""
    return "were" if (phrase or "").startswith(PLURAL_STARTS) else "was"


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
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
QUARTERS = {1: "January to March", 2: "April to June", 3: "July to September", 4: "October to December"}
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (5, 1): "May Day",
    (7, 4): "the Fourth of July",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
}
SEASONS = {
    "spring": ((3, 1), (5, 31), "March, April and May"),
    "summer": ((6, 1), (8, 31), "June, July and August"),
    "autumn": ((9, 1), (11, 30), "September, October and November"),
}


def d2s(d: date) -> str:
    return d.isoformat()


def s2d(s: str) -> date:
    return date.fromisoformat(s)


def say_day(d: date, style: int) -> str:
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    return f"{WEEKDAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]} {d.year}"


def say_month(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


@dataclass
class Facts:
    """Every (subject, relation, object, day) of the store, with the indexes the templates ask."""

    rows: list[tuple[str, str, str, str]]

    def __post_init__(self) -> None:
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, t in self.rows:
            self.by_ro[(r, o)].append((t, s))
            self.by_sr[(s, r)].append((t, o))
            self.by_sro[(s, r, o)].append(t)
        for v in self.by_ro.values():
            v.sort()
        for v in self.by_sr.values():
            v.sort()
        for w in self.by_sro.values():
            w.sort()


def read_facts(session: Any) -> Facts:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS t"
    )
    rows = sorted({(x["s"], x["r"], x["o"], x["t"].iso_format()) for x in session.run(q)})
    return Facts(rows)


class Phraser:
    """Natural wording of entities and relations, drawn from the seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def ent(self, name: str) -> str | None:
        if name in ODD_PLACES:
            return None
        if "(" not in name:
            return f"the {name}" if name in THE_NAMES else name
        sector, _, rest = name.partition(" (")
        country = rest[:-1] if rest.endswith(")") else ""
        if not country or "(" in country or sector not in SECTORS or country in ODD_PLACES:
            return None
        forms = [
            f for f in SECTORS[sector] if not (f.startswith("{c}'s") and ("," in country or country.endswith("s")))
        ]
        return self.rng.choice(forms).format(c=f"the {country}" if country in THE_NAMES else country)

    def plain(self, name: str) -> bool:
        return "(" not in name and name not in THE_NAMES

    def verb(self, rel: str) -> tuple[str, str, str | None]:
        return self.rng.choice(VERBS[rel])

    def clause(self, s: str, r: str, o: str, noun_ok: bool = True) -> str:
        """'S <past> O', or (where the slot takes a noun phrase) a noun form for a few relations between plain names."""
        sp, op = self.ent(s), self.ent(o)
        assert sp and op
        if noun_ok and r in NOUNS and self.plain(s) and self.plain(o) and self.rng.random() < 0.4:
            return NOUNS[r].format(s=sp, o=op)
        return f"{sp} {self.verb(r)[1]} {op}"


class Builder:
    def __init__(self, facts: Facts, store: str, rng: random.Random) -> None:
        self.f = facts
        self.store = store
        self.rng = rng
        self.ph = Phraser(rng)
        self.lo, self.hi = ("2014-01-01", "2015-12-31") if store == "mtq" else ("2014-01-01", "2014-12-31")
        self.years = ["2014", "2015"] if store == "mtq" else ["2014"]
        self.pool = sorted(
            (s, r, o, t)
            for s, r, o, t in facts.rows
            if self.lo <= t <= self.hi and r in VERBS and s != o and self.ph.ent(s) and self.ph.ent(o)
        )
        self.out: list[dict[str, Any]] = []
        self.texts: set[str] = set()

    # ---- gold helpers (Python, over the whole store)
    def subjects(self, r: str, o: str, lo: str, hi: str) -> set[str]:
        v = self.f.by_ro.get((r, o), [])
        i = bisect.bisect_left(v, (lo, ""))
        return {s for t, s in v[i:] if t <= hi}

    def objects(self, s: str, r: str, lo: str, hi: str) -> set[str]:
        v = self.f.by_sr.get((s, r), [])
        i = bisect.bisect_left(v, (lo, ""))
        return {o for t, o in v[i:] if t <= hi}

    def days_ro(self, r: str, o: str, lo: str, hi: str) -> list[tuple[str, str]]:
        return [(t, s) for t, s in self.f.by_ro.get((r, o), []) if lo <= t <= hi]

    def unique_anchor(self, s: str, r: str, o: str) -> str | None:
        days = set(self.f.by_sro.get((s, r, o), []))
        return next(iter(days)) if len(days) == 1 else None

    def pick(self) -> tuple[str, str, str, str]:
        return self.rng.choice(self.pool)

    def add(self, q: dict[str, Any]) -> bool:
        ans = q["answers"]
        if not ans or len(ans) > 5 or q["question"] in self.texts:
            return False
        self.texts.add(q["question"])
        self.out.append(q)
        return True

    def q(
        self,
        text: str,
        answers: set[str] | list[str],
        atype: str,
        level: str,
        qtype: str,
        cons: str,
        check: dict[str, Any],
    ) -> dict[str, Any]:
        return {
            "question": cap(text),
            "answers": sorted(answers),
            "answer_type": atype,
            "time_level": level,
            "qtype": qtype,
            "qlabel": "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single",
            "evidence": [],
            "construction": cons,
            "store": self.store,
            "check": check,
        }

    # ---- equal, entity answers --------------------------------------------------------------------------
    def equal_who(self, period: str) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        d = s2d(t)
        base, past, pas = self.ph.verb(r)
        st = self.rng.randrange(3)
        if period == "day":
            lo = hi = t
            when = f"on {say_day(d, st)}"
            level = "day"
        elif period == "named_day":
            if (d.month, d.day) not in NAMED_DAYS:
                return None
            lo = hi = t
            when = f"on {NAMED_DAYS[(d.month, d.day)]} {d.year}"
            level = "day"
        elif period == "month":
            lo, hi = t[:7] + "-01", t[:7] + "-31"
            when = f"in {say_month(t[:7])}"
            level = "month"
        elif period == "year":
            lo, hi = t[:4] + "-01-01", t[:4] + "-12-31"
            when = f"in {t[:4]}"
            level = "year"
        elif period == "quarter":
            qn = (d.month - 1) // 3 + 1
            lo = f"{d.year}-{3 * qn - 2:02d}-01"
            hi = d2s(date(d.year + (qn == 4), 1 if qn == 4 else 3 * qn + 1, 1) - timedelta(days=1))
            when = f"in the {['first', 'second', 'third', 'fourth'][qn - 1]} quarter of {d.year} ({QUARTERS[qn]})"
            level = "month"
        elif period == "half":
            h = 1 if d.month <= 6 else 2
            lo, hi = (f"{d.year}-01-01", f"{d.year}-06-30") if h == 1 else (f"{d.year}-07-01", f"{d.year}-12-31")
            span = "January through June" if h == 1 else "July through December"
            when = f"during the {'first' if h == 1 else 'second'} half of {d.year} ({span})"
            level = "month"
        elif period == "season":
            name = next((k for k, v in SEASONS.items() if v[0][0] <= d.month <= v[1][0]), None)
            if name is None:
                return None
            (m1, d1), (m2, d2), months = SEASONS[name]
            lo, hi = d2s(date(d.year, m1, d1)), d2s(date(d.year, m2, d2))
            when = f"in the {name} of {d.year} ({months})"
            level = "month"
        else:  # window of n days, stated with both ends
            n = self.rng.choice([3, 5, 7, 10, 14])
            start = d - timedelta(days=self.rng.randrange(n))
            end = start + timedelta(days=n - 1)
            lo, hi = d2s(start), d2s(end)
            if not (self.lo <= lo and hi <= self.hi):
                return None
            if start.month == end.month:
                when = f"between {start.day} and {end.day} {MONTHS[end.month - 1]} {end.year} (both days included)"
            else:
                when = f"from {say_day(start, 0)} through {say_day(end, 0)}"
            if self.rng.random() < 0.5:
                when = f"in the {n} days from {say_day(start, 1)} to {say_day(end, 1)} inclusive"
            level = "day"
        if self.rng.random() < 0.5:  # who did r to O
            gold = self.subjects(r, o, lo, hi)
            op = self.ph.ent(o)
            forms = [
                (f"who {past} {op} {when}?", "who_r_O_time_end"),
                (f"{when}, who {past} {op}?", "time_fronted_who"),
                (f"name everyone who {past} {op} {when}.", "imperative_name"),
                (f"tell me who {past} {op} {when}.", "imperative_tell"),
            ]
            if pas:
                forms.append((f"{when}, {op} {be(op)} {pas} by whom?", "passive_by_whom"))
                forms.append((f"by whom {be(op)} {op} {pas} {when}?", "passive_by_whom_front"))
            text, cons = self.rng.choice(forms)
            check = {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        else:
            gold = self.objects(s, r, lo, hi)
            sp = self.ph.ent(s)
            forms = [
                (f"{when}, whom did {sp} {base}?", "time_fronted_whom"),
                (f"who did {sp} {base} {when}?", "whom_S_r_time_end"),
                (f"which party did {sp} {base} {when}?", "which_party"),
            ]
            if pas:
                forms.append((f"who was {pas} by {sp} {when}?", "passive_who_was"))
            text, cons = self.rng.choice(forms)
            check = {"kind": "objects", "s": s, "r": r, "lo": lo, "hi": hi}
        return self.q(text, gold, "entity", level, "equal", f"{cons}/{period}", check)

    def ellipsis_week(self) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        d = s2d(t)
        mon = d - timedelta(days=d.weekday())
        sun = mon + timedelta(days=6)
        lo, hi = d2s(mon), d2s(sun)
        if not (self.lo <= lo and hi <= self.hi):
            return None
        gold = self.subjects(r, o, lo, hi) - {s}
        sp, op = self.ph.ent(s), self.ph.ent(o)
        past = self.ph.verb(r)[1]
        text = (
            f"{sp} {past} {op} on {say_day(d, 2)}. Who else did so that week "
            f"(Monday {mon.day} {MONTHS[mon.month - 1]} to Sunday {sun.day} {MONTHS[sun.month - 1]} {sun.year})?"
        )
        check = {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi, "exclude": [s]}
        return self.q(text, gold, "entity", "day", "equal", "ellipsis_who_else_week", check)

    # ---- equal, time answers ----------------------------------------------------------------------------
    def equal_when(self, level: str, scoped: bool) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        n = {"day": 10, "month": 7, "year": 4}[level]
        days = self.f.by_sro[(s, r, o)]
        lo, hi = (t[:4] + "-01-01", t[:4] + "-12-31") if scoped else ("0000", "9999")
        inside = [x for x in days if lo <= x <= hi]
        keys = {x[:n] for x in inside}
        if len(keys) != 1 or (level == "year" and scoped):
            return None
        ans = next(iter(keys))
        if not (self.lo[:n] <= ans <= self.hi[:n]):
            return None
        sp, op = self.ph.ent(s), self.ph.ent(o)
        base, past, pas = self.ph.verb(r)
        pre = f"in {t[:4]}, " if scoped else ""
        if level == "day":
            forms = [
                (f"{pre}on what date did {sp} {base} {op}?", "when_date"),
                (f"{pre}what was the exact day on which {sp} {past} {op}?", "exact_day_relative"),
                (f"tell me the day {sp} {past} {op}{' in ' + t[:4] if scoped else ''}.", "imperative_day"),
            ]
            if pas:
                forms.append((f"{pre}when exactly {be(op)} {op} {pas} by {sp}?", "passive_when"))
        elif level == "month":
            forms = [
                (f"{pre}which month was it when {sp} {past} {op}?", "month_was_it_when"),
                (f"{pre}in what month did {sp} {base} {op}?", "which_month"),
                (f"{pre}when, to the month, did {sp} {base} {op}?", "when_to_month"),
            ]
            if r in NOUNS and self.ph.plain(s) and self.ph.plain(o):
                forms.append((f"{pre}which month saw {NOUNS[r].format(s=sp, o=op)}?", "month_as_subject"))
        else:
            forms = [
                (f"in which year did {sp} {base} {op}?", "which_year"),
                (f"what year was it when {sp} {past} {op}?", "year_as_subject"),
            ]
        text, cons = self.rng.choice(forms)
        check = {"kind": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n}
        return self.q(text, {ans}, "time", level, "equal", f"{cons}{'/scoped' if scoped else ''}", check)

    # ---- first / last -----------------------------------------------------------------------------------
    def first_last_entity(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        first = self.rng.random() < 0.5
        scope_kind = self.rng.choice(["year", "half"] if self.store == "mtq" else ["year", "half", "all"])
        d = s2d(t)
        if scope_kind == "year":
            lo, hi, sw = t[:4] + "-01-01", t[:4] + "-12-31", f"in {t[:4]}"
        elif scope_kind == "half":
            if d.month <= 6:
                lo, hi, sw = f"{d.year}-01-01", f"{d.year}-06-30", f"in the first six months of {d.year}"
            else:
                lo, hi, sw = f"{d.year}-07-01", f"{d.year}-12-31", f"between July and December {d.year}"
        else:
            lo, hi, sw = self.lo, self.hi, "in the whole of 2014"
        ev = self.days_ro(r, o, lo, hi)
        if len({x[0] for x in ev}) < 2:
            return None
        ext = ev[0][0] if first else ev[-1][0]
        gold = {x[1] for x in ev if x[0] == ext}
        op = self.ph.ent(o)
        base, past, pas = self.ph.verb(r)
        w = "first" if first else "last"
        forms = [
            (f"who was the {w} to {base} {op} {sw}?", "who_was_the_first"),
            (f"{sw}, who {w} {past} {op}?", "time_fronted_who_first"),
            (f"name the {'earliest' if first else 'most recent'} party to {base} {op} {sw}.", "imperative_superlative"),
        ]
        if pas:
            forms.append(
                (f"{sw}, by whom {be(op)} {op} {pas} {'first' if first else 'for the last time'}?", "passive_first")
            )
        text, cons = self.rng.choice(forms)
        check = {"kind": "extreme_subjects", "r": r, "o": o, "lo": lo, "hi": hi, "first": first}
        return self.q(text, gold, "entity", "day", "first_last", f"{cons}/{scope_kind}", check)

    def first_last_time(self, level: str) -> dict[str, Any] | None:
        s, r, o, t = self.pick()
        first = self.rng.random() < 0.5
        n = {"day": 10, "month": 7, "year": 4}[level]
        if level == "year":
            if self.store != "mtq":
                return None
            lo, hi, sw = self.lo, self.hi, "Over 2014 and 2015 taken together"
        else:
            lo, hi, sw = t[:4] + "-01-01", t[:4] + "-12-31", f"in {t[:4]}"
        days = [x for x in self.f.by_sro[(s, r, o)] if lo <= x <= hi]
        if len({x[:n] for x in days}) < 2:
            return None
        ans = (days[0] if first else days[-1])[:n]
        sp, op = self.ph.ent(s), self.ph.ent(o)
        base, _past, _ = self.ph.verb(r)
        fw = "for the first time" if first else "for the last time"
        if level == "day":
            forms = [
                (
                    f"when did {sp} first {base} {op} {sw}?" if first else f"when did {sp} last {base} {op} {sw}?",
                    "when_first",
                ),
                (f"{sw}, on which day did {sp} {base} {op} {fw}?", "which_day_fronted"),
            ]
        elif level == "month":
            forms = [
                (f"in which month of {t[:4]} did {sp} {base} {op} {fw}?", "which_month_first"),
                (
                    f"which month of {t[:4]} saw {sp}'s {'first' if first else 'final'} move to {base} {op}?",
                    "month_as_subject_first",
                )
                if self.ph.plain(s)
                else (f"{sw}, what month did {sp} {base} {op} {fw}?", "which_month_fronted"),
            ]
        else:
            forms = [(f"{sw}, in which year did {sp} {base} {op} {fw}?", "which_year_first")]
        text, cons = self.rng.choice(forms)
        check = {"kind": "extreme_time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "first": first, "n": n}
        return self.q(text, {ans}, "time", level, "first_last", cons, check)

    # ---- before / after --------------------------------------------------------------------------------
    def before_after_date(self) -> dict[str, Any] | None:
        _s, r, o, t = self.pick()
        after = self.rng.random() < 0.5
        d = s2d(t)
        y = t[:4]
        if after:
            pivot = d - timedelta(days=self.rng.randrange(1, 20))
            lo, hi = d2s(pivot + timedelta(days=1)), (self.hi if self.store == "mtq" and y == "2015" else f"{y}-12-31")
            if pivot.year != d.year:
                return None
            sw = f"after {say_day(pivot, self.rng.randrange(2))}, up to the end of {y}"
        else:
            pivot = d + timedelta(days=self.rng.randrange(1, 20))
            if pivot.year != d.year:
                return None
            lo, hi = f"{y}-01-01", d2s(pivot - timedelta(days=1))
            sw = f"in {y}, before {say_day(pivot, self.rng.randrange(2))}"
        gold = self.subjects(r, o, lo, hi)
        op = self.ph.ent(o)
        _base, past, pas = self.ph.verb(r)
        forms = [
            (f"{sw}, who {past} {op}?", "before_after_date_fronted"),
            (f"list everyone who {past} {op} {sw}.", "imperative_list"),
        ]
        if pas:
            forms.append((f"{sw}, {op} {be(op)} {pas} by which parties?", "passive_which_parties"))
        text, cons = self.rng.choice(forms)
        check = {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        return self.q(text, gold, "entity", "day", "before_after", f"{cons}/{'after' if after else 'before'}", check)

    def anchor(self) -> tuple[str, str, str, str] | None:
        s, r, o, t = self.pick()
        return (s, r, o, t) if self.unique_anchor(s, r, o) == t else None

    def second_target(self, a: tuple[str, str, str, str]) -> tuple[str, str] | None:
        """(relation, object) of a second event sharing an actor with the anchor, so the question reads naturally."""
        s, r, o, _t = a
        ent = self.rng.choice([s, o])
        inverse = {"Make_a_visit": "Host_a_visit", "Host_a_visit": "Make_a_visit"}.get(r)
        rels = [r2 for r2 in VERBS if r2 not in (r, inverse) and self.f.by_ro.get((r2, ent))]
        if not rels:
            return None
        return self.rng.choice(sorted(rels)), ent

    def before_after_event(self) -> dict[str, Any] | None:
        a = self.anchor()
        if a is None:
            return None
        tgt = self.second_target(a)
        if tgt is None:
            return None
        r2, o2 = tgt
        t = a[3]
        y = t[:4]
        after = self.rng.random() < 0.5
        ad = s2d(t)
        if after:
            lo, hi = d2s(ad + timedelta(days=1)), f"{y}-12-31"
            sw = f"later in {y} than {self.ph.clause(*a[:3])}"
            sw2 = f"after {self.ph.clause(*a[:3])} (but still in {y})"
        else:
            lo, hi = f"{y}-01-01", d2s(ad - timedelta(days=1))
            sw = f"earlier in {y} than {self.ph.clause(*a[:3])}"
            sw2 = f"in {y}, before {self.ph.clause(*a[:3])}"
        gold = self.subjects(r2, o2, lo, hi)
        op = self.ph.ent(o2)
        past = self.ph.verb(r2)[1]
        text, cons = self.rng.choice(
            [
                (f"who {past} {op} {sw}?", "who_r_O_relative_event"),
                (f"{sw2}, which parties {past} {op}?", "event_fronted_which"),
            ]
        )
        check = {
            "kind": "subjects_anchor",
            "r": r2,
            "o": o2,
            "a": list(a[:3]),
            "rel": "after" if after else "before",
            "y": y,
        }
        return self.q(text, gold, "entity", "day", "before_after", f"{cons}/{'after' if after else 'before'}", check)

    # ---- after_first / before_last ---------------------------------------------------------------------
    def next_after(self, after: bool) -> dict[str, Any] | None:
        a = self.anchor()
        if a is None:
            return None
        same = self.rng.random() < 0.4
        if same:
            r2, o2 = a[1], a[2]
        else:
            tgt = self.second_target(a)
            if tgt is None:
                return None
            r2, o2 = tgt
        t, y = a[3], a[3][:4]
        if after:
            lo, hi = d2s(s2d(t) + timedelta(days=1)), self.hi
        else:
            lo, hi = f"{y}-01-01", d2s(s2d(t) - timedelta(days=1))
        ev = self.days_ro(r2, o2, lo, hi)
        if not ev:
            return None
        ext = ev[0][0] if after else ev[-1][0]
        gold = {x[1] for x in ev if x[0] == ext}
        if same and a[0] in gold:
            return None
        op = self.ph.ent(o2)
        base, past, _ = self.ph.verb(r2)
        cl = self.ph.clause(*a[:3])
        if after and same:
            sp = self.ph.ent(a[0])
            forms = [
                (
                    f"{sp} {self.ph.verb(a[1])[1]} {self.ph.ent(a[2])} on {say_day(s2d(t), 0)}; "
                    "who was the next to do the same?",
                    "who_was_next_same",
                ),
                (f"after {cl}, who was next to {base} {op}?", "who_was_next"),
            ]
        elif after:
            forms = [
                (f"after {cl}, who was the first to {base} {op}?", "after_event_first"),
                (f"who {past} {op} first once {self.ph.clause(*a[:3], noun_ok=False)}?", "first_once_event"),
            ]
        else:
            forms = [
                (f"in {y}, who had last {past} {op} just before {cl}?", "had_last_before"),
                (f"earlier in {y}, before {cl}, who was the last to {base} {op}?", "last_before_fronted"),
            ]
        text, cons = self.rng.choice(forms)
        check = {
            "kind": "extreme_subjects_anchor",
            "r": r2,
            "o": o2,
            "a": list(a[:3]),
            "rel": "after" if after else "before",
            "y": y,
            "hi_store": self.hi,
        }
        return self.q(text, gold, "entity", "day", "after_first" if after else "before_last", cons, check)

    # ---- equal_multi -----------------------------------------------------------------------------------
    def equal_multi(self) -> dict[str, Any] | None:
        a = self.anchor()
        if a is None:
            return None
        tgt = self.second_target(a)
        if tgt is None:
            return None
        r2, o2 = tgt
        t = a[3]
        mode = self.rng.choice(["day", "month", "month", "day_after", "day_before"])
        if mode == "day":
            lo = hi = t
        elif mode == "month":
            lo, hi = t[:7] + "-01", t[:7] + "-31"
        elif mode == "day_after":
            lo = hi = d2s(s2d(t) + timedelta(days=1))
        else:
            lo = hi = d2s(s2d(t) - timedelta(days=1))
        if not (self.lo <= lo and hi <= self.hi):
            return None
        gold = self.subjects(r2, o2, lo, hi)
        op = self.ph.ent(o2)
        _base, past, pas = self.ph.verb(r2)
        cl = self.ph.clause(*a[:3])
        cln = self.ph.clause(*a[:3], noun_ok=False)
        if mode == "day":
            forms = [
                (f"on the same day that {cln}, who {past} {op}?", "same_day_fronted"),
                (f"who {past} {op} on the very day {cln}?", "same_day_end"),
            ]
        elif mode == "month":
            forms = [
                (f"who {past} {op} in the same month as {cl}?", "same_month_as"),
                (f"in the month when {cln}, who {past} {op}?", "month_when_fronted"),
            ]
            if pas:
                forms.append((f"{op} {be(op)} {pas} by whom during the month in which {cln}?", "passive_same_month"))
        elif mode == "day_after":
            forms = [(f"on the day after {cl}, who {past} {op}?", "day_after_event")]
        else:
            forms = [(f"the day before {cl}, who {past} {op}?", "day_before_event")]
        text, cons = self.rng.choice(forms)
        check = {"kind": "subjects_anchor", "r": r2, "o": o2, "a": list(a[:3]), "rel": mode, "y": t[:4]}
        return self.q(text, gold, "entity", "month" if mode == "month" else "day", "equal_multi", cons, check)


# ---- second check: other Cypher ------------------------------------------------------------------------
def _date_add(day: str, n: int) -> str:
    return d2s(s2d(day) + timedelta(days=n))


def second_check(session: Any, c: dict[str, Any]) -> list[str]:
    """Recompute one question's gold with Cypher written differently from the Python pass: entities matched from the
    other side of the event, dates compared as strings, extremes aggregated in Cypher."""
    k = c["kind"]
    if k == "subjects":
        rows = session.run(
            "MATCH (o:Entity) WHERE o.name = $o "
            "MATCH (o)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "AND NOT s.name IN $ex RETURN DISTINCT s.name AS x",
            o=c["o"],
            r=c["r"],
            lo=c["lo"],
            hi=c["hi"],
            ex=c.get("exclude", []),
        )
        return sorted(x["x"] for x in rows)
    if k == "objects":
        rows = session.run(
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
            "WITH o, toString(e.valid_from) AS d WHERE $lo <= d AND d <= $hi RETURN collect(DISTINCT o.name) AS xs",
            s=c["s"],
            r=c["r"],
            lo=c["lo"],
            hi=c["hi"],
        ).single()
        return sorted(rows["xs"])
    if k == "time":
        rec = session.run(
            "MATCH (e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r "
            "MATCH (e)-[:SUBJECT]->(s:Entity) WHERE s.name = $s "
            "WITH toString(e.valid_from) AS d WHERE d >= $lo AND d <= $hi "
            "RETURN collect(DISTINCT left(d, $n)) AS ts",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            lo=c["lo"],
            hi=c["hi"],
            n=c["n"],
        ).single()
        return sorted(rec["ts"]) if len(rec["ts"]) == 1 else []
    if k == "extreme_subjects":
        rec = session.run(
            "MATCH (e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r "
            "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "WITH CASE WHEN $first THEN min(e.valid_from) ELSE max(e.valid_from) END AS m "
            "MATCH (e2:Event {relation: $r, valid_from: m})-[:OBJECT]->(:Entity {name: $o}) "
            "MATCH (e2)-[:SUBJECT]->(s:Entity) RETURN collect(DISTINCT s.name) AS xs",
            o=c["o"],
            r=c["r"],
            lo=c["lo"],
            hi=c["hi"],
            first=c["first"],
        ).single()
        return sorted(rec["xs"])
    if k == "extreme_time":
        rec = session.run(
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "WITH toString(e.valid_from) AS d ORDER BY d "
            "WITH collect(d) AS ds RETURN CASE WHEN $first THEN ds[0] ELSE ds[-1] END AS x",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            lo=c["lo"],
            hi=c["hi"],
            first=c["first"],
        ).single()
        return [rec["x"][: c["n"]]] if rec["x"] else []
    # anchored kinds: the anchor's day is looked up in Cypher, must be unique, then the window is built from it
    s, r, o = c["a"]
    rec = session.run(
        "MATCH (x:Entity {name: $o})<-[:OBJECT]-(a:Event)-[:SUBJECT]->(y:Entity {name: $s}) WHERE a.relation = $r "
        "RETURN collect(DISTINCT toString(a.valid_from)) AS ds",
        s=s,
        r=r,
        o=o,
    ).single()
    if len(rec["ds"]) != 1:
        return []
    ad, y = rec["ds"][0], c["y"]
    rel = c["rel"]
    if k == "subjects_anchor":
        win = {
            "after": (_date_add(ad, 1), f"{y}-12-31"),
            "before": (f"{y}-01-01", _date_add(ad, -1)),
            "day": (ad, ad),
            "month": (ad[:7] + "-01", ad[:7] + "-31"),
            "day_after": (_date_add(ad, 1), _date_add(ad, 1)),
            "day_before": (_date_add(ad, -1), _date_add(ad, -1)),
        }[rel]
        return second_check(session, {"kind": "subjects", "r": c["r"], "o": c["o"], "lo": win[0], "hi": win[1]})
    lo, hi = (_date_add(ad, 1), c["hi_store"]) if rel == "after" else (f"{y}-01-01", _date_add(ad, -1))
    return second_check(
        session,
        {"kind": "extreme_subjects", "r": c["r"], "o": c["o"], "lo": lo, "hi": hi, "first": rel == "after"},
    )


PLAN_MTQ: list[tuple[str, tuple[Any, ...], int]] = [
    ("equal_who", ("day",), 6),
    ("equal_who", ("named_day",), 2),
    ("equal_who", ("month",), 6),
    ("equal_who", ("year",), 4),
    ("equal_who", ("window",), 5),
    ("equal_who", ("quarter",), 3),
    ("equal_who", ("half",), 2),
    ("equal_who", ("season",), 3),
    ("ellipsis_week", (), 3),
    ("equal_when", ("day", False), 5),
    ("equal_when", ("day", True), 3),
    ("equal_when", ("month", False), 4),
    ("equal_when", ("month", True), 3),
    ("equal_when", ("year", False), 3),
    ("first_last_entity", (), 9),
    ("first_last_time", ("day",), 4),
    ("first_last_time", ("month",), 4),
    ("first_last_time", ("year",), 2),
    ("before_after_date", (), 6),
    ("before_after_event", (), 5),
    ("next_after", (True,), 8),
    ("next_after", (False,), 7),
    ("equal_multi", (), 10),
]


def build(facts: Facts, store: str) -> list[dict[str, Any]]:
    rng = random.Random(SEED + (0 if store == "mtq" else 1))
    b = Builder(facts, store, rng)
    plan = PLAN_MTQ
    scale = 1.0 if store == "mtq" else 0.7
    for name, args, n in plan:
        want = (
            max(1, round(n * scale)) if not (store != "mtq" and name == "first_last_time" and args == ("year",)) else 0
        )
        if store != "mtq" and name == "equal_when" and args[0] == "year":
            want = 0
        got = tries = 0
        while got < want and tries < 4000:
            tries += 1
            q = getattr(b, name)(*args)
            if q is not None and b.add(q):
                got += 1
    return b.out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    prefix = "b52m" if args.store == "mtq" else "b52i"
    with (
        GraphDatabase.driver(uri, auth=auth) as driver,
        driver.session(database=settings.neo4j_database, default_access_mode="READ") as ses,
    ):
        facts = read_facts(ses)
        qs = build(facts, args.store)
        kept = []
        dropped = 0
        for q in qs:
            again = second_check(ses, q["check"])
            if again != q["answers"]:
                dropped += 1
                continue
            kept.append(q)
    lines = []
    for i, q in enumerate(kept, 1):
        quid = f"{prefix}{i:03d}"
        rec = {"quid": quid, "id": quid, **q, "check": json.dumps(q["check"], sort_keys=True), "check_agrees": True}
        lines.append(json.dumps(rec, ensure_ascii=False, sort_keys=False))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kinds = Counter(q["qtype"] for q in kept)
    print(
        f"{args.store}: {len(kept)} questions kept, {dropped} dropped by the second check; "
        f"{dict(sorted(kinds.items()))}"
    )


if __name__ == "__main__":
    main()
