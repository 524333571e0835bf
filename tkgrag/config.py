"""Settings, with every default in one place.

Precedence: environment variables > config file (``TKGRAG_CONFIG`` or ``$TKGRAG_HOME/config.toml``) > defaults.
Credentials are read from the environment or the managed server's state directory, never from code.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.errors import ConfigError

DEFAULT_EMBEDDING_MODEL = "sentence-transformers/all-MiniLM-L6-v2"


def _default_home() -> Path:
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "tkgrag"


@dataclass(frozen=True)
class ManagedServerSettings:
    """The local Neo4j that tkgrag assembles and runs when ``NEO4J_URI`` is not set."""

    instance: str = "default"
    bolt_port: int = 7687
    http_port: int = 7474
    # Sized for the reference 2-core / 24 GiB machine: the heap holds GDS projections and
    # transaction state of batched ingestion, the page cache holds the store (icews05-15 is < 1 GiB).
    heap: str = "4g"
    pagecache: str = "2g"
    start_timeout_s: float = 180.0


@dataclass(frozen=True)
class Settings:
    home: Path = field(default_factory=_default_home)
    # External server: when uri is set, nothing is started locally.
    neo4j_uri: str | None = None
    neo4j_username: str = "neo4j"
    neo4j_password: str | None = field(default=None, repr=False)
    neo4j_database: str = "neo4j"
    server: ManagedServerSettings = field(default_factory=ManagedServerSettings)
    embedding_model: str = DEFAULT_EMBEDDING_MODEL
    embedding_dimensions: int = 384
    # How long a query or batch keeps retrying (and waits for a connection) when the server does not answer, e.g.
    # Neo4j died mid-ingest (the driver's retry time and connection acquisition timeout, see ``store.connect``).
    # After it, an ingest says that the server went away and that re-running resumes.
    neo4j_retry_timeout_s: float = 30.0

    @property
    def managed(self) -> bool:
        return self.neo4j_uri is None


_ENV_TOP = {
    "NEO4J_URI": "neo4j_uri",
    "NEO4J_USERNAME": "neo4j_username",
    "NEO4J_PASSWORD": "neo4j_password",
    "NEO4J_DATABASE": "neo4j_database",
    "TKGRAG_EMBEDDING_MODEL": "embedding_model",
    "TKGRAG_EMBEDDING_DIMENSIONS": "embedding_dimensions",
    "TKGRAG_NEO4J_RETRY_TIMEOUT": "neo4j_retry_timeout_s",
}
_ENV_SERVER = {
    "TKGRAG_INSTANCE": "instance",
    "TKGRAG_BOLT_PORT": "bolt_port",
    "TKGRAG_HTTP_PORT": "http_port",
    "TKGRAG_NEO4J_HEAP": "heap",
    "TKGRAG_NEO4J_PAGECACHE": "pagecache",
    "TKGRAG_START_TIMEOUT": "start_timeout_s",
}
_INT_FIELDS = {"bolt_port", "http_port", "embedding_dimensions"}


def managed_server_env(server: ManagedServerSettings) -> dict[str, str]:
    """The environment variables that select ``server`` in another process (a child CLI, a benchmark's worker):
    the inverse of how ``load_settings`` reads them, so the two cannot drift apart."""
    return {env: str(getattr(server, name)) for env, name in _ENV_SERVER.items()}


_FLOAT_FIELDS = {"start_timeout_s", "neo4j_retry_timeout_s"}


def _coerce(name: str, value: Any, origin: str) -> Any:
    try:
        if name in _INT_FIELDS:
            return int(value)
        if name in _FLOAT_FIELDS:
            return float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{origin}: '{value}' is not a number") from None
    return value


def _read_file(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path}: {exc}. Fix the TOML syntax or unset TKGRAG_CONFIG.") from None


def config_file(env: dict[str, str] | None = None) -> Path | None:
    """The config file in use (``TKGRAG_CONFIG`` or ``$TKGRAG_HOME/config.toml``), or None when there is none."""
    env = dict(os.environ) if env is None else env
    home = Path(env["TKGRAG_HOME"]).expanduser() if env.get("TKGRAG_HOME") else _default_home()
    cfg_path = Path(env["TKGRAG_CONFIG"]).expanduser() if env.get("TKGRAG_CONFIG") else home / "config.toml"
    if env.get("TKGRAG_CONFIG") and not cfg_path.is_file():
        raise ConfigError(f"TKGRAG_CONFIG points to {cfg_path}, which does not exist.")
    return cfg_path if cfg_path.is_file() else None


def read_config_table(name: str, env: dict[str, str] | None = None) -> tuple[Path | None, dict[str, Any]]:
    """One table of the config file (``[llm]``), with the file's path for messages; empty when absent."""
    path = config_file(env)
    if path is None:
        return None, {}
    table = _read_file(path).get(name, {})
    if not isinstance(table, dict):
        raise ConfigError(f"config file {path}: '{name}' must be a table ([{name}])")
    return path, table


def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Build settings from the config file and the environment."""
    env = dict(os.environ) if env is None else env
    home = Path(env["TKGRAG_HOME"]).expanduser() if env.get("TKGRAG_HOME") else _default_home()
    top: dict[str, Any] = {}
    server: dict[str, Any] = {}

    cfg_path = config_file(env)
    if cfg_path is not None:
        data = _read_file(cfg_path)
        known_top = set(_ENV_TOP.values())
        for key, value in data.items():
            if key == "llm" and isinstance(value, dict):
                continue  # read and checked by tkgrag.llm.settings.load_llm_settings
            if key == "server" and isinstance(value, dict):
                for skey, svalue in value.items():
                    if skey not in _ENV_SERVER.values():
                        raise ConfigError(f"config file {cfg_path}: unknown key 'server.{skey}'")
                    server[skey] = _coerce(skey, svalue, f"{cfg_path} server.{skey}")
            elif key in known_top:
                if key == "neo4j_password":
                    raise ConfigError(
                        f"config file {cfg_path}: keep the password out of files; set NEO4J_PASSWORD instead."
                    )
                top[key] = _coerce(key, value, f"{cfg_path} {key}")
            else:
                raise ConfigError(f"config file {cfg_path}: unknown key '{key}'")

    for var, name in _ENV_TOP.items():
        if env.get(var):
            top[name] = _coerce(name, env[var], var)
    for var, name in _ENV_SERVER.items():
        if env.get(var):
            server[name] = _coerce(name, env[var], var)

    if "neo4j_retry_timeout_s" in top and not top["neo4j_retry_timeout_s"] > 0:
        raise ConfigError(
            f"TKGRAG_NEO4J_RETRY_TIMEOUT must be a positive number of seconds, got {top['neo4j_retry_timeout_s']}"
        )
    if top.get("neo4j_uri") and not top.get("neo4j_password"):
        raise ConfigError("NEO4J_URI is set but NEO4J_PASSWORD is not: set both to use an external server.")
    return Settings(home=home, server=ManagedServerSettings(**server), **top)
