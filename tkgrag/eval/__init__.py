"""Evaluation without a database: answer matching, metrics and their aggregation over the questions a benchmark
loader read (``load_dataset`` and the question types come from ``tkgrag.sources`` and are re-exported here). Running
methods over a benchmark is ``tkgrag.evaluation``, above the retrievers.

ds = load_dataset("../shared/data/tkgqa/icews14_dev.jsonl")
report = aggregate(ds.questions, predictions, TKG_METRICS)   # {"overall": {...}, "by_qtype": {...}}
"""

from tkgrag.eval.aggregate import aggregate, aggregate_methods
from tkgrag.eval.matching import is_correct, matches_gold, normalize_name, same_answer
from tkgrag.eval.metrics import PASSAGE_METRICS, TKG_METRICS, CorpusGraph, MetricSpec, metric, topological_recall
from tkgrag.eval.types import (
    Dataset,
    EvalQuestion,
    GoldAnswer,
    Prediction,
    RetrievedEvent,
    RetrievedPassage,
)
from tkgrag.sources.benchmarks import FORMATS, DatasetError, detect_format, load_dataset

__all__ = [
    "FORMATS",
    "PASSAGE_METRICS",
    "TKG_METRICS",
    "CorpusGraph",
    "Dataset",
    "DatasetError",
    "EvalQuestion",
    "GoldAnswer",
    "MetricSpec",
    "Prediction",
    "RetrievedEvent",
    "RetrievedPassage",
    "aggregate",
    "aggregate_methods",
    "detect_format",
    "is_correct",
    "load_dataset",
    "matches_gold",
    "metric",
    "normalize_name",
    "same_answer",
    "topological_recall",
]
