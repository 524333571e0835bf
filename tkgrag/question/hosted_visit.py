"""A hosted visit said with the visitor's possessive: "Angola's visit hosted by China", "Angola's visit was hosted by
China". The possessive reads as the actor of the relation (Angola hosting), so the visitor is said with "of" instead
("the visit of Angola hosted by China"), which the parser reads as China hosting Angola's visit."""

from __future__ import annotations

import re

_POSSESSIVE_VISIT = re.compile(
    r"(?:\b(?P<the>[Tt]he)\s+)?(?P<visitor>\b(?:[A-Z][\w.'’-]*)(?:\s+(?:[A-Z][\w.'’-]*|of|the|and|for|de|al))*?)['’]s?\s+"
    r"(?P<noun>visits?|trips?)\b(?=(?:\s+(?:to\s+\w+(?:\s+\w+){0,3}?))?\s+(?:(?:was|were|being|been)\s+)?"
    r"(?:hosted|received|welcomed)\s+by\b)"
)


def hosted_visit(question: str) -> str:
    """``question`` with "X's visit hosted by Y" said as "the visit of X hosted by Y"; unchanged otherwise."""

    def said(m: re.Match[str]) -> str:
        the = "the " if m.group("the") else ""
        lead = "The" if m.group("the") == "The" else "the"
        return f"{lead} {m.group('noun')} of {the}{m.group('visitor')}"

    return _POSSESSIVE_VISIT.sub(said, question)
