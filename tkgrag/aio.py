"""``AsyncTKGRag``: ``TKGRag`` for asyncio code (notebooks, web services), and a chat client and embedder passed in
rather than taken from the environment.

rag = await AsyncTKGRag.connect(chat_client=my_client, embedder=my_embedder)
answer = await rag.ask("Who consulted Iran in May 2014?")
await rag.aclose()

Why the synchronous facade in worker threads and not the driver's async API: every retriever, the readers and GDS
(``graphdatascience`` has no async client) are written against the synchronous ``Store``; an async copy of them would
be a second implementation of every method to keep equal. What blocks (Bolt round trips, the embedder, GDS calls)
runs in a bounded thread pool instead, so the event loop stays free, and the answers are the facade's own. The driver
is thread-safe; the facade's retriever and reader caches are filled under a lock.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from tkgrag.api import TKGRag
from tkgrag.config import Settings, load_settings
from tkgrag.embed import Embedder, default_embedder
from tkgrag.llm.client import ChatClient
from tkgrag.model import Answer, ItemKind, Retrieval, TemporalConstraint
from tkgrag.planning.auto import AUTO
from tkgrag.question.understanding import Understanding
from tkgrag.readers.base import Reader
from tkgrag.retrievers.base import RetrievalRequest, Retriever
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import connect

if TYPE_CHECKING:
    from tkgrag.ingest.mapped.sync import SyncSummary
    from tkgrag.ingest.pipeline import IngestSummary

T = TypeVar("T")


@dataclass
class InjectedTKGRag(TKGRag):
    """``TKGRag`` whose LLM steps use ``chat_client`` (the LLM reader, MRAG's decomposition, ...) instead of one
    built from ``OPENAI_*`` variables: a test double of the protocol, a client with the caller's own auth, a local
    model. ``None`` means what it means for the facade: no LLM, methods skip their optional LLM steps."""

    chat_client: ChatClient | None = None

    def retriever(self, method: str | None = None) -> Retriever:
        name = method or self.default_method
        if name == AUTO:
            return super().retriever(name)  # plans over the named methods, built here with this chat client
        if name not in self._retrievers:
            ctx = RetrieverContext(self.store, self.embedder, self.settings, self.chat_client)
            self._retrievers[name] = create(name, ctx, **self.method_options.get(name, {}))
        return self._retrievers[name]

    def reader(self, name: str | None = None) -> Reader:
        name = name or self.default_reader
        if name == "llm" and name not in self._readers:
            from tkgrag.llm.settings import load_llm_settings
            from tkgrag.readers.llm import LLMReader

            llm = load_llm_settings()
            self._readers[name] = LLMReader(
                self.chat_client,
                template=llm.template,
                temperature=llm.temperature,
                max_tokens=llm.max_tokens,
                unavailable_reason=None if self.chat_client else "no chat client was given to AsyncTKGRag.connect",
            )
        return super().reader(name)


@dataclass
class AsyncTKGRag:
    """The facade's calls as coroutines, run in ``workers`` threads over one ``TKGRag``."""

    rag: TKGRag
    workers: int = 4
    _pool: ThreadPoolExecutor = field(init=False, repr=False)
    _compose: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="tkgrag-async")

    @classmethod
    async def connect(
        cls,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        chat_client: ChatClient | None = None,
        workers: int = 4,
    ) -> AsyncTKGRag:
        """Connect (starting the managed server if needed) and load the embedder, in a thread. ``chat_client``
        given: every LLM step uses it; not given: the one the environment / config.toml configures, if any."""

        def build() -> TKGRag:
            s = settings or load_settings()
            emb = embedder or default_embedder(s.embedding_model)
            if chat_client is not None:
                return InjectedTKGRag(store=connect(s), embedder=emb, settings=s, chat_client=chat_client)
            return TKGRag(store=connect(s), embedder=emb, settings=s)

        return cls(await asyncio.to_thread(build), workers=workers)

    async def _run(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    def _composed(self, method: str | None, reader: str | None = None) -> None:
        with self._compose:
            self.rag.retriever(method)
            if reader is not None:
                self.rag.reader(reader)

    async def retrieve(
        self,
        question: str | RetrievalRequest,
        method: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
        kinds: Iterable[ItemKind] | None = None,
    ) -> Retrieval:
        def work() -> Retrieval:
            self._composed(method)
            return self.rag.retrieve(question, method, k, constraint, kinds)

        result: Retrieval = await self._run(work)
        return result

    async def ask(
        self,
        question: str | Understanding,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
    ) -> Answer:
        def work() -> Answer:
            self._composed(method, reader or self.rag.default_reader)
            return self.rag.ask(question, method=method, reader=reader, k=k, constraint=constraint)

        result: Answer = await self._run(work)
        return result

    async def ingest(self, data: Any, *, source: str, **options: Any) -> IngestSummary | SyncSummary:
        """``TKGRag.ingest`` (records or a DataFrame; same options) in a worker thread: the pipeline and the
        embedder block, the event loop does not."""
        result: IngestSummary | SyncSummary = await self._run(self.rag.ingest, data, source=source, **options)
        return result

    @staticmethod
    def methods() -> list[str]:
        return TKGRag.methods()

    async def aclose(self) -> None:
        await asyncio.to_thread(self._pool.shutdown, True)
        await asyncio.to_thread(self.rag.close)

    async def __aenter__(self) -> AsyncTKGRag:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
