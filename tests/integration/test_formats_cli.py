"""`tkgrag ingest facts|corpus|passages` end to end: the real CLI against the test server."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.config import Settings, load_settings
from tkgrag.ingest.rejects import default_rejects_path, read_rejects
from tkgrag.queries import ingest_formats as q
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"


@pytest.fixture
def cli_env(neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the CLI's settings at the test instance."""
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", neo4j_settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(neo4j_settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(neo4j_settings.server.http_port))
    monkeypatch.setenv("TKGRAG_NO_PROGRESS", "1")


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # rich wraps long lines at the terminal width


def test_the_three_commands(store: Store, cli_env: None, tmp_path: Path) -> None:
    common = ["--no-embed", "--rejects-dir", str(tmp_path)]
    out = run("ingest", "facts", str(DATA / "facts_sample.jsonl"), *common)
    assert "read 450, written 450, duplicates 0, rejected 0" in out
    out = run(
        "ingest",
        "corpus",
        str(DATA / "corpus_sample.jsonl"),
        "--edges",
        str(DATA / "corpus_edges_sample.tsv"),
        *common,
    )
    assert "written 49, duplicates 0, rejected 0" in out  # the edges
    out = run("ingest", "passages", str(DATA / "passages_sample.jsonl"), *common)
    assert "read 197, written 197" in out
    counts = store.run(q.COUNT_FORMAT_GRAPH)[0]
    assert (counts["events"], counts["references"], counts["passages"]) == (450, 49, 197)


def test_bad_input_is_reported_not_raised(store: Store, cli_env: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"subject": "Q1", "predicate": "p", "object": "Q2", "start": "20x1"}\n{oops\n')
    result = CliRunner().invoke(app, ["ingest", "facts", str(bad), "--no-embed"], catch_exceptions=False)
    out = " ".join(result.output.split())
    # issue 27 item 5: every line rejected is a failure (exit 1), and the rejects are not written into the user's
    # data folder but under $TKGRAG_HOME/rejects/
    assert result.exit_code == 1, out
    assert "rejected 2" in out and "2 rejected: see" in out and "all 2 items of" in out
    assert list(tmp_path.glob("*.rejects.jsonl")) == []
    where = default_rejects_path(bad, None, load_settings())
    assert where.parent == load_settings().home / "rejects" and where.name.startswith("bad.jsonl.")
    rejects = read_rejects(where)
    assert [(r["line"], r["field"]) for r in rejects] == [(1, "start"), (2, None)]
    where.unlink()
    half = tmp_path / "half.jsonl"  # one of two rejected: a success with rejects (exit 0)
    half.write_text('{"subject": "Q1", "predicate": "p", "object": "Q2", "start": "2001"}\n{oops\n')
    out = run("ingest", "facts", str(half), "--no-embed", "--rejects", str(tmp_path / "half.rejects"))
    assert "rejected 1" in out and (tmp_path / "half.rejects").is_file()
    result = CliRunner().invoke(app, ["ingest", "passages", str(tmp_path / "missing.jsonl"), "--no-embed"])
    assert result.exit_code == 1 and "does not exist" in " ".join(result.output.split())
