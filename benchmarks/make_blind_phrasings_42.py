"""Blind held-out question set 42: MultiTQ-style questions over the ICEWS stores, phrased without the reader in view.

Why: the symbolic reader was tuned on MultiTQ and on earlier held-out sets; this set measures it on phrasings it was
never tuned on. Gold answers are computed in Python over the WHOLE store (one Cypher read of every
(subject, relation, object, day)); every gold is then recomputed by a second, differently written Cypher query
(starting from the fixed entity, comparing date strings, the anchor's date found and shifted inside Cypher,
first/last aggregated in Cypher). Questions whose two golds disagree are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/make_blind_phrasings_42.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    python benchmarks/make_blind_phrasings_42.py --store bench --out <work>/blind_icews14.jsonl

Deterministic (seed 20261242): rerunning on the same store gives a byte-identical file. The connection is read only
(the neo4j driver in READ access mode; no schema is applied).

``mtq`` holds icews05-15 with only a ~20% sample before 2013-11-18, so every asked date, window and anchor lies in
2014-01-01..2015-12-31 and every first/last/before question is scoped by its own wording to a period inside it.
``bench`` holds all of ICEWS14 (2014).
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261242

STORES: dict[str, dict[str, Any]] = {
    "mtq": {"prefix": "b42m", "lo": "2014-01-01", "hi": "2015-12-31", "years": (2014, 2015)},
    "bench": {"prefix": "b42i", "lo": "2014-01-01", "hi": "2014-12-31", "years": (2014,)},
}

# --------------------------------------------------------------------------------------------- relation wording
# Each relation: variants of (infinitive, simple past, past participle, gerund); "{o}" is the object's phrase.
# The past participle doubles as the passive where ``passive`` is True (the object can be the grammatical subject).
Forms = tuple[str, str, str, str]
RELATIONS: dict[str, tuple[bool, list[Forms]]] = {
    "Make_statement": (
        False,
        [
            (
                "make a statement about {o}",
                "made a statement about {o}",
                "made a statement about {o}",
                "making a statement about {o}",
            ),
            (
                "comment publicly on {o}",
                "commented publicly on {o}",
                "commented publicly on {o}",
                "commenting publicly on {o}",
            ),
        ],
    ),
    "Consult": (
        True,
        [
            ("consult {o}", "consulted {o}", "consulted", "consulting {o}"),
            (
                "hold consultations with {o}",
                "held consultations with {o}",
                "held consultations with {o}",
                "holding consultations with {o}",
            ),
        ],
    ),
    "Make_an_appeal_or_request": (
        True,
        [
            ("appeal to {o}", "appealed to {o}", "appealed to", "appealing to {o}"),
            ("make a request of {o}", "made a request of {o}", "made a request of {o}", "making a request of {o}"),
        ],
    ),
    "Express_intent_to_meet_or_negotiate": (
        False,
        [
            (
                "say they wanted to meet or negotiate with {o}",
                "said they wanted to meet or negotiate with {o}",
                "said they wanted to meet or negotiate with {o}",
                "saying they wanted to meet or negotiate with {o}",
            ),
            (
                "signal readiness to meet or negotiate with {o}",
                "signalled readiness to meet or negotiate with {o}",
                "signalled readiness to meet or negotiate with {o}",
                "signalling readiness to meet or negotiate with {o}",
            ),
        ],
    ),
    "Make_a_visit": (
        True,
        [
            ("visit {o}", "visited {o}", "visited", "visiting {o}"),
            ("pay a visit to {o}", "paid a visit to {o}", "paid a visit to {o}", "paying a visit to {o}"),
        ],
    ),
    "Host_a_visit": (
        True,
        [
            ("host {o}", "hosted {o}", "hosted", "hosting {o}"),
            (
                "receive {o} as a visitor",
                "received {o} as a visitor",
                "received {o} as a visitor",
                "receiving {o} as a visitor",
            ),
        ],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        True,
        [
            (
                "arrest, detain or charge {o}",
                "arrested, detained or charged {o}",
                "arrested, detained or charged",
                "arresting, detaining or charging {o}",
            ),
        ],
    ),
    "Praise_or_endorse": (
        True,
        [
            ("praise {o}", "praised {o}", "praised", "praising {o}"),
            (
                "speak approvingly of {o}",
                "spoke approvingly of {o}",
                "spoken approvingly of",
                "speaking approvingly of {o}",
            ),
        ],
    ),
    "Criticize_or_denounce": (
        True,
        [
            ("criticize {o}", "criticized {o}", "criticized", "criticizing {o}"),
            ("denounce {o}", "denounced {o}", "denounced", "denouncing {o}"),
        ],
    ),
    "Use_conventional_military_force": (
        False,
        [
            (
                "use conventional military force against {o}",
                "used conventional military force against {o}",
                "used conventional military force against {o}",
                "using conventional military force against {o}",
            ),
        ],
    ),
    "Engage_in_negotiation": (
        False,
        [
            ("negotiate with {o}", "negotiated with {o}", "negotiated with {o}", "negotiating with {o}"),
            (
                "hold negotiations with {o}",
                "held negotiations with {o}",
                "held negotiations with {o}",
                "holding negotiations with {o}",
            ),
        ],
    ),
    "Accuse": (
        True,
        [
            ("accuse {o}", "accused {o}", "accused", "accusing {o}"),
            (
                "level accusations at {o}",
                "levelled accusations at {o}",
                "levelled accusations at {o}",
                "levelling accusations at {o}",
            ),
        ],
    ),
    "Use_unconventional_violence": (
        False,
        [
            (
                "use unconventional violence against {o}",
                "used unconventional violence against {o}",
                "used unconventional violence against {o}",
                "using unconventional violence against {o}",
            ),
        ],
    ),
    "Engage_in_diplomatic_cooperation": (
        False,
        [
            (
                "cooperate diplomatically with {o}",
                "cooperated diplomatically with {o}",
                "cooperated diplomatically with {o}",
                "cooperating diplomatically with {o}",
            ),
        ],
    ),
    "Sign_formal_agreement": (
        False,
        [
            (
                "sign a formal agreement with {o}",
                "signed a formal agreement with {o}",
                "signed a formal agreement with {o}",
                "signing a formal agreement with {o}",
            ),
        ],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        False,
        [
            (
                "state an intention to engage in diplomatic cooperation with {o}",
                "stated an intention to engage in diplomatic cooperation with {o}",
                "stated an intention to engage in diplomatic cooperation with {o}",
                "stating an intention to engage in diplomatic cooperation with {o}",
            ),
        ],
    ),
    "Express_intent_to_cooperate": (
        False,
        [
            (
                "express willingness to cooperate with {o}",
                "expressed willingness to cooperate with {o}",
                "expressed willingness to cooperate with {o}",
                "expressing willingness to cooperate with {o}",
            ),
        ],
    ),
    "Demand": (
        False,
        [
            ("make demands of {o}", "made demands of {o}", "made demands of {o}", "making demands of {o}"),
        ],
    ),
    "Investigate": (
        True,
        [
            ("investigate {o}", "investigated {o}", "investigated", "investigating {o}"),
        ],
    ),
    "fight_with_small_arms_and_light_weapons": (
        False,
        [
            (
                "fight {o} with small arms and light weapons",
                "fought {o} with small arms and light weapons",
                "fought {o} with small arms and light weapons",
                "fighting {o} with small arms and light weapons",
            ),
        ],
    ),
    "Make_optimistic_comment": (
        False,
        [
            (
                "make an optimistic remark about {o}",
                "made an optimistic remark about {o}",
                "made an optimistic remark about {o}",
                "making an optimistic remark about {o}",
            ),
        ],
    ),
    "Discuss_by_telephone": (
        False,
        [
            (
                "talk on the phone with {o}",
                "talked on the phone with {o}",
                "talked on the phone with {o}",
                "talking on the phone with {o}",
            ),
            (
                "have a telephone conversation with {o}",
                "had a telephone conversation with {o}",
                "had a telephone conversation with {o}",
                "having a telephone conversation with {o}",
            ),
        ],
    ),
    "Make_pessimistic_comment": (
        False,
        [
            (
                "make a pessimistic remark about {o}",
                "made a pessimistic remark about {o}",
                "made a pessimistic remark about {o}",
                "making a pessimistic remark about {o}",
            ),
        ],
    ),
    "Threaten": (
        True,
        [
            ("threaten {o}", "threatened {o}", "threatened", "threatening {o}"),
        ],
    ),
    "Abduct,_hijack,_or_take_hostage": (
        False,
        [
            (
                "abduct, hijack or take hostage {o}",
                "abducted, hijacked or took hostage {o}",
                "abducted, hijacked or taken hostage {o}",
                "abducting, hijacking or taking hostage {o}",
            ),
        ],
    ),
    "Meet_at_a_'third'_location": (
        False,
        [
            (
                "meet {o} at a third location",
                "met {o} at a third location",
                "met {o} at a third location",
                "meeting {o} at a third location",
            ),
        ],
    ),
    "Make_empathetic_comment": (
        False,
        [
            (
                "express sympathy for {o}",
                "expressed sympathy for {o}",
                "expressed sympathy for {o}",
                "expressing sympathy for {o}",
            ),
        ],
    ),
    "Provide_humanitarian_aid": (
        False,
        [
            (
                "provide humanitarian aid to {o}",
                "provided humanitarian aid to {o}",
                "provided humanitarian aid to {o}",
                "providing humanitarian aid to {o}",
            ),
        ],
    ),
    "Provide_aid": (
        False,
        [
            ("give aid to {o}", "gave aid to {o}", "given aid to {o}", "giving aid to {o}"),
        ],
    ),
    "Reduce_relations": (
        False,
        [
            (
                "scale back relations with {o}",
                "scaled back relations with {o}",
                "scaled back relations with {o}",
                "scaling back relations with {o}",
            ),
        ],
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        False,
        [
            (
                "impose an embargo, boycott or sanctions on {o}",
                "imposed an embargo, boycott or sanctions on {o}",
                "imposed an embargo, boycott or sanctions on {o}",
                "imposing an embargo, boycott or sanctions on {o}",
            ),
        ],
    ),
    "Bring_lawsuit_against": (
        True,
        [
            ("sue {o}", "sued {o}", "sued", "suing {o}"),
            (
                "bring a lawsuit against {o}",
                "brought a lawsuit against {o}",
                "brought a lawsuit against {o}",
                "bringing a lawsuit against {o}",
            ),
        ],
    ),
    "Physically_assault": (
        True,
        [
            ("physically assault {o}", "physically assaulted {o}", "physically assaulted", "physically assaulting {o}"),
        ],
    ),
    "Cooperate_economically": (
        False,
        [
            (
                "cooperate economically with {o}",
                "cooperated economically with {o}",
                "cooperated economically with {o}",
                "cooperating economically with {o}",
            ),
        ],
    ),
}

# --------------------------------------------------------------------------------------------- entity wording
DEMONYM = {
    "Kenya": "Kenyan",
    "India": "Indian",
    "Germany": "German",
    "France": "French",
    "China": "Chinese",
    "Japan": "Japanese",
    "Russia": "Russian",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Egypt": "Egyptian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Israel": "Israeli",
    "Turkey": "Turkish",
    "Ukraine": "Ukrainian",
    "Afghanistan": "Afghan",
    "Australia": "Australian",
    "Brazil": "Brazilian",
    "Canada": "Canadian",
    "Mexico": "Mexican",
    "Thailand": "Thai",
    "Philippines": "Philippine",
    "Indonesia": "Indonesian",
    "Malaysia": "Malaysian",
    "Bangladesh": "Bangladeshi",
    "Syria": "Syrian",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Greece": "Greek",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Poland": "Polish",
    "Sri Lanka": "Sri Lankan",
    "Nepal": "Nepalese",
    "Vietnam": "Vietnamese",
    "Somalia": "Somali",
    "Libya": "Libyan",
    "Yemen": "Yemeni",
    "Lebanon": "Lebanese",
    "Venezuela": "Venezuelan",
    "Colombia": "Colombian",
    "Argentina": "Argentine",
    "Uganda": "Ugandan",
    "Zimbabwe": "Zimbabwean",
    "Ireland": "Irish",
    "Cambodia": "Cambodian",
    "Taiwan": "Taiwanese",
    "Myanmar": "Myanmar",
}
THE_NAMES = {
    "United States",
    "United Kingdom",
    "Netherlands",
    "Philippines",
    "European Union",
    "United Nations",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "Holy See",
    "United Arab Emirates",
    "UN Security Council",
    "Occupied Palestinian Territory",
    "African Union",
    "Kremlin",
    "Gambia",
    "Bahamas",
    "Islamic Republic of Iran",
    "International Monetary Fund",
    "World Bank",
    "Taliban",
    "Muslim Brotherhood",
    "Red Cross",
    "UN General Assembly",
    "Vatican",
    "Arab League",
    "Republic of Korea",
}
COUNTRIES = set(DEMONYM) | {
    "United States",
    "United Kingdom",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "United Arab Emirates",
    "Saudi Arabia",
    "Qatar",
    "Kuwait",
    "Bahrain",
    "Oman",
    "Jordan",
    "Tunisia",
    "Algeria",
    "Morocco",
    "Sudan",
    "South Sudan",
    "Ethiopia",
    "Eritrea",
    "Tanzania",
    "Rwanda",
    "Burundi",
    "Zambia",
    "Malawi",
    "Mozambique",
    "Botswana",
    "Namibia",
    "Ghana",
    "Senegal",
    "Mali",
    "Niger",
    "Chad",
    "Cameroon",
    "Liberia",
    "Sierra Leone",
    "Guinea",
    "Ivory Coast",
    "Madagascar",
    "Angola",
    "Lesotho",
    "Swaziland",
    "Belgium",
    "Austria",
    "Switzerland",
    "Sweden",
    "Norway",
    "Denmark",
    "Finland",
    "Portugal",
    "Hungary",
    "Romania",
    "Bulgaria",
    "Serbia",
    "Croatia",
    "Slovenia",
    "Slovakia",
    "Albania",
    "Macedonia",
    "Montenegro",
    "Bosnia and Herzegovina",
    "Cyprus",
    "Georgia",
    "Armenia",
    "Azerbaijan",
    "Kazakhstan",
    "Uzbekistan",
    "Kyrgyzstan",
    "Tajikistan",
    "Turkmenistan",
    "Belarus",
    "Moldova",
    "Lithuania",
    "Latvia",
    "Estonia",
    "Mongolia",
    "Laos",
    "Singapore",
    "New Zealand",
    "Fiji",
    "Papua New Guinea",
    "Peru",
    "Chile",
    "Bolivia",
    "Ecuador",
    "Paraguay",
    "Uruguay",
    "Cuba",
    "Haiti",
    "Jamaica",
    "Honduras",
    "Guatemala",
    "Nicaragua",
    "El Salvador",
    "Costa Rica",
    "Panama",
    "Maldives",
    "Bhutan",
    "Iceland",
    "Luxembourg",
    "Malta",
    "Gambia",
    "Mauritania",
    "Djibouti",
    "Gabon",
    "Togo",
    "Benin",
    "Burkina Faso",
    "Zimbabwe",
    "Kosovo",
    "Dominican Republic",
    "Trinidad and Tobago",
    "Brunei",
    "Timor-Leste",
}
ORG_WORDS = (
    "Council",
    "Senate",
    "Command",
    "League",
    "Press",
    "Ministry",
    "Commission",
    "Party",
    "Forces",
    "Army",
    "Navy",
    "Assembly",
    "Association",
    "Organization",
    "Union",
    "Court",
    "Congress",
    "Office",
    "Bank",
    "Department",
    "Agency",
    "Fund",
    "Committee",
    "Front",
    "Movement",
    "Police",
    "Parliament",
    "Coalition",
    "Alliance",
)
# sector -> (plural?, phrase with the country's name, phrase with its demonym or None)
SECTORS: dict[str, tuple[bool, str, str | None]] = {
    "Police": (True, "the police in {c}", "the {d} police"),
    "Citizen": (True, "citizens of {c}", "{d} citizens"),
    "Head of Government": (False, "the head of government of {c}", "the {d} head of government"),
    "Government": (False, "the government of {c}", "the {d} government"),
    "Military": (False, "the military of {c}", "the {d} military"),
    "Foreign Affairs": (False, "the foreign ministry of {c}", "the {d} foreign ministry"),
    "Business": (True, "businesses in {c}", "{d} businesses"),
    "Criminal": (True, "criminals in {c}", None),
    "Media": (False, "the media in {c}", "the {d} media"),
    "Protester": (True, "protesters in {c}", "{d} protesters"),
    "Militant": (True, "militants in {c}", None),
    "Armed Rebel": (True, "armed rebels in {c}", None),
    "Lawyer/Attorney": (True, "lawyers in {c}", "{d} lawyers"),
    "Court Judge": (True, "judges in {c}", "{d} judges"),
    "Member of Parliament": (True, "members of parliament of {c}", "{d} members of parliament"),
    "Legislature": (False, "the legislature of {c}", "the {d} legislature"),
    "Defense / Security Ministry": (False, "the defence ministry of {c}", "the {d} defence ministry"),
    "Cabinet / Council of Ministers / Advisors": (False, "the cabinet of {c}", "the {d} cabinet"),
    "Student": (True, "students in {c}", "{d} students"),
    "Women": (True, "women in {c}", None),
    "Children": (True, "children in {c}", None),
    "Activist": (True, "activists in {c}", "{d} activists"),
    "People Associated with the Opposition": (True, "opposition supporters in {c}", None),
    "Military Personnel": (True, "military personnel of {c}", "{d} military personnel"),
    "Lawmaker": (True, "lawmakers in {c}", "{d} lawmakers"),
    "Health Ministry": (False, "the health ministry of {c}", "the {d} health ministry"),
    "Opposition Activist": (True, "opposition activists in {c}", None),
    "Student Dissident": (True, "student dissidents in {c}", None),
    "Journalist": (True, "journalists in {c}", "{d} journalists"),
}

MONTHS = [calendar.month_name[i] for i in range(13)]
NAMED_DAYS = [
    ("01-01", "New Year's Day"),
    ("02-14", "Valentine's Day"),
    ("03-08", "International Women's Day"),
    ("05-01", "May Day"),
    ("07-04", "the Fourth of July"),
    ("10-31", "Halloween"),
    ("12-24", "Christmas Eve"),
    ("12-25", "Christmas Day"),
    ("12-31", "New Year's Eve"),
]
SEASONS = [  # name, months (all inside one calendar year)
    ("spring", (3, 4, 5), "March, April and May"),
    ("summer", (6, 7, 8), "June, July and August"),
    ("autumn", (9, 10, 11), "September, October and November"),
]


def ent_phrase(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """How a person writes the entity, and whether it is plural; None when we have no natural wording for it."""
    if "(" not in name:
        if any(ch in name for ch in '/\\"[],') or name in ("Africa", "Asia", "Europe", "Middle East", "North America"):
            return None
        words = name.split()
        org = any(w in ORG_WORDS for w in words) and not name.startswith("The ")
        return ("the " + name if name in THE_NAMES or org else name), False
    head, _, rest = name.partition(" (")
    if not rest.endswith(")") or head not in SECTORS or rest[:-1] not in COUNTRIES:
        return None
    country = rest[:-1]
    plural, with_country, with_dem = SECTORS[head]
    c = "the " + country if country in THE_NAMES else country
    if with_dem and country in DEMONYM and rng.random() < 0.5:
        return with_dem.format(d=DEMONYM[country]), plural
    return with_country.format(c=c), plural


def fmt_day(d: date, rng: random.Random) -> str:
    k = rng.randrange(3)
    if k == 0:
        return f"{d.day} {MONTHS[d.month]} {d.year}"
    if k == 1:
        return f"{MONTHS[d.month]} {d.day}, {d.year}"
    return f"the {ordinal(d.day)} of {MONTHS[d.month]} {d.year}"


def ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


# --------------------------------------------------------------------------------------------- the store


@dataclass
class KG:
    quads: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, t in self.quads:
            self.by_ro[(r, o)].append((t, s))
            self.by_sr[(s, r)].append((t, o))
            self.by_sro[(s, r, o)].append(t)


def connect() -> Any:
    import neo4j

    from tkgrag.config import load_settings
    from tkgrag.store.connection import resolve_connection

    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    return driver, settings.neo4j_database


def read_all(session: Any) -> KG:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
    )
    quads = sorted({(r["s"], r["r"], r["o"], r["t"]) for r in rows})
    return KG(quads)


# --------------------------------------------------------------------------------------------- specs and gold


@dataclass(frozen=True)
class Spec:
    """What a question asks, in terms both gold computations read.

    target: "subj" (who did r to o), "obj" (whom did s r) or "time"; level: the time answer's granularity.
    lo/hi: the period (inclusive day strings) unless an anchor sets it: mode "after" (anchor day + 1 .. hi),
    "before" (lo .. anchor day - 1), "same_day", "same_month". agg: "all", "first" or "last".
    """

    target: str
    r: str
    s: str | None
    o: str | None
    lo: str
    hi: str
    agg: str = "all"
    level: str = "day"
    anchor: tuple[str, str, str] | None = None
    mode: str | None = None
    exclude: tuple[str, ...] = ()


def anchor_days(kg: KG, a: tuple[str, str, str]) -> list[str]:
    return kg.by_sro.get(a, [])


def period(kg: KG, sp: Spec) -> tuple[str, str] | None:
    if sp.anchor is None:
        return sp.lo, sp.hi
    days = anchor_days(kg, sp.anchor)
    if len(days) != 1:
        return None
    d = date.fromisoformat(days[0])
    if sp.mode == "after":
        return (d + timedelta(days=1)).isoformat(), sp.hi
    if sp.mode == "before":
        return sp.lo, (d - timedelta(days=1)).isoformat()
    if sp.mode == "same_day":
        return d.isoformat(), d.isoformat()
    if sp.mode == "same_month":
        return date(d.year, d.month, 1).isoformat(), month_end(d.year, d.month).isoformat()
    raise ValueError(sp.mode)


LEVEL_LEN = {"day": 10, "month": 7, "year": 4}


def gold(kg: KG, sp: Spec) -> list[str]:
    """Python gold over the whole store."""
    per = period(kg, sp)
    if per is None:
        return []
    lo, hi = per
    if sp.target == "subj":
        assert sp.o is not None
        rows = [(t, x) for t, x in kg.by_ro.get((sp.r, sp.o), []) if lo <= t <= hi and x not in sp.exclude]
    elif sp.target == "obj":
        assert sp.s is not None
        rows = [(t, x) for t, x in kg.by_sr.get((sp.s, sp.r), []) if lo <= t <= hi and x not in sp.exclude]
    else:
        assert sp.s is not None and sp.o is not None
        rows = [(t, t[: LEVEL_LEN[sp.level]]) for t in kg.by_sro.get((sp.s, sp.r, sp.o), []) if lo <= t <= hi]
    if not rows:
        return []
    if sp.agg == "first":
        m = min(t for t, _ in rows)
        rows = [(t, x) for t, x in rows if t == m]
    elif sp.agg == "last":
        m = max(t for t, _ in rows)
        rows = [(t, x) for t, x in rows if t == m]
    return sorted({x for _, x in rows})


CHECK_ANCHOR = (
    "MATCH (as:Entity)<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity) "
    "WHERE as.name = $as AND ao.name = $ao AND a.relation = $ar AND a.recorded_to IS NULL "
    "WITH collect(toString(a.valid_from)) AS ads WHERE size(ads) = 1 WITH date(ads[0]) AS ad "
    "WITH CASE $mode WHEN 'after' THEN toString(ad + duration({days: 1})) WHEN 'before' THEN $lo "
    "WHEN 'same_day' THEN toString(ad) ELSE toString(date.truncate('month', ad)) END AS lo, "
    "CASE $mode WHEN 'after' THEN $hi WHEN 'before' THEN toString(ad - duration({days: 1})) "
    "WHEN 'same_day' THEN toString(ad) "
    "ELSE toString(date.truncate('month', ad) + duration({months: 1}) - duration({days: 1})) END AS hi "
)


def check_query(sp: Spec) -> tuple[str, dict[str, Any], str]:
    """The second, differently written computation: starts from the fixed entity's node, compares date STRINGS,
    finds and shifts the anchor's date inside Cypher, and does first/last with min/max in Cypher."""
    head = CHECK_ANCHOR if sp.anchor else "WITH $lo AS lo, $hi AS hi "
    if sp.target == "subj":
        body = (
            "MATCH (x:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) WHERE x.name = $o AND e.relation = $r "
            "AND e.recorded_to IS NULL AND NOT y.name IN $exclude "
            "WITH lo, hi, toString(e.valid_from) AS d, y.name AS ans WHERE d >= lo AND d <= hi "
        )
    elif sp.target == "obj":
        body = (
            "MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity) WHERE x.name = $s AND e.relation = $r "
            "AND e.recorded_to IS NULL AND NOT y.name IN $exclude "
            "WITH lo, hi, toString(e.valid_from) AS d, y.name AS ans WHERE d >= lo AND d <= hi "
        )
    else:
        body = (
            "MATCH (x:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) WHERE x.name = $o AND y.name = $s "
            "AND e.relation = $r AND e.recorded_to IS NULL "
            "WITH lo, hi, toString(e.valid_from) AS d WHERE d >= lo AND d <= hi "
            "WITH d, substring(d, 0, $n) AS ans "
        )
    if sp.agg == "all":
        tail = "RETURN DISTINCT ans"
    else:
        pick = "min" if sp.agg == "first" else "max"
        tail = (
            f"WITH collect([d, ans]) AS rows, {pick}(d) AS m UNWIND rows AS row WITH row, m WHERE row[0] = m "
            "RETURN DISTINCT row[1] AS ans"
        )
    params: dict[str, Any] = {
        "lo": sp.lo,
        "hi": sp.hi,
        "r": sp.r,
        "s": sp.s,
        "o": sp.o,
        "exclude": list(sp.exclude),
        "n": LEVEL_LEN[sp.level],
        "mode": sp.mode,
    }
    if sp.anchor:
        params.update({"as": sp.anchor[0], "ar": sp.anchor[1], "ao": sp.anchor[2]})
    what = {"subj": "subjects", "obj": "objects", "time": f"{sp.level}s"}[sp.target]
    how = f"{sp.agg} {what} of ({sp.s or '?'}, {sp.r}, {sp.o or '?'})"
    if sp.anchor:
        how += f", period from the unique anchor ({', '.join(sp.anchor)}) [{sp.mode}]"
    else:
        how += f" in {sp.lo}..{sp.hi}"
    if sp.exclude:
        how += f" excluding {', '.join(sp.exclude)}"
    check = f"Cypher from the fixed entity's side, date strings compared, {how}" + (
        ", min/max in Cypher" if sp.agg != "all" else ""
    )
    return head + body + tail, params, check


# --------------------------------------------------------------------------------------------- constructions


@dataclass
class Ctx:
    kg: KG
    store: str
    lo: str
    hi: str
    years: tuple[int, ...]
    scoped: list[tuple[str, str, str, str]]  # quads inside lo..hi with a known relation wording
    rng: random.Random
    by_day: dict[str, list[tuple[str, str, str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_ent: dict[str, list[tuple[str, str, str, str]]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for x in self.scoped:
            self.by_day[x[3]].append(x)
            self.by_ent[x[0]].append(x)
            if x[2] != x[0]:
                self.by_ent[x[2]].append(x)

    def around(self, a: str, b: str) -> list[tuple[str, str, str, str]]:
        """Scoped events that involve a or b (deduplicated, in store order)."""
        return sorted(set(self.by_ent.get(a, [])) | set(self.by_ent.get(b, [])))


@dataclass
class Draft:
    question: str
    spec: Spec
    qtype: str
    construction: str
    answer_type: str
    time_level: str
    qlabel: str
    extra_ok: Callable[[list[str]], bool] | None = None


def forms(ctx: Ctx, r: str) -> Forms:
    return ctx.rng.choice(RELATIONS[r][1])


def passive_forms(ctx: Ctx, r: str) -> Forms | None:
    """A wording whose past participle reads as a passive ("visited"), None when the relation has none."""
    ok = [f for f in RELATIONS[r][1] if "{o}" not in f[2]] if RELATIONS[r][0] else []
    return ctx.rng.choice(ok) if ok else None


def pick_event(ctx: Ctx) -> tuple[str, str, str, str]:
    return ctx.rng.choice(ctx.scoped)


def year_bounds(y: int) -> tuple[str, str]:
    return f"{y}-01-01", f"{y}-12-31"


def vp(f: Forms, i: int, o: str) -> str:
    return f[i].replace("{o}", o)


def be(plural: bool) -> str:
    return "were" if plural else "was"


def c_day_front(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    d = date.fromisoformat(t)
    q = f"On {fmt_day(d, ctx.rng)}, who {vp(f, 1, op[0])}?"
    return Draft(q, Spec("subj", r, None, o, t, t), "equal", "day_fronted_who", "entity", "day", "Single")


def c_passive_month(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    f = passive_forms(ctx, r)
    op = ent_phrase(o, ctx.rng)
    if op is None or f is None:
        return None
    d = date.fromisoformat(t)
    lo, hi = date(d.year, d.month, 1).isoformat(), month_end(d.year, d.month).isoformat()
    mon = f"{MONTHS[d.month]} {d.year}"
    if ctx.rng.random() < 0.5:
        q = f"By whom {be(op[1])} {op[0]} {f[2]} in {mon}?"
    else:
        q = f"In {mon}, {op[0]} {be(op[1])} {f[2]} by which actors?"
    return Draft(q, Spec("subj", r, None, o, lo, hi), "equal", "passive_month", "entity", "month", "Single")


def c_name_year(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    q = ctx.rng.choice(
        [
            f"Name everyone who {vp(f, 1, op[0])} in {y}.",
            f"List the actors that {vp(f, 1, op[0])} at some point in {y}.",
        ]
    )
    return Draft(q, Spec("subj", r, None, o, lo, hi), "equal", "imperative_name_year", "entity", "year", "Single")


def c_window(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    n = ctx.rng.choice([5, 7, 10, 14])
    start = date.fromisoformat(t) - timedelta(days=ctx.rng.randrange(n))
    end = start + timedelta(days=n - 1)
    if start.isoformat() < ctx.lo or end.isoformat() > ctx.hi:
        return None
    if ctx.rng.random() < 0.5:
        q = (
            f"In the {n} days from {fmt_day(start, ctx.rng)} through {fmt_day(end, ctx.rng)} (both days included), "
            f"who {vp(f, 1, op[0])}?"
        )
    else:
        q = f"Who {vp(f, 1, op[0])} between {fmt_day(start, ctx.rng)} and {fmt_day(end, ctx.rng)}, inclusive?"
    sp = Spec("subj", r, None, o, start.isoformat(), end.isoformat())
    return Draft(q, sp, "equal", "n_day_window", "entity", "day", "Single")


def c_obj_day(ctx: Ctx) -> Draft | None:
    s, r, _o, t = pick_event(ctx)
    sp_ = ent_phrase(s, ctx.rng)
    f = forms(ctx, r)
    if sp_ is None or not f_ends_o(f):
        return None
    d = fmt_day(date.fromisoformat(t), ctx.rng)
    if ctx.rng.random() < 0.5:
        q = f"Tell me whom {sp_[0]} {vp(f, 1, '').strip()} on {d}."
    else:
        q = f"Whom did {sp_[0]} {vp(f, 0, '').strip()} on {d}?"
    return Draft(q, Spec("obj", r, s, None, t, t), "equal", "object_whom_day", "entity", "day", "Single")


def c_quarter(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    d = date.fromisoformat(t)
    qn = (d.month - 1) // 3 + 1
    m1, m3 = 3 * qn - 2, 3 * qn
    lo, hi = date(d.year, m1, 1).isoformat(), month_end(d.year, m3).isoformat()
    nth = ["", "first", "second", "third", "fourth"][qn]
    q = f"Which actors {vp(f, 1, op[0])} in the {nth} quarter of {d.year} ({MONTHS[m1]} to {MONTHS[m3]})?"
    return Draft(q, Spec("subj", r, None, o, lo, hi), "equal", "quarter_parenthetical", "entity", "month", "Single")


def c_season(ctx: Ctx) -> Draft | None:
    s, r, _o, t = pick_event(ctx)
    sp_ = ent_phrase(s, ctx.rng)
    d = date.fromisoformat(t)
    season = next((x for x in SEASONS if d.month in x[1]), None)
    if sp_ is None or season is None or not f_ends_o(RELATIONS[r][1][0]):
        return None
    f = RELATIONS[r][1][0]
    lo, hi = date(d.year, season[1][0], 1).isoformat(), month_end(d.year, season[1][-1]).isoformat()
    q = f"During the {season[0]} of {d.year} ({season[2]}), whom did {sp_[0]} {vp(f, 0, '').strip()}?"
    return Draft(q, Spec("obj", r, s, None, lo, hi), "equal", "season_months_stated", "entity", "month", "Single")


def f_ends_o(f: Forms) -> bool:
    return f[0].endswith("{o}") and f[1].endswith("{o}")


def c_half(ctx: Ctx) -> Draft | None:
    s, r, _o, t = pick_event(ctx)
    f = passive_forms(ctx, r)
    sp_ = ent_phrase(s, ctx.rng)
    if sp_ is None or f is None:
        return None
    d = date.fromisoformat(t)
    first = d.month <= 6
    lo, hi = (f"{d.year}-01-01", f"{d.year}-06-30") if first else (f"{d.year}-07-01", f"{d.year}-12-31")
    half = "first half of {y} (January to June)" if first else "second half of {y} (July to December)"
    q = f"Who got {f[2]} by {sp_[0]} in the {half.format(y=d.year)}?"
    return Draft(q, Spec("obj", r, s, None, lo, hi), "equal", "half_year_passive", "entity", "month", "Single")


def c_named_day(ctx: Ctx) -> Draft | None:
    y = ctx.rng.choice(ctx.years)
    md, name = ctx.rng.choice(NAMED_DAYS)
    t = f"{y}-{md}"
    day_events = ctx.by_day.get(t, [])
    if not day_events:
        return None
    _s, r, o, _ = ctx.rng.choice(day_events)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    spelled = f"{int(md[3:])} {MONTHS[int(md[:2])]}"
    q = f"Who {vp(f, 1, op[0])} on {name} {y} ({spelled})?"
    return Draft(q, Spec("subj", r, None, o, t, t), "equal", "named_day", "entity", "day", "Single")


def c_relative_day(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    d = date.fromisoformat(t)
    after = ctx.rng.random() < 0.5
    ref = d - timedelta(days=1) if after else d + timedelta(days=1)
    if not (ctx.lo <= ref.isoformat() <= ctx.hi):
        return None
    rel = "the day after" if after else "the day before"
    q = f"Which actors {vp(f, 1, op[0])} on {rel} {fmt_day(ref, ctx.rng)}?"
    return Draft(q, Spec("subj", r, None, o, t, t), "equal", "relative_day", "entity", "day", "Single")


def c_week(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    d = date.fromisoformat(t)
    mon = d - timedelta(days=d.weekday())
    sun = mon + timedelta(days=6)
    if mon.isoformat() < ctx.lo or sun.isoformat() > ctx.hi:
        return None
    q = (
        f"In the week that ran from Monday {fmt_day(mon, ctx.rng)} to Sunday {fmt_day(sun, ctx.rng)}, "
        f"who {vp(f, 1, op[0])}?"
    )
    return Draft(
        q, Spec("subj", r, None, o, mon.isoformat(), sun.isoformat()), "equal", "named_week", "entity", "day", "Single"
    )


def c_when_day(ctx: Ctx) -> Draft | None:
    s, r, o, t = pick_event(ctx)
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    if ctx.rng.random() < 0.5:
        q = f"In {y}, on which day did {sp_[0]} {vp(f, 0, op[0])}?"
    else:
        q = f"Give me the date(s) in {y} when {sp_[0]} {vp(f, 1, op[0])}."
    return Draft(
        q, Spec("time", r, s, o, lo, hi, level="day"), "equal", "when_day_year_scoped", "time", "day", "Single"
    )


def c_month_saw(ctx: Ctx) -> Draft | None:
    s, r, o, t = pick_event(ctx)
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    q = f"Which month of {y} saw {sp_[0]} {vp(f, 3, op[0])}?"
    return Draft(
        q, Spec("time", r, s, o, lo, hi, level="month"), "equal", "time_as_subject_month", "time", "month", "Single"
    )


def c_year_which(ctx: Ctx) -> Draft | None:
    if len(ctx.years) < 2:
        return None
    s, r, o, _t = pick_event(ctx)
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    q = f"{cap(sp_[0])} {vp(f, 1, op[0])} in one of the years 2014 and 2015; which year was it?"
    return Draft(
        q,
        Spec("time", r, s, o, ctx.lo, ctx.hi, level="year"),
        "equal",
        "which_year_of_two",
        "time",
        "year",
        "Single",
        extra_ok=lambda g: len(g) == 1,
    )


def _no_event_on(ctx: Ctx, r: str, o: str, day: str) -> bool:
    return all(t != day for t, _ in ctx.kg.by_ro.get((r, o), []))


def c_after_date(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    ref = date.fromisoformat(t) - timedelta(days=ctx.rng.randrange(1, 40))
    if ref.isoformat() < ctx.lo or not _no_event_on(ctx, r, o, ref.isoformat()):
        return None
    lo = (ref + timedelta(days=1)).isoformat()
    q = f"Who {vp(f, 1, op[0])} after {fmt_day(ref, ctx.rng)}?"
    return Draft(q, Spec("subj", r, None, o, lo, ctx.hi), "before_after", "after_date", "entity", "day", "Single")


def c_before_date(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    d = date.fromisoformat(t)
    ref = d + timedelta(days=ctx.rng.randrange(1, 40))
    if ref.year != d.year or not _no_event_on(ctx, r, o, ref.isoformat()):
        return None
    lo = f"{d.year}-01-01"
    hi = (ref - timedelta(days=1)).isoformat()
    q = f"In {d.year}, before {ref.day} {MONTHS[ref.month]}, who had {_active_pp(f, op[0])}?"
    return Draft(
        q, Spec("subj", r, None, o, lo, hi), "before_after", "before_date_year_scoped", "entity", "day", "Single"
    )


def _active_pp(f: Forms, o: str) -> str:
    return vp(f, 2, o) if "{o}" in f[2] else f"{f[2]} {o}"


def _anchor(ctx: Ctx, other_rel: bool = False) -> tuple[tuple[str, str, str], str, str] | None:
    """A unique anchor event inside the period and its wording ("X visited Y")."""
    s, r, o, t = pick_event(ctx)
    if len(ctx.kg.by_sro[(s, r, o)]) != 1:
        return None
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    return (s, r, o), t, f"{sp_[0]} {vp(f, 1, op[0])}"


def c_after_event(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, words = a
    # the asked relation/object: one that happens after the anchor
    later = [x for x in ctx.around(as_, ao) if x[3] > at]
    if not later:
        return None
    _s, r, o, _t = ctx.rng.choice(later)
    op = ent_phrase(o, ctx.rng)
    if op is None or not _no_event_on(ctx, r, o, at):
        return None
    f = forms(ctx, r)
    if ctx.rng.random() < 0.5:
        q = f"After {words}, who {vp(f, 1, op[0])}?"
    else:
        q = f"Which actors {vp(f, 1, op[0])} at any time after {words}?"
    sp = Spec("subj", r, None, o, ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode="after")
    return Draft(q, sp, "before_after", "after_event", "entity", "day", "Multiple")


def c_before_event(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, words = a
    y = int(at[:4])
    earlier = [x for x in ctx.around(as_, ao) if f"{y}-01-01" <= x[3] < at]
    if not earlier:
        return None
    _s, r, o, _t = ctx.rng.choice(earlier)
    op = ent_phrase(o, ctx.rng)
    if op is None or not _no_event_on(ctx, r, o, at):
        return None
    f = forms(ctx, r)
    q = f"Earlier in {y}, before {words}, who had {_active_pp(f, op[0])}?"
    sp = Spec("subj", r, None, o, f"{y}-01-01", ctx.hi, anchor=(as_, ar, ao), mode="before")
    return Draft(q, sp, "before_after", "before_event_year_scoped", "entity", "day", "Multiple")


def _scope_words(ctx: Ctx, y: int) -> str:
    if ctx.store == "bench" and ctx.rng.random() < 0.5:
        return ""
    return f" in {y}"


def c_first_who(ctx: Ctx) -> Draft | None:
    _s, r, o, t = pick_event(ctx)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    sc = _scope_words(ctx, y)
    q = ctx.rng.choice(
        [
            f"Who was the first to {vp(f, 0, op[0])}{sc}?",
            f"{cap(sc.strip()) + ', w' if sc else 'W'}ho {vp(f, 1, op[0])} first?",
        ]
    )
    return Draft(q, Spec("subj", r, None, o, lo, hi, agg="first"), "first_last", "first_who", "entity", "day", "Single")


def c_last_whom(ctx: Ctx) -> Draft | None:
    s, r, _o, t = pick_event(ctx)
    sp_ = ent_phrase(s, ctx.rng)
    f = passive_forms(ctx, r)
    if sp_ is None or f is None:
        return None
    y = int(t[:4])
    lo, hi = year_bounds(y)
    sc = _scope_words(ctx, y)
    q = f"Who was the last one {f[2]} by {sp_[0]}{sc}?"
    return Draft(
        q, Spec("obj", r, s, None, lo, hi, agg="last"), "first_last", "last_whom_passive", "entity", "day", "Single"
    )


def c_first_time_day(ctx: Ctx) -> Draft | None:
    s, r, o, t = pick_event(ctx)
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    last = ctx.rng.random() < 0.4
    if last:
        q = f"What was the last date in {y} on which {sp_[0]} {vp(f, 1, op[0])}?"
    else:
        q = f"When did {sp_[0]} first {vp(f, 0, op[0])} in {y}?"
    sp = Spec("time", r, s, o, lo, hi, agg="last" if last else "first", level="day")
    return Draft(q, sp, "first_last", "first_last_time_day", "time", "day", "Single")


def c_first_time_month(ctx: Ctx) -> Draft | None:
    s, r, o, t = pick_event(ctx)
    sp_, op = ent_phrase(s, ctx.rng), ent_phrase(o, ctx.rng)
    if sp_ is None or op is None:
        return None
    f = forms(ctx, r)
    y = int(t[:4])
    lo, hi = year_bounds(y)
    if ctx.rng.random() < 0.5:
        q = f"In which month of {y} did {sp_[0]} {vp(f, 0, op[0])} for the first time?"
        agg = "first"
    else:
        q = f"Which month saw {sp_[0]} {vp(f, 3, op[0])} for the last time in {y}?"
        agg = "last"
    return Draft(
        q,
        Spec("time", r, s, o, lo, hi, agg=agg, level="month"),
        "first_last",
        "first_last_time_month",
        "time",
        "month",
        "Single",
    )


def c_after_first(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, _words = a
    f = forms(ctx, ar)
    op = ent_phrase(ao, ctx.rng)
    sp_ = ent_phrase(as_, ctx.rng)
    if op is None or sp_ is None:
        return None
    # nobody else on the anchor's day and the anchor's subject not among the next ones: "next" is then clear
    if any(t == at and x != as_ for t, x in ctx.kg.by_ro[(ar, ao)]):
        return None
    sp = Spec("subj", ar, None, ao, ctx.lo, ctx.hi, agg="first", anchor=(as_, ar, ao), mode="after")
    if ctx.rng.random() < 0.5:
        q = f"After {sp_[0]} {vp(f, 1, op[0])}, who was the next to do so?"
    else:
        q = f"Who was next to {vp(f, 0, op[0])} after {sp_[0]} had done it?"
    return Draft(q, sp, "after_first", "next_after_event", "entity", "day", "Multiple", extra_ok=lambda g: as_ not in g)


def c_before_last(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, _words = a
    f = forms(ctx, ar)
    op = ent_phrase(ao, ctx.rng)
    sp_ = ent_phrase(as_, ctx.rng)
    if op is None or sp_ is None:
        return None
    if any(t == at and x != as_ for t, x in ctx.kg.by_ro[(ar, ao)]):
        return None
    y = int(at[:4])
    sp = Spec("subj", ar, None, ao, f"{y}-01-01", ctx.hi, agg="last", anchor=(as_, ar, ao), mode="before")
    q = f"Who had last {_active_pp(f, op[0])} before {sp_[0]} did so, counting only {y}?"
    return Draft(
        q,
        sp,
        "before_last",
        "last_before_event_year_scoped",
        "entity",
        "day",
        "Multiple",
        extra_ok=lambda g: as_ not in g,
    )


def c_same_month(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, words = a
    m = at[:7]
    near = [x for x in ctx.around(as_, ao) if x[3][:7] == m and x[1] != ar]
    if not near:
        return None
    _s, r, o, _t = ctx.rng.choice(near)
    op = ent_phrase(o, ctx.rng)
    if op is None:
        return None
    f = forms(ctx, r)
    q = f"Who {vp(f, 1, op[0])} in the same month as {words}?"
    sp = Spec("subj", r, None, o, ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode="same_month")
    return Draft(q, sp, "equal_multi", "same_month_other_relation", "entity", "month", "Multiple")


def c_else_ellipsis(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), _at, words = a
    mode = ctx.rng.choice(["same_day", "same_month"])
    when = "on that same day" if mode == "same_day" else "in that same month"
    q = f"{cap(words)} once. Who else did so {when}?"
    sp = Spec("subj", ar, None, ao, ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode=mode, exclude=(as_,))
    return Draft(
        q, sp, "equal_multi", "ellipsis_who_else", "entity", "day" if mode == "same_day" else "month", "Multiple"
    )


def c_same_day_obj(ctx: Ctx) -> Draft | None:
    a = _anchor(ctx)
    if a is None:
        return None
    (as_, ar, ao), at, words = a
    near = [x for x in ctx.by_day.get(at, []) if x[0] in (as_, ao) and x[1] != ar]
    if not near:
        return None
    s, r, _o, _t = ctx.rng.choice(near)
    sp_ = ent_phrase(s, ctx.rng)
    f = RELATIONS[r][1][0]
    if sp_ is None or not f_ends_o(f):
        return None
    q = f"On the day {words}, whom did {sp_[0]} {vp(f, 0, '').strip()}?"
    sp = Spec("obj", r, s, None, ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode="same_day")
    return Draft(q, sp, "equal_multi", "same_day_object_relative_clause", "entity", "day", "Multiple")


CONSTRUCTIONS: list[tuple[str, Callable[[Ctx], Draft | None], int, int]] = [
    # name, builder, quota mtq, quota bench
    ("day_fronted_who", c_day_front, 5, 4),
    ("passive_month", c_passive_month, 4, 3),
    ("imperative_name_year", c_name_year, 4, 2),
    ("n_day_window", c_window, 5, 3),
    ("object_whom_day", c_obj_day, 4, 3),
    ("quarter_parenthetical", c_quarter, 3, 2),
    ("season_months_stated", c_season, 3, 2),
    ("half_year_passive", c_half, 3, 2),
    ("named_day", c_named_day, 3, 2),
    ("relative_day", c_relative_day, 3, 2),
    ("named_week", c_week, 3, 2),
    ("when_day_year_scoped", c_when_day, 4, 3),
    ("time_as_subject_month", c_month_saw, 4, 3),
    ("which_year_of_two", c_year_which, 3, 0),
    ("after_date", c_after_date, 4, 3),
    ("before_date_year_scoped", c_before_date, 4, 3),
    ("after_event", c_after_event, 4, 3),
    ("before_event_year_scoped", c_before_event, 4, 3),
    ("first_who", c_first_who, 4, 3),
    ("last_whom_passive", c_last_whom, 3, 2),
    ("first_last_time_day", c_first_time_day, 4, 3),
    ("first_last_time_month", c_first_time_month, 4, 3),
    ("next_after_event", c_after_first, 5, 4),
    ("last_before_event_year_scoped", c_before_last, 5, 4),
    ("same_month_other_relation", c_same_month, 4, 3),
    ("ellipsis_who_else", c_else_ellipsis, 4, 2),
    ("same_day_object_relative_clause", c_same_day_obj, 3, 3),
]


def generate(store: str, out: Path) -> dict[str, Any]:
    import neo4j

    cfg = STORES[store]
    rng = random.Random(SEED)
    driver, database = connect()
    with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session:
        kg = read_all(session)
        scoped = [x for x in kg.quads if cfg["lo"] <= x[3] <= cfg["hi"] and x[1] in RELATIONS]
        ctx = Ctx(kg, store, cfg["lo"], cfg["hi"], cfg["years"], scoped, rng)
        drafts: list[tuple[Draft, list[str]]] = []
        seen: set[str] = set()
        rel_used: dict[str, int] = defaultdict(int)
        for _name, build, q_mtq, q_bench in CONSTRUCTIONS:
            quota = q_mtq if store == "mtq" else q_bench
            got, tries = 0, 0
            while got < quota and tries < 4000:
                tries += 1
                d = build(ctx)
                if d is None or d.question in seen:
                    continue
                # spread the relations: a relation already used often is accepted less readily
                if rel_used[d.spec.r] >= 3 and rng.random() < 0.8:
                    continue
                g = gold(kg, d.spec)
                if not (1 <= len(g) <= 5) or (d.extra_ok is not None and not d.extra_ok(g)):
                    continue
                seen.add(d.question)
                rel_used[d.spec.r] += 1
                drafts.append((d, g))
                got += 1
        records: list[dict[str, Any]] = []
        agree = 0
        for d, g in drafts:
            query, params, check = check_query(d.spec)
            g2 = sorted({r["ans"] for r in session.run(query, params)})
            ok = g2 == g
            agree += ok
            if not ok:
                print(f"disagreement dropped: {d.construction}: {g} vs {g2}", file=sys.stderr)
                continue
            qid = f"{cfg['prefix']}{len(records) + 1:03d}"
            records.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": d.question,
                    "answers": g,
                    "answer_type": d.answer_type,
                    "time_level": d.time_level,
                    "qtype": d.qtype,
                    "qlabel": d.qlabel,
                    "evidence": [],
                    "construction": d.construction,
                    "store": store,
                    "check": check,
                    "check_agrees": ok,
                }
            )
    driver.close()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return {
        "drafted": len(drafts),
        "agree": agree,
        "written": len(records),
        "relations": sum(1 for v in rel_used.values() if v),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    print(json.dumps(generate(args.store, args.out)))


if __name__ == "__main__":
    main()
