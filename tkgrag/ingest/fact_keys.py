"""Fact keys for events stored before they existed, so a second source's copy of such a fact is not written again.

``Event.fact_key`` (the fact without its source) is how an ingest recognises a fact another source already stored
(``queries.ingest.ADD_EVENT_SOURCES``). Events written before the key existed have none, so the same fact from a new
source became a second node. The key is a function of what the event node stores (subject and object keys or the
literal, relation, span and granularity), so it is computed here, page by page in key order, before an event ingest
writes anything. It is a one-time migration: every writer of events (TSV events, n-ary facts, mapped versions) keys
what it writes, so once a backfill has gone through every event it leaves a mark (``FactKeyMeta``) and later ingests
read that one node instead of scanning all events (a scan for ``fact_key IS NULL`` cannot use the index).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from tkgrag.queries import ingest as q
from tkgrag.sources.records import fact_key
from tkgrag.store.connection import Store
from tkgrag.temporal import Granularity, TimeSpan

PAGE = 5000


def _native(value: Any) -> date | None:
    if value is None:
        return None
    native = value.to_native() if hasattr(value, "to_native") else value
    return native.date() if hasattr(native, "date") and callable(native.date) else native


def stored_fact_key(row: dict[str, Any]) -> str | None:
    """The fact key of one stored event row (``EVENTS_WITHOUT_FACT_KEY``); None when the node lacks what it needs."""
    if row.get("subject") is None or row.get("object") is None or row.get("relation") is None:
        return None
    try:
        span = TimeSpan(_native(row.get("valid_from")), _native(row.get("valid_to")), Granularity(row["granularity"]))
    except (ValueError, KeyError):
        return None
    return fact_key(str(row["subject"]), str(row["relation"]), str(row["object"]), span)


def backfill_fact_keys(store: Store, *, page: int = PAGE) -> int:
    """Set ``fact_key`` on every event that has none (and can have one), then mark the store; returns how many were
    set (0 without a scan on a marked store)."""
    if store.run(q.FACT_KEYS_MARKED):
        return 0
    after = ""
    done = 0
    while True:
        rows = store.run(q.EVENTS_WITHOUT_FACT_KEY, {"after": after, "page": page})
        if not rows:
            store.run(q.MARK_FACT_KEYS)
            return done
        after = rows[-1]["key"]
        keyed = [{"key": r["key"], "fact_key": k} for r in rows if (k := stored_fact_key(r)) is not None]
        if keyed:
            done += int(store.run(q.SET_FACT_KEYS, {"rows": keyed})[0]["set"])
