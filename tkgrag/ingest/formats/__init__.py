"""Source formats beyond TKG TSV: n-ary facts JSONL, corpus graphs (documents, chunks, reference edges), passages.

Readers (``facts``, ``corpus``, ``passages``, ``tkbc``) are pure: file -> records | ``Reject``. Writers (``writers``)
write one batch inside the pipeline's transaction. ``run`` wires each format into ``tkgrag.ingest.pipeline``.

``FORMATS`` (built on first access, so importing a reader stays light) registers ``facts-jsonl``, ``corpus`` and
``passages`` with ``tkgrag.ingest.registry`` for job files. Reference edges are not a job format: their endpoints
must be resolved against a corpus (``tkgrag ingest corpus PATH --edges EDGES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tkgrag.errors import TkgragError

_FACTS_OPTIONS = frozenset({"source"})
_CORPUS_OPTIONS = frozenset({"source", "layout", "chunk_words"})
_PASSAGE_OPTIONS = frozenset({"source", "layout", "min_words"})


def _check(mapping: Mapping[str, Any], allowed: frozenset[str], fmt: str) -> None:
    unknown = set(mapping) - allowed
    if unknown:
        raise TkgragError(
            f"[mapping] of a {fmt} job: unknown option(s) {', '.join(sorted(unknown))}; "
            f"known: {', '.join(sorted(allowed))}"
        )


def _read_facts(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any]:
    from tkgrag.ingest.formats.facts import read_facts

    _check(mapping, _FACTS_OPTIONS, "facts-jsonl")
    return read_facts(path, source=mapping.get("source"))


def _read_corpus(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any]:
    from tkgrag.ingest.formats.corpus import read_corpus

    _check(mapping, _CORPUS_OPTIONS, "corpus")
    chunk_words = mapping.get("chunk_words")
    return read_corpus(
        path,
        source=mapping.get("source"),
        fmt=mapping.get("layout", "auto"),
        chunk_words=int(chunk_words) if chunk_words is not None else None,
    )


def _read_passages(path: Path, mapping: Mapping[str, Any], base: Path | None) -> Iterable[Any]:
    from tkgrag.ingest.formats.passages import DEFAULT_MIN_WORDS, read_passages

    _check(mapping, _PASSAGE_OPTIONS, "passages")
    return read_passages(
        path,
        source=mapping.get("source"),
        fmt=mapping.get("layout", "auto"),
        min_words=int(mapping.get("min_words", DEFAULT_MIN_WORDS)),
    )


def _formats() -> dict[str, Any]:
    from tkgrag.ingest.formats.run import CORPUS_KIND, FACT_KIND, PASSAGE_KIND
    from tkgrag.ingest.formats.writers import CorpusWriter, FactWriter, PassageWriter
    from tkgrag.ingest.registry import FormatSpec

    specs = [
        FormatSpec("facts-jsonl", _read_facts, FactWriter, FACT_KIND, "*.jsonl", "n-ary facts with qualifiers"),
        FormatSpec("corpus", _read_corpus, CorpusWriter, CORPUS_KIND, "*.jsonl", "documents and chunks"),
        FormatSpec("passages", _read_passages, PassageWriter, PASSAGE_KIND, "*.json*", "passages with their dates"),
    ]
    return {s.name: s for s in specs}


def __getattr__(name: str) -> Any:
    if name == "FORMATS":
        return _formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
