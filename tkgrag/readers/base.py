"""The reader interface. A reader never writes to the graph; it may read around the evidence (bounded queries)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from tkgrag.model import Answer, Retrieval


@runtime_checkable
class Reader(Protocol):
    """``read`` answers ``question`` from ``retrieval``. ``understanding`` is the parsed TemporalQuestion when the
    caller has one (tkgrag.question), so readers do not parse the question twice."""

    name: str

    def read(self, question: str, retrieval: Retrieval, understanding: Any | None = None) -> Answer: ...
