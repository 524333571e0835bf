"""``auto`` on a store that holds one kind: whatever the question (with a temporal signal or none), it runs that
kind's best ready method and returns exactly what that method returns. This is the issue's "each set alone" aim in
miniature (benchmarks/results/2026-11-26/auto-own: TimeQA pages alone -> mrag+, musique_100 alone -> chunk-ppr);
the timeless questions are the ones a mixed store fuses over every kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import wipe
from tkgrag.api import TKGRag
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"


def _same_as(rag: TKGRag, question: str, method: str) -> dict[str, Any]:
    auto = rag.retrieve(question, method="auto")
    single = rag.retrieve(question, method=method)
    assert auto.plan is not None and not auto.plan["fused"]
    assert auto.method == method
    assert [e.key for e in auto.evidence] == [e.key for e in single.evidence]
    assert [e.key for e in single.evidence]  # the comparison is over items, not two empty lists
    return auto.plan


def test_a_store_of_passages_alone_is_read_by_mrag_plus(session_store: Store, embedder: Any) -> None:
    from tkgrag.ingest.formats.run import ingest_passages
    from tkgrag.ingest.pipeline import IngestOptions

    wipe(session_store)
    opts = IngestOptions(embedder=embedder, progress=False)
    ingest_passages(session_store, DATA / "passages_sample.jsonl", source="timeqa-sample", options=opts)
    rag = TKGRag(store=session_store, embedder=embedder)
    for question in (
        "Who owned the Newton D. Baker House in Washington DC from 1916 to 1920?",  # states a time
        "Who owned the Newton D. Baker House?",  # no temporal signal: fused on a mixed store
    ):
        plan = _same_as(rag, question, "mrag+")
        assert plan["why"] == "the store holds only passages"
        assert [(s["kind"], s["methods"][0]) for s in plan["steps"]] == [("passage", "mrag+")]


def test_a_linked_store_of_chunks_alone_is_read_by_chunk_ppr(session_store: Store, embedder: Any) -> None:
    from tkgrag.ingest.formats.run import ingest_corpus
    from tkgrag.ingest.pipeline import IngestOptions

    wipe(session_store)
    ingest_corpus(
        session_store,
        DATA / "corpus_sample.jsonl",
        DATA / "corpus_edges_sample.tsv",
        options=IngestOptions(embedder=embedder, progress=False),
    )
    rag = TKGRag(store=session_store, embedder=embedder)
    for question in (
        "How does a large-scale web search engine use the link structure of the web?",  # no temporal signal
        "Which search engine used the link structure of the web in 1998?",  # states a time
    ):
        plan = _same_as(rag, question, "chunk-ppr")
        assert plan["why"] == "the store holds only chunks"
        assert [(s["kind"], s["methods"][0]) for s in plan["steps"]] == [("chunk", "chunk-ppr")]
        assert [s["method"] for s in plan["skipped"]] == ["fastinsight"]  # no cross-encoder here, said why
