"""Blind held-out question set 40: MultiTQ-style questions in new phrasings, with golds computed from the stores.

Why: the symbolic temporal reader is scored on phrasings it was never tuned on. Every gold is computed in Python over
ONE read of all (subject, relation, object, day) quadruples of the store, then recomputed by a second, differently
written Cypher query per question (matched from the entity's side, windows compared as date strings, anchors counted
and shifted in Cypher, selection aggregated in Cypher); questions where the two disagree are dropped.

Run from the worktree root (read-only against the stores; deterministic for a seed):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
      python benchmarks/make_blind_phrasings_40.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
      python benchmarks/make_blind_phrasings_40.py --store bench --out <work>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261240
MAX_GOLD = 5

# Asked periods: the mtq store holds only a sample before 2013-11-18, so everything asked lies in 2014-2015.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"lo": date(2014, 1, 1), "hi": date(2015, 12, 31), "prefix": "b40m", "target": 100},
    "bench": {"lo": date(2014, 1, 1), "hi": date(2014, 12, 31), "prefix": "b40i", "target": 70},
}

# relation -> (base form, past form) variants, each ending in the object slot; optional passive participle.
REL: dict[str, dict[str, Any]] = {
    "Make_a_visit": {
        "v": [("visit {o}", "visited {o}"), ("pay a visit to {o}", "paid a visit to {o}")],
        "pas": "visited",
        "noun": "{s}'s visit to {o}",
    },
    "Host_a_visit": {
        "v": [
            ("host {o}", "hosted {o}"),
            ("play host to {o}", "played host to {o}"),
            ("welcome a visit by {o}", "welcomed a visit by {o}"),
        ],
        "pas": "hosted",
    },
    "Consult": {
        "v": [
            ("consult {o}", "consulted {o}"),
            ("hold consultations with {o}", "held consultations with {o}"),
            ("confer with {o}", "conferred with {o}"),
        ],
        "pas": "consulted",
    },
    "Make_statement": {
        "v": [
            ("make a statement about {o}", "made a statement about {o}"),
            ("issue a statement concerning {o}", "issued a statement concerning {o}"),
        ],
    },
    "Make_an_appeal_or_request": {
        "v": [
            ("appeal to {o}", "appealed to {o}"),
            ("make a request to {o}", "made a request to {o}"),
            ("call on {o}", "called on {o}"),
        ],
        "noun": "{s}'s appeal to {o}",
    },
    "Express_intent_to_meet_or_negotiate": {
        "v": [
            (
                "express willingness to meet or negotiate with {o}",
                "expressed willingness to meet or negotiate with {o}",
            ),
            ("state a wish to meet or negotiate with {o}", "stated a wish to meet or negotiate with {o}"),
        ],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "v": [
            ("arrest, detain or charge {o}", "arrested, detained or charged {o}"),
            ("take legal action against {o}", "took legal action against {o}"),
        ],
        "pas": "arrested, detained or charged",
    },
    "Praise_or_endorse": {
        "v": [
            ("praise {o}", "praised {o}"),
            ("endorse {o}", "endorsed {o}"),
            ("speak approvingly of {o}", "spoke approvingly of {o}"),
        ],
        "pas": "praised",
        "noun": "{s}'s praise for {o}",
    },
    "Criticize_or_denounce": {
        "v": [("criticize {o}", "criticized {o}"), ("denounce {o}", "denounced {o}"), ("condemn {o}", "condemned {o}")],
        "pas": "criticized",
        "noun": "{s}'s criticism of {o}",
    },
    "Use_conventional_military_force": {
        "v": [
            ("use military force against {o}", "used military force against {o}"),
            ("launch conventional military action against {o}", "launched conventional military action against {o}"),
        ],
        "pas": "attacked with conventional military force",
    },
    "Engage_in_negotiation": {
        "v": [
            ("negotiate with {o}", "negotiated with {o}"),
            ("hold negotiations with {o}", "held negotiations with {o}"),
        ],
    },
    "Accuse": {
        "v": [("accuse {o}", "accused {o}"), ("level accusations at {o}", "levelled accusations at {o}")],
        "pas": "accused",
    },
    "Engage_in_diplomatic_cooperation": {
        "v": [
            ("cooperate diplomatically with {o}", "cooperated diplomatically with {o}"),
            ("engage in diplomatic cooperation with {o}", "engaged in diplomatic cooperation with {o}"),
        ],
    },
    "Sign_formal_agreement": {
        "v": [
            ("sign a formal agreement with {o}", "signed a formal agreement with {o}"),
            ("conclude a formal agreement with {o}", "concluded a formal agreement with {o}"),
            ("ink a formal deal with {o}", "inked a formal deal with {o}"),
        ],
    },
    "Express_intent_to_cooperate": {
        "v": [
            ("express an intention to cooperate with {o}", "expressed an intention to cooperate with {o}"),
            ("pledge to cooperate with {o}", "pledged to cooperate with {o}"),
        ],
    },
    "Demand": {
        "v": [("make demands of {o}", "made demands of {o}"), ("issue a demand to {o}", "issued a demand to {o}")],
    },
    "Investigate": {
        "v": [
            ("investigate {o}", "investigated {o}"),
            ("open an investigation into {o}", "opened an investigation into {o}"),
        ],
        "pas": "investigated",
    },
    "Discuss_by_telephone": {
        "v": [
            ("talk on the phone with {o}", "talked on the phone with {o}"),
            ("phone {o}", "phoned {o}"),
            ("have a telephone conversation with {o}", "had a telephone conversation with {o}"),
        ],
        "pas": "phoned",
        "noun": "{s}'s phone call with {o}",
    },
    "Reject": {
        "v": [("reject {o}", "rejected {o}"), ("rebuff {o}", "rebuffed {o}")],
        "pas": "rebuffed",
    },
    "Threaten": {
        "v": [("threaten {o}", "threatened {o}"), ("issue threats against {o}", "issued threats against {o}")],
        "pas": "threatened",
    },
    "Make_optimistic_comment": {
        "v": [
            ("comment optimistically on {o}", "commented optimistically on {o}"),
            ("sound upbeat about {o}", "sounded upbeat about {o}"),
        ],
    },
    "Make_pessimistic_comment": {
        "v": [
            ("make pessimistic remarks about {o}", "made pessimistic remarks about {o}"),
            ("voice pessimism about {o}", "voiced pessimism about {o}"),
        ],
    },
    "Provide_humanitarian_aid": {
        "v": [
            ("provide humanitarian aid to {o}", "provided humanitarian aid to {o}"),
            ("send humanitarian assistance to {o}", "sent humanitarian assistance to {o}"),
        ],
    },
    "Meet_at_a_'third'_location": {
        "v": [
            ("meet on neutral ground with {o}", "met on neutral ground with {o}"),
            ("meet at a third location with {o}", "met at a third location with {o}"),
        ],
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "v": [
            ("appeal for diplomatic cooperation from {o}", "appealed for diplomatic cooperation from {o}"),
            ("ask for policy support from {o}", "asked for policy support from {o}"),
        ],
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "v": [
            (
                "signal an intent to cooperate diplomatically with {o}",
                "signalled an intent to cooperate diplomatically with {o}",
            )
        ],
    },
    "Use_unconventional_violence": {
        "v": [("use unconventional violence against {o}", "used unconventional violence against {o}")],
    },
    "Abduct,_hijack,_or_take_hostage": {
        "v": [("abduct {o}", "abducted {o}"), ("kidnap or take hostage {o}", "kidnapped or took hostage {o}")],
        "pas": "abducted",
    },
    "Reduce_or_break_diplomatic_relations": {
        "v": [("cut or scale back diplomatic relations with {o}", "cut or scaled back diplomatic relations with {o}")],
    },
    "Provide_military_aid": {
        "v": [
            ("give military aid to {o}", "gave military aid to {o}"),
            ("supply military assistance to {o}", "supplied military assistance to {o}"),
        ],
    },
    "Cooperate_economically": {
        "v": [("cooperate economically with {o}", "cooperated economically with {o}")],
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "v": [("impose an embargo, boycott or sanctions on {o}", "imposed an embargo, boycott or sanctions on {o}")],
    },
    "Make_empathetic_comment": {
        "v": [
            ("express sympathy for {o}", "expressed sympathy for {o}"),
            ("voice empathy toward {o}", "voiced empathy toward {o}"),
        ],
    },
    "Provide_aid": {
        "v": [("provide aid to {o}", "provided aid to {o}"), ("give assistance to {o}", "gave assistance to {o}")],
    },
}

SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "{c}'s citizens"],
    "Police": ["the police in {c}", "{c}'s police"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Military": ["the military of {c}", "{c}'s military"],
    "Foreign Affairs": ["the foreign ministry of {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Militant": ["militants of {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Protester": ["protesters in {c}"],
    "Member of Parliament": ["members of parliament in {c}"],
    "Court Judge": ["a court judge in {c}"],
    "Royal Administration": ["the royal administration of {c}"],
    "Women": ["women in {c}"],
    "Men": ["men in {c}"],
    "Children": ["children in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}"],
    "Legislature": ["the legislature of {c}"],
    "Student": ["students in {c}"],
    "Labor Union": ["labour unions in {c}"],
    "Business": ["businesses in {c}"],
}
PLURAL = {
    "Citizen",
    "Police",
    "Lawyer/Attorney",
    "Criminal",
    "Militant",
    "Armed Rebel",
    "Protester",
    "Member of Parliament",
    "Women",
    "Men",
    "Children",
    "Student",
    "Labor Union",
    "Business",
}
_THE = re.compile(
    r"^(United |European |Czech Republic|Dominican Republic|Central African|Democratic Republic|Philippines|"
    r"Netherlands|Gambia|Bahamas|Middle East|Holy See|Maldives|UN |International |African Union|Association of|"
    r"World |Islamic State|"
    r"Taliban)|(Council|Union|Organization|Organisation|Party|Fund|Bank|Forces|Commission|Ministry|Assembly|Agency|"
    r"Army|Movement|Front|Parliament|Congress|Court|Nations)$"
)
_SECTOR = re.compile(r"^(.+) \((.+)\)$")

MONTHS = list(calendar.month_name)
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (3, 8): "International Women's Day",
    (4, 1): "April Fools' Day",
    (5, 1): "May Day",
    (7, 4): "the Fourth of July",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 26): "Boxing Day",
    (12, 31): "New Year's Eve",
}
SEASONS = [("spring", (3, 4, 5)), ("summer", (6, 7, 8)), ("autumn", (9, 10, 11))]
QLABEL = {
    "equal": "Single",
    "before_after": "Single",
    "first_last": "Single",
    "equal_multi": "Multiple",
    "after_first": "Multiple",
    "before_last": "Multiple",
}


def country(c: str) -> str:
    return f"the {c}" if _THE.search(c) else c


def phrasable(name: str) -> bool:
    m = _SECTOR.match(name)
    if not m:
        return "(" not in name and "/" not in name
    return m.group(1) in SECTORS and "," not in m.group(2) and m.group(2) not in {"International", "Africa", "Europe"}


def ent(name: str, rng: random.Random) -> str:
    m = _SECTOR.match(name)
    if not m:
        return country(name)
    return rng.choice(SECTORS[m.group(1)]).format(c=country(m.group(2)))


def be(name: str) -> str:
    """The verb agreeing with how ``ent`` says ``name`` ("citizens of India were", "India was")."""
    m = _SECTOR.match(name)
    return "were" if m and m.group(1) in PLURAL else "was"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


def ordinal(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def fday(d: date, rng: random.Random, year: bool = True) -> str:
    k = rng.randrange(4)
    y = f" {d.year}" if year else ""
    if k == 0:
        return f"{d.day} {MONTHS[d.month]}{y}"
    if k == 1:
        return f"{MONTHS[d.month]} {d.day}" + (f", {d.year}" if year else "")
    if k == 2:
        return f"the {ordinal(d.day)} of {MONTHS[d.month]}{y}"
    return d.isoformat() if year else f"{d.day} {MONTHS[d.month]}"


def fmonth(y: int, m: int) -> str:
    return f"{MONTHS[m]} {y}"


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


@dataclass
class Spec:
    """What a gold is: the known entity's side, relation, window, optional fixed counterpart and anchor, selection."""

    known: str  # "s" (subject known, answers are objects) or "o"
    ent: str
    rel: str
    select: str  # ents, ents_first, ents_last, days, months, years, first_day, last_day, first_month, last_month
    lo: date
    hi: date
    other: str | None = None
    exclude: str | None = None
    anchor: tuple[str, str, str] | None = None
    mode: str | None = None  # after, before, same_day, same_month, next_day


@dataclass
class KG:
    quads: list[tuple[str, str, str, date]]
    by_s: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_o: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    triple: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))
    by_day: dict[date, list[tuple[str, str, str]]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.quads:
            self.by_s[(s, r)].append((d, o))
            self.by_o[(o, r)].append((d, s))
            self.triple[(s, r, o)].append(d)
            self.by_day[d].append((s, r, o))


def read_all(store: Store) -> list[tuple[str, str, str, date]]:
    rows = store.run_values(
        "MATCH (e:Event)-[:SUBJECT]->(a:Entity) MATCH (e)-[:OBJECT]->(b:Entity) "
        "RETURN a.name AS s, e.relation AS r, b.name AS o, e.valid_from AS d"
    )
    return sorted({(r["s"], r["r"], r["o"], r["d"].to_native()) for r in rows})


def anchor_day(kg: KG, anchor: tuple[str, str, str]) -> date | None:
    days = kg.triple.get(anchor, [])
    return days[0] if len(days) == 1 else None


def window(spec: Spec, kg: KG) -> tuple[date, date] | None:
    lo, hi = spec.lo, spec.hi
    if spec.anchor is None:
        return lo, hi
    ad = anchor_day(kg, spec.anchor)
    if ad is None:
        return None
    if spec.mode == "after":
        lo = max(lo, ad + timedelta(days=1))
    elif spec.mode == "before":
        hi = min(hi, ad - timedelta(days=1))
    elif spec.mode == "same_day":
        lo, hi = max(lo, ad), min(hi, ad)
    elif spec.mode == "next_day":
        lo, hi = max(lo, ad + timedelta(days=1)), min(hi, ad + timedelta(days=1))
    elif spec.mode == "same_month":
        lo, hi = max(lo, ad.replace(day=1)), min(hi, month_end(ad.year, ad.month))
    return lo, hi


def gold(spec: Spec, kg: KG) -> list[str]:
    win = window(spec, kg)
    if win is None:
        return []
    lo, hi = win
    rows = (kg.by_s if spec.known == "s" else kg.by_o).get((spec.ent, spec.rel), [])
    hits = [(d, x) for d, x in rows if lo <= d <= hi and (spec.other is None or x == spec.other) and x != spec.exclude]
    if not hits:
        return []
    sel = spec.select
    if sel == "ents":
        return sorted({x for _, x in hits})
    if sel in ("ents_first", "ents_last"):
        pick = min(d for d, _ in hits) if sel == "ents_first" else max(d for d, _ in hits)
        return sorted({x for d, x in hits if d == pick})
    days = sorted({d for d, _ in hits})
    if sel == "days":
        return [d.isoformat() for d in days]
    if sel == "months":
        return sorted({f"{d.year:04d}-{d.month:02d}" for d in days})
    if sel == "years":
        return sorted({str(d.year) for d in days})
    d = days[0] if sel.startswith("first") else days[-1]
    return [d.isoformat()] if sel.endswith("day") else [f"{d.year:04d}-{d.month:02d}"]


_SHIFT = {
    "after": "toString(date(ad) + duration({days: 1})) AS wlo, $hi AS whi",
    "before": "$lo AS wlo, toString(date(ad) - duration({days: 1})) AS whi",
    "same_day": "ad AS wlo, ad AS whi",
    "next_day": "toString(date(ad) + duration({days: 1})) AS wlo, toString(date(ad) + duration({days: 1})) AS whi",
    "same_month": "substring(ad, 0, 7) + '-01' AS wlo, substring(ad, 0, 7) + '-31' AS whi",
}
_SELECT = {
    "ents": "RETURN collect(DISTINCT other) AS ans",
    "ents_first": "WITH other, d ORDER BY d ASC WITH collect([d, other]) AS rows "
    "RETURN [r IN rows WHERE r[0] = rows[0][0] | r[1]] AS ans",
    "ents_last": "WITH other, d ORDER BY d DESC WITH collect([d, other]) AS rows "
    "RETURN [r IN rows WHERE r[0] = rows[0][0] | r[1]] AS ans",
    "days": "RETURN collect(DISTINCT d) AS ans",
    "months": "RETURN collect(DISTINCT substring(d, 0, 7)) AS ans",
    "years": "RETURN collect(DISTINCT substring(d, 0, 4)) AS ans",
    "first_day": "WITH min(d) AS m RETURN CASE WHEN m IS NULL THEN [] ELSE [m] END AS ans",
    "last_day": "WITH max(d) AS m RETURN CASE WHEN m IS NULL THEN [] ELSE [m] END AS ans",
    "first_month": "WITH min(d) AS m RETURN CASE WHEN m IS NULL THEN [] ELSE [substring(m, 0, 7)] END AS ans",
    "last_month": "WITH max(d) AS m RETURN CASE WHEN m IS NULL THEN [] ELSE [substring(m, 0, 7)] END AS ans",
}


def check_query(spec: Spec) -> tuple[str, dict[str, Any]]:
    """The second computation: starts at the known entity, windows as date strings, anchors counted and shifted in
    Cypher, the selection aggregated in Cypher."""
    params: dict[str, Any] = {
        "ent": spec.ent,
        "rel": spec.rel,
        "lo": spec.lo.isoformat(),
        "hi": spec.hi.isoformat(),
        "other": spec.other,
        "excl": spec.exclude,
    }
    if spec.anchor is None:
        head = "WITH $lo AS wlo, $hi AS whi "
    else:
        params.update(a_s=spec.anchor[0], a_r=spec.anchor[1], a_o=spec.anchor[2])
        head = (
            "MATCH (ax:Entity {name: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ay:Entity {name: $a_o}) "
            "WHERE a.relation = $a_r WITH collect(toString(a.valid_from)) AS ads WHERE size(ads) = 1 "
            f"WITH ads[0] AS ad WITH {_SHIFT[spec.mode or '']} "
            "WITH CASE WHEN wlo < $lo THEN $lo ELSE wlo END AS wlo, CASE WHEN whi > $hi THEN $hi ELSE whi END AS whi "
        )
    if spec.known == "s":
        pat = "MATCH (k:Entity {name: $ent})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(t:Entity) "
    else:
        pat = "MATCH (k:Entity {name: $ent})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(t:Entity) "
    body = (
        "WHERE e.relation = $rel WITH t.name AS other, toString(e.valid_from) AS d, wlo, whi "
        "WHERE d >= wlo AND d <= whi AND ($other IS NULL OR other = $other) AND ($excl IS NULL OR other <> $excl) "
    )
    return head + pat + body + _SELECT[spec.select], params


def check(store: Store, spec: Spec) -> list[str]:
    query, params = check_query(spec)
    rows = store.run_values(query, params)
    return sorted({a for row in rows for a in row["ans"] if a is not None})


# --------------------------------------------------------------------------------------------- question builders
@dataclass
class Ctx:
    kg: KG
    rng: random.Random
    lo: date
    hi: date
    store: str
    pool: list[tuple[str, str, str, date]]


def forms(rel: str, rng: random.Random) -> tuple[str, str]:
    base, past = rng.choice(REL[rel]["v"])
    return base, past


def strip(form: str) -> str:
    return form.replace(" {o}", "")


def clause(s: str, rel: str, o: str, rng: random.Random) -> str:
    """An anchor event said as a clause or (sometimes) a noun phrase."""
    noun = REL[rel].get("noun")
    if noun and "(" not in s and rng.random() < 0.35:
        return "NOUN:" + noun.format(s=ent(s, rng), o=ent(o, rng))
    return f"{ent(s, rng)} {forms(rel, rng)[1].format(o=ent(o, rng))}"


def bare(c: str, lead: str, noun_lead: str = "") -> str:
    """A noun-phrase anchor behind ``noun_lead``; a clause anchor behind ``lead`` ("the moment ", "the day ")."""
    return noun_lead + c[5:] if c.startswith("NOUN:") else lead + c


def after_anchor(c: str) -> str:
    return f"after {c[5:]}" if c.startswith("NOUN:") else f"after {c}"


def before_anchor(c: str) -> str:
    return f"before {c[5:]}" if c.startswith("NOUN:") else f"before {c}"


def scope_text(ctx: Ctx, d: date) -> tuple[str, date, date, str]:
    """A period around d that the wording names (mtq: always a part of 2014-2015)."""
    k = ctx.rng.randrange(4)
    y = d.year
    if k == 0 or (ctx.store == "bench" and k == 3):
        return f"in {y}", date(y, 1, 1), date(y, 12, 31), "year"
    if k == 1:
        h = 0 if d.month <= 6 else 1
        lo, hi = date(y, 1 + 6 * h, 1), month_end(y, 6 + 6 * h)
        return (
            f"in the {'first' if h == 0 else 'second'} half of {y} ({MONTHS[lo.month]} to {MONTHS[hi.month]})",
            lo,
            hi,
            "half",
        )
    if k == 2:
        q = (d.month - 1) // 3
        lo, hi = date(y, 3 * q + 1, 1), month_end(y, 3 * q + 3)
        return (
            f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y} "
            f"({MONTHS[lo.month]} through {MONTHS[hi.month]})",
            lo,
            hi,
            "quarter",
        )
    return "over the whole of 2014 and 2015", ctx.lo, ctx.hi, "two_years"


Built = tuple[str, Spec, str, str, str, str]  # question, spec, construction, qtype, answer_type, time_level


def b_equal_day(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    base, past = forms(r, rng)
    if rng.random() < 0.5:
        spec = Spec("s", s, r, "ents", d, d)
        S = ent(s, rng)
        day = fday(d, rng)
        k = rng.randrange(3)
        q = [
            f"Who did {S} {strip(base)} on {day}?",
            f"On {day}, who did {S} {strip(base)}?",
            f"Tell me the parties {S} {strip(past)} on {day}.",
        ][k]
        return q, spec, ["day_end", "day_fronted", "imperative_day"][k], "equal", "entity", "day"
    spec = Spec("o", o, r, "ents", d, d)
    obj = ent(o, rng)
    day = fday(d, rng)
    pas = REL[r].get("pas")
    if pas and rng.random() < 0.5:
        q = f"On {day}, {obj} {be(o)} {pas} by whom?"
        return q, spec, "passive_day_fronted", "equal", "entity", "day"
    q = f"Which actors {past.format(o=obj)} on {day}?"
    return q, spec, "which_actors_day", "equal", "entity", "day"


def b_named_day(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    prev = d - timedelta(days=1)
    nxt = d + timedelta(days=1)
    if (d.month, d.day) in NAMED_DAYS:
        where, cons = f"on {NAMED_DAYS[(d.month, d.day)]} {d.year} ({d.day} {MONTHS[d.month]})", "named_day"
    elif (prev.month, prev.day) in NAMED_DAYS:
        where, cons = (
            f"on the day after {NAMED_DAYS[(prev.month, prev.day)]} {prev.year} (that is, {d.day} {MONTHS[d.month]})",
            "day_after_named",
        )
    elif (nxt.month, nxt.day) in NAMED_DAYS and nxt.year == d.year:
        where, cons = (
            f"the day before {NAMED_DAYS[(nxt.month, nxt.day)]} {nxt.year} ({d.day} {MONTHS[d.month]})",
            "day_before_named",
        )
        where = "on " + where
    else:
        return None
    base, past = forms(r, rng)
    if rng.random() < 0.5:
        return (
            f"{cap(where)}, who did {ent(s, rng)} {strip(base)}?",
            Spec("s", s, r, "ents", d, d),
            cons,
            "equal",
            "entity",
            "day",
        )
    return f"Who {past.format(o=ent(o, rng))} {where}?", Spec("o", o, r, "ents", d, d), cons, "equal", "entity", "day"


def b_equal_month(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    lo, hi = d.replace(day=1), month_end(d.year, d.month)
    base, past = forms(r, rng)
    mon = fmonth(d.year, d.month)
    k = rng.randrange(4)
    if k == 0:
        return (
            f"Which parties did {ent(s, rng)} {strip(base)} in {mon}?",
            Spec("s", s, r, "ents", lo, hi),
            "month_end",
            "equal",
            "entity",
            "month",
        )
    if k == 1:
        return (
            f"Name everyone {ent(s, rng)} {strip(past)} during {mon}.",
            Spec("s", s, r, "ents", lo, hi),
            "imperative_month",
            "equal",
            "entity",
            "month",
        )
    if k == 2:
        return (
            f"In {mon}, who {past.format(o=ent(o, rng))}?",
            Spec("o", o, r, "ents", lo, hi),
            "month_fronted",
            "equal",
            "entity",
            "month",
        )
    pas = REL[r].get("pas")
    if not pas:
        return None
    return (
        f"{cap(ent(o, rng))} {be(o)} {pas} by whom in {mon}?",
        Spec("o", o, r, "ents", lo, hi),
        "passive_month",
        "equal",
        "entity",
        "month",
    )


def b_equal_year(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
    base, past = forms(r, rng)
    if rng.random() < 0.5:
        return (
            f"Over the course of {d.year}, who {past.format(o=ent(o, rng))}?",
            Spec("o", o, r, "ents", lo, hi),
            "year_fronted",
            "equal",
            "entity",
            "year",
        )
    return (
        f"Who did {ent(s, rng)} {strip(base)} at some point in {d.year}?",
        Spec("s", s, r, "ents", lo, hi),
        "year_end",
        "equal",
        "entity",
        "year",
    )


def b_window(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    k = rng.randrange(5)
    y = d.year
    if k == 0:
        n = rng.choice([3, 5, 7, 10])
        lo = d - timedelta(days=rng.randrange(n))
        hi = lo + timedelta(days=n - 1)
        if lo < ctx.lo or hi > ctx.hi:
            return None
        span = (
            f"{lo.day} {MONTHS[lo.month]} and {hi.day} {MONTHS[hi.month]} {hi.year}"
            if lo.year == hi.year
            else f"{lo.day} {MONTHS[lo.month]} {lo.year} and {hi.day} {MONTHS[hi.month]} {hi.year}"
        )
        text, cons, lvl = f"in the {n} days between {span} (both days included)", "n_day_window", "day"
    elif k == 1:
        q = (d.month - 1) // 3
        lo, hi = date(y, 3 * q + 1, 1), month_end(y, 3 * q + 3)
        nth = ["first", "second", "third", "fourth"][q]
        text = f"in the {nth} quarter of {y} (that is, {MONTHS[lo.month]} to {MONTHS[hi.month]})"
        cons, lvl = "quarter", "month"
    elif k == 2:
        h = 0 if d.month <= 6 else 1
        lo, hi = date(y, 1 + 6 * h, 1), month_end(y, 6 + 6 * h)
        text, cons, lvl = (
            f"during the {'first' if h == 0 else 'second'} half of {y} ({MONTHS[lo.month]}-{MONTHS[hi.month]})",
            "half",
            "month",
        )
    elif k == 3:
        season = [sn for sn in SEASONS if d.month in sn[1]]
        if not season:
            return None
        name, months = season[0]
        lo, hi = date(y, months[0], 1), month_end(y, months[-1])
        text = f"in the {name} of {y} ({MONTHS[months[0]]}, {MONTHS[months[1]]} and {MONTHS[months[2]]})"
        cons, lvl = "season", "month"
    else:
        lo = d - timedelta(days=rng.randrange(0, 12))
        hi = d + timedelta(days=rng.randrange(0, 12))
        if lo < ctx.lo or hi > ctx.hi:
            return None
        text = f"from {fday(lo, rng)} through {fday(hi, rng)}"
        cons, lvl = "from_through", "day"
    base, past = forms(r, rng)
    if rng.random() < 0.5:
        m = rng.randrange(2)
        qtext = [
            f"Who did {ent(s, rng)} {strip(base)} {text}?",
            f"{cap(text)}, which parties did {ent(s, rng)} {strip(base)}?",
        ][m]
        return qtext, Spec("s", s, r, "ents", lo, hi), cons, "equal", "entity", lvl
    return (
        f"Name the actors that {past.format(o=ent(o, rng))} {text}.",
        Spec("o", o, r, "ents", lo, hi),
        cons,
        "equal",
        "entity",
        lvl,
    )


def b_when(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    base, past = forms(r, rng)
    S, act = ent(s, rng), base.format(o=ent(o, rng))
    k = rng.randrange(5)
    y = d.year
    ylo, yhi = date(y, 1, 1), date(y, 12, 31)
    if k == 0:
        return (
            f"In {y}, on what date did {S} {act}?",
            Spec("s", s, r, "days", ylo, yhi, other=o),
            "when_day_year_fronted",
            "equal",
            "time",
            "day",
        )
    if k == 1:
        mon = fmonth(y, d.month)
        return (
            f"Which day of {mon} did {S} {act}?",
            Spec("s", s, r, "days", d.replace(day=1), month_end(y, d.month), other=o),
            "which_day_of_month",
            "equal",
            "time",
            "day",
        )
    if k == 2:
        return (
            f"Which month of {y} saw {S} {act}?",
            Spec("s", s, r, "months", ylo, yhi, other=o),
            "month_as_subject",
            "equal",
            "time",
            "month",
        )
    if k == 3:
        return (
            f"Tell me the month in {y} when {S} {past.format(o=ent(o, rng))}.",
            Spec("s", s, r, "months", ylo, yhi, other=o),
            "imperative_when_month",
            "equal",
            "time",
            "month",
        )
    if ctx.store != "mtq":
        return None
    return (
        f"In which year, 2014 or 2015, did {S} {act}?",
        Spec("s", s, r, "years", ctx.lo, ctx.hi, other=o),
        "which_year_of_two",
        "equal",
        "time",
        "year",
    )


def b_first_last(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    base, past = forms(r, rng)
    text, lo, hi, scons = scope_text(ctx, d)
    first = rng.random() < 0.5
    fl = "first" if first else "last"
    k = rng.randrange(6)
    if k == 0:
        return (
            f"Who was the {fl} to {base.format(o=ent(o, rng))} {text}?",
            Spec("o", o, r, f"ents_{fl}", lo, hi),
            f"{fl}_to_{scons}",
            "first_last",
            "entity",
            "day",
        )
    if k == 1:
        return (
            f"{cap(text)}, whom did {ent(s, rng)} {strip(base)} {fl}?",
            Spec("s", s, r, f"ents_{fl}", lo, hi),
            f"scope_fronted_{fl}_obj_{scons}",
            "first_last",
            "entity",
            "day",
        )
    S, act = ent(s, rng), base.format(o=ent(o, rng))
    if k == 2:
        return (
            f"When did {S} {fl} {act} {text}?",
            Spec("s", s, r, f"{fl}_day", lo, hi, other=o),
            f"when_{fl}_{scons}",
            "first_last",
            "time",
            "day",
        )
    if k == 3:
        return (
            f"{cap(text)}, on which date did {S} {act} for the {fl} time?",
            Spec("s", s, r, f"{fl}_day", lo, hi, other=o),
            f"date_{fl}_time_{scons}",
            "first_last",
            "time",
            "day",
        )
    if k == 4:
        if scons == "quarter" and rng.random() < 0.5:
            return None
        return (
            f"In which month did {S} {act} for the {fl} time {text}?",
            Spec("s", s, r, f"{fl}_month", lo, hi, other=o),
            f"month_{fl}_time_{scons}",
            "first_last",
            "time",
            "month",
        )
    return (
        f"Which month saw the {fl} occasion {text} on which {S} {past.format(o=ent(o, rng))}?",
        Spec("s", s, r, f"{fl}_month", lo, hi, other=o),
        f"month_as_subject_{fl}_{scons}",
        "first_last",
        "time",
        "month",
    )


def b_before_after_date(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    base, past = forms(r, rng)
    gap = timedelta(days=rng.randrange(1, 40))
    if rng.random() < 0.5:
        pivot = d - gap
        if pivot < ctx.lo:
            return None
        lo, hi = pivot + timedelta(days=1), ctx.hi
        if rng.random() < 0.5:
            return (
                f"After {fday(pivot, rng)}, who did {ent(s, rng)} {strip(base)}?",
                Spec("s", s, r, "ents", lo, hi),
                "after_date_fronted",
                "before_after",
                "entity",
                "day",
            )
        return (
            f"Which parties {past.format(o=ent(o, rng))} at any time after {fday(pivot, rng)}?",
            Spec("o", o, r, "ents", lo, hi),
            "after_date_end",
            "before_after",
            "entity",
            "day",
        )
    pivot = d + gap
    if pivot.year != d.year:
        return None
    lo, hi = date(d.year, 1, 1), pivot - timedelta(days=1)
    if rng.random() < 0.5:
        return (
            f"In {d.year}, before {fday(pivot, rng, year=False)}, who did {ent(s, rng)} {strip(base)}?",
            Spec("s", s, r, "ents", lo, hi),
            "before_date_year_scoped",
            "before_after",
            "entity",
            "day",
        )
    return (
        f"Who {past.format(o=ent(o, rng))} earlier in {d.year} than {fday(pivot, rng, year=False)}?",
        Spec("o", o, r, "ents", lo, hi),
        "earlier_than_date",
        "before_after",
        "entity",
        "day",
    )


def pick_anchor(ctx: Ctx, f: tuple[str, str, str, date], want: str) -> tuple[tuple[str, str, str], date] | None:
    """A unique (whole-store) event sharing an entity with f, dated per ``want`` relative to f."""
    s, r, o, d = f
    rng = ctx.rng
    cands = []
    for delta in range(-40, 41):
        day = d + timedelta(days=delta)
        if not (ctx.lo <= day <= ctx.hi):
            continue
        if (want == "earlier" and day >= d) or (want == "later" and day <= d) or (want == "same" and day != d):
            continue
        if want == "same_month" and (day.month != d.month or day.year != d.year or day == d):
            continue
        for t in ctx.kg.by_day.get(day, []):
            if t == (s, r, o) or t[1] not in REL or not (phrasable(t[0]) and phrasable(t[2])):
                continue
            if {t[0], t[2]} & {s, o} and len(ctx.kg.triple[t]) == 1:
                cands.append((t, day))
    if not cands:
        return None
    return rng.choice(cands)


def b_before_after_event(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, _d = f
    rng = ctx.rng
    after = rng.random() < 0.55
    a = pick_anchor(ctx, f, "earlier" if after else "later")
    if a is None:
        return None
    (as_, ar, ao), ad = a
    cl = clause(as_, ar, ao, rng)
    base, past = forms(r, rng)
    if after:
        spec = Spec("s", s, r, "ents", ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode="after")
        if rng.random() < 0.5:
            return (
                f"Who did {ent(s, rng)} {strip(base)} {after_anchor(cl)}?",
                spec,
                "after_event_end",
                "before_after",
                "entity",
                "day",
            )
        spec = Spec("o", o, r, "ents", ctx.lo, ctx.hi, anchor=(as_, ar, ao), mode="after")
        return (
            f"{cap(after_anchor(cl))}, which actors {past.format(o=ent(o, rng))}?",
            spec,
            "after_event_fronted",
            "before_after",
            "entity",
            "day",
        )
    lo = date(ad.year, 1, 1)
    if rng.random() < 0.5:
        spec = Spec("s", s, r, "ents", lo, ctx.hi, anchor=(as_, ar, ao), mode="before")
        return (
            f"In {ad.year}, {before_anchor(cl)}, who did {ent(s, rng)} {strip(base)}?",
            spec,
            "before_event_year_scoped",
            "before_after",
            "entity",
            "day",
        )
    spec = Spec("o", o, r, "ents", lo, ctx.hi, anchor=(as_, ar, ao), mode="before")
    return (
        f"Who {past.format(o=ent(o, rng))} in {ad.year} {before_anchor(cl)}?",
        spec,
        "before_event_in_year",
        "before_after",
        "entity",
        "day",
    )


def b_after_first(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, _d = f
    rng = ctx.rng
    a = pick_anchor(ctx, f, "earlier")
    if a is None:
        return None
    (as_, ar, ao), _ = a
    cl = clause(as_, ar, ao, rng)
    base, _past = forms(r, rng)
    anc = (as_, ar, ao)
    k = rng.randrange(4)
    if k == 0:
        return (
            f"{cap(after_anchor(cl))}, who was the first to {base.format(o=ent(o, rng))}?",
            Spec("o", o, r, "ents_first", ctx.lo, ctx.hi, anchor=anc, mode="after"),
            "after_first_subject",
            "after_first",
            "entity",
            "day",
        )
    if k == 1:
        return (
            f"Who did {ent(s, rng)} {strip(base)} next, {after_anchor(cl)}?",
            Spec("s", s, r, "ents_first", ctx.lo, ctx.hi, anchor=anc, mode="after"),
            "next_object",
            "after_first",
            "entity",
            "day",
        )
    if k == 2:
        return (
            f"Following {bare(cl, 'the moment ')}, which party was next to {base.format(o=ent(o, rng))}?",
            Spec("o", o, r, "ents_first", ctx.lo, ctx.hi, anchor=anc, mode="after"),
            "next_to_subject",
            "after_first",
            "entity",
            "day",
        )
    return (
        f"{cap(after_anchor(cl))}, when did {ent(s, rng)} next {base.format(o=ent(o, rng))}?",
        Spec("s", s, r, "first_day", ctx.lo, ctx.hi, other=o, anchor=anc, mode="after"),
        "when_next",
        "after_first",
        "time",
        "day",
    )


def b_before_last(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, _d = f
    rng = ctx.rng
    a = pick_anchor(ctx, f, "later")
    if a is None:
        return None
    (as_, ar, ao), ad = a
    cl = clause(as_, ar, ao, rng)
    base, past = forms(r, rng)
    anc = (as_, ar, ao)
    lo = date(ad.year, 1, 1) if ctx.store == "mtq" else ctx.lo
    yr = f" in {ad.year}" if ctx.store == "mtq" else ""
    k = rng.randrange(4)
    if k == 0:
        return (
            f"Who was the last to {base.format(o=ent(o, rng))}{yr} {before_anchor(cl)}?",
            Spec("o", o, r, "ents_last", lo, ctx.hi, anchor=anc, mode="before"),
            "last_before_subject",
            "before_last",
            "entity",
            "day",
        )
    if k == 1:
        return (
            f"Just {before_anchor(cl)}, who was the last party {ent(s, rng)} {strip(past)}{yr}?",
            Spec("s", s, r, "ents_last", lo, ctx.hi, anchor=anc, mode="before"),
            "last_party_object",
            "before_last",
            "entity",
            "day",
        )
    if k == 2:
        return (
            f"Which party most recently {past.format(o=ent(o, rng))}{yr} prior to {bare(cl, 'the moment ')}?",
            Spec("o", o, r, "ents_last", lo, ctx.hi, anchor=anc, mode="before"),
            "most_recently_prior",
            "before_last",
            "entity",
            "day",
        )
    return (
        f"{cap(before_anchor(cl))}, when did {ent(s, rng)} last {base.format(o=ent(o, rng))}{yr}?",
        Spec("s", s, r, "last_day", lo, ctx.hi, other=o, anchor=anc, mode="before"),
        "when_last_before",
        "before_last",
        "time",
        "day",
    )


def b_equal_multi(ctx: Ctx, f: tuple[str, str, str, date]) -> Built | None:
    s, r, o, d = f
    rng = ctx.rng
    k = rng.randrange(4)
    base, past = forms(r, rng)
    if k == 2:
        if len(ctx.kg.triple[(s, r, o)]) != 1:
            return None
        return (
            f"Besides {ent(s, rng)}, who else {past.format(o=ent(o, rng))} in the same month as {ent(s, rng)} did?",
            Spec("o", o, r, "ents", ctx.lo, ctx.hi, exclude=s, anchor=(s, r, o), mode="same_month"),
            "who_else_same_month",
            "equal_multi",
            "entity",
            "month",
        )
    if k == 3:
        a = pick_anchor(ctx, f, "earlier")
        if a is None or a[1] != d - timedelta(days=1):
            return None
        cl = clause(a[0][0], a[0][1], a[0][2], rng)
        return (
            f"On the day after {bare(cl, '')}, who {past.format(o=ent(o, rng))}?",
            Spec("o", o, r, "ents", ctx.lo, ctx.hi, anchor=a[0], mode="next_day"),
            "day_after_event",
            "equal_multi",
            "entity",
            "day",
        )
    a = pick_anchor(ctx, f, "same" if k == 0 else "same_month")
    if a is None:
        return None
    cl = clause(a[0][0], a[0][1], a[0][2], rng)
    if k == 0:
        if rng.random() < 0.5:
            return (
                f"On the same day {bare(cl, 'that ', 'as ')}, who did {ent(s, rng)} {strip(base)}?",
                Spec("s", s, r, "ents", ctx.lo, ctx.hi, anchor=a[0], mode="same_day"),
                "same_day_as_event",
                "equal_multi",
                "entity",
                "day",
            )
        return (
            f"Who {past.format(o=ent(o, rng))} on the very day of {bare(cl, 'the occasion when ')}?",
            Spec("o", o, r, "ents", ctx.lo, ctx.hi, anchor=a[0], mode="same_day"),
            "very_day_relative",
            "equal_multi",
            "entity",
            "day",
        )
    if rng.random() < 0.5:
        return (
            f"In the same month as {bare(cl, 'the one in which ')}, which parties did {ent(s, rng)} {strip(base)}?",
            Spec("s", s, r, "ents", ctx.lo, ctx.hi, anchor=a[0], mode="same_month"),
            "same_month_as_event",
            "equal_multi",
            "entity",
            "month",
        )
    return (
        f"Which actors {past.format(o=ent(o, rng))} during the month of {bare(cl, 'the occasion when ')}?",
        Spec("o", o, r, "ents", ctx.lo, ctx.hi, anchor=a[0], mode="same_month"),
        "month_in_which",
        "equal_multi",
        "entity",
        "month",
    )


# (builder, share of the set)
PLAN = [
    (b_equal_day, 0.12),
    (b_named_day, 0.05),
    (b_equal_month, 0.09),
    (b_equal_year, 0.04),
    (b_window, 0.12),
    (b_when, 0.12),
    (b_first_last, 0.16),
    (b_before_after_date, 0.06),
    (b_before_after_event, 0.06),
    (b_after_first, 0.07),
    (b_before_last, 0.06),
    (b_equal_multi, 0.08),
]


def ambiguous_edge(spec: Spec, kg: KG, answers: list[str]) -> bool:
    """Anchored before/after questions whose gold would change if the anchor's own day counted."""
    if spec.mode not in ("after", "before") or spec.select not in (
        "ents",
        "ents_first",
        "ents_last",
        "first_day",
        "last_day",
    ):
        return False
    ad = anchor_day(kg, spec.anchor) if spec.anchor else None
    if ad is None:
        return True
    rows = (kg.by_s if spec.known == "s" else kg.by_o).get((spec.ent, spec.rel), [])
    same = [x for d, x in rows if d == ad and (spec.other is None or x == spec.other)]
    return bool(same)


def build(store: Store, name: str, seed: int) -> tuple[list[dict[str, Any]], Counter[str]]:
    conf = STORES[name]
    kg = KG(read_all(store))
    rng = random.Random(seed)
    pool = [
        q for q in kg.quads if conf["lo"] <= q[3] <= conf["hi"] and q[1] in REL and phrasable(q[0]) and phrasable(q[2])
    ]
    named_pool = [
        q
        for q in pool
        if any(((q[3] + timedelta(days=k)).month, (q[3] + timedelta(days=k)).day) in NAMED_DAYS for k in (-1, 0, 1))
    ]
    ctx = Ctx(kg, rng, conf["lo"], conf["hi"], name, pool)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats: Counter[str] = Counter()
    target = conf["target"]
    for builder, share in PLAN:
        want = max(1, round(share * target))
        got, tries = 0, 0
        while got < want and tries < 4000:
            tries += 1
            f = rng.choice(named_pool if builder is b_named_day else pool)
            built = builder(ctx, f)
            if built is None:
                continue
            question, spec, cons, qtype, atype, level = built
            answers = gold(spec, kg)
            if not answers or len(answers) > MAX_GOLD or question in seen or ambiguous_edge(spec, kg, answers):
                continue
            if cons == "which_year_of_two" and len(answers) != 1:
                continue
            second = check(store, spec)
            agrees = second == answers
            if not agrees:
                stats["dropped_check_disagrees"] += 1
                continue
            seen.add(question)
            got += 1
            quid = f"{conf['prefix']}{len(out) + 1:03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": question,
                    "answers": answers,
                    "answer_type": atype,
                    "time_level": level,
                    "qtype": qtype,
                    "qlabel": QLABEL[qtype],
                    "evidence": [],
                    "construction": cons,
                    "store": name,
                    "check": f"Cypher from {spec.ent!r}'s {'subject' if spec.known == 's' else 'object'} side, "
                    f"string-compared window, {spec.select} aggregated in Cypher"
                    + (f", anchor counted and shifted ({spec.mode}) in Cypher" if spec.anchor else ""),
                    "check_agrees": agrees,
                }
            )
    return out, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    try:
        rows, stats = build(store, args.store, args.seed)
    finally:
        store.close()
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{args.out.name}: {len(rows)} questions; {dict(stats)}")
    print(dict(Counter(r["construction"] for r in rows)))


if __name__ == "__main__":
    main()
