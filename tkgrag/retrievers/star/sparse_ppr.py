"""Exact weighted personalized PageRank on the rule graph in-process: the query path of ``star`` (``ppr_engine =
"sparse"``), with GDS as the engine of record (``ppr_engine = "gds"``, builds, Browser).

The rule graph is exported from Neo4j once per build (the Rule nodes and RULE_EDGE weights, read in both directions
as the UNDIRECTED GDS projection reads them) into a sparse matrix, kept in memory and cached on disk under
``$TKGRAG_HOME/cache/<database>/`` keyed by the build (``RuleGraphMeta.built_at``, rules, edges), so it survives
processes; ``tkgrag rules build`` exports the new build and a new build replaces the cached one.

The scores are GDS PageRank's with source nodes, weighted by linearity: for restart weights s (gamma over the seed
rules) and damping d,

    x = (1 - d) * s + d * P^T x,    P[u, v] = w(u, v) / sum_v' w(u, v')

(a dangling rule leaks its mass, as in GDS). One linear solve on the combined restart vector replaces one GDS run
per seed. The rule graph is undirected, so P = D^-1 W with W symmetric and the system is symmetric after scaling:
with x = D^(1/2) y,

    (I - d * D^(-1/2) W D^(-1/2)) y = D^(-1/2) (1 - d) s

whose matrix is positive definite with condition number at most (1 + d) / (1 - d) = 9 for d = 0.8, so conjugate
gradients reach a relative residual of 1e-12 in a few dozen sparse products (measured: about twice as fast as power
iteration to the same precision, and exact to ~1e-12 against GDS run to convergence). A rule without edges keeps its
restart mass (D is taken as 1 there; its row of W is empty).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy import sparse
from scipy.sparse.linalg import cg

from tkgrag.config import Settings
from tkgrag.npz_cache import read_cache
from tkgrag.queries import rules as q
from tkgrag.store import Store


@dataclass(frozen=True)
class RuleMatrix:
    """The rule graph's PPR system for one damping: ``ids[i]`` is the Neo4j node id of row i, ``a`` is
    I - d * D^(-1/2) W D^(-1/2) (CSR) and ``d_sqrt`` the square roots of the weighted degrees (1 for isolated rules)."""

    build: str
    damping: float
    ids: np.ndarray
    a: sparse.csr_matrix
    d_sqrt: np.ndarray

    @functools.cached_property
    def index(self) -> dict[int, int]:
        return {int(n): i for i, n in enumerate(self.ids)}

    @classmethod
    def from_edges(
        cls, build: str, damping: float, ids: np.ndarray, src: np.ndarray, dst: np.ndarray, w: np.ndarray
    ) -> RuleMatrix:
        """From undirected weighted edges, each given once (both directions are added; parallel edges add up)."""
        n = len(ids)
        order = np.argsort(ids, kind="stable")
        sorted_ids = np.asarray(ids, dtype=np.int64)[order]
        rows = order[np.searchsorted(sorted_ids, src)]
        cols = order[np.searchsorted(sorted_ids, dst)]
        both_r, both_c = np.concatenate([rows, cols]), np.concatenate([cols, rows])
        weights = np.tile(np.asarray(w, dtype=np.float64), 2)
        wm = sparse.csr_matrix((weights, (both_r, both_c)), shape=(n, n))
        degree = np.asarray(wm.sum(axis=1)).ravel()
        d_sqrt = np.sqrt(np.where(degree > 0, degree, 1.0))
        inv = sparse.diags(1.0 / d_sqrt)
        a = sparse.identity(n, format="csr") - damping * (inv @ wm @ inv)
        return cls(build, damping, np.asarray(ids, dtype=np.int64), sparse.csr_matrix(a), d_sqrt)


def cache_dir(settings: Settings) -> Path:
    """Where a database's exported rule graph is cached: per managed instance, or per external server and database
    (a hash, never the credentials), so databases sharing a TKGRAG_HOME do not evict each other's builds."""
    if settings.managed:
        return settings.home / "cache" / f"instance-{settings.server.instance}"
    where = f"{settings.neo4j_uri}/{settings.neo4j_database}".encode()
    return settings.home / "cache" / f"server-{hashlib.sha256(where).hexdigest()[:12]}"


def build_key(store: Store) -> str | None:
    """Identifies the stored rule graph's build (None when there is none)."""
    rows = store.run(q.READ_META)
    if not rows:
        return None
    meta = rows[0]["meta"]
    raw = json.dumps({k: str(meta.get(k)) for k in ("built_at", "rules", "edges")}, sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def export(store: Store, build: str, damping: float) -> RuleMatrix:
    """Read the Rule nodes and RULE_EDGE weights (undirected, like the GDS projection)."""
    ids = np.asarray(store.run_values(q.RULE_NODE_IDS)[0]["ids"], dtype=np.int64)
    edges = store.run_values(q.RULE_EDGE_LIST)[0]
    src = np.asarray(edges["s"], dtype=np.int64)
    dst = np.asarray(edges["t"], dtype=np.int64)
    w = np.asarray(edges["w"], dtype=np.float64)
    return RuleMatrix.from_edges(build, damping, ids, src, dst, w)


def _cache_path(cache_dir: Path, build: str, damping: float) -> Path:
    return cache_dir / f"rule-matrix-{build}-d{damping:.6f}.npz"


def load(store: Store, damping: float, cache_dir: Path | None, build: str | None = None) -> RuleMatrix:
    """The system of the stored build (``build``: its key when the caller has just read it): from the disk cache when
    it holds this build, else exported (and cached, replacing the matrices of older builds)."""
    build = build or build_key(store)
    if build is None:
        raise LookupError("no rule graph: run `tkgrag rules build`")
    path = _cache_path(cache_dir, build, damping) if cache_dir is not None else None

    def read(z: Any) -> RuleMatrix:
        a = sparse.csr_matrix((z["data"], z["indices"], z["indptr"]), shape=tuple(z["shape"]))
        ids, d_sqrt = z["ids"], z["d_sqrt"]
        if a.shape != (len(ids), len(ids)) or d_sqrt.shape != (len(ids),):
            raise ValueError(f"matrix {a.shape} for {len(ids)} rules")
        return RuleMatrix(build, damping, ids, a, d_sqrt)

    cached = read_cache(path, read) if path is not None else None
    if cached is not None:
        return cached
    m = export(store, build, damping)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("rule-matrix-*.npz"):
            if not old.name.startswith(f"rule-matrix-{build}-"):
                old.unlink(missing_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # concurrent first calls each write their own
        with tmp.open("wb") as f:
            np.savez(
                f, ids=m.ids, data=m.a.data, indices=m.a.indices, indptr=m.a.indptr, shape=m.a.shape, d_sqrt=m.d_sqrt
            )
        tmp.replace(path)
    return m


def solve(m: RuleMatrix, seeds: Mapping[int, float], rtol: float = 1e-12) -> np.ndarray:
    """The PPR scores of every rule (row order of ``m.ids``) for restart weights ``seeds`` (node id -> weight)."""
    index = m.index
    b = np.zeros(len(m.ids))
    for node, weight in seeds.items():
        if node in index:
            b[index[node]] += (1.0 - m.damping) * weight
    if not b.any():
        return b
    y, info = cg(m.a, b / m.d_sqrt, rtol=rtol, atol=0.0, maxiter=10 * len(m.ids))
    if info != 0:
        raise ArithmeticError(f"personalized PageRank did not converge (cg info {info})")
    return np.asarray(y * m.d_sqrt)


# Below this a score is the solver's rounding, not mass that reached the rule (GDS reports exactly 0 there).
MIN_SCORE = 1e-12


def power_iteration(m: RuleMatrix, seeds: Mapping[int, float], tolerance: float = 1e-13) -> np.ndarray:
    """The same fixed point by plain power iteration x <- (1 - d) s + d P^T x until the L1 change is below
    ``tolerance``: slower (~2x), kept as the independent check the benchmarks compare ``solve`` with. P^T x is
    D^(1/2) S D^(-1/2) x with S = (I - A) / d read off the stored system A."""
    index = m.index
    restart = np.zeros(len(m.ids))
    for node, weight in seeds.items():
        if node in index:
            restart[index[node]] += (1.0 - m.damping) * weight
    x = restart.copy()
    for _ in range(100_000):
        sym = x / m.d_sqrt
        nxt = restart + m.d_sqrt * (sym - m.a @ sym)
        delta = float(np.abs(nxt - x).sum())
        x = nxt
        if delta < tolerance:
            break
    return np.asarray(x)


def personalized_pagerank(m: RuleMatrix, seeds: Mapping[int, float]) -> dict[int, float]:
    """Node id -> score of every rule the restart mass reaches (score > MIN_SCORE), on GDS's scale."""
    x = solve(m, seeds)
    return {int(m.ids[i]): float(x[i]) for i in np.nonzero(x > MIN_SCORE)[0]}


def top_rules(m: RuleMatrix, seeds: Mapping[int, float], k: int) -> list[tuple[int, float]]:
    """The ``k`` best (node id, score), best first, ties by node id (the order the GDS path sorts by)."""
    x = solve(m, seeds)
    reached = np.nonzero(x > MIN_SCORE)[0]
    if len(reached) > 4 * k:
        reached = reached[np.argpartition(-x[reached], 4 * k)[: 4 * k]]
    best = sorted(((int(m.ids[i]), float(x[i])) for i in reached), key=lambda p: (-p[1], p[0]))
    return best[:k]
