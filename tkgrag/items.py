"""Item rows (``queries.retrieval.ITEM_RETURN``) -> ``Evidence``: the one place a query row becomes a retrieved item,
for retrievers and bounded reads alike."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from neo4j.time import Date

from tkgrag.model import Evidence, ItemKind
from tkgrag.temporal import Granularity, TimeSpan


def _to_date(value: Any) -> date | None:
    if value is None:
        return None
    if isinstance(value, Date):
        return value.to_native()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value))


def item_from_row(row: Mapping[str, Any]) -> Evidence:
    """An ``Evidence`` from an item row: ``kind, key, text, score, valid_from, valid_to, granularity, source,
    fields``. Null entries of ``fields`` are dropped; a fact's qualifiers stay a list of ``{predicate, value}``."""
    fields = {k: v for k, v in (row.get("fields") or {}).items() if v is not None and v != []}
    start, end = _to_date(row.get("valid_from")), _to_date(row.get("valid_to"))
    if start is not None and end is not None and start > end:  # a passage's dates are a set, not an interval
        start, end = end, start
    span = TimeSpan(start, end, Granularity(row.get("granularity") or "day"))
    return Evidence(
        kind=ItemKind(row["kind"]),
        key=row["key"],
        text=row.get("text") or "",
        score=float(row["score"]),
        span=span,
        source=row.get("source"),
        fields=fields,
    )
