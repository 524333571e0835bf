"""Blind held-out question set 72: conversational, chat-style temporal questions over the `mtq` (ICEWS05-15) and
`bench` (ICEWS14) stores, with gold computed from the store and recomputed by a second, differently written query.

Why: the symbolic reader is tuned on the phrasings it has seen. This set is written blind (no reader, parser or earlier
question set was read) in the style of a user in a chat: a short context sentence ("I'm looking at Iran."), then a
question that refers back with a pronoun ("Who did it host in May 2014?"), anchors named as "that", the asked time
as the clause subject ("Which month of 2015 saw ..."), and relations said in plain English, not CAMEO labels. Its score
is an honest figure for phrasings nobody tuned on.

How: every (subject, relation, object, day) of the store is read once; each gold is computed in Python over those
quadruples. Each question is then recomputed by one Cypher query written per question shape (anchor day resolved in
Cypher, the window built with Cypher date arithmetic, the first/last day found by a reduce over collected rows); the
record keeps `check_agrees` and questions that disagree are dropped (the count is printed). On `mtq` (complete from
2013-11-18, a sample before) every asked period and every gold day lies in 2014-2015; anchors occur exactly once in
the whole store.

    PYTHONPATH=$PWD python benchmarks/make_blind_phrasings_72.py --store mtq --out blind_mtq.jsonl
    PYTHONPATH=$PWD python benchmarks/make_blind_phrasings_72.py --store bench --out blind_icews14.jsonl

Deterministic (SEED, `random.Random(f"{SEED}-{store}")` over sorted data): rerunning against the same store writes a
byte-identical file. Read-only: no schema is applied and nothing is written to the store.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = 20261272

STORES: dict[str, dict[str, str]] = {
    "mtq": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
    "bench": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
}
# The years a question may ask about, and the first day whose data is complete.
YEARS: dict[str, list[int]] = {"mtq": [2014, 2015], "bench": [2014]}
PREFIX: dict[str, str] = {"mtq": "b72m", "bench": "b72b"}
# (qtype, answer kind, template family) -> how many questions, per store.
QUOTA: dict[str, dict[str, int]] = {
    "mtq": {
        "equal_ent": 15,
        "equal_time": 7,
        "first_ent": 10,
        "first_time": 10,
        "ba_date": 8,
        "ba_event": 8,
        "af_ent": 9,
        "af_time": 5,
        "bl_ent": 9,
        "bl_time": 5,
        "multi": 14,
    },
    "bench": {
        "equal_ent": 10,
        "equal_time": 5,
        "first_ent": 7,
        "first_time": 7,
        "ba_date": 6,
        "ba_event": 5,
        "af_ent": 6,
        "af_time": 4,
        "bl_ent": 6,
        "bl_time": 4,
        "multi": 10,
    },
}
LOW, HIGH = "1900-01-01", "2100-12-31"

# Relation -> (past tense, base form); "{o}" is the object slot and always ends the phrase, so "Who did X <base>?"
# strands only a preposition. Each wording is chosen to map to this relation and not to a neighbour.
REL: dict[str, tuple[str, str]] = {
    "Make_a_visit": ("visited {o}", "visit {o}"),
    "Host_a_visit": ("hosted a visit by {o}", "host a visit by {o}"),
    "Consult": ("held consultations with {o}", "hold consultations with {o}"),
    "Express_intent_to_meet_or_negotiate": (
        "signalled willingness to meet or negotiate with {o}",
        "signal willingness to meet or negotiate with {o}",
    ),
    "Make_an_appeal_or_request": ("made a request to {o}", "make a request to {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}"),
    "Criticize_or_denounce": ("criticized {o}", "criticize {o}"),
    "Accuse": ("accused {o}", "accuse {o}"),
    "Use_unconventional_violence": (
        "committed unconventional violence against {o}",
        "commit unconventional violence against {o}",
    ),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use conventional military force against {o}",
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}"),
    "Express_intent_to_cooperate": (
        "voiced an intention to cooperate with {o}",
        "voice an intention to cooperate with {o}",
    ),
    "Demand": ("made demands of {o}", "make demands of {o}"),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with {o}", "cooperate diplomatically with {o}"),
    "Sign_formal_agreement": ("signed a formal agreement with {o}", "sign a formal agreement with {o}"),
    "Investigate": ("investigated {o}", "investigate {o}"),
    "Discuss_by_telephone": ("spoke on the phone with {o}", "speak on the phone with {o}"),
    "fight_with_small_arms_and_light_weapons": (
        "exchanged small-arms fire with {o}",
        "exchange small-arms fire with {o}",
    ),
    "Make_optimistic_comment": ("made upbeat remarks about {o}", "make upbeat remarks about {o}"),
    "Make_pessimistic_comment": ("made gloomy remarks about {o}", "make gloomy remarks about {o}"),
    "Threaten": ("threatened {o}", "threaten {o}"),
    "Abduct,_hijack,_or_take_hostage": ("abducted {o}", "abduct {o}"),
    "Meet_at_a_'third'_location": (
        "met at a neutral third location with {o}",
        "meet at a neutral third location with {o}",
    ),
    "Protest_violently,_riot": ("rioted against {o}", "riot against {o}"),
    "Provide_humanitarian_aid": ("gave humanitarian aid to {o}", "give humanitarian aid to {o}"),
    "Make_empathetic_comment": ("expressed sympathy toward {o}", "express sympathy toward {o}"),
    "Use_tactics_of_violent_repression": ("used violent repression against {o}", "use violent repression against {o}"),
    "Occupy_territory": ("occupied territory of {o}", "occupy territory of {o}"),
    "Physically_assault": ("physically assaulted {o}", "physically assault {o}"),
    "Bring_lawsuit_against": ("filed a lawsuit against {o}", "file a lawsuit against {o}"),
    "Confiscate_property": ("seized property belonging to {o}", "seize property belonging to {o}"),
    "Reduce_or_break_diplomatic_relations": (
        "cut back or broke off diplomatic ties with {o}",
        "cut back or break off diplomatic ties with {o}",
    ),
    "Cooperate_economically": ("cooperated economically with {o}", "cooperate economically with {o}"),
    "Cooperate_militarily": ("cooperated militarily with {o}", "cooperate militarily with {o}"),
    "Complain_officially": ("lodged an official complaint against {o}", "lodge an official complaint against {o}"),
    "Provide_military_aid": ("gave military aid to {o}", "give military aid to {o}"),
    "Provide_economic_aid": ("gave economic aid to {o}", "give economic aid to {o}"),
    "Employ_aerial_weapons": ("carried out air strikes on {o}", "carry out air strikes on {o}"),
    "Express_accord": ("voiced agreement with {o}", "voice agreement with {o}"),
    "Grant_diplomatic_recognition": ("granted diplomatic recognition to {o}", "grant diplomatic recognition to {o}"),
    "Rally_support_on_behalf_of": ("rallied support on behalf of {o}", "rally support on behalf of {o}"),
    "Share_intelligence_or_information": ("shared intelligence with {o}", "share intelligence with {o}"),
    "Give_ultimatum": ("issued an ultimatum to {o}", "issue an ultimatum to {o}"),
    "Assassinate": ("assassinated {o}", "assassinate {o}"),
    "Coerce": ("coerced {o}", "coerce {o}"),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "called for diplomatic support from {o}",
        "call for diplomatic support from {o}",
    ),
}

# Sector entities "Sector_(Country)" said naturally: phrase and pronoun (subject, object); others are not used as
# focus or anchor entities (their names would have to be quoted).
SECTOR: dict[str, tuple[str, str, str]] = {
    "Citizen": ("citizens of {c}", "they", "them"),
    "Police": ("the police in {c}", "they", "them"),
    "Government": ("the government of {c}", "it", "it"),
    "Foreign_Affairs": ("{c}'s foreign ministry", "it", "it"),
    "Military": ("the military of {c}", "it", "it"),
    "Protester": ("protesters in {c}", "they", "them"),
    "Militant": ("militants in {c}", "they", "them"),
    "Armed_Rebel": ("armed rebels in {c}", "they", "them"),
    "Defense_/_Security_Ministry": ("{c}'s defence ministry", "it", "it"),
    "Cabinet_/_Council_of_Ministers_/_Advisors": ("the cabinet of {c}", "it", "it"),
    "Court_Judge": ("court judges in {c}", "they", "them"),
    "Criminal": ("criminals in {c}", "they", "them"),
    "Legislature": ("the legislature of {c}", "it", "it"),
    "Student": ("students in {c}", "they", "them"),
    "Armed_Gang": ("armed gangs in {c}", "they", "them"),
    "Head_of_Government": ("the head of government of {c}", "", ""),
}
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "United Arab Emirates",
    "Central African Republic",
    "Czech Republic",
    "Democratic Republic of Congo",
    "Occupied Palestinian Territory",
    "Gambia",
    "Bahamas",
    "Maldives",
    "Russian Federation",
    "Holy See",
    "Vatican City",
    "Dominican Republic",
    "Solomon Islands",
    "Comoros",
    "Seychelles",
}
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

Fact = tuple[str, str, str, str]  # subject key, relation, object key, day "YYYY-MM-DD"


@dataclass(frozen=True)
class Spec:
    """One question's meaning: the facts of `rel` with `focus` in `role` ("s" or "o"), optionally with the other end
    fixed to `other`, inside a window [lo, hi]; each bound is a date or derived from the anchor's day t0; `pick` is
    all/first/last; `out` is entity/day/month/year."""

    role: str
    focus: str
    rel: str
    other: str | None
    lo: str  # "YYYY-MM-DD" | "t0+1" | "t0" | "month0" | "year0"
    hi: str  # "YYYY-MM-DD" | "t0-1" | "t0" | "month1" | "year1"
    pick: str
    out: str
    anchor: tuple[str, str, str] | None = None


def country_np(c: str) -> str:
    return f"the {c}" if c in THE else c


class Names:
    """Entity keys -> names as the store has them, and natural phrases/pronouns for the entities a question names."""

    def __init__(self, names: dict[str, str], countries: set[str]) -> None:
        self.names = names
        self.countries = countries

    def say(self, key: str) -> tuple[str, str, str] | None:
        """(phrase, subject pronoun, object pronoun) or None when the entity cannot be said naturally."""
        name = self.names[key]
        if "(" in name:
            sector, _, rest = key.partition("_(")
            if sector not in SECTOR or not rest.endswith(")"):
                return None
            country = rest[:-1].replace("_", " ")
            if country not in self.countries:
                return None
            phrase, sp, op = SECTOR[sector]
            return phrase.format(c=country_np(country)), sp, op
        if "/" in name or len(name) < 3:
            return None
        if name in self.countries:
            return country_np(name), "it", "it"
        return name, "", ""


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def say_day(d: str, style: int) -> str:
    y, m, day = int(d[:4]), int(d[5:7]), int(d[8:])
    return f"{day} {MONTHS[m - 1]} {y}" if style % 2 == 0 else f"{MONTHS[m - 1]} {day}, {y}"


def say_month(d: str) -> str:
    return f"{MONTHS[int(d[5:7]) - 1]} {d[:4]}"


def shift(d: str, days: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=days)).isoformat()


def bound(expr: str, t0: str | None, upper: bool) -> str:
    if expr[0].isdigit():
        return expr
    assert t0 is not None
    if expr == "t0":
        return t0
    if expr == "t0+1":
        return shift(t0, 1)
    if expr == "t0-1":
        return shift(t0, -1)
    if expr == "month0":
        return t0[:7] + "-01"
    if expr == "month1":
        y, m = int(t0[:4]), int(t0[5:7])
        nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
        return (nxt - dt.timedelta(days=1)).isoformat()
    if expr == "year0":
        return t0[:4] + "-01-01"
    if expr == "year1":
        return t0[:4] + "-12-31"
    raise ValueError(expr)


def fmt(day: str, out: str) -> str:
    return {"day": day, "month": day[:7], "year": day[:4]}[out]


class KG:
    """The store's quadruples, indexed for gold computation."""

    def __init__(self, facts: list[Fact], names: dict[str, str]) -> None:
        self.facts = facts
        self.names = names
        self.by: dict[tuple[str, str, str], list[tuple[str, str]]] = defaultdict(list)
        self.triple_days: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in facts:
            self.triple_days[(s, r, o)].append(d)
            if r in REL:
                self.by[("s", s, r)].append((d, o))
                self.by[("o", o, r)].append((d, s))
        for v in self.by.values():
            v.sort()
        for days in self.triple_days.values():
            days.sort()

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        days = sorted(set(self.triple_days.get(a, [])))
        return days[0] if len(days) == 1 else None

    def gold(self, sp: Spec) -> list[str]:
        t0 = self.anchor_day(sp.anchor) if sp.anchor else None
        if sp.anchor and t0 is None:
            return []
        lo, hi = bound(sp.lo, t0, False), bound(sp.hi, t0, True)
        rows = [
            (d, x)
            for d, x in self.by.get((sp.role, sp.focus, sp.rel), [])
            if lo <= d <= hi and (sp.other is None or x == sp.other)
        ]
        if not rows:
            return []
        if sp.pick == "first":
            best = min(d for d, _ in rows)
            rows = [r for r in rows if r[0] == best]
        elif sp.pick == "last":
            best = max(d for d, _ in rows)
            rows = [r for r in rows if r[0] == best]
        if sp.out == "entity":
            return sorted({self.names[x] for _, x in rows})
        return sorted({fmt(d, sp.out) for d, _ in rows})


# ---- the second computation: one Cypher query per question -------------------------------------------------------

_CY_BOUND = {
    "t0": "t0",
    "t0+1": "t0 + duration({days: 1})",
    "t0-1": "t0 - duration({days: 1})",
    "month0": "date.truncate('month', t0)",
    "month1": "date.truncate('month', t0) + duration({months: 1}) - duration({days: 1})",
    "year0": "date.truncate('year', t0)",
    "year1": "date.truncate('year', t0) + duration({years: 1}) - duration({days: 1})",
}
_CY_OUT = {
    "entity": "row.x",
    "day": "toString(row.d)",
    "month": "substring(toString(row.d), 0, 7)",
    "year": "toString(row.d.year)",
}


def check_query(sp: Spec) -> tuple[str, dict[str, Any], str]:
    """A Cypher query that recomputes the gold from the store, its parameters, and a one-line description."""
    params: dict[str, Any] = {"f": sp.focus, "r": sp.rel, "x": sp.other}
    parts: list[str] = []
    how: list[str] = []
    if sp.anchor:
        params.update(a_s=sp.anchor[0], a_r=sp.anchor[1], a_o=sp.anchor[2])
        parts.append(
            "MATCH (:Entity {key: $a_s})<-[:SUBJECT]-(m:Event)-[:OBJECT]->(:Entity {key: $a_o}) "
            "WHERE m.relation = $a_r AND m.recorded_to IS NULL "
            "WITH collect(DISTINCT m.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS t0"
        )
        how.append("anchor day matched in Cypher (exactly one)")
    else:
        parts.append("WITH null AS t0")
    lo = f"date('{sp.lo}')" if sp.lo[0].isdigit() else _CY_BOUND[sp.lo]
    hi = f"date('{sp.hi}')" if sp.hi[0].isdigit() else _CY_BOUND[sp.hi]
    parts.append(f"WITH {lo} AS lo, {hi} AS hi")
    how.append("window by Cypher date arithmetic")
    arrow = "<-[:SUBJECT]-(n:Event)-[:OBJECT]->" if sp.role == "s" else "<-[:OBJECT]-(n:Event)-[:SUBJECT]->"
    parts.append(
        f"MATCH (f:Entity {{key: $f}}){arrow}(x:Entity) "
        "WHERE n.relation = $r AND n.recorded_to IS NULL AND lo <= n.valid_from <= hi "
        "AND ($x IS NULL OR x.key = $x) "
        "WITH collect({x: x.name, d: n.valid_from}) AS rows"
    )
    if sp.pick == "all":
        parts.append("UNWIND rows AS row")
        how.append("all rows in the window")
    else:
        op = "<" if sp.pick == "first" else ">"
        parts.append(
            f"WITH rows, reduce(b = null, q IN rows | CASE WHEN b IS NULL OR q.d {op} b THEN q.d ELSE b END) AS best "
            "UNWIND rows AS row WITH row, best WHERE row.d = best"
        )
        how.append(f"{'earliest' if sp.pick == 'first' else 'latest'} day by reduce over collected rows")
    parts.append(f"RETURN collect(DISTINCT {_CY_OUT[sp.out]}) AS ans")
    return "\n".join(parts), params, "; ".join(how)


# ---- question writers -----------------------------------------------------------------------------------------


@dataclass
class Ctx:
    kg: KG
    nm: Names
    rng: random.Random
    store: str
    keys: list[tuple[str, str, str]]  # (role, focus, rel) with a sayable focus, sorted
    anchors: list[tuple[str, str, str, str]]  # unique sayable triples (s, r, o, day) in the asked years, sorted
    years: list[int]
    by_entity: dict[str, list[tuple[str, str, str, str]]]  # anchors by the entities they involve
    by_time: dict[str, list[tuple[str, str, str, str]]]  # anchors by day, month and year prefix
    keys_pron: list[tuple[str, str, str]]  # the keys whose focus has a pronoun


Made = tuple[str, Spec, dict[str, Any]]  # question, spec, extra record fields


def choose_key(ctx: Ctx, subject_only: bool = False) -> tuple[str, str, str]:
    """A (role, focus, relation) key; 70% of the time one whose focus has a pronoun (the chat style refers back)."""
    pool = ctx.keys_pron if ctx.rng.random() < 0.7 else ctx.keys
    if subject_only:
        pool = [k for k in pool if k[0] == "s"]
    return ctx.rng.choice(pool)


def who(role: str) -> str:
    return "whom" if role == "s" else "who"


def clause(ctx: Ctx, role: str, rel: str, focus: str, pron: bool, base: bool) -> str:
    """'did it criticize' / 'criticized it' pieces: for role s, '<subject> <verb> [object stranded]'; for role o,
    '<verb> <focus>' (the asker is the subject)."""
    past, bse = REL[rel]
    ph, sp, op = ctx.nm.say(focus) or ("", "", "")
    if role == "s":
        subj = sp if pron and sp else ph
        return f"{subj} {(bse if base else past).format(o='').strip()}"
    obj = op if pron and op else ph
    return (bse if base else past).format(o=obj)


def tmpl_equal_ent(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx)
    rows = ctx.kg.by[(role, f, rel)]
    d = ctx.rng.choice(rows)[0]
    if int(d[:4]) not in ctx.years:
        return None
    gran = ctx.rng.choice(["day", "month", "month", "year"])
    lo, hi = (
        {
            "day": (d, d),
            "month": (d[:7] + "-01", bound("month1", d, True)),
            "year": (d[:4] + "-01-01", d[:4] + "-12-31"),
        }
    )[gran]
    sp = Spec(role, f, rel, None, lo, hi, "all", "entity")
    ph = ctx.nm.say(f)
    assert ph
    when = {"day": f"on {say_day(d, ctx.rng.randrange(2))}", "month": f"in {say_month(d)}", "year": f"in {d[:4]}"}[gran]
    v = ctx.rng.randrange(3)
    if role == "s":
        if v == 0 and ph[1]:
            q = f"I'm looking at {ph[0]}. {cap(who(role))} did {clause(ctx, role, rel, f, True, True)} {when}?"
        elif v == 1:
            q = f"Quick one about {ph[0]}: {when}, {who(role)} did {clause(ctx, role, rel, f, False, True)}?"
        else:
            q = f"{cap(when)}, which actors did {clause(ctx, role, rel, f, False, True)}?"
    else:
        if v == 0 and ph[2]:
            q = f"Let's stay with {ph[0]}. Who {clause(ctx, role, rel, f, True, False)} {when}?"
        elif v == 1:
            q = f"{cap(when)}, who {clause(ctx, role, rel, f, False, False)}?"
        else:
            q = f"Can you tell me who {clause(ctx, role, rel, f, False, False)} {when}?"
    return q, sp, {"qtype": "equal", "time_level": gran, "construction": f"equal_ent: v{v} {role}-focus {gran}"}


def pair_keys(ctx: Ctx, role: str, f: str, rel: str) -> str | None:
    """An 'other' end of (role, f, rel) that can be said naturally, or None."""
    others = sorted({x for _, x in ctx.kg.by[(role, f, rel)] if x != f and ctx.nm.say(x)})
    return ctx.rng.choice(others) if others else None


def tmpl_equal_time(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx, subject_only=True)
    x = pair_keys(ctx, role, f, rel)
    if x is None:
        return None
    y = ctx.rng.choice(ctx.years)
    gran = ctx.rng.choice(["day", "month"])
    sp = Spec(role, f, rel, x, f"{y}-01-01", f"{y}-12-31", "all", gran)
    a, b = ctx.nm.say(f), ctx.nm.say(x)
    assert a and b
    past, bse = REL[rel]
    v = ctx.rng.randrange(2)
    if gran == "month":
        if v == 0:
            q = f"Which month of {y} saw {a[0]} {bse.format(o=b[0])}? If it happened in more than one, list them all."
        else:
            q = f"I'm tracking {a[0]} and {b[0]}. In what month or months of {y} did {a[0]} {bse.format(o=b[0])}?"
    else:
        if v == 0:
            q = f"On which day or days in {y} did {a[0]} {bse.format(o=b[0])}?"
        else:
            q = f"Think about {a[0]} and {b[0]} in {y}. Give me every date that year when {a[0]} {past.format(o=b[0])}."
    return q, sp, {"qtype": "equal", "time_level": gran, "construction": f"equal_time: v{v} pair {gran}"}


def tmpl_first_ent(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx)
    y = ctx.rng.choice(ctx.years)
    pick = ctx.rng.choice(["first", "last"])
    sp = Spec(role, f, rel, None, f"{y}-01-01", f"{y}-12-31", pick, "entity")
    ph = ctx.nm.say(f)
    assert ph
    past, bse = REL[rel]
    v = ctx.rng.randrange(3)
    word = "first" if pick == "first" else "last"
    if role == "s":
        if v == 0 and ph[1]:
            q = f"Think about {ph[0]} in {y}. Who was the {word} one {ph[1]} {past.format(o='').strip()} that year?"
        elif v == 1:
            q = f"Of everyone {ph[0]} {past.format(o='').strip()} during {y}, which one was the {word} in time?"
        else:
            q = (
                f"{cap(ph[0])}: in {y}, which party was the {'earliest' if pick == 'first' else 'latest'} that it "
                f"{past.format(o='').strip()}?"
                if ph[1] == "it"
                else f"In {y}, whom did {ph[0]} {bse.format(o='').strip()} {'first' if pick == 'first' else 'last'}?"
            )
    else:
        if v == 0 and ph[2]:
            q = f"Now {ph[0]}. In {y}, who was the {word} to {bse.format(o=ph[2])}?"
        elif v == 1:
            q = f"Who {past.format(o=ph[0])} {'first' if pick == 'first' else 'most recently'} in {y}?"
        else:
            q = f"Looking only at {y}: which actor was the {word} that year to {bse.format(o=ph[0])}?"
    return q, sp, {"qtype": "first_last", "time_level": "year", "construction": f"first_last_ent: v{v} {role} {pick}"}


def tmpl_first_time(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx, subject_only=True)
    pick = ctx.rng.choice(["first", "last"])
    use_pair = ctx.rng.random() < 0.6
    x = pair_keys(ctx, role, f, rel) if use_pair else None
    if use_pair and x is None:
        return None
    a = ctx.nm.say(f)
    assert a
    past, bse = REL[rel]
    obj = ctx.nm.say(x)[0] if x else "anyone"  # type: ignore[index]
    if ctx.store == "mtq" and ctx.rng.random() < 0.3:
        gran, lo, hi, y = "year", "2014-01-01", "2015-12-31", "2014"
    else:
        gran = ctx.rng.choice(["day", "month"])
        y = str(ctx.rng.choice(ctx.years))
        lo, hi = f"{y}-01-01", f"{y}-12-31"
    sp = Spec(role, f, rel, x, lo, hi, pick, gran)
    v = ctx.rng.randrange(2)
    if gran == "year":
        q = (
            f"Only counting 2014 and 2015: in which year did {a[0]} {'first' if pick == 'first' else 'last'} "
            f"{bse.format(o=obj)}?"
        )
    elif gran == "month":
        if v == 0:
            q = (
                f"Which month of {y} saw {a[0]} {bse.format(o=obj)} for the "
                f"{'first' if pick == 'first' else 'last'} time that year?"
            )
        else:
            q = f"In which month did {a[0]} {'first' if pick == 'first' else 'last'} {bse.format(o=obj)} in {y}?"
    else:
        if v == 0:
            q = (
                f"{cap(a[0])} {past.format(o=obj if x else 'someone')} at some point in {y}. What was the "
                f"{'earliest' if pick == 'first' else 'latest'} date that year?"
            )
        else:
            q = f"When, to the day, did {a[0]} {'first' if pick == 'first' else 'last'} {bse.format(o=obj)} in {y}?"
    return (
        q,
        sp,
        {
            "qtype": "first_last",
            "time_level": gran,
            "construction": f"first_last_time: v{v} {'pair' if x else 'any'} {pick} {gran}",
        },
    )


def tmpl_ba_date(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx)
    d = ctx.rng.choice(ctx.kg.by[(role, f, rel)])[0]
    if int(d[:4]) not in ctx.years:
        return None
    after = ctx.rng.random() < 0.5
    y = d[:4]
    lo, hi = (shift(d, 1), f"{y}-12-31") if after else (f"{y}-01-01", shift(d, -1))
    if lo > hi:
        return None
    sp = Spec(role, f, rel, None, lo, hi, "all", "entity")
    ph = ctx.nm.say(f)
    assert ph
    past, bse = REL[rel]
    day = say_day(d, ctx.rng.randrange(2))
    v = ctx.rng.randrange(2)
    if role == "s":
        if after:
            q = (
                f"I'm interested in {ph[0]} after {day}. For the rest of {y}, whom did "
                f"{ph[1] or ph[0]} {bse.format(o='').strip()}?"
                if v == 0
                else f"Between {day} (not counting that day) and the end of {y}, who did {ph[0]} "
                f"{bse.format(o='').strip()}?"
            )
        else:
            q = (
                f"Earlier in {y}, before {day}, whom did {ph[0]} {bse.format(o='').strip()}?"
                if v == 0
                else f"{cap(ph[0])} again. From New Year {y} up to the day before {day}, who did "
                f"{ph[1] or ph[0]} {bse.format(o='').strip()}?"
            )
    else:
        if after:
            q = (
                f"Who {past.format(o=ph[0])} after {day}, up to the end of {y}?"
                if v == 0
                else f"Take {ph[0]}. Once {day} had passed, which actors {past.format(o=ph[2] or ph[0])} "
                f"during the rest of {y}?"
            )
        else:
            q = (
                f"Before {day}, who {past.format(o=ph[0])} in {y}?"
                if v == 0
                else f"Consider {ph[0]}. In {y} but before {day}, who {past.format(o=ph[2] or ph[0])}?"
            )
    return (
        q,
        sp,
        {
            "qtype": "before_after",
            "time_level": "day",
            "construction": f"before_after_date: v{v} {role} {'after' if after else 'before'}",
        },
    )


def anchor_text(ctx: Ctx, a: tuple[str, str, str, str], f: str) -> tuple[str, str]:
    """('<A> <past> <B>', how to introduce it), with the focus f replaced by its pronoun where it appears."""
    s, r, o, _ = a
    ps, po = ctx.nm.say(s), ctx.nm.say(o)
    fs = ctx.nm.say(f)
    assert ps and po and fs
    subj = fs[1] if s == f and fs[1] else ps[0]
    obj = fs[2] if o == f and fs[2] else po[0]
    return f"{subj} {REL[r][0].format(o=obj)}", f"{ps[0]} {REL[r][0].format(o=po[0])}"


def clash(ctx: Ctx, a: tuple[str, str, str, str], f: str) -> bool:
    """Whether an anchor entity other than f takes f's pronoun: then a later pronoun could point at either, so the
    question names f again instead."""
    fs = ctx.nm.say(f)
    mine = fs[1] if fs else ""
    return bool(mine) and any(e != f and (ctx.nm.say(e) or ("", "", ""))[1] == mine for e in (a[0], a[2]))


def pick_anchor(ctx: Ctx, f: str, near: bool) -> tuple[str, str, str, str] | None:
    """A unique, sayable anchor; when near, one that involves the focus f."""
    if near:
        cands = ctx.by_entity.get(f, [])
        if not cands:
            return None
        return ctx.rng.choice(cands)
    return ctx.rng.choice(ctx.anchors)


def tmpl_ba_event(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx)
    a = pick_anchor(ctx, f, True)
    if a is None or a[1] == rel:
        return None
    after = ctx.rng.random() < 0.5
    sp = Spec(
        role, f, rel, None, "t0+1" if after else "year0", "year1" if after else "t0-1", "all", "entity", anchor=a[:3]
    )
    ph = ctx.nm.say(f)
    assert ph
    inside, plain = anchor_text(ctx, a, f)
    if clash(ctx, a, f):
        ph = (ph[0], "", "")
    past, bse = REL[rel]
    y = a[3][:4]
    v = ctx.rng.randrange(2)
    if role == "s":
        subj = ph[1] or ph[0]
        if after:
            q = (
                f"Take {ph[0]}. After {inside} in {y}, whom did {subj} {bse.format(o='').strip()} for the rest of "
                f"that year?"
                if v == 0
                else f"{cap(plain)} in {y}. Later that same year, after that, who did {ph[0]} "
                f"{bse.format(o='').strip()}?"
            )
        else:
            q = (
                f"Take {ph[0]}. Earlier in {y}, before {inside}, whom did {subj} {bse.format(o='').strip()}?"
                if v == 0
                else f"{cap(plain)} in {y}. Before that, within the same year, who did {ph[0]} "
                f"{bse.format(o='').strip()}?"
            )
    else:
        obj = ph[2] or ph[0]
        if after:
            q = (
                f"I'm following {ph[0]}. After {inside} in {y}, who {past.format(o=obj)} over the rest of that year?"
                if v == 0
                else f"{cap(plain)} in {y}. Who {past.format(o=ph[0])} after that, before the year was out?"
            )
        else:
            q = (
                f"I'm following {ph[0]}. In {y}, before {inside}, who {past.format(o=obj)}?"
                if v == 0
                else f"{cap(plain)} in {y}. Earlier that year, before that happened, who {past.format(o=ph[0])}?"
            )
    return (
        q,
        sp,
        {
            "qtype": "before_after",
            "time_level": "day",
            "construction": f"before_after_event: v{v} {role} {'after' if after else 'before'}",
        },
    )


def tmpl_af_bl(ctx: Ctx, after: bool, time_out: bool) -> Made | None:
    role, f, rel = choose_key(ctx, subject_only=time_out)
    a = pick_anchor(ctx, f, ctx.rng.random() < 0.85)
    if a is None or a[1] == rel:
        return None
    x = None
    if time_out and ctx.rng.random() < 0.5:
        x = pair_keys(ctx, role, f, rel)
        if x is None:
            return None
    gran = ctx.rng.choice(["day", "day", "month"]) if time_out else "entity"
    if after:
        sp = Spec(role, f, rel, x, "t0+1", HIGH, "first", gran, anchor=a[:3])
    else:
        sp = Spec(role, f, rel, x, LOW, "t0-1", "last", gran, anchor=a[:3])
    ph = ctx.nm.say(f)
    assert ph
    inside, plain = anchor_text(ctx, a, f)
    if clash(ctx, a, f):
        ph = (ph[0], "", "")
    past, bse = REL[rel]
    v = ctx.rng.randrange(2)
    nxt = "next" if after else "last"
    rel_word = "After" if after else "Before"
    if time_out:
        obj = ctx.nm.say(x)[0] if x else "anyone"  # type: ignore[index]
        unit = "On what date" if gran == "day" else "In which month"
        if v == 0:
            q = f"Context: {plain}. {unit} did {ph[0]} {nxt} {bse.format(o=obj)} {'after' if after else 'before'} that?"
        else:
            subj = ph[1] or ph[0]
            q = (
                f"Take {ph[0]}. {rel_word} {inside}, when did {subj} {nxt} {bse.format(o=obj)}? "
                f"{'The day' if gran == 'day' else 'Just the month'}, please."
            )
    elif role == "s":
        subj = ph[1] or ph[0]
        word = "first" if after else "last"
        if v == 0:
            q = f"Take {ph[0]}. {rel_word} {inside}, whom did {subj} {word} {bse.format(o='').strip()}?"
        else:
            q = (
                f"{cap(plain)}. Who was the {word} one {ph[0]} {past.format(o='').strip()} "
                f"{'after' if after else 'before'} that?"
            )
    else:
        obj = ph[2] or ph[0]
        if v == 0:
            q = (
                f"I'm looking at {ph[0]}. {rel_word} {inside}, who was the {'first' if after else 'last'} to "
                f"{bse.format(o=obj)}?"
            )
        else:
            q = (
                f"{cap(plain)}. Who was the {'first' if after else 'last'} to {bse.format(o=ph[0])} "
                f"{'after' if after else 'before'} that?"
            )
    qtype = "after_first" if after else "before_last"
    return (
        q,
        sp,
        {
            "qtype": qtype,
            "time_level": gran if time_out else "day",
            "construction": f"{qtype}_{'time' if time_out else 'ent'}: v{v} {role}{' pair' if x else ''}",
        },
    )


def tmpl_multi(ctx: Ctx) -> Made | None:
    role, f, rel = choose_key(ctx)
    d = ctx.rng.choice(ctx.kg.by[(role, f, rel)])[0]
    if int(d[:4]) not in ctx.years:
        return None
    gran = ctx.rng.choice(["day", "month", "month", "year"])
    key = {"day": d, "month": d[:7], "year": d[:4]}[gran]
    cands = [a for a in ctx.by_time.get(key, []) if f not in (a[0], a[2]) and a[1] != rel]
    if not cands:
        return None
    a = ctx.rng.choice(cands)
    lo, hi = {"day": ("t0", "t0"), "month": ("month0", "month1"), "year": ("year0", "year1")}[gran]
    sp = Spec(role, f, rel, None, lo, hi, "all", "entity", anchor=a[:3])
    ph = ctx.nm.say(f)
    assert ph
    _, plain = anchor_text(ctx, a, f)
    if clash(ctx, a, f):
        ph = (ph[0], "", "")
    past, bse = REL[rel]
    v = ctx.rng.randrange(2)
    unit = {"day": "day", "month": "month", "year": "year"}[gran]
    prep = "on" if gran == "day" else "in"
    if role == "s":
        subj = ph[1] or ph[0]
        q = (
            f"Let's talk about {ph[0]}. {cap(prep)} the same {unit} that {plain}, whom did {subj} "
            f"{bse.format(o='').strip()}?"
            if v == 0
            else f"{cap(plain)} at one point. Who did {ph[0]} {bse.format(o='').strip()} {prep} that same {unit}?"
        )
    else:
        obj = ph[2] or ph[0]
        q = (
            f"About {ph[0]}: who {past.format(o=obj)} {prep} the same {unit} as {plain}?"
            if v == 0
            else f"{cap(plain)} at one point. During that same {unit}, who {past.format(o=ph[0])}?"
        )
    return q, sp, {"qtype": "equal_multi", "time_level": gran, "construction": f"equal_multi: v{v} {role} {gran}"}


WRITERS: dict[str, Callable[[Ctx], Made | None]] = {
    "equal_ent": tmpl_equal_ent,
    "equal_time": tmpl_equal_time,
    "first_ent": tmpl_first_ent,
    "first_time": tmpl_first_time,
    "ba_date": tmpl_ba_date,
    "ba_event": tmpl_ba_event,
    "af_ent": lambda c: tmpl_af_bl(c, True, False),
    "af_time": lambda c: tmpl_af_bl(c, True, True),
    "bl_ent": lambda c: tmpl_af_bl(c, False, False),
    "bl_time": lambda c: tmpl_af_bl(c, False, True),
    "multi": tmpl_multi,
}


# ---- reading the store and writing the set ----------------------------------------------------------------------


def connect_store(store: str) -> Any:
    os.environ.update(STORES[store])
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    return connect(load_settings(), start_managed=False, ensure_schema=False)


def read_kg(db: Any) -> KG:
    rows = db.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity) WHERE n.recorded_to IS NULL "
        "RETURN DISTINCT s.key AS s, n.relation AS r, o.key AS o, toString(n.valid_from) AS d, "
        "s.name AS sn, o.name AS on"
    )
    names: dict[str, str] = {}
    facts: set[Fact] = set()
    for row in rows:
        facts.add((row["s"], row["r"], row["o"], row["d"]))
        names[row["s"]] = row["sn"]
        names[row["o"]] = row["on"]
    return KG(sorted(facts), names)


def in_scope(sp: Spec, kg: KG, gold: list[str], years: list[int]) -> bool:
    """Every gold day/answer-deciding day inside the asked years (mtq: the complete part of the store)."""
    t0 = kg.anchor_day(sp.anchor) if sp.anchor else None
    if t0 is not None and int(t0[:4]) not in years:
        return False
    lo, hi = bound(sp.lo, t0, False), bound(sp.hi, t0, True)
    days = [d for d, x in kg.by[(sp.role, sp.focus, sp.rel)] if lo <= d <= hi and (sp.other is None or x == sp.other)]
    if sp.pick == "first":
        days = days[:1]
    elif sp.pick == "last":
        days = days[-1:]
    return bool(days) and all(int(d[:4]) in years for d in days)


def build(store: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    db = connect_store(store)
    kg = read_kg(db)
    countries = {k.partition("_(")[2][:-1].replace("_", " ") for k in kg.names if "_(" in k and k.endswith(")")}
    nm = Names(kg.names, countries)
    years = YEARS[store]
    keys = sorted(k for k, v in kg.by.items() if len(v) >= 3 and nm.say(k[1]))
    anchors = sorted(
        (s, r, o, days[0])
        for (s, r, o), days in kg.triple_days.items()
        if r in REL and len(set(days)) == 1 and int(days[0][:4]) in years and s != o and nm.say(s) and nm.say(o)
    )
    rng = random.Random(f"{SEED}-{store}")
    by_entity: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
    by_time: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
    for a in anchors:
        by_entity[a[0]].append(a)
        by_entity[a[2]].append(a)
        for k in (a[3], a[3][:7], a[3][:4]):
            by_time[k].append(a)
    keys_pron = [k for k in keys if (nm.say(k[1]) or ("", "", ""))[1]]
    ctx = Ctx(kg, nm, rng, store, keys, anchors, years, dict(by_entity), dict(by_time), keys_pron)
    out: list[dict[str, Any]] = []
    stats: Counter[str] = Counter()
    seen: set[str] = set()
    rel_use: Counter[str] = Counter()
    focus_use: Counter[str] = Counter()
    rel_cap = 6 if store == "mtq" else 5
    for fam, n in QUOTA[store].items():
        got = 0
        for _ in range(20000):
            if got >= n:
                break
            made = WRITERS[fam](ctx)
            if made is None:
                continue
            q, sp, extra = made
            if q in seen or rel_use[sp.rel] >= rel_cap or focus_use[sp.focus] >= 2:
                continue
            gold = kg.gold(sp)
            if not 1 <= len(gold) <= 5 or (sp.out == "entity" and kg.names[sp.focus] in gold):
                continue
            if not in_scope(sp, kg, gold, years):
                continue
            cy, params, how = check_query(sp)
            res = db.run(cy, **params)
            check = sorted(set(res[0]["ans"])) if res else []
            agrees = check == gold
            stats["agree" if agrees else "disagree"] += 1
            if not agrees:
                continue
            seen.add(q)
            rel_use[sp.rel] += 1
            focus_use[sp.focus] += 1
            got += 1
            out.append(
                {
                    "question": q,
                    "answers": gold,
                    "answer_type": "entity" if sp.out == "entity" else "time",
                    "time_level": extra["time_level"],
                    "qtype": extra["qtype"],
                    "qlabel": "Multiple" if sp.anchor else "Single",
                    "construction": extra["construction"],
                    "check": f"cypher: {how}; relation {sp.rel}, focus as {'subject' if sp.role == 's' else 'object'}",
                    "check_agrees": agrees,
                    "evidence": [],
                    "_spec": [sp.role, sp.focus, sp.rel, sp.other, sp.lo, sp.hi, sp.pick, sp.out, sp.anchor],
                }
            )
        stats[f"short:{fam}"] = n - got
    rng.shuffle(out)
    records = []
    for i, rec in enumerate(out, 1):
        qid = f"{PREFIX[store]}{i:03d}"
        spec = rec.pop("_spec")
        records.append({"id": qid, "quid": qid, "store": store, **rec, "spec": spec})
    return records, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    records, stats = build(args.store)
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    print(json.dumps({"store": args.store, "written": len(records), **dict(sorted(stats.items()))}))


if __name__ == "__main__":
    main()
