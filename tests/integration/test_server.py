"""The managed server: pinned versions, the procedures tkgrag needs, Browser over HTTP, and the CLI lifecycle."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import replace

import pytest

from tkgrag.config import Settings
from tkgrag.queries.admin import GDS_VERSION, PROCEDURES_NAMED, SERVER_COMPONENTS
from tkgrag.server import process
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.versions import GDS_VERSION as PINNED_GDS
from tkgrag.server.versions import NEO4J_VERSION
from tkgrag.store import Store


def test_versions_are_pinned(store: Store) -> None:
    assert store.run(GDS_VERSION)[0]["version"] == PINNED_GDS
    comp = store.run(SERVER_COMPONENTS)[0]
    assert comp["version"] == NEO4J_VERSION and comp["edition"] == "community"


def test_procedures_tkgrag_needs_are_registered(store: Store) -> None:
    names = ["gds.pageRank.stream", "gds.prizeSteinerTree.stream", "gds.steinerTree.stream"]
    assert [r["name"] for r in store.run(PROCEDURES_NAMED, {"names": names})] == sorted(names)


def test_browser_is_served(neo4j_settings: Settings) -> None:
    url = f"http://127.0.0.1:{neo4j_settings.server.http_port}/browser/"
    with urllib.request.urlopen(url, timeout=10) as resp:
        body = resp.read().decode("utf-8", errors="replace")
    assert resp.status == 200
    assert "<title>Neo4j Browser</title>" in body


def test_discovery_document_advertises_this_instances_ports(neo4j_settings: Settings) -> None:
    """Browser connects where GET / says: the instance's own Bolt port (17687 in the suite), not the default 7687."""
    port = neo4j_settings.server.bolt_port
    assert port != 7687  # the suite runs off the default ports, so this test can fail
    url = f"http://127.0.0.1:{neo4j_settings.server.http_port}/"
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "application/json"}), timeout=10) as r:
        doc = json.loads(r.read().decode("utf-8"))
    assert doc["bolt_direct"] == f"bolt://127.0.0.1:{port}"
    assert doc["bolt_routing"] == f"neo4j://127.0.0.1:{port}"


def test_password_file_is_private(neo4j_settings: Settings) -> None:
    path = InstanceLayout.from_settings(neo4j_settings).password_file
    assert path.stat().st_mode & 0o777 == 0o600
    secret = path.read_text().strip()
    log = InstanceLayout.from_settings(neo4j_settings).console_log.read_text(errors="replace")
    assert secret and secret not in log


# ---- CLI lifecycle on a second, throw-away instance ---------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def cli_env(neo4j_settings: Settings) -> Iterator[dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(
        TKGRAG_HOME=str(neo4j_settings.home),
        TKGRAG_INSTANCE="test-cli",
        TKGRAG_BOLT_PORT=str(_free_port()),
        TKGRAG_HTTP_PORT=str(_free_port()),
        TKGRAG_NEO4J_HEAP="512m",
        TKGRAG_NEO4J_PAGECACHE="128m",
    )
    yield env
    subprocess.run([sys.executable, "-m", "tkgrag.cli.app", "neo4j", "stop"], env=env, capture_output=True, check=False)


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tkgrag.cli.app", *args], env=env, capture_output=True, text=True, check=False
    )


def test_cli_start_twice_reuses_then_stop_and_status(cli_env: dict[str, str]) -> None:
    first = _cli(cli_env, "neo4j", "start")
    assert first.returncode == 0, first.stderr
    assert "Started in" in first.stdout
    second = _cli(cli_env, "neo4j", "start")
    assert second.returncode == 0, second.stderr
    assert "Already running; reusing it." in second.stdout
    pid_line = [ln for ln in second.stdout.splitlines() if "running (pid" in ln]
    assert pid_line and pid_line[0] in first.stdout  # same pid: reused, not restarted
    assert _cli(cli_env, "neo4j", "stop").stdout.strip() == "Stopped."
    st = _cli(cli_env, "neo4j", "status")
    assert st.returncode == 3 and "stopped" in st.stdout


def test_concurrent_starts_leave_one_tracked_server(cli_env: dict[str, str], neo4j_settings: Settings) -> None:
    """Two `neo4j start` at once: the lifecycle lock makes the second wait and reuse the first's server, so the pid
    file names it; with the pid file gone, status and stop still find it by its config dir."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tkgrag.cli.app", "neo4j", "start"],
            env=cli_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    said = " ".join(o for o, _ in outs)
    assert said.count("Started in") == 1 and said.count("Already running; reusing it.") == 1
    layout = InstanceLayout(home=neo4j_settings.home, name=cli_env["TKGRAG_INSTANCE"])
    pid = int(layout.pid_file.read_text())
    assert process._find_server(layout) == pid  # one server of this instance, and the pid file names it
    layout.pid_file.unlink()
    st = _cli(cli_env, "neo4j", "status")
    assert st.returncode == 0 and f"running (pid {pid})" in st.stdout
    assert _cli(cli_env, "neo4j", "stop").stdout.strip() == "Stopped."
    assert process._find_server(layout) is None


def test_cli_port_clash_gives_clear_error(cli_env: dict[str, str]) -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", int(cli_env["TKGRAG_BOLT_PORT"])))
        blocker.listen(1)
        res = _cli(cli_env, "neo4j", "start")
    assert res.returncode == 1
    message = " ".join(res.stderr.split())
    assert f"Port {cli_env['TKGRAG_BOLT_PORT']} (Bolt) on 127.0.0.1 is already in use" in message
    assert "TKGRAG_BOLT_PORT" in message
    assert "Traceback" not in res.stderr


def test_stale_pid_file_is_removed_on_start(neo4j_settings: Settings) -> None:
    settings = replace(neo4j_settings, server=replace(neo4j_settings.server, instance="test-stale"))
    layout = InstanceLayout.from_settings(settings)
    layout.run_dir.mkdir(parents=True, exist_ok=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    layout.pid_file.write_text(f"{dead.pid}\n")
    st = process.status(settings)
    assert not st.running
    assert process.stop(settings) is False
    assert not layout.pid_file.exists()
