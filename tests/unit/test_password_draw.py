"""The generated initial password never starts with '-': neo4j-admin reads its @file content as an option then."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tkgrag.server import credentials


def test_a_draw_starting_with_a_dash_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draws = iter(["-leading-dash-draw", "--again", "good_draw-1"])
    monkeypatch.setattr(credentials.secrets, "token_urlsafe", lambda n: next(draws))
    path = tmp_path / "run" / "password"
    assert credentials.create_password(path) == "good_draw-1"
    assert path.read_text(encoding="utf-8") == "good_draw-1\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
