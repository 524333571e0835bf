"""FastInsight on a real Neo4j + GDS: a gold chunk reachable only through an edge, `corpus link` exact pairs and
idempotence, and bad input (no edges, dangling edge ids, an empty corpus). The cross-encoder is a tiny random BERT
built here (2 layers, 32 dims): rankings among retrieved chunks are arbitrary, so the assertions are about which
chunks are retrieved, never about the order the tiny model gives them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tkgrag.embed import default_embedder, resolve_model
from tkgrag.ingest.corpus_link import link_mentions
from tkgrag.ingest.formats.run import ingest_corpus
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.rejects import read_rejects
from tkgrag.rerank.cross_encoder import CrossEncoderReranker
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.fastinsight.chunk_ppr import ChunkPprRetriever
from tkgrag.retrievers.fastinsight.config import FastInsightConfig
from tkgrag.retrievers.fastinsight.retriever import FastInsightRetriever
from tkgrag.retrievers.vector import VectorConfig, VectorRetriever
from tkgrag.store import Store

QUESTION = "Which river flows through the capital city of Freedonia?"
# Six chunks about Freedonia's capital (the vector search's top hits) and one gold chunk, about a river, that says
# nothing of Freedonia: only the edges from the capital's chunks (they cite it) lead to it.
DOCS = [
    {"id": "capital", "text": "Marvel City is the capital city of Freedonia; the Glass River flows through it."},
    {"id": "freedonia", "text": "Freedonia is a small country whose capital city is Marvel City."},
    {"id": "history", "text": "The capital of Freedonia moved to Marvel City in 1850."},
    {"id": "parks", "text": "Marvel City, capital of Freedonia, has many parks and a city river walk."},
    {"id": "mayor", "text": "The mayor of Freedonia's capital city is elected every four years."},
    {"id": "bridges", "text": "Bridges of the capital city of Freedonia cross the water in six places."},
    {"id": "glass", "text": "The Glass River rises in the northern mountains and is 210 km long."},
]
EDGES = "".join(f"{d['id']}\tglass\n" for d in DOCS[:-1])


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory: pytest.TempPathFactory) -> CrossEncoderReranker:
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    path = tmp_path_factory.mktemp("tiny-ce")
    tok = AutoTokenizer.from_pretrained(resolve_model("sentence-transformers/all-MiniLM-L6-v2"))
    cfg = BertConfig(
        vocab_size=tok.vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        num_labels=1,
    )
    BertForSequenceClassification(cfg).save_pretrained(path)
    tok.save_pretrained(path)
    return CrossEncoderReranker(str(path))


def corpus(tmp_path: Path, docs: list[dict[str, str]], edges: str | None) -> tuple[Path, Path | None]:
    p = tmp_path / "docs.jsonl"
    p.write_text("".join(json.dumps(d) + "\n" for d in docs))
    e = None
    if edges is not None:
        e = tmp_path / "edges.tsv"
        e.write_text(edges)
    return p, e


def opts(tmp_path: Path) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects", embedder=default_embedder())


def fastinsight(store: Store, ce: CrossEncoderReranker, **kw: object) -> FastInsightRetriever:
    cfg = FastInsightConfig(**{"batch": 2, "b_max": 4, **kw})  # type: ignore[arg-type]
    return FastInsightRetriever(store, default_embedder(), cfg, reranker_model=ce)


def test_gold_reachable_only_through_an_edge(
    store: Store, tmp_path: Path, tiny_cross_encoder: CrossEncoderReranker
) -> None:
    docs, edges = corpus(tmp_path, DOCS, EDGES + "capital\tatlantis\n")  # the last edge is dangling
    summary = ingest_corpus(store, docs, edges, options=opts(tmp_path))
    refs = summary.references
    assert refs is not None and (refs.written, refs.rejected) == (6, 1)
    assert refs.rejects_path is not None
    (reject,) = read_rejects(Path(refs.rejects_path))
    assert (reject["line"], reject["field"]) == (7, "target") and "atlantis" in reject["reason"]

    vector = VectorRetriever(store, default_embedder(), VectorConfig(label="Chunk"), "chunk-vector")
    vec_keys = vector.retrieve(QUESTION, k=4).keys
    assert "glass#0" not in vec_keys

    calls = tiny_cross_encoder.calls
    r = fastinsight(store, tiny_cross_encoder).retrieve(QUESTION, k=4)
    assert "glass#0" in r.keys  # STeX followed capital -> glass; GRanker kept it in the budget of 4
    assert set(r.keys) - {"glass#0"} <= set(vec_keys)
    # 2 initial chunks, then glass (the top-2's only neighbour), then one of glass's other neighbours fills the
    # budget b_max = 4; each chunk is encoded once although GRanker ran three times.
    assert tiny_cross_encoder.calls - calls == len(r.keys) == 4
    assert any("4 cross-encoder pairs; STeX added 2 chunks in 2 steps" in n for n in r.notes)
    assert any("glass#0" in (e["source"], e["target"]) for e in r.subgraph.edges)

    ppr = ChunkPprRetriever(store, default_embedder()).retrieve(QUESTION, k=7)
    assert "glass#0" in ppr.keys  # PPR reaches it too, by topology


def test_no_edges_stex_adds_nothing_and_says_so(
    store: Store, tmp_path: Path, tiny_cross_encoder: CrossEncoderReranker
) -> None:
    docs, _ = corpus(tmp_path, DOCS, None)
    ingest_corpus(store, docs, None, options=opts(tmp_path))
    r = fastinsight(store, tiny_cross_encoder).retrieve(QUESTION, k=4)
    assert len(r.keys) == 2 and "glass#0" not in r.keys
    assert any("STeX found no neighbour" in n and "no REFERENCES edges" in n for n in r.notes)
    ppr = ChunkPprRetriever(store, default_embedder()).retrieve(QUESTION, k=3)
    assert len(ppr.keys) == 3 and any("no REFERENCES edges" in n for n in ppr.notes)


def test_empty_corpus(store: Store, tiny_cross_encoder: CrossEncoderReranker) -> None:
    r = fastinsight(store, tiny_cross_encoder).retrieve(QUESTION, k=4)
    assert r.evidence == [] and any("empty corpus" in n for n in r.notes)
    rep = link_mentions(store)
    assert (rep.documents, rep.links, rep.chunks) == (0, 0, 0)


def test_corpus_link_exact_pairs_and_idempotent(store: Store, tmp_path: Path) -> None:
    docs = [
        {"title": "Glass River", "text": "The Glass River is 210 km long."},
        {"title": "Marvel City", "text": "Marvel City lies on the glass river, near Mount Oro."},
        {"title": "Mount Oro (mountain)", "text": "Mount Oro overlooks Marvel City and the Glass-River valley."},
        {"title": "Oro", "text": "Oro is a word."},  # 3 letters: too short to link
        {"title": "Glass River", "text": "Its source is in the mountains."},  # second chunk of Glass River
    ]
    path, _ = corpus(tmp_path, docs, None)
    ingest_corpus(store, path, None, options=IngestOptions(progress=False, rejects_dir=tmp_path / "r"))
    first = link_mentions(store, min_chars=4)
    pairs = {
        (r["a"], r["b"])
        for r in store.run("MATCH (a:Chunk)-[r:REFERENCES {kind: 'mentions'}]->(b:Chunk) RETURN a.key AS a, b.key AS b")
    }
    # Case and punctuation are ignored ("glass river", "Glass-River"); "(mountain)" is dropped from the title.
    assert pairs == {
        ("Marvel City#0", "Glass River#0"),
        ("Marvel City#0", "Glass River#1"),
        ("Marvel City#0", "Mount Oro (mountain)#0"),
        ("Mount Oro (mountain)#0", "Marvel City#0"),
        ("Mount Oro (mountain)#0", "Glass River#0"),
        ("Mount Oro (mountain)#0", "Glass River#1"),
    }
    assert (first.links, first.created, first.short_titles, first.linked_titles) == (6, 6, 1, 3)
    again = link_mentions(store, min_chars=4)
    assert (again.links, again.created, again.mentions) == (6, 0, 6)
    # A title in more chunks than max_hits is generic and links nothing new.
    assert link_mentions(store, max_hits=1).generic_titles >= 1


def test_record_time_a_closed_chunk_is_gone_now_and_there_as_of_before(
    store: Store, tmp_path: Path, tiny_cross_encoder: CrossEncoderReranker
) -> None:
    docs, edges = corpus(tmp_path, DOCS, EDGES)
    ingest_corpus(store, docs, edges, options=opts(tmp_path))
    method = fastinsight(store, tiny_cross_encoder)
    before = method.retrieve(QUESTION, k=4)
    assert "glass#0" in before.keys  # reached through the edges (see above)
    seen = store.run("MATCH (c:Chunk) RETURN max(c.recorded_from) AS t")[0]["t"].to_native()
    # A sync closes the gold chunk (what a mapped source does to a row it no longer finds): nothing is deleted.
    store.run("MATCH (c:Chunk {key: 'glass#0'}) SET c.recorded_to = datetime(), c.closed_by = 'test'")
    now = method.retrieve(QUESTION, k=4)
    assert "glass#0" not in now.keys  # neither a seed nor a STeX candidate any more
    then = method.retrieve(RetrievalRequest.of(QUESTION, k=4, as_of_record=seen))
    assert then.keys == before.keys  # as of before the close: the same chunks as then
    assert not any("does not apply record time" in n for n in then.notes)
