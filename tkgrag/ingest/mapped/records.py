"""A mapped row -> a validated fact version (``MappedRecord``) or a ``Reject`` naming the row and the field.

A record carries its item key (``<source>:<row key>``: the identity that survives syncs) and a content hash over
every mapped value: a sync compares that hash with the current version's to tell unchanged, changed and new rows.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from tkgrag.ingest.mapped.rows import Row, plain_value
from tkgrag.sources.mapping import Mapping
from tkgrag.sources.records import Reject, SourceRef
from tkgrag.temporal import Granularity, TimeParseError, TimeSpan
from tkgrag.verbalize import entity_name, verbalize_event


@dataclass(frozen=True)
class MappedRecord:
    """One version of a source row as a temporal fact."""

    item_key: str
    subject: str
    relation: str
    object: str
    span: TimeSpan
    source: str
    ref: SourceRef
    subject_name: str | None = None
    object_name: str | None = None
    subject_aliases: tuple[str, ...] = ()
    object_aliases: tuple[str, ...] = ()
    qualifiers: tuple[tuple[str, str], ...] = ()  # (name, value), in mapping order
    watermark: Any = None

    @functools.cached_property
    def content_hash(self) -> str:
        parts = [
            self.subject,
            self.relation,
            self.object,
            self.span.start.isoformat() if self.span.start else "",
            self.span.end.isoformat() if self.span.end else "",
            self.span.granularity.value,
            self.subject_name or "",
            self.object_name or "",
            "|".join(self.subject_aliases),
            "|".join(self.object_aliases),
            *(f"{k}={v}" for k, v in self.qualifiers),
        ]
        return hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:20]

    @functools.cached_property
    def text(self) -> str:
        base = verbalize_event(
            self.subject_name or entity_name(self.subject),
            self.relation,
            self.object_name or entity_name(self.object),
            self.span if (self.span.start or self.span.end) else None,
        )
        if not self.qualifiers:
            return base
        return f"{base} ({'; '.join(f'{k}: {v}' for k, v in self.qualifiers)})"


@dataclass(frozen=True)
class MappedPassage:
    """One version of a source row as a passage (``output = "passages"``): its text, title and the dates the text
    mentions (found as the passages reader finds them)."""

    item_key: str
    title: str
    text: str
    dates: tuple[TimeSpan, ...]
    source: str
    ref: SourceRef
    watermark: Any = None

    @functools.cached_property
    def content_hash(self) -> str:
        return hashlib.sha1(f"{self.title}\x1f{self.text}".encode()).hexdigest()[:20]


class _Bad(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def map_rows(mapping: Mapping, rows: Iterable[Row]) -> Iterator[MappedRecord | MappedPassage | Reject]:
    """Records (facts, or passages for ``output = "passages"``) and rejects, one per row, in order."""
    for row in rows:
        try:
            yield to_passage(mapping, row) if mapping.output == "passages" else to_record(mapping, row)
        except _Bad as exc:
            yield Reject(row.ref, str(exc), field=exc.field, raw=_raw(row.values))


def to_record(mapping: Mapping, row: Row) -> MappedRecord:
    v = row.values
    cols = mapping.columns

    def text(name: str, required: bool = False) -> str | None:
        col = cols.get(name)
        value = v.get(col) if col else None
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                raise _Bad(col or name, f"{name} is empty")
            return None
        if isinstance(value, (list, dict)):
            raise _Bad(col or name, f"{name} must be a single value, got {type(value).__name__}")
        return str(value).strip()

    key = text("key", required=True)
    subject = text("subject", required=True)
    obj = text("object", required=True)
    relation = mapping.constants.get("relation") or text("relation", required=True)
    assert key and subject and obj and relation
    return MappedRecord(
        item_key=f"{mapping.name}:{key}",
        subject=subject,
        relation=relation,
        object=obj,
        span=_span(cols, v),
        source=mapping.name,
        ref=row.ref,
        subject_name=text("subject_name"),
        object_name=text("object_name"),
        subject_aliases=_aliases(cols.get("subject_aliases"), v),
        object_aliases=_aliases(cols.get("object_aliases"), v),
        qualifiers=tuple(
            (name, str(v[col]).strip())
            for name, col in mapping.qualifiers.items()
            if v.get(col) is not None and str(v[col]).strip()
        ),
        watermark=plain_value(v.get(cols["watermark"])) if "watermark" in cols else None,
    )


def to_passage(mapping: Mapping, row: Row) -> MappedPassage:
    from tkgrag.ingest.formats.dates_in_text import extract_dates
    from tkgrag.sources.keys import clean_text

    cols, v = mapping.columns, row.values
    values = {}
    for name in ("key", "text", "title"):
        col = cols.get(name)
        value = v.get(col) if col else None
        if value is not None and not isinstance(value, str | int | float):
            raise _Bad(col or name, f"{name} must be text, got {type(value).__name__}")
        values[name] = "" if value is None else str(value).strip()
    for name in ("key", "text"):
        if not values[name]:
            raise _Bad(cols[name], f"{name} is empty")
    text = clean_text(values["text"])
    return MappedPassage(
        item_key=f"{mapping.name}:{values['key']}",
        title=values["title"],
        text=text,
        dates=tuple(extract_dates(text)),
        source=mapping.name,
        ref=row.ref,
        watermark=plain_value(v.get(cols["watermark"])) if "watermark" in cols else None,
    )


def _span(cols: dict[str, str], v: dict[str, Any]) -> TimeSpan:
    pit = cols.get("point_in_time")
    if pit and (point := _time(pit, v.get(pit))) is not None:
        return point
    start = _time(cols["valid_from"], v.get(cols["valid_from"])) if "valid_from" in cols else None
    end = _time(cols["valid_to"], v.get(cols["valid_to"])) if "valid_to" in cols else None
    if start is None and end is None:
        return TimeSpan(None, None, Granularity.DAY)
    if start is not None and end is not None:
        if start.start and end.end and start.start > end.end:
            raise _Bad(cols["valid_to"], f"ends ({end.label()}) before it starts ({start.label()})")
        return TimeSpan(start.start, end.end, start.granularity.coarser(end.granularity))
    one = start or end
    assert one is not None
    return TimeSpan(start.start if start else None, end.end if end else None, one.granularity)


def _time(col: str, value: Any) -> TimeSpan | None:
    """A Neo4j/Python date or datetime (its day), or text: YYYY-MM-DD, YYYY-MM, YYYY, or an ISO datetime."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    to_native = getattr(value, "to_native", None)  # neo4j.time.Date / DateTime
    if callable(to_native):
        value = to_native()
    if isinstance(value, datetime):
        return TimeSpan.day(value.date())
    if isinstance(value, date):
        return TimeSpan.day(value)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise _Bad(col, f"not a date: {value!r} ({type(value).__name__})")
    text = value.strip()
    if "T" in text[10:11] or " " in text[10:11]:
        text = text[:10]
    try:
        return TimeSpan.parse(text)
    except TimeParseError as exc:
        raise _Bad(col, str(exc)) from None


def _aliases(col: str | None, v: dict[str, Any]) -> tuple[str, ...]:
    if not col or v.get(col) is None:
        return ()
    value = v[col]
    items = value if isinstance(value, (list, tuple)) else str(value).split("|")
    return tuple(dict.fromkeys(str(a).strip() for a in items if str(a).strip()))


def _raw(values: dict[str, Any]) -> str:
    return ", ".join(f"{k}={values[k]!r}" for k in list(values)[:12])[:500]
