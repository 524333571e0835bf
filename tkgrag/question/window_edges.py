"""A window's edges said outright: "from the start of 2015 up to, but not including, 23 October 2015" (before that day),
"(ending 13 August 2015 inclusive)" (through that day), "from D1 to D2, both days included" and "in the 14 days from
D1 to D2" (the range as said, when its length is the count), "from the day after D to ..." (from the next day), "in
2014 or in 2015 (or both)" (both years), "over the 7-day stretch D1 through D2" (the range), "after D1 and before the
month (M) was out" (from the day after D1 to M's last day) and "after the 14th" in the one month the question states
(that day of it), "between D1 (exclusive) and D2 (inclusive)" (each edge as marked), "between D1 and D2 (both days
excluded)" (the days strictly between) and "from D to year end" (the end of D's year). Said in the words the time
reader already reads before parsing; a count that disagrees with its range is left as written, so the safety rule
abstains."""

from __future__ import annotations

import re
from datetime import date, timedelta

from tkgrag.question.declarative import SIDE_IN_THAT, UnreadablePair
from tkgrag.question.lexicon import NUMBER_WORDS, ORDINAL_WORDS
from tkgrag.question.offered_periods import OR_ALL, YES_NO, close_choice, drop_or_all
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity, TimeSpan, day_words, period_bounds

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
    r"\s*,?\s*\(?\s*(?:both\s+(?:days|dates|ends)\s+(?:(?:are|being)\s+)?(?:included|inclusive|counted|in)|"
    r"both\s+(?:included|inclusive|counted)|inclusive(?:\s+(?:of|at)\s+both(?:\s+(?:days|dates|ends))?)?|"
    r"(?:including|counting)\s+both(?:\s+(?:days|dates|ends))?|(?:with\s+)?both\s+(?:days|dates|ends)\s+counting)"
    r"\s*\)?(?=\s*[,?.!]|\s*$)",
    re.IGNORECASE,
)
# "(both days excluded)", ", exclusive of both," after a "from/between D1 and D2" range: the days strictly between (a
# bare "both exclusive" is left unread: which day goes was taken as unsaid)
_BOTH_OUT = re.compile(
    r"\s*,?\s*\(?\s*(?:both\s+(?:days|dates|ends)\s+(?:(?:are|being)\s+)?(?:excluded|exclusive|not\s+(?:included|counted))|"
    r"exclusive\s+of\s+both(?:\s+(?:days|dates|ends))?|(?:excluding|not\s+counting|"
    r"not\s+including)\s+(?:both|either)(?:\s+(?:day|date|end)s?)?)\s*\)?(?=\s*[,?.!]|\s*$)",
    re.IGNORECASE,
)


def _both_out(text: str) -> str:
    """ "between 3 and 9 May 2015 (both days excluded)" as "between 4 May 2015 and 8 May 2015"; where no range of
    days ends right before it, or no day is left between its edges, the question is not read (the words were the
    relation's, and the range was answered with its edges in)."""
    m = _BOTH_OUT.search(text)
    if m is None:
        return text
    head = text[: m.start()].rstrip()
    for t in find_time_expressions(head):
        span, start = t.span, (t.relation_start if t.relation_start >= 0 else t.start)
        ranged = t.relation.lower() in ("from", "between") or t.text.lower().startswith(("from ", "between "))
        if t.end != len(head) or not ranged or span is None or span.start is None or span.end is None:
            continue
        if span.granularity is not Granularity.DAY or (span.end - span.start).days < 2:
            break
        first, last = span.start + timedelta(days=1), span.end - timedelta(days=1)
        said = f"between {day_words(first)} and {day_words(last)}"
        said = said[:1].upper() + said[1:] if text[start : start + 1].isupper() else said
        return text[:start] + said + text[m.end() :]
    raise UnreadablePair(f'"{m.group(0).strip(" ,()")}" follows no range of days with a day between its edges')


# "in the 14 days from D1 to D2": the count restates the range's length
_DAY_NUMBER = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)|" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
_COUNT = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_DAYS_FROM = re.compile(
    r"\b(?:(?:in|during|over|within|across|throughout)\s+)?(?:the|an?)\s+" + _COUNT + r"(?:\s+|-)(?P<unit>days?|weeks?)"
    r"(?=\s+(?:from|between)\s)",
    re.IGNORECASE,
)
# "over the 7-day stretch 1 February 2014 through 7 February 2014": the count with a noun for the stretch, its range
# said right after without "from"; said as "the 7 days from 1 February 2014 through ..." (then read as above)
_STRETCH = re.compile(
    r"\b(?:the|an?)\s+" + _COUNT + r"(?:\s+|-)(?:calendar\s+)?days?(?:[\s-]+long)?(?:\s+(?:period|window|span|stretch|"
    r"interval|spell|run))?\s*,?\s+(?:(?P<from>from|between)|spanning|running\s+from|of|"
    r"(?P<starting>starting|beginning|commencing|opening)(?:\s+(?:on|from|with))?)?\s*(?=[\w])",
    re.IGNORECASE,
)
# "the 3-day stretch starting 2015-12-08 and ending December 10, 2015": the far edge after the first day
_ENDING = re.compile(
    r"\s*,?\s*(?:and\s+)?(?:ending|finishing|closing|concluding|running\s+(?:to|until|through))(?:\s+(?:on|with))?\s+"
    r"(?=[\w])",
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
        # "between 17 and 21 November 2014": the head inside the time ("between 17 November and ..." has it before)
        and (t.relation.lower() in ("from", "between") or t.text.lower().startswith(("from ", "between ")))
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
    said = day_words(day)
    edged = text[: m.start()] + f"{m.group('head')} {said}" + text[m.end() + rest[0].end :]
    ok = any(
        t.relation.lower() == m.group("head").lower() and t.span is not None and t.span.start == day
        for t in find_time_expressions(edged)
    )
    return edged if ok else text


# "in 2014 or in 2015", "(2014 or 2015)": either of two years, which the time reader took as both at once (their
# intersection is empty); two years in a row are the range of both
_YEAR_OR = re.compile(
    r"\b(?:(?:in|during)\s+)?(?P<y1>\d{4})(?:\s+(?:and\s*/\s*)?or|\s*,(?=\s*(?:(?:in|during)\s+)?\d{4}\s*,?\s*or\s+(?:in\s+)?both\b))\s+"
    r"(?:(?:in|during)\s+)?(?P<y2>\d{4})\b"
    # "When did X last do R in 2014 and 2015?": the two years' events together (read as 2014 alone: its last one);
    # not "in both 2014 and 2015" (each year)
    r"|(?<!\bboth\s)\b(?:in|during)\s+(?P<a1>\d{4})\s+and\s+(?:in\s+)?(?P<a2>\d{4})\b(?!\s*(?:,|\s)\s*(?:and|or)\b)",
    re.IGNORECASE,
)


def _year_or(text: str) -> str:
    """ "Was it in 2014 or in 2015 that ...?" as "Was it between 2014 and 2015 that ...?"; years not in a row are
    left as written (a range would take in the years between)."""
    m = _YEAR_OR.search(text)
    if m is not None and m.group("a1"):
        if int(m.group("a2")) != int(m.group("a1")) + 1:
            return text
        head = "Between" if m.group(0)[:1].isupper() else "between"
        return text[: m.start()] + f"{head} {m.group('a1')} and {m.group('a2')}" + text[m.end() :]
    if m is None or int(m.group("y2")) != int(m.group("y1")) + 1:
        return text
    rest = text[m.end() :]
    both = OR_ALL.match(rest)
    rest = drop_or_all(rest)  # "(or both)": the range says both already
    # "Was it 2014 or 2015 ...", "Did X visit Y in 2014, in 2015, or both?": the years are the answer
    choice = _CHOICE_WHEN.match(text[: m.start()]) is not None or (
        # "Did X do R in 2014 or in 2015?": which of the offered years (a bare "did" asks whether, the years are
        # what it offers)
        YES_NO.match(text) is not None and (both is not None or " or " in f" {m.group(0).lower()} ")
    )
    if choice:  # "Was it 2014 or 2015 when X did Y?": the clause is the event asked about, not an anchor
        rest = close_choice(rest, "year")
    return text[: m.start()] + f"between {m.group('y1')} and {m.group('y2')}" + rest


# a choice question opening on the years: "Was it 2014 or 2015 ...", "Was it in 2014 or in 2015 ..."
_CHOICE_WHEN = re.compile(r"^\W*(?:was|is)\s+it\s+$", re.IGNORECASE)


def _stretch(text: str) -> str:
    """ "the 7-day stretch D1 through D2" as "the 7 days from D1 through D2"; unchanged unless a range of days
    follows."""
    m = _STRETCH.search(text)
    if m is None or m.group("from"):
        return text if m is None else text[: m.start()] + _said_days(m) + m.group("from") + " " + text[m.end() :]
    found = find_time_expressions(text[m.end() :])
    if m.group("starting") and found and found[0].start == 0 and found[0].span is not None:
        end = _ENDING.match(text, m.end() + found[0].end)
        if end is None:
            return text
        # "starting D1 and ending D2" -> "from D1 to D2" (read as a range, then checked against the count)
        return f"{text[: m.start()]}{_said_days(m)}from {text[m.end() : m.end() + found[0].end]} to {text[end.end() :]}"
    if not found or found[0].start != 0 or _range_days(text, m.end()) is None:
        return text  # "the 3-day summit from D1 to D2": the range is not the stretch's
    return text[: m.start()] + _said_days(m) + "from " + text[m.end() :]


def _said_days(m: re.Match[str]) -> str:
    return f"the {m.group('n')} days "


# "After 4 June 2015 and before the month (June 2015) was out", "After the end of July 2015 and before 2015 was over",
# "after March 2014 and still within 2014": a window said by its two edges in two clauses
_TWO_SIDED = re.compile(
    r"\b(?P<after>after|following)\s+(?P<x>[^;?!()]{3,40}?)\s*,?\s+(?:and|but)\s+(?:still\s+|yet\s+)?"
    r"(?P<b>before|prior\s+to|within|inside|until|till|through|up\s+to)\s+(?P<y>the\s+(?:end\s+of\s+the\s+)?(?:month|year)(?:\s*\([^()]{3,20}\))?|[^;?!()]{3,30}?)"
    r"(?P<out>\s+(?:(?:was|is|had)\s+(?:run\s+)?(?:out|over|done|through|up|finished|ended)|ended|finished|closed"
    r"|ran\s+out))?(?=\s*[,?.!]|\s*$)",
    re.IGNORECASE,
)
_PERIOD_NOUN = re.compile(
    r"the\s+(?P<end>end\s+of\s+the\s+)?(?P<unit>month|year)(?:\s*\((?P<said>[^()]+)\))?$", re.IGNORECASE
)


def _one_time(text: str) -> tuple[TimeSpan, str | None] | None:
    """The span and modifier of a text that is one time expression and nothing else."""
    found = find_time_expressions(text)
    if len(found) != 1 or found[0].span is None or found[0].phrase_start != 0 or found[0].end != len(text):
        return None
    if found[0].relation or found[0].unread:
        return None
    return found[0].span, found[0].modifier


def _two_sided(text: str) -> str:
    """ "After X and before Y (was out)" as "from <the day after X> to <Y's last day / the day before Y>"; left as
    written unless both edges are read, the after-edge is a whole period or its end, and the window is not empty."""
    m = _TWO_SIDED.search(text)
    if m is None:
        return text
    noun = _PERIOD_NOUN.match(m.group("y").strip())
    if noun is None and not any(t.unread for t in find_time_expressions(text)):
        return text  # "after 2014-01-01 and before 2014-05-03" is read already, as two bounds
    x = _one_time(m.group("x").strip())
    if x is None or x[1] not in (None, "end") or x[0].end is None:
        return text
    lo = x[0].end + timedelta(days=1)
    if noun is not None:  # "before the month (June 2015) was out": the month said, or the after-edge's month
        said = noun.group("said")
        y = _one_time(said.strip()) if said else None
        if said is None:
            month = x[0].end.month if noun.group("unit").lower() == "month" else None
            y = (TimeSpan(*period_bounds(x[0].end.year, month)), None)
    else:
        y = _one_time(m.group("y").strip())
    if y is None or y[0].start is None or y[0].end is None or y[1] not in (None, "end"):
        return text
    edge = " ".join(m.group("b").lower().split())
    if edge in ("within", "inside"):
        lo, hi = max(lo, y[0].start), y[0].end
    elif edge in ("until", "till", "through", "up to"):  # "until the month was over", "up to 20 June": Y is in
        if noun is not None and not (m.group("out") or noun.group("end")):
            return text  # "until the month" with nothing after
        hi = y[0].end
    elif m.group("out") or y[1] == "end" or (noun is not None and noun.group("end")):
        hi = y[0].end  # "before 2015 was over", "before the end of 2015": its last day is in
    else:
        hi = y[0].start - timedelta(days=1)
    if noun is not None and not (m.group("out") or noun.group("end")) and edge in ("before", "prior to"):
        return text  # "before the month" with nothing after: which month edge is meant is unsaid
    if hi < lo:
        return text
    said = f"{'F' if m.group(0)[0].isupper() else 'f'}rom {day_words(lo)} to {day_words(hi)}"
    return text[: m.start()] + said + text[m.end() :]


# "after the 14th", "before the 3rd of the month": a day of the month named alone, in the one month the question
# states ("In March 2014, who ... after the 14th?")
_DAY_ALONE = re.compile(
    r"\b(?P<rel>after|before|since|until|till|following|prior\s+to|from|by|on|between|and|to|through)\s+"
    r"(?P<wd>(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?the\s+(?P<d>"
    + _DAY_NUMBER
    + r")(?:\s+of\s+(?:the|that|this)\s+(?:same\s+)?month)?"
    r"(?=\s*(?:[,?.!;)]|$|(?:and|but|or|in|during|to|through|until|till)\b))",
    re.IGNORECASE,
)


def _day_alone(text: str) -> str:
    """ "after the 14th" as "after 14 March 2014" where the question states one month (and no day of its own);
    unchanged otherwise, or where the month has no such day."""
    if _DAY_ALONE.search(text) is None:
        return text
    times = find_time_expressions(text)
    spans = [t.span for t in times if t.span is not None]
    one = {
        (s.start.year, s.start.month)
        for s in spans
        if s.granularity is Granularity.MONTH
        and s.start is not None
        and s.end is not None
        and (s.start.year, s.start.month) == (s.end.year, s.end.month)
    }
    if len(one) != 1 or len(spans) != len(times):
        return text
    ((year, month),) = one
    inside = date(year, month, 1)
    # every other stated time holds the month ("In 2014, during March, ... after the 14th"): a year, not a day
    if any(
        s.granularity is Granularity.DAY or s.start is None or s.end is None or not s.start <= inside <= s.end
        for s in spans
    ):
        return text

    def said(m: re.Match[str]) -> str:
        d_text = m.group("d").lower()
        d = ORDINAL_WORDS.get(d_text) or int(re.sub(r"\D", "", d_text))
        try:
            day = date(year, month, d)
        except ValueError:
            return m.group(0)
        return f"{m.group('rel')} {m.group('wd') or ''}{day_words(day)}"  # the time reader checks the weekday

    return _DAY_ALONE.sub(said, text)


# "between 13 August 2015 (exclusive) and ...", "from 5 May 2015 (not counting that day) to ...", "... and 30 June
# 2014 (exclusive)": a mark on one edge of a range says whether that day is in
_MARK = (
    r"\s*[(,]\s*(?P<{0}>(?P<{0}x>exclusive(?:ly)?|excl\.?|excluded|not\s+inclusive|(?:not\s+(?:counting|including)|excluding)(?:\s+(?:it|"
    r"that\s+(?:day|date)|the\s+(?:day|date)\s+itself))?|(?:that\s+(?:day|date)\s+)?not\s+(?:included|counted))|"
    r"inclusive(?:ly)?|incl\.?|included|(?:counting|including)\s+(?:it|that\s+(?:day|date))|(?:that\s+(?:day|date)\s+)?"
    r"(?:counted|included))\s*(?:\)|(?=,))"
)
_EDGE_MARKS = re.compile(
    r"\b(?P<head>between|from)\s+(?P<d1>[^(),;?]{4,30}?)(?:"
    + _MARK.format("m1")
    + r")?\s*,?\s*(?P<and>and|to|until|till|"
    r"through(?:\s+to)?|up\s+(?:to|until|till))\s+(?P<d2>[^(),;?]{4,30}?)(?:"
    + _MARK.format("m2")
    + r")?(?=\s*[,?.!;]|\s+(?:who|which|what|did|had|was)"
    r"\b|\s*$)",
    re.IGNORECASE,
)
# "to year end", "to the end of the year", "and month's end": the end of the first edge's year or month
_PERIOD_END = re.compile(
    r"^(?:the\s+)?(?:(?P<u1>year|month)(?:['’]s)?[\s-]+end|end\s+of\s+the\s+(?P<u2>year|month))$", re.IGNORECASE
)


def _edge_marks(text: str) -> str:
    """ "Between 13 August 2015 (exclusive) and 31 December 2015" as "Between 14 August 2015 and 31 December 2015",
    "... and 30 June 2014 (exclusive)" as "... and 29 June 2014", "(inclusive)" as the day itself, and "to year end"
    after a day as "to the end of <its year>": the marks were read as the relation's words or left the first day
    alone as the window. A mark on an edge that is no single day, or a range that does not read as one, is left."""
    m = _EDGE_MARKS.search(text)
    if m is None or not (m.group("m1") or (_PERIOD_END.match(m.group("d2").strip()) and not m.group("m2"))):
        return text  # "between D1 and D2 (inclusive)" is read already; "(exclusive)" there may mean either end or both
    one = _one_time(m.group("d1").strip())
    if one is None or one[0].start is None or one[1] is not None:
        return text
    lo = one[0].start
    if m.group("m1"):
        if one[0].granularity is not Granularity.DAY:
            return text
        lo = lo + timedelta(days=1) if m.group("m1x") else lo
    d1 = day_words(lo) if m.group("m1") else m.group("d1").strip()
    d2 = m.group("d2").strip()
    end = _PERIOD_END.match(d2)
    if end is not None:
        unit = (end.group("u1") or end.group("u2")).lower()
        d2 = f"the end of {lo.strftime('%B %Y') if unit == 'month' else lo.year}"
        if m.group("m2"):
            return text
    elif m.group("m2"):
        two = _one_time(d2)
        if two is None or two[0].start is None or two[0].granularity is not Granularity.DAY:
            return text
        d2 = day_words(two[0].start - timedelta(days=1)) if m.group("m2x") else d2
    joint = re.sub(r"^through\s+to$", "through", " ".join(m.group("and").split()), flags=re.IGNORECASE)
    said = f"{m.group('head')} {d1} {joint} {d2}"
    found = [t for t in find_time_expressions(said) if t.span is not None]
    if len(found) != 1 or found[0].span is None or found[0].span.start != lo or found[0].unread:
        return text
    assert found[0].span.end is not None
    if found[0].span.end < lo:
        return text
    return text[: m.start()] + said + text[m.end() :]


# "Before the 13th of May 2014, but in the same month, which ...?", "Earlier in the same month, before 20 March 2015,
# who ...?", "After 3 May 2015 but still within that month": a side of a day kept inside the day's own month or
# year; said as the days between the period's edge and the day (the day itself left out). "the same week" is not
# read: which week is meant is unsaid.
_SIDE_DAY = r"(?P<side>before|after|prior\s+to|following|ahead\s+of)\s+(?P<d>[^,()?;]{4,40}?)"
_SAME_UNIT = r"(?:(?:in|within|during|inside)\s+)?(?:the\s+same|that(?:\s+same)?)\s+(?P<unit>month|year)"
_SIDE_IN_SAME = re.compile(
    rf"\b{_SIDE_DAY}\s*[,(]?\s*(?:but\s+|though\s+|yet\s+)?(?:still\s+|only\s+)?{_SAME_UNIT}\s*\)?(?=\s*[,?.!])"
    rf"|\b(?P<dir>earlier|later)\s+{_SAME_UNIT.replace('unit', 'unit2')}\s*,?\s*"
    rf"{_SIDE_DAY.replace('side', 'side2').replace('(?P<d>', '(?P<d2>')}(?=\s*[,?.!])",
    re.IGNORECASE,
)


def _side_in_same(text: str) -> str:
    m = _SIDE_IN_SAME.search(text)
    if m is None:
        return text
    said = (m.group("d") or m.group("d2")).strip()
    found = find_time_expressions(said)
    if len(found) != 1 or found[0].span is None or found[0].end != len(said) or found[0].start != 0:
        return text
    day = found[0].span
    if day.granularity is not Granularity.DAY or day.start is None:
        return text
    side = (m.group("side") or m.group("side2")).lower()
    direction = (m.group("dir") or "").lower()
    before = not side.startswith(("after", "following"))
    if direction and (direction == "earlier") != before:
        return text  # "later in the same month, before D": the two words disagree
    unit = (m.group("unit") or m.group("unit2")).lower()
    first, last, _ = period_bounds(day.start.year, day.start.month if unit == "month" else None)
    lo, hi = (first, day.start - timedelta(days=1)) if before else (day.start + timedelta(days=1), last)
    if hi < lo:
        return text  # "before 1 May 2014, but in the same month": no day is left
    said_range = f"{'From' if not text[: m.start()].strip() else 'from'} {day_words(lo)} to {day_words(hi)}"
    return f"{text[: m.start()]}{said_range}{text[m.end() :]}"


# "After X did R, who else did S later that month?", "Before X did R, who did S earlier in the same year?", "After X
# did R, which others did S that month?": the side is the fronted anchor's, the period its event's ("that same month",
# which grounding ties to that anchor's event); "later" was read as the relation's word, a bare "that month" not at
# all, and the month was lost.
_LATER_SAME = re.compile(
    rf"(?:{SIDE_IN_THAT}|(?<=\s)that)\s+(?P<unit>day|month|year)\b(?=\s*[?.!]?\s*$)",
    re.IGNORECASE,
)
_FRONT_SIDE = re.compile(r"^\s*(?:(?P<after>after|following|once)|before|prior\s+to|ahead\s+of)\b", re.IGNORECASE)


def _later_same(text: str) -> str:
    m = _LATER_SAME.search(text)
    front = _FRONT_SIDE.match(text)
    if m is None or front is None:
        return text
    if m.group("dir") and (m.group("dir").lower() == "later") != bool(front.group("after")):
        return text  # "Before X did R, who did S later that month?": the two sides disagree
    if not m.group("dir") and find_time_expressions(text):
        return text  # "After 3 May 2015, who visited Y that month?": the month is the date's, read as written
    return f"{text[: m.start()]}that same {m.group('unit').lower()}{text[m.end() :]}"


def window_edges(question: str) -> str:
    """``question`` with its window's stated edges said as "before D" / "through D" / the bare range; unchanged
    where it says none (or where a count disagrees with its range)."""
    text = _year_or(_edge_marks(_next_day_edge(_but_not(_day_alone(_two_sided(_stretch(_both_out(question))))))))
    text = _later_same(_side_in_same(text))
    text = _INCLUSIVE_END.sub(lambda m: f"through {m.group('d')}", text)
    m = _BOTH.search(text)
    if m is not None and _ranged_before(text, m.start()):
        text = text[: m.start()] + text[m.end() :]
    d = _DAYS_FROM.search(text)
    if d is not None:
        n_text = d.group("n").lower()
        n = int(n_text) if n_text.isdigit() else NUMBER_WORDS.get(n_text)
        if n is not None and d.group("unit").lower().startswith("week"):
            n *= 7
        if n is not None and _range_days(text, d.end()) == n:
            text = text[: d.start()] + text[d.end() :].lstrip()
            text = re.sub(r"\s+([,?.!])", r"\1", text)
    return text
