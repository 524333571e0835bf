"""Dates written in passage text, as ``TimeSpan``s: what MRAG-style retrievers filter passages by.

Deliberately a small set of regular expressions, not a temporal tagger: it finds the explicit forms that Wikipedia
prose (TimeQA, MenatQA) uses, most specific first, so ``22 July 1965`` is one day and not also the year 1965.

Forms, in the order they are tried at each position:
  ``2014-05-06`` (day) | ``22 July 1965`` / ``22nd Jul. 1965`` (day) | ``July 22, 1965`` / ``December 22 , 1965`` (day)
  | ``July 1965`` / ``Feb 2016`` (month) | ``1916-1920`` / ``1916–20`` / ``2006–07`` (year range)
  | ``2014-05`` (month, only when the second number is 01..12 and not larger than the year's last two digits)
  | ``1990s`` (decade, as a year range) | ``1794`` (year, 1000..2100 only, so house numbers like 3017 are not years).

``2006–07`` reads as the seasons 2006..2007, not July 2006: in prose a ``YYYY-YY`` pair whose second part exceeds the
first year's last two digits is a season or term far more often than an ISO month. Month names are matched only
capitalised ("May 2014", not "may 2014") because lower-case "may"/"march" are usually verbs.
"""

from __future__ import annotations

import re
from datetime import date

from tkgrag.temporal import Granularity, TimeSpan, period_bounds

_MONTHS = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_MONTH_ALT = "|".join(sorted((m.capitalize() for m in _MONTHS), key=len, reverse=True))
_MON = rf"(?:{_MONTH_ALT})\b\.?"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR_MIN, _YEAR_MAX = 1000, 2100

_PATTERN = re.compile(
    rf"""
    (?P<iso_day>\b(?P<id_y>\d{{4}})-(?P<id_m>\d{{2}})-(?P<id_d>\d{{2}})\b)
  | (?P<dmy>\b(?P<dmy_d>\d{{1,2}}){_ORD}\s+(?P<dmy_m>{_MON})\s*,?\s*(?P<dmy_y>\d{{4}})\b)
  | (?P<mdy>\b(?P<mdy_m>{_MON})\s+(?P<mdy_d>\d{{1,2}}){_ORD}\s*,?\s*(?P<mdy_y>\d{{4}})\b)
  | (?P<my>\b(?P<my_m>{_MON})\s*,?\s+(?P<my_y>\d{{4}})\b)
  | (?P<range>\b(?P<r_a>\d{{4}})\s*[-–—]\s*(?P<r_b>\d{{4}}|\d{{2}})\b)
  | (?P<decade>\b(?P<dec>\d{{3}}0)s\b)
  | (?P<year>\b(?P<y>\d{{4}})\b)
    """,
    re.VERBOSE,
)


def _year_ok(y: int) -> bool:
    return _YEAR_MIN <= y <= _YEAR_MAX


def _day(y: str, m: int, d: str) -> TimeSpan | None:
    if not _year_ok(int(y)):
        return None
    try:
        return TimeSpan.day(date(int(y), m, int(d)))
    except ValueError:  # "31 February 2001": the day is wrong, the month still stands
        return _month(int(y), m)


def _month(y: int, m: int) -> TimeSpan | None:
    if not _year_ok(y) or not 1 <= m <= 12:
        return None
    start, end, gran = period_bounds(y, m)
    return TimeSpan(start, end, gran)


def _years(a: int, b: int) -> TimeSpan:
    return TimeSpan(date(a, 1, 1), date(b, 12, 31), Granularity.YEAR)


def _month_no(name: str) -> int:
    return _MONTHS[name.rstrip(".").lower()]


def _spans(m: re.Match[str]) -> list[TimeSpan]:
    """The span(s) one match denotes; an implausible match gives fewer (or none)."""
    g = m.group
    if g("iso_day"):
        day = _day(g("id_y"), int(g("id_m")), g("id_d"))
        return [day] if day else []
    if g("dmy"):
        day = _day(g("dmy_y"), _month_no(g("dmy_m")), g("dmy_d"))
        return [day] if day else []
    if g("mdy"):
        day = _day(g("mdy_y"), _month_no(g("mdy_m")), g("mdy_d"))
        return [day] if day else []
    if g("my"):
        month = _month(int(g("my_y")), _month_no(g("my_m")))
        return [month] if month else []
    if g("range"):
        a, b_text = int(g("r_a")), g("r_b")
        if not _year_ok(a):
            return []
        if len(b_text) == 2:
            b2 = int(b_text)
            if b2 > a % 100:  # 2006–07: a season/term within the same century
                return [_years(a, a - a % 100 + b2)]
            month = _month(a, b2) if 1 <= b2 <= 12 else None  # 2014-05
            return [month] if month else [_years(a, a)]
        b = int(b_text)
        if _year_ok(b) and b >= a:
            return [_years(a, b)]
        return [_years(a, a)] + ([_years(b, b)] if _year_ok(b) else [])
    if g("decade"):
        d = int(g("dec"))
        return [_years(d, d + 9)] if _year_ok(d) else []
    y = int(g("y"))
    return [_years(y, y)] if _year_ok(y) else []


def extract_dates(text: str) -> list[TimeSpan]:
    """Distinct date mentions in ``text``, sorted by (start, end): e.g. ``"born on 22 July 1965 ... in 1984"`` ->
    ``[1965-07-22, 1984]``."""
    found: set[TimeSpan] = set()
    for m in _PATTERN.finditer(text):
        found.update(_spans(m))
    return sorted(found, key=lambda s: (s.start, s.end, s.granularity.rank))


def date_labels(spans: list[TimeSpan] | tuple[TimeSpan, ...]) -> list[str]:
    """How the spans are stored on ``Passage.dates``: their labels (``1965-07-22``, ``1984``, ``1916..1920``)."""
    return [s.label() for s in spans]


def date_bounds(spans: list[TimeSpan] | tuple[TimeSpan, ...]) -> tuple[date | None, date | None]:
    """Earliest start and latest end over the spans (``Passage.date_min`` / ``date_max``): the hull of the dates the
    passage mentions. An open bound stays open ("1916 onward" makes ``date_max`` null); None, None when there are no
    spans."""
    if not spans:
        return None, None
    lo = None if any(s.start is None for s in spans) else min(s.start for s in spans if s.start is not None)
    hi = None if any(s.end is None for s in spans) else max(s.end for s in spans if s.end is not None)
    return lo, hi


def date_mentions(text: str) -> list[tuple[int, int, TimeSpan]]:
    """Each date written in ``text`` with its character offsets, in text order (``"on 22 July 1965"`` -> ``[(3, 15,
    1965-07-22)]``); a range ("1916-1920") is one mention of its whole span. For readers that quote the date."""
    out: list[tuple[int, int, TimeSpan]] = []
    for m in _PATTERN.finditer(text):
        spans = _spans(m)
        if spans:
            whole = TimeSpan(spans[0].start, spans[-1].end, spans[0].granularity) if len(spans) > 1 else spans[0]
            out.append((m.start(), m.end(), whole))
    return out
