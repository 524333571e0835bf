"""A window's edges said outright: "from the start of 2015 up to, but not including, 23 October 2015" (before that
day), "(ending 13 August 2015 inclusive)" (through that day), "from D1 to D2, both days included" and "in the 14
days from D1 to D2" (the range as said, when its length is the count), "from the day after D to ..." (from the next
day) and "in 2014 or in 2015" (both years). Said in the words the time reader already
reads before parsing; a count that disagrees with its range is left as written, so the safety rule abstains."""

from __future__ import annotations

import re
from datetime import timedelta

from tkgrag.question.lexicon import NUMBER_WORDS
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import MONTH_NAMES, Granularity

# "up to, but not including, D", "until but excluding D": the day itself is out
_BUT_NOT = re.compile(
    r"\b(?:up\s+to|until|till|through|to)\s*,?\s*but\s+(?:not\s+including|excluding|not\s+counting)\s*,?\s+",
    re.IGNORECASE,
)
# "ending D inclusive", "(until D, inclusive)": the day itself is in (a short date, no clause boundary inside)
_INCLUSIVE_END = re.compile(
    r"\b(?:ending|ended|ends|until|till|through|up\s+to)\s+(?:on\s+)?(?P<d>[\w ,'-]{4,32}?)\s*,?\s*"
    r"(?:inclusive(?:ly)?|included)\b",
    re.IGNORECASE,
)
# ", both days included" / "(inclusive)" after a "from D1 to D2" range: the range's edges are in already
_BOTH = re.compile(
    r"\s*,?\s*\(?\s*(?:both\s+(?:days|dates|ends)\s+(?:included|inclusive|counted)|both\s+inclusive|inclusive)"
    r"\s*\)?(?=\s*[,?.!]|\s*$)",
    re.IGNORECASE,
)
# "in the 14 days from D1 to D2": the count restates the range's length
_COUNT = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_DAYS_FROM = re.compile(
    r"\b(?:(?:in|during|over|within|across|throughout)\s+)?the\s+" + _COUNT + r"(?:\s+|-)days?(?=\s+from\s)",
    re.IGNORECASE,
)


def _range_days(text: str, start: int) -> int | None:
    """The length in days of the first day-granular range said from ``start`` on ("from D1 to D2")."""
    for t in find_time_expressions(text[start:]):
        span = t.span
        if span is not None and span.start is not None and span.end is not None and span.start != span.end:
            return (span.end - span.start).days + 1
    return None


def _ranged_before(text: str, pos: int) -> bool:
    """Whether a "from/between D1 to/and D2" range of days ends right before ``pos``."""
    return any(
        t.end == len(text[:pos].rstrip())
        and t.relation.lower() in ("from", "between")
        and t.span is not None
        and t.span.start != t.span.end
        for t in find_time_expressions(text[:pos].rstrip())
    )


def _but_not(text: str) -> str:
    """ "from D1 up to, but not including, D2" as the range "from D1 to <the day before D2>" (a bare "from D1" is
    only that day); "up to, but not including, D" otherwise as "before D" ("from the start of 2015 before D" reads
    as both edges)."""
    m = _BUT_NOT.search(text)
    if m is None:
        return text
    before = text[: m.start()] + "before " + text[m.end() :]
    rest = find_time_expressions(text[m.end() :])
    if not rest or rest[0].start != 0 or rest[0].span is None or rest[0].span.granularity is not Granularity.DAY:
        return before
    assert rest[0].span.start is not None
    last = rest[0].span.start - timedelta(days=1)
    ranged = text[: m.start()].rstrip() + f" to {last.isoformat()}" + text[m.end() + rest[0].end :]
    ok = any(
        t.relation.lower() == "from" and t.span is not None and t.span.end == last and t.span.start != t.span.end
        for t in find_time_expressions(ranged)
    )
    return ranged if ok else before


# "from the day after D to ...", "between the day before D and ...": a range whose first edge is a day next to D
_NEXT_DAY_EDGE = re.compile(
    r"\b(?P<head>from|between)\s+(?:on\s+)?the\s+day\s+(?P<dir>after|before|following|preceding)\s+",
    re.IGNORECASE,
)


# the word that opens the range's other edge
_OTHER_EDGE = re.compile(r"\s+(?:to|and|until|till|through|up\s+to)\s+", re.IGNORECASE)


def _next_day_edge(text: str) -> str:
    """ "from the day after 3 April 2015 to the end of 2015" as "from 2015-04-04 to the end of 2015" (the time reader
    read it as "after 2015"); left as written unless D is one day and a range is read from the result."""
    m = _NEXT_DAY_EDGE.search(text)
    if m is None:
        return text
    other = _OTHER_EDGE.search(text, m.end())
    if other is None:
        return text
    rest = find_time_expressions(text[m.end() : other.start()])
    if not rest or rest[0].start != 0 or rest[0].span is None or rest[0].span.granularity is not Granularity.DAY:
        return text
    assert rest[0].span.start is not None
    step = timedelta(days=1 if m.group("dir").lower() in ("after", "following") else -1)
    day = rest[0].span.start + step
    said = f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"  # "from 2015-04-02 to ..." is misread: no ISO form here
    edged = text[: m.start()] + f"{m.group('head')} {said}" + text[m.end() + rest[0].end :]
    ok = any(
        t.relation.lower() == m.group("head").lower() and t.span is not None and t.span.start == day
        for t in find_time_expressions(edged)
    )
    return edged if ok else text


# "in 2014 or in 2015", "(2014 or 2015)": either of two years, which the time reader took as both at once (their
# intersection is empty); two years in a row are the range of both
_YEAR_OR = re.compile(
    r"\b(?:(?:in|during)\s+)?(?P<y1>\d{4})\s+or\s+(?:(?:in|during)\s+)?(?P<y2>\d{4})\b", re.IGNORECASE
)


def _year_or(text: str) -> str:
    """ "Was it in 2014 or in 2015 that ...?" as "Was it between 2014 and 2015 that ...?"; years not in a row are
    left as written (a range would take in the years between)."""
    m = _YEAR_OR.search(text)
    if m is None or int(m.group("y2")) != int(m.group("y1")) + 1:
        return text
    return text[: m.start()] + f"between {m.group('y1')} and {m.group('y2')}" + text[m.end() :]


def window_edges(question: str) -> str:
    """``question`` with its window's stated edges said as "before D" / "through D" / the bare range; unchanged
    where it says none (or where a count disagrees with its range)."""
    text = _year_or(_next_day_edge(_but_not(question)))
    text = _INCLUSIVE_END.sub(lambda m: f"through {m.group('d')}", text)
    m = _BOTH.search(text)
    if m is not None and _ranged_before(text, m.start()):
        text = text[: m.start()] + text[m.end() :]
    d = _DAYS_FROM.search(text)
    if d is not None:
        n_text = d.group("n").lower()
        n = int(n_text) if n_text.isdigit() else NUMBER_WORDS.get(n_text)
        if n is not None and _range_days(text, d.end()) == n:
            text = text[: d.start()] + text[d.end() :].lstrip()
            text = re.sub(r"\s+([,?.!])", r"\1", text)
    return text
