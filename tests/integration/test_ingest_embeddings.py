"""Embeddings at ingestion and afterwards, with the real model: the vector index finds an event by its own text;
graph-only first and `embed` later gives the same vectors; the ONNX encoder agrees with torch."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tkgrag.embed import REQUEST_BATCH, Embedder, OnnxEmbedder, load_embedder
from tkgrag.ingest.backfill import embed_missing
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.ingest.tsv import read_tkg_tsv
from tkgrag.queries.ingest import GRAPH_COUNTS
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tkgrag" / "data" / "icews14_sample.tsv"
MODEL = "sentence-transformers/all-MiniLM-L6-v2"

VECTOR_QUERY = """
CALL db.index.vector.queryNodes('event_embedding', $k, $q) YIELD node, score
RETURN node.key AS key, node.text AS text, score
"""


def sample_texts() -> list[str]:
    texts = [r.text for r in read_tkg_tsv(SAMPLE) if hasattr(r, "text")]
    questions = (REPO / "tkgrag/data/icews14_sample_questions.jsonl").read_text(encoding="utf-8").splitlines()
    return texts + [json.loads(q)["question"] for q in questions]


def test_vector_index_returns_the_event_for_its_own_text(store: Store, embedder: Embedder) -> None:
    s = ingest_tkg_file(store, SAMPLE, source="icews14", options=IngestOptions(progress=False, embedder=embedder))
    assert s.embedded == s.written == s.read
    assert store.run(GRAPH_COUNTS)[0]["embedded"] == s.read
    store.run_auto("CALL db.awaitIndexes(120)")
    events = store.run("MATCH (e:Event) RETURN e.key AS key, e.text AS text ORDER BY e.key")
    # every 20th event: its own text finds it first (or tied at the top with a same-text sibling, which ICEWS lacks)
    for ev in events[::20]:
        q = embedder.encode([ev["text"]])[0].tolist()
        rows = store.run(VECTOR_QUERY, {"k": 10, "q": q})  # HNSW is approximate: a wider search
        assert rows[0]["key"] == ev["key"], (ev, rows)
        assert rows[0]["score"] > 0.99  # Neo4j's (1 + cos) / 2 on its int8-quantised index


def test_graph_only_then_embed_later_is_resumable(store: Store, embedder: Embedder) -> None:
    s = ingest_tkg_file(store, SAMPLE, source="icews14", options=IngestOptions(progress=False))
    assert s.embedded == 0 and store.run(GRAPH_COUNTS)[0]["embedded"] == 0
    # interrupted after one page of 100: those keep their vectors
    first = embed_missing(store, embedder, page_size=100, max_pages=1, progress=False)
    assert (first.missing_before, first.embedded) == (s.read, 100)
    rest = embed_missing(store, embedder, page_size=100, progress=False)
    assert (rest.missing_before, rest.embedded) == (s.read - 100, s.read - 100)
    assert store.run(GRAPH_COUNTS)[0]["embedded"] == s.read
    assert embed_missing(store, embedder, progress=False).embedded == 0
    # the stored vector is the embedder's vector of the stored text
    row = store.run("MATCH (e:Event) RETURN e.text AS text, e.embedding AS v ORDER BY e.key LIMIT 1")[0]
    want = embedder.encode([row["text"]])[0]
    assert float(np.dot(np.asarray(row["v"], dtype=np.float32), want)) == pytest.approx(1.0, abs=1e-5)


def test_rerun_with_embedder_fills_missing_embeddings_of_stored_events(store: Store, embedder: Embedder) -> None:
    ingest_tkg_file(store, SAMPLE, source="icews14", options=IngestOptions(progress=False))
    s = ingest_tkg_file(store, SAMPLE, source="icews14", options=IngestOptions(progress=False, embedder=embedder))
    assert (s.written, s.duplicates, s.embedded) == (0, s.read, s.read)
    assert store.run(GRAPH_COUNTS)[0]["embedded"] == s.read


def test_onnx_embeddings_agree_with_torch() -> None:
    texts = sample_texts()
    torch_vecs = load_embedder(MODEL, "torch").encode(texts)
    fp32 = load_embedder(MODEL, "onnx").encode(texts)
    int8 = load_embedder(MODEL, "onnx-int8").encode(texts)
    assert fp32.shape == int8.shape == torch_vecs.shape == (len(texts), 384)
    assert np.allclose(np.linalg.norm(int8, axis=1), 1.0, atol=1e-5)
    cos_fp32 = (fp32 * torch_vecs).sum(axis=1)
    cos_int8 = (int8 * torch_vecs).sum(axis=1)
    assert cos_fp32.min() >= 0.999  # the same network, another runtime
    assert cos_int8.min() >= 0.99  # int8 weights (FFN down-projections kept float32)


def test_onnx_question_embedding_runs_on_the_request_thread_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A question is embedded on a session limited to the request's threads (issue 30.3: the bulk session's one pool
    per core fought other processes for a few ms of work); ingestion's batches keep the bulk session. Same vectors."""
    monkeypatch.setenv("TKGRAG_REQUEST_THREADS", "1")
    onnx = load_embedder(MODEL, "onnx-int8")
    assert isinstance(onnx, OnnxEmbedder)
    texts = sample_texts()
    assert len(texts) > REQUEST_BATCH
    small = onnx.session_for(1)
    assert small is not onnx.session_for(len(texts))
    assert small.get_session_options().intra_op_num_threads == 1
    one = onnx.encode(texts[:2])
    monkeypatch.setenv("TKGRAG_REQUEST_THREADS", "0")  # 0: no limit, the bulk session for everything
    assert onnx.session_for(1) is onnx.session_for(len(texts))
    assert np.allclose(one, onnx.encode(texts[:2]), atol=1e-5)  # the same batch on the bulk session
