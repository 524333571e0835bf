"""`retrieve`, `ask` and `eval` against a real server that goes away in the middle of the command: one line, exit 1,
never a traceback.

The commands reach the test instance through a small TCP relay on another port (as an external server, NEO4J_URI).
The relay passes the Bolt bytes through untouched until the command sends its vector search, then closes every
connection and stops listening, exactly what the client sees when the server is stopped at that moment: the
connection breaks, and reconnecting is refused. The driver's retries are bounded by TKGRAG_NEO4J_RETRY_TIMEOUT. The
server itself keeps running for the other tests."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.integration.test_eval_cli import EVENTS, ingest_with_questions
from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.server.credentials import read_password
from tkgrag.server.layout import InstanceLayout
from tkgrag.store import Store

# The vector search every one of the three commands sends once it is connected (tkgrag/queries/retrieval.py).
MARKER = b"db.index.vector.queryNodes"


class GoingAwayRelay:
    """Relays TCP to ``target`` until a client sends ``MARKER``; then drops every connection and the listener."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.gone = threading.Event()
        self.socks: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.gone.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            with self.lock:
                self.socks += [client, server]
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, watch: bool) -> None:
        tail = b""
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                self._close(dst)
                return
            if watch and MARKER in tail + data:
                self.go_away()
                return
            tail = data[-len(MARKER) :]
            try:
                dst.sendall(data)
            except OSError:
                return

    @staticmethod
    def _close(s: socket.socket) -> None:
        with contextlib.suppress(OSError):
            s.shutdown(socket.SHUT_RDWR)
        s.close()

    def go_away(self) -> None:
        self.gone.set()
        self._close(self.listener)
        with self.lock:
            for s in self.socks:
                self._close(s)


@pytest.fixture
def relay(neo4j_settings: Settings) -> Iterator[GoingAwayRelay]:
    r = GoingAwayRelay(("127.0.0.1", neo4j_settings.server.bolt_port))
    yield r
    r.go_away()


def relayed_env(settings: Settings, relay: GoingAwayRelay) -> dict[str, Any]:
    password = read_password(InstanceLayout.from_settings(settings).password_file)
    assert password
    return {
        "NEO4J_URI": f"bolt://127.0.0.1:{relay.port}",
        "NEO4J_USERNAME": "neo4j",
        "NEO4J_PASSWORD": password,
        "TKGRAG_NEO4J_RETRY_TIMEOUT": "4",
        "TKGRAG_NO_PROGRESS": "1",
    }


@pytest.mark.parametrize(
    "command",
    [
        ["retrieve", "Who accused Associated Press?", "--method", "vector"],
        ["ask", "Who accused Associated Press?", "--method", "vector"],
        ["eval", "{questions}", "--method", "vector", "--reader", "none", "--out", "{out}"],
    ],
    ids=["retrieve", "ask", "eval"],
)
def test_a_server_that_goes_away_mid_command_gets_one_line(
    command: list[str],
    neo4j_settings: Settings,
    store: Store,
    embedder: Any,
    relay: GoingAwayRelay,
    tmp_path: Path,
) -> None:
    questions = ingest_with_questions(store, embedder, tmp_path, EVENTS)
    args = [a.format(questions=questions, out=tmp_path / "out") for a in command]
    result = CliRunner().invoke(app, args, env=relayed_env(neo4j_settings, relay))
    assert relay.gone.is_set(), "the command never sent its vector search"
    output = result.output
    assert result.exit_code == 1, output
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # not an exception that escaped
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error: Neo4j stopped answering during this command (")
    assert "tkgrag neo4j start" in lines[0]
    assert not (tmp_path / "out").exists()
