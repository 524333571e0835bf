"""What readers produce and writers consume: validated records, and rejects that say where and why.

Readers never touch the database; writers never parse files. Keys are natural: an event's key is a hash of its
subject, relation, object, time and source, so re-ingesting the same line MERGEs onto the same node; its fact key is
the same hash without the source, so the same fact from another source joins that node instead of making a second.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from tkgrag.temporal import TimeSpan
from tkgrag.verbalize import entity_name, verbalize_event


@dataclass(frozen=True)
class SourceRef:
    """Where a record came from: file and 1-based line (for a JSON array, the 0-based item index in ``item``)."""

    path: str
    line: int | None = None
    item: int | None = None

    def __str__(self) -> str:
        where = f":{self.line}" if self.line is not None else ""
        if self.item is not None:
            where += f" [item {self.item}]"
        return f"{self.path}{where}"


@dataclass(frozen=True)
class Reject:
    """A record that could not be ingested; written to the rejects file and counted in the summary."""

    ref: SourceRef
    reason: str
    field: str | None = None
    raw: str = ""

    def describe(self) -> str:
        f = f" field '{self.field}':" if self.field else ""
        return f"{self.ref}:{f} {self.reason}"


def event_key(subject: str, relation: str, obj: str, span: TimeSpan, source: str) -> str:
    """Stable natural key: sha1 over the fields that identify a fact and its source (24 hex chars is plenty below
    10^12 facts). Kept as it always was, so the keys of existing stores and of gold files stay valid; the identity of
    a fact across sources is ``fact_key``."""
    return _sha1_key((subject, relation, obj, *_span_parts(span), source))


def fact_key(subject: str, relation: str, obj: str, span: TimeSpan) -> str:
    """The fact itself, whatever source states it: ``event_key`` without the source. The same fact ingested under two
    source names is one Event node (the first source's key, ``Event.sources`` listing both)."""
    return _sha1_key((subject, relation, obj, *_span_parts(span)))


def _span_parts(span: TimeSpan) -> tuple[str, str, str]:
    start = span.start.isoformat() if span.start else ""
    end = span.end.isoformat() if span.end else ""
    return start, end, span.granularity.value


def _sha1_key(parts: tuple[str, ...]) -> str:
    return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class Qualifier:
    """A qualifier of an n-ary fact: an entity (``is_entity``) or a literal/time value."""

    predicate: str
    value: str
    is_entity: bool = False
    value_name: str | None = None
    span: TimeSpan | None = None


@dataclass(frozen=True)
class EventRecord:
    """A temporal fact (s, r, o, [valid_from, valid_to]) with optional qualifiers."""

    subject: str
    relation: str
    object: str
    span: TimeSpan
    source: str
    ref: SourceRef
    subject_name: str | None = None
    object_name: str | None = None
    object_is_entity: bool = True
    qualifiers: tuple[Qualifier, ...] = ()
    # Other names of the subject/object where a source gives them (stored as Entity.aliases / aliases_text).
    subject_aliases: tuple[str, ...] = ()
    object_aliases: tuple[str, ...] = ()

    # Computed once per record (ingestion asks for both more than once); cached_property writes the instance
    # __dict__ directly, so it works on a frozen dataclass.
    @functools.cached_property
    def key(self) -> str:
        return event_key(self.subject, self.relation, self.object, self.span, self.source)

    @functools.cached_property
    def fact_key(self) -> str:
        return fact_key(self.subject, self.relation, self.object, self.span)

    @functools.cached_property
    def text(self) -> str:
        return verbalize_event(
            self.subject_name or entity_name(self.subject),
            self.relation,
            self.object_name or entity_name(self.object),
            self.span,
        )


@dataclass(frozen=True)
class DocumentRecord:
    key: str
    title: str
    ref: SourceRef
    source: str
    properties: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ChunkRecord:
    key: str
    document_key: str
    text: str
    ref: SourceRef
    source: str
    position: int = 0
    title: str | None = None


@dataclass(frozen=True)
class ReferenceRecord:
    """A citation/reference/link edge between two chunks (``source_key`` cites/links to ``target_key``)."""

    source_key: str
    target_key: str
    ref: SourceRef
    kind: str = "cites"


@dataclass(frozen=True)
class PassageRecord:
    key: str
    title: str
    text: str
    ref: SourceRef
    source: str
    dates: tuple[TimeSpan, ...] = ()


@dataclass
class WriteCounts:
    """What one batch did: new nodes written, and records that were already there (re-runs, duplicates)."""

    written: int = 0
    duplicates: int = 0

    def __iadd__(self, other: WriteCounts) -> WriteCounts:
        self.written += other.written
        self.duplicates += other.duplicates
        return self


R_contra = TypeVar("R_contra", contravariant=True)


class BatchWriter(Protocol[R_contra]):
    """Writes one batch of records in ONE transaction (so a batch is all-or-nothing and resume is exact)."""

    def write(self, store: object, batch: Sequence[R_contra], run_id: str) -> WriteCounts: ...
