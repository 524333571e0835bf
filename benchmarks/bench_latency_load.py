"""Retrieval latency idle and under load, without and with the per-request thread limits (issue 30, item 3).

    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_latency_load.py \\
        [--passes 2] [--per-method 10] [--out benchmarks/results/2026-11-25/latency-load]

Reads the store of the configured instance (TKGRAG_INSTANCE etc.; `make demo` loads what it needs: the sample KG with
its rule graph for star, the TKS and the demo-trained model for timer4, the passages for mrag, the facts for exaqt);
it writes nothing to it (EXAQT's per-question GDS projection lives in the catalog and is dropped after each question).

Four runs, each a fresh worker process (thread pools are per process), in this order:

    limits off, idle | limits off, under load | limits on, idle | limits on, under load

"limits off" is TKGRAG_REQUEST_THREADS=0 (numpy/scipy/torch with their default threads, the code before the fix);
"limits on" the default (1 thread per request). "Under load" is two CPU-bound processes started beside the worker (a
busy loop each, which stops by itself after --load-seconds and is ended when the run is done). Each worker warms every
method on two questions that are not measured, then times ``TKGRag.retrieve`` (wall clock around the call) on
--per-method questions per method, --passes times, and reports the p50 and p90 per method and the p50 of each stage.
The machine's load average (``os.getloadavg``) is printed before and after every run and kept in the report.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

METHODS = ("star", "timer4", "mrag", "exaqt")
RUNS = (("off", False), ("off", True), ("on", False), ("on", True))


# --------------------------------------------------------------------------------------------------- questions
def questions(per_method: int) -> dict[str, list[str]]:
    """Questions over the bundled samples `make demo` loads: the ICEWS sample's own questions (star, timer4), and
    questions written from the passages' titles and years (mrag) and the facts' labels and times (exaqt)."""
    from tkgrag.demo import SAMPLE_QUESTIONS, data_file

    icews = [json.loads(x)["question"] for x in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if x.strip()]
    passages = []
    for line in data_file("passages_sample.jsonl").read_text().splitlines():
        p = json.loads(line)
        year = re.search(r"\b(1[89]\d\d|20\d\d)\b", p["text"])
        if year and p["title"] not in {q.split(" in ")[0] for q in passages}:
            passages.append(f"What happened to {p['title']} in {year.group(1)}?")
    facts = []
    for line in data_file("facts_sample.jsonl").read_text().splitlines():
        f = json.loads(line)
        when = f.get("point_in_time") or f.get("start")
        if f.get("subject_label") and f.get("predicate_label") and when:
            facts.append(f"What was the {f['predicate_label']} of {f['subject_label']} in {str(when)[:4]}?")
    pools = {"star": icews, "timer4": icews, "mrag": passages, "exaqt": facts}
    return {m: list(dict.fromkeys(qs))[: per_method + 2] for m, qs in pools.items()}


# --------------------------------------------------------------------------------------------------- the worker
def worker(per_method: int, passes: int) -> dict[str, Any]:
    """Runs in a subprocess with TKGRAG_REQUEST_THREADS set by the parent; prints one JSON document."""
    from tkgrag.api import TKGRag
    from tkgrag.config import load_settings
    from tkgrag.errors import ConfigError
    from tkgrag.retrievers.timer4.tks import load_time_aware
    from tkgrag.train.sample_model import SAMPLE_MODEL

    qs = questions(per_method)
    out: dict[str, Any] = {"methods": {}, "threads_env": os.environ.get("TKGRAG_REQUEST_THREADS")}
    timer4_env = os.environ.get("BENCH_TIMER4_INSTANCE")
    with TKGRag.connect(load_settings()) as main_rag, TKGRag.connect(timer4_settings()) as t4_rag:
        for rag in (main_rag, t4_rag):
            if os.environ.get("BENCH_TIMER4_MODEL"):
                rag.method_options["timer4"] = {"model": os.environ["BENCH_TIMER4_MODEL"]}
            else:
                try:
                    load_time_aware()
                except ConfigError:  # no real model trained here: the demo-sized one `make demo` trains
                    rag.method_options["timer4"] = {"model": SAMPLE_MODEL}
        for method in METHODS:
            rag = t4_rag if method == "timer4" and timer4_env else main_rag
            warm, measured = qs[method][:2], qs[method][2:]
            try:
                for q in warm:
                    rag.retrieve(q, method, k=10)
            except Exception as exc:  # a method the store cannot serve is reported, not fatal
                out["methods"][method] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
                continue
            walls: list[float] = []
            stages: dict[str, list[float]] = {}
            for _ in range(passes):
                for q in measured:
                    t0 = time.perf_counter()
                    r = rag.retrieve(q, method, k=10)
                    walls.append((time.perf_counter() - t0) * 1000.0)
                    for stage, ms in r.timings_ms.items():
                        stages.setdefault(stage, []).append(ms)
            out["methods"][method] = {
                "n": len(walls),
                "p50_ms": statistics.median(walls),
                "p90_ms": sorted(walls)[max(0, round(0.9 * len(walls)) - 1)],
                "stages_p50_ms": {s: statistics.median(v) for s, v in stages.items()},
            }
    return out


def timer4_settings() -> Any:
    """The instance timer4 is measured on: BENCH_TIMER4_INSTANCE/_BOLT_PORT/_HTTP_PORT when set (a store whose TKS
    is filled, see --prepare-timer4), else the configured one."""
    from tkgrag.config import load_settings

    env = dict(os.environ)
    if env.get("BENCH_TIMER4_INSTANCE"):
        env.update(
            TKGRAG_INSTANCE=env["BENCH_TIMER4_INSTANCE"],
            TKGRAG_BOLT_PORT=env["BENCH_TIMER4_BOLT_PORT"],
            TKGRAG_HTTP_PORT=env["BENCH_TIMER4_HTTP_PORT"],
        )
    return load_settings(env)


def prepare_timer4(model: str) -> str:
    """The ICEWS sample ingested into the timer4 instance and its TKS filled by ``model`` (a sentence-transformers
    folder), when that store has no TKS yet. For latency the encoder's training does not matter, only its size."""
    from tkgrag.demo import SAMPLE_TSV, data_file
    from tkgrag.embed import default_embedder
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.ingest.tkg import ingest_tkg_file
    from tkgrag.retrievers.timer4.config import TKS_BACKEND
    from tkgrag.retrievers.timer4.tks import TimeAwareEncoder, fill_tks, identify
    from tkgrag.store import connect

    with connect(timer4_settings()) as store:
        n = store.run("MATCH (e:Event) WHERE e.embedding_ta IS NOT NULL RETURN count(e) AS n")[0]["n"]
        if n:
            return f"timer4 store already prepared ({n} events in its TKS)"
        s = ingest_tkg_file(store, data_file(SAMPLE_TSV), source="sample", options=IngestOptions(progress=False))
        ident = identify(model)
        t = fill_tks(store, TimeAwareEncoder(default_embedder(str(ident.path), TKS_BACKEND), ident), progress=False)
        return f"timer4 store prepared: {s.written} sample events, TKS of {t.embedded} by {model}"


# --------------------------------------------------------------------------------------------------- the load
BUSY = "import time\nend = time.monotonic() + {s}\nx = 0\nwhile time.monotonic() < end:\n    x += 1\n"


def start_load(seconds: float) -> list[subprocess.Popen[bytes]]:
    """Two CPU-bound processes that stop by themselves after ``seconds``."""
    return [subprocess.Popen([sys.executable, "-c", BUSY.format(s=seconds)]) for _ in range(2)]


def stop_load(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
        p.wait()


def run_worker(limits: str, loaded: bool, args: argparse.Namespace) -> dict[str, Any]:
    env = {**os.environ, "TKGRAG_REQUEST_THREADS": "0" if limits == "off" else "1", "TKGRAG_NO_PROGRESS": "1"}
    load_before = os.getloadavg()
    procs = start_load(args.load_seconds) if loaded else []
    try:
        if loaded:
            time.sleep(3.0)  # let the busy loops take their cores before the worker starts
        cmd = [sys.executable, __file__, "--worker", "--per-method", str(args.per_method), "--passes", str(args.passes)]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.load_seconds)
    finally:
        alive_at_end = sum(p.poll() is None for p in procs)
        stop_load(procs)
    if done.returncode != 0:
        raise SystemExit(f"worker failed ({limits}, loaded={loaded}):\n{done.stderr[-3000:]}")
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    doc.update(
        limits=limits,
        loaded=loaded,
        load_before=load_before,
        load_after=os.getloadavg(),
        busy_processes_alive_at_end=alive_at_end,
    )
    return doc


# --------------------------------------------------------------------------------------------------- report
def table(docs: list[dict[str, Any]]) -> str:
    by = {(d["limits"], d["loaded"]): d for d in docs}
    lines = [
        "| method | limits off: idle p50 | off: load p50 | off: load/idle | limits on: idle p50 | on: load p50 "
        "| on: load/idle |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for m in METHODS:
        cells = [m]
        for limits in ("off", "on"):
            idle, busy = by[(limits, False)]["methods"].get(m, {}), by[(limits, True)]["methods"].get(m, {})
            if "p50_ms" not in idle or "p50_ms" not in busy:
                cells += ["error", "error", "-"]
                continue
            cells += [f"{idle['p50_ms']:.0f} ms", f"{busy['p50_ms']:.0f} ms", f"{busy['p50_ms'] / idle['p50_ms']:.2f}x"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def stage_table(docs: list[dict[str, Any]]) -> str:
    lines = ["| run | method | n | p50 | p90 | stage p50s (ms) |", "|---|---|---:|---:|---:|---|"]
    for d in docs:
        run = f"limits {d['limits']}, {'load' if d['loaded'] else 'idle'}"
        for m in METHODS:
            r = d["methods"].get(m, {})
            if "p50_ms" not in r:
                lines.append(f"| {run} | {m} | - | - | - | {r.get('error', '')} |")
                continue
            stages = ", ".join(f"{s} {v:.0f}" for s, v in r["stages_p50_ms"].items())
            lines.append(f"| {run} | {m} | {r['n']} | {r['p50_ms']:.0f} | {r['p90_ms']:.0f} | {stages} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--per-method", type=int, default=10, help="measured questions per method (default 10)")
    ap.add_argument("--passes", type=int, default=2, help="times each question is asked (default 2)")
    ap.add_argument("--load-seconds", type=float, default=420.0, help="bound of each run and of its busy loops")
    ap.add_argument("--out", type=Path, default=None, help="folder for report.md and runs.json")
    ap.add_argument(
        "--prepare-timer4",
        metavar="MODEL",
        help="ingest the ICEWS sample into BENCH_TIMER4_INSTANCE and fill its TKS with MODEL (when it has none)",
    )
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.per_method, args.passes)))
        return
    print(f"cpus {os.cpu_count()}, load average at start {os.getloadavg()}", flush=True)
    prepared = prepare_timer4(args.prepare_timer4) if args.prepare_timer4 else ""
    if prepared:
        print(prepared, flush=True)
    docs = []
    for limits, loaded in RUNS:
        doc = run_worker(limits, loaded, args)
        docs.append(doc)
        said = ", ".join(f"{m} {r['p50_ms']:.0f} ms" for m, r in doc["methods"].items() if "p50_ms" in r)
        print(
            f"limits {limits}, {'load' if loaded else 'idle'}: {said}; load average {doc['load_before']} -> "
            f"{doc['load_after']}",
            flush=True,
        )
    print(table(docs))
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "runs.json").write_text(json.dumps(docs, indent=1))
        loads = "\n".join(
            f"- limits {d['limits']}, {'load' if d['loaded'] else 'idle'}: load average before {d['load_before']}, "
            f"after {d['load_after']}; busy processes still running at the end: {d['busy_processes_alive_at_end']}"
            for d in docs
        )
        (args.out / "report.md").write_text(
            "# Retrieval latency idle and under load (issue 30, item 3)\n\n"
            f"`benchmarks/bench_latency_load.py --per-method {args.per_method} --passes {args.passes}`, "
            f"{os.cpu_count()} CPUs. {prepared}\n\n{table(docs)}\n\n## Per run\n\n{stage_table(docs)}\n\n"
            f"## Machine load\n\n{loads}\n"
        )


if __name__ == "__main__":
    main()
