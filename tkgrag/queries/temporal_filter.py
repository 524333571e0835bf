"""The one temporal-filter builder: the Cypher predicate that keeps a node whose time interval meets every temporal
constraint of a request. Every retriever and the symbolic reader's bounded reads use it, on every node kind.

Where each kind keeps its interval (``INTERVALS``):

==========  ============================  =====================================================================
label       start / end properties        what the interval is
==========  ============================  =====================================================================
Event       valid_from / valid_to         an event's day, or a fact's validity: the start/end/point-in-time
                                          qualifiers of an n-ary fact are consumed into these at ingestion
Passage     date_min / date_max           the span of the dates the passage's text mentions
Chunk       valid_from / valid_to         chunks carry no time today (both absent): always open
==========  ============================  =====================================================================

The one rule, in days, for open or missing bounds and for granularity:

* Both the item and the constraint are closed intervals of days, already widened to the granularity they were
  stated at (a month fact is ``[05-01, 05-31]``; "in May 2014" is the same; "on 2014-05-13" is one day).
* A missing bound (null) is open: an absent start is minus infinity, an absent end plus infinity. An item without
  any time overlaps every period and is never certainly before or after one.
* ``before``: the item certainly ends before the constraint starts (``end < c.start``; an open end never does).
  ``after``: it certainly starts after the constraint ends (``start > c.end``).
  ``during``: the two intervals share at least one day (``start <= c.end AND end >= c.start``), open bounds
  counting as sharing.
* So a month-granular fact against a day constraint: it is ``during`` the day when the day falls in its month, and
  ``before``/``after`` only when its whole month is. Coarse facts are kept where they may hold, never claimed to
  be before or after what they may overlap.

``TemporalConstraint.admits`` is the same rule in Python (tests check both agree on every case).

Record time (transaction time: when this store learned an item and when it stopped believing it) is the second axis.
Every kind keeps it in ``recorded_from`` / ``recorded_to`` (Neo4j datetimes; written by ingestion, closed by a mapped
source's sync). The same open-bound rule holds: a null ``recorded_from`` is "always known" (items stored before
record time existed), a null ``recorded_to`` is "still believed". With ``$as_of_record`` null (the default) an item
passes when it is current (``recorded_to IS NULL``); with a datetime D it passes when it was recorded at D
(``recorded_from <= D < recorded_to``, open bounds counting as holding). Graphiti's bi-temporal edges keep the same
pair as ``created_at`` / ``expired_at``.

Parameters: ``$tcs``, a list of ``{relation, start, end}`` maps (``constraint_params``), all of which must hold;
an empty list admits everything; ``$as_of_record``, null or a datetime (``constraint_params`` supplies both). The
variable and property names come from ``INTERVALS`` and a fixed identifier pattern, never from data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tkgrag.model import TemporalConstraint

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Interval:
    """The properties holding a node's closed interval of days (null = open bound)."""

    start: str
    end: str


INTERVALS: dict[str, Interval] = {
    "Event": Interval("valid_from", "valid_to"),
    "Passage": Interval("date_min", "date_max"),
    "Chunk": Interval("valid_from", "valid_to"),
}


def _identifier(name: str, what: str) -> str:
    if not _IDENTIFIER.match(name):
        raise ValueError(f"temporal filter: {what} {name!r} is not a plain Cypher identifier")
    return name


def temporal_filter(var: str, label: str, param: str = "tcs") -> str:
    """A Cypher predicate on node ``var`` (of ``label``) that holds when its interval meets every constraint in
    ``$<param>`` (see the module docstring for the rule)."""
    if label not in INTERVALS:
        raise ValueError(f"temporal filter: no interval properties known for label {label!r} ({', '.join(INTERVALS)})")
    iv = INTERVALS[label]
    v, p = _identifier(var, "variable"), _identifier(param, "parameter")
    start, end = f"{v}.{iv.start}", f"{v}.{iv.end}"
    return (
        f"{record_filter(v)} AND "
        f"all(tc IN ${p} WHERE "
        f"(tc.relation = 'before' AND {end} < tc.start)"
        f" OR (tc.relation = 'after' AND {start} > tc.end)"
        f" OR (tc.relation = 'during'"
        f" AND (tc.end IS NULL OR {start} IS NULL OR {start} <= tc.end)"
        f" AND (tc.start IS NULL OR {end} IS NULL OR {end} >= tc.start)))"
    )


RECORD_PARAM = "as_of_record"


def record_filter(var: str) -> str:
    """The record-time predicate on node ``var``: current items when ``$as_of_record`` is null, else the items
    recorded at that instant (see the module docstring). Every kind keeps ``recorded_from`` / ``recorded_to``."""
    v = _identifier(var, "variable")
    return (
        f"(CASE WHEN ${RECORD_PARAM} IS NULL THEN {v}.recorded_to IS NULL"
        f" ELSE coalesce({v}.recorded_from <= ${RECORD_PARAM}, true)"
        f" AND coalesce({v}.recorded_to > ${RECORD_PARAM}, true) END)"
    )


def constraint_params(
    constraints: Iterable[TemporalConstraint | None] = (),
    as_of_record: datetime | None = None,
    param: str = "tcs",
) -> dict[str, Any]:
    """``{param: [{relation, start, end}, ...], "as_of_record": D}`` for the constraints given (None entries are
    skipped) and the record time asked (None: now, i.e. only current items)."""
    if as_of_record is not None and as_of_record.tzinfo is None:
        raise ValueError(f"as-of record time {as_of_record.isoformat()} has no time zone (give UTC)")
    if as_of_record is not None:
        # Record times are stored with a UTC offset; Neo4j does not order an offset datetime against one with a zone
        # id (Europe/Paris), so the parameter always goes as UTC.
        as_of_record = as_of_record.astimezone(UTC)
    return {
        param: [
            {"relation": c.relation.value, "start": c.span.start, "end": c.span.end}
            for c in constraints
            if c is not None
        ],
        RECORD_PARAM: as_of_record,
    }
