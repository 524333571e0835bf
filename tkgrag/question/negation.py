"""A question about an act that did not happen: "Who did Iran not host in May 2014?", "Who said it would not cooperate
with China?", "Who has never visited Japan?".

The graph records events that happened, not their absence. Read without its "not", such a question becomes another
one (whom Iran did host), and every answer to that is wrong for the question asked. So the understanding names the
negation as a gap and readers abstain, saying why. Time phrases that use "not" negate no act and are left alone:
"(not counting that day)", "up to, but not including, D", "(that day not included)", "no later than D".
"""

from __future__ import annotations

import re

_AUX = r"(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can|should|might|may|must)"
# "did not", "would not", and an auxiliary's subject between ("did Iran not host", "did the government of X not sign")
_AUX_NOT = rf"{_AUX}\s+(?:[^\s,;:()]+\s+){{0,4}}?(?:not|never)"
_CONTRACTED = (
    r"(?:didn|doesn|don|wasn|weren|isn|aren|hasn|haven|hadn|wouldn|couldn|shouldn|mustn)['’]t|won['’]t|can['’]t|cannot"
)
# the words after "not" that make it a window's edge or a count, not a negated act
_TIME_WORDS = (
    r"(?:counting|counted|count|including|included|include|inclusive"
    r"|later|earlier|before|after|until|till|more|less|than|part)"
)
_NEGATION = re.compile(
    rf"\b(?:{_AUX_NOT}|{_CONTRACTED}|never|no\s+longer)\s+(?!{_TIME_WORDS}\b)[a-z]+",
    re.IGNORECASE,
)


def negated_act(question: str) -> str | None:
    """The words that negate the question's act ("did Iran not host", "never visited"), or None when it has none."""
    m = _NEGATION.search(question)
    return m.group(0) if m is not None else None
