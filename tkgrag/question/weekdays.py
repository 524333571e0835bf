"""A weekday said before a date: "from Monday 23 March 2015 to 2015-04-01", "to Wednesday 19 February 2014". The date
says the day, so a weekday that agrees with it is dropped (before a range's edge it kept the two edges from being read
as one range). One that does not agree stays: the time reader leaves that day unread and the reader abstains. A
weekday said after its day ("19 February 2014 (a Wednesday)", "19 February 2014, a Tuesday,") is moved before it
first, to be read the same way."""

from __future__ import annotations

import re

from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import WEEKDAY_NAMES, Granularity

_WEEKDAY = re.compile(
    r"(?<![\w'’-])(?P<wd>(?:mon|tues|wednes|thurs|fri|satur|sun)day),?\s+(?=(?:the\s+)?\d|[A-Z][a-z]+\.?\s+\d)",
    re.IGNORECASE,
)


def _day_after(text: str, pos: int) -> int | None:
    """The weekday (0 = Monday) of the day the text from ``pos`` opens with, where it opens with a day."""
    found = find_time_expressions(text[pos:])
    if not found or found[0].phrase_start != 0 or found[0].span is None or found[0].span.start is None:
        return None
    if found[0].span.granularity is not Granularity.DAY:
        return None
    return found[0].span.start.weekday()


# "on 19 February 2014 (a Wednesday)", "on 19 February 2014, a Wednesday,": the weekday after its day
_AFTER = re.compile(
    r"\s*(?:\(\s*(?:on\s+)?(?:a\s+)?(?P<wd>(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*\)"
    r"|,\s*(?:which\s+was\s+)?a\s+(?P<wd2>(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)",
    re.IGNORECASE,
)


def _weekday_first(question: str) -> str:
    """A weekday said after its day moved before it ("on Wednesday 19 February 2014"), where the time reader checks
    it; unchanged where no day ends right before it."""
    for m in _AFTER.finditer(question):
        head = question[: m.start()]
        found = [t for t in find_time_expressions(head) if t.end == len(head)]
        if not found or found[0].span is None or found[0].span.granularity is not Granularity.DAY:
            continue
        t = found[0]
        word = m.group("wd") or m.group("wd2")
        return question[: t.start] + f"{word} " + question[t.start : m.start()] + question[m.end() :]
    return question


def weekdays(question: str) -> str:
    """``question`` without the weekdays that agree with the date right after them; the others are left as said."""
    question = _weekday_first(question)
    out, last = [], 0
    for m in _WEEKDAY.finditer(question):
        day = _day_after(question, m.end())
        if day is not None and WEEKDAY_NAMES[day].lower() == m.group("wd").lower():
            out.append(question[last : m.start()])
            last = m.end()
    return "".join(out) + question[last:] if out else question
