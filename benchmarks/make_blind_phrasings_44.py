"""Blind held-out question set 44: MultiTQ-style questions in new phrasings, with golds computed from the store.

Why: the symbolic temporal reader must be scored on wordings nobody tuned it on. Every gold is computed in Python over
one read of all (subject, relation, object, day) quads of the connected store, then recomputed per question by a
second, differently written Cypher read (from the other side of the event, string comparison of dates, aggregation
in Cypher); ``check_agrees`` records the outcome and disagreements are dropped.

Usage (the store is chosen by the TKGRAG_* environment, read only):
    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_44.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_44.py --store bench --out <work>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261244

# relation -> (active past with {o}, bare infinitive with {o}, passive participle phrase or None)
REL: dict[str, tuple[str, str, str | None]] = {
    "Make_statement": ("made a public statement about {o}", "make a public statement about {o}", None),
    "Consult": ("held consultations with {o}", "consult {o}", "consulted"),
    "Make_an_appeal_or_request": ("appealed to {o}", "appeal to {o}", "appealed to"),
    "Express_intent_to_meet_or_negotiate": (
        "said they were willing to meet or negotiate with {o}",
        "signal a willingness to meet or negotiate with {o}",
        None,
    ),
    "Make_a_visit": ("paid a visit to {o}", "visit {o}", "visited"),
    "Host_a_visit": ("welcomed {o} as a visitor", "host {o} on a visit", "hosted on a visit"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "arrested, detained or charged",
    ),
    "Praise_or_endorse": ("spoke approvingly of {o}", "praise {o}", "praised or endorsed"),
    "Criticize_or_denounce": ("denounced {o}", "criticize {o}", "criticized or denounced"),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use conventional military force against {o}",
        None,
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}", None),
    "Accuse": ("leveled accusations at {o}", "accuse {o}", "accused"),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {o}",
        "cooperate diplomatically with {o}",
        None,
    ),
    "Sign_formal_agreement": ("signed a formal agreement with {o}", "sign a formal agreement with {o}", None),
    "Express_intent_to_cooperate": (
        "stated an intention to cooperate with {o}",
        "express an intent to cooperate with {o}",
        None,
    ),
    "Demand": ("made demands of {o}", "make a demand of {o}", None),
    "Investigate": ("launched an investigation into {o}", "investigate {o}", "investigated"),
    "Discuss_by_telephone": ("had a phone conversation with {o}", "talk on the phone with {o}", None),
    "Reject": ("turned down {o}", "reject {o}", "rebuffed"),
    "Threaten": ("issued threats against {o}", "threaten {o}", "threatened"),
    "Make_optimistic_comment": ("commented optimistically on {o}", "make an upbeat comment about {o}", None),
    "Make_pessimistic_comment": ("voiced pessimism about {o}", "make a gloomy comment about {o}", None),
    "Meet_at_a_'third'_location": (
        "met {o} at a third-party venue",
        "meet {o} at a third-party venue",
        None,
    ),
    "Make_empathetic_comment": ("expressed sympathy for {o}", "express sympathy for {o}", None),
    "Provide_humanitarian_aid": ("sent humanitarian aid to {o}", "send humanitarian aid to {o}", None),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "called on {o} for diplomatic cooperation",
        "call on {o} for diplomatic cooperation",
        None,
    ),
    "Reduce_relations": ("scaled back relations with {o}", "reduce relations with {o}", None),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "announced plans for diplomatic cooperation with {o}",
        "announce plans for diplomatic cooperation with {o}",
        None,
    ),
}

# sector -> phrase with {c}; entities of other bracketed sectors are never put into question text
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Protester": "protesters in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Militant": "militants in {c}",
    "Legislature": "the legislature of {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Media": "the media in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Treasury/Finance Ministry": "the finance ministry of {c}",
    "Opposition Supporter": "opposition supporters in {c}",
    "Student": "students in {c}",
    "Lawmaker": "lawmakers in {c}",
}

THE_COUNTRIES = {
    "Bahamas", "Netherlands", "Philippines", "Czech Republic", "Central African Republic", "Gambia", "Maldives",
    "Democratic Republic of Congo", "Republic of Congo", "Dominican Republic", "Holy See",
}  # fmt: skip
PLURAL_HEADS = {"citizens", "protesters", "armed", "militants", "opposition", "students", "lawmakers"}

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip


def ent(name: str) -> str:
    """How a person would write the entity, or "" when it has no safe everyday phrasing."""
    if "(" not in name:
        return name
    head, _, rest = name.partition(" (")
    if rest.count(")") != 1 or not rest.endswith(")") or head not in SECTOR:
        return ""
    c = rest[:-1]
    if c.startswith("United ") or c in THE_COUNTRIES:
        c = "the " + c
    return SECTOR[head].format(c=c)


def be(phrase: str) -> str:
    """'was' or 'were' for an entity phrase (sector groups such as "citizens of India" are plural)."""
    plural = phrase.split(" ", 1)[0] in PLURAL_HEADS or phrase.startswith(("the armed forces", "the police"))
    return "were" if plural else "was"


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def dstr(d: date, style: int) -> str:
    m = MONTHS[d.month - 1]
    th = "th" if 11 <= d.day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return [f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", f"the {d.day}{th} of {m} {d.year}"][style % 3]


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


Quad = tuple[str, str, str, date]


@dataclass
class KG:
    quads: list[Quad]
    lo: date
    hi: date
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)


def read_quads(session: Any) -> list[Quad]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    out = {(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows}
    return sorted(out)


def fmt_time(d: date, level: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[level]]


# --------------------------------------------------------------------------------------------- gold in Python
def select(kg: KG, spec: dict[str, Any]) -> list[str]:
    """The gold of a spec: answers among events matching the fixed side, relation and [lo, hi] window."""
    lo, hi = date.fromisoformat(spec["lo"]), date.fromisoformat(spec["hi"])
    if spec["answer"] == "entity":
        key = (spec["rel"], spec["fixed"])
        rows = kg.by_ro[key] if spec["fixed_role"] == "object" else kg.by_sr[(spec["fixed"], spec["rel"])]
        rows = [(d, x) for d, x in rows if lo <= d <= hi and x not in spec.get("exclude", [])]
        if not rows:
            return []
        if spec["agg"] == "min":
            m = min(d for d, _ in rows)
            rows = [(d, x) for d, x in rows if d == m]
        elif spec["agg"] == "max":
            m = max(d for d, _ in rows)
            rows = [(d, x) for d, x in rows if d == m]
        return sorted({x for _, x in rows})
    days = [d for d in kg.by_sro[(spec["fixed"], spec["rel"], spec["other"])] if lo <= d <= hi]
    if not days:
        return []
    if spec["agg"] == "min":
        days = [min(days)]
    elif spec["agg"] == "max":
        days = [max(days)]
    return sorted({fmt_time(d, spec["answer"]) for d in days})


# --------------------------------------------------------------------------------------------- second check
CHECK_ENTITY_OBJ = """
MATCH (f:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(a:Entity)
WHERE f.name = $fixed AND e.relation = $rel AND e.recorded_to IS NULL
  AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi AND NOT a.name IN $exclude
WITH a.name AS name, toString(e.valid_from) AS ds
WITH collect([name, ds]) AS rows, min(ds) AS first, max(ds) AS last
RETURN CASE $agg WHEN 'min' THEN [r IN rows WHERE r[1] = first | r[0]]
                 WHEN 'max' THEN [r IN rows WHERE r[1] = last | r[0]]
                 ELSE [r IN rows | r[0]] END AS answers
"""
CHECK_ENTITY_SUBJ = CHECK_ENTITY_OBJ.replace("<-[:OBJECT]-(e:Event)-[:SUBJECT]->", "<-[:SUBJECT]-(e:Event)-[:OBJECT]->")
CHECK_TIME = """
MATCH (o:Entity {name: $other})<-[:OBJECT]-(e:Event {relation: $rel})
MATCH (e)-[:SUBJECT]->(s:Entity {name: $fixed})
WITH substring(toString(e.valid_from), 0, $width) AS t, toString(e.valid_from) AS ds
WHERE ds >= $lo AND ds <= $hi
WITH collect(t) AS ts, min(ds) AS first, max(ds) AS last
RETURN CASE $agg WHEN 'min' THEN [substring(first, 0, $width)]
                 WHEN 'max' THEN [substring(last, 0, $width)] ELSE ts END AS answers
"""
CHECK_ANCHOR = """
MATCH (o:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity)
WHERE o.name = $o AND s.name = $s AND e.relation = $r
RETURN collect(DISTINCT toString(e.valid_from)) AS days
"""


def second_check(session: Any, spec: dict[str, Any]) -> list[str] | None:
    """Recompute the gold with other Cypher: the anchor's day is re-read and the window re-derived from it."""
    spec = dict(spec)
    if "anchor" in spec:
        a = spec["anchor"]
        days = session.run(CHECK_ANCHOR, s=a[0], r=a[1], o=a[2]).single()["days"]
        if len(days) != 1:
            return None
        ad = date.fromisoformat(days[0])
        spec["lo"], spec["hi"] = window_from_anchor(ad, spec["anchor_mode"], spec["period"])
    params = {"fixed": spec["fixed"], "rel": spec["rel"], "lo": spec["lo"], "hi": spec["hi"], "agg": spec["agg"]}
    if spec["answer"] == "entity":
        q = CHECK_ENTITY_OBJ if spec["fixed_role"] == "object" else CHECK_ENTITY_SUBJ
        rows = session.run(q, exclude=spec.get("exclude", []), **params).single()
        return sorted(set(rows["answers"])) if rows else []
    width = {"day": 10, "month": 7, "year": 4}[spec["answer"]]
    rows = session.run(CHECK_TIME, other=spec["other"], width=width, **params).single()
    return sorted({x for x in rows["answers"] if x}) if rows else []


def window_from_anchor(ad: date, mode: str, period: tuple[str, str]) -> tuple[str, str]:
    p_lo, p_hi = period
    if mode == "after":
        return (ad + timedelta(days=1)).isoformat(), p_hi
    if mode == "before":
        return p_lo, (ad - timedelta(days=1)).isoformat()
    if mode == "same_day":
        return ad.isoformat(), ad.isoformat()
    if mode == "same_month":
        return date(ad.year, ad.month, 1).isoformat(), month_end(ad.year, ad.month).isoformat()
    if mode == "day_after":
        return (ad + timedelta(days=1)).isoformat(), (ad + timedelta(days=1)).isoformat()
    raise ValueError(mode)


# --------------------------------------------------------------------------------------------- question makers
class Maker:
    def __init__(self, kg: KG, rng: random.Random, years: list[int]) -> None:
        self.kg, self.rng, self.years = kg, rng, years
        self.rels = sorted(r for r in REL if any(k[0] == r for k in kg.by_ro))
        in_period = [q for q in kg.quads if kg.lo <= q[3] <= kg.hi and q[1] in REL]
        self.ro_keys = sorted({(r, o) for s, r, o, d in in_period if ent(o)})
        self.sr_keys = sorted({(s, r) for s, r, o, d in in_period if ent(s)})
        self.sro_keys = sorted({(s, r, o) for s, r, o, d in in_period if ent(s) and ent(o)})
        self.by_rel_ro: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for k in self.ro_keys:
            self.by_rel_ro[k[0]].append(k)
        self.by_rel_sro: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for k3 in self.sro_keys:
            self.by_rel_sro[k3[1]].append(k3)
        self.anchors = [k3 for k3 in self.sro_keys if len(kg.by_sro[k3]) == 1 and kg.lo <= kg.by_sro[k3][0] <= kg.hi]

    def pick_rel(self) -> str:
        return self.rng.choice(self.rels)

    def ro(self) -> tuple[str, str]:
        r = self.pick_rel()
        return self.rng.choice(self.by_rel_ro[r])

    def sro(self) -> tuple[str, str, str]:
        r = self.pick_rel()
        pool = self.by_rel_sro.get(r) or self.sro_keys
        return self.rng.choice(pool)

    def anchor(self) -> tuple[tuple[str, str, str], date]:
        a = self.rng.choice(self.anchors)
        return a, self.kg.by_sro[a][0]

    def year(self) -> int:
        return self.rng.choice(self.years)

    def rand_day(self) -> date:
        span = (self.kg.hi - self.kg.lo).days
        return self.kg.lo + timedelta(days=self.rng.randrange(span + 1))

    def period_of(self, y: int) -> tuple[str, str]:
        return date(y, 1, 1).isoformat(), date(y, 12, 31).isoformat()


def P(rel: str, s: str, o: str) -> str:
    return f"{s} {REL[rel][0].format(o=o)}"


def B(rel: str, o: str) -> str:
    return REL[rel][1].format(o=o)


def V(rel: str, o: str) -> str:
    return REL[rel][0].format(o=o)


SEASONS = [("winter", [12, 1, 2]), ("spring", [3, 4, 5]), ("summer", [6, 7, 8]), ("autumn", [9, 10, 11])]
NAMED_DAYS = [
    ("Christmas Day", 12, 25),
    ("New Year's Eve", 12, 31),
    ("New Year's Day", 1, 1),
    ("Valentine's Day", 2, 14),
    ("Halloween", 10, 31),
    ("May Day", 5, 1),
    ("the Fourth of July", 7, 4),
]


def make(mk: Maker, kind: str, i: int) -> dict[str, Any] | None:
    """One question of construction ``kind`` (random draws from mk.rng), or None when the draw does not fit."""
    rng, kg = mk.rng, mk.kg
    st = rng.randrange(3)
    lo: Any
    hi: Any
    spec: dict[str, Any]
    if kind == "who_day_fronted":
        r, o = mk.ro()
        d = rng.choice(kg.by_ro[(r, o)])[0]
        if not kg.lo <= d <= kg.hi:
            return None
        spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=d.isoformat(), hi=d.isoformat(), agg="all")
        q = [
            f"On {dstr(d, st)}, who {V(r, ent(o))}?",
            f"Who {V(r, ent(o))} on {dstr(d, st)}?",
            f"Tell me which actors {V(r, ent(o))} on {dstr(d, st)}.",
        ][i % 3]
        return dict(q=q, spec=spec, qtype="equal", level="day")
    if kind == "passive_month":
        rels = [x for x in mk.rels if REL[x][2]]
        r = rng.choice(rels)
        o = rng.choice(mk.by_rel_ro[r])[1]
        d = rng.choice(kg.by_ro[(r, o)])[0]
        if not kg.lo <= d <= kg.hi:
            return None
        lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
        spec = dict(
            answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo.isoformat(), hi=hi.isoformat(), agg="all"
        )
        mname = f"{MONTHS[d.month - 1]} {d.year}"
        q = [
            f"By whom {be(ent(o))} {ent(o)} {REL[r][2]} in {mname}?",
            f"During {mname}, {ent(o)} {be(ent(o))} {REL[r][2]} by whom?",
        ][i % 2]
        return dict(q=q, spec=spec, qtype="equal", level="month")
    if kind == "whom_year":
        r = mk.pick_rel()
        keys = [k for k in mk.sr_keys if k[1] == r]
        if not keys:
            return None
        s, _ = rng.choice(keys)
        y = mk.year()
        lo, hi = mk.period_of(y)
        spec = dict(answer="entity", fixed=s, fixed_role="subject", rel=r, lo=lo, hi=hi, agg="all")
        if not REL[r][1].endswith("{o}"):
            return None
        verb = B(r, "").strip()
        q = [f"In {y}, whom did {ent(s)} {verb}?", f"Name the parties {ent(s)} chose to {verb} during {y}."][i % 2]
        return dict(q=q, spec=spec, qtype="equal", level="year")
    if kind in ("ndays_window", "quarter", "half", "season", "named_day", "day_after_date"):
        r, o = mk.ro()
        d0 = rng.choice(kg.by_ro[(r, o)])[0]
        if not kg.lo <= d0 <= kg.hi:
            return None
        y = d0.year
        level = "day"
        if kind == "ndays_window":
            n = rng.choice([3, 5, 7, 10])
            lo = d0 - timedelta(days=rng.randrange(n))
            hi = lo + timedelta(days=n - 1)
            if lo < kg.lo or hi > kg.hi:
                return None
            when = [
                f"in the {n} days from {dstr(lo, 0)} to {dstr(hi, 0)} (both included)",
                f"between {dstr(lo, 1)} and {dstr(hi, 1)}, inclusive",
            ][i % 2]
        elif kind == "quarter":
            qn = (d0.month - 1) // 3
            lo, hi = date(y, 3 * qn + 1, 1), month_end(y, 3 * qn + 3)
            nth = ["first", "second", "third", "fourth"][qn]
            when = f"in the {nth} quarter of {y} ({MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]})"
            level = "month"
        elif kind == "half":
            h = (d0.month - 1) // 6
            lo, hi = date(y, 6 * h + 1, 1), month_end(y, 6 * h + 6)
            when = f"in the {['first', 'second'][h]} half of {y}, {MONTHS[6 * h]} through {MONTHS[6 * h + 5]}"
            level = "month"
        elif kind == "season":
            name, ms = next(s for s in SEASONS if d0.month in s[1])
            if name == "winter":
                return None
            lo, hi = date(y, ms[0], 1), month_end(y, ms[-1])
            when = f"in the {name} of {y} ({', '.join(MONTHS[m - 1] for m in ms[:2])} and {MONTHS[ms[2] - 1]})"
            level = "month"
        elif kind == "named_day":
            nd = rng.choice(NAMED_DAYS)
            years = [yy for yy in mk.years if kg.lo <= date(yy, nd[1], nd[2]) <= kg.hi]
            yy = rng.choice(years)
            lo = hi = date(yy, nd[1], nd[2])
            # redraw the pair on that day so the question has an answer
            pairs = sorted({(r2, o2) for s2, r2, o2, dd in kg.quads if dd == lo and r2 in REL and ent(o2)})
            if not pairs:
                return None
            r, o = rng.choice(pairs)
            when = f"on {nd[0]} {yy}"
        else:
            base = d0 - timedelta(days=1)
            if base < kg.lo:
                return None
            lo = hi = d0
            when = f"on the day after {dstr(base, st)}"
        spec = dict(
            answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo.isoformat(), hi=hi.isoformat(), agg="all"
        )
        forms = [
            f"Who {V(r, ent(o))} {when}?",
            f"{cap(when)}, which actors {V(r, ent(o))}?",
            f"Tell me who {V(r, ent(o))} {when}.",
        ]
        level = "day" if kind in ("named_day", "day_after_date", "ndays_window") else level
        return dict(q=forms[i % 3], spec=spec, qtype="equal", level=level)
    if kind in ("which_day", "which_month_saw", "which_year"):
        s, r, o = mk.sro()
        days = [d for d in kg.by_sro[(s, r, o)] if kg.lo <= d <= kg.hi]
        if kind == "which_year":
            if len(mk.years) < 2:
                return None
            lo, hi = kg.lo.isoformat(), kg.hi.isoformat()
            spec = dict(answer="year", fixed=s, other=o, rel=r, lo=lo, hi=hi, agg="all")
            q = f"In which year, 2014 or 2015, did {ent(s)} {B(r, ent(o))}? (Give every year that applies.)"
            return dict(q=q, spec=spec, qtype="equal", level="year")
        y = rng.choice(days).year
        lo, hi = mk.period_of(y)
        if kind == "which_day":
            spec = dict(answer="day", fixed=s, other=o, rel=r, lo=lo, hi=hi, agg="all")
            q = [
                f"On which day in {y} did {ent(s)} {B(r, ent(o))}?",
                f"What was the date in {y} when {P(r, ent(s), ent(o))}?",
            ][i % 2]
            return dict(q=q, spec=spec, qtype="equal", level="day")
        spec = dict(answer="month", fixed=s, other=o, rel=r, lo=lo, hi=hi, agg="all")
        q = [
            f"Which month of {y} saw {ent(s)} {B(r, ent(o))}?",
            f"{ent(s)} {V(r, ent(o))} in {y} - in which month(s)?",
        ][i % 2]
        return dict(q=cap(q), spec=spec, qtype="equal", level="month")
    if kind in ("first_who_year", "last_who_half"):
        r, o = mk.ro()
        y = rng.choice([d for d, _ in kg.by_ro[(r, o)] if kg.lo <= d <= kg.hi]).year
        if kind == "first_who_year":
            lo, hi = mk.period_of(y)
            spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo, hi=hi, agg="min")
            q = [
                f"Who was the first to {B(r, ent(o))} in {y}?",
                f"In {y}, who {V(r, ent(o))} before anyone else did?",
            ][i % 2]
        else:
            h = rng.randrange(2)
            lo, hi = date(y, 6 * h + 1, 1).isoformat(), month_end(y, 6 * h + 6).isoformat()
            spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo, hi=hi, agg="max")
            span = f"the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} to {MONTHS[6 * h + 5]})"
            q = [
                f"Within {span}, who was the last to {B(r, ent(o))}?",
                f"Who {V(r, ent(o))} most recently, looking only at {span}?",
            ][i % 2]
        return dict(q=q, spec=spec, qtype="first_last", level="day")
    if kind in ("first_month", "last_day", "first_whom"):
        if kind == "first_whom":
            r = mk.pick_rel()
            keys = [k for k in mk.sr_keys if k[1] == r]
            s, _ = rng.choice(keys)
            y = rng.choice([d for d, _ in kg.by_sr[(s, r)] if kg.lo <= d <= kg.hi]).year
            lo, hi = mk.period_of(y)
            spec = dict(answer="entity", fixed=s, fixed_role="subject", rel=r, lo=lo, hi=hi, agg="min")
            q = f"Whom did {ent(s)} {B(r, '').strip()} first in {y}?"
            if not REL[r][1].endswith("{o}"):
                return None
            return dict(q=q, spec=spec, qtype="first_last", level="day")
        s, r, o = mk.sro()
        y = rng.choice([d for d in kg.by_sro[(s, r, o)] if kg.lo <= d <= kg.hi]).year
        lo, hi = mk.period_of(y)
        if kind == "first_month":
            spec = dict(answer="month", fixed=s, other=o, rel=r, lo=lo, hi=hi, agg="min")
            q = [
                f"In which month of {y} did {ent(s)} {B(r, ent(o))} for the first time?",
                f"Which month in {y} was the first in which {P(r, ent(s), ent(o))}?",
            ][i % 2]
            return dict(q=q, spec=spec, qtype="first_last", level="month")
        spec = dict(answer="day", fixed=s, other=o, rel=r, lo=lo, hi=hi, agg="max")
        q = [
            f"What was the last day in {y} on which {P(r, ent(s), ent(o))}?",
            f"When, at the latest in {y}, did {ent(s)} {B(r, ent(o))}?",
        ][i % 2]
        return dict(q=q, spec=spec, qtype="first_last", level="day")
    if kind in ("after_date_list", "before_date_list"):
        r, o = mk.ro()
        d = mk.rand_day()
        y = d.year
        if kind == "after_date_list":
            lo, hi = (d + timedelta(days=1)).isoformat(), kg.hi.isoformat()
            spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo, hi=hi, agg="all")
            end = f"the end of {kg.hi.year}"
            q = [
                f"After {dstr(d, st)}, and up to {end}, who {V(r, ent(o))}?",
                f"List everyone who {V(r, ent(o))} after {dstr(d, st)} (through {end}).",
            ][i % 2]
        else:
            lo, hi = date(y, 1, 1).isoformat(), (d - timedelta(days=1)).isoformat()
            if hi < lo:
                return None
            spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo, hi=hi, agg="all")
            q = [
                f"In {y}, before {dstr(d, st).rsplit(' ', 1)[0].rstrip(',')}, which actors {V(r, ent(o))}?",
                f"Who {V(r, ent(o))} earlier than {dstr(d, st)} but still in {y}?",
            ][i % 2]
        return dict(q=q, spec=spec, qtype="before_after", level="day")
    if kind in ("after_event_list", "before_event_list", "next_after_event", "last_before_event",
                "same_month_other", "same_day_else", "day_after_event", "first_time_after_event"):  # fmt: skip
        (a_s, a_r, a_o), ad = mk.anchor()
        if not (ent(a_s) and ent(a_o)):
            return None
        anchor_txt = P(a_r, ent(a_s), ent(a_o))
        period = mk.period_of(ad.year)
        if kind == "same_day_else":
            r, o = a_r, a_o
            mode = "same_day"
        elif kind in ("next_after_event", "last_before_event") and rng.random() < 0.5:
            r, o = a_r, a_o
            mode = "after" if kind == "next_after_event" else "before"
        elif kind == "first_time_after_event":
            own = sorted(k for k in mk.sro_keys if k[0] == a_s and k != (a_s, a_r, a_o))
            if not own:
                return None
            _s2, r, o = rng.choice(own)
            mode = "after"
        else:
            r = mk.pick_rel()
            pool = [k for k in mk.by_rel_ro[r] if k[1] in (a_o, a_s)]
            if not pool:
                pool = mk.by_rel_ro[r]
            o = rng.choice(pool)[1]
            mode = {
                "after_event_list": "after",
                "before_event_list": "before",
                "next_after_event": "after",
                "last_before_event": "before",
                "same_month_other": "same_month",
                "day_after_event": "day_after",
            }[kind]
        if mode == "after" and kind != "first_time_after_event":
            period = (period[0], kg.hi.isoformat())
        lo, hi = window_from_anchor(ad, mode, period)
        agg = {"next_after_event": "min", "last_before_event": "max", "first_time_after_event": "min"}.get(kind, "all")
        anchor = [a_s, a_r, a_o]
        if kind == "first_time_after_event":
            spec = dict(answer="day", fixed=a_s, other=o, rel=r, lo=lo, hi=hi, agg="min", anchor=anchor,
                        anchor_mode=mode, period=period)  # fmt: skip
            q = f"After {anchor_txt}, when - in {ad.year} - did {ent(a_s)} next {B(r, ent(o))}?"
            return dict(q=q, spec=spec, qtype="after_first", level="day")
        exclude = [a_s] if kind == "same_day_else" else []
        spec = dict(answer="entity", fixed=o, fixed_role="object", rel=r, lo=lo, hi=hi, agg=agg, anchor=anchor,
                    anchor_mode=mode, period=period, exclude=exclude)  # fmt: skip
        same = r == a_r and o == a_o
        if kind == "after_event_list":
            q = f"Once {anchor_txt}, which actors went on to {B(r, ent(o))}?"
            qt = "before_after"
        elif kind == "before_event_list":
            q = f"In {ad.year}, before {anchor_txt}, who {V(r, ent(o))}?"
            qt = "before_after"
        elif kind == "next_after_event":
            q = (
                f"After {ent(a_s)}, who was the next to {B(r, ent(o))}?"
                if same
                else f"Following the occasion when {anchor_txt}, who was the first to {B(r, ent(o))}?"
            )
            qt = "after_first"
        elif kind == "last_before_event":
            q = (
                f"Looking at {ad.year} only: who last {V(r, ent(o))} before {ent(a_s)} did?"
                if same
                else f"In {ad.year}, just before {anchor_txt}, who had most recently {V(r, ent(o))}?"
            )
            qt = "before_last"
        elif kind == "same_month_other":
            q = f"Who {V(r, ent(o))} in the same month in which {anchor_txt}?"
            qt = "equal_multi"
        elif kind == "day_after_event":
            q = f"Name who {V(r, ent(o))} the day after {anchor_txt}."
            qt = "equal_multi"
        else:
            q = f"{cap(anchor_txt)} on a certain day. Who else did so that same day?"
            qt = "equal_multi"
        return dict(q=q, spec=spec, qtype=qt, level="day")
    raise ValueError(kind)


PLAN_MTQ = {
    "who_day_fronted": 6, "passive_month": 5, "whom_year": 4, "ndays_window": 5, "quarter": 4, "half": 3,
    "season": 3, "named_day": 4, "day_after_date": 3, "which_day": 5, "which_month_saw": 5, "which_year": 3,
    "first_who_year": 5, "last_who_half": 4, "first_month": 4, "last_day": 4, "first_whom": 3,
    "after_date_list": 3, "before_date_list": 3, "after_event_list": 3, "before_event_list": 3,
    "next_after_event": 5, "last_before_event": 5, "first_time_after_event": 2, "same_month_other": 4,
    "same_day_else": 3, "day_after_event": 2,
}  # fmt: skip
PLAN_BENCH = {
    "who_day_fronted": 4, "passive_month": 3, "whom_year": 3, "ndays_window": 3, "quarter": 3, "half": 2,
    "season": 2, "named_day": 3, "day_after_date": 2, "which_day": 4, "which_month_saw": 4,
    "first_who_year": 3, "last_who_half": 3, "first_month": 3, "last_day": 3, "first_whom": 2,
    "after_date_list": 2, "before_date_list": 2, "after_event_list": 2, "before_event_list": 2,
    "next_after_event": 4, "last_before_event": 4, "first_time_after_event": 2, "same_month_other": 3,
    "same_day_else": 2, "day_after_event": 2,
}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    if args.store == "mtq":
        lo, hi, years, plan, prefix = date(2014, 1, 1), date(2015, 12, 31), [2014, 2015], PLAN_MTQ, "b44m"
    else:
        lo, hi, years, plan, prefix = date(2014, 1, 1), date(2014, 12, 31), [2014], PLAN_BENCH, "b44i"
    rng = random.Random(SEED + (0 if args.store == "mtq" else 1))
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats = {"agree": 0, "disagree": 0}
    with driver.session(database=settings.neo4j_database, default_access_mode="READ") as session:
        kg = KG(read_quads(session), lo, hi)
        mk = Maker(kg, rng, years)
        for kind, want in plan.items():
            got, tries = 0, 0
            while got < want and tries < 400:
                tries += 1
                item = make(mk, kind, got)
                if item is None:
                    continue
                q = " ".join(item["q"].split())
                gold = select(kg, item["spec"])
                if not gold or len(gold) > 5 or q in seen or not (lo.isoformat() <= item["spec"]["lo"]):
                    continue
                if item["spec"]["hi"] > hi.isoformat():
                    continue
                check = second_check(session, item["spec"])
                if check != gold:
                    stats["disagree"] += 1
                    continue
                stats["agree"] += 1
                seen.add(q)
                got += 1
                ans_type = "entity" if item["spec"]["answer"] == "entity" else "time"
                level = item["level"] if ans_type == "entity" else item["spec"]["answer"]
                quid = f"{prefix}{len(out) + 1:03d}"
                out.append(
                    {
                        "quid": quid,
                        "id": quid,
                        "question": q,
                        "answers": gold,
                        "answer_type": ans_type,
                        "time_level": level,
                        "qtype": item["qtype"],
                        "qlabel": "Single" if item["qtype"] in ("equal", "before_after", "first_last") else "Multiple",
                        "evidence": [],
                        "construction": kind,
                        "store": args.store,
                        "check": {k: v for k, v in item["spec"].items()},
                        "check_agrees": True,
                    }
                )
    driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in out:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(json.dumps({"written": len(out), **stats}))


if __name__ == "__main__":
    main()
