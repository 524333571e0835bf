"""The reader interface. A reader never writes to the graph; it may read around the evidence (bounded queries)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from tkgrag.model import Answer, Retrieval
from tkgrag.retrievers.base import RetrievalRequest, Retriever


@runtime_checkable
class Reader(Protocol):
    """``answer`` understands the question as far as the reader does (the symbolic reader grounds it in the graph,
    the llm reader takes its explicit times), adds what it derived to the request (its temporal constraints, a
    rewritten question), retrieves, and reads. ``read`` answers from a retrieval someone else made; ``understanding``
    is what the caller already parsed, so readers do not parse the question twice."""

    name: str

    def answer(self, request: RetrievalRequest | str, retriever: Retriever, k: int = 10) -> Answer: ...

    def read(self, question: str, retrieval: Retrieval, understanding: Any | None = None) -> Answer: ...
