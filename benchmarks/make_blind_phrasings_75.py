"""Blind held-out question set 75: voice-assistant transcripts over the mtq (ICEWS05-15) and bench (ICEWS14) stores.

Why: the symbolic reader's score on phrasings nobody tuned on. The questions read like a speech recogniser's output:
all lower case, no commas, dates and numbers spoken in words ("the third of march twenty fifteen", "may twenty
fourteen"), spoken contractions ("who'd", "when's"), names lower-cased with accents dropped. They cover MultiTQ's six
question types (equal, first_last, before_after, after_first, before_last, equal_multi) with entity and time answers
at day, month and year granularity, and gold lists of one to five answers.

How: every (subject, relation, object, day) is read once from the store; each gold is computed in Python over those
facts (mtq questions only ask about 2014-2015, where the store is complete), then recomputed with a second, differently
written Cypher query per question; disagreeing questions are dropped. Anchor events occur exactly once in the store.

Run (read-only on a running store; deterministic, SEED = 20261275):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_75.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_75.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.store import Store, connect

SEED = 20261275
MAX_GOLD = 5

# Relation -> (base verb phrase, past verb phrase); "{o}" marks the object slot. Paraphrases, not CAMEO labels, and
# chosen so that no two relations share a wording a reader could map to the other.
RELATIONS: dict[str, tuple[str, str]] = {
    "Consult": ("hold consultations with {o}", "held consultations with {o}"),
    "Make_a_visit": ("pay a visit to {o}", "paid a visit to {o}"),
    "Host_a_visit": ("play host to {o}", "played host to {o}"),
    "Arrest,_detain,_or_charge_with_legal_action": ("arrest {o}", "arrested {o}"),
    "Praise_or_endorse": ("speak highly of {o}", "spoke highly of {o}"),
    "Criticize_or_denounce": ("denounce {o}", "denounced {o}"),
    "Accuse": ("level accusations at {o}", "leveled accusations at {o}"),
    "Use_conventional_military_force": ("use military force against {o}", "used military force against {o}"),
    "Make_an_appeal_or_request": ("make an appeal to {o}", "made an appeal to {o}"),
    "Express_intent_to_meet_or_negotiate": ("express a wish to meet {o}", "expressed a wish to meet {o}"),
    "Engage_in_negotiation": ("negotiate with {o}", "negotiated with {o}"),
    "Express_intent_to_cooperate": ("pledge to cooperate with {o}", "pledged to cooperate with {o}"),
    "Demand": ("make demands of {o}", "made demands of {o}"),
    "Engage_in_diplomatic_cooperation": ("cooperate diplomatically with {o}", "cooperated diplomatically with {o}"),
    "Sign_formal_agreement": ("sign a formal agreement with {o}", "signed a formal agreement with {o}"),
    "Investigate": ("open an investigation into {o}", "opened an investigation into {o}"),
    "Discuss_by_telephone": ("talk on the phone with {o}", "talked on the phone with {o}"),
    "Reject": ("turn down {o}", "turned down {o}"),
    "fight_with_small_arms_and_light_weapons": (
        "exchange small arms fire with {o}",
        "exchanged small arms fire with {o}",
    ),
    "Make_optimistic_comment": ("sound upbeat about {o}", "sounded upbeat about {o}"),
    "Threaten": ("threaten {o}", "threatened {o}"),
    "Abduct,_hijack,_or_take_hostage": ("abduct {o}", "abducted {o}"),
    "Make_pessimistic_comment": ("sound gloomy about {o}", "sounded gloomy about {o}"),
    "Meet_at_a_'third'_location": ("meet {o} in a third country", "met {o} in a third country"),
    "Protest_violently,_riot": ("riot against {o}", "rioted against {o}"),
    "Provide_humanitarian_aid": ("send humanitarian aid to {o}", "sent humanitarian aid to {o}"),
    "Make_empathetic_comment": ("express sympathy for {o}", "expressed sympathy for {o}"),
    "Use_tactics_of_violent_repression": ("violently repress {o}", "violently repressed {o}"),
    "Occupy_territory": ("occupy territory of {o}", "occupied territory of {o}"),
    "Physically_assault": ("physically attack {o}", "physically attacked {o}"),
    "Bring_lawsuit_against": ("take {o} to court", "took {o} to court"),
    "Confiscate_property": ("seize property of {o}", "seized property of {o}"),
    "Expel_or_deport_individuals": ("deport {o}", "deported {o}"),
    "Reduce_or_break_diplomatic_relations": ("cut diplomatic ties with {o}", "cut diplomatic ties with {o}"),
    "Cooperate_economically": ("cooperate economically with {o}", "cooperated economically with {o}"),
    "Cooperate_militarily": ("cooperate militarily with {o}", "cooperated militarily with {o}"),
    "Impose_embargo,_boycott,_or_sanctions": ("slap sanctions on {o}", "slapped sanctions on {o}"),
    "Yield": ("give in to {o}", "gave in to {o}"),
    "Provide_military_aid": ("give military aid to {o}", "gave military aid to {o}"),
    "Provide_economic_aid": ("give economic aid to {o}", "gave economic aid to {o}"),
    "Express_intent_to_provide_economic_aid": ("promise economic aid to {o}", "promised economic aid to {o}"),
    "Employ_aerial_weapons": ("carry out air strikes on {o}", "carried out air strikes on {o}"),
    "Kill_by_physical_assault": ("kill {o}", "killed {o}"),
    "Express_accord": ("voice agreement with {o}", "voiced agreement with {o}"),
    "Grant_diplomatic_recognition": ("grant diplomatic recognition to {o}", "granted diplomatic recognition to {o}"),
    "Share_intelligence_or_information": ("share intelligence with {o}", "shared intelligence with {o}"),
    "Halt_negotiations": ("break off talks with {o}", "broke off talks with {o}"),
    "Threaten_with_military_force": ("threaten {o} with military force", "threatened {o} with military force"),
    "Rally_support_on_behalf_of": ("rally support for {o}", "rallied support for {o}"),
    "Complain_officially": ("lodge an official complaint against {o}", "lodged an official complaint against {o}"),
}

# Sector entities "Police (Kenya)" said naturally; "{c}" is the spoken country.
SECTORS: dict[str, tuple[str, ...]] = {
    "Police": ("the police in {c}",),
    "Foreign Affairs": ("{c}'s foreign ministry", "the foreign ministry of {c}"),
    "Citizen": ("citizens of {c}", "{c}'s citizens"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Head of Government": ("{c}'s head of government", "the head of government of {c}"),
    "Military": ("the armed forces of {c}", "{c}'s military"),
    "Militant": ("militants in {c}",),
    "Protester": ("protesters in {c}",),
    "Criminal": ("criminals in {c}",),
    "Legislature": ("{c}'s legislature",),
    "Defense / Security Ministry": ("{c}'s defence ministry",),
    "Media": ("the media in {c}",),
    "Activist": ("activists in {c}",),
    "Student": ("students in {c}",),
}
THE_COUNTRIES = {
    "United States", "United Kingdom", "Philippines", "Netherlands", "United Arab Emirates", "Czech Republic",
    "Central African Republic", "Democratic Republic of Congo", "Republic of Congo", "Gambia", "Vatican City",
    "European Union", "United Nations", "Maldives", "Bahamas", "Ivory Coast", "Holy See", "Solomon Islands",
    "Marshall Islands", "Comoros",
}  # fmt: skip

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]  # fmt: skip
ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]  # fmt: skip
ORD = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
       "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
       "twentieth"]  # fmt: skip

STORES: dict[str, dict[str, Any]] = {
    # mtq: ICEWS05-15 is complete from 2013-11-18, a sample before; questions only ask about 2014-2015.
    "mtq": {"prefix": "b75m", "years": ["2014", "2015"], "complete_from": "2013-11-18", "n": 100},
    "bench": {"prefix": "b75b", "years": ["2014"], "complete_from": "2014-01-01", "n": 70},
}

READ_ALL = """
MATCH (s:Entity)<-[:SUBJECT]-(n:Event)-[:OBJECT]->(o:Entity)
WHERE n.recorded_to IS NULL
RETURN s.key AS sk, s.name AS s, n.relation AS r, o.key AS ok, o.name AS o, toString(n.valid_from) AS d
"""


@dataclass(frozen=True)
class Fact:
    s: str
    r: str
    o: str
    d: str


@dataclass
class KG:
    facts: list[Fact]
    key: dict[str, str]  # name -> key
    by_sr: dict[tuple[str, str], list[Fact]] = field(default_factory=lambda: defaultdict(list))
    by_or: dict[tuple[str, str], list[Fact]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[Fact]] = field(default_factory=lambda: defaultdict(list))

    def index(self) -> None:
        for f in self.facts:
            self.by_sr[(f.s, f.r)].append(f)
            self.by_or[(f.o, f.r)].append(f)
            self.by_sro[(f.s, f.r, f.o)].append(f)


# ---------------------------------------------------------------------------------------------------- spoken forms
def number_words(n: int) -> str:
    if n < 20:
        return ONES[n]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"][n // 10]
    return tens + (" " + ONES[n % 10] if n % 10 else "")


def ordinal(n: int) -> str:
    if n <= 20:
        return ORD[n]
    if n == 30:
        return "thirtieth"
    return ("twenty " if n < 30 else "thirty ") + ORD[n % 10]


def say_year(y: str) -> str:
    return "twenty " + number_words(int(y) - 2000)


def say_month(m: str, with_year: bool = True) -> str:
    y, mm = m.split("-")
    return MONTHS[int(mm) - 1] + (" " + say_year(y) if with_year else "")


def say_day(d: str, rng: random.Random, with_year: bool = True) -> str:
    y, mm, dd = d.split("-")
    month, day = MONTHS[int(mm) - 1], ordinal(int(dd))
    yr = " " + say_year(y) if with_year else ""
    if rng.random() < 0.6:
        return f"the {day} of {month}{yr}"
    return f"{month} {day}{yr}"


def plain(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return text.lower()


def say_entity(name: str, rng: random.Random) -> str | None:
    """The spoken form of an entity, or None when it has none we trust (digits, odd punctuation, unknown sector)."""
    m = re.fullmatch(r"(.+) \((.+)\)", name)
    if m:
        sector, country = m.group(1), m.group(2)
        forms = SECTORS.get(sector)
        if not forms or not re.fullmatch(r"[A-Za-z' ]+", country):
            return None
        c = plain(country)
        if country in THE_COUNTRIES:
            c = "the " + c
            forms = tuple(f for f in forms if not f.startswith("{c}")) or forms
        return rng.choice(forms).format(c=c)
    text = plain(name)
    if not re.fullmatch(r"[a-z' \-]+", text) or len(text) < 3:
        return None
    return ("the " + text) if name in THE_COUNTRIES else text


def all_forms(name: str) -> set[str]:
    """Every spoken variant say_entity can give `name` (to find forms two entities share)."""
    out = set()
    for i in range(12):
        s = say_entity(name, random.Random(i))
        if s:
            out.add(s)
    return out


def verb(rel: str, tense: int, obj: str = "") -> str:
    phrase = RELATIONS[rel][tense].format(o=obj)
    return re.sub(r"\s+", " ", phrase).strip()


# ---------------------------------------------------------------------------------------------------- periods
def period(d: str, level: str) -> str:
    return {"day": d, "month": d[:7], "year": d[:4]}[level]


def say_period(p: str, rng: random.Random, with_year: bool = True) -> str:
    if len(p) == 4:
        return "in " + say_year(p)
    if len(p) == 7:
        return "in " + say_month(p, with_year)
    return "on " + say_day(p, rng, with_year)


def bounds(p: str) -> tuple[str, str]:
    if len(p) == 4:
        return f"{p}-01-01", f"{p}-12-31"
    if len(p) == 7:
        return f"{p}-01", f"{p}-31"
    return p, p


# ---------------------------------------------------------------------------------------------------- generation
@dataclass
class Draft:
    qtype: str
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    construction: str
    check: Callable[[Store], list[str]]
    check_text: str


class Maker:
    def __init__(self, kg: KG, cfg: dict[str, Any], rng: random.Random) -> None:
        self.kg, self.cfg, self.rng = kg, cfg, rng
        self.years: list[str] = cfg["years"]
        self.complete_from: str = cfg["complete_from"]
        self.last_rel = ""
        self.rel_use: dict[str, int] = defaultdict(int)
        self.used: set[tuple[str, ...]] = set()
        spoken: dict[str, set[str]] = defaultdict(set)
        names = sorted({f.s for f in kg.facts} | {f.o for f in kg.facts})
        for n in names:
            for s in all_forms(n):
                spoken[s].add(n)
        # Spoken forms that two entities share ("citizens of X" vs nothing else, but "the X" collisions) are unusable.
        self.ambiguous = {s for s, ns in spoken.items() if len(ns) > 1}
        self.sr_keys = sorted(k for k in kg.by_sr if k[1] in RELATIONS)
        self.or_keys = sorted(k for k in kg.by_or if k[1] in RELATIONS)
        self.sro_keys = sorted(k for k in kg.by_sro if k[1] in RELATIONS)
        self.anchors = sorted(
            k for k, fs in kg.by_sro.items()
            if len(fs) == 1 and k[1] in RELATIONS and fs[0].d[:4] in self.years
        )  # fmt: skip

    def say(self, name: str) -> str | None:
        s = say_entity(name, self.rng)
        if s is None or s in self.ambiguous:
            return None
        return s

    def pick_rel_key(self, keys: list[tuple[str, ...]]) -> tuple[str, ...]:
        """A random key, biased towards relations used least so far."""
        best: tuple[str, ...] | None = None
        for _ in range(8):
            k = self.rng.choice(keys)
            if best is None or self.rel_use[k[1]] < self.rel_use[best[1]]:
                best = k
        assert best is not None
        self.last_rel = best[1]
        return best

    def in_scope(self, f: Fact) -> bool:
        return f.d[:4] in self.years

    # ---- equal: objects of (s, r) in a period ------------------------------------------------------------------
    def equal_objects(self) -> Draft | None:
        s, r = self.pick_rel_key(self.sr_keys)[:2]
        fs = [f for f in self.kg.by_sr[(s, r)] if self.in_scope(f)]
        if not fs:
            return None
        level = self.rng.choice(["day", "month", "month", "year"])
        p = period(self.rng.choice(fs).d, level)
        gold = sorted({f.o for f in fs if period(f.d, level) == p})
        S = self.say(s)
        if not S or not 1 <= len(gold) <= MAX_GOLD:
            return None
        when = say_period(p, self.rng)
        v = verb(r, 0)
        form = self.rng.randrange(3)
        if form == 0:
            q, c = f"who'd {S} {v} {when}", "equal: who'd S V PERIOD"
        elif form == 1:
            q, c = f"{when} who did {S} {v}", "equal: PERIOD fronted"
        else:
            q, c = f"tell me who {S} {verb(r, 1)} {when}", "equal: tell me who S V-ed PERIOD"
        lo, hi = bounds(p)
        return Draft("equal", q, gold, "entity", level, c, self._check_objs(s, r, lo, hi, None), "objects in range")

    def _check_objs(self, s: str, r: str, lo: str, hi: str, pick: str | None, side: str = "s") -> Callable:
        """Second query: the objects (side s) or subjects (side o) of r around `s`, within [lo, hi]; pick = 'min' or
        'max' keeps only the earliest/latest day."""
        me, other = ("SUBJECT", "OBJECT") if side == "s" else ("OBJECT", "SUBJECT")
        agg = ""
        if pick:
            agg = (
                f"WITH x, e.valid_from AS d WITH collect([d, x.name]) AS rows, {pick}(d) AS m "
                "UNWIND rows AS row WITH row, m WHERE row[0] = m RETURN DISTINCT row[1] AS name"
            )
        else:
            agg = "RETURN DISTINCT x.name AS name"
        cy = (
            f"MATCH (a:Entity {{key: $k}})<-[:{me}]-(e:Event)-[:{other}]->(x:Entity) WHERE e.relation = $r "
            f"AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) AND e.recorded_to IS NULL {agg}"
        )
        key = self.kg.key[s]
        hi_d = _clip(hi)
        return lambda st: sorted(row["name"] for row in st.run(cy, k=key, r=r, lo=lo, hi=hi_d))

    # ---- equal: subjects of (o, r) in a period -----------------------------------------------------------------
    def equal_subjects(self) -> Draft | None:
        o, r = self.pick_rel_key(self.or_keys)[:2]
        fs = [f for f in self.kg.by_or[(o, r)] if self.in_scope(f)]
        if not fs:
            return None
        level = self.rng.choice(["day", "month"])
        p = period(self.rng.choice(fs).d, level)
        gold = sorted({f.s for f in fs if period(f.d, level) == p})
        ob = self.say(o)
        if not ob or not 1 <= len(gold) <= MAX_GOLD:
            return None
        when = say_period(p, self.rng)
        if self.rng.random() < 0.5:
            q, c = f"who {verb(r, 1, ob)} {when}", "equal: who V-ed O PERIOD"
        else:
            q, c = f"{when} who was it that {verb(r, 1, ob)}", "equal: PERIOD who was it that V-ed O"
        lo, hi = bounds(p)
        return Draft(
            "equal", q, gold, "entity", level, c, self._check_objs(o, r, lo, hi, None, "o"), "subjects in range"
        )

    # ---- equal: the time of a triple ---------------------------------------------------------------------------
    def equal_time(self) -> Draft | None:
        s, r, o = self.pick_rel_key(self.sro_keys)
        year = self.rng.choice(self.years)
        fs = [f for f in self.kg.by_sro[(s, r, o)] if f.d[:4] == year]
        S, ob = self.say(s), self.say(o)
        if not fs or not S or not ob:
            return None
        level = self.rng.choice(["day", "month", "month"])
        gold = sorted({period(f.d, level) for f in fs})
        if not 1 <= len(gold) <= MAX_GOLD:
            return None
        y = say_year(year)
        v = verb(r, 0, ob)
        if level == "month":
            many = "months" if len(gold) > 1 else "month"
            if self.rng.random() < 0.5:
                q, c = f"which {many} of {y} saw {S} {v}", "equal: which month of YEAR saw S V O"
            else:
                q, c = f"in {y} what {many} did {S} {v}", "equal: in YEAR what month did S V O"
        else:
            many = "dates" if len(gold) > 1 else "date"
            if self.rng.random() < 0.5:
                q, c = f"what {many} in {y} saw {S} {v}", "equal: what date in YEAR saw S V O"
            else:
                q, c = f"on which {many} in {y} did {S} {v}", "equal: on which date in YEAR did S V O"
        chk = self._check_times(s, r, o, f"{year}-01-01", f"{year}-12-31", level, None)
        return Draft("equal", q, gold, "time", level, c, chk, "distinct periods of the triple in the year")

    def _check_times(self, s: str, r: str, o: str | None, lo: str, hi: str, level: str, pick: str | None) -> Callable:
        n = {"day": 10, "month": 7, "year": 4}[level]
        obj = "-[:OBJECT]->(:Entity {key: $o})" if o else ""
        tail = f"RETURN {pick}(e.valid_from) AS d" if pick else "RETURN DISTINCT e.valid_from AS d"
        cy = (
            f"MATCH (:Entity {{key: $s}})<-[:SUBJECT]-(e:Event){obj} WHERE e.relation = $r AND e.recorded_to IS NULL "
            f"AND date($lo) <= e.valid_from <= date($hi) {tail}"
        )
        sk, okey = self.kg.key[s], self.kg.key[o] if o else None
        hi_d = _clip(hi)

        def run(st: Store) -> list[str]:
            rows = st.run(cy, s=sk, o=okey, r=r, lo=lo, hi=hi_d)
            return sorted({str(row["d"])[:n] for row in rows if row["d"] is not None})

        return run

    # ---- first_last: who first/last (entity) -------------------------------------------------------------------
    def first_last_entity(self) -> Draft | None:
        side = self.rng.choice(["s", "o"])
        year = self.rng.choice(self.years)
        last = self.rng.random() < 0.5
        if side == "o":
            e, r = self.pick_rel_key(self.or_keys)[:2]
            fs = [f for f in self.kg.by_or[(e, r)] if f.d[:4] == year]
        else:
            e, r = self.pick_rel_key(self.sr_keys)[:2]
            fs = [f for f in self.kg.by_sr[(e, r)] if f.d[:4] == year]
        E = self.say(e)
        if len(fs) < 2 or not E:
            return None
        d = max(f.d for f in fs) if last else min(f.d for f in fs)
        gold = sorted({(f.s if side == "o" else f.o) for f in fs if f.d == d})
        if len({f.d for f in fs}) < 2 or not 1 <= len(gold) <= MAX_GOLD:
            return None
        y = say_year(year)
        fl = "last" if last else "first"
        if side == "o":
            if self.rng.random() < 0.5:
                q, c = f"who was the {fl} to {verb(r, 0, E)} in {y}", "first_last: who was the FL to V O in YEAR"
            else:
                q, c = f"in {y} who {fl} {verb(r, 1, E)}", "first_last: in YEAR who FL V-ed O"
                if last:
                    q = f"in {y} who {verb(r, 1, E)} most recently"
                    c = "first_last: in YEAR who V-ed O most recently"
        else:
            if self.rng.random() < 0.5:
                q, c = f"who'd {E} {verb(r, 0)} {fl} in {y}", "first_last: who'd S V FL in YEAR"
            else:
                q = f"in {y} who was the {'final' if last else 'very first'} party {E} {verb(r, 1)}"
                c = "first_last: in YEAR who was the final/very first party S V-ed"
        chk = self._check_objs(e, r, f"{year}-01-01", f"{year}-12-31", "max" if last else "min", side)
        return Draft("first_last", q, gold, "entity", "day", c, chk, f"{'max' if last else 'min'} day in year")

    # ---- first_last: when first/last (time) --------------------------------------------------------------------
    def first_last_time(self) -> Draft | None:
        s, r, o = self.pick_rel_key(self.sro_keys)
        S, ob = self.say(s), self.say(o)
        fs = self.kg.by_sro[(s, r, o)]
        if not S or not ob or len(fs) < 2:
            return None
        last = self.rng.random() < 0.55
        v0, v1 = verb(r, 0, ob), verb(r, 1, ob)
        if last:
            d = max(f.d for f in fs)  # the store ends with the data set: "last" needs no scope
            if d[:4] not in self.years:
                return None
            level = self.rng.choice(["day", "month", "year"] if len(self.years) > 1 else ["day", "month"])
            lo, hi = self.complete_from, "2015-12-31"
            form = self.rng.randrange(2)
            if level == "day":
                q, c = (
                    (f"when's the last time {S} {v1}", "first_last: when's the last time S V-ed O")
                    if form
                    else (f"what was the most recent date {S} {v1}", "first_last: most recent date S V-ed O")
                )
            elif level == "month":
                q, c = f"in which month did {S} last {v0}", "first_last: in which month did S last V O"
            else:
                q, c = (
                    f"which year saw {S} {v0} for the last time",
                    "first_last: which year saw S V O for the last time",
                )
            gold = [period(d, level)]
        else:
            year = self.rng.choice(self.years)
            ys = [f for f in fs if f.d[:4] == year]
            if len({f.d for f in ys}) < 2:
                return None
            d = min(f.d for f in ys)
            level = self.rng.choice(["day", "month"])
            y = say_year(year)
            if level == "day":
                q, c = f"when'd {S} first {v0} in {y}", "first_last: when'd S first V O in YEAR"
            elif self.rng.random() < 0.5:
                q, c = (
                    f"in {y} which month saw {S} {v0} for the first time",
                    "first_last: in YEAR which month saw first",
                )
            else:
                q, c = f"in which month of {y} did {S} first {v0}", "first_last: in which month of YEAR did S first V O"
            gold = [period(d, level)]
            lo, hi = f"{year}-01-01", f"{year}-12-31"
        chk = self._check_times(s, r, o, lo, hi, level, "max" if last else "min")
        return Draft("first_last", q, gold, "time", level, c, chk, f"{'max' if last else 'min'}(valid_from) of triple")

    # ---- before_after: a date anchor ---------------------------------------------------------------------------
    def before_after(self) -> Draft | None:
        side = self.rng.choice(["s", "s", "o"])
        key = self.pick_rel_key(self.sr_keys if side == "s" else self.or_keys)
        e, r = key[0], key[1]
        idx = self.kg.by_sr if side == "s" else self.kg.by_or
        after = self.rng.random() < 0.5
        fs = sorted(idx[(e, r)], key=lambda f: f.d)
        E = self.say(e)
        if not E or len(fs) < 3:
            return None
        year = self.rng.choice(self.years)
        days = sorted({f.d for f in fs if f.d[:4] == year})
        if len(days) < 3:
            return None
        # A cut date between two event days, so that both sides have events.
        i = self.rng.randrange(1, len(days))
        cut = days[i] if after else days[i - 1]
        if after:
            # "after D": strictly later days; mtq runs to the end of the store (2015-12-31), scoped in words.
            lo, hi = _next_day(cut), (f"{year}-12-31" if len(self.years) == 1 or year == "2014" else "2015-12-31")
            if len(self.years) > 1 and year == "2014":
                hi = "2014-12-31"
        else:
            lo, hi = f"{year}-01-01", _prev_day(cut)
        ent = [f for f in fs if lo <= f.d <= hi]
        gold = sorted({(f.o if side == "s" else f.s) for f in ent})
        if not ent or not 1 <= len(gold) <= MAX_GOLD:
            return None
        D = say_day(cut, self.rng, with_year=False)
        y = say_year(year)
        ba = "after" if after else "before"
        if after and year == self.years[-1]:
            tail = f"after {say_day(cut, self.rng)}"
        elif after:
            tail = f"in {y} after {D}" if self.rng.random() < 0.5 else f"after {D} but still in {y}"
        else:
            tail = f"in {y} before {D}" if self.rng.random() < 0.5 else f"earlier in {y} than {D}"
        if side == "s":
            q, c = f"who did {E} {verb(r, 0)} {tail}", f"before_after: who did S V {ba} DATE"
        else:
            q, c = f"{tail} who {verb(r, 1, E)}", f"before_after: DATE-{ba} fronted who V-ed O"
        chk = self._check_objs(e, r, lo, hi, None, side)
        return Draft("before_after", q, gold, "entity", "day", c, chk, f"range {lo}..{hi}")

    # ---- anchors -----------------------------------------------------------------------------------------------
    def anchor(self, focus: str) -> tuple[Fact, str] | None:
        """A unique event involving `focus` and its spoken clause."""
        cands = [k for k in self._anchors_of(focus)]
        if not cands:
            return None
        s, r, o = self.rng.choice(cands)
        S, ob = self.say(s), self.say(o)
        if not S or not ob:
            return None
        f = self.kg.by_sro[(s, r, o)][0]
        return f, f"{S} {verb(r, 1, ob)}"

    def _anchors_of(self, e: str) -> list[tuple[str, str, str]]:
        if not hasattr(self, "_anc_idx"):
            idx: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
            for k in self.anchors:
                idx[k[0]].append(k)
                idx[k[2]].append(k)
            self._anc_idx = idx
        return self._anc_idx.get(e, [])

    def relative(self, qtype: str) -> Draft | None:
        """after_first / before_last (entity or time) and equal_multi."""
        side = "s" if self.rng.random() < 0.75 else "o"
        key = self.pick_rel_key(self.sr_keys if side == "s" else self.or_keys)
        e, r = key[0], key[1]
        idx = self.kg.by_sr if side == "s" else self.kg.by_or
        E = self.say(e)
        if not E:
            return None
        anc = self.anchor(e)
        if anc is None:
            return None
        a, A = anc
        if a.r == r:
            return None
        fs = sorted(idx[(e, r)], key=lambda f: f.d)
        time_ans = qtype != "equal_multi" and side == "s" and self.rng.random() < 0.35
        if qtype == "equal_multi":
            level = self.rng.choice(["day", "month", "month"] + (["year"] if len(self.years) > 1 else []))
            p = period(a.d, level)
            lo, hi = bounds(p)
            sel = [f for f in fs if lo <= f.d <= hi]
            if not sel:
                return None
            gold = sorted({(f.o if side == "s" else f.s) for f in sel})
            rest = {(f.o if side == "s" else f.s) for f in fs}
            if not 1 <= len(gold) <= MAX_GOLD or (level == "year" and rest == set(gold)):
                return None
            same = {"day": "on the same day", "month": "in the same month", "year": "in the same year"}[level]
            if side == "s":
                if self.rng.random() < 0.5:
                    q, c = f"{same} that {A} who did {E} {verb(r, 0)}", "equal_multi: SAME-PERIOD that A who did S V"
                else:
                    q, c = f"who'd {E} {verb(r, 0)} {same} as {A}", "equal_multi: who'd S V SAME-PERIOD as A"
            else:
                q, c = f"who {verb(r, 1, E)} {same} as {A}", "equal_multi: who V-ed O SAME-PERIOD as A"
                if level == "day":
                    q = f"who {verb(r, 1, E)} on the day {A}"
                    c = "equal_multi: who V-ed O on the day A"
            chk = self._check_rel(e, r, a, side, "same", level)
            return Draft("equal_multi", q, gold, "entity", level, c, chk, f"same {level} as the anchor")
        after = qtype == "after_first"
        if time_ans:
            # when did S next/last V O after/before A
            objs = sorted({f.o for f in fs})
            o = self.rng.choice(objs)
            ob = self.say(o)
            if not ob:
                return None
            tf = [f for f in fs if f.o == o and (f.d > a.d if after else f.d < a.d)]
            if not tf:
                return None
            d = min(f.d for f in tf) if after else max(f.d for f in tf)
            if d < self.complete_from or d[:4] not in self.years:
                return None
            level = self.rng.choice(["day", "day", "month"])
            gold = [period(d, level)]
            v0 = verb(r, 0, ob)
            if after:
                if level == "day":
                    q, c = (
                        f"after {A} when's the next time {E} {verb(r, 1, ob)}",
                        "after_first: after A when's the next time S V-ed O",
                    )
                else:
                    q, c = (
                        f"which month saw {E} first {v0} after {A}",
                        "after_first: which month saw S first V O after A",
                    )
            else:
                if level == "day":
                    q, c = f"when'd {E} last {v0} before {A}", "before_last: when'd S last V O before A"
                else:
                    q, c = (
                        f"before {A} what was the last month {E} {verb(r, 1, ob)}",
                        "before_last: before A last month S V-ed O",
                    )
            chk = self._check_rel(e, r, a, side, "next" if after else "prev", level, o)
            return Draft(qtype, q, gold, "time", level, c, chk, "anchor date then min/max of the triple beyond it")
        tf = [f for f in fs if (f.d > a.d if after else f.d < a.d)]
        if not tf:
            return None
        d = min(f.d for f in tf) if after else max(f.d for f in tf)
        if d < self.complete_from or d[:4] not in self.years:
            return None
        gold = sorted({(f.o if side == "s" else f.s) for f in tf if f.d == d})
        if not 1 <= len(gold) <= MAX_GOLD:
            return None
        if side == "s":
            if after:
                if self.rng.random() < 0.5:
                    q, c = f"who did {E} {verb(r, 0)} first after {A}", "after_first: who did S V first after A"
                else:
                    q, c = (
                        f"once {A} who was the first that {E} {verb(r, 1)}",
                        "after_first: once A who was the first S V-ed",
                    )
            else:
                if self.rng.random() < 0.5:
                    q, c = f"who'd {E} last {verb(r, 0)} before {A}", "before_last: who'd S last V before A"
                else:
                    q, c = (
                        f"before {A} who was the last that {E} {verb(r, 1)}",
                        "before_last: before A who was the last S V-ed",
                    )
        else:
            if after:
                q, c = f"after {A} who was the next to {verb(r, 0, E)}", "after_first: after A who was the next to V O"
            else:
                q, c = (
                    f"who was the last to {verb(r, 0, E)} before {A}",
                    "before_last: who was the last to V O before A",
                )
        chk = self._check_rel(e, r, a, side, "next" if after else "prev", "day")
        return Draft(qtype, q, gold, "entity", "day", c, chk, "anchor date then min/max day beyond it")

    def _check_rel(self, e: str, r: str, a: Fact, side: str, mode: str, level: str, o: str | None = None) -> Callable:
        """Second query for anchored questions: re-read the anchor's date (must be unique), then the focus events."""
        me, other = ("SUBJECT", "OBJECT") if side == "s" else ("OBJECT", "SUBJECT")
        anchor_q = (
            "MATCH (:Entity {key: $anc_s})<-[:SUBJECT]-(a:Event)-[:OBJECT]->(:Entity {key: $ao}) "
            "WHERE a.relation = $ar AND a.recorded_to IS NULL WITH collect(a.valid_from) AS ads "
            "WHERE size(ads) = 1 WITH ads[0] AS ad "
        )
        n = {"day": 10, "month": 7, "year": 4}[level]
        omatch = "AND x.key = $o " if o else ""
        if mode == "same":
            cond = f"AND substring(toString(e.valid_from), 0, {n}) = substring(toString(ad), 0, {n})"
            cy = (
                anchor_q + f"MATCH (:Entity {{key: $k}})<-[:{me}]-(e:Event)-[:{other}]->(x:Entity) "
                f"WHERE e.relation = $r AND e.recorded_to IS NULL {cond} RETURN DISTINCT x.name AS v"
            )
        else:
            cmp, agg = (">", "min") if mode == "next" else ("<", "max")
            ret = "RETURN DISTINCT x.name AS v" if o is None else f"RETURN DISTINCT substring(toString(m), 0, {n}) AS v"
            cy = (
                anchor_q + f"MATCH (:Entity {{key: $k}})<-[:{me}]-(e:Event)-[:{other}]->(x:Entity) "
                f"WHERE e.relation = $r AND e.recorded_to IS NULL AND e.valid_from {cmp} ad {omatch}"
                f"WITH {agg}(e.valid_from) AS m, collect([e.valid_from, x]) AS rows UNWIND rows AS row "
                f"WITH m, row WHERE row[0] = m WITH m, row[1] AS x {ret}"
            )
        params = {
            "anc_s": self.kg.key[a.s],
            "ao": self.kg.key[a.o],
            "ar": a.r,
            "k": self.kg.key[e],
            "r": r,
            "o": self.kg.key[o] if o else None,
        }
        return lambda st: sorted(row["v"] for row in st.run(cy, params))


def _clip(hi: str) -> str:
    """Month bounds are written YYYY-MM-31; clip to the month's real last day."""
    y, m, d = (int(x) for x in hi.split("-"))
    return f"{y:04d}-{m:02d}-{min(d, calendar.monthrange(y, m)[1]):02d}"


def _next_day(d: str) -> str:
    return (dt.date.fromisoformat(d) + dt.timedelta(days=1)).isoformat()


def _prev_day(d: str) -> str:
    return (dt.date.fromisoformat(d) - dt.timedelta(days=1)).isoformat()


# ---------------------------------------------------------------------------------------------------- driver
PLAN: list[tuple[str, float]] = [
    ("equal_objects", 0.10), ("equal_subjects", 0.08), ("equal_time", 0.10), ("first_last_entity", 0.10),
    ("first_last_time", 0.10), ("before_after", 0.14), ("after_first", 0.13), ("before_last", 0.12),
    ("equal_multi", 0.13),
]  # fmt: skip


def read_kg(store: Store) -> KG:
    rows = store.run_values(READ_ALL)
    facts = sorted({Fact(row["s"], row["r"], row["o"], row["d"]) for row in rows}, key=lambda f: (f.d, f.s, f.r, f.o))
    key = {}
    for row in rows:
        key[row["s"]] = row["sk"]
        key[row["o"]] = row["ok"]
    kg = KG(facts, key)
    kg.index()
    return kg


def generate(store: Store, name: str) -> tuple[list[dict[str, Any]], int]:
    cfg = STORES[name]
    rng = random.Random(f"{SEED}-{name}")
    kg = read_kg(store)
    maker = Maker(kg, cfg, rng)
    total = cfg["n"]
    slots: list[str] = []
    for kind, share in PLAN:
        slots += [kind] * round(total * share)
    slots = (slots + [k for k, _ in PLAN])[:total]
    records: list[dict[str, Any]] = []
    dropped = 0
    seen_q: set[str] = set()
    rel_count: dict[str, int] = defaultdict(int)
    for i, kind in enumerate(slots):
        draft = None
        for _ in range(4000):
            if kind in ("after_first", "before_last", "equal_multi"):
                draft = maker.relative(kind)
            else:
                draft = getattr(maker, kind)()
            if draft is None or draft.question in seen_q or "," in draft.question:
                draft = None
                continue
            break
        if draft is None:
            print(f"slot {i} {kind}: no question found", file=sys.stderr)
            continue
        seen_q.add(draft.question)
        checked = draft.check(store)
        agrees = checked == sorted(draft.answers)
        if not agrees:
            dropped += 1
            print(
                f"dropped (check disagrees): {draft.question!r} gold={draft.answers} check={checked}", file=sys.stderr
            )
            continue
        assert draft.question == draft.question.lower() and not re.search(r"[0-9,?]", draft.question), draft.question
        qid = f"{cfg['prefix']}{len(records) + 1:03d}"
        records.append(
            {
                "id": qid,
                "quid": qid,
                "store": name,
                "question": draft.question,
                "answers": draft.answers,
                "answer_type": draft.answer_type,
                "time_level": draft.time_level,
                "qtype": draft.qtype,
                "qlabel": "Multiple" if draft.qtype in ("after_first", "before_last", "equal_multi") else "Single",
                "construction": draft.construction,
                "check": draft.check_text,
                "check_agrees": agrees,
                "evidence": [],
            }
        )
        maker.rel_use[maker.last_rel] += 1
        rel_count[maker.last_rel] += 1
    print(f"{len(rel_count)} relations: {dict(sorted(rel_count.items()))}", file=sys.stderr)
    return records, dropped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, dropped = generate(store, args.store)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{len(records)} questions written to {args.out}; {dropped} dropped by the check", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
