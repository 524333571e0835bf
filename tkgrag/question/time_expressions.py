"""Explicit time expressions in questions, normalised to ``TimeSpan`` closed date intervals at their granularity.

A small grammar, not per-dataset templates. Recognised forms (case-insensitive):

- ISO and Wikidata style: ``2014-05-13``, ``2014-05``, ``2014/05/13``; zero parts mean unknown (``2011-0-0`` = 2011)
- numeric day-month-year: ``11-1-2016``, ``5/16/2007`` (US month-first unless the first number is > 12),
  ``17.05.2014`` (dotted: day-first)
- textual dates: ``13 May 2014``, ``13th of May, 2014``, ``the 12th of march, 1967``, ``May 13, 2014``,
  ``April 10th, 2007``, ``may second in the year 1250``; months in full or abbreviated (``Jan``, ``Sept.``)
- months: ``May 2014``, ``May, 2015``, ``July, the year of 2007``, ``march of 2009``; a month or day without a
  year (``in July``) is kept with ``span=None``
- years: ``2014``, ``in the year 1996``, ``the year of 2007``, ``800 AD``, ``AD 800``; BC years have ``span=None``
- a year by its neighbour: ``the year after 1810`` (1811), ``March of the year before 2009`` (March 2008)
- decades and centuries: ``the 1990s``, ``1990's``, ``the '90s``, ``the nineties``, ``the 19th century``
  (a century is the years ``n-1``00..``n-1``99, as people use it, not the astronomers' 01..00)
- quarters and halves: ``Q1 2014``, ``the first quarter of 2014``, ``the second half of 2014``
- ranges: ``between 2012 and 2018``, ``from 2004 to 2005``, ``1980 to 1981``, ``2007-2008``, ``2007–08``,
  ``from May to July 2014`` (the first end borrows the year of the second)
- a day or month without its year takes the question's one stated year: ``In 2015, before 13 January`` (13 January
  2015), ``in 2014, before June`` (June 2014)
- vague part qualifiers: ``early 2014``, ``mid-1990s``, ``late May 2014``, ``the end of 2014``.
  Decision: the span stays the WHOLE stated period and the qualifier is kept in ``modifier``. Where "early" ends is a
  guess; widening keeps every relevant fact retrievable and lets a ranker prefer the part.
- seasons of a year: ``summer 2014``, ``the autumn of 2015`` are the northern meteorological months (spring
  March-May, summer June-August, autumn/fall September-November), as the question sets' writers and weather services
  use them; months stated in brackets right after ("the summer of 2014 (June to August)") are a time of their own and
  win (the season keeps its year). "Winter 2014" (December 2013 or December 2014 on?), a season of a decade, or one
  not next to its year ("the summer months of 2014", "2014's summer") is left unread: the reader abstains.
- relative: ``now``, ``today``, ``currently``, ``current``, ``at present``, ``to date``, ``this year``,
  ``last year``, ``next month``, ``3 years ago``: placed on the calendar only when a reference date is given.

- named days on one date: ``Christmas 2014``, ``International Women's Day 2014`` (8 March; without its year after
  "on", the question's one year); a feast whose date moves (``Easter 2014``, ``Chinese New Year 2015``) or differs
  by country (``Independence Day``) is kept with ``span=None``: the reader abstains
- a weekday before a day that is not that day's (``Monday 19 February 2014``, a Wednesday) leaves the day unread

Invalid calendar dates (``29 February 2015``, ``31 April 2014``) are kept with ``span=None``; ``29 February 2016``
is a leap day and valid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta

from tkgrag.errors import TkgragError
from tkgrag.question.constraints import months_on
from tkgrag.question.lexicon import (
    AMBIGUOUS_MONTHS,
    DECADE_WORDS,
    FUNCTION_WORDS,
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    SEASONS,
    UNIT_DAYS,
)
from tkgrag.question.model import Signal, TimeExpression
from tkgrag.question.signals import relation_before, state_change_signal
from tkgrag.temporal import WEEKDAY_NAMES, Granularity, TimeSpan, period_bounds


class TimeExpressionError(TkgragError, ValueError):
    """A text that should be one time expression is not (``parse_time``)."""


def fold(text: str) -> str:
    """Lower-case ``text`` keeping every character at its offset (a few characters grow when lower-cased)."""
    return "".join(low if len(low := c.lower()) == 1 else c for c in text)


# -- building blocks ------------------------------------------------------------------------------------------
_MONTH = r"(?P<mon>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b\.?"
_DAY_NUM = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?(?![\d])"
_DAY_WORD = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
_DAY = rf"(?P<d>{_DAY_NUM}|(?P<dw>{_DAY_WORD}))"
_YEAR_TAIL = r"(?:,?\s*(?:of\s+|in\s+)?(?:(?:the\s+)?year\s+(?:of\s+)?)?(?P<y>\d{4})(?![\d]))"
_L = r"(?<![\w$#£€.,/'’-])"  # not inside a word or a number
_R = r"(?![\w]|[.,/]\d)"

_ISO = re.compile(_L + r"(?P<y>\d{4})(?P<sep>[-/.])(?P<m>\d{1,2})(?:(?P=sep)(?P<d>\d{1,2}))?(?![\w/-]|\.\d)")
_NUMERIC = re.compile(_L + r"(?P<a>\d{1,2})(?P<sep>[-/.])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4})(?![\w/-]|\.\d)")
_TEXT_DMY = re.compile(r"\b(?:the\s+)?" + _DAY + r"(?:\s+of)?\s+" + _MONTH + _YEAR_TAIL + "?")
_TEXT_MDY = re.compile(r"\b" + _MONTH + r"\s+(?:the\s+)?" + _DAY + _YEAR_TAIL + "?")
_MONTH_YEAR = re.compile(r"\b" + _MONTH + _YEAR_TAIL)
_MONTH_BEFORE = re.compile(r"\b" + _MONTH + r",?\s*$")
_MONTH_ONLY = re.compile(
    r"\b(?P<mon>january|february|march|april|may|june|july|august|september|october|november|december)\b"
)
_QUARTER = re.compile(
    r"\b(?:the\s+)?(?P<q>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+quarter\s+of\s+(?:the\s+year\s+)?"
    r"(?P<y>\d{4})(?!\d)|\bq(?P<q2>[1-4])\s*(?:of\s+)?(?P<y2>\d{4})(?!\d)|\b(?P<y3>\d{4})\s*q(?P<q3>[1-4])\b"
)
_WEEK = re.compile(
    r"\b(?:the\s+)?(?P<w>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+of\s+" + _MONTH + _YEAR_TAIL
)
_HALF = re.compile(
    r"\b(?:the\s+)?(?P<h>first|second|1st|2nd|latter)\s+half\s+of\s+(?:the\s+year\s+)?(?P<y>\d{4})(?!\d)"
)
# "H1 2014", "2014 H2", "1H 2014": the halves' short forms (the long form is _HALF).
_HALF_SHORT = re.compile(r"\bh(?P<h>[12])\s*(?:of\s+)?(?P<y>\d{4})(?!\d)|\b(?P<y2>\d{4})\s*h(?P<h2>[12])\b")
# Named days with a year: "Halloween 2014", "Christmas Eve 2014", "New Year's Day 2015", "Valentine's Day 2014".
# Decision: "New Year 2014" and "New Year's 2014" are 1 January (the day a range starting at the new year starts),
# "Christmas 2014" is 25 December; only fixed-date days (no Easter, no national days that differ by country).
_HOLIDAYS: dict[str, tuple[int, int]] = {
    r"new\s+year['’]?s\s+eve": (12, 31),
    r"new\s+year(?:['’]?s)?(?:\s+day)?": (1, 1),
    r"christmas\s+eve": (12, 24),
    r"christmas(?:\s+day)?": (12, 25),
    r"boxing\s+day": (12, 26),
    r"hallowe['’]?en": (10, 31),
    r"april\s+fools['’]?(?:\s+day)?": (4, 1),
    r"all\s+hallows['’]?\s+eve": (10, 31),
    r"(?:st\.?\s+|saint\s+)?valentine['’]?s(?:\s+day)?": (2, 14),
    # days the UN or the whole world keeps on one date
    r"international\s+women['’]?s\s+day": (3, 8),
    r"(?:international\s+)?workers['’]?\s+day|may\s+day": (5, 1),
    r"world\s+aids\s+day": (12, 1),
    r"human\s+rights\s+day": (12, 10),
    r"world\s+refugee\s+day": (6, 20),
    r"world\s+environment\s+day": (6, 5),
    r"world\s+press\s+freedom\s+day": (5, 3),
    r"world\s+water\s+day": (3, 22),
    r"world\s+health\s+day": (4, 7),
    r"earth\s+day": (4, 22),
    r"(?:the\s+)?international\s+day\s+of\s+peace|world\s+peace\s+day": (9, 21),
    r"united\s+nations\s+day|un\s+day": (10, 24),
    r"international\s+youth\s+day": (8, 12),
    r"international\s+children['’]?s\s+day": (6, 1),
    r"armistice\s+day|remembrance\s+day|veterans\s+day": (11, 11),
    r"(?:st\.?\s+|saint\s+)patrick['’]?s\s+day": (3, 17),
    r"bastille\s+day": (7, 14),
}
# The days above from International Women's Day on, said without a year after "on"/"during": the question's one
# stated year places them ("In 2014, who ... on International Women's Day?"); with none they are off the calendar
_KEPT_DAYS = list(_HOLIDAYS)[list(_HOLIDAYS).index(r"international\s+women['’]?s\s+day") :]
# A new year or a feast whose date moves from year to year (or differs by country): no one calendar day, so the
# phrase is a time not on the calendar and the reader abstains ("Chinese New Year 2015" is no 1 January).
_MOVABLE = re.compile(
    r"\b(?:(?:chinese|lunar|jewish|islamic|hijri|persian|iranian|thai|tamil|sinhala|sinhalese|khmer|ethiopian|"
    r"vietnamese|orthodox)\s+new\s+year(?:['’]?s)?(?:\s+(?:day|eve))?|easter(?:\s+(?:sunday|monday|day))?|good\s+friday|"
    r"ash\s+wednesday|palm\s+sunday|pentecost|whitsun|thanksgiving(?:\s+day)?|mother['’]?s\s+day|"
    r"father['’]?s\s+day|eid(?:\s+al[\s-](?:fitr|adha))?|ramadan|diwali|deepavali|hanukkah|chanukah|passover|"
    r"yom\s+kippur|rosh\s+hashanah|holi|vesak|nowruz|memorial\s+day|labou?r\s+day|independence\s+day|"
    r"national\s+day|victory\s+day|martin\s+luther\s+king(?:\s+jr\.?)?\s+day|presidents['’]?\s+day|"
    r"tet)" + _YEAR_TAIL
)
_HOLIDAY = re.compile(
    r"\b(?:the\s+)?(?P<name>" + "|".join(f"(?P<h{i}>{p})" for i, p in enumerate(_HOLIDAYS)) + r")" + _YEAR_TAIL
)
_KEPT_DAY = re.compile(
    r"\b(?:on|during|for)\s+(?:the\s+)?(?P<name>"
    + "|".join(f"(?P<k{i}>{p})" for i, p in enumerate(_KEPT_DAYS))
    + r")\b(?!\s*,?\s*(?:of\s+|in\s+)?(?:the\s+year\s+)?\d)"
)
# A day range inside one month: "between 12 and 21 December 2014", "from 3 to 9 May 2014", "12-21 December 2014",
# "December 12-21, 2014", "between December 12 and 21, 2014" ("and" only after "between").
_D1 = r"(?:the\s+)?(?P<d1>" + _DAY_NUM + r")"
_D2 = r"(?:the\s+)?(?P<d2>" + _DAY_NUM + r")"
_DMID = r"\s*(?P<mid>and|to|until|till|through|thru|-|–|—)\s*"
_DAY_RANGE_DMY = re.compile(
    # not the day of an ISO date: "from 2015-01-23 to 27 January 2015" is no "23 to 27 January"
    r"\b(?<![\d][-/.])(?:(?P<head>between|from)\s+)?" + _D1 + _DMID + _D2 + r"(?:\s+of)?\s+" + _MONTH + _YEAR_TAIL
)
_DAY_RANGE_MDY = re.compile(r"\b(?:(?P<head>between|from)\s+)?" + _MONTH + r"\s+" + _D1 + _DMID + _D2 + _YEAR_TAIL)
_DECADE = re.compile(
    r"(?:\bthe\s+)?(?<![\w$#.,])(?P<dec>(?:1\d|20)\d0)['’]?s\b"
    r"|(?:\bthe\s+)(?:['’])?(?P<dd>[0-9]0)['’]?s\b|(?<![\w])['’](?P<dd2>[0-9]0)['’]?s\b"
    r"|\bthe\s+(?P<dw>" + "|".join(DECADE_WORDS) + r")\b"
)
_CENTURY = re.compile(
    r"\b(?:the\s+)?(?:(?P<c>\d{1,2})(?:st|nd|rd|th)|(?P<cw>" + _DAY_WORD + r"))[\s-]+century"
    r"(?P<bc>\s*(?:bc|bce|b\.c\.))?"
)
_YEAR_ERA = re.compile(
    r"\b(?P<y>\d{1,4})\s*(?P<era>a\.d\.|ad|ce|b\.c\.e\.|b\.c\.|bce|bc)(?![\w])|\b(?:a\.d\.|ad)\s*(?P<y2>\d{1,4})\b"
)
_YEAR_WORD = re.compile(r"\b(?:the\s+)?year\s+(?:of\s+)?(?P<y>\d{1,4})(?![\d.,]\d|\d)")
_YEAR = re.compile(
    r"(?:(?<=mid-)|(?<=pre-)|(?<=post-)|(?<=late-)|(?<=early-)|(?<![\w$#£€.,/'’-]))(?P<y>1\d{3}|20\d{2})(?![\w]|[.,]\d|/\d)"
)
_YEAR_RANGE = re.compile(
    _L
    + r"(?P<y1>\d{4})\s*(?P<sep>-|–|—|/|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*(?P<y2>\d{4}|\d{2})(?![\d\w])"
)
_RELATIVE = re.compile(
    r"\b(?P<now>right\s+now|now|today|nowadays|currently|current|presently|at\s+present|these\s+days"
    r"|the\s+present(?:\s+(?:day|time))?|present[-\s]day|to\s+date|so\s+far|as\s+yet)\b"
    # not "the last month in which X did Y" or "the last month of 2014": an ordinal over the months, not the month
    # before now
    r"|\b(?P<which>this|last|next|previous|past)\s+(?P<unit>year|month|week)\b(?!\s+(?:(?:in|on|during)\s+which|that|when|of)\b)"
    r"|\b(?P<yday>yesterday|tomorrow)\b"
    r"|\b(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a|an)\s+(?P<agounit>years?|months?|days?)\s+ago\b"
)
_MODIFIER = re.compile(
    r"(?:^|(?<=[\s,(]))(?:the\s+)?(?P<mod>very\s+early|early|mid|middle\s+of|late|beginning\s+of|start\s+of|end\s+of"
    r"|spring|summer|autumn|fall|winter)(?:\s+of)?(?:\s+|-)(?:the\s+)?$"
)
# The months of a season (``_season``); winter spans two years and has none.
_SEASON_MONTHS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}
_BRACKET_AFTER = re.compile(r"\s*\(")
# "late summer 2014", "the early autumn of 2015": a part of a season, whose months are a guess
_SEASON_PART = re.compile(r"\b(?:very\s+)?(?:early|late|mid|middle\s+of|end\s+of|beginning\s+of|start\s+of)[\s-]*$")
# A season word the time expressions did not read ("in the summer" with the year elsewhere, "the 2014 summer",
# "mid-summer"): lower case (not "Arab Spring"), "fall" only as a noun after an article or a preposition
_SEASON_WORD = re.compile(
    r"\b(?P<w>spring|summer|autumn|winter)s?\b"
    r"|\b(?:the|in|during|over|this|last|next)\s+(?P<f>fall)\b(?!\s+of\s+(?:the\s+)?[A-Z])"
)
_COUNT_AFTER = re.compile(
    r"\s*(?:people|persons|inhabitants|residents|votes|households|families|km|kilometers|kilometres|miles|meters|"
    r"metres|feet|ft|kg|tons|tonnes|points|goals|games|matches|pages|copies|units|employees|members|troops|soldiers|"
    r"deaths|casualties|words|seats|square|sq|hectares|acres)\b"
)
_NUMBER_BEFORE = re.compile(
    r"(?:\bno\.?|\bnumber|\bflight|\broute|\bhighway|\binterstate|\bpage|\bpages|\bepisode)\s*$"
)
# "the year after 1810" = 1811, "March of the year before 2009" = March 2008: a year named by its neighbour.
_YEAR_OFFSET = re.compile(
    r"\b(?:(?P<mon>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\b\.?,?\s+(?:of\s+|in\s+)?)?"
    r"(?:the\s+)?year\s+(?P<dir>after|following|before|preceding|prior\s+to)\s+(?P<y>\d{4})(?!\d)"
)
# an order word right before the unit: "the last year before 2014" asks over the years before 2014
_ORDINAL_BEFORE_UNIT = re.compile(r"\b(?:last|first|latest|earliest|final|next|previous|most\s+recent)\s+$")
_ONWARDS = re.compile(r"\s*(?:on|onwards?|forward|forth)\b")
# the words of "from 1 March onwards" that belong to the time phrase (so they are no event words): "on" only before
# punctuation or the end ("from 2014 on Iran" keeps its "on")
# "before 2014 was out/over", "before the year 2014 had run out": the period's end, not its start.
_RUN_OUT_TAIL = re.compile(r"\s+(?:was|is|were|had)\s+(?:run\s+)?(?:out|over|done|through|up|finished)\b")
_ONWARDS_TAIL = re.compile(r"\s*(?:onwards?|forwards?|on(?=\s*(?:[,;?!.]|$)))")
_SEASON_AFTER = re.compile(r"\s*(?:season|seasons|school\s+year|academic\s+year|fiscal)\b")


def _is_season(low: str, start: int, end: int, year: int, two_digits: int) -> bool:
    """ "2007-08" is a season (2007..2008) when "season" follows, or when it reads as one: the second part is the
    next year and it stands as an adjective ("the 2002-03 FA Cup"); otherwise it is an ISO month (ICEWS style)."""
    if _SEASON_AFTER.match(low, end):
        return True
    return two_digits == (year + 1) % 100 and re.search(r"\bthe\s+$", low[max(0, start - 6) : start]) is not None


@dataclass
class _Cand:
    start: int
    end: int
    year: int | None = None
    month: int | None = None
    day: int | None = None
    span: TimeSpan | None = None  # set for forms that are not one calendar period (decades, ranges, quarters)
    priority: int = 0
    modifier: str | None = None
    relative: bool = False
    invalid: bool = False  # stated but not a calendar date (Feb 30) or not representable (BC)
    range_kind: bool = False
    last_is_day: bool = False  # a range whose second end is one day ("between May 2014 and 3 June 2014")
    first_is_day: bool = False

    @property
    def length(self) -> int:
        return self.end - self.start


def _day_value(m: re.Match[str]) -> int:
    if m.group("dw"):
        return ORDINAL_WORDS[m.group("dw")]
    return int(re.sub(r"\D", "", m.group("d")))


def _month_value(word: str) -> int:
    return MONTHS[word.rstrip(".")]


def _ymd_span(year: int | None, month: int | None, day: int | None) -> tuple[TimeSpan | None, bool]:
    """Span of a (possibly partial) date; (None, True) when the parts are not a calendar date."""
    if year is None or year <= 0:
        return None, False
    try:
        start, end, gran = period_bounds(year, month, day)
    except ValueError:
        return None, True
    return TimeSpan(start, end, gran), False


def _month_is_plausible(text: str, m: re.Match[str]) -> bool:
    """A month word standing alone: full names only; "May"/"March" only capitalised inside a sentence."""
    word = m.group("mon")
    if word in AMBIGUOUS_MONTHS:
        s = m.start("mon")
        name = _NAME_WORD_BEFORE.search(text, 0, s)
        if (
            name is not None
            and name.group(1).lower() not in FUNCTION_WORDS
            and name.group(1).lower() not in MONTHS
            and name.group(1).lower() not in _RANGE_HEAD_WORDS
        ):
            return False  # a surname after a given name: "Theresa May", "Brian May"
        return text[s].isupper() and s > 0 and not text[:s].rstrip().endswith((".", "?", "!"))
    return True


_RANGE_HEAD_WORDS = frozenset({"across", "between", "from", "over", "spanning", "throughout", "during", "until"})
_NAME_WORD_BEFORE = re.compile(r"(?<![\w'’-])([A-Z][\w'’.-]*)\s+$")


def _numeric_dates(text: str, low: str) -> list[_Cand]:
    """ISO / Wikidata ``2014-05-13``, ``2011-0-0``; ``11-1-2016`` (US), ``17.05.2014`` (dotted, day first)."""
    out: list[_Cand] = []
    for m in _ISO.finditer(low):
        y, mo = int(m.group("y")), int(m.group("m"))
        d = int(m.group("d")) if m.group("d") else None
        if d is None and m.group("sep") == ".":
            continue  # "2014.05" reads as a decimal number
        if d is None and len(m.group("m")) == 2 and (mo > 12 or _is_season(low, m.start(), m.end(), y, mo)):
            continue  # "2012-13", "2007-08 season", "the 2002-03 FA Cup": a range of years, see _year_ranges
        if mo > 12:
            continue
        month = mo if mo != 0 else None
        day = d if d not in (None, 0) and month is not None else None
        span, invalid = _ymd_span(y, month, day)
        out.append(_Cand(m.start(), m.end(), y, month, day, span, 9, invalid=invalid))
    for m in _NUMERIC.finditer(low):
        a, b, y = int(m.group("a")), int(m.group("b")), int(m.group("y"))
        day, month = (a, b) if m.group("sep") == "." or a > 12 else (b, a)
        if month > 12 or month == 0:
            continue
        span, invalid = _ymd_span(y, month, day or None)
        out.append(_Cand(m.start(), m.end(), y, month, day or None, span, 9, invalid=invalid))
    return out


def _textual_dates(text: str, low: str) -> list[_Cand]:
    """ "13 May 2014", "the 12th of march, 1967", "May 13, 2014", "may second in the year 1250", "3 May"."""
    out: list[_Cand] = []
    for pattern in (_TEXT_DMY, _TEXT_MDY):
        for m in pattern.finditer(low):
            has_year = m.group("y") is not None
            if m.group("dw") and not has_year and not (pattern is _TEXT_DMY and " of " in low[m.start() : m.end()]):
                continue  # "second march" / "may second" need a year, or "the second of May"
            mon_word = m.group("mon").rstrip(".")
            if not has_year and mon_word in AMBIGUOUS_MONTHS and not text[m.start("mon")].isupper():
                continue  # "may 3" in lower case without a year: too likely "may" the verb
            mon, day = _month_value(m.group("mon")), _day_value(m)
            if not has_year:
                try:
                    date(2000, mon, day)  # a leap year: is the day possible at all?
                    invalid = False
                except ValueError:
                    invalid = True
                out.append(_Cand(m.start(), m.end(), None, mon, day, None, 8, invalid=invalid))
                continue
            year = int(m.group("y"))
            span, invalid = _ymd_span(year, mon, day)
            out.append(_Cand(m.start(), m.end(), year, mon, day, span, 8, invalid=invalid))
    return out


def _months(text: str, low: str) -> list[_Cand]:
    """ "May 2014", "July, the year of 2007"; a month alone ("in July") has no span."""
    out: list[_Cand] = []
    for m in _MONTH_YEAR.finditer(low):
        mon, year = _month_value(m.group("mon")), int(m.group("y"))
        span, _ = _ymd_span(year, mon, None)
        out.append(_Cand(m.start(), m.end(), year, mon, None, span, 7))
    for m in _MONTH_ONLY.finditer(low):
        if _month_is_plausible(text, m):
            out.append(_Cand(m.start(), m.end(), None, _month_value(m.group("mon")), None, None, 1))
    return out


def _month_range(year: int, first_month: int, last_month: int) -> TimeSpan:
    return TimeSpan(period_bounds(year, first_month)[0], period_bounds(year, last_month)[1], Granularity.MONTH)


def _parts_of_years(text: str, low: str) -> list[_Cand]:
    """Quarters, halves, weeks: "Q1 2014", "the first quarter of 2014", "the second half of 2014", "the first week
    of March 2014" (days 1-7; "the last week" is the month's last seven days)."""
    out: list[_Cand] = []
    for m in _WEEK.finditer(low):
        year, mon = int(m.group("y")), _month_value(m.group("mon"))
        last_day = period_bounds(year, mon)[1].day
        n = {"first": 1, "second": 2, "third": 3, "fourth": 4}.get(m.group("w")) or (
            int(m.group("w")[0]) if m.group("w")[0].isdigit() else 0
        )
        first_day = last_day - 6 if n == 0 else 7 * n - 6
        span = TimeSpan(date(year, mon, first_day), date(year, mon, first_day + 6), Granularity.DAY)
        out.append(_Cand(m.start(), m.end(), year, mon, span=span, priority=8))
    for m in _QUARTER.finditer(low):
        q_text = m.group("q") or m.group("q2") or m.group("q3")
        year = int(m.group("y") or m.group("y2") or m.group("y3"))
        q = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4}.get(q_text) or int(q_text[0])
        out.append(_Cand(m.start(), m.end(), year, span=_month_range(year, 3 * q - 2, 3 * q), priority=8))
    for m in _HALF.finditer(low):
        year = int(m.group("y"))
        h = 1 if m.group("h") in ("first", "1st") else 2
        out.append(_Cand(m.start(), m.end(), year, span=_month_range(year, 6 * h - 5, 6 * h), priority=8))
    for m in _HALF_SHORT.finditer(low):
        year, h = int(m.group("y") or m.group("y2")), int(m.group("h") or m.group("h2"))
        out.append(_Cand(m.start(), m.end(), year, span=_month_range(year, 6 * h - 5, 6 * h), priority=8))
    return out


def _day_ranges(text: str, low: str) -> list[_Cand]:
    """Two days of one month and year: "between 12 and 21 December 2014", "December 12-21, 2014"."""
    out: list[_Cand] = []
    for pattern in (_DAY_RANGE_DMY, _DAY_RANGE_MDY):
        for m in pattern.finditer(low):
            if m.group("mid") == "and" and m.group("head") != "between":
                continue  # "on 12 and 21 December 2014" names two days, not the days between them
            year, month = int(m.group("y")), _month_value(m.group("mon"))
            d1, d2 = (int(re.sub(r"\D", "", m.group(g))) for g in ("d1", "d2"))
            first, _ = _ymd_span(year, month, d1)
            last, _ = _ymd_span(year, month, d2)
            if first is None or last is None or d1 > d2:
                out.append(_Cand(m.start(), m.end(), year, month, invalid=True, priority=9, range_kind=True))
                continue
            span = TimeSpan(first.start, last.end, Granularity.DAY)
            out.append(_Cand(m.start(), m.end(), year, month, span=span, priority=9, range_kind=True))
    return out


def _named_days(text: str, low: str) -> list[_Cand]:
    """Fixed-date holidays with a year: "On Halloween 2014", "Christmas Eve 2014", "New Year's Eve 2015"."""
    out: list[_Cand] = []
    movable = [(m.start(), m.end()) for m in _MOVABLE.finditer(low)]
    for a, b in movable:  # "Easter 2014", "Chinese New Year 2015": stated, but on no one calendar day
        out.append(_Cand(a, b, invalid=True, priority=9))
    for m in _KEPT_DAY.finditer(low):
        i = next(int(k[1:]) for k, v in m.groupdict().items() if k[0] == "k" and k[1:].isdigit() and v)
        month, day = _HOLIDAYS[_KEPT_DAYS[i]]
        out.append(_Cand(m.start("name"), m.end("name"), None, month, day, priority=7))
    for m in _HOLIDAY.finditer(low):
        if any(a <= m.start() < b for a, b in movable):
            continue
        i = next(int(k[1:]) for k, v in m.groupdict().items() if k[0] == "h" and k[1:].isdigit() and v)
        month, day = list(_HOLIDAYS.values())[i]
        year = int(m.group("y"))
        span, invalid = _ymd_span(year, month, day)
        out.append(_Cand(m.start(), m.end(), year, month, day, span, 8, invalid=invalid))
    return out


def _year_span(first: int, last: int) -> TimeSpan:
    return TimeSpan(date(first, 1, 1), date(last, 12, 31), Granularity.YEAR)


def _decades_centuries(text: str, low: str) -> list[_Cand]:
    """ "the 1990s", "the '90s", "the nineties"; "the 19th century" (1800..1899; BC centuries have no span)."""
    out: list[_Cand] = []
    for m in _DECADE.finditer(low):
        if m.group("dec"):
            first_year = int(m.group("dec"))
        elif m.group("dw"):
            first_year = 1900 + DECADE_WORDS[m.group("dw")]
        else:
            first_year = 1900 + int(m.group("dd") or m.group("dd2"))
        out.append(_Cand(m.start(), m.end(), first_year, span=_year_span(first_year, first_year + 9), priority=8))
    for m in _CENTURY.finditer(low):
        n = int(m.group("c")) if m.group("c") else ORDINAL_WORDS[m.group("cw")]
        if not 1 <= n <= 21:
            continue
        if m.group("bc"):
            out.append(_Cand(m.start(), m.end(), priority=8, invalid=True))
            continue
        first_year = max(1, (n - 1) * 100)
        out.append(_Cand(m.start(), m.end(), first_year, span=_year_span(first_year, (n - 1) * 100 + 99), priority=8))
    return out


def _years(text: str, low: str) -> list[_Cand]:
    """ "2014", "in the year 1996", "800 AD", "AD 800"; BC years have no span; counts ("2014 votes") are no years."""
    out: list[_Cand] = []
    for m in _YEAR_ERA.finditer(low):
        era = (m.group("era") or "ad").replace(".", "")
        year = int(m.group("y") or m.group("y2"))
        if era in ("bc", "bce") or year == 0:
            out.append(_Cand(m.start(), m.end(), priority=6, invalid=True))
            continue
        out.append(_Cand(m.start(), m.end(), year, span=_ymd_span(year, None, None)[0], priority=6))
    for m in _YEAR_WORD.finditer(low):
        year = int(m.group("y"))
        out.append(_Cand(m.start(), m.end(), year, span=_ymd_span(year, None, None)[0], priority=6, invalid=year == 0))
    for m in _YEAR.finditer(low):
        if _COUNT_AFTER.match(low, m.end()) or _NUMBER_BEFORE.search(low, 0, m.start()):
            continue
        year = int(m.group("y"))
        out.append(_Cand(m.start(), m.end(), year, span=_ymd_span(year, None, None)[0], priority=5))
    return out


def _year_offsets(text: str, low: str) -> list[_Cand]:
    """ "the year after 1810" (1811), "in March of the year before 2009" (March 2008)."""
    out: list[_Cand] = []
    for m in _YEAR_OFFSET.finditer(low):
        if not m.group("mon") and _ORDINAL_BEFORE_UNIT.search(low, 0, m.start()):
            continue  # "the last year before 2014 in which ...": an ordinal over the years before 2014, not 2013
        year = int(m.group("y")) + (1 if m.group("dir") in ("after", "following") else -1)
        mon = _month_value(m.group("mon")) if m.group("mon") else None
        span, invalid = _ymd_span(year, mon, None)
        out.append(_Cand(m.start(), m.end(), year, mon, None, span, 11, invalid=invalid))
    return out


def _year_ranges(text: str, low: str) -> list[_Cand]:
    """ "2007-2008", "2007–08", "1980 to 1981", "2011-12 season" (but "2014-05" is a month)."""
    out: list[_Cand] = []
    for m in _YEAR_RANGE.finditer(low):
        y1, y2_text, sep = int(m.group("y1")), m.group("y2"), m.group("sep")
        if len(y2_text) == 2:
            if sep not in ("–", "—", "/", "-"):
                continue
            y2 = (y1 // 100) * 100 + int(y2_text)
            if y2 <= y1:
                y2 += 100
            if sep == "-" and int(y2_text) <= 12 and not _is_season(low, m.start(), m.end(), y1, int(y2_text)):
                continue  # "2014-05": an ISO month (ICEWS/MultiTQ write months this way)
            if y2 - y1 > 10:
                continue
        else:
            y2 = int(y2_text)
        if _MONTH_BEFORE.search(low, max(0, m.start() - 12), m.start()):
            continue  # "Dec 1922 to 1929": the month belongs to the first end; the pair is merged later
        if 1000 <= y1 < y2 <= 2100:
            out.append(_Cand(m.start(), m.end(), y1, span=_year_span(y1, y2), priority=10, range_kind=True))
    return out


# "the last month in the second half of 2015", "the last week during March 2014": an ordinal over the months
# (weeks) of a stated window, not the month before today (read as one, a year was made up from the clock); also
# over the months on one side of a bound: "the last month before October 2014", "the first year after 2012"
_ORDINAL_UNIT_OVER = re.compile(
    r"\s+(?:in|during|within|over|across|between|from|of|before|after|prior\s+to|preceding|following|until|till"
    r"|up\s+to|since)\b"
)


def _relatives(text: str, low: str) -> list[_Cand]:
    out = []
    for m in _RELATIVE.finditer(low):
        if (
            m.group("which") in ("last", "next", "previous")
            and re.search(r"\bthe\s+$", low[max(0, m.start() - 6) : m.start()])
            and _ORDINAL_UNIT_OVER.match(low, m.end())
        ):
            continue
        out.append(_Cand(m.start(), m.end(), priority=4, relative=True))
    return out


_EXTRACTORS = (
    _numeric_dates,
    _textual_dates,
    _months,
    _parts_of_years,
    _named_days,
    _day_ranges,
    _decades_centuries,
    _years,
    _year_offsets,
    _year_ranges,
    _relatives,
)


def _candidates(text: str, low: str) -> list[_Cand]:
    return [c for extract in _EXTRACTORS for c in extract(text, low)]


def _select(cands: list[_Cand]) -> list[_Cand]:
    """Longest non-overlapping candidates, then by priority; returned in text order."""
    chosen: list[_Cand] = []
    for c in sorted(cands, key=lambda c: (-c.length, -c.priority, c.start)):
        if all(c.end <= o.start or c.start >= o.end for o in chosen):
            chosen.append(c)
    return sorted(chosen, key=lambda c: c.start)


# "between A and B", "from A to B", "across/over/spanning 2014 and 2015"; an end may be named by its edge: "between
# the start of (early) 2014 and April 1, 2014" (A's span starts where its year does), "from 2013 to the end of (late)
# 2014" (B's ends with it).
_WHOLE_OF = (
    r"(?:the\s+(?:whole|entire|entirety|full|course)\s+(?:of\s+)?(?:the\s+)?(?:(?:two\s+)?years\s+)?|all\s+of\s+)"
)
_RANGE_HEAD = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?P<head>between|from|across|over|spanning|throughout"
    # a scope clause: "Looking at 2014 and 2015 only, ...", "considering only 2014 to 2015"
    r"|looking\s+(?:only\s+)?at|considering(?:\s+only)?|focusing\s+(?:only\s+)?on|(?:restricted|limited)\s+to)\s+"
    # "Looking only at the years 2014 and 2015": the noun restates the range
    r"(?:the\s+(?:very\s+)?(?:start|beginning|outset)\s+of\s+|early\s+|the\s+(?:two\s+)?years\s+|both\s+|"
    + _WHOLE_OF
    + r")?"
    # "over the whole of 2014 and 2015", "in the whole of the years 2014 and 2015": the two years as one window (not
    # "in both 2014 and 2015", which may ask for each year)
    r"|(?P<head2>in|during|for)\s+" + _WHOLE_OF + r")$"
)
_RANGE_MID = re.compile(
    r"^\s*(?P<mid>and|to|until|till|through|thru|up\s+(?:to|until|till)|-|–|—)\s*(?:the\s+(?:very\s+)?(?:end|close)\s+of\s+|late\s+)?$"
)


# "only" closing a scope clause ("Looking at 2014 and 2015 only, ..."): part of the time phrase, no event word
_ONLY_TAIL = re.compile(r"\s+only\b")
# "across the whole of 2014", "throughout the entire year 2015", "over the course of 2014": the period, all of it
_WHOLE_HEAD = re.compile(
    r"(?:^|(?<=[\s,(]))(?P<head>across|throughout|over|during|in|for)\s+(?:the\s+)?(?:whole|entire|entirety|full|course)"
    r"(?:\s+of)?\s+(?:the\s+)?(?:year\s+(?:of\s+)?)?$"
)


# "after Monday 14 September 2015", "on Wednesday, July 15, 2015": a weekday before a day names no entity and no
# anchor; it belongs to the time phrase (the date says the day, the weekday adds nothing to read). A short form
# needs its period ("Sun 15 July" may be the newspaper).
_WEEKDAY_BEFORE = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|tues?|wed|thu|thurs|fri|sat|sun)\.),?\s+"
    r"(?:the\s+)?$"
)


# "the 4 days from D1 to D2" left as said: the count disagrees with the range (``window_edges`` drops one that agrees)
_COUNT_BEFORE_HEAD = re.compile(
    r"\b(?P<w>the\s+(?:\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:\s+|-)(?:calendar\s+)?"
    r"(?:days?|weeks?)(?:[\s-]+long)?(?:\s+(?:period|window|span|stretch|interval|spell|run))?)\s*,?\s*$"
)


def _wrong_weekday(said: str, span: TimeSpan | None) -> str:
    """The weekday said before a day when the calendar puts that day on another one ("Monday 19 February 2014" is
    a Wednesday), as an unread word: which of the two is meant is unsaid, so the reader abstains. "" when it agrees."""
    if span is None or span.start is None or span.start != span.end or span.granularity is not Granularity.DAY:
        return ""
    word = said.strip(" ,").lower()
    if word[:3] == WEEKDAY_NAMES[span.start.weekday()][:3].lower():
        return ""
    return f"{word} ({span.start.isoformat()} is a {span.start.strftime('%A')})"


# "..., counting only 2015", "limited to 2015": a scope clause on one period (ranges: ``_RANGE_HEAD``)
_SCOPE_HEAD = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:counting|considering|looking|focusing)(?:\s+(?:only|just))?(?:\s+(?:at|on))?|"
    r"(?:only|just)\s+counting|(?:restricted|limited)\s+to)\s+(?:the\s+year\s+)?$"
)
# "earlier in 2014 than June 8", "later in 2015 than 3 March": the comparative is split by the year it stays in
_SPLIT_COMPARATIVE = re.compile(
    r"\b(?P<cmp>earlier|sooner|later)\s+in\s+(?:[a-z]+\s+)?\d{4}\s+(?P<than>than)\s+(?:the\s+)?$"
)


# "Counting from (the beginning of) 2014, who ... first?", "reckoning from 2014": a scope clause that sets where the
# period starts (START, open-ended); a bare "from 2014" stays "of that time" ("winners from the 1990s")
_COUNT_FROM = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:if\s+(?:we|you|one)\s+)?(?:count|counting|reckon|reckoning)|measuring|going|starting"
    r"|beginning|looking|as)(?:\s+(?:only|just))?\s+$"
)


# "once 19 Oct 2015 had passed", "after 2014 was over": after the time (the tail belongs to the time phrase)
_PASSED_HEAD = re.compile(r"(?:^|(?<=[\s,(]))(?P<head>once|after|when)\s+(?:the\s+)?$")
_PASSED_TAIL = re.compile(
    r"\s+(?:had|has|have|was|is)\s+(?:(?:already|now)\s+)?(?:passed|gone\s+by|elapsed|ended|come\s+and\s+gone|over)\b"
)
# "Three days before 2014-10-25" is 22 October; "within seven days after July 20th 2014" is 21..27 July; "in the
# three days before X" is X-3..X-1; "the week after X" (an article, no count) is X+1..X+7. Only on a day: "two weeks
# before May 2014" has no one day to count from. Calendar months are not counted this way: "in the month after 3 May"
# may be June or 4 May..3 June, so it is left unread (and the reader abstains, ``unread_window_words``).
_WIN_COUNT = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|a|an)"
# "5-day period", "a two-week window", "the 10-day span": a count joined to its unit, and a noun for the stretch
_WIN_SEP = r"(?:\s+|-)"
_WIN_NOUN = r"(?:[\s-]+long)?(?:\s+(?:period|window|span|stretch|interval|spell|run))?"
_DAY_OFFSET = re.compile(
    r"(?:^|(?<=[\s,(]))(?P<within>(?:(?:within|in|during|over|for|across|throughout)\s+)?(?P<the>the)\s+"
    r"(?:(?:first|next|following|last|preceding|past|final)\s+)?"
    r"|(?:within|in|during|over)\s+(?:(?:first|next|following|last|preceding)\s+)?)?"
    r"(?:" + _WIN_COUNT + _WIN_SEP + r")?(?P<unit>days?|weeks?|fortnights?)" + _WIN_NOUN + r"\s+(?P<dir>before|after"
    r"|prior\s+to|following|preceding|later\s+than|earlier\s+than|(?:that|which)\s+(?:followed|preceded|came\s+"
    r"(?:after|before)))\s+(?:the\s+)?$"
)
# A window named by its first day and its length: "in the 5 days starting 10 April 2015" is 10..14 April, "the week
# beginning 3 May", "the two months from 1 June" (calendar months: 1 June..31 July).
_WIN_HEAD = (
    r"(?:^|(?<=[\s,(]))(?P<head>(?:(?:within|in|during|over|for|across|throughout)\s+)?(?P<the>the\s+)?"
    r"(?:(?:first|next|following)\s+)?)"
)
_WIN_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?)"
_WINDOW_FROM = re.compile(
    _WIN_HEAD
    + r"(?:"
    + _WIN_COUNT
    + _WIN_SEP
    + r")?"
    + _WIN_UNIT
    + _WIN_NOUN
    + r"\s+(?:(?:that\s+)?(?:starting|beginning|commencing|"
    r"started|began|begins|starts)|as\s+from|from)(?:\s+(?:on|with|from|at|in))?\s+(?:the\s+)?$"
)
# ... and by its last day: "the 5 days up to (and including) 10 April" is 6..10 April, "the week ending 3 May", "the
# fortnight leading up to and including D". Decision: "leading/running up to D" and "the run-up to D" without "and
# including" end the day before D (the days that lead up to it, like "the N days before D"); "up to", "until",
# "through", "to" and "ending" include D (as "up to" does in a range).
_WINDOW_TO = re.compile(
    _WIN_HEAD + r"(?:" + _WIN_COUNT + _WIN_SEP + r")?" + _WIN_UNIT + _WIN_NOUN + r"\s+(?:that\s+)?(?P<dir>"
    r"(?P<excl>(?:leading|running)\s+up\s+to|in\s+the\s+run[\s-]up\s+to)(?P<incl>\s+and\s+including)?"
    r"|(?:up\s+)?(?:to|until|till)(?:\s+and\s+including)?|through|thru|(?:before|prior\s+to)\s+and\s+including"
    r"|(?:ending|ended|ends|finishing|finished)(?:\s+(?:on|with|at|in))?)\s+(?:the\s+)?$"
)
# "within a week of 3 May 2014", "within 3 days either side of D": the days around it, both ways (as for an anchor)
_WINDOW_AROUND = re.compile(
    r"(?:^|(?<=[\s,(]))within\s+(?:the\s+)?" + _WIN_COUNT + r"\s+(?P<unit>days?|weeks?|fortnights?)\s+"
    r"(?:of|either\s+side\s+of|on\s+either\s+side\s+of)\s+(?:the\s+)?$"
)


def _count(m: re.Match[str]) -> int | None:
    """The window's length in its unit: the count as written, 1 for "the week"; None for "(the) days" (no length)."""
    n_text = m.group("n")
    if n_text is None:
        return 1 if m.groupdict().get("the") and not m.group("unit").endswith("s") else None
    return int(n_text) if n_text.isdigit() else NUMBER_WORDS.get(n_text, 1)


def _day_window(low: str, cand: _Cand, start: int) -> tuple[TimeSpan, int] | None:
    """The days a window named by one day and a length covers ("the 5 days starting D", "the week up to and including
    D", "within a week of D"), and where the phrase starts; None where it does not apply."""
    span = _resolve(cand)
    if span is None or span.granularity is not Granularity.DAY or span.start != span.end or span.start is None:
        return None
    day, lo = span.start, max(0, start - 70)
    for pattern in (_WINDOW_FROM, _WINDOW_TO, _WINDOW_AROUND):
        m = pattern.search(low, lo, start)
        n = _count(m) if m is not None else None
        if m is None or n is None or n <= 0:
            continue
        unit = m.group("unit").rstrip("s")
        exclusive = pattern is _WINDOW_TO and m.group("excl") is not None and m.group("incl") is None
        last = day - timedelta(days=1) if exclusive else day
        if pattern is _WINDOW_AROUND:
            first, last = day - timedelta(days=n * UNIT_DAYS[unit]), day + timedelta(days=n * UNIT_DAYS[unit])
        elif pattern is _WINDOW_FROM:
            first = day
            ahead = months_on(day, n) - timedelta(days=1) if unit == "month" else None
            last = ahead or day + timedelta(n * UNIT_DAYS[unit] - 1)
        else:
            back = months_on(last, -n) + timedelta(days=1) if unit == "month" else None
            first = back or last - timedelta(n * UNIT_DAYS[unit] - 1)
        return TimeSpan(first, last, Granularity.DAY), m.start()
    return None


# "the first 10 days of May 2014", "the last two weeks of 2014", "the final week of the year 2015": days at one edge
# of a stated period (a month, a quarter, a year); "the first week of March 2014" is read whole (``_WEEK``)
_EDGE_PART = re.compile(
    r"(?:^|(?<=[\s,(]))(?:(?:in|during|over|within|for|across|throughout)\s+)?(?P<the>the)\s+"
    r"(?P<edge>first|opening|last|final|closing)\s+(?:"
    + _WIN_COUNT
    + _WIN_SEP
    + r")?(?P<unit>days?|weeks?|fortnights?|months?)"
    r"\s+of\s+(?:the\s+(?:month|year)\s+(?:of\s+)?)?$"
)
# "3 May 2014 and the two days after (it)", "... and the week before": a day and the days next to it; "from 3 May 2014
# for five days", "starting 3 May 2014, for a week": a window from its first day (only after a start word)
_AND_DAYS_TAIL = re.compile(
    r"\s*,?\s*and\s+(?P<the>the\s+)?(?P<pre>(?:next|following|previous|preceding)\s+)?(?:"
    + _WIN_COUNT
    + _WIN_SEP
    + r")?(?P<unit>days?|weeks?|fortnights?)(?:\s+(?P<dir>after|following|afterwards?|thereafter|later|before|preceding"
    r"|earlier|prior))?(?:\s+(?:it|that))?\b"
)
_FOR_DAYS_TAIL = re.compile(
    r"\s*,?\s*for\s+(?P<the>the\s+)?(?:(?:next|following)\s+)?(?:"
    + _WIN_COUNT
    + _WIN_SEP
    + r")?(?P<unit>days?|weeks?|fortnights?)\b"
)
_MINUS = frozenset({"previous", "preceding", "before", "earlier", "prior"})
_PLUS = frozenset({"next", "following", "after", "afterwards", "afterward", "thereafter", "later"})


# "the first month of 2015 in which X ...", "the first day in 2015 on which ...": an ordinal over the units that the
# question asks for, not a window (a relative clause follows the time)
_ASKED_UNIT_TAIL = re.compile(r"\s*,?\s*(?:(?:in|on|during|at)\s+which|when|that|where)\b")


def _edge_part(low: str, cand: _Cand, start: int) -> tuple[TimeSpan, int] | None:
    """The days "the first/last N days of <period>" names, and where the phrase starts; None where it does not
    apply (a day, or no such words)."""
    span = _resolve(cand)
    if span is None or span.start is None or span.end is None or span.granularity is Granularity.DAY:
        return None
    m = _EDGE_PART.search(low, max(0, start - 60), start)
    if m is not None and _ASKED_UNIT_TAIL.match(low, cand.end):
        return None
    n = _count(m) if m is not None else None
    if m is None or n is None or n <= 0:
        return None
    unit, first = m.group("unit").rstrip("s"), m.group("edge") in ("first", "opening")
    if unit == "month":  # "the first two months of 2014": January and February
        if span.granularity is Granularity.MONTH:
            return None
        if first:
            last = months_on(span.start, n) - timedelta(days=1)
            return TimeSpan(span.start, min(span.end, last), Granularity.MONTH), m.start()
        begin = months_on(span.end + timedelta(days=1), -n)
        return TimeSpan(max(span.start, begin), span.end, Granularity.MONTH), m.start()
    days = timedelta(days=n * UNIT_DAYS[unit] - 1)
    if first:
        return TimeSpan(span.start, min(span.end, span.start + days), Granularity.DAY), m.start()
    return TimeSpan(max(span.start, span.end - days), span.end, Granularity.DAY), m.start()


def _day_tail(low: str, span: TimeSpan | None, end: int, starts: bool) -> tuple[TimeSpan, int] | None:
    """The days a tail after one day adds ("and the two days after", "for five days" after a start word), and where
    the tail ends; None where there is none. ``starts``: the day is governed by a start word ("from", "starting")."""
    if span is None or span.granularity is not Granularity.DAY or span.start is None or span.start != span.end:
        return None
    day = span.start
    m = _AND_DAYS_TAIL.match(low, end)
    if m is not None and (n := _count(m)) is not None and n > 0:
        said = set(low[m.start() : m.end()].split())
        days = timedelta(days=n * UNIT_DAYS[m.group("unit").rstrip("s")])
        if said & _MINUS and not said & _PLUS:
            return TimeSpan(day - days, day, Granularity.DAY), m.end()
        if said & _PLUS and not said & _MINUS:
            return TimeSpan(day, day + days, Granularity.DAY), m.end()
    m = _FOR_DAYS_TAIL.match(low, end) if starts else None
    if m is not None and (n := _count(m)) is not None and n > 0:
        days = timedelta(days=n * UNIT_DAYS[m.group("unit").rstrip("s")] - 1)
        return TimeSpan(day, day + days, Granularity.DAY), m.end()
    return None


def _day_offset(low: str, cand: _Cand, start: int) -> tuple[TimeSpan, int] | None:
    """The day(s) "N days before/after <day>" names, and where the phrase starts; None where it does not apply."""
    span = _resolve(cand)
    if span is None or span.granularity is not Granularity.DAY or span.start != span.end or span.start is None:
        return None
    m = _DAY_OFFSET.search(low, max(0, start - 60), start)
    n = _count(m) if m is not None else None
    if m is None or n is None:
        return None
    days = n * UNIT_DAYS[m.group("unit").rstrip("s")]
    sign = -1 if {"before", "prior", "preceding", "preceded", "earlier"} & set(m.group("dir").split()) else 1
    if m.group("within"):
        first, last = sorted((span.start + timedelta(days=sign), span.start + timedelta(days=sign * days)))
    else:
        first = last = span.start + timedelta(days=sign * days)
    return TimeSpan(first, last, Granularity.DAY), m.start()


# The safety rule: words next to a time that could change its window (a length such as "5 days" or "the week",
# "starting", "until", "leading up to", "or later") and that no reading above used. The reader abstains on such a
# time (``TimeExpression.unread``) rather than answer from a wider or shifted window.
_DURATION = (
    r"(?:(?P<ord>first|second|third|fourth|last|final|opening|closing|next|previous|past|following|preceding)\s+"
    r"(?:\w+(?:\s+|-))?|(?:\d{1,3}|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + r"|the|few|several|couple\s+of)(?:\s+|-))(?P<u>days?|weeks?|fortnights?|months?|years?|hours?|weekends?)"
)
_UNREAD_BEFORE = re.compile(
    # "the second half of October 2015": where a month's half starts is the writer's (the 15th or the 16th), so a
    # half of a month with no days said is not read (``asked_time`` reads one with its days in brackets)
    r"(?:^|(?<=[\s,(]))(?P<w>" + _DURATION + r"|(?:first|second|latter|former|earlier|later|last|1st|2nd)\s+half"
    r"|fortnight|weekends?|starting|beginning"
    r"|commencing|ending|ended|until|till|through|thru|up\s+to|leading\s+up|running\s+up|run[\s-]up|onwards?|within"
    r"|(?P<cmp>(?:no|not)\s+(?:more|later|earlier|less)\s+than|(?:more|less|fewer)\s+than|at\s+(?:most|least)))\b"
    r"(?P<rest>(?:\s+[\w'’-]+){0,3}?)\s*$"
)
_DURATION_ANY = _DURATION.replace("?P<u>", "?:").replace("?P<ord>", "?:")
_UNREAD_AFTER = re.compile(
    r"\s*,?\s*(?P<w>(?:and|or)\s+(?:after|afterwards|before|later|earlier|since|beyond|thereafter)\b"
    r"|(?:and|or)\s+the\s+(?:following|next|previous|preceding)\b|(?:and|or)\s+(?:the\s+)?" + _DURATION_ANY + r"\b"
    r"|(?:for|over)\s+(?:the\s+)?(?:(?:next|following|subsequent)\s+)?" + _DURATION_ANY + r"\b"
    r"|['’]s\s+(?:spring|summer|autumn|fall|winter)"
    r"|(?:onwards?|thereafter|at\s+the\s+(?:latest|earliest)|or\s+so|inclusive(?:ly)?|exclusive(?:ly)?|included"
    r"|excluded|not\s+included)\b"
    r"|" + _DURATION_ANY + r"\s+(?:after|later|on|before|earlier|ago)\b)"
)


# "(not counting the first day)", ", excluding weekends" after a time or a range: an edge or days left out that no
# rewrite read (``time_glosses`` reads "that day" and "the first day"), so the window is not the one said
_LEFT_OUT = re.compile(
    r"\s*[(,]?\s*(?P<w>(?:not\s+counting|excluding|not\s+including|exclusive\s+of|leaving\s+out)\s+"
    r"(?:(?:the|that|this|its)\s+)?(?:\w+\s+){0,2}?(?:days?|dates?|weekends?))\b"
)


# A season that is not the time's modifier: "the summer months of 2014", "summer and autumn of 2014".
_SEASON_BEFORE = re.compile(
    r"\b(?:spring|summer|autumn|fall|winter)(?:\s+(?:months?|season|period|and|or|to|through|until|till|of|the"
    r"|spring|summer|autumn|fall|winter))+\s*$"
)


def unread_window_words(low: str, phrase_start: int, end: int, span: TimeSpan | None) -> str:
    """The words around the time phrase [``phrase_start``, ``end``) that could change its window and were not read,
    as lower-cased text ("" when there are none). "the month of May 2014" restates the month and is no such word."""
    clause = max(low.rfind(c, 0, phrase_start) for c in ",;?!") + 1
    before = _UNREAD_BEFORE.search(low, clause, phrase_start)
    if before is not None:
        unit = (before.group("u") or "").rstrip("s")
        # "the month of May 2014" restates the month; "the month in 2014 when ..." asks for a month inside the year
        grains = {"day": 0, "month": 1, "year": 2}
        restates = (
            span is not None
            and before.group("w").startswith("the ")
            and not (before.group("u") or "s").endswith("s")  # "the days after D" is no restatement of the day
            and unit in grains
            and before.group("rest").strip() in ("", "of", "in", "during", "within")
            and grains[unit] <= span.granularity.rank
            and (unit == span.granularity.value or before.group("rest").strip() != "of")
        )
        # "in the two years 2014-2015": the count restates the range's years
        said_n = re.fullmatch(r"(?:the\s+)?(\w+)[\s-]+years", before.group("w"))
        restates = restates or (
            said_n is not None
            and span is not None
            and span.granularity is Granularity.YEAR
            and span.start is not None
            and span.end is not None
            and before.group("rest").strip() == ""
            and NUMBER_WORDS.get(said_n.group(1), int(said_n.group(1)) if said_n.group(1).isdigit() else 0)
            == span.end.year - span.start.year + 1
        )
        asked = before.group("ord") is not None and _ASKED_UNIT_TAIL.match(low, end) is not None
        # "no more than 3 days after D" bounds the count right after it; "more than once in 2014" is no window
        asked = asked or (before.group("cmp") is not None and before.group("rest").strip() != "")
        if not restates and not asked:
            return low[before.start() : phrase_start].strip()
    season = _SEASON_BEFORE.search(low, clause, phrase_start)
    if season is not None:
        return low[season.start() : phrase_start].strip()
    after = _UNREAD_AFTER.match(low, end)
    return after.group("w").strip() if after is not None else ""


def _resolve(c: _Cand) -> TimeSpan | None:
    if c.span is not None:
        return c.span
    if c.invalid or c.relative:
        return None
    span, _ = _ymd_span(c.year, c.month, c.day)
    return span


def _merge_ranges(low: str, cands: list[_Cand]) -> list[tuple[_Cand, str, int]]:
    """Join "between A and B" / "from A to B" / "A to B" into one range candidate: (cand, head word, head start)."""
    out: list[tuple[_Cand, str, int]] = []
    i = 0
    while i < len(cands):
        a = cands[i]
        b = cands[i + 1] if i + 1 < len(cands) else None
        if b is not None and not a.relative and not b.relative and _RANGE_MID.match(low[a.end : b.start]):
            head = _RANGE_HEAD.search(low, max(0, a.start - 40), a.start)
            mid = _RANGE_MID.match(low[a.end : b.start])
            assert mid is not None
            # "A and B", "A up to B" join only after a head ("between", "from"): "in 2014 up until 22 October" is a
            # year and a bound
            if head is not None or (mid.group("mid") != "and" and not mid.group("mid").startswith("up")):
                if a.year is None and b.year is not None and a.month is not None and a.span is None:
                    a = replace(a, year=b.year, invalid=False)  # "from May to July 2014"
                sa, sb = _resolve(a), _resolve(b)
                word = (head.group("head") or "across") if head else ""
                start = head.start("head" if head.group("head") else "head2") if head else a.start
                if (
                    sa is not None
                    and sb is not None
                    and sa.start is not None
                    and sb.end is not None
                    and sa.start <= sb.end
                ):
                    gran = sa.granularity.coarser(sb.granularity)
                    merged = _Cand(
                        a.start,
                        b.end,
                        a.year,
                        span=TimeSpan(sa.start, sb.end, gran),
                        range_kind=True,
                        first_is_day=sa.granularity is Granularity.DAY,
                        last_is_day=sb.granularity is Granularity.DAY,
                    )
                else:
                    merged = _Cand(a.start, b.end, invalid=True, range_kind=True)
                out.append((merged, word, start))
                i += 2
                continue
        out.append((a, "", -1))
        i += 1
    return out


def _relative_span(low_text: str, reference: date | None) -> TimeSpan | None:
    if reference is None:
        return None
    m = _RELATIVE.fullmatch(low_text)
    if m is None:
        return None
    if m.group("now"):
        return TimeSpan.day(reference)
    if m.group("yday"):
        return TimeSpan.day(reference + timedelta(days=-1 if m.group("yday") == "yesterday" else 1))
    if m.group("which"):
        shift = {"this": 0, "last": -1, "previous": -1, "past": -1, "next": 1}[m.group("which")]
        unit = m.group("unit")
        if unit == "year":
            return _ymd_span(reference.year + shift, None, None)[0]
        if unit == "month":
            months = reference.year * 12 + reference.month - 1 + shift
            return _ymd_span(months // 12, months % 12 + 1, None)[0]
        monday = reference - timedelta(days=reference.weekday()) + timedelta(weeks=shift)
        return TimeSpan(monday, monday + timedelta(days=6), Granularity.DAY)
    n_text = m.group("n")
    n = int(n_text) if n_text.isdigit() else NUMBER_WORDS[n_text]
    unit = m.group("agounit").rstrip("s")
    if unit == "year":
        return _ymd_span(reference.year - n, None, None)[0]
    if unit == "month":
        months = reference.year * 12 + reference.month - 1 - n
        return _ymd_span(months // 12, months % 12 + 1, None)[0]
    return TimeSpan.day(reference - timedelta(days=n))


def _modifier(low: str, cand: _Cand) -> tuple[str | None, int]:
    """A vague qualifier right before a year/month/decade ("early", "the end of", "summer"), and where it starts."""
    if cand.relative or cand.day is not None or cand.range_kind:
        return None, cand.start
    m = _MODIFIER.search(low, max(0, cand.start - 25), cand.start)
    if m is None:
        return None, cand.start
    return " ".join(m.group("mod").split()).removesuffix(" of"), m.start()


# "between A and B (inclusive)": both ends in, as "between" is read; "(exclusive)" may leave out one end or both, and
# is left unread (the reader abstains) unless only one end is a day (``_exclusive_end``).
_RANGE_BOUND_TAIL = re.compile(
    r"\s*,?\s*\(?\s*(?P<w>(?:both\s+)?(?:(?P<in>inclusive(?:ly)?|included)|(?P<ex>exclusive(?:ly)?|excluded"
    r"|not\s+included)))\b\s*\)?"
)


def _exclusive_end(cand: _Cand, span: TimeSpan | None) -> bool:
    """ "(exclusive)" after a range from a period's edge to a day leaves out that day: only the day can be left
    out ("between the start of 2015 and 17 November 2015 (exclusive)"). Two days, or no day at the end, leave it
    unsaid which end goes."""
    return cand.last_is_day and not cand.first_is_day and span is not None and span.end is not None


def _season(
    low: str, cand: _Cand, modifier: str | None, span: TimeSpan | None, start: int
) -> tuple[TimeSpan | None, str]:
    """A season's months in its year ("summer 2014": June-August 2014), or the span unchanged and the season as an
    unread word where it has no one reading (winter, a decade's season, "late summer 2014")."""
    if modifier not in SEASONS:
        return span, ""
    bracket = _BRACKET_AFTER.match(low, cand.end)
    if bracket is not None:
        close = low.find(")", bracket.end())
        inside = low[bracket.end() : close if close >= 0 else len(low)]
        if any(w in MONTHS for w in re.findall(r"[a-z]+", inside)):
            return span, ""  # the months in brackets are a time of their own and win
        return span, modifier  # "the summer of 2015 (the World Cup)": no months said; not the whole year
    part = _SEASON_PART.search(low, max(0, start - 20), start)
    if part is not None:
        return span, low[part.start() : start].strip() + " " + modifier
    months = _SEASON_MONTHS.get(modifier)
    one_year = span is not None and span.granularity is Granularity.YEAR and span.start == date(cand.year or 1, 1, 1)
    if months and one_year and span is not None and span.end == date(cand.year or 1, 12, 31) and cand.year:
        return _month_range(cand.year, *months), ""
    return span, modifier


def _governing(low: str, cand: _Cand, start: int, text: str | None = None) -> tuple[str, int, Signal]:
    """The relation word before an expression (as lower-cased text), where it starts, and its signal (``text``:
    ``low`` as written, for the capitals of names)."""
    found = relation_before(low, start)
    if found is None or (cand.relative and found[0] in ("of", "for", "about")):
        relation, rel_start, signal = "", start, Signal.OVERLAP
    else:
        relation, rel_start, signal = found
    if relation == "from" and not _ONWARDS.match(low, cand.end):
        signal = Signal.OVERLAP  # "winners from the 1990s", "from 1803-1870": of that time, not since then
    if signal is Signal.OVERLAP and relation in ("", "in", "on", "at") and not cand.relative:
        signal = state_change_signal(low, rel_start, text) or signal  # "who did X marry in 1967": START
    return relation, rel_start, signal


# "had (most recently|last) ..." in the question: a pluperfect asks what had happened up to the time it names.
_PLUPERFECT = re.compile(r"\bhad\b")


def _inclusive_by(low: str, relation: str, modifier: str | None, signal: Signal) -> Signal:
    """FINISH (up to and including the period) where the wording includes it: "by/before/no later than the end of May
    2014" ends with May's last day, while a bare "by May 2014" stays BEFORE (by the time May came); likewise "after
    the beginning of May" is START, from May's first day. "As of X" with a pluperfect ("as of May 2014, who had last
    visited Y") asks for what had happened up to X, not what happened in X; without one it keeps the state reading
    ("who was president as of 1988")."""
    rel = " ".join(relation.lower().split())
    if signal is Signal.BEFORE and modifier == "end":
        return Signal.FINISH
    if signal is Signal.AFTER and modifier in ("beginning", "start"):
        return Signal.START
    if signal is Signal.OVERLAP and rel in ("as of", "as at") and _PLUPERFECT.search(low):
        return Signal.FINISH
    return signal


def _stated_year(cands: list[_Cand]) -> list[_Cand]:
    """A day or month without its year takes the one year the question states elsewhere: "In 2015, before 13
    January, ..." and "... in 2014 prior to 22 October" bound the day in that year (the window is the year up to the
    day), "in 2014, before June" the month. Only when exactly one year is stated (two years, or a range, leave the
    day unplaced, as does a question with no year), and never for an impossible day (30 February)."""
    years = {c.year for c in cands if c.year is not None and not c.range_kind and not c.relative}
    if len(years) != 1:
        return cands
    (year,) = years
    return [
        replace(c, year=year)
        if c.year is None and c.month is not None and c.span is None and not c.invalid and not c.relative
        else c
        for c in cands
    ]


def find_time_expressions(text: str, *, reference: date | None = None) -> list[TimeExpression]:
    """Every explicit or relative time expression in ``text``, in order, with its governing relation word."""
    low = fold(text)
    out: list[TimeExpression] = []
    for cand, head, head_start in _merge_ranges(low, _stated_year(_select(_candidates(text, low)))):
        modifier, start = _modifier(low, cand)
        dated = cand.day is not None or cand.first_is_day
        weekday = _WEEKDAY_BEFORE.search(low, max(0, start - 16), start) if dated and not head else None
        if weekday is not None:
            start = weekday.start()
        whole = _WHOLE_HEAD.search(low, max(0, start - 45), start) if not head else None
        window = (_day_window(low, cand, start) or _edge_part(low, cand, start)) if not head else None
        offset = _day_offset(low, cand, start) if not head and window is None else None
        passed = _PASSED_HEAD.search(low, max(0, start - 12), start) if not head else None
        passed_tail = _PASSED_TAIL.match(low, cand.end) if passed is not None else None
        span = _relative_span(low[cand.start : cand.end], reference) if cand.relative else _resolve(cand)
        span, season_unread = _season(low, cand, modifier, span, start)
        if weekday is not None and not season_unread and span is not None and span.start is not None:
            season_unread = _wrong_weekday(weekday.group(0), TimeSpan.day(span.start))
        if head and not season_unread:  # "in the 4 days from 3 March to 7 March": a count the range does not say
            count = _COUNT_BEFORE_HEAD.search(low, max(0, head_start - 45), head_start)
            season_unread = count.group("w") if count is not None else ""
        counted = window or offset
        if head:  # "between A and B", "from A to B"
            relation, rel_start, signal = head, head_start, Signal.OVERLAP
        elif counted is not None:  # "the 5 days starting D", "three days before D"
            span, rel_start = counted
            relation, signal = low[rel_start:start].rstrip(), Signal.OVERLAP
        elif passed is not None and passed_tail is not None:  # "once 19 Oct 2015 had passed"
            relation, rel_start, signal = passed.group("head"), passed.start(), Signal.AFTER
        elif whole is not None:  # "across the whole of 2014": the words up to the year are the time phrase's
            relation, rel_start, signal = low[whole.start() : start].rstrip(), whole.start(), Signal.OVERLAP
        else:
            relation, rel_start, signal = _governing(low, cand, start, text)
            signal = _inclusive_by(low, relation, modifier, signal)
            counting = _COUNT_FROM.search(low, max(0, rel_start - 15), rel_start) if relation == "from" else None
            if counting is not None:  # "Counting from 2014, ...": from the period's start on
                relation, rel_start = low[counting.start() : rel_start] + relation, counting.start()
            if relation.endswith("from") and (counting is not None or modifier in ("beginning", "start")):
                signal = Signal.START  # "from the beginning of 2014": a point to count from, not "of that time"
            scope = _SCOPE_HEAD.search(low, max(0, start - 30), start) if not relation else None
            split = _SPLIT_COMPARATIVE.search(low, max(0, start - 40), start) if not relation else None
            if scope is not None:  # "..., counting only 2015": the stated window, no event word
                relation, rel_start = low[scope.start() : start].rstrip(), scope.start()
            elif split is not None:  # "earlier in 2014 than June 8": before June 8 (the year is its own expression)
                relation, rel_start = split.group("than"), split.start("than")
                signal = Signal.AFTER if split.group("cmp") == "later" else Signal.BEFORE
        end = cand.end
        tail = _ONWARDS_TAIL.match(low, end) if relation.lower().endswith(("from", "since")) else None
        if tail is not None:
            end = tail.end()
        only = _ONLY_TAIL.match(low, end) if head.startswith(("looking", "considering", "focusing")) else None
        if only is not None:
            end = only.end()
        if passed_tail is not None and signal is Signal.AFTER:
            end = passed_tail.end()
        bound = _RANGE_BOUND_TAIL.match(low, end) if head else None
        if bound is not None and not bound.group("ex"):  # "between A and B (inclusive)": as "between" reads it
            end = bound.end()
        elif bound is not None and _exclusive_end(cand, span):  # "between the start of 2015 and 17 November (excl.)"
            assert span is not None and span.end is not None
            span, end, bound = TimeSpan(span.start, span.end - timedelta(days=1), span.granularity), bound.end(), None
        out_tail = _RUN_OUT_TAIL.match(low, end) if signal is Signal.BEFORE else None
        if out_tail is not None:  # "before 2014 was out": up to and including 2014's last day
            signal, end = Signal.FINISH, out_tail.end()
        starts = signal is Signal.START or relation.lower().endswith("from")
        days_tail = _day_tail(low, span, end, starts) if not head and counted is None else None
        if days_tail is not None:  # "3 May 2014 and the two days after", "from 3 May 2014 for five days"
            (span, end), signal = days_tail, Signal.OVERLAP
        out.append(
            TimeExpression(
                text=text[start:end],
                start=start,
                end=end,
                span=span,
                signal=signal,
                relation=text[rel_start : rel_start + len(relation)],
                relation_start=rel_start,
                modifier=modifier,
                relative=cand.relative,
                unread=season_unread
                or (
                    (bound.group("w") if bound is not None and bound.group("ex") else "")
                    if head
                    else unread_window_words(low, rel_start, end, span)
                )
                or (((left_out := _LEFT_OUT.match(low, end)) is not None and left_out.group("w")) or ""),
            )
        )
    return _unread_seasons(text, out)


def _unread_seasons(text: str, out: list[TimeExpression]) -> list[TimeExpression]:
    """A season word outside every read time: each time is left unread (its window may be the season's), or, with
    no time at all, the season is a time not on the calendar (its year unsaid). Either way the reader abstains."""
    for m in _SEASON_WORD.finditer(text):
        group = "w" if m.group("w") else "f"
        start, end = m.start(group), m.end(group)
        if any(t.start <= start < t.end for t in out):
            continue
        word = m.group(group)
        if not out:
            return [TimeExpression(text=word, start=start, end=end, span=None)]
        return [t if t.unread else replace(t, unread=word) for t in out]
    return out


def parse_time(text: str, *, reference: date | None = None) -> TimeSpan:
    """The span of a text that is exactly one time expression ("13 May 2014", "the 1990s", "between 2012 and 2018").

    Raises ``TimeExpressionError`` naming the text when it is not one placeable time expression."""
    found = find_time_expressions(text.strip(), reference=reference)
    stripped = text.strip()
    if len(found) != 1 or found[0].span is None:
        what = "no time expression" if not found else "not a single calendar time"
        raise TimeExpressionError(f"{what} in {text!r}; write e.g. '13 May 2014', '2014-05', 'May 2014', '2014'")
    expr = found[0]
    if expr.phrase_start > 0 or expr.end < len(stripped.rstrip("?.! ")):
        raise TimeExpressionError(
            f"{text!r} has words beyond the time expression {expr.text!r}; pass only the time expression"
        )
    assert expr.span is not None
    return expr.span
