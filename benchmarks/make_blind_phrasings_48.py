"""Blind held-out question set 48: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, partial) and ``bench``
(ICEWS14) stores, phrased by hand-written templates that were written without looking at the reader, so the set
measures the reader on wording it was never tuned on.

Gold answers come from one read of every (subject, relation, object, day) in the store; a second, differently written
Cypher query per question recomputes each gold set (matched from the object or subject side, dates compared as strings,
aggregates done in Cypher), and questions whose two computations disagree are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_48.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_48.py --store bench --out <work>/blind_icews14.jsonl

Deterministic (seed 20261248): every candidate list is sorted before it is sampled, so a rerun writes the same bytes.
The stores are only read (no schema is applied on connect).
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261248

# The period a store's questions may touch: mtq holds only a ~20% sample before 2013-11-18, so every asked date,
# window, anchor and "first"/"before" scope lies in 2014-2015; bench is complete for 2014.
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
PREFIX = {"mtq": "b48m", "bench": "b48i"}

# ------------------------------------------------------------------------------------------------- wording tables
# relation -> list of (base form, past form, passive participle or None). "{S} past {O}" / "did {S} base {O}" /
# "{O} was pp by {S}".
REL: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_statement": [
        ("make a statement about", "made a statement about", None),
        ("comment publicly on", "commented publicly on", None),
    ],
    "Consult": [("consult", "consulted", "consulted"), ("hold consultations with", "held consultations with", None)],
    "Make_an_appeal_or_request": [
        ("appeal to", "appealed to", "appealed to"),
        ("put a request to", "put a request to", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("signal a willingness to meet or negotiate with", "signalled a willingness to meet or negotiate with", None),
        ("declare readiness to meet or negotiate with", "declared readiness to meet or negotiate with", None),
    ],
    "Make_a_visit": [("visit", "visited", "visited"), ("pay a visit to", "paid a visit to", None)],
    "Host_a_visit": [("host", "hosted", "hosted"), ("play host to", "played host to", None)],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest, detain or charge", "arrested, detained or charged", "arrested, detained or charged"),
        ("take legal action against", "took legal action against", None),
    ],
    "Praise_or_endorse": [
        ("praise", "praised", "praised"),
        ("speak approvingly of", "spoke approvingly of", None),
        ("endorse", "endorsed", "endorsed"),
    ],
    "Criticize_or_denounce": [
        ("criticize", "criticized", "criticized"),
        ("denounce", "denounced", "denounced"),
        ("publicly condemn", "publicly condemned", None),
    ],
    "Use_conventional_military_force": [
        ("use military force against", "used military force against", None),
        ("carry out military attacks on", "carried out military attacks on", None),
    ],
    "Engage_in_negotiation": [
        ("negotiate with", "negotiated with", None),
        ("hold negotiations with", "held negotiations with", None),
    ],
    "Accuse": [("accuse", "accused", "accused"), ("level accusations at", "levelled accusations at", None)],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with", "cooperated diplomatically with", None),
        ("work together diplomatically with", "worked together diplomatically with", None),
    ],
    "Sign_formal_agreement": [
        ("sign a formal agreement with", "signed a formal agreement with", None),
        ("conclude a formal agreement with", "concluded a formal agreement with", None),
    ],
    "Express_intent_to_cooperate": [
        ("express an intention to cooperate with", "expressed an intention to cooperate with", None),
        ("express willingness to cooperate with", "expressed willingness to cooperate with", None),
    ],
    "Demand": [("make demands of", "made demands of", None), ("issue a demand to", "issued a demand to", None)],
    "Investigate": [
        ("investigate", "investigated", "investigated"),
        ("open an investigation into", "opened an investigation into", None),
    ],
    "Make_optimistic_comment": [
        ("make an optimistic comment about", "made an optimistic comment about", None),
        ("sound upbeat about", "sounded upbeat about", None),
    ],
    "Reject": [("rebuff", "rebuffed", "rebuffed"), ("turn down", "turned down", "turned down")],
    "Discuss_by_telephone": [
        ("talk by phone with", "talked by phone with", None),
        ("have a telephone conversation with", "had a telephone conversation with", None),
    ],
    "Threaten": [("threaten", "threatened", "threatened"), ("issue threats against", "issued threats against", None)],
    "Make_pessimistic_comment": [
        ("make a pessimistic remark about", "made a pessimistic remark about", None),
        ("sound gloomy about", "sounded gloomy about", None),
    ],
    "Make_empathetic_comment": [
        ("express sympathy for", "expressed sympathy for", None),
        ("offer words of sympathy to", "offered words of sympathy to", None),
    ],
    "Provide_humanitarian_aid": [
        ("provide humanitarian aid to", "provided humanitarian aid to", None),
        ("send humanitarian assistance to", "sent humanitarian assistance to", None),
    ],
    "Impose_embargo,_boycott,_or_sanctions": [
        ("impose sanctions, an embargo or a boycott on", "imposed sanctions, an embargo or a boycott on", None),
    ],
    "Abduct,_hijack,_or_take_hostage": [
        ("abduct or take hostage", "abducted or took hostage", "abducted or taken hostage"),
    ],
    "Meet_at_a_'third'_location": [
        ("meet at a third-party venue with", "met at a third-party venue with", None),
        ("meet on neutral ground with", "met on neutral ground with", None),
    ],
    "Cooperate_economically": [
        ("cooperate economically with", "cooperated economically with", None),
    ],
    "Provide_aid": [("provide aid to", "provided aid to", None), ("give assistance to", "gave assistance to", None)],
}

# noun phrases for anchor events: "{S}'s visit to {O}"
NOUN: dict[str, list[str]] = {
    "Make_a_visit": ["{S}'s visit to {O}", "the visit of {S} to {O}"],
    "Discuss_by_telephone": ["the phone call between {S} and {O}", "{S}'s telephone conversation with {O}"],
    "Sign_formal_agreement": ["the formal agreement {S} signed with {O}"],
    "Engage_in_negotiation": ["the negotiations of {S} with {O}"],
    "Criticize_or_denounce": ["{S}'s criticism of {O}"],
    "Praise_or_endorse": ["{S}'s praise for {O}"],
    "Threaten": ["the threat {S} made against {O}"],
    "Accuse": ["{S}'s accusation against {O}"],
    "Consult": ["the consultations between {S} and {O}"],
    "Make_an_appeal_or_request": ["{S}'s appeal to {O}"],
}

DEMONYM = {
    "Afghanistan": "Afghan",
    "Australia": "Australian",
    "Bangladesh": "Bangladeshi",
    "Brazil": "Brazilian",
    "China": "Chinese",
    "Egypt": "Egyptian",
    "France": "French",
    "Germany": "German",
    "Greece": "Greek",
    "India": "Indian",
    "Indonesia": "Indonesian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Israel": "Israeli",
    "Italy": "Italian",
    "Japan": "Japanese",
    "Kenya": "Kenyan",
    "Libya": "Libyan",
    "Mexico": "Mexican",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Philippines": "Philippine",
    "Russia": "Russian",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "Spain": "Spanish",
    "Syria": "Syrian",
    "Thailand": "Thai",
    "Turkey": "Turkish",
    "Ukraine": "Ukrainian",
    "United Kingdom": "British",
    "United States": "American",
    "Nepal": "Nepalese",
    "Sri Lanka": "Sri Lankan",
    "Malaysia": "Malaysian",
    "Colombia": "Colombian",
    "Venezuela": "Venezuelan",
    "Canada": "Canadian",
    "Ireland": "Irish",
}

# sector -> wordings; {C} country, {D} demonym (a wording with {D} is used only when the demonym is known)
SECTOR: dict[str, list[str]] = {
    "Police": ["the police in {C}", "the {D} police"],
    "Citizen": ["citizens of {C}", "{D} citizens"],
    "Government": ["the government of {C}", "the {D} government"],
    "Head of Government": ["the head of government of {C}", "{C}'s head of government"],
    "Foreign Affairs": ["the foreign ministry of {C}", "{C}'s foreign affairs ministry"],
    "Military": ["the armed forces of {C}", "the {D} military"],
    "Military Personnel": ["military personnel of {C}", "{D} soldiers"],
    "Criminal": ["criminals in {C}"],
    "Legislature": ["the legislature of {C}", "{C}'s parliament"],
    "Protester": ["protesters in {C}", "{D} protesters"],
    "Lawmaker": ["lawmakers in {C}", "{D} lawmakers"],
    "Militant": ["militants in {C}"],
    "Activist": ["activists in {C}", "{D} activists"],
    "Student": ["students in {C}"],
    "Media": ["the media in {C}", "the {D} media"],
    "Defense / Security Ministry": ["the defence ministry of {C}", "{C}'s defence ministry"],
    "Treasury/Finance Ministry": ["the finance ministry of {C}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {C}"],
    "Armed Gang": ["armed gangs in {C}"],
    "Labor Union": ["trade unions in {C}"],
}

_SECTOR_RE = re.compile(r"^(.*) \((.*)\)$")
MONTHS = list(calendar.month_name)[1:]
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (7, 4): "the Fourth of July",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
}
SEASONS = [  # name, first month, months text (northern-hemisphere, months stated in the question)
    ("spring", 3, "March, April and May"),
    ("summer", 6, "June, July and August"),
    ("autumn", 9, "September, October and November"),
]


def phrasable(name: str) -> bool:
    m = _SECTOR_RE.match(name)
    if not m:
        return "(" not in name and len(name) > 2
    return m.group(1) in SECTOR and m.group(2) != "International"


_PLURAL = {"citizens", "soldiers", "criminals", "protesters", "lawmakers", "militants", "activists", "students"}
_PLURAL |= {"gangs", "unions", "personnel"}


def was(phrase: str) -> str:
    """Verb agreement for passive questions ("citizens of India were ...")."""
    return "were" if _PLURAL & set(phrase.split()) else "was"


THE = {
    "United Kingdom",
    "United States",
    "Philippines",
    "Netherlands",
    "United Arab Emirates",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "Gambia",
    "Maldives",
    "Bahamas",
}


def ent(name: str, rng: random.Random) -> str:
    m = _SECTOR_RE.match(name)
    if not m:
        return name
    sector, country = m.group(1), m.group(2)
    opts = [w for w in SECTOR[sector] if "{D}" not in w or country in DEMONYM]
    w = rng.choice(opts)
    if country in THE:
        w = w.replace("of {C}", "of the {C}").replace("in {C}", "in the {C}").replace("{C}'s", "the {C}'s")
    out = w.format(C=country, D=DEMONYM.get(country, ""))
    return out


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def d(iso: str) -> date:
    return date.fromisoformat(iso)


def day_text(iso: str, rng: random.Random) -> str:
    x = d(iso)
    style = rng.randrange(3)
    if style == 0:
        return f"{x.day} {MONTHS[x.month - 1]} {x.year}"
    if style == 1:
        return f"{MONTHS[x.month - 1]} {x.day}, {x.year}"
    return iso


def month_text(ym: str) -> str:
    y, m = ym.split("-")
    return f"{MONTHS[int(m) - 1]} {y}"


def month_end(y: int, m: int) -> str:
    return date(y, m, calendar.monthrange(y, m)[1]).isoformat()


# ------------------------------------------------------------------------------------------------- gold in Python
Quad = tuple[str, str, str, str]


class Facts:
    """Every (subject, relation, object, day) of the store, indexed for the gold computations."""

    def __init__(self, quads: list[Quad]) -> None:
        self.quads = quads
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, t in quads:
            self.by_ro[(r, o)].append((t, s))
            self.by_sr[(s, r)].append((t, o))
            self.by_sro[(s, r, o)].append(t)
        for v in self.by_ro.values():
            v.sort()
        for v in self.by_sr.values():
            v.sort()
        for w in self.by_sro.values():
            w.sort()

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        days = self.by_sro.get(a, [])
        return days[0] if len(days) == 1 else None

    def gold(self, spec: dict[str, Any], lo: str, hi: str) -> list[str]:
        kind = spec["kind"]
        if kind in ("subj", "obj", "first_subj", "last_subj", "first_obj", "last_obj"):
            side = "subj" if kind.endswith("subj") else "obj"
            rows = self.by_ro[(spec["r"], spec["o"])] if side == "subj" else self.by_sr[(spec["s"], spec["r"])]
            rows = [(t, e) for t, e in rows if lo <= t <= hi and e not in spec.get("exclude", ())]
            if not rows:
                return []
            if kind.startswith("first"):
                m = min(t for t, _ in rows)
                rows = [x for x in rows if x[0] == m]
            elif kind.startswith("last"):
                m = max(t for t, _ in rows)
                rows = [x for x in rows if x[0] == m]
            return sorted({e for _, e in rows})
        days = [t for t in self.by_sro[(spec["s"], spec["r"], spec["o"])] if lo <= t <= hi]
        if not days:
            return []
        n = spec["n"]
        if kind == "first_time":
            days = [min(days)]
        elif kind == "last_time":
            days = [max(days)]
        return sorted({t[:n] for t in days})


def resolve_range(spec: dict[str, Any], anchor_day: str | None) -> tuple[str, str] | None:
    """The [lo, hi] day window of a question: fixed, or derived from its anchor event's day and clamped to scope."""
    lo, hi = spec["lo"], spec["hi"]
    mode = spec.get("mode")
    if mode is None:
        return lo, hi
    if anchor_day is None:
        return None
    a = d(anchor_day)
    if mode == "after":
        lo = max(lo, (a + timedelta(days=1)).isoformat())
    elif mode == "before":
        hi = min(hi, (a - timedelta(days=1)).isoformat())
    elif mode == "same_day":
        lo = hi = anchor_day
    elif mode == "same_month":
        lo, hi = anchor_day[:8] + "01", month_end(a.year, a.month)
    elif mode == "next_day":
        lo = hi = (a + timedelta(days=1)).isoformat()
    elif mode == "prev_day":
        lo = hi = (a - timedelta(days=1)).isoformat()
    elif mode == "same_week":  # Monday..Sunday of the anchor's week
        mon = a - timedelta(days=a.weekday())
        lo, hi = mon.isoformat(), (mon + timedelta(days=6)).isoformat()
    else:
        raise ValueError(mode)
    if lo > hi:
        return None
    return lo, hi


# ------------------------------------------------------------------------------------------------- second check
def check_anchor(tx: Any, a: list[str]) -> str | None:
    """The anchor's day, matched from the object side, with its uniqueness counted in Cypher."""
    rec = tx.run(
        "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
        "WHERE e.relation = $r RETURN count(e) AS n, collect(toString(e.valid_from)) AS days",
        s=a[0],
        r=a[1],
        o=a[2],
    ).single()
    return rec["days"][0] if rec["n"] == 1 else None


def check(tx: Any, spec: dict[str, Any]) -> list[str]:
    """Recompute a gold set with Cypher written differently from the Python path: string comparisons on the
    date, DISTINCT/min/max aggregated in the database."""
    anchor_day = check_anchor(tx, spec["anchor"]) if spec.get("mode") else None
    rng = resolve_range(spec, anchor_day)
    if rng is None:
        return []
    lo, hi = rng
    kind = spec["kind"]
    p = {"lo": lo, "hi": hi, "r": spec["r"], "excl": list(spec.get("exclude", ()))}
    if kind in ("subj", "first_subj", "last_subj"):
        head = (
            "MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE o.name = $o AND e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi AND NOT x.name IN $excl "
        )
        p["o"] = spec["o"]
    elif kind in ("obj", "first_obj", "last_obj"):
        head = (
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE s.name = $s AND e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi AND NOT x.name IN $excl "
        )
        p["s"] = spec["s"]
    else:
        q = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE e.relation = $r AND substring(toString(e.valid_from), 0, 10) >= $lo "
            "AND substring(toString(e.valid_from), 0, 10) <= $hi "
        )
        p.update(s=spec["s"], o=spec["o"], n=spec["n"])
        if kind == "times":
            q += "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS out"
        elif kind == "first_time":
            q += (
                "WITH min(toString(e.valid_from)) AS m "
                "RETURN CASE WHEN m IS NULL THEN [] ELSE [substring(m, 0, $n)] END AS out"
            )
        else:
            q += (
                "WITH max(toString(e.valid_from)) AS m "
                "RETURN CASE WHEN m IS NULL THEN [] ELSE [substring(m, 0, $n)] END AS out"
            )
        return sorted(tx.run(q, **p).single()["out"])
    if kind in ("subj", "obj"):
        q = head + "RETURN collect(DISTINCT x.name) AS out"
    else:
        agg = "min" if kind.startswith("first") else "max"
        q = (
            head + f"WITH {agg}(e.valid_from) AS m MATCH (x2:Entity)<-[:SUBJECT|OBJECT]-(e2:Event) "
            "WHERE e2.valid_from = m AND e2.relation = $r "
        )
        if kind.endswith("subj"):
            q += (
                "AND (e2)-[:OBJECT]->(:Entity {name: $o}) AND (e2)-[:SUBJECT]->(x2) AND NOT x2.name IN $excl "
                "RETURN collect(DISTINCT x2.name) AS out"
            )
        else:
            q += (
                "AND (e2)-[:SUBJECT]->(:Entity {name: $s}) AND (e2)-[:OBJECT]->(x2) AND NOT x2.name IN $excl "
                "RETURN collect(DISTINCT x2.name) AS out"
            )
    return sorted(tx.run(q, **p).single()["out"])


# ------------------------------------------------------------------------------------------------- question makers
@dataclass
class Q:
    question: str
    spec: dict[str, Any]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check_text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Ctx:
    facts: Facts
    rng: random.Random
    store: str
    lo: str
    hi: str
    events: list[Quad]  # in-period events with usable relation and phrasable entities
    unique_events: list[Quad]  # in-period events whose (s, r, o) occurs once in the whole store

    def ev(self, pool: list[Quad] | None = None, pred: Callable[[Quad], bool] | None = None) -> Quad:
        pool = pool if pool is not None else self.events
        for _ in range(200):
            q = self.rng.choice(pool)
            if pred is None or pred(q):
                return q
        raise LookupError("no event fits")

    def rel(self, r: str) -> tuple[str, str, str | None]:
        return self.rng.choice(REL[r])

    memo: dict[str, str] = field(default_factory=dict)
    by_ent: dict[str, list[Quad]] = field(default_factory=dict)

    def e(self, name: str) -> str:
        """One wording per entity within a question (reset per question)."""
        if name not in self.memo:
            self.memo[name] = ent(name, self.rng)
        return self.memo[name]

    def related(self, a: Quad, after: bool) -> Quad:
        """An in-period event sharing an entity with the anchor, after (or before) it."""
        pool = sorted(set(self.by_ent.get(a[0], [])) | set(self.by_ent.get(a[2], [])))
        pool = [q for q in pool if (q[3] > a[3] if after else q[3] < a[3]) and q[:3] != a[:3]]
        if not pool:
            raise LookupError
        return self.rng.choice(pool)

    def anchor_clause(self, a: Quad) -> str:
        """The anchor event as a clause ("Obama visited China") or a noun phrase ("Obama's visit to China")."""
        s, r, o, _ = a
        if r in NOUN and self.rng.random() < 0.5 and not _SECTOR_RE.match(s) and not _SECTOR_RE.match(o):
            return self.rng.choice(NOUN[r]).format(S=self.e(s), O=self.e(o))
        return f"{self.e(s)} {self.rel(r)[1]} {self.e(o)}"

    def anchor_noun(self, a: Quad) -> tuple[str, bool]:
        s, r, o, _ = a
        if r in NOUN and not _SECTOR_RE.match(s) and not _SECTOR_RE.match(o):
            return self.rng.choice(NOUN[r]).format(S=self.e(s), O=self.e(o)), True
        return f"the day {self.e(s)} {self.rel(r)[1]} {self.e(o)}", False


def subj_spec(r: str, o: str, lo: str, hi: str, kind: str = "subj", **kw: Any) -> dict[str, Any]:
    return {"kind": kind, "r": r, "o": o, "lo": lo, "hi": hi, **kw}


def obj_spec(s: str, r: str, lo: str, hi: str, kind: str = "obj", **kw: Any) -> dict[str, Any]:
    return {"kind": kind, "s": s, "r": r, "lo": lo, "hi": hi, **kw}


def time_spec(s: str, r: str, o: str, lo: str, hi: str, n: int, kind: str = "times") -> dict[str, Any]:
    return {"kind": kind, "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n}


# --- equal, entity answers


def m_equal_day(c: Ctx) -> Q:
    _s, r, o, t = c.ev()
    _base, past, pp = c.rel(r)
    dt = day_text(t, c.rng)
    v = c.rng.randrange(4)
    if v == 0:
        text = f"Who {past} {c.e(o)} on {dt}?"
    elif v == 1 and pp:
        text = f"On {dt}, {c.e(o)} {was(c.e(o))} {pp} by whom?"
    elif v == 2:
        text = f"Name everyone who {past} {c.e(o)} on {dt}."
    else:
        text = f"Tell me who {past} {c.e(o)} on {dt}."
    return Q(text, subj_spec(r, o, t, t), "entity", "day", "equal", "who_day")


def m_equal_day_obj(c: Ctx) -> Q:
    s, r, _o, t = c.ev()
    base, past, _pp = c.rel(r)
    dt = day_text(t, c.rng)
    v = c.rng.randrange(3)
    if v == 0:
        text = f"On {dt}, whom did {c.e(s)} {base}?"
    elif v == 1:
        text = f"Which parties did {c.e(s)} {base} on {dt}?"
    else:
        text = f"{cap(c.e(s))} {past} someone on {dt} - who was it?"
    return Q(text, obj_spec(s, r, t, t), "entity", "day", "equal", "whom_day")


def m_equal_month(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    base, past, pp = c.rel(r)
    x = d(t)
    mt = month_text(t[:7])
    lo, hi = t[:8] + "01", month_end(x.year, x.month)
    v = c.rng.randrange(4)
    if v == 0:
        text = f"In {mt}, who {past} {c.e(o)}?"
    elif v == 1 and pp:
        text = f"By whom {was(c.e(o))} {c.e(o)} {pp} in {mt}?"
    elif v == 2:
        text = f"Which actors {past} {c.e(o)} during {mt}?"
    else:
        text = f"Whom did {c.e(s)} {base} in {mt}?"
        return Q(text, obj_spec(s, r, lo, hi), "entity", "month", "equal", "whom_month")
    return Q(text, subj_spec(r, o, lo, hi), "entity", "month", "equal", "who_month")


def m_equal_year(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    _base, past, _pp = c.rel(r)
    y = t[:4]
    lo, hi = f"{y}-01-01", f"{y}-12-31"
    if c.rng.random() < 0.5:
        text = f"Over the course of {y}, who {past} {c.e(o)}?"
        return Q(text, subj_spec(r, o, lo, hi), "entity", "year", "equal", "who_year")
    text = f"Name the parties that {c.e(s)} {past} in {y}."
    return Q(text, obj_spec(s, r, lo, hi), "entity", "year", "equal", "whom_year")


def m_window(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    _base, past, _pp = c.rel(r)
    x = d(t)
    kind = c.rng.randrange(5)
    if kind == 0:  # N-day window starting at a stated day
        n = c.rng.choice([3, 5, 7, 10, 14])
        start = x - timedelta(days=c.rng.randrange(n))
        end = start + timedelta(days=n - 1)
        lo, hi = start.isoformat(), end.isoformat()
        if lo < c.lo or hi > c.hi:
            raise LookupError
        y0 = f" {start.year}" if start.year != end.year else ""
        when = (
            f"in the {n} days from {start.day} {MONTHS[start.month - 1]}{y0} to {end.day} {MONTHS[end.month - 1]} "
            f"{end.year} (both days included)"
        )
        con = "window_ndays"
    elif kind == 1:  # quarter
        qn = (x.month - 1) // 3 + 1
        lo, hi = date(x.year, 3 * qn - 2, 1).isoformat(), month_end(x.year, 3 * qn)
        names = ["first", "second", "third", "fourth"]
        when = f"in the {names[qn - 1]} quarter of {x.year} ({MONTHS[3 * qn - 3]} to {MONTHS[3 * qn - 1]})"
        con = "window_quarter"
    elif kind == 2:  # half
        h = 0 if x.month <= 6 else 1
        lo, hi = date(x.year, 1 + 6 * h, 1).isoformat(), month_end(x.year, 6 + 6 * h)
        when = (
            f"in the {'first' if h == 0 else 'second'} half of {x.year} "
            f"({'January through June' if h == 0 else 'July through December'})"
        )
        con = "window_half"
    elif kind == 3:  # season
        opts = [sn for sn in SEASONS if sn[1] <= x.month <= sn[1] + 2]
        if not opts:
            raise LookupError
        name, m0, mtext = opts[0]
        lo, hi = date(x.year, m0, 1).isoformat(), month_end(x.year, m0 + 2)
        when = f"in the {name} of {x.year} ({mtext})"
        con = "window_season"
    else:  # Monday-Sunday week
        mon = x - timedelta(days=x.weekday())
        sun = mon + timedelta(days=6)
        lo, hi = mon.isoformat(), sun.isoformat()
        if lo < c.lo or hi > c.hi:
            raise LookupError
        when = (
            f"in the week running from Monday {mon.day} {MONTHS[mon.month - 1]} to Sunday {sun.day} "
            f"{MONTHS[sun.month - 1]} {sun.year}"
        )
        con = "window_week"
    v = c.rng.randrange(3)
    if v == 0:
        text = f"Who {past} {c.e(o)} {when}?"
    elif v == 1:
        text = f"{cap(when)}, which parties {past} {c.e(o)}?"
    else:
        text = f"List whom {c.e(s)} {past} {when}."
        return Q(text, obj_spec(s, r, lo, hi), "entity", "day", "equal", con + "_obj")
    return Q(text, subj_spec(r, o, lo, hi), "entity", "day", "equal", con)


def m_named_day(c: Ctx) -> Q:
    pool = [q for q in c.events if (d(q[3]).month, d(q[3]).day) in NAMED_DAYS]
    s, r, o, t = c.ev(pool)
    base, past, _pp = c.rel(r)
    x = d(t)
    name = NAMED_DAYS[(x.month, x.day)]
    text = (
        f"On {name} {x.year} ({x.day} {MONTHS[x.month - 1]}), who {past} {c.e(o)}?"
        if c.rng.random() < 0.5
        else f"Which parties did {c.e(s)} {base} on {name} {x.year} ({x.day} {MONTHS[x.month - 1]})?"
    )
    spec = subj_spec(r, o, t, t) if text.startswith("On") else obj_spec(s, r, t, t)
    return Q(text, spec, "entity", "day", "equal", "named_day")


def m_month_subject(c: Ctx) -> Q:
    """The month fronted as a topic ("Looking at March 2015 only: who ...")."""
    _s, r, o, t = c.ev()
    _base, past, _pp = c.rel(r)
    x = d(t)
    lo, hi = t[:8] + "01", month_end(x.year, x.month)
    if c.rng.random() < 0.5:
        text = f"Looking at {month_text(t[:7])} only: who {past} {c.e(o)}?"
    else:
        text = f"What parties {past} {c.e(o)}, with {month_text(t[:7])} as the period in question?"
    return Q(text, subj_spec(r, o, lo, hi), "entity", "month", "equal", "month_fronted")


# --- equal, time answers


def m_when(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    base, past, _pp = c.rel(r)
    level = c.rng.choice(["day", "day", "month", "year"] if c.store == "mtq" else ["day", "month"])
    n = {"day": 10, "month": 7, "year": 4}[level]
    if c.store == "mtq":
        y0, y1 = c.lo[:4], c.hi[:4]
        scope_txt, lo, hi = (
            (f"across {y0} and {y1}", c.lo, c.hi)
            if level == "year" or c.rng.random() < 0.3
            else (f"in {t[:4]}", t[:4] + "-01-01", t[:4] + "-12-31")
        )
    else:
        scope_txt, lo, hi = ("in 2014", c.lo, c.hi)
    word = {"day": "day", "month": "month", "year": "year"}[level]
    v = c.rng.randrange(3)
    if v == 0:
        text = (
            f"On which {word}s did {c.e(s)} {base} {c.e(o)} {scope_txt}?"
            if level == "day"
            else (f"In which {word}s did {c.e(s)} {base} {c.e(o)} {scope_txt}?")
        )
    elif v == 1:
        text = f"{cap(scope_txt)}, which {word} or {word}s saw {c.e(s)} {base} {c.e(o)}?"
    else:
        text = f"Tell me the {word}s {scope_txt} when {c.e(s)} {past} {c.e(o)}."
    return Q(text, time_spec(s, r, o, lo, hi, n), "time", level, "equal", f"when_{level}")


# --- first / last


def _scope(c: Ctx, t: str) -> tuple[str, str, str]:
    if c.store == "mtq":
        if c.rng.random() < 0.3:
            return "since the start of 2014", c.lo, c.hi
        return f"in {t[:4]}", t[:4] + "-01-01", t[:4] + "-12-31"
    return c.rng.choice(["in 2014", "during 2014", "that year (2014)"]), c.lo, c.hi


def m_first_last_entity(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    base, past, _pp = c.rel(r)
    scope_txt, lo, hi = _scope(c, t)
    first = c.rng.random() < 0.5
    fw = "first" if first else "last"
    v = c.rng.randrange(4)
    if v == 0:
        text = f"Who was the {fw} to {base} {c.e(o)} {scope_txt}?"
        spec = subj_spec(r, o, lo, hi, kind=f"{fw}_subj")
    elif v == 1:
        text = f"{cap(scope_txt)}, who {'first' if first else 'most recently'} {past} {c.e(o)}?"
        spec = subj_spec(r, o, lo, hi, kind=f"{fw}_subj")
    elif v == 2:
        text = f"Whom did {c.e(s)} {base} {'first' if first else 'last'} {scope_txt}?"
        spec = obj_spec(s, r, lo, hi, kind=f"{fw}_obj")
    else:
        text = f"Name the {'earliest' if first else 'latest'} party that {c.e(s)} {past} {scope_txt}."
        spec = obj_spec(s, r, lo, hi, kind=f"{fw}_obj")
    return Q(text, spec, "entity", "day", "first_last", f"{fw}_entity")


def m_first_last_time(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    base, _past, _pp = c.rel(r)
    scope_txt, lo, hi = _scope(c, t)
    first = c.rng.random() < 0.5
    levels = ["day", "month"] + (["year"] if c.store == "mtq" and scope_txt.startswith("since") else [])
    level = c.rng.choice(levels)
    n = {"day": 10, "month": 7, "year": 4}[level]
    fw = "first" if first else "last"
    v = c.rng.randrange(3)
    if v == 0:
        text = f"In which {level} did {c.e(s)} {base} {c.e(o)} for the {fw} time {scope_txt}?"
        if level == "day":
            text = f"On what day did {c.e(s)} {fw} {base} {c.e(o)} {scope_txt}?"
    elif v == 1:
        text = f"Which {level} saw {c.e(s)}'s {'earliest' if first else 'final'} move to {base} {c.e(o)} {scope_txt}?"
    else:
        text = f"{cap(scope_txt)}, when - to the {level} - did {c.e(s)} {fw} {base} {c.e(o)}?"
    return Q(text, time_spec(s, r, o, lo, hi, n, kind=f"{fw}_time"), "time", level, "first_last", f"{fw}_time")


# --- before / after


def m_before_after_date(c: Ctx) -> Q:
    s, r, o, t = c.ev()
    _base, past, _pp = c.rel(r)
    x = d(t)
    after = c.rng.random() < 0.5
    dt = day_text(t, c.rng)
    if after:
        lo = (x + timedelta(days=1)).isoformat()
        if c.store == "mtq":
            hi = t[:4] + "-12-31"
            text = f"Later in {t[:4]}, after {dt}, who {past} {c.e(o)}?"
        else:
            hi = c.hi
            text = f"Who {past} {c.e(o)} after {dt}?"
        spec = subj_spec(r, o, lo, hi)
    else:
        hi = (x - timedelta(days=1)).isoformat()
        lo = t[:4] + "-01-01"
        if c.rng.random() < 0.5:
            text = f"In {t[:4]}, before {dt}, who {past} {c.e(o)}?"
            spec = subj_spec(r, o, lo, hi)
        else:
            text = f"Whom had {c.e(s)} {past} in {t[:4]} prior to {dt}?"
            spec = obj_spec(s, r, lo, hi)
    return Q(text, spec, "entity", "day", "before_after", "after_date" if after else "before_date")


def m_before_after_event(c: Ctx) -> Q:
    a = c.ev(c.unique_events)
    after = c.rng.random() < 0.5
    _s, r, o, _t = c.related(a, after)
    _base, past, _pp = c.rel(r)
    ac = c.anchor_clause(a)
    y = a[3][:4]
    if after:
        text = f"After {ac}, who {past} {c.e(o)} before {y} was out?"
        if c.rng.random() < 0.5:
            text = f"Which parties {past} {c.e(o)} in the rest of {y}, after {ac}?"
        spec = subj_spec(r, o, y + "-01-01", y + "-12-31", mode="after", anchor=list(a[:3]))
    else:
        text = f"In {y}, who had {past} {c.e(o)} before {ac}?"
        spec = subj_spec(r, o, y + "-01-01", y + "-12-31", mode="before", anchor=list(a[:3]))
    return Q(text, spec, "entity", "day", "before_after", "after_event" if after else "before_event")


def _anchor_same_object(c: Ctx) -> tuple[Quad, str, str]:
    """An anchor event plus a relation asked about the anchor's object, so the after_first/before_last question has
    a natural link ("after X visited Kenya, who was the next to criticize Kenya")."""
    a = c.ev(c.unique_events)
    r = c.rng.choice([a[1]] * 2 + sorted(REL))
    return a, r, a[2]


def m_after_first(c: Ctx) -> Q:
    a, r, o = _anchor_same_object(c)
    base, past, _pp = c.rel(r)
    ac = c.anchor_clause(a)
    v = c.rng.randrange(3)
    if v == 0:
        text = f"Right after {ac}, who was the next to {base} {c.e(o)}?"
    elif v == 1:
        text = f"After {ac}, who {past} {c.e(o)} first?"
    else:
        text = f"Who was first to {base} {c.e(o)} after {ac}?"
    lo, hi = (c.lo, c.hi)
    spec = subj_spec(r, o, lo, hi, kind="first_subj", mode="after", anchor=list(a[:3]), exclude=[])
    return Q(text, spec, "entity", "day", "after_first", "next_after_event")


def m_before_last(c: Ctx) -> Q:
    a, r, o = _anchor_same_object(c)
    base, past, _pp = c.rel(r)
    ac = c.anchor_clause(a)
    y = a[3][:4]
    v = c.rng.randrange(3)
    if v == 0:
        text = f"In {y}, who was the last to {base} {c.e(o)} before {ac}?"
    elif v == 1:
        text = f"Just before {ac}, who had most recently {past} {c.e(o)} (looking only at {y})?"
    else:
        text = f"Counting from the start of {y}, who last {past} {c.e(o)} before {ac}?"
    spec = subj_spec(r, o, y + "-01-01", y + "-12-31", kind="last_subj", mode="before", anchor=list(a[:3]))
    return Q(text, spec, "entity", "day", "before_last", "last_before_event")


def m_after_first_time(c: Ctx) -> Q:
    a = c.ev(c.unique_events)
    s, r, o, _t = c.related(a, True)
    base, _past, _pp = c.rel(r)
    ac = c.anchor_clause(a)
    level = c.rng.choice(["day", "month"])
    n = 10 if level == "day" else 7
    prep = "on" if level == "day" else "in"
    text = f"After {ac}, {prep} which {level} did {c.e(s)} next {base} {c.e(o)}?"
    spec = time_spec(s, r, o, c.lo, c.hi, n, kind="first_time")
    spec.update(mode="after", anchor=list(a[:3]))
    return Q(text, spec, "time", level, "after_first", f"next_time_after_event_{level}")


# --- equal_multi


def m_equal_multi(c: Ctx) -> Q:
    a = c.ev(c.unique_events)
    r = c.rng.choice([a[1], *sorted(REL)])
    base, past, _pp = c.rel(r)
    mode = c.rng.choice(["same_day", "same_month", "same_month", "next_day", "prev_day", "same_week"])
    obj_side = c.rng.random() < 0.5
    noun, is_noun = c.anchor_noun(a)
    ac = c.anchor_clause(a)
    # asked about the anchor's object (subjects of r to it) or the anchor's subject (objects of r from it)
    if obj_side:
        o = a[2]
        target = f"who {past} {c.e(o)}"
        spec = subj_spec(r, o, c.lo, c.hi, mode=mode, anchor=list(a[:3]), exclude=[a[0]] if r == a[1] else [])
    else:
        s = a[0]
        target = f"whom did {c.e(s)} {base}"
        spec = obj_spec(s, r, c.lo, c.hi, mode=mode, anchor=list(a[:3]), exclude=[a[2]] if r == a[1] else [])
    other = " else" if spec["exclude"] else ""
    target = target.replace("who ", f"who{other} ", 1) if obj_side else target.replace("whom ", f"whom{other} ", 1)
    if mode == "same_day":
        text = f"On the same day as {noun}, {target}?" if is_noun else f"{cap(target)} on the day {ac}?"
        level, con, qt = "day", "same_day_as_event", "equal_multi"
    elif mode == "same_month":
        text = f"In the same month as {noun}, {target}?" if is_noun else f"{cap(target)} in the month in which {ac}?"
        level, con, qt = "month", "same_month_as_event", "equal_multi"
    elif mode == "next_day":
        text = f"The day after {ac}, {target}?"
        level, con, qt = "day", "day_after_event", "equal_multi"
    elif mode == "prev_day":
        text = f"On the day before {ac}, {target}?"
        level, con, qt = "day", "day_before_event", "equal_multi"
    else:
        clause = f"{c.e(a[0])} {c.rel(a[1])[1]} {c.e(a[2])}"
        text = f"{cap(clause)}. {cap(target)} that same week (Monday to Sunday)?"
        level, con, qt = "day", "ellipsis_same_week", "equal_multi"
    return Q(text, spec, "entity", level, qt, con)


def m_ellipsis_who_else(c: Ctx) -> Q:
    """Ellipsis: a stated event, then "who else did so that month?" (same relation and object, other subjects)."""
    a = c.ev(c.unique_events)
    s, r, o, t = a
    if r not in REL:
        raise LookupError
    _base, past, _pp = c.rel(r)
    x = d(t)
    lo, hi = t[:8] + "01", month_end(x.year, x.month)
    text = f"{cap(c.e(s))} {past} {c.e(o)} in {month_text(t[:7])}. Who else did so that month?"
    return Q(text, subj_spec(r, o, lo, hi, exclude=[s]), "entity", "month", "equal", "ellipsis_who_else")


# (maker, count for mtq, count for bench)
MAKERS: list[tuple[Callable[[Ctx], Q], int, int]] = [
    (m_equal_day, 8, 6),
    (m_equal_day_obj, 5, 4),
    (m_equal_month, 7, 5),
    (m_equal_year, 4, 0),
    (m_window, 10, 7),
    (m_named_day, 3, 2),
    (m_month_subject, 3, 2),
    (m_when, 10, 6),
    (m_first_last_entity, 8, 6),
    (m_first_last_time, 8, 5),
    (m_before_after_date, 7, 5),
    (m_before_after_event, 5, 4),
    (m_after_first, 5, 4),
    (m_after_first_time, 3, 2),
    (m_before_last, 5, 4),
    (m_equal_multi, 7, 5),
    (m_ellipsis_who_else, 3, 2),
]


def load_quads(session: Any) -> list[Quad]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS t"
    )
    return sorted((r["s"], r["r"], r["o"], r["t"].iso_format()) for r in rows)


def check_text(spec: dict[str, Any]) -> str:
    k = spec["kind"]
    side = "object side" if k.endswith("subj") or k == "subj" else "subject side"
    how = {
        "subj": "DISTINCT subjects",
        "obj": "DISTINCT objects",
        "times": "DISTINCT date prefixes",
        "first_time": "min(date string)",
        "last_time": "max(date string)",
    }.get(k, f"{'min' if k.startswith('first') else 'max'}(valid_from) then re-match")
    anchor = "; anchor day and uniqueness counted in Cypher" if spec.get("mode") else ""
    return f"Cypher from the {side}, dates compared as strings, {how}{anchor}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    plo, phi = PERIODS[args.store]
    with store.driver.session(database=store.database, default_access_mode="READ") as session:
        quads = load_quads(session)
        facts = Facts(quads)
        triple_count = Counter((s, r, o) for s, r, o, _ in quads)
        usable = [
            q
            for q in quads
            if plo <= q[3] <= phi and q[1] in REL and phrasable(q[0]) and phrasable(q[2]) and q[0] != q[2]
        ]
        unique = [q for q in usable if triple_count[q[:3]] == 1]
        rng = random.Random(f"{SEED}-{args.store}")
        by_ent: dict[str, list[Quad]] = defaultdict(list)
        for quad in usable:
            by_ent[quad[0]].append(quad)
            by_ent[quad[2]].append(quad)
        ctx = Ctx(facts, rng, args.store, plo, phi, usable, unique, by_ent=by_ent)
        out: list[dict[str, Any]] = []
        texts: set[str] = set()
        stats: Counter[str] = Counter()
        for maker, n_mtq, n_bench in MAKERS:
            want = n_mtq if args.store == "mtq" else n_bench
            got = tries = 0
            while got < want and tries < 400:
                tries += 1
                ctx.memo = {}
                try:
                    q = maker(ctx)
                except LookupError:
                    stats["no_candidate"] += 1
                    continue
                spec = q.spec
                anchor_day = facts.anchor_day(tuple(spec["anchor"])) if spec.get("mode") else None
                if spec.get("mode") and anchor_day is None:
                    stats["anchor_not_unique"] += 1
                    continue
                if anchor_day is not None and not plo <= anchor_day <= phi:
                    stats["anchor_out_of_period"] += 1
                    continue
                rngw = resolve_range(spec, anchor_day)
                if rngw is None or rngw[0] < plo or rngw[1] > phi:
                    stats["window_out_of_period"] += 1
                    continue
                gold = facts.gold(spec, *rngw)
                if not gold or len(gold) > 5:
                    stats["gold_empty_or_over_5"] += 1
                    continue
                if q.question in texts:
                    stats["duplicate_text"] += 1
                    continue
                again = session.execute_read(check, spec)
                if again != gold:
                    stats["check_disagrees"] += 1
                    print("DISAGREE", q.question, gold, again, file=sys.stderr)
                    continue
                texts.add(q.question)
                got += 1
                quid = f"{PREFIX[args.store]}{len(out) + 1:03d}"
                qlabel = "Multiple" if q.qtype in ("after_first", "before_last", "equal_multi") else "Single"
                out.append(
                    {
                        "quid": quid,
                        "id": quid,
                        "question": q.question,
                        "answers": gold,
                        "answer_type": q.answer_type,
                        "time_level": q.time_level,
                        "qtype": q.qtype,
                        "qlabel": qlabel,
                        "evidence": [],
                        "construction": q.construction,
                        "store": args.store,
                        "check": check_text(spec),
                        "check_agrees": True,
                    }
                )
            stats[f"short_{maker.__name__}"] += want - got
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    print(json.dumps({"store": args.store, "written": len(out), "dropped": dict(sorted(stats.items()))}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
