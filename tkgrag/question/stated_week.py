"""A week stated by its days after a statement: "X negotiated with Y on 21 January 2015. Who else did so that week
(Monday 19 January to Sunday 25 January 2015)?". The days say the window, so the question is said as "... Who else
did so from 19 January 2015 to 25 January 2015 that same year?", which the statement fold reads as "In the same year
that X negotiated with Y on 21 January 2015, who else did so from ... to ...?" (the year holds the week). Left as
written (the reader abstains) where the days are not one range of at most 7 days, where the range crosses a new year,
or where the statement's own day falls outside it.

A week stated by its days in the question's own window ("in the week running from Monday 1 September 2014 to Sunday
7 September 2014", "during the week of 1-7 September 2014", "the week that ran from D1 to D2") is the range of its
days ("from D1 to D2"): "running" was read as an anchor's clause, "the week of" as words that could change the window.
A range of more than seven days, or one the time reader leaves unread, is left as written (the reader abstains)."""

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


_RANGE_WEEK = re.compile(
    r"\b(?:(?:in|during|over|within|throughout|across)\s+)?the\s+(?:(?:calendar|whole|entire|full)\s+)?week\s*,?\s*"
    r"(?:(?:that|which)\s+(?:ran|runs|went|lasted|stretched|extended|spanned|covered)\s+|(?:running|lasting|"
    r"stretching|extending|going|spanning|covering|of)\s+)?(?=(?:from|between)?\s*[\w])",
    re.IGNORECASE,
)


# "the week beginning D1 and ending D2": its two edges, said as "the week from D1 to D2" (read as one range below)
_BEGIN_END = re.compile(
    r"(?<=\bweek\s)\s*(?:that\s+)?(?:beginning|starting|commencing|began|started)(?:\s+on)?\s+(?P<d1>[^,()?]{4,30}?)"
    r"\s*,?\s*and\s+(?:ending|finishing|closing|ended|finished)(?:\s+on)?\s+(?=\w)",
    re.IGNORECASE,
)


def _range_week(question: str) -> str:
    """ "in the week running from D1 to D2" -> "from D1 to D2" where D1..D2 is one range of two to seven days."""
    edges = _BEGIN_END.search(question)
    if edges is not None:
        found = find_time_expressions(edges.group("d1"))
        if len(found) == 1 and found[0].end == len(edges.group("d1")) and found[0].start == 0:
            question = question[: edges.start()] + f"from {edges.group('d1')} to " + question[edges.end() :]
    for m in _RANGE_WEEK.finditer(question):
        rest = question[m.end() :]
        found = find_time_expressions(rest)
        if not found or min(found[0].phrase_start, found[0].start) != 0 or found[0].unread:
            continue
        span = found[0].span
        if span is None or span.start is None or span.end is None or span.granularity is not Granularity.DAY:
            continue
        if not 1 <= (span.end - span.start).days <= 6:
            continue
        said = f"{'F' if m.start() == 0 else 'f'}rom {day_words(span.start)} to {day_words(span.end)}"
        return question[: m.start()] + said + rest[found[0].end :]
    return question


def stated_week(question: str) -> str:
    """``question`` with "that week (D1 to D2)" said as "from D1 to D2 that same year", and "in the week running from
    D1 to D2" as "from D1 to D2"; unchanged otherwise."""
    question = _range_week(question)
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
