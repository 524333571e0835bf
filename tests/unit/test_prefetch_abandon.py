"""prefetch: a caller that leaves on an error is not held by a worker stuck in its producer (say, in the driver's
retries against a server that went away): the error reaches the caller while the producer is still blocked."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from tkgrag.ingest.pipeline import prefetch


class ServerGone(Exception):
    pass


def test_an_error_in_the_caller_is_not_held_by_a_blocked_producer() -> None:
    release = threading.Event()
    producer_blocked = threading.Event()

    def items() -> Iterator[int]:
        yield 1
        producer_blocked.set()
        release.wait()  # the worker's next item never comes while the caller fails
        yield 2

    seen: list[object] = []

    def consume() -> None:
        try:
            for x in prefetch(items(), depth=1):
                seen.append(x)
                producer_blocked.wait()
                raise ServerGone("went away")
        except ServerGone as exc:
            seen.append(exc)

    caller = threading.Thread(target=consume, daemon=True)
    caller.start()
    caller.join(timeout=10)  # a liveness bound (the old join waited 30 s on the worker), not a speed measurement
    try:
        assert not caller.is_alive(), "the caller's error was held back by the blocked producer"
        assert seen[0] == 1 and isinstance(seen[1], ServerGone)
        assert not release.is_set()  # the producer was still blocked when the error reached the caller
    finally:
        release.set()
