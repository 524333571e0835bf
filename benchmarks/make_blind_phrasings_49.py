"""Blind held-out set 49: MultiTQ-style questions in new phrasings, gold computed from the store itself.

Why: the symbolic temporal reader was tuned on earlier phrasings; this set measures it on wordings it never saw. Every
gold answer is computed in Python over one read of all (subject, relation, object, day) facts, then recomputed per
question by a second, differently written Cypher query (keys instead of names, string or Cypher date arithmetic,
aggregation in Cypher); a question whose two answers disagree is dropped.

Usage (read-only; the store is chosen by TKGRAG_INSTANCE / TKGRAG_BOLT_PORT / TKGRAG_HTTP_PORT):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_49.py --store mtq --out <work>/notes/heldout/v49/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_49.py --store bench --out <work>/notes/heldout/v49/blind_icews14.jsonl
"""

# S, O, r name a fact's parts as everywhere in the project; makers unpack (past, base, passive, noun) and use a few.
# ruff: noqa: E741, RUF059
from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261249
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"lo": date(2014, 1, 1), "hi": date(2015, 12, 31), "prefix": "b49m", "target": 100},
    "bench": {"lo": date(2014, 1, 1), "hi": date(2014, 12, 31), "prefix": "b49i", "target": 70},
}
MAX_GOLD = 5
Fact = tuple[str, str, str, date]

# relation -> (past active "... {O}", bare infinitive "... {O}", passive "{O} was ... by", noun "{S}'s ... {O}")
REL: dict[str, tuple[str, str, str, str]] = {
    "Make_a_visit": ("paid a visit to {O}", "visit {O}", "{O} was visited by", "{S}'s trip to {O}"),
    "Host_a_visit": ("hosted {O}", "play host to {O}", "{O} was hosted by", "{S}'s hosting of {O}"),
    "Make_statement": (
        "made a statement about {O}",
        "comment publicly on {O}",
        "{O} was the subject of a statement by",
        "{S}'s statement on {O}",
    ),
    "Consult": ("held consultations with {O}", "consult {O}", "{O} was consulted by", "{S}'s consultation with {O}"),
    "Make_an_appeal_or_request": (
        "made an appeal to {O}",
        "appeal to {O}",
        "{O} received an appeal from",
        "{S}'s appeal to {O}",
    ),
    "Express_intent_to_meet_or_negotiate": (
        "expressed willingness to meet or negotiate with {O}",
        "offer to meet or negotiate with {O}",
        "{O} was offered a meeting or negotiations by",
        "{S}'s offer to meet {O}",
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {O}",
        "arrest, detain or charge {O}",
        "{O} was arrested, detained or charged by",
        "{S}'s arrest of {O}",
    ),
    "Praise_or_endorse": ("praised {O}", "speak in praise of {O}", "{O} was praised by", "{S}'s praise for {O}"),
    "Criticize_or_denounce": ("denounced {O}", "criticize {O}", "{O} was criticized by", "{S}'s criticism of {O}"),
    "Use_conventional_military_force": (
        "used conventional military force against {O}",
        "use military force against {O}",
        "{O} came under conventional military attack from",
        "{S}'s military action against {O}",
    ),
    "Engage_in_negotiation": (
        "negotiated with {O}",
        "negotiate with {O}",
        "{O} was negotiated with by",
        "{S}'s negotiations with {O}",
    ),
    "Accuse": ("accused {O}", "level accusations at {O}", "{O} was accused by", "{S}'s accusation against {O}"),
    "Engage_in_diplomatic_cooperation": (
        "cooperated diplomatically with {O}",
        "work diplomatically with {O}",
        "{O} had diplomatic cooperation from",
        "{S}'s diplomatic cooperation with {O}",
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {O}",
        "sign a formal agreement with {O}",
        "{O} was party to a formal agreement signed by",
        "{S}'s formal agreement with {O}",
    ),
    "Express_intent_to_cooperate": (
        "expressed an intention to cooperate with {O}",
        "declare a willingness to cooperate with {O}",
        "{O} was told of an intention to cooperate by",
        "{S}'s pledge to cooperate with {O}",
    ),
    "Demand": ("made demands of {O}", "make demands of {O}", "{O} faced demands from", "{S}'s demands on {O}"),
    "Investigate": (
        "investigated {O}",
        "open an investigation into {O}",
        "{O} was investigated by",
        "{S}'s probe of {O}",
    ),
    "Make_optimistic_comment": (
        "made optimistic remarks about {O}",
        "sound upbeat about {O}",
        "{O} was the subject of optimistic remarks by",
        "{S}'s upbeat remarks about {O}",
    ),
    "Reject": ("rejected {O}", "turn down {O}", "{O} was rebuffed by", "{S}'s rejection of {O}"),
    "Discuss_by_telephone": (
        "spoke by phone with {O}",
        "phone {O}",
        "{O} got a phone call from",
        "{S}'s phone call with {O}",
    ),
    "Threaten": ("threatened {O}", "threaten {O}", "{O} was threatened by", "{S}'s threat against {O}"),
    "Make_pessimistic_comment": (
        "made pessimistic remarks about {O}",
        "sound gloomy about {O}",
        "{O} was the subject of pessimistic remarks by",
        "{S}'s gloomy remarks about {O}",
    ),
    "Meet_at_a_'third'_location": (
        "met {O} at a third location",
        "meet {O} on neutral ground",
        "{O} was met at a third location by",
        "{S}'s meeting with {O} at a third location",
    ),
    "Make_empathetic_comment": (
        "expressed sympathy for {O}",
        "express sympathy for {O}",
        "{O} received words of sympathy from",
        "{S}'s expression of sympathy for {O}",
    ),
    "Provide_humanitarian_aid": (
        "provided humanitarian aid to {O}",
        "send humanitarian aid to {O}",
        "{O} received humanitarian aid from",
        "{S}'s humanitarian aid to {O}",
    ),
    "Use_unconventional_violence": (
        "used unconventional violence against {O}",
        "use unconventional violence against {O}",
        "{O} suffered unconventional violence at the hands of",
        "{S}'s unconventional violence against {O}",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "signalled readiness for diplomatic cooperation with {O}",
        "signal readiness for diplomatic cooperation with {O}",
        "{O} was offered diplomatic cooperation by",
        "{S}'s offer of diplomatic cooperation to {O}",
    ),
    "Abduct,_hijack,_or_take_hostage": (
        "abducted or took hostage {O}",
        "abduct or take hostage {O}",
        "{O} was abducted or taken hostage by",
        "{S}'s abduction of {O}",
    ),
    "Provide_military_aid": (
        "gave military aid to {O}",
        "give military aid to {O}",
        "{O} received military aid from",
        "{S}'s military aid to {O}",
    ),
    "Cooperate_economically": (
        "cooperated economically with {O}",
        "cooperate economically with {O}",
        "{O} had economic cooperation from",
        "{S}'s economic cooperation with {O}",
    ),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed sanctions, an embargo or a boycott on {O}",
        "impose sanctions on {O}",
        "{O} was hit with sanctions, an embargo or a boycott by",
        "{S}'s sanctions against {O}",
    ),
    "Provide_aid": ("provided aid to {O}", "give aid to {O}", "{O} received aid from", "{S}'s aid to {O}"),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "appealed for diplomatic cooperation from {O}",
        "appeal for diplomatic cooperation from {O}",
        "{O} was asked for diplomatic cooperation by",
        "{S}'s call for diplomatic cooperation from {O}",
    ),
}

DEMONYM = {
    "India": "Indian",
    "China": "Chinese",
    "Kenya": "Kenyan",
    "Nigeria": "Nigerian",
    "Pakistan": "Pakistani",
    "Russia": "Russian",
    "Ukraine": "Ukrainian",
    "Germany": "German",
    "France": "French",
    "Japan": "Japanese",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Egypt": "Egyptian",
    "Turkey": "Turkish",
    "Thailand": "Thai",
    "Philippines": "Philippine",
    "Australia": "Australian",
    "Afghanistan": "Afghan",
    "Syria": "Syrian",
    "Israel": "Israeli",
    "South Africa": "South African",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Indonesia": "Indonesian",
    "Malaysia": "Malaysian",
    "Bangladesh": "Bangladeshi",
    "Sri Lanka": "Sri Lankan",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Nepal": "Nepalese",
    "Canada": "Canadian",
    "United Kingdom": "British",
    "Ireland": "Irish",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Greece": "Greek",
    "Libya": "Libyan",
    "Somalia": "Somali",
    "Sudan": "Sudanese",
    "South Sudan": "South Sudanese",
    "Yemen": "Yemeni",
    "Lebanon": "Lebanese",
    "Taiwan": "Taiwanese",
    "Vietnam": "Vietnamese",
    "Zimbabwe": "Zimbabwean",
    "Uganda": "Ugandan",
    "Ethiopia": "Ethiopian",
    "Poland": "Polish",
    "Argentina": "Argentine",
    "Colombia": "Colombian",
    "Venezuela": "Venezuelan",
    "Saudi Arabia": "Saudi",
    "Mali": "Malian",
    "Tunisia": "Tunisian",
    "Algeria": "Algerian",
    "Morocco": "Moroccan",
    "Ghana": "Ghanaian",
    "Myanmar": "Myanmar",
    "Cambodia": "Cambodian",
    "Cuba": "Cuban",
    "Hungary": "Hungarian",
    "Sweden": "Swedish",
    "Norway": "Norwegian",
    "Denmark": "Danish",
    "Qatar": "Qatari",
}
# sector role -> (with a demonym "{D}", without "{C}")
ROLE = {
    "Citizen": ("{D} citizens", "citizens of {C}"),
    "Police": ("the {D} police", "the police in {C}"),
    "Head of Government": ("the {D} head of government", "the head of government of {C}"),
    "Government": ("the {D} government", "the government of {C}"),
    "Military": ("the {D} military", "the armed forces of {C}"),
    "Foreign Affairs": ("the {D} foreign ministry", "the foreign ministry of {C}"),
    "Protester": ("{D} protesters", "protesters in {C}"),
    "Media": ("the {D} media", "the media in {C}"),
    "Armed Rebel": ("{D} armed rebels", "armed rebels in {C}"),
    "Militant": ("{D} militants", "militants in {C}"),
    "Criminal": ("criminals in {C}", "criminals in {C}"),
    "Lawyer/Attorney": ("lawyers in {C}", "lawyers in {C}"),
    "Business": ("{D} businesses", "businesses in {C}"),
    "Student": ("students in {C}", "students in {C}"),
    "Court Judge": ("a {D} judge", "a judge in {C}"),
    "Legislature": ("the {D} legislature", "the legislature of {C}"),
    "Defense / Security Ministry": ("the {D} defence ministry", "the defence ministry of {C}"),
    "Cabinet / Council of Ministers / Advisors": ("the {D} cabinet", "the cabinet of {C}"),
    "Member of Parliament": ("{D} members of parliament", "members of parliament in {C}"),
    "Terrorist": ("terrorists in {C}", "terrorists in {C}"),
    "Government Official": ("{D} government officials", "government officials of {C}"),
    "Other Authorities / Officials": ("officials in {C}", "officials in {C}"),
    "Military Personnel": ("{D} soldiers", "soldiers of {C}"),
    "Justice Department/Ministery": ("the {D} justice ministry", "the justice ministry of {C}"),
    "Treasury/Finance Ministry": ("the {D} finance ministry", "the finance ministry of {C}"),
    "Envoy": ("a {D} envoy", "an envoy of {C}"),
    "Insurgent": ("{D} insurgents", "insurgents in {C}"),
    "Opposition Supporters": ("{D} opposition supporters", "opposition supporters in {C}"),
    "Children": ("children in {C}", "children in {C}"),
    "Women": ("women in {C}", "women in {C}"),
    "Activist": ("{D} activists", "activists in {C}"),
}
THE = {
    "United States",
    "United Kingdom",
    "United Nations",
    "European Union",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Central African Republic",
    "Democratic Republic of Congo",
    "United Arab Emirates",
    "Holy See",
    "Taliban",
    "Kremlin",
    "Vatican",
    "Islamic State",
    "African Union",
    "Red Cross",
}
THE_WORDS = {
    "Council",
    "Organization",
    "Service",
    "Union",
    "Court",
    "Front",
    "Movement",
    "Commission",
    "Office",
    "Ministry",
    "Army",
    "Agency",
    "Bank",
    "Fund",
    "Party",
    "Parliament",
    "Assembly",
    "Committee",
    "League",
    "Forces",
    "Brotherhood",
    "Coalition",
    "Board",
    "Alliance",
    "Federation",
    "Association",
    "Congress",
}
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (3, 8): "International Women's Day",
    (5, 1): "May Day",
    (7, 4): "US Independence Day",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
}
MONTHS = list(calendar.month_name)


def say(name: str, rng: random.Random, start: bool = False) -> str | None:
    """How a person would name an entity; None for sector actors this table does not know how to say."""
    if " (" in name and name.endswith(")"):
        role, country = name[:-1].split(" (", 1)
        forms = ROLE.get(role)
        if forms is None or "(" in country or "," in country:
            return None
        dem = DEMONYM.get(country)
        text = forms[0].format(D=dem, C=country) if dem and rng.random() < 0.7 else forms[1].format(C=country)
        if country in THE:
            text = text.replace(f"of {country}", f"of the {country}").replace(f"in {country}", f"in the {country}")
        out = text
    elif any(c in name for c in "()/\\"):
        return None
    else:
        words = set(name.split())
        needs_the = name in THE or bool(words & THE_WORDS) or name.startswith(("UN ", "Middle ", "North America"))
        out = f"the {name}" if needs_the and not name.startswith("The ") else name
    return out[0].upper() + out[1:] if start else out


def fmt_day(d: date, rng: random.Random, weekday: bool = False) -> str:
    style = rng.randrange(4)
    wd = f"{calendar.day_name[d.weekday()]}, " if weekday else ""
    if style == 0:
        return f"{wd}{d.day} {MONTHS[d.month]} {d.year}"
    if style == 1:
        return f"{wd}{MONTHS[d.month]} {d.day}, {d.year}"
    if style == 2 and not weekday:
        return d.isoformat()
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"{wd}the {d.day}{suffix} of {MONTHS[d.month]} {d.year}"


def noun_of(template: str, S: str, O: str) -> str:
    """'{S}'s trip to {O}'; a sector phrase ('officials in Vietnam') takes 'the trip to {O} by {S}' instead."""
    if " of " in S or " in " in S:
        return "the " + template.split("'s ", 1)[1].format(O=O) + f" by {S}"
    if plural(S):
        return template.replace("{S}'s", "{S}'").format(S=S, O=O)
    return template.format(S=S, O=O)


PLURALS = (
    "citizens",
    "protesters",
    "rebels",
    "militants",
    "criminals",
    "lawyers",
    "businesses",
    "students",
    "members",
    "terrorists",
    "officials",
    "soldiers",
    "insurgents",
    "supporters",
    "children",
    "women",
    "activists",
)


def plural(phrase: str) -> bool:
    return any(w in PLURALS for w in phrase.split()[:3])


def passive(template: str, O: str, start: bool = True) -> str:
    """'{O} was visited by' with the verb agreeing with a plural sector phrase ('Nigerian citizens were ...')."""
    text = template.format(O=O)
    if plural(O):
        text = text.replace(f"{O} was ", f"{O} were ", 1)
    return cap(text) if start else text


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def perfect(past: str) -> str:
    """'spoke by phone with X' -> 'spoken by phone with X', for 'had ...' clauses."""
    for a, b in (("spoke ", "spoken "), ("gave ", "given "), ("took ", "taken ")):
        past = past.replace(a, b)
    return past


def month_end(d: date) -> date:
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


@dataclass
class Spec:
    """What a question asks, in terms both gold computations read: answers of `mode` ('subj', 'obj', 'times') for
    relation r with the other side fixed to `fixed` (a triple (s, o) for 'times'), within [lo, hi] or within a window
    relative to a unique anchor event, optionally only the earliest/latest day ('min'/'max')."""

    mode: str
    r: str
    fixed: str | tuple[str, str]
    lo: date
    hi: date
    level: str = "day"
    agg: str | None = None
    anchor: tuple[str, str, str] | None = None
    window: str | None = None  # relative to the anchor's day: after, before, same_day, same_month, next_day, prev_day,
    # later_in_month
    exclude: list[str] = field(default_factory=list)


class Facts:
    def __init__(self, rows: list[Fact], keys: dict[str, str]) -> None:
        self.rows = rows
        self.keys = keys
        self.by_ro: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[date, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[date]] = defaultdict(list)
        for s, r, o, d in rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)

    def anchor_day(self, a: tuple[str, str, str]) -> date | None:
        days = self.by_sro.get(a, [])
        return days[0] if len(days) == 1 else None

    def window(self, spec: Spec) -> tuple[date, date] | None:
        if spec.anchor is None:
            return spec.lo, spec.hi
        t = self.anchor_day(spec.anchor)
        if t is None:
            return None
        one = timedelta(days=1)
        w = spec.window
        if w == "after":
            return t + one, spec.hi
        if w == "before":
            return spec.lo, t - one
        if w == "same_day":
            return t, t
        if w == "next_day":
            return t + one, t + one
        if w == "prev_day":
            return t - one, t - one
        if w == "same_month":
            return t.replace(day=1), month_end(t)
        if w == "later_in_month":
            return t + one, month_end(t)
        raise ValueError(w)

    def gold(self, spec: Spec) -> list[str]:
        win = self.window(spec)
        if win is None:
            return []
        lo, hi = win
        if spec.mode == "times":
            s, o = spec.fixed
            items = [(d, d) for d in self.by_sro.get((s, spec.r, o), [])]
        elif spec.mode == "subj":
            items = self.by_ro.get((spec.r, str(spec.fixed)), [])
        else:
            items = self.by_sr.get((str(spec.fixed), spec.r), [])
        items = [(d, x) for d, x in items if lo <= d <= hi]
        if spec.agg and items:
            pick = min(d for d, _ in items) if spec.agg == "min" else max(d for d, _ in items)
            items = [(d, x) for d, x in items if d == pick]
        if spec.mode == "times":
            n = {"day": 10, "month": 7, "year": 4}[spec.level]
            return sorted({d.isoformat()[:n] for d, _ in items})
        return sorted({str(x) for _, x in items} - set(spec.exclude))


def cypher_check(session: Any, facts: Facts, spec: Spec) -> list[str]:
    """The second computation: keys instead of names, dates as strings or Cypher date arithmetic, Cypher aggregation."""
    params: dict[str, Any] = {"r": spec.r, "lo": spec.lo.isoformat(), "hi": spec.hi.isoformat()}
    if spec.anchor is not None:
        a_s, a_r, a_o = spec.anchor
        params.update(as_=facts.keys[a_s], ar=a_r, ao=facts.keys[a_o])
        bounds = {
            "after": ("t + duration('P1D')", "date($hi)"),
            "before": ("date($lo)", "t - duration('P1D')"),
            "same_day": ("t", "t"),
            "next_day": ("t + duration('P1D')", "t + duration('P1D')"),
            "prev_day": ("t - duration('P1D')", "t - duration('P1D')"),
            "same_month": (
                "date.truncate('month', t)",
                "date.truncate('month', t) + duration('P1M') - duration('P1D')",
            ),
            "later_in_month": ("t + duration('P1D')", "date.truncate('month', t) + duration('P1M') - duration('P1D')"),
        }[str(spec.window)]
        head = (
            "MATCH (x:Entity {key: $as_})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(y:Entity {key: $ao}) "
            "WHERE a.relation = $ar WITH collect(a.valid_from) AS ts WHERE size(ts) = 1 "
            f"WITH ts[0] AS t WITH toString({bounds[0]}) AS lo, toString({bounds[1]}) AS hi "
        )
    else:
        head = "WITH $lo AS lo, $hi AS hi "
    if spec.mode == "times":
        s, o = spec.fixed
        params.update(s=facts.keys[s], o=facts.keys[o], n={"day": 10, "month": 7, "year": 4}[spec.level])
        body = (
            "MATCH (o:Entity {key: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {key: $s}) WHERE e.relation = $r "
            "WITH toString(e.valid_from) AS d, lo, hi WHERE d >= lo AND d <= hi "
            "WITH d AS d, d AS x "
        )
    elif spec.mode == "subj":
        params["k"] = facts.keys[str(spec.fixed)]
        body = (
            "MATCH (o:Entity {key: $k})<-[:OBJECT]-(e:Event) WHERE e.relation = $r "
            "WITH e, lo, hi WHERE toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
            "MATCH (e)-[:SUBJECT]->(s:Entity) WITH toString(e.valid_from) AS d, s.name AS x "
        )
    else:
        params["k"] = facts.keys[str(spec.fixed)]
        body = (
            "MATCH (s:Entity {key: $k})<-[:SUBJECT]-(e:Event) WHERE e.relation = $r "
            "WITH e, lo, hi WHERE toString(e.valid_from) >= lo AND toString(e.valid_from) <= hi "
            "MATCH (e)-[:OBJECT]->(o:Entity) WITH toString(e.valid_from) AS d, o.name AS x "
        )
    if spec.agg:
        fn = "min" if spec.agg == "min" else "max"
        tail = f"WITH collect([d, x]) AS rows, {fn}(d) AS m UNWIND rows AS row WITH row WHERE row[0] = m "
        tail += "WITH row[0] AS d, row[1] AS x "
    else:
        tail = ""
    ret = "RETURN DISTINCT substring(x, 0, $n) AS a" if spec.mode == "times" else "RETURN DISTINCT x AS a"
    rows = session.run(head + body + tail + ret, params).data()
    return sorted({str(r["a"]) for r in rows} - set(spec.exclude))


# ---------------------------------------------------------------- question makers


class Maker:
    def __init__(self, facts: Facts, rng: random.Random, lo: date, hi: date, store: str) -> None:
        self.f = facts
        self.rng = rng
        self.lo = lo
        self.hi = hi
        self.store = store
        self.events = sorted(
            (x for x in facts.rows if lo <= x[3] <= hi and x[1] in REL), key=lambda x: (x[3], x[0], x[1], x[2])
        )
        self.by_o: dict[str, list[Fact]] = defaultdict(list)
        for x in self.events:
            self.by_o[x[2]].append(x)

    def ev(self) -> Fact:
        return self.rng.choice(self.events)

    def names(self, *ents: str) -> list[str] | None:
        out = []
        for e in ents:
            t = say(e, self.rng)
            if t is None:
                return None
            out.append(t)
        return out

    def year_scope(self, d: date) -> tuple[date, date, str]:
        """The period a first/last/before question is scoped to, and its wording (mtq: always a stated year)."""
        if self.store == "bench" and self.rng.random() < 0.5:
            return self.lo, self.hi, ""
        return date(d.year, 1, 1), date(d.year, 12, 31), str(d.year)

    # each maker returns (question, spec, qtype, answer_type, construction) or None

    def who_day(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        ds = fmt_day(d, self.rng, weekday=self.rng.random() < 0.3)
        k = self.rng.randrange(4)
        spec = Spec("subj", r, o, d, d)
        if k == 0:
            return f"On {ds}, who {past.format(O=O)}?", spec, "equal", "entity", "day_fronted_who"
        if k == 1:
            return f"{passive(pas, O)} whom on {ds}?", spec, "equal", "entity", ("day_passive_by_whom")
        if k == 2:
            return f"Tell me who {past.format(O=O)} on {ds}.", spec, "equal", "entity", "day_imperative"
        return f"Which actor {past.format(O=O)} on {ds}?", spec, "equal", "entity", "day_which_actor_end"

    def named_day(self) -> Any:
        cands = [x for x in self.events if (x[3].month, x[3].day) in NAMED_DAYS]
        s, r, o, d = self.rng.choice(cands)
        n = self.names(o)
        if n is None:
            return None
        label = NAMED_DAYS[(d.month, d.day)]
        past = REL[r][0].format(O=n[0])
        k = self.rng.randrange(2)
        spec = Spec("subj", r, o, d, d)
        if k == 0:
            return f"Who {past} on {label} {d.year}?", spec, "equal", "entity", "named_day"
        return (
            f"On {label} ({MONTHS[d.month]} {d.day}) {d.year}, which actor {past}?",
            spec,
            "equal",
            "entity",
            ("named_day_fronted_with_date"),
        )

    def who_month(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        lo, hi = d.replace(day=1), month_end(d)
        m = f"{MONTHS[d.month]} {d.year}"
        spec = Spec("subj", r, o, lo, hi, level="month")
        k = self.rng.randrange(4)
        if k == 0:
            return f"Name everyone who {past.format(O=O)} during {m}.", spec, "equal", "entity", "month_name_everyone"
        if k == 1:
            return f"In {m}, {passive(pas, O, start=False)} whom?", spec, "equal", "entity", "month_fronted_passive"
        if k == 2:
            return f"Who were the ones to {base.format(O=O)} in {m}?", spec, "equal", "entity", "month_infinitive"
        return f"Who {past.format(O=O)} (the month in question: {m})?", spec, "equal", "entity", ("month_parenthetical")

    def who_year(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        spec = Spec("subj", r, o, date(d.year, 1, 1), date(d.year, 12, 31), level="year")
        if self.rng.random() < 0.5:
            return f"Over the course of {d.year}, who {past.format(O=O)}?", spec, "equal", "entity", "year_fronted"
        return f"Which parties {past.format(O=O)} at some point in {d.year}?", spec, "equal", "entity", "year_end"

    def window(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        k = self.rng.randrange(5)
        y = d.year
        if k == 0:
            q = (d.month - 1) // 3
            lo, hi = date(y, 3 * q + 1, 1), month_end(date(y, 3 * q + 3, 1))
            words = ["first", "second", "third", "fourth"][q]
            w = f"in the {words} quarter of {y} ({MONTHS[3 * q + 1]} through {MONTHS[3 * q + 3]})"
            c = "window_quarter"
        elif k == 1:
            h = (d.month - 1) // 6
            lo, hi = date(y, 6 * h + 1, 1), month_end(date(y, 6 * h + 6, 1))
            w = f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h + 1]} to {MONTHS[6 * h + 6]})"
            c = "window_half"
        elif k == 2:
            if d.month in (12, 1, 2):
                return None
            season = {3: "spring", 4: "spring", 5: "spring", 6: "summer", 7: "summer", 8: "summer"}.get(
                d.month, "autumn"
            )
            first = {"spring": 3, "summer": 6, "autumn": 9}[season]
            lo, hi = date(y, first, 1), month_end(date(y, first + 2, 1))
            w = f"in {season} {y} (meaning {MONTHS[first]}, {MONTHS[first + 1]} and {MONTHS[first + 2]})"
            c = "window_season"
        elif k == 3:
            span = self.rng.choice([3, 5, 7, 10])
            lo = d - timedelta(days=self.rng.randrange(span))
            hi = lo + timedelta(days=span - 1)
            w = f"in the {span} days from {fmt_day(lo, self.rng)} to {fmt_day(hi, self.rng)}, both days included"
            c = "window_n_days"
        else:
            lo = d - timedelta(days=d.weekday())
            hi = lo + timedelta(days=6)
            w = f"in the week running from Monday {fmt_day(lo, self.rng)} to Sunday {fmt_day(hi, self.rng)}"
            c = "window_week"
        if lo < self.lo or hi > self.hi:
            return None
        spec = Spec("subj", r, o, lo, hi)
        if self.rng.random() < 0.5:
            return f"Who {past.format(O=O)} {w}?", spec, "equal", "entity", c + "_end"
        return f"{w[0].upper()}{w[1:]}, which actors {past.format(O=O)}?", spec, "equal", "entity", c + "_fronted"

    def whom_month(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(s)
        if n is None:
            return None
        S = n[0]
        past, base, pas, noun = REL[r]
        lo, hi = d.replace(day=1), month_end(d)
        m = f"{MONTHS[d.month]} {d.year}"
        spec = Spec("obj", r, s, lo, hi, level="month")
        k = self.rng.randrange(3)
        if k == 0:
            return f"Who did {S} {base.format(O='').strip()} in {m}?", spec, "equal", "entity", "whom_month_do_support"
        if k == 1:
            return f"In {m}, {S} {past.format(O='whom')}?", spec, "equal", "entity", "whom_month_echo"
        return f"{passive(pas, 'Who')} {S} during {m}?", spec, "equal", "entity", "whom_month_passive"

    def when(self, level: str) -> Any:
        s, r, o, d = self.ev()
        n = self.names(s, o)
        if n is None:
            return None
        S, O = n
        past, base, pas, noun = REL[r]
        scoped = self.rng.random() < 0.5 or (self.store == "bench" and level == "year")
        if self.store == "bench" and level == "year":
            return None
        lo, hi = (date(d.year, 1, 1), date(d.year, 12, 31)) if scoped else (date(1900, 1, 1), date(2100, 1, 1))
        spec = Spec("times", r, (s, o), lo, hi, level=level)
        sc = f" in {d.year}" if scoped else ""
        if level == "day":
            k = self.rng.randrange(3)
            if k == 0:
                return f"On what date{sc} did {S} {base.format(O=O)}?", spec, "equal", "time", "when_day_what_date"
            if k == 1:
                return (
                    f"Give me the exact day{sc} when {noun_of(noun, S, O)} took place.",
                    spec,
                    "equal",
                    "time",
                    ("when_day_noun"),
                )
            return f"{passive(pas, O)} {S}{sc} on which day?", spec, "equal", "time", ("when_day_passive")
        if level == "month":
            k = self.rng.randrange(2)
            if k == 0:
                return f"Which month{sc} saw {noun_of(noun, S, O)}?", spec, "equal", "time", "when_month_as_subject"
            return f"In what month{sc} did {S} {base.format(O=O)}?", spec, "equal", "time", "when_month"
        return f"What year was it when {S} {past.format(O=O)}?", spec, "equal", "time", "when_year"

    def first_last_who(self, agg: str) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        lo, hi, y = self.year_scope(d)
        spec = Spec("subj", r, o, lo, hi, agg=agg)
        sc = f" in {y}" if y else ""
        word = "first" if agg == "min" else "last"
        k = self.rng.randrange(3)
        if k == 0:
            return f"Who was the {word} to {base.format(O=O)}{sc}?", spec, "first_last", "entity", f"{word}_who"
        if k == 1:
            lead = f"In {y}, w" if y else "W"
            tail = "earliest" if agg == "min" else "most recently"
            return f"{lead}ho {past.format(O=O)} {tail}?", spec, "first_last", "entity", f"{word}_who_adverb"
        return (
            f"{passive(pas, O)} whom {'first' if agg == 'min' else 'last'}{sc}?",
            (spec),
            "first_last",
            "entity",
            f"{word}_who_passive",
        )

    def first_last_when(self, agg: str, level: str) -> Any:
        s, r, o, d = self.ev()
        n = self.names(s, o)
        if n is None:
            return None
        S, O = n
        past, base, pas, noun = REL[r]
        lo, hi, y = self.year_scope(d)
        if len({x for x in self.f.by_sro[(s, r, o)] if lo <= x <= hi}) < 2:
            return None
        spec = Spec("times", r, (s, o), lo, hi, level=level, agg=agg)
        word = "first" if agg == "min" else "last"
        sc = f" in {y}" if y else ""
        if level == "month":
            if self.rng.random() < 0.5:
                return (
                    f"In which month{sc} did {S} {base.format(O=O)} for the {word} time?",
                    spec,
                    "first_last",
                    ("time"),
                    f"{word}_when_month",
                )
            return (
                f"Which month{sc} saw the {word} instance of {noun_of(noun, S, O)}?",
                spec,
                "first_last",
                ("time"),
                f"{word}_when_month_as_subject",
            )
        if self.rng.random() < 0.5:
            return f"When{sc} did {S} {word} {base.format(O=O)}?", spec, "first_last", "time", f"{word}_when_day"
        return (
            f"Tell me the date of the {word} time {S} {past.format(O=O)}{sc}.",
            spec,
            "first_last",
            "time",
            (f"{word}_when_day_imperative"),
        )

    def before_after_date(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(o)
        if n is None:
            return None
        O = n[0]
        past, base, pas, noun = REL[r]
        if self.rng.random() < 0.5:
            cut = d - timedelta(days=self.rng.randrange(1, 10))
            if cut.month != d.month:
                return None
            lo, hi = cut + timedelta(days=1), month_end(cut)
            rest = f"{MONTHS[cut.month]} {cut.year} after {fmt_day(cut, self.rng)}"
            q = f"Who {past.format(O=O)} in what was left of {rest}?"
            c = "after_date_rest_of_month"
        else:
            cut = d + timedelta(days=self.rng.randrange(1, 20))
            if cut.year != d.year or cut.month > 4:
                return None
            lo, hi = date(d.year, 1, 1), cut - timedelta(days=1)
            q = f"In {d.year}, before {fmt_day(cut, self.rng)}, who {past.format(O=O)}?"
            c = "before_date_in_year"
        if lo < self.lo or hi > self.hi:
            return None
        return q, Spec("subj", r, o, lo, hi), "before_after", "entity", c

    def anchor_pick(self, same_object: bool) -> tuple[Fact, Fact] | None:
        """An anchor event unique in the whole store and a target event (relation, object) to ask about."""
        a = self.ev()
        if self.f.anchor_day((a[0], a[1], a[2])) is None:
            return None
        if same_object:
            cands = [(d, x) for d, x in self.f.by_ro[(a[1], a[2])] if x != a[0]]
            if not cands:
                return None
            d, x = self.rng.choice(sorted(cands))
            return a, (x, a[1], a[2], d)
        # another relation on the same object
        others = [x for x in self.by_o[a[2]] if x[1] != a[1]]
        return (a, self.rng.choice(others)) if others else None

    def before_after_event(self) -> Any:
        p = self.anchor_pick(True)
        if p is None:
            return None
        (a_s, a_r, a_o, t), _ = p
        n = self.names(a_s, a_o)
        if n is None:
            return None
        S, O = n
        past, base, pas, noun = REL[a_r]
        if self.rng.random() < 0.5:
            spec = Spec(
                "subj", a_r, a_o, self.lo, self.hi, anchor=(a_s, a_r, a_o), window="later_in_month", exclude=[a_s]
            )
            return (
                f"After {S} {past.format(O=O)}, who else did the same later that month?",
                spec,
                "before_after",
                ("entity"),
                "after_event_ellipsis_later_that_month",
            )
        lo = date(t.year, 1, 1)
        spec = Spec("subj", a_r, a_o, lo, self.hi, anchor=(a_s, a_r, a_o), window="before", exclude=[a_s])
        return (
            f"In {t.year}, which others had {perfect(past.format(O=O))} before {noun_of(noun, S, O)}?",
            (spec),
            "before_after",
            "entity",
            "before_event_in_year_noun",
        )

    def after_first(self) -> Any:
        p = self.anchor_pick(self.rng.random() < 0.6)
        if p is None:
            return None
        (a_s, a_r, a_o, t), (b_s, b_r, b_o, bd) = p
        n = self.names(a_s, a_o)
        if n is None:
            return None
        S, O = n
        spec = Spec("subj", b_r, b_o, self.lo, self.hi, agg="min", anchor=(a_s, a_r, a_o), window="after")
        b_past, b_base = REL[b_r][0], REL[b_r][1]
        a_past, a_noun = REL[a_r][0], REL[a_r][3]
        k = self.rng.randrange(3)
        if k == 0:
            return (
                f"Who was next to {b_base.format(O=O)} after {noun_of(a_noun, S, O)}?",
                spec,
                "after_first",
                ("entity"),
                "after_first_next_noun_anchor",
            )
        if k == 1:
            return (
                f"Once {S} had {perfect(a_past.format(O=O))}, who was the first that {b_past.format(O=O)}?",
                (spec),
                "after_first",
                "entity",
                "after_first_once_clause",
            )
        return (
            f"Following {noun_of(a_noun, S, O)}, which actor {b_past.format(O=O)} first?",
            spec,
            "after_first",
            ("entity"),
            "after_first_following",
        )

    def before_last(self) -> Any:
        p = self.anchor_pick(self.rng.random() < 0.6)
        if p is None:
            return None
        (a_s, a_r, a_o, t), (b_s, b_r, b_o, bd) = p
        n = self.names(a_s, a_o)
        if n is None:
            return None
        S, O = n
        lo, hi, y = self.year_scope(t)
        spec = Spec("subj", b_r, b_o, lo, self.hi, agg="max", anchor=(a_s, a_r, a_o), window="before")
        b_past = REL[b_r][0]
        a_past, a_noun = REL[a_r][0], REL[a_r][3]
        sc = f"In {y}, w" if y else "W"
        if self.rng.random() < 0.5:
            return (
                f"{sc}ho had last {perfect(b_past.format(O=O))} just before {noun_of(a_noun, S, O)}?",
                spec,
                ("before_last"),
                "entity",
                "before_last_just_before_noun",
            )
        sc2 = f" (looking only at {y})" if y else ""
        return (
            f"Before {S} {a_past.format(O=O)}, who was the most recent actor that {b_past.format(O=O)}{sc2}?",
            (spec),
            "before_last",
            "entity",
            "before_last_parenthetical",
        )

    def equal_multi(self, window: str) -> Any:
        p = self.anchor_pick(self.rng.random() < 0.5)
        if p is None:
            return None
        (a_s, a_r, a_o, t), (b_s, b_r, b_o, bd) = p
        n = self.names(a_s, a_o)
        if n is None:
            return None
        S, O = n
        level = "month" if window == "same_month" else "day"
        excl = [a_s] if b_r == a_r else []
        spec = Spec(
            "subj", b_r, b_o, self.lo, self.hi, level=level, anchor=(a_s, a_r, a_o), window=window, exclude=excl
        )
        b_past = REL[b_r][0]
        a_past, a_noun = REL[a_r][0], REL[a_r][3]
        if window == "same_month":
            if self.rng.random() < 0.5:
                return (
                    f"Who {b_past.format(O=O)} in the same month as {noun_of(a_noun, S, O)}?",
                    spec,
                    ("equal_multi"),
                    "entity",
                    "same_month_noun",
                )
            return (
                f"In the month when {S} {a_past.format(O=O)}, which actors {b_past.format(O=O)}?",
                spec,
                ("equal_multi"),
                "entity",
                "same_month_when_clause",
            )
        if window == "same_day":
            return (
                f"On the very day that {S} {a_past.format(O=O)}, who {b_past.format(O=O)}?",
                spec,
                "equal_multi",
                ("entity"),
                "same_day_clause",
            )
        if window == "next_day":
            return (
                f"The day after {noun_of(a_noun, S, O)}, who {b_past.format(O=O)}?",
                spec,
                "equal_multi",
                ("entity"),
                "relative_day_after",
            )
        return (
            f"Who {b_past.format(O=O)} on the day before {S} {a_past.format(O=O)}?",
            spec,
            "equal_multi",
            "entity",
            ("relative_day_before"),
        )

    def ellipsis(self) -> Any:
        s, r, o, d = self.ev()
        n = self.names(s, o)
        if n is None:
            return None
        S, O = n
        past = REL[r][0]
        spec = Spec("subj", r, o, d.replace(day=1), month_end(d), level="month", exclude=[s])
        return (
            f"{cap(S)} {past.format(O=O)} on {fmt_day(d, self.rng)}. Who else did so that month?",
            spec,
            "equal",
            ("entity"),
            "ellipsis_who_else_that_month",
        )


PLAN = {
    # maker call, count on mtq, count on bench
    "who_day": (10, 7),
    "named_day": (4, 3),
    "who_month": (8, 5),
    "who_year": (4, 2),
    "window": (10, 7),
    "whom_month": (6, 4),
    "when_day": (6, 4),
    "when_month": (5, 3),
    "when_year": (3, 0),
    "first_who": (5, 4),
    "last_who": (4, 3),
    "first_when_day": (3, 2),
    "first_when_month": (3, 2),
    "last_when_day": (2, 2),
    "last_when_month": (2, 2),
    "before_after_date": (5, 3),
    "before_after_event": (5, 3),
    "after_first": (6, 4),
    "before_last": (5, 4),
    "same_month": (4, 3),
    "same_day": (2, 2),
    "next_day": (2, 1),
    "prev_day": (1, 1),
    "ellipsis": (3, 2),
}


def call(m: Maker, name: str) -> Any:
    table = {
        "who_day": m.who_day,
        "named_day": m.named_day,
        "who_month": m.who_month,
        "who_year": m.who_year,
        "window": m.window,
        "whom_month": m.whom_month,
        "when_day": lambda: m.when("day"),
        "when_month": lambda: m.when("month"),
        "when_year": lambda: m.when("year"),
        "first_who": lambda: m.first_last_who("min"),
        "last_who": lambda: m.first_last_who("max"),
        "first_when_day": lambda: m.first_last_when("min", "day"),
        "first_when_month": lambda: m.first_last_when("min", "month"),
        "last_when_day": lambda: m.first_last_when("max", "day"),
        "last_when_month": lambda: m.first_last_when("max", "month"),
        "before_after_date": m.before_after_date,
        "before_after_event": m.before_after_event,
        "after_first": m.after_first,
        "before_last": m.before_last,
        "same_month": lambda: m.equal_multi("same_month"),
        "same_day": lambda: m.equal_multi("same_day"),
        "next_day": lambda: m.equal_multi("next_day"),
        "prev_day": lambda: m.equal_multi("prev_day"),
        "ellipsis": m.ellipsis,
    }
    return table[name]()


def load_facts(session: Any) -> Facts:
    rows: list[Fact] = []
    keys: dict[str, str] = {}
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, s.key AS sk, e.relation AS r, o.name AS o, o.key AS ok, e.valid_from AS d"
    )
    seen = set()
    for rec in session.run(q):
        keys[rec["s"]] = rec["sk"]
        keys[rec["o"]] = rec["ok"]
        d = rec["d"].to_native()
        rows.append((rec["s"], rec["r"], rec["o"], d))
        seen.add((rec["s"], rec["r"], rec["o"], d))
    # the same fact twice (two sources) is one fact
    rows = sorted(seen)
    return Facts(rows, keys)


def spec_json(spec: Spec) -> dict[str, Any]:
    return {
        "mode": spec.mode,
        "relation": spec.r,
        "fixed": list(spec.fixed) if isinstance(spec.fixed, tuple) else spec.fixed,
        "lo": spec.lo.isoformat(),
        "hi": spec.hi.isoformat(),
        "level": spec.level,
        "agg": spec.agg,
        "anchor": list(spec.anchor) if spec.anchor else None,
        "window": spec.window,
        "exclude": spec.exclude,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    cfg = STORES[args.store]
    rng = random.Random(f"{SEED}-{args.store}")
    store = connect(start_managed=False, ensure_schema=False)
    out: list[dict[str, Any]] = []
    dropped: Counter[str] = Counter()
    with store.driver.session(database=store.database, default_access_mode="READ") as session:
        facts = load_facts(session)
        maker = Maker(facts, rng, cfg["lo"], cfg["hi"], args.store)
        texts: set[str] = set()
        specs: set[str] = set()
        col = 1 if args.store == "bench" else 0
        for name, counts in PLAN.items():
            want, tries = counts[col], 0
            got = 0
            while got < want and tries < 4000:
                tries += 1
                made = call(maker, name)
                if made is None:
                    continue
                question, spec, qtype, atype, construction = made
                gold = facts.gold(spec)
                key = json.dumps(spec_json(spec), sort_keys=True)
                if not gold:
                    dropped["no gold"] += 1
                    continue
                if len(gold) > MAX_GOLD:
                    dropped["> 5 gold"] += 1
                    continue
                if atype == "time" and len(gold) != 1:
                    dropped["time answer ambiguous at its granularity"] += 1
                    continue
                if question in texts or key in specs:
                    dropped["duplicate"] += 1
                    continue
                check = cypher_check(session, facts, spec)
                agrees = check == gold
                if not agrees:
                    dropped["second check disagrees"] += 1
                    continue
                texts.add(question)
                specs.add(key)
                got += 1
                quid = f"{cfg['prefix']}{len(out) + 1:03d}"
                out.append(
                    {
                        "quid": quid,
                        "id": quid,
                        "question": question,
                        "answers": gold,
                        "answer_type": atype,
                        "time_level": spec.level,
                        "qtype": qtype,
                        "qlabel": "Single" if qtype in ("equal", "before_after", "first_last") else "Multiple",
                        "evidence": [],
                        "construction": construction,
                        "store": args.store,
                        "check": spec_json(spec),
                        "check_agrees": agrees,
                    }
                )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    rels = Counter(r["check"]["relation"] for r in out)
    print(f"{args.store}: {len(out)} questions, {len(rels)} relations, dropped {dict(sorted(dropped.items()))}")


if __name__ == "__main__":
    main()
