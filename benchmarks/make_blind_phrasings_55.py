"""Blind held-out question set 55: MultiTQ-style questions over the ``mtq`` (ICEWS05-15, 2014-2015 asked) and
``bench`` (ICEWS14) stores, with gold answers computed from the whole store and re-checked by a second Cypher query.

Why a new set: the temporal reader needs a figure on phrasings it was never tuned on, so these templates were written
without reading the reader or earlier sets. Gold comes from one read of every (subject, relation, object, day) in
Python; every question is then recomputed by a differently written Cypher query (other match direction, string dates,
aggregation in Cypher) and the agreement is recorded per question (``check_agrees``); disagreeing questions are
dropped.

Usage (from the worktree root):
    python benchmarks/make_blind_phrasings_55.py --out <work>/notes/heldout/v55
Read-only: it opens the stores with READ access and never applies the schema.
"""

from __future__ import annotations

import argparse
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

SEED = 20261255
D = dt.date

# ---------------------------------------------------------------------------------------------- relation wording
# act: "S <act> O" (past tense); inf: "did S <inf> O"; pas: "O was <pas> by S" (empty: no natural passive).
REL: dict[str, dict[str, list[str]]] = {
    "Make_statement": {
        "act": ["made a statement about", "commented publicly on", "issued a statement concerning"],
        "inf": ["make a statement about", "comment publicly on"],
        "pas": [],
    },
    "Consult": {
        "act": ["consulted", "held consultations with", "conferred with"],
        "inf": ["consult", "confer with"],
        "pas": ["consulted"],
    },
    "Make_an_appeal_or_request": {
        "act": ["appealed to", "made a request to", "put a request to"],
        "inf": ["appeal to", "make a request to"],
        "pas": ["appealed to"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "act": ["expressed willingness to meet", "signalled readiness to negotiate with", "voiced a wish to meet"],
        "inf": ["signal readiness to negotiate with", "express a desire to meet"],
        "pas": [],
    },
    "Make_a_visit": {
        "act": ["visited", "paid a visit to", "travelled to see"],
        "inf": ["visit", "pay a visit to"],
        "pas": ["visited"],
    },
    "Host_a_visit": {
        "act": ["hosted a visit by", "played host to", "received a visit from"],
        "inf": ["host", "receive a visit from"],
        "pas": ["hosted"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "act": ["arrested", "detained", "took legal action against"],
        "inf": ["arrest", "detain"],
        "pas": ["arrested", "detained or charged"],
    },
    "Praise_or_endorse": {
        "act": ["praised", "endorsed", "spoke approvingly of"],
        "inf": ["praise", "endorse"],
        "pas": ["praised", "commended"],
    },
    "Criticize_or_denounce": {
        "act": ["criticized", "denounced", "condemned"],
        "inf": ["criticize", "denounce"],
        "pas": ["criticized", "denounced"],
    },
    "Accuse": {
        "act": ["accused", "levelled accusations at", "pointed the finger at"],
        "inf": ["accuse", "level accusations at"],
        "pas": ["accused"],
    },
    "Use_unconventional_violence": {
        "act": ["used unconventional violence against", "carried out irregular violent attacks on"],
        "inf": ["use unconventional violence against"],
        "pas": ["hit by unconventional violence from"],
    },
    "Use_conventional_military_force": {
        "act": ["used military force against", "launched military action against"],
        "inf": ["use military force against", "take military action against"],
        "pas": [],
    },
    "Engage_in_negotiation": {
        "act": ["negotiated with", "held negotiations with", "sat down for talks with"],
        "inf": ["negotiate with", "hold talks with"],
        "pas": [],
    },
    "Express_intent_to_cooperate": {
        "act": ["expressed a willingness to cooperate with", "declared an intention to cooperate with"],
        "inf": ["express an intent to cooperate with", "pledge cooperation with"],
        "pas": [],
    },
    "Demand": {
        "act": ["made demands of", "issued demands to", "demanded something of"],
        "inf": ["make demands of", "issue demands to"],
        "pas": [],
    },
    "Engage_in_diplomatic_cooperation": {
        "act": ["engaged in diplomatic cooperation with", "cooperated diplomatically with"],
        "inf": ["cooperate diplomatically with"],
        "pas": [],
    },
    "Sign_formal_agreement": {
        "act": ["signed a formal agreement with", "signed a deal with", "concluded an agreement with"],
        "inf": ["sign a formal agreement with", "sign a deal with"],
        "pas": [],
    },
    "Investigate": {
        "act": ["investigated", "launched an investigation into", "probed"],
        "inf": ["investigate", "probe"],
        "pas": ["investigated", "probed"],
    },
    "Discuss_by_telephone": {
        "act": ["spoke by phone with", "had a telephone conversation with", "phoned"],
        "inf": ["phone", "talk by telephone with"],
        "pas": ["phoned", "called on the phone"],
    },
    "Reject": {
        "act": ["rejected", "turned down", "rebuffed"],
        "inf": ["reject", "rebuff"],
        "pas": ["rejected", "rebuffed"],
    },
    "Threaten": {
        "act": ["threatened", "issued threats against"],
        "inf": ["threaten"],
        "pas": ["threatened"],
    },
    "Make_optimistic_comment": {
        "act": ["made optimistic remarks about", "sounded upbeat about"],
        "inf": ["make optimistic remarks about", "sound upbeat about"],
        "pas": [],
    },
    "Make_pessimistic_comment": {
        "act": ["made pessimistic remarks about", "sounded gloomy about"],
        "inf": ["make pessimistic remarks about"],
        "pas": [],
    },
    "Meet_at_a_'third'_location": {
        "act": ["met on neutral ground with", "met at a third location with"],
        "inf": ["meet on neutral ground with"],
        "pas": [],
    },
    "Demonstrate_or_rally": {
        "act": ["demonstrated against", "rallied against", "staged a demonstration aimed at"],
        "inf": ["demonstrate against", "rally against"],
        "pas": [],
    },
    "Abduct,_hijack,_or_take_hostage": {
        "act": ["abducted", "kidnapped", "took hostages from"],
        "inf": ["abduct", "kidnap"],
        "pas": ["abducted", "kidnapped"],
    },
    "Return,_release_person(s)": {
        "act": ["released people to", "freed captives held from", "handed back detainees to"],
        "inf": ["release people to"],
        "pas": [],
    },
    "Provide_humanitarian_aid": {
        "act": ["provided humanitarian aid to", "sent humanitarian relief to"],
        "inf": ["provide humanitarian aid to", "send relief aid to"],
        "pas": [],
    },
    "Make_empathetic_comment": {
        "act": ["expressed sympathy for", "made sympathetic remarks about", "offered condolences to"],
        "inf": ["express sympathy for", "offer condolences to"],
        "pas": [],
    },
    "fight_with_small_arms_and_light_weapons": {
        "act": ["fought with small arms against", "exchanged gunfire with"],
        "inf": ["fight with small arms against", "exchange gunfire with"],
        "pas": [],
    },
    "Engage_in_symbolic_act": {
        "act": ["made a symbolic gesture toward", "engaged in a symbolic act toward"],
        "inf": ["make a symbolic gesture toward"],
        "pas": [],
    },
    "Physically_assault": {
        "act": ["physically assaulted", "attacked physically", "beat up"],
        "inf": ["physically assault"],
        "pas": ["physically assaulted", "beaten up"],
    },
    "Provide_aid": {
        "act": ["gave aid to", "provided assistance to"],
        "inf": ["give aid to", "provide assistance to"],
        "pas": [],
    },
    "Reduce_relations": {
        "act": ["scaled back relations with", "downgraded ties with"],
        "inf": ["scale back relations with", "downgrade ties with"],
        "pas": [],
    },
    "Occupy_territory": {
        "act": ["occupied territory of", "seized territory belonging to"],
        "inf": ["occupy territory of"],
        "pas": [],
    },
    "Protest_violently,_riot": {
        "act": ["rioted against", "protested violently against"],
        "inf": ["riot against", "protest violently against"],
        "pas": [],
    },
    "Impose_administrative_sanctions": {
        "act": ["imposed administrative sanctions on", "slapped sanctions on"],
        "inf": ["impose sanctions on"],
        "pas": ["sanctioned"],
    },
    "Bring_lawsuit_against": {
        "act": ["sued", "filed a lawsuit against", "took to court"],
        "inf": ["sue", "file a lawsuit against"],
        "pas": ["sued"],
    },
    "Confiscate_property": {
        "act": ["confiscated property of", "seized property belonging to"],
        "inf": ["confiscate property of"],
        "pas": [],
    },
    "Threaten_with_military_force": {
        "act": ["threatened military force against", "made military threats against"],
        "inf": ["threaten military force against"],
        "pas": [],
    },
}
# Noun forms of the whole event, for anchors ("the visit of S to O").
NOUN: dict[str, list[str]] = {
    "Make_a_visit": ["the visit of {s} to {o}", "{s}'s visit to {o}"],
    "Host_a_visit": ["{s}'s hosting of {o}"],
    "Engage_in_negotiation": ["the negotiations {s} held with {o}"],
    "Discuss_by_telephone": ["the phone call between {s} and {o}"],
    "Sign_formal_agreement": ["the signing of an agreement by {s} with {o}"],
    "Criticize_or_denounce": ["{s}'s denunciation of {o}"],
    "Praise_or_endorse": ["{s}'s praise for {o}"],
}

# ------------------------------------------------------------------------------------------------ entity wording
SECTOR: dict[str, list[str]] = {
    "Police": ["the police in {c}", "{c}'s police force", "police officers in {c}"],
    "Citizen": ["citizens of {c}", "ordinary people in {c}", "members of the public in {c}"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the armed forces of {c}", "{c}'s military"],
    "Foreign Affairs": ["{c}'s foreign ministry", "the foreign affairs ministry of {c}"],
    "Military Personnel": ["soldiers of {c}", "military personnel from {c}"],
    "Criminal": ["criminals in {c}", "a criminal in {c}"],
    "Media": ["the media in {c}", "{c}'s news media"],
    "Legislature": ["the legislature of {c}", "{c}'s parliament"],
    "Protester": ["protesters in {c}", "demonstrators in {c}"],
    "Activist": ["activists in {c}"],
    "Men": ["men in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Business": ["businesses in {c}", "the business community of {c}"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}", "an attorney in {c}"],
    "Defense / Security Ministry": ["{c}'s defence ministry", "the defense ministry of {c}"],
    "Cabinet / Council of Ministers / Advisors": ["{c}'s cabinet", "the cabinet of {c}"],
    "Employee": ["employees in {c}", "workers in {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Militant": ["militants in {c}"],
    "Student": ["students in {c}"],
    "Member of Parliament": ["a member of parliament in {c}", "MPs in {c}"],
    "Other Authorities / Officials": ["officials in {c}", "the authorities in {c}"],
    "Government Official": ["government officials in {c}"],
    "Treasury/Finance Ministry": ["{c}'s finance ministry", "the treasury of {c}"],
    "Ministry": ["a government ministry of {c}"],
    "Lawmaker": ["lawmakers in {c}"],
    "Party Member": ["party members in {c}"],
    "Media Personnel": ["journalists in {c}", "media workers in {c}"],
    "Combatant": ["combatants in {c}"],
    "Armed Gang": ["an armed gang in {c}", "armed gangs in {c}"],
    "Terrorist": ["terrorists in {c}"],
    "Governor": ["a governor in {c}"],
    "City Mayor": ["a city mayor in {c}"],
    "Education": ["the education sector in {c}"],
    "Opposition Major Party (Out Of Government)": ["the main opposition party in {c}"],
}
_PAREN = re.compile(r"^(.+) \(([^()]+)\)$")
_THE = re.compile(
    r"^(United |European |Republic|Philippines|Netherlands|Czech Republic|Central African|"
    r"Democratic|Islamic State|Taliban|Kremlin|Vatican|Gambia|Bahamas|Maldives|Ukrainian Parliament)"
)


COUNTRIES: set[str] = set()  # filled from the store: X such that "Government (X)" or "Head of Government (X)" exists


def entity_ok(name: str) -> bool:
    m = _PAREN.match(name)
    if m:
        return m.group(1) in SECTOR and m.group(2) in COUNTRIES
    return "/" not in name and len(name) < 45


def say_entity(name: str, rng: random.Random) -> str:
    m = _PAREN.match(name)
    if m:
        country = m.group(2)
        if _THE.match(country):
            country = "the " + country
        out = rng.choice(SECTOR[m.group(1)]).format(c=country)
        return out.replace("s's ", "s' ")
    if _THE.match(name) or any(
        w in name
        for w in (
            " Party",
            " Union",
            " Nations",
            " Council",
            " Army",
            " Front",
            " Organization",
            " Court",
            " Bank",
            " Agency",
            " Ministry",
            " Movement",
            " Commission",
            " Committee",
            " Authority",
            " Office",
            " Intelligence",
            " Academy",
            " Association",
            " Institute",
            " Service",
            " Forces",
            " Directorate",
            "Middle East",
            "Agence France",
            "Supreme ",
        )
    ):
        return "the " + name
    return name


_PLURAL = (
    "police officers",
    "citizens",
    "ordinary people",
    "members of",
    "soldiers",
    "military personnel",
    "criminals",
    "protesters",
    "demonstrators",
    "activists",
    "men ",
    "women ",
    "children",
    "businesses",
    "judges",
    "lawyers",
    "employees",
    "workers",
    "armed rebels",
    "militants",
    "students",
    "mps",
    "officials",
    "the authorities",
    "government officials",
    "lawmakers",
    "party members",
    "journalists",
    "media workers",
    "combatants",
    "armed gangs",
    "terrorists",
)


def plural_np(phrase: str) -> bool:
    """Whether an entity's wording takes a plural verb ("By whom were citizens of India ...")."""
    return phrase.lower().startswith(_PLURAL)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# -------------------------------------------------------------------------------------------------- time wording
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
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def say_day(d: dt.date, rng: random.Random) -> str:
    return rng.choice(
        [
            f"{d.day} {MONTHS[d.month - 1]} {d.year}",
            f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
            d.isoformat(),
            f"the {ordinal(d.day)} of {MONTHS[d.month - 1]} {d.year}",
            f"{WEEKDAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}",
        ]
    )


def say_month(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])


def month_end(y: int, m: int) -> dt.date:
    return D(y + (m == 12), m % 12 + 1, 1) - dt.timedelta(days=1)


def tstr(d: dt.date, gran: str) -> str:
    return {"day": d.isoformat(), "month": d.isoformat()[:7], "year": str(d.year)}[gran]


# --------------------------------------------------------------------------------------------------------- store
def connect(instance: str, bolt: int, http: int) -> tuple[neo4j.Driver, str]:
    env = dict(os.environ, TKGRAG_INSTANCE=instance, TKGRAG_BOLT_PORT=str(bolt), TKGRAG_HTTP_PORT=str(http))
    settings = load_settings(env)
    uri, auth = resolve_connection(settings, start_managed=False)
    return neo4j.GraphDatabase.driver(uri, auth=auth), settings.neo4j_database


def read_all(driver: neo4j.Driver, db: str) -> list[tuple[str, str, str, dt.date]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    with driver.session(database=db, default_access_mode=neo4j.READ_ACCESS) as ses:
        rows = [(r["s"], r["r"], r["o"], r["d"].to_native()) for r in ses.run(q)]
    return sorted(set(rows), key=lambda x: (x[3], x[0], x[1], x[2]))


class KG:
    """Indexes over the whole store; gold answers are computed here (the second check is in Cypher)."""

    def __init__(self, quads: list[tuple[str, str, str, dt.date]], lo: dt.date, hi: dt.date) -> None:
        self.quads = quads
        COUNTRIES.clear()
        for s, _, o, _ in quads:
            for n in (s, o):
                m = _PAREN.match(n)
                if (
                    m
                    and m.group(1) in ("Government", "Head of Government")
                    and m.group(2) != "International"
                    and "," not in m.group(2)
                ):
                    COUNTRIES.add(m.group(2))
        self.lo, self.hi = lo, hi  # the period questions may ask about
        self.by_ro: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[dt.date]] = defaultdict(list)
        self.rels_by_obj: dict[str, set[str]] = defaultdict(set)
        for s, r, o, d in quads:
            if r in REL and lo <= d <= hi:
                self.rels_by_obj[o].add(r)
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        self.usable = [
            q
            for q in quads
            if lo <= q[3] <= hi and q[1] in REL and q[0] != q[2] and entity_ok(q[0]) and entity_ok(q[2])
        ]

    def side_list(self, side: str, fixed: str, r: str) -> list[tuple[dt.date, str]]:
        # side "subj": answers are subjects, fixed is the object
        return self.by_ro[(r, fixed)] if side == "subj" else self.by_sr[(fixed, r)]

    def ents(self, side: str, fixed: str, r: str, lo: dt.date, hi: dt.date, excl: tuple[str, ...] = ()) -> set[str]:
        return {x for d, x in self.side_list(side, fixed, r) if lo <= d <= hi and x not in excl}

    def ext_ents(self, side: str, fixed: str, r: str, lo: dt.date, hi: dt.date, mode: str) -> set[str]:
        days = [d for d, _ in self.side_list(side, fixed, r) if lo <= d <= hi]
        if not days:
            return set()
        t = min(days) if mode == "min" else max(days)
        return {x for d, x in self.side_list(side, fixed, r) if d == t}

    def times(self, s: str, r: str, o: str, lo: dt.date, hi: dt.date, gran: str) -> set[str]:
        return {tstr(d, gran) for d in self.by_sro[(s, r, o)] if lo <= d <= hi}

    def ext_time(self, s: str, r: str, o: str, lo: dt.date, hi: dt.date, mode: str, gran: str) -> set[str]:
        days = [d for d in self.by_sro[(s, r, o)] if lo <= d <= hi]
        if not days:
            return set()
        return {tstr(min(days) if mode == "min" else max(days), gran)}

    def unique_anchor(self, s: str, r: str, o: str) -> dt.date | None:
        days = self.by_sro[(s, r, o)]
        return days[0] if len(days) == 1 else None


# ------------------------------------------------------------------------------------------------ second check
def cypher_check(ses: neo4j.Session, chk: dict[str, Any]) -> set[str]:
    """Recompute a gold set with Cypher written unlike the Python gold: match from the fixed entity's side, compare
    ISO date strings, aggregate (min/max, collect) in Cypher, and re-derive anchor days from the store."""
    p = dict(chk)
    if "anchor" in p:
        a = p["anchor"]
        rec = ses.run(
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event {relation: $r})-[:SUBJECT]->(s:Entity {name: $s}) "
            "RETURN count(e) AS n, toString(min(e.valid_from)) AS d",
            s=a[0],
            r=a[1],
            o=a[2],
        ).single()
        if rec is None or rec["n"] != 1:
            return {"<anchor not unique>"}
        ad = D.fromisoformat(rec["d"])
        lo, hi = window_from_anchor(ad, p["rule"])
        p["lo"], p["hi"] = lo.isoformat(), hi.isoformat()
    kind = p["kind"]
    if kind in ("ents", "ext_ents"):
        if p["side"] == "subj":
            head = (
                "MATCH (f:Entity {name: $fixed})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
                "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            )
        else:
            head = (
                "MATCH (x:Entity)<-[:OBJECT]-(e:Event)-[:SUBJECT]->(f:Entity {name: $fixed}) "
                "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
            )
        if kind == "ents":
            q = head + "AND NOT x.name IN $excl RETURN collect(DISTINCT x.name) AS xs"
        else:
            agg = "min" if p["mode"] == "min" else "max"
            q = (
                head + f"WITH {agg}(toString(e.valid_from)) AS t " + head + "AND toString(e.valid_from) = t "
                "RETURN collect(DISTINCT x.name) AS xs"
            )
        rec = ses.run(q, fixed=p["fixed"], r=p["r"], lo=p["lo"], hi=p["hi"], excl=p.get("excl", [])).single()
        return set(rec["xs"]) if rec else set()
    n = {"day": 10, "month": 7, "year": 4}[p["gran"]]
    base = (
        "MATCH (e:Event)-[:OBJECT]->(o:Entity) WHERE o.name = $o AND e.relation = $r "
        "AND EXISTS { (e)-[:SUBJECT]->(:Entity {name: $s}) } "
        "WITH toString(e.valid_from) AS t WHERE t >= $lo AND t <= $hi "
    )
    if kind == "times":
        q = base + f"RETURN collect(DISTINCT substring(t, 0, {n})) AS xs"
    else:
        agg = "min" if p["mode"] == "min" else "max"
        q = base + f"WITH {agg}(t) AS m WHERE m IS NOT NULL RETURN [substring(m, 0, {n})] AS xs"
    rec = ses.run(q, s=p["s"], r=p["r"], o=p["o"], lo=p["lo"], hi=p["hi"]).single()
    return set(rec["xs"]) if rec else set()


def window_from_anchor(ad: dt.date, rule: str) -> tuple[dt.date, dt.date]:
    """The period an anchor-relative question asks about (the Cypher check and the generator share only this rule)."""
    one = dt.timedelta(days=1)
    if rule == "same_day":
        return ad, ad
    if rule == "day_after":
        return ad + one, ad + one
    if rule == "day_before":
        return ad - one, ad - one
    if rule == "same_month":
        return D(ad.year, ad.month, 1), month_end(ad.year, ad.month)
    if rule == "after_rest_of_year":
        return ad + one, D(ad.year, 12, 31)
    if rule == "before_in_year":
        return D(ad.year, 1, 1), ad - one
    if rule == "after_all":
        return ad + one, D(9999, 12, 31)
    if rule.startswith("after_days_"):
        return ad + one, ad + dt.timedelta(days=int(rule.rsplit("_", 1)[1]))
    raise ValueError(rule)


# --------------------------------------------------------------------------------------------------- templates
Q = dict[str, Any]


class Gen:
    def __init__(self, kg: KG, rng: random.Random, store: str) -> None:
        self.kg, self.rng, self.store = kg, rng, store

    # helpers
    def ev(self) -> tuple[str, str, str, dt.date]:
        return self.rng.choice(self.kg.usable)

    def act(self, r: str) -> str:
        return self.rng.choice(REL[r]["act"])

    def inf(self, r: str) -> str:
        return self.rng.choice(REL[r]["inf"])

    def e(self, name: str) -> str:
        return say_entity(name, self.rng)

    def event_phrase(self, s: str, r: str, o: str, noun_ok: bool = True) -> str:
        """A clause "S did r to O", or (where the context takes a noun phrase too) a noun form."""
        if noun_ok and r in NOUN and self.rng.random() < 0.5:
            return self.rng.choice(NOUN[r]).format(s=self.e(s), o=self.e(o))
        return f"{self.e(s)} {self.act(r)} {self.e(o)}"

    def other_rel(self, tgt: str, r2: str) -> str:
        """The anchor's relation half the time, else another relation that ``tgt`` is an object of."""
        rels = sorted(self.kg.rels_by_obj.get(tgt, set()) - {r2})
        return r2 if not rels or self.rng.random() < 0.5 else self.rng.choice(rels)

    def year_scope(self, d: dt.date) -> tuple[dt.date, dt.date]:
        return D(d.year, 1, 1), D(d.year, 12, 31)

    def anchor(self, exclude: tuple[str, str, str] | None = None) -> tuple[str, str, str, dt.date] | None:
        s, r, o, d = self.ev()
        if self.kg.unique_anchor(s, r, o) is None or (s, r, o) == exclude:
            return None
        return s, r, o, d

    def q(self, text: str, gold: set[str], atype: str, level: str, qtype: str, cons: str, chk: dict[str, Any]) -> Q:
        label = "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single"
        return {
            "question": text,
            "answers": sorted(gold),
            "answer_type": atype,
            "time_level": level,
            "qtype": qtype,
            "qlabel": label,
            "construction": cons,
            "_chk": chk,
        }

    def who(self, side: str, fixed: str, r: str, plural: bool = False) -> tuple[str, str]:
        """(question head, its tail) for "who did r to fixed" (side subj) or "whom did fixed r" (side obj)."""
        if side == "subj":
            pas = REL[r]["pas"]
            if pas and self.rng.random() < 0.4:
                who = self.e(fixed)
                return f"By whom {'were' if plural_np(who) else 'was'} {who} {self.rng.choice(pas)}", ""
            lead = self.rng.choice(["Who", "Which actors", "Who"]) if not plural else "Which parties"
            return f"{lead} {self.act(r)} {self.e(fixed)}", ""
        word = self.rng.choice(["whom", "which actors", "who"])
        return f"{cap(word)} did {self.e(fixed)} {self.inf(r)}", ""

    def ents_chk(self, side: str, fixed: str, r: str, lo: dt.date, hi: dt.date, excl: tuple[str, ...] = ()) -> Q:
        return {
            "kind": "ents",
            "side": side,
            "fixed": fixed,
            "r": r,
            "lo": lo.isoformat(),
            "hi": hi.isoformat(),
            "excl": list(excl),
        }

    def pick_side(self, s: str, o: str) -> tuple[str, str]:
        return ("subj", o) if self.rng.random() < 0.65 else ("obj", s)

    # ---------------------------------------------------------------------------------- equal (entity answers)
    def eq_day(self) -> Q | None:
        s, r, o, d = self.ev()
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        day = say_day(d, self.rng)
        forms = [f"On {day}, {head[0].lower() + head[1:]}?"]
        if not head.endswith(" on"):
            forms.append(f"{head} on {day}?")
        text = self.rng.choice(forms)
        return self.q(
            text,
            self.kg.ents(side, fixed, r, d, d),
            "entity",
            "day",
            "equal",
            "eq_day",
            self.ents_chk(side, fixed, r, d, d),
        )

    def eq_month(self) -> Q | None:
        s, r, o, d = self.ev()
        side, fixed = self.pick_side(s, o)
        lo, hi = D(d.year, d.month, 1), month_end(d.year, d.month)
        head, _ = self.who(side, fixed, r)
        m = say_month(d.year, d.month, self.rng)
        text = self.rng.choice(
            [f"In {m}, {head[0].lower() + head[1:]}?", f"{head} during {m}?", f"{head} at some point in {m}?"]
        )
        return self.q(
            text,
            self.kg.ents(side, fixed, r, lo, hi),
            "entity",
            "month",
            "equal",
            "eq_month",
            self.ents_chk(side, fixed, r, lo, hi),
        )

    def eq_year_list(self) -> Q | None:
        s, r, o, d = self.ev()
        lo, hi = self.year_scope(d)
        if self.rng.random() < 0.5:
            text = self.rng.choice(
                [
                    f"Name everyone who {self.act(r)} {self.e(o)} in {d.year}.",
                    f"Tell me who {self.act(r)} {self.e(o)} over the course of {d.year}.",
                    f"List the actors that {self.act(r)} {self.e(o)} in {d.year}.",
                ]
            )
            side, fixed = "subj", o
        else:
            text = self.rng.choice(
                [
                    f"Name the targets {self.e(s)} chose to {self.inf(r)} in {d.year}.",
                    f"In {d.year}, which parties did {self.e(s)} {self.inf(r)}?",
                ]
            )
            side, fixed = "obj", s
        return self.q(
            text,
            self.kg.ents(side, fixed, r, lo, hi),
            "entity",
            "year",
            "equal",
            "eq_year_imperative",
            self.ents_chk(side, fixed, r, lo, hi),
        )

    def eq_window(self) -> Q | None:
        s, r, o, d = self.ev()
        n = self.rng.choice([3, 5, 7, 10, 14])
        start = d - dt.timedelta(days=self.rng.randrange(n))
        end = start + dt.timedelta(days=n - 1)
        if start < self.kg.lo or end > self.kg.hi:
            return None
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        a, b = say_day(start, self.rng), say_day(end, self.rng)
        text = self.rng.choice(
            [
                f"{head} in the {n} days from {a} through {b}?",
                f"Between {a} and {b} (both days included), {head[0].lower() + head[1:]}?",
                f"{head} within the {n}-day stretch starting {a} and ending {b}?",
            ]
        )
        return self.q(
            text,
            self.kg.ents(side, fixed, r, start, end),
            "entity",
            "day",
            "equal",
            "eq_window_ndays",
            self.ents_chk(side, fixed, r, start, end),
        )

    def eq_period(self) -> Q | None:
        s, r, o, d = self.ev()
        kind = self.rng.choice(["quarter", "half", "season"])
        y = d.year
        if kind == "quarter":
            qn = (d.month - 1) // 3 + 1
            lo, hi = D(y, 3 * qn - 2, 1), month_end(y, 3 * qn)
            nm = ["first", "second", "third", "fourth"][qn - 1]
            per = self.rng.choice(
                [
                    f"the {nm} quarter of {y} ({MONTHS[3 * qn - 3]} to {MONTHS[3 * qn - 1]})",
                    f"Q{qn} {y}, i.e. {MONTHS[3 * qn - 3]} through {MONTHS[3 * qn - 1]}",
                ]
            )
        elif kind == "half":
            h = 1 if d.month <= 6 else 2
            lo, hi = (D(y, 1, 1), D(y, 6, 30)) if h == 1 else (D(y, 7, 1), D(y, 12, 31))
            per = f"the first half of {y} (January to June)" if h == 1 else f"the second half of {y} (July to December)"
        else:
            seasons = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11)}
            name = next((k for k, (a, b) in seasons.items() if a <= d.month <= b), None)
            if name is None:
                return None
            a, b = seasons[name]
            lo, hi = D(y, a, 1), month_end(y, b)
            per = f"the {name} of {y} ({MONTHS[a - 1]}, {MONTHS[a]} and {MONTHS[b - 1]})"
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        text = self.rng.choice([f"{head} in {per}?", f"During {per}, {head[0].lower() + head[1:]}?"])
        return self.q(
            text,
            self.kg.ents(side, fixed, r, lo, hi),
            "entity",
            "month",
            "equal",
            f"eq_{kind}",
            self.ents_chk(side, fixed, r, lo, hi),
        )

    def eq_named_day(self) -> Q | None:
        named = {
            (1, 1): "New Year's Day",
            (2, 14): "Valentine's Day",
            (3, 8): "International Women's Day",
            (5, 1): "May Day",
            (7, 4): "the Fourth of July",
            (10, 31): "Halloween",
            (12, 24): "Christmas Eve",
            (12, 25): "Christmas Day",
            (12, 31): "New Year's Eve",
            (12, 26): "Boxing Day",
        }
        s, r, o, d = self.rng.choice([q for q in self.kg.usable if (q[3].month, q[3].day) in named])
        nm = named[(d.month, d.day)]
        label = f"{nm} {d.year} ({MONTHS[d.month - 1]} {d.day})"
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        forms = [f"On {label}, {head[0].lower() + head[1:]}?"]
        if not head.endswith(" on"):
            forms.append(f"{head} on {label}?")
        text = self.rng.choice(forms)
        return self.q(
            text,
            self.kg.ents(side, fixed, r, d, d),
            "entity",
            "day",
            "equal",
            "eq_named_day",
            self.ents_chk(side, fixed, r, d, d),
        )

    def ellipsis_week(self) -> Q | None:
        s, r, o, d = self.ev()
        mon = d - dt.timedelta(days=d.weekday())
        sun = mon + dt.timedelta(days=6)
        if mon < self.kg.lo or sun > self.kg.hi:
            return None
        gold = self.kg.ents("subj", o, r, mon, sun, (s,))
        text = (
            f"{cap(self.e(s))} {self.act(r)} {self.e(o)} on {say_day(d, self.rng)}. "
            + self.rng.choice(
                ["Who else did the same that week", "Who else did so in that week", "Anyone else do that the same week"]
            )
            + f" (Monday {mon.day} {MONTHS[mon.month - 1]} to Sunday {sun.day} {MONTHS[sun.month - 1]} "
            f"{sun.year})?"
        )
        return self.q(
            text, gold, "entity", "day", "equal", "ellipsis_who_else_week", self.ents_chk("subj", o, r, mon, sun, (s,))
        )

    # -------------------------------------------------------------------------------------- equal (time answers)
    def when(self) -> Q | None:
        s, r, o, d = self.ev()
        lo, hi = self.year_scope(d)
        gran = self.rng.choice(["day", "day", "month", "month", "year"] if self.store == "mtq" else ["day", "month"])
        ev = f"{self.e(s)} {self.inf(r)} {self.e(o)}"
        if gran == "year":
            lo, hi = self.kg.lo, self.kg.hi
            text = self.rng.choice(
                [
                    f"In which of the two years 2014 and 2015 did {ev}?",
                    f"Was it in 2014, in 2015 or in both that {self.e(s)} {self.act(r)} {self.e(o)}?",
                ]
            )
            cons = "when_year_choice"
        elif gran == "month":
            text = self.rng.choice(
                [
                    f"Which month of {d.year} saw {self.e(s)} {self.inf(r)} {self.e(o)}?",
                    f"In what month in {d.year} did {ev}?",
                    f"During {d.year}, in which month did {ev}?",
                ]
            )
            cons = "when_month_time_subject" if "saw" in text else "when_month"
        else:
            text = self.rng.choice(
                [
                    f"On what date in {d.year} did {ev}?",
                    f"Tell me the day in {d.year} when {self.e(s)} {self.act(r)} {self.e(o)}.",
                    f"{d.year}: on which day did {ev}?",
                ]
            )
            cons = "when_day"
        gold = self.kg.times(s, r, o, lo, hi, gran)
        return self.q(
            text,
            gold,
            "time",
            gran,
            "equal",
            cons,
            {"kind": "times", "s": s, "r": r, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat(), "gran": gran},
        )

    # ------------------------------------------------------------------------------------------------ first/last
    def first_last_ent(self) -> Q | None:
        s, r, o, d = self.ev()
        mode = self.rng.choice(["min", "max"])
        lo, hi = self.year_scope(d)
        if self.rng.random() < 0.3 and self.store == "mtq":
            lo, hi = self.kg.lo, self.kg.hi
            scope = "between January 2014 and December 2015"
        else:
            scope = self.rng.choice([f"in {d.year}", f"during {d.year}"])
        side, fixed = self.pick_side(s, o)
        w = "first" if mode == "min" else "last"
        if side == "subj":
            text = self.rng.choice(
                [
                    f"Who was the {w} to {self.inf(r)} {self.e(fixed)} {scope}?",
                    f"{cap(scope)}, who {w} {self.act(r)} {self.e(fixed)}?"
                    if mode == "min"
                    else f"{cap(scope)}, who most recently {self.act(r)} {self.e(fixed)}?",
                ]
            )
        else:
            text = self.rng.choice(
                [
                    f"Whom did {self.e(fixed)} {self.inf(r)} {w} {scope}?",
                    f"Name the {w} party that {self.e(fixed)} {self.act(r)} {scope}.",
                ]
            )
        gold = self.kg.ext_ents(side, fixed, r, lo, hi, mode)
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "first_last",
            f"first_last_entity_{w}",
            {
                "kind": "ext_ents",
                "side": side,
                "fixed": fixed,
                "r": r,
                "lo": lo.isoformat(),
                "hi": hi.isoformat(),
                "mode": mode,
            },
        )

    def first_last_time(self) -> Q | None:
        s, r, o, d = self.ev()
        mode = self.rng.choice(["min", "max"])
        gran = self.rng.choice(["day", "month", "month"])
        lo, hi = self.year_scope(d)
        w = "first" if mode == "min" else "last"
        ev_inf = f"{self.e(s)} {self.inf(r)} {self.e(o)}"
        if gran == "month":
            text = self.rng.choice(
                [
                    f"In which month of {d.year} did {ev_inf} for the {w} time?",
                    f"Which month in {d.year} saw {self.e(s)} {self.inf(r)} {self.e(o)} for the {w} time that year?",
                ]
            )
            cons = "first_last_time_month"
        else:
            text = self.rng.choice(
                [
                    f"When, in {d.year}, did {self.e(s)} {w} {self.inf(r)} {self.e(o)}?",
                    f"Give the date of the {w} time in {d.year} that {self.e(s)} {self.act(r)} {self.e(o)}.",
                ]
            )
            cons = "first_last_time_day"
        gold = self.kg.ext_time(s, r, o, lo, hi, mode, gran)
        # A "first time" asked at month level is only well posed when the event happened more than once or not.
        return self.q(
            text,
            gold,
            "time",
            gran,
            "first_last",
            cons,
            {
                "kind": "ext_time",
                "s": s,
                "r": r,
                "o": o,
                "lo": lo.isoformat(),
                "hi": hi.isoformat(),
                "mode": mode,
                "gran": gran,
            },
        )

    # ---------------------------------------------------------------------------------------------- before/after
    def before_after_date(self) -> Q | None:
        s, r, o, d = self.ev()
        after = self.rng.random() < 0.5
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        hl = head[0].lower() + head[1:]
        if after:
            piv = d - dt.timedelta(days=self.rng.randrange(1, 40))
            lo, hi = piv + dt.timedelta(days=1), D(d.year, 12, 31)
            if piv.year != d.year:
                return None
            text = self.rng.choice(
                [
                    f"After {say_day(piv, self.rng)} and before the year was out, {hl}?",
                    f"{head} after {say_day(piv, self.rng)} (up to the end of {d.year})?",
                ]
            )
        else:
            piv = d + dt.timedelta(days=self.rng.randrange(1, 40))
            lo, hi = D(d.year, 1, 1), piv - dt.timedelta(days=1)
            if piv.year != d.year:
                return None
            text = self.rng.choice(
                [
                    f"In {d.year}, before {say_day(piv, self.rng)}, {hl}?",
                    f"{head} earlier in {d.year} than {say_day(piv, self.rng)}?",
                ]
            )
        return self.q(
            text,
            self.kg.ents(side, fixed, r, lo, hi),
            "entity",
            "day",
            "before_after",
            "before_after_date",
            self.ents_chk(side, fixed, r, lo, hi),
        )

    def before_after_event(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        s2, r2, o2, ad = a
        tgt = o2 if self.rng.random() < 0.6 else s2
        r = self.other_rel(tgt, r2)
        after = self.rng.random() < 0.5
        anc = self.event_phrase(s2, r2, o2)
        clause = self.event_phrase(s2, r2, o2, noun_ok=False)
        if after:
            rule = self.rng.choice(["after_rest_of_year", "after_days_30", "after_days_14"])
            lo, hi = window_from_anchor(ad, rule)
            if hi > self.kg.hi:
                return None
            tail = {
                "after_rest_of_year": "later that same year",
                "after_days_30": "within 30 days after that",
                "after_days_14": "in the two weeks (14 days) that followed",
            }[rule]
            text = self.rng.choice(
                [
                    f"After {anc}, who {self.act(r)} {self.e(tgt)} {tail}?",
                    f"Once {clause}, which actors {self.act(r)} {self.e(tgt)} {tail}?",
                ]
            )
        else:
            rule = "before_in_year"
            lo, hi = window_from_anchor(ad, rule)
            text = self.rng.choice(
                [
                    f"Earlier in {ad.year}, before {anc}, who had {self.act(r)} {self.e(tgt)}?",
                    f"Who {self.act(r)} {self.e(tgt)} in {ad.year} before {anc}?",
                ]
            )
        if lo < self.kg.lo:
            return None
        gold = self.kg.ents("subj", tgt, r, lo, hi)
        chk = {"kind": "ents", "side": "subj", "fixed": tgt, "r": r, "excl": [], "anchor": [s2, r2, o2], "rule": rule}
        return self.q(text, gold, "entity", "day", "before_after", "before_after_event", chk)

    # ---------------------------------------------------------------------------------- after_first / before_last
    def after_first(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        s2, r2, o2, ad = a
        tgt = o2
        r = self.other_rel(tgt, r2)
        anc = self.event_phrase(s2, r2, o2)
        lo, hi = window_from_anchor(ad, "after_all")
        gold = self.kg.ext_ents("subj", tgt, r, lo, hi, "min")
        if self.rng.random() < 0.7:
            text = self.rng.choice(
                [
                    f"After {anc}, who was the next to {self.inf(r)} {self.e(tgt)}?",
                    f"Who {self.act(r)} {self.e(tgt)} next, after {anc}?",
                    f"Right after {anc}, which actor was first to {self.inf(r)} {self.e(tgt)}?",
                ]
            )
            return self.q(
                text,
                gold,
                "entity",
                "day",
                "after_first",
                "after_first_entity",
                {
                    "kind": "ext_ents",
                    "side": "subj",
                    "fixed": tgt,
                    "r": r,
                    "mode": "min",
                    "anchor": [s2, r2, o2],
                    "rule": "after_all",
                },
            )
        # time answer: when did a given subject next do it
        nxt = [(d, x) for d, x in self.kg.by_ro[(r, tgt)] if d > ad]
        if not nxt:
            return None
        subj = self.rng.choice(sorted({x for _, x in nxt}))
        gran = self.rng.choice(["day", "month"])
        g = self.kg.ext_time(subj, r, tgt, lo, hi, "min", gran)
        word = "on what date" if gran == "day" else "in what month"
        text = f"After {anc}, {word} did {self.e(subj)} next {self.inf(r)} {self.e(tgt)}?"
        return self.q(
            text,
            g,
            "time",
            gran,
            "after_first",
            "after_first_time",
            {
                "kind": "ext_time",
                "s": subj,
                "r": r,
                "o": tgt,
                "mode": "min",
                "gran": gran,
                "anchor": [s2, r2, o2],
                "rule": "after_all",
            },
        )

    def before_last(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        s2, r2, o2, ad = a
        tgt = o2 if self.rng.random() < 0.7 else s2
        r = self.other_rel(tgt, r2)
        anc = self.event_phrase(s2, r2, o2)
        lo, hi = window_from_anchor(ad, "before_in_year")
        gold = self.kg.ext_ents("subj", tgt, r, lo, hi, "max")
        text = self.rng.choice(
            [
                f"Earlier in {ad.year}, who had last {self.act(r)} {self.e(tgt)} just before {anc}?",
                f"Just before {anc}, who was the most recent to {self.inf(r)} {self.e(tgt)} (counting from the start "
                f"of {ad.year})?",
                f"In {ad.year}, before {anc}, who was the last one that {self.act(r)} {self.e(tgt)}?",
            ]
        )
        return self.q(
            text,
            gold,
            "entity",
            "day",
            "before_last",
            "before_last_entity",
            {
                "kind": "ext_ents",
                "side": "subj",
                "fixed": tgt,
                "r": r,
                "mode": "max",
                "anchor": [s2, r2, o2],
                "rule": "before_in_year",
            },
        )

    # ------------------------------------------------------------------------------------------------ equal_multi
    def equal_multi(self) -> Q | None:
        a = self.anchor()
        if a is None:
            return None
        s2, r2, o2, ad = a
        rule = self.rng.choice(["same_day", "same_month", "day_after", "day_before"])
        lo, hi = window_from_anchor(ad, rule)
        if lo < self.kg.lo or hi > self.kg.hi:
            return None
        # a target event in that window, other relation allowed
        pool = [q for q in self.kg.usable if lo <= q[3] <= hi and (q[0], q[1], q[2]) != (s2, r2, o2)]
        if not pool:
            return None
        s, r, o, _ = self.rng.choice(pool)
        anc = self.event_phrase(s2, r2, o2, noun_ok=rule in ("day_after", "day_before"))
        side, fixed = self.pick_side(s, o)
        head, _ = self.who(side, fixed, r)
        hl = head[0].lower() + head[1:]
        if rule == "same_day":
            text = self.rng.choice(
                [
                    f"{head} on the same day that {anc}?"
                    if not head.endswith(" on")
                    else f"On the same day that {anc}, {hl}?",
                    f"On the day {anc}, {hl}?",
                ]
            )
            level, cons = "day", "equal_multi_same_day"
        elif rule == "same_month":
            text = self.rng.choice([f"{head} in the same month in which {anc}?", f"In the month when {anc}, {hl}?"])
            level, cons = "month", "equal_multi_same_month"
        elif rule == "day_after":
            text = f"The day after {anc}, {hl}?"
            level, cons = "day", "relative_day_after"
        else:
            text = f"On the day before {anc}, {hl}?" if head.endswith(" on") else f"{head} on the day before {anc}?"
            level, cons = "day", "relative_day_before"
        gold = self.kg.ents(side, fixed, r, lo, hi)
        return self.q(
            text,
            gold,
            "entity",
            level,
            "equal_multi",
            cons,
            {"kind": "ents", "side": side, "fixed": fixed, "r": r, "excl": [], "anchor": [s2, r2, o2], "rule": rule},
        )


PLAN: dict[str, list[tuple[str, int]]] = {
    "mtq": [
        ("eq_day", 10),
        ("eq_month", 8),
        ("eq_year_list", 5),
        ("eq_window", 6),
        ("eq_period", 7),
        ("eq_named_day", 3),
        ("ellipsis_week", 4),
        ("when", 14),
        ("first_last_ent", 9),
        ("first_last_time", 8),
        ("before_after_date", 6),
        ("before_after_event", 5),
        ("after_first", 7),
        ("before_last", 5),
        ("equal_multi", 8),
    ],
    "bench": [
        ("eq_day", 7),
        ("eq_month", 6),
        ("eq_year_list", 2),
        ("eq_window", 4),
        ("eq_period", 5),
        ("eq_named_day", 2),
        ("ellipsis_week", 3),
        ("when", 9),
        ("first_last_ent", 6),
        ("first_last_time", 5),
        ("before_after_date", 4),
        ("before_after_event", 4),
        ("after_first", 5),
        ("before_last", 4),
        ("equal_multi", 6),
    ],
}


def build(store: str, kg: KG, ses: neo4j.Session) -> tuple[list[Q], dict[str, int]]:
    rng = random.Random(f"{SEED}-{store}")
    gen = Gen(kg, rng, store)
    prefix = "b55m" if store == "mtq" else "b55i"
    out: list[Q] = []
    seen: set[str] = set()
    stats = {"generated": 0, "dropped_gold": 0, "dropped_dup": 0, "check_disagree": 0}
    for name, want in PLAN[store]:
        fn: Callable[[], Q | None] = getattr(gen, name)
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            item = fn()
            if item is None:
                continue
            stats["generated"] += 1
            if not 1 <= len(item["answers"]) <= 5:
                stats["dropped_gold"] += 1
                continue
            if item["question"] in seen:
                stats["dropped_dup"] += 1
                continue
            chk = item.pop("_chk")
            second = cypher_check(ses, chk)
            if second != set(item["answers"]):
                stats["check_disagree"] += 1
                continue
            seen.add(item["question"])
            qid = f"{prefix}{len(out) + 1:03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": item["question"],
                    "answers": item["answers"],
                    "answer_type": item["answer_type"],
                    "time_level": item["time_level"],
                    "qtype": item["qtype"],
                    "qlabel": item["qlabel"],
                    "evidence": [],
                    "construction": item["construction"],
                    "store": store,
                    "check": describe(chk),
                    "check_agrees": True,
                }
            )
            got += 1
    return out, stats


def describe(chk: dict[str, Any]) -> str:
    parts = [f"{k}={v}" for k, v in sorted(chk.items()) if k not in ("excl",) or v]
    return "cypher " + "; ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--mtq-bolt", type=int, default=17831)
    ap.add_argument("--mtq-http", type=int, default=17531)
    ap.add_argument("--bench-bolt", type=int, default=7697)
    ap.add_argument("--bench-http", type=int, default=7484)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    stores = {
        "mtq": ("mtq", args.mtq_bolt, args.mtq_http, D(2014, 1, 1), D(2015, 12, 31), "blind_mtq.jsonl"),
        "bench": ("bench", args.bench_bolt, args.bench_http, D(2014, 1, 1), D(2014, 12, 31), "blind_icews14.jsonl"),
    }
    for store, (inst, bolt, http, lo, hi, fname) in stores.items():
        driver, db = connect(inst, bolt, http)
        try:
            kg = KG(read_all(driver, db), lo, hi)
            with driver.session(database=db, default_access_mode=neo4j.READ_ACCESS) as ses:
                rows, stats = build(store, kg, ses)
        finally:
            driver.close()
        with (args.out / fname).open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
        print(store, len(kg.quads), "quads;", len(rows), "questions;", json.dumps(stats))


if __name__ == "__main__":
    main()
