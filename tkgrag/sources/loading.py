"""What every benchmark loader shares: the error for a file that cannot load at all, one record with where it
sits, the collector of questions and rejects, reading the file as JSON or JSON Lines (``sources.jsonsource``) and
the typed field access whose ``FieldError`` names the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.errors import TkgragError
from tkgrag.sources.fields import FieldError, field_value, kind_of
from tkgrag.sources.jsonsource import json_lines, json_list_items, raw_of
from tkgrag.sources.normalize import parse_time
from tkgrag.sources.questions import AnswerType, Dataset, EvalQuestion
from tkgrag.sources.records import PassageRecord, Reject, SourceRef


class DatasetError(TkgragError):
    """A benchmark file that cannot be loaded at all (not JSON, unknown format, no usable record)."""


@dataclass
class Raw:
    """One top-level record of a file and where it sits."""

    ref: SourceRef
    value: Any
    text: str = ""


@dataclass
class Collector:
    """Gathers questions and rejects; refuses duplicate question ids (the later one is rejected)."""

    questions: list[EvalQuestion] = field(default_factory=list)
    rejects: list[Reject] = field(default_factory=list)
    seen: dict[str, SourceRef] = field(default_factory=dict)

    def reject(self, raw: Raw, reason: str, fld: str | None = None) -> None:
        self.rejects.append(Reject(raw.ref, reason, fld, raw.text[:300]))

    def add(self, raw: Raw, q: EvalQuestion) -> None:
        if q.id in self.seen:
            self.reject(raw, f"duplicate question id {q.id!r} (first at {self.seen[q.id]})", "id")
            return
        self.seen[q.id] = raw.ref
        self.questions.append(q)


# ------------------------------------------------------------------------------------------- reading files
def json_error(path: Path, exc: json.JSONDecodeError, what: str) -> DatasetError:
    return DatasetError(
        f"{path}:{exc.lineno}:{exc.colno}: not valid {what} ({exc.msg}). "
        "Check the file is a complete, unmodified copy of the benchmark."
    )


def read_text(path: Path) -> str:
    if not path.exists():
        raise DatasetError(f"{path}: no such file")
    if path.is_dir():
        found = sorted(p.name for p in path.iterdir() if p.suffix in (".json", ".jsonl"))
        hint = f" (JSON files there: {', '.join(found)})" if found else ""
        raise DatasetError(f"{path}: is a folder; pass one question file{hint}")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path}: not UTF-8 text (byte {exc.start}); is it a JSON/JSONL benchmark file?") from None


def jsonl_records(path: Path, text: str, out: Collector) -> list[Raw]:
    """Parsed lines of a JSONL file (``sources.jsonsource``); bad lines become rejects. Raises when NO line is JSON."""
    records: list[Raw] = []
    bad = 0
    for item in json_lines(path, text):
        if isinstance(item, Reject):
            bad += item.reason.startswith("not valid JSON")
            out.rejects.append(item)
            continue
        ref, obj = item
        records.append(Raw(ref, obj, raw_of(obj)))
    if not records and bad:
        first = out.rejects[0].describe()
        raise DatasetError(f"{path}: not JSON Lines: no line parses as JSON (first: {first})")
    return records


def json_items(path: Path, text: str) -> list[Raw]:
    """Items of a top-level JSON array, each with the line it starts on. Raises for anything but a JSON array."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise json_error(path, exc, "JSON") from None
    if not isinstance(data, list):
        keys = f" with keys {sorted(data)[:8]}" if isinstance(data, dict) else ""
        raise DatasetError(f"{path}: expected a JSON list of questions, got {kind_of(data)}{keys}")
    return [Raw(ref, value, raw) for ref, value, raw in json_list_items(path, text, data)]


# ------------------------------------------------------------------------------------------- field access


def list_field(obj: Mapping[str, Any], key: str, prefix: str = "", *, nonempty: bool = False) -> list[Any]:
    v = field_value(obj, key, prefix)
    if not isinstance(v, list):
        raise FieldError(prefix + key, f"expected a list, got {kind_of(v)}")
    if nonempty and not v:
        raise FieldError(prefix + key, "is empty (a question needs at least one gold answer)")
    return v


def str_list_field(obj: Mapping[str, Any], key: str, prefix: str = "", *, nonempty: bool = False) -> list[str]:
    items = list_field(obj, key, prefix, nonempty=nonempty)
    for i, v in enumerate(items):
        if not isinstance(v, str) or not v.strip():
            raise FieldError(f"{prefix}{key}[{i}]", f"expected a non-empty string, got {kind_of(v)} {v!r:.60}")
    return items


def choice_field(obj: Mapping[str, Any], key: str, allowed: tuple[str, ...], *, optional: bool = False) -> str | None:
    if optional and obj.get(key) is None:
        return None
    v = field_value(obj, key)
    if v not in allowed:
        raise FieldError(key, f"expected one of {', '.join(allowed)}, got {v!r:.60}")
    return str(v)


def time_answers(answers: list[str], key: str) -> None:
    for i, a in enumerate(answers):
        if parse_time(a) is None:
            raise FieldError(
                f"{key}[{i}]", f"answer_type is 'time' but {a!r} is not a date (YYYY, YYYY-MM, YYYY-MM-DD)"
            )


def infer_type(answers: list[str]) -> AnswerType:
    return "time" if answers and all(parse_time(a) is not None for a in answers) else "entity"


# ------------------------------------------------------------------------------------------- shared plumbing
def objects(items: list[Raw], out: Collector) -> Iterator[Raw]:
    for raw in items:
        if isinstance(raw.value, dict):
            yield raw
        else:
            out.reject(raw, f"expected a JSON object, got {kind_of(raw.value)}")


def guard(out: Collector, raw: Raw, fn: Callable[[Raw], None]) -> None:
    try:
        fn(raw)
    except FieldError as exc:
        out.reject(raw, exc.reason, exc.field)


def finish(path: Path, fmt: str, out: Collector, passages: list[PassageRecord] | None = None) -> Dataset:
    if not out.questions:
        detail = "; ".join(r.describe() for r in out.rejects[:3]) or "the file holds no records"
        raise DatasetError(f"{path}: no usable {fmt} question ({len(out.rejects)} rejected): {detail}")
    unique = {p.key: p for p in reversed(passages or [])}  # one per key, the first, as ingestion keeps it
    return Dataset(path.stem, fmt, str(path), out.questions, out.rejects, list(reversed(unique.values())))
