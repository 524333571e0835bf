"""The record-time predicate of the one temporal-filter builder, on every node kind, against the real server: current
items by default, the items recorded at D with an as-of, open bounds open; and every ingestion path stamps
``recorded_from``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries.temporal_filter import INTERVALS, constraint_params, temporal_filter
from tkgrag.store import Store

T1 = datetime(2026, 1, 1, tzinfo=UTC)
T2 = datetime(2026, 6, 1, tzinfo=UTC)
# tag: (recorded_from, recorded_to)
ITEMS = {
    "legacy": (None, None),  # stored before record time existed: always known, still believed
    "current": (T1, None),
    "closed": (T1, T2),  # believed from T1 until a sync closed it at T2
    "late": (T2, None),  # learned at T2
}


@pytest.mark.parametrize("label", sorted(INTERVALS))
def test_record_time_on_every_kind(store: Store, label: str) -> None:
    for tag, (a, b) in ITEMS.items():
        store.run(f"CREATE (:{label} {{key: $k, recorded_from: $a, recorded_to: $b}})", {"k": tag, "a": a, "b": b})
    query = f"MATCH (n:{label}) WHERE {temporal_filter('n', label)} RETURN n.key AS key"

    def admitted(as_of: datetime | None) -> set[str]:
        return {r["key"] for r in store.run(query, constraint_params((), as_of))}

    assert admitted(None) == {"legacy", "current", "late"}
    assert admitted(T1 - timedelta(seconds=1)) == {"legacy"}
    assert admitted(T1) == {"legacy", "current", "closed"}
    assert admitted(T2 - timedelta(microseconds=1)) == {"legacy", "current", "closed"}
    assert admitted(T2) == {"legacy", "current", "late"}  # closed at T2 = no longer believed at T2
    paris = timezone(timedelta(hours=2))
    assert admitted(T1.astimezone(paris)) == admitted(T1)  # any zone: sent as UTC


def test_tkg_ingestion_stamps_recorded_from(store: Store, tmp_path: Path) -> None:
    tsv = tmp_path / "x.tsv"
    tsv.write_text("A\tConsult\tB\t2014-01-02\n", encoding="utf-8")
    before = datetime.now(UTC)
    ingest_tkg_file(store, tsv, options=IngestOptions(progress=False))
    (row,) = store.run("MATCH (e:Event) RETURN e.recorded_from AS a, e.recorded_to AS b, e.ingested_at AS i")
    assert row["b"] is None and row["a"] == row["i"] and row["a"].to_native() >= before
