"""The in-process support ranking (``support_index``) on hand-made supports: candidates are the distinct supports of
the asked rules, scores are Neo4j's cosine scale (1 + cos) / 2, ties break by event key, chunks grow 8x. The same
ranking against Cypher's ``vector.similarity.cosine`` on a real server: tests/integration/test_star_sparse_ppr.py."""

from __future__ import annotations

import numpy as np
import pytest

from tkgrag.retrievers.star import support_index
from tkgrag.retrievers.star.support_index import SupportIndex


def index() -> SupportIndex:
    # rules 10 -> events {0, 1}, 20 -> {1, 2}, 30 -> {3}; unit vectors in 2-d; event arrays in key order
    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [-1.0, 0.0]], dtype=np.float32)
    return SupportIndex(
        build="b",
        rule_ids=np.array([10, 20, 30]),
        indptr=np.array([0, 2, 4, 5]),
        events=np.array([0, 1, 1, 2, 3]),
        event_ids=np.array([100, 101, 102, 103]),
        event_keys=np.array(["e-a", "e-b", "e-c", "e-d"]),
        vectors=vectors,
        days=np.zeros(4, dtype=np.int32),
    )


def test_candidates_are_the_distinct_supports_of_known_rules() -> None:
    ix = index()
    assert ix.candidates([20, 10]).tolist() == [0, 1, 2]
    assert ix.candidates([30, 99]).tolist() == [3]  # 99 is no rule of this build
    assert ix.candidates([]).tolist() == []


def test_scores_on_neo4j_cosine_scale_and_ties_by_key() -> None:
    ix = index()
    pos, scores = ix.ranked([10, 20, 30], [2.0, 0.0])  # the query need not be unit length
    # events 0 and 2 tie at cos 1 -> 1.0 (keys e-a, e-c: e-a first), event 1 cos 0 -> 0.5, event 3 cos -1 -> 0.0
    assert pos.tolist() == [0, 2, 1, 3]
    assert scores.tolist() == pytest.approx([1.0, 1.0, 0.5, 0.0])
    # given in any order, ties still break by key
    again, _ = ix.order(np.array([3, 2, 1, 0]), ix.cosine(np.array([3, 2, 1, 0]), [2.0, 0.0]))
    assert again.tolist() == [0, 2, 1, 3]


def test_cosine_in_blocks_equals_one_product(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(1)
    vectors = rng.standard_normal((50, 8)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ix = SupportIndex(
        "b",
        np.array([1]),
        np.array([0, 50]),
        np.arange(50),
        np.arange(50),
        np.array([f"k{i:02d}" for i in range(50)]),
        vectors,
        np.zeros(50, dtype=np.int32),
    )
    q = rng.standard_normal(8)
    whole = ix.cosine(np.arange(50), q)
    monkeypatch.setattr(support_index, "_BLOCK", 7)
    assert ix.cosine(np.arange(50), q) == pytest.approx(whole, abs=1e-7)
    assert whole == pytest.approx((1 + vectors @ (q / np.linalg.norm(q))) / 2, abs=1e-6)


def test_chunks_grow_eightfold_and_carry_id_key_score() -> None:
    ix = index()
    pos, scores = ix.ranked([10, 20, 30], [0.6, 0.8])
    chunks = list(ix.chunks(pos, scores, first=1))
    assert [len(c) for c in chunks] == [1, 3]
    assert chunks[0][0]["id"] == 101 and chunks[0][0]["key"] == "e-b"
    assert chunks[0][0]["score"] == pytest.approx((1 + 0.8) / 2)
