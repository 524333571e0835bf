"""A statement with its period, then a question ordered against it within that period.

"X did R in 2015. Before that, within the same year, who did S?", "X did R in 2015. Earlier that year, before that
happened, who did S?", "X did R in 2015. Who did S after that, before the year was out?", "X did R in 2014. Later
that same year, whom did Y S?" -> "In 2015, before X did R, who did S?": the window is the statement's own time (the
period said, "that year", is the one the statement gives), the side is against the statement's event. Read as the
pair alone the question said both the statement's period and an order against it (no reading), or the side words
were read as the relation.

Read only where the statement ends with one time of the unit the question names ("in 2015" and "that year", "in
March 2015" and "that month") and the question says one side; anything else is left as written (the statement-pair
reader reads or abstains as before).
"""

from __future__ import annotations

import re

from tkgrag.question.time_expressions import find_time_expressions

_SIDE = (
    r"(?:(?:right\s+|just\s+|shortly\s+|some\s+time\s+)?(?P<side>before|after|prior\s+to|following)\s+(?:that|this|it)"
    r"(?:\s+(?:happened|occurred|took\s+place|was\s+done))?|(?P<side2>earlier|later|afterwards|previously|"
    r"subsequently|beforehand)(?:\s+on)?)"
)
_PERIOD = (
    r"(?:(?:in|during|within|over|at\s+some\s+point\s+in)\s+)?(?:that|the)(?:\s+(?:very|same))*\s+(?P<unit>year|month)"
    r"|(?:before|by)\s+(?:the\s+)?(?P<unit2>year|month)(?:\s+(?:was|had)\s+(?:out|over|ended|done)|\s+end|\s+was\s+"
    r"through)|(?:before|by)\s+the\s+end\s+of\s+(?:that|the)\s+(?:same\s+)?(?P<unit3>year|month)"
)
_ITEM = re.compile(rf"(?:{_SIDE})?\s*(?:(?:in|within|during)\s+)?(?:{_PERIOD})?", re.IGNORECASE)
_PAIR = re.compile(r"^\s*(?P<first>[^?!;]*?[^\s.;])\s*[.;]\s+(?P<q>[^.?!]+[?.!]?)\s*$", re.DOTALL)
_WH = re.compile(r"^(?:who|whom|which|what|name|list|identify|give|tell)\b", re.IGNORECASE)
_QUESTION_WORD = re.compile(r"^\s*(?:who|whom|whose|which|what|when|where|how|why|did|does|do|was|were|is|are)\b", re.I)
_ONE_OCCASION = re.compile(r"\s+(?:at\s+(?:one|some)\s+point|once|on\s+(?:one|an)\s+occasion)\s*$", re.IGNORECASE)
_SENTENCE_ADVERB = re.compile(r"^(?:reportedly|allegedly|apparently|supposedly)\s*,?\s+", re.IGNORECASE)
_FRONT_ITEM = re.compile(r"^\s*(?P<item>[^,?]+?)\s*,\s*")


def _read(item: str) -> tuple[set[str], set[str]] | None:
    """(sides, units) an item says ("Earlier that year" -> ({"before"}, {"year"})); None when it is not one."""
    m = _ITEM.fullmatch(item.strip())
    if m is None or not m.group(0).strip():
        return None
    sides: set[str] = set()
    side = (m.group("side") or m.group("side2") or "").lower()
    if side:
        sides.add("before" if side in ("before", "prior to", "earlier", "previously", "beforehand") else "after")
    units = {u.lower() for u in (m.group("unit"), m.group("unit2"), m.group("unit3")) if u}
    return (sides, units) if sides or units else None


def stated_side(question: str) -> str:
    """``question`` with a statement and a question ordered against it in its period said as a window and an anchor;
    unchanged otherwise."""
    m = _PAIR.match(question)
    if m is None or _QUESTION_WORD.match(m.group("first")):
        return question
    first, q = m.group("first"), m.group("q")
    sides: set[str] = set()
    units: set[str] = set()
    while (f := _FRONT_ITEM.match(q)) is not None and (read := _read(f.group("item"))) is not None:
        sides |= read[0]
        units |= read[1]
        q = q[f.end() :]
    stop = re.search(r"\s*(?P<e>[?.!]?)\s*$", q)
    end = (stop.group("e") if stop is not None else "") or "?"
    q = q[: stop.start()] if stop is not None else q
    for _ in range(3):
        found = None
        for cut in re.finditer(r"(?:\s*,\s*|\s+)(?=\S)", q):
            tail = q[cut.end() :]
            if (read := _read(tail)) is not None:
                found = (cut.start(), read)
                break
        if found is None:
            break
        q, read = q[: found[0]], found[1]
        sides |= read[0]
        units |= read[1]
    if len(sides) != 1 or len(units) != 1 or not _WH.match(q):
        return question
    times = find_time_expressions(first)
    if len(times) != 1 or times[0].unread or times[0].relation is None:
        return question
    t, span = times[0], times[0].span
    if span is None or span.granularity.value != next(iter(units)) or first[t.end :].strip(" ,"):
        return question
    clause = _ONE_OCCASION.sub("", first[: t.phrase_start]).strip(" ,")
    if not clause:
        return question
    clause = _SENTENCE_ADVERB.sub("", clause)  # "Reportedly X did R": X did R
    clause = "the" + clause[3:] if re.match(r"The\s+[a-z]", clause) else clause
    side = next(iter(sides))
    return f"In {first[t.start : t.end]}, {side} {clause}, {q[:1].lower()}{q[1:].rstrip()}{end}"
