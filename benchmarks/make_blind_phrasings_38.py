"""Blind held-out set 38: MultiTQ-style questions with gold computed from the store, for an honest reader figure.

Run from the worktree root against a read-only store (settings from the environment):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_38.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_38.py --store bench --out <work>/blind_icews14.jsonl

Gold is computed in Python over one read of every (subject, relation, object, day); each gold is then recomputed by a
second, differently written Cypher query (string date comparison, aggregation in Cypher, anchors resolved in Cypher).
Deterministic for a fixed store (seed 20261238).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261238
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]  # fmt: skip
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
PREFIX = {"mtq": "b38m", "bench": "b38i"}

# relation -> (past tense "S ... O", base "did S ... O", noun phrase for "the ... of O by S" style)
REL: dict[str, tuple[str, str]] = {
    "Make_statement": ("made a public statement about {o}", "make a statement about {o}"),
    "Consult": ("held consultations with {o}", "consult {o}"),
    "Make_an_appeal_or_request": ("appealed to {o}", "make a request of {o}"),
    "Express_intent_to_meet_or_negotiate": ("said it wanted talks with {o}", "signal willingness to meet {o}"),
    "Make_a_visit": ("paid a visit to {o}", "pay a visit to {o}"),
    "Host_a_visit": ("welcomed a visit from {o}", "receive a visit from {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": ("arrested, detained or charged {o}", "arrest or charge {o}"),
    "Praise_or_endorse": ("spoke in praise of {o}", "endorse {o}"),
    "Criticize_or_denounce": ("denounced {o}", "criticise {o}"),
    "Use_conventional_military_force": ("used military force against {o}", "use armed force against {o}"),
    "Engage_in_negotiation": ("negotiated with {o}", "hold negotiations with {o}"),
    "Accuse": ("levelled accusations at {o}", "accuse {o}"),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with {o}", "work diplomatically with {o}"),
    "Sign_formal_agreement": ("signed a formal agreement with {o}", "sign a deal with {o}"),
    "Express_intent_to_cooperate": ("expressed an intention to cooperate with {o}", "offer to cooperate with {o}"),
    "Demand": ("made demands of {o}", "issue a demand to {o}"),
    "Investigate": ("investigated {o}", "open an investigation into {o}"),
    "Make_optimistic_comment": ("made optimistic remarks about {o}", "sound upbeat about {o}"),
    "Reject": ("rebuffed {o}", "turn down {o}"),
    "Discuss_by_telephone": ("spoke by phone with {o}", "have a phone call with {o}"),
    "Make_pessimistic_comment": ("made gloomy remarks about {o}", "comment pessimistically on {o}"),
    "Threaten": ("threatened {o}", "issue threats against {o}"),
    "Meet_at_a_'third'_location": ("held a meeting at a third location with {o}", "meet on neutral ground with {o}"),
    "Make_empathetic_comment": ("expressed sympathy for {o}", "voice sympathy with {o}"),
    "Provide_humanitarian_aid": ("provided humanitarian aid to {o}", "send humanitarian relief to {o}"),
    "Deny_responsibility": ("denied responsibility towards {o}", "deny responsibility to {o}"),
    "Bring_lawsuit_against": ("sued {o}", "take legal action against {o}"),
    "Provide_military_aid": ("gave military aid to {o}", "supply military aid to {o}"),
    "Express_accord": ("expressed agreement with {o}", "say it agreed with {o}"),
    "Reduce_or_break_diplomatic_relations": ("cut diplomatic ties with {o}", "break off relations with {o}"),
    "Provide_economic_aid": ("gave economic aid to {o}", "provide economic assistance to {o}"),
    "Impose_embargo,_boycott,_or_sanctions": ("imposed sanctions on {o}", "slap sanctions on {o}"),
}
# relation -> passive ("O was ... by whom")
PASSIVE = {
    "Criticize_or_denounce": "criticised",
    "Praise_or_endorse": "praised",
    "Accuse": "accused",
    "Threaten": "threatened",
    "Investigate": "investigated",
    "Consult": "consulted",
    "Arrest,_detain,_or_charge_with_legal_action": "arrested or charged",
    "Bring_lawsuit_against": "sued",
    "Make_an_appeal_or_request": "appealed to",
    "Host_a_visit": "hosted on a visit",
    "Make_a_visit": "visited",
    "Reject": "rebuffed",
}
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Ministry": "a ministry of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Business": "businesses in {c}",
    "Media": "the media in {c}",
    "Protester": "protesters in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Lawmaker": "lawmakers of {c}",
    "Legislature": "the legislature of {c}",
    "Criminal": "criminals in {c}",
    "Activist": "activists in {c}",
    "Court Judge": "a court judge in {c}",
    "City Mayor": "a city mayor in {c}",
    "Children": "children in {c}",
    "Women": "women in {c}",
}
THE = {"United States", "United Kingdom", "Philippines", "Netherlands", "Central African Republic", "Czech Republic",
       "Dominican Republic", "European Union", "United Nations", "Gambia", "Vatican City", "United Arab Emirates",
       "Congo", "Democratic Republic of Congo", "Republic of Korea", "Ivory Coast", "Maldives", "Bahamas",
       "Russian Federation", "UN Security Council", "International Monetary Fund", "World Bank", "Taliban",
       "Kurdistan Workers' Party", "Hamas", "Islamic State", "Supreme Court", "Parliament"}  # fmt: skip


def ent(name: str) -> str | None:
    """How a person would say a KG entity; None when it has no plain phrasing (skipped)."""
    if "(" in name:
        sector, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if sector not in SECTOR or "(" in country:
            return None
        return SECTOR[sector].format(c=("the " + country) if country in THE else country)
    if any(ch in name for ch in "/_;") or len(name) > 40:
        return None
    return ("the " + name) if name in THE else name


def en(name: str) -> str:
    """The phrasing of an entity already known to have one."""
    p = ent(name)
    assert p is not None
    return p


def dd(d: str) -> str:
    y, m, day = d.split("-")
    return f"{int(day)} {MONTHS[int(m) - 1]} {y}"


def dd_us(d: str) -> str:
    y, m, day = d.split("-")
    return f"{MONTHS[int(m) - 1]} {int(day)}, {y}"


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def mm(m: str) -> str:
    y, mo = m.split("-")
    return f"{MONTHS[int(mo) - 1]} {y}"


def month_end(y: int, m: int) -> str:
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


def past(r: str, o: str) -> str:
    return REL[r][0].format(o=o)


def base(r: str, o: str) -> str:
    return REL[r][1].format(o=o)


class KG:
    """Every (s, r, o, day) of the store, indexed for gold computation."""

    def __init__(self, facts: list[tuple[str, str, str, str]], lo: str, hi: str) -> None:
        self.facts = facts
        self.lo, self.hi = lo, hi
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in facts:
            self.ro[(r, o)].append((d, s))
            self.sr[(s, r)].append((d, o))
            self.sro[(s, r, o)].append(d)
        for pairs in (*self.ro.values(), *self.sr.values()):
            pairs.sort()
        for days in self.sro.values():
            days.sort()
        # candidate facts: inside the period, phrasable, with a relation we know how to say
        self.cands = sorted(
            f for f in facts if lo <= f[3] <= hi and f[1] in REL and ent(f[0]) and ent(f[2]) and f[0] != f[2]
        )

    def subj(self, r: str, o: str, lo: str, hi: str, excl: tuple[str, ...] = ()) -> list[str]:
        return sorted({s for d, s in self.ro[(r, o)] if lo <= d <= hi and s not in excl})

    def obj(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for d, o in self.sr[(s, r)] if lo <= d <= hi})

    def dates(self, s: str, r: str, o: str, lo: str, hi: str) -> list[str]:
        return [d for d in self.sro[(s, r, o)] if lo <= d <= hi]

    def unique_anchor(self, s: str, r: str, o: str) -> bool:
        return len(self.sro[(s, r, o)]) == 1


Q = dict[str, Any]


def mk(
    qtype: str, atype: str, level: str, question: str, answers: list[str], construction: str, check: dict[str, Any]
) -> Q:
    return {
        "question": question,
        "answers": answers,
        "answer_type": atype,
        "time_level": level,
        "qtype": qtype,
        "qlabel": "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single",
        "construction": construction,
        "_check": check,
    }


def sub_check(r: str, o: str, lo: str, hi: str, excl: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"kind": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "excl": list(excl)}


# ---- constructions: each yields candidate questions from a random fact ------------------------------------
def c_day_who(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    g = kg.subj(r, o, d, d)
    forms = [
        f"Who {past(r, en(o))} on {dd(d)}?",
        f"On {dd_us(d)}, which actor {past(r, en(o))}?",
        f"Tell me who {past(r, en(o))} on the {ordinal(int(d[8:]))} of {mm(d[:7])}.",
    ]
    q = rng.choice(forms)
    return mk("equal", "entity", "day", q, g, "equal_day_who", sub_check(r, o, d, d))


def c_day_passive(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    if r not in PASSIVE:
        return None
    g = kg.subj(r, o, d, d)
    e = en(o)
    q = rng.choice([f"By whom was {e} {PASSIVE[r]} on {dd(d)}?", f"{dd_us(d)}: {e} was {PASSIVE[r]} by whom?"])
    q = q[0].upper() + q[1:]
    return mk("equal", "entity", "day", q, g, "equal_day_passive", sub_check(r, o, d, d))


def c_month_whom(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, _o, d = f
    y, m = int(d[:4]), int(d[5:7])
    lo, hi = d[:8] + "01", month_end(y, m)
    g = kg.obj(s, r, lo, hi)
    q = rng.choice(
        [
            f"Name every party that {en(s)} {past(r, 'X').removesuffix(' X')} in {mm(d[:7])}.",
            f"In {mm(d[:7])}, whom did {en(s)} {base(r, 'X').removesuffix(' X')}?",
            f"Which parties did {en(s)} {base(r, 'X').removesuffix(' X')} during {mm(d[:7])}?",
        ]
    )
    return mk(
        "equal", "entity", "month", q, g, "equal_month_objects", {"kind": "obj", "s": s, "r": r, "lo": lo, "hi": hi}
    )


def c_year_who(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    y = d[:4]
    g = kg.subj(r, o, f"{y}-01-01", f"{y}-12-31")
    q = rng.choice([f"Over the course of {y}, who {past(r, en(o))}?", f"List the actors that {past(r, en(o))} in {y}."])
    return mk("equal", "entity", "year", q, g, "equal_year_who", sub_check(r, o, f"{y}-01-01", f"{y}-12-31"))


def c_ndays(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    n = rng.choice([3, 5, 7, 10])
    start = date.fromisoformat(d) - timedelta(days=rng.randrange(n))
    end = start + timedelta(days=n - 1)
    lo, hi = start.isoformat(), end.isoformat()
    if lo < kg.lo or hi > kg.hi:
        return None
    g = kg.subj(r, o, lo, hi)
    q = f"During the {n} days from {dd(lo)} to {dd(hi)} (both days included), who {past(r, en(o))}?"
    return mk("equal", "entity", "day", q, g, "equal_ndays_window", sub_check(r, o, lo, hi))


def c_part_year(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, _o, d = f
    y, m = int(d[:4]), int(d[5:7])
    kind = rng.choice(["quarter", "half", "season"])
    if kind == "quarter":
        qn = (m - 1) // 3 + 1
        a, b = 3 * qn - 2, 3 * qn
        label = (
            f"the {['first', 'second', 'third', 'fourth'][qn - 1]} quarter of {y} ({MONTHS[a - 1]} to {MONTHS[b - 1]})"
        )
    elif kind == "half":
        a, b = (1, 6) if m <= 6 else (7, 12)
        label = (
            f"the {'first' if m <= 6 else 'second'} half of {y} (January to June)"
            if m <= 6
            else f"the second half of {y} (July through December)"
        )
    else:
        seasons = {(3, 5): "spring", (6, 8): "summer", (9, 11): "autumn"}
        for (a, b), _nm in seasons.items():
            if a <= m <= b:
                break
        else:
            return None
        label = f"the {seasons[(a, b)]} of {y} (meaning {MONTHS[a - 1]}, {MONTHS[a]} and {MONTHS[b - 1]})"
    lo, hi = f"{y}-{a:02d}-01", month_end(y, b)
    g = kg.obj(s, r, lo, hi)
    q = rng.choice(
        [
            f"Which partners did {en(s)} {base(r, 'X').removesuffix(' X')} in {label}?",
            f"In {label}, who were the targets when {en(s)} {past(r, 'someone')}?",
        ]
    )
    return mk("equal", "entity", "month", q, g, f"equal_{kind}", {"kind": "obj", "s": s, "r": r, "lo": lo, "hi": hi})


NAMED = {"12-25": "Christmas Day", "01-01": "New Year's Day", "12-31": "New Year's Eve", "02-14": "Valentine's Day",
         "07-04": "US Independence Day (4 July)", "05-01": "May Day (1 May)", "10-31": "Halloween (31 October)",
         "12-24": "Christmas Eve"}  # fmt: skip


def c_named_day(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    if d[5:] not in NAMED:
        return None
    g = kg.subj(r, o, d, d)
    q = f"Who {past(r, en(o))} on {NAMED[d[5:]]} {d[:4]}?"
    return mk("equal", "entity", "day", q, g, "equal_named_day", sub_check(r, o, d, d))


def c_ellipsis_week(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    if kg.sro[(s, r, o)].count(d) != 1 or len(kg.dates(s, r, o, d, d)) != 1:
        return None
    day = date.fromisoformat(d)
    mon = day - timedelta(days=day.weekday())
    sun = mon + timedelta(days=6)
    lo, hi = mon.isoformat(), sun.isoformat()
    if lo < kg.lo or hi > kg.hi:
        return None
    g = kg.subj(r, o, lo, hi, (s,))
    q = (
        f"{en(s)[0].upper()}{en(s)[1:]} {past(r, en(o))} on {dd(d)}. Who else did the same that week "
        f"(Monday {dd(lo)} to Sunday {dd(hi)})?"
    )
    return mk("equal", "entity", "day", q, g, "equal_ellipsis_week", sub_check(r, o, lo, hi, (s,)))


def scope_year(kg: KG, d: str) -> tuple[str, str, str]:
    y = d[:4]
    return f"{y}-01-01", f"{y}-12-31", y


def c_when_day(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    lo, hi, y = scope_year(kg, d)
    g = kg.dates(s, r, o, lo, hi)
    q = rng.choice(
        [
            f"On what date in {y} did {en(s)} {base(r, en(o))}?",
            f"Give me the day(s) in {y} when {en(s)} {past(r, en(o))}.",
        ]
    )
    return mk(
        "equal",
        "time",
        "day",
        q,
        sorted(set(g)),
        "when_day",
        {"kind": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": 10},
    )


def c_which_month_saw(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    lo, hi, y = scope_year(kg, d)
    g = sorted({x[:7] for x in kg.dates(s, r, o, lo, hi)})
    q = f"Which month of {y} saw {en(s)} {base(r, en(o))}?"
    return mk(
        "equal",
        "time",
        "month",
        q,
        g,
        "when_month_subject",
        {"kind": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": 7},
    )


def c_which_year(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, _d = f
    if kg.lo[:4] == kg.hi[:4]:
        return None
    g = sorted({x[:4] for x in kg.dates(s, r, o, kg.lo, kg.hi)})
    q = f"Was it in 2014 or in 2015 that {en(s)} {past(r, en(o))}? Give the year."
    return mk(
        "equal",
        "time",
        "year",
        q,
        g,
        "when_year_choice",
        {"kind": "time", "s": s, "r": r, "o": o, "lo": kg.lo, "hi": kg.hi, "k": 4},
    )


def c_first_who(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    lo, hi, y = scope_year(kg, d)
    ev = [(x, a) for x, a in kg.ro[(r, o)] if lo <= x <= hi]
    first = ev[0][0]
    g = sorted({a for x, a in ev if x == first})
    q = rng.choice(
        [f"Who was the first to {base(r, en(o))} in {y}?", f"In {y}, which actor was first to {base(r, en(o))}?"]
    )
    return mk(
        "first_last",
        "entity",
        "day",
        q,
        g,
        "first_entity_year",
        {"kind": "ext_subj", "r": r, "o": o, "lo": lo, "hi": hi, "ext": "min"},
    )


def c_last_who(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, _d = f
    ev = kg.ro[(r, o)]
    last = ev[-1][0]
    if last < kg.lo:
        return None
    g = sorted({a for x, a in ev if x == last})
    e = en(o)
    q = rng.choice([f"Who most recently {past(r, e)}?", f"Name the last actor that {past(r, e)}."])
    return mk(
        "first_last",
        "entity",
        "day",
        q,
        g,
        "last_entity_whole_store",
        {"kind": "ext_subj", "r": r, "o": o, "lo": "0000-00-00", "hi": "9999-99-99", "ext": "max"},
    )


def c_first_month(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    lo, hi, y = scope_year(kg, d)
    ds = kg.dates(s, r, o, lo, hi)
    q = f"In which month of {y} did {en(s)} {base(r, en(o))} for the first time that year?"
    return mk(
        "first_last",
        "time",
        "month",
        q,
        [ds[0][:7]],
        "first_time_month",
        {"kind": "ext_time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "ext": "min", "k": 7},
    )


def c_last_day(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, _d = f
    ds = kg.sro[(s, r, o)]
    if ds[-1] < kg.lo:
        return None
    q = rng.choice(
        [
            f"When was the last time {en(s)} {past(r, en(o))}?",
            f"What is the latest date on which {en(s)} {past(r, en(o))}?",
        ]
    )
    return mk(
        "first_last",
        "time",
        "day",
        q,
        [ds[-1]],
        "last_time_day",
        {"kind": "ext_time", "s": s, "r": r, "o": o, "lo": "0000", "hi": "9999", "ext": "max", "k": 10},
    )


def c_after_date(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, _o, d = f
    lo = (date.fromisoformat(d) + timedelta(days=1)).isoformat()
    hi = f"{d[:4]}-12-31"
    if lo > hi:
        return None
    g = kg.obj(s, r, lo, hi)
    q = f"After {dd(d)} (up to the end of {d[:4]}), list everyone {en(s)} {past(r, 'X').removesuffix(' X')}."
    return mk(
        "before_after", "entity", "day", q, g, "after_date_objects", {"kind": "obj", "s": s, "r": r, "lo": lo, "hi": hi}
    )


def c_before_date(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    hi = (date.fromisoformat(d) - timedelta(days=1)).isoformat()
    lo = f"{d[:4]}-01-01"
    if hi < lo:
        return None
    g = kg.subj(r, o, lo, hi)
    q = f"In {d[:4]}, before {dd_us(d)}, who {past(r, en(o))}?"
    return mk("before_after", "entity", "day", q, g, "before_date_subjects", sub_check(r, o, lo, hi))


def anchor_phrase(kg: KG, a: tuple[str, str, str, str]) -> str:
    return f"{en(a[0])} {past(a[1], en(a[2]))}"


def pick_anchor(kg: KG, o: str, d: str, rng: random.Random) -> tuple[str, str, str, str] | None:
    """A different event about the same entity o, unique in the whole store, inside the period."""
    opts = [
        (d2, s2, r2)
        for r2 in sorted(REL)
        for d2, s2 in kg.ro.get((r2, o), [])
        if kg.lo <= d2 <= kg.hi and ent(s2) and s2 != o and kg.unique_anchor(s2, r2, o)
    ]
    if not opts:
        return None
    d2, s2, r2 = rng.choice(opts)
    return (s2, r2, o, d2)


def c_after_event(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    a = pick_anchor(kg, s, d, rng)  # anchor: something done to s
    if a is None or a[:3] == (s, r, o):
        return None
    lo = (date.fromisoformat(a[3]) + timedelta(days=1)).isoformat()
    hi = f"{a[3][:4]}-12-31"
    if lo > hi:
        return None
    g = kg.obj(s, r, lo, hi)
    q = f"Once {anchor_phrase(kg, a)}, whom did {en(s)} {base(r, 'X').removesuffix(' X')} in the rest of that year?"
    return mk(
        "before_after",
        "entity",
        "day",
        q,
        g,
        "after_event_objects",
        {"kind": "anchor_obj", "a": list(a[:3]), "s": s, "r": r, "mode": "after_to_year_end"},
    )


def c_after_first(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    if not kg.unique_anchor(s, r, o):
        return None
    nxt = [(x, a) for x, a in kg.ro[(r, o)] if x > d]
    if not nxt:
        return None
    first = nxt[0][0]
    g = sorted({a for x, a in nxt if x == first})
    q = rng.choice(
        [
            f"After {en(s)} {past(r, en(o))}, who was the next to do so?",
            f"Who came next, after {en(s)}, to {base(r, en(o))}?",
        ]
    )
    return mk(
        "after_first",
        "entity",
        "day",
        q,
        g,
        "after_first_next",
        {"kind": "anchor_subj", "a": [s, r, o], "r": r, "o": o, "mode": "next"},
    )


def c_before_last(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, o, d = f
    if not kg.unique_anchor(s, r, o):
        return None
    prv = [(x, a) for x, a in kg.ro[(r, o)] if x < d]
    if not prv or prv[-1][0] < kg.lo:
        return None
    last = prv[-1][0]
    g = sorted({a for x, a in prv if x == last})
    q = rng.choice(
        [
            f"Just before {en(s)} {past(r, en(o))}, who had last done so?",
            f"Who was the last one to {base(r, en(o))} before {en(s)} did?",
        ]
    )
    return mk(
        "before_last",
        "entity",
        "day",
        q,
        g,
        "before_last_previous",
        {"kind": "anchor_subj", "a": [s, r, o], "r": r, "o": o, "mode": "prev"},
    )


def c_same_day(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    a = pick_anchor(kg, o, d, rng)
    if a is None or a[1] == r:
        return None
    g = kg.subj(r, o, a[3], a[3])
    q = f"On the same day that {anchor_phrase(kg, a)}, who {past(r, en(o))}?"
    return mk(
        "equal_multi",
        "entity",
        "day",
        q,
        g,
        "same_day_other_relation",
        {"kind": "anchor_subj", "a": list(a[:3]), "r": r, "o": o, "mode": "same_day"},
    )


def c_same_month(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    s, r, _o, d = f
    a = pick_anchor(kg, s, d, rng)
    if a is None:
        return None
    y, m = int(a[3][:4]), int(a[3][5:7])
    g = kg.obj(s, r, a[3][:8] + "01", month_end(y, m))
    q = f"In the month when {anchor_phrase(kg, a)}, whom did {en(s)} {base(r, 'X').removesuffix(' X')}?"
    return mk(
        "equal_multi",
        "entity",
        "month",
        q,
        g,
        "same_month_objects",
        {"kind": "anchor_obj", "a": list(a[:3]), "s": s, "r": r, "mode": "same_month"},
    )


def c_day_after(kg: KG, f: tuple[str, str, str, str], rng: random.Random) -> Q | None:
    _s, r, o, d = f
    a = pick_anchor(kg, o, d, rng)
    if a is None:
        return None
    nd = (date.fromisoformat(a[3]) + timedelta(days=1)).isoformat()
    if nd > kg.hi:
        return None
    g = kg.subj(r, o, nd, nd)
    q = f"The day after {anchor_phrase(kg, a)}, which actor {past(r, en(o))}?"
    return mk(
        "equal_multi",
        "entity",
        "day",
        q,
        g,
        "day_after_anchor",
        {"kind": "anchor_subj", "a": list(a[:3]), "r": r, "o": o, "mode": "day_after"},
    )


CONSTRUCTIONS: list[tuple[Callable[[KG, tuple[str, str, str, str], random.Random], Q | None], int, int]] = [
    # (function, quota mtq, quota bench)
    (c_day_who, 8, 6), (c_day_passive, 5, 4), (c_month_whom, 6, 4), (c_year_who, 4, 2), (c_ndays, 5, 4),
    (c_part_year, 6, 4), (c_named_day, 4, 3), (c_ellipsis_week, 4, 3),
    (c_when_day, 5, 3), (c_which_month_saw, 5, 3), (c_which_year, 3, 0),
    (c_first_who, 5, 3), (c_last_who, 4, 3), (c_first_month, 4, 3), (c_last_day, 4, 3),
    (c_after_date, 4, 3), (c_before_date, 4, 3), (c_after_event, 4, 3),
    (c_after_first, 5, 4), (c_before_last, 5, 4),
    (c_same_day, 4, 3), (c_same_month, 4, 3), (c_day_after, 3, 2),
]  # fmt: skip


def generate(kg: KG, store: str) -> list[Q]:
    rng = random.Random(SEED)
    out: list[Q] = []
    seen: set[str] = set()
    used_rel: dict[str, int] = defaultdict(int)
    for fn, qm, qb in CONSTRUCTIONS:
        quota = qm if store == "mtq" else qb
        got = 0
        for _ in range(4000):
            if got >= quota:
                break
            f = rng.choice(kg.cands)
            if used_rel[f[1]] >= 10:  # spread over relations
                continue
            q = fn(kg, f, rng)
            if q is None or not q["answers"] or len(q["answers"]) > 5 or q["question"] in seen:
                continue
            seen.add(q["question"])
            used_rel[f[1]] += 1
            out.append(q)
            got += 1
    return out


# ---- second check: one differently written Cypher query per question --------------------------------------
ANCHOR = (
    "MATCH (as:Entity {name: $a0})<-[:SUBJECT]-(a:Event {relation: $a1})-[:OBJECT]->(ao:Entity {name: $a2}) "
    "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
)


def check_query(c: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    k = c["kind"]
    if k == "subj":
        return (
            "MATCH (o:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) WHERE o.name = $o AND e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi AND NOT s.name IN $excl "
            "RETURN collect(DISTINCT s.name) AS a",
            c,
        )
    if k == "obj":
        return (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.relation = $r "
            "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) RETURN collect(DISTINCT o.name) AS a",
            c,
        )
    if k == "time":
        return (
            "MATCH (e:Event)-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity) WHERE e.relation = $r AND s.name = $s "
            "AND o.name = $o AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN collect(DISTINCT left(toString(e.valid_from), $k)) AS a",
            c,
        )
    if k == "ext_subj":
        agg = c["ext"]
        return (
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"WITH {agg}(e.valid_from) AS m MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {{relation: $r, valid_from: m}})"
            "-[:OBJECT]->(:Entity {name: $o}) RETURN collect(DISTINCT s.name) AS a",
            c,
        )
    if k == "ext_time":
        agg = c["ext"]
        return (
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"RETURN [left(toString({agg}(e.valid_from)), $k)] AS a",
            c,
        )
    p = {"a0": c["a"][0], "a1": c["a"][1], "a2": c["a"][2], **c}
    if k == "anchor_subj":
        mode = c["mode"]
        pat = "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        if mode == "next":
            q = (
                ANCHOR
                + pat
                + "WHERE e.valid_from > ad WITH ad, min(e.valid_from) AS m "
                + pat
                + "WHERE e.valid_from = m RETURN collect(DISTINCT s.name) AS a"
            )
        elif mode == "prev":
            q = (
                ANCHOR
                + pat
                + "WHERE e.valid_from < ad WITH ad, max(e.valid_from) AS m "
                + pat
                + "WHERE e.valid_from = m RETURN collect(DISTINCT s.name) AS a"
            )
        elif mode == "same_day":
            q = ANCHOR + pat + "WHERE toString(e.valid_from) = toString(ad) RETURN collect(DISTINCT s.name) AS a"
        else:  # day_after
            q = ANCHOR + pat + "WHERE e.valid_from = ad + duration('P1D') RETURN collect(DISTINCT s.name) AS a"
        return q, p
    if k == "anchor_obj":
        pat = "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
        if c["mode"] == "same_month":
            q = ANCHOR + pat + "WHERE left(toString(e.valid_from), 7) = left(toString(ad), 7) "
        else:
            q = ANCHOR + pat + "WHERE e.valid_from > ad AND e.valid_from.year = ad.year "
        return q + "RETURN collect(DISTINCT o.name) AS a", p
    raise ValueError(k)


def check_text(c: dict[str, Any]) -> str:
    return {
        "subj": "subjects from the object side with string date bounds, collected in Cypher",
        "obj": "objects from the subject side with date() bounds, collected in Cypher",
        "time": "dates of the (s, r, o) triple cut to the asked granularity in Cypher",
        "ext_subj": "min/max date aggregated in Cypher, then the subjects on that date",
        "ext_time": "min/max date of the triple aggregated in Cypher",
        "anchor_subj": "anchor date resolved in Cypher (must be unique), then subjects relative to it",
        "anchor_obj": "anchor date resolved in Cypher (must be unique), then objects relative to it",
    }[c["kind"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    drv = GraphDatabase.driver(uri, auth=auth)
    with drv.session(database=settings.neo4j_database, default_access_mode="READ") as sess:
        rows = sess.run(
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
        )
        facts = sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})
        lo, hi = PERIODS[args.store]
        absent = sorted(set(REL) - {f[1] for f in facts})
        if absent:
            raise SystemExit(f"relations not in the store: {absent}")
        kg = KG(facts, lo, hi)
        qs = generate(kg, args.store)
        agree = 0
        kept: list[Q] = []
        for q in qs:
            cq, params = check_query(q["_check"])
            row = sess.run(cq, params).single()
            got = sorted(row["a"]) if row else []
            ok = got == sorted(q["answers"])
            agree += ok
            if ok:
                kept.append(q)
    drv.close()
    with open(args.out, "w", encoding="utf-8") as fh:
        for i, q in enumerate(kept):
            quid = f"{PREFIX[args.store]}{i:03d}"
            c = q.pop("_check")
            rec = {"quid": quid, "id": quid, **q, "evidence": [], "store": args.store, "check": check_text(c),
                   "check_agrees": True}  # fmt: skip
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{args.store}: facts {len(facts)}, generated {len(qs)}, second check agrees {agree}, kept {len(kept)}")


if __name__ == "__main__":
    main()
