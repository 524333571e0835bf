"""A paraphrase check set for the symbolic reader (issue 17): questions generated from the KG files, answers computed
exactly on them, phrased in the many ways people write (not in the tkgqa templates).

    .venv/bin/python benchmarks/make_paraphrase_set.py [--data ../shared/data] [--out runs/paraphrase]
                                                       [--per-category 70] [--seed 17]

Writes, for each KG (``icews14`` = ``icews14/icews14_full_named.tsv``, ``icews05-15`` =
``icews05-15/icews05-15_partial_named.tsv``), ``<kg>_tune.jsonl`` and ``<kg>_heldout.jsonl`` in the tkgqa format
``tkgrag eval`` loads (``quid``, ``question``, ``answers``, ``answer_type``, ``time_level``, ``qtype``, ``evidence``),
plus ``phrasings.json`` (which phrasing went to which part). Evaluate each file against a graph holding ONLY its KG:
the answers are exact for that file ("first" and "last" are over the whole file).

``qtype`` is the issue's category the question exercises:

- ``descriptive``: a ``Sector (Country)`` actor said descriptively ("the Kenyan police", "Japan's finance ministry",
  "the people of Norway", "the premier of Chile"); relation and date in the tkgqa wording;
- ``relation``: a CAMEO relation paraphrased ("commended", "signalled readiness to talk with", "spurned", "phoned");
- ``date``: day and month forms ("27 February 2014", "February 27, 2014", "2014-2-7", "Aug. 2014", "July, the year
  of 2014") and time answers asked in many wrappers ("In what month ...", "Could you tell me the exact date ...");
- ``ordinal``: "for the first time", "the earliest", "initially", "last" at the end of the clause, "most recently",
  and "when ... first/last";
- ``anchor``: entity-named anchors ("After Iran, who was the first to visit Oman?", "Who was the last to praise X
  before the Kenyan police?"): the anchor is the unique event of the named actor with the question's relation and
  other entity; the answer is the first (last) other actor after (before) it.

Held-out split: every phrasing list (relation paraphrases, sector words, mention frames, date forms, time-answer
wrappers, ordinal forms, anchor frames) is split by position, every third item held out. A question is drawn for
one part and uses ONLY that part's phrasings, so the held-out file exercises phrasings never seen while tuning.
Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from tkgrag.progress import progress_bar

PARTS = ("tune", "heldout")
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
MONTH_ABBR = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."]


def split(items: Sequence[Any]) -> dict[str, list[Any]]:
    """Every third item (positions 2, 5, 8, ...) held out, the rest for tuning."""
    return {
        "tune": [x for i, x in enumerate(items) if i % 3 != 2],
        "heldout": [x for i, x in enumerate(items) if i % 3 == 2],
    }


# ------------------------------------------------------------------------------------------- relations
@dataclass(frozen=True)
class Rel:
    name: str  # the graph's relation
    past: str  # tkgqa wording, "{o}" for the object: "criticized {o}"
    inf: str  # "criticize {o}"
    paraphrases: tuple[str, ...]  # past tense, written for this set


RELATIONS = [
    Rel(
        "Praise_or_endorse",
        "praised {o}",
        "praise {o}",
        (
            "commended {o}",
            "lauded {o}",
            "spoke highly of {o}",
            "applauded {o}",
            "expressed support for {o}",
            "paid tribute to {o}",
        ),
    ),
    Rel(
        "Criticize_or_denounce",
        "criticized {o}",
        "criticize {o}",
        (
            "condemned {o}",
            "denounced {o}",
            "spoke out against {o}",
            "slammed {o}",
            "gave a condemnation to {o}",
            "rebuked {o}",
        ),
    ),
    Rel(
        "Consult",
        "consulted {o}",
        "consult {o}",
        (
            "held talks with {o}",
            "met with {o}",
            "conferred with {o}",
            "had discussions with {o}",
            "sat down with {o}",
            "held consultations with {o}",
        ),
    ),
    Rel(
        "Make_a_visit",
        "visited {o}",
        "visit {o}",
        (
            "paid a visit to {o}",
            "travelled to {o}",
            "made a trip to {o}",
            "went to {o}",
            "toured {o}",
            "made a visit to {o}",
        ),
    ),
    Rel(
        "Host_a_visit",
        "hosted a visit by {o}",
        "host a visit by {o}",
        (
            "welcomed {o}",
            "received a visit from {o}",
            "played host to {o}",
            "hosted {o}",
            "received {o} on a visit",
            "welcomed a visit by {o}",
        ),
    ),
    Rel(
        "Make_an_appeal_or_request",
        "made an appeal or request to {o}",
        "make an appeal or request to {o}",
        (
            "appealed to {o}",
            "made a request to {o}",
            "urged {o}",
            "called on {o}",
            "asked {o} for help",
            "petitioned {o}",
        ),
    ),
    Rel(
        "Express_intent_to_meet_or_negotiate",
        "expressed intent to meet or negotiate with {o}",
        "express intent to meet or negotiate with {o}",
        (
            "signalled readiness to talk with {o}",
            "said it wanted to meet {o}",
            "would wish to visit {o}",
            "offered to hold talks with {o}",
            "expressed a wish to meet {o}",
            "announced plans to meet {o}",
        ),
    ),
    Rel(
        "Accuse",
        "accused {o}",
        "accuse {o}",
        (
            "blamed {o}",
            "levelled accusations at {o}",
            "pointed the finger at {o}",
            "made allegations against {o}",
            "made accusations against {o}",
            "alleged wrongdoing by {o}",
        ),
    ),
    Rel(
        "Reject",
        "rejected {o}",
        "reject {o}",
        ("spurned {o}", "turned down {o}", "rebuffed {o}", "refused {o}", "dismissed {o}", "said no to {o}"),
    ),
    Rel(
        "Discuss_by_telephone",
        "spoke by telephone with {o}",
        "speak by telephone with {o}",
        (
            "called {o}",
            "phoned {o}",
            "had a phone call with {o}",
            "talked on the phone with {o}",
            "telephoned {o}",
            "rang {o}",
        ),
    ),
    Rel(
        "Engage_in_negotiation",
        "engaged in negotiation with {o}",
        "engage in negotiation with {o}",
        (
            "negotiated with {o}",
            "held negotiations with {o}",
            "bargained with {o}",
            "was in negotiations with {o}",
            "entered negotiations with {o}",
            "conducted negotiations with {o}",
        ),
    ),
    Rel(
        "Sign_formal_agreement",
        "signed a formal agreement with {o}",
        "sign a formal agreement with {o}",
        (
            "signed an agreement with {o}",
            "signed a deal with {o}",
            "inked a pact with {o}",
            "concluded an accord with {o}",
            "signed a treaty with {o}",
            "put pen to paper on a deal with {o}",
        ),
    ),
    Rel(
        "Make_optimistic_comment",
        "made an optimistic comment about {o}",
        "make an optimistic comment about {o}",
        (
            "made optimistic remarks about {o}",
            "was upbeat about {o}",
            "expressed optimism about {o}",
            "spoke optimistically about {o}",
            "made positive remarks about {o}",
            "voiced optimism about {o}",
        ),
    ),
    Rel(
        "Threaten",
        "threatened {o}",
        "threaten {o}",
        (
            "issued threats against {o}",
            "warned {o}",
            "made threats against {o}",
            "menaced {o}",
            "threatened action against {o}",
            "issued a threat to {o}",
        ),
    ),
    Rel(
        "Arrest,_detain,_or_charge_with_legal_action",
        "arrested, detained, or charged {o}",
        "arrest, detain, or charge {o}",
        (
            "arrested {o}",
            "detained {o}",
            "took {o} into custody",
            "jailed {o}",
            "apprehended {o}",
            "locked up {o}",
        ),
    ),
    Rel(
        "Use_conventional_military_force",
        "used conventional military force against {o}",
        "use conventional military force against {o}",
        (
            "attacked {o}",
            "launched military strikes on {o}",
            "bombed {o}",
            "shelled {o}",
            "fought {o}",
            "carried out air strikes against {o}",
        ),
    ),
    Rel(
        "Express_intent_to_cooperate",
        "expressed intent to cooperate with {o}",
        "express intent to cooperate with {o}",
        (
            "said it would cooperate with {o}",
            "pledged to work with {o}",
            "vowed to cooperate with {o}",
            "promised cooperation with {o}",
            "expressed willingness to cooperate with {o}",
            "offered to cooperate with {o}",
        ),
    ),
    Rel(
        "Investigate",
        "investigated {o}",
        "investigate {o}",
        (
            "probed {o}",
            "launched an inquiry into {o}",
            "looked into {o}",
            "opened an investigation into {o}",
            "carried out a probe of {o}",
            "examined {o}",
        ),
    ),
    Rel(
        "Make_pessimistic_comment",
        "made a pessimistic comment about {o}",
        "make a pessimistic comment about {o}",
        (
            "made pessimistic remarks about {o}",
            "expressed pessimism about {o}",
            "voiced pessimism about {o}",
            "spoke pessimistically about {o}",
            "made gloomy remarks about {o}",
            "made negative remarks about {o}",
        ),
    ),
    Rel(
        "Make_empathetic_comment",
        "made an empathetic comment about {o}",
        "make an empathetic comment about {o}",
        (
            "expressed sympathy for {o}",
            "offered condolences to {o}",
            "sympathised with {o}",
            "expressed empathy for {o}",
            "voiced sympathy with {o}",
            "offered sympathy to {o}",
        ),
    ),
]
REL_BY_NAME = {r.name: r for r in RELATIONS}

# ------------------------------------------------------------------------------------------- sectors
# ICEWS sector -> how people say it (plural or singular, as it reads after "the Kenyan ...").
SECTORS: dict[str, tuple[str, ...]] = {
    "Citizen": ("citizens", "people", "residents"),
    "Police": ("police", "police force", "policemen"),
    "Government": ("government", "administration", "national government"),
    "Head of Government": ("prime minister", "premier", "head of government"),
    "Foreign Affairs": ("foreign ministry", "foreign minister", "minister of foreign affairs"),
    "Military": ("military", "armed forces", "army"),
    "Men": ("men", "male population", "menfolk"),
    "Women": ("women", "female population", "womenfolk"),
    "Children": ("children", "kids", "youngsters"),
    "Lawyer/Attorney": ("lawyers", "attorneys", "legal profession"),
    "Criminal": ("criminals", "offenders", "lawbreakers"),
    "Cabinet / Council of Ministers / Advisors": ("cabinet", "council of ministers", "government advisors"),
    "Media Personnel": ("journalists", "reporters", "media workers"),
    "Protester": ("protesters", "demonstrators", "protestors"),
    "Militant": ("militants", "militant groups", "militant fighters"),
    "Military Personnel": ("soldiers", "military personnel", "servicemen"),
    "Court Judge": ("judges", "court judges", "a judge"),
    "Member of Parliament": ("members of parliament", "MPs", "parliamentarians"),
    "Media": ("media", "press", "news media"),
    "Business": ("businesses", "business community", "business sector"),
    "Armed Rebel": ("rebels", "armed rebels", "rebel fighters"),
    "Governor": ("governor", "provincial governor", "regional governor"),
    "Legislature": ("legislature", "national assembly", "parliament"),
    "Party Member": ("party members", "party member", "party activists"),
    "Employee": ("employees", "workers", "staff"),
    "City Mayor": ("mayor", "city mayor", "mayors"),
    "Defense / Security Ministry": ("defence ministry", "ministry of defense", "security ministry"),
    "Lawmaker": ("lawmakers", "legislators", "lawmaker"),
    "Student": ("students", "university students", "pupils"),
    "Businessperson": ("businessmen", "business people", "entrepreneurs"),
    "Labor Union": ("trade unions", "labor unions", "unions"),
    "Envoy": ("envoy", "ambassador", "diplomatic envoy"),
    "Medical Personnel": ("doctors", "medical staff", "health workers"),
    "Insurgent": ("insurgents", "insurgent groups", "guerrillas"),
    "Activist": ("activists", "campaigners", "rights activists"),
    "Treasury/Finance Ministry": ("finance ministry", "ministry of finance", "treasury"),
    "Health Ministry": ("health ministry", "ministry of health", "health department"),
    "Justice Department/Ministery": ("justice ministry", "ministry of justice", "justice department"),
    "Terrorist": ("terrorists", "terror groups", "terrorist groups"),
    "Industry": ("industry", "industrial sector", "industries"),
    "Villager": ("villagers", "village residents", "rural residents"),
    "Farm Worker": ("farmers", "farm workers", "agricultural workers"),
    "Naval": ("navy", "naval forces", "naval force"),
    "Election Commission": ("election commission", "electoral commission", "electoral authority"),
    "Government Official": ("government officials", "government official", "state officials"),
    "Royal Administration": ("royal family", "royal court", "monarchy"),
    "Indigenous People": ("indigenous people", "indigenous communities", "native peoples"),
}

# Country as ICEWS names it -> demonym (written for this set).
DEMONYMS = {
    "Afghanistan": "Afghan",
    "Algeria": "Algerian",
    "Argentina": "Argentine",
    "Australia": "Australian",
    "Bangladesh": "Bangladeshi",
    "Brazil": "Brazilian",
    "Cambodia": "Cambodian",
    "Canada": "Canadian",
    "Chile": "Chilean",
    "China": "Chinese",
    "Colombia": "Colombian",
    "Egypt": "Egyptian",
    "France": "French",
    "Germany": "German",
    "Ghana": "Ghanaian",
    "Greece": "Greek",
    "India": "Indian",
    "Indonesia": "Indonesian",
    "Iran": "Iranian",
    "Iraq": "Iraqi",
    "Ireland": "Irish",
    "Israel": "Israeli",
    "Italy": "Italian",
    "Japan": "Japanese",
    "Kenya": "Kenyan",
    "Lebanon": "Lebanese",
    "Libya": "Libyan",
    "Malaysia": "Malaysian",
    "Mexico": "Mexican",
    "Nepal": "Nepalese",
    "Nigeria": "Nigerian",
    "Norway": "Norwegian",
    "Pakistan": "Pakistani",
    "Philippines": "Filipino",
    "Poland": "Polish",
    "Russia": "Russian",
    "Saudi Arabia": "Saudi",
    "South Africa": "South African",
    "South Korea": "South Korean",
    "North Korea": "North Korean",
    "Spain": "Spanish",
    "Sri Lanka": "Sri Lankan",
    "Sudan": "Sudanese",
    "Syria": "Syrian",
    "Taiwan": "Taiwanese",
    "Thailand": "Thai",
    "Turkey": "Turkish",
    "Uganda": "Ugandan",
    "Ukraine": "Ukrainian",
    "United Kingdom": "British",
    "United States": "American",
    "Venezuela": "Venezuelan",
    "Vietnam": "Vietnamese",
    "Yemen": "Yemeni",
    "Zimbabwe": "Zimbabwean",
    "Somalia": "Somali",
    "Ethiopia": "Ethiopian",
    "Tanzania": "Tanzanian",
    "Peru": "Peruvian",
    "Bolivia": "Bolivian",
    "Ecuador": "Ecuadorian",
    "Myanmar": "Burmese",
    "Turkmenistan": "Turkmen",
    "Kazakhstan": "Kazakh",
    "Serbia": "Serbian",
    "Hungary": "Hungarian",
    "Romania": "Romanian",
    "Sweden": "Swedish",
    "Denmark": "Danish",
    "Finland": "Finnish",
    "Netherlands": "Dutch",
    "Belgium": "Belgian",
    "Austria": "Austrian",
    "Switzerland": "Swiss",
    "Portugal": "Portuguese",
    "Cuba": "Cuban",
    "Haiti": "Haitian",
    "Jordan": "Jordanian",
    "Qatar": "Qatari",
    "Kuwait": "Kuwaiti",
    "Oman": "Omani",
    "Bahrain": "Bahraini",
    "Tunisia": "Tunisian",
    "Morocco": "Moroccan",
    "Mali": "Malian",
    "Senegal": "Senegalese",
    "Zambia": "Zambian",
    "Rwanda": "Rwandan",
    "New Zealand": "New Zealand",
    "Singapore": "Singaporean",
    "Mongolia": "Mongolian",
    "Georgia": "Georgian",
    "Armenia": "Armenian",
    "Azerbaijan": "Azerbaijani",
    "Belarus": "Belarusian",
    "Bulgaria": "Bulgarian",
    "Croatia": "Croatian",
    "Czech Republic": "Czech",
    "Slovakia": "Slovak",
    "Lithuania": "Lithuanian",
    "Latvia": "Latvian",
    "Estonia": "Estonian",
    "Cyprus": "Cypriot",
    "Jamaica": "Jamaican",
    "Uzbekistan": "Uzbek",
    "Kyrgyzstan": "Kyrgyz",
    "Tajikistan": "Tajik",
    "Namibia": "Namibian",
    "Angola": "Angolan",
    "Mozambique": "Mozambican",
    "Cameroon": "Cameroonian",
    "Liberia": "Liberian",
}
_NEEDS_THE = {"United States", "United Kingdom", "Philippines", "Netherlands", "Czech Republic"}

# Mention frames: {D} demonym, {C} country (with "the" where English needs it), {s} the sector word.
MENTION_FRAMES = (
    "the {D} {s}",
    "{C}'s {s}",
    "the {s} of {C}",
    "{D} {s}",
    "the {s} from {C}",
    "the {s} in {C}",
)


def country_phrase(country: str) -> str:
    return f"the {country}" if country in _NEEDS_THE else country


def describe(frame: str, sector_word: str, country: str) -> str:
    c = country_phrase(country)
    poss = f"{c}'" if c.endswith("s") else f"{c}'s"
    out = frame.replace("{C}'s", poss).format(D=DEMONYMS[country], C=c, s=sector_word)
    return out


# ------------------------------------------------------------------------------------------- dates
def _ordinal_day(d: int) -> str:
    return f"{d}{'th' if 11 <= d % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


DAY_FORMS: tuple[Callable[[date], str], ...] = (
    lambda d: f"on {d.day} {MONTHS[d.month - 1]} {d.year}",
    lambda d: f"on {MONTHS[d.month - 1]} {d.day}, {d.year}",
    lambda d: f"on {d.year}-{d.month}-{d.day}",
    lambda d: f"on the {_ordinal_day(d.day)} of {MONTHS[d.month - 1]} {d.year}",
    lambda d: f"on {MONTH_ABBR[d.month - 1]} {d.day}, {d.year}",
    lambda d: f"on {MONTHS[d.month - 1]} {_ordinal_day(d.day)}, {d.year}",
)
MONTH_FORMS: tuple[Callable[[date], str], ...] = (
    lambda d: f"in {MONTHS[d.month - 1]}, {d.year}",
    lambda d: f"in {MONTHS[d.month - 1]} of {d.year}",
    lambda d: f"in {MONTH_ABBR[d.month - 1]} {d.year}",
    lambda d: f"in {MONTHS[d.month - 1]}, the year of {d.year}",
    lambda d: f"in {d.year}-{d.month:02d}",
    lambda d: f"during the month of {MONTHS[d.month - 1]} {d.year}",
)
DAY_FORM_NAMES = (
    "D Month YYYY",
    "Month D, YYYY",
    "YYYY-M-D",
    "the Dth of Month YYYY",
    "Mon. D, YYYY",
    "Month Dth, YYYY",
)
MONTH_FORM_NAMES = ("Month, YYYY", "Month of YYYY", "Mon. YYYY", "Month, the year of YYYY", "YYYY-MM", "the month of")

# Time-answer wrappers: {q} is the clause "did S <inf>", {c} the statement "S <past>".
MONTH_WRAPPERS = (
    "In what month {q}?",
    "Which month {q}?",
    "Could you tell me in which month {c}?",
    "During which month {q}?",
    "In which month of the year {q}?",
    "Please tell me the month in which {c}.",
)
DAY_WRAPPERS = (
    "On what date {q}?",
    "What was the exact date when {c}?",
    "Can you tell me the exact date on which {c}?",
    "On which day {q}?",
    "What day was it when {c}?",
    "I would like to know on what date {c}.",
)
YEAR_WRAPPERS = (
    "In what year {q}?",
    "Which year {q}?",
    "Could you tell me the year in which {c}?",
    "During which year {q}?",
    "In which year {q}?",
    "Tell me the year when {c}.",
)

# Ordinal forms: entity answers ({past}/{inf} carry the object) and time answers.
FIRST_WHO = (
    "Who was the first to {inf}?",
    "Who {past} for the first time?",
    "Who was the earliest to {inf}?",
    "Who initially {past}?",
    "Who {past} first?",
    "Which actor was the first one to {inf}?",
)
LAST_WHO = (
    "Who {past} last?",
    "Who was the latest to {inf}?",
    "Who most recently {past}?",
    "Who was the last one to {inf}?",
    "Who {past} most recently?",
    "Who {past} for the last time?",
)
FIRST_WHEN = (
    "When did {s} first {inf}?",
    "When did {s} {inf} for the first time?",
    "When was the earliest time {s} {past}?",
    "On what date did {s} initially {inf}?",
    "When did {s} {inf} first?",
    "What was the first date on which {s} {past}?",
)
LAST_WHEN = (
    "When did {s} last {inf}?",
    "When was the last time {s} {past}?",
    "When did {s} most recently {inf}?",
    "On what date did {s} {inf} for the last time?",
    "When did {s} {inf} last?",
    "What was the latest date on which {s} {past}?",
)
# Entity-named anchors: {a} the anchor actor (a name or a descriptive mention).
AFTER_FRAMES = (
    "After {a}, who was the first to {inf}?",
    "Who was the first to {inf} after {a}?",
    "Following {a}, who was the first to {inf}?",
    "After {a}, who {past} first?",
    "After {a} did, who was the first to {inf}?",
    "Right after {a}, who was the first to {inf}?",
)
BEFORE_FRAMES = (
    "Before {a}, who was the last to {inf}?",
    "Who was the last to {inf} before {a}?",
    "Prior to {a}, who was the last to {inf}?",
    "Before {a}, who {past} last?",
    "Before {a} did, who was the last to {inf}?",
    "Just before {a}, who was the last to {inf}?",
)


# ------------------------------------------------------------------------------------------- the KG
Quad = tuple[str, str, str, date]


def read_kg(path: Path) -> list[Quad]:
    out = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 4:
                continue
            s, r, o, t = parts[:4]
            out.append((s.replace("_", " "), r, o.replace("_", " "), date.fromisoformat(t[:10])))
    return sorted(set(out), key=lambda q: (q[3], q[0], q[1], q[2]))


def sector_of(name: str) -> tuple[str, str] | None:
    """ "Police (Kenya)" -> ("Police", "Kenya") when both are in this set's tables."""
    if not name.endswith(")") or " (" not in name:
        return None
    sector, country = name[:-1].rsplit(" (", 1)
    if sector in SECTORS and country in DEMONYMS:
        return sector, country
    return None


class KG:
    def __init__(self, quads: list[Quad]) -> None:
        self.quads = quads
        self.by_ro: dict[tuple[str, str], list[Quad]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[Quad]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[Quad]] = defaultdict(list)
        for q in quads:
            if q[1] in REL_BY_NAME:
                self.by_ro[(q[1], q[2])].append(q)
                self.by_sr[(q[0], q[1])].append(q)
                self.by_sro[(q[0], q[1], q[2])].append(q)


def ev(q: Quad) -> list[str]:
    return [q[0].replace(" ", "_"), q[1], q[2].replace(" ", "_"), q[3].isoformat()]


def record(
    text: str, answers: Sequence[str], kind: str, level: str, qtype: str, evidence: Sequence[Quad], **meta: Any
) -> dict[str, Any]:
    return {
        "question": text,
        "answers": sorted(set(answers)),
        "answer_type": kind,
        "time_level": level,
        "qtype": qtype,
        "qlabel": "Single",
        "evidence": [ev(q) for q in evidence],
        **meta,
    }


def capital(s: str) -> str:
    return s[:1].upper() + s[1:]


# ------------------------------------------------------------------------------------------- generators
class Generator:
    def __init__(self, kg: KG, rng: random.Random, kg_name: str) -> None:
        self.kg = kg
        self.rng = rng
        self.kg_name = kg_name
        self.seen: set[str] = set()

    def _ok(self, text: str) -> bool:
        if text in self.seen:
            return False
        self.seen.add(text)
        return True

    def _pick_ro(self, predicate: Callable[[tuple[str, str], list[Quad]], bool]) -> tuple[tuple[str, str], list[Quad]]:
        keys = list(self.kg.by_ro)
        for _ in range(2000):
            key = self.rng.choice(keys)
            if predicate(key, self.kg.by_ro[key]):
                return key, self.kg.by_ro[key]
        raise RuntimeError("no (relation, object) pair fits; is the KG file complete?")

    # -- relation paraphrases ---------------------------------------------------------------------------
    def relation(self, part: str) -> dict[str, Any] | None:
        rel = self.rng.choice(RELATIONS)
        phrasing = self.rng.choice(split(rel.paraphrases)[part])
        events = [q for (r, _o), qs in self.kg.by_ro.items() if r == rel.name for q in qs]
        if not events:
            return None
        q0 = self.rng.choice(events)
        o = q0[2]
        month = (q0[3].year, q0[3].month)
        hits = [q for q in self.kg.by_ro[(rel.name, o)] if (q[3].year, q[3].month) == month]
        answers = {q[0] for q in hits}
        if len(answers) > 3 or o in answers:
            return None
        text = f"Who {phrasing.format(o=o)} in {MONTHS[month[1] - 1]} {month[0]}?"
        return record(text, answers, "entity", "month", "relation", hits, phrasing=phrasing) if self._ok(text) else None

    # -- descriptive mentions ---------------------------------------------------------------------------
    def descriptive(self, part: str) -> dict[str, Any] | None:
        q0 = self.rng.choice(self.kg.quads)
        rel = REL_BY_NAME.get(q0[1])
        if rel is None:
            return None
        as_subject = sector_of(q0[0]) is not None and self.rng.random() < 0.5
        actor = q0[0] if as_subject else q0[2]
        sc = sector_of(actor)
        if sc is None:
            return None
        sector, country = sc
        word = self.rng.choice(split(SECTORS[sector])[part])
        frame = self.rng.choice(split(MENTION_FRAMES)[part])
        mention = describe(frame, word, country)
        month = (q0[3].year, q0[3].month)
        if as_subject:
            hits = [q for q in self.kg.by_sr[(actor, rel.name)] if (q[3].year, q[3].month) == month]
            answers = {q[2] for q in hits}
            verb = rel.inf.replace("{o}", "").strip()
            text = f"Whom did {mention} {verb} in {MONTHS[month[1] - 1]} {month[0]}?"
        else:
            hits = [q for q in self.kg.by_ro[(rel.name, actor)] if (q[3].year, q[3].month) == month]
            answers = {q[0] for q in hits}
            text = f"Who {rel.past.format(o=mention)} in {MONTHS[month[1] - 1]} {month[0]}?"
        if not answers or len(answers) > 3 or actor in answers:
            return None
        meta = {"phrasing": frame, "sector_word": word, "actor": actor}
        return record(text, answers, "entity", "month", "descriptive", hits, **meta) if self._ok(text) else None

    # -- date forms -------------------------------------------------------------------------------------
    def date_form(self, part: str) -> dict[str, Any] | None:
        kind = self.rng.choice(["day", "month", "when-month", "when-day", "when-year"])
        if kind in ("day", "month"):
            (r, o), qs = self._pick_ro(lambda k, v: len(v) >= 1)
            rel = REL_BY_NAME[r]
            q0 = self.rng.choice(qs)
            if kind == "day":
                i = self.rng.choice(split(range(len(DAY_FORMS)))[part])
                hits = [q for q in qs if q[3] == q0[3]]
                phrase, name = DAY_FORMS[i](q0[3]), DAY_FORM_NAMES[i]
            else:
                i = self.rng.choice(split(range(len(MONTH_FORMS)))[part])
                hits = [q for q in qs if (q[3].year, q[3].month) == (q0[3].year, q0[3].month)]
                phrase, name = MONTH_FORMS[i](q0[3]), MONTH_FORM_NAMES[i]
            answers = {q[0] for q in hits}
            if len(answers) > 3 or o in answers:
                return None
            text = f"Who {rel.past.format(o=o)} {phrase}?"
            if self.rng.random() < 0.5:
                text = f"{capital(phrase)}, who {rel.past.format(o=o)}?"
            return record(text, answers, "entity", kind, "date", hits, phrasing=name) if self._ok(text) else None
        # time answers: all events of (s, r, o) in one period of the asked granularity
        level = kind.split("-")[1]
        wrappers = {"month": MONTH_WRAPPERS, "day": DAY_WRAPPERS, "year": YEAR_WRAPPERS}[level]
        i = self.rng.choice(split(range(len(wrappers)))[part])
        q0 = self.rng.choice(self.kg.quads)
        rel = REL_BY_NAME.get(q0[1])
        if rel is None:
            return None
        qs = self.kg.by_sro[(q0[0], q0[1], q0[2])]
        label = {"day": lambda d: d.isoformat(), "month": lambda d: d.isoformat()[:7], "year": lambda d: str(d.year)}[
            level
        ]
        labels = {label(q[3]) for q in qs}
        if len(labels) != 1:
            return None
        s, o = q0[0], q0[2]
        text = wrappers[i].format(q=f"did {s} {rel.inf.format(o=o)}", c=f"{s} {rel.past.format(o=o)}")
        return record(text, labels, "time", level, "date", qs, phrasing=wrappers[i]) if self._ok(text) else None

    # -- ordinal forms ----------------------------------------------------------------------------------
    def ordinal(self, part: str) -> dict[str, Any] | None:
        first = self.rng.random() < 0.5
        if self.rng.random() < 0.6:  # who was first / last
            (r, o), qs = self._pick_ro(lambda k, v: len({q[0] for q in v}) >= 2)
            rel = REL_BY_NAME[r]
            target = min(q[3] for q in qs) if first else max(q[3] for q in qs)
            hits = [q for q in qs if q[3] == target]
            answers = {q[0] for q in hits}
            if len(answers) > 3 or o in answers:
                return None
            frames = FIRST_WHO if first else LAST_WHO
            i = self.rng.choice(split(range(len(frames)))[part])
            text = frames[i].format(inf=rel.inf.format(o=o), past=rel.past.format(o=o))
            return (
                record(text, answers, "entity", "day", "ordinal", hits, phrasing=frames[i]) if self._ok(text) else None
            )
        keys = [k for k, v in self.kg.by_sro.items() if len(v) >= 2]
        s, r, o = self.rng.choice(keys)
        rel = REL_BY_NAME[r]
        qs = self.kg.by_sro[(s, r, o)]
        q = qs[0] if first else qs[-1]
        frames = FIRST_WHEN if first else LAST_WHEN
        i = self.rng.choice(split(range(len(frames)))[part])
        text = frames[i].format(s=s, inf=rel.inf.format(o=o), past=rel.past.format(o=o))
        return (
            record(text, [q[3].isoformat()], "time", "day", "ordinal", [q], phrasing=frames[i])
            if self._ok(text)
            else None
        )

    # -- entity-named anchors ---------------------------------------------------------------------------
    def anchor(self, part: str) -> dict[str, Any] | None:
        after = self.rng.random() < 0.5
        (r, o), qs = self._pick_ro(lambda k, v: len({q[0] for q in v}) >= 3)
        rel = REL_BY_NAME[r]
        counts: dict[str, int] = defaultdict(int)
        for q in qs:
            counts[q[0]] += 1
        unique = [q for q in qs if counts[q[0]] == 1 and q[0] != o]
        if not unique:
            return None
        a = self.rng.choice(unique)
        others = [q for q in qs if q[0] != a[0] and (q[3] > a[3] if after else q[3] < a[3])]
        if not others:
            return None
        target = min(q[3] for q in others) if after else max(q[3] for q in others)
        hits = [q for q in others if q[3] == target]
        answers = {q[0] for q in hits}
        if len(answers) > 3 or o in answers:
            return None
        name = a[0]
        sc = sector_of(name)
        described = ""
        if sc is not None and self.rng.random() < 0.6:
            word = self.rng.choice(split(SECTORS[sc[0]])[part])
            frame = self.rng.choice(split(MENTION_FRAMES)[part])
            name = describe(frame, word, sc[1])
            described = frame
        frames = AFTER_FRAMES if after else BEFORE_FRAMES
        i = self.rng.choice(split(range(len(frames)))[part])
        text = capital(frames[i].format(a=name, inf=rel.inf.format(o=o), past=rel.past.format(o=o)))
        meta = {"phrasing": frames[i], "mention_frame": described}
        return record(text, answers, "entity", "day", "anchor", [a, *hits], **meta) if self._ok(text) else None


CATEGORIES = ("descriptive", "relation", "date", "ordinal", "anchor")


def generate(
    kg: KG, kg_name: str, per_category: int, seed: int, tick: Callable[[], None] = lambda: None
) -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(f"{seed}:{kg_name}")
    gen = Generator(kg, rng, kg_name)
    out: dict[str, list[dict[str, Any]]] = {p: [] for p in PARTS}
    for cat in CATEGORIES:
        make = {
            "descriptive": gen.descriptive,
            "relation": gen.relation,
            "date": gen.date_form,
            "ordinal": gen.ordinal,
            "anchor": gen.anchor,
        }[cat]
        for part in PARTS:
            want = round(per_category * (2 / 3 if part == "tune" else 1 / 3))
            made, tries = 0, 0
            while made < want and tries < want * 400:
                tries += 1
                rec = make(part)
                if rec is None:
                    continue
                rec["quid"] = f"{kg_name}-{part}-{cat}-{made:03d}"
                rec["kg"] = kg_name
                rec["part"] = part
                out[part].append(rec)
                made += 1
            tick()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[1].parent / "shared" / "data")
    ap.add_argument("--out", type=Path, default=Path("runs/paraphrase"))
    ap.add_argument(
        "--per-category", type=int, default=72, help="questions per category and KG (2/3 tune, 1/3 held out)"
    )
    ap.add_argument("--seed", type=int, default=17)
    args = ap.parse_args()
    kgs = {
        "icews14": args.data / "icews14" / "icews14_full_named.tsv",
        "icews05-15": args.data / "icews05-15" / "icews05-15_partial_named.tsv",
    }
    args.out.mkdir(parents=True, exist_ok=True)
    totals: dict[str, int] = defaultdict(int)
    for kg_name, path in kgs.items():
        kg = KG(read_kg(path))
        with progress_bar(f"questions over {kg_name}") as bar:
            task = bar.add_task(kg_name, total=len(CATEGORIES) * len(PARTS))
            parts = generate(kg, kg_name, args.per_category, args.seed, lambda task=task: bar.update(task, advance=1))
        for part, recs in parts.items():
            target = args.out / f"{kg_name}_{part}.jsonl"
            with target.open("w", encoding="utf-8") as f:
                for rec in recs:
                    f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            totals[part] += len(recs)
            print(f"{target}: {len(recs)} questions")
    phrasings = {
        "relation paraphrases": {r.name: split(r.paraphrases) for r in RELATIONS},
        "sector words": {s: split(w) for s, w in SECTORS.items()},
        "mention frames": split(MENTION_FRAMES),
        "day forms": split(DAY_FORM_NAMES),
        "month forms": split(MONTH_FORM_NAMES),
        "month wrappers": split(MONTH_WRAPPERS),
        "day wrappers": split(DAY_WRAPPERS),
        "year wrappers": split(YEAR_WRAPPERS),
        "first (who)": split(FIRST_WHO),
        "last (who)": split(LAST_WHO),
        "first (when)": split(FIRST_WHEN),
        "last (when)": split(LAST_WHEN),
        "after anchors": split(AFTER_FRAMES),
        "before anchors": split(BEFORE_FRAMES),
    }
    (args.out / "phrasings.json").write_text(json.dumps(phrasings, indent=1, ensure_ascii=False) + "\n")
    print(f"total: {dict(totals)}")


if __name__ == "__main__":
    main()
