"""Blind held-out phrasing set 28: MultiTQ-style questions over the ``mtq`` and ``bench`` stores, with exact gold.

Written without looking at the reader, so the phrasings measure how the symbolic temporal reader generalizes. Gold
comes from ONE Cypher read of every (subject, relation, object, day) of a store, computed in Python; then every
question's gold is recomputed by a second, differently written Cypher query (object-side match, date strings or
date arithmetic, aggregation in Cypher) and the agreement is recorded in ``check_agrees``. Questions are dropped
when they have no gold, more than 5 gold answers, a duplicate text, or a second check that disagrees.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/make_blind_phrasings_28.py --out <work>/notes/heldout/v28

Deterministic (seed 20261228): rerunning against the same stores gives byte-identical files. The stores are only
read (read-access sessions, the driver directly, no schema creation).
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import os
import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261228
STORES: dict[str, dict[str, Any]] = {
    "mtq": {
        "env": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
        "lo": "2014-01-01",
        "hi": "2015-12-31",
        "prefix": "b28m",
        "file": "blind_mtq.jsonl",
    },
    "bench": {
        "env": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
        "lo": "2014-01-01",
        "hi": "2014-12-31",
        "prefix": "b28i",
        "file": "blind_icews14.jsonl",
    },
}
# construction kind -> (questions on mtq, questions on bench)
QUOTAS = {
    "who_day": (8, 6),
    "whom_month": (7, 5),
    "who_year": (5, 0),
    "who_window": (10, 8),
    "when_day": (7, 6),
    "which_month": (6, 5),
    "which_year": (4, 0),
    "first_last_who": (8, 6),
    "first_last_when": (8, 6),
    "before_after_date": (6, 5),
    "before_after_event": (6, 5),
    "after_first": (8, 6),
    "before_last": (7, 5),
    "equal_multi": (10, 7),
}

ALL_FACTS = (
    "MATCH (e:Event)-[:SUBJECT]->(s:Entity) MATCH (e)-[:OBJECT]->(o:Entity) "
    "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
)

# relation -> infinitive (with {o}), simple past (with {o}), passive participle phrase or None ("{o} was X by")
REL: dict[str, tuple[str, str, str | None]] = {
    "Make_statement": ("make a public statement about {o}", "made a public statement about {o}", None),
    "Consult": ("hold consultations with {o}", "consulted with {o}", "consulted by"),
    "Make_an_appeal_or_request": ("appeal to {o}", "made an appeal to {o}", "appealed to by"),
    "Express_intent_to_meet_or_negotiate": (
        "signal a wish to meet or negotiate with {o}",
        "expressed readiness to meet or negotiate with {o}",
        None,
    ),
    "Make_a_visit": ("visit {o}", "paid a visit to {o}", "visited by"),
    "Host_a_visit": ("host {o} on a visit", "hosted a visit by {o}", "hosted on a visit by"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrest, detain or bring charges against {o}",
        "arrested, detained or charged {o}",
        "arrested, detained or charged by",
    ),
    "Praise_or_endorse": ("praise {o}", "spoke approvingly of {o}", "praised by"),
    "Criticize_or_denounce": ("criticize {o}", "denounced {o}", "criticized by"),
    "Use_conventional_military_force": ("use military force against {o}", "used military force on {o}", None),
    "Engage_in_negotiation": ("negotiate with {o}", "held negotiations with {o}", None),
    "Accuse": ("accuse {o}", "leveled accusations at {o}", "accused by"),
    "Engage_in_diplomatic_cooperation": (
        "cooperate diplomatically with {o}",
        "worked together diplomatically with {o}",
        None,
    ),
    "Sign_formal_agreement": ("sign a formal agreement with {o}", "signed a formal agreement with {o}", None),
    "Express_intent_to_cooperate": (
        "express willingness to cooperate with {o}",
        "voiced willingness to cooperate with {o}",
        None,
    ),
    "Demand": ("make demands of {o}", "made demands of {o}", None),
    "Investigate": ("investigate {o}", "opened an investigation into {o}", "investigated by"),
    "Discuss_by_telephone": ("talk on the phone with {o}", "had a phone call with {o}", "telephoned by"),
    "Reject": ("rebuff {o}", "turned down {o}", "rebuffed by"),
    "Threaten": ("threaten {o}", "issued threats against {o}", "threatened by"),
    "Make_optimistic_comment": ("comment optimistically on {o}", "made upbeat remarks about {o}", None),
    "Make_pessimistic_comment": ("voice pessimism about {o}", "made gloomy remarks about {o}", None),
    "Provide_humanitarian_aid": ("give humanitarian aid to {o}", "delivered humanitarian aid to {o}", None),
    "Meet_at_a_'third'_location": ("meet {o} at a third location", "met {o} on neutral ground", None),
    "Make_empathetic_comment": ("express sympathy for {o}", "expressed sympathy for {o}", None),
    "Provide_aid": ("provide aid to {o}", "gave aid to {o}", None),
    "Reduce_relations": ("scale back relations with {o}", "cut back relations with {o}", None),
    "Impose_embargo,_boycott,_or_sanctions": (
        "impose sanctions, an embargo or a boycott on {o}",
        "slapped sanctions, an embargo or a boycott on {o}",
        None,
    ),
    "Threaten_with_military_force": ("threaten {o} with military force", "threatened {o} with military force", None),
    "Employ_aerial_weapons": ("carry out air strikes on {o}", "launched air strikes on {o}", None),
    "Physically_assault": ("physically assault {o}", "physically attacked {o}", "physically assaulted by"),
    "Abduct,_hijack,_or_take_hostage": ("abduct or take {o} hostage", "abducted or took {o} hostage", None),
    "Demonstrate_or_rally": ("demonstrate against {o}", "staged a rally against {o}", None),
    "Use_unconventional_violence": (
        "use unconventional violence against {o}",
        "used irregular violence against {o}",
        None,
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "pledge diplomatic cooperation with {o}",
        "pledged diplomatic cooperation with {o}",
        None,
    ),
    "Cooperate_economically": ("cooperate economically with {o}", "cooperated economically with {o}", None),
}

# sector "Category (Country)" -> ways a person would say it
SECTOR = {
    "Police": ("the police in {c}", "{c}'s police"),
    "Citizen": ("citizens of {c}", "ordinary people in {c}"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Military": ("the armed forces of {c}", "{c}'s military"),
    "Foreign Affairs": ("the foreign ministry of {c}", "{c}'s foreign affairs officials"),
    "Other Authorities / Officials": ("officials in {c}", "authorities in {c}"),
    "Media Personnel": ("journalists in {c}", "media workers in {c}"),
    "Protester": ("protesters in {c}", "demonstrators in {c}"),
    "Militant": ("militants in {c}", "militants in {c}"),
    "Armed Rebel": ("armed rebels in {c}", "rebel fighters in {c}"),
    "Business": ("businesses in {c}", "the business community of {c}"),
    "Lawyer/Attorney": ("lawyers in {c}", "attorneys in {c}"),
    "Criminal": ("criminals in {c}", "criminals in {c}"),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", "{c}'s council of ministers"),
    "Member of Parliament": ("a member of parliament of {c}", "an MP of {c}"),
    "Women": ("women in {c}", "women in {c}"),
    "Children": ("children in {c}", "children in {c}"),
    "Court Judge": ("a court judge in {c}", "a judge in {c}"),
    "Armed Gang": ("an armed gang in {c}", "armed gangsters in {c}"),
    "Student": ("students in {c}", "students in {c}"),
    "Labor Union": ("labor unions in {c}", "trade unions in {c}"),
}
THE = {
    "United States", "United Kingdom", "Philippines", "Netherlands", "Czech Republic", "Central African Republic",
    "Democratic Republic of Congo", "United Arab Emirates", "European Union", "United Nations", "Gambia",
    "Dominican Republic", "Ivory Coast", "Holy See", "Maldives", "Vatican", "Bahamas", "Comoros",
    "Republic of Korea", "Occupied Palestinian Territory", "International Monetary Fund", "Kremlin",
    "World Bank", "African Union", "Taliban", "Islamic State", "Muslim Brotherhood", "Middle East",
    "Congress", "Security Council",
}  # fmt: skip
_THE_WORDS = re.compile(
    r"\b(Party|Association|Organization|Parliament|Council|Movement|Union|Court|Front|Ministry|Army|Bank|Commission|"
    r"Assembly|Congress|Department|Agency|Republic|League|Coalition|Federation|Alliance|Forces?|Office|Press|"
    r"Foundation|Organizations?|Institute|Administration|University)\b"
)
_PLURAL = {
    "citizens", "people", "officials", "authorities", "journalists", "workers", "protesters", "demonstrators",
    "militants", "rebels", "fighters", "businesses", "lawyers", "attorneys", "criminals", "women", "children",
    "gangsters", "students", "unions", "forces", "police",
}  # fmt: skip
COUNTRIES: set[str] = set()  # the X of every "Government (X)" entity; filled from the store
_SECTOR_RE = re.compile(r"^(.+) \((.+)\)$")
_SAFE_RE = re.compile(r"^[A-Za-z][A-Za-z .'\-]*$")


def say(name: str, alt: int = 0) -> str | None:
    """How a person would name ``name`` in a question, or None when no natural wording is sure to mean it."""
    m = _SECTOR_RE.match(name)
    if m:
        cat, country = m.group(1), m.group(2)
        if cat not in SECTOR or not _SAFE_RE.match(country) or country not in COUNTRIES:
            return None
        c = f"the {country}" if country in THE else country
        if country in THE or country.endswith("s"):
            alt = 0  # no possessive of "the Philippines" / "the United States"
        text = SECTOR[cat][alt % 2].format(c=c)
        if text.startswith("the the "):
            text = text[4:]
        if text.startswith("the ") and "'s" in text.split(" ")[1]:
            text = text[4:]
        return text
    if not _SAFE_RE.match(name):
        return None
    if name in THE or (_THE_WORDS.search(name) and not name.startswith("The ")):
        return f"the {name}"
    return name


def sayx(name: str, alt: int = 0) -> str:
    """``say`` for a name the candidate filters already accepted."""
    text = say(name, alt)
    assert text is not None, name
    return text


def be(text: str) -> str:
    """'was' or 'were' for a subject said as ``text`` (plural sectors: citizens, the police, officials, ...)."""
    return "were" if _PLURAL & set(text.lower().replace("'s", "").split()) else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


# ------------------------------------------------------------------------------------------------ dates in words
def ddate(d: str) -> dt.date:
    return dt.date.fromisoformat(d)


def say_day(d: str, style: int) -> str:
    x = ddate(d)
    month = calendar.month_name[x.month]
    if style == 0:
        return f"{x.day} {month} {x.year}"
    if style == 1:
        return f"{month} {x.day}, {x.year}"
    if style == 2:
        return f"{calendar.day_name[x.weekday()]}, {x.day} {month} {x.year}"
    return d


def say_month(m: str, style: int) -> str:
    y, mo = m.split("-")
    name = calendar.month_name[int(mo)]
    return f"{name} {y}" if style % 2 == 0 else f"{name} of {y}"


def _next(d: str) -> str:
    return (ddate(d) + dt.timedelta(days=1)).isoformat()


def _prev(d: str) -> str:
    return (ddate(d) - dt.timedelta(days=1)).isoformat()


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --------------------------------------------------------------------------------------------------- the facts
@dataclass
class Facts:
    rows: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in (self.by_ro, self.by_sr):
            for k2 in v:
                v[k2] = sorted(set(v[k2]))
        for k3 in self.by_sro:
            self.by_sro[k3] = sorted(set(self.by_sro[k3]))

    def subjects(self, r: str, o: str, a: str, b: str) -> list[str]:
        """Who did r to o on a day in [a, b] (ISO strings; b may be "YYYY-MM-31" for a month's end)."""
        return sorted({s for d, s in self.by_ro[(r, o)] if a <= d <= b})

    def objects(self, s: str, r: str, a: str, b: str) -> list[str]:
        return sorted({o for d, o in self.by_sr[(s, r)] if a <= d <= b})


@dataclass
class Cand:
    kind: str
    rel: str
    key: tuple[Any, ...]
    build: Callable[[random.Random], tuple[str, str] | None]  # -> (question, variant)
    answers: list[str]
    answer_type: str
    level: str
    qtype: str
    check: str  # Cypher of the second check (returns one column `a`, a list)
    params: dict[str, Any]
    check_note: str


def read_facts(driver: neo4j.Driver, database: str) -> Facts:
    with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as ses:
        rows = sorted({(r["s"], r["r"], r["o"], r["d"]) for r in ses.run(ALL_FACTS)})
    return Facts(rows)


# --------------------------------------------------------------------------------------------- the constructions
def candidates(f: Facts, lo: str, hi: str) -> dict[str, list[Cand]]:
    """Every question each construction could ask (gold already computed), in a deterministic order."""
    out: dict[str, list[Cand]] = defaultdict(list)
    inside = lambda d: lo <= d <= hi  # noqa: E731
    years = sorted({d[:4] for d in (lo, hi)})
    years = [str(y) for y in range(int(years[0]), int(years[-1]) + 1)]
    rels = set(REL)
    # unique anchors: (s, r, o) that happened on exactly one day in the whole store, inside the period
    anchors = sorted(
        (k, v[0])
        for k, v in f.by_sro.items()
        if len(v) == 1 and inside(v[0]) and k[1] in rels and say(k[0]) and say(k[2])
    )
    anchors_by_obj: dict[str, list[tuple[tuple[str, str, str], str]]] = defaultdict(list)
    for a in anchors:
        anchors_by_obj[a[0][2]].append(a)
        anchors_by_obj[a[0][0]].append(a)

    for (r, o), evs in sorted(f.by_ro.items()):
        if r not in rels or not say(o):
            continue
        _inf, _past, _pp = REL[r]
        days = sorted({d for d, _ in evs if inside(d)})
        if not days:
            continue
        # who_day
        for d in days[:: max(1, len(days) // 3)]:
            ans = f.subjects(r, o, d, d)
            out["who_day"].append(_who_day(r, o, d, ans))
        # who_year
        for y in years:
            ans = f.subjects(r, o, f"{y}-01-01", f"{y}-12-31")
            if 1 <= len(ans) <= 5 and len([d for d in days if d[:4] == y]) >= 2:
                out["who_year"].append(_who_year(r, o, y, ans))
        # who_window: N-day windows, quarters, halves, seasons
        for d in days[:: max(1, len(days) // 2)]:
            for n in (3, 7, 10):
                start = (ddate(d) - dt.timedelta(days=n // 2)).isoformat()
                end = (ddate(start) + dt.timedelta(days=n - 1)).isoformat()
                if inside(start) and inside(end):
                    ans = f.subjects(r, o, start, end)
                    out["who_window"].append(_who_window_days(r, o, start, n, ans))
        for y in years:
            for label, months in PERIODS:
                ms = [f"{y}-{m:02d}" for m in months]
                if not (inside(ms[0] + "-01") and inside(ms[-1] + "-28")):
                    continue
                ans = f.subjects(r, o, ms[0] + "-01", ms[-1] + "-31")
                out["who_window"].append(_who_window_months(r, o, y, label, months, ans))
        # first_last_who within a year
        for y in years:
            ys = [d for d in days if d[:4] == y]
            if len(ys) < 3:
                continue
            for which, d in (("first", ys[0]), ("last", ys[-1])):
                ans = f.subjects(r, o, d, d)
                out["first_last_who"].append(_first_last_who(r, o, y, which, d, ans))
        # before_after_date inside one month
        for m in sorted({d[:7] for d in days})[::2]:
            for day_no, side in ((10, "after"), (20, "before"), (15, "after"), (16, "before")):
                if side == "after":
                    ans = f.subjects(r, o, f"{m}-{day_no + 1:02d}", m + "-31")
                else:
                    ans = f.subjects(r, o, m + "-01", f"{m}-{day_no - 1:02d}")
                out["before_after_date"].append(_before_after_date(r, o, m, day_no, side, ans))
        # anchored on an event that involves o (as subject or object) or anyone: after_first, before_last, multi
        for (a_s, a_r, a_o), ad in anchors_by_obj.get(o, [])[:6]:
            if (a_s, a_r, a_o) == ("", "", ""):
                continue
            if a_r == r and a_o == o:
                continue
            later = [d for d, _ in evs if d > ad]
            if later:
                fd = later[0]
                ans = f.subjects(r, o, fd, fd)
                out["after_first"].append(_after_first(r, o, (a_s, a_r, a_o), ad, fd, ans))
            earlier = [d for d, _ in evs if d < ad]
            if earlier and earlier[-1][:4] == ad[:4] and inside(earlier[-1]):
                ld = earlier[-1]
                ans = f.subjects(r, o, ld, ld)
                out["before_last"].append(_before_last(r, o, (a_s, a_r, a_o), ad, ld, ans))
            for gran in ("month", "day", "next_day"):
                if gran == "month":
                    ans = f.subjects(r, o, ad[:7] + "-01", ad[:7] + "-31")
                elif gran == "day":
                    ans = f.subjects(r, o, ad, ad)
                else:
                    nd = (ddate(ad) + dt.timedelta(days=1)).isoformat()
                    if not inside(nd):
                        continue
                    ans = f.subjects(r, o, nd, nd)
                out["equal_multi"].append(_equal_multi(r, o, (a_s, a_r, a_o), ad, gran, ans))
            for span, side in ((7, "after"), (0, "before")):
                if side == "after":
                    end = (ddate(ad) + dt.timedelta(days=span)).isoformat()
                    if not inside(end):
                        continue
                    ans = f.subjects(r, o, _next(ad), end)
                else:
                    ans = f.subjects(r, o, ad[:7] + "-01", _prev(ad))
                out["before_after_event"].append(_before_after_event(r, o, (a_s, a_r, a_o), ad, side, span, ans))

    for (s, r), evs in sorted(f.by_sr.items()):
        if r not in rels or not say(s):
            continue
        for m in sorted({d[:7] for d, _ in evs if inside(d)})[::3]:
            ans = f.objects(s, r, m + "-01", m + "-31")
            out["whom_month"].append(_whom_month(s, r, m, ans))

    for (s, r, o), ds in sorted(f.by_sro.items()):
        if r not in rels or not say(s) or not say(o):
            continue
        if len(ds) == 1 and inside(ds[0]):
            out["when_day"].append(_when(s, r, o, "day", ds[0]))
        mons = sorted({d[:7] for d in ds})
        if len(mons) == 1 and len(ds) >= 2 and inside(ds[0]) and inside(ds[-1]):
            out["which_month"].append(_when(s, r, o, "month", mons[0]))
        yrs = sorted({d[:4] for d in ds})
        if len(yrs) == 1 and len(mons) >= 2 and inside(ds[0]):
            out["which_year"].append(_when(s, r, o, "year", yrs[0]))
        for y in years:
            ys = [d for d in ds if d[:4] == y]
            if len(ys) >= 3:
                out["first_last_when"].append(_first_last_when(s, r, o, y, "first", ys[0], "day"))
                if ys[0][:7] != ys[-1][:7]:
                    out["first_last_when"].append(_first_last_when(s, r, o, y, "last", ys[-1], "month"))
                    out["first_last_when"].append(_first_last_when(s, r, o, y, "first", ys[0], "month"))
    return out


PERIODS = [
    ("the first quarter of {y} (January to March)", (1, 2, 3)),
    ("Q3 {y} (July, August and September)", (7, 8, 9)),
    ("the second half of {y} (July through December)", (7, 8, 9, 10, 11, 12)),
    ("the first half of {y}, January to June", (1, 2, 3, 4, 5, 6)),
    ("summer {y} (June, July and August)", (6, 7, 8)),
    ("the autumn of {y}, meaning September, October and November", (9, 10, 11)),
]

# ---- second-check queries: written from the other side of the event, with other date tests
_OBJ_SIDE = "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) WHERE e.relation = $r "
_ANCHOR = (
    "MATCH (:Entity {name: $a_s})<-[:SUBJECT]-(x:Event)-[:OBJECT]->(:Entity {name: $a_o}) WHERE x.relation = $a_r "
    "WITH collect(x.valid_from) AS xs WHERE size(xs) = 1 WITH xs[0] AS ad "
)
_ANCHOR_OBJ = "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity) "


def _who_day(r: str, o: str, d: str, ans: list[str]) -> Cand:
    _inf, past, pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob, day = sayx(o, rng.randrange(2)), say_day(d, rng.randrange(4))
        opts = [
            ("end", f"Who {past.format(o=ob)} on {day}?"),
            ("fronted", f"On {day}, which actors {past.format(o=ob)}?"),
            ("name_imperative", f"Name everyone who {past.format(o=ob)} on {day}."),
        ]
        if pp:
            opts.append(("passive", f"{cap(ob)} {be(ob)} {pp} whom on {day}?"))
        return rng.choice(opts)[::-1]

    return Cand(
        "who_day",
        r,
        (r, o, d),
        build,
        ans,
        "entity",
        "day",
        "equal",
        _OBJ_SIDE + "AND toString(e.valid_from) = $d RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "d": d},
        "subjects matched from the object, date compared as a string",
    )


def _who_year(r: str, o: str, y: str, ans: list[str]) -> Cand:
    _inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob = sayx(o, rng.randrange(2))
        opts = [
            ("year_fronted", f"In {y}, who {past.format(o=ob)}?"),
            ("tell_me", f"Tell me which actors {past.format(o=ob)} at some point during {y}."),
            ("year_subject", f"Who are the ones that {past.format(o=ob)} in the course of {y}?"),
        ]
        return rng.choice(opts)[::-1]

    return Cand(
        "who_year",
        r,
        (r, o, y),
        build,
        ans,
        "entity",
        "year",
        "equal",
        _OBJ_SIDE + "AND e.valid_from >= date($a) AND e.valid_from < date($b) RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a": f"{y}-01-01", "b": f"{int(y) + 1}-01-01"},
        "subjects from the object, year as a half-open date range",
    )


def _who_window_days(r: str, o: str, start: str, n: int, ans: list[str]) -> Cand:
    _inf, past, _pp = REL[r]
    end = (ddate(start) + dt.timedelta(days=n - 1)).isoformat()

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob = sayx(o, rng.randrange(2))
        st = rng.randrange(2)
        opts = [
            (
                "n_day_window",
                f"Within the {n} days starting on {say_day(start, st)} (that day included), who {past.format(o=ob)}?",
            ),
            (
                "between_inclusive",
                f"Who {past.format(o=ob)} between {say_day(start, st)} and {say_day(end, st)}, both days included?",
            ),
            ("from_to", f"Which actors {past.format(o=ob)} from {say_day(start, st)} through {say_day(end, st)}?"),
        ]
        return rng.choice(opts)[::-1]

    return Cand(
        "who_window",
        r,
        (r, o, start, n),
        build,
        ans,
        "entity",
        "day",
        "equal",
        _OBJ_SIDE + "AND e.valid_from >= date($a) AND e.valid_from < date($a) + duration({days: $n}) "
        "RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a": start, "n": n},
        "subjects from the object, window as start + duration",
    )


def _who_window_months(r: str, o: str, y: str, label: str, months: tuple[int, ...], ans: list[str]) -> Cand:
    _inf, past, pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob = sayx(o, rng.randrange(2))
        per = label.format(y=y)
        opts = [
            ("period_end", f"Who {past.format(o=ob)} in {per}?"),
            ("period_fronted", f"During {per}, which actors {past.format(o=ob)}?"),
        ]
        if pp:
            opts.append(("period_passive", f"By whom {be(ob)} {ob} {pp.rsplit(' ', 1)[0]} in {per}?"))
        return rng.choice(opts)[::-1]

    return Cand(
        "who_window",
        r,
        (r, o, y, months),
        build,
        ans,
        "entity",
        "month",
        "equal",
        _OBJ_SIDE + "AND e.valid_from.year = $y AND e.valid_from.month IN $ms RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "y": int(y), "ms": list(months)},
        "subjects from the object, year and month fields",
    )


def _whom_month(s: str, r: str, m: str, ans: list[str]) -> Cand:
    inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        sb = sayx(s, rng.randrange(2))
        mon = say_month(m, rng.randrange(2))
        if not (inf.endswith("{o}") and past.endswith("{o}")):
            return None
        opts = [
            ("month_fronted", f"In {mon}, who was it that {sb} {past.format(o='')}".rstrip() + "?"),
            ("month_end", f"Which parties did {sb} {inf.format(o='')}".rstrip() + f" in {mon}?"),
            ("list_imperative", f"List the ones {sb} {past.format(o='')}".rstrip() + f" during {mon}."),
        ]
        return rng.choice(opts)[::-1]

    return Cand(
        "whom_month",
        r,
        (s, r, m),
        build,
        ans,
        "entity",
        "month",
        "equal",
        "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.relation = $r "
        "AND e.valid_from.year = $y AND e.valid_from.month = $mo RETURN collect(DISTINCT o.name) AS a",
        {"s": s, "r": r, "y": int(m[:4]), "mo": int(m[5:])},
        "objects from the subject, month fields",
    )


def _when(s: str, r: str, o: str, level: str, ans: str) -> Cand:
    inf, past, pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        sb, ob = sayx(s, rng.randrange(2)), sayx(o, rng.randrange(2))
        if level == "day":
            opts = [
                ("when_day", f"On what date did {sb} {inf.format(o=ob)}?"),
                ("which_day_saw", f"Which day saw {sb} {inf.format(o=ob)}?"),
                ("tell_me_day", f"Tell me the day when {sb} {past.format(o=ob)}."),
            ]
            if pp:
                opts.append(("when_passive", f"When exactly {be(ob)} {ob} {pp} {sb}?"))
        elif level == "month":
            opts = [
                ("which_month", f"In which month did {sb} {inf.format(o=ob)}?"),
                ("which_month_saw", f"Which month saw {sb} {inf.format(o=ob)}?"),
                ("month_relative", f"{sb} {past.format(o=ob)} -- in what month was that?"),
            ]
        else:
            opts = [
                ("which_year", f"In what year did {sb} {inf.format(o=ob)}?"),
                ("year_subject", f"Which year was it when {sb} {past.format(o=ob)}?"),
            ]
        q, v = rng.choice(opts)[::-1]
        return cap(q), v

    fmt = {"day": "toString(e.valid_from)", "month": "substring(toString(e.valid_from), 0, 7)",
           "year": "toString(e.valid_from.year)"}[level]  # fmt: skip
    return Cand(
        f"{'which_' + level if level != 'day' else 'when_day'}",
        r,
        (s, r, o),
        build,
        [ans],
        "time",
        level,
        "equal",
        _OBJ_SIDE + f"AND s.name = $s RETURN collect(DISTINCT {fmt}) AS a",
        {"s": s, "r": r, "o": o},
        f"all {level}s of the triple over the whole store, from the object side",
    )


def _first_last_who(r: str, o: str, y: str, which: str, d: str, ans: list[str]) -> Cand:
    inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob = sayx(o, rng.randrange(2))
        if which == "first":
            opts = [
                ("first_in_year", f"Who was the first to {inf.format(o=ob)} in {y}?"),
                ("year_fronted_first", f"In {y}, which actor {past.format(o=ob)} before anyone else did?"),
                ("earliest", f"Name the earliest {y} actor to {inf.format(o=ob)}."),
            ]
        else:
            opts = [
                ("last_in_year", f"Who was the last to {inf.format(o=ob)} in {y}?"),
                ("year_fronted_last", f"In {y}, who most recently {past.format(o=ob)}, as of the end of that year?"),
                ("final", f"Which actor was the final one in {y} to {inf.format(o=ob)}?"),
            ]
        return rng.choice(opts)[::-1]

    agg = "min" if which == "first" else "max"
    return Cand(
        "first_last_who",
        r,
        (r, o, y, which),
        build,
        ans,
        "entity",
        "day",
        "first_last",
        _ANCHOR_OBJ + f"WHERE e.valid_from.year = $y WITH o, {agg}(e.valid_from) AS t "
        "MATCH (o)<-[:OBJECT]-(e2:Event {relation: $r})-[:SUBJECT]->(s2:Entity) WHERE e2.valid_from = t "
        "RETURN collect(DISTINCT s2.name) AS a",
        {"o": o, "r": r, "y": int(y)},
        f"{agg} date aggregated in Cypher, then the subjects on it",
    )


def _first_last_when(s: str, r: str, o: str, y: str, which: str, d: str, level: str) -> Cand:
    inf, past, _pp = REL[r]
    ans = d if level == "day" else d[:7]

    def build(rng: random.Random) -> tuple[str, str] | None:
        sb, ob = sayx(s, rng.randrange(2)), sayx(o, rng.randrange(2))
        if level == "day":
            opts = [
                ("first_date", f"When did {sb} first {inf.format(o=ob)} in {y}?"),
                ("first_date_fronted", f"In {y}, on which day did {sb} {inf.format(o=ob)} for the first time?"),
            ]
        elif which == "first":
            opts = [
                ("first_month", f"In which month of {y} did {sb} {inf.format(o=ob)} for the first time?"),
                (
                    "first_month_subject",
                    f"Which month of {y} saw {sb} {inf.format(o=ob)} for the first time that year?",
                ),
            ]
        else:
            opts = [
                ("last_month", f"What was the last month of {y} in which {sb} {past.format(o=ob)}?"),
                (
                    "last_month_tell",
                    f"Tell me the month in {y} when {sb} {past.format(o=ob)} for the last time that year.",
                ),
            ]
        return rng.choice(opts)[::-1]

    agg = "min" if which == "first" else "max"
    fmt = "toString(t)" if level == "day" else "substring(toString(t), 0, 7)"
    return Cand(
        "first_last_when",
        r,
        (s, r, o, y, which, level),
        build,
        [ans],
        "time",
        level,
        "first_last",
        _OBJ_SIDE + f"AND s.name = $s AND toString(e.valid_from) STARTS WITH $y WITH {agg}(e.valid_from) AS t "
        f"RETURN [{fmt}] AS a",
        {"s": s, "r": r, "o": o, "y": y},
        f"{agg} date in Cypher, year by string prefix",
    )


def _before_after_date(r: str, o: str, m: str, n: int, side: str, ans: list[str]) -> Cand:
    _inf, past, _pp = REL[r]
    month = calendar.month_name[int(m[5:])]
    y = m[:4]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob = sayx(o, rng.randrange(2))
        if side == "after":
            opts = [
                (
                    "after_day_in_month",
                    f"Who {past.format(o=ob)} after {month} {ordinal(n)}, {y}, but before the month was out?",
                ),
                ("after_fronted", f"Later in {month} {y} than the {ordinal(n)}, which actors {past.format(o=ob)}?"),
            ]
        else:
            opts = [
                ("before_day_in_month", f"Which actors {past.format(o=ob)} in {month} {y} before the {ordinal(n)}?"),
                ("before_fronted", f"Before {n} {month} {y} but within that month, who {past.format(o=ob)}?"),
            ]
        return rng.choice(opts)[::-1]

    cmp = ">" if side == "after" else "<"
    return Cand(
        "before_after_date",
        r,
        (r, o, m, n, side),
        build,
        ans,
        "entity",
        "day",
        "before_after",
        _OBJ_SIDE + f"AND e.valid_from.year = $y AND e.valid_from.month = $mo AND e.valid_from.day {cmp} $n "
        "RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "y": int(y), "mo": int(m[5:]), "n": n},
        "subjects from the object, date fields",
    )


def _anchor_clause(a: tuple[str, str, str], rng: random.Random) -> str:
    a_s, a_r, a_o = a
    return f"{sayx(a_s, rng.randrange(2))} {REL[a_r][1].format(o=sayx(a_o, rng.randrange(2)))}"


def _before_after_event(r: str, o: str, a: tuple[str, str, str], ad: str, side: str, span: int,
                        ans: list[str]) -> Cand:  # fmt: skip
    _inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob, A = sayx(o, rng.randrange(2)), _anchor_clause(a, rng)
        if side == "after":
            opts = [
                ("week_after_event", f"In the {span} days after {A}, who {past.format(o=ob)}?"),
                (
                    "after_event_window",
                    f"Who {past.format(o=ob)} during the week following the day {A} (the {span} days after it)?",
                ),
            ]
        else:
            opts = [
                (
                    "earlier_same_month",
                    f"Earlier in the month in which {A}, but before that day, who {past.format(o=ob)}?",
                ),
                ("before_event_month", f"Who {past.format(o=ob)} before {A}, counting only that same month?"),
            ]
        return rng.choice(opts)[::-1]

    if side == "after":
        cond = "AND e.valid_from > ad AND e.valid_from <= ad + duration({days: $n}) "
    else:
        cond = "AND e.valid_from < ad AND e.valid_from >= date.truncate('month', ad) "
    return Cand(
        "before_after_event",
        r,
        (r, o, a, side),
        build,
        ans,
        "entity",
        "day",
        "before_after",
        _ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
        f"WHERE e.relation = $r {cond}RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a_s": a[0], "a_r": a[1], "a_o": a[2], "n": span},
        "anchor re-found in Cypher (must be unique), window by date arithmetic",
    )


def _after_first(r: str, o: str, a: tuple[str, str, str], ad: str, fd: str, ans: list[str]) -> Cand:
    inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob, A = sayx(o, rng.randrange(2)), _anchor_clause(a, rng)
        opts = [
            ("after_first", f"After {A}, who was the first to {inf.format(o=ob)}?"),
            ("next_to", f"Who was next to {inf.format(o=ob)} after {A}?"),
            ("first_since", f"Since the day {A}, which actor was first to {inf.format(o=ob)}?"),
            ("relative_clause", f"Name the first actor that {past.format(o=ob)} once {A}."),
        ]
        return rng.choice(opts)[::-1]

    return Cand(
        "after_first",
        r,
        (r, o, a),
        build,
        ans,
        "entity",
        "day",
        "after_first",
        _ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r}) WHERE e.valid_from > ad "
        "WITH o, min(e.valid_from) AS t MATCH (o)<-[:OBJECT]-(e2:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
        "WHERE e2.valid_from = t RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a_s": a[0], "a_r": a[1], "a_o": a[2]},
        "anchor unique in Cypher, min later date",
    )


def _before_last(r: str, o: str, a: tuple[str, str, str], ad: str, ld: str, ans: list[str]) -> Cand:
    inf, past, _pp = REL[r]
    y = ad[:4]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob, A = sayx(o, rng.randrange(2)), _anchor_clause(a, rng)
        opts = [
            ("before_last", f"In {y}, before {A}, who was the last to {inf.format(o=ob)}?"),
            ("just_before", f"Who last {past.format(o=ob)} just before {A} (in {y})?"),
            ("most_recent", f"Which actor most recently {past.format(o=ob)} prior to the day {A}, earlier in {y}?"),
        ]
        return rng.choice(opts)[::-1]

    return Cand(
        "before_last",
        r,
        (r, o, a),
        build,
        ans,
        "entity",
        "day",
        "before_last",
        _ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r}) WHERE e.valid_from < ad "
        "AND e.valid_from.year = ad.year WITH o, max(e.valid_from) AS t "
        "MATCH (o)<-[:OBJECT]-(e2:Event {relation: $r})-[:SUBJECT]->(s:Entity) "
        "WHERE e2.valid_from = t RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a_s": a[0], "a_r": a[1], "a_o": a[2]},
        "anchor unique in Cypher, max earlier date",
    )


def _equal_multi(r: str, o: str, a: tuple[str, str, str], ad: str, gran: str, ans: list[str]) -> Cand:
    _inf, past, _pp = REL[r]

    def build(rng: random.Random) -> tuple[str, str] | None:
        ob, A = sayx(o, rng.randrange(2)), _anchor_clause(a, rng)
        if gran == "month":
            opts = [
                ("same_month", f"Who {past.format(o=ob)} in the same month as {A}?"),
                ("same_month_fronted", f"In the month when {A}, which actors {past.format(o=ob)}?"),
            ]
        elif gran == "day":
            opts = [
                ("same_day", f"On the same day that {A}, who {past.format(o=ob)}?"),
                ("same_day_end", f"Who {past.format(o=ob)} on the very day {A}?"),
            ]
        else:
            opts = [
                ("day_after", f"Who {past.format(o=ob)} the day after {A}?"),
                ("next_day_fronted", f"On the day following the one when {A}, which actors {past.format(o=ob)}?"),
            ]
        return rng.choice(opts)[::-1]

    cond = {
        "month": "e.valid_from.year = ad.year AND e.valid_from.month = ad.month",
        "day": "e.valid_from = ad",
        "next_day": "e.valid_from = ad + duration({days: 1})",
    }[gran]
    level = "month" if gran == "month" else "day"
    return Cand(
        "equal_multi",
        r,
        (r, o, a, gran),
        build,
        ans,
        "entity",
        level,
        "equal_multi",
        _ANCHOR + "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
        f"WHERE e.relation = $r AND {cond} RETURN collect(DISTINCT s.name) AS a",
        {"o": o, "r": r, "a_s": a[0], "a_r": a[1], "a_o": a[2]},
        "anchor unique in Cypher, date test in Cypher",
    )


# ------------------------------------------------------------------------------------------------------ choose
def choose(pool: dict[str, list[Cand]], quota_idx: int, rng: random.Random) -> list[tuple[Cand, str, str]]:
    """Per construction, spread picks over relations (round robin over a shuffled relation order)."""
    picked: list[tuple[Cand, str, str]] = []
    texts: set[str] = set()
    used_keys: set[tuple[Any, ...]] = set()
    for kind, quota in QUOTAS.items():
        want = quota[quota_idx]
        if not want:
            continue
        cands = [c for c in pool.get(kind, []) if 1 <= len(c.answers) <= 5]
        by_rel: dict[str, list[Cand]] = defaultdict(list)
        for c in cands:
            by_rel[c.rel].append(c)
        order = sorted(by_rel)
        rng.shuffle(order)
        for r in order:
            rng.shuffle(by_rel[r])
        got = 0
        while got < want and any(by_rel[r] for r in order):
            for r in order:
                if got >= want:
                    break
                while by_rel[r]:
                    c = by_rel[r].pop()
                    ent_key = (c.key[0], c.key[1]) if kind != "whom_month" else c.key[:2]
                    if ent_key in used_keys:
                        continue
                    built = c.build(rng)
                    if built is None:
                        continue
                    q, variant = built
                    q = cap(re.sub(r"\s+", " ", q).strip())
                    if q in texts:
                        continue
                    texts.add(q)
                    used_keys.add(ent_key)
                    picked.append((c, q, variant))
                    got += 1
                    break
    return picked


def second_check(driver: neo4j.Driver, database: str, c: Cand) -> list[str]:
    with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as ses:
        rec = ses.run(c.check, c.params).single()
    return sorted({x for x in (rec["a"] if rec else []) if x is not None})


def run_store(name: str, out_dir: Path) -> dict[str, Any]:
    cfg = STORES[name]
    settings = load_settings({**os.environ, **cfg["env"]})
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    try:
        facts = read_facts(driver, settings.neo4j_database)
        COUNTRIES.clear()
        COUNTRIES.update(
            m.group(2)
            for n in {x[0] for x in facts.rows} | {x[2] for x in facts.rows}
            if (m := _SECTOR_RE.match(n)) and m.group(1) == "Government"
        )
        pool = candidates(facts, cfg["lo"], cfg["hi"])
        rng = random.Random(f"{SEED}-{name}")
        picked = choose(pool, 0 if name == "mtq" else 1, rng)
        rows = []
        agree = 0
        for c, q, variant in picked:
            again = second_check(driver, settings.neo4j_database, c)
            ok = again == sorted(c.answers)
            if not ok:
                continue
            agree += 1
            rows.append((c, q, variant))
        total_checked = len(picked)
    finally:
        driver.close()
    lines = []
    for i, (c, q, variant) in enumerate(rows):
        quid = f"{cfg['prefix']}{i:03d}"
        rec = {
            "quid": quid,
            "id": quid,
            "question": q,
            "answers": sorted(c.answers),
            "answer_type": c.answer_type,
            "time_level": c.level,
            "qtype": c.qtype,
            "qlabel": "Single" if c.qtype in ("equal", "first_last", "before_after") else "Multiple",
            "evidence": [],
            "construction": f"{c.kind}:{variant}",
            "relation": c.rel,
            "store": name,
            "check": c.check_note,
            "check_agrees": True,
        }
        lines.append(json.dumps(rec, ensure_ascii=False, sort_keys=False))
    (out_dir / cfg["file"]).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {"store": name, "facts": len(facts.rows), "picked": total_checked, "agree": agree, "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in STORES:
        res = run_store(name, args.out)
        kinds: dict[str, int] = defaultdict(int)
        for c, _, _ in res["rows"]:
            kinds[c.kind] += 1
        print(
            f"{name}: facts={res['facts']} picked={res['picked']} second_check_agrees={res['agree']} "
            f"written={len(res['rows'])} kinds={dict(sorted(kinds.items()))}"
        )


if __name__ == "__main__":
    main()
