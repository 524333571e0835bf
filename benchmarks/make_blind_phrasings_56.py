"""Blind held-out question set 56: MultiTQ-style questions with gold computed from the store, phrased from scratch.

Why: the symbolic temporal reader must be scored on wordings it was never tuned on. Every question carries a gold
*spec* (fixed slots, relation, day window, answer field, selector); the gold is computed in Python over one read of
every (subject, relation, object, day) in the store, and a second, differently written Cypher query per question
(matched from the fixed entity's side, dates compared as strings, selection aggregated in Cypher, anchors re-found
with a count) recomputes it. Deterministic: the same seed and store give byte-identical files.

    PYTHONPATH=$PWD TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
        python benchmarks/make_blind_phrasings_56.py --store mtq --out <work>/notes/heldout/v56/blind_mtq.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

SEED = 20261256
STORES = {
    # store name -> (quid prefix, first asked day, last asked day, years, questions wanted)
    "mtq": ("b56m", "2014-01-01", "2015-12-31", (2014, 2015), 100),
    "bench": ("b56i", "2014-01-01", "2014-12-31", (2014,), 70),
}
MONTHS = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]  # fmt: skip

# relation -> (past-tense phrases, base phrases, passive "was ... by" phrases); the object follows each phrase.
REL: dict[str, tuple[list[str], list[str], list[str]]] = {
    "Make_statement": (["made a statement about", "issued a public statement on"],
                       ["make a statement about", "issue a public statement on"], []),
    "Consult": (["consulted", "held consultations with"], ["consult", "hold consultations with"], ["consulted by"]),
    "Make_an_appeal_or_request": (["appealed to", "made a request to"], ["appeal to", "make a request to"],
                                  ["appealed to by"]),
    "Express_intent_to_meet_or_negotiate": (["signalled willingness to meet", "signalled readiness for talks with"],
                                            ["signal readiness for talks with", "signal willingness to meet"], []),
    "Make_a_visit": (["visited", "paid a visit to"], ["visit", "pay a visit to"], ["visited by"]),
    "Host_a_visit": (["hosted", "played host to", "hosted a visit by"], ["host", "play host to"],
                     ["hosted by", "welcomed as a guest by"]),
    "Arrest,_detain,_or_charge_with_legal_action": (["arrested or detained", "took legal action against"],
                                                    ["arrest or detain", "take legal action against"],
                                                    ["arrested or detained by"]),
    "Praise_or_endorse": (["praised", "spoke approvingly of", "endorsed"], ["praise", "endorse"],
                          ["praised by", "endorsed by"]),
    "Criticize_or_denounce": (["criticized", "denounced", "condemned"], ["criticize", "denounce"],
                              ["criticized by", "denounced by"]),
    "Accuse": (["accused", "levelled accusations at"], ["accuse", "level accusations at"], ["accused by"]),
    "Use_conventional_military_force": (["used military force against", "carried out military strikes on"],
                                        ["use military force against"], ["attacked with military force by"]),
    "Engage_in_negotiation": (["negotiated with", "held negotiations with"], ["negotiate with", "hold talks with"],
                              []),
    "Express_intent_to_cooperate": (["expressed a wish to cooperate with", "said it would cooperate with"],
                                    ["express a wish to cooperate with", "offer cooperation to"],
                                    ["offered cooperation by"]),
    "Demand": (["made demands of", "issued a demand to"], ["make demands of", "issue a demand to"], []),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        ["pledged diplomatic support to", "promised diplomatic cooperation to"],
        ["pledge diplomatic support to"], ["pledged diplomatic support by"]),
    "Engage_in_diplomatic_cooperation": (["cooperated diplomatically with", "worked diplomatically with"],
                                         ["cooperate diplomatically with"], []),
    "Sign_formal_agreement": (["signed a formal agreement with", "concluded an agreement with"],
                              ["sign a formal agreement with", "conclude an agreement with"], []),
    "Investigate": (["investigated", "opened an investigation into"], ["investigate"], ["investigated by"]),
    "Discuss_by_telephone": (["spoke by phone with", "had a telephone conversation with"],
                             ["speak by phone with", "phone"], ["phoned by"]),
    "Reject": (["rejected", "turned down"], ["reject", "turn down"], ["rebuffed by"]),
    "Make_optimistic_comment": (["made optimistic remarks about", "sounded upbeat about"],
                                ["make optimistic remarks about"], []),
    "Threaten": (["threatened", "made threats against"], ["threaten"], ["threatened by"]),
    "Make_pessimistic_comment": (["made pessimistic remarks about", "sounded gloomy about"],
                                 ["make pessimistic remarks about"], []),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        ["appealed for diplomatic cooperation from", "sought diplomatic support from"],
        ["seek diplomatic support from"], []),
    "Provide_humanitarian_aid": (["provided humanitarian aid to", "sent humanitarian assistance to"],
                                 ["provide humanitarian aid to"], ["given humanitarian aid by"]),
    "Make_empathetic_comment": (["expressed sympathy for", "voiced empathy with"], ["express sympathy for"], []),
    "Return,_release_person(s)": (["released people to", "handed back detainees to"], ["release people to"], []),
    "Provide_aid": (["provided aid to", "gave assistance to"], ["provide aid to", "give assistance to"],
                    ["given aid by"]),
    "Expel_or_deport_individuals": (["expelled or deported", "deported"], ["expel or deport"],
                                    ["expelled or deported by"]),
    "Impose_embargo,_boycott,_or_sanctions": (["imposed sanctions on", "slapped an embargo on"],
                                              ["impose sanctions on"], ["sanctioned by"]),
    "Cooperate_economically": (["cooperated economically with", "worked on economic cooperation with"],
                               ["cooperate economically with"], []),
    "Complain_officially": (["lodged an official complaint against", "complained officially about"],
                            ["lodge an official complaint against"], []),
    "Use_unconventional_violence": (["used violence against", "carried out violent attacks on"],
                                    ["use violence against"], ["attacked violently by"]),
    "Engage_in_symbolic_act": (["made a symbolic gesture toward", "staged a symbolic act concerning"],
                               ["make a symbolic gesture toward"], []),
}  # fmt: skip
# Nouns for anchor events: "the visit of S to O".
NOUN = {
    "Make_a_visit": "the visit of {s} to {o}",
    "Engage_in_negotiation": "the negotiations between {s} and {o}",
    "Discuss_by_telephone": "the phone call {s} made to {o}",
    "Sign_formal_agreement": "the signing of an agreement between {s} and {o}",
    "Host_a_visit": "{s}'s hosting of {o}",
    "Criticize_or_denounce": "{s}'s criticism of {o}",
}
DEMONYM = {
    "Kenya": "Kenyan", "India": "Indian", "Germany": "German", "China": "Chinese", "Russia": "Russian",
    "Iraq": "Iraqi", "Nigeria": "Nigerian", "Pakistan": "Pakistani", "Afghanistan": "Afghan", "Egypt": "Egyptian",
    "Syria": "Syrian", "Israel": "Israeli", "Iran": "Iranian", "Ukraine": "Ukrainian", "France": "French",
    "Japan": "Japanese", "Turkey": "Turkish", "Thailand": "Thai", "Australia": "Australian", "Mexico": "Mexican",
    "Brazil": "Brazilian", "South Africa": "South African", "United Kingdom": "British", "Libya": "Libyan",
    "Yemen": "Yemeni", "Somalia": "Somali", "South Korea": "South Korean", "North Korea": "North Korean",
    "Bangladesh": "Bangladeshi", "Sri Lanka": "Sri Lankan", "Greece": "Greek", "Italy": "Italian",
    "Spain": "Spanish", "Canada": "Canadian", "Indonesia": "Indonesian", "Malaysia": "Malaysian",
    "Vietnam": "Vietnamese", "Lebanon": "Lebanese", "Saudi Arabia": "Saudi", "Philippines": "Philippine",
    "Uganda": "Ugandan", "Ghana": "Ghanaian", "Zimbabwe": "Zimbabwean", "Nepal": "Nepalese", "Taiwan": "Taiwanese",
    "Poland": "Polish", "Sudan": "Sudanese", "Ireland": "Irish", "Colombia": "Colombian", "Venezuela": "Venezuelan",
    "Argentina": "Argentine", "Cambodia": "Cambodian", "Myanmar": "Myanmar", "Tanzania": "Tanzanian",
}  # fmt: skip
THE_COUNTRY = ("United States", "United Kingdom", "Philippines", "Netherlands", "United Arab Emirates",
               "Czech Republic", "Central African Republic", "Democratic Republic of Congo", "Gambia", "Vatican",
               "Ivory Coast", "European Union", "United Nations", "Palestinian Territory", "Dominican Republic",
               "Holy See", "Maldives", "Bahamas", "Republic of Korea")  # fmt: skip
# role -> phrasings with {c} (country, with "the" where English needs it) or {d} (demonym); first is the fallback.
ROLE = {
    "Citizen": ["citizens of {c}", "{d} citizens"],
    "Police": ["the police in {c}", "the {d} police"],
    "Head of Government": ["the head of government of {c}", "{c}'s head of government"],
    "Government": ["the government of {c}", "the {d} government"],
    "Military": ["the armed forces of {c}", "the {d} military"],
    "Foreign Affairs": ["the foreign ministry of {c}", "the {d} foreign ministry"],
    "Militant": ["militants in {c}", "{d} militants"],
    "Protester": ["protesters in {c}", "{d} protesters"],
    "Criminal": ["criminals in {c}"],
    "Lawyer/Attorney": ["lawyers in {c}", "{d} lawyers"],
    "Legislature": ["the legislature of {c}", "the {d} parliament"],
    "Defense / Security Ministry": ["the defence ministry of {c}", "the {d} defence ministry"],
    "Student": ["students in {c}", "{d} students"],
    "Media Personnel": ["journalists in {c}", "{d} journalists"],
    "Armed Rebel": ["armed rebels in {c}"],
    "Business": ["businesses in {c}", "the {d} business community"],
    "Court Judge": ["a court judge in {c}", "judges in {c}"],
    "Activist": ["activists in {c}", "{d} activists"],
    "Employee": ["employees in {c}"],
    "Envoy": ["the envoy of {c}", "{c}'s envoy"],
    "Terrorist": ["terrorists in {c}"],
    "Member of Parliament": ["a member of parliament of {c}", "{d} MPs"],
}  # fmt: skip


THE_WORDS = (
    "Council",
    "Authority",
    "Congress",
    "Bank",
    "Union",
    "Party",
    "Front",
    "Commission",
    "Ministry",
    "Organization",
    "Agency",
    "Court",
    "Parliament",
    "Forces",
    "Army",
    "Assembly",
    "Fund",
    "Movement",
    "Office",
    "Committee",
    "Department",
    "Alliance",
    "Federation",
    "Association",
    "Institute",
    "Service",
    "Nations",
    "Coalition",
)


# Role entities are phrased only when their bracket names a country (not "Abu Sayyaf", "Congress Party").
COUNTRIES = set(DEMONYM) | set(THE_COUNTRY[:9]) | {
    "Albania", "Algeria", "Angola", "Armenia", "Austria", "Azerbaijan", "Bahrain", "Belarus", "Belgium", "Benin",
    "Bolivia", "Bosnia and Herzegovina", "Botswana", "Bulgaria", "Burkina Faso", "Burundi", "Cameroon", "Chad",
    "Chile", "Croatia", "Cuba", "Cyprus", "Denmark", "Djibouti", "Ecuador", "Eritrea", "Estonia", "Ethiopia",
    "Finland", "Gabon", "Georgia", "Guatemala", "Guinea", "Haiti", "Honduras", "Hungary", "Iceland", "Jamaica",
    "Jordan", "Kazakhstan", "Kosovo", "Kuwait", "Kyrgyzstan", "Laos", "Latvia", "Lesotho", "Liberia", "Lithuania",
    "Macedonia", "Madagascar", "Malawi", "Mali", "Malta", "Mauritania", "Moldova", "Mongolia", "Montenegro",
    "Morocco", "Mozambique", "Namibia", "New Zealand", "Nicaragua", "Niger", "Norway", "Oman", "Panama",
    "Papua New Guinea", "Paraguay", "Peru", "Portugal", "Qatar", "Romania", "Rwanda", "Senegal", "Serbia",
    "Sierra Leone", "Singapore", "Slovakia", "Slovenia", "South Sudan", "Swaziland", "Sweden", "Switzerland",
    "Tajikistan", "Togo", "Tunisia", "Turkmenistan", "Uruguay", "Uzbekistan", "Zambia", "Cote d'Ivoire",
    "Fiji", "Brunei", "Bhutan", "Timor-Leste", "Solomon Islands", "Barbados", "Trinidad and Tobago", "Cape Verde",
}  # fmt: skip


def country(c: str) -> str:
    return "the " + c if c in THE_COUNTRY else c


def plain(name: str) -> str:
    """A name without a role: countries and organisations get the article English gives them."""
    if (
        name in THE_COUNTRY
        or (name.split()[-1].rstrip(",") in THE_WORDS and " " in name)
        or name.startswith(("UN ", "European ", "International "))
    ):
        return "the " + name
    return name


def say(name: str, rng: random.Random) -> str | None:
    """How a person would name an entity; None when we have no natural phrasing (the question is then skipped)."""
    if "(" not in name:
        if any(ch in name for ch in "/_;") or not name[:1].isupper():
            return None
        return plain(name)
    role, _, rest = name.partition(" (")
    c = rest.rstrip(")")
    if role not in ROLE or c not in COUNTRIES:
        return None
    options = [p for p in ROLE[role] if "{d}" not in p or c in DEMONYM]
    phrase = rng.choice(options).format(c=country(c), d=DEMONYM.get(c, ""))
    return phrase.replace("s's ", "s' ")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def dstr(d: str, rng: random.Random, style: int | None = None) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:])
    style = rng.randrange(4) if style is None else style
    suf = "th" if 11 <= dd <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
    return [f"{MONTHS[m - 1]} {dd}, {y}", f"{dd} {MONTHS[m - 1]} {y}", d, f"the {dd}{suf} of {MONTHS[m - 1]} {y}"][
        style
    ]


def mstr(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def shift(d: str, n: int) -> str:
    return (date.fromisoformat(d) + timedelta(days=n)).isoformat()


def month_end(m: str) -> str:
    y, mm = int(m[:4]), int(m[5:7])
    nxt = date(y + (mm == 12), mm % 12 + 1, 1)
    return (nxt - timedelta(days=1)).isoformat()


@dataclass
class Spec:
    """Gold as a query: facts with the fixed slots, relation and day window; answer field; selector over days."""

    rel: str
    lo: str
    hi: str
    s: str | None = None
    o: str | None = None
    ans: str = "s"  # s / o / d (day) / m (month) / y (year)
    select: str = "all"  # all / min / max (answers at the earliest / latest day)
    exclude: list[str] = field(default_factory=list)
    anchor: tuple[str, str, str] | None = None  # the unique anchor event whose day the window was derived from
    anchor_day: str = ""


class KG:
    def __init__(self, facts: list[tuple[str, str, str, str]]) -> None:
        self.facts = facts
        self.ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (r,o) -> [(day, s)]
        self.sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (s,r) -> [(day, o)]
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in facts:
            self.ro[(r, o)].append((d, s))
            self.sr[(s, r)].append((d, o))
            self.sro[(s, r, o)].append(d)
        for idx in (self.ro, self.sr, self.sro):
            for v in idx.values():
                v.sort()
        # per-relation key lists (sorted) so that pickers do not scan every key
        self.ro_keys: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.sr_keys: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.sro_keys: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for k1 in sorted(self.ro):
            self.ro_keys[k1[0]].append(k1)
        for k2 in sorted(self.sr):
            self.sr_keys[k2[1]].append(k2)
        for k3 in sorted(self.sro):
            self.sro_keys[k3[1]].append(k3)
        by_day: dict[str, set[tuple[str, str]]] = defaultdict(set)
        for _, r, o, d in facts:
            by_day[d].add((r, o))
        self.by_day = {d: sorted(v) for d, v in by_day.items()}  # day -> [(relation, object)]

    def gold(self, sp: Spec) -> list[str]:
        rows: list[tuple[str, str, str]]
        if sp.s is not None and sp.o is not None:
            rows = [(d, sp.s, sp.o) for d in self.sro.get((sp.s, sp.rel, sp.o), [])]
        elif sp.o is not None:
            rows = [(d, s, sp.o) for d, s in self.ro.get((sp.rel, sp.o), [])]
        else:
            assert sp.s is not None
            rows = [(d, sp.s, o) for d, o in self.sr.get((sp.s, sp.rel), [])]
        rows = [t for t in rows if sp.lo <= t[0] <= sp.hi]
        val: Callable[[Any], str] = {
            "s": lambda t: t[1], "o": lambda t: t[2], "d": lambda t: t[0], "m": lambda t: t[0][:7],
            "y": lambda t: t[0][:4],
        }[sp.ans]  # fmt: skip
        rows = [t for t in rows if val(t) not in sp.exclude]
        if rows and sp.select != "all":
            best = min(t[0] for t in rows) if sp.select == "min" else max(t[0] for t in rows)
            rows = [t for t in rows if t[0] == best]
        return sorted({val(t) for t in rows})


def check(store: Any, sp: Spec) -> list[str]:
    """Second computation in Cypher, written differently: start from the fixed entity, compare date strings,
    aggregate the selection in Cypher, and re-find the anchor (it must be unique in the whole store)."""
    if sp.anchor is not None:
        a_s, a_r, a_o = sp.anchor
        rows = store.run(
            "MATCH (ao:Entity {name: $o})<-[:OBJECT]-(ae:Event)-[:SUBJECT]->(as:Entity {name: $s}) "
            "WHERE ae.relation = $r RETURN count(ae) AS n, collect(toString(ae.valid_from)) AS days",
            {"s": a_s, "r": a_r, "o": a_o},
        )
        if rows[0]["n"] != 1 or rows[0]["days"] != [sp.anchor_day]:
            return ["<anchor not unique or moved>"]
    if sp.o is not None:
        head = "MATCH (fo:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
        if sp.s is not None:
            head += "WHERE x.name = $s AND "
        else:
            head += "WHERE "
        subj, obj = "x.name", "$o"
    else:
        head = "MATCH (fs:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) WHERE "
        subj, obj = "$s", "x.name"
    expr = {
        "s": subj, "o": obj, "d": "toString(e.valid_from)", "m": "substring(toString(e.valid_from), 0, 7)",
        "y": "left(toString(e.valid_from), 4)",
    }[sp.ans]  # fmt: skip
    q = (
        head + "e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
        f"WITH {expr} AS ans, toString(e.valid_from) AS day WHERE NOT ans IN $ex "
    )
    if sp.select == "all":
        q += "RETURN collect(DISTINCT ans) AS a"
    else:
        agg = "min" if sp.select == "min" else "max"
        q += f"WITH collect([day, ans]) AS rows, {agg}(day) AS best RETURN [p IN rows WHERE p[0] = best | p[1]] AS a"
    params = {"s": sp.s, "o": sp.o, "r": sp.rel, "lo": sp.lo, "hi": sp.hi, "ex": sp.exclude}
    return sorted(set(store.run(q, params)[0]["a"]))


@dataclass
class Gen:
    kg: KG
    rng: random.Random
    lo: str
    hi: str
    years: tuple[int, ...]
    out: list[dict[str, Any]] = field(default_factory=list)
    texts: set[str] = field(default_factory=set)

    # ---- candidate pickers ----------------------------------------------------------------------------------
    def rels(self) -> list[str]:
        return sorted(REL)

    def pick_ro(self, rel: str) -> tuple[str, list[tuple[str, str]]] | None:
        keys = [k for k in self.kg.ro_keys[rel] if any(self.lo <= d <= self.hi for d, _ in self.kg.ro[k])]
        if not keys:
            return None
        k = self.rng.choice(keys)
        return k[1], [t for t in self.kg.ro[k] if self.lo <= t[0] <= self.hi]

    def pick_sr(self, rel: str) -> tuple[str, list[tuple[str, str]]] | None:
        keys = [k for k in self.kg.sr_keys[rel] if any(self.lo <= d <= self.hi for d, _ in self.kg.sr[k])]
        if not keys:
            return None
        k = self.rng.choice(keys)
        return k[0], [t for t in self.kg.sr[k] if self.lo <= t[0] <= self.hi]

    def unique_events(self) -> list[tuple[str, str, str, str]]:
        """Anchor candidates: (s, r, o) that occur exactly once in the whole store, on a day inside the period."""
        if not hasattr(self, "_uniq"):
            self._uniq = sorted(
                (k[0], k[1], k[2], v[0])
                for k, v in self.kg.sro.items()
                if len(v) == 1 and self.lo <= v[0] <= self.hi and k[1] in REL
            )
        return self._uniq

    def anchor(self) -> tuple[tuple[str, str, str], str, str] | None:
        """A unique anchor event with a natural clause ("X visited Y" / "the visit of X to Y") and its day."""
        for _ in range(50):
            s, r, o, d = self.rng.choice(self.unique_events())
            ps, po = say(s, self.rng), say(o, self.rng)
            if ps is None or po is None or s == o:
                continue
            if r in NOUN and self.rng.random() < 0.4:
                clause = NOUN[r].format(s=ps, o=po)
                return (s, r, o), d, "noun:" + clause
            return (s, r, o), d, f"{ps} {self.rng.choice(REL[r][0])} {po}"
        return None

    # ---- emit -------------------------------------------------------------------------------------------------
    def emit(self, text: str, sp: Spec, construction: str, qtype: str, atype: str, level: str) -> bool:
        text = cap(" ".join(text.split()))
        if text in self.texts:
            return False
        ans = self.kg.gold(sp)
        if not ans or len(ans) > 5:
            return False
        if sp.anchor is not None and len(self.kg.sro.get(sp.anchor, [])) != 1:
            return False
        self.texts.add(text)
        self.out.append(
            {
                "question": text,
                "answers": ans,
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "qlabel": "Single" if len(ans) == 1 else "Multiple",
                "evidence": [],
                "construction": construction,
                "spec": sp,
            }
        )
        return True

    def rel_pick(self, need_passive: bool = False) -> str:
        opts = [r for r in self.rels() if REL[r][2]] if need_passive else self.rels()
        return self.rng.choice(opts)

    # ---- constructions ----------------------------------------------------------------------------------------
    def who_day(self) -> bool:
        r = self.rel_pick()
        got = self.pick_ro(r)
        if not got:
            return False
        o, rows = got
        d, _ = self.rng.choice(rows)
        po = say(o, self.rng)
        if po is None:
            return False
        past, _, pas = REL[r]
        v = self.rng.randrange(4) if pas else self.rng.randrange(3)
        ds = dstr(d, self.rng)
        text = [
            f"Who {self.rng.choice(past)} {po} on {ds}?",
            f"On {ds}, which actors {self.rng.choice(past)} {po}?",
            f"Name everyone who {self.rng.choice(past)} {po} on {ds}.",
            f"By whom was {po} {self.rng.choice(pas or ['x'])[:-3]} on {ds}?",
        ][v]
        return self.emit(text, Spec(r, d, d, o=o), "who_on_day", "equal", "entity", "day")

    def whom_month(self) -> bool:
        r = self.rel_pick()
        got = self.pick_sr(r)
        if not got:
            return False
        s, rows = got
        m = self.rng.choice(rows)[0][:7]
        ps = say(s, self.rng)
        if ps is None:
            return False
        past, base, _ = REL[r]
        v = self.rng.randrange(3)
        text = [
            f"Whom did {ps} {self.rng.choice(base)} in {mstr(m)}?",
            f"Tell me who {ps} {self.rng.choice(past)} during {mstr(m)}.",
            f"In {mstr(m)}, {ps} {self.rng.choice(past)} which parties?",
        ][v]
        return self.emit(text, Spec(r, m + "-01", month_end(m), s=s, ans="o"), "whom_in_month", "equal", "entity",
                         "month")  # fmt: skip

    def who_year(self) -> bool:
        r = self.rel_pick(need_passive=self.rng.random() < 0.5)
        got = self.pick_ro(r)
        if not got:
            return False
        o, rows = got
        y = self.rng.choice(rows)[0][:4]
        po = say(o, self.rng)
        if po is None:
            return False
        past, _, pas = REL[r]
        if pas and self.rng.random() < 0.5:
            text = f"{po} was {self.rng.choice(pas)} whom over the course of {y}?"
        else:
            text = self.rng.choice(
                [f"Over the course of {y}, who {self.rng.choice(past)} {po}?",
                 f"Which actors {self.rng.choice(past)} {po} at some point in {y}?"]
            )  # fmt: skip
        return self.emit(text, Spec(r, f"{y}-01-01", f"{y}-12-31", o=o), "who_in_year", "equal", "entity", "year")

    def window(self) -> tuple[str, str, str, str] | None:
        """(lo, hi, phrase, level) of a window stated so that its edges are exact."""
        y = self.rng.choice(self.years)
        k = self.rng.randrange(4)
        if k == 0:
            n = self.rng.choice([3, 5, 7, 10, 14])
            start = shift(f"{y}-01-01", self.rng.randrange(0, 365 - n))
            end = shift(start, n - 1)
            p = self.rng.choice(
                [f"in the {n} days from {dstr(start, self.rng, 0)} to {dstr(end, self.rng, 0)} (both included)",
                 f"between {dstr(start, self.rng, 1)} and {dstr(end, self.rng, 1)} inclusive"]
            )  # fmt: skip
            return start, end, p, "day"
        if k == 1:
            q = self.rng.randrange(4)
            ms = [MONTHS[3 * q], MONTHS[3 * q + 2]]
            nth = ["first", "second", "third", "fourth"][q]
            return (f"{y}-{3 * q + 1:02d}-01", month_end(f"{y}-{3 * q + 3:02d}"),
                    f"in the {nth} quarter of {y} ({ms[0]} through {ms[1]})", "month")  # fmt: skip
        if k == 2:
            h = self.rng.randrange(2)
            return (
                (f"{y}-01-01", f"{y}-06-30", f"in the first half of {y} (January to June)", "month")
                if h == 0
                else (f"{y}-07-01", f"{y}-12-31", f"during the second half of {y} (July to December)", "month")
            )
        sea = self.rng.randrange(3)
        name, a, b = [("spring", 3, 5), ("summer", 6, 8), ("autumn", 9, 11)][sea]
        return (f"{y}-{a:02d}-01", month_end(f"{y}-{b:02d}"),
                f"in the {name} of {y} ({MONTHS[a - 1]}, {MONTHS[a]} and {MONTHS[b - 1]})", "month")  # fmt: skip

    def who_window(self) -> bool:
        w = self.window()
        if w is None:
            return False
        lo, hi, phrase, level = w
        r = self.rel_pick()
        keys = [k for k in self.kg.ro_keys[r] if any(lo <= d <= hi for d, _ in self.kg.ro[k])]
        if not keys:
            return False
        o = self.rng.choice(keys)[1]
        po = say(o, self.rng)
        if po is None:
            return False
        past = REL[r][0]
        if self.rng.random() < 0.5:
            text = f"{cap(phrase)}, who {self.rng.choice(past)} {po}?"
        else:
            text = f"Which parties {self.rng.choice(past)} {po} {phrase}?"
        return self.emit(text, Spec(r, lo, hi, o=o), "who_in_window", "equal", "entity", level)

    def when_day(self) -> bool:
        r = self.rel_pick()
        keys = [k for k in self.kg.sro_keys[r] if any(self.lo <= d <= self.hi for d in self.kg.sro[k])]
        if not keys:
            return False
        s, _, o = self.rng.choice(keys)
        days = [d for d in self.kg.sro[(s, r, o)] if self.lo <= d <= self.hi]
        y = self.rng.choice(days)[:4]
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        base = self.rng.choice(REL[r][1])
        text = self.rng.choice(
            [f"On what date in {y} did {ps} {base} {po}?", f"In {y}, which day did {ps} {base} {po}?",
             f"Give the day(s) in {y} when {ps} {self.rng.choice(REL[r][0])} {po}."]
        )  # fmt: skip
        return self.emit(text, Spec(r, f"{y}-01-01", f"{y}-12-31", s=s, o=o, ans="d"), "when_day_in_year", "equal",
                         "time", "day")  # fmt: skip

    def which_month(self) -> bool:
        r = self.rel_pick()
        keys = [k for k in self.kg.sro_keys[r] if any(self.lo <= d <= self.hi for d in self.kg.sro[k])]
        s, _, o = self.rng.choice(keys)
        days = [d for d in self.kg.sro[(s, r, o)] if self.lo <= d <= self.hi]
        y = self.rng.choice(days)[:4]
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        text = self.rng.choice(
            [f"Which month of {y} saw {ps} {self.rng.choice(REL[r][1])} {po}?",
             f"In {y}, in what month did {ps} {self.rng.choice(REL[r][1])} {po}?"]
        )  # fmt: skip
        return self.emit(text, Spec(r, f"{y}-01-01", f"{y}-12-31", s=s, o=o, ans="m"), "month_saw", "equal", "time",
                         "month")  # fmt: skip

    def which_year(self) -> bool:
        """Only where every occurrence in the whole store lies inside the period (else the year is out of scope)."""
        if len(self.years) < 2:
            return False
        r = self.rel_pick()
        keys = [k for k in self.kg.sro_keys[r] if self.kg.sro[k][0] >= self.lo and self.kg.sro[k][-1] <= self.hi]
        s, _, o = self.rng.choice(keys)
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        text = self.rng.choice(
            [f"What year was it when {ps} {self.rng.choice(REL[r][0])} {po}?",
             f"In which year did {ps} {self.rng.choice(REL[r][1])} {po}?"]
        )  # fmt: skip
        return self.emit(text, Spec(r, "0000", "9999", s=s, o=o, ans="y"), "which_year", "equal", "time", "year")

    def first_last_who(self) -> bool:
        r = self.rel_pick()
        got = self.pick_ro(r)
        if not got:
            return False
        o, rows = got
        y = self.rng.choice(rows)[0][:4]
        if len({d for d, _ in rows if d[:4] == y}) < 2:
            return False
        po = say(o, self.rng)
        if po is None:
            return False
        first = self.rng.random() < 0.5
        base = self.rng.choice(REL[r][1])
        if first:
            text = self.rng.choice([f"Who was the first to {base} {po} in {y}?",
                                    f"In {y}, which actor was first to {base} {po}?"])  # fmt: skip
        else:
            text = self.rng.choice([f"Who last {self.rng.choice(REL[r][0])} {po} in {y}?",
                                    f"Name the final actor to {base} {po} in {y}."])  # fmt: skip
        sp = Spec(r, f"{y}-01-01", f"{y}-12-31", o=o, select="min" if first else "max")
        return self.emit(text, sp, "first_last_who", "first_last", "entity", "day")

    def first_last_whom(self) -> bool:
        r = self.rel_pick()
        got = self.pick_sr(r)
        if not got:
            return False
        s, rows = got
        y = self.rng.choice(rows)[0][:4]
        if len({d for d, _ in rows if d[:4] == y}) < 2:
            return False
        ps = say(s, self.rng)
        if ps is None:
            return False
        first = self.rng.random() < 0.5
        base = self.rng.choice(REL[r][1])
        word = "first" if first else "last"
        text = self.rng.choice(
            [
                f"Whom did {ps} {base} {word} in {y}?",
                f"Tell me the {word} party that {ps} {self.rng.choice(REL[r][0])} in {y}.",
            ]
        )
        sp = Spec(r, f"{y}-01-01", f"{y}-12-31", s=s, ans="o", select="min" if first else "max")
        return self.emit(text, sp, "first_last_whom", "first_last", "entity", "day")

    def first_last_time(self) -> bool:
        r = self.rel_pick()
        keys = [k for k in self.kg.sro_keys[r] if sum(self.lo <= d <= self.hi for d in self.kg.sro[k]) >= 2]
        if not keys:
            return False
        s, _, o = self.rng.choice(keys)
        days = [d for d in self.kg.sro[(s, r, o)] if self.lo <= d <= self.hi]
        y = self.rng.choice(days)[:4]
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        first = self.rng.random() < 0.5
        level = self.rng.choice(["day", "month"])
        base = self.rng.choice(REL[r][1])
        if level == "day":
            text = (
                f"When did {ps} first {base} {po} in {y}?"
                if first
                else f"What was the last date in {y} on which {ps} {self.rng.choice(REL[r][0])} {po}?"
            )
        else:
            text = (
                f"In which month did {ps} {base} {po} for the first time in {y}?"
                if first
                else f"Which month of {y} was the last time {ps} {self.rng.choice(REL[r][0])} {po}?"
            )
        sp = Spec(r, f"{y}-01-01", f"{y}-12-31", s=s, o=o, ans="d" if level == "day" else "m",
                  select="min" if first else "max")  # fmt: skip
        return self.emit(text, sp, f"first_last_time_{level}", "first_last", "time", level)

    def before_after_date(self) -> bool:
        r = self.rel_pick()
        got = self.pick_ro(r)
        if not got:
            return False
        o, rows = got
        d = self.rng.choice(rows)[0]
        po = say(o, self.rng)
        if po is None:
            return False
        past = self.rng.choice(REL[r][0])
        y = d[:4]
        if self.rng.random() < 0.5:
            text = self.rng.choice([f"In {y}, before {dstr(d, self.rng)}, who {past} {po}?",
                                    f"Who {past} {po} earlier in {y} than {dstr(d, self.rng)}?"])  # fmt: skip
            sp = Spec(r, f"{y}-01-01", shift(d, -1), o=o)
        else:
            text = self.rng.choice([f"After {dstr(d, self.rng)}, who {past} {po} for the rest of {y}?",
                                    f"Which actors {past} {po} later in {y}, after {dstr(d, self.rng)}?"])  # fmt: skip
            sp = Spec(r, shift(d, 1), f"{y}-12-31", o=o)
        return self.emit(text, sp, "before_after_date", "before_after", "entity", "day")

    def anchor_text(self, clause: str) -> str:
        return clause[5:] if clause.startswith("noun:") else clause

    def before_after_event(self) -> bool:
        a = self.anchor()
        if a is None:
            return False
        key, d, clause = a
        s = key[0]
        r = self.rel_pick()
        ps = say(s, self.rng)
        if ps is None:
            return False
        y = d[:4]
        after = self.rng.random() < 0.5
        base = self.rng.choice(REL[r][1])
        if clause.startswith("noun:"):
            ev = clause[5:]
            text = (
                f"After {ev}, whom did {ps} {base} for the rest of {y}?"
                if after
                else f"In {y}, before {ev}, whom did {ps} {base}?"
            )
        else:
            text = (
                f"After {clause}, whom did {ps} go on to {base} later in {y}?"
                if after
                else f"Whom did {ps} {base} earlier in {y}, before {clause}?"
            )
        sp = (
            Spec(r, shift(d, 1), f"{y}-12-31", s=s, ans="o", anchor=key, anchor_day=d)
            if after
            else Spec(r, f"{y}-01-01", shift(d, -1), s=s, ans="o", anchor=key, anchor_day=d)
        )
        return self.emit(text, sp, "before_after_event", "before_after", "entity", "day")

    def after_first(self) -> bool:
        a = self.anchor()
        if a is None:
            return False
        key, d, clause = a
        o = key[2] if self.rng.random() < 0.5 else key[0]
        r = self.rel_pick()
        po = say(o, self.rng)
        if po is None:
            return False
        base = self.rng.choice(REL[r][1])
        ev = self.anchor_text(clause)
        y = d[:4]
        text = self.rng.choice([f"After {ev}, who was the next to {base} {po}?",
                                f"Following {ev}, who was first to {base} {po}?"
                                if clause.startswith("noun:") else
                                f"After {ev}, who was first to {base} {po}?",
                                f"Who {self.rng.choice(REL[r][0])} {po} first once {ev} had happened?"
                                if clause.startswith("noun:") else
                                f"Once {ev}, who was the first to {base} {po}?"])  # fmt: skip
        del y
        sp = Spec(r, shift(d, 1), self.hi, o=o, select="min", anchor=key, anchor_day=d)
        return self.emit(text, sp, "after_first_event", "after_first", "entity", "day")

    def before_last(self) -> bool:
        a = self.anchor()
        if a is None:
            return False
        key, d, clause = a
        o = key[2] if self.rng.random() < 0.5 else key[0]
        r = self.rel_pick()
        po = say(o, self.rng)
        if po is None:
            return False
        y = d[:4]
        if d[5:] < "02-01":
            return False
        ev = self.anchor_text(clause)
        past = self.rng.choice(REL[r][0])
        text = self.rng.choice(
            [
                f"In {y}, who had last {past} {po} just before {ev}?",
                f"Who was the most recent to have {past} {po} before {ev} (counting only {y})?",
            ]
        )
        sp = Spec(r, f"{y}-01-01", shift(d, -1), o=o, select="max", anchor=key, anchor_day=d)
        return self.emit(text, sp, "before_last_event", "before_last", "entity", "day")

    def time_next_prev(self) -> bool:
        """after_first / before_last asked for a time: when did S next (last) r O after (before) an anchor."""
        a = self.anchor()
        if a is None:
            return False
        key, d, clause = a
        s, o = key[0], key[2]
        r = self.rel_pick()
        if r == key[1]:
            return False
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        ev = self.anchor_text(clause)
        y = d[:4]
        base = self.rng.choice(REL[r][1])
        if self.rng.random() < 0.5:
            text = f"After {ev}, on what day did {ps} next {base} {po}?"
            sp = Spec(r, shift(d, 1), self.hi, s=s, o=o, ans="d", select="min", anchor=key, anchor_day=d)
            return self.emit(text, sp, "next_time_after_event", "after_first", "time", "day")
        text = f"Within {y}, what was the last day before {ev} on which {ps} {self.rng.choice(REL[r][0])} {po}?"
        sp = Spec(r, f"{y}-01-01", shift(d, -1), s=s, o=o, ans="d", select="max", anchor=key, anchor_day=d)
        return self.emit(text, sp, "last_time_before_event", "before_last", "time", "day")

    def equal_multi(self) -> bool:
        a = self.anchor()
        if a is None:
            return False
        key, d, clause = a
        ev = self.anchor_text(clause)
        k = self.rng.randrange(4)
        # (relation, object) pairs that occur in the window, so that most draws have a gold; never the anchor's own
        days = [d] if k == 1 else [shift(d, 1)] if k == 2 else [shift(d[:7] + "-01", i) for i in range(31)]
        cands = sorted(
            {x for day in days if day[:7] == days[0][:7] for x in self.kg.by_day.get(day, [])} - {(key[1], key[2])}
        )
        cands = [x for x in cands if x[0] in REL]
        if not cands:
            return False
        r, o = self.rng.choice(cands)
        po = say(o, self.rng)
        if po is None:
            return False
        past = self.rng.choice(REL[r][0])
        if k == 0:
            m = d[:7]
            text = self.rng.choice([f"In the same month that {ev}, who {past} {po}?",
                                    f"Who {past} {po} in the month of {ev}?"
                                    if clause.startswith("noun:") else
                                    f"Which actors {past} {po} during the month in which {ev}?"])  # fmt: skip
            sp = Spec(r, m + "-01", month_end(m), o=o, anchor=key, anchor_day=d)
            return self.emit(text, sp, "same_month_as_event", "equal_multi", "entity", "month")
        if k == 1:
            text = (
                f"On the day of {ev}, who {past} {po}?"
                if clause.startswith("noun:")
                else f"On the same day that {ev}, who {past} {po}?"
            )
            sp = Spec(r, d, d, o=o, anchor=key, anchor_day=d)
            return self.emit(text, sp, "same_day_as_event", "equal_multi", "entity", "day")
        if k == 2:
            nd = shift(d, 1)
            if nd > self.hi:
                return False
            text = (
                f"The day after {ev}, who {past} {po}?"
                if clause.startswith("noun:")
                else f"Who {past} {po} on the day after {ev}?"
            )
            sp = Spec(r, nd, nd, o=o, anchor=key, anchor_day=d)
            return self.emit(text, sp, "day_after_event", "equal_multi", "entity", "day")
        text = f"Name those who {past} {po} in the same calendar month as {ev}."
        m = d[:7]
        sp = Spec(r, m + "-01", month_end(m), o=o, anchor=key, anchor_day=d)
        return self.emit(text, sp, "same_month_as_event_named", "equal_multi", "entity", "month")

    def who_else_week(self) -> bool:
        """Ellipsis: 'X criticized Y on D. Who else did so that week (Monday .. Sunday)?'"""
        r = self.rel_pick()
        got = self.pick_ro(r)
        if not got:
            return False
        o, rows = got
        d, s = self.rng.choice(rows)
        mon = shift(d, -date.fromisoformat(d).weekday())
        sun = shift(mon, 6)
        if mon < self.lo or sun > self.hi:
            return False
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        text = (
            f"{ps} {self.rng.choice(REL[r][0])} {po} on {dstr(d, self.rng)}. Who else did so that week "
            f"(Monday {dstr(mon, self.rng, 1)} to Sunday {dstr(sun, self.rng, 1)})?"
        )
        sp = Spec(r, mon, sun, o=o, exclude=[s])
        return self.emit(text, sp, "who_else_that_week", "equal", "entity", "day")

    def named_day(self) -> bool:
        y = self.rng.choice(self.years)
        name, md = self.rng.choice([("Christmas Day", "12-25"), ("New Year's Day", "01-01"),
                                    ("Valentine's Day", "02-14"), ("Christmas Eve", "12-24"),
                                    ("New Year's Eve", "12-31"), ("Halloween", "10-31")])  # fmt: skip
        d = f"{y}-{md}"
        r = self.rel_pick()
        keys = [k for k in self.kg.ro_keys[r] if any(x == d for x, _ in self.kg.ro[k])]
        if not keys:
            return False
        o = self.rng.choice(keys)[1]
        po = say(o, self.rng)
        if po is None:
            return False
        text = f"On {name} {y} ({dstr(d, self.rng, 1)}), who {self.rng.choice(REL[r][0])} {po}?"
        return self.emit(text, Spec(r, d, d, o=o), "named_day", "equal", "entity", "day")

    def quarter_time(self) -> bool:
        """'Which month of the third quarter (July-September) of Y did S r O in?' - month answer inside a window."""
        w = self.window()
        if w is None or w[3] != "month":
            return False
        lo, hi, phrase, _ = w
        r = self.rel_pick()
        keys = [k for k in self.kg.sro_keys[r] if any(lo <= d <= hi for d in self.kg.sro[k])]
        if not keys:
            return False
        s, _, o = self.rng.choice(keys)
        ps, po = say(s, self.rng), say(o, self.rng)
        if ps is None or po is None:
            return False
        text = f"{cap(phrase)}, which month did {ps} {self.rng.choice(REL[r][1])} {po} in?"
        return self.emit(text, Spec(r, lo, hi, s=s, o=o, ans="m"), "month_within_window", "equal", "time", "month")


PLAN = [  # (method, share of the set)
    ("who_day", 0.10), ("whom_month", 0.08), ("who_year", 0.06), ("who_window", 0.10), ("when_day", 0.06),
    ("which_month", 0.05), ("which_year", 0.03), ("first_last_who", 0.07), ("first_last_whom", 0.05),
    ("first_last_time", 0.07), ("before_after_date", 0.05), ("before_after_event", 0.05), ("after_first", 0.05),
    ("before_last", 0.05), ("time_next_prev", 0.04), ("equal_multi", 0.08), ("who_else_week", 0.03),
    ("named_day", 0.02), ("quarter_time", 0.03),
]  # fmt: skip


def load_facts(store: Any) -> list[tuple[str, str, str, str]]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) WHERE e.recorded_to IS NULL "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    prefix, lo, hi, years, want = STORES[args.store]
    store = connect(start_managed=False, ensure_schema=False)
    kg = KG(load_facts(store))
    rng = random.Random(args.seed + (0 if args.store == "mtq" else 1))
    gen = Gen(kg, rng, lo, hi, years)
    used = {m: 0 for m, _ in PLAN}
    for method, share in PLAN:
        goal = max(1, round(share * want))
        if method == "which_year" and len(years) < 2:
            continue
        tries = 0
        while used[method] < goal and tries < 400:
            tries += 1
            if getattr(gen, method)():
                used[method] += 1
    records = []
    agree = 0
    for i, q in enumerate(gen.out):
        sp: Spec = q.pop("spec")
        second = check(store, sp)
        ok = second == q["answers"]
        if not ok:
            print("DISAGREE", q["construction"], q["answers"], second)
            continue
        agree += 1
        quid = f"{prefix}{i:03d}"
        rec = {"quid": quid, "id": quid, **q, "store": args.store,
               "check": "second Cypher query from the fixed entity's side, string dates, Cypher-side selection"
               + (", anchor re-found and counted" if sp.anchor else ""), "check_agrees": ok}  # fmt: skip
        records.append(rec)
    store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    print(f"{len(gen.out)} generated, {agree} agree, {len(records)} written to {args.out}")
    print(json.dumps(used))


if __name__ == "__main__":
    main()
