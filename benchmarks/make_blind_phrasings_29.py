"""Blind held-out question set 29: MultiTQ-style questions over the `mtq` (ICEWS05-15, 2014-2015 asked) and `bench`
(ICEWS14) stores, written in our own phrasings, with gold answers computed from the whole store.

Why: an honest figure of the symbolic temporal reader on wordings it was never tuned on. Gold comes from one read of
every (subject, relation, object, day) in the store; every gold is then recomputed by a second, differently written
Cypher query per question (object-side match, string dates, aggregation in Cypher) and the agreement is recorded.

Usage (from the worktree root, each store selected by its environment, read only):
    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_29.py --store mtq --out <work>/notes/heldout/v29/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_29.py --store bench --out <work>/notes/heldout/v29/blind_icews14.jsonl
Deterministic (seed 20261229): a rerun on the same store writes a byte-identical file.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261229
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

# relation -> active past forms, base forms, passive participles (may be empty), gerunds. {o} is the object.
REL: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "Consult": (
        ["consulted {o}", "held consultations with {o}", "conferred with {o}"],
        ["consult {o}", "confer with {o}"],
        ["consulted"],
        ["consulting {o}", "conferring with {o}"],
    ),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request to {o}", "put a request to {o}"],
        ["appeal to {o}", "make a request to {o}"],
        ["appealed to"],
        ["appealing to {o}", "making a request to {o}"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["said they wanted to meet {o}", "signalled a willingness to negotiate with {o}"],
        ["express a wish to meet {o}", "signal readiness to negotiate with {o}"],
        [],
        ["offering to meet {o}", "voicing a wish to negotiate with {o}"],
    ),
    "Make_a_visit": (
        ["visited {o}", "paid a visit to {o}", "travelled to {o}"],
        ["visit {o}", "pay a visit to {o}"],
        ["visited"],
        ["visiting {o}"],
    ),
    "Host_a_visit": (
        ["hosted {o}", "received {o} on a visit", "welcomed {o} as a visitor"],
        ["host {o}", "receive {o} on a visit"],
        ["hosted", "received on a visit"],
        ["hosting {o}"],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested or charged {o}", "detained {o}", "took legal action against {o}"],
        ["arrest or charge {o}", "detain {o}"],
        ["arrested or charged", "detained"],
        ["detaining {o}", "arresting {o}"],
    ),
    "Praise_or_endorse": (
        ["praised {o}", "spoke highly of {o}", "endorsed {o}"],
        ["praise {o}", "speak well of {o}"],
        ["praised", "endorsed"],
        ["praising {o}"],
    ),
    "Criticize_or_denounce": (
        ["criticized {o}", "denounced {o}", "condemned {o}"],
        ["criticize {o}", "denounce {o}"],
        ["criticized", "denounced"],
        ["criticizing {o}", "denouncing {o}"],
    ),
    "Use_conventional_military_force": (
        ["used military force against {o}", "attacked {o} with conventional military force"],
        ["use military force against {o}"],
        ["attacked with military force"],
        ["using military force against {o}"],
    ),
    "Engage_in_negotiation": (
        ["negotiated with {o}", "held negotiations with {o}"],
        ["negotiate with {o}", "hold negotiations with {o}"],
        [],
        ["negotiating with {o}"],
    ),
    "Accuse": (
        ["accused {o}", "levelled accusations at {o}"],
        ["accuse {o}", "level an accusation at {o}"],
        ["accused"],
        ["accusing {o}"],
    ),
    "Use_unconventional_violence": (
        ["used unconventional violence against {o}", "carried out irregular violence against {o}"],
        ["use unconventional violence against {o}"],
        ["targeted with unconventional violence"],
        ["using unconventional violence against {o}"],
    ),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        ["cooperate diplomatically with {o}"],
        [],
        ["cooperating diplomatically with {o}"],
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "signed a deal with {o}", "concluded a formal agreement with {o}"],
        ["sign a formal agreement with {o}", "sign a deal with {o}"],
        [],
        ["signing a formal agreement with {o}"],
    ),
    "Express_intent_to_cooperate": (
        ["expressed the intention to cooperate with {o}", "pledged to cooperate with {o}"],
        ["express an intention to cooperate with {o}", "pledge cooperation with {o}"],
        [],
        ["pledging cooperation with {o}"],
    ),
    "Demand": (
        ["made a demand of {o}", "issued demands to {o}"],
        ["make a demand of {o}", "issue a demand to {o}"],
        [],
        ["making demands of {o}"],
    ),
    "Investigate": (
        ["investigated {o}", "opened an investigation into {o}"],
        ["investigate {o}", "open an investigation into {o}"],
        ["investigated"],
        ["investigating {o}"],
    ),
    "Make_optimistic_comment": (
        ["made an optimistic comment about {o}", "sounded upbeat about {o}"],
        ["make an optimistic remark about {o}"],
        [],
        ["commenting optimistically on {o}"],
    ),
    "Reject": (
        ["rejected {o}", "turned down {o}"],
        ["reject {o}", "rebuff {o}"],
        ["rejected", "rebuffed"],
        ["rejecting {o}"],
    ),
    "Discuss_by_telephone": (
        ["talked on the phone with {o}", "had a phone call with {o}", "spoke by telephone with {o}"],
        ["phone {o}", "speak by telephone with {o}"],
        ["phoned"],
        ["phoning {o}", "talking by telephone with {o}"],
    ),
    "Make_pessimistic_comment": (
        ["made a pessimistic comment about {o}", "voiced pessimism about {o}"],
        ["make a pessimistic remark about {o}"],
        [],
        ["voicing pessimism about {o}"],
    ),
    "Threaten": (
        ["threatened {o}", "issued a threat against {o}"],
        ["threaten {o}"],
        ["threatened"],
        ["threatening {o}"],
    ),
    "Abduct,_hijack,_or_take_hostage": (
        ["abducted {o}", "took {o} hostage", "kidnapped or hijacked {o}"],
        ["abduct {o}", "take {o} hostage"],
        ["abducted", "taken hostage"],
        ["abducting {o}"],
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "made an empathetic remark about {o}"],
        ["express sympathy for {o}"],
        [],
        ["expressing sympathy for {o}"],
    ),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to {o}", "sent humanitarian assistance to {o}"],
        ["provide humanitarian aid to {o}"],
        ["given humanitarian aid"],
        ["providing humanitarian aid to {o}"],
    ),
    "Provide_aid": (
        ["provided aid to {o}", "gave assistance to {o}"],
        ["provide aid to {o}", "give aid to {o}"],
        ["given aid"],
        ["giving aid to {o}"],
    ),
    "Physically_assault": (
        ["physically assaulted {o}", "attacked {o} physically"],
        ["physically assault {o}"],
        ["physically assaulted"],
        ["assaulting {o}"],
    ),
    "Employ_aerial_weapons": (
        ["carried out air strikes against {o}", "used aerial weapons against {o}"],
        ["use aerial weapons against {o}", "launch air strikes on {o}"],
        ["hit by air strikes"],
        ["launching air strikes on {o}"],
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed sanctions, an embargo or a boycott on {o}", "slapped sanctions on {o}"],
        ["impose sanctions on {o}"],
        ["sanctioned"],
        ["imposing sanctions on {o}"],
    ),
    "Bring_lawsuit_against": (
        ["sued {o}", "brought a lawsuit against {o}", "took {o} to court"],
        ["sue {o}", "file a lawsuit against {o}"],
        ["sued"],
        ["suing {o}"],
    ),
    "Provide_military_aid": (
        ["provided military aid to {o}", "gave military assistance to {o}"],
        ["provide military aid to {o}"],
        ["given military aid"],
        ["providing military aid to {o}"],
    ),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met {o} on neutral ground"],
        ["meet {o} at a third location"],
        [],
        ["meeting {o} at a third location"],
    ),
    "Threaten_with_military_force": (
        ["threatened {o} with military force", "made military threats against {o}"],
        ["threaten {o} with military force"],
        ["threatened with military force"],
        ["threatening {o} with military force"],
    ),
    "Reduce_relations": (
        ["reduced relations with {o}", "scaled back ties with {o}"],
        ["cut back relations with {o}"],
        [],
        ["reducing relations with {o}"],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["expressed an intention to engage in diplomatic cooperation with {o}", "offered diplomatic support to {o}"],
        ["express intent to cooperate diplomatically with {o}"],
        [],
        ["offering diplomatic cooperation to {o}"],
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed to {o} for diplomatic cooperation", "asked {o} for policy support"],
        ["appeal to {o} for diplomatic cooperation"],
        [],
        ["appealing to {o} for diplomatic cooperation"],
    ),
    "Make_statement": (
        ["made a statement about {o}", "issued a statement on {o}"],
        ["make a statement about {o}"],
        [],
        ["making a statement about {o}"],
    ),
}

# sector entities "Sector (Country)" phrased the way a person would say them
SECTORS: dict[str, list[str]] = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "{c}'s armed forces"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Other Authorities / Officials": ["officials in {c}", "authorities in {c}"],
    "Protester": ["protesters in {c}", "demonstrators in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Lawyer/Attorney": ["a lawyer in {c}", "lawyers in {c}"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Legislature": ["the legislature of {c}", "{c}'s parliament"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s council of ministers"],
    "Business": ["businesses in {c}", "the business sector of {c}"],
    "Criminal": ["criminals in {c}", "a criminal in {c}"],
    "Militant (Taliban)": [],
}
THE_COUNTRY = ("United", "Republic", "Kingdom", "Islands", "Emirates", "Netherlands", "Philippines", "Occupied")


def country(c: str) -> str:
    return f"the {c}" if any(w in c for w in THE_COUNTRY) else c


def askable(name: str) -> bool:
    if "(" not in name:
        return name.isascii() and len(name) > 2
    sec, _, rest = name.partition(" (")
    return bool(SECTORS.get(sec)) and rest.endswith(")") and "(" not in rest


def say_entity(name: str, rng: random.Random) -> str:
    if "(" not in name:
        return name
    sec, _, rest = name.partition(" (")
    form = rng.choice(SECTORS[sec])
    c = country(rest[:-1])
    if form.startswith("{c}"):
        c = c[0].upper() + c[1:]
    return form.format(c=c)


PLURAL_HEADS = (
    "citizens",
    "ordinary people",
    "protesters",
    "demonstrators",
    "officials",
    "authorities",
    "armed ",
    "lawyers",
    "judges",
    "businesses",
    "criminals",
    "the police",
    "the media",
)


def be(phrase: str) -> str:
    """'was' or 'were' for an entity phrase, so that passive clauses on plural sector phrases read naturally."""
    p = phrase.lower()
    return "were" if p.startswith(PLURAL_HEADS) or p.endswith("police") or "armed forces" in p else "was"


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def say_day(d: date, rng: random.Random) -> str:
    k = rng.randrange(4)
    if k == 0:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    if k == 1:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if k == 2:
        return d.isoformat()
    suf = "th" if 10 <= d.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"the {d.day}{suf} of {MONTHS[d.month - 1]} {d.year}"


def say_month(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: dict[str, Any] = field(default_factory=dict)


class World:
    """Every fact of the store, indexed for the gold computations."""

    def __init__(self, facts: list[tuple[str, str, str, date]], lo: date, hi: date) -> None:
        self.facts = facts
        self.lo, self.hi = lo, hi
        self.ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        self.sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        for s, r, o, d in facts:
            self.ro[(r, o)].append((d, s))
            self.sro[(s, r, o)].append(d)
        for v in self.ro.values():
            v.sort()
        for w in self.sro.values():
            w.sort()
        self.inscope = [f for f in facts if lo <= f[3] <= hi and f[1] in REL and askable(f[0]) and askable(f[2])]

    def subjects(self, r: str, o: str, a: date, b: date) -> set[str]:
        return {s for d, s in self.ro[(r, o)] if a <= d <= b}

    def unique_anchor(self, s: str, r: str, o: str) -> date | None:
        days = set(self.sro[(s, r, o)])
        if len(days) == 1:
            d = next(iter(days))
            return d if self.lo <= d <= self.hi else None
        return None


def active(r: str, o: str, rng: random.Random, form: int = 0) -> str:
    return rng.choice(REL[r][form]).format(o=say_entity(o, rng))


def pick_window(d: date, rng: random.Random, world: World) -> tuple[str, date, date, str] | None:
    """A window around day d, stated so that its edges are exact: (phrase, first day, last day, kind)."""
    k = rng.choice(["day", "day", "month", "month", "year", "quarter", "half", "season", "ndays", "between"])
    y = d.year
    if k == "day":
        return (f"on {say_day(d, rng)}", d, d, "day")
    if k == "month":
        p = say_month(y, d.month, rng)
        return (rng.choice([f"in {p}", f"during {p}"]), date(y, d.month, 1), month_end(y, d.month), "month")
    if k == "year":
        return (
            rng.choice([f"in {y}", f"during {y}", f"over the course of {y}"]),
            date(y, 1, 1),
            date(y, 12, 31),
            "year",
        )
    if k == "quarter":
        q = (d.month - 1) // 3
        a, b = date(y, 3 * q + 1, 1), month_end(y, 3 * q + 3)
        ords = ["first", "second", "third", "fourth"]
        return (f"in the {ords[q]} quarter of {y} ({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})", a, b, "quarter")
    if k == "half":
        h = (d.month - 1) // 6
        a, b = date(y, 6 * h + 1, 1), month_end(y, 6 * h + 6)
        return (
            f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})",
            a,
            b,
            "half",
        )
    if k == "season":
        seasons = {
            6: "summer",
            7: "summer",
            8: "summer",
            3: "spring",
            4: "spring",
            5: "spring",
            9: "autumn",
            10: "autumn",
            11: "autumn",
        }
        if d.month not in seasons:
            return None
        name = seasons[d.month]
        m0 = {"spring": 3, "summer": 6, "autumn": 9}[name]
        a, b = date(y, m0, 1), month_end(y, m0 + 2)
        return (f"in the {name} of {y} ({MONTHS[m0 - 1]}, {MONTHS[m0]} and {MONTHS[m0 + 1]})", a, b, "season")
    if k == "ndays":
        n = rng.choice([3, 5, 7, 10])
        a = d - timedelta(days=rng.randrange(n))
        b = a + timedelta(days=n - 1)
        if a < world.lo or b > world.hi:
            return None
        return (f"in the {n} days from {say_day(a, rng)} to {say_day(b, rng)} inclusive", a, b, "ndays")
    a = d - timedelta(days=rng.randrange(1, 12))
    b = d + timedelta(days=rng.randrange(1, 12))
    if a < world.lo or b > world.hi:
        return None
    return (f"between {say_day(a, rng)} and {say_day(b, rng)} (both days included)", a, b, "between")


def who_window(world: World, rng: random.Random) -> Q | None:
    _s, r, o, d = rng.choice(world.inscope)
    w = pick_window(d, rng, world)
    if w is None:
        return None
    phrase, a, b, kind = w
    ans = world.subjects(r, o, a, b)
    if not 1 <= len(ans) <= 5:
        return None
    pp = REL[r][2]
    style = rng.randrange(6)
    if style == 0 and pp:
        o_ = say_entity(o, rng)
        text = f"By whom {be(o_)} {o_} {rng.choice(pp)} {phrase}?"
        cons = "passive_by_whom"
    elif style == 1:
        text = f"{cap(phrase)}, who {active(r, o, rng)}?"
        cons = "time_fronted"
    elif style == 2:
        text = f"Name the actors that {active(r, o, rng)} {phrase}."
        cons = "imperative_name"
    elif style == 3:
        text = f"Tell me who {active(r, o, rng)} {phrase}."
        cons = "imperative_tell"
    elif style == 4:
        text = f"Which party was it that {active(r, o, rng)} {phrase}?"
        cons = "cleft"
    else:
        text = f"Who {active(r, o, rng)} {phrase}?"
        cons = "plain_time_end"
    level = {"year": "year", "month": "month", "quarter": "month", "half": "month", "season": "month"}.get(kind, "day")
    return Q(
        text,
        sorted(ans),
        "entity",
        level,
        "equal",
        f"who_{kind}:{cons}",
        {"kind": "subjects_window", "r": r, "o": o, "a": a.isoformat(), "b": b.isoformat()},
    )


def when_equal(world: World, rng: random.Random, years: list[int]) -> Q | None:
    s, r, o, d = rng.choice(world.inscope)
    y = d.year
    days = sorted({x for x in world.sro[(s, r, o)] if x.year == y})
    level = rng.choice(["day", "day", "month", "month"] + (["year"] if len(years) > 1 else []))
    S = say_entity(s, rng)
    if level == "day":
        if len(days) != 1:
            return None
        ans = [days[0].isoformat()]
        text = rng.choice(
            [
                f"On which day in {y} did {S} {active(r, o, rng, 1)}?",
                f"What was the date in {y} on which {S} {active(r, o, rng)}?",
                f"Give me the exact date ({y}) when {S} {active(r, o, rng)}.",
            ]
        )
        chk = {"kind": "time_set", "s": s, "r": r, "o": o, "y": str(y), "n": 10}
    elif level == "month":
        months = sorted({x.isoformat()[:7] for x in days})
        if len(months) != 1:
            return None
        ans = months
        text = rng.choice(
            [
                f"Which month of {y} saw {S} {active(r, o, rng, 1)}?",
                f"In what month of {y} did {S} {active(r, o, rng, 1)}?",
                f"{S} {active(r, o, rng)} at some point in {y}; which month was that?",
            ]
        )
        chk = {"kind": "time_set", "s": s, "r": r, "o": o, "y": str(y), "n": 7}
    else:
        ys = sorted({str(x.year) for x in world.sro[(s, r, o)] if x.year in years})
        if len(ys) != 1:
            return None
        ans = ys
        text = rng.choice(
            [
                f"Was it in {years[0]} or in {years[1]} that {S} {active(r, o, rng)}?",
                f"Between {years[0]} and {years[1]}, which year did {S} {active(r, o, rng, 1)}?",
            ]
        )
        chk = {"kind": "time_set", "s": s, "r": r, "o": o, "y": f"{years[0]}-{years[1]}", "n": 4}
    return Q(text, ans, "time", level, "equal", f"when_{level}", chk)


def periods(world: World, d: date, rng: random.Random) -> tuple[str, date, date]:
    y = d.year
    k = rng.randrange(4)
    if k == 0:
        return (f"in {y}", date(y, 1, 1), date(y, 12, 31))
    if k == 1:
        h = (d.month - 1) // 6
        return (f"in the {['first', 'second'][h]} half of {y}", date(y, 6 * h + 1, 1), month_end(y, 6 * h + 6))
    if k == 2:
        return (f"in {MONTHS[d.month - 1]} {y}", date(y, d.month, 1), month_end(y, d.month))
    q = (d.month - 1) // 3
    return (
        f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y} ({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})",
        date(y, 3 * q + 1, 1),
        month_end(y, 3 * q + 3),
    )


def first_last_entity(world: World, rng: random.Random) -> Q | None:
    _s, r, o, d = rng.choice(world.inscope)
    phrase, a, b = periods(world, d, rng)
    evs = [(x, t) for x, t in world.ro[(r, o)] if a <= x <= b]
    if len({x for x, _ in evs}) < 3:
        return None
    last = rng.random() < 0.5
    pick = max(x for x, _ in evs) if last else min(x for x, _ in evs)
    ans = sorted({t for x, t in evs if x == pick})
    if len(ans) > 5:
        return None
    word = "last" if last else "first"
    obj = say_entity(o, rng)
    pp = REL[r][2]
    style = rng.randrange(4)
    if style == 1 and not pp:
        style = 3  # no passive participle for this relation: the 'Name whoever' shape
    if style == 0:
        text = f"Who was the {word} to {active(r, o, rng, 1)} {phrase}?"
    elif style == 1 and pp:
        text = f"{cap(phrase)}, by whom {be(obj)} {obj} {rng.choice(pp)} {'most recently' if last else 'first'}?"
    elif style == 2:
        ing = rng.choice(REL[r][3]).format(o=obj)
        text = f"{cap(phrase)}, whose was the {'latest' if last else 'earliest'} instance of {ing}?"
    else:
        text = f"Name whoever {word} {active(r, o, rng)} {phrase}."
    return Q(
        text,
        ans,
        "entity",
        "day",
        "first_last",
        f"first_last_entity:{word}:{style}",
        {"kind": "extreme_subjects", "r": r, "o": o, "a": a.isoformat(), "b": b.isoformat(), "last": last},
    )


def first_last_time(world: World, rng: random.Random) -> Q | None:
    s, r, o, d = rng.choice(world.inscope)
    y = d.year
    days = [x for x in world.sro[(s, r, o)] if x.year == y]
    if len(set(days)) < 2:
        return None
    last = rng.random() < 0.5
    pick = max(days) if last else min(days)
    level = rng.choice(["day", "month"])
    S = say_entity(s, rng)
    word = "last" if last else "first"
    if level == "day":
        ans = [pick.isoformat()]
        text = rng.choice(
            [
                f"When did {S} {active(r, o, rng, 1)} for the {word} time in {y}?",
                f"In {y}, on what date did {S} {word} {active(r, o, rng, 1)}?",
            ]
        )
    else:
        if len({x.month for x in days}) < 2:
            return None
        obj = say_entity(o, rng)
        ans = [pick.isoformat()[:7]]
        text = rng.choice(
            [
                f"In which month of {y} did {S} {active(r, o, rng, 1)} for the {word} time?",
                f"Which month of {y} saw the {word} occasion of {S} {rng.choice(REL[r][3]).format(o=obj)}?",
            ]
        )
    return Q(
        text,
        ans,
        "time",
        level,
        "first_last",
        f"first_last_time:{word}:{level}",
        {"kind": "extreme_time", "s": s, "r": r, "o": o, "y": str(y), "last": last, "level": level},
    )


def before_after_date(world: World, rng: random.Random) -> Q | None:
    _s, r, o, d = rng.choice(world.inscope)
    after = rng.random() < 0.5
    if after:
        cut = d - timedelta(days=rng.randrange(1, 20))
        if cut < world.lo:
            return None
        a, b = cut + timedelta(days=1), world.hi
        scope = "" if world.hi.year == 2015 else f" (later in {world.hi.year})"
    else:
        cut = d + timedelta(days=rng.randrange(1, 20))
        if cut.year != d.year:
            return None
        a, b = date(d.year, 1, 1), cut - timedelta(days=1)
        scope = ""
    ans = world.subjects(r, o, a, b)
    if not 1 <= len(ans) <= 5:
        return None
    D = say_day(cut, rng)
    if after:
        text = rng.choice(
            [
                f"Who {active(r, o, rng)} after {D}{scope}?",
                f"After {D}, which actors {active(r, o, rng)}{scope}?",
                f"List everyone who {active(r, o, rng)} at any time after {D}{scope}.",
            ]
        )
    else:
        text = rng.choice(
            [
                f"In {d.year}, before {D}, who {active(r, o, rng)}?",
                f"Which actors {active(r, o, rng)} in {d.year} prior to {D}?",
                f"Between the start of {d.year} and {D} (exclusive), who had {active(r, o, rng)}?",
            ]
        )
    return Q(
        text,
        sorted(ans),
        "entity",
        "day",
        "before_after",
        f"before_after_date:{'after' if after else 'before'}",
        {"kind": "subjects_window", "r": r, "o": o, "a": a.isoformat(), "b": b.isoformat()},
    )


def anchor_phrase(s: str, r: str, o: str, rng: random.Random) -> str:
    S = say_entity(s, rng)
    if rng.randrange(3) == 1 and REL[r][2]:
        o_ = say_entity(o, rng)
        return f"{o_} {be(o_)} {rng.choice(REL[r][2])} by {S}"
    return f"{S} {active(r, o, rng)}"


class AnchorIndex:
    def __init__(self, world: World) -> None:
        self.by_entity: dict[str, list[tuple[str, str, str, date]]] = defaultdict(list)
        for s, r, o, d in world.inscope:
            if world.unique_anchor(s, r, o) is not None:
                self.by_entity[o].append((s, r, o, d))
                self.by_entity[s].append((s, r, o, d))
        for v in self.by_entity.values():
            v.sort()


def anchored(world: World, aidx: AnchorIndex, rng: random.Random, mode: str) -> Q | None:
    s, r, o, d = rng.choice(world.inscope)
    cands = [x for x in aidx.by_entity.get(o, []) if x != (s, r, o, d)]
    if not cands:
        return None
    sa, ra, oa, da = rng.choice(cands)
    if (sa, ra, oa) == (s, r, o):
        return None
    evs = world.ro[(r, o)]
    A = anchor_phrase(sa, ra, oa, rng)
    if mode == "after_first":
        later = [x for x, _ in evs if x > da]
        if not later:
            return None
        pick = min(later)
        ans = {t for x, t in evs if x == pick}
        text = rng.choice(
            [
                f"After {A}, who was the first to {active(r, o, rng, 1)}?",
                f"Who was the next to {active(r, o, rng, 1)} after {A}?",
                f"Once {A}, who {active(r, o, rng)} first?",
            ]
        )
        qtype, chk = "after_first", {"kind": "anchor_next", "dir": "after"}
    elif mode == "before_last":
        earlier = [x for x, _ in evs if x < da]
        if not earlier or max(earlier) < world.lo:
            return None
        pick = max(earlier)
        ans = {t for x, t in evs if x == pick}
        text = rng.choice(
            [
                f"Who was the last to {active(r, o, rng, 1)} before {A}?",
                f"Just before {A}, who had last {active(r, o, rng)}?",
                f"Before {A}, who most recently {active(r, o, rng)}?",
            ]
        )
        qtype, chk = "before_last", {"kind": "anchor_next", "dir": "before"}
    elif mode == "after_list":
        ans = {t for x, t in evs if x > da}
        text = rng.choice(
            [
                f"Who {active(r, o, rng)} after {A}?",
                f"Following the occasion when {A}, which actors {active(r, o, rng)}?",
            ]
        )
        if world.hi.year == 2014:
            text = text[:-1] + " (later in 2014)?"
        qtype, chk = "before_after", {"kind": "anchor_range", "dir": "after"}
    else:
        rel_kind = rng.choice(["same_day", "same_month", "same_month", "day_after", "same_week"])
        if rel_kind == "same_day":
            a = b = da
            when = rng.choice([f"on the same day that {A}", f"on the very day {A}"])
        elif rel_kind == "same_month":
            a, b = date(da.year, da.month, 1), month_end(da.year, da.month)
            when = rng.choice([f"in the same month as {A}", f"during the month in which {A}"])
        elif rel_kind == "day_after":
            a = b = da + timedelta(days=1)
            if a > world.hi:
                return None
            when = f"on the day after {A}"
        else:
            a = da - timedelta(days=da.weekday())
            b = a + timedelta(days=6)
            if a < world.lo or b > world.hi:
                return None
            when = f"in the same Monday-to-Sunday week as {A}"
        ans = {t for x, t in evs if a <= x <= b}
        if (ra, oa) == (r, o):
            ans.discard(sa)
        qtype = "equal_multi"
        chk = {"kind": "anchor_window", "rel": rel_kind}
        style = rng.randrange(3)
        if style == 0:
            text = f"Who {active(r, o, rng)} {when}?"
        elif style == 1:
            text = f"{cap(when)}, which actors {active(r, o, rng)}?"
        else:
            text = f"Name those who {active(r, o, rng)} {when}."
        if (ra, oa) == (r, o):
            text = text.replace("Who ", "Who else ", 1).replace("which actors", "which other actors")
            text = text.replace("Name those who", "Name the others who")
        mode = f"equal_multi:{rel_kind}"
    if not 1 <= len(ans) <= 5:
        return None
    chk_: dict[str, Any] = dict(chk)
    chk_.update({"sa": sa, "ra": ra, "oa": oa, "r": r, "o": o, "exclude": sa if (ra, oa) == (r, o) else None})
    return Q(text, sorted(ans), "entity", "day", qtype, f"anchored:{mode}", chk_)


def ellipsis_week(world: World, rng: random.Random) -> Q | None:
    """A stated event, then 'who else did so' in a stated window: the target relation is only in the first clause."""
    s, r, o, d = rng.choice(world.inscope)
    a = d - timedelta(days=d.weekday())
    b = a + timedelta(days=6)
    if a < world.lo or b > world.hi:
        return None
    ans = world.subjects(r, o, a, b) - {s}
    if not 1 <= len(ans) <= 5:
        return None
    text = (
        f"{say_entity(s, rng)} {active(r, o, rng)} on {say_day(d, rng)}. Who else did so that week "
        f"(Monday {say_day(a, rng)} to Sunday {say_day(b, rng)})?"
    )
    return Q(
        text,
        sorted(ans),
        "entity",
        "day",
        "equal",
        "ellipsis_who_else_week",
        {"kind": "subjects_window", "r": r, "o": o, "a": a.isoformat(), "b": b.isoformat(), "exclude": s},
    )


NAMED_DAYS = [((12, 25), "Christmas Day"), ((1, 1), "New Year's Day"), ((12, 31), "New Year's Eve"),
              ((2, 14), "Valentine's Day"), ((7, 4), "US Independence Day (July 4)"), ((5, 1), "May Day (May 1)"),
              ((11, 11), "Armistice Day (November 11)"), ((12, 24), "Christmas Eve")]  # fmt: skip


def named_day(world: World, rng: random.Random) -> Q | None:
    (m, dd), name = rng.choice(NAMED_DAYS)
    y = rng.choice(sorted({world.lo.year, world.hi.year}))
    day = date(y, m, dd)
    pool = [f for f in world.inscope if f[3] == day]
    if not pool:
        return None
    _s, r, o, d = rng.choice(pool)
    ans = world.subjects(r, o, d, d)
    if not 1 <= len(ans) <= 5:
        return None
    text = rng.choice([f"Who {active(r, o, rng)} on {name} {y}?", f"On {name} of {y}, who {active(r, o, rng)}?"])
    return Q(
        text,
        sorted(ans),
        "entity",
        "day",
        "equal",
        "named_day",
        {"kind": "subjects_window", "r": r, "o": o, "a": d.isoformat(), "b": d.isoformat()},
    )


# ---- second check: every gold recomputed in Cypher, written differently from the Python pass -----------------------


def check(ses: Any, q: Q) -> list[str]:
    c = q.check
    k = c["kind"]
    if k == "subjects_window":
        rows = ses.run(
            "MATCH (o:Entity) WHERE o.name = $o MATCH (o)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b "
            "RETURN collect(DISTINCT s.name) AS x",
            o=c["o"],
            r=c["r"],
            a=c["a"],
            b=c["b"],
        ).single()["x"]
        return sorted(set(rows) - {c.get("exclude")})
    if k == "time_set":
        if "-" in c["y"]:
            y0, y1 = c["y"].split("-")
            rows = ses.run(
                "MATCH (s:Entity {name:$s})<-[:SUBJECT]-(e:Event {relation:$r})-[:OBJECT]->(:Entity {name:$o}) "
                "WITH e.valid_from.year AS yr WHERE yr >= toInteger($y0) AND yr <= toInteger($y1) "
                "RETURN collect(DISTINCT toString(yr)) AS x",
                s=c["s"],
                r=c["r"],
                o=c["o"],
                y0=y0,
                y1=y1,
            ).single()["x"]
            return sorted(rows)
        rows = ses.run(
            "MATCH (s:Entity {name:$s})<-[:SUBJECT]-(e:Event {relation:$r})-[:OBJECT]->(:Entity {name:$o}) "
            "WHERE substring(toString(e.valid_from), 0, 4) = $y "
            "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS x",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            y=c["y"],
            n=c["n"],
        ).single()["x"]
        return sorted(rows)
    if k == "extreme_subjects":
        agg = "max" if c["last"] else "min"
        rows = ses.run(
            "MATCH (e:Event)-[:OBJECT]->(o:Entity) WHERE o.name = $o AND e.relation = $r "
            "AND e.valid_from >= date($a) AND e.valid_from <= date($b) "
            f"WITH o, {agg}(e.valid_from) AS m "
            "MATCH (o)<-[:OBJECT]-(e2:Event)-[:SUBJECT]->(s) WHERE e2.relation = $r AND e2.valid_from = m "
            "RETURN collect(DISTINCT s.name) AS x",
            o=c["o"],
            r=c["r"],
            a=c["a"],
            b=c["b"],
        ).single()["x"]
        return sorted(rows)
    if k == "extreme_time":
        order = "DESC" if c["last"] else "ASC"
        n = 10 if c["level"] == "day" else 7
        rows = ses.run(
            "MATCH (:Entity {name:$o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(:Entity {name:$s}) "
            "WHERE e.relation = $r AND e.valid_from.year = toInteger($y) "
            f"RETURN toString(e.valid_from) AS d ORDER BY d {order} LIMIT 1",
            s=c["s"],
            r=c["r"],
            o=c["o"],
            y=c["y"],
        ).data()
        return [rows[0]["d"][:n]] if rows else []
    # anchored kinds: the anchor's date is found in Cypher and must be unique
    head = (
        "MATCH (:Entity {name:$sa})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {name:$oa}) WHERE a.relation = $ra "
        "WITH collect(DISTINCT a.valid_from) AS ad WHERE size(ad) = 1 WITH ad[0] AS ad "
        "MATCH (e:Event)-[:OBJECT]->(:Entity {name:$o}) WHERE e.relation = $r "
    )
    p = {x: c[x] for x in ("sa", "ra", "oa", "r", "o")}
    if k == "anchor_next":
        if c["dir"] == "after":
            tail = "AND e.valid_from > ad WITH ad, min(e.valid_from) AS m "
        else:
            tail = "AND e.valid_from < ad WITH ad, max(e.valid_from) AS m "
        q2 = (
            head
            + tail
            + "MATCH (e2:Event)-[:OBJECT]->(:Entity {name:$o}) WHERE e2.relation = $r AND e2.valid_from = m "
            "MATCH (e2)-[:SUBJECT]->(s) RETURN collect(DISTINCT s.name) AS x"
        )
    elif k == "anchor_range":
        q2 = head + "AND e.valid_from > ad MATCH (e)-[:SUBJECT]->(s) RETURN collect(DISTINCT s.name) AS x"
    else:
        cond = {
            "same_day": "toString(e.valid_from) = toString(ad)",
            "same_month": "e.valid_from.year = ad.year AND e.valid_from.month = ad.month",
            "day_after": "duration.inDays(ad, e.valid_from).days = 1",
            "same_week": "date.truncate('week', e.valid_from) = date.truncate('week', ad)",
        }[c["rel"]]
        q2 = head + f"AND {cond} MATCH (e)-[:SUBJECT]->(s) RETURN collect(DISTINCT s.name) AS x"
    rec = ses.run(q2, **p).single()
    rows = rec["x"] if rec else []
    return sorted(set(rows) - {c.get("exclude")})


def load_facts(ses: Any) -> list[tuple[str, str, str, date]]:
    rows = ses.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    return sorted({(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows})


PLAN = {
    # generator name -> (count on mtq, count on bench)
    "who_window": (34, 22),
    "named_day": (3, 2),
    "ellipsis": (4, 3),
    "when_equal": (16, 9),
    "first_last_entity": (9, 6),
    "first_last_time": (7, 5),
    "before_after_date": (8, 6),
    "after_list": (4, 3),
    "after_first": (6, 5),
    "before_last": (6, 5),
    "equal_multi": (9, 6),
}


def generate(world: World, store: str) -> list[Q]:
    rng = random.Random(f"{SEED}-{store}")
    years = sorted({world.lo.year, world.hi.year})
    aidx = AnchorIndex(world)
    gens: dict[str, Callable[[], Q | None]] = {
        "who_window": lambda: who_window(world, rng),
        "named_day": lambda: named_day(world, rng),
        "ellipsis": lambda: ellipsis_week(world, rng),
        "when_equal": lambda: when_equal(world, rng, years),
        "first_last_entity": lambda: first_last_entity(world, rng),
        "first_last_time": lambda: first_last_time(world, rng),
        "before_after_date": lambda: before_after_date(world, rng),
        "after_list": lambda: anchored(world, aidx, rng, "after_list"),
        "after_first": lambda: anchored(world, aidx, rng, "after_first"),
        "before_last": lambda: anchored(world, aidx, rng, "before_last"),
        "equal_multi": lambda: anchored(world, aidx, rng, "equal_multi"),
    }
    out: list[Q] = []
    seen: set[str] = set()
    rel_use: Counter[str] = Counter()
    idx = 0 if store == "mtq" else 1
    for name, counts in PLAN.items():
        want, got, tries = counts[idx], 0, 0
        while got < want and tries < 20000:
            tries += 1
            q = gens[name]()
            if q is None or q.question in seen:
                continue
            r = str(q.check.get("r"))
            if rel_use[r] >= 8:  # spread over many relations
                continue
            seen.add(q.question)
            rel_use[r] += 1
            out.append(q)
            got += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    lo, hi = (date(2014, 1, 1), date(2015, 12, 31)) if args.store == "mtq" else (date(2014, 1, 1), date(2014, 12, 31))
    prefix = "b29m" if args.store == "mtq" else "b29i"
    with (
        neo4j.GraphDatabase.driver(uri, auth=auth) as drv,
        drv.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as ses,
    ):
        world = World(load_facts(ses), lo, hi)
        qs = generate(world, args.store)
        lines, agree = [], 0
        for i, q in enumerate(qs):
            second = check(ses, q)
            ok = second == sorted(q.answers)
            agree += ok
            quid = f"{prefix}{i:03d}"
            rec = {
                "quid": quid, "id": quid, "question": q.question, "answers": q.answers,
                "answer_type": q.answer_type, "time_level": q.time_level, "qtype": q.qtype,
                "qlabel": "Single" if q.qtype in ("equal", "before_after", "first_last") else "Multiple",
                "evidence": [], "construction": q.construction, "store": args.store,
                "check": q.check["kind"], "check_agrees": ok,
            }  # fmt: skip
            rec["question"] = cap(q.question)
            lines.append(json.dumps(rec, ensure_ascii=False, sort_keys=True))
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    rels = {q.check.get("r") for q in qs} | {q.check.get("ra") for q in qs}
    print(f"{args.store}: {len(qs)} questions, second check agrees on {agree}, {len(rels - {None})} relations")


if __name__ == "__main__":
    main()
