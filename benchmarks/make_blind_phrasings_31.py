"""Blind held-out phrasing set 31: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, 2014-2015 asked) and
``bench`` (ICEWS14) stores, written without looking at the reader, so that its score measures phrasings it was never
tuned on.

Gold comes from one read of every (subject, relation, object, day) of the store, computed in Python; a second,
differently written Cypher query per question (matched from the object or subject node, string date bounds, the anchor
and the min/max aggregated in Cypher) recomputes it, and disagreements are dropped. Deterministic for a seed.

    PYTHONPATH=$PWD TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_31.py --store mtq --out <dir>/blind_mtq.jsonl --n 100
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261231
PREFIX = {"mtq": "b31m", "bench": "b31i"}
# The asked period: mtq holds only a sample before 2013-11-18, so every date, window and anchor lies in 2014-2015.
PERIOD = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
MAX_GOLD = 5
CHECK_TEXT = "Cypher from the fixed entity node, string date bounds, anchor uniqueness and min/max in Cypher"

# relation -> (active past with {o}, base form with {o}, past participle for the passive or "", noun form or "")
# Several wordings each; none of them is the relation name read aloud.
REL: dict[str, dict[str, list[str]]] = {
    "Make_statement": {
        "past": ["made a statement about {o}", "issued a statement on {o}", "commented publicly on {o}"],
        "base": ["make a statement about {o}", "comment publicly on {o}"],
        "pp": [],
        "noun": ["{s}'s public statement on {o}"],
    },
    "Consult": {
        "past": ["consulted {o}", "held consultations with {o}", "conferred with {o}"],
        "base": ["consult {o}", "confer with {o}"],
        "pp": ["consulted"],
        "noun": ["the consultations of {s} with {o}"],
    },
    "Make_an_appeal_or_request": {
        "past": ["made an appeal to {o}", "appealed to {o}", "put a request to {o}"],
        "base": ["appeal to {o}", "make a request to {o}"],
        "pp": ["appealed to"],
        "noun": ["{s}'s appeal to {o}"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": ["signalled readiness to meet {o}", "expressed a wish to hold talks with {o}"],
        "base": ["signal readiness to meet {o}", "express willingness to negotiate with {o}"],
        "pp": [],
        "noun": [],
    },
    "Make_a_visit": {
        "past": ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        "base": ["visit {o}", "pay a visit to {o}"],
        "pp": ["visited"],
        "noun": ["the visit of {s} to {o}", "{s}'s trip to {o}"],
    },
    "Host_a_visit": {
        "past": ["hosted {o}", "received {o} as a guest", "welcomed a visit from {o}"],
        "base": ["host {o}", "receive a visit from {o}"],
        "pp": ["hosted"],
        "noun": ["{s}'s hosting of {o}"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": ["arrested {o}", "detained {o}", "took legal action against {o}"],
        "base": ["arrest {o}", "detain {o}"],
        "pp": ["arrested", "detained"],
        "noun": ["the arrest of {o} by {s}"],
    },
    "Praise_or_endorse": {
        "past": ["praised {o}", "spoke approvingly of {o}", "endorsed {o}"],
        "base": ["praise {o}", "commend {o}"],
        "pp": ["praised", "commended"],
        "noun": ["{s}'s praise for {o}"],
    },
    "Criticize_or_denounce": {
        "past": ["criticized {o}", "denounced {o}", "condemned {o}"],
        "base": ["criticize {o}", "denounce {o}"],
        "pp": ["criticized", "denounced"],
        "noun": ["{s}'s criticism of {o}"],
    },
    "Use_conventional_military_force": {
        "past": ["used military force against {o}", "carried out military strikes on {o}"],
        "base": ["use military force against {o}"],
        "pp": ["attacked with conventional military force"],
        "noun": [],
    },
    "Engage_in_negotiation": {
        "past": ["negotiated with {o}", "held negotiations with {o}", "was in negotiations with {o}"],
        "base": ["negotiate with {o}", "hold negotiations with {o}"],
        "pp": [],
        "noun": ["the negotiations between {s} and {o}"],
    },
    "Accuse": {
        "past": ["accused {o}", "levelled accusations at {o}", "blamed {o}"],
        "base": ["accuse {o}", "blame {o}"],
        "pp": ["accused"],
        "noun": ["{s}'s accusation against {o}"],
    },
    "Use_unconventional_violence": {
        "past": ["used unconventional violence against {o}", "carried out violent attacks on {o}"],
        "base": ["use unconventional violence against {o}"],
        "pp": [],
        "noun": [],
    },
    "Engage_in_diplomatic_cooperation": {
        "past": ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        "base": ["cooperate diplomatically with {o}"],
        "pp": [],
        "noun": [],
    },
    "Sign_formal_agreement": {
        "past": ["signed a formal agreement with {o}", "signed a deal with {o}", "concluded an agreement with {o}"],
        "base": ["sign an agreement with {o}", "sign a formal deal with {o}"],
        "pp": [],
        "noun": ["the agreement {s} signed with {o}", "the signing of a deal between {s} and {o}"],
    },
    "Express_intent_to_cooperate": {
        "past": ["expressed an intention to cooperate with {o}", "pledged to work together with {o}"],
        "base": ["express an intention to cooperate with {o}"],
        "pp": [],
        "noun": ["{s}'s pledge to cooperate with {o}"],
    },
    "Demand": {
        "past": ["made demands of {o}", "issued a demand to {o}"],
        "base": ["make a demand of {o}"],
        "pp": [],
        "noun": [],
    },
    "Investigate": {
        "past": ["investigated {o}", "opened an investigation into {o}", "probed {o}"],
        "base": ["investigate {o}"],
        "pp": ["investigated", "probed"],
        "noun": ["the investigation of {o} by {s}"],
    },
    "Discuss_by_telephone": {
        "past": ["spoke by phone with {o}", "had a phone call with {o}", "telephoned {o}"],
        "base": ["talk on the phone with {o}", "phone {o}"],
        "pp": ["phoned"],
        "noun": ["{s}'s phone call with {o}"],
    },
    "Reject": {
        "past": ["rejected {o}", "rebuffed {o}", "turned down {o}"],
        "base": ["reject {o}", "rebuff {o}"],
        "pp": ["rejected", "rebuffed"],
        "noun": ["{s}'s rejection of {o}"],
    },
    "Threaten": {
        "past": ["threatened {o}", "made threats against {o}"],
        "base": ["threaten {o}"],
        "pp": ["threatened"],
        "noun": ["{s}'s threat against {o}"],
    },
    "Make_optimistic_comment": {
        "past": ["made an optimistic remark about {o}", "sounded upbeat about {o}"],
        "base": ["make an optimistic remark about {o}", "sound upbeat about {o}"],
        "pp": [],
        "noun": [],
    },
    "Make_pessimistic_comment": {
        "past": ["made a pessimistic comment about {o}", "voiced pessimism about {o}"],
        "base": ["voice pessimism about {o}"],
        "pp": [],
        "noun": [],
    },
    "Meet_at_a_'third'_location": {
        "past": ["met {o} at a third location", "met {o} on neutral ground"],
        "base": ["meet {o} at a third location"],
        "pp": [],
        "noun": ["the meeting of {s} and {o} at a third location"],
    },
    "Provide_humanitarian_aid": {
        "past": ["gave humanitarian aid to {o}", "sent humanitarian assistance to {o}"],
        "base": ["provide humanitarian aid to {o}"],
        "pp": [],
        "noun": [],
    },
    "Abduct,_hijack,_or_take_hostage": {
        "past": ["abducted {o}", "kidnapped {o}", "took {o} hostage"],
        "base": ["abduct {o}", "kidnap {o}"],
        "pp": ["abducted", "kidnapped"],
        "noun": ["the abduction of {o} by {s}"],
    },
    "Make_empathetic_comment": {
        "past": ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        "base": ["express sympathy for {o}"],
        "pp": [],
        "noun": [],
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "past": ["appealed to {o} for diplomatic cooperation", "asked {o} for policy support"],
        "base": ["ask {o} for diplomatic support"],
        "pp": [],
        "noun": [],
    },
    "Return,_release_person(s)": {
        "past": ["released people held from {o}", "freed persons belonging to {o}"],
        "base": ["release persons of {o}"],
        "pp": [],
        "noun": [],
    },
    "Reduce_relations": {
        "past": ["downgraded relations with {o}", "scaled back ties with {o}"],
        "base": ["cut back relations with {o}"],
        "pp": [],
        "noun": [],
    },
    "Provide_aid": {
        "past": ["provided aid to {o}", "gave assistance to {o}"],
        "base": ["provide aid to {o}"],
        "pp": [],
        "noun": [],
    },
}

# Sector entities ("Police (Kenya)") said as a person would.
SECTOR = {
    "Police": ["the police in {c}", "{a} police"],
    "Citizen": ["citizens of {c}", "{a} citizens"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "the {a} government"],
    "Military": ["the armed forces of {c}", "the {a} military"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
    "Criminal": ["criminals in {c}"],
    "Protester": ["protesters in {c}", "{a} protesters"],
    "Media": ["the media in {c}", "{a} media"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Military Personnel": ["military personnel of {c}"],
    "Legislature": ["the legislature of {c}", "the {a} parliament"],
    "Court Judge": ["a court judge in {c}"],
    "Business": ["businesses in {c}"],
    "Activist": ["activists in {c}"],
    "Militant": ["militants in {c}"],
    "Student": ["students in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
}
DEMONYM = {
    "Kenya": "Kenyan",
    "India": "Indian",
    "Germany": "German",
    "China": "Chinese",
    "Japan": "Japanese",
    "France": "French",
    "Russia": "Russian",
    "Ukraine": "Ukrainian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Pakistan": "Pakistani",
    "Nigeria": "Nigerian",
    "Egypt": "Egyptian",
    "Israel": "Israeli",
    "Turkey": "Turkish",
    "Thailand": "Thai",
    "Afghanistan": "Afghan",
    "Syria": "Syrian",
    "Australia": "Australian",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Philippines": "Philippine",
    "Bangladesh": "Bangladeshi",
    "Indonesia": "Indonesian",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "Malaysia": "Malaysian",
    "Greece": "Greek",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Canada": "Canadian",
    "Sri Lanka": "Sri Lankan",
    "Nepal": "Nepalese",
    "Libya": "Libyan",
    "Yemen": "Yemeni",
    "Somalia": "Somali",
    "Uganda": "Ugandan",
    "Vietnam": "Vietnamese",
    "Ireland": "Irish",
    "Colombia": "Colombian",
    "Venezuela": "Venezuelan",
    "Zimbabwe": "Zimbabwean",
}
MONTHS = list(calendar.month_name)
# Countries said with an article; regions and "International" are not said as a sector's country.
THE = {
    "Philippines",
    "Netherlands",
    "United States",
    "United Kingdom",
    "United Arab Emirates",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "Gambia",
    "Maldives",
}
NOT_COUNTRY = {"International", "Africa", "Europe", "Asia", "Middle East", "Latin America", "Caribbean"}
NAMED_DAYS = {
    (12, 25): "Christmas Day",
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (10, 31): "Halloween",
    (12, 31): "New Year's Eve",
    (12, 24): "Christmas Eve",
    (7, 4): "the Fourth of July",
}
SEASONS = [("spring", (3, 4, 5)), ("summer", (6, 7, 8)), ("autumn", (9, 10, 11))]
QUARTERS = [("first", (1, 3)), ("second", (4, 6)), ("third", (7, 9)), ("fourth", (10, 12))]
ORD = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def d2s(d: date) -> str:
    return d.isoformat()


def s2d(s: str) -> date:
    return date.fromisoformat(s)


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


@dataclass
class Spec:
    """What a question asks, enough to compute its gold twice (Python over all facts; Cypher per question)."""

    ask: str  # "subj" | "obj" | "time"
    r: str
    s: str | None = None
    o: str | None = None
    lo: str = ""
    hi: str = ""
    pick: str = "all"  # "all" | "min" | "max"
    gran: str = "day"
    exclude: list[str] = field(default_factory=list)
    anchor: tuple[str, str, str] | None = None
    mode: str = ""  # anchor: after | before | same_day | same_month | next_day | prev_day


@dataclass
class Facts:
    all: list[tuple[str, str, str, str]]
    period: tuple[str, str]

    def __post_init__(self) -> None:
        lo, hi = self.period
        self.in_period = [f for f in self.all if lo <= f[3] <= hi]
        self.by_o: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        self.by_s: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.in_period:
            if f[1] in REL:
                self.by_o[f[2]].append(f)
                self.by_s[f[0]].append(f)
        self.named = [f for f in self.in_period if (int(f[3][5:7]), int(f[3][8:10])) in NAMED_DAYS and f[1] in REL]
        self.count_sro: dict[tuple[str, str, str], int] = defaultdict(int)
        self.date_sro: dict[tuple[str, str, str], str] = {}
        for s, r, o, d in self.all:
            self.count_sro[(s, r, o)] += 1
            self.date_sro[(s, r, o)] = d

    def anchor_date(self, a: tuple[str, str, str]) -> date | None:
        if self.count_sro.get(a, 0) != 1:
            return None
        return s2d(self.date_sro[a])


def window(spec: Spec, facts: Facts) -> tuple[date, date] | None:
    if spec.anchor is None:
        return s2d(spec.lo), s2d(spec.hi)
    ad = facts.anchor_date(spec.anchor)
    if ad is None:
        return None
    one = timedelta(days=1)
    if spec.mode == "after":
        return ad + one, s2d(spec.hi)
    if spec.mode == "before":
        return s2d(spec.lo), ad - one
    if spec.mode == "same_day":
        return ad, ad
    if spec.mode == "same_month":
        return date(ad.year, ad.month, 1), month_end(ad.year, ad.month)
    if spec.mode == "next_day":
        return ad + one, ad + one
    if spec.mode == "prev_day":
        return ad - one, ad - one
    raise ValueError(spec.mode)


def cut(d: str, gran: str) -> str:
    return {"day": d, "month": d[:7], "year": d[:4]}[gran]


def gold(spec: Spec, facts: Facts) -> list[str]:
    """The gold answers, in Python over every fact of the store."""
    w = window(spec, facts)
    if w is None:
        return []
    lo, hi = w
    rows: list[tuple[date, str]] = []
    for s, r, o, d in facts.all:
        if r != spec.r or (spec.s is not None and s != spec.s) or (spec.o is not None and o != spec.o):
            continue
        day = s2d(d)
        if not lo <= day <= hi:
            continue
        ans = s if spec.ask == "subj" else o if spec.ask == "obj" else d
        if ans in spec.exclude:
            continue
        rows.append((day, ans))
    if not rows:
        return []
    if spec.pick == "min":
        m = min(day for day, _ in rows)
        rows = [x for x in rows if x[0] == m]
    elif spec.pick == "max":
        m = max(day for day, _ in rows)
        rows = [x for x in rows if x[0] == m]
    out = {cut(a, spec.gran) if spec.ask == "time" else a for _, a in rows}
    return sorted(out)


def check_query(spec: Spec) -> tuple[str, dict[str, Any]]:
    """A differently written Cypher recomputation: the anchor found and its uniqueness tested in Cypher, the window
    as string bounds, matched from the fixed entity's node, the min/max aggregated in Cypher."""
    p: dict[str, Any] = {"r": spec.r, "excl": spec.exclude, "lo": spec.lo, "hi": spec.hi}
    q = ""
    if spec.anchor is not None:
        p.update(a_s=spec.anchor[0], a_r=spec.anchor[1], a_o=spec.anchor[2])
        q += (
            "MATCH (ao:Entity {name: $a_o})<-[:OBJECT]-(ae:Event)-[:SUBJECT]->(as:Entity {name: $a_s}) "
            "WHERE ae.relation = $a_r WITH collect(toString(ae.valid_from)) AS ads WHERE size(ads) = 1 "
            "WITH ads[0] AS ad "
        )
        bounds = {
            "after": "toString(date(ad) + duration('P1D')) AS wlo, $hi AS whi",
            "before": "$lo AS wlo, toString(date(ad) - duration('P1D')) AS whi",
            "same_day": "ad AS wlo, ad AS whi",
            "same_month": "substring(ad, 0, 7) + '-01' AS wlo, substring(ad, 0, 7) + '-99' AS whi",
            "next_day": "toString(date(ad) + duration('P1D')) AS wlo, toString(date(ad) + duration('P1D')) AS whi",
            "prev_day": "toString(date(ad) - duration('P1D')) AS wlo, toString(date(ad) - duration('P1D')) AS whi",
        }[spec.mode]
        q += f"WITH {bounds} "
    else:
        q += "WITH $lo AS wlo, $hi AS whi "
    if spec.o is not None:
        p["o"] = spec.o
        q += "MATCH (fo:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
    else:
        p["s"] = spec.s
        q += "MATCH (fs:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) "
    q += "WHERE e.relation = $r AND toString(e.valid_from) >= wlo AND toString(e.valid_from) <= whi "
    if spec.s is not None and spec.o is not None:
        q += "AND x.name = $s " if spec.ask == "time" else ""
        p["s"] = spec.s
    ans = "toString(e.valid_from)" if spec.ask == "time" else "x.name"
    q += f"WITH toString(e.valid_from) AS d, {ans} AS a WHERE NOT a IN $excl "
    if spec.pick in ("min", "max"):
        q += f"WITH collect([d, a]) AS rows, {spec.pick}(d) AS m UNWIND rows AS row WITH row WHERE row[0] = m "
        q += "WITH row[1] AS a "
    n = {"day": 10, "month": 7, "year": 4}[spec.gran]
    out = f"substring(a, 0, {n})" if spec.ask == "time" else "a"
    q += f"RETURN DISTINCT {out} AS ans ORDER BY ans"
    return q, p


# ------------------------------------------------------------------------------------------- phrasing
class Say:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, xs: list[str]) -> str:
        return xs[self.rng.randrange(len(xs))]

    def ent(self, name: str) -> str | None:
        if "(" not in name:
            return name
        head, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if head not in SECTOR or "(" in country or country in NOT_COUNTRY:
            return None
        forms = [f for f in SECTOR[head] if "{a}" not in f or country in DEMONYM]
        c = f"the {country}" if country in THE else country
        return self.pick(forms).format(c=c, a=DEMONYM.get(country, "")).replace("of the the", "of the")

    def day(self, d: str) -> str:
        x = s2d(d)
        k = self.rng.randrange(3)
        if k == 0:
            return f"{MONTHS[x.month]} {x.day}, {x.year}"
        if k == 1:
            return f"{x.day} {MONTHS[x.month]} {x.year}"
        return f"the {x.day}{ORD.get(x.day, 'th')} of {MONTHS[x.month]} {x.year}"

    def month(self, d: str) -> str:
        x = s2d(d)
        return self.pick([f"{MONTHS[x.month]} {x.year}", f"the month of {MONTHS[x.month]} {x.year}"])


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


@dataclass
class Q:
    construction: str
    qtype: str
    answer_type: str
    time_level: str
    question: str
    spec: Spec


Builder = Callable[[Say, Facts, random.Random], Q | None]


def _fact(facts: Facts, rng: random.Random) -> tuple[str, str, str, str] | None:
    f = facts.in_period[rng.randrange(len(facts.in_period))]
    return f if f[1] in REL else None


def _names(say: Say, *names: str) -> list[str] | None:
    out = [say.ent(n) for n in names]
    return None if any(x is None for x in out) else [x for x in out if x is not None]


def _past(say: Say, r: str, o: str) -> str:
    return say.pick(REL[r]["past"]).format(o=o)


def _base(say: Say, r: str, o: str) -> str:
    return say.pick(REL[r]["base"]).format(o=o)


def _stranded(say: Say, r: str, key: str = "base") -> str | None:
    forms = [f for f in REL[r][key] if f.endswith("{o}")]
    return say.pick(forms)[: -len(" {o}")] if forms else None


def _anchor(
    say: Say, facts: Facts, rng: random.Random, lo: str, hi: str
) -> tuple[tuple[str, str, str], str, str] | None:
    """A unique-in-the-whole-store event inside [lo, hi], said as a clause or a noun phrase."""
    f = _fact(facts, rng)
    if f is None or not lo <= f[3] <= hi or facts.anchor_date((f[0], f[1], f[2])) is None or f[0] == f[2]:
        return None
    n = _names(say, f[0], f[2])
    if n is None:
        return None
    clause = f"{n[0]} {_past(say, f[1], n[1])}"
    nouns = REL[f[1]]["noun"]
    noun = say.pick(nouns).format(s=n[0], o=n[1]) if nouns else ""
    noun = noun.replace("s's ", "s' ")
    return (f[0], f[1], f[2]), clause, noun


# --- equal -------------------------------------------------------------------------------------------------------
def b_who_day(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    t = rng.randrange(3)
    v = _past(say, f[1], n[0])
    q = [
        f"Who {v} on {say.day(f[3])}?",
        f"On {say.day(f[3])}, which actor {v}?",
        f"Name whoever {v} on {say.day(f[3])}.",
    ][t]
    return Q("who_on_day", "equal", "entity", "day", q, Spec("subj", f[1], o=f[2], lo=f[3], hi=f[3]))


def b_passive_day(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n or not REL[f[1]]["pp"]:
        return None
    pp = say.pick(REL[f[1]]["pp"])
    q = say.pick([f"By whom was {n[0]} {pp} on {say.day(f[3])}?", f"On {say.day(f[3])}, {n[0]} was {pp} by whom?"])
    return Q("passive_by_whom_day", "equal", "entity", "day", cap(q), Spec("subj", f[1], o=f[2], lo=f[3], hi=f[3]))


def b_whom_day(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0])
    st = f and _stranded(say, f[1])
    if not f or not n or not st:
        return None
    forms = [f"On {say.day(f[3])}, who did {n[0]} {st}?"]
    if not st.endswith(" on"):  # no "comment on on May 3"
        forms.append(f"Who did {n[0]} {st} on {say.day(f[3])}?")
    q = say.pick(forms)
    return Q("object_wh_day", "equal", "entity", "day", q, Spec("obj", f[1], s=f[0], lo=f[3], hi=f[3]))


def b_who_month(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    x = s2d(f[3])
    lo, hi = d2s(date(x.year, x.month, 1)), d2s(month_end(x.year, x.month))
    v = _past(say, f[1], n[0])
    m = say.month(f[3])
    q = say.pick([f"Which actors {v} in {m}?", f"Tell me who {v} during {m}.", f"In {m}, who {v}?"])
    return Q("who_in_month", "equal", "entity", "month", q, Spec("subj", f[1], o=f[2], lo=lo, hi=hi))


def b_month_saw(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0], f[2])
    if not f or not n:
        return None
    y = f[3][:4]
    b = _base(say, f[1], n[1])
    q = say.pick([f"Which month of {y} saw {n[0]} {b}?", f"In what month in {y} did {n[0]} {b}?"])
    return Q(
        "month_saw",
        "equal",
        "time",
        "month",
        q,
        Spec("time", f[1], s=f[0], o=f[2], lo=f"{y}-01-01", hi=f"{y}-12-31", gran="month"),
    )


def b_date_in_month(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0], f[2])
    if not f or not n:
        return None
    x = s2d(f[3])
    m = say.month(f[3])
    q = say.pick(
        [
            f"On what date in {m} did {n[0]} {_base(say, f[1], n[1])}?",
            f"Tell me the day in {m} when {n[0]} {_past(say, f[1], n[1])}.",
        ]
    )
    return Q(
        "date_in_month",
        "equal",
        "time",
        "day",
        q,
        Spec("time", f[1], s=f[0], o=f[2], lo=d2s(date(x.year, x.month, 1)), hi=d2s(month_end(x.year, x.month))),
    )


def b_year_which(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    if facts.period[0][:4] == facts.period[1][:4]:
        return None
    f = _fact(facts, rng)
    n = f and _names(say, f[0], f[2])
    if not f or not n:
        return None
    q = say.pick(
        [
            f"Was it in 2014 or in 2015 that {n[0]} {_past(say, f[1], n[1])}?",
            f"Which year, 2014 or 2015, did {n[0]} {_base(say, f[1], n[1])}?",
        ]
    )
    return Q(
        "year_choice",
        "equal",
        "time",
        "year",
        q,
        Spec("time", f[1], s=f[0], o=f[2], lo="2014-01-01", hi="2015-12-31", gran="year"),
    )


def b_who_year(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    y = f[3][:4]
    v = _past(say, f[1], n[0])
    q = say.pick([f"Who {v} at some point in {y}?", f"Throughout {y}, which actors {v}?"])
    return Q("who_in_year", "equal", "entity", "year", q, Spec("subj", f[1], o=f[2], lo=f"{y}-01-01", hi=f"{y}-12-31"))


def b_quarter(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    x = s2d(f[3])
    name, (m1, m2) = QUARTERS[(x.month - 1) // 3]
    lo, hi = date(x.year, m1, 1), month_end(x.year, m2)
    span = f"{MONTHS[m1]} through {MONTHS[m2]}"
    v = _past(say, f[1], n[0])
    q = say.pick(
        [
            f"In the {name} quarter of {x.year} ({span}), who {v}?",
            f"Who {v} during Q{(x.month - 1) // 3 + 1} {x.year}, that is {span}?",
        ]
    )
    return Q("quarter", "equal", "entity", "month", q, Spec("subj", f[1], o=f[2], lo=d2s(lo), hi=d2s(hi)))


def b_half_or_season(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    x = s2d(f[3])
    v = _past(say, f[1], n[0])
    season = next((s for s in SEASONS if x.month in s[1]), None)
    if season and rng.random() < 0.6:
        sname, ms = season
        lo, hi = date(x.year, ms[0], 1), month_end(x.year, ms[-1])
        months = f"{MONTHS[ms[0]]}, {MONTHS[ms[1]]} and {MONTHS[ms[2]]}"
        q = say.pick(
            [
                f"Which actors {v} in the {sname} of {x.year} ({months})?",
                f"During {sname} {x.year} - meaning {months} - who {v}?",
            ]
        )
        c = "season"
    else:
        first = x.month <= 6
        lo, hi = (date(x.year, 1, 1), date(x.year, 6, 30)) if first else (date(x.year, 7, 1), date(x.year, 12, 31))
        half = "first half of" if first else "second half of"
        span = "January to June" if first else "July to December"
        q = say.pick([f"Who {v} in the {half} {x.year} ({span})?", f"In the {half} {x.year}, {span}, who {v}?"])
        c = "half_year"
    return Q(c, "equal", "entity", "month", q, Spec("subj", f[1], o=f[2], lo=d2s(lo), hi=d2s(hi)))


def b_ndays(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    k = rng.choice([3, 5, 7, 10])
    start = s2d(f[3]) - timedelta(days=rng.randrange(k))
    end = start + timedelta(days=k - 1)
    if d2s(start) < facts.period[0] or d2s(end) > facts.period[1]:
        return None
    v = _past(say, f[1], n[0])
    q = say.pick(
        [
            f"In the {k} days from {say.day(d2s(start))} to {say.day(d2s(end))}, both included, who {v}?",
            f"Who {v} between {say.day(d2s(start))} and {say.day(d2s(end))} (inclusive)?",
        ]
    )
    return Q("n_day_window", "equal", "entity", "day", q, Spec("subj", f[1], o=f[2], lo=d2s(start), hi=d2s(end)))


def b_named_day(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = facts.named[rng.randrange(len(facts.named))]
    n = _names(say, f[2])
    if not n:
        return None
    nd = NAMED_DAYS[(int(f[3][5:7]), int(f[3][8:10]))]
    v = _past(say, f[1], n[0])
    q = say.pick([f"Who {v} on {nd} {f[3][:4]}?", f"On {nd} of {f[3][:4]}, who {v}?"])
    return Q("named_day", "equal", "entity", "day", q, Spec("subj", f[1], o=f[2], lo=f[3], hi=f[3]))


def b_week_else(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0], f[2])
    if not f or not n or f[0] == f[2]:
        return None
    x = s2d(f[3])
    mon = x - timedelta(days=x.weekday())
    sun = mon + timedelta(days=6)
    if d2s(mon) < facts.period[0] or d2s(sun) > facts.period[1]:
        return None
    q = (
        f"{cap(n[0])} {_past(say, f[1], n[1])} on {say.day(f[3])}. Who else did so that week "
        f"(Monday {say.day(d2s(mon))} to Sunday {say.day(d2s(sun))})?"
    )
    return Q(
        "ellipsis_who_else_week",
        "equal",
        "entity",
        "day",
        q,
        Spec("subj", f[1], o=f[2], lo=d2s(mon), hi=d2s(sun), exclude=[f[0]]),
    )


# --- first / last ----------------------------------------------------------------------------------------------
def _year_scope(facts: Facts, f: tuple[str, str, str, str]) -> tuple[str, str, str]:
    y = f[3][:4]
    return y, f"{y}-01-01", f"{y}-12-31"


def b_first_who(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    y, lo, hi = _year_scope(facts, f)
    last = rng.random() < 0.5
    v = _past(say, f[1], n[0])
    b = _base(say, f[1], n[0])
    if last:
        q = say.pick([f"Who was the last to {b} in {y}?", f"Which actor was the final one in {y} to {b}?"])
    else:
        q = say.pick([f"Who was the first to {b} in {y}?", f"In {y}, who {v} before anyone else did?"])
    return Q(
        "first_last_who",
        "first_last",
        "entity",
        "day",
        q,
        Spec("subj", f[1], o=f[2], lo=lo, hi=hi, pick="max" if last else "min"),
    )


def b_first_whom(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0])
    st = f and _stranded(say, f[1])
    if not f or not n or not st:
        return None
    y, lo, hi = _year_scope(facts, f)
    last = rng.random() < 0.5
    word = "last" if last else "first"
    q = say.pick([f"Who did {n[0]} {st} {word} in {y}?", f"Name the one {n[0]} chose to {st} {word} in {y}."])
    return Q(
        "first_last_whom",
        "first_last",
        "entity",
        "day",
        q,
        Spec("obj", f[1], s=f[0], lo=lo, hi=hi, pick="max" if last else "min"),
    )


def b_first_time(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[0], f[2])
    if not f or not n:
        return None
    y, lo, hi = _year_scope(facts, f)
    last = rng.random() < 0.4
    gran = rng.choice(["day", "month", "month"])
    b = _base(say, f[1], n[1])
    p = _past(say, f[1], n[1])
    if gran == "month":
        q = (
            say.pick(
                [
                    f"In which month of {y} did {n[0]} {b} for the last time?",
                    f"What was the final month of {y} in which {n[0]} {p}?",
                ]
            )
            if last
            else say.pick(
                [
                    f"In which month did {n[0]} {b} for the first time in {y}?",
                    f"During {y}, which month saw {n[0]} {b} for the first time?",
                ]
            )
        )
    else:
        q = (
            say.pick(
                [
                    f"When, in {y}, did {n[0]} last {b}? Give the date.",
                    f"What was the last day in {y} on which {n[0]} {p}?",
                ]
            )
            if last
            else say.pick(
                [f"On what date in {y} did {n[0]} first {b}?", f"Tell me the earliest day of {y} on which {n[0]} {p}."]
            )
        )
    c = f"{'last' if last else 'first'}_time_{gran}"
    return Q(
        c,
        "first_last",
        "time",
        gran,
        q,
        Spec("time", f[1], s=f[0], o=f[2], lo=lo, hi=hi, pick="max" if last else "min", gran=gran),
    )


# --- before / after ------------------------------------------------------------------------------------------
def b_before_after_date(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    f = _fact(facts, rng)
    n = f and _names(say, f[2])
    if not f or not n:
        return None
    x = s2d(f[3])
    v = _past(say, f[1], n[0])
    if rng.random() < 0.5:
        cutd = x - timedelta(days=rng.randrange(1, 20))
        if d2s(cutd) < facts.period[0]:
            return None
        # after: through the end of the store, which is the end of the asked period
        q = say.pick(
            [f"After {say.day(d2s(cutd))}, who {v}?", f"Which actors {v} at any time after {say.day(d2s(cutd))}?"]
        )
        return Q(
            "after_date",
            "before_after",
            "entity",
            "day",
            q,
            Spec("subj", f[1], o=f[2], lo=d2s(cutd + timedelta(days=1)), hi=facts.period[1]),
        )
    cutd = x + timedelta(days=rng.randrange(1, 20))
    if cutd.year != x.year:
        return None
    q = say.pick(
        [
            f"In {x.year}, before {say.day(d2s(cutd))}, who {v}?",
            f"Who {v} between the start of {x.year} and {say.day(d2s(cutd))} (that day excluded)?",
        ]
    )
    return Q(
        "before_date_in_year",
        "before_after",
        "entity",
        "day",
        q,
        Spec("subj", f[1], o=f[2], lo=f"{x.year}-01-01", hi=d2s(cutd - timedelta(days=1))),
    )


def b_after_event(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    a = _anchor(say, facts, rng, *facts.period)
    if a is None:
        return None
    (as_, ar, ao), clause, noun = a
    # the asked relation shares an entity with the anchor: questions about what followed it
    cands = [g for g in facts.by_o[ao] if g[:3] != (as_, ar, ao)]
    if not cands:
        return None
    g = cands[rng.randrange(len(cands))]
    n = _names(say, g[2])
    if not n:
        return None
    v = _past(say, g[1], n[0])
    ad = facts.date_sro[(as_, ar, ao)]
    y = ad[:4]
    if rng.random() < 0.5:
        what = f"after {noun}" if noun and rng.random() < 0.6 else f"after {clause}"
        q = say.pick([f"Who {v} {what}?", f"{cap(what)}, which actors {v}?"])
        return Q(
            "after_event",
            "before_after",
            "entity",
            "day",
            q,
            Spec("subj", g[1], o=g[2], hi=facts.period[1], anchor=(as_, ar, ao), mode="after"),
        )
    what = f"before {noun}" if noun and rng.random() < 0.6 else f"before {clause}"
    q = say.pick([f"In {y}, who {v} {what}?", f"Earlier in {y}, {what}, who {v}?"])
    return Q(
        "before_event_in_year",
        "before_after",
        "entity",
        "day",
        q,
        Spec("subj", g[1], o=g[2], lo=f"{y}-01-01", anchor=(as_, ar, ao), mode="before"),
    )


def b_after_first(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    a = _anchor(say, facts, rng, *facts.period)
    if a is None:
        return None
    (as_, ar, ao), clause, noun = a
    n = _names(say, ao)
    if not n:
        return None
    v = _past(say, ar, n[0])
    b = _base(say, ar, n[0])
    q = say.pick(
        [
            f"After {clause}, who was the next to {b}?",
            f"Who {v} next, right after {as_name(say, as_)} did?",
            f"Following {noun or clause}, who was the first to {b}?",
        ]
    )
    return Q(
        "after_first_same_rel",
        "after_first",
        "entity",
        "day",
        q,
        Spec("subj", ar, o=ao, hi=facts.period[1], pick="min", anchor=(as_, ar, ao), mode="after"),
    )


def as_name(say: Say, name: str) -> str:
    return say.ent(name) or name


def b_after_first_time(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    a = _anchor(say, facts, rng, *facts.period)
    if a is None:
        return None
    (as_, ar, ao), clause, noun = a
    cands = [g for g in facts.by_s[as_] if g[1] != ar]
    if not cands:
        return None
    g = cands[rng.randrange(len(cands))]
    n = _names(say, g[0], g[2])
    if not n:
        return None
    q = say.pick(
        [
            f"After {noun or clause}, when did {n[0]} next {_base(say, g[1], n[1])}?",
            f"What was the first date after {noun or clause} on which {n[0]} {_past(say, g[1], n[1])}?",
        ]
    )
    return Q(
        "after_first_time",
        "after_first",
        "time",
        "day",
        q,
        Spec("time", g[1], s=g[0], o=g[2], hi=facts.period[1], pick="min", anchor=(as_, ar, ao), mode="after"),
    )


def b_before_last(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    a = _anchor(say, facts, rng, *facts.period)
    if a is None:
        return None
    (as_, ar, ao), clause, noun = a
    y = facts.date_sro[(as_, ar, ao)][:4]
    cands = [g for g in facts.by_o[ao] if g[3][:4] == y and g[0] != as_]
    if not cands:
        return None
    g = cands[rng.randrange(len(cands))]
    n = _names(say, g[2])
    if not n:
        return None
    v = _past(say, g[1], n[0])
    b = _base(say, g[1], n[0])
    q = say.pick(
        [
            f"Who was the last to {b} before {noun or clause}, counting from the start of {y}?",
            f"Earlier in {y} than {noun or clause}, who most recently {v}?",
            f"Just before {clause} in {y}, who was the last actor that {v}?",
        ]
    )
    return Q(
        "before_last",
        "before_last",
        "entity",
        "day",
        q,
        Spec("subj", g[1], o=g[2], lo=f"{y}-01-01", pick="max", anchor=(as_, ar, ao), mode="before"),
    )


# --- equal_multi ---------------------------------------------------------------------------------------------
def b_same_time(say: Say, facts: Facts, rng: random.Random) -> Q | None:
    a = _anchor(say, facts, rng, *facts.period)
    if a is None:
        return None
    (as_, ar, ao), clause, noun = a
    ad = facts.date_sro[(as_, ar, ao)]
    mode = rng.choice(["same_day", "same_month", "next_day", "same_day", "next_day"])
    want = {"same_day": ad, "next_day": d2s(s2d(ad) + timedelta(days=1)), "same_month": ad[:7]}[mode]
    near = facts.by_o[as_] + facts.by_o[ao]
    same = [g for g in near if g[3][: len(want)] == want and (g[1], g[2]) != (ar, ao)]
    if not same:
        return None
    g = same[rng.randrange(len(same))]
    n = _names(say, g[2])
    if not n:
        return None
    v = _past(say, g[1], n[0])
    if mode == "same_day":
        q = say.pick([f"Who {v} on the same day that {clause}?", f"On the day of {noun or clause}, who {v}?"])
        lvl = "day"
    elif mode == "same_month":
        q = say.pick(
            [f"In the same month as {noun or clause}, who {v}?", f"Which actors {v} in the month when {clause}?"]
        )
        lvl = "month"
    else:
        q = say.pick([f"Who {v} the day after {clause}?", f"On the day following {noun or clause}, who {v}?"])
        lvl = "day"
    return Q(
        f"equal_multi_{mode}",
        "equal_multi",
        "entity",
        lvl,
        q,
        Spec("subj", g[1], o=g[2], anchor=(as_, ar, ao), mode=mode),
    )


BUILDERS: list[Builder] = [
    b_who_day,
    b_passive_day,
    b_whom_day,
    b_who_month,
    b_month_saw,
    b_date_in_month,
    b_year_which,
    b_who_year,
    b_quarter,
    b_half_or_season,
    b_ndays,
    b_named_day,
    b_week_else,
    b_first_who,
    b_first_whom,
    b_first_time,
    b_first_time,
    b_before_after_date,
    b_before_after_date,
    b_after_event,
    b_after_event,
    b_after_first,
    b_after_first_time,
    b_before_last,
    b_before_last,
    b_same_time,
    b_same_time,
    b_same_time,
]


def load_facts(store: Any, period: tuple[str, str]) -> Facts:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return Facts(sorted({(r["s"], r["r"], r["o"], r["d"]) for r in rows}), period)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(PREFIX), required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    facts = load_facts(store, PERIOD[args.store])
    rng = random.Random(f"{args.seed}-{args.store}")
    say = Say(rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    per_builder = -(-args.n // len(BUILDERS))
    counts: dict[int, int] = defaultdict(int)
    dropped = disagree = 0
    rounds = 0
    while len(out) < args.n and rounds < 200_000:
        rounds += 1
        i = rounds % len(BUILDERS)
        if counts[i] >= per_builder + (rounds // 20_000):
            continue
        q = BUILDERS[i](say, facts, rng)
        if q is None or q.question in seen:
            continue
        ans = gold(q.spec, facts)
        if not ans or len(ans) > MAX_GOLD:
            dropped += 1
            continue
        cq, params = check_query(q.spec)
        again = sorted(r["ans"] for r in store.run(cq, params))
        if again != ans:
            disagree += 1
            continue
        seen.add(q.question)
        counts[i] += 1
        qid = f"{PREFIX[args.store]}{len(out):03d}"
        out.append(
            {
                "quid": qid,
                "id": qid,
                "question": q.question,
                "answers": ans,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": "Single" if q.qtype in ("equal", "before_after", "first_last") else "Multiple",
                "evidence": [],
                "construction": q.construction,
                "store": args.store,
                "check": CHECK_TEXT,
                "check_agrees": True,
            }
        )
    store.close()
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    print(
        json.dumps(
            {
                "store": args.store,
                "written": len(out),
                "dropped_no_or_too_many_gold": dropped,
                "check_disagreed_dropped": disagree,
            }
        )
    )


if __name__ == "__main__":
    main()
