"""Corpus graphs through the real pipeline and server: documents, chunks, reference edges; real CiteSeer/MuSiQue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tkgrag.ingest.formats.corpus import read_edges
from tkgrag.ingest.formats.run import ingest_corpus
from tkgrag.ingest.formats.writers import ReferenceWriter
from tkgrag.ingest.pipeline import IngestOptions, SimulatedCrash, SourceInfo, ingest
from tkgrag.ingest.rejects import read_rejects
from tkgrag.queries import ingest_formats as q
from tkgrag.store import Store

DATA = Path(__file__).resolve().parents[2] / "tkgrag" / "data"
SAMPLE, EDGES = DATA / "corpus_sample.jsonl", DATA / "corpus_edges_sample.tsv"


def opts(tmp_path: Path) -> IngestOptions:
    return IngestOptions(progress=False, rejects_dir=tmp_path / "rejects", batch_size=25)


def counts(store: Store) -> dict[str, int]:
    return store.run(q.COUNT_FORMAT_GRAPH)[0]


def sample_sizes() -> tuple[int, int, int]:
    """(documents, chunks, edges) of the bundled sample, counted from the files themselves."""
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
    docs = {r.get("id") or r["title"] for r in rows}
    edges = [ln for ln in EDGES.read_text().splitlines() if ln and not ln.startswith("#")]
    return len(docs), len(rows), len(edges)


def test_sample_corpus_with_edges_round_trip_and_rerun(store: Store, tmp_path: Path) -> None:
    n_docs, n_chunks, n_edges = sample_sizes()
    first = ingest_corpus(store, SAMPLE, EDGES, options=opts(tmp_path))
    assert (first.documents.written, first.documents.rejected) == (n_docs + n_chunks, 0)
    assert first.references is not None and (first.references.written, first.references.rejected) == (n_edges, 0)
    after = counts(store)
    assert (after["documents"], after["chunks"], after["has_chunk"], after["references"]) == (
        n_docs,
        n_chunks,
        n_chunks,
        n_edges,
    )
    again = ingest_corpus(store, SAMPLE, EDGES, options=opts(tmp_path))
    assert again.documents.written == 0 and again.documents.duplicates == n_docs + n_chunks
    assert again.references is not None and again.references.written == 0
    assert counts(store) == after


def test_chunk_references_are_traversable(store: Store, tmp_path: Path) -> None:
    ingest_corpus(store, SAMPLE, EDGES, options=opts(tmp_path))
    # The sample's edge file lists "citing<TAB>cited"; every paper citing brin98anatomy must be reachable from it.
    citing = sorted(ln.split("\t")[0] for ln in EDGES.read_text().splitlines() if ln.endswith("\tbrin98anatomy"))
    assert citing
    rows = store.run(
        "MATCH (:Chunk {key: 'brin98anatomy#0'})<-[:REFERENCES {kind: 'cites'}]-(c:Chunk)<-[:HAS_CHUNK]-(d:Document) "
        "RETURN d.key AS doc ORDER BY doc"
    )
    assert [r["doc"] for r in rows] == citing
    # and forward from one of them
    out = store.run(q.CHUNK_REFERENCES, {"key": f"{citing[0]}#0"})
    assert "brin98anatomy" in [r["document"] for r in out]
    # passages of one MuSiQue article are the ordered chunks of one document
    namibia = store.run("MATCH (:Document {key: 'Namibia'})-[:HAS_CHUNK]->(c:Chunk) RETURN c.position AS p ORDER BY p")
    assert [r["p"] for r in namibia] == list(range(len(namibia))) and len(namibia) > 1


def test_real_citeseer_slice_with_dangling_and_self_citations(store: Store, shared_data: Path, tmp_path: Path) -> None:
    folder = shared_data / "corpus_graph" / "citeseer"
    lines = (folder / "citeseer_texts.txt").read_text(encoding="utf-8").splitlines()
    blocks = {lines[i]: lines[i : i + 3] for i in range(0, len(lines), 3)}
    cites = [ln.split() for ln in (folder / "citeseer.cites").read_text().splitlines() if ln.strip()]
    inside = [c for c in cites if c[0] in blocks and c[1] in blocks and c[0] != c[1]][:25]
    dangling = next(c for c in cites if (c[0] in blocks) != (c[1] in blocks))  # CiteSeer cites papers it lacks
    selfloop = next(c for c in cites if c[0] == c[1])
    chosen = {x for c in inside for x in c} | {x for x in dangling if x in blocks}
    texts = tmp_path / "citeseer_slice.txt"
    texts.write_text("\n".join(ln for k in blocks if k in chosen for ln in blocks[k]) + "\n", encoding="utf-8")
    edges = tmp_path / "slice.cites"
    edges.write_text("".join(f"{a}\t{b}\n" for a, b in [*inside, dangling, selfloop]))

    result = ingest_corpus(store, texts, edges, edge_order="target-source", options=opts(tmp_path))
    assert result.documents.written == 2 * len(chosen) and result.documents.rejected == 0
    refs = result.references
    assert refs is not None
    n_edges = len({(a, b) for a, b in inside})
    assert (refs.read, refs.written, refs.rejected) == (len(inside) + 2, n_edges, 2)
    assert refs.rejects_path is not None
    rejects = read_rejects(Path(refs.rejects_path))
    # <cited> <citing>: the citing paper (2nd column) is the edge's source
    dangling_field = "source" if dangling[1] not in blocks else "target"
    assert [(r["line"], r["field"]) for r in rejects] == [
        (len(inside) + 1, dangling_field),
        (len(inside) + 2, "target"),
    ]
    cited, citing = inside[0]
    assert (
        store.run(
            "MATCH (:Chunk {key: $a})-[r:REFERENCES]->(:Chunk {key: $b}) RETURN count(r) AS n",
            {"a": f"{citing}#0", "b": f"{cited}#0"},
        )[0]["n"]
        == 1
    )
    (doc,) = store.run("MATCH (d:Document {key: $k}) RETURN d.class AS c", {"k": cited})
    assert doc["c"] == blocks[cited][2]


def test_real_musique_passages_and_edges_to_an_earlier_corpus(store: Store, shared_data: Path, tmp_path: Path) -> None:
    full = json.loads(
        (shared_data / "corpus_graph" / "musique_100" / "musique_train_100_corpus.json").read_text(encoding="utf-8")
    )
    part = full[:30]
    path = tmp_path / "musique_part.json"
    path.write_text(json.dumps(part))
    result = ingest_corpus(store, path, options=opts(tmp_path))
    titles = {p["title"] for p in part}
    assert result.documents.written == len(titles) + len(part)
    assert counts(store)["chunks"] == len(part)
    # A later edge list may name documents ingested before (resolved against the graph, not the file).
    a, b = part[0]["title"], part[1]["title"]
    later = tmp_path / "later.jsonl"
    later.write_text(json.dumps({"id": "note", "text": "A note that links two articles."}) + "\n")
    edges = tmp_path / "links.tsv"
    edges.write_text(f"note\t{a}\tlinks\nnote\t{b}\tlinks\nnote\tNo such article\n")
    linked = ingest_corpus(store, later, edges, options=opts(tmp_path))
    assert linked.references is not None and (linked.references.written, linked.references.rejected) == (2, 1)
    got = store.run(
        "MATCH (:Chunk {key: 'note#0'})-[r:REFERENCES]->(c:Chunk)<-[:HAS_CHUNK]-(d:Document) "
        "RETURN d.key AS d, r.kind AS kind, c.position AS p ORDER BY d"
    )
    assert [(r["d"], r["kind"], r["p"]) for r in got] == sorted([(a, "links", 0), (b, "links", 0)])


def test_bad_corpus_records_are_rejected_with_line_and_field(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        "\n".join(
            [
                json.dumps({"id": "d1", "text": "fine"}),
                json.dumps({"id": "d2"}),
                "[]",
                json.dumps({"id": "d3", "chunks": [{"text": ""}]}),
                json.dumps({"id": "d4", "text": "fine too", "metadata": {"year": [1999]}}),
                json.dumps({"id": "d5", "text": "ok"}),
            ]
        )
        + "\n"
    )
    result = ingest_corpus(store, path, options=opts(tmp_path))
    assert (result.documents.written, result.documents.rejected) == (4, 4)
    assert result.documents.rejects_path is not None
    got = [(r["line"], r["field"]) for r in read_rejects(Path(result.documents.rejects_path))]
    assert got == [(2, "text"), (3, None), (4, "chunks[0].text"), (5, "metadata.year")]


def test_interrupted_corpus_run_resumes_and_edges_still_resolve(store: Store, tmp_path: Path) -> None:
    n_docs, n_chunks, n_edges = sample_sizes()
    crash = IngestOptions(progress=False, rejects_dir=tmp_path, batch_size=10, crash_after_batches=2)
    with pytest.raises(SimulatedCrash):
        ingest_corpus(store, SAMPLE, EDGES, options=crash)
    partial = counts(store)
    assert 0 < partial["chunks"] < n_chunks
    # The resumed run skips the committed items, yet the edge endpoints of the skipped documents still resolve.
    resumed = ingest_corpus(store, SAMPLE, EDGES, options=opts(tmp_path))
    assert resumed.documents.resumed_from is not None and resumed.documents.resumed_from > 0
    assert resumed.documents.written + resumed.documents.duplicates == n_docs + n_chunks
    assert resumed.references is not None and resumed.references.rejected == 0
    done = counts(store)
    assert (done["documents"], done["chunks"], done["references"]) == (n_docs, n_chunks, n_edges)


def test_reference_writer_reports_edges_it_cannot_attach(store: Store, tmp_path: Path) -> None:
    # Endpoints left unresolved by the reader (no EndpointIndex) are looked up in the graph by the writer itself.
    ingest_corpus(store, SAMPLE, options=opts(tmp_path))
    edges = tmp_path / "e.tsv"
    edges.write_text("117999\tbrin98anatomy\tlinks\n117999\tnowhere\tlinks\n")
    writer = ReferenceWriter()
    summary = ingest(
        store,
        read_edges(edges),
        writer,
        source=SourceInfo.for_file(edges, format="edges-test"),
        kind=None,
        options=opts(tmp_path),
    )
    assert (summary.read, summary.written, summary.duplicates) == (2, 1, 1)
    assert [(r.ref.line, r.field) for r in writer.unresolved] == [(2, "source/target")]
    assert "nowhere" in writer.unresolved[0].reason
    assert (
        store.run(
            "MATCH (:Chunk {key: '117999#0'})-[r:REFERENCES {kind: 'links'}]->(:Chunk {key: 'brin98anatomy#0'}) "
            "RETURN count(r) AS n"
        )[0]["n"]
        == 1
    )
