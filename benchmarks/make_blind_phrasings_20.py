"""Blind held-out question set 20: MultiTQ-style questions in new phrasings, gold computed from the store.

Why: the symbolic temporal reader needs a figure on wordings it was never tuned on. Questions are written from
templates of this file only; every gold answer is computed in Python over ALL (subject, relation, object, day) of
the store (one Cypher read), then recomputed by a second, differently written Cypher query per question (match from
the known entity's side, compare date strings, aggregate first/last in Cypher); disagreements are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
      .venv/bin/python benchmarks/make_blind_phrasings_20.py --store mtq --out <work>/notes/heldout/v20
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
      .venv/bin/python benchmarks/make_blind_phrasings_20.py --store bench --out <work>/notes/heldout/v20

Read only: the neo4j driver is opened with READ access on the settings' URI; no schema is applied.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261220
MAX_GOLD = 5

# Store: (question-id prefix, output file, period asked about, number of questions per kind).
STORES: dict[str, dict[str, Any]] = {
    "mtq": {
        "prefix": "b20m",
        "file": "blind_mtq.jsonl",
        "years": (2014, 2015),
        "quota": {
            "equal_ent": 26,
            "equal_time": 12,
            "first_ent": 10,
            "first_time": 12,
            "before_after": 12,
            "after_first": 9,
            "before_last": 8,
            "equal_multi": 11,
        },
    },
    "bench": {
        "prefix": "b20i",
        "file": "blind_icews14.jsonl",
        "years": (2014,),
        "quota": {
            "equal_ent": 18,
            "equal_time": 8,
            "first_ent": 7,
            "first_time": 8,
            "before_after": 8,
            "after_first": 7,
            "before_last": 6,
            "equal_multi": 8,
        },
    },
}

# ------------------------------------------------------------------------------------------------- wording
# relation -> (past "{s} ... {o}", base "... {o}" after did/to, passive "{o} {be} ..." or None, noun anchor or None)
REL: dict[str, tuple[str, str, str | None, str | None]] = {
    "Make_a_visit": ("{s} visited {o}", "visit {o}", "{o} {be} visited", "{s}'s visit to {o}"),
    "Host_a_visit": ("{s} hosted {o}", "host {o}", "{o} {be} hosted", "the visit {o} paid to {s}"),
    "Consult": ("{s} consulted {o}", "consult {o}", "{o} {be} consulted", "the consultations of {s} with {o}"),
    "Make_an_appeal_or_request": ("{s} appealed to {o}", "make an appeal to {o}", "{o} {be} appealed to", None),
    "Criticize_or_denounce": ("{s} criticized {o}", "denounce {o}", "{o} {be} criticized", None),
    "Praise_or_endorse": ("{s} praised {o}", "speak approvingly of {o}", "{o} {be} praised", None),
    "Accuse": ("{s} accused {o}", "accuse {o}", "{o} {be} accused", None),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "{s} arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "{o} {be} arrested, detained or charged",
        None,
    ),
    "Engage_in_negotiation": (
        "{s} negotiated with {o}",
        "hold negotiations with {o}",
        None,
        "the talks of {s} with {o}",
    ),
    "Sign_formal_agreement": (
        "{s} signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        None,
        "the signing of a formal agreement between {s} and {o}",
    ),
    "Express_intent_to_cooperate": (
        "{s} voiced an intention to cooperate with {o}",
        "voice an intention to cooperate with {o}",
        None,
        None,
    ),
    "Express_intent_to_meet_or_negotiate": (
        "{s} signalled readiness to meet or negotiate with {o}",
        "signal readiness to meet or negotiate with {o}",
        None,
        None,
    ),
    "Engage_in_diplomatic_cooperation": (
        "{s} cooperated diplomatically with {o}",
        "cooperate diplomatically with {o}",
        None,
        None,
    ),
    "Demand": ("{s} made demands of {o}", "make demands of {o}", None, None),
    "Investigate": ("{s} investigated {o}", "investigate {o}", "{o} {be} investigated", None),
    "Make_optimistic_comment": ("{s} made upbeat remarks about {o}", "say something upbeat about {o}", None, None),
    "Make_pessimistic_comment": ("{s} voiced pessimism about {o}", "voice pessimism about {o}", None, None),
    "Reject": ("{s} rebuffed {o}", "rebuff {o}", "{o} {be} rebuffed", None),
    "Discuss_by_telephone": (
        "{s} spoke on the phone with {o}",
        "talk on the phone with {o}",
        None,
        "{s}'s phone call with {o}",
    ),
    "Threaten": ("{s} threatened {o}", "threaten {o}", "{o} {be} threatened", None),
    "Meet_at_a_'third'_location": (
        "{s} met {o} at a third location",
        "meet {o} on neutral ground",
        None,
        "the meeting of {s} and {o} at a third location",
    ),
    "Make_empathetic_comment": ("{s} expressed sympathy for {o}", "express sympathy for {o}", None, None),
    "Provide_humanitarian_aid": (
        "{s} gave humanitarian aid to {o}",
        "send humanitarian aid to {o}",
        "{o} {be} given humanitarian aid",
        None,
    ),
    "Provide_aid": ("{s} provided aid to {o}", "provide aid to {o}", None, None),
    "Use_conventional_military_force": (
        "{s} used conventional military force against {o}",
        "use conventional military force against {o}",
        None,
        None,
    ),
    "Physically_assault": (
        "{s} physically assaulted {o}",
        "physically assault {o}",
        "{o} {be} physically assaulted",
        None,
    ),
    "Abduct,_hijack,_or_take_hostage": (
        "{s} abducted, hijacked or took hostage {o}",
        "abduct, hijack or take hostage {o}",
        "{o} {be} abducted, hijacked or taken hostage",
        None,
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "{s} imposed sanctions, an embargo or a boycott on {o}",
        "impose sanctions, an embargo or a boycott on {o}",
        None,
        None,
    ),
    "Bring_lawsuit_against": ("{s} sued {o}", "take legal action against {o}", "{o} {be} sued", None),
    "Rally_support_on_behalf_of": ("{s} rallied support for {o}", "rally support for {o}", None, None),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "{s} expressed the intent to cooperate diplomatically with {o}",
        "express the intent to work diplomatically with {o}",
        None,
        None,
    ),
    "Cooperate_economically": ("{s} cooperated economically with {o}", "cooperate economically with {o}", None, None),
    "Employ_aerial_weapons": ("{s} carried out air strikes on {o}", "carry out air strikes on {o}", None, None),
    "Reduce_relations": ("{s} scaled back relations with {o}", "scale back relations with {o}", None, None),
}

# Sector entities "Sector (Country)": how a person would say them, and whether the phrase is plural.
SECTORS: dict[str, tuple[str, bool]] = {
    "Citizen": ("citizens of {c}", True),
    "Police": ("the police in {c}", True),
    "Government": ("the government of {c}", False),
    "Head of Government": ("the head of government of {c}", False),
    "Military": ("the armed forces of {c}", True),
    "Foreign Affairs": ("the foreign ministry of {c}", False),
    "Men": ("men in {c}", True),
    "Women": ("women in {c}", True),
    "Children": ("children in {c}", True),
    "Lawyer/Attorney": ("lawyers in {c}", True),
    "Criminal": ("criminals in {c}", True),
    "Militant": ("militants in {c}", True),
    "Armed Rebel": ("armed rebels in {c}", True),
    "Media Personnel": ("journalists in {c}", True),
    "Business": ("businesses in {c}", True),
    "Protester": ("protesters in {c}", True),
    "Member of Parliament": ("members of parliament in {c}", True),
    "Court Judge": ("judges in {c}", True),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", False),
    "Defense / Security Ministry": ("the defence ministry of {c}", False),
    "Labor Union": ("trade unions in {c}", True),
    "Student": ("students in {c}", True),
    "Activist": ("activists in {c}", True),
    "Insurgent": ("insurgents in {c}", True),
    "Legislature": ("the legislature of {c}", False),
    "Military Personnel": ("soldiers of {c}", True),
    "Election Commission": ("the election commission of {c}", False),
    "Other Authorities / Officials": ("officials in {c}", True),
    "Terrorist": ("terrorists in {c}", True),
}
_THE = (
    "United ",
    "European ",
    "Middle East",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
)
# Organisations take "the" in speech ("the UN Security Council", "the Pakistan People's Party").
_ORG_WORDS = re.compile(
    r"\b(Council|Fund|Office|Association|Union|Nations|Party|University|Ministry|Commission|Agency|Bank|Court|"
    r"Committee|Army|Front|Movement|Forces|Intelligence|Parliament|Assembly|Federation|Institute|League|Group|"
    r"Authority|Organization|Organisation|Alliance|Congress|Senate|Administration|Department|Service)\b"
)
_SKIP_NAMES = ("International Government Organizations", "Nongovernmental", "Unidentified", "Your ")
_SECTOR_RE = re.compile(r"^(.+) \(([A-Z][A-Za-z .'-]+)\)$")
MONTHS = [calendar.month_name[i] for i in range(13)]
SEASONS = {  # northern-hemisphere seasons, months stated in the question
    "spring": (3, 4, 5),
    "summer": (6, 7, 8),
    "autumn": (9, 10, 11),
}
NAMED_DAYS = [  # (name, month, day)
    ("New Year's Day", 1, 1),
    ("Valentine's Day", 2, 14),
    ("International Women's Day (8 March)", 3, 8),
    ("May Day (1 May)", 5, 1),
    ("the Fourth of July", 7, 4),
    ("Halloween (31 October)", 10, 31),
    ("Christmas Eve", 12, 24),
    ("Christmas Day", 12, 25),
    ("New Year's Eve", 12, 31),
]
ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}
NUMW = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 10: "ten", 14: "fourteen"}


def ent_phrase(name: str) -> tuple[str, bool] | None:
    """How a person would name the entity (None: no natural wording, so it is never asked about)."""
    if "," in name:
        return None
    m = _SECTOR_RE.match(name)
    if m:
        sec, country = m.group(1), m.group(2)
        if sec not in SECTORS or country.startswith(("International", "Unidentified")) or "(" in sec:
            return None
        tmpl, plural = SECTORS[sec]
        the = "the " if country.startswith(_THE) else ""
        return tmpl.format(c=the + country), plural
    if "(" in name or ")" in name or name.startswith(_SKIP_NAMES):
        return None
    if name.startswith(_THE) or (" " in name and _ORG_WORDS.search(name) and not name.startswith("The ")):
        return "the " + name, False
    return name, False


def d_long(d: date, style: int) -> str:
    if style == 0:
        return f"{d.day} {MONTHS[d.month]} {d.year}"
    if style == 1:
        return f"{MONTHS[d.month]} {d.day}, {d.year}"
    return d.isoformat()


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


# ---------------------------------------------------------------------------------------------- the store
@dataclass
class KG:
    quads: list[tuple[str, str, str, date]]
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)


def connect() -> neo4j.Driver:
    uri, auth = resolve_connection(load_settings(), start_managed=False)
    return neo4j.GraphDatabase.driver(uri, auth=auth)


def load_kg(driver: neo4j.Driver) -> KG:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    with driver.session(default_access_mode=neo4j.READ_ACCESS) as ses:
        rows = [(r["s"], r["r"], r["o"], r["d"].to_native()) for r in ses.run(q)]
    rows.sort()
    return KG(rows)


# --------------------------------------------------------------------------------------------- questions
@dataclass
class Spec:
    """What the gold is: the unknown (subject/object/time), the known pair, the window and how to aggregate."""

    target: str  # "s" | "o" | "t"
    s: str | None
    r: str
    o: str | None
    lo: date
    hi: date
    agg: str = "all"  # all | first | last
    level: str = "day"  # granularity of a time answer
    exclude: str | None = None
    anchor: tuple[str, str, str] | None = None  # must be unique in the whole store
    anchor_day: date | None = None


def fmt_time(d: date, level: str) -> str:
    return d.isoformat() if level == "day" else d.isoformat()[:7] if level == "month" else str(d.year)


def gold(kg: KG, sp: Spec) -> list[str]:
    """Gold over the whole store, in Python."""
    if sp.target == "s":
        assert sp.o is not None
        rows = [(d, x) for d, x in kg.by_ro.get((sp.r, sp.o), []) if sp.lo <= d <= sp.hi]
    elif sp.target == "o":
        assert sp.s is not None
        rows = [(d, x) for d, x in kg.by_sr.get((sp.s, sp.r), []) if sp.lo <= d <= sp.hi]
    else:
        assert sp.s is not None and sp.o is not None
        rows = [(d, fmt_time(d, sp.level)) for d in kg.by_sro.get((sp.s, sp.r, sp.o), []) if sp.lo <= d <= sp.hi]
    rows = [(d, x) for d, x in rows if x != sp.exclude]
    if not rows:
        return []
    if sp.agg == "first":
        best = min(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == best]
    elif sp.agg == "last":
        best = max(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == best]
    return sorted({x for _, x in rows})


def check(ses: neo4j.Session, sp: Spec) -> tuple[list[str], str]:
    """Second computation, in Cypher written differently: from the known entity's side, string dates, Cypher
    aggregation of first/last and of the time granularity."""
    lo, hi = sp.lo.isoformat(), sp.hi.isoformat()
    n = {"day": 10, "month": 7, "year": 4}[sp.level]
    if sp.target == "t":
        base = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
            "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
        )
        if sp.agg == "all":
            q = base + "RETURN collect(DISTINCT substring(toString(e.valid_from), 0, $n)) AS xs"
        else:
            f = "min" if sp.agg == "first" else "max"
            q = base + f"WITH {f}(toString(e.valid_from)) AS d RETURN [substring(d, 0, $n)] AS xs"
        rec = ses.run(q, s=sp.s, o=sp.o, r=sp.r, lo=lo, hi=hi, n=n).single()
        xs = [x for x in rec["xs"] if x is not None] if rec else []
        what = f"{sp.agg} time ({sp.level}) of the pair, matched object-first, string dates"
    else:
        known_rel, known, other_rel = ("OBJECT", sp.o, "SUBJECT") if sp.target == "s" else ("SUBJECT", sp.s, "OBJECT")
        base = (
            f"MATCH (k:Entity {{name: $k}})<-[:{known_rel}]-(e:Event)-[:{other_rel}]->(t:Entity) "
            "WHERE e.relation = $r AND substring(toString(e.valid_from), 0, 10) >= $lo "
            "AND substring(toString(e.valid_from), 0, 10) <= $hi AND ($x IS NULL OR t.name <> $x) "
        )
        if sp.agg == "all":
            q = base + "RETURN collect(DISTINCT t.name) AS xs"
        else:
            order = "ASC" if sp.agg == "first" else "DESC"
            q = (
                base + f"WITH t.name AS name, toString(e.valid_from) AS d ORDER BY d {order} "
                "WITH collect([d, name]) AS rows WHERE size(rows) > 0 "
                "RETURN [p IN rows WHERE p[0] = rows[0][0] | p[1]] AS xs"
            )
        rec = ses.run(q, k=known, r=sp.r, lo=lo, hi=hi, x=sp.exclude).single()
        xs = list(rec["xs"]) if rec else []
        what = f"{sp.agg} {'subjects' if sp.target == 's' else 'objects'} from the known entity's side, string dates"
    if sp.anchor:
        a_s, a_r, a_o = sp.anchor
        rec = ses.run(
            "MATCH (a:Event) WHERE a.relation = $r AND EXISTS { (a)-[:SUBJECT]->(:Entity {name: $s}) } "
            "AND EXISTS { (a)-[:OBJECT]->(:Entity {name: $o}) } "
            "RETURN count(a) AS n, min(toString(a.valid_from)) AS d",
            r=a_r,
            s=a_s,
            o=a_o,
        ).single()
        if not rec or rec["n"] != 1 or sp.anchor_day is None or rec["d"] != sp.anchor_day.isoformat():
            xs = ["<anchor not unique or its day differs>"]
        what += "; anchor counted and dated in Cypher (count 1, same day)"
    return sorted(set(xs)), what


# ------------------------------------------------------------------------------------------------ builder
class Builder:
    def __init__(self, kg: KG, years: tuple[int, ...], rng: random.Random) -> None:
        self.kg = kg
        self.rng = rng
        self.years = years
        self.p_lo, self.p_hi = date(years[0], 1, 1), date(years[-1], 12, 31)
        self.events = [
            q
            for q in kg.quads
            if self.p_lo <= q[3] <= self.p_hi and q[1] in REL and ent_phrase(q[0]) and ent_phrase(q[2])
        ]
        self.unique = [q for q in self.events if len(kg.by_sro[(q[0], q[1], q[2])]) == 1]
        self.by_ent: dict[str, list[tuple[str, str, str, date]]] = defaultdict(list)
        self.by_day: dict[date, list[tuple[str, str, str, date]]] = defaultdict(list)
        for q in self.events:
            self.by_ent[q[0]].append(q)
            if q[2] != q[0]:
                self.by_ent[q[2]].append(q)
            self.by_day[q[3]].append(q)
        self.unique_set = set(self.unique)
        self.texts: set[str] = set()

    # -- wording helpers
    def E(self, name: str) -> str:
        p = ent_phrase(name)
        assert p
        return p[0]

    def plural(self, name: str) -> bool:
        p = ent_phrase(name)
        return bool(p and p[1])

    def past(self, s: str, r: str, o: str) -> str:
        return REL[r][0].format(s=self.E(s), o=self.E(o))

    def vp(self, r: str, o: str) -> str:
        """The past-tense verb phrase without its subject ("visited China")."""
        return REL[r][0].format(s="", o=self.E(o)).strip()

    def pp(self, r: str, o: str) -> str:
        """The same with a past participle, after "had"."""
        words = self.vp(r, o).split(" ")
        words[0] = {"spoke": "spoken", "gave": "given", "took": "taken"}.get(words[0], words[0])
        return " ".join(words)

    def base(self, r: str, o: str) -> str:
        return REL[r][1].format(o=self.E(o))

    def passive(self, r: str, o: str) -> str | None:
        t = REL[r][2]
        return t.format(o=self.E(o), be="were" if self.plural(o) else "was") if t else None

    def anchor_text(self, s: str, r: str, o: str) -> str:
        """An anchor event as a clause ("X visited Y") or, where the relation has one, a noun phrase."""
        return self.anchor_form(s, r, o)[0]

    def anchor_form(self, s: str, r: str, o: str) -> tuple[str, bool]:
        """The anchor text and whether it is a noun phrase (a clause cannot follow "Following")."""
        noun = REL[r][3]
        if noun and self.rng.random() < 0.5:
            return noun.format(s=self.E(s), o=self.E(o)), True
        return self.past(s, r, o), False

    @staticmethod
    def object_last(r: str) -> bool:
        """Whether the relation's wording ends in its object, so "Whom did X <verb>?" reads right."""
        return REL[r][0].endswith("{o}") and REL[r][1].endswith("{o}")

    def pick(self, xs: list[Any]) -> Any:
        return xs[self.rng.randrange(len(xs))]

    # -- windows: (lo, hi, phrase, level, construction)
    def window(self, d: date, kind: str) -> tuple[date, date, str, str]:
        y = d.year
        if kind == "day":
            return d, d, self.pick([f"on {d_long(d, 0)}", f"on {d_long(d, 1)}", f"on {d_long(d, 2)}"]), "day"
        if kind == "month":
            last = calendar.monthrange(y, d.month)[1]
            return (
                date(y, d.month, 1),
                date(y, d.month, last),
                self.pick([f"in {MONTHS[d.month]} {y}", f"during {MONTHS[d.month]} {y}"]),
                "month",
            )
        if kind == "year":
            return date(y, 1, 1), date(y, 12, 31), self.pick([f"in {y}", f"over the course of {y}"]), "year"
        if kind == "quarter":
            qn = (d.month - 1) // 3 + 1
            m0 = 3 * qn - 2
            lo, hi = date(y, m0, 1), date(y, m0 + 2, calendar.monthrange(y, m0 + 2)[1])
            return lo, hi, f"in the {ORD[qn]} quarter of {y} ({MONTHS[m0]} to {MONTHS[m0 + 2]})", "month"
        if kind == "half":
            h = 1 if d.month <= 6 else 2
            lo, hi = (date(y, 1, 1), date(y, 6, 30)) if h == 1 else (date(y, 7, 1), date(y, 12, 31))
            txt = f"in the {'first' if h == 1 else 'second'} half of {y} ({'January' if h == 1 else 'July'} "
            txt += f"through {'June' if h == 1 else 'December'})"
            return lo, hi, txt, "month"
        if kind == "season":
            for name, ms in SEASONS.items():
                if d.month in ms:
                    lo, hi = date(y, ms[0], 1), date(y, ms[2], calendar.monthrange(y, ms[2])[1])
                    txt = f"in the {name} of {y} ({MONTHS[ms[0]]}, {MONTHS[ms[1]]} and {MONTHS[ms[2]]})"
                    return lo, hi, txt, "month"
            raise ValueError("no season")
        if kind.startswith("ndays"):
            n = int(kind[5:])
            lo = d - timedelta(days=self.rng.randrange(n))
            hi = lo + timedelta(days=n - 1)
            if lo < self.p_lo or hi > self.p_hi:
                raise ValueError("outside")
            txt = self.pick(
                [
                    f"in the {NUMW[n]} days from {d_long(lo, 0)} to {d_long(hi, 0)}, both included",
                    f"between {d_long(lo, 1)} and {d_long(hi, 1)} inclusive",
                    f"in the {n}-day stretch starting {d_long(lo, 0)} (through {d_long(hi, 0)})",
                ]
            )
            return lo, hi, txt, "day"
        raise ValueError(kind)

    def add(self, out: list[dict[str, Any]], text: str, sp: Spec, meta: dict[str, Any]) -> bool:
        g = gold(self.kg, sp)
        if not g or len(g) > MAX_GOLD or text in self.texts:
            return False
        if sp.anchor and len(self.kg.by_sro[sp.anchor]) != 1:
            return False
        self.texts.add(text)
        out.append({"question": text, "answers": g, "spec": sp, **meta})
        return True

    # -- kinds ------------------------------------------------------------------------------------------
    def equal_ent(self, out: list[dict[str, Any]]) -> bool:
        kind = self.pick(
            ["day", "day", "month", "year", "quarter", "half", "season", "ndays7", "ndays3", "named", "relday"]
        )
        if kind == "named":
            name, m, dd = self.pick(NAMED_DAYS)
            x = date(self.pick(list(self.years)), m, dd)
            if not self.by_day.get(x):
                return False
            s, r, o, d = self.pick(self.by_day[x])
        else:
            s, r, o, d = self.pick(self.events)
        target = self.pick(["s", "s", "o"])
        if not self.object_last(r):
            target = "s"
        meta: dict[str, Any] = {"qtype": "equal", "answer_type": "entity"}
        try:
            if kind == "named":
                lo, hi, wtxt, level = d, d, f"on {name} {d.year}", "day"
            elif kind == "relday":
                k = self.pick([1, 1, 2])
                before = self.rng.random() < 0.5
                ref = d + timedelta(days=k) if before else d - timedelta(days=k)
                if not (self.p_lo <= ref <= self.p_hi):
                    return False
                rel = ("on the day" if k == 1 else "two days") + (" before " if before else " after ")
                lo, hi, wtxt, level = d, d, f"{rel}{d_long(ref, self.rng.randrange(2))}", "day"
            else:
                lo, hi, wtxt, level = self.window(d, kind)
        except ValueError:
            return False
        sp = Spec(target, None if target == "s" else s, r, o if target == "s" else None, lo, hi)
        E, past = self.E, self.past
        if target == "s":
            pas = self.passive(r, o)
            forms = [
                ("who_front_time", f"{cap(wtxt)}, who {self.vp(r, o)}?"),
                ("who_end_time", f"Who {self.vp(r, o)} {wtxt}?"),
                ("name_the", f"Name the actors that {self.vp(r, o)} {wtxt}."),
                ("tell_me", f"Tell me who {self.vp(r, o)} {wtxt}."),
            ]
            if pas:
                be = "were" if self.plural(o) else "was"
                part = pas.split(f" {be} ", 1)[1]
                forms.append(("passive_by_whom", f"{cap(wtxt)}, {pas} by whom?"))
                forms.append(("passive_end", f"By whom {be} {E(o)} {part} {wtxt}?"))
            if kind == "relday" or kind == "named":
                forms = [f for f in forms if f[0] in ("who_end_time", "tell_me", "passive_by_whom")]
            if kind == "day" and self.rng.random() < 0.35:
                # ellipsis: one actor named, asked for the others on the same day
                others = gold(self.kg, Spec("s", None, r, o, lo, hi, exclude=s))
                if others:
                    sp.exclude = s
                    forms = [("ellipsis_who_else", f"{cap(past(s, r, o))} {wtxt}. Who else did so that same day?")]
        else:
            forms = [
                ("whom_end_time", f"Whom did {E(s)} {REL[r][1].format(o='').strip()} {wtxt}?"),
                ("which_front_time", f"{cap(wtxt)}, which parties did {E(s)} {REL[r][1].format(o='').strip()}?"),
                ("list_imperative", f"List everyone {E(s)} {REL[r][0].format(s='', o='').strip()} {wtxt}."),
            ]
        construction, text = self.pick(forms)
        text = re.sub(r"\s+", " ", text)
        if "  " in text or " ?" in text or " ." in text:
            return False
        meta.update({"construction": f"{construction}/{kind}", "time_level": level})
        return self.add(out, text, sp, meta)

    def equal_time(self, out: list[dict[str, Any]]) -> bool:
        s, r, o, d = self.pick(self.events)
        level = self.pick(["day", "day", "month", "month"] + (["year"] if len(self.years) > 1 else []))
        if level == "year":
            lo, hi = self.p_lo, self.p_hi
            scope = f"{self.years[0]} or {self.years[-1]}"
            forms = [
                ("which_year_saw", f"Which year, {scope}, saw {self.E(s)} {self.base(r, o)}?"),
                ("was_it_year", f"Was it in {self.years[0]} or in {self.years[-1]} that {self.past(s, r, o)}?"),
            ]
        else:
            y = d.year
            lo, hi = date(y, 1, 1), date(y, 12, 31)
            unit = "day" if level == "day" else "month"
            forms = [
                (
                    "when_did",
                    f"In {y}, on which {unit} did {self.E(s)} {self.base(r, o)}?"
                    if level == "day"
                    else f"In which month of {y} did {self.E(s)} {self.base(r, o)}?",
                ),
                ("time_as_subject", f"Which {unit} of {y} saw {self.E(s)} {self.base(r, o)}?"),
                ("name_the_time", f"Name the {unit} in {y} when {self.past(s, r, o)}."),
                (
                    "tell_me_when",
                    f"Tell me the {'date' if level == 'day' else 'month'} in {y} on which {self.past(s, r, o)}."
                    if level == "day"
                    else f"Tell me which month of {y} {self.past(s, r, o)} in.",
                ),
            ]
        sp = Spec("t", s, r, o, lo, hi, level=level)
        if len(gold(self.kg, sp)) != 1:
            return False
        c, text = self.pick(forms)
        meta = {"qtype": "equal", "answer_type": "time", "time_level": level, "construction": c}
        return self.add(out, text, sp, meta)

    def scope(self, d: date) -> tuple[date, date, str]:
        kind = self.pick(["year", "year", "half", "quarter"])
        if kind == "year":
            return date(d.year, 1, 1), date(d.year, 12, 31), f"in {d.year}"
        lo, hi, txt, _ = self.window(d, kind)
        return lo, hi, txt

    def first_ent(self, out: list[dict[str, Any]]) -> bool:
        _s, r, o, d = self.pick(self.events)
        agg = self.pick(["first", "last"])
        lo, hi, stxt = self.scope(d)
        sp = Spec("s", None, r, o, lo, hi, agg=agg)
        days = {x for x, _ in self.kg.by_ro[(r, o)] if lo <= x <= hi}
        if len(days) < 2:
            return False
        forms = [
            ("who_first", f"Who was the {agg} to {self.base(r, o)} {stxt}?"),
            (
                "front_scope",
                f"{cap(stxt)}, who {agg} {self.vp(r, o)}?"
                if agg == "last"
                else f"{cap(stxt)}, who {self.vp(r, o)} first?",
            ),
            (
                "which_actor",
                f"Which actor was the {'earliest' if agg == 'first' else 'latest'} {stxt} to {self.base(r, o)}?",
            ),
        ]
        c, text = self.pick(forms)
        meta = {"qtype": "first_last", "answer_type": "entity", "time_level": "day", "construction": c}
        return self.add(out, text, sp, meta)

    def first_time(self, out: list[dict[str, Any]]) -> bool:
        s, r, o, d = self.pick(self.events)
        agg = self.pick(["first", "last"])
        level = self.pick(["day", "month", "month"] + (["year"] if len(self.years) > 1 else []))
        if level == "year":
            lo, hi = self.p_lo, self.p_hi
            stxt = f"between {self.years[0]} and {self.years[-1]}"
        else:
            lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
            stxt = f"in {d.year}"
        dates = {x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi}
        units = {fmt_time(x, level) for x in dates}
        if len(dates) < 2 or (level != "year" and len(units) < 2):
            return False
        sp = Spec("t", s, r, o, lo, hi, agg=agg, level=level)
        unit = {"day": "day", "month": "month", "year": "year"}[level]
        when = "for the first time" if agg == "first" else "for the last time"
        forms = [
            (
                "in_which_unit",
                f"{'On' if unit == 'day' else 'In'} which {unit} did {self.E(s)} {self.base(r, o)} {when} {stxt}?",
            ),
            (
                "when_first",
                f"{cap(stxt)}, when did {self.E(s)} {agg} {self.base(r, o)}?"
                + ("" if level == "day" else f" Give the {unit}."),
            ),
            ("unit_as_subject", f"Which {unit} {stxt} saw {self.E(s)} {self.base(r, o)} {when}?"),
        ]
        c, text = self.pick(forms)
        meta = {"qtype": "first_last", "answer_type": "time", "time_level": level, "construction": c}
        return self.add(out, text, sp, meta)

    def anchor(self) -> tuple[str, str, str, date]:
        return self.pick(self.unique)

    def before_after(self, out: list[dict[str, Any]]) -> bool:
        s, r, o, d = self.pick(self.events)
        after = self.rng.random() < 0.5
        use_anchor = self.rng.random() < 0.5
        y0, y1 = date(d.year, 1, 1), date(d.year, 12, 31)
        if use_anchor:
            cands = [q for q in self.by_ent[o] if q[3].year == d.year and q in self.unique_set]
            if not cands:
                return False
            a = self.pick(cands)
            if a[:3] == (s, r, o):
                return False
            ref, reftxt, anch = a[3], self.anchor_text(a[0], a[1], a[2]), a[:3]
        else:
            ref = d + timedelta(days=self.rng.randrange(-20, 21))
            if ref.year != d.year:
                return False
            reftxt, anch = d_long(ref, self.rng.randrange(3)), None
        lo, hi = (ref + timedelta(days=1), y1) if after else (y0, ref - timedelta(days=1))
        sp = Spec("s", None, r, o, lo, hi, anchor=anch, anchor_day=ref if anch else None)
        word = "after" if after else "before"
        scope = f"later in {d.year}" if after else f"earlier in {d.year}"
        forms = [
            ("who_after", f"Who {self.vp(r, o)} {word} {reftxt} ({scope})?"),
            ("front_after", f"{cap(word)} {reftxt}, and still within {d.year}, who {self.vp(r, o)}?"),
            ("which_ones", f"In {d.year}, which actors {self.vp(r, o)} {word} {reftxt}?"),
        ]
        pas = self.passive(r, o)
        if pas:
            forms.append(("passive_list", f"In {d.year}, {word} {reftxt}, {pas} by whom?"))
        c, text = self.pick(forms)
        meta = {
            "qtype": "before_after",
            "answer_type": "entity",
            "time_level": "day",
            "construction": c + ("/event" if anch else "/date"),
        }
        return self.add(out, text, sp, meta)

    def after_first(self, out: list[dict[str, Any]]) -> bool:
        a = self.anchor()
        # target pair shares an entity with the anchor most of the time, like MultiTQ
        pool = [q for q in self.by_ent[a[0]] + self.by_ent[a[2]] if q[3] > a[3] and q[3].year == a[3].year]
        if not pool:
            return False
        _s, r, o, _d = self.pick(pool)
        y1 = date(a[3].year, 12, 31)
        sp = Spec("s", None, r, o, a[3] + timedelta(days=1), y1, agg="first", anchor=a[:3], anchor_day=a[3])
        at, noun = self.anchor_form(a[0], a[1], a[2])
        follow = f"Following {at}" if noun else f"Once {at}"
        forms = [
            ("who_next", f"After {at}, who was the next to {self.base(r, o)}?"),
            ("first_after", f"Who was the first to {self.base(r, o)} after {at}?"),
            ("following", f"{follow}, which actor was the first to {self.base(r, o)}?"),
        ]
        c, text = self.pick(forms)
        text = text[:-1] + f" (within {a[3].year})" + text[-1]
        meta = {"qtype": "after_first", "answer_type": "entity", "time_level": "day", "construction": c}
        return self.add(out, text, sp, meta)

    def before_last(self, out: list[dict[str, Any]]) -> bool:
        a = self.anchor()
        pool = [q for q in self.by_ent[a[0]] + self.by_ent[a[2]] if q[3] < a[3] and q[3].year == a[3].year]
        if not pool:
            return False
        _s, r, o, _d = self.pick(pool)
        y0 = date(a[3].year, 1, 1)
        sp = Spec("s", None, r, o, y0, a[3] - timedelta(days=1), agg="last", anchor=a[:3], anchor_day=a[3])
        at, noun = self.anchor_form(a[0], a[1], a[2])
        y = a[3].year
        forms = [
            ("who_last_before", f"In {y}, who was the last to {self.base(r, o)} before {at}?"),
            ("just_before", f"Earlier in {y}, just before {at}, who had last {self.pp(r, o)}?"),
            (
                "prior_to",
                f"{'Prior to' if noun else 'Before'} {at} (counting only {y}), which actor most recently "
                f"{self.vp(r, o)}?",
            ),
        ]
        c, text = self.pick(forms)
        meta = {"qtype": "before_last", "answer_type": "entity", "time_level": "day", "construction": c}
        return self.add(out, text, sp, meta)

    def equal_multi(self, out: list[dict[str, Any]]) -> bool:
        a = self.anchor()
        gran = self.pick(["day", "month", "month", "dayafter"])
        ad = a[3]
        if gran == "day":
            lo = hi = ad
        elif gran == "dayafter":
            lo = hi = ad + timedelta(days=1)
            if hi > self.p_hi:
                return False
        else:
            lo, hi = date(ad.year, ad.month, 1), date(ad.year, ad.month, calendar.monthrange(ad.year, ad.month)[1])
        pool = [q for q in self.by_ent[a[0]] + self.by_ent[a[2]] if lo <= q[3] <= hi and q[:3] != a[:3]]
        if not pool:
            return False
        s, r, o, _d = self.pick(pool)
        target = self.pick(["s", "s", "o"])
        if not self.object_last(r):
            target = "s"
        sp = Spec(
            target, None if target == "s" else s, r, o if target == "s" else None, lo, hi, anchor=a[:3], anchor_day=a[3]
        )
        at = self.anchor_text(a[0], a[1], a[2])
        when = {"day": "on the same day as", "month": "in the same month as", "dayafter": "on the day after"}[gran]
        if target == "s":
            forms = [
                ("who_same_as", f"Who {self.vp(r, o)} {when} {at}?"),
                ("front_same", f"{cap(when)} {at}, who {self.vp(r, o)}?"),
                ("name_same", f"Name whoever {self.vp(r, o)} {when} {at}."),
            ]
        else:
            forms = [
                ("whom_same_as", f"Whom did {self.E(s)} {REL[r][1].format(o='').strip()} {when} {at}?"),
                ("front_whom", f"{cap(when)} {at}, which parties did {self.E(s)} {REL[r][1].format(o='').strip()}?"),
            ]
        c, text = self.pick(forms)
        level = "month" if gran == "month" else "day"
        meta = {"qtype": "equal_multi", "answer_type": "entity", "time_level": level, "construction": f"{c}/{gran}"}
        return self.add(out, text, sp, meta)


MULTI = {"equal_multi", "after_first", "before_last"}


def build(store: str, driver: neo4j.Driver) -> list[dict[str, Any]]:
    cfg = STORES[store]
    kg = load_kg(driver)
    rng = random.Random(SEED)
    b = Builder(kg, cfg["years"], rng)
    makers: dict[str, Callable[[list[dict[str, Any]]], bool]] = {
        "equal_ent": b.equal_ent,
        "equal_time": b.equal_time,
        "first_ent": b.first_ent,
        "first_time": b.first_time,
        "before_after": b.before_after,
        "after_first": b.after_first,
        "before_last": b.before_last,
        "equal_multi": b.equal_multi,
    }
    items: list[dict[str, Any]] = []
    rels_used: set[str] = set()
    for kind, n in cfg["quota"].items():
        got: list[dict[str, Any]] = []
        tries = 0
        while len(got) < n and tries < 20000:
            tries += 1
            before = len(got)
            makers[kind](got)
            # prefer relations not used yet, so the set covers many
            if len(got) > before and got[-1]["spec"].r in rels_used and rng.random() < 0.5:
                b.texts.discard(got.pop()["question"])
            elif len(got) > before:
                rels_used.add(got[-1]["spec"].r)
        items.extend(got)
    rows: list[dict[str, Any]] = []
    with driver.session(default_access_mode=neo4j.READ_ACCESS) as ses:
        for i, it in enumerate(items):
            sp: Spec = it.pop("spec")
            xs, what = check(ses, sp)
            agrees = xs == it["answers"]
            quid = f"{cfg['prefix']}{i:04d}"
            rows.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": it["question"],
                    "answers": it["answers"],
                    "answer_type": it["answer_type"],
                    "time_level": it["time_level"],
                    "qtype": it["qtype"],
                    "qlabel": "Multiple" if it["qtype"] in MULTI else "Single",
                    "evidence": [],
                    "construction": it["construction"],
                    "store": store,
                    "check": what,
                    "check_agrees": agrees,
                }
            )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    driver = connect()
    try:
        rows = build(args.store, driver)
    finally:
        driver.close()
    bad = [r for r in rows if not r["check_agrees"]]
    rows = [r for r in rows if r["check_agrees"]]  # disagreements are dropped (reported below)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / STORES[args.store]["file"]
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{path}: {len(rows)} questions written, {len(bad)} dropped on the second check")


if __name__ == "__main__":
    main()
