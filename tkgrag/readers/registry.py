"""Readers by name. A reader factory gets a ``ReaderContext``; the modules are imported only when asked for (the
LLM client is not always installed or configured)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.readers.base import Reader
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

    return RankedReader(_symbolic(ctx))


def _extractive(ctx: ReaderContext) -> Reader:
    from tkgrag.readers.extractive import ExtractiveReader

    return ExtractiveReader()


READERS: dict[str, Callable[[ReaderContext], Reader]] = {
    "symbolic": _symbolic,
    "llm": _llm,
    "ranked": _ranked,
    "extractive": _extractive,
}


def create_reader(name: str, context: ReaderContext) -> Reader:
    try:
        factory = READERS[name]
    except KeyError:
        raise ConfigError(f"unknown reader {name!r}; choose one of: {', '.join(READERS)}") from None
    return factory(context)
