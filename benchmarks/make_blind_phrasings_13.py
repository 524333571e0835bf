"""Blind held-out set 13: hand-written English constructions over the KG, gold answers computed from the store.

Usage (read-only against running stores)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_13.py --store mtq --n 80 --out DIR/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_13.py --store icews14 --n 60 --out DIR/blind_icews14.jsonl

Every event of the store is loaded once (one Cypher read) and the gold of each question is computed over the whole
store; questions are only asked about the period where the KG is complete (icews05-15: 2014-2015; icews14: all),
and "first"/"before" questions on icews05-15 are scoped to that period by their wording. Each record keeps a ``check``
spec; ``--verify`` recomputes every gold with one Cypher query per question written independently of the Python
gold, and reports how many agree. Seed 20261213.
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261213
D = dt.date

# relation -> list of (past "X {v} Y", base "did X {v} Y", passive "Y was {v} by X" or None)
REL: dict[str, list[tuple[str, str, str | None]]] = {
    "Consult": [("held talks with", "hold talks with", None), ("consulted", "consult", "consulted")],
    "Make_an_appeal_or_request": [
        ("appealed to", "appeal to", "appealed to"),
        ("put a request to", "put a request to", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("said they wanted to meet", "say they wanted to meet", None),
        ("signalled willingness to sit down with", "signal willingness to sit down with", None),
    ],
    "Make_a_visit": [("visited", "visit", "visited"), ("travelled to", "travel to", None)],
    "Host_a_visit": [("hosted", "host", "hosted"), ("received a visit from", "receive a visit from", None)],
    "Praise_or_endorse": [("praised", "praise", "praised"), ("spoke highly of", "speak highly of", None)],
    "Criticize_or_denounce": [("criticised", "criticise", "criticised"), ("denounced", "denounce", "denounced")],
    "Accuse": [("accused", "accuse", "accused"), ("levelled accusations at", "level accusations at", None)],
    "Engage_in_negotiation": [
        ("negotiated with", "negotiate with", None),
        ("held negotiations with", "hold negotiations with", None),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with", "offer to cooperate with", None),
        ("voiced readiness to work with", "voice readiness to work with", None),
    ],
    "Sign_formal_agreement": [
        ("signed a formal agreement with", "sign a formal agreement with", None),
        ("inked a deal with", "ink a deal with", None),
    ],
    "Demand": [("made demands of", "make demands of", None), ("issued a demand to", "issue a demand to", None)],
    "Threaten": [("threatened", "threaten", "threatened")],
    "Reject": [("rejected", "reject", "rejected"), ("turned down", "turn down", "turned down")],
    "Discuss_by_telephone": [("phoned", "phone", "phoned"), ("spoke by telephone with", "speak by phone with", None)],
    "Engage_in_diplomatic_cooperation": [("cooperated diplomatically with", "cooperate diplomatically with", None)],
    "Use_conventional_military_force": [
        ("used military force against", "use military force against", None),
        ("used conventional force against", "use conventional force against", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested or charged", "arrest or charge", "arrested or charged"),
        ("detained", "detain", "detained"),
    ],
    "Investigate": [
        ("investigated", "investigate", "investigated"),
        ("opened an investigation into", "open an investigation into", None),
    ],
    "Provide_humanitarian_aid": [("sent humanitarian aid to", "send humanitarian aid to", None)],
    "Make_optimistic_comment": [
        ("made upbeat remarks about", "make upbeat remarks about", None),
        ("sounded optimistic about", "sound optimistic about", None),
    ],
}

SECTORS = {
    "Police": ["the police in {c}", "police in {c}", "{c}'s police"],
    "Citizen": ["the citizens of {c}", "ordinary citizens in {c}", "{c}'s citizens"],
    "Government": ["the government of {c}", "{c}'s government", "the {c} government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Military": ["the military of {c}", "{c}'s military"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs officials"],
    "Business": ["businesses in {c}", "the business community in {c}"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Military Personnel": ["military personnel in {c}", "soldiers from {c}"],
}

HOLIDAYS = {
    (1, 1): "New Year's Day {y}",
    (2, 14): "Valentine's Day {y}",
    (7, 4): "the Fourth of July {y}",
    (7, 14): "Bastille Day {y}",
    (10, 31): "Halloween {y}",
    (12, 24): "Christmas Eve {y}",
    (12, 25): "Christmas Day {y}",
    (12, 31): "New Year's Eve {y}",
}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class Gen:
    def __init__(self, store: str, events: list[tuple[str, str, str, dt.date]], rng: random.Random) -> None:
        self.store = store
        self.rng = rng
        self.lo, self.hi = (D(2014, 1, 1), D(2015, 12, 31)) if store == "mtq" else (D(2014, 1, 1), D(2014, 12, 31))
        self.by_ro: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[dt.date]] = defaultdict(list)
        for s, r, o, d in events:
            if r not in REL:
                continue
            self.by_ro[(r, o)].append((d, s))
            self.by_sro[(s, r, o)].append(d)
        for v in self.by_ro.values():
            v.sort()
        for days in self.by_sro.values():
            days.sort()
        self.ro_keys = sorted(k for k in self.by_ro if self.nameable(k[1]))
        self.sro_keys = sorted(k for k in self.by_sro if self.nameable(k[0]) and self.nameable(k[2]))
        self.seen: set[str] = set()
        self.out: list[dict[str, Any]] = []

    # ---- wording helpers -------------------------------------------------------------------------------
    @staticmethod
    def nameable(name: str) -> bool:
        if "(" not in name:
            return True
        head, _, rest = name.partition(" (")
        return head in SECTORS and rest.endswith(")") and "(" not in rest

    def ent(self, name: str, start: bool = False) -> str:
        if "(" not in name:
            return name
        head, _, rest = name.partition(" (")
        country = rest[:-1]
        text = self.rng.choice(SECTORS[head]).format(c=country)
        if country.endswith("s"):  # "United States's" -> "United States'"
            text = text.replace(f"{country}'s", f"{country}'")
        return text[0].upper() + text[1:] if start else text

    def day(self, d: dt.date) -> str:
        if (d.month, d.day) in HOLIDAYS and self.rng.random() < 0.7:
            return "on " + HOLIDAYS[(d.month, d.day)].format(y=d.year)
        m = calendar.month_name[d.month]
        k = self.rng.randrange(6)
        if k == 0:
            return f"on {d.day} {m} {d.year}"
        if k == 1:
            return f"on {m} {d.day}, {d.year}"
        if k == 2:
            return f"on the {ordinal(d.day)} of {m} {d.year}"
        if k == 3:
            return f"on {d.isoformat()}"
        if k == 4:
            ref = d + dt.timedelta(days=1)
            return (
                f"the day before {ref.day} {m if ref.month == d.month else calendar.month_name[ref.month]} {ref.year}"
            )
        ref = d - dt.timedelta(days=2)
        return f"two days after {calendar.month_name[ref.month]} {ordinal(ref.day)}, {ref.year}"

    def month(self, y: int, m: int) -> str:
        name = calendar.month_name[m]
        return self.rng.choice(
            [f"in {name} {y}", f"during {name} of {y}", f"in the month of {name} {y}", f"back in {name} {y}"]
        )

    def window(self) -> tuple[str, dt.date, dt.date]:
        y = self.rng.randrange(self.lo.year, self.hi.year + 1)
        k = self.rng.randrange(5)
        if k == 0:
            q = self.rng.randrange(1, 5)
            a, b = D(y, 3 * q - 2, 1), D(y, 3 * q, calendar.monthrange(y, 3 * q)[1])
            text = self.rng.choice(
                [f"in Q{q} {y}", f"in the {['first', 'second', 'third', 'fourth'][q - 1]} quarter of {y}"]
            )
            return text, a, b
        if k == 1:
            h = self.rng.randrange(2)
            return f"in the {['first', 'second'][h]} half of {y}", D(y, 1 + 6 * h, 1), D(y, 6 + 6 * h, 30 + h)
        if k == 2:
            return f"over the summer of {y} (June to August)", D(y, 6, 1), D(y, 8, 31)
        if k == 3:
            a = D(y, 1, 1) + dt.timedelta(days=self.rng.randrange(350))
            b = a + dt.timedelta(days=6)
            ma, mb = calendar.month_name[a.month], calendar.month_name[b.month]
            span = f"{a.day} and {b.day} {ma}" if a.month == b.month else f"{a.day} {ma} and {b.day} {mb}"
            return f"between {span} {y}", a, b
        m = self.rng.randrange(1, 12)
        a, b = D(y, m, 1), D(y, m + 1, calendar.monthrange(y, m + 1)[1])
        return f"from {calendar.month_name[m]} through {calendar.month_name[m + 1]} {y}", a, b

    def phr(self, r: str) -> tuple[str, str, str | None]:
        return self.rng.choice(REL[r])

    # ---- bookkeeping -------------------------------------------------------------------------------------
    def add(
        self, label: str, qtype: str, q: str, answers: list[str], atype: str, level: str, check: dict[str, Any]
    ) -> bool:
        q = q[0].upper() + q[1:]
        if not answers or len(answers) > 5 or q in self.seen:
            return False
        self.seen.add(q)
        self.out.append(
            {
                "quid": "",
                "question": q,
                "answers": sorted(answers),
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
                "construction": label,
                "store": "icews05-15" if self.store == "mtq" else "icews14",
                "evidence": [],
                "check": check,
            }
        )
        return True

    def inside(self, d: dt.date) -> bool:
        return self.lo <= d <= self.hi

    def subj(self, r: str, o: str, a: dt.date, b: dt.date) -> list[str]:
        return sorted({s for d, s in self.by_ro[(r, o)] if a <= d <= b})

    # ---- constructions ------------------------------------------------------------------------------------
    def c_equal_day(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        d, _ = self.rng.choice(self.by_ro[(r, o)])
        if not self.inside(d):
            return False
        gold = self.subj(r, o, d, d)
        past, _, pas = self.phr(r)
        when = self.day(d)
        if pas and self.rng.random() < 0.4:
            q = (
                f"{when[0].upper() + when[1:]}, {self.ent(o)} was {pas} by whom?"
                if self.rng.random() < 0.5
                else f"By whom was {self.ent(o)} {pas} {when}?"
            )
        else:
            q = self.rng.choice(
                [
                    f"Who {past} {self.ent(o)} {when}?",
                    f"{when[0].upper() + when[1:]}, which actor {past} {self.ent(o)}?",
                ]
            )
        return self.add(
            "equal_day", "equal", q, gold, "entity", "day", {"k": "ro", "r": r, "o": o, "a": str(d), "b": str(d)}
        )

    def c_equal_month(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        d, _ = self.rng.choice(self.by_ro[(r, o)])
        if not self.inside(d):
            return False
        a, b = D(d.year, d.month, 1), D(d.year, d.month, calendar.monthrange(d.year, d.month)[1])
        gold = self.subj(r, o, a, b)
        past, _, _ = self.phr(r)
        when = self.month(d.year, d.month)
        q = self.rng.choice(
            [
                f"Who {past} {self.ent(o)} {when}?",
                f"{when[0].upper() + when[1:]}, who {past} {self.ent(o)}?",
                f"Can you tell me which actors {past} {self.ent(o)} {when}?",
            ]
        )
        return self.add(
            "equal_month", "equal", q, gold, "entity", "month", {"k": "ro", "r": r, "o": o, "a": str(a), "b": str(b)}
        )

    def c_equal_year(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        d, _ = self.rng.choice(self.by_ro[(r, o)])
        if not self.inside(d):
            return False
        gold = self.subj(r, o, D(d.year, 1, 1), D(d.year, 12, 31))
        past, _, pas = self.phr(r)
        opts = [
            f"Who {past} {self.ent(o)} in {d.year}?",
            f"Over the course of {d.year}, who {past} {self.ent(o)}?",
            f"Which actors {past} {self.ent(o)} at some point in {d.year}?",
        ]
        if pas:
            opts.append(f"In {d.year}, {self.ent(o)} was {pas} by whom?")
        q = self.rng.choice(opts)
        return self.add(
            "equal_year",
            "equal",
            q,
            gold,
            "entity",
            "year",
            {"k": "ro", "r": r, "o": o, "a": f"{d.year}-01-01", "b": f"{d.year}-12-31"},
        )

    def c_equal_window(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        text, a, b = self.window()
        gold = self.subj(r, o, a, b)
        past, _, _ = self.phr(r)
        q = self.rng.choice(
            [
                f"Who {past} {self.ent(o)} {text}?",
                f"{text[0].upper() + text[1:]}, who {past} {self.ent(o)}?",
                f"I'm looking for everyone who {past} {self.ent(o)} {text}.",
            ]
        )
        level = "day" if text.startswith("between") else "month"
        return self.add(
            "equal_window", "equal", q, gold, "entity", level, {"k": "ro", "r": r, "o": o, "a": str(a), "b": str(b)}
        )

    def c_when_day(self) -> bool:
        s, r, o = self.rng.choice(self.sro_keys)
        ds = self.by_sro[(s, r, o)]
        y = ds[0].year
        scoped = self.store == "mtq"
        if not self.inside(ds[0]):
            return False
        within = [d for d in ds if d.year == y] if scoped else ds
        if len(within) != 1:
            return False
        d = within[0]
        past, base, _ = self.phr(r)
        scope = f" in {y}" if scoped else ""
        q = self.rng.choice(
            [
                f"When{scope} did {self.ent(s)} {base} {self.ent(o)}?",
                f"What date{scope} did {self.ent(s)} {base} {self.ent(o)}?",
                f"{self.ent(s, True)} {past} {self.ent(o)}{scope} - on what date?",
                f"Which day{scope} saw {self.ent(s)} {base} {self.ent(o)}?",
            ]
        )
        return self.add(
            "when_day",
            "equal",
            q,
            [str(d)],
            "time",
            "day",
            {
                "k": "days",
                "s": s,
                "r": r,
                "o": o,
                "a": f"{y}-01-01" if scoped else str(self.lo),
                "b": f"{y}-12-31" if scoped else str(self.hi),
                "g": "day",
                "f": "all",
            },
        )

    def c_when_month(self) -> bool:
        s, r, o = self.rng.choice(self.sro_keys)
        ds = self.by_sro[(s, r, o)]
        y = self.rng.randrange(self.lo.year, self.hi.year + 1)
        within = [d for d in ds if d.year == y]
        months = sorted({f"{d.year}-{d.month:02d}" for d in within})
        if len(months) != 1 or len(within) < 1:
            return False
        past, base, _ = self.phr(r)
        q = self.rng.choice(
            [
                f"In which month of {y} did {self.ent(s)} {base} {self.ent(o)}?",
                f"What month in {y} was it when {self.ent(s)} {past} {self.ent(o)}?",
                f"{y}: which month did {self.ent(s)} {base} {self.ent(o)}?",
            ]
        )
        return self.add(
            "when_month",
            "equal",
            q,
            months,
            "time",
            "month",
            {"k": "days", "s": s, "r": r, "o": o, "a": f"{y}-01-01", "b": f"{y}-12-31", "g": "month", "f": "all"},
        )

    def c_first_last_time(self) -> bool:
        s, r, o = self.rng.choice(self.sro_keys)
        ds = self.by_sro[(s, r, o)]
        if len(ds) < 2:
            return False
        past, base, _ = self.phr(r)
        last = self.rng.random() < 0.55
        level = self.rng.choice(["day", "month", "year"] if self.store == "mtq" else ["day", "month"])
        if last:
            d = ds[-1]
            if not self.inside(d):
                return False
            a, b = str(D(2005, 1, 1)) if self.store == "mtq" else str(self.lo), str(self.hi)
            what = {"day": "On what day", "month": "In which month", "year": "Which year"}[level]
            q = self.rng.choice(
                [
                    f"{what} did {self.ent(s)} last {base} {self.ent(o)}?",
                    f"{what} did {self.ent(s)} most recently {base} {self.ent(o)}?",
                ]
            )
        else:
            y = self.rng.randrange(self.lo.year, self.hi.year + 1)
            within = [d for d in ds if d.year == y]
            if len(within) < 2 or level == "year":
                return False
            d = within[0]
            a, b = f"{y}-01-01", f"{y}-12-31"
            what = {"day": "what day", "month": "which month"}[level]
            q = self.rng.choice(
                [
                    f"In {y}, on {what} did {self.ent(s)} first {base} {self.ent(o)}?".replace(
                        "on which month", "in which month"
                    ),
                    f"{self.ent(s, True)} {past} {self.ent(o)} more than once in {y}; {what} was the first time?",
                ]
            )
        ans = {"day": str(d), "month": f"{d.year}-{d.month:02d}", "year": str(d.year)}[level]
        return self.add(
            f"{'last' if last else 'first'}_time_{level}",
            "first_last",
            q,
            [ans],
            "time",
            level,
            {"k": "days", "s": s, "r": r, "o": o, "a": a, "b": b, "g": level, "f": "last" if last else "first"},
        )

    def c_first_last_entity(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        evs = self.by_ro[(r, o)]
        if len(evs) < 3:
            return False
        past, base, _ = self.phr(r)
        if self.rng.random() < 0.5:
            d = evs[-1][0]
            if not self.inside(d):
                return False
            gold = sorted({s for dd, s in evs if dd == d})
            a, b = str(evs[0][0]), str(self.hi)
            q = self.rng.choice(
                [
                    f"Who was the last to {base} {self.ent(o)}?",
                    f"Who most recently {past} {self.ent(o)}?",
                    f"Of everyone who has {past} {self.ent(o)}, who did so last?",
                ]
            )
            f = "last"
        else:
            y = self.rng.randrange(self.lo.year, self.hi.year + 1)
            within = [(dd, s) for dd, s in evs if dd.year == y]
            if len(within) < 2:
                return False
            d = within[0][0]
            gold = sorted({s for dd, s in within if dd == d})
            a, b = f"{y}-01-01", f"{y}-12-31"
            q = self.rng.choice(
                [
                    f"Who was the first to {base} {self.ent(o)} in {y}?",
                    f"In {y}, who {past} {self.ent(o)} first?",
                    f"Which actor was first in {y} to {base} {self.ent(o)}?",
                ]
            )
            f = "first"
        return self.add(
            f"{f}_entity", "first_last", q, gold, "entity", "day", {"k": "ext", "r": r, "o": o, "a": a, "b": b, "f": f}
        )

    def c_before_after_date(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        d, _ = self.rng.choice(self.by_ro[(r, o)])
        if not self.inside(d):
            return False
        past, _, _ = self.phr(r)
        after = (self.store == "icews14" and self.rng.random() < 0.5) or (
            self.store == "mtq" and self.rng.random() < 0.6
        )
        m = calendar.month_name[d.month]
        if after:
            a, b = d + dt.timedelta(days=1), self.hi
            q = self.rng.choice(
                [
                    f"Who {past} {self.ent(o)} after {d.day} {m} {d.year}?",
                    f"After {m} {d.day}, {d.year}, who {past} {self.ent(o)}?",
                ]
            )
        else:
            a, b = self.lo, d - dt.timedelta(days=1)
            if self.store == "mtq":
                q = self.rng.choice(
                    [
                        f"Between the start of {d.year} and {m} {d.day}, {d.year} (exclusive), "
                        f"who {past} {self.ent(o)}?",
                        f"In {d.year} but before {d.day} {m}, who {past} {self.ent(o)}?",
                        f"From January {d.year} up to, but not including, {m} {d.day}, who {past} {self.ent(o)}?",
                    ]
                )
                a = D(d.year, 1, 1)
            else:
                q = self.rng.choice(
                    [
                        f"Who {past} {self.ent(o)} before {d.day} {m} {d.year}?",
                        f"Before the {ordinal(d.day)} of {m} {d.year}, who {past} {self.ent(o)}?",
                    ]
                )
        if a > b:
            return False
        gold = self.subj(r, o, a, b)
        return self.add(
            "after_date" if after else "before_date",
            "before_after",
            q,
            gold,
            "entity",
            "day",
            {"k": "ro", "r": r, "o": o, "a": str(a), "b": str(b)},
        )

    def anchor(self) -> tuple[str, str, str, dt.date] | None:
        s, r, o = self.rng.choice(self.sro_keys)
        ds = self.by_sro[(s, r, o)]
        if len(ds) != 1 or not self.inside(ds[0]):
            return None
        return s, r, o, ds[0]

    def c_anchor_before_after(self) -> bool:
        an = self.anchor()
        if an is None:
            return False
        s1, r, o, d = an
        past, _, _ = self.phr(r)
        after = self.rng.random() < 0.55
        if after:
            a, b = d + dt.timedelta(days=1), self.hi
            q = self.rng.choice(
                [
                    f"After {self.ent(s1)} {past} {self.ent(o)}, who else {past} {self.ent(o)}?",
                    f"Who {past} {self.ent(o)} after {self.ent(s1)} had done so?",
                ]
            )
        else:
            a, b = (D(d.year, 1, 1) if self.store == "mtq" else self.lo), d - dt.timedelta(days=1)
            scope = f"Earlier in {d.year}, before" if self.store == "mtq" else "Before"
            q = f"{scope} {self.ent(s1)} {past} {self.ent(o)}, who else had {past} {self.ent(o)}?"
        if a > b:
            return False
        gold = [x for x in self.subj(r, o, a, b) if x != s1]
        return self.add(
            "after_anchor" if after else "before_anchor",
            "before_after",
            q,
            gold,
            "entity",
            "day",
            {"k": "ro", "r": r, "o": o, "a": str(a), "b": str(b), "x": s1, "anchor": [s1, r, o, str(d)]},
        )

    def c_after_first_before_last(self) -> bool:
        an = self.anchor()
        if an is None:
            return False
        s1, r, o, d = an
        past, base, _ = self.phr(r)
        evs = self.by_ro[(r, o)]
        if self.rng.random() < 0.55:
            later = [(dd, s) for dd, s in evs if dd > d]
            if not later:
                return False
            g = later[0][0]
            gold = sorted({s for dd, s in later if dd == g})
            q = self.rng.choice(
                [
                    f"Who was the first to {base} {self.ent(o)} after {self.ent(s1)} did?",
                    f"Once {self.ent(s1)} had {past} {self.ent(o)}, who was next to do so?",
                ]
            )
            lab, qt, a, b, f = "after_first", "after_first", str(d + dt.timedelta(days=1)), str(self.hi), "first"
        else:
            earlier = [(dd, s) for dd, s in evs if dd < d]
            if not earlier or not self.inside(earlier[-1][0]):
                return False
            g = earlier[-1][0]
            gold = sorted({s for dd, s in earlier if dd == g})
            q = self.rng.choice(
                [
                    f"Who was the last to {base} {self.ent(o)} before {self.ent(s1)} did?",
                    f"Just before {self.ent(s1)} {past} {self.ent(o)}, who had last done so?",
                ]
            )
            lab, qt, a, b, f = "before_last", "before_last", str(self.lo), str(d - dt.timedelta(days=1)), "last"
        if s1 in gold:
            return False
        return self.add(
            lab,
            qt,
            q,
            gold,
            "entity",
            "day",
            {"k": "ext", "r": r, "o": o, "a": a, "b": b, "f": f, "anchor": [s1, r, o, str(d)]},
        )

    def c_same_month(self) -> bool:
        s1, r, o = self.rng.choice(self.sro_keys)
        ds = self.by_sro[(s1, r, o)]
        months = {(x.year, x.month) for x in ds}
        if len(months) != 1 or not self.inside(ds[0]):
            return False
        y, m = next(iter(months))
        a, b = D(y, m, 1), D(y, m, calendar.monthrange(y, m)[1])
        gold = [x for x in self.subj(r, o, a, b) if x != s1]
        past, _, _ = self.phr(r)
        q = self.rng.choice(
            [
                f"Who else {past} {self.ent(o)} in the same month as {self.ent(s1)}?",
                f"In the month {self.ent(s1)} {past} {self.ent(o)}, which other actors did the same?",
            ]
        )
        return self.add(
            "same_month",
            "equal_multi",
            q,
            gold,
            "entity",
            "month",
            {"k": "ro", "r": r, "o": o, "a": str(a), "b": str(b), "x": s1, "anchor_sro": [s1, r, o]},
        )

    def c_same_day_other(self) -> bool:
        an = self.anchor()
        if an is None:
            return False
        s1, r1, o1, d = an
        cands = [k for k in ((r, o) for r in REL for o in [o1]) if k in self.by_ro and k[0] != r1]
        if not cands:
            return False
        r, o = self.rng.choice(cands)
        gold = self.subj(r, o, d, d)
        past1, _, _ = self.phr(r1)
        past, _, _ = self.phr(r)
        q = self.rng.choice(
            [
                f"On the day {self.ent(s1)} {past1} {self.ent(o1)}, who {past} {self.ent(o)}?",
                f"Who {past} {self.ent(o)} on the same day that {self.ent(s1)} {past1} {self.ent(o1)}?",
            ]
        )
        return self.add(
            "same_day_other_event",
            "equal_multi",
            q,
            gold,
            "entity",
            "day",
            {"k": "ro", "r": r, "o": o, "a": str(d), "b": str(d), "anchor": [s1, r1, o1, str(d)]},
        )

    def c_first_in_month(self) -> bool:
        r, o = self.rng.choice(self.ro_keys)
        d0, _ = self.rng.choice(self.by_ro[(r, o)])
        if not self.inside(d0):
            return False
        a, b = D(d0.year, d0.month, 1), D(d0.year, d0.month, calendar.monthrange(d0.year, d0.month)[1])
        within = [(dd, s) for dd, s in self.by_ro[(r, o)] if a <= dd <= b]
        if len({dd for dd, _ in within}) < 2:
            return False
        last = self.rng.random() < 0.5
        g = within[-1][0] if last else within[0][0]
        gold = sorted({s for dd, s in within if dd == g})
        _, base, _ = self.phr(r)
        mn = calendar.month_name[d0.month]
        word = "last" if last else "first"
        q = self.rng.choice(
            [
                f"Who was the {word} to {base} {self.ent(o)} in {mn} {d0.year}?",
                f"In {mn} {d0.year}, which actor was {word} to {base} {self.ent(o)}?",
            ]
        )
        return self.add(
            f"{word}_in_month",
            "equal_multi",
            q,
            gold,
            "entity",
            "day",
            {"k": "ext", "r": r, "o": o, "a": str(a), "b": str(b), "f": word},
        )


PLAN = [  # (construction, share)
    ("c_equal_day", 9),
    ("c_equal_month", 8),
    ("c_equal_year", 6),
    ("c_equal_window", 8),
    ("c_when_day", 7),
    ("c_when_month", 6),
    ("c_first_last_time", 10),
    ("c_first_last_entity", 9),
    ("c_before_after_date", 9),
    ("c_anchor_before_after", 9),
    ("c_after_first_before_last", 9),
    ("c_same_month", 6),
    ("c_same_day_other", 5),
    ("c_first_in_month", 5),
]


def load_events(st: Any) -> list[tuple[str, str, str, dt.date]]:
    rows = st.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    return [(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows]


# ---- second, independent gold: one Cypher query per question, string dates and Cypher aggregation ---------------
CHECK_RO = """
MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity)
WITH s, toString(e.valid_from) AS ds WHERE ds >= $a AND ds <= $b AND s.name <> coalesce($x, '')
RETURN collect(DISTINCT s.name) AS names
"""
CHECK_EXT = """
MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity)
WITH s.name AS n, toString(e.valid_from) AS ds WHERE ds >= $a AND ds <= $b
WITH collect([ds, n]) AS pairs
WITH pairs, reduce(m = null, p IN pairs |
     CASE WHEN m IS NULL OR ($f = 'first' AND p[0] < m) OR ($f = 'last' AND p[0] > m) THEN p[0] ELSE m END) AS best
RETURN [p IN pairs WHERE p[0] = best | p[1]] AS names
"""
CHECK_DAYS = """
MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r
WITH toString(e.valid_from) AS ds WHERE ds >= $a AND ds <= $b
RETURN collect(ds) AS days
"""
CHECK_UNIQUE = """
MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o}) WHERE e.relation = $r
RETURN collect(toString(e.valid_from)) AS days
"""


def verify(st: Any, rec: dict[str, Any]) -> bool:
    c = rec["check"]
    p = {"r": c["r"], "o": c["o"], "a": c["a"], "b": c["b"], "x": c.get("x"), "f": c.get("f"), "s": c.get("s")}
    if "anchor" in c:  # the anchor event is the only one of its kind in the whole store
        s1, r1, o1, d1 = c["anchor"]
        if st.run(CHECK_UNIQUE, {"s": s1, "r": r1, "o": o1})[0]["days"] != [d1]:
            return False
    if "anchor_sro" in c:  # all of the anchor's events fall in the asked month
        s1, r1, o1 = c["anchor_sro"]
        if {d[:7] for d in st.run(CHECK_UNIQUE, {"s": s1, "r": r1, "o": o1})[0]["days"]} != {c["a"][:7]}:
            return False
    if c["k"] == "ro":
        got = sorted(set(st.run(CHECK_RO, p)[0]["names"]))
    elif c["k"] == "ext":
        got = sorted(set(st.run(CHECK_EXT, p)[0]["names"]))
    else:
        days = sorted(st.run(CHECK_DAYS, p)[0]["days"])
        if not days:
            return False
        cut = {"day": 10, "month": 7, "year": 4}[c["g"]]
        if c["f"] == "all":
            got = sorted({x[:cut] for x in days})
        else:
            got = [(days[0] if c["f"] == "first" else days[-1])[:cut]]
    return got == rec["answers"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=["mtq", "icews14"], required=True)
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(SEED)
    st = connect(load_settings(), start_managed=False, ensure_schema=False)
    g = Gen(args.store, load_events(st), rng)
    total = sum(w for _, w in PLAN)
    for name, w in PLAN:
        want, tries, got = max(1, round(args.n * w / total)), 0, 0
        while got < want and tries < 4000:
            tries += 1
            got += bool(getattr(g, name)())
    agree = 0
    prefix = "b13m" if args.store == "mtq" else "b13i"
    with args.out.open("w") as fh:
        for i, rec in enumerate(g.out):
            rec["quid"] = rec["id"] = f"{prefix}{i:03d}"
            ok = verify(st, rec)
            agree += ok
            rec["check_agrees"] = ok
            fh.write(json.dumps(rec) + "\n")
    counts: dict[str, int] = defaultdict(int)
    for rec in g.out:
        counts[rec["construction"]] += 1
    print(
        json.dumps(
            {"n": len(g.out), "second_check_agrees": agree, "per_construction": dict(sorted(counts.items()))}, indent=1
        )
    )


if __name__ == "__main__":
    main()
