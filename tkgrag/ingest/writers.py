"""Batch writers for the graph model: ``(:Entity)<-[:SUBJECT]-(:Event)-[:OBJECT]->(:Entity)``.

An Event holds its fact: ``key, relation, text, valid_from, valid_to`` (Neo4j ``date``, null = open end),
``granularity`` (day/month/year), ``source``, ``ingested_at``/``run_id`` (record time) and ``embedding``. An Entity
holds ``key`` (as the source writes it: ``Citizen_(North_Korea)``), ``name`` (``Citizen (North Korea)``) and, where
a source gives them, ``aliases`` (list) and ``aliases_text`` (the same joined, for the ``entity_names`` full-text
index). A literal object (a Wikidata quantity like ``+11190``) has no OBJECT edge; it is ``Event.object_value``.

Qualifiers of n-ary facts are not written here (a record with qualifiers is an error): the facts writer of
``tkgrag.ingest.formats.writers`` writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from tkgrag.errors import TkgragError
from tkgrag.ingest.pipeline import NodeKind
from tkgrag.queries import ingest as q
from tkgrag.sources.records import EventRecord, WriteCounts
from tkgrag.verbalize import entity_name


class TxRunner(Protocol):
    def run(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...


def aliases_text(aliases: Sequence[str]) -> str | None:
    return " | ".join(aliases) if aliases else None


def event_row(r: EventRecord) -> dict[str, Any]:
    """Query parameters of one event (what WRITE_EVENTS reads from ``row``)."""
    span = r.span
    literal = not r.object_is_entity
    return {
        "key": r.key,
        "fact_key": r.fact_key,
        "relation": r.relation,
        "text": r.text,
        "valid_from": span.start,
        "valid_to": span.end,
        "granularity": span.granularity.value,
        "source": r.source,
        "subject": r.subject,
        "subject_name": r.subject_name or entity_name(r.subject),
        "subject_aliases": list(r.subject_aliases),
        "subject_aliases_text": aliases_text(r.subject_aliases),
        "object": None if literal else r.object,
        "object_name": None if literal else (r.object_name or entity_name(r.object)),
        "object_aliases": list(r.object_aliases),
        "object_aliases_text": aliases_text(r.object_aliases),
        "object_value": r.object if literal else None,
    }


class EventWriter:
    """Writes EventRecords and their entities (MERGE on keys; the pipeline hands it only new keys)."""

    def write(self, store: object, batch: Sequence[EventRecord], run_id: str) -> WriteCounts:
        tx: Any = store  # a pipeline.BatchTx: run() inside the batch's transaction, .now = the batch's record time
        if any(r.qualifiers for r in batch):  # nothing is dropped silently
            raise TkgragError(
                "EventWriter does not store qualifiers; write n-ary facts with the facts writer "
                "(tkgrag.ingest.formats.writers.FactWriter, `tkgrag ingest facts`)."
            )
        rows = [event_row(r) for r in batch]
        # The same fact from another source: recorded on the stored Event (a duplicate), not written twice.
        known = set(tx.run(q.ADD_EVENT_SOURCES, {"rows": rows})[0]["keys"])
        new = [row for row in rows if row["key"] not in known]
        written = tx.run(q.WRITE_EVENTS, {"rows": new, "now": tx.now, "run_id": run_id})[0]["written"] if new else 0
        alias_rows = [
            {"key": k, "aliases": list(a)}
            for r in batch
            for k, a in ((r.subject, r.subject_aliases), (r.object, r.object_aliases))
            if a and (k != r.object or r.object_is_entity)
        ]
        if alias_rows:
            tx.run(q.ADD_ENTITY_ALIASES, {"rows": alias_rows})
        return WriteCounts(written=written, duplicates=len(rows) - written)


def _event_key(r: EventRecord) -> str:
    return r.key


def _event_text(r: EventRecord) -> str:
    return r.text


EVENT_KIND: NodeKind[EventRecord] = NodeKind(label="Event", key=_event_key, text=_event_text)
