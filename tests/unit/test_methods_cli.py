"""`tkgrag methods` lists every registered method with the kinds it returns and what it needs (no server needed)."""

from __future__ import annotations

from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.retrievers.registry import METHODS


def test_methods_lists_every_method_with_kinds_and_needs() -> None:
    result = CliRunner().invoke(app, ["methods"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.count("│") >= 5}
    assert set(METHODS) <= set(rows)
    assert "rule graph" in rows["star"] and "constraints" not in rows["star"]
    assert "constraints" in rows["star+tc"] and "rule graph" in rows["star+tc"]
    assert "event, fact" in rows["vector"] and "passage" not in rows["vector"]
    assert "passage" in rows["passage-vector"] and "event" not in rows["passage-vector"]
    assert "cross-encoder" in rows["fastinsight"] and "time-aware" not in rows["fastinsight"]
    assert "time-aware retriever" in rows["timer4"] and "cross-encoder" not in rows["timer4"]
