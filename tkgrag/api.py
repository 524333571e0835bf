"""``TKGRag``: the Python entry point. A thin facade: it connects and composes, the work lives in the modules.

from tkgrag import TKGRag
rag = TKGRag.connect()                 # managed server (started if needed) or NEO4J_URI
rag.retrieve("Who consulted Iran in May 2014?", method="star", k=10)
rag.ask("Who consulted Iran in May 2014?")
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tkgrag.config import Settings, load_settings
from tkgrag.embed import Embedder, default_embedder
from tkgrag.llm.client import ChatClient
from tkgrag.model import Answer, ItemKind, Retrieval, TemporalConstraint
from tkgrag.readers.base import Reader
from tkgrag.readers.registry import ReaderContext, create_reader
from tkgrag.record_time import parse_record_time
from tkgrag.retrievers.base import RetrievalRequest, Retriever
from tkgrag.retrievers.registry import METHODS, RetrieverContext, create
from tkgrag.store import Store, connect


def _llm_client() -> ChatClient | None:
    """The configured chat client (OPENAI_BASE_URL / OPENAI_API_KEY), or None: methods with optional LLM steps
    skip them then. Building it makes no request."""
    from tkgrag.llm import build_chat_client, load_llm_settings

    llm = load_llm_settings()
    return build_chat_client(llm) if llm.configured else None


@dataclass
class TKGRag:
    store: Store
    embedder: Embedder
    settings: Settings | None = None
    default_method: str = "star+tc"
    default_reader: str = "symbolic"
    # Per-method recipe overrides, e.g. {"mrag": {"llm_decompose": True}} (``tkgrag retrieve --set``).
    method_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    _retrievers: dict[str, Retriever] = field(default_factory=dict, repr=False)
    _readers: dict[str, Reader] = field(default_factory=dict, repr=False)

    @classmethod
    def connect(cls, settings: Settings | None = None, embedder: Embedder | None = None) -> TKGRag:
        settings = settings or load_settings()
        return cls(
            store=connect(settings),
            embedder=embedder or default_embedder(settings.embedding_model),
            settings=settings,
        )

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
            ctx = RetrieverContext(self.store, self.embedder, self.settings, _llm_client())
            self._retrievers[name] = create(name, ctx, **self.method_options.get(name, {}))
        return self._retrievers[name]

    def reader(self, name: str | None = None) -> Reader:
        name = name or self.default_reader
        if name not in self._readers:
            self._readers[name] = create_reader(name, ReaderContext(self.store, self.embedder))
        return self._readers[name]

    @staticmethod
    def methods() -> list[str]:
        return list(METHODS)

    # -- the two calls users make ----------------------------------------------------------------------------
    def retrieve(
        self,
        question: str | RetrievalRequest,
        method: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
        kinds: Iterable[ItemKind] | None = None,
        as_of: datetime | str | None = None,
    ) -> Retrieval:
        """``as_of``: answer from what the store knew at that record time (``parse_record_time``); default now."""
        request = (
            question
            if isinstance(question, RetrievalRequest)
            else RetrievalRequest.of(question, k, constraint, kinds, as_of_record=parse_record_time(as_of))
        )
        return self.retriever(method).retrieve(request)

    def ask(
        self,
        question: str | RetrievalRequest,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
        as_of: datetime | str | None = None,
    ) -> Answer:
        """Retrieve with ``method`` and answer with ``reader``; the reader adds the constraints it derives from the
        question (the symbolic reader its grounded anchors too) to the request. ``as_of``: as in ``retrieve``."""
        request = (
            question
            if isinstance(question, RetrievalRequest)
            else RetrievalRequest.of(question, k, constraint, as_of_record=parse_record_time(as_of))
        )
        return self.reader(reader).answer(request, self.retriever(method))
