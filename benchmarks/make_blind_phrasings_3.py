"""The third blind phrasing set (issue 29, item 3): own constructions, gold computed exactly from the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_3.py --store mtq --n 100 --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_3.py --store icews14 --n 70 --out blind_icews14.jsonl

Each question comes from a *spec* (relation, the fixed entity and its role, an optional second entity, a date window
or an anchor event, first/last/all, the answer's granularity). The gold is computed twice: once in Python over one dump
of the store's events for the relations used, and once by a separate Cypher query per question that re-derives it in
the database (anchor uniqueness and the anchor's date included). Questions whose two golds differ are dropped and
counted. Only periods where the KG is complete are asked about: on the partial icews05-15 store (``mtq``) windows lie
in 2014-01-01..2015-12-31 and every "first"/"before" is scoped inside it by the wording; "last" over the whole store is
exact there. Anchors are unique (one date for s-r-o) in the whole store. At most 5 gold answers. Reads only.
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 2903

# relation -> phrasings (past, base, passive-with-"by" or None)
PHRASES: dict[str, list[tuple[str, str, str | None]]] = {
    "Praise_or_endorse": [
        ("praised", "praise", "praised by"),
        ("spoke approvingly of", "speak approvingly of", None),
        ("publicly endorsed", "publicly endorse", "endorsed by"),
    ],
    "Criticize_or_denounce": [
        ("criticised", "criticise", "criticised by"),
        ("condemned", "condemn", "condemned by"),
        ("spoke out against", "speak out against", None),
    ],
    "Make_a_visit": [
        ("visited", "visit", "visited by"),
        ("paid a visit to", "pay a visit to", None),
    ],
    "Host_a_visit": [
        ("hosted", "host", "hosted by"),
        ("played host to", "play host to", None),
        ("received a visit from", "receive a visit from", None),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("signalled willingness to meet", "signal willingness to meet", None),
        ("offered talks to", "offer talks to", "offered talks by"),
    ],
    "Sign_formal_agreement": [
        ("signed an agreement with", "sign an agreement with", None),
        ("concluded a formal accord with", "conclude a formal accord with", None),
    ],
    "Make_an_appeal_or_request": [
        ("appealed to", "appeal to", "appealed to by"),
        ("called on", "call on", "called on by"),
        ("made a request to", "make a request to", None),
    ],
    "Engage_in_negotiation": [
        ("negotiated with", "negotiate with", None),
        ("held negotiations with", "hold negotiations with", None),
    ],
    "Accuse": [
        ("accused", "accuse", "accused by"),
        ("levelled accusations at", "level accusations at", None),
    ],
    "Express_intent_to_cooperate": [
        ("pledged to cooperate with", "pledge to cooperate with", None),
        ("offered cooperation to", "offer cooperation to", "offered cooperation by"),
    ],
    "Reject": [
        ("rebuffed", "rebuff", "rebuffed by"),
        ("turned down", "turn down", "turned down by"),
    ],
    "Threaten": [
        ("threatened", "threaten", "threatened by"),
        ("issued threats against", "issue threats against", None),
    ],
    "Discuss_by_telephone": [
        ("spoke by phone with", "speak by phone with", None),
        ("had a phone call with", "have a phone call with", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("detained", "detain", "detained by"),
        ("arrested", "arrest", "arrested by"),
    ],
    "Provide_humanitarian_aid": [
        ("sent humanitarian aid to", "send humanitarian aid to", None),
        ("gave humanitarian assistance to", "give humanitarian assistance to", None),
    ],
    "Demand": [
        ("made demands of", "make demands of", None),
        ("pressed demands on", "press demands on", None),
    ],
}

THE = {
    "United States",
    "United Kingdom",
    "Philippines",
    "Netherlands",
    "United Arab Emirates",
    "Central African Republic",
    "Czech Republic",
    "Bahamas",
    "Maldives",
    "European Union",
    "United Nations",
    "UN Security Council",
    "Middle East",
    "Democratic Republic of Congo",
    "Gambia",
    "Holy See",
    "African Union",
    "Kremlin",
    "Taliban",
    "Islamic State",
    "International Monetary Fund",
    "World Bank",
    "Arab League",
    "Red Cross",
    "Solomon Islands",
    "Comoros",
    "Occupied Palestinian Territory",
    "International Atomic Energy Agency",
    "Hamas",
}
NOT_THE = {"Hamas", "Human Rights Watch", "Amnesty International"}
VAGUE = {"International", "Africa", "Europe", "Asia", "North America", "South America", "Middle East"}
INSTITUTION_WORDS = {
    "Organization",
    "Organisation",
    "Commission",
    "Service",
    "Council",
    "Union",
    "Court",
    "Parliament",
    "Party",
    "Ministry",
    "Agency",
    "Fund",
    "Bank",
    "Assembly",
    "Army",
    "Front",
    "Movement",
    "League",
    "Committee",
    "Association",
    "Conference",
    "Corporation",
    "Communion",
    "Battalion",
    "Corps",
    "Congress",
    "Senate",
    "Police",
    "Navy",
    "Guard",
    "Brotherhood",
    "Forces",
}
SECTORS = {
    "Police": ("the police of {c}", "{c}'s police"),
    "Military": ("the military of {c}", "{c}'s armed forces"),
    "Citizen": ("citizens of {c}", "{c}'s citizens"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Foreign Affairs": ("the foreign ministry of {c}", "{c}'s foreign ministry"),
    "Protester": ("protesters in {c}", "protesters in {c}"),
    "Opposition Supporter": ("opposition supporters in {c}", "{c}'s opposition supporters"),
}

DUMP = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.relation IN $rels AND n.recorded_to IS NULL
RETURN DISTINCT s.key AS sk, s.name AS sn, n.relation AS r, o.key AS ok, o.name AS on, toString(n.valid_from) AS d
"""

# The check: the same gold, derived in the database from the spec alone. The anchor's date is looked up again (and
# must be the only date of that s-r-o in the whole store); the window follows from it by date arithmetic here.
CHECK = """
CALL {
  OPTIONAL MATCH (:Entity {key: $a_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {key: $a_o})
  WHERE a.relation = $a_r AND a.recorded_to IS NULL
  RETURN collect(DISTINCT a.valid_from) AS adates
}
WITH adates, CASE WHEN size(adates) = 1 THEN adates[0] ELSE null END AS ad
WITH adates, ad,
  CASE $a_how
    WHEN 'after' THEN ad + duration({days: 1})
    WHEN 'week_after' THEN ad + duration({days: 1})
    WHEN 'before' THEN date($lo)
    WHEN 'same_month' THEN date.truncate('month', ad)
    WHEN 'same_day' THEN ad
    ELSE date($lo) END AS lo,
  CASE $a_how
    WHEN 'after' THEN date($hi)
    WHEN 'week_after' THEN ad + duration({days: 7})
    WHEN 'before' THEN ad - duration({days: 1})
    WHEN 'same_month' THEN date.truncate('month', ad) + duration({months: 1}) - duration({days: 1})
    WHEN 'same_day' THEN ad
    ELSE date($hi) END AS hi
MATCH (x:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(y:Entity)
WHERE n.relation = $rel AND n.recorded_to IS NULL
  AND (CASE $role WHEN 's' THEN x.key ELSE y.key END) = $fixed
  AND ($other IS NULL OR (CASE $role WHEN 's' THEN y.key ELSE x.key END) = $other)
  AND n.valid_from >= lo AND n.valid_from <= hi
WITH adates, n.valid_from AS d, CASE $role WHEN 's' THEN y ELSE x END AS asked
WHERE $exclude IS NULL OR asked.key <> $exclude
WITH adates, collect({d: d, name: asked.name}) AS rows
WITH adates, rows,
  reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d < m THEN r.d ELSE m END) AS dmin,
  reduce(m = null, r IN rows | CASE WHEN m IS NULL OR r.d > m THEN r.d ELSE m END) AS dmax
WITH adates, [r IN rows WHERE $mode = 'all' OR ($mode = 'first' AND r.d = dmin) OR ($mode = 'last' AND r.d = dmax)]
  AS keep
UNWIND keep AS r
RETURN size(adates) AS n_anchor,
  collect(DISTINCT CASE $ans
    WHEN 'entity' THEN r.name
    WHEN 'day' THEN toString(r.d)
    WHEN 'month' THEN substring(toString(r.d), 0, 7)
    ELSE toString(r.d.year) END) AS gold
"""


@dataclass(frozen=True)
class Ev:
    sk: str
    sn: str
    r: str
    ok: str
    on: str
    d: dt.date


@dataclass
class Spec:
    rel: str
    role: str  # the fixed entity's role: 's' (asked = objects) or 'o' (asked = subjects)
    fixed: str
    lo: str
    hi: str
    mode: str = "all"  # all | first | last
    ans: str = "entity"  # entity | day | month | year
    other: str | None = None
    exclude: str | None = None
    a_s: str | None = None
    a_r: str | None = None
    a_o: str | None = None
    a_how: str | None = None


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    spec: Spec
    evidence: list[list[str]] = field(default_factory=list)


def be(mention: str) -> str:
    """'was' or 'were': sector mentions such as "citizens of X" and "X's armed forces" are plural."""
    plural = ("citizens", "protesters", "opposition supporters", "armed forces")
    return "were" if any(w in mention for w in plural) else "was"


def month_name(d: dt.date) -> str:
    return calendar.month_name[d.month]


def fmt_day(d: dt.date, rng: random.Random) -> str:
    return rng.choice([f"{d.day} {month_name(d)} {d.year}", f"{month_name(d)} {d.day}, {d.year}", f"{d.isoformat()}"])


def fmt_month(d: dt.date, rng: random.Random) -> str:
    return rng.choice([f"{month_name(d)} {d.year}", f"{month_name(d)} of {d.year}"])


class Gen:
    def __init__(self, events: list[Ev], store: str, seed: int) -> None:
        self.rng = random.Random(seed)
        self.store = store
        self.lo = dt.date(2014, 1, 1)
        self.hi = dt.date(2015, 12, 31) if store == "mtq" else dt.date(2014, 12, 31)
        self.all = events
        self.win = [e for e in events if self.lo <= e.d <= self.hi]
        self.by_ro: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.by_rs: dict[tuple[str, str], list[Ev]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], set[dt.date]] = defaultdict(set)
        for e in events:
            self.by_ro[(e.r, e.ok)].append(e)
            self.by_rs[(e.r, e.sk)].append(e)
            self.by_sro[(e.sk, e.r, e.ok)].add(e.d)
        self.names = {e.sk: e.sn for e in events} | {e.ok: e.on for e in events}

    # ---- rendering ---------------------------------------------------------------------------------------------
    def ent(self, key: str) -> str | None:
        """A natural mention of an entity, or None when its name would not read naturally in a question."""
        name = self.names[key]
        if "(" in name:
            head, _, rest = name.partition(" (")
            country = rest.rstrip(")")
            if (
                head not in SECTORS
                or "(" in country
                or "/" in country
                or "," in country
                or "Unidentified" in country
                or country in VAGUE
            ):
                return None
            c = f"the {country}" if country in THE else country
            form = self.rng.choice(SECTORS[head])
            return form.format(c=c)
        if "/" in name or "," in name or "Unidentified" in name or name.endswith("Organizations") or len(name) > 40:
            return None
        if name in NOT_THE:
            return name
        if name in THE or set(name.split()) & INSTITUTION_WORDS:
            return f"the {name}"
        return name

    def phr(self, rel: str, need_passive: bool = False) -> tuple[str, str, str | None]:
        opts = [p for p in PHRASES[rel] if p[2] or not need_passive]
        return self.rng.choice(opts)

    # ---- gold helpers (Python side) ----------------------------------------------------------------------------
    def rows(self, sp: Spec) -> list[tuple[dt.date, str, str]]:
        if sp.a_how:
            assert sp.a_s and sp.a_r and sp.a_o
            ad = self.by_sro[(sp.a_s, sp.a_r, sp.a_o)]
            if len(ad) != 1:
                return []
            a = next(iter(ad))
            lo, hi = {
                "after": (a + dt.timedelta(days=1), dt.date.fromisoformat(sp.hi)),
                "week_after": (a + dt.timedelta(days=1), a + dt.timedelta(days=7)),
                "before": (dt.date.fromisoformat(sp.lo), a - dt.timedelta(days=1)),
                "same_month": (a.replace(day=1), a.replace(day=calendar.monthrange(a.year, a.month)[1])),
                "same_day": (a, a),
            }[sp.a_how]
        else:
            lo, hi = dt.date.fromisoformat(sp.lo), dt.date.fromisoformat(sp.hi)
        src = self.by_rs[(sp.rel, sp.fixed)] if sp.role == "s" else self.by_ro[(sp.rel, sp.fixed)]
        out = []
        for e in src:
            ak, an = (e.ok, e.on) if sp.role == "s" else (e.sk, e.sn)
            ok_other = sp.other is None or sp.other == ak
            if ok_other and lo <= e.d <= hi and ak != sp.exclude:
                out.append((e.d, ak, an))
        return out

    def gold(self, sp: Spec) -> list[str]:
        rows = self.rows(sp)
        if not rows:
            return []
        if sp.mode == "first":
            m = min(r[0] for r in rows)
            rows = [r for r in rows if r[0] == m]
        elif sp.mode == "last":
            m = max(r[0] for r in rows)
            rows = [r for r in rows if r[0] == m]

        def val(r: tuple[dt.date, str, str]) -> str:
            d = r[0].isoformat()
            return {"entity": r[2], "day": d, "month": d[:7], "year": d[:4]}[sp.ans]

        return sorted({val(r) for r in rows})

    def evidence(self, sp: Spec) -> list[list[str]]:
        """The anchor event (if any) first, then the events that give the gold (at most 10): tkgqa's ``evidence``."""
        out: list[list[str]] = []
        if sp.a_how and sp.a_s and sp.a_r and sp.a_o:
            out.append([sp.a_s, sp.a_r, sp.a_o, next(iter(self.by_sro[(sp.a_s, sp.a_r, sp.a_o)])).isoformat()])
        rows = self.rows(sp)
        if rows and sp.mode != "all":
            m = (min if sp.mode == "first" else max)(r[0] for r in rows)
            rows = [r for r in rows if r[0] == m]
        for d, ak, _ in sorted(rows)[:10]:
            s, o = (sp.fixed, ak) if sp.role == "s" else (ak, sp.fixed)
            out.append([s, sp.rel, o, d.isoformat()])
        return out

    def mentioned(self, sp: Spec) -> list[str]:
        """The names of the entities the question mentions (MultiTQ's ``entities``)."""
        keys = [sp.fixed, sp.other, sp.a_s if sp.a_s != sp.fixed else None]
        return [self.names[k] for k in keys if k]

    def asked_keys(self, sp: Spec) -> set[str]:
        return {r[1] for r in self.rows(sp)}

    # ---- sampling ----------------------------------------------------------------------------------------------
    def pick(self, pool: list[Ev] | None = None) -> Ev:
        return self.rng.choice(pool or self.win)

    def build(self, kind: str) -> Q | None:
        rng = self.rng
        e = self.pick()
        p_past, p_base, p_pass = self.phr(e.r)
        SB, OB = self.ent(e.sk), self.ent(e.ok)
        lo_s, hi_s = self.lo.isoformat(), self.hi.isoformat()
        y = e.d.year
        if kind == "equal_day_who":
            if OB is None:
                return None
            sp = Spec(e.r, "o", e.ok, e.d.isoformat(), e.d.isoformat())
            D = fmt_day(e.d, rng)
            t = rng.choice([f"Who {p_past} {OB} on {D}?", f"On {D}, who {p_past} {OB}?"])
            if p_pass and rng.random() < 0.4:
                t = f"By whom {be(OB)} {OB} {p_pass.removesuffix(' by')} on {D}?".replace(" on on ", " on ")
            return Q(t, self.gold(sp), "entity", "day", "equal", kind, sp)
        if kind == "equal_month_whom":
            if SB is None:
                return None
            lo = e.d.replace(day=1)
            hi = e.d.replace(day=calendar.monthrange(y, e.d.month)[1])
            sp = Spec(e.r, "s", e.sk, lo.isoformat(), hi.isoformat())
            M = fmt_month(e.d, rng)
            t = rng.choice(
                [
                    f"Whom did {SB} {p_base} in {M}?",
                    f"In {M}, {SB} {p_past} whom?",
                    f"Which actors did {SB} {p_base} during {M}?",
                ]
            )
            return Q(t, self.gold(sp), "entity", "month", "equal", kind, sp)
        if kind == "range_who":
            if OB is None:
                return None
            q = (e.d.month - 1) // 3
            choice = rng.choice(["quarter", "half", "months"])
            if choice == "quarter":
                lo, hi = dt.date(y, 3 * q + 1, 1), dt.date(y, 3 * q + 3, calendar.monthrange(y, 3 * q + 3)[1])
                W = rng.choice(
                    [f"during Q{q + 1} {y}", f"in the {['first', 'second', 'third', 'fourth'][q]} quarter of {y}"]
                )
            elif choice == "half":
                h = 0 if e.d.month <= 6 else 1
                lo, hi = dt.date(y, 6 * h + 1, 1), dt.date(y, 6 * h + 6, 30 if h == 0 else 31)
                W = f"in the {['first', 'second'][h]} half of {y}"
            else:
                m1 = max(1, e.d.month - rng.randint(0, 2))
                m2 = min(12, m1 + rng.randint(1, 2))
                m1 = min(m1, m2 - 1)  # December: widen backwards, never "between December and December"
                lo, hi = dt.date(y, m1, 1), dt.date(y, m2, calendar.monthrange(y, m2)[1])
                W = f"between {calendar.month_name[m1]} and {calendar.month_name[m2]} {y}"
            sp = Spec(e.r, "o", e.ok, lo.isoformat(), hi.isoformat())
            t = rng.choice([f"Who {p_past} {OB} {W}?", f"{W[0].upper() + W[1:]}, which actors {p_past} {OB}?"])
            if p_pass and rng.random() < 0.4:
                t = f"{OB[0].upper() + OB[1:]} {be(OB)} {p_pass} whom {W}?"
            return Q(t, self.gold(sp), "entity", "day", "equal", kind, sp)
        if kind == "after_date":
            if OB is None:
                return None
            sp = Spec(e.r, "o", e.ok, (e.d + dt.timedelta(days=1)).isoformat(), hi_s)
            D = fmt_day(e.d, rng)
            t = rng.choice(
                [
                    f"Who {p_past} {OB} after {D}?",
                    f"After {D}, who {p_past} {OB}?",
                    f"Which actors went on to {p_base} {OB} after {D}?",
                ]
            )
            return Q(t, self.gold(sp), "entity", "day", "before_after", kind, sp)
        if kind == "before_date":
            if SB is None:
                return None
            if self.store == "mtq":
                lo = dt.date(y, 1, 1)
                D = f"{e.d.day} {month_name(e.d)}"
                t = rng.choice(
                    [f"In {y}, before {D}, whom did {SB} {p_base}?", f"Whom did {SB} {p_base} in {y} prior to {D}?"]
                )
            else:
                lo = self.lo
                D = fmt_day(e.d, rng)
                t = rng.choice([f"Before {D}, whom did {SB} {p_base}?", f"Whom did {SB} {p_base} before {D}?"])
            sp = Spec(e.r, "s", e.sk, lo.isoformat(), (e.d - dt.timedelta(days=1)).isoformat())
            return Q(t, self.gold(sp), "entity", "day", "before_after", kind, sp)
        if kind in ("after_anchor", "after_first", "before_last", "same_month", "same_day", "week_after"):
            if OB is None or SB is None or len(self.by_sro[(e.sk, e.r, e.ok)]) != 1:
                return None
            how = {
                "after_anchor": "after",
                "after_first": "after",
                "before_last": "before",
                "same_month": "same_month",
                "same_day": "same_day",
                "week_after": "week_after",
            }[kind]
            mode = {"after_first": "first", "before_last": "last"}.get(kind, "all")
            sp = Spec(e.r, "o", e.ok, lo_s, hi_s, mode=mode, a_s=e.sk, a_r=e.r, a_o=e.ok, a_how=how)
            if kind in ("same_month", "same_day"):
                sp.exclude = e.sk
            elif e.sk in self.asked_keys(sp):
                return None  # "who (else)" would be ambiguous
            if kind == "before_last" and self.store == "mtq":
                rows = self.rows(sp)
                if not rows or max(r[0] for r in rows) < self.lo:
                    return None
                if (e.d - dt.timedelta(days=1)) < self.lo:
                    return None
            gerund = p_base.split(" ", 1)
            ing = gerund[0].removesuffix("e") + "ing"
            ing = {
                "visit": "visiting",
                "travel": "travelling",
                "criticise": "criticising",
                "praise": "praising",
                "accuse": "accusing",
                "condemn": "condemning",
                "host": "hosting",
                "play": "playing",
                "pay": "paying",
                "sign": "signing",
                "conclude": "concluding",
                "appeal": "appealing",
                "call": "calling",
                "make": "making",
                "negotiate": "negotiating",
                "hold": "holding",
                "level": "levelling",
                "pledge": "pledging",
                "offer": "offering",
                "rebuff": "rebuffing",
                "turn": "turning",
                "threaten": "threatening",
                "issue": "issuing",
                "speak": "speaking",
                "have": "having",
                "detain": "detaining",
                "arrest": "arresting",
                "send": "sending",
                "give": "giving",
                "press": "pressing",
                "signal": "signalling",
                "publicly": "publicly",
                "receive": "receiving",
            }.get(gerund[0], ing)
            ger = " ".join([ing, *gerund[1:]])
            if gerund[0] == "publicly":
                ger = "publicly " + gerund[1].split(" ", 1)[0].removesuffix("e") + "ing"
            if kind == "after_anchor":
                t = rng.choice(
                    [
                        f"After {SB} {p_past} {OB}, who else {p_past} {OB}?",
                        f"Who {p_past} {OB} after {SB} had done so?",
                        f"Once {SB} had {p_past} {OB}, which other actors {p_past} {OB}?",
                    ]
                )
                if t.startswith("Once") and not (p_pass and p_pass.removesuffix(" by") == p_past):
                    t = f"Following {SB} {ger} {OB}, who else {p_past} {OB}?"
                return Q(t, self.gold(sp), "entity", "day", "before_after", kind, sp)
            if kind == "after_first":
                t = rng.choice(
                    [
                        f"Who was the first to {p_base} {OB} after {SB} did?",
                        f"After {SB} {p_past} {OB}, who was next to do so?",
                        f"Following {SB}, who next {p_past} {OB}?",
                    ]
                )
                return Q(t, self.gold(sp), "entity", "day", "after_first", kind, sp)
            if kind == "before_last":
                t = rng.choice(
                    [
                        f"Who was the last to {p_base} {OB} before {SB} did?",
                        f"Before {SB} {p_past} {OB}, who had most recently done so?",
                        f"Who {p_past} {OB} just before {SB} did?",
                    ]
                )
                return Q(t, self.gold(sp), "entity", "day", "before_last", kind, sp)
            if kind == "same_month":
                t = rng.choice(
                    [
                        f"Who else {p_past} {OB} in the same month as {SB}?",
                        f"In the month {SB} {p_past} {OB}, who else did so?",
                        f"Which other actors {p_past} {OB} during the month when {SB} did?",
                    ]
                )
                return Q(t, self.gold(sp), "entity", "month", "equal_multi", kind, sp)
            if kind == "same_day":
                t = rng.choice(
                    [
                        f"Who else {p_past} {OB} on the same day as {SB}?",
                        f"On the day {SB} {p_past} {OB}, who else did the same?",
                    ]
                )
                return Q(t, self.gold(sp), "entity", "day", "equal_multi", kind, sp)
            t = rng.choice(
                [
                    f"Within a week after {SB} {p_past} {OB}, who else {p_past} {OB}?",
                    f"Who {p_past} {OB} in the seven days after {SB} did?",
                ]
            )
            return Q(t, self.gold(sp), "entity", "day", "before_after", kind, sp)
        if kind in ("first_in_year", "last_in_year"):
            mode = "first" if kind == "first_in_year" else "last"
            if rng.random() < 0.5:
                if OB is None:
                    return None
                sp = Spec(e.r, "o", e.ok, f"{y}-01-01", f"{y}-12-31", mode=mode)
                w = "first" if mode == "first" else "last"
                t = rng.choice(
                    [
                        f"Who was the {w} to {p_base} {OB} in {y}?",
                        f"In {y}, who {w} {p_past} {OB}?",
                        f"Which actor {p_past} {OB} {'earliest' if mode == 'first' else 'latest'} in {y}?",
                    ]
                )
            else:
                if SB is None:
                    return None
                sp = Spec(e.r, "s", e.sk, f"{y}-01-01", f"{y}-12-31", mode=mode)
                w = "first" if mode == "first" else "last"
                t = rng.choice([f"Whom did {SB} {w} {p_base} in {y}?", f"In {y}, who was the {w} that {SB} {p_past}?"])
            return Q(t, self.gold(sp), "entity", "day", "equal_multi", kind, sp)
        if kind == "last_ever":
            if OB is None:
                return None
            sp = Spec(e.r, "o", e.ok, "0001-01-01", hi_s, mode="last")
            t = rng.choice([f"Who was the most recent to {p_base} {OB}?", f"Who last {p_past} {OB}?"])
            if p_pass and rng.random() < 0.4:
                t = f"By whom {be(OB)} {OB} last {p_pass.removesuffix(' by')}?"
            return Q(t, self.gold(sp), "entity", "day", "first_last", kind, sp)
        if kind in ("when_day", "first_month", "last_year", "last_day", "which_month_saw"):
            if SB is None or OB is None:
                return None
            dates = sorted(self.by_sro[(e.sk, e.r, e.ok)])
            if kind == "when_day":
                if self.store == "mtq":
                    in_y = [d for d in dates if d.year == y]
                    if len(in_y) != 1:
                        return None
                    sp = Spec(e.r, "s", e.sk, f"{y}-01-01", f"{y}-12-31", ans="day", other=e.ok)
                    t = rng.choice(
                        [f"When in {y} did {SB} {p_base} {OB}?", f"On what date in {y} did {SB} {p_base} {OB}?"]
                    )
                else:
                    if len(dates) != 1:
                        return None
                    sp = Spec(e.r, "s", e.sk, lo_s, hi_s, ans="day", other=e.ok)
                    t = rng.choice([f"On what date did {SB} {p_base} {OB}?", f"What day did {SB} {p_base} {OB}?"])
                    if p_pass and rng.random() < 0.4:
                        t = f"When {be(OB)} {OB} {p_pass} {SB}?"
                return Q(t, self.gold(sp), "time", "day", "equal", kind, sp)
            if kind == "first_month":
                sp = Spec(e.r, "s", e.sk, f"{y}-01-01", f"{y}-12-31", mode="first", ans="month", other=e.ok)
                t = rng.choice(
                    [
                        f"In which month of {y} did {SB} first {p_base} {OB}?",
                        f"What month in {y} saw {SB} {p_base} {OB} for the first time that year?",
                    ]
                )
                return Q(t, self.gold(sp), "time", "month", "first_last", kind, sp)
            if kind == "last_year":
                if self.store != "mtq":
                    return None
                sp = Spec(e.r, "s", e.sk, "0001-01-01", hi_s, mode="last", ans="year", other=e.ok)
                t = rng.choice(
                    [
                        f"In what year did {SB} last {p_base} {OB}?",
                        f"Which year saw {SB} {p_base} {OB} for the last time?",
                    ]
                )
                return Q(t, self.gold(sp), "time", "year", "first_last", kind, sp)
            if kind == "last_day":
                sp = Spec(e.r, "s", e.sk, "0001-01-01", hi_s, mode="last", ans="day", other=e.ok)
                t = rng.choice(
                    [
                        f"When did {SB} most recently {p_base} {OB}?",
                        f"What was the last date on which {SB} {p_past} {OB}?",
                        f"Which day saw {SB} {p_base} {OB} for the last time?",
                    ]
                )
                return Q(t, self.gold(sp), "time", "day", "first_last", kind, sp)
            # which_month_saw: all months of a year (one or several) in which s did r to o
            sp = Spec(e.r, "s", e.sk, f"{y}-01-01", f"{y}-12-31", ans="month", other=e.ok)
            t = rng.choice(
                [
                    f"In which months of {y} did {SB} {p_base} {OB}?",
                    f"During {y}, in what month did {SB} {p_base} {OB}?",
                ]
            )
            g = self.gold(sp)
            if "what month" in t and len(g) != 1:
                return None
            return Q(t, g, "time", "month", "equal", kind, sp)
        raise ValueError(kind)


KINDS = [
    "equal_day_who",
    "equal_month_whom",
    "range_who",
    "after_date",
    "before_date",
    "after_anchor",
    "after_first",
    "before_last",
    "same_month",
    "same_day",
    "week_after",
    "first_in_year",
    "last_in_year",
    "last_ever",
    "when_day",
    "first_month",
    "last_year",
    "last_day",
    "which_month_saw",
]


def check(store: Any, sp: Spec) -> tuple[int, list[str]]:
    d = asdict(sp)
    d["a_how"] = d["a_how"] or "none"
    rows = store.run(CHECK, d)
    if not rows:
        return 0, []
    return int(rows[0]["n_anchor"]), sorted(rows[0]["gold"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=["mtq", "icews14"], required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    rows = store.run(DUMP, {"rels": sorted(PHRASES)})
    events = [Ev(r["sk"], r["sn"], r["r"], r["ok"], r["on"], dt.date.fromisoformat(r["d"])) for r in rows]
    events.sort(key=lambda e: (e.d, e.r, e.sk, e.ok))  # the server's row order is not fixed: the seed alone decides
    kinds = [k for k in KINDS if not (args.store != "mtq" and k == "last_year")]
    gen = Gen(events, args.store, args.seed)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats = {"agree": 0, "disagree": 0, "anchor_not_unique": 0}
    tries = dict.fromkeys(kinds, 0)
    while len(out) < args.n and any(t < 4000 for t in tries.values()):
        for kind in kinds:  # round robin: every construction gets its share
            got = False
            while not got and tries[kind] < 4000 and len(out) < args.n:
                tries[kind] += 1
                q = gen.build(kind)
                if q is None or not (1 <= len(q.answers) <= 5) or q.question in seen:
                    continue
                n_anchor, g2 = check(store, q.spec)
                if q.spec.a_how and n_anchor != 1:
                    stats["anchor_not_unique"] += 1
                    continue
                if g2 != q.answers:
                    stats["disagree"] += 1
                    continue
                stats["agree"] += 1
                seen.add(q.question)
                got = True
                qid = f"b3-{args.store}-{len(out):03d}"
                out.append(
                    {
                        "quid": qid,
                        "id": qid,
                        "question": q.question,
                        "answers": q.answers,
                        "answer_type": q.answer_type,
                        "time_level": q.time_level if q.answer_type == "entity" else q.spec.ans,
                        "qtype": q.qtype,
                        "evidence": gen.evidence(q.spec),
                        "entities": gen.mentioned(q.spec),
                        "construction": q.construction,
                        "store": args.store,
                        "relation": q.spec.rel,
                    }
                )
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    print(
        json.dumps(
            {
                "written": len(out),
                **stats,
                "per_construction": {k: sum(r["construction"] == k for r in out) for k in kinds},
            }
        )
    )


if __name__ == "__main__":
    main()
