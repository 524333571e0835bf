"""Mapped sources against two real servers: the example graph in "the user's database" (a second managed instance),
synced into the test store with record time; changes close versions, a full sync closes deleted rows, nothing is
deleted, and what the store knew at a past record time is what the source said then."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.integration.companies_example import change as change_source
from tests.integration.companies_example import load_source, mapping_for, source_records
from tkgrag.config import Settings
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions, SimulatedCrash
from tkgrag.queries import mapped as qm
from tkgrag.queries.temporal_filter import constraint_params, temporal_filter
from tkgrag.sources.mapping import Mapping
from tkgrag.store import Store, connect

OPTS = IngestOptions(batch_size=5000, progress=False)


@pytest.fixture(scope="module")
def source(source_neo4j_settings: Settings) -> Iterator[Store]:
    store = connect(source_neo4j_settings)
    yield store
    store.close()


@pytest.fixture
def mapping(source: Store, tmp_path: Path) -> Mapping:
    load_source(source)
    return mapping_for(source, tmp_path)


KNOWN = (
    "MATCH (n:Event {source: 'companies'}) WHERE "
    + temporal_filter("n", "Event")
    + " RETURN n.item_key AS item, n.content_hash AS hash"
)


def known(store: Store, as_of: datetime | None = None) -> dict[str, str]:
    """item key -> content hash of every version the filter builder admits (now, or as of a record time)."""
    return {r["item"]: r["hash"] for r in store.run(KNOWN, constraint_params((), as_of))}


def source_state(mapping: Mapping) -> dict[str, str]:
    return {r.item_key: r.content_hash for r in source_records(mapping)}


def test_sync_change_full_sync_and_history(store: Store, source: Store, mapping: Mapping) -> None:
    first = sync_mapped(store, mapping, options=OPTS)
    assert (first.ingest.read, first.ingest.written, first.ingest.rejected, first.closed) == (48, 48, 0, 0)
    # every version is written with its fact key (the backfill of fact keys is a one-time migration)
    assert store.run("MATCH (e:Event) WHERE e.fact_key IS NULL RETURN count(e) AS n")[0]["n"] == 0
    v0 = source_state(mapping)
    assert known(store) == v0

    again = sync_mapped(store, mapping, full=True, options=OPTS)  # nothing changed: every row read is a no-op
    assert (again.ingest.written, again.ingest.duplicates, again.closed) == (0, 48, 0)
    quiet = sync_mapped(store, mapping, options=OPTS)  # incremental: nothing after the watermark, nothing read
    assert (quiet.watermark_from, quiet.ingest.read) == (first.watermark, 0)

    between = datetime.now(UTC)
    change_source(source)
    inc = sync_mapped(store, mapping, options=OPTS)
    # Only the rows changed since the watermark are read: r08 ended, r09 corrected (their 2 facts each: 4 closed +
    # 4 new versions), r23 added (2 new items).
    assert (inc.ingest.read, inc.ingest.written, inc.closed) == (6, 6, 4)
    assert "companies:r17" in known(store)  # a deleted row: an incremental sync cannot see it
    full = sync_mapped(store, mapping, full=True, options=OPTS)
    assert (full.ingest.read, full.ingest.written, full.closed, full.missing_closed) == (48, 0, 2, 2)

    v1 = source_state(mapping)
    assert known(store) == v1  # now: exactly the source as it is
    assert known(store, between) == v0  # as of before the change: exactly the source as it was
    assert store.run(qm.DUPLICATED_CURRENT, {"source": "companies"}) == []
    counts = store.run(qm.VERSION_COUNTS, {"source": "companies"})[0]
    # 48 + 4 changed + 2 added versions; 50 items of which r17's two are closed (kept)
    assert counts == {"versions": 54, "current": 48, "items": 50}

    hist = store.run(qm.HISTORY, {"key": "companies:r08"})
    assert [h["version"] for h in hist] == [1, 2]
    assert hist[0]["closed_by"] == inc.ingest.run_id and hist[0]["recorded_to"] is not None
    assert hist[1]["written_by"] == inc.ingest.run_id and hist[1]["recorded_to"] is None
    assert hist[0]["recorded_to"] == hist[1]["recorded_from"]  # no gap, no overlap in what the store believed
    assert hist[0]["text"] == "Dinesh Chugtai served as CEO of Pied Piper since 2020-07-01"
    assert hist[1]["text"] == "Dinesh Chugtai served as CEO of Pied Piper from 2020-07-01 to 2026-10-31"
    gone = store.run(qm.HISTORY, {"key": "companies:r17/work@1"})  # a version's key finds its item too
    assert [(h["version"], h["closed_by"]) for h in gone] == [(1, full.ingest.run_id)]


def test_resume_after_a_kill_writes_each_version_once(store: Store, mapping: Mapping, tmp_path: Path) -> None:
    small = IngestOptions(batch_size=4, progress=False, crash_after_batches=2)
    with pytest.raises(SimulatedCrash):
        sync_mapped(store, mapping, options=small)
    assert len(known(store)) == 8  # two pages of four committed
    resumed = sync_mapped(store, mapping, options=IngestOptions(batch_size=4, progress=False))
    assert resumed.ingest.resumed_from == 8
    assert (resumed.ingest.read, resumed.ingest.written, resumed.ingest.duplicates) == (48, 48, 0)
    assert known(store) == source_state(mapping)
    assert store.run(qm.VERSION_COUNTS, {"source": "companies"})[0] == {"versions": 48, "current": 48, "items": 48}
