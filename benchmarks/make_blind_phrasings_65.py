"""Blind held-out question set 65: temporal questions over the ICEWS stores, phrased in a news editor's register.

Why: the symbolic reader's held-out score is only honest on wordings nobody tuned on. This generator was written
without reading the reader, its tests or any earlier phrasing set. Its wordings lean on nominalisations and passives
("the condemnation of X by Y", "X came under criticism from Y"), long noun phrases, fronted time adverbials, dates
written out in several styles, the asked time as the subject of the clause ("Which month of 2014 saw ..."), first/last
asked through the answer's granularity, sector actors said naturally ("the police in Nigeria") and answers that are
lists. MultiTQ's question types are kept: equal, first_last, before_after (Single) and after_first, before_last,
equal_multi (Multiple).

Gold: every (subject, relation, object, day) of the store is read once and each gold is computed in Python over those
facts. A second, differently written Cypher query per question recomputes it (the anchor's day re-read from the store,
the window and the first/last pick done inside Cypher); ``check_agrees`` records the comparison and questions that
disagree are dropped (the count is printed). Anchor events occur exactly once in the whole store.

Stores and periods: ``mtq`` (ICEWS05-15, complete from 2013-11-18, a sample before; questions only ask about
2014-2015 and every window that could reach back is bounded in the wording) and ``bench`` (ICEWS14, all of 2014).

Run (the connection settings of each store are filled in unless already set)::

    PYTHONPATH=. python benchmarks/make_blind_phrasings_65.py --store mtq --out blind_mtq.jsonl
    PYTHONPATH=. python benchmarks/make_blind_phrasings_65.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261265

STORE_ENV = {
    "mtq": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
    "bench": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
}


@dataclass(frozen=True)
class Period:
    """The store's questionable period: ``lo``..``hi`` inclusive, and the id prefix and size of its set."""

    lo: date
    hi: date
    prefix: str
    target: int


PERIODS = {
    "mtq": Period(date(2014, 1, 1), date(2015, 12, 31), "b65m", 100),
    "bench": Period(date(2014, 1, 1), date(2014, 12, 31), "b65b", 70),
}

QUOTAS = {
    "mtq": {"equal": 20, "first_last": 18, "before_after": 16, "after_first": 16, "before_last": 15, "equal_multi": 15},
    "bench": {
        "equal": 14,
        "first_last": 12,
        "before_after": 11,
        "after_first": 11,
        "before_last": 11,
        "equal_multi": 11,
    },
}
QLABEL = {
    "equal": "Single",
    "first_last": "Single",
    "before_after": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}
MAX_GOLD = 5
MAX_PER_RELATION = 5


@dataclass(frozen=True)
class Rel:
    """One relation in plain English: ``inf`` (infinitive, {o}), ``past`` ({s} ... {o}), ``pas`` (a clause with the
    object first, or None where no unambiguous one exists) and ``nom`` (a noun phrase naming both)."""

    inf: str
    past: str
    pas: str | None
    nom: str


RELS: dict[str, Rel] = {
    "Consult": Rel("consult {o}", "{s} consulted {o}", "{o} was consulted by {s}", "the consultation of {o} by {s}"),
    "Make_an_appeal_or_request": Rel(
        "appeal to {o}", "{s} appealed to {o}", "{o} received an appeal from {s}", "the appeal made to {o} by {s}"
    ),
    "Express_intent_to_meet_or_negotiate": Rel(
        "express a wish to meet {o}", "{s} expressed a wish to meet {o}", None, "the stated wish of {s} to meet {o}"
    ),
    "Make_a_visit": Rel(
        "visit {o}", "{s} visited {o}", "{o} received a visit from {s}", "the visit paid to {o} by {s}"
    ),
    "Host_a_visit": Rel("host {o}", "{s} hosted {o}", "{o} was hosted by {s}", "the hosting of {o} by {s}"),
    "Arrest,_detain,_or_charge_with_legal_action": Rel(
        "arrest {o}", "{s} arrested {o}", "{o} was taken into custody by {s}", "the arrest of {o} by {s}"
    ),
    "Praise_or_endorse": Rel(
        "praise {o}", "{s} praised {o}", "{o} drew praise from {s}", "the praise heaped on {o} by {s}"
    ),
    "Criticize_or_denounce": Rel(
        "criticise {o}", "{s} criticised {o}", "{o} came under criticism from {s}", "the condemnation of {o} by {s}"
    ),
    "Accuse": Rel(
        "accuse {o}", "{s} accused {o}", "{o} faced accusations from {s}", "the accusations levelled at {o} by {s}"
    ),
    "Use_conventional_military_force": Rel(
        "use conventional military force against {o}",
        "{s} used conventional military force against {o}",
        "{o} was attacked with conventional military force by {s}",
        "the use of conventional military force against {o} by {s}",
    ),
    "Use_unconventional_violence": Rel(
        "use unconventional violence against {o}",
        "{s} used unconventional violence against {o}",
        None,
        "the unconventional violence used against {o} by {s}",
    ),
    "Engage_in_negotiation": Rel(
        "negotiate with {o}", "{s} negotiated with {o}", None, "the negotiations conducted with {o} by {s}"
    ),
    "Express_intent_to_cooperate": Rel(
        "declare a willingness to cooperate with {o}",
        "{s} declared a willingness to cooperate with {o}",
        None,
        "the declared willingness of {s} to cooperate with {o}",
    ),
    "Demand": Rel(
        "make demands of {o}", "{s} made demands of {o}", "{o} faced demands from {s}", "the demands put to {o} by {s}"
    ),
    "Engage_in_diplomatic_cooperation": Rel(
        "cooperate diplomatically with {o}",
        "{s} cooperated diplomatically with {o}",
        None,
        "the diplomatic cooperation of {s} with {o}",
    ),
    "Sign_formal_agreement": Rel(
        "sign a formal agreement with {o}",
        "{s} signed a formal agreement with {o}",
        None,
        "the signing of a formal agreement with {o} by {s}",
    ),
    "Investigate": Rel(
        "investigate {o}",
        "{s} investigated {o}",
        "{o} came under investigation by {s}",
        "the investigation of {o} by {s}",
    ),
    "Discuss_by_telephone": Rel(
        "speak by telephone with {o}",
        "{s} spoke by telephone with {o}",
        "{o} received a telephone call from {s}",
        "the telephone call placed to {o} by {s}",
    ),
    "fight_with_small_arms_and_light_weapons": Rel(
        "fight {o} with small arms and light weapons",
        "{s} fought {o} with small arms and light weapons",
        "{o} came under small-arms fire from {s}",
        "the small-arms fighting against {o} by {s}",
    ),
    "Make_optimistic_comment": Rel(
        "make optimistic remarks about {o}",
        "{s} made optimistic remarks about {o}",
        None,
        "the upbeat remarks made about {o} by {s}",
    ),
    "Make_pessimistic_comment": Rel(
        "make pessimistic remarks about {o}",
        "{s} made pessimistic remarks about {o}",
        None,
        "the gloomy remarks made about {o} by {s}",
    ),
    "Threaten": Rel(
        "threaten {o}", "{s} threatened {o}", "{o} received threats from {s}", "the threats made against {o} by {s}"
    ),
    "Abduct,_hijack,_or_take_hostage": Rel(
        "abduct {o}", "{s} abducted {o}", "{o} was abducted by {s}", "the abduction of {o} by {s}"
    ),
    "Meet_at_a_'third'_location": Rel(
        "meet {o} at a third location",
        "{s} met {o} at a third location",
        None,
        "the meeting of {s} with {o} at a third location",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": Rel(
        "call on {o} for diplomatic cooperation",
        "{s} called on {o} for diplomatic cooperation",
        "{o} was asked for diplomatic cooperation by {s}",
        "the call for diplomatic cooperation addressed to {o} by {s}",
    ),
    "Protest_violently,_riot": Rel(
        "riot against {o}",
        "{s} rioted against {o}",
        "{o} faced violent protests from {s}",
        "the violent protests against {o} by {s}",
    ),
    "Provide_humanitarian_aid": Rel(
        "provide humanitarian aid to {o}",
        "{s} provided humanitarian aid to {o}",
        "{o} received humanitarian aid from {s}",
        "the humanitarian aid delivered to {o} by {s}",
    ),
    "Make_empathetic_comment": Rel(
        "express sympathy for {o}",
        "{s} expressed sympathy for {o}",
        "{o} received expressions of sympathy from {s}",
        "the sympathy expressed for {o} by {s}",
    ),
    "Use_tactics_of_violent_repression": Rel(
        "violently repress {o}",
        "{s} violently repressed {o}",
        "{o} was violently repressed by {s}",
        "the violent repression of {o} by {s}",
    ),
    "Occupy_territory": Rel(
        "occupy territory of {o}", "{s} occupied territory of {o}", None, "the occupation of territory of {o} by {s}"
    ),
    "Physically_assault": Rel(
        "physically assault {o}",
        "{s} physically assaulted {o}",
        "{o} was physically assaulted by {s}",
        "the physical assault on {o} by {s}",
    ),
    "Reduce_or_break_diplomatic_relations": Rel(
        "cut or downgrade diplomatic ties with {o}",
        "{s} cut or downgraded diplomatic ties with {o}",
        None,
        "the cutting or downgrading of diplomatic ties with {o} by {s}",
    ),
    "Bring_lawsuit_against": Rel(
        "sue {o}", "{s} sued {o}", "{o} was sued by {s}", "the lawsuit brought against {o} by {s}"
    ),
    "Confiscate_property": Rel(
        "confiscate property from {o}",
        "{s} confiscated property from {o}",
        "{o} had property confiscated by {s}",
        "the confiscation of property from {o} by {s}",
    ),
    "Cooperate_economically": Rel(
        "cooperate economically with {o}",
        "{s} cooperated economically with {o}",
        None,
        "the economic cooperation of {s} with {o}",
    ),
    "Cooperate_militarily": Rel(
        "cooperate militarily with {o}",
        "{s} cooperated militarily with {o}",
        None,
        "the military cooperation of {s} with {o}",
    ),
    "Complain_officially": Rel(
        "lodge an official complaint against {o}",
        "{s} lodged an official complaint against {o}",
        "{o} was the target of an official complaint by {s}",
        "the official complaint lodged against {o} by {s}",
    ),
    "Provide_military_aid": Rel(
        "provide military aid to {o}",
        "{s} provided military aid to {o}",
        "{o} received military aid from {s}",
        "the military aid supplied to {o} by {s}",
    ),
    "Provide_economic_aid": Rel(
        "give economic aid to {o}",
        "{s} gave economic aid to {o}",
        "{o} received economic aid from {s}",
        "the economic aid given to {o} by {s}",
    ),
    "Express_intent_to_provide_military_aid": Rel(
        "pledge military aid to {o}",
        "{s} pledged military aid to {o}",
        "{o} was promised military aid by {s}",
        "the pledge of military aid to {o} by {s}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": Rel(
        "impose an embargo or sanctions on {o}",
        "{s} imposed an embargo or sanctions on {o}",
        "{o} was placed under an embargo or sanctions by {s}",
        "the embargo or sanctions imposed on {o} by {s}",
    ),
    "Threaten_with_military_force": Rel(
        "threaten {o} with military force",
        "{s} threatened {o} with military force",
        "{o} was threatened with military force by {s}",
        "the threat of military force against {o} by {s}",
    ),
    "Employ_aerial_weapons": Rel(
        "carry out air strikes on {o}",
        "{s} carried out air strikes on {o}",
        "{o} came under air attack from {s}",
        "the air strikes on {o} by {s}",
    ),
    "Grant_diplomatic_recognition": Rel(
        "grant diplomatic recognition to {o}",
        "{s} granted diplomatic recognition to {o}",
        "{o} was granted diplomatic recognition by {s}",
        "the diplomatic recognition granted to {o} by {s}",
    ),
    "Carry_out_suicide_bombing": Rel(
        "carry out a suicide bombing against {o}",
        "{s} carried out a suicide bombing against {o}",
        None,
        "the suicide bombing against {o} by {s}",
    ),
    "Mobilize_or_increase_armed_forces": Rel(
        "mobilise armed forces against {o}",
        "{s} mobilised armed forces against {o}",
        None,
        "the mobilisation of armed forces against {o} by {s}",
    ),
    "Rally_support_on_behalf_of": Rel(
        "rally support on behalf of {o}",
        "{s} rallied support on behalf of {o}",
        None,
        "the rallying of support for {o} by {s}",
    ),
    "Ease_administrative_sanctions": Rel(
        "ease administrative sanctions on {o}",
        "{s} eased administrative sanctions on {o}",
        "{o} had administrative sanctions eased by {s}",
        "the easing of administrative sanctions on {o} by {s}",
    ),
}

# Sector actors said the way a reader would write them; other names are used as the KG has them.
SECTORS = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Government": "the government of {c}",
    "Head of Government": "the head of government of {c}",
    "Military": "the armed forces of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Protester": "protesters in {c}",
    "Member of Parliament": "members of parliament in {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Court Judge": "judges in {c}",
    "Student": "students in {c}",
}
THE_COUNTRIES = (
    "United ",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Gambia",
    "Democratic Republic",
    "Republic of",
    "Maldives",
    "Bahamas",
    "Comoros",
    "Seychelles",
)
NOT_COUNTRIES = ("International", "Palestinian Territory, Occupied")
SECTOR_RE = re.compile(r"^(?P<sector>[^()]+) \((?P<country>[^()]+)\)$")

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
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def country(c: str) -> str:
    """A country name as it reads inside a sentence (the United States, the Philippines)."""
    return f"the {c}" if c.startswith(THE_COUNTRIES) else c


def say(name: str) -> str:
    """An entity as a reader would name it: sector actors in words, everything else as the KG names it."""
    m = SECTOR_RE.match(name)
    if m and m["sector"] in SECTORS and m["country"] not in NOT_COUNTRIES:
        return SECTORS[m["sector"]].format(c=country(m["country"]))
    if name.startswith(THE_COUNTRIES):
        return f"the {name}"
    return name


PLURAL_HEADS = ("citizens ", "lawyers ", "protesters ", "members ", "judges ", "students ")


def passive(template: str, s: str, o: str) -> str:
    """A passive clause with its verb agreeing with a plural object ('citizens of Sudan were assaulted')."""
    text = template.format(s=s, o=o)
    if o.startswith(PLURAL_HEADS):
        text = text.replace(f"{o} was ", f"{o} were ", 1)
    return text


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 22nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_day(d: date, style: int) -> str:
    """A day written out in one of five styles."""
    m = MONTHS[d.month - 1]
    return [
        f"{d.day} {m} {d.year}",
        f"{m} {d.day}, {d.year}",
        f"the {ordinal(d.day)} of {m} {d.year}",
        f"{WEEKDAYS[d.weekday()]}, {d.day} {m} {d.year}",
        d.isoformat(),
    ][style % 5]


def say_month(year: int, month: int, style: int) -> str:
    """A month written out in one of three styles."""
    m = MONTHS[month - 1]
    return [f"{m} {year}", f"the month of {m} {year}", f"{m} of {year}"][style % 3]


def cap(text: str) -> str:
    """The sentence with its first letter upper-cased (the rest untouched)."""
    return text[:1].upper() + text[1:]


def blank(template: str, slot: str) -> str:
    """A template with one slot removed (a stranded preposition stays: 'appeal to')."""
    return re.sub(r"\s+", " ", template.replace("{" + slot + "}", "")).strip()


Fact = tuple[str, str, str, date]


@dataclass
class Index:
    """The store's facts, read once, indexed for the gold computations."""

    facts: list[Fact]
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    by_or: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    triple_days: dict[tuple[str, str, str], list[date]] = field(default_factory=dict)
    by_subject: dict[str, list[Fact]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        sr: dict[tuple[str, str], set[tuple[date, str]]] = defaultdict(set)
        orr: dict[tuple[str, str], set[tuple[date, str]]] = defaultdict(set)
        tri: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        subj: dict[str, list[Fact]] = defaultdict(list)
        for s, r, o, d in self.facts:
            sr[(s, r)].add((d, o))
            orr[(o, r)].add((d, s))
            tri[(s, r, o)].append(d)
            subj[s].append((s, r, o, d))
        self.by_sr = {k: sorted(v) for k, v in sr.items()}
        self.by_or = {k: sorted(v) for k, v in orr.items()}
        self.triple_days = {k: sorted(v) for k, v in tri.items()}
        self.by_subject = {k: sorted(v, key=lambda f: (f[3], f[1], f[2])) for k, v in subj.items()}


def read_facts(store: Any) -> list[Fact]:
    """Every (subject, relation, object, day) of the store, once, in a fixed order (one row per stored event)."""
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    facts = [(row["s"], row["r"], row["o"], date.fromisoformat(row["d"])) for row in rows]
    return sorted(facts)


@dataclass
class Spec:
    """What a question asks, in the terms the check query recomputes: the fixed entity and its role, the relation,
    the other party (time answers), the window (or the anchor it hangs on), the pick and the answer form."""

    fixed: str
    fixed_role: str  # "subject": the answer is the object (or a time); "object": the answer is the subject
    rel: str
    other: str | None
    lo: date | None
    hi: date | None
    pick: str  # all | first | last
    want: str  # entity | day | month | year
    anchor: tuple[str, str, str] | None = None
    window: str = "fixed"  # fixed | before | after | same_day | same_month | same_year
    floor: date | None = None  # the earliest day a before-window may reach


@dataclass
class Draft:
    """A question before it is numbered."""

    qtype: str
    question: str
    construction: str
    spec: Spec
    gold: list[str]
    time_level: str
    note: str = ""


def fmt(d: date, want: str) -> str:
    """A day at the asked granularity."""
    return {"day": d.isoformat(), "month": d.isoformat()[:7], "year": str(d.year)}[want]


def select(rows: list[tuple[date, str]], lo: date | None, hi: date | None, other: str | None) -> list[tuple[date, str]]:
    """The (day, party) rows inside lo..hi (inclusive) and with the given other party."""
    a = 0 if lo is None else bisect.bisect_left(rows, (lo, ""))
    b = len(rows) if hi is None else bisect.bisect_left(rows, (hi + timedelta(days=1), ""))
    return [(d, p) for d, p in rows[a:b] if other is None or p == other]


def gold_of(ix: Index, sp: Spec, lo: date, hi: date) -> list[str]:
    """The Python gold: the rows of the fixed entity's relation in the window, picked, at the asked form."""
    key = (sp.fixed, sp.rel)
    rows = (ix.by_sr if sp.fixed_role == "subject" else ix.by_or).get(key, [])
    sel = select(rows, lo, hi, sp.other)
    if not sel:
        return []
    if sp.pick == "first":
        day = sel[0][0]
        sel = [r for r in sel if r[0] == day]
    elif sp.pick == "last":
        day = sel[-1][0]
        sel = [r for r in sel if r[0] == day]
    if sp.want == "entity":
        return sorted({p for _, p in sel})
    return sorted({fmt(d, sp.want) for d, _ in sel})


def month_bounds(d: date) -> tuple[date, date]:
    """The first and last day of d's month."""
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return date(d.year, d.month, 1), nxt - timedelta(days=1)


def window_of(sp: Spec, anchor_day: date | None, period: Period) -> tuple[date, date]:
    """The window a spec's question scopes (anchored windows from the anchor's day)."""
    if sp.window == "fixed":
        assert sp.lo is not None and sp.hi is not None
        return sp.lo, sp.hi
    assert anchor_day is not None
    if sp.window == "after":
        return anchor_day + timedelta(days=1), period.hi
    if sp.window == "before":
        return sp.floor or date(2000, 1, 1), anchor_day - timedelta(days=1)
    if sp.window == "same_day":
        return anchor_day, anchor_day
    if sp.window == "same_month":
        return month_bounds(anchor_day)
    return date(anchor_day.year, 1, 1), date(anchor_day.year, 12, 31)


class Maker:
    """Draws questions of one store from its facts with a seeded generator."""

    def __init__(self, ix: Index, period: Period, store_name: str, rng: random.Random) -> None:
        self.ix = ix
        self.period = period
        self.store_name = store_name
        self.rng = rng
        by_rel: dict[str, list[Fact]] = defaultdict(list)
        for f in ix.facts:
            if period.lo <= f[3] <= period.hi and f[1] in RELS:
                by_rel[f[1]].append(f)
        self.by_rel = dict(sorted(by_rel.items()))
        # Anchors: facts whose triple occurs exactly once in the whole store, inside the period.
        self.unique = {
            (s, r, o): days[0]
            for (s, r, o), days in ix.triple_days.items()
            if len(days) == 1 and r in RELS and period.lo <= days[0] <= period.hi
        }
        self.style = 0

    def next_style(self) -> int:
        self.style += 1
        return self.style + self.rng.randrange(5)

    def seed_fact(self) -> Fact:
        """A fact of the period: a relation drawn uniformly, then one of its facts."""
        return self.rng.choice(self.by_rel[self.rng.choice(sorted(self.by_rel))])

    def year_scope(self, d: date) -> tuple[date, date, str]:
        """The year of d as a window and as words ('in 2015')."""
        return date(d.year, 1, 1), date(d.year, 12, 31), str(d.year)

    def anchor_for(self, s: str, rel: str) -> tuple[tuple[str, str, str], date] | None:
        """A unique event of s (as subject) under another relation, to hang a question on."""
        options = [
            (f[0], f[1], f[2])
            for f in self.ix.by_subject.get(s, [])
            if f[1] != rel and (f[0], f[1], f[2]) in self.unique and f[2] != s
        ]
        if not options:
            return None
        trip = self.rng.choice(sorted(set(options)))
        return trip, self.unique[trip]

    def anchor_words(self, trip: tuple[str, str, str], form: int) -> str:
        """The anchor event as a noun phrase (form divisible by 3) or a clause."""
        s, r, o = trip
        rel = RELS[r]
        if form % 3 == 0:
            return rel.nom.format(s=say(s), o=say(o))
        if form % 3 == 1 and rel.pas is not None:
            return passive(rel.pas, s=say(s), o=say(o))
        return rel.past.format(s=say(s), o=say(o))

    # ---- equal --------------------------------------------------------------------------------------------
    def equal(self) -> Draft | None:
        s, r, o, d = self.seed_fact()
        rel = RELS[r]
        v = self.rng.randrange(6)
        st = self.next_style()
        if v == 0:  # object at a day, fronted date
            sp = Spec(s, "subject", r, None, d, d, "all", "entity")
            q = f"On {say_day(d, st)}, who did {say(s)} {blank(rel.inf, 'o')}?"
            return Draft("equal", q, "equal: fronted day, object asked", sp, [], "day")
        if v == 1 and rel.pas is not None:  # object in the passive, a month
            lo, hi = month_bounds(d)
            sp = Spec(s, "subject", r, None, lo, hi, "all", "entity")
            q = cap(rel.pas.format(o="who", s=say(s))) + f" in {say_month(d.year, d.month, st)}?"
            q = "Who" + q[3:]
            return Draft("equal", q, "equal: passive, object asked, month", sp, [], "month")
        if v == 2:  # subject asked, year (mtq) or month
            if self.store_name == "mtq":
                lo, hi, words = self.year_scope(d)
                level = "year"
                q = f"During {words}, which actors {blank(rel.past, 's')}?".replace("{o}", say(o))
            else:
                lo, hi = month_bounds(d)
                level = "month"
                q = f"Over the course of {say_month(d.year, d.month, st)}, which actors {blank(rel.past, 's')}?"
                q = q.replace("{o}", say(o))
            sp = Spec(o, "object", r, None, lo, hi, "all", "entity")
            return Draft("equal", q, f"equal: fronted period, subject asked, {level}", sp, [], level)
        if v == 3:  # day asked, noun phrase
            lo, hi, words = self.year_scope(d)
            sp = Spec(s, "subject", r, o, lo, hi, "all", "day")
            q = f"On what date in {words} did {rel.nom.format(s=say(s), o=say(o))} take place?"
            return Draft("equal", q, "equal: day asked of a nominalised event", sp, [], "day")
        if v == 4:  # month as the subject of the clause
            lo, hi, words = self.year_scope(d)
            sp = Spec(s, "subject", r, o, lo, hi, "all", "month")
            q = f"Which month of {words} saw {rel.nom.format(s=say(s), o=say(o))}?"
            return Draft("equal", q, "equal: month as clause subject", sp, [], "month")
        if v == 5 and self.store_name == "mtq":  # year asked between the two
            sp = Spec(s, "subject", r, o, self.period.lo, self.period.hi, "all", "year")
            q = f"Was it in 2014 or in 2015 that {rel.past.format(s=say(s), o=say(o))}?"
            return Draft("equal", q, "equal: year chosen between two", sp, [], "year")
        return None

    # ---- first_last ---------------------------------------------------------------------------------------
    def first_last(self) -> Draft | None:
        s, r, o, d = self.seed_fact()
        rel = RELS[r]
        v = self.rng.randrange(5)
        pick = "first" if self.rng.random() < 0.5 else "last"
        lo, hi, words = self.year_scope(d)
        word = {"first": "first", "last": "last"}[pick]
        if v == 0:  # object, "of all those ... who first"
            sp = Spec(s, "subject", r, None, lo, hi, pick, "entity")
            done = blank(blank(rel.past, "s"), "o")
            q = f"Of all the parties {say(s)} {done} during {words}, which came {word}?"
            return Draft(
                "first_last", q, f"first_last: 'of all the parties X R-ed, which came {pick}', object", sp, [], "year"
            )
        if v == 1:  # subject, "the first to"
            sp = Spec(o, "object", r, None, lo, hi, pick, "entity")
            q = f"Who was the {word} to {rel.inf.format(o=say(o))} in {words}?"
            return Draft("first_last", q, f"first_last: 'the {pick} to R', subject", sp, [], "year")
        if v == 2:  # month via granularity
            sp = Spec(s, "subject", r, o, lo, hi, pick, "month")
            q = f"In which month of {words} did {say(s)} {word} {rel.inf.format(o=say(o))}?"
            return Draft("first_last", q, f"first_last: month asked, {pick}", sp, [], "month")
        if v == 3:  # day of the last/first nominalised event
            sp = Spec(s, "subject", r, o, lo, hi, pick, "day")
            adj = {"first": "earliest", "last": "latest"}[pick]
            q = f"What was the date of the {adj} instance in {words} of {rel.nom.format(s=say(s), o=say(o))}?"
            return Draft("first_last", q, f"first_last: day of the {adj} instance, nominal", sp, [], "day")
        if self.store_name == "mtq":  # year via granularity over the two years
            sp = Spec(s, "subject", r, o, self.period.lo, self.period.hi, pick, "year")
            q = f"Taking 2014 and 2015 together, in which year did {say(s)} {word} {rel.inf.format(o=say(o))}?"
            return Draft("first_last", q, f"first_last: year asked over 2014-2015, {pick}", sp, [], "year")
        return None

    # ---- before_after -------------------------------------------------------------------------------------
    def before_after(self) -> Draft | None:
        s, r, o, d = self.seed_fact()
        rel = RELS[r]
        v = self.rng.randrange(4)
        st = self.next_style()
        if v == 0:  # after a date, object
            sp = Spec(s, "subject", r, None, d + timedelta(days=1), self.period.hi, "all", "entity")
            q = f"After {say_day(d, st)}, who did {say(s)} {blank(rel.inf, 'o')}?"
            return Draft("before_after", q, "before_after: after a written date, object", sp, [], "day")
        if v == 1:  # before a date within its year, subject, passive of the asker
            lo = date(d.year, 1, 1)
            sp = Spec(o, "object", r, None, lo, d - timedelta(days=1), "all", "entity")
            if self.store_name == "mtq":
                q = f"In {d.year}, but before {say_day(d, st)}, who {blank(rel.past, 's').format(o=say(o))}?"
            else:
                q = f"Prior to {say_day(d, st)}, who {blank(rel.past, 's').format(o=say(o))}?"
            return Draft("before_after", q, "before_after: before a written date, subject", sp, [], "day")
        if v == 2:  # after an event, object
            an = self.anchor_for(s, r)
            if an is None:
                return None
            trip, _ = an
            sp = Spec(s, "subject", r, None, None, None, "all", "entity", anchor=trip, window="after")
            words = self.anchor_words(trip, st)
            q = f"In the period following {words}, who did {say(s)} {blank(rel.inf, 'o')}?"
            if st % 3:
                q = f"Once {words}, who did {say(s)} go on to {blank(rel.inf, 'o')}?"
            return Draft("before_after", q, "before_after: after an event, object", sp, [], "day")
        # v == 3: month-granularity days after an event: the months in which the pair met the relation
        an = self.anchor_for(s, r)
        if an is None:
            return None
        trip, _ = an
        sp = Spec(s, "subject", r, o, None, None, "all", "month", anchor=trip, window="after")
        words = self.anchor_words(trip, 0)
        q = f"In which months after {words} did {say(s)} {rel.inf.format(o=say(o))}?"
        return Draft("before_after", q, "before_after: months after a nominalised event", sp, [], "month")

    # ---- after_first / before_last -------------------------------------------------------------------------
    def after_first(self) -> Draft | None:
        s, r, o, _ = self.seed_fact()
        rel = RELS[r]
        an = self.anchor_for(s, r)
        if an is None:
            return None
        trip, _ = an
        v = self.rng.randrange(3)
        st = self.next_style()
        words = self.anchor_words(trip, st)
        if v == 0:
            sp = Spec(s, "subject", r, None, None, None, "first", "entity", anchor=trip, window="after")
            q = f"Following {words}, who was the first that {say(s)} went on to {blank(rel.inf, 'o')}?"
            if st % 3:
                q = f"After {words}, whom did {say(s)} {blank(rel.inf, 'o')} first?"
            return Draft("after_first", q, "after_first: object, first after an event", sp, [], "day")
        if v == 1:
            sp = Spec(s, "subject", r, o, None, None, "first", "month", anchor=trip, window="after")
            words = self.anchor_words(trip, 0)
            q = f"In which month after {words} did {say(s)} next {rel.inf.format(o=say(o))}?"
            return Draft("after_first", q, "after_first: month of the next time, nominal anchor", sp, [], "month")
        sp = Spec(s, "subject", r, o, None, None, "first", "day", anchor=trip, window="after")
        lead = "Following" if st % 3 == 0 else "Once"
        q = f"{lead} {words}, on what date was the next occasion on which {rel.past.format(s=say(s), o=say(o))}?"
        return Draft("after_first", q, "after_first: day of the next occasion", sp, [], "day")

    def before_last(self) -> Draft | None:
        s, r, o, _ = self.seed_fact()
        rel = RELS[r]
        an = self.anchor_for(s, r)
        if an is None:
            return None
        trip, _ = an
        v = self.rng.randrange(3)
        st = self.next_style()
        words = self.anchor_words(trip, st)
        floor = self.period.lo
        if v == 0:
            sp = Spec(s, "subject", r, None, None, None, "last", "entity", anchor=trip, window="before", floor=floor)
            q = f"Who was the last party {say(s)} chose to {blank(rel.inf, 'o')} before {words}?"
            return Draft("before_last", q, "before_last: object, 'the last party X chose to R'", sp, [], "day")
        if v == 1:
            sp = Spec(o, "object", r, None, None, None, "last", "entity", anchor=trip, window="before", floor=floor)
            lead = "Ahead of" if st % 3 == 0 else "Before"
            q = f"{lead} {words}, who had most recently {blank(rel.past, 's').format(o=say(o))}?"
            q = q.replace(
                f"most recently {blank(rel.past, 's').format(o=say(o))}",
                "most recently " + self.participle(rel).format(o=say(o)),
            )
            return Draft("before_last", q, "before_last: subject, 'who had most recently'", sp, [], "day")
        sp = Spec(s, "subject", r, o, None, None, "last", "month", anchor=trip, window="before", floor=floor)
        q = f"Which was the last month before {words} in which {rel.past.format(s=say(s), o=say(o))}?"
        return Draft("before_last", q, "before_last: month of the last time, as the asked noun", sp, [], "month")

    @staticmethod
    def participle(rel: Rel) -> str:
        """The past perfect's participle phrase ('criticised {o}'), from the simple past ('{s} criticised {o}')."""
        text = blank(rel.past, "s")
        fixes = {"spoke ": "spoken ", "fought ": "fought ", "gave ": "given ", "met ": "met "}
        for old, new in fixes.items():
            if text.startswith(old):
                return new + text[len(old) :]
        return text

    # ---- equal_multi --------------------------------------------------------------------------------------
    def equal_multi(self) -> Draft | None:
        s, r, o, _ = self.seed_fact()
        rel = RELS[r]
        an = self.anchor_for(s, r)
        if an is None:
            return None
        trip, _ = an
        v = self.rng.randrange(4)
        st = self.next_style()
        words = self.anchor_words(trip, st)
        if v == 0:
            sp = Spec(s, "subject", r, None, None, None, "all", "entity", anchor=trip, window="same_month")
            q = f"In the same month as {words}, who did {say(s)} {blank(rel.inf, 'o')}?"
            return Draft("equal_multi", q, "equal_multi: same month as an event, object", sp, [], "month")
        if v == 1:
            sp = Spec(s, "subject", r, None, None, None, "all", "entity", anchor=trip, window="same_day")
            nom = RELS[trip[1]].nom.format(s=say(trip[0]), o=say(trip[2]))
            q = f"On the very day of {nom}, who did {say(s)} {blank(rel.inf, 'o')}?"
            return Draft("equal_multi", q, "equal_multi: same day as a nominalised event, object", sp, [], "day")
        if v == 2 and rel.pas is not None:
            sp = Spec(s, "subject", r, None, None, None, "all", "entity", anchor=trip, window="same_month")
            q = cap(rel.pas.format(o="who", s=say(s)))
            q = f"Who{q[3:]} during the month in which {RELS[trip[1]].past.format(s=say(trip[0]), o=say(trip[2]))}?"
            return Draft(
                "equal_multi", q, "equal_multi: passive, the month in which an event happened", sp, [], "month"
            )
        if v == 3 and self.store_name == "mtq":
            sp = Spec(o, "object", r, None, None, None, "all", "entity", anchor=trip, window="same_year")
            q = (
                f"In the year of {RELS[trip[1]].nom.format(s=say(trip[0]), o=say(trip[2]))}, "
                f"which actors {blank(rel.past, 's').format(o=say(o))}?"
            )
            return Draft("equal_multi", q, "equal_multi: same year as a nominalised event, subject", sp, [], "year")
        return None


def finish(mk: Maker, draft: Draft) -> Draft | None:
    """Compute the Python gold; None when the question would be empty, too broad or reach outside the period."""
    sp = draft.spec
    anchor_day = mk.unique.get(sp.anchor) if sp.anchor else None
    if sp.anchor and anchor_day is None:
        return None
    lo, hi = window_of(sp, anchor_day, mk.period)
    if lo > hi or hi > mk.period.hi:
        return None
    if sp.window == "before" and sp.pick == "last":
        # the last before the anchor must fall inside the period, found over the whole store
        rows = (mk.ix.by_sr if sp.fixed_role == "subject" else mk.ix.by_or).get((sp.fixed, sp.rel), [])
        allrows = select(rows, None, hi, sp.other)
        if not allrows or allrows[-1][0] < mk.period.lo:
            return None
    elif lo < mk.period.lo:
        return None
    gold = gold_of(mk.ix, sp, lo, hi)
    if not 1 <= len(gold) <= MAX_GOLD:
        return None
    if draft.construction.startswith("equal: year chosen") and len(gold) != 1:
        return None  # 'was it in 2014 or in 2015' asks for one of the two
    if sp.want == "entity" and sp.fixed in gold:
        return None
    draft.gold = gold
    return draft


CHECK_ANCHOR = """
MATCH (a:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(b:Entity {name: $o})
WHERE e.relation = $rel
RETURN collect(toString(e.valid_from)) AS days
"""

_CHECK = """
MATCH (e:Event)-[:{fixed_edge}]->(x:Entity)
WHERE x.name = $fixed AND e.relation = $rel AND e.valid_from >= date($lo) AND e.valid_from <= date($hi)
MATCH (e)-[:{target_edge}]->(t:Entity)
WHERE $other IS NULL OR t.name = $other
WITH collect({{t: t.name, d: e.valid_from}}) AS rows
WITH rows,
     CASE $pick
       WHEN 'first' THEN reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d < m THEN r.d ELSE m END)
       WHEN 'last' THEN reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d > m THEN r.d ELSE m END)
     END AS chosen
UNWIND rows AS r
WITH r, chosen WHERE chosen IS NULL OR r.d = chosen
RETURN DISTINCT CASE $want
  WHEN 'entity' THEN r.t
  WHEN 'day' THEN toString(r.d)
  WHEN 'month' THEN substring(toString(r.d), 0, 7)
  ELSE toString(r.d.year)
END AS answer
"""
CHECK_BY_ROLE = {
    "subject": _CHECK.format(fixed_edge="SUBJECT", target_edge="OBJECT"),
    "object": _CHECK.format(fixed_edge="OBJECT", target_edge="SUBJECT"),
}


def check(store: Any, sp: Spec, period: Period) -> tuple[list[str], str]:
    """The second computation: the anchor's day re-read from the store, the window and the pick done in Cypher."""
    anchor_day = None
    note = ""
    if sp.anchor:
        days = store.run(CHECK_ANCHOR, s=sp.anchor[0], o=sp.anchor[2], rel=sp.anchor[1])[0]["days"]
        if len(days) != 1:
            return [], f"anchor occurs {len(days)} times"
        anchor_day = date.fromisoformat(days[0])
        note = f"anchor {sp.anchor[1]} on {anchor_day}; "
    lo, hi = window_of(sp, anchor_day, period)
    if sp.window == "before" and sp.pick == "last":
        lo = date(1900, 1, 1)  # the check looks over the whole store before the anchor
    rows = store.run(
        CHECK_BY_ROLE[sp.fixed_role],
        fixed=sp.fixed,
        rel=sp.rel,
        lo=lo.isoformat(),
        hi=hi.isoformat(),
        other=sp.other,
        pick=sp.pick,
        want=sp.want,
    )
    answers = sorted({row["answer"] for row in rows})
    target = "object" if sp.fixed_role == "subject" else "subject"
    note += (
        f"Cypher over {sp.fixed_role}={sp.fixed!r}, relation {sp.rel}"
        f"{'' if sp.other is None else f', {target}={sp.other!r}'}, {lo}..{hi}, pick {sp.pick}, {sp.want}"
    )
    return answers, note


def generate(store: Any, store_name: str) -> tuple[list[dict[str, Any]], int]:
    """The question records of one store and how many drafts the check dropped."""
    period = PERIODS[store_name]
    ix = Index(read_facts(store))
    rng = random.Random(f"{SEED}-{store_name}")
    mk = Maker(ix, period, store_name, rng)
    makers: dict[str, Callable[[], Draft | None]] = {
        "equal": mk.equal,
        "first_last": mk.first_last,
        "before_after": mk.before_after,
        "after_first": mk.after_first,
        "before_last": mk.before_last,
        "equal_multi": mk.equal_multi,
    }
    quotas = QUOTAS[store_name]
    kept: list[Draft] = []
    per_rel: Counter[str] = Counter()
    per_cons: Counter[str] = Counter()
    seen: set[str] = set()
    dropped = 0
    for qtype, quota in quotas.items():
        got = 0
        tries = 0
        while got < quota and tries < 20000:
            tries += 1
            draft = makers[qtype]()
            if draft is None or draft.question in seen or per_rel[draft.spec.rel] >= MAX_PER_RELATION:
                continue
            if per_cons[draft.construction] >= max(4, quota // 3 + 1):
                continue
            if finish(mk, draft) is None:
                continue
            answers, note = check(store, draft.spec, period)
            if answers != draft.gold:
                dropped += 1
                continue
            draft.note = note
            kept.append(draft)
            seen.add(draft.question)
            per_rel[draft.spec.rel] += 1
            per_cons[draft.construction] += 1
            got += 1
    records = []
    for i, dr in enumerate(kept, 1):
        qid = f"{period.prefix}{i:03d}"
        records.append(
            {
                "id": qid,
                "quid": qid,
                "store": store_name,
                "question": dr.question,
                "answers": dr.gold,
                "answer_type": "entity" if dr.spec.want == "entity" else "time",
                "time_level": dr.spec.want if dr.spec.want != "entity" else dr.time_level,
                "qtype": dr.qtype,
                "qlabel": QLABEL[dr.qtype],
                "construction": dr.construction,
                "check": dr.note,
                "check_agrees": True,
                "evidence": [],
            }
        )
    return records, dropped


CHECK_RELATION = re.compile(r"relation (.+?), (?:subject=|object=|\d{4}-\d\d-\d\d\.\.)")


def relation_of(note: str) -> str:
    """The relation a check note names."""
    m = CHECK_RELATION.search(note)
    return m.group(1) if m else "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORE_ENV), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    for k, v in STORE_ENV[args.store].items():
        os.environ.setdefault(k, v)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        records, dropped = generate(store, args.store)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    counts = Counter(r["qtype"] for r in records)
    print(f"{args.store}: {len(records)} questions -> {args.out}; check disagreed (dropped): {dropped}; {dict(counts)}")
    relations = Counter(relation_of(r["check"]) for r in records)
    print(f"relations: {len(relations)}: {dict(sorted(relations.items()))}")
    for key in ("answer_type", "time_level", "qlabel", "construction"):
        print(f"{key}: {dict(sorted(Counter(r[key] for r in records).items()))}")
    print(f"gold size: {dict(sorted(Counter(len(r['answers']) for r in records).items()))}")


if __name__ == "__main__":
    main()
