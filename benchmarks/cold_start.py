"""Cold start of ``ask``: first-call and steady-state latency of fresh client processes, 1 alone and N at once.

    TKGRAG_INSTANCE=soak TKGRAG_BOLT_PORT=17711 TKGRAG_HTTP_PORT=17491 \\
    .venv/bin/python benchmarks/cold_start.py [--processes 1,8] [--asks 5] [--method star+tc] [--code DIR]
                                             [--label after] [--out cold.json]

Every process is a fresh interpreter (what `tkgrag ask` and each soak client pay): it imports ``tkgrag.api``,
connects (``TKGRag.connect``: driver, schema check, embedder), asks its first question, then ``--asks`` more. It
reports, per process, the time from launch to the first answer and the phases of that first ask (the Answer's own
ground/retrieve/read timings), and the steady-state asks after it.

``--code DIR`` runs the clients against another checkout's ``tkgrag`` (e.g. the code before a change) with the same
questions, server and caches, so before and after are measured the same way in one session.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from soak import DATA, REPO, pct

PHASES = ("ground", "retrieve", "read")


def client(args: argparse.Namespace) -> None:
    launched = float(args.launched)
    questions = [json.loads(x)["question"] for x in Path(args.questions).read_text().splitlines() if x.strip()]
    t0 = time.time()
    from tkgrag.api import TKGRag

    t1 = time.time()
    rag = TKGRag.connect()
    t2 = time.time()
    i = int(args.worker)
    asks = []
    with rag:
        for n in range(1 + int(args.asks)):
            q = questions[(i * 11 + n) % len(questions)]
            s = time.time()
            answer = rag.ask(q, method=args.method)
            asks.append({"latency_s": time.time() - s, "phases_ms": answer.timings_ms, "error": answer.error})
    record = {
        "interpreter_s": t0 - launched,
        "import_s": t1 - t0,
        "connect_s": t2 - t1,
        "first_answer_since_launch_s": t2 - launched + asks[0]["latency_s"],
        "first_ask": asks[0],
        "steady": [a["latency_s"] for a in asks[1:]],
    }
    print(json.dumps(record))


def run_batch(args: argparse.Namespace, n: int, code: Path) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    procs = []
    for i in range(n):
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(i), "--launched", str(time.time())]
        cmd += ["--asks", str(args.asks), "--method", args.method, "--questions", args.questions]
        procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(code)))
    out = []
    for p in procs:
        stdout, stderr = p.communicate()
        if p.returncode != 0:
            sys.exit(f"a client failed (exit {p.returncode}):\n{stderr.decode(errors='replace')[-2000:]}")
        out.append(json.loads(stdout.decode().strip().splitlines()[-1]))
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    first = [r["first_ask"]["latency_s"] for r in rows]
    since = [r["first_answer_since_launch_s"] for r in rows]
    steady = [x for r in rows for x in r["steady"]]
    phases = {k: pct([r["first_ask"]["phases_ms"].get(k, 0.0) / 1000 for r in rows], 50) for k in PHASES}
    return {
        "processes": len(rows),
        "import_s_p50": pct([r["import_s"] for r in rows], 50),
        "connect_s_p50": pct([r["connect_s"] for r in rows], 50),
        "first_ask_s_p50": pct(first, 50),
        "first_ask_s_max": max(first),
        "first_ask_phases_s_p50": phases,
        "launch_to_first_answer_s_p50": pct(since, 50),
        "launch_to_first_answer_s_max": max(since),
        "steady_ask_s_p50": pct(steady, 50),
        "steady_ask_s_p95": pct(steady, 95),
        "steady_n": len(steady),
        "errors": sum(1 for r in rows if r["first_ask"]["error"]),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", default="1,8", help="comma-separated batch sizes, each run in turn")
    ap.add_argument("--asks", type=int, default=5, help="asks after the first one, per process")
    ap.add_argument("--method", default="star+tc")
    ap.add_argument("--questions", default=str(DATA / "tkgqa" / "icews14_dev.jsonl"))
    ap.add_argument("--code", default=str(REPO), help="checkout whose tkgrag the clients import")
    ap.add_argument("--label", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--launched", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker is not None:
        client(args)
        return
    code = Path(args.code).resolve()
    results = {}
    for n in (int(x) for x in args.processes.split(",")):
        s = summary(run_batch(args, n, code))
        results[str(n)] = s
        print(
            f"{args.label or code} | {n} process(es), {args.method}: first ask p50 {s['first_ask_s_p50']:.2f} s "
            f"(max {s['first_ask_s_max']:.2f}; ground {s['first_ask_phases_s_p50']['ground']:.2f}, retrieve "
            f"{s['first_ask_phases_s_p50']['retrieve']:.2f}, read {s['first_ask_phases_s_p50']['read']:.2f}), "
            f"launch->first answer p50 {s['launch_to_first_answer_s_p50']:.2f} s (max "
            f"{s['launch_to_first_answer_s_max']:.2f}; import {s['import_s_p50']:.2f}, connect "
            f"{s['connect_s_p50']:.2f}), steady ask p50 {s['steady_ask_s_p50']:.2f} / p95 "
            f"{s['steady_ask_s_p95']:.2f} s (n={s['steady_n']}), errors {s['errors']}",
            flush=True,
        )
    if args.out:
        Path(args.out).write_text(json.dumps({"label": args.label, "code": str(code), "results": results}, indent=2))


if __name__ == "__main__":
    main()
