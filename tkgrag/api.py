"""``TKGRag``: the Python entry point. A thin facade: it connects and composes, the work lives in the modules.

from tkgrag import TKGRag
rag = TKGRag.connect()                 # managed server (started if needed) or NEO4J_URI
rag.retrieve("Who consulted Iran in May 2014?", method="star", k=10)
rag.ask("Who consulted Iran in May 2014?")   # when a reader is available
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tkgrag.config import Settings, load_settings
from tkgrag.embed import Embedder, default_embedder
from tkgrag.errors import ConfigError
from tkgrag.model import Answer, Retrieval, TemporalConstraint
from tkgrag.readers.base import Reader
from tkgrag.retrievers.base import Retriever
from tkgrag.retrievers.registry import RETRIEVERS, create
from tkgrag.store import Store, connect

# Readers by name; each factory gets the facade so it can reach the store (bounded reads) and the embedder.
READERS: dict[str, Callable[[TKGRag], Reader]] = {}


def register_reader(name: str, factory: Callable[[TKGRag], Reader]) -> None:
    READERS[name] = factory


@dataclass
class TKGRag:
    store: Store
    embedder: Embedder
    default_method: str = "star+tc"
    default_reader: str = "symbolic"
    _retrievers: dict[str, Retriever] = field(default_factory=dict, repr=False)
    _readers: dict[str, Reader] = field(default_factory=dict, repr=False)

    @classmethod
    def connect(cls, settings: Settings | None = None, embedder: Embedder | None = None) -> TKGRag:
        settings = settings or load_settings()
        return cls(store=connect(settings), embedder=embedder or default_embedder(settings.embedding_model))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> TKGRag:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- composition -----------------------------------------------------------------------------------------
    def retriever(self, method: str | None = None) -> Retriever:
        name = method or self.default_method
        if name not in self._retrievers:
            self._retrievers[name] = create(name, self.store, self.embedder)
        return self._retrievers[name]

    def reader(self, name: str | None = None) -> Reader:
        name = name or self.default_reader
        if name not in self._readers:
            _load_builtin_readers()
            if name not in READERS:
                raise ConfigError(f"unknown reader {name!r}; choose one of: {', '.join(sorted(READERS)) or '(none)'}")
            self._readers[name] = READERS[name](self)
        return self._readers[name]

    @staticmethod
    def methods() -> list[str]:
        return list(RETRIEVERS)

    # -- the two calls users make ----------------------------------------------------------------------------
    def retrieve(
        self, question: str, method: str | None = None, k: int = 10, constraint: TemporalConstraint | None = None
    ) -> Retrieval:
        return self.retriever(method).retrieve(question, k=k, constraint=constraint)

    def ask(
        self,
        question: str,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        **options: Any,
    ) -> Answer:
        """Retrieve with ``method`` and answer with ``reader``. Readers that understand the question (symbolic)
        derive the temporal constraint and pass it to the retriever themselves via ``answer``."""
        r = self.reader(reader)
        answer_fn = getattr(r, "answer", None)
        if callable(answer_fn):
            result: Answer = answer_fn(question, self.retriever(method), k=k, **options)
            return result
        return r.read(question, self.retrieve(question, method, k))


def _load_builtin_readers() -> None:
    """Import reader modules so they register themselves (kept lazy: the LLM client is not always needed)."""
    import importlib

    for module in ("tkgrag.readers.symbolic", "tkgrag.readers.llm"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a missing dependency inside the reader is a real error
                raise
