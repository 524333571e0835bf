"""A window, a side or an order said in a frame around the clause, said the way the reader reads it (each text ->
text; what does not fit is left as written, so the reader reads or abstains as before):

- "At the time when X did R -- that is, in that same month -- who did S?" -> "In the same month that X did R, who
  did S?" (the aside says which period "at the time" is; read as written the clause ran into the aside).
- "In the period that followed X", "in the time that preceded X" -> "after X" / "before X" ("After the day on which X
  did R, ..." is read already; "the period" was read as the anchor).
- "Who, in 2014 and before X did R, did S?" -> "In 2014, before X did R, who did S?" (the two parts of the window
  said between the question word and its clause).
- "To close the 2014 timeline: whom did X R most recently before year end?" -> "In 2014, whom did X R most
  recently?" (the year the frame names is the window; its end bounds nothing more).
- "in which of those years" -> "in which year" (after "Between 2014 and 2015, ..."); "Within the period 2014-2015,"
  -> "Between 2014 and 2015,"; "Of the years 2014 and 2015, state the last in which X did R." -> "Between 2014 and
  2015, tell me the last year in which X did R."
- "Give the last date before X did R on which Y did S." -> "Give the last date on which Y did S before X did R."
"""

from __future__ import annotations

import re

from tkgrag.question.time_expressions import find_time_expressions


def _one_time(text: str) -> bool:
    """Whether ``text`` is one time, read whole."""
    found = find_time_expressions(text)
    return (
        len(found) == 1
        and not found[0].unread
        and found[0].span is not None
        and found[0].phrase_start == 0
        and found[0].end == len(text.rstrip())
    )


_AT_THE_TIME = re.compile(
    r"^\s*(?:at\s+the\s+(?:time|moment|point)\s+(?:when|that)|when)\s+(?P<c>[^?]+?)\s*(?:--|\u2014|\u2013|,|\()\s*"
    r"(?:that\s+is|i\.\s?e\.|in\s+other\s+words|namely)\s*,?\s+(?:in|during|on|within)\s+(?:that|the)(?:\s+(?:very|same))*"
    r"\s+(?P<u>day|week|month|year)\s*(?:--|\u2014|\u2013|,|\)\s*,?)\s*(?P<wh>(?:who|whom|which|what)\b[^?]*\?)\s*$",
    re.IGNORECASE,
)
_PERIOD_SIDE = re.compile(
    r"\b(?:in|during|over|within)\s+the\s+(?:period|time|days|weeks|months|stretch|span)\s+(?:that\s+|which\s+)?"
    r"(?P<d>followed|preceded|came\s+after|came\s+before)\s+",
    re.IGNORECASE,
)
_WH_WINDOW = re.compile(
    r"^\s*(?P<wh>who|whom)\s*,\s*(?P<t>(?:in|during)\s+[^,?]+?)\s+and\s+(?P<side>(?:before|after|prior\s+to|following)\s+"
    r"[^,?]+?)\s*,\s*(?P<rest>[^?]+\?)\s*$",
    re.IGNORECASE,
)
_CLOSE_YEAR = re.compile(
    r"^\s*(?:to|let(?:'|’)s|let\s+us)\s+(?:close|wrap\s+up|finish|round\s+off|end|close\s+out)\s+(?:out\s+)?the\s+"
    r"(?P<y>(?:19|20)\d\d)\s+(?:timeline|record|review|story|chapter|account|file)\s*[:,\-\u2013\u2014]\s*(?P<rest>[^?]+)"
    r"\?\s*$",
    re.IGNORECASE,
)
_YEAR_END = re.compile(
    r"\s+(?:before|by|until|up\s+to)\s+(?:the\s+)?(?:year(?:'s|’s)?\s+end|end\s+of\s+(?:the|that)\s+year|year\s+was\s+out)$",
    re.IGNORECASE,
)
_WHICH_OF_YEARS = re.compile(r"\bwhich\s+of\s+(?:those|these|the\s+two|the)\s+years\b", re.IGNORECASE)
_WITHIN_PERIOD = re.compile(
    r"^\s*(?:within|during|over|across|in)\s+the\s+(?:period|span|years|time\s*frame)\s+(?P<a>(?:19|20)\d\d)\s*"
    r"(?:-|\u2013|to|through|until)\s*(?P<b>(?:19|20)\d\d)\s*,\s*(?=(?:in\s+)?(?:which|what|who|whom|when)\b)",
    re.IGNORECASE,
)
_OF_THE_YEARS = re.compile(
    r"^\s*of\s+the\s+years\s+(?P<a>(?:19|20)\d\d)\s+and\s+(?P<b>(?:19|20)\d\d)\s*,\s*(?:please\s+)?(?:state|give|name|tell\s+me|"
    r"say)\s+the\s+(?P<o>last|latest|first|earliest)\s+(?:one\s+)?(?:in\s+which|when)\s+(?P<rest>[^?]+?)\s*[.?]?\s*$",
    re.IGNORECASE,
)
_DATE_BEFORE_ON_WHICH = re.compile(
    r"^\s*(?P<head>(?:please\s+)?(?:give|state|name|tell\s+me)\s+the\s+(?:last|latest|first|earliest)\s+(?:date|day)\s+)"
    r"(?P<side>(?:before|after)\s+[^?]+?)\s+(?P<on>on\s+which\s+[^?]+?)\s*(?P<end>[.?]?)\s*$",
    re.IGNORECASE,
)


def _at_the_time(text: str) -> str:
    m = _AT_THE_TIME.match(text)
    if m is None:
        return text
    prep = "On" if m.group("u").lower() == "day" else "In"
    wh = m.group("wh")
    return f"{prep} the same {m.group('u').lower()} that {m.group('c')}, {wh[:1].lower()}{wh[1:]}"


def _wh_window(text: str) -> str:
    m = _WH_WINDOW.match(text)
    if m is None or not _one_time(m.group("t").split(None, 1)[1]):
        return text
    t = m.group("t")
    return f"{t[:1].upper()}{t[1:]}, {m.group('side')}, {m.group('wh').lower()} {m.group('rest')}"


def _close_year(text: str) -> str:
    m = _CLOSE_YEAR.match(text)
    if m is None:
        return text
    rest = _YEAR_END.sub("", m.group("rest").rstrip())
    return f"In {m.group('y')}, {rest[:1].lower()}{rest[1:]}?"


def _years(text: str) -> str:
    text = _WITHIN_PERIOD.sub(lambda m: f"Between {m.group('a')} and {m.group('b')}, ", text)
    m = _OF_THE_YEARS.match(text)
    if m is not None:
        text = (
            f"Between {m.group('a')} and {m.group('b')}, tell me the {m.group('o').lower()} year in which "
            f"{m.group('rest')}."
        )
    w = _WHICH_OF_YEARS.search(text)
    if w is not None:
        # "those years": the years said before it ("Between 2014 and 2015", "Looking only at 2014 and 2015:")
        years = {
            y
            for t in find_time_expressions(text[: w.start()])
            if t.span is not None and t.span.start is not None and t.span.end is not None
            for y in range(t.span.start.year, t.span.end.year + 1)
        }
        if len(years) > 1:
            text = f"{text[: w.start()]}which year{text[w.end() :]}"
    return text


def _date_before_on_which(text: str) -> str:
    m = _DATE_BEFORE_ON_WHICH.match(text)
    if m is None:
        return text
    return f"{m.group('head')}{m.group('on')} {m.group('side')}{m.group('end') or '.'}"


def period_frames(question: str) -> str:
    """``question`` with a window, side or order said in a frame put plainly; unchanged otherwise."""

    def side(m: re.Match[str]) -> str:
        said = "after " if m.group("d").lower().endswith(("followed", "after")) else "before "
        return said.capitalize() if m.group(0)[:1].isupper() else said

    question = _PERIOD_SIDE.sub(side, question)
    question = _at_the_time(_wh_window(_close_year(question)))
    return _date_before_on_which(_years(question))
