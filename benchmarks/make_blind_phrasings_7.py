"""Seventh blind held-out phrasing set: MultiTQ-type questions written the way people type them, gold from the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        .venv/bin/python benchmarks/make_blind_phrasings_7.py --store mtq --n 100 --out OUT/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        .venv/bin/python benchmarks/make_blind_phrasings_7.py --store bench --n 70 --out OUT/blind_icews14.jsonl

Each question is built from a *spec* (the relation, the fixed entities, the asked slot, a date window, an optional
anchor event and first/last/all) and a wording of it. The gold is computed twice, independently: once in Python over
a dump of every event of the store, once by a Cypher query built from the spec that finds the anchor, applies the
window and picks first/last inside the database. A question is written only when both agree; the counts of both
checks are printed. Only periods where the KG is complete are asked about (icews05-15: 2014-2015, and "first" and
"before" questions say so in their wording; icews14: all of 2014); an anchor event must be the only event of its
(subject, relation, object) in the whole store. Seasons are kept only when the meteorological and astronomical
readings give the same gold. Reads only; the records load with ``tkgrag.eval.load_dataset`` (tkgqa JSONL).
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tkgrag.store import Store, connect

SEED = 20261207
DAY = dt.timedelta(days=1)

# ----------------------------------------------------------------------------------------------- stores
STORES: dict[str, dict[str, Any]] = {
    # complete: where every event of the source is in the store; start/end: the store's whole span
    "mtq": {"kg": "icews05-15", "start": dt.date(2005, 1, 1), "end": dt.date(2015, 12, 31),
            "complete": dt.date(2014, 1, 1), "years": (2014, 2015)},
    "bench": {"kg": "icews14", "start": dt.date(2014, 1, 1), "end": dt.date(2014, 12, 31),
              "complete": dt.date(2014, 1, 1), "years": (2014,)},
}  # fmt: skip

DUMP = (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
    "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
)

# ----------------------------------------------------------------------------------------------- phrasings
# (past with {o}, base with {o}, past participle for a passive or None)
REL: dict[str, list[tuple[str, str, str | None]]] = {
    "Make_a_visit": [
        ("visited {o}", "visit {o}", "visited"),
        ("paid a visit to {o}", "pay a visit to {o}", None),
        ("made a trip to {o}", "make a trip to {o}", None),
    ],
    "Host_a_visit": [
        ("hosted {o}", "host {o}", "hosted"),
        ("welcomed {o} on a visit", "welcome {o} on a visit", None),
        ("received a visit from {o}", "receive a visit from {o}", None),
    ],
    "Criticize_or_denounce": [
        ("criticised {o}", "criticise {o}", "criticised"),
        ("denounced {o}", "denounce {o}", "denounced"),
        ("spoke out against {o}", "speak out against {o}", None),
    ],
    "Praise_or_endorse": [
        ("praised {o}", "praise {o}", "praised"),
        ("spoke approvingly of {o}", "speak approvingly of {o}", None),
        ("endorsed {o}", "endorse {o}", "endorsed"),
    ],
    "Accuse": [
        ("accused {o}", "accuse {o}", "accused"),
        ("levelled accusations at {o}", "level accusations at {o}", None),
    ],
    "Engage_in_negotiation": [
        ("negotiated with {o}", "negotiate with {o}", None),
        ("held negotiations with {o}", "hold negotiations with {o}", None),
    ],
    "Sign_formal_agreement": [
        ("signed a formal agreement with {o}", "sign a formal agreement with {o}", None),
        ("inked a deal with {o}", "ink a deal with {o}", None),
    ],
    "Make_an_appeal_or_request": [
        ("made an appeal to {o}", "make an appeal to {o}", None),
        ("put a request to {o}", "put a request to {o}", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("signalled a willingness to meet or negotiate with {o}", "signal a willingness to meet or negotiate with {o}",
         None),
        ("expressed an intention to sit down for talks with {o}", "express an intention to sit down for talks with {o}",
         None),
    ],
    "Express_intent_to_cooperate": [
        ("offered to cooperate with {o}", "offer to cooperate with {o}", None),
        ("pledged to work together with {o}", "pledge to work together with {o}", None),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("extended diplomatic cooperation to {o}", "extend diplomatic cooperation to {o}", None),
        ("worked with {o} on the diplomatic front", "work with {o} on the diplomatic front", None),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        ("offered diplomatic support to {o}", "offer diplomatic support to {o}", None),
        ("voiced readiness for diplomatic cooperation with {o}", "voice readiness for diplomatic cooperation with {o}",
         None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested {o}", "arrest {o}", "arrested"),
        ("took {o} into custody", "take {o} into custody", None),
        ("detained or charged {o}", "detain or charge {o}", None),
    ],
    "Use_conventional_military_force": [
        ("used military force against {o}", "use military force against {o}", None),
        ("carried out conventional military attacks on {o}", "carry out conventional military attacks on {o}", None),
    ],
    "Discuss_by_telephone": [
        ("spoke by phone with {o}", "speak by phone with {o}", None),
        ("had a telephone conversation with {o}", "have a telephone conversation with {o}", None),
        ("phoned {o}", "phone {o}", "phoned"),
    ],
    "Threaten": [
        ("threatened {o}", "threaten {o}", "threatened"),
        ("issued threats against {o}", "issue threats against {o}", None),
    ],
    "Make_optimistic_comment": [
        ("made optimistic remarks about {o}", "make optimistic remarks about {o}", None),
        ("sounded upbeat about {o}", "sound upbeat about {o}", None),
    ],
    "Make_empathetic_comment": [
        ("expressed sympathy for {o}", "express sympathy for {o}", None),
        ("offered words of sympathy to {o}", "offer words of sympathy to {o}", None),
    ],
    "Demand": [
        ("made demands of {o}", "make demands of {o}", None),
        ("issued demands to {o}", "issue demands to {o}", None),
    ],
    "Reject": [
        ("rejected {o}", "reject {o}", "rejected"),
        ("rebuffed {o}", "rebuff {o}", "rebuffed"),
    ],
    "Consult": [
        ("consulted {o}", "consult {o}", "consulted"),
        ("held consultations with {o}", "hold consultations with {o}", None),
    ],
    "Investigate": [
        ("investigated {o}", "investigate {o}", "investigated"),
        ("opened an investigation into {o}", "open an investigation into {o}", None),
    ],
    "Provide_humanitarian_aid": [
        ("sent humanitarian aid to {o}", "send humanitarian aid to {o}", None),
        ("gave humanitarian assistance to {o}", "give humanitarian assistance to {o}", None),
    ],
    "Make_pessimistic_comment": [
        ("made pessimistic comments about {o}", "make pessimistic comments about {o}", None),
        ("sounded gloomy about {o}", "sound gloomy about {o}", None),
    ],
}  # fmt: skip

DEMONYM = {
    "Afghanistan": "Afghan", "Australia": "Australian", "Bangladesh": "Bangladeshi", "Brazil": "Brazilian",
    "Canada": "Canadian", "China": "Chinese", "Colombia": "Colombian", "Egypt": "Egyptian", "France": "French",
    "Germany": "German", "Greece": "Greek", "India": "Indian", "Indonesia": "Indonesian", "Iran": "Iranian",
    "Iraq": "Iraqi", "Israel": "Israeli", "Italy": "Italian", "Japan": "Japanese", "Kenya": "Kenyan",
    "Libya": "Libyan", "Malaysia": "Malaysian", "Mexico": "Mexican", "Nigeria": "Nigerian", "Pakistan": "Pakistani",
    "Philippines": "Filipino", "Russia": "Russian", "Saudi Arabia": "Saudi", "South Africa": "South African",
    "South Korea": "South Korean", "North Korea": "North Korean", "Spain": "Spanish", "Syria": "Syrian",
    "Thailand": "Thai", "Turkey": "Turkish", "Ukraine": "Ukrainian", "United Kingdom": "British",
    "United States": "US", "Venezuela": "Venezuelan", "Vietnam": "Vietnamese", "Yemen": "Yemeni",
    "Somalia": "Somali", "Sudan": "Sudanese", "Taiwan": "Taiwanese", "Sri Lanka": "Sri Lankan",
    "Nepal": "Nepalese", "Myanmar": "Burmese", "Ireland": "Irish", "Poland": "Polish", "Cuba": "Cuban",
}  # fmt: skip

# sector -> (phrase with {c} the country, phrase with {d} the demonym or None)
SECTOR: dict[str, tuple[str, str | None]] = {
    "Police": ("the police in {c}", "the {d} police"),
    "Citizen": ("citizens of {c}", "{d} citizens"),
    "Government": ("the government of {c}", "the {d} government"),
    "Military": ("the armed forces of {c}", "the {d} military"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Foreign Affairs": ("the foreign ministry of {c}", "{c}'s foreign ministry"),
    "Protester": ("protesters in {c}", "{d} protesters"),
    "Armed Rebel": ("armed rebels in {c}", "{d} rebels"),
    "Criminal": ("criminals in {c}", None),
    "Lawmaker": ("lawmakers in {c}", "{d} lawmakers"),
    "Media": ("the media in {c}", "the {d} media"),
    "Activist": ("activists in {c}", "{d} activists"),
    "Student": ("students in {c}", "{d} students"),
    "Envoy": ("an envoy of {c}", "{c}'s envoy"),
    "Defense / Security Ministry": ("the defence ministry of {c}", "{c}'s defence ministry"),
    "Militant": ("militants in {c}", "{d} militants"),
}
THE_WORDS = (
    "United ",
    "European ",
    "Islamic State",
    "Philippines",
    "Netherlands",
    "Bahamas",
    "Vatican",
    "Gambia",
    "Council",
    "Union",
    "Ministry",
    "Nations",
    "Organization",
    "Organisation",
    "Party",
    "Army",
    "Kingdom",
    "Republic",
    "Congress",
    "Senate",
    "Parliament",
    "Front",
    "Movement",
    "Court",
    "Commission",
    "Agency",
    "Fund",
    "Bank",
    "Taliban",
    "Hamas",
    "Office",
    "Assembly",
    "Alliance",
    "Federation",
    "League",
    "Forces",
    "Committee",
    "Association",
    "Middle East",
    "Press",
    "Kuomintang",
    "Department",
    "Cabinet",
    "Government",
    "Police",
    "Brotherhood",
    "Group",
)
NO_THE = ("Hamas", "Hezbollah", "Al-Shabaab", "Boko Haram", "Amnesty International", "Human Rights Watch")


def ent(name: str, rng: random.Random) -> str | None:
    """How a person would write an entity's name in a question; None when it is hard to say naturally."""
    if " (" in name:
        sector, _, rest = name.partition(" (")
        country = rest.rstrip(")")
        if sector not in SECTOR or "(" in country:
            return None
        plain, dem = SECTOR[sector]
        the_c = ent(country, rng) or country
        if dem and rng.random() < 0.5:
            if "{d}" in dem:
                if country not in DEMONYM:
                    return plain.format(c=the_c)
                return dem.format(d=DEMONYM[country])
            return dem.format(c=the_c)
        return plain.format(c=the_c)
    if any(ch.isdigit() for ch in name) or len(name) > 45 or "/" in name:
        return None
    if name in NO_THE:
        return name
    if any(w in name for w in THE_WORDS):
        return "the " + name
    return name


PLURAL_WORDS = (
    "citizens",
    "police",
    "protesters",
    "rebels",
    "criminals",
    "lawmakers",
    "activists",
    "students",
    "militants",
    "armed forces",
)


def plural(text: str) -> bool:
    """Whether a written entity takes a plural verb ("Thai citizens were arrested")."""
    return any(w in text.split(" in ")[0].split(" of ")[0] for w in PLURAL_WORDS)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ----------------------------------------------------------------------------------------------- time wording
HOLIDAYS = {(12, 25): "Christmas Day", (12, 24): "Christmas Eve", (1, 1): "New Year's Day",
            (12, 31): "New Year's Eve", (2, 14): "Valentine's Day", (10, 31): "Halloween",
            (7, 4): "the Fourth of July"}  # fmt: skip
ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def suffix(n: int) -> str:
    return "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def say_day(d: dt.date, rng: random.Random) -> str:
    if (d.month, d.day) in HOLIDAYS and rng.random() < 0.8:
        return f"{HOLIDAYS[(d.month, d.day)]} {d.year}"
    m = calendar.month_name[d.month]
    return rng.choice([
        f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", f"{m} {d.day}{suffix(d.day)} {d.year}",
        d.isoformat(), f"the {d.day}{suffix(d.day)} of {m} {d.year}", f"{d.strftime('%A')} {d.day} {m} {d.year}",
        f"{calendar.month_abbr[d.month]} {d.day} {d.year}",
    ])  # fmt: skip


def say_month(y: int, m: int, rng: random.Random) -> str:
    name = calendar.month_name[m]
    return rng.choice([f"{name} {y}", f"{name} {y}", f"{name} of {y}", f"{calendar.month_abbr[m]}. {y}"])


def month_end(y: int, m: int) -> dt.date:
    return dt.date(y, m, calendar.monthrange(y, m)[1])


# ----------------------------------------------------------------------------------------------- specs and gold
@dataclass(frozen=True)
class Anchor:
    s: str
    r: str
    o: str
    how: str  # before | after | same_day | same_month | next_day | prev_day


@dataclass(frozen=True)
class Spec:
    """What a question asks, independent of its words."""

    r: str
    ask: str  # "s", "o" or "time"
    s: str | None
    o: str | None
    lo: dt.date
    hi: dt.date
    pick: str = "all"  # all | first | last
    gran: str = "day"  # granularity of a time answer
    anchor: Anchor | None = None
    exclude: tuple[str, ...] = ()


@dataclass
class Gold:
    answers: list[str]
    decisive: list[tuple[str, str, str, str]] = field(default_factory=list)
    when: dt.date | None = None  # the date first/last picked


def gran_of(d: dt.date, gran: str) -> str:
    return d.isoformat()[: {"day": 10, "month": 7, "year": 4}[gran]]


class KG:
    """Every event of one store in memory, indexed the ways the questions need."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.by_ro: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[dt.date]] = defaultdict(list)
        self.events: list[tuple[str, str, str, dt.date]] = []
        for row in rows:
            d = dt.date.fromisoformat(row["d"])
            s, r, o = row["s"], row["r"], row["o"]
            self.events.append((s, r, o, d))
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        self.events.sort(key=lambda e: (e[3], e[0], e[1], e[2]))
        for index in (self.by_ro, self.by_sr, self.by_sro):
            for v in index.values():
                v.sort()

    def anchor_date(self, a: Anchor) -> dt.date | None:
        ds = self.by_sro.get((a.s, a.r, a.o), [])
        return ds[0] if len(ds) == 1 else None

    def window(self, spec: Spec) -> tuple[dt.date, dt.date] | None:
        lo, hi = spec.lo, spec.hi
        if spec.anchor is not None:
            ad = self.anchor_date(spec.anchor)
            if ad is None:
                return None
            how = spec.anchor.how
            if how == "before":
                hi = min(hi, ad - DAY)
            elif how == "after":
                lo = max(lo, ad + DAY)
            elif how == "same_day":
                lo, hi = max(lo, ad), min(hi, ad)
            elif how == "same_month":
                lo, hi = max(lo, ad.replace(day=1)), min(hi, month_end(ad.year, ad.month))
            elif how in ("next_day", "prev_day"):
                t = ad + DAY if how == "next_day" else ad - DAY
                lo, hi = max(lo, t), min(hi, t)
        return lo, hi

    def gold(self, spec: Spec) -> Gold | None:
        win = self.window(spec)
        if win is None:
            return None
        lo, hi = win
        rows: list[tuple[dt.date, str, tuple[str, str, str, str]]] = []
        if spec.ask == "s":
            assert spec.o is not None
            for d, s in self.by_ro.get((spec.r, spec.o), []):
                if lo <= d <= hi and s not in spec.exclude:
                    rows.append((d, s, (s, spec.r, spec.o, d.isoformat())))
        elif spec.ask == "o":
            assert spec.s is not None
            for d, o in self.by_sr.get((spec.s, spec.r), []):
                if lo <= d <= hi and o not in spec.exclude:
                    rows.append((d, o, (spec.s, spec.r, o, d.isoformat())))
        else:
            assert spec.s is not None and spec.o is not None
            for d in self.by_sro.get((spec.s, spec.r, spec.o), []):
                if lo <= d <= hi:
                    rows.append((d, gran_of(d, spec.gran), (spec.s, spec.r, spec.o, d.isoformat())))
        if not rows:
            return Gold([])
        when = None
        if spec.pick in ("first", "last"):
            when = min(r[0] for r in rows) if spec.pick == "first" else max(r[0] for r in rows)
            rows = [r for r in rows if r[0] == when]
        answers = sorted({r[1] for r in rows})
        decisive = sorted({r[2] for r in rows}, key=lambda q: (q[3], q[0], q[2]))
        return Gold(answers, decisive, when)


def cypher_check(store: Store, spec: Spec) -> list[str] | None:
    """The same gold from the database, by a query written from the spec (anchor found and window cut in Cypher)."""
    params: dict[str, Any] = {"r": spec.r, "lo": spec.lo.isoformat(), "hi": spec.hi.isoformat(),
                              "excl": list(spec.exclude)}  # fmt: skip
    parts = []
    if spec.anchor is not None:
        a = spec.anchor
        params.update(a_s=a.s, a_r=a.r, a_o=a.o)
        parts.append(
            "OPTIONAL MATCH (:Entity {name: $a_s})<-[:SUBJECT]-(ae:Event)-[:OBJECT]->(:Entity {name: $a_o}) "
            "WHERE ae.relation = $a_r WITH collect(ae.valid_from) AS ads "
            "WITH CASE size(ads) WHEN 1 THEN ads[0] ELSE null END AS ad WHERE ad IS NOT NULL "
        )
    else:
        parts.append("WITH null AS ad ")
    if spec.ask == "s":
        params["o"] = spec.o
        parts.append("MATCH (ans:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) ")
        val = "ans.name"
    elif spec.ask == "o":
        params["s"] = spec.s
        parts.append("MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(ans:Entity) ")
        val = "ans.name"
    else:
        params.update(s=spec.s, o=spec.o)
        parts.append("MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(ans:Entity {name: $o}) ")
        val = {"day": "toString(e.valid_from)", "month": "substring(toString(e.valid_from), 0, 7)",
               "year": "toString(e.valid_from.year)"}[spec.gran]  # fmt: skip
    cond = ["e.relation = $r", "date($lo) <= e.valid_from <= date($hi)", "NOT ans.name IN $excl"]
    how = spec.anchor.how if spec.anchor else None
    cond.append({
        None: "true",
        "before": "e.valid_from < ad",
        "after": "e.valid_from > ad",
        "same_day": "e.valid_from = ad",
        "same_month": "date.truncate('month', e.valid_from) = date.truncate('month', ad)",
        "next_day": "e.valid_from = ad + duration({days: 1})",
        "prev_day": "e.valid_from = ad - duration({days: 1})",
    }[how])  # fmt: skip
    parts.append("WHERE " + " AND ".join(cond) + f" WITH {val} AS v, e.valid_from AS d ")
    if spec.pick == "all":
        parts.append("RETURN collect(DISTINCT v) AS vs")
    else:
        agg = "min" if spec.pick == "first" else "max"
        parts.append(
            f"WITH collect([v, d]) AS pairs, {agg}(d) AS best RETURN [p IN pairs WHERE p[1] = best | p[0]] AS vs"
        )
    with store.driver.session(database=store.database) as session:
        rec = session.run("".join(parts), params).single()
    if rec is None:
        return None
    return sorted(set(rec["vs"]))


# ----------------------------------------------------------------------------------------------- constructions
@dataclass
class Ctx:
    kg: KG
    rng: random.Random
    cfg: dict[str, Any]
    store: str
    pool: list[tuple[str, str, str, dt.date]]  # events of the complete period with a phrased relation
    holidays: list[tuple[str, str, str, dt.date]]  # those of the pool on a holiday

    @property
    def scoped(self) -> bool:
        return self.cfg["start"] < self.cfg["complete"]


@dataclass
class Draft:
    spec: Spec
    question: str
    qtype: str
    construction: str
    time_level: str


Builder = Callable[[Ctx], Draft | None]


def phr(ctx: Ctx, r: str) -> tuple[str, str, str | None]:
    return ctx.rng.choice(REL[r])


def event(ctx: Ctx) -> tuple[str, str, str, dt.date]:
    return ctx.rng.choice(ctx.pool)


def who_word(ctx: Ctx) -> str:
    return ctx.rng.choice(["Who", "Who", "Who", "Which countries or people", "Which actors"])


def subj_q(ctx: Ctx, r: str, o_txt: str, tail: str, lead: str | None = None) -> str:
    """A question asking the subject: active or passive, the time tail at the end or fronted."""
    past, _, pp = phr(ctx, r)
    rng = ctx.rng
    if lead is not None:
        return f"{lead}, {who_word(ctx).lower() if rng.random() < 0.5 else 'who'} {past.format(o=o_txt)}?"
    be = "were" if plural(o_txt) else "was"
    if pp and rng.random() < 0.4:
        return rng.choice([
            f"By whom {be} {o_txt} {pp} {tail}?",
            f"{cap(o_txt)} {be} {pp} by whom {tail}?",
            f"Who {be} {o_txt} {pp} by {tail}?",
        ])  # fmt: skip
    return rng.choice([
        f"{who_word(ctx)} {past.format(o=o_txt)} {tail}?",
        f"{who_word(ctx)} {past.format(o=o_txt)} {tail}?",
        f"Name everyone who {past.format(o=o_txt)} {tail}.",
        f"I need the list of those who {past.format(o=o_txt)} {tail}",
    ])  # fmt: skip


def obj_q(ctx: Ctx, r: str, s_txt: str, tail: str) -> str:
    _, base, _ = phr(ctx, r)
    verb = base.replace(" {o}", "")
    return ctx.rng.choice([
        f"Who did {s_txt} {verb} {tail}?",
        f"Whom did {s_txt} {verb} {tail}?",
        f"{cap(tail)}, who did {s_txt} {verb}?",
        f"Which countries or people did {s_txt} {verb} {tail}?",
    ])  # fmt: skip


IRREGULAR = {"spoke": "spoken", "took": "taken", "gave": "given"}


def participle(past: str) -> str:
    head, _, rest = past.partition(" ")
    return " ".join(x for x in (IRREGULAR.get(head, head), rest) if x)


def pp_or(ctx: Ctx, r: str) -> str:
    """The past participle phrase without its object ("paid a visit to"), for "who had X already ..."."""
    return participle(phr(ctx, r)[0]).replace(" {o}", "")


def names(ctx: Ctx, *ns: str) -> list[str] | None:
    out = [ent(n, ctx.rng) for n in ns]
    return None if any(x is None for x in out) else out  # type: ignore[return-value]


# -- equal: a single time ---------------------------------------------------------------------------------
def b_equal_day(ctx: Ctx) -> Draft | None:
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    spec = Spec(r, "s", None, o, d, d)
    t = say_day(d, ctx.rng)
    q = subj_q(ctx, r, ns[0], f"on {t}", lead=f"On {t}" if ctx.rng.random() < 0.3 else None)
    return Draft(spec, q, "equal", "equal_day", "day")


def b_equal_day_obj(ctx: Ctx) -> Draft | None:
    s, r, _o, d = event(ctx)
    ns = names(ctx, s)
    if ns is None:
        return None
    spec = Spec(r, "o", s, None, d, d)
    return Draft(spec, obj_q(ctx, r, ns[0], f"on {say_day(d, ctx.rng)}"), "equal", "equal_day_object", "day")


def b_equal_month(ctx: Ctx) -> Draft | None:
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    spec = Spec(r, "s", None, o, d.replace(day=1), month_end(d.year, d.month))
    t = say_month(d.year, d.month, ctx.rng)
    tail = ctx.rng.choice([f"in {t}", f"during {t}", f"at some point in {t}"])
    q = subj_q(ctx, r, ns[0], tail, lead=f"In {t}" if ctx.rng.random() < 0.3 else None)
    return Draft(spec, q, "equal", "equal_month", "month")


def b_equal_month_obj(ctx: Ctx) -> Draft | None:
    s, r, _o, d = event(ctx)
    ns = names(ctx, s)
    if ns is None:
        return None
    spec = Spec(r, "o", s, None, d.replace(day=1), month_end(d.year, d.month))
    t = say_month(d.year, d.month, ctx.rng)
    return Draft(spec, obj_q(ctx, r, ns[0], f"in {t}"), "equal", "equal_month_object", "month")


def b_equal_year(ctx: Ctx) -> Draft | None:
    s, r, o, d = event(ctx)
    ns = names(ctx, s, o)
    if ns is None:
        return None
    rng = ctx.rng
    if rng.random() < 0.5:
        spec = Spec(r, "s", None, o, dt.date(d.year, 1, 1), dt.date(d.year, 12, 31))
        tail = rng.choice([f"in {d.year}", f"over the course of {d.year}", f"at any point in {d.year}"])
        return Draft(spec, subj_q(ctx, r, ns[1], tail), "equal", "equal_year", "year")
    spec = Spec(r, "o", s, None, dt.date(d.year, 1, 1), dt.date(d.year, 12, 31))
    return Draft(spec, obj_q(ctx, r, ns[0], f"in {d.year}"), "equal", "equal_year_object", "year")


def windows(d: dt.date, rng: random.Random) -> list[tuple[str, dt.date, dt.date, str, tuple[dt.date, dt.date] | None]]:
    """(wording, lo, hi, time level, alternative reading) of periods that contain d."""
    y, m = d.year, d.month
    q = (m - 1) // 3 + 1
    q_lo, q_hi = dt.date(y, 3 * q - 2, 1), month_end(y, 3 * q)
    h = 1 if m <= 6 else 2
    h_lo, h_hi = (dt.date(y, 1, 1), dt.date(y, 6, 30)) if h == 1 else (dt.date(y, 7, 1), dt.date(y, 12, 31))
    out: list[tuple[str, dt.date, dt.date, str, tuple[dt.date, dt.date] | None]] = [
        (rng.choice([f"in Q{q} {y}", f"in the {ORD[q]} quarter of {y}",
                     f"between {calendar.month_name[3 * q - 2]} and {calendar.month_name[3 * q]} {y}"]),
         q_lo, q_hi, "month", None),
        (rng.choice([f"in the {ORD[h]} half of {y}", f"in H{h} {y}"]), h_lo, h_hi, "month", None),
    ]  # fmt: skip
    start = d - dt.timedelta(days=rng.randint(0, 6))
    end = start + dt.timedelta(days=6)
    if start.month == end.month:
        out.append(
            (
                f"between {start.day} and {end.day} {calendar.month_name[start.month]} {start.year}",
                start,
                end,
                "day",
                None,
            )
        )
    else:
        out.append((f"from {say_day(start, rng)} to {say_day(end, rng)}", start, end, "day", None))
    if d.day <= 10:
        out.append(
            (f"in the first ten days of {calendar.month_name[m]} {y}", dt.date(y, m, 1), dt.date(y, m, 10), "day", None)
        )
    if d.day >= month_end(y, m).day - 6:
        out.append(
            (
                f"in the last week of {calendar.month_name[m]} {y}",
                month_end(y, m) - 6 * DAY,
                month_end(y, m),
                "day",
                None,
            )
        )
    pivot = d - dt.timedelta(days=rng.randint(1, 13))
    out.append((f"in the two weeks after {say_day(pivot, rng)}", pivot + DAY, pivot + 14 * DAY, "day", None))
    # seasons: meteorological and astronomical readings; kept only if both give the same gold
    seasons = {
        "spring": ((dt.date(y, 3, 1), dt.date(y, 5, 31)), (dt.date(y, 3, 20), dt.date(y, 6, 20))),
        "summer": ((dt.date(y, 6, 1), dt.date(y, 8, 31)), (dt.date(y, 6, 21), dt.date(y, 9, 22))),
        "autumn": ((dt.date(y, 9, 1), dt.date(y, 11, 30)), (dt.date(y, 9, 23), dt.date(y, 12, 20))),
    }
    for name, (met, ast) in seasons.items():
        if met[0] <= d <= met[1] and ast[0] <= d <= ast[1]:
            word = rng.choice([f"in the {name} of {y}", f"during {name} {y}", f"in {name} {y}"])
            if name == "autumn" and rng.random() < 0.4:
                word = f"in the fall of {y}"
            out.append((word, met[0], met[1], "month", ast))
    return out


def b_equal_named(ctx: Ctx) -> Draft | None:
    """A holiday ("on Christmas Eve 2014") or a season whose two readings give the same gold."""
    rng = ctx.rng
    if rng.random() < 0.5:
        _s, r, o, d = rng.choice(ctx.holidays)
        ns = names(ctx, o)
        if ns is None:
            return None
        t = f"{HOLIDAYS[(d.month, d.day)]} {d.year}"
        q = subj_q(ctx, r, ns[0], f"on {t}", lead=f"On {t}" if rng.random() < 0.3 else None)
        return Draft(Spec(r, "s", None, o, d, d), q, "equal", "equal_holiday", "day")
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    seasons = [w for w in windows(d, rng) if w[4] is not None]
    if ns is None or not seasons:
        return None
    word, lo, hi, level, alt = seasons[0]
    spec = Spec(r, "s", None, o, lo, hi)
    assert alt is not None
    other, mine = ctx.kg.gold(replace(spec, lo=alt[0], hi=alt[1])), ctx.kg.gold(spec)
    if other is None or mine is None or other.answers != mine.answers:
        return None
    return Draft(spec, subj_q(ctx, r, ns[0], word), "equal", "equal_season", level)


def b_equal_window(ctx: Ctx) -> Draft | None:
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    word, lo, hi, level, alt = ctx.rng.choice(windows(d, ctx.rng))
    if lo < ctx.cfg["complete"] or hi > ctx.cfg["end"]:
        return None
    spec = Spec(r, "s", None, o, lo, hi)
    if alt is not None:
        other = ctx.kg.gold(replace(spec, lo=alt[0], hi=alt[1]))
        mine = ctx.kg.gold(spec)
        if other is None or mine is None or other.answers != mine.answers:
            return None
    lead = cap(word) if ctx.rng.random() < 0.3 else None
    return Draft(spec, subj_q(ctx, r, ns[0], word, lead=lead), "equal", "equal_window", level)


# -- before/after a date ------------------------------------------------------------------------------------
def b_after_date(ctx: Ctx) -> Draft | None:
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    pivot = d - dt.timedelta(days=ctx.rng.randint(1, 20))
    if pivot < ctx.cfg["complete"]:
        return None
    spec = Spec(r, "s", None, o, pivot + DAY, ctx.cfg["end"])
    t = say_day(pivot, ctx.rng)
    tail = ctx.rng.choice([f"after {t}", f"later than {t}", f"at any time after {t}"])
    return Draft(
        spec,
        subj_q(ctx, r, ns[0], tail, lead=cap(tail) if ctx.rng.random() < 0.3 else None),
        "before_after",
        "after_date",
        "day",
    )


def b_after_month(ctx: Ctx) -> Draft | None:
    s, r, _o, d = event(ctx)
    ns = names(ctx, s)
    if ns is None or d.month == 1:
        return None
    pm = d.month - 1
    spec = Spec(r, "o", s, None, month_end(d.year, pm) + DAY, ctx.cfg["end"])
    t = say_month(d.year, pm, ctx.rng)
    tail = ctx.rng.choice([f"after {t}", f"once {t} was over", f"after the end of {t}"])
    return Draft(spec, obj_q(ctx, r, ns[0], tail), "before_after", "after_month_object", "month")


def b_before_date(ctx: Ctx) -> Draft | None:
    """Before a date, scoped by the wording to the year (the store's earlier years may be a sample)."""
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    pivot = d + dt.timedelta(days=ctx.rng.randint(1, 20))
    if pivot.year != d.year:
        return None
    y0 = dt.date(d.year, 1, 1)
    spec = Spec(r, "s", None, o, y0, pivot - DAY)
    t = say_day(pivot, ctx.rng)
    m_d = ctx.rng.choice(
        [f"{pivot.day} {calendar.month_name[pivot.month]}", f"{calendar.month_name[pivot.month]} {pivot.day}"]
    )
    scoped = ctx.rng.choice([
        f"in {d.year} before {m_d}",
        f"earlier in {d.year} than {m_d}",
        f"before {t}, counting only {d.year}",
        f"in {d.year}, prior to {m_d}",
    ])  # fmt: skip
    if not ctx.scoped and ctx.rng.random() < 0.5:
        scoped = f"before {t}"
    label = "before_date" if scoped == f"before {t}" else "before_date_scoped"
    return Draft(spec, subj_q(ctx, r, ns[0], scoped), "before_after", label, "day")


def b_before_month(ctx: Ctx) -> Draft | None:
    s, r, _o, d = event(ctx)
    ns = names(ctx, s)
    if ns is None or d.month == 12:
        return None
    nm = d.month + 1
    spec = Spec(r, "o", s, None, dt.date(d.year, 1, 1), month_end(d.year, d.month))
    t = calendar.month_name[nm]
    tail = ctx.rng.choice([f"in {d.year} before {t}", f"in {d.year}, before {t} began",
                           f"earlier in {d.year} than {t}"])  # fmt: skip
    if not ctx.scoped and ctx.rng.random() < 0.5:
        tail = f"before {say_month(d.year, nm, ctx.rng)}"
    return Draft(spec, obj_q(ctx, r, ns[0], tail), "before_after", "before_month_object", "month")


# -- relative to a unique anchor event -----------------------------------------------------------------------
def unique_anchor(ctx: Ctx) -> tuple[str, str, str, dt.date] | None:
    s, r, o, d = event(ctx)
    if len(ctx.kg.by_sro[(s, r, o)]) != 1:
        return None
    return s, r, o, d


def anchor_clause(ctx: Ctx, s_txt: str, r: str, o_txt: str) -> str:
    past, _, _ = phr(ctx, r)
    return f"{s_txt} {past.format(o=o_txt)}"


def b_anchor_list(ctx: Ctx) -> Draft | None:
    """Before/after S did r to O1 (unique), whom else did S do r to."""
    a = unique_anchor(ctx)
    if a is None:
        return None
    s, r, o1, d = a
    ns = names(ctx, s, o1)
    if ns is None:
        return None
    _, base, _ = phr(ctx, r)
    verb = base.replace(" {o}", "")
    past = phr(ctx, r)[0].format(o=ns[1])
    rng = ctx.rng
    if rng.random() < 0.5:
        spec = Spec(r, "o", s, None, d, ctx.cfg["end"], anchor=Anchor(s, r, o1, "after"), exclude=(o1,))
        q = rng.choice([
            f"After {ns[0]} {past}, who else did {ns[0]} {verb}?",
            f"After {ns[1]}, who else did {ns[0]} {verb}?",
            f"Who else did {ns[0]} {verb} after the time {ns[0]} {past}?",
            f"{cap(ns[0])} {past} at one point. Whom did {ns[0]} {verb} after that?",
            f"Once {ns[0]} had {participle(past)}, who else did {ns[0]} {verb}? List them all.",
        ])  # fmt: skip
        return Draft(spec, q, "before_after", "after_anchor_list", "day")
    y0 = dt.date(d.year, 1, 1) if ctx.scoped else ctx.cfg["start"]
    spec = Spec(r, "o", s, None, y0, d, anchor=Anchor(s, r, o1, "before"), exclude=(o1,))
    scope = f"earlier in {d.year}" if ctx.scoped else "earlier"
    q = rng.choice([
        f"Whom did {ns[0]} {verb} {scope}, before {ns[0]} {past}?",
        f"Before {ns[1]}, who did {ns[0]} {verb}{' in ' + str(d.year) if ctx.scoped else ''}?",
        f"{cap(scope)}, before {ns[0]} {past}, who else did {ns[0]} {verb}?",
        f"Before {ns[0]} {past}, who had {ns[0]} already {pp_or(ctx, r)}{' in ' + str(d.year) if ctx.scoped else ''}?",
    ])  # fmt: skip
    return Draft(spec, q, "before_after", "before_anchor_list_scoped" if ctx.scoped else "before_anchor_list", "day")


def b_after_first(ctx: Ctx) -> Draft | None:
    a = unique_anchor(ctx)
    if a is None:
        return None
    s1, r, o, d = a
    ns = names(ctx, s1, o)
    if ns is None:
        return None
    spec = Spec(r, "s", None, o, d, ctx.cfg["end"], pick="first", anchor=Anchor(s1, r, o, "after"), exclude=(s1,))
    past, base, _ = phr(ctx, r)
    q = ctx.rng.choice([
        f"After {ns[0]} {past.format(o=ns[1])}, who was the next to do so?",
        f"Who was the first to {base.format(o=ns[1])} after {ns[0]} did?",
        f"Following {ns[0]}, who next {past.format(o=ns[1])}?",
        f"{cap(ns[0])} {past.format(o=ns[1])}. Who did the same right after that?",
    ])  # fmt: skip
    return Draft(spec, q, "after_first", "after_first", "day")


def b_before_last(ctx: Ctx) -> Draft | None:
    a = unique_anchor(ctx)
    if a is None:
        return None
    s1, r, o, d = a
    ns = names(ctx, s1, o)
    if ns is None:
        return None
    spec = Spec(r, "s", None, o, ctx.cfg["start"], d, pick="last", anchor=Anchor(s1, r, o, "before"), exclude=(s1,))
    past, base, _ = phr(ctx, r)
    q = ctx.rng.choice([
        f"Who last {past.format(o=ns[1])} before {ns[0]} did?",
        f"Before {ns[0]} {past.format(o=ns[1])}, who had most recently done so?",
        f"Just before {ns[0]} did, who had been the last to {base.format(o=ns[1])}?",
        f"{cap(ns[0])} {past.format(o=ns[1])} - who was the previous one to do that?",
    ])  # fmt: skip
    return Draft(spec, q, "before_last", "before_last", "day")


def b_same_time(ctx: Ctx) -> Draft | None:
    a = unique_anchor(ctx)
    if a is None:
        return None
    s1, r, o, _d = a
    ns = names(ctx, s1, o)
    if ns is None:
        return None
    how = ctx.rng.choice(["same_day", "same_month", "same_month"])
    spec = Spec(r, "s", None, o, ctx.cfg["complete"], ctx.cfg["end"], anchor=Anchor(s1, r, o, how), exclude=(s1,))
    past, _base, _ = phr(ctx, r)
    unit = "day" if how == "same_day" else "month"
    q = ctx.rng.choice([
        f"Who else {past.format(o=ns[1])} in the same {unit} as {ns[0]}?",
        f"Who {past.format(o=ns[1])} on the same {unit} that {ns[0]} did?" if unit == "day"
        else f"Who {past.format(o=ns[1])} during the {unit} in which {ns[0]} did so?",
        f"{cap(ns[0])} {past.format(o=ns[1])}; who else did that the same {unit}?",
    ])  # fmt: skip
    return Draft(spec, q, "equal_multi", f"equal_multi_{how}", unit)


def b_next_day(ctx: Ctx) -> Draft | None:
    """The day after (or before) S1 did r1 to O, who did r2 to O."""
    a = unique_anchor(ctx)
    if a is None:
        return None
    s1, r1, o, d = a
    how = ctx.rng.choice(["next_day", "prev_day"])
    t = d + DAY if how == "next_day" else d - DAY
    cands = [r2 for r2 in REL if r2 != r1 and any(dd == t for dd, _ in ctx.kg.by_ro.get((r2, o), []))]
    if not cands:
        return None
    r2 = ctx.rng.choice(cands)
    ns = names(ctx, s1, o)
    if ns is None:
        return None
    spec = Spec(r2, "s", None, o, ctx.cfg["complete"], ctx.cfg["end"], anchor=Anchor(s1, r1, o, how))
    past1 = phr(ctx, r1)[0].format(o=ns[1])
    past2 = phr(ctx, r2)[0].format(o=ns[1])
    word = "the day after" if how == "next_day" else "the day before"
    q = ctx.rng.choice([
        f"Who {past2} {word} {ns[0]} {past1}?",
        f"On {word} {ns[0]} {past1}, who {past2}?",
        f"{cap(ns[0])} {past1}. Who {past2} {'one day later' if how == 'next_day' else 'one day earlier'}?",
    ])  # fmt: skip
    return Draft(spec, q, "equal_multi", f"equal_multi_{how}", "day")


# -- first / last entity -----------------------------------------------------------------------------------
def b_first_last_in(ctx: Ctx) -> Draft | None:
    _s, r, o, d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    rng = ctx.rng
    pick = rng.choice(["first", "last"])
    kind = rng.choice(["year", "month", "quarter"])
    if kind == "year":
        lo, hi, t, lvl = (
            dt.date(d.year, 1, 1),
            dt.date(d.year, 12, 31),
            rng.choice([f"in {d.year}", f"during {d.year}"]),
            "year",
        )
    elif kind == "month":
        lo, hi, t, lvl = d.replace(day=1), month_end(d.year, d.month), f"in {say_month(d.year, d.month, rng)}", "month"
    else:
        q = (d.month - 1) // 3 + 1
        lo, hi, t, lvl = dt.date(d.year, 3 * q - 2, 1), month_end(d.year, 3 * q), f"in Q{q} {d.year}", "month"
    spec = Spec(r, "s", None, o, lo, hi, pick=pick)
    past, base, _ = phr(ctx, r)
    first_words = {"first": ["the first", "the earliest"], "last": ["the last", "the final", "the most recent"]}
    fw = rng.choice(first_words[pick])
    qq = rng.choice([
        f"Who was {fw} to {base.format(o=ns[0])} {t}?",
        f"{cap(t)}, who {pick} {past.format(o=ns[0])}?",
        f"Which actor was {fw} one to {base.format(o=ns[0])} {t}?",
    ])  # fmt: skip
    return Draft(spec, qq, "equal_multi", f"{pick}_entity_in_{kind}", lvl)


def b_last_overall(ctx: Ctx) -> Draft | None:
    _s, r, o, _d = event(ctx)
    ns = names(ctx, o)
    if ns is None:
        return None
    spec = Spec(r, "s", None, o, ctx.cfg["start"], ctx.cfg["end"], pick="last")
    past, base, _ = phr(ctx, r)
    q = ctx.rng.choice([
        f"Who was the last to {base.format(o=ns[0])}?",
        f"Who most recently {past.format(o=ns[0])}?",
        f"Who {past.format(o=ns[0])} last of all?",
    ])  # fmt: skip
    return Draft(spec, q, "first_last", "last_entity", "day")


def b_first_overall(ctx: Ctx) -> Draft | None:
    s, r, _o, _d = event(ctx)
    ns = names(ctx, s)
    if ns is None:
        return None
    lo = ctx.cfg["complete"]
    spec = Spec(r, "o", s, None, lo, ctx.cfg["end"], pick="first")
    past, base, _ = phr(ctx, r)
    verb = base.replace(" {o}", "")
    scope = (
        ctx.rng.choice(["since the start of 2014", "since January 2014", "counting from January 2014"])
        if ctx.scoped
        else ""
    )
    q = ctx.rng.choice([
        f"Who did {ns[0]} first {verb}{' ' + scope if scope else ''}?",
        f"{cap(scope) + ', w' if scope else 'W'}ho was the first one {ns[0]} {past.replace(' {o}', '')}?",
    ])  # fmt: skip
    return Draft(spec, q, "first_last", "first_entity_object", "day")


# -- time answers ------------------------------------------------------------------------------------------
def b_when(ctx: Ctx) -> Draft | None:
    s, r, o, d = event(ctx)
    ns = names(ctx, s, o)
    if ns is None:
        return None
    rng = ctx.rng
    _, base, _ = phr(ctx, r)
    gran = rng.choice(["day", "day", "month"])
    if ctx.scoped:
        lo, hi, scope = dt.date(d.year, 1, 1), dt.date(d.year, 12, 31), f" in {d.year}"
    else:
        lo, hi, scope = ctx.cfg["start"], ctx.cfg["end"], rng.choice(["", f" in {d.year}"])
    spec = Spec(r, "time", s, o, lo, hi, gran=gran)
    b = base.format(o=ns[1])
    if gran == "day":
        q = rng.choice(
            [
                f"When{scope} did {ns[0]} {b}?",
                f"On what date{scope} did {ns[0]} {b}?",
                f"What day{scope} did {ns[0]} {b}?",
                f"{cap(ns[0])} {phr(ctx, r)[0].format(o=ns[1])}{scope} - on which day?",
            ]
        )
    else:
        q = rng.choice(
            [
                f"In which month{' of ' + scope[4:] if scope else ''} did {ns[0]} {b}?",
                f"What month{scope} did {ns[0]} {b}?",
            ]
        )
    return Draft(spec, q, "equal", f"when_{gran}", gran)


def b_first_last_time(ctx: Ctx) -> Draft | None:
    s, r, o, d = event(ctx)
    ns = names(ctx, s, o)
    if ns is None:
        return None
    rng = ctx.rng
    pick = rng.choice(["first", "last", "last"])
    gran = rng.choice(["day", "day", "month", "year"] if ctx.scoped else ["day", "day", "month"])
    lo, hi = ctx.cfg["start"], ctx.cfg["end"]
    scope = ""
    if pick == "first" and ctx.scoped:
        if gran == "year":
            return None
        lo = ctx.cfg["complete"]
        scope = rng.choice([" since the start of 2014", " from 2014 onwards", f" in {d.year}"])
        if scope.endswith(str(d.year)):
            lo, hi = dt.date(d.year, 1, 1), dt.date(d.year, 12, 31)
    spec = Spec(r, "time", s, o, lo, hi, pick=pick, gran=gran)
    past, base, _ = phr(ctx, r)
    b = base.format(o=ns[1])
    p = past.format(o=ns[1])
    if gran == "day":
        q = rng.choice([
            f"When did {ns[0]} {pick} {b}{scope}?",
            f"When was the {pick} time{scope} that {ns[0]} {p}?",
            f"Which day saw {ns[0]} {b} for the {pick} time{scope}?",
            f"On what date did {ns[0]} {pick} {b}{scope}?",
        ])  # fmt: skip
    elif gran == "month":
        q = rng.choice([
            f"In which month did {ns[0]} {pick} {b}{scope}?",
            f"What was the {pick} month{scope} in which {ns[0]} {p}?",
            f"Which month saw {ns[0]} {b} for the {pick} time{scope}?",
        ])  # fmt: skip
    else:
        q = rng.choice([f"In what year did {ns[0]} {pick} {b}?", f"Which year was the {pick} in which {ns[0]} {p}?"])
    return Draft(spec, q, "first_last", f"{pick}_time_{gran}", gran)


BUILDERS: dict[str, tuple[Builder, int]] = {
    # name: (builder, share per 100 questions)
    "equal_day": (b_equal_day, 7),
    "equal_day_object": (b_equal_day_obj, 4),
    "equal_month": (b_equal_month, 5),
    "equal_month_object": (b_equal_month_obj, 3),
    "equal_year": (b_equal_year, 3),
    "equal_window": (b_equal_window, 7),
    "equal_named": (b_equal_named, 4),
    "after_date": (b_after_date, 5),
    "after_month": (b_after_month, 3),
    "before_date": (b_before_date, 5),
    "before_month": (b_before_month, 3),
    "anchor_list": (b_anchor_list, 7),
    "after_first": (b_after_first, 6),
    "before_last": (b_before_last, 5),
    "same_time": (b_same_time, 6),
    "next_day": (b_next_day, 3),
    "first_last_in": (b_first_last_in, 7),
    "last_overall": (b_last_overall, 3),
    "first_overall": (b_first_overall, 2),
    "when": (b_when, 6),
    "first_last_time": (b_first_last_time, 12),
}


def acceptable(ctx: Ctx, d: Draft, g: Gold | None) -> bool:
    if g is None or not (1 <= len(g.answers) <= 5):
        return False
    if d.spec.anchor is not None:
        ad = ctx.kg.anchor_date(d.spec.anchor)
        if ad is None or ad < ctx.cfg["complete"]:
            return False
    # every decisive event must lie where the KG is complete
    if any(dt.date.fromisoformat(q[3]) < ctx.cfg["complete"] for q in g.decisive):
        return False
    if d.spec.ask == "time" and len(g.answers) != 1:
        return False
    if d.spec.pick in ("first", "last") and len(g.answers) > 3:
        return False
    # a time question must not give its own answer away
    return not any(a in d.question for a in g.answers if d.spec.ask != "time")


def generate(store: Store, name: str, n: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, int]]:
    cfg = STORES[name]
    with store.driver.session(database=store.database) as session:
        rows = [r.data() for r in session.run(DUMP)]
    kg = KG(rows)
    rng = random.Random(seed)
    pool = [e for e in kg.events if e[1] in REL and e[3] >= cfg["complete"]]
    ctx = Ctx(kg, rng, cfg, name, pool, [e for e in pool if (e[3].month, e[3].day) in HOLIDAYS])
    total = sum(share for _, share in BUILDERS.values())
    quota = {k: max(1, round(share * n / total)) for k, (_, share) in BUILDERS.items()}
    out: list[dict[str, Any]] = []
    seen_q: set[str] = set()
    seen_spec: set[Spec] = set()
    stats: Counter[str] = Counter()
    for cname, (builder, _) in BUILDERS.items():
        made, tries = 0, 0
        while made < quota[cname] and tries < 4000:
            tries += 1
            draft = builder(ctx)
            if draft is None:
                continue
            q = " ".join(draft.question.split())
            if q in seen_q or draft.spec in seen_spec:
                continue
            g = kg.gold(draft.spec)
            if not acceptable(ctx, draft, g):
                continue
            assert g is not None
            check = cypher_check(store, draft.spec)
            stats["checked"] += 1
            if check != g.answers:
                stats["disagree"] += 1
                print(f"DISAGREE {cname}: {q} python={g.answers} cypher={check}")
                continue
            stats["agree"] += 1
            seen_q.add(q)
            seen_spec.add(draft.spec)
            made += 1
            evidence = [list(e) for e in g.decisive[:8]]
            if draft.spec.anchor is not None:
                a = draft.spec.anchor
                ad = kg.anchor_date(a)
                assert ad is not None
                evidence.insert(0, [a.s, a.r, a.o, ad.isoformat()])
            out.append({
                "quid": f"v7-{name}-{len(out):03d}",
                "question": q,
                "answers": g.answers,
                "answer_type": "time" if draft.spec.ask == "time" else "entity",
                "time_level": draft.time_level,
                "qtype": draft.qtype,
                "construction": draft.construction,
                "store": name,
                "kg": cfg["kg"],
                "evidence": evidence,
            })  # fmt: skip
        stats[f"made:{cname}"] = made
    return out, dict(stats)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", choices=sorted(STORES), required=True, help="which KG the connected store holds")
    ap.add_argument("--n", type=int, default=100, help="about how many questions")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    try:
        records, stats = generate(store, args.store, args.n, args.seed)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    print(json.dumps({"written": len(records), "out": str(args.out), **stats}, indent=1))


if __name__ == "__main__":
    main()
