"""What a user of the package meets first: the version, ``python -m tkgrag``, type information, and imports that do
not drag in pandas, torch or openai before they are needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tkgrag

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("pandas", "torch", "openai", "neo4j", "sentence_transformers", "fastapi", "mcp")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=REPO, timeout=120)


@pytest.mark.parametrize("module", ["tkgrag", "tkgrag.client", "tkgrag.cli.main", "tkgrag.cli.remote"])
def test_light_imports(module: str) -> None:
    out = run("-c", f"import sys, {module}; print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_version_and_python_m() -> None:
    for args in (("-m", "tkgrag", "--version"), ("-m", "tkgrag.cli.app", "--version")):
        out = run(*args)
        assert out.returncode == 0 and out.stdout.strip() == f"tkgrag {tkgrag.__version__}", out.stderr


def test_py_typed_ships() -> None:
    assert (Path(tkgrag.__file__).parent / "py.typed").is_file()


def test_the_cli_path_to_a_server_needs_no_httpx_pydantic_or_typer() -> None:
    """`tkgrag ask` through a server decodes and prints with these; each of the three costs a tenth of a second."""
    statement = "import tkgrag.cli.main, tkgrag.cli.remote, tkgrag.remote_model, tkgrag.service.jsonable"
    out = run(
        "-c", f"import sys; {statement}; print(sorted(m for m in ('httpx', 'pydantic', 'typer') if m in sys.modules))"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_docker_compose_takes_heap_and_pagecache_from_the_managed_servers_variables() -> None:
    import yaml

    env = yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"]["neo4j"]["environment"]
    assert env["NEO4J_server_memory_heap_max__size"] == "${TKGRAG_NEO4J_HEAP:-4g}"
    assert env["NEO4J_server_memory_heap_initial__size"] == "${TKGRAG_NEO4J_HEAP:-4g}"
    assert env["NEO4J_server_memory_pagecache_size"] == "${TKGRAG_NEO4J_PAGECACHE:-2g}"


def test_docker_compose_takes_gds_from_a_pinned_file_not_a_download_at_start() -> None:
    import yaml

    from tkgrag.server.versions import GDS_VERSION

    text = (REPO / "docker-compose.yml").read_text()
    neo4j = yaml.safe_load(text)["services"]["neo4j"]
    assert "NEO4J_PLUGINS" not in neo4j["environment"]  # the image would fetch a plugin at every new container
    assert "${TKGRAG_GDS_PLUGINS:-./docker/plugins}:/plugins:ro" in neo4j["volumes"]
    assert f"neo4j-graph-data-science-{GDS_VERSION}.jar" in text
    assert f"neo4j-graph-data-science-{GDS_VERSION}.jar" in (REPO / "docker" / "plugins" / "README.md").read_text()
