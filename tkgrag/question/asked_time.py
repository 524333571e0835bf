"""An asked time or a window said around the clause, said the way the time reader reads it (each text -> text; what
does not fit is left as written, so the reader reads or abstains as before):

- "X did R in 2014 - when exactly?", "X did R: on what date?" -> "Tell me the date when X did R in 2014." ("exactly"
  was read as an anchor's words);
- "Give me the exact date (2015) when X did R" -> "... the exact date in 2015 when X did R" (the bracketed year made
  the "when" clause an anchor and "exact" the relation);
- "in the same Monday-to-Sunday week as X did R" -> "in the same week as X did R" (the reader's week runs Monday to
  Sunday already; "Monday-to-Sunday" was read as a name);
- "X did R on D. Who else did the same within three days of that date, either side (D1 to D2)?" -> "Within three
  days of the day that X did R on D, who else did the same?" (the bracket is checked: D-3 to D+3, else left);
- "During October 2014 (Oct 1 to 31), who ...?": a bracket that restates the whole month is dropped ("Oct 1" was
  read as a second window, a single day);
- "the day in the month of April 2014 when" -> "the day in April 2014 when".

"What was the first date after X did R on which ...?" and "After X did R, ... in the rest of 2014 ...?" are
``clause_shapes.time_after_which``'s and ``clause_shapes.rest_of_year``'s (they run before this).
"""

from __future__ import annotations

import calendar
import itertools
import re
from datetime import timedelta

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.lexicon import MONTHS
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, TimeSpan


def _one(text: str) -> TimeSpan | None:
    """The span of ``text`` when the whole of it is one time expression read with nothing unread (else None)."""
    text = text.strip()
    found = find_time_expressions(text)
    if len(found) != 1 or found[0].span is None or found[0].unread or found[0].end != len(text):
        return None
    if min(found[0].phrase_start, found[0].start) != 0:
        return None
    return found[0].span


_WH_START = re.compile(
    r"^\s*(?:who|whom|whose|which|what|when|where|how|did|does|do|is|was|were|tell|name|give|list)\b", re.IGNORECASE
)
# "X did R in 2014 - when exactly?", "X did R: on what date?", "X did R - which day, exactly?"
_WHEN_EXACTLY = re.compile(
    r"^(?P<s>[^?]+?)\s*(?:[-\u2013\u2014:;,.]|\.\.\.)\s*(?:so\s+|but\s+)?(?:when(?:\s+(?:was\s+(?:that|this|it)|did\s+(?:that|this|it)\s+"
    r"(?:happen|take\s+place|occur)))?|on\s+(?:what|which)\s+(?:exact\s+|precise\s+)?"
    r"(?:date|day)|(?:what|which)\s+(?:exact\s+|precise\s+)?(?:date|day)(?:\s+(?:was\s+(?:that|it)|did\s+(?:that|it)\s+"
    r"happen))?)(?:\s*,?\s*(?:exactly|precisely))?\s*\?\s*$",
    re.IGNORECASE,
)


def _when_exactly(text: str) -> str:
    m = _WHEN_EXACTLY.match(text)
    if m is None or _WH_START.match(m.group("s")) or "?" in m.group("s"):
        return text
    s = m.group("s").strip().rstrip(".")
    return f"Tell me the date when {_lowered(s)}."


def _lowered(s: str) -> str:
    """``s`` with a sentence-opening article or preposition in lower case (a name keeps its capital)."""
    first = s.split(" ", 1)[0]
    return s[:1].lower() + s[1:] if first in ("The", "A", "An", "In", "On", "During", "After", "Before") else s


# "the exact date (2015) when", "the day (in 2014) on which"
_YEAR_BRACKET = re.compile(
    r"\b(?P<u>(?:(?:exact|precise|specific)\s+)?(?:dates?|days?))\s*\(\s*(?:in\s+)?(?P<y>(?:19|20)\d{2})\s*\)\s*"
    r"(?=(?:when|on\s+which|that)\b)",
    re.IGNORECASE,
)

# "the same Monday-to-Sunday week", "the same Monday to Sunday calendar week"
_MON_SUN = re.compile(
    r"\b(?P<same>same\s+)(?:Monday|Mon\.?)[\s\-\u2013]*(?:to|through|thru|until)?[\s\-\u2013]*(?:Sunday|Sun\.?)\s+"
    r"(?=(?:calendar\s+)?week\b)",
    re.IGNORECASE,
)

_MON_TO_SUN = r"(?:Monday|Mon\.?)[\s\-\u2013]*(?:to|through|thru|until)?[\s\-\u2013]*(?:Sunday|Sun\.?)"
# "the same week (Monday-to-Sunday) as", "the Monday-to-Sunday week in which X did R"
_MON_SUN_BRACKET = re.compile(rf"\b(?P<w>same\s+(?:calendar\s+)?week)\s*\(\s*{_MON_TO_SUN}\s*\)", re.IGNORECASE)
_MON_SUN_THE = re.compile(
    rf"\bthe\s+{_MON_TO_SUN}\s+(?:calendar\s+)?week\s+(?:in\s+which|during\s+which|when|that|as)\s+(?=\w)",
    re.IGNORECASE,
)

_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1}
# "X did R on D. Who else did the same within three days of that date, either side (D1 to D2)?"
_EITHER_SIDE = re.compile(
    r"^(?P<first>[^.?!]+?)\s*[.;]\s+(?P<q>(?:who|whom|which|what)\b[^?]*?)\s*,?\s+(?:within|in\s+the)\s+(?P<n>one|two|"
    r"three|four|five|six|seven|a|\d)\s+days?\s+(?:(?:on\s+)?either\s+side\s+of|of|before\s+or\s+after)\s+(?:(?:that|this|"
    r"the\s+same|the\s+said)\s+(?:date|day)|it)(?:\s*,?\s*\(?\s*(?:on\s+)?(?:either\s+side|before\s+or\s+after|in\s+"
    r"either\s+direction)\s*\)?)?\s*"
    r"(?:\(\s*(?P<br>[^()]+?)\s*\))?\s*\?\s*$",
    re.IGNORECASE,
)


def _either_side(text: str) -> str:
    m = _EITHER_SIDE.match(text)
    if m is None:
        return text
    if m.group(0)[m.end("q") :].lstrip(" ,").lower().startswith("in the") and not re.search(
        r"either\s+side|before\s+or\s+after|either\s+direction", m.group(0)[m.end("q") :], re.IGNORECASE
    ):
        return text  # "in the three days of that date": which days is unsaid
    n_word = m.group("n").lower()
    n = int(n_word) if n_word.isdigit() else _COUNT[n_word]
    days = [t for t in find_time_expressions(m.group("first")) if t.span is not None]
    if len(days) != 1 or days[0].span is None or days[0].span.granularity is not Granularity.DAY:
        return text
    day = days[0].span.start
    if day is None:
        return text
    if m.group("br"):
        br = m.group("br").strip()
        br = re.sub(r"^(?:from|between)\s+", "", br, flags=re.IGNORECASE)
        br = re.sub(r"^(?:i\.\s?e\.|that\s+is)\s*,?\s*", "", br, flags=re.IGNORECASE)
        edges = [p for p in re.split(r"\s+(?:to|through|until|till|and)\s+|\s+[-\u2013]\s+", br) if p.strip()]
        if len(edges) != 2:
            return text
        a, b = _one(edges[0]), _one(edges[1])
        if (
            a is None
            or b is None
            or (a.start, b.end) != (day - timedelta(days=n), day + timedelta(days=n))
            or a.granularity is not Granularity.DAY
            or b.granularity is not Granularity.DAY
        ):
            return text  # the bracket names other days: left as written (the reader abstains)
    q = m.group("q")
    first = _lowered(m.group("first").strip())
    return f"Within {m.group('n')} days of the day that {first}, {q[:1].lower()}{q[1:]}?"


# "During October 2014 (Oct 1 to 31)", "in September 2015 (1-30 September)"
_MONTH_BRACKET = re.compile(
    r"\b(?P<mon>[A-Za-z]{3,9})\.?\s+(?P<y>(?:19|20)\d{2})\s*\(\s*(?P<br>[^()]{3,40}?)\s*\)",
)
_BR_DAYS = re.compile(
    r"^(?:from\s+|i\.\s?e\.\s*,?\s*|that\s+is\s*,?\s*)?(?:(?P<m1>[A-Za-z]{3,9})\.?\s+)?(?:the\s+)?(?P<d1>\d{1,2})(?:st|nd|rd|th)?"
    r"(?:\s+(?:of\s+)?(?P<m2>[A-Za-z]{3,9})\.?)?\s*(?:-|\u2013|to|through|thru|until|till)\s*(?:(?P<m3>[A-Za-z]{3,9})\.?\s+)?"
    r"(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(?P<m4>[A-Za-z]{3,9})\.?)?(?:\s*,?\s*(?P<y2>(?:19|20)\d{2}))?"
    r"(?:\s*,?\s*inclusive)?$",
    re.IGNORECASE,
)


def _month_bracket(text: str) -> str:
    def drop(m: re.Match[str]) -> str:
        month = MONTHS.get(m.group("mon").lower())
        d = _BR_DAYS.match(m.group("br"))
        if month is None or d is None:
            return m.group(0)
        year = int(m.group("y"))
        named = [MONTHS.get(x.lower()) for x in (d.group("m1"), d.group("m2"), d.group("m3"), d.group("m4")) if x]
        first, last = 1, calendar.monthrange(year, month)[1]
        # "in the first ten days of September 2014 (September 1-10)", "the last week of March 2014 (25-31 March)":
        # the bracket restates the part of the month the words before it say
        said = [t for t in find_time_expressions(m.string[: m.end("y")]) if t.end == m.end("y")]
        part = said[0].span if said else None
        if (
            part is not None
            and part.granularity is Granularity.DAY
            and part.start is not None
            and part.end is not None
            and (part.start.year, part.start.month) == (part.end.year, part.end.month) == (year, month)
        ):
            first, last = part.start.day, part.end.day
        if (
            any(x != month for x in named)
            or (d.group("y2") and int(d.group("y2")) != year)
            or int(d.group("d1")) != first
            or int(d.group("d2")) != last
        ):
            # "During October 2014 (Oct 1 to 15)": the bracket's first day alone was read as a second window (a
            # wrong answer where that day has events); the month and its bracket disagree, so nothing is answered
            raise UnreadablePair(
                f"cannot read {text!r}: the bracket {m.group('br')!r} names other days than "
                + (
                    f"the whole of {m.group('mon')} {year}"
                    if (first, last) == (1, calendar.monthrange(year, month)[1])
                    else f"the part of {m.group('mon')} {year} said before it"
                )
                + "; ask for the month or for the days alone"
            )
        return m.group(0)[: m.start("br") - m.start()].rstrip().rstrip("(").rstrip()

    return _MONTH_BRACKET.sub(drop, text)


_DAY_IN_MONTH_OF = re.compile(
    r"\b(?P<u>(?:dates?|days?))\s+in\s+the\s+month\s+of\s+(?=[A-Z][a-z]+\.?,?\s+(?:19|20)\d{2}\b)", re.IGNORECASE
)

_FROM_ONWARDS = re.compile(
    r"\bfrom\s+(?P<d>[^()?]{4,30}?)\s+(?:onwards?|on)(?=\s*[(,]\s*(?:not\s+counting|excluding|not\s+including|"
    r"(?:that|this)\s+(?:day|date)\s+(?:excluded|not\s+(?:included|counted))))",
    re.IGNORECASE,
)


def _from_onwards(text: str) -> str:
    m = _FROM_ONWARDS.search(text)
    if m is None or _one(m.group("d")) is None:
        return text
    return text[: m.start()] + f"since {m.group('d')}" + text[m.end() :]


def _same_span_bracket(text: str) -> str:
    """ "During 2014 (1 January to 31 December)", "in Q3 2014 (July to September)": a bracket whose days are its
    period's own is dropped (it was read as a second window)."""
    found = [t for t in find_time_expressions(text) if t.span is not None]
    for a, b in itertools.pairwise(found):
        gap = text[a.end : min(b.phrase_start, b.start)]
        tail = re.match(r"\s*(?:,?\s*inclusive)?\s*\)", text[b.end :])
        if (
            re.fullmatch(r"\s*\(\s*(?:(?:i\.\s?e\.|that\s+is)\s*,?\s*)?(?:from\s+)?", gap) is None
            or tail is None
            or b.relation.lower() not in ("", "from")
            or a.span is None
            or b.span is None
            or (a.span.start, a.span.end) != (b.span.start, b.span.end)
            or a.span.start == a.span.end
            or re.fullmatch(r"(?:[A-Za-z]{3,9}\.?,?\s+)?(?:19|20)\d{2}", text[a.start : a.end].strip()) is None
        ):  # a month or a year said plainly ("the first half of 2014 (January to June)" is ``stated_months``')
            continue
        return text[: a.end] + text[b.end + tail.end() :]
    return text


# "On precisely which day did X do R?", "On which date exactly did ...": the adverb joined the relation's words
_ON_WHICH_EXACTLY = re.compile(
    r"\b(?P<on>on|in)\s+(?:precisely|exactly)\s+(?P<w>(?:which|what)\s+(?:day|date|month|year))\b|\b(?P<w2>(?:on|in)\s+"
    r"(?:which|what)\s+(?:day|date|month|year))\s+(?:precisely|exactly)\b(?=\s+(?:did|was|were|had)\b)",
    re.IGNORECASE,
)
# "since 3 May 2014 (exclusive)": from the day after
_SINCE_EXCLUSIVE = re.compile(r"\bsince\s+(?P<d>[^()?]{4,30}?)\s*[(,]\s*exclusive(?:ly)?\s*\)?", re.IGNORECASE)
# "within ±3 days of that date", "from three days before to three days after that date": both sides
_PLUS_MINUS = re.compile(
    r"\bwithin\s+(?:\u00b1|\+/-|\+-|plus\s+or\s+minus\s+)\s*(?P<n>\d|one|two|three|four|five|six|seven)\s+days?\s+of\s+"
    r"(?P<ref>(?:that|this|the\s+same)\s+(?:date|day)|it)\b|\bfrom\s+(?P<a>\d|one|two|three|four|five|six|seven)\s+days?\s+"
    r"before\s+(?:it\s+|that\s+(?:date|day)\s+)?(?:to|until|through)\s+(?P<b>\d|one|two|three|four|five|six|seven)\s+days?\s+"
    r"after\s+(?P<ref2>(?:that|this|the\s+same)\s+(?:date|day)|it)\b",
    re.IGNORECASE,
)


def _plus_minus(text: str) -> str:
    def said(m: re.Match[str]) -> str:
        if m.group("n"):
            return f"within {m.group('n')} days of {m.group('ref')}, either side"
        if m.group("a").lower() != m.group("b").lower():
            return m.group(0)  # "from 2 days before to 3 days after": not one window either side
        return f"within {m.group('a')} days of {m.group('ref2')}, either side"

    return _PLUS_MINUS.sub(said, text)


def _since_exclusive(text: str) -> str:
    m = _SINCE_EXCLUSIVE.search(text)
    if m is None or _one(m.group("d")) is None:
        return text
    return text[: m.start()] + f"after {m.group('d')}" + text[m.end() :]


def asked_time(question: str) -> str:
    """``question`` with an asked time or window said around its clause put plainly; unchanged otherwise."""
    question = _when_exactly(question)
    question = _YEAR_BRACKET.sub(lambda m: f"{m.group('u')} in {m.group('y')} ", question)
    question = _MON_SUN.sub(lambda m: m.group("same"), question)
    question = _MON_SUN_BRACKET.sub(lambda m: m.group("w"), question)
    question = _MON_SUN_THE.sub("the same week as ", question)
    question = _either_side(_plus_minus(question))
    question = _ON_WHICH_EXACTLY.sub(
        lambda m: f"{m.group('on')} {m.group('w')}" if m.group("on") else m.group("w2"), question
    )
    question = _since_exclusive(question)
    question = _same_span_bracket(_month_bracket(question))
    question = _from_onwards(question)
    return _DAY_IN_MONTH_OF.sub(lambda m: f"{m.group('u')} in ", question)
