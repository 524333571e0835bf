"""The rest of the anchor's year, and a choice among years, said in the words the time reader reads (each text ->
text; a question that does not fit is left as written):

- the end of the year in scope after an anchor: "In 2014, after X did R, who did S before the year was out?",
  "After X did R, who did S later that same year (2014)?", "... by the end of 2015", "... before 2014 was over",
  "... in the remainder of that year" -> "After X did R in 2014, who did S in 2014?" (the window is the anchor's
  day to 31 December of its year). Before, "the year was out" and the bracket after "that same year" were read as
  anchors of their own (no event: an abstention). "Before X did R, who did S earlier that year (2014)?" likewise.
  With no year said anywhere, the fronted form becomes "In the same year that X did R, who did S after X did R?"
  (both anchors on the one event). A side that disagrees with its anchor ("After X, ... earlier that year"), or a
  month or day said as the scope before the anchor, is left as written;
- a choice among consecutive years: "Which of the years 2014 and 2015 saw X do R?", "In which of 2014 and 2015
  did ..." -> "Which year between 2014 and 2015 ..." (the answer is the year of the event among them; "Which year,
  2014 or 2015, ..." is ``window_edges``'s). Years that are not consecutive are left (a range would add the years
  between them).
"""

from __future__ import annotations

import re

from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity

_YEAR = r"(?:19|20)\d\d"
_BRACKET = (
    rf"(?:\s*\(\s*(?:in\s+)?(?P<by>{_YEAR})\s*\)|,\s*(?:i\.e\.\s*|that\s+is,?\s*)?(?P<by2>{_YEAR})(?=\s*[?.!]?\s*$))?"
)
_OVER = (
    r"(?:was\s+(?:out|over|through|done|finished)|had\s+(?:ended|finished|run\s+out)|ended|finished|closed|"
    r"ran\s+out)"
)
_THE_YEAR = rf"(?:the\s+year|{_YEAR})"
_THAT_YEAR = rf"(?:(?:that|the|this)\s+(?:same\s+|very\s+)?year|{_YEAR})"
# after the anchor's day: to the year's end
_LATER = re.compile(
    r"\s*,?\s+(?P<w>"
    rf"(?:before|by|until|till|up\s+to)\s+(?:{_THE_YEAR}\s+{_OVER}|the\s+(?:end|close)\s+of\s+{_THAT_YEAR}|"
    r"(?:the\s+)?year['’]s\s+end|year[-\s]end)|"
    rf"later\s+(?:on\s+)?(?:in\s+)?{_THAT_YEAR}|"
    rf"(?:in|during|over|for|through(?:out)?)\s+the\s+(?:rest|remainder|remaining\s+months|balance)\s+of\s+{_THAT_YEAR}"
    r")" + _BRACKET,
    re.IGNORECASE,
)
# before the anchor's day: from the year's start
_EARLIER = re.compile(
    r"\s*,?\s+(?P<w>"
    rf"earlier\s+(?:on\s+)?(?:in\s+)?{_THAT_YEAR}|"
    rf"(?:since|from)\s+the\s+(?:start|beginning)\s+of\s+{_THAT_YEAR}"
    r")" + _BRACKET,
    re.IGNORECASE,
)
_AFTER = re.compile(r"\b(?:after|following|once|since)\b", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:before|prior\s+to|ahead\s+of)\b", re.IGNORECASE)
# "After X did R, <main>?" / "In 2014, after X did R, <main>?"
_FRONTED = re.compile(
    r"^\s*(?P<scope>in\s+(?P<sy>" + _YEAR + r")\s*,\s*)?(?P<trig>after|following|once|before|prior\s+to)\s+"
    r"(?P<clause>[^,?]+?)\s*,\s*(?P<main>(?:who|whom|which|what)\b[^?]*?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)


def _years(text: str, trigger: int) -> set[int] | None:
    """The years of the times ``text`` states; None when a time finer than a year scopes the question before its
    anchor's ``trigger`` ("In March 2014, after X ..."), where the rest of the year is not what the scope says."""
    years: set[int] = set()
    for t in find_time_expressions(text):
        span = t.span
        if span is None or span.start is None or span.end is None or span.start.year != span.end.year:
            return None
        if t.start < trigger and span.granularity is not Granularity.YEAR:
            return None
        years.add(span.start.year)
    return years


def _rest_of_year(text: str) -> str:
    m = _LATER.search(text)
    later = m is not None
    if m is None:
        m = _EARLIER.search(text)
    if m is None or text[m.end() :].strip() not in ("", "?", ".", "!"):
        return text
    before = re.sub(r"\s*,?\s+(?:but|and)$", "", text[: m.start()], flags=re.IGNORECASE)
    side = _AFTER if later else _BEFORE
    trigger = side.search(before)
    if trigger is None or (_BEFORE if later else _AFTER).search(before):
        return text  # no anchor before it, or one on the other side: left as said
    for t in side.finditer(before):
        found = find_time_expressions(before[t.end() :])
        if found and found[0].phrase_start <= 1:
            return text  # "after 9 January 2014 and before the end of 2014": a time bound, read by the time path
    said = {int(y) for y in re.findall(_YEAR, m.group(0))}
    stated = _years(before, trigger.start())
    if stated is None or len(said | stated) > 1:
        return text  # two years, or a month scoping the question: which year's end is meant is unsaid
    f = _FRONTED.match(before + "?")
    end = text[m.end() :].strip() or "?"
    if not (said | stated):
        if f is None or f.group("scope"):
            return text
        clause, main = f.group("clause").strip(), f.group("main").strip()
        trig = "after" if f.group("trig").lower() == "once" else f.group("trig").lower()
        return f"In the same year that {clause}, {main[:1].lower()}{main[1:]} {trig} {clause}{end}"
    year = (said | stated).pop()
    if f is not None:
        # the anchor's own year: its event is looked for in the year the question is about
        clause = f.group("clause").strip()
        if not find_time_expressions(clause):
            clause = f"{clause} in {year}"
        # the scope ("In 2014, after ...") is said twice then, and dropped: with it the anchor's event was looked for
        # outside the year (a wrong answer on a graph where the anchor's event is also in 2013)
        trig = "After" if f.group("trig").lower() == "once" else f.group("trig")[:1].upper() + f.group("trig")[1:]
        return f"{trig} {clause}, {f.group('main').strip()} in {year}{end}"
    last = list(side.finditer(before))[-1]
    main, clause = before[: last.start()].strip(), before[last.end() :].strip()
    if not re.match(r"(?:who|whom|which|what)\b", main, re.IGNORECASE) or "," in main + clause:
        return text  # the anchor clause is not the question's tail: where the year goes is unsure
    own = "" if find_time_expressions(clause) else f" in {year}"
    if re.search(r"\b(?:did|does|do|had|has|have|was|were)\s*$", clause, re.IGNORECASE):
        # "before South Korea did": the anchor's event is the main one, read after it
        return f"In {year}, {main[:1].lower()}{main[1:]} {last.group(0).lower()} {clause}{own}{end}"
    trig = "After" if last.group(0).lower() == "once" else last.group(0)[:1].upper() + last.group(0)[1:].lower()
    return f"{trig} {clause}{own}, {main[:1].lower()}{main[1:]} in {year}{end}"


_CHOICE = re.compile(
    r"\b(?P<lead>(?:in|during)\s+)?which\s+(?:one\s+)?of\s+(?:the\s+)?(?:two\s+|three\s+)?(?:years\s*,?\s+)?(?P<ys>"
    + _YEAR
    + r"(?:\s*,\s*"
    + _YEAR
    + r")*,?\s+(?:and|or)\s+"
    + _YEAR
    + r")\s*,?\s+",
    re.IGNORECASE,
)


# "X did R in one of the years 2014 and 2015; which year was it?": the same choice said as a statement
_ONE_OF = re.compile(
    r"\b(?:in|during)\s+(?:one\s+of|either(?:\s+of)?)\s+(?:the\s+)?(?:two\s+|three\s+)?(?:years\s+)?(?P<ys>"
    + _YEAR
    + r"(?:\s*,\s*"
    + _YEAR
    + r")*,?\s+(?:and|or)\s+"
    + _YEAR
    + r")(?=\s*(?:[;:,.?-]|—|–)\s*(?:but\s+|so\s+|and\s+)?(?:which|what|in\s+which)\s+(?:one|year)\b)",
    re.IGNORECASE,
)


def _years_choice(text: str) -> str:
    one = _ONE_OF.search(text)
    if one is not None:
        years = sorted(int(y) for y in re.findall(_YEAR, one.group("ys")))
        if years == list(range(years[0], years[0] + len(years))):
            # "... which one?" asks for the year ("one" alone was read as an entity's question)
            rest = re.sub(r"\b(which|what)\s+one\b", r"\1 year", text[one.end() :], count=1, flags=re.IGNORECASE)
            return f"{text[: one.start()]}between {years[0]} and {years[-1]}{rest}"
        return text
    m = _CHOICE.search(text)
    if m is None:
        return text
    years = sorted(int(y) for y in re.findall(_YEAR, m.group("ys")))
    if years != list(range(years[0], years[0] + len(years))):
        return text  # "the years 2012 and 2015": a range would add 2013 and 2014
    lead = m.group("lead") or ""
    head = "which" if m.group(0)[:1].islower() else "Which"
    if lead:
        head = lead[:1] + lead[1:].lower() + head.lower()
    return f"{text[: m.start()]}{head} year between {years[0]} and {years[-1]} {text[m.end() :]}"


# "Which actors did R later in 2015, following X's gesture?": the main clause, the rest of the year, then the anchor
_MID_LATER = re.compile(
    r"^\s*(?P<main>(?:who|whom|which|what)\b[^,?]*?)\s*,?\s+(?:later\s+(?:on\s+)?in|in\s+the\s+(?:rest|remainder)\s+of)"
    r"\s+(?P<y>" + _YEAR + r")\s*,?\s+(?P<trig>after|following|once)\s+(?P<clause>[^,?]+?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)


def _later_then_anchor(text: str) -> str:
    """The anchor's event is looked for in the year that bounds the question: read unbound, it was taken from
    another year (2005 for "later in 2015"), a wrong answer."""
    m = _MID_LATER.match(text)
    if m is None or find_time_expressions(m.group("main")):
        return text
    clause, year = m.group("clause").strip(), m.group("y")
    if find_time_expressions(clause):
        return text  # the anchor dated on its own: left as said
    main = m.group("main").strip()
    return f"After {clause} in {year}, {main[:1].lower()}{main[1:]} in {year}{m.group('end') or '?'}"


def year_out(question: str) -> str:
    """``question`` with the rest of its anchor's year, or its choice among years, said plainly (see the module
    docstring); unchanged otherwise."""
    return _years_choice(_rest_of_year(_later_then_anchor(question)))
