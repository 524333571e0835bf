"""Blind held-out question set 21: MultiTQ-style questions over the `mtq` (ICEWS05-15, partial before 2013-11-18)
and `bench` (ICEWS14) stores, written with constructions of our own, with gold answers computed from the store.

Why: the reader is tuned on MultiTQ phrasings; this set measures it on wordings it never saw. Gold is computed in
Python over one read of every (subject, relation, object, day) in the store; every gold is then recomputed by a
second, differently written Cypher query per question (object-side matches, date strings, aggregation in Cypher)
and questions whose two golds disagree are dropped. Deterministic: the same stores and seed give byte-identical files.

Usage (read-only; the managed instance must already run):
  TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
    python benchmarks/make_blind_phrasings_21.py --store mtq --out <dir>/blind_mtq.jsonl
  TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
    python benchmarks/make_blind_phrasings_21.py --store bench --out <dir>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import json
import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261221
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

# relation -> (past tense with {o}, base form with {o}, passive with {o}, noun phrase with {o})
REL: dict[str, tuple[str, str, str, str]] = {
    "Make_statement": (
        "made a public statement about {o}",
        "make a statement about {o}",
        "a public statement was made about {o}",
        "a statement about {o}",
    ),
    "Consult": ("consulted {o}", "consult {o}", "{o} was consulted", "consultations with {o}"),
    "Make_an_appeal_or_request": (
        "appealed to {o}",
        "make an appeal to {o}",
        "an appeal was made to {o}",
        "an appeal to {o}",
    ),
    "Express_intent_to_meet_or_negotiate": (
        "offered to meet or negotiate with {o}",
        "offer to meet or negotiate with {o}",
        "talks were offered to {o}",
        "an offer of talks to {o}",
    ),
    "Make_a_visit": ("visited {o}", "visit {o}", "{o} was visited", "a visit to {o}"),
    "Host_a_visit": ("hosted {o}", "host {o}", "{o} was hosted", "hosting {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "{o} was arrested, detained or charged",
        "the arrest or detention of {o}",
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}", "{o} was praised", "praise for {o}"),
    "Criticize_or_denounce": ("criticized {o}", "criticize {o}", "{o} was criticized", "criticism of {o}"),
    "Use_conventional_military_force": (
        "used military force against {o}",
        "use military force against {o}",
        "military force was used against {o}",
        "military force against {o}",
    ),
    "Engage_in_negotiation": (
        "negotiated with {o}",
        "negotiate with {o}",
        "negotiations were held with {o}",
        "talks with {o}",
    ),
    "Accuse": ("accused {o}", "accuse {o}", "{o} was accused", "accusations against {o}"),
    "Use_unconventional_violence": (
        "used unconventional violence against {o}",
        "use unconventional violence against {o}",
        "unconventional violence was used against {o}",
        "unconventional violence against {o}",
    ),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {o}",
        "cooperate diplomatically with {o}",
        "diplomatic cooperation was extended to {o}",
        "diplomatic cooperation with {o}",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        "a formal agreement was signed with {o}",
        "a formal agreement with {o}",
    ),
    "Express_intent_to_cooperate": (
        "expressed an intention to cooperate with {o}",
        "express an intention to cooperate with {o}",
        "cooperation was offered to {o}",
        "an offer of cooperation to {o}",
    ),
    "Demand": ("made demands of {o}", "make demands of {o}", "demands were made of {o}", "demands on {o}"),
    "Investigate": ("investigated {o}", "investigate {o}", "{o} was investigated", "an investigation into {o}"),
    "Make_optimistic_comment": (
        "spoke optimistically about {o}",
        "speak optimistically about {o}",
        "optimistic remarks were made about {o}",
        "an optimistic comment about {o}",
    ),
    "Reject": ("rejected {o}", "reject {o}", "{o} was rebuffed", "a rejection of {o}"),
    "Discuss_by_telephone": (
        "talked on the phone with {o}",
        "have a phone call with {o}",
        "a phone call was held with {o}",
        "a phone call with {o}",
    ),
    "Make_pessimistic_comment": (
        "made a pessimistic remark about {o}",
        "make a pessimistic remark about {o}",
        "pessimistic remarks were made about {o}",
        "a pessimistic remark about {o}",
    ),
    "Threaten": ("threatened {o}", "threaten {o}", "{o} was threatened", "threats against {o}"),
    "Meet_at_a_'third'_location": (
        "met {o} at a third location",
        "meet {o} on neutral ground",
        "{o} was met at a third location",
        "a meeting with {o} at a third location",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {o}",
        "express sympathy for {o}",
        "sympathy was expressed for {o}",
        "sympathy for {o}",
    ),
    "Provide_humanitarian_aid": (
        "gave humanitarian aid to {o}",
        "give humanitarian aid to {o}",
        "humanitarian aid was given to {o}",
        "humanitarian aid to {o}",
    ),
    "Provide_aid": ("provided aid to {o}", "provide aid to {o}", "aid was provided to {o}", "aid to {o}"),
    "Reduce_relations": (
        "scaled back relations with {o}",
        "scale back relations with {o}",
        "relations with {o} were scaled back",
        "a downgrade of relations with {o}",
    ),
    "Physically_assault": (
        "physically assaulted {o}",
        "physically assault {o}",
        "{o} was physically assaulted",
        "a physical assault on {o}",
    ),
    "Employ_aerial_weapons": (
        "carried out air strikes against {o}",
        "carry out air strikes against {o}",
        "air strikes were carried out against {o}",
        "air strikes against {o}",
    ),
    "Cooperate_economically": (
        "cooperated economically with {o}",
        "cooperate economically with {o}",
        "economic cooperation was extended to {o}",
        "economic cooperation with {o}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed sanctions, an embargo or a boycott on {o}",
        "impose sanctions, an embargo or a boycott on {o}",
        "sanctions, an embargo or a boycott were imposed on {o}",
        "sanctions against {o}",
    ),
    "Bring_lawsuit_against": ("sued {o}", "sue {o}", "{o} was sued", "a lawsuit against {o}"),
    "Threaten_with_military_force": (
        "threatened {o} with military force",
        "threaten {o} with military force",
        "{o} was threatened with military force",
        "military threats against {o}",
    ),
    "Provide_military_aid": (
        "gave military aid to {o}",
        "give military aid to {o}",
        "military aid was given to {o}",
        "military aid to {o}",
    ),
    "Confiscate_property": (
        "confiscated property of {o}",
        "confiscate property of {o}",
        "property of {o} was confiscated",
        "the confiscation of property of {o}",
    ),
    "Express_intent_to_cooperate_economically": (
        "expressed an intention to cooperate economically with {o}",
        "express an intention to cooperate economically with {o}",
        "economic cooperation was offered to {o}",
        "an offer of economic cooperation to {o}",
    ),
}

SECTOR = {
    "Citizen": ("citizens of {c}", "{d} citizens"),
    "Police": ("the police in {c}", "the {d} police"),
    "Government": ("the government of {c}", "the {d} government"),
    "Head of Government": ("the head of government of {c}", "the {d} head of government"),
    "Military": ("the armed forces of {c}", "the {d} military"),
    "Foreign Affairs": ("the foreign ministry of {c}", "the {d} foreign ministry"),
    "Lawyer/Attorney": ("lawyers in {c}", "{d} lawyers"),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", "the {d} cabinet"),
    "Militant": ("militants in {c}", "{d} militants"),
    "Armed Rebel": ("armed rebels in {c}", "{d} armed rebels"),
    "Protester": ("protesters in {c}", "{d} protesters"),
    "Member of Parliament": ("members of parliament in {c}", "{d} members of parliament"),
    "Legislature": ("the legislature of {c}", "the {d} legislature"),
    "Defense / Security Ministry": ("the defence ministry of {c}", "the {d} defence ministry"),
    "Student": ("students in {c}", "{d} students"),
    "Labor Union": ("labour unions in {c}", "{d} labour unions"),
    "Activist": ("activists in {c}", "{d} activists"),
    "Election Commission": ("the election commission of {c}", "the {d} election commission"),
    "Children": ("children in {c}", "{d} children"),
    "Women": ("women in {c}", "{d} women"),
}
DEMONYM = {
    "Kenya": "Kenyan",
    "India": "Indian",
    "Germany": "German",
    "China": "Chinese",
    "Russia": "Russian",
    "France": "French",
    "Japan": "Japanese",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Iraq": "Iraqi",
    "Iran": "Iranian",
    "Egypt": "Egyptian",
    "Turkey": "Turkish",
    "Afghanistan": "Afghan",
    "Ukraine": "Ukrainian",
    "Syria": "Syrian",
    "Israel": "Israeli",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Australia": "Australian",
    "Thailand": "Thai",
    "Bangladesh": "Bangladeshi",
    "Italy": "Italian",
    "Greece": "Greek",
    "Spain": "Spanish",
    "Canada": "Canadian",
    "United States": "American",
    "United Kingdom": "British",
    "Malaysia": "Malaysian",
    "Indonesia": "Indonesian",
    "South Korea": "South Korean",
    "South Africa": "South African",
    "Philippines": "Philippine",
}
THE = (
    "United ",
    "European ",
    "Philippines",
    "Netherlands",
    "Central African",
    "Democratic Republic",
    "Islamic State",
    "Taliban",
    "Congo",
    "Gambia",
    "Vatican",
    "Czech Republic",
    "Dominican Republic",
    "UN ",
    "African Union",
    "Middle East",
)
THE_WORDS = (
    "Council",
    "Union",
    "Party",
    "Forces",
    "Office",
    "Commission",
    "Ministry",
    "Organization",
    "Agency",
    "Bank",
)


def phrase(name: str, rng: random.Random) -> str | None:
    """How a person would write the entity; None when there is no natural way (the entity is then not asked about)."""
    if "(" in name:
        if not name.endswith(")"):
            return None
        sector, country = name[:-1].rsplit(" (", 1)
        if sector not in SECTOR or not plain_name(country):
            return None
        plain, dem = SECTOR[sector]
        if country in DEMONYM and rng.random() < 0.5:
            return dem.format(d=DEMONYM[country])
        return plain.format(c=with_the(country))
    if not plain_name(name):
        return None
    return with_the(name)


def plain_name(name: str) -> bool:
    """A name a person could type as is: no codes, qualifiers or placeholder actors."""
    if any(ch in name for ch in '()/_;:,"') or len(name) > 40 or name in ("International", "Africa"):
        return False
    return not any(w in name for w in ("Unidentified", "Xinjiang", "Unknown", "Other "))


def with_the(name: str) -> str:
    if name.startswith(THE) or any(w in name.split() for w in THE_WORDS):
        return f"the {name}"
    return name


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def fmt_day(d: str, rng: random.Random, weekday: bool = True) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    k = rng.randrange(4 if weekday else 3)
    if k == 0:
        return f"{dd} {MONTHS[m - 1]} {y}"
    if k == 1:
        return f"{MONTHS[m - 1]} {dd}, {y}"
    if k == 2:
        return d
    wd = WEEKDAYS[dt.date(y, m, dd).weekday()]
    return f"{wd}, {dd} {MONTHS[m - 1]} {y}"


def fmt_month(m: str, rng: random.Random) -> str:
    name = MONTHS[int(m[5:7]) - 1]
    return f"{name} {m[:4]}" if rng.random() < 0.8 else f"{name} of {m[:4]}"


def add_days(d: str, n: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=n)).isoformat()


def month_end(m: str) -> str:
    y, mm = int(m[:4]), int(m[5:7])
    nxt = dt.date(y + (mm == 12), mm % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


# ------------------------------------------------------------------------------------------------- the facts
class KG:
    """Every fact of the store, indexed for gold computation (days are ISO strings, so string order is time order)."""

    def __init__(self, facts: list[tuple[str, str, str, str]]) -> None:
        self.facts = sorted(set(facts))
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (r, o) -> [(day, s)]
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (s, r) -> [(day, o)]
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)  # (s, r, o) -> [day]
        for s, r, o, d in self.facts:
            self.ro[(r, o)].append((d, s))
            self.sr[(s, r)].append((d, o))
            self.sro[(s, r, o)].append(d)
        for idx in (self.ro, self.sr):
            for v in idx.values():
                v.sort()
        for days in self.sro.values():
            days.sort()

    def subjects(self, r: str, o: str, lo: str, hi: str) -> list[str]:
        evs = self.ro.get((r, o), [])
        i = bisect.bisect_left(evs, (lo, ""))
        out = set()
        for d, s in evs[i:]:
            if d > hi:
                break
            out.add(s)
        return sorted(out)

    def objects(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for d, o in self.sr.get((s, r), []) if lo <= d <= hi})

    def days_ro(self, r: str, o: str, lo: str, hi: str) -> list[str]:
        return sorted({d for d, _ in self.ro.get((r, o), []) if lo <= d <= hi})


def read_facts(session: neo4j.Session) -> list[tuple[str, str, str, str]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.valid_from IS NOT NULL "
        "RETURN coalesce(s.name, s.key) AS s, e.relation AS r, coalesce(o.name, o.key) AS o, e.valid_from AS d"
    )
    return [(x["s"], x["r"], x["o"], x["d"].iso_format()) for x in session.run(q)]


# ------------------------------------------------------------------------------------------------- builders
Q = dict[str, Any]


class Gen:
    def __init__(self, kg: KG, rng: random.Random, lo: str, hi: str, store: str) -> None:
        self.kg, self.rng, self.lo, self.hi, self.store = kg, rng, lo, hi, store
        self.years = sorted({int(lo[:4]), int(hi[:4])})
        # facts inside the asked period with a phrasable relation, the material every question starts from
        self.pool = [f for f in kg.facts if lo <= f[3] <= hi and f[1] in REL]
        self.by_day: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.pool:
            self.by_day[f[3]].append(f)
        self.ph: dict[str, str | None] = {}

    def p(self, name: str) -> str | None:
        if name not in self.ph:
            self.ph[name] = phrase(name, random.Random(f"{SEED}:{name}"))
        return self.ph[name]

    def pick(self) -> tuple[str, str, str, str]:
        return self.pool[self.rng.randrange(len(self.pool))]

    def unique_anchor(self) -> tuple[str, str, str, str] | None:
        """A fact whose (s, r, o) happens exactly once in the WHOLE store, inside the asked period."""
        s, r, o, d = self.pick()
        if len(self.kg.sro[(s, r, o)]) != 1 or self.p(s) is None or self.p(o) is None:
            return None
        return s, r, o, d

    def clause(self, s: str, r: str, o: str) -> str:
        return f"{self.p(s)} {REL[r][0].format(o=self.p(o))}"


def q(question: str, answers: list[str], atype: str, level: str, qtype: str, construction: str, check: Q) -> Q:
    label = "Single" if qtype in ("equal", "before_after", "first_last") else "Multiple"
    return {
        "question": question,
        "answers": answers,
        "answer_type": atype,
        "time_level": level,
        "qtype": qtype,
        "qlabel": label,
        "construction": construction,
        "check": check,
    }


def c_eq_day_who(g: Gen) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    gold = g.kg.subjects(r, o, d, d)
    day = fmt_day(d, g.rng)
    k = g.rng.randrange(3)
    if k == 0:
        text = f"Who {REL[r][0].format(o=po)} on {day}?"
    elif k == 1:
        text = f"On {day}, who {REL[r][0].format(o=po)}?"
    else:
        text = f"{cap(REL[r][2].format(o=po))} on {day} - by whom?"
    return q(text, gold, "entity", "day", "equal", "equal_day_who", {"kind": "subj", "r": r, "o": o, "lo": d, "hi": d})


def c_eq_month_who(g: Gen) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    m = d[:7]
    gold = g.kg.subjects(r, o, m + "-01", month_end(m))
    mon = fmt_month(m, g.rng)
    k = g.rng.randrange(3)
    if k == 0:
        text = f"In {mon}, {REL[r][2].format(o=po)} by whom?"
    elif k == 1:
        text = f"Name everyone who {REL[r][0].format(o=po)} during {mon}."
    else:
        text = f"Which actors were behind {REL[r][3].format(o=po)} in {mon}?"
    return q(
        text,
        gold,
        "entity",
        "month",
        "equal",
        "equal_month_who",
        {"kind": "subj", "r": r, "o": o, "lo": m + "-01", "hi": month_end(m)},
    )


def c_eq_year_who(g: Gen) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    y = d[:4]
    gold = g.kg.subjects(r, o, y + "-01-01", y + "-12-31")
    text = g.rng.choice(
        [
            f"Over the course of {y}, who {REL[r][0].format(o=po)}?",
            f"Tell me who {REL[r][0].format(o=po)} in {y}.",
        ]
    )
    return q(
        text,
        gold,
        "entity",
        "year",
        "equal",
        "equal_year_who",
        {"kind": "subj", "r": r, "o": o, "lo": y + "-01-01", "hi": y + "-12-31"},
    )


def c_eq_obj_month(g: Gen) -> Q | None:
    s, r, _o, d = g.pick()
    ps = g.p(s)
    if ps is None:
        return None
    m = d[:7]
    gold = g.kg.objects(s, r, m + "-01", month_end(m))
    mon = fmt_month(m, g.rng)
    text = g.rng.choice(
        [
            f"In {mon}, whom did {ps} {REL[r][1].format(o='').strip()}?",
            f"Which parties did {ps} {REL[r][1].format(o='').strip()} in {mon}?",
        ]
    )
    return q(
        text,
        gold,
        "entity",
        "month",
        "equal",
        "equal_month_whom",
        {"kind": "obj", "s": s, "r": r, "lo": m + "-01", "hi": month_end(m)},
    )


def c_window(g: Gen) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    n = g.rng.choice([3, 5, 7, 10, 14])
    start = add_days(d, -g.rng.randrange(n))
    end = add_days(start, n - 1)
    if start < g.lo or end > g.hi:
        return None
    gold = g.kg.subjects(r, o, start, end)
    a, b = fmt_day(start, g.rng), fmt_day(end, g.rng)
    k = g.rng.randrange(3)
    if k == 0:
        text = f"Between {a} and {b} (both days included), who {REL[r][0].format(o=po)}?"
    elif k == 1:
        text = f"Who {REL[r][0].format(o=po)} in the {n} days from {a} through {b}?"
    else:
        text = f"List the parties that {REL[r][0].format(o=po)} from {a} to {b} inclusive."
    return q(
        text, gold, "entity", "day", "equal", "window_days", {"kind": "subj", "r": r, "o": o, "lo": start, "hi": end}
    )


def c_period(g: Gen) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    y, m = int(d[:4]), int(d[5:7])
    k = g.rng.randrange(3)
    if k == 0:
        qn = (m - 1) // 3 + 1
        lo, hi = f"{y}-{3 * qn - 2:02d}-01", month_end(f"{y}-{3 * qn:02d}")
        nth = ["first", "second", "third", "fourth"][qn - 1]
        label = f"the {nth} quarter of {y} ({MONTHS[3 * qn - 3]} to {MONTHS[3 * qn - 1]})"
    elif k == 1:
        h = 1 if m <= 6 else 2
        lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
        months = "January to June" if h == 1 else "July to December"
        label = f"the {'first' if h == 1 else 'second'} half of {y} ({months})"
    else:
        if m in (6, 7, 8):
            lo, hi, label = f"{y}-06-01", f"{y}-08-31", f"summer {y} (June, July and August)"
        elif m in (9, 10, 11):
            lo, hi, label = f"{y}-09-01", f"{y}-11-30", f"autumn {y} (September, October and November)"
        elif m in (3, 4, 5):
            lo, hi, label = f"{y}-03-01", f"{y}-05-31", f"spring {y} (March, April and May)"
        else:
            return None
    gold = g.kg.subjects(r, o, lo, hi)
    text = g.rng.choice(
        [
            f"Who {REL[r][0].format(o=po)} in {label}?",
            f"During {label}, which actors {REL[r][0].format(o=po)}?",
        ]
    )
    return q(
        text,
        gold,
        "entity",
        "day",
        "equal",
        "quarter_half_season",
        {"kind": "subj", "r": r, "o": o, "lo": lo, "hi": hi},
    )


NAMED = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "05-01": "May Day (1 May)",
    "07-04": "the Fourth of July",
    "10-31": "Halloween (31 October)",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
}


def c_named_day(g: Gen) -> Q | None:
    y = g.rng.choice(g.years)
    md = g.rng.choice(sorted(NAMED))
    d = f"{y}-{md}"
    cands = [f for f in g.by_day.get(d, []) if g.p(f[2]) is not None]
    if not cands:
        return None
    _s, r, o, _ = cands[g.rng.randrange(len(cands))]
    gold = g.kg.subjects(r, o, d, d)
    po = g.p(o)
    text = g.rng.choice(
        [
            f"On {NAMED[md]} {y}, who {REL[r][0].format(o=po)}?",
            f"Who {REL[r][0].format(o=po)} on {NAMED[md]} {y}?",
        ]
    )
    return q(text, gold, "entity", "day", "equal", "named_day", {"kind": "subj", "r": r, "o": o, "lo": d, "hi": d})


def c_when(g: Gen, level: str) -> Q | None:
    s, r, o, d = g.pick()
    ps, po = g.p(s), g.p(o)
    if ps is None or po is None:
        return None
    y = d[:4]
    if level == "year":
        lo, hi = g.lo, g.hi
    else:
        lo, hi = y + "-01-01", y + "-12-31"
    days = [x for x in g.kg.sro[(s, r, o)] if lo <= x <= hi]
    cut = {"day": 10, "month": 7, "year": 4}[level]
    gold = sorted({x[:cut] for x in days})
    base = REL[r][1].format(o=po)
    if level == "day":
        text = g.rng.choice(
            [
                f"On which day in {y} did {ps} {base}?",
                f"In {y}, what was the date when {ps} {REL[r][0].format(o=po)}?",
            ]
        )
        cons = "when_day"
    elif level == "month":
        text = g.rng.choice(
            [
                f"Which month of {y} saw {ps} {base}?",
                f"{ps} {REL[r][0].format(o=po)} at some point in {y} - in which month?",
            ]
        )
        text = cap(text)
        cons = "when_month"
    else:
        if len(g.years) < 2:
            return None
        text = f"Was it in {g.years[0]} or in {g.years[1]} that {ps} {REL[r][0].format(o=po)}?"
        cons = "when_year"
        if len(gold) != 1:
            return None
    return q(
        text,
        gold,
        "time",
        level,
        "equal",
        cons,
        {"kind": "when", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "cut": cut},
    )


def scope(g: Gen, d: str) -> tuple[str, str, str]:
    y = d[:4]
    return y + "-01-01", y + "-12-31", y


def c_first_last_who(g: Gen, first: bool) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    lo, hi, y = scope(g, d)
    days = g.kg.days_ro(r, o, lo, hi)
    t = days[0] if first else days[-1]
    gold = g.kg.subjects(r, o, t, t)
    if first:
        text = g.rng.choice(
            [
                f"Who was the first to {REL[r][1].format(o=po)} in {y}?",
                f"In {y}, who {REL[r][0].format(o=po)} before anyone else did?",
            ]
        )
    else:
        text = g.rng.choice(
            [
                f"Who was the last to {REL[r][1].format(o=po)} in {y}?",
                f"Of all who {REL[r][0].format(o=po)} in {y}, who did so last?",
            ]
        )
    return q(
        text,
        gold,
        "entity",
        "day",
        "first_last",
        "first_who" if first else "last_who",
        {"kind": "firstlast_subj", "r": r, "o": o, "lo": lo, "hi": hi, "first": first},
    )


def c_first_last_time(g: Gen, first: bool, level: str) -> Q | None:
    s, r, o, d = g.pick()
    ps, po = g.p(s), g.p(o)
    if ps is None or po is None:
        return None
    lo, hi, y = scope(g, d)
    days = [x for x in g.kg.sro[(s, r, o)] if lo <= x <= hi]
    if len(days) < 2:
        return None
    cut = 10 if level == "day" else 7
    t = (days[0] if first else days[-1])[:cut]
    base = REL[r][1].format(o=po)
    if level == "month":
        text = (
            f"In which month of {y} did {ps} {base} for the first time?"
            if first
            else f"Which was the last month of {y} in which {ps} {REL[r][0].format(o=po)}?"
        )
    else:
        text = (
            f"When, in {y}, did {ps} first {base}? Give the day."
            if first
            else f"Tell me the date {ps} last {REL[r][0].format(o=po)} in {y}."
        )
    return q(
        text,
        [t],
        "time",
        level,
        "first_last",
        ("first" if first else "last") + f"_time_{level}",
        {"kind": "firstlast_time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "first": first, "cut": cut},
    )


def c_before_after_date(g: Gen, after: bool) -> Q | None:
    _s, r, o, d = g.pick()
    po = g.p(o)
    if po is None:
        return None
    pivot = add_days(d, g.rng.randrange(-20, 20))
    y = pivot[:4]
    if not (g.lo <= pivot <= g.hi):
        return None
    if after:
        lo, hi = add_days(pivot, 1), "9999-12-31"
        text = g.rng.choice(
            [
                f"After {fmt_day(pivot, g.rng)}, who {REL[r][0].format(o=po)}?",
                f"Which actors {REL[r][0].format(o=po)} at any time after {fmt_day(pivot, g.rng)}?",
            ]
        )
    else:
        lo, hi = y + "-01-01", add_days(pivot, -1)
        text = g.rng.choice(
            [
                f"In {y}, but before {fmt_day(pivot, g.rng)}, who {REL[r][0].format(o=po)}?",
                f"Who {REL[r][0].format(o=po)} between the start of {y} and {fmt_day(pivot, g.rng)} "
                "(that day not included)?",
            ]
        )
    if lo > hi:
        return None
    gold = g.kg.subjects(r, o, lo, hi)
    return q(
        text,
        gold,
        "entity",
        "day",
        "before_after",
        "after_date" if after else "before_date",
        {"kind": "subj", "r": r, "o": o, "lo": lo, "hi": hi},
    )


def c_before_after_event(g: Gen, after: bool) -> Q | None:
    a = g.unique_anchor()
    if a is None:
        return None
    s1, r1, o1, d1 = a
    s, r, o, _d = g.pick()
    po = g.p(o)
    if po is None or (s, r, o) == (s1, r1, o1):
        return None
    anchor = g.clause(s1, r1, o1)
    if after:
        lo, hi = add_days(d1, 1), "9999-12-31"
        text = g.rng.choice(
            [
                f"Who {REL[r][0].format(o=po)} after {anchor}?",
                f"Once {anchor}, which actors went on to {REL[r][1].format(o=po)}?",
            ]
        )
    else:
        y = d1[:4]
        lo, hi = y + "-01-01", add_days(d1, -1)
        text = g.rng.choice(
            [
                f"Earlier in the same year in which {anchor}, but before that happened, who {REL[r][0].format(o=po)}?",
                f"In {y}, who had {REL[r][0].format(o=po)} before {anchor}?",
            ]
        )
    if lo > hi:
        return None
    gold = g.kg.subjects(r, o, lo, hi)
    return q(
        text,
        gold,
        "entity",
        "day",
        "before_after",
        "after_event" if after else "before_event",
        {
            "kind": "rel_anchor",
            "a": [s1, r1, o1],
            "r": r,
            "o": o,
            "mode": "after" if after else "before_year",
        },
    )


def c_after_first(g: Gen) -> Q | None:
    a = g.unique_anchor()
    if a is None:
        return None
    s1, r, o, d1 = a
    po = g.p(o)
    nxt = [d for d, _ in g.kg.ro[(r, o)] if d > d1]
    if not nxt:
        return None
    t = nxt[0]
    gold = g.kg.subjects(r, o, t, t)
    ps1 = g.p(s1) or s1
    text = g.rng.choice(
        [
            f"After {ps1}, who was the next to {REL[r][1].format(o=po)}?",
            f"{cap(ps1)} {REL[r][0].format(o=po)}; who did so next?",
            f"Following {ps1}, which party was next in line to {REL[r][1].format(o=po)}?",
        ]
    )
    return q(
        text, gold, "entity", "day", "after_first", "after_first", {"kind": "nextprev", "a": [s1, r, o], "next": True}
    )


def c_before_last(g: Gen) -> Q | None:
    a = g.unique_anchor()
    if a is None:
        return None
    s1, r, o, d1 = a
    po = g.p(o)
    y = d1[:4]
    prev = [d for d, _ in g.kg.ro[(r, o)] if y + "-01-01" <= d < d1]
    if not prev:
        return None
    t = prev[-1]
    gold = g.kg.subjects(r, o, t, t)
    ps1 = g.p(s1) or s1
    text = g.rng.choice(
        [
            f"In {y}, who last {REL[r][0].format(o=po)} just before {ps1} did?",
            f"Who was the most recent to {REL[r][1].format(o=po)} before {ps1} did so in {y}?",
        ]
    )
    return q(
        text, gold, "entity", "day", "before_last", "before_last", {"kind": "nextprev", "a": [s1, r, o], "next": False}
    )


def c_same(g: Gen, level: str) -> Q | None:
    a = g.unique_anchor()
    if a is None:
        return None
    s1, r1, o1, d1 = a
    s, r, o, _d = g.pick()
    po = g.p(o)
    if po is None or (s, r, o) == (s1, r1, o1):
        return None
    anchor = g.clause(s1, r1, o1)
    if level == "month":
        m = d1[:7]
        lo, hi = m + "-01", month_end(m)
        text = g.rng.choice(
            [
                f"Who {REL[r][0].format(o=po)} in the same month as {anchor}?",
                f"In the month when {anchor}, who {REL[r][0].format(o=po)}?",
            ]
        )
    else:
        lo = hi = d1
        text = g.rng.choice(
            [
                f"On the same day that {anchor}, who {REL[r][0].format(o=po)}?",
                f"Who {REL[r][0].format(o=po)} on the very day {anchor}?",
            ]
        )
    gold = g.kg.subjects(r, o, lo, hi)
    return q(
        text,
        gold,
        "entity",
        level,
        "equal_multi",
        f"same_{level}",
        {"kind": "rel_anchor", "a": [s1, r1, o1], "r": r, "o": o, "mode": f"same_{level}"},
    )


def c_day_after(g: Gen) -> Q | None:
    a = g.unique_anchor()
    if a is None:
        return None
    s1, r1, o1, d1 = a
    nd = add_days(d1, 1)
    cands = [f for f in g.by_day.get(nd, []) if g.p(f[2]) is not None and f[:3] != (s1, r1, o1)]
    if not cands or nd > g.hi:
        return None
    _s, r, o, _ = cands[g.rng.randrange(len(cands))]
    po = g.p(o)
    anchor = g.clause(s1, r1, o1)
    gold = g.kg.subjects(r, o, nd, nd)
    text = g.rng.choice(
        [
            f"The day after {anchor}, who {REL[r][0].format(o=po)}?",
            f"Who {REL[r][0].format(o=po)} one day after {anchor}?",
        ]
    )
    return q(
        text,
        gold,
        "entity",
        "day",
        "equal_multi",
        "day_after",
        {"kind": "rel_anchor", "a": [s1, r1, o1], "r": r, "o": o, "mode": "day_after"},
    )


def c_else_week(g: Gen) -> Q | None:
    s, r, o, d = g.pick()
    ps, po = g.p(s), g.p(o)
    if ps is None or po is None:
        return None
    wd = dt.date.fromisoformat(d).weekday()
    lo, hi = add_days(d, -wd), add_days(d, 6 - wd)
    if lo < g.lo or hi > g.hi:
        return None
    gold = [x for x in g.kg.subjects(r, o, lo, hi) if x != s]
    text = (
        f"{cap(ps)} {REL[r][0].format(o=po)} on {fmt_day(d, g.rng)}. Who else did so that week "
        f"(Monday {fmt_day(lo, g.rng, False)} to Sunday {fmt_day(hi, g.rng, False)})?"
    )
    return q(
        text,
        gold,
        "entity",
        "day",
        "equal",
        "ellipsis_else_week",
        {"kind": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "exclude": s},
    )


PLAN: list[tuple[str, Callable[[Gen], Q | None], int, int]] = [
    ("equal_day_who", c_eq_day_who, 8, 6),
    ("equal_month_who", c_eq_month_who, 6, 4),
    ("equal_year_who", c_eq_year_who, 3, 2),
    ("equal_month_whom", c_eq_obj_month, 5, 4),
    ("window_days", c_window, 5, 4),
    ("quarter_half_season", c_period, 6, 4),
    ("named_day", c_named_day, 3, 2),
    ("when_day", lambda g: c_when(g, "day"), 5, 4),
    ("when_month", lambda g: c_when(g, "month"), 5, 3),
    ("when_year", lambda g: c_when(g, "year"), 3, 0),
    ("first_who", lambda g: c_first_last_who(g, True), 5, 4),
    ("last_who", lambda g: c_first_last_who(g, False), 4, 3),
    ("first_time_month", lambda g: c_first_last_time(g, True, "month"), 3, 2),
    ("last_time_month", lambda g: c_first_last_time(g, False, "month"), 2, 2),
    ("first_time_day", lambda g: c_first_last_time(g, True, "day"), 2, 2),
    ("last_time_day", lambda g: c_first_last_time(g, False, "day"), 3, 2),
    ("after_date", lambda g: c_before_after_date(g, True), 4, 3),
    ("before_date", lambda g: c_before_after_date(g, False), 4, 3),
    ("after_event", lambda g: c_before_after_event(g, True), 4, 3),
    ("before_event", lambda g: c_before_after_event(g, False), 3, 2),
    ("after_first", c_after_first, 5, 4),
    ("before_last", c_before_last, 5, 4),
    ("same_month", lambda g: c_same(g, "month"), 4, 3),
    ("same_day", lambda g: c_same(g, "day"), 4, 3),
    ("day_after", c_day_after, 3, 2),
    ("ellipsis_else_week", c_else_week, 3, 2),
]


# ------------------------------------------------------------------------------------------------- second check
def second_check(session: neo4j.Session, c: Q) -> list[str]:
    """The gold again, from a differently written Cypher query (object-side match, date strings, Cypher aggregation)."""
    k = c["kind"]
    if k == "subj":
        rows = session.run(
            "MATCH (o:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
            "WHERE coalesce(o.name, o.key) = $o AND e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "RETURN DISTINCT coalesce(s.name, s.key) AS a",
            o=c["o"],
            r=c["r"],
            lo=c["lo"],
            hi=c["hi"],
        )
        return sorted(x["a"] for x in rows if x["a"] != c.get("exclude"))
    if k == "obj":
        rows = session.run(
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "WHERE coalesce(s.name, s.key) = $s AND e.relation = $r "
            "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN collect(DISTINCT coalesce(o.name, o.key)) AS a",
            s=c["s"],
            r=c["r"],
            lo=c["lo"],
            hi=c["hi"],
        )
        return sorted(rows.single(strict=True)["a"])
    if k == "when":
        rows = session.run(
            "MATCH (o:Entity)<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
            "WHERE coalesce(s.name, s.key) = $s AND coalesce(o.name, o.key) = $o "
            "WITH toString(e.valid_from) AS d WHERE d >= $lo AND d <= $hi "
            "RETURN collect(DISTINCT substring(d, 0, $cut)) AS a",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            lo=c["lo"],
            hi=c["hi"],
            cut=c["cut"],
        )
        return sorted(rows.single(strict=True)["a"])
    if k == "firstlast_subj":
        agg = "min" if c["first"] else "max"
        rows = session.run(
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(o:Entity) WHERE coalesce(o.name, o.key) = $o "
            "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            f"WITH o, {agg}(e.valid_from) AS t "
            "MATCH (o)<-[:OBJECT]-(x:Event {relation: $r, valid_from: t})-[:SUBJECT]->(s:Entity) "
            "RETURN collect(DISTINCT coalesce(s.name, s.key)) AS a",
            r=c["r"],
            o=c["o"],
            lo=c["lo"],
            hi=c["hi"],
        )
        return sorted(rows.single(strict=True)["a"])
    if k == "firstlast_time":
        agg = "min" if c["first"] else "max"
        rows = session.run(
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "WHERE e.relation = $r AND coalesce(s.name, s.key) = $s AND coalesce(o.name, o.key) = $o "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"RETURN substring(toString({agg}(e.valid_from)), 0, $cut) AS a",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            lo=c["lo"],
            hi=c["hi"],
            cut=c["cut"],
        )
        a = rows.single(strict=True)["a"]
        return [a] if a else []
    s1, r1, o1 = c["a"]
    anchor = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
        "WHERE coalesce(s.name, s.key) = $s AND coalesce(o.name, o.key) = $o "
        "RETURN collect(e.valid_from) AS ds",
        s=s1,
        r=r1,
        o=o1,
    ).single(strict=True)["ds"]
    if len(anchor) != 1:
        return ["<anchor not unique>"]
    d1 = anchor[0]
    if k == "nextprev":
        cmp, agg = (">", "min") if c["next"] else ("<", "max")
        extra = "" if c["next"] else "AND e.valid_from.year = $d1.year "
        rows = session.run(
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(o:Entity) WHERE coalesce(o.name, o.key) = $o "
            f"AND e.valid_from {cmp} $d1 {extra}"
            f"WITH o, {agg}(e.valid_from) AS t "
            "MATCH (o)<-[:OBJECT]-(x:Event {relation: $r, valid_from: t})-[:SUBJECT]->(s:Entity) "
            "RETURN collect(DISTINCT coalesce(s.name, s.key)) AS a",
            r=r1,
            o=o1,
            d1=d1,
        )
        return sorted(rows.single(strict=True)["a"])
    mode = c["mode"]
    cond = {
        "after": "e.valid_from > $d1",
        "before_year": "e.valid_from < $d1 AND e.valid_from.year = $d1.year",
        "same_month": "e.valid_from.year = $d1.year AND e.valid_from.month = $d1.month",
        "same_day": "e.valid_from = $d1",
        "day_after": "e.valid_from = $d1 + duration({days: 1})",
    }[mode]
    rows = session.run(
        "MATCH (o:Entity)<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
        f"WHERE coalesce(o.name, o.key) = $o AND {cond} "
        "RETURN collect(DISTINCT coalesce(s.name, s.key)) AS a",
        r=c["r"],
        o=c["o"],
        d1=d1,
    )
    return sorted(rows.single(strict=True)["a"])


# ------------------------------------------------------------------------------------------------- main
def build(store: str, session: neo4j.Session) -> tuple[list[Q], dict[str, int]]:
    lo, hi = ("2014-01-01", "2015-12-31") if store == "mtq" else ("2014-01-01", "2014-12-31")
    prefix = "b21m" if store == "mtq" else "b21i"
    kg = KG(read_facts(session))
    rng = random.Random(f"{SEED}:{store}")
    g = Gen(kg, rng, lo, hi, store)
    out: list[Q] = []
    seen: set[str] = set()
    stats = {"disagree_dropped": 0, "checked": 0}
    for _name, fn, n_mtq, n_bench in PLAN:
        want = n_mtq if store == "mtq" else n_bench
        got = tries = 0
        while got < want and tries < 20000:
            tries += 1
            item = fn(g)
            if item is None or not item["answers"] or len(item["answers"]) > 5:
                continue
            if item["question"] in seen:
                continue
            if item["answer_type"] == "entity" and any(phrase_hit(a, item["question"]) for a in item["answers"]):
                continue  # an answer named in its own question
            check = second_check(session, item["check"])
            stats["checked"] += 1
            if check != sorted(item["answers"]):
                stats["disagree_dropped"] += 1
                continue
            seen.add(item["question"])
            item["check_agrees"] = True
            out.append(item)
            got += 1
    for i, item in enumerate(out):
        quid = f"{prefix}{i:03d}"
        item["check"] = "second Cypher query: " + json.dumps(item["check"], sort_keys=True, ensure_ascii=False)
        item.update({"quid": quid, "id": quid, "store": store, "evidence": [], "answers": sorted(item["answers"])})
    return out, stats


def phrase_hit(answer: str, question: str) -> bool:
    return answer.lower() in question.lower()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=("mtq", "bench"), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    uri, auth = resolve_connection(load_settings(), start_managed=False)
    with (
        neo4j.GraphDatabase.driver(uri, auth=auth) as driver,
        driver.session(default_access_mode=neo4j.READ_ACCESS) as session,
    ):
        items, stats = build(args.store, session)
    keys = ["quid", "id", "question", "answers", "answer_type", "time_level", "qtype", "qlabel", "evidence"]
    keys += ["construction", "store", "check", "check_agrees"]
    with args.out.open("w", encoding="utf-8") as f:
        for item in items:
            f.write(json.dumps({k: item[k] for k in keys}, ensure_ascii=False) + "\n")
    print(json.dumps({"store": args.store, "questions": len(items), **stats}))


if __name__ == "__main__":
    main()
