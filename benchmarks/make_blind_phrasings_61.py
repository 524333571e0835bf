"""Blind held-out question set 61: MultiTQ-style questions over the ``mtq`` and ``bench`` stores, phrased fresh.

Why: the symbolic temporal reader needs a score on wordings it was never tuned on. Gold answers are computed in Python
over every (subject, relation, object, day) of the store (one Cypher read), then each question's gold is recomputed by
a second, differently written Cypher query (string dates, matching from the other side, aggregation in Cypher) and the
agreement is recorded per question (``check_agrees``); disagreeing questions are dropped.

Run (each store's settings in the environment; read only, no schema is applied)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_61.py --store mtq --out <work>/notes/heldout/v61/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_61.py --store bench --out <work>/notes/heldout/v61/blind_icews14.jsonl

Deterministic: seed 20261261, every candidate list is sorted before it is sampled.
"""

# ruff: noqa: RUF059  (each construction unpacks the same tuples; not every part is used by every one)
from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

SEED = 20261261

# relation -> list of (infinitive phrase, past phrase, passive participle phrase or None); {o} is the object.
REL: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_statement": [
        ("make a statement about {o}", "made a statement about {o}", None),
        ("comment publicly on {o}", "commented publicly on {o}", "commented on"),
    ],
    "Consult": [
        ("consult {o}", "consulted {o}", "consulted"),
        ("hold consultations with {o}", "held consultations with {o}", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("express readiness to meet or negotiate with {o}", "expressed readiness to meet or negotiate with {o}", None),
        ("signal willingness to hold talks with {o}", "signalled willingness to hold talks with {o}", None),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "appealed to {o}", "appealed to"),
        ("make a request of {o}", "made a request of {o}", None),
    ],
    "Host_a_visit": [
        ("host {o} on a visit", "hosted {o} on a visit", "hosted on a visit"),
        ("receive a visit from {o}", "received a visit from {o}", None),
    ],
    "Make_a_visit": [
        ("visit {o}", "visited {o}", "visited"),
        ("pay a visit to {o}", "paid a visit to {o}", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest, detain or charge {o}", "arrested, detained or charged {o}", "arrested, detained or charged"),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "praised"),
        ("speak approvingly of {o}", "spoke approvingly of {o}", "endorsed"),
    ],
    "Criticize_or_denounce": [
        ("criticise {o}", "criticised {o}", "criticised"),
        ("denounce {o}", "denounced {o}", "denounced"),
    ],
    "Accuse": [
        ("accuse {o}", "accused {o}", "accused"),
        ("level accusations at {o}", "levelled accusations at {o}", None),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", None),
        ("hold negotiations with {o}", "held negotiations with {o}", None),
    ],
    "Sign_formal_agreement": [
        ("sign a formal agreement with {o}", "signed a formal agreement with {o}", None),
        ("conclude a formal agreement with {o}", "concluded a formal agreement with {o}", None),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with {o}", "cooperated diplomatically with {o}", None),
    ],
    "Express_intent_to_cooperate": [
        ("express the wish to cooperate with {o}", "expressed the wish to cooperate with {o}", None),
        ("announce plans to work together with {o}", "announced plans to work together with {o}", None),
    ],
    "Demand": [
        ("make demands of {o}", "made demands of {o}", None),
        ("press demands on {o}", "pressed demands on {o}", None),
    ],
    "Investigate": [("investigate {o}", "investigated {o}", "investigated")],
    "Reject": [("rebuff {o}", "rebuffed {o}", "rebuffed"), ("turn down {o}", "turned down {o}", "turned down")],
    "Make_optimistic_comment": [("speak optimistically about {o}", "spoke optimistically about {o}", None)],
    "Discuss_by_telephone": [
        ("talk on the phone with {o}", "talked on the phone with {o}", None),
        ("hold a telephone conversation with {o}", "held a telephone conversation with {o}", None),
    ],
    "Make_pessimistic_comment": [("make a gloomy remark about {o}", "made a gloomy remark about {o}", None)],
    "Threaten": [("threaten {o}", "threatened {o}", "threatened")],
    "Use_conventional_military_force": [
        ("use conventional military force against {o}", "used conventional military force against {o}", None),
    ],
    "Demonstrate_or_rally": [
        ("stage a demonstration or rally against {o}", "staged a demonstration or rally against {o}", None)
    ],
    "Meet_at_a_'third'_location": [("meet {o} at a third location", "met {o} at a third location", None)],
    "Return,_release_person(s)": [("release or return people to {o}", "released or returned people to {o}", None)],
    "Abduct,_hijack,_or_take_hostage": [
        ("abduct or take hostage {o}", "abducted or took hostage {o}", "abducted or taken hostage")
    ],
    "Make_empathetic_comment": [("express sympathy for {o}", "expressed sympathy for {o}", None)],
    "Provide_humanitarian_aid": [("send humanitarian aid to {o}", "sent humanitarian aid to {o}", None)],
    "Expel_or_deport_individuals": [("expel or deport {o}", "expelled or deported {o}", "expelled or deported")],
    "Impose_embargo,_boycott,_or_sanctions": [
        ("impose sanctions, an embargo or a boycott on {o}", "imposed sanctions, an embargo or a boycott on {o}", None),
    ],
    "Provide_economic_aid": [("give economic aid to {o}", "gave economic aid to {o}", None)],
    "Express_accord": [("voice agreement with {o}", "voiced agreement with {o}", None)],
    "Physically_assault": [("physically assault {o}", "physically assaulted {o}", "physically assaulted")],
    "Grant_diplomatic_recognition": [
        ("grant diplomatic recognition to {o}", "granted diplomatic recognition to {o}", None)
    ],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        ("call on {o} for diplomatic cooperation", "called on {o} for diplomatic cooperation", None),
    ],
    "Provide_aid": [("provide aid to {o}", "provided aid to {o}", None)],
    "Threaten_with_military_force": [("threaten {o} with military force", "threatened {o} with military force", None)],
}

# sector entities "Sector (Country)" -> how a person would say them
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Media": "the media in {c}",
    "Business": "businesses in {c}",
    "Protester": "protesters in {c}",
    "Criminal": "criminals in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Activist": "activists in {c}",
    "Legislature": "the legislature of {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Student": "students in {c}",
    "Militant": "militants in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Military Personnel": "military personnel of {c}",
    "Employee": "employees in {c}",
    "Children": "children in {c}",
    "Women": "women in {c}",
    "Opposition Supporter": "opposition supporters in {c}",
    "Envoy": "an envoy of {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Treasury/Finance Ministry": "the finance ministry of {c}",
    "Labor Union": "labour unions in {c}",
    "Immigrants": "immigrants in {c}",
    "Detainee": "detainees in {c}",
}

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip
NAMED_DAYS = [
    (1, 1, "New Year's Day"), (2, 14, "Valentine's Day"), (3, 8, "International Women's Day"), (5, 1, "May Day"),
    (7, 4, "US Independence Day"), (7, 14, "Bastille Day"), (10, 31, "Halloween"), (12, 24, "Christmas Eve"),
    (12, 25, "Christmas Day"), (12, 31, "New Year's Eve"),
]  # fmt: skip
SEASONS = [("spring", (3, 5), "March, April and May"), ("summer", (6, 8), "June, July and August"),
           ("autumn", (9, 11), "September, October and November")]  # fmt: skip

Fact = tuple[str, str, str, str]  # subject, relation, object, day (YYYY-MM-DD)


# place and body names that take "the" in running text
COUNTRY_SAY = {"Palestinian Territory, Occupied": "the Palestinian Territories"}
THE_COUNTRIES = {
    "United States", "United Kingdom", "United Arab Emirates", "Philippines", "Netherlands", "Czech Republic",
    "Central African Republic", "Democratic Republic of Congo", "Bahamas", "Maldives", "Gambia", "Holy See",
    "Dominican Republic", "Middle East", "Vatican City",
}  # fmt: skip
THE_WORDS = (
    "Council", "Fund", "Union", "Parliament", "Party", "Movement", "Force", "Ministry", "Congress", "Court",
    "Organization", "Organisation", "Nations", "Bank", "Army", "Front", "Coalition", "Directorate", "Commission",
    "Agency", "Assembly", "Government", "Department", "Committee", "Office", "Police", "Senate", "Alliance",
    "Federation", "League", "Brotherhood", "Secretariat", "Cabinet", "Group", "State", "Tribunal", "Board",
)  # fmt: skip


def place(name: str) -> str:
    if name in COUNTRY_SAY:
        return COUNTRY_SAY[name]
    if name in THE_COUNTRIES or name == "Hague":
        return "the " + name
    return name


def ent(name: str) -> str | None:
    """How a person names the entity, or None when its sector has no everyday wording here."""
    if " (" not in name:
        if "," in name:
            return None
        if name in COUNTRY_SAY or name in THE_COUNTRIES:
            return place(name)
        if not name.startswith("The ") and any(w in name.split() for w in THE_WORDS):
            return "the " + name
        return name
    sector, _, rest = name.partition(" (")
    fmt = SECTOR.get(sector)
    if fmt is None or not rest.endswith(")") or "(" in rest:
        return None
    country = rest[:-1]
    if "," in country and country not in COUNTRY_SAY:
        return None
    return fmt.format(c=place(country))


def cap(s: str | None) -> str:
    """Sentence-initial capital (callers pass only phraseable entities, never None)."""
    assert s
    return s[0].upper() + s[1:]


def d_of(day: str) -> dt.date:
    return dt.date.fromisoformat(day)


def fmt_day(day: str, style: int) -> str:
    d = d_of(day)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return day
    suffix = "th" if 10 <= d.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"the {d.day}{suffix} of {MONTHS[d.month - 1]} {d.year}"


def fmt_month(month: str) -> str:
    return f"{MONTHS[int(month[5:7]) - 1]} {month[:4]}"


class Index:
    """The whole store as Python indexes (gold is computed over these)."""

    def __init__(self, facts: list[Fact], lo: str, hi: str) -> None:
        self.facts = facts
        self.lo, self.hi = lo, hi
        self.ro: dict[tuple[str, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.sr: dict[tuple[str, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.sro: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        for s, r, o, d in facts:
            self.ro[(r, o)][d].add(s)
            self.sr[(s, r)][d].add(o)
            self.sro[(s, r, o)].add(d)
        # askable events: relation phrased here, both ends phraseable, day inside the asked period
        self.askable = sorted(
            {f for f in facts if f[1] in REL and ent(f[0]) and ent(f[2]) and lo <= f[3] <= hi and f[0] != f[2]}
        )
        self.anchors = [f for f in self.askable if len(self.sro[(f[0], f[1], f[2])]) == 1]

    def subj(self, r: str, o: str, a: str, b: str) -> set[str]:
        return {s for d, ss in self.ro[(r, o)].items() if a <= d <= b for s in ss}

    def obj(self, s: str, r: str, a: str, b: str) -> set[str]:
        return {o for d, oo in self.sr[(s, r)].items() if a <= d <= b for o in oo}

    def days(self, s: str, r: str, o: str, a: str, b: str) -> list[str]:
        return sorted(d for d in self.sro[(s, r, o)] if a <= d <= b)

    def subj_days(self, r: str, o: str, a: str, b: str) -> list[str]:
        return sorted(d for d in self.ro[(r, o)] if a <= d <= b)


def plus(day: str, n: int) -> str:
    return (d_of(day) + dt.timedelta(days=n)).isoformat()


def month_end(month: str) -> str:
    y, m = int(month[:4]), int(month[5:7])
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


# ---- second check: one Cypher per check kind, written differently from the Python gold -----------------------------

CHECKS: dict[str, str] = {
    # subjects of (r, o) between two day strings, matched from the object, dates compared as strings
    "subj_range": (
        "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
        "WITH s, toString(e.valid_from) AS d WHERE d >= $a AND d <= $b AND NOT s.name IN $excl "
        "RETURN collect(DISTINCT s.name) AS ans"
    ),
    # objects of (s, r) in a window, matched from the subject, dates compared as Cypher dates
    "obj_range": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "WHERE e.relation = $r AND e.valid_from >= date($a) AND e.valid_from <= date($b) "
        "RETURN collect(DISTINCT o.name) AS ans"
    ),
    # times of (s, r, o) cut to the asked granularity
    "time_range": (
        "MATCH (e:Event)-[:OBJECT]->(o:Entity) WHERE o.name = $o AND e.relation = $r "
        "AND EXISTS { (e)-[:SUBJECT]->(:Entity {name: $s}) } "
        "WITH substring(toString(e.valid_from), 0, $k) AS t, toString(e.valid_from) AS d WHERE d >= $a AND d <= $b "
        "RETURN collect(DISTINCT t) AS ans"
    ),
    # subjects on the earliest / latest day of (r, o) in a window, aggregated in Cypher
    "subj_extreme": (
        "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r}) "
        "WHERE e.valid_from >= date($a) AND e.valid_from <= date($b) "
        "WITH CASE $first WHEN true THEN min(e.valid_from) ELSE max(e.valid_from) END AS x "
        "MATCH (o2:Entity {name: $o})<-[:OBJECT]-(e2:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
        "WHERE e2.valid_from = x RETURN collect(DISTINCT s.name) AS ans"
    ),
    # earliest / latest time of (s, r, o) in a window
    "time_extreme": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
        "WITH toString(e.valid_from) AS d WHERE d >= $a AND d <= $b "
        "WITH CASE $first WHEN true THEN min(d) ELSE max(d) END AS x "
        "WHERE x IS NOT NULL RETURN [substring(x, 0, $k)] AS ans"
    ),
}
# anchored checks: the anchor's day is found in Cypher (and must be its only day), then the window is relative to it
ANCHOR = (
    "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
    "WITH collect(x.valid_from) AS xs WHERE size(xs) = 1 WITH xs[0] AS ad "
)
CHECKS["anchor_subj"] = (
    ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
    "WITH ad, s, e.valid_from AS d "
    "WHERE CASE $mode WHEN 'after' THEN d > ad AND d <= date($b) WHEN 'before' THEN d < ad AND d >= date($a) "
    "WHEN 'same_day' THEN d = ad WHEN 'same_month' THEN d.year = ad.year AND d.month = ad.month "
    "WHEN 'day_after' THEN d = ad + duration({days: 1}) END AND NOT s.name IN $excl "
    "RETURN collect(DISTINCT s.name) AS ans"
)
CHECKS["anchor_obj"] = (
    ANCHOR + "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
    "WITH ad, o, e.valid_from AS d "
    "WHERE CASE $mode WHEN 'same_day' THEN d = ad WHEN 'same_month' THEN d.year = ad.year AND d.month = ad.month END "
    "RETURN collect(DISTINCT o.name) AS ans"
)
CHECKS["anchor_next_subj"] = (
    ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r}) "
    "WHERE CASE $first WHEN true THEN e.valid_from > ad ELSE e.valid_from < ad AND e.valid_from >= date($a) END "
    "WITH CASE $first WHEN true THEN min(e.valid_from) ELSE max(e.valid_from) END AS x "
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e2:Event {relation: $r})-[:SUBJECT]->(s:Entity) WHERE e2.valid_from = x "
    "RETURN collect(DISTINCT s.name) AS ans"
)
CHECKS["anchor_next_time"] = (
    ANCHOR + "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
    "WHERE e.valid_from > ad RETURN [toString(min(e.valid_from))] AS ans"
)


class Gen:
    def __init__(self, ix: Index, rng: random.Random, years: list[int]) -> None:
        self.ix, self.rng, self.years = ix, rng, years

    def rel(self, r: str) -> tuple[str, str, str | None]:
        return self.rng.choice(REL[r])

    def pick(self, pool: list[Any]) -> Any:
        return pool[self.rng.randrange(len(pool))]

    def year_span(self, day: str) -> tuple[str, str]:
        return f"{day[:4]}-01-01", f"{day[:4]}-12-31"

    # each construction returns (question, answers, answer_type, time_level, qtype, check kind, check params) or None
    def day_who(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        ans = self.ix.subj(r, o, d, d)
        inf, past, pp = self.rel(r)
        OB, D = ent(o), fmt_day(d, self.rng.randrange(4))
        forms = [f"Who {past.format(o=OB)} on {D}?", f"On {D}, which actors {past.format(o=OB)}?",
                 f"Name everyone who {past.format(o=OB)} on {D}."]  # fmt: skip
        if pp:
            forms.append(f"By whom was {OB} {pp} on {D}?")
        return self.rng.choice(forms), ans, "entity", "day", "equal", "subj_range", {"r": r, "o": o, "a": d, "b": d}

    def month_whom(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        m = d[:7]
        ans = self.ix.obj(s, r, m + "-01", month_end(m))
        inf, past, pp = self.rel(r)
        S, M = ent(s), fmt_month(m)
        forms = [
            f"Whom did {S} {inf.format(o='').strip()} in {M}?" if inf.endswith("{o}") else None,
            f"Tell me who {S} {past.format(o='').strip()} during {M}." if past.endswith("{o}") else None,
            f"In {M}, which parties did {S} {inf.format(o='').strip()}?" if inf.endswith("{o}") else None,
        ]
        if pp:
            forms.append(f"Which were {pp} by {S} in the month of {M}?")
        forms = [f for f in forms if f]
        if not forms:
            return None
        return self.rng.choice(forms), ans, "entity", "month", "equal", "obj_range", {
            "s": s, "r": r, "a": m + "-01", "b": month_end(m)}  # fmt: skip

    def year_who(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        y = d[:4]
        ans = self.ix.subj(r, o, f"{y}-01-01", f"{y}-12-31")
        inf, past, pp = self.rel(r)
        OB = ent(o)
        forms = [f"Which actors {past.format(o=OB)} at some point in {y}?",
                 f"In the course of {y}, who {past.format(o=OB)}?"]  # fmt: skip
        if pp:
            forms.append(f"{cap(OB)} was {pp} by whom in {y}?")
        return self.rng.choice(forms), ans, "entity", "year", "equal", "subj_range", {
            "r": r, "o": o, "a": f"{y}-01-01", "b": f"{y}-12-31"}  # fmt: skip

    def window_ndays(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        n = self.rng.choice([3, 5, 7, 10, 14])
        a = plus(d, -self.rng.randrange(n))
        b = plus(a, n - 1)
        if a < self.ix.lo or b > self.ix.hi:
            return None
        ans = self.ix.subj(r, o, a, b)
        inf, past, pp = self.rel(r)
        OB, st = ent(o), self.rng.randrange(3)
        A, B = fmt_day(a, st), fmt_day(b, st)
        forms = [f"Who {past.format(o=OB)} in the {n} days from {A} to {B}, both days included?",
                 f"Between {A} and {B} (inclusive), which actors {past.format(o=OB)}?",
                 f"Over the {n}-day stretch starting {A} and ending {B}, who {past.format(o=OB)}?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", "day", "equal", "subj_range", {"r": r, "o": o, "a": a, "b": b}

    def quarter_half_season(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        y, mo = int(d[:4]), int(d[5:7])
        kind = self.rng.randrange(3)
        if kind == 0:
            q = (mo - 1) // 3
            m1, m2 = 3 * q + 1, 3 * q + 3
            label = (
                f"the {['first', 'second', 'third', 'fourth'][q]} quarter of {y} ({MONTHS[m1 - 1]} to {MONTHS[m2 - 1]})"
            )
        elif kind == 1:
            h = (mo - 1) // 6
            m1, m2 = 6 * h + 1, 6 * h + 6
            label = f"the {['first', 'second'][h]} half of {y} ({MONTHS[m1 - 1]} through {MONTHS[m2 - 1]})"
        else:
            seas = [x for x in SEASONS if x[1][0] <= mo <= x[1][1]]
            if not seas:
                return None
            name, (m1, m2), months = seas[0]
            label = f"the {name} of {y} ({months})"
        a, b = f"{y}-{m1:02d}-01", month_end(f"{y}-{m2:02d}")
        inf, past, pp = self.rel(r)
        if self.rng.random() < 0.5:
            ans = self.ix.subj(r, o, a, b)
            OB = ent(o)
            forms = [f"During {label}, who {past.format(o=OB)}?", f"Which actors {past.format(o=OB)} in {label}?"]
            return (
                self.rng.choice(forms),
                ans,
                "entity",
                "month",
                "equal",
                "subj_range",
                {"r": r, "o": o, "a": a, "b": b},
            )
        if not inf.endswith("{o}"):
            return None
        ans = self.ix.obj(s, r, a, b)
        S = ent(s)
        forms = [f"Whom did {S} {inf.format(o='').strip()} in {label}?",
                 f"In {label}, {S} {past.format(o='').strip()} whom?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", "month", "equal", "obj_range", {"s": s, "r": r, "a": a, "b": b}

    def named_day(self) -> Any:
        mo, dd, name = self.pick(NAMED_DAYS)
        y = self.pick(self.years)
        day = f"{y}-{mo:02d}-{dd:02d}"
        pool = [f for f in self.ix.askable if f[3] == day]
        if not pool:
            return None
        s, r, o, d = self.pick(pool)
        ans = self.ix.subj(r, o, d, d)
        inf, past, pp = self.rel(r)
        OB = ent(o)
        forms = [f"On {name} {y} ({fmt_day(d, 0)}), who {past.format(o=OB)}?",
                 f"Who {past.format(o=OB)} on {name} ({MONTHS[mo - 1]} {dd}) {y}?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", "day", "equal", "subj_range", {"r": r, "o": o, "a": d, "b": d}

    def when_time(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        level = self.rng.choice(["day", "month", "year"] if len(self.years) > 1 else ["day", "month"])
        inf, past, pp = self.rel(r)
        S, OB = ent(s), ent(o)
        if level == "year":
            a, b, k = self.ix.lo, self.ix.hi, 4
            scope = f"{self.years[0]} or {self.years[-1]}"
            forms = [f"Was it in {scope} that {S} {past.format(o=OB)}?",
                     f"In which year ({scope}) did {S} {inf.format(o=OB)}?"]  # fmt: skip
        else:
            a, b = self.year_span(d)
            k = 10 if level == "day" else 7
            y = d[:4]
            if level == "day":
                forms = [f"On what date in {y} did {S} {inf.format(o=OB)}?",
                         f"In {y}, which day was it when {S} {past.format(o=OB)}?",
                         f"Give the day in {y} on which {S} {past.format(o=OB)}."]  # fmt: skip
            else:
                forms = [f"In which month of {y} did {S} {inf.format(o=OB)}?",
                         f"What month of {y} was it when {S} {past.format(o=OB)}?"]  # fmt: skip
        ans = {x[:k] for x in self.ix.days(s, r, o, a, b)}
        if len(ans) > (2 if level == "month" else 1):
            return None
        return self.rng.choice(forms), ans, "time", level, "equal", "time_range", {
            "s": s, "r": r, "o": o, "a": a, "b": b, "k": k}  # fmt: skip

    def first_last_who(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        first = self.rng.random() < 0.5
        if self.rng.random() < 0.6:
            a, b = self.year_span(d)
            scope, lvl = d[:4], "year"
        else:
            a, b = d[:7] + "-01", month_end(d[:7])
            scope, lvl = fmt_month(d[:7]), "month"
        days = self.ix.subj_days(r, o, a, b)
        if len(days) < 2:
            return None
        x = days[0] if first else days[-1]
        ans = self.ix.subj(r, o, x, x)
        inf, past, pp = self.rel(r)
        OB = ent(o)
        if first:
            forms = [f"Who was the first to {inf.format(o=OB)} in {scope}?",
                     f"In {scope}, which actor {past.format(o=OB)} before anyone else did?"]  # fmt: skip
        else:
            forms = [f"Who was the last to {inf.format(o=OB)} in {scope}?",
                     f"Name the final actor that {past.format(o=OB)} in {scope}."]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", lvl, "first_last", "subj_extreme", {
            "r": r, "o": o, "a": a, "b": b, "first": first}  # fmt: skip

    def first_last_time(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        first = self.rng.random() < 0.5
        a, b = self.year_span(d)
        y = d[:4]
        days = self.ix.days(s, r, o, a, b)
        if len(days) < 2:
            return None
        level = self.rng.choice(["day", "month"])
        k = 10 if level == "day" else 7
        x = (days[0] if first else days[-1])[:k]
        if level == "month" and len({t[:7] for t in days}) < 2:
            return None
        inf, past, pp = self.rel(r)
        S, OB = ent(s), ent(o)
        w = "first" if first else "last"
        if level == "day":
            forms = [f"When did {S} {w} {inf.format(o=OB)} in {y}?",
                     f"What was the {w} day of {y} on which {S} {past.format(o=OB)}?"]  # fmt: skip
        else:
            forms = [f"In which month did {S} {inf.format(o=OB)} for the {w} time in {y}?",
                     f"Which month of {y} was the {w} in which {S} {past.format(o=OB)}?"]  # fmt: skip
        return self.rng.choice(forms), {x}, "time", level, "first_last", "time_extreme", {
            "s": s, "r": r, "o": o, "a": a, "b": b, "first": first, "k": k}  # fmt: skip

    def before_after_date(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        after = self.rng.random() < 0.5
        y = d[:4]
        if after:
            a, b = plus(d, 1), self.ix.hi
        else:
            a, b = f"{y}-01-01", plus(d, -1)
        if a > b:
            return None
        ans = self.ix.subj(r, o, a, b)
        inf, past, pp = self.rel(r)
        OB, D = ent(o), fmt_day(d, self.rng.randrange(3))
        if after:
            forms = [f"Who {past.format(o=OB)} after {D}?", f"After {D}, which actors {past.format(o=OB)}?"]
        else:
            forms = [f"In {y}, who {past.format(o=OB)} before {D}?",
                     f"Which actors {past.format(o=OB)} earlier in {y} than {D}?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", "day", "before_after", "subj_range", {
            "r": r, "o": o, "a": a, "b": b}  # fmt: skip

    def anchor(self) -> tuple[Fact, str]:
        f = self.pick(self.ix.anchors)
        inf, past, pp = self.rel(f[1])
        return f, f"{ent(f[0])} {past.format(o=ent(f[2]))}"

    def before_after_event(self) -> Any:
        # "before / after A did it": the anchor shares relation and object with the asked events
        f = self.pick(self.ix.anchors)
        A, r, o, d = f
        after = self.rng.random() < 0.5
        y = d[:4]
        a, b = (plus(d, 1), self.ix.hi) if after else (f"{y}-01-01", plus(d, -1))
        if a > b or self.ix.subj(r, o, d, d) - {A}:
            return None
        ans = self.ix.subj(r, o, a, b) - {A}
        inf, past, pp = self.rel(r)
        OB, AA = ent(o), ent(A)
        if after:
            forms = [f"After {AA} {past.format(o=OB)}, who else did the same?",
                     f"Which others {past.format(o=OB)} after {AA} had done so?"]  # fmt: skip
        else:
            forms = [f"In {y}, who {past.format(o=OB)} before {AA} did?",
                     f"Earlier in {y} than {AA}, which actors {past.format(o=OB)}?"]  # fmt: skip
        mode = "after" if after else "before"
        return self.rng.choice(forms), ans, "entity", "day", "before_after", "anchor_subj", {
            "as": A, "ar": r, "ao": o, "r": r, "o": o, "mode": mode, "a": a, "b": self.ix.hi, "excl": [A]}  # fmt: skip

    def after_first_before_last(self) -> Any:
        (A, ar, ao, d), clause = self.anchor()
        first = self.rng.random() < 0.5
        # the asked events share the anchor's object or subject, another relation or the same one
        o = self.pick([ao, A])
        rs = sorted(r for (r, oo) in self.ix.ro if oo == o and r in REL)
        if not rs:
            return None
        r = self.pick(rs)
        if self.ix.subj(r, o, d, d):
            return None
        y = d[:4]
        lo = f"{y}-01-01"
        days = [x for x in self.ix.subj_days(r, o, plus(d, 1), self.ix.hi)] if first else [
            x for x in self.ix.subj_days(r, o, lo, plus(d, -1))]  # fmt: skip
        if not days:
            return None
        x = days[0] if first else days[-1]
        ans = self.ix.subj(r, o, x, x)
        inf, past, pp = self.rel(r)
        OB = ent(o)
        if first:
            forms = [f"Who was the first to {inf.format(o=OB)} after {clause}?",
                     f"After {clause}, who next {past.format(o=OB)}?",
                     f"Following the occasion when {clause}, which actor was first to {inf.format(o=OB)}?"]  # fmt: skip
            qt = "after_first"
        else:
            forms = [f"Who last {past.format(o=OB)} before {clause} (counting from the start of {y})?",
                     f"In {y}, who was the last to {inf.format(o=OB)} before {clause}?"]  # fmt: skip
            qt = "before_last"
        return self.rng.choice(forms), ans, "entity", "day", qt, "anchor_next_subj", {
            "as": A, "ar": ar, "ao": ao, "r": r, "o": o, "first": first, "a": lo}  # fmt: skip

    def after_first_time(self) -> Any:
        # "after the anchor, when did S next r OB": S r OB shares an entity with the anchor
        (A, ar, ao, d), clause = self.anchor()
        pool = sorted(k for k in self.ix.sr if k[0] in (A, ao) and k[1] in REL)
        if not pool:
            return None
        s, r = self.pick(pool)
        objs = sorted(o for dd, oo in self.ix.sr[(s, r)].items() if dd > d for o in oo if ent(o) and o != s)
        if not objs:
            return None
        o = self.pick(objs)
        if d in self.ix.sro[(s, r, o)]:
            return None
        days = self.ix.days(s, r, o, plus(d, 1), self.ix.hi)
        inf, past, pp = self.rel(r)
        S, OB = ent(s), ent(o)
        forms = [
            f"After {clause}, when did {S} first {inf.format(o=OB)}?",
            f"On which day, following the day {clause}, did {S} {inf.format(o=OB)} for the first time?",
        ]
        return self.rng.choice(forms), {days[0]}, "time", "day", "after_first", "anchor_next_time", {
            "as": A, "ar": ar, "ao": ao, "s": s, "r": r, "o": o}  # fmt: skip

    def equal_multi(self) -> Any:
        (A, ar, ao, d), clause = self.anchor()
        mode = self.rng.choice(["same_day", "same_month", "day_after"])
        if mode == "day_after" and plus(d, 1) > self.ix.hi:
            return None
        ent_pick = self.pick([ao, A])
        a, b = {
            "same_day": (d, d),
            "same_month": (d[:7] + "-01", month_end(d[:7])),
            "day_after": (plus(d, 1), plus(d, 1)),
        }[mode]
        lvl = "month" if mode == "same_month" else "day"
        if self.rng.random() < 0.55 or mode == "day_after":
            rs = sorted(r for (r, oo) in self.ix.ro if oo == ent_pick and r in REL)
            if not rs:
                return None
            r = self.pick(rs)
            if r == ar:
                return None
            ans = self.ix.subj(r, ent_pick, a, b)
            inf, past, pp = self.rel(r)
            OB = ent(ent_pick)
            when = {"same_day": "on the same day as", "same_month": "in the same month as",
                    "day_after": "on the day after"}[mode]  # fmt: skip
            forms = [f"Who {past.format(o=OB)} {when} the day {clause}?" if mode != "same_month"
                     else f"Who {past.format(o=OB)} in the same month that {clause}?",
                     f"{cap(when)} {clause}, which actors {past.format(o=OB)}?"]  # fmt: skip
            forms[1] = forms[1].replace("On the same day as", "On the day that").replace(
                "In the same month as", "In the month when").replace("On the day after", "The day after")  # fmt: skip
            if mode == "day_after":
                forms = [f"The day after {clause}, who {past.format(o=OB)}?",
                         f"Who {past.format(o=OB)} one day after {clause}?"]  # fmt: skip
            return (
                self.rng.choice(forms),
                ans,
                "entity",
                lvl,
                "equal_multi",
                "anchor_subj",
                {"as": A, "ar": ar, "ao": ao, "r": r, "o": ent_pick, "mode": mode, "a": a, "b": b, "excl": []},
            )
        rs = sorted(r for (ss, r) in self.ix.sr if ss == ent_pick and r in REL)
        if not rs:
            return None
        r = self.pick(rs)
        inf, past, pp = self.rel(r)
        if r == ar or not inf.endswith("{o}"):
            return None
        ans = self.ix.obj(ent_pick, r, a, b)
        S = ent(ent_pick)
        when = "on the same day that" if mode == "same_day" else "in the same month that"
        forms = [f"Whom did {S} {inf.format(o='').strip()} {when} {clause}?",
                 f"{cap(when)} {clause}, {S} {past.format(o='').strip()} whom?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", lvl, "equal_multi", "anchor_obj", {
            "as": A, "ar": ar, "ao": ao, "s": ent_pick, "r": r, "mode": mode}  # fmt: skip

    def ellipsis_else(self) -> Any:
        s, r, o, d = self.pick(self.ix.askable)
        ans = self.ix.subj(r, o, d, d) - {s}
        inf, past, pp = self.rel(r)
        S, OB, D = ent(s), ent(o), fmt_day(d, self.rng.randrange(4))
        forms = [f"On {D}, {S} {past.format(o=OB)}. Who else did so that day?",
                 f"{cap(S)} {past.format(o=OB)} on {D}; which others did the same on that date?"]  # fmt: skip
        return self.rng.choice(forms), ans, "entity", "day", "equal", "subj_range", {
            "r": r, "o": o, "a": d, "b": d, "excl": [s]}  # fmt: skip


CONSTRUCTIONS: list[tuple[str, int]] = [
    ("day_who", 8), ("month_whom", 7), ("year_who", 6), ("window_ndays", 7), ("quarter_half_season", 7),
    ("named_day", 4), ("when_time", 9), ("first_last_who", 8), ("first_last_time", 7), ("before_after_date", 6),
    ("before_after_event", 6), ("after_first_before_last", 9), ("after_first_time", 4), ("equal_multi", 9),
    ("ellipsis_else", 4),
]  # fmt: skip


def load_facts(store: Any) -> list[Fact]:
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})


def second_check(store: Any, kind: str, params: dict[str, Any]) -> set[str]:
    p = {"excl": [], "a": "0000-01-01", "b": "9999-12-31"} | params
    rows = store.run(CHECKS[kind], p)
    return set(rows[0]["ans"]) if rows else set()


def generate(store: Any, name: str, scale: float, prefix: str, lo: str, hi: str, years: list[int]) -> list[dict]:
    ix = Index(load_facts(store), lo, hi)
    rng = random.Random(f"{SEED}-{name}")
    g = Gen(ix, rng, years)
    out: list[dict] = []
    seen: set[str] = set()
    for cname, weight in CONSTRUCTIONS:
        target = max(2, round(weight * scale))
        made, tries = 0, 0
        rel_count: Counter[str] = Counter()
        while made < target and tries < 4000:
            tries += 1
            res: Callable[[], Any] = getattr(g, cname)
            got = res()
            if got is None:
                continue
            q, ans, atype, lvl, qtype, ck, cp = got
            if not ans or len(ans) > 5 or q in seen or "{" in q:
                continue
            r = cp["r"]
            if rel_count[r] >= 2 or sum(1 for x in out if x["_r"] == r) >= 8:
                continue
            again = second_check(store, ck, cp)
            agrees = again == set(ans)
            if not agrees:
                print(f"disagreement dropped: {cname}: {q} {sorted(ans)} vs {sorted(again)}")
                continue
            seen.add(q)
            rel_count[r] += 1
            made += 1
            out.append({
                "question": q, "answers": sorted(ans), "answer_type": atype, "time_level": lvl, "qtype": qtype,
                "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
                "evidence": [], "construction": cname, "store": name,
                "check": f"{ck}: {json.dumps(cp, sort_keys=True)}", "check_agrees": agrees, "_r": r,
            })  # fmt: skip
    for i, x in enumerate(out, 1):
        x.pop("_r")
        x["quid"] = x["id"] = f"{prefix}{i:03d}"
    return [
        {
            k: x[k]
            for k in (
                "quid",
                "id",
                "question",
                "answers",
                "answer_type",
                "time_level",
                "qtype",
                "qlabel",
                "evidence",
                "construction",
                "store",
                "check",
                "check_agrees",
            )
        }
        for x in out
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    from tkgrag.store import connect

    store = connect(start_managed=False, ensure_schema=False)
    try:
        if args.store == "mtq":
            rows = generate(store, "mtq", 1.0, "b61m", "2014-01-01", "2015-12-31", [2014, 2015])
        else:
            rows = generate(store, "bench", 0.7, "b61i", "2014-01-01", "2014-12-31", [2014])
    finally:
        store.close()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        for x in rows:
            fh.write(json.dumps(x, ensure_ascii=False) + "\n")
    print(f"{len(rows)} questions -> {args.out}")


if __name__ == "__main__":
    main()
