"""Blind held-out question set 68: MultiTQ-style questions over a live tkgrag store, phrased by a writer who never saw
the reader's code, its tests or any earlier question set.

Why: the symbolic reader's scores on the tuned sets say little about phrasings nobody tuned on. This script writes a
fresh set whose wording follows one style (a fluent non-native English writer: clefts, inversions, fronted
prepositions such as "To whom did X ...", "Which actor, in 2015, ...", "In which month of 2014 has X ...", the time as
the subject of the clause: "Which month saw ...") and whose gold is computed from the store itself, twice: once in
Python over every (subject, relation, object, day) read from the store in one query, once by a second Cypher query
per question written differently (aggregation, date truncation and the anchor's uniqueness checked in Cypher). A
question whose two golds disagree is dropped and counted.

The six MultiTQ question types: equal (at a time), first_last (first/last to do R, or when first/last), before_after
(before/after a date or an event), after_first (the first after an event), before_last (the last before an event),
equal_multi (the same day/month/year as another event). Anchor events ("after X visited Y") occur exactly once in
the whole store. On ``mtq`` (ICEWS05-15, complete only from 2013-11-18) every question is scoped to 2014-2015; on
``bench`` (ICEWS14) the store is all of 2014.

Run (deterministic: twice gives byte-identical files):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_68.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_68.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261268
MAX_GOLD = 5

# Store periods: questions only ask about [start, end]; every window is clipped to it.
PERIODS: dict[str, tuple[date, date]] = {
    "mtq": (date(2014, 1, 1), date(2015, 12, 31)),
    "bench": (date(2014, 1, 1), date(2014, 12, 31)),
}

# How many questions of each construction family (qtype, answer kind, unit) each store gets.
PLANS: dict[str, list[tuple[str, str, str, int]]] = {
    "mtq": [
        ("equal", "entity", "day", 5),
        ("equal", "entity", "month", 6),
        ("equal", "entity", "year", 5),
        ("equal", "time", "day", 3),
        ("equal", "time", "month", 3),
        ("equal", "time", "year", 2),
        ("first_last", "entity", "day", 11),
        ("first_last", "time", "day", 3),
        ("first_last", "time", "month", 4),
        ("first_last", "time", "year", 2),
        ("before_after", "entity", "anchor", 11),
        ("before_after", "entity", "date", 5),
        ("after_first", "entity", "day", 9),
        ("after_first", "time", "day", 3),
        ("after_first", "time", "month", 2),
        ("before_last", "entity", "day", 8),
        ("before_last", "time", "day", 3),
        ("before_last", "time", "month", 2),
        ("equal_multi", "entity", "day", 4),
        ("equal_multi", "entity", "month", 5),
        ("equal_multi", "entity", "year", 4),
    ],
    "bench": [
        ("equal", "entity", "day", 5),
        ("equal", "entity", "month", 6),
        ("equal", "time", "day", 3),
        ("equal", "time", "month", 3),
        ("first_last", "entity", "day", 8),
        ("first_last", "time", "day", 3),
        ("first_last", "time", "month", 3),
        ("before_after", "entity", "anchor", 8),
        ("before_after", "entity", "date", 3),
        ("after_first", "entity", "day", 7),
        ("after_first", "time", "day", 2),
        ("after_first", "time", "month", 1),
        ("before_last", "entity", "day", 6),
        ("before_last", "time", "day", 2),
        ("before_last", "time", "month", 1),
        ("equal_multi", "entity", "day", 4),
        ("equal_multi", "entity", "month", 5),
    ],
}

QLABEL = {
    "equal": "Single",
    "first_last": "Single",
    "before_after": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}


# ---------------------------------------------------------------------------------------------- relation phrases
@dataclass(frozen=True)
class Phrase:
    """One way to say a relation. ``bare``/``past``/``part`` hold ``{o}`` for the object; ``wh`` is the fronted
    question phrase for the object ("to whom"), ``vp0``/``past0`` the verb phrase without the object, ``strand`` the
    preposition left at the end of a cleft ("Who was it that X made an appeal to")."""

    bare: str
    past: str
    part: str
    wh: str
    vp0: str
    past0: str
    strand: str = ""
    noun: str = ""  # a noun phrase for the event with {s} and {o}, for anchors ("the visit of {s} to {o}")


def _p(bare: str, past: str, part: str, wh: str, strand: str = "", noun: str = "") -> Phrase:
    """Build a Phrase; the object-less verb phrases are the full ones with the object slot (and its preposition)
    removed."""

    def drop(text: str) -> str:
        cut = text.replace(" " + strand + " {o}", "") if strand else text.replace(" {o}", "")
        return cut.replace("{o} ", "").strip()

    return Phrase(bare, past, part, wh, drop(bare), drop(past), strand, noun)


RELATIONS: dict[str, list[Phrase]] = {
    "Make_a_visit": [
        _p("visit {o}", "visited {o}", "visited {o}", "whom", noun="the visit of {s} to {o}"),
        _p(
            "pay a visit to {o}",
            "paid a visit to {o}",
            "paid a visit to {o}",
            "to whom",
            "to",
            noun="the visit of {s} to {o}",
        ),
    ],
    "Host_a_visit": [
        _p("host {o}", "hosted {o}", "hosted {o}", "whom"),
        _p("receive {o} as a visitor", "received {o} as a visitor", "received {o} as a visitor", "whom"),
    ],
    "Consult": [
        _p("consult {o}", "consulted {o}", "consulted {o}", "whom"),
        _p(
            "hold consultations with {o}",
            "held consultations with {o}",
            "held consultations with {o}",
            "with whom",
            "with",
        ),
    ],
    "Engage_in_negotiation": [
        _p("negotiate with {o}", "negotiated with {o}", "negotiated with {o}", "with whom", "with"),
        _p(
            "enter into negotiations with {o}",
            "entered into negotiations with {o}",
            "entered into negotiations with {o}",
            "with whom",
            "with",
        ),
    ],
    "Discuss_by_telephone": [
        _p(
            "speak by telephone with {o}",
            "spoke by telephone with {o}",
            "spoken by telephone with {o}",
            "with whom",
            "with",
        ),
        _p(
            "have a phone conversation with {o}",
            "had a phone conversation with {o}",
            "had a phone conversation with {o}",
            "with whom",
            "with",
        ),
    ],
    "Express_intent_to_meet_or_negotiate": [
        _p(
            "express the wish to meet or negotiate with {o}",
            "expressed the wish to meet or negotiate with {o}",
            "expressed the wish to meet or negotiate with {o}",
            "with whom",
            "with",
        ),
    ],
    "Meet_at_a_'third'_location": [
        _p("meet {o} at a third location", "met {o} at a third location", "met {o} at a third location", "whom"),
    ],
    "Make_an_appeal_or_request": [
        _p(
            "make an appeal to {o}",
            "made an appeal to {o}",
            "made an appeal to {o}",
            "to whom",
            "to",
            noun="the appeal that {s} made to {o}",
        ),
        _p("address a request to {o}", "addressed a request to {o}", "addressed a request to {o}", "to whom", "to"),
    ],
    "Praise_or_endorse": [
        _p("praise {o}", "praised {o}", "praised {o}", "whom", noun="the praise that {s} gave to {o}"),
        _p("praise or endorse {o}", "praised or endorsed {o}", "praised or endorsed {o}", "whom"),
    ],
    "Criticize_or_denounce": [
        _p("criticise {o}", "criticised {o}", "criticised {o}", "whom", noun="the criticism that {s} directed at {o}"),
        _p("denounce {o}", "denounced {o}", "denounced {o}", "whom"),
    ],
    "Accuse": [
        _p("accuse {o}", "accused {o}", "accused {o}", "whom", noun="the accusation that {s} made against {o}"),
        _p(
            "level accusations against {o}",
            "levelled accusations against {o}",
            "levelled accusations against {o}",
            "against whom",
            "against",
        ),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        _p(
            "arrest, detain or charge {o}",
            "arrested, detained or charged {o}",
            "arrested, detained or charged {o}",
            "whom",
        ),
    ],
    "Sign_formal_agreement": [
        _p(
            "sign a formal agreement with {o}",
            "signed a formal agreement with {o}",
            "signed a formal agreement with {o}",
            "with whom",
            "with",
            noun="the formal agreement that {s} signed with {o}",
        ),
    ],
    "Investigate": [_p("investigate {o}", "investigated {o}", "investigated {o}", "whom")],
    "Threaten": [
        _p("threaten {o}", "threatened {o}", "threatened {o}", "whom", noun="the threat that {s} made against {o}"),
    ],
    "Demand": [_p("issue demands to {o}", "issued demands to {o}", "issued demands to {o}", "to whom", "to")],
    "Make_optimistic_comment": [
        _p(
            "speak optimistically about {o}",
            "spoke optimistically about {o}",
            "spoken optimistically about {o}",
            "about whom",
            "about",
        ),
    ],
    "Make_pessimistic_comment": [
        _p(
            "speak pessimistically about {o}",
            "spoke pessimistically about {o}",
            "spoken pessimistically about {o}",
            "about whom",
            "about",
        ),
    ],
    "Make_empathetic_comment": [
        _p("express sympathy for {o}", "expressed sympathy for {o}", "expressed sympathy for {o}", "for whom", "for"),
    ],
    "Provide_humanitarian_aid": [
        _p(
            "provide humanitarian aid to {o}",
            "provided humanitarian aid to {o}",
            "provided humanitarian aid to {o}",
            "to whom",
            "to",
        ),
    ],
    "Provide_military_aid": [
        _p("give military aid to {o}", "gave military aid to {o}", "given military aid to {o}", "to whom", "to"),
    ],
    "Provide_economic_aid": [
        _p("give economic aid to {o}", "gave economic aid to {o}", "given economic aid to {o}", "to whom", "to"),
    ],
    "Impose_administrative_sanctions": [
        _p(
            "impose administrative sanctions on {o}",
            "imposed administrative sanctions on {o}",
            "imposed administrative sanctions on {o}",
            "on whom",
            "on",
        ),
    ],
    "Ease_administrative_sanctions": [
        _p(
            "ease administrative sanctions on {o}",
            "eased administrative sanctions on {o}",
            "eased administrative sanctions on {o}",
            "on whom",
            "on",
        ),
    ],
    "Impose_embargo,_boycott,_or_sanctions": [
        _p(
            "impose an embargo or a boycott on {o}",
            "imposed an embargo or a boycott on {o}",
            "imposed an embargo or a boycott on {o}",
            "on whom",
            "on",
        ),
    ],
    "Bring_lawsuit_against": [
        _p(
            "file a lawsuit against {o}",
            "filed a lawsuit against {o}",
            "filed a lawsuit against {o}",
            "against whom",
            "against",
        ),
        _p("sue {o}", "sued {o}", "sued {o}", "whom"),
    ],
    "Confiscate_property": [
        _p(
            "confiscate property from {o}",
            "confiscated property from {o}",
            "confiscated property from {o}",
            "from whom",
            "from",
        ),
    ],
    "Expel_or_deport_individuals": [
        _p("expel or deport {o}", "expelled or deported {o}", "expelled or deported {o}", "whom"),
    ],
    "Reduce_or_break_diplomatic_relations": [
        _p(
            "reduce or break off diplomatic relations with {o}",
            "reduced or broke off diplomatic relations with {o}",
            "reduced or broken off diplomatic relations with {o}",
            "with whom",
            "with",
        ),
    ],
    "Cooperate_economically": [
        _p(
            "cooperate economically with {o}",
            "cooperated economically with {o}",
            "cooperated economically with {o}",
            "with whom",
            "with",
        ),
    ],
    "Cooperate_militarily": [
        _p(
            "cooperate militarily with {o}",
            "cooperated militarily with {o}",
            "cooperated militarily with {o}",
            "with whom",
            "with",
        ),
    ],
    "Engage_in_diplomatic_cooperation": [
        _p(
            "cooperate diplomatically with {o}",
            "cooperated diplomatically with {o}",
            "cooperated diplomatically with {o}",
            "with whom",
            "with",
        ),
    ],
    "Express_intent_to_cooperate": [
        _p(
            "express the intention to cooperate with {o}",
            "expressed the intention to cooperate with {o}",
            "expressed the intention to cooperate with {o}",
            "with whom",
            "with",
        ),
    ],
    "Complain_officially": [
        _p(
            "lodge an official complaint against {o}",
            "lodged an official complaint against {o}",
            "lodged an official complaint against {o}",
            "against whom",
            "against",
        ),
    ],
    "Grant_diplomatic_recognition": [
        _p(
            "grant diplomatic recognition to {o}",
            "granted diplomatic recognition to {o}",
            "granted diplomatic recognition to {o}",
            "to whom",
            "to",
        ),
    ],
    "Employ_aerial_weapons": [
        _p(
            "use aerial weapons against {o}",
            "used aerial weapons against {o}",
            "used aerial weapons against {o}",
            "against whom",
            "against",
        ),
    ],
    "fight_with_small_arms_and_light_weapons": [
        _p(
            "fight {o} with small arms and light weapons",
            "fought {o} with small arms and light weapons",
            "fought {o} with small arms and light weapons",
            "whom",
        ),
    ],
    "Use_conventional_military_force": [
        _p(
            "use conventional military force against {o}",
            "used conventional military force against {o}",
            "used conventional military force against {o}",
            "against whom",
            "against",
        ),
    ],
    "Use_unconventional_violence": [
        _p(
            "use unconventional violence against {o}",
            "used unconventional violence against {o}",
            "used unconventional violence against {o}",
            "against whom",
            "against",
        ),
    ],
    "Abduct,_hijack,_or_take_hostage": [
        _p("abduct {o}", "abducted {o}", "abducted {o}", "whom"),
        _p("take {o} hostage", "took {o} hostage", "taken {o} hostage", "whom"),
    ],
    "Physically_assault": [
        _p("physically assault {o}", "physically assaulted {o}", "physically assaulted {o}", "whom")
    ],
    "Kill_by_physical_assault": [
        _p("kill {o} by physical assault", "killed {o} by physical assault", "killed {o} by physical assault", "whom"),
    ],
    "Protest_violently,_riot": [
        _p(
            "protest violently against {o}",
            "protested violently against {o}",
            "protested violently against {o}",
            "against whom",
            "against",
        ),
    ],
    "Rally_support_on_behalf_of": [
        _p(
            "rally support on behalf of {o}",
            "rallied support on behalf of {o}",
            "rallied support on behalf of {o}",
            "on behalf of whom",
            "on behalf of",
        ),
    ],
    "Express_accord": [
        _p(
            "express agreement with {o}",
            "expressed agreement with {o}",
            "expressed agreement with {o}",
            "with whom",
            "with",
        ),
    ],
    "Threaten_with_military_force": [
        _p(
            "threaten {o} with military force",
            "threatened {o} with military force",
            "threatened {o} with military force",
            "whom",
        ),
    ],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        _p(
            "appeal to {o} for diplomatic cooperation",
            "appealed to {o} for diplomatic cooperation",
            "appealed to {o} for diplomatic cooperation",
            "to whom",
            "to",
        ),
    ],
    "Return,_release_person(s)": [_p("release {o}", "released {o}", "released {o}", "whom")],
    "Use_tactics_of_violent_repression": [
        _p("violently repress {o}", "violently repressed {o}", "violently repressed {o}", "whom"),
    ],
    "Occupy_territory": [
        _p("occupy territory of {o}", "occupied territory of {o}", "occupied territory of {o}", "whose territory"),
    ],
    "Yield": [_p("yield to {o}", "yielded to {o}", "yielded to {o}", "to whom", "to")],
    "Coerce": [_p("coerce {o}", "coerced {o}", "coerced {o}", "whom")],
}

# Object-less phrases of a few relations do not fall out of the full ones: fix them here.
_FIX_VP0 = {
    ("Host_a_visit", 1): ("receive as a visitor", "received as a visitor"),
    ("Meet_at_a_'third'_location", 0): ("meet at a third location", "met at a third location"),
    ("Abduct,_hijack,_or_take_hostage", 1): ("take hostage", "took hostage"),
    ("fight_with_small_arms_and_light_weapons", 0): (
        "fight with small arms and light weapons",
        "fought with small arms and light weapons",
    ),
    ("Kill_by_physical_assault", 0): ("kill by physical assault", "killed by physical assault"),
    ("Threaten_with_military_force", 0): ("threaten with military force", "threatened with military force"),
    ("Occupy_territory", 0): ("occupy", "occupied"),
}
for (_rel, _i), (_vp0, _past0) in _FIX_VP0.items():
    _old = RELATIONS[_rel][_i]
    RELATIONS[_rel][_i] = Phrase(_old.bare, _old.past, _old.part, _old.wh, _vp0, _past0, _old.strand, _old.noun)

# The Occupy_territory fronted phrase "whose territory" carries the object: its cleft head is the same phrase.
_WHOSE_HEAD = {"whose territory": "Whose territory"}

# ---------------------------------------------------------------------------------------------- entity phrases
SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "the citizens of {c}"],
    "Police": ["the police in {c}", "the police of {c}"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head_of_Government": ["the head of government of {c}", "{c}'s head of government"],
    "Foreign_Affairs": ["{c}'s foreign ministry", "the foreign affairs ministry of {c}"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Protester": ["protesters in {c}"],
    "Cabinet_/_Council_of_Ministers_/_Advisors": ["the cabinet of {c}", "{c}'s cabinet"],
    "Militant": ["militants in {c}"],
    "Defense_/_Security_Ministry": ["the defence ministry of {c}", "{c}'s defence ministry"],
    "Armed_Rebel": ["armed rebels in {c}"],
    "Election_Commission": ["the election commission of {c}"],
    "Legislature": ["the legislature of {c}"],
    "Criminal": ["criminals in {c}"],
    "Treasury/Finance_Ministry": ["the finance ministry of {c}", "{c}'s finance ministry"],
    "Labor_Union": ["labour unions in {c}"],
    "Student": ["students in {c}"],
    "Terrorist": ["terrorists in {c}"],
    "Court_Judge": ["court judges in {c}"],
}
_THE_LAST = {
    "Nations",
    "Union",
    "States",
    "Kingdom",
    "Emirates",
    "Republic",
    "Party",
    "Council",
    "Organization",
    "Fund",
    "Bank",
    "Committee",
    "Army",
    "Front",
    "Movement",
    "Court",
    "Commission",
    "Assembly",
    "Agency",
    "League",
    "Alliance",
    "Forces",
    "Brotherhood",
    "Philippines",
    "Netherlands",
    "Islands",
    "Congress",
    "Parliament",
    "Government",
    "Office",
    "Authority",
    "Ministry",
    "Taliban",
    "Police",
    "Federation",
    "Community",
    "Group",
    "East",
    "Service",
    "Navy",
    "Association",
    "Organizations",
    "Societies",
    "Institute",
    "University",
    "Department",
    "Guard",
    "Coalition",
    "Corps",
    "Bureau",
    "Board",
    "Centre",
    "Center",
    "Network",
    "Force",
    "Senate",
}
_LOWER_OK = {"of", "the", "and", "for", "de", "al", "bin", "von", "van", "la", "el"}


def _needs_the(name: str) -> bool:
    words = name.split()
    return (
        words[0] in {"United", "European", "Islamic", "African", "Arab", "World", "International", "Office"}
        or words[-1] in _THE_LAST
        or (len(words) >= 3 and "of" in words[1:-1])
    )


class Sayer:
    """Natural English for the entities a question names (its topic and anchor), or None when a key has no phrase a
    careful reader would link to exactly that entity."""

    def __init__(self, keys: set[str]) -> None:
        # A country is a name with both its citizens and its government in the graph (not "Boko_Haram", which has
        # militants, or "Middle_East").
        self.countries = {k for k in keys if f"Citizen_({k})" in keys and f"Government_({k})" in keys}
        # Sector names said without a country ("Head_of_Government") name no one actor: never a topic.
        self.sectors = {k.split("_(", 1)[0] for k in keys if "_(" in k}

    def plain(self, key: str) -> str | None:
        if any(ch in key for ch in "()/,.&'\"0123456789") or key in self.sectors:
            return None
        name = key.replace("_", " ")
        words = name.split()
        if key not in self.countries and (len(words) < 2 or not all(w[0].isupper() or w in _LOWER_OK for w in words)):
            return None
        if not all(w[:1].isalpha() for w in words):
            return None
        return "the " + name if _needs_the(name) else name

    def forms(self, key: str) -> list[str]:
        plain = self.plain(key)
        if plain is not None:
            return [plain]
        if "_(" not in key or not key.endswith(")"):
            return []
        sector, country = key[:-1].split("_(", 1)
        if sector not in SECTORS or country not in self.countries:
            return []
        c = self.plain(country)
        if c is None:
            return []
        forms = SECTORS[sector]
        if c.startswith("the "):
            forms = [f for f in forms if "{c}'s" not in f]
        return [f.format(c=c) for f in forms]


# ---------------------------------------------------------------------------------------------- time phrases
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


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_day(rng: random.Random, d: date) -> str:
    return rng.choice(
        [
            f"on {d.day} {MONTHS[d.month - 1]} {d.year}",
            f"on {MONTHS[d.month - 1]} {d.day}, {d.year}",
            f"on the {_ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}",
        ]
    )


def say_month(rng: random.Random, y: int, m: int) -> str:
    return rng.choice(
        [f"in {MONTHS[m - 1]} {y}", f"in the month of {MONTHS[m - 1]} {y}", f"during {MONTHS[m - 1]} {y}"]
    )


def say_year(rng: random.Random, y: int) -> str:
    return rng.choice([f"in {y}", f"during {y}", f"in the year {y}"])


def unit_of(d: date, unit: str) -> str:
    return d.isoformat() if unit == "day" else d.isoformat()[:7] if unit == "month" else str(d.year)


def unit_window(d: date, unit: str) -> tuple[date, date]:
    """The half-open window [lo, hi) of the day, month or year holding d."""
    if unit == "day":
        return d, d + timedelta(days=1)
    if unit == "month":
        lo = d.replace(day=1)
        return lo, (lo.replace(year=lo.year + 1, month=1) if lo.month == 12 else lo.replace(month=lo.month + 1))
    lo = date(d.year, 1, 1)
    return lo, date(d.year + 1, 1, 1)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------------------------- facts and gold
@dataclass
class Facts:
    """Every (subject, relation, object, day) of the store, read once, with indexes over the period."""

    start: date
    end: date
    names: dict[str, str]
    triple_days_all: dict[tuple[str, str, str], list[date]]
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=dict)
    anchors_of: dict[str, list[tuple[str, str, str, date]]] = field(default_factory=dict)


READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.recorded_to IS NULL
RETURN s.key AS s, s.name AS sn, e.relation AS r, o.key AS o, o.name AS on, toString(e.valid_from) AS d
ORDER BY d, s, r, o
"""


def read_facts(store: Any, start: date, end: date) -> Facts:
    rows = store.run_values(READ_ALL)
    names: dict[str, str] = {}
    quads: set[tuple[str, str, str, date]] = set()
    for row in rows:
        names[row["s"]] = row["sn"]
        names[row["o"]] = row["on"]
        quads.add((row["s"], row["r"], row["o"], date.fromisoformat(row["d"][:10])))
    triple_all: dict[tuple[str, str, str], list[date]] = defaultdict(list)
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
    by_sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
    for s, r, o, d in sorted(quads):
        triple_all[(s, r, o)].append(d)
        if start <= d <= end:
            by_sr[(s, r)].append((d, o))
            by_ro[(r, o)].append((d, s))
            by_sro[(s, r, o)].append(d)
    facts = Facts(start, end, names, dict(triple_all))
    facts.by_sr = {k: sorted(v) for k, v in by_sr.items()}
    facts.by_ro = {k: sorted(v) for k, v in by_ro.items()}
    facts.by_sro = {k: sorted(v) for k, v in by_sro.items()}
    anchors: dict[str, list[tuple[str, str, str, date]]] = defaultdict(list)
    for (s, r, o), days in sorted(triple_all.items()):
        if len(days) == 1 and start <= days[0] <= end and r in RELATIONS and s != o:
            anchors[s].append((s, r, o, days[0]))
            anchors[o].append((s, r, o, days[0]))
    facts.anchors_of = dict(anchors)
    return facts


@dataclass(frozen=True)
class Spec:
    """What a question asks, in the terms both golds compute it from.

    kind "entity": the entities on the ``side`` opposite the topic ("obj": topic is the subject, answers are
    objects); kind "time": the units (``unit``) of the days of the triple (subject, rel, obj). The window is
    [lo, hi) or, with an anchor, derived from the anchor's one day by ``amode`` (after: (t0, end]; before:
    [lo, t0); day/month/year: the unit holding t0). ``select`` keeps all rows, or those of the first/last day."""

    kind: str
    rel: str
    topic: str = ""
    side: str = "obj"
    subj: str = ""
    obj: str = ""
    unit: str = "day"
    lo: date | None = None
    hi: date | None = None
    anchor: tuple[str, str, str] | None = None
    amode: str = ""
    select: str = "all"


def window(spec: Spec, facts: Facts) -> tuple[date, date] | None:
    lo = spec.lo or facts.start
    hi = spec.hi or facts.end + timedelta(days=1)
    if spec.anchor is None:
        return lo, hi
    days = facts.triple_days_all.get(spec.anchor, [])
    if len(days) != 1:
        return None
    t0 = days[0]
    if spec.amode == "after":
        return t0 + timedelta(days=1), hi
    if spec.amode == "before":
        return lo, t0
    return unit_window(t0, spec.amode)


def rows_of(spec: Spec, facts: Facts) -> list[tuple[date, str]]:
    if spec.kind == "time":
        return [(d, "") for d in facts.by_sro.get((spec.subj, spec.rel, spec.obj), [])]
    if spec.side == "obj":
        return facts.by_sr.get((spec.topic, spec.rel), [])
    return facts.by_ro.get((spec.rel, spec.topic), [])


def python_gold(spec: Spec, facts: Facts) -> list[str]:
    """The gold in Python: the topic's rows from the period index, cut to the window, then all / first / last."""
    win = window(spec, facts)
    if win is None:
        return []
    rows = rows_of(spec, facts)
    lo_i = bisect.bisect_left(rows, (win[0], ""))
    hi_i = bisect.bisect_left(rows, (win[1], ""))
    picked = rows[lo_i:hi_i]
    if picked and spec.select == "first":
        picked = [row for row in picked if row[0] == picked[0][0]]
    elif picked and spec.select == "last":
        picked = [row for row in picked if row[0] == picked[-1][0]]
    if spec.kind == "time":
        return sorted({unit_of(d, spec.unit) for d, _ in picked})
    return sorted({facts.names[k] for _, k in picked})


# The check: one Cypher query, written apart from the Python above. The anchor's day comes from the graph (and must
# be unique there), the window from Cypher date arithmetic, first/last from min()/max(), units from string slices.
_CHECK_ANCHOR = """
OPTIONAL MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event {relation: $ar})-[:OBJECT]->(:Entity {key: $ao})
WHERE a.recorded_to IS NULL
WITH collect(a.valid_from) AS ads
WITH CASE WHEN $amode = '' THEN null WHEN size(ads) = 1 THEN ads[0] ELSE date('1000-01-01') END AS t0
WITH t0,
     CASE $amode
       WHEN '' THEN date($lo) WHEN 'after' THEN t0 + duration({days: 1}) WHEN 'before' THEN date($lo)
       WHEN 'day' THEN t0 ELSE date.truncate($amode, t0) END AS wlo,
     CASE $amode
       WHEN '' THEN date($hi) WHEN 'after' THEN date($hi) WHEN 'before' THEN t0
       WHEN 'day' THEN t0 + duration({days: 1}) WHEN 'month' THEN date.truncate('month', t0) + duration({months: 1})
       ELSE date.truncate('year', t0) + duration({years: 1}) END AS whi
"""
_CHECK_ROWS = {
    ("entity", "obj"): """
MATCH (:Entity {key: $topic})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)
WHERE e.relation = $rel AND e.recorded_to IS NULL AND wlo <= e.valid_from < whi
WITH collect({d: e.valid_from, v: x.name}) AS rows
""",
    ("entity", "subj"): """
MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {key: $topic})
WHERE e.relation = $rel AND e.recorded_to IS NULL AND wlo <= e.valid_from < whi
WITH collect({d: e.valid_from, v: x.name}) AS rows
""",
    ("time", ""): """
MATCH (:Entity {key: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {key: $o})
WHERE e.relation = $rel AND e.recorded_to IS NULL AND wlo <= e.valid_from < whi
WITH collect({d: e.valid_from, v: CASE $unit WHEN 'day' THEN toString(e.valid_from)
                                  WHEN 'month' THEN substring(toString(e.valid_from), 0, 7)
                                  ELSE toString(e.valid_from.year) END}) AS rows
""",
}
_CHECK_PICK = """
WITH rows,
     CASE $select
       WHEN 'first' THEN reduce(m = date('9999-12-31'), r IN rows | CASE WHEN r.d < m THEN r.d ELSE m END)
       WHEN 'last' THEN reduce(m = date('0001-01-01'), r IN rows | CASE WHEN r.d > m THEN r.d ELSE m END)
       ELSE null END AS pick
UNWIND [r IN rows WHERE pick IS NULL OR r.d = pick] AS kept
RETURN DISTINCT kept.v AS v ORDER BY v
"""


def cypher_check(spec: Spec, facts: Facts, store: Any) -> list[str]:
    lo = spec.lo or facts.start
    hi = spec.hi or facts.end + timedelta(days=1)
    anchor = spec.anchor or ("", "", "")
    query = _CHECK_ANCHOR + _CHECK_ROWS[(spec.kind, spec.side if spec.kind == "entity" else "")] + _CHECK_PICK
    rows = store.run_values(
        query,
        {
            "as": anchor[0],
            "ar": anchor[1],
            "ao": anchor[2],
            "amode": spec.amode,
            "lo": lo.isoformat(),
            "hi": hi.isoformat(),
            "topic": spec.topic,
            "rel": spec.rel,
            "s": spec.subj,
            "o": spec.obj,
            "unit": spec.unit,
            "select": spec.select,
        },
    )
    return sorted(str(r["v"]) for r in rows)


def describe_check(spec: Spec) -> str:
    where = (
        f"anchor's one day from Cypher (collect, size=1), window {spec.amode} it"
        if spec.anchor
        else "window from the stated dates"
    )
    what = (
        f"{'objects' if spec.side == 'obj' else 'subjects'} of {spec.rel} with the topic"
        if spec.kind == "entity"
        else f"days of the triple sliced to {spec.unit}"
    )
    pick = {"all": "all rows", "first": "rows at reduce-min day", "last": "rows at reduce-max day"}[spec.select]
    return f"Cypher: {where}; {what} in [lo, hi); {pick}; DISTINCT names/units"


# ---------------------------------------------------------------------------------------------- construction
@dataclass
class Built:
    question: str
    construction: str
    spec: Spec
    answer_type: str
    time_level: str


class Maker:
    """Builds questions of one store: relation choice spread over relations, topics drawn at random."""

    def __init__(self, store: str, facts: Facts, rng: random.Random) -> None:
        self.store = store
        self.facts = facts
        self.rng = rng
        self.say = Sayer(set(facts.names))
        self.rel_use: Counter[str] = Counter()
        self.topic_use: Counter[str] = Counter()
        self.texts: set[str] = set()
        self.pairs_sr: dict[str, list[str]] = defaultdict(list)
        self.pairs_ro: dict[str, list[str]] = defaultdict(list)
        self.triples: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for (s, r), _ in sorted(facts.by_sr.items()):
            if r in RELATIONS and self.say.forms(s):
                self.pairs_sr[r].append(s)
        for (r, o), _ in sorted(facts.by_ro.items()):
            if r in RELATIONS and self.say.forms(o):
                self.pairs_ro[r].append(o)
        for (s, r, o), _ in sorted(facts.by_sro.items()):
            if r in RELATIONS and s != o and self.say.forms(s) and self.say.forms(o):
                self.triples[r].append((s, o))

    # -- helpers
    def ent(self, key: str) -> str:
        return self.rng.choice(self.say.forms(key))

    def pick_rel(self, pool: dict[str, list[Any]]) -> str | None:
        rels = sorted(r for r in RELATIONS if pool.get(r))
        if not rels:
            return None
        low = min(self.rel_use[r] for r in rels)
        return self.rng.choice([r for r in rels if self.rel_use[r] <= low + 1])

    def phrase(self, rel: str) -> Phrase:
        return self.rng.choice(RELATIONS[rel])

    def clause(self, anchor: tuple[str, str, str, date], *, pluperfect: bool = False) -> str:
        s, r, o, _ = anchor
        ph = self.phrase(r)
        if pluperfect:
            return f"{self.ent(s)} had {ph.part.format(o=self.ent(o))}"
        return f"{self.ent(s)} {ph.past.format(o=self.ent(o))}"

    def anchor_np(self, anchor: tuple[str, str, str, date]) -> str | None:
        s, r, o, _ = anchor
        nouns = [ph.noun for ph in RELATIONS[r] if ph.noun]
        return nouns[0].format(s=self.ent(s), o=self.ent(o)) if nouns else None

    def year_scope(self, d: date) -> int | None:
        """The year a first/last or equal-time question on mtq must name (None on bench: the store is 2014)."""
        return d.year if self.store == "mtq" else None

    def pick_anchor(self, topic: str, rel: str, when: Callable[[date], bool]) -> tuple[str, str, str, date] | None:
        cands = [
            a
            for a in self.facts.anchors_of.get(topic, [])
            if when(a[3]) and self.say.forms(a[0]) and self.say.forms(a[2]) and a[1] != rel
        ]
        return self.rng.choice(cands) if cands else None

    # -- entity questions: the topic and the side
    def topic_for(self, rel: str) -> tuple[str, str] | None:
        side = self.rng.choice(["obj", "subj"])
        pool = self.pairs_sr if side == "obj" else self.pairs_ro
        if not pool.get(rel):
            side = "subj" if side == "obj" else "obj"
            pool = self.pairs_sr if side == "obj" else self.pairs_ro
        if not pool.get(rel):
            return None
        return self.rng.choice(pool[rel]), side

    def ent_question(
        self, rel: str, topic: str, side: str, frame: str, adv: str = "", first: bool = False, last: bool = False
    ) -> tuple[str, str]:
        """An entity question with ``frame`` as the time/anchor phrase (leading comma-phrase or trailing).
        Returns (text, construction)."""
        ph = self.phrase(rel)
        t = self.ent(topic)
        when = "first " if first else "last " if last else ""
        rng = self.rng
        if side == "obj":
            head = _WHOSE_HEAD.get(ph.wh, "Who")
            strand = "" if head != "Who" else (" " + ph.strand if ph.strand else "")
            variants = [
                ("fronted wh-object", f"{cap(ph.wh)} did {t} {when}{ph.vp0} {frame}?"),
                ("time-first, fronted wh-object", f"{cap(frame)}, {ph.wh} did {t} {when}{ph.vp0}?"),
            ]
            if not first and not last:
                variants.append(("object cleft", f"{head} was it that {t} {ph.past0}{strand} {frame}?"))
            else:
                order = "first" if first else "last"
                variants.append(
                    (
                        f"object cleft with '{order} one'",
                        f"{head} was the {order} one that {t} {ph.past0}{strand} {frame}?",
                    )
                )
            label, text = rng.choice(variants)
            return text, label
        obj = ph.past.format(o=t)
        bare = ph.bare.format(o=t)
        if first or last:
            order = "first" if first else "last"
            variants = [
                ("'the first/last to' subject", f"Who was the {order} to {bare} {frame}?"),
                ("'which actor' with inserted frame", f"Which actor, {frame}, was the {order} to {bare}?"),
                ("subject cleft with adverb", f"Who was it that {order} {obj} {frame}?"),
            ]
        else:
            variants = [
                ("'which actor' with inserted frame", f"Which actor, {frame}, {obj}?"),
                ("subject cleft", f"Who was it that {obj} {frame}?"),
                ("time-first subject", f"{cap(frame)}, who {obj}?"),
            ]
        label, text = rng.choice(variants)
        return text, label

    # -- the builders: each returns a Built or None
    def equal_entity(self, unit: str) -> Built | None:
        rel = self.pick_rel(self.pairs_sr)
        if rel is None:
            return None
        got = self.topic_for(rel)
        if got is None:
            return None
        topic, side = got
        rows = rows_of(Spec("entity", rel, topic=topic, side=side), self.facts)
        d = self.rng.choice(rows)[0]
        lo, hi = unit_window(d, unit)
        spec = Spec("entity", rel, topic=topic, side=side, lo=lo, hi=hi)
        if unit == "day":
            frame = say_day(self.rng, d)
        elif unit == "month":
            frame = say_month(self.rng, d.year, d.month)
        else:
            frame = say_year(self.rng, d.year)
        text, label = self.ent_question(rel, topic, side, frame)
        return Built(text, f"equal {unit}: {label}", spec, "entity", unit)

    def equal_time(self, unit: str) -> Built | None:
        rel = self.pick_rel(self.triples)
        if rel is None:
            return None
        s, o = self.rng.choice(self.triples[rel])
        days = self.facts.by_sro[(s, rel, o)]
        ph = self.phrase(rel)
        S, bare, part = self.ent(s), ph.bare.format(o=self.ent(o)), ph.part.format(o=self.ent(o))
        if unit == "year":
            spec = Spec("time", rel, subj=s, obj=o, unit="year")
            label, text = self.rng.choice(
                [
                    ("'which of the years' wh-time", f"In which of the years 2014 and 2015 did {S} {bare}?"),
                    ("time as clause subject", f"Which of the years 2014 and 2015 saw {S} {bare}?"),
                ]
            )
            return Built(text, f"equal year: {label}", spec, "time", "year")
        y = self.year_scope(self.rng.choice(days))
        lo, hi = (date(y, 1, 1), date(y + 1, 1, 1)) if y else (None, None)
        spec = Spec("time", rel, subj=s, obj=o, unit=unit, lo=lo, hi=hi)
        n_units = len({unit_of(d, unit) for d in days if (lo is None or lo <= d) and (hi is None or d < hi)})
        many = n_units > 1
        of_y = f" of {y}" if y else self.rng.choice(["", " of 2014"])
        if unit == "day":
            noun = "dates" if many else "date"
            variants = [
                ("wh-time with 'on which'", f"On which {noun}{(' in ' + str(y)) if y else ''} did {S} {bare}?"),
                ("time as clause subject", f"Which {'days' if many else 'day'}{of_y} saw {S} {bare}?"),
                ("wh-time with present perfect", f"On what {'days' if many else 'day'}{of_y} has {S} {part}?"),
            ]
        else:
            noun = "months" if many else "month"
            variants = [
                ("wh-time with present perfect", f"In which {noun}{of_y} has {S} {part}?"),
                ("time as clause subject", f"Which {noun}{of_y} saw {S} {bare}?"),
                ("wh-time 'in what'", f"In what {noun}{of_y} did {S} {bare}?"),
            ]
        label, text = self.rng.choice(variants)
        return Built(text, f"equal {unit}: {label}", spec, "time", unit)

    def scope_frame(self, d: date) -> tuple[date | None, date | None, str]:
        """A scope for first/last: on mtq the year or month of d (the store is only complete from late 2013), on
        bench the whole store, the year said or not, or a month."""
        rng = self.rng
        if self.store == "mtq" or rng.random() < 0.3:
            if rng.random() < 0.7:
                return date(d.year, 1, 1), date(d.year + 1, 1, 1), say_year(rng, d.year)
            lo, hi = unit_window(d, "month")
            return lo, hi, say_month(rng, d.year, d.month)
        return None, None, rng.choice(["", "in 2014"])

    def first_last_entity(self, _unit: str) -> Built | None:
        rel = self.pick_rel(self.pairs_sr)
        if rel is None:
            return None
        got = self.topic_for(rel)
        if got is None:
            return None
        topic, side = got
        rows = rows_of(Spec("entity", rel, topic=topic, side=side), self.facts)
        lo, hi, frame = self.scope_frame(self.rng.choice(rows)[0])
        select = self.rng.choice(["first", "last"])
        spec = Spec("entity", rel, topic=topic, side=side, lo=lo, hi=hi, select=select)
        inside = {d for d, _ in rows if (lo is None or lo <= d) and (hi is None or d < hi)}
        if len(inside) < 2:
            return None
        if not frame:
            text, label = self.ent_question_noframe(rel, topic, side, select)
        else:
            text, label = self.ent_question(rel, topic, side, frame, first=select == "first", last=select == "last")
        return Built(text, f"first_last {select}: {label}", spec, "entity", "day")

    def ent_question_noframe(self, rel: str, topic: str, side: str, select: str) -> tuple[str, str]:
        ph = self.phrase(rel)
        t = self.ent(topic)
        if side == "obj":
            head = _WHOSE_HEAD.get(ph.wh, "Who")
            strand = "" if head != "Who" else (" " + ph.strand if ph.strand else "")
            return self.rng.choice(
                [
                    (f"{cap(ph.wh)} did {t} {select} {ph.vp0}?", "fronted wh-object, no scope"),
                    (f"{head} was the {select} one that {t} {ph.past0}{strand}?", "object cleft, no scope"),
                ]
            )
        return self.rng.choice(
            [
                (f"Who was the {select} to {ph.bare.format(o=t)}?", "'the first/last to' subject, no scope"),
                (f"Which actor was it that {ph.past.format(o=t)} {select}?", "subject cleft, adverb last, no scope"),
            ]
        )

    def first_last_time(self, unit: str) -> Built | None:
        rel = self.pick_rel(self.triples)
        if rel is None:
            return None
        s, o = self.rng.choice(self.triples[rel])
        days = self.facts.by_sro[(s, rel, o)]
        select = self.rng.choice(["first", "last"])
        ph = self.phrase(rel)
        S, bare = self.ent(s), ph.bare.format(o=self.ent(o))
        if unit == "year":
            if len({d.year for d in days}) < 2:
                return None
            spec = Spec("time", rel, subj=s, obj=o, unit="year", select=select)
            label, text = self.rng.choice(
                [
                    ("'between' scope, wh-year", f"Between 2014 and 2015, in which year did {S} {select} {bare}?"),
                    (
                        "time as clause subject",
                        f"Which year, 2014 or 2015, saw {S} {bare} for the {select} time within those two years?",
                    ),
                ]
            )
            return Built(text, f"first_last {select} year: {label}", spec, "time", "year")
        y = self.year_scope(self.rng.choice(days))
        lo, hi = (date(y, 1, 1), date(y + 1, 1, 1)) if y else (None, None)
        inside = {unit_of(d, unit) for d in days if (lo is None or lo <= d) and (hi is None or d < hi)}
        if len(inside) < 2:
            return None
        spec = Spec("time", rel, subj=s, obj=o, unit=unit, lo=lo, hi=hi, select=select)
        of_y = f" of {y}" if y else ""
        that_year = " that year" if y else ""
        noun = "day" if unit == "day" else "month"
        variants = [
            (
                f"answer-granularity '{select}'",
                f"In which {noun}{of_y} did {S} {select} {bare}?"
                if unit == "month"
                else f"On which {noun}{of_y} did {S} {select} {bare}?",
            ),
            ("time as clause subject", f"Which {noun}{of_y} saw {S} {bare} for the {select} time{that_year}?"),
            (
                "fronted adverbial",
                f"For the {select} time{(' within ' + str(y)) if y else ''}, "
                f"{'in' if unit == 'month' else 'on'} which {noun} did {S} {bare}?",
            ),
        ]
        label, text = self.rng.choice(variants)
        return Built(text, f"first_last {select} {unit}: {label}", spec, "time", unit)

    def before_after_entity(self, how: str) -> Built | None:
        rel = self.pick_rel(self.pairs_sr)
        if rel is None:
            return None
        got = self.topic_for(rel)
        if got is None:
            return None
        topic, side = got
        rows = rows_of(Spec("entity", rel, topic=topic, side=side), self.facts)
        direction = self.rng.choice(["before", "after"])
        rng = self.rng
        if how == "anchor":
            anchor = self.pick_anchor(topic, rel, lambda _d: True)
            if anchor is None:
                return None
            t0 = anchor[3]
            lo = date(t0.year, 1, 1) if direction == "before" and self.store == "mtq" else None
            spec = Spec("entity", rel, topic=topic, side=side, lo=lo, anchor=anchor[:3], amode=direction)
            np = self.anchor_np(anchor)
            if direction == "after":
                frame = rng.choice(
                    [f"after {self.clause(anchor)}", f"once {self.clause(anchor, pluperfect=True)}"]
                    + ([f"following {np}"] if np else [])
                )
            else:
                frame = rng.choice([f"before {self.clause(anchor)}"] + ([f"prior to {np}"] if np else []))
                if lo is not None:
                    frame = f"in {t0.year}, {frame}"
            text, label = self.ent_question(rel, topic, side, frame)
            return Built(text, f"before_after {direction} event: {label}", spec, "entity", "day")
        d = rng.choice(rows)[0]
        month_level = rng.random() < 0.35
        if month_level:
            lo_m, hi_m = unit_window(d, "month")
            cut = hi_m if direction == "after" else lo_m
            said = f"{MONTHS[d.month - 1]} {d.year}"
        else:
            cut = d + timedelta(days=1) if direction == "after" else d
            said = say_day(rng, d)[3:]
        if direction == "after":
            spec = Spec("entity", rel, topic=topic, side=side, lo=cut)
            frame = f"after {said}"
        else:
            lo = date(d.year, 1, 1) if self.store == "mtq" else None
            spec = Spec("entity", rel, topic=topic, side=side, lo=lo, hi=cut)
            frame = f"in {d.year}, before {said}" if lo is not None else f"before {said}"
        if spec.lo is not None and spec.hi is not None and spec.lo >= spec.hi:
            return None
        text, label = self.ent_question(rel, topic, side, frame)
        return Built(text, f"before_after {direction} date: {label}", spec, "entity", "month" if month_level else "day")

    def after_first_or_before_last(self, qtype: str, kind: str, unit: str) -> Built | None:
        rng = self.rng
        select = "first" if qtype == "after_first" else "last"
        amode = "after" if qtype == "after_first" else "before"
        if kind == "entity":
            rel = self.pick_rel(self.pairs_sr)
            if rel is None:
                return None
            got = self.topic_for(rel)
            if got is None:
                return None
            topic, side = got
            anchor = self.pick_anchor(topic, rel, lambda _d: True)
            if anchor is None:
                return None
            spec = Spec("entity", rel, topic=topic, side=side, anchor=anchor[:3], amode=amode, select=select)
            frame = self.event_frame(anchor, amode)
            text, label = self.ent_question(rel, topic, side, frame, first=select == "first", last=select == "last")
            return Built(text, f"{qtype}: {label}", spec, "entity", "day")
        rel = self.pick_rel(self.triples)
        if rel is None:
            return None
        s, o = rng.choice(self.triples[rel])
        anchor = self.pick_anchor(s, rel, lambda _d: True) or self.pick_anchor(o, rel, lambda _d: True)
        if anchor is None:
            return None
        spec = Spec("time", rel, subj=s, obj=o, unit=unit, anchor=anchor[:3], amode=amode, select=select)
        ph = self.phrase(rel)
        S, bare = self.ent(s), ph.bare.format(o=self.ent(o))
        frame = self.event_frame(anchor, amode)
        noun = "date" if unit == "day" else "month"
        prep = "on" if unit == "day" else "in"
        label, text = rng.choice(
            [
                ("fronted event, wh-time", f"{cap(frame)}, {prep} which {noun} did {S} {select} {bare}?"),
                (
                    "wh-time with inserted event",
                    f"{cap(prep)} which {noun}, {frame}, did {S} {bare} for the {select} time?",
                ),
                (
                    "time as clause subject",
                    f"Which {'day' if unit == 'day' else 'month'} saw {S} {bare} for the {select} time {frame}?",
                ),
            ]
        )
        return Built(text, f"{qtype} {unit}: {label}", spec, "time", unit)

    def event_frame(self, anchor: tuple[str, str, str, date], amode: str) -> str:
        np = self.anchor_np(anchor)
        if amode == "after":
            opts = [f"after {self.clause(anchor)}", f"after {self.clause(anchor, pluperfect=True)}"]
            if np:
                opts.append(f"following {np}")
        else:
            opts = [f"before {self.clause(anchor)}"]
            if np:
                opts.append(f"prior to {np}")
        return self.rng.choice(opts)

    def equal_multi_entity(self, unit: str) -> Built | None:
        rel = self.pick_rel(self.pairs_sr)
        if rel is None:
            return None
        got = self.topic_for(rel)
        if got is None:
            return None
        topic, side = got
        anchor = self.pick_anchor(topic, rel, lambda _d: True)
        if anchor is None:
            return None
        spec = Spec("entity", rel, topic=topic, side=side, anchor=anchor[:3], amode=unit)
        cl = self.clause(anchor)
        frame = self.rng.choice(
            {
                "day": [f"on the same day that {cl}", f"on the very day {cl}"],
                "month": [f"in the same month in which {cl}", f"in the same month as {cl}"],
                "year": [f"in the same year in which {cl}", f"in the same year as {cl}"],
            }[unit]
        )
        text, label = self.ent_question(rel, topic, side, frame)
        return Built(text, f"equal_multi {unit}: {label}", spec, "entity", unit)

    def build(self, qtype: str, kind: str, unit: str) -> Built | None:
        if qtype == "equal":
            return self.equal_entity(unit) if kind == "entity" else self.equal_time(unit)
        if qtype == "first_last":
            return self.first_last_entity(unit) if kind == "entity" else self.first_last_time(unit)
        if qtype == "before_after":
            return self.before_after_entity(unit)
        if qtype in ("after_first", "before_last"):
            return self.after_first_or_before_last(qtype, kind, unit)
        return self.equal_multi_entity(unit)


def nontrivial(built: Built, gold: list[str], facts: Facts) -> bool:
    """The time constraint must change the answer: the same question without its window (or anchor) answers
    differently. Equal questions and first/last over a scope are exempt (their scope is the question)."""
    spec = built.spec
    if spec.anchor is None and spec.select == "all" and built.construction.startswith("equal"):
        return True
    if built.construction.startswith("first_last"):
        return True
    free = Spec(
        spec.kind,
        spec.rel,
        topic=spec.topic,
        side=spec.side,
        subj=spec.subj,
        obj=spec.obj,
        unit=spec.unit,
        select=spec.select,
    )
    return python_gold(free, facts) != gold


def generate(store_name: str, store: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    start, end = PERIODS[store_name]
    facts = read_facts(store, start, end)
    rng = random.Random(f"{SEED}-{store_name}")
    maker = Maker(store_name, facts, rng)
    prefix = "b68m" if store_name == "mtq" else "b68b"
    records: list[dict[str, Any]] = []
    stats = {"built": 0, "disagree": 0}
    for qtype, kind, unit, quota in PLANS[store_name]:
        made = 0
        for _ in range(quota * 600):
            if made >= quota:
                break
            built = maker.build(qtype, kind, unit)
            if built is None or built.question in maker.texts:
                continue
            spec = built.spec
            topic = spec.topic or spec.subj
            if maker.topic_use[topic] >= 2:
                continue
            gold = python_gold(spec, facts)
            if not 1 <= len(gold) <= MAX_GOLD or not nontrivial(built, gold, facts):
                continue
            stats["built"] += 1
            check = cypher_check(spec, facts, store)
            agrees = check == gold
            if not agrees:
                stats["disagree"] += 1
                continue
            maker.texts.add(built.question)
            maker.rel_use[spec.rel] += 1
            maker.topic_use[topic] += 1
            made += 1
            records.append(
                {
                    "question": built.question,
                    "answers": gold,
                    "answer_type": built.answer_type,
                    "time_level": built.time_level,
                    "qtype": qtype,
                    "qlabel": QLABEL[qtype],
                    "construction": built.construction,
                    "check": describe_check(spec),
                    "check_agrees": agrees,
                }
            )
            stats[f"rel:{spec.rel}"] = stats.get(f"rel:{spec.rel}", 0) + 1
    out = []
    for i, rec in enumerate(records, 1):
        qid = f"{prefix}{i:03d}"
        out.append({"id": qid, "quid": qid, "store": store_name, **rec, "evidence": []})
    return out, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        records, stats = generate(args.store, store)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    rels = sorted(k[4:] for k in stats if k.startswith("rel:"))
    print(
        f"{args.store}: {len(records)} questions written to {args.out}; {stats['built']} checked, "
        f"{stats['disagree']} dropped for a disagreeing check; {len(rels)} relations",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
