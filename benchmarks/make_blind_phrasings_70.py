"""Blind held-out question set 70 for the symbolic reader: exam-style phrasings nobody tuned on, gold from the store.

Why: the reader's scores on the benchmark phrasings say little about wordings it was never tuned on. This script
writes one held-out set in a political-science exam register ("Identify the ...", "Name every ...", "State the month
in which ...", "Give the date on which ...", "Of all the ..., which ..."), with relations paraphrased in plain English,
sector entities said naturally ("the police in Nigeria", "citizens of Kenya") and lists of right answers. The author
wrote it without reading the reader, its parser or any earlier question set.

How: every (subject, relation, object, day) of the store is read once; each question is a spec (fixed entity,
relation, time window or anchor event, pick all/first/last, answer form) whose gold is computed in Python over that
read. A second, differently written Cypher query per question (anchor located in Cypher, window and extreme computed
there) recomputes the gold; ``check_agrees`` records the comparison and disagreeing questions are dropped.

    PYTHONPATH=. TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=... python benchmarks/make_blind_phrasings_70.py \
        --store mtq --out blind_mtq.jsonl
    PYTHONPATH=. TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=... python benchmarks/make_blind_phrasings_70.py \
        --store bench --out blind_icews14.jsonl

Store periods: ``mtq`` (ICEWS05-15) is complete only from 2013-11-18, so its questions ask about 2014-2015 only
(first-type questions are scoped to a year; last-type and after-type answers lie in 2014-2015); ``bench`` (ICEWS14)
is all of 2014. Deterministic: ``random.Random(f"{SEED}-{store}")`` and sorted iteration everywhere.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261270
DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)  # "sanctions on on 12 May": such drafts are redrawn
MONTHS = (
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
)

# relation -> (past, base, gerund) phrases with {o} where the object goes; each maps to this relation, not a neighbour.
RELATIONS: dict[str, tuple[str, str, str]] = {
    "Make_a_visit": ("paid a visit to {o}", "pay a visit to {o}", "paying a visit to {o}"),
    "Host_a_visit": ("hosted a visit by {o}", "host a visit by {o}", "hosting a visit by {o}"),
    "Consult": ("held consultations with {o}", "hold consultations with {o}", "holding consultations with {o}"),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}", "negotiating with {o}"),
    "Discuss_by_telephone": (
        "spoke by telephone with {o}",
        "speak by telephone with {o}",
        "speaking by telephone with {o}",
    ),
    "Meet_at_a_'third'_location": (
        "met {o} at a third-party location",
        "meet {o} at a third-party location",
        "meeting {o} at a third-party location",
    ),
    "Express_intent_to_meet_or_negotiate": (
        "expressed a wish to meet or negotiate with {o}",
        "express a wish to meet or negotiate with {o}",
        "expressing a wish to meet or negotiate with {o}",
    ),
    "Make_an_appeal_or_request": (
        "addressed an appeal or request to {o}",
        "address an appeal or request to {o}",
        "addressing an appeal or request to {o}",
    ),
    "Praise_or_endorse": ("spoke in praise of {o}", "speak in praise of {o}", "speaking in praise of {o}"),
    "Criticize_or_denounce": ("denounced {o}", "denounce {o}", "denouncing {o}"),
    "Accuse": ("levelled accusations at {o}", "level accusations at {o}", "levelling accusations at {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested or detained {o}",
        "arrest or detain {o}",
        "arresting or detaining {o}",
    ),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use conventional military force against {o}",
        "using conventional military force against {o}",
    ),
    "Use_unconventional_violence": (
        "used unconventional violence against {o}",
        "use unconventional violence against {o}",
        "using unconventional violence against {o}",
    ),
    "fight_with_small_arms_and_light_weapons": (
        "fought {o} with small arms and light weapons",
        "fight {o} with small arms and light weapons",
        "fighting {o} with small arms and light weapons",
    ),
    "Employ_aerial_weapons": (
        "carried out air strikes against {o}",
        "carry out air strikes against {o}",
        "carrying out air strikes against {o}",
    ),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {o}",
        "cooperate diplomatically with {o}",
        "cooperating diplomatically with {o}",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "declared an intention to cooperate diplomatically with {o}",
        "declare an intention to cooperate diplomatically with {o}",
        "declaring an intention to cooperate diplomatically with {o}",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        "signing a formal agreement with {o}",
    ),
    "Demand": ("made demands of {o}", "make demands of {o}", "making demands of {o}"),
    "Make_optimistic_comment": (
        "made optimistic remarks about {o}",
        "make optimistic remarks about {o}",
        "making optimistic remarks about {o}",
    ),
    "Make_pessimistic_comment": (
        "made pessimistic remarks about {o}",
        "make pessimistic remarks about {o}",
        "making pessimistic remarks about {o}",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {o}",
        "express sympathy for {o}",
        "expressing sympathy for {o}",
    ),
    "Threaten": ("threatened {o}", "threaten {o}", "threatening {o}"),
    "Threaten_with_military_force": (
        "threatened {o} with military force",
        "threaten {o} with military force",
        "threatening {o} with military force",
    ),
    "Abduct,_hijack,_or_take_hostage": ("abducted {o}", "abduct {o}", "abducting {o}"),
    "Return,_release_person(s)": (
        "set free people held from {o}",
        "set free people held from {o}",
        "setting free people held from {o}",
    ),
    "Provide_humanitarian_aid": (
        "gave humanitarian aid to {o}",
        "give humanitarian aid to {o}",
        "giving humanitarian aid to {o}",
    ),
    "Provide_military_aid": (
        "supplied military aid to {o}",
        "supply military aid to {o}",
        "supplying military aid to {o}",
    ),
    "Provide_economic_aid": (
        "gave economic aid to {o}",
        "give economic aid to {o}",
        "giving economic aid to {o}",
    ),
    "Occupy_territory": (
        "occupied territory of {o}",
        "occupy territory of {o}",
        "occupying territory of {o}",
    ),
    "Physically_assault": ("physically assaulted {o}", "physically assault {o}", "physically assaulting {o}"),
    "Confiscate_property": (
        "confiscated property belonging to {o}",
        "confiscate property belonging to {o}",
        "confiscating property belonging to {o}",
    ),
    "Reduce_or_break_diplomatic_relations": (
        "cut back or broke off diplomatic relations with {o}",
        "cut back or break off diplomatic relations with {o}",
        "cutting back or breaking off diplomatic relations with {o}",
    ),
    "Cooperate_economically": (
        "cooperated economically with {o}",
        "cooperate economically with {o}",
        "cooperating economically with {o}",
    ),
    "Express_intent_to_cooperate_economically": (
        "stated an intention to cooperate economically with {o}",
        "state an intention to cooperate economically with {o}",
        "stating an intention to cooperate economically with {o}",
    ),
    "Bring_lawsuit_against": (
        "brought a lawsuit against {o}",
        "bring a lawsuit against {o}",
        "bringing a lawsuit against {o}",
    ),
    "Impose_administrative_sanctions": (
        "imposed administrative sanctions on {o}",
        "impose administrative sanctions on {o}",
        "imposing administrative sanctions on {o}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed an embargo or boycott on {o}",
        "impose an embargo or boycott on {o}",
        "imposing an embargo or boycott on {o}",
    ),
    "Ease_administrative_sanctions": (
        "eased administrative sanctions on {o}",
        "ease administrative sanctions on {o}",
        "easing administrative sanctions on {o}",
    ),
    "Expel_or_deport_individuals": (
        "expelled or deported {o}",
        "expel or deport {o}",
        "expelling or deporting {o}",
    ),
    "Sexually_assault": ("sexually assaulted {o}", "sexually assault {o}", "sexually assaulting {o}"),
    "Grant_diplomatic_recognition": (
        "granted diplomatic recognition to {o}",
        "grant diplomatic recognition to {o}",
        "granting diplomatic recognition to {o}",
    ),
    "Apologize": ("apologised to {o}", "apologise to {o}", "apologising to {o}"),
    "Share_intelligence_or_information": (
        "shared intelligence or information with {o}",
        "share intelligence or information with {o}",
        "sharing intelligence or information with {o}",
    ),
    "Rally_support_on_behalf_of": (
        "rallied support on behalf of {o}",
        "rally support on behalf of {o}",
        "rallying support on behalf of {o}",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "appealed to {o} for diplomatic cooperation",
        "appeal to {o} for diplomatic cooperation",
        "appealing to {o} for diplomatic cooperation",
    ),
    "Accuse_of_crime,_corruption": (
        "accused {o} of crime or corruption",
        "accuse {o} of crime or corruption",
        "accusing {o} of crime or corruption",
    ),
    "Use_tactics_of_violent_repression": (
        "violently repressed {o}",
        "violently repress {o}",
        "violently repressing {o}",
    ),
    "Kill_by_physical_assault": (
        "killed {o} by physical assault",
        "kill {o} by physical assault",
        "killing {o} by physical assault",
    ),
    "Declare_truce,_ceasefire": (
        "declared a truce or ceasefire with {o}",
        "declare a truce or ceasefire with {o}",
        "declaring a truce or ceasefire with {o}",
    ),
    "Coerce": ("coerced {o}", "coerce {o}", "coercing {o}"),
    "Yield": ("yielded to {o}", "yield to {o}", "yielding to {o}"),
}

# Sector entities "Kind (Country)" said naturally; {c} is the country phrase. Others keep the KG name.
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens of {c}", "the citizens of {c}"),
    "Police": ("the police in {c}", "the police of {c}"),
    "Government": ("the government of {c}", "the government of {c}"),
    "Head of Government": ("the head of government of {c}", "the head of government of {c}"),
    "Foreign Affairs": ("the foreign ministry of {c}", "the foreign affairs ministry of {c}"),
    "Military": ("the armed forces of {c}", "the military of {c}"),
    "Protester": ("protesters in {c}", "protesters in {c}"),
    "Militant": ("militants in {c}", "militants in {c}"),
    "Criminal": ("criminals in {c}", "criminals in {c}"),
    "Media": ("the media in {c}", "the news media of {c}"),
    "Armed Rebel": ("armed rebels in {c}", "armed rebels in {c}"),
    "Defense / Security Ministry": ("the defence ministry of {c}", "the defence ministry of {c}"),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", "the cabinet of {c}"),
    "Legislature": ("the legislature of {c}", "the legislature of {c}"),
    "Women": ("women in {c}", "women in {c}"),
    "Children": ("children in {c}", "children in {c}"),
    "Student": ("students in {c}", "students in {c}"),
    "Lawyer/Attorney": ("lawyers in {c}", "lawyers in {c}"),
    "Court Judge": ("judges in {c}", "the judges of {c}"),
    "Military Personnel": ("military personnel of {c}", "military personnel of {c}"),
    "Employee": ("employees in {c}", "employees in {c}"),
    "Men": ("men in {c}", "men in {c}"),
}
NOT_PLACES = frozenset(
    ("Africa", "International", "Middle East", "North America", "Southeast Asia", "Unidentified State Actor")
)
THE_WORDS = frozenset(
    [
        "States",
        "Nations",
        "Kingdom",
        "Emirates",
        "Union",
        "Council",
        "Organization",
        "Organisation",
        "Commission",
        "Committee",
        "Republic",
        "Islands",
        "Netherlands",
        "Philippines",
        "Ministry",
        "Agency",
        "Fund",
        "Bank",
        "Brotherhood",
        "Movement",
        "Front",
        "Party",
        "Taliban",
        "Vatican",
        "Congress",
        "Parliament",
        "Court",
        "Army",
        "Forces",
    ]
)


@dataclass(frozen=True)
class Fact:
    s: str
    r: str
    o: str
    d: str


@dataclass
class KG:
    facts: list[Fact]
    key: dict[str, str]
    sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    sro: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)
    subjects: dict[str, list[str]] = field(default_factory=dict)
    objects: dict[str, list[str]] = field(default_factory=dict)
    pairs: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Period:
    name: str
    lo: str  # first day questions may ask about
    hi: str  # last day of the store
    complete_from: str  # the store is complete from this day on
    years: tuple[str, ...]


PERIODS = {
    "mtq": Period("mtq", "2014-01-01", "2015-12-31", "2013-11-18", ("2014", "2015")),
    "bench": Period("bench", "2014-01-01", "2014-12-31", "2014-01-01", ("2014",)),
}


def read_kg(store: Any) -> KG:
    """Every (subject, relation, object, day) once, sorted; names with spaces as the KG has them."""
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.key AS sk, s.name AS s, e.relation AS r, o.key AS ok, o.name AS o, toString(e.valid_from) AS d"
    )
    key: dict[str, str] = {}
    facts = set()
    for row in rows:
        key.setdefault(row["s"], row["sk"])
        key.setdefault(row["o"], row["ok"])
        facts.add(Fact(row["s"], row["r"], row["o"], row["d"]))
    kg = KG(sorted(facts, key=lambda f: (f.d, f.s, f.r, f.o)), key)
    sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for f in kg.facts:
        sr[(f.s, f.r)].append((f.d, f.o))
        ro[(f.r, f.o)].append((f.d, f.s))
        sro[(f.s, f.r, f.o)].append(f.d)
    kg.sr, kg.ro, kg.sro = dict(sr), dict(ro), dict(sro)
    subj: dict[str, set[str]] = defaultdict(set)
    obj: dict[str, set[str]] = defaultdict(set)
    pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for s, r in sr:
        subj[r].add(s)
    for r, o in ro:
        obj[r].add(o)
    for s, r, o in sro:
        pairs[r].add((s, o))
    kg.subjects = {r: sorted(v) for r, v in subj.items()}
    kg.objects = {r: sorted(v) for r, v in obj.items()}
    kg.pairs = {r: sorted(v) for r, v in pairs.items()}
    return kg


# ---- wording helpers -------------------------------------------------------------------------------------------


def country(c: str) -> str:
    words = set(c.replace(",", " ").split())
    return f"the {c}" if words & THE_WORDS and not c.startswith(("the ", "The ")) else c


def say(name: str, rng: random.Random, places: frozenset[str]) -> str:
    """An entity as a careful writer would name it; sector entities of a country in plain words ("the police in
    Kenya"), other "Kind (X)" names as the KG has them."""
    if name.endswith(")") and " (" in name:
        kind, _, rest = name.partition(" (")
        if kind in SECTORS and rest[:-1] in places:
            return rng.choice(SECTORS[kind]).format(c=country(rest[:-1]))
        return name
    return country(name)


def clause(form: str, o: str | None) -> str:
    """A relation phrase with its object filled, or with the object gapped (relative clause / wh-question)."""
    if o is None:
        return form.replace(" {o}", "").replace("{o} ", "")
    return form.replace("{o}", o)


def day_text(d: str) -> str:
    y, m, dd = d.split("-")
    return f"{int(dd)} {MONTHS[int(m) - 1]} {y}"


def month_text(m: str) -> str:
    y, mm = m.split("-")
    return f"{MONTHS[int(mm) - 1]} {y}"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def fmt_time(d: str, level: str) -> str:
    return d[:10] if level == "day" else d[:7] if level == "month" else d[:4]


def month_last(d: str) -> str:
    """The last day of ``d``'s month (ISO)."""
    y, m = int(d[:4]), int(d[5:7])
    return shift(f"{y + 1}-01-01" if m == 12 else f"{y}-{m + 1:02d}-01", -1)


def shift(d: str, days: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=days)).isoformat()


# ---- specs and gold --------------------------------------------------------------------------------------------


@dataclass
class Spec:
    """What a question asks. side: obj (subject fixed, answers objects), subj (object fixed, answers subjects),
    time (both fixed, answers times). Window: [lo, hi] inclusive, or relative to a unique anchor event."""

    side: str
    ent: str
    rel: str
    other: str | None
    pick: str  # all | min | max
    out: str  # entity | day | month | year
    lo: str | None = None
    hi: str | None = None
    anchor: tuple[str, str, str] | None = None
    awin: str | None = None  # after[_in_year] | before[_in_year] | same_day | same_month | same_year


def target_events(kg: KG, sp: Spec) -> list[tuple[str, str]]:
    """(day, answer entity) of the spec's relation around its fixed entity, before any window."""
    if sp.side == "obj":
        return kg.sr.get((sp.ent, sp.rel), [])
    if sp.side == "subj":
        return kg.ro.get((sp.rel, sp.ent), [])
    assert sp.other is not None
    return [(d, sp.other) for d in kg.sro.get((sp.ent, sp.rel, sp.other), [])]


def anchor_day(kg: KG, sp: Spec) -> str | None:
    """The anchor event's day (it occurs exactly once in the store), or None without an anchor."""
    if sp.anchor is None:
        return None
    days = kg.sro.get(sp.anchor, [])
    assert len(days) == 1, sp.anchor
    return days[0]


def in_window(d: str, sp: Spec, ad: str | None) -> bool:
    """Whether day ``d`` lies in the spec's window (ISO days compare as strings)."""
    if ad is None:
        return str(sp.lo) <= d <= str(sp.hi)
    return {
        "after": d > ad,
        "after_in_year": d > ad and d[:4] == ad[:4],
        "before": d < ad,
        "before_in_year": d < ad and d[:4] == ad[:4],
        "same_day": d == ad,
        "same_month": d[:7] == ad[:7],
        "same_year": d[:4] == ad[:4],
    }[str(sp.awin)]


def gold(kg: KG, sp: Spec) -> tuple[list[str], list[tuple[str, str]]]:
    """The gold answers (sorted) and the windowed events they come from."""
    ad = anchor_day(kg, sp)
    evs = sorted(e for e in target_events(kg, sp) if in_window(e[0], sp, ad))
    if not evs:
        return [], []
    if sp.pick == "min":
        m = evs[0][0]
        chosen = [e for e in evs if e[0] == m]
    elif sp.pick == "max":
        m = evs[-1][0]
        chosen = [e for e in evs if e[0] == m]
    else:
        chosen = evs
    if sp.out == "entity":
        return sorted({e[1] for e in chosen}), evs
    return sorted({fmt_time(e[0], sp.out) for e in chosen}), evs


# ---- the check: a second, differently written Cypher query -----------------------------------------------------

_FIXED = {
    "obj": "MATCH (f:Entity {key: $ent})<-[:SUBJECT]-(e:Event {relation: $rel})-[:OBJECT]->(x:Entity)",
    "subj": "MATCH (x:Entity)<-[:SUBJECT]-(e:Event {relation: $rel})-[:OBJECT]->(f:Entity {key: $ent})",
    "time": "MATCH (f:Entity {key: $ent})<-[:SUBJECT]-(e:Event {relation: $rel})-[:OBJECT]->(x:Entity {key: $other})",
}
_ANCHOR = (
    "MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event {relation: $ar})-[:OBJECT]->(:Entity {key: $ao}) "
    "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
)
_AWIN = {
    "after": "e.valid_from > ad",
    "after_in_year": "e.valid_from > ad AND e.valid_from.year = ad.year",
    "before": "e.valid_from < ad",
    "before_in_year": "e.valid_from < ad AND e.valid_from.year = ad.year",
    "same_day": "e.valid_from = ad",
    "same_month": "e.valid_from.year = ad.year AND e.valid_from.month = ad.month",
    "same_year": "e.valid_from.year = ad.year",
}
_OUT = {
    "entity": "x.name",
    "day": "toString(e.valid_from)",
    "month": "substring(toString(e.valid_from), 0, 7)",
    "year": "toString(e.valid_from.year)",
}


def check_query(sp: Spec) -> tuple[str, dict[str, Any]]:
    params: dict[str, Any] = {"ent": "", "rel": sp.rel, "other": None}
    head = ""
    if sp.anchor is not None:
        head = _ANCHOR
        cond = _AWIN[str(sp.awin)]
        params.update({"as": "", "ar": sp.anchor[1], "ao": ""})
    else:
        cond = "e.valid_from >= date($lo) AND e.valid_from <= date($hi)"
        params.update({"lo": sp.lo, "hi": sp.hi})
    q = head + _FIXED[sp.side] + f" WHERE {cond} "
    if sp.pick == "all":
        q += f"RETURN collect(DISTINCT {_OUT[sp.out]}) AS answers"
    else:
        order = "ASC" if sp.pick == "min" else "DESC"
        q += (
            f"WITH e.valid_from AS d, {_OUT[sp.out]} AS v ORDER BY d {order} "
            "WITH collect({d: d, v: v}) AS rows WITH rows, rows[0].d AS best "
            "RETURN [r IN rows WHERE r.d = best | r.v] AS answers"
        )
    return q, params


def run_check(store: Any, kg: KG, sp: Spec) -> list[str]:
    q, params = check_query(sp)
    params["ent"] = kg.key[sp.ent]
    if sp.other is not None:
        params["other"] = kg.key[sp.other]
    if sp.anchor is not None:
        params["as"], params["ao"] = kg.key[sp.anchor[0]], kg.key[sp.anchor[2]]
    rows = store.run(q, **params)
    if not rows:
        return []
    return sorted(set(rows[0]["answers"] or []))


def check_text(sp: Spec) -> str:
    where = f"anchor located in Cypher, window {sp.awin}" if sp.anchor else f"window {sp.lo}..{sp.hi}"
    pick = {
        "all": "all distinct",
        "min": "ORDER BY day ASC, values at the first day",
        "max": "ORDER BY day DESC, values at the first row's day",
    }[sp.pick]
    return f"Cypher by entity key ({sp.side} side, {where}): {pick} {_OUT[sp.out]}"


# ---- question builders -----------------------------------------------------------------------------------------


@dataclass
class Draft:
    spec: Spec
    question: str
    construction: str
    qtype: str
    time_level: str
    qlabel: str
    answers: list[str] = field(default_factory=list)


@dataclass
class Ctx:
    kg: KG
    period: Period
    rng: random.Random
    seeds: dict[str, list[Fact]]
    anchors_by_entity: dict[str, list[tuple[str, str, str]]]
    places: frozenset[str]
    said: dict[str, str] = field(default_factory=dict)  # one wording per entity within a question

    def say(self, name: str) -> str:
        if name not in self.said:
            self.said[name] = say(name, self.rng, self.places)
        return self.said[name]

    def pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def event_text(self, a: tuple[str, str, str]) -> str:
        return f"{self.say(a[0])} {clause(RELATIONS[a[1]][0], self.say(a[2]))}"


def settle(ctx: Ctx, d: Draft, *, min_events: int = 1, no_anchor_day: bool = False) -> Draft | None:
    """Compute the gold; keep the draft when it has 1-5 answers and the window holds ``min_events`` target days."""
    ans, evs = gold(ctx.kg, d.spec)
    if not 1 <= len(ans) <= 5 or len({e[0] for e in evs}) < min_events:
        return None
    ad = anchor_day(ctx.kg, d.spec)
    if no_anchor_day and any(e[0] == ad for e in target_events(ctx.kg, d.spec)):
        return None  # a target event on the anchor's own day would make "after"/"before" ambiguous
    if d.spec.awin == "before" and evs[-1][0] < ctx.period.lo:
        return None  # "the last before" must fall in the period the set asks about (mtq: complete from 2014)
    d.answers = ans
    return d


def _year(f: Fact) -> str:
    return f.d[:4]


def q_equal_obj_day(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    s, day = ctx.say(f.s), day_text(f.d)
    q = ctx.pick(
        f"Name every party that {s} {clause(past, None)} on {day}.",
        f"On {day}, which actors did {s} {clause(base, None)}?",
        f"Identify all those whom {s} {clause(past, None)} on {day}.",
    )
    sp = Spec("obj", f.s, f.r, None, "all", "entity", lo=f.d, hi=f.d)
    return settle(ctx, Draft(sp, cap(q), "equal: objects on a day", "equal", "day", "Single"))


def q_equal_subj_month(ctx: Ctx, f: Fact) -> Draft | None:
    past = RELATIONS[f.r][0]
    o, m = ctx.say(f.o), month_text(f.d[:7])
    q = ctx.pick(
        f"Identify every actor that {clause(past, o)} in {m}.",
        f"In {m}, who {clause(past, o)}? Name them all.",
        f"Name all those who {clause(past, o)} during {m}.",
    )
    sp = Spec("subj", f.o, f.r, None, "all", "entity", lo=f"{f.d[:7]}-01", hi=month_last(f.d))
    return settle(ctx, Draft(sp, cap(q), "equal: subjects in a month", "equal", "month", "Single"))


def q_equal_obj_year(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    s, y = ctx.say(f.s), _year(f)
    q = ctx.pick(
        f"Name every party that {s} {clause(past, None)} at any point in {y}.",
        f"In the course of {y}, which actors did {s} {clause(base, None)}? List them all.",
        f"Identify each party that {s} {clause(past, None)} during {y}.",
    )
    sp = Spec("obj", f.s, f.r, None, "all", "entity", lo=f"{y}-01-01", hi=f"{y}-12-31")
    return settle(ctx, Draft(sp, cap(q), "equal: objects in a year", "equal", "year", "Single"))


def q_equal_months(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, ger = RELATIONS[f.r]
    s, o, y = ctx.say(f.s), ctx.say(f.o), _year(f)
    sp = Spec("time", f.s, f.r, f.o, "all", "month", lo=f"{y}-01-01", hi=f"{y}-12-31")
    ans, _ = gold(ctx.kg, sp)
    if len(ans) == 1:
        q = ctx.pick(
            f"Which month of {y} saw {s} {clause(ger, o)}?",
            f"State the month of {y} in which {s} {clause(past, o)}.",
        )
        con = "equal: the month saw"
    else:
        q = ctx.pick(
            f"State every month of {y} in which {s} {clause(past, o)}.",
            f"Which months of {y} saw {s} {clause(ger, o)}? Name each of them.",
        )
        con = "equal: every month in which"
    return settle(ctx, Draft(sp, cap(q), con, "equal", "month", "Single"))


def q_equal_days(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]
    s, o, m = ctx.say(f.s), ctx.say(f.o), month_text(f.d[:7])
    sp = Spec("time", f.s, f.r, f.o, "all", "day", lo=f"{f.d[:7]}-01", hi=month_last(f.d))
    ans, _ = gold(ctx.kg, sp)
    if len(ans) == 1:
        q = f"Give the date in {m} on which {s} {clause(past, o)}."
        con = "equal: give the date in a month"
    else:
        q = f"Give every date in {m} on which {s} {clause(past, o)}."
        con = "equal: give every date in a month"
    return settle(ctx, Draft(sp, cap(q), con, "equal", "day", "Single"))


def q_first_obj_year(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    s, y = ctx.say(f.s), _year(f)
    q = ctx.pick(
        f"Of all the parties that {s} {clause(past, None)} in {y}, which did {s} {clause(base, None)} first?",
        f"Identify the first party that {s} {clause(past, None)} in {y}.",
    )
    sp = Spec("obj", f.s, f.r, None, "min", "entity", lo=f"{y}-01-01", hi=f"{y}-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "first_last: first object in a year", "first_last", "year", "Single"), min_events=2
    )


def q_last_subj_year(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    o, y = ctx.say(f.o), _year(f)
    q = ctx.pick(
        f"Who was the last to {clause(base, o)} in {y}?",
        f"Of all the actors who {clause(past, o)} in {y}, which did so last?",
        f"Name the actor that last {clause(past, o)} in {y}.",
    )
    sp = Spec("subj", f.o, f.r, None, "max", "entity", lo=f"{y}-01-01", hi=f"{y}-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "first_last: last subject in a year", "first_last", "year", "Single"), min_events=2
    )


def q_first_month(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    s, o, y = ctx.say(f.s), ctx.say(f.o), _year(f)
    q = ctx.pick(
        f"In which month of {y} did {s} first {clause(base, o)}?",
        f"State the month in which {s} first {clause(past, o)} in {y}.",
        f"Which month of {y} saw {s} {clause(RELATIONS[f.r][2], o)} for the first time that year?",
    )
    sp = Spec("time", f.s, f.r, f.o, "min", "month", lo=f"{y}-01-01", hi=f"{y}-12-31")
    d = settle(
        ctx, Draft(sp, cap(q), "first_last: first month in a year", "first_last", "month", "Single"), min_events=2
    )
    if d is not None and len({e[0][:7] for e in gold(ctx.kg, sp)[1]}) < 2:
        return None  # ask "first month" only where the pair spans at least two months
    return d


def q_last_day(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    s, o, y = ctx.say(f.s), ctx.say(f.o), _year(f)
    q = ctx.pick(
        f"Give the date on which {s} last {clause(past, o)} in {y}.",
        f"On what date in {y} did {s} {clause(base, o)} for the last time that year?",
    )
    sp = Spec("time", f.s, f.r, f.o, "max", "day", lo=f"{y}-01-01", hi=f"{y}-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "first_last: last date in a year", "first_last", "day", "Single"), min_events=2
    )


def q_first_day(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]
    s, o, y = ctx.say(f.s), ctx.say(f.o), _year(f)
    q = f"Give the date on which {s} first {clause(past, o)} in {y}."
    sp = Spec("time", f.s, f.r, f.o, "min", "day", lo=f"{y}-01-01", hi=f"{y}-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "first_last: first date in a year", "first_last", "day", "Single"), min_events=2
    )


def q_last_year(ctx: Ctx, f: Fact) -> Draft | None:
    if len(ctx.period.years) < 2:
        return None
    past, _, _ = RELATIONS[f.r]
    s, o = ctx.say(f.s), ctx.say(f.o)
    q = ctx.pick(
        f"Within the period 2014-2015, in which year did {s} last {clause(RELATIONS[f.r][1], o)}?",
        f"Of the years 2014 and 2015, state the last in which {s} {clause(past, o)}.",
    )
    sp = Spec("time", f.s, f.r, f.o, "max", "year", lo="2014-01-01", hi="2015-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "first_last: last year in 2014-2015", "first_last", "year", "Single"), min_events=2
    )


def q_first_subj_month(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    o, m = ctx.say(f.o), month_text(f.d[:7])
    q = ctx.pick(
        f"Of all the actors who {clause(past, o)} in {m}, which was the first to do so?",
        f"Identify the first actor to {clause(base, o)} in {m}.",
    )
    sp = Spec("subj", f.o, f.r, None, "min", "entity", lo=f"{f.d[:7]}-01", hi=month_last(f.d))
    return settle(
        ctx, Draft(sp, cap(q), "first_last: first subject in a month", "first_last", "month", "Single"), min_events=2
    )


def q_after_date(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]
    s, y = ctx.say(f.s), _year(f)
    cut = f.d
    q = ctx.pick(
        f"Name every party that {s} {clause(past, None)} after {day_text(cut)} but still within {y}.",
        f"Later in {y} than {day_text(cut)}, which parties did {s} {clause(RELATIONS[f.r][1], None)}?",
    )
    sp = Spec("obj", f.s, f.r, None, "all", "entity", lo=shift(cut, 1), hi=f"{y}-12-31")
    return settle(
        ctx, Draft(sp, cap(q), "before_after: objects after a date in its year", "before_after", "day", "Single")
    )


def q_before_month(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]
    o, y, mm = ctx.say(f.o), _year(f), int(f.d[5:7])
    if mm == 12:
        return None
    nxt = f"{y}-{mm + 1:02d}"
    q = ctx.pick(
        f"Identify every actor who {clause(past, o)} in {y} before {MONTHS[mm]}.",
        f"Name all those who {clause(past, o)} between the start of {y} and the end of {MONTHS[mm - 1]} that year.",
    )
    sp = Spec("subj", f.o, f.r, None, "all", "entity", lo=f"{y}-01-01", hi=shift(f"{nxt}-01", -1))
    return settle(
        ctx, Draft(sp, cap(q), "before_after: subjects before a month in its year", "before_after", "month", "Single")
    )


def anchors_for(ctx: Ctx, ents: tuple[str, ...]) -> list[tuple[str, str, str]]:
    pool: list[tuple[str, str, str]] = []
    for e in ents:
        pool.extend(ctx.anchors_by_entity.get(e, []))
    pool = sorted(set(pool))
    ctx.rng.shuffle(pool)
    return pool[:40]


def _anchored(ctx: Ctx, f: Fact, make: Any, *, min_events: int, strict: bool) -> Draft | None:
    for a in anchors_for(ctx, (f.s, f.o)):
        d = make(a)
        if d is None:
            continue
        sp = d.spec
        if (
            sp.awin in ("same_day", "same_month", "same_year")
            and a[1] == sp.rel
            and ((sp.side == "obj" and a[0] == sp.ent) or (sp.side == "subj" and a[2] == sp.ent))
        ):
            continue  # the anchor itself would be among the target events
        got = settle(ctx, d, min_events=min_events, no_anchor_day=strict)
        if got is not None:
            return got
    return None


def q_after_anchor_obj(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        s, ev, y = ctx.say(f.s), ctx.event_text(a), ctx.kg.sro[a][0][:4]
        q = ctx.pick(
            f"Name every party that {s} {clause(past, None)} later in {y}, after {ev}.",
            f"After {ev}, which parties did {s} go on to {clause(base, None)} before the end of {y}?",
        )
        sp = Spec("obj", f.s, f.r, None, "all", "entity", anchor=a, awin="after_in_year")
        return Draft(sp, cap(q), "before_after: objects after an event in its year", "before_after", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=1, strict=True)


def q_before_anchor_subj(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        o, ev, y = ctx.say(f.o), ctx.event_text(a), ctx.kg.sro[a][0][:4]
        q = ctx.pick(
            f"Identify every actor who {clause(past, o)} earlier in {y}, before {ev}.",
            f"Before {ev}, and within the same year, who had {clause(_participle(f.r), o)}?",
        )
        sp = Spec("subj", f.o, f.r, None, "all", "entity", anchor=a, awin="before_in_year")
        return Draft(
            sp, cap(q), "before_after: subjects before an event in its year", "before_after", "day", "Multiple"
        )

    return _anchored(ctx, f, make, min_events=1, strict=True)


def _participle(rel: str) -> str:
    """Past participle phrase: the past phrase with the few irregular simple pasts fixed."""
    past = RELATIONS[rel][0]
    for a, b in (
        ("spoke ", "spoken "),
        ("broke ", "broken "),
        ("fought ", "fought "),
        ("gave ", "given "),
        ("brought ", "brought "),
        ("took ", "taken "),
        ("met ", "met "),
    ):
        past = past.replace(a, b)
    return past


def q_after_first_obj(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        s, ev = ctx.say(f.s), ctx.event_text(a)
        q = ctx.pick(
            f"After {ev}, which party did {s} first {clause(base, None)}?",
            f"Following the occasion on which {ev}, identify the first party that {s} {clause(past, None)}.",
        )
        sp = Spec("obj", f.s, f.r, None, "min", "entity", anchor=a, awin="after")
        return Draft(sp, cap(q), "after_first: first object after an event", "after_first", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_after_first_subj(ctx: Ctx, f: Fact) -> Draft | None:
    _, base, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        o, ev = ctx.say(f.o), ctx.event_text(a)
        q = ctx.pick(
            f"Who was the first to {clause(base, o)} after {ev}?",
            f"Once {ev}, which actor was the next to {clause(base, o)}?",
        )
        sp = Spec("subj", f.o, f.r, None, "min", "entity", anchor=a, awin="after")
        return Draft(sp, cap(q), "after_first: first subject after an event", "after_first", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_after_first_time(ctx: Ctx, f: Fact) -> Draft | None:
    past, base, _ = RELATIONS[f.r]
    level = ctx.pick("day", "month")

    def make(a: tuple[str, str, str]) -> Draft:
        s, o, ev = ctx.say(f.s), ctx.say(f.o), ctx.event_text(a)
        if level == "day":
            q = f"Give the date on which {s} first {clause(past, o)} after {ev}."
        else:
            q = f"In which month did {s} first {clause(base, o)} after {ev}?"
        sp = Spec("time", f.s, f.r, f.o, "min", level, anchor=a, awin="after")
        return Draft(sp, cap(q), f"after_first: first {level} after an event", "after_first", level, "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_before_last_obj(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        s, ev = ctx.say(f.s), ctx.event_text(a)
        q = ctx.pick(
            f"Identify the last party that {s} {clause(past, None)} before {ev}.",
            f"Of all the parties that {s} {clause(past, None)} before {ev}, which came last?",
        )
        sp = Spec("obj", f.s, f.r, None, "max", "entity", anchor=a, awin="before")
        return Draft(sp, cap(q), "before_last: last object before an event", "before_last", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_before_last_subj(ctx: Ctx, f: Fact) -> Draft | None:
    _, base, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        o, ev = ctx.say(f.o), ctx.event_text(a)
        q = ctx.pick(
            f"Before {ev}, who was the last to {clause(base, o)}?",
            f"Name the actor that most recently {clause(RELATIONS[f.r][0], o)} prior to the day on which {ev}.",
        )
        sp = Spec("subj", f.o, f.r, None, "max", "entity", anchor=a, awin="before")
        return Draft(sp, cap(q), "before_last: last subject before an event", "before_last", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_before_last_time(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]
    level = ctx.pick("day", "month")

    def make(a: tuple[str, str, str]) -> Draft:
        s, o, ev = ctx.say(f.s), ctx.say(f.o), ctx.event_text(a)
        if level == "day":
            q = f"Give the last date before {ev} on which {s} {clause(past, o)}."
        else:
            q = f"State the month in which {s} last {clause(past, o)} before {ev}."
        sp = Spec("time", f.s, f.r, f.o, "max", level, anchor=a, awin="before")
        return Draft(sp, cap(q), f"before_last: last {level} before an event", "before_last", level, "Multiple")

    return _anchored(ctx, f, make, min_events=2, strict=True)


def q_same_month_obj(ctx: Ctx, f: Fact) -> Draft | None:
    _, base, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        s, ev = ctx.say(f.s), ctx.event_text(a)
        q = ctx.pick(
            f"Which parties did {s} {clause(base, None)} in the same month as {ev}?",
            f"In the month in which {ev}, which actors did {s} {clause(base, None)}?",
        )
        sp = Spec("obj", f.s, f.r, None, "all", "entity", anchor=a, awin="same_month")
        return Draft(sp, cap(q), "equal_multi: objects in the anchor's month", "equal_multi", "month", "Multiple")

    return _anchored(ctx, f, make, min_events=1, strict=False)


def q_same_day_subj(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        o, ev = ctx.say(f.o), ctx.event_text(a)
        q = ctx.pick(
            f"Name every actor who {clause(past, o)} on the same day that {ev}.",
            f"On the day {ev}, who {clause(past, o)}?",
        )
        sp = Spec("subj", f.o, f.r, None, "all", "entity", anchor=a, awin="same_day")
        return Draft(sp, cap(q), "equal_multi: subjects on the anchor's day", "equal_multi", "day", "Multiple")

    return _anchored(ctx, f, make, min_events=1, strict=False)


def q_same_year_obj(ctx: Ctx, f: Fact) -> Draft | None:
    if len(ctx.period.years) < 2:
        return None
    past, _, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        s, ev = ctx.say(f.s), ctx.event_text(a)
        q = f"Identify every party that {s} {clause(past, None)} in the same year in which {ev}."
        sp = Spec("obj", f.s, f.r, None, "all", "entity", anchor=a, awin="same_year")
        return Draft(sp, cap(q), "equal_multi: objects in the anchor's year", "equal_multi", "year", "Multiple")

    return _anchored(ctx, f, make, min_events=1, strict=False)


def q_same_month_subj(ctx: Ctx, f: Fact) -> Draft | None:
    past, _, _ = RELATIONS[f.r]

    def make(a: tuple[str, str, str]) -> Draft:
        o, ev = ctx.say(f.o), ctx.event_text(a)
        q = f"Name every actor that {clause(past, o)} in the same month as {ev}."
        sp = Spec("subj", f.o, f.r, None, "all", "entity", anchor=a, awin="same_month")
        return Draft(sp, cap(q), "equal_multi: subjects in the anchor's month", "equal_multi", "month", "Multiple")

    return _anchored(ctx, f, make, min_events=1, strict=False)


# builder, count on mtq, count on bench
PLAN: tuple[tuple[Any, int, int], ...] = (
    (q_equal_obj_day, 5, 4),
    (q_equal_subj_month, 5, 3),
    (q_equal_obj_year, 4, 2),
    (q_equal_months, 4, 3),
    (q_equal_days, 4, 3),
    (q_first_obj_year, 4, 3),
    (q_last_subj_year, 4, 3),
    (q_first_month, 4, 3),
    (q_last_day, 3, 2),
    (q_first_day, 2, 2),
    (q_last_year, 3, 0),
    (q_first_subj_month, 3, 2),
    (q_after_date, 5, 3),
    (q_before_month, 5, 3),
    (q_after_anchor_obj, 4, 3),
    (q_before_anchor_subj, 4, 3),
    (q_after_first_obj, 5, 4),
    (q_after_first_subj, 5, 3),
    (q_after_first_time, 5, 3),
    (q_before_last_obj, 5, 4),
    (q_before_last_subj, 4, 3),
    (q_before_last_time, 5, 3),
    (q_same_month_obj, 4, 3),
    (q_same_day_subj, 3, 2),
    (q_same_year_obj, 3, 0),
    (q_same_month_subj, 3, 2),
)


def build_ctx(kg: KG, period: Period, rng: random.Random) -> Ctx:
    seeds: dict[str, list[Fact]] = defaultdict(list)
    for f in kg.facts:
        if f.r in RELATIONS and period.lo <= f.d <= period.hi:
            seeds[f.r].append(f)
    anchors: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for (s, r, o), days in sorted(kg.sro.items()):
        if r in RELATIONS and len(days) == 1 and period.lo <= days[0] <= period.hi and s != o:
            anchors[s].append((s, r, o))
            anchors[o].append((s, r, o))
    # a place: what a "Citizen (X)" or "Police (X)" entity names, less regions and placeholders
    places = (
        frozenset(
            n[n.index("(") + 1 : -1] for n in kg.key if n.startswith(("Citizen (", "Police (")) and n.endswith(")")
        )
        - NOT_PLACES
    )
    return Ctx(kg, period, rng, dict(seeds), dict(anchors), places)


def generate(store: Any, kg: KG, name: str) -> tuple[list[dict[str, Any]], int]:
    """The questions in plan order with their check; returns (records, number dropped for disagreeing)."""
    rng = random.Random(f"{SEED}-{name}")
    ctx = build_ctx(kg, PERIODS[name], rng)
    used: Counter[str] = Counter()
    seen: set[str] = set()
    records: list[dict[str, Any]] = []
    dropped = 0
    prefix = "b70m" if name == "mtq" else "b70b"
    rels = sorted(r for r in ctx.seeds if len(ctx.seeds[r]) >= 3)
    for builder, n_mtq, n_bench in PLAN:
        want = n_mtq if name == "mtq" else n_bench
        made, tries = 0, 0
        while made < want and tries < 400:
            tries += 1
            low = min(used[r] for r in rels)
            rel = rng.choice([r for r in rels if used[r] <= low + (tries // 40)])
            f = rng.choice(ctx.seeds[rel])
            ctx.said = {}
            d = builder(ctx, f)
            if d is None or d.question in seen or DOUBLED.search(d.question):
                continue
            try:
                check: list[str] | None = run_check(store, kg, d.spec)
            except Exception as exc:  # a failing check query counts as a disagreement
                print(f"check failed: {exc}", file=sys.stderr)
                check = None
            if check != d.answers:
                dropped += 1
                continue
            seen.add(d.question)
            used[rel] += 1
            made += 1
            qid = f"{prefix}{len(records) + 1:03d}"
            records.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": name,
                    "question": d.question,
                    "answers": d.answers,
                    "answer_type": "entity" if d.spec.out == "entity" else "time",
                    "time_level": d.time_level,
                    "qtype": d.qtype,
                    "qlabel": d.qlabel,
                    "construction": d.construction,
                    "relation": d.spec.rel,
                    "check": check_text(d.spec),
                    "check_agrees": True,
                    "evidence": [],
                }
            )
    return records, dropped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    kg = read_kg(store)
    records, dropped = generate(store, kg, args.store)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    qt = Counter(r["qtype"] for r in records)
    counts = dict(sorted(qt.items()))
    print(f"{args.store}: {len(records)} questions, {dropped} dropped for disagreeing checks; {counts}")


if __name__ == "__main__":
    main()
