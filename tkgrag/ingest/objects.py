"""Ingest from Python: record objects (events, n-ary facts, passages, corpus documents/chunks) or a pandas DataFrame
with a column mapping, through the same pipeline as the files (``pipeline.ingest``): batches, rejects naming the
item and the field, idempotence (natural keys; a second call writes nothing), the run ledger, embeddings.

- Records: the dataclasses of ``ingest.records`` (``EventRecord``, ``PassageRecord``, ``DocumentRecord`` /
  ``ChunkRecord``; an ``EventRecord`` with qualifiers is a fact). Each gets ``<python SOURCE>`` and its index as its
  place, so a reject says ``<python SOURCE> [item 7]: field 'subject': ...``. The source name given here is written
  on every node (it is part of an event's key), whatever the records carried.
- A DataFrame: the same column mapping as a mapping file (``sources.mapping``: ``key``, ``subject``, ``relation`` or
  a constant, ``object``, dates, names, aliases, qualifiers, watermark), synced as a mapped source with record time:
  a row whose values changed since the last call closes its old version and writes the new one; ``full=True``
  closes the rows no longer in the frame. The run's identity is the mapping plus the frame's content.

The records are held in memory (they are Python objects already); the run's checksum is taken over them, so an
interrupted call of the same content resumes, as a file's run does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any, Literal, cast

from tkgrag.errors import TkgragError
from tkgrag.ingest.formats.passages import _parse_passage
from tkgrag.ingest.formats.run import CORPUS_KIND, FACT_KIND, PASSAGE_KIND
from tkgrag.ingest.formats.writers import CorpusWriter, FactWriter, PassageWriter
from tkgrag.ingest.mapped.rows import frame_rows
from tkgrag.ingest.mapped.sync import SyncSummary, sync_mapped
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, SourceInfo, ingest
from tkgrag.ingest.rejects import SUFFIX
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.sources.fields import FieldError
from tkgrag.sources.mapping import mapping_from_columns
from tkgrag.sources.records import ChunkRecord, DocumentRecord, EventRecord, PassageRecord, Reject, SourceRef
from tkgrag.store.connection import Store
from tkgrag.temporal import TimeSpan
from tkgrag.text_input import require_text

ObjectKind = Literal["events", "facts", "passages", "corpus"]
OBJECT_KINDS: tuple[ObjectKind, ...] = ("events", "facts", "passages", "corpus")
KINDS: dict[type, ObjectKind] = {
    EventRecord: "events",
    PassageRecord: "passages",
    DocumentRecord: "corpus",
    ChunkRecord: "corpus",
}
_EVENT_TEXT = ("subject", "relation", "object")


def place(source: str) -> str:
    return f"<python {source}>"


def ingest_objects(
    store: Store,
    data: Any,
    *,
    source: str,
    kind: str | None = None,
    columns: Mapping[str, str] | None = None,
    constants: Mapping[str, str] | None = None,
    qualifiers: Mapping[str, str] | None = None,
    full: bool = False,
    options: IngestOptions | None = None,
) -> IngestSummary | SyncSummary:
    """``data`` (records, or a DataFrame with ``columns``) into the store under ``source``; see the module docstring.
    Returns the pipeline's summary (a DataFrame: the sync's, with the versions it closed)."""
    source = require_text(source, "the source name")
    options = options or IngestOptions(progress=False)
    if options.rejects_path is None and options.rejects_dir is None:  # not beside a file: there is none
        options = replace(options, rejects_path=store.settings.home / "rejects" / f"python-{source}{SUFFIX}")
    if _is_frame(data):
        if columns is None:
            raise TkgragError(
                "ingesting a DataFrame needs columns={tkgrag field: column}, e.g. "
                "{'key': 'id', 'subject': 'person', 'relation': 'role', 'object': 'company', 'valid_from': 'from'}"
            )
        if kind not in (None, "events", "facts", "passages"):
            raise TkgragError(f"ingest: a DataFrame's rows become events or passages, not {kind!r}")
        mapping = mapping_from_columns(
            source,
            columns,
            constants or {},
            qualifiers or {},
            content=frame_checksum(data),
            page_size=options.batch_size,
            output="passages" if kind == "passages" else "events",
        )
        return sync_mapped(store, mapping, full=full, options=options, rows=lambda wm: frame_rows(mapping, data, wm))
    if columns is not None or constants is not None or qualifiers is not None:
        raise TkgragError("columns/constants/qualifiers map a DataFrame's columns; records carry their own fields")
    if isinstance(data, (str, bytes)) or not isinstance(data, Iterable):
        raise TkgragError(
            f"ingest takes records (EventRecord, PassageRecord, DocumentRecord/ChunkRecord) or a pandas DataFrame, "
            f"not {type(data).__name__}"
        )
    if kind is not None and kind not in OBJECT_KINDS:
        raise TkgragError(f"ingest: kind must be one of {', '.join(OBJECT_KINDS)}, got {kind!r}")
    items = list(data)
    kind = cast(ObjectKind, kind) if kind else _infer_kind(items)
    checked = list(_checked(items, kind, source))
    info = SourceInfo(name=source, format=f"python-{kind}", path=place(source), checksum=_records_checksum(checked))
    if kind == "passages":
        summary = ingest(store, checked, PassageWriter(), source=info, kind=PASSAGE_KIND, options=options)
        from tkgrag.ingest.sentences import sentences_after_ingest

        summary.derived.update(sentences_after_ingest(store, options.embedder, options.progress))
        return summary
    if kind == "corpus":
        return ingest(store, checked, CorpusWriter(), source=info, kind=CORPUS_KIND, options=options)
    if kind == "facts":
        return ingest(store, checked, FactWriter(), source=info, kind=FACT_KIND, options=options)
    return ingest(store, checked, EventWriter(), source=info, kind=EVENT_KIND, options=options)


def parse_passage_object(obj: Mapping[str, Any], ref: SourceRef, source: str) -> PassageRecord | Reject:
    """One passage in the JSON shape of the passages file format (``id``, ``title``, ``text``, ``dates``), checked
    by that format's own reader, or a reject naming the field."""
    try:
        return _parse_passage(obj, ref, source)
    except FieldError as exc:
        return Reject(ref, exc.reason, field=exc.field, raw=repr(dict(obj))[:500])


def _is_frame(data: object) -> bool:
    """A pandas DataFrame, without importing pandas for callers that pass records."""
    return type(data).__name__ == "DataFrame" and type(data).__module__.startswith("pandas")


def frame_checksum(frame: Any) -> str:
    """The frame's content (columns, values, order): the identity of its run, with the mapping."""
    import pandas as pd

    h = hashlib.sha256("\x1f".join(map(str, frame.columns)).encode("utf-8"))
    try:
        h.update(pd.util.hash_pandas_object(frame, index=False).to_numpy().tobytes())
    except TypeError:  # unhashable cells (lists of aliases): their text
        h.update(frame.astype(str).to_csv(index=False).encode("utf-8"))
    return h.hexdigest()


def _infer_kind(items: list[Any]) -> ObjectKind:
    for item in items:
        found = KINDS.get(type(item)) or next((k for t, k in KINDS.items() if isinstance(item, t)), None)
        if found == "events":
            return "facts" if any(isinstance(i, EventRecord) and i.qualifiers for i in items) else "events"
        if found is not None:
            return found
    if not items:
        return "events"
    raise TkgragError(
        f"ingest: item 0 is a {type(items[0]).__name__}; give EventRecord, PassageRecord or DocumentRecord/ChunkRecord "
        "objects, or a pandas DataFrame with columns="
    )


def _checked(items: list[Any], kind: ObjectKind, source: str) -> Iterator[Any]:
    """Each item as a record placed at its index, or a Reject naming the index and the field."""
    wanted = tuple(t for t, k in KINDS.items() if k == kind or (kind == "facts" and k == "events"))
    for n, item in enumerate(items):
        ref = SourceRef(place(source), item=n)
        if isinstance(item, Reject):  # a caller's parser already refused it (the service's JSON items)
            yield item
            continue
        if not isinstance(item, wanted):
            names = "/".join(t.__name__ for t in wanted)
            yield Reject(ref, f"expected {names} (this call ingests {kind}), got {type(item).__name__}", raw=_raw(item))
            continue
        try:
            yield _validated(item, ref, source)
        except FieldError as exc:
            yield Reject(ref, str(exc), field=exc.field, raw=_raw(item))


def _validated(item: Any, ref: SourceRef, source: str) -> Any:
    if isinstance(item, PassageRecord):
        # The passage reader's own validation and cleaning (text, title, id, dates found in the text when none given).
        obj: dict[str, Any] = {"title": item.title, "text": item.text}
        if item.key:
            obj["id"] = item.key
        parsed = _parse_passage(obj, ref, source)
        return replace(parsed, dates=item.dates) if item.dates else parsed
    if isinstance(item, EventRecord):
        for name in _EVENT_TEXT:
            _text(item, name)
        if not isinstance(item.span, TimeSpan):
            raise FieldError("span", f"expected a TimeSpan, got {type(item.span).__name__}")
        return replace(item, ref=ref, source=source)
    for name in ("key",):
        _text(item, name)
    if isinstance(item, ChunkRecord):
        _text(item, "document_key")
        _text(item, "text")
    return replace(item, ref=ref, source=source)


def _text(item: Any, name: str) -> str:
    value = getattr(item, name)
    if not isinstance(value, str):
        raise FieldError(name, f"expected text, got {type(value).__name__}")
    if not value.strip():
        raise FieldError(name, f"{name} is empty")
    try:
        return require_text(value, name)
    except TkgragError as exc:
        raise FieldError(name, str(exc)) from None


def _raw(item: Any) -> str:
    return repr(item)[:500]


def _records_checksum(items: list[Any]) -> str:
    h = hashlib.sha256()
    for item in items:
        h.update(json.dumps(_plain(item), sort_keys=True, default=str).encode("utf-8"))
        h.update(b"\x1e")
    return h.hexdigest()


def _plain(item: Any) -> Any:
    if isinstance(item, Reject):
        return {"reject": item.reason, "at": str(item.ref)}
    if is_dataclass(item):
        return {f.name: str(getattr(item, f.name)) for f in fields(item) if f.name != "ref"}
    return repr(item)


__all__ = ["ObjectKind", "ingest_objects"]
