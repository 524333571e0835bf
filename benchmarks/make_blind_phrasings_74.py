"""Blind held-out question set 74 for the symbolic reader: actors named by demonyms, titles and descriptions.

Why: the reader's score on questions worded by people who never saw its rules is the honest figure for unseen
phrasings. This set's writer (helper w74) did not read the reader, its question parser, its tests or earlier sets.
Its style: a user who names actors the way an analyst would ("the Iranian government", "police in Nigeria",
"Kenyan President Uhuru Kenyatta") instead of the KG's names, asks for times as the subject of a clause ("Which month
saw ..."), for first/last through the answer's granularity, and relations in plain English.

Gold: every (subject, relation, object, day) of the store is read once; each gold is computed in Python over those
facts (scoped to the period the wording names); anchor events occur exactly once in the store. Every gold is then
recomputed by a second, differently written Cypher query (anchor date, window and first/last pick done in Cypher);
``check_agrees`` records the comparison and disagreeing questions are dropped.

Run (the store must be running; read only):

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_74.py --store mtq --out blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_74.py --store bench --out blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SEED = 20261274

# The period each store may be asked about (mtq: complete from 2013-11-18, asked only about 2014-2015).
PERIODS: dict[str, tuple[str, str]] = {"mtq": ("2014-01-01", "2015-12-31"), "bench": ("2014-01-01", "2014-12-31")}
QUOTAS: dict[str, dict[str, int]] = {
    "mtq": {"equal": 24, "first_last": 20, "before_after": 16, "after_first": 15, "before_last": 15, "equal_multi": 14},
    "bench": {
        "equal": 16,
        "first_last": 14,
        "before_after": 11,
        "after_first": 11,
        "before_last": 10,
        "equal_multi": 10,
    },
}
PREFIX = {"mtq": "b74m", "bench": "b74b"}

# Relation -> list of (past-tense clause, base-form clause); "{o}" is the object slot. Own wording, one per relation.
RELS: dict[str, list[tuple[str, str]]] = {
    "Make_a_visit": [("visited {o}", "visit {o}"), ("paid a visit to {o}", "pay a visit to {o}")],
    "Host_a_visit": [
        ("hosted a visit by {o}", "host a visit by {o}"),
        ("received {o} as a visitor", "receive {o} as a visitor"),
    ],
    "Consult": [("held consultations with {o}", "hold consultations with {o}"), ("consulted {o}", "consult {o}")],
    "Engage_in_negotiation": [
        ("negotiated with {o}", "negotiate with {o}"),
        ("held negotiations with {o}", "hold negotiations with {o}"),
    ],
    "Express_intent_to_meet_or_negotiate": [
        ("signalled willingness to meet or negotiate with {o}", "signal willingness to meet or negotiate with {o}")
    ],
    "Make_an_appeal_or_request": [
        ("made an appeal or request to {o}", "make an appeal or request to {o}"),
        ("appealed to {o}", "appeal to {o}"),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrested, detained or charged {o}", "arrest, detain or charge {o}")
    ],
    "Praise_or_endorse": [("praised {o}", "praise {o}"), ("spoke approvingly of {o}", "speak approvingly of {o}")],
    "Criticize_or_denounce": [("criticized {o}", "criticize {o}"), ("denounced {o}", "denounce {o}")],
    "Accuse": [("levelled accusations at {o}", "level accusations at {o}"), ("accused {o}", "accuse {o}")],
    "Use_unconventional_violence": [
        ("resorted to unconventional violence against {o}", "resort to unconventional violence against {o}")
    ],
    "Use_conventional_military_force": [
        ("used conventional military force against {o}", "use conventional military force against {o}")
    ],
    "Express_intent_to_cooperate": [("expressed a wish to cooperate with {o}", "express a wish to cooperate with {o}")],
    "Demand": [("made demands of {o}", "make demands of {o}")],
    "Engage_in_diplomatic_cooperation": [("cooperated diplomatically with {o}", "cooperate diplomatically with {o}")],
    "Sign_formal_agreement": [
        ("signed a formal agreement with {o}", "sign a formal agreement with {o}"),
        ("concluded a formal agreement with {o}", "conclude a formal agreement with {o}"),
    ],
    "Discuss_by_telephone": [
        ("spoke by phone with {o}", "speak by phone with {o}"),
        ("had a telephone conversation with {o}", "have a telephone conversation with {o}"),
    ],
    "Make_optimistic_comment": [
        ("made upbeat remarks about {o}", "make upbeat remarks about {o}"),
        ("spoke optimistically about {o}", "speak optimistically about {o}"),
    ],
    "Make_pessimistic_comment": [("voiced pessimism about {o}", "voice pessimism about {o}")],
    "Threaten": [("threatened {o}", "threaten {o}")],
    "Abduct,_hijack,_or_take_hostage": [("abducted or took hostage {o}", "abduct or take hostage {o}")],
    "Meet_at_a_'third'_location": [("met {o} at a third-party venue", "meet {o} at a third-party venue")],
    "Engage_in_symbolic_act": [("made a symbolic gesture toward {o}", "make a symbolic gesture toward {o}")],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        ("urged {o} to cooperate diplomatically", "urge {o} to cooperate diplomatically")
    ],
    "Return,_release_person(s)": [("released {o}", "release {o}")],
    "Protest_violently,_riot": [("rioted against {o}", "riot against {o}")],
    "Provide_humanitarian_aid": [
        ("gave humanitarian aid to {o}", "give humanitarian aid to {o}"),
        ("sent humanitarian assistance to {o}", "send humanitarian assistance to {o}"),
    ],
    "Make_empathetic_comment": [("expressed sympathy for {o}", "express sympathy for {o}")],
    "Use_tactics_of_violent_repression": [("violently repressed {o}", "violently repress {o}")],
    "Occupy_territory": [("occupied territory of {o}", "occupy territory of {o}")],
    "Physically_assault": [("physically assaulted {o}", "physically assault {o}")],
    "Bring_lawsuit_against": [("sued {o}", "sue {o}"), ("filed a lawsuit against {o}", "file a lawsuit against {o}")],
    "Confiscate_property": [("seized property belonging to {o}", "seize property belonging to {o}")],
    "Expel_or_deport_individuals": [("expelled or deported {o}", "expel or deport {o}")],
    "Cooperate_economically": [("cooperated economically with {o}", "cooperate economically with {o}")],
    "Cooperate_militarily": [("cooperated militarily with {o}", "cooperate militarily with {o}")],
    "Express_intent_to_provide_military_aid": [("pledged military aid to {o}", "pledge military aid to {o}")],
    "Provide_military_aid": [("provided military aid to {o}", "provide military aid to {o}")],
    "Provide_economic_aid": [("gave economic aid to {o}", "give economic aid to {o}")],
    "Threaten_with_military_force": [("threatened {o} with military force", "threaten {o} with military force")],
    "Employ_aerial_weapons": [("used aerial weapons against {o}", "use aerial weapons against {o}")],
    "Impose_embargo,_boycott,_or_sanctions": [
        ("imposed an embargo, boycott or sanctions on {o}", "impose an embargo, boycott or sanctions on {o}")
    ],
    "Grant_diplomatic_recognition": [("granted diplomatic recognition to {o}", "grant diplomatic recognition to {o}")],
    "Apologize": [("apologized to {o}", "apologize to {o}")],
    "Accuse_of_crime,_corruption": [("accused {o} of crime or corruption", "accuse {o} of crime or corruption")],
    "Accuse_of_human_rights_abuses": [("accused {o} of human rights abuses", "accuse {o} of human rights abuses")],
    "Express_accord": [("expressed agreement with {o}", "express agreement with {o}")],
    "Share_intelligence_or_information": [
        ("shared intelligence or information with {o}", "share intelligence or information with {o}")
    ],
    "Halt_negotiations": [("broke off negotiations with {o}", "break off negotiations with {o}")],
    "Give_ultimatum": [("issued an ultimatum to {o}", "issue an ultimatum to {o}")],
    "Express_intent_to_provide_humanitarian_aid": [
        ("pledged humanitarian aid to {o}", "pledge humanitarian aid to {o}")
    ],
    "Express_intent_to_provide_economic_aid": [("pledged economic aid to {o}", "pledge economic aid to {o}")],
    "Rally_opposition_against": [("rallied opposition against {o}", "rally opposition against {o}")],
    "Kill_by_physical_assault": [("killed {o} in a physical assault", "kill {o} in a physical assault")],
    "Declare_truce,_ceasefire": [("declared a truce or ceasefire with {o}", "declare a truce or ceasefire with {o}")],
}

DEMONYMS: dict[str, str] = {
    "Afghanistan": "Afghan",
    "Albania": "Albanian",
    "Algeria": "Algerian",
    "Angola": "Angolan",
    "Argentina": "Argentine",
    "Armenia": "Armenian",
    "Australia": "Australian",
    "Austria": "Austrian",
    "Azerbaijan": "Azerbaijani",
    "Bahrain": "Bahraini",
    "Bangladesh": "Bangladeshi",
    "Belarus": "Belarusian",
    "Belgium": "Belgian",
    "Bolivia": "Bolivian",
    "Botswana": "Botswanan",
    "Brazil": "Brazilian",
    "Bulgaria": "Bulgarian",
    "Burundi": "Burundian",
    "Cambodia": "Cambodian",
    "Cameroon": "Cameroonian",
    "Canada": "Canadian",
    "Chad": "Chadian",
    "Chile": "Chilean",
    "China": "Chinese",
    "Colombia": "Colombian",
    "Croatia": "Croatian",
    "Cuba": "Cuban",
    "Cyprus": "Cypriot",
    "Czech_Republic": "Czech",
    "Denmark": "Danish",
    "Ecuador": "Ecuadorian",
    "Egypt": "Egyptian",
    "Eritrea": "Eritrean",
    "Estonia": "Estonian",
    "Ethiopia": "Ethiopian",
    "Fiji": "Fijian",
    "Finland": "Finnish",
    "France": "French",
    "Gabon": "Gabonese",
    "Georgia": "Georgian",
    "Germany": "German",
    "Ghana": "Ghanaian",
    "Greece": "Greek",
    "Guatemala": "Guatemalan",
    "Haiti": "Haitian",
    "Honduras": "Honduran",
    "Hungary": "Hungarian",
    "India": "Indian",
    "Indonesia": "Indonesian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Ireland": "Irish",
    "Israel": "Israeli",
    "Italy": "Italian",
    "Jamaica": "Jamaican",
    "Japan": "Japanese",
    "Jordan": "Jordanian",
    "Kazakhstan": "Kazakh",
    "Kenya": "Kenyan",
    "Kuwait": "Kuwaiti",
    "Kyrgyzstan": "Kyrgyz",
    "Latvia": "Latvian",
    "Lebanon": "Lebanese",
    "Liberia": "Liberian",
    "Libya": "Libyan",
    "Lithuania": "Lithuanian",
    "Madagascar": "Malagasy",
    "Malawi": "Malawian",
    "Malaysia": "Malaysian",
    "Mali": "Malian",
    "Mauritania": "Mauritanian",
    "Mexico": "Mexican",
    "Mongolia": "Mongolian",
    "Morocco": "Moroccan",
    "Mozambique": "Mozambican",
    "Namibia": "Namibian",
    "Nepal": "Nepalese",
    "Netherlands": "Dutch",
    "Nicaragua": "Nicaraguan",
    "Nigeria": "Nigerian",
    "North_Korea": "North Korean",
    "Norway": "Norwegian",
    "Oman": "Omani",
    "Pakistan": "Pakistani",
    "Panama": "Panamanian",
    "Paraguay": "Paraguayan",
    "Peru": "Peruvian",
    "Philippines": "Philippine",
    "Poland": "Polish",
    "Portugal": "Portuguese",
    "Qatar": "Qatari",
    "Romania": "Romanian",
    "Russia": "Russian",
    "Rwanda": "Rwandan",
    "Saudi_Arabia": "Saudi",
    "Senegal": "Senegalese",
    "Serbia": "Serbian",
    "Sierra_Leone": "Sierra Leonean",
    "Singapore": "Singaporean",
    "Slovakia": "Slovak",
    "Somalia": "Somali",
    "South_Africa": "South African",
    "South_Korea": "South Korean",
    "South_Sudan": "South Sudanese",
    "Spain": "Spanish",
    "Sri_Lanka": "Sri Lankan",
    "Sudan": "Sudanese",
    "Sweden": "Swedish",
    "Switzerland": "Swiss",
    "Syria": "Syrian",
    "Taiwan": "Taiwanese",
    "Tajikistan": "Tajik",
    "Tanzania": "Tanzanian",
    "Thailand": "Thai",
    "Tunisia": "Tunisian",
    "Turkey": "Turkish",
    "Uganda": "Ugandan",
    "Ukraine": "Ukrainian",
    "United_Kingdom": "British",
    "United_States": "US",
    "Uruguay": "Uruguayan",
    "Uzbekistan": "Uzbek",
    "Venezuela": "Venezuelan",
    "Vietnam": "Vietnamese",
    "Yemen": "Yemeni",
    "Zambia": "Zambian",
    "Zimbabwe": "Zimbabwean",
}
THE_COUNTRIES = {
    "United_States",
    "United_Kingdom",
    "Philippines",
    "Netherlands",
    "Czech_Republic",
    "United_Arab_Emirates",
}

# Sector -> description forms ({d}: demonym, {c}: country as said, {cp}: its possessive).
SECTORS: dict[str, list[str]] = {
    "Citizen": ["{d} citizens", "citizens of {c}", "{cp} citizens"],
    "Police": ["the {d} police", "police in {c}", "{cp} police force"],
    "Government": ["the {d} government", "the government of {c}", "{cp} government"],
    "Foreign_Affairs": ["the {d} foreign ministry", "{cp} foreign ministry", "the foreign ministry of {c}"],
    "Military": ["the {d} military", "{cp} armed forces", "the armed forces of {c}"],
    "Defense_/_Security_Ministry": ["the {d} defence ministry", "{cp} defense ministry"],
    "Protester": ["protesters in {c}", "{d} protesters", "demonstrators in {c}"],
    "Media": ["the {d} media", "{cp} news media"],
    "Cabinet_/_Council_of_Ministers_/_Advisors": ["the {d} cabinet", "{cp} cabinet"],
    "Treasury/Finance_Ministry": ["the {d} finance ministry", "{cp} finance ministry"],
    "Militant": ["{d} militants", "militants in {c}"],
    "Armed_Rebel": ["armed rebels in {c}", "{d} armed rebels"],
    "Student": ["{d} students", "students in {c}"],
    "Labor_Union": ["trade unions in {c}", "{cp} labour unions"],
    "Election_Commission": ["{cp} election commission", "the {d} election commission"],
    "Legislature": ["the {d} legislature", "{cp} legislature"],
    "Business": ["{d} businesses", "businesses in {c}"],
    "Women": ["women in {c}"],
    "Children": ["children in {c}"],
    "Medical_Personnel": ["medical workers in {c}", "{d} medical staff"],
    "Lawyer/Attorney": ["lawyers in {c}", "{d} lawyers"],
    "Health_Ministry": ["the {d} health ministry", "{cp} health ministry"],
    "Education_Ministry": ["the {d} education ministry", "{cp} ministry of education"],
}

# People: titles that hold through 2014-2015 (or a nationality only where the office changed in that period).
PERSONS: dict[str, list[str]] = {
    "Barack_Obama": ["US President Barack Obama", "President Barack Obama of the United States"],
    "Xi_Jinping": ["Chinese President Xi Jinping", "China's president Xi Jinping"],
    "Benjamin_Netanyahu": ["Israeli Prime Minister Benjamin Netanyahu", "Israel's prime minister Benjamin Netanyahu"],
    "Muhammadu_Buhari": ["Nigeria's Muhammadu Buhari", "the Nigerian politician Muhammadu Buhari"],
    "Angela_Merkel": ["German Chancellor Angela Merkel", "Angela Merkel, the German chancellor,"],
    "Abdel_Fattah_Al-Sisi": ["Egypt's Abdel Fattah al-Sisi"],
    "Alexis_Tsipras": ["Greece's Alexis Tsipras", "the Greek politician Alexis Tsipras"],
    "Mahmoud_Abbas": ["Palestinian President Mahmoud Abbas"],
    "Haider_Al-Abadi": ["Iraq's Haider al-Abadi"],
    "Ashraf_Ghani_Ahmadzai": ["Afghanistan's Ashraf Ghani"],
    "Wang_Yi": ["Chinese Foreign Minister Wang Yi", "China's foreign minister Wang Yi"],
    "Uhuru_Muigai_Kenyatta": ["Kenyan President Uhuru Kenyatta", "Kenya's president Uhuru Kenyatta"],
    "Cristina_Fernández_de_Kirchner": ["Argentina's Cristina Fernández de Kirchner"],
    "Nuri_al-Maliki": ["Iraq's Nuri al-Maliki"],
    "Ma_Ying_Jeou": ["Taiwanese President Ma Ying-jeou"],
    "Dmitry_Anatolyevich_Medvedev": ["Russian Prime Minister Dmitry Medvedev"],
    "Arseniy_Yatsenyuk": ["Ukraine's Arseniy Yatsenyuk"],
    "Julie_Bishop": ["Australian Foreign Minister Julie Bishop", "Australia's foreign minister Julie Bishop"],
    "Raúl_Castro": ["Cuban President Raúl Castro"],
    "Catherine_Ashton": ["the EU diplomat Catherine Ashton"],
    "Antonis_Samaras": ["Greece's Antonis Samaras"],
    "Sergey_Kuzhugetovich_Shoygu": ["Russian Defence Minister Sergey Shoygu"],
    "Nicos_Anastasiades": ["Cypriot President Nicos Anastasiades"],
    "Massoud_Barzani": ["the Kurdish leader Massoud Barzani"],
    "William_Ruto": ["Kenyan Deputy President William Ruto"],
    "Viktor_Orban": ["Hungarian Prime Minister Viktor Orban"],
    "Evo_Morales": ["Bolivian President Evo Morales"],
    "Raheel_Sharif": ["Pakistani army chief Raheel Sharif"],
    "Christine_Lagarde": ["IMF chief Christine Lagarde"],
    "Macky_Sall": ["Senegalese President Macky Sall"],
    "Muhammad_VI": ["Morocco's King Mohammed VI"],
    "Pham_Binh_Minh": ["Vietnamese Foreign Minister Pham Binh Minh"],
    "Heinz_Fischer": ["Austrian President Heinz Fischer"],
    "Islam_Karimov": ["Uzbek President Islam Karimov"],
    "John_Kerry": ["US Secretary of State John Kerry", "America's top diplomat John Kerry"],
    "Sergey_Viktorovich_Lavrov": ["Russian Foreign Minister Sergey Lavrov", "Russia's foreign minister Sergey Lavrov"],
    "Mohammad_Javad_Zarif": ["Iranian Foreign Minister Mohammad Javad Zarif", "Iran's foreign minister Javad Zarif"],
    "François_Hollande": ["French President François Hollande", "France's president François Hollande"],
    "Fumio_Kishida": ["Japanese Foreign Minister Fumio Kishida"],
    "Joseph_Robinette_Biden": ["US Vice President Joe Biden"],
    "Kim_Jong-Un": ["North Korean leader Kim Jong-un"],
    "Riek_Machar": ["South Sudanese rebel leader Riek Machar"],
    "Prayuth_Chan-ocha": ["Thailand's Prayuth Chan-ocha"],
    "Marziyeh_Afkham": ["Iranian foreign ministry spokeswoman Marziyeh Afkham"],
    "Milos_Zeman": ["Czech President Milos Zeman"],
    "Victor_Ponta": ["Romania's Victor Ponta"],
    "Umar_al_Bashir": ["Sudanese President Omar al-Bashir"],
    "Abdullah_Abdullah": ["Afghanistan's Abdullah Abdullah"],
    "Jakaya_Mrisho_Kikwete": ["Tanzania's Jakaya Kikwete"],
    "Klaus_Johannis": ["Romania's Klaus Johannis"],
    "Philip_Hammond": ["the British politician Philip Hammond"],
}
ORGS: dict[str, list[str]] = {
    "North_Atlantic_Treaty_Organization": ["NATO"],
    "International_Monetary_Fund": ["the IMF"],
    "Association_of_Southeast_Asian_Nations": ["ASEAN"],
    "UN_Security_Council": ["the UN Security Council"],
    "High_Commission_for_Refugees": ["the UN refugee agency"],
    "African_Union": ["the African Union"],
    "Boko_Haram": ["the Boko Haram group"],
    "Al-Shabaab": ["the Somali militant group al-Shabaab"],
    "Human_Rights_Watch": ["the watchdog Human Rights Watch"],
}
_SECTOR_RE = re.compile(r"^(.+)_\(([^()]+)\)$")


@dataclass
class Spec:
    """What a question asks, in the terms both gold computations share."""

    ask: str  # "s" | "o" | "time"
    r: str
    s: str | None
    o: str | None
    lo: str
    hi: str
    pick: str = "all"  # "all" | "first" | "last"
    tgran: str = "day"
    anchor: tuple[str, str, str] | None = None
    mode: str = ""  # "" | "after" | "before" | "same_day" | "same_month" | "same_year"
    extra: dict[str, Any] = field(default_factory=dict)


class Describer:
    """Natural descriptions of KG entities; only entities a description denotes uniquely in the store."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.countries = {c for c in DEMONYMS if c in names}
        tokens: dict[str, int] = defaultdict(int)
        for n in names:
            for t in set(re.split(r"[_()/,]+", n.lower())):
                tokens[t] += 1
        # A person is described only when his family name occurs in no other entity name of the store.
        self.persons = {p: d for p, d in PERSONS.items() if p in names and tokens[p.split("_")[-1].lower()] == 1}
        self.orgs = {k: v for k, v in ORGS.items() if k in names}

    def country(self, c: str) -> str:
        return ("the " if c in THE_COUNTRIES else "") + c.replace("_", " ")

    def describe(self, key: str, rng: random.Random) -> str | None:
        if key in self.persons:
            return rng.choice(self.persons[key])
        if key in self.orgs:
            return rng.choice(self.orgs[key])
        if key in self.countries:
            return self.country(key)
        m = _SECTOR_RE.match(key)
        if m and m.group(1) in SECTORS and m.group(2) in DEMONYMS:
            form = rng.choice(SECTORS[m.group(1)])
            c = self.country(m.group(2))
            return form.format(d=DEMONYMS[m.group(2)], c=c, cp=c + ("'" if c.endswith("s") else "'s"))
        return None

    def fancy(self, key: str) -> bool:
        """Described otherwise than by its KG name (the style this set tests)."""
        return key in self.persons or (
            key not in self.countries and key not in self.orgs and bool(_SECTOR_RE.match(key))
        )


def _d(s: str) -> date:
    return date.fromisoformat(s)


def say_day(s: str, rng: random.Random) -> str:
    d = _d(s)
    mon = calendar.month_name[d.month]
    return rng.choice([f"{d.day} {mon} {d.year}", f"{mon} {d.day}, {d.year}"])


def say_month(s: str) -> str:
    d = _d(s)
    return f"{calendar.month_name[d.month]} {d.year}"


def month_bounds(s: str) -> tuple[str, str]:
    d = _d(s)
    return d.replace(day=1).isoformat(), d.replace(day=calendar.monthrange(d.year, d.month)[1]).isoformat()


def gran(s: str, g: str) -> str:
    return s if g == "day" else s[:7] if g == "month" else s[:4]


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def load_facts(store: Any) -> tuple[list[tuple[str, str, str, str]], dict[str, str]]:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.key AS s, s.name AS sn, e.relation AS r, o.key AS o, o.name AS on, toString(e.valid_from) AS d"
    )
    names: dict[str, str] = {}
    facts = set()
    for x in rows:
        names[x["s"]] = x["sn"]
        names[x["o"]] = x["on"]
        facts.add((x["s"], x["r"], x["o"], x["d"]))
    return sorted(facts), names


class Gold:
    """Python gold over the facts read once."""

    def __init__(self, facts: list[tuple[str, str, str, str]]) -> None:
        self.by_r: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        self.sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for s, r, o, d in facts:
            self.by_r[r].append((s, o, d))
            self.sro[(s, r, o)].append(d)

    def anchor_day(self, a: tuple[str, str, str]) -> str | None:
        ds = self.sro.get(a, [])
        return ds[0] if len(ds) == 1 else None

    def answer(self, sp: Spec) -> list[str]:
        rows = [
            (s, o, d)
            for s, o, d in self.by_r[sp.r]
            if (sp.s is None or s == sp.s) and (sp.o is None or o == sp.o) and sp.lo <= d <= sp.hi
        ]
        if not rows:
            return []
        if sp.pick != "all":
            pd = min(d for _, _, d in rows) if sp.pick == "first" else max(d for _, _, d in rows)
            rows = [x for x in rows if x[2] == pd]
        if sp.ask == "s":
            return sorted({s for s, _, _ in rows})
        if sp.ask == "o":
            return sorted({o for _, o, _ in rows})
        return sorted({gran(d, sp.tgran) for _, _, d in rows})


CHECK_WINDOW = """
WITH date($lo) AS lo, date($hi) AS hi
"""
CHECK_ANCHOR = """
MATCH (:Entity {key: $as})<-[:SUBJECT]-(a:Event {relation: $ar})-[:OBJECT]->(:Entity {key: $ao})
WITH collect(a.valid_from) AS ads
WHERE size(ads) = 1
WITH ads[0] AS ad
WITH CASE $mode
       WHEN 'after' THEN [ad + duration({days: 1}), date($hi)]
       WHEN 'before' THEN [date($lo), ad - duration({days: 1})]
       WHEN 'same_day' THEN [ad, ad]
       WHEN 'same_month' THEN [date.truncate('month', ad),
                               date.truncate('month', ad) + duration({months: 1}) - duration({days: 1})]
       ELSE [date.truncate('year', ad), date.truncate('year', ad) + duration({years: 1}) - duration({days: 1})]
     END AS w
WITH w[0] AS lo, w[1] AS hi
"""
CHECK_BODY = """
MATCH (x:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity)
WHERE e.relation = $r AND ($s IS NULL OR x.key = $s) AND ($o IS NULL OR y.key = $o)
  AND lo <= e.valid_from <= hi
WITH x, y, e ORDER BY e.valid_from
WITH collect({x: x.name, y: y.name, d: e.valid_from}) AS rows
WITH rows, CASE $pick WHEN 'first' THEN rows[0].d WHEN 'last' THEN rows[size(rows) - 1].d ELSE null END AS pd
UNWIND rows AS row
WITH row WHERE pd IS NULL OR row.d = pd
RETURN DISTINCT CASE $ask WHEN 's' THEN row.x WHEN 'o' THEN row.y
  ELSE substring(toString(row.d), 0, CASE $tgran WHEN 'day' THEN 10 WHEN 'month' THEN 7 ELSE 4 END) END AS ans
"""


def check(store: Any, sp: Spec) -> list[str]:
    """The second computation: one Cypher query that finds the anchor, the window and the first/last pick itself."""
    head = CHECK_ANCHOR if sp.anchor else CHECK_WINDOW
    a = sp.anchor or ("", "", "")
    rows = store.run(
        head + CHECK_BODY,
        lo=sp.lo,
        hi=sp.hi,
        r=sp.r,
        s=sp.s,
        o=sp.o,
        pick=sp.pick,
        ask=sp.ask,
        tgran=sp.tgran,
        mode=sp.mode,
        **{"as": a[0], "ar": a[1], "ao": a[2]},
    )
    return sorted(x["ans"] for x in rows)


class Writer:
    """Draws questions of one qtype at a time; every draw is seeded and the facts are sorted, so runs repeat."""

    def __init__(self, store_name: str, facts: list[tuple[str, str, str, str]], names: dict[str, str]) -> None:
        self.store = store_name
        self.rng = random.Random(f"{SEED}-{store_name}")
        self.lo, self.hi = PERIODS[store_name]
        self.names = names
        self.desc = Describer(set(names))
        self.gold = Gold(facts)
        self.facts = [f for f in facts if f[1] in RELS and self.lo <= f[3] <= self.hi]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.facts:
            if self.desc.describe(f[0], random.Random(0)) and self.desc.describe(f[2], random.Random(0)):
                self.by_rel[f[1]].append(f)
        self.rels = sorted(r for r, v in self.by_rel.items() if len(v) >= 3)
        self.by_ent: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for r in self.rels:
            for f in self.by_rel[r]:
                self.by_ent[f[0]].append(f)
                self.by_ent[f[2]].append(f)
        self.rel_use: dict[str, int] = defaultdict(int)
        self.seen: set[str] = set()

    # ---- helpers -------------------------------------------------------------------------------------------
    def pick_fact(self) -> tuple[str, str, str, str]:
        least = min(self.rel_use[r] for r in self.rels)
        pool = [r for r in self.rels if self.rel_use[r] <= least + 1]
        r = self.rng.choice(pool)
        return self.rng.choice(self.by_rel[r])

    def phr(self, r: str) -> tuple[str, str]:
        return self.rng.choice(RELS[r])

    def who(self, golds: list[str], obj: bool) -> str:
        if all(g in self.desc.countries for g in golds):
            return "which country" if len(golds) == 1 else "which countries"
        return "whom" if obj and self.rng.random() < 0.5 else "who"

    def anchor(self, avoid: tuple[str, str, str]) -> tuple[tuple[str, str, str], str, str] | None:
        """A once-only event in the asked period, said as a past clause; one that shares an actor with the question
        where there is one (the way a user relates two events), else any."""
        for i in range(200):
            near = self.by_ent[self.rng.choice([avoid[0], avoid[2]])] if i < 60 else []
            f = self.rng.choice(near) if near else self.pick_fact()
            a = (f[0], f[1], f[2])
            if a == avoid or self.gold.anchor_day(a) is None:
                continue
            sd, od = self.desc.describe(f[0], self.rng), self.desc.describe(f[2], self.rng)
            if sd is None or od is None:
                continue
            return a, f[3], f"{sd} {self.phr(f[1])[0].format(o=od)}"
        return None

    def year_scope(self, d: str) -> tuple[str, str, str]:
        """The scope phrase for first/last and before questions: a year (mtq) or nothing extra (bench, all 2014)."""
        y = d[:4]
        return f"{y}-01-01", f"{y}-12-31", y

    # ---- qtypes --------------------------------------------------------------------------------------------
    def equal(self) -> tuple[str, Spec, str, str] | None:
        s, r, o, d = self.pick_fact()
        past, base = self.phr(r)
        sd, od = self.desc.describe(s, self.rng), self.desc.describe(o, self.rng)
        assert sd and od
        v = self.rng.randrange(7)
        if v in (0, 1, 2):  # entity at a day / month / year
            g = ["day", "month", "year"][v]
            if g == "year" and self.store == "bench":
                g = "month"
            lo, hi = (d, d) if g == "day" else month_bounds(d) if g == "month" else (f"{d[:4]}-01-01", f"{d[:4]}-12-31")
            when = {"day": f"on {say_day(d, self.rng)}", "month": f"in {say_month(d)}", "year": f"during {d[:4]}"}[g]
            if self.rng.random() < 0.5:
                sp = Spec("o", r, s, None, lo, hi, tgran=g)
                gl = self.gold.answer(sp)
                w = self.who(gl, True)
                if base.endswith("{o}"):
                    q = f"{cap(w)} did {sd} {base.format(o='').strip()} {when}?"
                    return q, sp, g, f"entity at a {g}: object asked"
                q = f"{cap(when)}, {sd} {past.format(o=w)}?"
                return q, sp, g, f"entity at a {g}: object asked, echo"
            sp = Spec("s", r, None, o, lo, hi, tgran=g)
            gl = self.gold.answer(sp)
            q = f"{cap(self.who(gl, False))} {past.format(o=od)} {when}?"
            return q, sp, g, f"entity at a {g}: subject asked"
        # time answers for a pair that happened once in the whole store
        if self.gold.anchor_day((s, r, o)) is None:
            return None
        g = ["day", "month", "month", "year"][v - 3]
        if g == "year" and self.store == "bench":
            g = "day"
        sp = Spec("time", r, s, o, self.lo, self.hi, tgran=g)
        if g == "day":
            q = self.rng.choice([f"When did {sd} {base.format(o=od)}?", f"On what date did {sd} {base.format(o=od)}?"])
            c = "time: when"
        elif g == "month":
            q = self.rng.choice(
                [f"Which month saw {sd} {base.format(o=od)}?", f"In what month did {sd} {base.format(o=od)}?"]
            )
            c = "time: month" + (" as subject" if q.startswith("Which month saw") else "")
        else:
            q = self.rng.choice(
                [f"Which year saw {sd} {base.format(o=od)}?", f"In what year did {sd} {base.format(o=od)}?"]
            )
            c = "time: year" + (" as subject" if q.startswith("Which year saw") else "")
        return q, sp, g, c

    def first_last(self) -> tuple[str, Spec, str, str] | None:
        s, r, o, d = self.pick_fact()
        past, base = self.phr(r)
        sd, od = self.desc.describe(s, self.rng), self.desc.describe(o, self.rng)
        assert sd and od
        pick = self.rng.choice(["first", "last"])
        lo, hi, y = self.year_scope(d)
        scope = f" in {y}"
        if self.store == "bench" and self.rng.random() < 0.5:
            scope = ""
        if self.store == "mtq" and pick == "last" and self.rng.random() < 0.4:
            lo, hi, scope = self.lo, self.hi, ""  # the store ends 2015-12-31: the last one needs no year
        v = self.rng.randrange(4)
        if v == 0:
            sp = Spec("s", r, None, o, lo, hi, pick=pick)
            gl = self.gold.answer(sp)
            w = "which country" if all(g in self.desc.countries for g in gl) else "who"
            tail = "first" if pick == "first" else "last"
            q = self.rng.choice(
                [
                    f"{cap(w)} was the {tail} to {base.format(o=od)}{scope}?",
                    f"{cap(w)} {'first' if pick == 'first' else 'most recently'} {past.format(o=od)}{scope}?",
                ]
            )
            return q, sp, "year" if scope else "day", f"first/last entity: subject asked{', scoped' if scope else ''}"
        if v == 1:
            sp = Spec("o", r, s, None, lo, hi, pick=pick)
            gl = self.gold.answer(sp)
            w = self.who(gl, True)
            if base.endswith("{o}"):
                q = f"{cap(w)} did {sd} {pick} {base.format(o='').strip()}{scope}?"
            else:
                q = f"{cap(w)} did {sd} {base.format(o='').strip()} {pick}{scope}?"
            return q, sp, "year" if scope else "day", f"first/last entity: object asked{', scoped' if scope else ''}"
        g = "day" if v == 2 else self.rng.choice(["month", "year"] if self.store == "mtq" and not scope else ["month"])
        sp = Spec("time", r, s, o, lo, hi, pick=pick, tgran=g)
        adv = pick
        if g == "day":
            q = self.rng.choice(
                [
                    f"When did {sd} {adv} {base.format(o=od)}{scope}?",
                    f"On which date{scope} did {sd} {base.format(o=od)} for the {pick} time?",
                ]
            )
        elif g == "month":
            q = self.rng.choice(
                [
                    f"In which month{scope} did {sd} {adv} {base.format(o=od)}?",
                    f"Which month{scope} saw {sd} {base.format(o=od)} for the {pick} time?",
                ]
            )
        else:
            q = f"In which year did {sd} {adv} {base.format(o=od)}?"
        return q, sp, g, f"first/last time at {g} granularity{', scoped' if scope else ''}"

    def before_after(self) -> tuple[str, Spec, str, str] | None:
        s, r, o, d = self.pick_fact()
        past, base = self.phr(r)
        sd, od = self.desc.describe(s, self.rng), self.desc.describe(o, self.rng)
        assert sd and od
        side = self.rng.choice(["before", "after"])
        if self.rng.random() < 0.5:  # a date
            cut = (_d(d) + timedelta(days=self.rng.randint(-20, 20))).isoformat()
            if not self.lo < cut < self.hi:
                return None
            y = cut[:4]
            if side == "after":
                lo, hi = (_d(cut) + timedelta(days=1)).isoformat(), self.hi
                ctx = f"after {say_day(cut, self.rng)}"
            else:
                lo, hi = (f"{y}-01-01" if self.store == "mtq" else self.lo), (_d(cut) - timedelta(days=1)).isoformat()
                ctx = f"before {say_day(cut, self.rng)}" + (f", still in {y}" if self.store == "mtq" else "")
            anchor, mode, c = None, "", f"{side} a date"
        else:
            an = self.anchor((s, r, o))
            if an is None:
                return None
            anchor, ad, clause = an
            y = ad[:4]
            if side == "after":
                lo, hi = (_d(ad) + timedelta(days=1)).isoformat(), self.hi
                ctx = f"after {clause}"
            else:
                lo, hi = (f"{y}-01-01" if self.store == "mtq" else self.lo), (_d(ad) - timedelta(days=1)).isoformat()
                ctx = f"before {clause}" + (f", within {y}" if self.store == "mtq" else "")
            mode, c = side, f"{side} an event"
        if self.rng.random() < 0.5:
            sp = Spec("o", r, s, None, lo, hi, anchor=anchor, mode=mode)
            gl = self.gold.answer(sp)
            w = self.who(gl, True)
            q = (
                f"{cap(ctx)}, {w} did {sd} {base.format(o='').strip()}?"
                if base.endswith("{o}")
                else f"{cap(ctx)}, {sd} {past.format(o=w)}?"
            )
            c += ": object asked"
        else:
            sp = Spec("s", r, None, o, lo, hi, anchor=anchor, mode=mode)
            gl = self.gold.answer(sp)
            q = f"{cap(self.who(gl, False))} {past.format(o=od)} {ctx}?"
            c += ": subject asked"
        return q, sp, "day", c

    def after_first_or_before_last(self, kind: str) -> tuple[str, Spec, str, str] | None:
        s, r, o, _ = self.pick_fact()
        _, base = self.phr(r)
        sd, od = self.desc.describe(s, self.rng), self.desc.describe(o, self.rng)
        assert sd and od
        an = self.anchor((s, r, o))
        if an is None:
            return None
        anchor, ad, clause = an
        if kind == "after_first":
            lo, hi, pick, mode, rel = (_d(ad) + timedelta(days=1)).isoformat(), self.hi, "first", "after", "after"
        else:
            lo, hi, pick, mode, rel = self.lo, (_d(ad) - timedelta(days=1)).isoformat(), "last", "before", "before"
        v = self.rng.randrange(4)
        if v == 0:
            sp = Spec("s", r, None, o, lo, hi, pick=pick, anchor=anchor, mode=mode)
            gl = self.gold.answer(sp)
            w = "which country" if all(g in self.desc.countries for g in gl) else "who"
            q = self.rng.choice(
                [
                    f"{cap(rel)} {clause}, {w} was the {pick} to {base.format(o=od)}?",
                    f"{cap(w)} was the {pick} to {base.format(o=od)} {rel} {clause}?",
                ]
            )
            return q, sp, "day", f"{kind}: subject asked"
        if v == 1:
            sp = Spec("o", r, s, None, lo, hi, pick=pick, anchor=anchor, mode=mode)
            gl = self.gold.answer(sp)
            w = self.who(gl, True)
            if base.endswith("{o}"):
                q = f"{cap(rel)} {clause}, {w} did {sd} {pick} {base.format(o='').strip()}?"
            else:
                q = f"{cap(rel)} {clause}, {w} did {sd} {base.format(o='').strip()} {pick}?"
            return q, sp, "day", f"{kind}: object asked"
        g = "day" if v == 2 else "month"
        sp = Spec("time", r, s, o, lo, hi, pick=pick, tgran=g, anchor=anchor, mode=mode)
        if g == "day":
            q = (
                f"When, {rel} {clause}, did {sd} {pick} {base.format(o=od)}?"
                if self.rng.random() < 0.5
                else f"{cap(rel)} {clause}, on what date did {sd} {pick} {base.format(o=od)}?"
            )
        else:
            q = f"In which month did {sd} {pick} {base.format(o=od)} {rel} {clause}?"
        return q, sp, g, f"{kind}: time at {g}"

    def equal_multi(self) -> tuple[str, Spec, str, str] | None:
        s, r, o, _ = self.pick_fact()
        past, base = self.phr(r)
        sd, od = self.desc.describe(s, self.rng), self.desc.describe(o, self.rng)
        assert sd and od
        an = self.anchor((s, r, o))
        if an is None:
            return None
        anchor, ad, clause = an
        g = self.rng.choice(["day", "month", "month", "year"] if self.store == "mtq" else ["day", "month"])
        mode = {"day": "same_day", "month": "same_month", "year": "same_year"}[g]
        if g == "day":
            lo = hi = ad
        elif g == "month":
            lo, hi = month_bounds(ad)
        else:
            lo, hi = f"{ad[:4]}-01-01", f"{ad[:4]}-12-31"
        unit = {"day": "day", "month": "month", "year": "year"}[g]
        if self.rng.random() < 0.5:
            sp = Spec("s", r, None, o, lo, hi, tgran=g, anchor=anchor, mode=mode)
            gl = self.gold.answer(sp)
            w = self.who(gl, False)
            q = self.rng.choice(
                [
                    f"{cap(w)} {past.format(o=od)} in the same {unit} that {clause}?",
                    f"In the {unit} when {clause}, {w} {past.format(o=od)}?",
                ]
            )
            if g == "day":
                q = q.replace("in the same day that", "on the same day that").replace("In the day when", "On the day")
            return q, sp, g, f"same {unit} as an event: subject asked"
        sp = Spec("o", r, s, None, lo, hi, tgran=g, anchor=anchor, mode=mode)
        gl = self.gold.answer(sp)
        w = self.who(gl, True)
        pre = (
            "On the same day that"
            if g == "day"
            else self.rng.choice([f"In the same {unit} that", f"During the {unit} in which"])
        )
        q = (
            f"{pre} {clause}, {w} did {sd} {base.format(o='').strip()}?"
            if base.endswith("{o}")
            else f"{pre} {clause}, {sd} {past.format(o=w)}?"
        )
        return q, sp, g, f"same {unit} as an event: object asked"

    # ---- driver --------------------------------------------------------------------------------------------
    def draw(self, qtype: str) -> tuple[str, Spec, str, str] | None:
        if qtype in ("after_first", "before_last"):
            return self.after_first_or_before_last(qtype)
        return getattr(self, qtype)()


def self_anchored(sp: Spec) -> bool:
    """Whether the anchor event is itself one of the events the question asks about."""
    a = sp.anchor
    return bool(a) and a[1] == sp.r and sp.s in (None, a[0]) and sp.o in (None, a[2])


def build(store_name: str, store: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    facts, names = load_facts(store)
    w = Writer(store_name, facts, names)
    out: list[dict[str, Any]] = []
    stats = {"drawn": 0, "disagree": 0, "self_anchor": 0}
    made = 0
    for qtype, n in QUOTAS[store_name].items():
        got, tries = 0, 0
        while got < n and tries < 4000:
            tries += 1
            res = w.draw(qtype)
            if res is None:
                continue
            q, sp, g, construction = res
            q = re.sub(r"\s+", " ", q).replace(" ,", ",")
            gl = w.gold.answer(sp)
            if not 1 <= len(gl) <= 5 or q in w.seen:
                continue
            if sp.ask == "time" and any(not w.lo[:4] <= a[:4] <= w.hi[:4] for a in gl):
                continue
            # mentions must be described the user's way: at least one actor said otherwise than by its KG name
            keys = [k for k in (sp.s, sp.o) if k] + ([sp.anchor[0], sp.anchor[2]] if sp.anchor else [])
            if not any(w.desc.fancy(k) for k in keys):
                continue
            answers = gl if sp.ask == "time" else [w.names[k] for k in gl]
            stats["drawn"] += 1
            chk = check(store, sp)
            agrees = sorted(answers) == chk
            if not agrees:
                stats["disagree"] += 1
                continue
            w.seen.add(q)
            w.rel_use[sp.r] += 1
            stats[f"rel {sp.r}"] = stats.get(f"rel {sp.r}", 0) + 1
            got += 1
            made += 1
            i = made
            if sp.mode.startswith("same_") and sp.anchor and self_anchored(sp):
                # "Who phoned X in the same month that Y phoned X?": the anchor event itself fits the question, and a
                # reader may or may not count Y. Ambiguous, so not written (the draw still counts, keeping ids stable).
                stats["self_anchor"] += 1
                continue
            qid = f"{PREFIX[store_name]}{i:03d}"
            how = (
                ("anchor date found in Cypher (exactly one event), window " + sp.mode)
                if sp.anchor
                else f"window {sp.lo}..{sp.hi}"
            )
            out.append(
                {
                    "id": qid,
                    "quid": qid,
                    "store": store_name,
                    "question": q,
                    "answers": sorted(answers),
                    "answer_type": "time" if sp.ask == "time" else "entity",
                    "time_level": g,
                    "qtype": qtype,
                    "qlabel": "Single" if qtype in ("equal", "first_last", "before_after") else "Multiple",
                    "construction": f"{qtype}: {construction}",
                    "check": f"Cypher by entity keys, {how}, pick {sp.pick} in Cypher, ask {sp.ask} at {sp.tgran}",
                    "check_agrees": agrees,
                    "evidence": [],
                }
            )
    return out, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(PERIODS), required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    from tkgrag.config import load_settings
    from tkgrag.store import connect

    store = connect(load_settings(), start_managed=False, ensure_schema=False)
    records, stats = build(args.store, store)
    Path(args.out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    print(
        f"{args.store}: {len(records)} questions written; {stats['drawn']} checked, {stats['disagree']} disagreed "
        f"and were dropped; {stats['self_anchor']} dropped as self-anchored",
        file=sys.stderr,
    )
    rels = {k: v for k, v in stats.items() if k.startswith("rel ")}
    print(f"{len(rels)} relations: " + ", ".join(f"{k[4:]}={v}" for k, v in sorted(rels.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
