"""A damaged cache file is removed and reported as absent, so the caller rebuilds it (a truncated .npz raised
BadZipFile on every call until it was deleted by hand)."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from tkgrag.embed import _read_vocabulary
from tkgrag.npz_cache import read_cache


def whole_and_cut(tmp_path: Path) -> tuple[Path, Path]:
    whole = tmp_path / "whole.npz"
    np.savez(whole, texts=np.asarray(["a", "b"]), vectors=np.eye(2, 3, dtype=np.float32))
    cut = tmp_path / "cut.npz"
    cut.write_bytes(whole.read_bytes()[:-40])  # the zip's central directory is at the end
    return whole, cut


def test_a_whole_file_is_read_and_a_cut_one_removed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    whole, cut = whole_and_cut(tmp_path)
    assert read_cache(whole, lambda z: z["texts"].tolist()) == ["a", "b"]
    assert read_cache(tmp_path / "absent.npz", lambda z: 1) is None
    with caplog.at_level(logging.WARNING, logger="tkgrag.npz_cache"):
        assert read_cache(cut, lambda z: z["texts"].tolist()) is None
    assert not cut.exists()
    assert "cut.npz does not load (BadZipFile" in caplog.text


def test_a_file_without_the_expected_arrays_is_removed(tmp_path: Path) -> None:
    whole, _ = whole_and_cut(tmp_path)
    assert read_cache(whole, lambda z: z["missing"]) is None
    assert not whole.exists()


def test_a_cut_vocabulary_file_starts_again(tmp_path: Path) -> None:
    whole, cut = whole_and_cut(tmp_path)
    assert set(_read_vocabulary(whole, 3)) == {"a", "b"}
    assert _read_vocabulary(cut, 3) == {}  # before: BadZipFile
    assert not cut.exists()
