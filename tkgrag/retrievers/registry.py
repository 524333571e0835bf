"""Retrievers by name. A new method is one module behind the Retriever protocol plus one entry here."""

from __future__ import annotations

from collections.abc import Callable

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.retrievers.base import Retriever
from tkgrag.store import Store

Factory = Callable[[Store, Embedder], Retriever]


def _vector(store: Store, embedder: Embedder) -> Retriever:
    from tkgrag.retrievers.vector import VectorRetriever

    return VectorRetriever(store, embedder)


def _star(name: str) -> Factory:
    def make(store: Store, embedder: Embedder) -> Retriever:
        from tkgrag.retrievers.star.retriever import StarRetriever

        return StarRetriever.variant(name, store, embedder)

    return make


RETRIEVERS: dict[str, Factory] = {
    "vector": _vector,
    "star": _star("star"),
    "star-uniform": _star("star-uniform"),
    "star+tc": _star("star+tc"),
}


def create(name: str, store: Store, embedder: Embedder) -> Retriever:
    try:
        factory = RETRIEVERS[name]
    except KeyError:
        raise ConfigError(f"unknown retrieval method {name!r}; choose one of: {', '.join(RETRIEVERS)}") from None
    return factory(store, embedder)
