"""Blind held-out question set 77: headline-style phrasings over a running ICEWS store, with gold read from the store.

Why: the symbolic reader's score on questions it was tuned on overstates it. This set is written without reading the
reader, its question parser or earlier sets, in one writer's own constructions: a news monitor who quotes headlines
(present-tense clauses with dropped articles, "Iran slams US", quoted as the asked event or as the anchor), the asked
time as the subject ("Which month saw ..."), "in the same month as", first/last asked through the answer's
granularity, relations paraphrased in plain English, sector entities said naturally ("the police in Nigeria").

How: one read of every current (subject, relation, object, day) in the store; every gold is computed in Python over
it, within the period the wording scopes. A wording is kept only when a looser reading gives the same gold (the
relation's narrower CAMEO siblings counted in, both directions of a symmetric relation counted), anchors occur exactly
once, and no asked event falls on the anchor's own day. Each kept question is then recomputed by a second, differently
written Cypher query (anchor day looked up by Cypher, answers by aggregation); ``check_agrees`` records the outcome and
disagreeing questions are dropped (the count is printed). Deterministic: ``random.Random(f"{SEED}-{store}")``.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_77.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_77.py --store bench --out blind_icews14.jsonl

``mtq`` (ICEWS05-15, complete from 2013-11-18) is asked about 2014-2015 only; ``bench`` (ICEWS14) about 2014.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261277
TARGETS = {"mtq": 100, "bench": 70}
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
PREFIX = {"mtq": "b77m", "bench": "b77b"}
MAX_GOLD = 5
MAX_PER_RELATION = 7

# --------------------------------------------------------------------------------------------------- the lexicon


@dataclass(frozen=True)
class Lex:
    """One way to say a relation: ``base``/``past`` verb phrases with ``{o}`` for the object, ``head`` the
    present-tense headline verb (third person singular) with ``{o}``."""

    base: str
    past: str
    head: str


def _lx(*rows: tuple[str, str, str]) -> list[Lex]:
    return [Lex(*r) for r in rows]


LEXICON: dict[str, list[Lex]] = {
    "Make_a_visit": _lx(
        ("visit {o}", "visited {o}", "visits {o}"), ("pay a visit to {o}", "paid a visit to {o}", "pays visit to {o}")
    ),
    "Host_a_visit": _lx(
        ("host {o}", "hosted {o}", "hosts {o}"), ("receive a visit from {o}", "received a visit from {o}", "hosts {o}")
    ),
    "Criticize_or_denounce": _lx(
        ("criticise {o}", "criticised {o}", "slams {o}"), ("denounce {o}", "denounced {o}", "denounces {o}")
    ),
    "Praise_or_endorse": _lx(
        ("praise {o}", "praised {o}", "hails {o}"),
        ("speak approvingly of {o}", "spoke approvingly of {o}", "praises {o}"),
    ),
    "Accuse": _lx(
        ("accuse {o}", "accused {o}", "accuses {o}"),
        ("level accusations at {o}", "levelled accusations at {o}", "accuses {o}"),
    ),
    "Threaten": _lx(
        ("threaten {o}", "threatened {o}", "threatens {o}"),
        ("make threats against {o}", "made threats against {o}", "threatens {o}"),
    ),
    "Arrest,_detain,_or_charge_with_legal_action": _lx(
        ("arrest {o}", "arrested {o}", "arrests {o}"), ("take {o} into custody", "took {o} into custody", "detains {o}")
    ),
    "Engage_in_negotiation": _lx(
        ("negotiate with {o}", "negotiated with {o}", "negotiates with {o}"),
        ("hold negotiations with {o}", "held negotiations with {o}", "in negotiations with {o}"),
    ),
    "Consult": _lx(
        ("consult {o}", "consulted {o}", "consults {o}"),
        ("hold consultations with {o}", "held consultations with {o}", "holds consultations with {o}"),
    ),
    "Discuss_by_telephone": _lx(
        ("phone {o}", "phoned {o}", "phones {o}"),
        ("speak to {o} by telephone", "spoke to {o} by telephone", "holds phone call with {o}"),
    ),
    "Make_an_appeal_or_request": _lx(
        ("appeal to {o}", "appealed to {o}", "appeals to {o}"),
        ("make a request of {o}", "made a request of {o}", "makes request of {o}"),
    ),
    "Make_statement": _lx(("make a statement about {o}", "made a statement about {o}", "issues statement on {o}")),
    "Express_intent_to_meet_or_negotiate": _lx(
        (
            "signal readiness to meet or negotiate with {o}",
            "signalled readiness to meet or negotiate with {o}",
            "signals readiness for talks with {o}",
        )
    ),
    "Express_intent_to_cooperate": _lx(
        ("pledge to cooperate with {o}", "pledged to cooperate with {o}", "pledges cooperation with {o}")
    ),
    "Sign_formal_agreement": _lx(
        ("sign a formal agreement with {o}", "signed a formal agreement with {o}", "signs agreement with {o}")
    ),
    "Investigate": _lx(("investigate {o}", "investigated {o}", "probes {o}")),
    "Make_optimistic_comment": _lx(("sound optimistic about {o}", "sounded optimistic about {o}", "upbeat on {o}")),
    "Make_pessimistic_comment": _lx(("sound pessimistic about {o}", "sounded pessimistic about {o}", "gloomy on {o}")),
    "Make_empathetic_comment": _lx(
        ("express sympathy for {o}", "expressed sympathy for {o}", "voices sympathy for {o}")
    ),
    "Demand": _lx(("make demands of {o}", "made demands of {o}", "presses demands on {o}")),
    "Abduct,_hijack,_or_take_hostage": _lx(("kidnap {o}", "kidnapped {o}", "abducts {o}")),
    "Return,_release_person(s)": _lx(
        ("free {o}", "freed {o}", "frees {o}"), ("release {o}", "released {o}", "releases {o}")
    ),
    "Provide_humanitarian_aid": _lx(
        ("send humanitarian aid to {o}", "sent humanitarian aid to {o}", "sends humanitarian aid to {o}")
    ),
    "Provide_military_aid": _lx(("give military aid to {o}", "gave military aid to {o}", "sends military aid to {o}")),
    "Provide_economic_aid": _lx(("give economic aid to {o}", "gave economic aid to {o}", "gives economic aid to {o}")),
    "Occupy_territory": _lx(("occupy territory of {o}", "occupied territory of {o}", "occupies territory of {o}")),
    "Physically_assault": _lx(("physically assault {o}", "physically assaulted {o}", "physically assaults {o}")),
    "fight_with_small_arms_and_light_weapons": _lx(
        ("exchange gunfire with {o}", "exchanged gunfire with {o}", "in gunfight with {o}")
    ),
    "Employ_aerial_weapons": _lx(
        ("launch air strikes on {o}", "launched air strikes on {o}", "launches air strikes on {o}")
    ),
    "Bring_lawsuit_against": _lx(("sue {o}", "sued {o}", "sues {o}")),
    "Confiscate_property": _lx(
        ("confiscate property from {o}", "confiscated property from {o}", "seizes property of {o}")
    ),
    "Expel_or_deport_individuals": _lx(
        ("expel {o}", "expelled {o}", "expels {o}"), ("deport {o}", "deported {o}", "deports {o}")
    ),
    "Complain_officially": _lx(
        (
            "lodge an official complaint with {o}",
            "lodged an official complaint with {o}",
            "lodges formal complaint with {o}",
        )
    ),
    "Express_accord": _lx(("voice agreement with {o}", "voiced agreement with {o}", "voices agreement with {o}")),
    "Apologize": _lx(("apologise to {o}", "apologised to {o}", "apologises to {o}")),
    "Share_intelligence_or_information": _lx(
        ("share intelligence with {o}", "shared intelligence with {o}", "shares intelligence with {o}")
    ),
    "Cooperate_economically": _lx(
        ("cooperate economically with {o}", "cooperated economically with {o}", "in economic cooperation with {o}")
    ),
    "Cooperate_militarily": _lx(
        ("cooperate militarily with {o}", "cooperated militarily with {o}", "in military cooperation with {o}")
    ),
    "Engage_in_diplomatic_cooperation": _lx(
        (
            "cooperate diplomatically with {o}",
            "cooperated diplomatically with {o}",
            "in diplomatic cooperation with {o}",
        )
    ),
    "Torture": _lx(("torture {o}", "tortured {o}", "tortures {o}")),
    "Threaten_with_military_force": _lx(
        (
            "threaten {o} with military force",
            "threatened {o} with military force",
            "threatens military force against {o}",
        )
    ),
    "Reduce_or_break_diplomatic_relations": _lx(
        (
            "break off diplomatic relations with {o}",
            "broke off diplomatic relations with {o}",
            "cuts diplomatic ties with {o}",
        )
    ),
    "Impose_embargo,_boycott,_or_sanctions": _lx(
        ("impose sanctions on {o}", "imposed sanctions on {o}", "slaps sanctions on {o}")
    ),
    "Rally_support_on_behalf_of": _lx(("rally support for {o}", "rallied support for {o}", "rallies support for {o}")),
    "Defend_verbally": _lx(("speak up in defence of {o}", "spoke up in defence of {o}", "speaks up for {o}")),
    "Express_intent_to_provide_humanitarian_aid": _lx(
        ("promise humanitarian aid to {o}", "promised humanitarian aid to {o}", "promises humanitarian aid to {o}")
    ),
    "Grant_diplomatic_recognition": _lx(
        (
            "grant diplomatic recognition to {o}",
            "granted diplomatic recognition to {o}",
            "grants diplomatic recognition to {o}",
        )
    ),
    "Assassinate": _lx(("assassinate {o}", "assassinated {o}", "assassinates {o}")),
}

# A looser reader may count a relation's narrower siblings in ("accuse" covering "accuse of corruption"): a wording is
# kept only when the gold is the same under that reading. Matched as name prefixes.
FAMILY: dict[str, tuple[str, ...]] = {
    "Accuse": ("Accuse_",),
    "Threaten": ("Threaten_", "Give_ultimatum"),
    "Investigate": ("Investigate_",),
    "Demand": ("Demand_",),
    "Make_an_appeal_or_request": ("Appeal_",),
    "Consult": ("Discuss_by_telephone", "Meet_at_a_'third'_location"),
    "Express_intent_to_cooperate": ("Express_intent_to_cooperate_", "Express_intent_to_engage_in_diplomatic_coop"),
    "Impose_embargo,_boycott,_or_sanctions": ("Impose_administrative_sanctions",),
    "Reduce_or_break_diplomatic_relations": ("Reduce_relations",),
    "Return,_release_person(s)": ("Express_intent_to_release_",),
    "Praise_or_endorse": ("Rally_support_on_behalf_of",),
    "Make_a_visit": ("Meet_at_a_'third'_location",),
    "Arrest,_detain,_or_charge_with_legal_action": ("Abduct,_hijack,_or_take_hostage",),
}
# Relations a reader may take in either direction ("X negotiated with Y" = "Y negotiated with X").
SYMMETRIC = frozenset(
    {
        "Consult",
        "Engage_in_negotiation",
        "Discuss_by_telephone",
        "Sign_formal_agreement",
        "Cooperate_economically",
        "Cooperate_militarily",
        "Engage_in_diplomatic_cooperation",
        "fight_with_small_arms_and_light_weapons",
        "Express_accord",
        "Share_intelligence_or_information",
        "Reduce_or_break_diplomatic_relations",
    }
)

# Sector entities said naturally; the number decides the headline verb form.
SECTORS: dict[str, tuple[tuple[str, ...], bool]] = {
    "Citizen": (("citizens of {c}", "{c}'s citizens"), True),
    "Police": (("the police in {c}", "{c}'s police"), True),
    "Government": (("the government of {c}", "{c}'s government"), False),
    "Head of Government": (("the head of government of {c}", "{c}'s head of government"), False),
    "Foreign Affairs": (("the foreign ministry of {c}", "{c}'s foreign ministry"), False),
    "Military": (("the military of {c}", "{c}'s military"), False),
    "Protester": (("protesters in {c}",), True),
    "Militant": (("militants in {c}",), True),
    "Criminal": (("criminals in {c}",), True),
    "Defense / Security Ministry": (("{c}'s defence ministry",), False),
    "Media": (("the media in {c}",), True),
    "Student": (("students in {c}",), True),
    "Armed Rebel": (("armed rebels in {c}",), True),
    "Women": (("women in {c}",), True),
    "Children": (("children in {c}",), True),
    "Lawyer/Attorney": (("lawyers in {c}",), True),
    "Terrorist": (("terrorists in {c}",), True),
    "Cabinet / Council of Ministers / Advisors": (("{c}'s cabinet",), False),
    "Legislature": (("{c}'s legislature",), False),
    "Activist": (("activists in {c}",), True),
    "Labor Union": (("labour unions in {c}",), True),
    "Business": (("businesses in {c}",), True),
    "Member of Parliament": (("members of parliament in {c}",), True),
    "Armed Gang": (("armed gangs in {c}",), True),
}
THE = frozenset(
    {
        "United States",
        "United Kingdom",
        "Philippines",
        "Netherlands",
        "Central African Republic",
        "Democratic Republic of Congo",
        "Czech Republic",
        "United Arab Emirates",
        "Dominican Republic",
        "Holy See",
        "Gambia",
        "Maldives",
        "Bahamas",
        "European Union",
        "United Nations",
        "UN Security Council",
        "African Union",
        "International Monetary Fund",
        "World Bank",
        "Taliban",
        "Islamic State",
        "Kremlin",
        "Vatican",
        "Occupied Palestinian Territory",
        "Ukrainian Orthodox Church",
        "Arab League",
        "Red Cross",
        "European Commission",
        "European Parliament",
        "Muslim Brotherhood",
        "Pentagon",
        "Hezbollah",
        "Palestinian Territory, Occupied",
        "North Atlantic Treaty Organization",
    }
)
HEADLINE_SHORT = {"United States": "US", "United Kingdom": "UK", "European Union": "EU", "United Nations": "UN"}
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


# Organisation names that read with an article ("the European Central Bank").
_THE_WORDS = frozenset(
    [
        "Agency",
        "Bank",
        "Force",
        "Forces",
        "Council",
        "Party",
        "Movement",
        "Coalition",
        "Union",
        "Commission",
        "Organization",
        "Organisation",
        "Front",
        "Army",
        "Court",
        "Parliament",
        "Assembly",
        "Congress",
        "Senate",
        "Ministry",
        "Committee",
        "Office",
        "Department",
        "Federation",
        "League",
        "Brotherhood",
        "Corporation",
        "Fund",
        "Institute",
        "Association",
        "Church",
        "Navy",
        "Alliance",
    ]
)


def _the(name: str) -> str:
    if name in THE or (not name.startswith("the ") and _THE_WORDS & set(name.split())):
        return f"the {name}"
    return name


def mention(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """How a question names an entity (text, plural), or None where no natural wording is unambiguous."""
    if "(" not in name:
        return _the(name), False
    head, _, rest = name.partition(" (")
    country = rest[:-1] if rest.endswith(")") else ""
    if head not in SECTORS or not country or "(" in country:
        return None
    forms, plural = SECTORS[head]
    form = rng.choice(forms)
    if form.startswith("{c}'s"):
        return form.format(c=country if country not in THE else f"the {country}"), plural
    return form.format(c=_the(country)), plural


def headline_name(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """The entity as a headline writes it: short country names, no leading article."""
    if name in HEADLINE_SHORT and rng.random() < 0.6:
        return HEADLINE_SHORT[name], False
    m = mention(name, rng)
    if m is None:
        return None
    text, plural = m
    if text.startswith("the "):
        text = text[4:]
    return text[:1].upper() + text[1:], plural


def plural_verb(head: str) -> str:
    """'slams Y' -> 'slam Y' for a plural headline subject; verbless heads ('upbeat on') stay."""
    first, _, rest = head.partition(" ")
    if first.endswith("ly"):  # "physically assaults Y"
        return f"{first} {plural_verb(rest)}"
    if first in {"upbeat", "gloomy", "in"} or not first.endswith("s"):
        return head
    if first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("sses", "shes", "ches", "xes")):
        first = first[:-2]
    else:
        first = first[:-1]
    return f"{first} {rest}".strip()


def squash(text: str) -> str:
    return " ".join(text.split())


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------------------------------- time helpers


def day_text(d: str, rng: random.Random) -> str:
    y, m, dd = d.split("-")
    return rng.choice([f"{int(dd)} {MONTHS[int(m) - 1]} {y}", f"{MONTHS[int(m) - 1]} {int(dd)}, {y}", d])


def month_text(m: str) -> str:
    y, mm = m.split("-")
    return f"{MONTHS[int(mm) - 1]} {y}"


def granule(d: str, level: str) -> str:
    return d if level == "day" else d[:7] if level == "month" else d[:4]


def granule_bounds(g: str) -> tuple[str, str]:
    if len(g) == 10:
        return g, g
    if len(g) == 7:
        y, m = int(g[:4]), int(g[5:])
        nxt = date(y + (m == 12), m % 12 + 1, 1)
        return f"{g}-01", (nxt - timedelta(days=1)).isoformat()
    return f"{g}-01-01", f"{g}-12-31"


def shift(d: str, days: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=days)).isoformat()


# --------------------------------------------------------------------------------------------------- the facts


@dataclass
class Facts:
    """Every current (subject, relation, object, day) of a store, indexed for the gold computations."""

    rows: list[tuple[str, str, str, str]]
    keys: dict[str, str]
    by_rel: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    triple_days: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)
    relations: list[str] = field(default_factory=list)
    by_entity: dict[str, list[tuple[str, str, str, str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        by_rel: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        triples: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        by_entity: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for s, r, o, d in self.rows:
            by_rel[r].append((s, o, d))
            triples[(s, r, o)].append(d)
            by_entity[s].append((s, r, o, d))
            by_entity[o].append((s, r, o, d))
        self.by_entity = dict(by_entity)
        self.by_rel = dict(by_rel)
        self.triple_days = {k: sorted(v) for k, v in triples.items()}
        self.relations = sorted(by_rel)
        self._views: dict[tuple[str, bool], View] = {}

    def view(self, rel: str, loose: bool) -> View:
        """The facts of ``rel`` as a reader takes them: strict (the relation, as stored) or loose (its narrower
        siblings added, a symmetric relation read both ways)."""
        key = (rel, loose)
        if key not in self._views:
            rels = [rel]
            if loose:
                rels += [r for r in self.relations if r != rel and r.startswith(FAMILY.get(rel, ("\0",)))]
            edges: list[tuple[str, str, str]] = []
            for r in rels:
                edges += self.by_rel.get(r, [])
                if loose and rel in SYMMETRIC:
                    edges += [(o, s, d) for s, o, d in self.by_rel.get(r, [])]
            self._views[key] = View(edges)
        return self._views[key]

    def anchor_days(self, s: str, rel: str, o: str, loose: bool) -> list[str]:
        v = self.view(rel, loose)
        return sorted(d for x, d in v.out.get(s, []) if x == o)


class View:
    """Edges (s, o, day) of one reading of one relation, by subject and by object, in day order."""

    def __init__(self, edges: list[tuple[str, str, str]]) -> None:
        out: dict[str, list[tuple[str, str]]] = defaultdict(list)
        inn: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for s, o, d in sorted(set(edges)):
            out[s].append((o, d))
            inn[o].append((s, d))
        self.out = {k: sorted(v, key=lambda t: (t[1], t[0])) for k, v in out.items()}
        self.inn = {k: sorted(v, key=lambda t: (t[1], t[0])) for k, v in inn.items()}

    def pattern(self, fixed: str, side: str, other: str | None = None) -> list[tuple[str, str]]:
        """(answer entity, day) for ``fixed`` as subject (side 'subject': answers are objects) or as object; with
        ``other``, only that counterpart (time questions)."""
        rows = (self.out if side == "subject" else self.inn).get(fixed, [])
        return [r for r in rows if other is None or r[0] == other]


def load_facts(store: Any) -> Facts:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, s.key AS sk, e.relation AS r, o.name AS o, o.key AS ok, toString(e.valid_from) AS d"
    )
    keys: dict[str, str] = {}
    facts: set[tuple[str, str, str, str]] = set()
    for row in rows:
        keys[row["s"]] = row["sk"]
        keys[row["o"]] = row["ok"]
        facts.add((row["s"], row["r"], row["o"], row["d"]))
    return Facts(sorted(facts), keys)


# --------------------------------------------------------------------------------------------------- gold specs


@dataclass(frozen=True)
class Spec:
    """What a question asks, enough to compute its gold twice.

    ``side``: the fixed entity's role ('subject': answers are objects, 'object': answers are subjects); ``other``:
    the counterpart for time questions; ``lo``/``hi``: the day window (inclusive) before any anchor; ``mode``: 'all',
    'first' or 'last'; ``anchor``: (s, relation, o) and ``anchor_rel``: 'after', 'before' or 'same_<level>', which
    narrows the window around the anchor's day; ``level``: granularity of a time answer."""

    rel: str
    fixed: str
    side: str
    answer_type: str
    lo: str
    hi: str
    mode: str = "all"
    other: str | None = None
    level: str = "day"
    anchor: tuple[str, str, str] | None = None
    anchor_rel: str | None = None
    qlevel: str | None = None


def window(spec: Spec, anchor_day: str | None) -> tuple[str, str]:
    lo, hi = spec.lo, spec.hi
    if anchor_day is None:
        return lo, hi
    if spec.anchor_rel == "after":
        return max(lo, shift(anchor_day, 1)), hi
    if spec.anchor_rel == "before":
        return lo, min(hi, shift(anchor_day, -1))
    level = str(spec.anchor_rel).removeprefix("same_")
    a, b = granule_bounds(granule(anchor_day, level))
    return max(lo, a), min(hi, b)


def gold(facts: Facts, spec: Spec, loose: bool) -> list[str] | None:
    """The gold answers under one reading, or None when the question has no clean answer (anchor not unique, an
    asked event on the anchor's day, nothing in the window)."""
    anchor_day = None
    if spec.anchor is not None:
        days = facts.anchor_days(spec.anchor[0], spec.anchor[1], spec.anchor[2], loose)
        if len(days) != 1:
            return None
        anchor_day = days[0]
    lo, hi = window(spec, anchor_day)
    rows = facts.view(spec.rel, loose).pattern(spec.fixed, spec.side, spec.other)
    if anchor_day is not None and spec.anchor_rel in ("after", "before") and any(d == anchor_day for _, d in rows):
        return None
    rows = [(x, d) for x, d in rows if lo <= d <= hi]
    if not rows:
        return None
    if spec.mode == "first":
        first = min(d for _, d in rows)
        rows = [r for r in rows if r[1] == first]
    elif spec.mode == "last":
        last = max(d for _, d in rows)
        rows = [r for r in rows if r[1] == last]
    if spec.answer_type == "time":
        return sorted({granule(d, spec.level) for _, d in rows})
    return sorted({x for x, _ in rows})


# The second computation: Cypher written per question shape, anchor day by its own query.
_ANCHOR_Q = """
MATCH (a:Entity {key: $sk})<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(b:Entity {key: $ok})
WHERE ev.relation = $rel AND ev.recorded_to IS NULL
RETURN collect(DISTINCT toString(ev.valid_from)) AS days
"""
_SIDE_MATCH = {
    "subject": "MATCH (f:Entity {key: $fk})<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(x:Entity)",
    "object": "MATCH (x:Entity)<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(f:Entity {key: $fk})",
}
_WHERE = (
    " WHERE ev.relation = $rel AND ev.recorded_to IS NULL AND ev.valid_from >= date($lo) AND ev.valid_from <= date($hi)"
    " AND ($xk IS NULL OR x.key = $xk)"
)


def check(store: Any, facts: Facts, spec: Spec) -> tuple[list[str] | None, str]:
    """Recompute a gold with Cypher; returns (answers or None, a description of how)."""
    anchor_day = None
    how = []
    if spec.anchor is not None:
        s, r, o = spec.anchor
        days = store.run(_ANCHOR_Q, sk=facts.keys[s], ok=facts.keys[o], rel=r)[0]["days"]
        if len(days) != 1:
            return None, "anchor not unique in Cypher"
        anchor_day = days[0]
        how.append(f"anchor day {anchor_day} by a pattern match on the anchor pair")
    lo, hi = window(spec, anchor_day)
    params = {
        "fk": facts.keys[spec.fixed],
        "rel": spec.rel,
        "lo": lo,
        "hi": hi,
        "xk": facts.keys[spec.other] if spec.other else None,
    }
    head = _SIDE_MATCH[spec.side] + _WHERE
    if spec.mode == "all":
        q = head + " RETURN DISTINCT x.name AS name, toString(ev.valid_from) AS d"
        how.append(f"distinct matches of {spec.rel} in [{lo}, {hi}]")
    else:
        agg = "min" if spec.mode == "first" else "max"
        q = (
            head
            + f" WITH {agg}(ev.valid_from) AS edge "
            + _SIDE_MATCH[spec.side]
            + _WHERE
            + " AND ev.valid_from = edge RETURN DISTINCT x.name AS name, toString(ev.valid_from) AS d"
        )
        how.append(f"{agg}(valid_from) of {spec.rel} in [{lo}, {hi}], then the matches on that day")
    rows = store.run(q, **params)
    if not rows:
        return None, "; ".join(how)
    if spec.answer_type == "time":
        return sorted({granule(r["d"], spec.level) for r in rows}), "; ".join(how) + f", as {spec.level}"
    return sorted({r["name"] for r in rows}), "; ".join(how)


# --------------------------------------------------------------------------------------------------- phrasing


@dataclass
class Ctx:
    store: str
    facts: Facts
    rng: random.Random
    lo: str
    hi: str
    years: list[str]
    pool: list[tuple[str, str, str, str]]


def lex(rel: str, rng: random.Random) -> Lex:
    return rng.choice(LEXICON[rel])


def headline(s: str, rel: str, o: str, rng: random.Random) -> str | None:
    """ "Iran slams US": a fact as a quoted headline."""
    hs, ho = headline_name(s, rng), headline_name(o, rng)
    if hs is None or ho is None:
        return None
    head = lex(rel, rng).head
    if hs[1]:
        head = plural_verb(head)
    return f'"{hs[0]} {head.format(o=ho[0])}"'


def who_obj(subj: str, lx: Lex) -> str:
    """'did Iran criticise' + ? : the object asked."""
    return squash(f"did {subj} {lx.base.format(o='')}")


def who_subj(obj: str, lx: Lex) -> str:
    """'criticised Iran': the subject asked."""
    return squash(lx.past.format(o=obj))


Template = Callable[[Ctx, tuple[str, str, str, str]], tuple[str, Spec, str] | None]


def _names(ctx: Ctx, *names: str) -> list[tuple[str, bool]] | None:
    out = []
    for n in names:
        m = mention(n, ctx.rng)
        if m is None:
            return None
        out.append(m)
    return out


def _year_scope(ctx: Ctx, d: str) -> tuple[str, str, str]:
    y = d[:4]
    return y, f"{y}-01-01", f"{y}-12-31"


# ---- equal


def t_eq_headline_blank(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, _o, d = f
    rng = ctx.rng
    hs = headline_name(s, rng)
    if hs is None:
        return None
    head = lex(r, rng).head
    if hs[1]:
        head = plural_verb(head)
    blank = f'"{hs[0]} {head.format(o="___")}"'
    q = rng.choice(
        [
            f"Monitoring digest for {day_text(d, rng)}: {blank}. Who goes in the blank?",
            f"Which names complete the headline {blank} on {day_text(d, rng)}?",
        ]
    )
    return q, Spec(r, s, "subject", "entity", d, d), "headline blank: object on a day"


def t_eq_month_subj(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    _s, r, o, d = f
    names = _names(ctx, o)
    if names is None:
        return None
    m = d[:7]
    lo, hi = granule_bounds(m)
    lx = lex(r, ctx.rng)
    q = ctx.rng.choice(
        [
            f"Who {who_subj(names[0][0], lx)} in {month_text(m)}?",
            f"During {month_text(m)}, which actors {who_subj(names[0][0], lx)}?",
        ]
    )
    return q, Spec(r, o, "object", "entity", lo, hi), "plain: subject in a month"


def t_eq_year_obj(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, _o, d = f
    names = _names(ctx, s)
    if names is None:
        return None
    y, lo, hi = _year_scope(ctx, d)
    lx = lex(r, ctx.rng)
    q = ctx.rng.choice(
        [
            f"Over the whole of {y}, who {who_obj(names[0][0], lx)}?",
            f"Name everyone {names[0][0]} {squash(lx.past.format(o=''))} in {y}.",
        ]
    )
    return q, Spec(r, s, "subject", "entity", lo, hi), "plain: object in a year"


def t_eq_time_month(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    hl = headline(s, r, o, ctx.rng)
    if hl is None:
        return None
    y, lo, hi = _year_scope(ctx, d)
    q = ctx.rng.choice(
        [
            f"Which month(s) of {y} carried the story {hl}?",
            f"In {y}, in which month or months did {hl} make the news?",
        ]
    )
    return q, Spec(r, s, "subject", "time", lo, hi, other=o, level="month"), "headline as event: month(s) in a year"


def t_eq_time_day(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    names = _names(ctx, s, o)
    if names is None:
        return None
    m = d[:7]
    lo, hi = granule_bounds(m)
    lx = lex(r, ctx.rng)
    q = f"On what date(s) in {month_text(m)} did {names[0][0]} {squash(lx.base.format(o=names[1][0]))}?"
    return q, Spec(r, s, "subject", "time", lo, hi, other=o, level="day"), "plain: day(s) in a month"


# ---- first / last


def t_fl_story_time(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    hl = headline(s, r, o, ctx.rng)
    if hl is None:
        return None
    y, lo, hi = _year_scope(ctx, d)
    mode = ctx.rng.choice(["first", "last"])
    level = ctx.rng.choice(["day", "month"])
    if level == "day":
        q = ctx.rng.choice(
            [f"When did the {hl} story {mode} happen in {y}?", f"On which day of {y} did {hl} run for the {mode} time?"]
        )
    else:
        word = "earliest" if mode == "first" else "latest"
        q = ctx.rng.choice(
            [
                f"Which month saw the {mode} {hl} headline of {y}?",
                f"In which month of {y} did the {word} {hl} story appear?",
            ]
        )
    return (
        q,
        Spec(r, s, "subject", "time", lo, hi, mode=mode, other=o, level=level),
        f"headline as event: {mode} {level}",
    )


def t_fl_year(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    """Year answers: last ever (mtq's data ends 2015, complete since late 2013) or first counting from 2014."""
    if ctx.store != "mtq":
        return None
    s, r, o, _d = f
    names = _names(ctx, s, o)
    if names is None:
        return None
    lx = lex(r, ctx.rng)
    act = squash(lx.base.format(o=names[1][0]))
    if ctx.rng.random() < 0.5:
        q = f"What is the most recent year in which {names[0][0]} {squash(lx.past.format(o=names[1][0]))}?"
        spec = Spec(r, s, "subject", "time", "2014-01-01", ctx.hi, mode="last", other=o, level="year")
        # the last ever must itself fall in 2014-2015: checked by the caller through an unscoped gold
        return q, spec, "plain: last year (unscoped)"
    q = f"Counting from January 2014, in which year did {names[0][0]} first {act}?"
    return (
        q,
        Spec(r, s, "subject", "time", "2014-01-01", ctx.hi, mode="first", other=o, level="year"),
        ("plain: first year from 2014"),
    )


def t_fl_entity(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    rng = ctx.rng
    y, lo, hi = _year_scope(ctx, d)
    mode = rng.choice(["first", "last"])
    lx = lex(r, rng)
    if rng.random() < 0.5:
        names = _names(ctx, s)
        if names is None:
            return None
        q = rng.choice(
            [
                f"In {y}, who {who_obj(names[0][0], lx)} {mode}?",
                f"Who was the {mode} that {names[0][0]} {squash(lx.past.format(o=''))} in {y}?",
            ]
        )
        return q, Spec(r, s, "subject", "entity", lo, hi, mode=mode), f"plain: {mode} object in a year"
    names = _names(ctx, o)
    if names is None:
        return None
    q = rng.choice(
        [
            f"Who was the {mode} to {squash(lx.base.format(o=names[0][0]))} in {y}?",
            f"Of everyone who {who_subj(names[0][0], lx)} during {y}, who did it {mode}?",
        ]
    )
    return q, Spec(r, o, "object", "entity", lo, hi, mode=mode), f"plain: {mode} subject in a year"


def t_fl_month_of(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    names = _names(ctx, s, o)
    if names is None:
        return None
    y, lo, hi = _year_scope(ctx, d)
    mode = ctx.rng.choice(["first", "last"])
    lx = lex(r, ctx.rng)
    act = squash(lx.base.format(o=names[1][0]))
    q = ctx.rng.choice(
        [
            f"In which month of {y} did {names[0][0]} {mode} {act}?",
            f"Which month of {y} saw {names[0][0]} {mode} {act}?",
        ]
    )
    return q, Spec(r, s, "subject", "time", lo, hi, mode=mode, other=o, level="month"), f"time as subject: {mode} month"


# ---- before / after


def t_ba_date(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    rng = ctx.rng
    after = rng.random() < 0.5
    b = shift(d, -rng.randint(1, 25) if after else rng.randint(1, 25))
    if not ctx.lo <= b <= ctx.hi:
        return None
    if rng.random() < 0.5:
        text, first_day, last_day, level = day_text(b, rng), b, b, "day"
    else:
        first_day, last_day = granule_bounds(b[:7])
        text, level = month_text(b[:7]), "month"
    lx = lex(r, rng)
    side = rng.choice(["subject", "object"])
    fixed = s if side == "subject" else o
    names = _names(ctx, fixed)
    if names is None:
        return None
    if after:
        lo, hi = shift(last_day, 1), ctx.hi
        if side == "subject":
            q = rng.choice(
                [
                    f"After {text}, who {who_obj(names[0][0], lx)}?",
                    f"Who {who_obj(names[0][0], lx)} at any point after {text}?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"After {text}, who {who_subj(names[0][0], lx)}?",
                    f"Which actors {who_subj(names[0][0], lx)} after {text}?",
                ]
            )
    else:
        y = b[:4]
        lo, hi = f"{y}-01-01", shift(first_day, -1)
        if lo > hi:
            return None
        scope = f" in {y}" if ctx.store == "mtq" else ""
        if side == "subject":
            q = f"Who {who_obj(names[0][0], lx)}{scope} before {text}?"
        else:
            q = rng.choice(
                [
                    f"Before {text}, which actors {who_subj(names[0][0], lx)}{scope}?",
                    f"Who {who_subj(names[0][0], lx)}{scope} before {text}?",
                ]
            )
    word = "after" if after else "before"
    return q, Spec(r, fixed, side, "entity", lo, hi, qlevel=level), f"plain: {word} a {level}"


def t_ba_headline(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    """Asked fact f; anchor a different unique fact of one of its entities, before or after it."""
    s, r, _o, d = f
    rng = ctx.rng
    anchor = pick_anchor(ctx, s, d, rng.choice(["before", "after"]))
    if anchor is None:
        return None
    (a_s, a_r, a_o, a_d), where = anchor
    hl = headline(a_s, a_r, a_o, rng)
    names = _names(ctx, s)
    if hl is None or names is None:
        return None
    lx = lex(r, rng)
    if where == "after":  # anchor after f: asked events before the anchor
        y = a_d[:4]
        lo = f"{y}-01-01" if ctx.store == "mtq" else ctx.lo
        scope = f" earlier in {y}" if ctx.store == "mtq" else ""
        q = rng.choice(
            [
                f"Before the {hl} headline, who {who_obj(names[0][0], lx)}{scope}?",
                f"Who {who_obj(names[0][0], lx)}{scope} ahead of {hl}?",
            ]
        )
        return (
            q,
            Spec(r, s, "subject", "entity", lo, ctx.hi, anchor=(a_s, a_r, a_o), anchor_rel="before"),
            ("headline as anchor: before"),
        )
    q = rng.choice(
        [
            f"In the wake of {hl}, who {who_obj(names[0][0], lx)}?",
            f"Once {hl} had run, who {who_obj(names[0][0], lx)} afterwards?",
        ]
    )
    return (
        q,
        Spec(r, s, "subject", "entity", ctx.lo, ctx.hi, anchor=(a_s, a_r, a_o), anchor_rel="after"),
        ("headline as anchor: after"),
    )


def pick_anchor(ctx: Ctx, entity: str, d: str, where: str) -> tuple[tuple[str, str, str, str], str] | None:
    """A fact of ``entity`` with a lexicon relation, unique in the store, some days before or after ``d``."""
    rows = ctx.facts.by_entity.get(entity, [])
    lo, hi = ctx.lo, ctx.hi
    pick = [
        x
        for x in rows
        if x[1] in LEXICON
        and lo <= x[3] <= hi
        and ((where == "before" and x[3] < d) or (where == "after" and x[3] > d))
        and len(ctx.facts.triple_days[(x[0], x[1], x[2])]) == 1
    ]
    if not pick:
        return None
    return ctx.rng.choice(pick), ("after" if where == "after" else "before")


# ---- after_first / before_last


def t_next(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    """after_first (anchor before f) or before_last (anchor after f); entity or time answer."""
    s, r, o, d = f
    rng = ctx.rng
    where = rng.choice(["before", "after"])  # where the anchor is relative to f
    anchor = pick_anchor(ctx, s, d, where)
    if anchor is None:
        return None
    (a_s, a_r, a_o, _a_d), _ = anchor
    hl = headline(a_s, a_r, a_o, rng)
    names = _names(ctx, s, o)
    if hl is None or names is None:
        return None
    lx = lex(r, rng)
    qtype = "after_first" if where == "before" else "before_last"
    rel = "after" if where == "before" else "before"
    mode = "first" if where == "before" else "last"
    if rng.random() < 0.55:
        if qtype == "after_first":
            q = rng.choice(
                [
                    f"After {hl}, who did {names[0][0]} {squash(lx.base.format(o=''))} next?",
                    f"Following the {hl} headline, who was the first that {names[0][0]} "
                    f"{squash(lx.past.format(o=''))}?",
                ]
            )
        else:
            q = rng.choice(
                [
                    f"Right before {hl}, who did {names[0][0]} most recently {squash(lx.base.format(o=''))}?",
                    f"Who was the last that {names[0][0]} {squash(lx.past.format(o=''))} before the {hl} story?",
                ]
            )
        spec = Spec(r, s, "subject", "entity", ctx.lo, ctx.hi, mode=mode, anchor=(a_s, a_r, a_o), anchor_rel=rel)
        return q, spec, f"headline as anchor: {mode} object {rel}"
    level = rng.choice(["day", "month"])
    act = squash(lx.base.format(o=names[1][0]))
    if qtype == "after_first":
        q = (
            f"When did {names[0][0]} next {act} after {hl}?"
            if level == "day"
            else f"In which month did {names[0][0]} next {act} after {hl}?"
        )
    else:
        q = (
            f"Before {hl}, when did {names[0][0]} last {act}?"
            if level == "day"
            else f"Which month saw {names[0][0]} last {act} before {hl}?"
        )
    spec = Spec(
        r, s, "subject", "time", ctx.lo, ctx.hi, mode=mode, other=o, level=level, anchor=(a_s, a_r, a_o), anchor_rel=rel
    )
    return q, spec, f"headline as anchor: {mode} {level} {rel}"


# ---- equal_multi


def t_same(ctx: Ctx, f: tuple[str, str, str, str]) -> tuple[str, Spec, str] | None:
    s, r, o, d = f
    rng = ctx.rng
    rows = ctx.facts.by_entity.get(s, []) + ctx.facts.by_entity.get(o, [])
    level = rng.choice(["day", "month", "month", "year"])
    g = granule(d, level)
    pick = [
        x
        for x in rows
        if x[1] in LEXICON
        and x[1] != r
        and granule(x[3], level) == g
        and ctx.lo <= x[3] <= ctx.hi
        and len(ctx.facts.triple_days[(x[0], x[1], x[2])]) == 1
    ]
    if not pick:
        return None
    a_s, a_r, a_o, _ = rng.choice(sorted(pick))
    lx = lex(r, rng)
    side = rng.choice(["subject", "object"])
    fixed = s if side == "subject" else o
    names = _names(ctx, fixed)
    if names is None:
        return None
    asked = who_obj(names[0][0], lx) if side == "subject" else who_subj(names[0][0], lx)
    prep = "on" if level == "day" else "in"
    if rng.random() < 0.5:
        hl = headline(a_s, a_r, a_o, rng)
        if hl is None:
            return None
        q = rng.choice(
            [
                f"{capital(prep)} the same {level} as {hl}, who {asked}?",
                f"Who {asked} {prep} the {level} of the {hl} story?",
            ]
        )
        how = "headline as anchor"
    else:
        an = _names(ctx, a_s, a_o)
        if an is None:
            return None
        alx = lex(a_r, rng)
        q = f"Who {asked} {prep} the same {level} that {an[0][0]} {squash(alx.past.format(o=an[1][0]))}?"
        how = "clause as anchor"
    spec = Spec(r, fixed, side, "entity", ctx.lo, ctx.hi, anchor=(a_s, a_r, a_o), anchor_rel=f"same_{level}")
    return q, spec, f"{how}: same {level}"


TEMPLATES: list[tuple[str, Template, float]] = [
    ("equal", t_eq_headline_blank, 0.05),
    ("equal", t_eq_month_subj, 0.05),
    ("equal", t_eq_year_obj, 0.04),
    ("equal", t_eq_time_month, 0.05),
    ("equal", t_eq_time_day, 0.04),
    ("first_last", t_fl_story_time, 0.08),
    ("first_last", t_fl_year, 0.04),
    ("first_last", t_fl_entity, 0.08),
    ("first_last", t_fl_month_of, 0.05),
    ("before_after", t_ba_date, 0.09),
    ("before_after", t_ba_headline, 0.09),
    ("after_first", t_next, 0.0),
    ("equal_multi", t_same, 0.16),
]
# t_next makes both after_first and before_last: its share is counted separately.
NEXT_SHARE = 0.18


# --------------------------------------------------------------------------------------------------- assembly


def qtype_of(template: Template, spec: Spec) -> str:
    if template is t_next:
        return "after_first" if spec.anchor_rel == "after" else "before_last"
    for qt, t, _ in TEMPLATES:
        if t is template:
            return qt
    raise ValueError(template)


def time_level(spec: Spec) -> str:
    """The granularity the question works at: the answer's for time answers, else the stated period's."""
    if spec.answer_type == "time":
        return spec.level
    if spec.qlevel:
        return spec.qlevel
    if spec.anchor_rel and spec.anchor_rel.startswith("same_"):
        return spec.anchor_rel.removeprefix("same_")
    if spec.anchor is None and spec.mode == "all":
        if spec.lo == spec.hi:
            return "day"
        if spec.lo[:7] == spec.hi[:7]:
            return "month"
        return "year"
    return "day"


def accept(ctx: Ctx, spec: Spec, construction: str) -> list[str] | None:
    g1 = gold(ctx.facts, spec, loose=False)
    if g1 is None or not 1 <= len(g1) <= MAX_GOLD:
        return None
    if gold(ctx.facts, spec, loose=True) != g1:
        return None
    if "unscoped" in construction:
        wide = Spec(**{**spec.__dict__, "lo": "0000-01-01"})
        if gold(ctx.facts, wide, loose=False) != g1 or gold(ctx.facts, wide, loose=True) != g1:
            return None
    if spec.answer_type == "entity" and spec.fixed in g1:
        return None
    return g1


def generate(store_name: str, store: Any, facts: Facts) -> tuple[list[dict[str, Any]], int]:
    rng = random.Random(f"{SEED}-{store_name}")
    lo, hi = PERIODS[store_name]
    pool = [row for row in facts.rows if row[1] in LEXICON and lo <= row[3] <= hi]
    by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
    for row in pool:
        by_rel[row[1]].append(row)
    rels = sorted(r for r, rows in by_rel.items() if len(rows) >= 20)
    years = sorted({row[3][:4] for row in pool})
    ctx = Ctx(store_name, facts, rng, lo, hi, years, pool)
    target = TARGETS[store_name]
    plan: list[Template] = []
    for _, t, share in TEMPLATES:
        plan += [t] * round(share * target)
    plan += [t_next] * round(NEXT_SHARE * target)
    rng.shuffle(plan)
    # Templates that find nothing on this store leave slots: refill them from the whole list until the target.
    weights = [share for _, _, share in TEMPLATES] + [NEXT_SHARE]
    choices = [t for _, t, _ in TEMPLATES] + [t_next]
    plan += rng.choices(choices, weights=weights, k=3 * target)
    per_rel: Counter[str] = Counter()
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    dropped = 0
    for template in plan:
        if len(out) >= target:
            break
        for _ in range(400):
            rel = rng.choice(rels)
            if per_rel[rel] >= MAX_PER_RELATION:
                continue
            f = rng.choice(by_rel[rel])
            made = template(ctx, f)
            if made is None:
                continue
            question, spec, construction = made
            if question in seen:
                continue
            g = accept(ctx, spec, construction)
            if g is None:
                continue
            checked, how = check(store, facts, spec)
            agrees = checked == g
            if not agrees:
                dropped += 1
                continue
            seen.add(question)
            per_rel[spec.rel] += 1
            qtype = qtype_of(template, spec)
            n = len(out) + 1
            qid = f"{PREFIX[store_name]}{n:03d}"
            level = time_level(spec)
            out.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": store_name,
                    "question": question,
                    "answers": g,
                    "answer_type": spec.answer_type,
                    "time_level": level,
                    "qtype": qtype,
                    "qlabel": "Single" if qtype in ("equal", "first_last", "before_after") else "Multiple",
                    "construction": f"{template.__name__}: {construction}",
                    "check": how,
                    "check_agrees": agrees,
                    "evidence": [],
                }
            )
            break
    return out, dropped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(TARGETS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        facts = load_facts(store)
        rows, dropped = generate(args.store, store, facts)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts = Counter(r["qtype"] for r in rows)
    print(
        f"{args.store}: {len(rows)} questions, {dropped} dropped by the Cypher check; {dict(sorted(counts.items()))}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
