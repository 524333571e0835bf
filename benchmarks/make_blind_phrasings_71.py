"""Blind held-out question set 71: terse, structured "data scientist" phrasings over a running ICEWS store.

Why: the symbolic reader's score on questions whose wording nobody tuned on is the honest figure for new phrasings.
This set is written blind (its author read no reader, understanding or question code, nor any earlier question set)
in one style: short queries with bracketed or parenthetical constraints and separators ("who did X threaten [2014,
after Y's visit to Z]?", "X -> criticised -> ? (first time, 2015)", "when: X hosted Y; granularity month"), mixed
with analyst English ("Which month saw ...", "in the same month as ...", sector entities said naturally: "the police
in X", "citizens of X", "the foreign ministry of X").

How: the generator reads every (subject, relation, object, day) of the store once, computes each gold in Python over
the period the wording scopes, then recomputes it with a second Cypher query written per question (the anchor's day
found by Cypher itself, the window and the first/last selection done in Cypher) and records ``check_agrees``; a
question whose two golds disagree is dropped. Anchor events occur exactly once in the whole store. Only questions
with 1-5 gold answers are kept. Deterministic: ``SEED`` and ``random.Random(f"{SEED}-{store}")``; every read is
sorted before it is sampled.

Stores: ``mtq`` (ICEWS05-15; complete from 2013-11-18, so every question is scoped inside 2014-2015) and ``bench``
(ICEWS14, all of 2014). Run (the store's env selects it; read-only)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_71.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_71.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261271

# store -> (first day asked about, last day asked about, target number of questions)
STORES: dict[str, tuple[date, date, int]] = {
    "mtq": (date(2014, 1, 1), date(2015, 12, 31), 100),
    "bench": (date(2014, 1, 1), date(2014, 12, 31), 70),
}

MONTHS = (
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
)


@dataclass(frozen=True)
class Rel:
    """A relation said in English: the base form ("Who did X <base>?") and the past form ("Who <past> X?")."""

    base: str
    past: str


# Each phrase is chosen so that a reader maps it to this relation and not to a neighbour.
RELS: dict[str, Rel] = {
    "Make_statement": Rel("make a public statement about", "made a public statement about"),
    "Consult": Rel("consult", "consulted"),
    "Make_an_appeal_or_request": Rel("appeal to", "appealed to"),
    "Express_intent_to_meet_or_negotiate": Rel(
        "express willingness to meet or negotiate with", "expressed willingness to meet or negotiate with"
    ),
    "Make_a_visit": Rel("visit", "visited"),
    "Host_a_visit": Rel("host a visit from", "hosted a visit from"),
    "Arrest,_detain,_or_charge_with_legal_action": Rel("arrest, detain or charge", "arrested, detained or charged"),
    "Praise_or_endorse": Rel("praise or endorse", "praised or endorsed"),
    "Criticize_or_denounce": Rel("criticise or denounce", "criticised or denounced"),
    "Accuse": Rel("accuse", "accused"),
    "Use_unconventional_violence": Rel("use unconventional violence against", "used unconventional violence against"),
    "Use_conventional_military_force": Rel(
        "use conventional military force against", "used conventional military force against"
    ),
    "Engage_in_negotiation": Rel("hold negotiations with", "held negotiations with"),
    "Express_intent_to_cooperate": Rel("express an intent to cooperate with", "expressed an intent to cooperate with"),
    "Demand": Rel("make a demand of", "made a demand of"),
    "Engage_in_diplomatic_cooperation": Rel("cooperate diplomatically with", "cooperated diplomatically with"),
    "Sign_formal_agreement": Rel("sign a formal agreement with", "signed a formal agreement with"),
    "Investigate": Rel("investigate", "investigated"),
    "Discuss_by_telephone": Rel("speak by telephone with", "spoke by telephone with"),
    "fight_with_small_arms_and_light_weapons": Rel(
        "fight with small arms and light weapons against", "fought with small arms and light weapons against"
    ),
    "Make_optimistic_comment": Rel("comment optimistically about", "commented optimistically about"),
    "Make_pessimistic_comment": Rel("comment pessimistically about", "commented pessimistically about"),
    "Threaten": Rel("threaten", "threatened"),
    "Abduct,_hijack,_or_take_hostage": Rel("abduct or take hostage", "abducted or took hostage"),
    "Meet_at_a_'third'_location": Rel("meet at a third location with", "met at a third location with"),
    "Provide_humanitarian_aid": Rel("provide humanitarian aid to", "provided humanitarian aid to"),
    "Make_empathetic_comment": Rel("express sympathy for", "expressed sympathy for"),
    "Use_tactics_of_violent_repression": Rel("violently repress", "violently repressed"),
    "Occupy_territory": Rel("occupy territory of", "occupied territory of"),
    "Physically_assault": Rel("physically assault", "physically assaulted"),
    "Impose_administrative_sanctions": Rel("impose administrative sanctions on", "imposed administrative sanctions on"),
    "Ease_administrative_sanctions": Rel("ease administrative sanctions on", "eased administrative sanctions on"),
    "Bring_lawsuit_against": Rel("bring a lawsuit against", "brought a lawsuit against"),
    "Confiscate_property": Rel("confiscate property of", "confiscated property of"),
    "Cooperate_economically": Rel("cooperate economically with", "cooperated economically with"),
    "Cooperate_militarily": Rel("cooperate militarily with", "cooperated militarily with"),
    "Impose_embargo,_boycott,_or_sanctions": Rel(
        "impose an embargo, boycott or sanctions on", "imposed an embargo, boycott or sanctions on"
    ),
    "Provide_military_aid": Rel("give military aid to", "gave military aid to"),
    "Provide_economic_aid": Rel("give economic aid to", "gave economic aid to"),
    "Employ_aerial_weapons": Rel("use aerial weapons against", "used aerial weapons against"),
    "Grant_diplomatic_recognition": Rel("grant diplomatic recognition to", "granted diplomatic recognition to"),
    "Apologize": Rel("apologise to", "apologised to"),
    "Threaten_with_military_force": Rel("make military threats against", "made military threats against"),
}

# Anchor events said as a noun phrase where English has one ("X's visit to Y"); others as a clause.
ANCHOR_NOUNS: dict[str, str] = {
    "Make_a_visit": "{s}'s visit to {o}",
    "Host_a_visit": "{s}'s hosting of {o}",
    "Sign_formal_agreement": "the formal agreement {s} signed with {o}",
    "Discuss_by_telephone": "{s}'s phone call with {o}",
}

# Sector entities "Sector (Country)" said naturally; sectors not listed here are never mentioned in a question.
SECTORS: dict[str, str] = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Government": "the government of {c}",
    "Head of Government": "the head of government of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Military": "the military of {c}",
    "Protester": "protesters in {c}",
    "Court Judge": "judges in {c}",
    "Criminal": "criminals in {c}",
    "Militant": "militants in {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Member of Parliament": "members of parliament in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Legislature": "the legislature of {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Media": "the media in {c}",
}

# Countries a sector entity may be said of ("the police in X"); other bracketed parts (groups, regions) are not said.
COUNTRIES: frozenset[str] = frozenset(
    {
        "Afghanistan",
        "Albania",
        "Algeria",
        "Angola",
        "Argentina",
        "Armenia",
        "Australia",
        "Austria",
        "Azerbaijan",
        "Bahrain",
        "Bangladesh",
        "Belarus",
        "Belgium",
        "Benin",
        "Bolivia",
        "Bosnia and Herzegovina",
        "Botswana",
        "Brazil",
        "Bulgaria",
        "Burkina Faso",
        "Burundi",
        "Cambodia",
        "Cameroon",
        "Canada",
        "Central African Republic",
        "Chad",
        "Chile",
        "China",
        "Colombia",
        "Congo",
        "Costa Rica",
        "Croatia",
        "Cuba",
        "Cyprus",
        "Czech Republic",
        "Democratic Republic of Congo",
        "Denmark",
        "Djibouti",
        "Dominican Republic",
        "Ecuador",
        "Egypt",
        "El Salvador",
        "Eritrea",
        "Estonia",
        "Ethiopia",
        "Fiji",
        "Finland",
        "France",
        "Gabon",
        "Gambia",
        "Georgia",
        "Germany",
        "Ghana",
        "Greece",
        "Guatemala",
        "Guinea",
        "Guyana",
        "Haiti",
        "Honduras",
        "Hong Kong",
        "Hungary",
        "India",
        "Indonesia",
        "Iran",
        "Iraq",
        "Ireland",
        "Israel",
        "Italy",
        "Jamaica",
        "Japan",
        "Jordan",
        "Kazakhstan",
        "Kenya",
        "Kosovo",
        "Kuwait",
        "Kyrgyzstan",
        "Laos",
        "Latvia",
        "Lebanon",
        "Lesotho",
        "Liberia",
        "Libya",
        "Lithuania",
        "Luxembourg",
        "Macedonia",
        "Madagascar",
        "Malawi",
        "Malaysia",
        "Maldives",
        "Mali",
        "Mauritania",
        "Mauritius",
        "Mexico",
        "Moldova",
        "Mongolia",
        "Morocco",
        "Mozambique",
        "Myanmar",
        "Namibia",
        "Nauru",
        "Nepal",
        "Netherlands",
        "New Zealand",
        "Nicaragua",
        "Niger",
        "Nigeria",
        "North Korea",
        "Norway",
        "Oman",
        "Pakistan",
        "Panama",
        "Papua New Guinea",
        "Paraguay",
        "Peru",
        "Philippines",
        "Poland",
        "Portugal",
        "Qatar",
        "Romania",
        "Russia",
        "Rwanda",
        "Saudi Arabia",
        "Senegal",
        "Serbia",
        "Sierra Leone",
        "Singapore",
        "Slovakia",
        "Slovenia",
        "Somalia",
        "South Africa",
        "South Korea",
        "South Sudan",
        "Spain",
        "Sri Lanka",
        "Sudan",
        "Swaziland",
        "Sweden",
        "Switzerland",
        "Syria",
        "Taiwan",
        "Tajikistan",
        "Tanzania",
        "Thailand",
        "Timor-Leste",
        "Togo",
        "Tonga",
        "Trinidad and Tobago",
        "Tunisia",
        "Turkey",
        "Turkmenistan",
        "Uganda",
        "Ukraine",
        "United Arab Emirates",
        "United Kingdom",
        "United States",
        "Uruguay",
        "Uzbekistan",
        "Vanuatu",
        "Venezuela",
        "Vietnam",
        "Yemen",
        "Zambia",
        "Zimbabwe",
    }
)

THE_PREFIXES = (
    "United ",
    "Central African",
    "Czech Republic",
    "Dominican Republic",
    "Occupied ",
    "Philippines",
    "Netherlands",
    "Russian Federation",
    "Holy See",
    "Democratic Republic",
    "Republic of",
    "European Union",
    "Gambia",
    "Bahamas",
    "Maldives",
    "Ivory Coast",
    "Gaza Strip",
    "West Bank",
    "Vatican",
)

Fact = tuple[str, str, str, date]


# A plain name ending in one of these words is an organisation that English gives "the" ("the African Union").
ORG_WORDS = frozenset(
    [
        "Agency",
        "Army",
        "Assembly",
        "Bank",
        "Commission",
        "Committee",
        "Congress",
        "Council",
        "Court",
        "Forces",
        "Force",
        "Front",
        "Movement",
        "Nations",
        "Network",
        "Office",
        "Organization",
        "Organisation",
        "Parliament",
        "Party",
        "Union",
    ]
)


def the(name: str) -> str:
    """A name with the article English gives it ("the United States", "the African Union")."""
    if name.startswith(THE_PREFIXES) or name.split()[-1] in ORG_WORDS:
        return f"the {name}"
    return name


def mention(name: str) -> str | None:
    """How the question says an entity, or None when it is a sector this set does not say."""
    if "(" not in name:
        return the(name) if ")" not in name else None
    if not name.endswith(")") or name.count("(") != 1:
        return None
    sector, country = name[:-1].split(" (")
    pattern = SECTORS.get(sector)
    return pattern.format(c=the(country)) if pattern and country in COUNTRIES else None


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


# ---------------------------------------------------------------------------------------------- reading the store
READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.recorded_to IS NULL
RETURN s.key AS s, s.name AS sn, n.relation AS r, o.key AS o, o.name AS on, toString(n.valid_from) AS d
"""


@dataclass
class KG:
    """Every fact of the store, indexed for the gold computations."""

    lo: date
    hi: date
    names: dict[str, str] = field(default_factory=dict)
    triple_days: dict[tuple[str, str, str], list[date]] = field(default_factory=dict)  # whole store
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)  # in scope
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=dict)  # in scope

    @classmethod
    def read(cls, store: Any, lo: date, hi: date) -> KG:
        kg = cls(lo, hi)
        facts: list[Fact] = []
        for row in store.run(READ_ALL):
            kg.names[row["s"]] = row["sn"]
            kg.names[row["o"]] = row["on"]
            facts.append((row["s"], row["r"], row["o"], date.fromisoformat(row["d"])))
        facts.sort(key=lambda f: (f[3], f[0], f[1], f[2]))
        td: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        sr: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        for s, r, o, d in facts:
            td[(s, r, o)].append(d)
            if lo <= d <= hi:
                sr[(s, r)].append((d, o))
                ro[(r, o)].append((d, s))
        kg.triple_days, kg.by_sr, kg.by_ro = dict(td), dict(sr), dict(ro)
        print(f"read {len(facts)} facts, {len(kg.names)} entities", file=sys.stderr)
        return kg


# ---------------------------------------------------------------------------------------------- gold specs
@dataclass(frozen=True)
class Anchor:
    s: str
    r: str
    o: str
    d: date


@dataclass(frozen=True)
class Spec:
    """What a gold is: the facts of relation ``r`` with the fixed ``s`` and/or ``o``, in a window (fixed days, or
    after / before / in the same period as a unique anchor), all of them or only the first/last day's; the answer
    is the free entity or (both fixed) the day truncated to ``level``."""

    r: str
    s: str | None
    o: str | None
    window: str  # "range" | "after" | "before" | "same"
    lo: date
    hi: date
    select: str  # "all" | "min" | "max"
    level: str  # day | month | year: the answer's level for time answers, the window's for "same"
    anchor: Anchor | None = None


def period(d: date, level: str) -> str:
    return d.isoformat() if level == "day" else d.isoformat()[:7] if level == "month" else str(d.year)


def period_bounds(d: date, level: str) -> tuple[date, date]:
    if level == "day":
        return d, d
    if level == "year":
        return date(d.year, 1, 1), date(d.year, 12, 31)
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return date(d.year, d.month, 1), nxt - timedelta(days=1)


def window_of(spec: Spec) -> tuple[date, date]:
    a = spec.anchor
    if spec.window == "after":
        assert a is not None
        return a.d + timedelta(days=1), spec.hi
    if spec.window == "before":
        assert a is not None
        return spec.lo, a.d - timedelta(days=1)
    if spec.window == "same":
        assert a is not None
        return period_bounds(a.d, spec.level)
    return spec.lo, spec.hi


def gold(kg: KG, spec: Spec, answer_type: str) -> list[str]:
    """The gold answers computed in Python over the facts read once."""
    lo, hi = window_of(spec)
    if spec.s is not None:
        rows = [(d, o) for d, o in kg.by_sr.get((spec.s, spec.r), []) if spec.o is None or o == spec.o]
    else:
        assert spec.o is not None
        rows = kg.by_ro.get((spec.r, spec.o), [])
    rows = [(d, x) for d, x in rows if lo <= d <= hi]
    if not rows:
        return []
    if spec.select == "min":
        best = min(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == best]
    elif spec.select == "max":
        best = max(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == best]
    if answer_type == "time":
        return sorted({period(d, spec.level) for d, _ in rows})
    return sorted({kg.names[x] for _, x in rows})


def check_query(spec: Spec, answer_type: str) -> tuple[str, dict[str, Any], str]:
    """The second computation: one Cypher query that finds the anchor's day itself (and that it is unique), builds
    the window and picks the first/last day in Cypher. Returns (query, params, a one-line description)."""
    params: dict[str, Any] = {"r": spec.r, "lo": spec.lo.isoformat(), "hi": spec.hi.isoformat()}
    parts: list[str] = []
    how: list[str] = []
    if spec.anchor is not None:
        a = spec.anchor
        params.update({"anc_s": a.s, "ar": a.r, "ao": a.o})
        parts.append(
            "MATCH (:Entity {key: $anc_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {key: $ao})\n"
            "WHERE a.relation = $ar AND a.recorded_to IS NULL\n"
            "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1\nWITH ads[0] AS ad"
        )
        how.append("anchor day by Cypher (unique)")
        if spec.window == "after":
            parts.append("WITH ad + duration({days: 1}) AS wlo, date($hi) AS whi")
        elif spec.window == "before":
            parts.append("WITH date($lo) AS wlo, ad - duration({days: 1}) AS whi")
        else:
            unit = {"day": "day", "month": "month", "year": "year"}[spec.level]
            step = {"day": "{days: 1}", "month": "{months: 1}", "year": "{years: 1}"}[spec.level]
            parts.append(
                f"WITH date.truncate('{unit}', ad) AS wlo, "
                f"date.truncate('{unit}', ad) + duration({step}) - duration({{days: 1}}) AS whi"
            )
    else:
        parts.append("WITH date($lo) AS wlo, date($hi) AS whi")
    x = "(x:Entity {key: $s})" if spec.s is not None else "(x:Entity)"
    y = "(y:Entity {key: $o})" if spec.o is not None else "(y:Entity)"
    params["s"], params["o"] = spec.s, spec.o
    parts.append(
        f"MATCH {x}<-[:SUBJECT]-(e:Event)-[:OBJECT]->{y}\n"
        "WHERE e.relation = $r AND e.recorded_to IS NULL AND wlo <= e.valid_from AND e.valid_from <= whi"
    )
    how.append(f"window {spec.window}")
    if answer_type == "time":
        cut = {"day": 10, "month": 7, "year": 4}[spec.level]
        out = f"substring(toString(row.d), 0, {cut})"
    else:
        out = "row.yn" if spec.s is not None else "row.xn"
    parts.append("WITH collect({d: e.valid_from, xn: x.name, yn: y.name}) AS rows WHERE size(rows) > 0")
    if spec.select == "all":
        parts.append(f"UNWIND rows AS row RETURN DISTINCT {out} AS answer")
    else:
        op = "<" if spec.select == "min" else ">"
        parts.append(
            f"WITH rows, reduce(m = rows[0].d, q IN rows | CASE WHEN q.d {op} m THEN q.d ELSE m END) AS best\n"
            f"UNWIND [q IN rows WHERE q.d = best] AS row RETURN DISTINCT {out} AS answer"
        )
        how.append(f"{spec.select} day by reduce()")
    how.append("time truncated by substring" if answer_type == "time" else "distinct names")
    return "\n".join(parts), params, "cypher: " + ", ".join(how)


# ---------------------------------------------------------------------------------------------- phrasing helpers
def t_words(d: date, level: str, rng: random.Random) -> str:
    """A period said in words: 'on 12 March 2014', 'in March 2014', 'in 2014'."""
    if level == "day":
        return rng.choice([f"on {d.day} {MONTHS[d.month - 1]} {d.year}", f"on {MONTHS[d.month - 1]} {d.day}, {d.year}"])
    if level == "month":
        return f"in {MONTHS[d.month - 1]} {d.year}"
    return f"in {d.year}"


def t_terse(d: date, level: str) -> str:
    return period(d, level)


def clause(kg: KG, a: Anchor) -> str:
    """An anchor event as a phrase that follows 'after'/'before'/'as'."""
    s, o = mention(kg.names[a.s]), mention(kg.names[a.o])
    assert s is not None and o is not None
    return f"{s} {RELS[a.r].past} {o}"


def anchor_np(kg: KG, a: Anchor) -> str:
    """An anchor event for 'after X' / 'before X': a noun phrase where there is one, else a clause."""
    s, o = mention(kg.names[a.s]), mention(kg.names[a.o])
    assert s is not None and o is not None
    if a.r in ANCHOR_NOUNS and "(" not in kg.names[a.s] and not kg.names[a.s].endswith("s"):
        return ANCHOR_NOUNS[a.r].format(s=s, o=o)
    return f"{s} {RELS[a.r].past} {o}"


@dataclass
class Draft:
    qtype: str
    construction: str
    question: str
    spec: Spec
    answer_type: str
    time_level: str


class Builder:
    """Instantiates constructions over one store's facts."""

    def __init__(self, store: str, kg: KG, rng: random.Random) -> None:
        self.store, self.kg, self.rng = store, kg, rng
        self.lo, self.hi = kg.lo, kg.hi
        self.rel_use: Counter[str] = Counter()
        self.ok = {k for k, n in kg.names.items() if mention(n) is not None}
        # relation -> sorted (s, r) keys / (r, o) keys with a mentionable fixed entity
        self.sr_keys: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.ro_keys: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for s, r in sorted(kg.by_sr):
            if r in RELS and s in self.ok:
                self.sr_keys[r].append((s, r))
        for r, o in sorted(kg.by_ro):
            if r in RELS and o in self.ok:
                self.ro_keys[r].append((r, o))
        self.anchors: list[Anchor] = []
        self.anchors_of: dict[str, list[Anchor]] = defaultdict(list)
        for (s, r, o), days in sorted(kg.triple_days.items()):
            unique = len(days) == 1 and self.lo <= days[0] <= self.hi
            if unique and r in RELS and s in self.ok and o in self.ok and s != o:
                a = Anchor(s, r, o, days[0])
                self.anchors.append(a)
                self.anchors_of[s].append(a)
                self.anchors_of[o].append(a)
        self.rels = sorted(r for r in RELS if self.sr_keys.get(r))

    # -- choices
    def pick_rel(self) -> str:
        least = min(self.rel_use[r] for r in self.rels)
        return self.rng.choice([r for r in self.rels if self.rel_use[r] == least])

    def m(self, key: str) -> str:
        text = mention(self.kg.names[key])
        assert text is not None
        return text

    def year_scope(self, d: date) -> tuple[date, date]:
        return date(d.year, 1, 1), date(d.year, 12, 31)

    def pick_anchor(self, near: str, not_rel: str, not_s: str) -> Anchor | None:
        pool = [a for a in self.anchors_of.get(near, []) if not (a.r == not_rel and a.s == not_s)]
        if not pool or self.rng.random() < 0.3:
            pool = self.anchors
        return self.rng.choice(pool) if pool else None

    def scope_text(self, lo: date, hi: date) -> str:
        """The period a question is scoped to, said tersely ('2015', '2014-2015')."""
        if lo.year == hi.year:
            return str(lo.year)
        return f"{lo.year}-{hi.year}"

    # -- constructions: each returns a Draft or None
    def equal_entity(self) -> Draft | None:
        rng, kg = self.rng, self.kg
        r = self.pick_rel()
        fwd = rng.random() < 0.6 or not self.ro_keys.get(r)
        key = rng.choice(self.sr_keys[r] if fwd else self.ro_keys[r])
        rows = kg.by_sr[key] if fwd else kg.by_ro[key]
        d = rng.choice(rows)[0]
        level = rng.choice(["day", "month", "month", "year"] if self.store == "mtq" else ["day", "day", "month"])
        lo, hi = period_bounds(d, level)
        s, o = (key[0], None) if fwd else (None, key[1])
        spec = Spec(r, s, o, "range", lo, hi, "all", level)
        rel = RELS[r]
        v = rng.randrange(3)
        if fwd:
            if v == 0:
                q, c = f"who did {self.m(key[0])} {rel.base} [{t_terse(d, level)}]?", "equal: who did X R [time]"
            elif v == 1:
                q, c = f"{self.m(key[0])} -> {rel.past} -> ? ({t_words(d, level, rng)})", "equal: X -> R -> ? (time)"
            else:
                q = f"{cap(t_words(d, level, rng))}, whom did {self.m(key[0])} {rel.base}? (list all)"
                c = "equal: time-first clause, whom"
        else:
            if v == 0:
                q, c = f"who {rel.past} {self.m(key[1])} [{t_terse(d, level)}]?", "equal: who R'd Y [time]"
            elif v == 1:
                q, c = f"? -> {rel.past} -> {self.m(key[1])} ({t_words(d, level, rng)})", "equal: ? -> R -> Y (time)"
            else:
                q = f"List everyone who {rel.past} {self.m(key[1])} {t_words(d, level, rng)}."
                c = "equal: imperative list, subject side"
        return Draft("equal", c, q, spec, "entity", level)

    def pair_key(self, r: str) -> tuple[str, str] | None:
        """A (subject, object) pair of relation r, both mentionable, with facts in scope."""
        key = self.rng.choice(self.sr_keys[r])
        objs = sorted({o for _, o in self.kg.by_sr[key] if o in self.ok and o != key[0]})
        return (key[0], self.rng.choice(objs)) if objs else None

    def equal_time(self) -> Draft | None:
        rng = self.rng
        r = self.pick_rel()
        pair = self.pair_key(r)
        if pair is None:
            return None
        s, o = pair
        days = [d for d, x in self.kg.by_sr[(s, r)] if x == o]
        lo, hi = self.year_scope(rng.choice(days)) if self.store == "mtq" and rng.random() < 0.6 else (self.lo, self.hi)
        level = rng.choice(["day", "month"]) if self.store == "bench" or lo.year == hi.year else "month"
        if self.store == "mtq" and lo.year != hi.year and rng.random() < 0.3:
            level = "year"
        spec = Spec(r, s, o, "range", lo, hi, "all", level)
        rel = RELS[r]
        scope = self.scope_text(lo, hi)
        v = rng.randrange(2)
        if v == 0:
            q = f"when: {self.m(s)} {rel.past} {self.m(o)} [{scope}]; granularity {level}"
            c = "equal/time: when: X R Y [scope]; granularity L"
        else:
            unit = "Which " + {"day": "days", "month": "months", "year": "years"}[level]
            where = f" of {scope}" if lo.year == hi.year else f" in {scope}"
            q = f"{unit}{where} saw {self.m(s)} {rel.base} {self.m(o)}? (all of them)"
            c = "equal/time: which <unit>s saw X R Y"
        return Draft("equal", c, q, spec, "time", level)

    def first_last_entity(self) -> Draft | None:
        rng, kg = self.rng, self.kg
        r = self.pick_rel()
        fwd = rng.random() < 0.5 or not self.ro_keys.get(r)
        key = rng.choice(self.sr_keys[r] if fwd else self.ro_keys[r])
        rows = kg.by_sr[key] if fwd else kg.by_ro[key]
        if len(rows) < 2:
            return None
        lo, hi = self.year_scope(rng.choice(rows)[0]) if self.store == "mtq" else (self.lo, self.hi)
        sel = rng.choice(["min", "max"])
        s, o = (key[0], None) if fwd else (None, key[1])
        spec = Spec(r, s, o, "range", lo, hi, sel, "day")
        rel = RELS[r]
        word = "first" if sel == "min" else "last"
        scope = self.scope_text(lo, hi)
        if fwd:
            if rng.random() < 0.5:
                q, c = f"{self.m(key[0])} -> {rel.past} -> ? ({word} time, {scope})", "first_last: X -> R -> ? (first)"
            else:
                q = f"whom did {self.m(key[0])} {rel.base} {word} in {scope}?"
                c = "first_last: whom did X R first in scope"
        else:
            if rng.random() < 0.5:
                q = f"who was the {word} to {rel.base} {self.m(key[1])} [{scope}]?"
                c = "first_last: who was the first to R Y [scope]"
            else:
                q = f"? -> {rel.past} -> {self.m(key[1])} [{scope}; {word} occurrence]"
                c = "first_last: ? -> R -> Y [scope; first]"
        return Draft("first_last", c, q, spec, "entity", "year")

    def first_last_time(self) -> Draft | None:
        rng = self.rng
        r = self.pick_rel()
        pair = self.pair_key(r)
        if pair is None:
            return None
        s, o = pair
        days = [d for d, x in self.kg.by_sr[(s, r)] if x == o]
        lo, hi = self.year_scope(rng.choice(days)) if self.store == "mtq" else (self.lo, self.hi)
        sel = rng.choice(["min", "max"])
        level = rng.choice(["day", "month"])
        spec = Spec(r, s, o, "range", lo, hi, sel, level)
        rel = RELS[r]
        word = "first" if sel == "min" else "last"
        scope = self.scope_text(lo, hi)
        v = rng.randrange(3)
        if v == 0:
            prep = "On" if level == "day" else "In"
            q = f"{prep} which {level} did {self.m(s)} {word} {rel.base} {self.m(o)}? ({scope})"
            c = "first_last/time: in which <unit> did X first R Y"
        elif v == 1:
            q = f"when: {word} time {self.m(s)} {rel.past} {self.m(o)} [{scope}]; granularity {level}"
            c = "first_last/time: when: first time X R Y; granularity"
        else:
            q = f"Which {level} of {scope} saw {self.m(s)} {rel.base} {self.m(o)} for the {word} time?"
            c = "first_last/time: which <unit> saw X R Y for the first time"
        return Draft("first_last", c, q, spec, "time", level)

    def _anchored(self, window: str, sel: str) -> tuple[Spec, tuple[str, str], bool, Anchor] | None:
        rng = self.rng
        r = self.pick_rel()
        fwd = rng.random() < 0.6 or not self.ro_keys.get(r)
        key = rng.choice(self.sr_keys[r] if fwd else self.ro_keys[r])
        fixed = key[0] if fwd else key[1]
        a = self.pick_anchor(fixed, r, key[0] if fwd else "")
        if a is None or (a.r == r and (a.s == fixed or a.o == fixed)):
            return None
        lo, hi = self.lo, self.hi
        if self.store == "mtq" and window == "before":
            lo, hi = self.year_scope(a.d)
        s, o = (key[0], None) if fwd else (None, key[1])
        level = "day"
        if window == "same":
            level = rng.choice(["day", "month", "month"] + (["year"] if self.store == "mtq" else []))
        return Spec(r, s, o, window, lo, hi, sel, level, a), key, fwd, a

    def scope_tag(self, spec: Spec) -> str:
        """The scope note an anchored question carries on mtq (the store is complete in 2014-2015 only)."""
        if self.store != "mtq":
            return ""
        a = spec.anchor
        assert a is not None
        if spec.window == "before":
            return f"{a.d.year}"
        if spec.window == "after":
            return "through 2015"
        return ""

    def before_after(self) -> Draft | None:
        rng = self.rng
        window = rng.choice(["before", "after"])
        use_date = rng.random() < 0.3
        got = self._anchored(window, "all")
        if got is None:
            return None
        spec, key, fwd, a = got
        rel = RELS[spec.r]
        if use_date:
            # before/after a calendar day rather than an event: reuse the anchor's day, said as a date
            spec = Spec(spec.r, spec.s, spec.o, "range", *self._date_window(window, a.d), "all", "day")
            when = f"{window} {a.d.isoformat()}"
            if self.store == "mtq":
                when = f"{a.d.year}, {when}" if window == "before" else f"{when}, through 2015"
            if fwd:
                q, c = f"{self.m(key[0])} -> {rel.past} -> ? ({when})", "before_after: X -> R -> ? (before date)"
            else:
                q, c = f"who {rel.past} {self.m(key[1])} [{when}]?", "before_after: who R'd Y [after date]"
            return Draft("before_after", c, q, spec, "entity", "day")
        tag = self.scope_tag(spec)
        ev = anchor_np(self.kg, a)
        if fwd:
            if rng.random() < 0.5:
                inner = f"{tag}, {window} {ev}" if tag else f"{window} {ev}"
                q, c = f"who did {self.m(key[0])} {rel.base} [{inner}]?", "before_after: who did X R [after event]"
            else:
                q = f"{cap(window)} {ev}, whom did {self.m(key[0])} {rel.base}?" + (f" ({tag})" if tag else "")
                c = "before_after: event-first clause, whom did X R"
        else:
            q = f"? -> {rel.past} -> {self.m(key[1])} | {window}: {ev}" + (f" | {tag}" if tag else "")
            c = "before_after: ? -> R -> Y | after: event"
        return Draft("before_after", c, q, spec, "entity", "day")

    def _date_window(self, window: str, d: date) -> tuple[date, date]:
        if window == "after":
            return d + timedelta(days=1), self.hi
        lo = date(d.year, 1, 1) if self.store == "mtq" else self.lo
        return lo, d - timedelta(days=1)

    def after_first(self) -> Draft | None:
        return self._nearest("after", "min")

    def before_last(self) -> Draft | None:
        return self._nearest("before", "max")

    def _nearest(self, window: str, sel: str) -> Draft | None:
        rng = self.rng
        qtype = "after_first" if window == "after" else "before_last"
        word = "first" if window == "after" else "last"
        if rng.random() < 0.3:
            # time answer: when did X next/last R Y relative to the anchor
            r = self.pick_rel()
            pair = self.pair_key(r)
            if pair is None:
                return None
            s, o = pair
            a = self.pick_anchor(s, r, s)
            if a is None or (a.r == r and a.s == s):
                return None
            lo, hi = self.lo, self.hi
            if self.store == "mtq" and window == "before":
                lo, hi = self.year_scope(a.d)
            level = rng.choice(["day", "month"])
            spec = Spec(r, s, o, window, lo, hi, sel, level, a)
            rel = RELS[r]
            tag = self.scope_tag(spec)
            ev = anchor_np(self.kg, a)
            if window == "after":
                q = f"when did {self.m(s)} next {rel.base} {self.m(o)} after {ev}? [granularity {level}"
            else:
                q = f"when did {self.m(s)} last {rel.base} {self.m(o)} before {ev}? [granularity {level}"
            q += f"; {tag}]" if tag else "]"
            c = f"{qtype}/time: when did X next/last R Y after/before event [granularity]"
            return Draft(qtype, c, q, spec, "time", level)
        got = self._anchored(window, sel)
        if got is None:
            return None
        spec, key, fwd, a = got
        rel = RELS[spec.r]
        tag = self.scope_tag(spec)
        ev = anchor_np(self.kg, a)
        v = rng.randrange(3)
        if fwd and v == 0:
            q = f"{self.m(key[0])} -> {rel.past} -> ? [{word} one {window} {ev}" + (f"; {tag}]" if tag else "]")
            c = f"{qtype}: X -> R -> ? [first one after event]"
        elif fwd:
            q = f"{cap(window)} {ev}, whom did {self.m(key[0])} {word} {rel.base}?" + (f" ({tag})" if tag else "")
            c = f"{qtype}: event-first clause, whom did X first R"
        elif v == 0:
            q = f"who was the {word} to {rel.base} {self.m(key[1])} {window} {ev}?" + (f" [{tag}]" if tag else "")
            c = f"{qtype}: who was the first to R Y after event"
        else:
            q = f"? -> {rel.past} -> {self.m(key[1])} | {window}: {ev} | {word} only" + (f" | {tag}" if tag else "")
            c = f"{qtype}: ? -> R -> Y | after: event | first only"
        return Draft(qtype, c, q, spec, "entity", "day")

    def equal_multi(self) -> Draft | None:
        rng = self.rng
        got = self._anchored("same", "all")
        if got is None:
            return None
        spec, key, fwd, a = got
        rel = RELS[spec.r]
        unit = spec.level
        ev = clause(self.kg, a)
        evn = anchor_np(self.kg, a)
        v = rng.randrange(3)
        if fwd and v == 0:
            q = f"In the same {unit} as {ev}, whom did {self.m(key[0])} {rel.base}?"
            c = "equal_multi: in the same <unit> as event, whom did X R"
        elif fwd:
            q = f"who did {self.m(key[0])} {rel.base} [same {unit} as {evn}]?"
            c = "equal_multi: who did X R [same <unit> as event]"
        elif v == 0:
            q = f"who {rel.past} {self.m(key[1])} in the same {unit} that {ev}?"
            c = "equal_multi: who R'd Y in the same <unit> that event"
        else:
            q = f"? -> {rel.past} -> {self.m(key[1])} (same {unit} as: {evn})"
            c = "equal_multi: ? -> R -> Y (same <unit> as: event)"
        return Draft("equal_multi", c, q, spec, "entity", unit)


# share of each construction family; equal is split between entity and time answers
PLAN: dict[str, list[tuple[str, float]]] = {
    "mtq": [
        ("equal_entity", 14),
        ("equal_time", 8),
        ("first_last_entity", 10),
        ("first_last_time", 10),
        ("before_after", 16),
        ("after_first", 14),
        ("before_last", 14),
        ("equal_multi", 14),
    ],
    "bench": [
        ("equal_entity", 10),
        ("equal_time", 5),
        ("first_last_entity", 7),
        ("first_last_time", 7),
        ("before_after", 11),
        ("after_first", 10),
        ("before_last", 10),
        ("equal_multi", 10),
    ],
}


def generate(store_name: str, store: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    lo, hi, _target = STORES[store_name]
    rng = random.Random(f"{SEED}-{store_name}")
    kg = KG.read(store, lo, hi)
    b = Builder(store_name, kg, rng)
    stats: Counter[str] = Counter()
    seen: set[str] = set()
    records: list[dict[str, Any]] = []
    prefix = "b71m" if store_name == "mtq" else "b71b"
    for family, count in PLAN[store_name]:
        made = 0
        tries = 0
        while made < count and tries < 4000:
            tries += 1
            draft: Draft | None = getattr(b, family)()
            if draft is None or draft.question in seen:
                continue
            answers = gold(kg, draft.spec, draft.answer_type)
            if not 1 <= len(answers) <= 5:
                continue
            if len(answers) == 1 and draft.answer_type == "entity" and rng.random() < 0.7:
                continue  # lean towards questions with several right answers
            query, params, how = check_query(draft.spec, draft.answer_type)
            second = sorted({row["answer"] for row in store.run(query, **params)})
            agrees = second == answers
            stats["checked"] += 1
            if not agrees:
                stats["disagreed"] += 1
                continue
            seen.add(draft.question)
            b.rel_use[draft.spec.r] += 1
            made += 1
            qid = f"{prefix}{len(records) + 1:03d}"
            records.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": store_name,
                    "question": draft.question,
                    "answers": answers,
                    "answer_type": draft.answer_type,
                    "time_level": draft.time_level,
                    "qtype": draft.qtype,
                    "qlabel": "Multiple" if draft.spec.anchor is not None else "Single",
                    "construction": draft.construction,
                    "check": how,
                    "check_agrees": agrees,
                    "evidence": [],
                    "relation": draft.spec.r,
                }
            )
        stats[f"short_{family}"] = count - made
    return records, dict(stats)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = generate(args.store, store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(json.dumps({"written": len(records), **stats}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
