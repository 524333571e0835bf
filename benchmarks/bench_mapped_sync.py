"""Mapped-source sync on icews14 (90,730 rows): throughput against `tkgrag ingest tkg` on the same rows, an
incremental sync after 1% of the rows changed, and the version checks after the change.

    TKGRAG_INSTANCE=28-dev TKGRAG_BOLT_PORT=17804 TKGRAG_HTTP_PORT=17504 \\
    TKGRAG_SOURCE_INSTANCE=28-src TKGRAG_SOURCE_BOLT_PORT=17714 TKGRAG_SOURCE_HTTP_PORT=17414 \\
    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_mapped_sync.py --wipe \\
        --data ../shared/data/icews14/icews14_full_named.tsv [--repeats 2] [--cold] [--out results.json]

The source instance gets icews14 as (:Actor {name})-[:ACTED {id, relation, date, updated_at}]->(:Actor) (loaded once;
``--reload`` loads it again). The target instance is WIPED before each timed run (refused for 'default' and
'bench'). Both ingestions run graph-only (no embeddings: the encoder would dominate both the same way). The
incremental sync changes the date of 1% of the relationships (a fixed random sample), stamps their updated_at, and
syncs; the source query reads ``r.updated_at > $watermark`` through a relationship range index. ``--cold`` restarts
the target server before every timed run, so both ingestions pay the same first-run costs (query compilation, JIT,
an empty page cache).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from source_instance import scratch_target, source_settings, write_report

from tkgrag.config import Settings
from tkgrag.ingest.mapped.records import MappedRecord, map_rows
from tkgrag.ingest.mapped.rows import read_rows
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries import mapped as qm
from tkgrag.queries.admin import DELETE_ALL_NODES
from tkgrag.server import process
from tkgrag.server.layout import InstanceLayout
from tkgrag.sources.mapping import Mapping, load_mapping
from tkgrag.store import Store, connect

T0 = datetime(2026, 1, 1, tzinfo=UTC)
LOAD = """
UNWIND $rows AS row
MERGE (a:Actor {name: row.s})
MERGE (b:Actor {name: row.o})
CREATE (a)-[:ACTED {id: row.id, relation: row.r, date: date(row.d), updated_at: $t0}]->(b)
"""
# The hint makes the source seek the relationship range index on updated_at (without it the planner expands every
# ACTED relationship and filters): an incremental sync then reads only the changed rows at the source too.
QUERY = """
MATCH (a:Actor)-[r:ACTED]->(b:Actor)
USING INDEX r:ACTED(updated_at)
WHERE r.updated_at > coalesce($watermark, datetime('0001-01-01T00:00:00Z'))
RETURN r.id AS id, a.name AS subject, r.relation AS relation, b.name AS object, r.date AS date,
       r.updated_at AS updated_at
"""
MAPPING = """
[source]
name = "icews14-mapped"
kind = "cypher"
uri = "{uri}"
password_file = "{password}"
query_file = "query.cypher"
page_size = 5000

[columns]
key = "id"
subject = "subject"
relation = "relation"
object = "object"
point_in_time = "date"
watermark = "updated_at"
"""
CHANGE = """
UNWIND $ids AS id
MATCH ()-[r:ACTED {id: id}]->()
SET r.date = r.date + duration({days: 1}), r.updated_at = datetime()
RETURN count(r) AS changed
"""


def load(settings: Settings) -> str:
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def load_source(source: Store, tsv: Path) -> int:
    source.run_auto("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")
    source.run_auto("CREATE INDEX actor_name IF NOT EXISTS FOR (a:Actor) ON (a.name)")
    source.run_auto("CREATE INDEX acted_updated_at IF NOT EXISTS FOR ()-[r:ACTED]-() ON (r.updated_at)")
    source.run_auto("CREATE INDEX acted_id IF NOT EXISTS FOR ()-[r:ACTED]-() ON (r.id)")
    source.run_auto("CALL db.awaitIndexes(300)")
    rows = []
    with tsv.open(encoding="utf-8") as fh:
        for n, (s, r, o, d) in enumerate(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE), start=1):
            rows.append({"id": f"e{n:06d}", "s": s, "r": r, "o": o, "d": d})
    for i in range(0, len(rows), 5000):
        source.run(LOAD, {"rows": rows[i : i + 5000], "t0": T0})
    return len(rows)


def wipe(store: Store) -> None:
    store.run_auto(DELETE_ALL_NODES)


def store_state(store: Store) -> dict[str, str]:
    rows = store.run(
        "MATCH (e:Event {source: 'icews14-mapped'}) WHERE e.recorded_to IS NULL "
        "RETURN e.item_key AS item, e.content_hash AS hash"
    )
    return {r["item"]: r["hash"] for r in rows}


def source_state(mapping: Mapping) -> dict[str, str]:
    return {
        r.item_key: r.content_hash for r in map_rows(mapping, read_rows(mapping, None)) if isinstance(r, MappedRecord)
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--wipe", action="store_true", help="required: the target instance is wiped")
    ap.add_argument("--reload", action="store_true", help="load the source instance again")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--change", type=float, default=0.01)
    ap.add_argument(
        "--cold",
        action="store_true",
        help="restart the target server after each wipe: every timed run starts on a just-started server",
    )
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    target = scratch_target(args.wipe, "--wipe")
    src_settings = source_settings(target)
    report: dict[str, Any] = {"cpu": os.cpu_count(), "cold": args.cold, "runs": []}
    store = connect(target)
    with connect(src_settings) as source, tempfile.TemporaryDirectory() as tmp:
        have = source.run("MATCH ()-[r:ACTED]->() RETURN count(r) AS n")[0]["n"]
        with args.data.open(encoding="utf-8") as fh:
            lines = sum(1 for _ in fh)
        if args.reload or have != lines:
            t = time.perf_counter()
            have = load_source(source, args.data)
            print(f"source loaded: {have:,} relationships in {time.perf_counter() - t:.1f}s")
        else:  # a previous run's change: put the dates and updated_at back
            source.run_auto(
                "MATCH ()-[r:ACTED]->() WHERE r.updated_at > $t0 CALL (r) { SET r.date = r.date - duration({days: 1}),"
                " r.updated_at = $t0 } IN TRANSACTIONS OF 5000 ROWS",
                {"t0": T0},
            )
        report["rows"] = have
        Path(tmp, "query.cypher").write_text(QUERY, encoding="utf-8")
        password = InstanceLayout.from_settings(src_settings).password_file.as_posix()
        Path(tmp, "m.toml").write_text(MAPPING.format(uri=source.uri, password=password), encoding="utf-8")
        mapping = load_mapping(Path(tmp, "m.toml"))
        opts = IngestOptions(batch_size=5000, progress=False, embedder=None, rejects_dir=Path(tmp))
        tkg_s, map_s = [], []

        def fresh() -> None:
            """Wipe the target; with --cold restart it too (query caches, JIT and page cache start empty)."""
            nonlocal store
            wipe(store)
            if args.cold:
                store.close()
                process.stop(target)
                process.start(target)
                store = connect(target)

        def run_tkg(rep: int) -> None:
            fresh()
            print(f"[{rep}] load before tkg: {load(target)}", flush=True)
            t = time.perf_counter()
            s = ingest_tkg_file(store, args.data, source="icews14", options=opts)
            tkg_s.append(time.perf_counter() - t)
            print(f"[{rep}] ingest tkg: {s.line()} in {tkg_s[-1]:.1f}s; load {load(target)}", flush=True)

        def run_mapped(rep: int) -> None:
            fresh()
            print(f"[{rep}] load before mapped: {load(target)}", flush=True)
            t = time.perf_counter()
            m = sync_mapped(store, mapping, options=opts)
            map_s.append(time.perf_counter() - t)
            print(f"[{rep}] mapped sync: {m.line()} in {map_s[-1]:.1f}s; load {load(target)}", flush=True)

        for rep in range(args.repeats):  # the order alternates (tkg first, then mapped first), the last run mapped
            order = [run_tkg, run_mapped] if (args.repeats - 1 - rep) % 2 == 0 else [run_mapped, run_tkg]
            for run in order:
                run(rep)
        report["tkg_seconds"], report["mapped_seconds"] = tkg_s, map_s
        ratio = statistics.median(map_s) / statistics.median(tkg_s)
        print(
            f"median: ingest tkg {statistics.median(tkg_s):.1f}s, mapped sync {statistics.median(map_s):.1f}s, "
            f"ratio {ratio:.2f} (aim <= 1.5)"
        )
        report["ratio"] = ratio

        ids = sorted(random.Random(0).sample([f"e{n:06d}" for n in range(1, have + 1)], round(have * args.change)))
        changed = source.run(CHANGE, {"ids": ids})[0]["changed"]
        t = time.perf_counter()
        inc = sync_mapped(store, mapping, options=opts)
        inc_s = time.perf_counter() - t
        print(
            f"incremental after {changed:,} changed rows: {inc.line()} in {inc_s:.2f}s "
            f"= {inc_s / statistics.median(map_s):.1%} of the full sync (aim < 10%); load {load(target)}"
        )
        report["incremental"] = {
            "changed": changed,
            "read": inc.ingest.read,
            "written": inc.ingest.written,
            "closed": inc.closed,
            "seconds": inc_s,
            "share_of_full": inc_s / statistics.median(map_s),
        }
        counts = store.run(qm.VERSION_COUNTS, {"source": mapping.name})[0]
        dup = store.run(qm.DUPLICATED_CURRENT, {"source": mapping.name})
        now, src = store_state(store), source_state(mapping)
        lost = have + changed - counts["versions"]
        checks = {
            **counts,
            "lost_versions": lost,
            "duplicated_current_items": len(dup),
            "current_equal_to_source": now == src,
            "current_items": len(now),
            "source_rows": len(src),
        }
        print(f"checks: {checks}")
        report["checks"] = checks
    store.close()
    report["load_end"] = load(target)
    print(f"load average at the end: {report['load_end']}")
    write_report(args.out, report)


if __name__ == "__main__":
    main()
