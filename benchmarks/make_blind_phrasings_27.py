"""Blind held-out set 27: MultiTQ-style questions over the ``mtq`` and ``bench`` stores, gold computed from the store.

Why: the symbolic reader needs a figure on phrasings it was never tuned on. Gold comes from one read of every
(subject, relation, object, day) in the store; each gold is then recomputed by a second, differently written Cypher
query (from the other side of the event, comparing date strings, or aggregating in Cypher) and the agreement is
recorded per question. Deterministic (seed 20261227): rerunning gives byte-identical files.

Usage (from the worktree root, one store per run, read only)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_27.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_27.py --store bench --out <dir>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261227
MAX_GOLD = 5

# Per store: the period questions may ask about, the quid prefix, and how many questions of each construction
# (alternating between the two numbers down CONSTRUCTIONS, so mtq gets ~100 and icews14 ~70).
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"lo": "2014-01-01", "hi": "2015-12-31", "prefix": "b27m", "years": ["2014", "2015"], "per": (4, 3)},
    "bench": {"lo": "2014-01-01", "hi": "2014-12-31", "prefix": "b27i", "years": ["2014"], "per": (3, 2)},
}

# relation -> (base-form phrases, past-tense phrases, passive "{o} was ... by" phrases); {o} is the object.
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Make_statement": (
        ["make a statement about {o}", "comment publicly on {o}"],
        ["made a statement about {o}", "issued a statement concerning {o}"],
        ["{o} was the subject of a statement by"],
    ),
    "Consult": (
        ["consult {o}", "hold consultations with {o}"],
        ["consulted {o}", "held talks with {o}"],
        ["{o} was consulted by"],
    ),
    "Make_an_appeal_or_request": (
        ["appeal to {o}", "make a request of {o}"],
        ["appealed to {o}", "made a request to {o}"],
        ["{o} received an appeal from"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["say it wanted to meet {o}", "signal willingness to negotiate with {o}"],
        ["expressed a wish to meet or negotiate with {o}", "said they were ready to sit down with {o}"],
        ["{o} was offered talks by"],
    ),
    "Make_a_visit": (
        ["visit {o}", "travel to {o}"],
        ["visited {o}", "paid a visit to {o}"],
        ["{o} was visited by"],
    ),
    "Host_a_visit": (
        ["host {o}", "receive {o} as a guest"],
        ["hosted {o}", "welcomed {o} on a visit"],
        ["{o} was hosted by"],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrest {o}", "detain or charge {o}"],
        ["arrested {o}", "detained or charged {o}"],
        ["{o} was arrested, detained or charged by"],
    ),
    "Praise_or_endorse": (
        ["praise {o}", "speak approvingly of {o}"],
        ["praised {o}", "endorsed {o}"],
        ["{o} was praised by"],
    ),
    "Criticize_or_denounce": (
        ["criticize {o}", "denounce {o}"],
        ["criticized {o}", "denounced {o}"],
        ["{o} was criticized by"],
    ),
    "Use_conventional_military_force": (
        ["use military force against {o}", "attack {o} militarily"],
        ["used conventional military force against {o}", "carried out military strikes on {o}"],
        ["{o} came under conventional military attack from"],
    ),
    "Engage_in_negotiation": (
        ["negotiate with {o}", "enter negotiations with {o}"],
        ["negotiated with {o}", "held negotiations with {o}"],
        ["{o} was in negotiations with"],
    ),
    "Accuse": (
        ["accuse {o}", "level accusations at {o}"],
        ["accused {o}", "made accusations against {o}"],
        ["{o} was accused by"],
    ),
    "Use_unconventional_violence": (
        ["use unconventional violence against {o}", "commit violent attacks on {o}"],
        ["used unconventional violence against {o}", "carried out violent attacks on {o}"],
        ["{o} was the target of unconventional violence by"],
    ),
    "Engage_in_diplomatic_cooperation": (
        ["cooperate diplomatically with {o}", "engage in diplomatic cooperation with {o}"],
        ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        ["{o} had diplomatic cooperation from"],
    ),
    "Sign_formal_agreement": (
        ["sign a formal agreement with {o}", "sign a deal with {o}"],
        ["signed a formal agreement with {o}", "put pen to paper on an agreement with {o}"],
        ["{o} signed a formal agreement with"],
    ),
    "Express_intent_to_cooperate": (
        ["express the intent to cooperate with {o}", "say it would cooperate with {o}"],
        ["expressed an intent to cooperate with {o}", "said they would work together with {o}"],
        ["{o} was promised cooperation by"],
    ),
    "Demand": (
        ["make demands of {o}", "demand something from {o}"],
        ["made a demand of {o}", "issued demands to {o}"],
        ["{o} faced demands from"],
    ),
    "Investigate": (
        ["investigate {o}", "open an investigation into {o}"],
        ["investigated {o}", "launched an investigation into {o}"],
        ["{o} was investigated by"],
    ),
    "Make_optimistic_comment": (
        ["make an optimistic comment about {o}", "speak optimistically about {o}"],
        ["made optimistic remarks about {o}", "voiced optimism about {o}"],
        ["{o} drew optimistic comments from"],
    ),
    "Reject": (
        ["reject {o}", "turn down {o}"],
        ["rejected {o}", "rebuffed {o}"],
        ["{o} was rejected by"],
    ),
    "Discuss_by_telephone": (
        ["speak by phone with {o}", "have a telephone conversation with {o}"],
        ["talked on the phone with {o}", "held a phone call with {o}"],
        ["{o} was telephoned by"],
    ),
    "Threaten": (
        ["threaten {o}", "issue threats against {o}"],
        ["threatened {o}", "made threats against {o}"],
        ["{o} was threatened by"],
    ),
    "Make_pessimistic_comment": (
        ["make a pessimistic comment about {o}", "sound pessimistic about {o}"],
        ["made pessimistic remarks about {o}", "voiced pessimism about {o}"],
        ["{o} drew pessimistic comments from"],
    ),
    "Demonstrate_or_rally": (
        ["demonstrate against {o}", "rally against {o}"],
        ["held demonstrations against {o}", "rallied against {o}"],
        ["{o} faced demonstrations by"],
    ),
    "Provide_humanitarian_aid": (
        ["provide humanitarian aid to {o}", "send humanitarian assistance to {o}"],
        ["provided humanitarian aid to {o}", "sent humanitarian relief to {o}"],
        ["{o} received humanitarian aid from"],
    ),
    "Return,_release_person(s)": (
        ["release people to {o}", "return detained persons to {o}"],
        ["released or returned people to {o}", "handed back detainees to {o}"],
        ["{o} had people released to it by"],
    ),
    "Abduct,_hijack,_or_take_hostage": (
        ["abduct {o}", "take {o} hostage"],
        ["abducted {o}", "kidnapped or took hostage {o}"],
        ["{o} was abducted or taken hostage by"],
    ),
    "Provide_aid": (
        ["provide aid to {o}", "give assistance to {o}"],
        ["provided aid to {o}", "gave assistance to {o}"],
        ["{o} received aid from"],
    ),
    "Engage_in_symbolic_act": (
        ["make a symbolic gesture toward {o}", "engage in a symbolic act involving {o}"],
        ["made a symbolic gesture toward {o}", "engaged in a symbolic act involving {o}"],
        ["{o} was the object of a symbolic act by"],
    ),
    "Make_empathetic_comment": (
        ["express sympathy for {o}", "make an empathetic comment about {o}"],
        ["expressed sympathy with {o}", "made empathetic remarks about {o}"],
        ["{o} received expressions of sympathy from"],
    ),
    "Meet_at_a_'third'_location": (
        ["meet {o} at a third location", "meet {o} on neutral ground"],
        ["met {o} at a third location", "met {o} somewhere neither side was based"],
        ["{o} was met at a third location by"],
    ),
    "Reduce_relations": (
        ["reduce relations with {o}", "cut back ties with {o}"],
        ["reduced relations with {o}", "scaled back ties with {o}"],
        ["{o} saw relations reduced by"],
    ),
}

SECTORS = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Government": "the government of {c}",
    "Head of Government": "the head of government of {c}",
    "Military": "the military of {c}",
    "Ministry": "a ministry of {c}",
    "Foreign Affairs": "the foreign affairs officials of {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Criminal": "criminals in {c}",
    "Militant": "militants in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Protester": "protesters in {c}",
    "Member of Parliament": "a member of parliament of {c}",
    "Court Judge": "a court judge in {c}",
    "Business": "businesses in {c}",
}
THE_WORDS = (
    "Council",
    "Union",
    "Ministry",
    "Party",
    "Court",
    "Assembly",
    "Commission",
    "Organization",
    "Republic",
    "Kingdom",
    "States",
    "Nations",
    "Emirates",
    "Philippines",
    "Netherlands",
    "Bank",
    "Fund",
    "Agency",
    "Territory",
    "Office",
    "Forces",
    "Front",
    "Army",
    "Movement",
    "Congress",
    "Senate",
    "Parliament",
    "East",
    "Islands",
)

MONTHS = list(calendar.month_name)


def ent(name: str) -> str | None:
    """How a person would write the entity, or None when it has no natural phrasing here (then it is not asked)."""
    if " (" in name and name.endswith(")"):
        sector, country = name[:-1].split(" (", 1)
        if sector in SECTORS and "(" not in country:
            return SECTORS[sector].format(c=the(country))
        return None
    return the(name)


def the(name: str) -> str:
    return f"the {name}" if any(w in name.split() for w in THE_WORDS) else name


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def dd(d: str) -> date:
    return date.fromisoformat(d)


def iso(d: date) -> str:
    return d.isoformat()


def day_words(d: str, style: int) -> str:
    x = dd(d)
    if style == 0:
        return f"{x.day} {MONTHS[x.month]} {x.year}"
    if style == 1:
        return f"{MONTHS[x.month]} {x.day}, {x.year}"
    return d


def month_words(m: str) -> str:
    return f"{MONTHS[int(m[5:7])]} {m[:4]}"


def month_end(m: str) -> str:
    y, mo = int(m[:4]), int(m[5:7])
    return f"{m}-{calendar.monthrange(y, mo)[1]:02d}"


class Facts:
    """Every (subject, relation, object, day) of the store, with the indexes the constructions need."""

    def __init__(self, rows: list[tuple[str, str, str, str]]):
        self.rows = rows
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        self.count_sro: dict[tuple[str, str, str], int] = defaultdict(int)
        for s, r, o, d in rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].add(d)
            self.count_sro[(s, r, o)] += 1

    def subjects(self, r: str, o: str, lo: str, hi: str) -> set[str]:
        return {s for d, s in self.by_ro[(r, o)] if lo <= d <= hi}

    def objects(self, s: str, r: str, lo: str, hi: str) -> set[str]:
        return {o for d, o in self.by_sr[(s, r)] if lo <= d <= hi}

    def days(self, s: str, r: str, o: str, lo: str, hi: str) -> list[str]:
        return sorted(d for d in self.by_sro[(s, r, o)] if lo <= d <= hi)

    def anchor_day(self, s: str, r: str, o: str) -> str | None:
        """The day of a fact that happens exactly once in the whole store, else None."""
        days = self.by_sro[(s, r, o)]
        return next(iter(days)) if len(days) == 1 and self.count_sro[(s, r, o)] == 1 else None


def read_facts(session: Any) -> Facts:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    rows = sorted((r["s"], r["r"], r["o"], r["d"]) for r in session.run(q))
    return Facts(rows)


# ---- second check: a different Cypher query per kind -----------------------------------------------------------

CHECKS = {
    # subjects of (r, o) in a window, matched from the object side, dates compared as strings
    "subjects": (
        "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
        "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
        "MATCH (e)-[:SUBJECT]->(s:Entity) WHERE s.name <> coalesce($exclude, '') RETURN DISTINCT s.name AS a"
    ),
    # objects of (s, r) in a window, matched from the subject side with date values
    "objects": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
        "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) RETURN DISTINCT o.name AS a"
    ),
    # the times of (s, r, o) in a window, cut to the asked granularity in Cypher
    "times": (
        "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) MATCH (e)-[:SUBJECT]->(:Entity {name: $s}) "
        "WHERE date($lo) <= e.valid_from <= date($hi) RETURN DISTINCT left(toString(e.valid_from), $n) AS a"
    ),
    # first / last time of (s, r, o) in a window, aggregated in Cypher
    "extreme_time": (
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
        "WHERE date($lo) <= e.valid_from <= date($hi) "
        "WITH CASE $which WHEN 'first' THEN min(e.valid_from) ELSE max(e.valid_from) END AS x "
        "WHERE x IS NOT NULL RETURN left(toString(x), $n) AS a"
    ),
    # subjects of (r, o) on the first / last day of a window, aggregated in Cypher
    "extreme_subjects": (
        "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        "WHERE date($lo) <= e.valid_from <= date($hi) "
        "WITH CASE $which WHEN 'first' THEN min(e.valid_from) ELSE max(e.valid_from) END AS x "
        "MATCH (e2:Event {relation: $r, valid_from: x})-[:OBJECT]->(:Entity {name: $o}) "
        "MATCH (e2)-[:SUBJECT]->(s:Entity) RETURN DISTINCT s.name AS a"
    ),
    # an anchor fact found in Cypher (must be unique), then the window relative to its day computed in Cypher
    "anchored_subjects": (
        "MATCH (a:Event {relation: $ar})-[:SUBJECT]->(:Entity {name: $as}) MATCH (a)-[:OBJECT]->(:Entity {name: $ao}) "
        "WITH collect(a.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS ad "
        "WITH CASE $rel WHEN 'after' THEN ad + duration('P1D') WHEN 'before' THEN date($lo) "
        "WHEN 'same_day' THEN ad WHEN 'next_day' THEN ad + duration('P1D') "
        "WHEN 'same_month' THEN date.truncate('month', ad) END AS wlo, "
        "CASE $rel WHEN 'after' THEN date($hi) WHEN 'before' THEN ad - duration('P1D') "
        "WHEN 'same_day' THEN ad WHEN 'next_day' THEN ad + duration('P1D') "
        "WHEN 'same_month' THEN date.truncate('month', ad) + duration('P1M') - duration('P1D') END AS whi "
        "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE wlo <= e.valid_from <= whi "
        "WITH e, wlo, whi ORDER BY e.valid_from "
        "WITH collect(e) AS es WITH CASE $pick WHEN 'first' THEN [x IN es WHERE x.valid_from = es[0].valid_from] "
        "WHEN 'last' THEN [x IN es WHERE x.valid_from = es[-1].valid_from] ELSE es END AS chosen "
        "UNWIND chosen AS e MATCH (e)-[:SUBJECT]->(s:Entity) RETURN DISTINCT s.name AS a"
    ),
    # the next time (s, r, o) happened after an anchor fact, all in Cypher
    "anchored_next_time": (
        "MATCH (a:Event {relation: $ar})-[:SUBJECT]->(:Entity {name: $as}) MATCH (a)-[:OBJECT]->(:Entity {name: $ao}) "
        "WITH collect(a.valid_from) AS ds WHERE size(ds) = 1 "
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
        "WHERE e.valid_from > ds[0] RETURN left(toString(min(e.valid_from)), $n) AS a"
    ),
}


CHECK_DESC = {
    "subjects": "subjects of (r, o) in [lo, hi], matched from the object side, dates compared as strings",
    "objects": "objects of (s, r) in [lo, hi], matched from the subject side with date values",
    "times": "distinct times of (s, r, o) in [lo, hi], cut to the asked granularity in Cypher",
    "extreme_time": "min/max day of (s, r, o) in [lo, hi] aggregated in Cypher, cut to the asked granularity",
    "extreme_subjects": "subjects of (r, o) on the min/max day in [lo, hi], the day aggregated in Cypher",
    "anchored_subjects": "anchor (as, ar, ao) found and checked unique in Cypher, window from its day in Cypher, "
    "subjects of (r, o) in it (all, or on its first/last day)",
    "anchored_next_time": "anchor found and checked unique in Cypher, min day of (s, r, o) after it",
}


def run_check(session: Any, kind: str, params: dict[str, Any]) -> list[str]:
    p = {"exclude": None, "lo": None, "hi": None, "pick": "all", **params}
    return sorted({r["a"] for r in session.run(CHECKS[kind], p) if r["a"] is not None})


# ---- constructions ---------------------------------------------------------------------------------------------


class Gen:
    def __init__(self, facts: Facts, cfg: dict[str, Any], rng: random.Random):
        self.f = facts
        self.cfg = cfg
        self.rng = rng
        self.lo: str = cfg["lo"]
        self.hi: str = cfg["hi"]
        # facts inside the askable period whose relation we can phrase and whose entities read naturally
        self.pool = [
            (s, r, o, d)
            for s, r, o, d in facts.rows
            if self.lo <= d <= self.hi and r in REL and ent(s) and ent(o) and s != o
        ]
        self.by_ent: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for x in self.pool:
            self.by_ent[x[0]].append(x)
            self.by_ent[x[2]].append(x)
        self.anchors = [x for x in self.pool if facts.anchor_day(x[0], x[1], x[2]) == x[3]]

    def pick(self, pool: list[tuple[str, str, str, str]]) -> tuple[str, str, str, str]:
        return pool[self.rng.randrange(len(pool))]

    def ph(self, r: str, kind: int, o: str) -> str:
        options = REL[r][kind]
        return options[self.rng.randrange(len(options))].format(o=ent(o))

    def year_of(self, d: str) -> str:
        return d[:4]

    def ystart(self, y: str) -> str:
        return max(f"{y}-01-01", self.lo)

    def yend(self, y: str) -> str:
        return min(f"{y}-12-31", self.hi)

    def anchor_clause(self, a: tuple[str, str, str, str]) -> str:
        s, r, o, _ = a
        return f"{ent(s)} {self.ph(r, 1, o)}"

    # each construction returns (question, answers, meta) or None
    def c_who_day(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        gold = self.f.subjects(r, o, d, d)
        q = f"Who {self.ph(r, 1, o)} on {day_words(d, self.rng.randrange(3))}?"
        return q, gold, ("entity", "day", "equal"), ("subjects", {"r": r, "o": o, "lo": d, "hi": d})

    def c_whom_day_fronted(self) -> Any:
        s, r, _o, d = self.pick(self.pool)
        gold = self.f.objects(s, r, d, d)
        base = REL[r][0][self.rng.randrange(2)]
        if not base.endswith(" {o}"):
            return None
        q = f"On {day_words(d, self.rng.randrange(2))}, whom did {ent(s)} {base[:-4]}?"
        return q, gold, ("entity", "day", "equal"), ("objects", {"s": s, "r": r, "lo": d, "hi": d})

    def c_passive_month(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        m = d[:7]
        gold = self.f.subjects(r, o, f"{m}-01", month_end(m))
        pas = REL[r][2][0].format(o=ent(o))
        q = self.rng.choice([f"In {month_words(m)}, {pas} whom?", f"During {month_words(m)}, {pas} which actors?"])
        return (
            q,
            gold,
            ("entity", "month", "equal"),
            ("subjects", {"r": r, "o": o, "lo": f"{m}-01", "hi": month_end(m)}),
        )

    def c_which_month_saw(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        y = d[:4]
        gold = {x[:7] for x in self.f.days(s, r, o, self.ystart(y), self.yend(y))}
        q = f"Which month of {y} saw {ent(s)} {self.ph(r, 0, o)}?"
        return (
            q,
            gold,
            ("time", "month", "equal"),
            ("times", {"s": s, "r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "n": 7}),
        )

    def c_year_when(self) -> Any:
        if len(self.cfg["years"]) < 2:
            return None
        s, r, o, _d = self.pick(self.pool)
        gold = {x[:4] for x in self.f.days(s, r, o, self.lo, self.hi)}
        q = f"In what year, 2014 or 2015, did {ent(s)} {self.ph(r, 0, o)}? (Give both if it happened in both.)"
        return (
            q,
            gold,
            ("time", "year", "equal"),
            ("times", {"s": s, "r": r, "o": o, "lo": self.lo, "hi": self.hi, "n": 4}),
        )

    def c_name_all_year(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y = d[:4]
        gold = self.f.subjects(r, o, self.ystart(y), self.yend(y))
        q = f"Name everyone who {self.ph(r, 1, o)} during {y}."
        return (
            q,
            gold,
            ("entity", "year", "equal"),
            ("subjects", {"r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y)}),
        )

    def c_n_day_window(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        n = self.rng.choice([3, 5, 7, 10])
        start = dd(d) - timedelta(days=self.rng.randrange(n))
        end = start + timedelta(days=n - 1)
        if iso(start) < self.lo or iso(end) > self.hi:
            return None
        gold = self.f.subjects(r, o, iso(start), iso(end))
        q = (
            f"In the {n} days from {day_words(iso(start), 0)} through {day_words(iso(end), 0)} (both days included), "
            f"who {self.ph(r, 1, o)}?"
        )
        return q, gold, ("entity", "day", "equal"), ("subjects", {"r": r, "o": o, "lo": iso(start), "hi": iso(end)})

    def c_quarter(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y, mo = d[:4], int(d[5:7])
        k = (mo - 1) // 3
        m1, m3 = 3 * k + 1, 3 * k + 3
        lo, hi = f"{y}-{m1:02d}-01", month_end(f"{y}-{m3:02d}")
        gold = self.f.subjects(r, o, lo, hi)
        ordinal = ["first", "second", "third", "fourth"][k]
        q = f"Which actors {self.ph(r, 1, o)} in the {ordinal} quarter of {y} ({MONTHS[m1]} to {MONTHS[m3]})?"
        return q, gold, ("entity", "month", "equal"), ("subjects", {"r": r, "o": o, "lo": lo, "hi": hi})

    def c_season(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y, mo = d[:4], int(d[5:7])
        seasons = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11)}
        name = next((k for k, (a, b) in seasons.items() if a <= mo <= b), None)
        if name is None:
            return None
        a, b = seasons[name]
        lo, hi = f"{y}-{a:02d}-01", month_end(f"{y}-{b:02d}")
        gold = self.f.subjects(r, o, lo, hi)
        months = f"{MONTHS[a]}, {MONTHS[a + 1]} and {MONTHS[b]}"
        q = f"During the {name} of {y} — that is, {months} — who {self.ph(r, 1, o)}?"
        return q, gold, ("entity", "month", "equal"), ("subjects", {"r": r, "o": o, "lo": lo, "hi": hi})

    def c_half(self) -> Any:
        s, r, _o, d = self.pick(self.pool)
        y, mo = d[:4], int(d[5:7])
        first = mo <= 6
        lo, hi = (f"{y}-01-01", f"{y}-06-30") if first else (f"{y}-07-01", f"{y}-12-31")
        gold = self.f.objects(s, r, lo, hi)
        which = "first half of {y} (January to June)" if first else "second half of {y} (July to December)"
        base = REL[r][0][0]
        if not base.endswith(" {o}"):
            return None
        q = f"Tell me whom {ent(s)} chose to {base[:-4]} in the {which.format(y=y)}."
        return q, gold, ("entity", "month", "equal"), ("objects", {"s": s, "r": r, "lo": lo, "hi": hi})

    def c_when_day(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        y = d[:4]
        gold = set(self.f.days(s, r, o, self.ystart(y), self.yend(y)))
        q = f"On what date in {y} did {ent(s)} {self.ph(r, 0, o)}?"
        if self.rng.random() < 0.5:
            q = f"{cap(ent(s) or s)} {self.ph(r, 1, o)} at some point in {y}: on which day(s)?"
        return (
            q,
            gold,
            ("time", "day", "equal"),
            ("times", {"s": s, "r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "n": 10}),
        )

    def c_months_imperative(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        y = d[:4]
        gold = {x[:7] for x in self.f.days(s, r, o, self.ystart(y), self.yend(y))}
        q = f"Tell me the month or months of {y} in which {ent(s)} {self.ph(r, 1, o)}."
        return (
            q,
            gold,
            ("time", "month", "equal"),
            ("times", {"s": s, "r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "n": 7}),
        )

    def c_named_day(self) -> Any:
        y = self.rng.choice(self.cfg["years"])
        named = [
            (f"{y}-12-25", f"Christmas Day {y}"),
            (f"{y}-12-31", f"New Year's Eve {y} (31 December)"),
            (f"{y}-02-14", f"Valentine's Day {y} (14 February)"),
            (f"{y}-01-01", f"New Year's Day {y}"),
            (f"{y}-07-04", f"the Fourth of July, {y}"),
            (f"{y}-10-31", f"Halloween {y} (31 October)"),
        ]
        day, words = named[self.rng.randrange(len(named))]
        cands = [x for x in self.pool if x[3] == day]
        if not cands:
            return None
        _s, r, o, d = self.pick(cands)
        gold = self.f.subjects(r, o, d, d)
        q = f"Who {self.ph(r, 1, o)} on {words}?"
        return q, gold, ("entity", "day", "equal"), ("subjects", {"r": r, "o": o, "lo": d, "hi": d})

    def c_ellipsis_else(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        m = d[:7]
        gold = self.f.subjects(r, o, f"{m}-01", month_end(m)) - {s}
        q = f"{cap(ent(s) or s)} {self.ph(r, 1, o)} on {day_words(d, 1)}. Who else did so that same month?"
        return (
            q,
            gold,
            ("entity", "month", "equal"),
            ("subjects", {"r": r, "o": o, "lo": f"{m}-01", "hi": month_end(m), "exclude": s}),
        )

    def c_first_entity(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y = d[:4]
        days = sorted(x for x, _ in self.f.by_ro[(r, o)] if self.ystart(y) <= x <= self.yend(y))
        gold = self.f.subjects(r, o, days[0], days[0])
        q = self.rng.choice(
            [
                f"Who was the first to {self.ph(r, 0, o)} in {y}?",
                f"In {y}, which actor was first to {self.ph(r, 0, o)}?",
            ]
        )
        return (
            q,
            gold,
            ("entity", "year", "first_last"),
            ("extreme_subjects", {"r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "which": "first"}),
        )

    def c_last_entity(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y = d[:4]
        days = sorted(x for x, _ in self.f.by_ro[(r, o)] if self.ystart(y) <= x <= self.yend(y))
        gold = self.f.subjects(r, o, days[-1], days[-1])
        q = f"Who most recently {self.ph(r, 1, o)} in {y}, i.e. the last to do so that year?"
        return (
            q,
            gold,
            ("entity", "year", "first_last"),
            ("extreme_subjects", {"r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "which": "last"}),
        )

    def c_first_month(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        y = d[:4]
        days = self.f.days(s, r, o, self.ystart(y), self.yend(y))
        q = f"In which month of {y} did {ent(s)} {self.ph(r, 0, o)} for the first time that year?"
        return (
            q,
            {days[0][:7]},
            ("time", "month", "first_last"),
            (
                "extreme_time",
                {"s": s, "r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "which": "first", "n": 7},
            ),
        )

    def c_last_day(self) -> Any:
        s, r, o, d = self.pick(self.pool)
        y = d[:4]
        days = self.f.days(s, r, o, self.ystart(y), self.yend(y))
        q = f"When, in {y}, was the last time {ent(s)} {self.ph(r, 1, o)}?"
        return (
            q,
            {days[-1]},
            ("time", "day", "first_last"),
            (
                "extreme_time",
                {"s": s, "r": r, "o": o, "lo": self.ystart(y), "hi": self.yend(y), "which": "last", "n": 10},
            ),
        )

    def c_first_year(self) -> Any:
        if len(self.cfg["years"]) < 2:
            return None
        s, r, o, _d = self.pick(self.pool)
        days = self.f.days(s, r, o, self.lo, self.hi)
        q = f"Counting only 2014 and 2015, which year saw {ent(s)} first {self.ph(r, 0, o)}?"
        return (
            q,
            {days[0][:4]},
            ("time", "year", "first_last"),
            ("extreme_time", {"s": s, "r": r, "o": o, "lo": self.lo, "hi": self.hi, "which": "first", "n": 4}),
        )

    def c_before_date(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        y = d[:4]
        cut = dd(d) + timedelta(days=self.rng.randrange(1, 20))
        if iso(cut) > self.yend(y):
            return None
        lo, hi = self.ystart(y), iso(cut - timedelta(days=1))
        gold = self.f.subjects(r, o, lo, hi)
        q = f"In {y}, before {day_words(iso(cut), 1)}, who {self.ph(r, 1, o)}?"
        return q, gold, ("entity", "day", "before_after"), ("subjects", {"r": r, "o": o, "lo": lo, "hi": hi})

    def c_after_date(self) -> Any:
        _s, r, o, d = self.pick(self.pool)
        cut = dd(d) - timedelta(days=self.rng.randrange(1, 20))
        if iso(cut) < self.lo:
            return None
        lo = iso(cut + timedelta(days=1))
        gold = self.f.subjects(r, o, lo, self.hi)
        q = f"Which actors {self.ph(r, 1, o)} after {day_words(iso(cut), 0)}?"
        return q, gold, ("entity", "day", "before_after"), ("subjects", {"r": r, "o": o, "lo": lo, "hi": self.hi})

    def _anchored(
        self, r: str, o: str, a: tuple[str, str, str, str], rel: str, pick: str
    ) -> tuple[set[str], dict[str, Any]]:
        ad = dd(a[3])
        y = a[3][:4]
        if rel == "after":
            lo, hi = iso(ad + timedelta(days=1)), self.hi
        elif rel == "before":
            lo, hi = self.ystart(y), iso(ad - timedelta(days=1))
        elif rel == "same_day":
            lo = hi = a[3]
        elif rel == "next_day":
            lo = hi = iso(ad + timedelta(days=1))
        else:
            lo, hi = f"{a[3][:7]}-01", month_end(a[3][:7])
        days = sorted({x for x, _ in self.f.by_ro[(r, o)] if lo <= x <= hi})
        if not days:
            return set(), {}
        if pick == "first":
            lo = hi = days[0]
        elif pick == "last":
            lo = hi = days[-1]
        params = {
            "ar": a[1],
            "as": a[0],
            "ao": a[2],
            "r": r,
            "o": o,
            "rel": rel,
            "pick": pick,
            "lo": self.ystart(y),
            "hi": self.hi,
        }
        return self.f.subjects(r, o, lo, hi), params

    def _target_near(self, a: tuple[str, str, str, str]) -> tuple[str, str] | None:
        """A (relation, object) that shares an entity with the anchor, so the question reads as one story."""
        cands = sorted(
            {
                (r, o)
                for ent_ in (a[0], a[2])
                for s, r, o, d in self.by_ent[ent_]
                if o == ent_ and (r, o) != (a[1], a[2])
            }
        )
        return cands[self.rng.randrange(len(cands))] if cands else None

    def c_after_event(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "after", "all")
        q = f"After {self.anchor_clause(a)}, who {self.ph(t[0], 1, t[1])}?"
        return q, gold, ("entity", "day", "before_after"), ("anchored_subjects", p)

    def c_before_event(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "before", "all")
        q = f"Earlier in {a[3][:4]}, before {self.anchor_clause(a)}, who {self.ph(t[0], 1, t[1])}?"
        return q, gold, ("entity", "day", "before_after"), ("anchored_subjects", p)

    def c_after_first(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "after", "first")
        q = self.rng.choice(
            [
                f"Who was the next to {self.ph(t[0], 0, t[1])} after {self.anchor_clause(a)}?",
                f"Once {self.anchor_clause(a)}, who was first to {self.ph(t[0], 0, t[1])}?",
            ]
        )
        return q, gold, ("entity", "day", "after_first"), ("anchored_subjects", p)

    def c_before_last(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "before", "last")
        y = a[3][:4]
        q = self.rng.choice(
            [
                f"Who had last {self.ph(t[0], 1, t[1])} just before {self.anchor_clause(a)} (looking only at {y})?",
                f"Looking at {y} only: who was the last to {self.ph(t[0], 0, t[1])} before {self.anchor_clause(a)}?",
            ]
        )
        return q, gold, ("entity", "day", "before_last"), ("anchored_subjects", p)

    def c_next_time(self) -> Any:
        a = self.pick(self.anchors)
        cands = sorted({(s, r, o) for s, r, o, d in self.by_ent[a[0]] if d > a[3] and (s, r, o) != a[:3]})
        if not cands:
            return None
        s, r, o = cands[self.rng.randrange(len(cands))]
        days = [x for x in self.f.by_sro[(s, r, o)] if x > a[3]]
        q = f"After {self.anchor_clause(a)}, on what day did {ent(s)} next {self.ph(r, 0, o)}?"
        return (
            q,
            {min(days)},
            ("time", "day", "after_first"),
            ("anchored_next_time", {"ar": a[1], "as": a[0], "ao": a[2], "s": s, "r": r, "o": o, "n": 10}),
        )

    def c_same_day(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "same_day", "all")
        q = f"On the same day that {self.anchor_clause(a)}, who {self.ph(t[0], 1, t[1])}?"
        return q, gold, ("entity", "day", "equal_multi"), ("anchored_subjects", p)

    def c_same_month(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "same_month", "all")
        q = self.rng.choice(
            [
                f"Who {self.ph(t[0], 1, t[1])} in the same month as {ent(a[0])} {self.ph(a[1], 1, a[2])}?",
                f"In the month when (according to the records) {self.anchor_clause(a)}, "
                f"which actors {self.ph(t[0], 1, t[1])}?",
            ]
        )
        return q, gold, ("entity", "month", "equal_multi"), ("anchored_subjects", p)

    def c_day_after(self) -> Any:
        a = self.pick(self.anchors)
        t = self._target_near(a)
        if t is None:
            return None
        gold, p = self._anchored(t[0], t[1], a, "next_day", "all")
        if a[3] >= self.hi:
            return None
        q = f"The day after {self.anchor_clause(a)}, who {self.ph(t[0], 1, t[1])}?"
        return q, gold, ("entity", "day", "equal_multi"), ("anchored_subjects", p)


CONSTRUCTIONS = [name for name in vars(Gen) if name.startswith("c_")]


def generate(store: str, out: Path) -> dict[str, Any]:
    cfg = STORES[store]
    rng = random.Random(f"{SEED}-{store}")
    s = connect(ensure_schema=False, start_managed=False)
    stats: dict[str, Any] = {"store": store, "constructions": defaultdict(int), "agree": 0, "disagree_dropped": 0}
    relations: set[str] = set()
    gold_sizes: dict[int, int] = defaultdict(int)
    kinds: dict[str, int] = defaultdict(int)
    try:
        with s.driver.session(database=s.database, default_access_mode="READ") as session:
            facts = read_facts(session)
            gen = Gen(facts, cfg, rng)
            seen: set[str] = set()
            records: list[dict[str, Any]] = []
            for k, name in enumerate(CONSTRUCTIONS):
                made, tries = 0, 0
                while made < cfg["per"][k % 2] and tries < 400:
                    tries += 1
                    res = getattr(gen, name)()
                    if res is None:
                        continue
                    q, gold, (atype, level, qtype), (ckind, cparams) = res
                    gold = sorted(gold)
                    if not gold or len(gold) > MAX_GOLD or q in seen:
                        continue
                    check = run_check(session, ckind, cparams)
                    if check != gold:
                        stats["disagree_dropped"] += 1
                        continue
                    seen.add(q)
                    made += 1
                    stats["constructions"][name[2:]] += 1
                    stats["agree"] += 1
                    relations.update(x for x in (cparams.get("r"), cparams.get("ar")) if x)
                    gold_sizes[len(gold)] += 1
                    kinds[f"{qtype}/{atype}/{level}"] += 1
                    records.append(
                        {
                            "question": q,
                            "answers": gold,
                            "answer_type": atype,
                            "time_level": level,
                            "qtype": qtype,
                            "qlabel": "Single" if len(gold) == 1 else "Multiple",
                            "evidence": [],
                            "construction": name[2:],
                            "store": store,
                            "check": f"{ckind}: {CHECK_DESC[ckind]}; params {json.dumps(cparams, sort_keys=True)}",
                            "check_agrees": True,
                        }
                    )
    finally:
        s.close()
    rng.shuffle(records)
    with out.open("w", encoding="utf-8") as fh:
        for i, rec in enumerate(records, 1):
            quid = f"{cfg['prefix']}{i:03d}"
            fh.write(json.dumps({"quid": quid, "id": quid, **rec}, ensure_ascii=False) + "\n")
    stats["n"] = len(records)
    stats["relations"] = len(relations)
    stats["gold_sizes"] = dict(sorted(gold_sizes.items()))
    stats["qtype_answer_level"] = dict(sorted(kinds.items()))
    stats["constructions"] = dict(stats["constructions"])
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    print(json.dumps(generate(args.store, args.out), sort_keys=True))


if __name__ == "__main__":
    main()
