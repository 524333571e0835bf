"""STAR-RAG respects record time on a real rule graph (the bundled icews14 sample): versions closed after the rule
graph was built are never returned now, and as of a record time before they were closed the retrieval is exactly the
one before (anchors, PPR seeds and the support index's candidates all go through the one filter builder)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.integration.test_star_store import sample_store  # noqa: F401  (fixture)
from tkgrag.api import TKGRag
from tkgrag.retrievers.star.persist import build_and_store
from tkgrag.store import Store

QUESTION = "Who made a statement to the Government of China?"


@pytest.mark.parametrize("method", ["star", "star+tc"])
def test_star_skips_closed_versions_now_and_sees_them_as_of_before(
    sample_store: Store,  # noqa: F811
    embedder,  # type: ignore[no-untyped-def]
    method: str,
) -> None:
    store = sample_store
    build_and_store(store)
    rag = TKGRag(store, embedder)
    before = [e.key for e in rag.retrieve(QUESTION, method, k=10).evidence]
    assert len(before) == 10
    closed = before[:3]
    at = datetime.now(UTC)
    store.run("UNWIND $keys AS k MATCH (e:Event {key: k}) SET e.recorded_to = $at", {"keys": closed, "at": at})
    now = [e.key for e in rag.retrieve(QUESTION, method, k=10).evidence]
    assert len(now) == 10 and not set(closed) & set(now)
    assert [k for k in before if k not in closed] == [k for k in now if k in before]  # the rest keeps its order
    then = [e.key for e in rag.retrieve(QUESTION, method, k=10, as_of=at - timedelta(microseconds=1)).evidence]
    assert then == before
