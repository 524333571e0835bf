"""One table for retrieved items of every kind, used by `tkgrag retrieve` and `tkgrag ask` (graph text goes through
``safe``: control characters escaped, no markup)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from tkgrag.cli.safe_text import safe
from tkgrag.model import Evidence
from tkgrag.verbalize import entity_name

_TEXT_WIDTH = 160


def _what(e: Evidence) -> str:
    if e.is_statement:
        return f"{entity_name(e.subject)} | {e.relation} | {entity_name(e.object)}"
    return e.title or str(e.fields.get("document") or "")


def evidence_table(title: str, items: Sequence[Evidence]) -> Table:
    table = Table(title=safe(title), show_lines=False)
    for col in ("#", "kind", "score", "time", "what", "text"):
        table.add_column(col)
    for i, e in enumerate(items, 1):
        text = " ".join(e.text.split())
        if len(text) > _TEXT_WIDTH:
            text = text[: _TEXT_WIDTH - 1] + "…"
        when = e.span.label() if e.has_time else "-"
        table.add_row(str(i), e.kind.value, f"{e.score:.3f}", when, safe(_what(e)), safe(text))
    return table
