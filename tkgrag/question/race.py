"""A race to the same event: "Who beat X to it and hosted Y in 2014?" asks who hosted Y before X did.

"beat X to it" (also "to the punch", "pre-empted X and ...", "beat X to hosting Y") names no event of its own: the
event is the coordinated clause's (or the gerund's), and X is the one who did it after the answer. The question is
rewritten to the elliptical before-anchor that already reads this ("Who hosted Y in 2014 before X did?": X in the
answer's role, X excluded).
"""

from __future__ import annotations

import re

_BEAT = re.compile(
    r"^\s*(?P<wh>(?:who|which|what)(?:\s+[a-z]+)?)\s+"
    r"(?:beat|beats|had\s+beaten|pre-?empted|pre-?empts|got\s+ahead\s+of|outpaced)\s+(?P<x>[^,?]+?)\s+"
    r"to\s+(?:(?:it|the\s+punch)\s*,?\s*(?:and\s+|in\s+|by\s+)?|(?=[a-z]+ing\b))(?P<rest>[^?]+?)\s*(?P<end>[?.!]?)\s*$",
    re.IGNORECASE,
)


def race_to_it(question: str) -> str:
    """``question`` with "Who beat X to it and V ..." rewritten as "Who V ... before X did?"; unchanged otherwise."""
    m = _BEAT.match(question)
    if m is None or not m.group("rest").strip():
        return question
    return f"{m.group('wh')} {m.group('rest')} before {m.group('x')} did{m.group('end') or '?'}"
