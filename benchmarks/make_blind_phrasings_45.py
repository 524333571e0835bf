"""Blind held-out question set 45: MultiTQ-style questions over the ICEWS stores, written in new phrasings.

Gold answers come from one Cypher read of every (subject, relation, object, day) in the store, computed in Python;
a second, differently written Cypher query per question recomputes each gold (``check``) so that a slip in either
path shows up as a disagreement (disagreements are dropped). Deterministic: the same store and seed give
byte-identical files.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_45.py --store mtq --out <work>/heldout/v45/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_45.py --store bench --out <work>/heldout/v45/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
from collections import Counter, defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261245
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# relation -> (past forms, base forms, passive participle or None, noun phrases with {s} and {o})
REL: dict[str, tuple[list[str], list[str], str | None, list[str]]] = {
    "Make_statement": (
        ["made a statement about", "issued a statement on", "commented publicly on"],
        ["make a statement about", "comment publicly on"], None, ["{s}'s statement about {o}"]),
    "Consult": (
        ["consulted", "held consultations with", "conferred with"],
        ["consult", "hold consultations with"], "consulted", ["{s}'s consultations with {o}"]),
    "Make_an_appeal_or_request": (
        ["appealed to", "made a request to", "put a request to"],
        ["appeal to", "make a request to"], "appealed to", ["{s}'s appeal to {o}"]),
    "Express_intent_to_meet_or_negotiate": (
        ["expressed willingness to meet or negotiate with", "signalled readiness for talks with"],
        ["signal readiness for talks with", "express willingness to meet or negotiate with"], None,
        ["{s} signalling readiness for talks with {o}"]),
    "Make_a_visit": (
        ["visited", "paid a visit to", "travelled on a visit to"],
        ["visit", "pay a visit to"], "visited", ["{s}'s visit to {o}"]),
    "Host_a_visit": (
        ["hosted", "received a visit from", "played host to"],
        ["host", "receive a visit from"], "hosted", ["{s} hosting {o}", "the visit of {o} hosted by {s}"]),
    "Arrest,_detain,_or_charge_with_legal_action": (
        ["arrested, detained or charged", "took into custody or charged"],
        ["arrest, detain or charge", "take into custody or charge"], "arrested, detained or charged",
        ["the arrest or charging of {o} by {s}"]),
    "Praise_or_endorse": (
        ["praised", "endorsed", "spoke approvingly of"],
        ["praise", "endorse"], "praised", ["{s}'s praise for {o}"]),
    "Criticize_or_denounce": (
        ["criticised", "denounced", "condemned"],
        ["criticise", "denounce"], "criticised", ["{s}'s criticism of {o}"]),
    "Accuse": (
        ["accused", "levelled accusations at"],
        ["accuse", "level accusations at"], "accused", ["{s}'s accusations against {o}"]),
    "Use_unconventional_violence": (
        ["used unconventional violence against", "carried out irregular violent attacks on"],
        ["use unconventional violence against"], None, ["the unconventional violence of {s} against {o}"]),
    "Use_conventional_military_force": (
        ["used conventional military force against", "took military action against"],
        ["use military force against", "take military action against"], None,
        ["{s}'s military action against {o}"]),
    "Engage_in_negotiation": (
        ["negotiated with", "held negotiations with", "was in negotiations with"],
        ["negotiate with", "hold negotiations with"], None, ["{s}'s negotiations with {o}"]),
    "Express_intent_to_cooperate": (
        ["expressed an intent to cooperate with", "pledged to cooperate with", "voiced a wish to work with"],
        ["express an intent to cooperate with", "pledge to cooperate with"], None,
        ["{s}'s pledge to cooperate with {o}"]),
    "Demand": (
        ["made demands of", "issued a demand to", "demanded action from"],
        ["make demands of", "issue a demand to"], None, ["{s}'s demand to {o}"]),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["voiced an intent to cooperate diplomatically with", "offered diplomatic cooperation to"],
        ["offer diplomatic cooperation to"], None, ["{s}'s offer of diplomatic cooperation to {o}"]),
    "Engage_in_diplomatic_cooperation": (
        ["cooperated diplomatically with", "engaged in diplomatic cooperation with"],
        ["cooperate diplomatically with"], None, ["{s}'s diplomatic cooperation with {o}"]),
    "Sign_formal_agreement": (
        ["signed a formal agreement with", "concluded a formal agreement with", "inked a formal deal with"],
        ["sign a formal agreement with", "conclude a formal agreement with"], None,
        ["the formal agreement {s} signed with {o}"]),
    "Investigate": (
        ["investigated", "opened an investigation into", "launched a probe into"],
        ["investigate", "open an investigation into"], "investigated", ["{s}'s investigation of {o}"]),
    "Discuss_by_telephone": (
        ["spoke by phone with", "had a telephone conversation with", "phoned"],
        ["speak by phone with", "phone"], "phoned", ["{s}'s phone call with {o}"]),
    "Reject": (
        ["rejected", "turned down", "rebuffed"],
        ["reject", "turn down"], "rebuffed", ["{s}'s rejection of {o}"]),
    "fight_with_small_arms_and_light_weapons": (
        ["fought with small arms against", "exchanged small-arms fire with"],
        ["fight with small arms against"], None, ["the small-arms fighting of {s} against {o}"]),
    "Make_optimistic_comment": (
        ["made an optimistic comment about", "sounded upbeat about", "spoke optimistically about"],
        ["make an optimistic comment about", "sound upbeat about"], None,
        ["{s}'s optimistic remarks about {o}"]),
    "Threaten": (
        ["threatened", "issued a threat against"],
        ["threaten", "issue a threat against"], "threatened", ["{s}'s threat against {o}"]),
    "Meet_at_a_'third'_location": (
        ["met at a third-party venue with", "held a meeting in a third location with"],
        ["meet at a third-party venue with"], None, ["{s}'s meeting with {o} at a third location"]),
    "Make_pessimistic_comment": (
        ["made a pessimistic comment about", "spoke gloomily about"],
        ["make a pessimistic comment about", "speak gloomily about"], None,
        ["{s}'s pessimistic remarks about {o}"]),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed for diplomatic cooperation from", "asked for diplomatic support from"],
        ["appeal for diplomatic cooperation from"], None, ["{s}'s call for diplomatic cooperation from {o}"]),
    "Return,_release_person(s)": (
        ["released or returned people to", "freed persons and handed them to"],
        ["release or return people to"], None, ["{s}'s release of people to {o}"]),
    "Provide_humanitarian_aid": (
        ["provided humanitarian aid to", "sent humanitarian relief to"],
        ["provide humanitarian aid to", "send humanitarian relief to"], None,
        ["{s}'s humanitarian aid to {o}"]),
    "Make_empathetic_comment": (
        ["expressed sympathy for", "voiced empathy with"],
        ["express sympathy for"], None, ["{s}'s words of sympathy for {o}"]),
    "Reduce_relations": (
        ["scaled back relations with", "reduced ties with"],
        ["scale back relations with"], None, ["{s} scaling back relations with {o}"]),
    "Impose_embargo,_boycott,_or_sanctions": (
        ["imposed sanctions, an embargo or a boycott on", "slapped sanctions or an embargo on"],
        ["impose sanctions or an embargo on"], None, ["the sanctions {s} imposed on {o}"]),
    "Provide_aid": (
        ["provided aid to", "gave assistance to"],
        ["provide aid to", "give assistance to"], None, ["{s}'s aid to {o}"]),
    "Abduct,_hijack,_or_take_hostage": (
        ["abducted or took hostage", "kidnapped"],
        ["abduct or take hostage"], "abducted", ["the abduction of {o} by {s}"]),
}  # fmt: skip

# sector -> (phrase with {c}, phrase with {d} demonym or None)
SECTORS = {
    "Police": ("the police in {c}", "the {d} police"),
    "Citizen": ("citizens of {c}", "{d} citizens"),
    "Head of Government": ("the head of government of {c}", "the {d} head of government"),
    "Foreign Affairs": ("the foreign ministry of {c}", "the {d} foreign ministry"),
    "Criminal": ("criminals in {c}", None),
    "Government": ("the government of {c}", "the {d} government"),
    "Military": ("the armed forces of {c}", "the {d} military"),
    "Military Personnel": ("military personnel of {c}", "{d} military personnel"),
    "Business": ("businesses in {c}", "{d} businesses"),
    "Legislature": ("the legislature of {c}", "the {d} legislature"),
    "Media": ("the media in {c}", "the {d} media"),
    "Lawyer/Attorney": ("lawyers in {c}", "{d} lawyers"),
    "Court Judge": ("a court judge in {c}", None),
    "Defense / Security Ministry": ("the defence ministry of {c}", "the {d} defence ministry"),
    "Protester": ("protesters in {c}", "{d} protesters"),
    "Activist": ("activists in {c}", "{d} activists"),
    "Militant": ("militants in {c}", None),
    "Other Authorities / Officials": ("officials in {c}", "{d} officials"),
    "Government Official": ("government officials of {c}", "{d} government officials"),
    "Employee": ("employees in {c}", None),
    "Armed Rebel": ("armed rebels in {c}", None),
    "Treasury/Finance Ministry": ("the finance ministry of {c}", "the {d} finance ministry"),
    "Education Ministry": ("the education ministry of {c}", None),
    "Health Ministry": ("the health ministry of {c}", "the {d} health ministry"),
    "Justice Department/Ministery": ("the justice ministry of {c}", None),
    "Cabinet / Council of Ministers / Advisors": ("the cabinet of {c}", "the {d} cabinet"),
    "Labor Union": ("labour unions in {c}", None),
    "Student": ("students in {c}", "{d} students"),
    "Women": ("women in {c}", None),
    "Children": ("children in {c}", None),
    "Member of Parliament": ("members of parliament in {c}", None),
    "Opposition Activist": ("opposition activists in {c}", None),
}
DEMONYM = {
    "Kenya": "Kenyan", "India": "Indian", "Germany": "German", "China": "Chinese", "Russia": "Russian",
    "Japan": "Japanese", "France": "French", "Nigeria": "Nigerian", "Pakistan": "Pakistani",
    "Afghanistan": "Afghan", "Iraq": "Iraqi", "Iran": "Iranian", "Egypt": "Egyptian", "Turkey": "Turkish",
    "Ukraine": "Ukrainian", "Israel": "Israeli", "Thailand": "Thai", "Australia": "Australian",
    "South Korea": "South Korean", "North Korea": "North Korean", "United Kingdom": "British",
    "Syria": "Syrian", "Mexico": "Mexican", "Brazil": "Brazilian", "South Africa": "South African",
    "Indonesia": "Indonesian", "Malaysia": "Malaysian", "Bangladesh": "Bangladeshi", "Sri Lanka": "Sri Lankan",
    "Canada": "Canadian", "Italy": "Italian", "Spain": "Spanish", "Greece": "Greek", "Philippines": "Philippine",
    "Venezuela": "Venezuelan", "Colombia": "Colombian", "Vietnam": "Vietnamese", "Nepal": "Nepalese",
}  # fmt: skip

ARTICLE = {
    c: f"the {c}"
    for c in (
        "United States",
        "United Kingdom",
        "Philippines",
        "Netherlands",
        "United Arab Emirates",
        "Central African Republic",
        "Czech Republic",
        "Dominican Republic",
        "European Union",
        "United Nations",
    )
}


def poss(text: str) -> str:
    """English possessive: "citizens'" but "China's"."""
    return f"{text}'" if text.endswith("s") else f"{text}'s"


STORES: dict[str, dict[str, Any]] = {
    # mtq holds only a ~20% sample before 2013-11-18: every asked time stays inside 2014-2015.
    "mtq": {"instance": "mtq", "lo": date(2014, 1, 1), "hi": date(2015, 12, 31), "prefix": "b45m"},
    "bench": {"instance": "bench", "lo": date(2014, 1, 1), "hi": date(2014, 12, 31), "prefix": "b45i"},
}
QUOTA = {
    "mtq": {
        "eq_day": 9, "eq_month": 8, "eq_window": 10, "eq_year": 5, "when_day": 6, "when_month": 6,
        "when_year": 4, "first_who": 6, "last_who": 5, "first_time": 7, "ba_date": 6, "ba_event": 5,
        "after_first": 8, "before_last": 6, "same_time": 7, "rel_day": 4, "ellipsis": 4,
    },
    "bench": {
        "eq_day": 6, "eq_month": 6, "eq_window": 7, "when_day": 5, "when_month": 5, "first_who": 4,
        "last_who": 4, "first_time": 5, "ba_date": 4, "ba_event": 4, "after_first": 6, "before_last": 5,
        "same_time": 5, "rel_day": 3, "ellipsis": 3,
    },
}  # fmt: skip


# ------------------------------------------------------------------------------------------------ rendering
def ent(name: str, rng: random.Random) -> str | None:
    """How a person would name a KG entity; None when we have no natural phrasing (the entity is then not asked)."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if not m:
        if "(" in name or "_" in name or name.startswith(("Unidentified", "International")):
            return None
        return ARTICLE.get(name, name)
    sector, country = m.group(1), m.group(2)
    forms = SECTORS.get(sector)
    if forms is None or "(" in country or "," in country or country.startswith(("Unidentified", "International")):
        return None
    country = ARTICLE.get(country, country)
    of_form, dem_form = forms
    if dem_form and country in DEMONYM and rng.random() < 0.5:
        return dem_form.format(d=DEMONYM[country])
    return of_form.format(c=country)


PLURAL_HEADS = re.compile(
    r"(the )?(\w+ )?(citizens|criminals|police|businesses|lawyers|protesters|activists|militants|officials|"
    r"employees|armed rebels|students|women|children|members|labour unions|military personnel|government officials)\b"
)


def be(phrase: str) -> str:
    """Agreement for a passive: "citizens of India were praised", "China was praised"."""
    return "were" if PLURAL_HEADS.match(phrase) else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fmt_day(d: date, rng: random.Random, weekday: bool = False) -> str:
    style = rng.randrange(4)
    if style == 0:
        text = f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    elif style == 1:
        text = f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    elif style == 2:
        text = d.isoformat()
    else:
        text = f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}"
    if weekday:
        wd = WEEKDAYS[d.weekday()]
        text = f"{wd}, {text.removeprefix('the ')}" if style != 2 else f"{wd} {text}"
    return text


def fmt_month(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])


def month_end(y: int, m: int) -> date:
    return (date(y + (m == 12), m % 12 + 1, 1)) - timedelta(days=1)


# ------------------------------------------------------------------------------------------------ the store
def read_all(session: Any) -> list[tuple[str, str, str, str]]:
    rows = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    return sorted({(x["s"], x["r"], x["o"], x["d"].iso_format()) for x in rows})


class KG:
    def __init__(self, facts: list[tuple[str, str, str, str]]) -> None:
        self.facts = facts
        self.ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        self.sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        for s, r, o, d in facts:
            day = date.fromisoformat(d)
            self.ro[(r, o)].append((day, s))
            self.sro[(s, r, o)].append(day)
        for v in self.ro.values():
            v.sort()
        for w in self.sro.values():
            w.sort()

    def subjects(self, r: str, o: str, lo: date, hi: date) -> set[str]:
        return {s for d, s in self.ro[(r, o)] if lo <= d <= hi}

    def days(self, s: str, r: str, o: str, lo: date, hi: date) -> list[date]:
        return [d for d in self.sro[(s, r, o)] if lo <= d <= hi]

    def extreme(self, r: str, o: str, lo: date, hi: date, last: bool) -> set[str]:
        inside = [(d, s) for d, s in self.ro[(r, o)] if lo <= d <= hi]
        if not inside:
            return set()
        best = max(d for d, _ in inside) if last else min(d for d, _ in inside)
        return {s for d, s in inside if d == best}


# ------------------------------------------------------------------------------------------------ second check
def run_check(session: Any, spec: dict[str, Any]) -> list[str]:
    """Recompute a gold with its own Cypher, written differently from the bulk read (other direction, string or
    date comparisons, aggregation inside Cypher)."""
    k = spec["kind"]
    p = dict(spec)
    if k == "subj_range":  # from the object side, ISO strings compared
        q = (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            "MATCH (e)-[:SUBJECT]->(s:Entity) WHERE NOT s.name IN $exclude RETURN DISTINCT s.name AS a"
        )
    elif k == "time_range":  # from the subject side, dates compared, truncated in Cypher
        q = (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity {name: $o}) "
            "WHERE date($lo) <= e.valid_from <= date($hi) "
            "RETURN DISTINCT substring(toString(e.valid_from), 0, $n) AS a"
        )
    elif k == "extreme_subj":  # min/max aggregated in Cypher
        q = (
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "WITH CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS m "
            "MATCH (x:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE x.valid_from = m "
            "MATCH (x)-[:SUBJECT]->(s) RETURN DISTINCT s.name AS a"
        )
    elif k == "extreme_time":
        q = (
            "MATCH (e:Event {relation: $r})-[:SUBJECT]->(:Entity {name: $s}) "
            "WHERE (e)-[:OBJECT]->(:Entity {name: $o}) AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "WITH CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS m "
            "WHERE m IS NOT NULL RETURN substring(toString(m), 0, $n) AS a"
        )
    elif k in ("anchor_next", "anchor_range", "anchor_same", "anchor_shift"):
        anchor = (
            "MATCH (as:Entity {name: $sa})<-[:SUBJECT]-(ae:Event {relation: $ra})-[:OBJECT]->(ao:Entity {name: $oa}) "
            "WITH collect(ae.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
        )
        cand = "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
        if k == "anchor_next":
            q = (
                anchor + cand + "WHERE CASE WHEN $after THEN e.valid_from > ad AND e.valid_from <= date($bound) "
                "ELSE e.valid_from < ad AND e.valid_from >= date($bound) END "
                "WITH e.valid_from AS d, s ORDER BY d "
                + ("DESC " if not p["after"] else "")
                + "WITH collect([d, s.name]) AS rows WITH rows, rows[0][0] AS best "
                "UNWIND rows AS row WITH row, best WHERE row[0] = best "
                "RETURN DISTINCT CASE WHEN $time THEN substring(toString(row[0]), 0, $n) ELSE row[1] END AS a"
            )
            p.setdefault("time", False)
            p.setdefault("n", 10)
            if p["time"]:
                q = q.replace(cand, cand.replace("(s:Entity)", "(s:Entity {name: $s})"))
        elif k == "anchor_range":
            q = (
                anchor + cand + "WHERE CASE WHEN $after THEN ad < e.valid_from <= date($bound) "
                "ELSE date($bound) <= e.valid_from < ad END RETURN DISTINCT s.name AS a"
            )
        elif k == "anchor_same":
            q = (
                anchor + cand + "WHERE left(toString(e.valid_from), $n) = left(toString(ad), $n) "
                "AND NOT s.name IN $exclude RETURN DISTINCT s.name AS a"
            )
        else:
            q = anchor + cand + "WHERE e.valid_from = ad + duration({days: $shift}) RETURN DISTINCT s.name AS a"
    else:
        raise ValueError(k)
    p.setdefault("exclude", [])
    return sorted({r["a"] for r in session.run(q, p)})


# ------------------------------------------------------------------------------------------------ generation
class Gen:
    def __init__(self, kg: KG, store: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng = kg, store, rng
        cfg = STORES[store]
        self.lo: date = cfg["lo"]
        self.hi: date = cfg["hi"]
        rels = sorted(r for r in REL if any(k[0] == r for k in kg.ro))
        self.rels = rels
        self.in_range = [f for f in kg.facts if self.lo.isoformat() <= f[3] <= self.hi.isoformat() and f[1] in REL]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.in_range:
            self.by_rel[f[1]].append(f)
        self.rel_i = 0
        self.rel_order = [r for r in rels if self.by_rel.get(r)]
        rng.shuffle(self.rel_order)

    def fact(self) -> tuple[str, str, str, date]:
        r = self.rel_order[self.rel_i % len(self.rel_order)]
        self.rel_i += 1
        s, r, o, d = self.rng.choice(self.by_rel[r])
        return s, r, o, date.fromisoformat(d)

    def anchor(self, r: str | None = None, o: str | None = None) -> tuple[str, str, str, date] | None:
        """A fact that happened exactly once in the whole store (so "after X did Y" names one day)."""
        pool = self.kg.ro.get((r, o), []) if r and o else []
        for _ in range(30):
            cand: tuple[str, str, str]
            if pool and r and o:
                d, s = self.rng.choice(pool)
                cand = (s, r, o)
            else:
                fs, fr, fo, fd = self.rng.choice(self.in_range)
                cand, d = (fs, fr, fo), date.fromisoformat(fd)
            ok = cand[1] in REL and len(self.kg.sro[cand]) == 1 and self.lo <= d <= self.hi and cand[0] != cand[2]
            if ok and ent(cand[0], self.rng) and ent(cand[2], self.rng):
                return cand[0], cand[1], cand[2], d
        return None

    def noun(self, a: tuple[str, str, str, date]) -> str:
        s, r, o, _ = a
        form = self.rng.choice(REL[r][3])
        subj = ent(s, self.rng) or s
        if "{s}'s" in form:
            form, subj = form.replace("{s}'s", "{s}"), poss(subj)
        return form.format(s=subj, o=ent(o, self.rng))

    def past(self, r: str) -> str:
        return self.rng.choice(REL[r][0])

    def base(self, r: str) -> str:
        return self.rng.choice(REL[r][1])

    def year_scope(self, d: date) -> tuple[date, date]:
        return date(d.year, 1, 1), date(d.year, 12, 31)

    # Each maker returns (question, answers, answer_type, time_level, qtype, construction, check) or None.
    def make(self, kind: str) -> tuple[str, list[str], str, str, str, str, dict[str, Any]] | None:
        rng, kg = self.rng, self.kg
        s, r, o, d = self.fact()
        S, Ob = ent(s, rng), ent(o, rng)
        if not S or not Ob or s == o:
            return None
        P, B = self.past(r), self.base(r)
        pp = REL[r][2]
        if kind == "eq_day":
            ans = kg.subjects(r, o, d, d)
            style = rng.randrange(5)
            day = fmt_day(d, rng, weekday=style == 3)
            if style == 0:
                q, c = f"Who {P} {Ob} on {day}?", "who_day_end"
            elif style == 1:
                q, c = f"On {day}, which actors {P} {Ob}?", "who_day_fronted"
            elif style == 2 and pp:
                q, c = f"By whom {be(Ob)} {Ob} {pp} on {day}?", "passive_day"
            elif style == 3:
                q, c = f"{cap(Ob)} — who {P} them on {day}?", "named_weekday_dislocated"
            else:
                q, c = f"Name everyone who {P} {Ob} on {day}.", "imperative_name_day"
            spec_lo = spec_hi = d
            lvl = "day"
        elif kind == "eq_month":
            lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
            ans = kg.subjects(r, o, lo, hi)
            mon = fmt_month(d.year, d.month, rng)
            style = rng.randrange(4)
            if style == 0:
                q, c = f"During {mon}, who {P} {Ob}?", "who_month_fronted"
            elif style == 1:
                q, c = f"Tell me who {P} {Ob} in {mon}.", "imperative_tell_month"
            elif style == 2 and pp:
                q, c = f"In {mon} {Ob} {be(Ob)} {pp} by which parties?", "passive_month"
            else:
                q, c = f"Which parties {P} {Ob} at some point in {mon}?", "which_parties_month"
            spec_lo, spec_hi, lvl = lo, hi, "month"
        elif kind == "eq_window":
            style = rng.randrange(5)
            if style == 0:
                n = rng.choice([5, 7, 10, 14])
                lo = d - timedelta(days=rng.randrange(n))
                hi = lo + timedelta(days=n - 1)
                w = f"in the {n} days from {fmt_day(lo, rng)} to {fmt_day(hi, rng)} (both days included)"
                c, lvl = "n_day_window", "day"
            elif style == 1:
                lo = d - timedelta(days=d.weekday())
                hi = lo + timedelta(days=6)
                w = f"in the week running from Monday {fmt_day(lo, rng)} to Sunday {fmt_day(hi, rng)}"
                c, lvl = "week_window", "day"
            elif style == 2:
                qn = (d.month - 1) // 3
                lo, hi = date(d.year, 3 * qn + 1, 1), month_end(d.year, 3 * qn + 3)
                names = ["first", "second", "third", "fourth"]
                w = f"in the {names[qn]} quarter of {d.year} ({MONTHS[3 * qn]} through {MONTHS[3 * qn + 2]})"
                c, lvl = "quarter", "month"
            elif style == 3:
                h = (d.month - 1) // 6
                lo, hi = date(d.year, 6 * h + 1, 1), month_end(d.year, 6 * h + 6)
                which = "first" if h == 0 else "second"
                w = f"in the {which} half of {d.year} ({MONTHS[6 * h]} to {MONTHS[6 * h + 5]})"
                c, lvl = "half_year", "month"
            else:
                if d.month in (12, 1, 2):
                    return None
                seasons = {3: "spring", 6: "summer", 9: "autumn"}
                start = (d.month // 3) * 3
                lo, hi = date(d.year, start, 1), month_end(d.year, start + 2)
                w = f"in {seasons[start]} {d.year} ({MONTHS[start - 1]}, {MONTHS[start]} and {MONTHS[start + 1]})"
                c, lvl = "season", "month"
            if lo < self.lo or hi > self.hi:
                return None
            ans = kg.subjects(r, o, lo, hi)
            q = rng.choice([f"Who {P} {Ob} {w}?", f"{cap(w)}, which parties {P} {Ob}?"])
            spec_lo, spec_hi = lo, hi
        elif kind == "eq_year":
            lo, hi = self.year_scope(d)
            ans = kg.subjects(r, o, lo, hi)
            q = rng.choice(
                [
                    f"Over the course of {d.year}, who {P} {Ob}?",
                    f"List the actors that {P} {Ob} in {d.year}.",
                    f"Who were the ones that {P} {Ob} during {d.year}?",
                ]
            )
            c, lvl, spec_lo, spec_hi = "who_year", "year", lo, hi
        elif kind in ("when_day", "when_month", "when_year"):
            lo, hi = (self.lo, self.hi) if self.store == "bench" or kind == "when_year" else self.year_scope(d)
            days = kg.days(s, r, o, lo, hi)
            n = {"when_day": 10, "when_month": 7, "when_year": 4}[kind]
            ans = {x.isoformat()[:n] for x in days}
            scope = "" if (lo, hi) == (self.lo, self.hi) else f" in {d.year}"
            many = len(ans) > 1  # singular wordings only where one answer is right
            if kind == "when_day" and many:
                q, c = rng.choice(
                    [
                        (f"On which dates did {S} {B} {Ob}{scope}?", "which_dates"),
                        (f"List every day{scope} on which {S} {P} {Ob}.", "imperative_list_days"),
                    ]
                )
                lvl = "day"
            elif kind == "when_day":
                q, c = rng.choice(
                    [
                        (f"On which date did {S} {B} {Ob}{scope}?", "which_date"),
                        (f"Give me the exact day{scope} when {S} {P} {Ob}.", "imperative_exact_day"),
                        (f"{cap(scope.strip()) + ', w' if scope else 'W'}hich day saw {S} {B} {Ob}?", "day_as_subject"),
                    ]
                )
                lvl = "day"
            elif kind == "when_month" and many:
                q, c = rng.choice(
                    [
                        (f"In which months{scope} did {S} {B} {Ob}?", "which_months"),
                        (f"Which months{scope} saw {S} {B} {Ob}?", "months_as_subject"),
                    ]
                )
                lvl = "month"
            elif kind == "when_month":
                q, c = rng.choice(
                    [
                        (f"In which month{scope} did {S} {B} {Ob}?", "which_month"),
                        (f"Which month{scope} saw {S} {B} {Ob}?", "month_as_subject"),
                        (f"{S} {P} {Ob}{scope}: in what month was that?", "month_after_colon"),
                    ]
                )
                q, lvl = cap(q), "month"
            else:
                q, c = rng.choice(
                    [
                        (f"Was it in 2014 or in 2015 that {S} {P} {Ob}?", "year_choice"),
                        (f"Which year, 2014 or 2015, saw {S} {B} {Ob}?", "year_as_subject_choice"),
                    ]
                )
                lvl = "year"
            spec = {"kind": "time_range", "s": s, "r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat(), "n": n}
            return self._out(q, ans, "time", lvl, "equal", c, spec)
        elif kind in ("first_who", "last_who"):
            last = kind == "last_who"
            if self.store == "bench" and rng.random() < 0.5:
                lo, hi, scope, lvl = self.lo, self.hi, "", "day"
            elif rng.random() < 0.5:
                lo, hi = self.year_scope(d)
                scope, lvl = f" in {d.year}", "year"
            else:
                lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
                scope, lvl = f" in {MONTHS[d.month - 1]} {d.year}", "month"
            ans = kg.extreme(r, o, lo, hi, last)
            w = "last" if last else "first"
            q, c = rng.choice(
                [
                    (f"Who was the {w} to {B} {Ob}{scope}?", f"{w}_to"),
                    (
                        f"{cap(scope.strip()) + ', w' if scope else 'W'}ho {P} {Ob} "
                        f"{'last of all' if last else 'first'}?",
                        f"{w}_adverb",
                    ),
                    (f"Name the {w} party that {P} {Ob}{scope}.", f"imperative_{w}"),
                ]
            )
            spec = {"kind": "extreme_subj", "r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat(), "last": last}
            return self._out(q, ans, "entity", lvl, "first_last", c, spec)
        elif kind == "first_time":
            last = rng.random() < 0.4
            if self.store == "bench" and rng.random() < 0.4:
                lo, hi, scope = self.lo, self.hi, ""
            else:
                lo, hi = self.year_scope(d)
                scope = f" in {d.year}"
            days = kg.days(s, r, o, lo, hi)
            if not days:
                return None
            best = days[-1] if last else days[0]
            gran = rng.choice(["day", "month"] + (["year"] if self.store == "mtq" and not scope else []))
            n = {"day": 10, "month": 7, "year": 4}[gran]
            ans = {best.isoformat()[:n]}
            w = "last" if last else "first"
            if gran == "day":
                q, c = rng.choice(
                    [
                        (f"When{scope} did {S} {B} {Ob} for the {w} time? Give the date.", "first_time_date"),
                        (f"On what date{scope} did {S} {w} {B} {Ob}?", "first_time_date_plain"),
                    ]
                )
            else:
                q, c = rng.choice(
                    [
                        (f"In which month did {S} {B} {Ob} for the {w} time{scope}?", "first_time_month"),
                        (f"Which month{scope} saw {S} {B} {Ob} for the {w} time?", "first_month_subject"),
                        (f"In what month{scope} did {S} {w} {B} {Ob}?", "first_month_plain"),
                    ]
                )
            spec = {
                "kind": "extreme_time",
                "s": s,
                "r": r,
                "o": o,
                "lo": lo.isoformat(),
                "hi": hi.isoformat(),
                "last": last,
                "n": n,
            }
            return self._out(q, ans, "time", gran, "first_last", c, spec)
        elif kind == "ba_date":
            after = rng.random() < 0.5
            if after:
                lo, hi = d, self.year_scope(d)[1] if self.store == "mtq" else self.hi
                pivot = d - timedelta(days=1)
                if self.store == "mtq":
                    q = rng.choice(
                        [
                            f"After {fmt_day(pivot, rng)} and before the end of {d.year}, who {P} {Ob}?",
                            f"Between {fmt_day(pivot, rng)} (exclusive) and 31 December {d.year}, "
                            f"which parties {P} {Ob}?",
                        ]
                    )
                else:
                    q = rng.choice(
                        [
                            f"Who {P} {Ob} after {fmt_day(pivot, rng)}?",
                            f"After {fmt_day(pivot, rng)}, which parties {P} {Ob}?",
                        ]
                    )
                c = "after_date"
            else:
                lo, hi = self.year_scope(d)[0], d
                pivot = d + timedelta(days=1)
                if self.store == "mtq":
                    q = f"In {d.year}, before {fmt_day(pivot, rng)}, who {P} {Ob}?"
                else:
                    q = rng.choice(
                        [
                            f"Before {fmt_day(pivot, rng)}, who {P} {Ob}?",
                            f"Which parties had {P} {Ob} before {fmt_day(pivot, rng)}?",
                        ]
                    )
                c = "before_date"
            if hi > self.hi or pivot.year != d.year:
                return None
            ans = kg.subjects(r, o, lo, hi)
            spec = {"kind": "subj_range", "r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat()}
            return self._out(q, ans, "entity", "day", "before_after", c, spec)
        elif kind in ("ba_event", "after_first", "before_last", "same_time", "rel_day"):
            a = self.anchor(r, o) if rng.random() < 0.5 else self.anchor()
            if a is None or ((a[0], a[1], a[2]) == (s, r, o) and kind != "same_time"):
                return None
            A = self.noun(a)
            ad = a[3]
            if kind == "ba_event":
                after = rng.random() < 0.5
                y0, y1 = self.year_scope(ad)
                if after:
                    lo, hi, bound = ad + timedelta(days=1), y1, y1
                    q = rng.choice(
                        [
                            f"Later in {ad.year}, after {A}, who {P} {Ob}?",
                            f"Once {A} had taken place, which parties {P} {Ob} in the rest of {ad.year}?",
                        ]
                    )
                else:
                    lo, hi, bound = y0, ad - timedelta(days=1), y0
                    q = rng.choice(
                        [
                            f"Earlier in {ad.year}, before {A}, who {P} {Ob}?",
                            f"Which parties {P} {Ob} in {ad.year} ahead of {A}?",
                        ]
                    )
                ans = kg.subjects(r, o, lo, hi)
                spec = {
                    "kind": "anchor_range",
                    "sa": a[0],
                    "ra": a[1],
                    "oa": a[2],
                    "r": r,
                    "o": o,
                    "after": after,
                    "bound": bound.isoformat(),
                }
                return self._out(
                    q, ans, "entity", "day", "before_after", "after_event" if after else "before_event", spec
                )
            if kind in ("after_first", "before_last"):
                after = kind == "after_first"
                if after:
                    lo, hi, bound = ad + timedelta(days=1), self.hi, self.hi
                else:
                    lo = self.lo if self.store == "bench" else self.year_scope(ad)[0]
                    hi, bound = ad - timedelta(days=1), lo
                time_q = rng.random() < 0.25
                if time_q:
                    days = kg.days(s, r, o, lo, hi)
                    if not days:
                        return None
                    ans = {(days[0] if after else days[-1]).isoformat()}
                    scope = f" (within {ad.year})" if not after and self.store == "mtq" else ""
                    q = (
                        f"After {A}, when did {S} next {B} {Ob}?"
                        if after
                        else f"Before {A}{scope}, on what date did {S} last {B} {Ob}?"
                    )
                    spec = {
                        "kind": "anchor_next",
                        "sa": a[0],
                        "ra": a[1],
                        "oa": a[2],
                        "s": s,
                        "r": r,
                        "o": o,
                        "after": after,
                        "bound": bound.isoformat(),
                        "time": True,
                        "n": 10,
                    }
                    c = "next_time_after_event" if after else "last_time_before_event"
                    return self._out(q, ans, "time", "day", kind, c, spec)
                ans = kg.extreme(r, o, lo, hi, last=not after)
                if after:
                    q, c = rng.choice(
                        [
                            (f"After {A}, who was the next to {B} {Ob}?", "next_to"),
                            (f"Following {A}, who {P} {Ob} first?", "following_first"),
                            (f"Who was the first, after {A}, to {B} {Ob}?", "first_parenthetical_after"),
                        ]
                    )
                else:
                    sc = f" earlier in {ad.year}" if self.store == "mtq" else ""
                    pre = f"In {ad.year}, w" if sc else "W"
                    q, c = rng.choice(
                        [
                            (f"{pre}ho was the last to {B} {Ob} just before {A}?", "last_just_before"),
                            (
                                f"Before {A}{sc and ' (and' + sc + ')'}, who was the most recent to {B} {Ob}?",
                                "most_recent_before",
                            ),
                        ]
                    )
                spec = {
                    "kind": "anchor_next",
                    "sa": a[0],
                    "ra": a[1],
                    "oa": a[2],
                    "r": r,
                    "o": o,
                    "after": after,
                    "bound": bound.isoformat(),
                }
                return self._out(q, ans, "entity", "day", kind, c, spec)
            if kind == "same_time":
                month = rng.random() < 0.5
                lo, hi = (date(ad.year, ad.month, 1), month_end(ad.year, ad.month)) if month else (ad, ad)
                exclude = a[0] if (a[1], a[2]) == (r, o) else None
                ans = kg.subjects(r, o, lo, hi) - {exclude}
                unit = "month" if month else "day"
                prep = "in" if month else "on"
                if exclude:
                    q = f"Besides {ent(a[0], rng)}, who else {P} {Ob} {prep} the same {unit} as {A}?"
                    c = f"who_else_same_{unit}"
                else:
                    q, c = rng.choice(
                        [
                            (f"Who {P} {Ob} {prep} the same {unit} as {A}?", f"same_{unit}"),
                            (f"{cap(prep)} the {unit} of {A}, which parties {P} {Ob}?", f"the_{unit}_of"),
                        ]
                    )
                spec = {
                    "kind": "anchor_same",
                    "sa": a[0],
                    "ra": a[1],
                    "oa": a[2],
                    "r": r,
                    "o": o,
                    "n": 7 if month else 10,
                    "exclude": [exclude] if exclude else [],
                }
                return self._out(q, ans, "entity", unit, "equal_multi", c, spec)
            shift = rng.choice([1, -1])
            t = ad + timedelta(days=shift)
            if not self.lo <= t <= self.hi:
                return None
            ans = kg.subjects(r, o, t, t)
            rel = "the day after" if shift == 1 else "the day before"
            q = rng.choice([f"Who {P} {Ob} {rel} {A}?", f"On {rel} {A}, who {P} {Ob}?"])
            spec = {"kind": "anchor_shift", "sa": a[0], "ra": a[1], "oa": a[2], "r": r, "o": o, "shift": shift}
            return self._out(q, ans, "entity", "day", "equal", "relative_day", spec)
        elif kind == "ellipsis":
            lo = d - timedelta(days=d.weekday())
            hi = lo + timedelta(days=6)
            if lo < self.lo or hi > self.hi:
                return None
            ans = kg.subjects(r, o, lo, hi) - {s}
            q = (
                f"{cap(S)} {P} {Ob} on {fmt_day(d, rng)}. Who else did so that same week "
                f"(Monday {fmt_day(lo, rng)} to Sunday {fmt_day(hi, rng)})?"
            )
            spec = {"kind": "subj_range", "r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat(), "exclude": [s]}
            return self._out(q, ans, "entity", "day", "equal", "ellipsis_who_else_week", spec)
        else:
            raise ValueError(kind)
        spec = {"kind": "subj_range", "r": r, "o": o, "lo": spec_lo.isoformat(), "hi": spec_hi.isoformat()}
        return self._out(q, ans, "entity", lvl, "equal", c, spec)

    def _out(self, q: str, ans: set[str], atype: str, lvl: str, qtype: str, c: str, spec: dict[str, Any]) -> Any:
        if not 1 <= len(ans) <= 5:
            return None
        return re.sub(r"\s+", " ", q).strip(), sorted(ans), atype, lvl, qtype, c, spec


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    cfg = STORES[args.store]
    settings = load_settings()
    if settings.server.instance != cfg["instance"] and os.environ.get("NEO4J_URI") is None:
        raise SystemExit(f"--store {args.store} needs TKGRAG_INSTANCE={cfg['instance']} (and its ports)")
    uri, auth = resolve_connection(settings, start_managed=False)
    rng = random.Random(args.seed)
    with (
        neo4j.GraphDatabase.driver(uri, auth=auth) as driver,
        driver.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as session,
    ):
        kg = KG(read_all(session))
        gen = Gen(kg, args.store, rng)
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        stats: Counter[str] = Counter()
        for kind, want in QUOTA[args.store].items():
            got, tries = 0, 0
            while got < want and tries < 400:
                tries += 1
                made = gen.make(kind)
                if made is None:
                    continue
                q, ans, atype, lvl, qtype, c, spec = made
                if q in seen:
                    continue
                check = run_check(session, spec)
                agrees = check == ans
                stats["agree" if agrees else "disagree"] += 1
                if not agrees:
                    continue  # dropped: the two computations differ
                seen.add(q)
                got += 1
                quid = f"{cfg['prefix']}{len(out) + 1:03d}"
                out.append({
                    "quid": quid, "id": quid, "question": q, "answers": ans, "answer_type": atype,
                    "time_level": lvl, "qtype": qtype, "qlabel": "Single" if len(ans) == 1 else "Multiple",
                    "evidence": [], "construction": c, "store": args.store, "check": spec, "check_agrees": agrees,
                })  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(x, ensure_ascii=False, sort_keys=True) + "\n" for x in out))
    rels = {x["check"]["r"] for x in out}
    print(f"{args.store}: {len(out)} questions, {len(rels)} relations, second check {dict(stats)}")
    print(" ", Counter(x["qtype"] for x in out), Counter(x["answer_type"] for x in out))


if __name__ == "__main__":
    main()
