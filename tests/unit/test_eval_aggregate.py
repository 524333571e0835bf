"""Aggregation overall and by question type, per method."""

from __future__ import annotations

import pytest

from tkgrag.eval.aggregate import aggregate, aggregate_methods
from tkgrag.eval.types import EvalQuestion, GoldAnswer, Prediction, RetrievedEvent, SourceRef

REF = SourceRef("fixture.jsonl", line=1)


def q(qid: str, answer: str, qtype: str, events: tuple[tuple[str, str, str, str], ...] = ()) -> EvalQuestion:
    return EvalQuestion(qid, "?", (GoldAnswer(answer),), "entity", None, qtype, REF, "fixture", gold_events=events)


QUESTIONS = [
    q("q1", "Iran", "equal", (("Iran", "Consult", "China", "2014-01-01"),)),
    q("q2", "China", "equal"),
    q("q3", "Japan", "first_last", (("Japan", "Consult", "China", "2014-01-02"),)),
]


def test_overall_and_by_qtype() -> None:
    preds = [
        Prediction(
            "q1", ("Iran",), latency_ms=10.0, events=(RetrievedEvent("Iran", "Consult", "China", "2014-01-01"),)
        ),
        Prediction("q2", ("Iraq", "China"), latency_ms=30.0),
        # q3 has no prediction: counts as an empty (wrong) one
    ]
    report = aggregate(QUESTIONS, preds, ["hit@1", "mrr", "evidence_hit@10", "latency_ms_p50", "n"])
    assert set(report) == {"overall", "by_qtype"}
    # hit@1: q1 1, q2 0, q3 0 -> 1/3;  MRR: 1 + 1/2 + 0 = 1.5 / 3 = 0.5
    assert report["overall"]["hit@1"] == pytest.approx(1 / 3)
    assert report["overall"]["mrr"] == pytest.approx(0.5)
    # evidence applies to q1 (found) and q3 (nothing retrieved); q2 has no gold events -> (1 + 0) / 2
    assert report["overall"]["evidence_hit@10"] == pytest.approx(0.5)
    # latency measured for q1, q2 only: median of 10, 30 = 20
    assert report["overall"]["latency_ms_p50"] == pytest.approx(20.0)
    assert report["overall"]["n"] == 3
    assert list(report["by_qtype"]) == ["equal", "first_last"]
    # equal = {q1, q2}: hit@1 (1+0)/2, MRR (1 + 1/2)/2 = 0.75, evidence only q1 -> 1
    assert report["by_qtype"]["equal"] == {
        "hit@1": 0.5,
        "mrr": 0.75,
        "evidence_hit@10": 1.0,
        "latency_ms_p50": 20.0,
        "n": 2,
    }
    # first_last = {q3}, unanswered: zeros, no latency at all -> None
    assert report["by_qtype"]["first_last"] == {
        "hit@1": 0.0,
        "mrr": 0.0,
        "evidence_hit@10": 0.0,
        "latency_ms_p50": None,
        "n": 1,
    }


def test_per_method() -> None:
    out = aggregate_methods(
        QUESTIONS, {"good": [Prediction(x.id, (x.answers[0].text,)) for x in QUESTIONS], "none": []}, ["hit@1"]
    )
    assert out["good"]["overall"]["hit@1"] == 1.0
    assert out["none"]["overall"]["hit@1"] == 0.0
    assert out["none"]["by_qtype"]["first_last"]["hit@1"] == 0.0


def test_predictions_must_belong_to_the_dataset() -> None:
    with pytest.raises(ValueError, match="unknown question id 'q9'"):
        aggregate(QUESTIONS, [Prediction("q9")], ["hit@1"])
    with pytest.raises(ValueError, match="two predictions"):
        aggregate(QUESTIONS, [Prediction("q1"), Prediction("q1")], ["hit@1"])
