"""Blind held-out question set 18: MultiTQ-style questions with gold computed from the ICEWS stores.

Written without looking at the reader or at earlier phrasing generators, so the reader's score on these questions is an
honest figure for phrasings it was never tuned on. Gold answers come from one read of every (subject, relation,
object, day) in the store; a second, differently written Cypher query per question recomputes each gold set (matched
from the other side, dates compared as strings, first/last aggregated in Cypher), and disagreements are dropped.

Usage (from the worktree root, one store at a time)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_18.py --store mtq --out <work>/heldout/v18/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_18.py --store bench --out <work>/heldout/v18/blind_icews14.jsonl

The stores are only read (read sessions, no schema statements). Seed 20261218; reruns give byte-identical files.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261218
MAX_GOLD = 5

# ---- relation wording: (past tense, base form, passive participle or None) -- several wordings per relation ----------
RELATIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_statement": [("issued a statement about", "issue a statement about", None)],
    "Consult": [("consulted", "consult", "consulted"), ("held consultations with", "hold consultations with", None)],
    "Make_an_appeal_or_request": [
        ("appealed to", "appeal to", "appealed to"),
        ("made a request to", "make a request to", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("expressed willingness to meet with", "express willingness to meet with", None),
        ("declared readiness to sit down with", "declare readiness to sit down with", None),
    ],
    "Make_a_visit": [("visited", "visit", "visited"), ("paid a visit to", "pay a visit to", None)],
    "Host_a_visit": [("hosted", "host", "hosted"), ("received a visit from", "receive a visit from", None)],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested", "arrest", "arrested"),
        ("detained or charged", "detain or charge", "detained or charged"),
    ],
    "Praise_or_endorse": [("praised", "praise", "praised"), ("spoke highly of", "speak highly of", "spoken highly of")],
    "Criticize_or_denounce": [("criticized", "criticize", "criticized"), ("denounced", "denounce", "denounced")],
    "Accuse": [("accused", "accuse", "accused"), ("leveled accusations at", "level accusations at", None)],
    "Use_conventional_military_force": [("used military force against", "use military force against", None)],
    "Engage_in_negotiation": [
        ("negotiated with", "negotiate with", "negotiated with"),
        ("held talks with", "hold talks with", None),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with", "offer to cooperate with", None),
        ("signalled a wish to cooperate with", "signal a wish to cooperate with", None),
    ],
    "Demand": [("made demands of", "make demands of", None)],
    "Engage_in_diplomatic_cooperation": [("cooperated diplomatically with", "cooperate diplomatically with", None)],
    "Sign_formal_agreement": [
        ("signed a formal agreement with", "sign a formal agreement with", None),
        ("concluded an agreement with", "conclude an agreement with", None),
    ],
    "Investigate": [
        ("investigated", "investigate", "investigated"),
        ("opened an inquiry into", "open an inquiry into", None),
    ],
    "Discuss_by_telephone": [
        ("spoke by phone with", "speak by phone with", None),
        ("had a telephone conversation with", "have a telephone conversation with", None),
    ],
    "Reject": [("rejected", "reject", "rejected"), ("turned down", "turn down", "turned down")],
    "Make_optimistic_comment": [("made upbeat remarks about", "make upbeat remarks about", None)],
    "Threaten": [("threatened", "threaten", "threatened")],
    "Meet_at_a_'third'_location": [("met on neutral ground with", "meet on neutral ground with", None)],
    "Make_pessimistic_comment": [("voiced pessimism about", "voice pessimism about", None)],
    "Provide_humanitarian_aid": [("sent humanitarian aid to", "send humanitarian aid to", None)],
    "Make_empathetic_comment": [("expressed sympathy for", "express sympathy for", None)],
    "Provide_aid": [("gave aid to", "give aid to", None)],
    "Impose_embargo,_boycott,_or_sanctions": [("imposed sanctions on", "impose sanctions on", None)],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        ("called for diplomatic support from", "call for diplomatic support from", None)
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        ("pledged diplomatic support to", "pledge diplomatic support to", None)
    ],
    "Cooperate_economically": [("cooperated economically with", "cooperate economically with", None)],
    "Bring_lawsuit_against": [
        ("sued", "sue", "sued"),
        ("took legal action against", "take legal action against", None),
    ],
    "Physically_assault": [("physically assaulted", "physically assault", "physically assaulted")],
    "Complain_officially": [("lodged an official complaint with", "lodge an official complaint with", None)],
    "Reduce_relations": [("scaled back relations with", "scale back relations with", None)],
    "Abduct,_hijack,_or_take_hostage": [("abducted", "abduct", "abducted")],
}

ROLES: dict[str, str] = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Military": "the armed forces of {c}",
    "Military Personnel": "military personnel in {c}",
    "Media": "the media in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Court Judge": "a court judge in {c}",
    "Protester": "protesters in {c}",
    "Student": "students in {c}",
    "Criminal": "criminals in {c}",
    "Member of Parliament": "a member of parliament in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Other Authorities / Officials": "officials in {c}",
    "Activist": "activists in {c}",
    "Militant": "militants in {c}",
    "Legislature": "the legislature of {c}",
}
DEMONYM_ROLES = {"Police": "the {d} police", "Government": "the {d} government", "Media": "the {d} media"}
DEMONYMS = {
    "Kenya": "Kenyan", "India": "Indian", "Germany": "German", "China": "Chinese", "Russia": "Russian",
    "Nigeria": "Nigerian", "Pakistan": "Pakistani", "Iraq": "Iraqi", "Egypt": "Egyptian", "Ukraine": "Ukrainian",
    "Japan": "Japanese", "France": "French", "Turkey": "Turkish", "Iran": "Iranian", "Afghanistan": "Afghan",
    "Israel": "Israeli", "Syria": "Syrian", "South Africa": "South African", "United States": "American",
    "United Kingdom": "British", "Thailand": "Thai", "Mexico": "Mexican", "Australia": "Australian",
    "Bangladesh": "Bangladeshi", "Malaysia": "Malaysian", "Indonesia": "Indonesian", "Nepal": "Nepalese",
}  # fmt: skip
THE_WORDS = ("Party", "Ministry", "Council", "Union", "Nations", "Army", "Front", "Congress", "Organization",
             "Parliament", "Court", "Movement", "Commission", "Fund", "Bank", "Assembly", "Agency",
             "Senate")  # fmt: skip
THE_NAMES = {"Philippines", "Netherlands", "Taliban", "Kremlin", "Vatican", "Holy See", "Gaza Strip", "West Bank"}
NAMED_DAYS = [
    ((1, 1), "New Year's Day"), ((2, 14), "Valentine's Day"), ((3, 8), "International Women's Day"),
    ((5, 1), "May Day (1 May)"), ((7, 4), "the Fourth of July"), ((10, 31), "Halloween"),
    ((12, 24), "Christmas Eve"), ((12, 25), "Christmas Day"), ((12, 31), "New Year's Eve"),
]  # fmt: skip
SEASONS = [("spring", (3, 5), "March, April and May"), ("summer", (6, 8), "June, July and August"),
           ("autumn", (9, 11), "September, October and November")]  # fmt: skip


def country_phrase(c: str) -> str:
    if c == "Palestinian Territory, Occupied":
        return "the Palestinian territories"
    return "the " + c if c.startswith("United ") or c in THE_NAMES or c.endswith(" Republic") else c


def ent(name: str, rng: random.Random | None = None) -> str | None:
    """How a person would say the entity, or None when we have no natural wording for it."""
    if "(" in name:
        role, _, rest = name.partition(" (")
        country = rest[:-1] if rest.endswith(")") else ""
        if not country or "(" in country or role not in ROLES:
            return None
        if role in DEMONYM_ROLES and country in DEMONYMS and (rng is None or rng.random() < 0.6):
            return DEMONYM_ROLES[role].format(d=DEMONYMS[country])
        return ROLES[role].format(c=country_phrase(country))
    if any(ch in name for ch in "/;\"'") or not name[:1].isupper():
        return None
    if name.startswith(("United ", "European ", "Republic", "Democratic ")) or name in THE_NAMES:
        return "the " + name
    if any(w in name.split() for w in THE_WORDS):
        return "the " + name
    return name


PLURAL_STARTS = (
    "citizens",
    "lawyers",
    "military personnel",
    "protesters",
    "students",
    "criminals",
    "officials",
    "activists",
    "militants",
    "the armed forces",
)


def be(phrase: str) -> str:
    """'was' or 'were' for a passive clause about the phrase."""
    return "were" if phrase.startswith(PLURAL_STARTS) else "was"


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def fmt_day(d: date, rng: random.Random) -> str:
    style = rng.randrange(3)
    if style == 0:
        return f"{calendar.month_name[d.month]} {d.day}, {d.year}"
    if style == 1:
        return f"{d.day} {calendar.month_name[d.month]} {d.year}"
    return d.isoformat()


def fmt_month(y: int, m: int) -> str:
    return f"{calendar.month_name[m]} {y}"


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def at_level(d: date, level: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[level]]


@dataclass
class Spec:
    """What a question asks, enough for both gold computations."""

    ask: str  # subject | object | time
    s: str | None
    r: str
    o: str | None
    a: date
    b: date
    mode: str = "all"  # all | first | last
    level: str = "day"
    exclude: list[str] = field(default_factory=list)
    anchor: tuple[str, str, str] | None = None
    anchor_rel: str | None = None  # before_in_year | after | same_day | same_month | day_after


@dataclass
class KG:
    store_lo: date
    store_hi: date
    events: list[tuple[str, str, str, date]]
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))
    by_day: dict[date, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.events:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
            self.by_day[d].append((r, o))
        for v in self.by_ro.values():
            v.sort()
        for v in self.by_sr.values():
            v.sort()
        for w in self.by_sro.values():
            w.sort()


def anchor_period(rel: str, t0: date, lo: date, hi: date) -> tuple[date, date]:
    if rel == "before_in_year":
        return date(t0.year, 1, 1), t0 - timedelta(days=1)
    if rel == "after":
        return t0 + timedelta(days=1), hi
    if rel == "same_day":
        return t0, t0
    if rel == "same_month":
        return date(t0.year, t0.month, 1), month_end(t0.year, t0.month)
    if rel == "day_after":
        return t0 + timedelta(days=1), t0 + timedelta(days=1)
    raise ValueError(rel)


def gold_python(kg: KG, sp: Spec) -> list[str]:
    if sp.anchor is not None:
        days = kg.by_sro.get(sp.anchor, [])
        if len(days) != 1:
            return []
        assert sp.anchor_rel is not None
        sp.a, sp.b = anchor_period(sp.anchor_rel, days[0], kg.store_lo, kg.store_hi)
    if sp.ask == "time":
        assert sp.s is not None and sp.o is not None
        rows = [(d, at_level(d, sp.level)) for d in kg.by_sro.get((sp.s, sp.r, sp.o), []) if sp.a <= d <= sp.b]
    elif sp.ask == "subject":
        assert sp.o is not None
        rows = [(d, x) for d, x in kg.by_ro.get((sp.r, sp.o), []) if sp.a <= d <= sp.b]
    else:
        assert sp.s is not None
        rows = [(d, x) for d, x in kg.by_sr.get((sp.s, sp.r), []) if sp.a <= d <= sp.b]
    if not rows:
        return []
    if sp.mode == "first":
        m = min(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == m]
    elif sp.mode == "last":
        m = max(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == m]
    return sorted({x for _, x in rows} - set(sp.exclude))


CHECK_ENTITY = """
MATCH (fx:Entity {name: $fixed})<-[:%(fixed_rel)s]-(e:Event)-[:%(ask_rel)s]->(y:Entity)
WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b
WITH collect([y.name, toString(e.valid_from)]) AS rows, min(toString(e.valid_from)) AS lo,
     max(toString(e.valid_from)) AS hi
RETURN [row IN rows WHERE $mode = 'all' OR ($mode = 'first' AND row[1] = lo) OR ($mode = 'last' AND row[1] = hi)
        | row[0]] AS names
"""
CHECK_TIME = """
MATCH (oe:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(se:Entity {name: $s})
WHERE e.relation = $r AND toString(e.valid_from) >= $a AND toString(e.valid_from) <= $b
WITH collect(toString(e.valid_from)) AS ds
WITH ds, reduce(m = null, d IN ds | CASE WHEN m IS NULL OR d < m THEN d ELSE m END) AS lo,
     reduce(m = null, d IN ds | CASE WHEN m IS NULL OR d > m THEN d ELSE m END) AS hi
RETURN [d IN ds WHERE $mode = 'all' OR ($mode = 'first' AND d = lo) OR ($mode = 'last' AND d = hi)
        | substring(d, 0, $n)] AS names
"""
CHECK_ANCHOR = """
MATCH (oe:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(se:Entity {name: $s})
WHERE e.relation = $r
RETURN count(e) AS n, collect(toString(e.valid_from)) AS days
"""


def str_period(rel: str, t0: str, hi: str) -> tuple[str, str]:
    """The anchor's window from its date string, written without date arithmetic where strings suffice."""
    y, m = t0[:4], t0[:7]
    if rel == "before_in_year":
        return y + "-01-01", (date.fromisoformat(t0) - timedelta(days=1)).isoformat()
    if rel == "after":
        return (date.fromisoformat(t0) + timedelta(days=1)).isoformat(), hi
    if rel == "same_day":
        return t0, t0
    if rel == "same_month":
        return m + "-01", m + "-31"
    nxt = (date.fromisoformat(t0) + timedelta(days=1)).isoformat()
    return nxt, nxt


def gold_cypher(session: Any, sp: Spec, hi: str) -> tuple[list[str], str]:
    a, b = sp.a.isoformat(), sp.b.isoformat()
    what = []
    if sp.anchor is not None:
        s1, r1, o1 = sp.anchor
        rec = session.run(CHECK_ANCHOR, s=s1, r=r1, o=o1).single()
        if rec["n"] != 1:
            return [], "anchor not unique"
        assert sp.anchor_rel is not None
        a, b = str_period(sp.anchor_rel, rec["days"][0], hi)
        what.append("anchor uniqueness and date (matched object-first, date as string)")
    if sp.ask == "time":
        names = session.run(CHECK_TIME, s=sp.s, o=sp.o, r=sp.r, a=a, b=b, mode=sp.mode,
                            n={"day": 10, "month": 7, "year": 4}[sp.level]).single()["names"]  # fmt: skip
        what.append(f"{sp.mode} {sp.level}s of the triple, matched object-first, string-compared dates")
    else:
        fixed_rel, ask_rel = ("OBJECT", "SUBJECT") if sp.ask == "subject" else ("SUBJECT", "OBJECT")
        q = CHECK_ENTITY % {"fixed_rel": fixed_rel, "ask_rel": ask_rel}
        fixed = sp.o if sp.ask == "subject" else sp.s
        names = session.run(q, fixed=fixed, r=sp.r, a=a, b=b, mode=sp.mode).single()["names"]
        what.append(f"{sp.mode} {sp.ask}s from the fixed entity's side, string-compared dates, first/last in Cypher")
    return sorted(set(names) - set(sp.exclude)), "; ".join(what)


# ---- question builders -----------------------------------------------------------------------------------------------


@dataclass
class Ctx:
    kg: KG
    rng: random.Random
    years: list[int]
    is_mtq: bool
    ro_keys: list[tuple[str, str]]
    sro_keys: list[tuple[str, str, str]]
    anchors: list[tuple[str, str, str]]

    def words(self, r: str, need_pp: bool = False) -> tuple[str, str, str | None] | None:
        opts = [w for w in RELATIONS.get(r, []) if w[2] is not None or not need_pp]
        return self.rng.choice(opts) if opts else None

    def pick_ro(self) -> tuple[str, str, list[tuple[date, str]]]:
        r, o = self.rng.choice(self.ro_keys)
        return r, o, [(d, s) for d, s in self.kg.by_ro[(r, o)] if d.year in self.years]

    def pick_sro(self) -> tuple[str, str, str, list[date]]:
        s, r, o = self.rng.choice(self.sro_keys)
        return s, r, o, [d for d in self.kg.by_sro[(s, r, o)] if d.year in self.years]

    def scope(self, y: int) -> str:
        """Year scoping words: needed on mtq (sample before 2014), harmless on the one-year store."""
        return f"in {y}" if self.is_mtq or self.rng.random() < 0.5 else ""


Built = tuple[str, Spec, str, str, str] | None  # text, spec, answer_type, qtype, qlabel


def b_day_who(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0]
    t = c.rng.choice([f"Who {w[0]} {eo} on {fmt_day(d, c.rng)}?", f"On {fmt_day(d, c.rng)}, which actors {w[0]} {eo}?"])
    return t, Spec("subject", None, r, o, d, d), "entity", "equal", "Single"


def b_month_passive(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r, need_pp=True), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0]
    a, b = date(d.year, d.month, 1), month_end(d.year, d.month)
    was = be(eo)
    t = c.rng.choice([f"In {fmt_month(d.year, d.month)}, {eo} {was} {w[2]} by whom?",
                      f"By whom {was} {eo} {w[2]} during {fmt_month(d.year, d.month)}?"])  # fmt: skip
    return cap(t), Spec("subject", None, r, o, a, b, level="month"), "entity", "equal", "Single"


def b_year_whom(c: Ctx) -> Built:
    s, r, _o, days = c.pick_sro()
    w, es = c.words(r), ent(s, c.rng)
    if not days or w is None or es is None:
        return None
    y = c.rng.choice(days).year
    t = c.rng.choice([f"Whom did {es} {w[1]} in {y}?", f"In {y}, who were the targets when {es} {w[0]} someone?",
                      f"Name the parties that {es} {w[0]} in the course of {y}."])  # fmt: skip
    return cap(t), Spec("object", s, r, None, date(y, 1, 1), date(y, 12, 31), level="year"), "entity", "equal", "Single"


def b_nday_window(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    n = c.rng.choice([3, 5, 7, 10, 14])
    d = c.rng.choice(evs)[0]
    a = d - timedelta(days=c.rng.randrange(n))
    b = a + timedelta(days=n - 1)
    if a.year != b.year or a.year not in c.years:
        return None
    t = c.rng.choice([
        f"Name everyone who {w[0]} {eo} in the {n} days from {fmt_day(a, c.rng)} to {fmt_day(b, c.rng)} "
        "(both days included).",
        f"Over the {n}-day stretch {fmt_day(a, c.rng)} through {fmt_day(b, c.rng)}, inclusive, who {w[0]} {eo}?",
    ])  # fmt: skip
    return t, Spec("subject", None, r, o, a, b), "entity", "equal", "Single"


def b_quarter(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0]
    q = (d.month - 1) // 3 + 1
    m1, m3 = 3 * q - 2, 3 * q
    months = f"{calendar.month_name[m1]} through {calendar.month_name[m3]}"
    t = c.rng.choice([f"Which actors {w[0]} {eo} during Q{q} {d.year} ({months})?",
                      f"Tell me who {w[0]} {eo} in the {['first', 'second', 'third', 'fourth'][q - 1]} quarter of "
                      f"{d.year}, i.e. {months}."])  # fmt: skip
    sp = Spec("subject", None, r, o, date(d.year, m1, 1), month_end(d.year, m3), level="month")
    return t, sp, "entity", "equal", "Single"


def b_half_season(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0]
    if c.rng.random() < 0.5:
        h = 1 if d.month <= 6 else 2
        a, b = (date(d.year, 1, 1), date(d.year, 6, 30)) if h == 1 else (date(d.year, 7, 1), date(d.year, 12, 31))
        span = "January to June" if h == 1 else "July to December"
        t = f"Who {w[0]} {eo} in the {'first' if h == 1 else 'second'} half of {d.year} ({span})?"
    else:
        found = [x for x in SEASONS if x[1][0] <= d.month <= x[1][1]]
        if not found:
            return None
        name, (m1, m3), months = found[0]
        a, b = date(d.year, m1, 1), month_end(d.year, m3)
        t = f"Tell me who {w[0]} {eo} in the {name} of {d.year} ({months})."
    return t, Spec("subject", None, r, o, a, b, level="month"), "entity", "equal", "Single"


def b_named_day(c: Ctx) -> Built:
    (m, dd), name = c.rng.choice(NAMED_DAYS)
    y = c.rng.choice(c.years)
    d = date(y, m, dd)
    keys = sorted({(r, o) for r, o in c.kg.by_day.get(d, []) if r in RELATIONS and ent(o) is not None})
    if not keys:
        return None
    r, o = c.rng.choice(keys)
    w, eo = c.words(r), ent(o, c.rng)
    assert w is not None and eo is not None
    t = c.rng.choice([f"On {name} {y}, who {w[0]} {eo}?", f"Who {w[0]} {eo} on {name} of {y}?"])
    return t, Spec("subject", None, r, o, d, d), "entity", "equal", "Single"


def b_ellipsis(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d, s1 = c.rng.choice(evs)
    es1 = ent(s1, c.rng)
    if es1 is None:
        return None
    if c.rng.random() < 0.5:
        t = f"{cap(es1)} {w[0]} {eo} on {fmt_day(d, c.rng)}. Who else did so that same day?"
        sp = Spec("subject", None, r, o, d, d, exclude=[s1])
    else:
        t = f"{cap(es1)} {w[0]} {eo} in {fmt_month(d.year, d.month)}. Who else did the same that month?"
        sp = Spec("subject", None, r, o, date(d.year, d.month, 1), month_end(d.year, d.month), level="month",
                  exclude=[s1])  # fmt: skip
    return t, sp, "entity", "equal", "Single"


def b_when_day(c: Ctx) -> Built:
    s, r, o, days = c.pick_sro()
    w, es, eo = c.words(r), ent(s, c.rng), ent(o, c.rng)
    if not days or w is None or es is None or eo is None:
        return None
    y = c.rng.choice(days).year
    sc = c.scope(y)
    a, b = (date(y, 1, 1), date(y, 12, 31)) if sc else (c.kg.store_lo, c.kg.store_hi)
    t = c.rng.choice([f"On what date did {es} {w[1]} {eo}" + (f" {sc}?" if sc else "?"),
                      (f"{cap(sc)}, w" if sc else "W") + f"hich day(s) did {es} {w[1]} {eo}?"])  # fmt: skip
    return cap(t), Spec("time", s, r, o, a, b, level="day"), "time", "equal", "Single"


def b_month_saw(c: Ctx) -> Built:
    s, r, o, days = c.pick_sro()
    w, es, eo = c.words(r, need_pp=True), ent(s, c.rng), ent(o, c.rng)
    if not days or w is None or es is None or eo is None:
        return None
    y = c.rng.choice(days).year
    t = c.rng.choice([f"Which month of {y} saw {eo} {w[2]} by {es}?",
                      f"In {y}, in what month {be(eo)} {eo} {w[2]} by {es}?"])  # fmt: skip
    return t, Spec("time", s, r, o, date(y, 1, 1), date(y, 12, 31), level="month"), "time", "equal", "Single"


def b_which_year(c: Ctx) -> Built:
    if not c.is_mtq:
        return None
    s, r, o, days = c.pick_sro()
    w, es, eo = c.words(r), ent(s, c.rng), ent(o, c.rng)
    if not days or w is None or es is None or eo is None:
        return None
    t = c.rng.choice([f"Between 2014 and 2015, in which year did {es} {w[1]} {eo}?",
                      f"Was it 2014 or 2015 (or both) when {es} {w[0]} {eo}?"])  # fmt: skip
    return t, Spec("time", s, r, o, date(2014, 1, 1), date(2015, 12, 31), level="year"), "time", "equal", "Single"


def b_first_who(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    y = c.rng.choice(evs)[0].year
    last = c.rng.random() < 0.5
    if last:
        t = c.rng.choice([f"Which was the last actor to {w[1]} {eo} in {y}?",
                          f"In {y}, who was the final one to {w[1]} {eo}?"])  # fmt: skip
    else:
        t = c.rng.choice([f"Who was the first to {w[1]} {eo} in {y}?",
                          f"In {y}, who {w[0]} {eo} before anyone else did?"])  # fmt: skip
    sp = Spec("subject", None, r, o, date(y, 1, 1), date(y, 12, 31), mode="last" if last else "first")
    return t, sp, "entity", "first_last", "Single"


def b_first_month(c: Ctx) -> Built:
    s, r, o, days = c.pick_sro()
    w, es, eo = c.words(r), ent(s, c.rng), ent(o, c.rng)
    if not days or w is None or es is None or eo is None:
        return None
    y = c.rng.choice(days).year
    first = c.rng.random() < 0.6
    word = "first" if first else "last"
    t = c.rng.choice([f"In which month did {es} {w[1]} {eo} for the {word} time in {y}?",
                      f"{cap(es)} {w[0]} {eo} at least once in {y}; in which month did that happen "
                      f"for the {word} time that year?"]) if c.rng.random() < 0.8 else \
        f"Which month of {y} was the {word} in which {es} {w[0]} {eo}?"  # fmt: skip
    sp = Spec("time", s, r, o, date(y, 1, 1), date(y, 12, 31), mode="first" if first else "last", level="month")
    return cap(t), sp, "time", "first_last", "Single"


def b_last_day(c: Ctx) -> Built:
    s, r, o, days = c.pick_sro()
    w, es, eo = c.words(r), ent(s, c.rng), ent(o, c.rng)
    if not days or w is None or es is None or eo is None:
        return None
    y = c.rng.choice(days).year
    first = c.rng.random() < 0.4
    word = "first" if first else "last"
    t = c.rng.choice([f"When, to the day, did {es} {word} {w[1]} {eo} in {y}?",
                      f"Tell me the date on which {es} {word} {w[0]} {eo} during {y}."])  # fmt: skip
    sp = Spec("time", s, r, o, date(y, 1, 1), date(y, 12, 31), mode=word, level="day")
    return t, sp, "time", "first_last", "Single"


def b_before_date(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0] + timedelta(days=c.rng.randrange(1, 20))
    if d.year not in c.years or (d.month == 1 and d.day == 1):
        return None
    t = c.rng.choice([f"In {d.year}, before {fmt_day(d, c.rng)}, which actors {w[0]} {eo}?",
                      f"Which actors {w[0]} {eo} in {d.year} prior to {fmt_day(d, c.rng)}?"])  # fmt: skip
    return t, Spec("subject", None, r, o, date(d.year, 1, 1), d - timedelta(days=1)), "entity", "before_after", "Single"


def b_after_month(c: Ctx) -> Built:
    r, o, evs = c.pick_ro()
    w, eo = c.words(r), ent(o, c.rng)
    if not evs or w is None or eo is None:
        return None
    d = c.rng.choice(evs)[0]
    if d.month == 1:
        return None
    m = d.month - 1
    a = date(d.year, m, 1) + timedelta(days=32)
    a = date(a.year, a.month, 1)
    end = date(d.year, 12, 31)
    t = c.rng.choice([f"Who {w[0]} {eo} after {fmt_month(d.year, m)} but still within {d.year}?",
                      f"After the end of {fmt_month(d.year, m)} and before {d.year} was over, "
                      f"who {w[0]} {eo}?"])  # fmt: skip
    return t, Spec("subject", None, r, o, a, end, level="month"), "entity", "before_after", "Single"


def anchor_clause(c: Ctx, anc: tuple[str, str, str]) -> str | None:
    s1, r1, o1 = anc
    w, es, eo = c.words(r1), ent(s1, c.rng), ent(o1, c.rng)
    if w is None or es is None or eo is None:
        return None
    return f"{es} {w[0]} {eo}"


def pick_anchor_target(c: Ctx) -> tuple[tuple[str, str, str], date, str, str] | None:
    """An anchor event unique in the whole store, and a target (relation, object) sharing one of its entities."""
    anc = c.rng.choice(c.anchors)
    t0 = c.kg.by_sro[anc][0]
    s1, _r1, o1 = anc
    pivot = c.rng.choice([s1, o1])
    rels = sorted(r for r in RELATIONS if (r, pivot) in c.kg.by_ro)
    if not rels:
        return None
    return anc, t0, c.rng.choice(rels), pivot


def b_event_rel(c: Ctx, rel: str, qtype: str, mode: str, level: str) -> Built:
    got = pick_anchor_target(c)
    if got is None:
        return None
    anc, t0, r, o = got
    if rel == "before_in_year" and t0.month == 1 and t0.day == 1:
        return None
    if rel == "day_after" and t0 + timedelta(days=1) > c.kg.store_hi:
        return None
    cl, w, eo = anchor_clause(c, anc), c.words(r), ent(o, c.rng)
    if cl is None or w is None or eo is None:
        return None
    y = t0.year
    texts = {
        ("before_in_year", "all"): [f"In {y}, before {cl}, who {w[0]} {eo}?",
                                    f"Which actors {w[0]} {eo} earlier in {y} than the day {cl}?"],
        ("after", "all"): [f"Who {w[0]} {eo} after {cl}?", f"After {cl}, which actors went on to {w[1]} {eo}?"],
        ("after", "first"): [f"After {cl}, who was the next to {w[1]} {eo}?",
                             f"Who was the first to {w[1]} {eo} after {cl}?",
                             f"Once {cl}, who {w[0]} {eo} next?"],
        ("before_in_year", "last"): [f"Earlier in {y}, before {cl}, who was the last to {w[1]} {eo}?",
                                     f"Who had last {w[0]} {eo} just before {cl} (looking only at {y})?"],
        ("same_day", "all"): [f"On the same day that {cl}, who {w[0]} {eo}?",
                              f"Who {w[0]} {eo} on the very day {cl}?"],
        ("same_month", "all"): [f"Who {w[0]} {eo} in the same month as {cl}?",
                                f"In the month when {cl}, which actors {w[0]} {eo}?"],
        ("day_after", "all"): [f"Who {w[0]} {eo} the day after {cl}?",
                               f"On the day following the one on which {cl}, who {w[0]} {eo}?"],
    }  # fmt: skip
    t = cap(c.rng.choice(texts[(rel, mode)]))
    # the anchor itself is not an answer to "who else did it that day/month"
    excl = [anc[0]] if (r, o) == (anc[1], anc[2]) and rel in ("same_day", "same_month") else []
    sp = Spec("subject", None, r, o, t0, t0, mode=mode, level=level, exclude=excl, anchor=anc, anchor_rel=rel)
    return t, sp, "entity", qtype, "Multiple"


def b_next_time(c: Ctx) -> Built:
    """after_first asked for a time: the day S next did r to O after an anchor event."""
    got = pick_anchor_target(c)
    if got is None:
        return None
    anc, t0, r, o = got
    subs = sorted({s for d, s in c.kg.by_ro[(r, o)] if d > t0})
    if not subs:
        return None
    s = c.rng.choice(subs)
    cl, w, es, eo = anchor_clause(c, anc), c.words(r), ent(s, c.rng), ent(o, c.rng)
    if cl is None or w is None or es is None or eo is None:
        return None
    t = c.rng.choice([f"After {cl}, on which day did {es} next {w[1]} {eo}?",
                      f"When was the first time {es} {w[0]} {eo} after {cl}? Give the date."])  # fmt: skip
    sp = Spec("time", s, r, o, t0, t0, mode="first", level="day", anchor=anc, anchor_rel="after")
    return t, sp, "time", "after_first", "Multiple"


BUILDERS: list[tuple[str, Callable[[Ctx], Built]]] = [
    ("day_who", b_day_who),
    ("month_passive", b_month_passive),
    ("year_whom_object", b_year_whom),
    ("nday_window", b_nday_window),
    ("quarter", b_quarter),
    ("half_or_season", b_half_season),
    ("named_day", b_named_day),
    ("ellipsis_who_else", b_ellipsis),
    ("when_day", b_when_day),
    ("month_as_subject", b_month_saw),
    ("which_year", b_which_year),
    ("first_last_who", b_first_who),
    ("first_last_month", b_first_month),
    ("first_last_day", b_last_day),
    ("before_date", b_before_date),
    ("after_month", b_after_month),
    ("before_event", lambda c: b_event_rel(c, "before_in_year", "before_after", "all", "day")),
    ("after_event", lambda c: b_event_rel(c, "after", "before_after", "all", "day")),
    ("next_after_event", lambda c: b_event_rel(c, "after", "after_first", "first", "day")),
    ("next_time_after_event", b_next_time),
    ("last_before_event", lambda c: b_event_rel(c, "before_in_year", "before_last", "last", "day")),
    ("same_day_as_event", lambda c: b_event_rel(c, "same_day", "equal_multi", "all", "day")),
    ("same_month_as_event", lambda c: b_event_rel(c, "same_month", "equal_multi", "all", "month")),
    ("day_after_event", lambda c: b_event_rel(c, "day_after", "equal_multi", "all", "day")),
]


def read_events(session: Any) -> list[tuple[str, str, str, date]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    rows = [(rec["s"], rec["r"], rec["o"], rec["d"].to_native()) for rec in session.run(q)]
    rows.sort()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--n", type=int, default=0, help="questions to keep (default: 100 on mtq, 70 on bench)")
    args = ap.parse_args()
    is_mtq = args.store == "mtq"
    n_target = args.n or (100 if is_mtq else 70)
    prefix = "b18m" if is_mtq else "b18i"
    years = [2014, 2015] if is_mtq else [2014]
    lo, hi = date(years[0], 1, 1), date(years[-1], 12, 31)

    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    with driver.session(database=settings.neo4j_database, default_access_mode="READ") as session:
        events = read_events(session)
        kg = KG(lo, hi, events)
        ro_keys = sorted(k for k, v in kg.by_ro.items() if k[0] in RELATIONS and any(d >= lo for d, _ in v))
        sro_keys = sorted(k for k, v in kg.by_sro.items() if k[1] in RELATIONS and any(d >= lo for d in v))
        anchors = sorted(k for k, v in kg.by_sro.items() if len(v) == 1 and lo <= v[0] <= hi and k[1] in RELATIONS)
        ctx = Ctx(kg, random.Random(SEED), years, is_mtq, ro_keys, sro_keys, anchors)
        usable = [(name, fn) for name, fn in BUILDERS if is_mtq or name != "which_year"]
        per = -(-n_target // len(usable))
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        drops: Counter[str] = Counter()
        for name, fn in usable:
            got, tries = 0, 0
            while got < per and tries < 400:
                tries += 1
                built = fn(ctx)
                if built is None:
                    continue
                text, sp, atype, qtype, qlabel = built
                if text in seen:
                    drops["duplicate"] += 1
                    continue
                gold = gold_python(kg, sp)
                if not gold:
                    drops["no gold"] += 1
                    continue
                if len(gold) > MAX_GOLD:
                    drops["> 5 gold"] += 1
                    continue
                if not (lo <= sp.a and sp.b <= hi):
                    drops["period outside store range"] += 1
                    continue
                check, what = gold_cypher(session, sp, hi.isoformat())
                if check != gold:
                    drops["second check disagrees"] += 1
                    continue
                seen.add(text)
                got += 1
                out.append({"text": text, "relation": sp.r, "gold": gold, "atype": atype, "qtype": qtype,
                            "qlabel": qlabel, "construction": name, "level": sp.level, "check": what})  # fmt: skip
    driver.close()
    ctx.rng.shuffle(out)
    out = out[:n_target]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for i, q in enumerate(out):
            quid = f"{prefix}{i:03d}"
            rec = {
                "quid": quid, "id": quid, "question": q["text"], "answers": q["gold"], "answer_type": q["atype"],
                "time_level": q["level"], "qtype": q["qtype"], "qlabel": q["qlabel"], "evidence": [],
                "construction": q["construction"], "store": args.store, "check": q["check"], "check_agrees": True,
            }  # fmt: skip
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"{args.store}: {len(out)} questions, {len(events)} events; drops {dict(sorted(drops.items()))}")
    print("constructions", dict(sorted(Counter(q["construction"] for q in out).items())))
    print("qtypes", dict(sorted(Counter(q["qtype"] for q in out).items())))
    print("answer types", dict(sorted(Counter(q["atype"] for q in out).items())))
    print("gold sizes", dict(sorted(Counter(len(q["gold"]) for q in out).items())))
    print("relations used", len({q["relation"] for q in out}))


if __name__ == "__main__":
    main()
