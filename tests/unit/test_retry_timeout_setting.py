"""The bound on waiting for a server that went away (``neo4j_retry_timeout_s``): default, environment, config file,
and a clear error for a value that is not a positive number."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.config import load_settings
from tkgrag.errors import ConfigError


def test_default_environment_and_config_file(tmp_path: Path) -> None:
    home = str(tmp_path)
    assert load_settings({"TKGRAG_HOME": home}).neo4j_retry_timeout_s == 30.0
    assert load_settings({"TKGRAG_HOME": home, "TKGRAG_NEO4J_RETRY_TIMEOUT": "5"}).neo4j_retry_timeout_s == 5.0
    (tmp_path / "config.toml").write_text("neo4j_retry_timeout_s = 12.5\n")
    assert load_settings({"TKGRAG_HOME": home}).neo4j_retry_timeout_s == 12.5


@pytest.mark.parametrize("value", ["0", "-3", "soon"])
def test_a_bad_value_names_the_variable(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError, match="TKGRAG_NEO4J_RETRY_TIMEOUT"):
        load_settings({"TKGRAG_HOME": str(tmp_path), "TKGRAG_NEO4J_RETRY_TIMEOUT": value})
