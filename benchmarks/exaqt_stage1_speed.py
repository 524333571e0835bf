"""EXAQT Stage 1 (NERD, candidate facts, relevance, GST, answer graph) before and after a change: how long it takes
and whether its output is the same, on the same questions, in the same load window.

``run`` builds, for the first ``--limit`` dev.json questions (round-robin over types, ``select_questions``):

* the ranker's cache as ``tkgrag train exaqt-ranker`` builds it (``train.exaqt_ranker.build_cache``: the training
  prefilter ``could_answer``, Stage 1, both rankings, the R-GCN graph), timed, saved as ``graphs.npz``;
* the retrieval path's answer graphs of the same questions (what ``ask`` and ``bench_exaqt.py`` read), timed, each in
  a canonical JSON form (every stage's facts, the trees, the ranked answers and their scores, the notes) in
  ``answer_graphs.jsonl``. A tree with ``ExaqtPipeline.build_many`` builds them in batches, an older tree one by one.

``--queries`` also prints the time spent in each Cypher query of ``tkgrag.queries.exaqt`` (calls and seconds, by
the constant's name; the wall time of ``Store.run`` / ``run_values``, i.e. the server's work, the round trip and the
decoding): where Stage 1 waits.

``compare A B`` says whether two runs' outputs are identical (arrays bit for bit, answer graphs field by field) and
prints the first differences. Run the old tree by putting it first on ``PYTHONPATH``:

    export TKGRAG_INSTANCE=ex-slice TKGRAG_BOLT_PORT=7730 TKGRAG_HTTP_PORT=7731 OMP_NUM_THREADS=1
    git archive main | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python benchmarks/exaqt_stage1_speed.py run --limit 200 --out /tmp/s1/old
    PYTHONPATH=$PWD python benchmarks/exaqt_stage1_speed.py run --limit 200 --out /tmp/s1/new
    python benchmarks/exaqt_stage1_speed.py compare /tmp/s1/old /tmp/s1/new
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import os
import sys
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any

import numpy as np

# Relative to the working directory (the repo root), as the other benchmarks' ``--data`` defaults.
DEV = Path("../shared/data/timequestions/questions/dev.json")


def canon(obj: Any) -> Any:
    """A JSON-able, order-stable form of an answer graph (sets sorted, floats exact by ``repr``)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: canon(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k): canon(v) for k, v in obj.items()}
    if isinstance(obj, (set, frozenset)):
        return sorted((canon(v) for v in obj), key=repr)
    if isinstance(obj, (list, tuple)):
        return [canon(v) for v in obj]
    if isinstance(obj, float):
        return repr(obj)
    if isinstance(obj, (date, datetime)):
        return obj.isoformat()
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if hasattr(obj, "value") and hasattr(obj, "name"):  # an Enum
        return str(obj.value)
    return repr(obj)


def load() -> str:
    return "/".join(f"{v:.2f}" for v in os.getloadavg())


def run(args: argparse.Namespace) -> None:
    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import select_questions
    from tkgrag.question.understanding import parse_only
    from tkgrag.retrievers.base import RetrievalRequest
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
    from tkgrag.retrievers.registry import method
    from tkgrag.train.exaqt_ranker import build_cache

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    questions = select_questions(load_dataset(Path(args.questions), format="timequestions").questions, args.limit)
    import tkgrag

    timing: dict[str, Any] = {
        "tree": str(Path(tkgrag.__file__).parent.parent),
        "questions": len(questions),
        "batch": args.batch,
        "prefetch": args.prefetch,
    }
    with TKGRag.connect() as rag:
        per_query = count_queries(rag.store) if args.queries else None
        retriever = ExaqtRetriever(rag.store, rag.embedder, method("exaqt").configured())
        retriever.pipeline.lexicon.get()  # the NERD dictionary once, outside both timings
        rag.embedder.encode(["warm up"])
        print(f"{timing['tree']}: {len(questions)} questions; load {load()}", flush=True)
        if not args.skip_cache:
            timing["cache_load_start"] = load()
            t0, c0 = time.perf_counter(), time.process_time()
            cache = build_cache(retriever, questions, **prefetch_option(build_cache, args.prefetch))
            timing["cache_seconds"] = round(time.perf_counter() - t0, 2)
            timing["cache_cpu_seconds"] = round(time.process_time() - c0, 2)
            timing["cache_load_end"] = load()
            timing["cache_graphs"] = len(cache)
            cache.save(out / "graphs.npz")
            print(f"  ranker cache: {len(cache)} graphs in {timing['cache_seconds']} s "
                  f"(this process's CPU {timing['cache_cpu_seconds']} s); load {load()}", flush=True)  # fmt: skip
        pipeline = retriever.pipeline
        parsed = [parse_only(q.question) for q in questions]
        timing["retrieval_load_start"] = load()
        t0 = time.perf_counter()
        if hasattr(pipeline, "build_many"):
            pairs = [(q.question, u.question) for q, u in zip(questions, parsed, strict=True)]
            options = prefetch_option(pipeline.build_many, args.prefetch)
            graphs = pipeline.build_many(pairs, batch=args.batch, **options)
        else:
            graphs = [
                retriever.answer_graph(RetrievalRequest.of(q.question, 10, understanding=tq))
                for q, tq in zip(questions, parsed, strict=True)
            ]
        timing["retrieval_seconds"] = round(time.perf_counter() - t0, 2)
        timing["retrieval_load_end"] = load()
        with (out / "answer_graphs.jsonl").open("w", encoding="utf-8") as f:
            for q, ag in zip(questions, graphs, strict=True):
                f.write(json.dumps({"id": q.id, "graph": canon(ag)}, sort_keys=True) + "\n")
        print(f"  retrieval path: {len(graphs)} answer graphs in {timing['retrieval_seconds']} s; load {load()}")
        if per_query is not None:
            timing["queries"] = {k: {"calls": c, "seconds": round(t, 2)} for k, (c, t) in per_query.items()}
            for k, (c, t) in sorted(per_query.items(), key=lambda p: -p[1][1]):
                print(f"  {t:8.2f} s {c:6d} calls  {k}")
    (out / "timing.json").write_text(json.dumps(timing, indent=2), encoding="utf-8")


def prefetch_option(function: Any, prefetch: bool) -> dict[str, bool]:
    """``{"prefetch": prefetch}`` where the tree measured has the option (its default changed: say it either way)."""
    return {"prefetch": prefetch} if "prefetch" in inspect.signature(function).parameters else {}


def count_queries(store: Any) -> dict[str, list[Any]]:
    """Wrap ``store.run`` / ``run_values`` to add up calls and wall seconds per EXAQT query (by constant name). With
    the prefetch worker (``--prefetch``) two threads run queries at once, so the sums are wall time across
    overlapping threads and can exceed the run's wall time; without it they are one thread's times."""
    import threading

    from tkgrag.queries import exaqt as q

    lock = threading.Lock()

    names = {v: k for k, v in vars(q).items() if isinstance(v, str) and k.isupper()}
    stats: dict[str, list[Any]] = {}

    def timed(call: Any) -> Any:
        def run(query: str, params: Any = None, **kw: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return call(query, params, **kw)
            finally:
                with lock:
                    s = stats.setdefault(names.get(query, "other"), [0, 0.0])
                    s[0] += 1
                    s[1] += time.perf_counter() - t0

        return run

    store.run = timed(store.run)
    if hasattr(store, "run_values"):
        store.run_values = timed(store.run_values)
    return stats


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'B' if k not in a else 'A'}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {str(a)[:120]!r} vs {str(b)[:120]!r}"


def compare(args: argparse.Namespace) -> int:
    a, b = Path(args.a), Path(args.b)
    bad: int = 0
    if (a / "graphs.npz").exists() and (b / "graphs.npz").exists():
        with np.load(a / "graphs.npz") as za, np.load(b / "graphs.npz") as zb:
            keys = sorted(set(za.files) | set(zb.files))
            for k in keys:
                if k == "meta":
                    continue  # holds the build time
                if not (k in za.files and k in zb.files and np.array_equal(za[k], zb[k])):
                    bad += 1
                    print(f"graphs.npz: {k} differs")
            print(f"graphs.npz: {len(keys) - 1 - bad} of {len(keys) - 1} arrays identical "
                  f"({len(za['qids'])} vs {len(zb['qids'])} questions)")  # fmt: skip
    la = (a / "answer_graphs.jsonl").read_text(encoding="utf-8").splitlines()
    lb = (b / "answer_graphs.jsonl").read_text(encoding="utf-8").splitlines()
    same = 0
    for x, y in zip(la, lb, strict=False):
        ja, jb = json.loads(x), json.loads(y)
        d = first_difference(ja, jb)
        if d is None:
            same += 1
        else:
            bad += 1
            print(f"answer graph {ja['id']}: {d}")
    if len(la) != len(lb):
        bad += 1
    print(f"answer graphs: {same} of {len(la)} / {len(lb)} identical")
    return 1 if bad else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--questions", default=str(DEV), help="dev.json (default relative to the repo root).")
    r.add_argument("--limit", type=int, default=200)
    r.add_argument("--out", required=True)
    r.add_argument("--skip-cache", action="store_true", help="Only the retrieval path's answer graphs.")
    r.add_argument(
        "--prefetch",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="A worker thread links the next batch ahead (default off, as in the pipeline since exaqt-7 section 8).",
    )
    r.add_argument("--queries", action="store_true", help="Print the seconds spent per EXAQT query.")
    r.add_argument(
        "--batch",
        type=int,
        default=32,
        help="Questions per batch of the retrieval path (`ask`'s path: 1, without --prefetch).",
    )
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = p.parse_args()
    if args.cmd == "run":
        run(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
