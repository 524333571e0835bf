"""The sixth blind held-out set: MultiTQ-type questions in free, human phrasing, gold computed exactly from the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_6.py --store mtq --n 100 --out DIR/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_6.py --store bench --n 70 --out DIR/blind_icews14.jsonl

Why a sixth set: the reader's held-out figure must come from constructions nobody tuned on. The questions are written
here from scratch (clause order, voice, the asked slot, time expressions, anchors and relation wording vary), and every
gold answer is computed twice: once in Python over every event of the connected store (one Cypher read), and once by a
second, differently written Cypher query per question (anchor dates and window arithmetic done in Cypher). A question
is written only when both agree; the count of disagreements is printed.

Only periods where the KG is complete are asked about: on the partial ICEWS05-15 store (``--store mtq``) every window
starts on or after 2014-01-01 (first/before questions say so in their wording), except "last" questions, kept only
when the last event itself falls in the complete period. An anchor event ("after X visited Y") occurs exactly once in
the whole store. At most five gold answers; ties at first/last are all gold.

Output: the tkgqa JSONL format (``quid``, ``question``, ``answers``, ``answer_type``, ``time_level``, ``qtype``,
``evidence``) plus ``id``, ``construction`` and ``store``. Reads only.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261126
COMPLETE_FROM = {"mtq": date(2014, 1, 1), "bench": date(2014, 1, 1)}
STORE_KG = {"mtq": "icews05-15", "bench": "icews14"}

DUMP = (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
    "RETURN s.key AS sk, s.name AS sn, e.relation AS r, o.key AS ok, o.name AS on, toString(e.valid_from) AS d"
)

# ------------------------------------------------------------------------------------------- relation wording
# Per ICEWS relation: (past with {o}, base with {o}, passive participle phrase or None). {o} = the object.
REL: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_a_visit": [
        ("visited {o}", "visit {o}", "visited by"),
        ("travelled to {o}", "travel to {o}", None),
        ("went to {o}", "go to {o}", None),
    ],
    "Host_a_visit": [
        ("hosted {o}", "host {o}", "hosted by"),
        ("received {o} on a visit", "receive {o} on a visit", None),
        ("welcomed {o} as a visitor", "welcome {o} as a visitor", None),
    ],
    "Praise_or_endorse": [
        ("praised {o}", "praise {o}", "praised by"),
        ("commended {o}", "commend {o}", "commended by"),
        ("spoke highly of {o}", "speak highly of {o}", None),
    ],
    "Criticize_or_denounce": [
        ("criticised {o}", "criticise {o}", "criticised by"),
        ("denounced {o}", "denounce {o}", "denounced by"),
        ("lashed out at {o}", "lash out at {o}", None),
    ],
    "Accuse": [
        ("accused {o}", "accuse {o}", "accused by"),
        ("levelled accusations at {o}", "level accusations at {o}", None),
    ],
    "Sign_formal_agreement": [
        ("signed an agreement with {o}", "sign an agreement with {o}", None),
        ("inked a deal with {o}", "ink a deal with {o}", None),
        ("put pen to paper on an accord with {o}", "put pen to paper on an accord with {o}", None),
    ],
    "Engage_in_negotiation": [
        ("negotiated with {o}", "negotiate with {o}", None),
        ("held talks with {o}", "hold talks with {o}", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("expressed a wish to meet {o}", "express a wish to meet {o}", None),
        ("signalled a willingness to sit down with {o}", "signal a willingness to sit down with {o}", None),
        ("proposed talks with {o}", "propose talks with {o}", None),
    ],
    "Consult": [
        ("consulted {o}", "consult {o}", "consulted by"),
        ("conferred with {o}", "confer with {o}", None),
    ],
    "Discuss_by_telephone": [
        ("phoned {o}", "phone {o}", "phoned by"),
        ("spoke by telephone with {o}", "speak by telephone with {o}", None),
        ("had a phone call with {o}", "have a phone call with {o}", None),
    ],
    "Make_an_appeal_or_request": [
        ("appealed to {o}", "appeal to {o}", None),
        ("made a request to {o}", "make a request to {o}", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested {o}", "arrest {o}", "arrested by"),
        ("detained or charged {o}", "detain or charge {o}", "detained or charged by"),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with {o}", "offer to cooperate with {o}", None),
        ("extended an offer of cooperation to {o}", "extend an offer of cooperation to {o}", None),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("worked diplomatically with {o}", "work diplomatically with {o}", None),
        ("cooperated on the diplomatic front with {o}", "cooperate on the diplomatic front with {o}", None),
    ],
    "Make_optimistic_comment": [
        ("sounded optimistic about {o}", "sound optimistic about {o}", None),
        ("made upbeat remarks about {o}", "make upbeat remarks about {o}", None),
    ],
    "Reject": [("rejected {o}", "reject {o}", "rejected by"), ("rebuffed {o}", "rebuff {o}", "rebuffed by")],
    "Threaten": [("threatened {o}", "threaten {o}", "threatened by")],
    "Demand": [
        ("made demands of {o}", "make demands of {o}", None),
        ("issued a demand to {o}", "issue a demand to {o}", None),
    ],
    "Use_conventional_military_force": [
        ("used military force against {o}", "use military force against {o}", None),
        ("attacked {o} militarily", "attack {o} militarily", None),
    ],
    "Provide_humanitarian_aid": [
        ("sent humanitarian aid to {o}", "send humanitarian aid to {o}", None),
        ("gave humanitarian help to {o}", "give humanitarian help to {o}", None),
    ],
    "Make_pessimistic_comment": [("struck a gloomy note about {o}", "strike a gloomy note about {o}", None)],
    "Engage_in_symbolic_act": [("made a symbolic gesture towards {o}", "make a symbolic gesture towards {o}", None)],
}
RELATIONS = list(REL)

# ------------------------------------------------------------------------------------------- entity wording
# Sector entities "Role (Country)": (phrase with {c}, plural?)
SECTOR = {
    "Citizen": [("citizens of {c}", True), ("the citizens of {c}", True), ("ordinary people in {c}", True)],
    "Police": [("the police in {c}", True), ("{c}'s police", True)],
    "Government": [("the government of {c}", False), ("{c}'s government", False)],
    "Head of Government": [("the head of government of {c}", False), ("{c}'s head of government", False)],
    "Military": [("the military of {c}", False), ("{c}'s armed forces", True)],
    "Foreign Affairs": [("the foreign ministry of {c}", False), ("{c}'s foreign ministry", False)],
    "Cabinet / Council of Ministers / Advisors": [("the cabinet of {c}", False), ("{c}'s cabinet", False)],
    "Other Authorities / Officials": [("officials in {c}", True), ("authorities in {c}", True)],
    "Member of Parliament": [("members of parliament in {c}", True), ("{c}'s MPs", True)],
    "Protester": [("protesters in {c}", True), ("demonstrators in {c}", True)],
    "Militant": [("militants in {c}", True)],
    "Armed Rebel": [("armed rebels in {c}", True)],
    "Media": [("the media in {c}", False), ("{c}'s press", False)],
    "Business": [("businesses in {c}", True), ("the business community of {c}", False)],
    "Criminal": [("criminals in {c}", True)],
}
THE = (
    "United ",
    "UN ",
    "European ",
    "Islamic State",
    "International ",
    "Association ",
    "World ",
    "African Union",
    "Organization ",
    "Organisation ",
    "Philippines",
    "Netherlands",
    "Kremlin",
    "Vatican",
    "Taliban",
    "Gambia",
    "Czech Republic",
    "Democratic Republic",
    "Central African Republic",
    "Dominican Republic",
    "Maldives",
    "Bahamas",
    "Solomon Islands",
    "Marshall Islands",
    "Ivory Coast",
    "Holy See",
)
# "Role (Africa)" and the like are not a country: "the government of Africa" is not something people write.
REGIONS = {
    "International",
    "Africa",
    "Europe",
    "Asia",
    "Middle East",
    "Latin America",
    "North America",
    "South America",
    "Caribbean",
    "Oceania",
    "Central Asia",
    "Southeast Asia",
    "East Asia",
    "West Africa",
    "East Africa",
    "Southern Africa",
    "North Africa",
    "Central Africa",
    "Balkans",
    "Gulf",
}
PLURAL_NAMES = ("Philippines", "Netherlands", "United States", "Taliban")


def country_of(name: str) -> str:
    return name[name.rfind("(") + 1 : -1]


def speakable(name: str) -> bool:
    """Names a person would type: plain names, or a sector this module knows how to word."""
    if "(" not in name:
        return "/" not in name and len(name) <= 40
    role = name[: name.find("(")].strip()
    return role in SECTOR and name.count("(") == 1 and country_of(name) not in REGIONS


def say(name: str, rng: random.Random, start: bool = False) -> tuple[str, bool]:
    """Natural wording of an entity name and whether it takes a plural verb."""
    if "(" in name:
        role = name[: name.find("(")].strip()
        phrase, plural = rng.choice(SECTOR[role])
        text = phrase.format(c=the(country_of(name))).replace("s's ", "s' ")
    else:
        text, plural = the(name), name.startswith(PLURAL_NAMES) or name == "Taliban"
    if start:
        text = text[0].upper() + text[1:]
    return text, plural


def the(name: str) -> str:
    return ("the " + name) if name.startswith(THE) else name


# ------------------------------------------------------------------------------------------- time wording
MONTHS = list(calendar.month_name)[1:]
ORD = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def say_day(d: date, rng: random.Random) -> str:
    m = MONTHS[d.month - 1]
    forms = [
        f"{d.day} {m} {d.year}",
        f"{m} {d.day}, {d.year}",
        f"{m} {d.day}{ORD.get(d.day, 'th')} {d.year}",
        f"the {d.day}{ORD.get(d.day, 'th')} of {m} {d.year}",
        d.isoformat(),
        f"{d.day} {m[:3]} {d.year}",
    ]
    return rng.choice(forms)


def say_month(y: int, mo: int, rng: random.Random) -> str:
    m = MONTHS[mo - 1]
    return rng.choice([f"{m} {y}", f"{m} of {y}", f"{m}, {y}", f"{m[:3]} {y}"])


def month_end(y: int, mo: int) -> date:
    return date(y, mo, calendar.monthrange(y, mo)[1])


# ------------------------------------------------------------------------------------------- data and gold
@dataclass(frozen=True)
class Ev:
    d: date
    sk: str
    sn: str
    r: str
    ok: str
    on: str


@dataclass
class KG:
    events: list[Ev]
    by_ro: dict[tuple[str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[Ev]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for e in self.events:
            self.by_ro[(e.r, e.ok)].append(e)
            self.by_sr[(e.sk, e.r)].append(e)
            self.by_sro[(e.sk, e.r, e.ok)].append(e)


@dataclass
class Spec:
    """What a question asks, in a form both gold computations read."""

    slot: str  # subject | object | time
    rel: str
    s: str | None
    o: str | None
    lo: date | None
    hi: date | None
    agg: str  # all | first | last
    gran: str = "day"
    excl: tuple[str, ...] = ()
    anchor: dict[str, Any] | None = None  # {s, r, o, mode, outer_lo, outer_hi} when the window hangs on an event


def select(kg: KG, sp: Spec) -> list[Ev]:
    if sp.s and sp.o:
        pool = kg.by_sro.get((sp.s, sp.rel, sp.o), [])
    elif sp.o:
        pool = kg.by_ro.get((sp.rel, sp.o), [])
    elif sp.s:
        pool = kg.by_sr.get((sp.s, sp.rel), [])
    else:
        raise ValueError("a question fixes a subject or an object")
    out = []
    for e in pool:
        if (sp.lo and e.d < sp.lo) or (sp.hi and e.d > sp.hi):
            continue
        key = e.sk if sp.slot == "subject" else e.ok if sp.slot == "object" else None
        if key in sp.excl:
            continue
        out.append(e)
    return out


def cut(d: date, gran: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[gran]]


def gold(kg: KG, sp: Spec, complete_from: date) -> tuple[list[str], list[Ev]] | None:
    """All gold answers, or None when the question is not exactly answerable from the complete part of the store."""
    evs = select(kg, sp)
    if not evs:
        return None
    if sp.agg in ("first", "last"):
        pick = min(e.d for e in evs) if sp.agg == "first" else max(e.d for e in evs)
        evs = [e for e in evs if e.d == pick]
    if (sp.lo is None or sp.lo < complete_from) and not (sp.agg == "last" and evs[0].d >= complete_from):
        return None
    if sp.slot == "time":
        answers = sorted({cut(e.d, sp.gran) for e in evs})
        if len(answers) != 1:
            return None
    else:
        answers = sorted({e.sn if sp.slot == "subject" else e.on for e in evs})
        if not 1 <= len(answers) <= 5:
            return None
    return answers, sorted(evs, key=lambda e: (e.d, e.sn, e.on))


def unique_anchor(kg: KG, s: str, r: str, o: str) -> Ev | None:
    hits = kg.by_sro.get((s, r, o), [])
    return hits[0] if len(hits) == 1 else None


# ------------------------------------------------------------------------------------------- second computation
ANCHOR_CHECK = """
MATCH (x:Entity {key: $s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(y:Entity {key: $o})
WHERE a.relation = $r
WITH collect(a.valid_from) AS ds
WHERE size(ds) = 1
WITH ds[0] AS d
RETURN toString(CASE $mode WHEN 'before' THEN $outer_lo WHEN 'after' THEN d + duration('P1D')
                WHEN 'same_day' THEN d WHEN 'same_month' THEN date.truncate('month', d)
                ELSE date.truncate('year', d) END) AS lo,
       toString(CASE $mode WHEN 'before' THEN d - duration('P1D') WHEN 'after' THEN $outer_hi
                WHEN 'same_day' THEN d
                WHEN 'same_month' THEN date.truncate('month', d) + duration('P1M') - duration('P1D')
                ELSE date.truncate('year', d) + duration('P1Y') - duration('P1D') END) AS hi
"""

CHECK = """
MATCH (a:Entity)<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(b:Entity)
WHERE ev.relation = $rel
  AND ($s IS NULL OR a.key = $s) AND ($o IS NULL OR b.key = $o)
  AND ($lo IS NULL OR ev.valid_from >= date($lo)) AND ($hi IS NULL OR ev.valid_from <= date($hi))
  AND NOT (CASE $slot WHEN 'subject' THEN a.key WHEN 'object' THEN b.key ELSE '' END) IN $excl
WITH ev.valid_from AS d,
     CASE $slot WHEN 'subject' THEN a.name WHEN 'object' THEN b.name ELSE substring(toString(ev.valid_from), 0, $k) END
       AS ans
ORDER BY d
WITH collect({d: d, ans: ans}) AS rows
WITH rows, CASE $agg WHEN 'first' THEN rows[0].d WHEN 'last' THEN rows[size(rows) - 1].d ELSE null END AS pick
UNWIND [r IN rows WHERE pick IS NULL OR r.d = pick | r.ans] AS out
RETURN collect(DISTINCT out) AS answers
"""


def check(store: Any, sp: Spec) -> list[str] | None:
    lo = sp.lo.isoformat() if sp.lo else None
    hi = sp.hi.isoformat() if sp.hi else None
    if sp.anchor:
        a = sp.anchor
        rows = store.run(
            ANCHOR_CHECK,
            {
                "s": a["s"],
                "r": a["r"],
                "o": a["o"],
                "mode": a["mode"],
                "outer_lo": date.fromisoformat(a["outer_lo"]) if a.get("outer_lo") else None,
                "outer_hi": date.fromisoformat(a["outer_hi"]) if a.get("outer_hi") else None,
            },
        )
        if len(rows) != 1:
            return None
        lo, hi = rows[0]["lo"], rows[0]["hi"]
    k = {"day": 10, "month": 7, "year": 4}[sp.gran]
    rows = store.run(
        CHECK,
        {
            "rel": sp.rel,
            "s": sp.s,
            "o": sp.o,
            "lo": lo,
            "hi": hi,
            "slot": sp.slot,
            "excl": list(sp.excl),
            "k": k,
            "agg": sp.agg,
        },
    )
    return sorted(rows[0]["answers"]) if rows else []


# ------------------------------------------------------------------------------------------- constructions
@dataclass
class Draft:
    question: str
    spec: Spec
    qtype: str
    construction: str
    level: str
    anchor_ev: Ev | None = None
    alts: list[tuple[date, date]] = field(default_factory=list)  # other readings of the window: the gold must not move


class Maker:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng = kg, store_name, rng
        self.c0 = COMPLETE_FROM[store_name]
        self.recent = [e for e in kg.events if e.d >= self.c0 and e.r in REL and speakable(e.sn) and speakable(e.on)]
        self.last_day = max(e.d for e in kg.events)
        self.countries = {country_of(e.sn) for e in kg.events if "(" in e.sn}
        self.turn = 0

    # -- helpers
    def ev(self) -> Ev:
        return self.rng.choice(self.recent)

    def rel(self, r: str, obj: str | None = None) -> tuple[str, str, str | None]:
        """A wording of relation r; "travelled to"/"went to" only when the object is a place (a country)."""
        opts = REL[r]
        if r == "Make_a_visit" and obj not in self.countries:
            opts = opts[:1]
        return self.rng.choice(opts)

    def pick(self, *opts: str) -> str:
        return self.rng.choice(opts)

    def scope_year(self, y: int) -> str:
        return self.pick(f"in {y}", f"during {y}", f"in the course of {y}")

    # -- equal: who did r to o / whom did s do r to, on a day or in a month
    def equal_day(self) -> Draft | None:
        e = self.ev()
        past, base, pp = self.rel(e.r, e.on)
        day = say_day(e.d, self.rng)
        if self.rng.random() < 0.5:
            o, _ = say(e.on, self.rng)
            vp = past.format(o=o)
            q = self.pick(f"Who {vp} on {day}?", f"On {day}, who {vp}?", f"Which actor {vp} on {day}?")
            if pp and self.rng.random() < 0.4:
                o2, pl = say(e.on, self.rng)
                q = f"By whom {'were' if pl else 'was'} {o2} {pp.removesuffix(' by')} on {day}?"
            sp = Spec("subject", e.r, None, e.ok, e.d, e.d, "all")
        else:
            if not base.endswith("{o}"):
                return None
            s, _ = say(e.sn, self.rng)
            vp = base.format(o="").strip()
            q = self.pick(f"Who did {s} {vp} on {day}?", f"On {day}, who did {s} {vp}?", f"{day}: who did {s} {vp}?")
            sp = Spec("object", e.r, e.sk, None, e.d, e.d, "all")
        return Draft(q, sp, "equal", "equal_day_" + sp.slot, "day")

    def equal_month(self) -> Draft | None:
        e = self.ev()
        past, base, _pp = self.rel(e.r, e.on)
        lo, hi = date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)
        mon = say_month(e.d.year, e.d.month, self.rng)
        if self.rng.random() < 0.55:
            o, _ = say(e.on, self.rng)
            vp = past.format(o=o)
            q = self.pick(
                f"In {mon}, who {vp}?",
                f"Who {vp} in {mon}?",
                f"Who {vp} at some point in {mon}?",
                f"Name everyone who {vp} during {mon}.",
            )
            sp = Spec("subject", e.r, None, e.ok, lo, hi, "all")
        else:
            if not base.endswith("{o}"):
                return None
            s, _ = say(e.sn, self.rng)
            vp = base.format(o="").strip()
            q = self.pick(
                f"Who did {s} {vp} in {mon}?",
                f"During {mon}, who did {s} {vp}?",
                f"List who {s} chose to {vp} in {mon}.",
            )
            sp = Spec("object", e.r, e.sk, None, lo, hi, "all")
        return Draft(q, sp, "equal", "equal_month_" + sp.slot, "month")

    def equal_year(self) -> Draft | None:
        e = self.ev()
        _past, base, _ = self.rel(e.r, e.on)
        if not base.endswith("{o}"):
            return None
        s, _ = say(e.sn, self.rng)
        vp = base.format(o="").strip()
        y = e.d.year
        q = self.pick(
            f"Who did {s} {vp} in {y}?",
            f"Across the whole of {y}, who did {s} {vp}?",
            f"In {y}, which parties did {s} {vp}?",
        )
        sp = Spec("object", e.r, e.sk, None, date(y, 1, 1), date(y, 12, 31), "all")
        return Draft(q, sp, "equal", "equal_year_object", "year")

    # -- windows of my own: quarters, halves, seasons, weeks, holidays, relative days
    def window(self) -> Draft | None:
        e = self.ev()
        y = e.d.year
        kind = self.rng.choice(["quarter", "half", "season", "range", "week_after", "holiday", "rel_day", "two_months"])
        alts: list[tuple[date, date]] = []
        level = "month"
        if kind == "quarter":
            qn = (e.d.month - 1) // 3 + 1
            lo, hi = date(y, 3 * qn - 2, 1), month_end(y, 3 * qn)
            name = self.pick(
                f"Q{qn} {y}",
                f"the {['first', 'second', 'third', 'fourth'][qn - 1]} quarter of {y}",
                f"the {['January', 'April', 'July', 'October'][qn - 1]}-to-"
                f"{['March', 'June', 'September', 'December'][qn - 1]} quarter of {y}",
            )
            when = "in " + name
        elif kind == "half":
            h = 1 if e.d.month <= 6 else 2
            lo, hi = (date(y, 1, 1), date(y, 6, 30)) if h == 1 else (date(y, 7, 1), date(y, 12, 31))
            when = self.pick(
                f"in the {'first' if h == 1 else 'second'} half of {y}", f"during {'H1' if h == 1 else 'H2'} {y}"
            )
        elif kind == "season":
            seasons = {
                "spring": (3, 5, (3, 20), (6, 20)),
                "summer": (6, 8, (6, 21), (9, 22)),
                "autumn": (9, 11, (9, 23), (12, 20)),
            }
            season = next((n for n, v in seasons.items() if v[0] <= e.d.month <= v[1]), None)
            if season is None:
                return None
            a, b, (am, ad), (bm, bd) = seasons[season]
            lo, hi = date(y, a, 1), month_end(y, b)
            alts = [(date(y, am, ad), date(y, bm, bd))]  # astronomical seasons: keep only if the gold is the same
            when = self.pick(f"in the {season} of {y}", f"during {season} {y}", f"over {y}'s {season} months")
        elif kind == "range":
            lo = e.d - timedelta(days=self.rng.randint(0, 4))
            hi = lo + timedelta(days=self.rng.randint(3, 9))
            level = "day"
            if lo.month == hi.month:
                when = self.pick(
                    f"between {lo.day} and {hi.day} {MONTHS[lo.month - 1]} {y}",
                    f"from {MONTHS[lo.month - 1]} {lo.day} to {hi.day}, {y}",
                )
            else:
                when = f"between {say_day(lo, self.rng)} and {say_day(hi, self.rng)}"
        elif kind == "week_after":
            anchor = e.d - timedelta(days=self.rng.randint(1, 6))
            lo, hi = anchor + timedelta(days=1), anchor + timedelta(days=7)
            alts = [(anchor, anchor + timedelta(days=7))]  # "within a week of" may include the day itself
            level = "day"
            when = self.pick(
                f"in the week after {say_day(anchor, self.rng)}", f"within seven days after {say_day(anchor, self.rng)}"
            )
        elif kind == "holiday":
            hol = {
                (12, 25): "Christmas Day",
                (12, 31): "New Year's Eve",
                (1, 1): "New Year's Day",
                (2, 14): "Valentine's Day",
                (7, 4): "the Fourth of July",
                (10, 31): "Halloween",
                (12, 26): "Boxing Day",
                (12, 24): "Christmas Eve",
                (5, 1): "May Day",
            }
            if (e.d.month, e.d.day) not in hol:
                e = self.rng.choice([x for x in self.recent if (x.d.month, x.d.day) in hol])
                y = e.d.year
            v = hol[(e.d.month, e.d.day)]
            lo = hi = e.d
            level = "day"
            when = self.pick(f"on {v} {y}", f"on {v}, {y}")
        elif kind == "rel_day":
            n = self.rng.choice([1, 2, 3])
            base_d = e.d - timedelta(days=n) if self.rng.random() < 0.5 else e.d + timedelta(days=n)
            lo = hi = e.d
            level = "day"
            word = {1: "the day", 2: "two days", 3: "three days"}[n]
            if base_d < e.d:
                when = f"{word} after {say_day(base_d, self.rng)}"
            else:
                when = f"{word} before {say_day(base_d, self.rng)}"
            # "three days after X" read as "within three days after X" must give the same gold
            alts = [(min(base_d + timedelta(days=1), e.d), max(base_d - timedelta(days=1), e.d))] if n > 1 else []
        else:
            lo = date(y, e.d.month, 1)
            m2 = e.d.month + 1 if e.d.month < 12 else 12
            if m2 == e.d.month:
                lo = date(y, 11, 1)
            hi = month_end(y, max(m2, lo.month + 1))
            when = f"across {MONTHS[lo.month - 1]} and {MONTHS[hi.month - 1]} {y}"
        if e.d < lo or e.d > hi:
            return None
        past, base, pp = self.rel(e.r, e.on)
        if self.rng.random() < 0.6:
            o, pl = say(e.on, self.rng)
            vp = past.format(o=o)
            q = self.pick(f"Who {vp} {when}?", f"{when[0].upper() + when[1:]}, who {vp}?", f"Which actors {vp} {when}?")
            if pp and self.rng.random() < 0.4:
                q = f"{when[0].upper() + when[1:]}, {o} {'were' if pl else 'was'} {pp} whom?"
            sp = Spec("subject", e.r, None, e.ok, lo, hi, "all")
        else:
            if not base.endswith("{o}"):
                return None
            s, _ = say(e.sn, self.rng)
            vp = base.format(o="").strip()
            q = self.pick(f"Who did {s} {vp} {when}?", f"{when[0].upper() + when[1:]}, who did {s} {vp}?")
            sp = Spec("object", e.r, e.sk, None, lo, hi, "all")
        return Draft(q, sp, "equal", f"window_{kind}_{sp.slot}", level, alts=alts)

    # -- the time asked: when / which day / which month (the asked time may be the clause's subject)
    def when(self) -> Draft | None:
        e = self.ev()
        past, base, _ = self.rel(e.r, e.on)
        s, _ = say(e.sn, self.rng)
        o, _ = say(e.on, self.rng)
        y = e.d.year
        gran = self.rng.choice(["day", "day", "month"])
        # scope after a clause ("... in 2015") and after a time noun ("which day of 2015 ...")
        tail = "" if self.store == "bench" else self.pick(f" in {y}", f" during {y}")
        noun = "" if self.store == "bench" else self.pick(f" in {y}", f" of {y}", f" during {y}")
        lo, hi = (date(y, 1, 1), date(y, 12, 31))
        vp = base.format(o=o)
        if gran == "day":
            q = self.pick(
                f"When did {s} {vp}{tail}?",
                f"Which day{noun} saw {s} {vp}?",
                f"On what date{noun} did {s} {vp}?",
                f"What was the date when {s} {past.format(o=o)}{tail}?",
            )
        else:
            q = self.pick(
                f"Which month{noun} saw {s} {vp}?",
                f"In which month{noun} did {s} {vp}?",
                f"{tail.strip().capitalize() + ', w' if tail else 'W'}hat month was it when {s} {past.format(o=o)}?",
            )
        sp = Spec("time", e.r, e.sk, e.ok, lo, hi, "all", gran)
        return Draft(q, sp, "equal", f"when_{gran}", gran)

    # -- before/after a date, list answers
    def before_after_date(self) -> Draft | None:
        e = self.ev()
        past, base, pp = self.rel(e.r, e.on)
        after = self.rng.random() < 0.55
        pivot = (
            e.d - timedelta(days=self.rng.randint(1, 20)) if after else e.d + timedelta(days=self.rng.randint(1, 20))
        )
        level, alts = "day", []
        if after:
            lo, hi = pivot + timedelta(days=1), self.last_day
            when = self.pick(f"after {say_day(pivot, self.rng)}", f"once {say_day(pivot, self.rng)} had passed")
            if self.rng.random() < 0.3:
                lo, level = month_end(pivot.year, pivot.month) + timedelta(days=1), "month"
                when = f"after {say_month(pivot.year, pivot.month, self.rng)}"
        else:
            lo, hi = date(pivot.year, 1, 1), pivot - timedelta(days=1)
            md = (
                f"{MONTHS[pivot.month - 1]} {pivot.day}"
                if self.rng.random() < 0.5
                else f"{pivot.day} {MONTHS[pivot.month - 1]}"
            )
            when = self.pick(
                f"in {pivot.year}, before {md}",
                f"from the start of {pivot.year} up to {md}",
                f"between New Year {pivot.year} and {say_day(pivot, self.rng)}",
            )
            if when.startswith(("between", "from")):
                alts = [(lo, pivot)]  # "between X and D" may include D: the gold must be the same either way
            if self.store == "bench" and self.rng.random() < 0.5:
                when = f"before {say_day(pivot, self.rng)}"
        if self.rng.random() < 0.6:
            o, pl = say(e.on, self.rng)
            vp = past.format(o=o)
            q = self.pick(f"Who {vp} {when}?", f"{when[0].upper() + when[1:]}, who {vp}?")
            if pp and self.rng.random() < 0.35:
                q = f"Who {'were' if pl else 'was'} {o} {pp} {when}?"
            sp = Spec("subject", e.r, None, e.ok, lo, hi, "all")
        else:
            if not base.endswith("{o}"):
                return None
            s, _ = say(e.sn, self.rng)
            vp = base.format(o="").strip()
            q = self.pick(f"Who did {s} {vp} {when}?", f"{when[0].upper() + when[1:]}, who did {s} {vp}?")
            sp = Spec("object", e.r, e.sk, None, lo, hi, "all")
        return Draft(q, sp, "before_after", f"{'after' if after else 'before'}_date_{sp.slot}", level, alts=alts)

    # -- before/after an anchor event (unique in the whole store): whom else / who else
    def before_after_anchor(self) -> Draft | None:
        e = self.ev()
        if unique_anchor(self.kg, e.sk, e.r, e.ok) is None:
            return None
        past, base, _ = self.rel(e.r, e.on)
        s, _ = say(e.sn, self.rng)
        o, _ = say(e.on, self.rng)
        after = self.rng.random() < 0.55
        y = e.d.year
        outer_lo = date(y, 1, 1) if self.store == "mtq" else date(2014, 1, 1)
        if self.rng.random() < 0.5:
            if not base.endswith("{o}"):
                return None
            vp = base.format(o="").strip()
            if after:
                q = self.pick(
                    f"After {s} {past.format(o=o)}, who else did {s} {vp}?",
                    f"Who else did {s} {vp} after the occasion when {s} {past.format(o=o)}?",
                    f"{s} {past.format(o=o)} at one point; who else did {s} {vp} after that?",
                )
            else:
                tail = f" earlier in {y}" if self.store == "mtq" else ""
                q = self.pick(
                    f"Before {s} {past.format(o=o)}, who else did {s} {vp}{tail}?",
                    f"Who did {s} {vp}{tail} prior to the occasion when {s} {past.format(o=o)}?",
                )
            sp = Spec("object", e.r, e.sk, None, None, None, "all", excl=(e.ok,))
        else:
            if after:
                q = self.pick(
                    f"After {s} {past.format(o=o)}, who else {past.format(o=o)}?",
                    f"Who {past.format(o=o)} after {s} did?",
                )
            else:
                tail = f", earlier in {y}" if self.store == "mtq" else ""
                q = self.pick(
                    f"Who {past.format(o=o)} before {s} did{tail}?",
                    f"Before {s} {past.format(o=o)}{tail}, who else had done so?",
                )
            sp = Spec("subject", e.r, None, e.ok, None, None, "all", excl=(e.sk,))
        mode = "after" if after else "before"
        sp.anchor = {
            "s": e.sk,
            "r": e.r,
            "o": e.ok,
            "mode": mode,
            "outer_lo": outer_lo.isoformat() if not after else None,
            "outer_hi": self.last_day.isoformat() if after else None,
        }
        if after:
            sp.lo, sp.hi = e.d + timedelta(days=1), self.last_day
        else:
            sp.lo, sp.hi = outer_lo, e.d - timedelta(days=1)
        return Draft(q, sp, "before_after", f"{mode}_event_{sp.slot}", "day", e)

    # -- first / last entity
    def first_last_entity(self) -> Draft | None:
        e = self.ev()
        past, base, _ = self.rel(e.r, e.on)
        first = self.rng.random() < 0.5
        y = e.d.year
        lo: date | None
        if self.store == "mtq" and first:
            since = self.rng.random() < 0.5
            lo, hi = (date(2014, 1, 1), self.last_day) if since else (date(y, 1, 1), date(y, 12, 31))
            scope = " since the start of 2014" if since else " " + self.scope_year(y)
        elif self.store == "mtq" and self.rng.random() < 0.4:
            lo, hi, scope = date(y, 1, 1), date(y, 12, 31), " " + self.scope_year(y)
        else:
            lo, hi, scope = (None if self.store == "mtq" else date(2014, 1, 1)), self.last_day, ""
        word = self.pick("first", "very first", "earliest") if first else self.pick("last", "most recent", "latest")
        if self.rng.random() < 0.55:
            o, _ = say(e.on, self.rng)
            if word in ("earliest", "latest", "most recent"):
                q = self.pick(f"Who was the {word} to {base.format(o=o)}{scope}?")
            else:
                q = self.pick(
                    f"Who was the {word} to {base.format(o=o)}{scope}?",
                    f"Who {word.replace('very ', '')} {past.format(o=o)}{scope}?",
                    f"{scope.strip().capitalize() + ', w' if scope else 'W'}ho {past.format(o=o)} "
                    f"{'first' if first else 'last'}?",
                )
            sp = Spec("subject", e.r, None, e.ok, lo, hi, "first" if first else "last")
        else:
            if not base.endswith("{o}"):
                return None
            s, _ = say(e.sn, self.rng)
            vp = base.format(o="").strip()
            w = "first" if first else self.pick("last", "most recently")
            q = self.pick(f"Who did {s} {w} {vp}{scope}?", f"Whom did {s} {vp} {w}{scope}?")
            sp = Spec("object", e.r, e.sk, None, lo, hi, "first" if first else "last")
        return Draft(q, sp, "first_last", f"{'first' if first else 'last'}_entity_{sp.slot}", "day")

    # -- first / last time, asked through the answer's granularity
    def first_last_time(self) -> Draft | None:
        e = self.ev()
        past, base, _ = self.rel(e.r, e.on)
        s, _ = say(e.sn, self.rng)
        o, _ = say(e.on, self.rng)
        first = self.rng.random() < 0.5
        grans = ["day", "month"] + (["year"] if self.store == "mtq" else [])
        gran = self.rng.choice(grans)
        y = e.d.year
        lo: date | None
        if self.store == "mtq" and first:
            if gran == "year":
                lo, hi, scope = date(2014, 1, 1), self.last_day, ""
            else:
                lo, hi, scope = date(y, 1, 1), date(y, 12, 31), " " + self.scope_year(y)
        else:
            lo, hi, scope = (None if self.store == "mtq" else date(2014, 1, 1)), self.last_day, ""
        fw = "first" if first else self.pick("last", "most recently")
        vp = base.format(o=o)
        if gran == "day":
            q = self.pick(
                f"When did {s} {fw} {vp}{scope}?",
                f"On what day did {s} {fw} {vp}{scope}?",
                f"What was the date of the {'first' if first else 'last'} time {s} {past.format(o=o)}{scope}?",
            )
        elif gran == "month":
            q = self.pick(
                f"In which month did {s} {fw} {vp}{scope}?",
                f"Which month saw {s} {vp} for the {'first' if first else 'last'} time{scope}?",
                f"What month{scope} did {s} {fw} {vp}?",
            )
        else:
            q = (
                self.pick(
                    f"Looking at 2014 and 2015 only, in which year did {s} first {vp}?",
                    f"Which year of the 2014-2015 period saw {s} {vp} for the first time?",
                )
                if first
                else self.pick(
                    f"In what year did {s} last {vp}?", f"Which year was the last one in which {s} {past.format(o=o)}?"
                )
            )
        sp = Spec("time", e.r, e.sk, e.ok, lo, hi, "first" if first else "last", gran)
        return Draft(q, sp, "first_last", f"{'first' if first else 'last'}_time_{gran}", gran)

    # -- equal_multi: same day/month/year as an anchor (unique), or first/last within a period
    def same_time(self) -> Draft | None:
        e = self.ev()
        if unique_anchor(self.kg, e.sk, e.r, e.ok) is None:
            return None
        grans = ["same_day", "same_month"] + (["same_year"] if self.store == "mtq" else [])
        mode = self.rng.choice(grans)
        past, _base, _ = self.rel(e.r, e.on)
        s, _ = say(e.sn, self.rng)
        o, _ = say(e.on, self.rng)
        unit = {"same_day": "day", "same_month": "month", "same_year": "year"}[mode]
        # sometimes the anchor is a different event of the subject: "in the month Obama visited Japan, who praised X?"
        if self.rng.random() < 0.35:
            cands = [x for x in self.recent if x.d == e.d and x.r != e.r and x.ok != e.ok and x.sk != e.sk]
            if not cands:
                return None
            t = self.rng.choice(cands)
            tp, _tb, _ = self.rel(t.r, t.on)
            to, _ = say(t.on, self.rng)
            vp = tp.format(o=to)
            q = self.pick(
                f"{'On' if unit == 'day' else 'In'} the {unit} when {s} {past.format(o=o)}, who {vp}?",
                f"Who {vp} in the same {unit} that {s} {past.format(o=o)}?",
                f"Who {vp} on the very day {s} {past.format(o=o)}?"
                if unit == "day"
                else f"Who {vp} during the {unit} in which {s} {past.format(o=o)}?",
            )
            sp = Spec("subject", t.r, None, t.ok, None, None, "all")
            cons = f"{mode}_other_event"
        else:
            vp = past.format(o=o)
            prep = "on" if unit == "day" else "in"
            q = self.pick(
                f"Who else {vp} {prep} the same {unit} as {s}?",
                f"Who {vp} {prep} the same {unit} as {s} did?",
                f"Besides {s}, who {vp} that same {unit}?",
            )
            sp = Spec("subject", e.r, None, e.ok, None, None, "all", excl=(e.sk,))
            cons = mode
        sp.anchor = {"s": e.sk, "r": e.r, "o": e.ok, "mode": mode}
        if mode == "same_day":
            sp.lo = sp.hi = e.d
        elif mode == "same_month":
            sp.lo, sp.hi = date(e.d.year, e.d.month, 1), month_end(e.d.year, e.d.month)
        else:
            sp.lo, sp.hi = date(e.d.year, 1, 1), date(e.d.year, 12, 31)
        return Draft(q, sp, "equal_multi", cons, unit, e)

    def first_last_in_period(self) -> Draft | None:
        e = self.ev()
        past, base, _ = self.rel(e.r, e.on)
        first = self.rng.random() < 0.5
        o, _ = say(e.on, self.rng)
        if self.rng.random() < 0.6:
            lo, hi, per, level = (
                date(e.d.year, e.d.month, 1),
                month_end(e.d.year, e.d.month),
                say_month(e.d.year, e.d.month, self.rng),
                "month",
            )
        else:
            if self.store == "bench":
                return None
            lo, hi, per, level = date(e.d.year, 1, 1), date(e.d.year, 12, 31), str(e.d.year), "year"
        w = "first" if first else "last"
        q = self.pick(
            f"Who was the {w} to {base.format(o=o)} in {per}?",
            f"In {per}, who {w} {past.format(o=o)}?",
            f"Who {past.format(o=o)} {w} in {per}?",
            f"Which actor {'opened' if first else 'closed'} {per} as the {w} to {base.format(o=o)}?",
        )
        sp = Spec("subject", e.r, None, e.ok, lo, hi, "first" if first else "last")
        return Draft(q, sp, "equal_multi", f"{w}_in_{level}", level)

    # -- after_first / before_last around a unique anchor
    def next_prev(self) -> Draft | None:
        e = self.ev()
        if unique_anchor(self.kg, e.sk, e.r, e.ok) is None:
            return None
        past, base, _ = self.rel(e.r, e.on)
        s, _ = say(e.sn, self.rng)
        o, _ = say(e.on, self.rng)
        self.turn += 1
        after = self.turn % 2 == 1  # after_first and before_last in turn
        y = e.d.year
        if after:
            q = self.pick(
                f"After {s} {past.format(o=o)}, who was the next to do so?",
                f"Who was the first to {base.format(o=o)} after {s} had?",
                f"Following {s}, who was the next one to {base.format(o=o)}?",
            )
            sp = Spec("subject", e.r, None, e.ok, e.d + timedelta(days=1), self.last_day, "first", excl=(e.sk,))
            sp.anchor = {"s": e.sk, "r": e.r, "o": e.ok, "mode": "after", "outer_hi": self.last_day.isoformat()}
        else:
            tail = f", earlier in {y}" if self.store == "mtq" else ""
            q = self.pick(
                f"Who last {past.format(o=o)} before {s} did{tail}?",
                f"Before {s} {past.format(o=o)}, who had been the most recent to do so{tail}?",
                f"Just before {s} did, who was the last to {base.format(o=o)}{tail}?",
            )
            outer = date(y, 1, 1) if self.store == "mtq" else date(2014, 1, 1)
            sp = Spec("subject", e.r, None, e.ok, outer, e.d - timedelta(days=1), "last", excl=(e.sk,))
            sp.anchor = {"s": e.sk, "r": e.r, "o": e.ok, "mode": "before", "outer_lo": outer.isoformat()}
        return Draft(
            q,
            sp,
            "after_first" if after else "before_last",
            "next_after_event" if after else "last_before_event",
            "day",
            e,
        )


PLAN_MTQ = {
    "equal_day": 10,
    "equal_month": 8,
    "window": 13,
    "equal_year": 5,
    "when": 8,
    "before_after_date": 10,
    "before_after_anchor": 8,
    "first_last_entity": 9,
    "first_last_time": 10,
    "same_time": 8,
    "first_last_in_period": 6,
    "next_prev": 8,
}
PLAN_BENCH = {
    "equal_day": 7,
    "equal_month": 6,
    "window": 9,
    "when": 6,
    "before_after_date": 7,
    "before_after_anchor": 6,
    "first_last_entity": 6,
    "first_last_time": 6,
    "same_time": 6,
    "first_last_in_period": 4,
    "next_prev": 7,
}


def generate(kg: KG, store_name: str, store: Any, n: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rng = random.Random(seed)
    mk = Maker(kg, store_name, rng)
    plan = dict(PLAN_MTQ if store_name == "mtq" else PLAN_BENCH)
    scale = n / sum(plan.values())
    plan = {k: max(1, round(v * scale)) for k, v in plan.items()}
    out: list[dict[str, Any]] = []
    seen_q: set[str] = set()
    seen_spec: set[str] = set()
    stats = {"agree": 0, "disagree": 0, "dropped_unanswerable": 0}
    c0 = COMPLETE_FROM[store_name]
    for kind, want in plan.items():
        fn: Callable[[], Draft | None] = getattr(mk, kind)
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            d = fn()
            if d is None or "{" in d.question or (d.spec.s and d.spec.s == d.spec.o):
                continue
            d.question = d.question[0].upper() + d.question[1:]
            g = gold(kg, d.spec, c0)
            if g is None:
                stats["dropped_unanswerable"] += 1
                continue
            answers, evs = g
            if any(
                (
                    o := gold(
                        kg,
                        Spec(
                            d.spec.slot, d.spec.rel, d.spec.s, d.spec.o, alo, ahi, d.spec.agg, d.spec.gran, d.spec.excl
                        ),
                        c0,
                    )
                )
                is None
                or o[0] != answers
                for alo, ahi in d.alts
            ):
                continue
            key = json.dumps([d.spec.slot, d.spec.rel, d.spec.s, d.spec.o, str(d.spec.lo), str(d.spec.hi), d.spec.agg])
            if d.question in seen_q or key in seen_spec:
                continue
            second = check(store, d.spec)
            if second != answers:
                stats["disagree"] += 1
                print(f"DISAGREE {d.question!r}: python {answers} cypher {second}", file=sys.stderr)
                continue
            stats["agree"] += 1
            seen_q.add(d.question)
            seen_spec.add(key)
            got += 1
            evidence = (
                [[d.anchor_ev.sn, d.anchor_ev.r, d.anchor_ev.on, d.anchor_ev.d.isoformat()]] if d.anchor_ev else []
            )
            evidence += [[x.sn, x.r, x.on, x.d.isoformat()] for x in evs[:10]]
            qid = f"b6-{store_name}-{len(out) + 1:03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": d.question,
                    "answers": answers,
                    "answer_type": "time" if d.spec.slot == "time" else "entity",
                    "time_level": d.spec.gran if d.spec.slot == "time" else d.level,
                    "qtype": d.qtype,
                    "construction": d.construction,
                    "store": store_name,
                    "kg": STORE_KG[store_name],
                    "evidence": evidence,
                }
            )
    return out, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(STORE_KG), required=True, help="which KG the connected graph holds")
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    rows = store.run(DUMP)
    kg = KG([Ev(date.fromisoformat(r["d"]), r["sk"], r["sn"], r["r"], r["ok"], r["on"]) for r in rows])
    src = {r["src"] for r in store.run("MATCH (e:Event) RETURN DISTINCT e.source AS src")}
    if src != {STORE_KG[args.store]}:
        sys.exit(
            f"the connected graph holds {sorted(src)}, not only {STORE_KG[args.store]}: connect the right instance"
        )
    recs, stats = generate(kg, args.store, store, args.n, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
    print(json.dumps({"written": len(recs), **stats, "events": len(kg.events)}))


if __name__ == "__main__":
    main()
