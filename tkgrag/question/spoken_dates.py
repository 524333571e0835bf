"""Dates as a speech front-end writes them, put into digits: "twenty fourteen" -> "2014", "two thousand and five" ->
"2005", "march third" -> "march 3", "may the twenty first" -> "may 21" ("the third of march" the time reader reads
as it is).

Only the forms that can be nothing but a date are rewritten: a year needs its century said ("twenty fourteen",
"twenty oh five", "two thousand fifteen", "nineteen ninety nine"), a day word needs a month beside it ("march third",
"the third of march", "march three 2015"). "the first time", "twenty five people", "the second of them" stay as they
are. What this leaves unread is caught by ``unread_times`` (a date-like word no constraint took makes the reader
abstain, never answer over all time).
"""

from __future__ import annotations

import re

from tkgrag.question.lexicon import AMBIGUOUS_MONTHS, MONTHS, ORDINAL_WORDS

_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# the ordinal words are the lexicon's ("first" .. "nineteenth"), split as the number words are
_ORDINAL_UNITS = [w for w, n in ORDINAL_WORDS.items() if n < 10]
_ORDINAL_TEENS = [w for w, n in ORDINAL_WORDS.items() if 10 <= n < 20]

CARDINALS: dict[str, int] = {w: i for i, w in enumerate(_UNITS, 1)} | {w: i for i, w in enumerate(_TEENS, 10)}
ORDINALS: dict[str, int] = {w: n for w, n in ORDINAL_WORDS.items() if "-" not in w}  # "first" .. "thirtieth"

_SEP = r"(?:\s+|-)"
_UNIT = "|".join(_UNITS)
_TEEN = "|".join(_TEENS)
_TEN = "|".join(_TENS)
_OUNIT = "|".join(_ORDINAL_UNITS)
_OTEEN = "|".join(_ORDINAL_TEENS)
_OH = r"(?:oh|o|zero|nought)"
_MONTH = "|".join(sorted((m for m in MONTHS if len(m) > 3 or m == "may"), key=len, reverse=True))

# two digits said as words: "five" (after "oh"), "fourteen", "ninety nine", "twenty"
_TWO = rf"(?:(?:{_TEN})(?:{_SEP}(?:{_UNIT}))?|{_TEEN})"
_YEAR = re.compile(
    rf"\b(?:(?P<thousand>two{_SEP}thousand(?:{_SEP}and)?{_SEP}(?P<rest>{_TWO}|{_UNIT}))"
    rf"|(?P<century>twenty|nineteen){_SEP}(?:{_OH}{_SEP}(?P<oh>{_UNIT})|(?P<two>{_TWO})))\b",
    re.IGNORECASE,
)
_DAY_ORDINAL = rf"(?:(?:twenty|thirty){_SEP}(?:{_OUNIT})|{_OTEEN}|{_OUNIT}|twentieth|thirtieth)"
_DAY_CARDINAL = rf"(?:(?:twenty|thirty){_SEP}(?:{_UNIT})|{_TEEN}|{_UNIT}|twenty|thirty)"
# "march third", "march the third"
_MONTH_ORDINAL = re.compile(
    rf"\b(?P<month>{_MONTH})(?P<the>\s+the)?\s+(?P<day>{_DAY_ORDINAL})\b(?!\s+(?:time|times|one|ones)\b)",
    re.IGNORECASE,
)
# "march three 2015", "march three, 2015": a cardinal day only before a year
_MONTH_CARDINAL = re.compile(rf"\b(?P<month>{_MONTH})\s+(?P<day>{_DAY_CARDINAL})(?=,?\s+\d{{4}}\b)", re.IGNORECASE)


def _two_value(words: str) -> int:
    parts = re.split(_SEP, words.lower())
    if parts[0] in _TENS:
        return _TENS[parts[0]] + (CARDINALS[parts[1]] if len(parts) > 1 else 0)
    return CARDINALS[parts[0]]


def _day_value(words: str) -> int:
    parts = re.split(_SEP, words.lower())
    total = 0
    for p in parts:
        total += _TENS.get(p) or ORDINALS.get(p) or CARDINALS.get(p) or 0
    return total


def _year(m: re.Match[str]) -> str:
    if m.group("thousand"):
        return str(2000 + _two_value(m.group("rest")))
    base = 2000 if m.group("century").lower() == "twenty" else 1900
    if m.group("oh"):
        return str(base + CARDINALS[m.group("oh").lower()])
    value = _two_value(m.group("two"))
    if base == 2000 and value < 10:  # "twenty five" is a count, never a year
        return m.group(0)
    return str(base + value)


def _valid_day(n: int) -> bool:
    return 1 <= n <= 31


# "may"/"march" are verbs too: a month only after a preposition ("on may first") or before a year
_PREPOSITION_BEFORE = re.compile(r"\b(?:on|by|since|until|till|before|after|from|of|to|and|in|between)\s+$", re.I)
_YEAR_AFTER = re.compile(r",?\s+\d{4}\b")


def _dated(m: re.Match[str]) -> bool:
    return bool(_PREPOSITION_BEFORE.search(m.string, 0, m.start()) or _YEAR_AFTER.match(m.string, m.end()))


def spoken_dates(text: str) -> str:
    """``text`` with spoken years and days written in digits (unchanged when it says none)."""
    if not re.search(rf"\b(?:{_TEN}|{_TEEN}|{_UNIT}|thousand|{_DAY_ORDINAL})\b", text, re.IGNORECASE):
        return text
    out = _YEAR.sub(_year, text)

    def month_day(m: re.Match[str]) -> str:
        n = _day_value(m.group("day"))
        if not _valid_day(n) or (m.group("month").lower() in AMBIGUOUS_MONTHS and not _dated(m)):
            return m.group(0)
        return f"{m.group('month')} {n}"

    out = _MONTH_ORDINAL.sub(month_day, out)
    return _MONTH_CARDINAL.sub(month_day, out)
