"""Blind held-out question set 41: MultiTQ-style questions over the ``mtq`` (ICEWS05-15 partial) and ``bench``
(ICEWS14) stores, written in new phrasings and constructions, with gold computed over the whole store.

Why: an honest figure of the symbolic temporal reader on wordings it was never tuned on. Gold comes from one Cypher
read of every (subject, relation, object, day) and Python; each gold is recomputed by a second, differently written
Cypher query (matched from the other side, dates compared as strings, or aggregated in Cypher) and kept only when
the two agree. Deterministic: rerunning gives byte-identical files.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_41.py --store mtq --out <work>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_41.py --store bench --out <work>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261241
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
# store -> (id prefix, first asked day, last asked day, years asked about)
STORES = {
    "mtq": ("b41m", "2014-01-01", "2015-12-31", (2014, 2015)),
    "bench": ("b41i", "2014-01-01", "2014-12-31", (2014,)),
}

# Relation wordings: act = past tense with {o}; inf = bare infinitive with {o}; pp = passive participle (for
# "{o} was ... by"); noun = a noun phrase with {s} and {o}. Object questions ("whom did S ...") need inf ending in {o}.
REL: dict[str, dict[str, list[str]]] = {
    "Make_a_visit": {
        "act": ["visited {o}", "paid a visit to {o}", "travelled to {o} on a visit"],
        "inf": ["visit {o}", "pay a visit to {o}"],
        "pp": ["visited"],
        "noun": ["{s}'s visit to {o}", "the trip {s} made to {o}"],
    },
    "Host_a_visit": {
        "act": ["hosted {o}", "welcomed {o} on a visit", "received {o} as a visitor"],
        "inf": ["host {o}", "play host to {o}"],
        "pp": ["hosted", "received as a guest"],
        "noun": ["{o}'s visit hosted by {s}", "the visit of {o} to {s}"],
    },
    "Consult": {
        "act": ["consulted {o}", "held consultations with {o}", "conferred with {o}"],
        "inf": ["consult {o}", "confer with {o}"],
        "pp": ["consulted"],
        "noun": ["{s}'s consultations with {o}"],
    },
    "Make_an_appeal_or_request": {
        "act": ["appealed to {o}", "made a request to {o}", "addressed an appeal to {o}"],
        "inf": ["appeal to {o}", "make a request of {o}"],
        "pp": ["appealed to"],
        "noun": ["the appeal {s} made to {o}", "{s}'s request to {o}"],
    },
    "Express_intent_to_meet_or_negotiate": {
        "act": [
            "said they were ready to meet or negotiate with {o}",
            "voiced an intention to meet or negotiate with {o}",
        ],
        "inf": ["express a wish to meet or negotiate with {o}", "offer to meet or negotiate with {o}"],
        "pp": [],
        "noun": ["{s}'s offer to meet or negotiate with {o}"],
    },
    "Arrest,_detain,_or_charge_with_legal_action": {
        "act": ["arrested, detained or charged {o}", "detained, arrested or charged {o}"],
        "inf": ["arrest, detain or charge {o}"],
        "pp": ["arrested, detained or charged"],
        "noun": ["the arrest or charging of {o} by {s}"],
    },
    "Praise_or_endorse": {
        "act": ["praised {o}", "spoke approvingly of {o}", "lauded {o}"],
        "inf": ["praise {o}", "endorse {o}"],
        "pp": ["praised", "commended"],
        "noun": ["{s}'s praise for {o}", "the praise {s} gave {o}"],
    },
    "Criticize_or_denounce": {
        "act": ["criticized {o}", "denounced {o}", "condemned {o}"],
        "inf": ["criticize {o}", "denounce {o}"],
        "pp": ["criticized", "denounced"],
        "noun": ["{s}'s criticism of {o}", "the denunciation of {o} by {s}"],
    },
    "Use_conventional_military_force": {
        "act": ["used conventional military force against {o}", "attacked {o} with conventional military force"],
        "inf": ["use conventional military force against {o}"],
        "pp": ["attacked with conventional military force"],
        "noun": ["the conventional military attack by {s} on {o}"],
    },
    "Engage_in_negotiation": {
        "act": ["negotiated with {o}", "held negotiations with {o}"],
        "inf": ["negotiate with {o}", "enter negotiations with {o}"],
        "pp": [],
        "noun": ["the negotiations {s} held with {o}"],
    },
    "Accuse": {
        "act": ["accused {o}", "levelled an accusation at {o}"],
        "inf": ["accuse {o}", "level accusations at {o}"],
        "pp": ["accused"],
        "noun": ["{s}'s accusation against {o}"],
    },
    "Use_unconventional_violence": {
        "act": ["used unconventional violence against {o}", "carried out unconventional violence against {o}"],
        "inf": ["use unconventional violence against {o}"],
        "pp": ["targeted with unconventional violence"],
        "noun": ["the unconventional violence of {s} against {o}"],
    },
    "Engage_in_diplomatic_cooperation": {
        "act": ["cooperated diplomatically with {o}", "engaged in diplomatic cooperation with {o}"],
        "inf": ["cooperate diplomatically with {o}"],
        "pp": [],
        "noun": ["the diplomatic cooperation of {s} with {o}"],
    },
    "Sign_formal_agreement": {
        "act": ["signed a formal agreement with {o}", "signed an accord with {o}"],
        "inf": ["sign a formal agreement with {o}", "sign an accord with {o}"],
        "pp": [],
        "noun": ["the formal agreement {s} signed with {o}", "the signing of an accord by {s} with {o}"],
    },
    "Express_intent_to_cooperate": {
        "act": ["expressed an intention to cooperate with {o}", "signalled a willingness to cooperate with {o}"],
        "inf": ["express an intent to cooperate with {o}", "signal willingness to cooperate with {o}"],
        "pp": [],
        "noun": ["{s}'s pledge of cooperation to {o}"],
    },
    "Demand": {
        "act": ["made demands of {o}", "issued a demand to {o}"],
        "inf": ["make a demand of {o}", "issue demands to {o}"],
        "pp": [],
        "noun": ["the demand {s} put to {o}"],
    },
    "Investigate": {
        "act": ["investigated {o}", "opened an investigation into {o}"],
        "inf": ["investigate {o}", "open an inquiry into {o}"],
        "pp": ["investigated", "probed"],
        "noun": ["the investigation of {o} by {s}"],
    },
    "Discuss_by_telephone": {
        "act": ["spoke by telephone with {o}", "had a phone call with {o}", "phoned {o}"],
        "inf": ["talk on the phone with {o}", "phone {o}", "call {o}"],
        "pp": ["phoned", "called"],
        "noun": ["the phone call {s} made to {o}", "{s}'s telephone conversation with {o}"],
    },
    "Reject": {
        "act": ["rejected {o}", "rebuffed {o}"],
        "inf": ["reject {o}", "rebuff {o}"],
        "pp": ["rejected", "rebuffed"],
        "noun": ["{s}'s rejection of {o}"],
    },
    "Make_optimistic_comment": {
        "act": ["made optimistic comments about {o}", "sounded upbeat about {o}"],
        "inf": ["make an optimistic remark about {o}"],
        "pp": [],
        "noun": ["{s}'s optimistic remarks about {o}"],
    },
    "Make_pessimistic_comment": {
        "act": ["made pessimistic comments about {o}", "sounded gloomy about {o}"],
        "inf": ["make a pessimistic remark about {o}"],
        "pp": [],
        "noun": ["{s}'s pessimistic remarks about {o}"],
    },
    "Threaten": {
        "act": ["threatened {o}", "issued threats against {o}"],
        "inf": ["threaten {o}"],
        "pp": ["threatened"],
        "noun": ["{s}'s threat against {o}"],
    },
    "Provide_humanitarian_aid": {
        "act": ["provided humanitarian aid to {o}", "sent humanitarian assistance to {o}"],
        "inf": ["provide humanitarian aid to {o}", "send humanitarian relief to {o}"],
        "pp": [],
        "noun": ["the humanitarian aid {s} gave {o}"],
    },
    "Make_empathetic_comment": {
        "act": ["expressed sympathy for {o}", "made empathetic remarks about {o}"],
        "inf": ["express sympathy for {o}"],
        "pp": [],
        "noun": ["{s}'s expression of sympathy for {o}"],
    },
    "Meet_at_a_'third'_location": {
        "act": ["met {o} at a third location", "met {o} on neutral ground"],
        "inf": ["meet {o} at a third location"],
        "pp": [],
        "noun": ["the meeting of {s} and {o} at a third location"],
    },
    "Provide_aid": {
        "act": ["provided aid to {o}", "gave assistance to {o}"],
        "inf": ["provide aid to {o}", "give assistance to {o}"],
        "pp": ["given aid"],
        "noun": ["the aid {s} provided to {o}"],
    },
    "Physically_assault": {
        "act": ["physically assaulted {o}", "physically attacked {o}"],
        "inf": ["physically assault {o}"],
        "pp": ["physically assaulted"],
        "noun": ["the physical assault by {s} on {o}"],
    },
    "Impose_embargo,_boycott,_or_sanctions": {
        "act": ["imposed an embargo, boycott or sanctions on {o}", "slapped sanctions, an embargo or a boycott on {o}"],
        "inf": ["impose sanctions, an embargo or a boycott on {o}"],
        "pp": ["hit with an embargo, boycott or sanctions"],
        "noun": ["the sanctions, embargo or boycott {s} imposed on {o}"],
    },
    "Express_accord": {
        "act": ["expressed agreement with {o}", "voiced accord with {o}"],
        "inf": ["express agreement with {o}"],
        "pp": [],
        "noun": ["{s}'s expression of accord with {o}"],
    },
    "Cooperate_economically": {
        "act": ["cooperated economically with {o}", "worked together economically with {o}"],
        "inf": ["cooperate economically with {o}"],
        "pp": [],
        "noun": ["the economic cooperation of {s} with {o}"],
    },
    "Grant_diplomatic_recognition": {
        "act": ["granted diplomatic recognition to {o}", "recognized {o} diplomatically"],
        "inf": ["grant diplomatic recognition to {o}"],
        "pp": ["granted diplomatic recognition"],
        "noun": ["the diplomatic recognition {s} granted {o}"],
    },
    "Apologize": {
        "act": ["apologized to {o}", "offered an apology to {o}"],
        "inf": ["apologize to {o}"],
        "pp": ["apologized to"],
        "noun": ["{s}'s apology to {o}"],
    },
    "Provide_military_aid": {
        "act": ["provided military aid to {o}", "supplied military assistance to {o}"],
        "inf": ["provide military aid to {o}"],
        "pp": ["given military aid"],
        "noun": ["the military aid {s} provided to {o}"],
    },
    "Provide_economic_aid": {
        "act": ["provided economic aid to {o}", "gave economic assistance to {o}"],
        "inf": ["provide economic aid to {o}"],
        "pp": ["given economic aid"],
        "noun": ["the economic aid {s} gave {o}"],
    },
    "Bring_lawsuit_against": {
        "act": ["sued {o}", "brought a lawsuit against {o}"],
        "inf": ["sue {o}", "file a lawsuit against {o}"],
        "pp": ["sued"],
        "noun": ["the lawsuit {s} brought against {o}"],
    },
    "Threaten_with_military_force": {
        "act": ["threatened {o} with military force", "made military threats against {o}"],
        "inf": ["threaten {o} with military force"],
        "pp": ["threatened with military force"],
        "noun": ["{s}'s threat of military force against {o}"],
    },
    "Reduce_or_break_diplomatic_relations": {
        "act": ["cut or broke off diplomatic relations with {o}", "downgraded diplomatic ties with {o}"],
        "inf": ["reduce or break diplomatic relations with {o}"],
        "pp": [],
        "noun": ["the cut in diplomatic relations by {s} with {o}"],
    },
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": {
        "act": ["appealed to {o} for diplomatic cooperation (such as policy support)"],
        "inf": ["appeal for diplomatic cooperation (such as policy support) from {o}"],
        "pp": [],
        "noun": ["{s}'s appeal to {o} for diplomatic cooperation"],
    },
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": {
        "act": ["expressed the intent to engage in diplomatic cooperation (such as policy support) with {o}"],
        "inf": ["express intent to engage in diplomatic cooperation (such as policy support) with {o}"],
        "pp": [],
        "noun": ["{s}'s stated intent to cooperate diplomatically with {o}"],
    },
}

SECTORS: dict[str, list[str]] = {
    "Citizen": ["citizens of {c}", "{dem} citizens", "ordinary people in {c}"],
    "Police": ["the police in {c}", "the {dem} police", "{c}'s police"],
    "Government": ["the government of {c}", "the {dem} government"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Foreign Affairs": ["the foreign ministry of {c}", "{c}'s foreign affairs ministry"],
    "Military": ["the military of {c}", "the {dem} military", "{c}'s armed forces"],
    "Protester": ["protesters in {c}", "{dem} protesters"],
    "Cabinet / Council of Ministers / Advisors": ["the cabinet of {c}", "{c}'s council of ministers"],
    "Criminal": ["criminals in {c}", "{dem} criminals"],
    "Militant": ["militants in {c}", "{dem} militants"],
    "Media": ["the media in {c}", "the {dem} media"],
    "Member of Parliament": ["members of parliament in {c}", "{dem} MPs"],
    "Lawyer/Attorney": ["lawyers in {c}", "{dem} lawyers"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "{c}'s defense ministry"],
    "Other Authorities / Officials": ["officials in {c}", "{dem} officials"],
    "Court Judge": ["judges in {c}", "{dem} court judges"],
    "Employee": ["employees in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Student": ["students in {c}", "{dem} students"],
    "Business": ["businesses in {c}", "the {dem} business community"],
    "Legislature": ["the legislature of {c}", "{c}'s legislature"],
    "Governor": ["a governor in {c}"],
    "Armed Gang": ["armed gangs in {c}"],
    "Military Personnel": ["military personnel of {c}", "{dem} soldiers"],
}
DEM = {
    "India": "Indian",
    "Nigeria": "Nigerian",
    "Kenya": "Kenyan",
    "Australia": "Australian",
    "United States": "American",
    "China": "Chinese",
    "Russia": "Russian",
    "Japan": "Japanese",
    "Germany": "German",
    "France": "French",
    "United Kingdom": "British",
    "Pakistan": "Pakistani",
    "Afghanistan": "Afghan",
    "Iraq": "Iraqi",
    "Iran": "Iranian",
    "Egypt": "Egyptian",
    "Thailand": "Thai",
    "Philippines": "Philippine",
    "South Africa": "South African",
    "Ukraine": "Ukrainian",
    "Turkey": "Turkish",
    "Israel": "Israeli",
    "Syria": "Syrian",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Canada": "Canadian",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Malaysia": "Malaysian",
    "Indonesia": "Indonesian",
    "Bangladesh": "Bangladeshi",
    "Sri Lanka": "Sri Lankan",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Greece": "Greek",
    "Vietnam": "Vietnamese",
}
_THE_WORDS = re.compile(
    r"\b(Union|Council|Organization|Organisation|Nations|States|Kingdom|Republic|Emirates|Party|Ministry|Office|Bank|"
    r"Fund|Commission|Court|Army|Front|Movement|Assembly|Parliament|Agency|Committee|League|Philippines|Netherlands|"
    r"Forces|Taliban|State|Brotherhood|Association|Congress|Police|Government|Cabinet|Senate|Vatican|Red "
    r"Cross|Middle East|Rada)\b"
)
_SECTOR_RE = re.compile(r"^(.*) \((.*)\)$")


def day(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def iso(d: dt.date) -> str:
    return d.isoformat()


class Gen:
    def __init__(self, store_name: str, quads: list[tuple[str, str, str, str]], rng: random.Random) -> None:
        self.store_name = store_name
        self.prefix, self.lo, self.hi, self.years = STORES[store_name]
        self.rng = rng
        self.quads = quads
        self.entities = {q[0] for q in quads} | {q[2] for q in quads}
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in quads:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in self.by_sro.values():
            v.sort()
        # candidate events: inside the asked period, a worded relation, both entities phrasable
        self.events = [
            q for q in quads if self.lo <= q[3] <= self.hi and q[1] in REL and self.can(q[0]) and self.can(q[2])
        ]
        rng.shuffle(self.events)
        self.anchors = [q for q in self.events if len(self.by_sro[(q[0], q[1], q[2])]) == 1]
        self.out: list[dict[str, Any]] = []
        self.used: set[tuple[str, ...]] = set()
        self.rel_count: Counter[str] = Counter()
        self.cap = 5 if store_name == "mtq" else 4
        self.cur: tuple[str, str, str, str] = ("", "", "", "")
        self.texts: set[str] = set()

    def fresh(self, pool: list[tuple[str, str, str, str]]) -> Any:
        """Events not yet used by a kept question, whose relation has not filled its share (variety)."""
        for ev in pool:
            if ev in self.used or ev[:3] in self.used or self.rel_count[ev[1]] >= self.cap:
                continue
            self.cur = ev
            yield ev

    # ---------------------------------------------------------------- wording helpers
    def can(self, name: str) -> bool:
        m = _SECTOR_RE.match(name)
        if m is None:
            return "(" not in name and len(name) <= 45
        return m.group(1) in SECTORS and m.group(2) in self.entities

    def ent(self, name: str) -> str:
        m = _SECTOR_RE.match(name)
        if m is None:
            if _THE_WORDS.search(name) and not name.startswith("The "):
                return "the " + name
            return name
        sector, country = m.group(1), m.group(2)
        cname = self.ent(country)
        forms = [f for f in SECTORS[sector] if "{dem}" not in f or country in DEM]
        form = self.rng.choice(forms)
        out = form.format(c=cname, dem=DEM.get(country, ""))
        return out.replace("the the ", "the ")

    def pick(self, rel: str, key: str, **kw: str) -> str:
        forms = REL[rel][key]
        return self.rng.choice(forms).format(**kw)

    def fday(self, d: str, style: int | None = None) -> str:
        x = day(d)
        style = self.rng.randrange(4) if style is None else style
        if style == 0:
            return f"{x.day} {MONTHS[x.month - 1]} {x.year}"
        if style == 1:
            return f"{MONTHS[x.month - 1]} {x.day}, {x.year}"
        if style == 2:
            return d
        suf = "th" if 11 <= x.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(x.day % 10, "th")
        return f"the {x.day}{suf} of {MONTHS[x.month - 1]} {x.year}"

    def fmonth(self, ym: str) -> str:
        y, m = int(ym[:4]), int(ym[5:7])
        return self.rng.choice([f"{MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} of {y}"])

    def who(self) -> str:
        return self.rng.choice(["who", "who", "which actor", "which party"])

    # ---------------------------------------------------------------- gold helpers
    def subj_in(self, r: str, o: str, lo: str, hi: str) -> list[str]:
        return sorted({s for d, s in self.by_ro[(r, o)] if lo <= d <= hi})

    def obj_in(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for d, o in self.by_sr[(s, r)] if lo <= d <= hi})

    # ---------------------------------------------------------------- emit
    def emit(
        self,
        construction: str,
        qtype: str,
        question: str,
        answers: list[str],
        answer_type: str,
        level: str,
        check: tuple[str, str, dict[str, Any]],
        rel: str | None = None,
    ) -> bool:
        question = question[0].upper() + question[1:]
        question = re.sub(r"\s+", " ", question).strip()
        rel = rel or self.cur[1]
        if not answers or len(answers) > 5 or question in self.texts or self.rel_count[rel] >= self.cap:
            return False
        self.texts.add(question)
        self.used.add(self.cur)
        self.used.add(self.cur[:3])
        self.rel_count[rel] += 1
        qlabel = "Multiple" if qtype in ("equal_multi", "after_first", "before_last") else "Single"
        self.out.append(
            {
                "quid": "",
                "question": question,
                "answers": sorted(answers),
                "answer_type": answer_type,
                "time_level": level,
                "qtype": qtype,
                "qlabel": qlabel,
                "evidence": [],
                "id": "",
                "construction": construction,
                "store": self.store_name,
                "check": check[0],
                "_cypher": check[1],
                "_params": check[2],
            }
        )
        return True

    # ---------------------------------------------------------------- window builders (all inside the asked period)
    def windows(self, d: str) -> list[tuple[str, str, str, str]]:
        """(construction, phrase, lo, hi) windows that contain day d, each stated so its edges are exact."""
        x = day(d)
        y, m = x.year, x.month
        out = []
        q = (m - 1) // 3
        qnames = ["first", "second", "third", "fourth"]
        qm = MONTHS[q * 3], MONTHS[q * 3 + 2]
        out.append(
            (
                "eq_quarter",
                f"in the {qnames[q]} quarter of {y} ({qm[0]} to {qm[1]})",
                f"{y}-{q * 3 + 1:02d}-01",
                iso(dt.date(y + (q == 3), (q * 3 + 3) % 12 + 1, 1) - dt.timedelta(days=1)),
            )
        )
        h = 0 if m <= 6 else 1
        out.append(
            (
                "eq_half",
                f"during the {['first', 'second'][h]} half of {y} ({['January', 'July'][h]} through "
                f"{['June', 'December'][h]})",
                f"{y}-{h * 6 + 1:02d}-01",
                f"{y}-{h * 6 + 6:02d}-{30 if h == 0 else 31}",
            )
        )
        if m in (3, 4, 5):
            out.append(("eq_season", f"in spring {y} (March, April and May)", f"{y}-03-01", f"{y}-05-31"))
        elif m in (6, 7, 8):
            out.append(("eq_season", f"over the summer of {y} (June, July and August)", f"{y}-06-01", f"{y}-08-31"))
        elif m in (9, 10, 11):
            out.append(("eq_season", f"in autumn {y} (September to November)", f"{y}-09-01", f"{y}-11-30"))
        # N-day windows with both ends stated
        n = self.rng.choice([5, 7, 10, 14])
        st = self.rng.randrange(4)
        start = x - dt.timedelta(days=self.rng.randrange(n))
        end = start + dt.timedelta(days=n - 1)
        if self.lo <= iso(start) and iso(end) <= self.hi:
            out.append(
                (
                    "eq_nday_window",
                    f"in the {n} days from {self.fday(iso(start), st)} to {self.fday(iso(end), st)} "
                    f"(both days included)",
                    iso(start),
                    iso(end),
                )
            )
        # a Monday-to-Sunday week
        mon = x - dt.timedelta(days=x.weekday())
        sun = mon + dt.timedelta(days=6)
        if self.lo <= iso(mon) and iso(sun) <= self.hi:
            out.append(
                (
                    "eq_week",
                    f"in the week running from Monday {mon.day} {MONTHS[mon.month - 1]} to Sunday {sun.day} "
                    f"{MONTHS[sun.month - 1]} {sun.year}",
                    iso(mon),
                    iso(sun),
                )
            )
        if x.day <= 10:
            out.append(
                (
                    "eq_first_days",
                    f"in the first ten days of {MONTHS[m - 1]} {y} ({MONTHS[m - 1]} 1-10)",
                    iso(x.replace(day=1)),
                    iso(x.replace(day=10)),
                )
            )
        return out

    # ---------------------------------------------------------------- question kinds
    def chk_subj(self, r: str, o: str, lo: str, hi: str) -> tuple[str, str, dict[str, Any]]:
        return (
            "subjects of (?, r, O) with the date string inside [lo, hi], matched from the object entity",
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi RETURN DISTINCT s.name AS a",
            {"o": o, "r": r, "lo": lo, "hi": hi},
        )

    def chk_obj(self, s: str, r: str, lo: str, hi: str) -> tuple[str, str, dict[str, Any]]:
        return (
            "objects of (S, r, ?) with the date string inside [lo, hi], matched from the subject entity",
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.relation = $r "
            "AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi RETURN DISTINCT o.name AS a",
            {"s": s, "r": r, "lo": lo, "hi": hi},
        )

    def q_equal_day(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            if not REL[r]["pp"]:
                continue
            gold = self.subj_in(r, o, d, d)
            style = self.rng.randrange(3)
            if style == 0:
                q = f"By whom was {self.ent(o)} {self.pick(r, 'pp')} on {self.fday(d)}?"
                c = "eq_day_passive"
            elif style == 1:
                q = f"On {self.fday(d)}, {self.who()} {self.pick(r, 'act', o=self.ent(o))}?"
                c = "eq_day_fronted"
            else:
                q = f"{self.ent(o)} was {self.pick(r, 'pp')} on {self.fday(d)} - by whom?"
                c = "eq_day_trailing_whom"
            if self.emit(c, "equal", q, gold, "entity", "day", self.chk_subj(r, o, d, d)):
                return

    def q_equal_day_obj(self) -> None:
        for s, r, _o, d in self.fresh(self.events):
            inf = [f for f in REL[r]["inf"] if f.endswith("{o}")]
            if not inf or not all(f.endswith("{o}") for f in REL[r]["act"]):
                continue
            gold = self.obj_in(s, r, d, d)
            verb = self.rng.choice(inf).replace(" {o}", "")
            q = self.rng.choice(
                [
                    f"Whom did {self.ent(s)} {verb} on {self.fday(d)}?",
                    f"Tell me the ones {self.ent(s)} {self.pick(r, 'act', o='').strip()} on {self.fday(d)}.",
                ]
            )
            if self.emit("eq_day_object", "equal", q, gold, "entity", "day", self.chk_obj(s, r, d, d)):
                return

    def q_equal_month(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            lo, hi = d[:8] + "01", iso(_month_end(day(d)))
            gold = self.subj_in(r, o, lo, hi)
            mon = self.fmonth(d[:7])
            style = self.rng.randrange(3)
            if style == 0:
                q = f"Name the ones who {self.pick(r, 'act', o=self.ent(o))} in {mon}."
                c = "eq_month_name_the"
            elif style == 1:
                q = f"In {mon}, which actors {self.pick(r, 'act', o=self.ent(o))}?"
                c = "eq_month_fronted"
            else:
                q = f"Who were the ones that {self.pick(r, 'act', o=self.ent(o))} at some point in {mon}?"
                c = "eq_month_relative_clause"
            if self.emit(c, "equal", q, gold, "entity", "month", self.chk_subj(r, o, lo, hi)):
                return

    def q_equal_year_obj(self) -> None:
        for s, r, _o, d in self.fresh(self.events):
            inf = [f for f in REL[r]["inf"] if f.endswith("{o}")]
            if not inf:
                continue
            y = d[:4]
            gold = self.obj_in(s, r, f"{y}-01-01", f"{y}-12-31")
            verb = self.rng.choice(inf).replace(" {o}", "")
            q = self.rng.choice(
                [
                    f"Over the course of {y}, whom did {self.ent(s)} {verb}?",
                    f"List everyone {self.ent(s)} went on to {verb} in {y}.",
                ]
            )
            if self.emit(
                "eq_year_object", "equal", q, gold, "entity", "year", self.chk_obj(s, r, f"{y}-01-01", f"{y}-12-31")
            ):
                return

    def q_equal_window(self, want: str) -> None:
        for _s, r, o, d in self.fresh(self.events):
            wins = [w for w in self.windows(d) if w[0] == want]
            if not wins:
                continue
            c, phrase, lo, hi = wins[0]
            gold = self.subj_in(r, o, lo, hi)
            if self.rng.random() < 0.5:
                q = f"{phrase}, {self.who()} {self.pick(r, 'act', o=self.ent(o))}?"
            else:
                q = f"Who {self.pick(r, 'act', o=self.ent(o))} {phrase}?"
            if self.emit(c, "equal", q, gold, "entity", "day", self.chk_subj(r, o, lo, hi)):
                return

    def q_equal_between(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            x = day(d)
            a = x - dt.timedelta(days=self.rng.randrange(1, 6))
            b = x + dt.timedelta(days=self.rng.randrange(1, 6))
            lo, hi = iso(a), iso(b)
            if lo < self.lo or hi > self.hi:
                continue
            gold = self.subj_in(r, o, lo, hi)
            st = self.rng.randrange(4)
            q = (
                f"Between {self.fday(lo, st)} and {self.fday(hi, st)}, inclusive, which parties "
                f"{self.pick(r, 'act', o=self.ent(o))}?"
            )
            if self.emit("eq_between_inclusive", "equal", q, gold, "entity", "day", self.chk_subj(r, o, lo, hi)):
                return

    def q_named_day(self) -> None:
        named = [
            ("12-25", "on Christmas Day ({y}, 25 December)"),
            ("01-01", "on New Year's Day {y} (1 January)"),
            ("12-31", "on New Year's Eve {y} (31 December)"),
            ("02-14", "on Valentine's Day {y} (14 February)"),
            ("07-04", "on the Fourth of July, {y}"),
            ("05-01", "on May Day {y} (1 May)"),
            ("03-08", "on International Women's Day {y} (8 March)"),
            ("10-31", "on Halloween {y} (31 October)"),
        ]
        for _s, r, o, d in self.fresh(self.events):
            hit = [p for md, p in named if d[5:] == md]
            if not hit:
                continue
            gold = self.subj_in(r, o, d, d)
            q = f"Who {self.pick(r, 'act', o=self.ent(o))} {hit[0].format(y=d[:4])}?"
            if self.emit("eq_named_day", "equal", q, gold, "entity", "day", self.chk_subj(r, o, d, d)):
                return

    def q_relative_day(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            k = self.rng.choice([1, 1, -1, 2])
            ref = iso(day(d) - dt.timedelta(days=k))
            if ref < self.lo:
                continue
            word = {1: "on the day after", -1: "on the day before", 2: "two days after"}[k]
            gold = self.subj_in(r, o, d, d)
            q = f"Which actors {self.pick(r, 'act', o=self.ent(o))} {word} {self.fday(ref)}?"
            if self.emit("eq_relative_day", "equal", q, gold, "entity", "day", self.chk_subj(r, o, d, d)):
                return

    # ---- when (time answers)
    def chk_when(self, s: str, r: str, o: str, lo: str, hi: str, n: int) -> tuple[str, str, dict[str, Any]]:
        return (
            f"distinct first-{n}-character date strings of (S, r, O) between lo and hi (Date comparison), "
            "matched from the object side",
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
            "WHERE e.relation = $r AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            "RETURN DISTINCT substring(toString(e.valid_from), 0, $n) AS a",
            {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n},
        )

    def q_when_day(self) -> None:
        for s, r, o, d in self.fresh(self.events):
            y = d[:4]
            ds = [x for x in self.by_sro[(s, r, o)] if x[:4] == y]
            if len(ds) != 1:
                continue
            act = self.pick(r, "act", o=self.ent(o))
            q = self.rng.choice(
                [
                    f"On what date in {y} did {self.ent(s)} {self.pick(r, 'inf', o=self.ent(o))}?",
                    f"{self.ent(s)} {act} once in {y}; on which day?",
                ]
            )
            if self.emit(
                "when_day", "equal", q, [d], "time", "day", self.chk_when(s, r, o, f"{y}-01-01", f"{y}-12-31", 10)
            ):
                return

    def q_when_month(self) -> None:
        for s, r, o, d in self.fresh(self.events):
            y = d[:4]
            ms = {x[:7] for x in self.by_sro[(s, r, o)] if x[:4] == y}
            if len(ms) != 1:
                continue
            noun = self.pick(r, "noun", s=self.ent(s), o=self.ent(o))
            q = self.rng.choice(
                [f"Which month of {y} saw {noun}?", f"In {y}, during which month did {noun} take place?"]
            )
            if self.emit(
                "when_month_saw",
                "equal",
                q,
                [d[:7]],
                "time",
                "month",
                self.chk_when(s, r, o, f"{y}-01-01", f"{y}-12-31", 7),
            ):
                return

    def q_when_year(self) -> None:
        for s, r, o, d in self.fresh(self.events):
            ys = {x[:4] for x in self.by_sro[(s, r, o)]}
            if len(ys) != 1:
                continue
            q = self.rng.choice(
                [
                    f"What year was it when {self.ent(s)} {self.pick(r, 'act', o=self.ent(o))}?",
                    f"In which year did {self.ent(s)} {self.pick(r, 'inf', o=self.ent(o))}?",
                ]
            )
            if self.emit(
                "when_year", "equal", q, [d[:4]], "time", "year", self.chk_when(s, r, o, "1900-01-01", "2100-12-31", 4)
            ):
                return

    # ---- first / last
    def chk_extreme_subj(self, r: str, o: str, lo: str, hi: str, fn: str) -> tuple[str, str, dict[str, Any]]:
        return (
            f"{fn}(valid_from) of (?, r, O) inside [lo, hi] aggregated in Cypher, then the subjects on that day",
            "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) WHERE e.valid_from >= date($lo) "
            f"AND e.valid_from <= date($hi) WITH {fn}(e.valid_from) AS m "
            "MATCH (x:Entity)<-[:SUBJECT]-(f:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            "WHERE f.valid_from = m RETURN DISTINCT x.name AS a",
            {"r": r, "o": o, "lo": lo, "hi": hi},
        )

    def chk_extreme_time(
        self, s: str, r: str, o: str, lo: str, hi: str, fn: str, n: int
    ) -> tuple[str, str, dict[str, Any]]:
        return (
            f"{fn}(valid_from) of (S, r, O) inside [lo, hi] aggregated in Cypher, cut to {n} characters",
            "MATCH (:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) WHERE e.relation = $r "
            f"AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
            f"WITH {fn}(e.valid_from) AS m WHERE m IS NOT NULL RETURN substring(toString(m), 0, $n) AS a",
            {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "n": n},
        )

    def scope(self, y: str) -> tuple[str, str, str]:
        """A period inside the asked one: a year, or a half/quarter of it, stated with its months."""
        k = self.rng.randrange(3)
        if k == 0:
            return self.rng.choice([f"in {y}", f"during {y}"]), f"{y}-01-01", f"{y}-12-31"
        if k == 1:
            h = self.rng.randrange(2)
            return (
                f"in the {['first', 'second'][h]} half of {y} ({['January-June', 'July-December'][h]})",
                f"{y}-{h * 6 + 1:02d}-01",
                f"{y}-{h * 6 + 6:02d}-{30 if h == 0 else 31}",
            )
        return f"between 1 April and 30 September {y}", f"{y}-04-01", f"{y}-09-30"

    def q_first_last_entity(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            phrase, lo, hi = self.scope(d[:4])
            if not lo <= d <= hi:
                continue
            first = self.rng.random() < 0.5
            ds = [(x, e) for x, e in self.by_ro[(r, o)] if lo <= x <= hi]
            m = min(ds)[0] if first else max(ds)[0]
            gold = sorted({e for x, e in ds if x == m})
            inf = self.pick(r, "inf", o=self.ent(o))
            if first:
                q = self.rng.choice([f"Who was the first to {inf} {phrase}?", f"{phrase}, who was first to {inf}?"])
                c = "first_entity"
            else:
                q = self.rng.choice(
                    [f"Who was the last to {inf} {phrase}?", f"Which actor was the final one to {inf} {phrase}?"]
                )
                c = "last_entity"
            if self.emit(
                c,
                "first_last",
                q,
                gold,
                "entity",
                "day",
                self.chk_extreme_subj(r, o, lo, hi, "min" if first else "max"),
            ):
                return

    def q_first_last_time(self, level: str) -> None:
        n = {"day": 10, "month": 7}[level]
        for s, r, o, d in self.fresh(self.events):
            phrase, lo, hi = self.scope(d[:4])
            ds = [x for x in self.by_sro[(s, r, o)] if lo <= x <= hi]
            if len(ds) < 2:
                continue
            first = self.rng.random() < 0.5
            m = min(ds) if first else max(ds)
            if level == "month" and len({x[:7] for x in ds}) < 2:
                continue
            act = self.pick(r, "act", o=self.ent(o))
            w = "first" if first else "last"
            if level == "day":
                q = self.rng.choice(
                    [
                        f"When did {self.ent(s)} {w} {self.pick(r, 'inf', o=self.ent(o))} {phrase}?",
                        f"Tell me the {w} day {phrase} on which {self.ent(s)} {act}.",
                    ]
                )
            else:
                q = self.rng.choice(
                    [
                        f"In which month did {self.ent(s)} {self.pick(r, 'inf', o=self.ent(o))} for the "
                        f"{w} time {phrase}?",
                        f"Which was the {w} month {phrase} in which {self.ent(s)} {act}?",
                    ]
                )
            c = f"{w}_time_{level}"
            if self.emit(
                c,
                "first_last",
                q,
                [m[:n]],
                "time",
                level,
                self.chk_extreme_time(s, r, o, lo, hi, "min" if first else "max", n),
            ):
                return

    # ---- before / after a date or an event
    def q_before_after_date(self) -> None:
        for _s, r, o, d in self.fresh(self.events):
            y = d[:4]
            x = day(d)
            before = self.rng.random() < 0.5
            if before:
                ref = iso(x + dt.timedelta(days=self.rng.randrange(1, 20)))
                if ref[:4] != y:
                    continue
                lo, hi = f"{y}-01-01", iso(day(ref) - dt.timedelta(days=1))
                q = self.rng.choice(
                    [
                        f"In {y}, before {self.fday(ref)}, who {self.pick(r, 'act', o=self.ent(o))}?",
                        f"Who had {_pp_from_act(self.pick(r, 'act', o=self.ent(o)))} in {y} ahead of {self.fday(ref)}?",
                    ]
                )
                c = "before_date"
            else:
                ref = iso(x - dt.timedelta(days=self.rng.randrange(1, 20)))
                if ref[:4] != y:
                    continue
                lo, hi = iso(day(ref) + dt.timedelta(days=1)), f"{y}-12-31"
                q = self.rng.choice(
                    [
                        f"After {self.fday(ref)} and before the end of {y}, who {self.pick(r, 'act', o=self.ent(o))}?",
                        f"Who {self.pick(r, 'act', o=self.ent(o))} later in {y} than {self.fday(ref)}?",
                    ]
                )
                c = "after_date"
            gold = self.subj_in(r, o, lo, hi)
            if self.emit(c, "before_after", q, gold, "entity", "day", self.chk_subj(r, o, lo, hi)):
                return

    def anchor_clause(self, s: str, r: str, o: str) -> str:
        return f"{self.ent(s)} {self.pick(r, 'act', o=self.ent(o))}"

    def chk_anchor_window(
        self, a: tuple[str, str, str], r: str, o: str, side: str, lo: str, hi: str
    ) -> tuple[str, str, dict[str, Any]]:
        cmp = {
            "before": "f.valid_from < e.valid_from AND f.valid_from >= date($lo)",
            "after": "f.valid_from > e.valid_from AND f.valid_from <= date($hi)",
        }[side]
        return (
            f"the anchor matched by names in Cypher (must be unique), then subjects of (?, r, O) {side} "
            f"its date within the stated period",
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(e:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH collect(e) AS es WHERE size(es) = 1 WITH es[0] AS e "
            "MATCH (x:Entity)<-[:SUBJECT]-(f:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE {cmp} RETURN DISTINCT x.name AS a",
            {"as": a[0], "ar": a[1], "ao": a[2], "r": r, "o": o, "lo": lo, "hi": hi},
        )

    def related(self, s: str, r: str, o: str, d: str, after: bool, lo: str, hi: str) -> list[tuple[str, str]]:
        """(relation, object) pairs worth asking about near an anchor: on the anchor's object or subject."""
        pairs = []
        for r2 in sorted(REL):
            for o2 in (o, s):
                evs = [x for x, _ in self.by_ro.get((r2, o2), []) if lo <= x <= hi and ((x > d) if after else (x < d))]
                if evs:
                    pairs.append((r2, o2))
        self.rng.shuffle(pairs)
        return pairs

    def q_before_after_event(self) -> None:
        for s, r, o, d in self.fresh(self.anchors):
            y = d[:4]
            after = self.rng.random() < 0.5
            lo, hi = f"{y}-01-01", f"{y}-12-31"
            pairs = [p for p in self.related(s, r, o, d, after, lo, hi) if p[1] == o][:3]
            for r2, o2 in pairs:
                if after:
                    gold = sorted({e for x, e in self.by_ro[(r2, o2)] if d < x <= hi})
                    q = self.rng.choice(
                        [
                            f"After {self.anchor_clause(s, r, o)}, who "
                            f"{self.pick(r2, 'act', o=self.ent(o2))} later that same year ({y})?",
                            f"Once {self.anchor_clause(s, r, o)}, which actors went on to "
                            f"{self.pick(r2, 'inf', o=self.ent(o2))} before {y} was out?",
                        ]
                    )
                    c = "after_event"
                else:
                    gold = sorted({e for x, e in self.by_ro[(r2, o2)] if lo <= x < d})
                    q = self.rng.choice(
                        [
                            f"Earlier in {y} than {self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}, "
                            f"who had {_pp_from_act(self.pick(r2, 'act', o=self.ent(o2)))}?",
                            f"Who {self.pick(r2, 'act', o=self.ent(o2))} in {y} before {self.anchor_clause(s, r, o)}?",
                        ]
                    )
                    c = "before_event"
                if self.emit(
                    c,
                    "before_after",
                    q,
                    gold,
                    "entity",
                    "day",
                    self.chk_anchor_window((s, r, o), r2, o2, "after" if after else "before", lo, hi),
                    rel=r2,
                ):
                    return

    # ---- after_first / before_last
    def chk_next(
        self, a: tuple[str, str, str], r: str, o: str, after: bool, lo: str, hi: str, subj: str | None
    ) -> tuple[str, str, dict[str, Any]]:
        fn = "min" if after else "max"
        cmp = (
            "f.valid_from > e.valid_from AND f.valid_from <= date($hi)"
            if after
            else "f.valid_from < e.valid_from AND f.valid_from >= date($lo)"
        )
        if subj is None:
            ret = (
                f"WITH e, {fn}(f.valid_from) AS m MATCH (x:Entity)<-[:SUBJECT]-(g:Event "
                f"{{relation: $r}})-[:OBJECT]->(:Entity {{name: $o}}) "
                "WHERE g.valid_from = m RETURN DISTINCT x.name AS a"
            )
            what = "subjects on that day"
        else:
            ret = f"WITH {fn}(f.valid_from) AS m WHERE m IS NOT NULL RETURN toString(m) AS a"
            what = "that day"
        return (
            f"the anchor (unique) in Cypher, {fn} date of (?, r, O) {'after' if after else 'before'} it "
            f"in the period, {what}",
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(e:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH collect(e) AS es WHERE size(es) = 1 WITH es[0] AS e "
            "MATCH (sx:Entity)<-[:SUBJECT]-(f:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE {cmp} AND ($sj IS NULL OR sx.name = $sj) {ret}",
            {"as": a[0], "ar": a[1], "ao": a[2], "r": r, "o": o, "lo": lo, "hi": hi, "sj": subj},
        )

    def q_after_first(self) -> None:
        for s, r, o, d in self.fresh(self.anchors):
            hi = self.hi if self.store_name == "mtq" else f"{d[:4]}-12-31"
            for r2, o2 in self.related(s, r, o, d, True, self.lo, hi)[:3]:
                evs = [(x, e) for x, e in self.by_ro[(r2, o2)] if d < x <= hi]
                m = min(evs)[0]
                gold = sorted({e for x, e in evs if x == m})
                inf = self.pick(r2, "inf", o=self.ent(o2))
                tail = "" if self.store_name == "mtq" else " (within 2014)"
                q = self.rng.choice(
                    [
                        f"After {self.anchor_clause(s, r, o)}, who was the first to {inf}{tail}?",
                        f"Following {self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}, who was next to {inf}{tail}?",
                        f"Who was the first actor to {inf} once {self.anchor_clause(s, r, o)}{tail}?",
                    ]
                )
                if self.emit(
                    "after_first_entity",
                    "after_first",
                    q,
                    gold,
                    "entity",
                    "day",
                    self.chk_next((s, r, o), r2, o2, True, self.lo, hi, None),
                    rel=r2,
                ):
                    return

    def q_after_first_time(self) -> None:
        for s, r, o, d in self.fresh(self.anchors):
            hi = self.hi if self.store_name == "mtq" else f"{d[:4]}-12-31"
            for r2, o2 in self.related(s, r, o, d, True, self.lo, hi)[:3]:
                evs = sorted((x, e) for x, e in self.by_ro[(r2, o2)] if d < x <= hi)
                s2 = evs[0][1]
                m = min(x for x, e in evs if e == s2)
                if not self.can(s2):
                    continue
                q = self.rng.choice(
                    [
                        f"After {self.anchor_clause(s, r, o)}, on what day did {self.ent(s2)} first "
                        f"{self.pick(r2, 'inf', o=self.ent(o2))}?",
                        f"What was the first date after "
                        f"{self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))} on which {self.ent(s2)} "
                        f"{self.pick(r2, 'act', o=self.ent(o2))}?",
                    ]
                )
                if self.emit(
                    "after_first_time",
                    "after_first",
                    q,
                    [m],
                    "time",
                    "day",
                    self.chk_next((s, r, o), r2, o2, True, self.lo, hi, s2),
                    rel=r2,
                ):
                    return

    def q_before_last(self) -> None:
        for s, r, o, d in self.fresh(self.anchors):
            y = d[:4]
            lo = f"{y}-01-01"
            for r2, o2 in self.related(s, r, o, d, False, lo, self.hi)[:3]:
                evs = [(x, e) for x, e in self.by_ro[(r2, o2)] if lo <= x < d]
                m = max(evs)[0]
                gold = sorted({e for x, e in evs if x == m})
                inf = self.pick(r2, "inf", o=self.ent(o2))
                q = self.rng.choice(
                    [
                        f"Who was the last to {inf} before {self.anchor_clause(s, r, o)} (counting only {y})?",
                        f"Just before {self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}, who had most "
                        f"recently done this in {y}: {_gerund(inf)}?",
                        f"In {y}, prior to {self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}, which "
                        f"actor last {self.pick(r2, 'act', o=self.ent(o2))}?",
                    ]
                )
                if self.emit(
                    "before_last_entity",
                    "before_last",
                    q,
                    gold,
                    "entity",
                    "day",
                    self.chk_next((s, r, o), r2, o2, False, lo, self.hi, None),
                    rel=r2,
                ):
                    return

    # ---- equal_multi
    def chk_same(
        self, a: tuple[str, str, str], r: str, o: str, unit: str, exclude: str | None
    ) -> tuple[str, str, dict[str, Any]]:
        return (
            f"the anchor (unique) in Cypher, then subjects of (?, r, O) whose date.truncate('{unit}') "
            f"equals the anchor's" + (" minus the anchor's subject" if exclude else ""),
            "MATCH (:Entity {name: $as})<-[:SUBJECT]-(e:Event {relation: $ar})-[:OBJECT]->(:Entity {name: $ao}) "
            "WITH collect(e) AS es WHERE size(es) = 1 WITH es[0] AS e "
            "MATCH (x:Entity)<-[:SUBJECT]-(f:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
            f"WHERE date.truncate('{unit}', f.valid_from) = date.truncate('{unit}', e.valid_from) "
            "AND ($ex IS NULL OR x.name <> $ex) RETURN DISTINCT x.name AS a",
            {"as": a[0], "ar": a[1], "ao": a[2], "r": r, "o": o, "ex": exclude},
        )

    def q_equal_multi(self, unit: str) -> None:
        for s, r, o, d in self.fresh(self.anchors):
            lo = d[:8] + "01" if unit == "month" else d
            hi = iso(_month_end(day(d))) if unit == "month" else d
            pairs = [(r2, o2) for r2, o2 in self.related(s, r, o, "0000", True, lo, hi)]
            for r2, o2 in pairs[:3]:
                else_ = r2 == r and o2 == o
                gold = sorted({e for x, e in self.by_ro[(r2, o2)] if lo <= x <= hi and not (else_ and e == s)})
                if unit == "day":
                    if else_:
                        q = f"{self.anchor_clause(s, r, o)} on some day; who else did the same that very day?"
                        c = "same_day_who_else"
                    else:
                        q = self.rng.choice(
                            [
                                f"On the same day that {self.anchor_clause(s, r, o)}, who "
                                f"{self.pick(r2, 'act', o=self.ent(o2))}?",
                                f"Who {self.pick(r2, 'act', o=self.ent(o2))} on the day of "
                                f"{self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}?",
                            ]
                        )
                        c = "same_day"
                elif else_:
                    q = self.rng.choice(
                        [
                            f"{self.anchor_clause(s, r, o)} in some month; who else did so in that same month?",
                            f"Apart from {self.ent(s)}, who {self.pick(r2, 'act', o=self.ent(o2))} in "
                            f"the month when {self.anchor_clause(s, r, o)}?",
                        ]
                    )
                    c = "same_month_who_else"
                else:
                    q = self.rng.choice(
                        [
                            f"In the same month as {self.pick(r, 'noun', s=self.ent(s), o=self.ent(o))}, "
                            f"who {self.pick(r2, 'act', o=self.ent(o2))}?",
                            f"Who {self.pick(r2, 'act', o=self.ent(o2))} during the month in which "
                            f"{self.anchor_clause(s, r, o)}?",
                        ]
                    )
                    c = "same_month"
                if self.emit(
                    c,
                    "equal_multi",
                    q,
                    gold,
                    "entity",
                    unit,
                    self.chk_same((s, r, o), r2, o2, unit, s if else_ else None),
                    rel=r2,
                ):
                    return


def _month_end(x: dt.date) -> dt.date:
    nxt = dt.date(x.year + (x.month == 12), x.month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


_IRREG = {
    "met": "met",
    "held": "held",
    "made": "made",
    "took": "taken",
    "gave": "given",
    "spoke": "spoken",
    "brought": "brought",
    "put": "put",
    "slapped": "slapped",
    "cut": "cut",
    "sent": "sent",
    "had": "had",
    "said": "said",
    "issued": "issued",
    "voiced": "voiced",
    "sounded": "sounded",
    "went": "gone",
}


def _pp_from_act(act: str) -> str:
    """'spoke by telephone with X' -> 'spoken by telephone with X' (for 'who had ...')."""
    first, _, rest = act.partition(" ")
    return (_IRREG.get(first, first) + " " + rest).strip()


def _gerund(inf: str) -> str:
    first, _, rest = inf.partition(" ")
    g = {
        "make": "making",
        "pay": "paying",
        "host": "hosting",
        "issue": "issuing",
        "sue": "suing",
        "use": "using",
        "give": "giving",
        "express": "expressing",
        "negotiate": "negotiating",
        "cooperate": "cooperating",
        "phone": "phoning",
        "praise": "praising",
        "play": "playing",
        "confer": "conferring",
        "rebuff": "rebuffing",
        "file": "filing",
        "reduce": "reducing",
        "endorse": "endorsing",
        "criticize": "criticizing",
        "denounce": "denouncing",
        "accuse": "accusing",
        "investigate": "investigating",
        "reject": "rejecting",
        "threaten": "threatening",
        "provide": "providing",
        "send": "sending",
        "physically": "physically",
        "impose": "imposing",
        "grant": "granting",
        "apologize": "apologizing",
        "sign": "signing",
        "signal": "signalling",
        "arrest,": "arresting,",
        "meet": "meeting",
        "enter": "entering",
        "open": "opening",
        "level": "levelling",
        "talk": "talking",
        "call": "calling",
        "appeal": "appealing",
        "offer": "offering",
        "visit": "visiting",
        "consult": "consulting",
    }.get(first, first + "ing")
    if first == "physically":
        rest = _gerund(rest)
    return f"{g} {rest}".strip()


PLAN: list[tuple[str, Callable[[Gen], None], int, int]] = [
    # (label, builder, count on mtq, count on bench)
    ("equal_day", Gen.q_equal_day, 8, 5),
    ("equal_day_obj", Gen.q_equal_day_obj, 4, 3),
    ("equal_month", Gen.q_equal_month, 6, 4),
    ("equal_year_obj", Gen.q_equal_year_obj, 3, 2),
    ("quarter", lambda g: g.q_equal_window("eq_quarter"), 3, 2),
    ("half", lambda g: g.q_equal_window("eq_half"), 2, 2),
    ("season", lambda g: g.q_equal_window("eq_season"), 3, 2),
    ("nday", lambda g: g.q_equal_window("eq_nday_window"), 3, 2),
    ("week", lambda g: g.q_equal_window("eq_week"), 3, 2),
    ("first_days", lambda g: g.q_equal_window("eq_first_days"), 2, 1),
    ("between", Gen.q_equal_between, 3, 2),
    ("named_day", Gen.q_named_day, 3, 2),
    ("relative_day", Gen.q_relative_day, 3, 2),
    ("when_day", Gen.q_when_day, 5, 3),
    ("when_month", Gen.q_when_month, 4, 3),
    ("when_year", Gen.q_when_year, 3, 1),
    ("first_last_entity", Gen.q_first_last_entity, 8, 6),
    ("first_last_day", lambda g: g.q_first_last_time("day"), 4, 3),
    ("first_last_month", lambda g: g.q_first_last_time("month"), 4, 3),
    ("before_after_date", Gen.q_before_after_date, 6, 4),
    ("before_after_event", Gen.q_before_after_event, 5, 4),
    ("after_first", Gen.q_after_first, 6, 4),
    ("after_first_time", Gen.q_after_first_time, 2, 2),
    ("before_last", Gen.q_before_last, 6, 4),
    ("same_day", lambda g: g.q_equal_multi("day"), 4, 3),
    ("same_month", lambda g: g.q_equal_multi("month"), 4, 3),
]


def load_quads(store: Any) -> list[tuple[str, str, str, str]]:
    rows = store.run_values(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted((x["s"], x["r"], x["o"], x["d"]) for x in rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    store = connect(start_managed=False, ensure_schema=False)
    quads = load_quads(store)
    rng = random.Random(f"{SEED}-{args.store}")
    gen = Gen(args.store, quads, rng)
    for _label, build, n_mtq, n_bench in PLAN:
        for _ in range(n_mtq if args.store == "mtq" else n_bench):
            build(gen)
    kept, dropped = [], 0
    for q in gen.out:
        rows = store.run_values(q.pop("_cypher"), q.pop("_params"))
        second = sorted({r["a"] for r in rows})
        q["check_agrees"] = second == q["answers"]
        if not q["check_agrees"]:
            dropped += 1
            continue
        kept.append(q)
    store.close()
    prefix = STORES[args.store][0]
    for i, q in enumerate(kept):
        q["quid"] = q["id"] = f"{prefix}{i:03d}"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for q in kept:
            fh.write(json.dumps(q, ensure_ascii=False, sort_keys=False) + "\n")
    cons = Counter(q["construction"] for q in kept)
    print(
        json.dumps(
            {
                "store": args.store,
                "written": len(kept),
                "check_disagreed_dropped": dropped,
                "generated": len(gen.out),
                "constructions": dict(sorted(cons.items())),
            }
        )
    )


if __name__ == "__main__":
    main()
