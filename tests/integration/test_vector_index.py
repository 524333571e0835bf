"""The Neo4j vector index round trip: setNodeVectorProperty in, queryNodes out, checked against numpy cosine."""

from __future__ import annotations

import numpy as np

from tkgrag.store import Store


def test_vector_index_returns_numpy_nearest_neighbours(store: Store) -> None:
    rng = np.random.default_rng(7)
    dims = store.settings.embedding_dimensions
    # HNSW is approximate: give the query clearly separated neighbours (v_i = a_i q + noise, a_i falling with i)
    # so the exact top 5 is unambiguous, and 35 unrelated vectors around them.
    query = rng.normal(size=dims).astype(np.float32)
    near = [a * query + (1 - a) * rng.normal(size=dims) for a in (0.9, 0.8, 0.7, 0.6, 0.5)]
    vectors = np.vstack([*near, rng.normal(size=(35, dims))]).astype(np.float32)
    rng.shuffle(vectors)
    store.run(
        "UNWIND range(0, $n - 1) AS i CREATE (:Event {key: 'v' + toString(i), relation: 'test'})",
        {"n": len(vectors)},
    )
    store.run(
        "UNWIND $rows AS row MATCH (e:Event {key: row.key}) "
        "CALL db.create.setNodeVectorProperty(e, 'embedding', row.vec)",
        {"rows": [{"key": f"v{i}", "vec": v.tolist()} for i, v in enumerate(vectors)]},
    )
    store.run_auto("CALL db.awaitIndexes(60)")
    rows = store.run(
        "CALL db.index.vector.queryNodes('event_embedding', 5, $q) YIELD node, score RETURN node.key AS key, score",
        {"q": query.tolist()},
    )
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    cos = unit @ (query / np.linalg.norm(query))
    want = [f"v{i}" for i in np.argsort(-cos)[:5]]
    assert [r["key"] for r in rows] == want
    # Neo4j reports cosine similarity rescaled to [0, 1]: (1 + cos) / 2, computed on the index's int8-quantised
    # vectors (vector-2.0 provider, quantisation on by default), hence a tolerance of 2e-3 rather than float precision.
    for row in rows:
        i = int(row["key"][1:])
        assert abs(row["score"] - (1 + cos[i]) / 2) < 2e-3
