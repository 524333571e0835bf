"""A benchmark's questions and gold answers in the one shape every dataset loads into (``sources.benchmarks``) and every
metric reads (``tkgrag.eval``): source data, like the passages the gold ids name, so it sits with the sources.
``tkgrag.eval.types`` re-exports them beside what a method predicted.
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
