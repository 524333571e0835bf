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
