"""Title keys: a stored page's or document's title as a question would write it (``title_key``), stored on the node
at ingest (``Passage.title_key``, ``Document.title_key``, RANGE-indexed in ``cypher/schema.cypher``; filled for older
stores by ``tkgrag prepare``), and the question's candidate keys (``question_keys``: its word n-grams), which the
``auto`` planner's rule T looks up in that index with one query per question (``queries.inventory.TITLES_BY_KEY``).

Both sides use the same words: case-folded (NFC), ``\\w+`` runs one space apart, a leading "the" dropped; the title
also loses a trailing disambiguation ("Mercury (planet)" -> "mercury"). A title that cannot be told from the words of
any question (shorter than ``TITLE_MIN_CHARS``, no letter, more than ``TITLE_MAX_WORDS`` words) gets the key ""
(written, so that ``prepare`` knows it was computed; never looked up).
"""

from __future__ import annotations

import re
import unicodedata

_WORDS = re.compile(r"\w+")
_DISAMBIGUATION = re.compile(r"\s*\([^)]*\)\s*$")
TITLE_MIN_CHARS = 4  # shorter titles ("Io", "U2" aside) are too often a word of any question
TITLE_MAX_WORDS = 12


def question_words(text: str) -> str:
    """The question as its words, case-folded, one space apart and padded: ``auto.stated`` looks names up in it."""
    return " " + " ".join(_WORDS.findall(unicodedata.normalize("NFC", text).casefold())) + " "


def name_words(name: str) -> str:
    """A name as ``auto.stated`` compares it: its words, case-folded, one space apart, without a leading "the"."""
    n = " ".join(_WORDS.findall(unicodedata.normalize("NFC", name).casefold().replace("_", " ")))
    return n[4:] if n.startswith("the ") else n


def title_words(title: str) -> str:
    """A stored page's or document's title as the question would write it: without a trailing disambiguation
    ("Mercury (planet)" -> "mercury"), ``name_words``; "" when it cannot be a reference (no letter, too short)."""
    n = name_words(_DISAMBIGUATION.sub("", title))
    if len(n) < TITLE_MIN_CHARS or not any(c.isalpha() for c in n) or n.count(" ") >= TITLE_MAX_WORDS:
        return ""
    return n


def title_key(title: str | None) -> str | None:
    """The key stored on a node with this title (``title_words``); None for a node without a title."""
    return None if title is None else title_words(title)


def question_keys(words: str) -> list[str]:
    """The keys a question can write (``question_words``): every run of 1 to ``TITLE_MAX_WORDS`` consecutive words
    that could be a title's key (at least ``TITLE_MIN_CHARS`` characters, a letter), sorted and distinct."""
    tokens = words.split()
    grams = {
        " ".join(tokens[i:j])
        for i in range(len(tokens))
        for j in range(i + 1, min(len(tokens), i + TITLE_MAX_WORDS) + 1)
    }
    return sorted(g for g in grams if len(g) >= TITLE_MIN_CHARS and any(c.isalpha() for c in g))
