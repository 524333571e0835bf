"""A week stated by its days after a statement: "X negotiated with Y on 21 January 2015. Who else did so that week
(Monday 19 January to Sunday 25 January 2015)?". The days say the window, so the question is said as "... Who else
did so from 19 January 2015 to 25 January 2015 that same year?", which the statement fold reads as "In the same year
that X negotiated with Y on 21 January 2015, who else did so from ... to ...?" (the year holds the week). Left as
written (the reader abstains) where the days are not one range of at most 7 days, where the range crosses a new year,
or where the statement's own day falls outside it."""

from __future__ import annotations

import re

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, day_words

_WEEK = re.compile(
    r"\s*\b(?:(?:in|during|within|over)\s+)?(?:that|the|this)(?:\s+(?:very|same))*\s+week\s*"
    r"\(\s*(?:(?:from|between)\s+)?(?P<days>[^()]{6,60}?)\s*\)(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
_DID_IT = re.compile(r"\b(?P<do>did|do|does|done)\s+(?:it|that|this)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?:[.;]|\s[-\u2013\u2014]|\u2014)\s*(?=(?:who|whom|which|what)\b)", re.IGNORECASE)


def stated_week(question: str) -> str:
    """``question`` with "that week (D1 to D2)" said as "from D1 to D2 that same year"; unchanged otherwise."""
    m = _WEEK.search(question)
    stop = _SENTENCE_END.search(question)
    if m is None or stop is None or stop.start() > m.start():
        return question
    found = find_time_expressions(m.group("days"))
    if len(found) != 1 or found[0].span is None or found[0].span.granularity is not Granularity.DAY:
        return question
    first, last = found[0].span.start, found[0].span.end
    if first is None or last is None or found[0].unread or not 0 <= (last - first).days <= 6:
        raise UnreadablePair(
            f"cannot read {question!r}: the week's days ({m.group('days')}) do not read as one week (a weekday "
            "that is not its date's, or more than seven days)"
        )
    if first.year != last.year:
        return question
    stated = [t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None]
    if any(s.start is None or s.end is None or s.start < first or s.end > last for s in stated):
        raise UnreadablePair(
            f"cannot read {question!r}: the statement's own time is not in the week it states ({m.group('days')})"
        )
    said = f" from {day_words(first)} to {day_words(last)} that same year"
    # "did that/it" is a pro-form only at the end of the question; "did so" anywhere
    asked = _DID_IT.sub(r"\g<do> so", question[stop.end() : m.start()])
    return question[: stop.end()] + asked + said + question[m.end() :]
