"""A week stated by its days after a statement: "X negotiated with Y on 21 January 2015. Who else did so that week
(Monday 19 January to Sunday 25 January 2015)?". The days say the window, so the question is said as "... Who else
did so from 19 January 2015 to 25 January 2015 that same year?", which the statement fold reads as "In the same year
that X negotiated with Y on 21 January 2015, who else did so from ... to ...?" (the year holds the week). Left as
written (the reader abstains) where the days are not one range of at most 7 days, or where the statement's own day
falls outside it. A Monday-to-Sunday week that crosses a new year around the statement's day is said as "that same
week" (its days are that day's week); another range across a new year is left as written.

A week stated by its days in the question's own window ("in the week running from Monday 1 September 2014 to Sunday
7 September 2014", "during the week of 1-7 September 2014", "the week that ran from D1 to D2") is the range of its
days ("from D1 to D2"): "running" was read as an anchor's clause, "the week of" as words that could change the window.
A range of more than seven days, or one the time reader leaves unread, is left as written (the reader abstains).

The week's days may leave out their year ("that same week (Monday 2 March to Sunday 8 March)"): the statement's year
is theirs (a statement with no year, or one whose day is not in the week, still abstains). "Within the week that
began that day (through 25 January 2015)" after a statement of one day D is the seven days D..D+6 ("the 3 days
starting that day": D..D+2); an end said that is not that day abstains. "The same calendar week (Monday to Sunday)
in which X ..." is the anchor's calendar week ("the same week"), which is Monday to Sunday already."""

from __future__ import annotations

import re
from datetime import date, timedelta

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.lexicon import NUMBER_WORDS
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.question.weekdays import weekdays
from tkgrag.temporal import MONTH_NAMES, Granularity, TimeSpan, day_words

_WEEK = re.compile(
    r"\s*\b(?:(?:in|during|within|over)\s+)?(?:that|the|this)(?:\s+(?:very|same))*\s+week\s*"
    r"(?:\(\s*(?:(?:from|between)\s+)?(?P<days>[^()]{6,60}?)\s*\)|(?:[,:\u2013\u2014]\s*(?:(?:from|between)\s+)?|"
    r"\s+(?:from|between)\s+)(?P<days2>[^()?]{6,60}?))(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
_DID_IT = re.compile(r"\b(?P<do>did|do|does|done)\s+(?:it|that|this)\b", re.IGNORECASE)
# the second sentence may open with the statement's subject set apart: "Apart from X, who ...?"
_SENTENCE_END = re.compile(
    r"(?:[.;]|\s[-\u2013\u2014]|\u2014)\s*(?=(?:(?:apart|aside)\s+from|besides|other\s+than|except(?:\s+for)?)?"
    r"[^,.;?]{0,80}?,?\s*(?:who|whom|which|what)\b)",
    re.IGNORECASE,
)
# "Who else did so that month (May 2015)?", "that same year (2015)", "that day (17 December 2014)": a bracket that
# restates the statement's day, month or year (one that names another abstains: which is meant is unsaid)
_PERIOD_SAID = re.compile(
    r"(?P<head>\b(?:that|the\s+same|this)(?:\s+(?:very|same))*\s+(?P<unit>day|week|month|year))\s*\(\s*(?:(?:i\.\s?e\.|that\s+is|"
    r"namely)\s*,?\s*)?(?P<said>[^()]{4,30}?)\s*\)",
    re.IGNORECASE,
)


_APART = re.compile(
    r"(?:(?:apart|aside)\s+from|besides|other\s+than|except(?:\s+for)?)\s+(?P<x>[^,.;?]{2,80}?)\s*,\s*"
    r"(?:(?P<who>who|whom)|(?P<wh>which|what)(?P<noun>\s+(?!did|do|does|was|were|had|has|have)[a-z]+))\b",
    re.IGNORECASE,
)


_WEEK_OF = re.compile(
    r"^(?:i\.\s?e\.\s*,?\s*|that\s+is\s*,?\s*)?(?:the\s+)?(?:calendar\s+)?week\s+(?P<how>of|beginning|starting|commencing)"
    r"(?:\s+on)?\s+(?P<d>[^()]{5,30})$",
    re.IGNORECASE,
)


def _apart_from(question: str, stop: re.Match[str]) -> str:
    """ "X did R on D. Apart from X, who did R in that week (...)?" -> "... Who else did R in that week (...)?":
    the statement's subject set apart is the "else" the fold reads (read as a subject, X bound the answer)."""
    m = _APART.match(question, stop.end())
    if m is None:
        return question
    x = re.sub(r"^the\s+", "", m.group("x").strip().lower())
    if not re.sub(r"^the\s+", "", question[: stop.start()].lstrip().lower()).startswith(x):
        return question
    wh = m.group("who") or m.group("wh")
    wh = wh[:1].upper() + wh[1:].lower()
    said = f"{wh} other{m.group('noun')}" if m.group("noun") else f"{wh} else"
    return question[: m.start()] + said + question[m.end() :]


def _period_said(question: str, stop: re.Match[str]) -> str:
    """The bracket after "that day / month / year" checked against the statement's time and dropped (the fold reads
    the period). A week's bracket that names a month or a year abstains (one that states days is the week reader's
    below), and a bracket that is no bare time ("that day (through D)") is left to the readers below."""
    m = _PERIOD_SAID.search(question, stop.end())
    if m is None:
        return question
    stated = [t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None]
    said = m.group("said").strip()
    year = _statement_year(stated)
    if not re.search(r"\d{4}", said) and year is not None:  # "that day (17 December)": the statement's year
        said = _with_year(said, year)
    found = find_time_expressions(said)
    bare = len(found) == 1 and found[0].span is not None and found[0].phrase_start == 0 and not found[0].relation
    span = found[0].span if bare and found[0].end - found[0].start >= len(said) else None
    unit = m.group("unit").lower()
    if unit == "week":
        if span is not None and span.granularity is not Granularity.DAY:  # "that week (December 2014)"
            raise UnreadablePair(
                f"cannot read {question!r}: the bracket ({m.group('said')}) does not state the week's days"
            )
        return question  # "that week (Monday D1 to Sunday D2)", "(the week of D)": checked below
    if unit == "day" and not bare:
        return question  # "within the week that began that day (through D)": the end of a window, read below
    if (
        span is None
        or span.granularity is not Granularity(unit)
        or not stated
        or any(s.start is None or s.end is None or s.start < span.start or s.end > span.end for s in stated)  # type: ignore[operator]
    ):
        raise UnreadablePair(
            f"cannot read {question!r}: the bracket ({m.group('said')}) is not the {unit} of the first sentence's time"
        )
    return question[: m.start()] + m.group("head") + question[m.end() :]


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


_MONTH = "|".join(MONTH_NAMES)
# a day of a month with no year after it: "2 March", "the 7th of May" / "March 2", "May 7th" (the year is added)
_DAY_FIRST = re.compile(
    rf"\b(\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH}))\b(?!\s*,?\s*\d{{4}})(?!\s+\d)", re.IGNORECASE
)
_MONTH_FIRST = re.compile(rf"\b((?:{_MONTH})\s+\d{{1,2}}(?:st|nd|rd|th)?)\b(?!\s*,?\s*\d{{4}})", re.IGNORECASE)


def _with_year(days: str, year: int) -> str:
    """ "Monday 2 March to Sunday 8 March" -> "Monday 2 March 2015 to Sunday 8 March 2015" (days without a year)."""
    days = _DAY_FIRST.sub(rf"\1 {year}", days)
    return _MONTH_FIRST.sub(rf"\1 {year}", days)  # no comma: a clause ends at one


def _days(text: str) -> tuple[date, date] | None:
    """The first and last day of ``text`` read as one range of days, or as two days joined by "to" ("Monday D1 to
    Sunday D2", each weekday checked by the time reader); None when it reads otherwise or leaves a word unread."""
    text = weekdays(text)
    found = find_time_expressions(text)
    if not found or len(found) > 2:
        return None
    if any(t.unread or t.span is None or t.span.granularity is not Granularity.DAY for t in found):
        return None
    if len(found) == 2 and not _JOIN.fullmatch(text[found[0].end : found[1].phrase_start]):
        return None
    first, last = found[0].span, found[-1].span
    if first is None or last is None or first.start is None or last.end is None:
        return None
    return first.start, last.end


_JOIN = re.compile(r"\s*(?:to|until|till|through|thru|and|-|\u2013)\s*", re.IGNORECASE)


_ELSE = re.compile(r"\b(?:else|other|others)\b", re.IGNORECASE)
_ORDER = re.compile(r"\b(?:next|before|after|earlier|later|previous|first|last|then)\b", re.IGNORECASE)


def _range_week(question: str, after: int = -1) -> str:
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
        asked = question[after : m.start()] if 0 <= after <= m.start() else ""
        if _ELSE.search(asked) and not _ORDER.search(asked):  # "Who else did so in the week of D1 to D2?" after a
            said += " that same year"  # statement: "that same year" folds it as the anchor (see ``_WEEK``)
        return question[: m.start()] + said + rest[found[0].end :]
    return question


# "the same calendar week (Monday to Sunday) in which X ...": the anchor's calendar week, Monday to Sunday already
_CALENDAR_WEEK = re.compile(
    r"\bsame\s+(?:calendar\s+week(?:\s*\(\s*(?:from\s+)?mondays?\s+(?:to|through|thru|-|\u2013)\s+sundays?\s*\)|(?!\s*\())|"
    r"week\s*\(\s*(?:from\s+)?mondays?\s+(?:to|through|thru|-|\u2013)\s+sundays?\s*\))",
    re.IGNORECASE,
)
# "... on D. Who else did so within the week that began that day (through D+6)?": the days from the statement's day
_FROM_THAT_DAY = re.compile(
    r"\s*\b(?:(?:in|during|within|over|across)\s+)?the\s+(?:(?P<n>\w+)\s+days?|(?P<week>week))\s+(?:(?:that|which)\s+)?"
    r"(?:began|begins|started|starts|starting|beginning|commencing|commenced|opened|from)\s+(?:on\s+|with\s+)?"
    r"(?:that|the|this)(?:\s+(?:very|same))*\s+(?:day|date)(?:\s*\(\s*(?P<end>[^()]{4,50}?)\s*\)|\s*,?\s*(?P<end2>"
    r"(?:through|thru|to|until|till|up\s+to|ending)\b[^,?()]{4,50}?))?(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
_END_WORD = re.compile(
    r"^(?:(?:running\s+|lasting\s+)?(?:through|thru|to|until|till|up\s+to(?:\s+and\s+including)?)|ending(?:\s+on)?|"
    r"ended\s+on)\s+(?P<d>.+)$",
    re.IGNORECASE,
)


def _statement_year(stated: list[TimeSpan]) -> int | None:
    years = {d.year for s in stated for d in (s.start, s.end) if d is not None}
    return years.pop() if len(years) == 1 else None


def _from_that_day(question: str, stop: re.Match[str], stated: list[TimeSpan]) -> str:
    """ "X did R on D. Who else did so within the week that began that day (through D+6)?" -> "... from D to D+6 that
    same year"; an end said that is not that day, or a statement that is not one day, cannot be read."""
    m = _FROM_THAT_DAY.search(question, stop.end())
    if m is None:
        return question
    count = (
        7
        if m.group("week")
        else NUMBER_WORDS.get(m.group("n").lower(), int(m.group("n")) if m.group("n").isdigit() else 0)
    )
    day = stated[0].start if len(stated) == 1 and stated[0].granularity is Granularity.DAY else None
    if day is None or not 1 < count <= 31:
        raise UnreadablePair(f"cannot read {question!r}: the day the window begins on is not one stated day")
    last = day + timedelta(days=count - 1)
    said_end = m.group("end") or m.group("end2")
    if said_end is not None:
        edge = _END_WORD.match(said_end.strip())
        read = _days(_with_year(edge.group("d"), day.year)) if edge is not None else None
        if read is None or read[0] != read[1] or read[0] != last:
            raise UnreadablePair(f"cannot read {question!r}: the window's end ({said_end}) is not {count} days on")
    if last.year != day.year:  # "that same year" holds no window into the next year
        raise UnreadablePair(f"cannot read {question!r}: the window from that day runs into the next year")
    said = f" from {day_words(day)} to {day_words(last)} that same year"
    asked = _DID_IT.sub(r"\g<do> so", question[stop.end() : m.start()])
    return question[: stop.end()] + asked + said + question[m.end() :]


# "X did R on D. Anyone else do that the same week (...)?", "Did anybody else do so that month?": the second sentence
# asked as a yes/no question is the "Who else did ..." the statement fold reads ("Anyone" was read as an entity)
_ANYONE_ELSE = re.compile(
    r"(?<=[.;])(?P<sp>\s+)(?:(?:did|has|had)\s+)?(?:any(?:one|body)|any\s+others?)\s+else\s+(?:do|did|done)\b"
    r"(?=\s+(?:that|so|the\s+same|likewise|it)\b)",
    re.IGNORECASE,
)


def stated_week(question: str) -> str:
    """``question`` with "that week (D1 to D2)" said as "from D1 to D2 that same year", and "in the week running from
    D1 to D2" as "from D1 to D2"; unchanged otherwise."""
    question = _ANYONE_ELSE.sub(lambda m: f"{m.group('sp')}Who else did", question)
    stop = _SENTENCE_END.search(question)
    if stop is not None:
        question = _period_said(_apart_from(question, stop), stop)
    if stop is not None and not re.search(r"\d{4}", question[stop.end() :]):
        # "X did R on 3 March 2015. Who else did so in the week of 2 to 8 March?": the statement's one year
        year = _statement_year([t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None])
        if year is not None:
            question = question[: stop.end()] + weekdays(_with_year(question[stop.end() :], year))
    question = _CALENDAR_WEEK.sub("same week", _range_week(question, stop.end() if stop is not None else -1))
    m = _WEEK.search(question)
    stop = _SENTENCE_END.search(question)
    if stop is None:
        return question
    if m is None or stop.start() > m.start():
        stated = [t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None]
        return _from_that_day(question, stop, stated)
    said_days = m.group("days") or m.group("days2")
    days = said_days
    week_of = _WEEK_OF.match(days)
    if week_of is not None:
        # "that week (the week of 18 May 2015)": the calendar week of that day ("beginning D": D and six more)
        one = find_time_expressions(week_of.group("d"))
        if len(one) == 1 and one[0].span is not None and one[0].span.granularity is Granularity.DAY:
            day = one[0].span.start
            if day is not None:
                monday = day if week_of.group("how").lower() != "of" else day - timedelta(days=day.weekday())
                days = f"{day_words(monday)} to {day_words(monday + timedelta(days=6))}"
    if not re.search(r"\d{4}", days):  # "Monday 2 March to Sunday 8 March": the statement's year
        year = _statement_year([t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None])
        read = _days(_with_year(days, year)) if year is not None else None
        if read is not None:
            days = f"{day_words(read[0])} to {day_words(read[1])}"
    found = find_time_expressions(days)
    if len(found) != 1 or found[0].span is None or found[0].span.granularity is not Granularity.DAY:
        return question
    first, last = found[0].span.start, found[0].span.end
    if first is None or last is None or found[0].unread or not 0 <= (last - first).days <= 6:
        raise UnreadablePair(
            f"cannot read {question!r}: the week's days ({said_days}) do not read as one week (a weekday "
            "that is not its date's, or more than seven days)"
        )
    stated = [t.span for t in find_time_expressions(question[: stop.start()]) if t.span is not None]
    if first.year != last.year:
        # "that week (Monday 29 December 2014 to Sunday 4 January 2015)": "that same year" cannot hold it; a
        # Monday-to-Sunday week around the statement's day is that day's week, which the fold reads ("In the same
        # week that X did R on D, ..."); any other range across a new year is left (the reader abstains)
        if first.weekday() != 0 or (last - first).days != 6 or not stated:
            return question
        if any(s.start is None or s.end is None or s.start < first or s.end > last for s in stated):
            return question
        asked = _DID_IT.sub(r"\g<do> so", question[stop.end() : m.start()])
        return question[: stop.end()] + asked + " that same week" + question[m.end() :]
    if any(s.start is None or s.end is None or s.start < first or s.end > last for s in stated):
        raise UnreadablePair(
            f"cannot read {question!r}: the statement's own time is not in the week it states ({said_days})"
        )
    said = f" from {day_words(first)} to {day_words(last)} that same year"
    # "did that/it" is a pro-form only at the end of the question; "did so" anywhere
    asked = _DID_IT.sub(r"\g<do> so", question[stop.end() : m.start()])
    return question[: stop.end()] + asked + said + question[m.end() :]
