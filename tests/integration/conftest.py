"""The reader tests' module fixtures over the module's own hand-made ``graph`` (``asking.load_facts``): the symbolic
reader and the vector retriever it is asked with. A module that defines its own ``reader`` or ``vector`` keeps it."""

from __future__ import annotations

import pytest

from tkgrag.readers.symbolic import SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store


@pytest.fixture(scope="module")
def reader(graph: Store, embedder) -> SymbolicReader:  # type: ignore[no-untyped-def]
    return SymbolicReader(graph, embedder)


@pytest.fixture(scope="module")
def vector(graph: Store, embedder) -> VectorRetriever:  # type: ignore[no-untyped-def]
    return VectorRetriever(graph, embedder)
