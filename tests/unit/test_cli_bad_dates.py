"""A bad date on `tkgrag retrieve` is a usage error that names the option (exit 2), never a traceback; it is caught
before any server is contacted."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--during", "2014-13-45", "month must be in 1..12"),
        ("--before", "notadate", "not a date"),
        ("--after", "2014-02-30", "2014-02-30"),
        ("--during", "2014-05..2013-01", "starts after it ends"),
    ],
)
def test_bad_date_options_are_usage_errors_naming_the_option(option: str, value: str, says: str) -> None:
    result = CliRunner().invoke(app, ["retrieve", "Who?", option, value], env={"COLUMNS": "250"})
    assert result.exit_code == 2, result.output
    assert option in result.output and says in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
