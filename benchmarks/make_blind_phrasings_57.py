"""Blind held-out question set 57: MultiTQ-style questions in new phrasings, with gold computed from a store.

Why: the symbolic temporal reader must be measured on phrasings it was never tuned on. Gold answers are computed in
Python over one read of every (subject, relation, object, day) in the store; each question's gold is then recomputed
by a second, differently written Cypher query (matched from the other side, date strings instead of dates, or
aggregated in Cypher), and only questions where both agree are kept.

Read-only: the store is opened without applying the schema and every query runs in a READ session.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_57.py --store mtq --out <out>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_57.py --store bench --out <out>/blind_icews14.jsonl

Deterministic (seed 20261257): rerunning on the same store gives a byte-identical file.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import READ_ACCESS

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261257

# Asked period per store: mtq holds only a sample before 2013-11-18, so every asked date stays in 2014-2015.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"prefix": "b57m", "lo": date(2014, 1, 1), "hi": date(2015, 12, 31), "target": 100},
    "bench": {"prefix": "b57i", "lo": date(2014, 1, 1), "hi": date(2014, 12, 31), "target": 70},
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

# relation -> (infinitive forms, past forms, passive participle forms or empty when there is no natural passive)
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Make_statement": (
        ["make a statement to", "issue a statement to"],
        ["made a statement to", "issued a statement to"],
        [],
    ),
    "Consult": (["consult", "hold consultations with"], ["consulted", "held consultations with"], ["consulted"]),
    "Make_an_appeal_or_request": (
        ["appeal to", "make a request to"],
        ["appealed to", "made a request to", "put a request to"],
        ["appealed to"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["say they wanted to meet or negotiate with", "signal readiness to meet with"],
        ["said they wanted to meet or negotiate with", "signalled readiness to meet with"],
        [],
    ),
    "Make_a_visit": (["visit", "pay a visit to"], ["visited", "paid a visit to", "travelled to"], ["visited"]),
    "Host_a_visit": (["host", "play host to"], ["hosted", "played host to"], ["hosted"]),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrest, detain or charge", "detain or bring charges against"],
        ["arrested, detained or charged", "detained or brought charges against"],
        ["arrested, detained or charged"],
    ),
    "Praise_or_endorse": (["praise", "endorse"], ["praised", "endorsed", "spoke highly of"], ["praised or endorsed"]),
    "Criticize_or_denounce": (["criticise", "denounce"], ["criticised", "denounced"], ["criticised or denounced"]),
    "Accuse": (["accuse", "level accusations at"], ["accused", "levelled accusations at"], ["accused"]),
    "Engage_in_negotiation": (
        ["negotiate with", "hold negotiations with"],
        ["negotiated with", "held negotiations with"],
        [],
    ),
    "Express_intent_to_cooperate": (
        ["express an intention to cooperate with", "say they would cooperate with"],
        ["expressed an intention to cooperate with", "said they would cooperate with"],
        [],
    ),
    "Demand": (["make demands of", "press demands on"], ["made demands of", "pressed demands on"], []),
    "Engage_in_diplomatic_cooperation": (
        ["cooperate diplomatically with", "work diplomatically with"],
        ["cooperated diplomatically with", "worked diplomatically with"],
        [],
    ),
    "Sign_formal_agreement": (
        ["sign a formal agreement with", "conclude a formal agreement with"],
        ["signed a formal agreement with", "inked a formal agreement with"],
        [],
    ),
    "Investigate": (["investigate", "open an investigation into"], ["investigated", "looked into"], ["investigated"]),
    "Discuss_by_telephone": (
        ["speak by phone with", "have a phone call with"],
        ["spoke by phone with", "talked on the telephone with", "had a phone call with"],
        [],
    ),
    "Reject": (["reject", "turn down"], ["rejected", "turned down"], ["rejected"]),
    "Make_optimistic_comment": (
        ["make an optimistic comment about", "sound upbeat about"],
        ["made an optimistic comment about", "sounded upbeat about"],
        [],
    ),
    "Make_pessimistic_comment": (
        ["make a pessimistic comment about", "voice pessimism about"],
        ["made a pessimistic comment about", "voiced pessimism about"],
        [],
    ),
    "Threaten": (["threaten", "issue threats against"], ["threatened", "issued threats against"], ["threatened"]),
    "Use_conventional_military_force": (
        ["use conventional military force against"],
        ["used conventional military force against", "turned conventional military force on"],
        [],
    ),
    "Meet_at_a_'third'_location": (
        ["meet at a third location with", "meet on neutral ground with"],
        ["met at a third location with", "met on neutral ground with"],
        [],
    ),
    "Provide_humanitarian_aid": (
        ["give humanitarian aid to", "provide humanitarian aid to"],
        ["gave humanitarian aid to", "provided humanitarian aid to"],
        ["given humanitarian aid"],
    ),
    "Make_empathetic_comment": (
        ["express sympathy for", "make an empathetic comment about"],
        ["expressed sympathy for", "made an empathetic comment about"],
        [],
    ),
    "Return,_release_person(s)": (
        ["release or return people to", "hand back people to"],
        ["released or returned people to", "handed back people to"],
        [],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["pledge diplomatic cooperation to", "offer diplomatic support to"],
        ["pledged diplomatic cooperation to", "offered diplomatic support to"],
        [],
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["ask for diplomatic cooperation from", "appeal for diplomatic support from"],
        ["asked for diplomatic cooperation from", "appealed for diplomatic support from"],
        [],
    ),
    "Provide_aid": (["provide aid to", "send aid to"], ["provided aid to", "sent aid to"], ["given aid"]),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["impose sanctions, an embargo or a boycott on"],
        ["imposed sanctions, an embargo or a boycott on", "slapped sanctions, an embargo or a boycott on"],
        [],
    ),
    "Express_accord": (
        ["express agreement with", "voice accord with"],
        ["expressed agreement with", "voiced accord with"],
        [],
    ),
    "Cooperate_economically": (
        ["cooperate economically with", "work economically with"],
        ["cooperated economically with", "worked economically with"],
        [],
    ),
    "Abduct,_hijack,_or_take_hostage": (
        ["abduct, hijack or take hostage", "kidnap or take hostage"],
        ["abducted, hijacked or took hostage", "kidnapped or took hostage"],
        ["abducted, hijacked or taken hostage"],
    ),
    "Bring_lawsuit_against": (["sue", "bring a lawsuit against"], ["sued", "brought a lawsuit against"], ["sued"]),
}

# Sectors of a country, said as a person would: "Police (Kenya)" -> "the police in Kenya".
SECTORS: dict[str, list[str]] = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "people in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Criminal": ["criminals in {c}"],
    "Protester": ["protesters in {c}"],
    "Legislature": ["the legislature of {c}", "{c}'s legislature"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s defence ministry"],
    "Militant": ["militants in {c}"],
    "Activist": ["activists in {c}"],
    "Student": ["students in {c}"],
    "Women": ["women in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s cabinet"],
    "Treasury/Finance Ministry": ["the finance ministry of {c}", "{c}'s finance ministry"],
}

ORDINALS = ["first", "second", "third", "fourth"]

NAMED_DAYS = [
    (1, 1, "New Year's Day {y}"),
    (2, 14, "Valentine's Day {y} (14 February)"),
    (3, 8, "International Women's Day {y} (8 March)"),
    (5, 1, "May Day {y} (1 May)"),
    (7, 4, "the Fourth of July {y}"),
    (10, 31, "Halloween {y} (31 October)"),
    (12, 24, "Christmas Eve {y}"),
    (12, 25, "Christmas Day {y}"),
    (12, 31, "New Year's Eve {y}"),
]

Quad = tuple[str, str, str, date]


def ordinal(n: int) -> str:
    suf = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


@dataclass
class KG:
    quads: list[Quad]
    lo: date
    hi: date
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=dict)
    period: dict[str, list[Quad]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        sr: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        per: dict[str, list[Quad]] = defaultdict(list)
        for s, r, o, d in self.quads:
            ro[(r, o)].append((d, s))
            sr[(s, r)].append((d, o))
            sro[(s, r, o)].append(d)
            if self.lo <= d <= self.hi and r in REL:
                per[r].append((s, r, o, d))
        self.by_ro = {k: sorted(v) for k, v in ro.items()}
        self.by_sr = {k: sorted(v) for k, v in sr.items()}
        self.by_sro = {k: sorted(set(v)) for k, v in sro.items()}
        self.period = dict(sorted(per.items()))

    def subjects(self, r: str, o: str, a: date, b: date) -> set[str]:
        """Subjects of (?, r, o) with a <= day <= b."""
        rows = self.by_ro.get((r, o), [])
        i = bisect.bisect_left(rows, (a, ""))
        out = set()
        for d, s in rows[i:]:
            if d > b:
                break
            out.add(s)
        return out

    def objects(self, s: str, r: str, a: date, b: date) -> set[str]:
        rows = self.by_sr.get((s, r), [])
        i = bisect.bisect_left(rows, (a, ""))
        out = set()
        for d, o in rows[i:]:
            if d > b:
                break
            out.add(o)
        return out


THE_NAMES = {
    "Bahamas",
    "Central African Republic",
    "Czech Republic",
    "Democratic Republic of Congo",
    "Dominican Republic",
    "Gambia",
    "Holy See",
    "Kremlin",
    "Maldives",
    "Middle East",
    "Netherlands",
    "Philippines",
    "Vatican",
}
THE_HEADS = (
    "United ",
    "UN ",
    "European ",
    "African Union",
    "International ",
    "Organization ",
    "Association ",
    "World ",
    "North Atlantic ",
)
THE_TAILS = (
    " Party",
    " Force",
    " Forces",
    " Army",
    " Council",
    " Commission",
    " Senate",
    " Union",
    " Bank",
    " Fund",
    " Front",
    " Movement",
    " Agency",
)
PLURAL_HEADS = (
    "citizens ",
    "people ",
    "criminals ",
    "protesters ",
    "militants ",
    "activists ",
    "students ",
    "women ",
    "lawyers ",
    "judges ",
    "the armed forces ",
)
COUNTRIES: set[str] = set()  # filled from the store: X is a country when "Citizen (X)" or "Government (X)" is an entity


def article(name: str) -> str:
    """'the United States', 'the Philippines': how a person writes these names in running text."""
    return f"the {name}" if name in THE_NAMES or name.startswith(THE_HEADS) or name.endswith(THE_TAILS) else name


def poss(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def say(name: str, rng: random.Random) -> str | None:
    """How a user names an entity; None when it has no natural phrasing (it is then never asked about)."""
    if "(" not in name:
        return article(name)
    if not name.endswith(")") or name.count("(") != 1:
        return None
    sector, country = name[:-1].split(" (")
    forms = SECTORS.get(sector)
    if not forms or country not in COUNTRIES:
        return None
    form = rng.choice(forms)
    if form.startswith("{c}'s"):
        return poss(article(country)) + form[len("{c}'s") :]
    return form.format(c=article(country))


def be(phrase: str) -> str:
    return "were" if phrase.lower().startswith(PLURAL_HEADS) else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


class Builder:
    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg = kg
        self.store = store
        self.rng = rng
        self.rels = sorted(kg.period)
        self.rel_turn = 0

    # ------------------------------------------------------------------ phrasing helpers
    def day(self, d: date) -> str:
        k = self.rng.randrange(4)
        if k == 0:
            return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
        if k == 1:
            return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
        if k == 2:
            return d.isoformat()
        return f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"

    def month(self, y: int, m: int) -> str:
        return self.rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])

    def inf(self, r: str) -> str:
        return self.rng.choice(REL[r][0])

    def past(self, r: str) -> str:
        return self.rng.choice(REL[r][1])

    def pas(self, r: str) -> str | None:
        return self.rng.choice(REL[r][2]) if REL[r][2] else None

    def event(self, need_unique: bool = False, exclude_self: bool = True) -> tuple[Quad, str, str] | None:
        """A random period event (relations taken in turn, so many relations are used) whose entities can be said."""
        r = self.rels[self.rel_turn % len(self.rels)]
        self.rel_turn += 1
        q = self.rng.choice(self.kg.period[r])
        s, _, o, _d = q
        if exclude_self and s == o:
            return None
        ss, oo = say(s, self.rng), say(o, self.rng)
        if ss is None or oo is None:
            return None
        if need_unique and len(self.kg.by_sro[(s, r, o)]) != 1:
            return None
        return q, ss, oo

    def anchor(self) -> tuple[Quad, str] | None:
        """A unique event (its triple occurs once in the whole store) and a clause that says it."""
        got = self.event(need_unique=True)
        if got is None:
            return None
        (s, r, o, d), ss, oo = got
        return (s, r, o, d), f"{ss} {self.past(r)} {oo}"


Item = dict[str, Any]


def q_item(
    construction: str, qtype: str, question: str, answers: set[str], atype: str, level: str, spec: dict[str, Any]
) -> Item:
    return {
        "construction": construction,
        "qtype": qtype,
        "question": question,
        "answers": sorted(answers),
        "answer_type": atype,
        "time_level": level,
        "spec": spec,
    }


def win_spec(
    r: str, o: str, a: date, b: date, side: str = "subj", excl: str | None = None, s: str | None = None
) -> dict[str, Any]:
    return {
        "kind": "window",
        "r": r,
        "o": o,
        "s": s,
        "a": a.isoformat(),
        "b": b.isoformat(),
        "side": side,
        "excl": excl,
    }


# ---------------------------------------------------------------------------------------------- constructions
def c_day_who(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    gold = b.kg.subjects(r, o, d, d)
    k = b.rng.randrange(4)
    dd = b.day(d)
    p = b.pas(r)
    if k == 0:
        q = f"Who {b.past(r)} {oo} on {dd}?"
    elif k == 1:
        q = f"On {dd}, which actors {b.past(r)} {oo}?"
    elif k == 2 and p:
        q = f"By whom {be(oo)} {oo} {p} on {dd}?"
    else:
        q = f"Name everyone who {b.past(r)} {oo} on {dd}."
    return q_item("who_on_day", "equal", q, gold, "entity", "day", win_spec(r, o, d, d))


def c_day_whom(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, d), ss, _oo = got
    gold = b.kg.objects(s, r, d, d)
    dd = b.day(d)
    q = b.rng.choice([f"Who did {ss} {b.inf(r)} on {dd}?", f"Tell me who {ss} {b.past(r)} on {dd}."])
    return q_item("whom_on_day", "equal", q, gold, "entity", "day", win_spec(r, o, d, d, side="obj", s=s))


def c_month_who(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    a, z = date(d.year, d.month, 1), month_end(d.year, d.month)
    gold = b.kg.subjects(r, o, a, z)
    mm = b.month(d.year, d.month)
    q = b.rng.choice(
        [
            f"In {mm}, who {b.past(r)} {oo}?",
            f"Tell me who {b.past(r)} {oo} during {mm}.",
            f"Which parties {b.past(r)} {oo} at some point in {mm}?",
        ]
    )
    return q_item("who_in_month", "equal", q, gold, "entity", "month", win_spec(r, o, a, z))


def c_year_who(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    a, z = date(d.year, 1, 1), date(d.year, 12, 31)
    gold = b.kg.subjects(r, o, a, z)
    q = b.rng.choice(
        [f"Who {b.past(r)} {oo} in {d.year}?", f"Over the course of {d.year}, which actors {b.past(r)} {oo}?"]
    )
    return q_item("who_in_year", "equal", q, gold, "entity", "year", win_spec(r, o, a, z))


def windows_for(d: date, b: Builder) -> list[tuple[str, date, date, str]]:
    y, m = d.year, d.month
    out = []
    qn = (m - 1) // 3
    qa = date(y, 3 * qn + 1, 1)
    qz = month_end(y, 3 * qn + 3)
    out.append(
        (
            f"the {ORDINALS[qn]} quarter of {y} ({MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]})",
            qa,
            qz,
            "quarter",
        )
    )
    h = 0 if m <= 6 else 1
    out.append(
        (
            f"the {['first', 'second'][h]} half of {y} ({['January through June', 'July through December'][h]})",
            date(y, 1 + 6 * h, 1),
            month_end(y, 6 + 6 * h),
            "half",
        )
    )
    seasons = {
        3: "spring",
        4: "spring",
        5: "spring",
        6: "summer",
        7: "summer",
        8: "summer",
        9: "autumn",
        10: "autumn",
        11: "autumn",
    }
    if m in seasons:
        first = {"spring": 3, "summer": 6, "autumn": 9}[seasons[m]]
        out.append(
            (
                f"{seasons[m]} {y} ({MONTHS[first - 1]}, {MONTHS[first]} and {MONTHS[first + 1]})",
                date(y, first, 1),
                month_end(y, first + 2),
                "season",
            )
        )
    n = b.rng.choice([5, 7, 10, 14])
    start = d - timedelta(days=b.rng.randrange(n))
    end = start + timedelta(days=n - 1)
    if b.kg.lo <= start and end <= b.kg.hi:
        out.append((f"the {n} days from {b.day(start)} to {b.day(end)}, both days included", start, end, "n_days"))
    mon = d - timedelta(days=d.weekday())
    sun = mon + timedelta(days=6)
    if b.kg.lo <= mon and sun <= b.kg.hi:
        out.append((f"the week running from Monday {b.day(mon)} to Sunday {b.day(sun)}", mon, sun, "week"))
    return out


def c_window_who(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    label, a, z, kind = b.rng.choice(windows_for(d, b))
    gold = b.kg.subjects(r, o, a, z)
    p = b.pas(r)
    k = b.rng.randrange(3)
    if k == 0:
        q = f"Who {b.past(r)} {oo} during {label}?"
    elif k == 1 and p:
        q = f"During {label}, {oo} {be(oo)} {p} by whom?"
    else:
        q = f"Name the actors that {b.past(r)} {oo} in {label}."
    level = "day" if kind in ("n_days", "week") else "month"
    return q_item(f"who_in_{kind}", "equal", q, gold, "entity", level, win_spec(r, o, a, z))


def c_named_day(b: Builder) -> Item | None:
    mo, dy, label = b.rng.choice(NAMED_DAYS)
    y = b.rng.choice(sorted({b.kg.lo.year, b.kg.hi.year}))
    d = date(y, mo, dy)
    cands = [
        (s, r, o)
        for r in b.rels
        for (s, _, o, dd) in b.kg.period[r]
        if dd == d and s != o and say(s, random.Random(0)) and say(o, random.Random(0))
    ]
    if not cands:
        return None
    _s, r, o = b.rng.choice(sorted(cands))
    oo = say(o, b.rng)
    gold = b.kg.subjects(r, o, d, d)
    q = b.rng.choice(
        [f"Who {b.past(r)} {oo} on {label.format(y=y)}?", f"On {label.format(y=y)}, who {b.past(r)} {oo}?"]
    )
    return q_item("who_on_named_day", "equal", q, gold, "entity", "day", win_spec(r, o, d, d))


def c_ellipsis(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, d), ss, oo = got
    if b.rng.random() < 0.5:
        a, z, tail, level, when = d, d, "that same day", "day", b.day(d)
        first = f"{ss} {b.past(r)} {oo} on {when}."
    else:
        a, z, tail, level = date(d.year, d.month, 1), month_end(d.year, d.month), "that month", "month"
        first = f"{ss} {b.past(r)} {oo} in {b.month(d.year, d.month)}."
    gold = b.kg.subjects(r, o, a, z) - {s}
    q = f"{cap(first)} Who else did so {tail}?"
    return q_item("ellipsis_who_else", "equal", q, gold, "entity", level, win_spec(r, o, a, z, excl=s))


def mtq_scope(b: Builder, d: date) -> tuple[str, date, date]:
    """mtq time questions are scoped by wording to a year of 2014-2015; bench covers one year, so no scope."""
    if b.store == "bench":
        return "", b.kg.lo, b.kg.hi
    return f" in {d.year}", date(d.year, 1, 1), date(d.year, 12, 31)


def times_spec(s: str, r: str, o: str, a: date, z: date, n: int, pick: str = "all") -> dict[str, Any]:
    return {"kind": "times", "s": s, "r": r, "o": o, "a": a.isoformat(), "b": z.isoformat(), "n": n, "pick": pick}


def c_when_day(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, d), ss, oo = got
    sc, a, z = mtq_scope(b, d)
    gold = {x.isoformat() for x in b.kg.by_sro[(s, r, o)] if a <= x <= z}
    p = b.pas(r)
    k = b.rng.randrange(3)
    if k == 0:
        q = f"On what date{sc} did {ss} {b.inf(r)} {oo}?"
    elif k == 1:
        q = f"Which day{sc} saw {ss} {b.inf(r)} {oo}?"
    elif p:
        q = f"Give the date{sc} on which {oo} {be(oo)} {p} by {ss}."
    else:
        q = f"Tell me the day when {ss} {b.past(r)} {oo}{sc}."
    return q_item("which_day", "equal", q, gold, "time", "day", times_spec(s, r, o, a, z, 10))


def c_when_month(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, d), ss, oo = got
    sc, a, z = mtq_scope(b, d)
    gold = {x.isoformat()[:7] for x in b.kg.by_sro[(s, r, o)] if a <= x <= z}
    q = b.rng.choice(
        [
            f"In which month{sc} did {ss} {b.inf(r)} {oo}?",
            f"Which month{sc} saw {ss} {b.inf(r)} {oo}?",
            f"{ss} {b.past(r)} {oo}{sc} - in what month was that?",
        ]
    )
    return q_item("which_month", "equal", cap(q), gold, "time", "month", times_spec(s, r, o, a, z, 7))


def c_when_year(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, _d), ss, oo = got
    gold = {str(x.year) for x in b.kg.by_sro[(s, r, o)] if b.kg.lo <= x <= b.kg.hi}
    if len(gold) != 1:
        return None
    q = b.rng.choice(
        [
            f"Which year, 2014 or 2015, saw {ss} {b.inf(r)} {oo}?",
            f"Was it in 2014 or in 2015 that {ss} {b.past(r)} {oo}? Give the year.",
        ]
    )
    return q_item("which_year", "equal", q, gold, "time", "year", times_spec(s, r, o, b.kg.lo, b.kg.hi, 4))


def c_first_last_who(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    last = b.rng.random() < 0.5
    if b.rng.random() < 0.3:
        a, z = date(d.year, d.month, 1), month_end(d.year, d.month)
        scope = f"in {b.month(d.year, d.month)}"
        level = "month"
    else:
        a, z = date(d.year, 1, 1), date(d.year, 12, 31)
        scope = f"in {d.year}"
        level = "year"
    rows = [(x, y) for x, y in b.kg.by_ro[(r, o)] if a <= x <= z]
    if len({y for _, y in rows}) < 2:
        return None
    ext = max(x for x, _ in rows) if last else min(x for x, _ in rows)
    gold = {y for x, y in rows if x == ext}
    w = "last" if last else "first"
    q = b.rng.choice(
        [
            f"Who was the {w} to {b.inf(r)} {oo} {scope}?",
            f"{cap(scope)}, who {b.past(r)} {oo} {w}?",
            f"Name the {w} actor that {b.past(r)} {oo} {scope}.",
        ]
    )
    spec = {"kind": "extreme_who", "r": r, "o": o, "a": a.isoformat(), "b": z.isoformat(), "last": last}
    return q_item(f"{w}_who_{level}_scoped", "first_last", q, gold, "entity", level, spec)


def c_first_last_time(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (s, r, o, d), ss, oo = got
    sc, a, z = mtq_scope(b, d)
    days = [x for x in b.kg.by_sro[(s, r, o)] if a <= x <= z]
    if len(days) < 2:
        return None
    last = b.rng.random() < 0.4
    x = days[-1] if last else days[0]
    level = b.rng.choice(["day", "month"])
    n = 10 if level == "day" else 7
    gold = {x.isoformat()[:n]}
    w = "last" if last else "first"
    if level == "day":
        q = b.rng.choice(
            [
                f"When{sc} did {ss} {w} {b.inf(r)} {oo}? Give the day.",
                f"On which day{sc} did {ss} {b.inf(r)} {oo} for the {w} time?",
            ]
        )
    else:
        q = b.rng.choice(
            [
                f"In which month{sc} did {ss} {b.inf(r)} {oo} for the {w} time?",
                f"Which month{sc} saw {ss} {w} {b.inf(r)} {oo}?",
            ]
        )
    spec = times_spec(s, r, o, a, z, n, pick=w)
    return q_item(f"{w}_time_{level}", "first_last", q, gold, "time", level, spec)


def c_before_after_date(b: Builder) -> Item | None:
    got = b.event()
    if got is None:
        return None
    (_s, r, o, d), _ss, oo = got
    after = b.rng.random() < 0.5
    ms, me = date(d.year, d.month, 1), month_end(d.year, d.month)
    pivot = d - timedelta(days=1) if after else d + timedelta(days=1)
    if not ms <= pivot <= me:
        return None
    a, z = (pivot + timedelta(days=1), me) if after else (ms, pivot - timedelta(days=1))
    gold = b.kg.subjects(r, o, a, z)
    mm = b.month(d.year, d.month)
    if after:
        q = b.rng.choice(
            [
                f"Who {b.past(r)} {oo} after {b.day(pivot)} but still within {mm}?",
                f"Later in {mm} than the {ordinal(pivot.day)}, who {b.past(r)} {oo}?",
            ]
        )
    else:
        q = b.rng.choice(
            [
                f"Who {b.past(r)} {oo} in {mm} before the {ordinal(pivot.day)}?",
                f"Before {b.day(pivot)}, but in the same month, which actors {b.past(r)} {oo}?",
            ]
        )
    return q_item("before_after_date_in_month", "before_after", q, gold, "entity", "day", win_spec(r, o, a, z))


def c_before_after_event(b: Builder) -> Item | None:
    an = b.anchor()
    if an is None:
        return None
    (sa, ra, oa, da), clause = an
    # a target (r, o): the anchor's object under any relation, active in the anchor's month on another day
    rows = sorted(
        (x, rr)
        for rr in b.rels
        for (x, _) in b.kg.by_ro.get((rr, oa), [])
        if x.year == da.year and x.month == da.month and x != da
    )
    if not rows:
        return None
    d, r = b.rng.choice(rows)
    o = oa
    oo = say(o, b.rng)
    after = d > da
    ms, me = date(da.year, da.month, 1), month_end(da.year, da.month)
    a, z = (da + timedelta(days=1), me) if after else (ms, da - timedelta(days=1))
    w = "after" if after else "before"
    mm = b.month(da.year, da.month)
    others = b.rng.random() < 0.5
    excl = sa if others else None
    gold = b.kg.subjects(r, o, a, z) - {sa} if others else b.kg.subjects(r, o, a, z)
    if others:
        q = f"{cap(w)} {clause}, which others {b.past(r)} {oo} that same month?"
    else:
        q = f"In {mm}, who {b.past(r)} {oo} {w} {clause}?"
    spec = win_spec(r, o, a, z, excl=excl)
    spec["anchor"] = [sa, ra, oa, da.isoformat()]
    return q_item(f"{w}_event_in_month", "before_after", q, gold, "entity", "day", spec)


def c_after_first(b: Builder) -> Item | None:
    an = b.anchor()
    if an is None:
        return None
    (sa, ra, oa, da), clause = an
    # ask about the anchor's object under another (or the same) relation
    rels = sorted({rr for rr in b.rels if any(x > da for x, _ in b.kg.by_ro.get((rr, oa), []))})
    if not rels:
        return None
    r = b.rng.choice(rels)
    oo = say(oa, b.rng)
    k = b.rng.randrange(3)
    excl = sa if k == 2 else None
    rows = [(x, y) for x, y in b.kg.by_ro[(r, oa)] if x > da and y != excl]
    if not rows:
        return None
    nxt = min(x for x, _ in rows)
    gold = {y for x, y in rows if x == nxt}
    q = [
        f"After {clause}, who was the first to {b.inf(r)} {oo}?",
        f"Who {b.past(r)} {oo} next, once {clause}?",
        f"Following the day {clause}, who first {b.past(r)} {oo}? (Not counting {say(sa, b.rng)}.)",
    ][k]
    spec = {"kind": "next_prev", "r": r, "o": oa, "anchor": [sa, ra, oa, da.isoformat()], "next": True, "excl": excl}
    return q_item("after_first_event", "after_first", q, gold, "entity", "day", spec)


def c_before_last(b: Builder) -> Item | None:
    an = b.anchor()
    if an is None:
        return None
    (sa, ra, oa, da), clause = an
    rels = sorted({rr for rr in b.rels if any(b.kg.lo <= x < da for x, _ in b.kg.by_ro.get((rr, oa), []))})
    if not rels:
        return None
    r = b.rng.choice(rels)
    oo = say(oa, b.rng)
    k = b.rng.randrange(3)
    excl = sa if k == 2 else None
    rows = [(x, y) for x, y in b.kg.by_ro[(r, oa)] if x < da and y != excl]
    if not rows:
        return None
    prv = max(x for x, _ in rows)
    if prv < b.kg.lo:
        return None
    gold = {y for x, y in rows if x == prv}
    q = [
        f"Before {clause}, who was the last to {b.inf(r)} {oo}?",
        f"Who had most recently {b.past(r)} {oo} just before {clause}?",
        f"Just ahead of the day {clause}, which actor last {b.past(r)} {oo}? (Leave out {say(sa, b.rng)}.)",
    ][k]
    spec = {"kind": "next_prev", "r": r, "o": oa, "anchor": [sa, ra, oa, da.isoformat()], "next": False, "excl": excl}
    return q_item("before_last_event", "before_last", q, gold, "entity", "day", spec)


def c_equal_multi(b: Builder) -> Item | None:
    an = b.anchor()
    if an is None:
        return None
    (sa, ra, oa, da), clause = an
    mode = b.rng.choice(["day", "month", "next_day"])
    if mode == "day":
        a = z = da
    elif mode == "next_day":
        a = z = da + timedelta(days=1)
        if z > b.kg.hi:
            return None
    else:
        a, z = date(da.year, da.month, 1), month_end(da.year, da.month)
    # a target (r, o) active in that window, other than the anchor's own triple
    rows = (
        sorted(
            (r, o)
            for r in b.rels
            for (s, _, o, d) in b.kg.period[r]
            if a <= d <= z and o != oa and (s, r, o) != (sa, ra, oa)
        )
        if mode != "month"
        else None
    )
    if rows is not None:
        if not rows:
            return None
        r, o = b.rng.choice(rows)
    else:
        got = b.event()
        if got is None:
            return None
        (_, r, o, d0), _, _ = got
        if not a <= d0 <= z:
            # pick within the anchor's month from the same relation
            cand = sorted({x for (s, _, x, d) in b.kg.period[r] if a <= d <= z and x != oa})
            if not cand:
                return None
            o = b.rng.choice(cand)
    if o == oa:
        return None
    oo = say(o, b.rng)
    if oo is None:
        return None
    gold = b.kg.subjects(r, o, a, z)
    if mode == "day":
        q = b.rng.choice(
            [f"Who {b.past(r)} {oo} on the same day that {clause}?", f"On the day {clause}, who {b.past(r)} {oo}?"]
        )
    elif mode == "next_day":
        q = b.rng.choice(
            [f"Who {b.past(r)} {oo} the day after {clause}?", f"The day after {clause}, which actors {b.past(r)} {oo}?"]
        )
    else:
        q = b.rng.choice(
            [
                f"In the same month as {clause}, who {b.past(r)} {oo}?",
                f"Name those who {b.past(r)} {oo} in the month when {clause}.",
            ]
        )
    level = "month" if mode == "month" else "day"
    spec = win_spec(r, o, a, z)
    spec["anchor"] = [sa, ra, oa, da.isoformat()]
    spec["shift"] = mode
    return q_item(f"equal_multi_{mode}", "equal_multi", q, gold, "entity", level, spec)


PLAN: dict[str, list[tuple[Callable[[Builder], Item | None], int]]] = {
    "mtq": [
        (c_day_who, 9),
        (c_day_whom, 4),
        (c_month_who, 7),
        (c_year_who, 5),
        (c_window_who, 10),
        (c_named_day, 3),
        (c_ellipsis, 4),
        (c_when_day, 6),
        (c_when_month, 6),
        (c_when_year, 4),
        (c_first_last_who, 9),
        (c_first_last_time, 8),
        (c_before_after_date, 5),
        (c_before_after_event, 5),
        (c_after_first, 5),
        (c_before_last, 5),
        (c_equal_multi, 9),
    ],
    "bench": [
        (c_day_who, 6),
        (c_day_whom, 3),
        (c_month_who, 5),
        (c_window_who, 8),
        (c_named_day, 3),
        (c_ellipsis, 3),
        (c_when_day, 5),
        (c_when_month, 5),
        (c_first_last_who, 7),
        (c_first_last_time, 5),
        (c_before_after_date, 4),
        (c_before_after_event, 3),
        (c_after_first, 4),
        (c_before_last, 4),
        (c_equal_multi, 7),
    ],
}


# ---------------------------------------------------------------------------------------------- second check
def check(session: Any, spec: dict[str, Any]) -> tuple[set[str], str]:
    """Recompute a gold set with Cypher written differently from the Python gold (strings, Cypher aggregates)."""
    got, what = _check(session, spec)
    if "anchor" in spec and spec["kind"] == "window":
        what = "anchor unique in the store (Cypher), then " + what
    return got, what


def _check(session: Any, spec: dict[str, Any]) -> tuple[set[str], str]:
    kind = spec["kind"]
    if "anchor" in spec:
        sa, ra, oa, da = spec["anchor"]
        rows = session.run(
            "MATCH (x:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity {name: $s}) WHERE e.relation = $r "
            "RETURN collect(toString(e.valid_from)) AS ds",
            s=sa,
            r=ra,
            o=oa,
        ).single()["ds"]
        if rows != [da]:
            return set(), "anchor not unique"
    if kind == "window":
        if spec.get("shift") in ("day", "next_day", "month") and "anchor" in spec:
            da = date.fromisoformat(spec["anchor"][3])
            want = {"day": da, "next_day": da + timedelta(days=1)}.get(spec["shift"])
            if want is not None and want.isoformat() != spec["a"]:
                return set(), "anchor shift"
        if spec["side"] == "subj":
            cy = (
                "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
                "WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b "
                "AND ($excl IS NULL OR s.name <> $excl) RETURN collect(DISTINCT s.name) AS a"
            )
            got = session.run(cy, o=spec["o"], r=spec["r"], a=spec["a"], b=spec["b"], excl=spec["excl"]).single()["a"]
            return set(got), "subjects of (?, r, o) in the window by date strings, matched from the object"
        cy = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b "
            "RETURN collect(DISTINCT o.name) AS a"
        )
        got = session.run(cy, s=spec["s"], r=spec["r"], a=spec["a"], b=spec["b"]).single()["a"]
        return set(got), "objects of (s, r, ?) in the window by date strings, matched from the subject"
    if kind == "times":
        agg = {
            "all": "collect(DISTINCT substring(toString(e.valid_from), 0, $n))",
            "first": "[substring(toString(min(e.valid_from)), 0, $n)]",
            "last": "[substring(toString(max(e.valid_from)), 0, $n)]",
        }[spec["pick"]]
        cy = (
            "MATCH (e:Event)-[:SUBJECT]->(s:Entity {name: $s}) WHERE e.relation = $r "
            "AND e.valid_from >= date($a) AND e.valid_from <= date($b) "
            f"MATCH (e)-[:OBJECT]->(o:Entity {{name: $o}}) RETURN {agg} AS a"
        )
        got = session.run(cy, s=spec["s"], r=spec["r"], o=spec["o"], a=spec["a"], b=spec["b"], n=spec["n"]).single()[
            "a"
        ]
        return {g for g in got if g}, f"{spec['pick']} times of (s, r, o) aggregated in Cypher over date values"
    if kind == "extreme_who":
        fn = "max" if spec["last"] else "min"
        cy = (
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e.valid_from >= date($a) AND e.valid_from <= date($b) "
            f"WITH {fn}(e.valid_from) AS t "
            "MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e2.valid_from = t "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        got = session.run(cy, r=spec["r"], o=spec["o"], a=spec["a"], b=spec["b"]).single()["a"]
        return set(got), f"{fn} day of (?, r, o) in the scope aggregated in Cypher, then its subjects"
    if kind == "next_prev":
        sa, ra, oa, da = spec["anchor"]
        fn, op = ("min", ">") if spec["next"] else ("max", "<")
        cy = (
            "MATCH (x:Entity {name: $sa})<-[:SUBJECT]-(an:Event {relation: $ra})-[:OBJECT]->(:Entity {name: $oa}) "
            "WITH an.valid_from AS t0 "
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE e.valid_from {op} t0 AND ($excl IS NULL OR s.name <> $excl) "
            f"WITH {fn}(e.valid_from) AS t, t0 "
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e.valid_from = t AND ($excl IS NULL OR s.name <> $excl) RETURN collect(DISTINCT s.name) AS a"
        )
        got = session.run(cy, sa=sa, ra=ra, oa=oa, r=spec["r"], o=spec["o"], excl=spec["excl"]).single()["a"]
        return set(got), f"anchor day from Cypher, then the {fn} day of (?, r, o) {op} it and its subjects"
    raise ValueError(kind)


# ---------------------------------------------------------------------------------------------- main
def load_quads(session: Any) -> list[Quad]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    out = {(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows}
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    if os.environ.get("TKGRAG_INSTANCE") != args.store:
        print(f"set TKGRAG_INSTANCE={args.store} (and its ports) to read that store", file=sys.stderr)
        return 2
    conf = STORES[args.store]
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        with store.driver.session(database=store.database, default_access_mode=READ_ACCESS) as session:
            quads = load_quads(session)
            COUNTRIES.update(
                n[:-1].split(" (")[1]
                for q in quads
                for n in (q[0], q[2])
                if n.startswith(("Citizen (", "Government ("))
            )
            COUNTRIES.difference_update({"International"})
            kg = KG(quads, conf["lo"], conf["hi"])
            rng = random.Random(SEED + (0 if args.store == "mtq" else 1))
            b = Builder(kg, args.store, rng)
            items: list[Item] = []
            seen: set[str] = set()
            drops: Counter[str] = Counter()
            for fn, quota in PLAN[args.store]:
                got = 0
                tries = 0
                while got < quota and tries < 4000:
                    tries += 1
                    it = fn(b)
                    if it is None:
                        drops["no candidate"] += 1
                        continue
                    if not it["answers"]:
                        drops["no gold"] += 1
                        continue
                    if len(it["answers"]) > 5:
                        drops["> 5 gold"] += 1
                        continue
                    if it["question"] in seen:
                        drops["duplicate text"] += 1
                        continue
                    chk, what = check(session, it["spec"])
                    it["check"] = what
                    it["check_agrees"] = chk == set(it["answers"])
                    if not it["check_agrees"]:
                        drops["second check disagrees"] += 1
                        print(f"disagree: {it['construction']} {sorted(chk)[:5]} vs {it['answers']}", file=sys.stderr)
                        continue
                    seen.add(it["question"])
                    items.append(it)
                    got += 1
    finally:
        store.close()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, it in enumerate(items, 1):
        quid = f"{conf['prefix']}{i:04d}"
        rec = {
            "quid": quid,
            "id": quid,
            "question": it["question"],
            "answers": it["answers"],
            "answer_type": it["answer_type"],
            "time_level": it["time_level"],
            "qtype": it["qtype"],
            "qlabel": "Multiple" if "anchor" in it["spec"] else "Single",
            "evidence": [],
            "construction": it["construction"],
            "store": args.store,
            "check": it["check"],
            "check_agrees": it["check_agrees"],
        }
        lines.append(json.dumps(rec, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cons = Counter(it["construction"] for it in items)
    print(
        json.dumps(
            {
                "store": args.store,
                "n": len(items),
                "relations": len({it["spec"]["r"] for it in items}),
                "drops": dict(sorted(drops.items())),
                "constructions": dict(sorted(cons.items())),
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
