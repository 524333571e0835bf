"""Blind held-out question set 60: MultiTQ-style questions over the `mtq` (ICEWS05-15, complete for 2014-2015) and
`bench` (ICEWS14) stores, phrased without looking at the reader, so that its score on them is an honest figure.

Every question is a *spec* (which side is asked, the fixed entity and relation, a time window given by dates or by a
unique anchor event, and whether all, the earliest or the latest matching facts count). The gold comes from one read
of all (subject, relation, object, day) facts, evaluated in Python; the second check resolves the same spec with a
per-question Cypher query written the other way round (anchor found and windows built in Cypher, string or date
arithmetic, min/max aggregated in Cypher). Reads only; the stores are never written.

    PYTHONPATH=$PWD python benchmarks/make_blind_phrasings_60.py --out <work>/notes/heldout/v60
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings, managed_server_env
from tkgrag.store.connection import resolve_connection

SEED = 20261260
MAX_GOLD = 5

STORES: dict[str, dict[str, Any]] = {
    "mtq": {"instance": "mtq", "bolt": 17831, "http": 17531, "lo": "2014-01-01", "hi": "2015-12-31", "prefix": "b60m"},
    "bench": {
        "instance": "bench",
        "bolt": 7697,
        "http": 7484,
        "lo": "2014-01-01",
        "hi": "2014-12-31",
        "prefix": "b60i",
    },
}

# relation -> (past forms, base forms, passive participle or None); "{o}" is the object's phrase.
REL: dict[str, tuple[list[str], list[str], str | None]] = {
    "Make_statement": (
        ["made a statement about {o}", "commented publicly on {o}"],
        ["make a statement about {o}", "comment publicly on {o}"],
        None,
    ),
    "Consult": (
        ["consulted {o}", "held consultations with {o}"],
        ["consult {o}", "hold consultations with {o}"],
        "consulted",
    ),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request to {o}"],
        ["appeal to {o}", "make a request to {o}"],
        "appealed to",
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["signalled willingness to meet or negotiate with {o}", "said they were ready to meet or negotiate with {o}"],
        ["signal willingness to meet or negotiate with {o}"],
        None,
    ),
    "Make_a_visit": (["visited {o}", "paid a visit to {o}"], ["visit {o}", "pay a visit to {o}"], "visited"),
    "Host_a_visit": (["hosted {o}", "received {o} as a visitor"], ["host {o}", "receive {o} as a visitor"], "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested, detained or charged {o}"],
        ["arrest, detain or charge {o}"],
        "arrested, detained or charged",
    ),
    "Praise_or_endorse": (["praised {o}", "endorsed {o}"], ["praise {o}", "endorse {o}"], "praised"),
    "Criticize_or_denounce": (["criticized {o}", "denounced {o}"], ["criticize {o}", "denounce {o}"], "criticized"),
    "Use_conventional_military_force": (["used military force against {o}"], ["use military force against {o}"], None),
    "Engage_in_negotiation": (["negotiated with {o}", "held negotiations with {o}"], ["negotiate with {o}"], None),
    "Accuse": (["accused {o}", "levelled accusations at {o}"], ["accuse {o}"], "accused"),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with {o}"],
        ["cooperate diplomatically with {o}"],
        None,
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "signed a deal with {o}"],
        ["sign a formal agreement with {o}"],
        None,
    ),
    "Express_intent_to_cooperate": (
        ["expressed an intention to cooperate with {o}", "said they would cooperate with {o}"],
        ["express an intention to cooperate with {o}"],
        None,
    ),
    "Demand": (["made demands of {o}", "issued a demand to {o}"], ["make demands of {o}"], None),
    "Investigate": (["investigated {o}", "opened an inquiry into {o}"], ["investigate {o}"], "investigated"),
    "Make_optimistic_comment": (
        ["made an optimistic remark about {o}", "sounded upbeat about {o}"],
        ["make an optimistic remark about {o}"],
        None,
    ),
    "Reject": (["rejected {o}", "rebuffed {o}"], ["reject {o}"], "rebuffed"),
    "Discuss_by_telephone": (
        ["phoned {o}", "talked with {o} by telephone"],
        ["phone {o}", "talk with {o} by telephone"],
        "phoned",
    ),
    "Make_pessimistic_comment": (
        ["made a pessimistic remark about {o}", "sounded gloomy about {o}"],
        ["make a pessimistic remark about {o}"],
        None,
    ),
    "Threaten": (["threatened {o}", "issued threats against {o}"], ["threaten {o}"], "threatened"),
    "Engage_in_symbolic_act": (["made a symbolic gesture toward {o}"], ["make a symbolic gesture toward {o}"], None),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met {o} on neutral ground"],
        ["meet {o} at a third location"],
        None,
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "voiced empathy with {o}"],
        ["express sympathy for {o}"],
        None,
    ),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to {o}", "sent humanitarian relief to {o}"],
        ["provide humanitarian aid to {o}"],
        None,
    ),
    "Reduce_relations": (
        ["downgraded relations with {o}", "scaled back ties with {o}"],
        ["downgrade relations with {o}"],
        None,
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["pledged diplomatic cooperation with {o}", "promised policy support to {o}"],
        ["pledge diplomatic cooperation with {o}"],
        None,
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["asked {o} for diplomatic cooperation", "called on {o} for policy support"],
        ["ask {o} for diplomatic cooperation"],
        None,
    ),
    "Cooperate_economically": (["cooperated economically with {o}"], ["cooperate economically with {o}"], None),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed sanctions on {o}", "hit {o} with an embargo, boycott or sanctions"],
        ["impose sanctions on {o}"],
        "sanctioned",
    ),
    "Provide_aid": (["provided aid to {o}", "sent assistance to {o}"], ["provide aid to {o}"], None),
}

# how a person says a sector entity "Sector (Country)"
SECTOR = {
    "Citizen": ["citizens of {c}", "the citizens of {c}"],
    "Police": ["the police in {c}", "the police of {c}"],
    "Head of Government": ["the head of government of {c}"],
    "Military": ["the military of {c}", "the armed forces of {c}"],
    "Government": ["the government of {c}"],
    "Ministry": ["a ministry of {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Business": ["businesses in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Protester": ["protesters in {c}"],
    "Militant": ["militants in {c}"],
    "Criminal": ["criminals in {c}"],
    "Foreign Affairs": ["the foreign affairs officials of {c}"],
    "Other Authorities / Officials": ["officials in {c}"],
    "Media": ["the media in {c}"],
    "Activist": ["activists in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Legislature": ["the legislature of {c}"],
    "Court Judge": ["a court judge in {c}"],
    "Student": ["students in {c}"],
    "Employee": ["employees in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
    "Governor": ["a governor in {c}"],
}

# country names that take an article inside a phrase ("the police of the United States")
THE_COUNTRY = (
    "United ",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Gambia",
    "Dominican Republic",
    "Democratic Republic",
    "Republic of",
    "Bahamas",
    "Maldives",
)

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


def ent_phrase(name: str, rng: random.Random) -> str | None:
    """The everyday phrase for an entity, or None when it has no phrase a user would write."""
    if "(" not in name:
        return name if "," not in name and "/" not in name else None
    if not name.endswith(")") or name.count("(") != 1:
        return None
    sector, country = name[:-1].split(" (")
    if sector not in SECTOR or "," in country:
        return None
    if country.startswith(THE_COUNTRY):
        country = "the " + country
    return rng.choice(SECTOR[sector]).format(c=country)


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def d_(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def say_day(iso: str, rng: random.Random, style: int | None = None) -> str:
    d = d_(iso)
    style = rng.randrange(4) if style is None else style
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if style == 2:
        return iso
    return f"{d.strftime('%A')}, {d.day} {MONTHS[d.month - 1]} {d.year}"


def month_end(y: int, m: int) -> str:
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


@dataclass
class Spec:
    """What a question asks; the gold and the second check are both computed from it."""

    ask: str  # 'subj' | 'obj' | 'time'
    rel: str
    s: str | None  # fixed subject (asked: obj / time)
    o: str | None  # fixed object (asked: subj / time)
    win: tuple[Any, ...]  # ('abs', lo, hi) | ('after', anchor, hi) | ('before', anchor, lo) | ('same_day', anchor)
    # | ('day_after', anchor) | ('same_month', anchor); anchor = (s, r, o)
    pick: str = "all"  # 'all' | 'min' | 'max'
    gran: str = "day"  # time answers: 'day' | 'month' | 'year'
    exclude: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class Facts:
    def __init__(self, rows: list[tuple[str, str, str, str]]) -> None:
        self.rows = rows
        self.by_ro: dict[tuple[Any, ...], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[Any, ...], list[tuple[str, str]]] = defaultdict(list)
        self.days: dict[tuple[Any, ...], set[str]] = defaultdict(set)
        for s, r, o, d in rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.days[(s, r, o)].add(d)

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        ds = self.days.get(a, set())
        return next(iter(ds)) if len(ds) == 1 else None

    def window(self, win: tuple[Any, ...]) -> tuple[str, str] | None:
        kind = win[0]
        if kind == "abs":
            return win[1], win[2]
        ad = self.anchor_day(win[1])
        if ad is None:
            return None
        a = d_(ad)
        if kind == "after":
            return (a + dt.timedelta(days=1)).isoformat(), win[2]
        if kind == "before":
            return win[2], (a - dt.timedelta(days=1)).isoformat()
        if kind == "same_day":
            return ad, ad
        if kind == "day_after":
            nxt = (a + dt.timedelta(days=1)).isoformat()
            return nxt, nxt
        if kind == "same_month":
            return ad[:7] + "-01", month_end(a.year, a.month)
        raise ValueError(kind)

    def gold(self, sp: Spec) -> list[str]:
        w = self.window(sp.win)
        if w is None:
            return []
        lo, hi = w
        if sp.ask == "subj":
            cands = [(d, x) for d, x in self.by_ro.get((sp.rel, sp.o), []) if lo <= d <= hi]
        elif sp.ask == "obj":
            cands = [(d, x) for d, x in self.by_sr.get((sp.s, sp.rel), []) if lo <= d <= hi]
        else:
            cands = [(d, d) for d in self.days.get((sp.s, sp.rel, sp.o), set()) if lo <= d <= hi]
        if sp.exclude:
            cands = [(d, x) for d, x in cands if x != sp.exclude]
        if not cands:
            return []
        if sp.pick in ("min", "max"):
            edge = min(d for d, _ in cands) if sp.pick == "min" else max(d for d, _ in cands)
            cands = [(d, x) for d, x in cands if d == edge]
        if sp.ask == "time":
            cut = {"day": 10, "month": 7, "year": 4}[sp.gran]
            return sorted({x[:cut] for _, x in cands})
        return sorted({x for _, x in cands})


# ---- second check: the same spec in Cypher, written from the other side ----------------------------------------


def cypher_check(session: Any, sp: Spec) -> list[str]:
    params: dict[str, Any] = {"rel": sp.rel, "s": sp.s, "o": sp.o, "ex": sp.exclude}
    kind = sp.win[0]
    pre = ""
    if kind == "abs":
        cond = "toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi"
        params.update(lo=sp.win[1], hi=sp.win[2])
    else:
        a_s, a_r, a_o = sp.win[1]
        params.update(a_s=a_s, a_r=a_r, a_o=a_o)
        pre = (
            "MATCH (:Entity {name: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {name: $a_o}) "
            "WHERE a.relation = $a_r WITH collect(DISTINCT a.valid_from) AS ads WHERE size(ads) = 1 "
            "WITH ads[0] AS ad "
        )
        if kind == "after":
            cond = "e.valid_from > ad AND e.valid_from <= date($bound)"
            params["bound"] = sp.win[2]
        elif kind == "before":
            cond = "e.valid_from < ad AND e.valid_from >= date($bound)"
            params["bound"] = sp.win[2]
        elif kind == "same_day":
            cond = "e.valid_from = ad"
        elif kind == "day_after":
            cond = "e.valid_from = ad + duration({days: 1})"
        else:
            cond = "e.valid_from.year = ad.year AND e.valid_from.month = ad.month"
    if sp.ask == "subj":
        pat = "MATCH (oo:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) WHERE e.relation = $rel AND "
        val = "x.name"
    elif sp.ask == "obj":
        pat = "MATCH (ss:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE e.relation = $rel AND "
        val = "x.name"
    else:
        pat = (
            "MATCH (oo:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(ss:Entity {name: $s}) "
            "WHERE e.relation = $rel AND "
        )
        val = "substring(toString(e.valid_from), 0, $cut)"
        params["cut"] = {"day": 10, "month": 7, "year": 4}[sp.gran]
    ex = f" AND {val} <> $ex" if sp.exclude else ""
    q = pre + pat + cond + ex
    if sp.pick == "all":
        q += f" RETURN collect(DISTINCT {val}) AS ans"
    else:
        agg = "min" if sp.pick == "min" else "max"
        q += (
            f" WITH collect({{v: {val}, d: e.valid_from}}) AS rows, {agg}(e.valid_from) AS edge "
            "UNWIND rows AS row WITH row, edge WHERE row.d = edge RETURN collect(DISTINCT row.v) AS ans"
        )
    rec = session.run(q, params).single()
    return sorted(rec["ans"]) if rec else []


# ---- phrasing ------------------------------------------------------------------------------------------------


class Writer:
    def __init__(self, store: str, facts: Facts, rng: random.Random) -> None:
        self.store = store
        self.f = facts
        self.rng = rng
        self.lo = STORES[store]["lo"]
        self.hi = STORES[store]["hi"]
        self.in_period = [x for x in facts.rows if self.lo <= x[3] <= self.hi and x[1] in REL]
        self.years = sorted({x[3][:4] for x in self.in_period})

    def pick_fact(self) -> tuple[str, str, str, str]:
        return self.rng.choice(self.in_period)

    def past(self, r: str, o: str) -> str:
        return self.rng.choice(REL[r][0]).format(o=o)

    def base(self, r: str, o: str) -> str:
        return self.rng.choice(REL[r][1]).format(o=o)

    def clause(self, a: tuple[str, str, str]) -> str | None:
        """'Iran criticized Israel' for an anchor event."""
        sp, op = ent_phrase(a[0], self.rng), ent_phrase(a[2], self.rng)
        if sp is None or op is None or a[1] not in REL:
            return None
        return f"{sp} {self.past(a[1], op)}"

    def unique_anchor(self, o_side: str | None = None, lo: str | None = None, hi: str | None = None):
        """A random event in the period whose (s, r, o) happened on exactly one day in the whole store."""
        for _ in range(60):
            s, r, o, d = self.pick_fact()
            if (lo and d < lo) or (hi and d > hi):
                continue
            if self.f.anchor_day((s, r, o)) is None or self.clause((s, r, o)) is None:
                continue
            return (s, r, o), d
        return None

    # each maker returns (construction, qtype, answer_type, time_level, question, spec) or None
    def equal_day(self):
        _s, r, o, d = self.pick_fact()
        op = ent_phrase(o, self.rng)
        if op is None:
            return None
        v = self.rng.randrange(4)
        sp = Spec("subj", r, None, o, ("abs", d, d))
        if v == 0:
            q = f"Who {self.past(r, op)} on {say_day(d, self.rng)}?"
            c = "who_day_end"
        elif v == 1:
            q = f"On {say_day(d, self.rng)}, which actor {self.past(r, op)}?"
            c = "day_fronted"
        elif v == 2 and REL[r][2]:
            q = f"By whom was {op} {REL[r][2]} on {say_day(d, self.rng, 3)}?"
            c = "passive_named_day"
        else:
            prev = (d_(d) - dt.timedelta(days=1)).isoformat()
            if prev < self.lo:
                return None
            q = f"Tell me who {self.past(r, op)} on the day after {say_day(prev, self.rng, self.rng.choice([0, 1]))}."
            c = "imperative_day_after"
        return c, "equal", "entity", "day", q, sp

    def equal_obj_day(self):
        s, r, _o, d = self.pick_fact()
        spp = ent_phrase(s, self.rng)
        base_full, past_full = self.rng.choice(REL[r][1]), self.rng.choice(REL[r][0])
        if spp is None or not base_full.endswith("{o}") or not past_full.endswith("{o}"):
            return None  # the asked object must sit at the end of the verb phrase
        sp = Spec("obj", r, s, None, ("abs", d, d))
        if self.rng.random() < 0.5:
            stem = base_full[:-3].strip()
            sep = ", on" if stem.endswith((" on", " with", " to", " at")) else " on"
            q = f"Whom did {spp} {stem}{sep} {say_day(d, self.rng)}?"
            c = "whom_day"
        else:
            q = f"Name the party that {spp} {past_full[:-3].strip()} on {say_day(d, self.rng)}."
            c = "name_the_object_day"
        return c, "equal", "entity", "day", q, sp

    def equal_period(self):
        _s, r, o, d = self.pick_fact()
        op = ent_phrase(o, self.rng)
        if op is None:
            return None
        y, m = int(d[:4]), int(d[5:7])
        v = self.rng.randrange(7)
        past = self.past(r, op)
        if v == 0:
            lo, hi = f"{y}-{m:02d}-01", month_end(y, m)
            q = f"Who {past} in {MONTHS[m - 1]} {y}?"
            c, lvl = "who_month", "month"
        elif v == 1:
            lo, hi = f"{y}-{m:02d}-01", month_end(y, m)
            q = f"During {MONTHS[m - 1]} {y}, who were the ones that {past}?"
            c, lvl = "month_fronted_relative", "month"
        elif v == 2:
            qn = (m - 1) // 3
            lo, hi = f"{y}-{3 * qn + 1:02d}-01", month_end(y, 3 * qn + 3)
            names = f"{MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]}"
            q = f"Who {past} in the {['first', 'second', 'third', 'fourth'][qn]} quarter of {y} ({names})?"
            c, lvl = "quarter_parenthetical", "month"
        elif v == 3:
            if m in (12, 1, 2):
                return None
            season = {
                3: "spring",
                4: "spring",
                5: "spring",
                6: "summer",
                7: "summer",
                8: "summer",
                9: "autumn",
                10: "autumn",
                11: "autumn",
            }[m]
            first = {"spring": 3, "summer": 6, "autumn": 9}[season]
            lo, hi = f"{y}-{first:02d}-01", month_end(y, first + 2)
            q = (
                f"In the {season} of {y}, meaning {MONTHS[first - 1]}, {MONTHS[first]} and {MONTHS[first + 1]}, "
                f"who {past}?"
            )
            c, lvl = "season_months_stated", "month"
        elif v == 4:
            half = 0 if m <= 6 else 1
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if half == 0 else (f"{y}-07-01", f"{y}-12-31")
            span = "January through June" if half == 0 else "July through December"
            q = f"Name everyone who {past} in the {['first', 'second'][half]} half of {y} ({span})."
            c, lvl = "half_year_name", "month"
        elif v == 5:
            n = self.rng.choice([3, 5, 7, 10])
            start = d_(d) - dt.timedelta(days=self.rng.randrange(n))
            end = start + dt.timedelta(days=n - 1)
            lo, hi = start.isoformat(), end.isoformat()
            if lo < self.lo or hi > self.hi:
                return None
            q = (
                f"In the {n} days from {say_day(lo, self.rng, 0)} to {say_day(hi, self.rng, 0)} (both days included), "
                f"who {past}?"
            )
            c, lvl = "n_day_window", "day"
        else:
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            q = f"Which actors {past} at some point in {y}?"
            c, lvl = "who_year", "year"
        return c, "equal", "entity", lvl, q, Spec("subj", r, None, o, ("abs", lo, hi))

    def equal_else_week(self):
        s, r, o, d = self.pick_fact()
        op, spp = ent_phrase(o, self.rng), ent_phrase(s, self.rng)
        if op is None or spp is None:
            return None
        day = d_(d)
        mon = day - dt.timedelta(days=day.weekday())
        sun = mon + dt.timedelta(days=6)
        if mon.isoformat() < self.lo or sun.isoformat() > self.hi:
            return None
        q = (
            f"{cap(spp)} {self.past(r, op)} on {say_day(d, self.rng, 0)}. Who else did so that week "
            f"(Monday {say_day(mon.isoformat(), self.rng, 0)} to Sunday {say_day(sun.isoformat(), self.rng, 0)})?"
        )
        sp = Spec("subj", r, None, o, ("abs", mon.isoformat(), sun.isoformat()), exclude=s)
        return "ellipsis_who_else_week", "equal", "entity", "day", q, sp

    def equal_time(self):
        s, r, o, d = self.pick_fact()
        op, spp = ent_phrase(o, self.rng), ent_phrase(s, self.rng)
        if op is None or spp is None:
            return None
        y = d[:4]
        v = self.rng.randrange(4)
        lo, hi = f"{y}-01-01", f"{y}-12-31"
        if v == 0:
            q = f"On which day in {y} did {spp} {self.base(r, op)}?"
            c, g = "which_day_in_year", "day"
        elif v == 1:
            q = f"Which month of {y} saw {spp} {self.base(r, op)}?"
            c, g = "which_month_saw", "month"
        elif v == 2:
            q = f"In {y}, when exactly (which date) did {spp} {self.base(r, op)}?"
            c, g = "when_exactly_fronted_year", "day"
        else:
            if self.store == "bench":
                return None
            lo, hi = self.lo, self.hi
            q = f"Was it in 2014 or in 2015 that {spp} {self.past(r, op)}?"
            c, g = "year_choice", "year"
        sp = Spec("time", r, s, o, ("abs", lo, hi), gran=g)
        g_ = self.f.gold(sp)
        if len(g_) != 1:
            return None  # several times: ambiguous for a "when" question
        return c, "equal", "time", g, q, sp

    def first_last_entity(self):
        _s, r, o, d = self.pick_fact()
        op = ent_phrase(o, self.rng)
        if op is None:
            return None
        y, m = int(d[:4]), int(d[5:7])
        pick = self.rng.choice(["min", "max"])
        v = self.rng.randrange(3)
        word = "first" if pick == "min" else "last"
        if v == 0:
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            q = f"Who was the {word} to {self.base(r, op)} in {y}?"
            c = "who_first_last_year"
        elif v == 1:
            lo, hi = f"{y}-{m:02d}-01", month_end(y, m)
            q = f"In {MONTHS[m - 1]} {y}, which actor {self.past(r, op)} {'earliest' if pick == 'min' else 'latest'}?"
            c = "earliest_latest_month_fronted"
        else:
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            pp = REL[r][2]
            if not pp:
                return None
            q = f"Name the {word} actor by whom {op} was {pp} during {y}."
            c = "name_first_last_passive"
        return c, "first_last", "entity", "day", q, Spec("subj", r, None, o, ("abs", lo, hi), pick=pick)

    def first_last_time(self):
        s, r, o, d = self.pick_fact()
        op, spp = ent_phrase(o, self.rng), ent_phrase(s, self.rng)
        if op is None or spp is None:
            return None
        y = d[:4]
        pick = self.rng.choice(["min", "max"])
        word = "first" if pick == "min" else "last"
        v = self.rng.randrange(3)
        if v == 0:
            q = f"When in {y} did {spp} {self.base(r, op)} for the {word} time?"
            c, g = "when_first_last_in_year", "day"
        elif v == 1:
            q = f"In which month did {spp} {word} {self.base(r, op)} in {y}?"
            c, g = "month_of_first_last", "month"
        else:
            q = f"Looking only at {y}: what was the date of the {word} time {spp} {self.past(r, op)}?"
            c, g = "date_of_first_last_scoped", "day"
        sp = Spec("time", r, s, o, ("abs", f"{y}-01-01", f"{y}-12-31"), pick=pick, gran=g)
        if len([x for x in self.f.days[(s, r, o)] if x[:4] == y]) < 2:
            return None  # a single occurrence makes "first" trivial; keep the ones that need ordering
        return c, "first_last", "time", g, q, sp

    def before_after_date(self):
        _s, r, o, d = self.pick_fact()
        op = ent_phrase(o, self.rng)
        if op is None:
            return None
        y = d[:4]
        if self.rng.random() < 0.5:
            cut = (d_(d) - dt.timedelta(days=self.rng.randrange(1, 20))).isoformat()
            if cut < self.lo:
                return None
            sp = Spec("subj", r, None, o, ("abs", (d_(cut) + dt.timedelta(days=1)).isoformat(), self.hi))
            end = "the end of 2015" if self.store == "mtq" else "the end of 2014"
            if self.rng.random() < 0.5:
                q = f"After {say_day(cut, self.rng)}, who {self.past(r, op)}?"
                c = "after_date_fronted"
            else:
                q = f"Between {say_day(cut, self.rng, 0)} (not included) and {end}, who {self.past(r, op)}?"
                c = "after_date_explicit_end"
        else:
            cut = (d_(d) + dt.timedelta(days=self.rng.randrange(1, 20))).isoformat()
            if cut[:4] != y:
                return None
            sp = Spec("subj", r, None, o, ("abs", f"{y}-01-01", (d_(cut) - dt.timedelta(days=1)).isoformat()))
            dd = d_(cut)
            q = f"In {y}, before {MONTHS[dd.month - 1]} {dd.day}, who {self.past(r, op)}?"
            c = "before_date_scoped_year"
        return c, "before_after", "entity", "day", q, sp

    def before_after_event(self):
        got = self.unique_anchor()
        if not got:
            return None
        a, ad = got
        o = a[2] if self.rng.random() < 0.6 else a[0]
        rels = [x for x in REL if (x, o) in self.f.by_ro]
        if not rels:
            return None
        r = self.rng.choice(rels)
        op = ent_phrase(o, self.rng)
        cl = self.clause(a)
        if op is None or cl is None:
            return None
        if self.rng.random() < 0.5:
            sp = Spec("subj", r, None, o, ("after", a, self.hi))
            q = f"Who {self.past(r, op)} after {cl}?"
            c = "after_event"
        else:
            y = ad[:4]
            sp = Spec("subj", r, None, o, ("before", a, f"{y}-01-01"))
            q = f"Earlier in {y}, before {cl}, who had {self.past(r, op)}?"
            c = "before_event_scoped_year"
        return c, "before_after", "entity", "day", q, sp

    def after_first(self):
        got = self.unique_anchor()
        if not got:
            return None
        a, _ad = got
        o = a[2]
        rels = [x for x in REL if (x, o) in self.f.by_ro]
        if not rels:
            return None
        r = self.rng.choice(rels)
        op, cl = ent_phrase(o, self.rng), self.clause(a)
        if op is None or cl is None:
            return None
        v = self.rng.randrange(3)
        if v == 0:
            q = f"After {cl}, who was the first to {self.base(r, op)}?"
            c = "after_first_who_first"
        elif v == 1:
            q = f"Who was next to {self.base(r, op)} once {cl}?"
            c = "who_next_once"
        else:
            q = f"Following the day {cl}, which actor was the first that {self.past(r, op)}?"
            c = "following_the_day_first"
        return c, "after_first", "entity", "day", q, Spec("subj", r, None, o, ("after", a, self.hi), pick="min")

    def before_last(self):
        got = self.unique_anchor()
        if not got:
            return None
        a, ad = got
        o = a[2]
        rels = [x for x in REL if (x, o) in self.f.by_ro]
        if not rels:
            return None
        r = self.rng.choice(rels)
        op, cl = ent_phrase(o, self.rng), self.clause(a)
        if op is None or cl is None:
            return None
        y = ad[:4]
        v = self.rng.randrange(3)
        pp = self.past(r, op)
        if v == 0:
            q = f"In {y}, who had last {pp} just before {cl}?"
            c = "who_had_last_just_before"
        elif v == 1:
            q = f"Before {cl}, who was the most recent to {self.base(r, op)} that year ({y})?"
            c = "most_recent_before_parenthetical_year"
        else:
            q = f"Tell me the last actor in {y} that {pp} prior to the day {cl}."
            c = "imperative_last_prior"
        return c, "before_last", "entity", "day", q, Spec("subj", r, None, o, ("before", a, f"{y}-01-01"), pick="max")

    def equal_multi(self):
        got = self.unique_anchor()
        if not got:
            return None
        a, ad = got
        o = a[2] if self.rng.random() < 0.7 else a[0]
        rels = [x for x in REL if (x, o) in self.f.by_ro]
        if not rels:
            return None
        r = self.rng.choice(rels)
        op, cl = ent_phrase(o, self.rng), self.clause(a)
        if op is None or cl is None:
            return None
        v = self.rng.randrange(4)
        if v == 0:
            q = f"Who {self.past(r, op)} in the same month that {cl}?"
            c, win, lvl = "same_month_as", ("same_month", a), "month"
        elif v == 1:
            q = f"On the same day as {cl}, who {self.past(r, op)}?"
            c, win, lvl = "same_day_fronted", ("same_day", a), "day"
        elif v == 2:
            q = f"Who {self.past(r, op)} the day after {cl}?"
            c, win, lvl = "day_after_event", ("day_after", a), "day"
        else:
            q = f"Name who {self.past(r, op)} during the month in which {cl}."
            c, win, lvl = "name_during_month_in_which", ("same_month", a), "month"
        if win[0] == "day_after" and (d_(ad) + dt.timedelta(days=1)).isoformat() > self.hi:
            return None
        return c, "equal_multi", "entity", lvl, q, Spec("subj", r, None, o, win)


PLAN = {  # maker -> count per store (mtq, bench)
    "equal_day": (14, 10),
    "equal_obj_day": (6, 4),
    "equal_period": (16, 11),
    "equal_else_week": (4, 3),
    "equal_time": (10, 6),
    "first_last_entity": (9, 6),
    "first_last_time": (7, 5),
    "before_after_date": (8, 6),
    "before_after_event": (7, 5),
    "after_first": (7, 5),
    "before_last": (6, 4),
    "equal_multi": (8, 6),
}


def load_facts(session: Any) -> Facts:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    data = sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})
    return Facts(data)


def build(store: str, session: Any) -> list[dict[str, Any]]:
    facts = load_facts(session)
    rng = random.Random(f"{SEED}-{store}")
    w = Writer(store, facts, rng)
    idx = 0 if store == "mtq" else 1
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for maker, counts in PLAN.items():
        want, made, tries = counts[idx], 0, 0
        while made < want and tries < 3000:
            tries += 1
            got = getattr(w, maker)()
            if not got:
                continue
            c, qtype, atype, lvl, q, sp = got
            if q in seen:
                continue
            gold = facts.gold(sp)
            if not gold or len(gold) > MAX_GOLD:
                continue
            seen.add(q)
            made += 1
            quid = f"{STORES[store]['prefix']}{len(out):03d}"
            check = cypher_check(session, sp)
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": q,
                    "answers": gold,
                    "answer_type": atype,
                    "time_level": lvl,
                    "qtype": qtype,
                    "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
                    "evidence": [],
                    "construction": c,
                    "store": store,
                    "check": f"cypher {sp.win[0]} window, ask={sp.ask}, pick={sp.pick}"
                    + (f", gran={sp.gran}" if sp.ask == "time" else ""),
                    "check_agrees": check == gold,
                }
            )
    return out


def connect_store(store: str) -> Any:
    cfg = STORES[store]
    env = {
        "TKGRAG_INSTANCE": cfg["instance"],
        "TKGRAG_BOLT_PORT": str(cfg["bolt"]),
        "TKGRAG_HTTP_PORT": str(cfg["http"]),
    }
    import os

    settings = load_settings({**os.environ, **env})
    assert managed_server_env(settings.server)["TKGRAG_INSTANCE"] == cfg["instance"]
    uri, auth = resolve_connection(settings, start_managed=False)
    return GraphDatabase.driver(uri, auth=auth)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--stores", default="mtq,bench")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = {"mtq": "blind_mtq.jsonl", "bench": "blind_icews14.jsonl"}
    for store in args.stores.split(","):
        driver = connect_store(store)
        with driver.session(default_access_mode="READ") as session:
            qs = build(store, session)
        driver.close()
        with (out / names[store]).open("w") as fh:
            for q in qs:
                fh.write(json.dumps(q, ensure_ascii=False) + "\n")
        cons = Counter(q["construction"] for q in qs)
        agree = sum(q["check_agrees"] for q in qs)
        print(
            f"{store}: {len(qs)} questions, check agrees {agree}/{len(qs)}, "
            f"qtypes {dict(Counter(q['qtype'] for q in qs))}, constructions {len(cons)}"
        )


if __name__ == "__main__":
    main()
