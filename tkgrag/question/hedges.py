"""An adverb that only sharpens the question word: "When exactly did X meet Y?" asks what "When did X meet Y?" asks.

Left in, "exactly" sits between the question word and the auxiliary, where the parser looks for the event's subject
("did X"), and it joins the relation phrase ("exactly did meet"); the answer's granularity is said by the question
word ("when" a day, "what month" a month), not by the adverb.
"""

from __future__ import annotations

import re

_ADVERB = r"(?:exactly|precisely|specifically|actually|just|roughly|approximately|about)"
# "When exactly", "On what date precisely", "Which actor specifically": the adverb after the question phrase
_AFTER_WH = re.compile(
    r"^(?P<wh>\s*(?:[^,?]{1,60},\s*)?(?:(?:on|in|during|at|by|from|for|until)\s+)?(?:when|where|whom|whose|who|what|which)(?:\s+[a-z]+)?)"
    rf"\s+{_ADVERB}\s*,?(?=\s+(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can)\b)",
    re.IGNORECASE,
)
# "Exactly when did X ...?": the adverb before the question word; both also after an opening phrase and its comma
# ("In 2015, when exactly did X ...?", "In 2015, precisely when did X ...?")
_OPENING = re.compile(r"^\s*[^,?]{1,60},\s*")
_BEFORE_WH = re.compile(rf"\s*{_ADVERB}\s+(?=(?:when|where|who|whom|which|what|on|in|during)\b)", re.IGNORECASE)
_BEFORE_WH_WORD = re.compile(rf"\s*{_ADVERB}\s+(?=(?:when|where|who|whom|which|what)\b)", re.IGNORECASE)


def without_hedge(question: str) -> str:
    """``question`` without an adverb that only sharpens its question word; unchanged when it has none."""
    m = _AFTER_WH.match(question)
    if m is not None:
        return m.group("wh") + question[m.end() :]
    m = _BEFORE_WH.match(question)
    if m is not None:
        rest = question[m.end() :]
        return rest[:1].upper() + rest[1:]
    o = _OPENING.match(question)
    if o is not None and (m := _BEFORE_WH_WORD.match(question, o.end())) is not None:
        return question[: o.end()] + question[m.end() :]
    return question
