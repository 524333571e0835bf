"""Sync a mapped source into the store with record time: ``sync_mapped(store, mapping, full=...)``.

An incremental sync passes the highest watermark the last finished sync read as ``$watermark`` to the source query,
which reads the rows changed after it (all rows the first time, or without a watermark column), and writes what
changed (``writer.MappedWriter``). A full sync reads every row and then closes the current versions of items it did
not find (``recorded_to`` = now): a row deleted at the source stops being believed, and stays in the history. Nothing
is deleted.

Everything the ingestion pipeline promises holds, because this is the pipeline (``pipeline.ingest``) with a mapped
reader and the version writer: rejects with row and field, one transaction per page with its checkpoint, resume
after a kill (the run keeps the watermark it read from and its mode; the rows are read again and the committed pages
skipped), one live run per source (the run's identity is the mapping file's checksum), progress, and a server that
goes away ends in one line. Embeddings are filled after the sync (``backfill.embed_missing``) when an embedder is
given, so the graph write of a page does not wait on the encoder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

from tkgrag.ingest.backfill import embed_missing
from tkgrag.ingest.mapped.records import MappedPassage, MappedRecord, map_rows
from tkgrag.ingest.mapped.rows import Row, plain_value, read_rows
from tkgrag.ingest.mapped.writer import MappedWriter
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, SourceInfo, ingest
from tkgrag.queries import mapped as q
from tkgrag.sources.mapping import Mapping
from tkgrag.sources.records import BatchWriter, Reject
from tkgrag.store.connection import Store

CLOSE_PAGE = 5000


@dataclass
class SyncSummary:
    """A sync: the pipeline's counts (``ingest``: read = written + duplicates + rejected), and the versions it closed
    (changed rows plus, for ``full``, rows no longer found)."""

    ingest: IngestSummary
    full: bool
    watermark_from: Any
    watermark: Any
    closed: int = 0
    missing_closed: int = 0
    resumed_mode: bool = False  # an interrupted sync was resumed with its own watermark and mode

    def line(self) -> str:
        mode = "full" if self.full else "incremental"
        frm = f" from watermark {self.watermark_from}" if self.watermark_from is not None else ""
        return (
            f"{mode} sync{frm}: {self.ingest.line()}, closed {self.closed}"
            + (f" (of which no longer in the source: {self.missing_closed})" if self.full else "")
            + (f", watermark now {self.watermark}" if self.watermark is not None else "")
        )


def source_format(mapping: Mapping) -> str:
    return f"mapped-{mapping.kind}"


def sync_mapped(
    store: Store,
    mapping: Mapping,
    *,
    full: bool = False,
    options: IngestOptions | None = None,
    rows: Callable[[Any], Iterable[Row]] | None = None,
) -> SyncSummary:
    """``rows``: where the rows come from for a watermark (default: the mapping's source, ``read_rows``); an
    in-memory table passes its own."""
    options = options or IngestOptions(batch_size=mapping.page_size)
    fmt = source_format(mapping)
    key = {"source": mapping.name, "format": fmt, "checksum": mapping.checksum}
    unfinished = store.run(q.UNFINISHED_SYNC, key) if options.resume else []
    resumed_mode = bool(unfinished) and unfinished[0]["full"] is not None
    if resumed_mode:
        watermark_from, full = plain_value(unfinished[0]["watermark_from"]), bool(unfinished[0]["full"])
    elif full or mapping.watermark is None:
        watermark_from = None
    else:
        last = store.run(q.LAST_WATERMARK, {"source": mapping.name, "format": fmt})
        watermark_from = plain_value(last[0]["watermark"]) if last else None

    seen: set[str] = set()
    high: list[Any] = [watermark_from]

    def records() -> Iterator[MappedRecord | MappedPassage | Reject]:
        for item in map_rows(mapping, (rows or partial(read_rows, mapping))(watermark_from)):
            if isinstance(item, MappedRecord | MappedPassage):
                seen.add(item.item_key)
                wm = item.watermark
                if wm is not None and (high[0] is None or _gt(wm, high[0])):
                    high[0] = wm
            yield item

    label = "Passage" if mapping.output == "passages" else "Event"
    info = SourceInfo(name=mapping.name, format=fmt, path=str(mapping.file), checksum=mapping.checksum)
    writer: BatchWriter[Any] = MappedWriter(watermark_from, full, label)  # facts or passages: one writer
    summary = ingest(
        store,
        records(),
        writer,
        source=info,
        kind=None,
        options=replace(options, embedder=None),
    )
    missing = close_missing(store, mapping.name, seen, summary.run_id, label) if full else 0
    closed = store.run(q.CLOSED_BY_RUN_OF[label], {"source": mapping.name, "run_id": summary.run_id})[0]["closed"]
    store.run(q.SYNC_FINISH, {"run_id": summary.run_id, "watermark": high[0], "closed": closed})
    if options.embedder is not None:
        done = embed_missing(store, options.embedder, label=label, progress=options.progress)
        summary.embedded += done.embedded
    if label == "Passage":  # the sentences of new passage versions, as after `tkgrag ingest passages`
        from tkgrag.ingest.sentences import sentences_after_ingest

        summary.derived.update(sentences_after_ingest(store, options.embedder, options.progress))
    return SyncSummary(summary, full, watermark_from, high[0], closed, missing, resumed_mode)


def close_missing(store: Store, source: str, seen: set[str], run_id: str, label: str = "Event") -> int:
    """Close the current versions of ``source`` whose item was not read (a full sync); returns how many."""
    after, gone = "", list[str]()
    while True:
        rows = store.run(q.CURRENT_ITEM_KEYS_OF[label], {"source": source, "after": after, "limit": CLOSE_PAGE})
        if not rows:
            break
        gone.extend(r["key"] for r in rows if r["item_key"] not in seen)
        after = rows[-1]["key"]
    now = datetime.now(UTC)
    closed = 0
    for i in range(0, len(gone), CLOSE_PAGE):
        page = gone[i : i + CLOSE_PAGE]
        closed += store.run(q.CLOSE_VERSIONS_OF[label], {"keys": page, "now": now, "run_id": run_id})[0]["closed"]
    return closed


def _gt(a: Any, b: Any) -> bool:
    try:
        return bool(a > b)
    except TypeError:
        return str(a) > str(b)
