"""Blind held-out question set 26: MultiTQ-style questions in phrasings of our own, with gold answers computed from the
store, so that the symbolic temporal reader is measured on wording it was never tuned on.

Gold comes from one Cypher read of every (subject, relation, object, day) in the store, computed in Python; every
question is then recomputed by a second, differently written Cypher query (matched from the other side, dates compared
as strings, aggregated in Cypher, ...) and ``check_agrees`` records the outcome (disagreeing questions are dropped).
Deterministic for a seed: rerunning writes byte-identical files.

    PYTHONPATH=. python benchmarks/make_blind_phrasings_26.py --store mtq --out <work>/blind_mtq.jsonl
    PYTHONPATH=. python benchmarks/make_blind_phrasings_26.py --store bench --out <work>/blind_icews14.jsonl

(with ``TKGRAG_INSTANCE`` / ``TKGRAG_BOLT_PORT`` / ``TKGRAG_HTTP_PORT`` selecting the instance; only reads are run).
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261226

# Store periods: mtq holds all of ICEWS05-15 only from 2013-11-18 (a ~20% sample before), so every asked date, window
# and anchor lies in 2014-2015 there; bench is ICEWS14, all of 2014.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"scope": ("2014-01-01", "2015-12-31"), "prefix": "b26m", "target": 100},
    "bench": {"scope": ("2014-01-01", "2014-12-31"), "prefix": "b26i", "target": 70},
}

# How many questions of each kind per 100 (scaled to the store's target).
QUOTA = {
    "who_period": 20,
    "named_day": 3,
    "whom_period": 8,
    "else_week": 4,
    "when": 12,
    "before_after_date": 7,
    "before_after_event": 7,
    "first_last_entity": 9,
    "first_last_time": 8,
    "after_first": 8,
    "before_last": 8,
    "same_time": 5,
    "day_after": 4,
}

# ------------------------------------------------------------------------------------------------ relation phrasing
# past: "S <past>"; inf: "to <inf>"; pas: "O <pas> by S" (None where a passive reads badly); ing: gerund.
REL: dict[str, dict[str, str | None]] = {
    "Make_a_visit": {"past": "visited {o}", "inf": "visit {o}", "pas": "{o} was visited", "ing": "visiting {o}"},
    "Host_a_visit": {
        "past": "hosted a visit by {o}",
        "inf": "host {o} on a visit",
        "pas": "{o} was received as a visitor",
        "ing": "playing host to {o}",
    },
    "Make_statement": {
        "past": "made a public statement about {o}",
        "inf": "issue a statement concerning {o}",
        "pas": None,
        "ing": "making a statement on {o}",
    },
    "Consult": {
        "past": "consulted {o}",
        "inf": "hold consultations with {o}",
        "pas": "{o} was consulted",
        "ing": "consulting {o}",
    },
    "Make_an_appeal_or_request": {
        "past": "made an appeal or request to {o}",
        "inf": "appeal to {o} with a request",
        "pas": "{o} was appealed to",
        "ing": "appealing to {o}",
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": "signalled a wish to meet or negotiate with {o}",
        "inf": "say they wanted to meet or negotiate with {o}",
        "pas": None,
        "ing": "voicing a wish to meet or negotiate with {o}",
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": "arrested, detained or charged {o}",
        "inf": "arrest, detain or bring charges against {o}",
        "pas": "{o} was arrested, detained or charged",
        "ing": "arresting or detaining {o}",
    },
    "Praise_or_endorse": {
        "past": "praised {o}",
        "inf": "speak approvingly of {o}",
        "pas": "{o} was praised",
        "ing": "praising {o}",
    },
    "Criticize_or_denounce": {
        "past": "criticized {o}",
        "inf": "denounce {o}",
        "pas": "{o} was criticized",
        "ing": "denouncing {o}",
    },
    "Use_conventional_military_force": {
        "past": "used conventional military force against {o}",
        "inf": "use military force against {o}",
        "pas": "{o} was attacked with conventional military force",
        "ing": "using military force against {o}",
    },
    "Engage_in_negotiation": {
        "past": "negotiated with {o}",
        "inf": "hold negotiations with {o}",
        "pas": None,
        "ing": "negotiating with {o}",
    },
    "Accuse": {
        "past": "accused {o}",
        "inf": "level accusations at {o}",
        "pas": "{o} was accused",
        "ing": "accusing {o}",
    },
    "Engage_in_diplomatic_cooperation": {
        "past": "cooperated diplomatically with {o}",
        "inf": "engage in diplomatic cooperation with {o}",
        "pas": None,
        "ing": "cooperating diplomatically with {o}",
    },
    "Sign_formal_agreement": {
        "past": "signed a formal agreement with {o}",
        "inf": "sign a formal accord with {o}",
        "pas": None,
        "ing": "signing an agreement with {o}",
    },
    "Express_intent_to_cooperate": {
        "past": "expressed an intention to cooperate with {o}",
        "inf": "say they were willing to cooperate with {o}",
        "pas": None,
        "ing": "pledging cooperation with {o}",
    },
    "Demand": {
        "past": "made a demand of {o}",
        "inf": "make demands on {o}",
        "pas": None,
        "ing": "making demands on {o}",
    },
    "Investigate": {
        "past": "investigated {o}",
        "inf": "open an investigation into {o}",
        "pas": "{o} was investigated",
        "ing": "investigating {o}",
    },
    "Discuss_by_telephone": {
        "past": "spoke by telephone with {o}",
        "inf": "phone {o}",
        "pas": "{o} was phoned",
        "ing": "holding a phone call with {o}",
    },
    "Threaten": {
        "past": "threatened {o}",
        "inf": "issue threats against {o}",
        "pas": "{o} was threatened",
        "ing": "threatening {o}",
    },
    "Make_optimistic_comment": {
        "past": "made an optimistic comment about {o}",
        "inf": "sound upbeat about {o}",
        "pas": None,
        "ing": "commenting optimistically on {o}",
    },
    "Make_pessimistic_comment": {
        "past": "made a pessimistic remark about {o}",
        "inf": "sound gloomy about {o}",
        "pas": None,
        "ing": "commenting pessimistically on {o}",
    },
    "Make_empathetic_comment": {
        "past": "expressed sympathy for {o}",
        "inf": "voice sympathy for {o}",
        "pas": None,
        "ing": "sympathizing with {o}",
    },
    "Provide_humanitarian_aid": {
        "past": "provided humanitarian aid to {o}",
        "inf": "send humanitarian relief to {o}",
        "pas": "{o} was given humanitarian aid",
        "ing": "giving humanitarian aid to {o}",
    },
    "Provide_aid": {
        "past": "gave aid to {o}",
        "inf": "provide aid to {o}",
        "pas": "{o} was given aid",
        "ing": "aiding {o}",
    },
    "Meet_at_a_'third'_location": {
        "past": "met {o} at a third location",
        "inf": "meet {o} at a neutral third location",
        "pas": None,
        "ing": "meeting {o} on third-party ground",
    },
    "Reject": {"past": "rejected {o}", "inf": "rebuff {o}", "pas": "{o} was rebuffed", "ing": "rejecting {o}"},
    "Use_unconventional_violence": {
        "past": "used unconventional violence against {o}",
        "inf": "resort to unconventional violence against {o}",
        "pas": None,
        "ing": "using unconventional violence against {o}",
    },
    "Cooperate_economically": {
        "past": "cooperated economically with {o}",
        "inf": "cooperate on economic matters with {o}",
        "pas": None,
        "ing": "cooperating economically with {o}",
    },
    "Employ_aerial_weapons": {
        "past": "carried out air strikes on {o}",
        "inf": "launch air strikes against {o}",
        "pas": "{o} was struck from the air",
        "ing": "bombing {o} from the air",
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "past": "imposed an embargo, boycott or sanctions on {o}",
        "inf": "impose sanctions, an embargo or a boycott on {o}",
        "pas": "{o} was sanctioned",
        "ing": "sanctioning {o}",
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "past": "voiced an intention to cooperate diplomatically with {o}",
        "inf": "pledge diplomatic support to {o}",
        "pas": None,
        "ing": "pledging diplomatic cooperation with {o}",
    },
    "Physically_assault": {
        "past": "physically assaulted {o}",
        "inf": "physically attack {o}",
        "pas": "{o} was physically assaulted",
        "ing": "assaulting {o}",
    },
}

# ------------------------------------------------------------------------------------------------ entity phrasing
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "Central African Republic",
    "United Arab Emirates",
    "Czech Republic",
    "Democratic Republic of Congo",
    "Russian Federation",
    "Vatican City",
    "Gambia",
    "Maldives",
    "Republic of Korea",
    "Islamic State",
    "Taliban",
    "Muslim Brotherhood",
    "Kurdistan Workers' Party",
}
SECTORS = {
    "Police": ["*the police in {c}", "*police officers in {c}"],
    "Citizen": ["*citizens of {c}", "*ordinary citizens in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["*the armed forces of {c}", "{c}'s military"],
    "Criminal": ["*criminals in {c}"],
    "Lawyer/Attorney": ["*lawyers in {c}"],
    "Protester": ["*protesters in {c}"],
    "Armed Rebel": ["*armed rebels in {c}"],
    "Militant": ["*militants in {c}"],
    "Student": ["*students in {c}"],
    "Activist": ["*activists in {c}"],
    "Court Judge": ["a court judge in {c}", "*judges in {c}"],
    "Legislature": ["the legislature of {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Women": ["*women in {c}"],
    "Children": ["*children in {c}"],
    "Military Personnel": ["*military personnel of {c}", "*soldiers from {c}"],
    "Government Official": ["*government officials of {c}"],
    "Employee": ["*employees in {c}"],
    "Member of Parliament": ["*members of parliament in {c}"],
    "People Associated with the Opposition": ["the opposition in {c}"],
    "Armed Gang": ["*armed gangs in {c}"],
    "Foreign Affairs": ["the foreign affairs office of {c}", "{c}'s foreign ministry"],
    "Media": ["the media in {c}"],
    "Business": ["*businesses in {c}"],
    "Immigrants": ["*immigrants in {c}"],
    "Refugee": ["*refugees in {c}"],
    "Detainee": ["*detainees in {c}"],
    "Villager": ["*villagers in {c}"],
    "Terrorist": ["*terrorists in {c}"],
}
_SECTOR = re.compile(r"^(.+) \(([^()]+)\)$")
# Names that read with "the" in running text ("the UN Security Council", "the European Central Bank").
_ORG_WORDS = re.compile(
    r"\b(Council|Bank|Front|Association|Union|Party|Court|Ministry|Commission|Organization|Organisation|Forces|Army|"
    r"Agency|agency|Movement|Nations|Assembly|Conference|Committee|Fund|Institute|Church|Embassy|League|Alliance|"
    r"Congress|Senate|Navy|Office|University|Federation|Society|Authority|Department|Coalition|Middle East|Group)\b"
)
# Sector entities are phrased only when the parenthesis names a country or region (some name an organisation:
# "Militant (Taliban)"); filled by ``set_places`` from the store's own "Citizen (X)" entities.
PLACES: set[str] = set()


def set_places(names: set[str]) -> None:
    PLACES.clear()
    PLACES.update(m.group(2) for n in names if (m := _SECTOR.match(n)) and m.group(1) == "Citizen")


def country_np(c: str) -> str:
    if c.startswith("The ") or c.startswith("the "):
        return c
    return f"the {c}" if c in THE or c.startswith("United ") or _ORG_WORDS.search(c) else c


def entity_np(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """How a person would name an entity, and whether it reads as a plural; None when we have no faithful phrasing
    (the entity is then never asked about, though it may be an answer)."""
    m = _SECTOR.match(name)
    if m:
        forms = SECTORS.get(m.group(1))
        if forms is None or m.group(2) not in PLACES:
            return None
        form = rng.choice(forms)
        return form.lstrip("*").format(c=country_np(m.group(2))), form.startswith("*")
    if "(" in name or "," in name or len(name) > 40:
        return None
    return country_np(name), False


def entity_phrase(name: str, rng: random.Random) -> str | None:
    np = entity_np(name, rng)
    return None if np is None else np[0]


# ------------------------------------------------------------------------------------------------ dates in words
MONTHS = list(calendar.month_name)[1:]
WEEKDAYS = list(calendar.day_name)


def d_of(s: str) -> date:
    return date.fromisoformat(s)


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def day_words(s: str, rng: random.Random, weekday: bool = False) -> str:
    d = d_of(s)
    forms = [
        f"{d.day} {MONTHS[d.month - 1]} {d.year}",
        f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
        f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}",
    ]
    out = rng.choice(forms)
    if weekday:
        out = f"{WEEKDAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}"
    return out


def month_words(ym: str, rng: random.Random) -> str:
    y, m = ym.split("-")
    return rng.choice([f"{MONTHS[int(m) - 1]} {y}", f"{MONTHS[int(m) - 1]} of {y}"])


def month_end(y: int, m: int) -> str:
    return date(y, m, calendar.monthrange(y, m)[1]).isoformat()


def passive_rest(r: str) -> str:
    """The passive participle phrase of a relation: "{o} was visited" -> "visited"."""
    return str(REL[r]["pas"]).removeprefix("{o} was ")


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


NAMED_DAYS = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "03-08": "International Women's Day",
    "05-01": "May Day",
    "10-31": "Halloween",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
}


@dataclass
class Period:
    a: str
    b: str
    text: str  # "in March 2015", "on 3 May 2014", ...
    kind: str


def periods_for(day: str, scope: tuple[str, str], rng: random.Random) -> list[Period]:
    """Periods that contain ``day`` and lie inside ``scope``, each with an unambiguous English wording."""
    d = d_of(day)
    y, m = d.year, d.month
    out = [
        Period(day, day, f"on {day_words(day, rng, weekday=rng.random() < 0.3)}", "day"),
        Period(f"{y}-{m:02d}-01", month_end(y, m), f"in {month_words(f'{y}-{m:02d}', rng)}", "month"),
        Period(f"{y}-01-01", f"{y}-12-31", rng.choice([f"in {y}", f"during {y}", f"over the course of {y}"]), "year"),
    ]
    if day[5:] in NAMED_DAYS:
        out.append(Period(day, day, f"on {NAMED_DAYS[day[5:]]} {y}", "named_day"))
    q = (m - 1) // 3
    qn = ["first", "second", "third", "fourth"][q]
    out.append(
        Period(
            f"{y}-{3 * q + 1:02d}-01",
            month_end(y, 3 * q + 3),
            f"in the {qn} quarter of {y} ({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})",
            "quarter",
        )
    )
    h = 0 if m <= 6 else 1
    out.append(
        Period(
            f"{y}-{6 * h + 1:02d}-01",
            month_end(y, 6 * h + 6),
            f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})",
            "half",
        )
    )
    seasons = {(3, 4, 5): "spring", (6, 7, 8): "summer", (9, 10, 11): "autumn"}
    for months, name in seasons.items():
        if m in months:
            out.append(
                Period(
                    f"{y}-{months[0]:02d}-01",
                    month_end(y, months[2]),
                    f"in the {name} of {y} (that is, {MONTHS[months[0] - 1]}, {MONTHS[months[1] - 1]} and "
                    f"{MONTHS[months[2] - 1]})",
                    "season",
                )
            )
    start = d - timedelta(days=rng.randint(0, 4))
    n = rng.choice([5, 7, 10, 14])
    end = start + timedelta(days=n - 1)
    out.append(
        Period(
            start.isoformat(),
            end.isoformat(),
            f"in the {n} days starting {day_words(start.isoformat(), rng)} (up to and including "
            f"{day_words(end.isoformat(), rng)})",
            "n_days",
        )
    )
    a = d - timedelta(days=rng.randint(1, 6))
    b = d + timedelta(days=rng.randint(1, 6))
    out.append(
        Period(
            a.isoformat(),
            b.isoformat(),
            rng.choice(
                [
                    f"between {day_words(a.isoformat(), rng)} and {day_words(b.isoformat(), rng)}, both days included",
                    f"from {day_words(a.isoformat(), rng)} through {day_words(b.isoformat(), rng)} inclusive",
                ]
            ),
            "window",
        )
    )
    return [p for p in out if scope[0] <= p.a and p.b <= scope[1]]


# ------------------------------------------------------------------------------------------------ facts and indexes
Fact = tuple[str, str, str, str]


@dataclass
class KG:
    facts: list[Fact]
    scope: tuple[str, str]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for lst in (*self.by_ro.values(), *self.by_sr.values()):
            lst.sort()
        for days in self.by_sro.values():
            days.sort()

    def subjects(self, r: str, o: str, a: str, b: str) -> set[str]:
        lst = self.by_ro.get((r, o), [])
        i = bisect.bisect_left(lst, (a, ""))
        out = set()
        while i < len(lst) and lst[i][0] <= b:
            out.add(lst[i][1])
            i += 1
        return out

    def objects(self, s: str, r: str, a: str, b: str) -> set[str]:
        return {o for d, o in self.by_sr.get((s, r), []) if a <= d <= b}

    def unique_anchor(self, s: str, r: str, o: str) -> str | None:
        days = self.by_sro.get((s, r, o), [])
        return days[0] if len(days) == 1 else None


def read_facts(driver: Any, database: str) -> list[Fact]:
    with driver.session(database=database, default_access_mode="READ") as ses:
        rows = ses.run(
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
        )
        return sorted((x["s"], x["r"], x["o"], x["d"]) for x in rows)


# ------------------------------------------------------------------------------------------------ second checks
# Each check is a Cypher query written differently from the Python gold and returns one list ``ans``.
CHECKS: dict[str, tuple[str, str]] = {
    "subj_in": (
        "object-side MATCH by name, valid_from compared as strings in [a,b], DISTINCT subject names",
        "MATCH (o:Entity) WHERE o.name = $o MATCH (o)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
        "WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b "
        "AND NOT x.name IN $exclude RETURN collect(DISTINCT x.name) AS ans",
    ),
    "obj_in": (
        "subject-side MATCH, valid_from between date($a) and date($b), DISTINCT object names",
        "MATCH (x:Entity)<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity {name: $s}) "
        "WHERE date($a) <= e.valid_from <= date($b) RETURN collect(DISTINCT x.name) AS ans",
    ),
    "when": (
        "triple MATCH with date-typed range, times truncated in Cypher by substring to the asked level",
        "MATCH (e:Event)-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity) WHERE s.name = $s AND o.name = $o "
        "AND e.relation = $r AND e.valid_from >= date($a) AND e.valid_from <= date($b) "
        "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $len)) AS ans",
    ),
    "extreme_subj": (
        "min/max(valid_from) aggregated in Cypher over the scope, then the subjects on that day",
        "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE date($a) <= e.valid_from <= date($b) "
        "WITH CASE WHEN $first THEN min(e.valid_from) ELSE max(e.valid_from) END AS t "
        "MATCH (x:Entity)<-[:SUBJECT]-(f:Event {relation: $r, valid_from: t})-[:OBJECT]->(:Entity {name: $o}) "
        "RETURN collect(DISTINCT x.name) AS ans",
    ),
    "extreme_time": (
        "min/max(valid_from) of the triple aggregated in Cypher over the scope, truncated to the asked level",
        "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b "
        "WITH CASE WHEN $first THEN min(e.valid_from) ELSE max(e.valid_from) END AS t "
        "WHERE t IS NOT NULL RETURN [substring(toString(t), 0, $len)] AS ans",
    ),
    "after_event": (
        "anchor found and counted in Cypher (must be 1 in the whole store), then subjects strictly after it "
        "(before it) up to the scope edge",
        "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
        "WITH collect(x.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS t0 "
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE CASE WHEN $after THEN e.valid_from > t0 AND e.valid_from <= date($b) "
        "ELSE e.valid_from < t0 AND e.valid_from >= date($a) END "
        "RETURN collect(DISTINCT s.name) AS ans",
    ),
    "next_prev": (
        "anchor counted in Cypher (must be 1), the nearest day strictly after (before) it aggregated in Cypher "
        "within the scope, subjects on that day",
        "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
        "WITH collect(x.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS t0 "
        "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE e.valid_from >= date($a) AND e.valid_from <= date($b) "
        "AND ((e.valid_from > t0 AND $after) OR (e.valid_from < t0 AND NOT $after)) "
        "WITH CASE WHEN $after THEN min(e.valid_from) ELSE max(e.valid_from) END AS t "
        "MATCH (s:Entity)<-[:SUBJECT]-(f:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE f.valid_from = t RETURN collect(DISTINCT s.name) AS ans",
    ),
    "same_time": (
        "anchor counted in Cypher (must be 1), targets whose date string shares the anchor's prefix "
        "(day / month) or falls on the anchor day plus an offset",
        "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
        "WITH collect(x.valid_from) AS ds WHERE size(ds) = 1 "
        "WITH substring(toString(ds[0] + duration({days: $offset})), 0, $len) AS key "
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE substring(toString(e.valid_from), 0, $len) = key RETURN collect(DISTINCT s.name) AS ans",
    ),
}


def run_check(driver: Any, database: str, name: str, params: dict[str, Any]) -> list[str]:
    full = {
        "exclude": [],
        "a": "0000-01-01",
        "b": "9999-12-31",
        "first": True,
        "after": True,
        "len": 10,
        "offset": 0,
        **params,
    }
    with driver.session(database=database, default_access_mode="READ") as ses:
        rows = list(ses.run(CHECKS[name][1], full))
    if not rows:
        return []
    return sorted(set(rows[0]["ans"]))


# ------------------------------------------------------------------------------------------------ question builders
LEVEL_LEN = {"day": 10, "month": 7, "year": 4}
# The granularity of an entity question's time constraint (MultiTQ's time_level): windows are spans of days; quarters,
# halves and seasons spans of months.
LEVEL_OF = {
    "day": "day",
    "named_day": "day",
    "window": "day",
    "n_days": "day",
    "month": "month",
    "quarter": "month",
    "half": "month",
    "season": "month",
    "year": "year",
}


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    qlabel: str
    construction: str
    check: str
    params: dict[str, Any]


Builder = Callable[["Gen", Fact], Q | None]


class Gen:
    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg = kg
        self.store = store
        self.rng = rng
        self.plural: dict[str, bool] = {}

    # helpers
    def ent(self, name: str) -> str | None:
        np = entity_np(name, self.rng)
        if np is None:
            return None
        self.plural[np[0]] = np[1]
        return np[0]

    def rel(self, r: str, form: str, o: str) -> str | None:
        t = REL[r].get(form)
        return None if t is None else t.format(o=o)

    def year_scope(self, day: str) -> tuple[str, str]:
        y = day[:4]
        return max(f"{y}-01-01", self.kg.scope[0]), min(f"{y}-12-31", self.kg.scope[1])

    # -------------------------------------------------------------------------- equal: who did r to O in a period
    def who_period(self, f: Fact) -> Q | None:
        _s, r, o, d = f
        on = self.ent(o)
        if on is None:
            return None
        p = self.rng.choice(periods_for(d, self.kg.scope, self.rng))
        gold = sorted(self.kg.subjects(r, o, p.a, p.b))
        rng = self.rng
        v = rng.randrange(6)
        past = self.rel(r, "past", on)
        pas = self.rel(r, "pas", on)
        assert past is not None
        be = "were" if self.plural.get(on) else "was"
        if v == 0:
            text, con = f"{cap(p.text)}, who {past}?", "who_time_fronted"
        elif v == 1:
            text, con = f"Who {past} {p.text}?", "who_time_final"
        elif v == 2 and pas is not None:
            text, con = f"By whom {be} {on} {passive_rest(r)} {p.text}?", "passive_by_whom"
        elif v == 3:
            text, con = f"Name the actors that {past} {p.text}.", "imperative_name"
        elif v == 4:
            text, con = f"Tell me who {past} {p.text}.", "imperative_tell"
        else:
            ing = self.rel(r, "ing", on)
            text, con = f"{cap(p.text)}, which parties were seen {ing}?", "which_parties_gerund"
        return Q(
            text,
            gold,
            "entity",
            LEVEL_OF[p.kind],
            "equal",
            "Single",
            f"{con}/{p.kind}",
            "subj_in",
            {"r": r, "o": o, "a": p.a, "b": p.b},
        )

    def named_day(self, f: Fact) -> Q | None:
        _s, r, o, d = f
        on = self.ent(o)
        if on is None or d[5:] not in NAMED_DAYS:
            return None
        gold = sorted(self.kg.subjects(r, o, d, d))
        past = self.rel(r, "past", on)
        holiday = f"{NAMED_DAYS[d[5:]]} {d[:4]}"
        if self.rng.random() < 0.5:
            text, con = f"On {holiday}, who {past}?", "named_day_fronted"
        else:
            text, con = f"Which actors {past} on {holiday}?", "named_day_which_actors"
        return Q(text, gold, "entity", "day", "equal", "Single", con, "subj_in", {"r": r, "o": o, "a": d, "b": d})

    def whom_period(self, f: Fact) -> Q | None:
        s, r, _o, d = f
        sn = self.ent(s)
        if sn is None:
            return None
        p = self.rng.choice(periods_for(d, self.kg.scope, self.rng))
        gold = sorted(self.kg.objects(s, r, p.a, p.b))
        inf_t = str(REL[r]["inf"])
        if not inf_t.endswith("{o}"):
            return None
        bare = inf_t.removesuffix("{o}").strip()
        v = self.rng.randrange(3)
        if v == 0:
            text, con = f"{cap(p.text)}, whom did {sn} {bare}?", "whom_did_fronted"
        elif v == 1:
            text, con = f"Whom did {sn} {bare} {p.text}?", "whom_did_final"
        else:
            text, con = f"Who did {sn} {bare} {p.text}?", "who_did_colloquial"
        return Q(
            text,
            gold,
            "entity",
            LEVEL_OF[p.kind],
            "equal",
            "Single",
            f"{con}/{p.kind}",
            "obj_in",
            {"s": s, "r": r, "a": p.a, "b": p.b},
        )

    def else_week(self, f: Fact) -> Q | None:
        s, r, o, d = f
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        end = (d_of(d) + timedelta(days=6)).isoformat()
        if end > self.kg.scope[1]:
            return None
        gold = sorted(self.kg.subjects(r, o, d, end) - {s})
        past = self.rel(r, "past", on)
        text = (
            f"{cap(sn)} {past} on {day_words(d, self.rng)}. Who else did so within the week that began that day "
            f"(through {day_words(end, self.rng)})?"
        )
        return Q(
            text,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "ellipsis_who_else/week",
            "subj_in",
            {"r": r, "o": o, "a": d, "b": end, "exclude": [s]},
        )

    # -------------------------------------------------------------------------- equal: when did S r O
    def when(self, f: Fact) -> Q | None:
        s, r, o, d = f
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        level = self.rng.choice(["day", "day", "month", "month", "year"])
        if self.store == "bench" and level == "year":
            level = "month"
        if level == "year":
            a, b = self.kg.scope
            scope_text = "between 2014 and 2015"
        elif level == "month":
            a, b = self.year_scope(d)
            scope_text = f"in {d[:4]}"
        else:
            a, b = f"{d[:7]}-01", month_end(int(d[:4]), int(d[5:7]))
            scope_text = f"in {month_words(d[:7], self.rng)}"
        n = LEVEL_LEN[level]
        gold = sorted({x[:n] for x in self.kg.by_sro[(s, r, o)] if a <= x <= b})
        if len(gold) != 1:
            return None
        past = self.rel(r, "past", on)
        inf = self.rel(r, "inf", on)
        v = self.rng.randrange(3)
        if level == "day":
            if v == 0:
                text, con = f"On what date {scope_text} did {sn} {inf}?", "when_date_scoped"
            elif v == 1:
                text, con = (
                    f"{cap(sn)} {past} at some point {scope_text}. Which day was that?",
                    "statement_then_which_day",
                )
            else:
                text, con = f"Give the exact day {scope_text} on which {sn} {past}.", "imperative_exact_day"
        elif level == "month":
            if v == 0:
                text, con = f"Which month of {d[:4]} saw {sn} {self.rel(r, 'ing', on)}?", "which_month_saw"
            elif v == 1:
                text, con = f"In what month {scope_text} did {sn} {inf}?", "in_what_month"
            else:
                text, con = f"{cap(scope_text)}, {sn} {past} — in which month?", "fronted_scope_tag_month"
        else:
            if v == 0:
                text, con = f"Was it in 2014 or in 2015 that {sn} {past}?", "alternative_year"
            else:
                text, con = f"In which year, 2014 or 2015, did {sn} {inf}?", "which_year_of_two"
        return Q(
            text,
            gold,
            "time",
            level,
            "equal",
            "Single",
            con,
            "when",
            {"s": s, "r": r, "o": o, "a": a, "b": b, "len": n},
        )

    # -------------------------------------------------------------------------- before / after a date
    def before_after_date(self, f: Fact) -> Q | None:
        _s, r, o, d = f
        on = self.ent(o)
        if on is None:
            return None
        after = self.rng.random() < 0.5
        ys, ye = self.year_scope(d)
        # pivot: a day a few days away from d, so that d falls on the asked side
        delta = timedelta(days=self.rng.randint(1, 20))
        pivot = (d_of(d) - delta if after else d_of(d) + delta).isoformat()
        if not (ys < pivot < ye):
            return None
        a, b = (pivot, ye) if after else (ys, pivot)
        # strictly after / before the pivot day
        gold = sorted({x for dd, x in self.kg.by_ro[(r, o)] if (pivot < dd <= b if after else a <= dd < pivot)})
        past = self.rel(r, "past", on)
        pw = day_words(pivot, self.rng)
        v = self.rng.randrange(3)
        if after:
            ca, cb = (d_of(pivot) + timedelta(days=1)).isoformat(), ye
            if v == 0:
                text, con = f"After {pw} and before the end of {d[:4]}, who {past}?", "after_date_to_year_end"
            elif v == 1:
                text, con = f"Who {past} later in {d[:4]}, i.e. after {pw}?", "after_date_later_in_year"
            else:
                text, con = f"List everyone who {past} in the remainder of {d[:4]} following {pw}.", "list_after_date"
        else:
            ca, cb = ys, (d_of(pivot) - timedelta(days=1)).isoformat()
            if v == 0:
                text, con = f"In {d[:4]}, before {pw}, who {past}?", "before_date_in_year"
            elif v == 1:
                text, con = f"Who {past} earlier in {d[:4]} than {pw}?", "earlier_than_date"
            else:
                text, con = (
                    f"Between the start of {d[:4]} and {pw} (not counting that day), who {past}?",
                    "before_date_start_of_year",
                )
        return Q(
            text, gold, "entity", "day", "before_after", "Single", con, "subj_in", {"r": r, "o": o, "a": ca, "b": cb}
        )

    # -------------------------------------------------------------------------- anchors
    def anchor_near(self, f: Fact, same_o: bool = True) -> tuple[Fact, str] | None:
        """A unique anchor event on the target's object, or one involving it, picked from facts near ``f``."""
        s, r, o, _d = f
        cands: list[Fact] = []
        # candidates: unique events whose subject or object is o, any relation in REL
        for rr in REL:
            for dd, ss in self.kg.by_ro.get((rr, o), []):
                if self.kg.scope[0] <= dd <= self.kg.scope[1] and self.kg.unique_anchor(ss, rr, o) == dd:
                    cands.append((ss, rr, o, dd))
            for dd, oo in self.kg.by_sr.get((o, rr), []):
                if self.kg.scope[0] <= dd <= self.kg.scope[1] and self.kg.unique_anchor(o, rr, oo) == dd:
                    cands.append((o, rr, oo, dd))
        if not same_o:
            cands = [c for c in cands if c[1] != r]
        self.rng.shuffle(cands)
        for fa in cands:
            sa, ra, oa, _da = fa
            if (sa, ra, oa) == (s, r, o):
                continue
            sn, on = self.ent(sa), self.ent(oa)
            if sn is None or on is None:
                continue
            return fa, f"{sn} {self.rel(ra, 'past', on)}"
        return None

    def before_after_event(self, f: Fact) -> Q | None:
        _s, r, o, d = f
        on = self.ent(o)
        an = self.anchor_near(f)
        if on is None or an is None:
            return None
        (sa, ra, oa, da), clause = an
        after = da < d
        ys, ye = self.year_scope(da)
        if after:
            gold = sorted({x for dd, x in self.kg.by_ro[(r, o)] if da < dd <= ye})
        else:
            gold = sorted({x for dd, x in self.kg.by_ro[(r, o)] if ys <= dd < da})
        past = self.rel(r, "past", on)
        v = self.rng.randrange(3)
        y = da[:4]
        if after:
            if v == 0:
                text, con = f"After {clause}, who {past} during the rest of {y}?", "after_event_rest_of_year"
            elif v == 1:
                text, con = f"Who {past} in {y} once {clause}?", "once_event_in_year"
            else:
                text, con = (
                    f"Which actors {past} subsequent to the day {clause}, up to the end of {y}?",
                    "subsequent_to_day_event",
                )
        else:
            if v == 0:
                text, con = f"In {y}, before {clause}, who {past}?", "before_event_in_year"
            elif v == 1:
                text, con = f"Earlier in {y}, prior to the day {clause}, who {past}?", "prior_to_day_event"
            else:
                text, con = f"Name those who {past} in {y} ahead of the occasion when {clause}.", "name_ahead_of_event"
        return Q(
            text,
            gold,
            "entity",
            "day",
            "before_after",
            "Multiple",
            con,
            "after_event",
            {"as": sa, "ar": ra, "ao": oa, "r": r, "o": o, "a": ys, "b": ye, "after": after},
        )

    # -------------------------------------------------------------------------- first / last
    def first_last_scope(self, d: str) -> tuple[str, str, str]:
        if self.store == "bench" and self.rng.random() < 0.4:
            return self.kg.scope[0], self.kg.scope[1], ""
        v = self.rng.randrange(3)
        y, m = int(d[:4]), int(d[5:7])
        if v == 0:
            return f"{y}-01-01", f"{y}-12-31", f"in {y}"
        if v == 1:
            h = 0 if m <= 6 else 1
            return (
                f"{y}-{6 * h + 1:02d}-01",
                month_end(y, 6 * h + 6),
                f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]}–{MONTHS[6 * h + 5]})",
            )
        q = (m - 1) // 3
        return (
            f"{y}-{3 * q + 1:02d}-01",
            month_end(y, 3 * q + 3),
            f"in {['Q1', 'Q2', 'Q3', 'Q4'][q]} {y} ({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})",
        )

    def first_last_entity(self, f: Fact) -> Q | None:
        _s, r, o, d = f
        on = self.ent(o)
        if on is None:
            return None
        a, b, st = self.first_last_scope(d)
        first = self.rng.random() < 0.5
        days = [(dd, x) for dd, x in self.kg.by_ro[(r, o)] if a <= dd <= b]
        if not days:
            return None
        t = days[0][0] if first else days[-1][0]
        gold = sorted({x for dd, x in days if dd == t})
        past = self.rel(r, "past", on)
        inf = self.rel(r, "inf", on)
        stp = f" {st}" if st else ""
        v = self.rng.randrange(3)
        fl = "first" if first else "last"
        if v == 0:
            text, con = f"Who was the {fl} to {inf}{stp}?", "who_was_the_first_last_to"
        elif v == 1:
            text, con = (
                (
                    f"{cap(st)}, who {past} {'before anyone else' if first else 'most recently'}?"
                    if st
                    else f"Who {past} {'before anyone else' if first else 'last of all'}?"
                ),
                "who_before_anyone_else_or_most_recently",
            )
        else:
            if REL[r]["pas"] is None:
                text, con = (
                    f"Whose was the {fl} instance of {self.rel(r, 'ing', on)}{stp}?",
                    "whose_was_first_last_instance",
                )
            else:
                be = "were" if self.plural.get(on) else "was"
                text, con = f"By whom {be} {on} {fl} {passive_rest(r)}{stp}?", "by_whom_first_last_passive"
        return Q(
            text,
            gold,
            "entity",
            "day",
            "first_last",
            "Single",
            con,
            "extreme_subj",
            {"r": r, "o": o, "a": a, "b": b, "first": first},
        )

    def first_last_time(self, f: Fact) -> Q | None:
        s, r, o, d = f
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        a, b, st = self.first_last_scope(d)
        if not st:
            a, b = self.year_scope(d)
            st = f"in {d[:4]}"
        first = self.rng.random() < 0.5
        days = [x for x in self.kg.by_sro[(s, r, o)] if a <= x <= b]
        if len(days) < 2:
            return None  # "first" of a single event reads oddly
        level = self.rng.choice(["day", "month"])
        n = LEVEL_LEN[level]
        t = days[0] if first else days[-1]
        if level == "month" and a[:7] == b[:7]:
            return None
        gold = [t[:n]]
        past = self.rel(r, "past", on)
        inf = self.rel(r, "inf", on)
        fl = "first" if first else "last"
        v = self.rng.randrange(2)
        if level == "day":
            if v == 0:
                text, con = f"{cap(st)}, when did {sn} {fl} {inf}? Give the day.", "when_first_last_give_day"
            else:
                text, con = f"On which day {st} did {sn} {inf} for the {fl} time?", "which_day_for_first_last_time"
        else:
            if v == 0:
                text, con = f"In which month {st} did {sn} {inf} for the {fl} time?", "which_month_for_first_last_time"
            else:
                text, con = (
                    f"Which month {st} saw the {fl} occasion on which {sn} {past}?",
                    "which_month_saw_first_last",
                )
        return Q(
            text,
            gold,
            "time",
            level,
            "first_last",
            "Single",
            con,
            "extreme_time",
            {"s": s, "r": r, "o": o, "a": a, "b": b, "first": first, "len": n},
        )

    # -------------------------------------------------------------------------- after_first / before_last
    def next_prev(self, f: Fact, after: bool) -> Q | None:
        _s, r, o, _d = f
        on = self.ent(o)
        an = self.anchor_near(f)
        if on is None or an is None:
            return None
        (sa, ra, oa, da), clause = an
        if after:
            a, b = da, self.kg.scope[1]
            cands = [(dd, x) for dd, x in self.kg.by_ro[(r, o)] if da < dd <= b]
            t = cands[0][0] if cands else None
        else:
            a, b = self.year_scope(da)[0], da
            cands = [(dd, x) for dd, x in self.kg.by_ro[(r, o)] if a <= dd < da]
            t = cands[-1][0] if cands else None
        if t is None:
            return None
        gold = sorted({x for dd, x in cands if dd == t})
        past = self.rel(r, "past", on)
        inf = self.rel(r, "inf", on)
        v = self.rng.randrange(3)
        y = da[:4]
        if after:
            if v == 0:
                text, con = f"After {clause}, who was the first to {inf}?", "after_event_first_to"
            elif v == 1:
                text, con = f"Following the day {clause}, who was next to {inf}?", "following_day_next_to"
            else:
                text, con = f"Once {clause}, which party {past} soonest afterwards?", "once_soonest_afterwards"
            return Q(
                text,
                gold,
                "entity",
                "day",
                "after_first",
                "Multiple",
                con,
                "next_prev",
                {"as": sa, "ar": ra, "ao": oa, "r": r, "o": o, "a": a, "b": b, "after": True},
            )
        if v == 0:
            text, con = f"In {y}, before {clause}, who was the last to {inf}?", "before_event_last_to"
        elif v == 1:
            text, con = f"Who was the latest, in {y}, to {inf} ahead of the day {clause}?", "latest_ahead_of_day"
        else:
            text, con = (
                f"Prior to the day {clause}, and counting only {y}, who {past} most recently?",
                "prior_most_recently_counting_year",
            )
        return Q(
            text,
            gold,
            "entity",
            "day",
            "before_last",
            "Multiple",
            con,
            "next_prev",
            {"as": sa, "ar": ra, "ao": oa, "r": r, "o": o, "a": a, "b": b, "after": False},
        )

    def after_first(self, f: Fact) -> Q | None:
        return self.next_prev(f, True)

    def before_last(self, f: Fact) -> Q | None:
        return self.next_prev(f, False)

    # -------------------------------------------------------------------------- equal_multi
    def same_time(self, f: Fact) -> Q | None:
        _s, r, o, _d = f
        on = self.ent(o)
        an = self.anchor_near(f, same_o=False)
        if on is None or an is None:
            return None
        (sa, ra, oa, da), clause = an
        level = self.rng.choice(["day", "month", "month"])
        n = LEVEL_LEN[level]
        gold = sorted({x for dd, x in self.kg.by_ro[(r, o)] if dd[:n] == da[:n]})
        past = self.rel(r, "past", on)
        v = self.rng.randrange(2)
        if v == 0:
            text, con = f"Who {past} in the same {level} as {clause}?", "same_level_as_event"
            if level == "day":
                text = f"Who {past} on the same day that {clause}?"
        else:
            text, con = f"{cap(clause)}. During that same {level}, who {past}?", "statement_then_that_same"
        return Q(
            text,
            gold,
            "entity",
            level,
            "equal_multi",
            "Multiple",
            f"{con}/{level}",
            "same_time",
            {"as": sa, "ar": ra, "ao": oa, "r": r, "o": o, "len": n},
        )

    def day_after(self, f: Fact) -> Q | None:
        _s, r, o, _d = f
        on = self.ent(o)
        an = self.anchor_near(f)
        if on is None or an is None:
            return None
        (sa, ra, oa, da), clause = an
        off = self.rng.choice([1, 1, -1])
        t = (d_of(da) + timedelta(days=off)).isoformat()
        if not (self.kg.scope[0] <= t <= self.kg.scope[1]):
            return None
        gold = sorted({x for dd, x in self.kg.by_ro[(r, o)] if dd == t})
        past = self.rel(r, "past", on)
        text = f"On the day after {clause}, who {past}?" if off == 1 else f"Who {past} the day before {clause}?"
        return Q(
            text,
            gold,
            "entity",
            "day",
            "equal_multi",
            "Multiple",
            f"relative_day/{off:+d}",
            "same_time",
            {"as": sa, "ar": ra, "ao": oa, "r": r, "o": o, "len": 10, "offset": off},
        )


# ------------------------------------------------------------------------------------------------ driver
def generate(store: str, facts: list[Fact], driver: Any, database: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    cfg = STORES[store]
    kg = KG(facts, cfg["scope"])
    set_places({n for f in facts for n in (f[0], f[2])})
    rng = random.Random(f"{SEED}-{store}")
    gen = Gen(kg, store, rng)
    in_scope = [f for f in facts if cfg["scope"][0] <= f[3] <= cfg["scope"][1] and f[1] in REL]
    stats: Counter[str] = Counter()
    seen: set[str] = set()
    rel_used: Counter[str] = Counter()
    out: list[dict[str, Any]] = []
    scale = cfg["target"] / 100
    for kind, n100 in QUOTA.items():
        want = max(1, round(n100 * scale))
        builder: Callable[[Fact], Q | None] = getattr(gen, kind)
        got = tries = 0
        while got < want and tries < 4000:
            tries += 1
            f = rng.choice(in_scope)
            if rel_used[f[1]] >= max(3, cfg["target"] // 12):
                continue  # spread the questions over many relations
            q = builder(f)
            if q is None:
                continue
            if not q.answers or len(q.answers) > 5:
                stats["drop_gold_size"] += 1
                continue
            if q.question in seen:
                stats["drop_duplicate"] += 1
                continue
            check = run_check(driver, database, q.check, q.params)
            if check != sorted(q.answers):
                stats["drop_check_disagrees"] += 1
                continue
            seen.add(q.question)
            rel_used[f[1]] += 1
            got += 1
            quid = f"{cfg['prefix']}-{len(out) + 1:03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": q.question,
                    "answers": q.answers,
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": q.qlabel,
                    "evidence": [],
                    "construction": q.construction,
                    "store": store,
                    "check": f"{q.check}: {CHECKS[q.check][0]}",
                    "check_agrees": True,
                }
            )
        stats[f"kind_{kind}"] = got
    stats["relations"] = len(rel_used)
    return out, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    try:
        facts = read_facts(driver, settings.neo4j_database)
        rows, stats = generate(args.store, facts, driver, settings.neo4j_database)
    finally:
        driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(json.dumps({"store": args.store, "facts": len(facts), "questions": len(rows), **stats}, sort_keys=True))


if __name__ == "__main__":
    main()
