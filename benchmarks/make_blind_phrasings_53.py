"""Blind held-out set 53: MultiTQ-style questions, phrased without looking at the reader, gold computed from a store.

Why: the symbolic temporal reader was tuned on earlier phrasings; this set measures it on constructions it never saw.
Every gold is computed in Python over one read of all (subject, relation, object, day) quads of the store, then
recomputed by a second, differently written Cypher query per question (``check``/``check_agrees``).

    PYTHONPATH=. TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_53.py --store mtq --out <work>/blind_mtq.jsonl
    PYTHONPATH=. TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_53.py --store bench --out <work>/blind_icews14.jsonl

Deterministic (seed 20261253): rerunning against the same store writes byte-identical files. Read-only: the store is
opened without starting a server or applying the schema.
"""

from __future__ import annotations

import argparse
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

from tkgrag.store import Store, connect

SEED = 20261253
MAX_GOLD = 5

# Asked period per store: mtq holds only a ~20% sample before 2013-11-18, so every asked time lies in 2014-2015.
PERIODS = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "bench": (date(2014, 1, 1), date(2014, 12, 31))}
PREFIX = {"mtq": "b53m", "bench": "b53i"}

# relation -> (active past VP, bare infinitive VP, passive participle or None, noun phrase for an anchor or None).
# {o} is the object's surface form; the noun phrase also takes {s}.
REL: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "Make_statement": (
        ["made a statement about {o}", "issued a statement on {o}"],
        ["make a statement about {o}", "comment publicly on {o}"],
        [],
        ["the statement {s} made about {o}"],
    ),
    "Consult": (
        ["consulted {o}", "held consultations with {o}"],
        ["consult {o}", "hold consultations with {o}"],
        ["consulted"],
        ["the consultations between {s} and {o}"],
    ),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request to {o}"],
        ["appeal to {o}", "put a request to {o}"],
        ["appealed to"],
        ["the appeal {s} made to {o}"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["expressed willingness to meet or negotiate with {o}", "signalled readiness to meet {o} for talks"],
        ["express a wish to meet or negotiate with {o}", "announce an intention to meet {o} for talks"],
        [],
        [],
    ),
    "Make_a_visit": (
        ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        ["visit {o}", "pay a visit to {o}", "go to {o} on a visit"],
        ["visited"],
        ["the visit of {s} to {o}", "the trip {s} made to {o}"],
    ),
    "Host_a_visit": (
        ["hosted {o}", "received {o} as a visitor", "welcomed a visit by {o}"],
        ["host {o}", "receive a visit from {o}", "play host to {o}"],
        ["hosted", "received as a guest"],
        ["the hosting of {o} by {s}", "the visit {o} paid to {s}"],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested, detained or charged {o}", "took {o} into custody or charged them"],
        ["arrest, detain or charge {o}", "take legal action (arrest, detention or charges) against {o}"],
        ["arrested, detained or charged"],
        [],
    ),
    "Praise_or_endorse": (
        ["praised {o}", "spoke approvingly of {o}", "endorsed {o}"],
        ["praise {o}", "speak well of {o}", "endorse {o}"],
        ["praised", "endorsed"],
        ["the praise {s} gave {o}"],
    ),
    "Criticize_or_denounce": (
        ["criticized {o}", "denounced {o}", "spoke out against {o}"],
        ["criticize {o}", "denounce {o}", "condemn {o}"],
        ["criticized", "denounced"],
        ["the criticism {s} aimed at {o}", "the denunciation of {o} by {s}"],
    ),
    "Accuse": (
        ["accused {o}", "levelled accusations at {o}"],
        ["accuse {o}", "point the finger at {o}"],
        ["accused"],
        ["the accusation {s} made against {o}"],
    ),
    "Use_unconventional_violence": (
        ["used unconventional violence against {o}", "carried out unconventional violent acts against {o}"],
        ["use unconventional violence against {o}", "resort to unconventional violence against {o}"],
        ["targeted with unconventional violence"],
        [],
    ),
    "Use_conventional_military_force": (
        ["used conventional military force against {o}", "attacked {o} with military force"],
        ["use military force against {o}", "take military action against {o}"],
        ["attacked with conventional military force"],
        ["the military action {s} took against {o}"],
    ),
    "Engage_in_negotiation": (
        ["negotiated with {o}", "held negotiations with {o}", "entered into talks with {o}"],
        ["negotiate with {o}", "hold talks with {o}"],
        [],
        ["the talks between {s} and {o}", "the negotiations {s} held with {o}"],
    ),
    "Express_intent_to_cooperate": (
        ["expressed a wish to cooperate with {o}", "announced an intention to work together with {o}"],
        ["express an intention to cooperate with {o}", "voice a desire to cooperate with {o}"],
        [],
        [],
    ),
    "Demand": (
        ["made a demand of {o}", "issued demands to {o}"],
        ["make demands of {o}", "issue a demand to {o}"],
        [],
        ["the demand {s} made of {o}"],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["expressed intent to cooperate diplomatically with {o}", "pledged diplomatic support to {o}"],
        ["express intent to engage in diplomatic cooperation with {o}", "offer diplomatic cooperation to {o}"],
        [],
        [],
    ),
    "Engage_in_diplomatic_cooperation": (
        ["engaged in diplomatic cooperation with {o}", "cooperated diplomatically with {o}"],
        ["cooperate diplomatically with {o}", "engage in diplomatic cooperation with {o}"],
        [],
        ["the diplomatic cooperation between {s} and {o}"],
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "concluded a formal agreement with {o}", "signed a deal with {o}"],
        ["sign a formal agreement with {o}", "formally sign a deal with {o}"],
        [],
        ["the agreement {s} signed with {o}", "the signing of a deal between {s} and {o}"],
    ),
    "Investigate": (
        ["investigated {o}", "opened an investigation into {o}"],
        ["investigate {o}", "launch an inquiry into {o}"],
        ["investigated", "put under investigation"],
        ["the investigation {s} opened into {o}"],
    ),
    "Discuss_by_telephone": (
        ["spoke by telephone with {o}", "had a phone call with {o}", "phoned {o}"],
        ["speak by phone with {o}", "have a telephone conversation with {o}", "phone {o}"],
        ["phoned", "called on the telephone"],
        ["the phone call between {s} and {o}", "the telephone conversation of {s} with {o}"],
    ),
    "Reject": (
        ["rejected {o}", "rebuffed {o}"],
        ["reject {o}", "rebuff {o}"],
        ["rejected", "rebuffed"],
        [],
    ),
    "Make_optimistic_comment": (
        ["made an optimistic comment about {o}", "spoke optimistically about {o}"],
        ["make optimistic remarks about {o}", "sound upbeat about {o}"],
        [],
        [],
    ),
    "Threaten": (
        ["threatened {o}", "issued threats against {o}"],
        ["threaten {o}", "make threats against {o}"],
        ["threatened"],
        ["the threat {s} made against {o}"],
    ),
    "Make_pessimistic_comment": (
        ["made a pessimistic comment about {o}", "spoke gloomily about {o}"],
        ["make pessimistic remarks about {o}", "sound pessimistic about {o}"],
        [],
        [],
    ),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met with {o} on neutral ground"],
        ["meet {o} at a third location", "meet with {o} somewhere other than either's home"],
        [],
        ["the meeting of {s} and {o} at a third location"],
    ),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to {o}", "sent humanitarian assistance to {o}"],
        ["provide humanitarian aid to {o}", "send humanitarian relief to {o}"],
        ["given humanitarian aid"],
        ["the humanitarian aid {s} sent to {o}"],
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        ["express sympathy for {o}", "offer words of sympathy to {o}"],
        [],
        [],
    ),
    "Provide_aid": (
        ["provided aid to {o}", "gave assistance to {o}"],
        ["give aid to {o}", "provide assistance to {o}"],
        ["given aid"],
        [],
    ),
    "Impose_administrative_sanctions": (
        ["imposed administrative sanctions on {o}"],
        ["impose administrative sanctions on {o}"],
        [],
        [],
    ),
    "Bring_lawsuit_against": (
        ["brought a lawsuit against {o}", "sued {o}"],
        ["sue {o}", "take {o} to court"],
        ["sued"],
        ["the lawsuit {s} filed against {o}"],
    ),
    "Cooperate_economically": (
        ["cooperated economically with {o}", "worked with {o} on economic matters"],
        ["cooperate economically with {o}", "work together economically with {o}"],
        [],
        [],
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed to {o} for diplomatic cooperation", "asked {o} for diplomatic support"],
        ["appeal to {o} for diplomatic cooperation", "ask {o} for policy support"],
        [],
        [],
    ),
    "Reduce_relations": (
        ["reduced relations with {o}", "scaled back ties with {o}"],
        ["reduce relations with {o}", "downgrade ties with {o}"],
        [],
        [],
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed an embargo, boycott or sanctions on {o}", "put sanctions on {o}"],
        ["impose sanctions, a boycott or an embargo on {o}", "slap sanctions on {o}"],
        ["sanctioned"],
        [],
    ),
    "Provide_economic_aid": (
        ["provided economic aid to {o}", "gave economic assistance to {o}"],
        ["provide economic aid to {o}", "give economic assistance to {o}"],
        [],
        [],
    ),
    "Provide_military_aid": (
        ["provided military aid to {o}", "supplied military assistance to {o}"],
        ["provide military aid to {o}", "give military assistance to {o}"],
        [],
        [],
    ),
    "Engage_in_symbolic_act": (
        ["engaged in a symbolic act toward {o}", "made a symbolic gesture toward {o}"],
        ["make a symbolic gesture toward {o}", "engage in a symbolic act toward {o}"],
        [],
        [],
    ),
    "Threaten_with_military_force": (
        ["threatened {o} with military force", "threatened military action against {o}"],
        ["threaten {o} with military force", "threaten military action against {o}"],
        ["threatened with military force"],
        [],
    ),
}

# Sector -> ways a person would say "Sector (Country)"; {c} country, {d} demonym (falls back to "{c}'s ...").
SECTOR: dict[str, list[str]] = {
    "Police": ["the {d} police", "the police in {c}"],
    "Citizen": ["citizens of {c}", "{d} citizens"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Head of State": ["the head of state of {c}", "{c}'s head of state"],
    "Government": ["the government of {c}", "the {d} government"],
    "Military": ["the {d} military", "the armed forces of {c}"],
    "Military Personnel": ["{d} military personnel", "military personnel from {c}"],
    "Criminal": ["criminals in {c}", "{d} criminals"],
    "Legislature": ["the legislature of {c}", "the {d} legislature"],
    "Media": ["the media in {c}", "the {d} media"],
    "Business": ["businesses in {c}", "{d} businesses"],
    "Court Judge": ["court judges in {c}", "{d} court judges"],
    "Lawyer/Attorney": ["lawyers in {c}", "attorneys in {c}"],
    "Protester": ["protesters in {c}", "{d} protesters"],
    "Militant": ["militants in {c}", "{d} militants"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s defense ministry"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Activist": ["activists in {c}", "{d} activists"],
    "Student": ["students in {c}", "{d} students"],
    "Ministry": ["government ministries of {c}", "{c}'s ministries"],
    "Men": ["men in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Governor": ["governors in {c}", "{d} governors"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s council of ministers"],
    "Member of Parliament": ["members of parliament of {c}", "{d} MPs"],
    "Employee": ["employees in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Terrorist": ["terrorists in {c}"],
    "Opposition Major Party (Out of Government)": ["the main opposition party of {c}"],
}
DEMONYM = {
    "India": "Indian",
    "Kenya": "Kenyan",
    "China": "Chinese",
    "Russia": "Russian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Pakistan": "Pakistani",
    "Nigeria": "Nigerian",
    "Egypt": "Egyptian",
    "Ukraine": "Ukrainian",
    "Germany": "German",
    "France": "French",
    "Japan": "Japanese",
    "Turkey": "Turkish",
    "Israel": "Israeli",
    "Afghanistan": "Afghan",
    "Syria": "Syrian",
    "Thailand": "Thai",
    "Philippines": "Philippine",
    "Australia": "Australian",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Malaysia": "Malaysian",
    "Bangladesh": "Bangladeshi",
    "South Africa": "South African",
    "Indonesia": "Indonesian",
    "Canada": "Canadian",
    "Greece": "Greek",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Sri Lanka": "Sri Lankan",
    "Somalia": "Somali",
    "Libya": "Libyan",
    "Nepal": "Nepalese",
    "Vietnam": "Vietnamese",
    "Zimbabwe": "Zimbabwean",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Taiwan": "Taiwanese",
    "Uganda": "Ugandan",
    "Yemen": "Yemeni",
    "Lebanon": "Lebanese",
    "Ireland": "Irish",
    "Poland": "Polish",
    "Sudan": "Sudanese",
    "United States": "American",
    "United Kingdom": "British",
    "Saudi Arabia": "Saudi",
    "Venezuela": "Venezuelan",
    "Colombia": "Colombian",
    "Argentina": "Argentine",
    "Cambodia": "Cambodian",
    "Myanmar": "Myanmar",
}

MONTHS = list(calendar.month_name)[1:]
ORD = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


THE_NAMES = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "Middle East",
    "Vatican",
    "Czech Republic",
    "United Arab Emirates",
    "Central African Republic",
    "Gaza Strip",
    "West Bank",
    "Kremlin",
    "Taliban",
}
THE_WORDS = (
    "Party",
    "Organization",
    "Union",
    "Council",
    "Front",
    "Movement",
    "Association",
    "Forces",
    "Fund",
    "Nations",
    "Parliament",
    "Congress",
    "Agency",
    "Ministry",
    "Commission",
    "Court",
    "Army",
    "State",
    "Force",
    "Press",
    "Bank",
    "Committee",
    "Assembly",
    "Federation",
    "League",
    "Office",
    "Senate",
)
# Sector wordings handed out so far: these are (mostly plural) group nouns, never put in the passive "who was X ...".
SECTOR_SURFACES: set[str] = set()


def the_name(name: str) -> str:
    """A plain KG name as it reads mid-sentence: organisations and some countries take 'the'."""
    if name.startswith("The ") or name.startswith("the "):
        return name
    if name in THE_NAMES or any(w in name.split() for w in THE_WORDS):
        return "the " + name
    return name


def country_name(c: str) -> str:
    return "the " + c if c in THE_NAMES else c


def surface(name: str, rng: random.Random) -> str | None:
    """How a person would name an entity; None when a sector has no natural wording here (not asked about)."""
    if "," in name:
        return None
    if "(" not in name:
        return the_name(name)
    if not name.endswith(")") or name.count("(") != 1:
        return None
    sector, country = name[:-1].split(" (")
    forms = SECTOR.get(sector)
    if not forms or country not in DEMONYM:
        return None
    form = rng.choice(forms)
    out = form.format(c=country_name(country), d=DEMONYM.get(country, ""))
    SECTOR_SURFACES.add(out)
    return out


def fmt_day(d: date, rng: random.Random) -> str:
    style = rng.randrange(4)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return d.isoformat()
    return f"the {d.day}{ORD.get(d.day, 'th')} of {MONTHS[d.month - 1]} {d.year}"


def fmt_month(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


@dataclass
class Quad:
    s: str
    r: str
    o: str
    d: date


@dataclass
class KG:
    quads: list[Quad]
    by_ro: dict[tuple[str, str], list[Quad]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for q in self.quads:
            self.by_ro[(q.r, q.o)].append(q)
            self.by_sro[(q.s, q.r, q.o)].append(q.d)

    def subjects(self, r: str, o: str, lo: date, hi: date) -> list[str]:
        return sorted({q.s for q in self.by_ro[(r, o)] if lo <= q.d <= hi})


def read_quads(store: Store) -> list[Quad]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    quads = [Quad(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows]
    quads.sort(key=lambda q: (q.d, q.r, q.s, q.o))
    return quads


# ---- second check: one Cypher query per question, written differently from the Python gold ----------------------

CHECK_SUBJECTS_STR = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
    "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
    "AND NOT s.name IN $exclude RETURN collect(DISTINCT s.name) AS a"
)
CHECK_TIMES = (
    "MATCH (e:Event)-[:SUBJECT]->(:Entity {name: $s}) MATCH (e)-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.relation = $r AND e.valid_from.year IN $years "
    "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS a"
)
CHECK_EXTREME_SUBJECTS = (
    "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE e.valid_from.year IN $years "
    "WITH CASE $last WHEN true THEN max(e.valid_from) ELSE min(e.valid_from) END AS t "
    "MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {relation: $r, valid_from: t})-[:OBJECT]->(:Entity {name: $o}) "
    "RETURN collect(DISTINCT s.name) AS a"
)
CHECK_EXTREME_TIME = (
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from.year IN $years "
    "WITH CASE $last WHEN true THEN max(e.valid_from) ELSE min(e.valid_from) END AS t "
    "RETURN [substring(toString(t), 0, $n)] AS a"
)
_ANCHOR = (
    "MATCH (:Entity {name: $as})<-[:SUBJECT]-(x:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
    "WITH collect(x.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS ad "
)
CHECK_ANCHOR_WINDOW = _ANCHOR + (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE ($after AND e.valid_from > ad AND e.valid_from <= date($scope_hi)) "
    "OR (NOT $after AND e.valid_from < ad AND e.valid_from >= date($scope_lo)) "
    "RETURN collect(DISTINCT s.name) AS a"
)
CHECK_NEXT = _ANCHOR + (
    "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE ($after AND e.valid_from > ad) OR (NOT $after AND e.valid_from < ad AND e.valid_from >= date($scope_lo)) "
    "WITH CASE $after WHEN true THEN min(e.valid_from) ELSE max(e.valid_from) END AS t "
    "MATCH (s:Entity)<-[:SUBJECT]-(:Event {relation: $r, valid_from: t})-[:OBJECT]->(:Entity {name: $o}) "
    "RETURN collect(DISTINCT s.name) AS a"
)
CHECK_SAME_PERIOD = _ANCHOR + (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE date.truncate($unit, e.valid_from) = date.truncate($unit, ad) RETURN collect(DISTINCT s.name) AS a"
)


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: str
    check_query: str
    check_params: dict[str, Any]


class Gen:
    """Builds the questions of one store; each ``k_*`` method tries one candidate and returns None when it fails."""

    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        self.store = store_name
        self.rng = rng
        self.lo, self.hi = PERIODS[store_name]
        self.pool = [q for q in kg.quads if q.r in REL and self.lo <= q.d <= self.hi]
        # Anchors: facts that happen exactly once in the WHOLE store, inside the asked period.
        self.anchors = [q for q in self.pool if len(kg.by_sro[(q.s, q.r, q.o)]) == 1]
        self._named: list[Quad] | None = None

    # -- helpers
    def pick(self, need_pp: bool = False) -> Quad:
        while True:
            q = self.rng.choice(self.pool)
            if not need_pp or REL[q.r][2]:
                return q

    def vp(self, r: str, o_surf: str, kind: int) -> str:
        return self.rng.choice(REL[r][kind]).format(o=o_surf)

    def years_scope(self, d: date) -> tuple[date, date]:
        return date(d.year, 1, 1), date(d.year, 12, 31)

    def ent_window(
        self, r: str, o: str, lo: date, hi: date, text: str, cons: str, qtype: str = "equal", exclude: tuple = ()
    ) -> Q:
        ans = [s for s in self.kg.subjects(r, o, lo, hi) if s not in exclude]
        whole_months = lo.day == 1 and hi == month_end(hi.year, hi.month)
        if lo == hi or not whole_months:
            level = "day"
        elif (lo.month, hi.month) == (1, 12):
            level = "year"
        else:
            level = "month"
        return Q(
            text,
            ans,
            "entity",
            level,
            qtype,
            cons,
            f"subjects of ({r}, {o}) with toString(day) in [{lo}, {hi}] (string compare, matched from the object)",
            CHECK_SUBJECTS_STR,
            {"r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat(), "exclude": list(exclude)},
        )

    def who(self, r: str, o_surf: str, passive_ok: bool = True) -> tuple[str, str]:
        """A 'who did r to O' clause without the time: (clause, construction tag)."""
        pps = [] if o_surf in SECTOR_SURFACES else REL[r][2]
        roll = self.rng.randrange(4)
        if passive_ok and pps and roll == 0:
            return f"by whom was {o_surf} {self.rng.choice(pps)}", "passive"
        if passive_ok and pps and roll == 1:
            return f"who was {o_surf} {self.rng.choice(pps)} by", "passive_stranded"
        if roll == 2:
            return f"which actors {self.vp(r, o_surf, 0)}", "which_actors"
        return f"who {self.vp(r, o_surf, 0)}", "who_active"

    # -- equal, entity answer, day
    def k_equal_day(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        day = fmt_day(q.d, self.rng)
        clause, tag = self.who(q.r, o)
        form = self.rng.randrange(4)
        if form == 0:
            text, cons = f"{cap(clause)} on {day}?", f"equal_day/{tag}/time_end"
        elif form == 1:
            text, cons = f"On {day}, {clause}?", f"equal_day/{tag}/time_fronted"
        elif form == 2:
            text, cons = f"Name everyone who {self.vp(q.r, o, 0)} on {day}.", "equal_day/name_imperative"
        else:
            text, cons = f"Tell me who {self.vp(q.r, o, 0)} on {day}.", "equal_day/tell_me"
        return self.ent_window(q.r, q.o, q.d, q.d, text, cons)

    def k_equal_month(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        lo, hi = date(q.d.year, q.d.month, 1), month_end(q.d.year, q.d.month)
        mon = fmt_month(q.d.year, q.d.month, self.rng)
        clause, tag = self.who(q.r, o)
        form = self.rng.randrange(3)
        if form == 0:
            text, cons = f"{cap(clause)} in {mon}?", f"equal_month/{tag}/time_end"
        elif form == 1:
            text, cons = f"During {mon}, {clause}?", f"equal_month/{tag}/time_fronted"
        else:
            text, cons = f"Over the course of {mon}, which parties {self.vp(q.r, o, 0)}?", "equal_month/which_parties"
        return self.ent_window(q.r, q.o, lo, hi, text, cons)

    def k_equal_year(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        lo, hi = self.years_scope(q.d)
        clause, tag = self.who(q.r, o)
        if self.rng.randrange(2):
            text, cons = f"{cap(clause)} at some point in {q.d.year}?", f"equal_year/{tag}/time_end"
        else:
            text, cons = f"In the year {q.d.year}, {clause}?", f"equal_year/{tag}/time_fronted"
        return self.ent_window(q.r, q.o, lo, hi, text, cons)

    def k_equal_window(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        y, m = q.d.year, q.d.month
        kind = self.rng.randrange(5)
        clause, tag = self.who(q.r, o)
        if kind == 0:
            qi = (m - 1) // 3
            lo, hi = date(y, 3 * qi + 1, 1), month_end(y, 3 * qi + 3)
            nth = ["first", "second", "third", "fourth"][qi]
            span = f"the {nth} quarter of {y} ({MONTHS[3 * qi]} to {MONTHS[3 * qi + 2]})"
            text, cons = f"{cap(clause)} in {span}?", f"equal_window/quarter/{tag}"
        elif kind == 1:
            h = 0 if m <= 6 else 1
            lo, hi = (date(y, 1, 1), date(y, 6, 30)) if h == 0 else (date(y, 7, 1), date(y, 12, 31))
            span = f"the {['first', 'second'][h]} half of {y} ({['January through June', 'July through December'][h]})"
            text, cons = f"In {span}, {clause}?", f"equal_window/half/{tag}"
        elif kind == 2:
            seasons = {
                "spring": (3, 5, "March, April and May"),
                "summer": (6, 8, "June, July and August"),
                "autumn": (9, 11, "September, October and November"),
            }
            name = next((n for n, (a, b, _) in seasons.items() if a <= m <= b), None)
            if name is None:
                return None
            a, b, months = seasons[name]
            lo, hi = date(y, a, 1), month_end(y, b)
            text, cons = f"{cap(clause)} in the {name} of {y}, that is {months}?", f"equal_window/season/{tag}"
        elif kind == 3:
            n = self.rng.choice([3, 5, 7, 10, 14])
            off = self.rng.randrange(n)
            lo = q.d - timedelta(days=off)
            hi = lo + timedelta(days=n - 1)
            if lo < self.lo or hi > self.hi:
                return None
            text = (
                f"In the {n} days from {fmt_day(lo, self.rng)} to {fmt_day(hi, self.rng)} (both days included), "
                f"{clause}?"
            )
            cons = f"equal_window/n_days/{tag}"
        else:
            named = {
                (1, 1): "New Year's Day",
                (2, 14): "Valentine's Day",
                (7, 4): "the Fourth of July",
                (10, 31): "Halloween",
                (12, 25): "Christmas Day",
                (12, 31): "New Year's Eve",
                (3, 17): "St Patrick's Day",
                (5, 1): "May Day",
            }
            cands = [
                x for x in self.kg.by_ro[(q.r, q.o)] if (x.d.month, x.d.day) in named and self.lo <= x.d <= self.hi
            ]
            if not cands:
                # fall back to any named day with some event in the pool
                x = self.rng.choice(self.named_pool(named))
                o2 = surface(x.o, self.rng)
                if o2 is None:
                    return None
                q, o = x, o2
                clause, tag = self.who(q.r, o)
            else:
                q = cands[0]
            lo = hi = q.d
            text = f"{cap(clause)} on {named[(q.d.month, q.d.day)]} {q.d.year}?"
            cons = f"equal_window/named_day/{tag}"
            return self.ent_window(q.r, q.o, lo, hi, text, cons)
        return self.ent_window(q.r, q.o, lo, hi, text, cons)

    def named_pool(self, named: dict[tuple[int, int], str]) -> list[Quad]:
        if self._named is None:
            self._named = [x for x in self.pool if (x.d.month, x.d.day) in named]
        return self._named

    def k_equal_relday(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        k = self.rng.choice([1, 1, 2, 3])
        before = self.rng.randrange(2) == 0
        ref = q.d + timedelta(days=k) if before else q.d - timedelta(days=k)
        if not (self.lo <= ref <= self.hi):
            return None
        words = {1: "on the day", 2: "two days", 3: "three days"}[k]
        rel = f"{words} {'before' if before else 'after'} {fmt_day(ref, self.rng)}"
        clause, tag = self.who(q.r, o)
        text = f"{cap(clause)} {rel}?"
        return self.ent_window(q.r, q.o, q.d, q.d, text, f"equal_relday/{tag}")

    def k_equal_ellipsis(self) -> Q | None:
        q = self.pick()
        o, s = surface(q.o, self.rng), surface(q.s, self.rng)
        if o is None or s is None:
            return None
        if self.rng.randrange(2):
            lo = hi = q.d
            text = f"{cap(s)} {self.vp(q.r, o, 0)} on {fmt_day(q.d, self.rng)}. Who else did so that same day?"
            cons = "equal_ellipsis/same_day"
        else:
            lo, hi = date(q.d.year, q.d.month, 1), month_end(q.d.year, q.d.month)
            text = (
                f"{cap(s)} {self.vp(q.r, o, 0)} in {fmt_month(q.d.year, q.d.month, self.rng)} - "
                "who else did that during the same month?"
            )
            cons = "equal_ellipsis/same_month"
        return self.ent_window(q.r, q.o, lo, hi, text, cons, exclude=(q.s,))

    # -- equal, time answer: when did S r O (scoped to a year on mtq)
    def k_equal_time(self) -> Q | None:
        q = self.pick()
        o, s = surface(q.o, self.rng), surface(q.s, self.rng)
        if o is None or s is None:
            return None
        levels = ["day", "month"] + (["year"] if self.store == "mtq" else [])
        level = self.rng.choice(levels)
        n = {"day": 10, "month": 7, "year": 4}[level]
        if level == "year":
            years = [2014, 2015]
            scope = ""
        else:
            years = [q.d.year]
            scope = f"in {q.d.year}" if self.store == "mtq" or self.rng.randrange(2) else ""
        ds = [d for d in self.kg.by_sro[(q.s, q.r, q.o)] if d.year in years]
        ans = sorted({d.isoformat()[:n] for d in ds})
        inf = self.vp(q.r, o, 1)
        form = self.rng.randrange(3)
        if level == "year" and len(ans) > 1:
            form = 1
        if level == "day" and len(ans) > 1:
            text, cons = f"On which days{' ' + scope if scope else ''} did {s} {inf}?", "when_day/on_which_days"
        elif level == "day":
            if form == 0:
                text, cons = f"On which day{' ' + scope if scope else ''} did {s} {inf}?", "when_day/on_which_day"
            elif form == 1:
                text, cons = (
                    f"{cap(scope) + ', w' if scope else 'W'}hat was the date when {s} {self.vp(q.r, o, 0)}?",
                    "when_day/what_date_relative",
                )
            else:
                text, cons = (
                    f"Give the exact date{' ' + scope if scope else ''} on which {s} {self.vp(q.r, o, 0)}.",
                    "when_day/give_date",
                )
        elif level == "month":
            if form == 0:
                text, cons = (
                    f"Which month{' of ' + str(q.d.year) if scope else ''} saw {s} {inf}?",
                    "when_month/month_saw",
                )
            elif form == 1:
                text, cons = f"In what month{' ' + scope if scope else ''} did {s} {inf}?", "when_month/in_what_month"
            else:
                text, cons = (
                    f"{cap(s)} {self.vp(q.r, o, 0)}{' ' + scope if scope else ''} - in which month was that?",
                    "when_month/afterthought",
                )
        else:
            if form == 0:
                text, cons = f"Was it in 2014 or in 2015 that {s} {self.vp(q.r, o, 0)}?", "when_year/either_or"
            else:
                text, cons = f"Between 2014 and 2015, in which year did {s} {inf}?", "when_year/in_which_year"
        return Q(
            text,
            ans,
            "time",
            level,
            "equal",
            cons,
            f"distinct {level}s of ({q.s}, {q.r}, {q.o}) in years {years}, matched via two MATCH clauses",
            CHECK_TIMES,
            {"s": q.s, "r": q.r, "o": q.o, "years": years, "n": n},
        )

    # -- first / last
    def k_first_last_ent(self) -> Q | None:
        q = self.pick()
        o = surface(q.o, self.rng)
        if o is None:
            return None
        last = self.rng.randrange(2) == 1
        y = q.d.year
        ds = [x for x in self.kg.by_ro[(q.r, q.o)] if x.d.year == y]
        t = max(x.d for x in ds) if last else min(x.d for x in ds)
        ans = sorted({x.s for x in ds if x.d == t})
        inf = self.vp(q.r, o, 1)
        form = self.rng.randrange(3)
        fl = "last" if last else "first"
        if form == 0:
            text, cons = f"Who was the {fl} to {inf} in {y}?", f"first_last_ent/who_was_the_{fl}"
        elif form == 1:
            text, cons = (
                f"In {y}, who {'most recently' if last else 'first'} {self.vp(q.r, o, 0)}?",
                f"first_last_ent/adverb_{fl}",
            )
        else:
            pps = REL[q.r][2]
            if not pps or o in SECTOR_SURFACES:
                return None
            text = f"Looking at {y} as a whole, by whom was {o} {self.rng.choice(pps)} {'last' if last else 'first'}?"
            cons = f"first_last_ent/passive_{fl}"
        return Q(
            text,
            ans,
            "entity",
            "day",
            "first_last",
            cons,
            f"{'max' if last else 'min'} day of ({q.r}, {q.o}) in {y} aggregated in Cypher, then its subjects",
            CHECK_EXTREME_SUBJECTS,
            {"r": q.r, "o": q.o, "years": [y], "last": last},
        )

    def k_first_last_time(self) -> Q | None:
        q = self.pick()
        o, s = surface(q.o, self.rng), surface(q.s, self.rng)
        if o is None or s is None:
            return None
        y = q.d.year
        ds = [d for d in self.kg.by_sro[(q.s, q.r, q.o)] if d.year == y]
        if len(ds) < 2:
            return None
        last = self.rng.randrange(2) == 1
        level = self.rng.choice(["day", "month"])
        n = 10 if level == "day" else 7
        t = max(ds) if last else min(ds)
        ans = [t.isoformat()[:n]]
        inf = self.vp(q.r, o, 1)
        fl = "last" if last else "first"
        form = self.rng.randrange(3)
        if level == "day":
            if form == 0:
                text, cons = f"When did {s} {fl} {inf} in {y}?", f"first_last_time/day_when_{fl}"
            elif form == 1:
                text, cons = (
                    f"What was the {fl} day of {y} on which {s} {self.vp(q.r, o, 0)}?",
                    f"first_last_time/day_the_{fl}_day",
                )
            else:
                text, cons = (
                    f"In {y}, on what date did {s} {inf} for the {fl} time?",
                    f"first_last_time/day_for_the_{fl}_time",
                )
        else:
            if form == 0:
                text, cons = (
                    f"In which month did {s} {inf} for the {fl} time in {y}?",
                    f"first_last_time/month_for_the_{fl}_time",
                )
            elif form == 1:
                text, cons = f"Which month of {y} saw {s} {inf} for the {fl} time?", f"first_last_time/month_saw_{fl}"
            else:
                text, cons = (
                    f"Name the month in {y} when {s} {fl} {self.vp(q.r, o, 0)}.",
                    f"first_last_time/month_name_the_{fl}",
                )
        return Q(
            text,
            ans,
            "time",
            level,
            "first_last",
            cons,
            f"{'max' if last else 'min'} of ({q.s}, {q.r}, {q.o}) in {y} aggregated in Cypher, cut to the {level}",
            CHECK_EXTREME_TIME,
            {"s": q.s, "r": q.r, "o": q.o, "years": [y], "last": last, "n": n},
        )

    # -- before / after a date or an anchor event, within the anchor's year
    def anchor_clause(self, a: Quad) -> tuple[str, str] | None:
        """('after' / 'before' object: a noun phrase or a clause), tag."""
        s, o = surface(a.s, self.rng), surface(a.o, self.rng)
        if s is None or o is None:
            return None
        if REL[a.r][3] and self.rng.randrange(2):
            return self.rng.choice(REL[a.r][3]).format(s=s, o=o), "noun"
        return f"{s} {self.vp(a.r, o, 0)}", "clause"

    def target_for(self, a: Quad) -> tuple[str, str] | None:
        """(relation, object) asked about next to an anchor: the anchor's object, same or another relation."""
        rels = sorted({x.r for x in self.pool if x.o == a.o} & set(REL)) if self.rng.randrange(2) else [a.r]
        if not rels:
            return None
        return self.rng.choice(rels), a.o

    def k_before_after(self) -> Q | None:
        after = self.rng.randrange(2) == 0
        if self.rng.randrange(2):
            q = self.pick()
            o = surface(q.o, self.rng)
            if o is None:
                return None
            y0, y1 = self.years_scope(q.d)
            lo, hi = (q.d + timedelta(days=1), y1) if after else (y0, q.d - timedelta(days=1))
            if lo > hi:
                return None
            pivot = fmt_day(q.d, self.rng)
            clause, tag = self.who(q.r, o)
            if after:
                text, cons = (
                    f"After {pivot} and before the end of {q.d.year}, {clause}?",
                    f"before_after/date_after/{tag}",
                )
            else:
                text, cons = f"{cap(clause)} in {q.d.year} before {pivot}?", f"before_after/date_before/{tag}"
            return self.ent_window(q.r, q.o, lo, hi, text, cons, qtype="before_after")
        a = self.rng.choice(self.anchors)
        ac = self.anchor_clause(a)
        tgt = self.target_for(a)
        if ac is None or tgt is None:
            return None
        r, o_name = tgt
        o = surface(o_name, self.rng)
        if o is None:
            return None
        y0, y1 = self.years_scope(a.d)
        lo, hi = (a.d + timedelta(days=1), y1) if after else (y0, a.d - timedelta(days=1))
        if lo > hi:
            return None
        ans = self.kg.subjects(r, o_name, lo, hi)
        anchor, atag = ac
        if after:
            text = f"Following {anchor}, who {self.vp(r, o, 0)} later that same year ({a.d.year})?"
        else:
            text = f"Earlier in {a.d.year}, before {anchor}, which actors {self.vp(r, o, 0)}?"
        return Q(
            text,
            ans,
            "entity",
            "day",
            "before_after",
            f"before_after/event_{'after' if after else 'before'}/{atag}",
            f"anchor ({a.s}, {a.r}, {a.o}) unique by Cypher count; subjects of ({r}, {o_name}) "
            f"{'after it to year end' if after else 'from year start to before it'}",
            CHECK_ANCHOR_WINDOW,
            {
                "as": a.s,
                "ar": a.r,
                "ao": a.o,
                "r": r,
                "o": o_name,
                "after": after,
                "scope_lo": y0.isoformat(),
                "scope_hi": y1.isoformat(),
            },
        )

    def k_next(self, after: bool) -> Q | None:
        a = self.rng.choice(self.anchors)
        ac = self.anchor_clause(a)
        tgt = self.target_for(a)
        if ac is None or tgt is None:
            return None
        r, o_name = tgt
        o = surface(o_name, self.rng)
        if o is None:
            return None
        anchor, atag = ac
        y0 = date(a.d.year, 1, 1)
        if after:
            ds = [x for x in self.kg.by_ro[(r, o_name)] if x.d > a.d]
            t = min((x.d for x in ds), default=None)
        else:
            ds = [x for x in self.kg.by_ro[(r, o_name)] if y0 <= x.d < a.d]
            t = max((x.d for x in ds), default=None)
        ans = sorted({x.s for x in ds if x.d == t}) if t else []
        inf = self.vp(r, o, 1)
        form = self.rng.randrange(3)
        scope = f", looking only at {a.d.year}" if (self.store == "mtq" or form == 2) else ""
        if after:
            if form == 0:
                text, cons = f"After {anchor}, who was the first to {inf}?", f"after_first/who_was_the_first/{atag}"
            elif form == 1:
                text, cons = f"Who was next to {inf} after {anchor}?", f"after_first/who_was_next/{atag}"
            else:
                text, cons = (
                    f"Once {anchor} had happened, which actor was first to {inf}?"
                    if atag == "noun"
                    else f"Once {anchor}, which actor was first to {inf}?",
                    f"after_first/once/{atag}",
                )
        else:
            if form == 0:
                text, cons = (
                    f"Who had last {self.pp_or_past(r, o)} just before {anchor}{scope}?",
                    f"before_last/who_had_last/{atag}",
                )
            elif form == 1:
                text, cons = (
                    f"Before {anchor}, who was the last to {inf}{scope}?",
                    f"before_last/who_was_the_last/{atag}",
                )
            else:
                text, cons = (
                    f"Right before {anchor}, which actor most recently {self.vp(r, o, 0)}{scope}?",
                    f"before_last/most_recently/{atag}",
                )
        return Q(
            text,
            ans,
            "entity",
            "day",
            "after_first" if after else "before_last",
            cons,
            f"anchor ({a.s}, {a.r}, {a.o}) unique by Cypher count; "
            f"{'min' if after else 'max'} day of ({r}, {o_name}) "
            f"{'after' if after else 'before (from ' + y0.isoformat() + ')'} it "
            "aggregated in Cypher, then its subjects",
            CHECK_NEXT,
            {"as": a.s, "ar": a.r, "ao": a.o, "r": r, "o": o_name, "after": after, "scope_lo": y0.isoformat()},
        )

    def pp_or_past(self, r: str, o: str) -> str:
        # "had last <past participle VP>": the active past forms are simple past; turn the common ones.
        vp = self.vp(r, o, 0)
        fixes = {
            "spoke ": "spoken ",
            "gave ": "given ",
            "took ": "taken ",
            "met ": "met ",
            "made ": "made ",
            "sent ": "sent ",
            "held ": "held ",
            "brought ": "brought ",
            "put ": "put ",
            "paid ": "paid ",
        }
        for a, b in fixes.items():
            if vp.startswith(a):
                return b + vp[len(a) :]
        return vp

    def k_after_first(self) -> Q | None:
        return self.k_next(True)

    def k_before_last(self) -> Q | None:
        return self.k_next(False)

    def k_equal_multi(self) -> Q | None:
        a = self.rng.choice(self.anchors)
        ac = self.anchor_clause(a)
        if ac is None:
            return None
        anchor, atag = ac
        # another relation/object from the same month or day as the anchor (possibly the anchor's object)
        unit = self.rng.choice(["month", "month", "day"])
        if unit == "day":
            same = [x for x in self.pool if x.d == a.d and x.r in REL and (x.s, x.r, x.o) != (a.s, a.r, a.o)]
        else:
            same = [
                x
                for x in self.pool
                if (x.d.year, x.d.month) == (a.d.year, a.d.month) and x.r in REL and (x.s, x.r, x.o) != (a.s, a.r, a.o)
            ]
        if self.rng.randrange(2):
            mine = [x for x in same if x.o == a.o]
            same = mine or same
        if not same:
            return None
        t = self.rng.choice(same)
        o = surface(t.o, self.rng)
        if o is None:
            return None
        if unit == "day":
            lo = hi = a.d
        else:
            lo, hi = date(a.d.year, a.d.month, 1), month_end(a.d.year, a.d.month)
        ans = self.kg.subjects(t.r, t.o, lo, hi)
        clause, _tag = self.who(t.r, o)
        form = self.rng.randrange(3)
        if form == 0:
            text, cons = (
                f"{'On' if unit == 'day' else 'In'} the same {unit} as {anchor}, {clause}?",
                f"equal_multi/same_{unit}_fronted/{atag}",
            )
        elif form == 1:
            prep = "on the day on which" if unit == "day" else "during the month in which"
            event = anchor if atag == "clause" else anchor + " took place"
            text, cons = f"{cap(clause)} {prep} {event}?", f"equal_multi/during_the_{unit}_in_which/{atag}"
        elif atag == "noun":
            prep = "on the day of" if unit == "day" else "in the month of"
            text, cons = f"{cap(clause)} {prep} {anchor}?", f"equal_multi/the_{unit}_of/{atag}"
        else:
            prep = "on the day when" if unit == "day" else "in the month when"
            text, cons = f"{cap(clause)} {prep} {anchor}?", f"equal_multi/the_{unit}_when/{atag}"
        return Q(
            text,
            ans,
            "entity",
            unit,
            "equal_multi",
            cons,
            f"anchor ({a.s}, {a.r}, {a.o}) unique by Cypher count; subjects of ({t.r}, {t.o}) with "
            f"date.truncate('{unit}') equal to the anchor's",
            CHECK_SAME_PERIOD,
            {"as": a.s, "ar": a.r, "ao": a.o, "r": t.r, "o": t.o, "unit": unit},
        )


PLAN = {
    "mtq": [
        ("k_equal_day", 10),
        ("k_equal_month", 8),
        ("k_equal_year", 6),
        ("k_equal_window", 12),
        ("k_equal_relday", 4),
        ("k_equal_ellipsis", 4),
        ("k_equal_time", 12),
        ("k_first_last_ent", 8),
        ("k_first_last_time", 8),
        ("k_before_after", 10),
        ("k_after_first", 7),
        ("k_before_last", 6),
        ("k_equal_multi", 7),
    ],
    "bench": [
        ("k_equal_day", 7),
        ("k_equal_month", 6),
        ("k_equal_year", 2),
        ("k_equal_window", 9),
        ("k_equal_relday", 3),
        ("k_equal_ellipsis", 3),
        ("k_equal_time", 8),
        ("k_first_last_ent", 6),
        ("k_first_last_time", 6),
        ("k_before_after", 7),
        ("k_after_first", 5),
        ("k_before_last", 4),
        ("k_equal_multi", 5),
    ],
}
SINGLE = {"equal", "before_after", "first_last"}


def build(store: Store, store_name: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    rng = random.Random(SEED)
    kg = KG(read_quads(store))
    gen = Gen(kg, store_name, rng)
    seen: set[str] = set()
    made: list[Q] = []
    dropped: Counter[str] = Counter()
    for kind, n in PLAN[store_name]:
        got, tries = 0, 0
        make: Callable[[], Q | None] = getattr(gen, kind)
        while got < n and tries < 4000:
            tries += 1
            q = make()
            if q is None:
                dropped["unphraseable"] += 1
                continue
            if not q.answers:
                dropped["no_gold"] += 1
                continue
            if len(q.answers) > MAX_GOLD:
                dropped["over_5_gold"] += 1
                continue
            if q.question in seen:
                dropped["duplicate_text"] += 1
                continue
            # second check
            rows = store.run(q.check_query, q.check_params)
            other = sorted(set(rows[0]["a"])) if rows else []
            if other != sorted(q.answers):
                dropped["check_disagrees"] += 1
                print(f"check disagrees: {q.question} {q.answers} vs {other}", file=sys.stderr)
                continue
            seen.add(q.question)
            made.append(q)
            got += 1
    out = []
    prefix = PREFIX[store_name]
    for i, q in enumerate(made, 1):
        quid = f"{prefix}{i:03d}"
        out.append(
            {
                "quid": quid,
                "id": quid,
                "question": q.question,
                "answers": sorted(q.answers),
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": "Single" if q.qtype in SINGLE else "Multiple",
                "evidence": [],
                "construction": q.construction,
                "store": store_name,
                "check": q.check,
                "check_agrees": True,
            }
        )
    rels = Counter(str(p.get("r")) for p in (q.check_params for q in made))
    stats = {"dropped": dict(sorted(dropped.items())), "relations": len(rels), "n": len(out)}
    return out, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    with connect(start_managed=False, ensure_schema=False) as store:
        rows, stats = build(store, args.store)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
