"""Corpus graphs: documents split into chunks, and an edge list of references between them (FastInsight-style).

Documents come from JSON Lines / a JSON list (schema in ``cypher/README.md``, "Corpus JSONL"), or from the
CiteSeer text dump (``id`` line, ``title + abstract`` line, ``class`` line). Edges come from a whitespace-separated
list ``<a> <b> [kind]``; ``order="target-source"`` reads CiteSeer's ``<cited> <citing>`` lines.

A record with an ``id`` is a document of its own. A record with only a ``title`` (MuSiQue/HotpotQA passages) is the
next passage of the document of that title, so the passages of one article become chunks 0, 1, 2... of one document
(numbered by ``tkgrag.sources.corpus``, which the MuSiQue eval loader uses too: its gold ids are these chunk keys).
Edge endpoints name chunks or documents; a document stands for its first chunk (position 0), which is the whole
document unless ``chunk_words`` split it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tkgrag.sources.corpus import TitledPassages
from tkgrag.sources.fields import FieldError
from tkgrag.sources.jsonsource import check_fields, iter_json_objects, raw_of, text_field, utf8_lines
from tkgrag.sources.keys import chunk_key
from tkgrag.sources.readsum import Checksummed, ReadDigest, open_input
from tkgrag.sources.records import ChunkRecord, DocumentRecord, ReferenceRecord, Reject, SourceRef
from tkgrag.text_input import default_source

CorpusItem = DocumentRecord | ChunkRecord
CorpusFormat = Literal["auto", "jsonl", "json", "citeseer"]
EdgeOrder = Literal["source-target", "target-source"]

DOCUMENT_FIELDS = frozenset({"id", "title", "text", "chunks", "metadata", "source"})
CHUNK_FIELDS = frozenset({"id", "text"})
# Document properties the writer sets itself; metadata may not overwrite them.
RESERVED_PROPERTIES = frozenset({"key", "title", "source", "run_id", "ingested_at", "embedding"})
_PROPERTY_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def split_into_chunks(text: str, max_words: int | None) -> list[str]:
    """Sentences packed greedily into chunks of at most ``max_words`` words (a longer sentence is cut at word
    boundaries). ``None`` keeps the text whole: corpus-graph nodes are usually whole passages or abstracts."""
    text = " ".join(text.split())
    if max_words is None or len(text.split()) <= max_words:
        return [text]
    if max_words < 1:
        raise ValueError("max_words must be at least 1")
    chunks: list[str] = []
    current: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        words = sentence.split()
        while len(words) > max_words:  # a sentence longer than a chunk: flush, then cut it
            if current:
                chunks.append(" ".join(current))
                current = []
            chunks.append(" ".join(words[:max_words]))
            words = words[max_words:]
        if current and len(current) + len(words) > max_words:
            chunks.append(" ".join(current))
            current = []
        current.extend(words)
    if current:
        chunks.append(" ".join(current))
    return chunks


def detect_format(path: Path) -> CorpusFormat:
    suffix = path.suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix == ".txt":
        return "citeseer"
    return "jsonl"


def read_corpus(
    path: Path, *, source: str | None = None, fmt: CorpusFormat = "auto", chunk_words: int | None = None
) -> Checksummed[CorpusItem | Reject]:
    """Documents and their chunks (each document before its chunks), or rejects. The result reports
    ``read_checksum`` once read (``readsum``)."""
    return Checksummed(lambda digest: _read_corpus(path, source, fmt, chunk_words, digest))


def _read_corpus(
    path: Path, source: str | None, fmt: CorpusFormat, chunk_words: int | None, digest: ReadDigest
) -> Iterator[CorpusItem | Reject]:
    src = source or default_source(path)
    kind = detect_format(path) if fmt == "auto" else fmt
    if kind == "citeseer":
        yield from read_citeseer_texts(path, source=src, chunk_words=chunk_words, digest=digest)
        return
    seen_docs: set[str] = set()
    titled = TitledPassages()
    for item in iter_json_objects(path, digest):
        if isinstance(item, Reject):
            yield item
            continue
        ref, obj = item
        try:
            yield from _parse_document(obj, ref, src, chunk_words, seen_docs, titled)
        except FieldError as exc:
            yield Reject(ref, exc.reason, field=exc.field, raw=raw_of(obj))


def _parse_document(
    obj: Mapping[str, Any],
    ref: SourceRef,
    default_source: str,
    chunk_words: int | None,
    seen_docs: set[str],
    titled: TitledPassages,
) -> Iterator[CorpusItem]:
    check_fields(obj, DOCUMENT_FIELDS)
    doc_id = text_field(obj, "id", required=False, numbers=True)
    title = text_field(obj, "title", required=False)
    if doc_id is None and title is None:
        raise FieldError("id", "a document needs an 'id' or a 'title'")
    source = text_field(obj, "source", required=False) or default_source
    texts = _chunk_texts(obj, chunk_words)
    props = _metadata(obj.get("metadata"))

    if doc_id is None:  # a passage of the article named by its title: append to that document
        assert title is not None
        key, first = titled.take(title, len(texts))
    else:
        if doc_id in seen_docs:
            raise FieldError("id", f"document {doc_id!r} appears twice in this file (ids must be unique)")
        key, first = doc_id, 0
    if key not in seen_docs:
        seen_docs.add(key)
        yield DocumentRecord(key=key, title=title or key, ref=ref, source=source, properties=props)
    for i, (cid, text) in enumerate(texts):
        pos = first + i
        yield ChunkRecord(
            key=cid or chunk_key(key, pos),
            document_key=key,
            text=text,
            ref=ref,
            source=source,
            position=pos,
            title=title,
        )


def _chunk_texts(obj: Mapping[str, Any], chunk_words: int | None) -> list[tuple[str | None, str]]:
    """(explicit chunk id or None, text) for each chunk of a document record."""
    has_text, has_chunks = "text" in obj, "chunks" in obj
    if has_text == has_chunks:
        raise FieldError("text", "give either 'text' (split into chunks) or 'chunks' (already split), not both/neither")
    if has_text:
        text = text_field(obj, "text")
        assert text is not None
        return [(None, t) for t in split_into_chunks(text, chunk_words)]
    chunks = obj["chunks"]
    if not isinstance(chunks, list) or not chunks:
        raise FieldError("chunks", "expected a non-empty list of {id?, text} objects")
    out: list[tuple[str | None, str]] = []
    for i, c in enumerate(chunks):
        where = f"chunks[{i}]"
        if not isinstance(c, dict):
            raise FieldError(where, f"expected an object, found {type(c).__name__}")
        check_fields(c, CHUNK_FIELDS, prefix=f"{where}.")
        try:
            cid = text_field(c, "id", required=False, numbers=True)
            text = text_field(c, "text")
        except FieldError as exc:
            raise FieldError(f"{where}.{exc.field}", exc.reason) from None
        assert text is not None
        out.append((cid, " ".join(text.split())))
    return out


def _metadata(value: object) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise FieldError("metadata", f"expected an object of scalar values, found {type(value).__name__}")
    out: dict[str, str] = {}
    for k, v in value.items():
        if not _PROPERTY_NAME.match(k) or k in RESERVED_PROPERTIES:
            raise FieldError(
                f"metadata.{k}", "not usable as a property name (letters, digits, _; not key/title/source/run_id)"
            )
        if isinstance(v, dict | list) or v is None:
            raise FieldError(f"metadata.{k}", "expected a string, number or boolean")
        out[k] = str(v)
    return out


def read_citeseer_texts(
    path: Path, *, source: str | None = None, chunk_words: int | None = None, digest: ReadDigest | None = None
) -> Iterator[CorpusItem | Reject]:
    """CiteSeer as TAPE ships it: three lines per paper (id; title and abstract run together; class label).

    The title cannot be told apart from the abstract, so ``Document.title`` is the paper id and the class label is
    the ``class`` property."""
    src = source or default_source(path)
    with io.TextIOWrapper(open_input(path, digest), encoding="utf-8") as fh:
        lines = [ln.rstrip("\n") for ln in fh]
    for start in range(0, len(lines), 3):
        block = lines[start : start + 3]
        ref = SourceRef(str(path), line=start + 1)
        raw = " | ".join(block)[:500]
        if len(block) < 3:
            yield Reject(ref, f"incomplete record: {len(block)} of 3 lines (id, text, class)", raw=raw)
            continue
        pid, text, label = (b.strip() for b in block)
        if not pid or len(pid.split()) != 1:
            yield Reject(ref, "first line of a record must be one paper id", field="id", raw=raw)
            continue
        if not text:
            yield Reject(SourceRef(str(path), line=start + 2), "empty title/abstract line", field="text", raw=raw)
            continue
        if not label or len(label.split()) != 1:
            yield Reject(SourceRef(str(path), line=start + 3), "third line must be one class label", field="class")
            continue
        yield DocumentRecord(key=pid, title=pid, ref=ref, source=src, properties={"class": label})
        for pos, chunk in enumerate(split_into_chunks(text, chunk_words)):
            yield ChunkRecord(
                key=chunk_key(pid, pos), document_key=pid, text=chunk, ref=ref, source=src, position=pos, title=None
            )


@dataclass
class EndpointIndex:
    """Which ids an edge may name: chunk keys, and document keys (standing for their first chunk)."""

    chunks: set[str] = field(default_factory=set)
    lead_chunk: dict[str, str] = field(default_factory=dict)

    def observe(self, record: CorpusItem | Reject) -> None:
        if isinstance(record, ChunkRecord):
            self.chunks.add(record.key)
            if record.position == 0:
                self.lead_chunk.setdefault(record.document_key, record.key)

    def observe_all(self, records: Iterable[CorpusItem | Reject]) -> Iterator[CorpusItem | Reject]:
        """Pass ``records`` through, remembering their keys."""
        for r in records:
            self.observe(r)
            yield r

    def resolve(self, name: str) -> str | None:
        if name in self.chunks:
            return name
        return self.lead_chunk.get(name)


def edge_fields(line: str) -> list[str] | None:
    """The columns of one edge-file line (None for a blank or ``#`` comment line). Tab-separated lines may name
    documents with spaces ("New Delhi"); others split on any whitespace."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    return [p.strip() for p in text.split("\t")] if "\t" in text else text.split()


def read_edges(
    path: Path, *, order: EdgeOrder = "source-target", kind: str = "cites", known: EndpointIndex | None = None
) -> Iterator[ReferenceRecord | Reject]:
    """Reference edges ``source -> target`` (source cites/links to target).

    Each line is ``<a> <b>`` or ``<a> <b> <kind>``: tab-separated (then names may contain spaces) or separated by
    spaces; lines starting with ``#`` are comments.
    With ``known``, endpoints are resolved to chunk keys and unknown ones are rejected (CiteSeer cites 141 papers
    it has no text for); without it they are written as given and the writer resolves them in the graph."""
    for item in utf8_lines(path):
        if isinstance(item, Reject):
            yield item
            continue
        ref, line = item
        parts = edge_fields(line)
        if parts is None:
            continue
        text = line.strip()
        if len(parts) not in (2, 3) or not all(parts):
            yield Reject(ref, f"expected '<a> <b> [kind]', found {len(parts)} columns", raw=text[:500])
            continue
        src_id, dst_id = (parts[0], parts[1]) if order == "source-target" else (parts[1], parts[0])
        if src_id == dst_id:
            yield Reject(ref, f"self-reference of {src_id!r} (not a reference edge)", field="target", raw=text)
            continue
        if known is not None:
            src_key, dst_key = known.resolve(src_id), known.resolve(dst_id)
            if src_key is None or dst_key is None:
                role, name = ("source", src_id) if src_key is None else ("target", dst_id)
                yield Reject(ref, f"unknown document or chunk {name!r}", field=role, raw=text)
                continue
            src_id, dst_id = src_key, dst_key
        yield ReferenceRecord(src_id, dst_id, ref, kind=parts[2] if len(parts) == 3 else kind)
