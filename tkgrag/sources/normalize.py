"""How a benchmark's answer strings are compared and read: one comparison key per name, one span per date. The
loaders (``sources.benchmarks``) read gold answers with them and ``tkgrag.eval.matching`` compares with them, so a gold
answer and a prediction are normalised the same way."""

from __future__ import annotations

import re
import unicodedata

from tkgrag.temporal import TimeParseError, TimeSpan

_SPACE = re.compile(r"[\s_]+")  # \s covers U+00A0 (no-break space) and other Unicode spaces in str patterns
_BEFORE_PUNCT = re.compile(r" (?=[.,;:!?)\]}'\"])")
_AFTER_OPEN = re.compile(r"(?<=[(\[{]) ")
_ISO_LIKE = re.compile(r"^\s*[+-]?\d{1,4}(?:-\d{1,2}(?:-\d{1,2})?)?(?:T[\d:.Z+-]*)?\s*$")


def normalize_name(text: str) -> str:
    """The comparison key of a name: NFC, case-folded, underscores/whitespace runs -> one space, no space next to
    punctuation, trimmed. Used only for comparing; never store the result as a name."""
    s = unicodedata.normalize("NFC", text).casefold()
    s = _SPACE.sub(" ", s).strip()
    s = _BEFORE_PUNCT.sub("", s)
    return _AFTER_OPEN.sub("", s)


def parse_time(text: str) -> TimeSpan | None:
    """The span a date answer denotes (``2014``, ``2014-05``, ``2014-05-13``, ``2014-05-13T00:00:00Z``), else None."""
    if not _ISO_LIKE.match(text) or not re.search(r"\d{4}", text):
        return None  # bare small numbers ("12") are values, not years
    try:
        return TimeSpan.parse(text)
    except TimeParseError:
        return None
