"""A systematic grid of question CONSTRUCTIONS generated from the KG, with exact gold answers (issue 29, item 3).

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    python benchmarks/make_multitq_constructions.py --out DIR [--per 2] [--seed 29]

Writes DIR/tune.json and DIR/heldout.json (MultiTQ's JSON layout, which ``tkgrag eval`` and
``eval_reader_phrasing.py`` read). Where ``make_multitq_phrasings.py`` varies four question kinds, this one enumerates
the construction space along its axes and crosses them:

- the asked slot: the subject ("who V'd O"), the object ("whom did S V", "S V'd whom"), the time (day, month or year
  granularity), and where it sits (wh-word first, fronted adverbial, "what was the date on which", "when was the
  last time", the time as the clause's subject, an imperative "Name ...");
- voice: active and passive ("O was V'd by whom", "by whom was O V'd");
- operators: on a day / in a month; first / last in many wordings ("first", "earliest", "initially", "for the first
  time", "most recently", "last", "latest"); anchors ("before / after / prior to / following / in the same month as /
  on the same day as / the day after S2 did", "the last ... before", "the first ... after");
- verb paraphrases, phrasal verbs included ("lock up", "look into", "turn down", "hit out at", "call on");
- sector actors ("the police of X", "the citizens of X").

Every construction and every verb paraphrase belongs to one half only (``HALF`` in the tables below): the held-out
half asks with constructions and verbs the tune half never uses, about facts of the other half of the (subject,
relation, object) pairs. Facts come from the dense period of ICEWS05-15 (2013-12..2015-12); "first" is asked within a
year of it and "last" only where the last event is dense, so the partial-KG rule has nothing to withhold. Gold answers
are computed from ALL the store's events (the gold is what the store holds). Read only.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.api import TKGRag

DENSE_FROM, DENSE_TO = "2013-12-01", "2015-12-31"
T, H = "tune", "heldout"
# A second grid (h29c, after another writer's phrasing set): pro-form main clauses, two relations in one question, a
# passive agent asked after a fronted anchor, ordinals with the window at the end. Its own halves, so the first grid's
# draws stay as they were; its tune half uses the tune verbs and facts, its held-out half the held-out ones.
T2, H2 = "tune-c", "heldout-c"
VERB_HALF = {T: T, H: H, T2: T, H2: H}


@dataclass(frozen=True)
class Verb:
    base: str  # "lock up"
    past: str  # "locked up"
    part: str | None  # past participle for the passive ("locked up"), None when the passive reads badly
    half: str


# relation -> its paraphrases; each paraphrase belongs to one half
VERBS: dict[str, list[Verb]] = {
    "Make_a_visit": [
        Verb("visit", "visited", "visited", T),
        Verb("travel to", "travelled to", None, T),
        Verb("go on a trip to", "went on a trip to", None, T),
        Verb("pay a visit to", "paid a visit to", "paid a visit", H),
        Verb("tour", "toured", "toured", H),
        Verb("make a trip to", "made a trip to", None, H),
        Verb("fly to", "flew to", None, T),
        Verb("make a visit to", "made a visit to", None, T),
        Verb("head to", "headed to", None, T),
    ],
    "Host_a_visit": [
        Verb("host", "hosted", "hosted", T),
        Verb("welcome", "welcomed", "welcomed", H),
        Verb("play host to", "played host to", None, H),
        Verb("receive", "received", "received", T),
        Verb("roll out the red carpet for", "rolled out the red carpet for", None, T),
    ],
    "Praise_or_endorse": [
        Verb("praise", "praised", "praised", T),
        Verb("speak highly of", "spoke highly of", "spoken highly of", T),
        Verb("commend", "commended", "commended", H),
        Verb("heap praise on", "heaped praise on", None, H),
        Verb("hail", "hailed", "hailed", T),
        Verb("applaud", "applauded", "applauded", T),
        Verb("express praise for", "expressed praise for", None, T),
    ],
    "Criticize_or_denounce": [
        Verb("criticise", "criticised", "criticised", T),
        Verb("lash out at", "lashed out at", None, T),
        Verb("condemn", "condemned", "condemned", H),
        Verb("hit out at", "hit out at", None, H),
        Verb("slam", "slammed", "slammed", T),
        Verb("speak out against", "spoke out against", None, T),
        Verb("voice criticism of", "voiced criticism of", None, T),
        Verb("rebuke", "rebuked", "rebuked", T),
    ],
    "Sign_formal_agreement": [
        Verb("sign an agreement with", "signed an agreement with", None, T),
        Verb("seal a deal with", "sealed a deal with", None, H),
        Verb("conclude an agreement with", "concluded an agreement with", None, T),
        Verb("ink a deal with", "inked a deal with", None, T),
    ],
    "Engage_in_negotiation": [
        Verb("negotiate with", "negotiated with", None, T),
        Verb("enter into negotiations with", "entered into negotiations with", None, H),
        Verb("bargain with", "bargained with", None, T),
        Verb("hold negotiations with", "held negotiations with", None, T),
    ],
    "Make_an_appeal_or_request": [
        Verb("appeal to", "appealed to", "appealed to", T),
        Verb("call on", "called on", "called on", H),
        Verb("urge", "urged", "urged", T),
        Verb("plead with", "pleaded with", None, T),
        Verb("make an appeal to", "made an appeal to", None, T),
        Verb("call on", "called on", "called on", T),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        Verb("arrest", "arrested", "arrested", T),
        Verb("take into custody", "took into custody", "taken into custody", T),
        Verb("lock up", "locked up", "locked up", H),
        Verb("detain", "detained", "detained", H),
        Verb("round up", "rounded up", "rounded up", T),
        Verb("put behind bars", "put behind bars", "put behind bars", T),
    ],
    "Investigate": [
        Verb("investigate", "investigated", "investigated", T),
        Verb("look into", "looked into", "looked into", H),
        Verb("probe", "probed", "probed", H),
        Verb("launch an investigation into", "launched an investigation into", None, T),
        Verb("open a probe into", "opened a probe into", None, T),
    ],
    "Reject": [
        Verb("reject", "rejected", "rejected", T),
        Verb("turn down", "turned down", "turned down", H),
        Verb("brush off", "brushed off", "brushed off", T),
        Verb("rebuff", "rebuffed", "rebuffed", T),
        Verb("say no to", "said no to", None, T),
    ],
    "Accuse": [
        Verb("accuse", "accused", "accused", T),
        Verb("point the finger at", "pointed the finger at", None, H),
        Verb("blame", "blamed", "blamed", T),
        Verb("level accusations against", "levelled accusations against", None, T),
    ],
    "Threaten": [
        Verb("threaten", "threatened", "threatened", T),
        Verb("issue threats against", "issued threats against", None, H),
        Verb("warn", "warned", "warned", T),
    ],
    "Express_intent_to_cooperate": [
        Verb("offer to cooperate with", "offered to cooperate with", None, T),
        Verb("pledge to work with", "pledged to work with", None, H),
        Verb("vow to cooperate with", "vowed to cooperate with", None, T),
        Verb("offer cooperation to", "offered cooperation to", None, T),
        Verb("express willingness to cooperate with", "expressed willingness to cooperate with", None, T),
    ],
}

# relation -> event nouns with their preposition, for nominal constructions ("X's first visit to Y"); tune half only
NOUNS: dict[str, list[str]] = {
    "Make_a_visit": ["visit to", "trip to"],
    "Criticize_or_denounce": ["criticism of", "condemnation of"],
    "Praise_or_endorse": ["praise for"],
    "Make_an_appeal_or_request": ["appeal to"],
    "Engage_in_negotiation": ["negotiations with"],
    "Accuse": ["accusations against"],
    "Threaten": ["threats against"],
}

SECTORS = {"Police": "the police of {}", "Citizen": "the citizens of {}", "Government": "the government of {}"}

MONTHS = [
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
]


def day_words(t: str, style: int = 0) -> str:
    d, m, y = int(t[8:10]), MONTHS[int(t[5:7]) - 1], t[:4]
    return f"{m} {d}, {y}" if style % 2 else f"{d} {m} {y}"


def ordinal_words(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def month_words(t: str) -> str:
    return f"{MONTHS[int(t[5:7]) - 1]} {t[:4]}"


def surface(name: str) -> str | None:
    """How a question names an actor: a plain name as is, "Police (Kenya)" as "the police of Kenya"; None for
    other sectors (the question would have to invent a wording)."""
    m = re.fullmatch(r"(\w+) \(([^()]+)\)", name)
    if m is None:
        return None if "(" in name else name
    pattern = SECTORS.get(m.group(1))
    return pattern.format(m.group(2)) if pattern else None


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ---- constructions: (kind, half, template); placeholders {S} {O} {S2} {V} (base) {Vd} (past) {Vn} (participle)
# {D} (a day) {M} (a month) {Y} (a year). Kinds decide the gold (``gold`` below).
CONSTRUCTIONS: list[tuple[str, str, str]] = [
    # the subject asked, on a day
    ("subj_day", T, "Who {Vd} {O} on {D}?"),
    ("subj_day", T, "Which actor {Vd} {O} on {D}?"),
    ("subj_day", T, "{O} was {Vn} by whom on {D}?"),
    ("subj_day", H, "On {D}, who was it that {Vd} {O}?"),
    ("subj_day", H, "By whom was {O} {Vn} on {D}?"),
    ("subj_day", H, "Name the party that {Vd} {O} on {D}."),
    # the subject asked, in a month
    ("subj_month", T, "Who {Vd} {O} in {M}?"),
    ("subj_month", H, "In {M}, which entity {Vd} {O}?"),
    # the object asked
    ("obj_day", T, "Whom did {S} {V} on {D}?"),
    ("obj_day", T, "Who was {Vn} by {S} on {D}?"),
    ("obj_day", H, "{S} {Vd} whom on {D}?"),
    ("obj_day", H, "On {D}, who did {S} {V}?"),
    # the time asked: first within a year, at day / month granularity
    ("first_day", T, "When did {S} first {V} {O} in {Y}?"),
    ("first_day", T, "What was the date on which {S} {Vd} {O} for the first time in {Y}?"),
    ("first_day", T, "On which day in {Y} did {S} {V} {O} for the first time?"),
    ("first_day", H, "In {Y}, on what date did {S} initially {V} {O}?"),
    ("first_day", H, "When in {Y} was the earliest occasion that {S} {Vd} {O}?"),
    ("first_day", H, "Which date in {Y} was the first time {O} was {Vn} by {S}?"),
    ("first_month", T, "In which month of {Y} did {S} {V} {O} for the first time?"),
    ("first_month", H, "What month in {Y} did {S} first {V} {O}?"),
    # the time asked: last, at day / month / year granularity
    ("last_day", T, "When was the last time {S} {Vd} {O}?"),
    ("last_day", T, "On what date did {S} most recently {V} {O}?"),
    ("last_day", H, "When did {S} {V} {O} for the last time?"),
    ("last_day", H, "What is the latest date on which {O} was {Vn} by {S}?"),
    ("last_month", T, "In which month did {S} last {V} {O}?"),
    ("last_month", H, "Which month saw {S} {V} {O} most recently?"),
    ("last_year", T, "In what year did {S} {V} {O} for the last time?"),
    ("last_year", H, "What year was it when {S} most recently {Vd} {O}?"),
    # ordinal, the subject asked
    ("first_subj", T, "Who was the first to {V} {O} in {Y}?"),
    ("first_subj", T, "Who {Vd} {O} first in {Y}?"),
    ("first_subj", H, "In {Y}, who {Vd} {O} earliest?"),
    ("first_subj", H, "Which actor was the first in {Y} that {Vd} {O}?"),
    ("last_subj", T, "Who {Vd} {O} most recently?"),
    ("last_subj", T, "Who was the last to {V} {O}?"),
    ("last_subj", H, "Who {Vd} {O} last?"),
    ("last_subj", H, "Which entity was the latest to {V} {O}?"),
    # ordinal, the object asked (a relative clause)
    ("first_obj", T, "Whom did {S} {V} first in {Y}?"),
    ("first_obj", H, "Who was the first that {S} {Vd} in {Y}?"),
    # anchors: before / after / same month / same day / the day after / the last before / the first after
    ("before", T, "Who {Vd} {O} before {S2} did?"),
    ("before", H, "Prior to {S2}, who {Vd} {O}?"),
    ("after", T, "Who {Vd} {O} after {S2}?"),
    ("after", H, "Following {S2}, which actor {Vd} {O}?"),
    ("same_month", T, "Who {Vd} {O} in the same month as {S2}?"),
    ("same_month", H, "Who else {Vd} {O} during the month in which {S2} {Vd} {O}?"),
    ("same_day", T, "Who {Vd} {O} on the same day as {S2}?"),
    ("same_day", H, "On the day {S2} {Vd} {O}, who else {Vd} {O}?"),
    ("day_after", T, "Who {Vd} {O} the day after {S2} did?"),
    ("day_after", H, "Who {Vd} {O} one day after {S2} {Vd} {O}?"),
    ("last_before", T, "Who was the last to {V} {O} before {S2}?"),
    ("last_before", H, "Just before {S2} did, who {Vd} {O}?"),
    ("first_after", T, "Who was the first to {V} {O} after {S2}?"),
    ("first_after", H, "After {S2} {Vd} {O}, who was the next to {V} {O}?"),
    # appended after the held-out half was drawn (its constructions keep their indices, so it is drawn the same)
    ("subj_day", T, "Tell me who {Vd} {O} on {D}."),
    ("subj_day", T, "Which parties {Vd} {O} on {D}?"),
    ("subj_day", T, "On {D}, {O} was {Vn} by which actor?"),
    ("subj_month", T, "List everyone who {Vd} {O} in {M}."),
    ("subj_month", T, "During {M}, who {Vd} {O}?"),
    ("obj_day", T, "Who did {S} {V} on {D}?"),
    ("obj_day", T, "On {D}, whom did {S} {V}?"),
    ("first_day", T, "Name the date on which {S} first {Vd} {O} in {Y}."),
    ("first_day", T, "Which day saw {S} {V} {O} for the first time in {Y}?"),
    ("first_day", T, "In {Y}, when did {S} {V} {O} for the first time?"),
    ("first_day", T, "When in {Y} did {O} first get {Vn} by {S}?"),
    ("first_month", T, "Which month of {Y} saw {S} {V} {O} for the first time?"),
    ("first_month", T, "In {Y}, in which month did {S} first {V} {O}?"),
    ("last_day", T, "When did {S} {V} {O} most recently?"),
    ("last_day", T, "What was the most recent date on which {S} {Vd} {O}?"),
    ("last_day", T, "On which date was {O} last {Vn} by {S}?"),
    ("last_month", T, "Give the month in which {S} last {Vd} {O}."),
    ("last_month", T, "What month witnessed the last time {S} {Vd} {O}?"),
    ("last_year", T, "Which year marked the most recent occasion on which {S} {Vd} {O}?"),
    ("last_year", T, "In which year was {O} last {Vn} by {S}?"),
    ("first_subj", T, "Who was the earliest to {V} {O} in {Y}?"),
    ("first_subj", T, "By whom was {O} first {Vn} in {Y}?"),
    ("first_subj", T, "In {Y}, who initially {Vd} {O}?"),
    ("last_subj", T, "Who most recently {Vd} {O}?"),
    ("last_subj", T, "By whom was {O} {Vn} most recently?"),
    ("first_obj", T, "Name the first one that {S} {Vd} in {Y}."),
    ("first_obj", T, "In {Y}, whom did {S} {V} first?"),
    ("before", T, "Before {S2} {Vd} {O}, who had {Vn} {O}?"),
    ("before", T, "Who {Vd} {O} earlier than {S2}?"),
    ("after", T, "Who {Vd} {O} later than {S2} did?"),
    ("after", T, "After {S2} {Vd} {O}, who else {Vd} {O}?"),
    ("same_month", T, "Who {Vd} {O} in the month {S2} {Vd} {O}?"),
    ("same_day", T, "Who else {Vd} {O} on the day {S2} did?"),
    ("day_after", T, "One day after {S2} {Vd} {O}, who {Vd} {O}?"),
    ("last_before", T, "Who {Vd} {O} last before {S2} did?"),
    ("first_after", T, "Following {S2}, who was the first to {V} {O}?"),
    # a second tune wave: hedged requests, "the last month in which", typed heads, immediate anchors
    ("subj_day", T, "Can you tell me who {Vd} {O} on {D}?"),
    ("subj_day", T, "Do you know which actor {Vd} {O} on {D}?"),
    ("obj_day", T, "What did {S} {V} on {D}?"),
    ("obj_day", T, "I'd like to know whom {S} {Vd} on {D}."),
    ("first_day", T, "What is the date when {S} first {Vd} {O} in {Y}?"),
    ("first_day", T, "On what date in {Y} did {S} {V} {O} for the first time?"),
    ("first_month", T, "What was the first month of {Y} in which {S} {Vd} {O}?"),
    ("last_month", T, "What was the last month in which {S} {Vd} {O}?"),
    ("last_month", T, "When, to the month, did {S} last {V} {O}?"),
    ("last_year", T, "Which was the last year in which {S} {Vd} {O}?"),
    ("last_day", T, "Do you know when {S} {Vd} {O} for the last time?"),
    ("first_subj", T, "Which was the first actor to {V} {O} in {Y}?"),
    ("first_subj", T, "Who, in {Y}, {Vd} {O} before anyone else?"),
    ("last_subj", T, "Who was the most recent to {V} {O}?"),
    ("last_subj", T, "Who was the final actor to {V} {O}?"),
    ("first_obj", T, "Who did {S} {V} first in {Y}?"),
    ("before", T, "Who had {Vn} {O} before {S2} {Vd} {O}?"),
    ("after", T, "Who {Vd} {O} subsequent to {S2}?"),
    ("same_month", T, "In the same month as {S2}, who {Vd} {O}?"),
    ("same_day", T, "Who {Vd} {O} on the same date as {S2}?"),
    ("day_after", T, "Who {Vd} {O} a day after {S2}?"),
    ("last_before", T, "Who {Vd} {O} right before {S2}?"),
    ("first_after", T, "Who {Vd} {O} right after {S2}?"),
    ("first_after", T, "Immediately after {S2} {Vd} {O}, who {Vd} {O}?"),
    # a third tune wave: relative clauses with the answer's head, "by the time", pluperfect anchors, fronted objects
    ("first_obj", T, "Which is the one that {S} {Vd} first in {Y}?"),
    ("first_obj", T, "What was the first entity {S} {Vd} in {Y}?"),
    ("obj_day", T, "Identify the party {S} {Vd} on {D}."),
    ("subj_day", T, "Which actors were the ones that {Vd} {O} on {D}?"),
    ("before", T, "By the time {S2} {Vd} {O}, who had already {Vn} {O}?"),
    ("before", T, "Who had {Vn} {O} prior to {S2} doing so?"),
    ("after", T, "Once {S2} had {Vn} {O}, who {Vd} {O}?"),
    ("same_month", T, "Which others {Vd} {O} in the very month that {S2} {Vd} {O}?"),
    ("first_day", T, "When was the first time in {Y} that {S} {Vd} {O}?"),
    ("first_month", T, "Which month in {Y} was the first in which {S} {Vd} {O}?"),
    ("last_day", T, "{S} {Vd} {O} most recently on what date?"),
    ("last_year", T, "The last time {S} {Vd} {O} was in which year?"),
    ("first_subj", T, "Who got to {V} {O} first in {Y}?"),
    ("last_subj", T, "Who is the latest actor that {Vd} {O}?"),
    ("subj_month", T, "What actors {Vd} {O} over the course of {M}?"),
    # a fourth tune wave: other date formats, stranded prepositions, object-role anchors
    ("subj_day", T, "Who {Vd} {O} on the {Dth}?"),
    ("subj_day", T, "Who {Vd} {O} on {Diso}?"),
    ("obj_day", T, "On the {Dth}, who was {Vn} by {S}?"),
    ("subj_day", T, "Who was {O} {Vn} by on {D}?"),
    ("first_subj", T, "Which actor was the first to {V} {O} in {Y}?"),
    ("last_before", T, "Which actor was the last to {V} {O} before {S2} did?"),
    ("first_after", T, "Which actor was the first to {V} {O} after {S2} had done so?"),
    ("subj_month", T, "Which actors {Vd} {O} at some point in {M}?"),
    ("last_day", T, "When did {O} last get {Vn} by {S}?"),
    ("first_day", T, "On which date did {S} first {V} {O} in the year {Y}?"),
    # a fifth tune wave: nominal events
    ("first_day", T, "Which day in {Y} saw {S}'s first {N} {O}?"),
    ("last_month", T, "In which month was {S}'s most recent {N} {O}?"),
    ("same_month", T, "Who else {Vd} {O} during the month of {S2}'s {Nn}?"),
    ("day_after", T, "Who {Vd} {O} the day after {S2}'s {Nn}?"),
    ("before", T, "Who {Vd} {O} before {S2}'s {Nn}?"),
    # ---- the second grid (h29c). Pro-form main clauses: the answer does what the anchor's actor did
    ("same_month", T2, "In the same month that {S2} {Vd} {O}, who else did so?"),
    ("same_month", T2, "During the month in which {S2} {Vd} {O}, who did the same?"),
    ("same_day", T2, "On the same day that {S2} {Vd} {O}, who else did so?"),
    ("same_day", T2, "On the very day {S2} {Vd} {O}, who else did likewise?"),
    ("last_before", T2, "Just before {S2} {Vd} {O}, who had last done so?"),
    ("last_before", T2, "Shortly before {S2} {Vd} {O}, who was the last to do so?"),
    ("first_after", T2, "Right after {S2} {Vd} {O}, who was the next to do so?"),
    ("after", T2, "After {S2} {Vd} {O}, who else did the same?"),
    ("same_month", H2, "In the month when {S2} {Vd} {O}, who else did the same?"),
    ("same_day", H2, "The day {S2} {Vd} {O}, who else did so too?"),
    ("last_before", H2, "Immediately before {S2} {Vd} {O}, who had most recently done so?"),
    ("first_after", H2, "Once {S2} had {Vn} {O}, who was the first to follow suit?"),
    ("after", H2, "Following the day {S2} {Vd} {O}, who else did so?"),
    # a passive agent asked after a fronted anchor
    ("same_day", T2, "On the day {O} was {Vn} by {S2}, by whom else was {O} {Vn}?"),
    ("same_month", T2, "In the month {O} was {Vn} by {S2}, by whom else was {O} {Vn}?"),
    ("after", T2, "Once {O} had been {Vn} by {S2}, by whom else was {O} {Vn}?"),
    ("same_month", H2, "During the month that {O} was {Vn} by {S2}, who else was {O} {Vn} by?"),
    ("same_day", H2, "On the same day as {O} was {Vn} by {S2}, by which other actor was {O} {Vn}?"),
    # two relations of one actor: the anchor's relation and the asked one differ ({W}: the other relation's base
    # form; {A}: the anchor's past form)
    ("rel2_month", T2, "In the month when {S} {Vd} {O}, whom did {S} {W}?"),
    ("rel2_month", T2, "In the same month as {S} {Vd} {O}, who did {S} {W}?"),
    ("rel2_day", T2, "On the day {S} {Vd} {O}, whom did {S} {W}?"),
    ("rel2_month", H2, "Whom did {S} {W} in the same month that {S} {Vd} {O}?"),
    ("rel2_day", H2, "On the same day that {S} {Vd} {O}, who did {S} {W}?"),
    # ordinals with the window at the end of the sentence
    ("first_subj_month", T2, "Who initially {Vd} {O} in {M}?"),
    ("first_subj_month", T2, "Who was the first to {V} {O} during {M}?"),
    ("last_subj_month", T2, "Who {Vd} {O} most recently in {M}?"),
    ("first_subj_month", H2, "Who {Vd} {O} earliest in {M}?"),
    ("last_subj_month", H2, "Which actor was the last to {V} {O} in {M}?"),
]


@dataclass
class Index:
    """The store's events of the chosen relations, grouped for the gold of each kind."""

    pair: dict[tuple[str, str, str], list[str]]
    obj: dict[tuple[str, str], list[tuple[str, str]]]  # (r, o) -> sorted (t, s)
    subj: dict[tuple[str, str], list[tuple[str, str]]]  # (s, r) -> sorted (t, o)


def index(rows: list[dict[str, Any]]) -> Index:
    ix = Index(defaultdict(list), defaultdict(list), defaultdict(list))
    for row in rows:
        ix.pair[(row["s"], row["r"], row["o"])].append(row["t"])
        ix.obj[(row["r"], row["o"])].append((row["t"], row["s"]))
        ix.subj[(row["s"], row["r"])].append((row["t"], row["o"]))
    for d in (ix.pair, ix.obj, ix.subj):
        for v in d.values():
            v.sort()  # type: ignore[attr-defined]
    return ix


def dense(t: str) -> bool:
    return DENSE_FROM <= t <= DENSE_TO


def next_day(t: str) -> str:
    return (date.fromisoformat(t) + timedelta(days=1)).isoformat()


def gold(kind: str, ix: Index, s: str, r: str, o: str, t: str) -> tuple[dict[str, str], list[str], str, str] | None:
    """(extra slots, gold answers, answer type, time level) for a question of ``kind`` about the fact (s, r, o, t);
    None when the fact does not make such a question with an exact, dense gold."""
    times = ix.pair[(s, r, o)]
    by_obj = ix.obj[(r, o)]
    year = t[:4]
    if kind in ("subj_day", "obj_day"):
        if kind == "subj_day":
            return {}, sorted({x for tt, x in by_obj if tt == t}), "entity", "day"
        return {}, sorted({x for tt, x in ix.subj[(s, r)] if tt == t}), "entity", "day"
    if kind == "subj_month":
        return {}, sorted({x for tt, x in by_obj if tt[:7] == t[:7]}), "entity", "month"
    if kind in ("first_day", "first_month"):
        if year == "2013":
            return None
        first = next(tt for tt in times if tt[:4] == year)
        return ({"Y": year}, [first if kind == "first_day" else first[:7]], "time", kind.split("_")[1])
    if kind in ("last_day", "last_month", "last_year"):
        last = times[-1]
        if not dense(last):
            return None
        level = kind.split("_")[1]
        return {}, [{"day": last, "month": last[:7], "year": last[:4]}[level]], "time", level
    if kind == "first_subj":
        if year == "2013":
            return None
        first = min(tt for tt, _ in by_obj if tt[:4] == year)
        return {"Y": year}, sorted({x for tt, x in by_obj if tt == first}), "entity", "day"
    if kind == "last_subj":
        last = by_obj[-1][0]
        if not dense(last):
            return None
        return {}, sorted({x for tt, x in by_obj if tt == last}), "entity", "day"
    if kind in ("first_subj_month", "last_subj_month"):
        month = [(tt, x) for tt, x in by_obj if tt[:7] == t[:7]]
        if len(month) < 2:
            return None  # one event in the month: "first" and "last" would say nothing
        edge = min(month)[0] if kind.startswith("first") else max(month)[0]
        return {}, sorted({x for tt, x in month if tt == edge}), "entity", "day"
    if kind == "first_obj":
        if year == "2013":
            return None
        mine = ix.subj[(s, r)]
        first = min(tt for tt, _ in mine if tt[:4] == year)
        return {"Y": year}, sorted({x for tt, x in mine if tt == first}), "entity", "day"
    # anchors: the fact is the anchor (S2's only event of this relation and object), the answer others
    if len(times) != 1:
        return None
    if kind in ("rel2_month", "rel2_day"):
        return {}, [], "entity", "day"  # the other relation is drawn in ``build`` (``second_relation``)
    others = [(tt, x) for tt, x in by_obj if x != s]
    pick: list[str]
    if kind == "before":
        pick = [x for tt, x in others if tt < t]
    elif kind == "after":
        pick = [x for tt, x in others if tt > t]
    elif kind == "same_month":
        pick = [x for tt, x in others if tt[:7] == t[:7]]
    elif kind == "same_day":
        pick = [x for tt, x in others if tt == t]
    elif kind == "day_after":
        pick = [x for tt, x in others if tt == next_day(t)]
    elif kind == "last_before":
        earlier = [tt for tt, _ in others if tt < t]
        if not earlier or not dense(max(earlier)):
            return None
        pick = [x for tt, x in others if tt == max(earlier)]
    elif kind == "first_after":
        later = [tt for tt, _ in others if tt > t]
        if not later:
            return None
        pick = [x for tt, x in others if tt == min(later)]
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return ({}, sorted(set(pick)), "entity", "day") if pick else None


def second_relation(
    ix: Index, kind: str, s: str, r: str, o: str, t: str, rng: random.Random
) -> tuple[str, list[str]] | None:
    """For a two-relation question about the anchor (s, r, o, t): another relation of s with events in the anchor's
    month (day), and its objects there (the gold); None when there is none."""
    width = 7 if kind == "rel2_month" else 10
    options = []
    for r2 in sorted(VERBS):
        if r2 == r:
            continue
        objs = sorted({x for tt, x in ix.subj.get((s, r2), []) if tt[:width] == t[:width]})
        if objs and len(objs) <= 8:
            options.append((r2, objs))
    return rng.choice(options) if options else None


def build(
    ix: Index, facts: list[tuple[str, str, str, str]], half: str, per: int, rng: random.Random
) -> list[dict[str, Any]]:
    """``per`` questions for each construction of ``half``, each about another fact of ``facts``."""
    out: list[dict[str, Any]] = []
    used: set[tuple[str, str, str]] = set()
    for ci, (kind, chalf, template) in enumerate(CONSTRUCTIONS):
        if chalf != half:
            continue
        needs_part = "{Vn}" in template
        made = 0
        order = list(facts)
        rng.shuffle(order)
        for s, r, o, t in order:
            if made >= per:
                break
            if (s, r, o) in used:
                continue
            verbs = [v for v in VERBS[r] if v.half == VERB_HALF[half] and (v.part or not needs_part)]
            if not verbs or ("{N" in template and not NOUNS.get(r)):
                continue
            made_gold = gold(kind, ix, s, r, o, t)
            if made_gold is None:
                continue
            extra, answers, atype, level = made_gold
            other: dict[str, str] = {}
            if kind.startswith("rel2_"):
                second = second_relation(ix, kind, s, r, o, t, rng)
                if second is None:
                    continue
                r2, answers = second
                verbs2 = [v for v in VERBS[r2] if v.half == VERB_HALF[half]]
                if not verbs2:
                    continue
                other = {"W": rng.choice(verbs2).base}
            if not answers or len(answers) > 8:
                continue
            sname, oname = surface(s), surface(o)
            if sname is None or oname is None:
                continue
            v = rng.choice(verbs)
            slots = {
                "S": sname,
                "O": oname,
                "S2": sname,
                "V": v.base,
                "Vd": v.past,
                "Vn": v.part or "",
                "D": day_words(t, ci),
                "Dth": f"{ordinal_words(int(t[8:10]))} of {month_words(t)}",
                "Diso": t,
                **({"N": (n := rng.choice(NOUNS[r])), "Nn": n.split()[0]} if "{N" in template else {}),
                "M": month_words(t),
                "Y": extra.get("Y", t[:4]),
                **other,
            }
            text = cap(template.format(**slots))
            used.add((s, r, o))
            made += 1
            out.append(
                {
                    "quid": f"{half}-{len(out):03d}",
                    "question": text,
                    "answers": answers,
                    "answer_type": atype,
                    "time_level": level,
                    "qtype": kind,
                    "construction": ci,
                    "relation": r,
                }
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--per", type=int, default=2, help="questions per construction")
    ap.add_argument("--seed", type=int, default=29)
    args = ap.parse_args()
    events = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "WHERE e.relation IN $relations AND e.recorded_to IS NULL AND e.valid_from IS NOT NULL AND s <> o "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS t"
    )
    with TKGRag.connect() as rag:
        rows = rag.store.run(events, {"relations": sorted(VERBS)})
    rows.sort(key=lambda r: (r["s"], r["r"], r["o"], r["t"]))
    ix = index(rows)
    # each half asks about its own facts: the (subject, relation, object) pairs split in two by a seeded shuffle
    pairs = sorted({(r["s"], r["r"], r["o"]) for r in rows if dense(r["t"])})
    rng = random.Random(args.seed)
    rng.shuffle(pairs)
    tune_pairs = set(pairs[: len(pairs) // 2])
    args.out.mkdir(parents=True, exist_ok=True)
    for half in (T, H, T2, H2):
        facts = [
            (s, r, o, t)
            for (s, r, o), ts in ix.pair.items()
            if ((s, r, o) in tune_pairs) == (VERB_HALF[half] == T)
            for t in ts
            if dense(t)
        ]
        facts.sort()
        qs = build(ix, facts, half, args.per, random.Random(f"{args.seed}-{half}"))
        path = args.out / f"{half}.json"
        path.write_text(json.dumps(qs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        kinds: dict[str, int] = defaultdict(int)
        for q in qs:
            kinds[q["qtype"]] += 1
        print(f"{path}: {len(qs)} questions {dict(kinds)}")


if __name__ == "__main__":
    main()
