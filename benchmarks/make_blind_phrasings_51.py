"""Blind held-out question set 51: MultiTQ-style questions with gold computed from a read-only store.

Written without reading the reader or the earlier phrasing generators, so the wording is untuned. Gold comes from one
Cypher read of every (subject, relation, object, day) in the store, computed in Python; a second, differently written
Cypher query per question recomputes it (the ``check`` / ``check_agrees`` fields), and disagreements are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_51.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_51.py --store bench --out <work>/blind_icews14.jsonl

``mtq`` holds only a sample before 2013-11-18, so every question there is worded inside 2014-2015; ``bench`` is 2014.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261251
MAX_GOLD = 5
PREFIX = {"mtq": "b51m", "bench": "b51i"}
YEARS = {"mtq": (2014, 2015), "bench": (2014,)}
LO = "2014-01-01"

# relation -> (base with {o}, past with {o}, passive participle or None, noun "of {s} ... {o}" or None).
# {o} is always last, so "whom did S <base>" is the base with {o} dropped.
REL: dict[str, list[tuple[str, str, str | None, str | None]]] = {
    "Make_statement": [("comment on {o}", "made a statement about {o}", None, "the statement of {s} about {o}")],
    "Consult": [
        ("consult {o}", "consulted {o}", "consulted", "the consultations of {s} with {o}"),
        ("hold talks with {o}", "held talks with {o}", None, "the talks between {s} and {o}"),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "made an appeal to {o}", "appealed to", "the appeal of {s} to {o}"),
        ("make a request of {o}", "put a request to {o}", None, None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("signal a wish to meet {o}", "said they wanted to meet {o}", None, None),
        ("offer talks to {o}", "offered to negotiate with {o}", None, None),
    ],
    "Make_a_visit": [("visit {o}", "visited {o}", "visited", "the visit of {s} to {o}")],
    "Host_a_visit": [
        ("host {o}", "hosted {o}", "hosted", None),
        ("receive {o} as a guest", "welcomed {o} on a visit", "received as a guest", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest or charge {o}", "arrested, detained or charged {o}", "arrested, detained or charged", None),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "praised", "the praise of {s} for {o}"),
        ("speak well of {o}", "endorsed {o}", "endorsed", None),
    ],
    "Criticize_or_denounce": [
        ("criticize {o}", "criticized {o}", "criticized", "the criticism of {o} by {s}"),
        ("denounce {o}", "condemned {o}", "denounced", None),
    ],
    "Use_conventional_military_force": [
        ("use military force against {o}", "used military force against {o}", "attacked with military force", None),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", None, "the negotiations between {s} and {o}"),
    ],
    "Accuse": [("accuse {o}", "accused {o}", "accused", "the accusation of {s} against {o}")],
    "Use_unconventional_violence": [
        ("commit violence against {o}", "carried out violent acts against {o}", None, None)
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with {o}", "worked diplomatically with {o}", None, None),
    ],
    "Sign_formal_agreement": [
        (
            "sign an agreement with {o}",
            "signed a formal agreement with {o}",
            None,
            "the signing of a deal between {s} and {o}",
        ),
    ],
    "Express_intent_to_cooperate": [
        ("say they would cooperate with {o}", "expressed a willingness to cooperate with {o}", None, None),
    ],
    "Demand": [("make demands of {o}", "made demands of {o}", None, None)],
    "Investigate": [("investigate {o}", "investigated {o}", "investigated", "the investigation of {o} by {s}")],
    "Make_optimistic_comment": [("sound optimistic about {o}", "spoke optimistically about {o}", None, None)],
    "Reject": [("reject {o}", "rebuffed {o}", "rejected", None)],
    "Discuss_by_telephone": [
        ("speak by phone with {o}", "had a phone call with {o}", None, "the phone call between {s} and {o}"),
    ],
    "Make_pessimistic_comment": [("sound pessimistic about {o}", "voiced pessimism about {o}", None, None)],
    "Threaten": [("threaten {o}", "threatened {o}", "threatened", "the threats of {s} against {o}")],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        ("ask for diplomatic support from {o}", "called for diplomatic cooperation from {o}", None, None),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        ("pledge diplomatic support to {o}", "promised diplomatic cooperation to {o}", None, None),
    ],
    "Make_empathetic_comment": [("express sympathy for {o}", "expressed sympathy for {o}", None, None)],
    "Provide_humanitarian_aid": [("send humanitarian aid to {o}", "gave humanitarian aid to {o}", None, None)],
    "Engage_in_symbolic_act": [
        ("make a symbolic gesture toward {o}", "made a symbolic gesture toward {o}", None, None)
    ],
    "Demonstrate_or_rally": [("hold a demonstration against {o}", "rallied or demonstrated against {o}", None, None)],
    "Return,_release_person(s)": [("release people to {o}", "released or returned people to {o}", None, None)],
    "fight_with_small_arms_and_light_weapons": [
        ("fight {o} with small arms", "fought {o} with small arms and light weapons", None, None),
    ],
    "Abduct,_hijack,_or_take_hostage": [("abduct {o}", "abducted or took hostage {o}", "abducted", None)],
}

_THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "United Arab Emirates",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "European Union",
    "United Nations",
    "Taliban",
    "Muslim Brotherhood",
    "Gambia",
    "Maldives",
    "Kremlin",
    "Pentagon",
    "UN Security Council",
    "Vatican",
    "African Union",
    "Red Cross",
    "World Bank",
    "International Monetary Fund",
    "Arab League",
    "Islamic State",
}
# sector entities, said the way a person would: (phrase with {c}, plural?)
_SECTOR: dict[str, list[tuple[str, bool]]] = {
    "police": [("the police in {c}", True), ("{c}'s police", True)],
    "citizen": [("citizens of {c}", True), ("{c}'s citizens", True)],
    "head of government": [("the head of government of {c}", False), ("{c}'s head of government", False)],
    "government": [("the government of {c}", False), ("{c}'s government", False)],
    "military": [("the armed forces of {c}", True)],
    "military personnel": [("military personnel in {c}", True)],
    "protester": [("protesters in {c}", True)],
    "insurgent": [("insurgents in {c}", True)],
    "foreign affairs": [("the foreign ministry of {c}", False)],
    "member of parliament": [("members of parliament in {c}", True)],
    "lawyer/attorney": [("lawyers in {c}", True)],
    "media personnel": [("journalists in {c}", True)],
    "cabinet / council of ministers / advisors": [("the cabinet of {c}", False)],
    "envoy": [("{c}'s envoy", False)],
    "other authorities / officials": [("officials in {c}", True)],
    "court judge": [("a court in {c}", False)],
    "business": [("businesses in {c}", True)],
    "opposition supporter": [("opposition supporters in {c}", True)],
    "armed rebel": [("armed rebels in {c}", True)],
    "militant": [("militants in {c}", True)],
}
# organisations that take "the" mid-sentence ("the International Court of Justice")
_ORG_WORDS = re.compile(
    r"\b(Association|Court|Coalition|Organization|Organisation|Council|Party|Army|Union|Movement|Front|Ministry|"
    r"Committee|Bank|Agency|Commission|Parliament|Assembly|Forces|League|Fund|Federation|Office|Alliance|Congress|"
    r"Senate|Navy|Republic|Nations|Emirates|Brotherhood|State|Kingdom|Liberation)\b"
)
_SECTOR_RE = re.compile(r"^([^()]+) \(([^()]+)\)$")
_PLAIN_RE = re.compile(r"^[A-Za-z][A-Za-z .'\-]+$")

NAMED_DAYS = [
    ("2014-12-25", "Christmas Day 2014"),
    ("2015-12-25", "Christmas Day 2015"),
    ("2015-01-01", "New Year's Day 2015"),
    ("2014-07-04", "US Independence Day 2014 (4 July)"),
    ("2015-07-04", "the Fourth of July 2015"),
    ("2014-02-14", "Valentine's Day 2014"),
    ("2015-02-14", "Valentine's Day 2015"),
    ("2014-12-31", "New Year's Eve 2014"),
    ("2015-12-31", "New Year's Eve 2015"),
    ("2014-10-31", "Halloween 2014 (31 October)"),
    ("2015-05-01", "May Day 2015 (1 May)"),
    ("2014-05-01", "May Day 2014 (1 May)"),
    ("2014-11-11", "Armistice Day 2014 (11 November)"),
    ("2015-11-11", "Armistice Day 2015 (11 November)"),
]
_QUARTERS = {1: "January to March", 2: "April to June", 3: "July to September", 4: "October to December"}
_HALVES = {1: "January through June", 2: "July through December"}
_ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def nice(name: str, rng: random.Random) -> tuple[str, bool] | None:
    """How a person would name the entity mid-sentence (None: no natural wording, so it is not asked about)."""
    m = _SECTOR_RE.match(name)
    if m:
        forms = _SECTOR.get(m.group(1).strip().lower())
        country = m.group(2)
        if not forms or not _PLAIN_RE.match(country):
            return None
        c = f"the {country}" if _takes_the(country) else country
        text, plural = rng.choice(forms)
        if c.endswith("s"):
            text = text.replace("{c}'s", "{c}'")
        return text.format(c=c), plural
    if not _PLAIN_RE.match(name) or len(name) > 40:
        return None
    return (f"the {name}" if _takes_the(name) else name), False


def _takes_the(name: str) -> bool:
    return name in _THE or (_ORG_WORDS.search(name) is not None and not name.startswith("The "))


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def fmt_day(d: str, rng: random.Random) -> str:
    y, m, dd = (int(x) for x in d.split("-"))
    style = rng.randrange(3)
    if style == 0:
        return f"{dd} {calendar.month_name[m]} {y}"
    if style == 1:
        return f"{calendar.month_name[m]} {dd}, {y}"
    return d


def fmt_month(ym: str) -> str:
    y, m = ym.split("-")
    return f"{calendar.month_name[int(m)]} {y}"


def shift(d: str, days: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=days)).isoformat()


class Facts:
    """Every (subject, relation, object, day) of the store, with the indexes the questions need."""

    def __init__(self, rows: list[tuple[str, str, str, str]]) -> None:
        self.rows = sorted(set(rows))
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        for s, r, o, d in self.rows:
            self.sro[(s, r, o)].append(d)
            self.ro[(r, o)].append((d, s))
            self.sr[(s, r)].append((d, o))
        for v in self.sro.values():
            v.sort()
        for v2 in list(self.ro.values()) + list(self.sr.values()):
            v2.sort()

    def subjects(self, r: str, o: str, lo: str, hi: str) -> set[str]:
        return {s for d, s in self.ro[(r, o)] if lo <= d <= hi}

    def objects(self, s: str, r: str, lo: str, hi: str) -> set[str]:
        return {o for d, o in self.sr[(s, r)] if lo <= d <= hi}

    def unique_anchor(self, s: str, r: str, o: str) -> str | None:
        days = self.sro[(s, r, o)]
        return days[0] if len(days) == 1 else None


def load_facts(store: Store) -> Facts:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return Facts([(x["s"], x["r"], x["o"], x["d"]) for x in rows])


# ----------------------------------------------------------------------------------------------------- questions
Q = dict[str, Any]


class Gen:
    def __init__(self, facts: Facts, store_name: str, rng: random.Random) -> None:
        self.f = facts
        self.store = store_name
        self.rng = rng
        self.years = YEARS[store_name]
        lo, hi = f"{self.years[0]}-01-01", f"{self.years[-1]}-12-31"
        self.scoped = [x for x in facts.rows if lo <= x[3] <= hi and x[1] in REL]
        self.anchors = [x for x in self.scoped if facts.unique_anchor(x[0], x[1], x[2]) is not None]
        self.by_day: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for x in self.scoped:
            self.by_day[x[3]].append(x)

    # -- helpers
    def ent(self, name: str) -> tuple[str, bool] | None:
        return nice(name, self.rng)

    def rel(self, r: str) -> tuple[str, str, str | None, str | None]:
        return self.rng.choice(REL[r])

    def pick(self, pool: list[Any]) -> Any:
        return pool[self.rng.randrange(len(pool))]

    def year(self) -> int:
        return self.rng.choice(self.years)

    def clause(self, s: str, r: str, o: str, *, noun_ok: bool = True) -> str | None:
        """An anchor event as a clause or noun phrase ("Iran visited Iraq" / "the visit of Iran to Iraq")."""
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        _base, past, _pp, noun = self.rel(r)
        if noun and noun_ok and self.rng.random() < 0.5:
            return noun.format(s=sn[0], o=on[0])
        return f"{sn[0]} {past.format(o=on[0])}"

    @staticmethod
    def q(
        text: str, answers: set[str] | list[str], atype: str, level: str, qtype: str, cons: str, check: dict[str, Any]
    ) -> Q:
        return {
            "question": text,
            "answers": sorted(answers),
            "answer_type": atype,
            "time_level": level,
            "qtype": qtype,
            "construction": cons,
            "_check": check,
        }

    # -- equal, entity answer, on a day / month / year / window
    def who_did_to(self, window: str) -> Q | None:
        if window == "named":
            nd = self.rng.choice([x for x, _ in NAMED_DAYS if int(x[:4]) in self.years])
            pool = self.by_day.get(nd)
            if not pool:
                return None
            _s, r, o, d = self.pick(pool)
        else:
            _s, r, o, d = self.pick(self.scoped)
        on = self.ent(o)
        if on is None:
            return None
        lo, hi, when = self.window(window, d)
        if when is None:
            return None
        gold = self.f.subjects(r, o, lo, hi)
        _base, past, pp, _ = self.rel(r)
        style = self.rng.randrange(4)
        if style == 0:
            text = f"Who {past.format(o=on[0])} {when}?"
        elif style == 1:
            text = f"{cap(when)}, which actors {past.format(o=on[0])}?"
        elif style == 2 and pp:
            text = f"By whom {'were' if on[1] else 'was'} {on[0]} {pp} {when}?"
        else:
            text = f"Name everyone who {past.format(o=on[0])} {when}."
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "equal",
            f"who_r_O/{window}/style{style}",
            {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def whom_did(self, window: str) -> Q | None:
        s, r, _o, d = self.pick(self.scoped)
        sn = self.ent(s)
        if sn is None:
            return None
        lo, hi, when = self.window(window, d)
        if when is None:
            return None
        gold = self.f.objects(s, r, lo, hi)
        base, past, _pp, _ = self.rel(r)
        stem = base.replace(" {o}", "")
        pstem = past.replace(" {o}", "")
        style = self.rng.randrange(3)
        if style == 0:
            text = f"Whom did {sn[0]} {stem} {when}?"
        elif style == 1:
            text = f"Tell me who {sn[0]} {pstem} {when}."
        else:
            text = f"{cap(when)}, {sn[0]} {pstem} which parties?"
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "equal",
            f"whom_S_r/{window}/style{style}",
            {"kind": "objects", "s": s, "r": r, "lo": lo, "hi": hi},
        )

    def window(self, kind: str, d: str) -> tuple[str, str, str | None]:
        y, m, _ = d.split("-")
        rng = self.rng
        if kind == "day":
            return d, d, f"on {fmt_day(d, rng)}"
        if kind == "named":
            return d, d, f"on {dict(NAMED_DAYS)[d]}"
        if kind == "month":
            return f"{y}-{m}-01", f"{y}-{m}-31", rng.choice([f"in {fmt_month(d[:7])}", f"during {fmt_month(d[:7])}"])
        if kind == "year":
            return f"{y}-01-01", f"{y}-12-31", rng.choice([f"in {y}", f"over the course of {y}"])
        if kind == "ndays":
            n = rng.choice([3, 5, 7, 10])
            start = shift(d, -rng.randrange(n))
            end = shift(start, n - 1)
            if start < f"{self.years[0]}-01-01" or end > f"{self.years[-1]}-12-31":
                return start, end, None
            return (
                start,
                end,
                (f"in the {n} days from {fmt_day(start, rng)} to {fmt_day(end, rng)} (both days included)"),
            )
        if kind == "quarter":
            qn = (int(m) - 1) // 3 + 1
            lo = f"{y}-{3 * qn - 2:02d}-01"
            hi = f"{y}-{3 * qn:02d}-31"
            return lo, hi, f"in the {_ORD[qn]} quarter of {y} ({_QUARTERS[qn]})"
        if kind == "half":
            h = 1 if int(m) <= 6 else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            return (
                lo,
                hi,
                f"in the {'first' if h == 1 else 'second'} half of {y} ({_HALVES[h]})",
            )
        if kind == "season":
            mm = int(m)
            if 6 <= mm <= 8:
                return f"{y}-06-01", f"{y}-08-31", f"in the summer of {y} (June, July and August)"
            if 3 <= mm <= 5:
                return f"{y}-03-01", f"{y}-05-31", f"in spring {y} (March to May)"
            if 9 <= mm <= 11:
                return f"{y}-09-01", f"{y}-11-30", f"in the autumn of {y} (September, October and November)"
            return d, d, None
        raise ValueError(kind)

    # -- equal, time answer
    def when_day(self) -> Q | None:
        s, r, o, d = self.pick(self.scoped)
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        y = d[:4]
        gold = {x for x in self.f.sro[(s, r, o)] if x[:4] == y}
        base, past, _pp, _ = self.rel(r)
        style = self.rng.randrange(3)
        if style == 0:
            text = f"On which day in {y} did {sn[0]} {base.format(o=on[0])}?"
        elif style == 1:
            text = f"What was the date in {y} when {sn[0]} {past.format(o=on[0])}?"
        else:
            text = f"{sn[0]} {past.format(o=on[0])} in {y} - on what date exactly?"
            text = cap(text)
        return self.q(
            text,
            gold,
            "time",
            "day",
            "equal",
            f"when_day/style{style}",
            {"kind": "times", "s": s, "r": r, "o": o, "lo": f"{y}-01-01", "hi": f"{y}-12-31", "n": 10},
        )

    def when_month(self) -> Q | None:
        s, r, o, d = self.pick(self.scoped)
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        y = d[:4]
        gold = {x[:7] for x in self.f.sro[(s, r, o)] if x[:4] == y}
        base, past, _pp, _ = self.rel(r)
        style = self.rng.randrange(3)
        if style == 0:
            text = f"Which month of {y} saw {sn[0]} {base.format(o=on[0])}?"
        elif style == 1:
            text = f"In {y}, in what month did {sn[0]} {base.format(o=on[0])}?"
        else:
            text = f"Tell me the month in {y} in which {sn[0]} {past.format(o=on[0])}."
        return self.q(
            text,
            gold,
            "time",
            "month",
            "equal",
            f"when_month/style{style}",
            {"kind": "times", "s": s, "r": r, "o": o, "lo": f"{y}-01-01", "hi": f"{y}-12-31", "n": 7},
        )

    def when_year(self) -> Q | None:
        if len(self.years) < 2:
            return None
        s, r, o, _d = self.pick(self.scoped)
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        gold = {x[:4] for x in self.f.sro[(s, r, o)] if "2014" <= x[:4] <= "2015"}
        base, past, _pp, _ = self.rel(r)
        if self.rng.random() < 0.5:
            text = f"Was it in 2014 or in 2015 (or both) that {sn[0]} {past.format(o=on[0])}?"
        else:
            text = f"Considering only 2014 and 2015, which year saw {sn[0]} {base.format(o=on[0])}?"
        return self.q(
            text,
            gold,
            "time",
            "year",
            "equal",
            "when_year",
            {"kind": "times", "s": s, "r": r, "o": o, "lo": "2014-01-01", "hi": "2015-12-31", "n": 4},
        )

    # -- first / last
    def first_entity(self) -> Q | None:
        s, r, o, d = self.pick(self.scoped)
        y = d[:4]
        last = self.rng.random() < 0.5
        lo, hi = f"{y}-01-01", f"{y}-12-31"
        if self.rng.random() < 0.5:
            on = self.ent(o)
            if on is None:
                return None
            days = [(dd, ss) for dd, ss in self.f.ro[(r, o)] if lo <= dd <= hi]
            pivot = days[-1][0] if last else days[0][0]
            gold = {ss for dd, ss in days if dd == pivot}
            base, past, _pp, _ = self.rel(r)
            if last:
                text = self.rng.choice(
                    [f"Who was the last to {base.format(o=on[0])} in {y}?", f"In {y}, who {past.format(o=on[0])} last?"]
                )
            else:
                text = self.rng.choice(
                    [
                        f"Who was the first to {base.format(o=on[0])} in {y}?",
                        f"Which actor {past.format(o=on[0])} first in {y}?",
                    ]
                )
            return self.q(
                text,
                gold,
                "entity",
                "day",
                "first_last",
                f"first_last_subject/{'last' if last else 'first'}",
                {"kind": "extreme_subjects", "r": r, "o": o, "lo": lo, "hi": hi, "last": last},
            )
        sn = self.ent(s)
        if sn is None:
            return None
        days = [(dd, oo) for dd, oo in self.f.sr[(s, r)] if lo <= dd <= hi]
        pivot = days[-1][0] if last else days[0][0]
        gold = {oo for dd, oo in days if dd == pivot}
        base, past, _pp, _ = self.rel(r)
        stem = base.replace(" {o}", "")
        word = "last" if last else "first"
        text = self.rng.choice(
            [
                f"Whom did {sn[0]} {stem} {word} in {y}?",
                f"In {y}, who was the {word} party that {sn[0]} {past.replace(' {o}', '')}?",
            ]
        )
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "first_last",
            f"first_last_object/{word}",
            {"kind": "extreme_objects", "s": s, "r": r, "lo": lo, "hi": hi, "last": last},
        )

    def first_time(self, level: str) -> Q | None:
        s, r, o, d = self.pick(self.scoped)
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        y = d[:4]
        last = self.rng.random() < 0.4
        days = [x for x in self.f.sro[(s, r, o)] if x[:4] == y]
        pivot = days[-1] if last else days[0]
        n = {"day": 10, "month": 7}[level]
        gold = {pivot[:n]}
        base, past, _pp, _ = self.rel(r)
        word = "last" if last else "first"
        if level == "day":
            text = self.rng.choice(
                [
                    f"When did {sn[0]} {word} {base.format(o=on[0])} in {y}?",
                    f"What was the {word} day of {y} on which {sn[0]} {past.format(o=on[0])}?",
                ]
            )
        else:
            text = self.rng.choice(
                [
                    f"In which month did {sn[0]} {base.format(o=on[0])} for the {word} time in {y}?",
                    f"Which month of {y} saw the {word} occasion that {sn[0]} {past.format(o=on[0])}?",
                ]
            )
        return self.q(
            text,
            gold,
            "time",
            level,
            "first_last",
            f"first_last_time/{level}/{word}",
            {
                "kind": "extreme_time",
                "s": s,
                "r": r,
                "o": o,
                "lo": f"{y}-01-01",
                "hi": f"{y}-12-31",
                "last": last,
                "n": n,
            },
        )

    # -- before / after a date or an event, within the scoping year
    def before_after_date(self) -> Q | None:
        _s, r, o, d = self.pick(self.scoped)
        on = self.ent(o)
        if on is None:
            return None
        y = d[:4]
        after = self.rng.random() < 0.5
        cut = shift(d, -self.rng.randrange(1, 20)) if after else shift(d, self.rng.randrange(1, 20))
        if cut[:4] != y:
            return None
        lo, hi = (shift(cut, 1), f"{y}-12-31") if after else (f"{y}-01-01", shift(cut, -1))
        gold = self.f.subjects(r, o, lo, hi)
        base, past, _pp, _ = self.rel(r)
        cd = fmt_day(cut, self.rng)
        if after:
            text = self.rng.choice(
                [
                    f"Who {past.format(o=on[0])} after {cd} and before the end of {y}?",
                    f"After {cd}, who went on to {base.format(o=on[0])} during the rest of {y}?",
                ]
            )
        else:
            text = self.rng.choice(
                [
                    f"In {y}, who {past.format(o=on[0])} before {cd}?",
                    f"Between the start of {y} and {cd} (not counting that day), who {past.format(o=on[0])}?",
                ]
            )
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "before_after",
            f"before_after_date/{'after' if after else 'before'}",
            {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def before_after_event(self) -> Q | None:
        s1, r1, o1, a = self.pick(self.anchors)
        anchor = self.clause(s1, r1, o1)
        if anchor is None:
            return None
        cands = [x for x in self.scoped if x[3][:4] == a[:4] and x[2] in (o1, s1) and x[:3] != (s1, r1, o1)]
        if not cands:
            return None
        _s, r, o, d = self.pick(cands)
        on = self.ent(o)
        if on is None:
            return None
        y = a[:4]
        after = d > a
        if d == a:
            return None
        lo, hi = (shift(a, 1), f"{y}-12-31") if after else (f"{y}-01-01", shift(a, -1))
        gold = self.f.subjects(r, o, lo, hi)
        _base, past, _pp, _ = self.rel(r)
        if after:
            text = self.rng.choice(
                [
                    f"After {anchor}, who {past.format(o=on[0])} during the remainder of {y}?",
                    f"Who {past.format(o=on[0])} after {anchor} (up to the end of {y})?",
                ]
            )
        else:
            text = self.rng.choice(
                [
                    f"In {y}, before {anchor}, who {past.format(o=on[0])}?",
                    f"Which actors {past.format(o=on[0])} earlier in {y} than {anchor}?",
                ]
            )
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "before_after",
            f"before_after_event/{'after' if after else 'before'}",
            {
                "kind": "anchor_window",
                "r": r,
                "o": o,
                "as": s1,
                "ar": r1,
                "ao": o1,
                "side": "after" if after else "before",
                "year": y,
            },
        )

    # -- after_first / before_last (whole store; anchors inside the asked period)
    def next_or_previous(self, atype: str) -> Q | None:
        s1, r1, o1, a = self.pick(self.anchors)
        anchor = self.clause(s1, r1, o1)
        if anchor is None:
            return None
        nxt = self.rng.random() < 0.5
        if atype == "entity":
            cands = [x for x in self.scoped if x[2] == o1 and x[1] != r1]
            if not cands:
                return None
            _s, r, o, _d = self.pick(cands)
            on = self.ent(o)
            if on is None:
                return None
            days = [dd for dd, _ in self.f.ro[(r, o)] if (dd > a if nxt else dd < a)]
            if not days:
                return None
            pivot = min(days) if nxt else max(days)
            if pivot < LO:
                return None
            gold = {ss for dd, ss in self.f.ro[(r, o)] if dd == pivot}
            base, past, pp, _ = self.rel(r)
            if nxt:
                text = self.rng.choice(
                    [
                        f"Who was the next to {base.format(o=on[0])} after {anchor}?",
                        f"After {anchor}, who was the first to {base.format(o=on[0])}?",
                    ]
                )
            else:
                forms = [
                    f"Right before {anchor}, who was the last to {base.format(o=on[0])}?",
                    f"Just before {anchor}, who had been the most recent to {base.format(o=on[0])}?",
                ]
                if pp:
                    forms.append(f"Before {anchor}, by whom {'were' if on[1] else 'was'} {on[0]} last {pp}?")
                text = self.rng.choice(forms)
            return self.q(
                text,
                gold,
                "entity",
                "day",
                "after_first" if nxt else "before_last",
                f"{'after_first' if nxt else 'before_last'}/entity",
                {"kind": "anchor_extreme", "r": r, "o": o, "as": s1, "ar": r1, "ao": o1, "next": nxt},
            )
        cands = [x for x in self.scoped if x[0] == s1 and x[:3] != (s1, r1, o1)]
        if not cands:
            return None
        s, r, o, _d = self.pick(cands)
        sn, on = self.ent(s), self.ent(o)
        if sn is None or on is None:
            return None
        days = [dd for dd in self.f.sro[(s, r, o)] if (dd > a if nxt else dd < a)]
        if not days:
            return None
        pivot = min(days) if nxt else max(days)
        if pivot < LO:
            return None
        base, past, _pp, _ = self.rel(r)
        if nxt:
            text = self.rng.choice(
                [
                    f"When did {sn[0]} next {base.format(o=on[0])} after {anchor}?",
                    f"After {anchor}, on what day did {sn[0]} first {base.format(o=on[0])}?",
                ]
            )
        else:
            text = self.rng.choice(
                [
                    f"Before {anchor}, what was the last date on which {sn[0]} {past.format(o=on[0])}?",
                    f"What was the most recent day before {anchor} on which {sn[0]} {past.format(o=on[0])}?",
                ]
            )
        return self.q(
            text,
            {pivot},
            "time",
            "day",
            "after_first" if nxt else "before_last",
            f"{'after_first' if nxt else 'before_last'}/time",
            {"kind": "anchor_extreme_time", "s": s, "r": r, "o": o, "as": s1, "ar": r1, "ao": o1, "next": nxt},
        )

    # -- equal_multi: same day / month as another event, the day after, ellipsis "that week"
    def same_time(self, how: str) -> Q | None:
        s1, r1, o1, a = self.pick(self.anchors)
        anchor = self.clause(s1, r1, o1, noun_ok=how == "next_day")
        if anchor is None:
            return None
        if how == "week":
            on1 = self.ent(o1)
            sn1 = self.ent(s1)
            if on1 is None or sn1 is None:
                return None
            wd = date.fromisoformat(a).weekday()
            lo, hi = shift(a, -wd), shift(a, 6 - wd)
            if lo < f"{self.years[0]}-01-01" or hi > f"{self.years[-1]}-12-31":
                return None
            gold = self.f.subjects(r1, o1, lo, hi) - {s1}
            base, past, _pp, _ = self.rel(r1)
            text = (
                f"{cap(sn1[0])} {past.format(o=on1[0])} on {fmt_day(a, self.rng)}. Who else did so that week "
                f"(Monday {fmt_day(lo, self.rng)} to Sunday {fmt_day(hi, self.rng)})?"
            )
            return self.q(
                text,
                gold,
                "entity",
                "day",
                "equal_multi",
                "same_week_ellipsis",
                {"kind": "subjects_minus", "r": r1, "o": o1, "lo": lo, "hi": hi, "minus": s1},
            )
        if how == "day":
            lo = hi = a
        elif how == "next_day":
            lo = hi = shift(a, 1)
        else:
            lo, hi = a[:7] + "-01", a[:7] + "-31"
        cands = [x for x in self.scoped if lo <= x[3] <= hi and x[1] != r1 and (x[2] in (o1, s1) or x[0] in (o1, s1))]
        if not cands:
            return None
        s, r, o, _d = self.pick(cands)
        base, past, _pp, _ = self.rel(r)
        if self.rng.random() < 0.5:
            on = self.ent(o)
            if on is None:
                return None
            gold = self.f.subjects(r, o, lo, hi)
            ask = f"who {past.format(o=on[0])}"
            check = {"kind": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        else:
            sn = self.ent(s)
            if sn is None:
                return None
            gold = self.f.objects(s, r, lo, hi)
            ask = f"whom did {sn[0]} {base.replace(' {o}', '')}"
            check = {"kind": "objects", "s": s, "r": r, "lo": lo, "hi": hi}
        check.update({"as": s1, "ar": r1, "ao": o1, "rel": how})
        if how == "day":
            text = self.rng.choice([f"On the same day that {anchor}, {ask}?", f"{cap(ask)} on the very day {anchor}?"])
        elif how == "next_day":
            text = self.rng.choice([f"The day after {anchor}, {ask}?", f"{cap(ask)} on the day following {anchor}?"])
        else:
            text = self.rng.choice(
                [f"In the same month as {anchor}, {ask}?", f"{cap(ask)} during the calendar month in which {anchor}?"]
            )
        return self.q(text, gold, "entity", "day", "equal_multi", f"same_{how}", check)


# ------------------------------------------------------------------------------------------------ second check
def check_gold(store: Store, c: dict[str, Any]) -> tuple[set[str], str]:
    """Recompute a gold set with Cypher written differently from the Python pass (returns the set and a summary)."""
    k = c["kind"]
    if "as" in c:
        # the anchor day is read from the store here, not passed from Python
        row = store.run(
            "MATCH (x:Entity {name: $ao})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity {name: $as}) "
            "WHERE e.relation = $ar RETURN collect(toString(e.valid_from)) AS ds",
            {"ao": c["ao"], "as": c["as"], "ar": c["ar"]},
        )[0]["ds"]
        if len(set(row)) != 1:
            return {"<anchor not unique>"}, "anchor"
        a = row[0]
        if k in ("subjects", "objects", "subjects_minus") and c.get("rel"):
            if c["rel"] == "day":
                c = {**c, "lo": a, "hi": a}
            elif c["rel"] == "next_day":
                nd = shift(a, 1)
                c = {**c, "lo": nd, "hi": nd}
            elif c["rel"] == "month":
                c = {**c, "lo": a[:7] + "-01", "hi": a[:7] + "-31"}
        if k == "anchor_window":
            y = c["year"]
            lo, hi = (shift(a, 1), f"{y}-12-31") if c["side"] == "after" else (f"{y}-01-01", shift(a, -1))
            c = {**c, "kind": "subjects", "lo": lo, "hi": hi}
            k = "subjects"
    if k in ("subjects", "subjects_minus"):
        rows = store.run(
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "MATCH (e)-[:SUBJECT]->(s:Entity) RETURN collect(DISTINCT s.name) AS xs",
            c,
        )
        got = set(rows[0]["xs"]) - ({c["minus"]} if k == "subjects_minus" else set())
        return got, f"subjects of {c['r']} -> {c['o']} with day string in [{c['lo']}, {c['hi']}]"
    if k == "objects":
        rows = store.run(
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
            "WHERE toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi RETURN DISTINCT o.name AS x",
            c,
        )
        return {x["x"] for x in rows}, f"objects of {c['s']} -{c['r']}-> with day string in [{c['lo']}, {c['hi']}]"
    if k == "times":
        rows = store.run(
            "MATCH (e:Event {relation: $r})-[:SUBJECT]->(:Entity {name: $s}), (e)-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN DISTINCT left(toString(e.valid_from), $n) AS t",
            c,
        )
        return {
            x["t"] for x in rows
        }, f"distinct {c['n']}-char times of ({c['s']}, {c['r']}, {c['o']}) in [{c['lo']}, {c['hi']}]"
    if k in ("extreme_subjects", "extreme_objects"):
        agg = "max" if c["last"] else "min"
        if k == "extreme_subjects":
            pat, ret = (
                "(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}), (e)-[:SUBJECT]->(x:Entity)",
                "subjects",
            )
        else:
            pat, ret = "(e:Event {relation: $r})-[:SUBJECT]->(:Entity {name: $s}), (e)-[:OBJECT]->(x:Entity)", "objects"
        rows = store.run(
            f"MATCH {pat} WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            f"WITH {agg}(e.valid_from) AS pivot MATCH {pat} WHERE e.valid_from = pivot "
            "RETURN collect(DISTINCT x.name) AS xs",
            c,
        )
        return set(rows[0]["xs"]), f"{ret} on the {agg} day in [{c['lo']}, {c['hi']}] (aggregated in Cypher)"
    if k == "extreme_time":
        agg = "max" if c["last"] else "min"
        rows = store.run(
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r "
            "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            f"RETURN left(toString({agg}(e.valid_from)), $n) AS t",
            c,
        )
        return {rows[0]["t"]} if rows[0][
            "t"
        ] else set(), f"{agg} day of ({c['s']}, {c['r']}, {c['o']}) in the year, cut to {c['n']} chars"
    if k == "anchor_extreme":
        cmp, agg = (">", "min") if c["next"] else ("<", "max")
        rows = store.run(
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(an:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE e.valid_from {cmp} an.valid_from "
            f"WITH {agg}(e.valid_from) AS pivot "
            "MATCH (e2:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE e2.valid_from = pivot "
            "MATCH (e2)-[:SUBJECT]->(x:Entity) RETURN collect(DISTINCT x.name) AS xs",
            c,
        )
        return set(
            rows[0]["xs"]
        ), f"subjects of {c['r']} -> {c['o']} on the {agg} day {cmp} the anchor's day (read in Cypher)"
    if k == "anchor_extreme_time":
        cmp, agg = (">", "min") if c["next"] else ("<", "max")
        rows = store.run(
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(an:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE e.valid_from {cmp} an.valid_from RETURN toString({agg}(e.valid_from)) AS t",
            c,
        )
        return {rows[0]["t"]} if rows[0][
            "t"
        ] else set(), f"{agg} day of ({c['s']}, {c['r']}, {c['o']}) {cmp} the anchor's day"
    raise ValueError(k)


# ------------------------------------------------------------------------------------------------------- plan
def plan(store_name: str) -> list[tuple[str, int]]:
    """(construction, how many) per store; mtq ~100, bench ~70."""
    both = [
        ("who_day", 6),
        ("who_month", 5),
        ("who_year", 3),
        ("who_ndays", 4),
        ("who_quarter", 3),
        ("who_half", 2),
        ("who_season", 3),
        ("who_named", 3),
        ("whom_day", 5),
        ("whom_month", 4),
        ("whom_ndays", 2),
        ("when_day", 6),
        ("when_month", 5),
        ("first_entity", 7),
        ("first_day", 4),
        ("first_month", 4),
        ("ba_date", 5),
        ("ba_event", 5),
        ("af_entity", 5),
        ("af_time", 3),
        ("bl_entity", 4),
        ("bl_time", 3),
        ("same_day", 4),
        ("same_month", 3),
        ("next_day", 2),
        ("same_week", 3),
    ]
    if store_name == "mtq":
        return [*both, ("when_year", 3)]
    return [(k, max(1, round(n * 0.68))) for k, n in both]


def build(store: Store, store_name: str) -> list[Q]:
    rng = random.Random(SEED)
    facts = load_facts(store)
    g = Gen(facts, store_name, rng)
    makers: dict[str, Callable[[], Q | None]] = {
        "who_day": lambda: g.who_did_to("day"),
        "who_month": lambda: g.who_did_to("month"),
        "who_year": lambda: g.who_did_to("year"),
        "who_ndays": lambda: g.who_did_to("ndays"),
        "who_quarter": lambda: g.who_did_to("quarter"),
        "who_half": lambda: g.who_did_to("half"),
        "who_season": lambda: g.who_did_to("season"),
        "who_named": lambda: g.who_did_to("named"),
        "whom_day": lambda: g.whom_did("day"),
        "whom_month": lambda: g.whom_did("month"),
        "whom_ndays": lambda: g.whom_did("ndays"),
        "when_day": g.when_day,
        "when_month": g.when_month,
        "when_year": g.when_year,
        "first_entity": g.first_entity,
        "first_day": lambda: g.first_time("day"),
        "first_month": lambda: g.first_time("month"),
        "ba_date": g.before_after_date,
        "ba_event": g.before_after_event,
        "af_entity": lambda: _only(g.next_or_previous("entity"), "after_first"),
        "af_time": lambda: _only(g.next_or_previous("time"), "after_first"),
        "bl_entity": lambda: _only(g.next_or_previous("entity"), "before_last"),
        "bl_time": lambda: _only(g.next_or_previous("time"), "before_last"),
        "same_day": lambda: g.same_time("day"),
        "same_month": lambda: g.same_time("month"),
        "next_day": lambda: g.same_time("next_day"),
        "same_week": lambda: g.same_time("week"),
    }
    out: list[Q] = []
    seen: set[str] = set()
    for name, want in plan(store_name):
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            q = makers[name]()
            if q is None or not q["answers"] or len(q["answers"]) > MAX_GOLD or q["question"] in seen:
                continue
            second, summary = check_gold(store, q["_check"])
            q["check"] = summary
            q["check_agrees"] = second == set(q["answers"])
            if not q["check_agrees"]:
                q["_disagreed"] = sorted(second)
            seen.add(q["question"])
            out.append(q)
            got += 1
    return out


def _only(q: Q | None, qtype: str) -> Q | None:
    return q if q is not None and q["qtype"] == qtype else None


def records(qs: list[Q], store_name: str) -> Iterator[dict[str, Any]]:
    for i, q in enumerate(qs, 1):
        quid = f"{PREFIX[store_name]}{i:03d}"
        yield {
            "quid": quid,
            "id": quid,
            "question": q["question"],
            "answers": q["answers"],
            "answer_type": q["answer_type"],
            "time_level": q["time_level"],
            "qtype": q["qtype"],
            "qlabel": "Single" if q["qtype"] in ("equal", "before_after", "first_last") else "Multiple",
            "evidence": [],
            "construction": q["construction"],
            "store": store_name,
            "check": q["check"],
            "check_agrees": q["check_agrees"],
        }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(PREFIX), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        qs = build(store, args.store)
    finally:
        store.close()
    bad = [q for q in qs if not q["check_agrees"]]
    kept = [q for q in qs if q["check_agrees"]]
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records(kept, args.store)))
    print(f"{args.store}: {len(kept)} questions written to {args.out}; second check disagreed on {len(bad)} (dropped)")
    for q in bad:
        print("  disagree:", q["construction"], q["_check"]["kind"])


if __name__ == "__main__":
    main()
