"""A comparison in time that the parse did not read: "Earlier in 2014 than the consultation between A and B, who
...?" with no anchor found, where "earlier than" was left in the relation's words.

Without its anchor such a question becomes another one (who did it at any time in 2014), and its answers are wrong
for the question asked. So the understanding names the comparison as a gap and readers abstain, saying why. A
comparison the parse did read (an anchor, or a window such as "later in April 2014 than the 15th") leaves no such
words behind and is not touched.
"""

from __future__ import annotations

import re

# "Earlier than the consultation between", or "than 's praise" once the time before it was read apart
_COMPARISON = re.compile(r"^\s*than\b|\b(?:earlier|later|sooner)\b(?:\s+\S+){0,6}?\s+than\b", re.IGNORECASE)


def unread_comparison(relation_phrase: str | None, anchors: int) -> str | None:
    """The comparison's words ("Earlier than", "than") when the relation phrase kept them and no anchor was read;
    None otherwise."""
    if anchors or not relation_phrase:
        return None
    m = _COMPARISON.search(relation_phrase)
    return m.group(0) if m is not None else None


# "Who issued a statement to X next, once people in Y sued X?": an order word that places the event after another
# one ("next", ", once ..."). When neither an anchor nor a before/after time nor an ordinal was read, the question
# became "who ever did it", and every event was answered in no order (a wrong answer).
_SEQUENCE = re.compile(
    r"\bnext\b(?!\s+(?:to\b|week|month|year|day|days|weeks|months|years|time|times|occasion|date)\b)|,\s*once\b",
    re.IGNORECASE,
)


def unread_sequence(text: str, anchors: int, ordered: bool) -> str | None:
    """The order word ("next", "once") of a question that read no anchor and no order (``ordered``: an ordinal or a
    before/after time); None otherwise."""
    if anchors or ordered:
        return None
    m = _SEQUENCE.search(text)
    return " ".join(m.group(0).lstrip(", ").split()) if m is not None else None
