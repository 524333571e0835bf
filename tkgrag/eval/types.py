"""The records evaluation passes around: gold questions (one shape for every dataset; defined with the sources,
``tkgrag.sources.questions``, and re-exported here) and what a method predicted.

Loaders turn each benchmark's own format into :class:`EvalQuestion`; a runner turns each method's output into
:class:`Prediction`; metrics read only these two, so a new dataset or a new method never touches a metric.
"""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.sources.questions import UNANSWERABLE, AnswerType, Dataset, EvalQuestion, GoldAnswer, Quad
from tkgrag.sources.records import Reject, SourceRef


@dataclass(frozen=True)
class RetrievedEvent:
    """An event a method retrieved, in rank order: names/keys as stored, ``time`` as ISO text (``2014-05-13``)."""

    subject: str
    relation: str
    object: str
    time: str


@dataclass(frozen=True)
class RetrievedPassage:
    """A passage a method retrieved, in rank order; ``text`` lets answer recall look for the gold answer in it."""

    id: str
    text: str = ""


@dataclass(frozen=True)
class Prediction:
    """What one method produced for one question.

    ``answers`` are ranked best first. ``scores`` (same length, higher is better) are optional: when given, answers
    with equal scores are tied, and the metrics treat ties as documented in :mod:`tkgrag.eval.metrics`. ``tokens``
    counts LLM prompt+completion tokens (None when the method used no LLM or did not count), ``latency_ms`` the
    wall time of the whole ask. ``error`` is set when the method failed on this question (the answers are then empty
    and count as wrong).
    """

    qid: str
    answers: tuple[str, ...] = ()
    scores: tuple[float, ...] | None = None
    events: tuple[RetrievedEvent, ...] = ()
    passages: tuple[RetrievedPassage, ...] = ()
    tokens: int | None = None
    latency_ms: float | None = None
    error: str | None = None

    def __post_init__(self) -> None:
        if self.scores is not None and len(self.scores) != len(self.answers):
            raise ValueError(
                f"prediction {self.qid}: {len(self.scores)} scores for {len(self.answers)} answers (must be equal)"
            )


__all__ = [
    "UNANSWERABLE",
    "AnswerType",
    "Dataset",
    "EvalQuestion",
    "GoldAnswer",
    "Prediction",
    "Quad",
    "Reject",
    "RetrievedEvent",
    "RetrievedPassage",
    "SourceRef",
]
