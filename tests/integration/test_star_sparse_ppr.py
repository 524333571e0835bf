"""The in-process PPR equals GDS's weighted PPR on the stored rule graph of the shipped sample (to 1e-6, GDS run to
convergence), the two engines of ``star`` return the same rules and evidence, and the exported matrix (memory and disk
cache) follows the rule graph: new events + `rules build` give a new build and a fresh export."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.integration.test_star_store import sample_store  # noqa: F401  (fixture)
from tkgrag.demo import SAMPLE_QUESTIONS, data_file
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import ItemKind, TemporalConstraint
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.retrievers.star import sparse_ppr, support_index
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.persist import GDS_GRAPH, build_and_store, ensure_projection, refresh_projection
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, weighted_personalized_pagerank

GDS_CONVERGED = PageRankConfig(damping=0.8, tolerance=1e-12, max_iterations=5000, weight_property="weight")


def test_sparse_ppr_equals_gds_on_the_stored_rule_graph(sample_store: Store, tmp_path: Path) -> None:  # noqa: F811
    store = sample_store
    build_and_store(store)
    ensure_projection(store)
    m = sparse_ppr.load(store, StarConfig().damping, tmp_path)
    ids = [int(x) for x in m.ids]
    rng = np.random.default_rng(7)
    for _ in range(5):
        chosen = rng.choice(len(ids), 8, replace=False)
        seeds = {ids[i]: float(w) for i, w in zip(chosen, rng.dirichlet(np.ones(8)), strict=True)}
        gds = weighted_personalized_pagerank(store, GDS_GRAPH, seeds, GDS_CONVERGED)
        fast = sparse_ppr.personalized_pagerank(m, seeds)
        assert set(fast) == set(gds)
        assert max(abs(fast[k] - gds[k]) for k in gds) < 1e-6
        k2 = StarConfig().k2
        _assert_same_top(sparse_ppr.top_rules(m, seeds, k2), gds, k2)


def _assert_same_top(top: list[tuple[int, float]], gds: dict[int, float], k: int, tol: float = 1e-6) -> None:
    """The in-process top ``k`` is GDS's top ``k`` up to the engines' agreement (each score within ``tol``): rules
    whose GDS scores differ by less than twice that may come in either order, since each engine's rounding decides;
    any other order, a missing rule or a wrong score fails."""
    assert len(top) == min(k, len(gds))
    for n, score in top:
        assert abs(score - gds[n]) < tol
    ours = [gds[n] for n, _ in top]
    assert all(a >= b - 2 * tol for a, b in pairwise(ours))  # best first, by GDS's scores
    cut = min(ours)
    chosen = {n for n, _ in top}
    assert all(v <= cut + 2 * tol for n, v in gds.items() if n not in chosen)  # nothing better left out


def test_sparse_ppr_equals_gds_on_a_random_rule_graph(store: Store, tmp_path: Path) -> None:
    """A random weighted graph written as Rule / RULE_EDGE (isolated rules, parallel edges), projected like the real
    rule graph: the in-process solve equals GDS run to convergence."""
    rng = np.random.default_rng(11)
    n = 60
    edges = [
        {"a": int(a), "b": int(b), "w": float(w)}
        for a, b, w in zip(
            rng.integers(0, n - 6, 180), rng.integers(0, n - 6, 180), rng.uniform(0.05, 3.0, 180), strict=True
        )
        if a != b
    ]
    edges += edges[:4]  # parallel edges add up in the projection
    store.run("UNWIND range(0, $n - 1) AS i CREATE (:Rule {key: 'r' + toString(i), support: 1})", {"n": n})
    store.run(
        "UNWIND $edges AS e MATCH (a:Rule {key: 'r' + toString(e.a)}), (b:Rule {key: 'r' + toString(e.b)}) "
        "CREATE (a)-[:RULE_EDGE {weight: e.w}]->(b)",
        {"edges": edges},
    )
    store.run(
        "MERGE (m:RuleGraphMeta {key: 'star'}) SET m.rules = $n, m.edges = $e, m.built_at = datetime()",
        {"n": n, "e": len(edges)},
    )
    refresh_projection(store)
    m = sparse_ppr.load(store, 0.8, tmp_path)
    ids = [int(x) for x in m.ids]
    for _ in range(3):
        chosen = rng.choice(n, 5, replace=False)
        seeds = {ids[i]: float(w) for i, w in zip(chosen, rng.dirichlet(np.ones(5)), strict=True)}
        gds = weighted_personalized_pagerank(store, GDS_GRAPH, seeds, GDS_CONVERGED)
        fast = sparse_ppr.personalized_pagerank(m, seeds)
        assert set(fast) == set(gds)
        assert max(abs(fast[k] - gds[k]) for k in gds) < 1e-6


def test_both_engines_give_star_the_same_rules_and_evidence(sample_store: Store, embedder: Any) -> None:  # noqa: F811
    store = sample_store
    build_and_store(store)
    questions = [json.loads(x) for x in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if x.strip()]
    tight = {"tolerance": 1e-12, "ppr_max_iterations": 5000}
    sparse_star = create("star", RetrieverContext(store, embedder))
    gds_star = create("star", RetrieverContext(store, embedder), ppr_engine="gds", **tight)
    for q in questions[:5]:
        a, b = sparse_star.retrieve(q["question"], k=10), gds_star.retrieve(q["question"], k=10)
        assert [n["key"] for n in a.subgraph.nodes] == [n["key"] for n in b.subgraph.nodes]
        assert [e.key for e in a.evidence] == [e.key for e in b.evidence]
        for x, y in zip(a.subgraph.nodes, b.subgraph.nodes, strict=True):
            assert x["ppr"] == pytest.approx(y["ppr"], abs=1e-6)
        # the in-process ranking (sparse engine) gives Cypher's cosine scores (GDS engine)
        assert [e.score for e in a.evidence] == pytest.approx([e.score for e in b.evidence], abs=1e-6)


def test_in_process_ranking_applies_the_cypher_temporal_and_kind_filters(sample_store: Store, embedder: Any) -> None:  # noqa: F811
    store = sample_store
    build_and_store(store)
    questions = [json.loads(x) for x in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if x.strip()]
    fast = create("star+tc", RetrieverContext(store, embedder))
    cypher = create("star+tc", RetrieverContext(store, embedder), ppr_engine="gds", tolerance=1e-12)
    constraints = [TemporalConstraint.after("2014-06-15"), TemporalConstraint.in_period("2014-03")]
    for q, tc in zip(questions[:4], constraints * 2, strict=True):
        for k in (3, 10, 40):  # 40: past the first chunk, so later chunks are asked for too
            a = fast.retrieve(RetrievalRequest.of(q["question"], k, (tc,)))
            b = cypher.retrieve(RetrievalRequest.of(q["question"], k, (tc,)))
            assert [e.key for e in a.evidence] == [e.key for e in b.evidence]
            assert all(tc.admits(e.span) for e in a.evidence)
    facts_only = fast.retrieve(RetrievalRequest(questions[0]["question"], 10, kinds=frozenset({ItemKind.FACT})))
    assert facts_only.evidence == []  # the sample holds events only: the kind filter runs in Cypher


def test_the_exported_matrix_follows_the_rule_graph_build(sample_store: Store, embedder: Any, tmp_path: Path) -> None:  # noqa: F811
    store = sample_store
    build_and_store(store)
    first = sparse_ppr.load(store, 0.8, tmp_path)
    cached = list(tmp_path.glob("rule-matrix-*.npz"))
    assert len(cached) == 1 and sparse_ppr.load(store, 0.8, tmp_path).build == first.build  # from the disk cache
    more = tmp_path / "more.tsv"
    more.write_text("Iran\tMake_statement\tJapan\t2014-12-30\nJapan\tMake_statement\tIran\t2014-12-31\n")
    ingest_tkg_file(store, more, source="more", options=IngestOptions(embedder=embedder, progress=False))
    build_and_store(store)
    second = sparse_ppr.load(store, 0.8, tmp_path)
    assert second.build != first.build
    assert [p.name for p in tmp_path.glob("rule-matrix-*.npz")] == [f"rule-matrix-{second.build}-d0.800000.npz"]
    supports = support_index.load(store, tmp_path, second.build)
    assert [p.name for p in tmp_path.glob("support-index-*.npz")] == [f"support-index-v2-{second.build}.npz"]
    held = store.run("MATCH (e:Event)-[:SUPPORTS]->(:Rule) WHERE e.embedding IS NOT NULL RETURN count(DISTINCT e) AS n")
    assert supports.build == second.build and len(supports.event_ids) == held[0]["n"]  # the new events included
    retriever = create("star", RetrieverContext(store, embedder))
    retriever.retrieve("Who made a statement about Japan?", k=3)
    assert retriever._matrix is not None and retriever._matrix.build == second.build  # type: ignore[attr-defined]


def test_a_truncated_cache_file_is_discarded_and_rebuilt(sample_store: Store, tmp_path: Path) -> None:  # noqa: F811
    store = sample_store
    build_and_store(store)
    first = sparse_ppr.load(store, 0.8, tmp_path)
    supports = support_index.load(store, tmp_path, first.build)
    for pattern in ("rule-matrix-*.npz", "support-index-*.npz"):
        (path,) = tmp_path.glob(pattern)
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])  # a copy cut short: BadZipFile on every call before the fix
    again = sparse_ppr.load(store, 0.8, tmp_path)
    assert again.build == first.build and (again.a != first.a).nnz == 0 and np.array_equal(again.ids, first.ids)
    rebuilt = support_index.load(store, tmp_path, first.build)
    assert np.array_equal(rebuilt.event_ids, supports.event_ids) and np.array_equal(rebuilt.indptr, supports.indptr)
    # the damaged files were replaced by whole ones: the next call reads them from disk
    for pattern in ("rule-matrix-*.npz", "support-index-*.npz"):
        (path,) = tmp_path.glob(pattern)
        with np.load(path, allow_pickle=False) as z:
            assert len(z.files) >= 5
