"""What the record-time predicate costs when no as-of is asked: p50/p90 of the vector method's query (ANN over the
event index + the one temporal filter) and of the symbolic reader's bounded fact reads, with and without the
predicate, interleaved in one run on the same graph, and whether their results agree: identical where no sync closed
anything, else the old results less the closed versions (what the predicate is for).

    TKGRAG_INSTANCE=28-dev TKGRAG_BOLT_PORT=17804 TKGRAG_HTTP_PORT=17504 \\
    .venv/bin/python benchmarks/bench_record_predicate.py --questions ../shared/data/tkgqa/icews14_dev.jsonl \\
        [--rounds 3] [--out results.json]

Reads only (the schema is not applied). "Without" is today's query text less ``record_filter('n') AND``: the query
before this change. Each question's vector (tkgqa dev, all-MiniLM-L6-v2) is asked of both, alternating which goes
first (skipped when the events have no embeddings); each sampled entity's facts are read by both
(``FACTS_BY_SUBJECT``, no constraint, newest first).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from tkgrag.config import load_settings
from tkgrag.embed import default_embedder
from tkgrag.queries import reading as qr
from tkgrag.queries.retrieval import VECTOR_EVENTS
from tkgrag.queries.temporal_filter import constraint_params, record_filter
from tkgrag.store import connect


def without_predicate(query: str) -> str:
    part = record_filter("n") + " AND "
    assert part in query, "the query does not hold the record-time predicate"
    return query.replace(part, "")


def pct(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100)[int(q) - 1] if len(xs) > 1 else xs[0]


def timed(store: Any, query: str, params: dict[str, Any]) -> tuple[float, list[str]]:
    t = time.perf_counter()
    rows = store.run(query, params)
    return (time.perf_counter() - t) * 1000.0, [r["key"] for r in rows]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--entities", type=int, default=300)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    texts = [json.loads(line)["question"] for line in args.questions.read_text(encoding="utf-8").splitlines() if line]
    print(f"load average at the start {os.getloadavg()}")
    vectors = [v.tolist() for v in default_embedder().encode(texts)]
    report: dict[str, Any] = {"questions": len(texts)}
    with connect(load_settings(), start_managed=False, ensure_schema=False) as store:
        entities = [
            r["key"]
            for r in store.run(
                "MATCH (e:Entity) WITH e ORDER BY e.key WITH collect(e.key) AS keys "
                "UNWIND range(0, size(keys) - 1, size(keys) / $n) AS i RETURN keys[i] AS key",
                {"n": args.entities},
            )
        ]
        closed = {r["key"] for r in store.run("MATCH (e:Event) WHERE e.recorded_to IS NOT NULL RETURN e.key AS key")}
        report["closed_versions"] = len(closed)
        embedded = store.run("MATCH (e:Event) WHERE e.embedding IS NOT NULL RETURN count(e) AS n")[0]["n"]
        report["events_with_embeddings"] = embedded
        cases = {
            "vector (ANN + filter)": (
                VECTOR_EVENTS,
                [{"qvec": v, "n": 100, "k": 10, "kinds": None, **constraint_params()} for v in vectors],
            ),
            "symbolic reads (FACTS_BY_SUBJECT)": (
                qr.FACTS_BY_SUBJECT,
                [
                    {"subject": e, "relations": None, "newest_first": True, "limit": 5000, **constraint_params()}
                    for e in entities
                ],
            ),
        }
        if not embedded:
            print("no event embeddings: the vector case is skipped")
            del cases["vector (ANN + filter)"]
        for name, (query, params) in cases.items():
            old = without_predicate(query)
            for p in params[:20]:  # warm both plans and caches
                store.run(query, p)
                store.run(old, p)
            ms: dict[str, list[float]] = {"with": [], "without": []}
            same = 0
            for rnd in range(args.rounds):
                for i, p in enumerate(params):
                    order = [("with", query), ("without", old)]
                    if (i + rnd) % 2:
                        order.reverse()
                    got = {}
                    for tag, q in order:
                        t, keys = timed(store, q, p)
                        ms[tag].append(t)
                        got[tag] = keys
                    # The old results less the closed versions; exact for the limit-free reads, and for the top-k
                    # search only where nothing is closed (otherwise its k would differ: not compared).
                    same += got["with"] == [k for k in got["without"] if k not in closed]
            row = {tag: {"p50_ms": statistics.median(v), "p90_ms": pct(v, 90), "n": len(v)} for tag, v in ms.items()}
            comparable = "FACTS" in name or not closed
            row["agreeing_results"] = f"{same}/{len(params) * args.rounds}" if comparable else "n/a"
            report[name] = row
            print(
                f"{name}: with p50 {row['with']['p50_ms']:.2f} ms (p90 {row['with']['p90_ms']:.2f}), without p50 "
                f"{row['without']['p50_ms']:.2f} ms (p90 {row['without']['p90_ms']:.2f}); results agreeing "
                f"{row['agreeing_results']} (closed versions in the graph: {len(closed)})"
            )
    report["load_end"] = os.getloadavg()
    print(f"load average at the end {report['load_end']}")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
