"""Retrieval latency idle and beside two CPU-bound processes, both arms interleaved in one run (issue 30, item 3).

    flock /tmp/tkgrag-cpu.lock .venv/bin/python benchmarks/bench_latency_load.py \\
        [--per-method 10] [--passes 3] [--block 3] [--out benchmarks/results/2026-11-25/latency-load]

Reads the store of the configured instance (TKGRAG_INSTANCE etc.; `make demo` loads what it needs: the sample KG with
its rule graph for star, the TKS and the demo-trained model for timer4, the passages for mrag, the facts for exaqt);
it writes nothing to it (EXAQT's per-question GDS projection lives in the catalog and is dropped after each question).

Why interleaved: on a shared machine the load from other work comes and goes by the minute, so an "idle" run and a
"load" run a minute apart measure the minute as much as the method. Here one process asks every question, and two
busy processes (a pure-Python CPU loop each, normal priority, started once) are stopped (SIGSTOP) and continued
(SIGCONT) in alternating windows: each block of --block questions of a method is asked once with the busy loops
stopped ("idle") and once with them running ("load"), the two orders alternating A-B, B-A from block to block (ABBA,
so a drift in the ambient load falls on both arms alike). Each window starts after --settle seconds. The pairs (the
same question in the same pass, idle and load) give the ratio of p50s with a bootstrap interval (questions resampled
in pairs).

Measured per request, besides the wall clock around ``TKGRag.retrieve`` and the retriever's own stage timings:
this process's CPU time and its main thread's run-queue wait (``/proc/thread-self/schedstat``: time runnable but not
running), the Neo4j server's CPU time and its threads' summed run-queue wait (``/proc/<pid>/task/*/schedstat``; the
pid from the instance's pid file, absent for a server this script does not manage), and the number of runnable
tasks on the machine (``procs_running`` in ``/proc/stat``) as the ambient load. A short request that only computes
took ~2x as long beside two busy loops on two otherwise calm cores (it shares one core with one loop, measured with
``cpu-reference``), less when other work already shares them; the run-queue waits show where a method's time goes.

``TKGRAG_REQUEST_THREADS=0`` in the environment measures the libraries' default threads (no per-request limit).
``--topk FILE`` writes each method's top-k keys per question (idle arm, first pass) for a before/after comparison.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

METHODS = ("star", "timer4", "mrag", "exaqt")
REFERENCE = "cpu-reference"  # a pure-Python loop asked like a method: what the same windows do to pure computation
REFERENCE_LOOPS = 400_000  # ~20-40 ms on this machine's cores
CLK_TCK = os.sysconf("SC_CLK_TCK")


# --------------------------------------------------------------------------------------------------- questions
def questions(per_method: int) -> dict[str, list[str]]:
    """Questions over the bundled samples `make demo` loads: the ICEWS sample's own questions (star, timer4), and
    questions written from the passages' titles and years (mrag) and the facts' labels and times (exaqt)."""
    from tkgrag.demo import SAMPLE_QUESTIONS, data_file

    icews = [json.loads(x)["question"] for x in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if x.strip()]
    passages: list[str] = []
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
    pools = {"star": icews, "timer4": icews, "mrag": passages, "exaqt": facts, REFERENCE: icews}
    return {m: list(dict.fromkeys(qs))[: per_method + 2] for m, qs in pools.items()}


def timer4_settings() -> Any:
    """The instance timer4 is measured on: BENCH_TIMER4_INSTANCE/_BOLT_PORT/_HTTP_PORT when set (a store whose TKS
    is filled), else the configured one."""
    from tkgrag.config import load_settings

    env = dict(os.environ)
    if env.get("BENCH_TIMER4_INSTANCE"):
        env.update(
            TKGRAG_INSTANCE=env["BENCH_TIMER4_INSTANCE"],
            TKGRAG_BOLT_PORT=env["BENCH_TIMER4_BOLT_PORT"],
            TKGRAG_HTTP_PORT=env["BENCH_TIMER4_HTTP_PORT"],
        )
    return load_settings(env)


# --------------------------------------------------------------------------------------------------- /proc readings
def _ticks(pid: int) -> float:
    """User + system CPU seconds of a process (all its threads), 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def _sched_ns(path: str) -> tuple[int, int]:
    """(on-CPU ns, run-queue wait ns) from a schedstat file (on-CPU, waiting, timeslices); zeros when unreadable."""
    try:
        on_cpu, waiting = Path(path).read_text().split()[:2]
        return int(on_cpu), int(waiting)
    except (OSError, ValueError):
        return 0, 0


def _tasks_sched_ns(pid: int) -> tuple[int, int]:
    """The sums over a process's threads of on-CPU and run-queue wait ns."""
    cpu = wait = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0, 0
    for tid in tids:
        c, w = _sched_ns(f"/proc/{pid}/task/{tid}/schedstat")
        cpu, wait = cpu + c, wait + w
    return cpu, wait


def _procs_running() -> int:
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("procs_running"):
            return int(line.split()[1])
    return 0


def server_pid(settings: Any) -> int | None:
    """The managed Neo4j's pid (its pid file), None for a server this process cannot see."""
    try:
        from tkgrag.server.layout import InstanceLayout

        pid = int(InstanceLayout.from_settings(settings).pid_file.read_text().strip())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError, ImportError):
        return None


@dataclass
class Reading:
    """One request, measured."""

    method: str
    question: int
    pass_: int
    arm: str
    wall_ms: float
    client_cpu_ms: float
    client_wait_ms: float
    server_cpu_ms: float | None
    server_wait_ms: float | None
    runnable_before: int  # procs_running, this process included
    stages: dict[str, float] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------------- the load
BUSY = "import time\nend = time.monotonic() + {s}\nx = 0\nwhile time.monotonic() < end:\n    x += 1\n"


def _die_with_parent() -> None:
    """In the busy child: SIGKILL when this script ends (also while stopped: SIGKILL ends a stopped process)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class Busy:
    """Two CPU-bound processes at normal priority that stop by themselves after ``seconds`` of running; ``own``:
    each in its own session (a separate job, as another user's work), else in this script's session."""

    def __init__(self, seconds: float, own_session: bool) -> None:
        self.procs = [
            subprocess.Popen(
                [sys.executable, "-c", BUSY.format(s=seconds)],
                preexec_fn=_die_with_parent,
                start_new_session=own_session,
            )
            for _ in range(2)
        ]
        self.running = True
        self.cpu_at_start = [_ticks(p.pid) for p in self.procs]
        self.loaded_s = 0.0
        self._since = time.monotonic()

    def pause(self) -> None:
        if self.running:
            for p in self.procs:
                p.send_signal(signal.SIGSTOP)
            self.loaded_s += time.monotonic() - self._since
            self.running = False

    def resume(self) -> None:
        if not self.running:
            for p in self.procs:
                p.send_signal(signal.SIGCONT)
            self._since = time.monotonic()
            self.running = True

    def alive(self) -> int:
        return sum(p.poll() is None for p in self.procs)

    def share(self) -> list[float]:
        """CPU seconds each busy loop got per second of load windows (1.0: a whole core)."""
        return [
            (_ticks(p.pid) - c) / max(self.loaded_s, 1e-9) for p, c in zip(self.procs, self.cpu_at_start, strict=True)
        ]

    def end(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGCONT)
                p.kill()
            p.wait()


# --------------------------------------------------------------------------------------------------- the run
@dataclass
class _Done:
    evidence: list[Any] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)


class Reference:
    """Stands in for ``TKGRag`` under the name ``cpu-reference``: a fixed pure-Python loop, no I/O and no threads,
    so its load/idle ratio is what the windows' CPU share alone does to a request (~2x beside two busy loops on an
    otherwise calm pair of cores; less when other work already shares them)."""

    def retrieve(self, question: str, method: str, k: int = 10) -> _Done:
        x = 0
        for i in range(REFERENCE_LOOPS):
            x += i & 7
        return _Done()


def measure(args: argparse.Namespace) -> dict[str, Any]:
    from tkgrag.api import TKGRag
    from tkgrag.config import load_settings
    from tkgrag.errors import ConfigError
    from tkgrag.retrievers.timer4.tks import load_time_aware
    from tkgrag.train.sample_model import SAMPLE_MODEL

    qs = questions(args.per_method)
    settings = load_settings()
    spid = server_pid(settings)
    readings: list[Reading] = []
    topk: dict[str, dict[str, list[str]]] = {m: {} for m in (*METHODS, REFERENCE)}
    errors: dict[str, str] = {}
    loads: list[tuple[float, float, float]] = [os.getloadavg()]
    busy = Busy(args.load_seconds, args.busy_session == "own")
    busy.pause()
    stop_sampling = threading.Event()

    def sample_load() -> None:
        while not stop_sampling.wait(15.0):
            loads.append(os.getloadavg())

    sampler = threading.Thread(target=sample_load, daemon=True)
    sampler.start()
    timer4_env = os.environ.get("BENCH_TIMER4_INSTANCE")
    try:
        with TKGRag.connect(settings) as main_rag, TKGRag.connect(timer4_settings()) as t4_rag:
            for rag in (main_rag, t4_rag):
                if os.environ.get("BENCH_TIMER4_MODEL"):
                    rag.method_options["timer4"] = {"model": os.environ["BENCH_TIMER4_MODEL"]}
                else:
                    try:
                        load_time_aware()
                    except ConfigError:  # no real model trained here: the demo-sized one `make demo` trains
                        rag.method_options["timer4"] = {"model": SAMPLE_MODEL}
            rags: dict[str, Any] = {m: (t4_rag if m == "timer4" and timer4_env else main_rag) for m in METHODS}
            rags[REFERENCE] = Reference()
            for m in args.methods.split(","):  # warm every method (first calls load models, caches, query plans)
                try:
                    for q in qs[m][:2]:
                        rags[m].retrieve(q, m, k=10)
                except Exception as exc:  # a method the store cannot serve is reported, not fatal
                    errors[m] = f"{type(exc).__name__}: {exc}"[:300]
            block_no = 0
            for pass_ in range(args.passes):
                for m in args.methods.split(","):
                    if m in errors:
                        continue
                    measured = list(enumerate(qs[m][2:]))
                    for start in range(0, len(measured), args.block):
                        block = measured[start : start + args.block]
                        arms = ("idle", "load") if block_no % 2 == 0 else ("load", "idle")
                        block_no += 1
                        for arm in arms:
                            busy.resume() if arm == "load" else busy.pause()
                            time.sleep(args.settle)
                            for qi, q in block:
                                r, reading = _one(rags[m], m, q, qi, pass_, arm, spid)
                                readings.append(reading)
                                if arm == "idle" and pass_ == 0:
                                    topk[m][q] = [e.key for e in r.evidence]
    finally:
        alive = busy.alive()
        busy.pause()
        share = busy.share()
        busy.end()
        stop_sampling.set()
    loads.append(os.getloadavg())
    return {
        "readings": [asdict(r) for r in readings],
        "errors": errors,
        "topk": topk,
        "loads": loads,
        "busy_share": share,
        "busy_alive_at_end": alive,
        "server_pid_seen": spid is not None,
        "threads_env": os.environ.get("TKGRAG_REQUEST_THREADS"),
    }


def _one(rag: Any, method: str, q: str, qi: int, pass_: int, arm: str, spid: int | None) -> tuple[Any, Reading]:
    running = _procs_running()
    s_cpu, s_wait = _tasks_sched_ns(spid) if spid else (0, 0)
    wait0 = _sched_ns("/proc/thread-self/schedstat")[1]
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    r = rag.retrieve(q, method, k=10)
    wall = (time.perf_counter() - t0) * 1000.0
    c_cpu = (time.process_time() - cpu0) * 1000.0
    c_wait = (_sched_ns("/proc/thread-self/schedstat")[1] - wait0) / 1e6
    server_cpu = server_wait = None
    if spid:
        e_cpu, e_wait = _tasks_sched_ns(spid)
        server_cpu, server_wait = (e_cpu - s_cpu) / 1e6, (e_wait - s_wait) / 1e6
    return r, Reading(method, qi, pass_, arm, wall, c_cpu, c_wait, server_cpu, server_wait, running, r.timings_ms)


# --------------------------------------------------------------------------------------------------- statistics
def ratio_interval(pairs: list[tuple[float, float]], rounds: int = 2000, seed: int = 30) -> tuple[float, float]:
    """95% percentile-bootstrap interval of median(load) / median(idle), the (idle, load) pairs resampled together."""
    rng = random.Random(seed)
    n = len(pairs)
    stats = []
    for _ in range(rounds):
        sample = [pairs[rng.randrange(n)] for _ in range(n)]
        stats.append(statistics.median(b for _, b in sample) / statistics.median(a for a, _ in sample))
    stats.sort()
    return stats[int(0.025 * rounds)], stats[int(0.975 * rounds) - 1]


def summary(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    rows = doc["readings"]
    out: dict[str, dict[str, Any]] = {}
    for m in (*METHODS, REFERENCE):
        mine = [r for r in rows if r["method"] == m]
        if not mine:
            continue
        by_arm = {a: [r for r in mine if r["arm"] == a] for a in ("idle", "load")}
        keyed = {a: {(r["question"], r["pass_"]): r["wall_ms"] for r in rs} for a, rs in by_arm.items()}
        pairs = [(keyed["idle"][k], keyed["load"][k]) for k in keyed["idle"] if k in keyed["load"]]
        cell: dict[str, Any] = {"n_pairs": len(pairs)}
        for a, rs in by_arm.items():
            cell[a] = {
                "p50_ms": statistics.median(r["wall_ms"] for r in rs),
                "p90_ms": sorted(r["wall_ms"] for r in rs)[max(0, round(0.9 * len(rs)) - 1)],
                "client_cpu_ms": statistics.median(r["client_cpu_ms"] for r in rs),
                "client_wait_ms": statistics.median(r["client_wait_ms"] for r in rs),
                "server_cpu_ms": _median_or_none([r["server_cpu_ms"] for r in rs]),
                "server_wait_ms": _median_or_none([r["server_wait_ms"] for r in rs]),
                "runnable": statistics.median(r["runnable_before"] for r in rs),
                "stages": {s: statistics.median(r["stages"].get(s, 0.0) for r in rs) for s in rs[0]["stages"] if rs},
            }
        cell["ratio"] = cell["load"]["p50_ms"] / cell["idle"]["p50_ms"]
        cell["interval"] = ratio_interval(pairs)
        cell["paired_median_ratio"] = statistics.median(b / a for a, b in pairs)
        out[m] = cell
    return out


def _median_or_none(xs: list[float | None]) -> float | None:
    vals = [x for x in xs if x is not None]
    return statistics.median(vals) if vals else None


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}"


def tables(doc: dict[str, Any], s: dict[str, dict[str, Any]]) -> str:
    head = [
        "| method | pairs | idle p50 | load p50 | load/idle | 95% interval | paired median ratio | over cpu-reference "
        "| idle p90 | load p90 |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    ref = s.get(REFERENCE, {}).get("ratio")
    for m, c in s.items():
        lo, hi = c["interval"]
        head.append(
            f"| {m} | {c['n_pairs']} | {c['idle']['p50_ms']:.0f} ms | {c['load']['p50_ms']:.0f} ms | "
            f"{c['ratio']:.2f}x | {lo:.2f}-{hi:.2f}x | {c['paired_median_ratio']:.2f}x | "
            f"{'-' if ref is None else format(c['ratio'] / ref, '.2f')} | "
            f"{c['idle']['p90_ms']:.0f} ms | {c['load']['p90_ms']:.0f} ms |"
        )
    for m, e in doc["errors"].items():
        head.append(f"| {m} | 0 | error: {e} | | | | | | | |")
    where = [
        "| method | arm | wall p50 | client CPU | client run-queue wait | server CPU | server threads' run-queue "
        "wait | runnable tasks | stage p50s (ms) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for m, c in s.items():
        for a in ("idle", "load"):
            x = c[a]
            stages = ", ".join(f"{k} {v:.0f}" for k, v in x["stages"].items())
            where.append(
                f"| {m} | {a} | {x['p50_ms']:.0f} | {_ms(x['client_cpu_ms'])} | {_ms(x['client_wait_ms'])} | "
                f"{_ms(x['server_cpu_ms'])} | {_ms(x['server_wait_ms'])} | {x['runnable']:.0f} | {stages} |"
            )
    return "\n".join(head) + "\n\nWhere the time goes (medians per request, ms):\n\n" + "\n".join(where)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-method", type=int, default=10, help="measured questions per method (default 10)")
    ap.add_argument("--passes", type=int, default=3, help="times each question is asked per arm (default 3)")
    ap.add_argument("--block", type=int, default=3, help="questions per idle/load window (default 3)")
    ap.add_argument("--settle", type=float, default=0.3, help="seconds after stopping/continuing the busy loops")
    ap.add_argument("--busy-session", choices=("own", "shared"), default="own", help="busy loops' session")
    ap.add_argument("--load-seconds", type=float, default=900.0, help="bound of the busy loops' running time")
    ap.add_argument(
        "--methods",
        default=",".join((*METHODS, REFERENCE)),
        help=f"comma-separated subset (default: all four and the pure-CPU {REFERENCE})",
    )
    ap.add_argument("--out", type=Path, default=None, help="folder for report.md and runs.json")
    ap.add_argument("--topk", type=Path, default=None, help="write the idle arm's top-k keys per question here")
    args = ap.parse_args()
    print(f"cpus {os.cpu_count()}, load average at start {os.getloadavg()}", flush=True)
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    doc = measure(args)
    doc["started"], doc["ended"] = started, time.strftime("%Y-%m-%d %H:%M:%S %Z")
    doc["args"] = {k: str(v) for k, v in vars(args).items()}
    s = summary(doc)
    text = tables(doc, s)
    loads = ", ".join(f"{a:.2f}" for a, _, _ in doc["loads"])
    shares = ", ".join(f"{x:.2f}" for x in doc["busy_share"])
    facts = (
        f"{doc['started']} - {doc['ended']}, {os.cpu_count()} CPUs, TKGRAG_REQUEST_THREADS="
        f"{doc['threads_env'] or '(default 1)'}, busy loops in {args.busy_session} session(s).\n"
        f"1-minute load average every 15 s: {loads}.\n"
        f"Each busy loop's CPU share during the load windows (1.0 = a core): {shares}; "
        f"still running at the end: {doc['busy_alive_at_end']} of 2."
    )
    print(text)
    print(facts)
    if args.topk is not None:
        args.topk.write_text(json.dumps(doc["topk"], indent=1, sort_keys=True))
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "runs.json").write_text(json.dumps({"summary": s, **doc}, indent=1))
        cmd = "python benchmarks/bench_latency_load.py " + " ".join(
            f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k not in {"out", "topk"}
        )
        (args.out / "report.md").write_text(
            "# Retrieval latency idle and beside two busy processes, interleaved (issue 30, item 3)\n\n"
            f"`{cmd}`\n\n{facts}\n\n{text}\n"
        )


if __name__ == "__main__":
    main()
