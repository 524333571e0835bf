"""A named day with its date stated beside it: "on World AIDS Day 2014 (1 December)", "on Christmas Day (25 December
2014)", "on Bastille Day (14 July) 2015". The capitalised day name would join the entity name before it ("Antonis
Samaras on World AIDS Day"), and the date in brackets already says the day: the name is dropped for the date.
A day whose name has no "Day" in it ("on Halloween (31 October) 2014", "on Thanksgiving (27 November 2014)") is read
likewise after "on": the stated date decides, whatever the name would mean. Without a stated date the name stays (no
calendar of named days is guessed). "on Independence Day in the United States (July 4) 2014": the country after the
name goes with it. A name on the time reader's calendar whose day is not the bracket's ("Christmas Day (26
December)") abstains: which of the two is meant is unsaid."""

from __future__ import annotations

import re
from datetime import timedelta

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import MONTH_NAMES, Granularity

_NAMED_DAY = re.compile(
    r"\b(?P<on>[Oo]n\s+)?(?:the\s+)?(?P<name>(?:[A-Z][\w'’.-]*\s+){0,4}(?:Day|Eve))\b"
    # "Independence Day in the United States (July 4) 2014": the country whose day it is
    r"(?:\s+(?:in|of)\s+(?P<country>(?:the\s+)?(?:[A-Z][\w'’.-]*)(?:\s+[A-Z][\w'’.-]*){0,2}))?(?:\s+(?P<year>\d{4}))?\s*"
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
# A country's own day said with its country, on one date every year: "on US Independence Day 2014", "on India's
# Independence Day 2015", "on Independence Day in the United States 2014". Without a country (or with one not here,
# or whose day moves) it stays off the calendar and the reader abstains.
_COUNTRY_DAYS: dict[str, tuple[int, int]] = {
    "united states": (7, 4),
    "india": (8, 15),
    "pakistan": (8, 14),
    "mexico": (9, 16),
    "brazil": (9, 7),
    "nigeria": (10, 1),
    "kenya": (12, 12),
    "ghana": (3, 6),
    "indonesia": (8, 17),
    "philippines": (6, 12),
    "ukraine": (8, 24),
    "south sudan": (7, 9),
    "algeria": (7, 5),
    "argentina": (7, 9),
    "venezuela": (7, 5),
    "colombia": (7, 20),
    "peru": (7, 28),
    "sri lanka": (2, 4),
    "bangladesh": (3, 26),
    "vietnam": (9, 2),
    "belarus": (7, 3),
    "kazakhstan": (12, 16),
    "finland": (12, 6),
    "malaysia": (8, 31),
}
_COUNTRY_WORDS = {
    "us": "united states",
    "u.s.": "united states",
    "usa": "united states",
    "u.s.a.": "united states",
    "america": "united states",
    "american": "united states",
    "the united states": "united states",
    "the us": "united states",
    "the u.s.": "united states",
    "the usa": "united states",
    "the philippines": "philippines",
    "indian": "india",
    "pakistani": "pakistan",
    "mexican": "mexico",
    "brazilian": "brazil",
    "nigerian": "nigeria",
    "kenyan": "kenya",
    "ghanaian": "ghana",
    "indonesian": "indonesia",
    "philippine": "philippines",
    "ukrainian": "ukraine",
    "algerian": "algeria",
    "argentine": "argentina",
    "argentinian": "argentina",
    "venezuelan": "venezuela",
    "colombian": "colombia",
    "peruvian": "peru",
    "bangladeshi": "bangladesh",
    "vietnamese": "vietnam",
    "belarusian": "belarus",
    "kazakh": "kazakhstan",
    "finnish": "finland",
    "malaysian": "malaysia",
}
_COUNTRY = r"(?P<{0}>(?:the\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*){{0,2}})"
_COUNTRY_DAY = re.compile(
    r"\b(?:the\s+)?(?:" + _COUNTRY.format("c1") + r"(?:['’]s?)?\s+)?Independence\s+Day"
    r"(?:\s+(?:in|of|for)\s+" + _COUNTRY.format("c2") + r")?(?:\s*,)?\s+(?:(?:of|in)\s+)?(?P<year>\d{4})\b(?!\s*\()"
    # "Independence Day 2014 in the United States": the country after the year
    r"(?:\s+(?:in|of|for)\s+" + _COUNTRY.format("c3") + r"(?![\w'’]))?"
)


def _country_day(said: str | None) -> tuple[int, int] | None:
    """The (month, day) of the independence day of the country ``said`` names, where it has one date."""
    if not said:
        return None
    name = " ".join(said.split()).lower()
    name = _COUNTRY_WORDS.get(name, name)
    name = name[4:] if name.startswith("the ") else name
    return _COUNTRY_DAYS.get(_COUNTRY_WORDS.get(name, name))


def _country_days(question: str) -> str:
    """ "on US Independence Day 2014" -> "on 4 July 2014" (the country's one date); unchanged without a known
    country (the time reader keeps "Independence Day" off its calendar: the reader abstains)."""

    def said(m: re.Match[str]) -> str:
        if sum(bool(m.group(c)) for c in ("c1", "c2", "c3")) > 1:
            return m.group(0)
        day = _country_day(m.group("c1") or m.group("c2") or m.group("c3"))
        if day is None and (m.group("c2") or m.group("c3")):
            # "Independence Day in Israel in 2014": kept whole as a named day off the calendar (the reader abstains),
            # not left for the time reader to take "2014" alone
            return f"{(m.group('c2') or m.group('c3')).removeprefix('the ')} Independence Day {m.group('year')}"
        if day is None:
            return m.group(0)
        return f"{day[1]} {MONTH_NAMES[day[0] - 1]} {m.group('year')}"

    return _COUNTRY_DAY.sub(said, question)


_COUNTRY_NAMED = re.compile(r"\s*(?:['’]s?\s+)?Independence\s+Day$")
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


# "the day before April Fools' Day 2014 (31 March)", "two days after Christmas (27 December 2014)": a day counted
# from a named day, with a date in brackets that may be the named day or the asked day itself
_OFFSET_NAMED = re.compile(
    r"\b(?P<off>(?:the|one|a|two|three|four|five|six|seven|\d{1,2})\s+days?)\s+(?P<dir>before|after|following|"
    r"preceding|prior\s+to)\s+(?P<name>(?:the\s+)?(?:[A-Z][\w'’.-]*\s+){0,4}[A-Z][\w'’.-]*)(?:\s+(?P<year>\d{4}))?\s*"
    r"\((?P<gloss>(?:that\s+is|i\.?\s?e\.?|namely|meaning|so)\s*,?\s*)?(?P<date>[^()]{3,30})\)"
    r"(?:(?(year)(?!)|\s+(?P<after>\d{4})\b))?"
)
_COUNTS = {"the": 1, "one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _offset_named(question: str) -> str:
    """The bracket after "the day before/after <Name> YYYY" said as the day it is: the asked day ("on D Month YYYY")
    where it is the named day moved by the offset, the named day (the offset kept) where it is that day. Where the
    name is on no calendar the bracket could be either, and where it is neither day it contradicts the name: both
    abstain rather than answer for a day one off."""

    def said(m: re.Match[str]) -> str:
        year = m.group("year") or m.group("after")
        date = " ".join(m.group("date").split())
        if year and not re.search(r"\b\d{4}\b", date):
            date = f"{date} {year}"
        found = find_time_expressions(date)
        if not (
            len(found) == 1
            and found[0].span is not None
            and found[0].span.granularity is Granularity.DAY
            and found[0].start == 0
            and found[0].end == len(date)
            and found[0].span.start is not None
        ):
            return m.group(0)
        stated = found[0].span.start
        year = year or str(stated.year)
        named = find_time_expressions(f"{m.group('name')} {year}")
        if not (len(named) == 1 and named[0].span is not None and named[0].span.granularity is Granularity.DAY):
            raise UnreadablePair(
                f"cannot read {question!r}: {m.group('name')!r} is on no calendar here, so the bracket "
                f"({m.group('date')}) may be that day or the day asked"
            )
        day = named[0].span.start
        count = _COUNTS.get(m.group("off").split()[0].lower()) or int(m.group("off").split()[0])
        sign = (
            -1 if m.group("dir").lower() in ("before", "preceding") or m.group("dir").lower().startswith("prior") else 1
        )
        if day is None or (year and str(day.year) != year):
            return m.group(0)
        if stated == day:
            return f"{m.group('off')} {m.group('dir')} {date}"
        if stated == day + timedelta(days=sign * count):
            before = question[max(0, m.start() - 4) : m.start()].lower()
            return date if re.search(r"\b(?:on|of)\s+$", before) else f"on {date}"
        raise UnreadablePair(
            f"cannot read {question!r}: the bracket ({m.group('date')}) is neither {m.group('name')} nor "
            f"{m.group('off')} {m.group('dir')} it"
        )

    return _OFFSET_NAMED.sub(said, question)


def named_days(question: str) -> str:
    """``question`` with "<Name> Day YYYY (D Month)" said as "D Month YYYY"; unchanged where the bracket is no day."""
    question = _offset_named(question)

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
        if not ok:
            return m.group(0)
        # "on Christmas Day (26 December) 2014": a name on the calendar whose day is not the bracket's contradicts it
        assert found[0].span is not None
        stated = found[0].span.start
        named = find_time_expressions(f"{m.group('name')} {stated.year if stated else ''}")
        own = _country_day(m.groupdict().get("country") or _COUNTRY_NAMED.sub("", m.group("name")).strip() or None)
        if own is not None and "independence" in m.group("name").lower() and stated is not None:
            if (stated.month, stated.day) != own:
                raise UnreadablePair(
                    f"cannot read {question!r}: the bracket ({m.group('date')}) is not {m.group('name')}; ask for the "
                    "day or the name alone"
                )
        elif (
            len(named) == 1
            and named[0].span is not None
            and named[0].span.granularity is Granularity.DAY
            and named[0].span.start != found[0].span.start
        ):
            raise UnreadablePair(
                f"cannot read {question!r}: the bracket ({m.group('date')}) is not {m.group('name')}; ask for the day "
                "or the name alone"
            )
        return f"{m.group('on') or ''}{date}"

    def said_name(m: re.Match[str]) -> str:
        if m.group("name").lower() in _PLAIN:
            return m.group(0)
        return said(m)

    return _country_days(_ON_NAME.sub(said_name, _NAMED_DAY.sub(said, question)))
