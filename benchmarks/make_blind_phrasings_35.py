"""Blind held-out question set 35: MultiTQ-style questions with gold computed from the store, in new phrasings.

Why: the symbolic temporal reader was tuned on other phrasings; this set measures it on wordings it never saw.
Gold answers come from one Cypher read of every (subject, relation, object, day) in the store, computed in Python;
each gold is then recomputed by a second, differently written Cypher query (matched from the entity side, dates
compared as strings or aggregated in Cypher) and the agreement is recorded per question.

Usage (from the worktree root, stores read only)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_35.py --store mtq --out <work>/notes/heldout/v35/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_35.py --store bench --out <work>/notes/heldout/v35/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261235
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
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# relation -> (past active with {o}, base form with {o}, passive clause "{o} was ... by")
REL: dict[str, tuple[str, str, str]] = {
    "Make_statement": ("made a statement about {o}", "make a statement about {o}", "{o} was commented on by"),
    "Consult": ("consulted {o}", "consult {o}", "{o} was consulted by"),
    "Make_an_appeal_or_request": ("appealed to {o}", "appeal to {o}", "{o} was appealed to by"),
    "Express_intent_to_meet_or_negotiate": (
        "said it wanted to meet or negotiate with {o}",
        "signal a wish to meet or negotiate with {o}",
        "{o} was offered talks by",
    ),
    "Make_a_visit": ("visited {o}", "visit {o}", "{o} was visited by"),
    "Host_a_visit": ("hosted {o}", "host {o}", "{o} was hosted by"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested or charged {o}",
        "arrest, detain or charge {o}",
        "{o} was arrested, detained or charged by",
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}", "{o} was praised by"),
    "Criticize_or_denounce": ("criticized {o}", "denounce {o}", "{o} was denounced by"),
    "Use_conventional_military_force": (
        "used military force against {o}",
        "use military force against {o}",
        "{o} was attacked with conventional military force by",
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "hold negotiations with {o}", "{o} was drawn into talks by"),
    "Accuse": ("accused {o}", "accuse {o}", "{o} was accused by"),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {o}",
        "work diplomatically with {o}",
        "{o} got diplomatic cooperation from",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        "{o} was bound by a formal agreement signed by",
    ),
    "Express_intent_to_cooperate": (
        "voiced willingness to cooperate with {o}",
        "express a willingness to cooperate with {o}",
        "{o} was offered cooperation by",
    ),
    "Demand": ("made demands of {o}", "make a demand of {o}", "{o} faced demands from"),
    "Investigate": ("investigated {o}", "investigate {o}", "{o} was investigated by"),
    "Make_optimistic_comment": (
        "spoke optimistically about {o}",
        "comment optimistically on {o}",
        "{o} drew upbeat remarks from",
    ),
    "Reject": ("rejected {o}", "turn down {o}", "{o} was rebuffed by"),
    "Discuss_by_telephone": ("spoke by phone with {o}", "talk on the phone with {o}", "{o} got a phone call from"),
    "Make_pessimistic_comment": (
        "spoke pessimistically about {o}",
        "make a gloomy remark about {o}",
        "{o} drew pessimistic remarks from",
    ),
    "Threaten": ("threatened {o}", "threaten {o}", "{o} was threatened by"),
    "Meet_at_a_'third'_location": (
        "met {o} at a third location",
        "meet {o} on neutral ground",
        "{o} was met at a third location by",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {o}",
        "express sympathy for {o}",
        "{o} received words of sympathy from",
    ),
    "Provide_humanitarian_aid": (
        "gave humanitarian aid to {o}",
        "give humanitarian aid to {o}",
        "{o} received humanitarian aid from",
    ),
    "Provide_aid": ("provided aid to {o}", "send aid to {o}", "{o} was given aid by"),
    "Reduce_relations": ("cut back relations with {o}", "downgrade relations with {o}", "{o} had ties cut by"),
    "Physically_assault": ("physically assaulted {o}", "assault {o}", "{o} was physically assaulted by"),
    "Engage_in_symbolic_act": (
        "made a symbolic gesture toward {o}",
        "make a symbolic gesture toward {o}",
        "{o} was the target of a symbolic act by",
    ),
    "Use_unconventional_violence": (
        "used unconventional violence against {o}",
        "use unconventional violence against {o}",
        "{o} suffered unconventional violence at the hands of",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "signalled it would back {o} diplomatically",
        "promise diplomatic support to {o}",
        "{o} was promised diplomatic support by",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "asked {o} for diplomatic cooperation",
        "ask {o} for diplomatic support",
        "{o} was asked for diplomatic support by",
    ),
}
# relation -> noun phrase with {s} and {o}, for "the ... between" constructions
NOUN: dict[str, str] = {
    "Make_a_visit": "the visit of {s} to {o}",
    "Host_a_visit": "{s}'s hosting of {o}",
    "Consult": "the consultation between {s} and {o}",
    "Engage_in_negotiation": "the negotiations between {s} and {o}",
    "Sign_formal_agreement": "the formal agreement signed by {s} with {o}",
    "Discuss_by_telephone": "the phone call from {s} to {o}",
    "Criticize_or_denounce": "{s}'s denunciation of {o}",
    "Praise_or_endorse": "{s}'s praise for {o}",
    "Accuse": "{s}'s accusation against {o}",
    "Threaten": "{s}'s threat against {o}",
    "Make_an_appeal_or_request": "{s}'s appeal to {o}",
}
SECTORS = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Military": "the military of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Protester": "protesters in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Business": "businesses in {c}",
    "Media": "the media in {c}",
    "Opposition Activist": "opposition activists in {c}",
    "Member of Legislative (Parliamentary) Body": "a member of parliament in {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Ministry": "a ministry of {c}",
    "Children": "children in {c}",
    "Men": "men in {c}",
    "Women": "women in {c}",
    "Criminal": "criminals in {c}",
    "Terrorist": "terrorists in {c}",
    "Student": "students in {c}",
    "Party Member": "a party member in {c}",
}
NAMED_DAYS = [
    ((1, 1), "New Year's Day"),
    ((2, 14), "Valentine's Day"),
    ((7, 4), "the Fourth of July"),
    ((10, 31), "Halloween"),
    ((12, 24), "Christmas Eve"),
    ((12, 25), "Christmas Day"),
    ((12, 31), "New Year's Eve"),
]


def display(name: str) -> str | None:
    """How a person would write the entity, or None when no natural wording is known (then it is not asked)."""
    if "(" not in name:
        return name if name.replace(" ", "").replace("-", "").replace(".", "").isalpha() else None
    head, _, rest = name.partition(" (")
    country = rest[:-1] if rest.endswith(")") else None
    if country is None or "(" in country or head not in SECTORS:
        return None
    return SECTORS[head].format(c=country)


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def fmt_day(d: date, style: int) -> str:
    if style == 0:
        return f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    return f"{WEEKDAYS[d.weekday()]}, {MONTHS[d.month - 1]} {d.day}, {d.year}"


def fmt_month(y: int, m: int) -> str:
    return f"{MONTHS[m - 1]} {y}"


def gran_key(d: date, gran: str) -> str:
    iso = d.isoformat()
    return iso if gran == "day" else iso[:7] if gran == "month" else iso[:4]


class Facts:
    """Every (subject, relation, object, day) in the store, indexed for gold computation."""

    def __init__(self, rows: list[tuple[str, str, str, date]]) -> None:
        self.rows = rows
        self.by_ro: dict[tuple[str, str], list[tuple[str, date]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, date]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], set[date]] = defaultdict(set)
        for s, r, o, d in rows:
            self.by_ro[(r, o)].append((s, d))
            self.by_sr[(s, r)].append((o, d))
            self.by_sro[(s, r, o)].add(d)

    def side(self, role: str, r: str, e: str) -> list[tuple[str, date]]:
        """(answer entity, day) pairs: role 'subj' asks the subject given object e, 'obj' the object given subject e."""
        return self.by_ro.get((r, e), []) if role == "subj" else self.by_sr.get((e, r), [])


def load_facts(store: Any) -> Facts:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    out = sorted({(x["s"], x["r"], x["o"], x["d"].to_native()) for x in rows})
    return Facts(out)


# ---- second checks: one differently written Cypher per question kind ------------------------------------------
CHECK_WINDOW = {
    # entity side first, dates compared as ISO strings
    "subj": "MATCH (k:Entity {name: $e})<-[:OBJECT]-(ev:Event)-[:SUBJECT]->(a:Entity) WHERE ev.relation = $r "
    "AND toString(ev.valid_from) >= $lo AND toString(ev.valid_from) <= $hi AND NOT a.name IN $excl "
    "RETURN collect(DISTINCT a.name) AS ans",
    "obj": "MATCH (k:Entity {name: $e})<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(a:Entity) WHERE ev.relation = $r "
    "AND toString(ev.valid_from) >= $lo AND toString(ev.valid_from) <= $hi AND NOT a.name IN $excl "
    "RETURN collect(DISTINCT a.name) AS ans",
}
CHECK_TIMES = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(ev:Event {relation: $r})-[:SUBJECT]->(s:Entity {name: $s}) "
    "WITH toString(ev.valid_from) AS iso WHERE iso >= $lo AND iso <= $hi "
    "RETURN collect(DISTINCT substring(iso, 0, $n)) AS ans"
)
CHECK_TIME_EXT = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(ev:Event {relation: $r})-[:SUBJECT]->(s:Entity {name: $s}) "
    "WITH toString(ev.valid_from) AS iso WHERE iso >= $lo AND iso <= $hi "
    "WITH CASE WHEN $ext = 'min' THEN min(iso) ELSE max(iso) END AS x RETURN [substring(x, 0, $n)] AS ans"
)
CHECK_ENT_EXT = {
    "subj": "MATCH (k:Entity {name: $e})<-[:OBJECT]-(ev:Event {relation: $r}) "
    "WHERE date($lo) <= ev.valid_from <= date($hi) "
    "WITH k, CASE WHEN $ext = 'min' THEN min(ev.valid_from) ELSE max(ev.valid_from) END AS x "
    "MATCH (k)<-[:OBJECT]-(ev2:Event {relation: $r, valid_from: x})-[:SUBJECT]->(a:Entity) "
    "RETURN collect(DISTINCT a.name) AS ans",
    "obj": "MATCH (k:Entity {name: $e})<-[:SUBJECT]-(ev:Event {relation: $r}) "
    "WHERE date($lo) <= ev.valid_from <= date($hi) "
    "WITH k, CASE WHEN $ext = 'min' THEN min(ev.valid_from) ELSE max(ev.valid_from) END AS x "
    "MATCH (k)<-[:SUBJECT]-(ev2:Event {relation: $r, valid_from: x})-[:OBJECT]->(a:Entity) "
    "RETURN collect(DISTINCT a.name) AS ans",
}
# anchor event found in Cypher (must be unique), then the target side relative to its day
_ANCHOR = (
    "MATCH (sa:Entity {name: $sa})<-[:SUBJECT]-(an:Event {relation: $ra})-[:OBJECT]->(oa:Entity {name: $oa}) "
    "WITH collect(DISTINCT an.valid_from) AS ds WHERE size(ds) = 1 WITH ds[0] AS ad "
)
CHECK_REL = {
    role: _ANCHOR
    + f"MATCH (k:Entity {{name: $e}})<-[:{'OBJECT' if role == 'subj' else 'SUBJECT'}]-(ev:Event {{relation: $r}})"
    f"-[:{'SUBJECT' if role == 'subj' else 'OBJECT'}]->(a:Entity) "
    "WHERE ev.valid_from >= ad + duration({days: $d0}) AND ev.valid_from <= ad + duration({days: $d1}) "
    "AND ev.valid_from >= date($lo) AND ev.valid_from <= date($hi) RETURN collect(DISTINCT a.name) AS ans"
    for role in ("subj", "obj")
}
CHECK_NEXT = {
    role: _ANCHOR
    + f"MATCH (k:Entity {{name: $e}})<-[:{'OBJECT' if role == 'subj' else 'SUBJECT'}]-(ev:Event {{relation: $r}})"
    f"-[:{'SUBJECT' if role == 'subj' else 'OBJECT'}]->(a:Entity) "
    "WHERE ev.valid_from >= date($lo) AND ev.valid_from <= date($hi) AND "
    "((ev.valid_from > ad AND $ext = 'min') OR (ev.valid_from < ad AND $ext = 'max')) "
    "WITH ev.valid_from AS d, a.name AS n ORDER BY d "
    "WITH collect([d, n]) AS pairs "
    "WITH pairs, CASE WHEN $ext = 'min' THEN pairs[0][0] ELSE pairs[-1][0] END AS x "
    "RETURN [p IN pairs WHERE p[0] = x | p[1]] AS ans"
    for role in ("subj", "obj")
}
CHECK_SAME = {
    role: _ANCHOR
    + f"MATCH (k:Entity {{name: $e}})<-[:{'OBJECT' if role == 'subj' else 'SUBJECT'}]-(ev:Event {{relation: $r}})"
    f"-[:{'SUBJECT' if role == 'subj' else 'OBJECT'}]->(a:Entity) "
    "WHERE ev.valid_from.year = ad.year AND ($n < 7 OR ev.valid_from.month = ad.month) "
    "AND ($n < 10 OR ev.valid_from.day = ad.day) AND NOT a.name IN $excl "
    "RETURN collect(DISTINCT a.name) AS ans"
    for role in ("subj", "obj")
}


class Gen:
    def __init__(self, facts: Facts, store_name: str, lo: date, hi: date) -> None:
        self.f = facts
        self.store_name = store_name
        self.lo, self.hi = lo, hi
        self.rng = random.Random(SEED + (0 if store_name == "mtq" else 1))
        self.items: list[dict[str, Any]] = []
        self.texts: set[str] = set()
        self.used: set[tuple[str, ...]] = set()
        self.in_scope = [x for x in facts.rows if lo <= x[3] <= hi and x[1] in REL]
        self.rng.shuffle(self.in_scope)
        self.counts_by_sro = {k: len(v) for k, v in facts.by_sro.items()}
        self.used_facts: set[tuple[str, str, str]] = set()
        self.scale = 0.75 if store_name == "mtq" else 0.62

    def scaled(self, n: int) -> int:
        """Fewer per construction so a store's set stays near its target size (~100 mtq, ~70 bench)."""
        return max(2, round(n * self.scale))

    def unique_anchor(self, s: str, r: str, o: str) -> bool:
        return self.counts_by_sro.get((s, r, o), 0) == 1

    def add(
        self,
        construction: str,
        qtype: str,
        question: str,
        answers: list[str],
        answer_type: str,
        time_level: str,
        check: tuple[str, dict[str, Any]],
        key: tuple[str, ...],
    ) -> bool:
        if not answers or len(answers) > 5 or question in self.texts or key in self.used:
            return False
        self.texts.add(question)
        self.used.add(key)
        n = len(self.items)
        prefix = "b35m" if self.store_name == "mtq" else "b35i"
        quid = f"{prefix}{n:03d}"
        self.items.append(
            {
                "quid": quid,
                "id": quid,
                "question": question,
                "answers": sorted(answers),
                "answer_type": answer_type,
                "time_level": time_level,
                "qtype": qtype,
                "qlabel": "Single" if qtype in ("equal", "before_after", "first_last") else "Multiple",
                "evidence": [],
                "construction": construction,
                "store": self.store_name,
                "check": {"cypher": check[0], "params": check[1]},
                "check_agrees": None,
            }
        )
        return True

    # ---- helpers ---------------------------------------------------------------------------------------------
    def window_answers(self, role: str, r: str, e: str, a: date, b: date, excl: tuple[str, ...] = ()) -> list[str]:
        return sorted({x for x, d in self.f.side(role, r, e) if a <= d <= b and x not in excl})

    def win_check(self, role: str, r: str, e: str, a: date, b: date, excl: tuple[str, ...] = ()) -> tuple:
        p = {"e": e, "r": r, "lo": a.isoformat(), "hi": b.isoformat(), "excl": list(excl)}
        return (CHECK_WINDOW[role], p)

    def pick(self, n: int, fn: Callable[[tuple[str, str, str, date]], bool]) -> None:
        got, n = 0, self.scaled(n)
        for fact in self.rng.sample(self.in_scope, len(self.in_scope)):
            if got >= n:
                return
            if fact[:3] in self.used_facts:
                continue
            if fn(fact):
                self.used_facts.add(fact[:3])
                got += 1

    # ---- question kinds --------------------------------------------------------------------------------------
    def who_window(self, n: int, construction: str, make: Callable[..., Any]) -> None:
        """Entity answers inside a stated window; make(fact) -> (question, role, e, a, b, level, excl) or None."""

        def try_one(fact: tuple[str, str, str, date]) -> bool:
            spec = make(fact)
            if spec is None:
                return False
            q, role, e, a, b, level, excl = spec
            if a < self.lo or b > self.hi:
                return False
            ans = self.window_answers(role, fact[1], e, a, b, excl)
            chk = self.win_check(role, fact[1], e, a, b, excl)
            return self.add(construction, "equal", q, ans, "entity", level, chk, (construction, fact[1], e, str(a)))

        self.pick(n, try_one)


def build(g: Gen) -> None:
    rng = g.rng
    mtq = g.store_name == "mtq"

    def disp2(fact: tuple[str, str, str, date]) -> tuple[str, str] | None:
        ds, do = display(fact[0]), display(fact[2])
        if ds is None or do is None:
            return None
        return ds, do

    # 1. who, passive, on an exact day, time fronted
    def c1(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        q = f"On {fmt_day(f[3], 0)}, {REL[f[1]][2].format(o=dd[1])} whom?"
        return (q, "subj", f[2], f[3], f[3], "day", ())

    g.who_window(8 if mtq else 6, "day_passive_fronted", c1)

    # 2. imperative, object asked, day at end (weekday named)
    def c2b(f: tuple) -> Any:
        dd = disp2(f)
        tpl = REL[f[1]][0]
        if dd is None or not tpl.endswith("{o}"):
            return None
        q = f"Tell me who {dd[0]} {tpl[:-3].strip()} on {fmt_day(f[3], 2)}."
        return (q, "obj", f[0], f[3], f[3], "day", ())

    g.who_window(6 if mtq else 5, "day_imperative_object", c2b)

    # 3. month: asked through "Which ... in <Month Year>" with relative clause
    def c3(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        a = date(f[3].year, f[3].month, 1)
        b = (date(a.year + (a.month == 12), a.month % 12 + 1, 1)) - timedelta(days=1)
        q = f"Which actors {REL[f[1]][0].format(o=dd[1])} during {fmt_month(a.year, a.month)}?"
        return (q, "subj", f[2], a, b, "month", ())

    g.who_window(7 if mtq else 5, "month_relative", c3)

    # 4. year (mtq only has two full years), "In the course of"
    if mtq:

        def c4(f: tuple) -> Any:
            dd = disp2(f)
            if dd is None:
                return None
            y = f[3].year
            q = f"In the course of {y}, {REL[f[1]][2].format(o=dd[1])} which parties?"
            return (q, "subj", f[2], date(y, 1, 1), date(y, 12, 31), "year", ())

        g.who_window(5, "year_passive", c4)

    # 5. quarter with months stated
    def c5(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        qn = (f[3].month - 1) // 3
        a = date(f[3].year, 3 * qn + 1, 1)
        b = date(f[3].year + (qn == 3), (3 * qn + 3) % 12 + 1, 1) - timedelta(days=1)
        names = f"{MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]}"
        ordn = ["first", "second", "third", "fourth"][qn]
        q = f"Who did {dd[0]} {REL[f[1]][1].format(o='')}".rstrip()
        tpl = REL[f[1]][1]
        if not tpl.endswith("{o}"):
            return None
        q = f"In the {ordn} quarter of {f[3].year} ({names}), whom did {dd[0]} {tpl[:-3].strip()}?"
        return (q, "obj", f[0], a, b, "month", ())

    g.who_window(6 if mtq else 5, "quarter_object", c5)

    # 6. half year
    def c6(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        h = 0 if f[3].month <= 6 else 1
        a = date(f[3].year, 1 + 6 * h, 1)
        b = date(f[3].year, 6, 30) if h == 0 else date(f[3].year, 12, 31)
        span = "January through June" if h == 0 else "July through December"
        half = ["first", "second"][h]
        q = f"Name the ones who {REL[f[1]][0].format(o=dd[1])} in the {half} half of {f[3].year} ({span})."
        return (q, "subj", f[2], a, b, "month", ())

    g.who_window(5 if mtq else 4, "half_year_name", c6)

    # 7. season with months stated
    def c7(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None or f[3].month in (12, 1, 2):
            return None
        sname, m0 = {
            3: ("spring", 3),
            4: ("spring", 3),
            5: ("spring", 3),
            6: ("summer", 6),
            7: ("summer", 6),
            8: ("summer", 6),
            9: ("autumn", 9),
            10: ("autumn", 9),
            11: ("autumn", 9),
        }[f[3].month]
        a = date(f[3].year, m0, 1)
        b = date(f[3].year, m0 + 3, 1) - timedelta(days=1)
        months = f"{MONTHS[m0 - 1]}, {MONTHS[m0]} and {MONTHS[m0 + 1]}"
        q = f"Over the {sname} of {f[3].year} — that is {months} — who {REL[f[1]][0].format(o=dd[1])}?"
        return (q, "subj", f[2], a, b, "month", ())

    g.who_window(4, "season_dash", c7)

    # 8. N-day window, inclusive, both edges stated
    def c8(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        n = rng.choice([3, 5, 7, 10])
        a = f[3] - timedelta(days=rng.randrange(n))
        b = a + timedelta(days=n - 1)
        q = (
            f"Over the {n} days from {fmt_day(a, 1)} to {fmt_day(b, 1)} inclusive, "
            f"which entities {REL[f[1]][0].format(o=dd[1])}?"
        )
        return (q, "subj", f[2], a, b, "day", ())

    g.who_window(6 if mtq else 5, "n_day_window", c8)

    # 9. named day (date stated in parentheses)
    def c9(f: tuple) -> Any:
        dd = disp2(f)
        hit = [nm for (m, d), nm in NAMED_DAYS if (f[3].month, f[3].day) == (m, d)]
        if dd is None or not hit:
            return None
        q = f"Who {REL[f[1]][0].format(o=dd[1])} on {hit[0]} {f[3].year} ({fmt_day(f[3], 0)})?"
        return (q, "subj", f[2], f[3], f[3], "day", ())

    g.who_window(3, "named_day", c9)

    # 10. ellipsis: who else, same calendar week (Monday-Sunday, edges stated)
    def c10(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        a = f[3] - timedelta(days=f[3].weekday())
        b = a + timedelta(days=6)
        q = (
            f"{cap(dd[0])} {REL[f[1]][0].format(o=dd[1])} in the week of Monday {fmt_day(a, 0)} to "
            f"Sunday {fmt_day(b, 0)}. Who else did so that week?"
        )
        return (q, "subj", f[2], a, b, "day", (f[0],))

    g.who_window(5 if mtq else 4, "ellipsis_who_else_week", c10)

    # ---- when questions --------------------------------------------------------------------------------------
    def when(n: int, construction: str, level: str, make: Callable[..., Any], ext: str | None = None) -> None:
        nlen = {"day": 10, "month": 7, "year": 4}[level]

        def try_one(f: tuple) -> bool:
            spec = make(f)
            if spec is None:
                return False
            q, a, b = spec
            if a < g.lo or b > g.hi:
                return False
            days = sorted(d for d in g.f.by_sro[(f[0], f[1], f[2])] if a <= d <= b)
            if not days:
                return False
            if ext is None:
                ans = sorted({gran_key(d, level) for d in days})
                chk = (
                    CHECK_TIMES,
                    {"s": f[0], "r": f[1], "o": f[2], "lo": a.isoformat(), "hi": b.isoformat(), "n": nlen},
                )
                qtype = "equal"
            else:
                pick = days[0] if ext == "min" else days[-1]
                ans = [gran_key(pick, level)]
                if level != "day" and len({gran_key(d, level) for d in days}) < 2 and len(days) > 1:
                    pass  # still exact: the extreme day's month/year is the answer
                chk = (
                    CHECK_TIME_EXT,
                    {"s": f[0], "r": f[1], "o": f[2], "lo": a.isoformat(), "hi": b.isoformat(), "n": nlen, "ext": ext},
                )
                qtype = "first_last"
            return g.add(construction, qtype, q, ans, "time", level, chk, (construction, f[0], f[1], f[2]))

        g.pick(n, try_one)

    def yr_scope(f: tuple) -> tuple[str, date, date]:
        y = f[3].year
        return str(y), date(y, 1, 1), date(y, 12, 31)

    def w1(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        scope = f" in {ys}" if mtq else ""
        return (f"On what date{scope} did {dd[0]} {REL[f[1]][1].format(o=dd[1])}?", a, b)

    when(6 if mtq else 5, "when_day", "day", w1)

    def w2(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"Which month of {ys} saw {dd[0]} {REL[f[1]][1].format(o=dd[1])}?", a, b)

    when(6 if mtq else 5, "when_month_saw", "month", w2)

    if mtq:

        def w3(f: tuple) -> Any:
            dd = disp2(f)
            if dd is None:
                return None
            return (
                f"Between 2014 and 2015, in what year(s) did {dd[0]} {REL[f[1]][1].format(o=dd[1])}?",
                date(2014, 1, 1),
                date(2015, 12, 31),
            )

        when(4, "when_year", "year", w3)

    def w4(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"In which month did {dd[0]} {REL[f[1]][1].format(o=dd[1])} for the first time in {ys}?", a, b)

    when(5 if mtq else 4, "first_month", "month", w4, ext="min")

    def w5(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"When, in {ys}, was the last time that {dd[0]} {REL[f[1]][0].format(o=dd[1])}?", a, b)

    when(5 if mtq else 4, "last_day", "day", w5, ext="max")

    def w6(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"What was the earliest date in {ys} on which {REL[f[1]][2].format(o=dd[1])} {dd[0]}?", a, b)

    when(4, "first_day_passive", "day", w6, ext="min")

    # ---- first / last entity ---------------------------------------------------------------------------------
    def ent_ext(n: int, construction: str, role: str, ext: str, make: Callable[..., Any]) -> None:
        def try_one(f: tuple) -> bool:
            spec = make(f)
            if spec is None:
                return False
            q, a, b, e = spec
            pairs = [(x, d) for x, d in g.f.side(role, f[1], e) if a <= d <= b]
            if not pairs:
                return False
            x = min(d for _, d in pairs) if ext == "min" else max(d for _, d in pairs)
            ans = sorted({y for y, d in pairs if d == x})
            p = {"e": e, "r": f[1], "lo": a.isoformat(), "hi": b.isoformat(), "ext": ext}
            return g.add(
                construction, "first_last", q, ans, "entity", "day", (CHECK_ENT_EXT[role], p), (construction, f[1], e)
            )

        g.pick(n, try_one)

    def e1(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"Who was the first to {REL[f[1]][1].format(o=dd[1])} in {ys}?", a, b, f[2])

    ent_ext(6 if mtq else 5, "first_subject", "subj", "min", e1)

    def e2(f: tuple) -> Any:
        dd = disp2(f)
        tpl = REL[f[1]][1]
        if dd is None or not tpl.endswith("{o}"):
            return None
        ys, a, b = yr_scope(f)
        return (f"Whom did {dd[0]} last {tpl[:-3].strip()} in {ys}?", a, b, f[0])

    ent_ext(5 if mtq else 4, "last_object", "obj", "max", e2)

    def e3(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        ys, a, b = yr_scope(f)
        return (f"In {ys}, {REL[f[1]][2].format(o=dd[1])} whom most recently?", a, b, f[2])

    ent_ext(4, "last_subject_passive", "subj", "max", e3)

    # ---- before / after a date -------------------------------------------------------------------------------
    def ba(n: int, construction: str, make: Callable[..., Any]) -> None:
        def try_one(f: tuple) -> bool:
            spec = make(f)
            if spec is None:
                return False
            q, role, e, a, b, level = spec
            if a < g.lo or b > g.hi or a > b:
                return False
            ans = g.window_answers(role, f[1], e, a, b)
            return g.add(
                construction,
                "before_after",
                q,
                ans,
                "entity",
                level,
                g.win_check(role, f[1], e, a, b),
                (construction, f[1], e),
            )

        g.pick(n, try_one)

    def b1(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        cut = f[3] - timedelta(days=rng.randrange(1, 20))
        hi = date(2015, 12, 31) if mtq else date(2014, 12, 31)
        q = f"After {fmt_day(cut, 1)}, who {REL[f[1]][0].format(o=dd[1])}?"
        return (q, "subj", f[2], cut + timedelta(days=1), hi, "day")

    ba(6 if mtq else 4, "after_date", b1)

    def b2(f: tuple) -> Any:
        dd = disp2(f)
        if dd is None:
            return None
        y = f[3].year
        m = f[3].month + rng.randrange(1, 3)
        if m > 12:
            return None
        q = f"Which parties {REL[f[1]][0].format(o=dd[1])} in {y} before {MONTHS[m - 1]} of that year?"
        return (q, "subj", f[2], date(y, 1, 1), date(y, m, 1) - timedelta(days=1), "month")

    ba(5 if mtq else 4, "before_month_scoped", b2)

    # ---- relative to another (unique) event -------------------------------------------------------------------
    def anchored(n: int, construction: str, qtype: str, make: Callable[..., Any]) -> None:
        """make(anchor, target) -> (question, role, e, mode, params) ; mode 'window' (d0,d1,lo,hi) | 'next' | 'same'."""
        anchors = [f for f in g.in_scope if g.unique_anchor(f[0], f[1], f[2]) and disp2(f)]
        got, n = 0, g.scaled(n)
        for an in rng.sample(anchors, len(anchors)):
            if got >= n:
                return
            if an[:3] in g.used_facts:
                continue
            # target shares an entity with the anchor (like MultiTQ): object or subject of the anchor
            pool = [(r, e) for (r, e) in ((r, an[2]) for r in REL) if g.f.by_ro.get((r, e))]
            pool += [(r, an[0]) for r in REL if g.f.by_ro.get((r, an[0]))]
            if not pool:
                continue
            r, e = pool[rng.randrange(len(pool))]
            spec = make(an, r, e)
            if spec is None:
                continue
            q, role, mode, params = spec
            ad = an[3]
            side = [(x, d) for x, d in g.f.side(role, r, e)]
            p: dict[str, Any] = {"sa": an[0], "ra": an[1], "oa": an[2], "e": e, "r": r}
            if mode == "window":
                d0, d1, lo, hi = params
                ans = sorted(
                    {x for x, d in side if ad + timedelta(days=d0) <= d <= ad + timedelta(days=d1) and lo <= d <= hi}
                )
                p.update({"d0": d0, "d1": d1, "lo": lo.isoformat(), "hi": hi.isoformat()})
                level = "day"
                cy = CHECK_REL[role]
            elif mode == "next":
                ext, lo, hi = params
                inside = [(x, d) for x, d in side if lo <= d <= hi and ((d > ad) if ext == "min" else (d < ad))]
                if not inside:
                    continue
                x = min(d for _, d in inside) if ext == "min" else max(d for _, d in inside)
                ans = sorted({y for y, d in inside if d == x})
                p.update({"ext": ext, "lo": lo.isoformat(), "hi": hi.isoformat()})
                level = "day"
                cy = CHECK_NEXT[role]
            else:
                level, excl = params
                ans = sorted({x for x, d in side if gran_key(d, level) == gran_key(ad, level) and x not in excl})
                p.update({"n": {"day": 10, "month": 7, "year": 4}[level], "excl": list(excl)})
                cy = CHECK_SAME[role]
            if g.add(construction, qtype, q, ans, "entity", level, (cy, p), (construction, an[0], an[1], an[2])):
                g.used_facts.add(an[:3])
                got += 1

    def anchor_clause(an: tuple, style: int) -> str:
        dd = disp2(an)
        assert dd is not None
        scope = f" in {an[3].year}" if mtq else ""
        clause = f"{dd[0]} {REL[an[1]][0].format(o=dd[1])}{scope}"
        if style == 1:
            # a noun phrase: the event's noun form, or "the occasion when" + clause
            if an[1] in NOUN:
                return NOUN[an[1]].format(s=dd[0], o=dd[1]) + scope
            return f"the occasion when {clause}"
        return clause

    def ok_target(e: str) -> str | None:
        return display(e)

    def a1(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        hi = date(an[3].year, 12, 31)
        q = (
            f"In {an[3].year}, after {anchor_clause(an, 0)}, which actors {REL[r][0].format(o=de)} "
            f"before the year was out?"
        )
        return (q, "subj", "window", (1, 400, g.lo, hi))

    anchored(5 if mtq else 4, "after_event_year", "before_after", a1)

    def a2(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        lo = date(an[3].year, 1, 1)
        q = f"Earlier in {an[3].year} than {anchor_clause(an, 1)}, {REL[r][2].format(o=de)} whom?"
        return (q, "subj", "window", (-400, -1, lo, g.hi))

    anchored(5 if mtq else 4, "before_event_noun", "before_after", a2)

    def a3(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        q = f"Who {REL[r][0].format(o=de)} the day after {anchor_clause(an, 0)}?"
        return (q, "subj", "window", (1, 1, g.lo, g.hi))

    anchored(4, "day_after_event", "before_after", a3)

    def a4(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        hi = date(an[3].year, 12, 31)
        q = f"Following {anchor_clause(an, 1)}, who was the next to {REL[r][1].format(o=de)} that year?"
        return (q, "subj", "next", ("min", g.lo, hi))

    anchored(6 if mtq else 5, "after_first_next", "after_first", a4)

    def a5(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        lo = date(an[3].year, 1, 1)
        q = f"Just before {anchor_clause(an, 0)}, who had last {REL[r][0].format(o=de)} (looking only at {an[3].year})?"
        return (q, "subj", "next", ("max", lo, g.hi))

    anchored(6 if mtq else 5, "before_last_paren", "before_last", a5)

    def a6(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        tpl = REL[r][1]
        if de is None or not tpl.endswith("{o}"):
            return None
        lo = date(an[3].year, 1, 1)
        # object asked: the anchor-related entity is the subject here
        q = f"Whom did {de} {tpl[:-3].strip()} most recently before {anchor_clause(an, 1)}, within {an[3].year}?"
        return (q, "obj", "next", ("max", lo, g.hi))

    anchored(4, "before_last_object", "before_last", a6)

    def a7(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        q = f"In the same month that {anchor_clause(an, 0)}, who {REL[r][0].format(o=de)}?"
        return (q, "subj", "same", ("month", ()))

    anchored(6 if mtq else 5, "same_month_as_event", "equal_multi", a7)

    def a8(an: tuple, r: str, e: str) -> Any:
        de = ok_target(e)
        if de is None:
            return None
        same = r == an[1] and e == an[2]
        excl = (an[0],) if same else ()
        lead = f"of {anchor_clause(an, 1)}" if an[1] in NOUN else f"that {anchor_clause(an, 0)}"
        q = f"On the very day {lead}, {REL[r][2].format(o=de)} {'whom else' if same else 'whom'}?"
        return (q, "subj", "same", ("day", excl))

    anchored(5 if mtq else 4, "same_day_as_event_noun", "equal_multi", a8)


def second_check(store: Any, items: list[dict[str, Any]]) -> None:
    for it in items:
        rows = store.run(it["check"]["cypher"], it["check"]["params"])
        got = sorted(set(rows[0]["ans"])) if rows else []
        it["check_agrees"] = got == it["answers"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    facts = load_facts(store)
    lo, hi = date(2014, 1, 1), (date(2015, 12, 31) if args.store == "mtq" else date(2014, 12, 31))
    g = Gen(facts, args.store, lo, hi)
    build(g)
    second_check(store, g.items)
    kept = [it for it in g.items if it["check_agrees"]]
    dropped = len(g.items) - len(kept)
    for i, it in enumerate(kept):
        quid = f"{'b35m' if args.store == 'mtq' else 'b35i'}{i:03d}"
        it["quid"] = it["id"] = quid
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        for it in kept:
            fh.write(json.dumps(it, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{args.store}: {len(g.items)} generated, {len(kept)} kept, {dropped} dropped on second check")


if __name__ == "__main__":
    main()
