"""Blind held-out question set 67 for the symbolic reader: a careful researcher's phrasings, gold read from the store.

Why: the reader's scores on the project's own sets are measured on phrasings it was tuned on. This set was written
blind (without reading the question parser, the readers or any earlier blind set) in one style: a careful researcher
who writes compound questions with explicit scopes, parentheticals, exclusions ("other than X"), relative clauses,
"the day after" / "in the same month as" another event, lists asked for explicitly, the asked time as the subject of
the clause ("Which month saw ..."), first/last asked through the answer's granularity, the relation paraphrased in
plain English and sector actors said naturally ("the police in X", "citizens of X", "X's foreign ministry").

How: every (subject, relation, object, day) of the store is read once; templates draw candidates with
``random.Random(f"{SEED}-{store}")`` and compute each gold in Python over those facts. Every question then gets a
second, differently written Cypher query (the anchor resolved inside Cypher, windows by date arithmetic, first/last by
``min``/``max``) whose answer set is compared with the gold (``check_agrees``); questions that disagree are dropped.
Anchor events occur exactly once in the whole store; gold lists hold 1-5 answers.

Run (the store's env selects the instance; heavy: reads the whole KG)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
      flock <cpu lock> python benchmarks/make_blind_phrasings_67.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
      flock <cpu lock> python benchmarks/make_blind_phrasings_67.py --store bench --out blind_icews14.jsonl

``mtq`` (ICEWS05-15) is complete only from 2013-11-18 on, so its questions ask about 2014-2015 only; ``bench``
(ICEWS14) is all of 2014. The output is deterministic: two runs give byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import connect

SEED = 20261267

# (period start, period end, id prefix, questions wanted) per store. The period is what the questions may ask about.
STORES: dict[str, tuple[str, str, str, int]] = {
    "mtq": ("2014-01-01", "2015-12-31", "b67m", 100),
    "bench": ("2014-01-01", "2014-12-31", "b67b", 70),
}

# Relation -> (base form, past form, -ing form); "{o}" is the other participant. Each wording is meant to map to this
# relation and not to its CAMEO neighbours (e.g. telephone vs consult vs negotiate; general vs specific accusations).
RELATIONS: dict[str, tuple[str, str, str]] = {
    "Make_statement": ("make a statement about {o}", "made a statement about {o}", "making a statement about {o}"),
    "Consult": ("consult {o}", "consulted {o}", "consulting {o}"),
    "Make_an_appeal_or_request": (
        "make an appeal or request to {o}",
        "made an appeal or request to {o}",
        "making an appeal or request to {o}",
    ),
    "Express_intent_to_meet_or_negotiate": (
        "express willingness to meet or negotiate with {o}",
        "expressed willingness to meet or negotiate with {o}",
        "expressing willingness to meet or negotiate with {o}",
    ),
    "Make_a_visit": ("pay a visit to {o}", "paid a visit to {o}", "paying a visit to {o}"),
    "Host_a_visit": ("host {o} on a visit", "hosted {o} on a visit", "hosting {o} on a visit"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrest, detain or charge {o}",
        "arrested, detained or charged {o}",
        "arresting, detaining or charging {o}",
    ),
    "Praise_or_endorse": ("praise or endorse {o}", "praised or endorsed {o}", "praising or endorsing {o}"),
    "Criticize_or_denounce": (
        "criticise or denounce {o}",
        "criticised or denounced {o}",
        "criticising or denouncing {o}",
    ),
    "Accuse": ("level an accusation at {o}", "levelled an accusation at {o}", "levelling an accusation at {o}"),
    "Use_unconventional_violence": (
        "use unconventional violence against {o}",
        "used unconventional violence against {o}",
        "using unconventional violence against {o}",
    ),
    "Use_conventional_military_force": (
        "use conventional military force against {o}",
        "used conventional military force against {o}",
        "using conventional military force against {o}",
    ),
    "Engage_in_negotiation": (
        "hold negotiations with {o}",
        "held negotiations with {o}",
        "holding negotiations with {o}",
    ),
    "Express_intent_to_cooperate": (
        "express an intention to cooperate with {o}",
        "expressed an intention to cooperate with {o}",
        "expressing an intention to cooperate with {o}",
    ),
    "Demand": ("make a demand of {o}", "made a demand of {o}", "making a demand of {o}"),
    "Engage_in_diplomatic_cooperation": (
        "engage in diplomatic cooperation with {o}",
        "engaged in diplomatic cooperation with {o}",
        "engaging in diplomatic cooperation with {o}",
    ),
    "Sign_formal_agreement": (
        "sign a formal agreement with {o}",
        "signed a formal agreement with {o}",
        "signing a formal agreement with {o}",
    ),
    "Investigate": ("investigate {o}", "investigated {o}", "investigating {o}"),
    "Discuss_by_telephone": (
        "speak by telephone with {o}",
        "spoke by telephone with {o}",
        "speaking by telephone with {o}",
    ),
    "fight_with_small_arms_and_light_weapons": (
        "fight {o} with small arms and light weapons",
        "fought {o} with small arms and light weapons",
        "fighting {o} with small arms and light weapons",
    ),
    "Make_optimistic_comment": (
        "comment optimistically on {o}",
        "commented optimistically on {o}",
        "commenting optimistically on {o}",
    ),
    "Make_pessimistic_comment": (
        "comment pessimistically on {o}",
        "commented pessimistically on {o}",
        "commenting pessimistically on {o}",
    ),
    "Threaten": ("threaten {o}", "threatened {o}", "threatening {o}"),
    "Meet_at_a_'third'_location": (
        "meet {o} at a third-party venue",
        "met {o} at a third-party venue",
        "meeting {o} at a third-party venue",
    ),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "appeal to {o} for diplomatic cooperation",
        "appealed to {o} for diplomatic cooperation",
        "appealing to {o} for diplomatic cooperation",
    ),
    "Provide_humanitarian_aid": (
        "provide humanitarian aid to {o}",
        "provided humanitarian aid to {o}",
        "providing humanitarian aid to {o}",
    ),
    "Make_empathetic_comment": (
        "express sympathy for {o}",
        "expressed sympathy for {o}",
        "expressing sympathy for {o}",
    ),
    "Use_tactics_of_violent_repression": (
        "violently repress {o}",
        "violently repressed {o}",
        "violently repressing {o}",
    ),
    "Occupy_territory": ("occupy territory of {o}", "occupied territory of {o}", "occupying territory of {o}"),
    "Physically_assault": ("physically assault {o}", "physically assaulted {o}", "physically assaulting {o}"),
    "Impose_administrative_sanctions": (
        "impose administrative sanctions on {o}",
        "imposed administrative sanctions on {o}",
        "imposing administrative sanctions on {o}",
    ),
    "Ease_administrative_sanctions": (
        "ease administrative sanctions on {o}",
        "eased administrative sanctions on {o}",
        "easing administrative sanctions on {o}",
    ),
    "Bring_lawsuit_against": (
        "file a lawsuit against {o}",
        "filed a lawsuit against {o}",
        "filing a lawsuit against {o}",
    ),
    "Confiscate_property": (
        "confiscate property from {o}",
        "confiscated property from {o}",
        "confiscating property from {o}",
    ),
    "Expel_or_deport_individuals": ("expel or deport {o}", "expelled or deported {o}", "expelling or deporting {o}"),
    "Reduce_or_break_diplomatic_relations": (
        "downgrade or break off diplomatic relations with {o}",
        "downgraded or broke off diplomatic relations with {o}",
        "downgrading or breaking off diplomatic relations with {o}",
    ),
    "Cooperate_economically": (
        "cooperate economically with {o}",
        "cooperated economically with {o}",
        "cooperating economically with {o}",
    ),
    "Cooperate_militarily": (
        "cooperate militarily with {o}",
        "cooperated militarily with {o}",
        "cooperating militarily with {o}",
    ),
    "Complain_officially": (
        "lodge an official complaint against {o}",
        "lodged an official complaint against {o}",
        "lodging an official complaint against {o}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "impose an embargo, boycott or sanctions on {o}",
        "imposed an embargo, boycott or sanctions on {o}",
        "imposing an embargo, boycott or sanctions on {o}",
    ),
    "Express_intent_to_provide_military_aid": (
        "pledge military aid to {o}",
        "pledged military aid to {o}",
        "pledging military aid to {o}",
    ),
    "Provide_military_aid": (
        "provide military aid to {o}",
        "provided military aid to {o}",
        "providing military aid to {o}",
    ),
    "Provide_economic_aid": (
        "provide economic aid to {o}",
        "provided economic aid to {o}",
        "providing economic aid to {o}",
    ),
    "Threaten_with_military_force": (
        "threaten {o} with military force",
        "threatened {o} with military force",
        "threatening {o} with military force",
    ),
    "Employ_aerial_weapons": (
        "use aerial weapons against {o}",
        "used aerial weapons against {o}",
        "using aerial weapons against {o}",
    ),
    "Express_accord": ("express agreement with {o}", "expressed agreement with {o}", "expressing agreement with {o}"),
    "Demand_change_in_leadership": (
        "demand a change of leadership in {o}",
        "demanded a change of leadership in {o}",
        "demanding a change of leadership in {o}",
    ),
    "Grant_diplomatic_recognition": (
        "grant diplomatic recognition to {o}",
        "granted diplomatic recognition to {o}",
        "granting diplomatic recognition to {o}",
    ),
    "Give_ultimatum": ("give {o} an ultimatum", "gave {o} an ultimatum", "giving {o} an ultimatum"),
    "Share_intelligence_or_information": (
        "share intelligence or information with {o}",
        "shared intelligence or information with {o}",
        "sharing intelligence or information with {o}",
    ),
    "Accuse_of_human_rights_abuses": (
        "accuse {o} of human rights abuses",
        "accused {o} of human rights abuses",
        "accusing {o} of human rights abuses",
    ),
    "Accuse_of_crime,_corruption": (
        "accuse {o} of crime or corruption",
        "accused {o} of crime or corruption",
        "accusing {o} of crime or corruption",
    ),
}

# Sector actors said naturally: "Police (Kenya)" -> "the police in Kenya". Other parenthesised names are never asked
# about (they may still be answers).
SECTORS: dict[str, str] = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Government": "the government of {c}",
    "Head of Government": "{p} head of government",
    "Foreign Affairs": "{p} foreign ministry",
    "Military": "the armed forces of {c}",
    "Protester": "protesters in {c}",
    "Cabinet / Council of Ministers / Advisors": "{p} cabinet",
    "Defense / Security Ministry": "{p} defence ministry",
    "Militant": "militants in {c}",
    "Legislature": "{p} legislature",
    "Armed Rebel": "armed rebels in {c}",
    "Student": "students in {c}",
    "Treasury/Finance Ministry": "{p} finance ministry",
    "Election Commission": "{p} election commission",
    "Labor Union": "labour unions in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
}

# Place names a careful writer puts an article before.
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "United Arab Emirates",
    "Occupied Palestinian Territory",
    "Gambia",
    "Bahamas",
    "Maldives",
    "Holy See",
    "European Union",
    "United Nations",
    "Russian Federation",
    "Dominican Republic",
    "Ivory Coast",
    "Middle East",
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


# Organisation names a writer puts "the" before ("the UN Security Council", "the African Union").
ORG_TAIL = {
    "Council",
    "Union",
    "Agency",
    "Party",
    "Army",
    "Organization",
    "Organisation",
    "Commission",
    "Bank",
    "Fund",
    "Forces",
    "Court",
    "Ministry",
    "Office",
    "Department",
    "Committee",
    "Parliament",
    "Congress",
    "Assembly",
    "Programme",
    "Program",
    "Association",
    "Federation",
    "League",
    "Movement",
    "Front",
    "Police",
    "Navy",
    "Guard",
    "Institute",
    "Society",
    "Societies",
    "Conference",
    "Group",
    "Secretariat",
    "Senate",
    "Cabinet",
    "Alliance",
    "Authority",
    "Service",
    "Services",
    "Intelligence",
    "Brotherhood",
    "Coalition",
    "Corps",
    "Board",
    "Tribunal",
}

# Countries that sector names may be said with: X such that "Government (X)" is an entity (set per run).
COUNTRIES: set[str] = set()
NOT_COUNTRIES = {"Middle East", "Africa", "Europe", "Asia", "International", "Americas", "Caribbean", "Oceania"}


def place(c: str) -> str:
    """A place or organisation name with the article a writer would use ("the United States", "the UN")."""
    if c in THE or c.split()[-1] in ORG_TAIL or c.startswith(("United Nations", "UN ")):
        return f"the {c}"
    return c


def possessive(c: str) -> str:
    p = place(c)
    return p + "'" if p.endswith("s") else p + "'s"


def mention(name: str) -> str | None:
    """How a question names the entity, or None when its name is not one a reader could say naturally."""
    if "(" not in name:
        if any(ch in name for ch in "/_[]"):
            return None
        return place(name)
    head, _, rest = name.partition(" (")
    country = rest.rstrip(")")
    pattern = SECTORS.get(head)
    if pattern is None or "(" in country or country not in COUNTRIES or country in NOT_COUNTRIES:
        return None
    return pattern.format(c=place(country), p=possessive(country))


def fmt_day(d: str, style: int) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:10])
    if style == 0:
        return f"{dd} {MONTHS[m - 1]} {y}"
    if style == 1:
        return f"{MONTHS[m - 1]} {dd}, {y}"
    return d


def fmt_month(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def month_end(m: str) -> str:
    """The last day of month ``YYYY-MM`` as ISO text."""
    y, mm = int(m[:4]), int(m[5:7])
    nxt = date(y + mm // 12, mm % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


def cap(s: str) -> str:
    """Sentence case, with the spaces a removed "{o}" leaves collapsed."""
    s = " ".join(s.split()).replace(" ?", "?").replace(" ,", ",")
    return s[:1].upper() + s[1:]


# ---- the store's facts -------------------------------------------------------------------------------------------

READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.recorded_to IS NULL
RETURN s.name AS s, n.relation AS r, o.name AS o, toString(n.valid_from) AS d
"""


@dataclass
class KG:
    """All facts (deduplicated), indexed by (subject, relation) and (relation, object) as sorted (day, other) lists."""

    facts: list[tuple[str, str, str, str]]
    lo: str
    hi: str
    sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    sro: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in self.facts:
            sr[(s, r)].append((d, o))
            ro[(r, o)].append((d, s))
            sro[(s, r, o)].append(d)
        self.sr = {k: sorted(v) for k, v in sr.items()}
        self.ro = {k: sorted(v) for k, v in ro.items()}
        self.sro = {k: sorted(v) for k, v in sro.items()}


def read_kg(store: Any, lo: str, hi: str) -> KG:
    rows = store.run(READ_ALL)
    facts = sorted({(r["s"], r["r"], r["o"], r["d"]) for r in rows if r["r"] in RELATIONS and r["s"] != r["o"]})
    names = {f[0] for f in facts} | {f[2] for f in facts}
    COUNTRIES.clear()
    COUNTRIES.update(n[len("Government (") : -1] for n in names if n.startswith("Government (") and n.endswith(")"))
    return KG(facts, lo, hi)


# ---- a question's meaning, computed two ways ---------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """What a question asks. ``side``: "O" = answers are objects of (s, r), "S" = subjects of (r, o), "T" = days of
    (s, r, o). The window is [lo, hi] (ISO days, inclusive), or relative to the unique anchor event (as, ar, ao):
    ``rel`` in after / before / same_day / day_after / same_month / same_year / week_after. ``pick``: all/first/last.
    ``level``: the answer's granularity for times (day/month/year)."""

    side: str
    r: str
    s: str = ""
    o: str = ""
    lo: str = ""
    hi: str = ""
    anchor: tuple[str, str, str] | None = None
    rel: str = ""
    pick: str = "all"
    level: str = "day"
    exclude: tuple[str, ...] = ()


def anchor_window(kg: KG, spec: Spec) -> tuple[str, str]:
    assert spec.anchor is not None
    t = kg.sro[spec.anchor][0]
    day = date.fromisoformat(t)
    far_lo, far_hi = "0000-01-01", "9999-12-31"
    if spec.rel == "after":
        return (day + timedelta(days=1)).isoformat(), spec.hi or far_hi
    if spec.rel == "before":
        return spec.lo or far_lo, (day - timedelta(days=1)).isoformat()
    if spec.rel == "same_day":
        return t, t
    if spec.rel == "day_after":
        nxt = (day + timedelta(days=1)).isoformat()
        return nxt, nxt
    if spec.rel == "week_after":
        return (day + timedelta(days=1)).isoformat(), (day + timedelta(days=7)).isoformat()
    if spec.rel == "same_month":
        return t[:7] + "-01", month_end(t[:7])
    if spec.rel == "same_year":
        return t[:4] + "-01-01", t[:4] + "-12-31"
    raise ValueError(spec.rel)


def gold(kg: KG, spec: Spec) -> list[str]:
    """The answer set, computed in Python over the facts read once."""
    lo, hi = anchor_window(kg, spec) if spec.anchor else (spec.lo, spec.hi)
    if spec.side == "O":
        rows = kg.sr.get((spec.s, spec.r), [])
    elif spec.side == "S":
        rows = kg.ro.get((spec.r, spec.o), [])
    else:
        rows = [(d, d) for d in kg.sro.get((spec.s, spec.r, spec.o), [])]
    rows = rows[bisect_left(rows, (lo, "")) : bisect_right(rows, (hi, "\uffff"))]
    rows = [(d, x) for d, x in rows if x not in spec.exclude]
    if not rows:
        return []
    if spec.pick == "first":
        rows = [x for x in rows if x[0] == rows[0][0]]
    elif spec.pick == "last":
        rows = [x for x in rows if x[0] == rows[-1][0]]
    cut = {"day": 10, "month": 7, "year": 4}[spec.level]
    out = {x[:cut] for _, x in rows} if spec.side == "T" else {x for _, x in rows}
    return sorted(out)


def check_query(spec: Spec) -> tuple[str, dict[str, Any], str]:
    """A second, differently written Cypher query for the same answer set, and a one-line description of it."""
    params: dict[str, Any] = {"r": spec.r, "s": spec.s, "o": spec.o, "ex": list(spec.exclude)}
    parts: list[str] = []
    how: list[str] = []
    if spec.anchor:
        params.update(a_s=spec.anchor[0], a_r=spec.anchor[1], a_o=spec.anchor[2])
        parts.append(
            "MATCH (:Entity {name: $a_s})<-[:SUBJECT]-(a:Event {relation: $a_r})-[:OBJECT]->(:Entity {name: $a_o})"
            " WITH collect(a.valid_from) AS ats WHERE size(ats) = 1 WITH ats[0] AS t"
        )
        bounds = {
            "after": ("t + duration({days: 1})", "date($hi)" if spec.hi else "date('9999-12-31')"),
            "before": ("date($lo)" if spec.lo else "date('0001-01-01')", "t - duration({days: 1})"),
            "same_day": ("t", "t"),
            "day_after": ("t + duration({days: 1})", "t + duration({days: 1})"),
            "week_after": ("t + duration({days: 1})", "t + duration({days: 7})"),
            "same_month": ("date.truncate('month', t)", "date.truncate('month', t) + duration({months: 1, days: -1})"),
            "same_year": ("date.truncate('year', t)", "date.truncate('year', t) + duration({years: 1, days: -1})"),
        }[spec.rel]
        parts.append(f"WITH {bounds[0]} AS lo, {bounds[1]} AS hi")
        how.append(f"anchor resolved in Cypher (exactly one event), window '{spec.rel}' by date arithmetic")
    else:
        parts.append("WITH date($lo) AS lo, date($hi) AS hi")
        how.append("window by date() bounds")
    params.update(lo=spec.lo or "0001-01-01", hi=spec.hi or "9999-12-31")
    if spec.side == "O":
        parts.append(
            "MATCH (x:Entity)<-[:OBJECT]-(n:Event)-[:SUBJECT]->(:Entity {name: $s}) WHERE n.relation = $r"
            " AND n.valid_from >= lo AND n.valid_from <= hi AND NOT x.name IN $ex AND x.name <> $s"
        )
    elif spec.side == "S":
        parts.append(
            "MATCH (x:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE n.relation = $r"
            " AND n.valid_from >= lo AND n.valid_from <= hi AND NOT x.name IN $ex AND x.name <> $o"
        )
    else:
        parts.append(
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(n:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE n.relation = $r"
            " AND n.valid_from >= lo AND n.valid_from <= hi WITH n, n AS x"
        )
    if spec.pick in ("first", "last"):
        agg = "min" if spec.pick == "first" else "max"
        cmp = "<" if spec.pick == "first" else ">"
        parts.append(
            "WITH collect({d: n.valid_from, x: x}) AS rows"
            f" WITH rows, reduce(b = null, r IN rows | CASE WHEN b IS NULL OR r.d {cmp} b THEN r.d ELSE b END) AS best"
        )
        parts.append("UNWIND [r IN rows WHERE r.d = best] AS hit WITH hit.d AS d, hit.x AS x")
        how.append(f"the {agg} date by reduce() over the collected rows, then the rows on that date")
    else:
        parts.append("WITH n.valid_from AS d, x")
    if spec.side == "T":
        width = {"day": 10, "month": 7, "year": 4}[spec.level]
        parts.append(f"RETURN DISTINCT left(toString(d), {width}) AS a")
        how.append(f"answers as the first {width} characters of the date")
    else:
        parts.append("RETURN DISTINCT x.name AS a")
        how.append("answers as entity names")
    return "\n".join(parts), params, "; ".join(how)


def check(store: Any, spec: Spec) -> tuple[list[str], str]:
    query, params, how = check_query(spec)
    return sorted({str(r["a"]) for r in store.run(query, params)}), how


# ---- templates ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    question: str
    spec: Spec
    answer_type: str
    time_level: str
    qtype: str
    construction: str


class Maker:
    """Draws candidates for every template from the facts, with one seeded RNG per store."""

    def __init__(self, kg: KG, store_name: str) -> None:
        self.kg = kg
        self.store_name = store_name
        self.rng = random.Random(f"{SEED}-{store_name}")
        lo, hi = kg.lo, kg.hi
        self.period = [f for f in kg.facts if lo <= f[3] <= hi]
        self.used: set[tuple[str, str, str]] = set()
        self.relation_use: Counter[str] = Counter()
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.period:
            self.by_rel[f[1]].append(f)
        self.years = sorted({f[3][:4] for f in self.period})

    # -- helpers

    def relation(self) -> str:
        """A relation, preferring the least used so far (ties broken by the RNG)."""
        rels = sorted(self.by_rel)
        self.rng.shuffle(rels)
        return min(rels, key=lambda r: self.relation_use[r])

    def fact(self, r: str | None = None) -> tuple[str, str, str, str]:
        pool = self.by_rel[r] if r else self.period
        return pool[self.rng.randrange(len(pool))]

    def unique_anchor(self, tries: int = 60) -> tuple[tuple[str, str, str], str] | None:
        """An event (s, r, o) that happens exactly once in the whole store, inside the period, both ends sayable."""
        for _ in range(tries):
            s, r, o, d = self.fact(self.relation() if self.rng.random() < 0.5 else None)
            if mention(s) and mention(o) and len(self.kg.sro[(s, r, o)]) == 1:
                return (s, r, o), d
        return None

    def clause(self, fact: tuple[str, str, str], form: int = 1) -> str:
        s, r, o = fact
        text = RELATIONS[r][form].format(o=mention(o))
        return f"{mention(s)} {text}"

    def scope(self, year: str | None = None) -> tuple[str, str, str]:
        """A stated scope: (phrase, lo, hi): one year, or (mtq) the two complete years together."""
        if year:
            return f"in {year}", f"{year}-01-01", f"{year}-12-31"
        if len(self.years) == 1:
            y = self.years[0]
            return f"in {y}", f"{y}-01-01", f"{y}-12-31"
        return "between January 2014 and December 2015", "2014-01-01", "2015-12-31"

    def day(self, d: str) -> str:
        return fmt_day(d, self.rng.randrange(3))

    # -- equal

    def equal_objects_month(self) -> Draft | None:
        s, r, _o, d = self.fact(self.relation())
        if not mention(s):
            return None
        m = d[:7]
        spec = Spec("O", r, s=s, lo=m + "-01", hi=month_end(m))
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        base = RELATIONS[r][0].format(o="")
        past = RELATIONS[r][1].format(o="")
        v = self.rng.randrange(3)
        if v == 0:
            q = f"In {fmt_month(m)}, whom did {mention(s)} {base.strip()}? Please list every one."
        elif v == 1:
            q = f"List all the actors that {mention(s)} {past.strip()} during {fmt_month(m)}."
        else:
            q = f"Which parties did {mention(s)} {base.strip()} during {fmt_month(m)} (name all of them, if several)?"
        q = q.replace("  ", " ")
        return Draft(cap(q), spec, "entity", "month", "equal", f"equal objects in a month: v{v}")

    def equal_subjects_day(self) -> Draft | None:
        _s, r, o, d = self.fact(self.relation())
        if not mention(o):
            return None
        spec = Spec("S", r, o=o, lo=d, hi=d)
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        v = self.rng.randrange(3)
        verb = RELATIONS[r][1].format(o=mention(o))
        if v == 0:
            q = f"Who {verb} on {self.day(d)}? If more than one actor did, give them all."
        elif v == 1:
            q = f"On {self.day(d)}, which actors {verb}?"
        else:
            q = f"Name everyone who {verb}, counting only that single day, {self.day(d)}."
        return Draft(cap(q), spec, "entity", "day", "equal", f"equal subjects on a day: v{v}")

    def equal_exclusion_month(self) -> Draft | None:
        s, r, o, d = self.fact(self.relation())
        if not mention(s) or not mention(o):
            return None
        m = d[:7]
        spec = Spec("O", r, s=s, lo=m + "-01", hi=month_end(m), exclude=(o,))
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        base = RELATIONS[r][0].format(o="").strip()
        v = self.rng.randrange(2)
        if v == 0:
            q = f"Other than {mention(o)}, whom did {mention(s)} {base} in {fmt_month(m)}?"
        else:
            q = (
                f"{cap(self.clause((s, r, o)))} in {fmt_month(m)}. Which other actors (excluding {mention(o)})"
                f" did {mention(s)} {base} that same month?"
            )
        return Draft(cap(q), spec, "entity", "month", "equal", f"equal with exclusion in a month: v{v}")

    def equal_year(self) -> Draft | None:
        _s, r, o, d = self.fact(self.relation())
        if not mention(o):
            return None
        y = d[:4]
        spec = Spec("S", r, o=o, lo=f"{y}-01-01", hi=f"{y}-12-31")
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        verb = RELATIONS[r][1].format(o=mention(o))
        v = self.rng.randrange(2)
        if v == 0:
            q = f"Over the whole of {y}, who {verb}? I need the complete list."
        else:
            q = f"Which actors {verb} at any point in {y}?"
        return Draft(cap(q), spec, "entity", "year", "equal", f"equal subjects in a year: v{v}")

    def equal_times(self) -> Draft | None:
        s, r, o, d = self.fact(self.relation())
        if not mention(s) or not mention(o):
            return None
        phrase, lo, hi = self.scope(d[:4] if self.rng.random() < 0.5 else None)
        level = self.rng.choice(["day", "day", "month"])
        spec = Spec("T", r, s=s, o=o, lo=lo, hi=hi, level=level)
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        ing = RELATIONS[r][2].format(o=mention(o))
        base = RELATIONS[r][0].format(o=mention(o))
        if level == "month":
            if len(ans) == 1:
                q = f"Which month {phrase} saw {mention(s)} {ing}?"
            else:
                q = f"In which months ({phrase}) did {mention(s)} {base}? List each month."
        elif len(ans) == 1:
            q = f"On what date {phrase} did {mention(s)} {base}?"
        else:
            q = f"On which days {phrase} did {mention(s)} {base}? List all the dates."
        return Draft(cap(q), spec, "time", level, "equal", f"equal times of a pair ({level}, {len(ans) > 1})")

    def equal_year_time(self) -> Draft | None:
        if len(self.years) < 2:
            return None
        s, r, o, _d = self.fact(self.relation())
        if not mention(s) or not mention(o):
            return None
        spec = Spec("T", r, s=s, o=o, lo="2014-01-01", hi="2015-12-31", level="year")
        ans = gold(self.kg, spec)
        if len(ans) != 1:
            return None
        q = f"Was it in 2014 or in 2015 that {self.clause((s, r, o))}? (Exactly one of the two years is right.)"
        return Draft(cap(q), spec, "time", "year", "equal", "equal year of a pair: which of two years")

    # -- first / last

    def first_last_entity(self) -> Draft | None:
        s, r, o, d = self.fact(self.relation())
        pick = self.rng.choice(["first", "last"])
        side = self.rng.choice(["O", "S"])
        fixed = s if side == "O" else o
        if not mention(fixed):
            return None
        phrase, lo, hi = self.scope(d[:4] if self.rng.random() < 0.6 else None)
        spec = Spec(side, r, s=s if side == "O" else "", o=o if side == "S" else "", lo=lo, hi=hi, pick=pick)
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        adv = "first" if pick == "first" else "last"
        if side == "O":
            base = RELATIONS[r][0].format(o="").strip()
            v = self.rng.randrange(2)
            if v == 0:
                q = f"Counting only events {phrase}, whom did {mention(s)} {base} {adv}?"
            else:
                past = RELATIONS[r][1].format(o="").strip()
                q = f"{phrase.capitalize()}, who was the {adv} that {mention(s)} {past}?"
        else:
            base = RELATIONS[r][0].format(o=mention(o))
            v = self.rng.randrange(2) + 2
            if v == 2:
                q = f"Who was the {adv} to {base} {phrase}?"
            else:
                past = RELATIONS[r][1].format(o=mention(o))
                which = "earliest" if pick == "first" else "most recent"
                q = f"Of all the actors that {past} {phrase}, which did so {which}? (Ties: name them all.)"
        return Draft(cap(q), spec, "entity", "day", "first_last", f"first/last entity: {pick} side {side} v{v}")

    def first_last_time(self) -> Draft | None:
        s, r, o, d = self.fact(self.relation())
        if not mention(s) or not mention(o):
            return None
        pick = self.rng.choice(["first", "last"])
        levels = ["day", "month"] + (["year"] if len(self.years) > 1 else [])
        level = self.rng.choice(levels)
        if level == "year":
            phrase, lo, hi = self.scope(None)
        else:
            phrase, lo, hi = self.scope(d[:4] if self.rng.random() < 0.5 else None)
        spec = Spec("T", r, s=s, o=o, lo=lo, hi=hi, pick=pick, level=level)
        ans = gold(self.kg, spec)
        if len(ans) != 1 or len(self.kg.sro[(s, r, o)]) < 2:
            return None
        base = RELATIONS[r][0].format(o=mention(o))
        ing = RELATIONS[r][2].format(o=mention(o))
        adv = "first" if pick == "first" else "last"
        if level == "day":
            v = self.rng.randrange(2)
            if v == 0:
                q = f"Looking only {phrase}, when did {mention(s)} {adv} {base}?"
            else:
                q = f"What was the {adv} date {phrase} on which {mention(s)} {RELATIONS[r][1].format(o=mention(o))}?"
        elif level == "month":
            v = self.rng.randrange(2) + 2
            if v == 2:
                q = f"In which month did {mention(s)} {adv} {base} ({phrase})?"
            else:
                word = "earliest" if pick == "first" else "latest"
                q = f"Which was the {word} month {phrase} to see {mention(s)} {ing}?"
        else:
            v = 4
            q = f"Taking 2014 and 2015 together, in which year did {mention(s)} {adv} {base}?"
        return Draft(cap(q), spec, "time", level, "first_last", f"first/last time: {pick} {level} v{v}")

    # -- before / after

    def before_after_date(self) -> Draft | None:
        s, r, _o, d = self.fact(self.relation())
        if not mention(s):
            return None
        y = d[:4]
        cut = self.fact(r)[3]
        if cut[:4] != y:
            return None
        before = self.rng.random() < 0.5
        c = date.fromisoformat(cut)
        if before:
            spec = Spec("O", r, s=s, lo=f"{y}-01-01", hi=(c - timedelta(days=1)).isoformat())
        else:
            spec = Spec("O", r, s=s, lo=(c + timedelta(days=1)).isoformat(), hi=f"{y}-12-31")
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        base = RELATIONS[r][0].format(o="").strip()
        when = self.day(cut)
        if before:
            q = (
                f"Between the start of {y} and {when} (not counting that day), whom did {mention(s)} {base}?"
                " List them all."
            )
        else:
            q = f"After {when} and up to the end of {y}, which actors did {mention(s)} {base}? Give the full list."
        return Draft(
            cap(q), spec, "entity", "day", "before_after", f"before/after a date: {'before' if before else 'after'}"
        )

    def before_after_event(self) -> Draft | None:
        got = self.unique_anchor()
        if not got:
            return None
        anchor, t = got
        r = self.relation()
        after = self.rng.random() < 0.5
        who = anchor[0] if self.rng.random() < 0.5 else anchor[2]
        side = "O"
        hi = self.kg.hi
        if after:
            spec = Spec(side, r, s=who, anchor=anchor, rel="after", hi=hi)
        else:
            spec = Spec(side, r, s=who, anchor=anchor, rel="before", lo=t[:4] + "-01-01")
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5 or not mention(who):
            return None
        base = RELATIONS[r][0].format(o="").strip()
        if after:
            q = (
                f"After {self.clause(anchor)} (on {self.day(t)}), whom did {mention(who)} go on to {base}"
                f" before the end of {hi[:4]}?"
            )
        else:
            q = f"In {t[:4]}, up to the day before {self.clause(anchor)}, whom did {mention(who)} {base}?"
        return Draft(
            cap(q), spec, "entity", "day", "before_after", f"before/after an event: {'after' if after else 'before'}"
        )

    def week_after(self) -> Draft | None:
        got = self.unique_anchor()
        if not got:
            return None
        anchor, _t = got
        o = anchor[2] if self.rng.random() < 0.5 else anchor[0]
        r = self.relation()
        spec = Spec("S", r, o=o, anchor=anchor, rel="week_after")
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        past = RELATIONS[r][1].format(o=mention(o))
        q = f"In the seven days following the day {self.clause(anchor)}, who {past}?"
        return Draft(cap(q), spec, "entity", "day", "before_after", "before/after an event: the seven days after")

    # -- after first / before last

    def after_first(self) -> Draft | None:
        got = self.unique_anchor()
        if not got:
            return None
        anchor, _t = got
        r = self.relation()
        v = self.rng.randrange(3)
        if v == 0:
            who = anchor[0] if self.rng.random() < 0.5 else anchor[2]
            spec = Spec("O", r, s=who, anchor=anchor, rel="after", hi=self.kg.hi)
            base = RELATIONS[r][0].format(o="").strip()
            q = f"Once {self.clause(anchor)}, whom did {mention(who)} {base} first?"
            at, level = "entity", "day"
        elif v == 1:
            o = anchor[2] if self.rng.random() < 0.5 else anchor[0]
            spec = Spec("S", r, o=o, anchor=anchor, rel="after", hi=self.kg.hi)
            q = f"Following the day {self.clause(anchor)}, who was the first to {RELATIONS[r][0].format(o=mention(o))}?"
            at, level = "entity", "day"
        else:
            pairs = self.kg.sr.get((anchor[0], r), [])
            if not pairs:
                return None
            o = pairs[self.rng.randrange(len(pairs))][1]
            if not mention(o):
                return None
            level = self.rng.choice(["day", "month"])
            spec = Spec("T", r, s=anchor[0], o=o, anchor=anchor, rel="after", hi=self.kg.hi, level=level)
            unit = "date" if level == "day" else "month"
            q = (
                f"{mention(anchor[0])} {RELATIONS[anchor[1]][1].format(o=mention(anchor[2]))}."
                f" On what {unit} after that did {mention(anchor[0])} first {RELATIONS[r][0].format(o=mention(o))}?"
            )
            at = "time"
        spec = Spec(**{**spec.__dict__, "pick": "first"})
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        return Draft(cap(q), spec, at, level, "after_first", f"first after an event: v{v}")

    def before_last(self) -> Draft | None:
        got = self.unique_anchor()
        if not got:
            return None
        anchor, _t = got
        r = self.relation()
        v = self.rng.randrange(3)
        if v == 0:
            who = anchor[0] if self.rng.random() < 0.5 else anchor[2]
            spec = Spec("O", r, s=who, anchor=anchor, rel="before")
            past = RELATIONS[r][1].format(o="").strip()
            q = f"Before {self.clause(anchor)}, who was the last that {mention(who)} {past}?"
            at, level = "entity", "day"
        elif v == 1:
            o = anchor[0] if self.rng.random() < 0.5 else anchor[2]
            spec = Spec("S", r, o=o, anchor=anchor, rel="before")
            q = f"Who most recently {RELATIONS[r][1].format(o=mention(o))} before the day {self.clause(anchor)}?"
            at, level = "entity", "day"
        else:
            pairs = self.kg.sr.get((anchor[0], r), [])
            if not pairs:
                return None
            o = pairs[self.rng.randrange(len(pairs))][1]
            if not mention(o):
                return None
            level = self.rng.choice(["day", "month"])
            spec = Spec("T", r, s=anchor[0], o=o, anchor=anchor, rel="before", level=level)
            unit = "When" if level == "day" else "In which month"
            q = (
                f"{unit}, before {self.clause(anchor)}, had {mention(anchor[0])} last"
                f" {RELATIONS[r][0].format(o=mention(o))}?"
            )
            at = "time"
        spec = Spec(**{**spec.__dict__, "pick": "last"})
        lo_ok = "2014-01-01"
        rows_ok = self._last_day(spec)
        if rows_ok is None or rows_ok < lo_ok:
            return None
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        return Draft(cap(q), spec, at, level, "before_last", f"last before an event: v{v}")

    def _last_day(self, spec: Spec) -> str | None:
        """The day the 'last before' answer falls on (it must lie inside the period the store is complete for)."""
        lo, hi = anchor_window(self.kg, spec)
        if spec.side == "O":
            rows = self.kg.sr.get((spec.s, spec.r), [])
        elif spec.side == "S":
            rows = self.kg.ro.get((spec.r, spec.o), [])
        else:
            rows = [(d, d) for d in self.kg.sro.get((spec.s, spec.r, spec.o), [])]
        days = [d for d, _ in rows if lo <= d <= hi]
        return days[-1] if days else None

    # -- equal_multi

    def equal_multi(self) -> Draft | None:
        got = self.unique_anchor()
        if not got:
            return None
        anchor, _t = got
        v = self.rng.randrange(5)
        r = self.relation() if v != 1 else anchor[1]
        if v == 0:
            who = anchor[0]
            spec = Spec("O", r, s=who, anchor=anchor, rel="same_month")
            q = (
                f"In the same month as {self.clause(anchor)}, whom did {mention(who)}"
                f" {RELATIONS[r][0].format(o='').strip()}?"
            )
            level = "month"
        elif v == 1:
            o = anchor[2]
            spec = Spec("S", r, o=o, anchor=anchor, rel="same_day", exclude=(anchor[0],))
            q = (
                f"On the day {self.clause(anchor)}, who else (apart from {mention(anchor[0])})"
                f" {RELATIONS[r][1].format(o=mention(o))}?"
            )
            level = "day"
        elif v == 2:
            o = anchor[2] if self.rng.random() < 0.5 else anchor[0]
            spec = Spec("S", r, o=o, anchor=anchor, rel="day_after")
            q = f"On the day after {self.clause(anchor)}, which actors {RELATIONS[r][1].format(o=mention(o))}?"
            level = "day"
        elif v == 3:
            who = anchor[2]
            spec = Spec("O", r, s=who, anchor=anchor, rel="same_day")
            q = (
                f"{cap(self.clause(anchor))}. That same day, whom did {mention(who)}"
                f" {RELATIONS[r][0].format(o='').strip()}?"
            )
            level = "day"
        else:
            if len(self.years) < 2:
                return None
            who = anchor[0] if self.rng.random() < 0.5 else anchor[2]
            spec = Spec("O", r, s=who, anchor=anchor, rel="same_year")
            q = (
                f"Which actors did {mention(who)} {RELATIONS[r][0].format(o='').strip()} during the same"
                f" calendar year in which {self.clause(anchor)}?"
            )
            level = "year"
        ans = gold(self.kg, spec)
        if not 1 <= len(ans) <= 5:
            return None
        return Draft(cap(q), spec, "entity", level, "equal_multi", f"same time as an event: v{v} ({spec.rel})")


# Template schedule: (method name, weight). The weights aim at the qtype mix a MultiTQ-like set has.
TEMPLATES: list[tuple[str, int]] = [
    ("equal_objects_month", 3),
    ("equal_subjects_day", 3),
    ("equal_exclusion_month", 2),
    ("equal_year", 1),
    ("equal_times", 3),
    ("equal_year_time", 1),
    ("first_last_entity", 4),
    ("first_last_time", 4),
    ("before_after_date", 3),
    ("before_after_event", 3),
    ("week_after", 1),
    ("after_first", 5),
    ("before_last", 5),
    ("equal_multi", 6),
]


def make(store: Any, store_name: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    lo, hi, prefix, wanted = STORES[store_name]
    kg = read_kg(store, lo, hi)
    maker = Maker(kg, store_name)
    schedule = [name for name, w in TEMPLATES for _ in range(w)]
    records: list[dict[str, Any]] = []
    seen_q: set[str] = set()
    stats = {"drafted": 0, "disagree": 0}
    attempts = 0
    while len(records) < wanted and attempts < 200_000:
        attempts += 1
        name = maker.rng.choice(schedule)
        builder: Callable[[], Draft | None] = getattr(maker, name)
        draft = builder()
        if draft is None or draft.question in seen_q:
            continue
        key = (draft.spec.s, draft.spec.r, draft.spec.o)
        if key in maker.used:
            continue
        ans = gold(kg, draft.spec)
        if not 1 <= len(ans) <= 5:
            continue
        stats["drafted"] += 1
        got, how = check(store, draft.spec)
        agrees = got == ans
        if not agrees:
            stats["disagree"] += 1
            continue
        maker.used.add(key)
        maker.relation_use[draft.spec.r] += 1
        seen_q.add(draft.question)
        qid = f"{prefix}{len(records) + 1:03d}"
        records.append(
            {
                "id": qid,
                "quid": qid,
                "store": store_name,
                "question": draft.question,
                "answers": ans,
                "answer_type": draft.answer_type,
                "time_level": draft.time_level,
                "qtype": draft.qtype,
                "qlabel": "Single" if len(ans) == 1 else "Multiple",
                "construction": f"{name}: {draft.construction}",
                "check": how,
                "check_agrees": agrees,
                "evidence": [],
            }
        )
    return records, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = make(store, args.store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(
        f"{args.store}: {len(records)} questions; drafted {stats['drafted']}, check disagreed {stats['disagree']}"
        f" (dropped)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
