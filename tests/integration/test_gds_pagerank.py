"""GDS personalized PageRank on a real server against an independent numpy power iteration.

GDS semantics reproduced by the reference: x = (1-d)*s + d * M^T x, with s the (weighted) restart vector as given
(not normalised), M the row-normalised (weighted) adjacency, and the mass of dangling nodes dropped.
"""

from __future__ import annotations

import numpy as np
import pytest

from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, project, weighted_personalized_pagerank

# A small directed graph with a weighted edge set and one dangling node (e).
NODES = ["a", "b", "c", "d", "e"]
EDGES = [("a", "b", 1.0), ("a", "c", 3.0), ("b", "c", 1.0), ("c", "a", 2.0), ("c", "d", 1.0), ("d", "e", 1.0)]


def numpy_ppr(restart: np.ndarray, weighted: bool, damping: float = 0.85, iters: int = 1000) -> np.ndarray:
    n = len(NODES)
    idx = {k: i for i, k in enumerate(NODES)}
    m = np.zeros((n, n))
    for s, t, w in EDGES:
        m[idx[s], idx[t]] += w if weighted else 1.0
    out = m.sum(axis=1, keepdims=True)
    m = np.divide(m, out, out=np.zeros_like(m), where=out > 0)
    x = (1 - damping) * restart.copy()
    for _ in range(iters):
        x = (1 - damping) * restart + damping * m.T @ x
    return x


@pytest.fixture
def graph(store: Store) -> dict[str, int]:
    store.run(
        "UNWIND $keys AS k CREATE (:PprNode {key: k})",
        {"keys": NODES},
    )
    store.run(
        "UNWIND $edges AS e MATCH (s:PprNode {key: e[0]}), (t:PprNode {key: e[1]}) "
        "CREATE (s)-[:LINK {weight: e[2]}]->(t)",
        {"edges": [[s, t, w] for s, t, w in EDGES]},
    )
    rows = store.run("MATCH (n:PprNode) RETURN n.key AS key, id(n) AS id")
    return {r["key"]: r["id"] for r in rows}


@pytest.mark.parametrize("weighted", [False, True])
def test_single_source_ppr_matches_numpy(store: Store, graph: dict[str, int], weighted: bool) -> None:
    project(store, "ppr_test", "PprNode", "LINK", weight_property="weight" if weighted else None, replace=True)
    cfg = PageRankConfig(
        damping=0.85, tolerance=1e-10, max_iterations=1000, weight_property="weight" if weighted else None
    )
    got = weighted_personalized_pagerank(store, "ppr_test", {graph["a"]: 1.0}, cfg)
    restart = np.array([1.0, 0, 0, 0, 0])
    want = numpy_ppr(restart, weighted)
    for i, key in enumerate(NODES):
        assert got.get(graph[key], 0.0) == pytest.approx(want[i], abs=1e-4), key


def test_weighted_restart_by_linearity_equals_numpy(store: Store, graph: dict[str, int]) -> None:
    """sum_i w_i * PPR(e_i) from single-source GDS runs == PPR with the weighted restart vector (numpy)."""
    project(store, "ppr_test", "PprNode", "LINK", weight_property="weight", replace=True)
    cfg = PageRankConfig(damping=0.8, tolerance=1e-10, max_iterations=1000, weight_property="weight")
    seeds = {"a": 0.5, "b": 0.3, "d": 0.2}
    got = weighted_personalized_pagerank(store, "ppr_test", {graph[k]: w for k, w in seeds.items()}, cfg)
    restart = np.array([seeds.get(k, 0.0) for k in NODES])
    want = numpy_ppr(restart, weighted=True, damping=0.8)
    for i, key in enumerate(NODES):
        assert got.get(graph[key], 0.0) == pytest.approx(want[i], abs=1e-4), key
    # The ranking follows too (a keeps most mass: half the restart mass plus c's weight-2 edge back).
    order = [k for k in sorted(NODES, key=lambda k: -got.get(graph[k], 0.0))]
    assert order == [NODES[i] for i in np.argsort(-want)]


def test_projection_is_kept_in_catalog_and_reused(store: Store, graph: dict[str, int]) -> None:
    first = project(store, "ppr_keep", "PprNode", "LINK")
    assert first["nodeCount"] == 5 and first["relationshipCount"] == 6
    again = project(store, "ppr_keep", "PprNode", "LINK")
    assert again == {"graphName": "ppr_keep", "reused": True}
