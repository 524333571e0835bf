"""Blind held-out phrasing set no. 8: MultiTQ-type questions in free wording, gold computed exactly from the store.

usage (env selects the store: TKGRAG_INSTANCE / TKGRAG_BOLT_PORT / TKGRAG_HTTP_PORT):
    python benchmarks/make_blind_phrasings_8.py --store mtq --n 80 --out DIR/blind_mtq.jsonl
    python benchmarks/make_blind_phrasings_8.py --store icews14 --n 60 --out DIR/blind_icews14.jsonl

Gold answers come from one pull of the store's events (Python over the whole store); every gold is then rechecked by a
second, independently written Cypher aggregate per question, and questions where the two disagree are dropped. Only
the complete period counts: icews05-15 2014-01-01..2015-12-31 (first/before wordings are scoped inside it), all of
icews14. Anchor events are unique in the whole store. Reads only.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261208
NOPASS = "\x00"  # no natural passive: templates that would use it are skipped
MAX_GOLD = 5

# relation -> (past active "X {v} O", passive participle "O was {p} by X", base "did X {b} O")
REL: dict[str, list[tuple[str, str, str]]] = {
    "Make_a_visit": [
        ("visited", "visited", "visit"),
        ("paid a visit to", "visited", "pay a visit to"),
    ],
    "Host_a_visit": [
        ("hosted", "hosted", "host"),
        ("welcomed", "welcomed", "welcome"),
        ("played host to", "hosted", "play host to"),
    ],
    "Criticize_or_denounce": [
        ("criticized", "criticized", "criticize"),
        ("condemned", "condemned", "condemn"),
        ("hit out at", "denounced", "hit out at"),
    ],
    "Praise_or_endorse": [
        ("praised", "praised", "praise"),
        ("spoke highly of", "endorsed", "speak highly of"),
        ("commended", "commended", "commend"),
    ],
    "Accuse": [("accused", "accused", "accuse"), ("levelled accusations at", "accused", "level accusations at")],
    "Sign_formal_agreement": [
        ("signed a formal agreement with", NOPASS, "sign a formal agreement with"),
        ("inked a deal with", NOPASS, "ink a deal with"),
    ],
    "Engage_in_negotiation": [
        ("negotiated with", "negotiated with", "negotiate with"),
        ("held talks with", "negotiated with", "hold negotiations with"),
    ],
    "Discuss_by_telephone": [
        ("phoned", "phoned", "phone"),
        ("spoke by telephone with", "called", "talk on the phone with"),
        ("had a phone call with", "rung up", "call"),
    ],
    "Make_an_appeal_or_request": [
        ("appealed to", "appealed to", "appeal to"),
        ("made a request to", "petitioned", "put a request to"),
    ],
    "Threaten": [
        ("threatened", "threatened", "threaten"),
        ("issued threats against", "threatened", "issue threats to"),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with", "offered cooperation", "offer to cooperate with"),
        (
            "said it was willing to work with",
            "extended an offer of cooperation",
            "signal willingness to cooperate with",
        ),
    ],
    "Consult": [("consulted", "consulted", "consult"), ("held consultations with", "consulted", "confer with")],
    "Demand": [
        ("made demands of", "pressed with demands", "make demands of"),
        ("demanded action from", "pressed", "press demands on"),
    ],
    "Use_conventional_military_force": [
        ("used military force against", "attacked militarily", "use military force against"),
        ("launched military action against", "targeted with military force", "attack"),
    ],
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
PLURAL = {
    "Citizen": "citizens",
    "Protester": "protesters",
    "Student": "students",
    "Men": "men",
    "Women": "women",
    "Children": "children",
    "Lawyer/Attorney": "lawyers",
    "Farm Worker": "farm workers",
    "Education": "education sector",
    "Business": "business community",
}
THE = {
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Gambia",
    "Vatican City",
    "European Union",
    "African Union",
    "Association of Southeast Asian Nations",
    "International Monetary Fund",
    "Islamic State of Iraq and the Levant",
    "World Bank",
    "Middle East",
    "Taliban",
}
COMPLETE = {"mtq": (date(2014, 1, 1), date(2015, 12, 31)), "icews14": (date(2014, 1, 1), date(2014, 12, 31))}

PULL = """
MATCH (e:Event) WHERE e.relation IN $rels
MATCH (e)-[:SUBJECT]->(s:Entity) MATCH (e)-[:OBJECT]->(o:Entity)
RETURN DISTINCT s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d
"""

# Second, independent check: aggregates in Cypher over the store, one per answer shape.
CHECK_WHO = """
MATCH (x:Entity)<-[:SUBJECT]-(ev:Event {relation: $r})-[:OBJECT]->(y:Entity {name: $o})
WHERE date($a) <= ev.valid_from <= date($b) AND NOT x.name IN $exclude
WITH x.name AS who, ev.valid_from AS d
WITH collect({who: who, d: d}) AS rows
WITH rows, CASE $pick WHEN 'min' THEN reduce(m = date('9999-01-01'), q IN rows | CASE WHEN q.d < m THEN q.d ELSE m END)
                      WHEN 'max' THEN reduce(m = date('0001-01-01'), q IN rows | CASE WHEN q.d > m THEN q.d ELSE m END)
                      ELSE null END AS pin
UNWIND rows AS q
WITH q, pin WHERE pin IS NULL OR q.d = pin
RETURN collect(DISTINCT q.who) AS gold
"""
CHECK_WHOM = """
MATCH (x:Entity {name: $s})<-[:SUBJECT]-(ev:Event {relation: $r})-[:OBJECT]->(y:Entity)
WHERE date($a) <= ev.valid_from <= date($b) AND NOT y.name IN $exclude
WITH y.name AS whom, ev.valid_from AS d ORDER BY d
WITH collect({whom: whom, d: d}) AS rows
WITH rows, CASE $pick WHEN 'min' THEN rows[0].d WHEN 'max' THEN rows[size(rows) - 1].d ELSE null END AS pin
UNWIND rows AS q
WITH q, pin WHERE pin IS NULL OR q.d = pin
RETURN collect(DISTINCT q.whom) AS gold
"""
CHECK_WHEN = """
MATCH (ev:Event {relation: $r})
WHERE (ev)-[:SUBJECT]->(:Entity {name: $s}) AND (ev)-[:OBJECT]->(:Entity {name: $o})
  AND date($a) <= ev.valid_from <= date($b)
WITH ev.valid_from AS d ORDER BY d
WITH collect(d) AS ds
WITH CASE $pick WHEN 'min' THEN [ds[0]] WHEN 'max' THEN [ds[-1]] ELSE ds END AS picked
UNWIND picked AS d
RETURN collect(DISTINCT CASE $level WHEN 'day' THEN toString(d) WHEN 'month' THEN substring(toString(d), 0, 7)
                       ELSE toString(d.year) END) AS gold
"""
CHECK_COUNT = """
MATCH (ev:Event {relation: $r})-[:SUBJECT]->(:Entity {name: $s})
WHERE EXISTS { (ev)-[:OBJECT]->(:Entity {name: $o}) }
RETURN count(DISTINCT ev.valid_from) AS n, collect(DISTINCT toString(ev.valid_from)) AS ds
"""


def nice(name: str) -> str:
    """'Police (Kenya)' -> 'the police of Kenya' (sector entities as people write them); other names as they are."""
    if name.endswith(")") and " (" in name:
        sector, where = name[:-1].split(" (", 1)
        sector = PLURAL.get(sector, sector)
        return f"the {sector.lower()} of {the(where)}"
    return the(name)


def the(name: str) -> str:
    """Country names that take an article in running text."""
    if name in THE or name.startswith(("United ", "Republic of", "Democratic Republic")):
        return "the " + name
    return name


def be(name: str) -> str:
    """'was' or 'were' for the entity as nice() writes it."""
    sector = name[:-1].split(" (", 1)[0] if name.endswith(")") and " (" in name else ""
    return "were" if sector in PLURAL and PLURAL[sector].endswith(("s", "men", "children")) else "was"


def abbr(month: int) -> str:
    name = MONTHS[month - 1]
    return name if len(name) <= 4 else name[:3] + "."


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def fmt_day(d: date, rng: random.Random) -> str:
    return rng.choice(
        [
            f"{d.day} {MONTHS[d.month - 1]} {d.year}",
            f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
            d.isoformat(),
            f"{abbr(d.month)} {d.day} {d.year}",
        ]
    )


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


class Gen:
    def __init__(self, store_name: str, rows: list[dict[str, Any]], rng: random.Random) -> None:
        self.store = store_name
        self.rng = rng
        self.lo, self.hi = COMPLETE[store_name]
        self.events: list[tuple[str, str, str, date]] = []
        self.by_ro: dict[tuple[str, str], list[tuple[str, date]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, date]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        for row in rows:
            d = row["d"].to_native()
            ev = (row["s"], row["r"], row["o"], d)
            self.events.append(ev)
            self.by_ro[(ev[1], ev[2])].append((ev[0], d))
            self.by_sr[(ev[0], ev[1])].append((ev[2], d))
            self.by_sro[(ev[0], ev[1], ev[2])].append(d)
        self.events.sort()
        self.complete = [
            e
            for e in self.events
            if self.lo <= e[3] <= self.hi
            and e[0] != e[2]
            and not any(x.endswith("(International)") or x.count("(") > 1 for x in (e[0], e[2]))
        ]

    def say(self, options: list[str]) -> str:
        return self.rng.choice([x for x in options if NOPASS not in x])

    def verb(self, r: str) -> tuple[str, str, str]:
        return self.rng.choice(REL[r])

    def pick(self) -> tuple[str, str, str, date]:
        return self.rng.choice(self.complete)

    # ---- gold helpers (Python over the whole pulled store) ----
    def who(
        self, r: str, o: str, a: date, b: date, pick: str | None = None, exclude: tuple[str, ...] = ()
    ) -> list[str]:
        rows = [(s, d) for s, d in self.by_ro[(r, o)] if a <= d <= b and s not in exclude]
        if pick and rows:
            pin = (min if pick == "min" else max)(d for _, d in rows)
            rows = [(s, d) for s, d in rows if d == pin]
        return sorted({s for s, _ in rows})

    def whom(
        self, s: str, r: str, a: date, b: date, pick: str | None = None, exclude: tuple[str, ...] = ()
    ) -> list[str]:
        rows = [(o, d) for o, d in self.by_sr[(s, r)] if a <= d <= b and o not in exclude]
        if pick and rows:
            pin = (min if pick == "min" else max)(d for _, d in rows)
            rows = [(o, d) for o, d in rows if d == pin]
        return sorted({o for o, _ in rows})

    def when(self, s: str, r: str, o: str, a: date, b: date, pick: str | None, level: str) -> list[str]:
        ds = sorted(d for d in self.by_sro[(s, r, o)] if a <= d <= b)
        if pick and ds:
            ds = [ds[0] if pick == "min" else ds[-1]]
        cut = {"day": 10, "month": 7, "year": 4}[level]
        return sorted({d.isoformat()[:cut] for d in ds})

    def unique(self, s: str, r: str, o: str) -> bool:
        return len(set(self.by_sro[(s, r, o)])) == 1

    # ---- constructions: each returns (question, answers, answer_type, level, qtype, check spec) or None ----
    def c_equal_day(self) -> Any:
        _s, r, o, d = self.pick()
        gold = self.who(r, o, d, d)
        v, p, _ = self.verb(r)
        t = fmt_day(d, self.rng)
        q = self.say(
            [
                f"Who {v} {nice(o)} on {t}?",
                f"On {t}, which actors {v} {nice(o)}?",
                f"By whom {be(o)} {nice(o)} {p} on {t}?",
                f"I'm looking for whoever {v} {nice(o)} on {t} - who was it?",
            ]
        )
        return q, gold, "entity", "day", "equal", ("who", dict(r=r, o=o, a=d, b=d, pick=None, exclude=[]))

    def c_equal_window(self) -> Any:
        _s, r, o, d = self.pick()
        kind = self.rng.choice(["month", "quarter", "days_after", "fortnight", "span"])
        v, p, _ = self.verb(r)
        if kind == "month":
            a, b = date(d.year, d.month, 1), month_end(d.year, d.month)
            t = self.rng.choice([f"in {MONTHS[d.month - 1]} {d.year}", f"during {MONTHS[d.month - 1]} of {d.year}"])
            level = "month"
        elif kind == "quarter":
            qn = (d.month - 1) // 3
            a, b = date(d.year, 3 * qn + 1, 1), month_end(d.year, 3 * qn + 3)
            t = self.rng.choice(
                [f"in Q{qn + 1} {d.year}", f"in the {['first', 'second', 'third', 'fourth'][qn]} quarter of {d.year}"]
            )
            level = "month"
        elif kind == "days_after":
            k = self.rng.choice([2, 3, 5])
            a, b = d, d + timedelta(days=k - 1)
            t = f"in the {k} days starting {fmt_day(d, self.rng)}"
            level = "day"
        elif kind == "fortnight":
            a, b = d - timedelta(days=6), d
            t = f"in the week leading up to and including {fmt_day(d, self.rng)}"
            level = "day"
        else:
            m2 = min(d.month + 1, 12)
            a, b = date(d.year, d.month, 1), month_end(d.year, m2)
            t = (
                f"between the start of {MONTHS[d.month - 1]} and the end of {MONTHS[m2 - 1]} {d.year}"
                if m2 != d.month
                else f"in {MONTHS[d.month - 1]} {d.year}"
            )
            level = "month"
        if a < self.lo or b > self.hi:
            return None
        gold = self.who(r, o, a, b)
        q = self.say(
            [
                f"Who {v} {nice(o)} {t}?",
                f"{cap(t)}, who {v} {nice(o)}?",
                f"Which parties {v} {nice(o)} {t}?",
                f"{cap(nice(o))} {be(o)} {p} by whom {t}?",
            ]
        )
        return q, gold, "entity", level, "equal", ("who", dict(r=r, o=o, a=a, b=b, pick=None, exclude=[]))

    def c_when(self) -> Any:
        s, r, o, _d = self.pick()
        level = self.rng.choice(["day", "month", "month", "year"])
        gold = self.when(s, r, o, date(1, 1, 1), date(9999, 12, 31), None, level)
        if len(gold) != 1:
            return None
        v, p, b = self.verb(r)
        ask = {
            "day": [
                "On what date did {s} {b} {o}?",
                "Which day saw {s} {b_ing} {o}?",
                "When exactly {be} {o} {p} by {s}?",
            ],
            "month": [
                "In which month did {s} {b} {o}?",
                "What month {be} {o} {p} by {s}?",
                "Which month saw {s} {b_ing} {o}?",
            ],
            "year": ["In what year did {s} {b} {o}?", "Which year was it that {s} {v} {o}?"],
        }[level]
        q = self.say([x.format(s=nice(s), o=nice(o), b=b, p=p, v=v, b_ing=ing(b), be=be(o)) for x in ask])
        q = cap(q)
        return (
            q,
            gold,
            "time",
            level,
            "equal",
            ("when", dict(s=s, r=r, o=o, a=date(1, 1, 1), b=date(9999, 12, 31), pick=None, level=level)),
        )

    def c_first_last_who(self) -> Any:
        _s, r, o, _d = self.pick()
        pick = self.rng.choice(["min", "max"])
        v, _p, b = self.verb(r)
        if pick == "max":
            a, bb = date(1, 1, 1), date(9999, 12, 31)
            q = self.say(
                [
                    f"Who was the last to {b} {nice(o)}?",
                    f"Who most recently {v} {nice(o)}?",
                    f"Which actor was the latest to {b} {nice(o)}?",
                ]
            )
        else:
            a, bb = self.lo, self.hi
            yr = "2014" if self.store == "icews14" else "the beginning of 2014"
            q = self.say(
                [f"Since {yr}, who was the first to {b} {nice(o)}?", f"Counting from {yr}, who {v} {nice(o)} first?"]
            )
            if self.store == "icews14":
                q = self.say([q, f"Who was the first to {b} {nice(o)}?"])
        gold = self.who(r, o, a, bb, pick)
        return q, gold, "entity", "day", "first_last", ("who", dict(r=r, o=o, a=a, b=bb, pick=pick, exclude=[]))

    def c_first_last_when(self) -> Any:
        s, r, o, _d = self.pick()
        pick = self.rng.choice(["min", "max"])
        level = self.rng.choice(["day", "month", "year"] if self.store == "mtq" else ["day", "month"])
        v, _p, b = self.verb(r)
        if pick == "max":
            a, bb = date(1, 1, 1), date(9999, 12, 31)
            word = self.rng.choice(["last", "most recently"])
            scope = ""
        else:
            a, bb = self.lo, self.hi
            word = "first"
            scope = "" if self.store == "icews14" else self.rng.choice([" after 2013", " from 2014 on"])
        gold = self.when(s, r, o, a, bb, pick, level)
        if not gold:
            return None
        lead = {
            "day": ["On what date", "When"],
            "month": ["In which month", "Which month"],
            "year": ["In which year", "What year"],
        }[level]
        q = f"{self.rng.choice(lead)} did {nice(s)} {word} {b} {nice(o)}{scope}?"
        if level == "day" and lead[1] in q and word == "last":
            q = f"When was the last time {nice(s)} {v} {nice(o)}?"
        return q, gold, "time", level, "first_last", ("when", dict(s=s, r=r, o=o, a=a, b=bb, pick=pick, level=level))

    def c_before_after_date(self) -> Any:
        _s, r, o, d = self.pick()
        side = self.rng.choice(["after", "before"])
        v, _p, _ = self.verb(r)
        t = fmt_day(d, self.rng)
        if side == "after":
            a, bb = d + timedelta(days=1), date(9999, 12, 31)
            q = self.say(
                [
                    f"Who {v} {nice(o)} after {t}?",
                    f"After {t}, which actors {v} {nice(o)}?",
                    f"List everyone who {v} {nice(o)} later than {t}.",
                ]
            )
        else:
            a, bb = date(d.year, 1, 1), d - timedelta(days=1)
            if a < self.lo:
                return None
            q = self.say(
                [
                    f"Earlier in {d.year}, before {t}, who {v} {nice(o)}?",
                    f"Between New Year {d.year} and {t}, who {v} {nice(o)}?",
                ]
            )
        gold = self.who(r, o, a, bb)
        return q, gold, "entity", "day", "before_after", ("who", dict(r=r, o=o, a=a, b=bb, pick=None, exclude=[]))

    def c_after_first(self) -> Any:
        s, r, o, d = self.pick()
        if not self.unique(s, r, o):
            return None
        v, _p, b = self.verb(r)
        gold = self.whom(s, r, d + timedelta(days=1), date(9999, 12, 31), "min", exclude=(o,))
        q = self.say(
            [
                f"After {nice(s)} {v} {nice(o)}, who did {nice(s)} {b} next?",
                f"Once {nice(s)} {v} {nice(o)}, which was the next one they chose to {b}?",
                f"Who was the first one {nice(s)} {v} after {ing(b)} {nice(o)}?",
            ]
        )
        return (
            q,
            gold,
            "entity",
            "day",
            "after_first",
            ("whom", dict(s=s, r=r, a=d + timedelta(days=1), b=date(9999, 12, 31), pick="min", exclude=[o]), (s, r, o)),
        )

    def c_before_last(self) -> Any:
        s, r, o, d = self.pick()
        if not self.unique(s, r, o):
            return None
        v, _p, b = self.verb(r)
        gold = self.whom(s, r, date(1, 1, 1), d - timedelta(days=1), "max", exclude=(o,))
        if not gold:
            return None
        last = max(dd for oo, dd in self.by_sr[(s, r)] if oo in gold and dd < d)
        if last < self.lo:
            return None
        q = self.say(
            [
                f"Before {nice(s)} {v} {nice(o)}, who was the last that {nice(s)} {v}?",
                f"Who was the last one {nice(s)} {v} prior to {ing(b)} {nice(o)}?",
            ]
        )
        return (
            q,
            gold,
            "entity",
            "day",
            "before_last",
            ("whom", dict(s=s, r=r, a=date(1, 1, 1), b=d - timedelta(days=1), pick="max", exclude=[o]), (s, r, o)),
        )

    def c_same_month(self) -> Any:
        s, r, o, d = self.pick()
        if not self.unique(s, r, o):
            return None
        a, bb = date(d.year, d.month, 1), month_end(d.year, d.month)
        gold = self.who(r, o, a, bb, exclude=(s,))
        v, _p, _b = self.verb(r)
        q = self.say(
            [
                f"Who else {v} {nice(o)} in the same month as {nice(s)} did?",
                f"In the month when {nice(s)} {v} {nice(o)}, who else did so?",
                f"Apart from {nice(s)}, who {v} {nice(o)} that same month?",
            ]
        )
        return (
            q,
            gold,
            "entity",
            "month",
            "equal_multi",
            ("who", dict(r=r, o=o, a=a, b=bb, pick=None, exclude=[s]), (s, r, o)),
        )

    def c_first_in_period(self) -> Any:
        _s, r, o, d = self.pick()
        pick = self.rng.choice(["min", "max"])
        if self.rng.random() < 0.5:
            a, bb = date(d.year, d.month, 1), month_end(d.year, d.month)
            t = f"in {MONTHS[d.month - 1]} {d.year}"
            level = "month"
        else:
            a, bb = date(d.year, 1, 1), date(d.year, 12, 31)
            t = self.rng.choice([f"in {d.year}", f"during {d.year}"])
            level = "year"
        v, _p, b = self.verb(r)
        word = "first" if pick == "min" else "last"
        gold = self.who(r, o, a, bb, pick)
        q = self.say(
            [
                f"Who was the {word} to {b} {nice(o)} {t}?",
                f"{cap(t)}, who {word} {v} {nice(o)}?",
                f"Which actor {v} {nice(o)} {word} {t}?",
            ]
        )
        return q, gold, "entity", level, "equal_multi", ("who", dict(r=r, o=o, a=a, b=bb, pick=pick, exclude=[]))


def ing(base: str) -> str:
    head, _, rest = base.partition(" ")
    stem = head[:-1] if head.endswith("e") and not head.endswith("ee") else head
    if head in ("hit", "put", "confer"):
        stem = head + head[-1]
    w = stem + "ing"
    return (w + " " + rest).strip()


CONSTRUCTIONS = [
    "c_equal_day",
    "c_equal_window",
    "c_when",
    "c_first_last_who",
    "c_first_last_when",
    "c_before_after_date",
    "c_after_first",
    "c_before_last",
    "c_same_month",
    "c_first_in_period",
]


def check(store: Any, spec: tuple[Any, ...]) -> list[str] | None:
    kind, params = spec[0], dict(spec[1])
    for k in ("a", "b"):
        params[k] = params[k].isoformat()
    if kind == "who":
        rows = store.run(CHECK_WHO, params)
    elif kind == "whom":
        rows = store.run(CHECK_WHOM, params)
    else:
        rows = store.run(CHECK_WHEN, params)
    if len(spec) > 2:
        s, r, o = spec[2]
        n = store.run(CHECK_COUNT, dict(s=s, r=r, o=o))[0]["n"]
        if n != 1:
            return None
    return sorted(rows[0]["gold"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(COMPLETE), required=True)
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(f"{SEED}-{args.store}")
    store = connect(start_managed=False, ensure_schema=False)
    rows = store.run(PULL, {"rels": sorted(REL)})
    gen = Gen(args.store, rows, rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    per: dict[str, int] = defaultdict(int)
    agree = disagree = 0
    quota = max(1, args.n // len(CONSTRUCTIONS) + 1)
    tries = 0
    while len(out) < args.n and tries < 20000:
        tries += 1
        name = CONSTRUCTIONS[tries % len(CONSTRUCTIONS)]
        if per[name] >= quota:
            continue
        got = getattr(gen, name)()
        if got is None:
            continue
        q, gold, atype, level, qtype, spec = got
        if not gold or len(gold) > MAX_GOLD or q.lower() in seen:
            continue
        second = check(store, spec)
        if second != sorted(gold):
            disagree += 1
            continue
        agree += 1
        seen.add(q.lower())
        per[name] += 1
        out.append(
            {
                "quid": f"b8-{args.store}-{len(out):03d}",
                "question": q,
                "answers": list(gold),
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
                "construction": name[2:],
                "store": "icews05-15 (mtq)" if args.store == "mtq" else "icews14 (bench)",
                "evidence": evidence(gen, spec),
            }
        )
    store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    print(
        json.dumps(
            {
                "written": len(out),
                "second_check_agree": agree,
                "second_check_disagree_dropped": disagree,
                "per_construction": dict(per),
            }
        )
    )


def evidence(gen: Gen, spec: tuple[Any, ...]) -> list[list[str]]:
    """The anchor event first where there is one, else one event of the (relation, object) asked about."""
    if len(spec) > 2:
        s, r, o = spec[2]
        return [[s, r, o, gen.by_sro[(s, r, o)][0].isoformat()]]
    p = spec[1]
    if "o" in p and "s" in p:
        return [[p["s"], p["r"], p["o"], gen.by_sro[(p["s"], p["r"], p["o"])][0].isoformat()]]
    if "o" in p:
        s, d = gen.by_ro[(p["r"], p["o"])][0]
        return [[s, p["r"], p["o"], d.isoformat()]]
    o, d = gen.by_sr[(p["s"], p["r"])][0]
    return [[p["s"], p["r"], o, d.isoformat()]]


if __name__ == "__main__":
    main()
