"""Passages for MRAG-style retrieval, with the dates they mention: generic JSONL/JSON, TimeQA and MenatQA files.

Generic schema (``cypher/README.md``, "Passages JSONL"): ``{"id"?, "title"?, "text", "dates"?, "source"?}``. Without
``dates`` the dates are extracted from the text (``dates_in_text``); with it, each entry must parse
(``2014``, ``2014-05``, ``2014-05-06`` or a range ``1916..1920``).

TimeQA and MenatQA items are parsed by ``tkgrag.sources`` (the same code the eval loaders use, so gold passage ids
are these keys): a TimeQA paragraph is keyed ``<link>#<paragraph index>``, a MenatQA section by a hash of its title
and text. TimeQA paragraphs under ``min_words`` words are skipped (default 1: keep all, because short list items like
"- Spanish League" and the title line hold answers).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from tkgrag.ingest.formats.dates_in_text import extract_dates
from tkgrag.sources.fields import FieldError
from tkgrag.sources.jsonsource import check_fields, iter_json_objects, raw_of, read_json_value, text_field
from tkgrag.sources.keys import clean_text, content_key
from tkgrag.sources.menatqa import menatqa_context, menatqa_section
from tkgrag.sources.readsum import Checksummed, ReadDigest
from tkgrag.sources.records import PassageRecord, Reject, SourceRef
from tkgrag.sources.timeqa import timeqa_passages
from tkgrag.temporal import TimeParseError, TimeSpan
from tkgrag.text_input import default_source

PassageFormat = Literal["auto", "jsonl", "json", "timeqa", "menatqa"]
PASSAGE_FIELDS = frozenset({"id", "title", "text", "dates", "source"})
DEFAULT_MIN_WORDS = 1


def parse_date_label(value: str) -> TimeSpan:
    """``2014``, ``2014-05``, ``2014-05-06`` or ``A..B`` (how ``TimeSpan.label`` writes a range)."""
    if ".." in value:
        a, b = value.split("..", 1)
        return TimeSpan.between(a.strip() or None, b.strip() or None)
    return TimeSpan.parse(value)


def detect_format(path: Path) -> PassageFormat:
    """``.json`` files are looked into: TimeQA items have ``paras``, MenatQA items ``context``."""
    if path.suffix.lower() != ".json":
        return "jsonl"
    try:
        data = read_json_value(path)
    except json.JSONDecodeError:
        return "json"  # the generic reader reports the syntax error (or the bytes that are not UTF-8) with its line
    first = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else {}
    if "paras" in first and "link" in first:
        return "timeqa"
    if "context" in first and "question" in first:
        return "menatqa"
    return "json"


def read_passages(
    path: Path, *, source: str | None = None, fmt: PassageFormat = "auto", min_words: int = DEFAULT_MIN_WORDS
) -> Checksummed[PassageRecord | Reject]:
    """Passages of ``path`` (each key once per file), or rejects. The result reports ``read_checksum`` once read
    (``readsum``)."""
    return Checksummed(lambda digest: _read_passages(path, source, fmt, min_words, digest))


def _read_passages(
    path: Path, source: str | None, fmt: PassageFormat, min_words: int, digest: ReadDigest
) -> Iterator[PassageRecord | Reject]:
    src = source or default_source(path)
    kind = detect_format(path) if fmt == "auto" else fmt
    if kind == "timeqa":
        records = _read_timeqa(path, src, min_words, digest)
    elif kind == "menatqa":
        records = _read_menatqa(path, src, digest)
    else:
        records = _read_generic(path, src, digest)
    seen: set[str] = set()
    for r in records:
        if isinstance(r, PassageRecord):
            if r.key in seen:
                continue
            seen.add(r.key)
        yield r


def _read_generic(path: Path, source: str, digest: ReadDigest) -> Iterator[PassageRecord | Reject]:
    """A repeated ``id`` is rejected with its line, as the corpus reader does (a passage without an id is keyed by its
    content, so a repeat there is the same passage and is read once)."""
    ids: set[str] = set()
    for item in iter_json_objects(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        ref, obj = item
        try:
            record = _parse_passage(obj, ref, source)
            if obj.get("id") is not None:
                if record.key in ids:
                    raise FieldError("id", f"passage {record.key!r} appears twice in this file (ids must be unique)")
                ids.add(record.key)
            yield record
        except FieldError as exc:
            yield Reject(ref, exc.reason, field=exc.field, raw=raw_of(obj))


def _parse_passage(obj: Mapping[str, Any], ref: SourceRef, default_source: str) -> PassageRecord:
    check_fields(obj, PASSAGE_FIELDS)
    raw_text = text_field(obj, "text")
    assert raw_text is not None
    text = clean_text(raw_text)
    title = text_field(obj, "title", required=False) or ""
    key = text_field(obj, "id", required=False, numbers=True) or content_key(title, text)
    dates_value = obj.get("dates")
    if dates_value is None:
        dates = tuple(extract_dates(text))
    else:
        if not isinstance(dates_value, list):
            raise FieldError("dates", f"expected a list of date strings, found {type(dates_value).__name__}")
        parsed: set[TimeSpan] = set()
        for i, d in enumerate(dates_value):
            if not isinstance(d, str | int) or isinstance(d, bool):
                raise FieldError(f"dates[{i}]", f"expected a date string, found {type(d).__name__}")
            try:
                parsed.add(parse_date_label(str(d)))
            except (TimeParseError, ValueError) as exc:
                raise FieldError(f"dates[{i}]", str(exc)) from None
        dates = tuple(sorted(parsed, key=lambda s: (s.start, s.end)))
    source = text_field(obj, "source", required=False) or default_source
    return PassageRecord(key=key, title=title, text=text, ref=ref, source=source, dates=dates)


def _with_dates(p: PassageRecord) -> PassageRecord:
    return replace(p, dates=tuple(extract_dates(p.text)))


def _read_timeqa(path: Path, source: str, min_words: int, digest: ReadDigest) -> Iterator[PassageRecord | Reject]:
    for item in iter_json_objects(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        ref, obj = item
        try:
            passages = timeqa_passages(obj, ref, source)
        except FieldError as exc:
            yield Reject(ref, exc.reason, field=exc.field, raw=raw_of(obj))
            continue
        yield from (_with_dates(p) for p in passages if len(p.text.split()) >= min_words)


def _read_menatqa(path: Path, source: str, digest: ReadDigest) -> Iterator[PassageRecord | Reject]:
    for item in iter_json_objects(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        ref, obj = item
        try:
            context = menatqa_context(obj)
        except FieldError as exc:
            yield Reject(ref, exc.reason, field=exc.field, raw=raw_of(obj))
            continue
        for i, section in enumerate(context):
            try:
                yield _with_dates(menatqa_section(section, i, ref, source))
            except FieldError as exc:
                raw = raw_of(section) if isinstance(section, dict) else ""
                yield Reject(ref, exc.reason, field=exc.field, raw=raw)
