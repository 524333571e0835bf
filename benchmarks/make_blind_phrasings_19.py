"""Blind held-out question set 19: MultiTQ-style questions over the ICEWS stores, with gold computed from the store.

Why: the symbolic temporal reader needs a figure on phrasings it was never tuned on. Every question is built from a
*spec* (target, relation, fixed entity, time window or anchor event, all/first/last, granularity); the gold is
computed in Python over one read of every (subject, relation, object, day) in the store, and a second, differently
written Cypher query per spec (matched from the other side, dates compared as dates, anchors resolved and
first/last aggregated in Cypher) recomputes it. Disagreements are dropped and counted.

Usage (from the worktree root, store settings in the environment):
  TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
    python benchmarks/make_blind_phrasings_19.py --store mtq --out <work>/blind_mtq.jsonl
  TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
    python benchmarks/make_blind_phrasings_19.py --store bench --out <work>/blind_icews14.jsonl
Deterministic: seed 20261219; reruns write byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, ClassVar

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261219

STORES = {
    # store: (prefix, asked period start, asked period end = store end, quotas scale)
    "mtq": ("b19m", "2014-01-01", "2015-12-31"),
    "bench": ("b19i", "2014-01-01", "2014-12-31"),
}

# ---------------------------------------------------------------------------------------------------- wording
# relation -> variants (base form, past form, passive clause or ""); {o} is the object's phrase.
REL: dict[str, list[tuple[str, str, str]]] = {
    "Make_statement": [
        ("make a statement about {o}", "made a statement about {o}", ""),
        ("comment publicly on {o}", "commented publicly on {o}", ""),
    ],
    "Consult": [
        ("consult {o}", "consulted {o}", "{o} was consulted"),
        ("hold consultations with {o}", "held consultations with {o}", ""),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "appealed to {o}", "{o} was appealed to"),
        ("make a request of {o}", "made a request of {o}", ""),
        ("call on {o}", "called on {o}", ""),
    ],
    "Express_intent_to_meet_or_negotiate": [
        (
            "say they were willing to meet or negotiate with {o}",
            "said they were willing to meet or negotiate with {o}",
            "",
        ),
        ("signal an intention to meet {o}", "signalled an intention to meet {o}", ""),
    ],
    "Make_a_visit": [
        ("visit {o}", "visited {o}", "{o} was visited"),
        ("pay a visit to {o}", "paid a visit to {o}", ""),
        ("travel to {o} on a visit", "travelled to {o} on a visit", ""),
    ],
    "Host_a_visit": [
        ("host {o}", "hosted {o}", "{o} was hosted"),
        ("receive {o} as a visitor", "received {o} as a visitor", ""),
        ("play host to {o}", "played host to {o}", ""),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest {o}", "arrested {o}", "{o} was arrested"),
        ("detain {o}", "detained {o}", "{o} was detained"),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "{o} was praised"),
        ("speak highly of {o}", "spoke highly of {o}", ""),
        ("endorse {o}", "endorsed {o}", "{o} was endorsed"),
    ],
    "Criticize_or_denounce": [
        ("criticize {o}", "criticized {o}", "{o} was criticized"),
        ("denounce {o}", "denounced {o}", "{o} was denounced"),
        ("condemn {o}", "condemned {o}", "{o} was condemned"),
    ],
    "Use_conventional_military_force": [
        ("use military force against {o}", "used military force against {o}", ""),
        ("attack {o} with conventional forces", "attacked {o} with conventional forces", ""),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", ""),
        ("hold negotiations with {o}", "held negotiations with {o}", ""),
    ],
    "Accuse": [
        ("accuse {o}", "accused {o}", "{o} was accused"),
        ("level accusations against {o}", "levelled accusations against {o}", ""),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with {o}", "cooperated diplomatically with {o}", ""),
        ("work with {o} on the diplomatic front", "worked with {o} on the diplomatic front", ""),
    ],
    "Sign_formal_agreement": [
        ("sign a formal agreement with {o}", "signed a formal agreement with {o}", ""),
        ("sign a deal with {o}", "signed a deal with {o}", ""),
        ("put pen to paper on an agreement with {o}", "put pen to paper on an agreement with {o}", ""),
    ],
    "Express_intent_to_cooperate": [
        ("express an intention to cooperate with {o}", "expressed an intention to cooperate with {o}", ""),
        ("say they would cooperate with {o}", "said they would cooperate with {o}", ""),
    ],
    "Demand": [
        ("make demands of {o}", "made demands of {o}", ""),
        ("issue a demand to {o}", "issued a demand to {o}", ""),
    ],
    "Investigate": [
        ("investigate {o}", "investigated {o}", "{o} was investigated"),
        ("open an investigation into {o}", "opened an investigation into {o}", ""),
    ],
    "Make_optimistic_comment": [
        ("make an optimistic remark about {o}", "made an optimistic remark about {o}", ""),
        ("speak optimistically about {o}", "spoke optimistically about {o}", ""),
    ],
    "Reject": [
        ("reject {o}", "rejected {o}", "{o} was rejected"),
        ("rebuff {o}", "rebuffed {o}", "{o} was rebuffed"),
    ],
    "Discuss_by_telephone": [
        ("talk to {o} by telephone", "talked to {o} by telephone", ""),
        ("have a phone call with {o}", "had a phone call with {o}", ""),
        ("speak with {o} over the phone", "spoke with {o} over the phone", ""),
    ],
    "Make_pessimistic_comment": [
        ("make a pessimistic comment about {o}", "made a pessimistic comment about {o}", ""),
        ("voice pessimism about {o}", "voiced pessimism about {o}", ""),
    ],
    "Threaten": [
        ("threaten {o}", "threatened {o}", "{o} was threatened"),
        ("issue threats against {o}", "issued threats against {o}", ""),
    ],
    "Abduct,_hijack,_or_take_hostage": [
        ("abduct {o}", "abducted {o}", "{o} was abducted"),
        ("take {o} hostage", "took {o} hostage", ""),
    ],
    "Meet_at_a_'third'_location": [
        ("meet {o} at a third location", "met {o} at a third location", ""),
        ("meet {o} on neutral ground", "met {o} on neutral ground", ""),
    ],
    "Make_empathetic_comment": [
        ("express sympathy for {o}", "expressed sympathy for {o}", ""),
        ("make an empathetic comment about {o}", "made an empathetic comment about {o}", ""),
    ],
    "Return,_release_person(s)": [
        ("release {o}", "released {o}", "{o} was released"),
        ("free {o}", "freed {o}", "{o} was freed"),
    ],
    "Provide_humanitarian_aid": [
        ("give humanitarian aid to {o}", "gave humanitarian aid to {o}", ""),
        ("send humanitarian assistance to {o}", "sent humanitarian assistance to {o}", ""),
    ],
    "Provide_aid": [
        ("provide aid to {o}", "provided aid to {o}", ""),
        ("give assistance to {o}", "gave assistance to {o}", ""),
    ],
    "Reduce_relations": [
        ("reduce relations with {o}", "reduced relations with {o}", ""),
        ("scale back ties with {o}", "scaled back ties with {o}", ""),
    ],
    "Physically_assault": [
        ("physically assault {o}", "physically assaulted {o}", "{o} was physically assaulted"),
    ],
    "Employ_aerial_weapons": [
        ("carry out air strikes against {o}", "carried out air strikes against {o}", ""),
        ("use aerial weapons against {o}", "used aerial weapons against {o}", ""),
    ],
    "Cooperate_economically": [
        ("cooperate economically with {o}", "cooperated economically with {o}", ""),
        ("work together economically with {o}", "worked together economically with {o}", ""),
    ],
    "Impose_embargo,_boycott,_or_sanctions": [
        ("impose sanctions on {o}", "imposed sanctions on {o}", ""),
        ("slap an embargo or boycott on {o}", "slapped an embargo or boycott on {o}", ""),
    ],
    "Provide_military_aid": [
        ("give military aid to {o}", "gave military aid to {o}", ""),
        ("supply military assistance to {o}", "supplied military assistance to {o}", ""),
    ],
    "Threaten_with_military_force": [
        ("threaten {o} with military force", "threatened {o} with military force", ""),
    ],
    "Bring_lawsuit_against": [
        ("sue {o}", "sued {o}", "{o} was sued"),
        ("file a lawsuit against {o}", "filed a lawsuit against {o}", ""),
    ],
    "Confiscate_property": [
        ("confiscate property from {o}", "confiscated property from {o}", ""),
        ("seize property belonging to {o}", "seized property belonging to {o}", ""),
    ],
    "Expel_or_deport_individuals": [
        ("expel or deport {o}", "expelled or deported {o}", ""),
    ],
}

# Sector (Country) entities: how a person says them. {c} the country, {a} its adjective; plural = "were".
SECTOR: dict[str, tuple[list[str], list[str], bool]] = {
    # sector: (forms with {c}, forms with {a}, plural)
    "Police": (["the police in {c}", "{c}'s police"], ["the {a} police"], True),
    "Citizen": (["citizens of {c}", "people in {c}"], ["{a} citizens"], True),
    "Head of Government": (
        ["the head of government of {c}", "{c}'s head of government"],
        ["the {a} head of government"],
        False,
    ),
    "Government": (["the government of {c}", "{c}'s government"], ["the {a} government"], False),
    "Military": (["the military of {c}", "{c}'s armed forces"], ["the {a} military"], False),
    "Foreign Affairs": (
        ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
        ["the {a} foreign ministry"],
        False,
    ),
    "Protester": (["protesters in {c}"], ["{a} protesters"], True),
    "Militant": (["militants in {c}"], ["{a} militants"], True),
    "Armed Rebel": (["armed rebels in {c}"], ["{a} armed rebels"], True),
    "Criminal": (["criminals in {c}"], ["{a} criminals"], True),
    "Student": (["students in {c}"], ["{a} students"], True),
    "Media": (["the media in {c}", "{c}'s media"], ["the {a} media"], False),
    "Legislature": (["the legislature of {c}", "{c}'s legislature"], ["the {a} legislature"], False),
    "Defense / Security Ministry": (
        ["the defence ministry of {c}", "{c}'s defense ministry"],
        ["the {a} defense ministry"],
        False,
    ),
    "Cabinet / Council of Ministers / Advisors": (["the cabinet of {c}", "{c}'s cabinet"], ["the {a} cabinet"], False),
    "Business": (["businesses in {c}"], ["{a} businesses"], True),
    "Lawyer/Attorney": (["lawyers in {c}"], ["{a} lawyers"], True),
    "Opposition Supporter": (["opposition supporters in {c}"], [], True),
    "Court Judge": (["a court judge in {c}"], ["an {a} court judge"], False),
}
ADJ = {
    "India": "Indian",
    "Sudan": "Sudanese",
    "Nigeria": "Nigerian",
    "China": "Chinese",
    "Thailand": "Thai",
    "South Korea": "South Korean",
    "South Africa": "South African",
    "Philippines": "Philippine",
    "United States": "American",
    "United Kingdom": "British",
    "Iraq": "Iraqi",
    "Australia": "Australian",
    "Egypt": "Egyptian",
    "Pakistan": "Pakistani",
    "France": "French",
    "Indonesia": "Indonesian",
    "Kenya": "Kenyan",
    "Yemen": "Yemeni",
    "Brazil": "Brazilian",
    "Sri Lanka": "Sri Lankan",
    "Mexico": "Mexican",
    "Malaysia": "Malaysian",
    "Canada": "Canadian",
    "Syria": "Syrian",
    "Jordan": "Jordanian",
    "Iran": "Iranian",
    "Argentina": "Argentine",
    "Afghanistan": "Afghan",
    "Uganda": "Ugandan",
    "Greece": "Greek",
    "Japan": "Japanese",
    "Somalia": "Somali",
    "Israel": "Israeli",
    "Ukraine": "Ukrainian",
    "Turkey": "Turkish",
    "Russia": "Russian",
    "Germany": "German",
    "Spain": "Spanish",
    "Italy": "Italian",
    "Libya": "Libyan",
    "Lebanon": "Lebanese",
    "Bangladesh": "Bangladeshi",
    "Nepal": "Nepalese",
    "Vietnam": "Vietnamese",
    "Poland": "Polish",
    "Cuba": "Cuban",
    "Venezuela": "Venezuelan",
    "Ghana": "Ghanaian",
    "Zimbabwe": "Zimbabwean",
    "Taiwan": "Taiwanese",
    "Colombia": "Colombian",
}
THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "United Arab Emirates",
    "Central African Republic",
    "Czech Republic",
    "Netherlands",
    "Middle East",
    "Holy See",
    "Kuomintang",
    "African Union",
    "European Union",
    "UN Security Council",
    "International Monetary Fund",
    "Association of Southeast Asian Nations",
    "European Central Bank",
    "Islamic State",
    "High Commission for Refugees",
    "Shura Council",
    "Grand National Party",
    "Moro Islamic Liberation Front",
    "Central Intelligence Agency",
    "Aam Aadmi Party",
    "Syrian Observatory for Human Rights",
    "Israeli Defense Forces",
    "Saudi Arabian Defence Forces",
    "Associated Press",
    "Daily Trust",
    "Hague",
    "United Nations",
    "Taliban",
    "Bahamas",
    "Gambia",
    "Maldives",
    "Democratic Republic of Congo",
    "Republic of Congo",
    "Russian Federation",
    "Dominican Republic",
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
ORD = {1: "1st", 2: "2nd", 3: "3rd", 21: "21st", 22: "22nd", 23: "23rd", 31: "31st"}


def plain_name_ok(name: str) -> bool:
    return "(" not in name and "," not in name and len(name) > 2


# Words that make a name an institution or region said with "the" ("the Council of Europe", "the Persian Gulf").
THE_WORDS = {
    "Council",
    "Union",
    "Federation",
    "Organization",
    "Organisation",
    "Commission",
    "Party",
    "Forces",
    "Bank",
    "Fund",
    "Agency",
    "Front",
    "Association",
    "Nations",
    "Gulf",
    "Republic",
    "Court",
    "Ministry",
    "Assembly",
    "Parliament",
    "Committee",
    "Office",
    "Army",
    "Movement",
    "Coalition",
    "Alliance",
    "Institute",
    "Congress",
    "Senate",
    "Department",
    "Authority",
    "Police",
    "Guard",
    "Program",
    "Programme",
    "Society",
    "Societies",
    "Conference",
    "States",
    "Kingdom",
    "Emirates",
    "Islands",
    "Observatory",
    "Secretariat",
    "Board",
    "Service",
    "Corps",
    "Cabinet",
    "Government",
    "Bureau",
    "Tribunal",
    "League",
    "Community",
}


def with_the(name: str) -> str:
    if name in THE or (set(name.split()) & THE_WORDS and not name.startswith("The ")):
        return "the " + name
    return name


def possessive(phrase: str) -> str:
    return phrase + ("'" if phrase.endswith("s") else "'s")


def entity_forms(name: str) -> list[tuple[str, bool]] | None:
    """Ways to say ``name`` in a question (phrase, plural), or None when it has no natural wording here."""
    if plain_name_ok(name):
        return [(with_the(name), False)]
    if name.endswith(")") and " (" in name:
        sector, country = name[:-1].split(" (", 1)
        if sector in SECTOR and plain_name_ok(country):
            cforms, aforms, plural = SECTOR[sector]
            c = with_the(country)
            out = [(f.replace("{c}'s", possessive(c)).format(c=c), plural) for f in cforms]
            if country in ADJ:
                out += [(f.format(a=ADJ[country]), plural) for f in aforms]
            return out
    return None


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def fmt_day(d: str, rng: random.Random) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    style = rng.randrange(4)
    if style == 0:
        return f"{dd} {MONTHS[m - 1]} {y}"
    if style == 1:
        return f"{MONTHS[m - 1]} {dd}, {y}"
    if style == 2:
        return f"the {ORD.get(dd, f'{dd}th')} of {MONTHS[m - 1]} {y}"
    return f"{MONTHS[m - 1][:3]}. {dd}, {y}" if m != 5 else f"{dd} May {y}"


def fmt_month(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def shift(d: str, days: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=days)).isoformat()


def month_end(y: int, m: int) -> str:
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


# ---------------------------------------------------------------------------------------------------- specs
@dataclass(frozen=True)
class Spec:
    """What a question asks, independent of its wording: the gold is a function of the spec and the store."""

    target: str  # "subj" | "obj" | "time"
    rel: str
    subj: str | None = None  # fixed subject (target obj/time)
    obj: str | None = None  # fixed object (target subj/time)
    lo: str | None = None  # explicit window, inclusive days
    hi: str | None = None
    anchor: tuple[str, str, str] | None = None  # (s, r, o) unique in the whole store
    mode: str = ""  # with anchor: after | before | same_day | same_month | day_after | day_before
    scope_lo: str | None = None  # with anchor "before": lower bound the wording states
    select: str = "all"  # all | min | max
    gran: str = "day"
    exclude: tuple[str, ...] = field(default_factory=tuple)


class Store:
    """Every (subject, relation, object, day) of the store, read once, with the indexes the generator needs."""

    def __init__(self, quads: list[tuple[str, str, str, str]], end: str) -> None:
        self.quads = quads
        self.end = end
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        for s, r, o, d in quads:
            self.sro[(s, r, o)].append(d)
            self.ro[(r, o)].append((d, s))
            self.sr[(s, r)].append((d, o))
        for v in (self.sro, self.ro, self.sr):
            for lst in v.values():
                lst.sort()

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        days = self.sro.get(a, [])
        return days[0] if len(days) == 1 else None

    def window(self, spec: Spec) -> tuple[str, str] | None:
        if spec.anchor is None:
            assert spec.lo and spec.hi
            return spec.lo, spec.hi
        d = self.anchor_day(spec.anchor)
        if d is None:
            return None
        if spec.mode == "after":
            return shift(d, 1), self.end
        if spec.mode == "before":
            return spec.scope_lo or "0000-01-01", shift(d, -1)
        if spec.mode == "same_day":
            return d, d
        if spec.mode == "day_after":
            return shift(d, 1), shift(d, 1)
        if spec.mode == "day_before":
            return shift(d, -1), shift(d, -1)
        if spec.mode == "same_month":
            return d[:7] + "-01", month_end(int(d[:4]), int(d[5:7]))
        raise ValueError(spec.mode)

    def gold(self, spec: Spec) -> list[str]:
        w = self.window(spec)
        if w is None:
            return []
        lo, hi = w
        if spec.target == "subj":
            rows = self.ro.get((spec.rel, spec.obj or ""), [])
        elif spec.target == "obj":
            rows = self.sr.get((spec.subj or "", spec.rel), [])
        else:
            rows = [(d, "") for d in self.sro.get((spec.subj or "", spec.rel, spec.obj or ""), [])]
        rows = [(d, e) for d, e in rows if lo <= d <= hi and e not in spec.exclude]
        if not rows:
            return []
        if spec.select == "min":
            m = min(d for d, _ in rows)
            rows = [(d, e) for d, e in rows if d == m]
        elif spec.select == "max":
            m = max(d for d, _ in rows)
            rows = [(d, e) for d, e in rows if d == m]
        n = {"day": 10, "month": 7, "year": 4}[spec.gran]
        vals = {d[:n] for d, _ in rows} if spec.target == "time" else {e for _, e in rows}
        return sorted(vals)


# ---------------------------------------------------------------------------------------------------- second check
def check_query(spec: Spec) -> tuple[str, dict[str, Any], str]:
    """A Cypher read that recomputes the gold another way: matched from the fixed entity's side, dates compared as
    Neo4j dates (windows from ``date()``, anchors resolved and shifted in Cypher), first/last aggregated in Cypher."""
    p: dict[str, Any] = {"r": spec.rel, "s": spec.subj, "o": spec.obj, "ex": list(spec.exclude)}
    parts: list[str] = []
    if spec.anchor is not None:
        p.update(as_=spec.anchor[0], ar=spec.anchor[1], ao=spec.anchor[2], slo=spec.scope_lo or "0001-01-01")
        parts.append(
            "MATCH (ax:Entity {name: $as_})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ay:Entity {name: $ao}) "
            "WHERE a.relation = $ar WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad"
        )
        lo_hi = {
            "after": ("ad + duration({days: 1})", "date('9999-12-31')"),
            "before": ("date($slo)", "ad - duration({days: 1})"),
            "same_day": ("ad", "ad"),
            "day_after": ("ad + duration({days: 1})", "ad + duration({days: 1})"),
            "day_before": ("ad - duration({days: 1})", "ad - duration({days: 1})"),
            "same_month": (
                "date.truncate('month', ad)",
                "date.truncate('month', ad) + duration({months: 1}) - duration({days: 1})",
            ),
        }[spec.mode]
        parts.append(f"WITH {lo_hi[0]} AS lo, {lo_hi[1]} AS hi")
    else:
        p.update(lo=spec.lo, hi=spec.hi)
        parts.append("WITH date($lo) AS lo, date($hi) AS hi")
    if spec.target == "subj":
        parts.append("MATCH (fixed:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity)")
    elif spec.target == "obj":
        parts.append("MATCH (fixed:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)")
    else:
        parts.append("MATCH (fixed:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity {name: $s})")
    parts.append("WHERE e.relation = $r AND lo <= e.valid_from <= hi AND NOT x.name IN $ex")
    n = {"day": 10, "month": 7, "year": 4}[spec.gran]
    val = f"left(toString(e.valid_from), {n})" if spec.target == "time" else "x.name"
    if spec.select == "all":
        parts.append(f"RETURN collect(DISTINCT {val}) AS vals")
        desc = "all"
    else:
        agg = "min" if spec.select == "min" else "max"
        parts.append(f"WITH {agg}(e.valid_from) AS m, collect({{d: e.valid_from, v: {val}}}) AS rows")
        parts.append("RETURN [r IN rows WHERE r.d = m | r.v] AS vals")
        desc = agg
    what = {"subj": "subjects of (?, r, O)", "obj": "objects of (S, r, ?)", "time": "days of (S, r, O)"}[spec.target]
    win = f"anchor {spec.mode} (resolved in Cypher, unique)" if spec.anchor else "date($lo)..date($hi)"
    return "\n".join(parts), p, f"{desc} {what} at {spec.gran} level, window {win}"


def run_check(session: neo4j.Session, spec: Spec) -> list[str]:
    q, p, _ = check_query(spec)
    rec = session.run(q, p).single()
    if rec is None:
        return []
    vals = rec["vals"]
    flat: set[str] = set()
    for v in vals:
        if isinstance(v, list):
            flat.update(v)
        else:
            flat.add(v)
    return sorted(flat)


# ---------------------------------------------------------------------------------------------------- generator
@dataclass
class Q:
    construction: str
    qtype: str
    text: str
    spec: Spec


class Gen:
    def __init__(self, store: Store, rng: random.Random, lo: str, hi: str, name: str) -> None:
        self.st = store
        self.rng = rng
        self.lo, self.hi = lo, hi
        self.name = name
        self.pool = [q for q in store.quads if lo <= q[3] <= hi and q[1] in REL]
        self.years = sorted({d[:4] for *_, d in self.pool})

    # --- picking
    def pick(self, need_s: bool = False, need_o: bool = False) -> tuple[str, str, str, str]:
        while True:
            s, r, o, d = self.rng.choice(self.pool)
            if (not need_s or entity_forms(s)) and (not need_o or entity_forms(o)):
                return s, r, o, d

    def ent(self, name: str) -> tuple[str, bool]:
        forms = entity_forms(name)
        assert forms
        return self.rng.choice(forms)

    def verb(self, rel: str) -> tuple[str, str, str]:
        return self.rng.choice(REL[rel])

    def verb_obj(self, rel: str) -> tuple[str, str, str] | None:
        """A variant whose object comes last, so that "whom did S <verb>?" reads as English."""
        ok = [v for v in REL[rel] if v[0].endswith("{o}") and v[1].endswith("{o}")]
        return self.rng.choice(ok) if ok else None

    def anchor_clause(self, s: str, r: str, o: str) -> str:
        _, past, _ = self.verb(r)
        return f"{self.ent(s)[0]} {past.format(o=self.ent(o)[0])}"

    def anchor_ok(self, s: str, r: str, o: str) -> str | None:
        """The anchor's day when (s, r, o) happened exactly once in the whole store, inside the asked period."""
        d = self.st.anchor_day((s, r, o))
        if d is None or not (self.lo <= d <= self.hi) or not entity_forms(s) or not entity_forms(o):
            return None
        return d

    def pick_anchor(self, near: str | None = None) -> tuple[tuple[str, str, str], str]:
        for _ in range(5000):
            s, r, o, d = self.pick(True, True)
            if self.anchor_ok(s, r, o) and (
                near is None or abs((date.fromisoformat(d) - date.fromisoformat(near)).days) < 40
            ):
                return (s, r, o), d
        raise RuntimeError("no anchor")

    def year_scope(self, d: str) -> str:
        return d[:4] + "-01-01"

    # --- constructions; each returns a Q or None
    def eq_day_who(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        _base, past, passive = self.verb(r)
        op, plural = self.ent(o)
        day = fmt_day(d, self.rng)
        k = self.rng.randrange(4)
        if k == 0:
            t = f"Who {past.format(o=op)} on {day}?"
        elif k == 1:
            t = f"On {day}, who {past.format(o=op)}?"
        elif k == 2 and passive and not plural:
            t = f"{cap(op)} was {passive.format(o='X').split(' was ', 1)[1]} by whom on {day}?"
        elif k == 2:
            t = f"Who was it that {past.format(o=op)} on {day}?"
        else:
            t = f"Tell me who {past.format(o=op)} on {day}."
        return Q("equal_day_who", "equal", t, Spec("subj", r, obj=o, lo=d, hi=d))

    def eq_month_whom(self) -> Q | None:
        s, r, _o, d = self.pick(need_s=True)
        v = self.verb_obj(r)
        if v is None:
            return None
        base, past, _ = v
        sp, _plural = self.ent(s)
        m = fmt_month(d)
        k = self.rng.randrange(3)
        if k == 0:
            t = f"In {m}, whom did {sp} {base.format(o='').strip()}?"
        elif k == 1:
            t = f"Name everyone that {sp} {past.format(o='').strip()} during {m}."
        else:
            t = f"Which parties did {sp} {base.format(o='').strip()} in the course of {m}?"
        lo, hi = d[:7] + "-01", month_end(int(d[:4]), int(d[5:7]))
        return Q("equal_month_whom", "equal", t, Spec("obj", r, subj=s, lo=lo, hi=hi))

    def eq_year_who(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        _base, past, _passive = self.verb(r)
        op, _plural = self.ent(o)
        y = d[:4]
        k = self.rng.randrange(2)
        if k == 0:
            t = f"Which actors {past.format(o=op)} at some point in {y}?"
        else:
            t = f"Over the whole of {y}, who {past.format(o=op)}?"
        return Q("equal_year_who", "equal", t, Spec("subj", r, obj=o, lo=y + "-01-01", hi=y + "-12-31"))

    def eq_ndays(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        n = self.rng.choice([3, 5, 7, 10, 14])
        start = shift(d, -self.rng.randrange(n))
        end = shift(start, n - 1)
        if start < self.lo or end > self.hi:
            return None
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        k = self.rng.randrange(2)
        if k == 0:
            t = (
                f"In the {n} days from {fmt_day(start, self.rng)} to {fmt_day(end, self.rng)} (both days included), "
                f"who {past.format(o=op)}?"
            )
        else:
            t = (
                f"Who {past.format(o=op)} during the {n}-day stretch that began on {fmt_day(start, self.rng)} "
                f"(that is, up to and including {fmt_day(end, self.rng)})?"
            )
        return Q("equal_n_day_window", "equal", t, Spec("subj", r, obj=o, lo=start, hi=end))

    def eq_quarter(self) -> Q | None:
        s, r, _o, d = self.pick(need_s=True)
        y, m = int(d[:4]), int(d[5:7])
        qn = (m - 1) // 3
        lo, hi = f"{y}-{3 * qn + 1:02d}-01", month_end(y, 3 * qn + 3)
        names = ["first", "second", "third", "fourth"]
        v = self.verb_obj(r)
        if v is None:
            return None
        base, past, _ = v
        sp, _ = self.ent(s)
        span = f"{MONTHS[3 * qn]} to {MONTHS[3 * qn + 2]}"
        k = self.rng.randrange(2)
        if k == 0:
            t = f"Whom did {sp} {base.format(o='').strip()} in the {names[qn]} quarter of {y} ({span})?"
        else:
            t = f"In Q{qn + 1} {y}, i.e. {span}, who was it that {sp} {past.format(o='').strip()}?"
        return Q("equal_quarter", "equal", t, Spec("obj", r, subj=s, lo=lo, hi=hi))

    def eq_half(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        y, m = int(d[:4]), int(d[5:7])
        first = m <= 6
        lo, hi = (f"{y}-01-01", f"{y}-06-30") if first else (f"{y}-07-01", f"{y}-12-31")
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        half = "first half of {y} (January through June)" if first else "second half of {y} (July through December)"
        t = f"Who {past.format(o=op)} in the {half.format(y=y)}?"
        return Q("equal_half_year", "equal", t, Spec("subj", r, obj=o, lo=lo, hi=hi))

    def eq_season(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        y, m = int(d[:4]), int(d[5:7])
        if m in (3, 4, 5):
            name, lo, hi, months = f"spring of {y}", f"{y}-03-01", f"{y}-05-31", "March, April and May"
        elif m in (6, 7, 8):
            name, lo, hi, months = f"summer of {y}", f"{y}-06-01", f"{y}-08-31", "June, July and August"
        elif m in (9, 10, 11):
            name, lo, hi, months = f"autumn of {y}", f"{y}-09-01", f"{y}-11-30", "September, October and November"
        elif m == 12:
            name, lo, hi = f"winter of {y}-{(y + 1) % 100:02d}", f"{y}-12-01", month_end(y + 1, 2)
            months = f"December {y} to February {y + 1}"
        else:
            name, lo, hi = f"winter of {y - 1}-{y % 100:02d}", f"{y - 1}-12-01", month_end(y, 2)
            months = f"December {y - 1} to February {y}"
        if lo < self.lo or hi > self.hi:
            return None
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        t = f"During the {name} ({months}), which actors {past.format(o=op)}?"
        return Q("equal_season", "equal", t, Spec("subj", r, obj=o, lo=lo, hi=hi))

    NAMED: ClassVar[list[tuple[str, str]]] = [
        ("12-25", "Christmas Day"),
        ("01-01", "New Year's Day"),
        ("02-14", "Valentine's Day"),
        ("07-04", "the Fourth of July"),
        ("10-31", "Halloween"),
        ("12-31", "New Year's Eve"),
        ("03-08", "International Women's Day (8 March)"),
        ("05-01", "May Day (1 May)"),
        ("12-24", "Christmas Eve"),
    ]

    def eq_named_day(self) -> Q | None:
        md, label = self.rng.choice(self.NAMED)
        y = self.rng.choice(self.years)
        d = f"{y}-{md}"
        rows = [q for q in self.pool if q[3] == d and entity_forms(q[2])]
        if not rows:
            return None
        _s, r, o, _ = self.rng.choice(rows)
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        k = self.rng.randrange(2)
        if k == 0:
            t = f"Who {past.format(o=op)} on {label} {y}?"
        else:
            t = f"On {label}, {y}, which actor {past.format(o=op)}?"
        return Q("equal_named_day", "equal", t, Spec("subj", r, obj=o, lo=d, hi=d))

    def eq_relative_day(self) -> Q | None:
        a, ad = self.pick_anchor()
        mode = self.rng.choice(["day_after", "day_before"])
        target_day = shift(ad, 1 if mode == "day_after" else -1)
        rows = [q for q in self.pool if q[3] == target_day and entity_forms(q[2])]
        if not rows:
            return None
        _s, r, o, _ = self.rng.choice(rows)
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        rel = "the day after" if mode == "day_after" else "the day before"
        t = f"Who {past.format(o=op)} {rel} {self.anchor_clause(*a)}?"
        return Q("equal_relative_day", "equal", t, Spec("subj", r, obj=o, anchor=a, mode=mode))

    def eq_ellipsis(self) -> Q | None:
        s, r, o, d = self.pick(need_s=True, need_o=True)
        _base, past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            t = f"{cap(sp)} {past.format(o=op)} on {fmt_day(d, self.rng)}. Who else did so that same day?"
            lo, hi = d, d
            c = "ellipsis_same_day"
        else:
            t = f"{cap(sp)} {past.format(o=op)} in {fmt_month(d)}. Who else did the same that month?"
            lo, hi = d[:7] + "-01", month_end(int(d[:4]), int(d[5:7]))
            c = "ellipsis_same_month"
        return Q(c, "equal", t, Spec("subj", r, obj=o, lo=lo, hi=hi, exclude=(s,)))

    def when_day(self) -> Q | None:
        s, r, o, d = self.pick(True, True)
        y = d[:4]
        base, past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        k = self.rng.randrange(3)
        if k == 0:
            t = f"On what date in {y} did {sp} {base.format(o=op)}?"
        elif k == 1:
            t = f"In {y}, which day did {sp} {base.format(o=op)}?"
        else:
            t = f"Give me the exact day in {y} when {sp} {past.format(o=op)}."
        return Q("when_day", "equal", t, Spec("time", r, subj=s, obj=o, lo=y + "-01-01", hi=y + "-12-31"))

    def when_month(self) -> Q | None:
        s, r, o, d = self.pick(True, True)
        y = d[:4]
        base, past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            t = f"Which month of {y} saw {sp} {base.format(o=op)}?"
        else:
            t = f"{cap(sp)} {past.format(o=op)} in {y} - in which month?"
        return Q(
            "when_month", "equal", t, Spec("time", r, subj=s, obj=o, lo=y + "-01-01", hi=y + "-12-31", gran="month")
        )

    def when_year(self) -> Q | None:
        s, r, o, _d = self.pick(True, True)
        base, _past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        t = f"In which year did {sp} {base.format(o=op)}?"
        # the whole store: every occurrence must fall in one year of the asked period (checked by the caller)
        return Q("when_year", "equal", t, Spec("time", r, subj=s, obj=o, lo="0001-01-01", hi="9999-12-31", gran="year"))

    def scope_words(self, d: str) -> tuple[str, str, str]:
        """(lower bound, upper bound, wording) of a scope for first/last: the year of ``d``."""
        y = d[:4]
        return y + "-01-01", y + "-12-31", f"in {y}"

    def first_who(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        lo, hi, sw = self.scope_words(d)
        base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        k = self.rng.randrange(3)
        if k == 0:
            t = f"Who was the first to {base.format(o=op)} {sw}?"
        elif k == 1:
            t = f"{cap(sw)}, who {past.format(o=op)} before anyone else did?"
        else:
            t = f"Name the first actor that {past.format(o=op)} {sw}."
        return Q("first_who", "first_last", t, Spec("subj", r, obj=o, lo=lo, hi=hi, select="min"))

    def last_who(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            lo, hi, sw = self.scope_words(d)
            t = f"Who was the last to {base.format(o=op)} {sw}?"
            return Q("last_who_scoped", "first_last", t, Spec("subj", r, obj=o, lo=lo, hi=hi, select="max"))
        t = f"Who most recently {past.format(o=op)}?"
        return Q("last_who", "first_last", t, Spec("subj", r, obj=o, lo="0001-01-01", hi="9999-12-31", select="max"))

    def first_time(self) -> Q | None:
        s, r, o, d = self.pick(True, True)
        lo, hi, sw = self.scope_words(d)
        base, _past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        gran = self.rng.choice(["day", "month"])
        if gran == "month":
            t = f"In which month did {sp} {base.format(o=op)} for the first time {sw}?"
            c = "first_time_month"
        elif self.rng.randrange(2):
            t = f"When did {sp} first {base.format(o=op)} {sw}?"
            c = "first_time_day"
        else:
            t = f"{cap(sw)}, on what day did {sp} {base.format(o=op)} for the first time?"
            c = "first_time_day"
        return Q(c, "first_last", t, Spec("time", r, subj=s, obj=o, lo=lo, hi=hi, select="min", gran=gran))

    def last_time(self) -> Q | None:
        s, r, o, _d = self.pick(True, True)
        base, past, _ = self.verb(r)
        sp, _ = self.ent(s)
        op, _ = self.ent(o)
        gran = self.rng.choice(["day", "month"])
        if gran == "month":
            t = f"Which month was the last time that {sp} {past.format(o=op)}?"
        else:
            t = f"When did {sp} last {base.format(o=op)}?"
        return Q(
            f"last_time_{gran}",
            "first_last",
            t,
            Spec("time", r, subj=s, obj=o, lo="0001-01-01", hi="9999-12-31", select="max", gran=gran),
        )

    def after_date(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        cut = shift(d, -self.rng.randrange(1, 20))
        if cut < self.lo:
            return None
        base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            t = f"Who {past.format(o=op)} after {fmt_day(cut, self.rng)}?"
        else:
            t = f"After {fmt_day(cut, self.rng)}, which actors went on to {base.format(o=op)}?"
        return Q("after_date", "before_after", t, Spec("subj", r, obj=o, lo=shift(cut, 1), hi="9999-12-31"))

    def before_date(self) -> Q | None:
        _s, r, o, d = self.pick(need_o=True)
        cut = shift(d, self.rng.randrange(1, 20))
        if cut[:4] != d[:4]:
            return None
        y = d[:4]
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            t = f"In {y}, who {past.format(o=op)} before {fmt_day(cut, self.rng)}?"
        else:
            day = fmt_day(cut, self.rng)
            t = f"Between the start of {y} and {day} (not counting that day), who {past.format(o=op)}?"
        return Q("before_date_scoped", "before_after", t, Spec("subj", r, obj=o, lo=y + "-01-01", hi=shift(cut, -1)))

    def after_event(self) -> Q | None:
        a, ad = self.pick_anchor()
        rows = [q for q in self.pool if q[3] > ad and entity_forms(q[2]) and q[3] < shift(ad, 60)]
        if not rows:
            return None
        _s, r, o, _ = self.rng.choice(rows)
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        if self.rng.randrange(2):
            t = f"Who {past.format(o=op)} after {self.anchor_clause(*a)}?"
        else:
            t = f"Once {self.anchor_clause(*a)}, which actors subsequently {past.format(o=op)}?"
        return Q("after_event", "before_after", t, Spec("subj", r, obj=o, anchor=a, mode="after"))

    def before_event(self) -> Q | None:
        a, ad = self.pick_anchor()
        y = ad[:4]
        rows = [q for q in self.pool if y + "-01-01" <= q[3] < ad and entity_forms(q[2])]
        if not rows:
            return None
        _s, r, o, _ = self.rng.choice(rows)
        _base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        t = f"In {y}, who {past.format(o=op)} before {self.anchor_clause(*a)}?"
        return Q(
            "before_event_scoped",
            "before_after",
            t,
            Spec("subj", r, obj=o, anchor=a, mode="before", scope_lo=y + "-01-01"),
        )

    def after_first(self) -> Q | None:
        a, ad = self.pick_anchor()
        if self.rng.randrange(2):
            rows = [q for q in self.pool if ad < q[3] < shift(ad, 60) and entity_forms(q[2])]
            if not rows:
                return None
            _s, r, o, _ = self.rng.choice(rows)
            base, past, _ = self.verb(r)
            op, _ = self.ent(o)
            k = self.rng.randrange(2)
            if k == 0:
                t = f"After {self.anchor_clause(*a)}, who was the first to {base.format(o=op)}?"
            else:
                t = f"Who was next to {base.format(o=op)} after {self.anchor_clause(*a)}?"
            return Q("after_first_who", "after_first", t, Spec("subj", r, obj=o, anchor=a, mode="after", select="min"))
        # same subject as the anchor: "after X visited Y, where did X go next?"
        s2, r2, o2 = a
        later = [(d, o) for d, o in self.st.sr.get((s2, r2), []) if d > ad]
        if not later:
            return None
        v = self.verb_obj(r2)
        if v is None:
            return None
        base, past, _ = v
        sp, _ = self.ent(s2)
        op2, _ = self.ent(o2)
        t = f"After {sp} {past.format(o=op2)}, whom did they {base.format(o='').strip()} next?"
        return Q(
            "after_first_same_subject", "after_first", t, Spec("obj", r2, subj=s2, anchor=a, mode="after", select="min")
        )

    def before_last(self) -> Q | None:
        a, ad = self.pick_anchor()
        y = ad[:4]
        rows = [q for q in self.pool if y + "-01-01" <= q[3] < ad and q[3] > shift(ad, -60) and entity_forms(q[2])]
        if not rows:
            return None
        _s, r, o, _ = self.rng.choice(rows)
        base, past, _ = self.verb(r)
        op, _ = self.ent(o)
        k = self.rng.randrange(2)
        if k == 0:
            t = f"In {y}, who was the last to {base.format(o=op)} before {self.anchor_clause(*a)}?"
        else:
            t = f"Just before {self.anchor_clause(*a)}, who had last {past.format(o=op)} (looking only at {y})?"
        return Q(
            "before_last_who",
            "before_last",
            t,
            Spec("subj", r, obj=o, anchor=a, mode="before", scope_lo=y + "-01-01", select="max"),
        )

    def same_time(self) -> Q | None:
        a, ad = self.pick_anchor()
        mode = self.rng.choice(["same_day", "same_month", "same_month"])
        if mode == "same_day":
            rows = [q for q in self.pool if q[3] == ad and (q[0], q[1], q[2]) != a]
        else:
            rows = [q for q in self.pool if q[3][:7] == ad[:7] and (q[0], q[1], q[2]) != a]
        rows = [q for q in rows if entity_forms(q[0]) and entity_forms(q[2])]
        if not rows:
            return None
        s, r, o, _ = self.rng.choice(rows)
        base, past, _ = self.verb(r)
        if self.rng.randrange(2):
            op, _ = self.ent(o)
            unit = "day" if mode == "same_day" else "month"
            k = self.rng.randrange(2)
            if k == 0:
                prep = "on" if unit == "day" else "in"
                t = f"Who {past.format(o=op)} {prep} the same {unit} that {self.anchor_clause(*a)}?"
            else:
                prep = "On" if unit == "day" else "In"
                t = f"{prep} the {unit} when {self.anchor_clause(*a)}, who {past.format(o=op)}?"
            spec = Spec("subj", r, obj=o, anchor=a, mode=mode)
        else:
            sp, _ = self.ent(s)
            unit = "day" if mode == "same_day" else "month"
            v = self.verb_obj(r)
            if v is None:
                return None
            base = v[0]
            if unit == "day":
                t = f"Whom did {sp} {base.format(o='').strip()} on the same day that {self.anchor_clause(*a)}?"
            else:
                t = f"Whom did {sp} {base.format(o='').strip()} in the month in which {self.anchor_clause(*a)}?"
            spec = Spec("obj", r, subj=s, anchor=a, mode=mode)
        return Q(f"equal_multi_{mode}", "equal_multi", t, spec)


PLAN = {
    # construction method: (mtq quota, bench quota)
    "eq_day_who": (7, 4),
    "eq_month_whom": (5, 4),
    "eq_year_who": (3, 2),
    "eq_ndays": (4, 3),
    "eq_quarter": (3, 3),
    "eq_half": (2, 2),
    "eq_season": (3, 2),
    "eq_named_day": (3, 2),
    "eq_relative_day": (3, 3),
    "eq_ellipsis": (4, 3),
    "when_day": (6, 4),
    "when_month": (4, 3),
    "when_year": (3, 0),
    "first_who": (5, 3),
    "last_who": (4, 3),
    "first_time": (5, 3),
    "last_time": (3, 3),
    "after_date": (4, 3),
    "before_date": (3, 3),
    "after_event": (4, 3),
    "before_event": (3, 2),
    "after_first": (7, 4),
    "before_last": (5, 4),
    "same_time": (7, 4),
}


def acceptable(gen: Gen, q: Q, gold: list[str]) -> bool:
    """No gold, > 5 golds, or a time answer that is not single-valued at the asked granularity: dropped."""
    if not gold or len(gold) > 5:
        return False
    sp = q.spec
    if sp.target == "time" and len(gold) != 1:
        return False
    if sp.target == "time" and sp.select == "all" and sp.gran == "year":
        days = gen.st.sro[(sp.subj or "", sp.rel, sp.obj or "")]
        if not all(gen.lo <= d <= gen.hi for d in days):
            return False
    # every answer day inside the asked period (also for "after" and unscoped "last" windows)
    return all(d >= gen.lo for d in answer_days(gen.st, sp))


def answer_days(st: Store, sp: Spec) -> list[str]:
    w = st.window(sp)
    if w is None:
        return []
    lo, hi = w
    if sp.target == "subj":
        rows = [d for d, e in st.ro.get((sp.rel, sp.obj or ""), []) if lo <= d <= hi and e not in sp.exclude]
    elif sp.target == "obj":
        rows = [d for d, e in st.sr.get((sp.subj or "", sp.rel), []) if lo <= d <= hi]
    else:
        rows = [d for d in st.sro.get((sp.subj or "", sp.rel, sp.obj or ""), []) if lo <= d <= hi]
    if sp.select == "min":
        return [min(rows)] if rows else []
    if sp.select == "max":
        return [max(rows)] if rows else []
    return rows


# The granularity a question asks at (tkgqa ``time_level``) when its answer is an entity: the unit its time is
# stated in (a month, a year; quarters, halves and seasons are spans of months); time answers use ``Spec.gran``.
ENTITY_LEVEL = {
    "equal_month_whom": "month",
    "equal_year_who": "year",
    "equal_quarter": "month",
    "equal_half_year": "month",
    "equal_season": "month",
    "ellipsis_same_month": "month",
    "equal_multi_same_month": "month",
    "first_who": "year",
    "last_who_scoped": "year",
}


def level(q: Q) -> str:
    return q.spec.gran if q.spec.target == "time" else ENTITY_LEVEL.get(q.construction, "day")


def read_quads(session: neo4j.Session) -> list[tuple[str, str, str, str]]:
    res = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted((r["s"], r["r"], r["o"], r["d"]) for r in res)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    prefix, lo, hi = STORES[args.store]
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    col = 0 if args.store == "mtq" else 1
    try:
        with driver.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as session:
            quads = read_quads(session)
            store = Store(quads, end=max(q[3] for q in quads))
            rng = random.Random(f"{SEED}-{args.store}")
            gen = Gen(store, rng, lo, hi, args.store)
            out: list[dict[str, Any]] = []
            seen: set[str] = set()
            disagreements = 0
            dropped: Counter[str] = Counter()
            relations: Counter[str] = Counter()
            for method, quotas in PLAN.items():
                want, got, tries = quotas[col], 0, 0
                make: Callable[[], Q | None] = getattr(gen, method)
                while got < want and tries < 4000:
                    tries += 1
                    q = make()
                    if q is None:
                        continue
                    gold = store.gold(q.spec)
                    if not acceptable(gen, q, gold):
                        dropped["gold"] += 1
                        continue
                    if q.text.lower() in seen:
                        dropped["duplicate"] += 1
                        continue
                    check = run_check(session, q.spec)
                    if check != gold:
                        disagreements += 1
                        print(f"check disagrees ({method}): {len(gold)} vs {len(check)}", file=sys.stderr)
                        continue
                    seen.add(q.text.lower())
                    relations.update([q.spec.rel] + ([q.spec.anchor[1]] if q.spec.anchor else []))
                    got += 1
                    qid = f"{prefix}{len(out):03d}"
                    _, _, desc = check_query(q.spec)
                    out.append(
                        {
                            "quid": qid,
                            "id": qid,
                            "question": q.text,
                            "answers": gold,
                            "answer_type": "time" if q.spec.target == "time" else "entity",
                            "time_level": level(q),
                            "qtype": q.qtype,
                            "qlabel": "Single" if len(gold) == 1 else "Multiple",
                            "evidence": [],
                            "construction": q.construction,
                            "store": args.store,
                            "check": desc,
                            "check_agrees": True,
                        }
                    )
                if got < want:
                    print(f"{method}: only {got} of {want}", file=sys.stderr)
    finally:
        driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(
        f"{args.store}: {len(out)} questions, {disagreements} check disagreements (dropped), "
        f"other drops {dict(sorted(dropped.items()))}, {len(relations)} relations",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
