"""Accuracy against mean context tokens per method: the view of STAR-RAG's Figure 3 (token consumption vs quality).
``tkgrag eval`` draws it beside every run (``--report``); ``benchmarks/report_plot.py`` re-exports it.

A point per (method, reader): x = ``tokens_mean`` (what an LLM would be sent, or was), y = Hit@1 when a reader
answered, else answer recall@10 (is the answer within the reader's reach) for retrieval-only runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Point:
    method: str
    reader: str
    metric: str
    tokens: float
    accuracy: float


def accuracy_metric(overall: Mapping[str, Any]) -> str | None:
    """Hit@1 where answers were judged, else answer recall@10, else evidence recall@10."""
    for name in ("hit@1", "answer_recall@10", "evidence_recall@10"):
        if overall.get(name) is not None:
            return name
    return None


def points_from_metrics(docs: Iterable[Mapping[str, Any]]) -> list[Point]:
    """One point per method of every ``metrics.json`` document that has tokens and an accuracy figure."""
    points = []
    for doc in docs:
        for method, rep in doc["methods"].items():
            overall = rep["overall"]
            metric = accuracy_metric(overall)
            if metric is None or overall.get("tokens_mean") is None:
                continue
            points.append(Point(method, str(doc["reader"]), metric, overall["tokens_mean"], overall[metric]))
    return points


def plot_accuracy_vs_tokens(points: list[Point], path: Path, title: str = "Accuracy vs context tokens") -> Path:
    """Scatter: colour = method, marker = reader (and the accuracy metric it is plotted with); writes a PNG.
    Methods often sit close together (same k, similar evidence lengths), so a legend names them, not labels."""
    import matplotlib

    matplotlib.use("Agg")  # no display on a benchmark machine
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    markers = {"none": "o", "symbolic": "s", "llm": "^"}
    methods = list(dict.fromkeys(p.method for p in points))
    colours = {m: plt.get_cmap("tab10")(i % 10) for i, m in enumerate(methods)}
    readers = list(dict.fromkeys((p.reader, p.metric) for p in points))
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    for p in points:
        ax.scatter(p.tokens, p.accuracy, marker=markers.get(p.reader, "D"), s=70, color=colours[p.method], alpha=0.85)
    handles = [Line2D([], [], marker="o", linestyle="", color=colours[m], label=m) for m in methods]
    handles += [
        Line2D([], [], marker=markers.get(r, "D"), linestyle="", color="grey", label=f"reader {r}: {metric}")
        for r, metric in readers
    ]
    ax.set_xlabel("mean context tokens per question")
    ax.set_ylabel("accuracy (metric per reader: see legend)")
    right = max((p.tokens for p in points), default=1.0)
    ax.set_xlim(0, right * 1.1)
    ax.set_ylim(0, 1.05)
    ax.grid(True, alpha=0.3)
    ax.set_title(title)
    if handles:
        ax.legend(handles=handles, fontsize=8, loc="lower left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
