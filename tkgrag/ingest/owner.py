"""Who owns a live ingestion run, and whether that owner is still alive.

A run records its owner on the ``IngestRun`` node when it starts or resumes: host, pid, the pid's start time (so a
recycled pid is not taken for the owner) and a random token per claim. Another run of the same content then knows
what it is looking at:

- the owner is alive (same host: its process exists with the same start time and, in this process, the run is still
  being ingested; other host: its heartbeat is recent): refuse with ``RunInProgress``;
- the owner is dead (killed, crashed, or stopped when its server went away): the run is marked ``interrupted`` and
  resumed by the new process.
"""

from __future__ import annotations

import os
import secrets
import socket
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tkgrag.errors import StoreError, TkgragError

# A run owned by another host cannot be checked by pid; it counts as alive while its heartbeat (written with every
# committed batch) is younger than this. A batch takes seconds to a minute; ten minutes without one means it is gone.
REMOTE_STALE_AFTER_S = 600.0

# Tokens of the runs this process is ingesting right now. A run this process left behind (an exception, a test's
# simulated crash) is not among them, so it counts as dead although the pid is alive.
_ACTIVE: set[str] = set()
_ACTIVE_LOCK = threading.Lock()


class RunInProgress(TkgragError):
    """Another live process is ingesting the same content (source, format, checksum)."""


class ServerWentAway(StoreError):
    """The Neo4j server stopped answering in the middle of an ingest (it died, was stopped or the network broke)."""


def _start_ticks(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (Linux ``/proc/<pid>/stat`` field 22), None elsewhere."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces: split after its closing parenthesis.
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else None


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by another user
        return True
    return True


@dataclass(frozen=True)
class Owner:
    host: str
    pid: int
    started: str | None
    token: str

    @classmethod
    def this_process(cls) -> Owner:
        """A new claim by this process (a fresh token each time)."""
        pid = os.getpid()
        return cls(host=socket.gethostname(), pid=pid, started=_start_ticks(pid), token=secrets.token_hex(8))

    def params(self) -> dict[str, Any]:
        return {
            "owner_host": self.host,
            "owner_pid": self.pid,
            "owner_started": self.started,
            "owner_token": self.token,
        }

    def activate(self) -> None:
        with _ACTIVE_LOCK:
            _ACTIVE.add(self.token)

    def deactivate(self) -> None:
        with _ACTIVE_LOCK:
            _ACTIVE.discard(self.token)


def owner_alive(run: dict[str, Any], now: datetime | None = None) -> bool:
    """Whether the process that holds ``run`` (an ``IngestRun`` as a dict) is still ingesting it."""
    token, host, pid = run.get("owner_token"), run.get("owner_host"), run.get("owner_pid")
    if not token or not host or pid is None:
        return False  # a run from before owners were recorded: nobody can be holding it
    if host != socket.gethostname():
        beat = run.get("heartbeat_at")
        if beat is None:
            return False
        when = beat.to_native() if hasattr(beat, "to_native") else beat
        age = ((now or datetime.now(UTC)) - when).total_seconds()
        return age < REMOTE_STALE_AFTER_S
    pid = int(pid)
    if pid == os.getpid():
        with _ACTIVE_LOCK:
            return token in _ACTIVE
    if not _pid_exists(pid):
        return False
    started = run.get("owner_started")
    return started is None or _start_ticks(pid) in (None, started)


def in_progress_message(run: dict[str, Any], path: str) -> str:
    """What a second process is told when the same content is being ingested by a live run."""
    where = f"process {run.get('owner_pid')} on {run.get('owner_host')}"
    started = str(run.get("started_at") or "")[:19]
    return (
        f"{path} is being ingested right now by run {run.get('id')} ({where}, started {started}, "
        f"{run.get('checkpoint') or 0} items committed). tkgrag refuses a second live run of the same file and source: "
        "wait for it to finish (running again then writes nothing twice), or stop it; a run whose process is gone is "
        "resumed by the next `tkgrag ingest` of this file."
    )


def went_away_message(uri: str, path: str, run_id: str, committed: int) -> str:
    """One line for an ingest whose server stopped answering. ``committed`` is what the server confirmed: a batch whose
    commit was on its way when the connection broke may have been committed too (the checkpoint knows)."""
    return (
        f"Neo4j at {uri} went away during the ingest of {path} (run {run_id}, at least {committed:,} items committed); "
        "nothing committed is lost. Start the server again (`tkgrag neo4j start` for the managed one) and re-run the "
        "same command: it resumes after the last committed batch."
    )


def shown_status(run: dict[str, Any], now: datetime | None = None) -> str:
    """A run's status as a listing should show it: a 'running' run whose owner is gone (killed, or stopped when its
    server died) is 'interrupted', as the next ingest of its file will mark it. The stored status is not changed here
    (listing writes nothing)."""
    status = str(run.get("status") or "")
    if status == "running" and not owner_alive(run, now):
        return "interrupted"
    return status
