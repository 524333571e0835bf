"""Blind held-out set 33: MultiTQ-style questions in new phrasings, gold computed from the store, checked twice.

Why: the symbolic temporal reader must be scored on wordings it was never tuned on. This script reads every
(subject, relation, object, day) of one store once, draws questions with a fixed seed, computes each gold answer in
Python over the whole store, and recomputes it with a second, differently written Cypher query (matched from the
known entity's node, dates compared as strings, anchors resolved and extrema aggregated in Cypher).

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        .venv/bin/python benchmarks/make_blind_phrasings_33.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        .venv/bin/python benchmarks/make_blind_phrasings_33.py --store bench --out <dir>/blind_icews14.jsonl

Reads only (a read-only driver session); rerunning gives byte-identical files.
"""

from __future__ import annotations

import argparse
import calendar
import collections
import datetime as dt
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261233
D = dt.date
ONE = dt.timedelta(days=1)
MONTHS = list(calendar.month_name)

STORES = {
    # asked period (every asked date, window and anchor lies inside), prefix, target count
    "mtq": (D(2014, 1, 1), D(2015, 12, 31), "b33m", 100),
    "bench": (D(2014, 1, 1), D(2014, 12, 31), "b33i", 70),
}

# relation -> (past active "... {o}", base "... {o}" (ends with {o}), past participles for "{o} was ... by")
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Make_statement": (
        ["made a statement about {o}", "issued a statement concerning {o}", "commented publicly on {o}"],
        ["make a statement about {o}", "comment publicly on {o}"],
        ["the subject of a statement"],
    ),
    "Consult": (
        ["consulted {o}", "held consultations with {o}", "conferred with {o}"],
        ["consult {o}", "confer with {o}", "hold consultations with {o}"],
        ["consulted"],
    ),
    "Make_an_appeal_or_request": (
        ["appealed to {o}", "made a request to {o}", "put a request to {o}"],
        ["appeal to {o}", "make a request to {o}"],
        ["appealed to", "petitioned"],
    ),
    "Express_intent_to_meet_or_negotiate": (
        ["said they wanted to meet {o}", "signalled readiness to negotiate with {o}", "expressed a wish to meet {o}"],
        ["express a wish to meet {o}", "signal readiness to negotiate with {o}"],
        [],
    ),
    "Make_a_visit": (
        ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        ["visit {o}", "pay a visit to {o}"],
        ["visited"],
    ),
    "Host_a_visit": (
        ["hosted {o}", "received {o} for a visit", "played host to {o}"],
        ["host {o}", "receive a visit from {o}"],
        ["hosted", "received as a guest"],
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested or charged {o}", "detained or brought charges against {o}"],
        ["arrest or charge {o}", "detain or press charges against {o}"],
        ["arrested, detained or charged"],
    ),
    "Praise_or_endorse": (
        ["praised {o}", "spoke highly of {o}", "endorsed {o}"],
        ["praise {o}", "commend {o}", "endorse {o}"],
        ["praised", "commended"],
    ),
    "Criticize_or_denounce": (
        ["criticized {o}", "denounced {o}", "spoke out against {o}"],
        ["criticize {o}", "denounce {o}"],
        ["criticized", "denounced"],
    ),
    "Accuse": (
        ["accused {o}", "levelled accusations at {o}", "pointed the finger at {o}"],
        ["accuse {o}", "level accusations at {o}"],
        ["accused"],
    ),
    "Use_conventional_military_force": (
        ["used conventional military force against {o}", "attacked {o} with military force"],
        ["use military force against {o}"],
        ["attacked with conventional military force"],
    ),
    "Engage_in_negotiation": (
        ["negotiated with {o}", "held negotiations with {o}", "sat down for talks with {o}"],
        ["negotiate with {o}", "hold talks with {o}"],
        [],
    ),
    "Express_intent_to_cooperate": (
        ["pledged to cooperate with {o}", "voiced a willingness to cooperate with {o}"],
        ["pledge cooperation with {o}", "say they would cooperate with {o}"],
        [],
    ),
    "Demand": (
        ["made demands of {o}", "issued a demand to {o}"],
        ["make demands of {o}", "issue a demand to {o}"],
        ["presented with a demand"],
    ),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        ["cooperate diplomatically with {o}"],
        [],
    ),
    "Sign_formal_agreement": (
        ["signed a formal agreement with {o}", "signed a deal with {o}", "inked an agreement with {o}"],
        ["sign a formal agreement with {o}", "sign a deal with {o}"],
        [],
    ),
    "Investigate": (
        ["investigated {o}", "launched an investigation into {o}"],
        ["investigate {o}", "open an investigation into {o}"],
        ["investigated", "probed"],
    ),
    "Discuss_by_telephone": (
        ["spoke by phone with {o}", "had a phone call with {o}", "telephoned {o}"],
        ["talk on the phone with {o}", "phone {o}"],
        ["telephoned", "called"],
    ),
    "Reject": (
        ["rejected {o}", "rebuffed {o}"],
        ["reject {o}", "rebuff {o}"],
        ["rebuffed", "rejected"],
    ),
    "Make_optimistic_comment": (
        ["made an optimistic comment about {o}", "sounded upbeat about {o}"],
        ["comment optimistically about {o}", "sound upbeat about {o}"],
        [],
    ),
    "Make_pessimistic_comment": (
        ["made a pessimistic comment about {o}", "sounded gloomy about {o}"],
        ["make a pessimistic remark about {o}"],
        [],
    ),
    "Threaten": (
        ["threatened {o}", "issued threats against {o}"],
        ["threaten {o}", "issue threats against {o}"],
        ["threatened"],
    ),
    "Meet_at_a_'third'_location": (
        ["met {o} at a third location", "met with {o} on neutral ground"],
        ["meet {o} at a third location", "meet with {o} on neutral ground"],
        [],
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed for diplomatic cooperation from {o}", "asked for policy support from {o}"],
        ["appeal for diplomatic cooperation from {o}", "ask for policy support from {o}"],
        [],
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["expressed an intent to cooperate diplomatically with {o}", "offered diplomatic support to {o}"],
        ["express an intent to cooperate diplomatically with {o}", "offer diplomatic support to {o}"],
        [],
    ),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to {o}", "sent humanitarian relief to {o}"],
        ["provide humanitarian aid to {o}", "send humanitarian relief to {o}"],
        ["given humanitarian aid"],
    ),
    "Make_empathetic_comment": (
        ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        ["express sympathy for {o}"],
        [],
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed an embargo, boycott or sanctions on {o}", "slapped sanctions on {o}"],
        ["impose sanctions on {o}", "impose an embargo, boycott or sanctions on {o}"],
        ["sanctioned"],
    ),
    "Bring_lawsuit_against": (
        ["sued {o}", "brought a lawsuit against {o}"],
        ["sue {o}", "file a lawsuit against {o}"],
        ["sued"],
    ),
    "Complain_officially": (
        ["lodged an official complaint against {o}", "complained officially about {o}"],
        ["lodge an official complaint against {o}", "complain officially about {o}"],
        [],
    ),
    "Provide_economic_aid": (
        ["provided economic aid to {o}", "gave financial assistance to {o}"],
        ["provide economic aid to {o}", "give financial assistance to {o}"],
        ["given economic aid"],
    ),
    "Express_accord": (
        ["expressed agreement with {o}", "voiced accord with {o}"],
        ["express agreement with {o}"],
        [],
    ),
    "Cooperate_militarily": (
        ["cooperated militarily with {o}"],
        ["cooperate militarily with {o}"],
        [],
    ),
}

# sector "X (Country)" -> how a person would say it
SECTOR: dict[str, list[str]] = {
    "Police": ["the police in {c}", "{c}'s police"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Foreign Affairs": ["{c}'s foreign affairs ministry", "the foreign ministry of {c}"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Criminal": ["criminals in {c}"],
    "Protester": ["protesters in {c}"],
    "Legislature": ["the legislature of {c}", "{c}'s parliament"],
    "Militant": ["militants in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Defense / Security Ministry": ["{c}'s defence ministry", "the defense ministry of {c}"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Business": ["business in {c}"],
    "Activist": ["activists in {c}"],
    "Student": ["students in {c}"],
}
THE = {
    "United States",
    "United Kingdom",
    "European Union",
    "United Nations",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "United Arab Emirates",
    "Democratic Republic of Congo",
    "UN Security Council",
    "Taliban",
    "Kremlin",
    "Vatican",
    "Islamic State",
}

ORG_WORDS = {
    "Party",
    "Agency",
    "Association",
    "Council",
    "Ministry",
    "Organization",
    "Union",
    "Army",
    "Commission",
    "Senate",
    "Parliament",
    "Congress",
    "Bank",
    "Forces",
    "Movement",
    "League",
    "Front",
    "Assembly",
    "Committee",
    "Office",
    "Department",
    "Court",
    "Police",
    "Fund",
    "Bureau",
    "Authority",
    "Coalition",
    "Alliance",
}
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (7, 4): "Independence Day in the US (4 July)",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
    (12, 24): "Christmas Eve",
    (5, 1): "May Day (1 May)",
    (11, 11): "Armistice Day (11 November)",
    (3, 8): "International Women's Day (8 March)",
    (10, 31): "Halloween",
}
SEASONS = [("spring", (3, 4, 5)), ("summer", (6, 7, 8)), ("autumn", (9, 10, 11))]


def say(name: str, rng: random.Random) -> str | None:
    """How a user would name an entity, or None when this script has no natural wording for it."""
    if "(" in name:
        head, _, rest = name.partition(" (")
        country = rest[:-1] if rest.endswith(")") else ""
        if head not in SECTOR or not country or "(" in country or "/" in country:
            return None
        c = ("the " + country) if country in THE else country
        s = rng.choice(SECTOR[head]).format(c=c)
        return s
    if any(ch in name for ch in "/_;") or len(name) > 45:
        return None
    if name in THE or (not name.startswith("The ") and set(name.split()) & ORG_WORDS):
        return "the " + name
    return name


PLURAL = (
    "citizens",
    "ordinary people",
    "criminals",
    "protesters",
    "militants",
    "lawyers",
    "judges",
    "activists",
    "students",
)


def was(phrase: str) -> str:
    """'were' for the plural sector wordings ("citizens of India were ...")."""
    return "were" if phrase.startswith(PLURAL) else "was"


def fmt_day(d: dt.date, rng: random.Random) -> str:
    k = rng.randrange(4)
    if k == 0:
        return f"{d.day} {MONTHS[d.month]} {d.year}"
    if k == 1:
        return f"{MONTHS[d.month]} {d.day}, {d.year}"
    if k == 2:
        return d.isoformat()
    suf = "th" if 10 <= d.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"the {d.day}{suf} of {MONTHS[d.month]} {d.year}"


def month_end(y: int, m: int) -> dt.date:
    return D(y, m, calendar.monthrange(y, m)[1])


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


class Store:
    """All facts of one store, indexed for the gold computations (Python, dates as ``datetime.date``)."""

    def __init__(self, rows: list[tuple[str, str, str, str]], lo: dt.date, hi: dt.date) -> None:
        self.facts = sorted((s, r, o, D.fromisoformat(t)) for s, r, o, t in rows)
        self.lo, self.hi = lo, hi
        self.by_ro: dict[tuple[str, str], list[tuple[dt.date, str]]] = collections.defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[dt.date, str]]] = collections.defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[dt.date]] = collections.defaultdict(list)
        self.by_day: dict[dt.date, list[tuple[str, str, str]]] = collections.defaultdict(list)
        for s, r, o, d in self.facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
            self.by_day[d].append((s, r, o))
        for v in (*self.by_ro.values(), *self.by_sr.values()):
            v.sort()
        # candidate facts: in the asked period, a relation we can word
        self.cands = [f for f in self.facts if lo <= f[3] <= hi and f[1] in REL]

    def who(self, r: str, o: str, a: dt.date, b: dt.date) -> list[tuple[dt.date, str]]:
        return [(d, s) for d, s in self.by_ro.get((r, o), []) if a <= d <= b]

    def whom(self, s: str, r: str, a: dt.date, b: dt.date) -> list[tuple[dt.date, str]]:
        return [(d, o) for d, o in self.by_sr.get((s, r), []) if a <= d <= b]

    def unique_anchor(self, s: str, r: str, o: str) -> dt.date | None:
        ds = self.by_sro.get((s, r, o), [])
        return ds[0] if len(ds) == 1 else None


def extreme(pairs: list[tuple[dt.date, str]], op: str) -> tuple[dt.date | None, list[str]]:
    if not pairs:
        return None, []
    d = min(p[0] for p in pairs) if op == "first" else max(p[0] for p in pairs)
    return d, sorted({n for x, n in pairs if x == d})


def tstr(d: dt.date, level: str) -> str:
    return d.isoformat() if level == "day" else (d.isoformat()[:7] if level == "month" else str(d.year))


# ---------------------------------------------------------------------------------------------------------------------
# Question makers. Each returns (question, answers, answer_type, time_level, qtype, construction, spec) or None;
# spec is what the second check recomputes in Cypher.


class Maker:
    def __init__(self, st: Store, rng: random.Random, store_name: str) -> None:
        self.st, self.rng, self.store_name = st, rng, store_name
        self.multi_year = st.lo.year != st.hi.year

    def fact(self) -> tuple[str, str, str, dt.date]:
        return self.rng.choice(self.st.cands)

    def words(self, rel: str, kind: int) -> str:
        """One wording of the relation (kind 0: past active, 1: base form, 2: participle); "" when none."""
        opts = REL[rel][kind]
        return self.rng.choice(opts) if opts else ""

    def anchor(self, exclude: tuple[str, str] | None = None) -> tuple[str, str, str, dt.date, str] | None:
        """An event unique in the whole store, inside the asked period, worded as a clause."""
        for _ in range(60):
            s, r, o, d = self.fact()
            if exclude and (r, o) == exclude:
                continue
            if self.st.unique_anchor(s, r, o) is None:
                continue
            ss, oo, act = say(s, self.rng), say(o, self.rng), self.words(r, 0)
            if ss and oo and act:
                return s, r, o, d, f"{ss} {act.format(o=oo)}"
        return None

    def year_scope(self, d: dt.date) -> str:
        return f" in {d.year}"

    # --- equal, entity answers -----------------------------------------------------------------------------------
    def equal_day(self) -> Any:
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        if not oo:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, d, d)})
        day = fmt_day(d, self.rng)
        k = self.rng.randrange(4)
        if k == 0:
            q, c = f"Who {self.words(r, 0).format(o=oo)} on {day}?", "who-r-O, day at end"
        elif k == 1:
            q, c = f"On {day}, who {self.words(r, 0).format(o=oo)}?", "who-r-O, day fronted"
        elif k == 2 and REL[r][2]:
            q, c = f"By whom {was(oo)} {oo} {self.words(r, 2)} on {day}?", "passive by-whom, day"
        else:
            q, c = f"Name the actor(s) that {self.words(r, 0).format(o=oo)} on {day}.", "imperative Name the, day"
        return q, ans, "entity", "day", "equal", c, spec_who(r, o, d, d)

    def equal_obj_month(self) -> Any:
        s, r, _o, d = self.fact()
        ss = say(s, self.rng)
        base = self.words(r, 1)
        if not ss or not base or not base.endswith("{o}"):
            return None
        a, b = D(d.year, d.month, 1), month_end(d.year, d.month)
        ans = sorted({x for _, x in self.st.whom(s, r, a, b)})
        m = f"{MONTHS[d.month]} {d.year}"
        k = self.rng.randrange(3)
        verb = base[:-3].rstrip()
        if k == 0:
            q, c = f"Whom did {ss} {verb} in {m}?", "whom-did-S-r, month at end"
        elif k == 1:
            q, c = f"In {m}, who were the ones {ss} chose to {verb}?", "whom, month fronted, relative clause"
        else:
            q, c = f"Tell me who {ss} would {verb} during {m}.", "imperative Tell me, whom, month"
        return q, ans, "entity", "month", "equal", c, spec_whom(s, r, a, b)

    def equal_month(self) -> Any:
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        if not oo:
            return None
        a, b = D(d.year, d.month, 1), month_end(d.year, d.month)
        ans = sorted({x for _, x in self.st.who(r, o, a, b)})
        m = f"{MONTHS[d.month]} {d.year}"
        k = self.rng.randrange(3)
        if k == 0 and REL[r][2]:
            q, c = f"{cap(oo)} {was(oo)} {self.words(r, 2)} by whom in {m}?", "passive, wh at end, month"
        elif k == 1:
            q, c = f"Which actors {self.words(r, 0).format(o=oo)} at some point in {m}?", "which-actors, month"
        else:
            q, c = f"During {m} ({m[:3]} 1 to {b.day}), who {self.words(r, 0).format(o=oo)}?", "month fronted w/ span"
        return q, ans, "entity", "month", "equal", c, spec_who(r, o, a, b)

    def equal_year(self) -> Any:
        if not self.multi_year:
            return None
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        if not oo:
            return None
        a, b = D(d.year, 1, 1), D(d.year, 12, 31)
        ans = sorted({x for _, x in self.st.who(r, o, a, b)})
        if self.rng.randrange(2):
            q, c = f"Over the whole of {d.year}, who {self.words(r, 0).format(o=oo)}?", "year fronted"
        else:
            q, c = f"Which parties {self.words(r, 0).format(o=oo)} in the year {d.year}?", "which-parties, year"
        return q, ans, "entity", "year", "equal", c, spec_who(r, o, a, b)

    def equal_window(self) -> Any:
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        if not oo:
            return None
        k = self.rng.randrange(4)
        if k == 0:  # N-day window
            n = self.rng.choice([5, 7, 10])
            a = d - dt.timedelta(days=self.rng.randrange(n))
            b = a + dt.timedelta(days=n - 1)
            when = f"in the {n} days from {fmt_day(a, self.rng)} through {fmt_day(b, self.rng)}"
            c, lvl = "N-day window, inclusive", "day"
            q = f"Who {self.words(r, 0).format(o=oo)} {when}?"
        elif k == 1:  # quarter
            qn = (d.month - 1) // 3
            a, b = D(d.year, 3 * qn + 1, 1), month_end(d.year, 3 * qn + 3)
            when = (
                f"in the {['first', 'second', 'third', 'fourth'][qn]} quarter of {d.year} "
                f"({MONTHS[a.month]} to {MONTHS[b.month]})"
            )
            q, c, lvl = f"{cap(when)}, which actors {self.words(r, 0).format(o=oo)}?", "quarter fronted", "month"
        elif k == 2:  # half
            h = 0 if d.month <= 6 else 1
            a, b = D(d.year, 1 + 6 * h, 1), month_end(d.year, 6 + 6 * h)
            span = "January through June" if h == 0 else "July through December"
            q = f"Who {self.words(r, 0).format(o=oo)} in the {['first', 'second'][h]} half of {d.year} ({span})?"
            c, lvl = "half-year with months", "month"
        else:  # season
            hit = [(nm, ms) for nm, ms in SEASONS if d.month in ms]
            if not hit:
                return None
            nm, ms = hit[0]
            a, b = D(d.year, ms[0], 1), month_end(d.year, ms[-1])
            mm = ", ".join(MONTHS[m] for m in ms[:-1]) + f" and {MONTHS[ms[-1]]}"
            q = f"Looking at the {nm} of {d.year} ({mm}), who {self.words(r, 0).format(o=oo)}?"
            c, lvl = "season with months stated", "month"
        if a < self.st.lo or b > self.st.hi:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, a, b)})
        return q, ans, "entity", lvl, "equal", c, spec_who(r, o, a, b)

    def equal_named_day(self) -> Any:
        days = sorted(d for d in self.st.by_day if self.st.lo <= d <= self.st.hi and (d.month, d.day) in NAMED_DAYS)
        d = self.rng.choice(days)
        facts = sorted(f for f in self.st.by_day[d] if f[1] in REL)
        if not facts:
            return None
        _s, r, o = self.rng.choice(facts)
        oo = say(o, self.rng)
        if not oo:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, d, d)})
        q = f"On {NAMED_DAYS[(d.month, d.day)]} {d.year}, who {self.words(r, 0).format(o=oo)}?"
        return q, ans, "entity", "day", "equal", "named day", spec_who(r, o, d, d)

    def equal_relative_day(self) -> Any:
        an = self.anchor()
        if not an:
            return None
        s2, r2, o2, da, clause = an
        shift = self.rng.choice([1, -1, 2])
        d = da + dt.timedelta(days=shift)
        if not (self.st.lo <= d <= self.st.hi):
            return None
        facts = sorted(f for f in self.st.by_day.get(d, []) if f[1] in REL and (f[1], f[2]) != (r2, o2))
        if not facts:
            return None
        _s, r, o = self.rng.choice(facts)
        oo = say(o, self.rng)
        if not oo:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, d, d)})
        rel = {1: "the day after", -1: "the day before", 2: "two days after"}[shift]
        q = f"Who {self.words(r, 0).format(o=oo)} {rel} {clause}?"
        return (
            q,
            ans,
            "entity",
            "day",
            "equal",
            "relative day to unique event",
            spec_who(r, o, ("anchor", shift), ("anchor", shift), anchor=(s2, r2, o2)),
        )

    def equal_ellipsis(self) -> Any:
        s, r, o, d = self.fact()
        ss, oo = say(s, self.rng), say(o, self.rng)
        if not ss or not oo:
            return None
        a, b = d - 3 * ONE, d + 3 * ONE
        if a < self.st.lo or b > self.st.hi or self.st.unique_anchor(s, r, o) is None:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, a, b)} - {s})
        q = (
            f"{cap(ss)} {self.words(r, 0).format(o=oo)} on {fmt_day(d, self.rng)}. Who else did the same within "
            f"three days of that date, either side ({fmt_day(a, self.rng)} to {fmt_day(b, self.rng)})?"
        )
        return (
            q,
            ans,
            "entity",
            "day",
            "equal",
            "ellipsis who-else, +-3 days",
            spec_who(r, o, ("anchor", -3), ("anchor", 3), anchor=(s, r, o), exclude=[s]),
        )

    # --- equal, time answers -------------------------------------------------------------------------------------
    def when(self) -> Any:
        s, r, o, d = self.fact()
        ss, oo = say(s, self.rng), say(o, self.rng)
        base = self.words(r, 1)
        if not ss or not oo or not base:
            return None
        y = d.year
        a, b = D(y, 1, 1), D(y, 12, 31)
        days = sorted(set(self.st.by_sro[(s, r, o)]))
        inyr = [x for x in days if a <= x <= b]
        lvl = self.rng.choice(["day", "day", "month", "year"])
        scope = f" in {y}" if self.multi_year else ""
        if lvl == "year":
            if not self.multi_year:
                return None
            inp = [x for x in days if self.st.lo <= x <= self.st.hi]
            vals = sorted({tstr(x, "year") for x in inp})
            if len(vals) != 1:
                return None
            q = f"Was it in 2014 or in 2015 that {ss} {self.words(r, 0).format(o=oo)}?"
            return (
                q,
                vals,
                "time",
                "year",
                "equal",
                "which-year, choice of two",
                spec_when(s, r, o, self.st.lo, self.st.hi, "year", "all"),
            )
        vals = sorted({tstr(x, lvl) for x in inyr})
        if len(vals) != 1:
            return None
        k = self.rng.randrange(3)
        if lvl == "day":
            if k == 0:
                q, c = f"On what date{scope} did {ss} {base.format(o=oo)}?", "on-what-date"
            elif k == 1:
                q, c = f"{cap(ss)} {self.words(r, 0).format(o=oo)}{scope} - when exactly?", "statement + when tag"
            else:
                q, c = f"Give the day{scope} when {ss} {self.words(r, 0).format(o=oo)}.", "imperative Give the day"
        else:
            if k == 0 and REL[r][2]:
                q = f"Which month{scope} saw {oo} {self.words(r, 2)} by {ss}?"
                c = "which-month-saw, passive"
            elif k == 1:
                q, c = f"In what month{scope} did {ss} {base.format(o=oo)}?", "in-what-month"
            else:
                q, c = f"{cap(ss)} {self.words(r, 0).format(o=oo)}{scope}; which month was that?", "clause; which month"
        return q, vals, "time", lvl, "equal", c, spec_when(s, r, o, a, b, lvl, "all")

    # --- first / last --------------------------------------------------------------------------------------------
    def first_last_entity(self) -> Any:
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        base = self.words(r, 1)
        if not oo or not base:
            return None
        op = self.rng.choice(["first", "last"])
        y = d.year
        a, b = D(y, 1, 1), D(y, 12, 31)
        scope = f" in {y}" if self.multi_year else ""
        _dd, ans = extreme(self.st.who(r, o, a, b), op)
        k = self.rng.randrange(3)
        if op == "first":
            if k == 0:
                q, c = f"Who was the first to {base.format(o=oo)}{scope}?", "who-was-the-first-to"
            elif k == 1:
                q, c = f"Who {self.words(r, 0).format(o=oo)} before anyone else{scope}?", "before anyone else"
            else:
                q, c = f"Name the earliest actor{scope} that {self.words(r, 0).format(o=oo)}.", "Name the earliest"
        else:
            if k == 0:
                q, c = f"Who was the last to {base.format(o=oo)}{scope}?", "who-was-the-last-to"
            elif k == 1 and REL[r][2]:
                q, c = f"By whom {was(oo)} {oo} most recently {self.words(r, 2)}{scope}?", "passive most recently"
            else:
                q, c = f"Of everyone who {self.words(r, 0).format(o=oo)}{scope}, who did so last?", "of-everyone, last"
        return q, ans, "entity", "day", "first_last", c, spec_who(r, o, a, b, op=op)

    def first_last_time(self) -> Any:
        s, r, o, d = self.fact()
        ss, oo = say(s, self.rng), say(o, self.rng)
        base = self.words(r, 1)
        if not ss or not oo or not base:
            return None
        op = self.rng.choice(["first", "last"])
        y = d.year
        a, b = D(y, 1, 1), D(y, 12, 31)
        scope = f" in {y}" if self.multi_year else " in 2014"
        ds = [x for x in self.st.by_sro[(s, r, o)] if a <= x <= b]
        if len(set(ds)) < 2:
            return None  # "first" of a single occurrence reads oddly
        x = min(ds) if op == "first" else max(ds)
        lvl = self.rng.choice(["day", "month"])
        k = self.rng.randrange(2)
        if lvl == "day":
            if op == "first":
                q = (
                    f"When{scope} did {ss} first {base.format(o=oo)}?"
                    if k == 0
                    else f"What was the earliest date{scope} on which {ss} {self.words(r, 0).format(o=oo)}?"
                )
            else:
                q = (
                    f"What was the last day{scope} on which {ss} {self.words(r, 0).format(o=oo)}?"
                    if k == 0
                    else f"When did {ss} last {base.format(o=oo)}{scope}?"
                )
            c = f"{op} time, day"
        else:
            if op == "first":
                q = f"In which month did {ss} {base.format(o=oo)} for the first time{scope}?"
            else:
                q = f"Which month{scope} was the final one in which {ss} {self.words(r, 0).format(o=oo)}?"
            c = f"{op} time, month"
        return q, [tstr(x, lvl)], "time", lvl, "first_last", c, spec_when(s, r, o, a, b, lvl, op)

    # --- before / after ------------------------------------------------------------------------------------------
    def before_after_date(self) -> Any:
        _s, r, o, d = self.fact()
        oo = say(o, self.rng)
        if not oo:
            return None
        y = d.year
        after = self.rng.randrange(2) == 1
        if after:
            a, b = d + ONE, D(y, 12, 31)
        else:
            a, b = D(y, 1, 1), d - ONE
        if a > b:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, a, b)})
        day = fmt_day(d, self.rng)
        if after:
            q = f"Who {self.words(r, 0).format(o=oo)} after {day} but before the end of {y}?"
            c = "after date, bounded by year end"
        else:
            q = f"In {y}, before {day}, who {self.words(r, 0).format(o=oo)}?"
            c = "year fronted, before date"
        return q, ans, "entity", "day", "before_after", c, spec_who(r, o, a, b)

    def before_after_event(self) -> Any:
        an = self.anchor()
        if not an:
            return None
        s2, r, o, da, clause = an
        oo = say(o, self.rng)
        if not oo:
            return None
        y = da.year
        after = self.rng.randrange(2) == 1
        lo_: Any
        hi_: Any
        if after:
            a, b = da + ONE, D(y, 12, 31)
            q = f"After {clause}, who else {self.words(r, 0).format(o=oo)} later that year (up to 31 December {y})?"
            c, lo_, hi_ = "after unique event, to year end", ("anchor", 1), b
        else:
            a, b = D(y, 1, 1), da - ONE
            q = f"Earlier in {y}, before {clause}, which actors had already {self.words(r, 0).format(o=oo)}?"
            c, lo_, hi_ = "before unique event, same year", a, ("anchor", -1)
        if a > b:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, a, b)} - {s2})
        return q, ans, "entity", "day", "before_after", c, spec_who(r, o, lo_, hi_, anchor=(s2, r, o), exclude=[s2])

    # --- after_first / before_last -------------------------------------------------------------------------------
    def after_first(self) -> Any:
        s, r, o, d = self.fact()
        ss, oo = say(s, self.rng), say(o, self.rng)
        base = self.words(r, 1)
        if not ss or not oo or not base or self.st.unique_anchor(s, r, o) is None:
            return None
        after = [(x, n) for x, n in self.st.by_ro[(r, o)] if x > d]
        dd, ans = extreme(after, "first")
        if dd is None or dd > self.st.hi:
            return None
        k = self.rng.randrange(3)
        if k == 0:
            act = self.words(r, 0).format(o=oo)
            q = f"{cap(ss)} {act} on {fmt_day(d, self.rng)}; who was next to {base.format(o=oo)}?"
            c = "who-was-next, stated event"
        elif k == 1:
            q = f"Right after {ss} {self.words(r, 0).format(o=oo)}, who was the first to follow suit?"
            c = "follow suit after unique event"
        else:
            q = f"Following {ss}, who was the next party to {base.format(o=oo)}?"
            c = "following S, next party"
        return (
            q,
            ans,
            "entity",
            "day",
            "after_first",
            c,
            spec_who(r, o, ("anchor", 1), self.st.hi, anchor=(s, r, o), op="first"),
        )

    def before_last(self) -> Any:
        an = self.anchor()
        if not an:
            return None
        s2, r2, o2, da, clause = an
        # ask about the anchor's object, with a different relation that has earlier events
        rels = sorted(r for r in REL if any(x < da for x, _ in self.st.by_ro.get((r, o2), [])) and r != r2)
        if not rels:
            return None
        r = self.rng.choice(rels)
        oo = say(o2, self.rng)
        before = [(x, n) for x, n in self.st.by_ro[(r, o2)] if x < da]
        dd, ans = extreme(before, "last")
        if dd is None or dd < self.st.lo:
            return None
        k = self.rng.randrange(2)
        if k == 0:
            q = f"Just before {clause}, who had last {self.words(r, 0).format(o=oo)}?"
            c = "who-had-last just-before event"
        else:
            q = f"Prior to the day {clause}, who was the most recent actor that {self.words(r, 0).format(o=oo)}?"
            c = "most recent prior to event day"
        return (
            q,
            ans,
            "entity",
            "day",
            "before_last",
            c,
            spec_who(r, o2, self.st.lo, ("anchor", -1), anchor=(s2, r2, o2), op="last"),
        )

    def after_first_time(self) -> Any:
        an = self.anchor()
        if not an:
            return None
        s2, r2, o2, da, clause = an
        # the anchor's subject doing the same relation with the same object again? use the object acting back
        pairs = sorted({(r, o) for (s, r, o) in self.st.by_sro if s == s2 and r in REL and (r, o) != (r2, o2)})
        if not pairs:
            return None
        r, o = self.rng.choice(pairs)
        ss, oo, base = say(s2, self.rng), say(o, self.rng), self.words(r, 1)
        if not ss or not oo or not base:
            return None
        ds = sorted(x for x in self.st.by_sro[(s2, r, o)] if x > da)
        if not ds:
            return None
        q = f"After {clause}, on what date did {ss} next {base.format(o=oo)}?"
        return (
            q,
            [ds[0].isoformat()],
            "time",
            "day",
            "after_first",
            "time of next act after event",
            spec_when(s2, r, o, ("anchor", 1), self.st.hi, "day", "first", anchor=(s2, r2, o2)),
        )

    # --- equal_multi ---------------------------------------------------------------------------------------------
    def equal_multi(self) -> Any:
        an = self.anchor()
        if not an:
            return None
        s2, r2, o2, da, clause = an
        lvl = self.rng.choice(["day", "month", "month"])
        a, b = (da, da) if lvl == "day" else (D(da.year, da.month, 1), month_end(da.year, da.month))
        facts = sorted(f for f in self.st.facts if a <= f[3] <= b and f[1] in REL and (f[1], f[2]) != (r2, o2))
        if not facts:
            return None
        _s, r, o, _ = self.rng.choice(facts)
        oo = say(o, self.rng)
        if not oo:
            return None
        ans = sorted({x for _, x in self.st.who(r, o, a, b)})
        k = self.rng.randrange(2)
        lo: Any
        hi: Any
        if lvl == "day":
            q = (
                f"Who {self.words(r, 0).format(o=oo)} on the same day that {clause}?"
                if k == 0
                else f"On the very day {clause}, who {self.words(r, 0).format(o=oo)}?"
            )
            c, lo, hi = "same day as event", ("anchor", 0), ("anchor", 0)
        else:
            q = (
                f"Who {self.words(r, 0).format(o=oo)} in the same month as {clause}?"
                if k == 0
                else f"In the month when {clause}, which actors {self.words(r, 0).format(o=oo)}?"
            )
            c, lo, hi = "same month as event", ("month_start",), ("month_end",)
        return q, ans, "entity", lvl, "equal_multi", c, spec_who(r, o, lo, hi, anchor=(s2, r2, o2))


def spec_who(r: str, o: str, lo: Any, hi: Any, *, anchor: Any = None, exclude: Any = None, op: str = "all") -> dict:
    return {
        "ans": "subj",
        "r": r,
        "o": o,
        "lo": _b(lo),
        "hi": _b(hi),
        "anchor": anchor,
        "exclude": exclude or [],
        "op": op,
    }


def spec_whom(s: str, r: str, lo: Any, hi: Any) -> dict:
    return {"ans": "obj", "r": r, "s": s, "lo": _b(lo), "hi": _b(hi), "anchor": None, "exclude": [], "op": "all"}


def spec_when(s: str, r: str, o: str, lo: Any, hi: Any, lvl: str, op: str, anchor: Any = None) -> dict:
    return {
        "ans": "time",
        "s": s,
        "r": r,
        "o": o,
        "lo": _b(lo),
        "hi": _b(hi),
        "anchor": anchor,
        "exclude": [],
        "op": op,
        "level": lvl,
    }


def _b(x: Any) -> Any:
    return x.isoformat() if isinstance(x, dt.date) else list(x)


# ---------------------------------------------------------------------------------------------------------------------
# Second check: one Cypher query per question, written from the known entity's side with string date comparisons.


def _bound_expr(b: Any, name: str) -> str:
    if isinstance(b, str):
        return f"'{b}' AS {name}"
    if b[0] == "anchor":
        return f"toString(ad + duration({{days: {int(b[1])}}})) AS {name}"
    if b[0] == "month_start":
        return f"toString(date.truncate('month', ad)) AS {name}"
    return f"toString(date.truncate('month', ad) + duration({{months: 1}}) - duration({{days: 1}})) AS {name}"


def check_cypher(spec: dict) -> tuple[str, dict]:
    p: dict[str, Any] = {"r": spec["r"], "excl": spec["exclude"]}
    if spec["anchor"]:
        p["as"], p["ar"], p["ao"] = spec["anchor"]
        head = (
            "MATCH (x1:Entity {name: $as})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(x2:Entity {name: $ao}) "
            "WHERE a.relation = $ar WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
        )
    else:
        head = "WITH date('2000-01-01') AS ad "
    head += f"WITH {_bound_expr(spec['lo'], 'lo')}, {_bound_expr(spec['hi'], 'hi')} "
    if spec["ans"] == "subj":
        p["o"] = spec["o"]
        body = (
            "MATCH (k:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
            "AND NOT x.name IN $excl WITH toString(e.valid_from) AS d, x.name AS n "
        )
    elif spec["ans"] == "obj":
        p["s"] = spec["s"]
        body = (
            "MATCH (k:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
            "WITH toString(e.valid_from) AS d, x.name AS n "
        )
    else:
        p["s"], p["o"] = spec["s"], spec["o"]
        n = {"day": 10, "month": 7, "year": 4}[spec["level"]]
        body = (
            "MATCH (k:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity {name: $s}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
            f"WITH toString(e.valid_from) AS d, substring(toString(e.valid_from), 0, {n}) AS n "
        )
    if spec["op"] == "all":
        tail = "RETURN collect(DISTINCT n) AS out"
    else:
        agg = "min" if spec["op"] == "first" else "max"
        tail = f"WITH collect({{d: d, n: n}}) AS rows, {agg}(d) AS md RETURN [w IN rows WHERE w.d = md | w.n] AS out"
    return head + body + tail, p


def check_text(spec: dict) -> str:
    side = {"subj": "subjects", "obj": "objects", "time": f"{spec.get('level')} of the dates"}[spec["ans"]]
    what = {"all": "all", "first": "earliest-day", "last": "latest-day"}[spec["op"]]
    anc = " (anchor event resolved and its uniqueness tested in Cypher)" if spec["anchor"] else ""
    return f"Cypher from the known entity's node, string date window, {what} {side}{anc}"


# ---------------------------------------------------------------------------------------------------------------------

PLAN: list[tuple[str, int]] = [
    # maker, weight per 100
    ("equal_day", 9),
    ("equal_obj_month", 6),
    ("equal_month", 7),
    ("equal_year", 4),
    ("equal_window", 9),
    ("equal_named_day", 3),
    ("equal_relative_day", 5),
    ("equal_ellipsis", 4),
    ("when", 11),
    ("first_last_entity", 8),
    ("first_last_time", 7),
    ("before_after_date", 5),
    ("before_after_event", 4),
    ("after_first", 6),
    ("after_first_time", 3),
    ("before_last", 6),
    ("equal_multi", 8),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    lo, hi, prefix, target = STORES[args.store]

    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    drv = neo4j.GraphDatabase.driver(uri, auth=auth)
    with drv.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as ses:
        rows = [
            (r["s"], r["r"], r["o"], r["t"])
            for r in ses.run(
                "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
                "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
            )
        ]
        st = Store(rows, lo, hi)
        print(f"{args.store}: {len(rows)} facts, {len(st.cands)} candidates in {lo}..{hi}", file=sys.stderr)
        rng = random.Random(f"{SEED}-{args.store}")
        mk = Maker(st, rng, args.store)
        seen: set[str] = set()
        out: list[dict] = []
        dropped: collections.Counter[str] = collections.Counter()
        quota = {name: max(1, round(w * target / 100)) for name, w in PLAN}
        if not mk.multi_year:
            quota.pop("equal_year")
        got: collections.Counter[str] = collections.Counter()
        rels: collections.Counter[str] = collections.Counter()
        tries = 0
        while sum(got.values()) < target and tries < 200000:
            tries += 1
            open_ = [n for n, _ in PLAN if n in quota and got[n] < quota[n]]
            if not open_:
                break
            name = open_[tries % len(open_)]
            made: Callable[[], Any] = getattr(mk, name)
            res = made()
            if res is None:
                continue
            q, ans, atype, lvl, qtype, cons, spec = res
            if not ans or len(ans) > 5:
                dropped["gold empty or > 5"] += 1
                continue
            if q in seen:
                dropped["duplicate text"] += 1
                continue
            cy, params = check_cypher(spec)
            got2 = ses.run(cy, params).single()
            again = sorted(set(got2["out"])) if got2 else []
            agrees = again == sorted(ans)
            if not agrees:
                dropped["second check disagrees"] += 1
                print(f"DISAGREE {name}: {ans} vs {again}: {q}", file=sys.stderr)
                continue
            seen.add(q)
            got[name] += 1
            rels[spec["r"]] += 1
            if spec["anchor"]:
                rels[spec["anchor"][1]] += 1
            qid = f"{prefix}{len(out) + 1:03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": q,
                    "answers": ans,
                    "answer_type": atype,
                    "time_level": lvl,
                    "qtype": qtype,
                    "qlabel": "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single",
                    "evidence": [],
                    "construction": cons,
                    "store": args.store,
                    "check": check_text(spec),
                    "check_agrees": agrees,
                }
            )
    drv.close()
    with open(args.out, "w", encoding="utf-8") as f:
        for rec in out:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"wrote {len(out)} questions; dropped {dict(sorted(dropped.items()))}", file=sys.stderr)
    print(f"relations used ({len(rels)}): {dict(sorted(rels.items()))}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
