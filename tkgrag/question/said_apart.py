"""A question's window or answer form said apart from its clause (a last sentence, a bracket, an opening phrase), said
where the time reader reads it; each read only when the time in it is read whole.

- Form only, dropped (first of all the rewrites, ``without_form_tail``): "(Ties: name them all.)", "I need the complete
  list.", "(all if several)", "(any time after)": they ask for every answer or say the window has no end, not a window;
  "exact date" after the question mark only where the question asks a day (else no reading).
- A last sentence that scopes the question: "Who accused X? Just 2014-10-24, please." -> "Who accused X on
  2014-10-24?"; "Only after September 2014.", "Only in 2015 before 22 February.", "I'm asking about November 2015."
  likewise (a bare time said "on"/"in", a time with its own side word as it is).
- A trailing scope phrase: "Name everyone who R X, counting only that single day, 2014-10-30." -> "... on 2014-10-30."
- An opening scope phrase: "Counting only events in 2014, whom ...", "Looking only in 2015, when ...", "Over the
  course of the month of June 2014, which ..." -> "In 2014, ..." (the scope words were read as names or as the event);
  "2014: in what month did ...?" and "2014, before X did R: who ...?" -> "In 2014, ..." (the colon is the comma).

A time not read whole leaves the text as written (the reader reads or abstains as before).
"""

from __future__ import annotations

import re

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity

# the answer's form, no window: after the question's own "?" (or ".")
_FORM_TAIL = re.compile(
    r"(?<=[?.])\s*(?:"
    r"\(\s*ties?\s*[:,\-\u2013]?\s*(?:please\s+)?(?:name|list|give|include)\s+(?:them\s+)?all\s*[.!]?\s*\)"
    r"|(?:i\s+need|i\s+want|i['’]d\s+like|give\s+me|please\s+give)\s+the\s+(?:complete|full|whole|entire)\s+list"
    r"|\(\s*(?:give\s+|list\s+|name\s+)?all\s+if\s+(?:several|more\s+than\s+one|many|there\s+are\s+several)\s*\)"
    r"|\(\s*any\s*time\s+after(?:wards?)?\s*\)"
    r")\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "exact date" after the question mark: only the form when the question asks a day already
_EXACT_DATE_TAIL = re.compile(
    r"(?<=[?.])\s*(?:the\s+)?(?:exact|precise)\s+date(?:\s*,?\s*please)?\s*[.!]?\s*$", re.IGNORECASE
)
# the unit a question asks: "In what year", "which month", "on what date", "When"
_ASKED_UNIT = re.compile(
    r"\b(?:which|what)\s+(?:[a-z]+\s+){0,2}?(?P<u>year|month|week|day|date)s?\b|^\s*(?P<when>when)\b", re.IGNORECASE
)
# "Who accused X? Just 2014-10-24, please.", "Only after 2014-04-25.", "I'm asking about November 2015."
_SCOPE_SENTENCE = re.compile(
    r"\?\s*(?:just|only|(?:i['’]m|i\s+am)\s+(?:only\s+)?(?:asking|interested)\s+(?:about|in)|"
    r"(?:counting|considering|looking\s+at)\s+only|only\s+(?:counting|considering|looking\s+at))\s+"
    r"(?P<t>[^?!]{4,50}?)\s*(?:,\s*please)?\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "..., counting only that single day, 2014-10-30."
_SCOPE_TRAIL = re.compile(
    r"\s*,\s*(?:counting|considering|looking\s+at|taking)\s+only\s+(?:that|the|this)\s+(?:single\s+|one\s+)?"
    r"(?:day|date|month|year)\s*,\s*(?P<t>[^?!;]{4,40}?)\s*(?P<end>[.?!]?)\s*$",
    re.IGNORECASE,
)
# "Counting only events in 2014, ...", "Looking only in 2015, ...", "Over the course of the month of June 2014, ..."
_SCOPE_FRONT = re.compile(
    r"^\s*(?:(?:counting|considering|looking\s+at|taking)\s+only\s+(?:the\s+)?(?:events?|those|what\s+happened|"
    r"records?)\s+(?:in|during|from|of|within)|looking\s+only\s+(?:in|at|within|during)|"
    r"over\s+the\s+course\s+of(?:\s+the\s+(?:month|year)\s+of)?)\s+(?P<t>[^,:;?]{4,40}?)\s*,\s*(?=[a-z])",
    re.IGNORECASE,
)
# "2014: in what month ...", "2014, before X did R: who ...?"
_YEAR_FRONT = re.compile(
    r"^\s*(?P<t>(?:19|20)\d\d|[A-Z][a-z]+\s+(?:19|20)\d\d)\s*(?::\s*(?P<q>(?:who|whom|which|what|when|in|on|during)\b)|"
    r",\s*(?P<side>(?:before|after|prior\s+to|following)\s+[^:?]+?)\s*:\s*(?P<q2>(?:who|whom|which|what|when)\b))",
    re.IGNORECASE,
)

# "In 2014, up to the day before X did R, whom ...?": before X's day (the day before it the last one counted); read as
# "the day before X" it was that one day
_UP_TO_DAY_BEFORE = re.compile(r"\bup\s+(?:to|until|till)\s+(?:and\s+including\s+)?the\s+day\s+before\s+", re.I)
# a window's start before it ("From March 2014 up to the day before X"): the span's two ends, left as written
_FROM_TIME = re.compile(r"\b(?:from|since|starting|beginning)\s+(?:in\s+|on\s+)?(?:[A-Z][a-z]+\s+)?\d", re.I)
# "After X did R (on 2014-02-10), whom ...?": the anchor's own day in a bracket, said as part of its clause (the
# clause ended at the bracket)
_ANCHOR_DAY_BRACKET = re.compile(
    r"\s*\(\s*(?P<t>on\s+[^()]{4,30}?)\s*\)(?=\s*,\s*(?:who|whom|which|what|when|where)\b)", re.IGNORECASE
)


def _whole(t: str) -> tuple[bool, Granularity | None] | None:
    """(has its own side word, granularity) of ``t`` when it is one or more times read whole; None otherwise."""
    found = find_time_expressions(t)
    if not found or any(x.unread or x.span is None for x in found):
        return None
    rest = t
    for x in sorted(found, key=lambda x: x.phrase_start, reverse=True):
        rest = rest[: x.phrase_start] + " " + rest[x.end :]
    if rest.strip(" ,.") and not re.fullmatch(r"[\s,.]*(?:and\s*)?", rest):
        return None
    first = found[0]
    span = first.span
    return bool(first.relation), span.granularity if span is not None else None


def _said(t: str) -> str | None:
    """``t`` said as a window after a clause: "after September 2014" as it is, a bare day "on D", else "in T"."""
    t = t.strip().rstrip(".,")
    read = _whole(t)
    if read is None:
        return None
    sided, granularity = read
    if sided:
        return t
    return f"{'on' if granularity is Granularity.DAY else 'in'} {t}"


def without_form_tail(question: str) -> str:
    """``question`` without a tail that only says the answer's form ("(Ties: name them all.)", "I need the complete
    list."), so that the rewrites anchored at the question's end see its last word; unchanged when it has none.

    "Exact date (please)" goes only where the question asks a day ("On what date", "When"); where it asks another unit
    ("In what year ...? Exact date please.") the two say different forms: raises ``UnreadablePair`` (no reading).
    """
    question = _FORM_TAIL.sub("", question).rstrip()
    exact = _EXACT_DATE_TAIL.search(question)
    if exact is None:
        return question
    asked = _ASKED_UNIT.search(question, 0, exact.start())
    if asked is None or not (asked.group("when") or asked.group("u").lower() in ("day", "date")):
        raise UnreadablePair(f"cannot read {question!r}: {exact.group().strip()!r} and the unit asked differ")
    return question[: exact.start()].rstrip()


def said_apart(question: str) -> str:
    """``question`` with a window or form said apart from its clause said where it is read; unchanged otherwise."""
    question = without_form_tail(question)
    up_to = _UP_TO_DAY_BEFORE.search(question)
    if up_to is not None:
        if _FROM_TIME.search(question, 0, up_to.start()):
            # "From March 2014 up to the day before X": "before X" would drop the window's start, "the day before X"
            # read it as that one day; a span between a time and an anchor is not read
            raise UnreadablePair(f"cannot read {question!r}: a span from a time up to the day before an event")
        before = "Before " if up_to.group()[:1].isupper() else "before "
        question = f"{question[: up_to.start()]}{before}{question[up_to.end() :]}"
    day = _ANCHOR_DAY_BRACKET.search(question)
    if day is not None and (read := _whole(day.group("t"))) is not None and read[0]:
        question = f"{question[: day.start()]} {day.group('t')}{question[day.end() :]}"
    m = _SCOPE_SENTENCE.search(question)
    if m is not None and (said := _said(m.group("t"))) is not None:
        if find_time_expressions(question[: m.start()]):
            # "Who visited Korea in 2015? Just 2014-10-24, please.": two windows, which one holds is not said
            raise UnreadablePair(f"cannot read {question!r}: the clause and its last sentence each say a window")
        question = f"{question[: m.start()].rstrip()} {said}?"
    m = _SCOPE_TRAIL.search(question)
    if m is not None and (said := _said(m.group("t"))) is not None:
        question = f"{question[: m.start()]} {said}{m.group('end') or '?'}"
    m = _SCOPE_FRONT.match(question)
    if m is not None and (read := _whole(m.group("t").strip())) is not None and not read[0]:
        said = f"in {m.group('t').strip()}"
        rest = question[m.end() :]
        question = f"{said[:1].upper()}{said[1:]}, {rest}"
    y = _YEAR_FRONT.match(question)
    read = _whole(y.group("t")) if y is not None else None
    if y is not None and read is not None and not read[0]:
        t = y.group("t")
        if y.group("q") is not None:
            rest = question[y.start("q") :]
            return f"In {t}, {rest[:1].lower()}{rest[1:]}"
        rest = question[y.start("q2") :]
        return f"In {t}, {y.group('side')}, {rest[:1].lower()}{rest[1:]}"
    return question
