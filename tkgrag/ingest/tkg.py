"""One call to ingest a TKG TSV file: reader + EventWriter + EVENT_KIND through the generic pipeline."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tkgrag.ingest.fact_keys import backfill_fact_keys
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, SourceInfo, ingest
from tkgrag.ingest.tsv import FORMAT, TkgTsvReader, TsvOptions, count_lines
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.store.connection import Store


def ingest_tkg_file(
    store: Store,
    path: Path,
    *,
    source: str | None = None,
    options: IngestOptions | None = None,
    tsv: TsvOptions | None = None,
) -> IngestSummary:
    """Ingest ``path`` (see ``tsv.py`` for the layouts) as Events; ``source`` defaults to the file's stem."""
    tsv = replace(tsv or TsvOptions(), source=source or (tsv.source if tsv else None))
    options = options or IngestOptions()
    if options.total is None and options.progress:
        options = replace(options, total=count_lines(path))
    backfill_fact_keys(store)  # a store from before fact keys: its events must be recognisable as facts first
    summary = ingest(
        store,
        TkgTsvReader(path, tsv),
        EventWriter(),
        source=SourceInfo.for_file(path, name=tsv.source, format=FORMAT),
        kind=EVENT_KIND,
        options=options,
    )
    return summary
