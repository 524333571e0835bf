"""Every ingest format in one table, for job files and the CLI: how to read a file, which writer writes it, what its
records are. TSV events are a peer of the other formats; nothing registers itself on import."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.errors import TkgragError
from tkgrag.ingest.formats.corpus import read_corpus
from tkgrag.ingest.formats.facts import read_facts
from tkgrag.ingest.formats.passages import DEFAULT_MIN_WORDS, read_passages
from tkgrag.ingest.formats.run import CORPUS_KIND, FACT_KIND, PASSAGE_KIND
from tkgrag.ingest.formats.writers import CorpusWriter, FactWriter, PassageWriter
from tkgrag.ingest.pipeline import NodeKind
from tkgrag.ingest.sentences import sentences_after_ingest
from tkgrag.ingest.tsv import FORMAT as TSV_FORMAT
from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.sources.records import BatchWriter, Reject
from tkgrag.store.connection import Store


@dataclass(frozen=True)
class FormatSpec:
    """``read(path, mapping, base_dir)``: records and rejects of one file, where ``mapping`` is the job file's
    ``[mapping]`` table (format options, incl. ``source``) and ``base_dir`` the folder relative paths in it are
    resolved against. ``glob``: the files of a watched directory that belong to the format."""

    name: str
    read: Callable[[Path, Mapping[str, Any], Path | None], Iterable[Any | Reject]]
    writer: Callable[[], BatchWriter[Any]]
    kind: NodeKind[Any] | None
    glob: str = "*"
    description: str = ""
    # Derived structures to bring up to date after a file is ingested (passages: their sentences), given the store,
    # the embedder (None: graph only) and whether to show progress. Resumable and idempotent like the ingestion.
    after: Callable[[Store, Embedder | None, bool], dict[str, int]] | None = None


def _check(mapping: Mapping[str, Any], allowed: frozenset[str], fmt: str) -> None:
    unknown = set(mapping) - allowed
    if unknown:
        raise TkgragError(
            f"[mapping] of a {fmt} job: unknown option(s) {', '.join(sorted(unknown))}; "
            f"known: {', '.join(sorted(allowed))}"
        )


def _read_tsv(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any | Reject]:
    return TkgTsvReader(path, TsvOptions.from_mapping(mapping, base))


def _read_facts(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any | Reject]:
    _check(mapping, frozenset({"source"}), "facts-jsonl")
    return read_facts(path, source=mapping.get("source"))


def _read_corpus(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any | Reject]:
    _check(mapping, frozenset({"source", "layout", "chunk_words"}), "corpus")
    chunk_words = mapping.get("chunk_words")
    return read_corpus(
        path,
        source=mapping.get("source"),
        fmt=mapping.get("layout", "auto"),
        chunk_words=int(chunk_words) if chunk_words is not None else None,
    )


def _read_passages(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any | Reject]:
    _check(mapping, frozenset({"source", "layout", "min_words"}), "passages")
    return read_passages(
        path,
        source=mapping.get("source"),
        fmt=mapping.get("layout", "auto"),
        min_words=int(mapping.get("min_words", DEFAULT_MIN_WORDS)),
    )


# Reference edges are not a job format: their endpoints must be resolved against a corpus
# (``tkgrag ingest corpus PATH --edges EDGES``).
FORMATS: dict[str, FormatSpec] = {
    s.name: s
    for s in (
        FormatSpec(
            TSV_FORMAT,
            _read_tsv,
            EventWriter,
            EVENT_KIND,
            "*.tsv",
            "TKG quadruples/quintuples (ICEWS, MultiTQ, TimeQuestions kg_subset)",
        ),
        FormatSpec("facts-jsonl", _read_facts, FactWriter, FACT_KIND, "*.jsonl", "n-ary facts with qualifiers"),
        FormatSpec("corpus", _read_corpus, CorpusWriter, CORPUS_KIND, "*.jsonl", "documents and chunks"),
        FormatSpec(
            "passages",
            _read_passages,
            PassageWriter,
            PASSAGE_KIND,
            "*.json*",
            "passages with their dates (and their sentences, for MRAG)",
            after=sentences_after_ingest,
        ),
    )
}


def formats() -> dict[str, FormatSpec]:
    """A copy of :data:`FORMATS` (callers may not change the table)."""
    return dict(FORMATS)


def get_format(name: str) -> FormatSpec:
    if name not in FORMATS:
        raise TkgragError(f"unknown ingest format {name!r}; known: {', '.join(sorted(FORMATS))}")
    return FORMATS[name]
