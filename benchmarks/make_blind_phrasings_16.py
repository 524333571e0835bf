"""Blind held-out question set 16: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, partial) and ``bench``
(ICEWS14) stores, phrased from scratch, with gold answers computed from the whole store.

Why: the symbolic temporal reader was tuned on MultiTQ's own phrasings; this set measures it on wordings and
sentence constructions it never saw. Gold comes from one bulk read of every (subject, relation, object, day) fact;
each gold is then recomputed by a second, differently written Cypher query per question (matched from the object
side, dates compared as strings, first/last aggregated in Cypher) and only agreeing questions are kept.

Usage (read-only; never writes to the stores):
    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_16.py --store mtq --out <work>/notes/heldout/v16/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_16.py --store bench --out <work>/notes/heldout/v16/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import collections
import datetime as dt
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tkgrag.store import connect

SEED = 20261216

# mtq holds only a ~20% sample before 2013-11-18: every asked date, window and anchor stays in 2014-2015.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"lo": "2014-01-01", "hi": "2015-12-31", "prefix": "b16m", "n": 100, "years": ["2014", "2015"]},
    "bench": {"lo": "2014-01-01", "hi": "2014-12-31", "prefix": "b16i", "n": 70, "years": ["2014"]},
}

# relation -> (base verb phrase, past verb phrase, participle for the passive or None); {o} is the object.
REL: dict[str, tuple[str, str, str | None]] = {
    "Make_statement": ("make a statement about {o}", "made a public statement about {o}", None),
    "Consult": ("consult {o}", "held consultations with {o}", "consulted"),
    "Make_an_appeal_or_request": ("appeal to {o}", "made an appeal to {o}", "appealed to"),
    "Express_intent_to_meet_or_negotiate": (
        "say they wanted to meet {o}",
        "signalled a wish to meet or negotiate with {o}",
        None,
    ),
    "Make_a_visit": ("visit {o}", "paid a visit to {o}", "visited"),
    "Host_a_visit": ("host {o}", "hosted {o}", "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrest {o}",
        "arrested, detained or charged {o}",
        "arrested or charged",
    ),
    "Praise_or_endorse": ("praise {o}", "spoke approvingly of {o}", "praised"),
    "Criticize_or_denounce": ("criticize {o}", "denounced {o}", "criticized"),
    "Use_conventional_military_force": (
        "use military force against {o}",
        "used conventional military force against {o}",
        None,
    ),
    "Engage_in_negotiation": ("negotiate with {o}", "held negotiations with {o}", None),
    "Accuse": ("accuse {o}", "levelled accusations at {o}", "accused"),
    "Engage_in_diplomatic_cooperation": (
        "cooperate diplomatically with {o}",
        "engaged in diplomatic cooperation with {o}",
        None,
    ),
    "Sign_formal_agreement": ("sign a formal agreement with {o}", "signed a formal agreement with {o}", None),
    "Express_intent_to_cooperate": (
        "express willingness to cooperate with {o}",
        "said they intended to cooperate with {o}",
        None,
    ),
    "Demand": ("make demands of {o}", "made demands of {o}", None),
    "Investigate": ("investigate {o}", "opened an investigation into {o}", "investigated"),
    "Make_optimistic_comment": ("speak optimistically about {o}", "made upbeat remarks about {o}", None),
    "Reject": ("turn down {o}", "rebuffed {o}", "rebuffed"),
    "Discuss_by_telephone": ("talk by phone with {o}", "had a phone conversation with {o}", None),
    "Make_pessimistic_comment": ("sound pessimistic about {o}", "made gloomy remarks about {o}", None),
    "Threaten": ("threaten {o}", "threatened {o}", "threatened"),
    "Abduct,_hijack,_or_take_hostage": ("abduct {o}", "seized or abducted {o}", "abducted"),
    "Make_empathetic_comment": ("express sympathy for {o}", "voiced sympathy for {o}", None),
    "Provide_humanitarian_aid": (
        "provide humanitarian aid to {o}",
        "delivered humanitarian aid to {o}",
        None,
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "ask {o} for diplomatic support",
        "appealed to {o} for diplomatic cooperation",
        None,
    ),
    "Provide_aid": ("give aid to {o}", "provided aid to {o}", None),
    "Physically_assault": ("assault {o}", "physically assaulted {o}", "physically assaulted"),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "pledge diplomatic cooperation with {o}",
        "pledged diplomatic cooperation with {o}",
        None,
    ),
    "Employ_aerial_weapons": ("carry out air strikes on {o}", "carried out air strikes on {o}", None),
    "Impose_embargo,_boycott,_or_sanctions": ("impose sanctions on {o}", "imposed sanctions on {o}", "sanctioned"),
    "Expel_or_deport_individuals": ("expel {o}", "expelled or deported {o}", "expelled or deported"),
    "Bring_lawsuit_against": ("sue {o}", "filed a lawsuit against {o}", "sued"),
    "Demonstrate_or_rally": ("stage a protest against {o}", "staged protests against {o}", None),
    "Reduce_relations": ("cut back relations with {o}", "scaled back relations with {o}", None),
    "Cooperate_economically": ("cooperate economically with {o}", "cooperated economically with {o}", None),
}

# sector entities, phrased the way a person would
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Protester": "protesters in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Militant": "militants in {c}",
    "Criminal": "criminals in {c}",
    "Media": "the news media of {c}",
    "Legislature": "the legislature of {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Business": "businesses in {c}",
    "Women": "women in {c}",
    "Children": "children in {c}",
    "Student": "students in {c}",
    "Activist": "activists in {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Court Judge": "a court judge in {c}",
    "Opposition Major Party (Out Of Government)": "the main opposition party in {c}",
    "Ministry": None,
}
SECTOR_RE = re.compile(r"^(.+) \(([^()]+)\)$")
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "United Arab Emirates",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "Gambia",
    "Vatican City",
    "Bahamas",
}


VAGUE = {"International", "Africa", "Asia", "Europe", "Middle East", "Latin America", "Western Europe"}


def the(name: str) -> str:
    return f"the {name}" if name in THE else name


def phrase(name: str) -> str | None:
    """How a user would say an entity; None when it has no natural phrasing (the entity is not asked about)."""
    m = SECTOR_RE.match(name)
    if not m:
        return None if "(" in name or "_" in name or "," in name else the(name)
    tmpl = SECTOR.get(m.group(1))
    c = m.group(2)
    return tmpl.format(c=the(c)) if tmpl and "," not in c and c not in VAGUE and "Unidentified" not in c else None


def fmt_day(d: str, style: int) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    mn = calendar.month_name[m]
    return [f"{mn} {dd}, {y}", f"{dd} {mn} {y}", d][style % 3]


def fmt_month(ym: str) -> str:
    return f"{calendar.month_name[int(ym[5:7])]} {ym[:4]}"


def add_days(d: str, n: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=n)).isoformat()


def weekday(d: str) -> str:
    return calendar.day_name[dt.date.fromisoformat(d).weekday()]


@dataclass
class Facts:
    """Every (subject, relation, object, day) fact of a store, with the indexes the gold needs."""

    rows: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: collections.defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: collections.defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: collections.defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in self.by_ro.values():
            v.sort()
        for v in self.by_sr.values():
            v.sort()
        for w in self.by_sro.values():
            w.sort()


@dataclass
class Q:
    qtype: str
    answer_type: str
    time_level: str
    construction: str
    question: str
    answers: list[str]
    check: dict[str, Any]


def in_range(pairs: list[tuple[str, str]], lo: str, hi: str) -> list[tuple[str, str]]:
    i = bisect.bisect_left(pairs, (lo, ""))
    j = bisect.bisect_right(pairs, (hi, "\uffff"))
    return pairs[i:j]


def extreme(pairs: list[tuple[str, str]], lo: str, hi: str, last: bool) -> tuple[str | None, list[str]]:
    sel = in_range(pairs, lo, hi)
    if not sel:
        return None, []
    d = sel[-1][0] if last else sel[0][0]
    return d, sorted({x for dd, x in sel if dd == d})


class Gen:
    """Question builders: each draws one seed fact, words a question around it and computes its gold."""

    def __init__(self, facts: Facts, cfg: dict[str, Any], rng: random.Random) -> None:
        self.f = facts
        self.cfg = cfg
        self.lo, self.hi = cfg["lo"], cfg["hi"]
        self.rng = rng
        self.window = [r for r in facts.rows if self.lo <= r[3] <= self.hi and r[1] in REL]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = collections.defaultdict(list)
        self.by_day: dict[str, list[tuple[str, str, str, str]]] = collections.defaultdict(list)
        for row in self.window:
            self.by_rel[row[1]].append(row)
            self.by_day[row[3]].append(row)
        self.rels = sorted(self.by_rel)
        self.style = 0

    # ---- helpers
    def seed(self) -> tuple[str, str, str, str]:
        # relation first, so rare relations (and small gold sets) are drawn as often as Make_statement
        rows = self.by_rel[self.rng.choice(self.rels)]
        return rows[self.rng.randrange(len(rows))]

    def ds(self, d: str) -> str:
        self.style += 1
        return fmt_day(d, self.style)

    def unique_anchor(self, s: str, r: str, o: str) -> str | None:
        days = self.f.by_sro[(s, r, o)]
        return days[0] if len(days) == 1 and self.lo <= days[0] <= self.hi else None

    def anchor_fact(self, exclude: tuple[str, str] | None = None) -> tuple[str, str, str, str] | None:
        for _ in range(60):
            s, r, o, d = self.seed()
            if exclude and (r, o) == exclude:
                continue
            if phrase(s) and phrase(o) and self.unique_anchor(s, r, o):
                return s, r, o, d
        return None

    def past(self, r: str, o: str) -> str:
        return REL[r][1].format(o=phrase(o))

    def base(self, r: str, o: str) -> str:
        return REL[r][0].format(o=phrase(o))

    def scope_words(self, lo: str, hi: str) -> str:
        if lo[:4] == hi[:4] and lo[5:] == "01-01" and hi[5:] == "12-31":
            return f"in {lo[:4]}"
        return "since the start of 2014"

    def rand_year_scope(self, d: str) -> tuple[str, str]:
        y = d[:4]
        if len(self.cfg["years"]) > 1 and self.rng.random() < 0.3:
            return self.lo, self.hi
        return f"{y}-01-01", f"{y}-12-31"

    def window_for(self, d: str) -> tuple[str, str, str, str]:
        """A period around day d, stated so its edges are unambiguous: (lo, hi, words, construction)."""
        y, m = int(d[:4]), int(d[5:7])
        k = self.rng.randrange(5)
        if k == 0:
            q = (m - 1) // 3
            names = ["first", "second", "third", "fourth"]
            months = [calendar.month_name[3 * q + i + 1] for i in range(3)]
            lo = f"{y}-{3 * q + 1:02d}-01"
            hi = f"{y}-{3 * q + 3:02d}-{calendar.monthrange(y, 3 * q + 3)[1]:02d}"
            return lo, hi, f"in the {names[q]} quarter of {y} ({months[0]} through {months[2]})", "window_quarter"
        if k == 1:
            h = 0 if m <= 6 else 1
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 0 else (f"{y}-07-01", f"{y}-12-31")
            words = ["in the first half of {y} (January to June)", "in the second half of {y} (July to December)"]
            return lo, hi, words[h].format(y=y), "window_half"
        if k == 2 and m in (6, 7, 8):
            return f"{y}-06-01", f"{y}-08-31", f"during the summer of {y} (June, July and August)", "window_season"
        if k == 2 and m in (3, 4, 5):
            return f"{y}-03-01", f"{y}-05-31", f"in spring {y} (March, April and May)", "window_season"
        if k == 2 and m in (9, 10, 11):
            return f"{y}-09-01", f"{y}-11-30", f"in the autumn of {y}, i.e. September to November", "window_season"
        n = self.rng.choice([3, 5, 7, 10, 14])
        sty = self.rng.randrange(3)
        start = add_days(d, -self.rng.randrange(n))
        end = add_days(start, n - 1)
        if start < self.lo or end > self.hi:
            return d, d, f"on {self.ds(d)}", "time_end_day"
        if k == 3:
            return (
                start,
                end,
                f"in the {n} days from {fmt_day(start, sty)} to {fmt_day(end, sty)} (both days included)",
                "window_ndays",
            )
        return start, end, f"between {fmt_day(start, sty)} and {fmt_day(end, sty)}, inclusive", "window_between"

    # ---- equal: entity
    def equal_entity(self) -> Q | None:
        s, r, o, d = self.seed()
        po = phrase(o)
        if not po:
            return None
        variant = self.rng.randrange(9)
        pairs = self.f.by_ro[(r, o)]
        wc = ""
        if variant in (0, 1):  # day
            lo = hi = d
            words = f"on {self.ds(d)}"
            lvl = "day"
        elif variant in (2, 3):  # month
            lo, hi = d[:8] + "01", d[:8] + f"{calendar.monthrange(int(d[:4]), int(d[5:7]))[1]:02d}"
            words = f"in {fmt_month(d[:7])}"
            lvl = "month"
        elif variant == 4 and len(self.cfg["years"]) > 1:
            lo, hi = d[:4] + "-01-01", d[:4] + "-12-31"
            words = f"in {d[:4]}"
            lvl = "year"
        else:
            lo, hi, words, wc = self.window_for(d)
            lvl = "day"
        gold = sorted({x for _, x in in_range(pairs, lo, hi)})
        past = self.past(r, o)
        pp = REL[r][2]
        forms = [
            ("time_front", f"{words[0].upper() + words[1:]}, who {past}?"),
            ("time_end", f"Who {past} {words}?"),
            ("imperative", f"Tell me who {past} {words}."),
            ("name_the", f"Name the actors that {past} {words}."),
            ("which_parties", f"Which parties {past} {words}?"),
        ]
        if pp:
            forms.append(("passive_by_whom", f"{words[0].upper() + words[1:]}, {po} was {pp} by whom?"))
            forms.append(("passive_who_by", f"Who was {po} {pp} by {words}?"))
        if variant == 8:  # object question from the subject side
            ps = phrase(s)
            b = REL[r][0]
            if not ps or not b.endswith("{o}"):
                return None
            gold = sorted({x for _, x in in_range(self.f.by_sr[(s, r)], lo, hi)})
            verb = b[: -len("{o}")].strip()
            forms = [
                ("object_question", f"Whom or what did {ps} {verb} {words}?"),
                ("object_name_the", f"List everyone {ps} chose to {verb} {words}."),
            ]
            c, text = self.rng.choice(forms)
            chk = {"sel": "objects", "s": s, "r": r, "lo": lo, "hi": hi}
            return Q("equal", "entity", lvl, c + ("+" + wc if wc else ""), text, gold, chk)
        c, text = self.rng.choice(forms)
        if wc:
            c += "+" + wc
        return Q("equal", "entity", lvl, c, text, gold, {"sel": "subjects", "r": r, "o": o, "lo": lo, "hi": hi})

    # ---- equal: time
    def equal_time(self) -> Q | None:
        s, r, o, d = self.seed()
        ps, po = phrase(s), phrase(o)
        if not ps or not po:
            return None
        lo, hi = self.rand_year_scope(d)
        scoped = self.cfg["years"] != ["2014"] or self.rng.random() < 0.3
        scope = self.scope_words(lo, hi)
        lvl = self.rng.choice(["day", "month", "month", "year"] if lo[:4] != hi[:4] else ["day", "month"])
        n = {"day": 10, "month": 7, "year": 4}[lvl]
        days = [x for x in self.f.by_sro[(s, r, o)] if lo <= x <= hi]
        gold = sorted({x[:n] for x in days})
        base, past = self.base(r, o), self.past(r, o)
        of_y = " of " + lo[:4] if scoped and lo[:4] == hi[:4] else ""
        both = "" if not scoped or lo[:4] == hi[:4] else " (2014 or 2015)"
        if lvl == "day":
            forms = [
                ("when_day", f"On what date did {ps} {base}{' ' + scope if scoped else ''}?"),
                (
                    "which_day_front",
                    f"{scope[0].upper() + scope[1:] + ', o' if scoped else 'O'}n which day did {ps} {base}?",
                ),
            ]
        elif lvl == "month":
            forms = [
                (
                    "which_month",
                    f"In which month{of_y} did {ps} {base}{both}?",
                ),
                (
                    "month_subject",
                    f"Which month{of_y} saw {ps} {base}{both}?",
                ),
            ]
        else:
            forms = [("which_year", f"Was it in 2014 or in 2015 that {ps} {past}? Give the year(s).")]
        c, text = self.rng.choice(forms)
        chk = {"sel": "times", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n}
        return Q("equal", "time", lvl, c, text, gold, chk)

    # ---- first / last
    def first_last(self) -> Q | None:
        s, r, o, d = self.seed()
        ps, po = phrase(s), phrase(o)
        last = self.rng.random() < 0.45
        lo, hi = self.rand_year_scope(d)
        scoped = self.cfg["years"] != ["2014"] or self.rng.random() < 0.5
        # "last" over 2014-2015 is "last" in the whole store (it ends 2015-12-31): no scope words needed
        two_years = lo[:4] != hi[:4]
        scope = self.scope_words(lo, hi) if scoped and not (last and two_years) else ""
        sp = (" " + scope) if scope else ""
        kind = self.rng.randrange(3)
        front = scope[0].upper() + scope[1:] + ", w" if scope else "W"
        agg = "max" if last else "min"
        if kind == 0 and po:  # who was first/last to r o
            _d, gold = extreme(self.f.by_ro[(r, o)], lo, hi, last)
            fl = "last" if last else "first"
            past = self.past(r, o)
            forms = [
                ("who_first", f"Who was the {fl} to {self.base(r, o)}{sp}?"),
                ("which_actor_first", f"Which actor {past} {fl}{sp}?"),
                (
                    "time_front",
                    f"{front}ho {'most recently' if last else 'first'} {past}?",
                ),
            ]
            c, text = self.rng.choice(forms)
            return Q(
                "first_last",
                "entity",
                "day",
                c,
                text,
                gold,
                {"sel": "subjects", "r": r, "o": o, "lo": lo, "hi": hi, "agg": agg},
            )
        if kind == 1 and ps:  # whom did s r first/last
            b = REL[r][0]
            if not b.endswith("{o}"):
                return None
            verb = b[: -len("{o}")].strip()
            _d, gold = extreme(self.f.by_sr[(s, r)], lo, hi, last)
            fl = "last" if last else "first"
            text = f"Whom did {ps} {verb} {fl}{sp}?"
            if self.rng.random() < 0.5:
                text = f"Who was the {fl} one {ps} chose to {verb}{sp}?"
            return Q(
                "first_last",
                "entity",
                "day",
                "object_first",
                text,
                gold,
                {"sel": "objects", "s": s, "r": r, "lo": lo, "hi": hi, "agg": agg},
            )
        if ps and po:  # when did s first/last r o
            days = [x for x in self.f.by_sro[(s, r, o)] if lo <= x <= hi]
            if not days:
                return None
            lvl = self.rng.choice(["day", "month", "month"] + (["year"] if lo[:4] != hi[:4] else []))
            n = {"day": 10, "month": 7, "year": 4}[lvl]
            ans = (days[-1] if last else days[0])[:n]
            base, past = self.base(r, o), self.past(r, o)
            unit = {"day": "On which day", "month": "In which month", "year": "In which year"}[lvl]
            if last:
                forms = [
                    ("when_last", f"{unit} did {ps} {base} for the last time{sp}?"),
                    ("last_time_subject", f"When was the last time{sp} that {ps} {past}? ({lvl} please)"),
                ]
            else:
                forms = [
                    ("when_first", f"{unit} did {ps} {base} for the first time{sp}?"),
                    (
                        "first_time_subject",
                        f"{front}hich {lvl} saw {ps} {base} for the first time?",
                    ),
                ]
            if lvl == "year":
                forms = forms[:1]
            c, text = self.rng.choice(forms)
            return Q(
                "first_last",
                "time",
                lvl,
                c,
                text,
                [ans],
                {"sel": "times", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n, "agg": agg},
            )
        return None

    # ---- before / after a date or an event (lists)
    def before_after(self) -> Q | None:
        after = self.rng.random() < 0.5
        use_event = self.rng.random() < 0.5
        if use_event:
            a = self.anchor_fact()
            if not a:
                return None
            as_, ar, ao, ad = a
            # the question's own relation/object comes from an event near the anchor
            s, r, o, d = self.seed_near(ad, after)
            if s is None:
                return None
            anchor_words = f"{phrase(as_)} {self.past(ar, ao)}"
        else:
            s, r, o, d = self.seed()
            shift = self.rng.randrange(1, 20)
            ad = add_days(d, -shift if after else shift)
            if not self.lo <= ad <= self.hi:
                return None
            anchor_words = None
        po = phrase(o)
        if not po:
            return None
        yr_lo, yr_hi = f"{ad[:4]}-01-01", f"{ad[:4]}-12-31"
        if after:
            lo, hi = add_days(ad, 1), yr_hi
        else:
            lo, hi = yr_lo, add_days(ad, -1)
        gold = sorted({x for _, x in in_range(self.f.by_ro[(r, o)], lo, hi)})
        past = self.past(r, o)
        y = ad[:4]
        if anchor_words:
            if after:
                forms = [
                    ("after_event_rel", f"Later in {y}, after the day {anchor_words}, who {past}?"),
                    ("after_event_name", f"Name everyone who {past} after {anchor_words} (up to the end of {y})."),
                ]
            else:
                forms = [
                    ("before_event_scoped", f"In {y}, before {anchor_words}, who had {self.pp_or_past(r, o)}?"),
                    ("before_event_imper", f"Tell me who {past} earlier in {y} than the day {anchor_words}."),
                ]
            chk = {
                "sel": "subjects",
                "r": r,
                "o": o,
                "lo": yr_lo,
                "hi": yr_hi,
                "anchor": [as_, ar, ao],
                "rel": "after" if after else "before",
            }
        else:
            dd = self.ds(ad)
            if after:
                forms = [
                    ("after_date", f"Who {past} after {dd} but still in {y}?"),
                    ("after_date_front", f"From the day after {dd} to the end of {y}, which actors {past}?"),
                ]
            else:
                forms = [
                    ("before_date", f"Who {past} in {y} before {dd}?"),
                    ("before_date_front", f"Before {dd} (counting from January 1, {y}), who {past}?"),
                ]
            chk = {"sel": "subjects", "r": r, "o": o, "lo": lo, "hi": hi}
        c, text = self.rng.choice(forms)
        return Q("before_after", "entity", "day", c, text, gold, chk)

    def pp_or_past(self, r: str, o: str) -> str:
        """Past perfect form: 'had' + past participle; the past phrases are regular enough for most relations."""
        p = self.past(r, o)
        irregular = {
            "made ": "made ",
            "held ": "held ",
            "paid ": "paid ",
            "spoke ": "spoken ",
            "took ": "taken ",
            "had ": "had ",
            "said ": "said ",
            "gave ": "given ",
        }
        for k, v in irregular.items():
            p = p.replace(k, v, 1) if p.startswith(k) else p
        return p

    def seed_near(self, ad: str, after: bool) -> tuple[Any, Any, Any, Any]:
        """A fact within 30 days on the asked side of day ad, in the same year."""
        for _ in range(40):
            s, r, o, d = self.seed()
            if d[:4] == ad[:4] and (
                0 < (dt.date.fromisoformat(d) - dt.date.fromisoformat(ad)).days * (1 if after else -1) <= 30
            ):
                return s, r, o, d
        return None, None, None, None

    # ---- after_first / before_last
    def next_prev(self) -> Q | None:
        after = self.rng.random() < 0.5
        a = self.anchor_fact()
        if not a:
            return None
        as_, ar, ao, ad = a
        anchor_words = f"{phrase(as_)} {self.past(ar, ao)}"
        s, r, o, _d = self.seed_near(ad, after)
        if s is None:
            return None
        ps, po = phrase(s), phrase(o)
        if not po:
            return None
        if after:
            lo, hi = add_days(ad, 1), self.hi
        else:
            lo, hi = self.lo, add_days(ad, -1)
        qtype = "after_first" if after else "before_last"
        agg = "min" if after else "max"
        if self.rng.random() < 0.6:
            _dd, gold = extreme(self.f.by_ro[(r, o)], lo, hi, not after)
            past = self.past(r, o)
            if after:
                forms = [
                    ("next_after_event", f"After {anchor_words}, who was the next to {self.base(r, o)}?"),
                    ("first_after_event", f"Who first {past} after {anchor_words}?"),
                ]
            else:
                forms = [
                    ("last_before_event", f"Who had last {self.pp_or_past(r, o)} just before {anchor_words}?"),
                    (
                        "most_recent_before",
                        f"Just before {anchor_words}, which actor had most recently {self.pp_or_past(r, o)}?",
                    ),
                ]
            c, text = self.rng.choice(forms)
            return Q(
                qtype,
                "entity",
                "day",
                c,
                text,
                gold,
                {
                    "sel": "subjects",
                    "r": r,
                    "o": o,
                    "lo": self.lo,
                    "hi": self.hi,
                    "anchor": [as_, ar, ao],
                    "rel": "after" if after else "before",
                    "agg": agg,
                },
            )
        if not ps:
            return None
        days = [x for x in self.f.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        lvl = self.rng.choice(["day", "day", "month"])
        n = 10 if lvl == "day" else 7
        ans = (days[0] if after else days[-1])[:n]
        if after:
            text = f"When did {ps} next {self.base(r, o)} after {anchor_words}?"
            if lvl == "month":
                text = f"In which month, following the time {anchor_words}, did {ps} first {self.base(r, o)}?"
            c = "when_next_after"
        else:
            text = f"Before {anchor_words}, when had {ps} last {self.pp_or_past(r, o)[len('') :]}?"
            if lvl == "month":
                text = f"Which month was the last one before {anchor_words} in which {ps} {self.past(r, o)}?"
            c = "when_last_before"
        return Q(
            qtype,
            "time",
            lvl,
            c,
            text,
            [ans],
            {
                "sel": "times",
                "s": s,
                "r": r,
                "o": o,
                "lo": self.lo,
                "hi": self.hi,
                "n": n,
                "anchor": [as_, ar, ao],
                "rel": "after" if after else "before",
                "agg": agg,
            },
        )

    # ---- equal_multi and relative-day / ellipsis constructions around an anchor event
    def equal_multi(self) -> Q | None:
        a = self.anchor_fact()
        if not a:
            return None
        as_, ar, ao, ad = a
        anchor_words = f"{phrase(as_)} {self.past(ar, ao)}"
        k = self.rng.randrange(4)
        # the asked relation/object comes from another event of the same day/month
        unit = self.rng.choice(["day", "month", "month"])
        n = 10 if unit == "day" else 7
        near = [x for day, rows in sorted(self.by_day.items()) if day[:n] == ad[:n] for x in rows]
        cands = [x for x in near if (x[1], x[2]) != (ar, ao) and phrase(x[2])]
        if not cands:
            return None
        _s, r, o, _d = cands[self.rng.randrange(len(cands))]
        if k == 3:  # relative day: the day after / before the anchor
            off = self.rng.choice([1, -1])
            day = add_days(ad, off)
            if not self.lo <= day <= self.hi:
                return None
            cands = [x for x in self.by_day.get(day, []) if phrase(x[2])]
            if not cands:
                return None
            _s, r, o, _d = cands[self.rng.randrange(len(cands))]
            gold = sorted({x for dd, x in self.f.by_ro[(r, o)] if dd == day})
            when = "the day after" if off == 1 else "the day before"
            text = f"Who {self.past(r, o)} on {when} {anchor_words}?"
            return Q(
                "equal",
                "entity",
                "day",
                "relative_day",
                text,
                gold,
                {
                    "sel": "subjects",
                    "r": r,
                    "o": o,
                    "lo": self.lo,
                    "hi": self.hi,
                    "anchor": [as_, ar, ao],
                    "rel": "next_day" if off == 1 else "prev_day",
                },
            )
        gold = sorted({x for dd, x in self.f.by_ro[(r, o)] if dd[:n] == ad[:n]})
        past = self.past(r, o)
        if unit == "day":
            forms = [
                ("same_day", f"Who {past} on the same day that {anchor_words}?"),
                ("same_day_front", f"On the day {anchor_words}, which actors {past}?"),
            ]
        else:
            forms = [
                ("same_month", f"Who {past} in the same month as {anchor_words}?"),
                ("same_month_rel", f"In the month when {anchor_words}, who {past}?"),
                ("same_month_imper", f"Name the actors that {past} during the month in which {anchor_words}."),
            ]
        c, text = self.rng.choice(forms)
        return Q(
            "equal_multi",
            "entity",
            unit,
            c,
            text,
            gold,
            {
                "sel": "subjects",
                "r": r,
                "o": o,
                "lo": self.lo,
                "hi": self.hi,
                "anchor": [as_, ar, ao],
                "rel": "same_" + unit,
            },
        )

    def ellipsis(self) -> Q | None:
        """'X did r to O on day D. Who else did so that day?' (anchor unique in the whole store)."""
        for _ in range(400):
            a = self.anchor_fact()
            if not a:
                continue
            as_, ar, ao, ad = a
            gold = sorted({x for dd, x in self.f.by_ro[(ar, ao)] if dd == ad} - {as_})
            if not gold:
                continue
            aw = f"{phrase(as_)} {self.past(ar, ao)}"
            forms = [
                f"{aw[0].upper() + aw[1:]} on {self.ds(ad)}. Who else did so that same day?",
                f"On {self.ds(ad)}, {aw}; who else did that on the same day?",
            ]
            text = self.rng.choice(forms)
            chk = {"sel": "subjects", "r": ar, "o": ao, "lo": ad, "hi": ad, "exclude": as_}
            return Q("equal", "entity", "day", "ellipsis_who_else", text, gold, chk)
        return None

    # ---- weekday-named day (equal, day)
    def named_day(self) -> Q | None:
        _s, r, o, d = self.seed()
        if not phrase(o):
            return None
        gold = sorted({x for dd, x in self.f.by_ro[(r, o)] if dd == d})
        text = f"On {weekday(d)}, {self.ds(d)}, which actors {self.past(r, o)}?"
        return Q(
            "equal", "entity", "day", "named_day", text, gold, {"sel": "subjects", "r": r, "o": o, "lo": d, "hi": d}
        )


# ---- second check: one Cypher query per question, written differently from the Python gold
def check_query(chk: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Object-side match, string date comparison, anchor day and first/last computed in Cypher."""
    p: dict[str, Any] = {"lo": chk["lo"], "hi": chk["hi"], "r": chk["r"]}
    anchor = ""
    cond = ["toString(e.valid_from) >= $lo", "toString(e.valid_from) <= $hi"]
    if chk.get("anchor"):
        p["as"], p["ar"], p["ao"] = chk["anchor"]
        anchor = (
            "MATCH (ao:Entity {name: $ao})<-[:OBJECT]-(a:Event)-[:SUBJECT]->(as:Entity {name: $as}) "
            "WHERE a.relation = $ar WITH collect(toString(a.valid_from)) AS ads WHERE size(ads) = 1 "
            "WITH ads[0] AS ad "
        )
        rel = chk["rel"]
        cond.append(
            {
                "after": "toString(e.valid_from) > ad",
                "before": "toString(e.valid_from) < ad",
                "same_day": "toString(e.valid_from) = ad",
                "same_month": "substring(toString(e.valid_from), 0, 7) = substring(ad, 0, 7)",
                "next_day": "e.valid_from = date(ad) + duration('P1D')",
                "prev_day": "e.valid_from = date(ad) - duration('P1D')",
            }[rel]
        )
    where = " AND ".join(cond)
    sel = chk["sel"]
    if sel == "subjects":
        p["o"] = chk["o"]
        m = "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) WHERE e.relation = $r AND "
        val = "x.name"
    elif sel == "objects":
        p["s"] = chk["s"]
        m = "MATCH (sx:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE e.relation = $r AND "
        val = "x.name"
    else:
        p["s"], p["o"], p["n"] = chk["s"], chk["o"], chk["n"]
        m = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(sx:Entity {name: $s}) "
            "WHERE e.relation = $r AND "
        )
        val = "substring(toString(e.valid_from), 0, $n)"
    agg = chk.get("agg")
    if agg:
        q = (
            f"{anchor}{m}{where} WITH {'ad, ' if anchor else ''}{agg}(toString(e.valid_from)) AS best "
            f"{m.replace('(e:Event)', '(e:Event)')}toString(e.valid_from) = best RETURN collect(DISTINCT {val}) AS v"
        )
    else:
        q = f"{anchor}{m}{where} RETURN collect(DISTINCT {val}) AS v"
    if chk.get("exclude"):
        p["ex"] = chk["exclude"]
        q = q.replace("RETURN collect(DISTINCT", "AND x.name <> $ex RETURN collect(DISTINCT")
    return q, p


def describe(chk: dict[str, Any]) -> str:
    parts = [f"{chk.get('agg', 'all')} {chk['sel']}", f"relation={chk['r']}"]
    for k in ("s", "o"):
        if k in chk:
            parts.append(f"{k}={chk[k]}")
    if chk.get("anchor"):
        parts.append(f"{chk['rel']} anchor {tuple(chk['anchor'])}")
    parts.append(f"days {chk['lo']}..{chk['hi']}")
    if "n" in chk:
        parts.append({4: "year", 7: "month", 10: "day"}[chk["n"]] + " strings")
    if chk.get("exclude"):
        parts.append(f"except {chk['exclude']}")
    return "Cypher recompute: " + ", ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    cfg = STORES[args.store]
    st = connect(start_managed=False, ensure_schema=False)
    try:
        with st.driver.session(database=st.database, default_access_mode="READ") as ses:
            rows = ses.run(
                "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
                "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
            ).values()
            facts = Facts(sorted((a, b, c, d) for a, b, c, d in rows))
            rng = random.Random(f"{SEED}-{args.store}")
            gen = Gen(facts, cfg, rng)
            plan: list[tuple[Callable[[], Q | None], int]] = [
                (gen.equal_entity, 30),
                (gen.equal_time, 12),
                (gen.first_last, 16),
                (gen.before_after, 12),
                (gen.next_prev, 16),
                (gen.equal_multi, 16),
                (gen.named_day, 3),
                (gen.ellipsis, 4),
            ]
            total = sum(n for _, n in plan)
            out: list[dict[str, Any]] = []
            seen: set[str] = set()
            stats: collections.Counter[str] = collections.Counter()
            for fn, n in plan:
                want = round(n * int(cfg["n"]) / total)
                got = tries = 0
                while got < want and tries < 4000:
                    tries += 1
                    q = fn()
                    if q is None or not 1 <= len(q.answers) <= 5 or q.question in seen:
                        continue
                    if q.answer_type == "entity" and any(a == "" for a in q.answers):
                        continue
                    cq, cp = check_query(q.check)
                    rec = ses.run(cq, cp).single()
                    second = sorted(rec["v"]) if rec else []
                    agrees = second == sorted(q.answers)
                    stats["agree" if agrees else "disagree"] += 1
                    if not agrees:
                        continue  # dropped: gold and the second check differ
                    seen.add(q.question)
                    got += 1
                    qid = f"{cfg['prefix']}{len(out) + 1:04d}"
                    out.append(
                        {
                            "quid": qid,
                            "id": qid,
                            "question": q.question,
                            "answers": q.answers,
                            "answer_type": q.answer_type,
                            "time_level": q.time_level,
                            "qtype": q.qtype,
                            "qlabel": "Multiple"
                            if q.qtype in ("after_first", "before_last", "equal_multi")
                            else "Single",
                            "evidence": [],
                            "construction": q.construction,
                            "store": args.store,
                            "check": describe(q.check),
                            "check_agrees": agrees,
                        }
                    )
    finally:
        st.close()
    with open(args.out, "w", encoding="utf-8") as fh:
        for o in out:
            fh.write(json.dumps(o, ensure_ascii=False, sort_keys=True) + "\n")
    print(json.dumps({"store": args.store, "questions": len(out), "second_check": dict(stats)}))


if __name__ == "__main__":
    main()
