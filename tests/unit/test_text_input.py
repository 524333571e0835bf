"""Arguments and file names that are not UTF-8, and lone surrogates from Python callers (issue 30 item 11): refused
with a message that names the input and the position, or (file names) recorded with escapes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tkgrag.errors import ConfigError
from tkgrag.ingest.pipeline import SourceInfo
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.text_input import default_source, printable_path, require_text

XFF = os.fsdecode(b"\xff")  # what Python makes of a 0xff byte in argv or a file name: U+DCFF


def test_text_is_kept_and_undecodable_bytes_or_lone_surrogates_are_named() -> None:
    assert require_text("Zürich 2014 ✓", "the question") == "Zürich 2014 ✓"
    with pytest.raises(ConfigError) as byte:
        require_text(f"who {XFF} met", "the question")
    assert str(byte.value) == (
        "the question holds the byte 0xff, which is not UTF-8, at position 4; give it as UTF-8 text"
    )
    with pytest.raises(ConfigError) as lone:
        require_text("ab\ud800", "the source name")
    assert str(lone.value) == (
        "the source name holds a lone surrogate (U+D800), which is not a character, at position 2; "
        "give it as UTF-8 text"
    )


def test_a_question_that_is_not_text_is_refused_before_any_retrieval() -> None:
    with pytest.raises(ConfigError, match="the question holds the byte 0xff"):
        RetrievalRequest.of(f"who {XFF} met Obama")
    with pytest.raises(ConfigError, match="lone surrogate"):
        RetrievalRequest.of("who \udfff met Obama")


def test_file_names_that_are_not_utf8_are_recorded_with_escapes(tmp_path: Path) -> None:
    assert printable_path(f"/data/caf{XFF}.tsv") == "/data/caf\\xff.tsv"
    assert printable_path("/data/café.tsv") == "/data/café.tsv"
    assert printable_path("/data/\ud800.tsv") == "/data/\\ud800.tsv"
    path = tmp_path / f"caf{XFF}.tsv"
    path.write_text("A\tR\tB\t2014-01-01\n", encoding="utf-8")  # the file opens by its real name
    info = SourceInfo.for_file(path, format="tkg-tsv")
    assert info.name == default_source(path) == "caf\\xff"
    assert info.path == str(tmp_path.resolve()) + "/caf\\xff.tsv"
    info.path.encode("utf-8")  # storable: the driver and the hashes encode it
