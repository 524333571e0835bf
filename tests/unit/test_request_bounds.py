"""Upper bounds on what one request may ask for: `retrieve --k 1000000000` and `--set candidates=1000000000` asked
the server for that many rows and exhausted its heap. Both are refused in validation, before anything connects."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.errors import ConfigError
from tkgrag.retrievers.base import MAX_K, MAX_OPTION, RetrievalRequest
from tkgrag.retrievers.registry import method, parse_options

# No server is configured here on purpose: a command that got past validation would try to reach one and fail with
# another message ("Cannot reach Neo4j" / "not running").
NO_SERVER = {"NEO4J_URI": "bolt://127.0.0.1:9", "NEO4J_PASSWORD": "x", "TKGRAG_NEO4J_RETRY_TIMEOUT": "1"}


def test_a_request_for_more_than_max_k_items_is_refused() -> None:
    assert RetrievalRequest.of("Who?", MAX_K).k == MAX_K
    with pytest.raises(ConfigError, match=r"k must be between 1 and 10,000, got 1,000,000,000"):
        RetrievalRequest.of("Who?", 1_000_000_000)


@pytest.mark.parametrize(("name", "option"), [("mrag", "candidates"), ("exaqt", "candidate_facts"), ("star", "k2")])
def test_a_whole_number_option_above_the_bound_is_refused(name: str, option: str) -> None:
    assert parse_options(method(name), [f"{option}={MAX_OPTION}"]) == {option: MAX_OPTION}
    said = rf"method '{name}': option {option}=1,000,000,000 is more than the 10,000 allowed"
    with pytest.raises(ConfigError, match=said):
        parse_options(method(name), [f"{option}=1000000000"])
    with pytest.raises(ConfigError, match=said):  # the Python API's path (create -> configured) too
        method(name).configured(**{option: 1_000_000_000})


@pytest.mark.parametrize("command", ["retrieve", "ask"])
def test_the_cli_refuses_a_huge_k_before_connecting(command: str) -> None:
    result = CliRunner().invoke(app, [command, "Who?", "--k", "1000000000"], env=NO_SERVER)
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "Invalid value for '--k'" in said and "10000" in said


def test_the_cli_refuses_a_huge_method_option_before_connecting() -> None:
    args = ["retrieve", "Who?", "--method", "mrag", "--set", "candidates=1000000000"]
    result = CliRunner().invoke(app, args, env=NO_SERVER)
    assert result.exit_code == 1, result.output
    assert "option candidates=1,000,000,000 is more than the 10,000 allowed" in " ".join(result.output.split())
