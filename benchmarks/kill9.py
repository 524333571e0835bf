"""kill -9 in the middle of an ingestion, on a managed Neo4j instance of its own (issue 16).

Two scenarios on a real shared file (default: all of icews14, 90,730 lines), each with its own source name:

1. ``ingest``: `tkgrag ingest tkg` runs as a separate process; when its run has committed about ``--kill-at`` of the
   file, the process gets SIGKILL. The same command is run again: it must resume the run.
2. ``neo4j``: the same, but the Neo4j server's JVM gets SIGKILL. The ingest command must stop by itself (after the
   driver's retry bound, ``TKGRAG_NEO4J_RETRY_TIMEOUT``) with a one-line message; the server is started again and
   the command re-run: it must resume.

After each scenario the events stored for the source are compared with the file: lost = facts of the file (distinct
fact keys, as the reader computes them) that are not stored, duplicated = stored Event nodes beyond one per key, plus
events whose SUBJECT/OBJECT edge is not exactly one. The run records (``IngestRun``) are printed as they were after
the kill and at the end. Everything is measured here, in this run; nothing is assumed.

    PYTHONPATH=. python benchmarks/kill9.py                     # instance k-ingest, Bolt 17701, HTTP 17481
    PYTHONPATH=. python benchmarks/kill9.py --lines 20000 --out results.json

The instance's database is wiped at the start: never point it at an instance holding data you want.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from tkgrag.config import Settings, load_settings, managed_server_env
from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions
from tkgrag.queries import ingest as q
from tkgrag.server import process
from tkgrag.sources.records import EventRecord
from tkgrag.store import Store, connect

# The suite's DELETE_ALL_NODES (10,000 rows a transaction) exceeds the transaction memory pool of a 1g heap on the
# ~180k events of two full icews14 runs (measured: MemoryPoolOutOfMemoryError); smaller transactions do not.
DELETE_ALL_NODES = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS"
REPO = Path(__file__).resolve().parents[1]
DEFAULT_FILE = REPO.parent / "shared" / "data" / "icews14" / "icews14_full_named.tsv"
RUN_FIELDS = ("id", "status", "checkpoint", "read", "written", "duplicates", "rejected", "resumed", "interruptions")


def bench_settings(args: argparse.Namespace) -> Settings:
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    server = replace(
        base.server,
        instance=args.instance,
        bolt_port=args.bolt,
        http_port=args.http,
        heap=args.heap,
        pagecache=args.pagecache,
    )
    return replace(base, server=server)


def child_env(settings: Settings) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(managed_server_env(settings.server), PYTHONPATH=str(REPO), TKGRAG_NO_PROGRESS="1")
    return env


def ingest_command(path: Path, source: str, batch_size: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "tkgrag.cli.app",
        "ingest",
        "tkg",
        str(path),
        "--source",
        source,
        "--no-embed",
        "--batch-size",
        str(batch_size),
    ]


def expected_keys(path: Path, source: str) -> tuple[set[str], int]:
    """The distinct facts of the file (fact keys, as the reader computes them), and the lines it rejects."""
    keys: set[str] = set()
    rejected = 0
    for item in TkgTsvReader(path, TsvOptions(source=source)):
        if isinstance(item, EventRecord):
            keys.add(item.fact_key)
        else:
            rejected += 1
    return keys, rejected


def run_records(store: Store, source: str) -> list[dict[str, Any]]:
    return [{k: r["run"].get(k) for k in RUN_FIELDS} for r in store.run(q.SOURCE_RUNS, {"source": source})]


def integrity(store: Store, source: str, expected: set[str]) -> dict[str, int]:
    stored = {r["key"] for r in store.run(q.SOURCE_EVENT_KEYS, {"source": source})}
    row = store.run(q.SOURCE_INTEGRITY, {"source": source})[0]
    return {
        "expected_events": len(expected),
        "stored_events": int(row["events"]),
        "lost": len(expected - stored),
        "unexpected": len(stored - expected),
        "duplicated": int(row["events"]) - int(row["keys"]),
        "bad_subject_edges": int(row["bad_subject_edges"]),
        "bad_object_edges": int(row["bad_object_edges"]),
    }


def wait_for_checkpoint(store: Store, source: str, target: int, proc: subprocess.Popen[str]) -> int:
    while proc.poll() is None:
        runs = run_records(store, source)
        if runs and (runs[-1]["checkpoint"] or 0) >= target:
            return int(runs[-1]["checkpoint"])
        time.sleep(0.1)
    raise SystemExit(f"the ingest of {source} ended (rc {proc.returncode}) before it reached item {target}")


def run_to_end(cmd: list[str], env: dict[str, str]) -> tuple[int, str, float]:
    started = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=3600)
    out = " ".join((done.stdout + done.stderr).split())
    return done.returncode, out, time.perf_counter() - started


def scenario_kill_ingest(store: Store, args: argparse.Namespace, env: dict[str, str], path: Path) -> dict[str, Any]:
    source = "kill9-ingest"
    expected, _ = expected_keys(path, source)
    proc = subprocess.Popen(ingest_command(path, source, args.batch_size), env=env, text=True)
    at = wait_for_checkpoint(store, source, int(args.kill_at * args.lines), proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    after_kill = run_records(store, source)
    print(f"[ingest] SIGKILL to the ingest process {proc.pid} at checkpoint >= {at}; runs: {after_kill}", flush=True)
    partial = integrity(store, source, expected)
    rc, out, seconds = run_to_end(ingest_command(path, source, args.batch_size), env)
    print(f"[ingest] re-run: rc {rc} in {seconds:.1f} s: {out}", flush=True)
    return {
        "scenario": "kill -9 of the ingest process, then re-run",
        "killed_at_checkpoint": at,
        "runs_after_kill": after_kill,
        "stored_after_kill": partial["stored_events"],
        "rerun_rc": rc,
        "rerun_output": out,
        "rerun_seconds": round(seconds, 1),
        "runs_final": run_records(store, source),
        **integrity(store, source, expected),
    }


def scenario_kill_neo4j(
    store: Store, settings: Settings, args: argparse.Namespace, env: dict[str, str], path: Path
) -> tuple[Store, dict[str, Any]]:
    source = "kill9-neo4j"
    expected, _ = expected_keys(path, source)
    proc = subprocess.Popen(
        ingest_command(path, source, args.batch_size),
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    at = wait_for_checkpoint(store, source, int(args.kill_at * args.lines), proc)
    neo4j_pid = process.status(settings).pid
    assert neo4j_pid is not None, "the benchmark instance is not running"
    store.close()
    os.kill(neo4j_pid, signal.SIGKILL)
    killed = time.perf_counter()
    out, err = proc.communicate(timeout=900)
    exit_seconds = time.perf_counter() - killed
    message = err.strip()
    print(
        f"[neo4j] SIGKILL to Neo4j {neo4j_pid} at checkpoint >= {at}; the ingest exited rc {proc.returncode} "
        f"{exit_seconds:.1f} s later; stderr ({len(message.splitlines())} line(s)): {message}",
        flush=True,
    )
    started = time.perf_counter()
    st = process.start(settings)
    restart_seconds = time.perf_counter() - started
    print(f"[neo4j] restarted (pid {st.pid}) in {restart_seconds:.1f} s", flush=True)
    store = connect(settings)
    after_restart = run_records(store, source)
    partial = integrity(store, source, expected)
    print(f"[neo4j] runs after the restart: {after_restart}", flush=True)
    rc, rerun_out, seconds = run_to_end(ingest_command(path, source, args.batch_size), env)
    print(f"[neo4j] re-run: rc {rc} in {seconds:.1f} s: {rerun_out}", flush=True)
    return store, {
        "scenario": "kill -9 of Neo4j, restart, then re-run",
        "killed_at_checkpoint": at,
        "ingest_rc_after_kill": proc.returncode,
        "ingest_exit_seconds_after_kill": round(exit_seconds, 1),
        "ingest_stderr_lines": len(message.splitlines()),
        "ingest_stderr": message,
        "ingest_stdout": out.strip(),
        "restart_seconds": round(restart_seconds, 1),
        "runs_after_restart": after_restart,
        "stored_after_restart": partial["stored_events"],
        "rerun_rc": rc,
        "rerun_output": rerun_out,
        "rerun_seconds": round(seconds, 1),
        "runs_final": run_records(store, source),
        **integrity(store, source, expected),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT_FILE)
    ap.add_argument("--lines", type=int, default=0, help="use the first N lines (0: the whole file)")
    ap.add_argument("--batch-size", type=int, default=5000)
    ap.add_argument("--kill-at", type=float, default=0.4, help="kill once this share of the file is committed")
    ap.add_argument("--instance", default="k-ingest")
    ap.add_argument("--bolt", type=int, default=17701)
    ap.add_argument("--http", type=int, default=17481)
    ap.add_argument("--heap", default="1g")
    ap.add_argument("--pagecache", default="512m")
    ap.add_argument("--stop", action="store_true", help="stop the instance at the end")
    ap.add_argument("--out", type=Path, help="write the results as JSON here")
    args = ap.parse_args()

    settings = bench_settings(args)
    env = child_env(settings)
    with tempfile.TemporaryDirectory(prefix="kill9-") as tmp:
        path = Path(tmp) / args.file.name
        with args.file.open(encoding="utf-8") as src, path.open("w", encoding="utf-8") as dst:
            n = 0
            for line in src:
                if args.lines and n >= args.lines:
                    break
                dst.write(line)
                n += 1
        args.lines = n
        print(f"file: {args.file} ({n:,} lines), batch size {args.batch_size}, kill at {args.kill_at:.0%}", flush=True)
        started = time.perf_counter()
        st = process.start(settings)
        print(f"instance {settings.server.instance} (pid {st.pid}) ready in {time.perf_counter() - started:.1f} s")
        store = connect(settings)
        store.run_auto(DELETE_ALL_NODES)
        results = [scenario_kill_ingest(store, args, env, path)]
        # A fresh store for the second scenario: the same facts under a second source would only be added to the
        # first one's nodes (one Event per fact), and the scenario is about writing them.
        store.run_auto(DELETE_ALL_NODES)
        store, neo = scenario_kill_neo4j(store, settings, args, env, path)
        results.append(neo)
        store.close()
    if args.stop:
        process.stop(settings)

    print()
    print("| scenario | killed at | stored after kill | re-run | events in file | stored | lost | duplicated |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for r in results:
        after = r.get("stored_after_kill", r.get("stored_after_restart"))
        print(
            f"| {r['scenario']} | {r['killed_at_checkpoint']:,} | {after:,} | rc {r['rerun_rc']}, "
            f"{r['rerun_seconds']} s | {r['expected_events']:,} | {r['stored_events']:,} | {r['lost']} | "
            f"{r['duplicated']} (+{r['bad_subject_edges'] + r['bad_object_edges']} bad edges, "
            f"{r['unexpected']} unexpected) |"
        )
    for r in results:
        print(f"{r['scenario']}: final runs {r['runs_final']}")
    if args.out:
        args.out.write_text(json.dumps(results, indent=2, default=str))
    ok = all(r["lost"] == 0 and r["duplicated"] == 0 and r["rerun_rc"] == 0 for r in results)
    print("OK: 0 lost, 0 duplicated" if ok else "FAILED: events lost or duplicated, or a re-run failed")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
