"""A choice between offered periods: "Was it in March 2014 or in April 2014 that X did R? Give the month (or both).",
"Did X do R in 2013, 2014 or 2015?", "Was it on 3 March or 4 March 2014 that X did R?".

The answer is every offered period that holds the event, at the periods' granularity. Periods in a row are one window
from the first to the last ("between March 2014 and April 2014") with a request for the unit ("Give the month(s).");
periods not in a row would take in the periods between them, so the question is not read (an error, which the reader
reports, rather than an answer from a period nobody offered). Two years are ``window_edges._year_or``'s (which runs
after this); anything else is left as written.
"""

from __future__ import annotations

import itertools
import re
from datetime import timedelta

from tkgrag.question.answer_type import unit_request
from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.model import TimeExpression
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, TimeSpan

# the choice frame: "Was it <periods> that/when ...", or a yes/no question that offers them ("Did X do R in A or B?")
_WAS_IT = re.compile(r"^\W*(?:was|is)\s+it\s+", re.IGNORECASE)
YES_NO = re.compile(r"^\W*(?:was|were|is|are|did|does|do|has|had|have)\b", re.IGNORECASE)
# what may stand between "Was it" and the first offered period: a preposition at most
_FRAME_GAP = re.compile(r"^\s*(?:(?:in|on|during)\s+)?$", re.IGNORECASE)
# "Was it 2014 or 2015 when X did R?": the clause is the event asked about, not an anchor
_WHEN_CLAUSE = re.compile(r"^\s*,?\s*when\s+", re.IGNORECASE)
# what joins two offered periods: ", ", " or ", ", or ", " and/or "; each may repeat its preposition
_JOIN = re.compile(
    r"^\s*(?:,\s*(?:(?:and\s*/\s*)?or\s+)?|(?:and\s*/\s*)?or\s+)(?:(?:in|on|during)\s+)?$", re.IGNORECASE
)
# "(or both)", ", or all three,": the options' own closing words, said already by the window
_ALL = r"(?:both|all(?:\s+(?:three|four|five))?)(?:\s+(?:years|months|days|dates|of\s+them))?"
OR_ALL = re.compile(rf"^\s*(?:\(\s*or\s+(?:in\s+)?{_ALL}\s*\)|,?\s*or\s+(?:in\s+)?{_ALL}\s*,?)", re.IGNORECASE)
# "Give the month (or both).": the request asks for every offered period that holds the event
REQUEST_OR_ALL = re.compile(
    r"(?P<req>\b(?:give|state|name|tell\s+me|answer\s+with)\s+(?:(?:just|only)\s+)?the\s+(?:year|month|day|date))"
    rf"(?:\(s\)|s)?\s*(?:\(\s*or\s+(?:in\s+)?{_ALL}\s*\)|,?\s*or\s+(?:in\s+)?{_ALL})",
    re.IGNORECASE,
)
# "(Could be both.)", "(possibly all three)": the offered periods' note that more than one may hold
MAYBE_ALL = re.compile(
    rf"\s*\(\s*(?:(?:it|this|that)\s+)?(?:(?:could|may|might|can)\s+(?:be|have\s+been)|possibly|maybe|perhaps|"
    rf"or\s+possibly|or\s+maybe)\s+{_ALL}\s*[.!]?\s*\)",
    re.IGNORECASE,
)
_UNIT_WORD = {Granularity.YEAR: "year", Granularity.MONTH: "month", Granularity.DAY: "date"}


def _next(span: TimeSpan) -> TimeSpan | None:
    """The period right after ``span``, at its granularity."""
    if span.end is None:
        return None
    return TimeSpan(span.end + timedelta(days=1), span.end + timedelta(days=1), Granularity.DAY).at(span.granularity)


def offered_periods(text: str) -> str:
    """``text`` with a choice between three or more years, or two or more months or days, said as one window and a
    request for the unit; unchanged when it offers no such choice. Raises ``UnreadablePair`` for periods not in a
    row."""
    frame = _WAS_IT.match(text)
    times = [t for t in find_time_expressions(text) if t.span is not None]
    run = None
    if frame is not None:
        # "Was it (in) <periods> that ...": the periods right after the frame; "Was it Japan that China visited in
        # March or April 2014?" asks about Japan
        run = _options(text, times, frame.end())
        if run is not None and _FRAME_GAP.match(text[frame.end() : run[0].phrase_start]) is None:
            run = None
    elif YES_NO.match(text) is not None:
        run = _options(text, times, 0)
        # "Did China or Russia visit Japan in March or April 2014?": the choice offered is another one
        if run is not None and re.search(r"\bor\b", text[: run[0].phrase_start], re.IGNORECASE):
            run = None
    if run is None:
        return text
    first, last, spans = run
    unit = spans[0].granularity
    if unit is Granularity.YEAR and len(spans) == 2:
        return text  # two years: ``window_edges._year_or``'s
    for a, b in itertools.pairwise(spans):
        following = _next(a)
        if following is None or (following.start, following.end) != (b.start, b.end):
            said = text[first.phrase_start : last.end]
            raise UnreadablePair(
                f"cannot read {text!r}: it offers periods that are not in a row ({said!r}); a window from the first "
                "to the last would take in the periods between them; ask about each period on its own"
            )
    start_label, end_label = spans[0].label(), spans[-1].label()
    rest = close_choice(text[last.end :], _UNIT_WORD[unit])
    return f"{text[: first.phrase_start]}between {start_label} and {end_label}{rest}"


def drop_or_all(rest: str) -> str:
    """``rest`` (the words after the offered periods) without the options' own closing words ("(or both)", ", or all
    three,"), which the window says already."""
    closing = OR_ALL.match(rest)
    if closing is None:
        return rest
    rest = rest[closing.end() :]
    return " " + rest if rest[:1].isalnum() else rest


def close_choice(rest: str, unit: str) -> str:
    """``rest`` (the words after the offered periods) closing a choice between them: without "(or both)", a "when"
    clause said as "that" (the event asked about, not an anchor), and a request for every offered ``unit`` that holds
    the event ("Give the month(s).")."""
    rest = _WHEN_CLAUSE.sub(" that ", drop_or_all(rest), count=1)
    rest = MAYBE_ALL.sub("", REQUEST_OR_ALL.sub(lambda r: f"{r.group('req')}(s)", rest, count=1))
    if unit_request(rest.lower()) is None:
        rest = rest.rstrip() + f" Give the {unit}(s)."
    return rest


def _options(
    text: str, times: list[TimeExpression], start: int
) -> tuple[TimeExpression, TimeExpression, list[TimeSpan]] | None:
    """The first run, starting at or after ``start``, of two or more periods joined by commas and "or" (the last join
    an "or"), all whole periods of one granularity (year, month or day) as ``times`` reads them; None when there is
    none."""
    i = 0
    while i < len(times):
        run = [times[i]]
        while i + len(run) < len(times) and _JOIN.match(text[run[-1].end : times[i + len(run)].phrase_start]):
            run.append(times[i + len(run)])
        joins = [text[a.end : b.phrase_start] for a, b in itertools.pairwise(run)]
        if len(run) >= 2 and run[0].phrase_start >= start and re.search(r"\bor\b", joins[-1], re.IGNORECASE):
            spans = _same_unit([t.span for t in run if t.span is not None])
            if spans is not None:
                return run[0], run[-1], spans
        i += len(run)
    return None


def _same_unit(spans: list[TimeSpan]) -> list[TimeSpan] | None:
    """The spans, when each is one whole period of one granularity (year, month or day), else None."""
    unit = spans[-1].granularity
    if unit not in _UNIT_WORD or any(s.granularity is not unit or s.start is None for s in spans):
        return None
    for s in spans:
        assert s.start is not None
        whole = TimeSpan(s.start, s.start, Granularity.DAY).at(unit)
        if (whole.start, whole.end) != (s.start, s.end):
            return None
    return spans
