"""One ``TKGRag`` shared by concurrent requests: a bounded worker pool, a bounded wait, a per-request time budget.

The facade is synchronous (driver sessions, the embedder, GDS calls), so requests run in worker threads; the event
loop stays free for health checks, timeouts and new connections. A request over budget is answered 504 at once; its
thread finishes in the background (Python cannot kill a thread) and keeps its pool slot until then, which is why the
pool and the queue in front of it are bounded: a flood of slow requests gets 503 instead of piling up.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tkgrag.errors import TkgragError

if TYPE_CHECKING:
    from tkgrag.api import TKGRag

log = logging.getLogger("tkgrag.service")
WARM_QUESTION = "Who visited whom in 2014?"
T = TypeVar("T")


class Busy(TkgragError):
    """Every worker is busy and the wait queue is full (HTTP 503)."""


class OverBudget(TkgragError):
    """A request ran past its time budget (HTTP 504). ``partial``: what the request had finished by then (an ask's
    retrieval when only the reading was left), or None when nothing was."""

    def __init__(self, message: str, elapsed_ms: float, stage: str, partial: Any = None) -> None:
        super().__init__(message)
        self.elapsed_ms = elapsed_ms
        self.stage = stage
        self.partial = partial


@dataclass(frozen=True)
class EngineLimits:
    workers: int = 4
    queue: int = 16  # requests that may wait for a worker; more get 503
    timeout_s: float = 30.0  # per-request budget, from arrival to answer


class Engine:
    """Runs facade calls for the service. ``rag_factory`` is called once, in ``start``."""

    def __init__(self, rag_factory: Callable[[], TKGRag], limits: EngineLimits | None = None) -> None:
        self.limits = limits or EngineLimits()
        self._factory = rag_factory
        self._rag: TKGRag | None = None
        self._pool = ThreadPoolExecutor(max_workers=self.limits.workers, thread_name_prefix="tkgrag-worker")
        self._slots = threading.BoundedSemaphore(self.limits.workers + self.limits.queue)
        self._compose = threading.Lock()  # the facade's retriever/reader caches are plain dicts
        self.started_at = time.time()
        self.served = 0
        self.failed = 0
        self.over_budget = 0
        self.in_flight = 0

    @property
    def ready(self) -> bool:
        return self._rag is not None

    @property
    def rag(self) -> TKGRag:
        if self._rag is None:
            raise TkgragError("the service is still starting: the store and the models are loading")
        return self._rag

    def start(self, warm: tuple[tuple[str, str], ...] = ()) -> None:
        """Connect and load the models; each ``warm`` (method, reader) pair answers ``WARM_QUESTION`` once, so the
        state a method and a reader load lazily (vocabularies, rule graph, grounder) is loaded before the first
        caller comes (measured on the sample: a first ask 25 s, the next ones 0.5 s)."""
        t0 = time.perf_counter()
        rag = self._factory()
        for method, reader in warm:
            rag.ask(WARM_QUESTION, method=method, reader=reader)
        self._rag = rag
        log.info(
            "engine ready in %.1f s (%d workers, queue %d, budget %.0f s)",
            time.perf_counter() - t0,
            self.limits.workers,
            self.limits.queue,
            self.limits.timeout_s,
        )

    def compose(self, method: str, reader: str | None = None) -> None:
        """Build the named retriever (and reader) once, under a lock, before concurrent requests use them."""
        with self._compose:
            self.rag.retriever(method)
            if reader is not None:
                self.rag.reader(reader)

    async def run(
        self, what: str, fn: Callable[..., T], *args: Any, partial: dict[str, Any] | None = None, **kwargs: Any
    ) -> T:
        """``fn(*args, **kwargs)`` in a worker, within the time budget; Busy when no slot is free. ``partial``: a
        dict the work fills as its stages finish; over budget, its ``"result"`` goes with the 504."""
        if not self._slots.acquire(blocking=False):
            raise Busy(f"busy: {self.limits.workers} requests running and {self.limits.queue} waiting; retry shortly")
        t0 = time.perf_counter()
        self.in_flight += 1

        def done(_: object) -> None:
            self._slots.release()

        future = self._pool.submit(fn, *args, **kwargs)
        future.add_done_callback(done)
        try:
            result = await asyncio.wait_for(asyncio.wrap_future(future), timeout=self.limits.timeout_s)
        except TimeoutError:
            self.over_budget += 1
            elapsed = (time.perf_counter() - t0) * 1000
            stage = "running" if future.running() else "waiting for a worker"
            future.cancel()  # frees the slot at once if it never started; a running one finishes in its thread
            log.warning("%s over its %.0f s budget (%s)", what, self.limits.timeout_s, stage)
            done_part = dict(partial or {})  # a snapshot: the worker may still add to it
            if done_part.get("stage"):
                stage = str(done_part["stage"])
            raise OverBudget(
                f"{what} did not finish within the {self.limits.timeout_s:g} s budget (it was {stage})",
                elapsed,
                stage,
                done_part.get("result"),
            ) from None
        except Exception:
            self.failed += 1
            raise
        finally:
            self.in_flight -= 1
        self.served += 1
        return result

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        if self._rag is not None:
            self._rag.close()
            self._rag = None
