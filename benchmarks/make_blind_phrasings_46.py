"""Blind held-out question set 46: MultiTQ-style questions over the ICEWS stores, worded independently of the reader.

Why: the symbolic temporal reader needs a score on phrasings it was never tuned on. Golds come from one read of all
(subject, relation, object, day) quadruples of a store, computed in Python; each is then recomputed by its own
Cypher query written the other way round (matched from the entity's side, dates compared as strings or aggregated
in Cypher, anchors re-resolved and counted in Cypher). Deterministic: the same seed gives byte-identical files.

    PYTHONPATH=$PWD TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_46.py --store mtq --out <work>/notes/heldout/v46/blind_mtq.jsonl
    PYTHONPATH=$PWD TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_46.py --store bench --out <work>/notes/heldout/v46/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261246
MAX_GOLD = 5
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

# store -> (prefix, asked period start, asked period end, years asked, per-construction target)
STORES = {
    "mtq": ("b46m", "2014-01-01", "2015-12-31", (2014, 2015), 4),
    "bench": ("b46i", "2014-01-01", "2014-12-31", (2014,), 3),
}

# relation -> (past-tense variants with {o}, base form with {o}, pluperfect participle with {o}, passive or None)
REL: dict[str, tuple[list[str], str, str, str | None]] = {
    "Make_statement": (
        ["made a statement about {o}", "commented publicly on {o}"],
        "make a statement about {o}",
        "made a statement about {o}",
        None,
    ),
    "Consult": (["consulted {o}", "held consultations with {o}"], "consult {o}", "consulted {o}", "consulted"),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request of {o}"],
        "appeal to {o}",
        "appealed to {o}",
        "appealed to",
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["voiced a desire to meet or negotiate with {o}", "signalled a wish for talks with {o}"],
        "express a wish to meet or negotiate with {o}",
        "voiced a wish to meet or negotiate with {o}",
        None,
    ),
    "Make_a_visit": (["visited {o}", "paid a visit to {o}"], "visit {o}", "visited {o}", "visited"),
    "Host_a_visit": (["hosted {o}", "received {o} as a visitor"], "host {o}", "hosted {o}", "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested, detained or charged {o}", "took {o} into custody or pressed charges against {o}"],
        "arrest, detain or charge {o}",
        "arrested, detained or charged {o}",
        "arrested, detained or charged",
    ),
    "Praise_or_endorse": (["praised {o}", "spoke approvingly of {o}"], "praise {o}", "praised {o}", "praised"),
    "Criticize_or_denounce": (["criticized {o}", "denounced {o}"], "criticize {o}", "criticized {o}", "criticized"),
    "Accuse": (["accused {o}", "levelled accusations at {o}"], "accuse {o}", "accused {o}", "accused"),
    "Use_conventional_military_force": (
        ["used military force against {o}", "attacked {o} with conventional military force"],
        "use military force against {o}",
        "used military force against {o}",
        None,
    ),
    "Engage_in_negotiation": (
        ["negotiated with {o}", "held negotiations with {o}"],
        "negotiate with {o}",
        "negotiated with {o}",
        None,
    ),
    "Express_intent_to_cooperate": (
        ["expressed a willingness to cooperate with {o}", "signalled an intention to cooperate with {o}"],
        "express an intent to cooperate with {o}",
        "expressed an intent to cooperate with {o}",
        None,
    ),
    "Demand": (["made demands of {o}", "issued a demand to {o}"], "make a demand of {o}", "made a demand of {o}", None),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        "cooperate diplomatically with {o}",
        "cooperated diplomatically with {o}",
        None,
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "concluded a formal agreement with {o}"],
        "sign a formal agreement with {o}",
        "signed a formal agreement with {o}",
        None,
    ),
    "Investigate": (
        ["investigated {o}", "opened an investigation into {o}"],
        "investigate {o}",
        "investigated {o}",
        "investigated",
    ),
    "Discuss_by_telephone": (
        ["spoke by telephone with {o}", "had a phone call with {o}"],
        "talk on the phone with {o}",
        "spoken on the phone with {o}",
        None,
    ),
    "Reject": (["rejected {o}", "rebuffed {o}"], "reject {o}", "rejected {o}", "rejected"),
    "Make_optimistic_comment": (
        ["made optimistic remarks about {o}", "sounded upbeat about {o}"],
        "comment optimistically on {o}",
        "commented optimistically on {o}",
        None,
    ),
    "Threaten": (["threatened {o}", "issued threats against {o}"], "threaten {o}", "threatened {o}", "threatened"),
    "Make_pessimistic_comment": (
        ["made pessimistic remarks about {o}", "sounded gloomy about {o}"],
        "comment pessimistically on {o}",
        "commented pessimistically on {o}",
        None,
    ),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to {o}", "sent humanitarian aid to {o}"],
        "provide humanitarian aid to {o}",
        "provided humanitarian aid to {o}",
        None,
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "made sympathetic remarks about {o}"],
        "express sympathy for {o}",
        "expressed sympathy for {o}",
        None,
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed sanctions, an embargo or a boycott on {o}"],
        "impose sanctions, an embargo or a boycott on {o}",
        "imposed sanctions, an embargo or a boycott on {o}",
        None,
    ),
    "Reduce_or_break_diplomatic_relations": (
        ["reduced or broke off diplomatic relations with {o}"],
        "reduce or break off diplomatic relations with {o}",
        "reduced or broken off diplomatic relations with {o}",
        None,
    ),
    "Provide_aid": (["gave aid to {o}", "provided aid to {o}"], "give aid to {o}", "given aid to {o}", None),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["expressed an intent to engage in diplomatic cooperation (such as policy support) with {o}"],
        "express an intent to cooperate diplomatically with {o}",
        "expressed an intent to cooperate diplomatically with {o}",
        None,
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        [
            "appealed to {o} for diplomatic cooperation",
            "called on {o} for diplomatic cooperation such as policy support",
        ],
        "appeal to {o} for diplomatic cooperation",
        "appealed to {o} for diplomatic cooperation",
        None,
    ),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met with {o} on neutral ground (a third location)"],
        "meet {o} at a third location",
        "met {o} at a third location",
        None,
    ),
    "Use_unconventional_violence": (
        ["used unconventional violence against {o}"],
        "use unconventional violence against {o}",
        "used unconventional violence against {o}",
        None,
    ),
    "Demonstrate_or_rally": (
        ["demonstrated or rallied against {o}", "held a demonstration or rally aimed at {o}"],
        "demonstrate or rally against {o}",
        "demonstrated or rallied against {o}",
        None,
    ),
    "Abduct,_hijack,_or_take_hostage": (
        ["abducted, hijacked or took hostage {o}"],
        "abduct, hijack or take hostage {o}",
        "abducted, hijacked or taken hostage {o}",
        None,
    ),
    "Cooperate_economically": (
        ["cooperated economically with {o}", "worked together economically with {o}"],
        "cooperate economically with {o}",
        "cooperated economically with {o}",
        None,
    ),
}

# sector -> (phrase with {c}, plural)
SECTORS: dict[str, tuple[str, bool]] = {
    "Police": ("the police in {c}", True),
    "Citizen": ("citizens of {c}", True),
    "Head of Government": ("the head of government of {c}", False),
    "Foreign Affairs": ("the foreign ministry of {c}", False),
    "Government": ("the government of {c}", False),
    "Criminal": ("criminals in {c}", True),
    "Military": ("the armed forces of {c}", True),
    "Military Personnel": ("soldiers of {c}", True),
    "Business": ("businesses in {c}", True),
    "Legislature": ("the legislature of {c}", False),
    "Media": ("the media in {c}", True),
    "Lawyer/Attorney": ("lawyers in {c}", True),
    "Protester": ("protesters in {c}", True),
    "Activist": ("activists in {c}", True),
    "Militant": ("militants in {c}", True),
    "Defense / Security Ministry": ("the defence ministry of {c}", False),
    "Other Authorities / Officials": ("officials in {c}", True),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", False),
    "Student": ("students in {c}", True),
    "Employee": ("employees in {c}", True),
    "Member of Parliament": ("members of parliament in {c}", True),
    "Court Judge": ("a court judge in {c}", False),
    "Treasury/Finance Ministry": ("the finance ministry of {c}", False),
    "Armed Rebel": ("armed rebels in {c}", True),
    "Women": ("women in {c}", True),
    "Children": ("children in {c}", True),
}
_SECTOR_RE = re.compile(r"^(.*) \(([^()]*)\)$")

NAMED = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "07-04": "Independence Day in the United States (July 4)",
    "10-31": "Halloween (October 31)",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
}
Fact = tuple[str, str, str, str]  # subject, relation, object, ISO day


def say(name: str) -> str | None:
    """How a person would name the entity; None when its name is not phrasable (unknown sector, odd characters)."""
    m = _SECTOR_RE.match(name)
    if m:
        sec = SECTORS.get(m.group(1))
        return sec[0].format(c=m.group(2)) if sec and "(" not in m.group(2) else None
    if name == "Palestinian Territory, Occupied":
        return "the Occupied Palestinian Territory"
    if "(" in name or ")" in name or "_" in name or "," in name:
        return None
    return name


def plural(name: str) -> bool:
    m = _SECTOR_RE.match(name)
    return bool(m and SECTORS.get(m.group(1), ("", False))[1])


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def day_text(d: str, style: int) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    month = MONTHS[m - 1]
    if style == 0:
        return f"{month} {dd}, {y}"
    if style == 1:
        return f"{dd} {month} {y}"
    if style == 2:
        return d
    suffix = "th" if 11 <= dd <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
    return f"the {dd}{suffix} of {month} {y}"


def month_text(ym: str) -> str:
    return f"{MONTHS[int(ym[5:7]) - 1]} {ym[:4]}"


def shift(d: str, days: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=days)).isoformat()


def month_end(ym: str) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    nxt = dt.date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


class KG:
    """All quadruples of one store with the indexes the golds need."""

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = collections.defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = collections.defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = collections.defaultdict(list)
        self.by_ent: dict[str, list[Fact]] = collections.defaultdict(list)
        for f in facts:
            s, r, o, d = f
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
            self.by_ent[s].append(f)
            if o != s:
                self.by_ent[o].append(f)

    def subjects(self, r: str, o: str, lo: str, hi: str) -> list[str]:
        return sorted({s for d, s in self.by_ro[(r, o)] if lo <= d <= hi})

    def objects(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for d, o in self.by_sr[(s, r)] if lo <= d <= hi})

    def extreme(self, pairs: list[tuple[str, str]], lo: str, hi: str, last: bool) -> tuple[str | None, list[str]]:
        inside = [(d, x) for d, x in pairs if lo <= d <= hi]
        if not inside:
            return None, []
        best = max(d for d, _ in inside) if last else min(d for d, _ in inside)
        return best, sorted({x for d, x in inside if d == best})

    def unique_anchor(self, f: Fact) -> bool:
        return len(self.by_sro[(f[0], f[1], f[2])]) == 1


def read_facts(store: Store) -> list[Fact]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    facts = sorted({(row["s"], row["r"], row["o"], row["d"].iso_format()) for row in rows})
    return facts


# ------------------------------------------------------------------------------------------------ second check
def check(store: Store, spec: dict[str, Any]) -> list[str]:
    """Recompute a gold with Cypher written differently from the Python gold (see the module docstring)."""
    kind = spec["kind"]
    p = dict(spec)
    if "anchor" in spec:
        s2, r2, o2 = spec["anchor"]
        rows = store.run(
            "MATCH (b:Entity {name: $o2})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(a:Entity {name: $s2}) "
            "WHERE e.relation = $r2 RETURN collect(toString(e.valid_from)) AS ds",
            {"s2": s2, "r2": r2, "o2": o2},
        )
        ds = rows[0]["ds"]
        if len(ds) != 1:
            return [f"anchor not unique: {len(ds)}"]
        ad = ds[0]
        win = spec["window"]
        if win == "after":
            p["lo"], p["hi"] = shift(ad, 1), spec["hi"]
        elif win == "before":
            p["lo"], p["hi"] = spec["lo"], shift(ad, -1)
        elif win == "same_day":
            p["lo"] = p["hi"] = ad
        elif win == "next_day":
            p["lo"] = p["hi"] = shift(ad, 1)
        elif win == "same_month":
            p["lo"], p["hi"] = ad[:7] + "-01", month_end(ad[:7])
    if kind == "subjects":
        rows = store.run(
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "AND NOT s.name IN $exclude RETURN collect(DISTINCT s.name) AS a",
            {"o": p["o"], "r": p["r"], "lo": p["lo"], "hi": p["hi"], "exclude": p.get("exclude", [])},
        )
        return sorted(rows[0]["a"])
    if kind == "objects":
        rows = store.run(
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r}) "
            "WHERE date($lo) <= e.valid_from <= date($hi) MATCH (e)-[:OBJECT]->(o:Entity) "
            "RETURN collect(DISTINCT o.name) AS a",
            {"s": p["s"], "r": p["r"], "lo": p["lo"], "hi": p["hi"]},
        )
        return sorted(rows[0]["a"])
    if kind == "units":
        rows = store.run(
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "RETURN collect(DISTINCT left(toString(e.valid_from), $k)) AS a",
            {"s": p["s"], "r": p["r"], "o": p["o"], "lo": p["lo"], "hi": p["hi"], "k": p["k"]},
        )
        return sorted(rows[0]["a"])
    if kind in ("first_subjects", "last_subjects"):
        agg = "min" if kind == "first_subjects" else "max"
        rows = store.run(
            f"MATCH (e:Event {{relation: $r}})-[:OBJECT]->(:Entity {{name: $o}}) "
            f"WHERE date($lo) <= e.valid_from <= date($hi) WITH {agg}(e.valid_from) AS best "
            f"MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {{relation: $r, valid_from: best}})"
            f"-[:OBJECT]->(:Entity {{name: $o}}) "
            f"RETURN collect(DISTINCT s.name) AS a",
            {"o": p["o"], "r": p["r"], "lo": p["lo"], "hi": p["hi"]},
        )
        return sorted(rows[0]["a"])
    if kind == "first_objects":
        rows = store.run(
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
            "WHERE date($lo) <= e.valid_from <= date($hi) WITH e.valid_from AS d, o.name AS n ORDER BY d "
            "WITH collect([toString(d), n]) AS xs WITH xs, xs[0][0] AS best "
            "RETURN [x IN xs WHERE x[0] = best | x[1]] AS a",
            {"s": p["s"], "r": p["r"], "lo": p["lo"], "hi": p["hi"]},
        )
        return sorted(set(rows[0]["a"]))
    if kind in ("first_unit", "last_unit"):
        agg = "min" if kind == "first_unit" else "max"
        rows = store.run(
            f"MATCH (:Entity {{name: $s}})<-[:SUBJECT]-(e:Event {{relation: $r}})-[:OBJECT]->(:Entity {{name: $o}}) "
            f"WHERE date($lo) <= e.valid_from <= date($hi) RETURN left(toString({agg}(e.valid_from)), $k) AS a",
            {"s": p["s"], "r": p["r"], "o": p["o"], "lo": p["lo"], "hi": p["hi"], "k": p["k"]},
        )
        return [rows[0]["a"]] if rows and rows[0]["a"] else []
    raise ValueError(kind)


# ------------------------------------------------------------------------------------------------ generation
class Gen:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        prefix, self.lo, self.hi, self.years, self.target = STORES[store_name]
        self.store = store_name
        self.prefix = prefix
        self.rng = rng
        self.inside = [f for f in kg.facts if self.lo <= f[3] <= self.hi and f[1] in REL and say(f[0]) and say(f[2])]
        self.by_rel: dict[str, list[Fact]] = collections.defaultdict(list)
        for f in self.inside:
            self.by_rel[f[1]].append(f)
        self.rels = sorted(self.by_rel)
        self.named_cands = [f for f in self.inside if f[3][5:] in NAMED]
        self.out: list[dict[str, Any]] = []
        self.texts: set[str] = set()

    def pick(self) -> Fact:
        return self.rng.choice(self.by_rel[self.rng.choice(self.rels)])

    def past(self, r: str, o: str) -> str:
        return self.rng.choice(REL[r][0]).format(o=say(o))

    def base(self, r: str, o: str) -> str:
        return REL[r][1].format(o=say(o))

    def perf(self, r: str, o: str) -> str:
        return REL[r][2].format(o=say(o))

    def clause(self, f: Fact) -> str:
        return f"{say(f[0])} {self.past(f[1], f[2])}"

    def anchor_for(self, f: Fact, ok: Callable[[Fact], bool]) -> Fact | None:
        """A unique event sharing an entity with f (other than f's own triple) for which ok() holds."""
        cands = [
            a
            for a in self.kg.by_ent[f[2]] + self.kg.by_ent[f[0]]
            if a[1] in REL
            and (a[0], a[1], a[2]) != (f[0], f[1], f[2])
            and self.lo <= a[3] <= self.hi
            and say(a[0])
            and say(a[2])
            and self.kg.unique_anchor(a)
            and ok(a)
        ]
        cands = sorted(set(cands))
        return self.rng.choice(cands) if cands else None

    def add(
        self, cons: str, qtype: str, text: str, answers: list[str], atype: str, level: str, spec: dict[str, Any]
    ) -> bool:
        if not answers or len(answers) > MAX_GOLD or text in self.texts:
            return False
        self.texts.add(text)
        qlabel = "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single"
        self.out.append(
            {
                "quid": "",
                "question": text,
                "answers": answers,
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "qlabel": qlabel,
                "evidence": [],
                "id": "",
                "construction": cons,
                "store": self.store,
                "check": spec,
                "check_agrees": None,
            }
        )
        return True

    def year_bounds(self, y: int) -> tuple[str, str]:
        return f"{y}-01-01", f"{y}-12-31"

    # --- equal
    def who_on_day(self) -> bool:
        _s, r, o, d = self.pick()
        ans = self.kg.subjects(r, o, d, d)
        style = self.rng.randrange(4)
        if self.rng.random() < 0.5:
            text = f"Who {self.past(r, o)} on {day_text(d, style)}?"
        else:
            text = f"On {day_text(d, style)}, which actor {self.past(r, o)}?"
        return self.add(
            "who_on_day", "equal", text, ans, "entity", "day", {"kind": "subjects", "r": r, "o": o, "lo": d, "hi": d}
        )

    def by_whom_passive(self) -> bool:
        _s, r, o, d = self.pick()
        if REL[r][3] is None:
            return False
        ans = self.kg.subjects(r, o, d, d)
        be = "were" if plural(o) else "was"
        text = f"By whom {be} {say(o)} {REL[r][3]} on {day_text(d, self.rng.randrange(4))}?"
        return self.add(
            "by_whom_passive_day",
            "equal",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "lo": d, "hi": d},
        )

    def name_all_month(self) -> bool:
        _s, r, o, d = self.pick()
        lo, hi = d[:7] + "-01", month_end(d[:7])
        ans = self.kg.subjects(r, o, lo, hi)
        text = self.rng.choice(
            [
                f"Name everyone who {self.past(r, o)} in {month_text(d)}.",
                f"In {month_text(d)}, which parties {self.past(r, o)}?",
            ]
        )
        return self.add(
            "name_all_month",
            "equal",
            text,
            ans,
            "entity",
            "month",
            {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def month_as_subject(self) -> bool:
        s, r, o, d = self.pick()
        lo, hi = self.year_bounds(int(d[:4]))
        months = sorted({x[:7] for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi})
        if len(months) != 1:
            return False
        text = f"Which month of {d[:4]} saw {say(s)} {self.base(r, o)}?"
        return self.add(
            "month_as_subject",
            "equal",
            text,
            months,
            "time",
            "month",
            {"kind": "units", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": 7},
        )

    def tell_me_day(self) -> bool:
        s, r, o, d = self.pick()
        days = sorted(set(self.kg.by_sro[(s, r, o)]))
        if days != [d]:
            return False
        text = self.rng.choice(
            [
                f"Tell me the date on which {say(s)} {self.past(r, o)}.",
                f"What was the exact day when {say(s)} {self.past(r, o)}?",
            ]
        )
        return self.add(
            "tell_me_day",
            "equal",
            text,
            days,
            "time",
            "day",
            {"kind": "units", "s": s, "r": r, "o": o, "lo": "0000", "hi": "9999", "k": 10},
        )

    def year_of(self) -> bool:
        if len(self.years) < 2:
            return False
        s, r, o, d = self.pick()
        years = sorted({x[:4] for x in self.kg.by_sro[(s, r, o)]})
        if years != [d[:4]]:
            return False
        text = f"In what year did {say(s)} {self.base(r, o)}?"
        return self.add(
            "year_of",
            "equal",
            text,
            years,
            "time",
            "year",
            {"kind": "units", "s": s, "r": r, "o": o, "lo": "0000", "hi": "9999", "k": 4},
        )

    def whom_year(self) -> bool:
        s, r, _o, d = self.pick()
        lo, hi = self.year_bounds(int(d[:4]))
        ans = self.kg.objects(s, r, lo, hi)
        if not REL[r][1].endswith(" {o}"):
            return False
        text = f"Who did {say(s)} {REL[r][1][:-4]} in {d[:4]}?"
        return self.add(
            "whom_year", "equal", text, ans, "entity", "year", {"kind": "objects", "s": s, "r": r, "lo": lo, "hi": hi}
        )

    def window_ndays(self) -> bool:
        _s, r, o, d = self.pick()
        n = self.rng.choice([3, 5, 7, 10])
        lo = shift(d, -self.rng.randrange(n))
        hi = shift(lo, n - 1)
        if lo < self.lo or hi > self.hi:
            return False
        ans = self.kg.subjects(r, o, lo, hi)
        span = f"{day_text(lo, 1)} to {day_text(hi, 1)}"
        text = f"Who {self.past(r, o)} during the {n} days from {span}, both days included?"
        return self.add(
            "window_ndays",
            "equal",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def quarter(self) -> bool:
        _s, r, o, d = self.pick()
        q = (int(d[5:7]) - 1) // 3
        lo = f"{d[:4]}-{3 * q + 1:02d}-01"
        hi = month_end(f"{d[:4]}-{3 * q + 3:02d}")
        ans = self.kg.subjects(r, o, lo, hi)
        names = ["first", "second", "third", "fourth"]
        span = f"{MONTHS[3 * q]} through {MONTHS[3 * q + 2]}"
        text = f"In the {names[q]} quarter of {d[:4]} ({span}), who {self.past(r, o)}?"
        return self.add(
            "quarter", "equal", text, ans, "entity", "month", {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        )

    def season(self) -> bool:
        _s, r, o, d = self.pick()
        y, m = int(d[:4]), int(d[5:7])
        if m in (6, 7, 8):
            lo, hi, label = f"{y}-06-01", f"{y}-08-31", f"the summer of {y} (June, July and August)"
        elif m in (3, 4, 5):
            lo, hi, label = f"{y}-03-01", f"{y}-05-31", f"spring {y} (March, April and May)"
        elif m in (9, 10, 11):
            lo, hi, label = f"{y}-09-01", f"{y}-11-30", f"the autumn of {y} (September to November)"
        else:
            return False
        ans = self.kg.subjects(r, o, lo, hi)
        text = f"During {label}, which actors {self.past(r, o)}?"
        return self.add(
            "season", "equal", text, ans, "entity", "month", {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        )

    def named_day(self) -> bool:
        named = NAMED
        _s, r, o, d = self.rng.choice(self.named_cands)
        ans = self.kg.subjects(r, o, d, d)
        text = f"Who {self.past(r, o)} on {named[d[5:]]} {d[:4]}?"
        return self.add(
            "named_day", "equal", text, ans, "entity", "day", {"kind": "subjects", "r": r, "o": o, "lo": d, "hi": d}
        )

    # --- first / last
    def first_subject_year(self) -> bool:
        _s, r, o, d = self.pick()
        lo, hi = self.year_bounds(int(d[:4]))
        _, ans = self.kg.extreme(self.kg.by_ro[(r, o)], lo, hi, last=False)
        text = self.rng.choice(
            [
                f"Who was the first to {self.base(r, o)} in {d[:4]}?",
                f"In {d[:4]}, which actor was first to {self.base(r, o)}?",
            ]
        )
        return self.add(
            "first_subject_year",
            "first_last",
            text,
            ans,
            "entity",
            "day",
            {"kind": "first_subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def last_subject_half(self) -> bool:
        _s, r, o, d = self.pick()
        y = d[:4]
        if d[5:7] <= "06":
            lo, hi, label = f"{y}-01-01", f"{y}-06-30", f"the first half of {y} (January to June)"
        else:
            lo, hi, label = f"{y}-07-01", f"{y}-12-31", f"the second half of {y} (July to December)"
        _, ans = self.kg.extreme(self.kg.by_ro[(r, o)], lo, hi, last=True)
        text = f"Looking only at {label}, who was the last to {self.base(r, o)}?"
        return self.add(
            "last_subject_half",
            "first_last",
            text,
            ans,
            "entity",
            "day",
            {"kind": "last_subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def first_month_time(self) -> bool:
        s, r, o, d = self.pick()
        lo, hi = self.year_bounds(int(d[:4]))
        first = min(x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi)
        text = f"In which month did {say(s)} {self.base(r, o)} for the first time in {d[:4]}?"
        return self.add(
            "first_month_time",
            "first_last",
            text,
            [first[:7]],
            "time",
            "month",
            {"kind": "first_unit", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": 7},
        )

    def last_day_time(self) -> bool:
        s, r, o, d = self.pick()
        lo, hi = self.year_bounds(int(d[:4]))
        last = max(x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi)
        text = f"When, in {d[:4]}, did {say(s)} last {self.base(r, o)}? Give the date."
        return self.add(
            "last_day_time",
            "first_last",
            text,
            [last],
            "time",
            "day",
            {"kind": "last_unit", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": 10},
        )

    def first_object_month(self) -> bool:
        s, r, _o, d = self.pick()
        lo, hi = d[:7] + "-01", month_end(d[:7])
        if not REL[r][2].endswith(" {o}"):
            return False
        _, ans = self.kg.extreme(self.kg.by_sr[(s, r)], lo, hi, last=False)
        text = f"In {month_text(d)}, who was the first party that {say(s)} {REL[r][2][:-4]}?"
        return self.add(
            "first_object_month",
            "first_last",
            text,
            ans,
            "entity",
            "day",
            {"kind": "first_objects", "s": s, "r": r, "lo": lo, "hi": hi},
        )

    # --- before / after
    def after_date_list(self) -> bool:
        _s, r, o, d = self.pick()
        cut = shift(d, -self.rng.randrange(1, 20))
        y = d[:4]
        if cut[:4] != y:
            return False
        lo, hi = shift(cut, 1), f"{y}-12-31"
        ans = self.kg.subjects(r, o, lo, hi)
        text = f"Between {day_text(cut, 1)} (exclusive) and the end of {y}, who {self.past(r, o)}?"
        return self.add(
            "after_date_list",
            "before_after",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def before_event_in_year(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        y = d[:4]
        a = self.anchor_for(f, lambda a: a[3][:4] == y and a[3] > d)
        if a is None:
            return False
        lo, hi = f"{y}-01-01", shift(a[3], -1)
        ans = self.kg.subjects(r, o, lo, hi)
        text = f"In {y}, before {self.clause(a)}, who had {self.perf(r, o)}?"
        return self.add(
            "before_event_in_year",
            "before_after",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "before", "lo": lo},
        )

    def after_event(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        a = self.anchor_for(f, lambda a: a[3] < d)
        if a is None:
            return False
        lo, hi = shift(a[3], 1), self.hi
        ans = self.kg.subjects(r, o, lo, hi)
        scope = "" if self.store == "bench" else f" (up to the end of {self.hi[:4]})"
        text = f"After {self.clause(a)}, who {self.past(r, o)}{scope}?"
        return self.add(
            "after_event",
            "before_after",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "after", "hi": hi},
        )

    def objects_before_date(self) -> bool:
        s, r, _o, d = self.pick()
        cut = shift(d, self.rng.randrange(1, 30))
        y = d[:4]
        if cut[:4] != y:
            return False
        if not REL[r][1].endswith(" {o}"):
            return False
        verb = REL[r][1][:-4]
        lo, hi = f"{y}-01-01", shift(cut, -1)
        ans = self.kg.objects(s, r, lo, hi)
        text = f"From the start of {y} up to, but not including, {day_text(cut, 0)}, who did {say(s)} {verb}?"
        return self.add(
            "objects_before_date",
            "before_after",
            text,
            ans,
            "entity",
            "day",
            {"kind": "objects", "s": s, "r": r, "lo": lo, "hi": hi},
        )

    # --- after_first / before_last
    def next_after_event(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        a = self.anchor_for(f, lambda a: a[3] < d)
        if a is None:
            return False
        _, ans = self.kg.extreme(self.kg.by_ro[(r, o)], shift(a[3], 1), self.hi, last=False)
        text = f"Right after {self.clause(a)}, who was the next to {self.base(r, o)}?"
        return self.add(
            "next_after_event",
            "after_first",
            text,
            ans,
            "entity",
            "day",
            {"kind": "first_subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "after", "hi": self.hi},
        )

    def first_after_date_time(self) -> bool:
        s, r, o, d = self.pick()
        cut = shift(d, -self.rng.randrange(1, 25))
        if cut < self.lo:
            return False
        first = min(x for x in self.kg.by_sro[(s, r, o)] if x > cut)
        text = f"After {day_text(cut, self.rng.randrange(3))}, on what date did {say(s)} next {self.base(r, o)}?"
        return self.add(
            "first_after_date_time",
            "after_first",
            text,
            [first],
            "time",
            "day",
            {"kind": "first_unit", "s": s, "r": r, "o": o, "lo": shift(cut, 1), "hi": self.hi, "k": 10},
        )

    def last_before_event(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        y = d[:4]
        a = self.anchor_for(f, lambda a: a[3] > d and a[3][:4] == y)
        if a is None:
            return False
        lo = f"{y}-01-01"
        _, ans = self.kg.extreme(self.kg.by_ro[(r, o)], lo, shift(a[3], -1), last=True)
        text = f"Who had last {self.perf(r, o)} before {self.clause(a)}, counting only {y}?"
        return self.add(
            "last_before_event",
            "before_last",
            text,
            ans,
            "entity",
            "day",
            {"kind": "last_subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "before", "lo": lo},
        )

    def month_before_last(self) -> bool:
        f = self.pick()
        s, r, o, d = f
        y = d[:4]
        a = self.anchor_for(f, lambda a: a[3][:7] > d[:7] and a[3][:4] == y)
        if a is None:
            return False
        lo = f"{y}-01-01"
        last = max(x for x in self.kg.by_sro[(s, r, o)] if lo <= x < a[3])
        text = f"Earlier in {y}, before {self.clause(a)}, in which month had {say(s)} last {self.perf(r, o)}?"
        return self.add(
            "month_before_last",
            "before_last",
            text,
            [last[:7]],
            "time",
            "month",
            {"kind": "last_unit", "s": s, "r": r, "o": o, "anchor": list(a[:3]), "window": "before", "lo": lo, "k": 7},
        )

    # --- equal_multi
    def same_month_other(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        a = self.anchor_for(f, lambda a: a[3][:7] == d[:7] and a[1] != r)
        if a is None:
            return False
        ans = self.kg.subjects(r, o, d[:7] + "-01", month_end(d[:7]))
        text = f"Who {self.past(r, o)} in the same month that {self.clause(a)}?"
        return self.add(
            "same_month_other",
            "equal_multi",
            text,
            ans,
            "entity",
            "month",
            {"kind": "subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "same_month"},
        )

    def same_day_else(self) -> bool:
        s, r, o, d = self.pick()
        if not self.kg.unique_anchor((s, r, o, d)):
            return False
        ans = [x for x in self.kg.subjects(r, o, d, d) if x != s]
        text = f"On the day {say(s)} {self.past(r, o)}, who else did the same?"
        return self.add(
            "same_day_else",
            "equal_multi",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "anchor": [s, r, o], "window": "same_day", "exclude": [s]},
        )

    def day_after(self) -> bool:
        f = self.pick()
        _s, r, o, d = f
        a = self.anchor_for(f, lambda a: shift(a[3], 1) == d)
        if a is None:
            return False
        ans = self.kg.subjects(r, o, d, d)
        text = f"On the day after {self.clause(a)}, who {self.past(r, o)}?"
        return self.add(
            "day_after",
            "equal_multi",
            text,
            ans,
            "entity",
            "day",
            {"kind": "subjects", "r": r, "o": o, "anchor": list(a[:3]), "window": "next_day"},
        )

    def run(self) -> list[dict[str, Any]]:
        makers = [
            self.who_on_day,
            self.by_whom_passive,
            self.name_all_month,
            self.month_as_subject,
            self.tell_me_day,
            self.year_of,
            self.whom_year,
            self.window_ndays,
            self.quarter,
            self.season,
            self.named_day,
            self.first_subject_year,
            self.last_subject_half,
            self.first_month_time,
            self.last_day_time,
            self.first_object_month,
            self.after_date_list,
            self.before_event_in_year,
            self.after_event,
            self.objects_before_date,
            self.next_after_event,
            self.first_after_date_time,
            self.last_before_event,
            self.month_before_last,
            self.same_month_other,
            self.same_day_else,
            self.day_after,
        ]
        for make in makers:
            got = 0
            for _ in range(4000):
                if got >= self.target:
                    break
                got += bool(make())
        return self.out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        kg = KG(read_facts(store))
        gen = Gen(kg, args.store, random.Random(f"{args.seed}-{args.store}"))
        items = gen.run()
        kept = []
        disagree = 0
        for item in items:
            got = check(store, item["check"])
            item["check_agrees"] = got == item["answers"]
            if not item["check_agrees"]:
                disagree += 1
                print(f"disagree ({item['construction']}): {item['answers']} vs {got}", file=sys.stderr)
                continue
            kept.append(item)
    finally:
        store.close()
    for i, item in enumerate(kept):
        item["quid"] = item["id"] = f"{STORES[args.store][0]}{i:03d}"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for item in kept:
            fh.write(json.dumps(item, ensure_ascii=False, sort_keys=False) + "\n")
    rels = {r for it in kept for r in [it["check"].get("r")] if r}
    print(
        f"{args.store}: {len(kept)} questions, {disagree} dropped on disagreement, {len(rels)} relations",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
