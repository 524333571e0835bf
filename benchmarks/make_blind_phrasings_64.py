"""Blind held-out question set 64: MultiTQ-style questions in an analyst's quick, informal wording, gold from the store.

Why: the symbolic reader's score on questions someone else phrased is the honest figure for wordings nobody tuned on.
This generator was written without reading the question parser, the readers or earlier phrasing sets; its wording is
its own (contractions, "any idea who ...", "anyone know ...", the question first and the time tacked on at the end or
in a second short sentence, "Which month saw ...", "in the same month as ...", sector actors said in plain words).

How: every (subject, relation, object, day) of the store is read once; each question is a spec (target pattern,
what is asked, a window from the wording or from a unique anchor event, all/first/last) whose gold is computed in
Python over those facts. A second Cypher query, written differently (the anchor resolved and the window and the
first/last pick computed in the database), recomputes each gold; a question whose two golds differ is dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 PYTHONPATH=<checkout> \\
        python benchmarks/make_blind_phrasings_64.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 PYTHONPATH=<checkout> \\
        python benchmarks/make_blind_phrasings_64.py --store bench --out blind_icews14.jsonl

The connection settings for each store are set by ``--store`` when the environment does not name them. mtq holds
ICEWS05-15 (complete from 2013-11-18, a sample before): every mtq question is scoped to 2014-2015 by its wording.
bench holds ICEWS14 (all of 2014). Deterministic (``SEED``; every set is sorted before a choice): two runs on the same
store write byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261264

STORE_ENV = {
    "mtq": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
    "bench": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
}
PREFIX = {"mtq": "b64m", "bench": "b64b"}
# Questions wanted per qtype and store.
QUOTA = {
    "mtq": {"equal": 22, "first_last": 20, "before_after": 16, "after_first": 14, "before_last": 14, "equal_multi": 14},
    "bench": {
        "equal": 15,
        "first_last": 14,
        "before_after": 11,
        "after_first": 10,
        "before_last": 10,
        "equal_multi": 10,
    },
}
MULTIPLE = {"after_first", "before_last", "equal_multi"}  # MultiTQ's qlabel "Multiple"; the rest are "Single"
REL_CAP = {"mtq": 5, "bench": 4}  # questions per target relation
ENT_CAP = 3  # questions naming the same entity
MAX_GOLD = 5
COMPLETE_FROM = "2014-01-01"  # mtq: the asked period starts here (the store is complete from 2013-11-18)

# ------------------------------------------------------------------------------------------- relation wording
# Each relation: variants of (base, past, -ing) with {o} where its object goes; said so that it names this relation
# and not a neighbour (phone != consult != negotiate; "accuse" alone is Accuse, the specific accusations say what of).
REL_WORDS: dict[str, list[tuple[str, str, str]]] = {
    "Make_a_visit": [
        ("visit {o}", "visited {o}", "visiting {o}"),
        ("pay a visit to {o}", "paid a visit to {o}", "paying a visit to {o}"),
    ],
    "Host_a_visit": [
        ("host {o} on a visit", "hosted {o} on a visit", "hosting {o} on a visit"),
        ("play host to {o}", "played host to {o}", "playing host to {o}"),
    ],
    "Consult": [
        ("consult {o}", "consulted {o}", "consulting {o}"),
        ("consult with {o}", "consulted with {o}", "consulting with {o}"),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", "negotiating with {o}"),
        ("hold negotiations with {o}", "held negotiations with {o}", "holding negotiations with {o}"),
    ],
    "Express_intent_to_meet_or_negotiate": [
        (
            "signal willingness to meet or negotiate with {o}",
            "signaled willingness to meet or negotiate with {o}",
            "signaling willingness to meet or negotiate with {o}",
        ),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "appealed to {o}", "appealing to {o}"),
        ("make an appeal or request to {o}", "made an appeal or request to {o}", "making an appeal or request to {o}"),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "praising {o}"),
        ("endorse {o}", "endorsed {o}", "endorsing {o}"),
    ],
    "Criticize_or_denounce": [
        ("criticize {o}", "criticized {o}", "criticizing {o}"),
        ("denounce {o}", "denounced {o}", "denouncing {o}"),
    ],
    "Accuse": [
        ("accuse {o}", "accused {o}", "accusing {o}"),
        ("level accusations at {o}", "leveled accusations at {o}", "leveling accusations at {o}"),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest {o}", "arrested {o}", "arresting {o}"),
        ("detain {o}", "detained {o}", "detaining {o}"),
    ],
    "Use_conventional_military_force": [
        (
            "use conventional military force against {o}",
            "used conventional military force against {o}",
            "using conventional military force against {o}",
        ),
    ],
    "Use_unconventional_violence": [
        (
            "use unconventional violence against {o}",
            "used unconventional violence against {o}",
            "using unconventional violence against {o}",
        ),
    ],
    "Sign_formal_agreement": [
        (
            "sign a formal agreement with {o}",
            "signed a formal agreement with {o}",
            "signing a formal agreement with {o}",
        ),
        ("ink a formal agreement with {o}", "inked a formal agreement with {o}", "inking a formal agreement with {o}"),
    ],
    "Discuss_by_telephone": [
        ("phone {o}", "phoned {o}", "phoning {o}"),
        ("talk on the phone with {o}", "talked on the phone with {o}", "talking on the phone with {o}"),
    ],
    "Reject": [("reject {o}", "rejected {o}", "rejecting {o}"), ("rebuff {o}", "rebuffed {o}", "rebuffing {o}")],
    "Threaten": [("threaten {o}", "threatened {o}", "threatening {o}")],
    "Demand": [("make demands of {o}", "made demands of {o}", "making demands of {o}")],
    "Investigate": [("investigate {o}", "investigated {o}", "investigating {o}")],
    "Provide_humanitarian_aid": [
        ("send humanitarian aid to {o}", "sent humanitarian aid to {o}", "sending humanitarian aid to {o}"),
    ],
    "Provide_military_aid": [
        ("give military aid to {o}", "gave military aid to {o}", "giving military aid to {o}"),
    ],
    "Provide_economic_aid": [
        ("give economic aid to {o}", "gave economic aid to {o}", "giving economic aid to {o}"),
    ],
    "Return,_release_person(s)": [("release {o}", "released {o}", "releasing {o}")],
    "Abduct,_hijack,_or_take_hostage": [
        ("abduct {o}", "abducted {o}", "abducting {o}"),
        ("take {o} hostage", "took {o} hostage", "taking {o} hostage"),
    ],
    "Physically_assault": [("physically assault {o}", "physically assaulted {o}", "physically assaulting {o}")],
    "Make_optimistic_comment": [
        ("sound optimistic about {o}", "sounded optimistic about {o}", "sounding optimistic about {o}"),
    ],
    "Make_pessimistic_comment": [
        ("sound pessimistic about {o}", "sounded pessimistic about {o}", "sounding pessimistic about {o}"),
    ],
    "Make_empathetic_comment": [
        ("express sympathy for {o}", "expressed sympathy for {o}", "expressing sympathy for {o}"),
    ],
    "Express_intent_to_cooperate": [
        (
            "express intent to cooperate with {o}",
            "expressed intent to cooperate with {o}",
            "expressing intent to cooperate with {o}",
        ),
    ],
    "Engage_in_diplomatic_cooperation": [
        (
            "cooperate diplomatically with {o}",
            "cooperated diplomatically with {o}",
            "cooperating diplomatically with {o}",
        ),
    ],
    "Cooperate_economically": [
        ("cooperate economically with {o}", "cooperated economically with {o}", "cooperating economically with {o}"),
    ],
    "Cooperate_militarily": [
        ("cooperate militarily with {o}", "cooperated militarily with {o}", "cooperating militarily with {o}"),
    ],
    "Reduce_or_break_diplomatic_relations": [
        (
            "cut or break off diplomatic relations with {o}",
            "cut or broke off diplomatic relations with {o}",
            "cutting or breaking off diplomatic relations with {o}",
        ),
    ],
    "Demonstrate_or_rally": [
        (
            "stage a demonstration or rally against {o}",
            "staged a demonstration or rally against {o}",
            "staging a demonstration or rally against {o}",
        ),
    ],
    "Protest_violently,_riot": [("riot against {o}", "rioted against {o}", "rioting against {o}")],
    "Bring_lawsuit_against": [
        ("sue {o}", "sued {o}", "suing {o}"),
        ("file a lawsuit against {o}", "filed a lawsuit against {o}", "filing a lawsuit against {o}"),
    ],
    "Confiscate_property": [
        ("confiscate property from {o}", "confiscated property from {o}", "confiscating property from {o}"),
    ],
    "fight_with_small_arms_and_light_weapons": [
        ("fight {o} with small arms", "fought {o} with small arms", "fighting {o} with small arms"),
    ],
    "Employ_aerial_weapons": [
        ("carry out air strikes on {o}", "carried out air strikes on {o}", "carrying out air strikes on {o}"),
    ],
    "Meet_at_a_'third'_location": [
        ("meet {o} at a third location", "met {o} at a third location", "meeting {o} at a third location"),
    ],
    "Apologize": [("apologize to {o}", "apologized to {o}", "apologizing to {o}")],
    "Sexually_assault": [("sexually assault {o}", "sexually assaulted {o}", "sexually assaulting {o}")],
    "Torture": [("torture {o}", "tortured {o}", "torturing {o}")],
    "Assassinate": [("assassinate {o}", "assassinated {o}", "assassinating {o}")],
    "Express_accord": [("express agreement with {o}", "expressed agreement with {o}", "expressing agreement with {o}")],
    "Rally_support_on_behalf_of": [
        ("rally support on behalf of {o}", "rallied support on behalf of {o}", "rallying support on behalf of {o}"),
    ],
    "Declare_truce,_ceasefire": [
        ("declare a ceasefire with {o}", "declared a ceasefire with {o}", "declaring a ceasefire with {o}"),
    ],
    "Halt_negotiations": [
        ("break off negotiations with {o}", "broke off negotiations with {o}", "breaking off negotiations with {o}"),
    ],
    "Expel_or_deport_individuals": [("expel {o}", "expelled {o}", "expelling {o}")],
    "Accuse_of_crime,_corruption": [
        (
            "accuse {o} of crime or corruption",
            "accused {o} of crime or corruption",
            "accusing {o} of crime or corruption",
        ),
    ],
    "Accuse_of_human_rights_abuses": [
        (
            "accuse {o} of human rights abuses",
            "accused {o} of human rights abuses",
            "accusing {o} of human rights abuses",
        ),
    ],
    "Threaten_with_military_force": [
        (
            "threaten {o} with military force",
            "threatened {o} with military force",
            "threatening {o} with military force",
        ),
    ],
    "Grant_diplomatic_recognition": [
        (
            "grant diplomatic recognition to {o}",
            "granted diplomatic recognition to {o}",
            "granting diplomatic recognition to {o}",
        ),
    ],
    "Give_ultimatum": [("give an ultimatum to {o}", "gave an ultimatum to {o}", "giving an ultimatum to {o}")],
    "Make_statement": [("make a statement about {o}", "made a statement about {o}", "making a statement about {o}")],
}

# ------------------------------------------------------------------------------------------- entity wording
SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}"],
    "Police": ["the police in {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head of Government": ["the head of government of {c}"],
    "Foreign Affairs": ["{c}'s foreign ministry", "the foreign ministry of {c}"],
    "Military": ["the military of {c}", "{c}'s military"],
    "Protester": ["protesters in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["{c}'s cabinet"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Militant": ["militants in {c}"],
    "Media": ["the media in {c}"],
    "Defense / Security Ministry": ["{c}'s defense ministry"],
    "Legislature": ["{c}'s legislature"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Labor Union": ["labor unions in {c}"],
    "Health Ministry": ["{c}'s health ministry"],
    "Treasury/Finance Ministry": ["{c}'s finance ministry"],
    "Election Commission": ["{c}'s election commission"],
    "Main Opposition": ["{c}'s main opposition"],
    "Student": ["students in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Terrorist": ["terrorists in {c}"],
    "Member of Parliament": ["members of parliament in {c}"],
    "Employee": ["employees in {c}"],
    "Business": ["businesses in {c}"],
}
_THE_WORDS = re.compile(
    r"\b(Council|Union|Court|Party|Front|Forces|Force|Army|Agency|Movement|Organization|Organisation|Association|"
    r"Commission|Fund|Bank|Brotherhood|Office|Alliance|Assembly|Congress|Senate|Ministry|Committee|Service|Battalion|"
    r"Foundation|Federation|Coalition|League|Community|Nations|States|Kingdom|Emirates|Republic|Islands|Netherlands|"
    r"Philippines|Taliban|Hague|Middle East|Press|Program|Programme|Police|Parliament|Government|Guard|Secretariat|"
    r"Territory|Territories|Authority|Group|Institute|Corps|Board|State)\b"
)
# Sector parentheses that are not a country or territory ("Militant (Taliban)", "Protester (International)").
_NOT_PLACES = {
    "International",
    "Africa",
    "Europe",
    "Asia",
    "Middle East",
    "Latin America",
    "North America",
    "South America",
    "Oceania",
    "Caribbean",
    "Western Europe",
    "Eastern Europe",
    "Central Asia",
    "Southeast Asia",
    "West Africa",
    "East Africa",
    "Arab",
    "Muslim",
    "Christian",
}
_SKIP_NAME = re.compile(r"[0-9,/\[\]\"]")
_SECTOR_NAME = re.compile(r"^(?P<sector>.+) \((?P<country>[^()]+)\)$")


def _with_article(name: str) -> str:
    """A proper name as it sits in a sentence: 'the UN Security Council', 'the United States', 'Barack Obama'."""
    if name.startswith(("The ", "the ")):
        return name
    return f"the {name}" if _THE_WORDS.search(name) else name


def entity_phrase(name: str, rng: random.Random) -> str | None:
    """How the analyst names an entity, or None when it cannot be said plainly (odd names, unknown sector kinds)."""
    if _SKIP_NAME.search(name) or len(name) > 45 or "\xa0" in name:
        return None
    m = _SECTOR_NAME.match(name)
    if m is None:
        return None if "(" in name or ")" in name else _with_article(name)
    forms = SECTORS.get(m["sector"])
    country = m["country"]
    if forms is None or "(" in country or country in _NOT_PLACES or _THE_WORDS.search(country):
        return None
    needs_the = _with_article(country) != country
    usable = [f for f in forms if not (needs_the and f.startswith("{c}'s"))] or forms
    form = rng.choice(usable)
    return form.format(c=_with_article(country))


# ------------------------------------------------------------------------------------------- the facts
Fact = tuple[str, str, str, str]  # subject name, relation, object name, ISO day

READ_FACTS = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.recorded_to IS NULL
RETURN s.name AS s, s.key AS sk, e.relation AS r, o.name AS o, o.key AS ok, toString(e.valid_from) AS d
"""


@dataclass
class KG:
    """Every fact of the store, indexed by the patterns the questions ask about."""

    facts: list[Fact]
    keys: dict[str, str]
    by_r: dict[str, list[Fact]] = field(default_factory=lambda: defaultdict(list))
    sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    by_ent: dict[str, list[Fact]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for f in self.facts:
            s, r, o, d = f
            self.by_r[r].append(f)
            self.sr[(s, r)].append((d, o))
            self.ro[(r, o)].append((d, s))
            self.sro[(s, r, o)].append(d)
            self.by_ent[s].append(f)
            if o != s:
                self.by_ent[o].append(f)


def read_kg(store: Any) -> KG:
    rows = store.run(READ_FACTS)
    keys: dict[str, str] = {}
    facts = set()
    for row in rows:
        keys[row["s"]] = row["sk"]
        keys[row["o"]] = row["ok"]
        facts.add((row["s"], row["r"], row["o"], row["d"]))
    return KG(sorted(facts), keys)


# ------------------------------------------------------------------------------------------- specs and gold
@dataclass(frozen=True)
class Spec:
    """What a question asks, in the store's terms.

    The target pattern is (s, r, o) with one side open for an entity question (``ask`` subject/object) or both given
    for a time question (``ask`` day/month/year). The window is [lo, hi] from the wording (None = open), narrowed by
    the anchor event (its only occurrence) under ``rule``: after (the day after it on), before (up to the day before
    it), same_day / same_month / same_year. ``pick``: all facts in the window, or those of its first / last day."""

    s: str | None
    r: str
    o: str | None
    ask: str
    pick: str = "all"
    lo: str | None = None
    hi: str | None = None
    anchor: tuple[str, str, str] | None = None
    rule: str | None = None


def _day(iso: str) -> date:
    return date.fromisoformat(iso)


def _month_end(d: date) -> date:
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - timedelta(days=1)


def window(spec: Spec, kg: KG) -> tuple[str | None, str | None] | None:
    """The spec's window of days after resolving the anchor; None when the anchor is not a single event."""
    lo, hi = spec.lo, spec.hi
    if spec.anchor is None:
        return lo, hi
    days = kg.sro.get(spec.anchor, [])
    if len(days) != 1:
        return None
    t = _day(days[0])
    if spec.rule == "after":
        a_lo, a_hi = t + timedelta(days=1), None
    elif spec.rule == "before":
        a_lo, a_hi = None, t - timedelta(days=1)
    elif spec.rule == "same_day":
        a_lo, a_hi = t, t
    elif spec.rule == "same_month":
        a_lo, a_hi = t.replace(day=1), _month_end(t)
    elif spec.rule == "same_year":
        a_lo, a_hi = date(t.year, 1, 1), date(t.year, 12, 31)
    else:
        raise ValueError(spec.rule)
    if a_lo is not None:
        lo = max(lo, a_lo.isoformat()) if lo else a_lo.isoformat()
    if a_hi is not None:
        hi = min(hi, a_hi.isoformat()) if hi else a_hi.isoformat()
    return lo, hi


def _rows(spec: Spec, kg: KG) -> list[tuple[str, str]]:
    if spec.s is not None and spec.o is not None:
        return [(d, d) for d in kg.sro.get((spec.s, spec.r, spec.o), [])]
    if spec.s is not None:
        return kg.sr.get((spec.s, spec.r), [])
    assert spec.o is not None
    return kg.ro.get((spec.r, spec.o), [])


def as_level(iso: str, level: str) -> str:
    return {"day": iso, "month": iso[:7], "year": iso[:4]}[level]


def python_gold(spec: Spec, kg: KG) -> tuple[list[str], list[str]] | None:
    """(answers, days the answers rest on), or None when nothing in the window answers or a time is not unique."""
    win = window(spec, kg)
    if win is None:
        return None
    lo, hi = win
    rows = [(d, a) for d, a in _rows(spec, kg) if (lo is None or d >= lo) and (hi is None or d <= hi)]
    if not rows:
        return None
    if spec.pick == "first":
        first = min(d for d, _ in rows)
        rows = [(d, a) for d, a in rows if d == first]
    elif spec.pick == "last":
        last = max(d for d, _ in rows)
        rows = [(d, a) for d, a in rows if d == last]
    days = sorted({d for d, _ in rows})
    if spec.ask in ("subject", "object"):
        return sorted({a for _, a in rows}), days
    values = sorted({as_level(d, spec.ask) for d, _ in rows})
    return (values, days) if len(values) == 1 else None


# The check: one Cypher query per question, the anchor resolved and the window, the pick and the answer computed in the
# database (date arithmetic and a reduce over collected rows), with none of the Python path's code.
_ANCHOR_WINDOW = {
    "after": ("t + duration({days: 1})", "null"),
    "before": ("null", "t - duration({days: 1})"),
    "same_day": ("t", "t"),
    "same_month": (
        "date.truncate('month', t)",
        "date.truncate('month', t) + duration({months: 1}) - duration({days: 1})",
    ),
    "same_year": ("date.truncate('year', t)", "date.truncate('year', t) + duration({years: 1}) - duration({days: 1})"),
}
_ANSWER = {
    "subject": "x.name",
    "object": "y.name",
    "day": "toString(e.valid_from)",
    "month": "substring(toString(e.valid_from), 0, 7)",
    "year": "toString(e.valid_from.year)",
}


def check_query(spec: Spec) -> tuple[str, dict[str, Any]]:
    params: dict[str, Any] = {"r": spec.r, "lo": spec.lo, "hi": spec.hi}
    parts: list[str] = []
    if spec.anchor is not None:
        params.update(a_s=spec.anchor[0], a_r=spec.anchor[1], a_o=spec.anchor[2])
        a_lo, a_hi = _ANCHOR_WINDOW[str(spec.rule)]
        parts.append(
            "MATCH (as:Entity {name: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {name: $a_o})\n"
            "WHERE a.relation = $a_r AND a.recorded_to IS NULL\n"
            "WITH collect(a.valid_from) AS ad WHERE size(ad) = 1\n"
            "WITH ad[0] AS t\n"
            f"WITH {a_lo} AS alo, {a_hi} AS ahi\n"
            "WITH CASE WHEN $lo IS NULL THEN alo WHEN alo IS NULL THEN date($lo) "
            "WHEN date($lo) > alo THEN date($lo) ELSE alo END AS lo,\n"
            "     CASE WHEN $hi IS NULL THEN ahi WHEN ahi IS NULL THEN date($hi) "
            "WHEN date($hi) < ahi THEN date($hi) ELSE ahi END AS hi"
        )
    else:
        parts.append(
            "WITH CASE WHEN $lo IS NULL THEN null ELSE date($lo) END AS lo, "
            "CASE WHEN $hi IS NULL THEN null ELSE date($hi) END AS hi"
        )
    x = "(x:Entity {name: $s})" if spec.s is not None else "(x:Entity)"
    y = "(y:Entity {name: $o})" if spec.o is not None else "(y:Entity)"
    params.update(s=spec.s, o=spec.o)
    parts.append(
        f"MATCH {x}<-[:SUBJECT]-(e:Event)-[:OBJECT]->{y}\n"
        "WHERE e.relation = $r AND e.recorded_to IS NULL AND (lo IS NULL OR e.valid_from >= lo) "
        "AND (hi IS NULL OR e.valid_from <= hi)\n"
        f"WITH collect({{d: e.valid_from, a: {_ANSWER[spec.ask]}}}) AS rows"
    )
    if spec.pick == "all":
        parts.append("RETURN [row IN rows | row.a] AS answers")
    else:
        cmp = "<" if spec.pick == "first" else ">"
        parts.append(
            f"WITH rows, reduce(m = null, row IN rows | CASE WHEN m IS NULL OR row.d {cmp} m THEN row.d ELSE m END)"
            " AS pick\nRETURN [row IN rows WHERE row.d = pick | row.a] AS answers"
        )
    return "\n".join(parts), params


def cypher_gold(spec: Spec, store: Any) -> list[str] | None:
    query, params = check_query(spec)
    rows = store.run(query, **params)
    if not rows:
        return None
    values = sorted(set(rows[0]["answers"]))
    if not values:
        return None
    if spec.ask not in ("subject", "object") and len(values) != 1:
        return None
    return values


def check_text(spec: Spec) -> str:
    side = {"subject": "subjects", "object": "objects"}.get(spec.ask, f"the {spec.ask}s")
    what = f"{side} of ({spec.s or '?'}, {spec.r}, {spec.o or '?'})"
    win = f"valid_from in [{spec.lo or '-inf'}, {spec.hi or '+inf'}]"
    if spec.anchor is not None:
        win += f" and {spec.rule} the only event of {spec.anchor} (date arithmetic in Cypher)"
    pick = {"all": "all rows", "first": "rows on the earliest day (reduce)", "last": "rows on the latest day (reduce)"}
    return f"cypher: {what}, {win}; {pick[spec.pick]}"


# ------------------------------------------------------------------------------------------- time wording
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


def say_day(iso: str, rng: random.Random, *, year: bool = True) -> str:
    d = _day(iso)
    forms = [f"{d.day} {MONTHS[d.month - 1]}", f"{MONTHS[d.month - 1]} {d.day}"]
    if not year:
        return rng.choice(forms)
    return rng.choice([f"{forms[0]} {d.year}", f"{forms[1]}, {d.year}", iso])


def say_month(iso: str) -> str:
    d = _day(iso)
    return f"{MONTHS[d.month - 1]} {d.year}"


@dataclass(frozen=True)
class Period:
    """A time the wording names: its text after 'in'/'on' ('on 3 May 2014', 'in May 2014'), bare text, window."""

    level: str
    tail: str
    bare: str
    lo: str
    hi: str


def period_of(iso: str, level: str, rng: random.Random) -> Period:
    d = _day(iso)
    if level == "day":
        text = say_day(iso, rng)
        return Period("day", f"on {text}", text, iso, iso)
    if level == "month":
        text = say_month(iso)
        return Period(
            "month",
            rng.choice([f"in {text}", f"during {text}"]),
            text,
            d.replace(day=1).isoformat(),
            _month_end(d).isoformat(),
        )
    return Period(
        "year", rng.choice([f"in {d.year}", f"during {d.year}"]), str(d.year), f"{d.year}-01-01", f"{d.year}-12-31"
    )


# ------------------------------------------------------------------------------------------- the generator
@dataclass
class Draft:
    qtype: str
    question: str
    construction: str
    spec: Spec
    answer_type: str
    time_level: str
    named: tuple[str, ...]  # entities the question names (kept out of the gold; capped)


class Maker:
    """Draws questions of one store: random relation, random fact, a wording, the gold over the store."""

    def __init__(self, store: str, kg: KG, rng: random.Random) -> None:
        self.store, self.kg, self.rng = store, kg, rng
        self.mtq = store == "mtq"
        self.scope = ("2014-01-01", "2015-12-31") if self.mtq else ("2014-01-01", "2014-12-31")
        self.relations = sorted(r for r in REL_WORDS if kg.by_r.get(r))
        self.pools = {r: [f for f in kg.by_r[r] if self.in_scope(f[3])] for r in self.relations}
        # Facts whose (s, r, o) recurs on two or more days in scope: time questions with first / last / after / before.
        self.repeated = {
            r: [f for f in pool if sum(self.in_scope(d) for d in kg.sro[f[:3]]) >= 2] for r, pool in self.pools.items()
        }
        self.anchors: dict[str, list[Fact]] = {}
        self._phrases: dict[str, str | None] = {}

    # ---- words
    def ent(self, name: str) -> str | None:
        if name not in self._phrases:
            self._phrases[name] = entity_phrase(name, self.rng)
        return self._phrases[name]

    def rel(self, r: str) -> tuple[str, str, str]:
        return self.rng.choice(REL_WORDS[r])

    @staticmethod
    def gap(form: str) -> str:
        return form.replace(" {o}", "").replace("{o} ", "")

    def in_scope(self, iso: str) -> bool:
        return self.scope[0] <= iso <= self.scope[1]

    # ---- draws
    def fact(self, *, repeated: bool = False) -> Fact | None:
        r = self.rng.choice(self.relations)
        pool = (self.repeated if repeated else self.pools)[r]
        if not pool:
            return None
        f = self.rng.choice(pool)
        if f[0] == f[2] or self.ent(f[0]) is None or self.ent(f[2]) is None:
            return None
        return f

    def anchor_near(self, entity: str, target: Fact, lo: str | None = None, hi: str | None = None) -> Fact | None:
        """A fact of ``entity`` (subject or object) whose (s, r, o) occurs exactly once in the store, in scope, sayable,
        not the target's own pattern."""
        if entity not in self.anchors:
            self.anchors[entity] = [
                f
                for f in self.kg.by_ent.get(entity, [])
                if f[1] in REL_WORDS and f[0] != f[2] and self.in_scope(f[3]) and len(self.kg.sro[f[:3]]) == 1
            ]
        pool = [
            f
            for f in self.anchors[entity]
            if not (f[1] == target[1] and (f[0] == target[0] or f[2] == target[2]))
            and not (lo and f[3] < lo)
            and not (hi and f[3] > hi)
        ]
        if not pool:
            return None
        a = self.rng.choice(pool)
        return a if self.ent(a[0]) is not None and self.ent(a[2]) is not None else None

    def anchor_clause(self, a: Fact) -> str:
        _base, past, _ing = self.rel(a[1])
        return f"{self.ent(a[0])} {past.format(o=self.ent(a[2]))}"

    def scope_year(self, iso: str) -> tuple[str, str, str]:
        """mtq: a year or both years as the wording's scope, (text, lo, hi); bench: 2014 or nothing."""
        y = iso[:4]
        if self.mtq:
            return self.rng.choice(
                [
                    (f"in {y}", f"{y}-01-01", f"{y}-12-31"),
                    (f"during {y}", f"{y}-01-01", f"{y}-12-31"),
                    ("in 2014-15", "2014-01-01", "2015-12-31"),
                    ("across 2014-15", "2014-01-01", "2015-12-31"),
                ]
            )
        return self.rng.choice([("in 2014", "2014-01-01", "2014-12-31"), ("", "2014-01-01", "2014-12-31")])

    # ---- equal
    def equal_entity(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, d = f
        level = self.rng.choice(["day", "month", "month", "year"] if self.mtq else ["day", "month", "month", "day"])
        if level == "year" and not self.mtq:
            level = "month"
        p = period_of(d, level, self.rng)
        base, past, _ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        if self.rng.random() < 0.5:
            spec = Spec(s, r, None, "object", lo=p.lo, hi=p.hi)
            v = self.rng.randrange(4)
            if v == 0:
                q, c = f"Any idea who {sw} {self.gap(past)} {p.tail}?", "equal_obj: any-idea-who + tail"
            elif v == 1:
                q, c = (
                    f"Who did {sw} {self.gap(base)}? I'm asking about {p.bare}.",
                    "equal_obj: question + time sentence",
                )
            elif v == 2:
                q, c = f"Who were the ones {sw} {self.gap(past)} {p.tail}?", "equal_obj: who-were-the-ones"
            else:
                q, c = f"{p.bare}: who did {sw} {self.gap(base)}?", "equal_obj: time topic + colon"
            named: tuple[str, ...] = (s,)
        else:
            spec = Spec(None, r, o, "subject", lo=p.lo, hi=p.hi)
            v = self.rng.randrange(4)
            if v == 0:
                q, c = f"Anyone know who {past.format(o=ow)} {p.tail}?", "equal_subj: anyone-know"
            elif v == 1:
                q, c = f"Who {past.format(o=ow)}? Just {p.bare}, please.", "equal_subj: question + just-time"
            elif v == 2:
                q, c = f"Which actors {past.format(o=ow)} {p.tail}?", "equal_subj: which-actors"
            else:
                q, c = f"{p.tail[0].upper() + p.tail[1:]}, who {past.format(o=ow)}?", "equal_subj: fronted time"
            named = (o,)
        return Draft("equal", q, c, spec, "entity", level, named)

    def equal_time(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, d = f
        level = self.rng.choice(["day", "month", "year"] if self.mtq else ["day", "month"])
        base, past, ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        if self.mtq and level != "year":
            scope, lo, hi = self.rng.choice(
                [(f"in {d[:4]}", f"{d[:4]}-01-01", f"{d[:4]}-12-31"), ("in 2014-15", "2014-01-01", "2015-12-31")]
            )
        else:
            scope, lo, hi = "", self.scope[0], self.scope[1]
        spec = Spec(s, r, o, level, lo=lo, hi=hi)
        sc = f" {scope}" if scope else ""
        v = self.rng.randrange(3)
        if level == "day":
            if v == 0:
                q, c = f"When did {sw} {base.format(o=ow)}{sc}?", "equal_time_day: when-did"
            elif v == 1:
                q, c = f"What date did {sw} {base.format(o=ow)}{sc}?", "equal_time_day: what-date"
            else:
                q, c = f"{sw} {past.format(o=ow)}{sc} - what day was that?", "equal_time_day: statement + what-day"
        elif level == "month":
            if v == 0:
                mscope = f" of {d[:4]}" if scope.startswith("in 20") and len(scope) == 7 else sc
                q, c = f"Which month{mscope} saw {sw} {ing.format(o=ow)}?", "equal_time_month: which-month-saw"
            elif v == 1:
                q, c = f"In what month did {sw} {base.format(o=ow)}{sc}?", "equal_time_month: in-what-month"
            else:
                q, c = f"{sw} {past.format(o=ow)}{sc}. Which month was it?", "equal_time_month: statement + which-month"
        else:
            if v == 0:
                q, c = f"Was it 2014 or 2015 when {sw} {past.format(o=ow)}?", "equal_time_year: 2014-or-2015"
            elif v == 1:
                q, c = f"Which year saw {sw} {ing.format(o=ow)}, 2014 or 2015?", "equal_time_year: which-year-saw"
            else:
                q, c = f"{sw} {past.format(o=ow)} - 2014 or 2015?", "equal_time_year: statement + which-year"
        return Draft("equal", q, c, spec, "time", level, (s, o))

    # ---- first / last
    def first_last_entity(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, d = f
        pick = self.rng.choice(["first", "last"])
        base, past, _ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        if not self.mtq and self.rng.random() < 0.3:
            p = period_of(d, "month", self.rng)
            scope, lo, hi, level = p.tail, p.lo, p.hi, "month"
        else:
            scope, lo, hi = self.scope_year(d)
            level = "year"
        sc = f" {scope}" if scope else ""
        v = self.rng.randrange(3)
        if self.rng.random() < 0.5:
            spec = Spec(None, r, o, "subject", pick=pick, lo=lo, hi=hi)
            if v == 0:
                q, c = f"Who was the {pick} to {base.format(o=ow)}{sc}?", f"{pick}_subj: who-was-the-{pick}-to"
            elif v == 1:
                q = (
                    f"Any idea who {pick} {past.format(o=ow)}{sc}?"
                    if pick == "last"
                    else f"Any idea who {past.format(o=ow)} first{sc}?"
                )
                c = f"{pick}_subj: any-idea-who"
            else:
                tail = f" {scope[0].upper() + scope[1:]}, I mean." if scope else ""
                q = f"Who {past.format(o=ow)} {'first' if pick == 'first' else 'most recently'}?{tail}"
                c = f"{pick}_subj: question + scope sentence"
            named: tuple[str, ...] = (o,)
        else:
            spec = Spec(s, r, None, "object", pick=pick, lo=lo, hi=hi)
            if v == 0:
                q, c = f"Who did {sw} {self.gap(base)} {pick}{sc}?", f"{pick}_obj: who-did-X-R-{pick}"
            elif v == 1:
                q, c = (f"Who's the {pick} one {sw} {self.gap(past)}{sc}?", f"{pick}_obj: who's-the-{pick}-one")
            else:
                only = f" Only counting {scope.split(' ', 1)[1]}." if scope else ""
                q, c = f"Who did {sw} {self.gap(base)} {pick}?{only}", f"{pick}_obj: question + counting-sentence"
            named = (s,)
        return Draft("first_last", q, c, spec, "entity", level, named)

    def first_last_time(self) -> Draft | None:
        f = self.fact(repeated=True)
        if f is None:
            return None
        s, r, o, d = f
        if len(self.kg.sro[(s, r, o)]) < 2:
            return None
        pick = self.rng.choice(["first", "last"])
        level = self.rng.choice(["day", "month"])
        base, past, ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        scope, lo, hi = self.scope_year(d)
        if sum(lo <= day <= hi for day in self.kg.sro[(s, r, o)]) < 2:
            return None
        sc = f" {scope}" if scope else ""
        spec = Spec(s, r, o, level, pick=pick, lo=lo, hi=hi)
        v = self.rng.randrange(2)
        if level == "day":
            if v == 0:
                q, c = f"When did {sw} {pick} {base.format(o=ow)}{sc}?", f"{pick}_time_day: when-did-X-{pick}"
            elif pick == "first":
                q, c = f"What was the first day {sw} {past.format(o=ow)}{sc}?", "first_time_day: what-was-the-first-day"
            else:
                q, c = f"When was the last time {sw} {past.format(o=ow)}{sc}?", "last_time_day: when-was-the-last-time"
        else:
            if v == 0:
                q, c = f"In which month did {sw} {pick} {base.format(o=ow)}{sc}?", f"{pick}_time_month: in-which-month"
            else:
                when = "for the first time" if pick == "first" else "for the last time"
                q, c = f"Which month saw {sw} {ing.format(o=ow)} {when}{sc}?", f"{pick}_time_month: which-month-saw"
        return Draft("first_last", q, c, spec, "time", level, (s, o))

    # ---- before / after
    def before_after_date(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, d = f
        rule = self.rng.choice(["after", "before"])
        level = self.rng.choice(["day", "month", "year"] if (self.mtq and rule == "after") else ["day", "month"])
        dd = _day(d)
        base, past, _ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        if level == "year":
            if dd.year != 2015:
                return None
            lo, hi, when = "2015-01-01", None, "after 2014"
        elif rule == "after":
            cut = (dd - timedelta(days=self.rng.randint(1, 40))).isoformat()
            if level == "day":
                lo, hi, when = (_day(cut) + timedelta(days=1)).isoformat(), None, f"after {say_day(cut, self.rng)}"
            else:
                m = _day(cut)
                lo, hi, when = (_month_end(m) + timedelta(days=1)).isoformat(), None, f"after {say_month(cut)}"
        else:
            cut_day = dd + timedelta(days=self.rng.randint(1, 40))
            if cut_day.year != dd.year:
                return None
            cut = cut_day.isoformat()
            if level == "day":
                hi = (cut_day - timedelta(days=1)).isoformat()
                when = f"before {say_day(cut, self.rng, year=not self.mtq)}"
            else:
                if cut_day.month == 1:
                    return None
                hi = (cut_day.replace(day=1) - timedelta(days=1)).isoformat()
                when = f"before {MONTHS[cut_day.month - 1]}" + ("" if self.mtq else f" {cut_day.year}")
            lo = f"{dd.year}-01-01" if self.mtq else None
            if self.mtq:
                when = f"in {dd.year} {when}"
        if lo is not None and not self.in_scope(lo):
            return None
        v = self.rng.randrange(3)
        if self.rng.random() < 0.5:
            spec = Spec(s, r, None, "object", lo=lo, hi=hi)
            if v == 0:
                q, c = f"Who did {sw} {self.gap(base)} {when}?", f"{rule}_date_obj: who-did + {rule}"
            elif v == 1:
                q, c = f"Any idea who {sw} {self.gap(past)} {when}?", f"{rule}_date_obj: any-idea-who"
            else:
                w = when[0].upper() + when[1:]
                q, c = f"{w}, who did {sw} {self.gap(base)}?", f"{rule}_date_obj: fronted {rule}"
            named: tuple[str, ...] = (s,)
        else:
            spec = Spec(None, r, o, "subject", lo=lo, hi=hi)
            if v == 0:
                q, c = f"Who {past.format(o=ow)} {when}?", f"{rule}_date_subj: who-R + {rule}"
            elif v == 1:
                q, c = f"Anyone know who {past.format(o=ow)} {when}?", f"{rule}_date_subj: anyone-know"
            else:
                q, c = f"Who {past.format(o=ow)}? Only {when}.", f"{rule}_date_subj: question + only-{rule}"
            named = (o,)
        return Draft("before_after", q, c, spec, "entity", level, named)

    def before_after_event(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, _d = f
        rule = self.rng.choice(["after", "before"])
        obj_side = self.rng.random() < 0.5
        a = self.anchor_near(s if obj_side else o, f)
        if a is None:
            return None
        lo = None
        if rule == "before" and self.mtq:
            lo = f"{a[3][:4]}-01-01"
        base, past, _ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        A = self.anchor_clause(a)
        yr = f" in {a[3][:4]}" if rule == "before" and self.mtq else ""
        v = self.rng.randrange(3)
        if obj_side:
            spec = Spec(s, r, None, "object", lo=lo, anchor=a[:3], rule=rule)
            if v == 0:
                q, c = f"Who did {sw} {self.gap(base)}{yr} {rule} {A}?", f"{rule}_event_obj: who-did + {rule}-clause"
            elif v == 1:
                q, c = f"{A}. Who did {sw} {self.gap(base)}{yr} {rule} that?", f"{rule}_event_obj: event + {rule}-that"
            else:
                q, c = f"Any idea who {sw} {self.gap(past)}{yr} {rule} {A}?", f"{rule}_event_obj: any-idea-who"
            named: tuple[str, ...] = (s,)
        else:
            spec = Spec(None, r, o, "subject", lo=lo, anchor=a[:3], rule=rule)
            if v == 0:
                q, c = f"Who {past.format(o=ow)}{yr} {rule} {A}?", f"{rule}_event_subj: who-R + {rule}-clause"
            elif v == 1:
                q, c = (
                    f"{A}. Anyone know who {past.format(o=ow)}{yr} {rule} that?",
                    f"{rule}_event_subj: event + anyone-know",
                )
            else:
                q, c = f"Which actors {past.format(o=ow)}{yr} {rule} {A}?", f"{rule}_event_subj: which-actors"
            named = (o,)
        return Draft("before_after", q, c, spec, "entity", "day", named)

    # ---- first after / last before an event
    def ordered_event(self, qtype: str) -> Draft | None:
        kind = self.rng.choice(["subject", "object", "day", "month"])
        f = self.fact(repeated=kind in ("day", "month"))
        if f is None:
            return None
        s, r, o, _d = f
        pick, rule = ("first", "after") if qtype == "after_first" else ("last", "before")
        if kind in ("day", "month") and len(self.kg.sro[(s, r, o)]) < 2:
            return None
        pivot = {"subject": o, "object": s}.get(kind, self.rng.choice([s, o]))
        a = self.anchor_near(pivot, f)
        if a is None:
            return None
        base, past, ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        A = self.anchor_clause(a)
        v = self.rng.randrange(3)
        named: tuple[str, ...]
        if kind == "subject":
            spec = Spec(None, r, o, "subject", pick=pick, anchor=a[:3], rule=rule)
            if v == 0:
                q, c = f"Who was the {pick} to {base.format(o=ow)} {rule} {A}?", f"{qtype}_subj: who-was-the-{pick}-to"
            elif v == 1:
                w = "first" if pick == "first" else "most recently"
                q, c = f"{rule.capitalize()} {A}, who {w} {past.format(o=ow)}?", f"{qtype}_subj: fronted event"
            else:
                q, c = f"Any idea who {pick} {past.format(o=ow)} {rule} {A}?", f"{qtype}_subj: any-idea-who"
            named = (o,)
        elif kind == "object":
            spec = Spec(s, r, None, "object", pick=pick, anchor=a[:3], rule=rule)
            if v == 0:
                q, c = f"Who did {sw} {pick} {self.gap(base)} {rule} {A}?", f"{qtype}_obj: who-did-X-{pick}"
            elif v == 1:
                q, c = f"{A}. Who did {sw} {self.gap(base)} {pick} {rule} that?", f"{qtype}_obj: event + {rule}-that"
            else:
                q, c = f"Who's the {pick} one {sw} {self.gap(past)} {rule} {A}?", f"{qtype}_obj: who's-the-{pick}-one"
            named = (s,)
        else:
            spec = Spec(s, r, o, kind, pick=pick, anchor=a[:3], rule=rule)
            if kind == "day":
                if v < 2:
                    q, c = f"When did {sw} {pick} {base.format(o=ow)} {rule} {A}?", f"{qtype}_time_day: when-did"
                else:
                    q, c = (
                        f"{A}. When did {sw} {pick} {base.format(o=ow)} {rule} that?",
                        f"{qtype}_time_day: event + when",
                    )
            elif v < 2:
                q, c = (
                    f"In which month did {sw} {pick} {base.format(o=ow)} {rule} {A}?",
                    f"{qtype}_time_month: in-which-month",
                )
            else:
                q, c = (
                    f"Which month saw {sw} {pick} {ing.format(o=ow)} {rule} {A}?",
                    f"{qtype}_time_month: which-month-saw",
                )
            named = (s, o)
        answer_type = "entity" if kind in ("subject", "object") else "time"
        return Draft(qtype, q, c, spec, answer_type, "day" if answer_type == "entity" else kind, named)

    # ---- same day / month / year as an event
    def equal_multi(self) -> Draft | None:
        f = self.fact()
        if f is None:
            return None
        s, r, o, _d = f
        level = self.rng.choice(["day", "month", "month", "year"] if self.mtq else ["day", "month", "month"])
        obj_side = self.rng.random() < 0.5
        a = self.anchor_near(s if obj_side else o, f)
        if a is None:
            return None
        rule = f"same_{level}"
        prep = "on" if level == "day" else "in"
        base, past, _ing = self.rel(r)
        sw, ow = self.ent(s), self.ent(o)
        A = self.anchor_clause(a)
        v = self.rng.randrange(3)
        if obj_side:
            spec = Spec(s, r, None, "object", anchor=a[:3], rule=rule)
            if v == 0:
                q, c = (
                    f"Who did {sw} {self.gap(base)} {prep} the same {level} as {A}?",
                    f"{rule}_obj: in-the-same-{level}-as",
                )
            elif v == 1:
                q, c = (
                    (
                        f"{A}. Who did {sw} {self.gap(base)} that {level}?"
                        if level != "day"
                        else f"{A}. Who did {sw} {self.gap(base)} that same day?"
                    ),
                    f"{rule}_obj: event + that-{level}",
                )
            else:
                q, c = f"Any idea who {sw} {self.gap(past)} {prep} the {level} {A}?", f"{rule}_obj: the-{level}-clause"
            named: tuple[str, ...] = (s,)
        else:
            spec = Spec(None, r, o, "subject", anchor=a[:3], rule=rule)
            if v == 0:
                q, c = (
                    f"Who {past.format(o=ow)} {prep} the same {level} as {A}?",
                    f"{rule}_subj: in-the-same-{level}-as",
                )
            elif v == 1:
                w = "On the day" if level == "day" else f"In the {level}"
                q, c = f"{w} {A}, who {past.format(o=ow)}?", f"{rule}_subj: fronted the-{level}-clause"
            else:
                q, c = (
                    f"{A}. Anyone know who {past.format(o=ow)} that same {level}?",
                    f"{rule}_subj: event + anyone-know",
                )
            named = (o,)
        return Draft("equal_multi", q, c, spec, "entity", level, named)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def accept(draft: Draft, maker: Maker) -> tuple[list[str], list[str]] | None:
    """The gold of a draft when it is a fair question: 1-5 answers, none of them named in it, nothing on the anchor's
    own day for before/after, mtq answers inside 2014-2015."""
    spec, kg = draft.spec, maker.kg
    gold = python_gold(spec, kg)
    if gold is None:
        return None
    answers, days = gold
    if not 1 <= len(answers) <= MAX_GOLD or set(answers) & set(draft.named):
        return None
    if any(not maker.in_scope(d) for d in days):
        return None
    if spec.anchor is not None:
        a_day = kg.sro[spec.anchor][0]
        if not maker.in_scope(a_day):
            return None
        if spec.rule in ("after", "before") and any(d == a_day for d, _ in _rows(spec, kg)):
            return None  # an event on the anchor's own day: "after"/"before" would be unclear
    return answers, days


def generate(store_name: str, store: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rng = random.Random(f"{SEED}-{store_name}")
    kg = read_kg(store)
    maker = Maker(store_name, kg, rng)
    makers: dict[str, list[tuple[Callable[[], Draft | None], int]]] = {
        "equal": [(maker.equal_entity, 3), (maker.equal_time, 2)],
        "first_last": [(maker.first_last_entity, 1), (maker.first_last_time, 1)],
        "before_after": [(maker.before_after_date, 1), (maker.before_after_event, 1)],
        "after_first": [(lambda: maker.ordered_event("after_first"), 1)],
        "before_last": [(lambda: maker.ordered_event("before_last"), 1)],
        "equal_multi": [(maker.equal_multi, 1)],
    }
    rel_used: Counter[str] = Counter()
    ent_used: Counter[str] = Counter()
    seen_q: set[str] = set()
    seen_spec: set[Spec] = set()
    records: list[dict[str, Any]] = []
    stats = {"drafted": 0, "disagree": 0}
    for qtype, want in QUOTA[store_name].items():
        fns = [fn for fn, w in makers[qtype] for _ in range(w)]
        got, tries = 0, 0
        while got < want and tries < 20000:
            tries += 1
            draft = rng.choice(fns)()
            if draft is None or draft.spec in seen_spec:
                continue
            if rel_used[draft.spec.r] >= REL_CAP[store_name]:
                continue
            if any(ent_used[e] >= ENT_CAP for e in draft.named):
                continue
            gold = accept(draft, maker)
            if gold is None:
                continue
            question = _cap(draft.question)
            if question in seen_q:
                continue
            stats["drafted"] += 1
            answers, _days = gold
            check = cypher_gold(draft.spec, store)
            agrees = check == answers
            if not agrees:
                stats["disagree"] += 1
                continue
            seen_q.add(question)
            seen_spec.add(draft.spec)
            rel_used[draft.spec.r] += 1
            ent_used.update(draft.named)
            got += 1
            qid = f"{PREFIX[store_name]}{len(records) + 1:03d}"
            records.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": store_name,
                    "question": question,
                    "answers": answers,
                    "answer_type": draft.answer_type,
                    "time_level": draft.time_level,
                    "qtype": qtype,
                    "qlabel": "Multiple" if qtype in MULTIPLE else "Single",
                    "construction": draft.construction,
                    "check": check_text(draft.spec),
                    "check_agrees": agrees,
                    "evidence": [],
                }
            )
        if got < want:
            print(f"{store_name}: only {got} of {want} {qtype} questions", file=sys.stderr)
    return records, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORE_ENV), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    for k, v in STORE_ENV[args.store].items():
        os.environ.setdefault(k, v)
    if os.environ["TKGRAG_INSTANCE"] != args.store:
        ap.error(f"TKGRAG_INSTANCE={os.environ['TKGRAG_INSTANCE']} but --store {args.store}")
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = generate(args.store, store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(
        f"{args.store}: {len(records)} questions; {stats['drafted']} checked, {stats['disagree']} disagreed "
        f"(dropped) -> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
