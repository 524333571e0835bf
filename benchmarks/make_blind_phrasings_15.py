"""Blind held-out question set 15: MultiTQ-style questions in new phrasings, gold computed from the store.

Why: the symbolic temporal reader was tuned on MultiTQ's templates and on earlier blind sets; this set measures it on
constructions and wordings it never saw. Gold answers are computed in Python over one read of every
(subject, relation, object, day) of the store, then recomputed per question by a second, differently written Cypher
query (matched from the known entity, string or date arithmetic, aggregation in Cypher); ``check_agrees`` records it
and questions whose two computations disagree are dropped.

Usage (from the worktree root; one store per run, read only):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_15.py --store mtq --out <work>/notes/heldout/v15
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_15.py --store bench --out <work>/notes/heldout/v15

Deterministic (seed 20261215): the same store gives byte-identical files.
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261215
STORES: dict[str, dict[str, Any]] = {
    # mtq holds only a ~20% sample before 2013-11-18: every asked time lies in 2014-2015.
    "mtq": {
        "lo": "2014-01-01",
        "hi": "2015-12-31",
        "years": ("2014", "2015"),
        "n": 100,
        "prefix": "b15m",
        "file": "blind_mtq.jsonl",
        "events": 166208,
    },
    "bench": {
        "lo": "2014-01-01",
        "hi": "2014-12-31",
        "years": ("2014",),
        "n": 70,
        "prefix": "b15i",
        "file": "blind_icews14.jsonl",
        "events": 90730,
    },
}
MAX_GOLD = 5

# ------------------------------------------------------------------------------------------------- relations
# relation -> list of (base verb phrase, past verb phrase, passive participle phrase or None, noun phrase or None);
# {o} is the object, {s} the subject (noun phrases only). Every wording keeps the KG relation's direction.
REL: dict[str, list[tuple[str, str, str | None, str | None]]] = {
    "Make_statement": [
        ("make a statement about {o}", "made a statement about {o}", None, "{s}'s statement about {o}"),
        ("comment publicly on {o}", "commented publicly on {o}", "publicly commented on", None),
    ],
    "Consult": [
        ("consult {o}", "consulted {o}", "consulted", "{s}'s consultation with {o}"),
        ("hold consultations with {o}", "held consultations with {o}", None, None),
        ("confer with {o}", "conferred with {o}", None, None),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "appealed to {o}", "appealed to", "{s}'s appeal to {o}"),
        ("make a request of {o}", "made a request of {o}", None, "{s}'s request to {o}"),
        ("call on {o} with a request", "called on {o} with a request", None, None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        (
            "express willingness to meet or negotiate with {o}",
            "expressed willingness to meet or negotiate with {o}",
            None,
            None,
        ),
        (
            "signal an intention to sit down for talks with {o}",
            "signalled an intention to sit down for talks with {o}",
            None,
            None,
        ),
    ],
    "Make_a_visit": [
        ("visit {o}", "visited {o}", "visited", "{s}'s visit to {o}"),
        ("pay a visit to {o}", "paid a visit to {o}", None, "the trip {s} made to {o}"),
    ],
    "Host_a_visit": [
        ("host {o} for a visit", "hosted {o} for a visit", "hosted for a visit", None),
        ("receive a visit from {o}", "received a visit from {o}", None, "{o}'s visit hosted by {s}"),
        ("welcome {o} as a visitor", "welcomed {o} as a visitor", "welcomed as a visitor", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest, detain or charge {o}", "arrested, detained or charged {o}", "arrested, detained or charged", None),
        (
            "take legal action against {o} (arrest, detention or charges)",
            "took legal action against {o} (arrest, detention or charges)",
            None,
            None,
        ),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "praised", "{s}'s praise of {o}"),
        ("speak approvingly of {o}", "spoke approvingly of {o}", None, None),
        ("praise or endorse {o}", "praised or endorsed {o}", "praised or endorsed", None),
    ],
    "Criticize_or_denounce": [
        ("criticise {o}", "criticised {o}", "criticised", "{s}'s criticism of {o}"),
        ("denounce {o}", "denounced {o}", "denounced", "{s}'s denunciation of {o}"),
        ("speak out against {o}", "spoke out against {o}", None, None),
    ],
    "Accuse": [
        ("accuse {o}", "accused {o}", "accused", "{s}'s accusations against {o}"),
        ("level accusations at {o}", "levelled accusations at {o}", None, None),
    ],
    "Use_unconventional_violence": [
        ("use unconventional violence against {o}", "used unconventional violence against {o}", None, None),
        ("resort to non-military violence against {o}", "resorted to non-military violence against {o}", None, None),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", None, None),
        ("hold negotiations with {o}", "held negotiations with {o}", None, None),
    ],
    "Use_conventional_military_force": [
        ("use military force against {o}", "used military force against {o}", None, None),
        (
            "attack {o} with conventional military force",
            "attacked {o} with conventional military force",
            "attacked with conventional military force",
            None,
        ),
    ],
    "Demand": [
        ("make demands of {o}", "made demands of {o}", None, "{s}'s demands on {o}"),
        ("issue a demand to {o}", "issued a demand to {o}", None, None),
    ],
    "Express_intent_to_cooperate": [
        ("express an intent to cooperate with {o}", "expressed an intent to cooperate with {o}", None, None),
        ("voice a wish to work together with {o}", "voiced a wish to work together with {o}", None, None),
    ],
    "Engage_in_diplomatic_cooperation": [
        (
            "cooperate diplomatically with {o}",
            "cooperated diplomatically with {o}",
            None,
            "{s}'s diplomatic cooperation with {o}",
        ),
        ("engage in diplomatic cooperation with {o}", "engaged in diplomatic cooperation with {o}", None, None),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        (
            "express an intention to cooperate diplomatically with {o}",
            "expressed an intention to cooperate diplomatically with {o}",
            None,
            None,
        ),
        (
            "signal readiness for diplomatic cooperation (such as policy support) with {o}",
            "signalled readiness for diplomatic cooperation (such as policy support) with {o}",
            None,
            None,
        ),
    ],
    "Sign_formal_agreement": [
        (
            "sign a formal agreement with {o}",
            "signed a formal agreement with {o}",
            None,
            "the formal agreement {s} signed with {o}",
        ),
        (
            "put pen to paper on a formal agreement with {o}",
            "put pen to paper on a formal agreement with {o}",
            None,
            None,
        ),
    ],
    "Discuss_by_telephone": [
        ("talk to {o} by phone", "talked to {o} by phone", None, "{s}'s phone call to {o}"),
        ("phone {o}", "phoned {o}", "phoned", None),
        ("have a telephone conversation with {o}", "had a telephone conversation with {o}", None, None),
    ],
    "Investigate": [
        ("investigate {o}", "investigated {o}", "investigated", "{s}'s investigation of {o}"),
        ("open an inquiry into {o}", "opened an inquiry into {o}", None, None),
    ],
    "Reject": [
        ("reject {o}", "rejected {o}", "rejected", "{s}'s rejection of {o}"),
        ("rebuff {o}", "rebuffed {o}", "rebuffed", None),
    ],
    "fight_with_small_arms_and_light_weapons": [
        ("fight {o} with small arms and light weapons", "fought {o} with small arms and light weapons", None, None),
        ("engage {o} with small arms and light weapons", "engaged {o} with small arms and light weapons", None, None),
    ],
    "Make_optimistic_comment": [
        ("comment optimistically on {o}", "commented optimistically on {o}", None, None),
        ("sound upbeat about {o}", "sounded upbeat about {o}", None, None),
    ],
    "Make_pessimistic_comment": [
        ("comment pessimistically on {o}", "commented pessimistically on {o}", None, None),
        ("voice pessimism about {o}", "voiced pessimism about {o}", None, None),
    ],
    "Threaten": [
        ("threaten {o}", "threatened {o}", "threatened", "{s}'s threat against {o}"),
        ("issue threats against {o}", "issued threats against {o}", None, None),
    ],
    "Abduct,_hijack,_or_take_hostage": [
        ("abduct, hijack or take hostage {o}", "abducted, hijacked or took hostage {o}", None, None),
        ("kidnap or take {o} hostage", "kidnapped or took {o} hostage", "kidnapped or taken hostage", None),
    ],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        ("appeal to {o} for diplomatic cooperation", "appealed to {o} for diplomatic cooperation", None, None),
        (
            "ask {o} for diplomatic cooperation such as policy support",
            "asked {o} for diplomatic cooperation such as policy support",
            None,
            None,
        ),
    ],
    "Meet_at_a_'third'_location": [
        ("meet {o} at a third location", "met {o} at a third location", None, None),
        ("meet {o} on neutral ground (a third location)", "met {o} on neutral ground (a third location)", None, None),
    ],
    "Make_empathetic_comment": [
        ("express sympathy for {o}", "expressed sympathy for {o}", None, "{s}'s expression of sympathy for {o}"),
        ("comment empathetically on {o}", "commented empathetically on {o}", None, None),
    ],
    "Provide_humanitarian_aid": [
        ("provide humanitarian aid to {o}", "provided humanitarian aid to {o}", None, "{s}'s humanitarian aid to {o}"),
        ("send humanitarian assistance to {o}", "sent humanitarian assistance to {o}", None, None),
    ],
    "Physically_assault": [
        ("physically assault {o}", "physically assaulted {o}", "physically assaulted", None),
    ],
    "Impose_administrative_sanctions": [
        (
            "impose administrative sanctions on {o}",
            "imposed administrative sanctions on {o}",
            None,
            "{s}'s administrative sanctions on {o}",
        ),
    ],
    "Reduce_or_break_diplomatic_relations": [
        (
            "reduce or break off diplomatic relations with {o}",
            "reduced or broke off diplomatic relations with {o}",
            None,
            None,
        ),
    ],
    "Protest_violently,_riot": [
        ("protest violently against {o}", "protested violently against {o}", None, None),
    ],
    "Provide_economic_aid": [
        ("provide economic aid to {o}", "provided economic aid to {o}", None, "{s}'s economic aid to {o}"),
    ],
}

# ------------------------------------------------------------------------------------------------- entities
# Sector entities "Sector (Country)" as a person says them; {C} is the country phrase, {D} its demonym.
SECTOR: dict[str, list[str]] = {
    "Citizen": ["citizens of {C}", "ordinary people in {C}", "{D} citizens"],
    "Police": ["the police in {C}", "the {D} police"],
    "Government": ["the government of {C}", "the {D} government"],
    "Head of Government": ["the head of government of {C}", "{C}'s head of government"],
    "Military": ["the armed forces of {C}", "the {D} military"],
    "Protester": ["protesters in {C}", "{D} protesters"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {C}", "{C}'s cabinet and council of ministers"],
    "Lawyer/Attorney": ["lawyers in {C}", "{D} lawyers"],
    "Court Judge": ["a court judge in {C}", "{D} judges"],
    "Criminal": ["criminals in {C}"],
    "Militant": ["militants in {C}", "{D} militants"],
    "Media": ["the media in {C}", "the {D} media"],
    "Armed Rebel": ["armed rebels in {C}", "{D} rebels"],
    "Member of Parliament": ["members of parliament in {C}", "{D} MPs"],
    "Business": ["businesses in {C}", "the business community in {C}"],
    "Legislature": ["the legislature of {C}", "the {D} legislature"],
    "Defense / Security Ministry": ["the defence ministry of {C}", "{C}'s defence and security ministry"],
    "Women": ["women in {C}", "{D} women"],
    "Children": ["children in {C}", "{D} children"],
    "Student": ["students in {C}", "{D} students"],
    "Election Commission": ["the election commission of {C}", "{C}'s election commission"],
    "Military Personnel": ["military personnel of {C}", "{D} soldiers"],
    "Other Authorities / Officials": ["officials in {C}", "authorities in {C}"],
    "Foreign Affairs": ["the foreign affairs officials of {C}", "the {D} foreign ministry"],
}
DEMONYM = {
    "India": "Indian",
    "Pakistan": "Pakistani",
    "China": "Chinese",
    "Japan": "Japanese",
    "Russia": "Russian",
    "Ukraine": "Ukrainian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Syria": "Syrian",
    "Israel": "Israeli",
    "Egypt": "Egyptian",
    "Nigeria": "Nigerian",
    "Kenya": "Kenyan",
    "South Africa": "South African",
    "Australia": "Australian",
    "France": "French",
    "Germany": "German",
    "Turkey": "Turkish",
    "Thailand": "Thai",
    "Afghanistan": "Afghan",
    "Bangladesh": "Bangladeshi",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Greece": "Greek",
    "Italy": "Italian",
    "Spain": "Spanish",
    "United States": "American",
    "United Kingdom": "British",
    "Philippines": "Philippine",
    "Malaysia": "Malaysian",
    "Indonesia": "Indonesian",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Sri Lanka": "Sri Lankan",
    "Nepal": "Nepalese",
    "Canada": "Canadian",
    "Ireland": "Irish",
    "Libya": "Libyan",
    "Yemen": "Yemeni",
    "Somalia": "Somali",
    "Sudan": "Sudanese",
    "Zimbabwe": "Zimbabwean",
    "Uganda": "Ugandan",
    "Colombia": "Colombian",
    "Venezuela": "Venezuelan",
    "Argentina": "Argentine",
    "Taiwan": "Taiwanese",
    "Vietnam": "Vietnamese",
    "Cambodia": "Cambodian",
    "Myanmar": "Myanmar",
    "Lebanon": "Lebanese",
    "Saudi Arabia": "Saudi",
    "Qatar": "Qatari",
    "Poland": "Polish",
    "Hungary": "Hungarian",
    "Serbia": "Serbian",
    "Ghana": "Ghanaian",
    "Zambia": "Zambian",
    "Tunisia": "Tunisian",
}
THE_COUNTRY = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "United Arab Emirates",
    "Gambia",
    "Occupied Palestinian Territory",
    "Dominican Republic",
    "Solomon Islands",
    "Maldives",
    "Bahamas",
}


COUNTRIES = (
    set(DEMONYM)
    | THE_COUNTRY
    | {
        "Albania",
        "Algeria",
        "Angola",
        "Armenia",
        "Austria",
        "Azerbaijan",
        "Bahrain",
        "Belarus",
        "Belgium",
        "Benin",
        "Bolivia",
        "Bosnia and Herzegovina",
        "Botswana",
        "Bulgaria",
        "Burkina Faso",
        "Burundi",
        "Cameroon",
        "Chad",
        "Chile",
        "Croatia",
        "Cuba",
        "Cyprus",
        "Denmark",
        "Ecuador",
        "El Salvador",
        "Eritrea",
        "Estonia",
        "Ethiopia",
        "Fiji",
        "Finland",
        "Georgia",
        "Guatemala",
        "Guinea",
        "Haiti",
        "Honduras",
        "Jamaica",
        "Jordan",
        "Kazakhstan",
        "Kosovo",
        "Kuwait",
        "Kyrgyzstan",
        "Laos",
        "Latvia",
        "Liberia",
        "Lithuania",
        "Madagascar",
        "Malawi",
        "Mali",
        "Mauritania",
        "Moldova",
        "Mongolia",
        "Montenegro",
        "Morocco",
        "Mozambique",
        "Namibia",
        "New Zealand",
        "Nicaragua",
        "Niger",
        "Norway",
        "Oman",
        "Panama",
        "Papua New Guinea",
        "Paraguay",
        "Peru",
        "Portugal",
        "Romania",
        "Rwanda",
        "Senegal",
        "Sierra Leone",
        "Singapore",
        "Slovakia",
        "Slovenia",
        "South Sudan",
        "Sweden",
        "Switzerland",
        "Tajikistan",
        "Tanzania",
        "Togo",
        "Uruguay",
        "Uzbekistan",
        "Gabon",
        "Djibouti",
        "Iceland",
        "Brunei",
        "Bhutan",
        "Turkmenistan",
    }
)


def entity_phrases(name: str) -> list[str]:
    """How a person would name an entity; [] when it has a sector form this set does not phrase (not asked about)."""
    if name in THE_COUNTRY:
        return [f"the {name}"]
    if "(" not in name:
        return [name]
    if not name.endswith(")"):
        return []
    sector, _, country = name[:-1].partition(" (")
    forms = SECTOR.get(sector)
    if not forms or country not in COUNTRIES:  # "Armed Rebel (Boko Haram)" is no country
        return []
    cphrase = f"the {country}" if country in THE_COUNTRY else country
    out = []
    for f in forms:
        if "{D}" in f:
            if country not in DEMONYM:
                continue
            out.append(f.replace("{D}", DEMONYM[country]))
        else:
            out.append(f.replace("{C}", cphrase))
    return out


_PLURAL_HEADS = {
    "citizens",
    "people",
    "protesters",
    "lawyers",
    "judges",
    "criminals",
    "militants",
    "rebels",
    "MPs",
    "members",
    "businesses",
    "women",
    "children",
    "students",
    "soldiers",
    "personnel",
    "officials",
    "authorities",
    "forces",
    "police",
}


def plural(phrase: str) -> bool:
    """Whether an entity phrase takes a plural verb ("citizens of India were ...", "the police were ...")."""
    return any(w in _PLURAL_HEADS for w in phrase.split()[:3])


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ------------------------------------------------------------------------------------------------- dates
MONTHS = list(calendar.month_name)


def d_(s: str) -> date:
    return date.fromisoformat(s)


def iso(d: date) -> str:
    return d.isoformat()


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def say_day(s: str, rng: random.Random) -> str:
    d = d_(s)
    m = MONTHS[d.month]
    return rng.choice(
        [
            f"{d.day} {m} {d.year}",
            f"{m} {d.day}, {d.year}",
            s,
            f"the {ordinal(d.day)} of {m} {d.year}",
            f"{m} {ordinal(d.day)} {d.year}",
        ]
    )


def say_month(s: str, rng: random.Random) -> str:
    y, m = int(s[:4]), int(s[5:7])
    return rng.choice([f"{MONTHS[m]} {y}", f"the month of {MONTHS[m]} {y}", f"{MONTHS[m]} of {y}"])


def month_end(s: str) -> str:
    y, m = int(s[:4]), int(s[5:7])
    return f"{y:04d}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}"


NAMED_DAYS = [  # (month-day, names)
    ("01-01", ["New Year's Day"]),
    ("02-14", ["Valentine's Day"]),
    ("03-08", ["International Women's Day (8 March)"]),
    ("05-01", ["May Day (1 May)"]),
    ("07-04", ["the Fourth of July"]),
    ("07-14", ["Bastille Day (14 July)"]),
    ("10-31", ["Halloween"]),
    ("12-24", ["Christmas Eve"]),
    ("12-25", ["Christmas Day"]),
    ("12-31", ["New Year's Eve"]),
]


# ------------------------------------------------------------------------------------------------- store
@dataclass
class KG:
    facts: list[tuple[str, str, str, str]]
    lo: str
    hi: str
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)
    by_day: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    by_rel: dict[str, list[tuple[str, str, str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        sr: dict[Any, list[Any]] = defaultdict(list)
        ro: dict[Any, list[Any]] = defaultdict(list)
        sro: dict[Any, list[Any]] = defaultdict(list)
        day: dict[Any, list[Any]] = defaultdict(list)
        rel: dict[Any, list[Any]] = defaultdict(list)
        for s, r, o, d in self.facts:  # sorted, so every list is sorted
            sr[(s, r)].append((d, o))
            ro[(r, o)].append((d, s))
            sro[(s, r, o)].append(d)
            day[d].append((s, r, o))
            if self.lo <= d <= self.hi:
                rel[r].append((s, r, o, d))
        for dct in (sr, ro):
            for v in dct.values():
                v.sort()
        for v in sro.values():
            v.sort()
        self.by_sr, self.by_ro, self.by_sro = dict(sr), dict(ro), dict(sro)
        self.by_day, self.by_rel = dict(day), dict(rel)

    def others(self, known: str, side: str, r: str, lo: str, hi: str) -> list[tuple[str, str]]:
        """(day, other entity) of every fact with ``known`` on ``side`` and relation r, lo <= day <= hi."""
        lst = (self.by_sr if side == "s" else self.by_ro).get((known, r) if side == "s" else (r, known), [])
        i = bisect.bisect_left(lst, (lo, ""))
        out = []
        for d, x in lst[i:]:
            if d > hi:
                break
            out.append((d, x))
        return out


def read_facts(session: neo4j.Session) -> list[tuple[str, str, str, str]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    out = set()
    for rec in session.run(q):
        out.add((rec["s"], rec["r"], rec["o"], rec["d"].iso_format()))
    return sorted(out)


# ------------------------------------------------------------------------------------------------- checks
def _side_pattern(side: str) -> str:
    # the known entity first (the gold reads facts from the event side, all at once)
    if side == "s":
        return "(k:Entity {name: $k})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)"
    return "(k:Entity {name: $k})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity)"


_ANCHOR = (
    "MATCH (a:Entity {name: $a})<-[:SUBJECT]-(ae:Event)-[:OBJECT]->(b:Entity {name: $b}) "
    "WHERE ae.relation = $ra WITH collect(DISTINCT ae.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS t "
)
_ANCHOR_WINDOW = {
    "same_day": "WITH t + duration({days: $offset}) AS lo, t + duration({days: $offset}) AS hi ",
    "same_month": "WITH date({year: t.year, month: t.month, day: 1}) AS lo, "
    "date({year: t.year, month: t.month, day: 1}) + duration({months: 1}) - duration({days: 1}) AS hi ",
    "after": "WITH t + duration({days: 1}) AS lo, date($hi) AS hi ",
    "before": "WITH date($lo) AS lo, t - duration({days: 1}) AS hi ",
}


def run_check(session: neo4j.Session, chk: dict[str, Any]) -> list[str]:
    """The second computation of one question's gold, written apart from the Python gold."""
    kind = chk["kind"]
    if kind == "ent_window":  # date strings compared, known entity first
        q = (
            f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND toString(e.valid_from) >= $lo "
            "AND toString(e.valid_from) <= $hi AND NOT x.name IN $excl RETURN collect(DISTINCT x.name) AS v"
        )
    elif kind == "ent_extreme":  # min/max aggregated in Cypher, then the entities of that day
        agg = "min" if chk["mode"] == "first" else "max"
        q = (
            f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND e.valid_from >= date($lo) "
            f"AND e.valid_from <= date($hi) WITH {agg}(e.valid_from) AS m "
            f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND e.valid_from = m "
            "RETURN collect(DISTINCT x.name) AS v"
        )
    elif kind == "time_set":  # dates cut to the asked granularity in Cypher
        q = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
            "WHERE e.relation = $r AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN collect(DISTINCT left(toString(e.valid_from), $n)) AS v"
        )
    elif kind == "time_extreme":
        agg = "min" if chk["mode"] == "first" else "max"
        q = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"WITH {agg}(toString(e.valid_from)) AS m WHERE m IS NOT NULL RETURN [left(m, $n)] AS v"
        )
    elif kind.startswith("anchor_"):  # anchor found (and its uniqueness tested) in Cypher, window by date arithmetic
        mode = chk["window"]
        base = _ANCHOR + _ANCHOR_WINDOW[mode]
        if kind == "anchor_list":
            q = (
                base + f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND e.valid_from >= lo "
                "AND e.valid_from <= hi AND NOT x.name IN $excl RETURN collect(DISTINCT x.name) AS v"
            )
        else:  # anchor_next / anchor_prev: the nearest day in the window
            agg = "min" if kind == "anchor_next" else "max"
            q = (
                base + f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND e.valid_from >= lo "
                f"AND e.valid_from <= hi WITH {agg}(e.valid_from) AS m "
                f"MATCH {_side_pattern(chk['side'])} WHERE e.relation = $r AND e.valid_from = m "
                "RETURN collect(DISTINCT x.name) AS v"
            )
    else:
        raise ValueError(kind)
    params = {k: v for k, v in chk.items() if k not in ("kind", "side", "mode", "window")}
    params.setdefault("excl", [])
    rec = session.run(q, params).single()
    return sorted(rec["v"]) if rec and rec["v"] is not None else []


def describe_check(chk: dict[str, Any]) -> str:
    parts = [f"{k}={v}" for k, v in chk.items() if k != "kind"]
    return f"{chk['kind']}: " + ", ".join(parts)


# ------------------------------------------------------------------------------------------------- generation
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: dict[str, Any]


QLABEL = {
    "equal": "Single",
    "before_after": "Single",
    "first_last": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}


class Gen:
    def __init__(self, kg: KG, spec: dict[str, Any], rng: random.Random) -> None:
        self.kg, self.spec, self.rng = kg, spec, rng
        self.rels = sorted(r for r in REL if len(kg.by_rel.get(r, [])) >= 20)

    # -- picking ------------------------------------------------------------------------------------------
    def fact(self, rels: list[str] | None = None) -> tuple[str, str, str, str]:
        r = self.rng.choice(rels or self.rels)
        return self.rng.choice(self.kg.by_rel[r])

    def words(self, r: str, need: str = "") -> tuple[str, str, str | None, str | None]:
        forms = [f for f in REL[r] if not need or f[{"pp": 2, "noun": 3}[need]]]
        return self.rng.choice(forms) if forms else ("", "", None, None)

    def ent(self, name: str) -> str | None:
        forms = entity_phrases(name)
        return self.rng.choice(forms) if forms else None

    def in_scope(self, d: str) -> bool:
        return self.spec["lo"] <= d <= self.spec["hi"]

    def year_scope(self, d: str) -> tuple[str, str, str]:
        return d[:4], f"{d[:4]}-01-01", f"{d[:4]}-12-31"

    def anchor(self, a: str, ra: str, b: str) -> tuple[str, str | None] | None:
        """(clause, noun phrase or None) for an anchor event unique in the whole store and inside the asked period."""
        days = self.kg.by_sro.get((a, ra, b), [])
        if len(days) != 1 or not self.in_scope(days[0]):
            return None
        pa, pb = self.ent(a), self.ent(b)
        if pa is None or pb is None:
            return None
        _base, past, _pp, noun = self.words(ra)
        clause = f"{pa} {past.format(o=pb)}"
        nominal = noun.format(s=pa, o=pb) if noun and "(" not in a else None
        return clause, nominal

    # -- answers -------------------------------------------------------------------------------------------
    def ents(self, known: str, side: str, r: str, lo: str, hi: str, excl: tuple[str, ...] = ()) -> list[str]:
        return sorted({x for _d, x in self.kg.others(known, side, r, lo, hi) if x not in excl})

    def extreme(self, known: str, side: str, r: str, lo: str, hi: str, mode: str) -> list[str]:
        rows = self.kg.others(known, side, r, lo, hi)
        if not rows:
            return []
        d = rows[0][0] if mode == "first" else rows[-1][0]
        return sorted({x for dd, x in rows if dd == d})

    def days(self, s: str, r: str, o: str, lo: str, hi: str) -> list[str]:
        return [d for d in self.kg.by_sro.get((s, r, o), []) if lo <= d <= hi]

    # -- helpers for the two sides ---------------------------------------------------------------------------
    def who_clause(self, f: tuple[str, str, str, str], side: str) -> tuple[str, str, str, str] | None:
        """Asking for the missing side of a fact: (question stem, "everyone ..." stem for imperatives, the known
        entity, its KG side), or None when the entity or the wording does not allow it."""
        s, r, o, _d = f
        if side == "o":  # subject known, ask for objects: only wordings whose object comes last ("appeal to _")
            ps = self.ent(s)
            forms = [w for w in REL[r] if w[0].endswith("{o}") and w[1].endswith("{o}")]
            if ps is None or not forms:
                return None
            base, past = (w[:-3].rstrip() for w in self.rng.choice(forms)[:2])
            q = self.rng.choice([f"who did {ps} {base}", f"whom did {ps} {base}", f"which parties did {ps} {base}"])
            lst = self.rng.choice([f"everyone {ps} {past}", f"all those {ps} {past}"])
            return q, lst, s, "s"
        po = self.ent(o)
        if po is None:
            return None
        base, past, pp, _n = self.words(r)
        if pp and self.rng.random() < 0.5:
            be = "were" if plural(po) else "was"
            return f"by whom {be} {po} {pp}", f"everyone by whom {po} {be} {pp}", o, "o"
        lst = self.rng.choice([f"everyone who {past.format(o=po)}", f"the parties that {past.format(o=po)}"])
        return f"who {past.format(o=po)}", lst, o, "o"

    def gapped(self, r: str) -> tuple[str, str] | None:
        """(base, past) of a wording whose object comes last, without the object ("criticise", "appealed to")."""
        forms = [w for w in REL[r] if w[0].endswith("{o}") and w[1].endswith("{o}")]
        if not forms:
            return None
        base, past = (w[:-3].rstrip() for w in self.rng.choice(forms)[:2])
        return base, past


def entity_q(g: Gen, construction: str) -> Q | None:
    rng, kg = g.rng, g.kg
    f = g.fact()
    s, r, o, d = f
    side = rng.choice(["o", "s"])
    known = s if side == "o" else o
    kside = "s" if side == "o" else "o"
    stem = g.who_clause(f, side)
    if stem is None:
        return None
    text, lst = stem[0], stem[1]
    level = "day"
    excl: tuple[str, ...] = ()
    if construction == "day_end":
        lo = hi = d
        q = f"{cap(text)} on {say_day(d, rng)}?"
    elif construction == "day_fronted":
        lo = hi = d
        q = f"On {say_day(d, rng)}, {text}?"
    elif construction == "month_fronted":
        lo, hi, level = d[:7] + "-01", month_end(d), "month"
        q = rng.choice([f"In {say_month(d, rng)}, {text}?", f"During {say_month(d, rng)}, {text}?"])
    elif construction == "year_end":
        lo, hi, level = d[:4] + "-01-01", d[:4] + "-12-31", "year"
        q = rng.choice([f"{cap(text)} in {d[:4]}?", f"{cap(text)} at some point in {d[:4]}?"])
    elif construction == "imperative":
        lo, hi, level = d[:7] + "-01", month_end(d), "month"
        q = rng.choice(
            [
                f"Tell me {lst} in {say_month(d, rng)}.",
                f"Name {lst} during {say_month(d, rng)}.",
                f"List {lst} in {say_month(d, rng)}, please.",
            ]
        )
    elif construction == "parenthetical":
        lo, hi, level = d[:7] + "-01", month_end(d), "month"
        m = say_month(d, rng)
        q = rng.choice(
            [f"{cap(text)} (this is about {m})?", f"{cap(text)} — I mean in {m}?", f"{cap(text)}, in {m} that is?"]
        )
    elif construction == "ndays_window":
        n = rng.choice([5, 7, 10, 14])
        start = d_(d) - timedelta(days=rng.randint(0, n - 1))
        end = start + timedelta(days=n - 1)
        lo, hi = iso(start), iso(end)
        if not (g.in_scope(lo) and g.in_scope(hi)):
            return None
        a, b = say_day(lo, rng), say_day(hi, rng)
        q = rng.choice(
            [
                f"In the {n} days from {a} to {b} (both days included), {text}?",
                f"{cap(text)} between {a} and {b}, inclusive?",
                f"Over the {n}-day stretch starting {a} and ending {b}, {text}?",
            ]
        )
    elif construction == "quarter":
        mth = int(d[5:7])
        qn = (mth - 1) // 3 + 1
        m1, m3 = 3 * qn - 2, 3 * qn
        lo, hi, level = f"{d[:4]}-{m1:02d}-01", month_end(f"{d[:4]}-{m3:02d}"), "month"
        qw = ["first", "second", "third", "fourth"][qn - 1]
        span = f"{MONTHS[m1]} to {MONTHS[m3]}"
        q = rng.choice(
            [f"In the {qw} quarter of {d[:4]} ({span}), {text}?", f"{cap(text)} during Q{qn} {d[:4]}, i.e. {span}?"]
        )
    elif construction == "half":
        h = 1 if int(d[5:7]) <= 6 else 2
        lo, hi = (f"{d[:4]}-01-01", f"{d[:4]}-06-30") if h == 1 else (f"{d[:4]}-07-01", f"{d[:4]}-12-31")
        level = "month"
        span = "January through June" if h == 1 else "July through December"
        q = rng.choice(
            [
                f"In the {'first' if h == 1 else 'second'} half of {d[:4]} ({span}), {text}?",
                f"{cap(text)} in {'H1' if h == 1 else 'H2'} {d[:4]} ({span})?",
            ]
        )
    elif construction == "season":
        mth, y = int(d[5:7]), int(d[:4])
        level = "month"
        if mth in (3, 4, 5):
            name, lo, hi, span = f"spring of {y}", f"{y}-03-01", f"{y}-05-31", "March, April and May"
        elif mth in (6, 7, 8):
            name, lo, hi, span = f"summer of {y}", f"{y}-06-01", f"{y}-08-31", "June, July and August"
        elif mth in (9, 10, 11):
            name, lo, hi, span = f"autumn of {y}", f"{y}-09-01", f"{y}-11-30", "September, October and November"
        else:
            y0 = y if mth == 12 else y - 1
            name = f"winter of {y0}-{str(y0 + 1)[2:]}"
            lo, hi = f"{y0}-12-01", month_end(f"{y0 + 1}-02")
            span = f"December {y0} to February {y0 + 1}"
        if not (g.in_scope(lo) and g.in_scope(hi)):
            return None
        q = rng.choice([f"During the {name} ({span}), {text}?", f"{cap(text)} in the {name} ({span})?"])
    elif construction == "named_day":
        named = [(md, nm) for md, nm in NAMED_DAYS for y in g.spec["years"] if f"{y}-{md}" in kg.by_day]
        md, names = rng.choice(named)
        y = rng.choice([y for y in g.spec["years"] if f"{y}-{md}" in kg.by_day])
        day = f"{y}-{md}"
        cands = [(s2, r2, o2) for s2, r2, o2 in kg.by_day[day] if r2 in g.rels]
        if not cands:
            return None
        s, r, o = rng.choice(cands)
        stem = g.who_clause((s, r, o, day), side)
        if stem is None:
            return None
        text = stem[0]
        known = s if side == "o" else o
        lo = hi = day
        nm = rng.choice(names)
        q = rng.choice([f"On {nm} {y}, {text}?", f"{cap(text)} on {nm} {y}?"])
    elif construction == "relative_day":
        k = rng.choice([1, 1, 2, 3])
        before = rng.random() < 0.5
        ref = d_(d) + timedelta(days=k if before else -k)
        if not g.in_scope(iso(ref)):
            return None
        lo = hi = d
        rel = {1: "the day", 2: "two days", 3: "three days"}[k] + (" before " if before else " after ")
        ref_s = say_day(iso(ref), rng)
        q = rng.choice([f"{cap(rel)}{ref_s}, {text}?", f"{cap(text)} {rel}{ref_s}?", f"On {rel}{ref_s}, {text}?"])
        if k > 1 and q.startswith("On "):  # "on two days after" is not English
            q = q[3:4].upper() + q[4:]
    elif construction == "ellipsis_else":
        # "X did r to O on D. Who else did so that day?" - the other subjects of (r, O) that day
        ps, po = g.ent(s), g.ent(o)
        if ps is None or po is None:
            return None
        lo = hi = d
        _base, past, _pp, _n = g.words(r)
        known, kside, excl = o, "o", (s,)
        q = rng.choice(
            [
                f"{cap(ps)} {past.format(o=po)} on {say_day(d, rng)}. Who else did so that day?",
                f"On {say_day(d, rng)} {ps} {past.format(o=po)}; which others did the same on that day?",
            ]
        )
    else:
        raise ValueError(construction)
    ans = g.ents(known, kside, r, lo, hi, excl)
    chk = {"kind": "ent_window", "side": kside, "k": known, "r": r, "lo": lo, "hi": hi, "excl": list(excl)}
    return Q(q, ans, "entity", level, "equal", construction, chk)


def time_q(g: Gen, construction: str) -> Q | None:
    rng = g.rng
    s, r, o, d = g.fact()
    ps, po = g.ent(s), g.ent(o)
    if ps is None or po is None:
        return None
    base, past, _pp, noun = g.words(r)
    vp = base.format(o=po)
    multi_year = len(g.spec["years"]) > 1
    y, ylo, yhi = g.year_scope(d)
    if construction == "when_day":
        if multi_year:
            lo, hi = ylo, yhi
            q = rng.choice([f"On what date in {y} did {ps} {vp}?", f"In {y}, when exactly did {ps} {vp}?"])
        else:
            lo, hi = g.spec["lo"], g.spec["hi"]
            q = rng.choice([f"When did {ps} {vp}?", f"What was the date on which {ps} {past.format(o=po)}?"])
        n, level = 10, "day"
    elif construction == "which_month_saw":
        lo, hi = ylo, yhi
        n, level = 7, "month"
        if noun and "(" not in s:
            q = f"Which month of {y} saw {noun.format(s=ps, o=po)}?"
        else:  # "saw X do Y" takes the bare verb
            q = rng.choice([f"Which month of {y} saw {ps} {vp}?", f"In {y}, in which month did {ps} {vp}?"])
    elif construction == "which_year":
        if not multi_year:
            return None
        lo, hi = g.spec["lo"], g.spec["hi"]
        n, level = 4, "year"
        q = rng.choice(
            [
                f"In which year, 2014 or 2015, did {ps} {vp}?",
                f"Was it in 2014 or in 2015 that {ps} {past.format(o=po)}? Give the year(s).",
            ]
        )
    elif construction in ("first_time_day", "first_time_month", "last_time_day", "last_time_month"):
        mode = "first" if construction.startswith("first") else "last"
        level = "day" if construction.endswith("day") else "month"
        n = 10 if level == "day" else 7
        lo, hi = (ylo, yhi) if (multi_year or rng.random() < 0.5) else (g.spec["lo"], g.spec["hi"])
        scope = f" in {y}" if lo == ylo else ""
        if level == "day":
            q = rng.choice(
                [
                    f"When did {ps} {vp} for the {mode} time{scope}?",
                    f"On which day{scope} did {ps} {'first' if mode == 'first' else 'last'} {vp}?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"In which month did {ps} {vp} for the {mode} time{scope}?",
                    f"Which month{(' of ' + y) if scope else ''} saw the {mode} occasion on which {ps} "
                    f"{past.format(o=po)}?",
                ]
            )
        ds = g.days(s, r, o, lo, hi)
        ans = [(ds[0] if mode == "first" else ds[-1])[:n]] if ds else []
        chk = {"kind": "time_extreme", "mode": mode, "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n}
        return Q(q, ans, "time", level, "first_last", construction, chk)
    else:
        raise ValueError(construction)
    ans = sorted({x[:n] for x in g.days(s, r, o, lo, hi)})
    chk = {"kind": "time_set", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n}
    return Q(q, ans, "time", level, "equal", construction, chk)


def first_last_entity_q(g: Gen, construction: str) -> Q | None:
    rng = g.rng
    s, r, o, d = g.fact()
    mode = "first" if construction == "first_entity" else "last"
    side = rng.choice(["o", "s"])
    y, ylo, yhi = g.year_scope(d)
    scope_kind = rng.choice(["year", "month"] + (["all"] if len(g.spec["years"]) == 1 else []))
    if scope_kind == "year":
        lo, hi, scope, level = ylo, yhi, f"in {y}", "year"
    elif scope_kind == "month":
        lo, hi, scope, level = d[:7] + "-01", month_end(d), f"in {say_month(d, rng)}", "month"
    else:
        lo, hi, scope, level = g.spec["lo"], g.spec["hi"], "", "year"
    base, past, _pp, _n = g.words(r)
    if side == "o":  # who was the first to r O
        po = g.ent(o)
        if po is None:
            return None
        known, kside = o, "o"
        q = rng.choice(
            [
                f"Who was the {mode} to {base.format(o=po)} {scope}?",
                f"{cap(scope)}, who {'first' if mode == 'first' else 'last'} {past.format(o=po)}?"
                if scope
                else f"Who {past.format(o=po)} {'first' if mode == 'first' else 'last of all'}?",
                f"Name the {mode} party to {base.format(o=po)} {scope}.",
            ]
        )
    else:
        ps, gap = g.ent(s), g.gapped(r)
        if ps is None or gap is None:
            return None
        known, kside = s, "s"
        bare, pgap = gap
        q = rng.choice(
            [
                f"Whom did {ps} {bare} {'first' if mode == 'first' else 'last'} {scope}?",
                f"{cap(scope)}, who was the {mode} that {ps} {pgap}?"
                if scope
                else f"Who was the {mode} that {ps} {pgap}?",
            ]
        )
    q = " ".join(q.split()).replace(" ?", "?").replace(" .", ".").replace(" ,", ",")
    ans = g.extreme(known, kside, r, lo, hi, mode)
    chk = {"kind": "ent_extreme", "mode": mode, "side": kside, "k": known, "r": r, "lo": lo, "hi": hi}
    return Q(q, ans, "entity", level, "first_last", construction, chk)


def before_after_date_q(g: Gen, construction: str) -> Q | None:
    rng = g.rng
    s, r, o, d = g.fact()
    side = rng.choice(["o", "s"])
    stem = g.who_clause((s, r, o, d), side)
    if stem is None:
        return None
    text, _lst, known, kside = stem
    y, ylo, yhi = g.year_scope(d)
    if construction == "before_date":
        cut = d_(d) + timedelta(days=rng.randint(1, 20))
        if iso(cut)[:4] != y:
            return None
        lo, hi = ylo, iso(cut - timedelta(days=1))
        c = say_day(iso(cut), rng)
        q = rng.choice(
            [f"In {y}, before {c}, {text}?", f"{cap(text)} in {y} prior to {c}?", f"Earlier in {y} than {c}, {text}?"]
        )
    else:
        cut = d_(d) - timedelta(days=rng.randint(1, 20))
        if not g.in_scope(iso(cut)):
            return None
        end = g.spec["hi"] if rng.random() < 0.5 else yhi
        lo, hi = iso(cut + timedelta(days=1)), end
        c = say_day(iso(cut), rng)
        if end == g.spec["hi"] and len(g.spec["years"]) == 1:
            q = rng.choice([f"After {c}, {text}?", f"{cap(text)} after {c}?"])
        elif end == g.spec["hi"]:
            q = rng.choice([f"After {c} and up to the end of 2015, {text}?", f"{cap(text)} after {c}?"])
        else:
            q = rng.choice([f"Later in {y}, after {c}, {text}?", f"{cap(text)} after {c} but still in {y}?"])
    ans = g.ents(known, kside, r, lo, hi)
    chk = {"kind": "ent_window", "side": kside, "k": known, "r": r, "lo": lo, "hi": hi, "excl": []}
    return Q(q, ans, "entity", "day", "before_after", construction, chk)


def anchored_q(g: Gen, construction: str) -> Q | None:
    """Questions hung on another event, unique in the whole store."""
    rng, kg = g.rng, g.kg
    # the anchor: a fact whose (s, r, o) occurs once in the whole store, inside the asked period
    a, ra, b, t = g.fact()
    anc = g.anchor(a, ra, b)
    if anc is None:
        return None
    clause, nominal = anc
    y, ylo, _yhi = g.year_scope(t)
    if construction in ("after_first", "before_last"):
        # the same relation and object as the anchor: who did it next / had done it last
        po = g.ent(b)
        if po is None:
            return None
        base, past, _pp, _n = g.words(ra)
        vp = base.format(o=po)
        if construction == "after_first":
            lo, hi = iso(d_(t) + timedelta(days=1)), g.spec["hi"]
            q = rng.choice(
                [
                    f"After {clause}, who was the next to {vp}?",
                    f"Who {past.format(o=po)} next, after {clause}?",
                    f"{cap(clause)}. Who was the next one to do so?",
                ]
            )
            kind = "anchor_next"
        else:
            lo, hi = ylo, iso(d_(t) - timedelta(days=1))
            q = rng.choice(
                [
                    f"Earlier in {y}, before {clause}, who was the last to {vp}?",
                    f"Who was the most recent to {vp} (counting only {y}) just before {clause}?",
                ]
            )
            kind = "anchor_prev"
        ans = g.extreme(b, "o", ra, lo, hi, "first" if kind == "anchor_next" else "last")
        chk = {
            "kind": kind,
            "window": "after" if kind == "anchor_next" else "before",
            "a": a,
            "ra": ra,
            "b": b,
            "side": "o",
            "k": b,
            "r": ra,
            "lo": lo,
            "hi": hi,
        }
        qtype = construction
        level = "day"
        return Q(q, ans, "entity", level, qtype, construction, chk)
    # a target question about another (known, r) pair on the anchor's day / month / around it
    if construction in ("same_day", "same_month", "day_after_event"):
        offset = 1 if construction == "day_after_event" else 0
        tday = iso(d_(t) + timedelta(days=offset))
        if not g.in_scope(tday):
            return None
        days = [tday]
        if construction == "same_month":  # the target fact from any day of the anchor's month
            days = [iso(d_(t[:7] + "-01") + timedelta(days=i)) for i in range(int(month_end(t)[8:]))]
        pool = [
            (s2, r2, o2)
            for dd in days
            for s2, r2, o2 in kg.by_day.get(dd, [])
            if r2 in g.rels and (s2, r2, o2) != (a, ra, b)
        ]
        if not pool:
            return None
        s, r, o = rng.choice(pool)
        side = rng.choice(["o", "s"])
        stem = g.who_clause((s, r, o, tday), side)
        if stem is None:
            return None
        text, _lst, known, kside = stem
        if construction == "same_day":
            lo = hi = t
            window = "same_day"
            opts = [f"On the same day that {clause}, {text}?", f"{cap(text)} on the very day {clause}?"]
            q = rng.choice(opts + ([f"{cap(text)} on the day of {nominal}?"] if nominal else []))
            level = "day"
        elif construction == "day_after_event":
            lo = hi = tday
            window = "same_day"
            opts = [f"On the day after {clause}, {text}?", f"{cap(text)} the day after {clause}?"]
            q = rng.choice(opts + ([f"{cap(text)} the day after {nominal}?"] if nominal else []))
            level = "day"
        else:
            lo, hi, window, level = t[:7] + "-01", month_end(t), "same_month", "month"
            opts = [f"{cap(text)} in the month in which {clause}?", f"In the same month that {clause}, {text}?"]
            q = rng.choice(opts + ([f"In the same month as {nominal}, {text}?"] if nominal else []))
        ans = g.ents(known, kside, r, lo, hi)
        chk = {
            "kind": "anchor_list",
            "window": window,
            "a": a,
            "ra": ra,
            "b": b,
            "side": kside,
            "k": known,
            "r": r,
            "offset": offset,
        }
        return Q(q, ans, "entity", level, "equal_multi", construction, chk)
    if construction in ("after_event", "before_event"):
        # list answers after / before the anchor (after: up to the end of the period; before: within its year)
        s, r, o, d = g.fact()
        if construction == "after_event" and not d > t:
            return None
        if construction == "before_event" and not (ylo <= d < t):
            return None
        side = rng.choice(["o", "s"])
        stem = g.who_clause((s, r, o, d), side)
        if stem is None:
            return None
        text, _lst, known, kside = stem
        if construction == "after_event":
            lo, hi, window = iso(d_(t) + timedelta(days=1)), g.spec["hi"], "after"
            opts = [f"{cap(text)} after {clause}?", f"After {clause}, {text}?"]
            q = rng.choice(opts + ([f"Following {nominal}, {text}?"] if nominal else []))
        else:
            lo, hi, window = ylo, iso(d_(t) - timedelta(days=1)), "before"
            opts = [f"{cap(text)} earlier in {y}, before {clause}?"]
            q = rng.choice(
                opts + ([f"In {y}, before {nominal}, {text}?"] if nominal else [f"In {y}, before {clause}, {text}?"])
            )
        ans = g.ents(known, kside, r, lo, hi)
        chk = {
            "kind": "anchor_list",
            "window": window,
            "a": a,
            "ra": ra,
            "b": b,
            "side": kside,
            "k": known,
            "r": r,
            "lo": lo,
            "hi": hi,
        }
        return Q(q, ans, "entity", "day", "before_after", construction, chk)
    raise ValueError(construction)


CONSTRUCTIONS: dict[str, tuple[Callable[[Gen, str], Q | None], int, int]] = {
    # construction: (generator, count on mtq, count on bench)
    "day_end": (entity_q, 4, 3),
    "day_fronted": (entity_q, 4, 3),
    "month_fronted": (entity_q, 4, 3),
    "year_end": (entity_q, 3, 0),
    "imperative": (entity_q, 4, 3),
    "parenthetical": (entity_q, 3, 2),
    "ndays_window": (entity_q, 4, 3),
    "quarter": (entity_q, 3, 2),
    "half": (entity_q, 3, 2),
    "season": (entity_q, 3, 2),
    "named_day": (entity_q, 3, 2),
    "relative_day": (entity_q, 3, 2),
    "ellipsis_else": (entity_q, 4, 3),
    "when_day": (time_q, 4, 3),
    "which_month_saw": (time_q, 4, 3),
    "which_year": (time_q, 3, 0),
    "first_time_day": (time_q, 3, 2),
    "first_time_month": (time_q, 3, 2),
    "last_time_day": (time_q, 2, 2),
    "last_time_month": (time_q, 2, 2),
    "first_entity": (first_last_entity_q, 4, 3),
    "last_entity": (first_last_entity_q, 3, 3),
    "before_date": (before_after_date_q, 4, 3),
    "after_date": (before_after_date_q, 4, 3),
    "after_event": (anchored_q, 3, 2),
    "before_event": (anchored_q, 3, 2),
    "after_first": (anchored_q, 4, 3),
    "before_last": (anchored_q, 4, 3),
    "same_day": (anchored_q, 3, 2),
    "same_month": (anchored_q, 3, 2),
    "day_after_event": (anchored_q, 2, 2),
}


def generate(kg: KG, spec: dict[str, Any], store: str) -> list[Q]:
    rng = random.Random(SEED)
    g = Gen(kg, spec, rng)
    out: list[Q] = []
    seen: set[str] = set()
    for name, row in CONSTRUCTIONS.items():
        fn, want = row[0], (row[1] if store == "mtq" else row[2])
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            q = fn(g, name)
            if q is None or not (1 <= len(q.answers) <= MAX_GOLD) or q.question in seen:
                continue
            if any(f" {w} {w} " in q.question for w in ("on", "to", "with", "about", "in", "of", "at")):
                continue
            if q.answer_type == "time" and any(not g.in_scope(a + "-01-01"[len(a) - 4 :]) for a in q.answers):
                continue
            seen.add(q.question)
            out.append(q)
            got += 1
        if got < want:
            print(f"warning: {name}: {got}/{want}", file=sys.stderr)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--allow-partial", action="store_true", help="dry read of a store still being built")
    args = ap.parse_args()
    spec = STORES[args.store]
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    with driver.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as session:
        count = session.run("MATCH (e:Event) RETURN count(e) AS n").single()
        n_events = count["n"] if count else 0
        if n_events != spec["events"] and not args.allow_partial:
            print(f"store {args.store} holds {n_events} events, expected {spec['events']}", file=sys.stderr)
            return 2
        facts = read_facts(session)
        kg = KG(facts, spec["lo"], spec["hi"])
        qs = generate(kg, spec, args.store)
        rows = []
        dropped = 0
        for q in qs:
            second = run_check(session, q.check)
            agrees = second == sorted(q.answers)
            if not agrees:
                dropped += 1
                print(f"check disagrees, dropped: {q.construction}: {q.answers} vs {second}", file=sys.stderr)
                continue
            rows.append((q, agrees))
    driver.close()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / spec["file"]
    with path.open("w", encoding="utf-8") as fh:
        for i, (q, agrees) in enumerate(rows, 1):
            qid = f"{spec['prefix']}{i:03d}"
            rec = {
                "quid": qid,
                "id": qid,
                "question": q.question,
                "answers": q.answers,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": QLABEL[q.qtype],
                "evidence": [],
                "construction": q.construction,
                "store": args.store,
                "check": describe_check(q.check),
                "check_agrees": agrees,
            }
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    # summary for generation.md
    rels = {q.check[k] for q, _ in rows for k in ("r", "ra") if k in q.check}
    print(
        f"{args.store}: {len(facts)} distinct facts; {len(rows)} questions written to {path.name}; "
        f"{dropped} dropped by the second check; {len(rels)} relations"
    )
    for label, cnt in (
        ("construction", Counter(q.construction for q, _ in rows)),
        ("qtype", Counter(q.qtype for q, _ in rows)),
        ("answer_type", Counter(f"{q.answer_type}/{q.time_level}" for q, _ in rows)),
        ("gold size", Counter(len(q.answers) for q, _ in rows)),
    ):
        print(f"  {label}: " + ", ".join(f"{k}={v}" for k, v in sorted(cnt.items(), key=lambda kv: str(kv[0]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
