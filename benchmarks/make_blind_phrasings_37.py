"""Blind held-out question set 37: MultiTQ-style questions over the `mtq` and `bench` ICEWS stores.

Why: an honest figure for the symbolic temporal reader needs phrasings it was never tuned on. Gold answers are computed
in Python over ONE read of every (subject, relation, object, day) in the store, then every gold is recomputed by a
second, differently written Cypher query per question (match from the object side, string-compared dates, aggregation
and anchor lookup in Cypher); questions whose two answers disagree are dropped.

Usage (from the worktree root, stores read-only):
  TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/make_blind_phrasings_37.py --store mtq --out <dir>/blind_mtq.jsonl
  TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    python benchmarks/make_blind_phrasings_37.py --store bench --out <dir>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import re
from collections import defaultdict
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261237

# relation -> (past, bare infinitive, passive participle phrase or None, noun phrase "the ... of")
REL: dict[str, tuple[str, str, str | None]] = {
    "Make_statement": ("made a public statement about", "comment publicly on", None),
    "Consult": ("held consultations with", "consult", "consulted"),
    "Make_an_appeal_or_request": ("appealed to", "make an appeal to", "appealed to"),
    "Express_intent_to_meet_or_negotiate": ("said it wanted to meet", "signal readiness to meet", None),
    "Make_a_visit": ("paid a visit to", "visit", "visited"),
    "Host_a_visit": ("played host to", "host", "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": ("arrested or charged", "detain", "arrested or charged"),
    "Praise_or_endorse": ("praised", "praise", "praised"),
    "Criticize_or_denounce": ("criticized", "denounce", "criticized"),
    "Use_conventional_military_force": (
        "used military force against",
        "use armed force against",
        "attacked militarily",
    ),
    "Engage_in_negotiation": ("negotiated with", "negotiate with", None),
    "Accuse": ("accused", "accuse", "accused"),
    "Use_unconventional_violence": ("used unconventional violence against", "use unconventional violence on", None),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with", "cooperate diplomatically with", None),
    "Sign_formal_agreement": ("signed a formal agreement with", "sign a formal agreement with", None),
    "Express_intent_to_cooperate": ("expressed a wish to cooperate with", "express intent to cooperate with", None),
    "Demand": ("made demands of", "make demands of", None),
    "Investigate": ("investigated", "investigate", "investigated"),
    "fight_with_small_arms_and_light_weapons": (
        "fought with small arms against",
        "fight with light weapons against",
        None,
    ),
    "Make_optimistic_comment": ("made upbeat remarks about", "sound optimistic about", None),
    "Reject": ("rejected", "rebuff", "rebuffed"),
    "Discuss_by_telephone": ("spoke by phone with", "phone", "phoned"),
    "Make_pessimistic_comment": ("voiced pessimism about", "make gloomy remarks about", None),
    "Threaten": ("threatened", "threaten", "threatened"),
    "Meet_at_a_'third'_location": ("met, at a third location, with", "meet on neutral ground with", None),
    "Make_empathetic_comment": ("expressed sympathy for", "express sympathy for", None),
    "Provide_humanitarian_aid": ("sent humanitarian aid to", "give humanitarian aid to", "given humanitarian aid"),
    "Demonstrate_or_rally": ("staged protests against", "rally against", None),
    "Engage_in_symbolic_act": ("made a symbolic gesture toward", "make a symbolic gesture toward", None),
    "Return,_release_person(s)": ("released people to", "hand people back to", None),
}
ROLE = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Protester": "protesters in {c}",
    "Legislature": "the legislature of {c}",
    "Court Judge": "a court judge in {c}",
}
MONTHS = list(calendar.month_name)[1:]
WEEKDAYS = list(calendar.day_name)


def ent(name: str) -> str | None:
    """How a person would say a KG entity; None for sector names without a natural reading."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if not m:
        return name
    tpl = ROLE.get(m.group(1))
    return tpl.format(c=m.group(2)) if tpl else None


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def day_words(d: str, style: int) -> str:
    x = dt.date.fromisoformat(d)
    if style == 0:
        return f"{x.day} {MONTHS[x.month - 1]} {x.year}"
    if style == 1:
        return f"{MONTHS[x.month - 1]} {x.day}, {x.year}"
    if style == 2:
        return d
    return f"{WEEKDAYS[x.weekday()]}, {MONTHS[x.month - 1]} {x.day}, {x.year}"


def month_words(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def shift(d: str, n: int) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=n)).isoformat()


class Gen:
    def __init__(self, store: str, rows: list[tuple[str, str, str, str]]) -> None:
        self.store = store
        self.rng = random.Random(SEED + (0 if store == "mtq" else 1))
        self.lo, self.hi = ("2014-01-01", "2015-12-31") if store == "mtq" else ("2014-01-01", "2014-12-31")
        self.years = ["2014", "2015"] if store == "mtq" else ["2014"]
        self.all = rows
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (r,o) -> [(day, s)]
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in rows:
            self.ro[(r, o)].append((d, s))
            self.sro[(s, r, o)].append(d)
        for v in self.ro.values():
            v.sort()
        for w in self.sro.values():
            w.sort()
        self.ro_keys = sorted(k for k in self.ro if k[0] in REL and ent(k[1]) and self._n_in(k) >= 3)
        self.sro_keys = sorted(k for k in self.sro if k[1] in REL and ent(k[0]) and ent(k[2]))
        self.anchors: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for k in self.sro_keys:
            if self.unique_anchor(k):
                self.anchors[k[0]].append(k)
                if k[2] != k[0]:
                    self.anchors[k[2]].append(k)
        self.out: list[dict[str, Any]] = []
        self.texts: set[str] = set()

    def _n_in(self, k: tuple[str, str]) -> int:
        return sum(1 for d, _ in self.ro[k] if self.lo <= d <= self.hi)

    def subj(self, r: str, o: str, a: str, b: str, excl: str | None = None) -> list[str]:
        return sorted({s for d, s in self.ro[(r, o)] if a <= d <= b and s != excl})

    def unique_anchor(self, k: tuple[str, str, str]) -> str | None:
        days = self.sro[k]
        if len(days) == 1 and self.lo <= days[0] <= self.hi:
            return days[0]
        return None

    def add(self, q: str, answers: list[str], atype: str, level: str, qtype: str, cons: str, check: dict) -> bool:
        if not answers or len(answers) > 5 or q in self.texts:
            return False
        self.texts.add(q)
        self.out.append(
            {
                "question": q,
                "answers": answers,
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "qlabel": "Single" if qtype in ("equal", "before_after", "first_last") else "Multiple",
                "evidence": [],
                "construction": cons,
                "store": self.store,
                "check": check,
            }
        )
        return True

    def pick_ro(self) -> tuple[str, str]:
        return self.ro_keys[self.rng.randrange(len(self.ro_keys))]

    def pick_event(self) -> tuple[str, str, str, str]:
        while True:
            r, o = self.pick_ro()
            d, s = self.ro[(r, o)][self.rng.randrange(len(self.ro[(r, o)]))]
            if self.lo <= d <= self.hi:
                return s, r, o, d

    def loop(self, n: int, fn: Any) -> None:
        got = tries = 0
        while got < n and tries < 4000:
            tries += 1
            got += bool(fn())

    # ---- equal, entity answers ------------------------------------------------------------------------------
    def eq_day(self) -> bool:
        _s, r, o, d = self.pick_event()
        past, _bare, pas = REL[r]
        obj_t = ent(o)
        ans = self.subj(r, o, d, d)
        v = self.rng.randrange(5)
        chk = {"op": "subjects", "r": r, "o": o, "from": d, "to": d}
        if v == 0:
            return self.add(
                f"Who {past} {obj_t} on {day_words(d, 0)}?", ans, "entity", "day", "equal", "who-day-end", chk
            )
        if v == 1:
            return self.add(
                f"On {day_words(d, 1)}, which actors {past} {obj_t}?", ans, "entity", "day", "equal", "day-fronted", chk
            )
        if v == 2 and pas:
            return self.add(
                f"{cap(obj_t or o)} was {pas} by whom on {day_words(d, 2)}?",
                ans,
                "entity",
                "day",
                "equal",
                "passive-day",
                chk,
            )
        if v == 3:
            prev = shift(d, -1)
            return self.add(
                f"Tell me who {past} {obj_t} on the day after {day_words(prev, 0)}.",
                ans,
                "entity",
                "day",
                "equal",
                "imperative-day-after",
                chk,
            )
        if v == 4:
            return self.add(
                f"Name the parties that {past} {obj_t} on {day_words(d, 3)}.",
                ans,
                "entity",
                "day",
                "equal",
                "name-named-day",
                chk,
            )
        return False

    def eq_month(self) -> bool:
        _s, r, o, d = self.pick_event()
        past, _bare, pas = REL[r]
        obj_t = ent(o)
        m = d[:7]
        last = f"{m}-{calendar.monthrange(int(m[:4]), int(m[5:]))[1]:02d}"
        ans = self.subj(r, o, f"{m}-01", last)
        chk = {"op": "subjects", "r": r, "o": o, "from": f"{m}-01", "to": last}
        v = self.rng.randrange(3)
        if v == 0:
            return self.add(
                f"Who {past} {obj_t} in {month_words(m)}?", ans, "entity", "month", "equal", "who-month-end", chk
            )
        if v == 1 and pas:
            return self.add(
                f"In {month_words(m)}, {obj_t} was {pas} by which countries or organisations?",
                ans,
                "entity",
                "month",
                "equal",
                "passive-month-fronted",
                chk,
            )
        return self.add(
            f"Which actors, during {month_words(m)}, {past} {obj_t}?",
            ans,
            "entity",
            "month",
            "equal",
            "parenthetical-month",
            chk,
        )

    def eq_year(self) -> bool:
        if self.store != "mtq":
            return False
        _s, r, o, d = self.pick_event()
        past, _, _ = REL[r]
        y = d[:4]
        ans = self.subj(r, o, f"{y}-01-01", f"{y}-12-31")
        chk = {"op": "subjects", "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31"}
        return self.add(
            f"Over the course of {y}, who {past} {ent(o)}?", ans, "entity", "year", "equal", "year-fronted", chk
        )

    def eq_window(self) -> bool:
        s, r, o, d = self.pick_event()
        past, _bare, _pas = REL[r]
        obj_t = ent(o)
        y, mo = int(d[:4]), int(d[5:7])
        v = self.rng.randrange(5)
        if v == 0:
            qn = (mo - 1) // 3
            a = f"{y}-{3 * qn + 1:02d}-01"
            b = f"{y}-{3 * qn + 3:02d}-{calendar.monthrange(y, 3 * qn + 3)[1]:02d}"
            nth = ["first", "second", "third", "fourth"][qn]
            when = f"in the {nth} quarter of {y} ({MONTHS[3 * qn]} through {MONTHS[3 * qn + 2]})"
            q, cons = f"Who {past} {obj_t} {when}?", "quarter"
        elif v == 1:
            h = 0 if mo <= 6 else 1
            a, b = (f"{y}-01-01", f"{y}-06-30") if h == 0 else (f"{y}-07-01", f"{y}-12-31")
            when = f"In the {['first', 'second'][h]} half of {y} ({['January to June', 'July to December'][h]})"
            q, cons = f"{when}, which actors {past} {obj_t}?", "half-fronted"
        elif v == 2:
            if mo in (12, 1, 2):
                return False
            sea = {3: "spring", 6: "summer", 9: "autumn"}[(mo - 3) // 3 * 3 + 3]
            m0 = {"spring": 3, "summer": 6, "autumn": 9}[sea]
            a = f"{y}-{m0:02d}-01"
            b = f"{y}-{m0 + 2:02d}-{calendar.monthrange(y, m0 + 2)[1]:02d}"
            q = f"During the {sea} of {y} ({MONTHS[m0 - 1]}, {MONTHS[m0]} and {MONTHS[m0 + 1]}), who {past} {obj_t}?"
            cons = "season-stated-months"
        elif v == 3:
            n = self.rng.choice([5, 7, 10])
            a = shift(d, -self.rng.randrange(n))
            b = shift(a, n - 1)
            if a < self.lo or b > self.hi:
                return False
            q = f"In the {n} days from {day_words(a, 0)} to {day_words(b, 0)} (both included), who {past} {obj_t}?"
            cons = "n-day-window"
        else:
            x = dt.date.fromisoformat(d)
            mon = x - dt.timedelta(days=x.weekday())
            a, b = mon.isoformat(), (mon + dt.timedelta(days=6)).isoformat()
            if a < self.lo or b > self.hi:
                return False
            ans = self.subj(r, o, a, b, excl=s)
            chk = {"op": "subjects", "r": r, "o": o, "from": a, "to": b, "exclude": s}
            S = ent(s)
            if not S:
                return False
            return self.add(
                f"On {day_words(d, 1)}, {S} {past} {obj_t}. Who else did so that week "
                f"(Monday {day_words(a, 1)} to Sunday {day_words(b, 1)})?",
                ans,
                "entity",
                "day",
                "equal",
                "ellipsis-who-else-week",
                chk,
            )
        ans = self.subj(r, o, a, b)
        chk = {"op": "subjects", "r": r, "o": o, "from": a, "to": b}
        return self.add(q, ans, "entity", "day", "equal", cons, chk)

    # ---- equal, time answers -------------------------------------------------------------------------------
    def eq_time(self) -> bool:
        k = self.sro_keys[self.rng.randrange(len(self.sro_keys))]
        s, r, o = k
        past, bare, _pas = REL[r]
        S, obj_t = ent(s), ent(o)
        y = self.rng.choice(self.years)
        days = [d for d in self.sro[k] if d[:4] == y]
        if not days:
            return False
        v = self.rng.randrange(4 if self.store == "mtq" else 3)
        scope = f"in {y}" if self.store == "mtq" else "in 2014"
        if v == 0 and len(set(days)) == 1:
            chk = {"op": "times", "s": s, "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31", "len": 10}
            return self.add(
                f"On which exact day {scope} did {S} {bare} {obj_t}?",
                days[:1],
                "time",
                "day",
                "equal",
                "which-day",
                chk,
            )
        ms = sorted({d[:7] for d in days})
        if v == 1 and len(ms) == 1:
            chk = {"op": "times", "s": s, "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31", "len": 7}
            return self.add(
                f"Which month of {y} saw {S} {bare} {obj_t}?", ms, "time", "month", "equal", "month-as-subject", chk
            )
        if v == 2 and len(ms) == 1:
            chk = {"op": "times", "s": s, "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31", "len": 7}
            return self.add(
                f"{S} {past} {obj_t} {scope} - in what month was that?",
                ms,
                "time",
                "month",
                "equal",
                "statement-then-month",
                chk,
            )
        if v == 3:
            ys = sorted({d[:4] for d in self.sro[k] if self.lo <= d <= self.hi})
            if len(ys) != 1:
                return False
            chk = {"op": "times", "s": s, "r": r, "o": o, "from": self.lo, "to": self.hi, "len": 4}
            return self.add(
                f"Was it 2014 or 2015 when {S} {past} {obj_t}?", ys, "time", "year", "equal", "year-choice", chk
            )
        return False

    # ---- first / last --------------------------------------------------------------------------------------
    def first_last_ent(self) -> bool:
        r, o = self.pick_ro()
        past, bare, pas = REL[r]
        obj_t = ent(o)
        y = self.rng.choice(self.years)
        ev = [(d, s) for d, s in self.ro[(r, o)] if d[:4] == y]
        if len({d for d, _ in ev}) < 3:
            return False
        first = self.rng.random() < 0.5
        dd = ev[0][0] if first else ev[-1][0]
        ans = sorted({s for d, s in ev if d == dd})
        chk = {"op": "extreme_subjects", "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31", "first": first}
        if first:
            if self.rng.random() < 0.5:
                return self.add(
                    f"Who was the first to {bare} {obj_t} in {y}?", ans, "entity", "day", "first_last", "first-who", chk
                )
            return self.add(
                f"In {y}, by whom was {obj_t} first {pas}?" if pas else f"Which actor {past} {obj_t} earliest in {y}?",
                ans,
                "entity",
                "day",
                "first_last",
                "first-passive" if pas else "earliest-which",
                chk,
            )
        if self.rng.random() < 0.5:
            return self.add(f"Who last {past} {obj_t} in {y}?", ans, "entity", "day", "first_last", "last-who", chk)
        return self.add(
            f"Name the final actor to {bare} {obj_t} during {y}.", ans, "entity", "day", "first_last", "last-name", chk
        )

    def first_last_time(self) -> bool:
        k = self.sro_keys[self.rng.randrange(len(self.sro_keys))]
        s, r, o = k
        past, bare, _pas = REL[r]
        S, obj_t = ent(s), ent(o)
        y = self.rng.choice(self.years)
        days = [d for d in self.sro[k] if d[:4] == y]
        if len(set(days)) < 2:
            return False
        first = self.rng.random() < 0.6
        d = days[0] if first else days[-1]
        v = self.rng.randrange(3)
        base = {"op": "extreme_time", "s": s, "r": r, "o": o, "from": f"{y}-01-01", "to": f"{y}-12-31", "first": first}
        if v == 0:
            w = "first" if first else "last"
            return self.add(
                f"When in {y} did {S} {w} {bare} {obj_t}?",
                [d],
                "time",
                "day",
                "first_last",
                f"when-{w}-day",
                {**base, "len": 10},
            )
        if v == 1:
            if len({x[:7] for x in days}) < 2:
                return False
            w = "for the first time" if first else "for the last time"
            return self.add(
                f"In which month of {y} did {S} {bare} {obj_t} {w}?",
                [d[:7]],
                "time",
                "month",
                "first_last",
                "month-first-last-granularity",
                {**base, "len": 7},
            )
        w = "earliest" if first else "latest"
        return self.add(
            f"Give me the {w} date in {y} on which {S} {past} {obj_t}.",
            [d],
            "time",
            "day",
            "first_last",
            f"imperative-{w}-date",
            {**base, "len": 10},
        )

    # ---- before / after a date or an event -----------------------------------------------------------------
    def before_after_date(self) -> bool:
        _s, r, o, d = self.pick_event()
        past, _bare, _pas = REL[r]
        obj_t = ent(o)
        y = d[:4]
        after = self.rng.random() < 0.5
        if after:
            a, b = shift(d, 1), f"{y}-12-31"
            q = f"Which actors {past} {obj_t} after {day_words(d, 0)} and before the end of {y}?"
            cons = "after-date-bounded"
        else:
            a, b = f"{y}-01-01", shift(d, -1)
            q = f"In {y}, before {day_words(d, 1)}, who had {past} {obj_t}?"
            cons = "before-date-scoped"
        ans = self.subj(r, o, a, b)
        return self.add(
            q, ans, "entity", "day", "before_after", cons, {"op": "subjects", "r": r, "o": o, "from": a, "to": b}
        )

    def anchor_for(self, o: str) -> tuple[str, str, str, str] | None:
        """A unique event that involves o (as subject or object), inside the asked period."""
        cands = self.anchors.get(o, [])
        if not cands:
            return None
        k = cands[self.rng.randrange(len(cands))]
        return k[0], k[1], k[2], self.sro[k][0]

    def anchor_text(self, a: tuple[str, str, str, str]) -> str:
        s, r, o, _ = a
        return f"{ent(s)} {REL[r][0]} {ent(o)}"

    def before_after_event(self) -> bool:
        r, o = self.pick_ro()
        a = self.anchor_for(o)
        if a is None or (a[1], a[2]) == (r, o):
            return False
        past, _bare, _pas = REL[r]
        obj_t = ent(o)
        ad = a[3]
        y = ad[:4]
        after = self.rng.random() < 0.5
        if after:
            lo, hi = shift(ad, 1), f"{y}-12-31"
            q = f"After {self.anchor_text(a)}, who {past} {obj_t} later that same year ({y})?"
            cons = "after-event"
        else:
            lo, hi = f"{y}-01-01", shift(ad, -1)
            q = f"Earlier in {y}, before {self.anchor_text(a)}, which actors had {past} {obj_t}?"
            cons = "before-event-scoped"
        ans = self.subj(r, o, lo, hi)
        chk = {"op": "rel_subjects", "r": r, "o": o, "anchor": list(a[:3]), "mode": "after" if after else "before"}
        return self.add(q, ans, "entity", "day", "before_after", cons, chk)

    def after_first(self) -> bool:
        r, o = self.pick_ro()
        a = self.anchor_for(o)
        if a is None:
            return False
        _past, bare, _pas = REL[r]
        ad = a[3]
        ev = [(d, s) for d, s in self.ro[(r, o)] if ad < d <= self.hi]
        if not ev:
            return False
        ans = sorted({s for d, s in ev if d == ev[0][0]})
        chk = {"op": "after_first", "r": r, "o": o, "anchor": list(a[:3])}
        if self.rng.random() < 0.5:
            q = f"Following the day {self.anchor_text(a)}, who was next to {bare} {ent(o)}?"
            cons = "next-to"
        else:
            q = f"Who was the first to {bare} {ent(o)} after {self.anchor_text(a)}?"
            cons = "first-after-event"
        return self.add(q, ans, "entity", "day", "after_first", cons, chk)

    def before_last(self) -> bool:
        r, o = self.pick_ro()
        a = self.anchor_for(o)
        if a is None:
            return False
        past, bare, _pas = REL[r]
        ad = a[3]
        y = ad[:4]
        ev = [(d, s) for d, s in self.ro[(r, o)] if f"{y}-01-01" <= d < ad]
        if not ev:
            return False
        ans = sorted({s for d, s in ev if d == ev[-1][0]})
        chk = {"op": "before_last", "r": r, "o": o, "anchor": list(a[:3])}
        if self.rng.random() < 0.5:
            q = f"In {y}, who had last {past} {ent(o)} just before {self.anchor_text(a)}?"
            cons = "had-last-just-before"
        else:
            q = f"Before {self.anchor_text(a)}, which actor was the most recent (earlier in {y}) to {bare} {ent(o)}?"
            cons = "most-recent-before"
        return self.add(q, ans, "entity", "day", "before_last", cons, chk)

    def equal_multi(self) -> bool:
        r, o = self.pick_ro()
        a = self.anchor_for(o) if self.rng.random() < 0.6 else None
        if a is None:
            k = self.sro_keys[self.rng.randrange(len(self.sro_keys))]
            if not self.unique_anchor(k):
                return False
            a = (k[0], k[1], k[2], self.sro[k][0])
        if (a[1], a[2]) == (r, o):
            return False
        past, _bare, _pas = REL[r]
        ad = a[3]
        month = self.rng.random() < 0.5
        if month:
            m = ad[:7]
            lo, hi = f"{m}-01", f"{m}-{calendar.monthrange(int(m[:4]), int(m[5:]))[1]:02d}"
            q = f"Who {past} {ent(o)} in the same month that {self.anchor_text(a)}?"
            cons = "same-month-as-event"
        else:
            lo = hi = ad
            q = f"On the very day that {self.anchor_text(a)}, who {past} {ent(o)}?"
            cons = "same-day-as-event"
        ans = self.subj(r, o, lo, hi)
        chk = {"op": "rel_subjects", "r": r, "o": o, "anchor": list(a[:3]), "mode": "month" if month else "day"}
        return self.add(q, ans, "entity", "month" if month else "day", "equal_multi", cons, chk)


CHECK_RANGE = """
MATCH (o:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity)
WHERE o.name = $o AND e.relation = $r AND toString(e.valid_from) >= $from AND toString(e.valid_from) <= $to
  AND s.name <> coalesce($exclude, '')
RETURN collect(DISTINCT s.name) AS a"""
CHECK_TIMES = """
MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
MATCH (e)-[:SUBJECT]->(:Entity {name: $s})
WHERE toString(e.valid_from) >= $from AND toString(e.valid_from) <= $to
RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $len)) AS a"""
CHECK_EXT_SUBJ = """
MATCH (e:Event)-[:OBJECT]->(o:Entity {name: $o})
WHERE e.relation = $r AND e.valid_from >= date($from) AND e.valid_from <= date($to)
WITH o, CASE WHEN $first THEN min(e.valid_from) ELSE max(e.valid_from) END AS x
MATCH (o)<-[:OBJECT]-(e2:Event {relation: $r, valid_from: x})-[:SUBJECT]->(s:Entity)
RETURN collect(DISTINCT s.name) AS a"""
CHECK_EXT_TIME = """
MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o})
WHERE e.valid_from >= date($from) AND e.valid_from <= date($to)
WITH CASE WHEN $first THEN min(e.valid_from) ELSE max(e.valid_from) END AS x
RETURN [substring(toString(x), 0, $len)] AS a"""
ANCHOR = """
MATCH (:Entity {name: $as})<-[:SUBJECT]-(an:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao})
WITH collect(an.valid_from) AS ads WHERE size(ads) = 1
WITH ads[0] AS ad
"""
CHECK_REL = (
    ANCHOR
    + """
WITH ad, CASE $mode
  WHEN 'after' THEN [ad + duration('P1D'), date({year: ad.year, month: 12, day: 31})]
  WHEN 'before' THEN [date({year: ad.year, month: 1, day: 1}), ad - duration('P1D')]
  WHEN 'month' THEN [date.truncate('month', ad), date.truncate('month', ad) + duration('P1M') - duration('P1D')]
  ELSE [ad, ad] END AS w
MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity)
WHERE w[0] <= e.valid_from <= w[1]
RETURN collect(DISTINCT s.name) AS a"""
)
CHECK_AFTER_FIRST = (
    ANCHOR
    + """
MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})
WHERE e.valid_from > ad AND e.valid_from <= date($hi)
WITH o, min(e.valid_from) AS x
MATCH (o)<-[:OBJECT]-(:Event {relation: $r, valid_from: x})-[:SUBJECT]->(s:Entity)
RETURN collect(DISTINCT s.name) AS a"""
)
CHECK_BEFORE_LAST = (
    ANCHOR
    + """
MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})
WHERE e.valid_from < ad AND e.valid_from.year = ad.year
WITH o, max(e.valid_from) AS x
MATCH (o)<-[:OBJECT]-(:Event {relation: $r, valid_from: x})-[:SUBJECT]->(s:Entity)
RETURN collect(DISTINCT s.name) AS a"""
)


def second_check(store: Any, c: dict, hi: str) -> list[str]:
    op = c["op"]
    if op == "subjects":
        rows = store.run(
            CHECK_RANGE, {"o": c["o"], "r": c["r"], "from": c["from"], "to": c["to"], "exclude": c.get("exclude")}
        )
    elif op == "times":
        rows = store.run(CHECK_TIMES, {k: c[k] for k in ("s", "r", "o", "from", "to", "len")})
    elif op == "extreme_subjects":
        rows = store.run(CHECK_EXT_SUBJ, {k: c[k] for k in ("r", "o", "from", "to", "first")})
    elif op == "extreme_time":
        rows = store.run(CHECK_EXT_TIME, {k: c[k] for k in ("s", "r", "o", "from", "to", "first", "len")})
    else:
        an = {"as": c["anchor"][0], "ar": c["anchor"][1], "ao": c["anchor"][2], "r": c["r"], "o": c["o"]}
        if op == "rel_subjects":
            rows = store.run(CHECK_REL, {**an, "mode": c["mode"]})
        elif op == "after_first":
            rows = store.run(CHECK_AFTER_FIRST, {**an, "hi": hi})
        else:
            rows = store.run(CHECK_BEFORE_LAST, an)
    return sorted(rows[0]["a"]) if rows else []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=("mtq", "bench"), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    st = connect(load_settings(), start_managed=False, ensure_schema=False)
    rows = st.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    facts = sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})
    g = Gen(args.store, facts)
    scale = 1.0 if args.store == "mtq" else 0.7
    plan = [
        (g.eq_day, 12),
        (g.eq_month, 9),
        (g.eq_year, 6),
        (g.eq_window, 16),
        (g.eq_time, 12),
        (g.first_last_ent, 9),
        (g.first_last_time, 9),
        (g.before_after_date, 7),
        (g.before_after_event, 7),
        (g.after_first, 7),
        (g.before_last, 7),
        (g.equal_multi, 9),
    ]
    for fn, n in plan:
        g.loop(round(n * scale), fn)
    prefix = "b37m" if args.store == "mtq" else "b37i"
    kept = []
    for q in g.out:
        chk = q["check"]
        again = second_check(st, chk, g.hi)
        q["check_agrees"] = again == sorted(q["answers"])
        if not q["check_agrees"]:
            print("DISAGREE", q["question"], q["answers"], again)
            continue
        kept.append(q)
    with open(args.out, "w", encoding="utf-8") as fh:
        for i, q in enumerate(kept):
            qid = f"{prefix}{i:03d}"
            rec = {"quid": qid, "id": qid, **q}
            rec["check"] = json.dumps(rec["check"], sort_keys=True)
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{args.store}: generated {len(g.out)}, kept {len(kept)}, disagreements {len(g.out) - len(kept)}")
    st.close()


if __name__ == "__main__":
    main()
