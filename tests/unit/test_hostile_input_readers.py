"""Hostile input to the JSON and edge readers becomes a reject naming the file and line, and the rest still reads
(issue: hardening, item 4): bytes that are not UTF-8, a line nested 5,000 brackets deep."""

from __future__ import annotations

import json
from pathlib import Path

from tkgrag.ingest.formats.corpus import read_edges
from tkgrag.ingest.formats.passages import read_passages
from tkgrag.sources.jsonsource import iter_json_objects
from tkgrag.sources.records import PassageRecord, ReferenceRecord, Reject


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


def test_an_over_long_name_rejects_its_line_and_the_rest_reads(tmp_path: Path) -> None:
    from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions

    path = tmp_path / "e.tsv"
    lines = [
        "Iran\tConsult\tJapan\t2014-01-02",
        f"{'x' * 10_000}\tConsult\tJapan\t2014-01-03",  # 10,000 bytes: Neo4j's index refuses it
        f"{'🙂' * 2100}\tConsult\tJapan\t2014-01-04",  # 2,100 emoji = 8,400 bytes
        f"{'y' * 8000}\tConsult\tJapan\t2014-01-05",  # 8,000 bytes: indexable, kept
        "Japan\tConsult\tIran\t2014-01-06",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = list(TkgTsvReader(path, TsvOptions(source="t")))
    rejects = [r for r in out if isinstance(r, Reject)]
    assert [(r.ref.line, r.field) for r in rejects] == [(2, "subject"), (3, "subject")]
    assert "10,000 bytes" in rejects[0].reason and "8,400 bytes" in rejects[1].reason
    assert len(out) - len(rejects) == 3


def test_an_over_long_passage_id_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"id": "z" * 9000, "text": "t"}) + "\n" + json.dumps({"id": "ok", "text": "t"}) + "\n")
    out = list(read_passages(path))
    assert [type(r).__name__ for r in out] == ["Reject", "PassageRecord"] and out[0].field == "id"  # type: ignore[union-attr]
