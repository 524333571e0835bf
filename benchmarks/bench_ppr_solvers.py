"""The PPR solvers considered for `star`'s query path, on the stored rule graph, same seeds for each: conjugate
gradients on the symmetrised system (the one shipped), power iteration on P^T, and a sparse LU factorisation
(SuperLU) reused across queries. Prints build cost, memory of what is kept, per-query p50/p95 and the largest score
difference to power iteration run to 1e-13.

    TKGRAG_INSTANCE=bench ... python benchmarks/bench_ppr_solvers.py --queries 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np
from scipy import sparse
from scipy.sparse.linalg import splu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=12, help="seed rules per query (star's anchors give ~10-30)")
    ap.add_argument("--no-lu", action="store_true", help="skip the LU factorisation (slow, ~30 M fill-in)")
    args = ap.parse_args()
    from tkgrag.retrievers.star import sparse_ppr
    from tkgrag.store import connect

    store = connect()
    t0 = time.perf_counter()
    m = sparse_ppr.export(store, "bench", 0.8)
    out: dict[str, object] = {"rules": len(m.ids), "nnz": int(m.a.nnz), "export_s": time.perf_counter() - t0}
    out["matrix_mb"] = (m.a.data.nbytes + m.a.indices.nbytes + m.a.indptr.nbytes) / 2**20
    rng = np.random.default_rng(0)
    ids = [int(x) for x in m.ids]
    queries = []
    for _ in range(args.queries):
        chosen = rng.choice(len(ids), args.seeds, replace=False)
        queries.append({ids[i]: float(w) for i, w in zip(chosen, rng.dirichlet(np.ones(args.seeds)), strict=True)})
    d = m.damping
    index = m.index

    refs = [sparse_ppr.power_iteration(m, q) for q in queries]
    solvers = {
        "cg (shipped)": lambda q: sparse_ppr.solve(m, q),
        "power iteration to 1e-8": lambda q: sparse_ppr.power_iteration(m, q, 1e-8),
    }
    if not args.no_lu:
        t0 = time.perf_counter()
        lu = splu(sparse.csc_matrix(m.a), permc_spec="COLAMD")
        out["lu_factor_s"] = time.perf_counter() - t0
        out["lu_fill_nnz"] = int(lu.L.nnz + lu.U.nnz)

        def lu_solve(q: dict[int, float]) -> np.ndarray:
            b = np.zeros(len(ids))
            for n, w in q.items():
                b[index[n]] += (1 - d) * w
            return np.asarray(lu.solve(b / m.d_sqrt) * m.d_sqrt)

        solvers["sparse LU (SuperLU), factorised once"] = lu_solve
    for name, solve in solvers.items():
        ms, worst = [], 0.0
        for q, ref in zip(queries, refs, strict=True):
            t0 = time.perf_counter()
            x = solve(q)
            ms.append((time.perf_counter() - t0) * 1000)
            worst = max(worst, float(np.max(np.abs(x - ref))))
        out[name] = {
            "p50_ms": statistics.median(ms),
            "p95_ms": statistics.quantiles(ms, n=20)[-1],
            "max_abs_diff_to_power_1e-13": worst,
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
