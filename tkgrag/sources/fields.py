"""The one error a source record raises for a bad field, so ingestion and eval both report it by field name, and the
field access that raises it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class FieldError(ValueError):
    """A field of one record is missing or malformed; becomes a ``Reject`` with that field's name."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason


# Neo4j's range indexes (every key and name tkgrag indexes) refuse a value of more than about 8 KB ("Property value
# is too large to index") and fail the whole batch; 8,000 UTF-8 bytes is safely under the limit, and 8,000 ASCII
# characters were measured to pass.
MAX_INDEXED_BYTES = 8000


def check_indexable(field: str, value: str) -> str:
    """``value`` when Neo4j can index it, else a ``FieldError`` for that field (the line is rejected, not the batch)."""
    size = len(value.encode("utf-8"))
    if size > MAX_INDEXED_BYTES:
        raise FieldError(
            field, f"is {size:,} bytes; Neo4j indexes values of at most ~8 KB (tkgrag accepts {MAX_INDEXED_BYTES:,})"
        )
    return value


def kind_of(value: object) -> str:
    """How a person names a JSON value's type in an error: "an object", "a list", "null"."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def field_value(obj: Mapping[str, Any], key: str, prefix: str = "") -> Any:
    """``obj[key]``; a ``FieldError`` naming ``prefix + key`` when it is missing."""
    if key not in obj:
        raise FieldError(prefix + key, "missing")
    return obj[key]


def string_field(obj: Mapping[str, Any], key: str, prefix: str = "", *, allow_int: bool = False) -> str:
    """A present, non-blank string (an integer read as its digits when ``allow_int``), as written."""
    v = field_value(obj, key, prefix)
    if allow_int and isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if not isinstance(v, str) or not v.strip():
        raise FieldError(prefix + key, f"expected a non-empty string, got {kind_of(v)} {v!r:.60}")
    return v
