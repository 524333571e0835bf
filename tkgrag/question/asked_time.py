"""An asked time or a window said around the clause, said the way the time reader reads it (each text -> text; what
does not fit is left as written, so the reader reads or abstains as before):

- "X did R in 2014 - when exactly?", "X did R: on what date?" -> "Tell me the date when X did R in 2014." ("exactly"
  was read as an anchor's words); likewise a sentence of its own that asks the statement's event again, with its unit
  and order: "X did R in June 2014. What was the exact date?", "X did R some time before Y did S. In which month was
  the latest such occasion?" -> "Tell me the month when X did R for the last time before Y did S." (the second
  sentence was read as the anchor's words); "several times" with no order said is left (which one is unsaid);
- "Give me the exact date (2015) when X did R" -> "... the exact date in 2015 when X did R" (the bracketed year made
  the "when" clause an anchor and "exact" the relation);
- "in the same Monday-to-Sunday week as X did R" -> "in the same week as X did R" (the reader's week runs Monday to
  Sunday already; "Monday-to-Sunday" was read as a name);
- "X did R on D. Who else did the same within three days of that date, either side (D1 to D2)?" -> "Within three
  days of the day that X did R on D, who else did the same?" (the bracket is checked: D-3 to D+3, else left);
- "During October 2014 (Oct 1 to 31), who ...?": a bracket that restates the whole month is dropped ("Oct 1" was
  read as a second window, a single day);
- "the day in the month of April 2014 when" -> "the day in April 2014 when".
- "in the second half of October 2015 (from the 15th to the end of the month)", "the first fortnight of January
  2014 (the 1st to the 14th)" -> "between 15 October 2015 and 31 October 2015": the bracket's days where they fit the
  half said (a half starts on the 15th or the 16th), else abstains (a half with no days said is the time reader's
  unread word);
- "when - in 2015 - did X", "when - to the month - did X", "When, at the latest in 2014, did X R?" -> "when in 2015
  did X", "when, to the month, did X", "When in 2014 did X R for the last time?" (the dashes were read as a name,
  the aside as an anchor); "at the latest" beside "first" abstains.

"What was the first date after X did R on which ...?" and "After X did R, ... in the rest of 2014 ...?" are
``clause_shapes.time_after_which``'s and ``clause_shapes.rest_of_year``'s (they run before this).
"""

from __future__ import annotations

import calendar
import itertools
import re
from datetime import date, timedelta

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.hedges import without_report
from tkgrag.question.lexicon import MONTHS
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, TimeSpan, day_words


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


_ORD = r"(?:latest|last|most\s+recent|final|earliest|first)"
_ONE = r"(?:such\s+)?(?:occasion|time|instance|one)(?:\s+(?:happen|occur|take\s+place))?"
# the statement's own event asked again in a sentence of its own, its unit and order said there: "X did R some time
# before Y did S. In which month was the latest such occasion?", "X did R at some point in 2014. What was the latest
# date that year?", "X did R several times in 2014. When, to the day, was the last time?", "X did R in June 2014.
# What was the exact date?"
_ASKED_AGAIN = [
    re.compile(
        rf"(?:what|which)\s+(?:was|were)\s+the\s+(?:(?P<o>{_ORD})\s+)?(?:exact\s+|precise\s+)?(?P<u>dates?|days?|"
        r"months?|years?)(?:\s+(?:of\s+(?:that|it|this)|(?:in\s+)?that\s+(?:same\s+)?(?:year|month)|then))?",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?:in|on|during)\s+(?:which|what)\s+(?:exact\s+)?(?P<u>year|month|day|date)\s+(?:was|did)\s+(?:the\s+)?"
        rf"(?:(?P<o>{_ORD})\s+{_ONE}|(?:that|it|this)\s+(?:happen|occur|take\s+place))",
        re.IGNORECASE,
    ),
    re.compile(
        rf"when\s*,?\s*to\s+the\s+(?P<u>day|month|year)\s*,?\s+(?:was|did)\s+(?:the\s+)?(?P<o>{_ORD})\s+{_ONE}",
        re.IGNORECASE,
    ),
]
_AGAIN_PAIR = re.compile(r"^(?P<s>[^?!;]+?[^\s.;])\s*[.;]\s+(?P<q>[^.?!]+?)\s*[?.]?\s*$")
# "some time", "at some point", "several times": the statement says its event happened, not which occasion
_OCCASIONS = re.compile(
    r"\s+(?:some\s+time|sometime|at\s+(?:some|one)\s+point|several\s+times|on\s+several\s+occasions|more\s+than\s+once|"
    r"repeatedly|at\s+least\s+once)(?=\s|$)",
    re.IGNORECASE,
)
_SIDE_WORD = re.compile(r"\s+(?:before|after|prior\s+to|following)\s+", re.IGNORECASE)


def _asked_again(text: str) -> str:
    m = _AGAIN_PAIR.match(text)
    if m is None or _WH_START.match(m.group("s")):
        return text
    q = next((a for p in _ASKED_AGAIN if (a := p.fullmatch(m.group("q"))) is not None), None)
    if q is None:
        return text
    unit = q.group("u").lower().rstrip("s")
    unit = "date" if unit == "day" else unit
    s = without_report(m.group("s").strip())  # "X is reported to have hosted Y": X hosted Y
    if q.group("o") is None:
        if _OCCASIONS.search(s):
            return text  # "X did R several times in 2014. What was the exact date?": which one is unsaid
        return f"Tell me the {unit} when {_lowered(s)}."
    s = _OCCASIONS.sub("", s)
    which = "last" if q.group("o").lower() in ("latest", "last", "most recent", "final") else "first"
    side = _SIDE_WORD.search(s)
    times = [t for t in find_time_expressions(s) if t.span is not None]
    at = side.start() if side is not None else times[-1].phrase_start if times else len(s)
    s = f"{s[:at].rstrip()} for the {which} time {s[at:].lstrip()}".rstrip()
    return f"Tell me the {unit} when {_lowered(s)}."


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
# the bracket's days: "September 1-10", "from the 15th to the end of the month", "the 1st to the 14th" ("the" is no
# month name)
_BR_MONTH = r"(?!the\b)[A-Za-z]{3,9}"
_BR_D1 = r"(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)?|(?P<start>(?:start|beginning)\s+of\s+the\s+month))"
_BR_D2 = r"(?:(?P<d2>\d{1,2})(?:st|nd|rd|th)?|(?P<end>(?:end|close)\s+of\s+the\s+month|month['’]?s\s+end|month\s+end))"
_BR_DAYS = re.compile(
    r"^(?:from\s+|i\.\s?e\.\s*,?\s*|that\s+is\s*,?\s*)?(?:(?P<m1>"
    + _BR_MONTH
    + r")\.?\s+)?(?:the\s+)?"
    + _BR_D1
    + r"(?:\s+(?:of\s+)?(?P<m2>"
    + _BR_MONTH
    + r")\.?)?\s*(?:-|\u2013|to|through|thru|until|till)\s*"
    r"(?:(?P<m3>" + _BR_MONTH + r")\.?\s+)?(?:the\s+)?" + _BR_D2 + r"(?:\s+(?:of\s+)?(?P<m4>" + _BR_MONTH + r")\.?)?"
    r"(?:\s*,?\s*(?P<y2>(?:19|20)\d{2}))?(?:\s*,?\s*inclusive)?$",
    re.IGNORECASE,
)
# "the second half of October 2015", "the latter half of", "the second fortnight of": a part of the month the time
# reader does not place (which day a half starts on is the writer's), said just before the month ("the first / last
# fortnight" it places: its 14 days)
_HALF = re.compile(
    r"(?:\b(?P<prep>in|during|over|within|throughout|across|for)\s+)?\bthe\s+(?:(?P<which>first|second|former|latter|earlier|"
    r"later|last|1st|2nd)\s+(?P<unit>half)|(?P<which2>second|2nd|latter|later)\s+(?P<unit2>fortnight))\s+of\s+"
    r"(?:the\s+month\s+of\s+)?$",
    re.IGNORECASE,
)


def _half_days(which: str, unit: str, last: int) -> tuple[set[int], set[int]]:
    """The first and last days a bracket may give for a half or a fortnight of a month of ``last`` days (a half of
    an odd month is said either way)."""
    first_part = which.lower() in ("first", "former", "earlier", "1st")
    if unit.lower() == "fortnight":
        return ({1}, {14}) if first_part else ({15}, {28, last})
    return ({1}, {14, 15}) if first_part else ({15, 16}, {last})


def _month_bracket(text: str) -> str:
    def drop(m: re.Match[str]) -> tuple[int, str]:
        month = MONTHS.get(m.group("mon").lower())
        d = _BR_DAYS.match(m.group("br"))
        if month is None or d is None:
            return m.start(), m.group(0)
        year = int(m.group("y"))
        named = [MONTHS.get(x.lower()) for x in (d.group("m1"), d.group("m2"), d.group("m3"), d.group("m4")) if x]
        first, last = 1, calendar.monthrange(year, month)[1]
        d1 = 1 if d.group("start") else int(d.group("d1"))
        d2 = last if d.group("end") else int(d.group("d2"))
        half = _HALF.search(m.string, 0, m.start("mon"))
        if half is not None and half.end() == m.start("mon"):
            # "in the second half of October 2015 (from the 15th to the end of the month)": the bracket's days, where
            # they fit the half said; "between D1 and D2" is what the time reader reads
            which, unit = half.group("which") or half.group("which2"), half.group("unit") or half.group("unit2")
            firsts, lasts = _half_days(which, unit, last)
            if (
                all(x == month for x in named)
                and not (d.group("y2") and int(d.group("y2")) != year)
                and d1 in firsts
                and d2 in lasts
            ):
                head = "Between" if half.group(0)[:1].isupper() else "between"
                return half.start(), f"{head} {day_words(date(year, month, d1))} and {day_words(date(year, month, d2))}"
            raise UnreadablePair(
                f"cannot read {text!r}: the bracket {m.group('br')!r} names other days than the "
                f"{which.lower()} {unit.lower()} of {m.group('mon')} {year}; ask for the "
                "days alone"
            )
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
            or d1 != first
            or d2 != last
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
        return m.start(), m.group(0)[: m.start("br") - m.start()].rstrip().rstrip("(").rstrip()

    out, pos = [], 0
    for m in _MONTH_BRACKET.finditer(text):
        start, said = drop(m)  # a half's words before the month go too
        out.append(text[pos : max(pos, start)] + said)
        pos = m.end()
    return "".join(out) + text[pos:]


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


# "when - in 2015 - did", "when - to the month - did", "When (at the latest in 2014) did", "When, at the earliest in
# 2015, did": an aside on the asked time between dashes, brackets or commas right after the question word
_WHEN_ASIDE = re.compile(
    r"\b(?P<w>when|(?:on|in)\s+(?:which|what)\s+(?:day|date|month|year))(?:\s+(?:exactly|precisely))?\s*"
    r"(?:(?P<dash>[-\u2013\u2014]+)|(?P<par>\()|(?P<comma>,))"
    r"\s*(?P<a>[^-\u2013\u2014()?]{3,40}?)\s*(?(dash)[-\u2013\u2014]+|(?(par)\)|,))\s*"
    r"(?=(?:did|does|do|had|has|have|was|were|is|are)\b)",
    re.IGNORECASE,
)
# the asked unit said in the aside: "when exactly (which date) did", "when (what day) did", "when - the exact date -
# did", "when (month, please) did"; an adverb alone: "when, exactly, did"
_UNIT_ASIDE = re.compile(
    r"(?:(?:i\.\s?e\.|that\s+is|meaning)\s*,?\s*)?(?:(?:on|in|at|during)\s+)?(?:(?:which|what)\s+|the\s+)?(?:(?:exact|precise|specific|actual)\s+)?"
    r"(?P<u>day|date|month|year)(?:\s*,?\s*(?:exactly|precisely|please|only))?",
    re.IGNORECASE,
)
_ADVERB_ASIDE = re.compile(r"exactly|precisely|specifically", re.IGNORECASE)
_ASKED_UNIT = {"day": "on which day", "date": "on which date", "month": "in which month", "year": "in which year"}
_GRAIN = re.compile(r"(?:(?:to|at)\s+the\s+|by\s+)?(?:day|date|month|year)(?:\s+(?:level|precision))?", re.IGNORECASE)
_AT_THE = re.compile(
    r"(?:at\s+the\s+)?(?P<o>latest|earliest)(?:\s*,?\s*(?P<t>(?:in|during|within)\s+[^,]{4,30}))?", re.IGNORECASE
)
_ORDER_WORD = re.compile(r"\b(?:first|last|latest|earliest|next|previous|final|most\s+recent(?:ly)?)\b", re.IGNORECASE)


# "Who visited China - in 2015 - for talks?": a window between dashes (the dashes were read as words of the act)
_DASHED_TIME = re.compile(
    r"\s+[-\u2013\u2014]+\s*(?P<t>(?P<p>in|during|within|throughout)\s+(?P<s>[^-\u2013\u2014?()]{4,30}?))\s*"
    r"[-\u2013\u2014]+\s+",
    re.IGNORECASE,
)


def _unit_aside(text: str, m: re.Match[str], aside: str) -> str | None:
    """ "when exactly (which date) did X" as "on which date did X" (the aside says the asked unit), "on which day (the
    exact date) did X" as "on which day did X"; None when the aside says no unit. Two units are left as written."""
    unit = _UNIT_ASIDE.fullmatch(aside)
    if unit is None or aside.lower().startswith(("to ", "at the ", "by ")):
        return None
    said, asked = unit.group("u").lower(), _ASKED_UNIT[unit.group("u").lower()]
    rest = text[m.end() :]
    if m.group("w").lower() == "when":
        if text[m.start("w")].isupper():
            asked = asked[:1].upper() + asked[1:]
        return f"{text[: m.start('w')]}{asked} {rest}"
    word = m.group("w").lower().split()[-1]
    if {word, said} <= {"day", "date"} or word == said:
        return f"{text[: m.end('w')]} {rest}"  # said twice
    return text  # "on which day (which month) did": two units (the reader abstains or reads the first)


def _when_aside(text: str) -> str:
    """ "when - to the month - did X" as "when, to the month, did X" (the granularity beside "when"), "when - in 2015
    - did X" as "when in 2015 did X" (the window), "When, at the latest in 2014, did X R?" as "When in 2014 did X R
    for the last time?" (the last one; "at the earliest": the first); the dashes and brackets were read as names or
    the aside as an anchor. An aside of other words, or an order word said twice, is left as written."""
    text = _DASHED_TIME.sub(lambda d: f" {d.group('t')} " if _one(d.group("s")) is not None else d.group(0), text)
    m = _WHEN_ASIDE.search(text)
    if m is None:
        return text
    aside, head, rest = " ".join(m.group("a").split()), text[: m.start("w")] + m.group("w"), text[m.end() :]
    if _ADVERB_ASIDE.fullmatch(aside):
        return f"{head} {rest}"  # "When, exactly, did X ...": the adverb only sharpens "when"
    said_unit = _unit_aside(text, m, aside)
    if said_unit is not None:
        return said_unit
    if _GRAIN.fullmatch(aside):
        return f"{head}, {aside}, {rest}"
    if re.match(r"(?:in|during|within)\s", aside, re.IGNORECASE) and _one(aside.split(None, 1)[1]) is not None:
        return text if m.group("comma") else f"{head} {aside} {rest}"  # "When, in 2015, did" is read already
    at = _AT_THE.fullmatch(aside)
    if at is None or m.group("w").lower() != "when" or "?" not in rest:
        return text
    if at.group("t") and _one(at.group("t").split(None, 1)[1]) is None:
        return text
    last = at.group("o").lower() == "latest"
    window = f" {at.group('t')}" if at.group("t") else ""
    said = _ORDER_WORD.search(rest)
    if said is not None:  # "When, at the latest, did X last ...": said twice; "... did X first ...": contradicts
        if said.group(0).lower() in (("last", "latest", "final") if last else ("first", "earliest")):
            return f"{head}{window} {rest}"
        raise UnreadablePair(f"cannot read {text!r}: {aside!r} and {said.group(0)!r} ask for different events")
    ask = rest.index("?")
    return f"{head}{window} {rest[:ask].rstrip()} for {'the last time' if last else 'the first time'}{rest[ask:]}"


# "When did X host Y, exactly (which date)?": the adverb before a closing request for the unit only sharpens it
_EXACTLY_BEFORE_REQUEST = re.compile(
    r"\s*,?\s+(?:exactly|precisely)\s*(?=\(\s*(?:(?:on|in)\s+)?(?:which|what|the)\s+(?:(?:exact|precise)\s+)?"
    r"(?:day|date|month|year)\s*\)\s*[?.!]?\s*$)",
    re.IGNORECASE,
)


def asked_time(question: str) -> str:
    """``question`` with an asked time or window said around its clause put plainly; unchanged otherwise."""
    question = _EXACTLY_BEFORE_REQUEST.sub(" ", question)
    question = _when_exactly(_when_aside(_asked_again(question)))
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
