"""Blind held-out question set 36: MultiTQ-style questions over the ``mtq`` and ``bench`` stores, phrased fresh.

Why: the symbolic temporal reader needs a figure on phrasings it was never tuned on. Every question is a small spec
(relation, fixed entity, window or anchor event, pick = all/first/last, answer side); its gold is computed in Python
over ONE read of all (subject, relation, object, day) of the store, then recomputed by a second, differently written
Cypher query (matched from the fixed entity, dates compared as strings or with durations, min/max aggregated in
Cypher). Deterministic for a seed: rerunning writes byte-identical files.

    PYTHONPATH=$PWD TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_36.py --store mtq --out <work>/notes/heldout/v36/blind_mtq.jsonl
    PYTHONPATH=$PWD TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_36.py --store bench --out <work>/notes/heldout/v36/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261236
# Asked period per store: mtq holds only a sample before 2013-11-18, so every asked date lies in 2014-2015.
PERIOD = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
TARGET = {"mtq": 100, "bench": 70}
PREFIX = {"mtq": "b36m", "bench": "b36i"}

# relation -> (base form, past form, passive participle or None, noun with {o} or None); {o} is the object slot.
REL: dict[str, tuple[str, str, str | None, str | None]] = {
    "Make_statement": ("make a statement to {o}", "made a statement to {o}", None, "a statement addressed to {o}"),
    "Consult": ("consult {o}", "consulted {o}", "consulted", "consultations with {o}"),
    "Make_an_appeal_or_request": ("appeal to {o}", "appealed to {o}", "appealed to", "an appeal to {o}"),
    "Express_intent_to_meet_or_negotiate": (
        "express willingness to meet or negotiate with {o}",
        "expressed willingness to meet or negotiate with {o}",
        None,
        "an offer of talks to {o}",
    ),
    "Make_a_visit": ("visit {o}", "visited {o}", "visited", "a visit to {o}"),
    "Host_a_visit": ("host {o} for a visit", "hosted {o} for a visit", "hosted on a visit", "the hosting of {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrest, detain or charge {o}",
        "arrested, detained or charged {o}",
        "arrested, detained or charged",
        "the arrest or charging of {o}",
    ),
    "Praise_or_endorse": ("praise {o}", "praised {o}", "praised", "praise for {o}"),
    "Criticize_or_denounce": ("criticize {o}", "criticized {o}", "criticized", "criticism of {o}"),
    "Accuse": ("accuse {o}", "accused {o}", "accused", "accusations against {o}"),
    "Use_conventional_military_force": (
        "use military force against {o}",
        "used military force against {o}",
        None,
        "a military strike on {o}",
    ),
    "Engage_in_negotiation": ("negotiate with {o}", "negotiated with {o}", None, "negotiations with {o}"),
    "Express_intent_to_cooperate": (
        "voice a wish to cooperate with {o}",
        "voiced a wish to cooperate with {o}",
        None,
        "a pledge of cooperation to {o}",
    ),
    "Demand": ("make a demand of {o}", "made a demand of {o}", None, "demands on {o}"),
    "Engage_in_diplomatic_cooperation": (
        "work diplomatically with {o}",
        "worked diplomatically with {o}",
        None,
        "diplomatic cooperation with {o}",
    ),
    "Sign_formal_agreement": (
        "sign a formal agreement with {o}",
        "signed a formal agreement with {o}",
        None,
        "an agreement signed with {o}",
    ),
    "Investigate": ("investigate {o}", "investigated {o}", "investigated", "an investigation into {o}"),
    "Discuss_by_telephone": (
        "talk on the phone with {o}",
        "talked on the phone with {o}",
        None,
        "a phone call with {o}",
    ),
    "Reject": ("reject {o}", "rejected {o}", "rejected", "a rejection of {o}"),
    "Make_optimistic_comment": (
        "comment optimistically on {o}",
        "commented optimistically on {o}",
        None,
        "upbeat remarks about {o}",
    ),
    "Threaten": ("threaten {o}", "threatened {o}", "threatened", "threats against {o}"),
    "Make_pessimistic_comment": (
        "speak gloomily about {o}",
        "spoke gloomily about {o}",
        None,
        "pessimistic remarks about {o}",
    ),
    "Meet_at_a_'third'_location": (
        "meet {o} at a third location",
        "met {o} at a third location",
        None,
        "a meeting with {o} at a third location",
    ),
    "Provide_humanitarian_aid": (
        "send humanitarian aid to {o}",
        "sent humanitarian aid to {o}",
        None,
        "humanitarian aid for {o}",
    ),
    "Make_empathetic_comment": ("express sympathy for {o}", "expressed sympathy for {o}", None, "sympathy for {o}"),
    "Provide_aid": ("give aid to {o}", "gave aid to {o}", None, "aid to {o}"),
    "Bring_lawsuit_against": ("sue {o}", "sued {o}", "sued", "a lawsuit against {o}"),
    "Impose_administrative_sanctions": (
        "impose administrative sanctions on {o}",
        "imposed administrative sanctions on {o}",
        None,
        "administrative sanctions on {o}",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "promise diplomatic support to {o}",
        "promised diplomatic support to {o}",
        None,
        "a promise of diplomatic support to {o}",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "ask {o} for diplomatic support",
        "asked {o} for diplomatic support",
        None,
        "a call on {o} for diplomatic support",
    ),
    "Reduce_relations": ("cut back relations with {o}", "cut back relations with {o}", None, None),
}

# Sector entities "Sector (Country)": how a person names them.
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Head of State": "the head of state of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Military Personnel": "military personnel in {c}",
    "Criminal": "criminals in {c}",
    "Protester": "protesters in {c}",
    "Legislature": "the legislature of {c}",
    "Media": "the media in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Women": "women in {c}",
    "Children": "children in {c}",
    "Student": "students in {c}",
    "Activist": "activists in {c}",
    "Militant": "militants in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Court Judge": "a court judge in {c}",
    "Business": "businesses in {c}",
    "Employee": "employees in {c}",
    "Member of Parliament": "a member of parliament in {c}",
    "Treasury/Finance Ministry": "the finance ministry of {c}",
    "Opposition Supporter": "opposition supporters in {c}",
    "Armed Rebel": "armed rebels in {c}",
}
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "European Union",
    "United Nations",
    "Czech Republic",
    "Central African Republic",
    "United Arab Emirates",
    "Russian Federation",
    "Kremlin",
    "Vatican",
    "African Union",
    "International Monetary Fund",
    "World Bank",
    "Red Cross",
    "Taliban",
    "UN Security Council",
    "Security Council of the United Nations",
}
BAD_COUNTRY = {"International", "Unidentified State Actor", "Unidentified Country"}
PLURAL: tuple[str, ...] = (
    "citizens",
    "women",
    "children",
    "students",
    "activists",
    "militants",
    "lawyers",
    "businesses",
)
PLURAL += ("employees", "criminals", "protesters", "military personnel", "opposition supporters", "armed rebels")
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
NAMED_DAYS = {"12-25": "Christmas Day", "01-01": "New Year's Day", "02-14": "Valentine's Day", "10-31": "Halloween"}

Fact = tuple[str, str, str, str]  # subject, relation, object, YYYY-MM-DD


def ent(name: str) -> str | None:
    """Natural phrase for an entity, or None when it is a sector entity we cannot phrase naturally."""
    if "(" in name:
        sector, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if sector not in SECTOR or "(" in country or not country or country in BAD_COUNTRY:
            return None
        c = f"the {country}" if country in THE else country
        return SECTOR[sector].format(c=c)
    if name in THE:
        return f"the {name}"
    return name


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def d2(s: str) -> date:
    return date.fromisoformat(s)


def add(s: str, days: int) -> str:
    return (d2(s) + timedelta(days=days)).isoformat()


def fmt_day(s: str, style: int) -> str:
    d = d2(s)
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    return s


def fmt_month(s: str) -> str:
    d = d2(s)
    return f"{MONTHS[d.month - 1]} {d.year}"


def month_end(y: int, m: int) -> str:
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


@dataclass
class Spec:
    """One question's meaning: both gold computations read only this."""

    ans: str  # "S" (subjects), "O" (objects) or "T" (times)
    r: str
    s: str | None = None
    o: str | None = None
    lo: str | None = None  # absolute window (inclusive), or the scope of an anchor window
    hi: str | None = None
    anchor: Fact | None = None  # unique (s, r, o) in the whole store; its day found by both computations
    how: str = "abs"  # abs | after | before | same_day | same_month | same_year | next_day | prev_day
    pick: str = "all"  # all | first | last
    gran: str = "day"
    exclude: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class Store:
    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        self.first_day = min(f[3] for f in facts)
        self.last_day = max(f[3] for f in facts)

    def window(self, sp: Spec) -> tuple[str, str] | None:
        if sp.how == "abs":
            assert sp.lo and sp.hi
            return sp.lo, sp.hi
        assert sp.anchor is not None
        days = self.by_sro.get(sp.anchor[:3], [])
        if len(days) != 1:
            return None
        ad = days[0]
        if sp.how == "after":
            return add(ad, 1), sp.hi or self.last_day
        if sp.how == "before":
            return sp.lo or self.first_day, add(ad, -1)
        if sp.how == "same_day":
            return ad, ad
        if sp.how == "same_month":
            y, m = int(ad[:4]), int(ad[5:7])
            return ad[:7] + "-01", month_end(y, m)
        if sp.how == "same_year":
            return ad[:4] + "-01-01", ad[:4] + "-12-31"
        if sp.how == "next_day":
            return add(ad, 1), add(ad, 1)
        if sp.how == "prev_day":
            return add(ad, -1), add(ad, -1)
        raise ValueError(sp.how)

    def gold(self, sp: Spec) -> tuple[list[str], str | None]:
        """Python gold over all facts: (answers, the picked day for first/last)."""
        w = self.window(sp)
        if w is None:
            return [], None
        lo, hi = w
        if sp.ans == "S":
            assert sp.o is not None
            rows = [(d, x) for d, x in self.by_ro.get((sp.r, sp.o), []) if lo <= d <= hi]
        elif sp.ans == "O":
            assert sp.s is not None
            rows = [(d, x) for d, x in self.by_sr.get((sp.s, sp.r), []) if lo <= d <= hi]
        else:
            assert sp.s and sp.o
            rows = [(d, d) for d in self.by_sro.get((sp.s, sp.r, sp.o), []) if lo <= d <= hi]
        rows = [(d, x) for d, x in rows if x != sp.exclude]
        if not rows:
            return [], None
        picked = None
        if sp.pick == "first":
            picked = min(d for d, _ in rows)
            rows = [(d, x) for d, x in rows if d == picked]
        elif sp.pick == "last":
            picked = max(d for d, _ in rows)
            rows = [(d, x) for d, x in rows if d == picked]
        if sp.ans == "T":
            n = {"day": 10, "month": 7, "year": 4}[sp.gran]
            return sorted({x[:n] for _, x in rows}), picked
        return sorted({x for _, x in rows}), picked


def cypher_check(session: Any, sp: Spec, store_last: str, store_first: str) -> list[str]:
    """Second computation: one Cypher read per question, written unlike the Python path (string dates, durations,
    aggregation in Cypher, matched from the fixed entity)."""
    params: dict[str, Any] = {"r": sp.r, "lo": sp.lo, "hi": sp.hi, "ex": sp.exclude or "", "last": store_last}
    params["first"] = store_first
    pre = ""
    if sp.how != "abs":
        assert sp.anchor is not None
        params.update(a_s=sp.anchor[0], a_r=sp.anchor[1], a_o=sp.anchor[2])
        pre = (
            "MATCH (as_:Entity)<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao_:Entity) "
            "WHERE as_.name = $a_s AND ao_.name = $a_o AND a.relation = $a_r "
            "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
        )
        cond = {
            "after": "e.valid_from > ad AND toString(e.valid_from) <= coalesce($hi, $last)",
            "before": "e.valid_from < ad AND toString(e.valid_from) >= coalesce($lo, $first)",
            "same_day": "e.valid_from = ad",
            "same_month": "left(toString(e.valid_from), 7) = left(toString(ad), 7)",
            "same_year": "e.valid_from.year = ad.year",
            "next_day": "e.valid_from = ad + duration('P1D')",
            "prev_day": "e.valid_from = ad - duration('P1D')",
        }[sp.how]
    else:
        cond = "toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi"
    if sp.ans == "S":
        params["fix"] = sp.o
        pat = "MATCH (f:Entity {name: $fix})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
        val = "x.name"
    elif sp.ans == "O":
        params["fix"] = sp.s
        pat = "MATCH (f:Entity {name: $fix})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) "
        val = "x.name"
    else:
        params.update(s=sp.s, o=sp.o)
        n = {"day": 10, "month": 7, "year": 4}[sp.gran]
        pat = "MATCH (o2:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s2:Entity {name: $s}) "
        val = f"left(toString(e.valid_from), {n})"
    where = f"WHERE e.relation = $r AND {cond} AND ({val} <> $ex OR $ex = '') "
    if sp.pick == "all":
        tail = f"RETURN collect(DISTINCT {val}) AS out"
    else:
        agg = "min" if sp.pick == "first" else "max"
        tail = (
            f"WITH collect({{d: e.valid_from, v: {val}}}) AS rows, {agg}(e.valid_from) AS m "
            "RETURN [row IN rows WHERE row.d = m | row.v] AS out"
        )
    rec = session.run(pre + pat + where + tail, params).single()
    return sorted(set(rec["out"])) if rec else []


class Gen:
    def __init__(self, store_name: str, st: Store, rng: random.Random) -> None:
        self.name = store_name
        self.st = st
        self.rng = rng
        self.plo, self.phi = PERIOD[store_name]
        self.pfacts = [f for f in st.facts if self.plo <= f[3] <= self.phi and f[1] in REL]
        self.ok = [
            f for f in self.pfacts if ent(f[0]) and ent(f[2]) and f[0] != f[2] and "Unidentified" not in f[0] + f[2]
        ]
        self.unique = [f for f in self.ok if len(st.by_sro[f[:3]]) == 1]

    # -- phrase helpers -------------------------------------------------------------------------------------
    def vp(self, r: str, o: str, form: int = 1) -> str:
        return str(REL[r][form]).format(o=ent(o))

    def vp_gap(self, r: str, form: int = 0) -> str:
        """Verb phrase with the object moved out ("sign a formal agreement with")."""
        return str(REL[r][form]).replace(" {o}", "").replace("{o} ", "")

    def event_np(self, f: Fact) -> str:
        """A finite clause naming an anchor event: 'Japan visited China'."""
        s = ent(f[0])
        assert s
        return f"{s} {self.vp(f[1], f[2])}"

    def event_noun(self, f: Fact) -> str | None:
        noun = REL[f[1]][3]
        if not noun:
            return None
        s = ent(f[0])
        assert s
        if "(" in f[0] or "Unidentified" in f[0]:
            return None
        noun = noun.removeprefix("a ").removeprefix("an ").removeprefix("the ")
        return f"{s}'s {noun.format(o=ent(f[2]))}"

    def year_scope(self, y: str) -> str:
        return self.rng.choice([f"in {y}", f"during {y}", f"in the course of {y}"])

    def unit_phrase(self, d: str) -> tuple[str, str, str, str, str]:
        """A random time unit containing d: (phrase, lo, hi, time_level, construction tag)."""
        y, m = int(d[:4]), int(d[5:7])
        k = self.rng.choice(["day", "day", "month", "month", "year", "window", "quarter", "half", "season", "ndays"])
        if self.name == "bench" and k == "year":
            k = "month"
        if k == "day":
            md = d[5:]
            if md in NAMED_DAYS and self.rng.random() < 0.8:
                return f"on {NAMED_DAYS[md]} {y}", d, d, "day", "named_day"
            return f"on {fmt_day(d, self.rng.randrange(3))}", d, d, "day", "day"
        if k == "month":
            return f"in {fmt_month(d)}", d[:7] + "-01", month_end(y, m), "month", "month"
        if k == "year":
            return f"in {y}", f"{y}-01-01", f"{y}-12-31", "year", "year"
        if k == "quarter":
            q = (m - 1) // 3
            names = ["first", "second", "third", "fourth"]
            lo = date(y, 3 * q + 1, 1).isoformat()
            hi = month_end(y, 3 * q + 3)
            ms = f"{MONTHS[3 * q]} to {MONTHS[3 * q + 2]}"
            return f"in the {names[q]} quarter of {y} ({ms})", lo, hi, "month", "quarter"
        if k == "half":
            h = (m - 1) // 6
            lo = date(y, 6 * h + 1, 1).isoformat()
            hi = month_end(y, 6 * h + 6)
            return (
                f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})",
                lo,
                hi,
                "month",
                "half",
            )
        if k == "season":
            seasons = {3: "spring", 4: "spring", 5: "spring", 6: "summer", 7: "summer", 8: "summer"}
            seasons.update({9: "autumn", 10: "autumn", 11: "autumn"})
            if m not in seasons:
                return f"in {fmt_month(d)}", d[:7] + "-01", month_end(y, m), "month", "month"
            sn = seasons[m]
            first = {"spring": 3, "summer": 6, "autumn": 9}[sn]
            lo = date(y, first, 1).isoformat()
            hi = month_end(y, first + 2)
            ms = f"{MONTHS[first - 1]}, {MONTHS[first]} and {MONTHS[first + 1]}"
            return f"in the {sn} of {y} ({ms})", lo, hi, "month", "season"
        n = self.rng.choice([3, 5, 7, 10, 14])
        back = self.rng.randrange(n)
        lo = max(add(d, -back), self.plo)
        hi = min(add(lo, n - 1), self.phi)
        n = (d2(hi) - d2(lo)).days + 1
        if k == "window":
            return (
                f"between {fmt_day(lo, 0)} and {fmt_day(hi, 0)} (both days included)",
                lo,
                hi,
                "day",
                "window",
            )
        return f"in the {n} days from {fmt_day(lo, 1)} through {fmt_day(hi, 1)}", lo, hi, "day", "ndays"

    # -- question kinds --------------------------------------------------------------------------------------
    def q_equal_ent(self) -> tuple[Spec, str, str, str] | None:
        s, r, o, d = self.rng.choice(self.ok)
        tp, lo, hi, lvl, tag = self.unit_phrase(d)
        if self.rng.random() < 0.6:
            sp = Spec("S", r, o=o, lo=lo, hi=hi)
            Ob = ent(o)
            assert Ob
            pp = REL[r][2]
            opts = [
                ("who_end", f"Who {self.vp(r, o)} {tp}?"),
                ("time_front", f"{cap(tp)}, who {self.vp(r, o)}?"),
                ("name_the", f"Name the actors that {self.vp(r, o)} {tp}."),
                ("tell_me", f"Tell me who {self.vp(r, o)} {tp}."),
                ("paren", f"Which parties (if more than one, list them all) {self.vp(r, o)} {tp}?"),
            ]
            if pp:
                be = "were" if Ob.startswith(PLURAL) else "was"
                opts.append(("passive", f"By whom {be} {Ob} {pp} {tp}?"))
                opts.append(("passive_end", f"{cap(Ob)} {be} {pp} {tp} — by whom?"))
        else:
            sp = Spec("O", r, s=s, lo=lo, hi=hi)
            S = ent(s)
            assert S
            opts = [
                ("whom_end", f"Who did {S} {self.vp_gap(r)} {tp}?"),
                ("time_front", f"{cap(tp)}, who did {S} {self.vp_gap(r)}?"),
                ("list_imp", f"List everyone that {S} {self.vp_gap(r, 1)} {tp}."),
                ("rel_clause", f"What are the names of those whom {S} {self.vp_gap(r, 1)} {tp}?"),
            ]
        c, text = self.rng.choice(opts)
        return sp, text, f"equal/{sp.ans}/{tag}/{c}", lvl

    def scope(self, d: str) -> tuple[str, str, str]:
        """A stated scope containing d for first/last/time questions: (phrase, lo, hi)."""
        y = d[:4]
        if self.name == "mtq" and self.rng.random() < 0.25:
            return "between January 2014 and December 2015", self.plo, self.phi
        if self.rng.random() < 0.3:
            m = int(d[5:7])
            h = (m - 1) // 6
            lo = f"{y}-{6 * h + 1:02d}-01"
            hi = month_end(int(y), 6 * h + 6)
            return f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]}–{MONTHS[6 * h + 5]})", lo, hi
        return self.year_scope(y), f"{y}-01-01", f"{y}-12-31"

    def q_equal_time(self) -> tuple[Spec, str, str, str] | None:
        s, r, o, d = self.rng.choice(self.ok)
        S = ent(s)
        assert S
        gran = self.rng.choice(["day", "day", "month", "month"] + (["year"] if self.name == "mtq" else []))
        if gran == "year":
            sc, lo, hi = "in 2014 or in 2015", self.plo, self.phi
        elif self.name == "bench" and self.rng.random() < 0.5:
            sc, lo, hi = "", self.plo, self.phi
        else:
            sc, lo, hi = self.scope(d)
        sp = Spec("T", r, s=s, o=o, lo=lo, hi=hi, gran=gran)
        noun = self.event_noun((s, r, o, d))
        unit = {"day": "day", "month": "month", "year": "year"}[gran]
        scs = f" {sc}" if sc else ""
        opts = [
            ("which_unit", f"On which {unit} did {S} {self.vp(r, o, 0)}{scs}?"),
            ("tell_me", f"Tell me the {unit} when {S} {self.vp(r, o)}{scs}."),
            (
                "front",
                f"{cap(sc)}, {'on' if gran == 'day' else 'in'} which {unit} did {S} {self.vp(r, o, 0)}?" if sc else "",
            ),
        ]
        if gran == "day":
            opts.append(("what_date", f"What was the date on which {S} {self.vp(r, o)}{scs}?"))
        if gran != "day":
            opts[0] = ("which_unit", f"In which {unit} did {S} {self.vp(r, o, 0)}{scs}?")
        if noun:
            opts.append(("unit_saw", f"Which {unit}{scs} saw {noun}?"))
        opts = [x for x in opts if x[1]]
        if gran == "year":
            opts = [
                ("year_or", f"Was it in 2014 or in 2015 (or in both) that {S} {self.vp(r, o)}?"),
                ("which_year", f"Which of the years 2014 and 2015 saw {S} {self.vp(r, o)}?"),
            ]
        c, text = self.rng.choice(opts)
        return sp, text, f"equal/T/{gran}/{c}", gran

    def q_before_after_date(self) -> tuple[Spec, str, str, str] | None:
        s, r, o, d = self.rng.choice(self.ok)
        y = d[:4]
        if self.rng.random() < 0.5:
            # before a date, scoped to the date's year
            pivot = add(d, self.rng.randrange(1, 20))
            if pivot[:4] != y:
                return None
            lo, hi = f"{y}-01-01", add(pivot, -1)
            dd = fmt_day(pivot, self.rng.randrange(2))
            which = "before"
            pre = [f"In {y}, before {dd}", f"Earlier in {y} than {dd}", f"During {y} but prior to {dd}"]
        else:
            pivot = add(d, -self.rng.randrange(1, 20))
            if pivot < self.plo:
                return None
            lo, hi = add(pivot, 1), self.phi
            dd = fmt_day(pivot, self.rng.randrange(2))
            which = "after"
            pre = [f"After {dd}", f"Later than {dd}", f"Once {dd} had passed"]
        p = self.rng.choice(pre)
        if self.rng.random() < 0.6:
            sp = Spec("S", r, o=o, lo=lo, hi=hi)
            opts = [
                ("front", f"{p}, who {self.vp(r, o)}?"),
                ("end", f"Who {self.vp(r, o)} {p[0].lower() + p[1:]}?"),
                ("name_the", f"{p}, name the ones who {self.vp(r, o)}."),
            ]
        else:
            S = ent(s)
            assert S
            sp = Spec("O", r, s=s, lo=lo, hi=hi)
            opts = [
                ("front", f"{p}, who did {S} {self.vp_gap(r)}?"),
                ("end", f"Who did {S} {self.vp_gap(r)} {p[0].lower() + p[1:]}?"),
            ]
        c, text = self.rng.choice(opts)
        return sp, text, f"before_after/date_{which}/{sp.ans}/{c}", "day"

    def anchor(self, same_o: str | None = None, year: str | None = None) -> Fact | None:
        pool = self.unique
        if same_o is not None:
            pool = [f for f in self.unique if f[2] == same_o]
        if year is not None:
            pool = [f for f in pool if f[3][:4] == year]
        return self.rng.choice(pool) if pool else None

    def anchor_clause(self, a: Fact, lead: str) -> tuple[str, str]:
        """'after Japan visited China' / 'after Japan's visit to China': (phrase, tag)."""
        noun = self.event_noun(a)
        if noun and self.rng.random() < 0.4:
            return f"{lead} {noun}", "noun"
        return f"{lead} {self.event_np(a)}", "clause"

    def q_before_after_event(self) -> tuple[Spec, str, str, str] | None:
        _s, r, o, d = self.rng.choice(self.ok)
        a = self.anchor(o if self.rng.random() < 0.5 else None, d[:4])
        if a is None:
            return None
        which = self.rng.choice(["after", "before"])
        y = a[3][:4]
        if which == "before":
            lo = f"{y}-01-01" if self.name == "mtq" or self.rng.random() < 0.5 else None
            sp = Spec("S", r, o=o, anchor=a, how="before", lo=lo)
            ac, tag = self.anchor_clause(a, "before")
            if lo:
                ac = f"in {y}, {ac}"
        else:
            sp = Spec("S", r, o=o, anchor=a, how="after")
            ac, tag = self.anchor_clause(a, "after")
            if tag == "noun" and self.rng.random() < 0.5:
                ac = "following" + ac[len("after") :]
        opts = [
            ("front", f"{cap(ac)}, who {self.vp(r, o)}?"),
            ("end", f"Who {self.vp(r, o)} {ac}?"),
            ("tell_me", f"Tell me every actor that {self.vp(r, o)} {ac}."),
        ]
        c, text = self.rng.choice(opts)
        return sp, text, f"before_after/event_{which}/{tag}/{c}", "day"

    def q_first_last(self) -> tuple[Spec, str, str, str] | None:
        s, r, o, d = self.rng.choice(self.ok)
        pick = self.rng.choice(["first", "last"])
        sc, lo, hi = self.scope(d)
        kind = self.rng.choice(["S", "S", "O", "T", "T"])
        S, Ob = ent(s), ent(o)
        assert S and Ob
        if kind == "S":
            sp = Spec("S", r, o=o, lo=lo, hi=hi, pick=pick)
            opts = [
                ("first_to", f"Who was the {pick} to {self.vp(r, o, 0)} {sc}?"),
                ("front", f"{cap(sc)}, who {self.vp(r, o)} {pick}?"),
                ("name_the", f"Name the {pick} actor that {self.vp(r, o)} {sc}."),
            ]
            if REL[r][2]:
                be = "were" if Ob.startswith(PLURAL) else "was"
                opts.append(("passive", f"{cap(sc)}, by whom {be} {Ob} {REL[r][2]} {pick}?"))
            lvl = "day"
        elif kind == "O":
            sp = Spec("O", r, s=s, lo=lo, hi=hi, pick=pick)
            opts = [
                ("whom_first", f"Who did {S} {self.vp_gap(r)} {pick} {sc}?"),
                ("front", f"{cap(sc)}, who was the {pick} that {S} {self.vp_gap(r, 1)}?"),
            ]
            lvl = "day"
        else:
            gran = self.rng.choice(["day", "month"])
            sp = Spec("T", r, s=s, o=o, lo=lo, hi=hi, pick=pick, gran=gran)
            unit = gran
            ftime = "for the first time" if pick == "first" else "for the last time"
            opts = [
                ("when_first", f"When did {S} {pick} {self.vp(r, o, 0)} {sc}?"),
                ("which_unit_ftime", f"In which {unit} {sc} did {S} {self.vp(r, o, 0)} {ftime}?"),
                ("front", f"{cap(sc)}, what was the {pick} {unit} on which {S} {self.vp(r, o)}?"),
            ]
            if gran == "month":
                opts[0] = ("month_saw", f"Which month {sc} saw {S} {pick} {self.vp(r, o, 0)}?")
                opts[2] = ("front", f"{cap(sc)}, what was the {pick} month in which {S} {self.vp(r, o)}?")
            lvl = gran
            kind = f"T/{gran}"
        c, text = self.rng.choice(opts)
        return sp, text, f"first_last/{pick}/{kind}/{c}", lvl

    def q_after_first(self) -> tuple[Spec, str, str, str] | None:
        _s, r, o, d = self.rng.choice(self.ok)
        a = self.anchor(o if self.rng.random() < 0.6 else None, d[:4])
        if a is None:
            return None
        sp = Spec("S", r, o=o, anchor=a, how="after", pick="first")
        ac, tag = self.anchor_clause(a, "after")
        same = a[1] == r and a[2] == o
        opts = [
            ("first_after", f"Who was the first to {self.vp(r, o, 0)} {ac}?"),
            ("front_next", f"{cap(ac)}, who {self.vp(r, o)} next?"),
            ("name_next", f"Name whoever next {self.vp(r, o)} {ac}."),
        ]
        if same:
            opts.append(("ellipsis", f"{cap(self.event_np(a))}. Who was next to do so?"))
        c, text = self.rng.choice(opts)
        return sp, text, f"after_first/{tag}/{c}", "day"

    def q_before_last(self) -> tuple[Spec, str, str, str] | None:
        _s, r, o, d = self.rng.choice(self.ok)
        a = self.anchor(o if self.rng.random() < 0.6 else None, d[:4])
        if a is None:
            return None
        sp = Spec("S", r, o=o, anchor=a, how="before", pick="last", extra={"need_in_period": True})
        ac, tag = self.anchor_clause(a, "before")
        ac2, _ = self.anchor_clause(a, "just before")
        opts = [
            ("last_before", f"Who was the last to {self.vp(r, o, 0)} {ac}?"),
            ("had_last", f"Who had most recently {self.perfect(r, o)} {ac2}?"),
            ("front", f"{cap(ac)}, who was the most recent to {self.vp(r, o, 0)}?"),
        ]
        c, text = self.rng.choice(opts)
        return sp, text, f"before_last/{tag}/{c}", "day"

    def perfect(self, r: str, o: str) -> str:
        """Past participle phrase for 'had ...': reuse the past form, fixing the few irregular verbs."""
        p = self.vp(r, o)
        for a, b in (("spoke ", "spoken "), ("gave ", "given "), ("sent ", "sent "), ("met ", "met ")):
            if p.startswith(a):
                p = b + p[len(a) :]
        return p

    def q_equal_multi(self) -> tuple[Spec, str, str, str] | None:
        _s, r, o, d = self.rng.choice(self.ok)
        k = self.rng.choice(["same_day", "same_month", "same_month", "same_year", "next_day", "prev_day", "else"])
        if k == "same_year" and self.name == "bench":
            k = "same_month"
        if k == "else":
            a = self.anchor(o, d[:4])
            if a is None or a[1] != r:
                cands = [f for f in self.unique if f[1] == r and f[2] == o]
                if not cands:
                    return None
                a = self.rng.choice(cands)
            unit = self.rng.choice(["same_day", "same_month"])
            sp = Spec("S", r, o=o, anchor=a, how=unit, exclude=a[0])
            when = "on that same day" if unit == "same_day" else "in that same month"
            text = self.rng.choice(
                [
                    f"{cap(self.event_np(a))} (just once). Who else did so {when}?",
                    f"{cap(self.event_np(a))} on one occasion. Which others did the same {when}?",
                ]
            )
            return sp, text, f"equal_multi/else_{unit}", "day" if unit == "same_day" else "month"
        a = self.anchor(None, d[:4])
        if a is None:
            return None
        sp = Spec("S", r, o=o, anchor=a, how=k)
        ev = self.event_np(a)
        noun = self.event_noun(a)
        if k.startswith("same"):
            unit = k[5:]
            during = "on the day on which" if unit == "day" else f"during the {unit} in which"
            opts = [
                (
                    "same_as",
                    f"Who {self.vp(r, o)} {'on' if unit == 'day' else 'in'} the same {unit} as {noun or 'when ' + ev}?",
                ),
                ("the_unit_that", f"In the {unit} that {ev}, who {self.vp(r, o)}?"),
                (
                    "tell_me",
                    f"Tell me who {self.vp(r, o)} {during} {ev}.",
                ),
            ]
            if unit == "day":
                opts[1] = ("on_the_day", f"On the day {ev}, who {self.vp(r, o)}?")
            lvl = unit
        else:
            rel = "after" if k == "next_day" else "before"
            opts = [
                ("rel_day", f"Who {self.vp(r, o)} on the day {rel} {ev}?"),
                ("front", f"On the day {rel} {noun or ev}, who {self.vp(r, o)}?"),
            ]
            lvl = "day"
        c, text = self.rng.choice(opts)
        return sp, text, f"equal_multi/{k}/{c}", lvl


QTYPE_OF = {
    "equal_ent": "equal",
    "equal_time": "equal",
    "ba_date": "before_after",
    "ba_event": "before_after",
    "first_last": "first_last",
    "after_first": "after_first",
    "before_last": "before_last",
    "equal_multi": "equal_multi",
}
SHARE = {
    "equal_ent": 0.2,
    "equal_time": 0.13,
    "ba_date": 0.08,
    "ba_event": 0.08,
    "first_last": 0.17,
    "after_first": 0.1,
    "before_last": 0.1,
    "equal_multi": 0.14,
}


def load_facts(session: Any) -> list[Fact]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted((x["s"], x["r"], x["o"], x["d"]) for x in rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", choices=sorted(PERIOD), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    db = connect(start_managed=False, ensure_schema=False)
    rng = random.Random(f"{args.seed}-{args.store}")
    out: list[dict[str, Any]] = []
    with db.driver.session(database=db.database, default_access_mode="READ") as session:
        st = Store(load_facts(session))
        gen = Gen(args.store, st, rng)
        plo, phi = PERIOD[args.store]
        total = TARGET[args.store]
        quota = {k: round(v * total) for k, v in SHARE.items()}
        seen: set[str] = set()
        drops: Counter[str] = Counter()
        agree = 0
        for kind in SHARE:
            made, tries = 0, 0
            while made < quota[kind] and tries < 4000:
                tries += 1
                got = getattr(gen, "q_" + kind.replace("ba_", "before_after_"))()
                if got is None:
                    drops["no_anchor"] += 1
                    continue
                sp, text, construction, lvl = got
                if text in seen:
                    drops["duplicate"] += 1
                    continue
                if sp.anchor and not (plo <= sp.anchor[3] <= phi):
                    drops["anchor_out_of_period"] += 1
                    continue
                w = st.window(sp)
                if w is None or (w[0] < plo and sp.pick != "last") or w[1] > phi:
                    drops["window"] += 1
                    continue
                gold, picked = st.gold(sp)
                if not gold or len(gold) > 5:
                    drops["gold_size"] += 1
                    continue
                if sp.pick == "last" and picked is not None and picked < plo:
                    drops["last_out_of_period"] += 1
                    continue
                if sp.how == "before" and sp.pick == "all" and sp.lo is None and st.first_day < plo:
                    drops["unscoped_before"] += 1
                    continue
                check = cypher_check(session, sp, st.last_day, st.first_day)
                if check != gold:
                    drops["check_disagrees"] += 1
                    continue
                agree += 1
                seen.add(text)
                made += 1
                qid = f"{PREFIX[args.store]}{len(out) + 1:03d}"
                qtype = QTYPE_OF[kind]
                out.append(
                    {
                        "quid": qid,
                        "id": qid,
                        "question": text,
                        "answers": gold,
                        "answer_type": "time" if sp.ans == "T" else "entity",
                        "time_level": lvl,
                        "qtype": qtype,
                        "qlabel": "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single",
                        "evidence": [],
                        "construction": construction,
                        "store": args.store,
                        "relation": sp.r,
                        "check": "cypher: "
                        + ("anchor day matched in Cypher, " if sp.anchor else "")
                        + f"{sp.pick} {sp.ans} over window '{sp.how}' with string/duration date compare",
                        "check_agrees": True,
                    }
                )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    stats = {
        "n": len(out),
        "agree": agree,
        "drops": dict(sorted(drops.items())),
        "relations": len({r["relation"] for r in out}),
        "qtype": dict(sorted(Counter(r["qtype"] for r in out).items())),
        "answer_type": dict(sorted(Counter(r["answer_type"] for r in out).items())),
        "gold_sizes": dict(sorted(Counter(len(r["answers"]) for r in out).items())),
        "constructions": dict(sorted(Counter(r["construction"] for r in out).items())),
    }
    print(json.dumps(stats, indent=1))


if __name__ == "__main__":
    main()
