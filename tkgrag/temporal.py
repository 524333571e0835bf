"""Time as tkgrag models it: closed date intervals with a granularity, and Allen-style relations between them.

An ICEWS event on 2014-02-06 is the day interval [2014-02-06, 2014-02-06]; "May 2014" is [2014-05-01, 2014-05-31]
at month granularity; a Wikidata fact "from 2004 to 2005" is [2004-01-01, 2005-12-31] at year granularity.
Open ends are ``None``. Comparisons are interval-aware: a month-granular fact overlaps every day inside the month.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum


class Granularity(StrEnum):
    DAY = "day"
    MONTH = "month"
    YEAR = "year"

    @property
    def rank(self) -> int:
        return {"day": 0, "month": 1, "year": 2}[self.value]

    def coarser(self, other: Granularity) -> Granularity:
        return self if self.rank >= other.rank else other


# English month names, fixed: ``calendar.month_name`` follows the process locale, and questions and answers here are
# English whatever the locale.
MONTH_NAMES: tuple[str, ...] = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

# English weekday names, fixed like MONTH_NAMES; index = ``date.weekday()`` (0 = Monday).
WEEKDAY_NAMES: tuple[str, ...] = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def day_words(day: date) -> str:
    """A day in words ("5 June 2015"), as the question rewrites say the windows they compute: the time reader
    misreads an ISO day after "from" ("from 2015-04-02 to ...")."""
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


class TimeParseError(ValueError):
    """A time value that is not ISO ``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY`` (optionally signed, e.g. ``+2014``)."""


_ISO = re.compile(r"^\s*([+-]?\d{1,4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:T([\d:.Z+-]*))?\s*$")
# The time of day after "T" (Wikidata's "+2014-02-28T00:00:00Z"): only the day is kept, but a time that is not on
# the clock ("T25:00:00Z") means the value is wrong, not that it is the 28th.
_CLOCK = re.compile(r"^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$")


def _check_clock(clock: str, text: str) -> None:
    c = _CLOCK.match(clock)
    if c is None:
        raise TimeParseError(f"invalid time of day {clock!r} in {text!r} (expected hh:mm[:ss][Z|+hh:mm])")
    hour, minute, second = int(c.group(1)), int(c.group(2)), int(c.group(3) or 0)
    off_h, off_m = int(c.group(4) or 0), int(c.group(5) or 0)
    if hour > 23 or minute > 59 or second > 60 or off_h > 23 or off_m > 59:
        raise TimeParseError(f"invalid time of day {clock!r} in {text!r}: not on the clock")


def period_bounds(year: int, month: int | None = None, day: int | None = None) -> tuple[date, date, Granularity]:
    """First and last day of a year, month or day."""
    if month is None:
        return date(year, 1, 1), date(year, 12, 31), Granularity.YEAR
    if day is None:
        last = calendar.monthrange(year, month)[1]
        return date(year, month, 1), date(year, month, last), Granularity.MONTH
    d = date(year, month, day)
    return d, d, Granularity.DAY


@dataclass(frozen=True, order=True)
class TimeSpan:
    """Closed interval ``[start, end]`` of days, with the granularity it was stated at. ``None`` = open end."""

    start: date | None
    end: date | None
    granularity: Granularity = Granularity.DAY

    def __post_init__(self) -> None:
        if self.start is not None and self.end is not None and self.start > self.end:
            raise ValueError(f"time span starts after it ends: {self.start} > {self.end}")

    # -- construction ---------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> TimeSpan:
        """``2014-02-06`` (day), ``2014-02`` (month), ``2014`` (year). Wikidata's ``+2014-00-00`` style zeros mean
        an unknown month/day and give a coarser span."""
        m = _ISO.match(text)
        if not m:
            raise TimeParseError(f"not a date: {text!r} (expected YYYY-MM-DD, YYYY-MM or YYYY)")
        year = int(m.group(1))
        month = int(m.group(2)) if m.group(2) and int(m.group(2)) != 0 else None
        day = int(m.group(3)) if m.group(3) and int(m.group(3)) != 0 and month is not None else None
        if year <= 0:
            raise TimeParseError(f"year out of range in {text!r}")
        if m.group(4):  # a bare trailing "T" stays accepted, as before
            _check_clock(m.group(4), text)
        try:
            start, end, gran = period_bounds(year, month, day)
        except ValueError as exc:
            raise TimeParseError(f"invalid date {text!r}: {exc}") from None
        return cls(start, end, gran)

    @classmethod
    def between(cls, first: str | None, last: str | None) -> TimeSpan:
        """Span from the start of ``first`` to the end of ``last`` (either may be None for an open end)."""
        a = cls.parse(first) if first else None
        b = cls.parse(last) if last else None
        if a is None and b is None:
            raise TimeParseError("a time span needs at least one end")
        gran = (a or b).granularity if a is None or b is None else a.granularity.coarser(b.granularity)  # type: ignore[union-attr]
        return cls(a.start if a else None, b.end if b else None, gran)

    @classmethod
    def day(cls, d: date) -> TimeSpan:
        return cls(d, d, Granularity.DAY)

    # -- views ----------------------------------------------------------------------------------------------
    def label(self) -> str:
        """How the span reads at its own granularity: ``2014-02-06``, ``2014-02``, ``2014``, ``2004..2005``."""

        def fmt(d: date | None) -> str:
            if d is None:
                return "?"
            if self.granularity is Granularity.YEAR:
                return f"{d.year:04d}"
            if self.granularity is Granularity.MONTH:
                return f"{d.year:04d}-{d.month:02d}"
            return d.isoformat()

        a, b = fmt(self.start), fmt(self.end)
        return a if a == b else f"{a}..{b}"

    def at(self, granularity: Granularity) -> TimeSpan:
        """The same span widened to whole periods of ``granularity`` (a day in May -> all of May)."""
        if granularity.rank <= self.granularity.rank:
            return self
        s = (
            self.start
            and period_bounds(self.start.year, None if granularity is Granularity.YEAR else self.start.month)[0]
        )
        e = self.end and period_bounds(self.end.year, None if granularity is Granularity.YEAR else self.end.month)[1]
        return TimeSpan(s, e, granularity)

    # -- interval relations (closed intervals; open ends extend to -inf/+inf) -------------------------------
    def overlaps(self, other: TimeSpan) -> bool:
        return (self.start is None or other.end is None or self.start <= other.end) and (
            self.end is None or other.start is None or other.start <= self.end
        )

    def before(self, other: TimeSpan) -> bool:
        """Entirely before ``other`` begins."""
        return self.end is not None and other.start is not None and self.end < other.start

    def after(self, other: TimeSpan) -> bool:
        return other.before(self)

    def during(self, other: TimeSpan) -> bool:
        """Contained in ``other``."""
        starts_ok = other.start is None or (self.start is not None and other.start <= self.start)
        ends_ok = other.end is None or (self.end is not None and self.end <= other.end)
        return starts_ok and ends_ok
