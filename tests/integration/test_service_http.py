"""`tkgrag serve` against the real test server: the HTTP answers equal the in-process ones, hostile requests get a
4xx with a message and leave the server alive, and the CLI finds a running server through the run file."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tkgrag.api import TKGRag
from tkgrag.client import Client
from tkgrag.config import Settings, managed_server_env
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.service import runfile
from tkgrag.service.engine import Engine, EngineLimits
from tkgrag.service.http import create_app
from tkgrag.service.ops import ServiceInfo
from tkgrag.service.requests import RequestLimits
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tkgrag" / "data" / "icews14_sample.tsv"
QUESTION = "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?"
TOKEN = "s3cret-token-for-tests-0123456789"


@pytest.fixture(scope="module")
def sample(session_store: Store, embedder, tmp_path_factory: pytest.TempPathFactory) -> Store:  # type: ignore[no-untyped-def]
    """The Rinkevics lines of the bundled sample (130 events): enough for the question, quick to embed."""
    from tests.conftest import wipe

    wipe(session_store)
    tmp = tmp_path_factory.mktemp("sample")
    part = tmp / "rinkevics.tsv"
    part.write_text("".join(x for x in SAMPLE.read_text().splitlines(True) if "Rinkevics" in x))
    ingest_tkg_file(
        session_store, part, source="sample", options=IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp)
    )
    return session_store


def make_client(
    neo4j_settings: Settings, embedder: Any, *, token: str | None = None, timeout_s: float = 60.0, workers: int = 2
) -> TestClient:
    engine = Engine(
        lambda: TKGRag.connect(neo4j_settings, embedder=embedder),
        EngineLimits(workers=workers, queue=2, timeout_s=timeout_s),
    )
    info = ServiceInfo("test", "bolt://test", "vector", "symbolic")
    return TestClient(create_app(engine, info, token=token, limits=RequestLimits(max_body_bytes=4096, k_max=50)))


@pytest.fixture(scope="module")
def http(sample: Store, neo4j_settings: Settings, embedder) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    with make_client(neo4j_settings, embedder) as client:
        yield client


def test_ask_over_http_equals_in_process(http: TestClient, sample: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    r = http.post("/v1/ask", json={"question": QUESTION, "method": "vector", "k": 10})
    assert r.status_code == 200, r.text
    body = r.json()
    local = TKGRag(store=sample, embedder=embedder).ask(QUESTION, method="vector", k=10)
    assert [a["text"] for a in body["answers"]] == [a.text for a in local.answers]
    assert body["answers"][0]["text"] == "Paolo Gentiloni"
    assert [e["key"] for e in body["retrieval"]["evidence"]] == local.retrieval.keys
    assert body["constraint"]["span"] == {"start": "2014-12-01", "end": "2014-12-31", "granularity": "month"}
    assert any("Edgars Rinkevics" in line for line in body["explain"])

    r = http.post("/v1/retrieve", json={"question": QUESTION, "method": "vector", "k": 3, "during": "2014-12"})
    assert r.status_code == 200, r.text
    assert len(r.json()["evidence"]) == 3
    assert http.get("/v1/methods").json()["default"] == "vector"
    status = http.get("/v1/status").json()
    assert status["store"]["events"] == 130 and status["requests"]["failed"] == 0


def test_openapi_schema_follows_the_library_types(http: TestClient) -> None:
    from dataclasses import fields

    from tkgrag.model import Answer, Evidence

    schema = http.get("/openapi.json").json()["components"]["schemas"]
    assert {f.name for f in fields(Answer) if f.repr} <= set(schema["AskResponse"]["properties"])
    assert {f.name for f in fields(Evidence)} == set(schema["Evidence"]["properties"])
    assert schema["AskRequest"]["properties"]["k"]["maximum"] == 50


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        (b"{not json", 400, "malformed JSON"),
        (json.dumps({"question": QUESTION, "k": 10**9}).encode(), 422, "k: Input should be less than or equal to 50"),
        (json.dumps({"question": QUESTION, "k": "many"}).encode(), 422, "k: Input should be a valid integer"),
        (json.dumps({"question": 42}).encode(), 422, "question: Input should be a valid string"),
        (json.dumps({"question": ""}).encode(), 422, "question: String should have at least 1 character"),
        (json.dumps({"question": QUESTION, "method": "nope"}).encode(), 400, "unknown retrieval method 'nope'"),
        (json.dumps({"question": QUESTION, "during": "May"}).encode(), 400, "field during: not a date"),
        (json.dumps({"question": QUESTION, "evil": 1}).encode(), 422, "evil: Extra inputs are not permitted"),
        (json.dumps({"question": "x" * 5000}).encode(), 413, "request body over 4096 bytes"),
        (b"[1, 2]", 422, "Input should be a valid dictionary"),
    ],
)
def test_hostile_requests_get_a_message_and_the_server_lives(
    http: TestClient, body: bytes, status: int, said: str
) -> None:
    r = http.post("/v1/ask", content=body, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert said in r.json()["error"]
    assert "Traceback" not in r.text
    assert http.get("/healthz").status_code == 200


def test_over_budget_is_504_and_the_server_stays_up(sample: Store, neo4j_settings: Settings, embedder) -> None:  # type: ignore[no-untyped-def]
    with make_client(neo4j_settings, embedder, timeout_s=0.001) as client:
        r = client.post("/v1/ask", json={"question": QUESTION, "method": "vector"})
        assert r.status_code == 504
        assert "did not finish within the 0.001 s budget" in r.json()["error"]
        assert client.get("/healthz").json()["ok"] is True


@dataclass
class Held:
    """Wraps a reader (``read``) or a retriever (``retrieve``) and holds its call until the test opens the gate: a
    stage that is still running when the budget ends, without a timing to guess."""

    inner: Any
    gate: threading.Event

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def read(self, *args: Any) -> Any:
        self.gate.wait(120)
        return self.inner.read(*args)

    def retrieve(self, *args: Any) -> Any:
        self.gate.wait(120)
        return self.inner.retrieve(*args)


def held_client(neo4j_settings: Settings, embedder: Any, timeout_s: float) -> tuple[TestClient, Engine]:
    engine = Engine(
        lambda: TKGRag.connect(neo4j_settings, embedder=embedder), EngineLimits(workers=2, queue=2, timeout_s=timeout_s)
    )
    info = ServiceInfo("test", "bolt://test", "vector", "symbolic")
    return TestClient(create_app(engine, info)), engine


def test_over_budget_while_reading_returns_the_retrieval(sample: Store, neo4j_settings: Settings, embedder) -> None:  # type: ignore[no-untyped-def]
    gate = threading.Event()
    client, engine = held_client(neo4j_settings, embedder, timeout_s=15.0)
    with client:
        rag = engine.rag
        rag._readers["symbolic"] = Held(rag.reader("symbolic"), gate)
        try:
            r = client.post("/v1/ask", json={"question": QUESTION, "method": "vector", "k": 5})
        finally:
            gate.set()
        assert r.status_code == 504, r.text
        body = r.json()
        assert body["stage"] == "reading (the retrieval had finished)"
        expected = TKGRag(store=sample, embedder=embedder).retrieve(QUESTION, method="vector", k=5)
        got = body["partial"]["retrieval"]
        assert [e["key"] for e in got["evidence"]] == expected.keys and got["method"] == "vector"
        assert client.get("/healthz").json()["ok"] is True


def test_over_budget_before_retrieval_has_no_partial(sample: Store, neo4j_settings: Settings, embedder) -> None:  # type: ignore[no-untyped-def]
    gate = threading.Event()
    client, engine = held_client(neo4j_settings, embedder, timeout_s=1.0)
    with client:
        rag = engine.rag
        rag._retrievers["vector"] = Held(rag.retriever("vector"), gate)
        try:
            r = client.post("/v1/ask", json={"question": QUESTION, "method": "vector"})
        finally:
            gate.set()
        assert r.status_code == 504, r.text
        body = r.json()
        assert body["partial"] is None and "had not finished retrieving" in body["partial_note"]
        assert body["stage"] == "retrieving"


def test_token_is_required_when_configured(sample: Store, neo4j_settings: Settings, embedder) -> None:  # type: ignore[no-untyped-def]
    with make_client(neo4j_settings, embedder, token=TOKEN) as client:
        assert client.get("/v1/methods").status_code == 401
        wrong = client.get("/v1/methods", headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 401 and "wrong bearer token" in wrong.json()["error"]
        ok = client.get("/v1/methods", headers={"authorization": f"Bearer {TOKEN}"})
        assert ok.status_code == 200
        assert client.get("/healthz").status_code == 200  # liveness stays open


# ---- the real process: uvicorn, the run file, the CLI and the client -----------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def child_env(settings: Settings, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "TKGRAG_SERVER"))}
    env.update(managed_server_env(settings.server), PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    env.update(extra)
    return env


def test_served_process_found_by_the_cli_and_stopped_cleanly(sample: Store, neo4j_settings: Settings) -> None:
    port = free_port()
    env = child_env(neo4j_settings)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tkgrag", "serve", "--port", str(port), "--method", "vector"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180  # stops a hung test; not a timing assertion
        while not Client(url).healthy():
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.5)
        served = runfile.read(neo4j_settings)
        assert served is not None and served.url == url and served.pid == proc.pid

        out = subprocess.run(
            [sys.executable, "-m", "tkgrag", "ask", QUESTION, "--method", "vector", "--explain"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr
        assert "Paolo Gentiloni" in out.stdout and f"served by {url}" in out.stdout

        off = subprocess.run(
            [sys.executable, "-m", "tkgrag", "ask", QUESTION, "-m", "vector", "--explain", "--server", "off"],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert off.returncode == 0, off.stderr
        assert "answered in-process (--server off" in off.stderr and "served by" not in off.stdout

        with Client(url) as client:
            a = client.ask(QUESTION, method="vector")
            assert a.best == "Paolo Gentiloni" and a.constraint is not None and a.constraint.span.label() == "2014-12"
            assert client.retrieve(QUESTION, method="vector", k=2).keys == a.retrieval.keys[:2]
    finally:
        proc.send_signal(signal.SIGTERM)
        out_text, _ = proc.communicate(timeout=60)
    # uvicorn finishes the shutdown, then re-raises the signal it caught (so the exit status says SIGTERM)
    assert proc.returncode in (0, -signal.SIGTERM), out_text
    assert "Application shutdown complete" in out_text and "Traceback" not in out_text
    assert runfile.read(neo4j_settings) is None


def test_bound_beyond_loopback_without_token_refuses_to_start(neo4j_settings: Settings, tmp_path: Path) -> None:
    env = child_env(neo4j_settings)
    out = subprocess.run(
        [sys.executable, "-m", "tkgrag", "serve", "--host", "0.0.0.0", "--port", str(free_port())],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1 and "give --token-file PATH" in out.stderr and "Traceback" not in out.stderr
    loose = tmp_path / "token"
    loose.write_text(TOKEN)
    loose.chmod(0o644)
    out = subprocess.run(
        [sys.executable, "-m", "tkgrag", "serve", "--host", "0.0.0.0", "--token-file", str(loose)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1 and "mode 0644 lets others read it" in out.stderr


def test_client_reports_an_unreachable_server_in_one_line() -> None:
    with Client(f"http://127.0.0.1:{free_port()}", timeout=2) as client, pytest.raises(Exception) as err:
        client.status()
    assert "cannot reach" in str(err.value)
    assert isinstance(err.value.__cause__, httpx.HTTPError | type(None))
