"""Connecting applies the schema with IF NOT EXISTS; the server's "already exists" notices must not reach the log."""

from __future__ import annotations

import logging

import pytest

from tkgrag.config import Settings
from tkgrag.store import Store, connect


def test_connect_logs_no_index_already_exists_notices(
    session_store: Store, neo4j_settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    # the session store applied the schema already, so this connect meets every index in place
    with caplog.at_level(logging.INFO, logger="neo4j"):
        connect(neo4j_settings).close()
    noisy = [r.getMessage() for r in caplog.records if "IndexOrConstraintAlreadyExists" in r.getMessage()]
    assert noisy == []
