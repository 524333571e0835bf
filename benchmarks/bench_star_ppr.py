"""STAR-RAG's PPR engines on one store: exactness of the in-process solver against GDS, and warm latency of `star`
with each engine against `vector`, interleaved question by question in one process.

    python benchmarks/bench_star_ppr.py --exact 440 --ranking 440 --latency 200 --gds-latency 30 --out star-ppr.json

Needs the store built as the suite's benchmark does (icews14 ingested with embeddings, `tkgrag rules build`); point
it at an instance with TKGRAG_INSTANCE / TKGRAG_BOLT_PORT / TKGRAG_HTTP_PORT.

Exactness: for each tkgqa dev question, `star`'s seed distribution (anchors, seed rules, gamma) is computed once and
the sparse solver (conjugate gradients) is compared with the exact fixed point computed independently by power
iteration on the same exported matrix until the L1 change is below 1e-13 (every question), and with GDS's weighted
PPR (one run per seed, combined by linearity) run to convergence (tolerance 1e-9) on the first ``--gds-exact``
questions (GDS needs ~15 s a question at that tolerance). Reported: questions whose top-K2 rules are identical (same
order), and the largest score difference over the top-K2 rules and over all rules. `star`'s previous GDS setting
(tolerance 1e-5, the paper's epsilon) is compared with the converged GDS result too.

Ranking: the supports of the top-K2 rules ranked in-process (``support_index``, the sparse engine) against Cypher's
cosine ranking (``RANK_RULE_SUPPORTS``, the GDS engine), without and with the question's explicit constraints.

Latency: `vector`, `vector+tc`, `star`, `star+tc`, `star+` (the last four with the question's explicit constraints)
and, on the first ``--gds-latency`` questions, `star` with `ppr_engine="gds"`, each question in turn (so load
drifts hit every method alike); p50 / p95, stage medians and ratios to `vector` in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
DATA = HERE.parent.parent.parent / "shared" / "data" / "tkgqa" / "icews14_dev.jsonl"


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def _diff(a: dict[int, float], b: dict[int, float], nodes: Any = None) -> float:
    keys = set(a) | set(b) if nodes is None else nodes
    return max((abs(a.get(n, 0.0) - b.get(n, 0.0)) for n in keys), default=0.0)


def _top(scores: dict[int, float], k: int) -> list[int]:
    return sorted(scores, key=lambda n: (-scores[n], n))[:k]


def exactness(store: Any, embedder: Any, questions: list[str], gds_n: int) -> dict[str, Any]:
    from tkgrag.retrievers.star import sparse_ppr
    from tkgrag.retrievers.star.config import StarConfig
    from tkgrag.retrievers.star.persist import GDS_GRAPH, ensure_projection
    from tkgrag.retrievers.star.retriever import StarRetriever
    from tkgrag.store.gds import PageRankConfig, weighted_personalized_pagerank

    cfg = StarConfig()
    star = StarRetriever(store, embedder, cfg)
    ensure_projection(store)
    t0 = time.perf_counter()
    m = sparse_ppr.load(store, cfg.damping, None)
    export_s = time.perf_counter() - t0
    converged = PageRankConfig(damping=cfg.damping, tolerance=1e-9, max_iterations=5000, weight_property="weight")
    paper = PageRankConfig(
        damping=cfg.damping, tolerance=cfg.tolerance, max_iterations=cfg.ppr_max_iterations, weight_property="weight"
    )
    out: dict[str, Any] = {
        "rules": len(m.ids),
        "matrix_nnz": int(m.a.nnz),
        "export_s": export_s,
        "questions": 0,
        "same_top_k2_vs_power": 0,
        "max_diff_top_k2_vs_power": 0.0,
        "max_diff_all_vs_power": 0.0,
        "gds_questions": 0,
        "same_top_k2_vs_gds": 0,
        "max_diff_top_k2_vs_gds": 0.0,
        "max_diff_all_vs_gds": 0.0,
        "gds_1e-5_same_top_k2_vs_converged": 0,
        "max_diff_gds_1e-5_vs_converged": 0.0,
    }
    for i, question in enumerate(questions):
        seeds = star.seed_distribution(embedder.encode([question])[0].tolist()).by_node
        fast = sparse_ppr.personalized_pagerank(m, seeds)
        mine = [n for n, _ in sparse_ppr.top_rules(m, seeds, cfg.k2)]
        x = sparse_ppr.power_iteration(m, seeds)
        ref = {int(m.ids[i]): float(x[i]) for i in (x > sparse_ppr.MIN_SCORE).nonzero()[0]}
        top = _top(ref, cfg.k2)
        out["questions"] += 1
        out["same_top_k2_vs_power"] += mine == top
        out["max_diff_top_k2_vs_power"] = max(out["max_diff_top_k2_vs_power"], _diff(fast, ref, top))
        out["max_diff_all_vs_power"] = max(out["max_diff_all_vs_power"], _diff(fast, ref))
        if i < gds_n:
            gds = weighted_personalized_pagerank(store, GDS_GRAPH, seeds, converged)
            old = weighted_personalized_pagerank(store, GDS_GRAPH, seeds, paper)
            gtop = _top(gds, cfg.k2)
            out["gds_questions"] += 1
            out["same_top_k2_vs_gds"] += mine == gtop
            out["max_diff_top_k2_vs_gds"] = max(out["max_diff_top_k2_vs_gds"], _diff(fast, gds, gtop))
            out["max_diff_all_vs_gds"] = max(out["max_diff_all_vs_gds"], _diff(fast, gds))
            out["gds_1e-5_same_top_k2_vs_converged"] += _top(old, cfg.k2) == gtop
            out["max_diff_gds_1e-5_vs_converged"] = max(out["max_diff_gds_1e-5_vs_converged"], _diff(old, gds))
        if (i + 1) % 20 == 0:
            print(f"exactness {i + 1}/{len(questions)}", file=sys.stderr, flush=True)
    return out


def ranking(store: Any, embedder: Any, questions: list[str]) -> dict[str, Any]:
    """The in-process support ranking (support_index) against Cypher's (RANK_RULE_SUPPORTS) on the same top-K2 rules,
    without and with each question's explicit constraints: identical top-10 keys, largest score difference."""
    from tkgrag.queries import rules as q
    from tkgrag.queries.temporal_filter import constraint_params
    from tkgrag.question.understanding import question_constraints
    from tkgrag.retrievers.registry import RetrieverContext, create
    from tkgrag.retrievers.star import sparse_ppr, support_index

    star = create("star", RetrieverContext(store, embedder))
    out: dict[str, Any] = {"questions": 0, "same_top10": 0, "max_score_diff": 0.0, "cypher_ms": [], "numpy_ms": []}
    for i, text in enumerate(questions):
        qvec = embedder.encode([text])[0].tolist()
        seeds = star.seed_distribution(qvec).by_node
        matrix = star._rule_matrix()
        rules = [n for n, _ in sparse_ppr.top_rules(matrix, seeds, star.config.k2)]
        ix = star._support_index(matrix.build)
        for tcs in ((), question_constraints(text)):
            filters = {"kinds": None, **constraint_params(tcs)}
            t0 = time.perf_counter()
            cy = store.run(q.RANK_RULE_SUPPORTS, {"rule_ids": rules, "qvec": qvec, "k": 10, **filters})
            t1 = time.perf_counter()
            positions, scores = ix.ranked(rules, qvec)
            mine = support_index.filter_ranked(store, ix, positions, scores, 10, filters)
            t2 = time.perf_counter()
            out["cypher_ms"].append((t1 - t0) * 1000.0)
            out["numpy_ms"].append((t2 - t1) * 1000.0)
            out["questions"] += 1
            out["same_top10"] += [r["key"] for r in cy] == [r["key"] for r in mine]
            diffs = [abs(a["score"] - b["score"]) for a, b in zip(cy, mine, strict=False)]
            out["max_score_diff"] = max([out["max_score_diff"], *diffs])
        if (i + 1) % 50 == 0:
            print(f"ranking {i + 1}/{len(questions)}", file=sys.stderr, flush=True)
    for name in ("cypher_ms", "numpy_ms"):
        x = out.pop(name)
        out[name.replace("_ms", "_p50_ms")] = statistics.median(x)
        out[name.replace("_ms", "_p95_ms")] = pct(x, 95)
    return out


def latency(rag: Any, questions: list[str], gds_n: int) -> dict[str, Any]:
    from tkgrag.question.understanding import question_constraints
    from tkgrag.retrievers.base import RetrievalRequest
    from tkgrag.retrievers.registry import RetrieverContext, create

    ctx = RetrieverContext(rag.store, rag.embedder, rag.settings)
    gds_star = create("star", ctx, ppr_engine="gds")
    methods = {name: create(name, ctx) for name in ("vector", "vector+tc", "star", "star+tc", "star+")}
    runs: dict[str, Any] = {
        name: (lambda q, m=m: m.retrieve(RetrievalRequest.of(q, 10, question_constraints(q))))
        for name, m in methods.items()
    }
    runs["star (gds engine)"] = lambda q: gds_star.retrieve(q, k=10)
    ms: dict[str, list[float]] = {name: [] for name in runs}
    stages: dict[str, dict[str, list[float]]] = {name: {} for name in runs}
    same = 0
    for q in questions[:3]:  # warm-up: matrix export / projection, model, caches
        for run in runs.values():
            run(q)
    for i, q in enumerate(questions):
        for name, run in runs.items():
            if name == "star (gds engine)" and i >= gds_n:
                continue
            t0 = time.perf_counter()
            r = run(q)
            ms[name].append((time.perf_counter() - t0) * 1000.0)
            for stage, t in r.timings_ms.items():
                stages[name].setdefault(stage, []).append(t)
            if name == "star (gds engine)":
                same += [e.key for e in r.evidence] == [e.key for e in rag.retrieve(q, "star", 10).evidence]
    v50 = statistics.median(ms["vector"])
    return {
        name: {
            "n": len(x),
            "p50_ms": statistics.median(x),
            "p95_ms": pct(x, 95),
            "p50_over_vector": statistics.median(x) / v50,
            "stage_p50_ms": {s: statistics.median(t) for s, t in stages[name].items()},
        }
        for name, x in ms.items()
    } | {"gds_engine_same_top10_as_sparse": same}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--exact", type=int, default=440, help="questions for the exactness check (0: skip)")
    ap.add_argument("--gds-exact", type=int, default=40, help="of those, questions also solved by GDS (slow)")
    ap.add_argument("--ranking", type=int, default=440, help="questions for the ranking check (0: skip)")
    ap.add_argument("--latency", type=int, default=200, help="questions timed")
    ap.add_argument("--gds-latency", type=int, default=30, help="of those, questions also timed with the GDS engine")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    from tkgrag.api import TKGRag

    questions = [json.loads(x)["question"] for x in DATA.read_text().splitlines() if x.strip()]
    doc: dict[str, Any] = {"loadavg_start": os.getloadavg()}
    with TKGRag.connect() as rag:
        if args.exact:
            doc["exactness"] = exactness(rag.store, rag.embedder, questions[: args.exact], args.gds_exact)
            print(json.dumps(doc["exactness"], indent=2), flush=True)
        if args.ranking:
            doc["ranking"] = ranking(rag.store, rag.embedder, questions[: args.ranking])
            print(json.dumps(doc["ranking"], indent=2), flush=True)
        if args.latency:
            doc["latency"] = latency(rag, questions[: args.latency], args.gds_latency)
            print(json.dumps(doc["latency"], indent=2), flush=True)
    doc["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    doc["loadavg_end"] = os.getloadavg()
    if args.out:
        args.out.write_text(json.dumps(doc, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
