"""`tkgrag ask --reader llm` against the real server and a local OpenAI-shaped HTTP server: an LLM that fails (HTTP
500 on every try) ends with exit status 4 and "failed" in --json, which a script can tell from "no answer" (exit 3);
neither prints a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.integration.test_eval_cli import EVENTS, cli_env, ingest_with_questions
from tests.unit.test_llm_reader import FakeChatServer, Reply, completion, error_body
from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.store import Store


@pytest.mark.parametrize(
    ("reply", "status", "outcome"),
    [
        (Reply(500, error_body("boom")), 4, "failed"),
        (Reply(body=completion("I cannot determine it from the evidence.")), 3, "no answer"),
        (Reply(body=completion("Answer: Citizen (India)")), 0, "answered"),
    ],
    ids=["http-500", "no-answer", "answered"],
)
def test_a_failed_llm_is_an_exit_status_apart_from_no_answer(
    reply: Reply, status: int, outcome: str, neo4j_settings: Settings, store: Store, embedder: Any, tmp_path: Path
) -> None:
    ingest_with_questions(store, embedder, tmp_path, EVENTS)
    server = FakeChatServer([reply])
    try:
        env = {
            **cli_env(neo4j_settings),
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "sk-test",
            "TKGRAG_LLM_MODEL": "fake-model",
            "TKGRAG_LLM_MAX_RETRIES": "2",
            "TKGRAG_LLM_BACKOFF": "0.001",
            "TKGRAG_LLM_CACHE": "0",
        }
        question = "Who accused Associated Press on 2014-08-17?"
        args = ["ask", question, "--method", "vector", "--reader", "llm"]
        shown = CliRunner().invoke(app, args, env=env)
        as_json = CliRunner().invoke(app, [*args, "--json"], env=env)
    finally:
        server.close()
    for result in (shown, as_json):
        assert result.exit_code == status, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output
    doc = json.loads(as_json.stdout)
    assert doc["outcome"] == outcome
    if outcome == "failed":
        assert "HTTP 500" in doc["error"] and "gave up after 3 attempts" in doc["error"]
        assert doc["retrieval"]["evidence"]  # the evidence is still there
        assert "no answer: llm reader failed" in " ".join(shown.output.split())
