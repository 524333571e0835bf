"""Blind held-out question set 76: questions phrased the way an English learner would type them to a QA system.

Why: the symbolic reader is tuned on earlier phrasing sets; its score on a set written without looking at it (or at
the question-understanding code) is the honest figure for phrasings nobody tuned on. This set's own style is the
English learner: small grammar slips a reader still understands without doubt ("did ... visited", a missing article,
"in 5 May 2014", present tense inside a dated question, "who is the first that ..."), plus the time asked as the
clause's subject ("Which month saw ..."), "in the same month as X did Y", first/last asked through the answer's
granularity, relations said in plain words and sector actors said naturally ("the police in X", "X's foreign
ministry").

How: every (subject, relation, object, day) of the store is read once; each gold is computed in Python over those
facts (within the period the wording scopes), then recomputed by a second, differently written Cypher query per
question; questions whose two answers disagree are dropped (and counted on stderr). Anchor events ("after X visited
Y") occur exactly once in the store. Questions keep 1-5 gold answers.

Run (the store's TKGRAG_* environment selects the instance; read-only):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_76.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_76.py --store bench --out blind_icews14.jsonl

Deterministic: ``random.Random(f"{SEED}-{store}")`` over facts read in a fixed order; two runs give identical files.
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

SEED = 20261276
PERIOD = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
TARGET = {"mtq": 100, "bench": 70}
PREFIX = {"mtq": "b76m", "bench": "b76b"}
MAX_GOLD = 5
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

# Verb forms: base, past, third person present, -ing.
VERBS: dict[str, tuple[str, str, str, str]] = {
    "visit": ("visit", "visited", "visits", "visiting"),
    "host": ("host", "hosted", "hosts", "hosting"),
    "consult": ("consult", "consulted", "consults", "consulting"),
    "make": ("make", "made", "makes", "making"),
    "arrest": ("arrest", "arrested", "arrests", "arresting"),
    "praise": ("praise", "praised", "praises", "praising"),
    "criticize": ("criticize", "criticized", "criticizes", "criticizing"),
    "negotiate": ("negotiate", "negotiated", "negotiates", "negotiating"),
    "sign": ("sign", "signed", "signs", "signing"),
    "investigate": ("investigate", "investigated", "investigates", "investigating"),
    "speak": ("speak", "spoke", "speaks", "speaking"),
    "threaten": ("threaten", "threatened", "threatens", "threatening"),
    "kidnap": ("kidnap", "kidnapped", "kidnaps", "kidnapping"),
    "meet": ("meet", "met", "meets", "meeting"),
    "give": ("give", "gave", "gives", "giving"),
    "express": ("express", "expressed", "expresses", "expressing"),
    "repress": ("repress", "repressed", "represses", "repressing"),
    "occupy": ("occupy", "occupied", "occupies", "occupying"),
    "assault": ("assault", "assaulted", "assaults", "assaulting"),
    "impose": ("impose", "imposed", "imposes", "imposing"),
    "ease": ("ease", "eased", "eases", "easing"),
    "sue": ("sue", "sued", "sues", "suing"),
    "confiscate": ("confiscate", "confiscated", "confiscates", "confiscating"),
    "expel": ("expel", "expelled", "expels", "expelling"),
    "cooperate": ("cooperate", "cooperated", "cooperates", "cooperating"),
    "lodge": ("lodge", "lodged", "lodges", "lodging"),
    "coerce": ("coerce", "coerced", "coerces", "coercing"),
    "give in": ("give in", "gave in", "gives in", "giving in"),
    "promise": ("promise", "promised", "promises", "promising"),
    "pledge": ("pledge", "pledged", "pledges", "pledging"),
    "grant": ("grant", "granted", "grants", "granting"),
    "carry out": ("carry out", "carried out", "carries out", "carrying out"),
    "share": ("share", "shared", "shares", "sharing"),
    "turn down": ("turn down", "turned down", "turns down", "turning down"),
    "assassinate": ("assassinate", "assassinated", "assassinates", "assassinating"),
    "restrict": ("restrict", "restricted", "restricts", "restricting"),
    "accuse": ("accuse", "accused", "accuses", "accusing"),
    "use": ("use", "used", "uses", "using"),
    "fight": ("fight", "fought", "fights", "fighting"),
    "riot": ("riot", "rioted", "riots", "rioting"),
    "issue": ("issue", "issued", "issues", "issuing"),
    "say": ("say", "said", "says", "saying"),
}

# Relation -> (verb, the rest with {o} where the object goes). Plain words, one reading each; neighbours worded apart.
REL: dict[str, tuple[str, str]] = {
    "Make_a_visit": ("visit", "{o}"),
    "Host_a_visit": ("host", "{o} for a visit"),
    "Consult": ("consult", "with {o}"),
    "Make_an_appeal_or_request": ("make", "an appeal to {o}"),
    "Express_intent_to_meet_or_negotiate": ("say", "it wanted to meet or negotiate with {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": ("arrest", "{o}"),
    "Praise_or_endorse": ("praise", "{o}"),
    "Criticize_or_denounce": ("criticize", "{o}"),
    "Use_conventional_military_force": ("use", "military force against {o}"),
    "Engage_in_negotiation": ("negotiate", "with {o}"),
    "Engage_in_diplomatic_cooperation": ("cooperate", "diplomatically with {o}"),
    "Sign_formal_agreement": ("sign", "a formal agreement with {o}"),
    "Investigate": ("investigate", "{o}"),
    "Discuss_by_telephone": ("speak", "on the phone with {o}"),
    "fight_with_small_arms_and_light_weapons": ("fight", "{o} with small arms"),
    "Make_optimistic_comment": ("make", "an optimistic comment about {o}"),
    "Make_pessimistic_comment": ("make", "a pessimistic comment about {o}"),
    "Threaten": ("threaten", "{o}"),
    "Abduct,_hijack,_or_take_hostage": ("kidnap", "{o}"),
    "Meet_at_a_'third'_location": ("meet", "{o} at a third location"),
    "Provide_humanitarian_aid": ("give", "humanitarian aid to {o}"),
    "Make_empathetic_comment": ("express", "sympathy for {o}"),
    "Protest_violently,_riot": ("riot", "against {o}"),
    "Use_tactics_of_violent_repression": ("repress", "{o} violently"),
    "Occupy_territory": ("occupy", "territory of {o}"),
    "Physically_assault": ("assault", "{o} physically"),
    "Impose_administrative_sanctions": ("impose", "administrative sanctions on {o}"),
    "Ease_administrative_sanctions": ("ease", "administrative sanctions on {o}"),
    "Impose_embargo,_boycott,_or_sanctions": ("impose", "an embargo or boycott on {o}"),
    "Bring_lawsuit_against": ("sue", "{o} in court"),
    "Confiscate_property": ("confiscate", "property of {o}"),
    "Expel_or_deport_individuals": ("expel", "{o} from the country"),
    "Cooperate_economically": ("cooperate", "economically with {o}"),
    "Cooperate_militarily": ("cooperate", "militarily with {o}"),
    "Complain_officially": ("lodge", "an official complaint against {o}"),
    "Coerce": ("coerce", "{o}"),
    "Yield": ("give in", "to {o}"),
    "Express_intent_to_provide_military_aid": ("promise", "military aid to {o}"),
    "Provide_military_aid": ("give", "military aid to {o}"),
    "Provide_economic_aid": ("give", "economic aid to {o}"),
    "Express_intent_to_provide_economic_aid": ("pledge", "economic aid to {o}"),
    "Express_intent_to_provide_humanitarian_aid": ("pledge", "humanitarian aid to {o}"),
    "Threaten_with_military_force": ("threaten", "{o} with military force"),
    "Employ_aerial_weapons": ("carry out", "air strikes against {o}"),
    "Express_accord": ("express", "agreement with {o}"),
    "Grant_diplomatic_recognition": ("grant", "diplomatic recognition to {o}"),
    "Give_ultimatum": ("issue", "an ultimatum to {o}"),
    "Accuse_of_human_rights_abuses": ("accuse", "{o} of human rights abuses"),
    "Accuse_of_crime,_corruption": ("accuse", "{o} of crime or corruption"),
    "Share_intelligence_or_information": ("share", "intelligence with {o}"),
    "Reject_proposal_to_meet,_discuss,_or_negotiate": ("turn down", "a proposal to meet with {o}"),
    "Assassinate": ("assassinate", "{o}"),
    "Impose_restrictions_on_political_freedoms": ("restrict", "the political freedoms of {o}"),
    "Carry_out_suicide_bombing": ("carry out", "a suicide bombing against {o}"),
}

# Sector actors said naturally; {c} is the country. Only these and plain names are ever mentioned in a question.
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens of {c}", "the citizens of {c}", "people of {c}"),
    "Police": ("the police in {c}", "{c}'s police", "police of {c}"),
    "Government": ("the government of {c}", "{c}'s government", "government of {c}"),
    "Foreign Affairs": ("{c}'s foreign ministry", "the foreign ministry of {c}"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Military": ("the military of {c}", "{c}'s military"),
    "Protester": ("protesters in {c}", "the protesters in {c}"),
    "Militant": ("militants in {c}", "the militants in {c}"),
    "Defense / Security Ministry": ("{c}'s defence ministry", "the defense ministry of {c}"),
    "Cabinet / Council of Ministers / Advisors": ("{c}'s cabinet", "the cabinet of {c}"),
    "Armed Rebel": ("armed rebels in {c}", "the armed rebels of {c}"),
    "Student": ("students in {c}", "the students of {c}"),
    "Business": ("businesses in {c}", "business people of {c}"),
    "Criminal": ("criminals in {c}", "the criminals in {c}"),
    "Legislature": ("{c}'s legislature", "the legislature of {c}"),
    "Media": ("the media in {c}", "{c}'s media"),
    "Labor Union": ("labour unions in {c}", "the labor unions of {c}"),
}
THE = (
    "United States", "United Kingdom", "Philippines", "Netherlands", "United Arab Emirates", "Czech Republic",
    "Central African Republic", "Democratic Republic of Congo", "Occupied Palestinian Territory", "Gambia",
    "European Union", "United Nations", "Maldives", "Bahamas", "Vatican City", "Holy See", "Taliban",
)  # fmt: skip

Fact = tuple[str, str, str, str]  # subject name, relation, object name, ISO day


@dataclass
class KG:
    """The store's facts, read once, with the lookups the gold computations use."""

    facts: list[Fact]
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    by_or: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)
    subj_rels: dict[str, set[str]] = field(default_factory=dict)
    obj_rels: dict[str, set[str]] = field(default_factory=dict)

    def index(self) -> None:
        sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        orr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        sub: dict[str, set[str]] = defaultdict(set)
        obj: dict[str, set[str]] = defaultdict(set)
        for s, r, o, d in self.facts:
            sr[(s, r)].append((d, o))
            orr[(o, r)].append((d, s))
            sro[(s, r, o)].append(d)
            sub[s].add(r)
            obj[o].add(r)
        self.by_sr = {k: sorted(v) for k, v in sr.items()}
        self.by_or = {k: sorted(v) for k, v in orr.items()}
        self.by_sro = {k: sorted(v) for k, v in sro.items()}
        self.subj_rels, self.obj_rels = dict(sub), dict(obj)


def read_kg(store: Any) -> KG:
    """Every current (subject, relation, object, day) of the store, once, in a fixed order."""
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN DISTINCT s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    kg = KG(sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows}))
    kg.index()
    return kg


# ---- gold in Python -----------------------------------------------------------------------------------------------


def in_range(rows: list[tuple[str, str]], lo: str, hi: str) -> list[tuple[str, str]]:
    """Rows (day, entity) with lo <= day <= hi (rows sorted by day)."""
    i = bisect_left(rows, (lo, ""))
    j = bisect_right(rows, (hi, "\uffff"))
    return rows[i:j]


def extreme(rows: list[tuple[str, str]], last: bool) -> tuple[str, list[str]]:
    """The earliest (or latest) day of rows and the entities on it."""
    if not rows:
        return "", []
    day = rows[-1][0] if last else rows[0][0]
    return day, sorted({e for d, e in rows if d == day})


def trunc(day: str, level: str) -> str:
    return day[: {"day": 10, "month": 7, "year": 4}[level]]


def span(key: str) -> tuple[str, str]:
    """The first and last day of a 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' period."""
    if len(key) == 4:
        return f"{key}-01-01", f"{key}-12-31"
    if len(key) == 7:
        y, m = int(key[:4]), int(key[5:])
        nxt = date(y + (m == 12), m % 12 + 1, 1)
        return f"{key}-01", (nxt - timedelta(days=1)).isoformat()
    return key, key


def shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


# ---- wording ----------------------------------------------------------------------------------------------------


def country(c: str, rng: random.Random) -> str:
    # An English learner drops "the" now and then; the country stays the same.
    return f"the {c}" if c in THE and rng.random() < 0.75 else c


def mentionable(name: str) -> bool:
    if "(" not in name:
        return name.replace(" ", "").replace("-", "").replace(".", "").replace("'", "").isalnum()
    head, _, rest = name.partition(" (")
    return head in SECTORS and rest.endswith(")") and "(" not in rest


def say(name: str, rng: random.Random) -> str:
    """An entity as a person would write it (a plain name, or a sector actor in words)."""
    if "(" not in name:
        return country(name, rng)
    head, _, rest = name.partition(" (")
    c = rest[:-1]
    return rng.choice(SECTORS[head]).format(c=country(c, rng))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def rel(r: str, form: int, obj: str) -> str:
    """Relation r in verb form `form` (0 base, 1 past, 2 present, 3 -ing), object `obj` ('' leaves a gap)."""
    verb, rest = REL[r]
    return " ".join(f"{VERBS[verb][form]} {rest.format(o=obj)}".split())


def say_day(d: str, rng: random.Random, slips: bool = True) -> str:
    """A day with its preposition; sometimes the learner's 'in 5 May 2014'."""
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    mon = MONTHS[m - 1]
    body = rng.choice([f"{dd} {mon} {y}", f"{mon} {dd}, {y}", d, f"the {ordinal(dd)} of {mon} {y}"])
    prep = rng.choice(["on", "on", "in", "at"]) if slips else "on"
    return f"{prep} {body}"


def bare_day(d: str, rng: random.Random) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    return rng.choice([f"{dd} {MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} {dd}, {y}", d])


def ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def month_name(key: str) -> str:
    return f"{MONTHS[int(key[5:]) - 1]} {key[:4]}"


def say_period(key: str, rng: random.Random) -> str:
    """'in May 2014' / 'during 2015' / 'on 5 May 2014', with the learner's prepositions now and then."""
    if len(key) == 10:
        return say_day(key, rng)
    if len(key) == 7:
        return rng.choice([f"in {month_name(key)}", f"during {month_name(key)}", f"on {month_name(key)}",
                           f"in {MONTHS[int(key[5:]) - 1]} of {key[:4]}"])  # fmt: skip
    return rng.choice([f"in {key}", f"during {key}", f"in the year {key}", f"in year {key}"])


# ---- questions ----------------------------------------------------------------------------------------------------


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    qlabel: str
    construction: str
    check: str
    cypher: str
    params: dict[str, Any]


ANCHOR = """
MATCH (:Entity {name: $as})<-[:SUBJECT]-(an:Event)-[:OBJECT]->(:Entity {name: $ao})
WHERE an.relation = $ar AND an.recorded_to IS NULL
WITH collect(DISTINCT an.valid_from) AS ads WHERE size(ads) = 1
WITH ads[0] AS ad
"""


def c_set(role: str, lo_expr: str, hi_expr: str, prefix: str = "") -> str:
    """Cypher: the distinct other-role names of $x's $r events with lo <= day <= hi."""
    me, other = ("SUBJECT", "OBJECT") if role == "obj" else ("OBJECT", "SUBJECT")
    return (
        prefix
        + f"MATCH (x:Entity {{name: $x}})<-[:{me}]-(e:Event)-[:{other}]->(y:Entity)\n"
        + f"WHERE e.relation = $r AND e.recorded_to IS NULL AND {lo_expr} <= e.valid_from <= {hi_expr}\n"
        + "RETURN collect(DISTINCT y.name) AS a"
    )


def c_extreme(role: str, agg: str, lo_expr: str, hi_expr: str, prefix: str = "") -> str:
    """Cypher: the names on the min/max day of $x's $r events with lo <= day <= hi."""
    me, other = ("SUBJECT", "OBJECT") if role == "obj" else ("OBJECT", "SUBJECT")
    carry = "ad, " if prefix else ""
    return (
        prefix
        + f"MATCH (x:Entity {{name: $x}})<-[:{me}]-(e:Event)\n"
        + f"WHERE e.relation = $r AND e.recorded_to IS NULL AND {lo_expr} <= e.valid_from <= {hi_expr}\n"
        + f"WITH {carry}{agg}(e.valid_from) AS t\n"
        + f"MATCH (x2:Entity {{name: $x}})<-[:{me}]-(e2:Event)-[:{other}]->(y:Entity)\n"
        + "WHERE e2.relation = $r AND e2.recorded_to IS NULL AND e2.valid_from = t\n"
        + "RETURN collect(DISTINCT y.name) AS a"
    )


def c_times(agg: str, lo_expr: str, hi_expr: str, prefix: str = "") -> str:
    """Cypher: the (truncated) days of $s -$r-> $o events with lo <= day <= hi; agg '' keeps them all."""
    head = (
        prefix
        + "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity {name: $o})\n"
        + f"WHERE e.relation = $r AND e.recorded_to IS NULL AND {lo_expr} <= e.valid_from <= {hi_expr}\n"
    )
    if agg:
        return head + f"WITH {agg}(e.valid_from) AS t WHERE t IS NOT NULL RETURN [left(toString(t), $n)] AS a"
    return head + "RETURN collect(DISTINCT left(toString(e.valid_from), $n)) AS a"


LEVEL_N = {"day": 10, "month": 7, "year": 4}


class Maker:
    """Draws questions of one store with one seeded generator."""

    def __init__(self, kg: KG, store: str) -> None:
        self.kg, self.store = kg, store
        self.rng = random.Random(f"{SEED}-{store}")
        self.lo, self.hi = PERIOD[store]
        self.rels = sorted(r for r in REL if any(k[1] == r for k in kg.by_sr))
        self.period_facts = [f for f in kg.facts if self.lo <= f[3] <= self.hi and f[1] in REL]
        self.by_rel: dict[str, list[Fact]] = defaultdict(list)
        for f in self.period_facts:
            self.by_rel[f[1]].append(f)
        self.rels = sorted(self.by_rel)
        self.rel_use: Counter[str] = Counter()
        self.memo: dict[str, str] = {}

    def say(self, name: str) -> str:
        """One wording per entity within a question, so that two mentions never read as two actors."""
        if name not in self.memo:
            self.memo[name] = say(name, self.rng)
        return self.memo[name]

    # -- drawing helpers --

    def pick_rel(self) -> str:
        least = min(self.rel_use[r] for r in self.rels)
        return self.rng.choice([r for r in self.rels if self.rel_use[r] <= least + 1])

    def pick_fact(self, r: str | None = None) -> Fact:
        r = r or self.pick_rel()
        return self.rng.choice(self.by_rel[r])

    def anchor(self) -> Fact | None:
        """A fact in the period whose (s, r, o) occurs exactly once in the store, both ends mentionable."""
        s, r, o, d = self.pick_fact()
        if len(self.kg.by_sro[(s, r, o)]) != 1 or not (mentionable(s) and mentionable(o)) or s == o:
            return None
        return s, r, o, d

    def year_scope(self) -> str:
        return self.rng.choice(["2014", "2015"]) if self.store == "mtq" else "2014"

    def clause(self, a: Fact, form: int = 1) -> str:
        return f"{self.say(a[0])} {rel(a[1], form, self.say(a[2]))}"

    # -- equal --

    def equal_entity(self) -> Q | None:
        s, r, o, d = self.pick_fact()
        level = self.rng.choice(["day", "day", "month", "month", "year"])
        key = trunc(d, level)
        lo, hi = span(key)
        ask_obj = self.rng.random() < 0.5
        x = s if ask_obj else o
        if not mentionable(x):
            return None
        rows = self.kg.by_sr[(s, r)] if ask_obj else self.kg.by_or[(o, r)]
        gold = sorted({e for _, e in in_range(rows, lo, hi)})
        when = say_period(key, self.rng)
        X = self.say(x)
        v = self.rng.randrange(4)
        if ask_obj:
            gap = rel(r, 0, "")
            forms = [
                (f"Who did {X} {gap} {when}?", "obj: who did X R <when>"),
                (f"Who did {X} {rel(r, 1, '')} {when}?", "obj: did + past"),
                (f"{cap(when)}, whom {X} {rel(r, 1, '')}?", "obj: fronted time, no do-support"),
                (f"Give me all who {X} {rel(r, 1, '')} {when}.", "obj: imperative list"),
            ]
        else:
            forms = [
                (f"Who {rel(r, 1, X)} {when}?", "subj: who R-ed X <when>"),
                (f"Who {rel(r, 2, X)} {when}?", "subj: present tense in dated question"),
                (f"Which actors {rel(r, 1, X)} {when}?", "subj: which actors"),
                (f"{cap(when)}, who are the ones that {rel(r, 1, X)}?", "subj: fronted time, the ones that"),
            ]
        text, cons = forms[v]
        cy = c_set("obj" if ask_obj else "subj", "date($lo)", "date($hi)")
        return self.q(text, gold, "entity", level, "equal", "Single", f"equal-entity: {cons}", r,
                      "other role's names, lo<=day<=hi", cy, {"x": x, "r": r, "lo": lo, "hi": hi})  # fmt: skip

    def equal_time(self) -> Q | None:
        s, r, o, d = self.pick_fact()
        if not (mentionable(s) and mentionable(o)) or s == o:
            return None
        level = self.rng.choice(["day", "month", "month"] + (["year"] if self.store == "mtq" else []))
        scope = {"day": d[:7], "month": d[:4], "year": ""}[level]
        lo, hi = span(scope) if scope else (self.lo, self.hi)
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        gold = sorted({trunc(x, level) for x in days})
        sn, on = self.say(s), self.say(o)
        if level == "day":
            m = month_name(scope)
            text, cons = self.rng.choice([
                (f"On which days of {m} did {sn} {rel(r, 0, on)}?", "days: on which days of <month>"),
                (f"Which days in {m} saw {sn} {rel(r, 0, on)}?", "days: time as subject"),
                (f"In {m}, what days {sn} {rel(r, 1, on)}?", "days: no do-support"),
            ])  # fmt: skip
        elif level == "month":
            text, cons = self.rng.choice([
                (f"Which months of {scope} saw {sn} {rel(r, 0, on)}?", "months: time as subject"),
                (f"In what months in {scope} did {sn} {rel(r, 1, on)}?", "months: did + past"),
                (f"Tell me the months of year {scope} when {sn} {rel(r, 1, on)}.", "months: imperative, no article"),
            ])  # fmt: skip
        else:
            text, cons = self.rng.choice([
                (f"In which of the years 2014 and 2015 did {sn} {rel(r, 0, on)}?", "years: which of 2014 and 2015"),
                (f"Between 2014 and 2015, which year saw {sn} {rel(r, 0, on)}?", "years: time as subject"),
            ])  # fmt: skip
        cy = c_times("", "date($lo)", "date($hi)")
        return self.q(text, gold, "time", level, "equal", "Single", f"equal-time: {cons}", r,
                      "distinct truncated days of s-r-o, lo<=day<=hi", cy,
                      {"s": s, "o": o, "r": r, "lo": lo, "hi": hi, "n": LEVEL_N[level]})  # fmt: skip

    # -- first / last --

    def first_last_entity(self) -> Q | None:
        s, r, o, d = self.pick_fact()
        last = self.rng.random() < 0.5
        scope = self.rng.choice([d[:4], d[:4], d[:7]])
        if self.store == "bench" and len(scope) == 4 and self.rng.random() < 0.4:
            scope = ""  # ICEWS14 holds 2014 only: "the first ever" is the first in the store
        lo, hi = span(scope) if scope else (self.lo, self.hi)
        ask_obj = self.rng.random() < 0.5
        x = s if ask_obj else o
        if not mentionable(x):
            return None
        rows = in_range(self.kg.by_sr[(s, r)] if ask_obj else self.kg.by_or[(o, r)], lo, hi)
        _, gold = extreme(rows, last)
        word = "last" if last else "first"
        X = self.say(x)
        when = f" {say_period(scope, self.rng)}" if scope else ""
        if ask_obj:
            text, cons = self.rng.choice([
                (f"Who did {X} {rel(r, 0, '')} {word}{when}?", "obj: who did X R first"),
                (f"Who is the {word} that {X} {rel(r, 1, '')}{when}?", "obj: who is the first that"),
                (f"{cap(when.strip()) + ', w' if when else 'W'}ho was {word} one {X} {rel(r, 1, '')}?",
                 "obj: fronted scope, missing article"),
            ])  # fmt: skip
        else:
            text, cons = self.rng.choice([
                (f"Who was the {word} to {rel(r, 0, X)}{when}?", "subj: the first to"),
                (f"Who is the {word} that {rel(r, 2, X)}{when}?", "subj: who is the first that + present"),
                (f"Who {rel(r, 1, X)} {word}{when}?", "subj: who R-ed X first"),
            ])  # fmt: skip
        agg = "max" if last else "min"
        cy = c_extreme("obj" if ask_obj else "subj", agg, "date($lo)", "date($hi)")
        return self.q(text, gold, "entity", "day", "first_last", "Single", f"first_last-entity: {cons}", r,
                      f"{agg} day of X's R events in scope, then the names on that day", cy,
                      {"x": x, "r": r, "lo": lo, "hi": hi})  # fmt: skip

    def first_last_time(self) -> Q | None:
        s, r, o, d = self.pick_fact()
        if not (mentionable(s) and mentionable(o)) or s == o:
            return None
        last = self.rng.random() < 0.5
        level = self.rng.choice(["day", "day", "month"] + (["year"] if self.store == "mtq" else []))
        scope = {"day": self.rng.choice([d[:4], d[:7]]), "month": d[:4], "year": ""}[level]
        if self.store == "bench" and level != "year" and len(scope) == 4 and self.rng.random() < 0.4:
            scope = ""
        lo, hi = span(scope) if scope else (self.lo, self.hi)
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        gold = [trunc(days[-1] if last else days[0], level)]
        word = "last" if last else "first"
        sn, on = self.say(s), self.say(o)
        when = f" {say_period(scope, self.rng)}" if scope else ""
        if level == "day":
            text, cons = self.rng.choice([
                (f"When did {sn} {word} {rel(r, 0, on)}{when}?", "day: when did X first R Y"),
                (f"Which day {sn} {rel(r, 1, on)} for the {word} time{when}?", "day: which day, no do-support"),
                (f"On what date did {sn} {word} {rel(r, 1, on)}{when}?", "day: did + past"),
            ])  # fmt: skip
        elif level == "month":
            text, cons = self.rng.choice([
                (f"In which month did {sn} {word} {rel(r, 0, on)}{when}?", "month: in which month did X first"),
                (f"Which month{when} saw {sn} {rel(r, 0, on)} for the {word} time?", "month: time as subject"),
            ])  # fmt: skip
        else:
            yrs = "in 2014 and 2015" if self.rng.random() < 0.5 else "over 2014-2015"
            text, cons = self.rng.choice([
                (f"Looking only {yrs}, in which year {sn} {rel(r, 1, on)} for the {word} time?",
                 "year: scoped years, no do-support"),
                (f"Which year saw {sn} {rel(r, 0, on)} for the {word} time, counting {yrs} only?",
                 "year: time as subject"),
            ])  # fmt: skip
        cy = c_times("max" if last else "min", "date($lo)", "date($hi)")
        return self.q(text, gold, "time", level, "first_last", "Single", f"first_last-time: {cons}", r,
                      "min/max day of s-r-o in scope, truncated", cy,
                      {"s": s, "o": o, "r": r, "lo": lo, "hi": hi, "n": LEVEL_N[level]})  # fmt: skip

    # -- before / after a date or an event --

    def before_after_date(self) -> Q | None:
        s, r, _, d = self.pick_fact()
        if not mentionable(s):
            return None
        after = self.rng.random() < 0.5
        year = d[:4]
        level = self.rng.choice(["day", "day", "month"])
        pivot = shift(d, self.rng.choice([-9, -3, 2, 6])) if level == "day" else d[:7]
        if pivot[:4] != year:
            return None
        plo, phi = span(pivot)
        lo, hi = (shift(phi, 1), f"{year}-12-31") if after else (f"{year}-01-01", shift(plo, -1))
        if lo > hi:
            return None
        gold = sorted({e for _, e in in_range(self.kg.by_sr[(s, r)], lo, hi)})
        sn = self.say(s)
        p = bare_day(pivot, self.rng) if level == "day" else month_name(pivot)
        word = "after" if after else "before"
        text, cons = self.rng.choice([
            (f"In {year}, who did {sn} {rel(r, 0, '')} {word} {p}?", "who did X R after <date> in <year>"),
            (f"Who {sn} {rel(r, 1, '')} in {year} {word} {p}?", "no do-support"),
            (f"{cap(word)} {p}, whom did {sn} {rel(r, 1, '')} in the rest of {year}?"
             if after else f"{cap(word)} {p}, whom did {sn} {rel(r, 1, '')} since start of {year}?",
             "fronted date, did + past, rest of year"),
        ])  # fmt: skip
        cy = c_set("obj", "date($lo)", "date($hi)")
        return self.q(text, gold, "entity", level, "before_after", "Single", f"before_after-date: {cons}", r,
                      "set of objects of X-R in the year's part after/before the date", cy,
                      {"x": s, "r": r, "lo": lo, "hi": hi})  # fmt: skip

    def before_after_event(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        after = self.rng.random() < 0.5
        x = self.rng.choice([a[0], a[2]])
        rs = sorted(set(self.kg.subj_rels.get(x, ())) & set(REL))
        if not rs:
            return None
        r = self.rng.choice(rs)
        year = a[3][:4]
        lo, hi = (shift(a[3], 1), f"{year}-12-31") if after else (f"{year}-01-01", shift(a[3], -1))
        gold = sorted({e for _, e in in_range(self.kg.by_sr[(x, r)], lo, hi)})
        X = self.say(x)
        word = "after" if after else "before"
        cl = self.clause(a)
        rest = "in the rest of" if after else "earlier in"
        text, cons = self.rng.choice([
            (f"In {year}, {word} {cl}, who did {X} {rel(r, 0, '')}?", "in <year>, before <event>, who did X R"),
            (f"Who {X} {rel(r, 1, '')} {word} {cl}, {rest} {year}?", "no do-support, year part"),
            (f"{cap(word)} the time {cl}, who does {X} {rel(r, 0, '')} {'in the rest of' if after else 'earlier in'}"
             f" {year}?", "present tense, the time <event>"),
        ])  # fmt: skip
        if after:
            cy = c_set("obj", "ad + duration('P1D')", "date($hi)", ANCHOR)
        else:
            cy = c_set("obj", "date($lo)", "ad - duration('P1D')", ANCHOR)
        return self.q(text, gold, "entity", "day", "before_after", "Multiple", f"before_after-event: {cons}", r,
                      "anchor day found in Cypher (unique), objects of X-R from it to the year's end/start", cy,
                      {"x": x, "r": r, "lo": lo, "hi": hi, "as": a[0], "ar": a[1], "ao": a[2]})  # fmt: skip

    # -- first after / last before an event --

    def after_first(self) -> Q | None:
        return self.around_event(last=False)

    def before_last(self) -> Q | None:
        return self.around_event(last=True)

    def around_event(self, last: bool) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        qtype = "before_last" if last else "after_first"
        lo, hi = (self.lo, shift(a[3], -1)) if last else (shift(a[3], 1), self.hi)
        word, which = ("before", "last") if last else ("after", "first")
        cl = self.clause(a)
        if self.rng.random() < 0.6:  # entity answer
            ask_obj = self.rng.random() < 0.6
            x = self.rng.choice([a[0], a[2]])
            pool = self.kg.subj_rels if ask_obj else self.kg.obj_rels
            rs = sorted(set(pool.get(x, ())) & set(REL))
            if not rs:
                return None
            r = self.rng.choice(rs)
            rows = in_range(self.kg.by_sr[(x, r)] if ask_obj else self.kg.by_or[(x, r)], lo, hi)
            _, gold = extreme(rows, last)
            X = self.say(x)
            if ask_obj:
                text, cons = self.rng.choice([
                    (f"{cap(word)} {cl}, who did {X} {rel(r, 0, '')} {which}?", "obj: who did X R last"),
                    (f"Who is the {which} one {X} {rel(r, 1, '')} {word} {cl}?", "obj: the last one, no article"),
                    (f"Who {X} {rel(r, 1, '')} {which} {word} the time {cl}?", "obj: no do-support, the time <event>"),
                ])  # fmt: skip
            else:
                text, cons = self.rng.choice([
                    (f"Who was the {which} to {rel(r, 0, X)} {word} {cl}?", "subj: the first to R X after <event>"),
                    (f"{cap(word)} {cl}, who is the {which} that {rel(r, 2, X)}?", "subj: the first that + present"),
                ])  # fmt: skip
            cy = c_extreme("obj" if ask_obj else "subj", "max" if last else "min",
                           "date('1900-01-01')" if last else "ad + duration('P1D')",
                           "ad - duration('P1D')" if last else "date('2100-01-01')", ANCHOR)  # fmt: skip
            params: dict[str, Any] = {"x": x, "r": r, "lo": lo, "hi": hi, "as": a[0], "ar": a[1], "ao": a[2]}
            return self.q(text, gold, "entity", "day", qtype, "Multiple", f"{qtype}-entity: {cons}", r,
                          "anchor day found in Cypher (unique), min/max day after/before it, names on that day",
                          cy, params)  # fmt: skip
        s = self.rng.choice([a[0], a[2]])
        rs = sorted(set(self.kg.subj_rels.get(s, ())) & set(REL))
        if not rs:
            return None
        r = self.rng.choice(rs)
        objs = sorted({e for _, e in self.kg.by_sr[(s, r)] if mentionable(e) and e != s})
        if not objs:
            return None
        o = self.rng.choice(objs)
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        level = self.rng.choice(["day", "day", "month"])
        gold = [trunc(days[-1] if last else days[0], level)]
        sn, on = self.say(s), self.say(o)
        if level == "day":
            text, cons = self.rng.choice([
                (f"{cap(word)} {cl}, when did {sn} {which} {rel(r, 0, on)}?", "day: when did S first R O"),
                (f"When was the {which} time {sn} {rel(r, 1, on)} {word} {cl}?", "day: when was the last time"),
                (f"Which day did {sn} {rel(r, 1, on)} for the {which} time {word} {cl}?", "day: did + past"),
            ])  # fmt: skip
        else:
            text, cons = self.rng.choice([
                (f"In which month did {sn} {which} {rel(r, 0, on)} {word} {cl}?", "month: in which month"),
                (f"{cap(word)} {cl}, which month saw {sn} {rel(r, 0, on)} for the {which} time?",
                 "month: time as subject"),
            ])  # fmt: skip
        cy = c_times("max" if last else "min", "date('1900-01-01')" if last else "ad + duration('P1D')",
                     "ad - duration('P1D')" if last else "date('2100-01-01')", ANCHOR)  # fmt: skip
        return self.q(text, gold, "time", level, qtype, "Multiple", f"{qtype}-time: {cons}", r,
                      "anchor day found in Cypher (unique), min/max day of s-r-o after/before it, truncated", cy,
                      {"s": s, "o": o, "r": r, "lo": lo, "hi": hi, "n": LEVEL_N[level],
                       "as": a[0], "ar": a[1], "ao": a[2]})  # fmt: skip

    # -- the same day / month / year as an event --

    def equal_multi(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        level = self.rng.choice(["day", "month", "month"] + (["year"] if self.store == "mtq" else []))
        key = trunc(a[3], level)
        lo, hi = span(key)
        x = self.rng.choice([a[0], a[2]])
        ask_obj = self.rng.random() < 0.6
        pool = self.kg.subj_rels if ask_obj else self.kg.obj_rels
        rs = sorted((set(pool.get(x, ())) & set(REL)) - {a[1]})
        if not rs:
            return None
        r = self.rng.choice(rs)
        rows = in_range(self.kg.by_sr[(x, r)] if ask_obj else self.kg.by_or[(x, r)], lo, hi)
        gold = sorted({e for _, e in rows})
        X = self.say(x)
        unit = level
        cl = self.clause(a)
        cl0 = self.clause(a, 1)
        if ask_obj:
            text, cons = self.rng.choice([
                (f"Who did {X} {rel(r, 0, '')} in the same {unit} as {cl}?", "obj: in the same month as <event>"),
                (f"In the same {unit} when {cl0}, whom {X} {rel(r, 1, '')}?", "obj: fronted, no do-support"),
                (f"Who did {X} {rel(r, 1, '')} during same {unit} that {cl}?", "obj: did + past, missing article"),
            ])  # fmt: skip
        else:
            text, cons = self.rng.choice([
                (f"Who {rel(r, 1, X)} in the same {unit} as {cl}?", "subj: who R-ed X in the same month as <event>"),
                (f"{cap(f'in the same {unit} that {cl}')}, which actors {rel(r, 2, X)}?",
                 "subj: fronted, present tense"),
            ])  # fmt: skip
        lvl = {"day": "'day'", "month": "'month'", "year": "'year'"}[level]
        me, other = ("SUBJECT", "OBJECT") if ask_obj else ("OBJECT", "SUBJECT")
        cy = (
            ANCHOR
            + f"MATCH (x:Entity {{name: $x}})<-[:{me}]-(e:Event)-[:{other}]->(y:Entity)\n"
            + "WHERE e.relation = $r AND e.recorded_to IS NULL\n"
            + f"  AND date.truncate({lvl}, e.valid_from) = date.truncate({lvl}, ad)\n"
            + "RETURN collect(DISTINCT y.name) AS a"
        )
        return self.q(text, gold, "entity", level, "equal_multi", "Multiple", f"equal_multi: {cons}", r,
                      "anchor day found in Cypher (unique), names of X-R events in the same truncated period", cy,
                      {"x": x, "r": r, "as": a[0], "ar": a[1], "ao": a[2]})  # fmt: skip

    # -- assembly --

    def q(
        self, text: str, gold: list[str], atype: str, level: str, qtype: str, qlabel: str, cons: str, r: str,
        check: str, cypher: str, params: dict[str, Any],
    ) -> Q | None:  # fmt: skip
        if not 1 <= len(gold) <= MAX_GOLD:
            return None
        if atype == "time" and not all(self.lo <= span(g)[0] and span(g)[1] <= self.hi for g in gold):
            return None
        text = " ".join(text.split()).replace(" ,", ",").replace(" ?", "?")
        return Q(text, sorted(gold), atype, level, qtype, qlabel, cons, check, cypher, params | {"_rel": r})


PLAN: list[tuple[str, float]] = [
    ("equal_entity", 0.18),
    ("equal_time", 0.12),
    ("first_last_entity", 0.11),
    ("first_last_time", 0.10),
    ("before_after_date", 0.07),
    ("before_after_event", 0.07),
    ("after_first", 0.11),
    ("before_last", 0.11),
    ("equal_multi", 0.13),
]


def plan(store: str, rng: random.Random) -> list[str]:
    n = TARGET[store]
    slots = [name for name, share in PLAN for _ in range(round(share * n))]
    while len(slots) < n:
        slots.append(PLAN[len(slots) % len(PLAN)][0])
    slots = slots[:n]
    rng.shuffle(slots)
    return slots


def run_check(store: Any, q: Q) -> list[str]:
    params = {k: v for k, v in q.params.items() if not k.startswith("_")}
    rows = store.run(q.cypher, **params)
    return sorted(rows[0]["a"]) if rows else []


def generate(store: Any, name: str) -> tuple[list[dict[str, Any]], Counter[str]]:
    kg = read_kg(store)
    mk = Maker(kg, name)
    makers: dict[str, Callable[[], Q | None]] = {p: getattr(mk, p) for p, _ in PLAN}
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    stats: Counter[str] = Counter()
    for slot in plan(name, mk.rng):
        for _ in range(4000):
            mk.memo.clear()
            q = makers[slot]()
            if q is None or q.question in seen:
                continue
            agrees = run_check(store, q) == q.answers
            stats["checked"] += 1
            if not agrees:
                stats["dropped_disagree"] += 1
                continue
            seen.add(q.question)
            mk.rel_use[q.params["_rel"]] += 1
            qid = f"{PREFIX[name]}{len(out) + 1:03d}"
            out.append({
                "id": qid, "quid": qid, "store": name, "question": q.question, "answers": q.answers,
                "answer_type": q.answer_type, "time_level": q.time_level, "qtype": q.qtype, "qlabel": q.qlabel,
                "construction": q.construction, "check": q.check, "check_agrees": agrees, "evidence": [],
            })  # fmt: skip
            break
        else:
            stats[f"unfilled_{slot}"] += 1
    return out, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIOD), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    rows, stats = generate(store, args.store)
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} questions -> {path}; {dict(sorted(stats.items()))}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
