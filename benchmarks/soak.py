"""Soak: concurrent client processes (retrieve + ask mixed) against the managed server while an ingest runs.

    TKGRAG_INSTANCE=soak TKGRAG_BOLT_PORT=17711 TKGRAG_HTTP_PORT=17491 \\
    .venv/bin/python benchmarks/soak.py [--clients 8] [--duration 300] [--method star+tc]
        [--ingest ../shared/data/icews05-15/icews05-15_partial_named.tsv] [--ingest-source soak] [--no-ingest]
        [--questions ../shared/data/tkgqa/icews14_dev.jsonl] [--out soak.json]

Needs a store with icews14 ingested (with embeddings) and, for the star methods, the rule graph (`tkgrag rules
build`). Every client is a fresh Python process (so its first call pays the real cold start: interpreter, imports,
connect, embedder, caches) that alternates ``TKGRag.retrieve`` and ``TKGRag.ask`` over the tkgqa dev questions until
the duration is over. The ingest is the real CLI (`tkgrag ingest tkg FILE --source NAME`), started before the
clients and stopped (SIGINT: the run is resumable) when they finish; a re-run of the soak resumes it, so every run
writes new events.

Reports: errors (must be 0, each listed), p50/p95/max of retrieve and ask (steady state: every call after a process's
first), the first call of each process (its own duration, and the time from process start to its end), calls per
second, and the ingest's progress over the soak.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"


# ---- one client process ----------------------------------------------------------------------------------------
def client(args: argparse.Namespace) -> None:
    """Alternate retrieve and ask until the deadline; one JSON line per call on stdout."""
    t_process = float(args.process_start)  # wall clock when the parent launched this process
    deadline = float(args.deadline)
    questions = [json.loads(line)["question"] for line in Path(args.questions).read_text().splitlines() if line]

    def emit(record: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()

    t0 = time.time()
    from tkgrag.api import TKGRag  # inside the timed part: imports are part of a cold start

    t_import = time.time()
    rag = TKGRag.connect()
    t_connect = time.time()
    emit({"kind": "startup", "interpreter_s": t0 - t_process, "import_s": t_import - t0, "connect_s": t_connect - t0})
    i = int(args.worker)
    n = 0
    with rag:
        while time.time() < deadline:
            q = questions[(i * 37 + n) % len(questions)]
            op = "ask" if (n + i) % 2 == 0 else "retrieve"
            start = time.time()
            error = None
            try:
                if op == "ask":
                    rag.ask(q, method=args.method, k=args.k)
                else:
                    rag.retrieve(q, method=args.method, k=args.k)
            except Exception as exc:  # every failure is a finding: recorded, counted, listed
                error = f"{type(exc).__name__}: {exc}"[:500]
            end = time.time()
            emit(
                {
                    "kind": "call",
                    "op": op,
                    "first": n == 0,
                    "start": start,
                    "latency_s": end - start,
                    "since_process_start_s": end - t_process,
                    "error": error,
                    "question": q if error else None,
                }
            )
            n += 1


# ---- the driver ------------------------------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of ``values``; NaN when empty."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


def _ingest_counts(log: Path) -> str:
    lines = [x for x in log.read_text(errors="replace").splitlines() if x.strip()] if log.is_file() else []
    return lines[-1][:300] if lines else "(no output)"


def summarise(records: list[dict[str, Any]], duration_s: float) -> dict[str, Any]:
    calls = [r for r in records if r["kind"] == "call"]
    startups = [r for r in records if r["kind"] == "startup"]
    errors = [r for r in calls if r["error"]]
    out: dict[str, Any] = {"calls": len(calls), "errors": len(errors), "error_samples": errors[:10]}
    for op in ("retrieve", "ask"):
        steady = [r["latency_s"] for r in calls if r["op"] == op and not r["first"] and not r["error"]]
        out[op] = {
            "n": len(steady),
            "p50_s": pct(steady, 50),
            "p95_s": pct(steady, 95),
            "max_s": max(steady, default=float("nan")),
        }
    firsts = [r for r in calls if r["first"]]
    out["first_call"] = {
        "n": len(firsts),
        "ops": sorted({r["op"] for r in firsts}),
        "call_s": sorted(round(r["latency_s"], 2) for r in firsts),
        "since_process_start_s": sorted(round(r["since_process_start_s"], 2) for r in firsts),
        "call_p50_s": pct([r["latency_s"] for r in firsts], 50),
        "call_max_s": max((r["latency_s"] for r in firsts), default=float("nan")),
    }
    out["startup"] = {
        "import_s_p50": pct([r["import_s"] for r in startups], 50),
        "connect_s_p50": pct([r["connect_s"] for r in startups], 50),
        "interpreter_s_p50": pct([r["interpreter_s"] for r in startups], 50),
    }
    out["calls_per_s"] = len(calls) / duration_s if duration_s else 0.0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--duration", type=float, default=300.0, help="seconds of client traffic (default 5 minutes)")
    ap.add_argument("--method", default="star+tc")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--questions", default=str(DATA / "tkgqa" / "icews14_dev.jsonl"))
    ap.add_argument("--ingest", default=str(DATA / "icews05-15" / "icews05-15_partial_named.tsv"))
    ap.add_argument("--ingest-source", default="soak")
    ap.add_argument("--no-ingest", action="store_true", help="clients only")
    ap.add_argument("--out", default="", help="write the summary (and every error) as JSON here")
    ap.add_argument("--work", default="", help="folder for the clients' and the ingest's output (default: a tmp dir)")
    # internal: one client process
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--deadline", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--process-start", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker is not None:
        client(args)
        return

    import tempfile

    work = Path(args.work or tempfile.mkdtemp(prefix="tkgrag-soak-"))
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")

    ingest: subprocess.Popen[bytes] | None = None
    ingest_log = work / "ingest.log"
    if not args.no_ingest:
        cmd = [sys.executable, "-m", "tkgrag.cli.app", "ingest", "tkg", args.ingest, "--source", args.ingest_source]
        with ingest_log.open("wb") as fh:
            ingest = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env)
        print(f"ingest started (pid {ingest.pid}): {' '.join(cmd[2:])}; output in {ingest_log}", flush=True)
        time.sleep(5.0)  # let it start writing before the clients arrive
        if ingest.poll() is not None:
            sys.exit(f"the ingest exited at once (code {ingest.returncode}): {_ingest_counts(ingest_log)}")

    start = time.time()
    deadline = start + args.duration
    clients = []
    for i in range(args.clients):
        out = (work / f"client-{i}.jsonl").open("wb")
        err = (work / f"client-{i}.err").open("wb")
        cmd = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--worker",
            str(i),
            "--deadline",
            str(deadline),
            "--process-start",
            str(time.time()),
            "--method",
            args.method,
            "--k",
            str(args.k),
            "--questions",
            args.questions,
        ]
        clients.append((subprocess.Popen(cmd, stdout=out, stderr=err, env=env), out, err))
    print(f"{args.clients} clients started, until {time.strftime('%H:%M:%S', time.localtime(deadline))}", flush=True)
    next_line = start
    while any(p.poll() is None for p, _, _ in clients):
        time.sleep(1.0)
        if time.time() >= next_line:
            done = sum(sum(1 for _ in (work / f"client-{i}.jsonl").open()) for i in range(args.clients))
            state = "running" if ingest is not None and ingest.poll() is None else "not running"
            print(f"soak {time.time() - start:6.0f}s: {done} records; ingest {state}", flush=True)
            next_line += 30.0
    elapsed = time.time() - start
    for _, out, err in clients:
        out.close()
        err.close()

    ingest_state = "none"
    if ingest is not None:
        if ingest.poll() is None:
            ingest_state = "running until the end (stopped now; a re-run resumes it)"
            for sig in (signal.SIGINT, signal.SIGTERM):  # SIGTERM when a batch in flight outlasts the grace time
                ingest.send_signal(sig)
                try:
                    ingest.wait(timeout=30)
                    break
                except subprocess.TimeoutExpired:
                    continue
            else:
                ingest.kill()
        else:
            ingest_state = f"exited during the soak (code {ingest.returncode})"

    records: list[dict[str, Any]] = []
    crashed = []
    for i, (p, _, _) in enumerate(clients):
        for line in (work / f"client-{i}.jsonl").read_text().splitlines():
            if line.strip():
                records.append(json.loads(line))
        if p.returncode != 0:
            crashed.append(f"client {i} exited {p.returncode}: {(work / f'client-{i}.err').read_text()[-800:]}")
    summary = summarise(records, elapsed)
    summary["clients"] = args.clients
    summary["duration_s"] = elapsed
    summary["method"] = args.method
    summary["crashed_clients"] = crashed
    summary["ingest"] = {"state": ingest_state, "last_line": _ingest_counts(ingest_log) if ingest else ""}
    summary["errors"] += len(crashed)

    print(f"\nsoak: {args.clients} clients x {elapsed:.0f} s, method {args.method}, ingest: {ingest_state}")
    print(f"  calls {summary['calls']} ({summary['calls_per_s']:.2f}/s), errors {summary['errors']}")
    for op in ("retrieve", "ask"):
        s = summary[op]
        print(f"  {op:8s} n={s['n']:4d}  p50 {s['p50_s']:.2f} s  p95 {s['p95_s']:.2f} s  max {s['max_s']:.2f} s")
    f = summary["first_call"]
    print(f"  first call per process ({', '.join(f['ops'])}): {f['call_s']} s")
    print(f"  ... from process start to its end: {f['since_process_start_s']} s")
    st = summary["startup"]
    print(
        f"  startup p50: interpreter {st['interpreter_s_p50']:.2f} s, import tkgrag.api {st['import_s_p50']:.2f} s, "
        f"import+connect {st['connect_s_p50']:.2f} s"
    )
    if ingest is not None:
        print(f"  ingest: {summary['ingest']['last_line']}")
    for e in summary["error_samples"]:
        print(f"  ERROR {e['op']}: {e['error']}  ({e['question']})")
    for c in crashed:
        print(f"  CRASHED {c}")
    print(f"  raw records in {work}")
    if args.out:
        Path(args.out).write_text(json.dumps(summary, indent=2, default=str))


if __name__ == "__main__":
    main()
