"""Corpus JSONL / CiteSeer readers, chunking and the edge-list reader."""

from __future__ import annotations

import json
from pathlib import Path

from tkgrag.ingest.formats.corpus import (
    EndpointIndex,
    read_citeseer_texts,
    read_corpus,
    read_edges,
    split_into_chunks,
)
from tkgrag.sources.records import ChunkRecord, DocumentRecord, ReferenceRecord, Reject


def test_chunks_pack_sentences_and_cut_long_ones() -> None:
    text = "One two three. Four five. Six seven eight nine ten eleven."
    # max 4 words: "One two three." (3); + "Four five." would be 5 -> flush; the 6-word sentence is longer than a
    # chunk: flush "Four five.", cut "Six seven eight nine", keep "ten eleven." for the end.
    assert split_into_chunks(text, 4) == ["One two three.", "Four five.", "Six seven eight nine", "ten eleven."]
    assert split_into_chunks("  a   b\nc ", None) == ["a b c"]
    assert split_into_chunks("a b c", 3) == ["a b c"]


def write_jsonl(path: Path, rows: list[object]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def test_documents_and_title_only_passages(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "c.jsonl",
        [
            {"id": "p1", "title": "Paper one", "text": "Alpha. Beta gamma.", "metadata": {"class": "DB", "year": 1999}},
            {"title": "Namibia", "text": "First passage."},
            {"title": "Namibia", "text": "Second passage."},
            {"id": "p2", "chunks": [{"id": "p2-intro", "text": "Intro."}, {"text": "Body."}]},
        ],
    )
    out = list(read_corpus(path))
    docs = [r for r in out if isinstance(r, DocumentRecord)]
    chunks = [r for r in out if isinstance(r, ChunkRecord)]
    assert [(d.key, d.title, d.properties) for d in docs] == [
        ("p1", "Paper one", {"class": "DB", "year": "1999"}),
        ("Namibia", "Namibia", {}),
        ("p2", "p2", {}),
    ]
    assert [(c.key, c.document_key, c.position, c.text) for c in chunks] == [
        ("p1#0", "p1", 0, "Alpha. Beta gamma."),
        ("Namibia#0", "Namibia", 0, "First passage."),
        ("Namibia#1", "Namibia", 1, "Second passage."),
        ("p2-intro", "p2", 0, "Intro."),
        ("p2#1", "p2", 1, "Body."),
    ]
    assert all(c.source == "c" for c in chunks)
    # chunking on request
    split = [r for r in read_corpus(path, chunk_words=2) if isinstance(r, ChunkRecord) and r.document_key == "p1"]
    assert [c.text for c in split] == ["Alpha.", "Beta gamma."]


def test_corpus_rejects_name_line_and_field(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "c.jsonl",
        [
            {"id": "ok", "text": "fine"},
            {"text": "no id, no title"},
            {"id": "both", "text": "x", "chunks": [{"text": "y"}]},
            {"id": "ok", "text": "again"},
            {"id": "bad", "chunks": [{"id": "c"}]},
            {"id": "meta", "text": "x", "metadata": {"key": "clash"}},
            "{broken",
        ],
    )
    rejects = [r for r in read_corpus(path) if isinstance(r, Reject)]
    assert [(r.ref.line, r.field) for r in rejects] == [
        (2, "id"),
        (3, "text"),
        (4, "id"),
        (5, "chunks[0].text"),
        (6, "metadata.key"),
        (7, None),
    ]
    assert "appears twice" in rejects[2].reason


def test_json_list_items_carry_their_index(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"title": "A", "text": "x"}, 5, {"title": "B"}]))
    out = list(read_corpus(path))
    assert [type(r).__name__ for r in out] == ["DocumentRecord", "ChunkRecord", "Reject", "Reject"]
    assert [r.ref.item for r in out[2:]] == [1, 2]


def test_citeseer_blocks(tmp_path: Path) -> None:
    path = tmp_path / "cs.txt"
    path.write_text("p1\nTitle one Abstract one.\nDB\nnot an id\nText.\nAI\np3\nText three.\nML")
    out = list(read_citeseer_texts(path))
    assert [(type(r).__name__, r.ref.line) for r in out] == [
        ("DocumentRecord", 1),
        ("ChunkRecord", 1),
        ("Reject", 4),
        ("DocumentRecord", 7),
        ("ChunkRecord", 7),
    ]
    assert isinstance(out[0], DocumentRecord) and out[0].properties == {"class": "DB"}
    assert isinstance(out[4], ChunkRecord) and (out[4].key, out[4].text) == ("p3#0", "Text three.")


def test_edges_order_resolution_and_rejects(tmp_path: Path) -> None:
    corpus = write_jsonl(tmp_path / "c.jsonl", [{"id": "a", "text": "x"}, {"id": "b", "text": "y"}])
    index = EndpointIndex()
    list(index.observe_all(read_corpus(corpus)))
    edges = tmp_path / "e.tsv"
    edges.write_text("# cited citing\nb\ta\na\ta\nb a extra cols\nzz\ta\nb\n")
    out = list(read_edges(edges, order="target-source", known=index))
    # line 2 "b a" in <cited> <citing> order: a cites b, resolved to the documents' first chunks.
    assert isinstance(out[0], ReferenceRecord)
    assert (out[0].source_key, out[0].target_key, out[0].kind, out[0].ref.line) == ("a#0", "b#0", "cites", 2)
    rejects = [r for r in out if isinstance(r, Reject)]
    assert [(r.ref.line, r.field) for r in rejects] == [(3, "target"), (4, None), (5, "target"), (6, None)]
    assert "self-reference" in rejects[0].reason and "unknown document or chunk 'zz'" in rejects[2].reason
    # Without an index, endpoints pass through as written (the writer resolves them in the graph).
    (first, *_) = read_edges(edges)
    assert isinstance(first, ReferenceRecord) and (first.source_key, first.target_key) == ("b", "a")
