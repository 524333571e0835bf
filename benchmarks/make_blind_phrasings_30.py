"""Blind held-out phrasing set 30: MultiTQ-kind questions over the ICEWS stores, written without reading the reader.

Gold is computed in Python over every (subject, relation, object, day) of the store (one Cypher read); each gold is
then recomputed by a second, differently written Cypher query per question (matched from the other side, dates
compared as strings, first/last aggregated in Cypher, anchors resolved in Cypher) and the agreement is recorded.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_30.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_30.py --store bench --out <work>/blind_icews14.jsonl

Reads only; the connection never applies the schema. The seed is fixed (20261230): a rerun is byte-identical.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import sys
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261230
MAX_GOLD = 5

# Relation wording: base form, past form, passive ("{o} was ... by"; None when awkward), noun form with {s}/{o}.
REL: dict[str, dict[str, Any]] = {
    "Make_a_visit": {"b": "visit {o}", "p": "visited {o}", "pas": "{o} was visited by", "n": "{s}'s trip to {o}"},
    "Host_a_visit": {"b": "host {o}", "p": "hosted {o}", "pas": "{o} was received as a guest by", "n": None},
    "Consult": {"b": "consult {o}", "p": "held consultations with {o}", "pas": "{o} was consulted by", "n": None},
    "Criticize_or_denounce": {
        "b": "criticize {o}",
        "p": "denounced {o}",
        "pas": "{o} was criticized by",
        "n": "{s}'s criticism of {o}",
    },
    "Praise_or_endorse": {"b": "praise {o}", "p": "spoke approvingly of {o}", "pas": "{o} was praised by", "n": None},
    "Accuse": {"b": "accuse {o}", "p": "leveled accusations at {o}", "pas": "{o} was accused by", "n": None},
    "Sign_formal_agreement": {
        "b": "sign a formal agreement with {o}",
        "p": "signed a formal agreement with {o}",
        "pas": None,
        "n": "the signing of a formal agreement between {s} and {o}",
    },
    "Engage_in_negotiation": {
        "b": "negotiate with {o}",
        "p": "held negotiations with {o}",
        "pas": None,
        "n": "negotiations between {s} and {o}",
    },
    "Discuss_by_telephone": {
        "b": "phone {o}",
        "p": "spoke by telephone with {o}",
        "pas": "{o} got a phone call from",
        "n": "the phone call between {s} and {o}",
    },
    "Make_an_appeal_or_request": {
        "b": "appeal to {o}",
        "p": "made an appeal or request to {o}",
        "pas": "{o} was appealed to by",
        "n": None,
    },
    "Express_intent_to_meet_or_negotiate": {
        "b": "say they wanted to meet or negotiate with {o}",
        "p": "expressed a wish to meet or negotiate with {o}",
        "pas": None,
        "n": None,
    },
    "Express_intent_to_cooperate": {
        "b": "express an intent to cooperate with {o}",
        "p": "said it was willing to cooperate with {o}",
        "pas": None,
        "n": None,
    },
    "Threaten": {"b": "threaten {o}", "p": "threatened {o}", "pas": "{o} was threatened by", "n": None},
    "Demand": {"b": "make demands of {o}", "p": "made a demand of {o}", "pas": "{o} faced demands from", "n": None},
    "Investigate": {"b": "investigate {o}", "p": "investigated {o}", "pas": "{o} was investigated by", "n": None},
    "Reject": {"b": "rebuff {o}", "p": "rejected {o}", "pas": "{o} was rebuffed by", "n": None},
    "Make_optimistic_comment": {
        "b": "comment optimistically about {o}",
        "p": "made optimistic remarks about {o}",
        "pas": None,
        "n": None,
    },
    "Make_pessimistic_comment": {
        "b": "comment pessimistically about {o}",
        "p": "voiced pessimism about {o}",
        "pas": None,
        "n": None,
    },
    "Make_empathetic_comment": {
        "b": "express sympathy for {o}",
        "p": "expressed sympathy with {o}",
        "pas": "{o} received words of sympathy from",
        "n": None,
    },
    "Meet_at_a_'third'_location": {
        "b": "meet {o} at a third location",
        "p": "met {o} at a third-party venue",
        "pas": None,
        "n": "the meeting of {s} and {o} at a third location",
    },
    "Provide_humanitarian_aid": {
        "b": "give humanitarian aid to {o}",
        "p": "provided humanitarian aid to {o}",
        "pas": "{o} received humanitarian aid from",
        "n": None,
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "b": "impose sanctions, an embargo or a boycott on {o}",
        "p": "imposed sanctions, an embargo or a boycott on {o}",
        "pas": "{o} was hit with sanctions, an embargo or a boycott by",
        "n": None,
    },
    "Engage_in_diplomatic_cooperation": {
        "b": "cooperate diplomatically with {o}",
        "p": "engaged in diplomatic cooperation with {o}",
        "pas": None,
        "n": None,
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "b": "arrest, detain or charge {o}",
        "p": "arrested, detained or charged {o}",
        "pas": "{o} was arrested, detained or charged by",
        "n": None,
    },
    "Use_conventional_military_force": {
        "b": "use conventional military force against {o}",
        "p": "used conventional military force against {o}",
        "pas": "{o} came under conventional military force from",
        "n": None,
    },
    "Provide_economic_aid": {
        "b": "give economic aid to {o}",
        "p": "gave economic aid to {o}",
        "pas": "{o} received economic aid from",
        "n": None,
    },
    "Bring_lawsuit_against": {
        "b": "sue {o}",
        "p": "brought a lawsuit against {o}",
        "pas": "{o} was sued by",
        "n": None,
    },
    "Return,_release_person(s)": {
        "b": "release or return people to {o}",
        "p": "released or returned people to {o}",
        "pas": None,
        "n": None,
    },
    "Express_intent_to_cooperate_economically": {
        "b": "express an intent to cooperate economically with {o}",
        "p": "signalled an intent to cooperate economically with {o}",
        "pas": None,
        "n": None,
    },
    "Demonstrate_or_rally": {
        "b": "hold demonstrations or rallies against {o}",
        "p": "demonstrated or rallied against {o}",
        "pas": None,
        "n": None,
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "b": "call on {o} for diplomatic cooperation",
        "p": "appealed to {o} for diplomatic cooperation",
        "pas": None,
        "n": None,
    },
}
RELS = sorted(REL)

# Sector entities "Police (Kenya)" said as a person would.
SECTOR = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Protester": ["protesters in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Militant": ["militants in {c}"],
    "Media": ["the media in {c}"],
    "Business": ["businesses in {c}"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Member of Parliament": ["a member of parliament in {c}"],
    "Governor": ["a governor in {c}"],
    "Legislature": ["the legislature of {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
}

MONTHS = list(calendar.month_name)


def ent(name: str, rng: random.Random) -> str | None:
    """How a user would name the entity; None for sectors without an everyday wording (never asked about)."""
    if " (" not in name:
        return name
    sec, rest = name.split(" (", 1)
    if sec not in SECTOR or not rest.endswith(")") or "(" in rest:
        return None
    return rng.choice(SECTOR[sec]).format(c=rest[:-1])


def dtxt(d: str, rng: random.Random, style: int | None = None) -> str:
    y, m, dd = (int(x) for x in d.split("-"))
    st = rng.randrange(3) if style is None else style
    if st == 0:
        return f"{dd} {MONTHS[m]} {y}"
    if st == 1:
        return f"{MONTHS[m]} {dd}, {y}"
    return d


def mtxt(m: str) -> str:
    y, mm = m.split("-")
    return f"{MONTHS[int(mm)]} {y}"


_PLURAL = (
    "citizens ",
    "ordinary people",
    "protesters ",
    "armed rebels",
    "militants ",
    "businesses ",
    "judges ",
    "lawyers ",
    "criminals ",
    "armed forces",
)


def passive(w: dict[str, Any], ot: str) -> str:
    """The passive form, with the verb agreeing with a plural group ("citizens of X were ...")."""
    pas = str(w["pas"]).format(o=ot)
    if any(m in ot for m in _PLURAL):
        pas = pas.replace(f"{ot} was ", f"{ot} were ", 1)
    return pas


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


@dataclass
class KG:
    quads: list[tuple[str, str, str, str]]
    ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)  # (r, o) -> sorted (day, s)
    sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)  # (s, r) -> sorted (day, o)
    sro: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)  # (s, r, o) -> sorted days

    def __post_init__(self) -> None:
        ro: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        sr: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        sro: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        for s, r, o, d in self.quads:
            ro[(r, o)].add((d, s))
            sr[(s, r)].add((d, o))
            sro[(s, r, o)].add(d)
        self.ro = {k: sorted(v) for k, v in ro.items()}
        self.sr = {k: sorted(v) for k, v in sr.items()}
        self.sro = {k: sorted(v) for k, v in sro.items()}

    def subj(self, r: str, o: str, lo: str, hi: str) -> list[tuple[str, str]]:
        """(day, subject) of r-to-o events with lo <= day <= hi (ISO strings)."""
        xs = self.ro.get((r, o), [])
        return xs[bisect_left(xs, (lo, "")) : bisect_right(xs, (hi, "\uffff"))]

    def obj(self, s: str, r: str, lo: str, hi: str) -> list[tuple[str, str]]:
        xs = self.sr.get((s, r), [])
        return xs[bisect_left(xs, (lo, "")) : bisect_right(xs, (hi, "\uffff"))]

    def days(self, s: str, r: str, o: str, lo: str, hi: str) -> list[str]:
        return [d for d in self.sro.get((s, r, o), []) if lo <= d <= hi]


@dataclass
class Q:
    text: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    qlabel: str
    construction: str
    check_desc: str
    check_q: str
    check_p: dict[str, Any]


# --------------------------------------------------------------------------------------------- second-check Cypher
C_SUBJ_RANGE = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
    "WITH s, toString(e.valid_from) AS ds WHERE ds >= $lo AND ds <= $hi AND NOT s.name IN $excl "
    "RETURN DISTINCT s.name AS a"
)
C_OBJ_RANGE = (
    "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.relation = $r "
    "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi RETURN DISTINCT o.name AS a"
)
C_TIME_RANGE = (
    "MATCH (e:Event)-[:OBJECT]->(o:Entity) WHERE o.name = $o AND e.relation = $r "
    "AND EXISTS { (e)-[:SUBJECT]->(:Entity {name: $s}) } "
    "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "RETURN DISTINCT substring(toString(e.valid_from), 0, $len) AS a"
)
C_SUBJ_EXTREME = (
    "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "WITH CASE $last WHEN true THEN max(e.valid_from) ELSE min(e.valid_from) END AS m "
    "MATCH (s:Entity)<-[:SUBJECT]-(x:Event {relation: $r, valid_from: m})-[:OBJECT]->(:Entity {name: $o}) "
    "RETURN DISTINCT s.name AS a"
)
C_OBJ_EXTREME = (
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r}) "
    "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "WITH CASE $last WHEN true THEN max(e.valid_from) ELSE min(e.valid_from) END AS m "
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(x:Event {relation: $r, valid_from: m})-[:OBJECT]->(o:Entity) "
    "RETURN DISTINCT o.name AS a"
)
C_TIME_EXTREME = (
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
    "WITH collect(toString(e.valid_from)) AS ds WITH CASE $last WHEN true THEN reduce(m = '', d IN ds | "
    "CASE WHEN d > m THEN d ELSE m END) ELSE reduce(m = '9999', d IN ds | CASE WHEN d < m THEN d ELSE m END) END AS m "
    "WHERE size(ds) > 0 RETURN substring(m, 0, $len) AS a"
)
# The anchor's day is resolved in Cypher (the anchor must be unique), then the asked events relative to it.
_ANCHOR = (
    "MATCH (:Entity {name: $as})<-[:SUBJECT]-(an:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
    "WITH collect(an.valid_from) AS ad WHERE size(ad) = 1 WITH ad[0] AS d0 "
)
C_AFTER_FIRST = (
    _ANCHOR + "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE e.valid_from > d0 "
    "WITH min(e.valid_from) AS m MATCH (s:Entity)<-[:SUBJECT]-(x:Event {relation: $r})-[:OBJECT]->"
    "(:Entity {name: $o}) WHERE x.valid_from = m RETURN DISTINCT s.name AS a"
)
C_BEFORE_LAST = (
    _ANCHOR + "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from < d0 AND e.valid_from >= date($lo) "
    "WITH max(e.valid_from) AS m MATCH (s:Entity)<-[:SUBJECT]-(x:Event {relation: $r})-[:OBJECT]->"
    "(:Entity {name: $o}) WHERE x.valid_from = m RETURN DISTINCT s.name AS a"
)
C_REL_EVENT = (
    _ANCHOR + "WITH CASE $mode WHEN 'after' THEN d0 + duration({days: 1}) WHEN 'before' THEN date($lo) "
    "WHEN 'month' THEN date.truncate('month', d0) ELSE d0 + duration({days: $shift}) END AS lo, "
    "CASE $mode WHEN 'after' THEN date($hi) WHEN 'before' THEN d0 - duration({days: 1}) "
    "WHEN 'month' THEN date.truncate('month', d0) + duration({months: 1}) - duration({days: 1}) "
    "ELSE d0 + duration({days: $shift}) END AS hi "
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE lo <= e.valid_from <= hi AND NOT s.name IN $excl RETURN DISTINCT s.name AS a"
)
C_REL_EVENT_TIME = (
    _ANCHOR + "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE CASE $mode WHEN 'after' THEN e.valid_from > d0 AND e.valid_from <= date($hi) "
    "ELSE e.valid_from < d0 AND e.valid_from >= date($lo) END "
    "RETURN DISTINCT substring(toString(e.valid_from), 0, $len) AS a"
)


class Builder:
    def __init__(self, kg: KG, store: str, lo: str, hi: str, years: list[int], rng: random.Random) -> None:
        self.kg, self.store, self.lo, self.hi, self.years, self.rng = kg, store, lo, hi, years, rng
        self.facts = sorted({q for q in kg.quads if lo <= q[3] <= hi and q[1] in REL})
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.facts:
            self.by_rel[f[1]].append(f)
        self.rels = [r for r in RELS if len(self.by_rel[r]) >= 30]
        self.rel_turn = 0

    def fact(self, rel: str | None = None) -> tuple[str, str, str, str]:
        if rel is None:  # walk the relations in turn so that all are used
            rel = self.rels[self.rel_turn % len(self.rels)]
            self.rel_turn += 1
        return self.rng.choice(self.by_rel[rel])

    def unique_anchor(self, f: tuple[str, str, str, str]) -> bool:
        return len(self.kg.sro[(f[0], f[1], f[2])]) == 1

    def year_of(self, d: str) -> tuple[str, str, str]:
        y = d[:4]
        return y, f"{y}-01-01", f"{y}-12-31"


def _names(xs: list[tuple[str, str]]) -> list[str]:
    return sorted({s for _, s in xs})


# ------------------------------------------------------------------------------------------------- question kinds
# Each maker returns a Q or None (the sampled fact does not fit); it never reads the reader.
Maker = Callable[[Builder], Q | None]


def m_eq_day(b: Builder) -> Q | None:
    _s, r, o, d = b.fact()
    ot = ent(o, b.rng)
    if ot is None:
        return None
    gold = _names(b.kg.subj(r, o, d, d))
    w = REL[r]
    k = b.rng.randrange(6)
    dd = date.fromisoformat(d)
    if k == 0:
        text, cons = f"On {dtxt(d, b.rng)}, who {w['p'].format(o=ot)}?", "equal_day_time_fronted"
    elif k == 1:
        text, cons = f"Who {w['p'].format(o=ot)} on {dtxt(d, b.rng)}?", "equal_day_time_end"
    elif k == 2 and w["pas"]:
        text, cons = f"{cap(passive(w, ot))} whom on {dtxt(d, b.rng)}?", "equal_day_passive"
    elif k == 3:
        wd = calendar.day_name[dd.weekday()]
        text, cons = f"Tell me who {w['p'].format(o=ot)} on {wd}, {dtxt(d, b.rng, 0)}.", "equal_day_named_weekday"
    elif k == 4:
        prev = (dd - timedelta(days=1)).isoformat()
        text = f"Name whoever {w['p'].format(o=ot)} on the day after {dtxt(prev, b.rng)}."
        cons = "equal_day_relative_day"
    else:
        text, cons = f"Which actor or actors {w['p'].format(o=ot)} on {dtxt(d, b.rng)}?", "equal_day_which_actors"
    return Q(
        text, gold, "entity", "day", "equal", "Single", cons,
        "subjects of r->o from the object side, day compared as a string", C_SUBJ_RANGE,
        {"o": o, "r": r, "lo": d, "hi": d, "excl": []},
    )  # fmt: skip


def m_eq_day_obj(b: Builder) -> Q | None:
    s, r, _o, d = b.fact()
    st = ent(s, b.rng)
    if st is None:
        return None
    gold = sorted({x for _, x in b.kg.obj(s, r, d, d)})
    w = REL[r]
    k = b.rng.randrange(3)
    if k == 0:
        text, cons = f"Whom did {st} {w['b'].format(o='')} on {dtxt(d, b.rng)}?", "equal_day_object_whom"
    elif k == 1:
        text = f"On {dtxt(d, b.rng)}, {st} {w['p'].format(o='someone')}: who was it?"
        cons = "equal_day_object_cleft"
    else:
        text = f"Name the party that {st} {w['p'].format(o='')} on {dtxt(d, b.rng)}."
        cons = "equal_day_object_name_the"
    text = " ".join(text.split()).replace(" ?", "?").replace(" .", ".").replace(" on on ", " on ")
    return Q(
        text, gold, "entity", "day", "equal", "Single", cons,
        "objects of s-r from the subject side, day compared as a string", C_OBJ_RANGE,
        {"s": s, "r": r, "lo": d, "hi": d},
    )  # fmt: skip


def _window(b: Builder, d: str) -> tuple[str, str, str, str]:
    """A window around day d, stated so its edges are exact: (lo, hi, phrase, construction)."""
    dd = date.fromisoformat(d)
    y = dd.year
    k = b.rng.randrange(7)
    if k == 0:
        qn = (dd.month - 1) // 3
        lo, hi = date(y, 3 * qn + 1, 1), date(y, 3 * qn + 3, calendar.monthrange(y, 3 * qn + 3)[1])
        names = ["first", "second", "third", "fourth"]
        ph = f"in the {names[qn]} quarter of {y} ({MONTHS[3 * qn + 1]} through {MONTHS[3 * qn + 3]})"
        return lo.isoformat(), hi.isoformat(), ph, "window_quarter"
    if k == 1:
        h = 0 if dd.month <= 6 else 1
        lo, hi = (date(y, 1, 1), date(y, 6, 30)) if h == 0 else (date(y, 7, 1), date(y, 12, 31))
        months = "January to June" if h == 0 else "July to December"
        ph = f"in the {'first' if h == 0 else 'second'} half of {y} ({months})"
        return lo.isoformat(), hi.isoformat(), ph, "window_half"
    if k == 2 and 6 <= dd.month <= 8:
        return f"{y}-06-01", f"{y}-08-31", f"during the summer of {y} (June, July and August)", "window_season"
    if k == 2 and 3 <= dd.month <= 5:
        return f"{y}-03-01", f"{y}-05-31", f"in spring {y}, meaning March to May", "window_season"
    if k == 2 and 9 <= dd.month <= 11:
        return f"{y}-09-01", f"{y}-11-30", f"in the autumn of {y} (September-November)", "window_season"
    if k == 3:
        n = b.rng.choice([7, 10, 14])
        start = dd - timedelta(days=b.rng.randrange(n))
        end = start + timedelta(days=n - 1)
        a_txt, z_txt = dtxt(start.isoformat(), b.rng, 0), dtxt(end.isoformat(), b.rng, 0)
        ph = f"in the {n} days from {a_txt} to {z_txt}, both days included"
        return start.isoformat(), end.isoformat(), ph, "window_n_days"
    if k == 4:
        mon = dd - timedelta(days=dd.weekday())
        sun = mon + timedelta(days=6)
        a_txt, z_txt = dtxt(mon.isoformat(), b.rng, 0), dtxt(sun.isoformat(), b.rng, 0)
        ph = f"in the week running from Monday {a_txt} to Sunday {z_txt}"
        return mon.isoformat(), sun.isoformat(), ph, "window_week"
    if k == 5:
        a = dd - timedelta(days=b.rng.randrange(1, 5))
        z = dd + timedelta(days=b.rng.randrange(1, 5))
        if a.month != z.month or a.year != z.year:
            return d, d, f"on {dtxt(d, b.rng)}", "window_single_day"
        ph = f"between {a.day} and {z.day} {MONTHS[a.month]} {y} (inclusive)"
        return a.isoformat(), z.isoformat(), ph, "window_between_inclusive"
    m = d[:7]
    last = calendar.monthrange(y, dd.month)[1]
    return f"{m}-01", f"{m}-{last:02d}", f"in {mtxt(m)}", "window_month"


def m_eq_window(b: Builder) -> Q | None:
    _s, r, o, d = b.fact()
    ot = ent(o, b.rng)
    if ot is None:
        return None
    lo, hi, ph, cons = _window(b, d)
    if lo < b.lo or hi > b.hi:
        return None
    gold = _names(b.kg.subj(r, o, lo, hi))
    w = REL[r]
    k = b.rng.randrange(3)
    if k == 0:
        text = f"{cap(ph)}, who {w['p'].format(o=ot)}?"
    elif k == 1:
        text = f"Who {w['p'].format(o=ot)} {ph}?"
    else:
        text = f"List everyone who {w['p'].format(o=ot)} {ph}."
    level = "month" if cons == "window_month" else "day"
    return Q(
        text, gold, "entity", level, "equal", "Single", cons,
        "subjects of r->o from the object side, window edges compared as date strings", C_SUBJ_RANGE,
        {"o": o, "r": r, "lo": lo, "hi": hi, "excl": []},
    )  # fmt: skip


def m_eq_year(b: Builder) -> Q | None:
    _s, r, o, d = b.fact()
    ot = ent(o, b.rng)
    if ot is None or b.store == "bench":
        return None
    y, lo, hi = b.year_of(d)
    gold = _names(b.kg.subj(r, o, lo, hi))
    w = REL[r]
    if b.rng.randrange(2):
        text, cons = f"Over the course of {y}, who {w['p'].format(o=ot)}?", "equal_year_fronted"
    else:
        text, cons = f"Which actors {w['p'].format(o=ot)} at some point in {y}?", "equal_year_end"
    return Q(
        text, gold, "entity", "year", "equal", "Single", cons,
        "subjects of r->o from the object side, year edges as date strings", C_SUBJ_RANGE,
        {"o": o, "r": r, "lo": lo, "hi": hi, "excl": []},
    )  # fmt: skip


def m_when(b: Builder) -> Q | None:
    s, r, o, d = b.fact()
    st, ot = ent(s, b.rng), ent(o, b.rng)
    if st is None or ot is None:
        return None
    y, lo, hi = b.year_of(d)
    w = REL[r]
    lvl = b.rng.choice(["day", "day", "month", "year"]) if b.store == "mtq" else b.rng.choice(["day", "month"])
    if lvl == "year":
        lo, hi = b.lo, b.hi
        gold = sorted({x[:4] for x in b.kg.days(s, r, o, lo, hi)})
        text = f"Was it in 2014 or in 2015 (or both) that {st} {w['p'].format(o=ot)}? Give the year."
        cons = "when_year_choice"
        n = 4
    elif lvl == "month":
        gold = sorted({x[:7] for x in b.kg.days(s, r, o, lo, hi)})
        k = b.rng.randrange(2)
        if k == 0:
            text, cons = f"Which month of {y} saw {st} {w['b'].format(o=ot)}?", "when_month_time_subject"
        else:
            text, cons = f"In {y}, in what month did {st} {w['b'].format(o=ot)}?", "when_month_fronted"
        n = 7
    else:
        gold = b.kg.days(s, r, o, lo, hi)
        k = b.rng.randrange(3)
        if w["n"] and b.rng.randrange(2):
            noun = str(w["n"]).format(s=st, o=ot)
            text, cons = f"In {y}, on which day did {noun} take place?", "when_day_noun_form"
        elif k == 0:
            text, cons = f"On what date in {y} did {st} {w['b'].format(o=ot)}?", "when_day_plain"
        elif k == 1:
            text, cons = f"{cap(st)} {w['p'].format(o=ot)} in {y} - on which day?", "when_day_trailing_question"
        else:
            text, cons = f"Give the exact day in {y} when {st} {w['p'].format(o=ot)}.", "when_day_imperative"
        n = 10
    return Q(
        text, gold, "time", lvl, "equal", "Single", cons,
        "days of s-r->o by EXISTS subject, date() bounds, truncated in Cypher", C_TIME_RANGE,
        {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "len": n},
    )  # fmt: skip


def _scope(b: Builder, d: str) -> tuple[str, str, str]:
    """The period a first/last question names: a year (mtq and bench) or a month."""
    y, lo, hi = b.year_of(d)
    if b.rng.randrange(4) == 0:
        m = d[:7]
        last = calendar.monthrange(int(y), int(m[5:]))[1]
        return f"{m}-01", f"{m}-{last:02d}", f"in {mtxt(m)}"
    return lo, hi, b.rng.choice([f"in {y}", f"during {y}"])


def m_first_last_ent(b: Builder) -> Q | None:
    s, r, o, d = b.fact()
    last = b.rng.randrange(2) == 1
    side = b.rng.randrange(3)
    lo, hi, sc = _scope(b, d)
    w = REL[r]
    word = "last" if last else "first"
    if side < 2:
        ot = ent(o, b.rng)
        if ot is None:
            return None
        xs = b.kg.subj(r, o, lo, hi)
        m = xs[-1][0] if last else xs[0][0]
        gold = sorted({x for dd, x in xs if dd == m})
        if side == 0:
            text, cons = f"Who was the {word} to {w['b'].format(o=ot)} {sc}?", "first_last_who_was_the"
        else:
            text = f"{cap(sc)}, which actor {w['p'].format(o=ot)} {'most recently' if last else 'earliest'}?"
            cons = "first_last_superlative_adverb"
        return Q(
            text, gold, "entity", "day", "first_last", "Single", cons,
            "min/max day aggregated in Cypher, then subjects on that day", C_SUBJ_EXTREME,
            {"o": o, "r": r, "lo": lo, "hi": hi, "last": last},
        )  # fmt: skip
    st = ent(s, b.rng)
    if st is None:
        return None
    xs = b.kg.obj(s, r, lo, hi)
    m = xs[-1][0] if last else xs[0][0]
    gold = sorted({x for dd, x in xs if dd == m})
    text = f"{cap(sc)}, whom did {st} {w['b'].format(o='')} {'last' if last else 'first'}?"
    text = " ".join(text.split()).replace(" ,", ",")
    return Q(
        text, gold, "entity", "day", "first_last", "Single", "first_last_object_whom",
        "min/max day aggregated in Cypher from the subject side, then objects", C_OBJ_EXTREME,
        {"s": s, "r": r, "lo": lo, "hi": hi, "last": last},
    )  # fmt: skip


def m_first_last_time(b: Builder) -> Q | None:
    s, r, o, d = b.fact()
    st, ot = ent(s, b.rng), ent(o, b.rng)
    if st is None or ot is None:
        return None
    last = b.rng.randrange(2) == 1
    y, lo, hi = b.year_of(d)
    if b.store == "mtq" and b.rng.randrange(4) == 0:
        lo, hi, y = b.lo, b.hi, "2014-2015"
        sc = "between January 2014 and December 2015"
    else:
        sc = f"in {y}"
    days = b.kg.days(s, r, o, lo, hi)
    if len(days) < 2:
        return None  # a single occurrence makes first/last trivial; keep the superlative meaningful
    m = days[-1] if last else days[0]
    lvl = b.rng.choice(["day", "month"])
    w = REL[r]
    if lvl == "month":
        gold = [m[:7]]
        if last:
            text = f"{cap(sc)}, which month was the last time {st} {w['p'].format(o=ot)}?"
            cons = "last_month_time_subject"
        else:
            text = f"In which month {sc} did {st} {w['b'].format(o=ot)} for the first time?"
            cons = "first_month_for_the_first_time"
    else:
        gold = [m]
        if last:
            text = f"When, {sc}, did {st} most recently {w['b'].format(o=ot)}? Give the date."
            cons = "last_day_most_recently"
        else:
            text = f"On what day {sc} did {st} first {w['b'].format(o=ot)}?"
            cons = "first_day_first"
    return Q(
        text, gold, "time", lvl, "first_last", "Single", cons,
        "min/max of date strings reduced in Cypher", C_TIME_EXTREME,
        {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "last": last, "len": 10 if lvl == "day" else 7},
    )  # fmt: skip


def m_before_after_date(b: Builder) -> Q | None:
    _s, r, o, d = b.fact()
    ot = ent(o, b.rng)
    if ot is None:
        return None
    dd = date.fromisoformat(d)
    w = REL[r]
    after = b.rng.randrange(2) == 0
    y = dd.year
    if after:
        cut = dd - timedelta(days=b.rng.randrange(1, 20))
        if cut.isoformat() < b.lo:
            return None
        lo, hi = (cut + timedelta(days=1)).isoformat(), f"{y}-12-31"
        k = b.rng.randrange(2)
        if k == 0:
            text = f"After {dtxt(cut.isoformat(), b.rng)} and before the end of {y}, who {w['p'].format(o=ot)}?"
        else:
            text = f"Who {w['p'].format(o=ot)} later in {y} than {dtxt(cut.isoformat(), b.rng)}?"
        cons = "after_date_same_year"
    else:
        cut = dd + timedelta(days=b.rng.randrange(1, 20))
        if cut.year != y:
            return None
        lo, hi = f"{y}-01-01", (cut - timedelta(days=1)).isoformat()
        k = b.rng.randrange(2)
        if k == 0:
            text = f"In {y}, before {dtxt(cut.isoformat(), b.rng)}, who {w['p'].format(o=ot)}?"
        else:
            text = f"Name those who {w['p'].format(o=ot)} in {y} prior to {dtxt(cut.isoformat(), b.rng)}."
        cons = "before_date_same_year"
    gold = _names(b.kg.subj(r, o, lo, hi))
    return Q(
        text, gold, "entity", "day", "before_after", "Single", cons,
        "subjects of r->o from the object side, open edges as date strings", C_SUBJ_RANGE,
        {"o": o, "r": r, "lo": lo, "hi": hi, "excl": []},
    )  # fmt: skip


def _anchor(b: Builder, near: tuple[str, str, str, str], span: int) -> tuple[str, str, str, str, str] | None:
    """A unique (in the whole store) event within span days of the fact, said in words: (s, r, o, d, clause)."""
    o = near[2]
    dd = date.fromisoformat(near[3])
    lo = max((dd - timedelta(days=span)).isoformat(), b.lo)
    hi = min((dd + timedelta(days=span)).isoformat(), b.hi)
    cands = []
    for ent_name in (o, near[0]):
        for r in RELS:
            for d2, x in b.kg.subj(r, ent_name, lo, hi):
                cands.append((x, r, ent_name, d2))
    b.rng.shuffle(cands)
    for a in list(dict.fromkeys(cands))[:200]:
        if a[:3] == near[:3] or not b.unique_anchor(a):
            continue
        at, ao = ent(a[0], b.rng), ent(a[2], b.rng)
        if at is None or ao is None:
            continue
        return a[0], a[1], a[2], a[3], f"{at} {REL[a[1]]['p'].format(o=ao)}"
    return None


def m_before_after_event(b: Builder) -> Q | None:
    f = b.fact()
    _s, r, o, _d = f
    ot = ent(o, b.rng)
    anc = _anchor(b, f, 40)
    if ot is None or anc is None:
        return None
    a_s, a_r, a_o, a_d, clause = anc
    w = REL[r]
    y = a_d[:4]
    if b.rng.randrange(2) == 0:
        lo, hi, mode = (date.fromisoformat(a_d) + timedelta(days=1)).isoformat(), b.hi, "after"
        if b.store == "mtq":
            hi = f"{y}-12-31"
            text = f"Once {clause}, who {w['p'].format(o=ot)} in the rest of {y}?"
        else:
            text = f"After {clause}, which actors went on to {w['b'].format(o=ot)}?"
        cons = "after_event"
    else:
        lo, hi, mode = f"{y}-01-01", (date.fromisoformat(a_d) - timedelta(days=1)).isoformat(), "before"
        text = f"In {y}, who {w['p'].format(o=ot)} before {clause}?"
        cons = "before_event_scoped_year"
    gold = _names(b.kg.subj(r, o, lo, hi))
    return Q(
        text, gold, "entity", "day", "before_after", "Single", cons,
        "anchor day resolved in Cypher (unique), window built with durations", C_REL_EVENT,
        {"as": a_s, "ar": a_r, "ao": a_o, "r": r, "o": o, "mode": mode, "lo": lo, "hi": hi, "shift": 0, "excl": []},
    )  # fmt: skip


def m_after_first_before_last(b: Builder) -> Q | None:
    f = b.fact()
    s, r, o, d = f
    if not b.unique_anchor(f):
        return None
    st, ot = ent(s, b.rng), ent(o, b.rng)
    if st is None or ot is None:
        return None
    w = REL[r]
    xs = b.kg.ro[(r, o)]
    y = d[:4]
    if b.rng.randrange(2) == 0:
        later = [x for x in xs if x[0] > d]
        if not later:
            return None
        m = later[0][0]
        gold = sorted({x for dd, x in later if dd == m})
        k = b.rng.randrange(3)
        if k == 0:
            text, cons = f"After {st} {w['p'].format(o=ot)}, who was the next to do so?", "after_first_next"
        elif k == 1:
            text, cons = f"Who was first to {w['b'].format(o=ot)} after {st} had?", "after_first_who_first_after"
        else:
            text = f"Following {st}, who was the first to {w['b'].format(o=ot)}?"
            cons = "after_first_following"
        return Q(
            text, gold, "entity", "day", "after_first", "Multiple", cons,
            "anchor resolved in Cypher, min later day aggregated, then subjects", C_AFTER_FIRST,
            {"as": s, "ar": r, "ao": o, "r": r, "o": o},
        )  # fmt: skip
    lo = f"{y}-01-01" if b.store == "mtq" else b.lo
    earlier = [x for x in xs if lo <= x[0] < d]
    if not earlier:
        return None
    m = earlier[-1][0]
    gold = sorted({x for dd, x in earlier if dd == m})
    k = b.rng.randrange(2)
    sc = f" in {y}" if b.store == "mtq" else ""
    if k == 0:
        text = f"{cap(st)} {w['p'].format(o=ot)}{sc}. Who had been the last to do that before them?"
        cons = "before_last_two_sentences"
    else:
        text = f"Before {st} {w['p'].format(o=ot)}, who was the last{sc} to {w['b'].format(o=ot)}?"
        cons = "before_last_who_was_last"
    if b.store == "mtq" and k == 1:
        text = f"Earlier in {y}, before {st} {w['p'].format(o=ot)}, who was the last to do the same?"
        cons = "before_last_earlier_in_year"
    return Q(
        text, gold, "entity", "day", "before_last", "Multiple", cons,
        "anchor resolved in Cypher, max earlier day aggregated, then subjects", C_BEFORE_LAST,
        {"as": s, "ar": r, "ao": o, "r": r, "o": o, "lo": lo},
    )  # fmt: skip


def m_equal_multi(b: Builder) -> Q | None:
    f = b.fact()
    s, r, o, d = f
    ot = ent(o, b.rng)
    if ot is None:
        return None
    w = REL[r]
    k = b.rng.randrange(5)
    if k == 0:  # who else, same day, same relation and object
        if not b.unique_anchor(f):
            return None
        st = ent(s, b.rng)
        if st is None:
            return None
        gold = sorted({x for _, x in b.kg.subj(r, o, d, d)} - {s})
        text = f"{cap(st)} {w['p'].format(o=ot)} on a single occasion; who else did so that same day?"
        return Q(
            text, gold, "entity", "day", "equal_multi", "Multiple", "equal_multi_who_else_ellipsis",
            "anchor resolved in Cypher, same day, anchor's subject excluded", C_REL_EVENT,
            {"as": s, "ar": r, "ao": o, "r": r, "o": o, "mode": "shift", "lo": "", "hi": "", "shift": 0, "excl": [s]},
        )  # fmt: skip
    anc = _anchor(b, f, 3 if k in (1, 3) else 20)
    if anc is None:
        return None
    a_s, a_r, a_o, a_d, clause = anc
    if k in (1, 3):
        shift = (date.fromisoformat(d) - date.fromisoformat(a_d)).days if k == 3 else 0
        if k == 3 and shift not in (1, -1):
            shift = 0
        t = (date.fromisoformat(a_d) + timedelta(days=shift)).isoformat()
        if not (b.lo <= t <= b.hi):
            return None
        gold = _names(b.kg.subj(r, o, t, t))
        if shift == 0:
            text = f"Who {w['p'].format(o=ot)} on the same day that {clause}?"
            cons = "equal_multi_same_day"
        else:
            rel = "the day after" if shift == 1 else "the day before"
            text = f"Which actors {w['p'].format(o=ot)} {rel} {clause}?"
            cons = "equal_multi_day_after_before"
        mode = "shift"
    else:
        shift = 0
        gold = _names(b.kg.subj(r, o, a_d[:7] + "-01", a_d[:7] + "-31"))
        if k == 2:
            text = f"In the same month as {clause}, who {w['p'].format(o=ot)}?"
            cons = "equal_multi_same_month_fronted"
        else:
            text = f"Name the actors that {w['p'].format(o=ot)} during the month in which {clause}."
            cons = "equal_multi_month_relative_clause"
        mode = "month"
    return Q(
        text, gold, "entity", "month" if mode == "month" else "day", "equal_multi", "Multiple", cons,
        "anchor resolved in Cypher (unique), day/month built with durations", C_REL_EVENT,
        {"as": a_s, "ar": a_r, "ao": a_o, "r": r, "o": o, "mode": mode, "lo": "", "hi": "", "shift": shift, "excl": []},
    )  # fmt: skip


def m_equal_multi_time(b: Builder) -> Q | None:
    f = b.fact()
    s, r, o, d = f
    st, ot = ent(s, b.rng), ent(o, b.rng)
    anc = _anchor(b, f, 60)
    if st is None or ot is None or anc is None:
        return None
    a_s, a_r, a_o, a_d, clause = anc
    y = a_d[:4]
    w = REL[r]
    if a_d < d:
        mode, lo, hi = "after", a_d, f"{y}-12-31"
        days = [x for x in b.kg.days(s, r, o, b.lo, hi) if x > a_d]
        text = f"After {clause}, on which dates in the rest of {y} did {st} {w['b'].format(o=ot)}?"
        cons = "before_after_event_time_day"
    else:
        mode, lo, hi = "before", f"{y}-01-01", a_d
        days = [x for x in b.kg.days(s, r, o, lo, b.hi) if x < a_d]
        text = f"In {y}, before {clause}, on what days did {st} {w['b'].format(o=ot)}?"
        cons = "before_after_event_time_day_scoped"
    return Q(
        text, days, "time", "day", "before_after", "Single", cons,
        "anchor resolved in Cypher, events of s-r->o compared to its day", C_REL_EVENT_TIME,
        {"as": a_s, "ar": a_r, "ao": a_o, "s": s, "r": r, "o": o, "mode": mode, "lo": lo, "hi": hi, "len": 10},
    )  # fmt: skip


PLAN_MTQ: list[tuple[Maker, int]] = [
    (m_eq_day, 14),
    (m_eq_day_obj, 6),
    (m_eq_window, 14),
    (m_eq_year, 4),
    (m_when, 12),
    (m_first_last_ent, 10),
    (m_first_last_time, 9),
    (m_before_after_date, 6),
    (m_before_after_event, 6),
    (m_after_first_before_last, 10),
    (m_equal_multi, 10),
    (m_equal_multi_time, 3),
]
PLAN_BENCH: list[tuple[Maker, int]] = [
    (m_eq_day, 10),
    (m_eq_day_obj, 4),
    (m_eq_window, 10),
    (m_when, 8),
    (m_first_last_ent, 7),
    (m_first_last_time, 6),
    (m_before_after_date, 4),
    (m_before_after_event, 4),
    (m_after_first_before_last, 8),
    (m_equal_multi, 7),
    (m_equal_multi_time, 2),
]


def build(kg: KG, store: str, check: Callable[[str, dict[str, Any]], list[str]]) -> list[dict[str, Any]]:
    rng = random.Random(f"{SEED}-{store}")
    lo, hi = ("2014-01-01", "2015-12-31") if store == "mtq" else ("2014-01-01", "2014-12-31")
    b = Builder(kg, store, lo, hi, [2014, 2015] if store == "mtq" else [2014], rng)
    prefix = "b30m" if store == "mtq" else "b30i"
    out: list[dict[str, Any]] = []
    texts: set[str] = set()
    rels_used: set[str] = set()
    plan = PLAN_MTQ if store == "mtq" else PLAN_BENCH
    dropped = 0
    for maker, n in plan:
        got, tries = 0, 0
        while got < n and tries < 4000:
            tries += 1
            q = maker(b)
            if q is None or not q.answers or len(q.answers) > MAX_GOLD or q.text in texts:
                continue
            second = sorted(set(check(q.check_q, q.check_p)))
            agrees = second == sorted(q.answers)
            if not agrees:
                dropped += 1
                print(f"disagreement dropped: {q.construction}: {q.answers} vs {second}", file=sys.stderr)
                continue
            texts.add(q.text)
            rels_used.add(q.check_p["r"])
            got += 1
            qid = f"{prefix}{len(out):03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": q.text,
                    "answers": sorted(q.answers),
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": q.qlabel,
                    "evidence": [],
                    "construction": q.construction,
                    "store": store,
                    "check": q.check_desc,
                    "check_agrees": agrees,
                }
            )
    print(f"{store}: {len(out)} questions, second-check disagreements dropped: {dropped}", file=sys.stderr)
    print(f"{store}: asked relations: {len(rels_used)}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    with GraphDatabase.driver(uri, auth=auth) as driver:

        def read(q: str, p: dict[str, Any]) -> list[dict[str, Any]]:
            recs, _, _ = driver.execute_query(q, p, database_=settings.neo4j_database, routing_="r")
            return [r.data() for r in recs]

        rows = read(
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d",
            {},
        )
        kg = KG(sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows}))
        qs = build(kg, args.store, lambda q, p: [x["a"] for x in read(q, p)])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
