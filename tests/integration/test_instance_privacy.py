"""The managed instance keeps its secrets to its owner (issue: hardening, items 7 and 11): the initial password
reaches neo4j-admin through its 0600 file (picocli's @file), never the process arguments; the admin tool and the
server create files 0600 / folders 0700; a running instance's folders are 0700."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tkgrag.config import Settings
from tkgrag.errors import ServerError
from tkgrag.server import process
from tkgrag.server.conf import render_conf
from tkgrag.server.credentials import create_password
from tkgrag.server.layout import InstanceLayout


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def scratch_layout(tmp_path: Path, settings: Settings) -> InstanceLayout:
    """A fresh instance under tmp_path that uses the session's assembled jars."""
    real = InstanceLayout.from_settings(settings)
    layout = InstanceLayout(home=tmp_path, name="scratch")
    layout.dist.parent.mkdir(parents=True)
    layout.dist.symlink_to(real.dist)
    process.make_private(layout)
    layout.conf_dir.joinpath("neo4j.conf").write_text(render_conf(layout, settings.server), encoding="utf-8")
    return layout


def write_password(layout: InstanceLayout, text: str) -> None:
    fd = os.open(layout.password_file, os.O_WRONLY | os.O_CREAT, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(text + "\n")


def test_running_instance_folders_are_private(neo4j_settings: Settings) -> None:
    layout = InstanceLayout.from_settings(neo4j_settings)
    for d in (layout.root, layout.data_dir, layout.logs_dir, layout.conf_dir, layout.state_dir):
        assert mode(d) & 0o077 == 0, d
    assert mode(layout.conf_dir / "neo4j.conf") == 0o600
    assert mode(layout.password_file) == 0o600


def test_initial_password_is_read_from_its_file_not_the_arguments(neo4j_settings: Settings, tmp_path: Path) -> None:
    layout = scratch_layout(tmp_path, neo4j_settings)
    password = create_password(layout.password_file)
    process._set_initial_password(layout, password)
    auth = layout.data_dir / "dbms" / "auth.ini"
    assert auth.is_file() and mode(auth) & 0o077 == 0  # written under the private umask
    assert password not in auth.read_text()  # a salted hash, not the password


def test_the_admin_tool_reads_the_file_content(neo4j_settings: Settings, tmp_path: Path) -> None:
    # A 5-character password in the file is refused by Neo4j's 8-character minimum: the tool read the file. Had it
    # taken the argument "@<path>" literally (longer than 8), it would have accepted it.
    layout = scratch_layout(tmp_path, neo4j_settings)
    write_password(layout, "short")
    with pytest.raises(ServerError, match="at least 8 characters"):
        process._set_initial_password(layout, "short")


def test_a_password_picocli_would_split_is_refused_before_any_call(neo4j_settings: Settings, tmp_path: Path) -> None:
    layout = scratch_layout(tmp_path, neo4j_settings)
    write_password(layout, "two words here")
    with pytest.raises(ServerError, match="generated kind"):
        process._set_initial_password(layout, "two words here")


def test_run_files_are_private(neo4j_settings: Settings) -> None:
    # issue 30 item 16: run/neo4j.pid and run/lifecycle.lock were 0644. A start that finds the server without its pid
    # file writes the file again; the lock an older version left 0644 is tightened when it is next taken.
    layout = InstanceLayout.from_settings(neo4j_settings)
    lock = layout.run_dir / "lifecycle.lock"
    lock.touch()
    lock.chmod(0o644)
    layout.pid_file.unlink(missing_ok=True)
    status = process.start(neo4j_settings)
    assert status.reused and layout.pid_file.read_text().strip() == str(status.pid)
    assert mode(layout.pid_file) == 0o600
    assert mode(lock) == 0o600
