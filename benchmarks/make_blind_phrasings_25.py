"""Blind held-out question set 25: MultiTQ-style questions over the ICEWS stores, with gold answers computed from the
store and re-checked per question by a second, differently written Cypher query.

Why: the symbolic temporal reader must be measured on phrasings it was never tuned on; these questions were written
without reading the reader or earlier sets. Gold comes from one read of every (subject, relation, object, day) in the
store, evaluated in Python; the second check asks Neo4j the same question from the other side (matching from the
entity keys, comparing dates as dates and aggregating min/max in Cypher, locating the anchor event in Cypher).

Usage (from the worktree root; read-only, needs the stores running)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_25.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_25.py --store bench --out <work>/blind_icews14.jsonl

Deterministic: seed 20261225, facts sorted before sampling; a rerun writes byte-identical files.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261225
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
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 26): "Boxing Day",
    (12, 31): "New Year's Eve",
}

# Store periods that questions may touch (mtq: before 2013-11-18 is a 20% sample, so ask only about 2014-2015).
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
TARGETS = {"mtq": 100, "bench": 70}
PREFIX = {"mtq": "b25m", "bench": "b25i"}

# relation -> (past tense with {o}, base form with {o}, passive participle phrase or None); several of each.
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Make_statement": (
        ["made a statement about {o}", "commented publicly on {o}", "issued a statement on {o}"],
        ["make a statement about {o}", "comment publicly on {o}"],
        [],
    ),
    "Consult": (
        ["consulted {o}", "held consultations with {o}", "consulted with {o}"],
        ["consult {o}", "hold consultations with {o}"],
        ["consulted"],
    ),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request to {o}", "put a request to {o}"],
        ["appeal to {o}", "make a request to {o}"],
        ["appealed to"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["declared readiness to meet or negotiate with {o}", "signalled a wish to hold talks with {o}"],
        ["signal a readiness to meet or negotiate with {o}", "express a wish to hold talks with {o}"],
        [],
    ),
    "Make_a_visit": (
        ["visited {o}", "paid a visit to {o}", "made a trip to {o}"],
        ["visit {o}", "pay a visit to {o}"],
        ["visited"],
    ),
    "Host_a_visit": (
        ["hosted {o}", "received {o} as a guest", "welcomed {o} for a visit"],
        ["host {o}", "host a visit by {o}"],
        ["hosted", "received as a guest"],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested or detained {o}", "took legal action against {o}", "detained or charged {o}"],
        ["arrest, detain or charge {o}", "take legal action against {o}"],
        ["arrested, detained or charged"],
    ),
    "Praise_or_endorse": (
        ["praised {o}", "spoke approvingly of {o}", "endorsed {o}"],
        ["praise {o}", "endorse {o}", "speak well of {o}"],
        ["praised", "endorsed"],
    ),
    "Criticize_or_denounce": (
        ["criticized {o}", "denounced {o}", "spoke out against {o}"],
        ["criticize {o}", "denounce {o}"],
        ["criticized", "denounced"],
    ),
    "Use_conventional_military_force": (
        ["used military force against {o}", "launched a conventional military attack on {o}"],
        ["use military force against {o}"],
        ["targeted with military force"],
    ),
    "Engage_in_negotiation": (
        ["negotiated with {o}", "held negotiations with {o}", "sat down at the negotiating table with {o}"],
        ["negotiate with {o}", "hold negotiations with {o}"],
        [],
    ),
    "Accuse": (
        ["accused {o}", "levelled accusations at {o}", "pointed the finger at {o}"],
        ["accuse {o}", "level accusations at {o}"],
        ["accused"],
    ),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with {o}", "worked with {o} on the diplomatic front"],
        ["cooperate diplomatically with {o}"],
        [],
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "signed a deal with {o}", "put pen to paper on an agreement with {o}"],
        ["sign a formal agreement with {o}", "sign a deal with {o}"],
        [],
    ),
    "Express_intent_to_cooperate": (
        ["expressed an intent to cooperate with {o}", "declared a willingness to cooperate with {o}"],
        ["express willingness to cooperate with {o}", "declare an intention to cooperate with {o}"],
        [],
    ),
    "Demand": (
        ["made demands of {o}", "issued a demand to {o}"],
        ["make a demand of {o}", "issue demands to {o}"],
        [],
    ),
    "Investigate": (
        ["investigated {o}", "opened an inquiry into {o}"],
        ["investigate {o}", "open an investigation into {o}"],
        ["investigated"],
    ),
    "Make_optimistic_comment": (
        ["made an optimistic remark about {o}", "spoke optimistically about {o}"],
        ["speak optimistically about {o}", "sound upbeat about {o}"],
        [],
    ),
    "Reject": (
        ["rejected {o}", "turned down {o}", "rebuffed {o}"],
        ["reject {o}", "rebuff {o}"],
        ["rejected", "rebuffed"],
    ),
    "Discuss_by_telephone": (
        ["spoke by phone with {o}", "had a telephone conversation with {o}", "phoned {o}"],
        ["talk on the phone with {o}", "phone {o}"],
        ["phoned", "called on the telephone"],
    ),
    "Make_pessimistic_comment": (
        ["made a pessimistic comment about {o}", "voiced pessimism about {o}"],
        ["voice pessimism about {o}"],
        [],
    ),
    "Threaten": (
        ["threatened {o}", "issued threats against {o}"],
        ["threaten {o}"],
        ["threatened"],
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        ["express sympathy for {o}", "offer words of sympathy to {o}"],
        [],
    ),
    "Provide_humanitarian_aid": (
        ["gave humanitarian aid to {o}", "provided humanitarian assistance to {o}"],
        ["provide humanitarian aid to {o}", "send humanitarian assistance to {o}"],
        [],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["pledged diplomatic cooperation with {o}", "expressed intent to back {o} diplomatically"],
        ["pledge diplomatic cooperation with {o}"],
        [],
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed to {o} for diplomatic cooperation", "asked {o} for diplomatic support"],
        ["appeal to {o} for diplomatic cooperation", "ask {o} for diplomatic support"],
        [],
    ),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met with {o} on neutral ground"],
        ["meet {o} at a third location", "meet with {o} on neutral ground"],
        [],
    ),
    "Reduce_relations": (
        ["cut back relations with {o}", "downgraded ties with {o}"],
        ["reduce relations with {o}", "downgrade ties with {o}"],
        [],
    ),
    "Physically_assault": (
        ["physically assaulted {o}", "beat up {o}"],
        ["physically assault {o}"],
        ["physically assaulted"],
    ),
    "Provide_aid": (
        ["provided aid to {o}", "gave assistance to {o}"],
        ["provide aid to {o}", "give assistance to {o}"],
        [],
    ),
    "Express_intent_to_cooperate_economically": (
        ["pledged economic cooperation with {o}", "expressed an intent to cooperate economically with {o}"],
        ["express an intent to cooperate economically with {o}"],
        [],
    ),
    "Demonstrate_or_rally": (
        ["held a demonstration or rally against {o}", "rallied in protest at {o}"],
        ["demonstrate or rally against {o}"],
        [],
    ),
}

# Sector entities "Sector (Country)": how a person would say them.
SECTORS = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Criminal": ["criminals in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}", "an attorney in {c}"],
    "Activist": ["activists in {c}"],
    "Protester": ["protesters in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Militant": ["militants in {c}"],
    "Court Judge": ["a court judge in {c}", "a judge in {c}"],
    "Legislature": ["the legislature of {c}", "{c}'s legislature"],
    "Men": ["men in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Employee": ["employees in {c}"],
    "Student": ["students in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s security ministry"],
    "Other Authorities / Officials": ["officials in {c}", "authorities in {c}"],
    "Government Official": ["government officials in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s council of ministers"],
    "People Associated with the Opposition": ["the opposition in {c}", "{c}'s opposition"],
    "Envoy": ["an envoy of {c}", "{c}'s envoy"],
    "Military Personnel": ["soldiers of {c}", "{c}'s military personnel"],
    "Business": ["businesses in {c}", "the business community in {c}"],
    "Member of Parliament": ["a member of parliament in {c}", "an MP from {c}"],
    "Lawmaker": ["a lawmaker in {c}"],
    "Ministry": [],  # which ministry is unsaid: never asked about
    "Party President": ["a party president in {c}"],
    "Governor": ["a governor in {c}"],
    "Armed Gang": ["an armed gang in {c}"],
    "Terrorist (Al Qaeda)": [],
    "Journalist": ["journalists in {c}", "a journalist in {c}"],
    "Opposition Activist": ["opposition activists in {c}"],
}


def parse_day(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def iso(d: dt.date) -> str:
    return d.isoformat()


def say(name: str, rng: random.Random) -> str | None:
    """How a user names the entity, or None when no natural phrasing is known (the entity is then never asked)."""
    if "(" not in name:
        return name
    head, _, rest = name.partition(" (")
    country = rest.rstrip(")")
    if "(" in country or ")" in country or country in ("International", "Middle East", "Africa", "Europe"):
        return None
    forms = SECTORS.get(head)
    if not forms:
        return None
    form = rng.choice(forms)
    if form.startswith("{c}'s") and country.endswith("s"):
        form = "{c}'" + form[len("{c}'s") :]
    return form.format(c=country)


PLURAL_HEADS = (
    "citizens",
    "ordinary",
    "men ",
    "women",
    "children",
    "employees",
    "students",
    "activists",
    "protesters",
    "criminals",
    "lawyers",
    "militants",
    "armed rebels",
    "soldiers",
    "businesses",
    "officials",
    "authorities",
    "government officials",
    "journalists",
    "opposition activists",
    "the police",
    "the armed forces",
    "the media",
)


def be(phrase: str) -> str:
    """'was' or 'were' for a passive whose subject is ``phrase`` (plural sector phrasings take 'were')."""
    return "were" if phrase.startswith(PLURAL_HEADS) or "'s military personnel" in phrase else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def day_words(d: dt.date, rng: random.Random, named: bool = True) -> str:
    if named and (d.month, d.day) in NAMED_DAYS and rng.random() < 0.8:
        return f"{NAMED_DAYS[(d.month, d.day)]} ({d.day} {MONTHS[d.month - 1]}) {d.year}"
    style = rng.randrange(4)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return f"{WEEKDAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}"
    return d.isoformat()


def month_words(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])


def month_end(y: int, m: int) -> dt.date:
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


@dataclass
class Spec:
    """What a question asks, evaluated twice: over the facts in Python (gold) and in Cypher (second check).

    ask: 'subject' | 'object' | 'time'. s / o: fixed entity names (None = the asked side). lo / hi: inclusive day
    window. anchor: (s, r, o) of a unique event and ``rel`` how the window relates to its day. pick: 'all' | 'first' |
    'last' (by day, ties kept). gran: 'day' | 'month' | 'year' for time answers. exclude: names left out ("else").
    """

    ask: str
    r: str
    s: str | None = None
    o: str | None = None
    lo: str | None = None
    hi: str | None = None
    anchor: tuple[str, str, str] | None = None
    rel: str | None = None  # after | before | same_day | same_month | day_after | same_week
    pick: str = "all"
    gran: str = "day"
    exclude: list[str] = field(default_factory=list)

    def describe(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [], "all") or k == "ask"}


CUT = {"day": 10, "month": 7, "year": 4}


class Facts:
    def __init__(self, rows: list[tuple[str, str, str, str]]) -> None:
        self.rows = rows
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.triple: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.by_ent: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for s, r, o, t in rows:
            self.by_ro[(r, o)].append((s, t))
            self.by_sr[(s, r)].append((o, t))
            self.triple[(s, r, o)].append(t)
            self.by_ent[s].append((s, r, o, t))
            self.by_ent[o].append((s, r, o, t))

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        days = self.triple.get(a, [])
        return days[0] if len(days) == 1 else None

    def window(self, spec: Spec) -> tuple[str, str] | None:
        lo, hi = spec.lo or "0000-00-00", spec.hi or "9999-99-99"
        if spec.anchor is None:
            return lo, hi
        ad = self.anchor_day(spec.anchor)
        if ad is None:
            return None
        d = parse_day(ad)
        if spec.rel == "after":
            a_lo, a_hi = iso(d + dt.timedelta(days=1)), "9999-99-99"
        elif spec.rel == "before":
            a_lo, a_hi = "0000-00-00", iso(d - dt.timedelta(days=1))
        elif spec.rel == "same_day":
            a_lo = a_hi = ad
        elif spec.rel == "day_after":
            a_lo = a_hi = iso(d + dt.timedelta(days=1))
        elif spec.rel == "same_month":
            a_lo, a_hi = iso(d.replace(day=1)), iso(month_end(d.year, d.month))
        elif spec.rel == "same_week":
            mon = d - dt.timedelta(days=d.weekday())
            a_lo, a_hi = iso(mon), iso(mon + dt.timedelta(days=6))
        else:
            raise ValueError(spec.rel)
        return max(lo, a_lo), min(hi, a_hi)

    def gold(self, spec: Spec) -> list[str]:
        win = self.window(spec)
        if win is None:
            return []
        lo, hi = win
        if spec.ask == "subject":
            assert spec.o is not None
            cands = [(x, t) for x, t in self.by_ro.get((spec.r, spec.o), []) if lo <= t <= hi]
        elif spec.ask == "object":
            assert spec.s is not None
            cands = [(x, t) for x, t in self.by_sr.get((spec.s, spec.r), []) if lo <= t <= hi]
        else:
            assert spec.s is not None and spec.o is not None
            cands = [(t[: CUT[spec.gran]], t) for t in self.triple.get((spec.s, spec.r, spec.o), []) if lo <= t <= hi]
        cands = [(x, t) for x, t in cands if x not in spec.exclude]
        if not cands:
            return []
        if spec.pick == "first":
            m = min(t for _, t in cands)
            cands = [(x, t) for x, t in cands if t == m]
        elif spec.pick == "last":
            m = max(t for _, t in cands)
            cands = [(x, t) for x, t in cands if t == m]
        return sorted({x for x, _ in cands})


def cypher_check(store: Any, spec: Spec, keys: dict[str, str]) -> list[str]:
    """The second check: the same question asked of Neo4j directly, written differently from :meth:`Facts.gold`
    (matched from the fixed entities' keys, dates compared as dates, the anchor located and its uniqueness tested in
    Cypher, first/last taken with min/max aggregation in Cypher)."""
    params: dict[str, Any] = {"r": spec.r, "ex": spec.exclude, "cut": CUT[spec.gran]}
    lines: list[str] = []
    if spec.anchor is not None:
        params.update(a_s=keys[spec.anchor[0]], a_r=spec.anchor[1], a_o=keys[spec.anchor[2]])
        lines += [
            "MATCH (as:Entity {key: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {key: $a_o})",
            "WHERE a.relation = $a_r",
            "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1",
            "WITH ads[0] AS ad",
        ]
        rel = spec.rel
        if rel == "after":
            lines.append("WITH ad + duration({days: 1}) AS wlo, date('9999-12-31') AS whi")
        elif rel == "before":
            lines.append("WITH date('0001-01-01') AS wlo, ad - duration({days: 1}) AS whi")
        elif rel == "same_day":
            lines.append("WITH ad AS wlo, ad AS whi")
        elif rel == "day_after":
            lines.append("WITH ad + duration({days: 1}) AS wlo, ad + duration({days: 1}) AS whi")
        elif rel == "same_month":
            lines.append(
                "WITH date.truncate('month', ad) AS wlo, "
                "date.truncate('month', ad) + duration('P1M') - duration('P1D') AS whi"
            )
        elif rel == "same_week":
            lines.append("WITH date.truncate('week', ad) AS wlo, date.truncate('week', ad) + duration('P6D') AS whi")
    else:
        lines.append("WITH date('0001-01-01') AS wlo, date('9999-12-31') AS whi")
    if spec.lo:
        params["lo"] = spec.lo
        lines.append("WITH CASE WHEN wlo < date($lo) THEN date($lo) ELSE wlo END AS wlo, whi")
    if spec.hi:
        params["hi"] = spec.hi
        lines.append("WITH wlo, CASE WHEN whi > date($hi) THEN date($hi) ELSE whi END AS whi")
    if spec.ask == "subject":
        params["o"] = keys[spec.o or ""]
        lines += [
            "MATCH (fixed:Entity {key: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity)",
            "WHERE e.relation = $r AND wlo <= e.valid_from <= whi AND NOT x.name IN $ex",
            "WITH x.name AS ans, e.valid_from AS d",
        ]
    elif spec.ask == "object":
        params["s"] = keys[spec.s or ""]
        lines += [
            "MATCH (fixed:Entity {key: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)",
            "WHERE e.relation = $r AND wlo <= e.valid_from <= whi AND NOT x.name IN $ex",
            "WITH x.name AS ans, e.valid_from AS d",
        ]
    else:
        params.update(s=keys[spec.s or ""], o=keys[spec.o or ""])
        lines += [
            "MATCH (fo:Entity {key: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(fs:Entity {key: $s})",
            "WHERE e.relation = $r AND wlo <= e.valid_from <= whi",
            "WITH left(toString(e.valid_from), $cut) AS ans, e.valid_from AS d",
        ]
    if spec.pick in ("first", "last"):
        agg = "min" if spec.pick == "first" else "max"
        lines += [
            f"WITH collect([ans, d]) AS rows, {agg}(d) AS best",
            "UNWIND rows AS row",
            "WITH row WHERE row[1] = best",
            "WITH row[0] AS ans",
        ]
    lines.append("RETURN collect(DISTINCT ans) AS answers")
    rows = store.run("\n".join(lines), params)
    return sorted(rows[0]["answers"]) if rows else []


# ------------------------------------------------------------------------------------------- question builders
@dataclass
class Ctx:
    store: str
    facts: Facts
    rng: random.Random
    lo: str
    hi: str
    pool: list[tuple[str, str, str, str]]  # facts inside the store period, with a known relation and sayable entities

    def years(self) -> list[int]:
        return list(range(int(self.lo[:4]), int(self.hi[:4]) + 1))


Built = tuple[str, Spec, str, str, str]  # question, spec, answer_type, time_level, construction


def past(r: str, o: str, rng: random.Random) -> str:
    return rng.choice(REL[r][0]).format(o=o)


def base(r: str, o: str, rng: random.Random) -> str:
    return rng.choice(REL[r][1]).format(o=o)


def sayable_anchor(ctx: Ctx, near: str, t_lo: str, t_hi: str) -> tuple[tuple[str, str, str], str, str] | None:
    """A unique (whole store) event involving ``near`` inside [t_lo, t_hi], and how to say it."""
    rng = ctx.rng
    cands = [f for f in ctx.facts.by_ent.get(near, []) if f[1] in REL and t_lo <= f[3] <= t_hi]
    rng.shuffle(cands)
    for s, r, o, t in cands[:30]:
        if ctx.facts.anchor_day((s, r, o)) != t:
            continue
        ss, so = say(s, rng), say(o, rng)
        if ss is None or so is None or s == o:
            continue
        return (s, r, o), t, f"{ss} {past(r, so, rng)}"
    return None


def b_equal_entity(ctx: Ctx, f: tuple[str, str, str, str], force: str | None = None) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    d = parse_day(t)
    so, ss = say(o, rng), say(s, rng)
    if so is None or ss is None:
        return None
    kind = force or rng.choice(
        ["day", "day", "month", "month", "year", "quarter", "half", "season", "ndays", "week", "object", "dayafter"]
    )
    pp = REL[r][2]
    if kind == "day":
        spec = Spec("subject", r, o=o, lo=t, hi=t)
        dw = day_words(d, rng)
        form = rng.randrange(4)
        if form == 0:
            return f"Who {past(r, so, rng)} on {dw}?", spec, "entity", "day", "who_time_end"
        if form == 1:
            return f"On {dw}, who {past(r, so, rng)}?", spec, "entity", "day", "time_fronted"
        if form == 2 and pp:
            return f"By whom {be(so)} {so} {rng.choice(pp)} on {dw}?", spec, "entity", "day", "passive_by_whom"
        return f"Name everyone who {past(r, so, rng)} on {dw}.", spec, "entity", "day", "imperative_name"
    if kind == "month":
        spec = Spec("subject", r, o=o, lo=iso(d.replace(day=1)), hi=iso(month_end(d.year, d.month)))
        mw = month_words(d.year, d.month, rng)
        form = rng.randrange(3)
        if form == 0:
            return f"Tell me who {past(r, so, rng)} in {mw}.", spec, "entity", "month", "imperative_tell"
        if form == 1 and pp:
            return f"In {mw}, {so} {be(so)} {rng.choice(pp)} by whom?", spec, "entity", "month", "passive_fronted"
        return f"Which actors {past(r, so, rng)} at some point during {mw}?", spec, "entity", "month", "which_actors"
    if kind == "year":
        y = d.year
        spec = Spec("subject", r, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31")
        qtext, c = rng.choice(
            [
                (f"Over the course of {y}, who {past(r, so, rng)}?", "time_fronted"),
                (f"Who were the ones that {past(r, so, rng)} in {y}?", "relative_clause"),
            ]
        )
        return qtext, spec, "entity", "year", c
    if kind == "quarter":
        q = (d.month - 1) // 3
        lo, hi = dt.date(d.year, 3 * q + 1, 1), month_end(d.year, 3 * q + 3)
        spec = Spec("subject", r, o=o, lo=iso(lo), hi=iso(hi))
        ords = ["first", "second", "third", "fourth"][q]
        span = f"{MONTHS[3 * q]} to {MONTHS[3 * q + 2]}"
        return (
            f"Who {past(r, so, rng)} in the {ords} quarter of {d.year} ({span})?",
            spec,
            "entity",
            "month",
            "quarter",
        )
    if kind == "half":
        h = (d.month - 1) // 6
        lo, hi = dt.date(d.year, 6 * h + 1, 1), month_end(d.year, 6 * h + 6)
        spec = Spec("subject", r, o=o, lo=iso(lo), hi=iso(hi))
        which = ["first half", "second half"][h]
        span = ["January through June", "July through December"][h]
        return (
            f"During the {which} of {d.year} ({span}), which parties {past(r, so, rng)}?",
            spec,
            "entity",
            "month",
            "half_year",
        )
    if kind == "season":
        seasons = {(3, 4, 5): "spring", (6, 7, 8): "summer", (9, 10, 11): "autumn"}
        for ms, name in seasons.items():
            if d.month in ms:
                lo, hi = dt.date(d.year, ms[0], 1), month_end(d.year, ms[2])
                spec = Spec("subject", r, o=o, lo=iso(lo), hi=iso(hi))
                mnames = f"{MONTHS[ms[0] - 1]}, {MONTHS[ms[1] - 1]} and {MONTHS[ms[2] - 1]}"
                return (
                    f"In the {name} of {d.year} (that is, {mnames}), who {past(r, so, rng)}?",
                    spec,
                    "entity",
                    "month",
                    "season",
                )
        return None
    if kind == "ndays":
        n = rng.choice([3, 5, 7, 10])
        start = d - dt.timedelta(days=rng.randrange(n))
        end = start + dt.timedelta(days=n - 1)
        if iso(start) < ctx.lo or iso(end) > ctx.hi:
            return None
        spec = Spec("subject", r, o=o, lo=iso(start), hi=iso(end))
        return (
            f"In the {n} days from {day_words(start, rng, False)} to {day_words(end, rng, False)} "
            f"(both days included), who {past(r, so, rng)}?",
            spec,
            "entity",
            "day",
            "n_day_window",
        )
    if kind == "week":
        mon = d - dt.timedelta(days=d.weekday())
        sun = mon + dt.timedelta(days=6)
        if iso(mon) < ctx.lo or iso(sun) > ctx.hi:
            return None
        spec = Spec("subject", r, o=o, lo=iso(mon), hi=iso(sun))
        return (
            f"Which actors {past(r, so, rng)} in the week running from Monday {mon.day} {MONTHS[mon.month - 1]} "
            f"to Sunday {sun.day} {MONTHS[sun.month - 1]} {sun.year}?",
            spec,
            "entity",
            "day",
            "week_window",
        )
    if kind == "object":
        if rng.random() < 0.5:
            spec = Spec("object", r, s=s, lo=t, hi=t)
            vb = base(r, "whom", rng)
            if not vb.endswith("whom"):
                return None
            return (f"On {day_words(d, rng)}, whom did {ss} {vb[:-5]}?", spec, "entity", "day", "whom_object")
        spec = Spec("object", r, s=s, lo=iso(d.replace(day=1)), hi=iso(month_end(d.year, d.month)))
        ends = [p for p in REL[r][0] if p.endswith(" {o}")]
        if not ends:
            return None
        vp = rng.choice(ends)[: -len(" {o}")]
        return (
            f"Name the ones that {ss} {vp} in {month_words(d.year, d.month, rng)}.",
            spec,
            "entity",
            "month",
            "object_name",
        )
    if kind == "ellipsis":
        mon = d - dt.timedelta(days=d.weekday())
        sun = mon + dt.timedelta(days=6)
        if iso(mon) < ctx.lo or iso(sun) > ctx.hi:
            return None
        spec = Spec("subject", r, o=o, lo=iso(mon), hi=iso(sun), exclude=[s])
        return (
            f"{cap(ss)} {past(r, so, rng)} on {day_words(d, rng, False)}. Who else did so that same week "
            f"(Monday {mon.day} {MONTHS[mon.month - 1]} to Sunday {sun.day} {MONTHS[sun.month - 1]})?",
            spec,
            "entity",
            "day",
            "ellipsis_else",
        )
    if kind == "dayafter":
        prev = d - dt.timedelta(days=1)
        if iso(prev) < ctx.lo:
            return None
        spec = Spec("subject", r, o=o, lo=t, hi=t)
        return (
            f"Who {past(r, so, rng)} on the day after {day_words(prev, rng)}?",
            spec,
            "entity",
            "day",
            "relative_day",
        )
    return None


def b_equal_time(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    d = parse_day(t)
    so, ss = say(o, rng), say(s, rng)
    if so is None or ss is None:
        return None
    y = d.year
    gran = rng.choice(["day", "month", "month", "year"] if ctx.store == "mtq" else ["day", "month"])
    if gran == "year":
        spec = Spec("time", r, s=s, o=o, lo=ctx.lo, hi=ctx.hi, gran="year")
        return (
            f"Was it in 2014 or in 2015 that {ss} {past(r, so, rng)}? Give the year.",
            spec,
            "time",
            "year",
            "choice_year",
        )
    spec = Spec("time", r, s=s, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31", gran=gran)
    if gran == "day":
        form = rng.randrange(2)
        if form == 0:
            return (f"On what date in {y} did {ss} {base(r, so, rng)}?", spec, "time", "day", "when_day")
        return (
            f"{cap(ss)} {past(r, so, rng)} in {y} — on which day was that?",
            spec,
            "time",
            "day",
            "statement_then_question",
        )
    form = rng.randrange(2)
    if form == 0:
        return (f"Which month of {y} saw {ss} {base(r, so, rng)}?", spec, "time", "month", "time_as_subject")
    return (f"Tell me the month in {y} when {ss} {past(r, so, rng)}.", spec, "time", "month", "imperative_tell")


def b_first_last(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    so, ss = say(o, rng), say(s, rng)
    if so is None or ss is None:
        return None
    y = int(t[:4])
    pick = rng.choice(["first", "last"])
    lo, hi = f"{y}-01-01", f"{y}-12-31"
    kind = rng.choice(
        ["entity", "entity", "time_day", "time_month", "time_since"]
        if ctx.store == "mtq"
        else ["entity", "entity", "time_day", "time_month"]
    )
    pp = REL[r][2]
    if kind == "entity":
        spec = Spec("subject", r, o=o, lo=lo, hi=hi, pick=pick)
        form = rng.randrange(3)
        if form == 0:
            return (f"Who was the {pick} to {base(r, so, rng)} in {y}?", spec, "entity", "day", "who_was_the_first")
        if form == 1 and pp:
            adv = "first" if pick == "first" else "last"
            return (f"In {y}, by whom {be(so)} {so} {rng.choice(pp)} {adv}?", spec, "entity", "day", "passive_first")
        word = "earliest" if pick == "first" else "latest"
        return (f"Name the {word} actor in {y} that {past(r, so, rng)}.", spec, "entity", "day", "name_earliest")
    if kind == "time_day":
        spec = Spec("time", r, s=s, o=o, lo=lo, hi=hi, pick=pick, gran="day")
        if pick == "first":
            return (f"When, in {y}, did {ss} {base(r, so, rng)} for the first time?", spec, "time", "day", "when_first")
        return (
            f"What was the last day of {y} on which {ss} {past(r, so, rng)}?",
            spec,
            "time",
            "day",
            "last_day_relative",
        )
    if kind == "time_month":
        spec = Spec("time", r, s=s, o=o, lo=lo, hi=hi, pick=pick, gran="month")
        nth = "for the first time" if pick == "first" else "for the last time"
        return (f"In which month of {y} did {ss} {base(r, so, rng)} {nth}?", spec, "time", "month", "which_month_first")
    spec = Spec("time", r, s=s, o=o, lo=ctx.lo, hi=ctx.hi, pick=pick, gran=rng.choice(["month", "year"]))
    unit = spec.gran
    if pick == "first":
        return (
            f"Counting from the start of 2014, in which {unit} did {ss} first {base(r, so, rng)}?",
            spec,
            "time",
            unit,
            "since_first",
        )
    return (
        f"Between January 2014 and December 2015, which {unit} was the last one in which {ss} {past(r, so, rng)}?",
        spec,
        "time",
        unit,
        "between_last",
    )


def b_before_after(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    _s, r, o, t = f
    d = parse_day(t)
    so = say(o, rng)
    if so is None:
        return None
    y = d.year
    kind = rng.choice(["date_before", "date_after", "event_before", "event_after", "month_after"])
    if kind == "date_before":
        cut = d + dt.timedelta(days=rng.randrange(1, 20))
        if cut.year != y:
            return None
        spec = Spec("subject", r, o=o, lo=f"{y}-01-01", hi=iso(cut - dt.timedelta(days=1)))
        return (
            f"In {y}, before {cut.day} {MONTHS[cut.month - 1]}, who {past(r, so, rng)}?",
            spec,
            "entity",
            "day",
            "before_date_scoped",
        )
    if kind == "date_after":
        cut = d - dt.timedelta(days=rng.randrange(1, 20))
        if cut.year != y:
            return None
        spec = Spec("subject", r, o=o, lo=iso(cut + dt.timedelta(days=1)), hi=f"{y}-12-31")
        return (
            f"Who {past(r, so, rng)} after {day_words(cut, rng, False)} but before the end of {y}?",
            spec,
            "entity",
            "day",
            "after_date_until_year_end",
        )
    if kind == "month_after":
        if d.month == 1:
            return None
        spec = Spec("subject", r, o=o, lo=iso(d.replace(day=1)), hi=f"{y}-12-31")
        pm = d.month - 1
        return (
            f"Once {MONTHS[pm - 1]} {y} was over, who went on to {base(r, so, rng)} during the rest of that year?",
            spec,
            "entity",
            "month",
            "after_month",
        )
    near = o
    if kind == "event_before":
        got = sayable_anchor(ctx, near, iso(d + dt.timedelta(days=1)), f"{y}-12-31")
        if got is None:
            return None
        anchor, _at, aw = got
        spec = Spec("subject", r, o=o, lo=f"{y}-01-01", anchor=anchor, rel="before")
        return (
            f"Earlier in {y}, before {aw}, who had {past_participle(r, so, rng)}?",
            spec,
            "entity",
            "day",
            "before_event_scoped",
        )
    got = sayable_anchor(ctx, near, f"{y}-01-01", iso(d - dt.timedelta(days=1)))
    if got is None:
        return None
    anchor, _at, aw = got
    spec = Spec("subject", r, o=o, hi=f"{y}-12-31", anchor=anchor, rel="after")
    return (
        f"After {aw}, and before {y} ended, which actors {past(r, so, rng)}?",
        spec,
        "entity",
        "day",
        "after_event_scoped",
    )


def past_participle(r: str, o: str, rng: random.Random) -> str:
    """'had ___' forms from the past tense: regular verbs only change a few irregular heads."""
    text = past(r, o, rng)
    for a, b in (
        ("made ", "made "),
        ("spoke ", "spoken "),
        ("gave ", "given "),
        ("took ", "taken "),
        ("sat ", "sat "),
        ("met ", "met "),
        ("beat ", "beaten "),
        ("put ", "put "),
        ("held ", "held "),
        ("said ", "said "),
    ):
        if text.startswith(a):
            return b + text[len(a) :]
    return text


def b_after_first(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    d = parse_day(t)
    so, ss = say(o, rng), say(s, rng)
    if so is None or ss is None:
        return None
    lo_scope = ctx.lo
    got = sayable_anchor(
        ctx, rng.choice([o, s]), max(lo_scope, iso(d - dt.timedelta(days=60))), iso(d - dt.timedelta(days=1))
    )
    if got is None:
        return None
    anchor, _at, aw = got
    kind = rng.choice(["entity", "entity", "entity", "time_day", "time_month"])
    if kind == "entity":
        spec = Spec("subject", r, o=o, anchor=anchor, rel="after", pick="first", hi=ctx.hi)
        form = rng.randrange(3)
        if form == 0:
            return (f"After {aw}, who was the first to {base(r, so, rng)}?", spec, "entity", "day", "after_first_who")
        if form == 1:
            return (f"Once {aw}, who was next to {base(r, so, rng)}?", spec, "entity", "day", "next_to")
        return (f"Who {past(r, so, rng)} soonest after {aw}?", spec, "entity", "day", "soonest_after")
    gran = "day" if kind == "time_day" else "month"
    spec = Spec("time", r, s=s, o=o, anchor=anchor, rel="after", pick="first", gran=gran, hi=ctx.hi)
    if gran == "day":
        return (f"After {aw}, when did {ss} next {base(r, so, rng)}?", spec, "time", "day", "when_next")
    return (f"In which month did {ss} first {base(r, so, rng)} after {aw}?", spec, "time", "month", "which_month_after")


def b_before_last(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    d = parse_day(t)
    so, ss = say(o, rng), say(s, rng)
    if so is None or ss is None:
        return None
    y = d.year
    got = sayable_anchor(
        ctx, rng.choice([o, s]), iso(d + dt.timedelta(days=1)), min(f"{y}-12-31", iso(d + dt.timedelta(days=60)))
    )
    if got is None:
        return None
    anchor, _at, aw = got
    kind = rng.choice(["entity", "entity", "entity", "time_day"])
    lo = f"{y}-01-01"
    if kind == "entity":
        spec = Spec("subject", r, o=o, lo=lo, anchor=anchor, rel="before", pick="last")
        form = rng.randrange(3)
        if form == 0:
            return (
                f"Earlier in {y}, just before {aw}, who had last {past_participle(r, so, rng)}?",
                spec,
                "entity",
                "day",
                "before_last_had",
            )
        if form == 1:
            return (
                f"Who was the most recent to {base(r, so, rng)} before {aw} (looking only at {y})?",
                spec,
                "entity",
                "day",
                "most_recent_parenthetical",
            )
        return (
            f"Name the last actor that {past(r, so, rng)} in {y} before {aw}.",
            spec,
            "entity",
            "day",
            "name_last_before",
        )
    spec = Spec("time", r, s=s, o=o, lo=lo, anchor=anchor, rel="before", pick="last", gran="day")
    return (
        f"Before {aw}, when in {y} had {ss} last {base_to_pp(r, so, rng)}?",
        spec,
        "time",
        "day",
        "when_last_before",
    )


def base_to_pp(r: str, o: str, rng: random.Random) -> str:
    return past_participle(r, o, rng)


def b_equal_multi(ctx: Ctx, f: tuple[str, str, str, str]) -> Built | None:
    rng = ctx.rng
    s, r, o, t = f
    d = parse_day(t)
    so = say(o, rng)
    if so is None:
        return None
    rel = rng.choice(["same_day", "same_month", "same_month", "day_after", "same_week"])
    if rel == "same_day":
        lo, hi = t, t
    elif rel == "day_after":
        lo = hi = iso(d - dt.timedelta(days=1))
    elif rel == "same_month":
        lo, hi = iso(d.replace(day=1)), iso(month_end(d.year, d.month))
    else:
        mon = d - dt.timedelta(days=d.weekday())
        lo, hi = iso(mon), iso(mon + dt.timedelta(days=6))
    if lo < ctx.lo or hi > ctx.hi:
        return None
    got = sayable_anchor(ctx, rng.choice([o, s]), lo, hi)
    if got is None:
        return None
    anchor, _at, aw = got
    if anchor[1] == r and anchor[2] == o:
        return None
    spec = Spec("subject", r, o=o, anchor=anchor, rel=rel, lo=ctx.lo, hi=ctx.hi)
    pv = past(r, so, rng)
    if rel == "same_day":
        return rng.choice(
            [
                (f"On the same day that {aw}, who {pv}?", spec, "entity", "day", "same_day_as"),
                (f"Who {pv} on the very day {aw}?", spec, "entity", "day", "very_day"),
            ]
        )
    if rel == "day_after":
        return (f"The day after {aw}, who {pv}?", spec, "entity", "day", "day_after_event")
    if rel == "same_week":
        return (
            f"Who {pv} in the same calendar week (Monday to Sunday) in which {aw}?",
            spec,
            "entity",
            "day",
            "same_week_as",
        )
    return rng.choice(
        [
            (f"Who {pv} in the same month in which {aw}?", spec, "entity", "month", "same_month_as"),
            (f"In the month when {aw}, which actors {pv}?", spec, "entity", "month", "month_when_fronted"),
        ]
    )


BUILDERS: list[tuple[str, Callable[[Ctx, tuple[str, str, str, str]], Built | None], float]] = [
    ("equal", b_equal_entity, 0.24),
    ("equal", b_equal_time, 0.12),
    ("equal", lambda ctx, f: b_equal_entity(ctx, f, "ellipsis"), 0.04),
    ("equal", lambda ctx, f: b_equal_entity(ctx, f, "object"), 0.03),
    ("first_last", b_first_last, 0.16),
    ("before_after", b_before_after, 0.12),
    ("after_first", b_after_first, 0.10),
    ("before_last", b_before_last, 0.10),
    ("equal_multi", b_equal_multi, 0.10),
]
MULTIPLE = {"equal_multi", "after_first", "before_last"}


def load_keys(store: Any) -> dict[str, str]:
    """name -> Entity.key, so the second check can start from the indexed key (a different path from the gold's)."""
    return {x["n"]: x["k"] for x in store.run("MATCH (x:Entity) RETURN x.name AS n, x.key AS k")}


def load_facts(store: Any) -> list[tuple[str, str, str, str]]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
    )
    return sorted((x["s"], x["r"], x["o"], x["t"]) for x in rows)


def generate(store_name: str, store: Any) -> tuple[list[dict[str, Any]], Counter[str]]:
    rng = random.Random(SEED)
    facts = Facts(load_facts(store))
    keys = load_keys(store)
    lo, hi = PERIODS[store_name]
    pool = [
        f
        for f in facts.rows
        if lo <= f[3] <= hi
        and f[1] in REL
        and say(f[0], random.Random(0))
        and say(f[2], random.Random(0))
        and f[0] != f[2]
    ]
    ctx = Ctx(store_name, facts, rng, lo, hi, pool)
    target = TARGETS[store_name]
    quotas = [max(1, round(w * target)) for _, _, w in BUILDERS]
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats: Counter[str] = Counter({"drop_check_disagrees": 0, "checked": 0})
    rel_use: Counter[str] = Counter()
    for (qtype, builder, _w), quota in zip(BUILDERS, quotas, strict=True):
        made, tries = 0, 0
        while made < quota and tries < 4000:
            tries += 1
            f = rng.choice(pool)
            if rel_use[f[1]] >= 8:  # spread over many relations
                continue
            built = builder(ctx, f)
            if built is None:
                continue
            text, spec, atype, tlevel, construction = built
            gold = facts.gold(spec)
            if not gold:
                stats["drop_no_gold"] += 1
                continue
            if len(gold) > 5:
                stats["drop_over_5"] += 1
                continue
            if construction == "choice_year" and len(gold) != 1:
                stats["drop_ambiguous_choice"] += 1
                continue
            if text in seen:
                stats["drop_duplicate"] += 1
                continue
            check = cypher_check(store, spec, keys)
            stats["checked"] += 1
            if check != gold:
                stats["drop_check_disagrees"] += 1
                continue
            seen.add(text)
            rel_use[f[1]] += 1
            made += 1
            qid = f"{PREFIX[store_name]}{len(out) + 1:04d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": text,
                    "answers": gold,
                    "answer_type": atype,
                    "time_level": tlevel,
                    "qtype": qtype,
                    "qlabel": "Multiple" if qtype in MULTIPLE else "Single",
                    "evidence": [],
                    "construction": construction,
                    "store": store_name,
                    "check": {
                        "second_query": "cypher from the fixed entity side, dates as dates, min/max in Cypher",
                        **spec.describe(),
                    },
                    "check_agrees": True,
                }
            )
    stats["relations"] = len(rel_use)
    return out, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    try:
        rows, stats = generate(args.store, store)
    finally:
        store.close()
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(json.dumps({"store": args.store, "questions": len(rows), **stats}, sort_keys=True))


if __name__ == "__main__":
    main()
