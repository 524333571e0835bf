"""Blind held-out question set 62: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, asked only about 2014-2015)
and ``bench`` (ICEWS14) stores, phrased from scratch, with gold computed in Python over every fact of the store and
re-computed for each question by a second, differently written Cypher query (from the entity side, on date strings,
with first/last and anchors resolved in Cypher).

Run from the worktree root, read-only against the running stores:

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_62.py --store mtq --out <work>/notes/heldout/v62/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_62.py --store bench --out <work>/notes/heldout/v62/blind_icews14.jsonl

Deterministic: seed 20261262, facts sorted before sampling, so a rerun writes byte-identical files.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261262
D = dt.date

# relation -> (past tense clause with {o}, bare infinitive clause with {o}, passive participle clause with {by})
REL: dict[str, tuple[str, str, str]] = {
    "Make_statement": ("made a statement about {o}", "make a statement about {o}", "talked about by {by}"),
    "Consult": ("consulted {o}", "consult {o}", "consulted by {by}"),
    "Make_an_appeal_or_request": ("appealed to {o}", "make an appeal to {o}", "appealed to by {by}"),
    "Express_intent_to_meet_or_negotiate": (
        "said they were willing to meet or negotiate with {o}",
        "signal readiness to meet or negotiate with {o}",
        "offered a meeting or talks by {by}",
    ),
    "Make_a_visit": ("visited {o}", "visit {o}", "visited by {by}"),
    "Host_a_visit": ("hosted a visit by {o}", "host {o} on a visit", "hosted on a visit by {by}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "arrested, detained or charged by {by}",
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}", "praised by {by}"),
    "Criticize_or_denounce": ("criticized {o}", "criticize {o}", "denounced by {by}"),
    "Accuse": ("accused {o}", "accuse {o}", "accused by {by}"),
    "Use_conventional_military_force": (
        "used military force against {o}",
        "use military force against {o}",
        "attacked with military force by {by}",
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}", "drawn into negotiations by {by}"),
    "Express_intent_to_cooperate": (
        "expressed an intention to cooperate with {o}",
        "say they meant to cooperate with {o}",
        "offered cooperation by {by}",
    ),
    "Demand": ("made demands of {o}", "make demands of {o}", "confronted with demands by {by}"),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {o}",
        "cooperate diplomatically with {o}",
        "given diplomatic cooperation by {by}",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        "party to a formal agreement signed by {by}",
    ),
    "Investigate": ("investigated {o}", "investigate {o}", "investigated by {by}"),
    "Discuss_by_telephone": ("spoke on the phone with {o}", "talk by phone with {o}", "phoned by {by}"),
    "Reject": ("rejected {o}", "reject {o}", "rebuffed by {by}"),
    "Make_optimistic_comment": (
        "made an optimistic comment about {o}",
        "comment optimistically on {o}",
        "the subject of optimistic remarks by {by}",
    ),
    "Threaten": ("threatened {o}", "threaten {o}", "threatened by {by}"),
    "Abduct,_hijack,_or_take_hostage": (
        "abducted or took hostage {o}",
        "abduct or take hostage {o}",
        "abducted or taken hostage by {by}",
    ),
    "Meet_at_a_'third'_location": (
        "met {o} at a third location",
        "meet {o} at a third location",
        "met at a third location by {by}",
    ),
    "Make_pessimistic_comment": (
        "made a pessimistic remark about {o}",
        "comment pessimistically on {o}",
        "the subject of pessimistic remarks by {by}",
    ),
    "Engage_in_symbolic_act": (
        "made a symbolic gesture toward {o}",
        "make a symbolic gesture toward {o}",
        "the target of a symbolic act by {by}",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "called on {o} for diplomatic support",
        "call on {o} for diplomatic support",
        "asked for diplomatic support by {by}",
    ),
    "Return,_release_person(s)": ("released people to {o}", "release people to {o}", "handed people back by {by}"),
    "Provide_humanitarian_aid": (
        "sent humanitarian aid to {o}",
        "send humanitarian aid to {o}",
        "given humanitarian aid by {by}",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {o}",
        "express sympathy for {o}",
        "offered condolences by {by}",
    ),
    "Reduce_relations": ("scaled back relations with {o}", "scale back relations with {o}", "snubbed by {by}"),
    "Provide_aid": ("gave aid to {o}", "give aid to {o}", "given aid by {by}"),
    "Impose_administrative_sanctions": (
        "imposed administrative sanctions on {o}",
        "impose administrative sanctions on {o}",
        "hit with administrative sanctions by {by}",
    ),
    "Bring_lawsuit_against": ("sued {o}", "sue {o}", "sued by {by}"),
    "Expel_or_deport_individuals": (
        "expelled or deported people to {o}",
        "expel or deport people to {o}",
        "sent deportees by {by}",
    ),
    "Cooperate_economically": (
        "cooperated economically with {o}",
        "cooperate economically with {o}",
        "an economic partner of {by}",
    ),
    "Physically_assault": ("physically assaulted {o}", "physically assault {o}", "physically assaulted by {by}"),
    "Complain_officially": (
        "lodged an official complaint against {o}",
        "file an official complaint against {o}",
        "the target of an official complaint by {by}",
    ),
    "Use_unconventional_violence": (
        "used unconventional violence against {o}",
        "use unconventional violence against {o}",
        "attacked with unconventional violence by {by}",
    ),
}
# Relations whose passive voice is a plain "was X by" (others read better as "who did r to O").
PASSIVE_OK = {
    "Consult", "Make_a_visit", "Praise_or_endorse", "Criticize_or_denounce", "Accuse", "Investigate", "Threaten",
    "Bring_lawsuit_against", "Physically_assault", "Arrest,_detain,_or_charge_with_legal_action", "Reject",
    "Abduct,_hijack,_or_take_hostage",
}  # fmt: skip
# Noun forms of an event for anchors: "the visit of {s} to {o}".
NOUN = {
    "Make_a_visit": "{s}'s visit to {o}",
    "Sign_formal_agreement": "the signing of a formal agreement between {s} and {o}",
    "Discuss_by_telephone": "the phone call between {s} and {o}",
    "Engage_in_negotiation": "the negotiations {s} held with {o}",
    "Consult": "the consultations {s} held with {o}",
    "Meet_at_a_'third'_location": "the meeting between {s} and {o} at a third location",
    "Criticize_or_denounce": "{s}'s criticism of {o}",
    "Praise_or_endorse": "{s}'s praise of {o}",
    "Bring_lawsuit_against": "the lawsuit {s} brought against {o}",
    "Host_a_visit": "{s}'s hosting of {o}",
}
# Sector entities as a person would say them: "Police (Kenya)" -> "the police in Kenya".
SECTOR = {
    "Police": ("the police in {c}", True),
    "Citizen": ("citizens of {c}", True),
    "Head of Government": ("the head of government of {c}", False),
    "Government": ("the government of {c}", False),
    "Foreign Affairs": ("the foreign ministry of {c}", False),
    "Military": ("the armed forces of {c}", True),
    "Military Personnel": ("military personnel in {c}", True),
    "Protester": ("protesters in {c}", True),
    "Militant": ("militants in {c}", True),
    "Criminal": ("criminals in {c}", True),
    "Media Personnel": ("journalists in {c}", True),
    "Lawyer/Attorney": ("lawyers in {c}", True),
    "Member of Parliament": ("members of parliament in {c}", True),
    "Business": ("businesses in {c}", True),
    "Ministry": ("a ministry of {c}", False),
    "Defense / Security Ministry": ("the defence ministry of {c}", False),
    "Men": ("men in {c}", True),
    "Women": ("women in {c}", True),
    "Children": ("children in {c}", True),
    "Student": ("students in {c}", True),
    "Court Judge": ("a court judge in {c}", False),
    "Legislature": ("the legislature of {c}", False),
    "Employee": ("employees in {c}", True),
    "Armed Rebel": ("armed rebels in {c}", True),
    "Opposition Activist": ("opposition activists in {c}", True),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", False),
    "Other Authorities / Officials": ("officials in {c}", True),
    "Government Official": ("government officials in {c}", True),
    "Activist": ("activists in {c}", True),
    "Terrorist (Al Qaeda)": ("Al Qaeda terrorists", True),
}
THE = {
    "United States", "United Kingdom", "Philippines", "Netherlands", "European Union", "United Nations",
    "Central African Republic", "Democratic Republic of Congo", "Czech Republic", "Dominican Republic",
    "United Arab Emirates", "Gaza Strip", "Occupied Palestinian Territory", "Vatican City", "Kremlin",
    "Taliban", "Muslim Brotherhood", "UN Security Council", "Islamic State", "International Monetary Fund",
    "World Bank", "Ivory Coast", "Red Cross", "African Union", "Arab League", "Pentagon", "Solomon Islands",
    "Maldives", "Comoros", "Seychelles", "Bahamas",
}  # fmt: skip
MONTHS = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
]  # fmt: skip


THE_FIRST = {
    "Council", "High", "State", "National", "Supreme", "Ministry", "Office", "Federal", "Central", "Constitutional",
    "World", "International", "European", "United", "Islamic", "Free", "Committee", "Security", "Association",
    "Commission", "Court", "Royal", "General", "Interior", "Presidential",
}  # fmt: skip
THE_LAST = {
    "Court", "Party", "Council", "Commission", "Service", "Army", "Ministry", "Parliament", "Assembly",
    "Organization", "Agency", "Union", "Committee", "Front", "Movement", "Bank", "Forces", "Brotherhood",
    "Congress", "Senate", "Department", "Fund", "Board", "Authority", "Alliance", "Coalition", "Police",
}  # fmt: skip
COUNTRY = {"Palestinian Territory, Occupied": "the occupied Palestinian territory"}


def say(name: str) -> str | None:
    """How a user would write an entity, or None when it has no natural wording here (skipped)."""
    if "(" not in name:
        words = name.split()
        if name in THE or words[0] in THE_FIRST or words[-1] in THE_LAST:
            return "the " + name
        return name
    if name.count("(") != 1 or not name.endswith(")"):
        return None
    sector, country = name[:-1].split(" (")
    if sector not in SECTOR or country in {"International", "Unspecified"}:
        return None
    c = COUNTRY.get(country, ("the " + country) if country in THE else country)
    return SECTOR[sector][0].format(c=c)


def plural(name: str) -> bool:
    if "(" not in name:
        return False
    sector = name.split(" (")[0]
    return SECTOR.get(sector, ("", False))[1]


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def fmt_day(d: dt.date, style: int) -> str:
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    return d.isoformat()


def fmt_month(y: int, m: int) -> str:
    return f"{MONTHS[m - 1]} {y}"


@dataclass(frozen=True)
class Fact:
    s: str
    r: str
    o: str
    d: dt.date


class KG:
    """Every (subject, relation, object, day) of the store, read once, with the indexes the gold needs."""

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.by_ro: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
        for f in facts:
            self.by_ro[(f.r, f.o)].append(f)
            self.by_sr[(f.s, f.r)].append(f)
            self.by_sro[(f.s, f.r, f.o)].append(f)

    def subjects(self, r: str, o: str, lo: dt.date, hi: dt.date) -> set[str]:
        return {f.s for f in self.by_ro[(r, o)] if lo <= f.d <= hi}

    def objects(self, s: str, r: str, lo: dt.date, hi: dt.date) -> set[str]:
        return {f.o for f in self.by_sr[(s, r)] if lo <= f.d <= hi}

    def days(self, s: str, r: str, o: str, lo: dt.date, hi: dt.date) -> list[dt.date]:
        return sorted({f.d for f in self.by_sro[(s, r, o)] if lo <= f.d <= hi})

    def anchor_day(self, s: str, r: str, o: str) -> dt.date | None:
        """The day of an event that happened exactly once in the whole store (else None: not a usable anchor)."""
        fs = self.by_sro[(s, r, o)]
        return fs[0].d if len(fs) == 1 else None


def read_facts(session: Any) -> list[Fact]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    facts = [Fact(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows]
    facts.sort(key=lambda f: (f.d, f.s, f.r, f.o))
    return facts


# ---------------------------------------------------------------------------------------------------------------
# The second check: one Cypher query per question, written from the other side of the event (entity first),
# on date strings, with first/last and anchors resolved inside Cypher.

CHECK_CYPHER = """
CALL {
  WITH $anchor AS an
  OPTIONAL MATCH (as:Entity {name: an.s})<-[:SUBJECT]-(a:Event {relation: an.r})-[:OBJECT]->(ao:Entity {name: an.o})
  WITH collect(toString(a.valid_from)) AS ad
  RETURN CASE WHEN size(ad) = 1 THEN ad[0] ELSE null END AS ad
}
WITH ad,
  CASE $mode
    WHEN 'after' THEN toString(date(ad) + duration('P1D'))
    WHEN 'before_in_year' THEN substring(ad, 0, 4) + '-01-01'
    WHEN 'same_day' THEN ad
    WHEN 'same_month' THEN substring(ad, 0, 7) + '-01'
    WHEN 'next_day' THEN toString(date(ad) + duration('P1D'))
    ELSE $lo END AS lo,
  CASE $mode
    WHEN 'after' THEN '9999-12-31'
    WHEN 'before_in_year' THEN toString(date(ad) - duration('P1D'))
    WHEN 'same_day' THEN ad
    WHEN 'same_month' THEN toString(date(substring(ad, 0, 7) + '-01') + duration('P1M') - duration('P1D'))
    WHEN 'next_day' THEN toString(date(ad) + duration('P1D'))
    ELSE $hi END AS hi
WHERE $mode = 'window' OR ad IS NOT NULL
MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity)
WHERE e.relation = $r AND e.recorded_to IS NULL
  AND ($s IS NULL OR x.name = $s) AND ($o IS NULL OR y.name = $o)
  AND toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi
WITH CASE $want WHEN 'subject' THEN x.name WHEN 'object' THEN y.name
     ELSE substring(toString(e.valid_from), 0, $tlen) END AS ans,
     toString(e.valid_from) AS day
WHERE $exclude IS NULL OR ans <> $exclude
WITH collect({a: ans, d: day}) AS rows
WITH rows,
  reduce(m = '9999-99-99', x IN rows | CASE WHEN x.d < m THEN x.d ELSE m END) AS dmin,
  reduce(m = '0000-00-00', x IN rows | CASE WHEN x.d > m THEN x.d ELSE m END) AS dmax
UNWIND rows AS x
WITH x, dmin, dmax
WHERE $pick = 'all' OR ($pick = 'first' AND x.d = dmin) OR ($pick = 'last' AND x.d = dmax)
RETURN collect(DISTINCT x.a) AS answers
"""


def check_params(chk: dict[str, Any]) -> dict[str, Any]:
    base = {
        "anchor": {"s": "", "r": "", "o": ""},
        "mode": "window",
        "lo": "0000-01-01",
        "hi": "9999-12-31",
        "s": None,
        "o": None,
        "tlen": 10,
        "exclude": None,
        "pick": "all",
    }
    base.update(chk)
    return base


def describe_check(chk: dict[str, Any]) -> str:
    p = check_params(chk)
    who = {"subject": "subjects", "object": "objects"}.get(p["want"], f"times[:{p['tlen']}]")
    fixed = ", ".join(f"{k}={p[k]}" for k in ("s", "o") if p[k] is not None)
    if p["mode"] == "window":
        span = f"date string in [{p['lo']}, {p['hi']}]"
    else:
        a = p["anchor"]
        span = f"{p['mode']} of the once-only anchor ({a['s']}, {a['r']}, {a['o']}) found in Cypher"
    extra = f", excluding {p['exclude']}" if p["exclude"] else ""
    return f"Cypher from the entity side: {p['pick']} {who} of r={p['r']} with {fixed}, {span}{extra}"


# ---------------------------------------------------------------------------------------------------------------
# Question makers. Each takes (rng, kg, fact) and returns (question, answers, meta) or None.

Made = tuple[str, list[str], dict[str, Any]]


class Gen:
    def __init__(self, kg: KG, rng: random.Random, lo: dt.date, hi: dt.date) -> None:
        self.kg, self.rng, self.lo, self.hi = kg, rng, lo, hi
        self.pool = [f for f in kg.facts if lo <= f.d <= hi and f.r in REL and say(f.s) and say(f.o) and f.s != f.o]
        self.by_ent: dict[str, list[Fact]] = defaultdict(list)
        for f in self.pool:
            self.by_ent[f.s].append(f)
            self.by_ent[f.o].append(f)

    def ds(self, d: dt.date) -> str:
        return fmt_day(d, self.rng.randrange(3))

    def act(self, s: str, r: str, o: str) -> str:
        return f"{say(s)} " + REL[r][0].format(o=say(o))

    def event(self, s: str, r: str, o: str) -> str:
        """An anchor event as a clause or, when the relation has one, a noun phrase (with 'after' etc. in front)."""
        possessive = NOUN.get(r, "").startswith("{s}'s")
        if r in NOUN and self.rng.random() < 0.5 and not (possessive and "(" in s):
            return NOUN[r].format(s=say(s), o=say(o))
        return self.act(s, r, o)

    def who_did(self, r: str, o: str) -> str:
        """'who criticized X' or 'by whom was X criticized' (passive when it reads naturally)."""
        if r in PASSIVE_OK and self.rng.random() < 0.4:
            be = "were" if plural(o) else "was"
            return f"by whom {be} {say(o)} " + REL[r][2].format(by="").replace(" by ", "").rstrip()
        return "who " + REL[r][0].format(o=say(o))

    def whom(self, s: str, r: str) -> str:
        """'whom did X criticize' / 'which parties did X visit'."""
        head = self.rng.choice(["whom", "who", "which parties", "which actors"])
        clause = REL[r][1].format(o="").replace("  ", " ").strip()
        return f"{head} did {say(s)} {clause}"


def window_phrases(rng: random.Random, lo: dt.date, hi: dt.date) -> list[tuple[str, dt.date, dt.date, str]]:
    """(wording, first day, last day, construction) windows whose edges are stated exactly."""
    out = []
    for y in range(lo.year, hi.year + 1):
        for q in range(4):
            m0 = 3 * q + 1
            a = D(y, m0, 1)
            b = (D(y, m0 + 3, 1) if m0 + 3 <= 12 else D(y + 1, 1, 1)) - dt.timedelta(days=1)
            out.append(
                (f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y} "
                 f"({MONTHS[m0 - 1]} to {MONTHS[m0 + 1]})", a, b, "window_quarter")
            )  # fmt: skip
        out.append((f"in the first half of {y} (January through June)", D(y, 1, 1), D(y, 6, 30), "window_half"))
        out.append((f"in the second half of {y} (July through December)", D(y, 7, 1), D(y, 12, 31), "window_half"))
        out.append((f"during the summer of {y} (June, July and August)", D(y, 6, 1), D(y, 8, 31), "window_season"))
        out.append(
            (f"in autumn {y}, meaning September, October and November", D(y, 9, 1), D(y, 11, 30), "window_season")
        )
    return [w for w in out if lo <= w[1] and w[2] <= hi]


NAMED_DAYS = [
    ("New Year's Day", 1, 1),
    ("Valentine's Day", 2, 14),
    ("Christmas Day", 12, 25),
    ("Christmas Eve", 12, 24),
    ("New Year's Eve", 12, 31),
    ("Independence Day in the US (4 July)", 7, 4),
    ("Halloween", 10, 31),
    ("International Women's Day (8 March)", 3, 8),
    ("May Day", 5, 1),
]


def make_questions(kg: KG, rng: random.Random, lo: dt.date, hi: dt.date, plan: dict[str, int]) -> list[dict]:
    g = Gen(kg, rng, lo, hi)
    wins = window_phrases(rng, lo, hi)
    years = list(range(lo.year, hi.year + 1))
    one_year = len(years) == 1

    def ylo(y: int) -> dt.date:
        return max(lo, D(y, 1, 1))

    def yhi(y: int) -> dt.date:
        return min(hi, D(y, 12, 31))

    def month_end(y: int, m: int) -> dt.date:
        return (D(y + 1, 1, 1) if m == 12 else D(y, m + 1, 1)) - dt.timedelta(days=1)

    def iso(d: dt.date) -> str:
        return d.isoformat()

    # --- makers ------------------------------------------------------------------------------------------------
    def eq_subj_day(f: Fact) -> Made | None:
        ans = kg.subjects(f.r, f.o, f.d, f.d)
        d = g.ds(f.d)
        forms = [
            f"{cap(g.who_did(f.r, f.o))} on {d}?",
            f"On {d}, {g.who_did(f.r, f.o)}?",
            f"Tell me who {REL[f.r][0].format(o=say(f.o))} on {d}.",
        ]
        i = rng.randrange(3)
        return forms[i], sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "day",
            "construction": ["equal_day_time_last", "equal_day_time_fronted", "equal_day_imperative"][i],
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": iso(f.d), "hi": iso(f.d)},
        }  # fmt: skip

    def eq_obj_month(f: Fact) -> Made | None:
        a, b = D(f.d.year, f.d.month, 1), month_end(f.d.year, f.d.month)
        ans = kg.objects(f.s, f.r, a, b)
        m = fmt_month(f.d.year, f.d.month)
        if rng.random() < 0.5:
            q = f"In {m}, {g.whom(f.s, f.r)}?"
            c = "equal_month_fronted"
        else:
            q = f"Name everyone that {say(f.s)} {REL[f.r][0].format(o='').strip()} during {m}."
            c = "equal_month_name_the"
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "month", "construction": c,
            "chk": {"want": "object", "r": f.r, "s": f.s, "lo": iso(a), "hi": iso(b)},
        }  # fmt: skip

    def eq_subj_year(f: Fact) -> Made | None:
        y = f.d.year
        ans = kg.subjects(f.r, f.o, D(y, 1, 1), D(y, 12, 31))
        q = rng.choice(
            [
                f"Over the course of {y}, {g.who_did(f.r, f.o)}?",
                f"{cap(g.who_did(f.r, f.o))} at some point in {y}?",
            ]
        )
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "year", "construction": "equal_year",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": f"{y}-01-01", "hi": f"{y}-12-31"},
        }  # fmt: skip

    def eq_window(f: Fact) -> Made | None:
        cands = [w for w in wins if w[1] <= f.d <= w[2]]
        if rng.random() < 0.35 or not cands:
            n = rng.choice([3, 5, 7, 10, 14])
            start = f.d - dt.timedelta(days=rng.randrange(n))
            end = start + dt.timedelta(days=n - 1)
            if start < lo or end > hi:
                return None
            text = f"in the {n} days from {fmt_day(start, 0)} to {fmt_day(end, 0)} (both days included)"
            c = "window_n_days"
        else:
            text, start, end, c = rng.choice(cands)
        if rng.random() < 0.5:
            ans = kg.subjects(f.r, f.o, start, end)
            q = f"{cap(text)}, {g.who_did(f.r, f.o)}?"
            chk = {"want": "subject", "r": f.r, "o": f.o, "lo": iso(start), "hi": iso(end)}
        else:
            ans = kg.objects(f.s, f.r, start, end)
            q = f"Which parties did {say(f.s)} {REL[f.r][1].format(o='').strip()} {text}?"
            chk = {"want": "object", "r": f.r, "s": f.s, "lo": iso(start), "hi": iso(end)}
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "day", "construction": c, "chk": chk,
        }  # fmt: skip

    def eq_named_day(f: Fact) -> Made | None:
        hits = [(n, m, d) for n, m, d in NAMED_DAYS if (f.d.month, f.d.day) == (m, d)]
        if not hits:
            return None
        n = hits[0][0]
        ans = kg.subjects(f.r, f.o, f.d, f.d)
        q = f"On {n} {f.d.year}, {g.who_did(f.r, f.o)}?"
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "day", "construction": "named_day",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": iso(f.d), "hi": iso(f.d)},
        }  # fmt: skip

    def when_day(f: Fact) -> Made | None:
        y = f.d.year
        days = kg.days(f.s, f.r, f.o, D(y, 1, 1), D(y, 12, 31))
        i = rng.randrange(3)
        if i == 2 and f.r not in PASSIVE_OK:
            i = 0
        forms = [
            f"On what date in {y} did {say(f.s)} {REL[f.r][1].format(o=say(f.o))}?",
            f"Which day of {y} saw {say(f.s)} {REL[f.r][1].format(o=say(f.o))}?",
            f"When exactly in {y} (which day) {'were' if plural(f.o) else 'was'} {say(f.o)} "
            + REL[f.r][2].format(by=say(f.s))
            + "?",
        ]
        return forms[i], [iso(x) for x in days], {
            "qtype": "equal", "type": "time", "level": "day",
            "construction": ["when_day", "when_day_time_as_subject", "when_day_passive"][i],
            "chk": {"want": "time", "tlen": 10, "r": f.r, "s": f.s, "o": f.o, "lo": f"{y}-01-01",
                    "hi": f"{y}-12-31"},
        }  # fmt: skip

    def when_month(f: Fact) -> Made | None:
        y = f.d.year
        months = sorted({x.isoformat()[:7] for x in kg.days(f.s, f.r, f.o, D(y, 1, 1), D(y, 12, 31))})
        if rng.random() < 0.5:
            q = f"In {y}, which month saw {say(f.s)} {REL[f.r][1].format(o=say(f.o))}?"
            c = "when_month_time_as_subject"
        else:
            q = f"During which month of {y} did {say(f.s)} {REL[f.r][1].format(o=say(f.o))}?"
            c = "when_month"
        return q, months, {
            "qtype": "equal", "type": "time", "level": "month", "construction": c,
            "chk": {"want": "time", "tlen": 7, "r": f.r, "s": f.s, "o": f.o, "lo": f"{y}-01-01", "hi": f"{y}-12-31"},
        }  # fmt: skip

    def when_year(f: Fact) -> Made | None:
        if one_year:
            return None
        yrs = sorted({x.isoformat()[:4] for x in kg.days(f.s, f.r, f.o, lo, hi)})
        q = f"Was it in 2014 or in 2015 that {g.act(f.s, f.r, f.o)}? Give the year (or both)."
        return q, yrs, {
            "qtype": "equal", "type": "time", "level": "year", "construction": "when_year_choice",
            "chk": {"want": "time", "tlen": 4, "r": f.r, "s": f.s, "o": f.o, "lo": iso(lo), "hi": iso(hi)},
        }  # fmt: skip

    def first_last_entity(f: Fact) -> Made | None:
        y = f.d.year
        first = rng.random() < 0.5
        sel = [x for x in kg.by_ro[(f.r, f.o)] if x.d.year == y]
        pick = min(x.d for x in sel) if first else max(x.d for x in sel)
        ans = {x.s for x in sel if x.d == pick}
        word = "first" if first else "last"
        forms = [
            f"In {y}, who was the {word} to {REL[f.r][1].format(o=say(f.o))}?",
            f"Who {REL[f.r][0].format(o=say(f.o))} {'first' if first else 'most recently'} in {y}?",
            f"Tell me the {word} party that {REL[f.r][0].format(o=say(f.o))} in {y}.",
        ]
        i = rng.randrange(3)
        return forms[i], sorted(ans), {
            "qtype": "first_last", "type": "entity", "level": "day", "construction": f"first_last_entity_{i}",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": f"{y}-01-01", "hi": f"{y}-12-31",
                    "pick": word},
        }  # fmt: skip

    def first_last_time(f: Fact) -> Made | None:
        y = f.d.year
        first = rng.random() < 0.5
        days = kg.days(f.s, f.r, f.o, D(y, 1, 1), D(y, 12, 31))
        if len(days) < 2:
            return None
        pick = days[0] if first else days[-1]
        lvl = rng.choice(["day", "month", "month"])
        tl = 10 if lvl == "day" else 7
        if lvl == "day":
            q = f"What was the {'first' if first else 'last'} day in {y} on which {g.act(f.s, f.r, f.o)}?"
        else:
            q = (
                f"In which month of {y} did {say(f.s)} {REL[f.r][1].format(o=say(f.o))} "
                f"{'for the first time' if first else 'for the last time'}?"
            )
        return q, [iso(pick)[:tl]], {
            "qtype": "first_last", "type": "time", "level": lvl, "construction": f"first_last_time_{lvl}",
            "chk": {"want": "time", "tlen": tl, "r": f.r, "s": f.s, "o": f.o, "lo": f"{y}-01-01",
                    "hi": f"{y}-12-31", "pick": "first" if first else "last"},
        }  # fmt: skip

    def after_date(f: Fact) -> Made | None:
        d = f.d - dt.timedelta(days=rng.randrange(1, 40))
        if d < lo:
            return None
        ans = kg.objects(f.s, f.r, d + dt.timedelta(days=1), D(9999, 12, 31))
        q = rng.choice(
            [
                f"After {g.ds(d)}, {g.whom(f.s, f.r)}?",
                f"List everyone {say(f.s)} {REL[f.r][0].format(o='').strip()} at any time after {g.ds(d)}.",
            ]
        )
        return q, sorted(ans), {
            "qtype": "before_after", "type": "entity", "level": "day", "construction": "after_date",
            "chk": {"want": "object", "r": f.r, "s": f.s, "lo": iso(d + dt.timedelta(days=1))},
        }  # fmt: skip

    def before_date(f: Fact) -> Made | None:
        y = f.d.year
        d = f.d + dt.timedelta(days=rng.randrange(1, 40))
        if d.year != y:
            return None
        ans = kg.subjects(f.r, f.o, D(y, 1, 1), d - dt.timedelta(days=1))
        q = f"Earlier in {y}, before {g.ds(d)}, {g.who_did(f.r, f.o)}?"
        return q, sorted(ans), {
            "qtype": "before_after", "type": "entity", "level": "day", "construction": "before_date_in_year",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": f"{y}-01-01", "hi": iso(d - dt.timedelta(days=1))},
        }  # fmt: skip

    def anchor_for(f: Fact, need_same_year: bool = False) -> Fact | None:
        """A once-only event of the period near f that shares an entity with it (or any, failing that)."""
        near = [
            x
            for x in g.by_ent[f.s] + g.by_ent[f.o]
            if abs((x.d - f.d).days) <= 45
            and (x.s, x.r, x.o) != (f.s, f.r, f.o)
            and kg.anchor_day(x.s, x.r, x.o) is not None
            and (not need_same_year or x.d.year == f.d.year)
        ]
        return rng.choice(near) if near else None

    def after_event(f: Fact) -> Made | None:
        a = anchor_for(f)
        if a is None or a.d >= f.d:
            return None
        ans = kg.subjects(f.r, f.o, a.d + dt.timedelta(days=1), D(9999, 12, 31))
        q = rng.choice(
            [
                f"After {g.event(a.s, a.r, a.o)}, {g.who_did(f.r, f.o)}?",
                f"{cap(g.who_did(f.r, f.o))} in the time after {g.event(a.s, a.r, a.o)}?",
            ]
        )
        return q, sorted(ans), {
            "qtype": "before_after", "type": "entity", "level": "day", "construction": "after_event",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "mode": "after",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def before_event(f: Fact) -> Made | None:
        a = anchor_for(f, need_same_year=True)
        if a is None or a.d <= f.d:
            return None
        y = a.d.year
        ans = kg.objects(f.s, f.r, D(y, 1, 1), a.d - dt.timedelta(days=1))
        q = f"In {y}, before {g.event(a.s, a.r, a.o)}, which parties did {say(f.s)} {REL[f.r][1].format(o='').strip()}?"
        return q, sorted(ans), {
            "qtype": "before_after", "type": "entity", "level": "day", "construction": "before_event_in_year",
            "chk": {"want": "object", "r": f.r, "s": f.s, "mode": "before_in_year",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def after_first(f: Fact) -> Made | None:
        a = anchor_for(f)
        if a is None or a.d >= f.d:
            return None
        sel = [x for x in kg.by_ro[(f.r, f.o)] if x.d > a.d]
        pick = min(x.d for x in sel)
        ans = {x.s for x in sel if x.d == pick}
        forms = [
            f"Who was the next to {REL[f.r][1].format(o=say(f.o))} after {g.event(a.s, a.r, a.o)}?",
            f"Right after {g.event(a.s, a.r, a.o)}, who was the first to {REL[f.r][1].format(o=say(f.o))}?",
        ]
        i = rng.randrange(2)
        return forms[i], sorted(ans), {
            "qtype": "after_first", "type": "entity", "level": "day", "construction": f"after_first_{i}",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "mode": "after", "pick": "first",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def before_last(f: Fact) -> Made | None:
        a = anchor_for(f, need_same_year=True)
        if a is None or a.d <= f.d:
            return None
        y = a.d.year
        sel = [x for x in kg.by_sr[(f.s, f.r)] if D(y, 1, 1) <= x.d < a.d]
        pick = max(x.d for x in sel)
        ans = {x.o for x in sel if x.d == pick}
        forms = [
            f"In {y}, who had {say(f.s)} last {REL[f.r][0].format(o='').strip()} just before {g.event(a.s, a.r, a.o)}?",
            f"Just before {g.event(a.s, a.r, a.o)} ({y}), whom did {say(f.s)} most recently "
            f"{REL[f.r][1].format(o='').strip()} earlier that year?",
        ]
        i = rng.randrange(2)
        return forms[i], sorted(ans), {
            "qtype": "before_last", "type": "entity", "level": "day", "construction": f"before_last_{i}",
            "chk": {"want": "object", "r": f.r, "s": f.s, "mode": "before_in_year", "pick": "last",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def same_period(f: Fact) -> Made | None:
        a = anchor_for(f)
        if a is None:
            return None
        month = rng.random() < 0.5
        if month:
            if (a.d.year, a.d.month) != (f.d.year, f.d.month):
                return None
            s0, e0 = D(a.d.year, a.d.month, 1), month_end(a.d.year, a.d.month)
        else:
            if a.d != f.d:
                return None
            s0 = e0 = a.d
        ans = kg.subjects(f.r, f.o, s0, e0)
        unit = "month" if month else "day"
        q = rng.choice(
            [
                f"{cap(g.who_did(f.r, f.o))} {'in' if month else 'on'} the same {unit} that {g.act(a.s, a.r, a.o)}?",
                f"Which actors {REL[f.r][0].format(o=say(f.o))} during the {unit} when {g.act(a.s, a.r, a.o)}?",
            ]
        )
        return q, sorted(ans), {
            "qtype": "equal_multi", "type": "entity", "level": unit, "construction": f"same_{unit}_as_event",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "mode": f"same_{unit}",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def day_after_event(f: Fact) -> Made | None:
        prev = f.d - dt.timedelta(days=1)
        near = [
            x
            for x in g.by_ent[f.s] + g.by_ent[f.o]
            if x.d == prev and (x.s, x.r, x.o) != (f.s, f.r, f.o) and kg.anchor_day(x.s, x.r, x.o)
        ]
        if not near or prev < lo:
            return None
        a = rng.choice(near)
        ans = kg.subjects(f.r, f.o, f.d, f.d)
        q = f"The day after {g.act(a.s, a.r, a.o)}, {g.who_did(f.r, f.o)}?"
        return q, sorted(ans), {
            "qtype": "equal_multi", "type": "entity", "level": "day", "construction": "day_after_event",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "mode": "next_day",
                    "anchor": {"s": a.s, "r": a.r, "o": a.o}},
        }  # fmt: skip

    def ellipsis_else(f: Fact) -> Made | None:
        ans = kg.subjects(f.r, f.o, f.d, f.d) - {f.s}
        q = f"{cap(g.act(f.s, f.r, f.o))} on {g.ds(f.d)}. Who else did so that same day?"
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "day", "construction": "ellipsis_who_else_same_day",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": iso(f.d), "hi": iso(f.d), "exclude": f.s},
        }  # fmt: skip

    def parenthetical_month(f: Fact) -> Made | None:
        a, b = D(f.d.year, f.d.month, 1), month_end(f.d.year, f.d.month)
        ans = kg.subjects(f.r, f.o, a, b)
        q = (
            f"{cap(say(f.o) or '')} (and I mean in {fmt_month(f.d.year, f.d.month)} only): "
            f"who {REL[f.r][0].format(o='them')}?"
        )
        return q, sorted(ans), {
            "qtype": "equal", "type": "entity", "level": "month", "construction": "parenthetical_topic_first",
            "chk": {"want": "subject", "r": f.r, "o": f.o, "lo": iso(a), "hi": iso(b)},
        }  # fmt: skip

    makers: dict[str, Callable[[Fact], Made | None]] = {
        "eq_subj_day": eq_subj_day,
        "eq_obj_month": eq_obj_month,
        "eq_subj_year": eq_subj_year,
        "eq_window": eq_window,
        "eq_named_day": eq_named_day,
        "when_day": when_day,
        "when_month": when_month,
        "when_year": when_year,
        "first_last_entity": first_last_entity,
        "first_last_time": first_last_time,
        "after_date": after_date,
        "before_date": before_date,
        "after_event": after_event,
        "before_event": before_event,
        "after_first": after_first,
        "before_last": before_last,
        "same_period": same_period,
        "day_after_event": day_after_event,
        "ellipsis_else": ellipsis_else,
        "parenthetical_month": parenthetical_month,
    }
    out: list[dict] = []
    seen: set[str] = set()
    rel_use: Counter[str] = Counter()
    for name, n in plan.items():
        made = 0
        tries = 0
        while made < n and tries < 4000:
            tries += 1
            f = rng.choice(g.pool)
            if rel_use[f.r] >= 10:
                continue
            res = makers[name](f)
            if res is None:
                continue
            q, ans, meta = res
            if not ans or len(ans) > 5 or q in seen or "  " in q:
                continue
            seen.add(q)
            rel_use[f.r] += 1
            made += 1
            out.append({"question": q, "answers": ans, **meta, "maker": name})
        if made < n:
            print(f"warning: {name}: {made}/{n}", file=sys.stderr)
    return out


PLAN_MTQ = {
    "eq_subj_day": 9, "eq_obj_month": 6, "eq_subj_year": 4, "eq_window": 8, "eq_named_day": 2, "when_day": 6,
    "when_month": 5, "when_year": 4, "first_last_entity": 7, "first_last_time": 6, "after_date": 4,
    "before_date": 4, "after_event": 5, "before_event": 4, "after_first": 6, "before_last": 5, "same_period": 6,
    "day_after_event": 3, "ellipsis_else": 3, "parenthetical_month": 3,
}  # fmt: skip
PLAN_BENCH = {
    "eq_subj_day": 6, "eq_obj_month": 4, "eq_subj_year": 2, "eq_window": 6, "eq_named_day": 2, "when_day": 5,
    "when_month": 4, "first_last_entity": 5, "first_last_time": 5, "after_date": 3, "before_date": 3,
    "after_event": 4, "before_event": 3, "after_first": 4, "before_last": 4, "same_period": 5,
    "day_after_event": 2, "ellipsis_else": 2, "parenthetical_month": 2,
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
        lo, hi, plan, prefix = D(2014, 1, 1), D(2015, 12, 31), PLAN_MTQ, "b62m"
    else:
        lo, hi, plan, prefix = D(2014, 1, 1), D(2014, 12, 31), PLAN_BENCH, "b62i"
    with driver.session(database=settings.neo4j_database, default_access_mode="READ") as session:
        kg = KG(read_facts(session))
        rng = random.Random(f"{SEED}-{args.store}")
        qs = make_questions(kg, rng, lo, hi, plan)
        agree = 0
        lines: list[str] = []
        for q in qs:
            chk = check_params(q["chk"])
            row = session.run(CHECK_CYPHER, **chk).single()
            got = row["answers"] if row is not None else []
            ok = sorted(got) == q["answers"]
            if not ok:
                print(f"disagree (dropped): {q['maker']} {q['answers']} vs {sorted(got)}", file=sys.stderr)
                continue
            agree += 1
            quid = f"{prefix}{len(lines):03d}"
            rec = {
                "quid": quid,
                "id": quid,
                "question": q["question"],
                "answers": q["answers"],
                "answer_type": q["type"],
                "time_level": q["level"],
                "qtype": q["qtype"],
                "qlabel": "Single" if len(q["answers"]) == 1 else "Multiple",
                "evidence": [],
                "construction": q["construction"],
                "store": args.store,
                "check": describe_check(q["chk"]),
                "check_agrees": ok,
            }
            lines.append(json.dumps(rec, ensure_ascii=False, sort_keys=True))
    driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(
        f"{args.store}: {len(qs)} generated, {agree} agree with the second check, {len(lines)} written", file=sys.stderr
    )


if __name__ == "__main__":
    main()
