"""The demo's service step: start `tkgrag serve` for the instance the demo filled, ask through the Python client,
show the same call as curl and an MCP host's configuration, stop the server. Called by ``tkgrag.demo.run_demo``
after its questions (kept apart so the demo module stays one file per concern)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

from rich.console import Console

from tkgrag.config import Settings, managed_server_env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_section(settings: Settings, console: Console, question: str, *, title: str = "The warm service") -> None:
    """Start a server on a free loopback port, ask ``question`` through it, stop it (SIGTERM: graceful)."""
    from tkgrag.client import Client

    console.rule(f"{title}: tkgrag serve, the Python client, curl, MCP")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, **managed_server_env(settings.server)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tkgrag", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        client = Client(url)
        deadline = time.monotonic() + settings.server.start_timeout_s
        while not client.healthy():
            if proc.poll() is not None:
                said = (proc.stderr.read() if proc.stderr else "")[-400:]
                console.print(f"tkgrag serve exited ({proc.returncode}): {said}", highlight=False, markup=False)
                return
            if time.monotonic() > deadline:
                console.print("tkgrag serve did not answer in time; skipped")
                return
            time.sleep(0.5)
        t0 = time.perf_counter()
        answer = client.ask(question)
        wall = (time.perf_counter() - t0) * 1000
        console.print(f"served at {url} (OpenAPI at {url}/docs)", highlight=False)
        console.print(
            f"Client(url).ask(...) -> [bold]{answer.best or '(no answer)'}[/] in {wall:.0f} ms "
            f"({answer.elapsed_ms:.0f} ms in the server; models loaded once, at its start)",
            highlight=False,
        )
        body = json.dumps({"question": question})
        console.print(
            f"the same from any language: curl -s -X POST {url}/v1/ask -H 'content-type: application/json' -d '{body}'",
            highlight=False,
            markup=False,
        )
        console.print(
            'an MCP agent: {"mcpServers": {"tkgrag": {"command": "tkgrag", "args": ["mcp"]}}}',
            highlight=False,
            markup=False,
        )
        client.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
