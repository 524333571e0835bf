"""The expected answer: an entity, a value, or a time at a granularity (EXAQT's "temporal answer" category).

Cues, earliest in the question wins:
- TIME, stated granularity: "(in|on|at|during) what/which year|month|date|day|decade|century|week",
  "what is the start/end/birth/... date|year", "what was the most recent date", "what was the next date after D", an
  imperative "Name/Give the month in which ...", "date of birth|death|..." in a what-question.
- TIME, unstated (day, the finest an event KG has): a question word "when" (clause-initial, "since when", or
  "... born when?"), "what time", "at what point in time", "how long ago"; trailing "start date?" / "end time?" /
  "point in time" (Wikidata-style questions).
- VALUE: "how many/much/old/long/tall/far/...", "what is the number/population/rate/percentage/...".
- ENTITY otherwise.
For TIME, ``boundary`` says whether the start or the end of a validity period is asked ("when did X *become* ...",
"when did X *stop* ...", "... end date?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tkgrag.question.model import Anchor, AnswerKind, AnswerType, Boundary
from tkgrag.temporal import Granularity

_UNIT_GRANULARITY = {
    "birthdate": Granularity.DAY,
    "birthdates": Granularity.DAY,
    "birth date": Granularity.DAY,
    "birthday": Granularity.DAY,
    "year": Granularity.YEAR,
    "years": Granularity.YEAR,
    "decade": Granularity.YEAR,
    "decades": Granularity.YEAR,
    "century": Granularity.YEAR,
    "centuries": Granularity.YEAR,
    "month": Granularity.MONTH,
    "months": Granularity.MONTH,
    "date": Granularity.DAY,
    "dates": Granularity.DAY,
    "day": Granularity.DAY,
    "days": Granularity.DAY,
    "week": Granularity.DAY,
}
_STATED_UNITS = "years?|months?|dates?|days?|decades?|centur(?:y|ies)|week"
_WH = r"(?:what|which|wich|whatever)"

_CUES: list[tuple[re.Pattern[str], AnswerKind]] = [
    (
        re.compile(
            rf"\b(?P<cue>(?:(?:in|on|at|during|from|since|until|by|for|of)\s+)?{_WH}\s+"
            rf"(?:exact\s+|specific\s+|particular\s+|calendar\s+)?(?P<unit>{_STATED_UNITS}|time(?!\s+zone)|point\s+in\s+time|moment))\b"
        ),
        AnswerKind.TIME,
    ),
    (
        re.compile(
            rf"\b(?P<cue>(?:{_WH}\s+(?:is|was|are|were)|tell\s+me|give\s+me|show\s+me|list|find|"
            # "Considering 2014 only, name the month when ...": the request after a fronted phrase too
            r"(?:let\s+me\s+)?know|inform\s+me|(?:^\W*|(?<=,\s)|(?<=,))(?:please\s+)?(?:name|give|state|identify|specify|provide))"
            r"\s+(?:(?:of|about)\s+)?(?:the\s+)?"
            # "List every day on which ...", "Name each month in which ...", "list all (of) the days ...": each time
            r"(?:(?:every|each|all(?:\s+(?:of\s+)?the)?)\s+)?"
            r"(?:exact\s+|specific\s+|precise\s+|particular\s+)?"
            # an ordinal before the unit: "what was the most recent date on which ..." (the order is read elsewhere)
            r"(?:(?:first|last|earliest|latest|most\s+recent|final|initial|previous|next|following|subsequent|preceding)\s+)?(?:(?:start|end|finish|beginning)\s+and\s+)?(?P<b>start(?:ing)?|end(?:ing)?|beginning|inception|founding|"
            r"foundation|birth|death|release|publication|opening|closing|dissolution|abolition|launch|creation|"
            rf"conclusion)?\s*(?P<unit>time|occasion|moment|instance|point\s+in\s+time|{_STATED_UNITS}))\b"
        ),
        AnswerKind.TIME,
    ),
    (
        re.compile(
            r"^\W*(?:what|which|give|tell|list)\b.*?\b(?P<cue>(?P<unit>date|year|day|month)\s+of\s+(?:birth|death|founding|"
            r"foundation|inception|establishment|release|publication|dissolution|creation|marriage|independence))\b"
        ),
        AnswerKind.TIME,
    ),
    (
        re.compile(
            r"\b(?P<cue>(?P<b>start|end|starting|ending|beginning|conclusion|inception)\s+(?P<unit>date|time|year)"
            r"|point\s+in\s+time)\s*[?.!]*\s*$"
        ),
        AnswerKind.TIME,
    ),
    (re.compile(r"\b(?P<cue>how\s+long\s+ago)\b"), AnswerKind.TIME),
    # "The month in which X first visited Y was?": the asked time opens the sentence, "was" closes it
    (
        re.compile(
            r"^\W*(?P<cue>(?:the\s+)?(?:exact\s+)?(?P<unit>date|day|month|year)\s+(?:(?:on|in|during)\s+)?(?:which|when|that))"
            r"\b.*\b(?:was|is|were|fell|happened|occurred|came)(?:\s+(?:on|in))?(?:\s+(?:what|which)(?:\s+\w+)?)?"
            r"\s*[?.!]*\s*$"
        ),
        AnswerKind.TIME,
    ),
    # "Date of Iran's first formal agreement with Kuwait in 2014?", "Month when X visited Y?": a question that is
    # only the asked time and its event (no question word anywhere)
    (
        re.compile(
            r"^\W*(?P<cue>(?:the\s+)?(?:exact\s+|precise\s+)?(?P<unit>date|day|month|year)\s+(?:of|when)\b)"
            r"(?!.*\b(?:who|whom|whose|which|what|when|where)\b)(?=.*\?\s*$)"
        ),
        AnswerKind.TIME,
    ),
    # "When, to the month, did X ...": the granularity said beside "when"
    (re.compile(r"\b(?P<cue>when\s*,?\s*to\s+the\s+(?P<unit>year|month|day))\b"), AnswerKind.TIME),
    (
        re.compile(r"^\W*(?P<cue>(?P<unit>birth\s*dates?|birthdays?|death\s+dates?|dates?\s+of\s+birth))\b"),
        AnswerKind.TIME,
    ),
    (re.compile(r"\b(?P<cue>since|until|till)\s*[?.!]*\s*$"), AnswerKind.TIME),
    (
        re.compile(
            r"\b(?P<cue>how\s+(?:many|much|old|long|tall|high|far|big|large|often|fast|deep|wide|heavy|severe|short))\b"
        ),
        AnswerKind.VALUE,
    ),
    (
        re.compile(
            rf"\b(?P<cue>(?:at\s+)?{_WH}\s+(?:(?:is|was|are|were)\s+)?(?:the\s+)?(?:total\s+|net\s+|estimated\s+|"
            r"approximate\s+)?(?:number|population|amount|rate|percentage|percent|size|height|length|area|score|price|"
            r"cost|revenue|profit|budget|gdp|age|count|quantity|capacity|salary|temperature|speed|weight|distance|"
            r"duration|inflation\s+rate|unemployment\s+rate)(?!\s+of\s+(?:work|study|expertise|interest)))\b"
        ),
        AnswerKind.VALUE,
    ),
]
_WHEN = re.compile(r"(?<![\w'’-])(?P<cue>when(?:['’]s)?|whens)(?![\w'’-])")
# "when" as the question word after a request: "Do you know when ...", "tell me when ...", "I wonder when ..."
_WHEN_AS_QUESTION = re.compile(
    # after a colon: "In 2014 or in 2015: when did X host Y?"
    r"(?:\b(?:since|until|till|from|by|and|or|know|tell\s+me|wonder|ask|remember|say|find\s+out)|[,:])\s*$"
)
_START_WORDS = re.compile(
    r"\b(?:start|starts|started|starting|begin|begins|began|begun|beginning|become|becomes|became|join|joins|joined|"
    r"take\s+office|took\s+office|elected|appointed|sign(?:ed)?\s+with|inception)\b"
)
_END_WORDS = re.compile(
    r"\b(?:end|ends|ended|ending|stop|stops|stopped|leave|leaves|left|quit|quits|resign|resigned|retire|retired|"
    r"cease|ceased|no\s+longer|lose|lost|step\s+down|stepped\s+down|dissolved|conclusion|terminated)\b"
)


# A granularity asked for apart from the question word, in brackets or in a sentence of its own after the question:
# "When was the last time X visited Y? (month please)", "... (year only)", "When did X visit Y (which month)?", "Was
# it in 2014 or 2015 that ...? Give the year(s)." A bare "when" asks for a day by default; such a request says which
# unit the writer wants instead.
_UNIT_REQUEST = re.compile(
    r"(?:\(\s*(?:(?:just|only)\s+)?(?:(?:on|in)\s+)?(?:the|which|what)?\s*(?:(?:exact|precise)\s+)?(?P<u1>year|month|day|date)"
    r"(?:\(s\)|s)?\s*(?:,?\s*(?:please|only|exactly))?\s*\)"
    r"|[?.!]\s*(?:(?:please\s+)?(?:give|state|name|answer\s+with|tell\s+me)\s+(?:(?:just|only)\s+)?the\s+)"
    r"(?P<u2>year|month|day|date)(?:\(s\)|s)?(?:\s*,?\s*(?:please|only))?"
    r"|[?.!]\s*(?:(?:just|only)\s+)?(?:the\s+)?(?P<u3>year|month|day|date)(?:\(s\)|s)?\s*,?\s*(?:please|only))"
    r"\s*[?.!]*\s*$"
)


# a yes/no-shaped choice question, whose answer is only what the request says: "Was it in 2014 or in 2015 that ...?"
_CHOICE_OPENING = re.compile(r"^\W*(?:was|is|were|did|does|do|had|has)\b")
_TRAILING_PLEASE = re.compile(r"[,;]?\s*\bplease\s*[.!?]*\s*$")


def unit_request(low: str) -> Granularity | None:
    """The granularity a trailing request asks for ("(month please)", "Give the year(s)."), else None."""
    m = _UNIT_REQUEST.search(low)
    if not m:
        return None
    return _UNIT_GRANULARITY[m.group("u1") or m.group("u2") or m.group("u3")]


def request_spans(low: str) -> list[tuple[int, int]]:
    """Spans that only ask for the answer's form (a unit request, a closing "please"): no relation words in them."""
    spans = []
    if (m := _UNIT_REQUEST.search(low)) is not None:
        start = m.start() + 1 if low[m.start()] in "?.!" else m.start()
        spans.append((start, m.end()))
    elif (p := _TRAILING_PLEASE.search(low)) is not None:
        spans.append((p.start(), p.end()))
    return spans


def _inside(pos: int, anchors: Sequence[Anchor]) -> bool:
    return any(a.trigger_start <= pos < max(a.end, a.trigger_start + len(a.trigger)) for a in anchors)


def _boundary(low: str, cue_start: int, explicit: str | None) -> Boundary | None:
    if explicit:
        if explicit.startswith(("start", "begin", "incep", "found", "open", "launch", "creat")):
            return Boundary.START
        if explicit.startswith(("end", "conclu", "clos", "dissol", "aboli")):
            return Boundary.END
        return None
    rest = low[cue_start:]
    if _END_WORDS.search(rest):
        return Boundary.END
    if _START_WORDS.search(rest):
        return Boundary.START
    return None


def detect_answer_type(low: str, anchors: Sequence[Anchor] = ()) -> AnswerType:
    """The expected answer type of a question, from its lower-cased text and the anchors found in it."""
    found: list[tuple[int, AnswerType]] = []
    for pattern, kind in _CUES:
        for m in pattern.finditer(low):
            if _inside(m.start("cue"), anchors):
                continue
            cue = " ".join(m.group("cue").split())
            if kind is AnswerKind.TIME:
                unit = m.groupdict().get("unit")
                gran = _UNIT_GRANULARITY.get(unit or "", Granularity.DAY)
                stated = bool(unit) and unit in _UNIT_GRANULARITY
                b = _boundary(low, m.start("cue"), m.groupdict().get("b"))
                found.append((m.start("cue"), AnswerType(kind, gran, stated, b, cue)))
            else:
                found.append((m.start("cue"), AnswerType(kind, cue=cue)))
            break
    for m in _WHEN.finditer(low):
        pos = m.start("cue")
        if _inside(pos, anchors):
            continue
        initial = not low[:pos].strip(" \t\"'“‘(")
        final = re.match(r"\s*[?.!]*\s*$", low[m.end() :]) is not None
        if initial or final or _WHEN_AS_QUESTION.search(low, 0, pos):
            b = _boundary(low, m.end(), None)
            found.append((pos, AnswerType(AnswerKind.TIME, Granularity.DAY, False, b, m.group("cue"))))
            break
    asked = unit_request(low)
    if not found:
        if asked is not None and _CHOICE_OPENING.match(low):
            return AnswerType(AnswerKind.TIME, asked, True, None, "unit requested")
        return AnswerType(AnswerKind.ENTITY)
    first = min(found, key=lambda f: f[0])[1]
    if asked is not None and first.kind is AnswerKind.TIME and not first.stated:
        # a bare "when" with the unit asked for after it: the request decides the granularity
        return AnswerType(AnswerKind.TIME, asked, True, first.boundary, first.cue)
    return first
