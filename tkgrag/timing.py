"""Per-stage wall times: one small timer for every layer that reports where its milliseconds went (a retriever's
``Retrieval.timings_ms``, the grounder's ``GroundedQuestion.timings_ms``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class StageTimer:
    """Collects per-stage wall times in milliseconds; a stage timed twice adds up."""

    def __init__(self) -> None:
        self.timings_ms: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.timings_ms[name] = self.timings_ms.get(name, 0.0) + (time.perf_counter() - t0) * 1000.0
