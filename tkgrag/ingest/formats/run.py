"""Each source format wired into the generic pipeline: reader + writer + ``NodeKind`` + ``SourceInfo``.

These are what ``tkgrag ingest facts|corpus|passages`` call; tests call them too, so the CLI and the tests run the
same path (batching, rejects file, IngestRun checkpoint/resume, embeddings).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from tkgrag.ingest.formats.corpus import CorpusFormat, EdgeOrder, EndpointIndex, edge_fields, read_corpus, read_edges
from tkgrag.ingest.formats.facts import read_facts
from tkgrag.ingest.formats.passages import DEFAULT_MIN_WORDS, PassageFormat, read_passages
from tkgrag.ingest.formats.writers import CorpusWriter, FactWriter, PassageWriter, ReferenceWriter, titled_text
from tkgrag.ingest.pipeline import IngestOptions, IngestSummary, NodeKind, SourceInfo, ingest
from tkgrag.ingest.rejects import RejectsFile, default_rejects_path
from tkgrag.ingest.writers import EVENT_KIND
from tkgrag.queries import ingest_formats as q
from tkgrag.sources.jsonsource import utf8_lines
from tkgrag.sources.records import ChunkRecord, DocumentRecord, PassageRecord, Reject
from tkgrag.store.connection import Store
from tkgrag.text_input import default_source

CorpusItem = DocumentRecord | ChunkRecord


def _corpus_label(r: CorpusItem) -> str:
    return "Document" if isinstance(r, DocumentRecord) else "Chunk"


def _corpus_key(r: CorpusItem) -> str:
    return r.key


def _corpus_text(r: CorpusItem) -> str:
    return titled_text(r.title, r.text) if isinstance(r, ChunkRecord) else r.title


def _passage_key(p: PassageRecord) -> str:
    return p.key


def _passage_text(p: PassageRecord) -> str:
    return titled_text(p.title, p.text)


# Facts are Events: EVENT_KIND embeds ``record.text``, which for a FactRecord includes its qualifiers.
FACT_KIND = EVENT_KIND
CORPUS_KIND: NodeKind[CorpusItem] = NodeKind(label=_corpus_label, key=_corpus_key, text=_corpus_text)
PASSAGE_KIND: NodeKind[PassageRecord] = NodeKind(label="Passage", key=_passage_key, text=_passage_text)


def _count_lines(path: Path) -> int | None:
    """Items expected in a JSONL file (for the progress bar); None for other layouts."""
    if path.suffix.lower() not in (".jsonl", ".ndjson"):
        return None
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip())


def ingest_facts(
    store: Store, path: Path, *, source: str | None = None, options: IngestOptions | None = None
) -> IngestSummary:
    """N-ary facts JSONL -> Events with QUALIFIER edges (``facts.py`` for the schema)."""
    name = source or default_source(path)
    options = options or IngestOptions()
    if options.total is None:
        options = replace(options, total=_count_lines(path))
    return ingest(
        store,
        read_facts(path, source=name),
        FactWriter(),
        source=SourceInfo.for_file(path, name=name, format="facts-jsonl"),
        kind=FACT_KIND,
        options=options,
    )


@dataclass
class CorpusSummary:
    """The documents/chunks run, and the edges run when an edge list was given."""

    documents: IngestSummary
    references: IngestSummary | None = None
    unresolved: list[Reject] = field(default_factory=list)  # edges the writer could not attach (see ReferenceWriter)


def ingest_corpus(
    store: Store,
    path: Path,
    edges: Path | None = None,
    *,
    source: str | None = None,
    fmt: CorpusFormat = "auto",
    chunk_words: int | None = None,
    edge_order: EdgeOrder = "source-target",
    edge_kind: str = "cites",
    options: IngestOptions | None = None,
) -> CorpusSummary:
    """Documents and chunks of ``path``, then the reference edges of ``edges`` between them.

    Edge endpoints are resolved against the corpus file first and then against the graph (a corpus ingested
    earlier); endpoints found in neither are rejected with their line."""
    name = source or default_source(path)
    options = options or IngestOptions()
    index = EndpointIndex()
    docs = ingest(
        store,
        index.observe_all(read_corpus(path, source=name, fmt=fmt, chunk_words=chunk_words)),
        CorpusWriter(),
        source=SourceInfo.for_file(path, name=name, format=f"corpus-{fmt}-{chunk_words or 'whole'}"),
        kind=CORPUS_KIND,
        options=options,
    )
    summary = CorpusSummary(documents=docs)
    if edges is None:
        return summary
    _resolve_from_graph(store, index, edges, edge_order)
    writer = ReferenceWriter()
    edge_options = replace(options, rejects_path=None, total=None)
    summary.references = ingest(
        store,
        read_edges(edges, order=edge_order, kind=edge_kind, known=index),
        writer,
        source=SourceInfo.for_file(edges, name=name, format=f"edges-{edge_order}-{edge_kind}"),
        kind=None,
        options=edge_options,
    )
    if writer.unresolved:  # endpoints that vanished from the graph between resolving and writing (rare)
        where = summary.references.rejects_path or str(default_rejects_path(edges, options.rejects_dir, store.settings))
        extra = RejectsFile(Path(where), summary.references.run_id, append=True)
        extra.write(writer.unresolved)
        extra.close()
        summary.references.rejects_path = where
    summary.unresolved = writer.unresolved
    return summary


def _edge_names(edges: Path) -> Iterator[str]:
    """The endpoint names of the edge file (lines that are not UTF-8 are skipped here; ``read_edges`` rejects them)."""
    for item in utf8_lines(edges):
        if isinstance(item, Reject):
            continue
        parts = edge_fields(item[1])
        if parts is not None:
            yield from parts[:2]


def _resolve_from_graph(store: Store, index: EndpointIndex, edges: Path, order: EdgeOrder) -> None:
    """Teach ``index`` the chunks of documents that are in the graph but not in this corpus file."""
    unknown = sorted({n for n in _edge_names(edges) if index.resolve(n) is None})
    for start in range(0, len(unknown), 5000):
        for row in store.run(q.RESOLVE_ENDPOINTS, {"names": unknown[start : start + 5000]}):
            if row["chunk"] is None:
                continue
            if row["chunk"] == row["name"]:
                index.chunks.add(row["name"])
            else:
                index.lead_chunk[row["name"]] = row["chunk"]


def ingest_passages(
    store: Store,
    path: Path,
    *,
    source: str | None = None,
    fmt: PassageFormat = "auto",
    min_words: int = DEFAULT_MIN_WORDS,
    options: IngestOptions | None = None,
) -> IngestSummary:
    """Passages (generic JSONL/JSON, TimeQA, MenatQA) with the dates they mention."""
    name = source or default_source(path)
    options = options or IngestOptions()
    summary = ingest(
        store,
        read_passages(path, source=name, fmt=fmt, min_words=min_words),
        PassageWriter(),
        source=SourceInfo.for_file(path, name=name, format=f"passages-{fmt}"),
        kind=PASSAGE_KIND,
        options=options,
    )
    from tkgrag.ingest.sentences import sentences_after_ingest

    summary.derived.update(sentences_after_ingest(store, options.embedder, options.progress))
    return summary
