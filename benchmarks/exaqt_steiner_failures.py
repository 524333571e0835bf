"""Does GDS's ``gds.steinerTree`` fail on EXAQT's Steiner runs (the out-of-bounds failure ``gst.halving`` leaves out)?

Runs Stage 1 over questions in batches as ``build_many`` does (one projection per batch); for every question whose
largest Steiner run has at least ``--min-targets`` targets it also runs that question's Steiner step on a projection
of its own, as ``ask`` does (GDS sizes some of its per-run arrays by the projection, so the two can differ). Prints
how many problems each way and every left-out run; writes each failing problem (its candidate graph's facts with
node ids, relevance and entities; its terminal choices; the left-out runs) to ``--out`` as JSON, a test fixture.

``--max-groups N`` raises NERD's cap on terminal groups (``nerd.MAX_GROUPS``, 8) and the keyword groups (3), to
look for the failure on the larger terminal sets it was first seen on (exaqt-2: 24 terminals).

``shrink`` takes one failing problem of that JSON and drops facts while its run still fails (and its terminals
stay connected), on whatever instance the environment names, with projections of integer ids only (no writes): the
fixture of ``tests/integration/test_exaqt_steiner_failure.py``.

    export TKGRAG_INSTANCE=ex-slice TKGRAG_BOLT_PORT=7730 TKGRAG_HTTP_PORT=7731 OMP_NUM_THREADS=1
    flock /tmp/tkgrag-cpu.lock python benchmarks/exaqt_steiner_failures.py probe \
        --questions ../shared/data/timequestions/questions/dev.json --max-groups 30 --min-targets 8 --out /tmp/f.json
    python benchmarks/exaqt_steiner_failures.py shrink /tmp/f.json 1 --out /tmp/shrunk.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

DATA = Path("../shared/data/timequestions/questions")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("probe")
    p.add_argument("--questions", type=Path, default=DATA / "test_dev_half.json")
    p.add_argument("--limit", type=int, default=None, help="Questions round-robin over types (default: all).")
    p.add_argument("--min-targets", type=int, default=3, help="Alone too when the largest run has this many targets.")
    p.add_argument("--max-groups", type=int, default=None, help="Raise NERD's and the keyword groups' caps.")
    p.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("shrink")
    s.add_argument("failures", type=Path, help="probe's --out")
    s.add_argument("problem", type=int, help="index in its problems")
    s.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    return probe(args) if args.cmd == "probe" else shrink(args)


def probe(args: argparse.Namespace) -> int:

    from tkgrag.api import TKGRag
    from tkgrag.eval import load_dataset
    from tkgrag.evaluation.runner import select_questions
    from tkgrag.question.understanding import parse_only
    from tkgrag.retrievers.exaqt import answer_graph, gst, nerd
    from tkgrag.retrievers.exaqt.retriever import ExaqtRetriever
    from tkgrag.retrievers.registry import method
    from tkgrag.store import Store

    if args.max_groups:
        nerd.MAX_GROUPS = args.max_groups
        answer_graph.KEYWORD_GROUPS = args.max_groups
    questions = select_questions(load_dataset(args.questions, format="timequestions").questions, args.limit)
    production = gst.group_steiner_trees_many
    left_out: list[dict[str, Any]] = []  # every left-out run, with how it was projected
    failing: list[dict[str, Any]] = []  # the problems with a left-out run
    widths: Counter[int] = Counter()
    alone = [0]
    mode = ["batch"]

    def rows(store: Any, name: str, runs: list[dict[str, Any]]) -> tuple[dict[int, list[Any]], list[int]]:
        found, bad = steiner_rows(store, name, runs)
        left_out.extend({"mode": mode[0], "run": runs[i], "runs_in_call": len(runs)} for i in bad)
        for i in bad:
            print(f"  left out ({mode[0]}): {runs[i]}", flush=True)
        return found, bad

    def probe(store: Store, problems: gst.Problems, k: int, outside_penalty: float) -> list[gst.GstResult]:
        mode[0] = "batch"
        results = production(store, problems, k, outside_penalty)
        mode[0] = "alone"
        for (graph, choices), batched in zip(problems, results, strict=True):
            comp = graph.components()
            width = max((len(t) for c in choices for _, t in gst.steiner_runs(c, comp)), default=0)
            widths[width] += 1
            if width < args.min_targets and not batched.failed_runs:
                continue
            alone[0] += 1
            single = production(store, [(graph, choices)], k, outside_penalty)[0]
            if batched.failed_runs or single.failed_runs:
                failing.append(fixture(graph, choices, batched.failed_runs, single.failed_runs))
        mode[0] = "batch"
        return results

    steiner_rows = gst.steiner_rows
    gst.steiner_rows = rows
    answer_graph.group_steiner_trees_many = probe
    t0 = time.perf_counter()
    with TKGRag.connect() as rag:
        pipeline = ExaqtRetriever(rag.store, rag.embedder, method("exaqt").configured()).pipeline
        print(f"{len(questions)} questions from {args.questions}; load {load()}", flush=True)
        for s in range(0, len(questions), answer_graph.BATCH):
            chunk = questions[s : s + answer_graph.BATCH]
            linked = pipeline.link_many([q.question for q in chunk])
            inputs = [answer_graph.Stage1Input(q.question, parse_only(q.question).question) for q in chunk]
            pipeline.finish_many(linked, inputs)
    print(f"{len(questions)} questions in {time.perf_counter() - t0:.0f} s; load {load()}")
    print(f"largest Steiner run per problem, targets: problems: {sorted(widths.items())}")
    print(
        f"problems run alone too: {alone[0]}; left-out runs: {len(left_out)} ({Counter(x['mode'] for x in left_out)})"
    )
    args.out.write_text(json.dumps({"left_out": left_out, "problems": failing}, indent=1), encoding="utf-8")
    return 0


def fixture(graph: Any, choices: Any, batch_failed: int, alone_failed: int) -> dict[str, Any]:
    """A failing problem as plain data: enough to project it again elsewhere (ids keep their order)."""
    return {
        "batch_failed": batch_failed,
        "alone_failed": alone_failed,
        "facts": [
            {
                "key": f.key,
                "id": f.node_id,
                "relevance": f.relevance,
                "relevant": f.key in graph.relevant,
                "entities": [[e.key, e.node_id] for e in f.entities],
            }
            for f in graph.facts.values()
        ],
        "choices": [[[t.node_id, t.key, t.relevance] for t in c] for c in choices],
    }


def shrink(args: argparse.Namespace) -> int:
    """Drop chunks of facts (halves, then quarters, ... down to single facts) while the run still fails with the
    out-of-bounds error and its terminals stay connected to its source."""
    from tkgrag.api import TKGRag
    from tkgrag.errors import StoreError
    from tkgrag.queries import exaqt as q
    from tkgrag.retrievers.exaqt.gst import steiner_index_failure

    data = json.loads(args.failures.read_text(encoding="utf-8"))
    facts = data["problems"][args.problem]["facts"]
    ids = {f["id"] for f in facts} | {e[1] for f in facts for e in f["entities"]}
    run = next(x["run"] for x in data["left_out"] if x["run"]["source"] in ids and set(x["run"]["targets"]) <= ids)
    terminals = {run["source"], *run["targets"]}
    message = [""]

    def connected(fs: list[dict[str, Any]]) -> bool:
        adj: dict[int, set[int]] = {}
        for f in fs:
            for _, e in f["entities"]:
                adj.setdefault(f["id"], set()).add(e)
                adj.setdefault(e, set()).add(f["id"])
        seen: set[int] = set()
        stack = [run["source"]] if run["source"] in adj else []
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(adj[x] - seen)
        return terminals <= seen

    def fails(fs: list[dict[str, Any]]) -> bool:
        if not connected(fs):
            return False
        edges = [
            {"source": f["id"], "target": e, "cost": 1 - f["relevance"] + (0.0 if f["relevant"] else 1.0)}
            for f in fs
            for _, e in f["entities"]
        ]
        name = f"exaqt_shrink_{os.getpid()}"
        rag.store.run(q.PROJECT_ID_EDGES, {"graph": name, "edges": edges})
        try:
            rag.store.run(q.STEINER_TREES, {"graph": name, "choices": [{"index": 0, **run}]})
            return False
        except StoreError as exc:
            if not steiner_index_failure(exc):
                raise
            message[0] = str(exc)
            return True
        finally:
            rag.store.run(q.DROP_GRAPH, {"graph": name})

    with TKGRag.connect() as rag:
        if not fails(facts):
            print("the run does not fail on this instance")
            return 1
        kept, parts = list(facts), 2
        while len(kept) > 1:
            size = max(1, len(kept) // parts)
            smaller = next(
                (c for c in (kept[:i] + kept[i + size :] for i in range(0, len(kept), size)) if c and fails(c)), None
            )
            if smaller is not None:
                kept, parts = smaller, max(2, parts - 1)
            elif size == 1:
                break
            else:
                parts = min(len(kept), parts * 2)
        fails(kept)
    print(f"{len(facts)} -> {len(kept)} facts; GDS: {message[0][-160:]}")
    args.out.write_text(json.dumps({"run": run, "facts": kept, "message": message[0]}, indent=1), encoding="utf-8")
    return 0


def load() -> str:
    return "/".join(f"{v:.2f}" for v in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
