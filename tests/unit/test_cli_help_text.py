"""Help text is printed as written: literal brackets survive (Rich markup read "[schedule]" as a tag and dropped it)."""

from __future__ import annotations

from typer.testing import CliRunner

from tkgrag.cli.app import app


def test_brackets_in_help_survive() -> None:
    out = CliRunner().invoke(app, ["ingest", "schedule", "--help"], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert "Job files with a [schedule] table." in out.output
