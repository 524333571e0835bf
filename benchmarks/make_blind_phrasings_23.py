"""Blind held-out question set 23: MultiTQ-style questions with gold computed from the stores.

Why: the symbolic temporal reader needs a figure on phrasings it was never tuned on. This script samples events
from a store (read only), writes questions in everyday wording with varied constructions, computes every gold answer
in Python over ALL events of the store, and recomputes each gold with a second, differently written Cypher query
(``check``), dropping questions where the two disagree.

Usage (from the worktree root)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_23.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_23.py --store bench --out <dir>/blind_icews14.jsonl

Deterministic (seed 20261223): the same store gives byte-identical files.
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261223

# Relation -> (past verb phrase, infinitive phrase, passive phrase after the object or None, nominal with {s} {o}).
REL: dict[str, tuple[str, str, str | None, str]] = {
    "Make_statement": ("issued a statement concerning {o}", "comment publicly on {o}", None, "{s}'s statement on {o}"),
    "Consult": ("consulted {o}", "consult {o}", "was consulted", "{s}'s consultations with {o}"),
    "Make_an_appeal_or_request": ("made an appeal to {o}", "appeal to {o}", "was appealed to", "{s}'s appeal to {o}"),
    "Express_intent_to_meet_or_negotiate": (
        "said they were willing to meet or negotiate with {o}",
        "signal readiness to meet or negotiate with {o}",
        None,
        "{s}'s stated wish to meet or negotiate with {o}",
    ),
    "Make_a_visit": ("visited {o}", "pay a visit to {o}", "was visited", "{s}'s visit to {o}"),
    "Host_a_visit": ("hosted {o}", "host {o}", "was hosted", "{s} playing host to {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "was arrested, detained or charged",
        "the arrest or charging of {o} by {s}",
    ),
    "Praise_or_endorse": ("praised {o}", "praise or endorse {o}", "was praised", "{s}'s praise for {o}"),
    "Criticize_or_denounce": ("denounced {o}", "criticize {o}", "was criticized", "{s}'s condemnation of {o}"),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use military force against {o}",
        None,
        "the military action by {s} against {o}",
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "hold negotiations with {o}", None, "{s}'s negotiations with {o}"),
    "Accuse": ("accused {o}", "level accusations at {o}", "was accused", "{s}'s accusation against {o}"),
    "Engage_in_diplomatic_cooperation": (
        "engaged in diplomatic cooperation with {o}",
        "cooperate diplomatically with {o}",
        None,
        "the diplomatic cooperation of {s} with {o}",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        None,
        "{s}'s signing of a formal agreement with {o}",
    ),
    "Express_intent_to_cooperate": (
        "expressed an intent to cooperate with {o}",
        "voice a willingness to cooperate with {o}",
        None,
        "{s}'s pledge to cooperate with {o}",
    ),
    "Demand": ("made a demand of {o}", "make demands of {o}", None, "{s}'s demand on {o}"),
    "Investigate": ("investigated {o}", "investigate {o}", "was investigated", "the investigation of {o} by {s}"),
    "Make_optimistic_comment": (
        "made an optimistic comment about {o}",
        "speak optimistically about {o}",
        None,
        "{s}'s upbeat remarks about {o}",
    ),
    "Reject": ("rejected {o}", "turn down {o}", "was rebuffed", "{s}'s rejection of {o}"),
    "Discuss_by_telephone": (
        "spoke by telephone with {o}",
        "talk on the phone with {o}",
        None,
        "{s}'s phone call with {o}",
    ),
    "Make_pessimistic_comment": (
        "made a pessimistic comment about {o}",
        "speak pessimistically about {o}",
        None,
        "{s}'s gloomy remarks about {o}",
    ),
    "Threaten": ("threatened {o}", "threaten {o}", "was threatened", "{s}'s threat against {o}"),
    "Meet_at_a_'third'_location": (
        "met {o} at a third location",
        "meet {o} at a third location",
        None,
        "{s}'s meeting with {o} at a third location",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {o}",
        "express empathy for {o}",
        None,
        "{s}'s words of sympathy for {o}",
    ),
    "Provide_humanitarian_aid": (
        "provided humanitarian aid to {o}",
        "send humanitarian aid to {o}",
        None,
        "the humanitarian aid from {s} to {o}",
    ),
    "Reduce_relations": (
        "scaled back relations with {o}",
        "reduce relations with {o}",
        None,
        "{s}'s downgrading of ties with {o}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed an embargo, boycott or sanctions on {o}",
        "impose sanctions, an embargo or a boycott on {o}",
        None,
        "the sanctions, embargo or boycott imposed by {s} on {o}",
    ),
    "Provide_aid": ("provided aid to {o}", "give aid to {o}", None, "the aid given by {s} to {o}"),
    "Employ_aerial_weapons": (
        "used aerial weapons against {o}",
        "carry out air strikes on {o}",
        None,
        "the air strikes by {s} on {o}",
    ),
    "Physically_assault": (
        "physically assaulted {o}",
        "physically assault {o}",
        "was physically assaulted",
        "the physical assault on {o} by {s}",
    ),
    "Bring_lawsuit_against": ("filed a lawsuit against {o}", "sue {o}", "was sued", "{s}'s lawsuit against {o}"),
    "Threaten_with_military_force": (
        "threatened {o} with military force",
        "threaten {o} with military force",
        None,
        "{s}'s threat of military force against {o}",
    ),
}

ROLE = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the military of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Criminal": "criminals in {c}",
    "Media": "the media in {c}",
    "Protester": "protesters in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Militant": "militants in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Legislature": "the legislature of {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Student": "students in {c}",
    "Business": "businesses in {c}",
    "Envoy": "the envoy of {c}",
    "Military Personnel": "military personnel of {c}",
    "Ministry": "a government ministry of {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Opposition Major Party (Out Of Government)": "the main opposition party of {c}",
    "Court Judge": "a court judge in {c}",
}
NOT_COUNTRY = {
    "International",
    "Africa",
    "Europe",
    "Asia",
    "Middle East",
    "North America",
    "South America",
    "Latin America",
    "Caribbean",
    "Oceania",
    "Eastern Europe",
    "Western Europe",
    "Central Asia",
    "Balkans",
}
THE_WORDS = (
    "Council",
    "Union",
    "Association",
    "Commission",
    "Agency",
    "Committee",
    "Navy",
    "Army",
    "Forces",
    "Party",
    "Movement",
    "Organization",
    "Ministry",
    "Department",
    "Court",
    "Bank",
    "Fund",
    "Office",
    "Nations",
    "Republic",
    "Kingdom",
    "Islands",
    "Emirates",
    "Front",
    "Parliament",
    "Congress",
    "Assembly",
    "Cabinet",
    "Government",
    "Secretary",
    "Holy See",
    "Middle East",
    "Alliance",
    "Coalition",
    "Brotherhood",
)
THE = (
    "United ",
    "European ",
    "UN ",
    "Central African Republic",
    "Czech Republic",
    "Philippines",
    "Netherlands",
    "Democratic Republic",
    "Republic of",
    "Islamic State",
    "Taliban",
    "Kurdistan Workers",
    "Gulf",
    "Vatican",
)

MONTHS = [calendar.month_name[i] for i in range(13)]


def phrase(name: str) -> str | None:
    """How a person would name a KG entity in a question; None where no natural wording is known."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if m:
        role, country = m.groups()
        if role in ROLE and "(" not in country and country not in NOT_COUNTRY:
            place = phrase(country)
            return ROLE[role].format(c=place) if place else None
        return None
    if any(ch in name for ch in "()/"):
        return None
    if "," in name:
        return None
    if name.startswith(THE) or any(w in name.split() or w == name for w in THE_WORDS) or " of " in name:
        return "the " + name
    return name


PLURAL = (
    "citizens ",
    "criminals ",
    "protesters ",
    "armed rebels ",
    "militants ",
    "lawyers ",
    "students ",
    "businesses ",
    "military personnel ",
)


def passive(pas: str, obj: str) -> str:
    """'was criticized' + 'citizens of India' -> 'were citizens of India criticized' (after 'By whom')."""
    aux = "were" if obj.startswith(PLURAL) else "was"
    return f"{aux} {obj} {pas.removeprefix('was ')}"


def event_np(s: str, r: str, o: str) -> str:
    """A noun phrase for an anchor event: the relation's nominal, unless its possessive would read badly."""
    subj_p, obj_p = phrase(s), phrase(o)
    assert subj_p and obj_p
    nom = REL[r][3]
    if nom.startswith("{s}'s") and subj_p[0].islower():
        return f"the occasion on which {subj_p} {REL[r][0].format(o=obj_p)}"
    return nom.format(s=subj_p, o=obj_p)


def event_clause(s: str, r: str, o: str) -> str:
    subj_p, obj_p = phrase(s), phrase(o)
    assert subj_p and obj_p
    return f"{subj_p} {REL[r][0].format(o=obj_p)}"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def d(day: str) -> dt.date:
    return dt.date.fromisoformat(day)


def day_words(day: str, style: int = 0) -> str:
    x = d(day)
    if style == 0:
        return f"{x.day} {MONTHS[x.month]} {x.year}"
    if style == 1:
        return f"{MONTHS[x.month]} {x.day}, {x.year}"
    return day


def month_words(month: str) -> str:
    y, m = month.split("-")
    return f"{MONTHS[int(m)]} {y}"


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    qlabel: str
    construction: str
    spec: dict[str, Any]
    check: str = ""
    check_agrees: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class KG:
    """All events of one store, indexed for gold computation."""

    def __init__(self, rows: list[tuple[str, str, str, str]], lo: str, hi: str) -> None:
        self.rows = rows
        self.lo, self.hi = lo, hi
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.by_day: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for s, r, o, t in rows:
            self.by_ro[(r, o)].append((s, t))
            self.by_sr[(s, r)].append((o, t))
            self.by_sro[(s, r, o)].append(t)
            self.by_day[t].append((s, r, o))
        self.inscope = sorted(
            (s, r, o, t) for s, r, o, t in rows if lo <= t <= hi and r in REL and phrase(s) and phrase(o) and s != o
        )

    def subjects(self, r: str, o: str, lo: str, hi: str, exclude: tuple[str, ...] = ()) -> list[str]:
        return sorted({s for s, t in self.by_ro[(r, o)] if lo <= t <= hi and s not in exclude})

    def objects(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for o, t in self.by_sr[(s, r)] if lo <= t <= hi})

    def extreme_subjects(self, r: str, o: str, lo: str, hi: str, last: bool) -> tuple[str | None, list[str]]:
        days = [t for _, t in self.by_ro[(r, o)] if lo <= t <= hi]
        if not days:
            return None, []
        best = max(days) if last else min(days)
        return best, sorted({s for s, t in self.by_ro[(r, o)] if t == best})


def shift(day: str, n: int) -> str:
    return (d(day) + dt.timedelta(days=n)).isoformat()


def month_end(month: str) -> str:
    y, m = map(int, month.split("-"))
    return f"{month}-{calendar.monthrange(y, m)[1]:02d}"


class Gen:
    def __init__(self, kg: KG, store: str, prefix: str) -> None:
        self.kg, self.store, self.prefix = kg, store, prefix
        self.rng = random.Random(SEED)
        self.out: list[Q] = []
        self.texts: set[str] = set()
        self.counters: dict[str, int] = {}
        self.years = ["2014", "2015"] if store == "mtq" else ["2014"]

    def count(self, key: str) -> int:
        """How many times ``key`` was asked for: spreads levels evenly instead of leaving them to chance."""
        self.counters[key] = self.counters.get(key, 0) + 1
        return self.counters[key] - 1

    def pick(self) -> tuple[str, str, str, str]:
        """A random in-scope event; events of citizens are kept less often (they would crowd out the rest)."""
        while True:
            ev = self.rng.choice(self.kg.inscope)
            if "Citizen (" not in ev[0] + ev[2] or self.rng.random() < 0.35:
                return ev

    def anchor(self) -> tuple[str, str, str, str] | None:
        """An in-scope event whose (subject, relation, object) happens exactly once in the whole store."""
        s, r, o, t = self.pick()
        return (s, r, o, t) if len(self.kg.by_sro[(s, r, o)]) == 1 else None

    def add(self, q: Q) -> bool:
        if not q.answers or len(q.answers) > 5 or q.question in self.texts:
            return False
        self.texts.add(q.question)
        self.out.append(q)
        return True

    def fill(self, n: int, make: Callable[[], Q | None], tries: int = 4000) -> None:
        got = 0
        for _ in range(tries):
            if got >= n:
                break
            q = make()
            if q is not None and self.add(q):
                got += 1

    # ---- equal: who did r to obj_p in a period -------------------------------------------------------------
    def who_in(
        self,
        lo: str,
        hi: str,
        period: str,
        level: str,
        cons: str,
        style: int,
        exclude: tuple[str, ...] = (),
        fixed: tuple[str, str, str] | None = None,
        lead: str = "",
    ) -> Q | None:
        if fixed is None:
            _s, r, o, _t = self.pick()
        else:
            _s, r, o = fixed
        vp, inf, pas, _ = REL[r]
        obj_p = phrase(o)
        assert obj_p is not None
        ans = self.kg.subjects(r, o, lo, hi, exclude)
        if style == 0:
            text = f"Who {vp.format(o=obj_p)} {period}?"
        elif style == 1:
            text = f"{cap(period)}, who {vp.format(o=obj_p)}?"
        elif style == 2:
            if pas is None:
                return None
            text = f"By whom {passive(pas, obj_p)} {period}?"
        elif style == 3:
            text = f"Name the actors that {vp.format(o=obj_p)} {period}."
        elif style == 4:
            text = f"Tell me who chose to {inf.format(o=obj_p)} {period}."
        elif style == 5:
            text = f"Which parties {vp.format(o=obj_p)} {period}?"
        else:
            text = f"Can you list who {vp.format(o=obj_p)} {period}?"
        if lead:
            text = lead + " " + text[0].lower() + text[1:] if style != 1 else lead + " " + text
        spec = {"mode": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "exclude": list(exclude)}
        return Q(text, ans, "entity", level, "equal", "Single", cons, spec)

    def eq_day(self) -> Q | None:
        s, r, o, t = self.pick()
        st = self.rng.randrange(3)
        when = f"on {day_words(t, st)}"
        return self.who_in(t, t, when, "day", "equal/day", self.rng.randrange(7), fixed=(s, r, o))

    def eq_named_day(self) -> Q | None:
        named = {
            "12-25": "Christmas Day",
            "01-01": "New Year's Day",
            "02-14": "Valentine's Day",
            "12-31": "New Year's Eve",
            "10-31": "Halloween",
            "07-04": "the Fourth of July",
            "03-17": "St Patrick's Day (17 March)",
            "11-11": "Armistice Day (11 November)",
        }
        key = self.rng.choice(sorted(named))
        year = self.rng.choice(self.years)
        day = f"{year}-{key}"
        cands = [(s, r, o) for s, r, o in self.kg.by_day.get(day, []) if r in REL and phrase(s) and phrase(o)]
        if not cands:
            return None
        s, r, o = self.rng.choice(sorted(cands))
        when = f"on {named[key]} {year}"
        return self.who_in(day, day, when, "day", "equal/named_day", self.rng.choice([0, 1, 3]), fixed=(s, r, o))

    def eq_month(self) -> Q | None:
        s, r, o, t = self.pick()
        m = t[:7]
        st = self.rng.randrange(4)
        if st == 3:
            obj_p = phrase(o)
            assert obj_p is not None
            vp = REL[r][0]
            text = f"In {month_words(m)}, which actors {vp.format(o=obj_p)}?"
            spec = {"mode": "subj", "r": r, "o": o, "lo": m + "-01", "hi": month_end(m), "exclude": []}
            return Q(
                text,
                self.kg.subjects(r, o, m + "-01", month_end(m)),
                "entity",
                "month",
                "equal",
                "Single",
                "equal/month/fronted",
                spec,
            )
        when = self.rng.choice([f"in {month_words(m)}", f"during {MONTHS[int(m[5:])]} of {m[:4]}"])
        return self.who_in(m + "-01", month_end(m), when, "month", "equal/month", st, fixed=(s, r, o))

    def eq_year(self) -> Q | None:
        s, r, o, t = self.pick()
        y = t[:4]
        when = self.rng.choice([f"in {y}", f"at some point in {y}", f"during the year {y}"])
        return self.who_in(
            y + "-01-01", y + "-12-31", when, "year", "equal/year", self.rng.randrange(7), fixed=(s, r, o)
        )

    def eq_window(self) -> Q | None:
        s, r, o, t = self.pick()
        x = d(t)
        kind = self.rng.randrange(7)
        y = x.year
        if kind == 0:
            q = (x.month - 1) // 3
            names = ["first", "second", "third", "fourth"]
            lo, hi = f"{y}-{3 * q + 1:02d}-01", month_end(f"{y}-{3 * q + 3:02d}")
            when = f"in the {names[q]} quarter of {y} ({MONTHS[3 * q + 1]} to {MONTHS[3 * q + 3]})"
            cons, lvl = "equal/window/quarter", "month"
        elif kind == 1:
            h = 0 if x.month <= 6 else 1
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 0 else (f"{y}-07-01", f"{y}-12-31")
            when = (
                f"in the first half of {y} (January through June)"
                if h == 0
                else f"in the second half of {y} (July through December)"
            )
            cons, lvl = "equal/window/half", "month"
        elif kind == 2:
            if x.month in (12, 1, 2):
                return None
            seasons = {3: "spring", 6: "summer", 9: "autumn"}
            start = 3 * (x.month // 3)
            lo, hi = f"{y}-{start:02d}-01", month_end(f"{y}-{start + 2:02d}")
            when = (
                f"in the {seasons[start]} of {y} (that is, {MONTHS[start]}, {MONTHS[start + 1]} and "
                f"{MONTHS[start + 2]})"
            )
            cons, lvl = "equal/window/season", "month"
        elif kind == 3:
            n = self.rng.choice([5, 7, 10, 14])
            off = self.rng.randrange(n)
            lo = shift(t, -off)
            hi = shift(lo, n - 1)
            if lo < self.kg.lo or hi > self.kg.hi:
                return None
            when = f"in the {n} days from {day_words(lo)} to {day_words(hi)} inclusive"
            cons, lvl = "equal/window/n_days", "day"
        elif kind == 4:
            lo = shift(t, -x.weekday())
            hi = shift(lo, 6)
            if lo < self.kg.lo or hi > self.kg.hi:
                return None
            when = f"in the week running from Monday {day_words(lo)} to Sunday {day_words(hi)}"
            cons, lvl = "equal/window/week", "day"
        elif kind == 5:
            a, b = sorted([shift(t, -self.rng.randrange(1, 12)), shift(t, self.rng.randrange(1, 12))])
            if a < self.kg.lo or b > self.kg.hi:
                return None
            lo, hi = a, b
            when = f"between {day_words(lo, 1)} and {day_words(hi, 1)} (both days included)"
            cons, lvl = "equal/window/range", "day"
        else:
            m1 = t[:7]
            m2 = shift(m1 + "-01", 40)[:7]
            if month_end(m2) > self.kg.hi:
                return None
            lo, hi = m1 + "-01", month_end(m2)
            when = f"over {MONTHS[int(m1[5:])]} and {MONTHS[int(m2[5:])]} {m2[:4]}"
            if m1[:4] != m2[:4]:
                when = f"over {month_words(m1)} and {month_words(m2)}"
            cons, lvl = "equal/window/two_months", "month"
        return self.who_in(lo, hi, when, lvl, cons, self.rng.randrange(7), fixed=(s, r, o))

    def eq_object(self) -> Q | None:
        s, r, _o, t = self.pick()
        subj_p = phrase(s)
        assert subj_p is not None
        vp, inf, _, _ = REL[r]
        gran = self.rng.choice(["month", "day"])
        if gran == "month":
            m = t[:7]
            lo, hi = m + "-01", month_end(m)
            text = self.rng.choice(
                [
                    f"Whom did {subj_p} {inf.format(o='')} in {month_words(m)}?".replace("  ", " ").replace(
                        " in ", " in ", 1
                    ),
                    f"In {month_words(m)}, {subj_p} {vp.format(o='someone')}: who was it?",
                ]
            )
        else:
            lo = hi = t
            text = self.rng.choice(
                [
                    f"Who was on the receiving end when {subj_p} {vp.format(o='someone')} on {day_words(t)}?",
                    f"On {day_words(t, 1)}, {subj_p} {vp.format(o='someone')}. Who was that?",
                ]
            )
        text = re.sub(r"\s+([?:,])", r"\1", re.sub(r"\s{2,}", " ", text))
        spec = {"mode": "obj", "r": r, "s": s, "lo": lo, "hi": hi}
        return Q(text, self.kg.objects(s, r, lo, hi), "entity", gran, "equal", "Single", "equal/object_side", spec)

    def eq_else(self) -> Q | None:
        s, r, o, t = self.pick()
        subj_p, obj_p = phrase(s), phrase(o)
        assert subj_p and obj_p
        vp, _inf, _, _ = REL[r]
        x = d(t)
        lo, hi = shift(t, -x.weekday()), shift(t, 6 - x.weekday())
        if lo < self.kg.lo or hi > self.kg.hi:
            return None
        text = (
            f"{cap(subj_p)} {vp.format(o=obj_p)} on {day_words(t)}. Who else did so that same week "
            f"(Monday {day_words(lo)} to Sunday {day_words(hi)})?"
        )
        spec = {"mode": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "exclude": [s]}
        return Q(
            text,
            self.kg.subjects(r, o, lo, hi, (s,)),
            "entity",
            "day",
            "equal",
            "Single",
            "equal/ellipsis_who_else",
            spec,
        )

    def eq_relday(self) -> Q | None:
        s, r, o, t = self.pick()
        if len(self.kg.by_sro[(s, r, o)]) != 1:
            return None
        r2 = self.rng.choice(sorted(REL))
        n = self.rng.choice([1, -1])
        day = shift(t, n)
        if not (self.kg.lo <= day <= self.kg.hi):
            return None
        cands = sorted({o2 for s2, r3, o2 in self.kg.by_day.get(day, []) if r3 == r2 and phrase(o2)})
        if not cands:
            return None
        o2 = self.rng.choice(cands)
        rel = "the day after" if n == 1 else "the day before"
        text = f"On {rel} {event_clause(s, r, o)}, who {REL[r2][0].format(o=phrase(o2))}?"
        spec = {"mode": "subj", "r": r2, "o": o2, "anchor": [s, r, o], "off": [n, n], "exclude": []}
        return Q(
            text, self.kg.subjects(r2, o2, day, day), "entity", "day", "equal", "Single", "equal/relative_day", spec
        )

    # ---- equal: when ---------------------------------------------------------------------------------------
    def when(self) -> Q | None:
        s, r, o, t = self.pick()
        subj_p, obj_p = phrase(s), phrase(o)
        assert subj_p and obj_p
        _, inf, _, _ = REL[r]
        nom = event_np(s, r, o)
        levels = ["day", "month", "year"] if self.store == "mtq" else ["day", "month"]
        lvl = levels[self.count("when") % len(levels)]
        y = t[:4]
        if lvl == "year":
            lo, hi = "2014-01-01", "2015-12-31"
            text = self.rng.choice(
                [
                    f"Which year, 2014 or 2015, saw {nom}?",
                    f"In 2014 or in 2015: when did {subj_p} {inf.format(o=obj_p)}? Give the year.",
                ]
            )
            cut = 4
        elif lvl == "month":
            lo, hi = y + "-01-01", y + "-12-31"
            text = self.rng.choice(
                [
                    f"Which month of {y} saw {nom}?",
                    f"In what month in {y} did {subj_p} {inf.format(o=obj_p)}?",
                    f"Tell me the month in {y} in which {subj_p} chose to {inf.format(o=obj_p)}.",
                ]
            )
            cut = 7
        else:
            lo, hi = y + "-01-01", y + "-12-31"
            text = self.rng.choice(
                [
                    f"On what date in {y} did {subj_p} {inf.format(o=obj_p)}?",
                    f"When exactly in {y} was {nom}?",
                    f"{y}: on which day did {subj_p} {inf.format(o=obj_p)}?",
                ]
            )
            cut = 10
        ans = sorted({x[:cut] for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi})
        spec = {"mode": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "cut": cut}
        return Q(text, ans, "time", lvl, "equal", "Single", f"when/{lvl}", spec)

    # ---- first / last --------------------------------------------------------------------------------------
    def scope(self, t: str) -> tuple[str, str, str]:
        y = t[:4]
        if self.store == "bench" and self.rng.random() < 0.5:
            return self.kg.lo, self.kg.hi, ""
        return y + "-01-01", y + "-12-31", y

    def first_last_entity(self) -> Q | None:
        _s, r, o, t = self.pick()
        obj_p = phrase(o)
        assert obj_p
        vp, inf, pas, _ = REL[r]
        last = self.rng.random() < 0.5
        lo, hi, y = self.scope(t)
        if last and self.store == "mtq" and self.rng.random() < 0.5 and t >= "2014-01-01":
            lo, hi, y = "2014-01-01", self.kg.hi, ""
        word = "last" if last else "first"
        inyear = f" in {y}" if y else ""
        opts = [
            f"Who was the {word} to {inf.format(o=obj_p)}{inyear}?",
            f"Who {word} {vp.format(o=obj_p)}{inyear}?",
            f"{cap(inyear.strip() + ', w') if y else 'W'}hich actor was the {word} one to {inf.format(o=obj_p)}?",
        ]
        if pas:
            opts.append(f"By whom {passive(pas, obj_p)} {word}{inyear}?")
        text = self.rng.choice(opts)
        if not y and last and self.store == "mtq":
            text = text.rstrip("?") + " (counting from 2014 on)?"
        _best, ans = self.kg.extreme_subjects(r, o, lo, hi, last)
        spec = {"mode": "subj_ext", "r": r, "o": o, "lo": lo, "hi": hi, "last": last}
        return Q(text, ans, "entity", "year" if y else "day", "first_last", "Single", f"first_last/entity/{word}", spec)

    def first_last_time(self) -> Q | None:
        s, r, o, t = self.pick()
        subj_p, obj_p = phrase(s), phrase(o)
        assert subj_p and obj_p
        _, inf, _, _ = REL[r]
        nom = event_np(s, r, o)
        last = self.rng.random() < 0.5
        lo, hi, y = self.scope(t)
        word = "last" if last else "first"
        lvl = ["day", "month"][self.count("flt") % 2]
        inyear = f" in {y}" if y else ""
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        best = max(days) if last else min(days)
        if lvl == "month":
            text = self.rng.choice(
                [
                    f"In which month did {subj_p} {inf.format(o=obj_p)} for the {word} time{inyear}?",
                    f"Which month{inyear} saw {nom} for the {word} time?",
                ]
            )
            ans = [best[:7]]
        else:
            text = self.rng.choice(
                [
                    f"When did {subj_p} {word} {inf.format(o=obj_p)}{inyear}?",
                    f"What was the {word} date{inyear} on which {subj_p} chose to {inf.format(o=obj_p)}?",
                ]
            )
            ans = [best]
        spec = {
            "mode": "time_ext",
            "s": s,
            "r": r,
            "o": o,
            "lo": lo,
            "hi": hi,
            "last": last,
            "cut": 7 if lvl == "month" else 10,
        }
        return Q(text, ans, "time", lvl, "first_last", "Single", f"first_last/time/{lvl}", spec)

    # ---- before / after ------------------------------------------------------------------------------------
    def before_after_date(self) -> Q | None:
        _s, r, o, t = self.pick()
        obj_p = phrase(o)
        assert obj_p
        vp, inf, _, _ = REL[r]
        after = self.rng.random() < 0.5
        pivot = shift(t, self.rng.choice([-3, -1, 1, 3]) * (1 if after else -1))
        if not (self.kg.lo < pivot < self.kg.hi):
            return None
        if after:
            lo, hi = shift(pivot, 1), self.kg.hi
            text = self.rng.choice(
                [
                    f"After {day_words(pivot)}, who {vp.format(o=obj_p)}?",
                    f"Who {vp.format(o=obj_p)} at any time after {day_words(pivot, 1)}?",
                    f"List everyone who went on to {inf.format(o=obj_p)} after {day_words(pivot)}.",
                ]
            )
        else:
            y = pivot[:4]
            lo, hi = y + "-01-01", shift(pivot, -1)
            if hi < lo:
                return None
            text = self.rng.choice(
                [
                    f"In {y}, before {day_words(pivot)}, who {vp.format(o=obj_p)}?",
                    f"Who {vp.format(o=obj_p)} earlier in {y} than {day_words(pivot, 1)}?",
                    f"Before {day_words(pivot)} (and since 1 January {y}), which actors {vp.format(o=obj_p)}?",
                ]
            )
        spec = {"mode": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "exclude": []}
        return Q(
            text,
            self.kg.subjects(r, o, lo, hi),
            "entity",
            "day",
            "before_after",
            "Single",
            f"before_after/date/{'after' if after else 'before'}",
            spec,
        )

    def anchor_and_target(self) -> tuple[tuple[str, str, str, str], str, str] | None:
        """An anchor event and a (relation, object) asked about, sharing the anchor's object or subject."""
        a = self.anchor()
        if a is None:
            return None
        s, _r, o, _t = a
        pivot = self.rng.choice([o, s])
        rels = sorted(r2 for r2 in REL if self.kg.by_ro.get((r2, pivot)))
        if not rels:
            return None
        return a, self.rng.choice(rels), pivot

    def before_after_event(self) -> Q | None:
        got = self.anchor_and_target()
        if got is None:
            return None
        (s, r, o, t), r2, o2 = got
        nom = event_np(s, r, o)
        vp = REL[r2][0].format(o=phrase(o2))
        after = self.rng.random() < 0.5
        if after:
            lo, hi = shift(t, 1), self.kg.hi
            text = self.rng.choice(
                [
                    f"Following {nom}, who {vp}?",
                    f"Who {vp} after {nom}?",
                ]
            )
            off = [1, None]
        else:
            y = t[:4]
            lo, hi = y + "-01-01", shift(t, -1)
            text = self.rng.choice(
                [
                    f"Earlier in {y}, before {nom}, who {vp}?",
                    f"Who {vp} in {y} ahead of {nom}?",
                ]
            )
            off = [None, -1]
        spec = {
            "mode": "subj",
            "r": r2,
            "o": o2,
            "anchor": [s, r, o],
            "off": off,
            "year_start": not after,
            "exclude": [],
        }
        return Q(
            text,
            self.kg.subjects(r2, o2, lo, hi),
            "entity",
            "day",
            "before_after",
            "Single",
            f"before_after/event/{'after' if after else 'before'}",
            spec,
        )

    def after_first_before_last(self) -> Q | None:
        got = self.anchor_and_target()
        if got is None:
            return None
        (s, r, o, t), r2, o2 = got
        nom = event_np(s, r, o)
        vp, inf, _, _ = REL[r2]
        obj2_p = phrase(o2)
        after = self.rng.random() < 0.5
        if after:
            best, ans = self.kg.extreme_subjects(r2, o2, shift(t, 1), self.kg.hi, last=False)
            text = self.rng.choice(
                [
                    f"After {nom}, who was the first to {inf.format(o=obj2_p)}?",
                    f"Who was next to {inf.format(o=obj2_p)} after {nom}?",
                    f"Once {nom} had happened, which actor first {vp.format(o=obj2_p)}?",
                ]
            )
            qtype, lo_ok = "after_first", True
        else:
            best, ans = self.kg.extreme_subjects(r2, o2, self.kg.lo, shift(t, -1), last=True)
            text = self.rng.choice(
                [
                    f"Who had last {vp.format(o=obj2_p)} just before {nom}?",
                    f"Before {nom}, who was the last to {inf.format(o=obj2_p)}?",
                    f"Who most recently {vp.format(o=obj2_p)} prior to {nom}?",
                ]
            )
            qtype = "before_last"
            lo_ok = best is not None and best >= "2014-01-01"
        if not lo_ok:
            return None
        spec = {"mode": "subj_ext_anchor", "r": r2, "o": o2, "anchor": [s, r, o], "last": not after}
        return Q(text, ans, "entity", "day", qtype, "Multiple", f"{qtype}/entity", spec)

    def equal_multi(self) -> Q | None:
        got = self.anchor_and_target()
        if got is None:
            return None
        (s, r, o, t), r2, o2 = got
        if r2 == r:
            return None
        nom = event_np(s, r, o)
        vp = REL[r2][0].format(o=phrase(o2))
        clause = REL[r][0].format(o=phrase(o))
        same_month = self.rng.random() < 0.5
        if same_month:
            lo, hi = t[:7] + "-01", month_end(t[:7])
            text = self.rng.choice(
                [
                    f"Who {vp} in the same month as {nom}?",
                    f"In the month in which {phrase(s)} {clause}, who {vp}?",
                ]
            )
        else:
            lo = hi = t
            text = self.rng.choice(
                [
                    f"Who {vp} on the same day as {nom}?",
                    f"On the day that {phrase(s)} {clause}, who {vp}?",
                ]
            )
        spec = {
            "mode": "subj",
            "r": r2,
            "o": o2,
            "anchor": [s, r, o],
            "same": "month" if same_month else "day",
            "exclude": [],
        }
        return Q(
            text,
            self.kg.subjects(r2, o2, lo, hi),
            "entity",
            "month" if same_month else "day",
            "equal_multi",
            "Multiple",
            f"equal_multi/{'month' if same_month else 'day'}",
            spec,
        )


# ---- second check: each gold recomputed in Cypher, written differently from the Python above --------------

ANCHOR = """
MATCH (as:Entity {name: $as})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {name: $ao})
WHERE a.relation = $ar
WITH collect(a.valid_from) AS ds WHERE size(ds) = 1
WITH ds[0] AS ad
"""


def check(store: Any, q: Q) -> tuple[str, list[str]]:
    sp = q.spec
    p: dict[str, Any] = {k: v for k, v in sp.items() if isinstance(v, str | int | bool)}
    if "anchor" in sp:
        p["as"], p["ar"], p["ao"] = sp["anchor"]
    mode = sp["mode"]
    if mode == "subj" and "anchor" not in sp:
        p["exclude"] = sp["exclude"]
        cy = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi AND NOT s.name IN $exclude "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        what = "subjects by object side, date strings in [lo, hi]"
    elif mode == "subj":
        if "same" in sp:
            unit = sp["same"]
            cond = (
                "e.valid_from.year = ad.year AND e.valid_from.month = ad.month"
                if unit == "month"
                else "e.valid_from = ad"
            )
            what = f"anchor unique in Cypher; subjects with the anchor's {unit}"
        elif "off" in sp:
            lo_off, hi_off = sp["off"]
            parts = []
            if lo_off is not None:
                parts.append(f"e.valid_from >= ad + duration({{days: {lo_off}}})")
            if hi_off is not None:
                parts.append(f"e.valid_from <= ad + duration({{days: {hi_off}}})")
            if sp.get("year_start"):
                parts.append("e.valid_from.year = ad.year")
            cond = " AND ".join(parts)
            what = "anchor unique in Cypher; subjects in a window by date arithmetic"
        cy = (
            ANCHOR + "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE {cond} RETURN collect(DISTINCT s.name) AS a"
        )
    elif mode == "obj":
        cy = (
            "MATCH (e:Event)-[:SUBJECT]->(:Entity {name: $s}) WHERE e.relation = $r AND "
            "e.valid_from >= date($lo) AND e.valid_from <= date($hi) MATCH (e)-[:OBJECT]->(x:Entity) "
            "RETURN collect(DISTINCT x.name) AS a"
        )
        what = "objects from the subject side, dates"
    elif mode == "time":
        cy = (
            "MATCH (:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(:Entity {name: $s}) "
            "WHERE e.relation = $r AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN collect(DISTINCT left(toString(e.valid_from), $cut)) AS a"
        )
        what = "times of the triple, cut in Cypher"
    elif mode == "time_ext":
        agg = "max" if sp["last"] else "min"
        cy = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            f"WITH {agg}(e.valid_from) AS m RETURN [left(toString(m), $cut)] AS a"
        )
        what = f"{agg} date aggregated in Cypher"
    elif mode == "subj_ext":
        agg = "max" if sp["last"] else "min"
        cy = (
            "MATCH (e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r AND "
            f"e.valid_from >= date($lo) AND e.valid_from <= date($hi) WITH {agg}(e.valid_from) AS m "
            "MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {relation: $r, valid_from: m})-[:OBJECT]->(:Entity {name: $o}) "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        what = f"{agg} date aggregated in Cypher, then its subjects"
    elif mode == "subj_ext_anchor":
        last = sp["last"]
        cmp, agg = ("<", "max") if last else (">", "min")
        cy = (
            ANCHOR + "MATCH (e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r AND "
            f"e.valid_from {cmp} ad WITH {agg}(e.valid_from) AS m "
            "MATCH (s:Entity)<-[:SUBJECT]-(e2:Event {relation: $r, valid_from: m})-[:OBJECT]->(:Entity {name: $o}) "
            "RETURN collect(DISTINCT s.name) AS a"
        )
        what = f"anchor unique in Cypher; {agg} date {cmp} anchor aggregated in Cypher, then its subjects"
    else:
        raise ValueError(mode)
    rows = store.run_values(cy, p)
    got = sorted(x for x in (rows[0]["a"] if rows else []) if x is not None)
    return what, got


PLAN = {  # method -> (count on mtq, count on bench)
    "eq_day": (6, 4),
    "eq_named_day": (3, 2),
    "eq_month": (8, 5),
    "eq_year": (5, 3),
    "eq_window": (12, 8),
    "eq_object": (5, 4),
    "eq_else": (3, 2),
    "eq_relday": (3, 2),
    "when": (8, 6),
    "first_last_entity": (9, 6),
    "first_last_time": (8, 6),
    "before_after_date": (6, 4),
    "before_after_event": (6, 4),
    "after_first_before_last": (12, 8),
    "equal_multi": (8, 6),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
    )
    events = sorted((x["s"], x["r"], x["o"], x["t"]) for x in rows)
    lo, hi = ("2014-01-01", "2015-12-31") if args.store == "mtq" else ("2014-01-01", "2014-12-31")
    kg = KG(events, lo, hi)
    prefix = "b23m" if args.store == "mtq" else "b23i"
    gen = Gen(kg, args.store, prefix)
    idx = 0 if args.store == "mtq" else 1
    for name, counts in PLAN.items():
        gen.fill(counts[idx], getattr(gen, name))
    kept = []
    for q in gen.out:
        q.check, got = check(store, q)
        q.check_agrees = got == q.answers
        if q.check_agrees:
            kept.append(q)
        else:
            print("DISAGREE (dropped):", q.construction, q.answers, got)
    store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for i, q in enumerate(kept, 1):
            quid = f"{prefix}{i:03d}"
            rec = {
                "quid": quid,
                "id": quid,
                "question": q.question,
                "answers": q.answers,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": q.qlabel,
                "evidence": [],
                "construction": q.construction,
                "store": args.store,
                "check": q.check,
                "check_agrees": q.check_agrees,
            }
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(
        f"{args.out.name}: {len(kept)} questions ({len(gen.out) - len(kept)} dropped by the second check), "
        f"{len(events)} events read"
    )


if __name__ == "__main__":
    main()
