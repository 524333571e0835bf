"""Does GDS's ``gds.steinerTree`` fail on EXAQT's Steiner runs (the out-of-bounds failure ``gst.halving`` leaves out)?

Runs Stage 1 over questions in batches as ``build_many`` does (one projection per batch); for every question whose
largest Steiner run has at least ``--min-targets`` targets it also runs that question's Steiner step on a projection
of its own, as ``ask`` does (GDS sizes some of its per-run arrays by the projection, so the two can differ). Prints
how many problems each way and every left-out run; writes each failing problem (its candidate graph's facts with
node ids, relevance and entities; its terminal choices; the left-out runs) to ``--out`` as JSON, a test fixture.

``--max-groups N`` raises NERD's cap on terminal groups (``nerd.MAX_GROUPS``, 8) and the keyword groups (3), to
look for the failure on the larger terminal sets it was first seen on (exaqt-2: 24 terminals).

    export TKGRAG_INSTANCE=ex-slice TKGRAG_BOLT_PORT=7730 TKGRAG_HTTP_PORT=7731 OMP_NUM_THREADS=1
    flock /tmp/tkgrag-cpu.lock python benchmarks/exaqt_steiner_failures.py \
        --questions ../shared/data/timequestions/questions/test_dev_half.json --out /tmp/steiner-failures.json
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
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--questions", type=Path, default=DATA / "test_dev_half.json")
    p.add_argument("--limit", type=int, default=None, help="Questions round-robin over types (default: all).")
    p.add_argument("--min-targets", type=int, default=3, help="Alone too when the largest run has this many targets.")
    p.add_argument("--max-groups", type=int, default=None, help="Raise NERD's and the keyword groups' caps.")
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args()

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


def load() -> str:
    return "/".join(f"{v:.2f}" for v in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
