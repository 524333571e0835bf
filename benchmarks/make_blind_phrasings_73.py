"""Blind held-out question set 73 for the symbolic reader: long, clause-heavy questions in a historian's register.

Why: the reader's score on phrasings nobody tuned on is the honest figure. This set was written without reading the
question parser, the readers or any earlier phrasing set; its wordings put exact temporal clauses first, in the middle
and last ("In the same month in which ...", "..., in the course of March 2015, ...", "... before the day on which ..."),
ask the time as the subject of the clause ("Which month of 2015 saw ..."), ask first/last through the answer's
granularity, say relations in plain English (never the CAMEO label) and sector actors naturally ("the police in
Kenya", "citizens of Iraq", "Russia's foreign ministry").

How: one read of every (subject, relation, object, day) of the asked period from the store; every gold is computed in
Python over that read; every question is then recomputed with a second, differently written Cypher query (anchor day,
window and first/last pick all derived inside Cypher) and ``check_agrees`` records whether the two agree; questions
that disagree are dropped and counted on stderr. Anchor events ("after X visited Y") occur exactly once in the whole
store; questions whose answer would change if the anchor's own day were counted in the window are dropped, so "after"
and "before" read the same either way. On ``mtq`` (ICEWS05-15, complete from 2013-11-18, sampled before) only
2014-2015 is asked about: "first" and "before a date" are scoped to a year in the wording, "last before an event"
answers lie in 2014-2015.

Run (store env as in the project README; deterministic, SEED below)::

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_73.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_73.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261273
MAX_GOLD = 5
REL_CAP = 6  # at most this many questions per relation per store

PERIODS: dict[str, tuple[str, str]] = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
PREFIX = {"mtq": "b73m", "bench": "b73b"}

# relation -> (past tense with its object preposition, base form with the same preposition). Own words, chosen so that
# a reader maps each to this relation and not to a neighbour.
REL: dict[str, tuple[str, str]] = {
    "Consult": ("held consultations with", "hold consultations with"),
    "Make_an_appeal_or_request": ("put an appeal or a request to", "put an appeal or a request to"),
    "Express_intent_to_meet_or_negotiate": (
        "declared a wish to meet or negotiate with",
        "declare a wish to meet or negotiate with",
    ),
    "Make_a_visit": ("paid a visit to", "pay a visit to"),
    "Host_a_visit": ("played host to a visit by", "play host to a visit by"),
    "Arrest,_detain,_or_charge_with_legal_action": ("arrested, detained or charged", "arrest, detain or charge"),
    "Praise_or_endorse": ("spoke in praise of", "speak in praise of"),
    "Criticize_or_denounce": ("denounced", "denounce"),
    "Accuse": ("levelled accusations against", "level accusations against"),
    "Use_unconventional_violence": ("used unconventional violence against", "use unconventional violence against"),
    "Use_conventional_military_force": (
        "employed conventional military force against",
        "employ conventional military force against",
    ),
    "Engage_in_negotiation": ("negotiated with", "negotiate with"),
    "Express_intent_to_cooperate": (
        "signalled an intention to cooperate with",
        "signal an intention to cooperate with",
    ),
    "Demand": ("made demands of", "make demands of"),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with", "cooperate diplomatically with"),
    "Sign_formal_agreement": ("concluded a formal agreement with", "conclude a formal agreement with"),
    "Investigate": ("opened an investigation into", "open an investigation into"),
    "Discuss_by_telephone": ("spoke on the telephone with", "speak on the telephone with"),
    "fight_with_small_arms_and_light_weapons": (
        "fought with small arms and light weapons against",
        "fight with small arms and light weapons against",
    ),
    "Make_optimistic_comment": ("commented optimistically on", "comment optimistically on"),
    "Make_pessimistic_comment": ("commented pessimistically on", "comment pessimistically on"),
    "Demonstrate_or_rally": ("demonstrated or rallied against", "demonstrate or rally against"),
    "Abduct,_hijack,_or_take_hostage": ("abducted, hijacked or took hostage", "abduct, hijack or take hostage"),
    "Meet_at_a_'third'_location": ("met on third-party ground with", "meet on third-party ground with"),
    "Return,_release_person(s)": ("set free or handed back", "set free or hand back"),
    "Protest_violently,_riot": ("rioted or protested violently against", "riot or protest violently against"),
    "Provide_humanitarian_aid": ("delivered humanitarian aid to", "deliver humanitarian aid to"),
    "Make_empathetic_comment": ("expressed sympathy for", "express sympathy for"),
    "Occupy_territory": ("occupied territory of", "occupy territory of"),
    "Physically_assault": ("physically assaulted", "physically assault"),
    "Impose_administrative_sanctions": ("imposed administrative sanctions on", "impose administrative sanctions on"),
    "Ease_administrative_sanctions": ("eased administrative sanctions on", "ease administrative sanctions on"),
    "Confiscate_property": ("confiscated property belonging to", "confiscate property belonging to"),
    "Expel_or_deport_individuals": ("expelled or deported", "expel or deport"),
    "Reduce_or_break_diplomatic_relations": (
        "cut back or broke off diplomatic relations with",
        "cut back or break off diplomatic relations with",
    ),
    "Cooperate_economically": ("cooperated on economic matters with", "cooperate on economic matters with"),
    "Complain_officially": ("lodged an official complaint against", "lodge an official complaint against"),
    "Cooperate_militarily": ("cooperated militarily with", "cooperate militarily with"),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed an embargo, a boycott or sanctions on",
        "impose an embargo, a boycott or sanctions on",
    ),
    "Provide_economic_aid": ("gave economic aid to", "give economic aid to"),
    "Provide_military_aid": ("supplied military aid to", "supply military aid to"),
    "Express_accord": ("voiced agreement with", "voice agreement with"),
    "Grant_diplomatic_recognition": ("granted diplomatic recognition to", "grant diplomatic recognition to"),
    "Apologize": ("apologised to", "apologise to"),
    "Bring_lawsuit_against": ("filed a lawsuit against", "file a lawsuit against"),
    "Share_intelligence_or_information": (
        "shared intelligence or information with",
        "share intelligence or information with",
    ),
    "Employ_aerial_weapons": ("used aerial weapons against", "use aerial weapons against"),
}

# sector prefix -> natural phrase around the country
SECTOR: dict[str, str] = {
    "Citizen": "citizens of {c}",
    "Police": "the police in {c}",
    "Government": "the government of {c}",
    "Head of Government": "the head of government of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Military": "the armed forces of {c}",
    "Protester": "protesters in {c}",
    "Militant": "{c} militants",
    "Criminal": "criminals in {c}",
    "Defense / Security Ministry": "the defence ministry of {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Legislature": "the legislature of {c}",
    "Student": "students in {c}",
    "Court Judge": "court judges in {c}",
    "Media": "the news media in {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Royal Administration": "the royal administration of {c}",
    "Government Official": "government officials in {c}",
    "Military Personnel": "military personnel of {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Women": "women in {c}",
    "Children": "children in {c}",
    "Member of Parliament": "members of parliament in {c}",
    "Opposition Activist": "opposition activists in {c}",
    "Terrorist": "terrorists in {c}",
    "Armed Gang": "armed gangs in {c}",
}

THE_COUNTRY = (
    "United States", "United Kingdom", "United Arab Emirates", "United Nations", "Philippines", "Netherlands",
    "Czech Republic", "Democratic Republic", "Central African Republic", "Occupied Palestinian", "Russian Federation",
    "Republic of", "European Union", "Gambia", "Bahamas", "Maldives",
)  # fmt: skip

# labels inside "Sector (...)" that are no place a writer would name, and places said differently
NOT_A_PLACE = frozenset({"International", "Unidentified State Actor", "Unspecified", "Unknown"})
COUNTRY_SAID = {"Palestinian Territory, Occupied": "the Occupied Palestinian Territory"}

MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

Q_FACTS = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) AND e.recorded_to IS NULL AND e.relation IN $rels
RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d
"""

Q_ANCHOR_COUNT = """
MATCH (a:Entity {name: $a})<-[:SUBJECT]-(ev:Event)-[:OBJECT]->(b:Entity {name: $b})
WHERE ev.relation = $r AND ev.recorded_to IS NULL
RETURN count(DISTINCT ev.valid_from) AS n
"""


def mention(name: str) -> str:
    """An entity as a writer would say it: sector actors naturally, everything else by its name."""
    if name.endswith(")") and " (" in name:
        head, _, rest = name.partition(" (")
        country = rest[:-1]
        country = COUNTRY_SAID.get(country, country)
        if head in SECTOR and "(" not in country and country not in NOT_A_PLACE:
            the = "the " if country.startswith(THE_COUNTRY) else ""
            return SECTOR[head].format(c=the + country)
    return name


def speakable(name: str) -> bool:
    """A name a writer would put in a question: no raw "Sector (Country)" label left unmapped."""
    return "(" not in mention(name)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def say_day(d: str) -> str:
    y, m, dd = d.split("-")
    return f"{int(dd)} {MONTHS[int(m) - 1]} {y}"


def say_month(m: str) -> str:
    y, mm = m.split("-")
    return f"{MONTHS[int(mm) - 1]} {y}"


def shift(d: str, days: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=days)).isoformat()


def month_end(m: str) -> str:
    y, mm = (int(x) for x in m.split("-"))
    nxt = date(y + (mm == 12), mm % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


def at(d: str, gran: str) -> str:
    return {"day": d, "month": d[:7], "year": d[:4]}[gran]


@dataclass
class KG:
    """The read facts and the indexes the templates draw from."""

    facts: list[tuple[str, str, str, str]]
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.facts:
            self.by_sr[(s, r)].append((d, o))
            self.by_ro[(r, o)].append((d, s))
            self.by_sro[(s, r, o)].append(d)
        for idx in (self.by_sr, self.by_ro):
            for k in idx:
                idx[k] = sorted(set(idx[k]))
        for k in self.by_sro:
            self.by_sro[k] = sorted(set(self.by_sro[k]))


@dataclass
class Spec:
    """What a question asks, in terms both the gold and the check compute from."""

    role: str  # "s": the fixed entity is the subject and the answer the object; "o": the reverse; "so": both fixed
    fixed: str
    rel: str
    pick: str  # all | first | last
    gran: str  # granularity of the answer (time answers) or of the window (entity answers)
    answer_type: str  # entity | time
    other: str = ""  # the object when role == "so"
    wkind: str = "fixed"  # fixed | after | before | same_day | same_month | same_year
    lo: str = ""
    hi: str = ""
    anchor: tuple[str, str, str] | None = None


def rows_in(kg: KG, sp: Spec, lo: str, hi: str) -> list[tuple[str, str]]:
    """(day, answer) rows of the pattern inside [lo, hi]."""
    if sp.role == "s":
        rows = kg.by_sr.get((sp.fixed, sp.rel), [])
    elif sp.role == "o":
        rows = kg.by_ro.get((sp.rel, sp.fixed), [])
    else:
        rows = [(d, d) for d in kg.by_sro.get((sp.fixed, sp.rel, sp.other), [])]
    i = bisect.bisect_left(rows, (lo, ""))
    j = bisect.bisect_right(rows, (hi, "\uffff"))
    return [r for r in rows[i:j] if r[1] != sp.fixed]


def window(sp: Spec, kg: KG, start: str, end: str) -> tuple[str, str] | None:
    if sp.anchor is None:
        return sp.lo, sp.hi
    days = kg.by_sro.get(sp.anchor, [])
    if len(days) != 1:
        return None
    ad = days[0]
    if sp.wkind == "after":
        return shift(ad, 1), end
    if sp.wkind == "before":
        return (sp.lo or start), shift(ad, -1)
    if sp.wkind == "same_day":
        return ad, ad
    if sp.wkind == "same_month":
        return ad[:7] + "-01", month_end(ad[:7])
    return ad[:4] + "-01-01", ad[:4] + "-12-31"


def pick_answers(rows: list[tuple[str, str]], sp: Spec) -> list[str]:
    if not rows:
        return []
    if sp.pick == "first":
        d0 = rows[0][0]
        rows = [r for r in rows if r[0] == d0]
    elif sp.pick == "last":
        d1 = rows[-1][0]
        rows = [r for r in rows if r[0] == d1]
    if sp.answer_type == "time":
        return sorted({at(d, sp.gran) for d, _ in rows})
    return sorted({a for _, a in rows})


def gold(kg: KG, sp: Spec, start: str, end: str) -> list[str] | None:
    """The gold over the read facts; None when the question is not exact (anchor not once, anchor-day sensitivity)."""
    w = window(sp, kg, start, end)
    if w is None or w[0] > w[1]:
        return None
    ans = pick_answers(rows_in(kg, sp, *w), sp)
    if sp.anchor is not None and sp.wkind in ("after", "before"):
        # would counting the anchor's own day change the answer? then "after"/"before" is not exact: drop
        ad = kg.by_sro[sp.anchor][0]
        w2 = (ad, w[1]) if sp.wkind == "after" else (w[0], ad)
        if pick_answers(rows_in(kg, sp, *w2), sp) != ans:
            return None
    return ans


# ---- the check: a second, differently written Cypher query -------------------------------------------------------

_WIN = {
    "after": "ad + duration({days: 1}) AS lo, date($end) AS hi",
    "before": "date($lo) AS lo, ad - duration({days: 1}) AS hi",
    "same_day": "ad AS lo, ad AS hi",
    "same_month": "date.truncate('month', ad) AS lo, date.truncate('month', ad) + duration({months: 1}) "
    "- duration({days: 1}) AS hi",
    "same_year": "date.truncate('year', ad) AS lo, date.truncate('year', ad) + duration({years: 1}) "
    "- duration({days: 1}) AS hi",
}


def check_query(sp: Spec) -> str:
    if sp.anchor is None:
        head = "WITH date($lo) AS lo, date($hi) AS hi\n"
    else:
        head = (
            "MATCH (x1:Entity)<-[:SUBJECT]-(ae:Event)-[:OBJECT]->(x2:Entity)\n"
            "WHERE x1.name = $as AND x2.name = $ao AND ae.relation = $ar AND ae.recorded_to IS NULL\n"
            "WITH collect(DISTINCT ae.valid_from) AS ads WHERE size(ads) = 1\n"
            f"WITH ads[0] AS ad WITH {_WIN[sp.wkind]}\n"
        )
    if sp.role == "s":
        pat = "MATCH (f:Entity {name: $fixed})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity)\n"
    elif sp.role == "o":
        pat = "MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(f:Entity {name: $fixed})\n"
    else:
        pat = "MATCH (f:Entity {name: $fixed})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity {name: $other})\n"
    cond = "WHERE e.relation = $rel AND e.recorded_to IS NULL AND e.valid_from >= lo AND e.valid_from <= hi"
    cond += " AND x <> f\n" if sp.role != "so" else "\n"
    n = {"day": 10, "month": 7, "year": 4}[sp.gran]
    val = f"substring(toString(e.valid_from), 0, {n})" if sp.answer_type == "time" else "x.name"
    if sp.pick == "all":
        tail = f"RETURN collect(DISTINCT {val}) AS answers"
    else:
        agg = "min" if sp.pick == "first" else "max"
        tail = (
            f"WITH collect({{d: e.valid_from, v: {val}}}) AS rows, {agg}(e.valid_from) AS m\n"
            "RETURN [r IN rows WHERE r.d = m | r.v] AS answers"
        )
    return head + pat + cond + tail


def check(store: Any, sp: Spec, end: str) -> list[str]:
    params: dict[str, Any] = {"fixed": sp.fixed, "other": sp.other, "rel": sp.rel, "lo": sp.lo, "hi": sp.hi, "end": end}
    if sp.anchor is not None:
        params.update({"as": sp.anchor[0], "ar": sp.anchor[1], "ao": sp.anchor[2]})
    rows = store.run(check_query(sp), **params)
    return sorted(set(rows[0]["answers"])) if rows else []


def describe_check(sp: Spec) -> str:
    a = (
        f"anchor day = the only day of ({sp.anchor[0]}, {sp.anchor[1]}, {sp.anchor[2]}) in the whole store; "
        if (sp.anchor)
        else ""
    )
    w = sp.wkind if sp.anchor else f"[{sp.lo}, {sp.hi}]"
    fixed = f"{sp.fixed} -{sp.rel}-> {sp.other}" if sp.role == "so" else f"{sp.role}={sp.fixed}, r={sp.rel}"
    return f"cypher: {a}window {w} derived in Cypher; {fixed}; {sp.pick} ({sp.gran}, {sp.answer_type})"


# ---- phrasing -----------------------------------------------------------------------------------------------------


def past(r: str) -> str:
    return REL[r][0]


def base(r: str) -> str:
    return REL[r][1]


def clause(anchor: tuple[str, str, str]) -> str:
    """'X denounced Y' for an anchor event."""
    return f"{mention(anchor[0])} {past(anchor[1])} {mention(anchor[2])}"


def when(lo: str, hi: str, gran: str, style: int) -> str:
    """An exact phrase for the window [lo, hi] of one day, month or year."""
    if gran == "day":
        return ["on", "on the day of", "on"][style % 3] + " " + say_day(lo)
    if gran == "month":
        return ["in", "in the course of", "during the month of"][style % 3] + " " + say_month(lo[:7])
    return ["in", "in the course of", "during the year"][style % 3] + " " + lo[:4]


@dataclass
class Draft:
    spec: Spec
    question: str
    qtype: str
    construction: str


Template = Callable[[KG, random.Random, str, str, str], Draft | None]


def _pick_sr(kg: KG, rng: random.Random) -> tuple[str, str] | None:
    keys = kg.sr_keys  # type: ignore[attr-defined]
    return keys[rng.randrange(len(keys))]


def _pick_ro(kg: KG, rng: random.Random) -> tuple[str, str] | None:
    keys = kg.ro_keys  # type: ignore[attr-defined]
    return keys[rng.randrange(len(keys))]


def _pick_sro(kg: KG, rng: random.Random) -> tuple[str, str, str]:
    keys = kg.sro_keys  # type: ignore[attr-defined]
    return keys[rng.randrange(len(keys))]


def _pick_anchor(kg: KG, rng: random.Random) -> tuple[str, str, str]:
    keys = kg.anchor_keys  # type: ignore[attr-defined]
    return keys[rng.randrange(len(keys))]


def _sro_near(kg: KG, anchor: tuple[str, str, str]) -> list[tuple[str, str, str]]:
    """Subject-relation-object keys whose subject is one of the anchor's actors (the anchor itself excluded)."""
    idx = kg.sro_by_subject  # type: ignore[attr-defined]
    return [k for k in idx.get(anchor[0], []) + idx.get(anchor[2], []) if k != anchor]


def _year_of(kg: KG, rng: random.Random, store: str) -> str:
    return "2014" if store == "bench" else rng.choice(["2014", "2015"])


def t_equal_entity(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    gran = rng.choice(["day", "day", "month", "month", "year"])
    ask_obj = rng.random() < 0.5
    key = _pick_sr(kg, rng) if ask_obj else _pick_ro(kg, rng)
    if key is None:
        return None
    rows = kg.by_sr[key] if ask_obj else kg.by_ro[key]
    d = rng.choice(rows)[0]
    lo, hi = {"day": (d, d), "month": (d[:7] + "-01", month_end(d[:7])), "year": (d[:4] + "-01-01", d[:4] + "-12-31")}[
        gran
    ]
    style = rng.randrange(3)
    w = when(lo, hi, gran, style)
    if ask_obj:
        s, r = key
        sp = Spec("s", s, r, "all", gran, "entity", lo=lo, hi=hi)
        forms = [
            (f"{cap(w)}, whom did {mention(s)} {base(r)}?", "clause first"),
            (f"Whom did {mention(s)}, {w}, {base(r)}?", "clause middle"),
            (f"Who were all the parties that {mention(s)} {past(r)} {w}?", "clause last, list"),
        ]
    else:
        r, o = key
        sp = Spec("o", o, r, "all", gran, "entity", lo=lo, hi=hi)
        forms = [
            (f"{cap(w)}, who {past(r)} {mention(o)}?", "clause first"),
            (f"Who, {w}, {past(r)} {mention(o)}?", "clause middle"),
            (f"Name every party that {past(r)} {mention(o)} {w}.", "clause last, imperative list"),
        ]
    q, c = forms[style]
    return Draft(sp, q, "equal", f"equal entity ({'object' if ask_obj else 'subject'} asked): {c}")


def t_equal_time(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    s, r, o = _pick_sro(kg, rng)
    days = kg.by_sro[(s, r, o)]
    d = rng.choice(days)
    style = rng.randrange(3)
    if rng.random() < 0.55:
        y = d[:4]
        sp = Spec("so", s, r, "all", "month", "time", other=o, lo=f"{y}-01-01", hi=f"{y}-12-31")
        forms = [
            (f"Which month of {y} saw {mention(s)} {base(r)} {mention(o)}?", "month as the subject"),
            (f"In {y}, in which month or months did {mention(s)} {base(r)} {mention(o)}?", "clause first"),
            (f"During which months of the year {y} did {mention(s)} {base(r)} {mention(o)}?", "year in the middle"),
        ]
    else:
        m = d[:7]
        sp = Spec("so", s, r, "all", "day", "time", other=o, lo=m + "-01", hi=month_end(m))
        forms = [
            (f"Which day of {say_month(m)} saw {mention(s)} {base(r)} {mention(o)}?", "day as the subject"),
            (f"In {say_month(m)}, on what day or days did {mention(s)} {base(r)} {mention(o)}?", "clause first"),
            (f"On which dates did {mention(s)} {base(r)} {mention(o)} in the month of {say_month(m)}?", "clause last"),
        ]
    q, c = forms[style]
    return Draft(sp, q, "equal", f"equal time ({sp.gran}): {c}")


def t_first_last_entity(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    y = _year_of(kg, rng, store)
    pick = rng.choice(["first", "last"])
    ask_obj = rng.random() < 0.5
    key = _pick_sr(kg, rng) if ask_obj else _pick_ro(kg, rng)
    if key is None:
        return None
    style = rng.randrange(3)
    word = pick
    if ask_obj:
        s, r = key
        sp = Spec("s", s, r, pick, "day", "entity", lo=f"{y}-01-01", hi=f"{y}-12-31")
        forms = [
            (f"Of all the parties that {mention(s)} {past(r)} in {y}, which came {word}?", "of-all, scope first"),
            (f"In {y}, whom did {mention(s)} {base(r)} {word} of all?", "scope first"),
            (f"Who was the {word} party that {mention(s)} {past(r)} during the year {y}?", "scope last"),
        ]
    else:
        r, o = key
        sp = Spec("o", o, r, pick, "day", "entity", lo=f"{y}-01-01", hi=f"{y}-12-31")
        forms = [
            (f"Who was the {word} to {base(r)} {mention(o)} in {y}?", "scope last"),
            (
                f"In the course of {y}, which party was the {word} to {base(r)} {mention(o)}?",
                "scope first, explicit",
            ),
            (f"Among those who {past(r)} {mention(o)} during {y}, who did so {word}?", "among-those"),
        ]
    q, c = forms[style]
    return Draft(sp, q, "first_last", f"first_last entity ({pick}): {c}")


def t_first_last_time(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    s, r, o = _pick_sro(kg, rng)
    pick = rng.choice(["first", "last"])
    gran = rng.choice(["day", "month", "year"] if store == "mtq" and pick == "last" else ["day", "month"])
    style = rng.randrange(3)
    unit = {"day": "day", "month": "month", "year": "year"}[gran]
    prep = "on" if gran == "day" else "in"
    if pick == "first":
        y = _year_of(kg, rng, store)
        sp = Spec("so", s, r, "first", gran, "time", other=o, lo=f"{y}-01-01", hi=f"{y}-12-31")
        forms = [
            (f"{cap(prep)} which {unit} of {y} did {mention(s)} first {base(r)} {mention(o)}?", "granularity asked"),
            (f"Which {unit} saw {mention(s)} {base(r)} {mention(o)} for the first time in {y}?", "time as subject"),
            (
                f"Considering {y} alone, {prep} what {unit} did {mention(s)} {base(r)} {mention(o)} "
                "for the first time?",
                "scope clause first",
            ),
        ]
    else:
        sp = Spec("so", s, r, "last", gran, "time", other=o, lo=start, hi=end)
        forms = [
            (f"{cap(prep)} which {unit} did {mention(s)} last {base(r)} {mention(o)}?", "granularity asked"),
            (f"Which {unit} saw {mention(s)} {base(r)} {mention(o)} for the last time?", "time as subject"),
            (
                f"What was the last {unit} on which {mention(s)} {past(r)} {mention(o)}?"
                if gran == "day"
                else f"What was the last {unit} in which {mention(s)} {past(r)} {mention(o)}?",
                "relative clause last",
            ),
        ]
    q, c = forms[style]
    return Draft(sp, q, "first_last", f"first_last time ({pick}, {gran}): {c}")


def _anchor_target(kg: KG, rng: random.Random) -> tuple[tuple[str, str, str], bool, tuple[str, str]] | None:
    anchor = _pick_anchor(kg, rng)
    ask_obj = rng.random() < 0.5
    key = _pick_sr(kg, rng) if ask_obj else _pick_ro(kg, rng)
    if key is None:
        return None
    # prefer targets that share an actor with the anchor, as a historian's question would
    idx = kg.sr_by_actor if ask_obj else kg.ro_by_actor  # type: ignore[attr-defined]
    shared = idx.get(anchor[0], []) + idx.get(anchor[2], [])
    if shared and rng.random() < 0.7:
        key = shared[rng.randrange(len(shared))]
    if (key[1] if ask_obj else key[0]) == anchor[1] and (key[0] if ask_obj else key[1]) in (anchor[0], anchor[2]):
        return None
    return anchor, ask_obj, key


def t_before_after(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    style = rng.randrange(4)
    after = rng.random() < 0.5
    if style < 2:  # event anchor
        got = _anchor_target(kg, rng)
        if got is None:
            return None
        anchor, ask_obj, key = got
        ad = kg.by_sro[anchor][0]
        y = ad[:4]
        lo = f"{y}-01-01" if store == "mtq" else start
        fixed_role = "s" if ask_obj else "o"
        fixed = key[0] if ask_obj else key[1]
        r = key[1] if ask_obj else key[0]
        sp = Spec(
            fixed_role, fixed, r, "all", "day", "entity", wkind="after" if after else "before", lo=lo, anchor=anchor
        )
        scope = f"In {y}, before" if store == "mtq" else "Before"
        in_y = f" in {y}" if store == "mtq" else ""
        in_y_and = f"in {y} and " if store == "mtq" else ""
        if ask_obj:
            forms = [
                (
                    f"After the day on which {clause(anchor)}, whom did {mention(fixed)} {base(r)}?"
                    if after
                    else f"{scope} the day on which {clause(anchor)}, whom did {mention(fixed)} {base(r)}?",
                    "event clause first",
                ),
                (
                    f"Whom did {mention(fixed)} {base(r)} after the day on which {clause(anchor)}?"
                    if after
                    else f"Whom did {mention(fixed)} {base(r)}{in_y} before the day on which {clause(anchor)}?",
                    "event clause last",
                ),
            ]
        else:
            forms = [
                (
                    f"In the period after the day on which {clause(anchor)}, who {past(r)} {mention(fixed)}?"
                    if after
                    else f"{scope} the day on which {clause(anchor)}, who {past(r)} {mention(fixed)}?",
                    "event clause first",
                ),
                (
                    f"Who {past(r)} {mention(fixed)} after the day on which {clause(anchor)}?"
                    if after
                    else f"Who, {in_y_and}before the day on which {clause(anchor)}, {past(r)} {mention(fixed)}?",
                    "event clause middle" if not after else "event clause last",
                ),
            ]
        q, c = forms[style]
        return Draft(sp, q, "before_after", f"before_after entity ({'after' if after else 'before'} event): {c}")
    ask_obj = rng.random() < 0.5
    key = _pick_sr(kg, rng) if ask_obj else _pick_ro(kg, rng)
    if key is None:
        return None
    rows = kg.by_sr[key] if ask_obj else kg.by_ro[key]
    d = rng.choice(rows)[0]
    y = d[:4]
    if after:
        lo, hi = shift(d, 1), end
    else:
        lo, hi = (f"{y}-01-01" if store == "mtq" else start), shift(d, -1)
    fixed = key[0] if ask_obj else key[1]
    r = key[1] if ask_obj else key[0]
    sp = Spec("s" if ask_obj else "o", fixed, r, "all", "day", "entity", lo=lo, hi=hi)
    if after:
        tw = f"after {say_day(d)}"
    elif store == "mtq":
        tw = f"earlier in {y} than {say_day(d)}"
    else:
        tw = f"before {say_day(d)}"
    if ask_obj:
        q = (
            f"{cap(tw)}, whom did {mention(fixed)} {base(r)}?"
            if style == 2
            else f"Whom did {mention(fixed)} {base(r)} {tw}?"
        )
    else:
        q = f"{cap(tw)}, who {past(r)} {mention(fixed)}?" if style == 2 else f"Who, {tw}, {past(r)} {mention(fixed)}?"
    c = "date clause first" if style == 2 else ("date clause last" if ask_obj else "date clause middle")
    return Draft(sp, q, "before_after", f"before_after entity ({'after' if after else 'before'} date): {c}")


def t_after_first(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    style = rng.randrange(4)
    if style == 3:  # time answer
        anchor = _pick_anchor(kg, rng)
        cands = _sro_near(kg, anchor)
        if not cands:
            return None
        s, r, o = cands[rng.randrange(len(cands))]
        gran = rng.choice(["day", "month"])
        sp = Spec("so", s, r, "first", gran, "time", other=o, wkind="after", anchor=anchor)
        prep = "on" if gran == "day" else "in"
        q = (
            f"After the day on which {clause(anchor)}, {prep} which {gran} did {mention(s)} next {base(r)} "
            f"{mention(o)}?"
            if rng.random() < 0.5
            else f"After the day on which {clause(anchor)}, {prep} what {gran} did {mention(s)} {base(r)} "
            f"{mention(o)} for the first time?"
        )
        return Draft(sp, q, "after_first", f"after_first time ({gran}): event clause first")
    got = _anchor_target(kg, rng)
    if got is None:
        return None
    anchor, ask_obj, key = got
    fixed = key[0] if ask_obj else key[1]
    r = key[1] if ask_obj else key[0]
    sp = Spec("s" if ask_obj else "o", fixed, r, "first", "day", "entity", wkind="after", anchor=anchor)
    if ask_obj:
        forms = [
            (
                f"After the day on which {clause(anchor)}, whom did {mention(fixed)} {base(r)} first?",
                "event clause first",
            ),
            (
                f"Whom did {mention(fixed)}, after the day on which {clause(anchor)}, first {base(r)}?",
                "event clause middle",
            ),
            (
                f"Who was the first party that {mention(fixed)} {past(r)} after the day on which {clause(anchor)}?",
                "event clause last",
            ),
        ]
    else:
        forms = [
            (
                f"In the period that followed the day on which {clause(anchor)}, who was the first to {base(r)} "
                f"{mention(fixed)}?",
                "event clause first",
            ),
            (
                f"Who, after the day on which {clause(anchor)}, was the first to {base(r)} {mention(fixed)}?",
                "event clause middle",
            ),
            (
                f"Who was the first to {base(r)} {mention(fixed)} after the day on which {clause(anchor)}?",
                "event clause last",
            ),
        ]
    q, c = forms[style]
    return Draft(sp, q, "after_first", f"after_first entity: {c}")


def t_before_last(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    style = rng.randrange(4)
    if style == 3:  # time answer
        anchor = _pick_anchor(kg, rng)
        cands = _sro_near(kg, anchor)
        if not cands:
            return None
        s, r, o = cands[rng.randrange(len(cands))]
        gran = rng.choice(["day", "month"])
        sp = Spec("so", s, r, "last", gran, "time", other=o, wkind="before", lo=start, anchor=anchor)
        prep = "on" if gran == "day" else "in"
        q = (
            f"Before the day on which {clause(anchor)}, {prep} which {gran} did {mention(s)} last {base(r)} "
            f"{mention(o)}?"
            if rng.random() < 0.5
            else f"{cap(prep)} which {gran} did {mention(s)} {base(r)} {mention(o)} for the last time before the day "
            f"on which {clause(anchor)}?"
        )
        return Draft(sp, q, "before_last", f"before_last time ({gran}): event clause first or last")
    got = _anchor_target(kg, rng)
    if got is None:
        return None
    anchor, ask_obj, key = got
    fixed = key[0] if ask_obj else key[1]
    r = key[1] if ask_obj else key[0]
    sp = Spec("s" if ask_obj else "o", fixed, r, "last", "day", "entity", wkind="before", lo=start, anchor=anchor)
    if ask_obj:
        forms = [
            (
                f"Before the day on which {clause(anchor)}, whom did {mention(fixed)} last {base(r)}?",
                "event clause first",
            ),
            (
                f"Whom did {mention(fixed)}, before the day on which {clause(anchor)}, last {base(r)}?",
                "event clause middle",
            ),
            (
                f"Who was the last party that {mention(fixed)} {past(r)} before the day on which {clause(anchor)}?",
                "event clause last",
            ),
        ]
    else:
        forms = [
            (
                f"Before the day on which {clause(anchor)}, who had been the last to {base(r)} {mention(fixed)}?",
                "event clause first",
            ),
            (
                f"Who, before the day on which {clause(anchor)}, was the last to {base(r)} {mention(fixed)}?",
                "event clause middle",
            ),
            (
                f"Who was the last to {base(r)} {mention(fixed)} before the day on which {clause(anchor)}?",
                "event clause last",
            ),
        ]
    q, c = forms[style]
    return Draft(sp, q, "before_last", f"before_last entity: {c}")


def t_equal_multi(kg: KG, rng: random.Random, store: str, start: str, end: str) -> Draft | None:
    got = _anchor_target(kg, rng)
    if got is None:
        return None
    anchor, ask_obj, key = got
    gran = rng.choice(["day", "month", "month", "year"])
    fixed = key[0] if ask_obj else key[1]
    r = key[1] if ask_obj else key[0]
    sp = Spec("s" if ask_obj else "o", fixed, r, "all", gran, "entity", wkind=f"same_{gran}", anchor=anchor)
    style = rng.randrange(3)
    that = {"day": "on that same day", "month": "in that same month", "year": "in that same year"}
    same = {
        "day": "On the same day on which",
        "month": "In the same month in which",
        "year": "In the same year in which",
    }[gran]
    if ask_obj:
        forms = [
            (f"{same} {clause(anchor)}, whom did {mention(fixed)} {base(r)}?", "same-period clause first"),
            (f"Whom did {mention(fixed)}, {same.lower()} {clause(anchor)}, {base(r)}?", "same-period clause middle"),
            (f"Whom did {mention(fixed)} {base(r)} {same.lower()} {clause(anchor)}?", "same-period clause last"),
        ]
    else:
        forms = [
            (f"{same} {clause(anchor)}, who {past(r)} {mention(fixed)}?", "same-period clause first"),
            (
                f"At the time when {clause(anchor)} -- that is, {that[gran]} -- who {past(r)} {mention(fixed)}?",
                "at-the-time clause, period made exact",
            ),
            (f"Who {past(r)} {mention(fixed)} {same.lower()} {clause(anchor)}?", "same-period clause last"),
        ]
    q, c = forms[style]
    return Draft(sp, q, "equal_multi", f"equal_multi entity ({gran}): {c}")


PLAN: list[tuple[Template, int]] = [
    (t_equal_entity, 14),
    (t_equal_time, 8),
    (t_first_last_entity, 9),
    (t_first_last_time, 10),
    (t_before_after, 16),
    (t_after_first, 14),
    (t_before_last, 14),
    (t_equal_multi, 15),
]


def build(store_name: str, store: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    start, end = PERIODS[store_name]
    rng = random.Random(f"{SEED}-{store_name}")
    rows = store.run(Q_FACTS, lo=start, hi=end, rels=sorted(REL))
    facts = sorted({(r["s"], r["r"], r["o"], r["d"]) for r in rows if r["s"] != r["o"]})
    kg = KG(facts)
    kg.sr_keys = sorted(k for k, v in kg.by_sr.items() if len(v) >= 1)  # type: ignore[attr-defined]
    kg.ro_keys = sorted(kg.by_ro)  # type: ignore[attr-defined]
    kg.sro_keys = sorted(k for k, v in kg.by_sro.items() if len(v) <= 30)  # type: ignore[attr-defined]
    kg.anchor_keys = sorted(k for k, v in kg.by_sro.items() if len(v) == 1)  # type: ignore[attr-defined]
    sr_by_actor: dict[str, list[tuple[str, str]]] = defaultdict(list)
    ro_by_actor: dict[str, list[tuple[str, str]]] = defaultdict(list)
    sro_by_subject: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for k in kg.sr_keys:  # type: ignore[attr-defined]
        sr_by_actor[k[0]].append(k)
    for k in kg.ro_keys:  # type: ignore[attr-defined]
        ro_by_actor[k[1]].append(k)
    for k in kg.sro_keys:  # type: ignore[attr-defined]
        sro_by_subject[k[0]].append(k)
    kg.sr_by_actor, kg.ro_by_actor, kg.sro_by_subject = sr_by_actor, ro_by_actor, sro_by_subject  # type: ignore
    scale = 1.0 if store_name == "mtq" else 0.7
    stats = {"drafted": 0, "disagree": 0, "anchor_not_unique": 0}
    per_rel: dict[str, int] = defaultdict(int)
    seen_q: set[str] = set()
    anchor_ok: dict[tuple[str, str, str], bool] = {}
    out: list[dict[str, Any]] = []
    for tmpl, n in PLAN:
        want = round(n * scale)
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            dr = tmpl(kg, rng, store_name, start, end)
            if dr is None or per_rel[dr.spec.rel] >= REL_CAP or dr.question in seen_q:
                continue
            named = [dr.spec.fixed, dr.spec.other, *(dr.spec.anchor[::2] if dr.spec.anchor else ())]
            if not all(speakable(x) for x in named if x):
                continue
            g = gold(kg, dr.spec, start, end)
            if not g or len(g) > MAX_GOLD:
                continue
            if len(g) == 1 and rng.random() < 0.5:  # favour questions with several right answers
                continue
            if dr.spec.anchor is not None:
                if dr.spec.anchor not in anchor_ok:
                    a = dr.spec.anchor
                    anchor_ok[a] = store.run(Q_ANCHOR_COUNT, a=a[0], r=a[1], b=a[2])[0]["n"] == 1
                if not anchor_ok[dr.spec.anchor]:
                    stats["anchor_not_unique"] += 1
                    continue
            stats["drafted"] += 1
            chk = check(store, dr.spec, end)
            if chk != g:
                stats["disagree"] += 1
                print(f"disagree: {dr.question} gold={g} check={chk}", file=sys.stderr)
                continue
            seen_q.add(dr.question)
            per_rel[dr.spec.rel] += 1
            got += 1
            out.append({"draft": dr, "gold": g, "check": chk})
    records = []
    for i, item in enumerate(out, 1):
        dr, g = item["draft"], item["gold"]
        qid = f"{PREFIX[store_name]}{i:03d}"
        records.append(
            {
                "id": qid,
                "quid": qid,
                "store": store_name,
                "question": dr.question,
                "answers": g,
                "answer_type": dr.spec.answer_type,
                "time_level": dr.spec.gran,
                "qtype": dr.qtype,
                "qlabel": "Single" if dr.qtype in ("equal", "first_last", "before_after") else "Multiple",
                "construction": dr.construction,
                "check": describe_check(dr.spec),
                "check_agrees": item["check"] == g,
                "evidence": [],
            }
        )
    stats["kept"] = len(records)
    stats["facts_read"] = len(facts)
    return records, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = build(args.store, store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(json.dumps(stats, sort_keys=True), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
