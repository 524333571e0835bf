"""Blind held-out question set 14: MultiTQ-style questions over the `mtq` (ICEWS05-15, partial) and `bench` (ICEWS14)
stores, phrased from scratch, with gold answers computed from the store and checked a second time by Cypher.

Why: the symbolic temporal reader is tuned on the phrasings it has seen; this set measures it on phrasings it has not.
Gold is computed in Python over ONE read of all (subject, relation, object, day) quadruples; every question is then
recomputed by a differently written Cypher query (entity-anchored matches, date strings compared as text, min/max
aggregated in Cypher, windows derived with Cypher date arithmetic) and the agreement is recorded per question.

    PYTHONPATH=$PWD python benchmarks/make_blind_phrasings_14.py --out <dir>

Deterministic: seed 20261214 (random.Random(SEED) for mtq, random.Random(SEED + 1) for bench) over sorted data;
rerunning against the same stores writes byte-identical files. Read-only: no schema is created, nothing is written.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261214

STORES: dict[str, dict[str, Any]] = {
    "mtq": {
        "env": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
        "prefix": "b14m",
        "file": "blind_mtq.jsonl",
        "lo": dt.date(2014, 1, 1),
        "hi": dt.date(2015, 12, 31),
        "years": [2014, 2015],
        "target": 100,
        "seed": SEED,
    },
    "bench": {
        "env": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
        "prefix": "b14i",
        "file": "blind_icews14.jsonl",
        "lo": dt.date(2014, 1, 1),
        "hi": dt.date(2014, 12, 31),
        "years": [2014],
        "target": 70,
        "seed": SEED + 1,
    },
}

# ---------------------------------------------------------------------------------------------- phrasing tables
# relation -> base (infinitive, {o}), past forms ({o}), passive participle or None, gerund ({o}), noun ({s}, {o})
REL: dict[str, dict[str, Any]] = {
    "Make_statement": {
        "base": ["make a statement about {o}", "comment on {o}"],
        "past": ["made a statement about {o}", "commented on {o}", "issued a statement on {o}"],
        "pp": None,
        "ger": "commenting on {o}",
        "noun": "{s}'s statement about {o}",
    },
    "Consult": {
        "base": ["consult {o}", "hold consultations with {o}"],
        "past": ["consulted {o}", "held consultations with {o}", "sought the counsel of {o}"],
        "pp": "consulted",
        "ger": "consulting {o}",
        "noun": "{s}'s consultation with {o}",
    },
    "Make_an_appeal_or_request": {
        "base": ["appeal to {o}", "make a request to {o}"],
        "past": ["appealed to {o}", "made a request to {o}", "put a request to {o}"],
        "pp": "appealed to",
        "ger": "appealing to {o}",
        "noun": "{s}'s appeal to {o}",
    },
    "Express_intent_to_meet_or_negotiate": {
        "base": ["signal a willingness to meet or negotiate with {o}"],
        "past": [
            "signalled a willingness to meet or negotiate with {o}",
            "said they were ready to meet or negotiate with {o}",
        ],
        "pp": None,
        "ger": "signalling readiness to meet or negotiate with {o}",
        "noun": "{s}'s offer to meet or negotiate with {o}",
    },
    "Host_a_visit": {
        "base": ["host {o}", "host a visit by {o}"],
        "past": ["hosted {o}", "hosted a visit by {o}", "received {o} as a visiting guest"],
        "pp": "hosted",
        "ger": "hosting {o}",
        "noun": "{s}'s hosting of a visit by {o}",
    },
    "Make_a_visit": {
        "base": ["visit {o}", "pay a visit to {o}"],
        "past": ["visited {o}", "paid a visit to {o}", "went on a visit to {o}"],
        "pp": "visited",
        "ger": "visiting {o}",
        "noun": "{s}'s visit to {o}",
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "base": ["arrest, detain or charge {o}", "take {o} into custody or charge them"],
        "past": ["arrested, detained or charged {o}", "took legal action against {o} (arrest, detention or charges)"],
        "pp": "arrested, detained or charged",
        "ger": "arresting, detaining or charging {o}",
        "noun": "the arrest, detention or charging of {o} by {s}",
    },
    "Praise_or_endorse": {
        "base": ["praise {o}", "endorse {o}"],
        "past": ["praised {o}", "endorsed {o}", "spoke highly of {o}"],
        "pp": "praised",
        "ger": "praising {o}",
        "noun": "{s}'s praise for {o}",
    },
    "Criticize_or_denounce": {
        "base": ["criticize {o}", "denounce {o}"],
        "past": ["criticized {o}", "denounced {o}", "publicly criticized {o}"],
        "pp": "criticized",
        "ger": "criticizing {o}",
        "noun": "{s}'s criticism of {o}",
    },
    "Accuse": {
        "base": ["accuse {o}", "level accusations at {o}"],
        "past": ["accused {o}", "levelled accusations at {o}", "pointed the finger at {o}"],
        "pp": "accused",
        "ger": "accusing {o}",
        "noun": "{s}'s accusation against {o}",
    },
    "Use_unconventional_violence": {
        "base": ["use unconventional violence against {o}"],
        "past": ["used unconventional violence against {o}", "resorted to unconventional violence against {o}"],
        "pp": "targeted with unconventional violence",
        "ger": "using unconventional violence against {o}",
        "noun": None,
    },
    "Engage_in_negotiation": {
        "base": ["negotiate with {o}", "hold negotiations with {o}"],
        "past": ["negotiated with {o}", "held negotiations with {o}", "sat down to negotiate with {o}"],
        "pp": None,
        "ger": "negotiating with {o}",
        "noun": "the negotiations of {s} with {o}",
    },
    "Use_conventional_military_force": {
        "base": ["use conventional military force against {o}"],
        "past": ["used conventional military force against {o}", "turned conventional military force on {o}"],
        "pp": "attacked with conventional military force",
        "ger": "using military force against {o}",
        "noun": "the use of conventional military force by {s} against {o}",
    },
    "Demand": {
        "base": ["make a demand of {o}", "issue demands to {o}"],
        "past": ["made demands of {o}", "issued a demand to {o}", "demanded something of {o}"],
        "pp": None,
        "ger": "making demands of {o}",
        "noun": "{s}'s demand to {o}",
    },
    "Express_intent_to_cooperate": {
        "base": ["express an intention to cooperate with {o}", "pledge cooperation with {o}"],
        "past": ["expressed an intention to cooperate with {o}", "pledged to cooperate with {o}"],
        "pp": None,
        "ger": "pledging cooperation with {o}",
        "noun": "{s}'s pledge to cooperate with {o}",
    },
    "Engage_in_diplomatic_cooperation": {
        "base": ["cooperate diplomatically with {o}"],
        "past": ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        "pp": None,
        "ger": "cooperating diplomatically with {o}",
        "noun": "the diplomatic cooperation of {s} with {o}",
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "base": ["signal an intention to engage in diplomatic cooperation (such as policy support) with {o}"],
        "past": ["signalled an intention to cooperate diplomatically (for example with policy support) with {o}"],
        "pp": None,
        "ger": "offering diplomatic cooperation to {o}",
        "noun": "{s}'s offer of diplomatic cooperation to {o}",
    },
    "Sign_formal_agreement": {
        "base": ["sign a formal agreement with {o}", "conclude a formal agreement with {o}"],
        "past": ["signed a formal agreement with {o}", "concluded a formal agreement with {o}"],
        "pp": None,
        "ger": "signing a formal agreement with {o}",
        "noun": "the signing of a formal agreement by {s} with {o}",
    },
    "Discuss_by_telephone": {
        "base": ["talk by phone with {o}", "phone {o}"],
        "past": ["spoke by telephone with {o}", "had a phone conversation with {o}", "phoned {o}"],
        "pp": "phoned",
        "ger": "speaking by phone with {o}",
        "noun": "{s}'s phone call with {o}",
    },
    "Investigate": {
        "base": ["investigate {o}", "open an investigation into {o}"],
        "past": ["investigated {o}", "opened an investigation into {o}"],
        "pp": "investigated",
        "ger": "investigating {o}",
        "noun": "{s}'s investigation of {o}",
    },
    "Reject": {
        "base": ["reject {o}", "rebuff {o}"],
        "past": ["rejected {o}", "rebuffed {o}", "turned down {o}"],
        "pp": "rebuffed",
        "ger": "rejecting {o}",
        "noun": "{s}'s rejection of {o}",
    },
    "Make_optimistic_comment": {
        "base": ["make an optimistic comment about {o}", "speak optimistically about {o}"],
        "past": ["made an optimistic comment about {o}", "sounded upbeat about {o}", "spoke optimistically about {o}"],
        "pp": None,
        "ger": "speaking optimistically about {o}",
        "noun": "{s}'s optimistic remarks about {o}",
    },
    "Make_pessimistic_comment": {
        "base": ["make a pessimistic comment about {o}"],
        "past": ["made a pessimistic comment about {o}", "voiced pessimism about {o}", "sounded gloomy about {o}"],
        "pp": None,
        "ger": "voicing pessimism about {o}",
        "noun": "{s}'s pessimistic remarks about {o}",
    },
    "Threaten": {
        "base": ["threaten {o}"],
        "past": ["threatened {o}", "issued threats against {o}"],
        "pp": "threatened",
        "ger": "threatening {o}",
        "noun": "{s}'s threat against {o}",
    },
    "Abduct,_hijack,_or_take_hostage": {
        "base": ["abduct, hijack or take hostage {o}"],
        "past": ["abducted, hijacked or took hostage {o}", "kidnapped or took hostage {o}"],
        "pp": "abducted or taken hostage",
        "ger": "abducting or taking hostage {o}",
        "noun": "the abduction or hostage-taking of {o} by {s}",
    },
    "Meet_at_a_'third'_location": {
        "base": ["meet {o} at a third location"],
        "past": ["met {o} at a third location", "met with {o} at a neutral (third) venue"],
        "pp": None,
        "ger": "meeting {o} at a third location",
        "noun": "{s}'s meeting with {o} at a third location",
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "base": ["appeal to {o} for diplomatic cooperation"],
        "past": [
            "appealed to {o} for diplomatic cooperation",
            "asked {o} for diplomatic cooperation such as policy support",
        ],
        "pp": None,
        "ger": "asking {o} for diplomatic cooperation",
        "noun": "{s}'s appeal to {o} for diplomatic cooperation",
    },
    "Provide_humanitarian_aid": {
        "base": ["provide humanitarian aid to {o}", "send humanitarian aid to {o}"],
        "past": ["provided humanitarian aid to {o}", "sent humanitarian aid to {o}"],
        "pp": "given humanitarian aid",
        "ger": "providing humanitarian aid to {o}",
        "noun": "the humanitarian aid sent by {s} to {o}",
    },
    "Use_tactics_of_violent_repression": {
        "base": ["violently repress {o}"],
        "past": ["used violent repression against {o}", "violently repressed {o}"],
        "pp": "violently repressed",
        "ger": "violently repressing {o}",
        "noun": None,
    },
    "Make_empathetic_comment": {
        "base": ["make an empathetic comment about {o}"],
        "past": ["made an empathetic comment about {o}", "expressed sympathy for {o}"],
        "pp": None,
        "ger": "expressing sympathy for {o}",
        "noun": "{s}'s sympathetic words for {o}",
    },
    "Reduce_relations": {
        "base": ["reduce relations with {o}"],
        "past": ["reduced relations with {o}", "scaled back relations with {o}"],
        "pp": None,
        "ger": "scaling back relations with {o}",
        "noun": None,
    },
    "Expel_or_deport_individuals": {
        "base": ["expel or deport {o}"],
        "past": ["expelled or deported {o}"],
        "pp": "expelled or deported",
        "ger": "expelling or deporting {o}",
        "noun": "the expulsion or deportation of {o} by {s}",
    },
    "Bring_lawsuit_against": {
        "base": ["sue {o}", "bring a lawsuit against {o}"],
        "past": ["sued {o}", "brought a lawsuit against {o}", "took {o} to court"],
        "pp": "sued",
        "ger": "suing {o}",
        "noun": "the lawsuit brought by {s} against {o}",
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "base": ["impose an embargo, boycott or sanctions on {o}"],
        "past": [
            "imposed an embargo, boycott or sanctions on {o}",
            "slapped sanctions, an embargo or a boycott on {o}",
        ],
        "pp": None,
        "ger": "imposing sanctions on {o}",
        "noun": None,
    },
    "Complain_officially": {
        "base": ["complain officially about {o}", "lodge an official complaint against {o}"],
        "past": ["lodged an official complaint against {o}", "complained officially about {o}"],
        "pp": None,
        "ger": "complaining officially about {o}",
        "noun": "{s}'s official complaint against {o}",
    },
    "Provide_economic_aid": {
        "base": ["give economic aid to {o}"],
        "past": ["gave economic aid to {o}", "extended economic assistance to {o}"],
        "pp": "given economic aid",
        "ger": "giving economic aid to {o}",
        "noun": "the economic aid from {s} to {o}",
    },
    "Express_accord": {
        "base": ["express agreement with {o}"],
        "past": ["expressed agreement with {o}", "said they agreed with {o}"],
        "pp": None,
        "ger": "expressing agreement with {o}",
        "noun": None,
    },
    "Cooperate_militarily": {
        "base": ["cooperate militarily with {o}"],
        "past": ["cooperated militarily with {o}", "worked together militarily with {o}"],
        "pp": None,
        "ger": "cooperating militarily with {o}",
        "noun": "the military cooperation of {s} with {o}",
    },
    "Provide_aid": {
        "base": ["provide aid to {o}"],
        "past": ["provided aid to {o}", "gave assistance to {o}"],
        "pp": None,
        "ger": "providing aid to {o}",
        "noun": None,
    },
    "Protest_violently,_riot": {
        "base": ["riot against {o}", "protest violently against {o}"],
        "past": ["rioted against {o}", "protested violently against {o}"],
        "pp": None,
        "ger": "rioting against {o}",
        "noun": None,
    },
}

# sector (the part before " (Country)") -> phrasings, {c} = the country in the parentheses
SECTOR: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "ordinary people in {c}", "the citizens of {c}"],
    "Police": ["the police in {c}", "{c}'s police", "police forces in {c}"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Head of State": ["the head of state of {c}", "{c}'s head of state"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Ministry": ["a government ministry of {c}", "ministry officials in {c}"],
    "Protester": ["protesters in {c}", "demonstrators in {c}"],
    "Militant": ["militants in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Criminal": ["criminals in {c}"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Member of Parliament": ["members of parliament in {c}", "{c}'s MPs"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Media": ["the media in {c}", "{c}'s press"],
    "Men": ["men in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Employee": ["employees in {c}", "workers in {c}"],
    "Business": ["businesses in {c}", "the business community in {c}"],
    "Student": ["students in {c}"],
    "Opposition Supporter": ["opposition supporters in {c}"],
    "Governor": ["a provincial governor in {c}", "governors in {c}"],
    "City Mayor": ["a city mayor in {c}"],
    "Election Commission": ["the election commission of {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s defence and security ministry"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s cabinet and advisers"],
    "Other Authorities / Officials": ["officials in {c}", "authorities in {c}"],
    "Terrorist": ["terrorists in {c}"],
    "Insurgent": ["insurgents in {c}"],
    "Party Member": ["party members in {c}"],
    "Member of the Judiciary": ["members of the judiciary in {c}", "the judiciary of {c}"],
    "Senior Military Official": ["a senior military official of {c}"],
    "Health Ministry": ["the health ministry of {c}"],
    "Education Ministry": ["the education ministry of {c}"],
    "Business Person": ["a businessman in {c}", "business people in {c}"],
    "Legislature": ["the legislature of {c}"],
    "Ethnic Group": ["an ethnic group in {c}"],
    "Radicals / Extremists / Fundamentalists": ["radicals in {c}", "extremists in {c}"],
    "Immigrants": ["immigrants in {c}"],
    "Refugee": ["refugees in {c}"],
    "Trade Union": ["trade unions in {c}"],
    "Prime Minister": ["the prime minister of {c}"],
    "Medical Personnel": ["medical staff in {c}"],
    "Sheikh": ["a sheikh in {c}"],
}

MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
]  # fmt: skip
QUARTERS = [("first", 1, "January to March"), ("second", 4, "April through June"), ("third", 7, "July to September"),
            ("fourth", 10, "October through December")]  # fmt: skip
HALVES = [("first", 1, 6, "January to June"), ("second", 7, 12, "July through December")]
SEASONS = [("spring", 3, 5, "March, April and May"), ("summer", 6, 8, "June, July and August"),
           ("autumn", 9, 11, "September, October and November")]  # fmt: skip
NAMED_DAYS = [("New Year's Day", 1, 1), ("Valentine's Day", 2, 14), ("International Women's Day", 3, 8),
              ("May Day", 5, 1), ("the Fourth of July", 7, 4), ("Bastille Day", 7, 14), ("Halloween", 10, 31),
              ("Christmas Eve", 12, 24), ("Christmas Day", 12, 25), ("New Year's Eve", 12, 31),
              ("World AIDS Day", 12, 1), ("St Patrick's Day", 3, 17)]  # fmt: skip


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_day(d: dt.date, rng: random.Random) -> str:
    style = rng.randrange(4)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return d.isoformat()
    return f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"


def say_month(year: int, month: int, rng: random.Random) -> str:
    return f"{MONTHS[month - 1]} {year}" if rng.random() < 0.8 else f"{MONTHS[month - 1]} of {year}"


# place names that take "the" in running text
THE = {"United States", "United Kingdom", "Philippines", "Netherlands", "Central African Republic", "Czech Republic",
       "Dominican Republic", "United Arab Emirates", "Democratic Republic of Congo", "Gambia", "Maldives", "Bahamas",
       "Occupied Palestinian Territory", "Comoros", "Solomon Islands", "Marshall Islands", "Seychelles", "Vatican",
       "Middle East", "European Union", "United Nations", "Taliban", "UN Security Council", "World Bank",
       "International Monetary Fund", "African Union", "European Commission", "North Atlantic Treaty Organization",
       "Kremlin"}  # fmt: skip
PLURAL = {"citizens", "people", "police", "protesters", "demonstrators", "militants", "rebels", "criminals", "judges",
          "members", "lawyers", "men", "women", "children", "employees", "workers", "businesses", "students",
          "supporters", "governors", "officials", "authorities", "terrorists", "insurgents", "radicals", "extremists",
          "immigrants", "refugees", "unions", "staff", "MPs", "forces", "advisers"}  # fmt: skip


def place(name: str) -> str:
    return f"the {name}" if name in THE else name


def poss(text: str) -> str:
    return f"{text}'" if text.endswith("s") else f"{text}'s"


def say_entity(name: str, rng: random.Random) -> str | None:
    """How a person would name an entity; None when the KG name has no natural wording here (skip it)."""
    if "," in name or "Unidentified" in name or "(International)" in name:
        return None
    if "(" not in name:
        return place(name) if name and "/" not in name else None
    if not name.endswith(")") or name.count("(") != 1:
        return None
    sector, country = name[:-1].split(" (", 1)
    forms = SECTOR.get(sector)
    if not forms or not country:
        return None
    form = rng.choice(forms)
    if form.startswith("{c}'s"):
        return poss(place(country)) + form[len("{c}'s") :]
    return form.format(c=place(country))


def be(phrase: str) -> str:
    """'was' or 'were' for an entity phrase (sector phrasings are often plural: 'citizens of India were ...')."""
    head = phrase.split(" of ", 1)[0].split(" in ", 1)[0]
    return "were" if any(w in PLURAL for w in head.split()) else "was"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def month_end(year: int, month: int) -> dt.date:
    nxt = dt.date(year + (month == 12), month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


# ---------------------------------------------------------------------------------------------- the data
@dataclass
class KG:
    """All quadruples of a store, indexed for the gold computations (dates as datetime.date)."""

    quads: list[tuple[str, str, str, dt.date]]
    by_ro: dict[tuple[str, str], dict[dt.date, set[str]]] = field(default_factory=dict)
    by_sr: dict[tuple[str, str], dict[dt.date, set[str]]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[dt.date]] = field(default_factory=dict)
    by_rel: dict[str, list[tuple[str, str, str, dt.date]]] = field(default_factory=dict)
    by_day: dict[dt.date, list[tuple[str, str, str, dt.date]]] = field(default_factory=dict)
    rels_on: dict[str, list[str]] = field(default_factory=dict)  # object -> relations it receives
    triples_of: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)  # subject -> its (s, r, o)

    def __post_init__(self) -> None:
        ro: dict[tuple[str, str], dict[dt.date, set[str]]] = defaultdict(lambda: defaultdict(set))
        sr: dict[tuple[str, str], dict[dt.date, set[str]]] = defaultdict(lambda: defaultdict(set))
        sro: dict[tuple[str, str, str], set[dt.date]] = defaultdict(set)
        rel: dict[str, list[tuple[str, str, str, dt.date]]] = defaultdict(list)
        day: dict[dt.date, list[tuple[str, str, str, dt.date]]] = defaultdict(list)
        for s, r, o, d in self.quads:
            day[d].append((s, r, o, d))
            ro[(r, o)][d].add(s)
            sr[(s, r)][d].add(o)
            sro[(s, r, o)].add(d)
            rel[r].append((s, r, o, d))
        self.by_ro, self.by_sr = ro, sr
        self.by_sro = {k: sorted(v) for k, v in sro.items()}
        self.by_rel = dict(rel)
        self.by_day = dict(day)
        rels_on: dict[str, set[str]] = defaultdict(set)
        for r, o in ro:
            rels_on[o].add(r)
        self.rels_on = {o: sorted(v) for o, v in rels_on.items()}
        triples: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for k in sorted(sro):
            triples[k[0]].append(k)
        self.triples_of = dict(triples)


def load_kg(store: Store) -> KG:
    rows = store.run_values(
        "MATCH (e:Event)-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    quads = sorted({(row["s"], row["r"], row["o"], row["d"].to_native()) for row in rows})
    return KG(quads)


# ---------------------------------------------------------------------------------------------- question specs
@dataclass
class Spec:
    """What a question asks, independent of its wording: ``want`` the subject / object / time of (s, r, o) with the
    other two fixed, restricted to the day window [lo, hi] (or a window derived from an anchor event), aggregated
    as all / first / last, time answers at ``level``; ``exclude`` removes names (ellipsis "who else")."""

    want: str
    s: str | None
    r: str
    o: str | None
    lo: dt.date | None = None
    hi: dt.date | None = None
    agg: str = "all"
    level: str = "day"
    exclude: tuple[str, ...] = ()
    anchor: tuple[str, str, str] | None = None
    mode: str | None = None  # after / before_year / same_day / same_month / next_day / prev_day


def anchor_window(mode: str, a: dt.date, end: dt.date) -> tuple[dt.date, dt.date]:
    if mode == "after":
        return a + dt.timedelta(days=1), end
    if mode == "before_year":
        return dt.date(a.year, 1, 1), a - dt.timedelta(days=1)
    if mode == "same_day":
        return a, a
    if mode == "same_month":
        return dt.date(a.year, a.month, 1), month_end(a.year, a.month)
    if mode == "next_day":
        return a + dt.timedelta(days=1), a + dt.timedelta(days=1)
    if mode == "prev_day":
        return a - dt.timedelta(days=1), a - dt.timedelta(days=1)
    raise ValueError(mode)


def fmt_time(d: dt.date, level: str) -> str:
    return {"day": d.isoformat(), "month": d.isoformat()[:7], "year": str(d.year)}[level]


def gold(kg: KG, sp: Spec, end: dt.date) -> list[str]:
    """The gold answers of a spec from the in-memory quadruples."""
    lo, hi = sp.lo, sp.hi
    if sp.anchor is not None:
        days = kg.by_sro.get(sp.anchor, [])
        if len(days) != 1:
            return []
        assert sp.mode is not None
        lo, hi = anchor_window(sp.mode, days[0], end)
    assert lo is not None and hi is not None
    if sp.want == "subj":
        assert sp.o is not None
        table = kg.by_ro.get((sp.r, sp.o), {})
    elif sp.want == "obj":
        assert sp.s is not None
        table = kg.by_sr.get((sp.s, sp.r), {})
    else:
        assert sp.s is not None and sp.o is not None
        table = {d: {fmt_time(d, sp.level)} for d in kg.by_sro.get((sp.s, sp.r, sp.o), [])}
    days = sorted(d for d in table if lo <= d <= hi)
    if not days:
        return []
    if sp.agg == "first":
        days = days[:1]
    elif sp.agg == "last":
        days = days[-1:]
    names: set[str] = set()
    for d in days:
        names |= table[d]
    return sorted(names - set(sp.exclude))


# ---------------------------------------------------------------------------------------------- second check
_SIDE = {
    "subj": ("MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) WHERE e.relation = $r", "x.name"),
    "obj": ("MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE e.relation = $r", "x.name"),
    "time": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r",
        "substring(toString(e.valid_from), 0, $len)",
    ),
}
_WINDOW_CYPHER = {
    "after": "toString(a + duration('P1D')) AS lo, $end AS hi",
    "before_year": "toString(date({year: a.year, month: 1, day: 1})) AS lo, toString(a - duration('P1D')) AS hi",
    "same_day": "toString(a) AS lo, toString(a) AS hi",
    "same_month": "toString(date.truncate('month', a)) AS lo, "
    "toString(date.truncate('month', a) + duration('P1M') - duration('P1D')) AS hi",
    "next_day": "toString(a + duration('P1D')) AS lo, toString(a + duration('P1D')) AS hi",
    "prev_day": "toString(a - duration('P1D')) AS lo, toString(a - duration('P1D')) AS hi",
}


def check(store: Store, sp: Spec, end: dt.date) -> tuple[list[str], str]:
    """Recompute a spec's gold with Cypher written the other way round: entity-anchored matches, the window
    compared as ISO date strings, the anchor's window by Cypher date arithmetic, first/last by min/max in Cypher."""
    params: dict[str, Any] = {"s": sp.s, "r": sp.r, "o": sp.o, "len": {"day": 10, "month": 7, "year": 4}[sp.level]}
    what = []
    if sp.anchor is not None:
        assert sp.mode is not None
        rows = store.run(
            "MATCH (x1:Entity {name: $a_s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x2:Entity {name: $a_o}) "
            "WHERE e.relation = $a_r WITH collect(DISTINCT e.valid_from) AS ds WHERE size(ds) = 1 "
            f"WITH ds[0] AS a RETURN {_WINDOW_CYPHER[sp.mode]}",
            {"a_s": sp.anchor[0], "a_r": sp.anchor[1], "a_o": sp.anchor[2], "end": end.isoformat()},
        )
        if not rows:
            return [], "anchor not unique"
        params["lo"], params["hi"] = rows[0]["lo"], rows[0]["hi"]
        what.append(f"anchor via Cypher date arithmetic ({sp.mode})")
    else:
        assert sp.lo is not None and sp.hi is not None
        params["lo"], params["hi"] = sp.lo.isoformat(), sp.hi.isoformat()
    match, ret = _SIDE[sp.want]
    window = " AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi"
    if sp.agg == "all":
        q = f"{match}{window} RETURN collect(DISTINCT {ret}) AS a"
        what.append(f"{sp.want} side, window as strings")
    else:
        agg = "min" if sp.agg == "first" else "max"
        q = (
            f"{match}{window} WITH {agg}(toString(e.valid_from)) AS m "
            f"{match} AND toString(e.valid_from) = m RETURN collect(DISTINCT {ret}) AS a"
        )
        what.append(f"{sp.want} side, {agg}() in Cypher over date strings")
    rows = store.run(q, params)
    got = sorted(set(rows[0]["a"]) - set(sp.exclude)) if rows else []
    return got, "; ".join(what)


# ---------------------------------------------------------------------------------------------- constructions
@dataclass
class Ctx:
    kg: KG
    rng: random.Random
    lo: dt.date
    hi: dt.date
    years: list[int]
    rels: list[str]

    def quad(self, lo: dt.date | None = None, hi: dt.date | None = None) -> tuple[str, str, str, dt.date]:
        """A random quadruple with a phrased relation, dated inside [lo, hi] (the store period by default)."""
        lo, hi = lo or self.lo, hi or self.hi
        while True:
            r = self.rng.choice(self.rels)
            q = self.rng.choice(self.kg.by_rel[r])
            if lo <= q[3] <= hi:
                return q

    def unique_anchor(self, lo: dt.date | None = None, hi: dt.date | None = None) -> tuple[str, str, str, dt.date]:
        """A quadruple whose (s, r, o) happens on exactly one day in the whole store, that day inside [lo, hi]."""
        while True:
            q = self.quad(lo, hi)
            if len(self.kg.by_sro[q[:3]]) == 1:
                return q


@dataclass
class Q:
    text: str
    spec: Spec
    answer_type: str
    time_level: str
    qtype: str
    construction: str


def P(r: str, key: str, rng: random.Random) -> str:
    v = REL[r][key]
    return rng.choice(v) if isinstance(v, list) else v


def clause(ctx: Ctx, s: str, r: str, o: str) -> str | None:
    """'<S> <past verb> <O>' for an anchor event, or None if an entity has no wording."""
    ss, oo = say_entity(s, ctx.rng), say_entity(o, ctx.rng)
    if ss is None or oo is None:
        return None
    return f"{ss} {P(r, 'past', ctx.rng).format(o=oo)}"


def noun_or_clause(ctx: Ctx, s: str, r: str, o: str) -> tuple[str, bool] | None:
    """The anchor as a noun phrase ("Japan's visit to China") when the relation has one, else as a clause."""
    ss, oo = say_entity(s, ctx.rng), say_entity(o, ctx.rng)
    if ss is None or oo is None:
        return None
    noun = REL[r]["noun"]
    if noun and ctx.rng.random() < 0.6 and not ss.startswith(("the ", "a ")) and "'s" not in ss:
        return noun.replace("{s}'s", poss(ss)).format(s=ss, o=oo), True
    return f"{ss} {P(r, 'past', ctx.rng).format(o=oo)}", False


Builder = Callable[[Ctx], Q | None]


def c_day_subj(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    text = ctx.rng.choice([f"Who {v} on {say_day(d, ctx.rng)}?", f"On {say_day(d, ctx.rng)}, who {v}?"])
    return Q(text, Spec("subj", None, r, o, d, d), "entity", "day", "equal", "day/subject/active")


def c_day_obj(ctx: Ctx) -> Q | None:
    s, r, _o, d = ctx.quad()
    ss = say_entity(s, ctx.rng)
    if ss is None:
        return None
    v = P(r, "base", ctx.rng).format(o="whom")
    if not v.endswith(" whom"):
        return None
    v = v[: -len(" whom")]
    text = ctx.rng.choice(
        [f"On {say_day(d, ctx.rng)}, whom did {ss} {v}?", f"Whom did {ss} {v} on {say_day(d, ctx.rng)}?"]
    )
    return Q(text, Spec("obj", s, r, None, d, d), "entity", "day", "equal", "day/object/fronted-or-end")


def c_day_passive(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo, pp = say_entity(o, ctx.rng), REL[r]["pp"]
    if oo is None or pp is None:
        return None
    text = ctx.rng.choice(
        [
            f"By whom {be(oo)} {oo} {pp} on {say_day(d, ctx.rng)}?",
            f"{cap(oo)} {be(oo)} {pp} by whom on {say_day(d, ctx.rng)}?",
        ]
    )
    return Q(text, Spec("subj", None, r, o, d, d), "entity", "day", "equal", "day/subject/passive")


def c_month_name(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    m = say_month(d.year, d.month, ctx.rng)
    v = P(r, "past", ctx.rng).format(o=oo)
    text = ctx.rng.choice([f"Name the actors that {v} in {m}.", f"Name everyone who {v} during {m}."])
    sp = Spec("subj", None, r, o, dt.date(d.year, d.month, 1), month_end(d.year, d.month))
    return Q(text, sp, "entity", "month", "equal", "month/imperative-name")


def c_year_rel(ctx: Ctx) -> Q | None:
    s, r, _o, d = ctx.quad()
    ss = say_entity(s, ctx.rng)
    if ss is None:
        return None
    v = P(r, "past", ctx.rng).format(o="")
    if not v.endswith(" "):
        return None
    text = ctx.rng.choice(
        [f"List everyone that {ss} {v.strip()} over the course of {d.year}.",
         f"In {d.year}, who were the ones that {ss} {v.strip()}?"]
    )  # fmt: skip
    sp = Spec("obj", s, r, None, dt.date(d.year, 1, 1), dt.date(d.year, 12, 31))
    return Q(text, sp, "entity", "year", "equal", "year/object/relative-clause")


def c_quarter(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    name, m0, months = QUARTERS[(d.month - 1) // 3]
    v = P(r, "past", ctx.rng).format(o=oo)
    text = f"In the {name} quarter of {d.year} ({months}), who {v}?"
    sp = Spec("subj", None, r, o, dt.date(d.year, m0, 1), month_end(d.year, m0 + 2))
    return Q(text, sp, "entity", "month", "equal", "quarter/fronted")


def c_half(ctx: Ctx) -> Q | None:
    s, r, _o, d = ctx.quad()
    ss = say_entity(s, ctx.rng)
    if ss is None:
        return None
    name, m0, m1, months = HALVES[(d.month - 1) // 6]
    v = P(r, "past", ctx.rng).format(o="")
    if not v.endswith(" "):
        return None
    text = f"Tell me whom {ss} {v.strip()} in the {name} half of {d.year} ({months})."
    sp = Spec("obj", s, r, None, dt.date(d.year, m0, 1), month_end(d.year, m1))
    return Q(text, sp, "entity", "month", "equal", "half/imperative-tell")


def c_season(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    season = next((x for x in SEASONS if x[1] <= d.month <= x[2]), None)
    oo = say_entity(o, ctx.rng)
    if season is None or oo is None:
        return None
    name, m0, m1, months = season
    v = P(r, "past", ctx.rng).format(o=oo)
    text = f"During the {name} of {d.year} ({months}), which actors {v}?"
    sp = Spec("subj", None, r, o, dt.date(d.year, m0, 1), month_end(d.year, m1))
    return Q(text, sp, "entity", "month", "equal", "season-with-months")


def c_ndays(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    n = ctx.rng.choice([3, 5, 7, 10, 14])
    start = d - dt.timedelta(days=ctx.rng.randrange(n))
    stop = start + dt.timedelta(days=n - 1)
    if start < ctx.lo or stop > ctx.hi:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    text = ctx.rng.choice(
        [f"Who {v} in the {n} days from {say_day(start, ctx.rng)} to {say_day(stop, ctx.rng)}, both days included?",
         f"Over the {n}-day stretch starting {say_day(start, ctx.rng)} (ending {say_day(stop, ctx.rng)} inclusive), "
         f"who {v}?"]
    )  # fmt: skip
    return Q(text, Spec("subj", None, r, o, start, stop), "entity", "day", "equal", "n-day-window")


def c_named_day(ctx: Ctx) -> Q | None:
    name, m, dd = ctx.rng.choice(NAMED_DAYS)
    y = ctx.rng.choice(ctx.years)
    d = dt.date(y, m, dd)
    cands = [q for q in ctx.kg.by_day.get(d, []) if q[1] in REL]
    if not cands:
        return None
    _s, r, o, _ = ctx.rng.choice(cands)
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    text = f"Who {v} on {name} {y} ({d.day} {MONTHS[m - 1]})?"
    return Q(text, Spec("subj", None, r, o, d, d), "entity", "day", "equal", "named-day")


def c_relative_day(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor(ctx.lo + dt.timedelta(days=1), ctx.hi - dt.timedelta(days=1))
    mode = ctx.rng.choice(["next_day", "prev_day"])
    d = a[3] + dt.timedelta(days=1 if mode == "next_day" else -1)
    cands = [q for q in ctx.kg.by_day.get(d, []) if q[1] in REL]
    if not cands:
        return None
    _s, r, o, _ = ctx.rng.choice(cands)
    oo, an = say_entity(o, ctx.rng), clause(ctx, *a[:3])
    if oo is None or an is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    when = "The day after" if mode == "next_day" else "The day before"
    text = f"{when} {an}, who {v}?"
    sp = Spec("subj", None, r, o, anchor=a[:3], mode=mode)
    return Q(text, sp, "entity", "day", "equal", "relative-day")


def c_ellipsis(ctx: Ctx) -> Q | None:
    s, r, o, d = ctx.quad()
    ss, oo = say_entity(s, ctx.rng), say_entity(o, ctx.rng)
    if ss is None or oo is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    month = ctx.rng.random() < 0.5
    if month:
        text = f"{cap(ss)} {v} in {say_month(d.year, d.month, ctx.rng)}. Who else did so that same month?"
        sp = Spec("subj", None, r, o, dt.date(d.year, d.month, 1), month_end(d.year, d.month), exclude=(s,))
        return Q(text, sp, "entity", "month", "equal", "ellipsis/who-else")
    text = f"{cap(ss)} {v} on {say_day(d, ctx.rng)}. Who else did that on the same day?"
    return Q(text, Spec("subj", None, r, o, d, d, exclude=(s,)), "entity", "day", "equal", "ellipsis/who-else")


def _scope(ctx: Ctx, d: dt.date) -> tuple[str, dt.date, dt.date, str]:
    """A period around d stated in words: a year, a half, or a quarter (with its months)."""
    k = ctx.rng.randrange(3)
    if k == 0:
        return f"in {d.year}", dt.date(d.year, 1, 1), dt.date(d.year, 12, 31), "year"
    if k == 1:
        name, m0, m1, months = HALVES[(d.month - 1) // 6]
        return f"in the {name} half of {d.year} ({months})", dt.date(d.year, m0, 1), month_end(d.year, m1), "month"
    name, m0, months = QUARTERS[(d.month - 1) // 3]
    return f"in the {name} quarter of {d.year} ({months})", dt.date(d.year, m0, 1), month_end(d.year, m0 + 2), "month"


def c_first_subj(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    scope, lo, hi, lvl = _scope(ctx, d)
    first = ctx.rng.random() < 0.5
    v = P(r, "base", ctx.rng).format(o=oo)
    word = "first" if first else "last"
    text = ctx.rng.choice([f"Who was the {word} to {v} {scope}?", f"{cap(scope)}, which actor was the {word} to {v}?"])
    sp = Spec("subj", None, r, o, lo, hi, agg=word)
    return Q(text, sp, "entity", lvl, "first_last", f"{word}/subject/scoped")


def c_first_obj(ctx: Ctx) -> Q | None:
    s, r, _o, d = ctx.quad()
    ss = say_entity(s, ctx.rng)
    if ss is None:
        return None
    scope, lo, hi, lvl = _scope(ctx, d)
    v = P(r, "base", ctx.rng).format(o="whom")
    if not v.endswith(" whom"):
        return None
    word = ctx.rng.choice(["first", "last"])
    text = f"Whom did {ss} {v[: -len(' whom')]} {word} {scope}?"
    if ctx.rng.random() < 0.5:
        text = f"{cap(scope)}, whom did {ss} {v[: -len(' whom')]} {word}?"
    sp = Spec("obj", s, r, None, lo, hi, agg=word)
    return Q(text, sp, "entity", lvl, "first_last", f"{word}/object/scoped")


def c_before_after_date(ctx: Ctx) -> Q | None:
    _s, r, o, d = ctx.quad()
    oo = say_entity(o, ctx.rng)
    if oo is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    if ctx.rng.random() < 0.5:  # before a day, scoped to its year
        cut = d + dt.timedelta(days=ctx.rng.randrange(1, 20))
        if cut.year != d.year:
            return None
        text = ctx.rng.choice(
            [f"In {d.year}, before {say_day(cut, ctx.rng)}, who {v}?",
             f"Who {v} from the start of {d.year} up to, but not including, {say_day(cut, ctx.rng)}?"]
        )  # fmt: skip
        sp = Spec("subj", None, r, o, dt.date(d.year, 1, 1), cut - dt.timedelta(days=1))
        return Q(text, sp, "entity", "day", "before_after", "before-date/scoped")
    cut = d - dt.timedelta(days=ctx.rng.randrange(1, 20))
    if cut.year != d.year:
        return None
    text = f"Which actors {v} after {say_day(cut, ctx.rng)} but still within {d.year}?"
    sp = Spec("subj", None, r, o, cut + dt.timedelta(days=1), dt.date(d.year, 12, 31))
    return Q(text, sp, "entity", "day", "before_after", "after-date/within-year")


def c_before_after_month(ctx: Ctx) -> Q | None:
    s, r, _o, d = ctx.quad()
    ss = say_entity(s, ctx.rng)
    if ss is None:
        return None
    v = P(r, "base", ctx.rng).format(o="whom")
    if not v.endswith(" whom"):
        return None
    v = v[: -len(" whom")]
    if ctx.rng.random() < 0.5 and d.month > 1:
        m = d.month + 1 if d.month < 12 else None
        if m is None:
            return None
        text = f"Before {say_month(d.year, m, ctx.rng)} (counting from the start of {d.year}), whom did {ss} {v}?"
        sp = Spec("obj", s, r, None, dt.date(d.year, 1, 1), dt.date(d.year, m, 1) - dt.timedelta(days=1))
        return Q(text, sp, "entity", "month", "before_after", "before-month/object")
    if d.month == 1:
        return None
    m = d.month - 1
    text = f"Whom did {ss} {v} after {say_month(d.year, m, ctx.rng)}, up to the end of {d.year}?"
    sp = Spec("obj", s, r, None, month_end(d.year, m) + dt.timedelta(days=1), dt.date(d.year, 12, 31))
    return Q(text, sp, "entity", "month", "before_after", "after-month/object")


def c_after_event(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    pairs = [(r, o) for o in (a[0], a[2]) for r in ctx.kg.rels_on.get(o, []) if r in REL]
    if not pairs:
        return None
    r, o = ctx.rng.choice(sorted(pairs))
    oo = say_entity(o, ctx.rng)
    an = noun_or_clause(ctx, *a[:3])
    if oo is None or an is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    after = ctx.rng.random() < 0.5
    if after:
        text = f"After {an[0]}, who {v}?"
        sp = Spec("subj", None, r, o, anchor=a[:3], mode="after")
        return Q(text, sp, "entity", "day", "before_after", "after-event")
    text = f"Earlier in {a[3].year}, before {an[0]}, who {v}?"
    sp = Spec("subj", None, r, o, anchor=a[:3], mode="before_year")
    return Q(text, sp, "entity", "day", "before_after", "before-event/scoped-year")


def c_after_first(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    pairs = [(r, o) for o in (a[0], a[2]) for r in ctx.kg.rels_on.get(o, []) if r in REL]
    if not pairs:
        return None
    r, o = ctx.rng.choice(sorted(pairs))
    oo, an = say_entity(o, ctx.rng), clause(ctx, *a[:3])
    if oo is None or an is None:
        return None
    v = P(r, "base", ctx.rng).format(o=oo)
    text = ctx.rng.choice(
        [f"Once {an}, who was the next to {v}?", f"Who was the first to {v} after {an}?",
         f"After {an}, which actor went on to {v} first?"]
    )  # fmt: skip
    sp = Spec("subj", None, r, o, agg="first", anchor=a[:3], mode="after")
    return Q(text, sp, "entity", "day", "after_first", "after-first/subject")


def c_before_last(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    pairs = [(r, o) for o in (a[0], a[2]) for r in ctx.kg.rels_on.get(o, []) if r in REL]
    if not pairs:
        return None
    r, o = ctx.rng.choice(sorted(pairs))
    oo, an = say_entity(o, ctx.rng), clause(ctx, *a[:3])
    if oo is None or an is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    b = P(r, "base", ctx.rng).format(o=oo)
    # "had last <participle>" only where the past form is also the participle (regular verbs)
    if v.split(" ", 1)[0].endswith("ed") and ctx.rng.random() < 0.5:
        text = f"Who had last {v} just before {an} (looking only at {a[3].year})?"
    else:
        text = f"In {a[3].year}, who was the last to {b} before {an}?"
    sp = Spec("subj", None, r, o, agg="last", anchor=a[:3], mode="before_year")
    return Q(text, sp, "entity", "day", "before_last", "before-last/subject")


def c_same_day(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    cands = [q for q in ctx.kg.by_day.get(a[3], []) if q[1] in REL and q[:3] != a[:3]]
    if not cands:
        return None
    _s, r, o, _ = ctx.rng.choice(cands)
    oo, an = say_entity(o, ctx.rng), clause(ctx, *a[:3])
    if oo is None or an is None:
        return None
    v = P(r, "past", ctx.rng).format(o=oo)
    text = ctx.rng.choice([f"Who {v} on the same day that {an}?", f"On the day {an}, who {v}?"])
    sp = Spec("subj", None, r, o, anchor=a[:3], mode="same_day")
    return Q(text, sp, "entity", "day", "equal_multi", "same-day-as-event")


def c_same_month(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    lo, hi = dt.date(a[3].year, a[3].month, 1), month_end(a[3].year, a[3].month)
    s, r, _o, _d = ctx.quad(lo, hi)
    ss, an = say_entity(s, ctx.rng), noun_or_clause(ctx, *a[:3])
    if ss is None or an is None:
        return None
    v = P(r, "base", ctx.rng).format(o="whom")
    if not v.endswith(" whom"):
        return None
    v = v[: -len(" whom")]
    if an[1]:
        text = f"In the same month as {an[0]}, whom did {ss} {v}?"
    else:
        text = f"Whom did {ss} {v} in the month in which {an[0]}?"
    sp = Spec("obj", s, r, None, anchor=a[:3], mode="same_month")
    return Q(text, sp, "entity", "month", "equal_multi", "same-month-as-event/object")


def _triple_in(ctx: Ctx) -> tuple[str, str, str, dt.date, str, str]:
    s, r, o, d = ctx.quad()
    return s, r, o, d, say_entity(s, ctx.rng) or "", say_entity(o, ctx.rng) or ""


def c_when_day(ctx: Ctx) -> Q | None:
    s, r, o, d, ss, oo = _triple_in(ctx)
    if not ss or not oo:
        return None
    v = P(r, "base", ctx.rng).format(o=oo)
    scope, lo, hi, _ = _scope(ctx, d)
    text = ctx.rng.choice([f"On what day did {ss} {v} {scope}?", f"{cap(scope)}, on which date did {ss} {v}?"])
    sp = Spec("time", s, r, o, lo, hi, level="day")
    return Q(text, sp, "time", "day", "equal", "when/day/scoped")


def c_when_month(ctx: Ctx) -> Q | None:
    s, r, o, d, ss, oo = _triple_in(ctx)
    if not ss or not oo:
        return None
    g = REL[r]["ger"].format(o=oo)
    text = ctx.rng.choice(
        [
            f"Which month of {d.year} saw {ss} {g}?",
            f"In what month of {d.year} did {ss} {P(r, 'base', ctx.rng).format(o=oo)}?",
        ]
    )
    sp = Spec("time", s, r, o, dt.date(d.year, 1, 1), dt.date(d.year, 12, 31), level="month")
    return Q(text, sp, "time", "month", "equal", "when/month/time-as-subject")


def c_first_time(ctx: Ctx) -> Q | None:
    s, r, o, d, ss, oo = _triple_in(ctx)
    if not ss or not oo:
        return None
    v = P(r, "base", ctx.rng).format(o=oo)
    first = ctx.rng.random() < 0.5
    level = ctx.rng.choice(["day", "month"])
    scope, lo, hi, _ = _scope(ctx, d) if ctx.rng.random() < 0.7 else (f"in {d.year}", dt.date(d.year, 1, 1),
                                                                       dt.date(d.year, 12, 31), "year")  # fmt: skip
    if level == "month" and (lo.month == hi.month):
        return None
    word = "first" if first else "last"
    if level == "day":
        text = ctx.rng.choice(
            [f"When did {ss} {word} {v} {scope}?", f"{cap(scope)}, on what date did {ss} {v} for the {word} time?"]
        )
    else:
        text = f"In which month did {ss} {v} for the {word} time {scope}?"
    sp = Spec("time", s, r, o, lo, hi, agg=word, level=level)
    return Q(text, sp, "time", level, "first_last", f"{word}-time/{level}/scoped")


def c_year_first(ctx: Ctx) -> Q | None:
    if len(ctx.years) < 2:
        return None
    s, r, o, _d, ss, oo = _triple_in(ctx)
    if not ss or not oo:
        return None
    v = P(r, "base", ctx.rng).format(o=oo)
    word = ctx.rng.choice(["first", "last"])
    ys = " and ".join(str(y) for y in ctx.years)
    text = f"Looking only at the years {ys}, in which year did {ss} {v} for the {word} time?"
    sp = Spec("time", s, r, o, ctx.lo, ctx.hi, agg=word, level="year")
    return Q(text, sp, "time", "year", "first_last", f"{word}-time/year/two-year-scope")


def c_next_time(ctx: Ctx) -> Q | None:
    a = ctx.unique_anchor()
    keys = [k for e in (a[0], a[2]) for k in ctx.kg.triples_of.get(e, []) if k[1] in REL and k != a[:3]]
    if not keys:
        return None
    s, r, o = ctx.rng.choice(keys)
    ss, oo, an = say_entity(s, ctx.rng), say_entity(o, ctx.rng), clause(ctx, *a[:3])
    if not ss or not oo or an is None:
        return None
    v = P(r, "base", ctx.rng).format(o=oo)
    if ctx.rng.random() < 0.5:
        text = f"After {an}, when did {ss} next {v}?"
        sp = Spec("time", s, r, o, agg="first", level="day", anchor=a[:3], mode="after")
        return Q(text, sp, "time", "day", "after_first", "next-time-after-event")
    text = f"In {a[3].year}, on what day did {ss} last {v} before {an}?"
    sp = Spec("time", s, r, o, agg="last", level="day", anchor=a[:3], mode="before_year")
    return Q(text, sp, "time", "day", "before_last", "last-time-before-event")


def c_same_month_other_rel(ctx: Ctx) -> Q | None:
    """equal_multi through a second relation on the same object: 'who praised X in the month X was criticized by Y'."""
    a = ctx.unique_anchor()
    rels = [r for r in ctx.kg.rels_on.get(a[2], []) if r in REL and r != a[1]]
    if not rels:
        return None
    r = ctx.rng.choice(rels)
    oo, aa = say_entity(a[2], ctx.rng), say_entity(a[0], ctx.rng)
    pp = REL[a[1]]["pp"]
    if oo is None or aa is None or pp is None:
        return None
    v = P(r, "past", ctx.rng).format(o="them")
    text = f"In the month when {oo} {be(oo)} {pp} by {aa}, who {v}?"
    sp = Spec("subj", None, r, a[2], anchor=a[:3], mode="same_month")
    return Q(text, sp, "entity", "month", "equal_multi", "same-month/other-relation/passive-anchor")


BUILDERS: list[tuple[Builder, int, int]] = [  # (builder, count on mtq, count on bench)
    (c_day_subj, 5, 4),
    (c_day_obj, 5, 3),
    (c_day_passive, 4, 3),
    (c_month_name, 4, 3),
    (c_year_rel, 3, 2),
    (c_quarter, 4, 3),
    (c_half, 3, 2),
    (c_season, 3, 2),
    (c_ndays, 4, 3),
    (c_named_day, 3, 2),
    (c_relative_day, 3, 2),
    (c_ellipsis, 4, 3),
    (c_first_subj, 5, 3),
    (c_first_obj, 4, 3),
    (c_before_after_date, 5, 3),
    (c_before_after_month, 4, 3),
    (c_after_event, 5, 3),
    (c_after_first, 5, 4),
    (c_before_last, 5, 3),
    (c_same_day, 4, 3),
    (c_same_month, 4, 3),
    (c_same_month_other_rel, 3, 2),
    (c_when_day, 4, 3),
    (c_when_month, 3, 2),
    (c_first_time, 5, 4),
    (c_year_first, 2, 0),
    (c_next_time, 4, 3),
]


# ---------------------------------------------------------------------------------------------- main
def build(name: str, cfg: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    env = dict(os.environ) | cfg["env"]
    store = connect(load_settings(env), start_managed=False, ensure_schema=False)
    try:
        kg = load_kg(store)
        rng = random.Random(cfg["seed"])
        rels = sorted(r for r in REL if r in kg.by_rel)
        ctx = Ctx(kg, rng, cfg["lo"], cfg["hi"], cfg["years"], rels)
        end = cfg["hi"]
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        drops: dict[str, int] = defaultdict(int)
        used_rels: set[str] = set()
        for builder, n_mtq, n_bench in BUILDERS:
            want = n_mtq if name == "mtq" else n_bench
            got, tries = 0, 0
            while got < want and tries < 400:
                tries += 1
                q = builder(ctx)
                if q is None:
                    drops["no wording"] += 1
                    continue
                sp = q.spec
                key = repr((sp.want, sp.s, sp.r, sp.o, sp.lo, sp.hi, sp.anchor, sp.mode, sp.agg, sp.level))
                if q.text in seen or key in seen:
                    drops["duplicate text or spec"] += 1
                    continue
                answers = gold(kg, sp, end)
                if not answers:
                    drops["no gold"] += 1
                    continue
                if len(answers) > 5:
                    drops["> 5 gold"] += 1
                    continue
                if q.answer_type == "time" and len(answers) != 1:
                    drops["time answer not unique at its granularity"] += 1
                    continue
                if sp.want != "time" and q.answer_type == "entity" and (sp.s in answers or sp.o in answers):
                    drops["answer is the asked entity"] += 1
                    continue
                second, what = check(store, sp, end)
                agree = second == answers
                if not agree:
                    drops["second check disagrees"] += 1
                    continue
                seen.add(q.text)
                seen.add(key)
                got += 1
                qid = f"{cfg['prefix']}{len(out) + 1:03d}"
                out.append(
                    {
                        "quid": qid,
                        "id": qid,
                        "question": q.text,
                        "answers": answers,
                        "answer_type": q.answer_type,
                        "time_level": q.time_level,
                        "qtype": q.qtype,
                        "qlabel": "Multiple" if q.qtype in ("after_first", "before_last", "equal_multi") else "Single",
                        "evidence": [],
                        "construction": q.construction,
                        "store": name,
                        "check": what,
                        "check_agrees": agree,
                    }
                )
                used_rels.add(sp.r)
        stats = {
            "events": len(kg.quads),
            "drops": dict(sorted(drops.items())),
            "by_construction": dict(sorted(Counter(f"{x['qtype']} | {x['construction']}" for x in out).items())),
            "by_qtype": dict(sorted(Counter(x["qtype"] for x in out).items())),
            "by_answer_type": dict(sorted(Counter(f"{x['answer_type']}/{x['time_level']}" for x in out).items())),
            "gold_sizes": dict(sorted(Counter(str(len(x["answers"])) for x in out).items())),
            "relations": len(used_rels),
            "check_agrees": sum(x["check_agrees"] for x in out),
        }
        return out, stats
    finally:
        store.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="folder for blind_mtq.jsonl, blind_icews14.jsonl and stats.json")
    ap.add_argument("--stores", default="mtq,bench")
    args = ap.parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    all_stats = {}
    for name in args.stores.split(","):
        cfg = STORES[name]
        rows, stats = build(name, cfg)
        with (out_dir / cfg["file"]).open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
        all_stats[name] = stats | {"questions": len(rows)}
        print(name, len(rows), stats)
    (out_dir / "stats.json").write_text(json.dumps(all_stats, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
