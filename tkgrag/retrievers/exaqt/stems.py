"""``content_stems`` and ``dice`` (``tkgrag.question.relations``) memoised for EXAQT's loops over facts.

Both are pure functions of their arguments, and EXAQT calls them per fact and per answer on relation labels and
entity names that recur across the thousands of facts of one question and across questions ("member of sports
team", a hub entity's name): building the ranker's cache spent most of its Python time stemming the same strings.
"""

from __future__ import annotations

from functools import lru_cache

from tkgrag.question import relations

_SIZE = 1 << 16


@lru_cache(maxsize=_SIZE)
def content_stems(text: str) -> frozenset[str]:
    return relations.content_stems(text)


@lru_cache(maxsize=_SIZE)
def dice(a: frozenset[str], b: frozenset[str]) -> float:
    return relations.dice(a, b)
