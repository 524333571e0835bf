"""Domain types that flow from retrievers to readers: evidence, retrievals, temporal constraints.

Every retriever returns the same ``Retrieval`` shape, so readers, evaluation and the CLI never special-case a method.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from tkgrag.temporal import Granularity, TimeSpan
from tkgrag.verbalize import entity_name as display_name


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

    def describe(self) -> str:
        anchor = f" (anchor event {self.anchor_event})" if self.anchor_event else ""
        return f"{self.relation.value} {self.span.label()}{anchor}"


class ItemKind(StrEnum):
    """What a retrieved item is; the node it comes from has the label in ``LABEL_OF``."""

    EVENT = "event"  # a TKG event (s, r, o, t): an ``Event`` node from `tkgrag ingest tkg`
    FACT = "fact"  # a Wikidata-style n-ary fact: an ``Event`` node with a property id or qualifiers
    PASSAGE = "passage"  # a ``Passage`` (TimeQA / MenatQA paragraphs, any passages file) with the dates it mentions
    CHUNK = "chunk"  # a ``Chunk`` of a ``Document`` in a corpus graph

    @classmethod
    def parse(cls, value: str) -> ItemKind:
        try:
            return cls(value.strip().lower().removesuffix("s"))
        except ValueError:
            known = ", ".join(k.value for k in cls)
            raise ValueError(f"unknown item kind {value!r}; choose from: {known}") from None


ALL_KINDS: frozenset[ItemKind] = frozenset(ItemKind)
TIMELESS = TimeSpan(None, None, Granularity.DAY)


@dataclass(frozen=True)
class Evidence:
    """One retrieved item (an event, fact, passage or chunk) with the score its retriever gave it.

    One flat type rather than a class per kind (neo4j-graphrag's ``RetrieverResultItem``: content + metadata, not
    Graphiti's typed node/edge lists): readers, token counting, the prompt, the CLI and the metrics handle every kind
    through ``text``, ``span`` and ``key`` without branching on a type, and what only one kind has lives in
    ``fields`` (events and facts: ``subject``, ``relation``, ``object`` keys; facts also ``relation_id`` and
    ``qualifiers`` as ``[{predicate, value}]``; passages: ``title``, ``dates``; chunks: ``title``, ``document``,
    ``position``). ``key`` is the node's natural key exactly as ingestion wrote it. ``span`` is ``TIMELESS`` for an
    item without time (a chunk, a passage that mentions no date).
    """

    kind: ItemKind
    key: str
    text: str
    score: float
    span: TimeSpan = TIMELESS
    source: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def event(
        cls,
        key: str,
        text: str,
        subject: str,
        relation: str,
        object: str,
        span: TimeSpan,
        score: float,
        source: str | None = None,
        kind: ItemKind = ItemKind.EVENT,
        **extra: Any,
    ) -> Evidence:
        """An event or fact item (``kind=ItemKind.FACT`` with ``qualifiers=[...]`` for a fact)."""
        fields = {"subject": subject, "relation": relation, "object": object, **extra}
        return cls(kind, key, text, score, span, source, fields)

    # Event-shaped accessors: empty strings for passages and chunks, so operators that compare subjects skip them.
    @property
    def subject(self) -> str:
        return str(self.fields.get("subject") or "")

    @property
    def relation(self) -> str:
        return str(self.fields.get("relation") or "")

    @property
    def object(self) -> str:
        return str(self.fields.get("object") or "")

    @property
    def subject_name(self) -> str:
        """The subject's display name (``Entity.name``; else the key with underscores read as spaces)."""
        return str(self.fields.get("subject_name") or display_name(self.subject))

    @property
    def object_name(self) -> str:
        return str(self.fields.get("object_name") or display_name(self.object))

    @property
    def title(self) -> str:
        return str(self.fields.get("title") or "")

    @property
    def is_statement(self) -> bool:
        """An event or a fact: a (subject, relation, object) statement the symbolic operators can read."""
        return self.kind in (ItemKind.EVENT, ItemKind.FACT)

    @property
    def has_time(self) -> bool:
        return self.span.start is not None or self.span.end is not None

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "key": self.key,
            "text": self.text,
            "score": self.score,
            "span": self.span.label() if self.has_time else None,
            "valid_from": self.span.start.isoformat() if self.span.start else None,
            "valid_to": self.span.end.isoformat() if self.span.end else None,
            "granularity": self.span.granularity.value if self.has_time else None,
            "source": self.source,
            "fields": dict(self.fields),
        }


@dataclass
class Subgraph:
    """The part of the graph a retrieval came from (e.g. STAR-RAG's top rules and their edges), for inspection."""

    nodes: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Retrieval:
    """What a retriever returns: ranked items, the subgraph they came from, stage timings, and the temporal
    constraints it applied (``constraints``; empty when it applied none) with ``notes`` saying what it could not
    honour (a constraint given to a method that ignores constraints, a kind it does not return)."""

    method: str
    question: str
    evidence: list[Evidence]
    subgraph: Subgraph = field(default_factory=Subgraph)
    timings_ms: dict[str, float] = field(default_factory=dict)
    constraints: tuple[TemporalConstraint, ...] = ()
    notes: list[str] = field(default_factory=list)
    # Answers the method ranked itself, best first (EXAQT's answer graph); empty for methods that rank items only.
    answers: list[AnswerCandidate] = field(default_factory=list)
    # The ``auto`` method's plan (kinds, methods, why, what was skipped and why); None for a named method.
    plan: dict[str, Any] | None = None

    @property
    def kinds(self) -> frozenset[ItemKind]:
        """The kinds of the items it holds (a reader is chosen by them)."""
        return frozenset(e.kind for e in self.evidence)

    @property
    def constraint(self) -> TemporalConstraint | None:
        """The first applied constraint (the one a reader reports)."""
        return self.constraints[0] if self.constraints else None

    @property
    def keys(self) -> list[str]:
        return [e.key for e in self.evidence]

    def as_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "question": self.question,
            "constraints": [c.describe() for c in self.constraints],
            "notes": list(self.notes),
            "answers": [asdict(a) for a in self.answers],
            "evidence": [e.as_dict() for e in self.evidence],
            "subgraph": {"nodes": self.subgraph.nodes, "edges": self.subgraph.edges},
            "timings_ms": self.timings_ms,
            **({"plan": self.plan} if self.plan is not None else {}),
        }


# ---------------------------------------------------------------------------------------------- read plans
class AnswerRole(StrEnum):
    SUBJECT = "subject"
    OBJECT = "object"
    TIME = "time"


class Order(StrEnum):
    SUPPORT = "support"  # most supporting facts first (then best retrieval score)
    FIRST = "first"  # earliest facts first
    LAST = "last"  # latest facts first
    NEAREST = "nearest"  # closest to the constraint bound first (latest before / earliest after)


@dataclass(frozen=True)
class ReadPlan:
    """What the symbolic operators compute over facts: which role is the answer, which facts qualify (fixed
    subject/object/relation, temporal constraints) and how they are ordered. Built by question grounding, evaluated
    by ``readers.operators.apply_plan``; it lives here so that neither side imports the other."""

    role: AnswerRole
    order: Order = Order.SUPPORT
    constraint: TemporalConstraint | None = None
    subject: str | None = None  # entity key the facts must have as subject
    object: str | None = None
    relation: str | None = None
    time_granularity: Granularity = Granularity.DAY  # for TIME answers: the label's granularity
    exclude: frozenset[str] = field(default_factory=frozenset)  # entity keys never answered ("who else")
    # entity keys answered only after every other answer: an anchor's own actor the question neither sets apart nor
    # clearly admits ("Who offered to meet Qatar in the same month as Catherine Ashton's offer to meet Qatar?": one
    # writer's gold leaves Ashton out, another's has her where she is the only one)
    later: frozenset[str] = field(default_factory=frozenset)
    also: tuple[TemporalConstraint, ...] = ()  # further constraints every fact must meet ("first after X, in 2014")
    position: int = 1  # the n-th answer group in ``order`` ("the second to visit"): groups before it follow after it

    def __post_init__(self) -> None:
        if self.position < 1:
            raise ValueError(f"ReadPlan.position counts from 1 (the first group), got {self.position}")

    @property
    def constraints(self) -> tuple[TemporalConstraint, ...]:
        return ((self.constraint,) if self.constraint else ()) + self.also


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


_BARE_ID = re.compile(r"^(?:Q\d+|[0-9a-f]{24})$")  # a Wikidata id, or the hash of an item key


def looks_like_id(text: str) -> bool:
    """Whether an answer's text is a bare identifier (``Q27968``, an item hash) rather than a label a person reads."""
    return bool(_BARE_ID.match(text.strip()))


@dataclass(frozen=True)
class AnswerCandidate:
    """One ranked answer: ``text`` is what a person reads (an entity's label or a time label, never a bare id or
    hash), ``key`` the entity's key in the graph when the answer is an entity (a Wikidata id, ``Citizen_(India)``),
    ``supporting_events`` the keys of the items that state it."""

    text: str
    score: float
    supporting_events: tuple[str, ...] = ()
    key: str | None = None


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
    # "No answer" and why, in one line (which mention was not found, which relation was unsure, what the read did
    # not find). ``answers`` is empty then.
    abstained: str | None = None
    # How far to trust ``answers[0]``, in [0, 1]: the reader's (see each reader's docstring); 0 with no answer.
    confidence: float = 0.0
    # The question's ``Understanding`` (tkgrag.question.understanding) when the caller made one; typed loosely
    # because the question package sits above this module.
    understanding: Any | None = field(default=None, repr=False)

    @property
    def best(self) -> str | None:
        return self.answers[0].text if self.answers else None

    @property
    def outcome(self) -> str:
        """``answered``, ``no answer`` (an abstention: ``abstained`` says why), or ``failed`` (the reader could not
        read: the LLM endpoint failed or is not configured; ``error`` says why). Scripts tell them apart by this, and
        `tkgrag ask` by its exit status (0, 3, 4)."""
        if self.error:
            return "failed"
        return "answered" if self.answers else "no answer"

    @property
    def answered(self) -> bool:
        return bool(self.answers)

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "rewritten_question": self.rewritten_question,
            "constraint": self.constraint.describe() if self.constraint else None,
            "reader": self.reader,
            "answers": [asdict(a) for a in self.answers],
            "outcome": self.outcome,
            "abstained": self.abstained,
            "confidence": self.confidence,
            "not_understood": self.understanding.gaps() if self.understanding is not None else [],
            "error": self.error,
            "tokens": asdict(self.tokens),
            "timings_ms": self.timings_ms,
            "retrieval": self.retrieval.as_dict(),
        }
