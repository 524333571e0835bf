"""What bisecting a refused batch costs (issue 16, item 1): one batch of icews14 lines with 0, 1, 10 and 100 records
that Neo4j refuses, ingested in the same run of this script, on a managed instance of its own.

The refusal is real: a uniqueness constraint on ``Entity.name`` (a constraint a user might add) and, for each culprit,
an entity stored beforehand under another key with the name the culprit's subject would get. The pipeline then finds
the culprits with rolled-back trial writes and commits the rest. Printed: seconds per scenario, written / rejected,
and the slowdown against the clean batch.

    PYTHONPATH=. python benchmarks/bench_bisect.py --lines 5000      # instance k-ingest, Bolt 17701, HTTP 17481

The instance's database is wiped: never point it at an instance holding data you want.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from tkgrag.config import load_settings
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.server import process
from tkgrag.store import connect

# The suite's DELETE_ALL_NODES (10,000 rows a transaction) exceeds the transaction memory pool of a 1g heap on the
# ~180k events of two full icews14 runs (measured: MemoryPoolOutOfMemoryError); smaller transactions do not.
DELETE_ALL_NODES = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS"
REPO = Path(__file__).resolve().parents[1]
DEFAULT_FILE = REPO.parent / "shared" / "data" / "icews14" / "icews14_full_named.tsv"
CONSTRAINT = "CREATE CONSTRAINT bench_bisect_name IF NOT EXISTS FOR (e:Entity) REQUIRE e.name IS UNIQUE"
DROP = "DROP CONSTRAINT bench_bisect_name IF EXISTS"
TAKEN = "UNWIND $names AS name CREATE (:Entity {key: 'taken:' + name, name: name})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT_FILE)
    ap.add_argument("--lines", type=int, default=5000, help="lines, all in one batch")
    ap.add_argument("--culprits", default="0,1,10,100")
    ap.add_argument("--instance", default="k-ingest")
    ap.add_argument("--bolt", type=int, default=17701)
    ap.add_argument("--http", type=int, default=17481)
    args = ap.parse_args()

    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    server = replace(base.server, instance=args.instance, bolt_port=args.bolt, http_port=args.http, heap="1g")
    settings = replace(base, server=replace(server, pagecache="512m"))
    process.start(settings)
    lines = []
    with args.file.open(encoding="utf-8") as fh:
        for line in fh:
            if len(lines) >= args.lines:
                break
            lines.append(line)
    rows = []
    with connect(settings) as store, tempfile.TemporaryDirectory(prefix="bisect-") as tmp:
        try:
            for n in (int(x) for x in args.culprits.split(",")):
                store.run_auto(DELETE_ALL_NODES)
                store.run_auto(CONSTRAINT)
                picks = [round(i * len(lines) / n) for i in range(n)] if n else []
                body = list(lines)
                names = []
                for j, i in enumerate(picks):  # a new subject whose name an entity stored earlier already has
                    s, r, o, t = body[i].rstrip("\n").split("\t")
                    body[i] = f"Culprit_{j}\t{r}\t{o}\t{t}\n"
                    names.append(f"Culprit {j}")
                store.run(TAKEN, {"names": names})
                path = Path(tmp) / f"bisect_{n}.tsv"
                path.write_text("".join(body), encoding="utf-8")
                opts = IngestOptions(batch_size=len(lines), progress=False, rejects_dir=Path(tmp))
                started = time.perf_counter()
                s = ingest_tkg_file(store, path, source=f"bisect-{n}", options=opts)
                seconds = time.perf_counter() - started
                rows.append((n, s.written, s.rejected, seconds))
                print(f"{n} culprits: written {s.written}, rejected {s.rejected}, {seconds:.2f} s", flush=True)
        finally:
            store.run_auto(DROP)
            store.run_auto(DELETE_ALL_NODES)
    clean = rows[0][3] if rows and rows[0][0] == 0 else None
    print(f"\n{len(lines):,} lines in one batch, no embeddings")
    print("| refused records | written | rejected | seconds | x clean batch |")
    print("|---:|---:|---:|---:|---:|")
    for n, written, rejected, seconds in rows:
        ratio = f"{seconds / clean:.1f}" if clean else "-"
        print(f"| {n} | {written:,} | {rejected} | {seconds:.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
