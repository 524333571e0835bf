"""The records evaluation passes around: gold questions (one shape for every dataset) and what a method predicted.

Loaders turn each benchmark's own format into :class:`EvalQuestion`; a runner turns each method's output into
:class:`Prediction`; metrics read only these two, so a new dataset or a new method never touches a metric.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from tkgrag.sources.records import PassageRecord, Reject, SourceRef
from tkgrag.temporal import Granularity

AnswerType = Literal["entity", "time", "value"]
"""``entity``: a KG entity or a name; ``time``: a date at some granularity; ``value``: a number or other literal
(TimeQuestions has these, e.g. "at what rate was inflation ... in 1996" -> "103.2")."""

UNANSWERABLE = "unanswerable"
"""The gold answer of questions the passages cannot answer (MenatQA writes it so; TimeQA's empty spans become it)."""

Quad = tuple[str, str, str, str]
"""A gold evidence event ``(subject, relation, object, time)`` as the dataset writes it (ICEWS keys with
underscores, time ``YYYY-MM-DD``)."""


@dataclass(frozen=True)
class GoldAnswer:
    """One gold answer and the other strings that denote the same thing (a Wikidata QID and labels, MuSiQue aliases,
    the coarser form of a Wikidata date). ``text`` is how reports show it."""

    text: str
    aliases: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        return (self.text, *self.aliases)


@dataclass(frozen=True)
class EvalQuestion:
    """A benchmark question in the one shape every metric reads.

    ``gold_events`` holds evidence quadruples (TKG datasets), ``gold_passages`` evidence passage ids (passage and
    corpus datasets; the ids are those of the :class:`Dataset`'s ``passages`` and the ``Passage``/``Chunk`` keys
    ingestion writes). ``gold_entities`` holds the ``Entity.key`` of entity answers where the dataset names them
    by id (TimeQuestions QIDs), so a gold answer can be looked up in the graph. ``passage_grades`` gives graded
    relevance for nDCG where a dataset has it; without it every gold passage has gain 1.
    """

    id: str
    question: str
    answers: tuple[GoldAnswer, ...]
    answer_type: AnswerType
    time_level: Granularity | None
    qtype: str
    source: SourceRef
    dataset: str
    gold_events: tuple[Quad, ...] = ()
    gold_passages: tuple[str, ...] = ()
    gold_entities: tuple[str, ...] = ()
    passage_grades: Mapping[str, float] = field(default_factory=dict)
    meta: Mapping[str, object] = field(default_factory=dict)


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


@dataclass
class Dataset:
    """A loaded benchmark: its questions, the records that were rejected (with file/line/field), and for passage and
    corpus formats the passages the gold ids refer to."""

    name: str
    format: str
    path: str
    questions: list[EvalQuestion]
    rejects: list[Reject] = field(default_factory=list)
    passages: list[PassageRecord] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self) -> Iterator[EvalQuestion]:
        return iter(self.questions)


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
