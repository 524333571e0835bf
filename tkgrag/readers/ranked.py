"""The ``ranked`` reader: the answers a retriever ranked itself, for methods whose answer prediction is part of the
method (EXAQT's Stage 2 ranks the answer graph's entities and times); any other retriever is answered by the
symbolic reader, exactly as ``--reader symbolic`` would, so one evaluation run compares both kinds.

A retriever ranks its own answers when it says so (``ranks_answers = True``) and puts them, best first, in its
result's subgraph as nodes of kind ``answer`` (``text`` in ``key``, ``score``, the supporting fact in ``fact``).
"""

from __future__ import annotations

import time
from typing import Any

from tkgrag.model import Answer, AnswerCandidate, Retrieval, TokenUsage
from tkgrag.readers.base import Reader
from tkgrag.retrievers.base import RetrievalRequest, Retriever


def own_answers(retrieval: Retrieval, limit: int) -> list[AnswerCandidate]:
    """The ``answer`` nodes of a retrieval's subgraph, in order."""
    out = []
    for node in retrieval.subgraph.nodes:
        if node.get("kind") == "answer":
            fact = node.get("fact")
            out.append(AnswerCandidate(str(node["key"]), float(node.get("score") or 0.0), (str(fact),) if fact else ()))
    return out[:limit]


class RankedReader:
    name = "ranked"

    def __init__(self, fallback: Reader, *, max_answers: int = 10) -> None:
        self.fallback = fallback
        self.max_answers = max_answers

    def answer(self, request: RetrievalRequest | str, retriever: Retriever, k: int = 10) -> Answer:
        if not getattr(retriever, "ranks_answers", False):
            return self.fallback.answer(request, retriever, k)
        request = RetrievalRequest.coerce(request, k)
        t0 = time.perf_counter()
        retrieval = retriever.retrieve(request)
        t1 = time.perf_counter()
        out = self._own(request.text, retrieval)
        out.timings_ms = {"retrieve": (t1 - t0) * 1000.0, "total": (time.perf_counter() - t0) * 1000.0}
        return out

    def read(self, question: str, retrieval: Retrieval, understanding: Any | None = None) -> Answer:
        """The retrieval's own answers when it has any, else the fallback's reading of it."""
        if any(n.get("kind") == "answer" for n in retrieval.subgraph.nodes):
            return self._own(question, retrieval)
        return self.fallback.read(question, retrieval, understanding)

    def _own(self, question: str, retrieval: Retrieval) -> Answer:
        answers = own_answers(retrieval, self.max_answers)
        return Answer(question, answers, retrieval, self.name, constraint=retrieval.constraint, tokens=TokenUsage())
