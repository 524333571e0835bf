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
