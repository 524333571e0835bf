"""The extractive reader over real ``mrag`` evidence (issue 25 item 3): the MRAG test pool (tests/integration/
test_mrag.py) ingested with sentences; the reader answers the club in words from the passage MRAG ranks first, where
the trivial baseline (the first name of the top passage the question does not name) says the country."""

from __future__ import annotations

from typing import Any

from tests.integration.test_mrag import QUESTION, pool  # noqa: F401  (the fixture)
from tkgrag.api import TKGRag
from tkgrag.readers.extractive import ExtractiveReader, first_span
from tkgrag.readers.registry import ReaderContext, create_reader
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import Store


def test_extractive_reader_answers_from_mrag_evidence(pool: Store, embedder: Any) -> None:  # noqa: F811
    u = TKGRag(store=pool, embedder=embedder).understand(QUESTION)  # understood once, as ask does
    tq = u.question
    assert tq is not None
    request = RetrievalRequest.of(QUESTION, 5, understanding=u)
    retrieval = create("mrag", RetrieverContext(pool, embedder)).retrieve(request)
    assert retrieval.evidence[0].key == "gold"
    reader = create_reader("extractive", ReaderContext(pool, embedder))
    answer = reader.read(request, retrieval)
    assert isinstance(reader, ExtractiveReader)
    assert answer.best == "Akhisar Belediyespor"
    assert "gold" in answer.answers[0].supporting_events
    # the question's own names never come back; the baseline reads the top passage from its start
    assert not any(c.text in ("Oumar Niasse", "Niasse") for c in answer.answers)
    baseline = first_span(QUESTION, retrieval.evidence, tq.answer_type.kind)
    assert baseline is not None and baseline.text == "Turkey"
