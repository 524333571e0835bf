"""Coverage is counted by the ingestion pipeline itself, so every path that writes events keeps it: here the
pipeline called directly with a TSV reader (as `tkgrag demo` does), not through `ingest_tkg_file`."""

from __future__ import annotations

from pathlib import Path

from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
from tkgrag.ingest.tsv import FORMAT, TkgTsvReader, TsvOptions
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.queries.coverage import COVERAGE_TABLE
from tkgrag.store import Store


def test_a_direct_pipeline_run_counts_its_months(store: Store, tmp_path: Path) -> None:
    tsv = tmp_path / "direct.tsv"
    tsv.write_text(
        "Alpha\tConsult\tBeta\t2014-01-05\nAlpha\tConsult\tGamma\t2014-01-20\nBeta\tConsult\tGamma\t2014-03-02\n",
        encoding="utf-8",
    )
    summary = ingest(
        store,
        TkgTsvReader(tsv, TsvOptions(source="direct")),
        EventWriter(),
        source=SourceInfo.for_file(tsv, name="direct", format=FORMAT),
        kind=EVENT_KIND,
        options=IngestOptions(progress=False, rejects_dir=tmp_path),
    )
    assert summary.written == 3
    rows = store.run(COVERAGE_TABLE)
    assert [(r["source"], r["month"], r["events"]) for r in rows] == [
        ("direct", "2014-01", 2),
        ("direct", "2014-03", 1),
    ]
