"""A season or part of a year with its months stated beside it: "the spring of 2014 (March, April and May)", "the
autumn of 2014 (September, October and November)". The months say the window, whatever the season would mean
elsewhere: the phrase is said as "March 2014 to May 2014". Months that do not follow one another, or a season that
crosses the new year ("winter of 2014 (December, January and February)"), are left as written (which year's December
is meant is unsaid)."""

from __future__ import annotations

import re
from itertools import pairwise

from tkgrag.question.lexicon import MONTHS

_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october")
_MONTH = r"(?:" + "|".join((*_NAMES, "november", "december")) + r")\b"
_STATED = re.compile(
    r"\b(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?(?:spring|summer|autumn|fall|winter|(?:first|second|third|fourth|last)"
    r"\s+(?:quarter|half|third))\s+(?:of\s+)?(?:the\s+year\s+)?(?P<y>\d{4})\s*\(\s*(?P<months>"
    + _MONTH
    + r"(?:\s*(?:,|,?\s*and|to|through|until|-|–)\s*"
    + _MONTH
    + r")+)\s*\)",
    re.IGNORECASE,
)
_ONE = re.compile(_MONTH, re.IGNORECASE)
_RANGE_WORD = re.compile(r"\b(?:to|through|until)\b|[-–]", re.IGNORECASE)


def stated_months(question: str) -> str:
    """``question`` with "<season> of YYYY (M1, M2 and M3)" said as "M1 YYYY to M3 YYYY"; unchanged otherwise."""

    def said(m: re.Match[str]) -> str:
        names = _ONE.findall(m.group("months"))
        nums = [MONTHS[n.lower()] for n in names]
        ranged = _RANGE_WORD.search(m.group("months")) is not None
        if ranged and len(nums) == 2 and nums[0] < nums[1]:
            pass  # "(April through June)": the two ends
        elif ranged or any(b != a + 1 for a, b in pairwise(nums)):
            return m.group(0)
        return f"{names[0]} {m.group('y')} to {names[-1]} {m.group('y')}"

    return _STATED.sub(said, question)
