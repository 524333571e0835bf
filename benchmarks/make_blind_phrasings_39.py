"""Blind held-out question set 39: MultiTQ-style questions with gold answers computed from the stores.

Why: the symbolic temporal reader was tuned on MultiTQ's own phrasings; these questions are written fresh (own words,
own constructions) so its accuracy on them is an honest held-out figure. Gold answers are computed in Python over ALL
(subject, relation, object, day) facts of the store (one Cypher read), and every gold set is recomputed by a second,
differently written Cypher query per question (object side or subject side, string dates, aggregation in Cypher,
anchors re-found in Cypher); a disagreeing question is dropped.

Stores (read only): ``mtq`` (ICEWS05-15, a ~20% sample before 2013-11-18, so every asked date, window, anchor and
scope lies in 2014-2015) and ``bench`` (ICEWS14, all of 2014). Connection settings come from the environment
(``TKGRAG_INSTANCE``/``TKGRAG_BOLT_PORT``/``TKGRAG_HTTP_PORT``); no schema is applied.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_39.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_39.py --store bench --out <dir>/blind_icews14.jsonl

Deterministic: seed 20261239 (one ``random.Random`` per store), facts sorted before sampling.
"""

from __future__ import annotations

import argparse
import json
import random
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261239
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# ---------------------------------------------------------------------------------------------- relation wording
# act: past-tense verb phrases with {o}; inf: base form with {o}; pas: participle for "{o} was ... by"
# (None where English has no natural passive); noun: a noun phrase naming one event of {s} and {o}.


@dataclass(frozen=True)
class Rel:
    act: tuple[str, ...]
    inf: tuple[str, ...]
    pas: str | None
    noun: str


RELS: dict[str, Rel] = {
    "Make_statement": Rel(
        ("made a statement about {o}", "issued a public statement concerning {o}", "commented publicly on {o}"),
        ("make a statement about {o}", "comment publicly on {o}"),
        None,
        "{s}'s statement about {o}",
    ),
    "Consult": Rel(
        ("consulted {o}", "held consultations with {o}", "conferred with {o}"),
        ("consult {o}", "hold consultations with {o}"),
        "consulted",
        "the consultations between {s} and {o}",
    ),
    "Make_an_appeal_or_request": Rel(
        ("made an appeal or request to {o}", "appealed to {o}", "put a request to {o}"),
        ("appeal to {o}", "make a request to {o}"),
        "appealed to",
        "{s}'s appeal to {o}",
    ),
    "Express_intent_to_meet_or_negotiate": Rel(
        (
            "declared a readiness to meet or negotiate with {o}",
            "expressed a wish to meet or negotiate with {o}",
            "signalled an intention to meet or negotiate with {o}",
        ),
        ("express an intent to meet or negotiate with {o}", "signal willingness to meet or negotiate with {o}"),
        None,
        "{s}'s offer to meet or negotiate with {o}",
    ),
    "Make_a_visit": Rel(
        ("visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"),
        ("visit {o}", "pay a visit to {o}"),
        "visited",
        "the visit of {s} to {o}",
    ),
    "Host_a_visit": Rel(
        ("hosted {o}", "received {o} as a visitor", "welcomed {o} on a visit"),
        ("host {o}", "receive {o} on a visit"),
        "hosted",
        "{s}'s hosting of {o}",
    ),
    "Arrest,_detain,_or_charge_with_legal_action": Rel(
        (
            "arrested, detained or charged {o}",
            "took legal action (arrest, detention or charges) against {o}",
            "detained or charged {o}",
        ),
        ("arrest, detain or charge {o}", "take legal action against {o}"),
        "arrested, detained or charged",
        "the arrest, detention or charging of {o} by {s}",
    ),
    "Praise_or_endorse": Rel(
        ("praised {o}", "endorsed {o}", "spoke approvingly of {o}"),
        ("praise {o}", "endorse {o}"),
        "praised",
        "{s}'s praise for {o}",
    ),
    "Criticize_or_denounce": Rel(
        ("criticized {o}", "denounced {o}", "condemned {o}"),
        ("criticize {o}", "denounce {o}"),
        "criticized",
        "{s}'s criticism of {o}",
    ),
    "Use_conventional_military_force": Rel(
        (
            "used conventional military force against {o}",
            "took military action against {o}",
            "attacked {o} with conventional military force",
        ),
        ("use military force against {o}", "take military action against {o}"),
        "attacked with conventional military force",
        "the military action of {s} against {o}",
    ),
    "Engage_in_negotiation": Rel(
        ("negotiated with {o}", "held negotiations with {o}", "entered into talks with {o}"),
        ("negotiate with {o}", "hold negotiations with {o}"),
        None,
        "the negotiations between {s} and {o}",
    ),
    "Accuse": Rel(
        ("accused {o}", "levelled accusations at {o}", "made accusations against {o}"),
        ("accuse {o}", "level accusations at {o}"),
        "accused",
        "{s}'s accusations against {o}",
    ),
    "Use_unconventional_violence": Rel(
        ("used unconventional violence against {o}", "carried out unconventional violence against {o}"),
        ("use unconventional violence against {o}",),
        "targeted with unconventional violence",
        "the unconventional violence of {s} against {o}",
    ),
    "Engage_in_diplomatic_cooperation": Rel(
        ("engaged in diplomatic cooperation with {o}", "cooperated diplomatically with {o}"),
        ("cooperate diplomatically with {o}", "engage in diplomatic cooperation with {o}"),
        None,
        "the diplomatic cooperation of {s} with {o}",
    ),
    "Sign_formal_agreement": Rel(
        (
            "signed a formal agreement with {o}",
            "concluded a formal agreement with {o}",
            "put pen to a formal agreement with {o}",
        ),
        ("sign a formal agreement with {o}", "conclude a formal agreement with {o}"),
        None,
        "the formal agreement signed by {s} with {o}",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": Rel(
        (
            "expressed an intent to engage in diplomatic cooperation (such as policy support) with {o}",
            "signalled willingness to cooperate diplomatically (e.g. with policy support) with {o}",
        ),
        ("express an intent to cooperate diplomatically with {o}",),
        None,
        "{s}'s stated intent to cooperate diplomatically with {o}",
    ),
    "Express_intent_to_cooperate": Rel(
        (
            "expressed an intent to cooperate with {o}",
            "declared willingness to cooperate with {o}",
            "voiced a wish to cooperate with {o}",
        ),
        ("express an intent to cooperate with {o}", "voice a wish to cooperate with {o}"),
        None,
        "{s}'s stated wish to cooperate with {o}",
    ),
    "Demand": Rel(
        ("made demands of {o}", "issued a demand to {o}", "put demands to {o}"),
        ("make demands of {o}", "issue a demand to {o}"),
        None,
        "{s}'s demand to {o}",
    ),
    "Investigate": Rel(
        ("investigated {o}", "launched an investigation into {o}", "probed {o}"),
        ("investigate {o}", "open an investigation into {o}"),
        "investigated",
        "{s}'s investigation of {o}",
    ),
    "fight_with_small_arms_and_light_weapons": Rel(
        ("fought {o} with small arms and light weapons", "clashed with {o} using small arms and light weapons"),
        ("fight {o} with small arms and light weapons",),
        None,
        "the small-arms fighting of {s} against {o}",
    ),
    "Make_optimistic_comment": Rel(
        ("made an optimistic comment about {o}", "spoke optimistically about {o}", "sounded upbeat about {o}"),
        ("make an optimistic comment about {o}", "speak optimistically about {o}"),
        None,
        "{s}'s optimistic remarks about {o}",
    ),
    "Reject": Rel(
        ("rejected {o}", "turned down {o}", "rebuffed {o}"),
        ("reject {o}", "rebuff {o}"),
        "rejected",
        "{s}'s rejection of {o}",
    ),
    "Discuss_by_telephone": Rel(
        ("spoke by telephone with {o}", "had a phone call with {o}", "talked on the phone with {o}"),
        ("talk by phone with {o}", "hold a phone call with {o}"),
        None,
        "the phone call of {s} with {o}",
    ),
    "Make_pessimistic_comment": Rel(
        ("made a pessimistic comment about {o}", "spoke pessimistically about {o}", "sounded gloomy about {o}"),
        ("make a pessimistic comment about {o}",),
        None,
        "{s}'s pessimistic remarks about {o}",
    ),
    "Threaten": Rel(
        ("threatened {o}", "issued threats against {o}", "made threats toward {o}"),
        ("threaten {o}", "issue threats against {o}"),
        "threatened",
        "{s}'s threats against {o}",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": Rel(
        (
            "appealed to {o} for diplomatic cooperation",
            "called on {o} for diplomatic cooperation (such as policy support)",
        ),
        ("appeal to {o} for diplomatic cooperation",),
        None,
        "{s}'s call on {o} for diplomatic cooperation",
    ),
    "Engage_in_symbolic_act": Rel(
        ("engaged in a symbolic act toward {o}", "made a symbolic gesture toward {o}"),
        ("make a symbolic gesture toward {o}",),
        None,
        "{s}'s symbolic gesture toward {o}",
    ),
    "Abduct,_hijack,_or_take_hostage": Rel(
        ("abducted, hijacked or took hostage {o}", "kidnapped or took hostage {o}"),
        ("abduct or take hostage {o}",),
        "abducted, hijacked or taken hostage",
        "the abduction of {o} by {s}",
    ),
    "Meet_at_a_'third'_location": Rel(
        ("met {o} at a third location", "met {o} on neutral ground (a 'third' location)"),
        ("meet {o} at a third location",),
        None,
        "the meeting of {s} with {o} at a third location",
    ),
    "Make_empathetic_comment": Rel(
        ("made an empathetic comment about {o}", "expressed sympathy for {o}"),
        ("express sympathy for {o}",),
        None,
        "{s}'s words of sympathy for {o}",
    ),
    "Provide_humanitarian_aid": Rel(
        ("provided humanitarian aid to {o}", "sent humanitarian assistance to {o}"),
        ("provide humanitarian aid to {o}",),
        "given humanitarian aid",
        "the humanitarian aid from {s} to {o}",
    ),
    "Provide_aid": Rel(
        ("provided aid to {o}", "gave aid to {o}"),
        ("provide aid to {o}",),
        "given aid",
        "the aid from {s} to {o}",
    ),
    "Reduce_relations": Rel(
        ("reduced relations with {o}", "scaled back relations with {o}"),
        ("reduce relations with {o}",),
        None,
        "{s}'s downgrading of relations with {o}",
    ),
    "Cooperate_economically": Rel(
        ("cooperated economically with {o}", "worked together economically with {o}"),
        ("cooperate economically with {o}",),
        None,
        "the economic cooperation of {s} with {o}",
    ),
    "Physically_assault": Rel(
        ("physically assaulted {o}", "attacked {o} physically"),
        ("physically assault {o}",),
        "physically assaulted",
        "the physical assault on {o} by {s}",
    ),
    "Employ_aerial_weapons": Rel(
        ("used aerial weapons against {o}", "carried out air strikes on {o}"),
        ("use aerial weapons against {o}",),
        "struck with aerial weapons",
        "the air strikes of {s} on {o}",
    ),
    "Occupy_territory": Rel(
        ("occupied territory of {o}", "seized and held territory of {o}"),
        ("occupy territory of {o}",),
        None,
        "{s}'s occupation of territory of {o}",
    ),
    "Express_intent_to_cooperate_economically": Rel(
        ("expressed an intent to cooperate economically with {o}", "called for economic cooperation with {o}"),
        ("express an intent to cooperate economically with {o}",),
        None,
        "{s}'s stated wish for economic cooperation with {o}",
    ),
}

# ---------------------------------------------------------------------------------------------- entity wording
# Sector entities "Police (Kenya)" read as a person would say them; a name with an unlisted sector is never asked
# about (it can still be an answer, spelled as the KG spells it).
SECTORS: dict[str, tuple[str, ...]] = {
    "Police": ("the police in {c}", "{c}'s police"),
    "Citizen": ("citizens of {c}", "ordinary people in {c}"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Military": ("the military of {c}", "{c}'s armed forces"),
    "Foreign Affairs": ("the foreign ministry of {c}", "{c}'s foreign affairs ministry"),
    "Protester": ("protesters in {c}",),
    "Armed Rebel": ("armed rebels in {c}",),
    "Court Judge": ("a court judge in {c}", "judges in {c}"),
    "Lawmaker": ("lawmakers in {c}",),
    "Legislature": ("the legislature of {c}", "{c}'s parliament"),
    "Media": ("the media in {c}",),
    "Criminal": ("criminals in {c}",),
    "Women": ("women in {c}",),
    "Children": ("children in {c}",),
    "Men": ("men in {c}",),
    "Military Personnel": ("military personnel of {c}", "soldiers from {c}"),
    "Activist": ("activists in {c}",),
    "Other Authorities / Officials": ("officials in {c}",),
    "Government Official": ("government officials of {c}",),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}",),
    "Employee": ("employees in {c}",),
    "Party Member": ("party members in {c}",),
    "Combatant": ("combatants in {c}",),
    "Armed Gang": ("armed gangs in {c}",),
    "Businessperson": ("business people in {c}",),
    "Business": ("businesses in {c}",),
    "Education": ("the education sector in {c}",),
}


def entity_phrases(name: str) -> tuple[str, ...] | None:
    """Ways to say an entity, or None when it cannot be said without guessing."""
    if "(" not in name:
        ok = name.strip() and name.isprintable() and "," not in name and "Unidentified" not in name
        return (name,) if ok else None
    head, _, rest = name.partition(" (")
    if not rest.endswith(")") or "(" in rest or "," in rest or "Unidentified" in rest or "International" in rest:
        return None
    country = rest[:-1]
    forms = SECTORS.get(head)
    if not forms:
        return None
    if country.endswith("s"):  # "Philippines' police", not "Philippines's police"
        forms = tuple(f.replace("{c}'s", "{c}'") for f in forms)
    return tuple(f.format(c=country) for f in forms)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------------------------- dates
def fmt_day(d: date, rng: random.Random) -> str:
    k = rng.randrange(4)
    if k == 0:
        return d.isoformat()
    if k == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if k == 2:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    return f"{WEEKDAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}"


def fmt_month(y: int, m: int, rng: random.Random) -> str:
    return f"{MONTHS[m - 1]} {y}" if rng.random() < 0.8 else f"{y}-{m:02d}"


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (5, 1): "May Day",
    (7, 4): "the Fourth of July",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
}


# ---------------------------------------------------------------------------------------------- facts
@dataclass
class Facts:
    quads: list[tuple[str, str, str, date]]
    ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.ro[(r, o)].append((d, s))
            self.sro[(s, r, o)].append(d)
        for v in self.ro.values():
            v.sort()
        for w in self.sro.values():
            w.sort()

    def subjects(self, r: str, o: str, lo: date, hi: date) -> set[str]:
        ev = self.ro.get((r, o), [])
        i = bisect_left(ev, (lo, ""))
        out = set()
        while i < len(ev) and ev[i][0] <= hi:
            out.add(ev[i][1])
            i += 1
        return out

    def days(self, s: str, r: str, o: str, lo: date, hi: date) -> list[date]:
        ds = self.sro.get((s, r, o), [])
        return ds[bisect_left(ds, lo) : bisect_right(ds, hi)]

    def subjects_on_extreme(self, r: str, o: str, lo: date, hi: date, last: bool) -> tuple[date | None, set[str]]:
        ev = [(d, s) for d, s in self.ro.get((r, o), []) if lo <= d <= hi]
        if not ev:
            return None, set()
        d0 = ev[-1][0] if last else ev[0][0]
        return d0, {s for d, s in ev if d == d0}


def read_facts(store: Any) -> Facts:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    quads = sorted({(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows}, key=lambda q: (q[3], q[0], q[1], q[2]))
    return Facts(quads)


# ---------------------------------------------------------------------------------------------- second checks
# Each is written differently from the Python gold: it matches from the other side of the event, compares date
# strings or date components, aggregates in Cypher, and re-finds anchors (with their uniqueness) in Cypher.
CK_SUBJECTS_STR = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
    "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
    "MATCH (e)-[:SUBJECT]->(s:Entity) WHERE NOT s.name IN $exclude RETURN collect(DISTINCT s.name) AS ans"
)
CK_TIMES = (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) WHERE s.name = $s AND o.name = $o "
    "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS ans"
)
CK_EXTREME_SUBJECTS = (
    "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from.year * 10000 + e.valid_from.month * 100 + e.valid_from.day >= $loi "
    "AND e.valid_from.year * 10000 + e.valid_from.month * 100 + e.valid_from.day <= $hii "
    "WITH CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS x "
    "MATCH (s:Entity)<-[:SUBJECT]-(f:Event {relation: $r, valid_from: x})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE NOT s.name IN $exclude RETURN collect(DISTINCT s.name) AS ans"
)
CK_EXTREME_TIME = (
    "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r "
    "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
    "WITH collect(toString(e.valid_from)) AS ds WHERE size(ds) > 0 "
    "WITH CASE WHEN $last THEN reduce(m = ds[0], x IN ds | CASE WHEN x > m THEN x ELSE m END) "
    "ELSE reduce(m = ds[0], x IN ds | CASE WHEN x < m THEN x ELSE m END) END AS d "
    "RETURN [substring(d, 0, $n)] AS ans"
)
# The anchor, found from its object side, must be one event in the whole store; {body} then uses its date `a`.
CK_ANCHOR = (
    "MATCH (ao:Entity {name: $ao})<-[:OBJECT]-(x:Event)-[:SUBJECT]->(as_:Entity {name: $as}) WHERE x.relation = $ar "
    "WITH collect(x.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS a "
)
CK_ANCHOR_RANGE = CK_ANCHOR + (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r "
    "AND e.valid_from >= a + duration({days: $from_off}) AND e.valid_from <= a + duration({days: $to_off}) "
    "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) AND NOT s.name IN $exclude "
    "RETURN collect(DISTINCT s.name) AS ans"
)
CK_ANCHOR_SAME = CK_ANCHOR + (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r "
    "AND substring(toString(e.valid_from), 0, $n) = substring(toString(a), 0, $n) AND NOT s.name IN $exclude "
    "RETURN collect(DISTINCT s.name) AS ans"
)
CK_ANCHOR_NEXT = CK_ANCHOR + (
    "MATCH (e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r AND "
    "CASE WHEN $last THEN e.valid_from < a AND e.valid_from >= date($lo) "
    "ELSE e.valid_from > a AND e.valid_from <= date($hi) END "
    "WITH CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS y "
    "MATCH (s:Entity)<-[:SUBJECT]-(f:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE f.relation = $r "
    "AND f.valid_from = y RETURN collect(DISTINCT s.name) AS ans"
)


# ---------------------------------------------------------------------------------------------- builder
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


MULTIPLE = {"equal_multi", "after_first", "before_last"}


class Gen:
    def __init__(self, facts: Facts, store_name: str, rng: random.Random) -> None:
        self.f = facts
        self.store = store_name
        self.rng = rng
        self.lo = date(2014, 1, 1)
        self.hi = date(2015, 12, 31) if store_name == "mtq" else date(2014, 12, 31)
        # Candidate facts: inside the askable period, known relation, both ends sayable.
        self.cands = [
            q
            for q in facts.quads
            if self.lo <= q[3] <= self.hi and q[1] in RELS and entity_phrases(q[0]) and entity_phrases(q[2])
        ]
        self.by_entity: dict[str, list[tuple[str, str, str, date]]] = defaultdict(list)
        for q in self.cands:
            self.by_entity[q[0]].append(q)
            if q[2] != q[0]:
                self.by_entity[q[2]].append(q)
        self.whole_lo = min(q[3] for q in facts.quads)
        self.whole_hi = max(q[3] for q in facts.quads)

    # helpers ---------------------------------------------------------------------------------------------
    def pick(self, xs: Any) -> Any:
        return xs[self.rng.randrange(len(xs))]

    def ent(self, name: str) -> str:
        forms = entity_phrases(name)
        assert forms
        return self.pick(forms)

    def act(self, r: str, o: str) -> str:
        return self.pick(RELS[r].act).format(o=self.ent(o))

    def perfect(self, r: str, o: str) -> str:
        """The past participle for "who had ...": the act phrases' irregular verbs (spoke, took, gave) changed."""
        words = self.act(r, o).split(" ")
        fix = {"spoke": "spoken", "took": "taken", "gave": "given"}
        return " ".join(fix.get(w, w) for w in words)

    def possessive(self, name: str) -> str | None:
        forms = [f for f in entity_phrases(name) or () if f[:1].isupper() and "'" not in f and " in " not in f]
        forms = [f for f in forms if " of " not in f]
        if not forms:
            return None
        f = self.pick(forms)
        return f + ("'" if f.endswith("s") else "'s")

    def inf(self, r: str, o: str) -> str:
        return self.pick(RELS[r].inf).format(o=self.ent(o))

    def noun(self, r: str, s: str, o: str) -> str | None:
        """A noun phrase for one event, or None where the possessive would read badly ("the police in X's")."""
        forms = entity_phrases(s) or ()
        if "{s}'s" in RELS[r].noun:
            forms = tuple(f for f in forms if f[:1].isupper() and "'" not in f and " in " not in f and " of " not in f)
        if not forms:
            return None
        sp = self.pick(forms)
        tmpl = RELS[r].noun.replace("{s}'s", "{s}'" if sp.endswith("s") else "{s}'s")
        return tmpl.format(s=sp, o=self.ent(o))

    def clause(self, r: str, s: str, o: str) -> str:
        return f"{self.ent(s)} {self.act(r, o)}"

    def anchor_any(self, r: str, s: str, o: str) -> str:
        """After/before/as take either a clause or a noun phrase."""
        n = self.noun(r, s, o)
        return n if n and self.rng.random() < 0.5 else self.clause(r, s, o)

    def passive_ok(self, r: str, o: str) -> str | None:
        return RELS[r].pas if "(" not in o else None

    def unique_anchor(self, s: str, r: str, o: str) -> date | None:
        ds = self.f.sro.get((s, r, o), [])
        return ds[0] if len(ds) == 1 and self.lo <= ds[0] <= self.hi else None

    def scope_year(self, d: date) -> tuple[date, date, str]:
        """The scope a "first"/"before" question names: the anchor's year on mtq, the whole store on bench."""
        if self.store == "mtq":
            return date(d.year, 1, 1), date(d.year, 12, 31), f"in {d.year}"
        return self.lo, self.hi, "in 2014"

    def who(self) -> str:
        return self.pick(["Who", "Who", "Which actor", "Which party"])

    @staticmethod
    def s(d: date) -> str:
        return d.isoformat()

    def subj_check(self, r: str, o: str, lo: date, hi: date, exclude: list[str] | None = None) -> tuple[str, dict]:
        return CK_SUBJECTS_STR, {"r": r, "o": o, "lo": self.s(lo), "hi": self.s(hi), "exclude": exclude or []}

    # templates: each returns a Q or None ------------------------------------------------------------------
    def equal_day(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        gold = self.f.subjects(r, o, d, d)
        when = fmt_day(d, self.rng)
        k = self.rng.randrange(5)
        pas = self.passive_ok(r, o)
        if k == 0:
            text, con = f"On {when}, {self.who().lower()} {self.act(r, o)}?", "time_fronted"
        elif k == 1:
            text, con = f"{self.who()} {self.act(r, o)} on {when}?", "time_end"
        elif k == 2 and pas:
            text, con = f"By whom was {self.ent(o)} {pas} on {when}?", "passive"
        elif k == 3:
            text, con = f"Tell me who {self.act(r, o)} on {when}.", "imperative"
        else:
            text, con = f"Name the actor that {self.act(r, o)} on {when}.", "name_the"
        q, p = self.subj_check(r, o, d, d)
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "equal",
            "equal_day_" + con,
            "subjects by object side, date string equal",
            q,
            p,
        )

    def equal_month(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
        gold = self.f.subjects(r, o, lo, hi)
        mon = fmt_month(d.year, d.month, self.rng)
        k = self.rng.randrange(4)
        pas = self.passive_ok(r, o)
        if k == 0:
            text, con = f"In {mon}, {self.who().lower()} {self.act(r, o)}?", "time_fronted"
        elif k == 1 and pas:
            text, con = f"{cap(self.ent(o))} was {pas} in {mon} by whom?", "passive_time_mid"
        elif k == 2:
            text, con = f"Which actors {self.act(r, o)} at some point during {mon}?", "time_end"
        else:
            text, con = f"During {mon}, who was it that {self.act(r, o)}?", "cleft"
        q, p = self.subj_check(r, o, lo, hi)
        return Q(
            text,
            sorted(gold),
            "entity",
            "month",
            "equal",
            "equal_month_" + con,
            "subjects by object side, month string range",
            q,
            p,
        )

    def equal_year(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
        gold = self.f.subjects(r, o, lo, hi)
        k = self.rng.randrange(3)
        if k == 0:
            text, con = f"Who {self.act(r, o)} in {d.year}?", "time_end"
        elif k == 1:
            text, con = f"In the course of {d.year}, which actors {self.act(r, o)}?", "time_fronted"
        else:
            text, con = f"List everyone who {self.act(r, o)} during the year {d.year}.", "imperative"
        q, p = self.subj_check(r, o, lo, hi)
        return Q(
            text,
            sorted(gold),
            "entity",
            "year",
            "equal",
            "equal_year_" + con,
            "subjects by object side, year string range",
            q,
            p,
        )

    def window(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        k = self.rng.randrange(7)
        lvl = "month"
        if k == 0:
            qn = (d.month - 1) // 3
            lo, hi = date(d.year, 3 * qn + 1, 1), month_end(d.year, 3 * qn + 3)
            ordw = ["first", "second", "third", "fourth"][qn]
            span = f"the {ordw} quarter of {d.year} ({MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]})"
            con = "quarter"
        elif k == 1:
            h = (d.month - 1) // 6
            lo, hi = date(d.year, 6 * h + 1, 1), month_end(d.year, 6 * h + 6)
            span = (
                f"the {'first' if h == 0 else 'second'} half of {d.year} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})"
            )
            con = "half"
        elif k == 2:
            seasons = {(3, 4, 5): "spring", (6, 7, 8): "summer", (9, 10, 11): "autumn"}
            hit = [(ms, n) for ms, n in seasons.items() if d.month in ms]
            if not hit:
                return None
            ms, n = hit[0]
            lo, hi = date(d.year, ms[0], 1), month_end(d.year, ms[2])
            span = f"{n} {d.year} (that is, {MONTHS[ms[0] - 1]}, {MONTHS[ms[1] - 1]} and {MONTHS[ms[2] - 1]})"
            con = "season"
        elif k in (3, 4):
            n = self.pick([3, 5, 7, 10, 14])
            lo = d - timedelta(days=self.rng.randrange(n))
            hi = lo + timedelta(days=n - 1)
            if lo < self.lo or hi > self.hi:
                return None
            span = f"the {n} days from {fmt_day(lo, self.rng)} to {fmt_day(hi, self.rng)} (both days included)"
            lvl, con = "day", "n_day_window"
        elif k == 5:
            lo = d - timedelta(days=d.weekday())
            hi = lo + timedelta(days=6)
            if lo < self.lo or hi > self.hi:
                return None
            span = (
                f"the week running from Monday {lo.day} {MONTHS[lo.month - 1]} {lo.year}"
                f" to Sunday {hi.day} {MONTHS[hi.month - 1]} {hi.year}"
            )
            lvl, con = "day", "week"
        else:
            cand = [q for q in self.cands if (q[3].month, q[3].day) in NAMED_DAYS]
            _s, r, o, d = self.pick(cand)
            lo = hi = d
            span = f"{NAMED_DAYS[(d.month, d.day)]} {d.year}"
            lvl, con = "day", "named_day"
        gold = self.f.subjects(r, o, lo, hi)
        if self.rng.random() < 0.5:
            text = f"Over {span}, who {self.act(r, o)}?" if con != "named_day" else f"On {span}, who {self.act(r, o)}?"
            con += "_fronted"
        else:
            text = (
                f"Which actors {self.act(r, o)} during {span}?"
                if con != "named_day"
                else f"Who {self.act(r, o)} on {span}?"
            )
        q, p = self.subj_check(r, o, lo, hi)
        return Q(
            text,
            sorted(gold),
            "entity",
            lvl,
            "equal",
            "window_" + con,
            "subjects by object side, window as date strings",
            q,
            p,
        )

    def when_day(self) -> Q | None:
        s, r, o, d = self.pick(self.cands)
        k = self.rng.randrange(3)
        if k == 0:
            lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
            scope = f"in {fmt_month(d.year, d.month, self.rng)}"
        else:
            lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
            scope = f"in {d.year}"
        days = self.f.days(s, r, o, lo, hi)
        if len(days) > 3:
            return None
        gold = sorted({x.isoformat() for x in days})
        S = self.ent(s)
        if k == 0:
            text, con = f"On what date {scope} did {S} {self.inf(r, o)}?", "what_date"
        elif k == 1 and self.noun(r, s, o):
            text, con = f"Which day {scope} saw {self.noun(r, s, o)}?", "day_as_subject"
        else:
            text, con = f"{cap(scope)}, on which day did {S} {self.inf(r, o)}?", "scope_fronted"
        q, p = CK_TIMES, {"s": s, "r": r, "o": o, "lo": self.s(lo), "hi": self.s(hi), "n": 10}
        return Q(text, gold, "time", "day", "equal", "when_day_" + con, "days by subject side, date() range", q, p)

    def when_month(self) -> Q | None:
        s, r, o, d = self.pick(self.cands)
        lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
        days = self.f.days(s, r, o, lo, hi)
        gold = sorted({x.isoformat()[:7] for x in days})
        k = self.rng.randrange(3)
        if k == 0 and self.noun(r, s, o):
            text, con = f"Which month of {d.year} saw {self.noun(r, s, o)}?", "month_as_subject"
        elif k == 1:
            text, con = f"In what month of {d.year} did {self.ent(s)} {self.inf(r, o)}?", "what_month"
        else:
            text, con = f"{cap(self.ent(s))} {self.act(r, o)} in {d.year} - in which month(s)?", "appended_ask"
        q, p = CK_TIMES, {"s": s, "r": r, "o": o, "lo": self.s(lo), "hi": self.s(hi), "n": 7}
        return Q(
            text, gold, "time", "month", "equal", "when_month_" + con, "months by subject side, date() range", q, p
        )

    def when_year(self) -> Q | None:
        s, r, o, _d = self.pick(self.cands)
        days = self.f.days(s, r, o, self.lo, self.hi)
        gold = sorted({str(x.year) for x in days})
        if len(gold) != 1:
            return None
        if self.rng.random() < 0.5 or not self.noun(r, s, o):
            text, con = f"Was it in 2014 or in 2015 that {self.ent(s)} {self.act(r, o)}?", "either_or"
        else:
            text, con = f"Between 2014 and 2015, which year saw {self.noun(r, s, o)}?", "year_as_subject"
        q, p = CK_TIMES, {"s": s, "r": r, "o": o, "lo": self.s(self.lo), "hi": self.s(self.hi), "n": 4}
        return Q(text, gold, "time", "year", "equal", "when_year_" + con, "years by subject side, date() range", q, p)

    def first_last_entity(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        last = self.rng.random() < 0.5
        k = self.rng.randrange(3)
        if k == 0:
            lo, hi, sc = self.scope_year(d)
            scope = sc if self.store == "mtq" or self.rng.random() < 0.5 else ""
        elif k == 1:
            lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
            scope = f"in {fmt_month(d.year, d.month, self.rng)}"
        else:
            qn = (d.month - 1) // 3
            lo, hi = date(d.year, 3 * qn + 1, 1), month_end(d.year, 3 * qn + 3)
            nth = ["first", "second", "third", "fourth"][qn]
            scope = f"in {d.year}'s {nth} quarter ({MONTHS[3 * qn]}-{MONTHS[3 * qn + 2]})"
        _, gold = self.f.subjects_on_extreme(r, o, lo, hi, last)
        word = "last" if last else "first"
        sc = f" {scope}" if scope else ""
        j = self.rng.randrange(3)
        if j == 0:
            text, con = f"Who was the {word} to {self.inf(r, o)}{sc}?", "who_was_the"
        elif j == 1:
            text, con = (
                f"{(scope + ', w') if scope else 'W'}hich actor {self.act(r, o)} "
                f"{'most recently' if last else 'earliest'}?",
                "adverb",
            )
            text = cap(text)
        else:
            text, con = f"Name the {word} actor that {self.act(r, o)}{sc}.", "name_the"
        q = CK_EXTREME_SUBJECTS
        p = {
            "r": r,
            "o": o,
            "loi": lo.year * 10000 + lo.month * 100 + lo.day,
            "hii": hi.year * 10000 + hi.month * 100 + hi.day,
            "last": last,
            "exclude": [],
        }
        return Q(
            text,
            sorted(gold),
            "entity",
            "year" if (hi - lo).days > 100 else "month",
            "first_last",
            "first_last_entity_" + con,
            "min/max date aggregated in Cypher, integer date compare",
            q,
            p,
        )

    def first_last_time(self) -> Q | None:
        s, r, o, d = self.pick(self.cands)
        last = self.rng.random() < 0.5
        lo, hi, scope = self.scope_year(d)
        if self.store == "bench" and self.rng.random() < 0.5:
            scope = ""
        days = self.f.days(s, r, o, lo, hi)
        if len(days) < 2:
            return None
        x = days[-1] if last else days[0]
        lvl = self.pick(["day", "day", "month"] + (["year"] if self.store == "mtq" else []))
        word = "last" if last else "first"
        S = self.ent(s)
        sc = f" {scope}" if scope else ""
        if lvl == "year":
            lo, hi = self.lo, self.hi
            x = self.f.days(s, r, o, lo, hi)[-1 if last else 0]
            text, con = (
                f"Counting only 2014 and 2015, in which year did {S} {self.inf(r, o)} for the {word} time?",
                "year_counting_only",
            )
            gold, n = [str(x.year)], 4
        elif lvl == "month":
            text, con = f"In which month did {S} {word} {self.inf(r, o)}{sc}?", "which_month"
            gold, n = [x.isoformat()[:7]], 7
        else:
            poss = self.possessive(s)
            if self.rng.random() < 0.5 or poss is None:
                text, con = f"When did {S} {self.inf(r, o)} for the {word} time{sc}? Give the day.", "when_give_day"
            else:
                text, con = f"What was the date of {poss} {word} move to {self.inf(r, o)}{sc}?", "date_of_noun"
            gold, n = [x.isoformat()], 10
        q, p = CK_EXTREME_TIME, {"s": s, "r": r, "o": o, "lo": self.s(lo), "hi": self.s(hi), "last": last, "n": n}
        return Q(
            text,
            gold,
            "time",
            lvl,
            "first_last",
            "first_last_time_" + con,
            "min/max over date strings via reduce",
            q,
            p,
        )

    def before_after_date(self) -> Q | None:
        _s, r, o, d = self.pick(self.cands)
        after = self.rng.random() < 0.5
        ylo, yhi, scope = self.scope_year(d)
        if after:
            lo, hi = d + timedelta(days=1), yhi
        else:
            lo, hi = ylo, d - timedelta(days=1)
        if lo > hi:
            return None
        gold = self.f.subjects(r, o, lo, hi)
        when = fmt_day(d, self.rng)
        sc = scope if self.store == "mtq" or self.rng.random() < 0.5 else ""
        if after:
            text = f"Who {self.act(r, o)} after {when}{(' and before the end of ' + str(d.year)) if sc else ''}?"
            con = "after_date"
        else:
            text = f"{('Earlier ' + sc + ', before ') if sc else 'Before '}{when}, who had {self.perfect(r, o)}?"
            con = "before_date"
        q, p = self.subj_check(r, o, lo, hi)
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "before_after_" + con,
            "subjects by object side, exclusive bound as date strings",
            q,
            p,
        )

    def anchor_for(self, o: str, exclude_rel: str | None = None) -> tuple[str, str, str, date] | None:
        """A unique event (whole store) that involves entity ``o`` and lies in the askable period."""
        pool = [q for q in self.by_entity.get(o, []) if q[1] != exclude_rel and self.unique_anchor(q[0], q[1], q[2])]
        return self.pick(pool) if pool else None

    def before_after_event(self) -> Q | None:
        _s, r, o, _d = self.pick(self.cands)
        a = self.anchor_for(o, r)
        if not a:
            return None
        as_, ar, ao, ad = a
        after = self.rng.random() < 0.5
        ylo, yhi, scope = self.scope_year(ad)
        lo, hi = (ad + timedelta(days=1), yhi) if after else (ylo, ad - timedelta(days=1))
        if lo > hi:
            return None
        gold = self.f.subjects(r, o, lo, hi)
        anc = self.anchor_any(ar, as_, ao)
        np_ = self.noun(ar, as_, ao)
        if after:
            if self.rng.random() < 0.5 or not np_:
                text, con = f"After {anc}, who {self.act(r, o)} (in the rest of {ad.year})?", "after_event_paren"
            else:
                text, con = (
                    f"Which actors {self.act(r, o)} later in {ad.year}, following {np_}?",
                    "after_event_relative",
                )
            fo, to = 1, 400
        else:
            text, con = f"{cap(scope)}, who had {self.perfect(r, o)} before {anc}?", "before_event"
            fo, to = -400, -1
        q = CK_ANCHOR_RANGE
        p = {
            "as": as_,
            "ar": ar,
            "ao": ao,
            "r": r,
            "o": o,
            "from_off": fo,
            "to_off": to,
            "lo": self.s(ylo),
            "hi": self.s(yhi),
            "exclude": [],
        }
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_after",
            "before_after_" + con,
            "anchor re-found (unique) in Cypher, range by duration",
            q,
            p,
        )

    def next_after(self) -> Q | None:
        s, r, o, d = self.pick(self.cands)
        last = self.rng.random() < 0.5
        if self.rng.random() < 0.5:
            a: tuple[str, str, str, date] | None = (s, r, o, d) if self.unique_anchor(s, r, o) else None
        else:
            a = self.anchor_for(o, r)
        if not a:
            return None
        as_, ar, ao, ad = a
        ylo, _yhi, scope = self.scope_year(ad)
        if last:
            _x, gold = self.f.subjects_on_extreme(r, o, ylo, ad - timedelta(days=1), True)
        else:
            _x, gold = self.f.subjects_on_extreme(r, o, ad + timedelta(days=1), self.whole_hi, False)
        same = ar == r and ao == o
        if same:
            anc_short = self.ent(as_)
            if last:
                text = (
                    f"Before {anc_short} did so {scope}, who was the last to {self.inf(r, o)}?"
                    if self.rng.random() < 0.5
                    else f"{cap(scope)}, who had last {self.perfect(r, o)} just before {anc_short} did?"
                )
                con = "before_last_same_rel"
            else:
                text = (
                    f"After {anc_short} {self.act(r, o)}, who was the next to do so?"
                    if self.rng.random() < 0.5
                    else f"Once {anc_short} had {self.perfect(r, o)}, which actor followed suit first?"
                )
                con = "after_first_same_rel"
        else:
            anc = self.anchor_any(ar, as_, ao)
            np_ = self.noun(ar, as_, ao)
            if last:
                text, con = f"{cap(scope)}, who was the last to {self.inf(r, o)} before {anc}?", "before_last_other_rel"
            elif np_ and self.rng.random() < 0.5:
                text, con = f"Following {np_}, who was the first to {self.inf(r, o)}?", "after_first_other_rel_noun"
            else:
                text, con = (
                    f"After {self.clause(ar, as_, ao)}, who was the first to {self.inf(r, o)}?",
                    "after_first_other_rel",
                )
        q = CK_ANCHOR_NEXT
        p = {
            "as": as_,
            "ar": ar,
            "ao": ao,
            "r": r,
            "o": o,
            "last": last,
            "lo": self.s(ylo),
            "hi": self.s(self.whole_hi),
        }
        return Q(
            text,
            sorted(gold),
            "entity",
            "day",
            "before_last" if last else "after_first",
            con,
            "anchor re-found in Cypher, next/previous date aggregated in Cypher",
            q,
            p,
        )

    def same_period(self) -> Q | None:
        s, r, o, _d = self.pick(self.cands)
        a = self.anchor_for(o, r) if self.rng.random() < 0.6 else None
        if a is None:
            pool = [q for q in self.by_entity.get(s, []) if q[0] == s and q[1] != r and self.unique_anchor(*q[:3])]
            a = self.pick(pool) if pool else None
        if not a:
            return None
        as_, ar, ao, ad = a
        k = self.rng.randrange(4)
        anc = self.anchor_any(ar, as_, ao)
        np_ = self.noun(ar, as_, ao)
        if k == 3 and not np_:
            k = 0
        if k == 0:
            lo, hi, lvl, n = ad, ad, "day", 10
            text, con = f"Who {self.act(r, o)} on the same day that {self.ent(as_)} {self.act(ar, ao)}?", "same_day"
        elif k == 1:
            lo, hi, lvl, n = date(ad.year, ad.month, 1), month_end(ad.year, ad.month), "month", 7
            text, con = f"In the same month as {anc}, who {self.act(r, o)}?", "same_month_fronted"
        elif k == 2:
            off = self.pick([1, -1])
            lo = hi = ad + timedelta(days=off)
            if not self.lo <= lo <= self.hi:
                return None
            lvl, n = "day", None
            text = f"Who {self.act(r, o)} the day {'after' if off == 1 else 'before'} {anc}?"
            con = "relative_day"
            gold = self.f.subjects(r, o, lo, hi)
            q = CK_ANCHOR_RANGE
            p = {
                "as": as_,
                "ar": ar,
                "ao": ao,
                "r": r,
                "o": o,
                "from_off": off,
                "to_off": off,
                "lo": self.s(self.lo),
                "hi": self.s(self.hi),
                "exclude": [],
            }
            return Q(
                text,
                sorted(gold),
                "entity",
                lvl,
                "equal_multi",
                "equal_multi_" + con,
                "anchor re-found in Cypher, day offset by duration",
                q,
                p,
            )
        else:
            lo, hi, lvl, n = ad, ad, "day", 10
            text, con = f"Which actors {self.act(r, o)} on the very date of {np_}?", "same_date_noun"
        gold = self.f.subjects(r, o, lo, hi)
        q = CK_ANCHOR_SAME
        p = {"as": as_, "ar": ar, "ao": ao, "r": r, "o": o, "n": n, "exclude": []}
        return Q(
            text,
            sorted(gold),
            "entity",
            lvl,
            "equal_multi",
            "equal_multi_" + con,
            "anchor re-found in Cypher, same date prefix as strings",
            q,
            p,
        )

    def ellipsis(self) -> Q | None:
        s, r, o, d = self.pick(self.cands)
        k = self.rng.randrange(2)
        if k == 0:
            lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
            rest = f"Who else did so that month ({MONTHS[d.month - 1]} {d.year})?"
            lvl, con = "month", "who_else_month"
        else:
            lo = d - timedelta(days=d.weekday())
            hi = lo + timedelta(days=6)
            if lo < self.lo or hi > self.hi:
                return None
            rest = (
                f"Who else did the same that week (Monday {lo.day} {MONTHS[lo.month - 1]}"
                f" to Sunday {hi.day} {MONTHS[hi.month - 1]} {hi.year})?"
            )
            lvl, con = "day", "who_else_week"
        gold = self.f.subjects(r, o, lo, hi) - {s}
        S = self.ent(s)
        text = f"{cap(S)} {self.act(r, o)} on {fmt_day(d, self.rng)}. {rest}"
        q, p = self.subj_check(r, o, lo, hi, [s])
        return Q(
            text,
            sorted(gold),
            "entity",
            lvl,
            "equal_multi",
            "ellipsis_" + con,
            "subjects by object side minus the named one, date strings",
            q,
            p,
        )


PLAN = {
    # template: (mtq count, bench count)
    "equal_day": (10, 7),
    "equal_month": (8, 6),
    "equal_year": (5, 2),
    "window": (10, 8),
    "when_day": (7, 6),
    "when_month": (6, 5),
    "when_year": (4, 0),
    "first_last_entity": (8, 6),
    "first_last_time": (8, 6),
    "before_after_date": (6, 5),
    "before_after_event": (6, 5),
    "next_after": (12, 10),
    "same_period": (8, 6),
    "ellipsis": (4, 3),
}


def generate(store: Any, store_name: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    facts = read_facts(store)
    rng = random.Random(f"{SEED}-{store_name}")
    gen = Gen(facts, store_name, rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats: Counter[str] = Counter()
    prefix = "b39m" if store_name == "mtq" else "b39i"
    for name, counts in PLAN.items():
        want = counts[0] if store_name == "mtq" else counts[1]
        got, tries = 0, 0
        fn: Callable[[], Q | None] = getattr(gen, name)
        while got < want and tries < 4000:
            tries += 1
            q = fn()
            if q is None or not q.answers or len(q.answers) > 5 or q.question in seen:
                continue
            rows = store.run(q.check_query, q.check_params)
            again = sorted(set(rows[0]["ans"])) if rows else []
            if again != sorted(q.answers):
                stats["check_disagreed_dropped"] += 1
                continue
            seen.add(q.question)
            stats["check_agreed"] += 1
            got += 1
            quid = f"{prefix}{len(out):03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": q.question,
                    "answers": q.answers,
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": "Multiple" if q.qtype in MULTIPLE else "Single",
                    "evidence": [],
                    "construction": q.construction,
                    "store": store_name,
                    "check": q.check,
                    "check_agrees": True,
                }
            )
    return out, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=("mtq", "bench"), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    from tkgrag.store import connect

    store = connect(start_managed=False, ensure_schema=False)
    try:
        rows, stats = generate(store, args.store)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
    print(json.dumps({"store": args.store, "questions": len(rows), **stats}))


if __name__ == "__main__":
    main()
