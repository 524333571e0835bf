"""The service's pure parts: dataclass <-> JSON, schemas derived from the library types, token files, request
limits, read-only Cypher checks, the client's constraint fields and the CLI's fast-path parsing."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tkgrag.client import RemoteAnswer, _when
from tkgrag.errors import ConfigError, TkgragError
from tkgrag.model import (
    Answer,
    AnswerCandidate,
    Evidence,
    Retrieval,
    TemporalConstraint,
    TemporalRelation,
    TokenUsage,
)
from tkgrag.service.access import is_loopback, read_token, required_token
from tkgrag.service.convert import from_jsonable, model_of, to_jsonable
from tkgrag.service.readonly import check_query
from tkgrag.service.requests import RequestLimits, constraint_of, request_models
from tkgrag.temporal import Granularity, TimeSpan


def sample_answer() -> Answer:
    e = Evidence.event("k1", "A met B on 2014-05-02", "A", "Meet", "B", TimeSpan.parse("2014-05-02"), 0.5, "src")
    r = Retrieval("vector", "q", [e], constraints=(TemporalConstraint.in_period("2014-05"),), notes=["n"])
    return Answer("q", [AnswerCandidate("A", 1.0, ("k1",))], r, "symbolic", tokens=TokenUsage(3, 4, 1))


def test_to_jsonable_exact_shape() -> None:
    j = to_jsonable(sample_answer())
    assert j["answers"] == [{"text": "A", "score": 1.0, "supporting_events": ["k1"], "key": None}]
    assert j["retrieval"]["evidence"][0]["span"] == {"start": "2014-05-02", "end": "2014-05-02", "granularity": "day"}
    assert j["retrieval"]["constraints"] == [
        {
            "relation": "during",
            "span": {"start": "2014-05-01", "end": "2014-05-31", "granularity": "month"},
            "anchor_event": None,
        }
    ]
    assert j["tokens"] == {"prompt": 3, "completion": 4, "calls": 1, "estimated": False}
    json.dumps(j)  # plain JSON


def test_round_trip_rebuilds_the_same_dataclasses() -> None:
    a = sample_answer()
    back = from_jsonable(Answer, json.loads(json.dumps(to_jsonable(a))))
    assert back == a
    assert back.retrieval.evidence[0].span.start == date(2014, 5, 2)
    assert back.retrieval.constraints[0].relation is TemporalRelation.DURING


def test_remote_answer_keeps_server_extras_and_ignores_unknown_keys() -> None:
    j = {**to_jsonable(sample_answer()), "explain": ["line"], "extra": {"strategy": "graph"}, "new_field": 1}
    r = from_jsonable(RemoteAnswer, j)
    assert r.best == "A" and r.explain == ["line"] and r.extra == {"strategy": "graph"}


def test_schema_follows_a_field_added_to_a_library_type() -> None:
    @dataclasses.dataclass
    class Grown(Answer):
        caveat: str | None = None
        span: TimeSpan | None = None

    props = model_of(Grown).model_json_schema()["properties"]
    # every field a person reads (repr=True); internal ones (the Understanding object) stay out of the wire format
    assert {f.name for f in dataclasses.fields(Grown) if f.repr} == set(props)
    assert set(model_of(Evidence).model_json_schema()["properties"]) == {f.name for f in dataclasses.fields(Evidence)}
    g = Grown("q", [], sample_answer().retrieval, "symbolic", caveat="no event", span=TimeSpan.parse("2014"))
    back = from_jsonable(Grown, to_jsonable(g))
    assert back.caveat == "no event" and back.span == TimeSpan(date(2014, 1, 1), date(2014, 12, 31), Granularity.YEAR)


@pytest.mark.parametrize(
    ("host", "loop"),
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("10.1.2.3", False),
        ("example.org", False),
    ],
)
def test_loopback(host: str, loop: bool) -> None:
    assert is_loopback(host) is loop


def test_token_file_rules(tmp_path: Path) -> None:
    f = tmp_path / "token"
    f.write_text("a" * 32 + "\n")
    f.chmod(0o600)
    assert read_token(f) == "a" * 32
    assert required_token("0.0.0.0", f) == "a" * 32
    assert required_token("127.0.0.1", None) is None
    with pytest.raises(ConfigError, match="give --token-file"):
        required_token("0.0.0.0", None)
    f.chmod(0o640)
    with pytest.raises(ConfigError, match="mode 0640 lets others read it"):
        read_token(f)
    f.chmod(0o600)
    f.write_text("short")
    with pytest.raises(ConfigError, match="at least 16 characters"):
        read_token(f)
    with pytest.raises(ConfigError, match="token file"):
        read_token(tmp_path / "missing")


def test_request_limits_in_the_models() -> None:
    ask, retrieve = request_models(RequestLimits(max_question_chars=20, k_max=7))
    assert ask.model_validate({"question": "who?", "k": 7}).k == 7  # type: ignore[attr-defined]
    for bad in (
        {"question": "who?", "k": 8},
        {"question": "x" * 21},
        {"question": "who?", "k": 0},
        {"k": 1},
        {"question": "who?", "other": 1},
    ):
        with pytest.raises(ValueError):
            ask.model_validate(bad)
    assert retrieve.model_validate({"question": "q", "kinds": ["event"]}).kinds is not None  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        retrieve.model_validate({"question": "q", "kinds": ["planet"]})


def test_constraint_fields() -> None:
    assert constraint_of(None, None, None) is None
    assert constraint_of("2014-05", None, None) == TemporalConstraint.before("2014-05")
    assert constraint_of(None, None, "2012..2014") == TemporalConstraint.between("2012", "2014")
    with pytest.raises(ConfigError, match="at most one"):
        constraint_of("2014", "2013", None)
    with pytest.raises(ConfigError, match="field after: not a date"):
        constraint_of(None, "yesterday", None)


@pytest.mark.parametrize(
    "c",
    [
        TemporalConstraint.before("2014-05"),
        TemporalConstraint.after("2014-05-02"),
        TemporalConstraint.in_period("2014"),
        TemporalConstraint.between("2012-03", "2014-07"),
    ],
)
def test_client_sends_a_constraint_the_server_rebuilds_exactly(c: TemporalConstraint) -> None:
    [(name, value)] = _when(c).items()
    assert constraint_of(*(value if name == n else None for n in ("before", "after", "during"))) == c


@pytest.mark.parametrize(
    "query",
    ["", "CALL `gds`.graph.drop('x')", "call dbms.setConfigValue('a', 'b')", "CALL gds.pageRank.write('g', {})"],
)
def test_read_only_check_refuses(query: str) -> None:
    with pytest.raises(ValueError, match="query:"):
        check_query(query)


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (n) RETURN count(n)",
        "RETURN gds.version() AS v",
        "CALL gds.graph.list() YIELD graphName RETURN graphName",
    ],
)
def test_read_only_check_admits(query: str) -> None:
    check_query(query)


def test_fast_path_leaves_what_it_does_not_know_to_the_full_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    from tkgrag.cli import remote

    monkeypatch.setenv("TKGRAG_SERVER", "off")
    for argv in (
        ["ask", "q", "--help"],
        ["ask", "q", "--unknown"],
        ["ingest", "tkg", "x"],
        ["retrieve", "q", "-s", "a=1"],
        ["ask", "q"],
        [],
    ):
        assert remote.fast_main(argv) is False


def test_mcp_over_http_demands_the_token_before_the_protocol() -> None:
    """`tkgrag mcp --transport http` wraps the SDK's app in the same Guard as `tkgrag serve`; no store needed to see
    the token checked (a session that gets past the guard finds no store and says so in the log)."""
    from fastapi.testclient import TestClient

    from tkgrag.service.engine import Engine
    from tkgrag.service.http import Guard
    from tkgrag.service.mcp import create_mcp
    from tkgrag.service.ops import ServiceInfo

    def no_store() -> Any:
        raise TkgragError("no store in this test")

    engine = Engine(no_store)
    app = create_mcp(engine, ServiceInfo("t", "bolt://x", "vector", "symbolic")).streamable_http_app()
    token = "t" * 32
    with TestClient(Guard(app, token, RequestLimits(max_body_bytes=1024))) as client:
        body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        assert client.post("/mcp", json=body).status_code == 401
        assert client.post("/mcp", json=body, headers={"authorization": "Bearer nope"}).status_code == 401
        big = client.post("/mcp", content=b"x" * 2048, headers={"authorization": f"Bearer {token}"})
        assert big.status_code == 413
        ok = client.post("/mcp", json=body, headers={"authorization": f"Bearer {token}"})
        assert ok.status_code not in (401, 413)  # past the guard: the MCP protocol answers
    engine.close()


def test_an_explicit_server_that_does_not_answer_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from tkgrag.cli import remote

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, not listening: nothing answers there
        with pytest.raises(SystemExit) as exit_:
            remote.fast_main(["ask", "who?", "--server", f"http://127.0.0.1:{port}"])
    assert exit_.value.code == 1
    assert capsys.readouterr().err == (
        f"error: --server http://127.0.0.1:{port}: no tkgrag server answers there (start one with `tkgrag serve`)\n"
    )
