"""Blind held-out question set 32: MultiTQ-style questions over the `mtq` (ICEWS05-15, asked only about 2014-2015)
and `bench` (ICEWS14) stores, phrased without looking at the reader, with gold computed from the whole store.

Why: an honest figure of the symbolic temporal reader on phrasings it was never tuned on. Each gold is computed twice:
in Python over one read of every (subject, relation, object, day), and again by a differently written Cypher query per
question (matched by entity key from the fixed side, windows as Neo4j dates, anchors resolved and checked for
uniqueness in Cypher, first/last aggregated in Cypher). Questions whose two golds disagree are dropped.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_32.py --store mtq --out <work>/notes/heldout/v32/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
        python benchmarks/make_blind_phrasings_32.py --store bench --out <work>/notes/heldout/v32/blind_icews14.jsonl

Deterministic: seed 20261232, every candidate list sorted before sampling; a rerun writes byte-identical files.
Read only: the driver is opened directly (no schema is applied) and every session is a READ session.
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from neo4j import GraphDatabase

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261232
MAX_GOLD = 5

# relation -> (past tense with {o}, base form with {o}, passive participle or None, noun form with {s} {o} or None)
REL: dict[str, tuple[str, str, str | None, str | None]] = {
    "Make_statement": ("made a statement about {o}", "make a statement about {o}", None, "{s}'s statement on {o}"),
    "Consult": ("held consultations with {o}", "consult {o}", "consulted", "{s}'s consultations with {o}"),
    "Express_intent_to_meet_or_negotiate": (
        "signalled willingness to meet or negotiate with {o}",
        "signal willingness to meet or negotiate with {o}",
        None,
        None,
    ),
    "Make_an_appeal_or_request": ("appealed to {o}", "make an appeal to {o}", None, "{s}'s appeal to {o}"),
    "Host_a_visit": ("hosted {o} on a visit", "host {o}", "hosted", None),
    "Make_a_visit": ("visited {o}", "visit {o}", "visited", "{s}'s visit to {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested, detained or charged {o}",
        "arrest, detain or charge {o}",
        "arrested, detained or charged",
        None,
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}", "praised", "{s}'s praise of {o}"),
    "Criticize_or_denounce": ("criticized {o}", "criticize {o}", "criticized", "{s}'s criticism of {o}"),
    "Accuse": ("accused {o}", "accuse {o}", "accused", "{s}'s accusation against {o}"),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}", None, "{s}'s negotiations with {o}"),
    "Use_conventional_military_force": (
        "used conventional military force against {o}",
        "use military force against {o}",
        None,
        None,
    ),
    "Sign_formal_agreement": (
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        None,
        "the signing of a formal agreement by {s} with {o}",
    ),
    "Engage_in_diplomatic_cooperation": (
        "engaged in diplomatic cooperation with {o}",
        "cooperate diplomatically with {o}",
        None,
        None,
    ),
    "Express_intent_to_cooperate": (
        "expressed an intent to cooperate with {o}",
        "voice an intention to cooperate with {o}",
        None,
        None,
    ),
    "Demand": ("made a demand of {o}", "make demands of {o}", None, "{s}'s demand to {o}"),
    "Investigate": ("investigated {o}", "investigate {o}", "investigated", "{s}'s investigation of {o}"),
    "Reject": ("rejected {o}", "reject {o}", "rejected", None),
    "Make_optimistic_comment": (
        "made optimistic remarks about {o}",
        "speak optimistically about {o}",
        None,
        None,
    ),
    "Discuss_by_telephone": ("spoke by telephone with {o}", "phone {o}", "phoned", "{s}'s phone call with {o}"),
    "Make_pessimistic_comment": ("voiced pessimism about {o}", "comment pessimistically on {o}", None, None),
    "Threaten": ("threatened {o}", "threaten {o}", "threatened", "{s}'s threat against {o}"),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "called on {o} for diplomatic cooperation",
        "ask {o} for diplomatic cooperation",
        None,
        None,
    ),
    "Meet_at_a_'third'_location": (
        "met {o} at a third location",
        "meet {o} at a third location",
        None,
        None,
    ),
    "Provide_humanitarian_aid": (
        "provided humanitarian aid to {o}",
        "give humanitarian aid to {o}",
        None,
        None,
    ),
    "Make_empathetic_comment": ("expressed sympathy for {o}", "express sympathy for {o}", None, None),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "expressed an intent to engage in diplomatic cooperation with {o}",
        "signal an intent to cooperate diplomatically with {o}",
        None,
        None,
    ),
    "Provide_aid": ("provided aid to {o}", "provide aid to {o}", None, None),
    "Impose_embargo,_boycott,_or_sanctions": (
        "imposed an embargo, boycott or sanctions on {o}",
        "impose sanctions, an embargo or a boycott on {o}",
        None,
        None,
    ),
    "Use_unconventional_violence": (
        "used unconventional violence against {o}",
        "use unconventional violence against {o}",
        None,
        None,
    ),
    "Physically_assault": ("physically assaulted {o}", "physically assault {o}", "physically assaulted", None),
    "Cooperate_economically": ("cooperated economically with {o}", "cooperate economically with {o}", None, None),
    "Reduce_or_break_diplomatic_relations": (
        "reduced or broke off diplomatic relations with {o}",
        "reduce or break diplomatic relations with {o}",
        None,
        None,
    ),
}

ROLE = {
    "Citizen": ["citizens of {c}", "the citizens of {c}"],
    "Police": ["the police of {c}", "{c}'s police"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "{c}'s government"],
    "Military": ["the military of {c}", "{c}'s military"],
    "Foreign Affairs": ["the foreign affairs officials of {c}", "{c}'s foreign affairs officials"],
    "Protester": ["protesters in {c}", "protesters of {c}"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Militant": ["militants in {c}"],
    "Media": ["the media in {c}", "{c}'s media"],
    "Business": ["the business community of {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s defence and security ministry"],
    "Member of Parliament": ["members of parliament of {c}"],
    "Lawyer/Attorney": ["lawyers in {c}"],
    "Criminal": ["criminals in {c}"],
    "Opposition Activist": ["opposition activists in {c}"],
    "Court Judge": ["a court judge in {c}"],
}
THE_WORDS = (
    "United",
    "European Union",
    "Philippines",
    "Netherlands",
    "Czech Republic",
    "Democratic Republic",
    "Central African Republic",
    "Dominican Republic",
    "Occupied Palestinian",
    "Taliban",
    "Holy See",
    "Middle East",
    "Gambia",
    "Maldives",
    "Bahamas",
)
THE_CONTAINS = (
    "Party",
    "Council",
    "Ministry",
    "Court",
    "Committee",
    "Commission",
    "Organization",
    "Union",
    "Assembly",
    "Congress",
    "Agency",
    "Bank",
    "Army",
    "Senate",
    "Parliament",
    "Front",
    "Movement",
    "Association",
    "Federation",
    "Office",
    "Department",
    "Fund",
    "Brotherhood",
    "Forces",
    "Community",
    "Defence Force",
    "Police Force",
)
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
NAMED_DAYS = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "05-01": "May Day",
    "07-04": "the Fourth of July",
    "10-31": "Halloween",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
}
ORD = {1: "first", 2: "second", 3: "third", 4: "fourth"}


# parenthesised "countries" that are no place a person would name ("Militant (Taliban)", "Citizen (International)")
NOT_PLACES = {"Taliban", "International", "Unidentified State Actor"}
PLURAL = ("citizens", "the citizens", "protesters", "armed rebels", "militants", "lawyers", "criminals", "members")


def be(phrase: str) -> str:
    """'was' or 'were' for the entity phrase (the sector groups are plural)."""
    low = phrase.lower()
    return (
        "were"
        if low.startswith(PLURAL) or low.endswith(("officials", "officials of")) or " officials " in low
        else "was"
    )


def country(c: str) -> str:
    return f"the {c}" if c.startswith(THE_WORDS) or any(w in c for w in THE_CONTAINS) else c


def ent_forms(name: str) -> list[str]:
    """How a person would name the entity; [] when no natural phrasing is known (the entity is then never asked
    about, only answered)."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if m:
        role, c = m.group(1), m.group(2)
        if role not in ROLE or "(" in c or c in NOT_PLACES:
            return []
        cp = country(c)
        return [f.replace("{c}'s", cp + ("'" if cp.endswith("s") else "'s")).format(c=cp) for f in ROLE[role]]
    if "(" in name or "/" in name:
        return []
    return [country(name)]


def d_words(d: str, style: int) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:10])
    suffix = "th" if 11 <= dd <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
    return [
        f"{dd} {MONTHS[m - 1]} {y}",
        f"{MONTHS[m - 1]} {dd}, {y}",
        f"the {dd}{suffix} of {MONTHS[m - 1]} {y}",
        d,
    ][style % 4]


def m_words(ym: str, style: int) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    return [f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}", f"{MONTHS[m - 1]} {y}"][style % 3]


def add_days(d: str, n: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=n)).isoformat()


def month_end(ym: str) -> str:
    y, m = int(ym[:4]), int(ym[5:7])
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


@dataclass(frozen=True)
class StoreSpec:
    name: str
    prefix: str
    lo: str  # first day a question may ask about
    hi: str
    years: tuple[int, ...]
    targets: dict[str, int]


STORES = {
    "mtq": StoreSpec(
        "mtq",
        "b32m",
        "2014-01-01",
        "2015-12-31",
        (2014, 2015),
        {
            "ent_day": 8,
            "obj_day": 4,
            "ent_month": 7,
            "ent_year": 4,
            "window": 12,
            "named_day": 3,
            "time_day": 6,
            "time_month": 6,
            "time_year": 3,
            "ba_date": 8,
            "ba_event": 6,
            "first_ent": 6,
            "first_time": 7,
            "after_first": 6,
            "before_last": 6,
            "multi": 7,
            "relative": 4,
            "ellipsis": 3,
        },
    ),
    "bench": StoreSpec(
        "bench",
        "b32i",
        "2014-01-01",
        "2014-12-31",
        (2014,),
        {
            "ent_day": 6,
            "obj_day": 3,
            "ent_month": 5,
            "window": 8,
            "named_day": 2,
            "time_day": 5,
            "time_month": 4,
            "ba_date": 5,
            "ba_event": 4,
            "first_ent": 4,
            "first_time": 5,
            "after_first": 4,
            "before_last": 4,
            "multi": 5,
            "relative": 3,
            "ellipsis": 2,
        },
    ),
}


class KG:
    """Every (subject, relation, object, day) of the store, read once, with the indexes the generators use."""

    def __init__(self, rows: list[tuple[str, str, str, str, str, str]]) -> None:
        self.key: dict[str, str] = {}
        facts: set[tuple[str, str, str, str]] = set()
        for sk, sn, r, ok, on, d in rows:
            self.key[sn] = sk
            self.key[on] = ok
            facts.add((sn, r, on, d))
        self.facts = sorted(facts)
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in self.facts:
            self.by_ro[(r, o)].append((s, d))
            self.by_sr[(s, r)].append((o, d))
            self.by_sro[(s, r, o)].append(d)

    def anchor_date(self, a: tuple[str, str, str]) -> str | None:
        ds = self.by_sro.get(a, [])
        return ds[0] if len(ds) == 1 else None


def window(spec: dict[str, Any], t0: str | None) -> tuple[str, str]:
    w = spec["win"]
    if w == "fixed":
        return spec["lo"], spec["hi"]
    assert t0 is not None
    if w == "after":
        return add_days(t0, 1), spec["hi"]
    if w == "before":
        return spec["lo"], add_days(t0, -1)
    if w == "same_day":
        return t0, t0
    if w == "same_month":
        return t0[:7] + "-01", month_end(t0[:7])
    if w == "day_after":
        return add_days(t0, 1), add_days(t0, 1)
    if w.startswith("next_days:"):
        return add_days(t0, 1), add_days(t0, int(w.split(":")[1]))
    raise ValueError(w)


def python_gold(kg: KG, spec: dict[str, Any]) -> list[str] | None:
    t0 = None
    if spec.get("anchor"):
        a_s, a_r, a_o = spec["anchor"]
        t0 = kg.anchor_date((a_s, a_r, a_o))
        if t0 is None:
            return None
    lo, hi = window(spec, t0)
    if spec["fixed"] == "o":
        rows = [(s, d) for s, d in kg.by_ro.get((spec["rel"], spec["ent"]), [])]
    elif spec["fixed"] == "s":
        rows = [(o, d) for o, d in kg.by_sr.get((spec["ent"], spec["rel"]), [])]
    else:
        rows = [("", d) for d in kg.by_sro.get((spec["s"], spec["rel"], spec["o"]), [])]
    rows = [(x, d) for x, d in rows if lo <= d <= hi and x not in spec.get("exclude", [])]
    if not rows:
        return []
    if spec["pick"] == "min":
        m = min(d for _, d in rows)
        rows = [(x, d) for x, d in rows if d == m]
    elif spec["pick"] == "max":
        m = max(d for _, d in rows)
        rows = [(x, d) for x, d in rows if d == m]
    out = spec["out"]
    cut = {"day": 10, "month": 7, "year": 4}
    return sorted({x if out == "ent" else d[: cut[out]] for x, d in rows})


def cypher_check(session: Any, kg: KG, spec: dict[str, Any]) -> list[str]:
    """The same gold from a differently written query: matched by key from the fixed side, the window as Neo4j dates
    computed in Cypher from the anchor (which must be unique there too), first/last aggregated in Cypher."""
    p: dict[str, Any] = {"rel": spec["rel"], "ex": [kg.key[x] for x in spec.get("exclude", [])]}
    if spec.get("anchor"):
        a_s, a_r, a_o = spec["anchor"]
        p.update(a_s=kg.key[a_s], a_r=a_r, a_o=kg.key[a_o], scope_lo=spec.get("lo"), scope_hi=spec.get("hi"))
        w = spec["win"]
        lohi = {
            "after": "t0 + duration('P1D') AS lo, date($scope_hi) AS hi",
            "before": "date($scope_lo) AS lo, t0 - duration('P1D') AS hi",
            "same_day": "t0 AS lo, t0 AS hi",
            "same_month": "date.truncate('month', t0) AS lo, "
            "date.truncate('month', t0) + duration('P1M') - duration('P1D') AS hi",
            "day_after": "t0 + duration('P1D') AS lo, t0 + duration('P1D') AS hi",
        }.get(w)
        if lohi is None:
            n = int(w.split(":")[1])
            lohi = f"t0 + duration('P1D') AS lo, t0 + duration({{days: {n}}}) AS hi"
        head = (
            "MATCH (as:Entity {key: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(ao:Entity {key: $a_o}) "
            "WHERE a.relation = $a_r WITH collect(DISTINCT a.valid_from) AS ads WHERE size(ads) = 1 "
            f"WITH ads[0] AS t0 WITH {lohi} "
        )
    else:
        p.update(lo=spec["lo"], hi=spec["hi"])
        head = "WITH date($lo) AS lo, date($hi) AS hi "
    if spec["fixed"] == "o":
        p["f"] = kg.key[spec["ent"]]
        body = (
            "MATCH (f:Entity {key: $f})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
            "WHERE e.relation = $rel AND lo <= e.valid_from <= hi AND NOT x.key IN $ex "
        )
    elif spec["fixed"] == "s":
        p["f"] = kg.key[spec["ent"]]
        body = (
            "MATCH (f:Entity {key: $f})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) "
            "WHERE e.relation = $rel AND lo <= e.valid_from <= hi AND NOT x.key IN $ex "
        )
    else:
        p.update(fs=kg.key[spec["s"]], fo=kg.key[spec["o"]])
        body = (
            "MATCH (x:Entity {key: $fo})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(:Entity {key: $fs}) "
            "WHERE e.relation = $rel AND lo <= e.valid_from <= hi "
        )
    proj = {
        "ent": "x.name",
        "day": "toString(e.valid_from)",
        "month": "substring(toString(e.valid_from), 0, 7)",
        "year": "toString(e.valid_from.year)",
    }[spec["out"]]
    tail = f"WITH collect({{v: {proj}, d: e.valid_from}}) AS rows "
    if spec["pick"] == "min":
        tail += "WITH rows, reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d < m THEN r.d ELSE m END) AS m "
    elif spec["pick"] == "max":
        tail += "WITH rows, reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d > m THEN r.d ELSE m END) AS m "
    else:
        tail += "WITH rows, null AS m "
    tail += "UNWIND rows AS r WITH r, m WHERE m IS NULL OR r.d = m RETURN DISTINCT r.v AS v"
    res = session.run(head + body + tail, p)
    return sorted({r["v"] for r in res})


def check_text(spec: dict[str, Any]) -> str:
    side = {"o": "object fixed, subjects", "s": "subject fixed, objects", "so": "subject and object fixed, days"}
    a = " from the anchor's single date (recomputed in Cypher)" if spec.get("anchor") else ""
    return (
        f"Cypher by entity key ({side[spec['fixed']]}), window {spec['win']}{a} as Neo4j dates, "
        f"pick {spec['pick']} aggregated in Cypher, projected to {spec['out']}"
    )


class Gen:
    def __init__(self, kg: KG, st: StoreSpec, rng: random.Random) -> None:
        self.kg, self.st, self.rng = kg, st, rng
        self.scope = [f for f in kg.facts if st.lo <= f[3] <= st.hi and f[1] in REL]
        self.used_anchor: set[tuple[str, str, str]] = set()

    # ---- helpers -------------------------------------------------------------------------------------------------
    def pick(self, seq: list[Any]) -> Any:
        return seq[self.rng.randrange(len(seq))]

    def ent(self, name: str) -> str | None:
        forms = ent_forms(name)
        return self.pick(forms) if forms else None

    def fact(self) -> tuple[str, str, str, str]:
        f: tuple[str, str, str, str] = self.pick(self.scope)
        return f

    def unique_anchor(self) -> tuple[str, str, str, str] | None:
        s, r, o, d = self.fact()
        if self.kg.anchor_date((s, r, o)) is None or (s, r, o) in self.used_anchor:
            return None
        if not ent_forms(s) or not ent_forms(o):
            return None
        return s, r, o, d

    def clause(self, s: str, r: str, o: str, noun_ok: bool = True) -> tuple[str, bool] | None:
        """'X visited Y' or a noun phrase 'X's visit to Y'; the bool says whether it is a noun phrase."""
        sp, op = self.ent(s), self.ent(o)
        if sp is None or op is None:
            return None
        past, _, _, noun = REL[r]
        if noun and noun_ok and self.rng.random() < 0.4:
            return noun.format(s=sp, o=op), True
        return f"{sp} {past.format(o=op)}", False

    def year_scope(self, y: int) -> str:
        return self.pick([f"in {y}", f"during {y}", f"over the course of {y}"])

    # ---- constructions: each returns (text, spec, answer_type, time_level, qtype, construction) or None -----------
    def who_did(self, r: str, o: str, when: str, front: bool) -> str | None:
        op = self.ent(o)
        if op is None:
            return None
        past, _, pp, _ = REL[r]
        forms = [
            f"who {past.format(o=op)} {when}?",
            f"which actors {past.format(o=op)} {when}?",
            f"name everyone who {past.format(o=op)} {when}.",
            f"tell me who {past.format(o=op)} {when}.",
        ]
        if pp:
            forms.append(f"by whom {be(op)} {op} {pp} {when}?")
            forms.append(f"{op} {be(op)} {pp} by whom {when}?")
        t = self.pick(forms)
        if front and not t.startswith(op) and t.endswith(f"{when}?"):
            t = f"{when}, {t[: -len(when) - 2]}?"
        return cap(t)

    def c_ent_day(self) -> Any:
        _s, r, o, d = self.fact()
        when = "on " + d_words(d, self.rng.randrange(4))
        t = self.who_did(r, o, when, self.rng.random() < 0.4)
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": d, "hi": d, "pick": "all", "out": "ent"}
        return t and (t, spec, "entity", "day", "equal", "who-on-day")

    def c_obj_day(self) -> Any:
        s, r, _o, d = self.fact()
        sp = self.ent(s)
        if sp is None:
            return None
        _, base, pp, _ = REL[r]
        when = d_words(d, self.rng.randrange(4))
        opts = [
            f"On {when}, whom did {sp} {base.format(o='')}".rstrip() + "?",
            f"Which country or group did {sp} {base.format(o='')}".rstrip() + f" on {when}?",
        ]
        if pp:
            opts.append(f"Who was {pp} by {sp} on {when}?")
        t = self.pick(opts).replace("  ", " ").replace(" ?", "?")
        spec = {"fixed": "s", "rel": r, "ent": s, "win": "fixed", "lo": d, "hi": d, "pick": "all", "out": "ent"}
        return t, spec, "entity", "day", "equal", "whom-object-on-day"

    def c_ent_month(self) -> Any:
        _s, r, o, d = self.fact()
        ym = d[:7]
        style = self.rng.randrange(3)
        t: str | None
        if style == 0:
            op = self.ent(o)
            if op is None:
                return None
            t = f"During {m_words(ym, 1)}, which actors {REL[r][0].format(o=op)}?"
        else:
            t = self.who_did(r, o, "in " + m_words(ym, style), style == 2)
        spec = {
            "fixed": "o",
            "rel": r,
            "ent": o,
            "win": "fixed",
            "lo": ym + "-01",
            "hi": month_end(ym),
            "pick": "all",
            "out": "ent",
        }
        return t and (t, spec, "entity", "month", "equal", "who-in-month")

    def c_ent_year(self) -> Any:
        _s, r, o, d = self.fact()
        y = d[:4]
        t = self.who_did(r, o, self.pick([f"in {y}", f"at some point in {y}", f"during the year {y}"]), False)
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": y + "-01-01", "hi": y + "-12-31"}
        spec.update(pick="all", out="ent")
        return t and (t, spec, "entity", "year", "equal", "who-in-year")

    def c_window(self) -> Any:
        _s, r, o, d = self.fact()
        y = int(d[:4])
        kind = self.rng.randrange(5)
        if kind == 0:  # N-day window
            n = self.pick([5, 7, 10, 14])
            lo = add_days(d, -self.rng.randrange(n))
            hi = add_days(lo, n - 1)
            if lo < self.st.lo or hi > self.st.hi:
                return None
            when = f"in the {n} days from {d_words(lo, 0)} to {d_words(hi, 0)} (both days included)"
            lvl, cons = "day", "who-in-N-day-window"
        elif kind == 1:  # explicit inclusive range
            lo = add_days(d, -self.rng.randrange(1, 6))
            hi = add_days(d, self.rng.randrange(1, 6))
            if lo < self.st.lo or hi > self.st.hi:
                return None
            when = f"between {d_words(lo, 1)} and {d_words(hi, 1)}, inclusive"
            lvl, cons = "day", "who-between-days"
        elif kind == 2:  # quarter
            qn = (int(d[5:7]) - 1) // 3 + 1
            m0 = 3 * (qn - 1) + 1
            lo, hi = f"{y}-{m0:02d}-01", month_end(f"{y}-{m0 + 2:02d}")
            when = f"in the {ORD[qn]} quarter of {y} ({MONTHS[m0 - 1]} through {MONTHS[m0 + 1]})"
            lvl, cons = "month", "who-in-quarter"
        elif kind == 3:  # half
            h = 1 if int(d[5:7]) <= 6 else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            span = "January to June" if h == 1 else "July to December"
            when = f"in the {'first' if h == 1 else 'second'} half of {y} ({span})"
            lvl, cons = "month", "who-in-half-year"
        else:  # season, months stated
            m = int(d[5:7])
            if m in (3, 4, 5):
                lo, hi, when = f"{y}-03-01", f"{y}-05-31", f"in spring {y} (March, April and May)"
            elif m in (6, 7, 8):
                lo, hi, when = f"{y}-06-01", f"{y}-08-31", f"over the summer of {y} (June to August)"
            elif m in (9, 10, 11):
                lo, hi, when = f"{y}-09-01", f"{y}-11-30", f"in autumn {y} (September, October and November)"
            else:
                return None
            lvl, cons = "month", "who-in-season"
        t = self.who_did(r, o, when, self.rng.random() < 0.3)
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": lo, "hi": hi, "pick": "all", "out": "ent"}
        return t and (t, spec, "entity", lvl, "equal", cons)

    def c_named_day(self) -> Any:
        _s, r, o, d = self.fact()
        name = NAMED_DAYS.get(d[5:])
        if name is None:
            return None
        op = self.ent(o)
        if op is None:
            return None
        t = self.pick(
            [
                f"On {name} {d[:4]}, who {REL[r][0].format(o=op)}?",
                f"Who {REL[r][0].format(o=op)} on {name} ({d_words(d, 0)})?",
            ]
        )
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": d, "hi": d, "pick": "all", "out": "ent"}
        return t, spec, "entity", "day", "equal", "who-on-named-day"

    def triple_scope(self, s: str, r: str, o: str, d: str, lvl: str) -> tuple[str, str, str] | None:
        """The period a 'when' question is asked over: the year of the event on mtq (its store is partial before
        2014), the whole store on bench."""
        if self.st.name == "bench":
            return self.st.lo, self.st.hi, ""
        y = d[:4]
        return f"{y}-01-01", f"{y}-12-31", y

    def c_time(self, lvl: str) -> Any:
        s, r, o, d = self.fact()
        sc = self.triple_scope(s, r, o, d, lvl)
        assert sc is not None
        lo, hi, y = sc
        if lvl == "year":
            lo, hi = self.st.lo, self.st.hi
        spec = {"fixed": "so", "rel": r, "s": s, "o": o, "win": "fixed", "lo": lo, "hi": hi, "pick": "all"}
        spec["out"] = lvl
        g = python_gold(self.kg, spec)
        if not g or len(g) != 1:
            return None
        cl = self.clause(s, r, o, noun_ok=True)
        if cl is None:
            return None
        text, noun = cl
        sp, op = self.ent(s), self.ent(o)
        base = REL[r][1]
        scope = f" in {y}" if y else ""
        if lvl == "day":
            opts = [
                f"On what date{scope} did {sp} {base.format(o=op)}?",
                f"Which day{scope} saw {text}?" if noun else f"{cap(text)}{scope}: on which day was that?",
                f"Tell me the exact day{scope} when {sp} {REL[r][0].format(o=op)}.",
            ]
        elif lvl == "month":
            opts = [
                f"In which month{' of ' + y if y else ''} did {sp} {base.format(o=op)}?",
                f"Which month{' of ' + y if y else ''} saw {text}?"
                if noun
                else f"In what month{scope} was it that {text}?",
            ]
        else:
            opts = [
                f"Was it in 2014 or in 2015 that {text}?",
                f"Which year, 2014 or 2015, saw {text}?"
                if noun
                else f"Which year, 2014 or 2015, did {sp} {base.format(o=op)}?",
            ]
        t = self.pick(opts)
        return cap(t), spec, "time", lvl, "equal", f"when-{lvl}"

    def c_ba_date(self) -> Any:
        _s, r, o, d = self.fact()
        y = d[:4]
        after = self.rng.random() < 0.5
        piv = add_days(d, -self.rng.randrange(1, 40)) if after else add_days(d, self.rng.randrange(1, 40))
        if piv[:4] != y:
            return None
        if after:
            lo, hi = add_days(piv, 1), self.st.hi
            when = self.pick([f"after {d_words(piv, 0)}", f"since {d_words(piv, 1)} (not counting that day)"])
            if self.st.name == "mtq" and self.rng.random() < 0.5:
                lo, hi = add_days(piv, 1), f"{y}-12-31"
                when = f"later in {y}, after {d_words(piv, 1)}"
        else:
            lo, hi = f"{y}-01-01", add_days(piv, -1)
            when = self.pick(
                [
                    f"in {y} before {d_words(piv, 0)[: -len(y) - 1]}",
                    f"between the start of {y} and {d_words(piv, 1)} (that day excluded)",
                ]
            )
        t = self.who_did(r, o, when, self.rng.random() < 0.3)
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": lo, "hi": hi, "pick": "all", "out": "ent"}
        return t and (t, spec, "entity", "day", "before_after", f"who-{'after' if after else 'before'}-date")

    def c_ba_event(self) -> Any:
        a = self.unique_anchor()
        if a is None:
            return None
        s0, r0, o0, t0 = a
        s, r, o, d = self.fact()
        if d[:4] != t0[:4] or (s, r, o) == (s0, r0, o0):
            return None
        y = t0[:4]
        after = d > t0
        cl = self.clause(s0, r0, o0)
        op = self.ent(o)
        if cl is None or op is None:
            return None
        text, noun = cl
        if after:
            lo, hi = self.st.lo, (self.st.hi if self.rng.random() < 0.5 else f"{y}-12-31")
            scope = "" if hi == self.st.hi else f" (still in {y})"
            lead = f"after {text}"
            t = self.pick(
                [
                    f"Who {REL[r][0].format(o=op)} {lead}{scope}?",
                    f"{cap(lead)}{scope}, which actors {REL[r][0].format(o=op)}?",
                ]
            )
            win = "after"
        else:
            lo, hi = f"{y}-01-01", self.st.hi
            t = self.pick(
                [
                    f"In {y}, before {text}, who {REL[r][0].format(o=op)}?",
                    f"Who {REL[r][0].format(o=op)} earlier in {y} than {text}?"
                    if noun
                    else f"Who {REL[r][0].format(o=op)} in {y} before {text}?",
                ]
            )
            win = "before"
        spec = {"fixed": "o", "rel": r, "ent": o, "anchor": [s0, r0, o0], "win": win, "lo": lo, "hi": hi}
        spec.update(pick="all", out="ent")
        return t, spec, "entity", "day", "before_after", f"who-{win}-event"

    def c_first_ent(self) -> Any:
        _s, r, o, d = self.fact()
        first = self.rng.random() < 0.55
        y = d[:4]
        scoped = self.st.name == "mtq" and (first or self.rng.random() < 0.5)
        lo, hi = (f"{y}-01-01", f"{y}-12-31") if scoped else (self.st.lo, self.st.hi)
        op = self.ent(o)
        if op is None:
            return None
        _, base, pp, _ = REL[r]
        sc = f" in {y}" if scoped else ""
        w = "first" if first else "last"
        opts = [f"Who was the {w} to {base.format(o=op)}{sc}?", f"Name the {w} actor to {base.format(o=op)}{sc}."]
        if pp:
            opts.append(f"Who {w} {REL[r][0].format(o=op)}{sc}?")
        t = self.pick(opts)
        spec = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": lo, "hi": hi, "pick": "min" if first else "max"}
        spec["out"] = "ent"
        return t, spec, "entity", "day", "first_last", f"who-{w}"

    def c_first_time(self) -> Any:
        s, r, o, d = self.fact()
        first = self.rng.random() < 0.55
        y = d[:4]
        scoped = self.st.name == "mtq" and (first or self.rng.random() < 0.4)
        lo, hi = (f"{y}-01-01", f"{y}-12-31") if scoped else (self.st.lo, self.st.hi)
        lvl = self.pick(["day", "day", "month"])
        sp, op = self.ent(s), self.ent(o)
        if sp is None or op is None:
            return None
        _, base, _, _ = REL[r]
        sc = f" in {y}" if scoped else ""
        w = "first" if first else "last"
        if lvl == "day":
            t = self.pick(
                [
                    f"When did {sp} {w} {base.format(o=op)}{sc}?",
                    f"On which day{sc} did {sp} {base.format(o=op)} for the {w} time?",
                ]
            )
        else:
            t = self.pick(
                [
                    f"In which month did {sp} {base.format(o=op)} for the {w} time{sc}?",
                    f"Which month{sc.replace(' in', ' of')} saw {sp} {base.format(o=op)} for the {w} time?",
                ]
            )
        spec = {"fixed": "so", "rel": r, "s": s, "o": o, "win": "fixed", "lo": lo, "hi": hi}
        spec.update(pick="min" if first else "max", out=lvl)
        return t, spec, "time", lvl, "first_last", f"when-{w}-{lvl}"

    def c_after_first(self) -> Any:
        s0, r, o, t0 = self.fact()
        if self.kg.anchor_date((s0, r, o)) is None or (s0, r, o) in self.used_anchor:
            return None
        sp, op = self.ent(s0), self.ent(o)
        if sp is None or op is None:
            return None
        _, base, _, _ = REL[r]
        hi = self.st.hi if self.st.name == "bench" else f"{t0[:4]}-12-31"
        sc = "" if self.st.name == "bench" else f" (in {t0[:4]})"
        t = self.pick(
            [
                f"After {sp}, who was the next to {base.format(o=op)}{sc}?",
                f"{sp} {REL[r][0].format(o=op)}; who was the first to do the same after that{sc}?",
                f"Following {sp}, which actor was next to {base.format(o=op)}{sc}?",
            ]
        )
        spec = {"fixed": "o", "rel": r, "ent": o, "anchor": [s0, r, o], "win": "after", "lo": self.st.lo, "hi": hi}
        spec.update(pick="min", out="ent")
        return cap(t), spec, "entity", "day", "after_first", "next-after-actor"

    def c_before_last(self) -> Any:
        s0, r, o, t0 = self.fact()
        if self.kg.anchor_date((s0, r, o)) is None or (s0, r, o) in self.used_anchor:
            return None
        sp, op = self.ent(s0), self.ent(o)
        if sp is None or op is None:
            return None
        _, base, _, _ = REL[r]
        y = t0[:4]
        t = self.pick(
            [
                f"In {y}, who was the last to {base.format(o=op)} before {sp} did?",
                f"Before {sp} {REL[r][0].format(o=op)}, who had last done so earlier in {y}?",
                f"Just before {sp}, who {REL[r][0].format(o=op)} (looking only at {y})?",
            ]
        )
        spec = {"fixed": "o", "rel": r, "ent": o, "anchor": [s0, r, o], "win": "before", "lo": f"{y}-01-01"}
        spec.update(hi=self.st.hi, pick="max", out="ent")
        return t, spec, "entity", "day", "before_last", "last-before-actor"

    def c_multi(self) -> Any:
        a = self.unique_anchor()
        if a is None:
            return None
        s0, r0, o0, t0 = a
        same_month = self.rng.random() < 0.5
        cands = [f for f in self._period.get(t0[:7] if same_month else t0, []) if (f[0], f[1], f[2]) != (s0, r0, o0)]
        if not cands:
            return None
        _s, r, o, _d = self.pick(cands)
        cl = self.clause(s0, r0, o0)
        op = self.ent(o)
        if cl is None or op is None:
            return None
        text, noun = cl
        if same_month:
            t = self.pick(
                [
                    f"Who {REL[r][0].format(o=op)} in the same month as {text}?"
                    if noun
                    else f"Who {REL[r][0].format(o=op)} in the same month that {text}?",
                    f"In the month when {text}, who {REL[r][0].format(o=op)}?"
                    if not noun
                    else f"During the month of {text}, who {REL[r][0].format(o=op)}?",
                ]
            )
            win, lvl, cons = "same_month", "month", "who-same-month-as-event"
        else:
            t = self.pick(
                [
                    f"On the day {text}, who {REL[r][0].format(o=op)}?"
                    if not noun
                    else f"On the day of {text}, who {REL[r][0].format(o=op)}?",
                    f"Who {REL[r][0].format(o=op)} on the same day that {text}?"
                    if not noun
                    else f"Who {REL[r][0].format(o=op)} on the same day as {text}?",
                ]
            )
            win, lvl, cons = "same_day", "day", "who-same-day-as-event"
        spec = {"fixed": "o", "rel": r, "ent": o, "anchor": [s0, r0, o0], "win": win, "pick": "all", "out": "ent"}
        return t, spec, "entity", lvl, "equal_multi", cons

    def c_relative(self) -> Any:
        a = self.unique_anchor()
        if a is None:
            return None
        s0, r0, o0, t0 = a
        n = self.pick([1, 1, 3, 7])
        lo_d, hi_d = add_days(t0, 1), add_days(t0, n)
        if hi_d > self.st.hi:
            return None
        cands = [f for f in self.scope_between(lo_d, hi_d)]
        if not cands:
            return None
        _s, r, o, _d = self.pick(cands)
        cl = self.clause(s0, r0, o0)
        op = self.ent(o)
        if cl is None or op is None:
            return None
        text, noun = cl
        if n == 1:
            t = self.pick(
                [
                    f"The day after {text}, who {REL[r][0].format(o=op)}?",
                    f"Who {REL[r][0].format(o=op)} on the day following {text}?"
                    if noun
                    else f"Who {REL[r][0].format(o=op)} on the day after {text}?",
                ]
            )
            win, cons = "day_after", "who-day-after-event"
        else:
            t = f"In the {n} days after {text} (not counting that day), who {REL[r][0].format(o=op)}?"
            win, cons = f"next_days:{n}", "who-in-N-days-after-event"
        spec = {"fixed": "o", "rel": r, "ent": o, "anchor": [s0, r0, o0], "win": win, "pick": "all", "out": "ent"}
        return t, spec, "entity", "day", "equal_multi" if n == 1 else "before_after", cons

    def c_ellipsis(self) -> Any:
        s0, r, o, d = self.fact()
        sp, op = self.ent(s0), self.ent(o)
        if sp is None or op is None:
            return None
        t = self.pick(
            [
                f"{cap(sp)} {REL[r][0].format(o=op)} on {d_words(d, 0)}. Who else did so that same day?",
                f"On {d_words(d, 1)} {sp} {REL[r][0].format(o=op)} - who else did that on the same day?",
            ]
        )
        spec: dict[str, Any] = {"fixed": "o", "rel": r, "ent": o, "win": "fixed", "lo": d, "hi": d, "pick": "all"}
        spec.update(out="ent", exclude=[s0])
        return t, spec, "entity", "day", "equal", "ellipsis-who-else-same-day"

    def scope_between(self, lo: str, hi: str) -> list[tuple[str, str, str, str]]:
        days = self._days
        i, j = bisect.bisect_left(days, lo), bisect.bisect_right(days, hi)
        return self._by_day[i:j]

    def prepare(self) -> None:
        self._by_day = sorted(self.scope, key=lambda f: (f[3], f))
        self._days = [f[3] for f in self._by_day]
        # facts by month ("2015-03") and by day ("2015-03-07"): the candidates of same-month / same-day questions
        self._period: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self._by_day:
            self._period[f[3][:7]].append(f)
            self._period[f[3]].append(f)


def generate(kg: KG, st: StoreSpec, session: Any) -> tuple[list[dict[str, Any]], Counter[str]]:
    rng = random.Random(SEED)
    g = Gen(kg, st, rng)
    g.prepare()
    makers: dict[str, Callable[[], Any]] = {
        "ent_day": g.c_ent_day,
        "obj_day": g.c_obj_day,
        "ent_month": g.c_ent_month,
        "ent_year": g.c_ent_year,
        "window": g.c_window,
        "named_day": g.c_named_day,
        "time_day": lambda: g.c_time("day"),
        "time_month": lambda: g.c_time("month"),
        "time_year": lambda: g.c_time("year"),
        "ba_date": g.c_ba_date,
        "ba_event": g.c_ba_event,
        "first_ent": g.c_first_ent,
        "first_time": g.c_first_time,
        "after_first": g.c_after_first,
        "before_last": g.c_before_last,
        "multi": g.c_multi,
        "relative": g.c_relative,
        "ellipsis": g.c_ellipsis,
    }
    out: list[dict[str, Any]] = []
    texts: set[str] = set()
    rels: Counter[str] = Counter()
    stats: Counter[str] = Counter()
    for kind, n in st.targets.items():
        made, tries = 0, 0
        while made < n and tries < 20000:
            tries += 1
            res = makers[kind]()
            if not res:
                continue
            text, spec, atype, lvl, qtype, cons = res
            if text in texts:
                stats["dup_text"] += 1
                continue
            # keep the relation mix wide: no relation more than 12 times per set
            if rels[spec["rel"]] >= 12:
                continue
            gold = python_gold(kg, spec)
            if not gold or len(gold) > MAX_GOLD:
                stats["no_or_too_many_gold"] += 1
                continue
            if atype == "time" and spec["out"] == "month" and qtype == "equal" and len(gold) != 1:
                continue
            check = cypher_check(session, kg, spec)
            agrees = check == gold
            if not agrees:
                stats["check_disagrees_dropped"] += 1
                continue
            texts.add(text)
            rels[spec["rel"]] += 1
            if spec.get("anchor"):
                a_s, a_r, a_o = spec["anchor"]
                g.used_anchor.add((a_s, a_r, a_o))
            qid = f"{st.prefix}-{len(out):03d}"
            out.append(
                {
                    "quid": qid,
                    "id": qid,
                    "question": text,
                    "answers": gold,
                    "answer_type": atype,
                    "time_level": lvl,
                    "qtype": qtype,
                    "qlabel": "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single",
                    "evidence": [],
                    "construction": cons,
                    "store": st.name,
                    "check": check_text(spec),
                    "check_agrees": agrees,
                }
            )
            made += 1
        stats[f"made_{kind}"] = made
    stats["relations"] = len(rels)
    return out, stats


def read_all(session: Any) -> list[tuple[str, str, str, str, str, str]]:
    res = session.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.key AS sk, s.name AS sn, e.relation AS r, o.key AS ok, o.name AS on, toString(e.valid_from) AS d"
    )
    return [(r["sk"], r["sn"], r["r"], r["ok"], r["on"], r["d"]) for r in res]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = GraphDatabase.driver(uri, auth=auth)
    try:
        with driver.session(database=settings.neo4j_database, default_access_mode="READ") as session:
            kg = KG(sorted(read_all(session)))
            qs, stats = generate(kg, STORES[args.store], session)
    finally:
        driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for q in qs:
            fh.write(json.dumps(q, ensure_ascii=False, sort_keys=True) + "\n")
    print(json.dumps({"store": args.store, "questions": len(qs), **stats}, sort_keys=True))


if __name__ == "__main__":
    main()
