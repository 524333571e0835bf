"""JSON objects from a ``.jsonl`` file (one per line) or a ``.json`` file (a list), each with where it came from.

Every format reader starts here, the ingestion formats (``iter_json_objects``) and the benchmark loaders of
``tkgrag.eval`` (``json_lines``, ``json_list_items`` on text they have read): a broken line becomes a ``Reject`` naming
the file and line, and the rest of the file still reads. A ``.json`` file must parse as a whole (JSON has no way to
resume after a syntax error), so a broken one is a single reject for the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from tkgrag.sources.fields import FieldError, check_indexable
from tkgrag.sources.readsum import ReadDigest, open_input
from tkgrag.sources.records import Reject, SourceRef

JsonItem = tuple[SourceRef, Mapping[str, Any]]
# Fields whose values become indexed keys or names: record ids, the entities and labels of facts, titles.
INDEXED_FIELDS = frozenset(
    {
        "id",
        "subject",
        "subject_label",
        "object",
        "object_label",
        "predicate",
        "predicate_label",
        "value",
        "value_label",
        "title",
    }
)


def is_json_list_file(path: Path) -> bool:
    """``.json`` files hold one JSON value (a list); anything else is read as JSON Lines."""
    return path.suffix.lower() == ".json"


def iter_json_objects(path: Path, digest: ReadDigest | None = None) -> Iterator[JsonItem | Reject]:
    """Objects of ``path`` with their ``SourceRef``; malformed lines/items come back as rejects. ``digest``: hashes the
    bytes read (``readsum``)."""
    if is_json_list_file(path):
        yield from _iter_list(path, digest)
    else:
        yield from _iter_lines(path, digest)


def utf8_lines(path: Path, digest: ReadDigest | None = None) -> Iterator[tuple[SourceRef, str] | Reject]:
    """The lines of a text file with their ``SourceRef``; a line that is not UTF-8 is a ``Reject`` naming the line and
    byte, and the rest of the file still reads (as the TSV reader does)."""
    with open_input(path, digest) as fh:
        for lineno, raw in enumerate(fh, start=1):
            ref = SourceRef(str(path), line=lineno)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                why = f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8"
                yield Reject(ref, why, raw=repr(raw)[:300])
                continue
            yield ref, text.lstrip("\ufeff") if lineno == 1 else text


def _loads(text: str) -> Any:
    """``json.loads``, with nesting deeper than the parser's recursion limit reported as invalid JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply (more than ~1,000 levels)", text[:50], 0) from None


def json_line(ref: SourceRef, line: str) -> JsonItem | Reject | None:
    """One line of JSON Lines: its object, a ``Reject`` when it is not a JSON object, None when it is blank."""
    text = line.strip()
    if not text:
        return None
    try:
        obj = _loads(text)
    except json.JSONDecodeError as exc:
        return Reject(ref, f"not valid JSON ({exc.msg} at column {exc.colno})", raw=text[:500])
    if not isinstance(obj, dict):
        return Reject(ref, f"expected a JSON object, found {type(obj).__name__}", raw=text[:500])
    return ref, obj


def json_lines(path: Path, text: str) -> Iterator[JsonItem | Reject]:
    """The objects of JSON Lines text already read from ``path``, each with its line; bad lines as rejects."""
    for lineno, line in enumerate(text.splitlines(), start=1):
        item = json_line(SourceRef(str(path), line=lineno), line)
        if item is not None:
            yield item


_BETWEEN_ITEMS = re.compile(r"[\s,]*")


def json_list_items(path: Path, text: str, data: list[Any]) -> list[tuple[SourceRef, Any, str]]:
    """The items of a top-level JSON array (``data``, parsed from ``text``), each with the line it starts on (so an
    error names it) and its first 300 characters as written."""
    decoder = json.JSONDecoder()
    out: list[tuple[SourceRef, Any, str]] = []
    pos = text.index("[") + 1
    line = text.count("\n", 0, pos) + 1
    for i, value in enumerate(data):
        m = _BETWEEN_ITEMS.match(text, pos)
        start = m.end() if m else pos
        line += text.count("\n", pos, start)
        _, end = decoder.raw_decode(text, start)
        out.append((SourceRef(str(path), line=line, item=i), value, text[start : min(end, start + 300)]))
        line += text.count("\n", start, end)
        pos = end
    return out


def _iter_lines(path: Path, digest: ReadDigest | None) -> Iterator[JsonItem | Reject]:
    for item in utf8_lines(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        parsed = json_line(*item)
        if parsed is not None:
            yield parsed


def read_json_value(path: Path, digest: ReadDigest | None = None) -> Any:
    """A whole ``.json`` file; not UTF-8 or not JSON raise ``json.JSONDecodeError`` with where it went wrong."""
    with open_input(path, digest) as fh:
        raw = fh.read()
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        msg = f"not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8"
        raise json.JSONDecodeError(msg, "\n" * (line - 1), line - 1) from None
    return _loads(text)


def _iter_list(path: Path, digest: ReadDigest | None) -> Iterator[JsonItem | Reject]:
    try:
        data = read_json_value(path, digest)
    except json.JSONDecodeError as exc:
        ref = SourceRef(str(path), line=exc.lineno)
        yield Reject(ref, f"not valid JSON ({exc.msg} at column {exc.colno}); fix the file or convert it to JSONL")
        return
    if not isinstance(data, list):
        yield Reject(SourceRef(str(path)), f"expected a JSON list of objects, found {type(data).__name__}")
        return
    for i, obj in enumerate(data):
        ref = SourceRef(str(path), item=i)
        if not isinstance(obj, dict):
            yield Reject(ref, f"expected a JSON object, found {type(obj).__name__}", raw=json.dumps(obj)[:500])
            continue
        yield ref, obj


def raw_of(obj: Mapping[str, Any]) -> str:
    """The record as it was, shortened, for the rejects file."""
    return json.dumps(obj, ensure_ascii=False)[:500]


def text_field(obj: Mapping[str, Any], name: str, *, required: bool = True, numbers: bool = False) -> str | None:
    """A non-empty string field (numbers become strings when ``numbers``); missing -> None unless ``required``."""
    value = obj.get(name)
    if value is None:
        if required:
            raise FieldError(name, "missing (required)")
        return None
    if numbers and isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise FieldError(name, f"expected a string, found {type(value).__name__}")
    value = value.strip()
    if not value:
        if required:
            raise FieldError(name, "empty (required)")
        return None
    return check_indexable(name, value) if name in INDEXED_FIELDS else value


def check_fields(obj: Mapping[str, Any], allowed: frozenset[str], prefix: str = "") -> None:
    """Unknown fields are rejected: a typo ("qualifer") would otherwise drop data silently."""
    for key in obj:
        if key not in allowed:
            raise FieldError(f"{prefix}{key}", f"unknown field (expected one of: {', '.join(sorted(allowed))})")
