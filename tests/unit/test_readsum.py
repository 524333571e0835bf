"""The checksum of what a reader read (``tkgrag.sources.readsum``, issue 30 item 14): the sha256 of exactly the bytes
read, reported only once the reader has reached the end of its file."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tkgrag.ingest.formats.corpus import read_corpus
from tkgrag.ingest.formats.facts import read_facts
from tkgrag.ingest.formats.passages import read_passages
from tkgrag.sources.readsum import Checksummed, ReadDigest


def test_the_digest_is_of_the_bytes_read_so_far(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"abc\ndef\n")
    digest = ReadDigest()
    with digest.open(path) as fh:
        assert fh.readline() == b"abc\n"
        path.write_bytes(b"abc\ndef\nghi\n")  # grows while open: what is read next is what gets hashed
        assert fh.read() == b"def\nghi\n"
    assert digest.hexdigest() == hashlib.sha256(b"abc\ndef\nghi\n").hexdigest()


def test_checksummed_reports_once_read_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"one\ntwo\n")

    def lines(digest: ReadDigest) -> list[bytes]:
        with digest.open(path) as fh:
            return list(fh)

    items = Checksummed(lambda d: iter(lines(d)))
    it = iter(items)
    assert next(it) == b"one\n" and items.read_checksum is None
    assert list(it) == [b"two\n"]
    assert items.read_checksum == hashlib.sha256(b"one\ntwo\n").hexdigest()


def test_each_reader_reports_the_checksum_of_its_file(tmp_path: Path) -> None:
    """Both input shapes (JSON Lines, a JSON list, CiteSeer text) of the generator readers."""
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps([{"subject": "Q1", "predicate": "p", "object": "Q2"}]), encoding="utf-8")
    passages = tmp_path / "p.jsonl"
    passages.write_text('{"id": "1", "text": "In 1999."}\n', encoding="utf-8")
    citeseer = tmp_path / "c.txt"
    citeseer.write_text("p1\nTitle one.\nDB\n", encoding="utf-8")
    for path, items in (
        (facts, read_facts(facts)),
        (passages, read_passages(passages)),
        (citeseer, read_corpus(citeseer)),
    ):
        assert len(list(items)) >= 1
        assert items.read_checksum == hashlib.sha256(path.read_bytes()).hexdigest()
