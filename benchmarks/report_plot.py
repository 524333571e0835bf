"""Accuracy against mean context tokens per method (STAR-RAG's Figure 3 view); the code lives in
``tkgrag.eval.plot`` (``tkgrag eval`` draws it beside every run), re-exported here for the benchmark scripts.

    from benchmarks.report_plot import points_from_metrics, plot_accuracy_vs_tokens
    plot_accuracy_vs_tokens(points_from_metrics([doc_none, doc_symbolic]), Path("accuracy_vs_tokens.png"))
"""

from __future__ import annotations

from tkgrag.eval.plot import Point, accuracy_metric, plot_accuracy_vs_tokens, points_from_metrics

__all__ = ["Point", "accuracy_metric", "plot_accuracy_vs_tokens", "points_from_metrics"]
