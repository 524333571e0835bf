"""The batch writer of a mapped sync: per row, compare with the item's current version and write only changes.

- no current version: write version ``last + 1`` (1 for a new item);
- a current version with the same content hash: nothing (a duplicate);
- a current version with another hash: close it (``recorded_to`` = the batch's time, ``closed_by`` = the run) and
  write the next version, whose ``recorded_from`` is the same instant: at any record time exactly one version is
  believed, and nothing is deleted.

It runs inside the pipeline's batch transaction (``pipeline.BatchTx``), so the read of current versions, the close
and the write commit together with the run's checkpoint; a retried transaction reads again and decides again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tkgrag.ingest.formats.dates_in_text import date_bounds, date_labels
from tkgrag.ingest.mapped.records import MappedPassage, MappedRecord
from tkgrag.ingest.writers import aliases_text
from tkgrag.queries import mapped as q
from tkgrag.sources.records import WriteCounts, fact_key
from tkgrag.title_keys import title_key
from tkgrag.verbalize import entity_name


def version_row(r: MappedRecord, version: int) -> dict[str, Any]:
    span = r.span
    return {
        "key": f"{r.item_key}@{version}",
        "fact_key": fact_key(r.subject, r.relation, r.object, span),
        "item_key": r.item_key,
        "version": version,
        "content_hash": r.content_hash,
        "relation": r.relation,
        "text": r.text,
        "valid_from": span.start,
        "valid_to": span.end,
        "granularity": span.granularity.value,
        "source": r.source,
        "qualifiers": [{"predicate": k, "value": v} for k, v in r.qualifiers],
        "subject": r.subject,
        "subject_name": r.subject_name or entity_name(r.subject),
        "subject_aliases": list(r.subject_aliases),
        "subject_aliases_text": aliases_text(r.subject_aliases),
        "object": r.object,
        "object_name": r.object_name or entity_name(r.object),
        "object_aliases": list(r.object_aliases),
        "object_aliases_text": aliases_text(r.object_aliases),
    }


def passage_version_row(p: MappedPassage, version: int) -> dict[str, Any]:
    lo, hi = date_bounds(p.dates)
    return {
        "key": f"{p.item_key}@{version}",
        "item_key": p.item_key,
        "version": version,
        "content_hash": p.content_hash,
        "title": p.title,
        "title_key": title_key(p.title),
        "text": p.text,
        "dates": date_labels(p.dates),
        "date_min": lo,
        "date_max": hi,
        "source": p.source,
    }


class MappedWriter:
    """Writes the changed and new rows of a batch as versions (Events, or Passages for ``label="Passage"``); counts
    unchanged rows as duplicates (the versions it closes are counted from the store afterwards: a retried or trial
    transaction would count twice here)."""

    def __init__(self, watermark_from: Any = None, full: bool = False, label: str = "Event") -> None:
        self.sync = {"watermark_from": watermark_from, "full": full}
        self.label = label

    def write(self, store: object, batch: Sequence[MappedRecord | MappedPassage], run_id: str) -> WriteCounts:
        tx: Any = store  # pipeline.BatchTx
        # What this run reads (kept on the run, with its checkpoint: a resumed run reads the same rows again).
        tx.run(q.SYNC_START, {"run_id": run_id, **self.sync})
        # The last occurrence of a key in a batch wins (a source that returns a row twice is read as it ends).
        latest: dict[str, MappedRecord | MappedPassage] = {}
        for r in batch:
            latest[r.item_key] = r
        stored = {
            row["item_key"]: row for row in tx.run(q.CURRENT_VERSIONS_OF[self.label], {"item_keys": list(latest)})
        }
        to_close: list[str] = []
        rows: list[dict[str, Any]] = []
        for item, r in latest.items():
            have = stored.get(item)
            current = have["current"] if have else []
            if any(c["content_hash"] == r.content_hash for c in current):
                continue
            to_close.extend(c["key"] for c in current)
            version = (have["last"] if have else 0) + 1
            rows.append(passage_version_row(r, version) if isinstance(r, MappedPassage) else version_row(r, version))
        if to_close:
            tx.run(q.CLOSE_VERSIONS_OF[self.label], {"keys": to_close, "now": tx.now, "run_id": run_id})
        write = q.WRITE_PASSAGE_VERSIONS if self.label == "Passage" else q.WRITE_VERSIONS
        written = tx.run(write, {"rows": rows, "now": tx.now, "run_id": run_id})[0]["written"] if rows else 0
        return WriteCounts(written=written, duplicates=len(batch) - written)
