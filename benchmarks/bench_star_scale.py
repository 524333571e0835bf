"""STAR-RAG's query path at scale, on a rule graph built from a graph-only store (no embeddings), for the cost curve.

    python benchmarks/bench_star_scale.py --questions 100 --out scale.json

Run it against an instance where a TKG was ingested with ``--no-embed`` and ``tkgrag rules build`` has run (for
example the 2-million-event TKG of ``benchmarks/make_synthetic_tkg.py``). Without event vectors there is no ANN
search, so each "question" takes K1 = 10 events drawn at random (seeded) as its anchors, and the stages are timed as
``star`` runs them:

* seeds: the anchors' rules and supports from Neo4j (``RULES_OF_EVENTS``) and gamma (Appendix C);
* PPR: the exported rule graph's exact solve (``sparse_ppr``), top-K2 rules;
* ranking: ``SupportIndex.ranked`` (the code star runs) over the real supports of the stored rule graph, with random
  unit vectors (384 float32 per supporting event, the size real ones take) in place of embeddings; the question
  vector is one of them.

Reported: the exported matrix's size and load time, the supports per question, p50 / p95 per stage, the process's
peak RSS. The ANN stage and the filter round trip are measured on real data by ``bench_star_ppr.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

DIM = 384


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def _support_index_with_random_vectors(store: Any, rng: np.random.Generator) -> Any:
    """The real supports (rule -> events) of the stored rule graph with random unit vectors in place of embeddings."""
    from tkgrag.queries import rules as q
    from tkgrag.retrievers.star.support_index import SupportIndex, support_csr

    pairs = store.run_values(q.SUPPORT_PAIRS)[0]
    rules = np.asarray(pairs["rules"], dtype=np.int64)
    events = np.asarray(pairs["events"], dtype=np.int64)
    event_ids = np.unique(events)
    rule_ids, indptr, positions = support_csr(rules, np.searchsorted(event_ids, events))
    vectors = rng.standard_normal((len(event_ids), DIM), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return SupportIndex(
        build="scale",
        rule_ids=rule_ids,
        indptr=indptr,
        events=positions,
        event_ids=event_ids,
        event_keys=np.char.zfill(np.arange(len(event_ids)).astype(str), 9),  # key order = position order
        vectors=vectors,
        days=np.zeros(len(event_ids), dtype=np.int32),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()

    from tkgrag.api import TKGRag
    from tkgrag.queries import rules as q
    from tkgrag.retrievers.registry import RetrieverContext, create
    from tkgrag.retrievers.star import sparse_ppr
    from tkgrag.retrievers.star.config import StarConfig

    cfg = StarConfig()
    doc: dict[str, Any] = {"loadavg_start": os.getloadavg()}
    rng = np.random.default_rng(args.seed)
    with TKGRag.connect() as rag:
        store = rag.store
        star = create("star", RetrieverContext(store, rag.embedder, rag.settings))
        build = sparse_ppr.build_key(store)
        if build is None:
            raise SystemExit("no rule graph in this database: run `tkgrag rules build` first")
        t0 = time.perf_counter()
        m = sparse_ppr.load(store, cfg.damping, sparse_ppr.cache_dir(store.settings), build)
        doc["matrix_load_s"] = time.perf_counter() - t0
        doc["rules"] = len(m.ids)
        doc["matrix_nnz"] = int(m.a.nnz)
        doc["matrix_mb"] = (m.a.data.nbytes + m.a.indices.nbytes + m.a.indptr.nbytes + m.ids.nbytes) / 1e6
        t0 = time.perf_counter()
        ix = _support_index_with_random_vectors(store, rng)
        doc["supports_export_s"] = time.perf_counter() - t0
        doc["supporting_events"] = len(ix.event_ids)
        doc["vectors_mb"] = ix.vectors.nbytes / 1e6
        doc["support_index_mb"] = ix.nbytes / 1e6
        keys = store.run(q.EVENT_KEYS_BY_ID, {"ids": [int(i) for i in ix.event_ids]})[0]["keys"]
        stages: dict[str, list[float]] = {"seeds": [], "ppr": [], "ranking": []}
        supports: list[int] = []
        for i in range(args.questions + 3):
            anchors = [keys[j] for j in rng.choice(len(keys), cfg.k1, replace=False)]
            qvec = ix.vectors[rng.integers(len(ix.event_ids))]
            t0 = time.perf_counter()
            _, seeds = star.anchor_seeds(anchors)
            t1 = time.perf_counter()
            top = [n for n, _ in sparse_ppr.top_rules(m, seeds, cfg.k2)]
            t2 = time.perf_counter()
            positions, _ = ix.ranked(top, qvec)
            t3 = time.perf_counter()
            if i >= 3:  # warm-up questions are not counted
                stages["seeds"].append((t1 - t0) * 1000.0)
                stages["ppr"].append((t2 - t1) * 1000.0)
                stages["ranking"].append((t3 - t2) * 1000.0)
                supports.append(len(positions))
    doc["supports_per_question_p50"] = statistics.median(supports)
    doc["supports_per_question_p95"] = pct([float(x) for x in supports], 95)
    doc["stages"] = {s: {"p50_ms": statistics.median(x), "p95_ms": pct(x, 95)} for s, x in stages.items()}
    total = [a + b + c for a, b, c in zip(stages["seeds"], stages["ppr"], stages["ranking"], strict=True)]
    doc["seeds+ppr+ranking"] = {"p50_ms": statistics.median(total), "p95_ms": pct(total, 95)}
    doc["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    doc["loadavg_end"] = os.getloadavg()
    print(json.dumps(doc, indent=2))
    if args.out:
        args.out.write_text(json.dumps(doc, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
