"""Batch writers for facts, corpus graphs and passages, and the ``NodeKind``s the pipeline dedupes and embeds by.

A writer gets the pipeline's open batch transaction (``BatchTx``: ``run(query, params)``, ``now``) and writes the
batch with one ``UNWIND`` query per record kind from ``tkgrag.queries.ingest_formats``; MERGE on natural keys makes
a retried transaction or a re-run harmless. Embeddings are the pipeline's job (it embeds ``kind.text`` of new
records and stores them in the same transaction), so nothing here encodes text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from tkgrag.ingest.formats.dates_in_text import date_bounds, date_labels
from tkgrag.ingest.formats.facts import FactQualifier
from tkgrag.queries import ingest_formats as q
from tkgrag.sources.records import (
    ChunkRecord,
    DocumentRecord,
    EventRecord,
    PassageRecord,
    ReferenceRecord,
    Reject,
    SourceRef,
    WriteCounts,
)
from tkgrag.title_keys import title_key
from tkgrag.verbalize import entity_name


@runtime_checkable
class Tx(Protocol):
    """What a writer needs of the pipeline's ``BatchTx``."""

    now: datetime

    def run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...


def _tx(tx: object) -> Tx:
    if not isinstance(tx, Tx):
        raise TypeError(f"a writer needs the pipeline's batch transaction, got {type(tx).__name__}")
    return tx


def _counts(rows: list[dict[str, Any]]) -> WriteCounts:
    new = int(rows[0]["new"] or 0) if rows else 0
    total = int(rows[0]["total"] or 0) if rows else 0
    return WriteCounts(written=new, duplicates=total - new)


def titled_text(title: str | None, text: str) -> str:
    """What gets embedded for a chunk or passage: the title carries the entity a passage is about."""
    return f"{title}\n{text}" if title else text


# ---- facts ------------------------------------------------------------------------------------------------------


def fact_row(record: EventRecord) -> dict[str, Any]:
    """Parameters of one fact for ``MERGE_FACTS`` (qualifiers split into entity-valued and value-valued)."""
    span = record.span
    entity_quals: list[dict[str, Any]] = []
    value_quals: list[dict[str, Any]] = []
    for qual in record.qualifiers:
        pid = qual.predicate_id if isinstance(qual, FactQualifier) else None
        if qual.is_entity:
            entity_quals.append(
                {
                    "predicate": qual.predicate,
                    "predicate_id": pid,
                    "value": qual.value,
                    "value_label": qual.value_name,
                    "display": qual.value_name or entity_name(qual.value),
                }
            )
        else:
            qs = qual.span
            value_quals.append(
                {
                    "predicate": qual.predicate,
                    "predicate_id": pid,
                    "value": qual.value,
                    "datatype": "time" if qs is not None else "literal",
                    "valid_from": qs.start if qs else None,
                    "valid_to": qs.end if qs else None,
                    "granularity": qs.granularity.value if qs else None,
                }
            )
    return {
        "key": record.key,
        "fact_key": record.fact_key,
        "subject": record.subject,
        "subject_label": record.subject_name,
        "subject_display": record.subject_name or entity_name(record.subject),
        "relation": record.relation,
        "relation_id": getattr(record, "relation_id", None),
        "text": record.text,
        "valid_from": span.start,
        "valid_to": span.end,
        "granularity": span.granularity.value,
        "object": record.object,
        "object_label": record.object_name if record.object_is_entity else None,
        "object_display": record.object_name or entity_name(record.object),
        "object_value": None if record.object_is_entity else record.object,
        "source": record.source,
        "entity_qualifiers": entity_quals,
        "value_qualifiers": value_quals,
    }


@dataclass
class FactWriter:
    """Writes n-ary facts (and plain ``EventRecord``s) as Event + Entity + QUALIFIER subgraphs."""

    def write(self, tx: object, batch: Sequence[EventRecord], run_id: str) -> WriteCounts:
        t = _tx(tx)
        rows = [fact_row(r) for r in batch]
        return _counts(t.run(q.MERGE_FACTS, {"rows": rows, "run_id": run_id, "now": t.now}))


# ---- corpus graphs ----------------------------------------------------------------------------------------------


@dataclass
class CorpusWriter:
    """Writes documents and their chunks (``HAS_CHUNK``); a batch may mix both kinds (documents go first)."""

    def write(self, tx: object, batch: Sequence[DocumentRecord | ChunkRecord], run_id: str) -> WriteCounts:
        t = _tx(tx)
        docs = [
            {
                "key": d.key,
                "title": d.title,
                "title_key": title_key(d.title),
                "source": d.source,
                "properties": dict(d.properties),
            }
            for d in batch
            if isinstance(d, DocumentRecord)
        ]
        chunks = [
            {
                "key": c.key,
                "document_key": c.document_key,
                "document_title_key": title_key(c.document_key if c.title is None else c.title),
                "text": c.text,
                "title": c.title,
                "position": c.position,
                "source": c.source,
            }
            for c in batch
            if isinstance(c, ChunkRecord)
        ]
        counts = WriteCounts()
        params = {"run_id": run_id, "now": t.now}
        if docs:
            counts += _counts(t.run(q.MERGE_DOCUMENTS, {"rows": docs, **params}))
        if chunks:
            counts += _counts(t.run(q.MERGE_CHUNKS, {"rows": chunks, **params}))
        return counts


@dataclass
class ReferenceWriter:
    """Writes ``(:Chunk)-[:REFERENCES {kind}]->(:Chunk)``. An edge whose endpoint is not in the graph is not written;
    it is counted as a duplicate (nothing new) and kept in ``self.unresolved`` for the caller to report. The CLI
    resolves endpoints before writing (``corpus.EndpointIndex``), so this only happens when the graph changed
    under it. A batch written again (the driver retrying a transaction, the pipeline's rolled-back trials when it
    bisects a refused batch) reports each edge once."""

    unresolved: list[Reject] = field(default_factory=list)
    _reported: set[SourceRef] = field(default_factory=set, repr=False)

    def write(self, tx: object, batch: Sequence[ReferenceRecord], run_id: str) -> WriteCounts:
        t = _tx(tx)
        rows = [
            {"line": i, "source_key": r.source_key, "target_key": r.target_key, "kind": r.kind}
            for i, r in enumerate(batch)
        ]
        result = t.run(q.MERGE_REFERENCES, {"rows": rows, "run_id": run_id, "now": t.now})
        for i in result[0]["missing"] if result else []:
            r = batch[int(i)]
            if r.ref in self._reported:
                continue
            self._reported.add(r.ref)
            self.unresolved.append(
                Reject(
                    r.ref,
                    f"edge {r.source_key!r} -> {r.target_key!r} not written: an endpoint is neither a chunk nor a "
                    "document in the graph (ingest the corpus first)",
                    field="source/target",
                )
            )
        return _counts(result)


# ---- passages ---------------------------------------------------------------------------------------------------


def passage_row(p: PassageRecord) -> dict[str, Any]:
    lo, hi = date_bounds(p.dates)
    return {
        "key": p.key,
        "title": p.title,
        "title_key": title_key(p.title),
        "text": p.text,
        "dates": date_labels(p.dates),
        "date_min": lo,
        "date_max": hi,
        "source": p.source,
    }


@dataclass
class PassageWriter:
    """Writes ``(:Passage {key, title, text, dates, date_min, date_max, source})``."""

    def write(self, tx: object, batch: Sequence[PassageRecord], run_id: str) -> WriteCounts:
        t = _tx(tx)
        rows = [passage_row(p) for p in batch]
        return _counts(t.run(q.MERGE_PASSAGES, {"rows": rows, "run_id": run_id, "now": t.now}))
