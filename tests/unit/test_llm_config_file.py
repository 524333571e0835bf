"""LLM settings from config.toml's [llm] table, the environment over it, the key never from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.config import load_settings
from tkgrag.errors import ConfigError
from tkgrag.llm.settings import load_llm_settings


def write(tmp_path: Path, text: str) -> dict[str, str]:
    cfg = tmp_path / "config.toml"
    cfg.write_text(text)
    return {"TKGRAG_CONFIG": str(cfg), "TKGRAG_HOME": str(tmp_path)}


def test_llm_table_read_and_env_wins(tmp_path: Path) -> None:
    env = write(tmp_path, '[llm]\nmodel = "qwen"\nbase_url = "http://h:8000/v1/"\ntimeout_s = 5\nmax_tokens = 64\n')
    s = load_llm_settings(env)
    assert (s.model, s.base_url, s.timeout_s, s.max_tokens) == ("qwen", "http://h:8000/v1", 5.0, 64)
    assert s.configured
    s = load_llm_settings({**env, "TKGRAG_LLM_MODEL": "llama", "TKGRAG_LLM_TIMEOUT": "9"})
    assert (s.model, s.timeout_s) == ("llama", 9.0)
    assert load_settings(env).home == tmp_path  # the [llm] table is not an unknown key of the main settings


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ('api_key = "sk-1"', "keep the key out of files; set OPENAI_API_KEY"),
        ('modle = "x"', "llm.modle: unknown key"),
        ('timeout_s = "soon"', "llm.timeout_s = 'soon': expected float"),
        ("max_tokens = 0", "llm.max_tokens = 0: must be at least 1"),
        ("max_retries = true", "expected int"),
    ],
)
def test_llm_table_errors_name_file_and_key(tmp_path: Path, table: str, said: str) -> None:
    env = write(tmp_path, f"[llm]\n{table}\n")
    with pytest.raises(ConfigError, match=r"config file .*config\.toml") as err:
        load_llm_settings(env)
    assert said in str(err.value)
