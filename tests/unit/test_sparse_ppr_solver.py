"""The in-process PPR (``sparse_ppr``) against two independent references: a closed form worked out by hand and the
dense numpy power iteration with GDS's semantics (``ppr_reference``), on random undirected weighted graphs with
isolated nodes and parallel edges. GDS on a real server: tests/integration/test_star_sparse_ppr.py."""

from __future__ import annotations

import numpy as np
import pytest

from tests.unit.ppr_reference import personalized_pagerank as reference
from tkgrag.retrievers.star.sparse_ppr import RuleMatrix, personalized_pagerank, top_rules


def matrix(n: int, edges: list[tuple[int, int, float]], damping: float = 0.8, first_id: int = 100) -> RuleMatrix:
    ids = np.arange(first_id, first_id + n)
    src = np.array([ids[a] for a, _, _ in edges], dtype=np.int64)
    dst = np.array([ids[b] for _, b, _ in edges], dtype=np.int64)
    w = np.array([x for _, _, x in edges])
    return RuleMatrix.from_edges("test", damping, ids, src, dst, w)


def test_two_nodes_closed_form() -> None:
    # x0 = 0.2 + 0.8 x1, x1 = 0.8 x0 (one undirected edge, restart on node 0) -> x0 = 0.2 / 0.36, x1 = 0.16 / 0.36
    got = personalized_pagerank(matrix(2, [(0, 1, 3.0)]), {100: 1.0})
    assert got == pytest.approx({100: 0.2 / 0.36, 101: 0.16 / 0.36}, abs=1e-12)


def test_isolated_seed_keeps_its_restart_mass_and_unreached_rules_score_nothing() -> None:
    got = personalized_pagerank(matrix(3, [(1, 2, 1.0)]), {100: 0.5})
    assert got == pytest.approx({100: 0.1}, abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_random_graphs_match_the_dense_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = 40
    edges = [
        (int(a), int(b), float(w))
        for a, b, w in zip(
            rng.integers(0, n - 5, 120), rng.integers(0, n - 5, 120), rng.uniform(0.1, 2.0, 120), strict=True
        )
        if a != b
    ]
    edges += edges[:5]  # parallel edges add up, as in the GDS projection
    m = matrix(n, edges)
    restart = np.zeros(n)
    chosen = rng.choice(n, 6, replace=False)
    restart[chosen] = rng.uniform(0.1, 1.0, 6)
    both = edges + [(b, a, w) for a, b, w in edges]  # undirected: each edge both ways
    ref = reference(n, both, restart, damping=0.8, tolerance=1e-14, max_iterations=10_000)
    got = personalized_pagerank(m, {100 + int(i): float(restart[i]) for i in chosen})
    dense = np.array([got.get(100 + i, 0.0) for i in range(n)])
    assert np.max(np.abs(dense - ref)) < 1e-10
    k = 8
    ranked = sorted(range(n), key=lambda i: (-ref[i], i))[:k]
    assert [node for node, _ in top_rules(m, {100 + int(i): float(restart[i]) for i in chosen}, k)] == [
        100 + i for i in ranked if ref[i] > 0
    ][:k]


def test_no_seed_in_the_graph_gives_nothing() -> None:
    m = matrix(2, [(0, 1, 1.0)])
    assert personalized_pagerank(m, {}) == {} and personalized_pagerank(m, {999: 1.0}) == {}
    assert top_rules(m, {999: 1.0}, 3) == []


def test_node_ids_in_any_order_map_to_their_rows() -> None:
    ids = np.array([907, 12, 450])  # not sorted: Neo4j ids come as they come
    m = RuleMatrix.from_edges("t", 0.8, ids, np.array([907]), np.array([12]), np.array([3.0]))
    assert personalized_pagerank(m, {907: 1.0}) == pytest.approx({907: 0.2 / 0.36, 12: 0.16 / 0.36}, abs=1e-12)
