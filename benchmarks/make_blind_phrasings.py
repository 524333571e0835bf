"""A blind, held-out set of temporal questions over the connected ICEWS store, phrased independently of the reader.

Issue 29 asks for template-free phrasings held out from the reader's tuning: the CONSTRUCTION varies, not only the
words (the asked time as the subject of the clause, "in the same month as X", first/last asked through the answer's
granularity, before/after an anchor event, passive voice, relative clauses, fronted time phrases, sector entities,
paraphrased cooperation verbs, nominalised relations). Every relation used has one to three phrasings written here.

Facts are sampled from the store and every gold answer is computed exactly from the store's events (all answers that
are right are listed; first/last are the earliest/latest over the whole store, at the granularity asked). Only the
period where the store is complete is asked about (``--window``: 2014-01-01..2015-12-31 for the partial ICEWS05-15,
the whole year for ICEWS14); an ordered answer (first/last, before/after) is only asked where every event that decides
it lies in that window. ``--verify`` recomputes the gold of each written question with a second, independent Cypher
query per construction and reports any disagreement. Reads only.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/make_blind_phrasings.py --store mtq --window 2014-01-01 2015-12-31 --n 120 --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    python benchmarks/make_blind_phrasings.py --store bench --n 80 --out blind_icews14.jsonl

The output is JSON Lines in the tkgqa format (``quid``, ``question``, ``answers``, ``answer_type``, ``time_level``,
``qtype`` = the construction, ``evidence``) plus ``construction``, ``features``, ``multitq_qtype`` and ``store``, so
``benchmarks/eval_reader_phrasing.py`` scores it per construction.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect
from tkgrag.store.connection import Store

# ------------------------------------------------------------------------------------------------- lexicon
# One entry per phrasing: infinitive VP, past VP, perfect participle VP (after "has/had"), passive participle (None
# where English has no natural passive), and a noun phrase for "<subject>'s ...". "{o}" marks the object's place.


@dataclass(frozen=True)
class Phrase:
    inf: str
    past: str
    perf: str
    passive: str | None
    noun: str | None


LEXICON: dict[str, list[Phrase]] = {
    "Make_a_visit": [
        Phrase("visit {o}", "visited {o}", "visited {o}", "visited", "visit to {o}"),
        Phrase("pay a visit to {o}", "paid a visit to {o}", "paid a visit to {o}", None, "visit to {o}"),
        Phrase("make a visit to {o}", "made a visit to {o}", "made a visit to {o}", None, "visit to {o}"),
    ],
    "Host_a_visit": [
        Phrase("host {o}", "hosted {o}", "hosted {o}", "hosted", "hosting of {o}"),
        Phrase("welcome a visit by {o}", "welcomed a visit by {o}", "welcomed a visit by {o}", None, None),
        Phrase("receive {o} on a visit", "received {o} on a visit", "received {o} on a visit", "received", None),
    ],
    "Praise_or_endorse": [
        Phrase("praise {o}", "praised {o}", "praised {o}", "praised", "praise of {o}"),
        Phrase("speak highly of {o}", "spoke highly of {o}", "spoken highly of {o}", None, None),
        Phrase("endorse {o}", "endorsed {o}", "endorsed {o}", "endorsed", "endorsement of {o}"),
    ],
    "Criticize_or_denounce": [
        Phrase("criticise {o}", "criticised {o}", "criticised {o}", "criticised", "criticism of {o}"),
        Phrase("denounce {o}", "denounced {o}", "denounced {o}", "denounced", "denunciation of {o}"),
    ],
    "Accuse": [
        Phrase("accuse {o}", "accused {o}", "accused {o}", "accused", "accusation against {o}"),
        Phrase("level accusations at {o}", "levelled accusations at {o}", "levelled accusations at {o}", None, None),
    ],
    "Sign_formal_agreement": [
        Phrase(
            "sign a formal agreement with {o}",
            "signed a formal agreement with {o}",
            "signed a formal agreement with {o}",
            None,
            "agreement with {o}",
        ),
        Phrase("ink a deal with {o}", "inked a deal with {o}", "inked a deal with {o}", None, "deal with {o}"),
        Phrase(
            "conclude an agreement with {o}",
            "concluded an agreement with {o}",
            "concluded an agreement with {o}",
            None,
            "agreement with {o}",
        ),
    ],
    "Express_intent_to_cooperate": [
        Phrase(
            "offer to cooperate with {o}",
            "offered to cooperate with {o}",
            "offered to cooperate with {o}",
            None,
            "offer of cooperation to {o}",
        ),
        Phrase(
            "extend an offer of cooperation to {o}",
            "extended an offer of cooperation to {o}",
            "extended an offer of cooperation to {o}",
            None,
            "offer of cooperation to {o}",
        ),
        Phrase(
            "voice a wish to work together with {o}",
            "voiced a wish to work together with {o}",
            "voiced a wish to work together with {o}",
            None,
            None,
        ),
    ],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        Phrase(
            "seek diplomatic support from {o}",
            "sought diplomatic support from {o}",
            "sought diplomatic support from {o}",
            None,
            "appeal for diplomatic support to {o}",
        ),
        Phrase(
            "ask {o} for diplomatic cooperation",
            "asked {o} for diplomatic cooperation",
            "asked {o} for diplomatic cooperation",
            None,
            None,
        ),
    ],
    "Engage_in_diplomatic_cooperation": [
        Phrase(
            "cooperate diplomatically with {o}",
            "cooperated diplomatically with {o}",
            "cooperated diplomatically with {o}",
            None,
            "diplomatic cooperation with {o}",
        ),
        Phrase(
            "work with {o} on the diplomatic front",
            "worked with {o} on the diplomatic front",
            "worked with {o} on the diplomatic front",
            None,
            None,
        ),
    ],
    "Express_intent_to_meet_or_negotiate": [
        Phrase(
            "signal readiness to meet {o}",
            "signalled readiness to meet {o}",
            "signalled readiness to meet {o}",
            None,
            "offer of talks to {o}",
        ),
        Phrase(
            "express willingness to hold talks with {o}",
            "expressed willingness to hold talks with {o}",
            "expressed willingness to hold talks with {o}",
            None,
            None,
        ),
    ],
    "Engage_in_negotiation": [
        Phrase("negotiate with {o}", "negotiated with {o}", "negotiated with {o}", None, "negotiations with {o}"),
        Phrase("hold talks with {o}", "held talks with {o}", "held talks with {o}", None, "talks with {o}"),
    ],
    "Make_an_appeal_or_request": [
        Phrase("make an appeal to {o}", "made an appeal to {o}", "made an appeal to {o}", None, "appeal to {o}"),
        Phrase("put a request to {o}", "put a request to {o}", "put a request to {o}", None, "request to {o}"),
    ],
    "Make_statement": [
        Phrase(
            "issue a statement about {o}",
            "issued a statement about {o}",
            "issued a statement about {o}",
            None,
            "statement about {o}",
        ),
        Phrase(
            "make a public statement on {o}",
            "made a public statement on {o}",
            "made a public statement on {o}",
            None,
            "statement on {o}",
        ),
    ],
    "Discuss_by_telephone": [
        Phrase(
            "speak by phone with {o}",
            "spoke by phone with {o}",
            "spoken by phone with {o}",
            None,
            "phone call with {o}",
        ),
        Phrase("phone {o}", "phoned {o}", "phoned {o}", "phoned", "phone call to {o}"),
    ],
    "Consult": [
        Phrase("consult {o}", "consulted {o}", "consulted {o}", "consulted", "consultations with {o}"),
        Phrase("confer with {o}", "conferred with {o}", "conferred with {o}", None, None),
    ],
    "Make_optimistic_comment": [
        Phrase(
            "voice optimism about {o}",
            "voiced optimism about {o}",
            "voiced optimism about {o}",
            None,
            "upbeat remarks about {o}",
        ),
    ],
    "Threaten": [
        Phrase("threaten {o}", "threatened {o}", "threatened {o}", "threatened", "threat against {o}"),
        Phrase("issue threats against {o}", "issued threats against {o}", "issued threats against {o}", None, None),
    ],
    "Reject": [
        Phrase("reject {o}", "rejected {o}", "rejected {o}", "rejected", "rejection of {o}"),
        Phrase("rebuff {o}", "rebuffed {o}", "rebuffed {o}", "rebuffed", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        Phrase("arrest {o}", "arrested {o}", "arrested {o}", "arrested", "arrest of {o}"),
        Phrase(
            "take {o} into custody", "took {o} into custody", "taken {o} into custody", "detained", "detention of {o}"
        ),
    ],
    "Use_conventional_military_force": [
        Phrase(
            "use military force against {o}",
            "used military force against {o}",
            "used military force against {o}",
            None,
            "military action against {o}",
        ),
    ],
    "Provide_humanitarian_aid": [
        Phrase(
            "send humanitarian aid to {o}",
            "sent humanitarian aid to {o}",
            "sent humanitarian aid to {o}",
            None,
            "humanitarian aid to {o}",
        ),
    ],
    "Investigate": [
        Phrase("investigate {o}", "investigated {o}", "investigated {o}", "investigated", "investigation of {o}"),
        Phrase(
            "open an inquiry into {o}",
            "opened an inquiry into {o}",
            "opened an inquiry into {o}",
            None,
            "inquiry into {o}",
        ),
    ],
    "Demand": [
        Phrase("make demands of {o}", "made demands of {o}", "made demands of {o}", None, "demands on {o}"),
    ],
}
COOPERATION = {
    "Express_intent_to_cooperate",
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)",
    "Engage_in_diplomatic_cooperation",
    "Sign_formal_agreement",
}

# Sector entities ICEWS names "Sector (Country)", said the way people say them. "{c}" is the country's mention.
SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "the people of {c}"],
    "Police": ["the police of {c}", "the police in {c}"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "the armed forces of {c}"],
    "Head of Government": ["the head of government of {c}"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign ministry"],
    "Protester": ["protesters in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Opposition Supporter": ["opposition supporters in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
}
_SECTOR = re.compile(r"^(?P<sector>.+) \((?P<country>[^()]+)\)$")
_THE_WORDS = re.compile(
    r"\b(Union|Council|Fund|Bank|Organization|Organisation|Association|Agency|Commission|Court|Ministry|Party|Army|"
    r"Front|Movement|Nations|States|Kingdom|Republic|Emirates|Islands|Community|Forces|Office|Committee|Parliament|"
    r"Congress|Senate|Cabinet|League|Alliance|Coalition|Conference|Brotherhood|Force|Police|Press|Agency|Service)\b"
)
_THE_NAMES = {
    "Philippines",
    "Netherlands",
    "Bahamas",
    "Maldives",
    "Gambia",
    "Vatican",
    "Taliban",
    "Kremlin",
    "Pentagon",
    "Holy See",
    "Comoros",
    "Seychelles",
    "Middle East",
    "Kuomintang",
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


# ------------------------------------------------------------------------------------------------- the store's events
@dataclass(frozen=True)
class Ev:
    s: str  # subject name
    r: str
    o: str  # object name
    d: str  # YYYY-MM-DD
    sk: str  # keys, for the evidence quadruples
    ok: str


EVENTS_QUERY = """
MATCH (e:Event)-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity)
WHERE e.relation IN $relations AND e.granularity = 'day'
RETURN s.name AS s, s.key AS sk, e.relation AS r, o.name AS o, o.key AS ok, toString(e.valid_from) AS d
"""
NAME_COUNTS_QUERY = """
MATCH (x:Entity)
OPTIONAL MATCH (x)<-[:SUBJECT|OBJECT]-(e:Event)
WITH x, count(e) AS n
RETURN x.name AS name, count(*) AS keys, sum(n) AS events
"""


@dataclass
class KG:
    """The events of the relations in the lexicon, indexed the ways the constructions ask them."""

    events: list[Ev]
    window: tuple[str, str]
    name_keys: dict[str, int]
    name_events: dict[str, int]
    by_ro: dict[tuple[str, str], list[Ev]] = field(default_factory=dict)
    by_sr: dict[tuple[str, str], list[Ev]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[Ev]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ro: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        sr: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        sro: dict[tuple[str, str, str], list[Ev]] = defaultdict(list)
        for e in sorted(self.events, key=lambda e: (e.d, e.s, e.o)):
            ro[(e.r, e.o)].append(e)
            sr[(e.s, e.r)].append(e)
            sro[(e.s, e.r, e.o)].append(e)
        self.by_ro, self.by_sr, self.by_sro = dict(ro), dict(sr), dict(sro)

    @cached_property
    def countries(self) -> set[str]:
        """Names that ICEWS uses as the country of a sector entity ("Police (Kenya)" -> Kenya): places, not people."""
        return {m["country"] for name in self.name_keys if (m := _SECTOR.match(name))} & set(self.name_keys)

    def inside(self, d: str) -> bool:
        return self.window[0] <= d <= self.window[1]


def load_kg(store: Store, window: tuple[str, str] | None) -> KG:
    rows = store.run_values(EVENTS_QUERY, {"relations": sorted(LEXICON)})
    events = [Ev(r["s"], r["r"], r["o"], r["d"], r["sk"], r["ok"]) for r in rows]
    names = store.run_values(NAME_COUNTS_QUERY)
    if window is None:
        window = (min(e.d for e in events), max(e.d for e in events))
    return KG(
        events,
        window,
        {r["name"]: r["keys"] for r in names},
        {r["name"]: r["events"] for r in names},
    )


# ------------------------------------------------------------------------------------------------- surface forms
def plain_ok(kg: KG, name: str, min_events: int) -> bool:
    """A name a person would type as is: one entity of that name, no ICEWS bracket notation, known to the KG."""
    return (
        "(" not in name
        and "/" not in name
        and kg.name_keys.get(name, 0) == 1
        and kg.name_events.get(name, 0) >= min_events
        and len(name) <= 40
    )


def plain(name: str) -> str:
    if name.startswith("The "):
        return name
    if name in _THE_NAMES or _THE_WORDS.search(name) or name.startswith("UN "):
        return "the " + name
    return name


def mention(kg: KG, name: str, rng: random.Random, min_events: int = 40) -> tuple[str, bool] | None:
    """How a question names ``name`` (and whether it is a sector phrase), or None when it cannot be said naturally."""
    if plain_ok(kg, name, min_events):
        return plain(name), False
    m = _SECTOR.match(name)
    if m and m["sector"] in SECTORS and kg.name_keys.get(name, 0) == 1 and plain_ok(kg, m["country"], 200):
        form = rng.choice(SECTORS[m["sector"]])
        country = plain(m["country"])
        return (form.replace("{c}'s", poss(country)) if "{c}'s" in form else form.format(c=country)), True
    return None


def poss(mention: str) -> str:
    """The possessive: "Iran's", "the Philippines'"."""
    return mention + ("'" if mention.endswith("s") else "'s")


_PLURAL = (
    r"(?:citizens of|the people of|protesters in|armed rebels in|opposition supporters in|the armed forces of) "
    r"(?:the )?[A-Z][^\s,?]*(?: [A-Z][^\s,?]*)*"
)


def agree(text: str) -> str:
    """Verb agreement for the plural sector phrases ("citizens of Malaysia were detained"), after the wording."""
    text = re.sub(rf"\bwas ({_PLURAL})", r"were \1", text)
    text = re.sub(rf"\b({_PLURAL}) was\b", r"\1 were", text)
    return text


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def say_day(d: str, rng: random.Random) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:10])
    style = rng.randrange(3)
    if style == 0:
        return f"{dd} {MONTHS[m - 1]} {y}"
    if style == 1:
        return f"{MONTHS[m - 1]} {dd}, {y}"
    suffix = "th" if 10 <= dd % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
    return f"the {dd}{suffix} of {MONTHS[m - 1]} {y}"


def say_month(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def at(d: str, level: str) -> str:
    return d[: {"day": 10, "month": 7, "year": 4}[level]]


def month_after(m: str) -> str:
    y, mm = int(m[:4]), int(m[5:7])
    return f"{y + mm // 12:04d}-{mm % 12 + 1:02d}"


# ------------------------------------------------------------------------------------------------- questions
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str  # entity | time
    time_level: str  # day | month | year
    construction: str
    multitq_qtype: str
    evidence: list[Ev]
    check: dict[str, Any]  # what --verify recomputes
    features: list[str] = field(default_factory=list)


def vp(phrase: str, o: str) -> str:
    return phrase.format(o=o)


@dataclass
class Ctx:
    kg: KG
    rng: random.Random
    allow_unbounded_first: bool  # the store is complete from its first event (ICEWS14), so "first ever" is exact
    max_answers: int = 10
    sro_keys: list[tuple[str, str, str]] = field(default_factory=list)
    sector_keys: list[tuple[str, str, str]] = field(default_factory=list)
    coop_keys: list[tuple[str, str, str]] = field(default_factory=list)
    _can: dict[str, bool] = field(default_factory=dict)

    def can_mention(self, name: str) -> bool:
        if name not in self._can:
            self._can[name] = mention(self.kg, name, random.Random(0)) is not None
        return self._can[name]

    def phrase(self, r: str, need: str | None = None) -> Phrase | None:
        options = [p for p in LEXICON[r] if need is None or getattr(p, need) is not None]
        return self.rng.choice(options) if options else None

    def ment(self, name: str) -> tuple[str, bool] | None:
        return mention(self.kg, name, self.rng)

    def pick_sro(self, pred: Callable[[tuple[str, str, str], list[Ev]], bool]) -> tuple[str, str, str] | None:
        """A random (subject, relation, object) that fits ``pred``: random draws, not a scan of every triple."""
        if not self.sro_keys:
            self.sro_keys = sorted(k for k in self.kg.by_sro if k[0] != k[2] and _mentionable(self, k))
            self.sector_keys = [k for k in self.sro_keys if _SECTOR.match(k[0]) or _SECTOR.match(k[2])]
            self.coop_keys = [k for k in self.sro_keys if k[1] in COOPERATION]
        # a quarter of the draws from triples with a sector entity, a fifth from the cooperation relations
        draw = self.rng.random()
        pool = self.sector_keys if draw < 0.25 else self.coop_keys if draw < 0.45 else self.sro_keys
        for _ in range(20000):
            k = self.rng.choice(pool)
            if pred(k, self.kg.by_sro[k]):
                return k
        return None


def has_passive(r: str) -> bool:
    return any(p.passive for p in LEXICON[r])


def feats(r: str, *sector_flags: bool, extra: tuple[str, ...] = ()) -> list[str]:
    out = list(extra)
    if any(sector_flags):
        out.append("sector_entity")
    if r in COOPERATION:
        out.append("cooperation_paraphrase")
    return out


def subjects(evs: list[Ev]) -> list[str]:
    return sorted({e.s for e in evs})


def objects(evs: list[Ev]) -> list[str]:
    return sorted({e.o for e in evs})


def _sro_pool(c: Ctx, sk: tuple[str, str, str], v: list[Ev]) -> bool:
    return all(c.kg.inside(e.d) for e in v) and c.can_mention(sk[0]) and c.can_mention(sk[2])


# Each construction returns one question or None (the sample did not fit; the caller draws again).
def asked_time(c: Ctx, level: str, force_passive: bool = False) -> Q | None:
    """The asked time is the subject of the clause: "Which month saw X visit Y?" (all X-r-Y events in one period)."""

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        return len({at(e.d, level) for e in v}) == 1 and (level != "day" or len(v) == 1) and _sro_pool(c, k, v)

    k = c.pick_sro(lambda k, v: fits(k, v) and (not force_passive or has_passive(k[1])))
    if k is None:
        return None
    s, r, o = k
    evs = c.kg.by_sro[k]
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    passive = (force_passive or c.rng.random() < 0.45) and has_passive(r)
    if passive:
        p = c.phrase(r, "passive")
        assert p and p.passive
        forms = {
            "day": [
                f"On what date was {mo[0]} {p.passive} by {ms[0]}?",
                f"Which day was {mo[0]} {p.passive} by {ms[0]}?",
            ],
            "month": [f"In what month was {mo[0]} {p.passive} by {ms[0]}?"],
            "year": [f"In which year was {mo[0]} {p.passive} by {ms[0]}?"],
        }[level]
        label = f"passive_asked_{level}"
    else:
        p = c.phrase(r)
        assert p
        forms = {
            "day": [
                f"Which day saw {ms[0]} {vp(p.inf, mo[0])}?",
                f"What was the date when {ms[0]} {vp(p.past, mo[0])}?",
            ],
            "month": [
                f"Which month saw {ms[0]} {vp(p.inf, mo[0])}?",
                f"What month was it when {ms[0]} {vp(p.past, mo[0])}?",
                f"Name the month in which {ms[0]} {vp(p.past, mo[0])}.",
            ],
            "year": [
                f"What year was it when {ms[0]} {vp(p.past, mo[0])}?",
                f"Which year saw {ms[0]} {vp(p.inf, mo[0])}?",
            ],
        }[level]
        label = f"time_as_subject_{level}"
    return Q(
        cap(c.rng.choice(forms)),
        [at(evs[0].d, level)],
        "time",
        level,
        label,
        "equal",
        evs,
        {"kind": "sro_periods", "s": s, "r": r, "o": o, "level": level},
        feats(r, ms[1], mo[1], extra=("passive",) if passive else ()),
    )


def ordinal_time(c: Ctx, level: str, which: str, force_passive: bool = False) -> Q | None:
    """First/last asked through the answer's granularity: "In which month did X first criticise Y?"."""
    scope_year = which == "first" and not c.allow_unbounded_first

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        if scope_year:
            years = sorted({e.d[:4] for e in v if c.kg.inside(e.d)})
            if not years:
                return False
            inyear = [e for e in v if e.d[:4] == years[-1]]
            return len({at(e.d, level) for e in inyear}) >= 2 and _mentionable(c, k)
        if len({at(e.d, level) for e in v}) < 2:
            return False
        decisive = v[-1] if which == "last" else v[0]
        return c.kg.inside(decisive.d) and _mentionable(c, k)

    k = c.pick_sro(lambda k, v: fits(k, v) and (not force_passive or has_passive(k[1])))
    if k is None:
        return None
    s, r, o = k
    evs = c.kg.by_sro[k]
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    extra: tuple[str, ...] = ()
    year = ""
    if scope_year:
        year = max(e.d[:4] for e in evs if c.kg.inside(e.d))
        evs = [e for e in evs if e.d[:4] == year]
    decisive = evs[-1] if which == "last" else evs[0]
    passive = (force_passive or c.rng.random() < 0.45) and has_passive(r)
    p = c.phrase(r, "passive" if passive else None)
    assert p
    sb, ob = ms[0], mo[0]
    if which == "last":
        adv_pre = c.rng.choice(["last", "most recently"])
        if passive:
            assert p.passive
            forms = {
                "day": [f"When was {ob} {adv_pre} {p.passive} by {sb}?"],
                "month": [f"In which month was {ob} {p.passive} by {sb} for the last time?"],
                "year": [f"What is the most recent year in which {ob} was {p.passive} by {sb}?"],
            }[level]
        else:
            forms = {
                "day": [
                    f"When did {sb} {adv_pre} {vp(p.inf, ob)}?",
                    f"On which day did {sb} {vp(p.inf, ob)} for the last time?",
                ],
                "month": [
                    f"In which month did {sb} {adv_pre} {vp(p.inf, ob)}?",
                    f"What was the latest month in which {sb} {vp(p.past, ob)}?",
                ],
                "year": [
                    f"In what year did {sb} {vp(p.inf, ob)} for the last time?",
                    f"Which year did {sb} most recently {vp(p.inf, ob)} in?",
                ],
            }[level]
        label = f"last_via_{level}"
    elif scope_year:
        if passive:
            assert p.passive
            forms = {
                "day": [f"In {year}, on what day was {ob} first {p.passive} by {sb}?"],
                "month": [f"In {year}, which month was {ob} first {p.passive} by {sb} in?"],
                "year": [],
            }[level]
        else:
            forms = {
                "day": [
                    f"What was the first day in {year} on which {sb} {vp(p.past, ob)}?",
                    f"In {year}, when did {sb} initially {vp(p.inf, ob)}?",
                ],
                "month": [
                    f"In {year}, in which month did {sb} first {vp(p.inf, ob)}?",
                    f"What was the earliest month of {year} in which {sb} {vp(p.past, ob)}?",
                ],
                "year": [],
            }[level]
        label = f"first_in_year_via_{level}"
        extra = ("scoped_year",)
    else:
        if passive:
            assert p.passive
            forms = {
                "day": [f"When was {ob} first {p.passive} by {sb}?"],
                "month": [f"In which month was {ob} {p.passive} by {sb} for the first time?"],
                "year": [],
            }[level]
        else:
            forms = {
                "day": [
                    f"When did {sb} {vp(p.inf, ob)} for the first time?",
                    f"On what date did {sb} initially {vp(p.inf, ob)}?",
                ],
                "month": [
                    f"In which month did {sb} first {vp(p.inf, ob)}?",
                    f"What was the earliest month in which {sb} {vp(p.past, ob)}?",
                ],
                "year": [],
            }[level]
        label = f"first_via_{level}"
    if not forms:
        return None
    return Q(
        cap(c.rng.choice(forms)),
        [at(decisive.d, level)],
        "time",
        level,
        label,
        "first_last",
        [decisive],
        {"kind": "sro_extreme", "s": s, "r": r, "o": o, "level": level, "which": which, "year": year},
        feats(r, ms[1], mo[1], extra=extra + (("passive",) if passive else ())),
    )


def _mentionable(c: Ctx, k: tuple[str, str, str]) -> bool:
    return c.can_mention(k[0]) and c.can_mention(k[2])


def same_period(c: Ctx, level: str) -> Q | None:
    """equal_multi: "Who else criticised Y in the same month as X did?" (X's events on Y in one period)."""

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        if len({at(e.d, level) for e in v}) != 1 or not _sro_pool(c, k, v):
            return False
        per = at(v[0].d, level)
        others = {e.s for e in c.kg.by_ro[(k[1], k[2])] if at(e.d, level) == per and e.s != k[0]}
        return 1 <= len(others) <= c.max_answers

    k = c.pick_sro(fits)
    if k is None:
        return None
    s, r, o = k
    anchor = c.kg.by_sro[k]
    per = at(anchor[0].d, level)
    gold_evs = [e for e in c.kg.by_ro[(r, o)] if at(e.d, level) == per and e.s != s]
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    p = c.phrase(r)
    assert p
    sb, ob = ms[0], mo[0]
    unit = level
    within = "on" if level == "day" else "in"
    forms = [
        f"Who else {vp(p.past, ob)} {within} the same {unit} as {sb}?",
        f"{cap(within)} the same {unit} that {sb} {vp(p.past, ob)}, who else did so?",
        f"Apart from {sb}, who {vp(p.past, ob)} {within} the {unit} when {sb} did?",
    ]
    if p.passive:
        forms.append(f"{cap(within)} the {unit} {ob} was {p.passive} by {sb}, by whom else was {ob} {p.passive}?")
    return Q(
        cap(c.rng.choice(forms)),
        subjects(gold_evs),
        "entity",
        level,
        f"same_{level}_who_else",
        "equal_multi",
        anchor[:1] + gold_evs,
        {"kind": "same_period_subjects", "s": s, "r": r, "o": o, "level": level},
        feats(r, ms[1], mo[1]),
    )


def bare(form: str) -> str | None:
    """The verb phrase without its object when the object ends it ("sign a deal with"), else None."""
    return form[: -len("{o}")].rstrip() if form.endswith("{o}") else None


def same_period_cross(c: Ctx, level: str) -> Q | None:
    """Two relations of one actor: "Whom did X criticise in the same year that X inked a deal with Y?"."""

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        return len({at(e.d, level) for e in v}) == 1 and _sro_pool(c, k, v)

    k = c.pick_sro(fits)
    if k is None:
        return None
    s, r1, o1 = k
    per = at(c.kg.by_sro[k][0].d, level)
    rels = [r for r in LEXICON if r != r1 and (s, r) in c.kg.by_sr]
    c.rng.shuffle(rels)
    for r2 in rels:
        gold_evs = [e for e in c.kg.by_sr[(s, r2)] if at(e.d, level) == per]
        if 1 <= len({e.o for e in gold_evs}) <= c.max_answers and s not in {e.o for e in gold_evs}:
            break
    else:
        return None
    ms, mo = c.ment(s), c.ment(o1)
    assert ms and mo
    p1 = c.phrase(r1)
    options = [p for p in LEXICON[r2] if bare(p.inf)]
    if p1 is None or not options:
        return None
    p2 = c.rng.choice(options)
    v2 = bare(p2.inf)
    sb, ob = ms[0], mo[0]
    forms = [
        f"Whom did {sb} {v2} in the same {level} that {sb} {vp(p1.past, ob)}?",
        f"In the {level} when {sb} {vp(p1.past, ob)}, whom did {sb} {v2}?",
    ]
    if p1.noun:
        forms.append(f"In the same {level} as {poss(sb)} {vp(p1.noun, ob)}, whom did {sb} {v2}?")
    return Q(
        cap(c.rng.choice(forms)),
        objects(gold_evs),
        "entity",
        level,
        f"same_{level}_other_relation",
        "equal_multi",
        c.kg.by_sro[k][:1] + gold_evs,
        {"kind": "same_period_objects", "s": s, "r1": r1, "o1": o1, "r2": r2, "level": level},
        feats(r1, ms[1], mo[1]) + (["cooperation_paraphrase"] if r2 in COOPERATION and r1 not in COOPERATION else []),
    )


def _unique_anchor(c: Ctx, k: tuple[str, str, str], v: list[Ev]) -> bool:
    return len(v) == 1 and c.kg.inside(v[0].d) and _mentionable(c, k)


def anchor_list(c: Ctx, which: str) -> Q | None:
    """before/after an anchor event, all answers: "Following X's visit to Y, who else visited Y?"."""

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        if not _unique_anchor(c, k, v):
            return False
        d = v[0].d
        side = [e for e in c.kg.by_ro[(k[1], k[2])] if (e.d > d if which == "after" else e.d < d)]
        if which == "before" and not c.allow_unbounded_first:
            return False
        names = {e.s for e in side}
        return 1 <= len(names) <= c.max_answers and k[0] not in names

    k = c.pick_sro(fits)
    if k is None:
        return None
    s, r, o = k
    d = c.kg.by_sro[k][0].d
    gold_evs = [e for e in c.kg.by_ro[(r, o)] if (e.d > d if which == "after" else e.d < d)]
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    p = c.phrase(r)
    assert p
    sb, ob = ms[0], mo[0]
    if which == "after":
        forms = [
            f"After {sb} {vp(p.past, ob)}, who else {vp(p.past, ob)}?",
            f"Who {vp(p.past, ob)} later than {sb} did?",
        ]
        if p.noun:
            forms.append(f"Following {poss(sb)} {vp(p.noun, ob)}, who {vp(p.past, ob)}?")
        if p.passive:
            forms.append(f"Once {sb} had {vp(p.perf, ob)}, by whom else was {ob} {p.passive}?")
    else:
        forms = [f"Before {sb} {vp(p.past, ob)}, who had {vp(p.perf, ob)}?", f"Who {vp(p.past, ob)} earlier than {sb}?"]
        if p.noun:
            forms.append(f"Prior to {poss(sb)} {vp(p.noun, ob)}, who {vp(p.past, ob)}?")
        if p.passive:
            forms.append(f"Before {sb} did, by whom had {ob} been {p.passive}?")
    return Q(
        cap(c.rng.choice(forms)),
        subjects(gold_evs),
        "entity",
        "day",
        f"{which}_anchor_all",
        "before_after",
        c.kg.by_sro[k] + gold_evs,
        {"kind": "anchor_side_subjects", "s": s, "r": r, "o": o, "which": which},
        feats(r, ms[1], mo[1]),
    )


def anchor_ordinal(c: Ctx, which: str) -> Q | None:
    """after_first / before_last: "Prior to X, who was the last to criticise Y?" (one answer)."""

    def side_evs(k: tuple[str, str, str], d: str) -> list[Ev]:
        evs = c.kg.by_ro[(k[1], k[2])]
        if which == "after":
            later = [e for e in evs if e.d > d]
            return [e for e in later if e.d == later[0].d] if later else []
        earlier = [e for e in evs if e.d < d]
        return [e for e in earlier if e.d == earlier[-1].d] if earlier else []

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        if not _unique_anchor(c, k, v):
            return False
        side = side_evs(k, v[0].d)
        return len({e.s for e in side}) == 1 and c.kg.inside(side[0].d) and side[0].s != k[0]

    k = c.pick_sro(fits)
    if k is None:
        return None
    s, r, o = k
    d = c.kg.by_sro[k][0].d
    gold_evs = side_evs(k, d)
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    p = c.phrase(r)
    assert p
    sb, ob = ms[0], mo[0]
    if which == "after":
        forms = [
            f"Who was the first to {vp(p.inf, ob)} after {sb} did?",
            f"After {sb}, who was next to {vp(p.inf, ob)}?",
            f"Who {vp(p.past, ob)} soonest after {sb} had done so?",
        ]
        if p.passive:
            forms.append(f"Right after {sb}, by whom was {ob} next {p.passive}?")
    else:
        forms = [
            f"Prior to {sb}, who was the last to {vp(p.inf, ob)}?",
            f"Who most recently {vp(p.past, ob)} before {sb} did?",
            f"Just before {sb} {vp(p.past, ob)}, who had last done so?",
        ]
        if p.noun:
            forms.append(f"Before {poss(sb)} {vp(p.noun, ob)}, who had been the last to {vp(p.inf, ob)}?")
    return Q(
        cap(c.rng.choice(forms)),
        subjects(gold_evs),
        "entity",
        "day",
        "after_anchor_first" if which == "after" else "before_anchor_last",
        "after_first" if which == "after" else "before_last",
        c.kg.by_sro[k] + gold_evs,
        {"kind": "anchor_side_extreme", "s": s, "r": r, "o": o, "which": which},
        feats(r, ms[1], mo[1]),
    )


def next_object(c: Ctx, which: str) -> Q | None:
    """The actor's next/previous act of the same kind: "After visiting Y, where did X go next?"."""

    def side_evs(s: str, r: str, d: str) -> list[Ev]:
        evs = c.kg.by_sr[(s, r)]
        if which == "next":
            later = [e for e in evs if e.d > d]
            return [e for e in later if e.d == later[0].d] if later else []
        earlier = [e for e in evs if e.d < d]
        return [e for e in earlier if e.d == earlier[-1].d] if earlier else []

    def fits(k: tuple[str, str, str], v: list[Ev]) -> bool:
        if not _unique_anchor(c, k, v) or not any(bare(p.inf) for p in LEXICON[k[1]]):
            return False
        side = side_evs(k[0], k[1], v[0].d)
        return len({e.o for e in side}) == 1 and c.kg.inside(side[0].d) and side[0].o != k[2]

    k = c.pick_sro(fits)
    if k is None:
        return None
    s, r, o = k
    d = c.kg.by_sro[k][0].d
    gold_evs = side_evs(s, r, d)
    ms, mo = c.ment(s), c.ment(o)
    assert ms and mo
    p = c.rng.choice([p for p in LEXICON[r] if bare(p.inf)])
    v = bare(p.inf)
    sb, ob = ms[0], mo[0]
    if r == "Make_a_visit" and {o} | {e.o for e in gold_evs} <= c.kg.countries:
        forms = (
            [f"After visiting {ob}, where did {sb} go next?", f"Where did {sb} travel next after visiting {ob}?"]
            if which == "next"
            else [
                f"Before visiting {ob}, where had {sb} last travelled to?",
                f"Which place did {sb} visit just before the visit to {ob}?",
            ]
        )
    elif which == "next":
        forms = [f"After {sb} {vp(p.past, ob)}, whom did {sb} {v} next?"]
        if p.noun:
            forms.append(f"Following {poss(sb)} {vp(p.noun, ob)}, whom did {sb} {v} next?")
    else:
        forms = [f"Before {sb} {vp(p.past, ob)}, whom had {sb} last {bare(p.perf)}?"]
        if p.passive:
            forms.append(f"Who had last been {p.passive} by {sb} before {sb} {vp(p.past, ob)}?")
    return Q(
        cap(c.rng.choice(forms)),
        objects(gold_evs),
        "entity",
        "day",
        f"{which}_object_of_actor",
        "after_first" if which == "next" else "before_last",
        c.kg.by_sro[k] + gold_evs,
        {"kind": "actor_side_extreme", "s": s, "r": r, "o": o, "which": which},
        feats(r, ms[1], mo[1]),
    )


def fronted_time(c: Ctx, level: str, side: str) -> Q | None:
    """A fronted or trailing time phrase with an all-answers gold: "On 3 May 2015, who criticised Y?"."""
    pool = c.kg.by_ro if side == "subject" else c.kg.by_sr
    keys = list(pool)
    for _ in range(300):
        key = c.rng.choice(keys)
        r, fixed = (key[0], key[1]) if side == "subject" else (key[1], key[0])
        if side == "object" and not any(bare(p.inf) for p in LEXICON[r]):
            continue
        evs = [e for e in pool[key] if c.kg.inside(e.d)]
        if not evs:
            continue
        per = at(c.rng.choice(evs).d, level)
        gold_evs = [e for e in evs if at(e.d, level) == per]
        names = subjects(gold_evs) if side == "subject" else objects(gold_evs)
        m = c.ment(fixed)
        if m is not None and 1 <= len(names) <= c.max_answers and fixed not in names:
            break
    else:
        return None
    when = say_day(per, c.rng) if level == "day" else say_month(per) if level == "month" else per
    prep = "on" if level == "day" else "in"
    passive = side == "subject" and c.rng.random() < 0.45 and c.phrase(r, "passive") is not None
    fx = m[0]
    extra: tuple[str, ...] = ()
    if side == "subject" and passive:
        p = c.phrase(r, "passive")
        assert p and p.passive
        forms = [f"By whom was {fx} {p.passive} {prep} {when}?", f"{cap(prep)} {when}, {fx} was {p.passive} by whom?"]
        label, extra = f"passive_{level}_who", ("passive",)
    elif side == "subject":
        p = c.phrase(r)
        assert p
        if level == "year":
            forms = [f"Back in {when}, who {vp(p.past, fx)}?", f"Who {vp(p.past, fx)} during {when}?"]
            label = f"fronted_{level}_who"
        elif c.rng.random() < 0.4:
            forms = [
                f"Name everyone who {vp(p.past, fx)} {prep} {when}.",
                f"Who were the actors that {vp(p.past, fx)} {prep} {when}?",
            ]
            label = f"relative_clause_{level}_who"
        else:
            forms = [f"{cap(prep)} {when}, who {vp(p.past, fx)}?"]
            label = f"fronted_{level}_who"
    else:
        p = c.rng.choice([p for p in LEXICON[r] if bare(p.inf)])
        v, vpast = bare(p.inf), bare(p.past)
        if vpast is not None and c.rng.random() < 0.4:
            forms = [f"List the parties that {fx} {vpast} {prep} {when}."]
            if level == "month":
                forms.append(f"During {when}, who were the ones {fx} {vpast}?")
            label = f"relative_clause_{level}_whom"
        else:
            forms = [f"{cap(prep)} {when}, whom did {fx} {v}?"]
            label = f"fronted_{level}_whom"
    return Q(
        cap(c.rng.choice(forms)),
        names,
        "entity",
        level,
        label,
        "equal",
        gold_evs,
        {"kind": "period_side", "fixed": fixed, "r": r, "side": side, "level": level, "period": per},
        feats(r, m[1], extra=extra),
    )


def date_side(c: Ctx, which: str, level: str) -> Q | None:
    """Before/after a date, all answers: "Who criticised Y after March 2015?" (after the whole month)."""
    keys = list(c.kg.by_ro)
    for _ in range(300):
        r, o = c.rng.choice(keys)
        evs = c.kg.by_ro[(r, o)]
        m = c.ment(o)
        if m is None or len(evs) < 4:
            continue
        pivot = c.rng.choice([e.d for e in evs])
        per = at(pivot, level)
        if which == "after":
            bound = per if level == "day" else month_after(per)
            gold_evs = [e for e in evs if (e.d > bound if level == "day" else e.d[:7] >= bound)]
            ok = c.kg.inside(pivot)
        else:
            gold_evs = [e for e in evs if at(e.d, level) < per]
            ok = c.allow_unbounded_first and c.kg.inside(pivot)
        names = subjects(gold_evs)
        if ok and 1 <= len(names) <= c.max_answers and o not in names:
            break
    else:
        return None
    p = c.phrase(r)
    assert p
    when = say_day(per, c.rng) if level == "day" else say_month(per)
    ob = m[0]
    if which == "after":
        forms = [f"Who {vp(p.past, ob)} after {when}?", f"After {when}, which actors {vp(p.past, ob)}?"]
    else:
        forms = [f"Who {vp(p.past, ob)} before {when}?", f"Prior to {when}, who had {vp(p.perf, ob)}?"]
    return Q(
        cap(c.rng.choice(forms)),
        names,
        "entity",
        level,
        f"{which}_date_all",
        "before_after",
        gold_evs,
        {"kind": "date_side_subjects", "r": r, "o": o, "which": which, "level": level, "period": per},
        feats(r, m[1]),
    )


def ordinal_entity(c: Ctx, which: str, scope: str) -> Q | None:
    """Who first/last, over a month, a year, or the whole store: "Who most recently praised Y?"."""
    keys = list(c.kg.by_ro)
    for _ in range(300):
        r, o = c.rng.choice(keys)
        evs = c.kg.by_ro[(r, o)]
        m = c.ment(o)
        if m is None:
            continue
        if scope == "all":
            if which == "first" and not c.allow_unbounded_first:
                return None
            inscope = evs
            per = ""
        else:
            inner = [e for e in evs if c.kg.inside(e.d)]
            if not inner:
                continue
            per = at(c.rng.choice(inner).d, scope)
            inscope = [e for e in evs if at(e.d, scope) == per]
        if len({e.s for e in inscope}) < 2:
            continue
        decisive = inscope[0].d if which == "first" else inscope[-1].d
        gold_evs = [e for e in inscope if e.d == decisive]
        if len({e.s for e in gold_evs}) == 1 and c.kg.inside(decisive) and gold_evs[0].s != o:
            break
    else:
        return None
    p = c.phrase(r)
    assert p
    ob = m[0]
    when = "" if scope == "all" else f"in {say_month(per)}" if scope == "month" else f"in {per}"
    if which == "first":
        forms = [
            f"Who was the first to {vp(p.inf, ob)} {when}?",
            f"{cap(when) + ', w' if when else 'W'}ho {vp(p.past, ob)} earliest?",
            f"Who initially {vp(p.past, ob)} {when}?",
        ]
    else:
        forms = [
            f"Who was the last to {vp(p.inf, ob)} {when}?",
            f"Who most recently {vp(p.past, ob)}{' ' + when if when else ''}?",
            f"{cap(when) + ', w' if when else 'W'}ho was the latest to {vp(p.inf, ob)}?",
        ]
    text = re.sub(r"\s+", " ", c.rng.choice(forms)).replace(" ?", "?")
    return Q(
        cap(text),
        subjects(gold_evs),
        "entity",
        "day" if scope == "all" else scope,
        f"{which}_who_{scope}",
        "first_last" if scope == "all" else "equal_multi",
        gold_evs,
        {"kind": "ro_extreme_subjects", "r": r, "o": o, "which": which, "scope": scope, "period": per},
        feats(r, m[1]),
    )


# ------------------------------------------------------------------------------------------------- the mix
def recipe(c: Ctx) -> list[tuple[str, int, Callable[[], Q | None]]]:
    """(label, weight, maker). ICEWS14 adds the constructions that need the whole store complete."""
    mix: list[tuple[str, int, Callable[[], Q | None]]] = [
        ("asked_day", 6, lambda: asked_time(c, "day")),
        ("asked_month", 8, lambda: asked_time(c, "month")),
        ("last_day", 5, lambda: ordinal_time(c, "day", "last")),
        ("passive_last_day", 3, lambda: ordinal_time(c, "day", "last", force_passive=True)),
        ("passive_asked_month", 3, lambda: asked_time(c, "month", force_passive=True)),
        ("last_month", 7, lambda: ordinal_time(c, "month", "last")),
        ("first_day", 5, lambda: ordinal_time(c, "day", "first")),
        ("first_month", 7, lambda: ordinal_time(c, "month", "first")),
        ("same_month", 8, lambda: same_period(c, "month")),
        ("same_day", 4, lambda: same_period(c, "day")),
        ("cross_month", 6, lambda: same_period_cross(c, "month")),
        ("after_all", 6, lambda: anchor_list(c, "after")),
        ("after_first", 6, lambda: anchor_ordinal(c, "after")),
        ("before_last", 6, lambda: anchor_ordinal(c, "before")),
        ("next_obj", 4, lambda: next_object(c, "next")),
        ("prev_obj", 3, lambda: next_object(c, "previous")),
        ("fronted_day_who", 6, lambda: fronted_time(c, "day", "subject")),
        ("fronted_month_who", 6, lambda: fronted_time(c, "month", "subject")),
        ("fronted_month_whom", 5, lambda: fronted_time(c, "month", "object")),
        ("after_date_day", 4, lambda: date_side(c, "after", "day")),
        ("after_date_month", 4, lambda: date_side(c, "after", "month")),
        ("first_in_month", 5, lambda: ordinal_entity(c, "first", "month")),
        ("last_in_year", 4, lambda: ordinal_entity(c, "last", "year")),
        ("last_ever", 5, lambda: ordinal_entity(c, "last", "all")),
    ]
    if c.allow_unbounded_first:
        mix += [
            ("before_all", 5, lambda: anchor_list(c, "before")),
            ("before_date_day", 3, lambda: date_side(c, "before", "day")),
            ("first_ever", 4, lambda: ordinal_entity(c, "first", "all")),
        ]
    else:
        mix += [
            ("asked_year", 4, lambda: asked_time(c, "year")),
            ("last_year", 3, lambda: ordinal_time(c, "year", "last")),
            ("same_year", 4, lambda: same_period(c, "year")),
            ("cross_year", 3, lambda: same_period_cross(c, "year")),
            ("fronted_year_who", 2, lambda: fronted_time(c, "year", "subject")),
            ("first_in_year", 4, lambda: ordinal_entity(c, "first", "year")),
        ]
    return mix


def generate(c: Ctx, n: int, prefix: str) -> list[Q]:
    mix = recipe(c)
    total = sum(w for _, w, _ in mix)
    quota = {label: max(1, round(n * w / total)) for label, w, _ in mix}
    out: list[Q] = []
    seen_text: set[str] = set()
    seen_fact: set[str] = set()
    for label, _, make in mix:
        got, tries = 0, 0
        while got < quota[label] and tries < 60:
            tries += 1
            q = make()
            if q is None:
                continue
            q.question = agree(q.question)
            fact = json.dumps(q.check, sort_keys=True)
            if q.question in seen_text or fact in seen_fact or not q.answers:
                continue
            seen_text.add(q.question)
            seen_fact.add(fact)
            out.append(q)
            got += 1
    return out


def record(q: Q, i: int, prefix: str, store: str, kg_name: str) -> dict[str, Any]:
    return {
        "quid": f"{prefix}{i:03d}",
        "id": f"{prefix}{i:03d}",
        "question": q.question,
        "answers": q.answers,
        "answer_type": q.answer_type,
        "time_level": q.time_level,
        "qtype": q.construction,
        "construction": q.construction,
        "multitq_qtype": q.multitq_qtype,
        "features": q.features,
        "store": store,
        "kg": kg_name,
        "evidence": [[e.sk, e.r, e.ok, e.d] for e in q.evidence],
        "check": q.check,
    }


# ------------------------------------------------------------------------------------------------- verification
# Second, independent computation of each gold: one Cypher query per check kind, straight on the store (no Python
# index, no sampling code). Granularity is cut with substring() on the ISO date.
_V_BASE = """
MATCH (e:Event)-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity)
WHERE e.relation = $r AND e.granularity = 'day'
"""
VERIFY: dict[str, str] = {
    "sro_periods": _V_BASE
    + """AND s.name = $s AND o.name = $o
RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $len)) AS gold""",
    "sro_extreme": _V_BASE
    + """AND s.name = $s AND o.name = $o AND ($year = '' OR e.valid_from.year = toInteger($year))
WITH e ORDER BY e.valid_from
WITH collect(e.valid_from) AS ds
RETURN [CASE $which WHEN 'first' THEN substring(toString(ds[0]), 0, $len)
        ELSE substring(toString(ds[size(ds) - 1]), 0, $len) END] AS gold""",
    "same_period_subjects": _V_BASE
    + """AND s.name = $s AND o.name = $o
WITH collect(DISTINCT substring(toString(e.valid_from), 0, $len)) AS pers
MATCH (e2:Event)-[:SUBJECT]->(s2:Entity), (e2)-[:OBJECT]->(o2:Entity {name: $o})
WHERE e2.relation = $r AND size(pers) = 1 AND substring(toString(e2.valid_from), 0, $len) = pers[0] AND s2.name <> $s
RETURN collect(DISTINCT s2.name) AS gold""",
    "same_period_objects": """
MATCH (e:Event {relation: $r1})-[:SUBJECT]->(:Entity {name: $s}), (e)-[:OBJECT]->(:Entity {name: $o1})
WITH collect(DISTINCT substring(toString(e.valid_from), 0, $len)) AS pers
MATCH (e2:Event {relation: $r2})-[:SUBJECT]->(:Entity {name: $s}), (e2)-[:OBJECT]->(o2:Entity)
WHERE size(pers) = 1 AND substring(toString(e2.valid_from), 0, $len) = pers[0]
RETURN collect(DISTINCT o2.name) AS gold""",
    "anchor_side_subjects": _V_BASE
    + """AND s.name = $s AND o.name = $o
WITH collect(e.valid_from) AS ds
MATCH (e2:Event {relation: $r})-[:SUBJECT]->(s2:Entity), (e2)-[:OBJECT]->(:Entity {name: $o})
WHERE size(ds) = 1 AND CASE $which WHEN 'after' THEN e2.valid_from > ds[0] ELSE e2.valid_from < ds[0] END
RETURN collect(DISTINCT s2.name) AS gold""",
    "anchor_side_extreme": _V_BASE
    + """AND s.name = $s AND o.name = $o
WITH collect(e.valid_from) AS ds
MATCH (e2:Event {relation: $r})-[:SUBJECT]->(s2:Entity), (e2)-[:OBJECT]->(:Entity {name: $o})
WHERE size(ds) = 1 AND CASE $which WHEN 'after' THEN e2.valid_from > ds[0] ELSE e2.valid_from < ds[0] END
WITH e2.valid_from AS d, collect(DISTINCT s2.name) AS names
ORDER BY CASE $which WHEN 'after' THEN d END ASC, CASE $which WHEN 'before' THEN d END DESC
RETURN names AS gold LIMIT 1""",
    "actor_side_extreme": _V_BASE
    + """AND s.name = $s AND o.name = $o
WITH collect(e.valid_from) AS ds
MATCH (e2:Event {relation: $r})-[:SUBJECT]->(:Entity {name: $s}), (e2)-[:OBJECT]->(o2:Entity)
WHERE size(ds) = 1 AND CASE $which WHEN 'next' THEN e2.valid_from > ds[0] ELSE e2.valid_from < ds[0] END
WITH e2.valid_from AS d, collect(DISTINCT o2.name) AS names
ORDER BY CASE $which WHEN 'next' THEN d END ASC, CASE $which WHEN 'previous' THEN d END DESC
RETURN names AS gold LIMIT 1""",
    "period_side": """
MATCH (e:Event {relation: $r})-[:SUBJECT]->(s:Entity), (e)-[:OBJECT]->(o:Entity)
WHERE substring(toString(e.valid_from), 0, $len) = $period
  AND CASE $side WHEN 'subject' THEN o.name = $fixed ELSE s.name = $fixed END
RETURN collect(DISTINCT CASE $side WHEN 'subject' THEN s.name ELSE o.name END) AS gold""",
    "date_side_subjects": _V_BASE
    + """AND o.name = $o
  AND CASE $which WHEN 'after' THEN substring(toString(e.valid_from), 0, $len) > $period
      ELSE substring(toString(e.valid_from), 0, $len) < $period END
RETURN collect(DISTINCT s.name) AS gold""",
    "ro_extreme_subjects": _V_BASE
    + """AND o.name = $o
  AND ($period = '' OR substring(toString(e.valid_from), 0, size($period)) = $period)
WITH e.valid_from AS d, collect(DISTINCT s.name) AS names
ORDER BY CASE $which WHEN 'first' THEN d END ASC, CASE $which WHEN 'last' THEN d END DESC
RETURN names AS gold LIMIT 1""",
}
LEN = {"day": 10, "month": 7, "year": 4}


def verify(store: Store, records: list[dict[str, Any]]) -> list[str]:
    problems = []
    for rec in records:
        chk = dict(rec["check"])
        kind = chk.pop("kind")
        level = chk.get("level") or rec["time_level"]
        params = {"len": LEN[level], **chk}
        rows = store.run_values(VERIFY[kind], params)
        gold = sorted(rows[0]["gold"]) if rows else []
        if gold != sorted(rec["answers"]):
            problems.append(f"{rec['quid']} {kind}: written {sorted(rec['answers'])} vs Cypher {gold}")
    return problems


# ------------------------------------------------------------------------------------------------- main
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", required=True, help="a label for the store the questions need (mtq, bench)")
    ap.add_argument("--kg", default="", help="what the store holds, written into each record")
    ap.add_argument(
        "--window",
        nargs=2,
        metavar=("FROM", "TO"),
        default=None,
        help="the period where the store is complete (default: all of it, which also allows 'first ever')",
    )
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20261126)
    ap.add_argument("--prefix", default="blind-")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--verify", type=int, default=-1, help="recheck this many random records with Cypher (-1: all)")
    args = ap.parse_args()
    window = (args.window[0], args.window[1]) if args.window else None
    for d in args.window or []:
        date.fromisoformat(d)
    rng = random.Random(args.seed)
    with connect(load_settings(), start_managed=False, ensure_schema=False) as store:
        kg = load_kg(store, window)
        c = Ctx(kg, rng, allow_unbounded_first=window is None)
        qs = generate(c, args.n, args.prefix)
        records = [record(q, i, args.prefix, args.store, args.kg) for i, q in enumerate(qs, 1)]
        sample = (
            records if args.verify < 0 else random.Random(args.seed + 1).sample(records, min(args.verify, len(records)))
        )
        problems = verify(store, sample)
    with args.out.open("w") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    load = os.getloadavg()
    print(
        f"{len(records)} questions -> {args.out} (window {kg.window[0]}..{kg.window[1]}, {len(kg.events):,} events "
        f"of {len(LEXICON)} relations; seed {args.seed}; load {load[0]:.1f})"
    )
    for label, n in sorted(Counter(r["construction"] for r in records).items()):
        print(f"  {label:32} {n}")
    print("  features:", dict(Counter(f for r in records for f in r["features"])))
    print(f"verified {len(sample)} golds with a second Cypher query: {len(problems)} disagree")
    for p in problems:
        print("  !", p)


if __name__ == "__main__":
    main()
