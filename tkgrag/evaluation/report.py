"""What an evaluation run leaves behind: ``metrics.json``, ``predictions.jsonl`` and side-by-side tables.

Tables put metrics in rows and methods in columns (overall), and question types in rows and methods in columns for
one headline metric, so several methods run together read as one comparison. The same tables render for the
terminal (rich) and as Markdown (benchmark reports).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from tkgrag.evaluation.runner import EvalRun

METRICS_FILE = "metrics.json"
PREDICTIONS_FILE = "predictions.jsonl"

# Headline metric for the per-question-type table, first one present wins.
HEADLINE = ("hit@1", "evidence_recall@10", "ER@10", "AR@10")


def write_run(run: EvalRun, out_dir: Path) -> tuple[Path, Path]:
    """Write ``metrics.json`` and ``predictions.jsonl`` (methods in run order, questions in run order)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    metrics_path = out_dir / METRICS_FILE
    metrics_path.write_text(json.dumps(run.metrics_document(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    pred_path = out_dir / PREDICTIONS_FILE
    with pred_path.open("w", encoding="utf-8") as fh:
        for method in run.results:
            for result in run.results[method]:
                fh.write(json.dumps(result.as_json(), ensure_ascii=False) + "\n")
    return metrics_path, pred_path


def format_value(name: str, value: float | None) -> str:
    """Counts as integers, tokens and milliseconds with one decimal, rates with three."""
    if value is None:
        return "-"
    if name == "n":
        return str(int(value))
    if name.startswith(("tokens", "latency")):
        return f"{value:,.1f}"
    return f"{value:.3f}"


def metric_columns(doc: Mapping[str, Any]) -> list[str]:
    """Metric names in the order the run computed them (those of the first method)."""
    methods = doc["methods"]
    if not methods:
        return []
    return list(next(iter(methods.values()))["overall"])


def headline_metric(doc: Mapping[str, Any]) -> str | None:
    cols = metric_columns(doc)
    return next((m for m in HEADLINE if m in cols), None)


def _overall_rows(doc: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Metrics in rows, methods in columns: any number of metrics fits a terminal, methods sit side by side."""
    cols = metric_columns(doc)
    methods = list(doc["methods"])
    rows = [[c, *(format_value(c, doc["methods"][m]["overall"].get(c)) for m in methods)] for c in cols]
    return ["metric", *methods], rows


def _qtype_rows(doc: Mapping[str, Any], metric: str) -> tuple[list[str], list[list[str]]]:
    methods = list(doc["methods"])
    qtypes = sorted({qt for rep in doc["methods"].values() for qt in rep["by_qtype"]})
    rows = []
    for qt in qtypes:
        cells = [format_value(metric, doc["methods"][m]["by_qtype"].get(qt, {}).get(metric)) for m in methods]
        n = next((rep["by_qtype"][qt].get("n") for rep in doc["methods"].values() if qt in rep["by_qtype"]), None)
        rows.append([qt, format_value("n", n), *cells])
    return ["qtype", "n", *methods], rows


def _rich(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    table = Table(title=title)
    for i, h in enumerate(header):
        table.add_column(h, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*row)
    return table


def _markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def print_tables(doc: Mapping[str, Any], console: Console) -> None:
    """The overall table and, when there is more than one question type, the headline metric per type."""
    header, rows = _overall_rows(doc)
    title = f"{doc['dataset']}: reader {doc['reader']}, k={doc['k']}, {doc.get('questions', '?')} questions"
    console.print(_rich(title, header, rows))
    metric = headline_metric(doc)
    if metric is not None:
        qheader, qrows = _qtype_rows(doc, metric)
        if len(qrows) > 1:
            console.print(_rich(f"{metric} by question type", qheader, qrows))


def markdown_tables(doc: Mapping[str, Any]) -> str:
    """Markdown of the overall table and the headline metric per question type (for benchmark reports)."""
    header, rows = _overall_rows(doc)
    parts = [_markdown(header, rows)]
    metric = headline_metric(doc)
    if metric is not None:
        qheader, qrows = _qtype_rows(doc, metric)
        parts.append(f"{metric} by question type:\n\n" + _markdown(qheader, qrows))
    return "\n\n".join(parts)
