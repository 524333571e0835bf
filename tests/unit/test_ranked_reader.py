"""The ``ranked`` reader (a method's own ranked answers; the fallback reader for the others) and the evaluation's
per-category grouping of multi-category questions (TimeQuestions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tkgrag.eval.aggregate import aggregate
from tkgrag.eval.types import EvalQuestion, GoldAnswer, Prediction, SourceRef
from tkgrag.model import Answer, AnswerCandidate, Retrieval, Subgraph
from tkgrag.readers.ranked import RankedReader
from tkgrag.retrievers.base import RetrievalRequest

ANSWERS = Subgraph(
    nodes=[
        {"kind": "answer", "key": "Q1", "name": "One", "score": 2.5, "fact": "f1"},
        {"kind": "question_entity", "key": "Q9"},
        {"kind": "answer", "key": "1986", "name": "1986", "score": 1.0, "fact": "f2"},
    ]
)


@dataclass
class Ranking:
    """A retriever that ranks its own answers (like ``exaqt``)."""

    ranks_answers: bool = True
    name: str = "ranking"
    calls: list[str] = field(default_factory=list)

    def retrieve(self, request: RetrievalRequest) -> Retrieval:
        self.calls.append(request.text)
        return Retrieval(self.name, request.text, [], ANSWERS)


@dataclass
class Fallback:
    name: str = "fallback"
    asked: list[str] = field(default_factory=list)

    def answer(self, request: Any, retriever: Any, k: int = 10) -> Answer:
        self.asked.append(retriever.name)
        return Answer("?", [AnswerCandidate("from fallback", 1.0)], Retrieval(retriever.name, "?", []), self.name)

    def read(self, question: str, retrieval: Retrieval, understanding: Any | None = None) -> Answer:
        self.asked.append("read")
        return Answer(question, [], retrieval, self.name)


def test_own_answers_in_order_with_their_fact() -> None:
    reader = RankedReader(Fallback(), max_answers=5)
    out = reader.answer("who?", Ranking())  # type: ignore[arg-type]
    assert [(a.text, a.score, a.supporting_events) for a in out.answers] == [
        ("Q1", 2.5, ("f1",)),
        ("1986", 1.0, ("f2",)),
    ]
    assert out.reader == "ranked"


def test_other_retrievers_go_to_the_fallback() -> None:
    fb = Fallback()
    plain = Ranking(ranks_answers=False, name="vector")
    out = RankedReader(fb).answer("who?", plain)  # type: ignore[arg-type]
    assert out.answers[0].text == "from fallback" and fb.asked == ["vector"] and plain.calls == []
    # reading someone else's retrieval: own answers when it has them, else the fallback reads it
    assert [a.text for a in RankedReader(fb).read("?", Retrieval("x", "?", [], ANSWERS)).answers] == ["Q1", "1986"]
    RankedReader(fb).read("?", Retrieval("x", "?", []))
    assert fb.asked[-1] == "read"


def test_multi_category_questions_count_under_each_category() -> None:
    def q(qid: str, answer: str, cats: list[str]) -> EvalQuestion:
        return EvalQuestion(qid, "?", (GoldAnswer(answer),), "entity", None, "+".join(sorted(cats)),
                            SourceRef("t", 1), "timequestions", meta={"qtypes": cats})  # fmt: skip

    qs = [q("a", "X", ["Ordinal", "Temp.Ans"]), q("b", "Y", ["Ordinal"]), q("c", "Z", [])]
    preds = [Prediction("a", ("X",)), Prediction("b", ("no",)), Prediction("c", ("Z",))]
    report = aggregate(qs, preds, ["p@1", "n"])
    # Ordinal = {a: 1, b: 0} -> 0.5; Temp.Ans = {a} -> 1; c has no category: its qtype "" as written
    assert report["by_qtype"]["Ordinal"] == {"p@1": 0.5, "n": 2}
    assert report["by_qtype"]["Temp.Ans"] == {"p@1": 1.0, "n": 1}
    assert report["by_qtype"][""] == {"p@1": 1.0, "n": 1}
    assert report["overall"]["n"] == 3 and report["overall"]["p@1"] == pytest.approx(2 / 3)
