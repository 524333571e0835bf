"""Connecting to a managed instance that is not running says so in one line before the long wait."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tkgrag.config import Settings
from tkgrag.errors import ServerError
from tkgrag.store.connection import resolve_connection


def test_starting_the_managed_server_is_announced(
    neo4j_settings: Settings, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a stopped instance (in a scratch home) whose Bolt port the running test server holds: the start is announced,
    # then refused at once
    probe = replace(neo4j_settings, home=tmp_path, server=replace(neo4j_settings.server, instance="probe-announce"))
    with pytest.raises(ServerError, match="already in use"):
        resolve_connection(probe)
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"tkgrag: starting the managed Neo4j instance 'probe-announce' (bolt port {probe.server.bolt_port}); "
        "the first start of a session takes 20 s or more"
    )


def test_a_running_instance_is_not_announced(neo4j_settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    resolve_connection(neo4j_settings)
    assert "starting the managed" not in capsys.readouterr().err
