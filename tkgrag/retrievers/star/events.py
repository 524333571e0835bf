"""The events STAR-RAG summarizes, as plain data: ``(subject, relation, object, day)``.

Callers hand in whatever they loaded (from Neo4j or a TSV) as :class:`StarEvent` or 4-tuples; the algorithms work on
integer-coded numpy arrays (:class:`EventArrays`) so that grouping and span counting stay vectorized.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

import numpy as np

from tkgrag.errors import TkgragError


class EventInputError(TkgragError, ValueError):
    """An input event is malformed (names the event's position and field)."""


@dataclass(frozen=True)
class StarEvent:
    """One temporal event ``(s, r, o, t)``; ``day`` is a ``date`` or its proleptic ordinal (``date.toordinal()``)."""

    subject: str
    relation: str
    object: str
    day: date | int


EventLike = StarEvent | tuple[str, str, str, date | int]


def _day_ordinal(value: object, position: int) -> int:
    # bool is an int subclass; a True "day" is a bug in the caller, not day 1.
    if isinstance(value, date):
        return value.toordinal()
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return int(value)
    raise EventInputError(
        f"event #{position}: field 'day' must be a datetime.date or an int ordinal, got {type(value).__name__} "
        f"{value!r}"
    )


@dataclass(frozen=True)
class EventArrays:
    """Integer-coded events. ``subject[i]``/``object[i]`` index ``entities``, ``relation[i]`` indexes ``relations``."""

    subject: np.ndarray  # int64, shape (n,)
    relation: np.ndarray  # int64
    object: np.ndarray  # int64
    day: np.ndarray  # int64 ordinals
    entities: tuple[str, ...]
    relations: tuple[str, ...]

    def __len__(self) -> int:
        return int(self.subject.shape[0])


def encode_events(events: Iterable[EventLike]) -> EventArrays:
    """Validate and integer-code events. Entity and relation codes follow sorted names, so they are reproducible."""
    subj: list[str] = []
    rel: list[str] = []
    obj: list[str] = []
    days: list[int] = []
    for i, ev in enumerate(events):
        if isinstance(ev, StarEvent):
            s, r, o, t = ev.subject, ev.relation, ev.object, ev.day
        elif isinstance(ev, tuple | list) and len(ev) == 4:
            s, r, o, t = ev
        else:
            raise EventInputError(f"event #{i}: expected StarEvent or (subject, relation, object, day), got {ev!r}")
        for field_name, value in (("subject", s), ("relation", r), ("object", o)):
            if not isinstance(value, str) or not value:
                raise EventInputError(f"event #{i}: field {field_name!r} must be a non-empty string, got {value!r}")
        subj.append(s)
        rel.append(r)
        obj.append(o)
        days.append(_day_ordinal(t, i))
    entities = tuple(sorted(set(subj) | set(obj)))
    relations = tuple(sorted(set(rel)))
    ent_code = {e: k for k, e in enumerate(entities)}
    rel_code = {r: k for k, r in enumerate(relations)}
    return EventArrays(
        subject=np.fromiter((ent_code[x] for x in subj), dtype=np.int64, count=len(subj)),
        relation=np.fromiter((rel_code[x] for x in rel), dtype=np.int64, count=len(rel)),
        object=np.fromiter((ent_code[x] for x in obj), dtype=np.int64, count=len(obj)),
        day=np.asarray(days, dtype=np.int64),
        entities=entities,
        relations=relations,
    )


def as_event_arrays(events: EventArrays | Sequence[EventLike]) -> EventArrays:
    return events if isinstance(events, EventArrays) else encode_events(events)
