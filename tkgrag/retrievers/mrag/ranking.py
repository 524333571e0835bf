"""MRAG's semantic x temporal hybrid ranking (Sec. 4, Appendix G) over candidate passages and their sentences.

Each sentence scores ``semantic * temporal``: the cosine of its (title-prefixed) embedding to the main content, times
the temporal score of its years against the question's constraint (1 when the question has none). A passage ranks by
its best sentence; with ``passage_weight`` w (``mrag+``) by ``(1 - w) * best + w * passage cosine``. Ties keep the
first-stage order. Pure functions on the rows ``queries.sentences.MRAG_CANDIDATES`` returns, so they are unit-tested
without a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tkgrag.retrievers.mrag.config import MragConfig
from tkgrag.retrievers.mrag.query import MragQuery
from tkgrag.retrievers.mrag.temporal_score import Ordinality, TemporalScore, ordinal_only


@dataclass(frozen=True)
class Sentence:
    """A sentence to score: from the store (``cosine`` to the main content computed in Cypher), or an LLM summary
    (``summary=True``, with its ``embedding``)."""

    position: int
    text: str
    years: tuple[int, ...]
    cosine: float | None = None
    embedding: Sequence[float] | None = None
    summary: bool = False


@dataclass(frozen=True)
class ScoredSentence:
    sentence: Sentence
    semantic: float
    temporal: float

    @property
    def score(self) -> float:
        return self.semantic * self.temporal


@dataclass
class RankedPassage:
    row: Mapping[str, Any]
    first_stage: float  # cosine of the passage to the main content (the index's score mapped back to [-1, 1])
    order: int  # first-stage rank, for ties
    best: ScoredSentence | None = None
    score: float = 0.0


def cosine_of_index_score(score: float) -> float:
    """Neo4j's cosine vector index returns (1 + cos) / 2."""
    return 2.0 * float(score) - 1.0


def sentences_of(row: Mapping[str, Any]) -> list[Sentence]:
    """The stored sentences of a candidate row that have an embedding (a similarity), in order."""
    return [
        Sentence(int(s["position"]), s.get("text") or "", tuple(s.get("years") or ()), cosine_of_index_score(sim))
        for s in row.get("sentences") or []
        if s is not None and (sim := s.get("similarity")) is not None
    ]


def inherited_years(sentences: Sequence[Sentence]) -> list[tuple[int, ...]]:
    """Each sentence's years, a sentence without any taking those of the nearest dated sentence before it."""
    out: list[tuple[int, ...]] = []
    last: tuple[int, ...] = ()
    for s in sentences:
        if s.years:
            last = s.years
        out.append(s.years or last)
    return out


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    return np.asarray(vectors / np.where(norms == 0, 1.0, norms))


def rank_passages(
    rows: Sequence[Mapping[str, Any]],
    query_vector: Sequence[float],
    query: MragQuery,
    config: MragConfig,
    extra: Mapping[str, Sequence[Sentence]] | None = None,
) -> list[RankedPassage]:
    """Rank the candidate passages (``rows`` in first-stage order); ``extra`` adds sentences (QFS summaries) by
    passage key. A passage with no embedded sentence competes as one sentence: its first-stage cosine, no years."""
    extra = extra or {}
    q = _unit(np.asarray(query_vector, dtype=np.float32))
    ranked: list[RankedPassage] = []
    per_passage: list[tuple[list[Sentence], list[tuple[int, ...]]]] = []
    for i, row in enumerate(rows):
        sents = sentences_of(row) + list(extra.get(row["key"], ()))
        years = inherited_years(sents) if config.inherit_years else [s.years for s in sents]
        ranked.append(RankedPassage(row, cosine_of_index_score(row["score"]), i))
        per_passage.append((sents, years))
    score_fn = query.score
    if score_fn is None and config.temporal and query.ordinality is not Ordinality.NONE:
        score_fn = ordinal_only(query.ordinality, (y for _, ys in per_passage for yy in ys for y in yy), config.shape())
    for rp, (sents, years) in zip(ranked, per_passage, strict=True):
        c = config.context_weight
        scored = [
            ScoredSentence(s, (1.0 - c) * _cosine(s, q) + c * rp.first_stage, _temporal(score_fn, ys))
            for s, ys in zip(sents, years, strict=True)
        ]
        if not scored:  # not split yet: the passage is its own sentence
            pseudo = Sentence(-1, rp.row.get("text") or "", (), None)
            scored = [ScoredSentence(pseudo, rp.first_stage, _temporal(score_fn, ()))]
        rp.best = max(scored, key=lambda s: s.score)
        w = config.passage_weight
        rp.score = (1.0 - w) * rp.best.score + w * rp.first_stage
    ranked.sort(key=lambda r: (-r.score, r.order))
    return ranked


def _cosine(s: Sentence, q: np.ndarray) -> float:
    if s.cosine is not None:
        return s.cosine
    if s.embedding is None:
        return 0.0
    return float(_unit(np.asarray(s.embedding, dtype=np.float32)) @ q)


def _temporal(fn: TemporalScore | None, years: tuple[int, ...]) -> float:
    return 1.0 if fn is None else fn.sentence(years)
