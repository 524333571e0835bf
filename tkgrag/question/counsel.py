"""ICEWS's ``Consult`` said as a noun: "sought the counsel of X", "asked for X's advice". The noun "counsel" is also a
role word (a lawyer), so "the counsel of X" would be read as X's lawyer and the verb left alone ("sought"); the
phrase is said as the verb it means before parsing."""

from __future__ import annotations

import re

_VERB = {"seek": "consult", "seeks": "consults", "seeking": "consulting", "sought": "consulted"}
_COUNSEL = re.compile(
    r"\b(?P<verb>seek|seeks|seeking|sought)\s+(?:out\s+)?(?:the\s+)?(?:counsel|advice)\s+(?:of|from)\s+",
    re.IGNORECASE,
)


def counsel_as_consult(question: str) -> str:
    """``question`` with "sought the counsel of X" said as "consulted X"; unchanged otherwise."""
    return _COUNSEL.sub(lambda m: _VERB[m.group("verb").lower()] + " ", question)
