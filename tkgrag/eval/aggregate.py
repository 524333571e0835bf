"""Per-question metric values -> one table per method: ``{"overall": {...}, "by_qtype": {QTYPE: {...}}}``.

A question the method gave no prediction for counts as an empty prediction (wrong, nothing retrieved, no latency), so
a method that crashes half-way cannot look better by answering fewer questions. A prediction for a question that is
not in the set is an error: it means the run and the dataset do not belong together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tkgrag.eval.metrics import MetricSpec, metric
from tkgrag.eval.types import EvalQuestion, Prediction

Table = dict[str, float | None]
Report = dict[str, Any]


def _specs(metrics: Sequence[str | MetricSpec]) -> list[MetricSpec]:
    return [m if isinstance(m, MetricSpec) else metric(m) for m in metrics]


def _pair(questions: Sequence[EvalQuestion], predictions: Iterable[Prediction]) -> list[Prediction]:
    ids = {q.id for q in questions}
    by_id: dict[str, Prediction] = {}
    for p in predictions:
        if p.qid not in ids:
            raise ValueError(f"prediction for unknown question id {p.qid!r}: the run does not match this dataset")
        if p.qid in by_id:
            raise ValueError(f"two predictions for question {p.qid!r}")
        by_id[p.qid] = p
    return [by_id.get(q.id) or Prediction(q.id) for q in questions]


def table(questions: Sequence[EvalQuestion], predictions: Sequence[Prediction], specs: Sequence[MetricSpec]) -> Table:
    """Each metric reduced over the given (question, prediction) pairs; values that are None are left out."""
    out: Table = {}
    for spec in specs:
        values = [v for q, p in zip(questions, predictions, strict=True) if (v := spec.per_question(q, p)) is not None]
        out[spec.name] = spec.reduce(values)
    return out


def aggregate(
    questions: Sequence[EvalQuestion], predictions: Iterable[Prediction], metrics: Sequence[str | MetricSpec]
) -> Report:
    """One method's results overall and per question type (``EvalQuestion.qtype``, sorted by name); a question with
    several categories (TimeQuestions' ``meta["qtypes"]``) counts under each of them, as EXAQT's Tables 5 and 7 do."""
    specs = _specs(metrics)
    preds = _pair(questions, predictions)
    groups: dict[str, list[int]] = {}
    for i, q in enumerate(questions):
        labels = q.meta.get("qtypes")
        for label in labels if isinstance(labels, list) and labels else [q.qtype]:
            groups.setdefault(str(label), []).append(i)
    return {
        "overall": table(questions, preds, specs),
        "by_qtype": {
            qtype: table([questions[i] for i in idx], [preds[i] for i in idx], specs)
            for qtype, idx in sorted(groups.items())
        },
    }


def aggregate_methods(
    questions: Sequence[EvalQuestion],
    predictions: Mapping[str, Iterable[Prediction]],
    metrics: Sequence[str | MetricSpec],
) -> dict[str, Report]:
    """:func:`aggregate` for every method: ``{method: {"overall": ..., "by_qtype": ...}}``."""
    return {method: aggregate(questions, preds, metrics) for method, preds in predictions.items()}
