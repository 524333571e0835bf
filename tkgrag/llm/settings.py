"""LLM endpoint settings, from the environment and the config file's ``[llm]`` table (the environment wins). The key
is never read from a file: it belongs in ``OPENAI_API_KEY`` (or an injected chat client, ``tkgrag.aio``).

``[llm]`` keys: ``model``, ``base_url``, ``timeout_s``, ``max_retries``, ``backoff_base_s``, ``backoff_max_s``,
``cache``, ``requests_per_minute``, ``temperature``, ``max_tokens``, ``template`` (the fields of ``LLMSettings``).

The API key is kept out of ``repr`` and out of every message tkgrag prints or logs; :meth:`LLMSettings.describe`
says only whether one is set.

==========================  ==============================================================  ==================
variable                    meaning                                                         default
==========================  ==============================================================  ==================
``OPENAI_BASE_URL``         any OpenAI-compatible endpoint (vLLM, Ollama, LM Studio, ...)   OpenAI's own API
``OPENAI_API_KEY``          its key; local servers usually accept any value                 ``EMPTY``
``TKGRAG_LLM_MODEL``        the model name the endpoint serves                              (required)
``TKGRAG_LLM_TIMEOUT``      seconds to wait for one request                                 60
``TKGRAG_LLM_DEADLINE``     seconds one answer may take, every retry and wait included      90
``TKGRAG_LLM_MAX_RETRIES``  retries on 429 / 5xx / timeout / connection errors              4
``TKGRAG_LLM_BACKOFF``      first backoff delay in seconds (doubles per retry, jittered)    1
``TKGRAG_LLM_BACKOFF_MAX``  longest backoff delay in seconds                                30
``TKGRAG_LLM_CACHE``        ``1``: cache responses on disk in ``$TKGRAG_HOME/llm-cache/``     off
``TKGRAG_LLM_RPM``          at most this many requests per minute                           unlimited
``TKGRAG_LLM_TEMPERATURE``  sampling temperature (0: as deterministic as the endpoint is)    0
``TKGRAG_LLM_MAX_TOKENS``   completion token limit                                          512
``TKGRAG_LLM_TEMPLATE``     reader prompt: ``star_rag``, ``timer4`` or a template file      ``star_rag``
==========================  ==============================================================  ==================
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.config import Settings
from tkgrag.errors import ConfigError

PLACEHOLDER_API_KEY = "EMPTY"  # what vLLM / Ollama expect when they check no key; the SDK refuses None
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


@dataclass(frozen=True)
class LLMSettings:
    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout_s: float = 60.0
    # A hung endpoint with the timeout and 4 retries took 5 x 60 s + backoff = 315 s per question; one answer may take
    # this long in all: a first try of up to 60 s, and retries while time is left.
    deadline_s: float = 90.0
    max_retries: int = 4
    backoff_base_s: float = 1.0
    backoff_max_s: float = 30.0
    cache: bool = False
    cache_dir: Path = field(default_factory=lambda: Settings().home / "llm-cache")
    requests_per_minute: float | None = None
    temperature: float = 0.0
    max_tokens: int | None = 512
    template: str = "star_rag"

    @property
    def configured(self) -> bool:
        """A model is named and there is somewhere to send it (an endpoint, or a key for OpenAI's default one)."""
        return bool(self.model) and bool(self.base_url or self.api_key)

    @property
    def endpoint(self) -> str:
        return self.base_url or "https://api.openai.com/v1"

    def missing(self) -> list[str]:
        out = []
        if not (self.base_url or self.api_key):
            out.append("OPENAI_BASE_URL (e.g. http://localhost:8000/v1)")
        if not self.model:
            out.append("TKGRAG_LLM_MODEL (the model name the endpoint serves)")
        return out

    def not_configured_message(self) -> str:
        return (
            "no LLM endpoint configured: set "
            + " and ".join(self.missing())
            + "; set OPENAI_API_KEY too if the endpoint needs a key."
        )

    def require(self) -> LLMSettings:
        """Self, or a ConfigError naming the variables still to set."""
        if not self.configured:
            raise ConfigError(self.not_configured_message())
        return self

    def describe(self) -> dict[str, Any]:
        """The settings as shown to people: the key only as set / not set."""
        return {
            "endpoint": self.endpoint,
            "model": self.model,
            "api_key": "set" if self.api_key else "not set",
            "timeout_s": self.timeout_s,
            "deadline_s": self.deadline_s,
            "max_retries": self.max_retries,
            "cache": str(self.cache_dir) if self.cache else "off",
            "requests_per_minute": self.requests_per_minute or "unlimited",
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "template": self.template,
        }


def _number(env: Mapping[str, str], var: str, kind: type, minimum: float) -> Any:
    raw = env[var].strip()
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigError(f"{var}={raw!r} is not {'an integer' if kind is int else 'a number'}") from None
    if value < minimum:
        raise ConfigError(f"{var}={raw!r} must be at least {minimum}")
    return value


def _flag(env: Mapping[str, str], var: str) -> bool:
    raw = env[var].strip().lower()
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    raise ConfigError(f"{var}={env[var]!r}: use 1 (on) or 0 (off)")


_FILE_KEYS: dict[str, tuple[type, float | None]] = {
    "model": (str, None),
    "base_url": (str, None),
    "timeout_s": (float, 0.001),
    "max_retries": (int, 0),
    "backoff_base_s": (float, 0.0),
    "backoff_max_s": (float, 0.0),
    "cache": (bool, None),
    "requests_per_minute": (float, 0.001),
    "temperature": (float, 0.0),
    "max_tokens": (int, 1),
    "template": (str, None),
}


def _from_file(env: Mapping[str, str]) -> dict[str, Any]:
    from tkgrag.config import read_config_table

    path, table = read_config_table("llm", dict(env))
    out: dict[str, Any] = {}
    for key, value in table.items():
        where = f"config file {path} llm.{key}"
        if key == "api_key":
            raise ConfigError(f"{where}: keep the key out of files; set OPENAI_API_KEY instead.")
        if key not in _FILE_KEYS:
            raise ConfigError(f"{where}: unknown key; known: {', '.join(_FILE_KEYS)}")
        kind, minimum = _FILE_KEYS[key]
        ok = isinstance(value, kind) or (kind is float and isinstance(value, int) and not isinstance(value, bool))
        if not ok or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{where} = {value!r}: expected {kind.__name__}")
        if minimum is not None and value < minimum:
            raise ConfigError(f"{where} = {value!r}: must be at least {minimum}")
        out[key] = value.strip().rstrip("/") if key == "base_url" else kind(value)
    return out


def load_llm_settings(env: Mapping[str, str] | None = None) -> LLMSettings:
    """Settings from the config file's ``[llm]`` table, then ``env`` (default: the process environment) over it;
    malformed values raise ConfigError naming the variable or the file and key."""
    env = os.environ if env is None else env
    kw: dict[str, Any] = _from_file(env)
    if env.get("OPENAI_BASE_URL", "").strip():
        kw["base_url"] = env["OPENAI_BASE_URL"].strip().rstrip("/")
    if env.get("OPENAI_API_KEY", "").strip():
        kw["api_key"] = env["OPENAI_API_KEY"].strip()
    if env.get("TKGRAG_LLM_MODEL", "").strip():
        kw["model"] = env["TKGRAG_LLM_MODEL"].strip()
    numbers: dict[str, tuple[str, type, float]] = {
        "TKGRAG_LLM_TIMEOUT": ("timeout_s", float, 0.001),
        "TKGRAG_LLM_DEADLINE": ("deadline_s", float, 0.001),
        "TKGRAG_LLM_MAX_RETRIES": ("max_retries", int, 0),
        "TKGRAG_LLM_BACKOFF": ("backoff_base_s", float, 0.0),
        "TKGRAG_LLM_BACKOFF_MAX": ("backoff_max_s", float, 0.0),
        "TKGRAG_LLM_RPM": ("requests_per_minute", float, 0.001),
        "TKGRAG_LLM_TEMPERATURE": ("temperature", float, 0.0),
        "TKGRAG_LLM_MAX_TOKENS": ("max_tokens", int, 1),
    }
    for var, (name, kind, minimum) in numbers.items():
        if env.get(var, "").strip():
            kw[name] = _number(env, var, kind, minimum)
    if env.get("TKGRAG_LLM_CACHE", "").strip():
        kw["cache"] = _flag(env, "TKGRAG_LLM_CACHE")
    if env.get("TKGRAG_HOME", "").strip():
        kw["cache_dir"] = Path(env["TKGRAG_HOME"]).expanduser() / "llm-cache"
    if env.get("TKGRAG_LLM_TEMPLATE", "").strip():
        kw["template"] = env["TKGRAG_LLM_TEMPLATE"].strip()
    return LLMSettings(**kw)
