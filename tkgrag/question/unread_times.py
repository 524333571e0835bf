"""The guard for time words no constraint read: "on march 3" (no year), "in 2014's spring" left in the relation
phrase. A question that says a year, a month or a date the time reader did not take must not be answered over all
time; the reader abstains and names the words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tkgrag.question.model import TimeExpression

_YEAR = re.compile(r"(?<![\w-])(?:19[5-9]\d|20[0-4]\d)(?![\w-])")
_MONTH = re.compile(r"\b(?:january|february|april|june|july|august|september|october|november|december)\b", re.I)
# "may"/"march" are verbs too: a month only beside a day number ("march 3", "3rd of may")
_AMBIGUOUS = re.compile(r"\b(?:may|march)\s+\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:may|march)\b", re.I)
# a month or year that opens a name ("April 6 Youth Movement", "June 4th Movement") is the name's
_NAME_AFTER = re.compile(r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?\s+[A-Z]")


def unread_time_words(text: str, times: Sequence[TimeExpression]) -> list[str]:
    """The year-, month- or date-like words of ``text`` that no time expression covers."""
    covered = [(min(t.phrase_start, t.start), t.end) for t in times]
    found = []
    for pattern in (_YEAR, _MONTH, _AMBIGUOUS):
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in covered):
                continue
            if pattern is not _YEAR and m.group(0)[:1].isupper() and _NAME_AFTER.match(text, m.end()):
                continue
            found.append(m.group(0))
    return found


# a scope the question states: "the same month as ...", "during the same year in which ...". ("before"/"after"
# alone are not scope words: "named after X", "before anyone else".)
_SCOPE = re.compile(r"\bthe\s+same\s+(?:day|week|month|year)\b", re.IGNORECASE)


def unread_scope_words(text: str, covered: Sequence[tuple[int, int]]) -> list[str]:
    """The scope words of ``text`` ("the same month") outside every ``covered`` span (the anchors and
    times read): a scope the reader dropped, so answering would answer over the wrong period."""
    return [m.group(0) for m in _SCOPE.finditer(text) if not any(a <= m.start() < b for a, b in covered)]
