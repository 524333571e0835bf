"""Who holds a live ingestion run (``tkgrag.ingest.owner``): a live owner is told apart from a dead one, and the
messages a person gets say what happened and what to do."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

from tkgrag.ingest.owner import REMOTE_STALE_AFTER_S, Owner, in_progress_message, owner_alive, went_away_message


def as_run(owner: Owner, **extra: Any) -> dict[str, Any]:
    return {"id": "r1", **owner.params(), **extra}


def test_this_process_owns_a_run_only_while_it_ingests_it() -> None:
    owner = Owner.this_process()
    run = as_run(owner)
    assert owner_alive(run) is False  # claimed, but nothing in this process is ingesting it (a run left behind)
    owner.activate()
    try:
        assert owner_alive(run) is True
        assert owner_alive(as_run(Owner.this_process())) is False  # another claim (token) of the same pid
    finally:
        owner.deactivate()
    assert owner_alive(run) is False


def test_another_live_process_on_this_host_is_alive_and_a_finished_one_is_not() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        me = Owner.this_process()
        with open(f"/proc/{child.pid}/stat") as fh:
            ticks = fh.read().rsplit(")", 1)[1].split()[19]
        run = as_run(me, owner_pid=child.pid, owner_started=ticks)
        assert owner_alive(run) is True
        # the same pid with another start time is a recycled pid, not the owner
        assert owner_alive({**run, "owner_started": str(int(ticks) + 1)}) is False
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()
    assert owner_alive(run) is False  # the process is gone


def test_an_owner_on_another_host_is_alive_while_its_heartbeat_is_recent() -> None:
    now = datetime(2026, 11, 25, 4, 0, tzinfo=UTC)
    other = Owner(host=socket.gethostname() + "-elsewhere", pid=os.getpid(), started=None, token="t")
    fresh = as_run(other, heartbeat_at=now - timedelta(seconds=REMOTE_STALE_AFTER_S - 1))
    stale = as_run(other, heartbeat_at=now - timedelta(seconds=REMOTE_STALE_AFTER_S + 1))
    assert owner_alive(fresh, now) is True
    assert owner_alive(stale, now) is False


def test_a_run_without_an_owner_is_nobodys() -> None:
    assert owner_alive({"id": "old", "status": "running"}) is False


def test_messages_name_the_run_the_process_and_what_to_do() -> None:
    run = {
        "id": "icews14-x",
        "owner_pid": 4242,
        "owner_host": "box",
        "started_at": "2026-11-25T04:00:00",
        "checkpoint": 5000,
    }
    msg = in_progress_message(run, "/data/icews14.tsv")
    assert msg.startswith("/data/icews14.tsv is being ingested right now by run icews14-x (process 4242 on box,")
    assert "5000 items committed" in msg and "wait for it to finish" in msg and "\n" not in msg
    gone = went_away_message("bolt://127.0.0.1:7687", "/data/icews14.tsv", "icews14-x", 35000)
    assert "went away during the ingest of /data/icews14.tsv (run icews14-x, at least 35,000 items committed)" in gone
    assert "re-run the same command: it resumes" in gone and "\n" not in gone
