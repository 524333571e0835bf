"""Blind held-out question set 69: fact-checker phrasings over the ICEWS stores, with gold read from the store.

Why: the symbolic reader's score on the project's own question sets is measured on wordings it was tuned on. This set is
written blind (without reading the reader, the question parser or any other question set) in one writer's own style --
a journalist checking a draft: a claim restated and the missing piece asked for ("It says here that X accused Y in
March 2014 -- who else ..."), reported speech ("X is said to have ..."), dates written in prose ("the third of May
2014"), the asked time as the clause's subject ("Which month of 2015 saw ..."), first/last asked at the answer's
granularity, and sector actors said naturally ("the police in Nigeria", "citizens of Iraq", "Japan's foreign
ministry").

How: every (subject, relation, object, day) fact is read once from the store; each gold answer is computed in Python
over the period its wording scopes (on ``mtq`` only 2014-2015, the complete part; on ``bench`` the year 2014). Anchor
events ("after X hosted Y on a visit") occur exactly once in the store. Every gold is then recomputed by a second Cypher
query written per question kind (it looks the anchor event up again, aggregates in Cypher); ``check_agrees`` records the
comparison and disagreeing questions are dropped. Questions with more than 5 gold answers are not written. The output is
deterministic (``SEED``; facts sorted before sampling): two runs give byte-identical files.

Run (read-only on a running store)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_69.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_69.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261269
MAX_GOLD = 5
# MultiTQ's qlabel: one time constraint (Single) or a constraint through another event (Multiple).
QLABEL = {
    "equal": "Single",
    "first_last": "Single",
    "before_after": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}

# relation -> (past, base, tail): "{S} {past} {O}{tail}", "who did {S} {base}{tail}", "who {past} {O}{tail}".
REL: dict[str, tuple[str, str, str]] = {
    "Make_a_visit": ("visited", "visit", ""),
    "Host_a_visit": ("hosted", "host", " on a visit"),
    "Consult": ("held consultations with", "hold consultations with", ""),
    "Discuss_by_telephone": ("spoke on the phone with", "speak on the phone with", ""),
    "Engage_in_negotiation": ("negotiated with", "negotiate with", ""),
    "Express_intent_to_meet_or_negotiate": (
        "expressed willingness to meet or negotiate with",
        "express willingness to meet or negotiate with",
        "",
    ),
    "Meet_at_a_'third'_location": ("met", "meet", " at a third-party venue"),
    "Criticize_or_denounce": ("criticized", "criticize", ""),
    "Accuse": ("accused", "accuse", ""),
    "Praise_or_endorse": ("praised", "praise", ""),
    "Make_an_appeal_or_request": ("appealed to", "appeal to", ""),
    "Demand": ("made demands of", "make demands of", ""),
    "Reject": ("rebuffed", "rebuff", ""),
    "Threaten": ("issued threats against", "issue threats against", ""),
    "Sign_formal_agreement": ("signed a formal agreement with", "sign a formal agreement with", ""),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged",
        "arrest, detain or charge",
        "",
    ),
    "Use_conventional_military_force": ("used military force against", "use military force against", ""),
    "Provide_humanitarian_aid": ("gave humanitarian aid to", "give humanitarian aid to", ""),
    "Provide_military_aid": ("gave military aid to", "give military aid to", ""),
    "Provide_economic_aid": ("gave economic aid to", "give economic aid to", ""),
    "Express_intent_to_cooperate": (
        "declared an intention to cooperate with",
        "declare an intention to cooperate with",
        "",
    ),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with", "cooperate diplomatically with", ""),
    "Make_optimistic_comment": ("made upbeat remarks about", "make upbeat remarks about", ""),
    "Make_pessimistic_comment": ("made gloomy remarks about", "make gloomy remarks about", ""),
    "Make_empathetic_comment": ("voiced sympathy for", "voice sympathy for", ""),
    "Investigate": ("opened an investigation into", "open an investigation into", ""),
    "Abduct,_hijack,_or_take_hostage": ("abducted or took hostage", "abduct or take hostage", ""),
    "fight_with_small_arms_and_light_weapons": (
        "fought with small arms against",
        "fight with small arms against",
        "",
    ),
    "Demonstrate_or_rally": ("held demonstrations against", "hold demonstrations against", ""),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed sanctions, an embargo or a boycott on",
        "impose sanctions, an embargo or a boycott on",
        "",
    ),
    "Bring_lawsuit_against": ("brought a lawsuit against", "bring a lawsuit against", ""),
    "Expel_or_deport_individuals": ("expelled or deported", "expel or deport", ""),
    "Reduce_or_break_diplomatic_relations": (
        "scaled back or broke off diplomatic relations with",
        "scale back or break off diplomatic relations with",
        "",
    ),
    "Cooperate_economically": ("cooperated economically with", "cooperate economically with", ""),
    "Express_intent_to_provide_military_aid": ("pledged military aid to", "pledge military aid to", ""),
    "Express_intent_to_provide_economic_aid": ("pledged economic aid to", "pledge economic aid to", ""),
    "Employ_aerial_weapons": ("carried out air strikes against", "carry out air strikes against", ""),
    "Grant_diplomatic_recognition": (
        "granted diplomatic recognition to",
        "grant diplomatic recognition to",
        "",
    ),
    "Apologize": ("apologized to", "apologize to", ""),
    "Sexually_assault": ("sexually assaulted", "sexually assault", ""),
    "Confiscate_property": ("confiscated property belonging to", "confiscate property belonging to", ""),
    "Occupy_territory": ("occupied territory of", "occupy territory of", ""),
    "Appeal_for_economic_aid": ("asked", "ask", " for economic aid"),
    "Rally_support_on_behalf_of": ("rallied support on behalf of", "rally support on behalf of", ""),
    "Halt_negotiations": ("broke off negotiations with", "break off negotiations with", ""),
    "Complain_officially": ("lodged an official complaint against", "lodge an official complaint against", ""),
}

# Past participles where they differ from the simple past ("is said to have spoken", "had given").
PP: dict[str, str] = {
    "Discuss_by_telephone": "spoken on the phone with",
    "Abduct,_hijack,_or_take_hostage": "abducted or taken hostage",
    "Provide_humanitarian_aid": "given humanitarian aid to",
    "Provide_military_aid": "given military aid to",
    "Provide_economic_aid": "given economic aid to",
    "Reduce_or_break_diplomatic_relations": "scaled back or broken off diplomatic relations with",
    "Halt_negotiations": "broken off negotiations with",
}

# Sector entities said naturally: "Sector (Country)" -> phrasings with {c} the country.
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens of {c}", "ordinary people in {c}"),
    "Police": ("the police in {c}", "{c}'s police"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Head of Government": ("{c}'s head of government", "the head of government of {c}"),
    "Foreign Affairs": ("{c}'s foreign ministry", "the foreign ministry of {c}"),
    "Military": ("{c}'s military", "the armed forces of {c}"),
    "Cabinet / Council of Ministers / Advisors": ("{c}'s cabinet", "the cabinet of {c}"),
    "Protester": ("protesters in {c}", "demonstrators in {c}"),
    "Defense / Security Ministry": ("{c}'s defence ministry", "the defence ministry of {c}"),
    "Legislature": ("{c}'s legislature", "the legislature of {c}"),
    "Election Commission": ("the election commission of {c}", "{c}'s election commission"),
    "Treasury/Finance Ministry": ("{c}'s finance ministry", "the finance ministry of {c}"),
    "Militant": ("militants in {c}",),
    "Armed Rebel": ("armed rebels in {c}",),
    "Media": ("the media in {c}", "{c}'s news media"),
}

_THE_WORDS = (
    "Federation",
    "Forum",
    "Service",
    "Institute",
    "Authority",
    "Alliance",
    "Coalition",
    "Office",
    "Department",
    "Police",
    "Guard",
    "Union",
    "Council",
    "Organization",
    "Forces",
    "Fund",
    "Nations",
    "Republic",
    "States",
    "Kingdom",
    "Emirates",
    "Brotherhood",
    "Party",
    "Bank",
    "Commission",
    "Agency",
    "Front",
    "Army",
    "Committee",
    "Court",
    "Movement",
    "Ministry",
    "Assembly",
    "Parliament",
    "Congress",
    "Senate",
    "League",
    "Association",
)
_NOT_COUNTRIES = {"International", "Middle East", "Africa", "Europe", "Asia", "Latin America", "North America"}
_PLURAL_HEADS = (
    "citizens",
    "ordinary people",
    "protesters",
    "demonstrators",
    "militants",
    "armed rebels",
    "the police",
)
_THE_NAMES = {"Philippines", "Netherlands", "Middle East", "Taliban", "Vatican", "Holy See", "Gambia", "Bahamas"}

ORD = (
    "",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twenty-first",
    "twenty-second",
    "twenty-third",
    "twenty-fourth",
    "twenty-fifth",
    "twenty-sixth",
    "twenty-seventh",
    "twenty-eighth",
    "twenty-ninth",
    "thirtieth",
    "thirty-first",
)

Fact = tuple[str, str, str, str]  # (subject key, relation, object key, ISO day)


def country_phrase(c: str) -> str:
    if c in _THE_NAMES or any(w in c.split() for w in _THE_WORDS):
        return "the " + c
    return c


def entity_phrase(name: str, rng: random.Random, countries: set[str]) -> str | None:
    """A natural way to name an entity in a question, or None when the KG entity has no unambiguous natural name.

    A sector entity is said naturally only when its parenthesis is a country (``countries``), not an organisation
    ("Militant (Boko Haram)" is left out)."""
    if "(" not in name:
        if "/" in name or name in _NOT_COUNTRIES or name.startswith(("Unknown", "Unidentified", "International Gov")):
            return None
        return country_phrase(name)
    head, _, rest = name.partition(" (")
    country = rest.removesuffix(")")
    if head not in SECTORS or country not in countries or country in _NOT_COUNTRIES:
        return None
    return rng.choice(SECTORS[head]).format(c=country_phrase(country))


def said(phrase: str, verb: str = "said") -> str:
    """'X is said to have' with the verb agreeing with the phrase ("the police in Chad are said to have")."""
    plural = phrase.startswith(_PLURAL_HEADS) or phrase.endswith("'s police")
    return f"{cap(phrase)} {'are' if plural else 'is'} {verb} to have"


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def day_prose(day: str, rng: random.Random) -> str:
    d = dt.date.fromisoformat(day)
    month = calendar.month_name[d.month]
    forms = (
        f"the {ORD[d.day]} of {month} {d.year}",
        f"{month} {d.day}, {d.year}",
        f"{d.day} {month} {d.year}",
        f"{calendar.day_name[d.weekday()]}, {d.day} {month} {d.year}",
    )
    return rng.choice(forms)


def month_prose(month: str, rng: random.Random) -> str:
    y, m = month.split("-")
    return rng.choice((f"{calendar.month_name[int(m)]} {y}", f"the month of {calendar.month_name[int(m)]} {y}"))


def month_name(month: str) -> str:
    y, m = month.split("-")
    return f"{calendar.month_name[int(m)]} {y}"


def gran(day: str, level: str) -> str:
    return {"day": day, "month": day[:7], "year": day[:4]}[level]


@dataclass
class KG:
    names: dict[str, str]
    facts: list[Fact]
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.facts:
            self.by_sr[(s, r)].append((d, o))
            self.by_ro[(r, o)].append((d, s))
            self.by_sro[(s, r, o)].append(d)


READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.recorded_to IS NULL AND n.valid_from IS NOT NULL
RETURN DISTINCT s.key AS s, s.name AS sn, n.relation AS r, o.key AS o, o.name AS on, toString(n.valid_from) AS d
"""


def read_kg(store: Any) -> KG:
    names: dict[str, str] = {}
    facts: set[Fact] = set()
    for row in store.run(READ_ALL):
        names[row["s"]] = row["sn"]
        names[row["o"]] = row["on"]
        facts.add((row["s"], row["r"], row["o"], row["d"][:10]))
    return KG(names=names, facts=sorted(facts))


# ---- second queries (the check): written per question kind, aggregating in Cypher -------------------------------

_ANCHOR = """
MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {key: $ao})
WHERE a.relation = $ar AND a.recorded_to IS NULL
WITH collect(DISTINCT a.valid_from) AS ads
WHERE size(ads) = 1
WITH ads[0] AS ad
"""


def _pattern(answer_side: str) -> str:
    # answer_side 'o': the known entity is the subject; 's': the known entity is the object.
    if answer_side == "o":
        return "MATCH (k:Entity {key: $k})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)"
    return "MATCH (k:Entity {key: $k})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity)"


def check_names_window(side: str, anchored: str | None = None) -> str:
    """Answer entities of (k, r) with lo <= day <= hi; anchored narrows the window by the anchor's day."""
    head = _ANCHOR if anchored else "WITH 1 AS one\n"
    cond = {
        None: "e.valid_from >= date($lo) AND e.valid_from <= date($hi)",
        "after": "e.valid_from > ad AND e.valid_from <= date($hi)",
        "before": "e.valid_from < ad AND e.valid_from >= date($lo)",
        "same_month": "date.truncate('month', e.valid_from) = date.truncate('month', ad)",
        "same_day": "e.valid_from = ad",
        "same_year": "e.valid_from.year = ad.year",
    }[anchored]
    return (
        head
        + _pattern(side)
        + f"""
WHERE e.relation = $r AND e.recorded_to IS NULL AND {cond}
  AND NOT x.key IN $exclude
RETURN collect(DISTINCT x.name) AS names"""
    )


def check_names_extreme(side: str, pick: str, anchored: str | None = None) -> str:
    """Answer entities on the earliest (pick='min') or latest day of (k, r) inside the window."""
    head = _ANCHOR if anchored else "WITH 1 AS one\n"
    cond = {
        None: "e.valid_from >= date($lo) AND e.valid_from <= date($hi)",
        "after": "e.valid_from > ad AND e.valid_from <= date($hi)",
        "before": "e.valid_from < ad AND e.valid_from >= date($lo)",
    }[anchored]
    order = "ASC" if pick == "min" else "DESC"
    return (
        head
        + _pattern(side)
        + f"""
WHERE e.relation = $r AND e.recorded_to IS NULL AND {cond}
WITH e.valid_from AS day, collect(DISTINCT x.name) AS names
ORDER BY day {order}
LIMIT 1
RETURN names"""
    )


def check_times(pick: str | None, anchored: str | None = None) -> str:
    """Days of the (k, r, $o) facts in the window, truncated to $n characters; pick keeps the first or last only."""
    head = _ANCHOR if anchored else "WITH 1 AS one\n"
    cond = {
        None: "e.valid_from >= date($lo) AND e.valid_from <= date($hi)",
        "after": "e.valid_from > ad AND e.valid_from <= date($hi)",
        "before": "e.valid_from < ad AND e.valid_from >= date($lo)",
    }[anchored]
    body = (
        head
        + """MATCH (k:Entity {key: $k})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity {key: $o})
WHERE e.relation = $r AND e.recorded_to IS NULL AND """
        + cond
        + "\n"
    )
    if pick is None:
        return body + "RETURN collect(DISTINCT left(toString(e.valid_from), $n)) AS names"
    agg = "min" if pick == "min" else "max"
    return body + f"RETURN [left(toString({agg}(e.valid_from)), $n)] AS names"


# ---- question construction ----------------------------------------------------------------------------------------


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: str
    cypher: str
    params: dict[str, Any]


class Builder:
    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        # countries: X with both an entity "X" and "Citizen (X)" in the store
        plain = {n for n in kg.names.values() if "(" not in n}
        self.countries = {
            n[len("Citizen (") : -1] for n in kg.names.values() if n.startswith("Citizen (") and n.endswith(")")
        } & plain
        self.rng = rng
        self.store = store_name
        self.years = ["2014", "2015"] if store_name == "mtq" else ["2014"]
        self.lo_all = "2014-01-01"
        self.hi_all = "2015-12-31" if store_name == "mtq" else "2014-12-31"
        self.used: set[tuple[Any, ...]] = set()
        self.rel_use: dict[str, int] = defaultdict(int)
        self.sr_keys = sorted(k for k in kg.by_sr if k[1] in REL)
        self.ro_keys = sorted(k for k in kg.by_ro if k[0] in REL)
        self.sro_keys = sorted(k for k in kg.by_sro if k[1] in REL)
        self.anchors = sorted(
            (k, v[0])
            for k, v in kg.by_sro.items()
            if k[1] in REL and len(v) == 1 and self.lo_all <= v[0] <= self.hi_all
        )
        self.by_entity_anchor: dict[str, list[tuple[tuple[str, str, str], str]]] = defaultdict(list)
        for k, d in self.anchors:
            self.by_entity_anchor[k[0]].append((k, d))
            self.by_entity_anchor[k[2]].append((k, d))

    # -- helpers --
    def ph(self, key: str) -> str | None:
        return entity_phrase(self.kg.names[key], self.rng, self.countries)

    def nm(self, key: str) -> str:
        return self.kg.names[key].replace("_", " ")

    def clause(self, s: str, r: str, o: str, fixed: dict[str, str] | None = None) -> str | None:
        fixed = fixed or {}
        sp = fixed.get(s) or self.ph(s)
        op = fixed.get(o) or self.ph(o)
        if sp is None or op is None or s == o:
            return None
        past, _, tail = REL[r]
        return f"{sp} {past} {op}{tail}"

    def ok_rel(self, r: str) -> bool:
        return self.rel_use[r] < 5

    def year_window(self, year: str) -> tuple[str, str]:
        return f"{year}-01-01", f"{year}-12-31"

    def pick_keys(self, keys: list[Any], tries: int = 4000) -> list[Any]:
        idx = list(range(len(keys)))
        self.rng.shuffle(idx)
        return [keys[i] for i in idx[:tries]]

    def anchor_for(self, ent: str, not_rel: str) -> tuple[tuple[str, str, str], str] | None:
        cands = [a for a in self.by_entity_anchor.get(ent, []) if a[0][1] != not_rel]
        self.rng.shuffle(cands)
        for a in cands[:20]:
            if self.clause(*a[0]) is not None:
                return a
        return None

    def mark(self, tag: tuple[Any, ...], r: str) -> bool:
        if tag in self.used:
            return False
        self.used.add(tag)
        self.rel_use[r] += 1
        return True

    # -- equal ---------------------------------------------------------------------------------------------------
    def eq_obj_day(self) -> Q | None:
        for s, r in self.pick_keys(self.sr_keys):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            days = sorted({d for d, _ in self.kg.by_sr[(s, r)] if self.lo_all <= d <= self.hi_all})
            if not days:
                continue
            day = self.rng.choice(days)
            ans = sorted({self.nm(o) for d, o in self.kg.by_sr[(s, r)] if d == day})
            if len(ans) > MAX_GOLD or not self.mark(("eqd", s, r, day), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            dp = day_prose(day, self.rng)
            v = self.rng.randrange(3)
            if v == 0:
                q = f"It says here that {sp} {past} someone{tail} on {dp}. Who does the record have?"
            elif v == 1:
                q = f"{said(sp)} {pp} a party{tail} on {dp} -- whom, exactly?"
            else:
                q = f"The wire copy is missing a name: on {dp}, who did {sp} {base}{tail}?"
            return Q(
                q,
                ans,
                "entity",
                "day",
                "equal",
                f"claim_missing_object: v{v}",
                "objects of (s, r) on the day, Cypher window",
                check_names_window("o"),
                {"k": s, "r": r, "lo": day, "hi": day, "exclude": []},
            )
        return None

    def eq_subj_month(self) -> Q | None:
        for r, o in self.pick_keys(self.ro_keys):
            if not self.ok_rel(r) or (op := self.ph(o)) is None:
                continue
            months = sorted({d[:7] for d, _ in self.kg.by_ro[(r, o)] if self.lo_all <= d <= self.hi_all})
            if not months:
                continue
            m = self.rng.choice(months)
            ans = sorted({self.nm(s) for d, s in self.kg.by_ro[(r, o)] if d[:7] == m})
            if len(ans) > MAX_GOLD or not self.mark(("eqsm", r, o, m), r):
                continue
            past, _, tail = REL[r]
            mp = month_prose(m, self.rng)
            v = self.rng.randrange(2)
            if v == 0:
                q = (
                    f"The draft mentions that someone {past} {op}{tail} in {mp} without naming names. "
                    "Who was it, according to the record?"
                )
            else:
                q = f"Fact-check: which parties {past} {op}{tail} during {mp}?"
            lo = m + "-01"
            hi = f"{m}-{calendar.monthrange(int(m[:4]), int(m[5:]))[1]:02d}"
            return Q(
                q,
                ans,
                "entity",
                "month",
                "equal",
                f"who_did_it_month: v{v}",
                "subjects of (r, o) in the month, Cypher window",
                check_names_window("s"),
                {"k": o, "r": r, "lo": lo, "hi": hi, "exclude": []},
            )
        return None

    def eq_claim_else(self) -> Q | None:
        for s, r in self.pick_keys(self.sr_keys):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            by_month: dict[str, set[str]] = defaultdict(set)
            for d, o in self.kg.by_sr[(s, r)]:
                if self.lo_all <= d <= self.hi_all:
                    by_month[d[:7]].add(o)
            months = sorted(m for m, os in by_month.items() if 2 <= len(os) <= MAX_GOLD + 1)
            if not months:
                continue
            m = self.rng.choice(months)
            named_cands = sorted(o for o in by_month[m] if self.ph(o) is not None)
            if not named_cands:
                continue
            o1 = self.rng.choice(named_cands)
            ans = sorted({self.nm(o) for o in by_month[m] if o != o1})
            if not ans or len(ans) > MAX_GOLD or not self.mark(("eqe", s, r, m), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            op = self.ph(o1)
            v = self.rng.randrange(2)
            mn = month_name(m)
            if v == 0:
                q = f"It says here that {sp} {past} {op}{tail} in {mn} -- who else did {sp} {base}{tail} that month?"
            else:
                q = (
                    f"The draft has {sp} having {pp} {op}{tail} in {mn}. Apart from {op}, "
                    f"whom did {sp} {base}{tail} in that month?"
                )
            lo = m + "-01"
            hi = f"{m}-{calendar.monthrange(int(m[:4]), int(m[5:]))[1]:02d}"
            return Q(
                q,
                ans,
                "entity",
                "month",
                "equal",
                f"claim_who_else_month: v{v}",
                "objects of (s, r) in the month minus the named one, Cypher window",
                check_names_window("o"),
                {"k": s, "r": r, "lo": lo, "hi": hi, "exclude": [o1]},
            )
        return None

    def eq_time(self, level: str) -> Q | None:
        for s, r, o in self.pick_keys(self.sro_keys):
            if not self.ok_rel(r) or (c := self.clause(s, r, o)) is None:
                continue
            year = self.rng.choice(self.years)
            if level == "day":
                # scope: a month; ask the day(s)
                ms = sorted({d[:7] for d in self.kg.by_sro[(s, r, o)] if d[:4] == year})
                if not ms:
                    continue
                m = self.rng.choice(ms)
                lo, hi = m + "-01", f"{m}-{calendar.monthrange(int(m[:4]), int(m[5:]))[1]:02d}"
            else:
                lo, hi = self.year_window(year)
            ans = sorted({gran(d, level) for d in self.kg.by_sro[(s, r, o)] if lo <= d <= hi})
            if not ans or len(ans) > MAX_GOLD or not self.mark(("eqt", level, s, r, o, lo), r):
                continue
            sp, op = self.ph(s) or "", self.ph(o) or ""  # both phraseable: the clause above succeeded
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            plural = len(ans) > 1
            v = self.rng.randrange(2)
            if level == "day":
                mn = month_name(lo[:7])
                if v == 0:
                    q = (
                        f"The piece says {c} in {mn} but gives no date. "
                        f"On which {'days' if plural else 'day'} did that happen?"
                    )
                else:
                    q = (
                        f"{said(sp, 'reported')} {pp} {op}{tail} in {mn}. "
                        f"What {'were the exact dates' if plural else 'was the exact date'}?"
                    )
                cons = f"undated_claim_day: v{v}"
            else:
                if v == 0:
                    q = f"Which {'months' if plural else 'month'} of {year} saw {sp} {base} {op}{tail}?"
                else:
                    q = f"In what {'months' if plural else 'month'} of {year} did {sp} {base} {op}{tail}?"
                cons = f"month_as_subject: v{v}"
            n = {"day": 10, "month": 7, "year": 4}[level]
            return Q(
                q,
                ans,
                "time",
                level,
                "equal",
                cons,
                "distinct truncated days of (s, r, o) in the window, Cypher",
                check_times(None),
                {"k": s, "o": o, "r": r, "lo": lo, "hi": hi, "n": n},
            )
        return None

    def eq_obj_year(self) -> Q | None:
        for s, r in self.pick_keys(self.sr_keys):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            year = self.rng.choice(self.years)
            lo, hi = self.year_window(year)
            ans = sorted({self.nm(o) for d, o in self.kg.by_sr[(s, r)] if lo <= d <= hi})
            if not 2 <= len(ans) <= MAX_GOLD or not self.mark(("eqy", s, r, year), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            v = self.rng.randrange(2)
            if v == 0:
                q = f"{said(sp)} {pp} several parties{tail} over the course of {year}. Which ones?"
            else:
                q = f"For the year-end review: whom did {sp} {base}{tail} in {year}? List all of them."
            return Q(
                q,
                ans,
                "entity",
                "year",
                "equal",
                f"year_roundup: v{v}",
                "objects of (s, r) in the year, Cypher window",
                check_names_window("o"),
                {"k": s, "r": r, "lo": lo, "hi": hi, "exclude": []},
            )
        return None

    # -- first / last ----------------------------------------------------------------------------------------------
    def fl_obj(self) -> Q | None:
        for s, r in self.pick_keys(self.sr_keys):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            year = self.rng.choice(self.years)
            lo, hi = self.year_window(year)
            rows = sorted((d, o) for d, o in self.kg.by_sr[(s, r)] if lo <= d <= hi)
            if len({d for d, _ in rows}) < 3:
                continue
            pick = self.rng.choice(["min", "max"])
            day = rows[0][0] if pick == "min" else rows[-1][0]
            ans = sorted({self.nm(o) for d, o in rows if d == day})
            if len(ans) > MAX_GOLD or not self.mark(("fl", s, r, year, pick), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            v = self.rng.randrange(2)
            if pick == "min":
                q = (
                    f"Who was the first that {sp} {past}{tail} in {year}?"
                    if v == 0
                    else f"{said(sp)} {pp} several parties{tail} in {year}. Whom did {sp} {base}{tail} first that year?"
                )
            else:
                q = (
                    f"In {year}, who was the last that {sp} {past}{tail}?"
                    if v == 0
                    else f"To close the {year} timeline: whom did {sp} {base}{tail} most recently before year end?"
                )
            return Q(
                q,
                ans,
                "entity",
                "day",
                "first_last",
                f"{pick}_object_in_year: v{v}",
                f"objects on the {pick} day of (s, r) in the year, Cypher ORDER BY/LIMIT",
                check_names_extreme("o", pick),
                {"k": s, "r": r, "lo": lo, "hi": hi},
            )
        return None

    def fl_time(self, level: str) -> Q | None:
        for s, r, o in self.pick_keys(self.sro_keys):
            if not self.ok_rel(r) or (c := self.clause(s, r, o)) is None:
                continue
            if level == "year":
                if self.store != "mtq":
                    return None
                lo, hi = self.lo_all, self.hi_all
            else:
                lo, hi = self.year_window(self.rng.choice(self.years))
            days = sorted(d for d in self.kg.by_sro[(s, r, o)] if lo <= d <= hi)
            if len(days) < 2 or len({gran(d, level) for d in days}) < 2:
                continue
            pick = self.rng.choice(["min", "max"])
            ans = [gran(days[0] if pick == "min" else days[-1], level)]
            if not self.mark(("flt", level, s, r, o, lo), r):
                continue
            sp, op = self.ph(s) or "", self.ph(o) or ""  # both phraseable: the clause above succeeded
            past, base, tail = REL[r]
            fl = "first" if pick == "min" else "last"
            y = lo[:4]
            if level == "month":
                q = (
                    f"In which month of {y} did {sp} {fl} {base} {op}{tail}?"
                    if self.rng.random() < 0.5
                    else f"{cap(sp)} {past} {op}{tail} more than once in {y}. Which month saw the {fl} such occasion?"
                )
            elif level == "day":
                q = (
                    f"The story says {c} several times in {y}. When, to the day, was the {fl} time?"
                    if self.rng.random() < 0.5
                    else f"On what date in {y} did {sp} {base} {op}{tail} for the {fl} time that year?"
                )
            else:
                q = (
                    f"Looking only at 2014 and 2015: in which of those years did {sp} {fl} {base} {op}{tail}?"
                    if pick == "min"
                    else f"Across 2014 and 2015, which year saw {sp} {base} {op}{tail} for the last time?"
                )
            n = {"day": 10, "month": 7, "year": 4}[level]
            return Q(
                q,
                ans,
                "time",
                level,
                "first_last",
                f"{fl}_time_{level}",
                f"{pick} day of (s, r, o) in the window truncated, Cypher min/max",
                check_times(pick),
                {"k": s, "o": o, "r": r, "lo": lo, "hi": hi, "n": n},
            )
        return None

    # -- before / after -------------------------------------------------------------------------------------------
    def ba_date(self) -> Q | None:
        for s, r in self.pick_keys(self.sr_keys):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            year = self.rng.choice(self.years)
            ylo, yhi = self.year_window(year)
            rows = sorted((d, o) for d, o in self.kg.by_sr[(s, r)] if ylo <= d <= yhi)
            if len(rows) < 4:
                continue
            side = self.rng.choice(["before", "after"])
            cut = self.rng.choice(rows)[0]
            if side == "after":
                ans = sorted({self.nm(o) for d, o in rows if d > cut})
                lo, hi = cut, yhi
            else:
                ans = sorted({self.nm(o) for d, o in rows if d < cut})
                lo, hi = ylo, cut
            if not ans or len(ans) > MAX_GOLD or not self.mark(("bad", s, r, cut, side), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            dp = day_prose(cut, self.rng)
            if side == "after":
                q = f"After {dp}, whom did {sp} go on to {base}{tail} before {year} was out?"
                cons = "after_date_rest_of_year"
            else:
                q = f"Between the start of {year} and {dp}, not counting that day, whom had {sp} {pp}{tail}?"
                cons = "before_date_since_new_year"
            cyp = check_names_window("o")
            # the window is exclusive of the cut day: shift it by one day for the check
            cd = dt.date.fromisoformat(cut)
            if side == "after":
                lo = (cd + dt.timedelta(days=1)).isoformat()
            else:
                hi = (cd - dt.timedelta(days=1)).isoformat()
            return Q(
                q,
                ans,
                "entity",
                "day",
                "before_after",
                cons,
                "objects of (s, r) in the shifted window, Cypher",
                cyp,
                {"k": s, "r": r, "lo": lo, "hi": hi, "exclude": []},
            )
        return None

    def _anchored(self, want: str) -> tuple[str, str, tuple[str, str, str], str, str, str] | None:
        """(s, r, anchor triple, anchor day, s phrase, anchor clause) with the anchor on s (as subject or object)."""
        for s, r in self.pick_keys(self.sr_keys, 3000):
            if not self.ok_rel(r) or (sp := self.ph(s)) is None:
                continue
            a = self.anchor_for(s, r)
            if a is None:
                continue
            ac = self.clause(*a[0], fixed={s: sp})
            assert ac is not None
            if (want, s, r, a[0]) in self.used:
                continue
            return s, r, a[0], a[1], sp, ac
        return None

    def ba_event(self) -> Q | None:
        for _ in range(400):
            got = self._anchored("bae")
            if got is None:
                return None
            s, r, at, ad, sp, ac = got
            year = ad[:4]
            side = self.rng.choice(["before", "after"])
            ylo, yhi = self.year_window(year)
            rows = self.kg.by_sr[(s, r)]
            if side == "after":
                ans = sorted({self.nm(o) for d, o in rows if ad < d <= yhi})
            else:
                ans = sorted({self.nm(o) for d, o in rows if ylo <= d < ad})
            if not ans or len(ans) > MAX_GOLD or not self.mark(("bae", s, r, at), r):
                continue
            past, base, tail = REL[r]
            pp = PP.get(r, past)
            if side == "after":
                q = (
                    f"Reportedly {ac} in {year}. Later that same year, whom did {sp} {base}{tail}?"
                    if self.rng.random() < 0.5
                    else f"Once {ac}, whom did {sp} {base}{tail} during the rest of {year}?"
                )
            else:
                q = (
                    f"Earlier in {year}, before {ac}, whom had {sp} {pp}{tail}?"
                    if self.rng.random() < 0.5
                    else f"The draft says that {ac}. Whom had {sp} {pp}{tail} in {year} prior to that?"
                )
            return Q(
                q,
                ans,
                "entity",
                "day",
                "before_after",
                f"{side}_event_same_year",
                "anchor day looked up again; objects of (s, r) on the anchor's side within the year, Cypher",
                check_names_window("o", side),
                {"k": s, "r": r, "lo": ylo, "hi": yhi, "exclude": [], "as": at[0], "ar": at[1], "ao": at[2]},
            )
        return None

    def af_first(self, answer: str) -> Q | None:
        for _ in range(400):
            got = self._anchored("af" + answer)
            if got is None:
                return None
            s, r, at, ad, sp, ac = got
            past, base, tail = REL[r]
            if answer == "entity":
                rows = sorted((d, o) for d, o in self.kg.by_sr[(s, r)] if ad < d <= self.hi_all)
                if not rows:
                    continue
                ans = sorted({self.nm(o) for d, o in rows if d == rows[0][0]})
                if len(ans) > MAX_GOLD or not self.mark(("afentity", s, r, at), r):
                    continue
                q = (
                    f"Right after {ac}, who was the first that {sp} {past}{tail}?"
                    if self.rng.random() < 0.5
                    else f"It's claimed that, following the day {ac}, {sp} next {past} someone{tail}. Who was that?"
                )
                return Q(
                    q,
                    ans,
                    "entity",
                    "day",
                    "after_first",
                    "first_after_event_entity",
                    "anchor day looked up again; objects on the earliest later day, Cypher ORDER BY/LIMIT",
                    check_names_extreme("o", "min", "after"),
                    {"k": s, "r": r, "lo": self.lo_all, "hi": self.hi_all, "as": at[0], "ar": at[1], "ao": at[2]},
                )
            cands = sorted({o for d, o in self.kg.by_sr[(s, r)] if ad < d <= self.hi_all and self.ph(o)})
            if not cands:
                continue
            o = self.rng.choice(cands)
            days = sorted(d for d in self.kg.by_sro[(s, r, o)] if ad < d <= self.hi_all)
            level = self.rng.choice(["day", "day", "month"])
            ans = [gran(days[0], level)]
            if not self.mark(("aftime", s, r, o, at), r):
                continue
            op = self.ph(o)
            if level == "day":
                q = f"After {ac}, on what date did {sp} next {base} {op}{tail}?"
            else:
                q = f"Which month saw {sp} {base} {op}{tail} for the first time after {ac}?"
            n = 10 if level == "day" else 7
            return Q(
                q,
                ans,
                "time",
                level,
                "after_first",
                f"first_after_event_time_{level}",
                "anchor day looked up again; min later day of (s, r, o), Cypher min",
                check_times("min", "after"),
                {
                    "k": s,
                    "o": o,
                    "r": r,
                    "lo": self.lo_all,
                    "hi": self.hi_all,
                    "n": n,
                    "as": at[0],
                    "ar": at[1],
                    "ao": at[2],
                },
            )
        return None

    def bl_last(self, answer: str) -> Q | None:
        for _ in range(400):
            got = self._anchored("bl" + answer)
            if got is None:
                return None
            s, r, at, ad, sp, ac = got
            past, _, tail = REL[r]
            pp = PP.get(r, past)
            if answer == "entity":
                rows = sorted((d, o) for d, o in self.kg.by_sr[(s, r)] if d < ad)
                if not rows or rows[-1][0] < self.lo_all:
                    continue
                ans = sorted({self.nm(o) for d, o in rows if d == rows[-1][0]})
                if len(ans) > MAX_GOLD or not self.mark(("blentity", s, r, at), r):
                    continue
                q = (
                    f"Before {ac}, who was the last that {sp} had {pp}{tail}?"
                    if self.rng.random() < 0.5
                    else f"Whom had {sp} most recently {pp}{tail} before the day {ac}?"
                )
                return Q(
                    q,
                    ans,
                    "entity",
                    "day",
                    "before_last",
                    "last_before_event_entity",
                    "anchor day looked up again; objects on the latest earlier day, Cypher ORDER BY/LIMIT",
                    check_names_extreme("o", "max", "before"),
                    {"k": s, "r": r, "lo": self.lo_all, "hi": self.hi_all, "as": at[0], "ar": at[1], "ao": at[2]},
                )
            cands = sorted({o for d, o in self.kg.by_sr[(s, r)] if self.lo_all <= d < ad and self.ph(o)})
            if not cands:
                continue
            o = self.rng.choice(cands)
            days = sorted(d for d in self.kg.by_sro[(s, r, o)] if d < ad)
            if days[-1] < self.lo_all:
                continue
            level = self.rng.choice(["day", "month"])
            ans = [gran(days[-1], level)]
            if not self.mark(("bltime", s, r, o, at), r):
                continue
            op = self.ph(o)
            if level == "day":
                q = f"When, to the day, had {sp} last {pp} {op}{tail} before {ac}?"
            else:
                q = f"{said(sp)} {pp} {op}{tail} some time before {ac}. In which month was the latest such occasion?"
            n = 10 if level == "day" else 7
            return Q(
                q,
                ans,
                "time",
                level,
                "before_last",
                f"last_before_event_time_{level}",
                "anchor day looked up again; max earlier day of (s, r, o), Cypher max",
                check_times("max", "before"),
                {
                    "k": s,
                    "o": o,
                    "r": r,
                    "lo": self.lo_all,
                    "hi": self.hi_all,
                    "n": n,
                    "as": at[0],
                    "ar": at[1],
                    "ao": at[2],
                },
            )
        return None

    # -- equal_multi --------------------------------------------------------------------------------------------
    def em(self, level: str) -> Q | None:
        for _ in range(400):
            got = self._anchored("em" + level)
            if got is None:
                return None
            s, r, at, ad, sp, ac = got
            past, base, tail = REL[r]
            if level == "day":
                # the subjects acting on the anchor's day against an entity of the anchor -> answer side 's'
                ans = sorted({self.nm(o) for d, o in self.kg.by_sr[(s, r)] if d == ad})
                mode = "same_day"
                q = (
                    f"On the very day that {ac}, whom did {sp} {base}{tail}?"
                    if self.rng.random() < 0.5
                    else f"On the same day that {ac}, {sp} reportedly {past} someone{tail}. Who does the record name?"
                )
            elif level == "month":
                ans = sorted({self.nm(o) for d, o in self.kg.by_sr[(s, r)] if d[:7] == ad[:7]})
                mode = "same_month"
                q = (
                    f"In the same month as {ac}, whom did {sp} {base}{tail}?"
                    if self.rng.random() < 0.5
                    else f"Which parties did {sp} {base}{tail} in the month when {ac}?"
                )
            else:
                if self.store != "mtq":
                    return None
                ans = sorted({self.nm(o) for d, o in self.kg.by_sr[(s, r)] if d[:4] == ad[:4]})
                mode = "same_year"
                q = f"During the year in which {ac}, whom did {sp} {base}{tail}?"
            if not ans or len(ans) > MAX_GOLD or not self.mark(("em" + level, s, r, at), r):
                continue
            return Q(
                q,
                ans,
                "entity",
                level,
                "equal_multi",
                f"same_{level}_as_event",
                f"anchor day looked up again; objects of (s, r) in the anchor's {level}, Cypher",
                check_names_window("o", mode),
                {
                    "k": s,
                    "r": r,
                    "lo": self.lo_all,
                    "hi": self.hi_all,
                    "exclude": [],
                    "as": at[0],
                    "ar": at[1],
                    "ao": at[2],
                },
            )
        return None


def plan(b: Builder, store_name: str) -> list[tuple[str, Callable[[], Q | None], int]]:
    mtq = store_name == "mtq"
    k = 1.0 if mtq else 0.78
    items: list[tuple[str, Callable[[], Q | None], int]] = [
        ("eq_obj_day", b.eq_obj_day, 8),
        ("eq_subj_month", b.eq_subj_month, 6),
        ("eq_claim_else", b.eq_claim_else, 7),
        ("eq_time_month", lambda: b.eq_time("month"), 6),
        ("eq_time_day", lambda: b.eq_time("day"), 6),
        ("eq_obj_year", b.eq_obj_year, 5),
        ("fl_obj", b.fl_obj, 9),
        ("fl_time_month", lambda: b.fl_time("month"), 6),
        ("fl_time_day", lambda: b.fl_time("day"), 5),
        ("ba_date", b.ba_date, 7),
        ("ba_event", b.ba_event, 6),
        ("af_entity", lambda: b.af_first("entity"), 5),
        ("af_time", lambda: b.af_first("time"), 3),
        ("bl_entity", lambda: b.bl_last("entity"), 5),
        ("bl_time", lambda: b.bl_last("time"), 3),
        ("em_day", lambda: b.em("day"), 3),
        ("em_month", lambda: b.em("month"), 4),
    ]
    out = [(n, f, max(2, round(c * k))) for n, f, c in items]
    if mtq:
        out += [("fl_time_year", lambda: b.fl_time("year"), 4), ("em_year", lambda: b.em("year"), 2)]
    return out


def generate(store: Any, store_name: str) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rng = random.Random(f"{SEED}-{store_name}")
    kg = read_kg(store)
    b = Builder(kg, store_name, rng)
    prefix = "b69m" if store_name == "mtq" else "b69b"
    records: list[dict[str, Any]] = []
    stats = {"built": 0, "agree": 0, "disagree": 0}
    for _name, fn, count in plan(b, store_name):
        for _ in range(count):
            q = fn()
            if q is None:
                continue
            stats["built"] += 1
            got = store.run(q.cypher, **q.params)
            names = sorted(got[0]["names"]) if got else []
            agrees = names == sorted(q.answers)
            if not agrees:
                stats["disagree"] += 1
                print(f"drop (check disagrees): {q.question} gold={q.answers} check={names}", file=sys.stderr)
                continue
            stats["agree"] += 1
            qid = f"{prefix}{len(records) + 1:03d}"
            records.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": store_name,
                    "question": q.question,
                    "answers": q.answers,
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": QLABEL[q.qtype],
                    "construction": q.construction,
                    "check": q.check,
                    "check_agrees": agrees,
                    "evidence": [],
                }
            )
    return records, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = generate(store, args.store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"{args.store}: {len(records)} questions; check: {stats}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
