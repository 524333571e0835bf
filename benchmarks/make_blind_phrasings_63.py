"""Blind held-out set 63: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, asked only about 2014-2015) and
``bench`` (ICEWS14) stores, with gold computed in Python from one read of every (subject, relation, object, day)
and checked again by a second, differently written Cypher query per question.

Why: the symbolic reader was tuned on other phrasings; this set is written without looking at it, so its score on
these questions is an honest figure for unseen wording. Deterministic (seed 20261263): rerunning writes the same
bytes as long as the stores are unchanged.

    PYTHONPATH=$PWD TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_63.py --store mtq --out <work>/notes/heldout/v63/blind_mtq.jsonl
    PYTHONPATH=$PWD TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_63.py --store bench --out <work>/notes/heldout/v63/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261263

# ------------------------------------------------------------------------------------------------ relation words
# Per relation: active clause, infinitive (after "did S ..."), passive clause or None, noun phrase or None.
REL: dict[str, dict[str, str | None]] = {
    "Make_statement": {
        "act": "{s} made a statement about {o}",
        "inf": "make a public statement about {o}",
        "pas": None,
        "noun": "the statement {s} made about {o}",
    },
    "Consult": {
        "act": "{s} consulted {o}",
        "inf": "consult {o}",
        "pas": "{o} was consulted by {s}",
        "noun": "{s}'s consultation with {o}",
    },
    "Make_an_appeal_or_request": {
        "act": "{s} made an appeal or request to {o}",
        "inf": "appeal to {o}",
        "pas": "{o} received an appeal or request from {s}",
        "noun": "the appeal {s} made to {o}",
    },
    "Express_intent_to_meet_or_negotiate": {
        "act": "{s} expressed willingness to meet or negotiate with {o}",
        "inf": "signal a willingness to meet or negotiate with {o}",
        "pas": None,
        "noun": "{s}'s offer to meet or negotiate with {o}",
    },
    "Make_a_visit": {
        "act": "{s} paid a visit to {o}",
        "inf": "visit {o}",
        "pas": "{o} was visited by {s}",
        "noun": "the visit of {s} to {o}",
    },
    "Host_a_visit": {
        "act": "{s} hosted a visit by {o}",
        "inf": "host {o}",
        "pas": "{o} was received as a guest by {s}",
        "noun": "{s}'s hosting of {o}",
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "act": "{s} arrested, detained or charged {o}",
        "inf": "arrest, detain or charge {o}",
        "pas": "{o} was arrested, detained or charged by {s}",
        "noun": "the arrest or detention of {o} by {s}",
    },
    "Praise_or_endorse": {
        "act": "{s} praised {o}",
        "inf": "praise or endorse {o}",
        "pas": "{o} was praised by {s}",
        "noun": "{s}'s praise for {o}",
    },
    "Criticize_or_denounce": {
        "act": "{s} criticized {o}",
        "inf": "denounce {o}",
        "pas": "{o} was criticized by {s}",
        "noun": "{s}'s denunciation of {o}",
    },
    "Use_conventional_military_force": {
        "act": "{s} used conventional military force against {o}",
        "inf": "use military force against {o}",
        "pas": "{o} came under conventional military attack from {s}",
        "noun": "the military action of {s} against {o}",
    },
    "Engage_in_negotiation": {
        "act": "{s} negotiated with {o}",
        "inf": "negotiate with {o}",
        "pas": None,
        "noun": "{s}'s negotiations with {o}",
    },
    "Accuse": {
        "act": "{s} accused {o}",
        "inf": "level accusations at {o}",
        "pas": "{o} was accused by {s}",
        "noun": "the accusation {s} made against {o}",
    },
    "Use_unconventional_violence": {
        "act": "{s} used unconventional violence against {o}",
        "inf": "use unconventional violence against {o}",
        "pas": "{o} was hit by unconventional violence from {s}",
        "noun": None,
    },
    "Engage_in_diplomatic_cooperation": {
        "act": "{s} engaged in diplomatic cooperation with {o}",
        "inf": "cooperate diplomatically with {o}",
        "pas": None,
        "noun": "{s}'s diplomatic cooperation with {o}",
    },
    "Sign_formal_agreement": {
        "act": "{s} signed a formal agreement with {o}",
        "inf": "sign a formal agreement with {o}",
        "pas": None,
        "noun": "the formal agreement {s} signed with {o}",
    },
    "Express_intent_to_cooperate": {
        "act": "{s} expressed an intent to cooperate with {o}",
        "inf": "pledge cooperation with {o}",
        "pas": None,
        "noun": "{s}'s stated intent to cooperate with {o}",
    },
    "Demand": {
        "act": "{s} made a demand of {o}",
        "inf": "make demands of {o}",
        "pas": "{o} faced a demand from {s}",
        "noun": "the demand {s} made of {o}",
    },
    "Investigate": {
        "act": "{s} investigated {o}",
        "inf": "investigate {o}",
        "pas": "{o} was investigated by {s}",
        "noun": "{s}'s investigation of {o}",
    },
    "fight_with_small_arms_and_light_weapons": {
        "act": "{s} fought {o} with small arms and light weapons",
        "inf": "fight {o} with small arms and light weapons",
        "pas": "{o} was attacked with small arms and light weapons by {s}",
        "noun": None,
    },
    "Make_optimistic_comment": {
        "act": "{s} made an optimistic comment about {o}",
        "inf": "comment optimistically on {o}",
        "pas": None,
        "noun": "{s}'s upbeat remark about {o}",
    },
    "Reject": {
        "act": "{s} rejected {o}",
        "inf": "reject {o}",
        "pas": "{o} was rebuffed by {s}",
        "noun": "{s}'s rejection of {o}",
    },
    "Discuss_by_telephone": {
        "act": "{s} held a phone conversation with {o}",
        "inf": "talk on the telephone with {o}",
        "pas": None,
        "noun": "{s}'s telephone call with {o}",
    },
    "Make_pessimistic_comment": {
        "act": "{s} made a pessimistic comment about {o}",
        "inf": "comment pessimistically about {o}",
        "pas": None,
        "noun": "{s}'s gloomy remark about {o}",
    },
    "Threaten": {
        "act": "{s} threatened {o}",
        "inf": "threaten {o}",
        "pas": "{o} was threatened by {s}",
        "noun": "{s}'s threat against {o}",
    },
    "Abduct,_hijack,_or_take_hostage": {
        "act": "{s} abducted, hijacked or took hostage {o}",
        "inf": "abduct or take hostage {o}",
        "pas": "{o} was abducted or taken hostage by {s}",
        "noun": "the abduction of {o} by {s}",
    },
    "Meet_at_a_'third'_location": {
        "act": "{s} met {o} at a third location",
        "inf": "meet {o} at a third-party venue",
        "pas": None,
        "noun": "{s}'s meeting with {o} at a third location",
    },
    "Make_empathetic_comment": {
        "act": "{s} expressed sympathy for {o}",
        "inf": "express sympathy for {o}",
        "pas": None,
        "noun": "{s}'s words of sympathy for {o}",
    },
    "Return,_release_person(s)": {
        "act": "{s} released or returned {o}",
        "inf": "release or return {o}",
        "pas": "{o} was released or returned by {s}",
        "noun": "the release of {o} by {s}",
    },
    "Provide_humanitarian_aid": {
        "act": "{s} provided humanitarian aid to {o}",
        "inf": "give humanitarian aid to {o}",
        "pas": "{o} received humanitarian aid from {s}",
        "noun": "humanitarian aid from {s} to {o}",
    },
    "Physically_assault": {
        "act": "{s} physically assaulted {o}",
        "inf": "physically assault {o}",
        "pas": "{o} was physically assaulted by {s}",
        "noun": "the physical assault on {o} by {s}",
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "act": "{s} imposed an embargo, boycott or sanctions on {o}",
        "inf": "impose sanctions, a boycott or an embargo on {o}",
        "pas": "{o} was hit with an embargo, boycott or sanctions by {s}",
        "noun": "the sanctions {s} imposed on {o}",
    },
    "Employ_aerial_weapons": {
        "act": "{s} employed aerial weapons against {o}",
        "inf": "launch air strikes on {o}",
        "pas": "{o} was struck by aerial weapons of {s}",
        "noun": "{s}'s air strikes on {o}",
    },
    "Bring_lawsuit_against": {
        "act": "{s} brought a lawsuit against {o}",
        "inf": "sue {o}",
        "pas": "{o} was sued by {s}",
        "noun": "the lawsuit {s} brought against {o}",
    },
    "Provide_aid": {
        "act": "{s} provided aid to {o}",
        "inf": "give aid to {o}",
        "pas": "{o} got aid from {s}",
        "noun": "the aid {s} provided to {o}",
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "act": "{s} voiced an intent to engage in diplomatic cooperation with {o}",
        "inf": "announce plans for diplomatic cooperation with {o}",
        "pas": None,
        "noun": None,
    },
    "Demonstrate_or_rally": {
        "act": "{s} held a demonstration or rally against {o}",
        "inf": "demonstrate or rally against {o}",
        "pas": None,
        "noun": "the demonstration by {s} against {o}",
    },
    "Expel_or_deport_individuals": {
        "act": "{s} expelled or deported {o}",
        "inf": "expel or deport {o}",
        "pas": "{o} was expelled or deported by {s}",
        "noun": "the expulsion of {o} by {s}",
    },
    "Cooperate_economically": {
        "act": "{s} cooperated economically with {o}",
        "inf": "cooperate economically with {o}",
        "pas": None,
        "noun": "{s}'s economic cooperation with {o}",
    },
}

# ------------------------------------------------------------------------------------------------ entity words
SECTOR = {
    "Police": ["the police of {c}", "the {d} police", "{c}'s police"],
    "Citizen": ["citizens of {c}", "{d} citizens", "ordinary citizens in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government", "the {d} head of government"],
    "Government": ["the government of {c}", "the {d} government", "{c}'s government"],
    "Military": ["the military of {c}", "the {d} military", "{c}'s armed forces"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
    "Ministry": ["a ministry of {c}", "a {d} ministry"],
    "Criminal": ["criminals in {c}", "{d} criminals"],
    "Business": ["business in {c}", "{d} businesses"],
    "Media": ["the media in {c}", "the {d} media"],
    "Protester": ["protesters in {c}", "{d} protesters"],
    "Militant": ["militants in {c}", "{d} militants"],
    "Armed Rebel": ["armed rebels in {c}", "{d} armed rebels"],
    "Student": ["students in {c}", "{d} students"],
    "Lawyer/Attorney": ["lawyers in {c}", "a {d} lawyer or attorney"],
    "Court Judge": ["a judge in {c}", "a {d} court judge"],
    "Legislature": ["the legislature of {c}", "the {d} legislature"],
    "Activist": ["activists in {c}", "{d} activists"],
    "Women": ["women in {c}", "{d} women"],
    "Men": ["men in {c}", "{d} men"],
    "Children": ["children in {c}", "{d} children"],
    "Employee": ["employees in {c}", "{d} employees"],
    "Combatant": ["combatants in {c}", "{d} combatants"],
    "Armed Gang": ["an armed gang in {c}", "{d} armed gangs"],
    "Military Personnel": ["military personnel of {c}", "{d} military personnel"],
    "Government Official": ["a government official of {c}", "{d} government officials"],
    "Lawmaker": ["a lawmaker in {c}", "{d} lawmakers"],
    "Opposition Supporter": ["opposition supporters in {c}"],
    "Detainee": ["detainees in {c}", "{d} detainees"],
    "Terrorist": ["terrorists in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s security ministry"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s cabinet"],
    "Envoy": ["an envoy of {c}", "{c}'s envoy"],
    "Political Parties": ["political parties in {c}", "{d} political parties"],
    "Other Authorities / Officials": ["officials in {c}", "{d} authorities"],
}
DEMONYM = {
    "Afghanistan": "Afghan",
    "Australia": "Australian",
    "Bangladesh": "Bangladeshi",
    "Brazil": "Brazilian",
    "Canada": "Canadian",
    "China": "Chinese",
    "Colombia": "Colombian",
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
    "North Korea": "North Korean",
    "Pakistan": "Pakistani",
    "Philippines": "Philippine",
    "Russia": "Russian",
    "Russian Federation": "Russian",
    "Saudi Arabia": "Saudi",
    "Somalia": "Somali",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "South Sudan": "South Sudanese",
    "Spain": "Spanish",
    "Sri Lanka": "Sri Lankan",
    "Sudan": "Sudanese",
    "Syria": "Syrian",
    "Taiwan": "Taiwanese",
    "Thailand": "Thai",
    "Turkey": "Turkish",
    "Ukraine": "Ukrainian",
    "United Kingdom": "British",
    "United States": "American",
    "Venezuela": "Venezuelan",
    "Vietnam": "Vietnamese",
    "Yemen": "Yemeni",
    "Zimbabwe": "Zimbabwean",
    "Uganda": "Ugandan",
    "Nepal": "Nepalese",
    "Myanmar": "Myanmar",
    "Cambodia": "Cambodian",
    "Argentina": "Argentine",
    "Poland": "Polish",
    "Hungary": "Hungarian",
    "Kyrgyzstan": "Kyrgyz",
    "Tunisia": "Tunisian",
    "Lebanon": "Lebanese",
    "Jordan": "Jordanian",
    "Mali": "Malian",
    "Ghana": "Ghanaian",
    "Ethiopia": "Ethiopian",
    "Peru": "Peruvian",
    "Chile": "Chilean",
    "Cuba": "Cuban",
    "Qatar": "Qatari",
    "Bahrain": "Bahraini",
}
COUNTRIES = set(DEMONYM) | {
    "Algeria",
    "Armenia",
    "Austria",
    "Azerbaijan",
    "Belgium",
    "Benin",
    "Bolivia",
    "Bosnia and Herzegovina",
    "Botswana",
    "Bulgaria",
    "Burundi",
    "Cameroon",
    "Chad",
    "Cote d'Ivoire",
    "Croatia",
    "Cyprus",
    "Czech Republic",
    "Democratic Republic of Congo",
    "Denmark",
    "Ecuador",
    "Estonia",
    "Fiji",
    "Finland",
    "Gabon",
    "Gambia",
    "Georgia",
    "Guinea",
    "Hong Kong",
    "Kazakhstan",
    "Kosovo",
    "Kuwait",
    "Laos",
    "Latvia",
    "Liberia",
    "Lithuania",
    "Madagascar",
    "Malawi",
    "Mauritania",
    "Moldova",
    "Mongolia",
    "Montenegro",
    "Morocco",
    "Mozambique",
    "Namibia",
    "Netherlands",
    "New Zealand",
    "Niger",
    "Norway",
    "Oman",
    "Portugal",
    "Romania",
    "Rwanda",
    "Senegal",
    "Serbia",
    "Sierra Leone",
    "Singapore",
    "Slovakia",
    "Sweden",
    "Switzerland",
    "Tanzania",
    "Zambia",
    "Albania",
    "Belarus",
    "Slovenia",
}
THE_WORDS = (
    "United",
    "Union",
    "Nations",
    "Council",
    "Ministry",
    "Organization",
    "Association",
    "Court",
    "Congress",
    "Parliament",
    "Army",
    "Forces",
    "Front",
    "Agency",
    "Commission",
    "Bank",
    "Fund",
    "Assembly",
    "Office",
    "Department",
    "Senate",
    "Committee",
    "Republic",
    "Party",
    "Movement",
    "Philippines",
    "Netherlands",
    "Taliban",
    "State",
    "League",
    "Brotherhood",
    "Community",
    "Coalition",
    "Alliance",
    "Police",
    "Military",
    "Force",
)


PLURAL = {
    "citizens",
    "militants",
    "women",
    "men",
    "children",
    "criminals",
    "protesters",
    "students",
    "activists",
    "lawyers",
    "employees",
    "combatants",
    "gangs",
    "personnel",
    "officials",
    "lawmakers",
    "supporters",
    "detainees",
    "terrorists",
    "parties",
    "authorities",
    "rebels",
    "businesses",
    "forces",
}


def agree(text: str, phrase: str) -> str:
    """``text`` with "{phrase} was" made "were" when the spoken phrase is plural ("Australian citizens were ...")."""
    if not phrase.startswith("a ") and PLURAL & set(phrase.lower().split()):
        return text.replace(f"{phrase} was ", f"{phrase} were ")
    return text


def place(c: str) -> str:
    return "the " + c if any(w in c.split() for w in THE_WORDS) and not c.startswith("the ") else c


def speakable(name: str) -> bool:
    """Whether this generator can say ``name`` the way a person would: sector entities only with a known sector of a
    known country ("Armed Gang (Al Qaeda)" would come out as "an armed gang in Al Qaeda")."""
    if "(" in name:
        sector, _, rest = name.partition(" (")
        return sector in SECTOR and rest.endswith(")") and rest[:-1] in COUNTRIES
    return "/" not in name and len(name) <= 40


def possessive_ok(text: str) -> bool:
    """ "{s}'s ..." reads badly after a phrase that ends in "of X" / "in X" ("citizens of Chad's offer")."""
    return " of " not in text and " in " not in text


def say(name: str, rng: random.Random) -> str:
    if "(" in name:
        sector, _, rest = name.partition(" (")
        country = rest[:-1]
        forms = [f for f in SECTOR[sector] if "{d}" not in f or country in DEMONYM]
        return rng.choice(forms).format(c=place(country), d=DEMONYM.get(country, ""))
    return place(name)


# ------------------------------------------------------------------------------------------------ time words
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


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def say_day(d: str, rng: random.Random) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    return rng.choice(
        [
            f"{dd} {MONTHS[m - 1]} {y}",
            f"{MONTHS[m - 1]} {dd}, {y}",
            d,
            f"the {ordinal(dd)} of {MONTHS[m - 1]} {y}",
        ]
    )


def say_month(ym: str, rng: random.Random) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}", f"{MONTHS[m - 1]} {y}"])


def day(d: str) -> dt.date:
    return dt.date.fromisoformat(d)


def shift(d: str, n: int) -> str:
    return (day(d) + dt.timedelta(days=n)).isoformat()


def month_end(ym: str) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


# ------------------------------------------------------------------------------------------------ facts and gold
Fact = tuple[str, str, str, str]  # subject, relation, object, day


@dataclass
class Spec:
    """What a question asks, in one shape that both the Python gold and the Cypher check read."""

    ask: str  # subject | object | day | month
    r: str
    s: str | None = None
    o: str | None = None
    lo: str | None = None  # inclusive day bounds
    hi: str | None = None
    anchor: tuple[str, str, str] | None = None
    rel: str | None = None  # gt | lt | same_day | same_month | day_after (relative to the anchor's day)
    agg: str = "all"  # all | min | max
    exclude: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class KG:
    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.by_ro: dict[tuple[str, str], list[Fact]] = collections.defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Fact]] = collections.defaultdict(list)
        self.triples: collections.Counter[tuple[str, str, str]] = collections.Counter()
        for f in facts:
            self.by_ro[(f[1], f[2])].append(f)
            self.by_sr[(f[0], f[1])].append(f)
            self.triples[(f[0], f[1], f[2])] += 1
        days: dict[tuple[str, str, str], str] = {}
        for f in facts:
            if self.triples[(f[0], f[1], f[2])] == 1:
                days[(f[0], f[1], f[2])] = f[3]
        self.unique_day = days

    def gold(self, sp: Spec) -> list[str]:
        pool = self.by_ro[(sp.r, sp.o)] if sp.o is not None else self.by_sr[(sp.s, sp.r)]  # type: ignore[index]
        rows = [f for f in pool if (sp.s is None or f[0] == sp.s) and (sp.o is None or f[2] == sp.o)]
        if sp.lo:
            rows = [f for f in rows if f[3] >= sp.lo]
        if sp.hi:
            rows = [f for f in rows if f[3] <= sp.hi]
        if sp.anchor is not None:
            ad = self.unique_day.get(sp.anchor)
            if ad is None:
                return []
            if sp.rel == "gt":
                rows = [f for f in rows if f[3] > ad]
            elif sp.rel == "lt":
                rows = [f for f in rows if f[3] < ad]
            elif sp.rel == "same_day":
                rows = [f for f in rows if f[3] == ad]
            elif sp.rel == "same_month":
                rows = [f for f in rows if f[3][:7] == ad[:7]]
            elif sp.rel == "day_after":
                rows = [f for f in rows if f[3] == shift(ad, 1)]
        if sp.exclude is not None:
            rows = [f for f in rows if (f[0] if sp.ask == "subject" else f[2]) != sp.exclude]
        if not rows:
            return []
        if sp.agg == "min":
            m = min(f[3] for f in rows)
            rows = [f for f in rows if f[3] == m]
        elif sp.agg == "max":
            m = max(f[3] for f in rows)
            rows = [f for f in rows if f[3] == m]
        pick: Callable[[Fact], str] = {
            "subject": lambda f: f[0],
            "object": lambda f: f[2],
            "day": lambda f: f[3],
            "month": lambda f: f[3][:7],
        }[sp.ask]
        return sorted({pick(f) for f in rows})


def check(store: Store, sp: Spec) -> tuple[list[str], str]:
    """The second computation: one Cypher query, matched from the fixed entity's side, filtering on Date values
    (not the strings Python compared), resolving any anchor inside the query and aggregating min/max in Cypher."""
    params: dict[str, Any] = {"r": sp.r}
    parts: list[str] = []
    if sp.anchor is not None:
        params.update(a_s=sp.anchor[0], a_r=sp.anchor[1], a_o=sp.anchor[2])
        parts.append(
            "MATCH (as:Entity {name: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {name: $a_o}) "
            "WHERE a.relation = $a_r WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad"
        )
    carry = "ad, " if sp.anchor is not None else ""
    if sp.o is not None and sp.s is not None:
        params.update(s=sp.s, o=sp.o)
        parts.append(
            "MATCH (fo:Entity {name: $o})<-[:OBJECT]-(ev:Event)-[:SUBJECT]->(fs:Entity {name: $s}) "
            "WHERE ev.relation = $r"
        )
    elif sp.o is not None:
        params["o"] = sp.o
        parts.append("MATCH (fo:Entity {name: $o})<-[:OBJECT]-(ev:Event)-[:SUBJECT]->(x:Entity) WHERE ev.relation = $r")
    else:
        params["s"] = sp.s
        parts.append("MATCH (fs:Entity {name: $s})<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(x:Entity) WHERE ev.relation = $r")
    conds = []
    if sp.lo:
        params["lo"] = sp.lo
        conds.append("ev.valid_from >= date($lo)")
    if sp.hi:
        params["hi"] = sp.hi
        conds.append("ev.valid_from < date($hi) + duration({days: 1})")
    if sp.anchor is not None:
        conds.append(
            {
                "gt": "ev.valid_from > ad",
                "lt": "ev.valid_from < ad",
                "same_day": "ev.valid_from = ad",
                "same_month": "date.truncate('month', ev.valid_from) = date.truncate('month', ad)",
                "day_after": "ev.valid_from = ad + duration('P1D')",
            }[sp.rel or ""]
        )
    if sp.exclude is not None:
        params["ex"] = sp.exclude
        conds.append("NOT x.name IN [$ex]")
    if conds:
        parts.append("AND " + " AND ".join(conds))
    val = {
        "subject": "x.name",
        "object": "x.name",
        "day": "toString(ev.valid_from)",
        "month": "substring(toString(ev.valid_from), 0, 7)",
    }[sp.ask]
    if sp.agg == "all":
        parts.append(f"RETURN collect(DISTINCT {val}) AS ans")
    else:
        fn = "min" if sp.agg == "min" else "max"
        parts.append(
            f"WITH {carry}collect({{v: {val}, d: ev.valid_from}}) AS rows, {fn}(ev.valid_from) AS best "
            "RETURN [row IN rows WHERE row.d = best | row.v] AS ans"
        )
    query = " ".join(parts)
    if sp.ask in ("subject", "object") and sp.o is not None and sp.s is not None:
        raise ValueError("fixed both ends for an entity question")
    res = store.run(query, params)
    ans = sorted(set(res[0]["ans"])) if res else []
    return ans, query


# ------------------------------------------------------------------------------------------------ question making
@dataclass
class Item:
    question: str
    spec: Spec
    answer_type: str
    time_level: str
    qtype: str
    construction: str


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


class Maker:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        self.store = store_name
        self.rng = rng
        lo, hi = ("2014-01-01", "2015-12-31") if store_name == "mtq" else ("2014-01-01", "2014-12-31")
        self.period = (lo, hi)
        self.pool = sorted(
            f
            for f in kg.facts
            if lo <= f[3] <= hi and f[1] in REL and speakable(f[0]) and speakable(f[2]) and f[0] != f[2]
        )
        self.years = ["2014", "2015"] if store_name == "mtq" else ["2014"]

    # --- helpers
    def fact(self, rels: set[str] | None = None, unique: bool = False) -> Fact:
        while True:
            f = self.rng.choice(self.pool)
            if rels is not None and f[1] not in rels:
                continue
            if unique and self.kg.triples[(f[0], f[1], f[2])] != 1:
                continue
            return f

    def act(self, r: str, s: str, o: str) -> str:
        return str(REL[r]["act"]).format(s=s, o=o)

    def inf(self, r: str, o: str) -> str:
        return str(REL[r]["inf"]).format(o=o)

    def anchor_text(self, f: Fact, rng: random.Random) -> str:
        s, o = say(f[0], rng), say(f[2], rng)
        noun = REL[f[1]]["noun"]
        if noun is not None and rng.random() < 0.6 and ("{s}'s" not in noun or possessive_ok(s)):
            return str(noun).format(s=s, o=o)
        return self.act(f[1], s, o)

    def anchor_clause(self, f: Fact, rng: random.Random) -> str:
        return self.act(f[1], say(f[0], rng), say(f[2], rng))

    def year_of(self, d: str) -> tuple[str, str, str]:
        return d[:4], d[:4] + "-01-01", d[:4] + "-12-31"

    # --- the constructions; each returns an Item or None (the caller retries)
    def eq_day_who(self) -> Item | None:
        f = self.fact()
        r, o, d = f[1], f[2], f[3]
        rng = self.rng
        ot, D = say(o, rng), say_day(d, rng)
        style = rng.randrange(3)
        pas = REL[r]["pas"]
        if style == 0:
            q = f"On {D}, who {self.act(r, '', ot).strip()}?"
            c = "who_front_day"
        elif style == 1 and pas is not None:
            q = agree(cap(str(pas).format(o=ot, s="whom")) + f" on {D}?", cap(ot))
            c = "passive_by_whom_day_end"
        else:
            q = f"Name the actors that {self.act(r, '', ot).strip()} on {D}."
            c = "name_the_day_end"
        return Item(q, Spec("subject", r, o=o, lo=d, hi=d), "entity", "day", "equal", c)

    def eq_day_whom(self) -> Item | None:
        f = self.fact()
        s, r, d = f[0], f[1], f[3]
        S, D = say(s, self.rng), say_day(d, self.rng)
        if self.rng.random() < 0.5:
            q = f"Whom did {S} {self.inf(r, '').strip()} on {D}?"
            c = "whom_object_day_end"
        else:
            q = agree(f"On {D}, {S} was reported to {self.inf(r, 'someone')}. Who was that?", S)
            c = "object_by_clause_then_question"
        return Item(q, Spec("object", r, s=s, lo=d, hi=d), "entity", "day", "equal", c)

    def eq_named_day(self) -> Item | None:
        named = [
            ("12-25", "on Christmas Day ({d})"),
            ("12-24", "on Christmas Eve ({d})"),
            ("01-01", "on New Year's Day ({d})"),
            ("12-31", "on New Year's Eve ({d})"),
            ("02-14", "on Valentine's Day ({d})"),
            ("07-04", "on the Fourth of July ({d})"),
            ("10-31", "on Halloween ({d})"),
        ]
        md, tmpl = self.rng.choice(named)
        y = self.rng.choice(self.years)
        d = f"{y}-{md}"
        cands = [f for f in self.pool if f[3] == d]
        if not cands:
            return None
        f = self.rng.choice(cands)
        r, o = f[1], f[2]
        ot = say(o, self.rng)
        when = tmpl.format(d=say_day(d, self.rng))
        q = f"Who {self.act(r, '', ot).strip()} {when}?"
        return Item(q, Spec("subject", r, o=o, lo=d, hi=d), "entity", "day", "equal", "named_day")

    def eq_month(self) -> Item | None:
        f = self.fact()
        r, o, ym = f[1], f[2], f[3][:7]
        ot, M = say(o, self.rng), say_month(ym, self.rng)
        style = self.rng.randrange(3)
        if style == 0:
            q = f"In {M}, which parties {self.act(r, '', ot).strip()}?"
            c = "which_month_front"
        elif style == 1:
            q = f"Tell me who {self.act(r, '', ot).strip()} during {M}."
            c = "tell_me_month_end"
        else:
            pas = REL[r]["pas"]
            if pas is None:
                return None
            q = agree(f"During {M}, " + str(pas).format(o=ot, s="which actors") + "?", ot)
            c = "passive_month_front"
        return Item(q, Spec("subject", r, o=o, lo=ym + "-01", hi=month_end(ym)), "entity", "month", "equal", c)

    def eq_year(self) -> Item | None:
        f = self.fact()
        s, r, o = f[0], f[1], f[2]
        y = f[3][:4]
        if self.rng.random() < 0.5:
            ot = say(o, self.rng)
            q = f"Over the whole of {y}, who {self.act(r, '', ot).strip()}?"
            sp = Spec("subject", r, o=o, lo=y + "-01-01", hi=y + "-12-31")
            c = "year_front_subject"
        else:
            S = say(s, self.rng)
            q = f"In {y}, whom did {S} {self.inf(r, '').strip()}? List them all."
            sp = Spec("object", r, s=s, lo=y + "-01-01", hi=y + "-12-31")
            c = "list_objects_year_end"
        return Item(q, sp, "entity", "year", "equal", c)

    def eq_window(self) -> Item | None:
        f = self.fact()
        r, o, d = f[1], f[2], f[3]
        y, m = int(d[:4]), int(d[5:7])
        rng = self.rng
        ot = say(o, rng)
        kind = rng.randrange(5)
        if kind == 0:
            qn = (m - 1) // 3 + 1
            lo, hi = f"{y}-{3 * qn - 2:02d}-01", month_end(f"{y}-{3 * qn:02d}")
            names = ["first", "second", "third", "fourth"][qn - 1]
            span = f"{MONTHS[3 * qn - 3]} through {MONTHS[3 * qn - 1]}"
            q = f"Which actors {self.act(r, '', ot).strip()} in the {names} quarter of {y} ({span})?"
            return Item(q, Spec("subject", r, o=o, lo=lo, hi=hi), "entity", "month", "equal", "quarter_paren")
        if kind == 1:
            h = 1 if m <= 6 else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            span = "January to June" if h == 1 else "July to December"
            q = f"In the {'first' if h == 1 else 'second'} half of {y} ({span}), who {self.act(r, '', ot).strip()}?"
            return Item(q, Spec("subject", r, o=o, lo=lo, hi=hi), "entity", "month", "equal", "half_year_front")
        if kind == 2:
            seasons = {
                (3, 4, 5): "spring",
                (6, 7, 8): "summer",
                (9, 10, 11): "autumn",
            }
            for ms, nm in seasons.items():
                if m in ms:
                    lo, hi = f"{y}-{ms[0]:02d}-01", month_end(f"{y}-{ms[2]:02d}")
                    span = f"{MONTHS[ms[0] - 1]}, {MONTHS[ms[1] - 1]} and {MONTHS[ms[2] - 1]}"
                    pas = REL[r]["pas"]
                    if pas is not None:
                        q = agree(cap(str(pas).format(o=ot, s="whom")) + f" in the {nm} of {y} ({span})?", cap(ot))
                    else:
                        q = f"Who {self.act(r, '', ot).strip()} in the {nm} of {y}, i.e. {span}?"
                    return Item(q, Spec("subject", r, o=o, lo=lo, hi=hi), "entity", "month", "equal", "season_months")
            return None
        if kind == 3:
            n = rng.choice([5, 7, 10, 14])
            lo = shift(d, -rng.randrange(n))
            hi = shift(lo, n - 1)
            if lo < self.period[0] or hi > self.period[1]:
                return None
            q = (
                f"During the {n} days starting on {say_day(lo, rng)} (that is, through {say_day(hi, rng)}), "
                f"who {self.act(r, '', ot).strip()}?"
            )
            return Item(q, Spec("subject", r, o=o, lo=lo, hi=hi), "entity", "day", "equal", "n_day_window")
        lo = shift(d, -rng.randrange(4))
        hi = shift(lo, rng.randrange(3, 9))
        if lo < self.period[0] or hi > self.period[1]:
            return None
        q = f"Between {say_day(lo, rng)} and {say_day(hi, rng)}, both days included, who {self.act(r, '', ot).strip()}?"
        return Item(q, Spec("subject", r, o=o, lo=lo, hi=hi), "entity", "day", "equal", "between_inclusive")

    def eq_ellipsis(self) -> Item | None:
        f = self.fact()
        s, r, o, d = f
        S, ot = say(s, self.rng), say(o, self.rng)
        if self.rng.random() < 0.5:
            q = f"{cap(self.act(r, S, ot))} on {say_day(d, self.rng)}. Who else did the same that day?"
            return Item(q, Spec("subject", r, o=o, lo=d, hi=d, exclude=s), "entity", "day", "equal", "ellipsis_day")
        ym = d[:7]
        q = f"{cap(self.act(r, S, ot))} in {say_month(ym, self.rng)}. Which others did so in that same month?"
        sp = Spec("subject", r, o=o, lo=ym + "-01", hi=month_end(ym), exclude=s)
        return Item(q, sp, "entity", "month", "equal", "ellipsis_month")

    def eq_time(self) -> Item | None:
        f = self.fact()
        s, r, o, d = f
        y = d[:4]
        S, ot = say(s, self.rng), say(o, self.rng)
        in_y = f" in {y}" if self.store == "mtq" or self.rng.random() < 0.5 else ""
        lo, hi = (y + "-01-01", y + "-12-31")
        if self.rng.random() < 0.5:
            noun = REL[r]["noun"]
            if noun is not None and self.rng.random() < 0.5 and ("{s}'s" not in noun or possessive_ok(S)):
                q = f"Which day{in_y} saw {str(noun).format(s=S, o=ot)}?"
                c = "which_day_saw_noun"
            else:
                q = f"On what date{in_y} did {S} {self.inf(r, ot)}?"
                c = "on_what_date"
            return Item(q, Spec("day", r, s=s, o=o, lo=lo, hi=hi), "time", "day", "equal", c)
        if self.rng.random() < 0.5:
            q = f"Which month{' of ' + y if in_y else ''} did {S} {self.inf(r, ot)}?"
            c = "which_month_did"
        else:
            q = f"Tell me the month{in_y} when {self.act(r, S, ot)}."
            c = "tell_me_month_when"
        return Item(q, Spec("month", r, s=s, o=o, lo=lo, hi=hi), "time", "month", "equal", c)

    def first_last_entity(self) -> Item | None:
        f = self.fact()
        r, o = f[1], f[2]
        y, lo, hi = self.year_of(f[3])
        ot = say(o, self.rng)
        first = self.rng.random() < 0.5
        style = self.rng.randrange(3)
        if style == 0:
            q = f"Who was the {'first' if first else 'last'} to {self.inf(r, ot)} in {y}?"
            c = "who_was_the_first_last_to"
        elif style == 1:
            q = f"In {y}, who {'first' if first else 'most recently'} {self.act(r, '', ot).strip()}?"
            c = "year_front_first_recently"
        else:
            pas = REL[r]["pas"]
            if pas is None:
                return None
            q = agree(
                f"In {y}, "
                + str(pas).format(o=ot, s="whom")
                + f" {'for the first' if first else 'for the last'} time?",
                ot,
            )
            c = "passive_first_last_time"
        sp = Spec("subject", r, o=o, lo=lo, hi=hi, agg="min" if first else "max")
        return Item(q, sp, "entity", "year", "first_last", c)

    def first_last_time(self) -> Item | None:
        f = self.fact()
        s, r, o, d = f
        y, lo, hi = self.year_of(d)
        S, ot = say(s, self.rng), say(o, self.rng)
        first = self.rng.random() < 0.5
        if self.kg.triples[(s, r, o)] < 2:
            return None
        if self.rng.random() < 0.5:
            q = (
                f"When in {y} did {S} {self.inf(r, ot)} for the {'first' if first else 'last'} time? Give the day."
                if self.rng.random() < 0.5
                else f"What was the {'earliest' if first else 'latest'} date in {y} on which {self.act(r, S, ot)}?"
            )
            return Item(
                q,
                Spec("day", r, s=s, o=o, lo=lo, hi=hi, agg="min" if first else "max"),
                "time",
                "day",
                "first_last",
                "first_last_day",
            )
        q = (
            f"In which month of {y} did {S} {'first' if first else 'last'} {self.inf(r, ot)}?"
            if self.rng.random() < 0.5
            else f"Which month saw the {'first' if first else 'final'} time in {y} that {self.act(r, S, ot)}?"
        )
        return Item(
            q,
            Spec("month", r, s=s, o=o, lo=lo, hi=hi, agg="min" if first else "max"),
            "time",
            "month",
            "first_last",
            "first_last_month",
        )

    def before_after_date(self) -> Item | None:
        f = self.fact()
        r, o, d = f[1], f[2], f[3]
        y, lo, _hi = self.year_of(d)
        ot = say(o, self.rng)
        if self.rng.random() < 0.5:
            cut = shift(d, self.rng.randrange(1, 20))
            if cut[:4] != y:
                return None
            q = f"In {y}, before {say_day(cut, self.rng)}, who {self.act(r, '', ot).strip()}?"
            sp = Spec("subject", r, o=o, lo=lo, hi=shift(cut, -1))
            c = "before_date_year_scoped"
        else:
            cut = shift(d, -self.rng.randrange(1, 20))
            if cut < self.period[0]:
                return None
            q = f"Who {self.act(r, '', ot).strip()} at any point after {say_day(cut, self.rng)}?"
            sp = Spec("subject", r, o=o, lo=shift(cut, 1))
            c = "after_date_open"
        return Item(q, sp, "entity", "day", "before_after", c)

    def before_after_event(self) -> Item | None:
        a = self.fact(unique=True)
        rng = self.rng
        ad = a[3]
        y, lo, _hi = self.year_of(ad)
        cands = [f for f in self.pool if f[1] != a[1] and f[2] != a[2] and abs((day(f[3]) - day(ad)).days) < 25]
        if not cands:
            return None
        f = rng.choice(cands)
        r, o = f[1], f[2]
        ot = say(o, rng)
        A = self.anchor_text(a, rng)
        if f[3] > ad:
            q = f"After {A}, who went on to {self.inf(r, ot)}?"
            sp = Spec("subject", r, o=o, anchor=(a[0], a[1], a[2]), rel="gt")
            c = "after_event_went_on"
        else:
            q = f"Who {self.act(r, '', ot).strip()} in {y} before {A}?"
            sp = Spec("subject", r, o=o, lo=lo, anchor=(a[0], a[1], a[2]), rel="lt")
            c = "before_event_year_scoped"
        return Item(q, sp, "entity", "day", "before_after", c)

    def after_first(self) -> Item | None:
        rng = self.rng
        if rng.random() < 0.5:
            a = self.fact(unique=True)
            ad = a[3]
            cands = [f for f in self.pool if f[3] > ad and (day(f[3]) - day(ad)).days < 30]
            if not cands:
                return None
            f = rng.choice(cands)
            r, o = f[1], f[2]
            ot, A = say(o, rng), self.anchor_text(a, rng)
            if rng.random() < 0.5:
                q = f"Following {A}, who was the first to {self.inf(r, ot)}?"
                c = "following_event_first_to"
            else:
                q = f"Who was next to {self.inf(r, ot)} after {A}?"
                c = "who_was_next_after_event"
            sp = Spec("subject", r, o=o, anchor=(a[0], a[1], a[2]), rel="gt", agg="min")
            return Item(q, sp, "entity", "day", "after_first", c)
        f = self.fact()
        s, r, o, d = f
        cut = shift(d, -rng.randrange(2, 40))
        if cut < self.period[0]:
            return None
        S, ot = say(s, rng), say(o, rng)
        if rng.random() < 0.5:
            q = f"After {say_day(cut, rng)}, when did {S} next {self.inf(r, ot)}?"
            sp = Spec("day", r, s=s, o=o, lo=shift(cut, 1), agg="min")
            return Item(q, sp, "time", "day", "after_first", "when_next_after_date")
        q = f"Once {say_day(cut, rng)} had passed, who was the first to {self.inf(r, ot)}?"
        sp = Spec("subject", r, o=o, lo=shift(cut, 1), agg="min")
        return Item(q, sp, "entity", "day", "after_first", "once_date_passed_first")

    def before_last(self) -> Item | None:
        rng = self.rng
        if rng.random() < 0.6:
            a = self.fact(unique=True)
            ad = a[3]
            y, lo, _hi = self.year_of(ad)
            cands = [f for f in self.pool if f[3] < ad and f[3][:4] == y and (day(ad) - day(f[3])).days < 30]
            if not cands:
                return None
            f = rng.choice(cands)
            r, o = f[1], f[2]
            ot, A = say(o, rng), self.anchor_text(a, rng)
            if rng.random() < 0.5:
                q = f"In {y}, who was the last to {self.inf(r, ot)} before {A}?"
                c = "year_front_last_before_event"
            else:
                q = f"Just before {A} — and still within {y} — who most recently {self.act(r, '', ot).strip()}?"
                c = "most_recently_before_event_dash"
            sp = Spec("subject", r, o=o, lo=lo, anchor=(a[0], a[1], a[2]), rel="lt", agg="max")
            return Item(q, sp, "entity", "day", "before_last", c)
        f = self.fact()
        s, r, o, d = f
        y, lo, _hi = self.year_of(d)
        cut = shift(d, rng.randrange(2, 40))
        if cut[:4] != y:
            return None
        S, ot = say(s, rng), say(o, rng)
        if rng.random() < 0.5:
            q = f"Before {say_day(cut, rng)}, when in {y} did {S} last {self.inf(r, ot)}?"
            sp = Spec("day", r, s=s, o=o, lo=lo, hi=shift(cut, -1), agg="max")
            return Item(q, sp, "time", "day", "before_last", "when_last_before_date")
        cut = cut[:7] + "-01"  # a month boundary, so that the month holding the cut is never half-counted
        q = f"In {y}, which was the last month before {say_month(cut[:7], rng)} in which {self.act(r, S, ot)}?"
        sp = Spec("month", r, s=s, o=o, lo=lo, hi=shift(cut, -1), agg="max")
        return Item(q, sp, "time", "month", "before_last", "which_month_last_before_date")

    def equal_multi(self) -> Item | None:
        rng = self.rng
        a = self.fact(unique=True)
        ad = a[3]
        kind = rng.randrange(3)
        if kind == 0:
            cands = [f for f in self.pool if f[3] == ad and f[1] != a[1]]
        elif kind == 1:
            cands = [f for f in self.pool if f[3][:7] == ad[:7] and f[1] != a[1]]
        else:
            nd = shift(ad, 1)
            cands = [f for f in self.pool if f[3] == nd]
        if not cands:
            return None
        f = rng.choice(cands)
        r, o = f[1], f[2]
        ot = say(o, rng)
        if kind == 0:
            q = f"Who {self.act(r, '', ot).strip()} on the same day that {self.anchor_clause(a, rng)}?"
            return Item(
                q,
                Spec("subject", r, o=o, anchor=a[:3], rel="same_day"),
                "entity",
                "day",
                "equal_multi",
                "same_day_as_clause",
            )
        if kind == 1:
            A = self.anchor_text(a, rng)
            if rng.random() < 0.5:
                q = f"In the same month as {A}, which actors {self.act(r, '', ot).strip()}?"
                c = "same_month_as_front"
            else:
                pas = REL[r]["pas"]
                if pas is None:
                    return None
                q = agree(cap(str(pas).format(o=ot, s="whom")), cap(ot))
                q += f" during the month in which {self.anchor_clause(a, rng)}?"
                c = "passive_month_in_which"
            return Item(q, Spec("subject", r, o=o, anchor=a[:3], rel="same_month"), "entity", "month", "equal_multi", c)
        A = self.anchor_text(a, rng)
        q = f"On the day after {A}, who {self.act(r, '', ot).strip()}?"
        return Item(
            q, Spec("subject", r, o=o, anchor=a[:3], rel="day_after"), "entity", "day", "equal_multi", "day_after_event"
        )


PLAN_MTQ = [
    ("eq_day_who", 9),
    ("eq_day_whom", 5),
    ("eq_named_day", 3),
    ("eq_month", 7),
    ("eq_year", 5),
    ("eq_window", 9),
    ("eq_ellipsis", 5),
    ("eq_time", 9),
    ("first_last_entity", 8),
    ("first_last_time", 8),
    ("before_after_date", 7),
    ("before_after_event", 6),
    ("after_first", 8),
    ("before_last", 8),
    ("equal_multi", 10),
]
PLAN_BENCH = [
    ("eq_day_who", 6),
    ("eq_day_whom", 3),
    ("eq_named_day", 2),
    ("eq_month", 5),
    ("eq_year", 3),
    ("eq_window", 6),
    ("eq_ellipsis", 4),
    ("eq_time", 6),
    ("first_last_entity", 6),
    ("first_last_time", 5),
    ("before_after_date", 5),
    ("before_after_event", 4),
    ("after_first", 6),
    ("before_last", 5),
    ("equal_multi", 7),
]


def load_facts(store: Store) -> list[Fact]:
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, ev.relation AS r, o.name AS o, toString(ev.valid_from) AS d"
    )
    return sorted({(r["s"], r["r"], r["o"], r["d"]) for r in rows})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=("mtq", "bench"), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    kg = KG(load_facts(store))
    rng = random.Random(f"{SEED}-{args.store}")
    maker = Maker(kg, args.store, rng)
    plan = PLAN_MTQ if args.store == "mtq" else PLAN_BENCH
    prefix = "b63m" if args.store == "mtq" else "b63i"
    seen_q: set[str] = set()
    seen_spec: set[str] = set()
    out: list[dict[str, Any]] = []
    dropped: collections.Counter[str] = collections.Counter()
    relations: set[str] = set()
    for name, want in plan:
        got = 0
        tries = 0
        while got < want and tries < 400:
            tries += 1
            item = getattr(maker, name)()
            if item is None:
                continue
            item.question = re.sub(r"(?<=s)'s\b", "'", item.question)  # "the United States' cabinet"
            item.question = re.sub(r"\b([Aa]) (?=[AEIOU])", r"\1n ", item.question)  # "an Australian lawyer"
            gold = kg.gold(item.spec)
            if not gold or len(gold) > 5:
                continue
            if item.spec.anchor is not None and kg.triples[item.spec.anchor] != 1:
                continue
            key = repr((item.spec.ask, item.spec.r, item.spec.s, item.spec.o))
            if item.question in seen_q or key in seen_spec:
                continue
            ans, _ = check(store, item.spec)
            agrees = ans == gold
            if not agrees:
                dropped["check_disagrees"] += 1
                print(f"DISAGREE {item.question!r}: {gold} vs {ans}", file=sys.stderr)
                continue
            seen_q.add(item.question)
            relations.add(item.spec.r)
            seen_spec.add(key)
            got += 1
            qid = f"{prefix}{len(out) + 1:03d}"
            sp = item.spec
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": item.question,
                    "answers": gold,
                    "answer_type": item.answer_type,
                    "time_level": item.time_level,
                    "qtype": item.qtype,
                    "qlabel": "Single" if item.qtype in ("equal", "before_after", "first_last") else "Multiple",
                    "evidence": [],
                    "construction": item.construction,
                    "store": args.store,
                    "check": (
                        f"Cypher from {'object' if sp.o else 'subject'} side, Date filters"
                        + (", anchor resolved and unique in query" if sp.anchor else "")
                        + (f", {sp.agg} in Cypher" if sp.agg != "all" else "")
                    ),
                    "check_agrees": agrees,
                }
            )
        if got < want:
            print(f"{name}: only {got}/{want}", file=sys.stderr)
    store.close()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        for rec in out:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(
        f"{args.out}: {len(out)} questions, {len(relations)} relations asked; "
        f"check disagreements dropped: {dropped['check_disagrees']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
