"""Blind held-out question set 54: MultiTQ-style questions over the ``mtq`` and ``bench`` stores, written blind.

Why: the symbolic temporal reader was tuned on known phrasings; this set measures it on phrasings it never saw. Gold
answers come from ONE read of every (subject, relation, object, day) in the store, computed in Python; each question
also carries a second, differently written Cypher query (matched from the other side, dates compared by component or
computed inside Cypher, aggregates in Cypher) whose result must equal the gold set. Rerunning gives identical files.

Usage (from the worktree root; the stores are read only, no schema is applied)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_54.py --store mtq --out <work>/notes/heldout/v54/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_54.py --store bench --out <work>/notes/heldout/v54/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261254
MAX_GOLD = 5

# Store periods: mtq holds only a ~20% sample before 2013-11-18, so every question stays inside 2014-2015.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"prefix": "b54m", "years": (2014, 2015), "n": 100, "salt": 1},
    "bench": {"prefix": "b54i", "years": (2014,), "n": 70, "salt": 2},
}

# ---------------------------------------------------------------------------------------------- relation wording
# past: active past tense ("{o}" is the object); base: bare infinitive; pp: passive ("{o} was <pp> ...") or None.


@dataclass(frozen=True)
class Rel:
    past: tuple[str, ...]
    base: tuple[str, ...]
    pp: str | None = None


RELS: dict[str, Rel] = {
    "Make_statement": Rel(("made a public statement about {o}", "commented publicly on {o}"), ("comment on {o}",)),
    "Consult": Rel(
        ("consulted {o}", "held consultations with {o}"), ("consult {o}", "hold talks with {o}"), "consulted"
    ),
    "Make_an_appeal_or_request": Rel(
        ("appealed to {o}", "made a request of {o}"), ("appeal to {o}", "make a request of {o}"), "appealed to"
    ),
    "Express_intent_to_meet_or_negotiate": Rel(
        ("said they were willing to meet or negotiate with {o}", "offered to sit down and negotiate with {o}"),
        ("signal a readiness to meet or negotiate with {o}",),
    ),
    "Make_a_visit": Rel(
        ("visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"), ("visit {o}",), "visited"
    ),
    "Host_a_visit": Rel(("hosted {o}", "received {o} as a visitor"), ("host {o}", "host a visit by {o}"), "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": Rel(
        ("arrested, detained or charged {o}", "took legal action against {o} (an arrest, detention or charge)"),
        ("arrest, detain or charge {o}",),
        "arrested, detained or charged",
    ),
    "Praise_or_endorse": Rel(("praised {o}", "spoke approvingly of {o}", "endorsed {o}"), ("praise {o}",), "praised"),
    "Criticize_or_denounce": Rel(
        ("criticized {o}", "denounced {o}", "spoke out against {o}"), ("criticize {o}", "denounce {o}"), "criticized"
    ),
    "Accuse": Rel(("accused {o}", "levelled accusations at {o}"), ("accuse {o}",), "accused"),
    "Use_conventional_military_force": Rel(
        ("used conventional military force against {o}", "attacked {o} with conventional military force"),
        ("use military force against {o}",),
    ),
    "Use_unconventional_violence": Rel(
        ("used unconventional violence against {o}",), ("use unconventional violence against {o}",)
    ),
    "Engage_in_negotiation": Rel(("negotiated with {o}", "held negotiations with {o}"), ("negotiate with {o}",)),
    "Express_intent_to_cooperate": Rel(
        ("voiced an intention to cooperate with {o}", "said it meant to cooperate with {o}"),
        ("express an intention to cooperate with {o}",),
    ),
    "Demand": Rel(("made demands of {o}", "issued a demand to {o}"), ("make a demand of {o}",)),
    "Engage_in_diplomatic_cooperation": Rel(
        ("cooperated diplomatically with {o}", "worked with {o} on the diplomatic front"),
        ("cooperate diplomatically with {o}",),
    ),
    "Sign_formal_agreement": Rel(
        ("signed a formal agreement with {o}", "concluded a formal agreement with {o}"),
        ("sign a formal agreement with {o}",),
    ),
    "Investigate": Rel(("investigated {o}", "opened an investigation into {o}"), ("investigate {o}",), "investigated"),
    "Discuss_by_telephone": Rel(
        ("spoke by telephone with {o}", "had a phone call with {o}"), ("talk on the phone with {o}", "phone {o}")
    ),
    "Reject": Rel(("rejected {o}", "rebuffed {o}"), ("reject {o}",), "rebuffed"),
    "Make_optimistic_comment": Rel(
        ("made an optimistic remark about {o}", "sounded upbeat about {o}"), ("comment optimistically on {o}",)
    ),
    "Make_pessimistic_comment": Rel(
        ("made a pessimistic remark about {o}", "sounded gloomy about {o}"), ("comment pessimistically on {o}",)
    ),
    "Threaten": Rel(("threatened {o}", "issued threats against {o}"), ("threaten {o}",), "threatened"),
    "Meet_at_a_'third'_location": Rel(
        ("met {o} at a third location", "met {o} on neutral ground"), ("meet {o} at a third location",)
    ),
    "Provide_humanitarian_aid": Rel(
        ("gave humanitarian aid to {o}", "provided humanitarian assistance to {o}"),
        ("provide humanitarian aid to {o}",),
    ),
    "Make_empathetic_comment": Rel(
        ("expressed sympathy for {o}", "made an empathetic comment about {o}"), ("express sympathy for {o}",)
    ),
    "Reduce_relations": Rel(("scaled back relations with {o}",), ("reduce relations with {o}",)),
    "Provide_aid": Rel(("provided aid to {o}", "gave aid to {o}"), ("provide aid to {o}",)),
    "Bring_lawsuit_against": Rel(("sued {o}", "brought a lawsuit against {o}"), ("sue {o}",), "sued"),
    "Physically_assault": Rel(("physically assaulted {o}",), ("physically assault {o}",), "physically assaulted"),
    "Impose_administrative_sanctions": Rel(
        ("imposed administrative sanctions on {o}",), ("impose administrative sanctions on {o}",)
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": Rel(
        ("called on {o} for diplomatic cooperation such as policy support",),
        ("appeal to {o} for diplomatic cooperation",),
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": Rel(
        ("pledged diplomatic cooperation (such as policy support) to {o}",),
        ("promise diplomatic cooperation to {o}",),
    ),
    "Return,_release_person(s)": Rel(("released or returned people to {o}",), ("release or return people to {o}",)),
}

# ---------------------------------------------------------------------------------------------- entity wording
DEMONYM = {
    "Afghanistan": "Afghan",
    "Australia": "Australian",
    "Bangladesh": "Bangladeshi",
    "Brazil": "Brazilian",
    "Canada": "Canadian",
    "China": "Chinese",
    "Egypt": "Egyptian",
    "France": "French",
    "Germany": "German",
    "Greece": "Greek",
    "India": "Indian",
    "Indonesia": "Indonesian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Ireland": "Irish",
    "Israel": "Israeli",
    "Italy": "Italian",
    "Japan": "Japanese",
    "Kenya": "Kenyan",
    "Libya": "Libyan",
    "Malaysia": "Malaysian",
    "Mexico": "Mexican",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Philippines": "Philippine",
    "Russian Federation": "Russian",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "Spain": "Spanish",
    "Sri Lanka": "Sri Lankan",
    "Syria": "Syrian",
    "Thailand": "Thai",
    "Turkey": "Turkish",
    "Ukraine": "Ukrainian",
    "United Kingdom": "British",
    "United States": "American",
    "Vietnam": "Vietnamese",
    "Zimbabwe": "Zimbabwean",
    "Nepal": "Nepalese",
    "Somalia": "Somali",
    "Sudan": "Sudanese",
    "Yemen": "Yemeni",
    "Uganda": "Ugandan",
    "Cambodia": "Cambodian",
}
# Sector entities are asked about only for these countries (not "International", regions or groups).
COUNTRIES = set(DEMONYM) | {
    "Argentina", "Belgium", "Colombia", "Ethiopia", "Haiti", "Hungary", "Jordan", "Lebanon", "Liberia", "Myanmar",
    "Netherlands", "Norway", "Peru", "Poland", "Portugal", "Romania", "Saudi Arabia", "Senegal", "Singapore",
    "Sweden", "Switzerland", "Taiwan", "Tanzania", "Venezuela", "Zambia",
}  # fmt: skip
THE = {c: "the " + c for c in ("United States", "United Kingdom", "Philippines", "Netherlands", "United Arab Emirates")}
# sector -> (form with a demonym or None, form with the country name)
SECTORS: dict[str, tuple[str | None, str]] = {
    "Police": ("the {d} police", "the police in {c}"),
    "Citizen": ("{d} citizens", "citizens of {c}"),
    "Head of Government": ("the {d} head of government", "the head of government of {c}"),
    "Foreign Affairs": ("the {d} foreign ministry", "the foreign affairs ministry of {c}"),
    "Government": ("the {d} government", "the government of {c}"),
    "Military": ("the {d} military", "the armed forces of {c}"),
    "Military Personnel": ("{d} military personnel", "military personnel in {c}"),
    "Criminal": (None, "criminals in {c}"),
    "Other Authorities / Officials": (None, "officials in {c}"),
    "Legislature": ("the {d} legislature", "the legislature of {c}"),
    "Media": ("the {d} media", "the media in {c}"),
    "Business": ("{d} businesses", "businesses in {c}"),
    "Employee": (None, "employees in {c}"),
    "Lawyer/Attorney": ("{d} lawyers", "lawyers in {c}"),
    "Court Judge": (None, "a court judge in {c}"),
    "Member of Parliament": (None, "a member of parliament in {c}"),
    "Defense / Security Ministry": ("the {d} defence ministry", "the defence and security ministry of {c}"),
    "Protester": ("{d} protesters", "protesters in {c}"),
    "Student": ("{d} students", "students in {c}"),
    "Women": ("{d} women", "women in {c}"),
    "Children": (None, "children in {c}"),
    "Militant": (None, "militants in {c}"),
    "Activist": ("{d} activists", "activists in {c}"),
    "Cabinet / Council of Ministers / Advisors": ("the {d} cabinet", "the cabinet of {c}"),
    "Treasury/Finance Ministry": ("the {d} finance ministry", "the finance ministry of {c}"),
}
MONTHS = list(calendar.month_name)
NAMED_DAYS = {
    (1, 1): "New Year's Day", (2, 14): "Valentine's Day", (3, 8): "International Women's Day",
    (5, 1): "May Day (1 May)", (7, 4): "the Fourth of July", (10, 31): "Halloween (31 October)",
    (12, 24): "Christmas Eve", (12, 25): "Christmas Day", (12, 31): "New Year's Eve",
}  # fmt: skip


def entity_phrase(name: str, rng: random.Random) -> str | None:
    """How a person would say an entity; None when it has no natural wording here (the question is not asked)."""
    if "(" not in name:
        return None if name.startswith("Unidentified") or name in ("International", "Africa", "Europe") else name
    sector, _, rest = name.partition(" (")
    country = rest[:-1] if rest.endswith(")") else ""
    if country not in COUNTRIES or sector not in SECTORS:
        return None
    with_dem, with_country = SECTORS[sector]
    dem = DEMONYM.get(country)
    if with_dem and dem and rng.random() < 0.6:
        return with_dem.format(d=dem)
    return with_country.format(c=THE.get(country, country))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def say_day(d: str, rng: random.Random) -> str:
    y, m, dd = (int(x) for x in d.split("-"))
    forms = [f"{dd} {MONTHS[m]} {y}", f"{MONTHS[m]} {dd}, {y}", d, f"the {ordinal(dd)} of {MONTHS[m]} {y}"]
    return rng.choice(forms)


def ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_month(ym: str, rng: random.Random) -> str:
    y, m = (int(x) for x in ym.split("-"))
    return rng.choice([f"{MONTHS[m]} {y}", f"{MONTHS[m]} of {y}"])


def shift(d: str, days: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=days)).isoformat()


# ---------------------------------------------------------------------------------------------- the KG in memory
@dataclass
class KG:
    quads: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sro[(s, r, o)].append(d)
        for v in self.by_ro.values():
            v.sort()
        for w in self.by_sro.values():
            w.sort()

    def subjects(self, r: str, o: str, lo: str, hi: str, exclude: str | None = None) -> list[str]:
        rows = self.by_ro.get((r, o), [])
        i = bisect.bisect_left(rows, (lo, ""))
        out = set()
        for d, s in rows[i:]:
            if d > hi:
                break
            if s != exclude:
                out.add(s)
        return sorted(out)

    def dated(self, r: str, o: str, lo: str, hi: str) -> list[tuple[str, str]]:
        return [(d, s) for d, s in self.by_ro.get((r, o), []) if lo <= d <= hi]


def read_kg(session: Any) -> KG:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    quads = sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})
    return KG(quads)


# ---------------------------------------------------------------------------------------------- question makers
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: str
    cypher: str
    params: dict[str, Any]


class Maker:
    """Draws questions of each kind from the KG; a maker returns None when its draw gives no fair question."""

    def __init__(self, kg: KG, years: tuple[int, ...], rng: random.Random) -> None:
        self.kg, self.years, self.rng = kg, years, rng
        self.lo, self.hi = f"{years[0]}-01-01", f"{years[-1]}-12-31"
        self.inside = [q for q in kg.quads if self.lo <= q[3] <= self.hi and q[1] in RELS]
        counts = Counter((s, r, o) for s, r, o, _ in kg.quads)
        self.anchors = [q for q in self.inside if counts[(q[0], q[1], q[2])] == 1]
        self.named = [q for q in self.inside if (int(q[3][5:7]), int(q[3][8:10])) in NAMED_DAYS]

    # helpers
    def pick(self) -> tuple[str, str, str, str]:
        return self.rng.choice(self.inside)

    def anchor(self) -> tuple[str, str, str, str] | None:
        s, r, o, d = self.rng.choice(self.anchors)
        ps, po = entity_phrase(s, self.rng), entity_phrase(o, self.rng)
        if ps is None or po is None:
            return None
        return s, r, o, d

    def anchor_text(self, a: tuple[str, str, str, str]) -> str:
        s, r, o, _ = a
        ps, po = entity_phrase(s, self.rng), entity_phrase(o, self.rng)
        assert ps is not None and po is not None
        return f"{ps} {self.rng.choice(RELS[r].past).format(o=po)}"

    def past(self, r: str, o: str) -> str | None:
        po = entity_phrase(o, self.rng)
        return None if po is None else self.rng.choice(RELS[r].past).format(o=po)

    def base(self, r: str, o: str) -> str | None:
        po = entity_phrase(o, self.rng)
        return None if po is None else self.rng.choice(RELS[r].base).format(o=po)

    @staticmethod
    def fits(ans: list[str]) -> bool:
        return 1 <= len(ans) <= MAX_GOLD

    # ---- equal, entity answers, a day / month / year / window
    def who_day(self) -> Q | None:
        _s, r, o, d = self.rng.choice(self.named) if self.rng.random() < 0.3 else self.pick()
        ans = self.kg.subjects(r, o, d, d)
        po = entity_phrase(o, self.rng)
        if po is None or not self.fits(ans):
            return None
        rel = RELS[r]
        md = (int(d[5:7]), int(d[8:10]))
        v = self.rng.randrange(5)
        if md in NAMED_DAYS and v < 3:
            q = f"On {NAMED_DAYS[md]} {d[:4]}, who {self.rng.choice(rel.past).format(o=po)}?"
            con = "named_day"
        elif v == 0:
            q = f"Who {self.rng.choice(rel.past).format(o=po)} on {say_day(d, self.rng)}?"
            con = "who_day_end"
        elif v == 1:
            q = f"On {say_day(d, self.rng)}, who {self.rng.choice(rel.past).format(o=po)}?"
            con = "who_day_front"
        elif v == 2 and rel.pp:
            q = f"By whom was {po} {rel.pp} on {say_day(d, self.rng)}?"
            con = "passive_day"
        elif v == 3:
            q = f"Tell me who {self.rng.choice(rel.past).format(o=po)} on {say_day(d, self.rng)}."
            con = "tellme_day"
        else:
            q = f"Name the actors that {self.rng.choice(rel.past).format(o=po)} on {say_day(d, self.rng)}."
            con = "name_day"
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
            "WHERE e.relation = $r AND e.valid_from = date($d) RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "day", "equal", con, "subjects by object side, date equality", cy,
                 {"o": o, "r": r, "d": d})  # fmt: skip

    def who_month(self) -> Q | None:
        _s, r, o, d = self.pick()
        ym = d[:7]
        ans = self.kg.subjects(r, o, ym + "-01", ym + "-31")
        past = self.past(r, o)
        if past is None or not self.fits(ans):
            return None
        v = self.rng.randrange(3)
        m = say_month(ym, self.rng)
        if v == 0:
            q, con = f"Who {past} in {m}?", "who_month_end"
        elif v == 1:
            q, con = f"During {m}, which actors {past}?", "who_month_front"
        else:
            q, con = f"I'd like to know who {past} at some point in {m}.", "indirect_month"
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
            "WHERE e.valid_from.year = $y AND e.valid_from.month = $m RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "month", "equal", con, "subjects by year/month components", cy,
                 {"o": o, "r": r, "y": int(ym[:4]), "m": int(ym[5:])})  # fmt: skip

    def who_year(self) -> Q | None:
        if len(self.years) < 2:
            return None
        _s, r, o, d = self.pick()
        y = d[:4]
        ans = self.kg.subjects(r, o, y + "-01-01", y + "-12-31")
        past = self.past(r, o)
        if past is None or not self.fits(ans):
            return None
        if self.rng.random() < 0.5:
            q, con = f"Which actors {past} in {y}?", "who_year_end"
        else:
            q, con = f"Over the course of {y}, who {past}?", "who_year_front"
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
            "WHERE e.valid_from.year = $y RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "year", "equal", con, "subjects by year component", cy,
                 {"o": o, "r": r, "y": int(y)})  # fmt: skip

    def who_window(self) -> Q | None:
        _s, r, o, d = self.pick()
        y, m = int(d[:4]), int(d[5:7])
        v = self.rng.randrange(4)
        if v == 0:
            qn = (m - 1) // 3 + 1
            m1, m2 = 3 * qn - 2, 3 * qn
            when = (
                f"in the {['first', 'second', 'third', 'fourth'][qn - 1]} quarter of {y} ({MONTHS[m1]} to {MONTHS[m2]})"
            )
            con, level = "quarter", "month"
        elif v == 1:
            h = 1 if m <= 6 else 2
            m1, m2 = (1, 6) if h == 1 else (7, 12)
            when = f"in the {'first' if h == 1 else 'second'} half of {y} ({MONTHS[m1]} through {MONTHS[m2]})"
            con, level = "half", "month"
        elif v == 2:
            seasons = {3: "spring", 6: "summer", 9: "autumn"}
            if m in (1, 2, 12):
                return None
            m1 = {3: 3, 4: 3, 5: 3, 6: 6, 7: 6, 8: 6, 9: 9, 10: 9, 11: 9}[m]
            m2 = m1 + 2
            when = f"in the {seasons[m1]} of {y} (that is, {MONTHS[m1]}, {MONTHS[m1 + 1]} and {MONTHS[m2]})"
            con, level = "season", "month"
        else:
            n = self.rng.choice([5, 7, 10, 14])
            start = shift(d, -self.rng.randrange(n))
            end = shift(start, n - 1)
            if start < self.lo or end > self.hi:
                return None
            when = f"in the {n} days from {say_day(start, self.rng)} to {say_day(end, self.rng)}, both days included"
            con, level = "n_day_window", "day"
            lo, hi = start, end
        if v < 3:
            lo = f"{y}-{m1:02d}-01"
            hi = f"{y}-{m2:02d}-{calendar.monthrange(y, m2)[1]:02d}"
        ans = self.kg.subjects(r, o, lo, hi)
        past = self.past(r, o)
        if past is None or not self.fits(ans):
            return None
        q = f"Who {past} {when}?" if self.rng.random() < 0.5 else f"{cap(when)}, who {past}?"
        cy = (
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", level, "equal", con, "subjects by date-string window", cy,
                 {"o": o, "r": r, "lo": lo, "hi": hi})  # fmt: skip

    def ellipsis_week(self) -> Q | None:
        s, r, o, d = self.pick()
        dd = date.fromisoformat(d)
        mon = (dd - timedelta(days=dd.weekday())).isoformat()
        sun = shift(mon, 6)
        if mon < self.lo or sun > self.hi:
            return None
        ans = self.kg.subjects(r, o, mon, sun, exclude=s)
        ps, past = entity_phrase(s, self.rng), self.past(r, o)
        if ps is None or past is None or not self.fits(ans):
            return None
        q = (
            f"{cap(ps)} {past} on {say_day(d, self.rng)}. Who else did so that same week "
            f"(Monday {say_day(mon, self.rng)} to Sunday {say_day(sun, self.rng)})?"
        )
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
            "WHERE date($mon) <= e.valid_from <= date($mon) + duration({days: 6}) AND s.name <> $s "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "day", "equal", "ellipsis_week", "week computed in Cypher, first actor excluded",
                 cy, {"o": o, "r": r, "mon": mon, "s": s})  # fmt: skip

    # ---- equal, time answers: when did S r O (within a year)
    def when(self) -> Q | None:
        s, r, o, d = self.pick()
        y = d[:4]
        days = [x for x in self.kg.by_sro[(s, r, o)] if x[:4] == y]
        ps, base = entity_phrase(s, self.rng), self.base(r, o)
        if ps is None or base is None:
            return None
        v = self.rng.randrange(4)
        if v == 0:
            level, n = "day", 10
            q, con = f"On which day or days in {y} did {ps} {base}?", "when_day"
        elif v == 1:
            level, n = "month", 7
            q, con = f"In {y}, in which month or months did {ps} {base}?", "when_month"
        elif v == 2:
            level, n = "month", 7
            gerund = ing_phrase(base)
            if gerund is None:
                return None
            q, con = f"Which month of {y} saw {ps} {gerund}?", "time_subject"
            if len({x[:7] for x in days}) != 1:
                return None
        else:
            if len(self.years) < 2:
                return None
            level, n = "year", 4
            days = [x for x in self.kg.by_sro[(s, r, o)] if self.lo <= x <= self.hi]
            q, con = f"In which year (2014 or 2015) did {ps} {base}?", "when_year"
        ans = sorted({x[:n] for x in days})
        if not self.fits(ans):
            return None
        if level == "year":
            ans_ok = ans
            if len(ans_ok) != 1:
                return None
        cy = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE e.relation = $r AND $ylo <= e.valid_from.year <= $yhi "
            "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS a"
        )
        ylo, yhi = (self.years[0], self.years[-1]) if level == "year" else (int(y), int(y))
        return Q(q, ans, "time", level, "equal", con, "distinct date prefixes aggregated in Cypher", cy,
                 {"s": s, "o": o, "r": r, "n": n, "ylo": ylo, "yhi": yhi})  # fmt: skip

    # ---- first / last
    def first_last_entity(self) -> Q | None:
        _s, r, o, _d = self.pick()
        y = self.rng.choice(self.years)
        rows = self.kg.dated(r, o, f"{y}-01-01", f"{y}-12-31")
        if not rows:
            return None
        first = self.rng.random() < 0.5
        best = rows[0][0] if first else rows[-1][0]
        ans = sorted({x for dd, x in rows if dd == best})
        base, past = self.base(r, o), self.past(r, o)
        if base is None or past is None or not self.fits(ans) or len(rows) < 3:
            return None
        v = self.rng.randrange(3)
        if first:
            q = [f"Who was the first to {base} in {y}?", f"In {y}, which actor was the earliest to {base}?",
                 f"Name whoever first {past} in {y}."][v]  # fmt: skip
        else:
            q = [f"Who was the last to {base} in {y}?", f"Which actor most recently {past}, looking only at {y}?",
                 f"In {y}, who was the final one to {base}?"][v]  # fmt: skip
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
            "WHERE e.valid_from.year = $y WITH s.name AS n, e.valid_from AS d ORDER BY d "
            + ("ASC" if first else "DESC")
            + " WITH collect({n: n, d: d}) AS rows WITH rows, rows[0].d AS best "
            "RETURN [x IN rows WHERE x.d = best | x.n] AS a"
        )
        return Q(q, ans, "entity", "day", "first_last", ("first" if first else "last") + f"_entity_{v}",
                 "ordered rows in Cypher, ties kept", cy, {"o": o, "r": r, "y": y})  # fmt: skip

    def first_last_time(self) -> Q | None:
        s, r, o, _d = self.pick()
        y = self.rng.choice(self.years)
        days = [x for x in self.kg.by_sro[(s, r, o)] if x[:4] == str(y)]
        ps, base = entity_phrase(s, self.rng), self.base(r, o)
        if ps is None or base is None or len(days) < 2:
            return None
        first = self.rng.random() < 0.5
        word = "first" if first else "last"
        pick = days[0] if first else days[-1]
        v = self.rng.randrange(3)
        if v == 0:
            level, ans = "day", [pick]
            q = f"When in {y} did {ps} {base} for the {word} time?"
        elif v == 1:
            level, ans = "month", [pick[:7]]
            q = f"In which month did {ps} {base} for the {word} time in {y}?"
        else:
            level, ans = "month", [pick[:7]]
            q = (
                f"Considering {y} only, name the month when {ps} {word} "
                f"{self.rng.choice(RELS[r].past).format(o=entity_phrase(o, self.rng))}."
            )
        n = 10 if level == "day" else 7
        cy = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE e.valid_from.year = $y RETURN [substring(toString("
            + ("min" if first else "max")
            + "(e.valid_from)), 0, $n)] AS a"
        )
        return Q(q, ans, "time", level, "first_last", f"{word}_time_{level}_{v}", "min/max aggregated in Cypher", cy,
                 {"s": s, "o": o, "r": r, "y": y, "n": n})  # fmt: skip

    # ---- before / after a date or an event
    def before_after(self) -> Q | None:
        _s, r, o, d = self.pick()
        after = self.rng.random() < 0.5
        use_event = self.rng.random() < 0.6
        past = self.past(r, o)
        if past is None:
            return None
        if use_event:
            a = self.anchor()
            if a is None:
                return None
            ad = a[3]
            what = self.anchor_text(a)
        else:
            a = None
            ad = d
            what = say_day(d, self.rng)
        y = ad[:4]
        if after:
            lo, hi = shift(ad, 1), self.hi
            if len(self.years) > 1 and self.rng.random() < 0.5:
                hi = f"{y}-12-31"
                scope = f" (later in {y})"
            else:
                scope = ""
        else:
            lo, hi = f"{y}-01-01", shift(ad, -1)
            scope = f" earlier in {y}"
        ans = self.kg.subjects(r, o, lo, hi)
        if not self.fits(ans) or lo > hi:
            return None
        if after:
            q = (f"Who {past} after {what}{scope}?" if self.rng.random() < 0.5
                 else f"After {what}, which actors {past}{scope}?")  # fmt: skip
        else:
            q = (f"Who {past}{scope}, before {what}?" if self.rng.random() < 0.5
                 else f"In {y}, before {what}, who {past}?")  # fmt: skip
        con = ("after" if after else "before") + ("_event" if use_event else "_date")
        if a is not None:
            cy = (
                "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
                "WITH x.valid_from AS ad "
                "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
                "WHERE "
                + ("e.valid_from > ad" if after else "e.valid_from < ad")
                + " AND date($lo) <= e.valid_from <= date($hi) RETURN collect(DISTINCT s.name) AS a"
            )
            params = {"as": a[0], "ar": a[1], "ao": a[2], "o": o, "r": r,
                      "lo": f"{y}-01-01" if not after else self.lo, "hi": hi}  # fmt: skip
        else:
            cy = (
                "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
                "WHERE "
                + ("e.valid_from > date($ad)" if after else "e.valid_from < date($ad)")
                + " AND date($lo) <= e.valid_from <= date($hi) RETURN collect(DISTINCT s.name) AS a"
            )
            params = {"ad": ad, "o": o, "r": r, "lo": f"{y}-01-01" if not after else self.lo, "hi": hi}
        return Q(q, ans, "entity", "day", "before_after", con, "anchor date re-read in Cypher, strict comparison",
                 cy, params)  # fmt: skip

    def after_first(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        _s, r, o, _d = self.pick()
        rows = [x for x in self.kg.dated(r, o, shift(a[3], 1), self.hi)]
        base = self.base(r, o)
        if not rows or base is None:
            return None
        best = rows[0][0]
        ans = sorted({x for dd, x in rows if dd == best})
        if not self.fits(ans):
            return None
        what = self.anchor_text(a)
        v = self.rng.randrange(3)
        q = [f"After {what}, who was the next to {base}?",
             f"Who was first to {base} once {what}?",
             f"Following the moment {what}, which actor went on to be the first to {base}?"][v]  # fmt: skip
        cy = (
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH x.valid_from AS ad MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s) "
            "WHERE e.valid_from > ad WITH min(e.valid_from) AS m "
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r, valid_from: m})-[:SUBJECT]->(s) "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "day", "after_first", f"after_first_{v}", "min after anchor in Cypher", cy,
                 {"as": a[0], "ar": a[1], "ao": a[2], "o": o, "r": r})  # fmt: skip

    def before_last(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        _s, r, o, _d = self.pick()
        y = a[3][:4]
        rows = self.kg.dated(r, o, f"{y}-01-01", shift(a[3], -1))
        past = self.past(r, o)
        if not rows or past is None:
            return None
        best = rows[-1][0]
        ans = sorted({x for dd, x in rows if dd == best})
        if not self.fits(ans):
            return None
        what = self.anchor_text(a)
        v = self.rng.randrange(3)
        perf = perfect(past)
        q = [f"In {y}, who had last {perf} just before {what}?",
             f"Just before {what} (looking at {y} only), who was the most recent to have {perf}?",
             f"Who was the last one in {y} to {self.base(r, o)} before {what}?"][v]  # fmt: skip
        cy = (
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH x.valid_from AS ad MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s) "
            "WHERE e.valid_from < ad AND e.valid_from.year = ad.year WITH max(e.valid_from) AS m "
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r, valid_from: m})-[:SUBJECT]->(s) "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", "day", "before_last", f"before_last_{v}", "max before anchor, same year, in Cypher",
                 cy, {"as": a[0], "ar": a[1], "ao": a[2], "o": o, "r": r})  # fmt: skip

    # ---- equal_multi: the same day / month as another event, or the day after it
    def equal_multi(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        _s, r, o, _d = self.pick()
        ad = a[3]
        v = self.rng.randrange(3)
        if v == 0:
            lo = hi = ad
            level, con = "day", "same_day"
            cond = "e.valid_from = ad"
        elif v == 1:
            lo, hi = ad[:7] + "-01", ad[:7] + "-31"
            level, con = "month", "same_month"
            cond = "e.valid_from.year = ad.year AND e.valid_from.month = ad.month"
        else:
            lo = hi = shift(ad, 1)
            if hi > self.hi:
                return None
            level, con = "day", "day_after"
            cond = "e.valid_from = ad + duration({days: 1})"
        ans = self.kg.subjects(r, o, lo, hi)
        past = self.past(r, o)
        if past is None or not self.fits(ans) or (a[1], a[2]) == (r, o):
            return None
        what = self.anchor_text(a)
        if v == 0:
            q = self.rng.choice([f"Who {past} on the same day that {what}?",
                                 f"On the very day {what}, who {past}?"])  # fmt: skip
        elif v == 1:
            q = self.rng.choice([f"Who {past} in the same month as {what}?",
                                 f"In the month when {what}, which actors {past}?"])  # fmt: skip
        else:
            q = self.rng.choice([f"Who {past} the day after {what}?",
                                 f"One day after {what}, who {past}?"])  # fmt: skip
        cy = (
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH x.valid_from AS ad MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s) "
            f"WHERE {cond} RETURN collect(DISTINCT s.name) AS a"
        )
        return Q(q, ans, "entity", level, "equal_multi", con, "anchor date re-read in Cypher, date arithmetic there",
                 cy, {"as": a[0], "ar": a[1], "ao": a[2], "o": o, "r": r})  # fmt: skip


def ing_phrase(base: str) -> str | None:
    """Gerund of a bare-infinitive phrase ("visit X" -> "visiting X"); None for list-like phrases."""
    if "," in base:
        return None
    head, _, rest = base.partition(" ")
    if head == "physically":
        return "physically " + (ing_phrase(rest) or "")
    special = {"meet": "meeting", "signal": "signalling", "visit": "visiting", "comment": "commenting",
               "talk": "talking", "consult": "consulting", "appeal": "appealing", "sign": "signing",
               "host": "hosting", "threaten": "threatening", "investigate": "investigating", "reject": "rejecting",
               "express": "expressing", "hold": "holding", "promise": "promising", "accuse": "accusing"}  # fmt: skip
    if head in special:
        g = special[head]
    elif head.endswith("e") and not head.endswith("ee"):
        g = head[:-1] + "ing"
    else:
        g = head + "ing"
    return f"{g} {rest}"


def perfect(past: str) -> str:
    """Past-tense phrase -> past-participle phrase (the first word only differs for these verbs)."""
    head, _, rest = past.partition(" ")
    pp = {"took": "taken", "gave": "given", "spoke": "spoken"}.get(head, head)
    return f"{pp} {rest}"


# quotas per kind: (maker name, share of the set)
KINDS = [
    ("who_day", 0.10), ("who_month", 0.08), ("who_year", 0.04), ("who_window", 0.13), ("ellipsis_week", 0.04),
    ("when", 0.10), ("first_last_entity", 0.09), ("first_last_time", 0.09), ("before_after", 0.12),
    ("after_first", 0.07), ("before_last", 0.06), ("equal_multi", 0.08),
]  # fmt: skip


def generate(kg: KG, store: str) -> list[Q]:
    cfg = STORES[store]
    rng = random.Random(SEED * 10 + cfg["salt"])
    mk = Maker(kg, cfg["years"], rng)
    out: list[Q] = []
    seen: set[str] = set()
    used: Counter[tuple[str, str]] = Counter()
    kinds = [(k, w) for k, w in KINDS if not (k == "who_year" and len(cfg["years"]) < 2)]
    total_w = sum(w for _, w in kinds)
    for name, w in kinds:
        want = round(cfg["n"] * w / total_w)
        fn: Callable[[], Q | None] = getattr(mk, name)
        got = tries = 0
        while got < want and tries < 20000:
            tries += 1
            q = fn()
            if q is None or q.question in seen:
                continue
            key = (q.params.get("r", ""), q.params.get("o", ""))
            if used[key] >= 1:
                continue
            seen.add(q.question)
            used[key] += 1
            out.append(q)
            got += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    cfg = STORES[args.store]
    agree = 0
    rows = []
    with driver.session(database=settings.neo4j_database, default_access_mode="READ") as session:
        kg = read_kg(session)
        qs = generate(kg, args.store)
        kept = []
        for q in qs:
            got = session.run(q.cypher, q.params).single()
            second = sorted(set(got["a"])) if got else []
            if second == sorted(q.answers):
                agree += 1
                kept.append((q, True))
            else:
                print(f"DISAGREE (dropped): {q.construction} gold={len(q.answers)} second={len(second)}")
        for i, (q, ok) in enumerate(kept):
            quid = f"{cfg['prefix']}{i:03d}"
            rows.append({
                "quid": quid, "id": quid, "question": q.question, "answers": sorted(q.answers),
                "answer_type": q.answer_type, "time_level": q.time_level, "qtype": q.qtype,
                "qlabel": "Multiple" if q.qtype in ("equal_multi", "after_first", "before_last") else "Single",
                "evidence": [], "construction": q.construction, "store": args.store, "check": q.check,
                "check_agrees": ok,
            })  # fmt: skip
    driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    rels = {q.params[k] for q, _ in kept for k in ("r", "ar") if k in q.params}
    print(f"{args.store}: {len(qs)} drawn, {agree} agree with the second check, {len(rows)} written to {args.out}")
    print(f"{args.store}: {len(rels)} relations asked about (question or anchor)")


if __name__ == "__main__":
    main()
