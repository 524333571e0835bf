"""A second blind held-out set of temporal-KG questions, phrased the way an analyst types them (issue 29, item 3).

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_2.py --store mtq --n 120 --seed 2929 --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_2.py --store icews14 --n 80 --seed 2929 --out blind_icews14.jsonl

Facts are sampled from the connected store and every gold answer is computed from it: all answers that tie, first/last
over the whole store, at the granularity the question asks. Questions are asked only where the store is complete
(``--store mtq``: the partial ICEWS05-15, complete from 2014-01-01; "first" is always scoped to that period there, and
so is "before"; "last" and "after" need no scope because the complete period runs to the store's end). Each gold is
computed twice: in Python over one bulk read of the events, and again by a per-question Cypher query written
differently (anchors, windows and first/last resolved inside Cypher); a question is kept only when both agree.

Records are tkgqa JSON Lines (``tkgrag eval`` / ``benchmarks/eval_reader_phrasing.py`` read them) plus ``id``,
``construction``, ``store`` and ``check`` (whether the second query agreed). Reads only.
"""

from __future__ import annotations

import argparse
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

from tkgrag.store import connect

# ------------------------------------------------------------------------------------------------ stores
# Complete window per store (inclusive). "mtq" is sampled before 2013-11-18; the set starts at 2014.
WINDOWS = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "icews14": (date(2014, 1, 1), date(2014, 12, 31))}

# ------------------------------------------------------------------------------------------------ phrasings
# ICEWS relation -> my own phrasings: (base with {o}, past with {o}, passive participle or "", nominalisation with
# {o} or "", object may be asked with a stranded preposition).


@dataclass(frozen=True)
class Verb:
    base: str
    past: str
    pp: str
    noun: str
    obj_wh: bool = True
    place: bool = False  # reads well only with a place as object ("travelled to X"): used only for countries


PHRASES: dict[str, list[Verb]] = {
    "Make_a_visit": [
        Verb("pay a visit to {o}", "paid a visit to {o}", "visited", "visit to {o}"),
        Verb("travel to {o}", "travelled to {o}", "visited", "trip to {o}", obj_wh=False, place=True),
        Verb("go to {o} on a visit", "went to {o} on a visit", "", "visit to {o}", obj_wh=False, place=True),
    ],
    "Host_a_visit": [
        Verb("host {o}", "hosted {o}", "hosted", "hosting of {o}"),
        Verb("welcome {o} on a visit", "welcomed {o} on a visit", "welcomed", "reception of {o}", obj_wh=False),
    ],
    "Praise_or_endorse": [
        Verb("commend {o}", "commended {o}", "commended", "praise for {o}"),
        Verb("speak approvingly of {o}", "spoke approvingly of {o}", "endorsed", "endorsement of {o}"),
    ],
    "Criticize_or_denounce": [
        Verb("denounce {o}", "denounced {o}", "denounced", "criticism of {o}"),
        Verb("speak out against {o}", "spoke out against {o}", "condemned", "condemnation of {o}"),
    ],
    "Accuse": [
        Verb("level accusations at {o}", "levelled accusations at {o}", "accused", "accusations against {o}"),
        Verb("blame {o}", "blamed {o}", "blamed", ""),
    ],
    "Consult": [
        Verb("hold consultations with {o}", "held consultations with {o}", "consulted", "consultations with {o}"),
        Verb("confer with {o}", "conferred with {o}", "consulted", ""),
    ],
    "Make_an_appeal_or_request": [
        Verb("appeal to {o}", "appealed to {o}", "appealed to", "appeal to {o}"),
        Verb(
            "turn to {o} with a request", "turned to {o} with a request", "petitioned", "request to {o}", obj_wh=False
        ),
    ],
    "Express_intent_to_meet_or_negotiate": [
        Verb(
            "signal readiness for talks with {o}", "signalled readiness for talks with {o}", "", "offer of talks to {o}"
        ),
        Verb("express a wish to meet {o}", "expressed a wish to meet {o}", "", ""),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        Verb("detain {o}", "detained {o}", "detained", "detention of {o}"),
        Verb("take {o} into custody", "took {o} into custody", "arrested", "arrest of {o}"),
    ],
    "Use_conventional_military_force": [
        Verb(
            "use military force against {o}",
            "used military force against {o}",
            "attacked",
            "military action against {o}",
        ),
    ],
    "Engage_in_negotiation": [
        Verb("negotiate with {o}", "negotiated with {o}", "", "negotiations with {o}"),
        Verb("sit down to negotiate with {o}", "sat down to negotiate with {o}", "", ""),
    ],
    "Sign_formal_agreement": [
        Verb("sign a formal agreement with {o}", "signed a formal agreement with {o}", "", "agreement with {o}"),
        Verb("seal a deal with {o}", "sealed a deal with {o}", "", "deal with {o}"),
    ],
    "Engage_in_diplomatic_cooperation": [
        Verb("work diplomatically with {o}", "worked diplomatically with {o}", "", "diplomatic cooperation with {o}"),
    ],
    "Express_intent_to_cooperate": [
        Verb("offer to cooperate with {o}", "offered to cooperate with {o}", "", "offer of cooperation to {o}"),
        Verb("extend a hand of cooperation to {o}", "extended a hand of cooperation to {o}", "", ""),
    ],
    "Demand": [
        Verb("make demands of {o}", "made demands of {o}", "", "demands on {o}"),
    ],
    "Investigate": [
        Verb("open an investigation into {o}", "opened an investigation into {o}", "investigated", "inquiry into {o}"),
    ],
    "Make_optimistic_comment": [
        Verb("sound upbeat about {o}", "sounded upbeat about {o}", "", "optimism about {o}"),
    ],
    "Reject": [
        Verb("rebuff {o}", "rebuffed {o}", "rebuffed", "rejection of {o}"),
    ],
    "Discuss_by_telephone": [
        Verb("speak on the phone with {o}", "spoke on the phone with {o}", "phoned", "phone call with {o}"),
        Verb("phone {o}", "phoned {o}", "phoned", "call to {o}"),
    ],
    "Threaten": [
        Verb("issue threats against {o}", "issued threats against {o}", "threatened", "threats against {o}"),
    ],
    "Meet_at_a_'third'_location": [
        Verb(
            "meet {o} on neutral ground",
            "met {o} on neutral ground",
            "",
            "meeting on neutral ground with {o}",
            obj_wh=False,
        ),
    ],
    "Provide_humanitarian_aid": [
        Verb("send humanitarian relief to {o}", "sent humanitarian relief to {o}", "", "humanitarian aid to {o}"),
    ],
    "Return,_release_person(s)": [
        Verb("set free {o}", "set free {o}", "released", "release of {o}"),
    ],
    "Make_pessimistic_comment": [
        Verb("sound gloomy about {o}", "sounded gloomy about {o}", "", "pessimism about {o}"),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        Verb(
            "pledge diplomatic backing to {o}",
            "pledged diplomatic backing to {o}",
            "",
            "pledge of diplomatic support to {o}",
        ),
    ],
    "Abduct,_hijack,_or_take_hostage": [
        Verb("kidnap {o}", "kidnapped {o}", "kidnapped", "abduction of {o}"),
    ],
}

# "Sector (Country)" -> how a person names it; plural sectors take "were".
SECTORS: dict[str, tuple[list[str], bool]] = {
    "Police": (["the police of {c}", "the police in {c}"], False),
    "Citizen": (["citizens of {c}", "the citizens of {c}"], True),
    "Government": (["the government of {c}"], False),
    "Military": (["the military of {c}", "the armed forces of {c}"], False),
    "Head of Government": (["the head of government of {c}", "{c}'s head of government"], False),
    "Foreign Affairs": (["the foreign ministry of {c}"], False),
    "Protester": (["protesters in {c}"], True),
    "Media": (["the media of {c}"], False),
    "Armed Rebel": (["armed rebels in {c}"], True),
    "Militant": (["militants in {c}"], True),
    "Legislature": (["the legislature of {c}", "{c}'s parliament"], False),
    "Criminal": (["criminals in {c}"], True),
}
# Sectors that are institutions, not persons: "it" may stand for them.
INSTITUTIONS = {"Police", "Government", "Military", "Foreign Affairs", "Media", "Legislature"}
THE = (
    "United ",
    "Republic",
    "Islamic State",
    "European",
    "Middle East",
    "Central African Republic",
    "Democratic Republic",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Dominican Republic",
    "Gambia",
    "Vatican",
    "African Union",
    "World Bank",
    "International ",
    "Security Council",
    "Taliban",
    "Kremlin",
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


@dataclass(frozen=True, order=True)
class Ev:
    s: str
    r: str
    o: str
    d: date


def surface(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """How an entity is written in a question and whether it is plural; None when I would not name it so."""
    if any(ch.isdigit() for ch in name) or "/" in name or "," in name:
        return None
    if name.endswith(")") and " (" in name:
        sec, c = name[:-1].split(" (", 1)
        if sec not in SECTORS or "(" in c or c in ("International", "World"):
            return None
        forms, plural = SECTORS[sec]
        cs = surface(c, rng)
        if cs is None:
            return None
        if cs[0].startswith("the "):
            forms = [f for f in forms if not f.startswith("{c}'s")]
        form = rng.choice(forms)
        return form.format(c=cs[0]), plural or "forces" in form
    if "(" in name or len(name) > 40:
        return None
    if name.startswith(THE) and not name.startswith("The "):
        return "the " + name, False
    return name, False


def noun_of(actor: str, noun: str, rng: random.Random) -> str:
    """S's <noun>, or "the <noun> by S" where a possessive would be clumsy (sector names, 'the ...')."""
    if " of " in actor or " in " in actor or actor.startswith("the ") or rng.random() < 0.3:
        return f"the {noun} by {actor}"
    return actor + ("'" if actor.endswith("s") else "'s") + " " + noun


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def day_text(d: date, rng: random.Random) -> str:
    return rng.choice([f"{d.day} {MONTHS[d.month - 1]} {d.year}", f"{MONTHS[d.month - 1]} {d.day}, {d.year}"])


def month_text(d: date) -> str:
    return f"{MONTHS[d.month - 1]} {d.year}"


def gran(d: date, level: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[level]]


def month_end(d: date) -> date:
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - timedelta(days=1)


# ------------------------------------------------------------------------------------------------ data
BULK = """
MATCH (a:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(b:Entity)
WHERE n.relation IN $rels AND n.recorded_to IS NULL
RETURN a.name AS s, n.relation AS r, b.name AS o, toString(n.valid_from) AS d, n.granularity AS g
"""


@dataclass
class KG:
    """All events of the phrased relations in the store, indexed the ways the questions need."""

    events: list[Ev]
    lo: date
    hi: date
    by_ro: dict[tuple[str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))
    countries: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        for e in self.events:
            self.by_ro[(e.r, e.o)].append(e)
            self.by_sr[(e.s, e.r)].append(e)
            self.by_sro[(e.s, e.r, e.o)].append(e)
            for n in (e.s, e.o):
                if n.endswith(")") and " (" in n:
                    self.countries.add(n[:-1].split(" (", 1)[1])

    def inwin(self, e: Ev) -> bool:
        return self.lo <= e.d <= self.hi


def load_kg(store: Any, lo: date, hi: date) -> KG:
    rows = store.run(BULK, {"rels": sorted(PHRASES)})
    bad = [r for r in rows if r["g"] != "day"]
    if bad:
        sys.exit(f"store holds {len(bad)} non-day events of the phrased relations; this generator assumes day events")
    # Sorted: the server's row order is not guaranteed, and the seed must give the same set every run.
    events = sorted(Ev(r["s"], r["r"], r["o"], date.fromisoformat(r["d"])) for r in rows)
    return KG(events, lo, hi)


# ------------------------------------------------------------------------------------------------ questions
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    evidence: list[Ev]
    check: dict[str, Any]
    entities: list[str]


def pick_verb(
    rel: str, rng: random.Random, need: str = "", obj_wh: bool = False, place_ok: bool = False
) -> Verb | None:
    vs = [
        v
        for v in PHRASES[rel]
        if (not need or getattr(v, need)) and (v.obj_wh or not obj_wh) and (place_ok or not v.place)
    ]
    return rng.choice(vs) if vs else None


def vp(v: Verb, form: str, o: str) -> str:
    return getattr(v, form).format(o=o)


def who_word(kg: KG, answers_pool: list[str], rng: random.Random) -> str:
    """'Which country' only when every candidate the question ranges over is a country (so it narrows nothing)."""
    if answers_pool and all(a in kg.countries for a in answers_pool) and rng.random() < 0.5:
        return "which country"
    return "who"


def subjects_at(evs: list[Ev], pick: str) -> tuple[list[str], list[Ev]]:
    d = (min if pick == "min" else max)(e.d for e in evs)
    sel = [e for e in evs if e.d == d]
    return sorted({e.s for e in sel}), sel


def objects_at(evs: list[Ev], pick: str) -> tuple[list[str], list[Ev]]:
    d = (min if pick == "min" else max)(e.d for e in evs)
    sel = [e for e in evs if e.d == d]
    return sorted({e.o for e in sel}), sel


MAX_GOLD = 5


class Gen:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg, self.store_name, self.rng = kg, store_name, rng
        self.win = [e for e in kg.events if kg.inwin(e)]
        self.scoped = store_name == "mtq"  # "first"/"before" need an explicit scope inside the complete period

    # --- sampling helpers
    def fact(self) -> Ev:
        return self.rng.choice(self.win)

    def name(self, n: str) -> str | None:
        s = surface(n, self.rng)
        return s[0] if s else None

    def year_scope(self, d: date) -> tuple[date, date, str]:
        return date(d.year, 1, 1), date(d.year, 12, 31), str(d.year)

    def base_check(self, **kw: Any) -> dict[str, Any]:
        c = {
            "s": None,
            "o": None,
            "lo": self.kg.lo.isoformat(),
            "hi": self.kg.hi.isoformat(),
            "side": "s",
            "select": "all",
            "level": "day",
            "exclude": None,
            "anchor": None,
            "whole": False,
        }
        c.update(kw)
        return c

    # --- constructions: each returns a Q or None (sample rejected)
    def fronted_day_who(self) -> Q | None:
        """On D, who <past> O?  (equal, day, all subjects)"""
        e = self.fact()
        o, v = self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (o and v):
            return None
        evs = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d == e.d]
        ans = sorted({x.s for x in evs})
        ww = who_word(self.kg, ans, self.rng)
        q = f"On {day_text(e.d, self.rng)}, {ww} {vp(v, 'past', o)}?"
        return Q(
            cap(q),
            ans,
            "entity",
            "day",
            "equal",
            "fronted_day_who",
            evs,
            self.base_check(o=e.o, rel=e.r, lo=e.d.isoformat(), hi=e.d.isoformat()),
            [e.o],
        )

    def passive_month_bywhom(self) -> Q | None:
        """By whom was O <pp> in <Month>?  (equal, month, all subjects, passive)"""
        e = self.fact()
        v = pick_verb(e.r, self.rng, need="pp", place_ok=e.o in self.kg.countries)
        so = surface(e.o, self.rng)
        if not (v and so):
            return None
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d)
        evs = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d <= hi]
        ans = sorted({x.s for x in evs})
        be = "were" if so[1] else "was"
        q = self.rng.choice(
            [
                f"By whom {be} {so[0]} {v.pp} in {month_text(e.d)}?",
                f"In {month_text(e.d)}, {so[0]} {be} {v.pp} by whom?",
            ]
        )
        return Q(
            cap(q),
            ans,
            "entity",
            "month",
            "equal",
            "passive_month_bywhom",
            evs,
            self.base_check(o=e.o, rel=e.r, lo=lo.isoformat(), hi=hi.isoformat()),
            [e.o],
        )

    def object_month_who(self) -> Q | None:
        """Who did S <base> during <Month>?  (equal, month, all objects)"""
        e = self.fact()
        s, v = self.name(e.s), pick_verb(e.r, self.rng, obj_wh=True, place_ok=e.o in self.kg.countries)
        if not (s and v):
            return None
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d)
        evs = [x for x in self.kg.by_sr[(e.s, e.r)] if lo <= x.d <= hi]
        ans = sorted({x.o for x in evs})
        stem = vp(v, "base", "").replace("  ", " ").strip()
        q = self.rng.choice(
            [f"Who did {s} {stem} during {month_text(e.d)}?", f"During {month_text(e.d)}, who did {s} {stem}?"]
        )
        return Q(
            cap(q),
            ans,
            "entity",
            "month",
            "equal",
            "object_month_who",
            evs,
            self.base_check(s=e.s, rel=e.r, side="o", lo=lo.isoformat(), hi=hi.isoformat()),
            [e.s],
        )

    def pair_events_whole(self, e: Ev) -> list[Ev]:
        return self.kg.by_sro[(e.s, e.r, e.o)]

    def what_date_single(self) -> Q | None:
        """On what date did S <base> O?  (equal, time day; the pair's only day in the whole store)"""
        e = self.fact()
        s, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s and o and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        evs = [x for x in self.pair_events_whole(e) if lo <= x.d <= hi]
        if len({x.d for x in evs}) != 1:
            return None
        tail = f" in {scope}" if scope else ""
        q = self.rng.choice(
            [f"On what date{tail} did {s} {vp(v, 'base', o)}?", f"What was the date{tail} when {s} {vp(v, 'past', o)}?"]
        )
        return Q(
            cap(q),
            [gran(e.d, "day")],
            "time",
            "day",
            "equal",
            "what_date_single",
            evs,
            self.base_check(
                s=e.s, o=e.o, rel=e.r, side="d", lo=lo.isoformat(), hi=hi.isoformat(), whole=not self.scoped
            ),
            [e.s, e.o],
        )

    def month_saw_noun(self) -> Q | None:
        """Which month saw S's <noun O>?  (equal, time month; nominalisation; all the pair's events in one month)"""
        e = self.fact()
        s, o, v = (
            self.name(e.s),
            self.name(e.o),
            pick_verb(e.r, self.rng, need="noun", place_ok=e.o in self.kg.countries),
        )
        if not (s and o and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        evs = [x for x in self.pair_events_whole(e) if lo <= x.d <= hi]
        if len({gran(x.d, "month") for x in evs}) != 1:
            return None
        np = noun_of(s, vp(v, "noun", o), self.rng)
        of = f" of {scope}" if scope else ""
        q = self.rng.choice([f"Which month{of} saw {np}?", f"In which month{of} did {np} take place?"])
        return Q(
            cap(q),
            [gran(e.d, "month")],
            "time",
            "month",
            "equal",
            "month_saw_noun",
            evs,
            self.base_check(
                s=e.s,
                o=e.o,
                rel=e.r,
                side="d",
                level="month",
                lo=lo.isoformat(),
                hi=hi.isoformat(),
                whole=not self.scoped,
            ),
            [e.s, e.o],
        )

    def first_who(self) -> Q | None:
        """Who was the first to <base> O (in <year> on mtq)?  (first_last / equal_multi, all subjects at the min day)"""
        e = self.fact()
        o, v = self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (o and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d <= hi]
        ans, sel = subjects_at(pool, "min")
        ww = who_word(self.kg, sorted({x.s for x in pool}), self.rng)
        tail = f" in {scope}" if scope else ""
        q = self.rng.choice(
            [f"{ww} was the first to {vp(v, 'base', o)}{tail}?", f"{ww} {vp(v, 'past', o)} first{tail}?"]
        )
        return Q(
            cap(q),
            ans,
            "entity",
            "day",
            "equal_multi" if scope else "first_last",
            "first_who",
            sel,
            self.base_check(o=e.o, rel=e.r, lo=lo.isoformat(), hi=hi.isoformat(), select="min"),
            [e.o],
        )

    def turn_to_first(self) -> Q | None:
        """Whom did S first turn to / visit / ... ?  (first_last, all objects at the min day)"""
        e = self.fact()
        if e.r not in (
            "Make_an_appeal_or_request",
            "Make_a_visit",
            "Consult",
            "Discuss_by_telephone",
            "Host_a_visit",
            "Sign_formal_agreement",
            "Praise_or_endorse",
            "Criticize_or_denounce",
        ):
            return None
        s, v = self.name(e.s), pick_verb(e.r, self.rng, obj_wh=True, place_ok=e.o in self.kg.countries)
        if not (s and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        pool = [x for x in self.kg.by_sr[(e.s, e.r)] if lo <= x.d <= hi]
        ans, sel = objects_at(pool, "min")
        stem = vp(v, "base", "").replace("  ", " ").strip()
        ww = who_word(self.kg, sorted({x.o for x in pool}), self.rng)
        tail = f" in {scope}" if scope else ""
        q = self.rng.choice(
            [f"{ww} did {s} {stem} first{tail}?", f"{tail.strip() + ', ' if tail else ''}{ww} did {s} first {stem}?"]
        )
        return Q(
            cap(q.strip()),
            ans,
            "entity",
            "day",
            "equal_multi" if scope else "first_last",
            "turn_to_first",
            sel,
            self.base_check(s=e.s, rel=e.r, side="o", lo=lo.isoformat(), hi=hi.isoformat(), select="min"),
            [e.s],
        )

    def first_month_time(self) -> Q | None:
        """What was the first month in which S <past> O?  (first_last, time month)"""
        e = self.fact()
        s, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s and o and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        pool = [x for x in self.pair_events_whole(e) if lo <= x.d <= hi]
        if len({gran(x.d, "month") for x in pool}) < 2:
            return None  # "first month" only where there is more than one
        d = min(x.d for x in pool)
        of = f" of {scope}" if scope else ""
        q = self.rng.choice(
            [
                f"What was the first month{of} in which {s} {vp(v, 'past', o)}?",
                f"In which month{of} did {s} first {vp(v, 'base', o)}?",
            ]
        )
        return Q(
            q,
            [gran(d, "month")],
            "time",
            "month",
            "first_last",
            "first_month_time",
            [x for x in pool if x.d == d],
            self.base_check(
                s=e.s, o=e.o, rel=e.r, side="d", level="month", select="min", lo=lo.isoformat(), hi=hi.isoformat()
            ),
            [e.s, e.o],
        )

    def last_day_time(self) -> Q | None:
        """When did S most recently <base> O?  (first_last, time day; last over the whole store)"""
        e = self.fact()
        s, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s and o and v):
            return None
        pool = self.pair_events_whole(e)
        if len(pool) < 2:
            return None
        d = max(x.d for x in pool)
        q = self.rng.choice(
            [
                f"When did {s} most recently {vp(v, 'base', o)}?",
                f"What is the date on which {s} last {vp(v, 'past', o)}?",
            ]
        )
        return Q(
            q,
            [gran(d, "day")],
            "time",
            "day",
            "first_last",
            "last_day_time",
            [x for x in pool if x.d == d],
            self.base_check(s=e.s, o=e.o, rel=e.r, side="d", select="max", whole=True),
            [e.s, e.o],
        )

    def last_year_time(self) -> Q | None:
        """In what year did S last <base> O?  (first_last, time year; mtq only: 2014 or 2015)"""
        if not self.scoped:
            return None
        e = self.fact()
        s, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s and o and v):
            return None
        pool = self.pair_events_whole(e)
        if len({x.d.year for x in pool}) < 2:
            return None
        d = max(x.d for x in pool)
        q = self.rng.choice(
            [
                f"In what year did {s} last {vp(v, 'base', o)}?",
                f"Which was the last year in which {s} {vp(v, 'past', o)}?",
            ]
        )
        return Q(
            q,
            [gran(d, "year")],
            "time",
            "year",
            "first_last",
            "last_year_time",
            [x for x in pool if x.d == d],
            self.base_check(s=e.s, o=e.o, rel=e.r, side="d", level="year", select="max", whole=True),
            [e.s, e.o],
        )

    def how_about_last(self) -> Q | None:
        """How about O? Who was the last to <base> it?  (first_last, whole store; topic fronted, pronoun object)"""
        return self.last_who(how=True)

    def last_who(self, how: bool = False) -> Q | None:
        """Who <past> O most recently?  (first_last, whole store)"""
        e = self.fact()
        so, v = surface(e.o, self.rng), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (so and v):
            return None
        pool = self.kg.by_ro[(e.r, e.o)]
        ans, sel = subjects_at(pool, "max")
        if how:
            # A pronoun only for what is surely not a person (a sector, a country, "the ..."); else the name again.
            thing = so[1] or e.o in self.kg.countries or e.o.split(" (")[0] in INSTITUTIONS
            it = ("them" if so[1] else "it") if thing else so[0]
            q = f"How about {so[0]}? Who was the last to {vp(v, 'base', it)}?"
            label = "how_about_last"
        else:
            ww = who_word(self.kg, sorted({x.s for x in pool}), self.rng)
            q = cap(f"{ww} {vp(v, 'past', so[0])} most recently?")
            label = "last_who"
        return Q(
            q,
            ans,
            "entity",
            "day",
            "first_last",
            label,
            sel,
            self.base_check(o=e.o, rel=e.r, select="max", whole=True),
            [e.o],
        )

    def by_month_last(self) -> Q | None:
        """By <Month>, who had most recently <pp> O?  (before_last with a month bound; answer inside the window)"""
        e = self.fact()
        so, v = surface(e.o, self.rng), pick_verb(e.r, self.rng, need="pp", place_ok=e.o in self.kg.countries)
        if not (so and v):
            return None
        cut = month_end(e.d)
        if cut >= self.kg.hi:
            return None
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d <= cut]
        ans, sel = subjects_at(pool, "max")
        if sel[0].d < self.kg.lo:
            return None
        q = f"By the end of {month_text(e.d)}, who had most recently {v.pp} {so[0]}?"
        return Q(
            q,
            ans,
            "entity",
            "month",
            "before_last",
            "by_month_last",
            sel,
            self.base_check(o=e.o, rel=e.r, select="max", hi=cut.isoformat(), whole=True),
            [e.o],
        )

    def after_all(self) -> Q | None:
        """After D, who <past> O?  (before_after, all subjects strictly after D)"""
        e = self.fact()
        o, v = self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (o and v):
            return None
        cut = e.d
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d > cut]
        ans = sorted({x.s for x in pool})
        q = self.rng.choice(
            [
                f"After {day_text(cut, self.rng)}, who {vp(v, 'past', o)}?",
                f"Who {vp(v, 'past', o)} at some point after {day_text(cut, self.rng)}?",
            ]
        )
        return Q(
            q,
            ans,
            "entity",
            "day",
            "before_after",
            "after_all",
            pool,
            self.base_check(o=e.o, rel=e.r, lo=(cut + timedelta(days=1)).isoformat(), whole=True),
            [e.o],
        )

    def before_all(self) -> Q | None:
        """(In <year>,) before D, who had <pp> O?  (before_after; on mtq the year bounds it to the complete period)"""
        e = self.fact()
        so, v = surface(e.o, self.rng), pick_verb(e.r, self.rng, need="pp", place_ok=e.o in self.kg.countries)
        if not (so and v):
            return None
        cut = e.d
        lo = date(cut.year, 1, 1) if self.scoped else self.kg.lo
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d < cut]
        ans = sorted({x.s for x in pool})
        be = "had"
        if self.scoped:
            q = f"Earlier in {cut.year}, before {day_text(cut, self.rng)}, who {be} {v.pp} {so[0]}?"
        else:
            q = f"Who {be} {v.pp} {so[0]} before {day_text(cut, self.rng)}?"
        return Q(
            q,
            ans,
            "entity",
            "day",
            "before_after",
            "before_all",
            pool,
            self.base_check(
                o=e.o, rel=e.r, lo=lo.isoformat(), hi=(cut - timedelta(days=1)).isoformat(), whole=not self.scoped
            ),
            [e.o],
        )

    def unique_anchor(self) -> Ev | None:
        e = self.fact()
        if len(self.kg.by_sro[(e.s, e.r, e.o)]) != 1:
            return None
        return e

    def last_before_anchor(self) -> Q | None:
        """Who was the last to <base> O before S1 did?  (before_last; anchor a unique event)"""
        e = self.unique_anchor()
        if e is None:
            return None
        s1, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s1 and o and v):
            return None
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d < e.d]
        if not pool:
            return None
        ans, sel = subjects_at(pool, "max")
        if sel[0].d < self.kg.lo:
            return None
        q = self.rng.choice(
            [
                f"Who was the last to {vp(v, 'base', o)} before {s1} did?",
                f"Before {s1} {vp(v, 'past', o)}, who had last done so?",
            ]
        )
        return Q(
            q,
            ans,
            "entity",
            "day",
            "before_last",
            "last_before_anchor",
            [e, *sel],
            self.base_check(o=e.o, rel=e.r, select="max", whole=True, anchor={"s": e.s, "o": e.o, "mode": "before"}),
            [e.s, e.o],
        )

    def next_after_noun(self) -> Q | None:
        """Following S1's <noun O>, who was the next to <base> O?  (after_first; nominalised anchor)"""
        e = self.unique_anchor()
        if e is None:
            return None
        s1, o = self.name(e.s), self.name(e.o)
        v = pick_verb(e.r, self.rng, need="noun", place_ok=e.o in self.kg.countries)
        if not (s1 and o and v):
            return None
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d > e.d]
        if not pool:
            return None
        ans, sel = subjects_at(pool, "min")
        np = noun_of(s1, vp(v, "noun", o), self.rng)
        q = self.rng.choice(
            [f"Following {np}, who was the next to {vp(v, 'base', o)}?", f"After {np}, who was first to follow suit?"]
        )
        return Q(
            q,
            ans,
            "entity",
            "day",
            "after_first",
            "next_after_noun",
            [e, *sel],
            self.base_check(o=e.o, rel=e.r, select="min", whole=True, anchor={"s": e.s, "o": e.o, "mode": "after"}),
            [e.s, e.o],
        )

    def same_month_others(self) -> Q | None:
        """Who else <past> O in the same month as S1?  (equal_multi; S1's events with O all in one month)"""
        e = self.fact()
        s1, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s1 and o and v):
            return None
        mine = self.kg.by_sro[(e.s, e.r, e.o)]
        if len({gran(x.d, "month") for x in mine}) != 1:
            return None
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d)
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d <= hi and x.s != e.s]
        ans = sorted({x.s for x in pool})
        q = self.rng.choice(
            [
                f"Who else {vp(v, 'past', o)} in the same month as {s1}?",
                f"In the month that {s1} {vp(v, 'past', o)}, who else did the same?",
            ]
        )
        return Q(
            q,
            ans,
            "entity",
            "month",
            "equal_multi",
            "same_month_others",
            [mine[0], *pool],
            self.base_check(o=e.o, rel=e.r, exclude=e.s, whole=True, anchor={"s": e.s, "o": e.o, "mode": "same_month"}),
            [e.s, e.o],
        )

    def same_day_others(self) -> Q | None:
        """On the day S1 <past> O, who else did so?  (equal_multi, day; anchor a unique event)"""
        e = self.unique_anchor()
        if e is None:
            return None
        s1, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s1 and o and v):
            return None
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if x.d == e.d and x.s != e.s]
        ans = sorted({x.s for x in pool})
        q = f"On the day {s1} {vp(v, 'past', o)}, who else did so?"
        return Q(
            q,
            ans,
            "entity",
            "day",
            "equal_multi",
            "same_day_others",
            [e, *pool],
            self.base_check(o=e.o, rel=e.r, exclude=e.s, whole=True, anchor={"s": e.s, "o": e.o, "mode": "same_day"}),
            [e.s, e.o],
        )

    def first_in_month(self) -> Q | None:
        """In <Month>, who was the first to <base> O?  (equal_multi, fronted month)"""
        e = self.fact()
        o, v = self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (o and v):
            return None
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d)
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d <= hi]
        if len({x.d for x in pool}) < 2:
            return None
        ans, sel = subjects_at(pool, "min")
        q = f"In {month_text(e.d)}, who was the first to {vp(v, 'base', o)}?"
        return Q(
            q,
            ans,
            "entity",
            "day",
            "equal_multi",
            "first_in_month",
            sel,
            self.base_check(o=e.o, rel=e.r, lo=lo.isoformat(), hi=hi.isoformat(), select="min"),
            [e.o],
        )

    def since_anchor_objects(self) -> Q | None:
        """After S <past> O1, whom else did S <base>?  (before_after with an event anchor; all objects after it)"""
        e = self.unique_anchor()
        if e is None:
            return None
        s, o1, v = (
            self.name(e.s),
            self.name(e.o),
            pick_verb(e.r, self.rng, obj_wh=True, place_ok=e.o in self.kg.countries),
        )
        if not (s and o1 and v):
            return None
        pool = [x for x in self.kg.by_sr[(e.s, e.r)] if x.d > e.d and x.o != e.o]
        ans = sorted({x.o for x in pool})
        stem = vp(v, "base", "").replace("  ", " ").strip()
        q = f"After {s} {vp(v, 'past', o1)}, who else did {s} {stem}?"
        return Q(
            q,
            ans,
            "entity",
            "day",
            "before_after",
            "since_anchor_objects",
            [e, *pool],
            self.base_check(
                s=e.s, rel=e.r, side="o", exclude=e.o, whole=True, anchor={"s": e.s, "o": e.o, "mode": "after"}
            ),
            [e.s, e.o],
        )

    def relative_first_named(self) -> Q | None:
        """Name the party that <past> O first (in <year>) / The first one to ..., who was it?  (relative clause)"""
        e = self.fact()
        o, v = self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (o and v):
            return None
        lo, hi, scope = self.year_scope(e.d) if self.scoped else (self.kg.lo, self.kg.hi, "")
        pool = [x for x in self.kg.by_ro[(e.r, e.o)] if lo <= x.d <= hi]
        if len({x.s for x in pool}) < 2:
            return None
        ans, sel = subjects_at(pool, "min")
        tail = f" in {scope}" if scope else ""
        q = self.rng.choice(
            [
                f"Name the party that {vp(v, 'past', o)} before anyone else{tail}.",
                f"The earliest actor to {vp(v, 'base', o)}{tail}: who was it?",
            ]
        )
        return Q(
            q,
            ans,
            "entity",
            "day",
            "equal_multi" if scope else "first_last",
            "relative_first_named",
            sel,
            self.base_check(o=e.o, rel=e.r, lo=lo.isoformat(), hi=hi.isoformat(), select="min"),
            [e.o],
        )

    def month_of_year_last(self) -> Q | None:
        """Which month of <year> was the last one in which S <past> O?  (first_last through the answer's month)"""
        e = self.fact()
        s, o, v = self.name(e.s), self.name(e.o), pick_verb(e.r, self.rng, place_ok=e.o in self.kg.countries)
        if not (s and o and v):
            return None
        lo, hi = date(e.d.year, 1, 1), date(e.d.year, 12, 31)
        pool = [x for x in self.pair_events_whole(e) if lo <= x.d <= hi]
        if len({gran(x.d, "month") for x in pool}) < 2:
            return None
        d = max(x.d for x in pool)
        q = f"Which month of {e.d.year} was the last one in which {s} {vp(v, 'past', o)}?"
        return Q(
            q,
            [gran(d, "month")],
            "time",
            "month",
            "equal_multi",
            "month_of_year_last",
            [x for x in pool if x.d == d],
            self.base_check(
                s=e.s, o=e.o, rel=e.r, side="d", level="month", select="max", lo=lo.isoformat(), hi=hi.isoformat()
            ),
            [e.s, e.o],
        )


CONSTRUCTIONS: list[str] = [
    "fronted_day_who",
    "passive_month_bywhom",
    "object_month_who",
    "what_date_single",
    "month_saw_noun",
    "first_who",
    "turn_to_first",
    "first_month_time",
    "last_day_time",
    "last_year_time",
    "last_who",
    "how_about_last",
    "by_month_last",
    "after_all",
    "before_all",
    "last_before_anchor",
    "next_after_noun",
    "same_month_others",
    "same_day_others",
    "first_in_month",
    "since_anchor_objects",
    "relative_first_named",
    "month_of_year_last",
]

# ------------------------------------------------------------------------------------------------ second check
# The same gold, asked of the store again by one Cypher query per question: the anchor event, the window and the
# first/last day are resolved inside Cypher (the generator's first computation does all that in Python).
CHECK = """
CALL {
  OPTIONAL MATCH (x:Entity {name: $as})<-[:SUBJECT]-(m:Event)-[:OBJECT]->(y:Entity {name: $ao})
  WHERE $mode IS NOT NULL AND m.relation = $rel AND m.recorded_to IS NULL
  RETURN collect(m.valid_from) AS ads
}
WITH ads, date($lo) AS lo0, date($hi) AS hi0
WITH ads,
     CASE $mode WHEN 'after' THEN ads[0] + duration('P1D')
                WHEN 'same_month' THEN date.truncate('month', ads[0])
                WHEN 'same_day' THEN ads[0] ELSE lo0 END AS lo,
     CASE $mode WHEN 'before' THEN ads[0] - duration('P1D')
                WHEN 'same_month' THEN date.truncate('month', ads[0]) + duration('P1M') - duration('P1D')
                WHEN 'same_day' THEN ads[0] ELSE hi0 END AS hi
WHERE $mode IS NULL
   OR ($mode IN ['before', 'after', 'same_day'] AND size(ads) = 1)
   OR ($mode = 'same_month' AND size(ads) >= 1
       AND all(a IN ads WHERE date.truncate('month', a) = date.truncate('month', ads[0])))
MATCH (n:Event)
WHERE n.relation = $rel AND n.recorded_to IS NULL AND lo <= n.valid_from AND n.valid_from <= hi
MATCH (n)-[:SUBJECT]->(a:Entity), (n)-[:OBJECT]->(b:Entity)
WHERE ($s IS NULL OR a.name = $s) AND ($o IS NULL OR b.name = $o)
  AND ($exclude IS NULL OR (CASE $side WHEN 'o' THEN b.name ELSE a.name END) <> $exclude)
WITH n.valid_from AS d, CASE $side WHEN 'o' THEN b.name WHEN 's' THEN a.name ELSE null END AS who
WITH collect({d: d, who: who}) AS rows
WITH rows,
     CASE $select WHEN 'min' THEN reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d < m THEN r.d ELSE m END)
                  WHEN 'max' THEN reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d > m THEN r.d ELSE m END)
                  ELSE null END AS pick
UNWIND rows AS r
WITH r, pick WHERE pick IS NULL OR r.d = pick
RETURN DISTINCT CASE WHEN $side IN ['s', 'o'] THEN r.who
                     WHEN $level = 'year' THEN toString(r.d.year)
                     WHEN $level = 'month' THEN substring(toString(r.d), 0, 7)
                     ELSE toString(r.d) END AS answer
"""


def second_check(store: Any, c: dict[str, Any], store_lo: str, store_hi: str) -> list[str]:
    anchor = c["anchor"] or {}
    lo, hi = c["lo"], c["hi"]
    if c["whole"] and lo == store_lo and c["anchor"] is None:
        lo = "1900-01-01"  # "whole store": no lower bound at all, the window's start is only where facts were sampled
    rows = store.run(
        CHECK,
        {
            "as": anchor.get("s"),
            "ao": anchor.get("o"),
            "mode": anchor.get("mode"),
            "rel": c["rel"],
            "lo": "1900-01-01" if (c["whole"] and anchor.get("mode") == "before") else lo,
            "hi": "2100-12-31" if (c["whole"] and hi == store_hi) else hi,
            "s": c["s"],
            "o": c["o"],
            "exclude": c["exclude"],
            "side": c["side"],
            "select": c["select"],
            "level": c["level"],
        },
    )
    return sorted({r["answer"] for r in rows if r["answer"] is not None})


def mutate(c: dict[str, Any]) -> dict[str, Any]:
    """A deliberately wrong version of a gold query (first<->last; otherwise the window one day off or the exclusion
    dropped): rechecking with it shows the second query can disagree, i.e. its agreement is not vacuous."""
    m = dict(c)
    if m["select"] in ("min", "max"):
        m["select"] = "max" if m["select"] == "min" else "min"
    elif m["exclude"] is not None:
        m["exclude"] = None
    elif m["anchor"] is None:
        m["lo"] = (date.fromisoformat(m["lo"]) - timedelta(days=1)).isoformat() if m["whole"] else m["lo"]
        m["hi"] = (date.fromisoformat(m["hi"]) - timedelta(days=1)).isoformat()
        m["whole"] = False
    else:
        m["anchor"] = {**m["anchor"], "mode": "before" if m["anchor"]["mode"] == "after" else "after"}
    return m


def recheck(path: Path, store_name: str, with_mutation: bool) -> int:
    """Rerun the second query on every record of a written file; print how many agree (and, with
    ``with_mutation``, how many deliberately wrong queries disagree)."""
    lo, hi = WINDOWS[store_name]
    store = connect(start_managed=False, ensure_schema=False)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    agree = caught = 0
    for r in rows:
        again = second_check(store, r["gold_query_params"], lo.isoformat(), hi.isoformat())
        if again == sorted(r["answers"]):
            agree += 1
        else:
            print(f"DISAGREE {r['id']}: {r['question']} gold={r['answers']} cypher={again}", file=sys.stderr)
        if with_mutation:
            wrong = second_check(store, mutate(r["gold_query_params"]), lo.isoformat(), hi.isoformat())
            caught += wrong != sorted(r["answers"])
    store.close()
    print(
        f"{path.name}: second Cypher query agrees on {agree}/{len(rows)}"
        + (f"; a deliberately wrong query differs on {caught}/{len(rows)}" if with_mutation else "")
    )
    return 0 if agree == len(rows) else 1


# ------------------------------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(WINDOWS), required=True, help="which KG the connected server holds")
    ap.add_argument("--n", type=int, default=120, help="questions to write")
    ap.add_argument("--seed", type=int, default=2929)
    ap.add_argument("--out", type=Path, help="JSONL file to write")
    ap.add_argument("--recheck", type=Path, help="instead of generating: rerun the second query on this file")
    ap.add_argument("--mutate", action="store_true", help="with --recheck: also count deliberately wrong queries")
    args = ap.parse_args(argv)
    if args.recheck:
        return recheck(args.recheck, args.store, args.mutate)
    if args.out is None:
        ap.error("--out is required when generating")
    rng = random.Random(args.seed)
    lo, hi = WINDOWS[args.store]
    store = connect(start_managed=False, ensure_schema=False)
    kg = load_kg(store, lo, hi)
    print(
        f"{len(kg.events)} events of {len(PHRASES)} phrased relations ({sum(kg.inwin(e) for e in kg.events)} in "
        f"{lo}..{hi}); instance {os.environ.get('TKGRAG_INSTANCE', '?')}",
        file=sys.stderr,
    )
    gen = Gen(kg, args.store, rng)
    makers: list[tuple[str, Callable[[], Q | None]]] = [(c, getattr(gen, c)) for c in CONSTRUCTIONS]
    if args.store != "mtq":
        makers = [m for m in makers if m[0] != "last_year_time"]
    made: Counter[str] = Counter()
    fails: Counter[str] = Counter()
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    disagree = 0
    tries = 0
    while len(out) < args.n:
        live = [m for m in makers if fails[m[0]] < 5000]  # a construction the store cannot fill is given up
        if not live:
            break
        tries += 1
        label, make = min(live, key=lambda m: (made[m[0]], fails[m[0]]))  # the least-filled construction next
        q = make()
        if q is None or not q.answers or len(q.answers) > MAX_GOLD or q.question.lower() in seen:
            fails[label] += 1
            continue
        if any(not lo <= ev.d <= hi for ev in q.evidence):
            fails[label] += 1
            continue  # every deciding fact (anchor included) lies where the store is complete
        again = second_check(store, q.check, lo.isoformat(), hi.isoformat())
        if again != sorted(q.answers):
            disagree += 1
            print(f"DISAGREE {q.construction}: {q.question} python={q.answers} cypher={again}", file=sys.stderr)
            fails[label] += 1
            continue
        seen.add(q.question.lower())
        made[label] += 1
        out.append(
            {
                "quid": f"b2-{args.store}-{len(out):03d}",
                "id": f"b2-{args.store}-{len(out):03d}",
                "question": q.question,
                "answers": q.answers,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": "Multiple" if q.qtype in ("equal_multi", "before_last", "after_first") else "Single",
                "construction": q.construction,
                "store": args.store,
                "entities": q.entities,
                "evidence": [[e.s, e.r, e.o, e.d.isoformat()] for e in q.evidence[:20]],
                "check": "agree",
                "gold_query_params": q.check,
            }
        )
    store.close()
    rng.shuffle(out)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    labels = Counter(r["construction"] for r in out)
    print(
        f"wrote {len(out)} questions to {args.out}; second Cypher check agreed on all {len(out)} kept, "
        f"disagreed on {disagree} dropped; tries {tries}",
        file=sys.stderr,
    )
    for k, v in sorted(labels.items()):
        print(f"  {k:24s} {v}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
