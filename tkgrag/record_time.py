"""Record time (transaction time) as users give it: ``--as-of-record D`` and ``as_of=`` in Python.

A datetime with a zone is taken as it is; one without a zone is UTC; a bare date ``YYYY-MM-DD`` means the END of that
day in UTC (what the store knew once the day was over: every sync that day counts). The store keeps record time as
Neo4j datetimes (``recorded_from`` / ``recorded_to``), so the comparison is exact to the microsecond.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time

from tkgrag.errors import ConfigError

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_record_time(value: datetime | date | str | None, what: str = "as-of record time") -> datetime | None:
    """A UTC datetime for ``value`` (None stays None: now, only current items)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime.combine(value, time.max, tzinfo=UTC)
    text = value.strip()
    if not text or text.lower() == "now":
        return None
    try:
        if _DATE.match(text):
            return datetime.combine(date.fromisoformat(text), time.max, tzinfo=UTC)
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00") if text.endswith("Z") else text)
    except ValueError:
        raise ConfigError(
            f"{what} {value!r} is not a date (YYYY-MM-DD) or an ISO datetime (2026-11-25T16:30:00Z)"
        ) from None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)
