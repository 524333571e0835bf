"""The one error a source record raises for a bad field, so ingestion and eval both report it by field name."""

from __future__ import annotations


class FieldError(ValueError):
    """A field of one record is missing or malformed; becomes a ``Reject`` with that field's name."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field
        self.reason = reason
