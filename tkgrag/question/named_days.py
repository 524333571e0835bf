"""A named day with its date stated beside it: "on World AIDS Day 2014 (1 December)", "on Christmas Day (25 December
2014)", "on Bastille Day (14 July) 2015". The capitalised day name would join the entity name before it ("Antonis
Samaras on World AIDS Day"), and the date in brackets already says the day: the name is dropped for the date.
A day whose name has no "Day" in it ("on Halloween (31 October) 2014", "on Thanksgiving (27 November 2014)") is read
likewise after "on": the stated date decides, whatever the name would mean. Without a stated date the name stays (no
calendar of named days is guessed)."""

from __future__ import annotations

import re

from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import MONTH_NAMES, Granularity

_NAMED_DAY = re.compile(
    r"\b(?P<on>[Oo]n\s+)?(?:the\s+)?(?:[A-Z][\w'’.-]*\s+){0,4}(?:Day|Eve)\b(?:\s+(?P<year>\d{4}))?\s*"
    r"\((?P<date>[^()]{3,30})\)"
    # "on Bastille Day (14 July) 2015": the year after the bracket
    r"(?:(?(year)(?!)|\s+(?P<after>\d{4})\b))?"
)
# "on Halloween (31 October) 2014": any capitalised name after "on" with a date in brackets (not a weekday or month
# alone: "on Monday (5 May 2014)" keeps its weekday for the weekday check)
_ON_NAME = re.compile(
    r"\b(?P<on>[Oo]n\s+)(?:the\s+)?(?P<name>(?:[A-Z][\w'’.-]*\s+){0,3}[A-Z][\w'’.-]*)(?:\s+(?P<year>\d{4}))?\s*"
    r"\((?P<date>[^()]{3,30})\)"
    r"(?:(?(year)(?!)|\s+(?P<after>\d{4})\b))?"
)
_PLAIN = {
    *(n.lower() for n in MONTH_NAMES),
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
}


def named_days(question: str) -> str:
    """``question`` with "<Name> Day YYYY (D Month)" said as "D Month YYYY"; unchanged where the bracket is no day."""

    def said(m: re.Match[str]) -> str:
        date = " ".join(m.group("date").split())
        year = m.group("year") or m.group("after")
        if year and not re.search(r"\b\d{4}\b", date):
            date = f"{date} {year}"
        elif m.group("after"):
            return m.group(0)  # "(14 July 2015) 2016": two years, left as written
        found = find_time_expressions(date)
        ok = (
            len(found) == 1
            and found[0].span is not None
            and found[0].span.granularity is Granularity.DAY
            and found[0].start == 0
            and found[0].end == len(date)
            and (not year or str(found[0].span.start.year if found[0].span.start else "") == year)
        )
        return f"{m.group('on') or ''}{date}" if ok else m.group(0)

    def said_name(m: re.Match[str]) -> str:
        if m.group("name").lower() in _PLAIN:
            return m.group(0)
        return said(m)

    return _ON_NAME.sub(said_name, _NAMED_DAY.sub(said, question))
