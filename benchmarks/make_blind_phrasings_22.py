"""Blind held-out question set 22: MultiTQ-style questions over the ICEWS stores, written without looking at the reader.

Why: the symbolic temporal reader was tuned on known phrasings; this set measures it on constructions and wordings it
never saw. Gold answers come from one read of every (subject, relation, object, day) in the store, computed in Python;
a second, differently written Cypher query per question (matching from the other side, comparing date strings or
dates computed in Cypher, aggregating in Cypher) recomputes every gold, and questions where the two disagree are
dropped and counted.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_22.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_22.py --store bench --out <work>/blind_icews14.jsonl

Deterministic for a given store (seed 20261222): facts are sorted before sampling, so a rerun writes the same bytes.
Connects read-only: no managed start, no schema.
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import sys
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261222
MAX_GOLD = 5

# store -> (prefix, period start, period end, number of questions per construction scale)
STORES = {
    "mtq": ("b22m", "2014-01-01", "2015-12-31"),
    "bench": ("b22i", "2014-01-01", "2014-12-31"),
}

# relation -> past clause, infinitive clause, past participle clause (perfect: "had ..."), passive clause ({o} as
# subject, or None), noun phrase with {s} and {o} (or None). {o} is the object's phrase.
REL: dict[str, dict[str, Any]] = {
    "Make_statement": {
        "past": ["made a statement about {o}", "commented publicly on {o}"],
        "inf": ["make a statement about {o}", "comment publicly on {o}"],
        "pp": ["made a statement about {o}"],
        "pas": None,
        "noun": ["{s}'s statement about {o}"],
    },
    "Consult": {
        "past": ["consulted {o}", "held consultations with {o}"],
        "inf": ["consult {o}", "hold consultations with {o}"],
        "pp": ["consulted {o}"],
        "pas": ["{o} was consulted"],
        "noun": ["the consultations {s} held with {o}"],
    },
    "Make_an_appeal_or_request": {
        "past": ["appealed to {o}", "made a request of {o}"],
        "inf": ["appeal to {o}", "make a request of {o}"],
        "pp": ["appealed to {o}"],
        "pas": None,
        "noun": ["{s}'s appeal to {o}"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": ["said it wanted to meet or negotiate with {o}", "signalled a wish to meet {o} for talks"],
        "inf": ["say it wanted to meet or negotiate with {o}"],
        "pp": ["signalled a wish to meet or negotiate with {o}"],
        "pas": None,
        "noun": ["{s}'s offer to meet or negotiate with {o}"],
    },
    "Make_a_visit": {
        "past": ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        "inf": ["visit {o}", "pay a visit to {o}"],
        "pp": ["visited {o}"],
        "pas": ["{o} was visited"],
        "noun": ["{s}'s visit to {o}", "the visit of {s} to {o}"],
    },
    "Host_a_visit": {
        "past": ["hosted {o}", "received {o} on a visit", "welcomed a visit from {o}"],
        "inf": ["host {o}", "receive {o} on a visit"],
        "pp": ["hosted {o}"],
        "pas": ["{o} was hosted on a visit"],
        "noun": ["{s}'s hosting of {o}"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": ["arrested, detained or charged {o}", "took legal action (arrest, detention or charges) against {o}"],
        "inf": ["arrest, detain or charge {o}"],
        "pp": ["arrested, detained or charged {o}"],
        "pas": ["{o} was arrested, detained or charged"],
        "noun": ["the arrest or charging of {o} by {s}"],
    },
    "Praise_or_endorse": {
        "past": ["praised {o}", "spoke approvingly of {o}", "endorsed {o}"],
        "inf": ["praise {o}", "endorse {o}"],
        "pp": ["praised or endorsed {o}"],
        "pas": ["{o} was praised or endorsed"],
        "noun": ["{s}'s praise for {o}"],
    },
    "Criticize_or_denounce": {
        "past": ["criticized {o}", "denounced {o}", "spoke out against {o}"],
        "inf": ["criticize {o}", "denounce {o}"],
        "pp": ["criticized or denounced {o}"],
        "pas": ["{o} was criticized or denounced"],
        "noun": ["{s}'s criticism of {o}"],
    },
    "Use_conventional_military_force": {
        "past": ["used conventional military force against {o}", "attacked {o} with conventional military force"],
        "inf": ["use conventional military force against {o}"],
        "pp": ["used conventional military force against {o}"],
        "pas": ["{o} was hit with conventional military force"],
        "noun": ["{s}'s use of conventional military force against {o}"],
    },
    "Engage_in_negotiation": {
        "past": ["negotiated with {o}", "held negotiations with {o}"],
        "inf": ["negotiate with {o}", "hold negotiations with {o}"],
        "pp": ["negotiated with {o}"],
        "pas": None,
        "noun": ["{s}'s negotiations with {o}"],
    },
    "Accuse": {
        "past": ["accused {o}", "levelled accusations at {o}"],
        "inf": ["accuse {o}", "level accusations at {o}"],
        "pp": ["accused {o}"],
        "pas": ["{o} was accused"],
        "noun": ["{s}'s accusation against {o}"],
    },
    "Use_unconventional_violence": {
        "past": ["used unconventional violence against {o}", "carried out unconventional violence against {o}"],
        "inf": ["use unconventional violence against {o}"],
        "pp": ["used unconventional violence against {o}"],
        "pas": ["{o} was targeted with unconventional violence"],
        "noun": None,
    },
    "Engage_in_diplomatic_cooperation": {
        "past": ["engaged in diplomatic cooperation with {o}", "cooperated diplomatically with {o}"],
        "inf": ["cooperate diplomatically with {o}"],
        "pp": ["cooperated diplomatically with {o}"],
        "pas": None,
        "noun": ["the diplomatic cooperation of {s} with {o}"],
    },
    "Sign_formal_agreement": {
        "past": ["signed a formal agreement with {o}", "put its signature to a formal agreement with {o}"],
        "inf": ["sign a formal agreement with {o}"],
        "pp": ["signed a formal agreement with {o}"],
        "pas": None,
        "noun": ["the formal agreement {s} signed with {o}"],
    },
    "Express_intent_to_cooperate": {
        "past": ["expressed an intention to cooperate with {o}", "said it intended to cooperate with {o}"],
        "inf": ["express an intention to cooperate with {o}"],
        "pp": ["expressed an intention to cooperate with {o}"],
        "pas": None,
        "noun": ["{s}'s stated intent to cooperate with {o}"],
    },
    "Demand": {
        "past": ["made a demand of {o}", "issued demands to {o}"],
        "inf": ["make a demand of {o}"],
        "pp": ["made demands of {o}"],
        "pas": None,
        "noun": ["{s}'s demand to {o}"],
    },
    "Investigate": {
        "past": ["investigated {o}", "opened an investigation into {o}"],
        "inf": ["investigate {o}"],
        "pp": ["investigated {o}"],
        "pas": ["{o} was investigated", "{o} came under investigation"],
        "noun": ["the investigation of {o} by {s}"],
    },
    "Make_optimistic_comment": {
        "past": ["made an optimistic comment about {o}", "sounded upbeat about {o}"],
        "inf": ["make an optimistic comment about {o}"],
        "pp": ["made optimistic comments about {o}"],
        "pas": None,
        "noun": None,
    },
    "Reject": {
        "past": ["rejected {o}", "rebuffed {o}"],
        "inf": ["reject {o}", "rebuff {o}"],
        "pp": ["rejected {o}"],
        "pas": ["{o} was rejected", "{o} was rebuffed"],
        "noun": ["{s}'s rejection of {o}"],
    },
    "Discuss_by_telephone": {
        "past": ["spoke by telephone with {o}", "had a phone call with {o}"],
        "inf": ["talk on the phone with {o}", "phone {o}"],
        "pp": ["spoken by telephone with {o}"],
        "pas": None,
        "noun": ["the phone call between {s} and {o}", "{s}'s telephone conversation with {o}"],
    },
    "Make_pessimistic_comment": {
        "past": ["made a pessimistic comment about {o}", "voiced pessimism about {o}"],
        "inf": ["make a pessimistic comment about {o}"],
        "pp": ["made pessimistic comments about {o}"],
        "pas": None,
        "noun": None,
    },
    "Threaten": {
        "past": ["threatened {o}", "issued threats against {o}"],
        "inf": ["threaten {o}"],
        "pp": ["threatened {o}"],
        "pas": ["{o} was threatened"],
        "noun": ["{s}'s threat against {o}"],
    },
    "Meet_at_a_'third'_location": {
        "past": ["met {o} at a third location", "met with {o} on neutral ground (a third location)"],
        "inf": ["meet {o} at a third location"],
        "pp": ["met {o} at a third location"],
        "pas": None,
        "noun": ["the meeting of {s} and {o} at a third location"],
    },
    "Make_empathetic_comment": {
        "past": ["expressed sympathy for {o}", "made an empathetic comment about {o}"],
        "inf": ["express sympathy for {o}"],
        "pp": ["expressed sympathy for {o}"],
        "pas": None,
        "noun": ["{s}'s expression of sympathy for {o}"],
    },
    "Provide_humanitarian_aid": {
        "past": ["provided humanitarian aid to {o}", "sent humanitarian aid to {o}"],
        "inf": ["provide humanitarian aid to {o}"],
        "pp": ["provided humanitarian aid to {o}"],
        "pas": ["{o} received humanitarian aid"],
        "noun": ["the humanitarian aid {s} gave {o}"],
    },
    "Abduct,_hijack,_or_take_hostage": {
        "past": ["abducted, hijacked or took hostage {o}"],
        "inf": ["abduct, hijack or take hostage {o}"],
        "pp": ["abducted or taken hostage {o}"],
        "pas": ["{o} was abducted, hijacked or taken hostage"],
        "noun": None,
    },
    "Return,_release_person(s)": {
        "past": ["returned or released people to {o}"],
        "inf": ["return or release people to {o}"],
        "pp": ["returned or released people to {o}"],
        "pas": None,
        "noun": None,
    },
    "Engage_in_symbolic_act": {
        "past": ["made a symbolic gesture towards {o}", "engaged in a symbolic act towards {o}"],
        "inf": ["make a symbolic gesture towards {o}"],
        "pp": ["engaged in a symbolic act towards {o}"],
        "pas": None,
        "noun": None,
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "past": ["said it would engage in diplomatic cooperation (such as policy support) with {o}"],
        "inf": ["say it would cooperate diplomatically with {o}"],
        "pp": ["expressed intent to cooperate diplomatically with {o}"],
        "pas": None,
        "noun": None,
    },
    "fight_with_small_arms_and_light_weapons": {
        "past": ["fought {o} with small arms and light weapons"],
        "inf": ["fight {o} with small arms and light weapons"],
        "pp": ["fought {o} with small arms and light weapons"],
        "pas": None,
        "noun": None,
    },
}

# sector entities "Sector (Country)" as a person would say them
SECTOR = {
    "Citizen": ["citizens of {c}", "ordinary people in {c}"],
    "Police": ["the police in {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Foreign Affairs": ["the foreign affairs officials of {c}"],
    "Men": ["men in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Militant": ["militants in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Protester": ["protesters in {c}"],
    "Business": ["businesses in {c}"],
    "Media": ["the media in {c}"],
    "Member of Parliament": ["members of parliament of {c}"],
    "Court Judge": ["judges in {c}"],
    "Student": ["students in {c}"],
    "Legislature": ["the legislature of {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Royal Administration": ["the royal administration of {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
    "Labor Union": ["trade unions in {c}"],
    "Other Authorities / Officials": ["officials of {c}"],
    "Opposition Major Party (Out Of Government)": ["the main opposition party of {c}"],
}
THE_WORDS = (
    "United",
    "European",
    "Council",
    "Union",
    "Party",
    "Ministry",
    "Organization",
    "Committee",
    "Court",
    "Assembly",
    "Army",
    "Commission",
    "Nations",
    "Republic",
    "Congress",
    "Parliament",
    "Agency",
    "Bank",
    "Fund",
    "East",
    "Programme",
    "Program",
    "Forces",
    "Institute",
    "Service",
    "Organisation",
    "Organizations",
    "League",
    "Office",
    "Brotherhood",
    "Coalition",
    "Alliance",
    "Association",
    "Federation",
    "Centre",
    "Center",
    "Department",
    "Philippines",
    "Netherlands",
    "Kremlin",
    "Taliban",
    "Security",
    "Movement",
    "Front",
)
THE_EXACT = {"Philippines", "Netherlands", "Kremlin", "Taliban", "Vatican", "Gambia", "Bahamas", "Maldives"}

# sector entities whose "(...)" part is not a country ("Citizen (International)", "Criminal (Abu Sayyaf)")
NOT_COUNTRY = {
    "International",
    "Unidentified State Actor",
    "Abu Sayyaf",
    "Boko Haram",
    "Islamic State of Iraq and the Levant",
    "Taliban",
    "Al-Shabaab",
    "Hamas",
    "Hezbollah",
    "Africa",
    "Europe",
    "Asia",
    "Middle East",
    "Palestinian Territory, Occupied",
    "Iraqi Kurds",
    "Kurdistan Workers' Party",
}
MONTHS = list(calendar.month_name)
QUARTERS = {
    1: ("first", "January to March"),
    2: ("second", "April to June"),
    3: ("third", "July to September"),
    4: ("fourth", "October to December"),
}
SEASONS = {
    "spring": (3, 5, "March, April and May"),
    "summer": (6, 8, "June, July and August"),
    "autumn": (9, 11, "September, October and November"),
}
NAMED_DAYS = [
    (1, 1, "New Year's Day"),
    (2, 14, "Valentine's Day"),
    (3, 8, "International Women's Day"),
    (5, 1, "May Day"),
    (7, 4, "the Fourth of July"),
    (10, 31, "Halloween"),
    (12, 24, "Christmas Eve"),
    (12, 25, "Christmas Day"),
    (12, 31, "New Year's Eve"),
]
ORD = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def D(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def iso(d: dt.date) -> str:
    return d.isoformat()


def month_end(y: int, m: int) -> str:
    return f"{y:04d}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}"


@dataclass
class KG:
    """Every fact of the store, indexed the ways the questions need."""

    facts: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in self.by_ro.values():
            v.sort()
        for v in self.by_sr.values():
            v.sort()
        for k in self.by_sro:
            self.by_sro[k] = sorted(set(self.by_sro[k]))

    def subj(self, r: str, o: str, lo: str, hi: str) -> list[tuple[str, str]]:
        rows = self.by_ro.get((r, o), [])
        return rows[bisect_left(rows, (lo, "")) : bisect_right(rows, (hi, "\uffff"))]

    def obj(self, s: str, r: str, lo: str, hi: str) -> list[tuple[str, str]]:
        rows = self.by_sr.get((s, r), [])
        return rows[bisect_left(rows, (lo, "")) : bisect_right(rows, (hi, "\uffff"))]

    def days(self, s: str, r: str, o: str, lo: str, hi: str) -> list[str]:
        return [d for d in self.by_sro.get((s, r, o), []) if lo <= d <= hi]


def load_facts(store: Any) -> list[tuple[str, str, str, str]]:
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted({(r["s"], r["r"], r["o"], r["d"]) for r in rows})


PLURAL_HEADS = (
    "citizens",
    "ordinary people",
    "men ",
    "women",
    "children",
    "lawyers",
    "criminals",
    "militants",
    "armed rebels",
    "protesters",
    "businesses",
    "members",
    "judges",
    "students",
    "trade unions",
    "officials",
    "the foreign affairs officials",
    "the armed forces",
)


def plural(phrase: str) -> bool:
    return phrase.startswith(PLURAL_HEADS)


def agree(subject: str, clause: str) -> str:
    """Verb agreement for a plural subject phrase ("citizens of India ... they" / "were")."""
    if plural(subject):
        return clause.replace(" it ", " they ").replace("its ", "their ")
    return clause


class Writer:
    """Phrasing helpers bound to one seeded random generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, xs: list[Any]) -> Any:
        return xs[self.rng.randrange(len(xs))]

    def ent(self, name: str) -> str | None:
        if " (" in name and name.endswith(")"):
            sec, c = name[:-1].split(" (", 1)
            if sec not in SECTOR or "(" in c or c in NOT_COUNTRY:
                return None
            c_ph = self.ent(c) or c
            forms = SECTOR[sec]
            f = self.pick(forms)
            if f.startswith("{c}'s") and c_ph.startswith("the "):
                f = forms[0]
            return f.replace("{c}", c_ph)
        if "(" in name or "/" in name:
            return None
        if name in THE_EXACT or (any(w in name.split() for w in THE_WORDS) and not name.startswith("The ")):
            return "the " + name
        return name

    def cap(self, s: str) -> str:
        return s[0].upper() + s[1:]

    def clause(self, r: str, kind: str, o: str) -> str | None:
        forms = REL[r].get(kind)
        if not forms:
            return None
        oph = self.ent(o)
        if oph is None:
            return None
        out = self.pick(forms).replace("{o}", oph)
        if kind == "pas" and plural(oph):
            out = out.replace(f"{oph} was ", f"{oph} were ", 1)
        return out

    def day(self, d: str, allow_weekday: bool = True) -> str:
        x = D(d)
        k = self.rng.randrange(5 if allow_weekday else 4)
        if k == 0:
            return f"{x.day} {MONTHS[x.month]} {x.year}"
        if k == 1:
            return f"{MONTHS[x.month]} {x.day}, {x.year}"
        if k == 2:
            return d
        if k == 3:
            return f"the {x.day}{ORD.get(x.day, 'th')} of {MONTHS[x.month]} {x.year}"
        return f"{calendar.day_name[x.weekday()]}, {x.day} {MONTHS[x.month]} {x.year}"

    def month(self, y: int, m: int) -> str:
        return self.pick([f"{MONTHS[m]} {y}", f"{MONTHS[m]} of {y}", f"{y}-{m:02d}"])


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    qlabel: str
    construction: str
    relation: str
    check: dict[str, Any]


def fmt_time(d: str, level: str) -> str:
    return d[:10] if level == "day" else d[:7] if level == "month" else d[:4]


class Gen:
    """One generator per construction; each draws a fact, phrases a question, computes its gold in Python and
    records the spec the Cypher check recomputes."""

    def __init__(self, kg: KG, lo: str, hi: str, rng: random.Random) -> None:
        self.kg, self.lo, self.hi, self.rng = kg, lo, hi, rng
        self.w = Writer(rng)
        self.period = [f for f in kg.facts if lo <= f[3] <= hi and f[1] in REL]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.period:
            self.by_rel[f[1]].append(f)
        self.rels = sorted(r for r in self.by_rel if len(self.by_rel[r]) >= 30)
        self.rel_use: Counter[str] = Counter()
        # anchors: (s, r, o) that happened on exactly one day in the whole store, that day in the period
        self.anchors: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for (s, r, o), ds in kg.by_sro.items():
            if len(ds) == 1 and lo <= ds[0] <= hi and r in REL and REL[r]["past"]:
                self.anchors[r].append((s, r, o, ds[0]))
        for v in self.anchors.values():
            v.sort()
        self.years = sorted({int(f[3][:4]) for f in self.period})

    # ---- sampling
    def rel(self) -> str:
        least = min(self.rel_use[r] for r in self.rels)
        pool = [r for r in self.rels if self.rel_use[r] <= least + 1]
        return self.w.pick(pool)

    def fact(self, r: str | None = None) -> tuple[str, str, str, str]:
        return self.w.pick(self.by_rel[r or self.rel()])

    def anchor(self) -> tuple[str, str, str, str] | None:
        r = self.w.pick(sorted(self.anchors))
        a = self.w.pick(self.anchors[r])
        return a if self.w.ent(a[0]) and self.w.ent(a[2]) else None

    def anchor_clause(self, a: tuple[str, str, str, str], noun_ok: bool = True) -> tuple[str, str] | None:
        """(clause, kind): "China visited Japan" or a noun phrase "China's visit to Japan"."""
        s, r, o, _ = a
        sp, op = self.w.ent(s), self.w.ent(o)
        if sp is None or op is None:
            return None
        nouns = REL[r].get("noun")
        if noun_ok and nouns and self.rng.random() < 0.5:
            n = self.w.pick(nouns)
            if not (n.startswith("{s}'s") and ((" " in sp and not sp.istitle()) or "'s" in sp or plural(sp))):
                own = sp + ("'" if sp.endswith("s") else "'s")
                return n.replace("{s}'s", own).replace("{s}", sp).replace("{o}", op), "noun"
        return f"{sp} {agree(sp, self.w.pick(REL[r]['past']).replace('{o}', op))}", "clause"

    def year_of(self, d: str) -> int:
        return int(d[:4])

    def year_bounds(self, y: int) -> tuple[str, str]:
        return f"{y}-01-01", f"{y}-12-31"

    # ---- helpers for gold
    def subj_names(self, r: str, o: str, lo: str, hi: str, exclude: tuple[str, ...] = ()) -> list[str]:
        return sorted({s for _, s in self.kg.subj(r, o, lo, hi)} - set(exclude))

    def first_last_subj(self, r: str, o: str, lo: str, hi: str, last: bool) -> list[str]:
        rows = self.kg.subj(r, o, lo, hi)
        if not rows:
            return []
        d = rows[-1][0] if last else rows[0][0]
        return sorted({s for dd, s in rows if dd == d})

    def spec(self, target: str, **kw: Any) -> dict[str, Any]:
        return {"target": target, **kw}

    # ================================================================ equal, entity answers
    def eq_day_who(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        gold = self.subj_names(r, o, d, d)
        day = self.w.day(d)
        t = self.w.pick([f"Who {c} on {day}?", f"On {day}, who {c}?", f"Which country or person {c} on {day}?"])
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "who-r-O-on-day (time end/fronted)",
            r,
            self.spec("subj", r=r, o=o, lo=d, hi=d),
        )

    def eq_day_passive(self) -> Q | None:
        _s, r, o, d = self.fact(self.w.pick([x for x in self.rels if REL[x]["pas"]]))
        c = self.w.clause(r, "pas", o)
        if not c:
            return None
        day = self.w.day(d)
        head, sep, rest = c.partition(" was ")
        if not sep:
            head, sep, rest = c.partition(" were ")
        if sep and self.rng.random() < 0.5:
            t = f"By whom {sep.strip()} {head} {rest} on {day}?"
        else:
            t = f"On {day}, {c} - by whom?"
        gold = self.subj_names(r, o, d, d)
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "passive: O was r'd by whom on day",
            r,
            self.spec("subj", r=r, o=o, lo=d, hi=d),
        )

    def eq_day_obj(self) -> Q | None:
        s, r, _o, d = self.fact()
        sp = self.w.ent(s)
        if not sp:
            return None
        inf = self.w.pick(REL[r]["inf"]).replace(" {o}", "").replace("{o}", "")
        past = self.w.pick(REL[r]["past"]).replace(" {o}", "").replace("{o}", "")
        day = self.w.day(d)
        gold = sorted({x for _, x in self.kg.obj(s, r, d, d)})
        t = self.w.pick(
            [
                f"Who did {sp} {agree(sp, inf)} on {day}?",
                f"On {day}, whom did {sp} {agree(sp, inf)}?",
                f"Tell me whom {sp} {agree(sp, past)} on {day}.",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "object asked: who did S r on day",
            r,
            self.spec("obj", s=s, r=r, lo=d, hi=d),
        )

    def eq_month(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        y, m = int(d[:4]), int(d[5:7])
        lo, hi = f"{y}-{m:02d}-01", month_end(y, m)
        mo = self.w.month(y, m)
        gold = self.subj_names(r, o, lo, hi)
        t = self.w.pick(
            [
                f"Name everyone who {c} in {mo}.",
                f"During {mo}, which actors {c}?",
                f"Who {c} at some point in {mo}?",
                f"List the countries, groups or people that {c} in {mo}.",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "month",
            "equal",
            "Single",
            "who-r-O-in-month (name/list/during)",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi),
        )

    def eq_year(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        y = d[:4]
        gold = self.subj_names(r, o, f"{y}-01-01", f"{y}-12-31")
        t = self.w.pick([f"Over the whole of {y}, who {c}?", f"Which actors {c} in {y}?", f"In {y}, who {c}?"])
        return Q(
            t,
            gold,
            "entity",
            "year",
            "equal",
            "Single",
            "who-r-O-in-year",
            r,
            self.spec("subj", r=r, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31"),
        )

    def eq_window(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        n = self.w.pick([3, 5, 7, 10, 14])
        off = self.rng.randrange(n)
        lo_d = D(d) - dt.timedelta(days=off)
        hi_d = lo_d + dt.timedelta(days=n - 1)
        lo, hi = iso(lo_d), iso(hi_d)
        if lo < self.lo or hi > self.hi:
            return None
        a, b = self.w.day(lo, False), self.w.day(hi, False)
        t = self.w.pick(
            [
                f"In the {n} days from {a} to {b} (both days included), who {c}?",
                f"Who {c} between {a} and {b}, inclusive?",
                f"Tell me who {c} during the {n}-day stretch {a} through {b}.",
            ]
        )
        gold = self.subj_names(r, o, lo, hi)
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "N-day window, edges stated inclusive",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi),
        )

    def eq_period(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        y, m = int(d[:4]), int(d[5:7])
        k = self.rng.randrange(3)
        if k == 0:
            q = (m - 1) // 3 + 1
            name, months = QUARTERS[q]
            lo, hi = f"{y}-{3 * q - 2:02d}-01", month_end(y, 3 * q)
            when = f"the {name} quarter of {y} ({months})"
            cons = "quarter with months stated"
        elif k == 1:
            h = 1 if m <= 6 else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            half = ("first", "January to June") if h == 1 else ("second", "July to December")
            when = f"the {half[0]} half of {y} ({half[1]})"
            cons = "half-year with months stated"
        else:
            season = next((k2 for k2, (a, b, _) in SEASONS.items() if a <= m <= b), None)
            if season is None:
                return None
            a_m, b_m, months = SEASONS[season]
            lo, hi = f"{y}-{a_m:02d}-01", month_end(y, b_m)
            when = f"{season} {y} ({months})"
            cons = "season with months stated"
        gold = self.subj_names(r, o, lo, hi)
        t = self.w.pick([f"In {when}, who {c}?", f"Who {c} in {when}?", f"Which actors {c} during {when}?"])
        return Q(t, gold, "entity", "month", "equal", "Single", cons, r, self.spec("subj", r=r, o=o, lo=lo, hi=hi))

    def eq_named_day(self) -> Q | None:
        cands = [f for f in self.period if (int(f[3][5:7]), int(f[3][8:10])) in {(a, b) for a, b, _ in NAMED_DAYS}]
        if not cands:
            return None
        _s, r, o, d = self.w.pick(cands)
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        name = next(n for a, b, n in NAMED_DAYS if (a, b) == (int(d[5:7]), int(d[8:10])))
        x = D(d)
        when = f"{name} {x.year} ({x.day} {MONTHS[x.month]})"
        gold = self.subj_names(r, o, d, d)
        t = self.w.pick([f"On {when}, who {c}?", f"Who {c} on {when}?"])
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "named day with date stated",
            r,
            self.spec("subj", r=r, o=o, lo=d, hi=d),
        )

    def eq_relcl(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        day = self.w.day(d)
        gold = self.subj_names(r, o, d, d)
        if len(gold) != 1:
            return None
        t = self.w.pick(
            [f"What is the name of the actor that {c} on {day}?", f"I'm looking for whoever {c} on {day} - who was it?"]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "relative clause / 'whoever' on day",
            r,
            self.spec("subj", r=r, o=o, lo=d, hi=d),
        )

    def eq_ellipsis_week(self) -> Q | None:
        s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        sp = self.w.ent(s)
        if not c or not sp:
            return None
        x = D(d)
        mon = x - dt.timedelta(days=x.weekday())
        sun = mon + dt.timedelta(days=6)
        lo, hi = iso(mon), iso(sun)
        if lo < self.lo or hi > self.hi:
            return None
        gold = self.subj_names(r, o, lo, hi, exclude=(s,))
        t = (
            f"{self.w.cap(sp)} {agree(sp, c)} on {self.w.day(d, False)}. Who else did so that week "
            f"(Monday {mon.day} {MONTHS[mon.month]} to Sunday {sun.day} {MONTHS[sun.month]} {sun.year})?"
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "equal",
            "Single",
            "ellipsis: who else did so that week",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi, exclude=[s]),
        )

    # ================================================================ equal, time answers
    def when_day(self) -> Q | None:
        s, r, o, d = self.fact()
        sp, inf = self.w.ent(s), self.w.clause(r, "inf", o)
        if not sp or not inf:
            return None
        y = d[:4]
        ds = self.kg.days(s, r, o, f"{y}-01-01", f"{y}-12-31")
        if len(ds) != 1:
            return None
        t = self.w.pick(
            [
                f"On what date in {y} did {sp} {agree(sp, inf)}?",
                f"Which day of {y} did {sp} {agree(sp, inf)}?",
                f"Tell me the exact date in {y} when {sp} {agree(sp, self.w.clause(r, 'past', o) or '')}.",
            ]
        )
        return Q(
            t,
            ds,
            "time",
            "day",
            "equal",
            "Single",
            "which day (year-scoped)",
            r,
            self.spec("time", s=s, r=r, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31", level="day"),
        )

    def when_month(self) -> Q | None:
        s, r, o, d = self.fact()
        sp, inf = self.w.ent(s), self.w.clause(r, "inf", o)
        if not sp or not inf:
            return None
        y = d[:4]
        ds = self.kg.days(s, r, o, f"{y}-01-01", f"{y}-12-31")
        months = sorted({x[:7] for x in ds})
        if len(months) != 1:
            return None
        t = self.w.pick(
            [f"Which month of {y} saw {sp} {agree(sp, inf)}?", f"In what month of {y} did {sp} {agree(sp, inf)}?"]
        )
        return Q(
            t,
            months,
            "time",
            "month",
            "equal",
            "Single",
            "which month (month as subject: 'which month saw')",
            r,
            self.spec("time", s=s, r=r, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31", level="month"),
        )

    def when_year(self) -> Q | None:
        if len(self.years) < 2:
            return None
        s, r, o, _d = self.fact()
        sp, inf = self.w.ent(s), self.w.clause(r, "inf", o)
        if not sp or not inf:
            return None
        ds = self.kg.days(s, r, o, self.lo, self.hi)
        years = sorted({x[:4] for x in ds})
        if len(years) != 1:
            return None
        t = self.w.pick(
            [
                f"Was it in 2014 or in 2015 that {sp} {agree(sp, self.w.clause(r, 'past', o) or '')}? Give the year.",
                f"Which year, 2014 or 2015, saw {sp} {agree(sp, inf)}?",
            ]
        )
        return Q(
            t,
            years,
            "time",
            "year",
            "equal",
            "Single",
            "which year of two stated",
            r,
            self.spec("time", s=s, r=r, o=o, lo=self.lo, hi=self.hi, level="year"),
        )

    # ================================================================ before/after
    def before_date(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        y = int(d[:4])
        cut = iso(D(d) + dt.timedelta(days=self.rng.randrange(1, 20)))
        if cut[:4] != str(y):
            return None
        lo, hi = f"{y}-01-01", iso(D(cut) - dt.timedelta(days=1))
        gold = self.subj_names(r, o, lo, hi)
        cd = self.w.day(cut, False)
        t = self.w.pick(
            [
                f"In {y}, who {c} before {cd}?",
                f"Before {cd} (counting from the start of {y}), who {c}?",
                f"Which actors {c} earlier in {y} than {cd}?",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "before_after",
            "Single",
            "before a date, year-scoped",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi),
        )

    def after_date(self) -> Q | None:
        _s, r, o, d = self.fact()
        c = self.w.clause(r, "past", o)
        if not c:
            return None
        y = int(d[:4])
        cut = iso(D(d) - dt.timedelta(days=self.rng.randrange(1, 20)))
        if cut[:4] != str(y):
            return None
        lo, hi = iso(D(cut) + dt.timedelta(days=1)), f"{y}-12-31"
        gold = self.subj_names(r, o, lo, hi)
        cd = self.w.day(cut, False)
        t = self.w.pick(
            [
                f"After {cd}, and before {y} was out, who {c}?",
                f"Who {c} later in {y} than {cd}?",
                f"Name those who {c} after {cd} but within {y}.",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "before_after",
            "Single",
            "after a date, year-scoped",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi),
        )

    def after_event(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        _s, r, o, _d = self.fact()
        c = self.w.clause(r, "past", o)
        ac = self.anchor_clause(a)
        if not c or not ac:
            return None
        y = a[3][:4]
        lo, hi = iso(D(a[3]) + dt.timedelta(days=1)), f"{y}-12-31"
        gold = self.subj_names(r, o, lo, hi)
        if ac[1] == "noun":
            t = self.w.pick(
                [
                    f"After {ac[0]}, who {c} in the rest of {y}?",
                    f"Following {ac[0]}, which actors {c} before the end of {y}?",
                ]
            )
        else:
            t = self.w.pick([f"Once {ac[0]}, who {c} later that year ({y})?", f"Who {c} in {y} after {ac[0]}?"])
        return Q(
            t,
            gold,
            "entity",
            "day",
            "before_after",
            "Single",
            "after another event, to end of its year",
            r,
            self.spec("subj", r=r, o=o, anchor=list(a[:3]), mode="after_in", lo=lo, hi=hi),
        )

    def before_event(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        _s, r, o, _d = self.fact()
        c = self.w.clause(r, "pp", o)
        ac = self.anchor_clause(a)
        if not c or not ac:
            return None
        y = a[3][:4]
        lo, hi = f"{y}-01-01", iso(D(a[3]) - dt.timedelta(days=1))
        gold = self.subj_names(r, o, lo, hi)
        edge = ac[0] if ac[1] == "noun" else "the day " + ac[0]
        t = self.w.pick(
            [
                f"In {y}, prior to {ac[0]}, who had {c}?"
                if ac[1] == "noun"
                else f"Earlier in {y} than the day {ac[0]}, who had {c}?",
                f"Which actors had {c} between the start of {y} and {edge} (that day excluded)?",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "before_after",
            "Single",
            "before another event, from start of its year",
            r,
            self.spec("subj", r=r, o=o, anchor=list(a[:3]), mode="before_in", lo=lo, hi=hi),
        )

    # ================================================================ first/last
    def first_last_who(self) -> Q | None:
        _s, r, o, d = self.fact()
        inf, past = self.w.clause(r, "inf", o), self.w.clause(r, "past", o)
        if not inf or not past:
            return None
        y = int(d[:4])
        k = self.rng.randrange(3)
        if k == 0:
            lo, hi, scope = f"{y}-01-01", f"{y}-12-31", f"in {y}"
        elif k == 1:
            h = 1 if d[5:7] <= "06" else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            half = ("first", "January-June") if h == 1 else ("second", "July-December")
            scope = f"in the {half[0]} half of {y} ({half[1]})"
        else:
            m = int(d[5:7])
            lo, hi, scope = f"{y}-{m:02d}-01", month_end(y, m), f"in {self.w.month(y, m)}"
        last = self.rng.random() < 0.5
        gold = self.first_last_subj(r, o, lo, hi, last)
        if last:
            t = self.w.pick(
                [
                    f"Who was the last to {inf} {scope}?",
                    f"{self.w.cap(scope)}, who most recently {past}?",
                    f"Name the final actor that {past} {scope}.",
                ]
            )
        else:
            t = self.w.pick(
                [
                    f"Who was the first to {inf} {scope}?",
                    f"{self.w.cap(scope)}, who {past} first?",
                    f"Name the earliest actor that {past} {scope}.",
                ]
            )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "first_last",
            "Single",
            f"{'last' if last else 'first'} who, scoped period",
            r,
            self.spec("subj", r=r, o=o, lo=lo, hi=hi, select="last" if last else "first"),
        )

    def first_last_when(self) -> Q | None:
        s, r, o, d = self.fact()
        sp, inf, past = self.w.ent(s), self.w.clause(r, "inf", o), self.w.clause(r, "past", o)
        if not sp or not inf or not past:
            return None
        y = d[:4]
        lo, hi = f"{y}-01-01", f"{y}-12-31"
        ds = self.kg.days(s, r, o, lo, hi)
        if len(ds) < 2:
            return None
        last = self.rng.random() < 0.5
        level = self.w.pick(["day", "month", "month"])
        ans = fmt_time(ds[-1] if last else ds[0], level)
        fl = "last" if last else "first"
        if level == "day":
            t = self.w.pick(
                [
                    f"When did {sp} {fl} {agree(sp, inf)} in {y}?",
                    f"On which date of {y} did {sp} {agree(sp, inf)} for the {fl} time?",
                ]
            )
        else:
            t = self.w.pick(
                [
                    f"In which month did {sp} {agree(sp, inf)} for the {fl} time in {y}?",
                    f"What was the {fl} month of {y} in which {sp} {agree(sp, past)}?",
                ]
            )
        return Q(
            t,
            [ans],
            "time",
            level,
            "first_last",
            "Single",
            f"{fl} time at {level} granularity, year-scoped",
            r,
            self.spec("time", s=s, r=r, o=o, lo=lo, hi=hi, level=level, select=fl),
        )

    # ================================================================ after_first / before_last
    def after_first_who(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        r, o = a[1], a[2]
        inf = self.w.clause(r, "inf", o)
        ac = self.anchor_clause(a)
        if not inf or not ac:
            return None
        lo, hi = iso(D(a[3]) + dt.timedelta(days=1)), self.hi
        gold = self.first_last_subj(r, o, lo, hi, last=False)
        lead = self.w.pick(["Following", "After"]) if ac[1] == "noun" else "After"
        t = self.w.pick(
            [
                f"{lead} {ac[0]}, who was the next to {inf}?",
                f"Who was next to {inf} after {ac[0]}?",
                f"{lead} {ac[0]}, who was the first to {inf}?",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "after_first",
            "Multiple",
            "who next did the same after an event",
            r,
            self.spec("subj", r=r, o=o, anchor=list(a[:3]), mode="after_in", lo=lo, hi=hi, select="first"),
        )

    def before_last_who(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        _s, r, o, _d = self.fact()
        pp = self.w.clause(r, "pp", o)
        ac = self.anchor_clause(a)
        if not pp or not ac:
            return None
        y = a[3][:4]
        lo, hi = f"{y}-01-01", iso(D(a[3]) - dt.timedelta(days=1))
        gold = self.first_last_subj(r, o, lo, hi, last=True)
        t = self.w.pick(
            [
                f"Who had last {pp} just before {ac[0]}, counting only {y}?",
                f"In {y}, who was the last to have {pp} before {ac[0]}?",
            ]
        )
        return Q(
            t,
            gold,
            "entity",
            "day",
            "before_last",
            "Multiple",
            "who last before an event, year-scoped",
            r,
            self.spec("subj", r=r, o=o, anchor=list(a[:3]), mode="before_in", lo=lo, hi=hi, select="last"),
        )

    def after_first_when(self) -> Q | None:
        s, r, o, _d = self.fact()
        sp, inf = self.w.ent(s), self.w.clause(r, "inf", o)
        if not sp or not inf:
            return None
        ds = self.kg.days(s, r, o, self.lo, self.hi)
        if len(ds) < 2:
            return None
        i = self.rng.randrange(len(ds) - 1)
        cut = ds[i]
        past = self.w.clause(r, "past", o) or ""
        lo, hi = iso(D(cut) + dt.timedelta(days=1)), self.hi
        ans = next(x for x in ds if x >= lo)
        t = self.w.pick(
            [
                f"After {self.w.day(cut)}, when did {sp} next {agree(sp, inf)}?",
                f"What was the next date after {self.w.day(cut)} on which {sp} {agree(sp, past)}?",
            ]
        )
        return Q(
            t,
            [ans],
            "time",
            "day",
            "after_first",
            "Multiple",
            "next time after a date",
            r,
            self.spec("time", s=s, r=r, o=o, lo=lo, hi=hi, level="day", select="first"),
        )

    def before_last_when(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        s, r, o, _d = self.fact()
        sp, pp = self.w.ent(s), self.w.clause(r, "pp", o)
        ac = self.anchor_clause(a)
        if not sp or not pp or not ac:
            return None
        y = a[3][:4]
        lo, hi = f"{y}-01-01", iso(D(a[3]) - dt.timedelta(days=1))
        ds = self.kg.days(s, r, o, lo, hi)
        if not ds:
            return None
        t = self.w.pick(
            [
                f"In {y}, when had {sp} last {agree(sp, pp)} before {ac[0]}?",
                f"What was the latest date in {y} on which {sp} had {agree(sp, pp)}, before {ac[0]}?",
            ]
        )
        return Q(
            t,
            [ds[-1]],
            "time",
            "day",
            "before_last",
            "Multiple",
            "last time before an event, year-scoped",
            r,
            self.spec(
                "time", s=s, r=r, o=o, anchor=list(a[:3]), mode="before_in", lo=lo, hi=hi, level="day", select="last"
            ),
        )

    # ================================================================ equal_multi
    def same_time(self) -> Q | None:
        a = self.anchor()
        if not a:
            return None
        ad = a[3]
        k = self.rng.randrange(3)
        # draw the asked (r, O) from the anchor's day or month so that most draws have a gold
        if k == 1:
            lo, hi = ad[:8] + "01", month_end(int(ad[:4]), int(ad[5:7]))
        elif k == 2:
            lo = hi = iso(D(ad) + dt.timedelta(days=1))
            if hi > self.hi:
                return None
        else:
            lo = hi = ad
        pool = [f for f in self.period if lo <= f[3] <= hi and (f[1], f[2]) != (a[1], a[2])]
        if not pool:
            return None
        _s, r, o, _d = self.w.pick(pool)
        c = self.w.clause(r, "past", o)
        ac = self.anchor_clause(a, noun_ok=(k == 1))
        if not c or not ac:
            return None
        gold = self.subj_names(r, o, lo, hi)
        if k == 0:
            t = self.w.pick([f"Who {c} on the same day that {ac[0]}?", f"On the day {ac[0]}, who {c}?"])
            mode, cons, lvl = "same_day", "same day as another event", "day"
        elif k == 1:
            t = self.w.pick(
                [
                    f"In the same month as {ac[0]}, who {c}?"
                    if ac[1] == "noun"
                    else f"In the month in which {ac[0]}, who {c}?",
                    f"Which actors {c} in the month of {ac[0]}?"
                    if ac[1] == "noun"
                    else f"Who {c} during the same month that {ac[0]}?",
                ]
            )
            mode, cons, lvl = "same_month", "same month as another event", "month"
        else:
            t = self.w.pick([f"Who {c} the day after {ac[0]}?", f"On the day after {ac[0]}, who {c}?"])
            mode, cons, lvl = "day_after", "relative day: the day after another event", "day"
        return Q(
            t,
            gold,
            "entity",
            lvl,
            "equal_multi",
            "Multiple",
            cons,
            r,
            self.spec("subj", r=r, o=o, anchor=list(a[:3]), mode=mode, lo=lo, hi=hi),
        )


# ---------------------------------------------------------------------------------------------- Cypher check
_WIN = {
    "same_day": ("ad", "ad"),
    "day_after": ("ad + duration('P1D')", "ad + duration('P1D')"),
    "same_month": ("date.truncate('month', ad)", "date.truncate('month', ad) + duration('P1M') - duration('P1D')"),
    "after_in": ("ad + duration('P1D')", "date($hi)"),
    "before_in": ("date($lo)", "ad - duration('P1D')"),
}


def check_query(spec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A second, differently written query for one question's gold: matched from the entity side, windows as date
    strings (fixed windows) or dates computed in Cypher from the anchor (event-relative windows), first/last and time
    granularity aggregated in Cypher."""
    p: dict[str, Any] = {k: spec[k] for k in ("s", "r", "o", "lo", "hi") if k in spec}
    p["exclude"] = spec.get("exclude", [])
    if "anchor" in spec:
        p["an_s"], p["an_r"], p["an_o"] = spec["anchor"]
        lo_e, hi_e = _WIN[spec["mode"]]
        head = (
            "MATCH (x1:Entity {name: $an_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(x2:Entity {name: $an_o}) "
            "WHERE a.relation = $an_r WITH count(a) AS na, min(a.valid_from) AS ad WHERE na = 1 "
            f"WITH {lo_e} AS wlo, {hi_e} AS whi "
        )
        cond = "e.valid_from >= wlo AND e.valid_from <= whi"
    else:
        head = "WITH date($lo) AS wlo, date($hi) AS whi "
        cond = "toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi"
    tgt = spec["target"]
    if tgt == "subj":
        pat = "MATCH (ob:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) WHERE e.relation = $r AND "
    elif tgt == "obj":
        pat = "MATCH (sb:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE e.relation = $r AND "
    else:
        pat = (
            "MATCH (sb:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(ob:Entity {name: $o}) "
            "WHERE e.relation = $r AND "
        )
    sel = spec.get("select", "all")
    if tgt == "time":
        n = {"day": 10, "month": 7, "year": 4}[spec["level"]]
        if sel == "all":
            ret = f"RETURN collect(DISTINCT left(toString(e.valid_from), {n})) AS ans"
        else:
            agg = "min" if sel == "first" else "max"
            ret = f"WITH {agg}(e.valid_from) AS md RETURN [left(toString(md), {n})] AS ans"
        return head + pat + cond + " " + ret, p
    if sel == "all":
        return head + pat + cond + " AND NOT x.name IN $exclude RETURN collect(DISTINCT x.name) AS ans", p
    agg = "min" if sel == "first" else "max"
    q = (
        head
        + pat
        + cond
        + f" WITH {agg}(e.valid_from) AS md "
        + pat.replace("(e:Event)", "(e2:Event)").replace("e.relation", "e2.relation")
        + "e2.valid_from = md RETURN collect(DISTINCT x.name) AS ans"
    )
    return q, p


def run_check(store: Any, spec: dict[str, Any]) -> list[str]:
    q, p = check_query(spec)
    rows = store.run_values(q, p)
    if not rows:
        return []
    return sorted(a for a in (rows[0]["ans"] or []) if a is not None)


# ---------------------------------------------------------------------------------------------- plan
PLAN: dict[str, list[tuple[str, int]]] = {
    "mtq": [
        ("eq_day_who", 8),
        ("eq_day_passive", 6),
        ("eq_day_obj", 6),
        ("eq_month", 7),
        ("eq_year", 4),
        ("eq_window", 6),
        ("eq_period", 6),
        ("eq_named_day", 3),
        ("eq_relcl", 3),
        ("eq_ellipsis_week", 4),
        ("when_day", 5),
        ("when_month", 5),
        ("when_year", 3),
        ("before_date", 4),
        ("after_date", 4),
        ("after_event", 4),
        ("before_event", 4),
        ("first_last_who", 6),
        ("first_last_when", 5),
        ("after_first_who", 4),
        ("before_last_who", 3),
        ("after_first_when", 3),
        ("before_last_when", 2),
        ("same_time", 8),
    ],
    "bench": [
        ("eq_day_who", 6),
        ("eq_day_passive", 4),
        ("eq_day_obj", 4),
        ("eq_month", 5),
        ("eq_window", 4),
        ("eq_period", 4),
        ("eq_named_day", 2),
        ("eq_relcl", 2),
        ("eq_ellipsis_week", 3),
        ("when_day", 4),
        ("when_month", 4),
        ("before_date", 3),
        ("after_date", 3),
        ("after_event", 3),
        ("before_event", 3),
        ("first_last_who", 4),
        ("first_last_when", 4),
        ("after_first_who", 3),
        ("before_last_who", 2),
        ("after_first_when", 2),
        ("before_last_when", 2),
        ("same_time", 5),
    ],
}


def check_text(spec: dict[str, Any]) -> str:
    win = f"{spec['mode']} of anchor {spec['anchor']}" if "anchor" in spec else f"[{spec.get('lo')}, {spec.get('hi')}]"
    what = {"subj": "subjects of (r, O)", "obj": "objects of (S, r)", "time": f"{spec.get('level')}s of (S, r, O)"}
    sel = spec.get("select", "all")
    return f"Cypher: {sel} {what[spec['target']]} in {win}" + (" minus stated actor" if spec.get("exclude") else "")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    prefix, lo, hi = STORES[args.store]
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        kg = KG(load_facts(store))
        rng = random.Random(SEED)
        g = Gen(kg, lo, hi, rng)
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        stats: Counter[str] = Counter()
        for name, n in PLAN[args.store]:
            fn: Callable[[], Q | None] = getattr(g, name)
            got, tries = 0, 0
            while got < n and tries < 4000:
                tries += 1
                q = fn()
                if q is None:
                    continue
                if not q.answers or len(q.answers) > MAX_GOLD or q.question in seen:
                    stats["dropped_gold_or_dup"] += 1
                    continue
                chk = run_check(store, q.check)
                if chk != sorted(q.answers):
                    stats["dropped_check_disagrees"] += 1
                    print(f"check disagrees: {q.construction}: {q.answers} vs {chk}", file=sys.stderr)
                    continue
                seen.add(q.question)
                g.rel_use[q.relation] += 1
                got += 1
                qid = f"{prefix}{len(out) + 1:04d}"
                out.append(
                    {
                        "quid": qid,
                        "id": qid,
                        "question": q.question,
                        "answers": sorted(q.answers),
                        "answer_type": q.answer_type,
                        "time_level": q.time_level,
                        "qtype": q.qtype,
                        "qlabel": q.qlabel,
                        "evidence": [],
                        "construction": q.construction,
                        "relation": q.relation,
                        "store": args.store,
                        "check": check_text(q.check),
                        "check_agrees": True,
                    }
                )
            if got < n:
                print(f"{name}: only {got}/{n}", file=sys.stderr)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with args.out.open("w", encoding="utf-8") as fh:
            for rec in out:
                fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        print(
            json.dumps(
                {"store": args.store, "questions": len(out), "relations": len({r["relation"] for r in out}), **stats}
            ),
            file=sys.stderr,
        )
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
