"""LLM settings from the environment: defaults, parsing, errors that name the variable, no key in output."""

from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.errors import ConfigError
from tkgrag.llm.settings import load_llm_settings


def test_defaults_are_not_configured_and_say_what_to_set() -> None:
    s = load_llm_settings({})
    assert not s.configured and not s.cache and s.template == "star_rag" and s.max_retries == 4
    with pytest.raises(ConfigError, match=r"OPENAI_BASE_URL .*TKGRAG_LLM_MODEL"):
        s.require()


def test_values_from_the_environment(tmp_path: Path) -> None:
    s = load_llm_settings(
        {
            "OPENAI_BASE_URL": "http://localhost:8000/v1/",
            "OPENAI_API_KEY": "sk-abc-secret",
            "TKGRAG_LLM_MODEL": "qwen2.5-7b-instruct",
            "TKGRAG_LLM_TIMEOUT": "12.5",
            "TKGRAG_LLM_MAX_RETRIES": "0",
            "TKGRAG_LLM_CACHE": "1",
            "TKGRAG_LLM_RPM": "30",
            "TKGRAG_LLM_TEMPLATE": "timer4",
            "TKGRAG_HOME": str(tmp_path),
        }
    )
    assert s.configured and s.require() is s
    assert s.base_url == "http://localhost:8000/v1" and s.model == "qwen2.5-7b-instruct"
    assert (s.timeout_s, s.max_retries, s.requests_per_minute, s.template) == (12.5, 0, 30.0, "timer4")
    assert s.cache and s.cache_dir == tmp_path / "llm-cache"
    assert "sk-abc-secret" not in repr(s) and "sk-abc-secret" not in str(s.describe())
    assert s.describe()["api_key"] == "set"


def test_a_key_alone_means_openai_itself() -> None:
    s = load_llm_settings({"OPENAI_API_KEY": "k", "TKGRAG_LLM_MODEL": "gpt-4o-mini"})
    assert s.configured and s.endpoint == "https://api.openai.com/v1"


@pytest.mark.parametrize(
    ("var", "value", "message"),
    [
        ("TKGRAG_LLM_TIMEOUT", "soon", "TKGRAG_LLM_TIMEOUT='soon' is not a number"),
        ("TKGRAG_LLM_MAX_RETRIES", "2.5", "TKGRAG_LLM_MAX_RETRIES='2.5' is not an integer"),
        ("TKGRAG_LLM_MAX_RETRIES", "-1", "must be at least 0"),
        ("TKGRAG_LLM_CACHE", "maybe", "TKGRAG_LLM_CACHE='maybe': use 1 .on. or 0 .off."),
    ],
)
def test_malformed_values_name_the_variable(var: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_llm_settings({var: value})
