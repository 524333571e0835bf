"""Passages split into sentences with the dates each sentence mentions: MRAG's fine-grained ranking unit (Sec. 4,
"Retrieval and Summarization"). Done once at ingestion (``(:Passage)-[:HAS_SENTENCE]->(:Sentence)``), not per query.

The splitter is rule-based (no NLTK model download on an offline machine) and knows the tokenised Wikipedia text of
TimeQA and MenatQA, where punctuation stands apart: ``Newton D . Baker`` (an initial, not a sentence end),
``Col . William`` (an abbreviation), ``Washington , D.C. . Built in 1794`` (the lone ``.`` after ``D.C.`` IS an end).
A boundary is ``.``/``!``/``?`` (closing quotes or brackets may follow) before whitespace and an upper-case letter,
digit or opening quote/bracket, unless the word before it is a single capital (an initial) or a known abbreviation.
Fragments shorter than ``MIN_WORDS`` words join the sentence before them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tkgrag.ingest.formats.dates_in_text import date_bounds, date_labels, extract_dates
from tkgrag.temporal import TimeSpan

MIN_WORDS = 3
# Years a sentence's ranges expand to at most (a "1000-2000" range would otherwise mean 1,001 years).
MAX_RANGE_YEARS = 200

# fmt: off
_ABBREVIATIONS = frozenset((
    "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "col", "gen", "lt", "maj", "capt", "cpt", "sgt", "adm",
    "cmdr", "rev", "hon", "gov", "sen", "rep", "pres", "no", "nos", "vol", "vols", "fig", "figs", "ed", "eds",
    "approx", "ca", "c", "est", "inc", "ltd", "co", "corp", "bros", "dept", "univ", "mt", "ft", "ave", "blvd",
    "vs", "etc", "al", "e.g", "i.e", "u.s", "u.k",
))
# fmt: on
# A candidate end: a whole run of end punctuation (never the middle of one: the look-behind) and its closers, taken
# possessively, before whitespace and what can start a sentence. Possessive runs and the look-behind keep the search
# linear: a run of 5 MB of dots or of spaces is looked at once, not once per character (the greedy pattern with
# backtracking was quadratic on both).
_END = re.compile(r"(?<![.!?])[.!?]++['\"”’)\]]*+(?=\s++[\"'“‘(\[]?[A-Z0-9])")


def _word_before(block: str, end: int) -> tuple[str, str]:
    """The last whitespace-free word before ``block[end]`` and the whitespace between them. A backward scan, so its
    cost is the length of that word and gap, not of the text before it (a candidate end is followed by whitespace, so
    no word is scanned for more than two candidates)."""
    j = end
    while j > 0 and block[j - 1].isspace():
        j -= 1
    i = j
    while i > 0 and not block[i - 1].isspace():
        i -= 1
    return block[i:j], block[j:end]


def _is_boundary(word: str, gap: str) -> bool:
    """Whether the punctuation after ``word`` (then ``gap``, the whitespace between them) ends a sentence."""
    if not word:
        return False
    if gap and word.endswith("."):
        return True  # "D.C. ." : the lone period after an abbreviation is the end
    bare = word.rstrip(".").lower()
    if len(word) == 1 and word.isupper():
        return False  # an initial: "Newton D . Baker"
    # "Col .", "Dr.", "U.S." are abbreviations, not ends
    return not (bare in _ABBREVIATIONS or (gap == "" and "." in word))


def _block_pieces(block: str) -> list[str]:
    """One line of text cut at its sentence ends (pieces not yet whitespace-collapsed)."""
    pieces: list[str] = []
    start = 0
    for m in _END.finditer(block):
        if _is_boundary(*_word_before(block, m.start())):
            pieces.append(block[start : m.end()])
            start = m.end()
    pieces.append(block[start:])
    return pieces


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` in order (whitespace collapsed); empty text gives ``[]``. Linear in the text's length
    (a 5 MB passage splits in seconds): every step looks at each character a bounded number of times."""
    groups: list[list[str]] = []  # each sentence as its parts, joined once at the end (no repeated concatenation)
    for line in text.split("\n"):
        for piece in _block_pieces(line):
            words = piece.split()
            if not words:
                continue
            s = " ".join(words)
            if groups and len(words) < MIN_WORDS:
                groups[-1].append(s)
            else:
                groups.append([s])
    if len(groups) > 1 and sum(len(p.split()) for p in groups[0]) < MIN_WORDS:
        groups[:2] = [groups[0] + groups[1]]
    return [" ".join(g) for g in groups]


def span_years(spans: list[TimeSpan] | tuple[TimeSpan, ...]) -> list[int]:
    """The distinct calendar years the spans cover, ranges expanded (at most ``MAX_RANGE_YEARS`` per span; an open
    end counts as its known year only)."""
    years: set[int] = set()
    for s in spans:
        lo = s.start.year if s.start is not None else None
        hi = s.end.year if s.end is not None else None
        if lo is None and hi is None:
            continue
        lo = hi if lo is None else lo
        hi = lo if hi is None else hi
        assert lo is not None and hi is not None
        years.update(range(lo, min(hi, lo + MAX_RANGE_YEARS - 1) + 1))
    return sorted(years)


@dataclass(frozen=True)
class SentenceRecord:
    """One sentence of a passage: ``key`` = ``<passage key>::<position>``."""

    key: str
    passage_key: str
    position: int
    text: str
    dates: tuple[TimeSpan, ...]

    @property
    def years(self) -> list[int]:
        return span_years(self.dates)

    def row(self, title: str | None) -> dict[str, object]:
        lo, hi = date_bounds(self.dates)
        return {
            "key": self.key,
            "passage_key": self.passage_key,
            "position": self.position,
            "text": self.text,
            "title": title,
            "dates": date_labels(self.dates),
            "years": self.years,
            "date_min": lo,
            "date_max": hi,
        }


def sentence_key(passage_key: str, position: int) -> str:
    return f"{passage_key}::{position}"


def passage_sentences(passage_key: str, text: str) -> list[SentenceRecord]:
    """The sentences of one passage with their dates."""
    return [
        SentenceRecord(sentence_key(passage_key, i), passage_key, i, s, tuple(extract_dates(s)))
        for i, s in enumerate(split_sentences(text))
    ]
