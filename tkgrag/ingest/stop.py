"""A cooperative stop for long ingests: a signal handler only sets a flag, and the loops stop between batches.

Why not the default KeyboardInterrupt: raised by the signal handler wherever the main thread is, it can land inside
the Neo4j driver's socket read, which leaves the connection's buffer broken (the rollback that follows fails with a
``BufferError``), so the run could not be marked interrupted and the person saw a driver traceback. Between batches
nothing is half-written: the last commit holds the records and the checkpoint together.
"""

from __future__ import annotations

import threading

_requested = threading.Event()
_reason = ["interrupted"]


class IngestStopped(KeyboardInterrupt):
    """The ingest stopped between batches on request (Ctrl-C, SIGTERM). A KeyboardInterrupt, so code that handles
    Ctrl-C handles it; the run is marked ``interrupted`` and resumes on the next run."""


def request_stop(reason: str = "interrupted") -> None:
    """Ask the running ingest loops to stop after the batch they are writing (safe from a signal handler)."""
    _reason[0] = reason
    _requested.set()


def stop_requested() -> bool:
    return _requested.is_set()


def clear_stop() -> None:
    _requested.clear()


def check_stop(where: str) -> None:
    """Raise ``IngestStopped`` if a stop was requested; ``where`` says what was done so far (for the message)."""
    if _requested.is_set():
        raise IngestStopped(f"{_reason[0]} after {where}")
