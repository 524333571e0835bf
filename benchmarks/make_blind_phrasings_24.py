"""Blind held-out set 24: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, partial) and ``bench`` (ICEWS14)
stores, phrased in constructions the reader was never tuned on, with gold answers computed from the store.

Gold comes from one Cypher read of every (subject, relation, object, day) per store, computed in Python; a second,
differently written Cypher query per question (matched from the fixed entity, dates compared as strings, anchors
found and counted in Cypher, first/last aggregated in Cypher) recomputes it, and a question whose two answers differ
is dropped. Deterministic (seed 20261224): a rerun writes byte-identical files.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/make_blind_phrasings_24.py --out <dir>

mtq is complete only from 2013-11-18, so every question there is scoped to 2014-01-01..2015-12-31 by its wording
("first in 2015", "in 2014, before ..."); "last" and "after" run to the store's end (2015-12-31).
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261224
Fact = tuple[str, str, str, str]  # (day, subject, relation, object)
ONE = dt.timedelta(days=1)

STORES: dict[str, dict[str, Any]] = {
    "mtq": {
        "env": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
        "prefix": "b24m",
        "file": "blind_mtq.jsonl",
        "lo": "2014-01-01",
        "hi": "2015-12-31",
        "plan": {"equal": 30, "before_after": 13, "first_last": 17, "after_first": 12, "before_last": 11,
                 "equal_multi": 17},
    },
    "bench": {
        "env": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
        "prefix": "b24i",
        "file": "blind_icews14.jsonl",
        "lo": "2014-01-01",
        "hi": "2014-12-31",
        "plan": {"equal": 21, "before_after": 9, "first_last": 12, "after_first": 8, "before_last": 8,
                 "equal_multi": 12},
    },
}  # fmt: skip
MULTIPLE = {"equal_multi", "after_first", "before_last"}


# ------------------------------------------------------------------------------------------------ relation words
@dataclass(frozen=True)
class Rel:
    past: tuple[str, ...]  # "{o}" is the object
    base: tuple[str, ...]
    passive: tuple[str, ...] = ()  # "{o} was ___ by ..."
    recv: tuple[str, ...] = ()  # "{o} received ___ from whom"
    noun: tuple[str, ...] = ()  # anchor as a noun phrase, "{s}" and "{o}"


LEX: dict[str, Rel] = {
    "Make_statement": Rel(
        ("made a statement about {o}", "issued a statement concerning {o}", "commented publicly on {o}"),
        ("make a statement about {o}", "issue a statement concerning {o}", "comment publicly on {o}"),
        noun=("the statement {s} made about {o}",),
    ),
    "Consult": Rel(
        ("consulted {o}", "held consultations with {o}", "conferred with {o}"),
        ("consult {o}", "hold consultations with {o}", "confer with {o}"),
        ("consulted",), ("a consultation",), ("the consultation {s} held with {o}",),
    ),
    "Make_an_appeal_or_request": Rel(
        ("made an appeal to {o}", "appealed to {o}", "put a request to {o}"),
        ("make an appeal to {o}", "appeal to {o}", "put a request to {o}"),
        ("appealed to",), ("an appeal", "a request"), ("the appeal {s} made to {o}",),
    ),
    "Express_intent_to_meet_or_negotiate": Rel(
        ("expressed a wish to meet or negotiate with {o}", "signalled willingness to hold talks with {o}",
         "expressed an intention to meet {o}"),
        ("express a wish to meet or negotiate with {o}", "signal willingness to hold talks with {o}",
         "express an intention to meet {o}"),
        noun=("the offer of talks {s} made to {o}",),
    ),
    "Make_a_visit": Rel(
        ("visited {o}", "paid a visit to {o}", "went on a visit to {o}"),
        ("visit {o}", "pay a visit to {o}", "go on a visit to {o}"),
        ("visited",), ("a visit",), ("the visit {s} paid to {o}", "the trip {s} made to {o}"),
    ),
    "Host_a_visit": Rel(
        ("hosted {o}", "received {o} as a visitor", "played host to {o}"),
        ("host {o}", "receive {o} as a visitor", "play host to {o}"),
        ("hosted",), (), ("the visit of {o} hosted by {s}",),
    ),
    "Arrest,_detain,_or_charge_with_legal_action": Rel(
        ("arrested, detained or charged {o}", "detained or brought charges against {o}",
         "took legal action against {o} by arrest, detention or charges"),
        ("arrest, detain or charge {o}", "detain or bring charges against {o}"),
        ("arrested, detained or charged", "taken into custody or charged"), (),
        ("the arrest or charging of {o} by {s}",),
    ),
    "Praise_or_endorse": Rel(
        ("praised {o}", "endorsed {o}", "spoke approvingly of {o}"),
        ("praise {o}", "endorse {o}", "speak approvingly of {o}"),
        ("praised", "endorsed"), ("praise", "an endorsement"), ("the praise {s} gave {o}",),
    ),
    "Criticize_or_denounce": Rel(
        ("criticized {o}", "denounced {o}", "spoke out against {o}"),
        ("criticize {o}", "denounce {o}", "speak out against {o}"),
        ("criticized", "denounced"), ("criticism",), ("the criticism of {o} by {s}", "the denunciation of {o} by {s}"),
    ),
    "Accuse": Rel(
        ("accused {o}", "levelled accusations at {o}", "made allegations against {o}"),
        ("accuse {o}", "level accusations at {o}", "make allegations against {o}"),
        ("accused",), ("an accusation",), ("the accusation {s} made against {o}",),
    ),
    "Use_unconventional_violence": Rel(
        ("used unconventional violence against {o}", "carried out irregular violent attacks on {o}"),
        ("use unconventional violence against {o}", "carry out irregular violent attacks on {o}"),
        ("targeted with unconventional violence",),
    ),
    "Use_conventional_military_force": Rel(
        ("used conventional military force against {o}", "attacked {o} with regular military force"),
        ("use conventional military force against {o}", "attack {o} with regular military force"),
        ("attacked with conventional military force",),
    ),
    "Engage_in_negotiation": Rel(
        ("negotiated with {o}", "held negotiations with {o}", "sat down to negotiate with {o}"),
        ("negotiate with {o}", "hold negotiations with {o}", "sit down to negotiate with {o}"),
        noun=("the negotiations {s} held with {o}",),
    ),
    "Express_intent_to_cooperate": Rel(
        ("expressed an intention to cooperate with {o}", "voiced willingness to work with {o}",
         "declared readiness to cooperate with {o}"),
        ("express an intention to cooperate with {o}", "voice willingness to work with {o}"),
        noun=("the pledge of cooperation {s} made to {o}",),
    ),
    "Demand": Rel(
        ("made demands of {o}", "issued a demand to {o}", "put demands to {o}"),
        ("make demands of {o}", "issue a demand to {o}", "put demands to {o}"),
        (), ("a demand",), ("the demand {s} put to {o}",),
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": Rel(
        ("expressed an intent to engage in diplomatic cooperation with {o}",
         "signalled an interest in diplomatic cooperation (such as policy support) with {o}"),
        ("express an intent to engage in diplomatic cooperation with {o}",
         "signal an interest in diplomatic cooperation with {o}"),
    ),
    "Engage_in_diplomatic_cooperation": Rel(
        ("engaged in diplomatic cooperation with {o}", "cooperated diplomatically with {o}"),
        ("engage in diplomatic cooperation with {o}", "cooperate diplomatically with {o}"),
        noun=("the diplomatic cooperation {s} engaged in with {o}",),
    ),
    "Sign_formal_agreement": Rel(
        ("signed a formal agreement with {o}", "put pen to paper on a formal agreement with {o}",
         "concluded a formal agreement with {o}"),
        ("sign a formal agreement with {o}", "conclude a formal agreement with {o}"),
        noun=("the formal agreement {s} signed with {o}",),
    ),
    "Investigate": Rel(
        ("investigated {o}", "opened an investigation into {o}", "probed {o}"),
        ("investigate {o}", "open an investigation into {o}", "probe {o}"),
        ("investigated", "probed"), (), ("the investigation of {o} by {s}",),
    ),
    "Discuss_by_telephone": Rel(
        ("spoke by telephone with {o}", "had a phone conversation with {o}", "talked with {o} on the phone"),
        ("speak by telephone with {o}", "have a phone conversation with {o}", "talk with {o} on the phone"),
        (), ("a phone call",), ("the phone call {s} made to {o}",),
    ),
    "Reject": Rel(
        ("rejected {o}", "rebuffed {o}", "turned down {o}"),
        ("reject {o}", "rebuff {o}", "turn down {o}"),
        ("rejected", "rebuffed"), ("a rejection", "a rebuff"),
    ),
    "Make_optimistic_comment": Rel(
        ("made optimistic comments about {o}", "sounded upbeat about {o}", "spoke optimistically about {o}"),
        ("make optimistic comments about {o}", "sound upbeat about {o}", "speak optimistically about {o}"),
    ),
    "Threaten": Rel(
        ("threatened {o}", "issued threats against {o}", "made threats towards {o}"),
        ("threaten {o}", "issue threats against {o}", "make threats towards {o}"),
        ("threatened",), ("a threat",), ("the threat {s} made against {o}",),
    ),
    "Make_pessimistic_comment": Rel(
        ("made pessimistic comments about {o}", "sounded gloomy about {o}", "spoke pessimistically about {o}"),
        ("make pessimistic comments about {o}", "sound gloomy about {o}", "speak pessimistically about {o}"),
    ),
    "Meet_at_a_'third'_location": Rel(
        ("met {o} at a third location", "met with {o} at a third, neutral location"),
        ("meet {o} at a third location", "meet with {o} at a third location"),
        noun=("the meeting {s} held with {o} at a third location",),
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": Rel(
        ("appealed to {o} for diplomatic cooperation", "called on {o} for diplomatic cooperation or policy support"),
        ("appeal to {o} for diplomatic cooperation", "call on {o} for diplomatic cooperation or policy support"),
    ),
    "Provide_humanitarian_aid": Rel(
        ("provided humanitarian aid to {o}", "sent humanitarian assistance to {o}"),
        ("provide humanitarian aid to {o}", "send humanitarian assistance to {o}"),
        ("given humanitarian aid",), ("humanitarian aid",),
    ),
    "Make_empathetic_comment": Rel(
        ("made empathetic comments about {o}", "expressed sympathy for {o}"),
        ("make empathetic comments about {o}", "express sympathy for {o}"),
        (), ("words of sympathy",),
    ),
    "Provide_aid": Rel(
        ("provided aid to {o}", "gave assistance to {o}"),
        ("provide aid to {o}", "give assistance to {o}"),
        ("given aid",), ("aid",),
    ),
    "Impose_administrative_sanctions": Rel(
        ("imposed administrative sanctions on {o}", "slapped administrative sanctions on {o}"),
        ("impose administrative sanctions on {o}",),
        ("hit with administrative sanctions",),
    ),
    "Bring_lawsuit_against": Rel(
        ("brought a lawsuit against {o}", "sued {o}", "took {o} to court"),
        ("bring a lawsuit against {o}", "sue {o}", "take {o} to court"),
        ("sued",), ("a lawsuit",), ("the lawsuit {s} brought against {o}",),
    ),
    "Physically_assault": Rel(
        ("physically assaulted {o}", "attacked {o} physically"),
        ("physically assault {o}", "attack {o} physically"),
        ("physically assaulted",),
    ),
    "Complain_officially": Rel(
        ("complained officially about {o}", "lodged an official complaint about {o}"),
        ("complain officially about {o}", "lodge an official complaint about {o}"),
        (), ("an official complaint",),
    ),
    "Express_accord": Rel(
        ("expressed agreement with {o}", "voiced accord with {o}"),
        ("express agreement with {o}", "voice accord with {o}"),
    ),
    "Cooperate_economically": Rel(
        ("cooperated economically with {o}", "worked together economically with {o}"),
        ("cooperate economically with {o}", "work together economically with {o}"),
    ),
    "Reduce_or_break_diplomatic_relations": Rel(
        ("reduced or broke off diplomatic relations with {o}", "cut diplomatic ties with {o}"),
        ("reduce or break off diplomatic relations with {o}",),
    ),
    "Abduct,_hijack,_or_take_hostage": Rel(
        ("abducted, hijacked or took hostage {o}", "kidnapped or took {o} hostage"),
        ("abduct, hijack or take hostage {o}",),
        ("abducted or taken hostage",),
    ),
    "Provide_military_aid": Rel(
        ("provided military aid to {o}", "gave military assistance to {o}"),
        ("provide military aid to {o}", "give military assistance to {o}"),
        ("given military aid",), ("military aid",),
    ),
    "Impose_embargo,_boycott,_or_sanctions": Rel(
        ("imposed an embargo, boycott or sanctions on {o}", "put sanctions, an embargo or a boycott on {o}"),
        ("impose an embargo, boycott or sanctions on {o}",),
        ("placed under an embargo, boycott or sanctions",),
    ),
}  # fmt: skip

# ----------------------------------------------------------------------------------------------- entity words
DEMONYM = {
    "Nigeria": "Nigerian", "India": "Indian", "Kenya": "Kenyan", "Australia": "Australian", "United States": "US",
    "Thailand": "Thai", "Philippines": "Philippine", "Afghanistan": "Afghan", "Ukraine": "Ukrainian",
    "Egypt": "Egyptian", "Russia": "Russian", "South Korea": "South Korean", "Pakistan": "Pakistani",
    "South Africa": "South African", "Syria": "Syrian", "Yemen": "Yemeni", "United Kingdom": "British",
    "China": "Chinese", "Iraq": "Iraqi", "Iran": "Iranian", "Turkey": "Turkish", "Indonesia": "Indonesian",
    "Argentina": "Argentine", "Venezuela": "Venezuelan", "Sudan": "Sudanese", "Lebanon": "Lebanese",
    "Mexico": "Mexican", "Malaysia": "Malaysian", "Greece": "Greek", "Tanzania": "Tanzanian", "Brazil": "Brazilian",
    "France": "French", "Israel": "Israeli", "Namibia": "Namibian", "Japan": "Japanese", "Canada": "Canadian",
    "Angola": "Angolan", "Saudi Arabia": "Saudi", "Germany": "German", "Libya": "Libyan",
    "Bangladesh": "Bangladeshi", "Zambia": "Zambian", "Croatia": "Croatian", "Somalia": "Somali",
    "Jordan": "Jordanian", "Romania": "Romanian", "Bahrain": "Bahraini", "Italy": "Italian", "Uganda": "Ugandan",
    "Mali": "Malian", "Belgium": "Belgian", "Bulgaria": "Bulgarian", "South Sudan": "South Sudanese",
    "Latvia": "Latvian", "North Korea": "North Korean", "Vietnam": "Vietnamese", "Singapore": "Singaporean",
    "Sri Lanka": "Sri Lankan", "Colombia": "Colombian", "Ethiopia": "Ethiopian", "Taiwan": "Taiwanese",
    "Peru": "Peruvian", "Poland": "Polish", "Zimbabwe": "Zimbabwean", "Spain": "Spanish", "Qatar": "Qatari",
    "Ghana": "Ghanaian", "Nepal": "Nepalese", "Kuwait": "Kuwaiti", "Austria": "Austrian", "Cambodia": "Cambodian",
    "Liberia": "Liberian", "Senegal": "Senegalese", "Chile": "Chilean", "Hungary": "Hungarian",
    "Serbia": "Serbian", "Ireland": "Irish", "Sweden": "Swedish", "Norway": "Norwegian", "Denmark": "Danish",
    "Cuba": "Cuban", "Morocco": "Moroccan", "Tunisia": "Tunisian", "Algeria": "Algerian", "Rwanda": "Rwandan",
    "Burundi": "Burundian", "Malawi": "Malawian", "Mozambique": "Mozambican", "Botswana": "Botswanan",
    "Cameroon": "Cameroonian", "Haiti": "Haitian", "Bolivia": "Bolivian", "Ecuador": "Ecuadorian",
}  # fmt: skip
OF_ONLY = {"Czech Republic", "United Arab Emirates", "Kyrgyzstan", "Mauritania", "Myanmar", "Belarus", "Slovakia",
           "Lithuania", "Azerbaijan", "Hong Kong", "New Zealand", "Netherlands", "Switzerland", "Oman",
           "Fiji"}  # fmt: skip
THE_COUNTRIES = {"United States", "United Kingdom", "Philippines", "Czech Republic", "United Arab Emirates",
                 "Netherlands", "Central African Republic", "Democratic Republic of Congo", "Holy See",
                 "European Union", "United Nations", "Vatican City"}  # fmt: skip
# sector -> (phrasings with {adj} (skipped without a demonym) or {c}, plural?)
SECTORS: dict[str, tuple[tuple[str, ...], bool]] = {
    "Citizen": (("{adj} citizens", "citizens of {c}", "ordinary people in {c}"), True),
    "Police": (("the {adj} police", "police in {c}", "the police of {c}"), True),
    "Government": (("the {adj} government", "the government of {c}"), False),
    "Head of Government": (("the {adj} head of government", "the head of government of {c}"), False),
    "Foreign Affairs": (("the {adj} foreign affairs ministry", "the foreign affairs ministry of {c}"), False),
    "Military": (("the {adj} military", "the armed forces of {c}"), False),
    "Protester": (("{adj} protesters", "protesters in {c}"), True),
    "Court Judge": (("a {adj} court judge", "a court judge in {c}"), False),
    "Lawyer/Attorney": (("{adj} lawyers", "lawyers in {c}"), True),
    "Criminal": (("criminals in {c}",), True),
    "Militant": (("militants in {c}",), True),
    "Media": (("the {adj} media", "the media in {c}"), False),
    "Men": (("men in {c}",), True),
    "Women": (("women in {c}",), True),
    "Children": (("children in {c}",), True),
    "Member of Parliament": (("{adj} members of parliament", "members of parliament in {c}"), True),
    "Armed Rebel": (("armed rebels in {c}",), True),
    "Legislature": (("the {adj} legislature", "the legislature of {c}"), False),
    "Business": (("businesses in {c}",), True),
    "Cabinet / Council of Ministers / Advisors": (("the {adj} cabinet", "the cabinet of {c}"), False),
    "Defense / Security Ministry": (("the {adj} defence ministry", "the defence ministry of {c}"), False),
    "Election Commission": (("the {adj} election commission", "the election commission of {c}"), False),
    "Student": (("students in {c}", "{adj} students"), True),
    "Military Personnel": (("{adj} military personnel", "military personnel of {c}"), True),
    "Other Authorities / Officials": (("{adj} officials", "officials in {c}"), True),
    "Employee": (("employees in {c}",), True),
    "Terrorist": (("terrorists in {c}",), True),
    "Party Member": (("party members in {c}",), True),
    "Medical Personnel": (("medical staff in {c}",), True),
    "Armed Gang": (("armed gangs in {c}",), True),
    "Ministry": (("a {adj} government ministry", "a ministry in {c}"), False),
    "Governor": (("a {adj} governor", "a governor in {c}"), False),
}  # fmt: skip
ORG_WORDS = {"Union", "Council", "Nations", "Organization", "Commission", "Parliament", "Court", "Party", "Army",
             "Bank", "Ministry", "Forces", "Front", "Movement", "Agency", "Committee", "Assembly", "Brotherhood",
             "Fund", "Office", "Department", "Alliance", "Federation", "Congress", "Republic", "Police",
             "Navy"}  # fmt: skip
ORG_FIRST = {"UN", "NATO", "Department", "Office", "Ministry", "High", "Independent", "National", "Central",
             "Supreme", "International", "European", "Islamic", "Associated", "Reserve", "Rapid", "Inter-Services",
             "Federal", "Royal", "State", "World", "African", "Arab", "Democratic", "People's"}  # fmt: skip
NAME_RE = re.compile(r"^[A-Z][A-Za-z.'\- ]{1,40}$")
SECTOR_RE = re.compile(r"^(.+) \(([^()]+)\)$")


def country_text(c: str) -> str:
    return f"the {c}" if c in THE_COUNTRIES else c


def entity_forms(name: str) -> tuple[list[str], bool] | None:
    """How a person would name the entity (several ways) and whether it takes a plural verb; None: not askable."""
    m = SECTOR_RE.match(name)
    if m:
        sector, c = m.groups()
        if sector not in SECTORS or (c not in DEMONYM and c not in OF_ONLY):
            return None
        forms, plural = SECTORS[sector]
        adj = DEMONYM.get(c)
        out = [f.format(adj=adj, c=country_text(c)) for f in forms if adj or "{adj}" not in f]
        return (out, plural) if out else None
    if not NAME_RE.match(name):
        return None
    words = name.split()
    if name in THE_COUNTRIES or words[-1].capitalize() in ORG_WORDS or words[0] in ORG_FIRST:
        return [f"the {name}"], False
    return [name], False


# --------------------------------------------------------------------------------------------------- dates
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]  # fmt: skip
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
HOLIDAYS = [("New Year's Day", 1, 1), ("Valentine's Day", 2, 14), ("International Women's Day", 3, 8),
            ("St Patrick's Day", 3, 17), ("April Fools' Day", 4, 1), ("May Day", 5, 1),
            ("US Independence Day", 7, 4), ("Bastille Day", 7, 14), ("Halloween", 10, 31),
            ("Christmas Eve", 12, 24), ("Christmas Day", 12, 25), ("Boxing Day", 12, 26),
            ("New Year's Eve", 12, 31)]  # fmt: skip


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def day_text(d: dt.date, rng: random.Random) -> str:
    style = rng.randrange(5)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return d.isoformat()
    if style == 3:
        return f"{WEEKDAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}"
    return f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"


def month_text(d: dt.date, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[d.month - 1]} {d.year}", f"the month of {MONTHS[d.month - 1]} {d.year}",
                       f"{MONTHS[d.month - 1]} of {d.year}"])  # fmt: skip


def month_end(d: dt.date) -> dt.date:
    nxt = dt.date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - ONE


def parse(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


# --------------------------------------------------------------------------------------------------- the store
@dataclass
class KG:
    facts: list[tuple[str, str, str, str]]  # (day, s, r, o), sorted
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    days: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for day, s, r, o in self.facts:
            self.by_ro[(r, o)].append((day, s))
            self.by_sr[(s, r)].append((day, o))
            self.by_sro[(s, r, o)].append(day)
        self.days = [f[0] for f in self.facts]

    def between(self, lo: str, hi: str) -> list[tuple[str, str, str, str]]:
        return self.facts[bisect.bisect_left(self.days, lo) : bisect.bisect_right(self.days, hi)]

    def unique_day(self, s: str, r: str, o: str) -> str | None:
        days = self.by_sro.get((s, r, o), [])
        return days[0] if len(days) == 1 else None


def open_store(env: dict[str, str]) -> Store:
    import os

    return connect(load_settings({**os.environ, **env}), start_managed=False, ensure_schema=False)


def read_facts(store: Store) -> KG:
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN DISTINCT toString(e.valid_from) AS d, s.name AS s, e.relation AS r, o.name AS o"
    )
    return KG(sorted({(x["d"], x["s"], x["r"], x["o"]) for x in rows}))


# ----------------------------------------------------------------------------------------------- gold (Python)
def window(kg: KG, spec: dict[str, Any]) -> tuple[str, str] | None:
    lo, hi = spec["lo"], spec["hi"]
    if "anchor" in spec:
        day = kg.unique_day(*spec["anchor"])
        if day is None:
            return None
        d = parse(day)
        rel = spec["anchor_rel"]
        a, b = {
            "after": ((d + ONE).isoformat(), hi),
            "before": (lo, (d - ONE).isoformat()),
            "same_day": (day, day),
            "same_month": (d.replace(day=1).isoformat(), month_end(d).isoformat()),
            "day_after": ((d + ONE).isoformat(), (d + ONE).isoformat()),
        }[rel]
        lo, hi = max(lo, a), min(hi, b)
    return lo, hi


def gold(kg: KG, spec: dict[str, Any]) -> list[str]:
    win = window(kg, spec)
    if win is None:
        return []
    lo, hi = win
    if spec["ans"] == "subj":
        rows = kg.by_ro.get((spec["r"], spec["o"]), [])
    elif spec["ans"] == "obj":
        rows = kg.by_sr.get((spec["s"], spec["r"]), [])
    else:
        rows = [(d, d) for d in kg.by_sro.get((spec["s"], spec["r"], spec["o"]), [])]
    rows = [(d, v) for d, v in rows if lo <= d <= hi and v not in spec.get("exclude", [])]
    if not rows:
        return []
    if spec["pick"] == "min":
        m = min(d for d, _ in rows)
        rows = [x for x in rows if x[0] == m]
    elif spec["pick"] == "max":
        m = max(d for d, _ in rows)
        rows = [x for x in rows if x[0] == m]
    k = {"day": 10, "month": 7, "year": 4}[spec.get("level", "day")]
    return sorted({v[:k] if spec["ans"] == "time" else v for _, v in rows})


# -------------------------------------------------------------------------------------- second check (Cypher)
ANCHOR_BOUNDS = {
    "after": ("toString(d + duration('P1D'))", "$hi"),
    "before": ("$lo", "toString(d - duration('P1D'))"),
    "same_day": ("toString(d)", "toString(d)"),
    "same_month": ("toString(date.truncate('month', d))",
                   "toString(date.truncate('month', d) + duration('P1M') - duration('P1D'))"),
    "day_after": ("toString(d + duration('P1D'))", "toString(d + duration('P1D'))"),
}  # fmt: skip


def check_query(spec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A second query for the same gold: the anchor found and counted in Cypher, its window by duration arithmetic,
    events matched from the fixed entity's side, dates compared as strings, first/last aggregated in Cypher."""
    params: dict[str, Any] = {"lo": spec["lo"], "hi": spec["hi"], "r": spec["r"], "ex": spec.get("exclude", [])}
    params["k"] = {"day": 10, "month": 7, "year": 4}[spec.get("level", "day")]
    if "anchor" in spec:
        params["as"], params["ar"], params["ao"] = spec["anchor"]
        a, b = ANCHOR_BOUNDS[spec["anchor_rel"]]
        head = (
            "MATCH (ax:Entity {name: $ao})<-[:OBJECT]-(a:Event)-[:SUBJECT]->(ay:Entity {name: $as}) "
            "WHERE a.relation = $ar WITH collect(a.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS d "
            f"WITH {a} AS a0, {b} AS b0 "
            "WITH CASE WHEN a0 > $lo THEN a0 ELSE $lo END AS lo, CASE WHEN b0 < $hi THEN b0 ELSE $hi END AS hi "
        )
    else:
        head = "WITH $lo AS lo, $hi AS hi "
    if spec["ans"] == "subj":
        params["fx"] = spec["o"]
        body = "MATCH (fx:Entity {name: $fx})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) "
        val = "y.name"
    elif spec["ans"] == "obj":
        params["fx"] = spec["s"]
        body = "MATCH (fx:Entity {name: $fx})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity) "
        val = "y.name"
    else:
        params["fx"], params["fy"] = spec["s"], spec["o"]
        body = "MATCH (fx:Entity {name: $fx})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity {name: $fy}) "
        val = "substring(toString(e.valid_from), 0, $k)"
    body += (
        "WHERE e.relation = $r AND toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
        f"AND NOT {val} IN $ex WITH toString(e.valid_from) AS day, {val} AS v "
    )
    if spec["pick"] == "all":
        tail = "RETURN collect(DISTINCT v) AS vs"
    else:
        agg = "min" if spec["pick"] == "min" else "max"
        tail = f"WITH {agg}(day) AS m, collect([day, v]) AS rows RETURN [x IN rows WHERE x[0] = m | x[1]] AS vs"
    return head + body + tail, params


CHECK_TEXT = {
    "all": "Cypher from the fixed entity's side, dates compared as strings, answers collected DISTINCT",
    "min": "Cypher from the fixed entity's side, dates as strings, earliest day by min() in Cypher",
    "max": "Cypher from the fixed entity's side, dates as strings, latest day by max() in Cypher",
}


def check(store: Store, spec: dict[str, Any]) -> tuple[list[str], str]:
    query, params = check_query(spec)
    rows = store.run_values(query, params)
    got = sorted(set(rows[0]["vs"])) if rows else []
    text = CHECK_TEXT[spec["pick"]]
    if "anchor" in spec:
        text += f"; anchor counted (=1) and its {spec['anchor_rel']} window computed in Cypher"
    return got, text


# ------------------------------------------------------------------------------------------------ question kinds
@dataclass
class Q:
    text: str
    spec: dict[str, Any]
    qtype: str
    construction: str
    answer_type: str
    time_level: str


class Writer:
    def __init__(self, kg: KG, rng: random.Random, lo: str, hi: str, store_name: str) -> None:
        self.kg, self.rng, self.lo, self.hi, self.mtq = kg, rng, lo, hi, store_name == "mtq"
        self.forms: dict[str, tuple[list[str], bool] | None] = {}
        self.scope_facts = [f for f in kg.between(lo, hi) if f[2] in LEX]
        self.rels = sorted({f[2] for f in self.scope_facts})

    # ---- words
    def ent(self, name: str) -> tuple[list[str], bool] | None:
        if name not in self.forms:
            self.forms[name] = entity_forms(name)
        return self.forms[name]

    def ok(self, *names: str) -> bool:
        return all(self.ent(n) is not None for n in names)

    def e(self, name: str) -> str:
        f = self.ent(name)
        assert f is not None
        return self.rng.choice(f[0])

    def be(self, name: str) -> str:
        f = self.ent(name)
        assert f is not None
        return "were" if f[1] else "was"

    def past(self, r: str, o: str) -> str:
        return self.rng.choice(LEX[r].past).format(o=self.e(o))

    def base(self, r: str, o: str) -> str:
        return self.rng.choice(LEX[r].base).format(o=self.e(o))

    def has_open(self, r: str) -> bool:
        return any(v.endswith(" {o}") for v in LEX[r].base) and any(v.endswith(" {o}") for v in LEX[r].past)

    def open_base(self, r: str) -> str:
        """A base-form verb phrase whose object comes last, with the object left out ("criticize")."""
        return self.rng.choice([v[:-4] for v in LEX[r].base if v.endswith(" {o}")])

    def open_past(self, r: str) -> str:
        return self.rng.choice([v[:-4] for v in LEX[r].past if v.endswith(" {o}")])

    def anchor_text(self, s: str, r: str, o: str, noun: bool = False) -> tuple[str, bool]:
        """The anchor event as a noun phrase ("the visit X paid to Y") when asked and available, else a clause;
        with whether it is a noun phrase (the connective depends on it)."""
        lex = LEX[r]
        if noun and lex.noun:
            return self.rng.choice(lex.noun).format(s=self.e(s), o=self.e(o)), True
        return f"{self.e(s)} {self.past(r, o)}", False

    def day(self, d: str) -> str:
        return day_text(parse(d), self.rng)

    def month(self, d: str) -> str:
        return month_text(parse(d), self.rng)

    # ---- picking
    def pick_fact(self, facts: list[Fact], pred: Callable[[Fact], bool]) -> Fact | None:
        """A fact satisfying pred, a relation first drawn uniformly (so rare relations get their share)."""
        by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in facts:
            if f[2] in LEX:
                by_rel[f[2]].append(f)
        rels = sorted(by_rel)
        self.rng.shuffle(rels)
        for r in rels:
            cands = by_rel[r]
            for _ in range(40):
                f = self.rng.choice(cands)
                if pred(f):
                    return f
        return None

    def anchor_on(self, lo: str, hi: str, avoid: tuple[str, str], near: str | None = None) -> Fact | None:
        """An event unique in the whole store, dated in [lo, hi], with askable entities; prefer one sharing
        ``near``."""
        facts = [f for f in self.kg.between(lo, hi) if f[2] in LEX and (f[2], f[3]) != avoid]
        good = [f for f in facts if self.ok(f[1], f[3]) and self.kg.unique_day(f[1], f[2], f[3]) is not None]
        if not good:
            return None
        close = [f for f in good if near in (f[1], f[3])] if near else []
        return self.rng.choice(close or good)

    def scope_year_text(self, year: str) -> str:
        return self.rng.choice([f" in {year}", f" during {year}", f" in the course of {year}"])

    # ---- equal (entity and time)
    def equal(self, c: str) -> Q | None:
        rng, kg = self.rng, self.kg
        if c in ("who_day_end", "day_fronted", "whom_obj_day", "recv_noun_day", "holiday", "relative_holiday"):
            if c == "holiday" or c == "relative_holiday":
                years = [2014] if not self.mtq else [2014, 2015]
                name, m, dd = rng.choice(HOLIDAYS)
                y = rng.choice(years)
                hday = dt.date(y, m, dd)
                if c == "relative_holiday":
                    shift = rng.choice([1, -1])
                    target = hday + dt.timedelta(days=shift)
                    if not (self.lo <= target.isoformat() <= self.hi):
                        return None
                    when = f"on the day {'after' if shift == 1 else 'before'} {name} {y}"
                else:
                    target = hday
                    when = f"on {name} {y}"
                d = target.isoformat()
            else:
                d = rng.choice(self.scope_facts)[0]
                when = "on " + self.day(d)
            lo = hi = d
            level = "day"
        elif c in ("passive_month", "which_obj_month", "relative_clause_month"):
            d0 = parse(rng.choice(self.scope_facts)[0]).replace(day=1)
            lo, hi = d0.isoformat(), month_end(d0).isoformat()
            when = "in " + month_text(d0, rng)
            level = "month"
        elif c == "name_year":
            yr = rng.choice(["2014", "2015"] if self.mtq else ["2014"])
            lo, hi, when, level = f"{yr}-01-01", f"{yr}-12-31", f"in {yr}", "year"
        elif c == "tell_window":
            a = parse(rng.choice(self.scope_facts)[0])
            n = rng.choice([3, 5, 7, 10, 14])
            b = a + dt.timedelta(days=n - 1)
            if b.isoformat() > self.hi:
                return None
            lo, hi, level = a.isoformat(), b.isoformat(), "day"
            when = rng.choice([
                f"in the {n} days from {day_text(a, rng)} to {day_text(b, rng)}, both days included",
                f"between {day_text(a, rng)} and {day_text(b, rng)} (inclusive)",
                f"during the {n}-day stretch that began on {day_text(a, rng)} and ended on {day_text(b, rng)}",
            ])  # fmt: skip
        elif c == "week":
            a = parse(rng.choice(self.scope_facts)[0])
            a -= dt.timedelta(days=a.weekday())
            b = a + dt.timedelta(days=6)
            if a.isoformat() < self.lo or b.isoformat() > self.hi:
                return None
            lo, hi, level = a.isoformat(), b.isoformat(), "day"
            when = (
                f"in the week running from Monday {a.day} {MONTHS[a.month - 1]} {a.year} "
                f"to Sunday {b.day} {MONTHS[b.month - 1]} {b.year}"
            )
        elif c in ("quarter", "half", "season"):
            y = rng.choice([2014, 2015] if self.mtq else [2014])
            level = "month"
            if c == "quarter":
                q = rng.randrange(4)
                a = dt.date(y, 3 * q + 1, 1)
                b = month_end(dt.date(y, 3 * q + 3, 1))
                when = (f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y} "
                        f"({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})")  # fmt: skip
            elif c == "half":
                h = rng.randrange(2)
                a = dt.date(y, 6 * h + 1, 1)
                b = month_end(dt.date(y, 6 * h + 6, 1))
                when = f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})"
            else:
                s = rng.choice(["spring", "summer", "autumn"])
                m0 = {"spring": 3, "summer": 6, "autumn": 9}[s]
                a, b = dt.date(y, m0, 1), month_end(dt.date(y, m0 + 2, 1))
                when = f"during the {s} of {y} ({MONTHS[m0 - 1]}, {MONTHS[m0]} and {MONTHS[m0 + 1]})"
            lo, hi = a.isoformat(), b.isoformat()
        else:
            return self.equal_time(c)
        facts = self.kg.between(lo, hi)
        obj_side = c in ("whom_obj_day", "which_obj_month")
        need_recv = c == "recv_noun_day"
        need_pass = c == "passive_month"

        def pred(f: tuple[str, str, str, str]) -> bool:
            _, s, r, o = f
            if (need_recv and not LEX[r].recv) or (need_pass and not LEX[r].passive):
                return False
            fixed = s if obj_side else o
            if not self.ok(fixed) or (obj_side and not self.has_open(r)):
                return False
            spec = self._spec("obj" if obj_side else "subj", r, s if obj_side else None, None if obj_side else o,
                              lo, hi)  # fmt: skip
            return 1 <= len(gold(kg, spec)) <= 5

        f = self.pick_fact(facts, pred)
        if f is None:
            return None
        _, s, r, o = f
        if obj_side:
            spec = self._spec("obj", r, s, None, lo, hi)
            verb, S = self.open_base(r), self.e(s)
            if c == "whom_obj_day":
                text = rng.choice([f"Whom did {S} {verb} {when}?", f"{when}, which parties did {S} {verb}?"])
            else:
                text = f"Which actors did {S} {verb} {when}?"
        else:
            spec = self._spec("subj", r, None, o, lo, hi)
            if c == "who_day_end":
                text = f"Who {self.past(r, o)} {when}?"
            elif c == "day_fronted":
                text = f"{when}, who {self.past(r, o)}?"
            elif c == "recv_noun_day":
                text = f"From whom did {self.e(o)} receive {rng.choice(LEX[r].recv)} {when}?"
            elif c in ("holiday", "relative_holiday"):
                text = rng.choice([f"Who {self.past(r, o)} {when}?", f"{when}, who {self.past(r, o)}?"])
            elif c == "passive_month":
                obj_text, be, p = self.e(o), self.be(o), rng.choice(LEX[r].passive)
                text = rng.choice([f"{when}, {obj_text} {be} {p} by whom?", f"By whom {be} {obj_text} {p} {when}?"])
            elif c == "relative_clause_month":
                text = f"Which are the actors that {self.past(r, o)} {when}?"
            elif c == "name_year":
                text = f"Name everyone who {self.past(r, o)} {when}."
            elif c == "tell_window":
                text = f"Tell me who {self.past(r, o)} {when}."
            elif c == "week":
                text = f"{when}, which actors {self.past(r, o)}?"
            else:  # quarter / half / season: parenthetical time inside the clause
                text = rng.choice([f"Who, {when}, {self.past(r, o)}?", f"List those who {self.past(r, o)} {when}."])
        return Q(text, spec, "equal", c, "entity", level)

    def _spec(self, ans: str, r: str, s: str | None, o: str | None, lo: str, hi: str, **kw: Any) -> dict[str, Any]:
        spec: dict[str, Any] = {"ans": ans, "r": r, "lo": lo, "hi": hi, "pick": "all"}
        if s is not None:
            spec["s"] = s
        if o is not None:
            spec["o"] = o
        spec.update(kw)
        return spec

    def equal_time(self, c: str) -> Q | None:
        rng, kg = self.rng, self.kg
        level = {"when_day": "day", "what_date_passive": "day", "tell_day": "day", "which_month_saw": "month",
                 "month_passive": "month", "which_year": "year", "which_days_in_month": "day"}[c]  # fmt: skip
        y = rng.choice(["2014", "2015"])
        if c == "which_year":
            lo, hi = self.lo, self.hi
        elif c == "which_days_in_month":
            d0 = parse(rng.choice(self.scope_facts)[0]).replace(day=1)
            lo, hi = d0.isoformat(), month_end(d0).isoformat()
        elif self.mtq:
            lo, hi = f"{y}-01-01", f"{y}-12-31"
        else:
            lo, hi = self.lo, self.hi
        facts = kg.between(lo, hi)
        need_pass = c in ("what_date_passive", "month_passive")

        def pred(f: tuple[str, str, str, str]) -> bool:
            _, s, r, o = f
            if (need_pass and not LEX[r].passive) or not self.ok(s, o):
                return False
            n = len(gold(kg, self._spec("time", r, s, o, lo, hi, level=level)))
            return 2 <= n <= 5 if c == "which_days_in_month" else n == 1

        f = self.pick_fact(facts, pred)
        if f is None:
            return None
        _, s, r, o = f
        spec = self._spec("time", r, s, o, lo, hi, level=level)
        S = self.e(s)
        scope = f" in {y}" if self.mtq and c not in ("which_year", "which_days_in_month") else ""
        if c == "when_day":
            text = rng.choice(
                [f"When{scope} did {S} {self.base(r, o)}?", f"On what day{scope} did {S} {self.base(r, o)}?"]
            )
        elif c == "what_date_passive":
            text = f"On what date{scope} {self.be(o)} {self.e(o)} {rng.choice(LEX[r].passive)} by {S}?"
        elif c == "tell_day":
            text = f"Tell me the date on which {S} {self.past(r, o)}{scope}."
        elif c == "which_month_saw":
            text = f"Which month{' of ' + y if scope else ''} saw {S} {self.base(r, o)}?"
        elif c == "month_passive":
            text = f"In which month{scope} {self.be(o)} {self.e(o)} {rng.choice(LEX[r].passive)} by {S}?"
        elif c == "which_year":
            text = rng.choice([f"Which year, 2014 or 2015, saw {S} {self.base(r, o)}?",
                               f"Was it in 2014 or in 2015 that {S} {self.past(r, o)}?"])  # fmt: skip
        else:
            text = f"On which days in {self.month(lo)} did {S} {self.base(r, o)}?"
        return Q(text, spec, "equal", c, "time", level)

    # ---- first / last
    def first_last(self, c: str) -> Q | None:
        rng, kg = self.rng, self.kg
        first = c.startswith("first")
        y = rng.choice(["2014", "2015"])
        if first and self.mtq:
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            scope = self.scope_year_text(y)
        elif first:
            lo, hi, scope = self.lo, self.hi, rng.choice(["", "", " in 2014"])
        elif self.mtq:
            lo, hi, scope = "0000-01-01", self.hi, ""
        else:
            lo, hi, scope = self.lo, self.hi, ""
        level = {"first_month": "month", "last_month_saw": "month", "last_year": "year"}.get(c, "day")
        if c == "last_year" and not self.mtq:
            return None
        ans = {"first_who": "subj", "last_who": "subj", "first_obj": "obj", "last_obj": "obj"}.get(c, "time")
        pick = "min" if first else "max"

        def spec_of(f: tuple[str, str, str, str]) -> dict[str, Any]:
            _, s, r, o = f
            return self._spec(ans, r, s if ans != "subj" else None, o if ans != "obj" else None, lo, hi, pick=pick,
                              level=level)  # fmt: skip

        def pred(f: tuple[str, str, str, str]) -> bool:
            _, s, r, o = f
            if (ans == "subj" and not self.ok(o)) or (ans == "obj" and not (self.ok(s) and self.has_open(r))):
                return False
            if ans == "time" and not self.ok(s, o):
                return False
            sp = spec_of(f)
            g = gold(kg, sp)
            if not 1 <= len(g) <= 5:
                return False
            if ans == "time" and g[0] < self.lo:
                return False
            # not trivial: the thing happened on at least two days (two periods for a time answer) in the window
            allsp = dict(sp, pick="all")
            if ans == "time":
                return len(gold(kg, allsp)) >= 2
            rows = kg.by_ro[(sp["r"], sp["o"])] if ans == "subj" else kg.by_sr[(sp["s"], sp["r"])]
            days = {d for d, _ in rows if lo <= d <= hi}
            return len(days) >= 2 and (max(days) >= self.lo)

        f = self.pick_fact(self.scope_facts, pred)
        if f is None:
            return None
        _, s, r, o = f
        spec = spec_of(f)
        if c == "first_who":
            text = rng.choice(
                [f"Who was the first to {self.base(r, o)}{scope}?", f"Who {self.past(r, o)} first{scope}?"]
            )
        elif c == "last_who":
            text = rng.choice([f"Who was the most recent to {self.base(r, o)}?", f"Who last {self.past(r, o)}?"])
        elif c == "first_obj":
            text = f"Whom did {self.e(s)} {self.open_base(r)} first{scope}?"
        elif c == "last_obj":
            text = f"Name the last party that {self.e(s)} {self.open_past(r)}."
        elif c == "first_when":
            text = f"When did {self.e(s)} first {self.base(r, o)}{scope}?"
        elif c == "first_month":
            text = f"In which month did {self.e(s)} {self.base(r, o)} for the first time{scope}?"
        elif c == "last_month_saw":
            text = f"Which month saw {self.e(s)} {self.base(r, o)} for the last time?"
        elif c == "last_day":
            text = rng.choice([f"What was the last date on which {self.e(s)} {self.past(r, o)}?",
                               f"When was the most recent time {self.e(s)} {self.past(r, o)}?"])  # fmt: skip
        else:  # last_year
            text = f"In which year did {self.e(s)} last {self.base(r, o)}?"
        return Q(text, spec, "first_last", c, "entity" if ans != "time" else "time", level)

    # ---- before / after
    def before_after(self, c: str) -> Q | None:
        rng, kg = self.rng, self.kg
        after = c.startswith("after")
        obj = c.endswith("_obj")
        cut = rng.choice(self.scope_facts)[0]
        year = cut[:4]
        # mtq before the sample's gap: the wording scopes "before" to the cut's own year
        lo = f"{year}-01-01" if (self.mtq and not after) else self.lo
        hi = self.hi
        kw: dict[str, Any] = {}
        if "anchor" in c:
            a = self.anchor_on(cut, cut, ("", ""))
            if a is None:
                return None
            kw = {"anchor": [a[1], a[2], a[3]], "anchor_rel": "after" if after else "before"}
            wlo, whi = lo, hi
            when = ("after " if after else "before ") + self.anchor_text(a[1], a[2], a[3], noun=rng.random() < 0.5)[0]
        elif c == "after_month_end":
            end = month_end(parse(cut))
            wlo, whi = (end + ONE).isoformat(), hi
            when = f"after the end of {self.month(cut)}"
        elif c == "before_month_start":
            start = parse(cut).replace(day=1)
            wlo, whi = lo, (start - ONE).isoformat()
            when = f"before the start of {self.month(cut)}"
        else:
            wlo, whi = ((parse(cut) + ONE).isoformat(), hi) if after else (lo, (parse(cut) - ONE).isoformat())
            when = f"{'after' if after else 'before'} {self.day(cut)}"
        if wlo > whi:
            return None
        anchor = tuple(kw.get("anchor", ()))

        def pred(f: tuple[str, str, str, str]) -> bool:
            _, s, r, o = f
            if (s, r, o) == anchor or not self.ok(s if obj else o) or (obj and not self.has_open(r)):
                return False
            sp = self._spec("obj" if obj else "subj", r, s if obj else None, None if obj else o, wlo, whi, **kw)
            g = gold(kg, sp)
            if not 1 <= len(g) <= 5:
                return False
            everyone = self._spec(sp["ans"], r, sp.get("s"), sp.get("o"), self.lo, self.hi)
            return len(gold(kg, everyone)) > len(g)  # the cut really cuts

        pool = kg.between((parse(cut) + ONE).isoformat(), hi) if after else kg.between(lo, cut)
        f = self.pick_fact(pool, pred)
        if f is None:
            return None
        _, s, r, o = f
        spec = self._spec("obj" if obj else "subj", r, s if obj else None, None if obj else o, wlo, whi, **kw)
        yscope = f"In {year}, " if self.mtq and not after else ""
        if obj:
            verb = self.open_base(r)
            text = (f"{yscope}{when}, which actors did {self.e(s)} {verb}?" if yscope
                    else f"Which actors did {self.e(s)} {verb} {when}?")  # fmt: skip
        elif after:
            text = rng.choice([f"Who {self.past(r, o)} {when}?", f"{when}, who {self.past(r, o)}?",
                               f"Tell me everyone who {self.past(r, o)} {when}."])  # fmt: skip
        else:
            text = f"{yscope}{when}, who {self.past(r, o)}?" if yscope else f"Who {self.past(r, o)} {when}?"
        return Q(text, spec, "before_after", c, "entity", "month" if "month" in c else "day")

    # ---- after_first / before_last / equal_multi (anchored)
    def anchored(self, qtype: str, c: str) -> Q | None:
        rng, kg = self.rng, self.kg
        if qtype == "after_first":
            rel = "after"
        elif qtype == "before_last":
            rel = "before"
        else:
            rel = {"same_day": "same_day", "same_month": "same_month", "who_else": "same_day", "day_after": "day_after",
                   "same_month_obj": "same_month", "same_day_passive": "same_day"}[c]  # fmt: skip
        ans = "time" if c.startswith(("when", "month")) else ("obj" if c.endswith("_obj") else "subj")
        level = "month" if (c.startswith("month") or rel == "same_month") else "day"
        pick = {"after": "min", "before": "max"}.get(rel, "all")
        day = rng.choice(self.scope_facts)[0]
        if rel == "day_after" and day >= self.hi:
            return None
        lo = f"{day[:4]}-01-01" if (self.mtq and rel == "before") else self.lo
        hi = self.hi
        a = self.anchor_on(day, day, ("", ""))
        if a is None:
            return None
        anchor = (a[1], a[2], a[3])
        ex = [anchor[0]] if c == "who_else" else []

        def spec_of(s: str, r: str, o: str) -> dict[str, Any]:
            return self._spec(ans, r, s if ans != "subj" else None, o if ans != "obj" else None, lo, hi, pick=pick,
                              level=level, anchor=list(anchor), anchor_rel=rel, exclude=ex)  # fmt: skip

        def pred(f: tuple[str, str, str, str]) -> bool:
            _, s, r, o = f
            if (s, r, o) == anchor and c != "who_else":
                return False
            if (ans == "subj" and not self.ok(o)) or (ans == "obj" and not (self.ok(s) and self.has_open(r))):
                return False
            if ans == "time" and not self.ok(s, o):
                return False
            if c == "same_day_passive" and not LEX[r].passive:
                return False
            # the anchor must not answer its own question
            own = (ans == "subj" and (r, o) == anchor[1:]) or (ans == "obj" and (s, r) == anchor[:2])
            if rel in ("same_day", "same_month", "day_after") and c != "who_else" and own:
                return False
            return 1 <= len(gold(kg, spec_of(s, r, o))) <= 5

        if c == "who_else":
            f: tuple[str, str, str, str] | None = a if pred(a) else None
        else:
            if rel == "after":
                span = kg.between((parse(day) + ONE).isoformat(), hi)
            elif rel == "before":
                span = kg.between(lo, (parse(day) - ONE).isoformat())
            elif rel == "same_month":
                d0 = parse(day).replace(day=1)
                span = kg.between(d0.isoformat(), month_end(d0).isoformat())
            elif rel == "day_after":
                nd = (parse(day) + ONE).isoformat()
                span = kg.between(nd, nd)
            else:
                span = kg.between(day, day)
            near = [x for x in span if anchor[0] in (x[1], x[3]) or anchor[2] in (x[1], x[3])]
            f = self.pick_fact(near, pred) or self.pick_fact(span, pred)
        if f is None:
            return None
        _, s, r, o = f
        spec = spec_of(s, r, o)
        A, is_noun = self.anchor_text(*anchor, noun=rng.random() < 0.45)
        yscope = f"In {day[:4]}, " if (self.mtq and rel == "before") else ""
        if c == "next_who":
            text = rng.choice([f"After {A}, who was the next to {self.base(r, o)}?",
                               f"Who was the first to {self.base(r, o)} after {A}?"])  # fmt: skip
        elif c == "next_obj":
            text = f"{'Following' if is_noun else 'After'} {A}, whom did {self.e(s)} {self.open_base(r)} first?"
        elif c == "when_next":
            text = f"After {A}, when did {self.e(s)} next {self.base(r, o)}?"
        elif c == "month_next":
            text = f"In which month, after {A}, did {self.e(s)} {self.base(r, o)} for the first time?"
        elif c == "last_who":
            text = (f"{yscope}who was the last to {self.base(r, o)} before {A}?" if yscope
                    else rng.choice([f"Who was the last to {self.base(r, o)} before {A}?",
                                     f"Just before {A}, who had most recently {self.past(r, o)}?"]))  # fmt: skip
        elif c == "last_obj":
            verb = self.open_base(r)
            text = (f"{yscope}before {A}, whom did {self.e(s)} {verb} last?" if yscope
                    else f"Whom did {self.e(s)} {verb} last before {A}?")  # fmt: skip
        elif c == "when_last":
            text = f"{yscope}before {A}, when did {self.e(s)} last {self.base(r, o)}?"
        elif c == "month_last":
            text = f"{yscope}which month, before {A}, last saw {self.e(s)} {self.base(r, o)}?"
        elif c == "same_day":
            text = rng.choice([f"Who {self.past(r, o)} on the same day {'as' if is_noun else 'that'} {A}?",
                               f"On the very day {'of ' if is_noun else ''}{A}, who {self.past(r, o)}?"])  # fmt: skip
        elif c == "same_day_passive":
            on_day = f"on the day {'of ' if is_noun else ''}{A}"
            text = f"By whom {self.be(o)} {self.e(o)} {rng.choice(LEX[r].passive)} {on_day}?"
        elif c == "same_month":
            text = rng.choice([f"In the same month as {A}, who {self.past(r, o)}?",
                               f"Who {self.past(r, o)} in the month {'of' if is_noun else 'when'} {A}?"])  # fmt: skip
        elif c == "same_month_obj":
            text = (
                f"Which actors did {self.e(s)} {self.open_base(r)} in the same month {'as' if is_noun else 'that'} {A}?"
            )
        elif c == "day_after":
            text = f"Who {self.past(r, o)} the day after {A}?"
        else:  # who_else
            S = self.e(s)
            text = rng.choice([f"Besides {S}, who else {self.past(r, o)} on the day {S} did so?",
                               f"{S} once {self.past(r, o)}. Who else did the same on that day?"])  # fmt: skip
        return Q(text, spec, qtype, c, "entity" if ans != "time" else "time", level)


CONSTRUCTIONS: dict[str, list[str]] = {
    "equal": ["who_day_end", "day_fronted", "passive_month", "whom_obj_day", "which_obj_month", "recv_noun_day",
              "holiday", "relative_holiday", "name_year", "tell_window", "week", "quarter", "half", "season",
              "relative_clause_month", "when_day", "what_date_passive", "tell_day", "which_month_saw",
              "month_passive", "which_year", "which_days_in_month"],
    "before_after": ["after_date", "before_date", "after_anchor", "before_anchor", "after_anchor_obj",
                     "after_month_end", "before_month_start", "before_date_obj"],
    "first_last": ["first_who", "last_who", "first_obj", "last_obj", "first_when", "first_month", "last_month_saw",
                   "last_day", "last_year"],
    "after_first": ["next_who", "next_obj", "when_next", "month_next"],
    "before_last": ["last_who", "last_obj", "when_last", "month_last"],
    "equal_multi": ["same_day", "same_month", "who_else", "day_after", "same_month_obj", "same_day_passive"],
}  # fmt: skip


def tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text[0].upper() + text[1:]


def build(name: str, cfg: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    store = open_store(cfg["env"])
    try:
        kg = read_facts(store)
        rng = random.Random(f"{SEED}-{name}")
        w = Writer(kg, rng, cfg["lo"], cfg["hi"], name)
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        stats = {"disagree": 0, "dropped_no_gold": 0}
        for qtype, n in cfg["plan"].items():
            cons = [c for c in CONSTRUCTIONS[qtype] if not (name == "bench" and c in ("which_year", "last_year"))]
            made, i, tries = 0, 0, 0
            while made < n and tries < 60 * n:
                c = cons[i % len(cons)]
                tries += 1
                if qtype == "equal":
                    q = w.equal(c)
                elif qtype == "first_last":
                    q = w.first_last(c)
                elif qtype == "before_after":
                    q = w.before_after(c)
                else:
                    q = w.anchored(qtype, c)
                if q is None:
                    continue
                text = tidy(q.text)
                answers = gold(kg, q.spec)
                if not 1 <= len(answers) <= 5:
                    stats["dropped_no_gold"] += 1
                    continue
                if text in seen:
                    continue
                got, ctext = check(store, q.spec)
                if got != answers:
                    stats["disagree"] += 1
                    continue
                seen.add(text)
                quid = f"{cfg['prefix']}{len(out):04d}"
                out.append({
                    "quid": quid, "id": quid, "question": text, "answers": answers, "answer_type": q.answer_type,
                    "time_level": q.time_level, "qtype": qtype,
                    "qlabel": "Multiple" if qtype in MULTIPLE else "Single", "evidence": [],
                    "construction": q.construction, "store": name, "check": ctext, "check_agrees": True,
                })  # fmt: skip
                made += 1
                i += 1
        return out, stats
    finally:
        store.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path, help="folder for blind_mtq.jsonl and blind_icews14.jsonl")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, cfg in STORES.items():
        rows, stats = build(name, cfg)
        with (args.out / cfg["file"]).open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{name}: {len(rows)} questions; second-check disagreements dropped: {stats['disagree']}")


if __name__ == "__main__":
    main()
