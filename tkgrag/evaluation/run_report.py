"""``tkgrag eval --report`` (the default): beside ``metrics.json``, a ``report.md`` with the methods side by side
(the overall table, the headline metric per question type, the methods skipped and why) and
``accuracy_vs_tokens.png`` (``tkgrag.eval.plot``), so a user compares methods without the checkout's scripts."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tkgrag.eval.plot import plot_accuracy_vs_tokens, points_from_metrics
from tkgrag.evaluation.report import markdown_tables

REPORT_FILE = "report.md"
PLOT_FILE = "accuracy_vs_tokens.png"


def report_markdown(doc: Mapping[str, Any], plot: str | None) -> str:
    title = f"# {doc['dataset']}: reader {doc['reader']}, k={doc['k']}, {doc.get('questions', '?')} questions"
    parts = [title, f"Questions: `{doc['path']}` ({doc['format']}); seed {doc['seed']}."]
    if doc.get("methods"):
        parts.append(markdown_tables(doc))
    skipped = doc.get("skipped") or {}
    if skipped:
        parts.append("Skipped (could not run):\n\n" + "\n".join(f"- `{m}`: {why}" for m, why in skipped.items()))
    if plot:
        parts.append(f"![accuracy against mean context tokens]({plot})")
    return "\n\n".join(parts) + "\n"


def write_report(doc: Mapping[str, Any], out_dir: Path) -> tuple[Path, Path | None]:
    """``report.md`` and, when some method has tokens and an accuracy figure, the plot; returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    points = points_from_metrics([doc])
    plot = None
    if points:
        plot = plot_accuracy_vs_tokens(points, out_dir / PLOT_FILE, title=f"{doc['dataset']}: accuracy vs tokens")
    report = out_dir / REPORT_FILE
    report.write_text(report_markdown(doc, PLOT_FILE if plot else None), encoding="utf-8")
    return report, plot
