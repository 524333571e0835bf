"""A question's window or answer said apart from its clause, said the way the time reader reads it; each read only
when the time in it is read whole (a time not read whole leaves the text as written: the reader reads or abstains as
before).

First (``said_apart``: a last sentence, a bracket, an opening phrase):

- Form only, dropped (first of all the rewrites, ``without_form_tail``): "(Ties: name them all.)", "I need the complete
  list.", "(all if several)", "(any time after)": they ask for every answer or say the window has no end, not a window;
  "exact date" after the question mark only where the question asks a day (else no reading).
- A last sentence that scopes the question: "Who accused X? Just 2014-10-24, please." -> "Who accused X on
  2014-10-24?"; "Only after September 2014.", "Only in 2015 before 22 February.", "I'm asking about November 2015."
  likewise (a bare time said "on"/"in", a time with its own side word as it is).
- A trailing scope phrase: "Name everyone who R X, counting only that single day, 2014-10-30." -> "... on 2014-10-30."
- An opening scope phrase: "Counting only events in 2014, whom ...", "Looking only in 2015, when ...", "Over the
  course of the month of June 2014, which ..." -> "In 2014, ..." (the scope words were read as names or as the event);
  "2014: in what month did ...?" and "2014, before X did R: who ...?" -> "In 2014, ..." (the colon is the comma).

Then:

- "Counting only 2014 and 2015, which year ...?", "Looking at 2014 only: who ...?", "Considering just March 2015,
  ...", "Looking only at 2015: before X did R, who ...?" -> "Between 2014 and 2015, ..." / "In 2014, ...": the scope
  word was read as a name ("Looking") or the two years as two windows (a trailing ", counting only 2014" the time
  reader reads already).
- "In what year, 2014 or 2015, did X ...? (Give both if it happened in both.)", "(Give every year that applies.)": the
  bracket (or a last sentence) asks the answer's form (every year it happened), not a window; "in both" was read as
  an anchor ("in the same year") and the words as the relation. It is dropped.
- "Who did R before X did S, counting only that same month?" -> "In the same month that X did S, who did R before X
  did S?" (both: before X's event and in its month, the form ``clause_shapes._part_but`` gives).
- "Once August 2014 had come to an end, who ...?", "When August 2014 was over, ..." -> "After August 2014, ...":
  "Once August 2014 ended" was read as in August 2014 (the opposite window), "When ..." as the question word.
- "Once September 2015 was over, who went on to R during the rest of that year?" -> "After September 2015 and
  before the end of 2015, ..." (``window_edges`` makes it one range); a period that ends the year has no rest.
- "Tell me the month or months of 2015 in which X did R." -> "Tell me in which months of 2015 X did R.": "the month
  or months" was an unread word next to the year (the reader abstained); the asked unit is the answer's. Likewise
  "the years across 2014 and 2015 when X did R" ("when" opened an anchor) and "List every day on which X did R"
  ("every" was read as the relation).

- "(according to the records)", "(as reported)" inside a clause: no part of the event; dropped.
- "ahead of the occasion when X did R" -> "ahead of X did R" (the clause is the anchor); "on the day following the
  one when X did R" -> "on the day after X did R".
- "before 2015 ended" -> "before the end of 2015" (up to its last day; "before 2015" was its first day), "After X,
  and before the end of 2015, who ...?" -> "After X, who ... before the end of 2015?" (the anchor's clause ended at
  the time, with "and" in it); "the end of the month of November 2014" -> "the end of November 2014".

"X did R in 2015. Before that, within the same year, who ...?" is ``stated_side``'s (after ``said_apart``), "At the
time when X did R -- that is, in that same month -- who ...?" and other frames ``period_frames``' (after it).

"... once X did R" mid-question is ``clause_shapes.once_clause``'s, and "X did R. During that same month, who
...?" is ``declarative.anchor_sentence``'s. Anything else is left as written (the reader reads or abstains as before).
"""

from __future__ import annotations

import re

from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.period_frames import period_frames
from tkgrag.question.stated_side import stated_side
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.question.unit_said import unit_said
from tkgrag.temporal import Granularity, TimeSpan

# the answer's form, no window: after the question's own "?" (or ".")
_FORM_TAIL = re.compile(
    r"(?<=[?.])\s*(?:"
    r"\(\s*ties?\s*[:,\-\u2013]?\s*(?:please\s+)?(?:name|list|give|include)\s+(?:them\s+)?all\s*[.!]?\s*\)"
    r"|(?:i\s+need|i\s+want|i['’]d\s+like|give\s+me|please\s+give)\s+the\s+(?:complete|full|whole|entire)\s+list"
    r"|\(\s*(?:give\s+|list\s+|name\s+)?all\s+if\s+(?:several|more\s+than\s+one|many|there\s+are\s+several)\s*\)"
    r"|\(\s*any\s*time\s+after(?:wards?)?\s*\)"
    r")\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "exact date" after the question mark: only the form when the question asks a day already
_EXACT_DATE_TAIL = re.compile(
    r"(?<=[?.])\s*(?:the\s+)?(?:exact|precise)\s+date(?:\s*,?\s*please)?\s*[.!]?\s*$", re.IGNORECASE
)
# the unit a question asks: "In what year", "which month", "on what date", "When"
_ASKED_UNIT = re.compile(
    r"\b(?:which|what)\s+(?:[a-z]+\s+){0,2}?(?P<u>year|month|week|day|date)s?\b|^\s*(?P<when>when)\b", re.IGNORECASE
)
# "Who accused X? Just 2014-10-24, please.", "Only after 2014-04-25.", "I'm asking about November 2015."
_SCOPE_SENTENCE = re.compile(
    r"\?\s*(?:just|only|(?:i['’]m|i\s+am)\s+(?:only\s+)?(?:asking|interested)\s+(?:about|in)|"
    r"(?:counting|considering|looking\s+at)\s+only|only\s+(?:counting|considering|looking\s+at))\s+"
    r"(?P<t>[^?!]{4,50}?)\s*(?:,\s*please)?\s*[.!]?\s*$",
    re.IGNORECASE,
)
# "..., counting only that single day, 2014-10-30."
_SCOPE_TRAIL = re.compile(
    r"\s*,\s*(?:counting|considering|looking\s+at|taking)\s+only\s+(?:that|the|this)\s+(?:single\s+|one\s+)?"
    r"(?:day|date|month|year)\s*,\s*(?P<t>[^?!;]{4,40}?)\s*(?P<end>[.?!]?)\s*$",
    re.IGNORECASE,
)
# "Counting only events in 2014, ...", "Looking only in 2015, ...", "Over the course of the month of June 2014, ..."
_SCOPE_FRONT = re.compile(
    r"^\s*(?:(?:counting|considering|looking\s+at|taking)\s+only\s+(?:the\s+)?(?:events?|those|what\s+happened|"
    r"records?)\s+(?:in|during|from|of|within)|looking\s+only\s+(?:in|at|within|during)|"
    r"over\s+the\s+course\s+of(?:\s+the\s+(?:month|year)\s+of)?)\s+(?P<t>[^,:;?]{4,40}?)\s*,\s*(?=[a-z])",
    re.IGNORECASE,
)
# "2014: in what month ...", "2014, before X did R: who ...?"
_YEAR_FRONT = re.compile(
    r"^\s*(?P<t>(?:19|20)\d\d|[A-Z][a-z]+\s+(?:19|20)\d\d)\s*(?::\s*(?P<q>(?:who|whom|which|what|when|in|on|during)\b)|"
    r",\s*(?P<side>(?:before|after|prior\s+to|following)\s+[^:?]+?)\s*:\s*(?P<q2>(?:who|whom|which|what|when)\b))",
    re.IGNORECASE,
)

# "In 2014, up to the day before X did R, whom ...?": before X's day (the day before it the last one counted); read as
# "the day before X" it was that one day
_UP_TO_DAY_BEFORE = re.compile(r"\bup\s+(?:to|until|till)\s+(?:and\s+including\s+)?the\s+day\s+before\s+", re.I)
# a window's start before it ("From March 2014 up to the day before X"): the span's two ends, left as written
_FROM_TIME = re.compile(r"\b(?:from|since|starting|beginning)\s+(?:in\s+|on\s+)?(?:[A-Z][a-z]+\s+)?\d", re.I)
# "After X did R (on 2014-02-10), whom ...?": the anchor's own day in a bracket, said as part of its clause (the
# clause ended at the bracket)
_ANCHOR_DAY_BRACKET = re.compile(
    r"\s*\(\s*(?P<t>on\s+[^()]{4,30}?)\s*\)(?=\s*,\s*(?:who|whom|which|what|when|where)\b)", re.IGNORECASE
)


def _whole(t: str) -> tuple[bool, Granularity | None] | None:
    """(has its own side word, granularity) of ``t`` when it is one or more times read whole; None otherwise."""
    found = find_time_expressions(t)
    if not found or any(x.unread or x.span is None for x in found):
        return None
    rest = t
    for x in sorted(found, key=lambda x: x.phrase_start, reverse=True):
        rest = rest[: x.phrase_start] + " " + rest[x.end :]
    if rest.strip(" ,.") and not re.fullmatch(r"[\s,.]*(?:and\s*)?", rest):
        return None
    first = found[0]
    span = first.span
    return bool(first.relation), span.granularity if span is not None else None


def _said(t: str) -> str | None:
    """``t`` said as a window after a clause: "after September 2014" as it is, a bare day "on D", else "in T"."""
    t = t.strip().rstrip(".,")
    read = _whole(t)
    if read is None:
        return None
    sided, granularity = read
    if sided:
        return t
    return f"{'on' if granularity is Granularity.DAY else 'in'} {t}"


def without_form_tail(question: str) -> str:
    """``question`` without a tail that only says the answer's form ("(Ties: name them all.)", "I need the complete
    list."), so that the rewrites anchored at the question's end see its last word; unchanged when it has none. A unit
    item ("[granularity month; 2014]") is said as the request the reader reads (``unit_said``).

    "Exact date (please)" goes only where the question asks a day ("On what date", "When"); where it asks another unit
    ("In what year ...? Exact date please.") the two say different forms: raises ``UnreadablePair`` (no reading).
    """
    question = _FORM_TAIL.sub("", question).rstrip()
    exact = _EXACT_DATE_TAIL.search(question)
    if exact is None:
        return unit_said(question)
    asked = _ASKED_UNIT.search(question, 0, exact.start())
    if asked is None or not (asked.group("when") or asked.group("u").lower() in ("day", "date")):
        raise UnreadablePair(f"cannot read {question!r}: {exact.group().strip()!r} and the unit asked differ")
    return unit_said(question[: exact.start()].rstrip())


def said_apart(question: str) -> str:
    """``question`` with a window or form said apart from its clause said where it is read; unchanged otherwise. A
    form-only tail is gone already (``without_form_tail`` is the parser's first rewrite)."""
    up_to = _UP_TO_DAY_BEFORE.search(question)
    if up_to is not None:
        if _FROM_TIME.search(question, 0, up_to.start()):
            # "From March 2014 up to the day before X": "before X" would drop the window's start, "the day before X"
            # read it as that one day; a span between a time and an anchor is not read
            raise UnreadablePair(f"cannot read {question!r}: a span from a time up to the day before an event")
        before = "Before " if up_to.group()[:1].isupper() else "before "
        question = f"{question[: up_to.start()]}{before}{question[up_to.end() :]}"
    day = _ANCHOR_DAY_BRACKET.search(question)
    if day is not None and (read := _whole(day.group("t"))) is not None and read[0]:
        question = f"{question[: day.start()]} {day.group('t')}{question[day.end() :]}"
    m = _SCOPE_SENTENCE.search(question)
    if m is not None and (said := _said(m.group("t"))) is not None:
        if find_time_expressions(question[: m.start()]):
            # "Who visited Korea in 2015? Just 2014-10-24, please.": two windows, which one holds is not said
            raise UnreadablePair(f"cannot read {question!r}: the clause and its last sentence each say a window")
        question = f"{question[: m.start()].rstrip()} {said}?"
    m = _SCOPE_TRAIL.search(question)
    if m is not None and (said := _said(m.group("t"))) is not None:
        question = f"{question[: m.start()]} {said}{m.group('end') or '?'}"
    m = _SCOPE_FRONT.match(question)
    if m is not None and (read := _whole(m.group("t").strip())) is not None and not read[0]:
        said = f"in {m.group('t').strip()}"
        rest = question[m.end() :]
        question = f"{said[:1].upper()}{said[1:]}, {rest}"
    y = _YEAR_FRONT.match(question)
    read = _whole(y.group("t")) if y is not None else None
    if y is not None and read is not None and not read[0]:
        t = y.group("t")
        if y.group("q") is not None:
            rest = question[y.start("q") :]
            return f"In {t}, {rest[:1].lower()}{rest[1:]}"
        rest = question[y.start("q2") :]
        return f"In {t}, {y.group('side')}, {rest[:1].lower()}{rest[1:]}"
    return question


def _span(text: str, *, headed: bool = False) -> TimeSpan | None:
    """The one time ``text`` is, read whole with nothing unread; None otherwise. ``headed``: one range said with its
    head word ("across 2014 and 2015") instead of a bare time."""
    found = find_time_expressions(text)
    if len(found) != 1 or found[0].unread or found[0].span is None:
        return None
    t = found[0]
    if headed:
        if not t.relation or t.relation_start != 0:
            return None
    elif t.phrase_start != 0 or t.start != 0:  # bare: "from the start of 2014" is no time
        return None
    return t.span if t.end == len(text.rstrip()) else None


def _window(t: str) -> str | None:
    """ "2014 and 2015" -> "between 2014 and 2015", "2014" -> "in 2014"; None when ``t`` is no window."""
    t = t.strip()
    pair = re.fullmatch(r"(?P<a>.+?)\s+(?:and|or|to|through|until|-|\u2013)\s+(?P<b>.+)", t, re.IGNORECASE)
    if pair is not None:
        a, b = _span(pair.group("a")), _span(pair.group("b"))
        if a is not None and b is not None and a.start is not None and b.end is not None and a.start <= b.end:
            return f"between {pair.group('a')} and {pair.group('b')}"
        return None
    return f"in {t}" if _span(t) is not None else None


_SCOPE_WORD = (
    r"(?:counting|considering|looking\s+(?:only\s+|just\s+)?at|taking|restricting\s+(?:it|this|ourselves)\s+to|"
    r"limiting\s+(?:it|this|ourselves)\s+to|sticking\s+to|focusing\s+on|viewing|treating|regarding|seeing|"
    r"(?P<prep>over|across|with|for|in|throughout))"
)
# "2014 and 2015 taken together", "2015 as a whole", "2014 alone": the scope said whole (a preposition before the
# time is a scope only with such a tail: "Over 2014 and 2015, ..." is read already)
_WHOLE_TAIL = (
    r"(?P<tail>\s+(?:only|alone|(?:taken\s+|considered\s+|viewed\s+|put\s+)?together|combined|jointly|as\s+a\s+whole|"
    r"in\s+(?:full|its\s+entirety|their\s+entirety)|as\s+(?:one|a\s+single)\s+(?:period|span|window|stretch|block)))?"
)
# "Counting only 2014 and 2015, which ...", "Looking at 2014 only: who ...", "Only counting 2014 - who ...",
# "Over 2014 and 2015 taken together, in which year ...", "Looking at 2015 as a whole, by whom was X ...?"
_FRONT = re.compile(
    rf"^\s*(?:only\s+)?{_SCOPE_WORD}\s+(?:only\s+|just\s+|solely\s+)?(?:the\s+(?:years?|months?|period)\s+|"
    r"the\s+(?:whole|entirety|full\s+year)\s+of\s+)?"
    rf"(?P<t>[^,:;?()]{{4,40}}?){_WHOLE_TAIL}(?:\s+into\s+(?:account|consideration))?\s*(?:[,:;]|\s[-\u2013\u2014])"
    r"\s*(?P<rest>(?:who|whom|whose|which|what|when|in\s+which|on\s+which|during\s+which|how|"
    r"(?:by|to|with|from|for|against|of)\s+whom|(?:please\s+)?(?:name|give|tell|list|identify|state)|"
    r"(?:just\s+|right\s+|shortly\s+)?(?:before|after|prior\s+to|following))\b)",
    re.IGNORECASE,
)


def _front_scope(text: str) -> str:
    m = _FRONT.match(text)
    if m is not None and m.group("prep") and not m.group("tail"):
        return text  # "Over 2014 and 2015, ...", "In 2014, ...": read as written
    if m is not None and (said := _window(m.group("t"))) is not None:
        return f"{said[:1].upper()}{said[1:]}, {text[m.start('rest') :]}"
    return text


# "(Give both if it happened in both.)", "(If both, give both.)", "(List every year it happened in.)"
_FORM_BRACKET = re.compile(
    r"\s*(?P<open>\()?\s*(?:(?:please\s+)?(?:give|list|name|include|mention|state)\s+(?:them\s+)?(?:both|all|"
    r"each(?:\s+(?:one|year))?|every\s+(?:one|year))(?:\s+(?:years|of\s+them))?(?:\s+(?:that|which)\s+(?:applies|apply|"
    r"fits?|qualif(?:y|ies)|holds?))?(?:\s+if\s+(?:it|this|that|they|so)\s+(?:happened|occurred|took\s+place|was\s+the\s+"
    r"case|applies)(?:\s+in\s+(?:both|all|each)(?:\s+(?:years|of\s+them))?)?)?|if\s+(?:it\s+happened\s+in\s+)?(?:both|"
    r"all)(?:\s+years)?\s*,\s*(?:give|list|name)\s+(?:them\s+)?(?:both|all))\s*[.!]?\s*(?(open)\))\s*[.!]?\s*$",
    re.IGNORECASE,
)


def _form_bracket(text: str) -> str:
    m = _FORM_BRACKET.search(text)
    if m is None or "?" not in text[: m.start()]:
        return text
    return text[: m.start()].rstrip()


# "Who did R before X did S, counting only that same month?": before S and in S's month
_ONLY_SAME_PERIOD = re.compile(
    r"^\s*(?P<main>(?:who|whom|which|what)\b[^?]*?)\s+(?P<side>before|after|prior\s+to|following)\s+"
    r"(?P<clause>[^,?()]+?)\s*(?:,\s*|\(\s*)(?:but\s+)?(?:only\s+)?(?:(?:counting|considering|looking\s+at|taking)\s+"
    r"(?:only\s+|just\s+)?|(?:only\s+)?(?:within|in|during)\s+)(?:that|the)\s+(?:very\s+)?same\s+(?P<unit>day|week|month|"
    r"year)(?:\s+only)?\s*\)?\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)


def _only_same_period(text: str) -> str:
    m = _ONLY_SAME_PERIOD.match(text)
    if m is None:
        return text
    side = "before" if m.group("side").lower() in ("before", "prior to") else "after"
    main, clause = m.group("main"), m.group("clause")
    prep = "On" if m.group("unit").lower() == "day" else "In"
    return f"{prep} the same {m.group('unit').lower()} that {clause}, {main[:1].lower()}{main[1:]} {side} {clause}" + (
        m.group("end") or "?"
    )


_ENDED_WORDS = (
    r"(?:(?:was|were|is|had\s+been|has\s+been|had|has|being)\s+)?(?:over|ended|finished|done|out|past|gone|passed|"
    r"behind\s+us|complete|completed|(?:come|came)\s+to\s+(?:an|its)\s+end|(?:drawn|drew)\s+to\s+a\s+close|closed|"
    r"(?:run|ran)\s+out)"
)
# "Once August 2014 had come to an end, who ...?", "When August 2014 was over, who ...?": after the period. "Once
# August 2014 ended" was read as a bare "August 2014" (in August: the opposite window), "When ... was over" as the
# question word "when"
_PERIOD_OVER = re.compile(
    rf"\b(?P<w>once|after|when|with|as\s+soon\s+as|following)\s+(?P<t>[^,?;()]{{3,30}}?)\s+{_ENDED_WORDS}(?=\s*[,?.!]|\s*$)",
    re.IGNORECASE,
)


def _period_over(text: str) -> str:
    def said(m: re.Match[str]) -> str:
        if _span(m.group("t")) is None:
            return m.group(0)
        return f"{'A' if m.group('w')[:1].isupper() else 'a'}fter {m.group('t')}"

    return _PERIOD_OVER.sub(said, text)


# "After September 2015, who went on to R during the rest of that year?" (said so by ``_period_over``)
_REST_OF_YEAR = re.compile(
    r"^\s*after\s+(?P<t>[^,?]{3,40}?)\s*,\s*(?P<main>(?:who|whom|which|what)\b[^?]*?)\s*,?\s+"
    r"(?:during|in|over|for|through(?:out)?|across|within)\s+(?:the\s+)?(?:rest|remainder|remaining\s+(?:part|months)|"
    r"balance)\s+of\s+(?:that|the|this)\s+(?:same\s+)?year(?P<end>\s*[?.!]?)\s*$",
    re.IGNORECASE,
)


def _rest_of_year(text: str) -> str:
    m = _REST_OF_YEAR.match(text)
    if m is None:
        return text
    span = _span(m.group("t"))
    if span is None or span.start is None or span.end is None or span.granularity is Granularity.YEAR:
        return text
    if span.start.year != span.end.year or (span.end.month, span.end.day) == (12, 31):
        return text  # no rest of the year after it: left as written
    main = m.group("main")
    return f"After {m.group('t')} and before the end of {span.end.year}, {main[:1].lower()}{main[1:]}{m.group('end')}"


# "Tell me the month or months of 2015 in which X did R", "List the month(s) in 2014 when ..."
_UNITS_ASKED = re.compile(
    r"\b(?:the\s+(?P<u>day|month|year|week)(?:\s*\(\s*s\s*\)|\s+or\s+(?:the\s+)?(?P=u)s|s)|(?:each|every|any|all)"
    r"(?:\s+(?:of\s+)?the)?\s+(?P<u2>day|month|year|week)s?)(?:\s*,\s*|\s+)"
    r"(?:(?P<t>(?:of|in|during|across|between|over|throughout)\s+[^?,]{4,30}?)\s*,?\s+)?(?:in\s+which|when|"
    r"during\s+which|on\s+which)\s+(?=\S)",
    re.IGNORECASE,
)
_ASKING = re.compile(r"^\s*(?:please\s+)?(?:tell\s+me|list|name|give(?:\s+me)?|identify|state|say)\s+$", re.IGNORECASE)


def _units_asked(text: str) -> str:
    m = _UNITS_ASKED.search(text)
    if m is None or _ASKING.match(text[: m.start()]) is None:
        return text
    unit = (m.group("u") or m.group("u2")).lower()  # "the month in 2014 when" (one month) is read already
    ask = text[: m.start()]
    if re.match(r"\s*(?:please\s+)?give\s+$", ask, re.IGNORECASE):  # "Give on which days ..." read "Give" as the act
        ask = "Tell me "
    prep = "on" if unit == "day" else "in"
    if m.group("t") is None:  # "List every day on which X did R": "every" was read as the relation
        if m.group("u2") is None:
            return text
        return f"{ask}{prep} which {unit}s {text[m.end() :]}"
    t = m.group("t").split(None, 1)
    if len(t) != 2 or (_span(t[1]) is None and _span(m.group("t"), headed=True) is None):
        return text
    return f"{ask}{prep} which {unit}s {m.group('t')} {text[m.end() :]}"


# "before 2015 ended": up to the year's end (read as "before 2015", the year's start, it left out the whole year)
_ENDED = re.compile(
    r"\b(?P<side>before|until|till|by)\s+(?P<t>[^,?;()]{3,30}?)\s+(?:ended|was\s+over|had\s+ended|had\s+finished|"
    r"(?:had\s+)?(?:came|come)\s+to\s+an\s+end|finished|closed|drew\s+to\s+a\s+close|ran\s+out)\b",
    re.IGNORECASE,
)
# "After X did R, and before the end of 2015, who ...?": the time said after the clause, not as part of the anchor's
_AFTER_AND_END = re.compile(
    r"^\s*(?P<a>(?:after|following|since|once)\s+[^,?]+?),\s*and\s+(?P<b>before\s+the\s+end\s+of\s+[^,?]+?)\s*,\s*"
    r"(?P<main>(?:who|whom|which|what)\b[^?]*?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)
# "after the end of the month of November 2014": the month's end ("the month of" restates the month)
_MONTH_OF = re.compile(
    r"\b(?P<e>the\s+(?:end|beginning|start|close|middle)\s+of\s+)the\s+month\s+of\s+(?=[A-Z][a-z]+\s+\d{4})",
    re.IGNORECASE,
)


def _period_ended(text: str) -> str:
    def said(m: re.Match[str]) -> str:
        span = _span(m.group("t"))
        if span is None or span.granularity is Granularity.DAY:
            return m.group(0)
        return f"{m.group('side')} the end of {m.group('t')}"

    text = _MONTH_OF.sub(lambda m: m.group("e"), _ENDED.sub(said, text))
    m = _AFTER_AND_END.match(text)
    if m is None:
        return text
    main = m.group("main")
    return f"{m.group('a')}, {main[:1].lower()}{main[1:]} {m.group('b')}{m.group('end') or '?'}"


# "In the month when (according to the records) X did R, ...": a bracket that names the source says nothing of the
# event; left in, it was read as part of the anchor's clause (whose roles were then unsaid)
_SOURCE_BRACKET = re.compile(
    r"\s*\(\s*(?:according\s+to\s+(?:the\s+)?(?:records?|data|reports?|graph|sources?|archives?)|as\s+(?:recorded|reported|"
    r"(?:the\s+)?records?\s+(?:show|shows|have\s+it))|reportedly|on\s+record)\s*\)",
    re.IGNORECASE,
)


# "ahead of the occasion when X did R", "after the time that X did R": the clause is the anchor ("the occasion" was
# read as part of it, whose roles were then unsaid); "on the day following the one when X did R": the day after X's
_OCCASION = re.compile(
    r"\b(?P<t>before|after|ahead\s+of|prior\s+to|following|since|until|till|by)\s+the\s+(?:very\s+)?(?:occasion|"
    r"instance|moment|time)\s+(?:when|on\s+which|at\s+which|that)\s+(?=\w)",
    re.IGNORECASE,
)
_THE_ONE_WHEN = re.compile(
    r"\bthe\s+(?P<u>day|week|month|year)\s+(?P<d>following|after|before|preceding|prior\s+to)\s+the\s+one\s+"
    r"(?:when|on\s+which|in\s+which|that|during\s+which)\s+(?=\w)",
    re.IGNORECASE,
)


def _occasion(text: str) -> str:
    text = _OCCASION.sub(lambda m: f"{m.group('t')} ", text)

    def said(m: re.Match[str]) -> str:
        side = "after" if m.group("d").lower() in ("following", "after") else "before"
        return f"the {m.group('u').lower()} {side} "

    return _THE_ONE_WHEN.sub(said, text)


# "during calendar year 2014", "in the calendar year 2015": the year ("calendar" was read as an anchor or relation)
# "Which others did the same in that calendar month?": that month ("calendar" stopped the statement fold); not before a
# bracket ("that calendar week (Sunday to Saturday)" is ``stated_week``'s)
_CALENDAR_YEAR = re.compile(
    r"\b(?:the\s+)?calendar\s+(?=year\s+\d{4}\b)|(?<=\bthat\s)calendar\s+(?=(?:month|year|week)\b(?!\s*\())",
    re.IGNORECASE,
)
# "In which year of the two-year span 2014-2015 ...", "which one of the 2-year period 2014 to 2015": the years from
# the first to the last ("two-year span" was left unread next to the time; "the years 2014 and 2015" and "the period
# 2013 to 2015" are read already)
_COUNTED = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
_YEARS_NAMED = re.compile(
    r"\b(?P<head>which\s+(?:year|one)\s+(?:of|in|within|during|across)\s+the\s+)"
    r"(?P<n>two|three|four|[234])[-\s]year\s+(?:span|period|stretch|window|time\s*frame|interval)\s*,?\s*"
    r"(?:of\s+|from\s+)?(?P<a>(?:19|20)\d\d)\s*(?:-|\u2013|to|through|until)\s*(?P<b>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def _years_named(text: str) -> str:
    def said(m: re.Match[str]) -> str:
        a, b = int(m.group("a")), int(m.group("b"))
        if _COUNTED[m.group("n").lower()] != b - a + 1:
            return m.group(0)  # a count that is not the years': left unread, the reader abstains
        return f"{m.group('head').split()[0]} year between {a} and {b}"

    return _YEARS_NAMED.sub(said, text)


def scope_said(question: str) -> str:
    """``question`` with its scope, asked unit or statement said where the reader reads them; unchanged otherwise."""
    question = _occasion(
        _SOURCE_BRACKET.sub("", _CALENDAR_YEAR.sub("", _years_named(period_frames(stated_side(said_apart(question))))))
    )
    question = _period_ended(_front_scope(_form_bracket(question)))
    question = _rest_of_year(_period_over(_only_same_period(question)))
    return _units_asked(question)
