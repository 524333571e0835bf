"""CiteSeer as a second corpus-graph shape: graph statistics, `corpus link` on it, and title-as-query retrieval.

    TKGRAG_INSTANCE=fi-citeseer TKGRAG_BOLT_PORT=7712 TKGRAG_HTTP_PORT=7713 \
      python benchmarks/bench_fastinsight_citeseer.py ../shared/data/corpus_graph/citeseer

Queries: CiteSeer has no questions. The dump runs each paper's title into its abstract (one line), so a query is the
first ``--words`` words of that line (mostly the title); its gold set is the in-corpus papers it cites; the paper
itself is removed from the results before scoring (it would be rank 1). Only papers citing at least two in-corpus
papers are used, the first ``--queries`` of them in file order.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tkgrag.config import load_settings
from tkgrag.embed import default_embedder
from tkgrag.eval.metrics import ndcg
from tkgrag.queries.corpus_link import CHUNK_DEGREES, LINK_STATS
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import connect


def queries(folder: Path, words: int, limit: int) -> list[tuple[str, str, set[str]]]:
    lines = (folder / "citeseer_texts.txt").read_text(encoding="utf-8").splitlines()
    text = {lines[i].strip(): lines[i + 1] for i in range(0, len(lines) - 2, 3)}
    cites: dict[str, set[str]] = {}
    for ln in (folder / "citeseer.cites").read_text().splitlines():
        parts = ln.split()
        if len(parts) == 2 and parts[0] != parts[1] and parts[0] in text and parts[1] in text:
            cites.setdefault(parts[1], set()).add(f"{parts[0]}#0")  # <cited> <citing>
    out = []
    for pid, body in text.items():
        if len(cites.get(pid, ())) >= 2:
            out.append((pid, " ".join(body.split()[:words]), cites[pid]))
    return out[:limit]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--methods", default="chunk-vector,chunk-ppr")
    ap.add_argument("--words", type=int, default=8)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/2026-11-25/fastinsight"))
    args = ap.parse_args()
    qs = queries(args.folder, args.words, args.queries)
    settings = load_settings()
    res: dict = {"load_start": os.getloadavg(), "queries": len(qs), "words": args.words}
    with connect(settings) as store:
        res["graph"] = store.run(LINK_STATS)[0]
        deg = np.array([r["degree"] for r in store.run(CHUNK_DEGREES)])
        res["degree"] = {"mean": float(deg.mean()), "median": float(np.median(deg)), "max": int(deg.max())}
        ctx = RetrieverContext(store, default_embedder(), settings)
        for m in [x for x in args.methods.split(",") if x]:
            r = create(m, ctx)
            r.retrieve(RetrievalRequest.of("warm-up query about information retrieval", k=10))
            recalls, ndcgs, times = [], [], []
            for pid, q, gold in qs:
                t0 = time.perf_counter()
                got = r.retrieve(RetrievalRequest.of(q, k=11)).keys
                times.append((time.perf_counter() - t0) * 1000)
                keys = [k for k in got if k != f"{pid}#0"][:10]
                recalls.append(len(gold.intersection(keys)) / min(10, len(gold)))
                ndcgs.append(ndcg(keys, dict.fromkeys(gold, 1.0), 10) or 0.0)
            res[m] = {
                "R@10": statistics.mean(recalls),
                "nDCG@10": statistics.mean(ndcgs),
                "median_ms": statistics.median(times),
                "p95_ms": float(np.percentile(times, 95)),
            }
            print(m, res[m], file=sys.stderr, flush=True)
    res["load_end"] = os.getloadavg()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "citeseer.json").write_text(json.dumps(res, indent=2) + "\n")
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
