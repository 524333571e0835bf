"""The one error a source record raises for a bad field, so ingestion and eval both report it by field name."""

from __future__ import annotations


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
