"""The ``ranked`` reader (a method's own ranked answers, by label), the reader chosen per item kind, and the
evaluation's per-category grouping of multi-category questions (TimeQuestions)."""

from __future__ import annotations

import pytest

from tkgrag.eval.aggregate import aggregate
from tkgrag.eval.types import EvalQuestion, GoldAnswer, Prediction, SourceRef
from tkgrag.model import AnswerCandidate, Evidence, ItemKind, Retrieval, looks_like_id
from tkgrag.readers.ranked import RankedReader, top_share
from tkgrag.readers.registry import READER_FOR_KIND, reader_for
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.temporal import TimeSpan

ANSWERS = [
    AnswerCandidate("Barack Obama", 2.5, ("f1",), "Q76"),
    AnswerCandidate("Q27968", 2.0, ("f3",), "Q27968"),  # no label in the graph: never shown
    AnswerCandidate("1986", 1.0, ("f2",)),
    AnswerCandidate("Acme Robotics", 0.5, ("f4",), "Acme Robotics"),  # an entity whose key is its label: shown
]
EVENT = Evidence.event(
    "e1", "Iran consult Japan on 2014-05-01", "Iran", "Consult", "Japan", TimeSpan.parse("2014-05-01"), 1.0
)
PASSAGE = Evidence(ItemKind.PASSAGE, "p1", "Obama was president.", 0.9)
REQUEST = RetrievalRequest.of("who?")


def test_own_answers_in_order_by_label_with_their_fact_and_key() -> None:
    out = RankedReader(max_answers=5).read(REQUEST, Retrieval("exaqt", "who?", [], answers=list(ANSWERS)))
    assert [(a.text, a.score, a.supporting_events, a.key) for a in out.answers] == [
        ("Barack Obama", 2.5, ("f1",), "Q76"),
        ("1986", 1.0, ("f2",), None),
        ("Acme Robotics", 0.5, ("f4",), "Acme Robotics"),
    ]
    assert out.reader == "ranked" and out.abstained is None
    assert out.confidence == round(2.5 / 4.0, 4)  # the top answer's share of the top three scores


def test_only_unlabelled_answers_is_an_abstention() -> None:
    r = Retrieval("exaqt", "who?", [], answers=[ANSWERS[1]])
    assert RankedReader().read(REQUEST, r).abstained == "exaqt's answers have no label in this graph"


def test_no_ranked_answer_is_an_abstention_with_the_methods_reason() -> None:
    r = Retrieval("exaqt", "who?", [], notes=["no entity linked: no question entity was found in the graph"])
    out = RankedReader().read(REQUEST, r)
    assert out.answers == [] and out.confidence == 0.0
    assert out.abstained == "exaqt ranked no answer: no entity linked: no question entity was found in the graph"


def test_looks_like_id() -> None:
    assert [looks_like_id(t) for t in ("Q27968", "abd200e8abcafac92c4e86da", "Q-ship", "Acme", "1986")] == [
        True,
        True,
        False,
        False,
        False,
    ]


def test_top_share() -> None:
    assert (top_share([2.0]), top_share([1.0, 1.0]), top_share([3.0, 1.0, 0.0, 9.0]), top_share([])) == (
        1.0,
        0.5,
        0.75,
        0.0,
    )
    assert top_share([0.0, 0.0]) == 0.5  # no score to go by: a tie


def test_the_reader_is_chosen_by_what_the_retrieval_holds() -> None:
    assert reader_for(Retrieval("exaqt", "?", [EVENT], answers=list(ANSWERS))) == "ranked"
    assert reader_for(Retrieval("vector", "?", [EVENT])) == "symbolic"
    assert reader_for(Retrieval("mrag", "?", [PASSAGE, EVENT])) == "extractive"
    assert reader_for(Retrieval("vector", "?", [])) == "symbolic"
    assert set(READER_FOR_KIND) == set(ItemKind)  # every kind has its reader


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
