"""A period ordered against an event: "Which month was the last one before A in which B?".

The reader took "before A in which B" as one anchor clause (so B's event was looked for inside A). Said as
"Before A, which was the last month in which B?", the anchor is A and the order is B's, as the reader reads it.
Only the whole construction is rewritten; "in which" must follow the anchor clause.
"""

from __future__ import annotations

import re

_PERIOD_BEFORE = re.compile(
    r"^\s*(?:which|what)\s+(?P<unit>month|year|day|date)\s+was\s+the\s+"
    r"(?P<order>last|latest|most\s+recent|final|first|earliest)\s+one\s+"
    r"(?P<rel>before|after|prior\s+to|since)\s+(?P<anchor>\S.*?)\s*,?\s+(?:in|on|during)\s+which\s+"
    r"(?P<clause>\S.*?)\s*(?P<end>[?.!]*)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def period_before(question: str) -> str:
    """``question`` with "Which month was the last one before A in which B?" said as "Before A, which was the last
    month in which B?"; unchanged otherwise."""
    m = _PERIOD_BEFORE.match(question)
    if m is None:
        return question
    rel = " ".join(m.group("rel").split())
    order = " ".join(m.group("order").lower().split())
    return (
        f"{rel[:1].upper()}{rel[1:].lower()} {m.group('anchor')}, which was the {order} {m.group('unit').lower()} "
        f"in which {m.group('clause')}{m.group('end') or '?'}"
    )
