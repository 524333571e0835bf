"""Blind held-out question set 78 for the symbolic reader: hurried-typist phrasings over the live stores.

Why: the reader's score on sets it was tuned on says little about new wordings. Set 78 is written blind (without
reading the reader, its question parser or earlier sets) in one writer's own constructions, with the surface of a
hurried typist: one or two slips per question in ordinary words (a doubled, dropped or swapped letter, a missing
space or apostrophe, a lower-cased name) and, in about a third of the questions, one letter slip in a name that stays
closest to its own entity by a clear margin (optimal-string-alignment distance, checked against every entity name
and every country part of a sector name in the store). Dates and numbers are never slipped.

How: every (subject, relation, object, day) is read once per store; each gold is computed in Python over that read
(scoped to what the wording says), then recomputed by a second Cypher query written per question shape (anchors and
windows re-derived in Cypher); records whose two answers differ are dropped and counted on stderr.

Run (stores must be up; env selects the store):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_78.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_78.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261278
MARK_L, MARK_R = "\x01", "\x02"

# ------------------------------------------------------------------------------------------- store periods
PERIODS: dict[str, tuple[str, str]] = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
QUOTAS: dict[str, dict[str, int]] = {
    "mtq": {"equal": 20, "first_last": 20, "before_after": 16, "after_first": 14, "before_last": 14, "equal_multi": 16},
    "bench": {
        "equal": 14,
        "first_last": 14,
        "before_after": 11,
        "after_first": 10,
        "before_last": 10,
        "equal_multi": 11,
    },
}
QLABEL = {
    "equal": "Single",
    "first_last": "Single",
    "before_after": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}

# ------------------------------------------------------------------------------------------- relation wording
# relation -> (past, base); "{o}" is the object's place. Own paraphrases, one wording per relation, chosen so that a
# reader maps each to this relation and not to a neighbour (Accuse vs Accuse_of_crime, Consult vs negotiation, ...).
PHRASES: dict[str, tuple[str, str]] = {
    "Make_statement": ("made a public statement about {o}", "make a public statement about {o}"),
    "Consult": ("held consultations with {o}", "hold consultations with {o}"),
    "Make_an_appeal_or_request": ("made an appeal or a request to {o}", "make an appeal or a request to {o}"),
    "Express_intent_to_meet_or_negotiate": (
        "signalled a willingness to meet or negotiate with {o}",
        "signal a willingness to meet or negotiate with {o}",
    ),
    "Make_a_visit": ("paid a visit to {o}", "pay a visit to {o}"),
    "Host_a_visit": ("played host to {o}", "play host to {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
    ),
    "Praise_or_endorse": ("had words of praise for {o}", "have words of praise for {o}"),
    "Criticize_or_denounce": ("publicly criticised {o}", "publicly criticise {o}"),
    "Accuse": ("levelled accusations at {o}", "level accusations at {o}"),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use conventional military force against {o}",
    ),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}"),
    "Express_intent_to_cooperate": (
        "voiced an intention to cooperate with {o}",
        "voice an intention to cooperate with {o}",
    ),
    "Demand": ("made demands of {o}", "make demands of {o}"),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with {o}", "cooperate diplomatically with {o}"),
    "Sign_formal_agreement": ("signed a formal agreement with {o}", "sign a formal agreement with {o}"),
    "Investigate": ("launched an investigation into {o}", "launch an investigation into {o}"),
    "Discuss_by_telephone": ("spoke on the phone with {o}", "speak on the phone with {o}"),
    "Reject": ("rebuffed {o}", "rebuff {o}"),
    "fight_with_small_arms_and_light_weapons": (
        "fought {o} with small arms and light weapons",
        "fight {o} with small arms and light weapons",
    ),
    "Make_optimistic_comment": ("made upbeat remarks about {o}", "make upbeat remarks about {o}"),
    "Make_pessimistic_comment": ("made gloomy remarks about {o}", "make gloomy remarks about {o}"),
    "Threaten": ("threatened {o}", "threaten {o}"),
    "Demonstrate_or_rally": ("staged a protest or rally aimed at {o}", "stage a protest or rally aimed at {o}"),
    "Abduct,_hijack,_or_take_hostage": ("kidnapped or took hostage {o}", "kidnap or take hostage {o}"),
    "Meet_at_a_'third'_location": ("met {o} at a third-party venue", "meet {o} at a third-party venue"),
    "Engage_in_symbolic_act": ("made a symbolic gesture toward {o}", "make a symbolic gesture toward {o}"),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "called for diplomatic cooperation from {o}",
        "call for diplomatic cooperation from {o}",
    ),
    "Return,_release_person(s)": ("set free or handed back {o}", "set free or hand back {o}"),
    "Protest_violently,_riot": ("rioted against {o}", "riot against {o}"),
    "Provide_humanitarian_aid": ("gave humanitarian aid to {o}", "give humanitarian aid to {o}"),
    "Make_empathetic_comment": ("expressed sympathy for {o}", "express sympathy for {o}"),
    "Use_tactics_of_violent_repression": ("violently repressed {o}", "violently repress {o}"),
    "Occupy_territory": ("occupied territory of {o}", "occupy territory of {o}"),
    "Physically_assault": ("physically assaulted {o}", "physically assault {o}"),
    "Reduce_or_break_diplomatic_relations": (
        "cut or downgraded diplomatic ties with {o}",
        "cut or downgrade diplomatic ties with {o}",
    ),
    "Impose_administrative_sanctions": (
        "imposed administrative sanctions on {o}",
        "impose administrative sanctions on {o}",
    ),
    "Ease_administrative_sanctions": ("eased administrative sanctions on {o}", "ease administrative sanctions on {o}"),
    "Bring_lawsuit_against": ("filed a lawsuit against {o}", "file a lawsuit against {o}"),
    "Confiscate_property": ("seized property from {o}", "seize property from {o}"),
    "Cooperate_economically": ("cooperated economically with {o}", "cooperate economically with {o}"),
    "Cooperate_militarily": ("cooperated militarily with {o}", "cooperate militarily with {o}"),
    "Sexually_assault": ("sexually assaulted {o}", "sexually assault {o}"),
    "Complain_officially": ("lodged an official complaint against {o}", "lodge an official complaint against {o}"),
    "Rally_support_on_behalf_of": ("rallied support on behalf of {o}", "rally support on behalf of {o}"),
    "Impose_embargo,_boycott,_or_sanctions": (
        "slapped an embargo, boycott or sanctions on {o}",
        "slap an embargo, boycott or sanctions on {o}",
    ),
    "Threaten_with_military_force": ("threatened military force against {o}", "threaten military force against {o}"),
    "Provide_military_aid": ("gave military aid to {o}", "give military aid to {o}"),
    "Provide_economic_aid": ("gave economic aid to {o}", "give economic aid to {o}"),
    "Employ_aerial_weapons": ("carried out air strikes against {o}", "carry out air strikes against {o}"),
    "Express_accord": ("voiced agreement with {o}", "voice agreement with {o}"),
    "Grant_diplomatic_recognition": ("granted diplomatic recognition to {o}", "grant diplomatic recognition to {o}"),
    "Accuse_of_crime,_corruption": ("accused {o} of crime or corruption", "accuse {o} of crime or corruption"),
    "Accuse_of_human_rights_abuses": ("accused {o} of human rights abuses", "accuse {o} of human rights abuses"),
    "Reject_proposal_to_meet,_discuss,_or_negotiate": (
        "turned down an offer of talks from {o}",
        "turn down an offer of talks from {o}",
    ),
    "Share_intelligence_or_information": (
        "shared intelligence or information with {o}",
        "share intelligence or information with {o}",
    ),
    "Give_ultimatum": ("issued an ultimatum to {o}", "issue an ultimatum to {o}"),
    "Impose_restrictions_on_political_freedoms": (
        "curbed the political freedoms of {o}",
        "curb the political freedoms of {o}",
    ),
}

# Sector entities said naturally: "Police (Kenya)" -> "the police in Kenya". Only the country part is a name.
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens of {c}", "ordinary people in {c}"),
    "Police": ("the police in {c}", "{p} police"),
    "Government": ("the government of {c}", "{p} government"),
    "Head of Government": ("the head of government of {c}", "{p} head of government"),
    "Foreign Affairs": ("{p} foreign ministry", "the foreign ministry of {c}"),
    "Military": ("the military of {c}",),
    "Protester": ("protesters in {c}", "demonstrators in {c}"),
    "Cabinet / Council of Ministers / Advisors": ("{p} cabinet",),
    "Lawyer/Attorney": ("lawyers in {c}",),
    "Criminal": ("criminals in {c}",),
    "Militant": ("militants in {c}",),
    "Media": ("the media in {c}", "{p} media"),
    "Defense / Security Ministry": ("{p} defence ministry",),
    "Business": ("the business community in {c}",),
    "Women": ("women in {c}",),
    "Children": ("children in {c}",),
    "Student": ("students in {c}",),
    "Armed Rebel": ("armed rebels in {c}",),
    "Legislature": ("{p} legislature",),
    "Labor Union": ("labour unions in {c}",),
    "Insurgent": ("insurgents in {c}",),
    "Treasury/Finance Ministry": ("{p} finance ministry",),
    "Health Ministry": ("{p} health ministry",),
    "Election Commission": ("the election commission of {c}",),
}
THE_COUNTRIES = (
    "United States",
    "United Kingdom",
    "United Arab Emirates",
    "United Nations",
    "Czech Republic",
    "Central African",
    "Democratic Republic",
    "Republic of",
    "Netherlands",
    "Philippines",
    "Gambia",
    "Bahamas",
    "Occupied Palestinian",
    "Holy See",
    "Comoros",
    "Maldives",
)
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
# Temporal keywords take only a doubled letter (never a real word in its place: "fist", "las").
KEYWORDS = {
    "first",
    "last",
    "before",
    "after",
    "earlier",
    "same",
    "next",
    "month",
    "year",
    "day",
    "date",
    "prior",
    "following",
    "most",
    "recent",
    "later",
    "earliest",
    "latest",
}

# Slips that would land on another real word are typed as a doubled letter instead.
REAL_WORD_SLIPS = {
    "untied",
    "trail",
    "casual",
    "form",
    "fro",
    "hot",
    "met",
    "fist",
    "wit",
    "tow",
    "sing",
    "dairy",
    "payed",
}
NOT_PLACES = {"Unidentified State Actor", "International"}
Fact = tuple[str, str, str, str]  # (subject key, relation, object key, day)


# ------------------------------------------------------------------------------------------- data
@dataclass
class KG:
    names: dict[str, str]
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))
    facts: list[Fact] = field(default_factory=list)
    facts_by_day: list[Fact] = field(default_factory=list)
    days: list[str] = field(default_factory=list)
    keys_sr: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    keys_ro: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))


def read_kg(store: Any) -> KG:
    """Every (subject, relation, object, day) of the store, read once."""
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.key AS s, s.name AS sn, e.relation AS r, o.key AS o, o.name AS on, toString(e.valid_from) AS d"
    )
    names: dict[str, str] = {}
    facts: set[Fact] = set()
    for row in rows:
        names[row["s"]] = row["sn"]
        names[row["o"]] = row["on"]
        facts.add((row["s"], row["r"], row["o"], row["d"]))
    kg = KG(names=names, facts=sorted(facts))
    for s, r, o, d in kg.facts:
        kg.by_sr[(s, r)].append((d, o))
        kg.by_ro[(r, o)].append((d, s))
        kg.by_sro[(s, r, o)].append(d)
    kg.facts_by_day = sorted(kg.facts, key=lambda f: (f[3], f))
    kg.days = [f[3] for f in kg.facts_by_day]
    for k in sorted(kg.by_sr):
        kg.keys_sr[k[1]].append(k)
    for k in sorted(kg.by_ro):
        kg.keys_ro[k[0]].append(k)
    return kg


# ------------------------------------------------------------------------------------------- gold (Python)
@dataclass
class Spec:
    """What a question asks: the answer role over the events matching the fixed parts within a window."""

    target: str  # "o" (objects of s,r), "s" (subjects of r,o), "t" (times of s,r,o)
    s: str
    r: str
    o: str
    agg: str  # "all" | "first" | "last"
    gran: str  # answer granularity for "t"; time level of the question otherwise
    lo: str
    hi: str
    anchor: dict[str, Any] = field(default_factory=dict)  # for the check: how the window was derived


def trunc(day: str, gran: str) -> str:
    return day[: {"day": 10, "month": 7, "year": 4}[gran]]


def python_gold(kg: KG, sp: Spec) -> list[str]:
    if sp.target == "o":
        rows = [(d, kg.names[o]) for d, o in kg.by_sr.get((sp.s, sp.r), [])]
    elif sp.target == "s":
        rows = [(d, kg.names[s]) for d, s in kg.by_ro.get((sp.r, sp.o), [])]
    else:
        rows = [(d, trunc(d, sp.gran)) for d in kg.by_sro.get((sp.s, sp.r, sp.o), [])]
    rows = [(d, v) for d, v in rows if sp.lo <= d <= sp.hi]
    if not rows:
        return []
    if sp.agg == "first":
        m = min(d for d, _ in rows)
        rows = [(d, v) for d, v in rows if d == m]
    elif sp.agg == "last":
        m = max(d for d, _ in rows)
        rows = [(d, v) for d, v in rows if d == m]
    return sorted({v for _, v in rows})


# ------------------------------------------------------------------------------------------- check (Cypher)
def check_query(sp: Spec) -> tuple[str, dict[str, Any], str]:
    """A second, differently written computation: Cypher that re-derives the anchor day and window itself."""
    params: dict[str, Any] = {"s": sp.s, "r": sp.r, "o": sp.o}
    parts: list[str] = []
    how: list[str] = []
    a = sp.anchor
    if a.get("kind") == "event":
        parts.append(
            "MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {key: $ao}) WHERE a.relation = $ar "
            "WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad"
        )
        params.update({"as": a["s"], "ar": a["r"], "ao": a["o"]})
        how.append("anchor day re-read in Cypher (exactly one match)")
    else:
        parts.append("WITH date($ad) AS ad")
        params["ad"] = a.get("day", sp.lo)
    if sp.target == "o":
        parts.append("MATCH (x:Entity {key: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity) WHERE e.relation = $r")
        value = "y.name"
    elif sp.target == "s":
        parts.append("MATCH (y:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity {key: $o}) WHERE e.relation = $r")
        value = "y.name"
    else:
        parts.append(
            "MATCH (x:Entity {key: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity {key: $o}) WHERE e.relation = $r"
        )
        value = {
            "day": "toString(e.valid_from)",
            "month": "toString(e.valid_from.year) + '-' + right('0' + toString(e.valid_from.month), 2)",
            "year": "toString(e.valid_from.year)",
        }[sp.gran]
    rel = a.get("rel")
    conds = []
    if rel == "before":
        conds.append("e.valid_from < ad")
    elif rel == "after":
        conds.append("e.valid_from > ad")
    elif rel == "same_day":
        conds.append("e.valid_from = ad")
    elif rel == "same_month":
        conds.append("e.valid_from.year = ad.year AND e.valid_from.month = ad.month")
    elif rel == "same_year":
        conds.append("e.valid_from.year = ad.year")
    lo_y, hi_y = int(sp.lo[:4]), int(sp.hi[:4])
    conds.append("e.valid_from.year >= $lo_y AND e.valid_from.year <= $hi_y")
    params.update({"lo_y": lo_y, "hi_y": hi_y})
    if rel in (None, "period"):
        conds.append("duration.inDays(date($lo), e.valid_from).days >= 0")
        conds.append("duration.inDays(e.valid_from, date($hi)).days >= 0")
        params.update({"lo": sp.lo, "hi": sp.hi})
    parts.append("AND " + " AND ".join(conds))
    how.append("window: " + " AND ".join(conds))
    if sp.agg == "all":
        parts.append(f"RETURN collect(DISTINCT {value}) AS vals")
    else:
        order = "ASC" if sp.agg == "first" else "DESC"
        parts.append(
            f"WITH e.valid_from AS d, {value} AS v ORDER BY d {order} "
            "WITH collect([d, v]) AS pairs WHERE size(pairs) > 0 "
            "RETURN [p IN pairs WHERE p[0] = pairs[0][0] | p[1]] AS vals"
        )
        how.append(f"ordered by day {order}, values on the top day")
    return " ".join(parts), params, "; ".join(how)


def cypher_gold(store: Any, sp: Spec) -> tuple[list[str], str]:
    q, params, how = check_query(sp)
    rows = store.run(q, **params)
    vals = rows[0]["vals"] if rows else []
    return sorted(set(vals)), f"cypher ({sp.target}-role, {sp.agg}): {how}"


# ------------------------------------------------------------------------------------------- surfaces
def mark(text: str) -> str:
    return f"{MARK_L}{text}{MARK_R}"


def country(c: str) -> str:
    return ("the " if c.startswith(THE_COUNTRIES) else "") + mark(c)


def surface(name: str, rng: random.Random) -> str | None:
    """How a hurried analyst would name an entity; None when it has no natural wording."""
    if "(" not in name:
        if "/" in name or "," in name or len(name) < 3:
            return None
        return country(name)
    sector, _, rest = name.partition(" (")
    c = rest[:-1] if rest.endswith(")") else ""
    if sector not in SECTORS or not c or "(" in c or "," in c or c in NOT_PLACES:
        return None
    form = rng.choice(SECTORS[sector])
    if "{p}" in form:
        if c.startswith(THE_COUNTRIES) or c.endswith("s"):
            form = SECTORS[sector][0] if "{p}" not in SECTORS[sector][0] else form.replace("{p}", "{c}'")
        form = form.replace("{p}", "{c}'s")
    out = form.replace("{c}", country(c))
    return out.replace("the the ", "the ")


def fmt_day(day: str, rng: random.Random) -> str:
    d = date.fromisoformat(day)
    m = MONTHS[d.month - 1]
    return rng.choice([f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", day])


def fmt_month(month: str) -> str:
    y, m = month.split("-")
    return f"{MONTHS[int(m) - 1]} {y}"


def clause(kg: KG, s: str, r: str, o: str, rng: random.Random, form: int = 0) -> str | None:
    ss, os_ = surface(kg.names[s], rng), surface(kg.names[o], rng)
    if ss is None or os_ is None:
        return None
    return f"{ss} {PHRASES[r][form].format(o=os_)}"


def obj_gap(r: str, form: int = 1) -> str:
    """The relation phrase with its object taken out ("pay a visit to")."""
    return PHRASES[r][form].replace(" {o}", "").replace("{o} ", "")


# ------------------------------------------------------------------------------------------- slips
def osa(a: str, b: str) -> int:
    """Optimal string alignment distance (a swap of neighbours costs 1)."""
    la, lb = len(a), len(b)
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        for j in range(1, lb + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[lb]


def letter_slip(word: str, rng: random.Random, kinds: tuple[str, ...]) -> tuple[str, str]:
    kind = rng.choice(kinds)
    i = rng.randrange(1, len(word) - 1)
    if kind == "double":
        return word[:i] + word[i] + word[i:], "double"
    if kind == "drop":
        return word[:i] + word[i + 1 :], "drop"
    if word[i] == word[i + 1]:
        return word[:i] + word[i] + word[i:], "double"
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :], "swap"


def split_marked(q: str) -> list[tuple[bool, str]]:
    """[(is_name, text)] segments of a marked question."""
    out: list[tuple[bool, str]] = []
    rest = q
    while MARK_L in rest:
        pre, _, tail = rest.partition(MARK_L)
        name, _, rest = tail.partition(MARK_R)
        out.append((False, pre))
        out.append((True, name))
    out.append((False, rest))
    return out


def ordinary_slip(segs: list[tuple[bool, str]], rng: random.Random) -> str | None:
    """One slip in ordinary text (or a lower-cased name); edits segs in place; returns its description."""
    options: list[tuple[str, int, int]] = []
    for k, (is_name, text) in enumerate(segs):
        if is_name:
            if text != text.lower():
                options.append(("lower", k, 0))
            continue
        words = text.split(" ")
        for w_i, w in enumerate(words):
            core = w.strip("?,.")
            if core.isalpha() and len(core) >= 4 and core not in MONTHS and core.lower() not in ("2014", "2015"):
                options.append(("letter", k, w_i))
            if w.endswith("'s") or w.endswith("'"):
                options.append(("apostrophe", k, w_i))
            if (
                w_i + 1 < len(words)
                and w.isalpha()
                and words[w_i + 1].isalpha()
                and w not in MONTHS
                and words[w_i + 1] not in MONTHS
            ):
                options.append(("space", k, w_i))
    if not options:
        return None
    kind, k, w_i = rng.choice(options)
    is_name, text = segs[k]
    if kind == "lower":
        segs[k] = (is_name, text.lower())
        return f"lower-cased name '{text}'"
    words = text.split(" ")
    w = words[w_i]
    if kind == "apostrophe":
        words[w_i] = w.replace("'", "")
        desc = f"missing apostrophe '{w}'"
    elif kind == "space":
        words[w_i : w_i + 2] = [w + words[w_i + 1]]
        desc = f"missing space '{w} {words[w_i][len(w) :]}'"
    else:
        core = w.strip("?,.")
        kinds = ("double",) if core.lower() in KEYWORDS or len(core) < 5 else ("double", "drop", "swap")
        new, how = letter_slip(core, rng, kinds)
        if new.lower() in REAL_WORD_SLIPS:
            new, how = core[:1] + core[1] + core[1:], "double"
        words[w_i] = w.replace(core, new)
        desc = f"{how} '{core}'->'{new}'"
    segs[k] = (is_name, " ".join(words))
    return desc


def name_slip(segs: list[tuple[bool, str]], rng: random.Random, vocab: list[str]) -> str | None:
    """One letter slip in a name, kept only where the slipped form stays nearest its own name by >= 2."""
    cands = [k for k, (is_name, t) in enumerate(segs) if is_name and any(len(w) >= 5 for w in t.split())]
    rng.shuffle(cands)
    for k in cands:
        text = segs[k][1]
        words = text.split(" ")
        idx = [i for i, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
        if not idx:
            continue
        w_i = rng.choice(idx)
        new_w, how = letter_slip(words[w_i], rng, ("double", "drop", "swap"))
        slipped = " ".join([*words[:w_i], new_w, *words[w_i + 1 :]])
        low, own_name = slipped.lower(), text.lower()
        own = osa(low, own_name)
        near = min(
            (osa(low, v) for v in vocab if v != own_name and abs(len(v) - len(low)) < own + 2),
            default=99,
        )
        if near >= own + 2:
            segs[k] = (True, slipped)
            return f"name {how} '{text}'->'{slipped}' (own {own}, nearest other {near})"
    return None


def name_vocab(kg: KG) -> list[str]:
    out = set()
    for n in kg.names.values():
        out.add(n.lower())
        if n.endswith(")") and " (" in n:
            out.add(n.partition(" (")[2][:-1].lower())
    return sorted(out)


# ------------------------------------------------------------------------------------------- question makers
@dataclass
class Cand:
    question: str
    spec: Spec
    qtype: str
    answer_type: str
    time_level: str
    construction: str


def pick_pair(kg: KG, rng: random.Random, rel: str, role: str, lo: str, hi: str) -> tuple[str, str] | None:
    """A random (subject|object key, relation) pair with events in [lo, hi]; role 's' fixes the subject."""
    table = kg.by_sr if role == "s" else kg.by_ro
    keys = (kg.keys_sr if role == "s" else kg.keys_ro).get(rel, [])
    if not keys:
        return None
    for _ in range(30):
        k = rng.choice(keys)
        if any(lo <= d <= hi for d, _ in table[k]):
            ent = k[0] if role == "s" else k[1]
            return ent, rel
    return None


def pick_anchor(kg: KG, rng: random.Random, lo: str, hi: str, avoid: tuple[str, str, str]) -> tuple[str, ...] | None:
    """An event (s, r, o, day) with a phrase, natural surfaces, one occurrence in the whole store, day in [lo, hi]."""
    for _ in range(200):
        s, r, o, d = rng.choice(kg.facts)
        if r not in PHRASES or not (lo <= d <= hi) or len(kg.by_sro[(s, r, o)]) != 1:
            continue
        if (s, r, o) == avoid or s == o:
            continue
        if surface(kg.names[s], random.Random(0)) is None or surface(kg.names[o], random.Random(0)) is None:
            continue
        return s, r, o, d
    return None


def year_scope(day: str) -> tuple[str, str]:
    return f"{day[:4]}-01-01", f"{day[:4]}-12-31"


class Maker:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg, self.store, self.rng = kg, store_name, rng
        self.lo, self.hi = PERIODS[store_name]
        self.mtq = store_name == "mtq"

    def shift(self, day: str, n: int) -> str:
        return (date.fromisoformat(day) + timedelta(days=n)).isoformat()

    # --- equal ---------------------------------------------------------------------------------------
    def equal(self, rel: str) -> Cand | None:
        rng, kg = self.rng, self.kg
        variant = rng.choice(["obj_month", "subj_day", "obj_year", "time_saw_month", "time_when_day", "time_year"])
        if variant == "time_year" and not self.mtq:
            variant = "time_saw_month"
        if variant in ("obj_month", "obj_year", "subj_day"):
            role = "s" if variant != "subj_day" else "o"
            p = pick_pair(kg, rng, rel, role, self.lo, self.hi)
            if p is None:
                return None
            ent = p[0]
            rows = kg.by_sr[(ent, rel)] if role == "s" else kg.by_ro[(rel, ent)]
            days = [d for d, _ in rows if self.lo <= d <= self.hi]
            day = rng.choice(days)
            gran = {"obj_month": "month", "obj_year": "year", "subj_day": "day"}[variant]
            val = trunc(day, gran)
            lo = f"{val}-01" if gran == "month" else (f"{val}-01-01" if gran == "year" else val)
            hi = {"day": val, "month": self.month_end(lo), "year": f"{val}-12-31"}[gran]
            sp = Spec(
                "o" if role == "s" else "s",
                ent if role == "s" else "",
                rel,
                ent if role == "o" else "",
                "all",
                gran,
                lo,
                hi,
                {"kind": "period", "rel": "period"},
            )
            es = surface(kg.names[ent], rng)
            if es is None:
                return None
            if variant == "obj_month":
                when = fmt_month(val)
                q = rng.choice(
                    [f"Who did {es} {obj_gap(rel)} in {when}?", f"In {when}, which parties did {es} {obj_gap(rel)}?"]
                )
            elif variant == "obj_year":
                q = rng.choice(
                    [
                        f"Over the course of {val}, who did {es} {obj_gap(rel)}?",
                        f"List everyone {es} {obj_gap(rel, 0)} during {val}.",
                    ]
                )
            else:
                q = rng.choice(
                    [
                        f"Who {PHRASES[rel][0].format(o=es)} on {fmt_day(val, rng)}?",
                        f"On {fmt_day(val, rng)}, which actors {PHRASES[rel][0].format(o=es)}?",
                    ]
                )
            return Cand(q, sp, "equal", "entity", gran, f"equal: {variant}")
        # time answers
        p = pick_pair(kg, rng, rel, "s", self.lo, self.hi)
        if p is None:
            return None
        s = p[0]
        objs = sorted({o for d, o in kg.by_sr[(s, rel)] if self.lo <= d <= self.hi})
        o = rng.choice(objs)
        gran = {"time_saw_month": "month", "time_when_day": "day", "time_year": "year"}[variant]
        lo, hi = self.lo, self.hi
        scope = ""
        if self.mtq and variant != "time_year":
            y = rng.choice(["2014", "2015"])
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            scope = y
        sp = Spec("t", s, rel, o, "all", gran, lo, hi, {"kind": "period", "rel": "period"})
        cl = clause(kg, s, rel, o, rng, 1)
        if cl is None:
            return None
        gold = python_gold(kg, sp)
        many = len(gold) > 1
        if variant == "time_saw_month":
            of = f" of {scope}" if scope else ""
            q = f"Which months{of} saw {cl}?" if many else f"Which month{of} saw {cl}?"
        elif variant == "time_when_day":
            inn = f" in {scope}" if scope else ""
            q = f"On which days{inn} did {cl}?" if many else f"When{inn} did {cl}? I need the exact date."
        else:
            q = f"In which of the two years 2014 and 2015 did {cl}?"
        return Cand(q, sp, "equal", "time", gran, f"equal: {variant}")

    # --- first_last ---------------------------------------------------------------------------------
    def first_last(self, rel: str) -> Cand | None:
        rng, kg = self.rng, self.kg
        variant = rng.choice(
            ["subj_first", "obj_last", "time_first_month", "time_last_day", "time_saw_first_month", "time_last_year"]
        )
        if variant == "time_last_year" and not self.mtq:
            variant = "time_last_day"
        agg = "first" if "first" in variant else "last"
        lo, hi, scope = self.lo, self.hi, ""
        if self.mtq and agg == "first":
            y = rng.choice(["2014", "2015"])
            lo, hi, scope = f"{y}-01-01", f"{y}-12-31", y
        if variant == "subj_first":
            p = pick_pair(kg, rng, rel, "o", lo, hi)
            if p is None:
                return None
            o = p[0]
            os_ = surface(kg.names[o], rng)
            if os_ is None:
                return None
            sp = Spec("s", "", rel, o, agg, "day", lo, hi, {"kind": "period", "rel": "period"})
            inn = f" in {scope}" if scope else ""
            q = rng.choice(
                [
                    f"Who was the first to {PHRASES[rel][1].format(o=os_)}{inn}?",
                    f"Which actor was the earliest{inn} to {PHRASES[rel][1].format(o=os_)}?",
                ]
            )
            return Cand(q, sp, "first_last", "entity", "day", f"first_last: {variant}")
        if variant == "obj_last":
            p = pick_pair(kg, rng, rel, "s", lo, hi)
            if p is None:
                return None
            s = p[0]
            ss = surface(kg.names[s], rng)
            if ss is None:
                return None
            sp = Spec("o", s, rel, "", agg, "day", lo, hi, {"kind": "period", "rel": "period"})
            q = rng.choice([f"Who did {ss} last {obj_gap(rel)}?", f"Most recently, who did {ss} {obj_gap(rel)}?"])
            return Cand(q, sp, "first_last", "entity", "day", f"first_last: {variant}")
        p = pick_pair(kg, rng, rel, "s", lo, hi)
        if p is None:
            return None
        s = p[0]
        objs = sorted({o for d, o in kg.by_sr[(s, rel)] if lo <= d <= hi})
        o = rng.choice(objs)
        gran = {
            "time_first_month": "month",
            "time_last_day": "day",
            "time_saw_first_month": "month",
            "time_last_year": "year",
        }[variant]
        sp = Spec("t", s, rel, o, agg, gran, lo, hi, {"kind": "period", "rel": "period"})
        cl = clause(kg, s, rel, o, rng, 1)
        if cl is None:
            return None
        inn = f" of {scope}" if scope else ""
        if variant == "time_first_month":
            q = f"In which month{inn} did {cl} for the first time?"
        elif variant == "time_saw_first_month":
            q = f"Which month{inn} saw {cl} for the very first time?"
        elif variant == "time_last_day":
            q = rng.choice(
                [
                    f"When was the last time that {clause(kg, s, rel, o, rng, 0)}?",
                    f"What is the most recent date on which {clause(kg, s, rel, o, rng, 0)}?",
                ]
            )
        else:
            q = f"In what year did {cl} for the last time?"
        return Cand(q, sp, "first_last", "time", gran, f"first_last: {variant}")

    # --- anchored (before_after, after_first, before_last, equal_multi) ------------------------------
    def anchored(self, qtype: str, rel: str) -> Cand | None:
        rng, kg = self.rng, self.kg
        if qtype == "before_after":
            variant = rng.choice(["date_before_obj", "date_after_subj", "event_after_obj", "event_before_subj"])
        elif qtype in ("after_first", "before_last"):
            variant = rng.choice(["subj", "obj", "time_day", "time_month"])
        else:
            variants = ["month_obj", "day_subj", "month_time_day", "year_obj"]
            variant = rng.choice(variants if self.mtq else variants[:3])
        role = "o" if ("subj" in variant) else "s"
        p = pick_pair(kg, rng, rel, role, self.lo, self.hi)
        if p is None:
            return None
        ent = p[0]
        rows = kg.by_sr[(ent, rel)] if role == "s" else kg.by_ro[(rel, ent)]
        days = sorted(d for d, _ in rows if self.lo <= d <= self.hi)
        other = ""
        if variant.startswith("time") or variant == "month_time_day":
            other = rng.choice(sorted({o for d, o in rows if self.lo <= d <= self.hi}))
            days = sorted(kg.by_sro[(ent, rel, other)])
            days = [d for d in days if self.lo <= d <= self.hi]
        pivot = rng.choice(days)
        fixed = (ent, rel, other) if role == "s" else ("", rel, ent)
        anchor: tuple[str, ...] | None = None
        date_anchor = variant.startswith("date")
        if date_anchor:
            ad = self.shift(pivot, rng.choice([-9, -4, 3, 8]))
            if not (self.lo <= ad <= self.hi):
                return None
        else:
            # an anchor event near a pivot of the target pair
            lo_a, hi_a = self.shift(pivot, -40), self.shift(pivot, 40)
            if qtype == "equal_multi":
                lo_a, hi_a = {
                    "month_obj": (pivot[:7] + "-01", pivot[:7] + "-31"),
                    "day_subj": (pivot, pivot),
                    "month_time_day": (pivot[:7] + "-01", pivot[:7] + "-31"),
                    "year_obj": (pivot[:4] + "-01-01", pivot[:4] + "-12-31"),
                }[variant]
            anchor = self.anchor_in(max(lo_a, self.lo), min(hi_a, self.hi), fixed)
            if anchor is None:
                return None
            ad = anchor[3]
        # window
        before = "before" in variant if qtype == "before_after" else qtype == "before_last"
        scope_y = ""
        if qtype == "equal_multi":
            rel_kind = {
                "month_obj": "same_month",
                "day_subj": "same_day",
                "month_time_day": "same_month",
                "year_obj": "same_year",
            }[variant]
            gran = {"same_month": "month", "same_day": "day", "same_year": "year"}[rel_kind]
            lo = ad if gran == "day" else (ad[:7] + "-01" if gran == "month" else ad[:4] + "-01-01")
            hi = ad if gran == "day" else (self.month_end(ad) if gran == "month" else ad[:4] + "-12-31")
        elif before:
            rel_kind = "before"
            lo, hi = self.lo, self.shift(ad, -1)
            if self.mtq and qtype == "before_after":
                lo, scope_y = year_scope(ad)[0], ad[:4]
        else:
            rel_kind = "after"
            lo, hi = self.shift(ad, 1), self.hi
        agg = {"after_first": "first", "before_last": "last"}.get(qtype, "all")
        target = "t" if (variant.startswith("time") or variant == "month_time_day") else ("o" if role == "s" else "s")
        agran = "day"
        if variant in ("time_month",):
            agran = "month"
        a_info: dict[str, Any] = {"rel": rel_kind}
        if anchor is None:
            a_info.update({"kind": "date", "day": ad})
        else:
            a_info.update({"kind": "event", "s": anchor[0], "r": anchor[1], "o": anchor[2]})
        tl = {"same_month": "month", "same_year": "year"}.get(rel_kind, "day")
        sp = Spec(target, fixed[0], rel, fixed[2], agg, agran if target == "t" else tl, lo, hi, a_info)
        # wording
        a_cl = clause(kg, anchor[0], anchor[1], anchor[2], rng, 0) if anchor else None
        if anchor is not None and a_cl is None:
            return None
        es = surface(kg.names[ent], rng)
        if es is None:
            return None
        gap = obj_gap(rel)
        q = ""
        if qtype == "before_after":
            if variant == "date_before_obj":
                dd = fmt_day(ad, rng)
                q = (
                    f"In {ad[:4]}, prior to {dd}, who did {es} {gap}?"
                    if self.mtq
                    else f"Before {dd}, who did {es} {gap}?"
                )
            elif variant == "date_after_subj":
                q = f"Who {PHRASES[rel][0].format(o=es)} at any point after {fmt_day(ad, rng)}?"
            elif variant == "event_after_obj":
                q = f"Once {a_cl}, who did {es} go on to {gap}?"
            else:
                pre = f"Earlier in {scope_y} than the day " if scope_y else "Before the day "
                q = f"{pre}{a_cl}, who {PHRASES[rel][0].format(o=es)}?"
        elif qtype == "after_first":
            if variant == "subj":
                q = f"After {a_cl}, who was the first to {PHRASES[rel][1].format(o=es)}?"
            elif variant == "obj":
                q = f"Following the day {a_cl}, who did {es} {gap} first?"
            else:
                cl = clause(kg, ent, rel, other, rng, 1)
                if cl is None:
                    return None
                q = (
                    f"After {a_cl}, when did {cl} next?"
                    if variant == "time_day"
                    else f"After {a_cl}, in which month did {cl} for the first time?"
                )
        elif qtype == "before_last":
            if variant == "subj":
                q = f"Who was the last to {PHRASES[rel][1].format(o=es)} before {a_cl}?"
            elif variant == "obj":
                q = f"Prior to the day {a_cl}, who did {es} last {gap}?"
            else:
                cl = clause(kg, ent, rel, other, rng, 1)
                if cl is None:
                    return None
                q = (
                    f"Before {a_cl}, on what date did {cl} most recently?"
                    if variant == "time_day"
                    else f"Which was the last month before {a_cl} in which {clause(kg, ent, rel, other, rng, 0)}?"
                )
        else:
            if variant == "month_obj":
                q = f"In the same month as {a_cl}, who did {es} {gap}?"
            elif variant == "day_subj":
                q = f"Who {PHRASES[rel][0].format(o=es)} on the same day that {a_cl}?"
            elif variant == "year_obj":
                q = f"During the same year in which {a_cl}, who did {es} {gap}?"
            else:
                cl = clause(kg, ent, rel, other, rng, 1)
                if cl is None:
                    return None
                gold = python_gold(kg, sp)
                days = "which days" if len(gold) > 1 else "which day"
                q = f"During the month when {a_cl}, on {days} did {cl}?"
        if variant == "time_month" and ad[:7] in python_gold(kg, sp):
            return None  # "the last month before A" must not be A's own month (a reader could take it either way)
        atype = "time" if target == "t" else "entity"
        return Cand(q, sp, qtype, atype, sp.gran if atype == "time" else tl, f"{qtype}: {variant}")

    def month_end(self, day: str) -> str:
        return self.shift(self.shift(day[:7] + "-28", 4)[:7] + "-01", -1)

    def anchor_in(self, lo: str, hi: str, fixed: tuple[str, str, str]) -> tuple[str, ...] | None:
        rng, kg = self.rng, self.kg
        i, j = bisect.bisect_left(kg.days, lo), bisect.bisect_right(kg.days, hi)
        pool = kg.facts_by_day[i:j]
        for _ in range(60):
            if not pool:
                return None
            s, r, o, d = rng.choice(pool)
            if r not in PHRASES or len(kg.by_sro[(s, r, o)]) != 1 or s == o:
                continue
            if r == fixed[1] and (s == fixed[0] or o == fixed[2]):
                continue
            if surface(kg.names[s], random.Random(0)) is None or surface(kg.names[o], random.Random(0)) is None:
                continue
            return s, r, o, d
        return None


# ------------------------------------------------------------------------------------------- driver
def build(store: Any, store_name: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rng = random.Random(f"{SEED}-{store_name}")
    kg = read_kg(store)
    vocab = name_vocab(kg)
    maker = Maker(kg, store_name, rng)
    rels = sorted(r for r in PHRASES if any(k[1] == r for k in kg.by_sr))
    used: Counter[str] = Counter()
    seen_q: set[str] = set()
    stats = {"candidates": 0, "disagree": 0, "bad_size": 0}
    records: list[dict[str, Any]] = []
    prefix = "b78m" if store_name == "mtq" else "b78b"
    order = [qt for qt, n in QUOTAS[store_name].items() for _ in range(n)]
    rng.shuffle(order)
    for qtype in order:
        for _attempt in range(400):
            rel = min(rels, key=lambda r: (used[r], rng.random()))
            if qtype == "equal":
                cand = maker.equal(rel)
            elif qtype == "first_last":
                cand = maker.first_last(rel)
            else:
                cand = maker.anchored(qtype, rel)
            if cand is None:
                continue
            gold = python_gold(kg, cand.spec)
            if not (1 <= len(gold) <= 5):
                stats["bad_size"] += 1
                continue
            if cand.answer_type == "entity" and cand.spec.agg == "all" and len(gold) == 1 and rng.random() < 0.7:
                continue  # favour lists where the wording asks for all of them
            plain = cand.question.replace(MARK_L, "").replace(MARK_R, "")
            if plain in seen_q:
                continue
            stats["candidates"] += 1
            check, how = cypher_gold(store, cand.spec)
            agrees = check == gold
            if not agrees:
                stats["disagree"] += 1
                continue
            text, slips = slip_question(cand.question, rng, vocab, len(records))
            seen_q.add(plain)
            used[rel] += 1
            n = len(records) + 1
            records.append(
                {
                    "id": f"{prefix}{n:03d}",
                    "quid": f"{prefix}{n:03d}",
                    "store": store_name,
                    "question": text,
                    "answers": gold,
                    "answer_type": cand.answer_type,
                    "time_level": cand.time_level,
                    "qtype": cand.qtype,
                    "qlabel": QLABEL[cand.qtype],
                    "construction": cand.construction,
                    "check": how,
                    "check_agrees": agrees,
                    "evidence": [],
                    "relation": rel,
                    "slips": slips,
                    "unslipped": plain,
                }
            )
            break
    return records, stats


def slip_question(marked: str, rng: random.Random, vocab: list[str], i: int) -> tuple[str, list[str]]:
    segs = split_marked(marked[0].upper() + marked[1:] if not marked.startswith(MARK_L) else marked)
    slips: list[str] = []
    for _ in range(rng.choice([1, 1, 2])):
        d = ordinary_slip(segs, rng)
        if d:
            slips.append(d)
    if i % 3 == 1:
        d = name_slip(segs, rng, vocab)
        if d:
            slips.append(d)
    return "".join(t for _, t in segs), slips


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = build(store, args.store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{args.out}: {len(records)} questions; {json.dumps(stats)}", file=sys.stderr)


if __name__ == "__main__":
    main()
