"""Blind held-out question set 58: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, asked only about 2014-2015)
and ``bench`` (ICEWS14) stores, with gold computed over the whole store and recomputed by a second Cypher query.

Why: the symbolic temporal reader was tuned on MultiTQ's own phrasings; this set measures it on phrasings and sentence
constructions it never saw. Gold comes from one read of every (subject, relation, object, day) of the store, computed
in Python; each question is then recomputed by a differently written Cypher query (from the other entity's side,
date strings or date arithmetic in Cypher, aggregation in Cypher), and a disagreement drops the question.

Usage (read only; the stores are never written)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_58.py --store mtq --out <work>/notes/heldout/v58/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_58.py --store bench --out <work>/notes/heldout/v58/blind_icews14.jsonl

Deterministic: seed 20261258, candidates sorted before sampling, so a rerun writes byte-identical files.
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import datetime as dt
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.store import Store, connect

SEED = 20261258

# Per store: the period questions may ask about, the quid prefix, and how many questions of each construction.
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
PREFIX = {"mtq": "b58m", "bench": "b58i"}

# ------------------------------------------------------------------------------------------------ relation wording
# past: active past-tense verb phrase with {o}; inf: bare infinitive with {o}; pp: passive participle phrase for
# "{o} was ..." (None where English has no good passive); noun: a noun phrase for the event with {s} and {o}.
REL: dict[str, dict[str, Any]] = {
    "Make_statement": {
        "past": ["made a statement about {o}", "issued remarks on {o}", "commented publicly on {o}"],
        "inf": ["make a statement about {o}", "comment publicly on {o}"],
        "pp": None,
        "noun": ["{s}'s statement about {o}", "the remarks {s} made on {o}"],
    },
    "Consult": {
        "past": ["consulted {o}", "held consultations with {o}", "conferred with {o}"],
        "inf": ["consult {o}", "confer with {o}"],
        "pp": "consulted",
        "noun": ["{s}'s consultation with {o}", "the consultations between {s} and {o}"],
    },
    "Make_an_appeal_or_request": {
        "past": ["made an appeal to {o}", "appealed to {o}", "put a request to {o}"],
        "inf": ["appeal to {o}", "make a request of {o}"],
        "pp": "appealed to",
        "noun": ["{s}'s appeal to {o}", "the request {s} made to {o}"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": ["said they wanted to meet or negotiate with {o}", "signalled willingness to sit down with {o}"],
        "inf": ["express an intention to meet or negotiate with {o}", "signal readiness to meet {o}"],
        "pp": None,
        "noun": ["{s}'s stated wish to meet {o}", "the offer by {s} to negotiate with {o}"],
    },
    "Make_a_visit": {
        "past": ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        "inf": ["visit {o}", "pay a visit to {o}"],
        "pp": "visited",
        "noun": ["the visit of {s} to {o}", "{s}'s trip to {o}"],
    },
    "Host_a_visit": {
        "past": ["hosted {o}", "received {o} as a visitor", "welcomed {o} on a visit"],
        "inf": ["host {o}", "receive a visit from {o}"],
        "pp": "hosted",
        "noun": ["{s}'s hosting of {o}", "the visit {o} paid to {s}"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": ["arrested {o}", "detained {o}", "took legal action against {o}"],
        "inf": ["arrest {o}", "detain or charge {o}"],
        "pp": "arrested or charged",
        "noun": ["the arrest of {o} by {s}", "{s}'s detention of {o}"],
    },
    "Praise_or_endorse": {
        "past": ["praised {o}", "spoke approvingly of {o}", "endorsed {o}"],
        "inf": ["praise {o}", "endorse {o}"],
        "pp": "praised",
        "noun": ["{s}'s praise for {o}", "the endorsement of {o} by {s}"],
    },
    "Criticize_or_denounce": {
        "past": ["criticized {o}", "denounced {o}", "spoke out against {o}"],
        "inf": ["criticize {o}", "denounce {o}"],
        "pp": "criticized",
        "noun": ["{s}'s criticism of {o}", "the denunciation of {o} by {s}"],
    },
    "Accuse": {
        "past": ["accused {o}", "levelled accusations at {o}"],
        "inf": ["accuse {o}", "level an accusation at {o}"],
        "pp": "accused",
        "noun": ["{s}'s accusation against {o}", "the accusations {s} made against {o}"],
    },
    "Use_conventional_military_force": {
        "past": ["used military force against {o}", "attacked {o} militarily"],
        "inf": ["use military force against {o}", "attack {o} militarily"],
        "pp": "attacked militarily",
        "noun": ["the military action of {s} against {o}"],
    },
    "Engage_in_negotiation": {
        "past": ["negotiated with {o}", "held talks with {o}"],
        "inf": ["negotiate with {o}", "hold negotiations with {o}"],
        "pp": None,
        "noun": ["the negotiations between {s} and {o}", "talks held by {s} with {o}"],
    },
    "Express_intent_to_cooperate": {
        "past": ["said they would cooperate with {o}", "expressed a wish to cooperate with {o}"],
        "inf": ["express an intent to cooperate with {o}", "pledge cooperation with {o}"],
        "pp": None,
        "noun": ["{s}'s pledge to cooperate with {o}"],
    },
    "Demand": {
        "past": ["made demands of {o}", "demanded something of {o}"],
        "inf": ["make a demand of {o}", "place demands on {o}"],
        "pp": None,
        "noun": ["the demand {s} put to {o}", "{s}'s demands on {o}"],
    },
    "Engage_in_diplomatic_cooperation": {
        "past": ["cooperated diplomatically with {o}", "worked with {o} on the diplomatic front"],
        "inf": ["engage in diplomatic cooperation with {o}", "cooperate diplomatically with {o}"],
        "pp": None,
        "noun": ["the diplomatic cooperation of {s} with {o}"],
    },
    "Sign_formal_agreement": {
        "past": ["signed a formal agreement with {o}", "concluded a formal agreement with {o}"],
        "inf": ["sign a formal agreement with {o}", "sign a deal with {o}"],
        "pp": None,
        "noun": ["the agreement signed by {s} and {o}", "{s}'s signing of an accord with {o}"],
    },
    "Investigate": {
        "past": ["investigated {o}", "opened an investigation into {o}"],
        "inf": ["investigate {o}", "launch an inquiry into {o}"],
        "pp": "investigated",
        "noun": ["{s}'s investigation of {o}"],
    },
    "Discuss_by_telephone": {
        "past": ["spoke by phone with {o}", "had a telephone conversation with {o}", "phoned {o}"],
        "inf": ["talk on the phone with {o}", "phone {o}"],
        "pp": None,
        "noun": ["the phone call between {s} and {o}", "{s}'s telephone conversation with {o}"],
    },
    "Reject": {
        "past": ["rejected {o}", "turned down {o}"],
        "inf": ["reject {o}", "rebuff {o}"],
        "pp": "rejected",
        "noun": ["the rejection of {o} by {s}"],
    },
    "Make_optimistic_comment": {
        "past": ["made an optimistic comment about {o}", "spoke hopefully about {o}"],
        "inf": ["comment optimistically on {o}", "sound upbeat about {o}"],
        "pp": None,
        "noun": ["{s}'s optimistic remark on {o}"],
    },
    "Threaten": {
        "past": ["threatened {o}", "issued a threat against {o}"],
        "inf": ["threaten {o}", "make threats against {o}"],
        "pp": "threatened",
        "noun": ["the threat {s} made against {o}"],
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "past": ["voiced willingness for diplomatic cooperation with {o}", "offered {o} diplomatic support"],
        "inf": ["express an intention of diplomatic cooperation with {o}", "promise diplomatic support to {o}"],
        "pp": None,
        "noun": ["{s}'s offer of diplomatic cooperation to {o}"],
    },
    "Meet_at_a_'third'_location": {
        "past": ["met {o} at a third location", "met {o} on neutral ground"],
        "inf": ["meet {o} at a third-party venue", "meet {o} somewhere neutral"],
        "pp": None,
        "noun": ["the meeting of {s} and {o} at a third location"],
    },
    "Make_pessimistic_comment": {
        "past": ["made a pessimistic comment about {o}", "sounded gloomy about {o}"],
        "inf": ["comment pessimistically on {o}", "sound pessimistic about {o}"],
        "pp": None,
        "noun": ["{s}'s pessimistic remark about {o}"],
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "past": ["appealed to {o} for diplomatic cooperation", "asked {o} for policy support"],
        "inf": ["ask {o} for diplomatic cooperation", "seek policy support from {o}"],
        "pp": None,
        "noun": ["{s}'s call on {o} for diplomatic support"],
    },
    "Provide_humanitarian_aid": {
        "past": ["provided humanitarian aid to {o}", "sent humanitarian relief to {o}"],
        "inf": ["provide humanitarian aid to {o}", "send relief to {o}"],
        "pp": None,
        "noun": ["the humanitarian aid {s} gave {o}"],
    },
    "Make_empathetic_comment": {
        "past": ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        "inf": ["express sympathy for {o}", "offer condolences to {o}"],
        "pp": None,
        "noun": ["{s}'s expression of sympathy for {o}"],
    },
    "Return,_release_person(s)": {
        "past": ["released people to {o}", "returned detained persons to {o}"],
        "inf": ["release persons to {o}", "return detainees to {o}"],
        "pp": None,
        "noun": ["the release of persons by {s} to {o}"],
    },
    "Reduce_relations": {
        "past": ["cut back relations with {o}", "downgraded ties with {o}"],
        "inf": ["reduce relations with {o}", "scale back ties with {o}"],
        "pp": None,
        "noun": ["{s}'s downgrading of ties with {o}"],
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "past": ["imposed sanctions on {o}", "put an embargo or boycott on {o}"],
        "inf": ["impose sanctions on {o}", "sanction {o}"],
        "pp": "sanctioned",
        "noun": ["the sanctions {s} imposed on {o}"],
    },
    "Cooperate_economically": {
        "past": ["cooperated economically with {o}", "worked with {o} on economic matters"],
        "inf": ["cooperate economically with {o}"],
        "pp": None,
        "noun": ["the economic cooperation between {s} and {o}"],
    },
    "Deny_responsibility": {
        "past": ["denied responsibility towards {o}", "disclaimed responsibility regarding {o}"],
        "inf": ["deny responsibility towards {o}"],
        "pp": None,
        "noun": ["{s}'s denial of responsibility regarding {o}"],
    },
    "Provide_aid": {
        "past": ["provided aid to {o}", "gave assistance to {o}"],
        "inf": ["provide aid to {o}", "give assistance to {o}"],
        "pp": "given aid",
        "noun": ["the aid {s} provided to {o}"],
    },
    "Express_intent_to_cooperate_economically": {
        "past": ["said they intended to cooperate economically with {o}"],
        "inf": ["express an intent to cooperate economically with {o}"],
        "pp": None,
        "noun": ["{s}'s stated plan for economic cooperation with {o}"],
    },
    "Engage_in_symbolic_act": {
        "past": ["made a symbolic gesture toward {o}", "engaged in a symbolic act concerning {o}"],
        "inf": ["make a symbolic gesture toward {o}"],
        "pp": None,
        "noun": ["the symbolic gesture of {s} toward {o}"],
    },
}

# How a person names a sector of a country: "Police (Kenya)" -> "the police in Kenya".
SECTORS = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Protester": ["protesters in {c}"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
    "Media": ["the media in {c}", "{c}'s press"],
    "Court Judge": ["a judge in {c}", "a court judge of {c}"],
    "Legislature": ["the legislature of {c}", "{c}'s parliament"],
    "Business": ["businesses in {c}", "the business sector of {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Activist": ["activists in {c}"],
    "Criminal": ["criminals in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Government Official": ["government officials of {c}", "an official of the government of {c}"],
    "Opposition Supporter": ["opposition supporters in {c}"],
    "Lawmaker": ["lawmakers of {c}"],
    "Militant": ["militants in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Envoy": ["an envoy of {c}", "{c}'s envoy"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s security ministry"],
}
THE_WORDS = (
    "United ",
    "European ",
    "Union ",
    "Council",
    "Party",
    "Organization",
    "Commission",
    "Agency",
    "Fund",
    "Bank",
    "Assembly",
    "Congress",
    "Association",
    "Republic",
    "Movement",
    "Front",
    "Nations",
    "Court",
    "Ministry",
    "Office",
    "Department",
    "Committee",
    "Army",
    "League",
    "Forces",
    "Group",
)
THE_NAMES = {
    "Philippines",
    "Netherlands",
    "Gambia",
    "Vatican",
    "Taliban",
    "Kremlin",
    "Hamas",
    "Hezbollah",
    "Middle East",
    "International Government Organizations",
}
# ICEWS sector countries that are no place ("Citizen (International)"): not speakable as "citizens of ...".
NOT_PLACES = {"International", "Africa", "Asia", "Europe", "Middle East"}
PLURAL_START = (
    "citizens",
    "ordinary",
    "protesters",
    "women",
    "children",
    "activists",
    "criminals",
    "armed rebels",
    "lawmakers",
    "militants",
    "businesses",
    "government officials",
    "opposition",
    "the media",
)


def _plain(name: str) -> bool:
    return "(" not in name and len(name) <= 40 and name.isascii() and "/" not in name and "," not in name


def phraseable(name: str) -> bool:
    if _plain(name):
        return True
    if name.endswith(")") and " (" in name:
        sec, country = name[:-1].split(" (", 1)
        return sec in SECTORS and _plain(country) and country not in NOT_PLACES
    return False


def say(name: str, rng: random.Random) -> str:
    """The entity as a person would write it."""
    if _plain(name):
        if name in {"Hamas", "Hezbollah", "Taliban"}:
            return name if name != "Taliban" else "the Taliban"
        if name in THE_NAMES or (any(w in name for w in THE_WORDS) and not name.startswith("The ")):
            return "the " + name
        return name
    sec, country = name[:-1].split(" (", 1)
    return rng.choice(SECTORS[sec]).format(c=say(country, rng))


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


# ------------------------------------------------------------------------------------------------ dates in words
MONTHS = list(calendar.month_name)


def d_(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def say_day(day: str, rng: random.Random) -> str:
    d = d_(day)
    k = rng.randrange(4)
    if k == 0:
        return f"{d.day} {MONTHS[d.month]} {d.year}"
    if k == 1:
        return f"{MONTHS[d.month]} {d.day}, {d.year}"
    if k == 2:
        suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
        return f"the {d.day}{suffix} of {MONTHS[d.month]} {d.year}"
    return day


def say_month(month: str, rng: random.Random) -> str:
    y, m = month.split("-")
    return rng.choice([f"{MONTHS[int(m)]} {y}", f"{MONTHS[int(m)]} of {y}"])


def month_end(month: str) -> str:
    y, m = (int(x) for x in month.split("-"))
    return f"{month}-{calendar.monthrange(y, m)[1]:02d}"


def add_days(day: str, n: int) -> str:
    return (d_(day) + dt.timedelta(days=n)).isoformat()


# ------------------------------------------------------------------------------------------------ the store in memory
@dataclass
class KG:
    quads: list[tuple[str, str, str, str]]
    key: dict[str, str]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for table in (self.by_ro, self.by_sr):
            for v in table.values():
                v.sort()
        for days in self.by_sro.values():
            days.sort()

    def unique_day(self, s: str, r: str, o: str) -> str | None:
        """The day of the triple when it happened exactly once in the whole store (an anchor event)."""
        days = self.by_sro.get((s, r, o), [])
        return days[0] if len(set(days)) == 1 and len(days) >= 1 else None


def load_kg(store: Store) -> KG:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, s.key AS sk, e.relation AS r, o.name AS o, o.key AS ok, toString(e.valid_from) AS d"
    )
    key: dict[str, str] = {}
    quads = set()
    for row in rows:
        key[row["s"]] = row["sk"]
        key[row["o"]] = row["ok"]
        quads.add((row["s"], row["r"], row["o"], row["d"]))
    return KG(sorted(quads), key)


# ------------------------------------------------------------------------------------------------ gold in Python
def in_range(pairs: list[tuple[str, str]], lo: str, hi: str) -> list[tuple[str, str]]:
    i = bisect.bisect_left(pairs, (lo, ""))
    j = bisect.bisect_right(pairs, (hi, "\uffff"))
    return pairs[i:j]


def ents_in(pairs: list[tuple[str, str]], lo: str, hi: str, exclude: tuple[str, ...] = ()) -> set[str]:
    return {x for _, x in in_range(pairs, lo, hi) if x not in exclude}


def extreme(pairs: list[tuple[str, str]], lo: str, hi: str, which: str, exclude: tuple[str, ...] = ()) -> set[str]:
    sel = [(d, x) for d, x in in_range(pairs, lo, hi) if x not in exclude]
    if not sel:
        return set()
    day = sel[0][0] if which == "min" else sel[-1][0]
    return {x for d, x in sel if d == day}


GRAN_LEN = {"day": 10, "month": 7, "year": 4}


# ------------------------------------------------------------------------------------------------ the second check
def _ent_side(side: str) -> tuple[str, str]:
    """(pattern, answer variable) reaching answers from the fixed entity's node: side 'who' asks for subjects."""
    if side == "who":
        return "(x:Entity {key: $k})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(a:Entity)", "a.name"
    return "(x:Entity {key: $k})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(a:Entity)", "a.name"


def _anchor_cypher() -> str:
    # The anchor's day, found in Cypher; it must be the triple's only day (else nothing comes back).
    return (
        "MATCH (as:Entity {key: $ask})<-[:SUBJECT]-(ae:Event {relation: $ar})-[:OBJECT]->(ao:Entity {key: $aok}) "
        "WITH collect(DISTINCT ae.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS t "
    )


def second_check(store: Store, kg: KG, spec: dict[str, Any]) -> list[str]:
    """Recompute one gold from its spec with Cypher written differently from the Python gold."""
    kind = spec["kind"]
    p: dict[str, Any] = {"r": spec.get("r")}
    if "ent" in spec:
        p["k"] = kg.key[spec["ent"]]
    if "anchor" in spec:
        a_s, a_r, a_o = spec["anchor"]
        p.update(ask=kg.key[a_s], ar=a_r, aok=kg.key[a_o])
    p["ex"] = list(spec.get("exclude", []))
    if kind == "set":  # entities in [lo, hi], dates compared as strings
        pat, ans = _ent_side(spec["side"])
        q = (
            f"MATCH {pat} WHERE toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"AND NOT {ans} IN $ex RETURN collect(DISTINCT {ans}) AS out"
        )
        p.update(lo=spec["lo"], hi=spec["hi"])
    elif kind == "times":  # the days/months/years of one triple in [lo, hi], aggregated in Cypher
        p.update(
            sk=kg.key[spec["s"]], ok=kg.key[spec["o"]], lo=d_(spec["lo"]), hi=d_(spec["hi"]), n=GRAN_LEN[spec["gran"]]
        )
        q = (
            "MATCH (o:Entity {key: $ok})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {key: $sk}) "
            "WHERE e.relation = $r AND $lo <= e.valid_from <= $hi "
            "RETURN collect(DISTINCT left(toString(e.valid_from), $n)) AS out"
        )
        if spec.get("agg"):
            q = (
                "MATCH (o:Entity {key: $ok})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {key: $sk}) "
                "WHERE e.relation = $r AND $lo <= e.valid_from <= $hi "
                f"WITH {spec['agg']}(e.valid_from) AS t RETURN [left(toString(t), $n)] AS out"
            )
    elif kind == "extreme":  # first/last entities in [lo, hi]: min/max in Cypher, then the events of that day
        pat, ans = _ent_side(spec["side"])
        p.update(lo=d_(spec["lo"]), hi=d_(spec["hi"]))
        q = (
            f"MATCH {pat} WHERE date($lo) <= e.valid_from <= date($hi) AND NOT {ans} IN $ex "
            f"WITH {spec['agg']}(e.valid_from) AS t "
            f"MATCH {pat} WHERE e.valid_from = t AND NOT {ans} IN $ex RETURN collect(DISTINCT {ans}) AS out"
        )
    elif kind == "anchored":  # window relative to the anchor's day, built with date arithmetic in Cypher
        pat, ans = _ent_side(spec["side"])
        win = spec["window"]
        bounds = {
            "same_day": "e.valid_from = t",
            "next_day": "e.valid_from = t + duration({days: 1})",
            "same_month": "date.truncate('month', e.valid_from) = date.truncate('month', t)",
            "after": "e.valid_from > t",
            "before_in_year": "date.truncate('year', t) <= e.valid_from < t",
            "before_since_2014": "date('2014-01-01') <= e.valid_from < t",
        }[win]
        agg = spec.get("agg")
        if agg:
            q = (
                _anchor_cypher() + f"MATCH {pat} WHERE {bounds} AND NOT {ans} IN $ex "
                f"WITH t, {agg}(e.valid_from) AS u "
                f"MATCH {pat} WHERE e.valid_from = u AND NOT {ans} IN $ex RETURN collect(DISTINCT {ans}) AS out"
            )
        else:
            q = (
                _anchor_cypher()
                + f"MATCH {pat} WHERE {bounds} AND NOT {ans} IN $ex RETURN collect(DISTINCT {ans}) AS out"
            )
    else:
        raise ValueError(kind)
    rows = store.run(q, p)
    return sorted(rows[0]["out"]) if rows else []


# ------------------------------------------------------------------------------------------------ question builders
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str | None
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


class Builder:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        self.store = store_name
        self.rng = rng
        self.lo, self.hi = PERIODS[store_name]
        self.mtq = store_name == "mtq"
        # Candidate events: in the asked period, a worded relation, both entities speakable.
        self.events = [
            q
            for q in kg.quads
            if self.lo <= q[3] <= self.hi and q[1] in REL and q[0] != q[2] and phraseable(q[0]) and phraseable(q[2])
        ]
        self.anchors = [q for q in self.events if kg.unique_day(q[0], q[1], q[2]) is not None]
        self.anchors_by_day: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for a in self.anchors:
            self.anchors_by_day[a[3]].append(a)

    # -- wording helpers
    def ent(self, name: str) -> str:
        return say(name, self.rng)

    def be(self, o: str, first: bool = False) -> str:
        """The entity with "was"/"were" as its number asks: "was Kenya" / "Kenya was", "were citizens of India"."""
        name = self.ent(o)
        verb = "were" if name.lower().startswith(PLURAL_START) else "was"
        return f"{name} {verb}" if first else f"{verb} {name}"

    def past(self, r: str, o: str) -> str:
        return self.rng.choice(REL[r]["past"]).format(o=self.ent(o))

    def inf(self, r: str, o: str) -> str:
        return self.rng.choice(REL[r]["inf"]).format(o=self.ent(o))

    def noun(self, s: str, r: str, o: str) -> str:
        """The event as a noun phrase; no possessive on a phrase like "citizens of Sudan" ("...of Sudan's plan")."""
        subj = self.ent(s)
        forms = REL[r]["noun"]
        if " " in subj and not _plain(s):
            forms = [f for f in forms if "{s}'s" not in f]
        if not forms:
            return f"the occasion when {subj} {self.past(r, o)}"
        return self.rng.choice(forms).format(s=subj, o=self.ent(o))

    def pick(self, pool: list[tuple[str, str, str, str]]) -> tuple[str, str, str, str]:
        return pool[self.rng.randrange(len(pool))]

    def year_scope(self, day: str) -> tuple[str, str, str]:
        """(lo, hi, words) of the year of ``day``: mtq's first/before questions are scoped by their own wording."""
        y = day[:4]
        return f"{y}-01-01", f"{y}-12-31", y

    # -- equal, entity answers
    def who_day(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        gold = ents_in(self.kg.by_ro[(r, o)], d, d)
        when = say_day(d, self.rng)
        vp = self.past(r, o)
        text = self.rng.choice([f"Who {vp} on {when}?", f"On {when}, who {vp}?", f"Tell me who {vp} on {when}."])
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "equal",
            "who_day",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": d, "hi": d},
        )

    def bare(self, r: str, kind: str) -> str | None:
        """A verb phrase whose object is asked for ("appeal to"), from the forms that end in {o}; None if none do."""
        forms = [f[: -len("{o}")].strip() for f in REL[r][kind] if f.endswith("{o}")]
        return self.rng.choice(forms) if forms else None

    def whom_month(self) -> Q | None:
        s, r, _o, d = self.pick(self.events)
        m = d[:7]
        vi, vp = self.bare(r, "inf"), self.bare(r, "past")
        if vi is None or vp is None:
            return None
        gold = ents_in(self.kg.by_sr[(s, r)], f"{m}-01", month_end(m))
        text = self.rng.choice(
            [
                f"In {say_month(m, self.rng)}, which parties did {self.ent(s)} {vi}?",
                f"Name the ones {self.ent(s)} {vp} during {say_month(m, self.rng)}.",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "month",
            "equal",
            "whom_month_name_the",
            {"kind": "set", "side": "whom", "r": r, "ent": s, "lo": f"{m}-01", "hi": month_end(m)},
        )

    def passive_window(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        if not REL[r]["pp"]:
            return None
        n = self.rng.choice([3, 5, 7, 10])
        start = add_days(d, -self.rng.randrange(n))
        end = add_days(start, n - 1)
        if start < self.lo or end > self.hi:
            return None
        gold = ents_in(self.kg.by_ro[(r, o)], start, end)
        sd, ed = d_(start), d_(end)
        text = self.rng.choice(
            [
                f"By whom {self.be(o)} {REL[r]['pp']} in the {n} days from {say_day(start, self.rng)} through "
                f"{say_day(end, self.rng)} (both days included)?",
                f"{cap(self.be(o, first=True))} {REL[r]['pp']} between {sd.day} {MONTHS[sd.month]} {sd.year} and "
                f"{ed.day} {MONTHS[ed.month]} {ed.year} inclusive - by whom?",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "equal",
            "passive_ndays_window",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": start, "hi": end},
        )

    def quarter_half_season(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        y, mo = int(d[:4]), int(d[5:7])
        k = self.rng.randrange(3)
        if k == 0:
            qn = (mo - 1) // 3
            m1, m2 = 3 * qn + 1, 3 * qn + 3
            words = f"the {['first', 'second', 'third', 'fourth'][qn]} quarter of {y} ({MONTHS[m1]} to {MONTHS[m2]})"
            con = "quarter"
        elif k == 1:
            h = (mo - 1) // 6
            m1, m2 = 6 * h + 1, 6 * h + 6
            words = f"the {['first', 'second'][h]} half of {y}"
            con = "half_year"
        else:
            seasons = {(3, 5): "spring", (6, 8): "summer", (9, 11): "autumn"}
            hit = [(a, b) for (a, b) in seasons if a <= mo <= b]
            if not hit:
                return None
            m1, m2 = hit[0]
            words = f"{seasons[hit[0]]} {y} (that is, {MONTHS[m1]}, {MONTHS[m1 + 1]} and {MONTHS[m2]})"
            con = "season_months_stated"
        lo, hi = f"{y}-{m1:02d}-01", month_end(f"{y}-{m2:02d}")
        gold = ents_in(self.kg.by_ro[(r, o)], lo, hi)
        vp = self.past(r, o)
        text = self.rng.choice([f"Which actors {vp} in {words}?", f"During {words}, who {vp}?"])
        return Q(
            text,
            sorted(gold),
            "entity",
            "month",
            "equal",
            con,
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": lo, "hi": hi},
        )

    def year_whom(self) -> Q | None:
        s, r, _o, d = self.pick(self.events)
        y = d[:4]
        vi, vp = self.bare(r, "inf"), self.bare(r, "past")
        if vi is None or vp is None:
            return None
        gold = ents_in(self.kg.by_sr[(s, r)], f"{y}-01-01", f"{y}-12-31")
        text = self.rng.choice(
            [
                f"Over the course of {y}, whom did {self.ent(s)} {vi}?",
                f"List everyone that {self.ent(s)} {vp} in {y}.",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "year",
            "equal",
            "year_whom_list",
            {"kind": "set", "side": "whom", "r": r, "ent": s, "lo": f"{y}-01-01", "hi": f"{y}-12-31"},
        )

    def named_or_relative_day(self) -> Q | None:
        named = {
            "12-25": "Christmas Day",
            "12-24": "Christmas Eve",
            "01-01": "New Year's Day",
            "02-14": "Valentine's Day",
            "10-31": "Halloween",
            "12-31": "New Year's Eve",
            "07-04": "the Fourth of July",
        }
        _s, r, o, d = self.pick(self.events)
        y = d[:4]
        vp = self.past(r, o)
        if d[5:] in named:
            words = f"{named[d[5:]]} {y} ({say_day(d, self.rng)})"
            con = "named_day"
        elif d[5:] == "12-26" or d[5:] == "01-02":
            base = {"12-26": ("12-25", "Christmas Day"), "01-02": ("01-01", "New Year's Day")}[d[5:]]
            words = f"the day after {base[1]} {y}"
            con = "relative_named_day"
        else:
            prev = add_days(d, -1)
            words = f"the day after {say_day(prev, self.rng)}"
            con = "relative_day_after_date"
            if prev < self.lo:
                return None
        gold = ents_in(self.kg.by_ro[(r, o)], d, d)
        text = self.rng.choice([f"Who {vp} on {words}?", f"On {words}, which actor {vp}?"])
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "equal",
            con,
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": d, "hi": d},
        )

    def ellipsis_who_else(self) -> Q | None:
        s, r, o, d = self.pick(self.events)
        m = d[:7]
        gold = ents_in(self.kg.by_ro[(r, o)], f"{m}-01", month_end(m), exclude=(s,))
        text = (
            f"{cap(self.ent(s))} {self.past(r, o)} on {say_day(d, self.rng)}. "
            f"{self.rng.choice(['Who else did so that month?', 'Which others did the same in that calendar month?'])}"
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "month",
            "equal",
            "ellipsis_who_else_month",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": f"{m}-01", "hi": month_end(m), "exclude": [s]},
        )

    # -- equal, time answers
    def when_day(self) -> Q | None:
        s, r, o, d = self.pick(self.events)
        if self.mtq:
            lo, hi, y = self.year_scope(d)
            scope = self.rng.choice([f" in {y}", f" during {y}"])
        else:
            lo, hi, scope = self.lo, self.hi, ""
        days = sorted(set(x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi))
        text = self.rng.choice(
            [
                f"On which day{scope} did {self.ent(s)} {self.inf(r, o)}?",
                f"Give me the date{scope} when {self.ent(s)} {self.past(r, o)}.",
            ]
        )
        return Q(
            text,
            days,
            "time",
            "day",
            "equal",
            "when_day",
            {"kind": "times", "r": r, "s": s, "o": o, "lo": lo, "hi": hi, "gran": "day"},
        )

    def which_month_saw(self) -> Q | None:
        s, r, o, d = self.pick(self.events)
        lo, hi, y = self.year_scope(d)
        months = sorted(set(x[:7] for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi))
        text = self.rng.choice(
            [f"Which month of {y} saw {self.noun(s, r, o)}?", f"What month in {y} was {self.noun(s, r, o)}?"]
        )
        return Q(
            text,
            months,
            "time",
            "month",
            "equal",
            "which_month_saw_subject",
            {"kind": "times", "r": r, "s": s, "o": o, "lo": lo, "hi": hi, "gran": "month"},
        )

    def which_year(self) -> Q | None:
        if not self.mtq:
            return None
        s, r, o, _d = self.pick(self.events)
        years = sorted(set(x[:4] for x in self.kg.by_sro[(s, r, o)] if self.lo <= x <= self.hi))
        text = self.rng.choice(
            [
                f"Was it in 2014 or in 2015 that {self.ent(s)} {self.past(r, o)}? (Give every year that applies.)",
                f"In which year of the two-year span 2014-2015 did {self.ent(s)} {self.inf(r, o)}?",
            ]
        )
        return Q(
            text,
            years,
            "time",
            "year",
            "equal",
            "which_year_of_span",
            {"kind": "times", "r": r, "s": s, "o": o, "lo": self.lo, "hi": self.hi, "gran": "year"},
        )

    # -- before / after
    def after_date(self) -> Q | None:
        _s, r, o, _d = self.pick(self.events)
        pairs = self.kg.by_ro[(r, o)]
        last = pairs[-1][0]
        # a cut-off a few events before the group's end, so the list stays short
        idx = max(0, len(pairs) - 1 - self.rng.randrange(1, 8))
        cut = pairs[idx][0]
        if cut < self.lo or cut >= last:
            return None
        gold = ents_in(pairs, add_days(cut, 1), "9999-12-31")
        vp = self.past(r, o)
        text = self.rng.choice(
            [f"Who {vp} after {say_day(cut, self.rng)}?", f"After {say_day(cut, self.rng)}, which actors {vp}?"]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "after_date",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": add_days(cut, 1), "hi": "9999-12-31"},
        )

    def before_date(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        lo, hi, y = self.year_scope(d) if self.mtq else (self.lo, self.hi, "2014")
        pairs = in_range(self.kg.by_ro[(r, o)], lo, hi)
        if len(pairs) < 2:
            return None
        idx = min(len(pairs) - 1, self.rng.randrange(1, 8))
        cut = pairs[idx][0]
        if cut == pairs[0][0]:
            return None
        gold = ents_in(pairs, lo, add_days(cut, -1))
        vp = self.past(r, o)
        scope = f"In {y}, before" if self.mtq else "Before"
        text = self.rng.choice(
            [
                f"{scope} {say_day(cut, self.rng)}, who {vp}?",
                f"Who {vp} before {say_day(cut, self.rng)}" + (f", counting only {y}?" if self.mtq else "?"),
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "before_date_scoped" if self.mtq else "before_date",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": lo, "hi": add_days(cut, -1)},
        )

    def after_event(self) -> Q | None:
        a = self.pick(self.anchors)
        a_s, a_r, a_o, t = a
        # the asked group: same object, another relation or the same one, whose later events are few
        r = self.rng.choice(sorted(REL))
        pairs = self.kg.by_ro.get((r, a_o), [])
        gold = ents_in(pairs, add_days(t, 1), "9999-12-31")
        if not gold:
            return None
        text = self.rng.choice(
            [
                f"After {self.noun(a_s, a_r, a_o)}, who {self.past(r, a_o)}?",
                f"Which actors {self.past(r, a_o)} once {self.ent(a_s)} had {self.past(a_r, a_o)}?",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "after_event_anchor",
            {"kind": "anchored", "window": "after", "side": "who", "r": r, "ent": a_o, "anchor": [a_s, a_r, a_o]},
        )

    def before_event(self) -> Q | None:
        a = self.pick(self.anchors)
        a_s, a_r, a_o, t = a
        r = self.rng.choice(sorted(REL))
        if self.mtq:
            lo, words, win = f"{t[:4]}-01-01", f"In {t[:4]}, before", "before_in_year"
        else:
            lo, words, win = self.lo, "Before", "before_since_2014"
        gold = ents_in(self.kg.by_ro.get((r, a_o), []), lo, add_days(t, -1))
        text = f"{words} {self.noun(a_s, a_r, a_o)}, who {self.past(r, a_o)}?"
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "before_event_anchor",
            {"kind": "anchored", "window": win, "side": "who", "r": r, "ent": a_o, "anchor": [a_s, a_r, a_o]},
        )

    # -- first / last
    def _scope(self, d: str) -> tuple[str, str, str]:
        if self.mtq:
            if self.rng.random() < 0.5:
                lo, hi, y = self.year_scope(d)
                return lo, hi, self.rng.choice([f" in {y}", f" during {y}"])
            return self.lo, self.hi, " between January 2014 and December 2015"
        return self.lo, self.hi, ""

    def first_who(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        lo, hi, scope = self._scope(d)
        which = self.rng.choice(["min", "max"])
        gold = extreme(self.kg.by_ro[(r, o)], lo, hi, which)
        word = "first" if which == "min" else "last"
        text = self.rng.choice(
            [f"Who was the {word} to {self.inf(r, o)}{scope}?", f"Name the {word} actor that {self.past(r, o)}{scope}."]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "first_last",
            f"{word}_who",
            {"kind": "extreme", "side": "who", "r": r, "ent": o, "lo": lo, "hi": hi, "agg": which},
        )

    def last_whom(self) -> Q | None:
        s, r, _o, d = self.pick(self.events)
        lo, hi, scope = self._scope(d)
        which = self.rng.choice(["min", "max"])
        gold = extreme(self.kg.by_sr[(s, r)], lo, hi, which)
        word = "first" if which == "min" else "most recently"
        vi = self.bare(r, "inf")
        if vi is None:
            return None
        text = f"Whom did {self.ent(s)} {word} {vi}{scope}?"
        if which == "max" and scope == "":
            text = f"Whom did {self.ent(s)} {vi} last?"
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "first_last",
            f"{'first' if which == 'min' else 'last'}_whom",
            {"kind": "extreme", "side": "whom", "r": r, "ent": s, "lo": lo, "hi": hi, "agg": which},
        )

    def first_time(self) -> Q | None:
        s, r, o, d = self.pick(self.events)
        lo, hi, scope = self._scope(d)
        which = self.rng.choice(["min", "max"])
        gran = self.rng.choice(["day", "month", "month"] + (["year"] if self.mtq and "between" in scope else []))
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        t = (min(days) if which == "min" else max(days))[: GRAN_LEN[gran]]
        word = "for the first time" if which == "min" else "for the last time"
        ask = {"day": "On what date", "month": "In which month", "year": "In which year"}[gran]
        text = self.rng.choice(
            [
                f"{ask} did {self.ent(s)} {self.inf(r, o)} {word}{scope}?",
                f"{ask}{scope} did {self.ent(s)} {'first' if which == 'min' else 'last'} {self.inf(r, o)}?",
            ]
        )
        return Q(
            text,
            [t],
            "time",
            gran,
            "first_last",
            f"{'first' if which == 'min' else 'last'}_when_{gran}",
            {"kind": "times", "r": r, "s": s, "o": o, "lo": lo, "hi": hi, "gran": gran, "agg": which},
        )

    # -- after_first / before_last
    def next_after(self) -> Q | None:
        a = self.pick(self.anchors)
        a_s, r, o, t = a
        gold = extreme(self.kg.by_ro[(r, o)], add_days(t, 1), "9999-12-31", "min", exclude=(a_s,))
        text = self.rng.choice(
            [
                f"After {self.ent(a_s)} {self.past(r, o)}, who was the next to do so?",
                f"Who was the first, after {self.noun(a_s, r, o)}, to {self.inf(r, o)}?",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "after_first",
            "next_after_anchor_ellipsis",
            {
                "kind": "anchored",
                "window": "after",
                "side": "who",
                "r": r,
                "ent": o,
                "anchor": [a_s, r, o],
                "agg": "min",
                "exclude": [a_s],
            },
        )

    def first_after_date(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        gold = extreme(self.kg.by_ro[(r, o)], add_days(d, 1), "9999-12-31", "min")
        text = self.rng.choice(
            [
                f"Right after {say_day(d, self.rng)}, who was the first to {self.inf(r, o)}?",
                f"Who first {self.past(r, o)} after {say_day(d, self.rng)}?",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "after_first",
            "first_after_date",
            {"kind": "set", "side": "who", "r": r, "ent": o, "lo": "", "hi": "", "agg_after": d},
        )

    def whom_next(self) -> Q | None:
        a = self.pick(self.anchors)
        s, r, o1, t = a
        gold = extreme(self.kg.by_sr[(s, r)], add_days(t, 1), "9999-12-31", "min")
        vi = self.bare(r, "inf")
        if vi is None:
            return None
        text = f"Once {self.ent(s)} had {self.past(r, o1)}, whom did {self.ent(s)} {vi} next?"
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "after_first",
            "whom_next_after_anchor",
            {
                "kind": "anchored",
                "window": "after",
                "side": "whom",
                "r": r,
                "ent": s,
                "anchor": [s, r, o1],
                "agg": "min",
            },
        )

    def last_before(self) -> Q | None:
        a = self.pick(self.anchors)
        a_s, r, o, t = a
        if self.mtq:
            lo, win, words = f"{t[:4]}-01-01", "before_in_year", f" earlier in {t[:4]}"
        else:
            lo, win, words = self.lo, "before_since_2014", ""
        gold = extreme(self.kg.by_ro[(r, o)], lo, add_days(t, -1), "max", exclude=(a_s,))
        pp = REL[r]["pp"]
        opts = [
            f"Who was the last to {self.inf(r, o)}{words} before {self.ent(a_s)} did?",
            f"Just before {self.noun(a_s, r, o)}, who had last {self.past(r, o)}{words}?",
        ]
        if pp:
            opts.append(f"Before {self.ent(a_s)} did so, by whom had {self.ent(o)} last been {pp}{words}?")
        text = self.rng.choice(opts)
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_last",
            "last_before_anchor",
            {
                "kind": "anchored",
                "window": win,
                "side": "who",
                "r": r,
                "ent": o,
                "anchor": [a_s, r, o],
                "agg": "max",
                "exclude": [a_s],
            },
        )

    def last_before_date(self) -> Q | None:
        _s, r, o, d = self.pick(self.events)
        lo = f"{d[:4]}-01-01" if self.mtq else self.lo
        gold = extreme(self.kg.by_ro[(r, o)], lo, add_days(d, -1), "max")
        scope = f" (looking only at {d[:4]})" if self.mtq else ""
        text = self.rng.choice(
            [
                f"Who last {self.past(r, o)} before {say_day(d, self.rng)}{scope}?",
                f"Before {say_day(d, self.rng)}{scope}, who had been the latest to {self.inf(r, o)}?",
            ]
        )
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_last",
            "last_before_date",
            {"kind": "extreme", "side": "who", "r": r, "ent": o, "lo": lo, "hi": add_days(d, -1), "agg": "max"},
        )

    # -- equal_multi
    def same_time_as(self) -> Q | None:
        a = self.pick(self.anchors)
        a_s, a_r, a_o, t = a
        # the asked event: another event on the anchor's day, month, or the next day, sharing nothing needed
        k = self.rng.randrange(3)
        if k == 0:
            win, lo, hi = "same_day", t, t
        elif k == 1:
            win, lo, hi = "next_day", add_days(t, 1), add_days(t, 1)
        else:
            win, lo, hi = "same_month", f"{t[:7]}-01", month_end(t[:7])
        pool = [q for q in self.events if lo <= q[3] <= hi and (q[0], q[1], q[2]) != (a_s, a_r, a_o)]
        if not pool:
            return None
        _s, r, o, _d = self.pick(pool)
        gold = ents_in(self.kg.by_ro[(r, o)], lo, hi)
        vp = self.past(r, o)
        anc = self.noun(a_s, a_r, a_o)
        if win == "same_day":
            text = self.rng.choice([f"Who {vp} on the same day as {anc}?", f"On the day of {anc}, who {vp}?"])
        elif win == "next_day":
            text = self.rng.choice([f"Who {vp} the day after {anc}?", f"The day following {anc}, which actor {vp}?"])
        else:
            text = self.rng.choice(
                [f"In the same month as {anc}, who {vp}?", f"Who {vp} during the month in which {anc} took place?"]
            )
        level = "month" if win == "same_month" else "day"
        return Q(
            text,
            sorted(gold),
            "entity",
            level,
            "equal_multi",
            f"anchor_{win}",
            {"kind": "anchored", "window": win, "side": "who", "r": r, "ent": o, "anchor": [a_s, a_r, a_o]},
        )


PLAN: dict[str, list[tuple[str, int]]] = {
    "mtq": [
        ("who_day", 7),
        ("whom_month", 6),
        ("passive_window", 5),
        ("quarter_half_season", 7),
        ("year_whom", 3),
        ("named_or_relative_day", 4),
        ("ellipsis_who_else", 4),
        ("when_day", 5),
        ("which_month_saw", 5),
        ("which_year", 4),
        ("after_date", 5),
        ("before_date", 5),
        ("after_event", 4),
        ("before_event", 4),
        ("first_who", 6),
        ("last_whom", 5),
        ("first_time", 7),
        ("next_after", 5),
        ("first_after_date", 3),
        ("whom_next", 3),
        ("last_before", 5),
        ("last_before_date", 3),
        ("same_time_as", 8),
    ],
    "bench": [
        ("who_day", 5),
        ("whom_month", 4),
        ("passive_window", 3),
        ("quarter_half_season", 5),
        ("year_whom", 2),
        ("named_or_relative_day", 3),
        ("ellipsis_who_else", 3),
        ("when_day", 4),
        ("which_month_saw", 3),
        ("after_date", 3),
        ("before_date", 3),
        ("after_event", 3),
        ("before_event", 3),
        ("first_who", 4),
        ("last_whom", 3),
        ("first_time", 5),
        ("next_after", 3),
        ("first_after_date", 2),
        ("whom_next", 2),
        ("last_before", 3),
        ("last_before_date", 2),
        ("same_time_as", 6),
    ],
}


def fix_check(spec: dict[str, Any]) -> dict[str, Any]:
    """first_after_date's check: the min day after the date, as an 'extreme' over (date+1 .. end)."""
    if "agg_after" in spec:
        d = spec.pop("agg_after")
        spec.update(kind="extreme", lo=add_days(d, 1), hi="9999-12-31", agg="min")
    return spec


def generate(store: Store, store_name: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    kg = load_kg(store)
    rng = random.Random(f"{SEED}-{store_name}")
    b = Builder(kg, store_name, rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats: Counter[str] = Counter()
    n = 0
    for name, want in PLAN[store_name]:
        build: Callable[[], Q | None] = getattr(b, name)
        got = tries = 0
        while got < want and tries < 400:
            tries += 1
            q = build()
            if q is None or not q.answers or len(q.answers) > 5 or q.question in seen:
                stats["dropped_no_gold_or_too_many_or_dup"] += 1
                continue
            spec = fix_check(dict(q.check))
            again = second_check(store, kg, spec)
            if again != sorted(q.answers):
                stats["dropped_second_check_disagrees"] += 1
                continue
            seen.add(q.question)
            n += 1
            quid = f"{PREFIX[store_name]}{n:03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": q.question,
                    "answers": sorted(q.answers),
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": QLABEL[q.qtype],
                    "evidence": [],
                    "construction": q.construction,
                    "store": store_name,
                    "check": spec,
                    "check_agrees": True,
                }
            )
            got += 1
        stats[f"built_{name}"] = got
    stats["relations"] = len({r for r in (row["check"].get("r") for row in out) if r})
    return out, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    store = connect(start_managed=False, ensure_schema=False)
    try:
        rows, stats = generate(store, args.store)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
    print(json.dumps({"questions": len(rows), **stats}, sort_keys=True), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
