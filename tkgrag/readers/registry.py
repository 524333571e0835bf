"""Readers by name, and the reader per item kind. A reader factory gets a ``ReaderContext``; the modules are imported
only when asked for (the LLM client is not always installed or configured).

``auto`` (the default) chooses by what the retrieval holds (``reader_for``): answers the method ranked itself ->
``ranked`` (facts: EXAQT); events or facts -> ``symbolic``; passages or chunks -> ``extractive`` (the reader of
``tkgrag/readers/extractive.py``; until it exists, an abstention that says so). ``READER_FOR_KIND`` is the one place
that maps an item kind to its reader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import Answer, ItemKind, Retrieval
from tkgrag.readers.base import Reader
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.store import Store


@dataclass(frozen=True)
class ReaderContext:
    store: Store
    embedder: Embedder


def _symbolic(ctx: ReaderContext) -> Reader:
    from tkgrag.readers.symbolic import SymbolicReader

    return SymbolicReader(ctx.store, ctx.embedder)


def _llm(ctx: ReaderContext) -> Reader:
    from tkgrag.readers.llm import LLMReader

    return LLMReader.from_settings()


def _ranked(ctx: ReaderContext) -> Reader:
    from tkgrag.readers.ranked import RankedReader

    return RankedReader()


def _extractive(ctx: ReaderContext) -> Reader:
    from tkgrag.readers.extractive import ExtractiveReader

    return ExtractiveReader()


# The reader for each item kind (``auto``); an item kind added to the model gets its reader here.
READER_FOR_KIND: dict[ItemKind, str] = {
    ItemKind.EVENT: "symbolic",
    ItemKind.FACT: "symbolic",
    ItemKind.PASSAGE: "extractive",
    ItemKind.CHUNK: "extractive",
}


def reader_for(retrieval: Retrieval) -> str:
    """The reader for a retrieval: ``ranked`` when the method ranked answers itself, else the reader of the kind of
    its best item (``symbolic`` when it holds none: the symbolic reader may still read the graph)."""
    if retrieval.answers:
        return "ranked"
    if not retrieval.evidence:
        return "symbolic"
    return READER_FOR_KIND[retrieval.evidence[0].kind]


@dataclass
class AutoReader:
    """Reads each retrieval with the reader of what it holds (``reader_for``)."""

    context: ReaderContext
    name: str = "auto"
    _readers: dict[str, Reader] = field(default_factory=dict, repr=False)

    def reader(self, name: str) -> Reader:
        if name not in self._readers:
            self._readers[name] = create_reader(name, self.context)
        return self._readers[name]

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        return self.reader(reader_for(retrieval)).read(request, retrieval)


def _auto(ctx: ReaderContext) -> Reader:
    return AutoReader(ctx)


READERS: dict[str, Callable[[ReaderContext], Reader]] = {
    "auto": _auto,
    "symbolic": _symbolic,
    "ranked": _ranked,
    "extractive": _extractive,
    "llm": _llm,
}


def create_reader(name: str, context: ReaderContext) -> Reader:
    try:
        factory = READERS[name]
    except KeyError:
        raise ConfigError(f"unknown reader {name!r}; choose one of: {', '.join(READERS)}") from None
    return factory(context)
