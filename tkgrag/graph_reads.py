"""Bounded reads of facts around linked entities (``queries.reading``), shared by question grounding (to resolve
anchor events) and the symbolic reader (to make first/last/nearest exact). One module so the two never duplicate a
query, and so ``tkgrag.question`` does not import ``tkgrag.readers``.

The record time these reads see is the one of the request being answered (``record_time``): the reader sets it
around grounding and reading, so anchor events and compared facts come from the same store state as the retrieval.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tkgrag.items import item_from_row
from tkgrag.model import Evidence, TemporalConstraint
from tkgrag.queries import reading as qr
from tkgrag.queries.temporal_filter import RECORD_PARAM, constraint_params
from tkgrag.store import Store

_AS_OF_RECORD: ContextVar[datetime | None] = ContextVar("tkgrag_as_of_record", default=None)


def as_of_record() -> datetime | None:
    """The record time of the request being answered (None: the current store)."""
    return _AS_OF_RECORD.get()


@contextlib.contextmanager
def record_time(as_of: datetime | None) -> Iterator[None]:
    """Reads inside the block see the store as of record time ``as_of`` (None: current items only)."""
    token = _AS_OF_RECORD.set(as_of)
    try:
        yield
    finally:
        _AS_OF_RECORD.reset(token)


@dataclass
class FactReads:
    store: Store

    def facts(
        self,
        subject: str | None,
        object: str | None,
        relations: Sequence[str] | None,
        constraints: Sequence[TemporalConstraint] = (),
        *,
        newest_first: bool = False,
        limit: int = 5000,
    ) -> list[Evidence]:
        """Facts with a fixed subject and/or object (at most ``limit``, in time order from the end that matters),
        meeting every constraint; [] when neither entity is fixed."""
        params: dict[str, Any] = {
            "relations": list(relations) if relations else None,
            "newest_first": newest_first,
            "limit": limit,
            **constraint_params(constraints, _AS_OF_RECORD.get()),
        }
        if subject and object:
            rows = self.store.run(qr.FACTS_BY_PAIR, {**params, "subject": subject, "object": object})
        elif subject:
            rows = self.store.run(qr.FACTS_BY_SUBJECT, {**params, "subject": subject})
        elif object:
            rows = self.store.run(qr.FACTS_BY_OBJECT, {**params, "object": object})
        else:
            return []
        return [item_from_row(r) for r in rows]

    def similar_events(self, entity: str, qvec: list[float], k: int = 1) -> list[Evidence]:
        """The entity's ``k`` events most similar to ``qvec`` (scores are Neo4j's cosine in [0, 1])."""
        params = {"entity": entity, "qvec": qvec, "k": k, RECORD_PARAM: _AS_OF_RECORD.get()}
        rows = self.store.run(qr.ENTITY_EVENTS_BY_SIMILARITY, params)
        return [item_from_row(r) for r in rows]
