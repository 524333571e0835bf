"""Blind held-out question set 66: terse, search-box phrasings for the symbolic reader, gold computed from the store.

Why: the reader's score on the tuned sets says little about phrasings nobody tuned on. This set is written blind (the
author read no reader, question-understanding or test code and no earlier phrasing set) in one style: a terse
search-box user who still writes a question ("who criticised Iran in Jan 2015?", "first 2014 visit to Japan -- by
whom?"), abbreviated months, few articles, ISO days only, relations said in plain English, sector entities said
naturally ("the police in Kenya", "citizens of Nigeria"), answers that are lists.

How: every (subject, relation, object, day) of the store is read once; each gold is computed in Python over the facts
(mtq: only 2014-2015 is asked about, the store being complete from 2013-11-18); each gold is then recomputed by a
second, differently written Cypher query that aggregates in the store (``check``); questions whose two answers differ
are dropped (counted on stderr). Anchor events ("after X visited Y") occur exactly once in the whole store.

    export PYTHONPATH=. TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531
    .venv/bin/python benchmarks/make_blind_phrasings_66.py --store mtq --out blind_mtq.jsonl
    export TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484
    .venv/bin/python benchmarks/make_blind_phrasings_66.py --store bench --out blind_icews14.jsonl

Deterministic: ``random.Random(f"{SEED}-{store}")`` over facts sorted once; two runs give byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261266
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
MONTHS_LONG = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
]  # fmt: skip
MAX_GOLD = 5
PER_RELATION = 5  # at most this many questions ask about one relation (as the target), per store
MIN_DEGREE = 40  # entities named in questions have at least this many events in the read period


@dataclass(frozen=True)
class Rel:
    """One relation in plain English: ``past`` and ``base`` take the object after them; ``noun`` (optional) too."""

    past: str
    base: str
    noun: str | None = None


REL: dict[str, Rel] = {
    "Make_a_visit": Rel("visited", "visit", "visit to"),
    "Host_a_visit": Rel("hosted", "host", None),
    "Consult": Rel("consulted", "consult", "consultation with"),
    "Make_an_appeal_or_request": Rel("appealed to", "appeal to", "appeal to"),
    "Express_intent_to_meet_or_negotiate": Rel("offered to meet or negotiate with", "offer to meet or negotiate with"),
    "Arrest,_detain,_or_charge_with_legal_action": Rel("arrested or detained", "arrest or detain", None),
    "Praise_or_endorse": Rel("praised", "praise", "praise for"),
    "Criticize_or_denounce": Rel("criticised", "criticise", "criticism of"),
    "Accuse": Rel("accused", "accuse", "accusation against"),
    "Use_unconventional_violence": Rel("used unconventional violence against", "use unconventional violence against"),
    "Use_conventional_military_force": Rel("used military force against", "use military force against"),
    "Engage_in_negotiation": Rel("negotiated with", "negotiate with", "negotiations with"),
    "Express_intent_to_cooperate": Rel("pledged to cooperate with", "pledge to cooperate with"),
    "Demand": Rel("made demands of", "make demands of", "demand made of"),
    "Engage_in_diplomatic_cooperation": Rel("cooperated diplomatically with", "cooperate diplomatically with"),
    "Sign_formal_agreement": Rel(
        "signed a formal agreement with", "sign a formal agreement with", "formal agreement with"
    ),
    "Investigate": Rel("investigated", "investigate", "investigation into"),
    "Discuss_by_telephone": Rel("spoke by phone with", "speak by phone with", "phone call with"),
    "fight_with_small_arms_and_light_weapons": Rel("fought with small arms against", "fight with small arms against"),
    "Make_optimistic_comment": Rel("made optimistic comments about", "comment optimistically on"),
    "Make_pessimistic_comment": Rel("made pessimistic comments about", "comment pessimistically on"),
    "Threaten": Rel("threatened", "threaten", "threat against"),
    "Abduct,_hijack,_or_take_hostage": Rel("abducted or took hostage", "abduct or take hostage", None),
    "Meet_at_a_'third'_location": Rel("met on neutral ground with", "meet on neutral ground with"),
    "Provide_humanitarian_aid": Rel("gave humanitarian aid to", "give humanitarian aid to", "humanitarian aid to"),
    "Make_empathetic_comment": Rel("expressed sympathy for", "express sympathy for", "sympathy for"),
    "Protest_violently,_riot": Rel("rioted against", "riot against"),
    "Use_tactics_of_violent_repression": Rel("violently repressed", "violently repress", "violent repression of"),
    "Occupy_territory": Rel("occupied territory of", "occupy territory of"),
    "Physically_assault": Rel("physically assaulted", "physically assault"),
    "Impose_administrative_sanctions": Rel("imposed administrative sanctions on", "impose administrative sanctions on"),
    "Ease_administrative_sanctions": Rel("eased administrative sanctions on", "ease administrative sanctions on"),
    "Bring_lawsuit_against": Rel("sued", "sue", "lawsuit against"),
    "Confiscate_property": Rel("seized property of", "seize property of"),
    "Reduce_or_break_diplomatic_relations": Rel(
        "downgraded or broke off diplomatic ties with", "downgrade or break off diplomatic ties with"
    ),
    "Cooperate_economically": Rel("cooperated economically with", "cooperate economically with"),
    "Cooperate_militarily": Rel("cooperated militarily with", "cooperate militarily with"),
    "Provide_military_aid": Rel("gave military aid to", "give military aid to", "military aid to"),
    "Provide_economic_aid": Rel("gave economic aid to", "give economic aid to", "economic aid to"),
    "Impose_embargo,_boycott,_or_sanctions": Rel("imposed an embargo or boycott on", "impose an embargo or boycott on"),
    "Employ_aerial_weapons": Rel("carried out air strikes on", "carry out air strikes on", "air strike on"),
    "Carry_out_suicide_bombing": Rel("carried out a suicide bombing against", "carry out a suicide bombing against"),
    "Grant_diplomatic_recognition": Rel("granted diplomatic recognition to", "grant diplomatic recognition to"),
    "Express_intent_to_provide_economic_aid": Rel("promised economic aid to", "promise economic aid to"),
    "Express_intent_to_provide_military_aid": Rel("promised military aid to", "promise military aid to"),
    "Threaten_with_military_force": Rel("threatened military force against", "threaten military force against"),
    "Express_accord": Rel("expressed agreement with", "express agreement with"),
    "Complain_officially": Rel("lodged an official complaint against", "lodge an official complaint against"),
    "Expel_or_deport_individuals": Rel("expelled or deported", "expel or deport"),
    "Rally_support_on_behalf_of": Rel("rallied support for", "rally support for"),
}

# Sector entities "Role (Country)" said naturally; other parenthesised names are said as the KG has them.
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens of {c}", "{p} citizens"),
    "Police": ("the police in {c}", "{c} police"),
    "Government": ("the government of {c}", "{p} government"),
    "Head of Government": ("{p} head of government", "the head of government of {c}"),
    "Military": ("the military of {c}", "{p} military"),
    "Foreign Affairs": ("{p} foreign ministry", "the foreign ministry of {c}"),
    "Men": ("men in {c}",),
    "Women": ("women in {c}",),
    "Children": ("children in {c}",),
    "Lawyer/Attorney": ("lawyers in {c}",),
    "Criminal": ("criminals in {c}",),
    "Protester": ("protesters in {c}",),
    "Militant": ("militants in {c}",),
    "Armed Rebel": ("armed rebels in {c}",),
    "Armed Gang": ("armed gangs in {c}",),
    "Court Judge": ("judges in {c}",),
    "Member of Parliament": ("MPs in {c}",),
    "Cabinet / Council of Ministers / Advisors": ("{p} cabinet",),
    "Defense / Security Ministry": ("{p} defence ministry",),
    "Legislature": ("{p} legislature",),
    "Business": ("businesses in {c}",),
    "Student": ("students in {c}",),
    "Media": ("the media in {c}",),
}


@dataclass(frozen=True, order=True)
class Fact:
    d: date
    s: str
    r: str
    o: str


@dataclass
class KG:
    """The facts of one store: ``all`` (the whole store) and ``facts`` (the period questions may ask about)."""

    store: str
    lo: date
    hi: date
    all: list[Fact]
    keys: dict[str, str]
    facts: list[Fact] = field(default_factory=list)
    by_ro: dict[tuple[str, str], list[Fact]] = field(default_factory=dict)
    by_sr: dict[tuple[str, str], list[Fact]] = field(default_factory=dict)
    sro_count: dict[tuple[str, str, str], int] = field(default_factory=dict)
    degree: dict[str, int] = field(default_factory=dict)

    def index(self) -> None:
        self.facts = [f for f in self.all if self.lo <= f.d <= self.hi]
        ro: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        sr: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        deg: dict[str, int] = defaultdict(int)
        for f in self.facts:
            ro[(f.r, f.o)].append(f)
            sr[(f.s, f.r)].append(f)
            deg[f.s] += 1
            deg[f.o] += 1
        cnt: dict[tuple[str, str, str], int] = defaultdict(int)
        for f in self.all:
            cnt[(f.s, f.r, f.o)] += 1
        self.by_ro, self.by_sr, self.sro_count, self.degree = dict(ro), dict(sr), dict(cnt), dict(deg)


PERIODS = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "bench": (date(2014, 1, 1), date(2014, 12, 31))}

READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
RETURN s.key AS sk, s.name AS s, e.relation AS r, o.key AS ok, o.name AS o, e.valid_from AS d
"""


def read_kg(store: Any, name: str) -> KG:
    """Every (subject, relation, object, day) of the store, once (duplicates collapse), sorted."""
    keys: dict[str, str] = {}
    seen: set[Fact] = set()
    for row in store.run(READ_ALL):
        keys[row["s"]] = row["sk"]
        keys[row["o"]] = row["ok"]
        d = row["d"]
        seen.add(Fact(date(d.year, d.month, d.day), row["s"], row["r"], row["o"]))
    lo, hi = PERIODS[name]
    kg = KG(name, lo, hi, sorted(seen), keys)
    kg.index()
    return kg


# ---- wording helpers ----------------------------------------------------------------------------------------------


# Qualifiers of sector entities that are not countries (groups, regions): such sectors are not named in questions.
NOT_COUNTRY = {
    "Africa", "International", "Taliban", "Boko Haram", "Islamic State of Iraq and the Levant", "Al Qaeda",
    "Unidentified State Actor", "Middle East", "Lord's Resistance Army", "Abu Sayyaf", "African Union",
    "Al-Shabaab", "Bharatiya Janata", "Hamas", "European Union", "Southeast Asia", "South Asia", "Europe", "Asia",
}  # fmt: skip
THE = {
    "United States", "United Kingdom", "Philippines", "Netherlands", "United Arab Emirates", "Czech Republic",
    "Central African Republic", "Democratic Republic of Congo", "Gambia", "Maldives", "Bahamas", "Solomon Islands",
    "Marshall Islands", "Cook Islands", "Seychelles", "Dominican Republic",
}  # fmt: skip


def ent(name: str, rng: random.Random) -> str:
    """A question's words for an entity: sectors as 'citizens of X', 'X's government'; other names as stored."""
    if name.endswith(")") and " (" in name:
        role, country = name[:-1].split(" (", 1)
        forms = SECTORS.get(role)
        if forms:
            c = f"the {country}" if country in THE else country
            p = f"{c}'" if c.endswith("s") else f"{c}'s"
            return rng.choice(forms).format(c=c, p=p)
    return name


def sayable(name: str) -> bool:
    """Named in a question only if it reads naturally: a plain name, or a sector of a country that we can say."""
    if "(" not in name:
        return True
    if not (name.endswith(")") and name.count("(") == 1):
        return False
    role, country = name[:-1].split(" (", 1)
    return role in SECTORS and country not in NOT_COUNTRY and "," not in country and "Kurds" not in country


def say_day(d: date, rng: random.Random) -> str:
    v = rng.randrange(3)
    if v == 0:
        return d.isoformat()
    if v == 1:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def say_month(y: int, m: int, rng: random.Random) -> str:
    v = rng.randrange(4)
    if v == 3:
        return f"{MONTHS_LONG[m - 1]} {y}"
    if v == 2 and m != 5:
        return f"{MONTHS[m - 1]}. {y}"
    return f"{MONTHS[m - 1]} {y}"


def month_range(y: int, m: int) -> tuple[date, date]:
    start = date(y, m, 1)
    end = date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)
    return start, end


def cap(text: str, rng: random.Random) -> str:
    """Terse typing: about a third of the questions start lower-case."""
    if rng.random() < 0.35:
        return text
    return text[0].upper() + text[1:]


def fmt_time(d: date, level: str) -> str:
    if level == "day":
        return d.isoformat()
    if level == "month":
        return f"{d.year:04d}-{d.month:02d}"
    return f"{d.year:04d}"


def trunc(d: date, level: str) -> tuple[int, ...]:
    return (d.year, d.month, d.day) if level == "day" else (d.year, d.month) if level == "month" else (d.year,)


# ---- questions ----------------------------------------------------------------------------------------------------


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: dict[str, Any]
    rel: str


QLABEL = {"equal": "Single", "first_last": "Single", "before_after": "Single"}


def ok_answers(ans: set[str]) -> bool:
    return 1 <= len(ans) <= MAX_GOLD


def scope_year(kg: KG, d: date) -> tuple[date, date]:
    return (max(kg.lo, date(d.year, 1, 1)), min(kg.hi, date(d.year, 12, 31)))


def period_words(kg: KG, lo: date, hi: date, rng: random.Random) -> str:
    """How the question scopes a year-long or whole-period window."""
    if lo.year == hi.year:
        return rng.choice([f"in {lo.year}", f"during {lo.year}"])
    return rng.choice(["in 2014-15", "across 2014 and 2015", "since start of 2014"])


def gen_equal_entity(kg: KG, f: Fact, rng: random.Random) -> Q | None:
    level = rng.choice(["day", "month", "month", "year"])
    if level == "day":
        lo = hi = f.d
        when = say_day(f.d, rng)
        t_on = f"on {when}"
    elif level == "month":
        lo, hi = month_range(f.d.year, f.d.month)
        when = say_month(f.d.year, f.d.month, rng)
        t_on = f"in {when}"
    else:
        lo, hi = scope_year(kg, f.d)
        when = str(f.d.year)
        t_on = f"in {when}"
    rel = REL[f.r]
    ask_subject = rng.random() < 0.6
    if ask_subject:
        if not sayable(f.o):
            return None
        ans = {g.s for g in kg.by_ro[(f.r, f.o)] if lo <= g.d <= hi and g.s != f.o}
        fixed, o = f.o, ent(f.o, rng)
        v = rng.randrange(4)
        if v == 0:
            text, c = f"who {rel.past} {o} {t_on}?", "who-R-O-T"
        elif v == 1:
            text, c = f"{when}: who {rel.past} {o}?", "T-colon-who"
        elif v == 2 and rel.noun:
            text, c = f"{rel.noun} {o} {t_on} -- by whom?", "noun-by-whom"
        else:
            text, c = f"{t_on}, who {rel.past} {o}?", "T-first"
    else:
        if not sayable(f.s):
            return None
        ans = {g.o for g in kg.by_sr[(f.s, f.r)] if lo <= g.d <= hi and g.o != f.s}
        fixed, s = f.s, ent(f.s, rng)
        v = rng.randrange(3)
        if v == 0:
            text, c = f"who did {s} {rel.base} {t_on}?", "who-did-S-R-T"
        elif v == 1:
            text, c = f"{s} {rel.past} whom {t_on}?", "S-R-whom"
        else:
            text, c = f"{when}: {s} {rel.past} who?", "T-colon-S-R-who"
    if not ok_answers(ans):
        return None
    chk = {"kind": "set", "ask": "s" if ask_subject else "o", "fixed": kg.keys[fixed], "r": f.r, "lo": lo, "hi": hi}
    return Q(cap(text, rng), sorted(ans), "entity", level, "equal", f"equal-entity: {c}", chk, f.r)


def gen_equal_time(kg: KG, f: Fact, rng: random.Random) -> Q | None:
    if not (sayable(f.s) and sayable(f.o)):
        return None
    level = rng.choice(["day", "month", "month", "year"] if kg.store == "mtq" else ["day", "month"])
    rel = REL[f.r]
    s, o = ent(f.s, rng), ent(f.o, rng)
    lo, hi = (kg.lo, kg.hi) if level == "year" else scope_year(kg, f.d)
    days = [g.d for g in kg.by_sr[(f.s, f.r)] if g.o == f.o and lo <= g.d <= hi]
    ans = sorted({fmt_time(d, level) for d in days})
    if not ok_answers(set(ans)):
        return None
    yr = str(lo.year)
    if level == "day":
        v = rng.randrange(2)
        if v == 0:
            text, c = f"what day(s) in {yr} did {s} {rel.base} {o}?", "what-days-in-Y"
        else:
            text, c = f"{s} {rel.past} {o} -- on which date(s) in {yr}?", "S-R-O-which-dates"
    elif level == "month":
        v = rng.randrange(2)
        if v == 0:
            text, c = f"which month(s) of {yr} saw {s} {rel.base} {o}?", "which-month-saw"
        else:
            text, c = f"{yr}: in what month did {s} {rel.base} {o}? (all if several)", "Y-colon-what-month"
    else:
        text, c = f"did {s} {rel.base} {o} in 2014 or 2015 -- which year(s)?", "which-of-two-years"
    chk = {"kind": "times", "s": kg.keys[f.s], "o": kg.keys[f.o], "r": f.r, "lo": lo, "hi": hi, "level": level}
    return Q(cap(text, rng), ans, "time", level, "equal", f"equal-time: {c}", chk, f.r)


def gen_first_last_entity(kg: KG, f: Fact, rng: random.Random) -> Q | None:
    first = rng.random() < 0.5
    lo, hi = (kg.lo, kg.hi) if (kg.store == "mtq" and rng.random() < 0.3) else scope_year(kg, f.d)
    scope = period_words(kg, lo, hi, rng)
    rel = REL[f.r]
    ask_subject = rng.random() < 0.6
    pool = kg.by_ro[(f.r, f.o)] if ask_subject else kg.by_sr[(f.s, f.r)]
    pool = [g for g in pool if lo <= g.d <= hi and g.s != g.o]
    if not pool:
        return None
    edge = min(g.d for g in pool) if first else max(g.d for g in pool)
    ans = {(g.s if ask_subject else g.o) for g in pool if g.d == edge}
    ans.discard(f.o if ask_subject else f.s)
    if not ok_answers(ans):
        return None
    fl = "first" if first else "last"
    if ask_subject:
        if not sayable(f.o):
            return None
        o = ent(f.o, rng)
        v = rng.randrange(3)
        if v == 0 and rel.noun:
            yr = f"{lo.year} " if lo.year == hi.year else ""
            text, c = f"{fl} {yr}{rel.noun} {o} -- by whom?", "FL-noun-by-whom"
            if not yr:
                text = f"{fl} {rel.noun} {o} {scope} -- by whom?"
        elif v == 1:
            text, c = f"who was {fl} to {rel.base} {o} {scope}?", "who-was-FL-to"
        else:
            text, c = f"{scope}, who {rel.past} {o} {fl}?", "scope-who-R-O-FL"
    else:
        if not sayable(f.s):
            return None
        s = ent(f.s, rng)
        v = rng.randrange(2)
        if v == 0:
            text, c = f"who did {s} {rel.base} {fl} {scope}?", "who-did-S-R-FL"
        else:
            text, c = f"{scope}, whom did {s} {rel.base} {fl}?", "scope-whom-did-S-R-FL"
    chk = {"kind": "min" if first else "max", "ask": "s" if ask_subject else "o",
           "fixed": kg.keys[f.o if ask_subject else f.s], "r": f.r, "lo": lo, "hi": hi}  # fmt: skip
    return Q(cap(text, rng), sorted(ans), "entity", "day", "first_last", f"first_last-entity: {c}", chk, f.r)


def gen_first_last_time(kg: KG, f: Fact, rng: random.Random) -> Q | None:
    if not (sayable(f.s) and sayable(f.o)):
        return None
    first = rng.random() < 0.5
    levels = ["day", "month", "month", "year"] if kg.store == "mtq" else ["day", "month"]
    level = rng.choice(levels)
    lo, hi = (kg.lo, kg.hi) if level == "year" else scope_year(kg, f.d)
    days = sorted(g.d for g in kg.by_sr[(f.s, f.r)] if g.o == f.o and lo <= g.d <= hi)
    if len(days) < 2:
        return None
    edge = days[0] if first else days[-1]
    if level != "day" and trunc(days[0], level) == trunc(days[-1], level):
        return None
    rel = REL[f.r]
    s, o = ent(f.s, rng), ent(f.o, rng)
    fl = "first" if first else "last"
    scope = period_words(kg, lo, hi, rng)
    if level == "day":
        v = rng.randrange(2)
        if v == 0:
            text, c = f"when did {s} {fl} {rel.base} {o} {scope}? exact date", "when-FL-exact-date"
        else:
            text, c = f"date of {s}'s {fl} {rel.noun} {o} {scope}?", "date-of-FL-noun"
            if not rel.noun:
                text, c = f"{scope}: {s} {fl} {rel.past} {o} on what date?", "scope-S-FL-R-O-what-date"
    elif level == "month":
        v = rng.randrange(2)
        if v == 0:
            text, c = f"in which month did {s} {fl} {rel.base} {o} {scope}?", "which-month-FL"
        else:
            text, c = f"which month saw {s} {rel.base} {o} for the {fl} time {scope}?", "which-month-saw-FL-time"
    else:
        text, c = f"which year saw {s} {fl} {rel.base} {o}, 2014 or 2015?", "which-year-saw-FL"
    chk = {"kind": "edge_time", "first": first, "s": kg.keys[f.s], "o": kg.keys[f.o], "r": f.r, "lo": lo, "hi": hi,
           "level": level}  # fmt: skip
    ans = [fmt_time(edge, level)]
    return Q(cap(text, rng), ans, "time", level, "first_last", f"first_last-time: {c}", chk, f.r)


def gen_before_after_date(kg: KG, f: Fact, rng: random.Random) -> Q | None:
    """Who did R to O before/after a date (day or month boundary); the boundary holds no (R, O) event."""
    if not sayable(f.o):
        return None
    after = rng.random() < 0.55
    level = rng.choice(["day", "day", "month"])
    pool = kg.by_ro[(f.r, f.o)]
    # the boundary is the day or month just past (after) or just before (before) the fact
    if after:
        b_lo = f.d + timedelta(days=1) if level == "day" else month_range(f.d.year, f.d.month)[1] + timedelta(days=1)
        b_hi = b_lo if level == "day" else month_range(b_lo.year, b_lo.month)[1]
        lo, hi = b_hi + timedelta(days=1), kg.hi
        if kg.store == "bench" or rng.random() < 0.5:
            hi = min(kg.hi, date(b_lo.year, 12, 31))
    else:
        b_hi = f.d - timedelta(days=1) if level == "day" else month_range(f.d.year, f.d.month)[0] - timedelta(days=1)
        b_lo = b_hi if level == "day" else month_range(b_hi.year, b_hi.month)[0]
        lo, hi = max(kg.lo, date(b_lo.year, 1, 1)), b_lo - timedelta(days=1)
    if not (kg.lo <= b_lo and b_hi <= kg.hi) or lo > hi:
        return None
    if any(b_lo <= g.d <= b_hi for g in pool):
        return None
    ans = {g.s for g in pool if lo <= g.d <= hi and g.s != f.o}
    if not ok_answers(ans):
        return None
    bound = say_day(b_lo, rng) if level == "day" else say_month(b_lo.year, b_lo.month, rng)
    rel = REL[f.r]
    o = ent(f.o, rng)
    word = "after" if after else "before"
    yr = b_lo.year
    if after and hi == kg.hi:
        tail, c = f"{word} {bound}", "R-O-after-T"
    elif after:
        tail, c = f"{word} {bound}, still in {yr}", "R-O-after-T-same-year"
    else:
        tail, c = f"in {yr} {word} {bound}", "R-O-in-Y-before-T"
    v = rng.randrange(2)
    if v == 0:
        text = f"who {rel.past} {o} {tail}?"
    else:
        text, c = f"{tail}: who {rel.past} {o}?", c + "-fronted"
    chk = {"kind": "set", "ask": "s", "fixed": kg.keys[f.o], "r": f.r, "lo": lo, "hi": hi}
    return Q(cap(text, rng), sorted(ans), "entity", level, "before_after", f"before_after-date: {c}", chk, f.r)


def unique_anchor(kg: KG, a: Fact) -> bool:
    return kg.sro_count[(a.s, a.r, a.o)] == 1 and sayable(a.s) and sayable(a.o) and a.s != a.o


def anchor_clause(a: Fact, rng: random.Random) -> str:
    return f"{ent(a.s, rng)} {REL[a.r].past} {ent(a.o, rng)}"


def pick_anchor(kg: KG, e: str, rng: random.Random, anchors: dict[str, list[Fact]]) -> Fact | None:
    cands = anchors.get(e, [])
    if not cands:
        return None
    return cands[rng.randrange(len(cands))]


def gen_before_after_event(kg: KG, f: Fact, a: Fact, rng: random.Random) -> Q | None:
    if not sayable(f.o):
        return None
    after = rng.random() < 0.5
    pool = kg.by_ro[(f.r, f.o)]
    if any(g.d == a.d for g in pool):
        return None
    if after:
        lo, hi = a.d + timedelta(days=1), kg.hi
        if kg.store == "mtq" and rng.random() < 0.5:
            hi = date(a.d.year, 12, 31)
    else:
        lo, hi = max(kg.lo, date(a.d.year, 1, 1)), a.d - timedelta(days=1)
    if lo > hi:
        return None
    ans = {g.s for g in pool if lo <= g.d <= hi and g.s != f.o}
    if not ok_answers(ans):
        return None
    rel = REL[f.r]
    o = ent(f.o, rng)
    clause = anchor_clause(a, rng)
    if after and hi == kg.hi:
        text, c = f"who {rel.past} {o} after {clause}?", "who-R-O-after-E"
        if kg.store == "bench" and rng.random() < 0.5:
            text, c = f"once {clause}, who then {rel.past} {o}? (any time after)", "once-E-who-then"
    elif after:
        text, c = f"who {rel.past} {o} later in {a.d.year}, after {clause}?", "who-R-O-later-in-Y-after-E"
    else:
        text, c = f"{a.d.year}, before {clause}: who {rel.past} {o}?", "Y-before-E-who"
    chk = {"kind": "set_anchor", "mode": "after" if after else "before", "ask": "s", "fixed": kg.keys[f.o],
           "r": f.r, "a": anchor_check(kg, a), "clip_lo": lo, "clip_hi": hi}  # fmt: skip
    return Q(cap(text, rng), sorted(ans), "entity", "day", "before_after", f"before_after-event: {c}", chk, f.r)


def anchor_check(kg: KG, a: Fact) -> dict[str, str]:
    return {"s": kg.keys[a.s], "r": a.r, "o": kg.keys[a.o]}


def gen_after_first_or_before_last(kg: KG, f: Fact, a: Fact, after: bool, rng: random.Random) -> Q | None:
    rel = REL[f.r]
    ask_subject = rng.random() < 0.5
    pool = kg.by_ro[(f.r, f.o)] if ask_subject else kg.by_sr[(f.s, f.r)]
    if any(g.d == a.d for g in pool):
        return None
    cand = [g for g in pool if (g.d > a.d if after else g.d < a.d) and kg.lo <= g.d <= kg.hi]
    if not cand:
        return None
    edge = min(g.d for g in cand) if after else max(g.d for g in cand)
    ans = {(g.s if ask_subject else g.o) for g in cand if g.d == edge}
    ans.discard(f.o if ask_subject else f.s)
    if not ok_answers(ans):
        return None
    if kg.store == "mtq" and not after and edge < kg.lo:
        return None
    clause = anchor_clause(a, rng)
    qt = "after_first" if after else "before_last"
    fl = "first" if after else "last"
    word = "after" if after else "before"
    answer_time = rng.random() < 0.3
    if answer_time:
        if not (sayable(f.s) and sayable(f.o)):
            return None
        days = [g.d for g in cand if g.s == f.s and g.o == f.o]
        if not days:
            return None
        t_edge = min(days) if after else max(days)
        s, o = ent(f.s, rng), ent(f.o, rng)
        text, c = f"{word} {clause}, when did {s} {fl} {rel.base} {o}? date", "E-when-S-FL-R-O"
        if not after:
            text, c = f"{s} {rel.past} {o} -- the {fl} time before {clause} was when? date", "S-R-O-FL-time-before-E"
        chk = {"kind": "anchor_time", "after": after, "s": kg.keys[f.s], "o": kg.keys[f.o], "r": f.r,
               "a": anchor_check(kg, a)}  # fmt: skip
        return Q(cap(text, rng), [t_edge.isoformat()], "time", "day", qt, f"{qt}-time: {c}", chk, f.r)
    if ask_subject:
        if not sayable(f.o):
            return None
        o = ent(f.o, rng)
        v = rng.randrange(3)
        if v == 0:
            text, c = f"who {fl} {rel.past} {o} {word} {clause}?", "who-FL-R-O-E"
        elif v == 1 and rel.noun:
            text, c = f"{word} {clause}, {fl} {rel.noun} {o} came from whom?", "E-FL-noun-from-whom"
        else:
            text, c = f"{word} {clause}: who was {fl} to {rel.base} {o}?", "E-who-was-FL-to"
    else:
        if not sayable(f.s):
            return None
        s = ent(f.s, rng)
        v = rng.randrange(2)
        if v == 0:
            text, c = f"who did {s} {fl} {rel.base} {word} {clause}?", "who-did-S-FL-R-E"
        else:
            text, c = f"{word} {clause}, {s} {fl} {rel.past} whom?", "E-S-FL-R-whom"
    chk = {"kind": "anchor_edge", "after": after, "ask": "s" if ask_subject else "o",
           "fixed": kg.keys[f.o if ask_subject else f.s], "r": f.r, "a": anchor_check(kg, a)}  # fmt: skip
    return Q(cap(text, rng), sorted(ans), "entity", "day", qt, f"{qt}-entity: {c}", chk, f.r)


def gen_equal_multi(kg: KG, f: Fact, a: Fact, rng: random.Random) -> Q | None:
    level = rng.choice(["day", "month", "month", "year"] if kg.store == "mtq" else ["day", "month", "month"])
    rel = REL[f.r]
    ask_subject = rng.random() < 0.6
    pool = kg.by_ro[(f.r, f.o)] if ask_subject else kg.by_sr[(f.s, f.r)]
    key = trunc(a.d, level)
    ans = {(g.s if ask_subject else g.o) for g in pool if trunc(g.d, level) == key}
    ans.discard(f.o if ask_subject else f.s)
    if not ok_answers(ans):
        return None
    span = {"day": "day", "month": "month", "year": "year"}[level]
    clause = anchor_clause(a, rng)
    if ask_subject:
        if not sayable(f.o):
            return None
        o = ent(f.o, rng)
        v = rng.randrange(3)
        if v == 0:
            text, c = f"who {rel.past} {o} in the same {span} as {clause}?", "who-R-O-same-span-as-E"
            if level == "day":
                text = f"who {rel.past} {o} on the same day {clause}?"
        elif v == 1:
            text, c = f"same {span} {clause} -- who {rel.past} {o}?", "same-span-E-who"
        else:
            prep = "on" if level == "day" else "in"
            text, c = f"{clause}; {prep} that same {span}, who {rel.past} {o}?", "E-that-same-span-who"
    else:
        if not sayable(f.s):
            return None
        s = ent(f.s, rng)
        v = rng.randrange(2)
        if v == 0:
            prep = "on" if level == "day" else "in"
            text, c = f"who did {s} {rel.base} {prep} the {span} {clause}?", "who-did-S-R-in-span-E"
        else:
            text, c = f"{s} {rel.past} whom, same {span} as {clause}?", "S-R-whom-same-span"
    chk = {"kind": "multi", "level": level, "ask": "s" if ask_subject else "o",
           "fixed": kg.keys[f.o if ask_subject else f.s], "r": f.r, "a": anchor_check(kg, a)}  # fmt: skip
    return Q(cap(text, rng), sorted(ans), "entity", level, "equal_multi", f"equal_multi: {c}", chk, f.r)


# ---- the second computation: Cypher that aggregates in the store -------------------------------------------------

ASK_MATCH = {
    "s": "MATCH (x:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {key: $fixed})"
    " WHERE x.key <> $fixed",
    "o": "MATCH (:Entity {key: $fixed})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(x:Entity)"
    " WHERE x.key <> $fixed",
}
ANCHOR = """
MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event {relation: $ar})-[:OBJECT]->(:Entity {key: $ao})
WITH collect(a.valid_from) AS ad WHERE size(ad) = 1
WITH ad[0] AS ad
"""
PAIR = "MATCH (:Entity {key: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {key: $o})"
TRUNC = {
    "day": "toString(e.valid_from)",
    "month": "substring(toString(e.valid_from), 0, 7)",
    "year": "substring(toString(e.valid_from), 0, 4)",
}


def check_answers(store: Any, chk: dict[str, Any]) -> list[str]:
    k = chk["kind"]
    p: dict[str, Any] = {key: v for key, v in chk.items() if key not in ("kind", "a")}
    if "a" in chk:
        p.update({"as": chk["a"]["s"], "ar": chk["a"]["r"], "ao": chk["a"]["o"]})
    if k == "set":
        q = ASK_MATCH[chk["ask"]] + " AND e.valid_from >= $lo AND e.valid_from <= $hi RETURN DISTINCT x.name AS a"
    elif k in ("min", "max"):
        agg = "min" if k == "min" else "max"
        q = (
            ASK_MATCH[chk["ask"]]
            + " AND date($lo) <= e.valid_from <= date($hi) WITH x, e.valid_from AS d ORDER BY d"
            + f" WITH {agg}(d) AS edge, collect([d, x.name]) AS rows"
            + " UNWIND rows AS row WITH edge, row WHERE row[0] = edge RETURN DISTINCT row[1] AS a"
        )
    elif k == "times":
        q = PAIR + f" WHERE e.valid_from >= $lo AND e.valid_from <= $hi RETURN DISTINCT {TRUNC[chk['level']]} AS a"
    elif k == "edge_time":
        agg = "min" if chk["first"] else "max"
        q = PAIR + f" WHERE $lo <= e.valid_from <= $hi WITH {agg}(e.valid_from) AS t RETURN toString(t) AS a"
        rows = store.run(q, **p)
        return sorted({fmt_time(date.fromisoformat(r["a"]), chk["level"]) for r in rows if r["a"]})
    elif k == "set_anchor":
        cmp = ">" if chk["mode"] == "after" else "<"
        q = (
            ANCHOR
            + ASK_MATCH[chk["ask"]]
            + (
                f" AND e.valid_from {cmp} ad AND e.valid_from >= $clip_lo AND e.valid_from <= $clip_hi"
                " RETURN DISTINCT x.name AS a"
            )
        )
    elif k == "anchor_edge":
        cmp, agg = (">", "min") if chk["after"] else ("<", "max")
        q = (
            ANCHOR
            + ASK_MATCH[chk["ask"]]
            + (
                f" AND e.valid_from {cmp} ad WITH ad, {agg}(e.valid_from) AS edge"
                + ASK_MATCH[chk["ask"]].replace("MATCH", " MATCH", 1)
                + " AND e.valid_from = edge RETURN DISTINCT x.name AS a"
            )
        )
    elif k == "anchor_time":
        cmp, agg = (">", "min") if chk["after"] else ("<", "max")
        q = ANCHOR + PAIR + f" WHERE e.valid_from {cmp} ad RETURN toString({agg}(e.valid_from)) AS a"
    elif k == "multi":
        unit = chk["level"]
        q = (
            ANCHOR
            + ASK_MATCH[chk["ask"]]
            + (f" AND date.truncate('{unit}', e.valid_from) = date.truncate('{unit}', ad) RETURN DISTINCT x.name AS a")
        )
    else:
        raise ValueError(k)
    return sorted({r["a"] for r in store.run(q, **p) if r["a"] is not None})


# ---- the set ------------------------------------------------------------------------------------------------------

QUOTAS = {
    "mtq": {"equal_e": 15, "equal_t": 10, "fl_e": 11, "fl_t": 11, "ba_date": 8, "ba_event": 7, "af": 13, "bl": 13,
            "em": 12},
    "bench": {"equal_e": 11, "equal_t": 7, "fl_e": 8, "fl_t": 7, "ba_date": 5, "ba_event": 5, "af": 9, "bl": 9,
              "em": 9},
}  # fmt: skip


def build(kg: KG, rng: random.Random) -> list[Q]:
    cands = [f for f in kg.facts if f.r in REL and kg.degree[f.s] >= MIN_DEGREE and kg.degree[f.o] >= MIN_DEGREE]
    rng.shuffle(cands)
    # anchors: unique (s, r, o) in the whole store, in the period, said naturally; indexed by their entities
    anchors: dict[str, list[Fact]] = defaultdict(list)
    for a in kg.facts:
        if a.r in REL and kg.degree[a.s] >= MIN_DEGREE and kg.degree[a.o] >= MIN_DEGREE and unique_anchor(kg, a):
            anchors[a.s].append(a)
            anchors[a.o].append(a)
    quotas = dict(QUOTAS[kg.store])
    per_rel: dict[str, int] = defaultdict(int)
    seen: set[str] = set()
    out: list[Q] = []
    gens: dict[str, Callable[[Fact], Q | None]] = {
        "equal_e": lambda f: gen_equal_entity(kg, f, rng),
        "equal_t": lambda f: gen_equal_time(kg, f, rng),
        "fl_e": lambda f: gen_first_last_entity(kg, f, rng),
        "fl_t": lambda f: gen_first_last_time(kg, f, rng),
        "ba_date": lambda f: gen_before_after_date(kg, f, rng),
    }

    def anchored(name: str, f: Fact) -> Q | None:
        a = pick_anchor(kg, rng.choice([f.s, f.o]), rng, anchors)
        if a is None or a.r == f.r or not (kg.lo <= a.d <= kg.hi):
            return None
        if name == "ba_event":
            return gen_before_after_event(kg, f, a, rng)
        if name == "af":
            return gen_after_first_or_before_last(kg, f, a, True, rng)
        if name == "bl":
            return gen_after_first_or_before_last(kg, f, a, False, rng)
        return gen_equal_multi(kg, f, a, rng)

    order = list(quotas)
    for i, f in enumerate(cands):
        if not any(quotas.values()):
            break
        name = order[i % len(order)]
        if quotas[name] == 0 or per_rel[f.r] >= PER_RELATION:
            continue
        q = gens[name](f) if name in gens else anchored(name, f)
        if q is None or q.question.lower() in seen:
            continue
        seen.add(q.question.lower())
        quotas[name] -= 1
        per_rel[f.r] += 1
        out.append(q)
    return out


def jsonable(chk: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.isoformat() if isinstance(v, date) else v) for k, v in chk.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    kg = read_kg(store, args.store)
    print(f"{args.store}: {len(kg.all)} facts, {len(kg.facts)} in {kg.lo}..{kg.hi}", file=sys.stderr)
    rng = random.Random(f"{SEED}-{args.store}")
    qs = build(kg, rng)
    tag = "m" if args.store == "mtq" else "b"
    lines: list[str] = []
    dropped = 0
    for q in qs:
        checked = check_answers(store, q.check)
        if checked != sorted(q.answers):
            dropped += 1
            print(f"DROP (check disagrees): {q.question} gold={q.answers} check={checked}", file=sys.stderr)
            continue
        qid = f"b66{tag}{len(lines) + 1:03d}"
        rec = {
            "id": qid, "quid": qid, "store": args.store, "question": q.question, "answers": q.answers,
            "answer_type": q.answer_type, "time_level": q.time_level, "qtype": q.qtype,
            "qlabel": QLABEL.get(q.qtype, "Multiple"), "construction": q.construction,
            "check": json.dumps(jsonable(q.check), sort_keys=True), "check_agrees": True, "evidence": [],
        }  # fmt: skip
        lines.append(json.dumps(rec, ensure_ascii=False))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(
        f"{args.store}: {len(qs)} generated, {dropped} dropped (check disagrees), {len(lines)} written", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
