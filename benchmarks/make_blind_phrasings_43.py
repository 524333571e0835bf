"""Blind held-out set 43: MultiTQ-style questions written in new wordings, with gold answers computed from the stores.

Why: the symbolic temporal reader needs a figure on phrasings it was never tuned on. Every gold is computed in Python
over one dump of all (subject, relation, object, day) of the store, then recomputed by a second, differently written
Cypher query per question (matched from the graph side, dates compared as dates, first/last aggregated in Cypher);
a question whose two answers disagree is dropped. Deterministic: the same stores and seed give byte-identical files.

    PYTHONPATH=$PWD python benchmarks/make_blind_phrasings_43.py --out <work>/notes/heldout/v43

mtq holds ICEWS05-15 with only a sample before 2013-11-18, so every asked date, window and anchor there lies in
2014-2015 and every "first"/"before" is scoped by its wording to a year inside that period; bench is ICEWS14.
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import os
import random
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261243
STORES: dict[str, dict[str, Any]] = {
    "mtq": {
        "env": {"TKGRAG_INSTANCE": "mtq", "TKGRAG_BOLT_PORT": "17831", "TKGRAG_HTTP_PORT": "17531"},
        "lo": "2014-01-01",
        "hi": "2015-12-31",
        "prefix": "b43m",
        "file": "blind_mtq.jsonl",
        "scale": 1.0,
    },
    "bench": {
        "env": {"TKGRAG_INSTANCE": "bench", "TKGRAG_BOLT_PORT": "7697", "TKGRAG_HTTP_PORT": "7484"},
        "lo": "2014-01-01",
        "hi": "2014-12-31",
        "prefix": "b43i",
        "file": "blind_icews14.jsonl",
        "scale": 0.7,
    },
}
MAX_GOLD = 5

# ----------------------------------------------------------------------------------------------- relation wording
# past: declarative clauses ({S} first); inf: bare infinitive after "did {S}" (ending in {O} where asked for the
# object); pp: past participles for the passive; noun: noun phrases for anchors. sym: the relation reads the same both
# ways in English, so a question on it is kept only where the reverse direction adds nothing to the gold.
REL: dict[str, dict[str, Any]] = {
    "Make_a_visit": {
        "past": ["{S} visited {O}", "{S} paid a visit to {O}", "{S} called on {O}"],
        "inf": ["visit {O}", "pay a visit to {O}", "call on {O}"],
        "pp": ["visited"],
        "noun": ["the visit of {S} to {O}", "{S}'s trip to {O}"],
    },
    "Host_a_visit": {
        "past": ["{S} hosted {O}", "{S} received {O} as a visitor", "{S} played host to {O}"],
        "inf": ["host {O}", "receive {O} on a visit", "welcome {O} as a guest"],
        "pp": ["hosted", "received as a guest"],
        "noun": ["{S}'s hosting of {O}"],
    },
    "Criticize_or_denounce": {
        "past": ["{S} criticized {O}", "{S} denounced {O}", "{S} spoke out against {O}"],
        "inf": ["criticize {O}", "denounce {O}", "condemn {O}"],
        "pp": ["criticized", "denounced"],
        "noun": ["{S}'s denunciation of {O}"],
    },
    "Praise_or_endorse": {
        "past": ["{S} praised {O}", "{S} endorsed {O}", "{S} spoke approvingly of {O}"],
        "inf": ["praise {O}", "endorse {O}", "commend {O}"],
        "pp": ["praised", "endorsed", "commended"],
        "noun": ["{S}'s praise for {O}"],
    },
    "Make_statement": {
        "past": ["{S} made a statement about {O}", "{S} issued a statement on {O}", "{S} commented publicly on {O}"],
        "inf": ["make a statement about {O}", "issue a statement on {O}", "comment publicly on {O}"],
        "noun": ["{S}'s statement about {O}"],
    },
    "Consult": {
        "past": ["{S} consulted {O}", "{S} held consultations with {O}", "{S} conferred with {O}"],
        "inf": ["consult {O}", "hold consultations with {O}", "confer with {O}"],
        "sym": True,
    },
    "Express_intent_to_meet_or_negotiate": {
        "past": ["{S} declared a readiness to meet or negotiate with {O}", "{S} voiced a wish to meet {O} for talks"],
        "inf": [
            "signal a readiness to meet or negotiate with {O}",
            "declare a willingness to meet or negotiate with {O}",
        ],
    },
    "Make_an_appeal_or_request": {
        "past": ["{S} made an appeal to {O}", "{S} appealed to {O}", "{S} made a request of {O}"],
        "inf": ["make an appeal to {O}", "appeal to {O}", "put a request to {O}"],
        "pp": ["appealed to"],
        "noun": ["{S}'s appeal to {O}"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "past": ["{S} arrested {O}", "{S} detained or charged {O}", "{S} took {O} into custody"],
        "inf": ["arrest {O}", "detain {O}", "arrest, detain or charge {O}"],
        "pp": ["arrested", "detained or charged", "taken into custody"],
        "noun": ["the arrest of {O} by {S}"],
    },
    "Accuse": {
        "past": ["{S} accused {O}", "{S} levelled accusations at {O}"],
        "inf": ["accuse {O}", "level accusations at {O}"],
        "pp": ["accused"],
        "noun": ["{S}'s accusations against {O}"],
    },
    "Engage_in_negotiation": {
        "past": ["{S} negotiated with {O}", "{S} held negotiations with {O}"],
        "inf": ["negotiate with {O}", "hold negotiations with {O}"],
        "sym": True,
    },
    "Use_conventional_military_force": {
        "past": ["{S} used military force against {O}", "{S} attacked {O} with conventional military force"],
        "inf": ["use military force against {O}", "employ conventional military force against {O}"],
        "pp": ["attacked with conventional military force"],
    },
    "Sign_formal_agreement": {
        "past": ["{S} signed a formal agreement with {O}", "{S} concluded a formal agreement with {O}"],
        "inf": ["sign a formal agreement with {O}", "put pen to paper on an agreement with {O}"],
        "sym": True,
    },
    "Express_intent_to_cooperate": {
        "past": ["{S} expressed an intention to cooperate with {O}", "{S} pledged to cooperate with {O}"],
        "inf": ["express an intention to cooperate with {O}", "announce a willingness to cooperate with {O}"],
    },
    "Demand": {
        "past": ["{S} made demands of {O}", "{S} issued a demand to {O}"],
        "inf": ["make a demand of {O}", "issue demands to {O}"],
    },
    "Investigate": {
        "past": ["{S} investigated {O}", "{S} opened an investigation into {O}"],
        "inf": ["investigate {O}", "launch an inquiry into {O}"],
        "pp": ["investigated", "put under investigation"],
    },
    "Reject": {
        "past": ["{S} rejected {O}", "{S} rebuffed {O}"],
        "inf": ["reject {O}", "rebuff {O}"],
        "pp": ["rebuffed", "rejected"],
    },
    "Make_optimistic_comment": {
        "past": ["{S} made an optimistic comment about {O}", "{S} sounded upbeat about {O}"],
        "inf": ["sound optimistic about {O}", "make an upbeat remark about {O}"],
    },
    "Make_pessimistic_comment": {
        "past": ["{S} made a pessimistic comment about {O}", "{S} sounded gloomy about {O}"],
        "inf": ["make a pessimistic remark about {O}", "sound pessimistic about {O}"],
    },
    "Discuss_by_telephone": {
        "past": ["{S} spoke with {O} by telephone", "{S} had a phone call with {O}", "{S} phoned {O}"],
        "inf": ["talk on the phone with {O}", "phone {O}", "hold a telephone conversation with {O}"],
        "sym": True,
    },
    "Threaten": {
        "past": ["{S} threatened {O}", "{S} issued threats against {O}"],
        "inf": ["threaten {O}", "make threats against {O}"],
        "pp": ["threatened"],
    },
    "Abduct,_hijack,_or_take_hostage": {
        "past": ["{S} abducted {O}", "{S} took {O} hostage"],
        "inf": ["abduct {O}", "take {O} hostage"],
        "pp": ["abducted", "kidnapped or taken hostage"],
    },
    "Make_empathetic_comment": {
        "past": ["{S} expressed sympathy for {O}", "{S} made an empathetic comment about {O}"],
        "inf": ["express sympathy for {O}", "offer words of sympathy to {O}"],
    },
    "Provide_humanitarian_aid": {
        "past": ["{S} gave humanitarian aid to {O}", "{S} sent humanitarian assistance to {O}"],
        "inf": ["provide humanitarian aid to {O}", "send humanitarian assistance to {O}"],
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "past": ["{S} imposed sanctions on {O}", "{S} slapped an embargo, boycott or sanctions on {O}"],
        "inf": ["impose sanctions on {O}", "impose an embargo, boycott or sanctions on {O}"],
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "past": ["{S} signalled an intent to cooperate diplomatically with {O}"],
        "inf": ["express an intent to engage in diplomatic cooperation with {O}"],
    },
    "Engage_in_diplomatic_cooperation": {
        "past": ["{S} cooperated diplomatically with {O}", "{S} engaged in diplomatic cooperation with {O}"],
        "inf": ["cooperate diplomatically with {O}", "engage in diplomatic cooperation with {O}"],
        "sym": True,
    },
    "Bring_lawsuit_against": {
        "past": ["{S} sued {O}", "{S} brought a lawsuit against {O}"],
        "inf": ["sue {O}", "file a lawsuit against {O}"],
        "pp": ["sued", "taken to court"],
    },
    "Provide_military_aid": {
        "past": ["{S} provided military aid to {O}", "{S} gave military assistance to {O}"],
        "inf": ["provide military aid to {O}", "send military assistance to {O}"],
    },
    "Physically_assault": {
        "past": ["{S} physically assaulted {O}", "{S} beat up {O}"],
        "inf": ["physically assault {O}", "assault {O}"],
        "pp": ["physically assaulted", "assaulted"],
    },
    "Reduce_relations": {
        "past": ["{S} reduced relations with {O}", "{S} scaled back relations with {O}"],
        "inf": ["scale back relations with {O}", "reduce relations with {O}"],
    },
    "Grant_diplomatic_recognition": {
        "past": ["{S} granted diplomatic recognition to {O}"],
        "inf": ["grant diplomatic recognition to {O}", "formally recognize {O}"],
    },
}

# ------------------------------------------------------------------------------------------------ entity wording
DEMONYM = {
    "Afghanistan": "Afghan",
    "Australia": "Australian",
    "Bangladesh": "Bangladeshi",
    "Brazil": "Brazilian",
    "Canada": "Canadian",
    "China": "Chinese",
    "Egypt": "Egyptian",
    "France": "French",
    "Germany": "German",
    "Greece": "Greek",
    "India": "Indian",
    "Indonesia": "Indonesian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Israel": "Israeli",
    "Italy": "Italian",
    "Japan": "Japanese",
    "Kenya": "Kenyan",
    "Libya": "Libyan",
    "Malaysia": "Malaysian",
    "Mexico": "Mexican",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Philippines": "Philippine",
    "Russia": "Russian",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "Spain": "Spanish",
    "Sri Lanka": "Sri Lankan",
    "Syria": "Syrian",
    "Thailand": "Thai",
    "Turkey": "Turkish",
    "Ukraine": "Ukrainian",
    "United Kingdom": "British",
    "United States": "US",
    "Venezuela": "Venezuelan",
    "Yemen": "Yemeni",
    "Zimbabwe": "Zimbabwean",
    "Uganda": "Ugandan",
    "Nepal": "Nepalese",
    "Sudan": "Sudanese",
    "Somalia": "Somali",
    "Vietnam": "Vietnamese",
    "Myanmar": "Burmese",
    "Argentina": "Argentine",
    "Colombia": "Colombian",
    "Poland": "Polish",
    "Ireland": "Irish",
    "Taiwan": "Taiwanese",
    "Lebanon": "Lebanese",
}
# role -> (wordings with {C} = country, wordings with {D} = demonym)
ROLES: dict[str, tuple[list[str], list[str]]] = {
    "Citizen": (["citizens of {C}", "ordinary people in {C}"], ["{D} citizens"]),
    "Police": (["the police in {C}", "{C}'s police"], ["the {D} police"]),
    "Head of Government": (
        ["the head of government of {C}", "{C}'s head of government"],
        ["the {D} head of government"],
    ),
    "Government": (["the government of {C}", "{C}'s government"], ["the {D} government"]),
    "Foreign Affairs": (
        ["the foreign ministry of {C}", "{C}'s foreign affairs officials"],
        ["the {D} foreign ministry"],
    ),
    "Military": (["the armed forces of {C}", "{C}'s military"], ["the {D} military"]),
    "Protester": (["protesters in {C}", "demonstrators in {C}"], ["{D} protesters"]),
    "Court Judge": (["judges in {C}", "a court in {C}"], ["{D} judges"]),
    "Lawyer/Attorney": (["lawyers in {C}", "attorneys in {C}"], ["{D} lawyers"]),
    "Militant": (["militants in {C}"], ["{D} militants"]),
    "Member of Parliament": (["members of parliament in {C}", "MPs in {C}"], ["{D} MPs"]),
    "Media": (["the media in {C}", "{C}'s press"], ["the {D} media"]),
    "Armed Rebel": (["armed rebels in {C}"], ["{D} rebels"]),
    "Criminal": (["criminals in {C}"], ["{D} criminals"]),
    "Cabinet / Council of Ministers / Advisors": (["the cabinet of {C}", "{C}'s council of ministers"], []),
    "Defense / Security Ministry": (
        ["the defence ministry of {C}", "{C}'s defence ministry"],
        ["the {D} defence ministry"],
    ),
    "Military Personnel": (["military personnel in {C}", "soldiers of {C}"], ["{D} soldiers"]),
    "Governor": (["governors in {C}", "a provincial governor in {C}"], []),
}
THE_WORDS = {
    "Union",
    "Council",
    "Organization",
    "Nations",
    "Fund",
    "Bank",
    "Association",
    "Forces",
    "Commission",
    "Party",
    "Ministry",
    "Court",
    "Assembly",
    "Parliament",
    "Agency",
    "Committee",
    "Front",
    "Movement",
    "Army",
    "Office",
    "Federation",
    "Republic",
    "Kingdom",
    "States",
    "Emirates",
    "Islands",
    "Netherlands",
    "Philippines",
    "Congress",
    "Senate",
    "East",
    "Taliban",
    "Coalition",
    "Cabinet",
    "Maldives",
    "Bahamas",
    "Comoros",
    "Seychelles",
    "Gambia",
}
REGIONS = {
    "International",
    "Africa",
    "Europe",
    "Asia",
    "Americas",
    "Oceania",
    "Middle East",
    "North America",
    "South America",
    "Latin America",
    "Caribbean",
    "Eastern Europe",
    "Western Europe",
    "Central Asia",
    "Southeast Asia",
    "East Asia",
    "Southern Africa",
    "West Africa",
    "Central America",
    "North Africa",
    "East Africa",
    "Central Africa",
}
PLURAL_FIRST = {
    "citizens",
    "ordinary",
    "protesters",
    "demonstrators",
    "judges",
    "lawyers",
    "attorneys",
    "militants",
    "members",
    "MPs",
    "armed",
    "criminals",
    "military",
    "soldiers",
    "governors",
}
PLURAL_LAST = {
    "citizens",
    "people",
    "protesters",
    "judges",
    "lawyers",
    "militants",
    "MPs",
    "rebels",
    "criminals",
    "personnel",
    "soldiers",
    "Forces",
    "officials",
}
_ROLE_RE = re.compile(r"^(.*) \((.*)\)$")


def the(name: str) -> str:
    if name.startswith("The ") or not any(w in THE_WORDS for w in name.replace(",", "").split()):
        return name
    return "the " + name


def phrasings(name: str) -> list[str]:
    """How a person would say the entity; [] when it is not one this script knows how to word."""
    m = _ROLE_RE.match(name)
    if "Unidentified" in name or "Actor" in name:
        return []
    if not m:
        if any(c in name for c in "()/_") or not name[:1].isupper():
            return []
        return [the(name)]
    role, country = m.group(1), m.group(2)
    if role not in ROLES or _ROLE_RE.match(country) or not country[:1].isupper() or country in REGIONS:
        return []
    by_c, by_d = ROLES[role]
    out = [w.format(C=the(country)) for w in by_c]
    if country in DEMONYM:
        out += [w.format(D=DEMONYM[country]) for w in by_d]
    return out


def plural(phrase: str) -> bool:
    words = phrase.split()
    return words[0] in PLURAL_FIRST or words[-1] in PLURAL_LAST or "police" in words


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------------------------- time wording
def d_of(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def say_day(s: str, rng: random.Random, weekday: bool = False) -> str:
    d = d_of(s)
    month = calendar.month_name[d.month]
    text = rng.choice([f"{d.day} {month} {d.year}", f"{month} {d.day}, {d.year}"])
    if weekday:
        text = f"{calendar.day_name[d.weekday()]}, {text}"
    return text


def say_month(m: str, rng: random.Random) -> str:
    y, mo = m.split("-")
    return rng.choice([f"{calendar.month_name[int(mo)]} {y}", f"{calendar.month_name[int(mo)]} of {y}"])


NAMED_DAYS = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "10-31": "Halloween",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
    "07-04": "the Fourth of July",
    "05-01": "May Day",
    "03-08": "International Women's Day",
}
QUARTERS = {
    1: ("first", "January to March"),
    2: ("second", "April to June"),
    3: ("third", "July to September"),
    4: ("fourth", "October to December"),
}
SEASONS = {
    "spring": ("03", "05", "March, April and May"),
    "summer": ("06", "08", "June, July and August"),
    "autumn": ("09", "11", "September, October and November"),
}


def last_day(y: int, m: int) -> str:
    return f"{y:04d}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}"


# --------------------------------------------------------------------------------------------------- the store
def connect(env: dict[str, str]) -> tuple[neo4j.Driver, str]:
    settings = load_settings(dict(os.environ, **env))
    uri, auth = resolve_connection(settings, start_managed=False)
    return neo4j.GraphDatabase.driver(uri, auth=auth), settings.neo4j_database


def read(driver: neo4j.Driver, db: str, query: str, **params: Any) -> list[dict[str, Any]]:
    with driver.session(database=db, default_access_mode=neo4j.READ_ACCESS) as session:
        return [r.data() for r in session.run(query, params)]


class KG:
    """All quadruples of a store, indexed for the gold computations."""

    def __init__(self, quads: list[tuple[str, str, str, str]]):
        self.quads = sorted(set(quads))
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in self.quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in (self.by_ro, self.by_sr, self.by_sro):
            for lst in v.values():
                lst.sort()


# --------------------------------------------------------------------------------------------------------- gold
# A spec says what a question asks, in the terms both the Python gold and the Cypher check compute it from:
#   r, s, o: the relation and the known entity/entities (ask="subj": s is None; ask="obj": o is None; time: both)
#   win: (lo, hi) inclusive day strings or None; anchor: (s, r, o) unique event; rel: after/before/same_day/
#   same_month relative to the anchor; agg: all/min/max; out: entity/day/month/year; exclude: names left out.


def rows_for(kg: KG, spec: dict[str, Any], reverse: bool = False) -> list[tuple[str, str]]:
    r, s, o = spec["r"], spec["s"], spec["o"]
    if reverse:
        s, o = o, s
    if s is not None and o is not None:
        return [(d, d) for d in kg.by_sro.get((s, r, o), [])]
    if o is not None:
        return list(kg.by_ro.get((r, o), []))
    return list(kg.by_sr.get((s, r), []))


def anchor_day(kg: KG, anchor: tuple[str, str, str]) -> str | None:
    days = kg.by_sro.get(anchor, [])
    return days[0] if len(days) == 1 else None


def gold(kg: KG, spec: dict[str, Any], rows: list[tuple[str, str]]) -> list[str]:
    lo, hi = spec.get("win") or ("0000-00-00", "9999-99-99")
    if spec.get("anchor"):
        a = anchor_day(kg, spec["anchor"])
        if a is None:
            return []
        rel = spec["rel"]
        if rel == "after":
            lo = max(lo, (d_of(a) + dt.timedelta(days=1)).isoformat())
        elif rel == "before":
            hi = min(hi, (d_of(a) - dt.timedelta(days=1)).isoformat())
        elif rel == "same_day":
            lo, hi = max(lo, a), min(hi, a)
        elif rel == "same_month":
            lo, hi = max(lo, a[:8] + "01"), min(hi, last_day(int(a[:4]), int(a[5:7])))
    rows = [(d, x) for d, x in rows if lo <= d <= hi and x not in spec.get("exclude", ())]
    if not rows:
        return []
    if spec["agg"] == "min":
        m = min(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == m]
    elif spec["agg"] == "max":
        m = max(d for d, _ in rows)
        rows = [(d, x) for d, x in rows if d == m]
    cut = {"entity": None, "day": 10, "month": 7, "year": 4}[spec["out"]]
    return sorted({x if cut is None else d[:cut] for d, x in rows})


def gold_checked(kg: KG, spec: dict[str, Any]) -> list[str]:
    """The gold, or [] when a symmetric relation's reverse direction would change it (an ambiguous question)."""
    rows = rows_for(kg, spec)
    g = gold(kg, spec, rows)
    if g and REL[spec["r"]].get("sym") and gold(kg, spec, rows + rows_for(kg, spec, reverse=True)) != g:
        return []
    return g


def cypher_check(driver: neo4j.Driver, db: str, spec: dict[str, Any]) -> list[str]:
    """The same gold from the graph side: entities matched by name, dates compared as dates, first/last and the
    granularity cut done in Cypher."""
    params: dict[str, Any] = {"r": spec["r"], "s": spec["s"], "o": spec["o"], "ex": list(spec.get("exclude", ()))}
    parts = []
    if spec.get("anchor"):
        params.update(a_s=spec["anchor"][0], a_r=spec["anchor"][1], a_o=spec["anchor"][2])
        parts.append(
            "MATCH (as:Entity {name: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {name: $a_o}) "
            "WHERE a.relation = $a_r WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad"
        )
    if spec["s"] is not None and spec["o"] is not None:
        parts.append(
            ("WITH ad " if spec.get("anchor") else "")
            + "MATCH (ks:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(ko:Entity {name: $o}) "
            "WHERE e.relation = $r WITH e, toString(e.valid_from) AS x" + (", ad" if spec.get("anchor") else "")
        )
    elif spec["o"] is not None:
        parts.append(
            "MATCH (k:Entity {name: $o})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
            "MATCH (e)-[:SUBJECT]->(xe:Entity) WITH e, xe.name AS x" + (", ad" if spec.get("anchor") else "")
        )
    else:
        parts.append(
            "MATCH (k:Entity {name: $s})<-[:SUBJECT]-(e:Event) WHERE e.relation = $r "
            "MATCH (e)-[:OBJECT]->(xe:Entity) WITH e, xe.name AS x" + (", ad" if spec.get("anchor") else "")
        )
    conds = ["NOT x IN $ex"]
    if spec.get("win"):
        params.update(lo=spec["win"][0], hi=spec["win"][1])
        conds.append("e.valid_from >= date($lo) AND e.valid_from <= date($hi)")
    rel = spec.get("rel")
    if rel == "after":
        conds.append("e.valid_from > ad")
    elif rel == "before":
        conds.append("e.valid_from < ad")
    elif rel == "same_day":
        conds.append("e.valid_from = ad")
    elif rel == "same_month":
        conds.append("e.valid_from.year = ad.year AND e.valid_from.month = ad.month")
    parts.append("WITH e, x" + (", ad" if spec.get("anchor") else "") + " WHERE " + " AND ".join(conds))
    if spec["agg"] in ("min", "max"):
        parts.append(
            f"WITH collect({{d: e.valid_from, x: x}}) AS rows, {spec['agg']}(e.valid_from) AS m "
            "UNWIND rows AS row WITH row WHERE row.d = m WITH row.d AS d, row.x AS x"
        )
    else:
        parts.append("WITH e.valid_from AS d, x")
    out = {
        "entity": "x",
        "day": "toString(d)",
        "month": "toString(d.year) + '-' + right('0' + toString(d.month), 2)",
        "year": "toString(d.year)",
    }[spec["out"]]
    parts.append(f"RETURN collect(DISTINCT {out}) AS ans")
    res = read(driver, db, "\n".join(parts), **params)
    return sorted(res[0]["ans"]) if res else []


# ----------------------------------------------------------------------------------------------------- writing
class Writer:
    def __init__(self, kg: KG, store: dict[str, Any], rng: random.Random):
        self.kg, self.store, self.rng = kg, store, rng
        lo, hi = store["lo"], store["hi"]
        self.pool = [q for q in kg.quads if lo <= q[3] <= hi and q[1] in REL]
        self.years = sorted({q[3][:4] for q in self.pool})
        by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for q in self.pool:
            by_rel[q[1]].append(q)
        self.by_rel = [by_rel[r] for r in sorted(by_rel)]

    def ent(self, name: str) -> str | None:
        p = phrasings(name)
        return self.rng.choice(p) if p else None

    def clause(self, r: str, s: str, o: str) -> str:
        return self.rng.choice(REL[r]["past"]).format(S=s, O=o)

    def pick(self, pred: Callable[[tuple[str, str, str, str]], bool] | None = None) -> tuple[str, str, str, str]:
        for _ in range(200):
            # half the draws by relation first, so that rare relations are asked about too
            q = self.rng.choice(self.rng.choice(self.by_rel) if self.rng.random() < 0.5 else self.pool)
            if pred is None or pred(q):
                return q
        return self.rng.choice(self.pool)

    def unique_anchor(self, lo: str, hi: str, exclude_r: str | None = None) -> tuple[tuple[str, str, str], str, str]:
        """An event whose (s, r, o) occurs once in the whole store, inside [lo, hi], both ends wordable; its clause."""
        for _ in range(400):
            s, r, o, d = self.rng.choice(self.pool)
            if not (lo <= d <= hi) or REL[r].get("sym") or r == exclude_r:
                continue
            if len(self.kg.by_sro[(s, r, o)]) != 1:
                continue
            es, eo = self.ent(s), self.ent(o)
            if es and eo:
                simple = "'" not in es and not plural(es) and not es.endswith("s") and " of " not in es
                if REL[r].get("noun") and self.rng.random() < 0.35 and (simple or "{S}'s" not in REL[r]["noun"][0]):
                    return (s, r, o), d, "noun:" + self.rng.choice(REL[r]["noun"]).format(S=es, O=eo)
                return (s, r, o), d, self.clause(r, es, eo)
        raise RuntimeError("no anchor")

    def year_scope(self, d: str) -> tuple[str, str]:
        return d[:4] + "-01-01", d[:4] + "-12-31"


def wh_subject(w: Writer, r: str, eo: str, tail: str) -> tuple[str, str]:
    """Asks for the subject of (?, r, O): active, passive or 'name the' forms."""
    rng = w.rng
    forms = ["active", "active_front", "name"]
    if REL[r].get("pp"):
        forms += ["passive", "passive_by"]
    f = rng.choice(forms)
    past = rng.choice(REL[r]["past"])
    if f == "active":
        return f"Who {past.format(S='', O=eo).strip()} {tail}".strip() + "?", "wh_subject"
    if f == "active_front":
        t = tail[0].upper() + tail[1:] if tail else ""
        return f"{t}, who {past.format(S='', O=eo).strip()}?" if t else f"Who {past.format(S='', O=eo).strip()}?", (
            "time_fronted"
        )
    if f == "name":
        verb = rng.choice(["Name", "Tell me", "List"])
        obj = {"Name": "everyone who", "Tell me": "who", "List": "the actors that"}[verb]
        return f"{verb} {obj} {past.format(S='', O=eo).strip()} {tail}".strip() + ".", "imperative"
    pp = rng.choice(REL[r]["pp"])
    if f == "passive":
        return f"By whom {'were' if plural(eo) else 'was'} {eo} {pp} {tail}".strip() + "?", "passive"
    return f"{cap(eo)} {'were' if plural(eo) else 'was'} {pp} by whom {tail}".strip() + "?", "passive_echo"


def wh_object(w: Writer, r: str, es: str, tail: str) -> tuple[str, str] | None:
    infs = [i for i in REL[r]["inf"] if i.endswith("{O}")]
    if not infs:
        return None
    inf = w.rng.choice(infs)[: -len(" {O}")]
    f = w.rng.choice(["plain", "front", "whom"])
    if f == "plain":
        return f"Who did {es} {inf} {tail}".strip() + "?", "wh_object"
    if f == "front":
        return f"{cap(tail)}, who did {es} {inf}?", "wh_object_time_fronted"
    return f"{w.rng.choice(['Which actor', 'What actor'])} did {es} {inf} {tail}".strip() + "?", "which_object"


def entity_q(w: Writer, r: str, s: str, o: str, ask: str, tail: str) -> tuple[str, str] | None:
    if ask == "subj":
        eo = w.ent(o)
        return wh_subject(w, r, eo, tail) if eo else None
    es = w.ent(s)
    return wh_object(w, r, es, tail) if es else None


# Each maker returns (question, spec, meta) or None; meta: qtype, time_level, construction.
Made = tuple[str, dict[str, Any], dict[str, str]] | None


def mk_equal_day(w: Writer) -> Made:
    style = w.rng.choice(["plain", "weekday", "named", "relative", "relative"])
    s, r, o, d = w.pick((lambda q: q[3][5:] in NAMED_DAYS) if style == "named" else None)
    ask = w.rng.choice(["subj", "subj", "obj"])
    md = d[5:]
    if style == "named" and md not in NAMED_DAYS:
        style = "plain"
    if style == "plain":
        tail = "on " + say_day(d, w.rng)
    elif style == "weekday":
        tail = "on " + say_day(d, w.rng, weekday=True)
    elif style == "named":
        tail = f"on {NAMED_DAYS[md]} {d[:4]}"
    else:
        k = w.rng.choice([1, 1, 2, 3])
        before = w.rng.random() < 0.5
        ref = (d_of(d) + dt.timedelta(days=k if before else -k)).isoformat()
        if not (w.store["lo"] <= ref <= w.store["hi"]):
            return None
        n = {1: "the day", 2: "two days", 3: "three days"}[k]
        tail = f"{n} {'before' if before else 'after'} {say_day(ref, w.rng)}"
    made = entity_q(w, r, s, o, ask, tail)
    if made is None:
        return None
    spec = {
        "r": r,
        "s": s if ask == "obj" else None,
        "o": o if ask == "subj" else None,
        "win": (d, d),
        "agg": "all",
        "out": "entity",
    }
    return made[0], spec, {"qtype": "equal", "time_level": "day", "construction": f"{made[1]}+day_{style}"}


def mk_equal_month_year(w: Writer, level: str) -> Made:
    s, r, o, d = w.pick()
    ask = w.rng.choice(["subj", "obj"])
    if level == "month":
        lo, hi = d[:8] + "01", last_day(int(d[:4]), int(d[5:7]))
        tail = "in " + say_month(d[:7], w.rng)
        if w.rng.random() < 0.3:
            tail = "during " + say_month(d[:7], w.rng)
    else:
        lo, hi = d[:4] + "-01-01", d[:4] + "-12-31"
        tail = w.rng.choice([f"in {d[:4]}", f"in the course of {d[:4]}", f"at some point in {d[:4]}"])
    made = entity_q(w, r, s, o, ask, tail)
    if made is None:
        return None
    spec = {
        "r": r,
        "s": s if ask == "obj" else None,
        "o": o if ask == "subj" else None,
        "win": (lo, hi),
        "agg": "all",
        "out": "entity",
    }
    return made[0], spec, {"qtype": "equal", "time_level": level, "construction": f"{made[1]}+{level}"}


def mk_equal_window(w: Writer) -> Made:
    s, r, o, d = w.pick()
    y, m = int(d[:4]), int(d[5:7])
    style = w.rng.choice(["quarter", "half", "season", "ndays", "week", "ellipsis", "ellipsis"])
    level = "month"
    if style == "quarter":
        q = (m - 1) // 3 + 1
        lo, hi = f"{y}-{3 * q - 2:02d}-01", last_day(y, 3 * q)
        tail = f"in the {QUARTERS[q][0]} quarter of {y} ({QUARTERS[q][1]})"
    elif style == "half":
        h = 1 if m <= 6 else 2
        lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
        months = "January to June" if h == 1 else "July to December"
        tail = f"in the {'first' if h == 1 else 'second'} half of {y} ({months})"
    elif style == "season":
        name = next((k for k, v in SEASONS.items() if int(v[0]) <= m <= int(v[1])), None)
        if name is None:
            return None
        a, b, months = SEASONS[name]
        lo, hi = f"{y}-{a}-01", last_day(y, int(b))
        tail = f"in the {name} of {y} ({months})"
    else:
        level = "day"
        if style == "week" or style == "ellipsis":
            start = d_of(d) - dt.timedelta(days=d_of(d).weekday())
            n = 7
        else:
            n = w.rng.choice([5, 7, 10, 14])
            start = d_of(d) - dt.timedelta(days=w.rng.randrange(n))
        lo, hi = start.isoformat(), (start + dt.timedelta(days=n - 1)).isoformat()
        if lo < w.store["lo"] or hi > w.store["hi"]:
            return None
        if style == "week":
            tail = f"in the week from Monday {say_day(lo, w.rng)} to Sunday {say_day(hi, w.rng)}"
        elif style == "ndays":
            tail = w.rng.choice(
                [
                    f"in the {n} days from {say_day(lo, w.rng)} to {say_day(hi, w.rng)} (both days included)",
                    f"between {say_day(lo, w.rng)} and {say_day(hi, w.rng)}, inclusive",
                ]
            )
    if style == "ellipsis":
        eo = w.ent(o)
        es = w.ent(s)
        if not (eo and es):
            return None
        first = cap(w.clause(r, es, eo)) + " on " + say_day(d, w.rng) + "."
        second = w.rng.choice(
            [
                f" Who else did so that same week (Monday {say_day(lo, w.rng)} to Sunday {say_day(hi, w.rng)})?",
                f" Which others did the same in that week, Monday {say_day(lo, w.rng)} through "
                f"Sunday {say_day(hi, w.rng)}?",
                f" Apart from {es}, who {w.rng.choice(REL[r]['past']).format(S='', O=eo).strip()} in that week "
                f"(Monday {say_day(lo, w.rng)} to Sunday {say_day(hi, w.rng)})?",
            ]
        )
        spec = {"r": r, "s": None, "o": o, "win": (lo, hi), "agg": "all", "out": "entity", "exclude": (s,)}
        return first + second, spec, {"qtype": "equal", "time_level": "day", "construction": "ellipsis_who_else+week"}
    ask = w.rng.choice(["subj", "obj"])
    made = entity_q(w, r, s, o, ask, tail)
    if made is None:
        return None
    spec = {
        "r": r,
        "s": s if ask == "obj" else None,
        "o": o if ask == "subj" else None,
        "win": (lo, hi),
        "agg": "all",
        "out": "entity",
    }
    return made[0], spec, {"qtype": "equal", "time_level": level, "construction": f"{made[1]}+{style}"}


def mk_equal_time(w: Writer, level: str) -> Made:
    s, r, o, d = w.pick()
    days = w.kg.by_sro[(s, r, o)]
    scoped = days[0] < w.store["lo"] or w.rng.random() < 0.3
    es, eo = w.ent(s), w.ent(o)
    if not (es and eo):
        return None
    inf = w.rng.choice(REL[r]["inf"]).format(O=eo)
    scope = f" in {d[:4]}" if scoped else ""
    if level == "day":
        q = w.rng.choice(
            [
                (f"On which day{scope} did {es} {inf}?", "which_day"),
                (f"When exactly{scope} did {es} {inf}? Give the date.", "when_give_date"),
                (f"What was the date{scope} when {w.clause(r, es, eo)}?", "date_relative_clause"),
            ]
        )
    elif level == "month":
        q = w.rng.choice(
            [
                (f"Which month{scope} saw {es} {inf}?", "time_as_subject"),
                (f"In what month{scope} did {es} {inf}?", "which_month"),
                (f"Tell me the month{scope} in which {w.clause(r, es, eo)}.", "imperative_month"),
            ]
        )
    else:
        if scoped or len(w.years) < 2:
            return None
        q = w.rng.choice(
            [
                (f"In which year did {es} {inf}?", "which_year"),
                (f"Which year saw {es} {inf}?", "time_as_subject"),
            ]
        )
    win = (d[:4] + "-01-01", d[:4] + "-12-31") if scoped else None
    spec = {"r": r, "s": s, "o": o, "win": win, "agg": "all", "out": level}
    return cap(q[0]), spec, {"qtype": "equal", "time_level": level, "construction": q[1]}


def mk_first_last_entity(w: Writer) -> Made:
    s, r, o, d = w.pick()
    agg = w.rng.choice(["min", "max"])
    word = "first" if agg == "min" else "last"
    y = d[:4]
    # "first" is always scoped to a year; "last" over the whole store (it falls inside the complete period).
    scoped = agg == "min" or w.rng.random() < 0.4
    win = (y + "-01-01", y + "-12-31") if scoped else None
    ask = w.rng.choice(["subj", "obj"])
    scope = w.rng.choice([f"in {y}", f"during {y}"]) if scoped else ""
    if ask == "subj":
        eo = w.ent(o)
        if not eo:
            return None
        past = w.rng.choice(REL[r]["past"]).format(S="", O=eo).strip()
        inf_o = w.rng.choice(REL[r]["inf"]).format(O=eo)
        q = w.rng.choice(
            [
                (f"Who was the {word} to {inf_o} {scope}".strip() + "?", "who_was_the_first"),
                (
                    f"{cap(scope)}, who {past} {'first' if agg == 'min' else 'most recently'}?"
                    if scope
                    else f"Who {past} most recently?",
                    "adverb_first_last",
                ),
                (f"Name the {word} actor that {past} {scope}".strip() + ".", "imperative_name_the_first"),
            ]
        )
    else:
        es = w.ent(s)
        infs = [i for i in REL[r]["inf"] if i.endswith("{O}")]
        if not es or not infs:
            return None
        inf = w.rng.choice(infs)[: -len(" {O}")]
        q = w.rng.choice(
            [
                (f"Who did {es} {inf} {'first' if agg == 'min' else 'last'} {scope}".strip() + "?", "wh_object_first"),
                (
                    f"{cap(scope)}, whom did {es} {inf} {word}?" if scope else f"Whom did {es} {inf} {word} of all?",
                    "wh_object_first_fronted",
                ),
            ]
        )
    spec = {
        "r": r,
        "s": s if ask == "obj" else None,
        "o": o if ask == "subj" else None,
        "win": win,
        "agg": agg,
        "out": "entity",
    }
    return (
        q[0],
        spec,
        {
            "qtype": "first_last",
            "time_level": "year" if scoped else "day",
            "construction": q[1] + ("+year_scope" if scoped else ""),
        },
    )


def mk_first_last_time(w: Writer) -> Made:
    s, r, o, d = w.pick()
    agg = w.rng.choice(["min", "max"])
    level = w.rng.choice(["day", "day", "month", "year"] if len(w.years) > 1 else ["day", "day", "month"])
    es, eo = w.ent(s), w.ent(o)
    if not (es and eo):
        return None
    y = d[:4]
    scoped = agg == "min" or w.rng.random() < 0.3
    if level == "year" and scoped and agg == "min":
        level = "month"
    if level == "year":
        scoped = False
    win = (y + "-01-01", y + "-12-31") if scoped else None
    scope = f" in {y}" if scoped else ""
    inf = w.rng.choice(REL[r]["inf"]).format(O=eo)
    word = "first" if agg == "min" else "last"
    if level == "day":
        q = w.rng.choice(
            [
                (f"When did {es} {word} {inf}{scope}?", "when_first"),
                (f"On what date did {es} {inf} for the {word} time{scope}?", "date_for_the_first_time"),
                (f"What was the {word} day{scope} on which {w.clause(r, es, eo)}?", "first_day_relative_clause"),
            ]
        )
    elif level == "month":
        q = w.rng.choice(
            [
                (f"In which month{scope} did {es} {inf} for the {word} time?", "month_for_the_first_time"),
                (f"Which month{scope} saw {es} {word} {inf}?", "time_as_subject_first"),
            ]
        )
    else:
        q = (f"In which year did {es} {inf} for the last time?", "year_for_the_last_time")
    spec = {"r": r, "s": s, "o": o, "win": win, "agg": agg, "out": level}
    return (
        q[0],
        spec,
        {"qtype": "first_last", "time_level": level, "construction": q[1] + ("+year_scope" if scoped else "")},
    )


def anchor_text(text: str) -> str:
    """An anchor as 'after X visited Y' (clause) or 'after the visit of X to Y' (noun)."""
    return text[len("noun:") :] if text.startswith("noun:") else text


def mk_before_after(w: Writer) -> Made:
    s, r, o, d = w.pick()
    rel = w.rng.choice(["after", "before"])
    y = d[:4]
    use_event = w.rng.random() < 0.5
    ask = w.rng.choice(["subj", "subj", "obj"])
    if use_event:
        try:
            anchor, ad, atext = w.unique_anchor(y + "-01-01", y + "-12-31")
        except RuntimeError:
            return None
        ref = anchor_text(atext)
        timephrase = f"{rel} {ref}"
    else:
        ad = d
        anchor = None
        timephrase = f"{rel} {say_day(d, w.rng)}"
    win = (y + "-01-01", y + "-12-31") if rel == "before" else None
    tail = timephrase
    if rel == "before":
        tail = w.rng.choice([f"in {y}, {timephrase}", f"earlier in {y}, {timephrase}"])
    made = entity_q(w, r, s, o, ask, tail)
    if made is None:
        return None
    spec: dict[str, Any] = {
        "r": r,
        "s": s if ask == "obj" else None,
        "o": o if ask == "subj" else None,
        "win": win,
        "agg": "all",
        "out": "entity",
    }
    if anchor:
        spec.update(anchor=anchor, rel=rel)
    elif rel == "after":
        spec["win"] = ((d_of(ad) + dt.timedelta(days=1)).isoformat(), "9999-12-31")
    else:
        spec["win"] = (y + "-01-01", (d_of(ad) - dt.timedelta(days=1)).isoformat())
    return (
        made[0],
        spec,
        {
            "qtype": "before_after",
            "time_level": "day",
            "construction": made[1] + ("+anchor_event" if anchor else "+date") + f"_{rel}",
        },
    )


def mk_after_first_before_last(w: Writer, kind: str) -> Made:
    s, r, o, d = w.pick()
    y = d[:4]
    try:
        anchor, _, atext = w.unique_anchor(y + "-01-01", y + "-12-31")
    except RuntimeError:
        return None
    ref = anchor_text(atext)
    ask = w.rng.choice(["subj", "subj", "obj", "time"])
    es, eo = w.ent(s), w.ent(o)
    word_rel = "after" if kind == "after_first" else "before"
    agg = "min" if kind == "after_first" else "max"
    win = None if kind == "after_first" else (y + "-01-01", y + "-12-31")
    scope = "" if kind == "after_first" else w.rng.choice([f"In {y}, ", f"Within {y}, "])
    if ask == "subj" and eo:
        inf = w.rng.choice(REL[r]["inf"]).format(O=eo)
        past = w.rng.choice(REL[r]["past"]).format(S="", O=eo).strip()
        if kind == "after_first":
            q = w.rng.choice(
                [
                    (f"After {ref}, who was the first to {inf}?", "after_X_who_first"),
                    (f"Who was next to {inf} after {ref}?", "who_was_next"),
                    (f"Once {ref}, who {past} first?", "once_clause"),
                ]
            )
        else:
            q = w.rng.choice(
                [
                    (f"{scope}who was the last to {inf} before {ref}?", "last_before"),
                    (f"{scope}who {past} most recently before {ref}?", "most_recently_before"),
                ]
            )
        spec: dict[str, Any] = {"r": r, "s": None, "o": o}
        at, lvl = "entity", "day"
    elif ask == "obj" and es:
        infs = [i for i in REL[r]["inf"] if i.endswith("{O}")]
        if not infs:
            return None
        inf = w.rng.choice(infs)[: -len(" {O}")]
        if kind == "after_first":
            q = (f"After {ref}, who did {es} {inf} first?", "after_X_whom_first")
        else:
            q = (f"{scope}who did {es} last {inf} before {ref}?", "whom_last_before")
        spec = {"r": r, "s": s, "o": None}
        at, lvl = "entity", "day"
    elif ask == "time" and es and eo:
        inf = w.rng.choice(REL[r]["inf"]).format(O=eo)
        after_word = "Following" if atext.startswith("noun:") else "After"
        if kind == "after_first":
            q = w.rng.choice(
                [
                    (f"When did {es} next {inf} after {ref}?", "when_next_after"),
                    (f"{after_word} {ref}, on what date did {es} first {inf}?", "following_date_first"),
                ]
            )
        else:
            q = (f"{scope}when did {es} last {inf} before {ref}?", "when_last_before")
        spec = {"r": r, "s": s, "o": o}
        at, lvl = "day", "day"
    else:
        return None
    spec.update(win=win, agg=agg, out=at, anchor=anchor, rel=word_rel)
    return cap(q[0]), spec, {"qtype": kind, "time_level": lvl, "construction": q[1] + ("+year_scope" if scope else "")}


def mk_equal_multi(w: Writer) -> Made:
    s, r, o, d = w.pick()
    y = d[:4]
    gran = w.rng.choice(["same_day", "same_day", "same_month"])
    try:
        anchor, _, atext = w.unique_anchor(y + "-01-01", y + "-12-31")
    except RuntimeError:
        return None
    if anchor[1] == r and (anchor[0] == s or anchor[2] == o):
        return None
    ref = anchor_text(atext)
    is_noun = atext.startswith("noun:")
    ask = w.rng.choice(["subj", "subj", "obj"])
    es, eo = w.ent(s), w.ent(o)
    if gran == "same_day":
        tail = w.rng.choice(
            [
                f"on the same day {'as ' + ref if is_noun else 'that ' + ref}",
                f"on the day {'of ' + ref if is_noun else ref}",
            ]
        )
    else:
        tail = w.rng.choice(
            [
                f"in the same month {'as ' + ref if is_noun else 'in which ' + ref}",
                f"during the month {'of ' + ref if is_noun else 'when ' + ref}",
            ]
        )
    if ask == "subj" and eo:
        made = wh_subject(w, r, eo, tail)
        spec: dict[str, Any] = {"r": r, "s": None, "o": o}
    elif ask == "obj" and es:
        m2 = wh_object(w, r, es, tail)
        if m2 is None:
            return None
        made = m2
        spec = {"r": r, "s": s, "o": None}
    else:
        return None
    spec.update(win=None, agg="all", out="entity", anchor=anchor, rel=gran)
    return (
        made[0],
        spec,
        {
            "qtype": "equal_multi",
            "time_level": "day" if gran == "same_day" else "month",
            "construction": f"{made[1]}+{gran}" + ("+noun_anchor" if is_noun else ""),
        },
    )


PLAN: list[tuple[str, int, Callable[[Writer], Made]]] = [
    ("equal_day", 12, mk_equal_day),
    ("equal_month", 8, lambda w: mk_equal_month_year(w, "month")),
    ("equal_year", 5, lambda w: mk_equal_month_year(w, "year")),
    ("equal_window", 12, mk_equal_window),
    ("equal_time_day", 4, lambda w: mk_equal_time(w, "day")),
    ("equal_time_month", 4, lambda w: mk_equal_time(w, "month")),
    ("equal_time_year", 2, lambda w: mk_equal_time(w, "year")),
    ("first_last_entity", 8, mk_first_last_entity),
    ("first_last_time", 8, mk_first_last_time),
    ("before_after", 10, mk_before_after),
    ("after_first", 8, lambda w: mk_after_first_before_last(w, "after_first")),
    ("before_last", 8, lambda w: mk_after_first_before_last(w, "before_last")),
    ("equal_multi", 10, mk_equal_multi),
]


def build(name: str, store: dict[str, Any], out_dir: Path, rng: random.Random) -> dict[str, Any]:
    driver, db = connect(store["env"])
    try:
        rows = read(
            driver,
            db,
            "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
            "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d",
        )
        kg = KG([(x["s"], x["r"], x["o"], x["d"]) for x in rows])
        w = Writer(kg, store, rng)
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        stats = {"dropped_disagree": 0, "dropped_no_gold": 0, "dropped_too_many": 0}
        for kind, n, maker in PLAN:
            if kind == "equal_time_year" and len(w.years) < 2:
                continue
            target = max(1, round(n * store["scale"]))
            got = 0
            for _ in range(3000):
                if got >= target:
                    break
                made = maker(w)
                if made is None:
                    continue
                text, spec, meta = made
                text = re.sub(r"\s+", " ", text).strip()
                text = text.replace(" ,", ",").replace(" ?", "?")
                if text in seen:
                    continue
                g = gold_checked(kg, spec)
                if not g:
                    stats["dropped_no_gold"] += 1
                    continue
                if len(g) > MAX_GOLD:
                    stats["dropped_too_many"] += 1
                    continue
                if spec["out"] == "entity" and any(x == spec.get("s") or x == spec.get("o") for x in g):
                    continue
                c = cypher_check(driver, db, spec)
                if c != g:
                    stats["dropped_disagree"] += 1
                    continue
                seen.add(text)
                got += 1
                qid = f"{store['prefix']}{len(out) + 1:03d}"
                out.append(
                    {
                        "quid": qid,
                        "id": qid,
                        "question": text,
                        "answers": g,
                        "answer_type": "entity" if spec["out"] == "entity" else "time",
                        "time_level": meta["time_level"],
                        "qtype": meta["qtype"],
                        "qlabel": "Single" if meta["qtype"] in ("equal", "before_after", "first_last") else "Multiple",
                        "evidence": [],
                        "construction": meta["construction"],
                        "store": name,
                        "check": "cypher: " + describe(spec),
                        "check_agrees": True,
                    }
                )
        path = out_dir / store["file"]
        with path.open("w", encoding="utf-8") as fh:
            for q in out:
                fh.write(json.dumps(q, ensure_ascii=False, sort_keys=False) + "\n")
        return {"file": str(path), "n": len(out), "quads": len(kg.quads), "stats": stats, "questions": out}
    finally:
        driver.close()


def describe(spec: dict[str, Any]) -> str:
    side = "subject" if spec["s"] is None else "object" if spec["o"] is None else "date"
    bits = [f"{side}s of {spec['r']} matched from the {'object' if side == 'subject' else 'subject'} node"]
    if spec.get("win"):
        bits.append(f"valid_from as date in [{spec['win'][0]}, {spec['win'][1]}]")
    if spec.get("anchor"):
        bits.append(f"{spec['rel']} the anchor's date (anchor counted once in Cypher)")
    if spec["agg"] != "all":
        bits.append(f"{spec['agg']} date aggregated in Cypher")
    if spec.get("exclude"):
        bits.append("named actor excluded")
    bits.append(f"answer cut to {spec['out']}")
    return "; ".join(bits)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--stores", default="mtq,bench")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.stores.split(","):
        rng = random.Random(f"{SEED}-{name}")
        res = build(name, STORES[name], args.out, rng)
        by_c: dict[str, int] = defaultdict(int)
        for q in res["questions"]:
            by_c[q["qtype"]] += 1
        print(
            json.dumps(
                {
                    "store": name,
                    "file": res["file"],
                    "n": res["n"],
                    "quads": res["quads"],
                    **res["stats"],
                    "by_qtype": dict(sorted(by_c.items())),
                }
            )
        )


if __name__ == "__main__":
    main()
