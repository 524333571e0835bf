"""The ``ranked`` reader (facts): the answers a method ranked itself (``Retrieval.answers``: EXAQT's Stage 2 over its
answer graph), by label, each with the fact that states it. No LLM.

An entity answer the graph has no label for (its text is its bare key, e.g. a Wikidata id no fact names) is not
shown: every answer a person reads is a label. It abstains when the retrieval ranked no (labelled) answer (the
method's notes say why: no question entity linked, an empty answer graph). Confidence: the top answer's share of the
top three scores (1.0 when it is alone, 1/3 when three tie), so a clear winner reads as surer than a near tie.
"""

from __future__ import annotations

from tkgrag.model import Answer, AnswerCandidate, Retrieval, TokenUsage, looks_like_id
from tkgrag.readers.base import abstain
from tkgrag.retrievers.base import RetrievalRequest


def top_share(scores: list[float], n: int = 3) -> float:
    """The first score's share of the first ``n`` (scores below 0 count as 0); 1.0 for a single answer."""
    head = [max(0.0, s) for s in scores[:n]]
    total = sum(head)
    if not head:
        return 0.0
    return head[0] / total if total > 0 else 1.0 / len(head)


def unlabelled(a: AnswerCandidate) -> bool:
    """An entity answer shown by its key (a Wikidata id) because the graph has no name for it."""
    return a.key is not None and a.text == a.key and looks_like_id(a.text)


class RankedReader:
    name = "ranked"

    def __init__(self, *, max_answers: int = 10) -> None:
        self.max_answers = max_answers

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        if not retrieval.answers:
            why = next((n for n in retrieval.notes if "no " in n), None)
            return abstain(
                request, retrieval, self.name, f"{retrieval.method} ranked no answer" + (f": {why}" if why else "")
            )
        answers = [a for a in retrieval.answers if not unlabelled(a)][: self.max_answers]
        if not answers:
            return abstain(request, retrieval, self.name, f"{retrieval.method}'s answers have no label in this graph")
        return Answer(
            request.text,
            answers,
            retrieval,
            self.name,
            rewritten_question=request.search,
            constraint=retrieval.constraint,
            tokens=TokenUsage(),
            confidence=round(top_share([a.score for a in answers]), 4),
            understanding=request.understanding,
        )
