"""Blind held-out question set 17: MultiTQ-style questions with gold answers computed from the stores (deterministic).

Written without looking at the reader, so the set measures how the reader does on phrasings it was never tuned on.
Gold is computed in Python over ALL (subject, relation, object, day) of a store (one Cypher read), then every gold is
recomputed by a second, differently written Cypher query per question (matched from the fixed entity, dates compared
as strings, first/last aggregated in Cypher); questions whose two answers disagree are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        .venv/bin/python benchmarks/make_blind_phrasings_17.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        .venv/bin/python benchmarks/make_blind_phrasings_17.py --store bench --out <dir>/blind_icews14.jsonl

The stores are only read (the neo4j driver directly; no schema is applied).
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261217
# mtq holds only a sample before 2013-11-18: every asked date, window and anchor lies in its complete period.
PERIODS = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
TARGET = {"mtq": 100, "bench": 70}
PREFIX = {"mtq": "b17m", "bench": "b17i"}
MAX_GOLD = 5

# relation -> (base forms, past forms, passive participles); said in everyday words, never the KG name.
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Criticize_or_denounce": (["criticize", "denounce"], ["criticized", "denounced", "condemned"], ["criticized"]),
    "Make_a_visit": (["visit", "pay a visit to"], ["visited", "travelled to", "paid a visit to"], ["visited"]),
    "Host_a_visit": (["host", "receive"], ["hosted", "played host to", "received"], ["hosted"]),
    "Make_statement": (["make a statement about", "comment on"], ["made a statement about", "spoke publicly about"],
                       ["the subject of a statement"]),
    "Consult": (["consult", "hold consultations with"], ["consulted", "held talks with", "conferred with"],
                ["consulted"]),
    "Make_an_appeal_or_request": (["appeal to", "make a request to"], ["appealed to", "made a request to",
                                  "called on"], ["appealed to"]),
    "Express_intent_to_meet_or_negotiate": (["express willingness to meet", "say it wanted to meet"],
                                            ["said they wanted to meet", "expressed willingness to meet"],
                                            ["offered a meeting"]),
    "Arrest,_detain,_or_charge_with_legal_action": (["arrest or detain", "take legal action against"],
                                                    ["arrested or detained", "took legal action against"],
                                                    ["arrested or charged"]),
    "Praise_or_endorse": (["praise", "endorse"], ["praised", "endorsed", "commended"], ["praised"]),
    "Use_conventional_military_force": (["use military force against", "launch military strikes on"],
                                        ["used military force against", "launched military strikes on"],
                                        ["attacked militarily"]),
    "Engage_in_negotiation": (["negotiate with", "hold negotiations with"], ["negotiated with",
                              "held negotiations with"], ["engaged in negotiations"]),
    "Accuse": (["accuse", "level accusations against"], ["accused", "levelled accusations at"], ["accused"]),
    "Engage_in_diplomatic_cooperation": (["cooperate diplomatically with"], ["cooperated diplomatically with",
                                         "worked diplomatically with"], ["engaged in diplomatic cooperation"]),
    "Sign_formal_agreement": (["sign a formal agreement with", "sign an accord with"],
                              ["signed a formal agreement with", "signed an accord with"],
                              ["party to a signed agreement"]),
    "Express_intent_to_cooperate": (["express an intention to cooperate with", "pledge cooperation with"],
                                    ["expressed an intention to cooperate with", "pledged to cooperate with"],
                                    ["offered cooperation"]),
    "Demand": (["make demands of", "issue a demand to"], ["made demands of", "issued a demand to"],
               ["the target of demands"]),
    "Investigate": (["investigate", "open an investigation into"], ["investigated", "opened an inquiry into"],
                    ["investigated"]),
    "Make_optimistic_comment": (["speak optimistically about"], ["spoke optimistically about",
                                "made upbeat remarks about"], ["the subject of optimistic remarks"]),
    "Reject": (["reject", "rebuff"], ["rejected", "rebuffed"], ["rebuffed"]),
    "Discuss_by_telephone": (["talk by phone with", "have a phone call with"], ["spoke by telephone with",
                             "had a phone conversation with"], ["phoned"]),
    "Make_pessimistic_comment": (["make pessimistic remarks about"], ["made pessimistic remarks about",
                                 "spoke gloomily about"], ["the subject of pessimistic remarks"]),
    "Threaten": (["threaten"], ["threatened", "issued threats against"], ["threatened"]),
    "Provide_humanitarian_aid": (["send humanitarian aid to"], ["sent humanitarian aid to",
                                 "provided humanitarian assistance to"], ["given humanitarian aid"]),
    "Make_empathetic_comment": (["express sympathy for"], ["expressed sympathy for", "voiced empathy for"],
                                ["offered sympathy"]),
    "Reduce_relations": (["scale back relations with"], ["scaled back relations with", "downgraded ties with"],
                         ["cut off from closer relations"]),
    "Bring_lawsuit_against": (["sue", "bring a lawsuit against"], ["sued", "filed a lawsuit against"], ["sued"]),
    "Cooperate_economically": (["cooperate economically with"], ["cooperated economically with"],
                               ["an economic partner"]),
    "Threaten_with_military_force": (["threaten with military force"], ["threatened with military force"],
                                     ["threatened with force"]),
    "Impose_embargo,_boycott,_or_sanctions": (["impose sanctions on"], ["imposed sanctions on",
                                              "slapped an embargo on"], ["sanctioned"]),
    "Provide_military_aid": (["give military aid to"], ["gave military aid to", "supplied military aid to"],
                             ["given military aid"]),
}  # fmt: skip
# Passives used only where the participle reads naturally ("X was criticized by whom").
PASSIVE_OK = {"Criticize_or_denounce", "Make_a_visit", "Host_a_visit", "Consult", "Praise_or_endorse", "Accuse",
              "Investigate", "Threaten", "Bring_lawsuit_against", "Impose_embargo,_boycott,_or_sanctions",
              "Arrest,_detain,_or_charge_with_legal_action", "Reject", "Make_an_appeal_or_request"}  # fmt: skip

# Sector entities "Police (Kenya)" said as a person would; other sectors are never asked about (only answered).
SECTOR = {
    "Police": "the police in {c}", "Citizen": "citizens of {c}", "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}", "Military": "the armed forces of {c}", "Ministry": "a ministry of {c}",
    "Foreign Affairs": "the foreign ministry of {c}", "Protester": "protesters in {c}", "Lawmaker": "lawmakers in {c}",
    "Court Judge": "a judge in {c}", "Media": "the media in {c}", "Armed Rebel": "armed rebels in {c}",
    "Military Personnel": "military personnel of {c}", "Legislature": "the legislature of {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}", "Business": "businesses in {c}",
    "Opposition Supporter": "opposition supporters in {c}", "Militant": "militants in {c}",
    "Criminal": "criminals in {c}", "Women": "women in {c}", "Children": "children in {c}",
    "Member of Legislative": "a member of parliament of {c}", "Employee": "employees in {c}",
}  # fmt: skip

MONTHS = list(calendar.month_name)
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
QUARTERS = {1: "January to March", 2: "April to June", 3: "July to September", 4: "October to December"}
SEASONS = [("spring", 3, 5, "March, April and May"), ("summer", 6, 8, "June, July and August"),
           ("autumn", 9, 11, "September, October and November")]  # fmt: skip


# Places no one names as a country ("citizens of International"), and countries said with "the".
NOT_PLACES = {"International", "Unidentified State Actor", "Middle East", "Africa", "Europe", "Asia"}
THE = {"United States", "United Kingdom", "United Arab Emirates", "Netherlands", "Philippines", "Czech Republic",
       "Central African Republic", "Democratic Republic of Congo", "Dominican Republic", "Gambia", "Vatican City State",
       "Russian Federation", "Republic of Korea"}  # fmt: skip


def ent(name: str) -> str | None:
    """How a user names an entity; None where a sector or place has no natural wording here."""
    if "," in name or name in NOT_PLACES:
        return None
    if "(" in name:
        head, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if head in SECTOR and ")" not in country and "(" not in country and "," not in country:
            if country in NOT_PLACES:
                return None
            return SECTOR[head].format(c=f"the {country}" if country in THE else country)
        return None
    return f"the {name}" if name in THE else name


def gerund(base: str) -> str:
    """'pay a visit to' -> 'paying a visit to', 'arrest or detain' -> 'arresting or detaining'."""

    def ing(w: str) -> str:
        if w == "sue":
            return "suing"
        if w.endswith("e") and not w.endswith("ee"):
            return w[:-1] + "ing"
        return w + "ing"

    words = base.split()
    out = [ing(words[0])]
    for i, w in enumerate(words[1:], 1):
        out.append(ing(w) if words[i - 1] == "or" else w)
    return " ".join(out)


def cap(text: str | None) -> str:
    text = text or ""
    return text[:1].upper() + text[1:]


def d(s: str) -> date:
    return date.fromisoformat(s)


def say_day(rng: random.Random, day: str) -> str:
    x = d(day)
    style = rng.randrange(4)
    if style == 0:
        return f"{x.day} {MONTHS[x.month]} {x.year}"
    if style == 1:
        return f"{MONTHS[x.month]} {x.day}, {x.year}"
    if style == 2:
        return day
    return f"{WEEKDAYS[x.weekday()]} {x.day} {MONTHS[x.month]} {x.year}"


def say_month(rng: random.Random, month: str) -> str:
    y, m = month.split("-")
    return rng.choice([f"{MONTHS[int(m)]} {y}", f"{MONTHS[int(m)]} of {y}"])


def month_end(month: str) -> str:
    y, m = (int(v) for v in month.split("-"))
    return f"{month}-{calendar.monthrange(y, m)[1]:02d}"


class Store:
    """Every fact of one store, indexed for gold computation."""

    def __init__(self, facts: list[tuple[str, str, str, str]], period: tuple[str, str]) -> None:
        self.facts = facts
        self.lo, self.hi = period
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, t in facts:
            self.by_ro[(r, o)].append((t, s))
            self.by_sr[(s, r)].append((t, o))
            self.by_sro[(s, r, o)].append(t)
        for pairs in (*self.by_ro.values(), *self.by_sr.values()):
            pairs.sort()
        for days in self.by_sro.values():
            days.sort()
        self.inside = [f for f in facts if self.lo <= f[3] <= self.hi and f[1] in REL]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.inside:
            self.by_rel[f[1]].append(f)
        self.rels = sorted(self.by_rel)

    def subjects(self, r: str, o: str, lo: str, hi: str) -> set[str]:
        return {s for t, s in self.by_ro[(r, o)] if lo <= t <= hi}

    def objects(self, s: str, r: str, lo: str, hi: str) -> set[str]:
        return {o for t, o in self.by_sr[(s, r)] if lo <= t <= hi}

    def unique_anchor(self, f: tuple[str, str, str, str]) -> bool:
        return len(self.by_sro[(f[0], f[1], f[2])]) == 1


Spec = dict[str, Any]
Built = tuple[str, list[str], str, str, str, Spec] | None  # question, answers, answer_type, time_level, qtype, check


def pick_fact(
    rng: random.Random, st: Store, need_s: bool = False, need_o: bool = True
) -> tuple[str, str, str, str] | None:
    # half the draws pick a relation first, so rare relations are asked about too
    f = rng.choice(st.inside) if rng.random() < 0.5 else rng.choice(st.by_rel[rng.choice(st.rels)])
    if need_o and ent(f[2]) is None:
        return None
    if need_s and ent(f[0]) is None:
        return None
    if f[0] == f[2]:
        return None
    return f


def rel_words(rng: random.Random, r: str) -> tuple[str, str]:
    base, past, _ = REL[r]
    return rng.choice(base), rng.choice(past)


# ---- constructions: each returns (question, gold, answer_type, time_level, qtype, check spec) or None -------------
def c_day_subject(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    _base, past = rel_words(rng, r)
    gold = st.subjects(r, o, t, t)
    obj, when = ent(o), say_day(rng, t)
    form = rng.randrange(4)
    if form == 0:
        q = f"Who {past} {obj} on {when}?"
    elif form == 1:
        q = f"On {when}, which actors {past} {obj}?"
    elif form == 2 and r in PASSIVE_OK and ent(o) == o:
        q = f"{cap(obj)} was {REL[r][2][0]} by whom on {when}?"
    else:
        q = f"Name everyone who {past} {obj} on {when}."
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "equal",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": t, "hi": t},
    )


def c_month_object(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st, need_s=True, need_o=False)
    if f is None:
        return None
    s, r, _o, t = f
    base, past = rel_words(rng, r)
    mo = t[:7]
    lo, hi = f"{mo}-01", month_end(mo)
    gold = st.objects(s, r, lo, hi)
    S, when = ent(s), say_month(rng, mo)
    form = rng.randrange(3)
    if form == 0:
        q = f"Who did {S} {base} in {when}?"
    elif form == 1:
        q = f"Tell me whom {S} {past} during {when}."
    else:
        q = f"In {when}, {S} {past} which parties?"
    return (
        q,
        sorted(gold),
        "entity",
        "month",
        "equal",
        {"kind": "others", "side": "s", "fix": s, "r": r, "lo": lo, "hi": hi},
    )


def c_month_subject(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    _base, past = rel_words(rng, r)
    mo = t[:7]
    lo, hi = f"{mo}-01", month_end(mo)
    gold = st.subjects(r, o, lo, hi)
    obj, when = ent(o), say_month(rng, mo)
    form = rng.randrange(3)
    if form == 0:
        q = f"During {when}, who {past} {obj}?"
    elif form == 1:
        q = f"{cap(obj)} — who {past} them in {when}?"
    else:
        q = f"List the actors that {past} {obj} at some point in {when}."
    return (
        q,
        sorted(gold),
        "entity",
        "month",
        "equal",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": lo, "hi": hi},
    )


def c_year_subject(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    _base, past = rel_words(rng, r)
    y = t[:4]
    lo, hi = f"{y}-01-01", f"{y}-12-31"
    gold = st.subjects(r, o, lo, hi)
    obj = ent(o)
    form = rng.randrange(3)
    if form == 0:
        q = f"Who {past} {obj} in {y}?"
    elif form == 1:
        q = f"Over the course of {y}, which actors {past} {obj}?"
    else:
        passive = r in PASSIVE_OK and ent(o) == o
        q = f"Which actors did {obj} get {REL[r][2][0]} by in {y}?" if passive else f"In {y} who {past} {obj}?"
    return (
        q,
        sorted(gold),
        "entity",
        "year",
        "equal",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": lo, "hi": hi},
    )


def c_window(rng: random.Random, st: Store) -> Built:
    """Quarters, halves, seasons (months stated) and N-day windows (both ends stated as included)."""
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    _base, past = rel_words(rng, r)
    x = d(t)
    kind = rng.randrange(4)
    if kind == 0:
        qn = (x.month - 1) // 3 + 1
        lo = f"{x.year}-{3 * qn - 2:02d}-01"
        hi = month_end(f"{x.year}-{3 * qn:02d}")
        when = f"in the {['first', 'second', 'third', 'fourth'][qn - 1]} quarter of {x.year} ({QUARTERS[qn]})"
    elif kind == 1:
        h = 1 if x.month <= 6 else 2
        lo, hi = (f"{x.year}-01-01", f"{x.year}-06-30") if h == 1 else (f"{x.year}-07-01", f"{x.year}-12-31")
        when = (
            f"in the first half of {x.year} (January through June)"
            if h == 1
            else f"in the second half of {x.year} (July through December)"
        )
    elif kind == 2:
        season = [z for z in SEASONS if z[1] <= x.month <= z[2]]
        if not season:
            return None
        name, m1, m2, months = season[0]
        lo, hi = f"{x.year}-{m1:02d}-01", month_end(f"{x.year}-{m2:02d}")
        when = f"in {name} {x.year} ({months})"
    else:
        n = rng.choice([3, 5, 7, 10])
        start = x - timedelta(days=rng.randrange(n))
        end = start + timedelta(days=n - 1)
        lo, hi = start.isoformat(), end.isoformat()
        if not (st.lo <= lo and hi <= st.hi):
            return None
        when = f"in the {n} days from {say_day(rng, lo)} to {say_day(rng, hi)} (both days included)"
    gold = st.subjects(r, o, lo, hi)
    obj = ent(o)
    q = rng.choice([f"Who {past} {obj} {when}?", f"{cap(when)}, which actors {past} {obj}?"])
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "equal",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": lo, "hi": hi},
    )


def c_when(rng: random.Random, st: Store) -> Built:
    """When did S r O: the day or the month, scoped to one year of the complete period."""
    f = pick_fact(rng, st, need_s=True)
    if f is None:
        return None
    s, r, o, t = f
    base, _past = rel_words(rng, r)
    y = t[:4]
    lo, hi = f"{y}-01-01", f"{y}-12-31"
    dates = [u for u in st.by_sro[(s, r, o)] if lo <= u <= hi]
    S, obj = ent(s), ent(o)
    if rng.random() < 0.5:
        gold = sorted(set(dates))
        q = rng.choice([f"On what date in {y} did {S} {base} {obj}?", f"In {y}, when exactly did {S} {base} {obj}?"])
        return (
            q,
            gold,
            "time",
            "day",
            "equal",
            {"kind": "times", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": 10, "pick": "all"},
        )
    gold = sorted({u[:7] for u in dates})
    q = rng.choice(
        [f"Which month of {y} saw {S} {gerund(base)} {obj}?", f"In which month in {y} did {S} {base} {obj}?"]
    )
    return (
        q,
        gold,
        "time",
        "month",
        "equal",
        {"kind": "times", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": 7, "pick": "all"},
    )


def c_first_last_entity(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    base, past = rel_words(rng, r)
    scope = rng.randrange(2)
    if scope == 0:
        lo, hi, when = f"{t[:4]}-01-01", f"{t[:4]}-12-31", f"in {t[:4]}"
    else:
        lo, hi, when = f"{t[:7]}-01", month_end(t[:7]), f"in {say_month(rng, t[:7])}"
    ts = sorted(u for u, _ in st.by_ro[(r, o)] if lo <= u <= hi)
    first = rng.random() < 0.5
    day = ts[0] if first else ts[-1]
    gold = st.subjects(r, o, day, day)
    obj = ent(o)
    w = "first" if first else "last"
    form = rng.randrange(3)
    if form == 0:
        q = f"Who was the {w} to {base} {obj} {when}?"
    elif form == 1:
        q = f"{cap(when)}, which actor {past} {obj} {w}?"
    else:
        q = f"Name the {w} actor that {past} {obj} {when}."
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "first_last",
        {"kind": "extreme_ent", "fix": o, "r": r, "lo": lo, "hi": hi, "pick": w},
    )


def c_first_last_time(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st, need_s=True)
    if f is None:
        return None
    s, r, o, t = f
    base, past = rel_words(rng, r)
    first = rng.random() < 0.5
    w = "first" if first else "last"
    level = rng.choice(["day", "month", "year"] if st.hi > "2014-12-31" else ["day", "month"])
    if level == "year":
        lo, hi, when = st.lo, st.hi, "between the start of 2014 and the end of 2015"
    else:
        lo, hi, when = f"{t[:4]}-01-01", f"{t[:4]}-12-31", f"in {t[:4]}"
    ts = [u for u in st.by_sro[(s, r, o)] if lo <= u <= hi]
    day = ts[0] if first else ts[-1]
    n = {"day": 10, "month": 7, "year": 4}[level]
    S, obj = ent(s), ent(o)
    if level == "day":
        q = rng.choice(
            [
                f"When did {S} {base} {obj} for the {w} time {when}?",
                f"{cap(when)}, on which day did {S} {w} {base} {obj}?",
            ]
        )
    elif level == "month":
        q = rng.choice(
            [
                f"In which month did {S} {base} {obj} for the {w} time {when}?",
                f"{cap(when)}, what was the {w} month in which {S} {past} {obj}?",
            ]
        )
    else:
        q = f"{cap(when)}, in which year did {S} {w} {base} {obj}?"
    return (
        q,
        [day[:n]],
        "time",
        level,
        "first_last",
        {"kind": "times", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n, "pick": w},
    )


def c_before_after_date(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st)
    if f is None:
        return None
    _s, r, o, t = f
    _base, past = rel_words(rng, r)
    x = d(t)
    mo = t[:7]
    if x.day in (1, calendar.monthrange(x.year, x.month)[1]):
        return None
    obj, when = ent(o), say_month(rng, mo)
    if rng.random() < 0.5:
        lo, hi = f"{mo}-{x.day + 1:02d}", month_end(mo)
        q = rng.choice(
            [
                f"In {when}, who {past} {obj} after the {x.day}th?".replace("1th", "1st")
                .replace("2th", "2nd")
                .replace("3th", "3rd")
                .replace("11st", "11th")
                .replace("12nd", "12th")
                .replace("13rd", "13th"),
                f"After {say_day(rng, t)} and before the month ({when}) was out, who {past} {obj}?",
            ]
        )
    else:
        lo, hi = f"{mo}-01", (x - timedelta(days=1)).isoformat()
        q = rng.choice(
            [
                f"Who {past} {obj} in {when} before {say_day(rng, t)}?",
                f"Before {say_day(rng, t)} but within {when}, which actors {past} {obj}?",
            ]
        )
    gold = st.subjects(r, o, lo, hi)
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "before_after",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": lo, "hi": hi},
    )


def c_after_event(rng: random.Random, st: Store) -> Built:
    """After (before) a unique anchor event: who else did the same to O later (earlier) that month."""
    f = pick_fact(rng, st, need_s=True)
    if f is None or not st.unique_anchor(f):
        return None
    s, r, o, t = f
    _base, past = rel_words(rng, r)
    mo = t[:7]
    S, obj = ent(s), ent(o)
    after = rng.random() < 0.5
    if after:
        lo, hi = (d(t) + timedelta(days=1)).isoformat(), month_end(mo)
        q = rng.choice(
            [
                f"After {S} {past} {obj}, who else did the same later that month?",
                f"Which other actors {past} {obj} later in the same month, after {S} had done so?",
            ]
        )
        win = "after_month"
    else:
        lo, hi = f"{mo}-01", (d(t) - timedelta(days=1)).isoformat()
        q = rng.choice(
            [
                f"Earlier in the month in which {S} {past} {obj}, who else had already done so?",
                f"Before {S} {past} {obj}, which other actors had done the same earlier that month?",
            ]
        )
        win = "before_month"
    if hi < lo:
        return None
    gold = st.subjects(r, o, lo, hi) - {s}
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "before_after",
        {"kind": "anchored", "anchor": [s, r, o], "win": win, "fix": o, "r": r, "exclude": s},
    )


def c_next_prev(rng: random.Random, st: Store) -> Built:
    """after_first / before_last around a unique anchor event (the anchor's own subject left out)."""
    f = pick_fact(rng, st, need_s=True)
    if f is None or not st.unique_anchor(f):
        return None
    s, r, o, t = f
    base, past = rel_words(rng, r)
    S, obj = ent(s), ent(o)
    rows = [(u, x) for u, x in st.by_ro[(r, o)] if x != s]
    if rng.random() < 0.5:
        later = [u for u, _ in rows if u > t]
        if not later:
            return None
        day = later[0]
        q = rng.choice(
            [
                f"After {S} {past} {obj}, who was the next other actor to do so?",
                f"After {S} {past} {obj}, which other actor was the first to follow suit?",
                f"Who {past} {obj} next, after {S} did?",
            ]
        )
        qtype, win = "after_first", "next"
    else:
        earlier = [u for u, _ in rows if u < t]
        if not earlier or earlier[-1] < st.lo:
            return None
        day = earlier[-1]
        q = rng.choice(
            [
                f"Who was the last other actor to {base} {obj} before {S} did?",
                f"Just before {S} {past} {obj}, who had last done so?",
            ]
        )
        qtype, win = "before_last", "prev"
    gold = {x for u, x in rows if u == day}
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        qtype,
        {"kind": "anchored", "anchor": [s, r, o], "win": win, "fix": o, "r": r, "exclude": s},
    )


def c_same_time(rng: random.Random, st: Store) -> Built:
    """equal_multi: who did r2 to O2 on the same day / in the same month as a unique anchor event, or the day after."""
    a = pick_fact(rng, st, need_s=True)
    if a is None or not st.unique_anchor(a):
        return None
    s1, r1, o1, t = a
    b = pick_fact(rng, st)
    if b is None:
        return None
    kind = rng.randrange(3)
    # the question event: one on the anchor's day (or month, or the next day) found from the day's events
    if kind == 0:
        lo = hi = t
    elif kind == 1:
        lo, hi = f"{t[:7]}-01", month_end(t[:7])
    else:
        lo = hi = (d(t) + timedelta(days=1)).isoformat()
        if hi > st.hi:
            return None
    cands = [f for f in st.inside if lo <= f[3] <= hi and ent(f[2]) and (f[1], f[2]) != (r1, o1)]
    if not cands:
        return None
    _, r2, o2, _ = rng.choice(cands)
    _, p1 = rel_words(rng, r1)
    _, p2 = rel_words(rng, r2)
    S1, O1, O2 = ent(s1), ent(o1), ent(o2)
    if kind == 0:
        q = rng.choice(
            [
                f"Who {p2} {O2} on the same day that {S1} {p1} {O1}?",
                f"On the day {S1} {p1} {O1}, which actors {p2} {O2}?",
            ]
        )
        win, level = "same_day", "day"
    elif kind == 1:
        q = rng.choice(
            [f"Who {p2} {O2} in the same month as {S1} {p1} {O1}?", f"In the month when {S1} {p1} {O1}, who {p2} {O2}?"]
        )
        win, level = "same_month", "month"
    else:
        q = rng.choice(
            [f"Who {p2} {O2} the day after {S1} {p1} {O1}?", f"The day after {S1} {p1} {O1}, which actors {p2} {O2}?"]
        )
        win, level = "next_day", "day"
    gold = st.subjects(r2, o2, lo, hi)
    return (
        q,
        sorted(gold),
        "entity",
        level,
        "equal_multi",
        {"kind": "anchored", "anchor": [s1, r1, o1], "win": win, "fix": o2, "r": r2, "exclude": None},
    )


def c_ellipsis_week(rng: random.Random, st: Store) -> Built:
    f = pick_fact(rng, st, need_s=True)
    if f is None:
        return None
    s, r, o, t = f
    _, past = rel_words(rng, r)
    x = d(t)
    mon = x - timedelta(days=x.weekday())
    sun = mon + timedelta(days=6)
    lo, hi = mon.isoformat(), sun.isoformat()
    if not (st.lo <= lo and hi <= st.hi):
        return None
    gold = st.subjects(r, o, lo, hi) - {s}
    S, obj = ent(s), ent(o)
    q = (
        f"{cap(S)} {past} {obj} on {say_day(rng, t)}. Who else did so that week "
        f"(Monday {mon.day} {MONTHS[mon.month]} to Sunday {sun.day} {MONTHS[sun.month]} {sun.year})?"
    )
    return (
        q,
        sorted(gold),
        "entity",
        "day",
        "equal",
        {"kind": "others", "side": "o", "fix": o, "r": r, "lo": lo, "hi": hi, "exclude": s},
    )


CONSTRUCTIONS: dict[str, tuple[Callable[[random.Random, Store], Built], float]] = {
    "day_who": (c_day_subject, 0.09),
    "month_whom": (c_month_object, 0.07),
    "month_who": (c_month_subject, 0.07),
    "year_who": (c_year_subject, 0.05),
    "window_who": (c_window, 0.09),
    "when_day_month": (c_when, 0.09),
    "first_last_entity": (c_first_last_entity, 0.10),
    "first_last_time": (c_first_last_time, 0.10),
    "before_after_date": (c_before_after_date, 0.08),
    "before_after_event": (c_after_event, 0.07),
    "next_prev": (c_next_prev, 0.09),
    "same_time_multi": (c_same_time, 0.07),
    "ellipsis_week": (c_ellipsis_week, 0.03),
}


# ---- second check: a differently written Cypher read per question ------------------------------------------------
def check(session: Any, spec: Spec) -> list[str]:
    """Recompute a gold from the fixed entity's side of the graph, with dates compared as strings."""
    kind = spec["kind"]
    if kind == "anchored":
        s, r, o = spec["anchor"]
        rows = session.run(
            "MATCH (x:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity {name: $s}) "
            "WHERE e.relation = $r RETURN collect(toString(e.valid_from)) AS ds",
            s=s,
            r=r,
            o=o,
        ).single()["ds"]
        if len(rows) != 1:
            return ["<anchor not unique>"]
        t = rows[0]
        win = spec["win"]
        nxt = (d(t) + timedelta(days=1)).isoformat()
        prv = (d(t) - timedelta(days=1)).isoformat()
        if win in ("next", "prev"):
            order = "ASC" if win == "next" else "DESC"
            cmp = ">" if win == "next" else "<"
            res = session.run(
                f"MATCH (x:Entity {{name: $fix}})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) "
                f"WHERE e.relation = $r AND toString(e.valid_from) {cmp} $t AND y.name <> $ex "
                f"WITH toString(e.valid_from) AS ds, collect(DISTINCT y.name) AS names "
                f"RETURN ds, names ORDER BY ds {order} LIMIT 1",
                fix=spec["fix"],
                r=spec["r"],
                t=t,
                ex=spec["exclude"],
            ).single()
            return sorted(res["names"]) if res else []
        lo, hi = {
            "after_month": (nxt, month_end(t[:7])),
            "before_month": (t[:7] + "-01", prv),
            "same_day": (t, t),
            "same_month": (t[:7] + "-01", month_end(t[:7])),
            "next_day": (nxt, nxt),
        }[win]
        spec = {"kind": "others", "side": "o", "fix": spec["fix"], "r": spec["r"], "lo": lo, "hi": hi,
                "exclude": spec["exclude"]}  # fmt: skip
        kind = "others"
    if kind == "others":
        if spec["side"] == "o":
            cy = (
                "MATCH (x:Entity {name: $fix})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) "
                "WHERE e.relation = $r AND $lo <= toString(e.valid_from) <= $hi RETURN collect(DISTINCT y.name) AS n"
            )
        else:
            cy = (
                "MATCH (x:Entity {name: $fix})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity) "
                "WHERE e.relation = $r AND $lo <= toString(e.valid_from) <= $hi RETURN collect(DISTINCT y.name) AS n"
            )
        names = session.run(cy, fix=spec["fix"], r=spec["r"], lo=spec["lo"], hi=spec["hi"]).single()["n"]
        return sorted(set(names) - {spec.get("exclude")})
    if kind == "extreme_ent":
        agg = "min" if spec["pick"] == "first" else "max"
        res = session.run(
            f"MATCH (x:Entity {{name: $fix}})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
            f"AND $lo <= toString(e.valid_from) <= $hi WITH {agg}(toString(e.valid_from)) AS day "
            f"MATCH (x:Entity {{name: $fix}})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) "
            f"WHERE e.relation = $r AND toString(e.valid_from) = day RETURN collect(DISTINCT y.name) AS n",
            fix=spec["fix"],
            r=spec["r"],
            lo=spec["lo"],
            hi=spec["hi"],
        ).single()
        return sorted(res["n"])
    if kind == "times":
        res = session.run(
            "MATCH (y:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity {name: $o}) "
            "WHERE e.relation = $r AND $lo <= toString(e.valid_from) <= $hi "
            "WITH substring(toString(e.valid_from), 0, $n) AS u ORDER BY u RETURN collect(DISTINCT u) AS us",
            s=spec["s"],
            o=spec["o"],
            r=spec["r"],
            lo=spec["lo"],
            hi=spec["hi"],
            n=spec["n"],
        ).single()["us"]
        if spec["pick"] == "first":
            return res[:1]
        if spec["pick"] == "last":
            return res[-1:]
        return sorted(res)
    raise ValueError(kind)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    uri, auth = resolve_connection(load_settings(), start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    with driver.session(default_access_mode="READ") as session:
        facts = sorted(
            (r["s"], r["r"], r["o"], r["t"])
            for r in session.run(
                "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
                "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
            )
        )
        st = Store(facts, PERIODS[args.store])
        rng = random.Random(f"{SEED}-{args.store}")
        target = TARGET[args.store]
        quota = {k: max(2, round(w * target)) for k, (_, w) in CONSTRUCTIONS.items()}
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        stats: Counter[str] = Counter()
        for name, (fn, _) in CONSTRUCTIONS.items():
            made, tries = 0, 0
            while made < quota[name] and tries < 5000:
                tries += 1
                built = fn(rng, st)
                if built is None:
                    continue
                q, gold, atype, level, qtype, spec = built
                if not gold or len(gold) > MAX_GOLD or q in seen:
                    continue
                if atype == "time" and any(not (st.lo[: len(g)] <= g <= st.hi[: len(g)]) for g in gold):
                    continue
                second = check(session, spec)
                agrees = second == sorted(gold)
                stats["checked"] += 1
                if not agrees:
                    stats["disagree_dropped"] += 1
                    continue
                seen.add(q)
                made += 1
                quid = f"{PREFIX[args.store]}{len(out):03d}"
                out.append({
                    "quid": quid, "id": quid, "question": q, "answers": sorted(gold), "answer_type": atype,
                    "time_level": level, "qtype": qtype, "qlabel": "Single" if len(gold) == 1 else "Multiple",
                    "evidence": [], "construction": name, "store": args.store, "check": spec, "check_agrees": agrees,
                })  # fmt: skip
    driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(json.dumps({"store": args.store, "facts": len(facts), "questions": len(out), **stats}))


if __name__ == "__main__":
    main()
