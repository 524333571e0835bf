"""Domain types that flow from retrievers to readers: evidence, retrievals, temporal constraints.

Every retriever returns the same ``Retrieval`` shape, so readers, evaluation and the CLI never special-case a method.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from tkgrag.temporal import Granularity, TimeSpan


class TemporalRelation(StrEnum):
    """How a fact must relate to a constraint's time (closed intervals, at the constraint's granularity)."""

    BEFORE = "before"  # ends before the constraint period starts
    AFTER = "after"  # starts after the constraint period ends
    DURING = "during"  # overlaps the constraint period ("in May 2014", "between 2012 and 2018", "as of 1988")


@dataclass(frozen=True)
class TemporalConstraint:
    """A time condition on evidence: an explicit period, or one taken from an anchor event.

    ``span`` is already widened to the stated granularity: "in May 2014" is [2014-05-01, 2014-05-31], and
    "in the same month as <anchor on 2014-05-13>" is the anchor's span ``.at(MONTH)``.
    """

    relation: TemporalRelation
    span: TimeSpan
    anchor_event: str | None = None  # the anchor Event.key when the constraint is relative to an event

    @classmethod
    def in_period(cls, text: str) -> TemporalConstraint:
        return cls(TemporalRelation.DURING, TimeSpan.parse(text))

    @classmethod
    def before(cls, text: str) -> TemporalConstraint:
        return cls(TemporalRelation.BEFORE, TimeSpan.parse(text))

    @classmethod
    def after(cls, text: str) -> TemporalConstraint:
        return cls(TemporalRelation.AFTER, TimeSpan.parse(text))

    @classmethod
    def between(cls, first: str, last: str) -> TemporalConstraint:
        return cls(TemporalRelation.DURING, TimeSpan.between(first, last))

    @classmethod
    def relative_to(
        cls, relation: TemporalRelation, anchor_key: str, anchor_span: TimeSpan, granularity: Granularity | None = None
    ) -> TemporalConstraint:
        span = anchor_span.at(granularity) if granularity else anchor_span
        return cls(relation, span, anchor_event=anchor_key)

    def admits(self, span: TimeSpan) -> bool:
        """The same test the Cypher filter applies, for in-memory evidence."""
        if self.relation is TemporalRelation.BEFORE:
            return span.before(self.span)
        if self.relation is TemporalRelation.AFTER:
            return span.after(self.span)
        return span.overlaps(self.span)

    def cypher_params(self) -> dict[str, Any]:
        return {
            "tc_relation": self.relation.value,
            "tc_start": self.span.start,
            "tc_end": self.span.end,
        }

    def describe(self) -> str:
        anchor = f" (anchor event {self.anchor_event})" if self.anchor_event else ""
        return f"{self.relation.value} {self.span.label()}{anchor}"


@dataclass(frozen=True)
class Evidence:
    """One retrieved fact with the score its retriever gave it."""

    key: str
    text: str
    subject: str
    relation: str
    object: str
    span: TimeSpan
    score: float
    source: str | None = None

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["span"] = self.span.label()
        d["valid_from"] = self.span.start.isoformat() if self.span.start else None
        d["valid_to"] = self.span.end.isoformat() if self.span.end else None
        return d


@dataclass
class Subgraph:
    """The part of the graph a retrieval came from (e.g. STAR-RAG's top rules and their edges), for inspection."""

    nodes: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Retrieval:
    method: str
    question: str
    evidence: list[Evidence]
    subgraph: Subgraph = field(default_factory=Subgraph)
    timings_ms: dict[str, float] = field(default_factory=dict)
    constraint: TemporalConstraint | None = None

    @property
    def keys(self) -> list[str]:
        return [e.key for e in self.evidence]

    def as_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "question": self.question,
            "constraint": self.constraint.describe() if self.constraint else None,
            "evidence": [e.as_dict() for e in self.evidence],
            "subgraph": {"nodes": self.subgraph.nodes, "edges": self.subgraph.edges},
            "timings_ms": self.timings_ms,
        }


@dataclass
class TokenUsage:
    """LLM tokens spent on one answer (zero for the symbolic reader)."""

    prompt: int = 0
    completion: int = 0
    calls: int = 0
    estimated: bool = False  # True when counted with tiktoken because the endpoint reported no usage

    @property
    def total(self) -> int:
        return self.prompt + self.completion

    def __iadd__(self, other: TokenUsage) -> TokenUsage:
        self.prompt += other.prompt
        self.completion += other.completion
        self.calls += other.calls
        self.estimated = self.estimated or other.estimated
        return self


@dataclass(frozen=True)
class AnswerCandidate:
    """One ranked answer: an entity name or a time label, with the events that justify it."""

    text: str
    score: float
    supporting_events: tuple[str, ...] = ()


@dataclass
class Answer:
    question: str
    answers: list[AnswerCandidate]
    retrieval: Retrieval
    reader: str
    rewritten_question: str | None = None
    constraint: TemporalConstraint | None = None
    tokens: TokenUsage = field(default_factory=TokenUsage)
    timings_ms: dict[str, float] = field(default_factory=dict)
    # Set when the reader failed (e.g. the LLM endpoint is down); the retrieved evidence is still here.
    error: str | None = None

    @property
    def best(self) -> str | None:
        return self.answers[0].text if self.answers else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "rewritten_question": self.rewritten_question,
            "constraint": self.constraint.describe() if self.constraint else None,
            "reader": self.reader,
            "answers": [asdict(a) for a in self.answers],
            "error": self.error,
            "tokens": asdict(self.tokens),
            "timings_ms": self.timings_ms,
            "retrieval": self.retrieval.as_dict(),
        }
