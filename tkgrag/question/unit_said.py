"""The answer's unit said as an item of its own ("granularity month"), apart from the question word.

A constraint list in brackets or after a separator, anywhere in the question: "when did X R Y after Z? [granularity
month; through 2015]", "when: last time X R Y [2014]; granularity month", "(resolution: year)", "granularity = day",
"[month level]", "[to the month]". The item only says the answer's form; left in, "granularity" was read as the
relation's word (the reader abstained) or passed over (a day answered where a month was asked).

- The item goes; the rest of its bracket stays as written ("[2014]": the scope the time reader reads), but a time with
  its side word alone after the question ("? [granularity month; through 2015]") is said in the clause ("... through
  2015?"), where the side word is read (in the bracket "through 2015" was read as in 2015).
- A question asking an unstated time ("when ...", a bare day by default) gets the unit as a request at its end
  ("(month)", read by ``answer_type.unit_request``); one that says the unit already ("In which month ...") must say the
  same one, else there is no reading (two units asked); an entity question is left without the item (it says nothing of
  who).
"""

from __future__ import annotations

import re

from tkgrag.question.answer_type import detect_answer_type
from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.model import AnswerKind
from tkgrag.temporal import Granularity

_UNIT = r"(?:years?|months?|days?|dates?|yearly|annual|monthly|daily|calendar\s+(?:year|month|day))"
_WORD = r"(?:granularity|resolution|precision|level\s+of\s+detail|time\s+unit|unit)"
# one item, whole: "granularity month", "answer granularity: month", "month granularity", "at the month level", "to
# the month", "granularity of a year"
_ITEM = re.compile(
    rf"(?:(?:(?:answer|response|time|output|required|desired)\s+)?{_WORD}\s*(?:[:=]\s*|\s+(?:is|of|at|in|to|=)\s+|\s+)"
    rf"(?:(?:a|the|one)\s+)?{_UNIT}(?:\s+level)?"
    rf"|(?:(?:at|to|by|in)\s+)?(?:(?:a|the)\s+)?{_UNIT}[-\s]+(?:{_WORD}|level)"
    rf"|(?:answer\s+)?to\s+the\s+{_UNIT})",
    re.IGNORECASE,
)
_UNIT_WORD = re.compile(_UNIT, re.IGNORECASE)
_BRACKET = re.compile(r"\s*(?P<o>[\[(])(?P<body>[^\[\]()]*)(?P<c>[\])])")
_SEPARATED = re.compile(
    rf"(?:\s*[;,:.?!]|\s+[-\u2013\u2014])(?:\s*[-\u2013\u2014])?\s*(?P<item>{_ITEM.pattern})\s*[.!]?\s*$", re.IGNORECASE
)
_LEADING = re.compile(rf"^\s*(?P<item>{_ITEM.pattern})\s*(?:[;:,.]|\s[-\u2013\u2014])\s*(?=\w)", re.IGNORECASE)
# the one other item a time with its side word ("through 2015", "until March 2015")
_SIDED = re.compile(
    r"(?:through|until|till|up\s+to|by|before|after|since)\s+(?:the\s+end\s+of\s+)?\S+(?:\s+\d{4})?$", re.I
)
_GRANULARITY = {"year": Granularity.YEAR, "annual": Granularity.YEAR, "month": Granularity.MONTH}


def _unit(item: str) -> Granularity | None:
    m = _ITEM.fullmatch(item.strip())
    if m is None:
        return None
    word = _UNIT_WORD.findall(item.lower())[-1]
    for key, unit in _GRANULARITY.items():
        if word.startswith(key):
            return unit
    return Granularity.DAY


def _item_out(question: str) -> tuple[str, Granularity] | None:
    """``question`` without its unit item, and the unit; None when it has no such item."""
    for b in _BRACKET.finditer(question):
        if (b.group("o") == "[") != (b.group("c") == "]"):
            continue
        items = re.split(r"[;,]", b.group("body"))
        units = [(i, u) for i in items if (u := _unit(i)) is not None]
        if len(units) != 1:
            if units:
                raise UnreadablePair(f"cannot read {question!r}: the answer's unit said twice")
            continue
        rest = [i.strip() for i in items if i is not units[0][0] and i.strip()]
        before = question[: b.start()].rstrip()
        if len(rest) == 1 and _SIDED.match(rest[0]) and before.endswith("?") and not question[b.end() :].strip():
            # "when did X R after Y? [granularity month; through 2015]": the side word is read only in the clause
            # ("[through 2015]" was read as "in 2015", the window of the year alone)
            return f"{before[:-1].rstrip()} {rest[0]}?", units[0][1]
        said = f" {b.group('o')}{'; '.join(rest)}{b.group('c')}" if rest else ""
        return f"{question[: b.start()]}{said}{question[b.end() :]}", units[0][1]
    for pattern in (_SEPARATED, _LEADING):
        m = pattern.search(question)
        if m is not None and (unit := _unit(m.group("item"))) is not None:
            if pattern is _LEADING:
                return question[m.end() :], unit
            end = question[m.start() : m.start("item")].strip(" -\u2013\u2014")
            return question[: m.start()] + (end if end in ("?", ".", "!") else ""), unit
    return None


def unit_said(question: str) -> str:
    """``question`` with a unit item ("[granularity month]") said as the request the reader reads; unchanged when it
    has none. Raises ``UnreadablePair`` where the question asks another unit itself."""
    out = _item_out(question)
    if out is None:
        return question
    text, unit = out
    text = text.rstrip()
    asked = detect_answer_type(text.lower())
    if asked.kind is not AnswerKind.TIME:
        return text
    if asked.stated:
        if asked.granularity is not unit:
            raise UnreadablePair(f"cannot read {question!r}: the question and its unit item ask different units")
        return text
    return text if unit is Granularity.DAY else f"{text} ({unit.value})"
