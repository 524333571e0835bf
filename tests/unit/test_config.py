from __future__ import annotations

from pathlib import Path

import pytest

from tkgrag.config import load_settings
from tkgrag.errors import ConfigError
from tkgrag.server.conf import jvm_args, render_conf
from tkgrag.server.credentials import create_password, read_password
from tkgrag.server.layout import InstanceLayout
from tkgrag.store.schema import schema_statements, split_statements


def test_defaults_are_managed_local(tmp_path: Path) -> None:
    s = load_settings({"TKGRAG_HOME": str(tmp_path)})
    assert s.managed and s.home == tmp_path
    assert (s.server.bolt_port, s.server.http_port, s.server.instance) == (7687, 7474, "default")
    assert s.embedding_dimensions == 384


def test_env_overrides_file(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text('neo4j_database = "fromfile"\n[server]\nbolt_port = 9000\nheap = "2g"\n')
    s = load_settings({"TKGRAG_HOME": str(tmp_path), "TKGRAG_BOLT_PORT": "9100"})
    assert s.neo4j_database == "fromfile" and s.server.bolt_port == 9100 and s.server.heap == "2g"


def test_external_server_needs_password(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="NEO4J_PASSWORD is not"):
        load_settings({"TKGRAG_HOME": str(tmp_path), "NEO4J_URI": "neo4j://db:7687"})
    s = load_settings({"TKGRAG_HOME": str(tmp_path), "NEO4J_URI": "neo4j://db:7687", "NEO4J_PASSWORD": "pw"})
    assert not s.managed and "pw" not in repr(s)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("neo4j_password = 'x'\n", "keep the password out of files"),
        ("bogus = 1\n", "unknown key 'bogus'"),
        ("[server]\nbolt_port = 'abc'\n", "'abc' is not a number"),
        ("= broken", "Fix the TOML syntax"),
    ],
)
def test_bad_config_file_names_the_problem(tmp_path: Path, content: str, message: str) -> None:
    (tmp_path / "config.toml").write_text(content)
    with pytest.raises(ConfigError, match=message):
        load_settings({"TKGRAG_HOME": str(tmp_path)})


def test_password_file_is_0600_and_rejected_when_open(tmp_path: Path) -> None:
    path = tmp_path / "state" / "password"
    pw = create_password(path)
    assert path.stat().st_mode & 0o777 == 0o600 and len(pw) >= 24
    assert read_password(path) == pw
    path.chmod(0o644)
    with pytest.raises(Exception, match="chmod 600"):
        read_password(path)


def test_conf_is_loopback_with_gds_unrestricted(tmp_path: Path) -> None:
    s = load_settings({"TKGRAG_HOME": str(tmp_path), "TKGRAG_BOLT_PORT": "7999"})
    conf = render_conf(InstanceLayout.from_settings(s), s.server)
    assert "server.default_listen_address=127.0.0.1" in conf
    assert "server.bolt.listen_address=127.0.0.1:7999" in conf
    assert "dbms.security.procedures.unrestricted=gds.*" in conf
    assert "dbms.usage_report.enabled=false" in conf
    args = jvm_args(s.server)
    assert "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED" in args and "-Xmx4g" in args


def test_schema_file_splits_and_fills_dimensions() -> None:
    stmts = schema_statements(512)
    assert all("IF NOT EXISTS" in s for s in stmts)
    vector = [s for s in stmts if "VECTOR INDEX" in s]
    assert len(vector) == 4 and all("`vector.dimensions`: 512" in s for s in vector)  # event, chunk, passage, sentence
    assert split_statements("// c\nA;\nB\n  ;\n") == ["A", "B"]
    with pytest.raises(Exception, match=r"1\.\.4096"):
        schema_statements(0)


def test_managed_server_env_selects_the_same_server_in_another_process() -> None:
    from tkgrag.config import ManagedServerSettings, managed_server_env

    server = ManagedServerSettings(
        instance="x-1", bolt_port=27687, http_port=27474, heap="2g", pagecache="1g", start_timeout_s=42.5
    )
    env = managed_server_env(server)
    assert env["TKGRAG_INSTANCE"] == "x-1" and env["TKGRAG_BOLT_PORT"] == "27687"
    assert load_settings({**env, "TKGRAG_HOME": "/tmp/h"}).server == server
