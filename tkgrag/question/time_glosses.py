"""Brackets that restate or narrow a window just said, put in the words the time reader reads (each text -> text; a
bracket that disagrees with its window, or is no time, is left as written, so the reader abstains on it):

- a gloss of a stretch's end: "during the 14-day stretch that began on 19 March 2014 (that is, up to and including
  1 April 2014)" -> the bracket is dropped when its day is the stretch's last day;
- an excluded last edge: "between the start of 2015 and 14 December 2015 (not counting that day)", "(that day not
  included)" -> "... and 13 December 2015" (the day before); after "before/after D" the bracket only restates it;
  "(not counting the first day)" -> the range from the day after its first day;
- (a side of an anchor within its period, "Earlier in the same year in which X did R to Y, but before that
  happened, who ...?", is ``clause_shapes._part_but``'s: one rule);
- a scope in brackets after an anchor: "after X visited Y (within 2015)", "(counting only 2014)", "(2014 only)", "(but
  still in 2014)", "(2014 alone)" -> ", within 2015," (the bracket joined the anchor's words, so its event was not
  found); the same scope closing the question after a comma: "..., looking only at 2014?" ("looking only" was read as
  the relation), or between commas ("After X did R, but still in 2014, who ...?");
- a window from a period's start to an anchor's day, that day excluded: "between the start of 2014 and the day X did R
  to Y (that day excluded)" -> "in 2014 before the day X did R to Y in 2014"; "(that day included)" -> "in 2014 until
  the day ..." (without an edge said, or with the anchor dated on its own, left as written: which days are meant is
  unsaid);
- the side of an anchor's day said first: "Earlier in 2014 than the day X did R to Y, who ...?" -> "Before the day X
  did R to Y in 2014, who ... in 2014?" (the one rule for it; ``clause_shapes.than_the_day`` says the main clause
  first);
- the asked day after a day: "What was the next day after D on which ...?" -> "... the next date after D ..." ("the
  next day after D" read as D's next day, a window of one day);
- an anchor's own day included: "on or before / no later than / up to and including the day X did R" -> "until the
  day X did R" (up to and including it), "on or after / no earlier than" -> "since" ("no later than X did R" was read
  as after X; "on or before" left X's day out). Before a date the time reader reads the words itself.
"""

from __future__ import annotations

import re
from datetime import timedelta

from tkgrag.question.asked_time import asked_time
from tkgrag.question.scope_said import scope_said
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.question.year_out import year_out
from tkgrag.temporal import MONTH_NAMES, Granularity, TimeSpan, day_words


def _one_span(text: str) -> TimeSpan | None:
    """The span of ``text`` when the whole of it is one time expression (else None)."""
    text = text.strip()
    found = find_time_expressions(text)
    if len(found) != 1 or found[0].span is None or found[0].end != len(text):
        return None
    if found[0].phrase_start != 0 and found[0].start != 0:
        return None
    return found[0].span


_GLOSS = re.compile(
    r"\s*\(\s*(?:(?:that\s+is|i\.\s?e\.|ie|in\s+other\s+words|meaning|so)\s*,?\s*)?(?P<edge>up\s+to\s+and\s+including|"
    r"through|thru|to|until|till|ending(?:\s+on)?|running\s+(?:to|through|until)|up\s+to)\s+(?P<d>[^()]{4,40}?)"
    r"\s*(?:,?\s*(?:inclusive|included))?\s*\)",
    re.IGNORECASE,
)


def _stretch_gloss(text: str) -> str:
    m = _GLOSS.search(text)
    if m is None:
        return text
    before = text[: m.start()].rstrip()
    last = [t for t in find_time_expressions(before) if t.end == len(before)]
    day = _one_span(m.group("d"))
    if (
        not last
        or last[-1].span is None
        or day is None
        or day.granularity is not Granularity.DAY
        or last[-1].span.end != day.end
        or last[-1].span.start == last[-1].span.end
    ):
        return text  # the gloss names another day than the stretch's last: left as said (the reader abstains)
    return text[: m.start()] + text[m.end() :]


_EXCLUDED = re.compile(
    r"\s*[(,]\s*(?:(?:not\s+counting|excluding|not\s+including|exclusive\s+of|leaving\s+out)\s+(?:that|this|the\s+"
    r"(?:last|latter|final|end|second))\s+(?:day|date)|(?:that|this|the\s+(?:last|latter|final|end|second))\s+"
    r"(?:day|date)\s+(?:not\s+(?:included|counted|inclusive)|excluded|left\s+out|is\s+not\s+(?:included|counted)))"
    r"\s*[),]?",
    re.IGNORECASE,
)
_LAST_EDGE = re.compile(r"\s(?:and|to|until|till|through)\s+(?=\S)", re.IGNORECASE)
_SIDE = re.compile(r"\b(?:before|after|prior\s+to|following|since)\s+(?=\S)", re.IGNORECASE)


def _joined(head: str, tail: str) -> str:
    """``head`` and ``tail`` with the comma the dropped bracket stood for."""
    return head + ("" if tail[:1] in ("?", ".", "!", ",", "") else ",") + (" " if tail[:1].isalnum() else "") + tail


_FIRST_EXCLUDED = re.compile(
    r"\s*[(,]\s*(?:(?:not\s+counting|excluding|not\s+including|exclusive\s+of|leaving\s+out)\s+the\s+(?:first|"
    r"start(?:ing)?|opening)\s+(?:day|date)|the\s+(?:first|start(?:ing)?|opening)\s+(?:day|date)\s+(?:not\s+"
    r"(?:included|counted|inclusive)|excluded|left\s+out|is\s+not\s+(?:included|counted)))\s*[),]?",
    re.IGNORECASE,
)


def _first_excluded(text: str) -> str:
    """ "between D1 and D2 (not counting the first day)" as "between <the day after D1> and D2"."""
    m = _FIRST_EXCLUDED.search(text)
    if m is None:
        return text
    before = text[: m.start()].rstrip()
    last = [t for t in find_time_expressions(before) if t.end == len(before)]
    if not last or last[-1].span is None or last[-1].relation.lower() not in ("from", "between"):
        return text
    t, span = last[-1], last[-1].span
    if span.start is None or span.end is None or span.start >= span.end:
        return text
    first = span.start + timedelta(days=1)
    joint = "and" if t.relation.lower() == "between" else "to"
    out = _joined(before[: t.start] + f"{day_words(first)} {joint} {day_words(span.end)}", text[m.end() :])
    ok = any(
        u.relation.lower() == t.relation.lower()
        and u.span is not None
        and (u.span.start, u.span.end) == (first, span.end)
        for u in find_time_expressions(out)
    )
    return out if ok else text


def _excluded_edge(text: str) -> str:
    m = _EXCLUDED.search(text)
    if m is None:
        return text
    before = text[: m.start()].rstrip()
    edges = list(_LAST_EDGE.finditer(before))
    if edges:
        e = edges[-1]
        day = _one_span(before[e.end() :])
        if day is not None and day.granularity is Granularity.DAY and day.start is not None:
            last = day.start - timedelta(days=1)
            said = before[: e.end()] + day_words(last)
            out = _joined(said, text[m.end() :])
            ok = any(
                t.relation.lower() in ("from", "between")
                and t.span is not None
                and t.span.end == last
                and t.span.start != t.span.end
                for t in find_time_expressions(out)
            )
            if ok:
                return out
    sides = list(_SIDE.finditer(before))
    if sides and _one_span(before[sides[-1].end() :]) is not None:
        side = sides[-1]
        if side.group(0).strip().lower() == "since":  # "since D (not counting that day)": from the day after D
            before = (
                before[: side.start()] + ("After " if side.group(0)[:1].isupper() else "after ") + before[side.end() :]
            )
        return _joined(before, text[m.end() :])
    return text


_SCOPE = re.compile(
    r"\s*\(\s*(?:(?:(?:counting|looking\s+at|considering|taking)\s+only|only\s+(?:counting|within|in|during)|within|"
    # "(looking only at 2014)", "(focusing solely on 2015)", "(but in the same year, 2014)"
    r"(?:looking|focusing)\s+(?:only|just|solely)\s+(?:at|on)|"
    r"(?:(?:but|though|yet)\s+)?(?:still\s+)?(?:in|within|during)\s+the\s+same\s+year\s*[,:]|"
    r"limited\s+to|restricted\s+to|confined\s+to|only|(?:but|though|although|yet)?\s*(?:still|only|all)\s+(?:within|"
    r"in|during|inside)|(?:but|though)\s+(?:within|in|during|inside))\s+(?P<t>[^()]{4,40}?)|"
    r"(?:(?:counting|considering|looking\s+at|taking)\s+)?(?P<t2>[^()]{4,40}?)\s+(?:only|alone))\s*\)"
    # ", looking only at 2014?", ", considering 2014 alone?" closing the question ("looking only at" was the relation)
    r"|\s*,\s*(?:(?:looking\s+(?:only\s+|just\s+)?at|focusing\s+(?:only\s+|just\s+)?on)\s+"
    r"(?:only\s+|just\s+)?)(?P<t3>[^(),?]{4,40}?)(?:\s+(?:only|alone))?(?=\s*[?.!]\s*$)"
    # "After X did R, but still in 2014, who ...?": the same aside between commas
    r"|\s*,\s*(?:but|though|yet)\s+(?:still\s+|only\s+)?(?:within|in|during|inside)\s+(?P<t4>[^(),?]{4,40}?)(?=\s*,)",
    re.IGNORECASE,
)


def _scope_bracket(text: str) -> str:
    def said(m: re.Match[str]) -> str:
        t = (m.group("t") or m.group("t2") or m.group("t3") or m.group("t4")).strip()
        if _one_span(t) is None:
            return m.group(0)
        tail = text[m.end() : m.end() + 1]
        return f", within {t}" + ("" if tail in ("?", ".", "!", ",", "") else ",")

    return _SCOPE.sub(said, text)


# "What was the next day after D on which X did Y?": the asked day, not the day after D (said "date", which the time
# reader does not join to "after D")
_ASKED_DAY = re.compile(
    r"\b(?P<pre>(?:what|which)\s+(?:was|is|were|will\s+be)\s+the\s+(?:very\s+)?(?:first|next|following|earliest|"
    r"last|latest|previous|preceding)\s+)day(?=\s+(?:after|following|since|before|preceding|prior\s+to)\s+[^?]*?\b"
    r"(?:on\s+which|in\s+which|when|that)\b)",
    re.IGNORECASE,
)


_THAT_DAY = r"(?:(?:that|this|the\s+(?:last|latter|final|end|second))\s+(?:day|date)(?:\s+itself)?|the\s+latter)"
_EXCLUDED_WORDS = (
    r"(?:(?:but\s+)?(?:not\s+counting|excluding|not\s+including|exclusive\s+of|leaving\s+out)\s+"
    + _THAT_DAY
    + r"|"
    + _THAT_DAY
    + r"\s+(?:(?:is\s+|being\s+)?not\s+(?:included|counted|inclusive)|(?:is\s+|being\s+)?(?:excluded|left\s+out)))"
)
_INCLUDED_WORDS = (
    r"(?:(?:including|counting|inclusive\s+of)\s+"
    + _THAT_DAY
    + r"|"
    + _THAT_DAY
    + r"\s+(?:(?:is\s+|being\s+)?(?:included|counted)|inclusive)|inclusive)"
)
# "between the start of 2014 and the day X did R to Y (that day excluded)": from the period's start to the day before
# the anchor's; said as "in 2014 before the day X did R to Y in 2014" (the anchor's event is looked for in that period);
# "(that day included)": "in 2014 until the day X did R to Y in 2014" (up to and including it)
_START_TO_ANCHOR = re.compile(
    r"\b(?P<lead>between|from)\s+(?:the\s+(?:very\s+)?(?:start|beginning|outset|first\s+day)\s+of\s+"
    r"(?P<p>[^()?,]{4,25}?)|(?P<day>[^()?,]{5,25}?))\s+(?:(?:and|to|until|till|up\s+(?:to|until))\s+(?P<but>\(?\s*,?\s*"
    r"but\s+(?:not\s+including|excluding|not\s+counting)\s*\)?\s*,?\s*)?)the\s+(?:day|date)\s+(?:(?:on\s+which|when|"
    r"that)\s+)?(?P<clause>[^()?,]+?)\s*(?:\(\s*"
    + _EXCLUDED_WORDS
    + r"\s*\)|,\s*"
    + _EXCLUDED_WORDS
    + r"\s*(?=[,?.!]|$)"
    r"|\(\s*(?P<incl>" + _INCLUDED_WORDS + r")\s*\)|,\s*(?P<incl2>" + _INCLUDED_WORDS + r")\s*(?=[,?.!]|$)"
    r"|(?P<open>(?=[,?.!]|$)))",
    re.IGNORECASE,
)


def _period_from(day_text: str) -> tuple[TimeSpan | None, str]:
    """The year or month whose first day ``day_text`` is ("1 January 2014" -> 2014, "1 March 2014" -> March 2014)."""
    day = _one_span(day_text)
    if day is None or day.granularity is not Granularity.DAY or day.start is None or day.start.day != 1:
        return None, ""
    said = str(day.start.year) if day.start.month == 1 else f"{MONTH_NAMES[day.start.month - 1]} {day.start.year}"
    return _one_span(said), said


def _start_to_anchor(text: str) -> str:
    m = _START_TO_ANCHOR.search(text)
    if m is None or (m.group("open") is not None and not m.group("but")):
        return text  # "between the start of 2014 and the day X did R": that day in or out is unsaid
    clause = m.group("clause").strip()
    if m.group("p"):
        period, p = _one_span(m.group("p")), " ".join(m.group("p").split())
    else:
        period, p = _period_from(m.group("day"))
    if (
        period is None
        or period.granularity not in (Granularity.YEAR, Granularity.MONTH)
        or find_time_expressions(clause)
    ):
        return text  # the period is no year or month, or the anchor dates itself: left as said (the reader abstains)
    head = "In" if m.start() == 0 else "in"
    side = "until" if (m.group("incl") or m.group("incl2")) and not m.group("but") else "before"
    return _joined(text[: m.start()] + f"{head} {p} {side} the day {clause} in {p}", text[m.end() :].lstrip())


# "Earlier in 2014 than the day X did R to Y, who ...?": the main clause first ("who ... earlier in 2014 than the day
# X did R to Y?"), which ``clause_shapes.than_the_day`` reads, said in its words
_FRONT_THAN = re.compile(
    r"^\s*(?P<dir>earlier|later)\s+in\s+(?:the\s+year\s+)?(?P<year>(?:[A-Za-z]+\s+)?\d{4})\s+than\s+(?:(?:the\s+"
    r"(?:day|date|time|moment|occasion|instance|point)\s+(?:(?:on\s+which|in\s+which|at\s+which|when|that)\s+)?|"
    r"when\s+)?)(?P<clause>[^,?]+?)\s*,\s*(?P<main>[^,?]*?\b(?:who|whom|which|what)\b[^?]*?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)
# the same, the main clause first where ``clause_shapes.than_the_day`` leaves it: a main clause that is no wh-question
# ("Ireland was praised by whom earlier in 2014 than Ireland's hosting of Iran?"), or an anchor dated with the year
_BACK_THAN = re.compile(
    r"^\s*(?P<main>[^,?]*?\b(?:who|whom|which|what)\b[^,?]*?)\s+(?P<dir>earlier|later)\s+in\s+(?:the\s+year\s+)?"
    r"(?P<year>(?:[A-Za-z]+\s+)?\d{4})\s+than\s+(?:(?:the\s+(?:day|date|time|moment|occasion|instance|point)\s+"
    r"(?:(?:on\s+which|in\s+which|at\s+which|when|that)\s+)?|when\s+)?)(?P<clause>[^,?]+?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)
# "than Japan did": the anchor's event is the main one, unsaid (left as written)
_ELLIPTIC = re.compile(r"\b(?:did|does|do|had|has|have|was|were|is|are)\s*$", re.IGNORECASE)
# "After the day Ireland hosted Iran in 2014, ...": three words between "the day" and the year read as its length
_SHORT_DAY = re.compile(
    r"^(?P<h>\s*(?:before|after)\s+the\s+day)\s+(?=(?:[\w'’.-]+\s+){2}[\w'’.-]+\s+in\s+\d{4}\s*,)", re.I
)
# the anchor dated with the period itself: "than Ireland's hosting of Iran in 2014" (the same year, said twice)
_OWN_PERIOD = re.compile(r"\s*,?\s+(?:in|during)\s+(?P<p>(?:[A-Za-z]+\s+)?\d{4})\s*$", re.IGNORECASE)


_MONTH_THAN = r"(?P<dir>earlier|later)\s+in\s+(?P<p>(?:the\s+month\s+of\s+)?[A-Za-z]+\.?,?\s+\d{4})\s+than\s+"
_THAN_DAY = r"(?:the\s+)?(?P<n>\d{1,2})(?:st|nd|rd|th)?(?:\s+of\s+(?:the|that)\s+month)?"
# "Later in April 2014 than the 15th, who ...?" and "Who ... later in April 2014 than the 15th?": said as the time
# reader reads a day of the month ("In April 2014, who ... after the 15th?"); the day was left out (all of April read)
_MONTH_THAN_DAY_FIRST = re.compile(
    rf"^\s*{_MONTH_THAN}{_THAN_DAY}\s*,\s*(?P<main>[^?]+?)\s*(?P<end>[?.!]?)\s*$", re.IGNORECASE
)
_MONTH_THAN_DAY_LAST = re.compile(rf"\s+{_MONTH_THAN}{_THAN_DAY}(?=\s*[?.!]?\s*$)", re.IGNORECASE)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _month_than_day(text: str) -> str:
    m = _MONTH_THAN_DAY_FIRST.match(text) or _MONTH_THAN_DAY_LAST.search(text)
    if m is None:
        return text
    p = re.sub(r"^the\s+month\s+of\s+", "", " ".join(m.group("p").split()), flags=re.IGNORECASE)
    period, n = _one_span(p), int(m.group("n"))
    if (
        period is None
        or period.granularity is not Granularity.MONTH
        or period.end is None
        or not 1 <= n <= period.end.day
    ):
        return text
    said = f"{'before' if m.group('dir').lower() == 'earlier' else 'after'} the {_ordinal(n)}"
    if m.re is _MONTH_THAN_DAY_FIRST:
        main = m.group("main")
        return f"In {p}, {main[:1].lower()}{main[1:]} {said}{m.group('end') or '?'}"
    return text[: m.start()] + f" in {p} {said}" + text[m.end() :]


def _front_than(text: str) -> str:
    text = _SHORT_DAY.sub(lambda m: m.group("h") + " when ", text, count=1)
    m = _FRONT_THAN.match(text) or _BACK_THAN.match(text)
    if m is None:
        return text
    clause, year = m.group("clause").strip(), m.group("year")
    period = _one_span(year)
    if period is None or period.granularity not in (Granularity.YEAR, Granularity.MONTH):
        return text  # "Earlier in 2014 than June 8, ...": a day, read as it is
    own = _OWN_PERIOD.search(clause)
    if own is not None and _one_span(own.group("p")) == period:
        clause = clause[: own.start()]  # "than X's hosting of Y in 2014", the year the comparison is in
    if find_time_expressions(clause):
        return text  # "than June 8", a clause dated on its own: as said
    side = "Before" if m.group("dir").lower() == "earlier" else "After"
    main, end = m.group("main"), m.group("end") or "?"
    lead = re.match(r"(?:who|whom|which|what|tell|name|list|give|identify|show)\b", main, re.IGNORECASE)
    if lead is not None:
        main = main[:1].lower() + main[1:]  # a passive main clause keeps its subject's capital ("Ireland was ...")
    if _ELLIPTIC.search(clause) or not re.search(r"\b[a-z][a-z'’-]+\b", clause):
        # "than Japan (did)": the main event by another actor, which the anchor reads as "before Japan did" (it
        # abstains where that actor did it on several days); left in the relation's words it was not read at all
        if lead is None or period.granularity is not Granularity.YEAR:
            return text
        did = "" if _ELLIPTIC.search(clause) else " did"
        return f"In {year}, {main} {side.lower()} {clause}{did}{end}"
    # "the day Ireland hosted Iran in 2014": three words between "the day" and the year read as its length
    day = "the day when" if len(clause.split()) <= 3 and clause[:1].isupper() else "the day"
    return f"{side} {day} {clause} in {year}, {main} in {year}{end}"


# "What was the next date after D when X did Y?": "when" opens the asked date's clause, not an anchor
_ASKED_DATE_WHEN = re.compile(
    r"\b(?:what|which)\s+(?:was|is|were|will\s+be)\s+the\s+(?:very\s+)?(?:first|next|following|earliest|last|latest|"
    r"previous|preceding)\s+date\s+(?:after|following|since|before|preceding|prior\s+to)\s+(?P<d>[^?]{4,30}?)\s*,?\s+"
    r"(?P<w>when)\s+(?=\w)",
    re.IGNORECASE,
)


def _asked_date_when(text: str) -> str:
    m = _ASKED_DATE_WHEN.search(text)
    if m is None or _one_span(m.group("d")) is None:
        return text
    return text[: m.start("w")] + "on which " + text[m.end() :]


# "on or before / no later than the day X did R": up to and including X's day ("until", which reads so); "on or after /
# no earlier than": from X's day on ("since"). "No later than X did R" was read as "later than" (after X: the other
# side), "on or before" as "before" (X's own day left out).
_INCLUSIVE_SIDE = re.compile(
    r"\b(?P<w>on\s+or\s+(?P<b>before|prior\s+to)|(?:no|not)\s+(?P<l>later)\s+than|up\s+to\s+and\s+including|on\s+or\s+"
    r"after|(?:no|not)\s+earlier\s+than)\s+(?=\S)",
    re.IGNORECASE,
)


def _inclusive_side(text: str) -> str:
    out, last = [], 0
    for m in _INCLUSIVE_SIDE.finditer(text):
        rest = text[m.end() :]
        found = find_time_expressions(rest)
        if found and min(found[0].phrase_start, found[0].start) == 0:
            continue  # "no later than 5 May 2014": a date, which the time reader reads
        until = m.group("b") or m.group("l") or m.group("w").lower().startswith("up")
        out.append(text[last : m.start()] + ("until " if until else "since "))
        last = m.end()
    return "".join(out) + text[last:]


def time_glosses(question: str) -> str:
    """``question`` with a bracket that restates or narrows its window said plainly; unchanged otherwise."""
    question = scope_said(asked_time(year_out(question)))
    question = _ASKED_DAY.sub(lambda m: m.group("pre") + "date", question)
    question = _inclusive_side(_front_than(_month_than_day(_start_to_anchor(_asked_date_when(question)))))
    return _scope_bracket(_first_excluded(_excluded_edge(_stretch_gloss(question))))
