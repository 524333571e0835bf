"""A sector said at the very start of a question: "Police forces in Ukraine were rebuffed by whom ...?", "Ordinary
people in Thailand were arrested by whom?". Its capital is the sentence's, not a name's, so the words would be read
as a name ("Police" -> Police (Australia)) instead of the sector of the country that follows; the first word is
lower-cased where the opening words form a known sector phrase followed by "in/of/from <Name>"."""

from __future__ import annotations

import re

from tkgrag.question.sectors import sector_phrase_length

_OPENING = re.compile(
    r"^(?P<lead>\s*(?:(?:the|The)\s+)?)(?P<words>[A-Z][a-z]+(?:\s+[a-z]+){0,3})\s+(?:in|of|from)\s+[A-Z]"
)


def sector_start(question: str) -> str:
    """``question`` with an opening sector phrase's sentence capital lower-cased; unchanged otherwise."""
    m = _OPENING.match(question)
    if m is None:
        return question
    words = m.group("words").split()
    if sector_phrase_length([w.lower() for w in words]) != len(words):
        return question
    i = m.start("words")
    return question[:i] + question[i].lower() + question[i + 1 :]
