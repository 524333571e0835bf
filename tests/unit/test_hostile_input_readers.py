"""Hostile input to the JSON and edge readers becomes a reject naming the file and line, and the rest still reads
(issue: hardening, item 4): bytes that are not UTF-8, a line nested 5,000 brackets deep."""

from __future__ import annotations

import json
from pathlib import Path

from tkgrag.ingest.formats.corpus import read_edges
from tkgrag.ingest.formats.jsonsource import iter_json_objects
from tkgrag.ingest.formats.passages import read_passages
from tkgrag.ingest.records import PassageRecord, ReferenceRecord, Reject


def test_jsonl_with_latin1_bytes_and_deep_nesting_rejects_those_lines_only(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    good = json.dumps({"id": "a", "text": "Good passage in 2014."}).encode()
    latin1 = '{"id": "b", "text": "caf\xe9 in 2014"}'.encode("latin-1")
    deep = b"[" * 5000 + b"]" * 5000
    last = json.dumps({"id": "c", "text": "Another good one, 2015."}).encode()
    path.write_bytes(b"\n".join([good, latin1, deep, last]) + b"\n")
    out = list(read_passages(path))
    assert [r.key for r in out if isinstance(r, PassageRecord)] == ["a", "c"]
    rejects = [r for r in out if isinstance(r, Reject)]
    assert [r.ref.line for r in rejects] == [2, 3]
    assert "not UTF-8" in rejects[0].reason and "byte" in rejects[0].reason
    assert "nested too deeply" in rejects[1].reason


def test_json_list_file_that_is_not_utf8_is_one_reject_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'[\n{"id": "a", "text": "x"},\n{"id": "b", "text": "caf\xe9"}\n]\n')
    out = list(iter_json_objects(path))
    assert len(out) == 1 and isinstance(out[0], Reject)
    assert out[0].ref.line == 3 and "not UTF-8" in out[0].reason


def test_edges_with_a_bad_byte_reject_that_line(tmp_path: Path) -> None:
    path = tmp_path / "edges.tsv"
    path.write_bytes(b"a\tb\nc\xff\td\ne\tf\n")
    out = list(read_edges(path))
    assert [(r.source_key, r.target_key) for r in out if isinstance(r, ReferenceRecord)] == [("a", "b"), ("e", "f")]
    assert [r.ref.line for r in out if isinstance(r, Reject)] == [2]
