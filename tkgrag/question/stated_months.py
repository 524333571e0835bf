"""A season or part of a year with its months stated beside it: "the spring of 2014 (March, April and May)", "the autumn
of 2014 (September, October and November)", "(that is, June, July and August)", "Q2 2014, meaning April to June". The
months say the window, whatever the season would mean elsewhere: the phrase is said as "March 2014 to May 2014"; a
quarter or half whose stated months are not its own ("Q2 2014, meaning May to June") abstains. Months that do not
follow one another, or a season that crosses the new year ("winter of 2014 (December, January and February)"), are
left as written (which year's December is meant is unsaid). A season said across two years with its months in
brackets ("the winter of 2014-15 (December 2014 to February 2015)", "(December to February)") is the bracket's
months, the first in the first year where the bracket names no year; years that disagree with the stated ones are
left as written."""

from __future__ import annotations

import re
from itertools import pairwise

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.lexicon import MONTHS
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, TimeSpan

_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october")
_MONTH = r"(?:" + "|".join((*_NAMES, "november", "december")) + r")\b"
_STATED = re.compile(
    r"\b(?:(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?(?:spring|summer|autumn|fall|winter|(?:first|second|third|fourth|last)"
    r"\s+(?:quarter|half|third))\s+(?:of\s+)?(?:the\s+year\s+)?|Q[1-4]\s+)(?P<y>\d{4})\s*\(\s*(?:"
    r"(?:that\s+is|i\.\s?e\.|ie|namely|meaning|in\s+other\s+words|viz\.?)\s*[,:]?\s*(?:the\s+months(?:\s+of)?\s+)?"
    r"|(?:the\s+)?months(?:\s+of)?\s+)?(?P<months>"
    + _MONTH
    + r"(?:\s*(?:,|,?\s*and|to|through|until|-|–)\s*"
    + _MONTH
    + r")+)\s*\)",
    re.IGNORECASE,
)
_ONE = re.compile(_MONTH, re.IGNORECASE)
_RANGE_WORD = re.compile(r"\b(?:to|through|until)\b|[-–]", re.IGNORECASE)


# "in the spring of 2014, that is, March, April and May, ...": the gloss said with commas (its lead-in words needed)
_STATED_SAID = re.compile(
    r"\b(?:(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?(?:spring|summer|autumn|fall|winter|(?:first|second|third|fourth|last)"
    r"\s+(?:quarter|half|third))\s+(?:of\s+)?(?:the\s+year\s+)?|Q[1-4]\s+)(?P<y>\d{4})\s*(?:,|:|\s[-–—])\s*(?:that\s+is|i\.\s?e\.|"
    r"namely|meaning|in\s+other\s+words)\s*[,:]?\s*(?:the\s+months(?:\s+of)?\s+)?(?P<months>"
    + _MONTH
    + r"(?:\s*(?:,|,?\s*and|to|through|until|-|–)\s*"
    + _MONTH
    + r")+)(?=\s*(?:[,?.!;)]|[-–—]\s|$))\s*(?:,|[-–—](?=\s))?",
    re.IGNORECASE,
)


_PART = re.compile(r"\b(?:(?P<q>first|second|third|fourth|last)\s+(?P<u>quarter|half)|q(?P<n>[1-4]))\b", re.IGNORECASE)
_PART_NUMBER = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def _own_months(said: str) -> tuple[int, int] | None:
    """The first and last month of the quarter or half ``said`` names ("Q2", "the second half"); None for a season
    or a third (or "the last quarter": as written)."""
    part = _PART.search(said)
    if part is None:
        return None
    if part.group("n"):
        n, size = int(part.group("n")), 3
    elif part.group("q").lower() in _PART_NUMBER:
        size = 3 if part.group("u").lower() == "quarter" else 6
        n = _PART_NUMBER[part.group("q").lower()]
        if n * size > 12:
            return None
    else:
        return None
    return (n - 1) * size + 1, n * size


def _said(m: re.Match[str]) -> str:
    names = _ONE.findall(m.group("months"))
    nums = [MONTHS[n.lower()] for n in names]
    own = _own_months(m.group(0)[: m.start("y") - m.start()])
    if own is not None and (nums[0], nums[-1]) != own:
        raise UnreadablePair(f'the months stated in "{m.group(0).strip()}" are not its own: which are meant is unsaid')
    ranged = _RANGE_WORD.search(m.group("months")) is not None
    if ranged and len(nums) == 2 and nums[0] < nums[1]:
        pass  # "(April through June)": the two ends
    elif ranged or any(b != a + 1 for a, b in pairwise(nums)):
        return m.group(0)
    tail = "," if m.group(0).rstrip().endswith((",", "-", "–", "—")) else ""
    return f"{names[0]} {m.group('y')} to {names[-1]} {m.group('y')}{tail}"


def stated_months(question: str) -> str:
    """``question`` with "<season> of YYYY (M1, M2 and M3)" said as "M1 YYYY to M3 YYYY"; unchanged otherwise."""
    return across_years(_STATED_SAID.sub(_said, _STATED.sub(_said, question)))


# "the winter of 2014-15 (December 2014 to February 2015)", "the 2014/2015 winter (December to February)"
_SEASON = r"(?:(?:early|late|mid)[\s-]+)?(?:spring|summer|autumn|fall|winter)(?:\s+(?:season|months|period))?"
_YEARS = r"(?P<{a}>\d{{4}})(?:\s*(?:-|–|/|to)\s*(?P<{b}>\d{{4}}|\d{{2}}))?"
_ACROSS = re.compile(
    r"\b(?:the\s+)?(?:"
    + _SEASON
    + r"\s+(?:of\s+)?"
    + _YEARS.format(a="y1", b="y2")
    + r"|"
    + _YEARS.format(a="z1", b="z2")
    + r"\s+"
    + _SEASON
    + r")"
    r"\s*\(\s*(?P<b>[^()]{5,50}?)\s*\)",
    re.IGNORECASE,
)
_TWO = re.compile(r"^(?P<m1>" + _MONTH + r")\s*(?:to|through|until|-|–)\s*(?P<m2>" + _MONTH + r")$", re.IGNORECASE)


def _unsaid(m: re.Match[str]) -> str:
    """A season with months and years in brackets that name no one window, or other years than the stated ones: the
    question is not read (the reader abstains) rather than answered for the stated year alone."""
    if _ONE.search(m.group("b")) is None or re.search(r"\b\d{4}\b", m.group("b")) is None:
        return m.group(0)  # "the summer of 2014 (the World Cup)", "(December, January and February)": as written
    raise UnreadablePair(
        f'the season and the months in brackets in "{m.group(0).strip()}" do not say one window: which months are '
        "meant is unsaid"
    )


def _months_said(bracket: str) -> TimeSpan | None:
    """The span of ``bracket`` when all of it is one range of months with their years ("December 2014 to February
    2015")."""
    found = find_time_expressions(bracket)
    if len(found) != 1 or found[0].end != len(bracket) or found[0].span is None:
        return None
    span = found[0].span
    if span.start is None or span.end is None or span.granularity is not Granularity.MONTH or span.start == span.end:
        return None
    return span


def one_year(m: re.Match[str], year: int) -> str:
    """ "the winter of 2014 (December 2014 to February 2015)": the bracket's months when they name their years and
    the stated year is one of them; otherwise as written (which winter is meant stays unsaid)."""
    span = _months_said(" ".join(m.group("b").split()))
    if span is None or span.start is None or span.end is None:
        return _unsaid(m)
    years = {span.start.year, span.end.year}
    if year not in years or not years <= {year - 1, year, year + 1}:
        return _unsaid(m)
    return " ".join(m.group("b").split())


def across_years(question: str) -> str:
    """``question`` with "<season> of Y1-Y2 (M1 [Y1] to M2 [Y2])" said as "M1 Y1 to M2 Y2"; unchanged otherwise."""

    def said(m: re.Match[str]) -> str:
        y1 = int(m.group("y1") or m.group("z1"))
        y2_text = m.group("y2") or m.group("z2")
        if y2_text is None:
            return one_year(m, y1)
        y2 = int(y2_text) if len(y2_text) == 4 else (y1 // 100) * 100 + int(y2_text)
        if y2 != y1 + 1:
            return _unsaid(m)
        bracket = " ".join(m.group("b").split())
        two = _TWO.match(bracket)
        if two is not None:
            m1, m2 = MONTHS[two.group("m1").lower()], MONTHS[two.group("m2").lower()]
            if m1 <= m2:
                return _unsaid(m)
            return f"{two.group('m1')} {y1} to {two.group('m2')} {y2}"
        found = find_time_expressions(bracket)
        if len(found) != 1 or found[0].end != len(bracket) or found[0].span is None:
            return _unsaid(m)
        span = found[0].span
        if (
            span.start is None
            or span.end is None
            or span.granularity is not Granularity.MONTH
            or {span.start.year, span.end.year} - {y1, y2}
            or span.start == span.end
        ):
            return _unsaid(m)
        return bracket

    return _ACROSS.sub(said, question)
