"""The standard benchmark suite in one command; writes ``benchmarks/results/<date>/report.md`` (+ JSON and a plot).

    # everything, on a dedicated managed instance (its database is WIPED and rebuilt):
    .venv/bin/python benchmarks/run_all.py --instance bench --bolt-port 17801 --http-port 17802

    # evaluation + warm latency only, read-only, on an instance that already holds icews14 and its rule graph:
    .venv/bin/python benchmarks/run_all.py --existing --instance dev --bolt-port 17751 --http-port 17752

Steps (data from ../shared/data; the suite stops with a message when it is absent):

1. ingest: wipe the dedicated instance, then time ``tkgrag ingest tkg icews14_full_named.tsv`` (with embeddings) in a
   subprocess: events/s of the whole load (read, embed, write). ``benchmarks/bench_ingest.py`` has no importable
   step functions (only ``main``), so the CLI is timed as a user would run it.
2. rules: ``tkgrag.retrievers.star.persist.build_and_store`` (STAR-RAG rule graph + GDS projection), timed.
3. eval: every method (``--methods``) on tkgqa dev with ``--reader none`` and, when registered, the symbolic reader;
   ``metrics.json`` and gzipped ``predictions.jsonl`` per reader under the results folder.
4. latency, warm: one process, every method's projection in place, 5 warm-up questions, then ``--latency-questions``
   questions (default 200) timed around retrieval (+ the explicit constraint for ``star+tc``); p50/p95.
5. latency, cold: per method a FRESH Python process (new driver, new embedder, no Python-side caches); before each
   question the STAR-RAG GDS projection is dropped (the query pays the re-projection), a new driver is opened (the
   query pays the Bolt connection) and a new retriever is made. What stays warm, because clearing it would mean
   restarting Neo4j between queries: the server's page cache, its query-plan cache and the JVM's JIT. The first
   question of each process (first embed, first connection) is also reported on its own. Skipped with ``--existing``
   (it would drop the projection of an instance that others use).

The report says which steps ran, the machine (cores, load average), and the git commit it measured.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
ICEWS14 = Path("icews14") / "icews14_full_named.tsv"
TKGQA = Path("tkgqa") / "icews14_dev.jsonl"
DEFAULT_METHODS = ("vector", "star", "star-uniform", "star+tc")
WARMUP = 5
PREDICTIONS_GZ = "predictions.jsonl.gz"

sys.path.insert(0, str(Path(__file__).resolve().parent))


# ------------------------------------------------------------------------------------------------ helpers
def log(msg: str) -> None:
    print(f"[{datetime.now().strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def percentile(values: list[float], q: float) -> float | None:
    from tkgrag.eval.metrics import percentile as pct

    return pct(values, q)


def summary(ms: list[float]) -> dict[str, Any]:
    return {
        "n": len(ms),
        "p50_ms": percentile(ms, 50),
        "p95_ms": percentile(ms, 95),
        "mean_ms": sum(ms) / len(ms) if ms else None,
    }


def machine_info() -> dict[str, Any]:
    mem_gib = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_gib = round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return {
        "host": platform.node(),
        "cpus": os.cpu_count(),
        "mem_gib": mem_gib,
        "python": platform.python_version(),
        "loadavg_start": [round(x, 2) for x in os.getloadavg()],
    }


def git_info() -> dict[str, Any]:
    def git(*args: str) -> str:
        out = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=False)
        return out.stdout.strip()

    return {"commit": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain"))}


def use_instance(args: argparse.Namespace) -> None:
    """Point this process and its subprocesses at the chosen managed instance."""
    os.environ["TKGRAG_INSTANCE"] = args.instance
    os.environ["TKGRAG_BOLT_PORT"] = str(args.bolt_port)
    os.environ["TKGRAG_HTTP_PORT"] = str(args.http_port)
    os.environ.pop("NEO4J_URI", None)
    os.environ.setdefault("TKGRAG_NO_PROGRESS", "1")


def questions_for_latency(path: Path, n: int) -> list[str]:
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import select_questions

    return [q.question for q in select_questions(load_dataset(path).questions, n)]


# ------------------------------------------------------------------------------------------------ steps
def step_ingest(path: Path) -> dict[str, Any]:
    from tkgrag.config import load_settings
    from tkgrag.queries.admin import DELETE_ALL_NODES, GDS_GRAPH_DROP, GDS_GRAPH_NAMES
    from tkgrag.queries.ingest import GRAPH_COUNTS
    from tkgrag.store import connect

    with connect(load_settings()) as store:
        for row in store.run(GDS_GRAPH_NAMES):
            store.run(GDS_GRAPH_DROP, {"name": row["graphName"]})
        store.run_auto(DELETE_ALL_NODES)
    lines = sum(1 for _ in path.open(encoding="utf-8"))
    cmd = [sys.executable, "-m", "tkgrag.cli.app", "ingest", "tkg", str(path), "--source", "icews14"]
    log(f"ingest: {' '.join(cmd[2:])} ({lines:,} lines)")
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"ingest failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    with connect(load_settings()) as store:
        counts = store.run(GRAPH_COUNTS)[0]
    return {
        "command": f"tkgrag ingest tkg {path.name} --source icews14",
        "lines": lines,
        "seconds": round(wall, 1),
        "events_per_s": round(lines / wall, 1),
        "counts": counts,
        "cli_output": proc.stdout.strip().splitlines()[-3:],
    }


def step_rules() -> dict[str, Any]:
    from rich.console import Console

    from tkgrag.config import load_settings
    from tkgrag.retrievers.star.persist import build_and_store
    from tkgrag.store import connect

    t0 = time.perf_counter()
    with connect(load_settings()) as store:
        rep = build_and_store(store, console=Console(stderr=True, quiet=True))
    return {
        "seconds": round(time.perf_counter() - t0, 1),
        "events": rep.events,
        "rules": rep.rules,
        "edges": rep.edges,
        "candidate_edges": rep.candidate_edges,
        "stage_seconds": {k: round(v, 1) for k, v in rep.stage_seconds.items()},
        "write_seconds": round(rep.write_seconds, 1),
    }


def symbolic_available() -> bool:
    from tkgrag.readers.registry import READERS

    return "symbolic" in READERS


def step_eval(
    rag: Any, dataset_path: Path, methods: tuple[str, ...], reader: str, limit: int | None, out: Path, jobs: int
) -> tuple[dict[str, Any], Any]:
    """One evaluation over all methods -> (metrics document, EvalRun). With ``jobs`` > 1 that many methods run at
    once (threads; the work is in Neo4j and the encoder, which release the GIL); each method still sees the same
    questions in the same order with the same seed, and the results merge into one run."""
    from concurrent.futures import ThreadPoolExecutor

    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.report import write_run
    from tkgrag.evaluation.runner import EvalOptions, EvalRun, run_eval

    ds = load_dataset(dataset_path)
    t0 = time.perf_counter()
    counts: dict[str, int] = {}

    def tick(result: Any) -> None:
        counts[result.method] = counts.get(result.method, 0) + 1
        if counts[result.method] % 50 == 0:
            log(f"eval {reader} {result.method}: {counts[result.method]} questions")

    def one(method: str) -> EvalRun:
        return run_eval(rag, ds, EvalOptions((method,), reader=reader, limit=limit, progress=False), on_result=tick)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        parts = list(pool.map(one, methods))
    options = EvalOptions(methods=methods, reader=reader, limit=limit, progress=False)
    run = EvalRun(ds, options, parts[0].questions, {m: p.results[m] for m, p in zip(methods, parts, strict=True)})
    wall = time.perf_counter() - t0
    _, pred = write_run(run, out)
    with pred.open("rb") as src, gzip.open(out / PREDICTIONS_GZ, "wb") as dst:
        shutil.copyfileobj(src, dst)
    pred.unlink()
    doc = run.metrics_document()
    doc["wall_seconds"] = round(wall, 1)
    doc["jobs"] = jobs
    return doc, run


def warm_from_eval(run: Any) -> dict[str, Any]:
    """Warm latency from a retrieval-only eval pass: per method, every question after the first WARMUP (one process,
    projection in place), timed around constraint derivation + retrieval."""
    out = {}
    for method, results in run.results.items():
        ms = [r.prediction.latency_ms for r in results[WARMUP:] if r.prediction.latency_ms is not None]
        out[method] = summary(ms)
        log(f"warm {method}: p50 {out[method]['p50_ms']:.0f} ms, p95 {out[method]['p95_ms']:.0f} ms")
    return out


def step_latency_warm(rag: Any, questions: list[str], methods: tuple[str, ...]) -> dict[str, Any]:
    from tkgrag.question.understanding import question_constraints
    from tkgrag.retrievers.base import RetrievalRequest

    out = {}
    for method in methods:
        retriever = rag.retriever(method)

        def ask(q: str, retriever: Any = retriever) -> float:
            t0 = time.perf_counter()
            retriever.retrieve(RetrievalRequest.of(q, 10, question_constraints(q)))
            return (time.perf_counter() - t0) * 1000.0

        for q in questions[:WARMUP]:
            ask(q)
        ms = [ask(q) for q in questions]
        out[method] = summary(ms)
        log(f"warm {method}: p50 {out[method]['p50_ms']:.0f} ms, p95 {out[method]['p95_ms']:.0f} ms")
    return out


def cold_worker(method: str, questions_file: Path) -> None:
    """Runs in a fresh process: see step 5 in the module docstring. Prints one JSON object."""
    from tkgrag.config import load_settings
    from tkgrag.embed import default_embedder
    from tkgrag.question.understanding import question_constraints
    from tkgrag.retrievers.base import RetrievalRequest
    from tkgrag.retrievers.registry import RetrieverContext, create
    from tkgrag.retrievers.star.persist import GDS_GRAPH
    from tkgrag.store import connect
    from tkgrag.store.gds import drop_graph, graph_exists

    settings = load_settings()
    t0 = time.perf_counter()
    embedder = default_embedder(settings.embedding_model)
    embedder_load_ms = (time.perf_counter() - t0) * 1000.0
    questions = json.loads(questions_file.read_text(encoding="utf-8"))
    admin = connect(settings)
    ms: list[float] = []
    for q in questions:
        if graph_exists(admin, GDS_GRAPH):
            drop_graph(admin, GDS_GRAPH)
        t0 = time.perf_counter()
        store = connect(settings, ensure_schema=False)
        retriever = create(method, RetrieverContext(store, embedder, settings))
        retriever.retrieve(RetrievalRequest.of(q, 10, question_constraints(q)))
        ms.append((time.perf_counter() - t0) * 1000.0)
        store.close()
    admin.close()
    print(json.dumps({"method": method, "embedder_load_ms": embedder_load_ms, "ms": ms}))


def step_latency_cold(questions: list[str], methods: tuple[str, ...], work: Path) -> dict[str, Any]:
    qfile = work / "latency_questions.json"
    qfile.write_text(json.dumps(questions), encoding="utf-8")
    out = {}
    for method in methods:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--cold-worker", method, "--questions-file", str(qfile)]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            sys.exit(f"cold latency worker for {method} failed:\n{proc.stderr[-3000:]}")
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        ms = res["ms"]
        out[method] = {**summary(ms), "first_query_ms": ms[0], "embedder_load_ms": res["embedder_load_ms"]}
        log(f"cold {method}: p50 {out[method]['p50_ms']:.0f} ms, p95 {out[method]['p95_ms']:.0f} ms")
    qfile.unlink()
    return out


# ------------------------------------------------------------------------------------------------ report
def overlap_with_vector(out: Path, reader: str = "none") -> dict[str, dict[str, float]]:
    """How much each method's top-k shares with ``vector``'s on the same questions, from the run's predictions.

    STAR-RAG (Alg. 1) returns the top-K1 events by cosine among the supports of the top-K2 rules, and its seeds are
    the rules of the top-K1 events by cosine: whenever every seed rule stays in the top-K2, the result IS the vector
    top-K1. This measures how often that happens and who finds more gold evidence when they differ.
    """
    path = out / f"eval-{reader}" / PREDICTIONS_GZ
    if not path.is_file():
        return {}
    by_q: dict[str, dict[str, Any]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            by_q.setdefault(row["qid"], {})[row["method"]] = row
    methods = sorted({m for rows in by_q.values() for m in rows} - {"vector"})
    found: dict[str, dict[str, float]] = {}
    for m in methods:
        pairs = [(r["vector"], r[m]) for r in by_q.values() if "vector" in r and m in r]
        if not pairs:
            continue
        shared = [len(set(v["evidence"]) & set(x["evidence"])) / max(1, len(v["evidence"])) for v, x in pairs]
        found[m] = {
            "questions": len(pairs),
            "mean_shared_with_vector": sum(shared) / len(shared),
            "identical_sets": sum(set(v["evidence"]) == set(x["evidence"]) for v, x in pairs),
            "more_gold_than_vector": sum(x["gold_evidence_found"] > v["gold_evidence_found"] for v, x in pairs),
            "less_gold_than_vector": sum(x["gold_evidence_found"] < v["gold_evidence_found"] for v, x in pairs),
        }
    return found


def overlap_table(found: dict[str, dict[str, float]]) -> str:
    rows = [
        "| method | questions | share of vector's top-k | identical top-k | more gold evidence | less gold evidence |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for m, f in found.items():
        rows.append(
            f"| {m} | {f['questions']} | {f['mean_shared_with_vector']:.3f} | {f['identical_sets']} | "
            f"{f['more_gold_than_vector']} | {f['less_gold_than_vector']} |"
        )
    return "\n".join(rows)


def fmt(v: Any, nd: int = 1) -> str:
    return "-" if v is None else f"{v:,.{nd}f}"


def latency_table(warm: dict[str, Any], cold: dict[str, Any] | None) -> str:
    head = "| method | warm p50 ms | warm p95 ms | warm n |"
    sep = "|---|---:|---:|---:|"
    if cold:
        head += " cold p50 ms | cold p95 ms | cold first query ms | cold n |"
        sep += "---:|---:|---:|---:|"
    rows = []
    for m, w in warm.items():
        cells = [m, fmt(w["p50_ms"]), fmt(w["p95_ms"]), str(w["n"])]
        if cold:
            c = cold.get(m, {})
            cells += [fmt(c.get("p50_ms")), fmt(c.get("p95_ms")), fmt(c.get("first_query_ms")), str(c.get("n", "-"))]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join([head, sep, *rows])


def one_at_a_time_latency(results: dict[str, Any]) -> str:
    """Where the uncontended latency figures of a run are: this report, another run's (``latency_elsewhere``, set in
    results.json when a later run measured them), or nowhere."""
    if "latency_warm" in results:
        return "'Retrieval latency' below has one-at-a-time figures."
    if results.get("latency_elsewhere"):
        return f"one-at-a-time figures are in {results['latency_elsewhere']}."
    return "this run measured no one-at-a-time latency (--no-latency)."


def write_report(out: Path, results: dict[str, Any]) -> Path:
    from report_plot import plot_accuracy_vs_tokens, points_from_metrics

    from tkgrag.evaluation.report import markdown_tables

    docs = list(results["eval"].values())
    plot = plot_accuracy_vs_tokens(
        points_from_metrics(docs),
        out / "accuracy_vs_tokens.png",
        title=f"{Path(results['data']['questions']).name}: accuracy vs mean context tokens",
    )
    m, g = results["machine"], results["git"]
    lines = [
        f"# Benchmark report {results['date']}",
        "",
        f"Machine: {m['cpus']} CPUs, {m['mem_gib']} GiB, load average at start {m['loadavg_start']} "
        f"(shared with other work), Python {m['python']}. Instance `{results['instance']}`.",
        "",
        "Commits measured: "
        + "; ".join(
            f"{step} at `{c['commit'][:12]}`" + (" (with uncommitted changes)" if c["dirty"] else "")
            for step, c in results.get("git_by_step", {s: g for s in results["steps"]}).items()
        )
        + ".",
        "",
        f"Command: `{results['command']}`",
        "",
        f"Steps run: {', '.join(results['steps'])}.",
        "",
    ]
    if "ingest" in results:
        i = results["ingest"]
        lines += [
            f"## Ingestion ({Path(results['data']['tkg']).name}, with embeddings)",
            "",
            f"`{i['command']}`: {i['lines']:,} lines in {i['seconds']:,.1f} s = **{i['events_per_s']:,.0f} events/s** "
            f"(read, embed with all-MiniLM-L6-v2 on CPU, write). Store afterwards: {i['counts']}.",
            "",
        ]
    if "rules" in results:
        r = results["rules"]
        lines += [
            "## STAR-RAG rule graph",
            "",
            f"{r['rules']:,} rules, {r['edges']:,} edges (of {r['candidate_edges']:,} candidates) from {r['events']:,} "
            f"events in {r['seconds']:,.1f} s (stages {r['stage_seconds']}, writing {r['write_seconds']} s).",
            "",
        ]
    for reader, doc in results["eval"].items():
        lines += [
            f"## {doc['dataset']} ({doc['format']}), reader `{reader}`, k={doc['k']}, {doc['questions']} questions",
            "",
            f"Wall time {doc['wall_seconds']:,.0f} s for all methods. tokens_mean: "
            + (
                "prompt tokens the llm reader would send for the top-k evidence (no LLM ran)."
                if reader != "llm"
                else "LLM prompt+completion tokens."
            ),
            "",
            markdown_tables(doc),
            "",
        ]
        if doc.get("jobs", 1) > 1:
            lines += [
                f"Methods ran {doc['jobs']} at a time (threads), so the latency rows above include waiting on each "
                f"other's queries; {one_at_a_time_latency(results)}",
                "",
            ]
    found = overlap_with_vector(out)
    if found:
        lines += [
            "### Each method's top-10 against vector's (reader `none`)",
            "",
            overlap_table(found),
            "",
            "STAR-RAG (Alg. 1) ranks the supports of the top-K2 rules by cosine and seeds PPR with the rules of the "
            "top-K1 events by cosine, so while every seed rule stays in the top-K2 its result is the vector top-K1 "
            "itself; it differs only where PPR pushes a seed rule out and lower-cosine neighbours take the place. "
            "star+tc differs because the question's time constraint removes events before the ranking.",
            "",
        ]
    lines += [
        f"![accuracy vs tokens]({plot.name})",
        "",
        "Accuracy vs mean context tokens per method (the view of STAR-RAG's Fig. 3): Hit@1 where a reader answered, "
        "answer recall@10 for retrieval only.",
        "",
    ]
    if "latency_warm" in results:
        source = results.get("latency_warm_source", "separate pass")
        lines += [
            "## Retrieval latency",
            "",
            latency_table(results["latency_warm"], results.get("latency_cold")),
            "",
            f"Warm ({source}): one process, projections in place, the first {WARMUP} questions of each method left "
            "out; the time of constraint derivation (star+tc) + retrieval. With jobs > 1 that many methods ran at "
            "once, so each waited on the other's queries as well.",
        ]
        if results.get("latency_cold"):
            lines += [
                "",
                "Cold: a fresh process per method, methods one at a time; before each question the GDS projection is "
                "dropped (star methods re-project inside the query), a new driver/connection and a new retriever are "
                "made. Neo4j's page cache, plan cache and JIT stay warm (clearing them needs a server restart per "
                "query). 'cold first query' is the first question of the fresh process (also its first embedding).",
            ]
        lines.append("")
    report = out / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    (out / "results.json").write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    return report


# ------------------------------------------------------------------------------------------------ main
def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA, help="the shared data folder")
    ap.add_argument("--tkg", type=Path, default=None, help=f"TKG to ingest (default DATA/{ICEWS14}; for smoke runs)")
    ap.add_argument("--questions", type=Path, default=None, help=f"tkgqa questions (default DATA/{TKGQA})")
    ap.add_argument("--instance", default="bench", help="managed instance to use (never 'default')")
    ap.add_argument("--bolt-port", type=int, default=17801)
    ap.add_argument("--http-port", type=int, default=17802)
    ap.add_argument("--existing", action="store_true", help="read-only: no wipe/ingest/rules/cold latency")
    ap.add_argument("--methods", default=",".join(DEFAULT_METHODS))
    ap.add_argument("--readers", default="none,symbolic", help="readers to evaluate (symbolic only if registered)")
    ap.add_argument("--limit", type=int, default=None, help="questions per eval (default: all 440)")
    ap.add_argument("--latency-questions", type=int, default=200, help="questions for warm latency")
    ap.add_argument("--cold-questions", type=int, default=200, help="of those, how many for cold latency")
    ap.add_argument("--jobs", type=int, default=1, help="methods evaluated at once (latency is then measured so)")
    ap.add_argument("--resume", action="store_true", help="keep the steps already in OUT/results.json")
    ap.add_argument("--report-only", action="store_true", help="rewrite OUT/report.md from OUT/results.json")
    ap.add_argument("--no-latency", action="store_true")
    ap.add_argument("--stop-after", action="store_true", help="stop the instance at the end")
    ap.add_argument("--out", type=Path, default=None, help="default benchmarks/results/<date>")
    ap.add_argument("--cold-worker", metavar="METHOD", help=argparse.SUPPRESS)
    ap.add_argument("--questions-file", type=Path, help=argparse.SUPPRESS)
    return ap.parse_args()


def main() -> None:
    args = parse_args()
    if args.cold_worker:
        cold_worker(args.cold_worker, args.questions_file)
        return
    if args.report_only:
        out = args.out or sys.exit("--report-only needs --out DIR (the folder with results.json)")
        log(f"report: {write_report(out, json.loads((out / 'results.json').read_text(encoding='utf-8')))}")
        return
    if args.instance == "default":
        sys.exit("use a dedicated instance (--instance bench): the suite wipes its database unless --existing")
    tkg, tkgqa = args.tkg or args.data / ICEWS14, args.questions or args.data / TKGQA
    if not tkg.is_file() or not tkgqa.is_file():
        sys.exit(f"benchmark data not found ({tkg}, {tkgqa}); nothing to run")
    use_instance(args)
    methods = tuple(m.strip() for m in args.methods.split(",") if m.strip())
    date = datetime.now(UTC).strftime("%Y-%m-%d")
    out = args.out or REPO / "benchmarks" / "results" / date
    out.mkdir(parents=True, exist_ok=True)
    previous = out / "results.json"
    if args.resume and previous.is_file():
        results: dict[str, Any] = json.loads(previous.read_text(encoding="utf-8"))
        results["command"] += " ; then: python benchmarks/run_all.py " + " ".join(sys.argv[1:])
        # Steps already done keep the commit they ran at; what runs now is measured at today's commit.
        results.setdefault("git_by_step", {s: results["git"] for s in results["steps"]})
        results["git"] = git_info()
        log(f"resuming {previous}: steps already done: {', '.join(results['steps'])}")
    else:
        results = {
            "date": date,
            "command": "python benchmarks/run_all.py " + " ".join(sys.argv[1:]),
            "instance": args.instance,
            "data": {"tkg": str(tkg), "questions": str(tkgqa)},
            "machine": machine_info(),
            "git": git_info(),
            "methods": list(methods),
            "steps": [],
            "eval": {},
        }

    def done(step: str) -> None:
        """Record a step and rewrite the report, so an interrupted suite still leaves what it measured."""
        results["steps"].append(step)
        results.setdefault("git_by_step", {})[step] = results["git"]
        results["machine"]["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
        log(f"report after {step}: {write_report(out, results)}")

    from tkgrag.api import TKGRag
    from tkgrag.config import load_settings
    from tkgrag.server import process

    started = not process.status(load_settings()).running
    process.start(load_settings())
    if not args.existing and "ingest" not in results["steps"]:
        results["ingest"] = step_ingest(tkg)
        done("ingest")
        log(f"ingest: {results['ingest']['events_per_s']:,.0f} events/s")
    if not args.existing and "rules" not in results["steps"]:
        results["rules"] = step_rules()
        done("rules")
        log(f"rules: {results['rules']['rules']:,} rules, {results['rules']['edges']:,} edges")

    readers = [r.strip() for r in args.readers.split(",") if r.strip()]
    questions = questions_for_latency(tkgqa, args.latency_questions)

    with TKGRag.connect(load_settings()) as rag:
        # Retrieval-only first (it also gives the warm latency), then the slower readers.
        for reader in readers:
            if reader in results["eval"]:
                log(f"eval ({reader}) already in {out / 'results.json'}: kept")
                continue
            if reader == "symbolic" and not symbolic_available():
                log("symbolic reader not registered: skipped")
                continue
            log(f"eval: reader {reader}, methods {', '.join(methods)}, {args.jobs} at a time")
            doc, run = step_eval(rag, tkgqa, methods, reader, args.limit, out / f"eval-{reader}", args.jobs)
            results["eval"][reader] = doc
            done(f"eval ({reader})")
            if reader == "none" and not args.no_latency and "latency_warm" not in results:
                results["latency_warm"] = warm_from_eval(run)
                results["latency_warm_source"] = f"eval ({reader}), jobs={args.jobs}"
                done("latency (warm)")
        if not args.no_latency and "latency_warm" not in results:
            results["latency_warm"] = step_latency_warm(rag, questions, methods)
            results["latency_warm_source"] = "separate pass"
            done("latency (warm)")
    if not args.no_latency and not args.existing and "latency_cold" not in results:
        results["latency_cold"] = step_latency_cold(questions[: args.cold_questions], methods, out)
        done("latency (cold)")
    if args.stop_after and started:
        process.stop(load_settings())


if __name__ == "__main__":
    main()
