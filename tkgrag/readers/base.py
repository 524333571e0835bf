"""The reader interface: ``read(request, retrieval) -> Answer``. A reader reads what was retrieved (and, for events,
may read the graph around the linked entities with bounded queries); it never retrieves, never writes, and never
parses or grounds the question: ``request.understanding`` holds what was understood, once, before retrieval."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tkgrag.model import Answer, Retrieval
from tkgrag.retrievers.base import RetrievalRequest


@runtime_checkable
class Reader(Protocol):
    name: str

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer: ...


def abstain(request: RetrievalRequest, retrieval: Retrieval, reader: str, why: str) -> Answer:
    """ "No answer", with the one-line reason and the retrieval it read."""
    return Answer(
        question=request.text,
        answers=[],
        retrieval=retrieval,
        reader=reader,
        rewritten_question=request.search,
        constraint=retrieval.constraint,
        abstained=why,
        understanding=request.understanding,
    )


def tie_share(scores: list[float]) -> float:
    """1 / (answers tied with the best score): a reader that cannot tell its top answers apart is that much less
    sure of the first one."""
    if not scores:
        return 0.0
    return 1.0 / sum(1 for s in scores if s == scores[0])
