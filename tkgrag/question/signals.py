"""Temporal signal words (EXAQT Sec. 4.1.1) and temporal ordinals.

A signal is the word that relates the question's event to a time or to another event: "before 2014", "after Jack
Straw", "since May 7, 1948", "as of 1988". The same preposition grammar serves explicit times (``relation_before``)
and implicit anchors, so both agree on what "until" or "as of" means:

- BEFORE: before, prior to, earlier than, by, preceding, ahead of, no later than, on or before
- AFTER: after, following, later than, subsequent to, beyond, no earlier than, on or after
- START: since, from ... on(wards), starting/beginning/started/began (in|on|from), effective, start time/date is
- FINISH: until, till, up to, up until, through, ending/ended (in|on), end time/date is
- OVERLAP: in, on, at, during, as of, within, throughout, around, circa, about, for, of, from (without "on":
  "winners from the 1990s"); and a bare date
- ORDINAL: first ... twentieth, 1st/2nd/..., earliest, initial, last, latest, final, most recent, penultimate

"as of" is OVERLAP (the state at that time), as the SituatedQA questions use it. Ordinals inside fixed compounds
("first name", "first lady", "at last") and inside dates ("the 12th of March") are not signals.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from tkgrag.question.lexicon import LEXICAL_ORDINAL_COMPOUNDS, ORDINAL_POSITION
from tkgrag.question.model import Ordinal, Signal

# (phrase regex, signal); the longest phrase that ends right before a time expression wins.
_RELATIONS: list[tuple[str, Signal]] = [
    (
        r"on\s+or\s+before|in\s+or\s+before|no\s+later\s+than|not\s+later\s+than|earlier\s+than|prior\s+to",
        Signal.BEFORE,
    ),
    # "Right after 7 April 2015, who was the first ...": the adverb only says the order's "first" / "last"
    (r"(?:(?:right|immediately|just|directly|shortly)\s+)(?:before|preceding|ahead\s+of|prior\s+to)", Signal.BEFORE),
    (r"before|preceding|ahead\s+of|by|pre", Signal.BEFORE),
    (
        r"on\s+or\s+after|in\s+or\s+after|no\s+earlier\s+than|not\s+earlier\s+than|later\s+than|subsequent\s+to",
        Signal.AFTER,
    ),
    (r"(?:(?:right|immediately|just|directly|shortly|straight)\s+)(?:after|following)", Signal.AFTER),
    (r"after|following|beyond|post", Signal.AFTER),
    (
        r"(?:(?:the\s+)?start(?:ing)?\s+(?:time|date)|(?:the\s+)?begin(?:ning)?\s+(?:time|date))"
        r"(?:\s+(?:is|was|of|on|in))?",
        Signal.START,
    ),
    (
        r"(?:start(?:ing|ed)|began|begun|beginning|commenc(?:ing|ed))(?:\s+(?:in|on|from|at|with))?"
        r"|starts?\s+(?:in|on|from|at)|effective(?:\s+(?:from|on|as\s+of))?",
        Signal.START,
    ),
    (r"(?:ever\s+)?since(?:\s+(?:in|on|at))?|from", Signal.START),
    (r"(?:(?:the\s+)?end(?:ing)?\s+(?:time|date))(?:\s+(?:is|was|of|on|in))?", Signal.FINISH),
    (
        r"(?:end(?:ing|ed)|finish(?:ing|ed)|stopp(?:ing|ed))(?:\s+(?:in|on|at))?|(?:ends?|finish(?:es)?)\s+(?:in|on|at)",
        Signal.FINISH,
    ),
    (r"up\s+until|up\s+to|until|till|'til|through|thru", Signal.FINISH),
    (r"as\s+of|as\s+at|point\s+in\s+time(?:\s+(?:is|was|of))?", Signal.OVERLAP),
    (r"in|on|at|during|within|throughout|over|across|around|circa|ca\.|c\.|about|for|of", Signal.OVERLAP),
]
_RELATION_RE = re.compile(
    r"(?:^|(?<=[\s,(]))(?P<rel>" + "|".join(f"(?:{p})" for p, _ in _RELATIONS) + r")(?:[\s,]+|-)(?:the\s+)?$"
)
_RELATION_SIGNAL = [(re.compile(rf"^(?:{p})$"), s) for p, s in _RELATIONS]


# A time governed by a plain "in/on/at" inherits START or FINISH from a verb that begins or ends a state just before
# it: "who did X marry in 1967" (the marriage starts then), "who left the club in 2012" (the membership ends then).
# "Enter into cooperation/talks with X in 2014" is an act in 2014, not a state that starts then ("into force" is).
_START_VERBS = (
    r"marry|marries|married|become|becomes|became|join|joins|joined|start|starts|started|begin|begins|began|"
    r"(?:enter|enters|entered)(?!\s+into\s+(?!force\b))|elected|appointed|hired|signed\s+with|take\s+office|"
    r"took\s+office|assumed|inaugurated|sworn\s+in"
)
_FINISH_VERBS = (
    r"leave|leaves|left|quit|quits|resign|resigns|resigned|retire|retires|retired|divorce|divorces|divorced|stop|stops|"
    r"stopped|stoped|end|ends|ended|finish|finishes|finished|cease|ceases|ceased|step\s+down|stepped\s+down|fired|"
    r"dismissed|dissolved|died|dies|die|terminated"
)
_STATE_VERB_BEFORE = re.compile(
    rf"\b(?:(?P<start>{_START_VERBS})|(?P<finish>{_FINISH_VERBS}))\b(?:\s+[\w'’-]+){{0,6}}?\s*$"
)


def state_change_signal(low: str, phrase_start: int, text: str | None = None) -> Signal | None:
    """START/FINISH when a state-changing verb governs the time that starts at ``phrase_start`` (same clause).
    ``text`` (``low`` as written) tells a capitalised word inside a name ("the Coalition of the Radical Left on D")
    from the verb: the name's "Left" ended nothing, and FINISH made "on D" mean "up to D"."""
    clause_start = max(low.rfind(c, 0, phrase_start) for c in ",;?!") + 1
    m = _STATE_VERB_BEFORE.search(low, clause_start, phrase_start)
    if m is None:
        return None
    if text is not None and text[m.start()].isupper() and text[: m.start()].rstrip()[-1:].isalnum():
        return None
    if (
        m.group("start")
        and m.group("start").startswith("signed")
        and _SIGNED_PAPER.search(low, clause_start, m.start())
    ):
        return None  # "an agreement was signed with X on D": the signing is the act, no state starts (a club's does)
    return Signal.START if m.group("start") else Signal.FINISH


# a paper signed: "a formal agreement was signed with X", "the deal was signed with X"
_SIGNED_PAPER = re.compile(r"\b(?:agreements?|deals?|accords?|treat(?:y|ies)|pacts?|contracts?|memorand\w*)\b")


def signal_of(relation: str) -> Signal:
    """The signal class of a relation phrase as written ("prior to" -> BEFORE); OVERLAP for anything else."""
    rel = " ".join(relation.lower().split())
    for pattern, signal in _RELATION_SIGNAL:
        if pattern.match(rel):
            return signal
    return Signal.OVERLAP


def relation_before(low: str, pos: int, *, window: int = 40) -> tuple[str, int, Signal] | None:
    """The relation phrase that ends right before ``pos`` in the lower-cased text: (phrase, start, signal)."""
    lo = max(0, pos - window)
    m = _RELATION_RE.search(low, lo, pos)
    if m is None:
        return None
    # ``search`` with an end bound treats ``pos`` as the end of the string, so ``$`` anchors at ``pos``.
    rel = m.group("rel")
    return rel, m.start("rel"), signal_of(rel)


# -- ordinals --------------------------------------------------------------------------------------------------
_ORD_ALTS = sorted(ORDINAL_POSITION, key=len, reverse=True)
_ORDINAL_RE = re.compile(
    r"(?P<phrase>(?:for\s+)?the\s+(?P<w1>" + "|".join(re.escape(w) for w in _ORD_ALTS) + r")\s+time)"
    r"|\b(?P<w2>" + "|".join(re.escape(w) for w in _ORD_ALTS) + r")\b"
    r"|\b(?P<num>\d{1,3})(?:st|nd|rd|th)\b"
)


def find_ordinals(low: str, exclude: Iterable[tuple[int, int]] = ()) -> list[Ordinal]:
    """Temporal ordinals in the lower-cased text, outside the ``exclude`` spans (dates, relative times)."""
    blocked = [*exclude, *((m.start(), m.end()) for m in LEXICAL_ORDINAL_COMPOUNDS.finditer(low))]
    out: list[Ordinal] = []
    for m in _ORDINAL_RE.finditer(low):
        if any(a <= m.start() < b or a < m.end() <= b for a, b in blocked):
            continue
        if m.group("num"):
            position = int(m.group("num"))
            if position == 0:
                continue
        else:
            word = " ".join((m.group("w1") or m.group("w2")).split())
            position = ORDINAL_POSITION[word]
        out.append(Ordinal(low[m.start() : m.end()], m.start(), m.end(), position))
    return out


def question_signals(
    time_signals: Sequence[Signal], anchor_signals: Sequence[Signal], has_ordinal: bool
) -> tuple[Signal, ...]:
    """The question's signal set in EXAQT's order; (NO_SIGNAL,) when there is none."""
    found = {*time_signals, *anchor_signals}
    if has_ordinal:
        found.add(Signal.ORDINAL)
    found.discard(Signal.NO_SIGNAL)
    if not found:
        return (Signal.NO_SIGNAL,)
    return tuple(s for s in Signal if s in found)
