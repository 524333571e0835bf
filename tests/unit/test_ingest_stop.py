"""The cooperative stop of long ingests (tkgrag/ingest/stop.py) and the scheduler's wait that honours it."""

from __future__ import annotations

import pytest

from tkgrag.ingest.stop import IngestStopped, check_stop, clear_stop, request_stop, stop_requested


def test_a_requested_stop_is_raised_at_the_next_safe_point_as_a_keyboard_interrupt() -> None:
    clear_stop()
    check_stop("nothing yet")  # no request: nothing happens
    request_stop("SIGTERM")
    assert stop_requested()
    with pytest.raises(KeyboardInterrupt) as raised:
        check_stop("2,000 items")
    assert isinstance(raised.value, IngestStopped) and str(raised.value) == "SIGTERM after 2,000 items"
    clear_stop()
    assert not stop_requested()
    check_stop("after clearing")
