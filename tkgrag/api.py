"""``TKGRag``: the Python entry point. A thin facade: it connects and composes, the work lives in the modules.

from tkgrag import TKGRag
rag = TKGRag.connect()                 # managed server (started if needed) or NEO4J_URI
rag.retrieve("Who consulted Iran in May 2014?", method="star", k=10)
answer = rag.ask("Who consulted Iran in May 2014?")   # method "auto": the store picks (answer.retrieval.plan)
answer.answers or answer.abstained      # the ranked answers, or "no answer" and why, in one line
rag.status()                            # per kind the counts, per method ready / stale / missing and the command
rag.prepare()                           # every preparation step the store's data needs, in dependency order

``ask`` = understand -> retrieve -> read, each once (``answer_question``): the question is understood once
(``Understanding``: parse, linked mentions, relation, anchors, constraints, the rewrite, what was not understood),
the retriever gets it with the question as asked, the rewrite as its search text and the understood constraints,
and the reader reads that retrieval.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, overload

from tkgrag.config import Settings, load_settings
from tkgrag.embed import Embedder, default_embedder
from tkgrag.graph_reads import record_time
from tkgrag.llm.client import ChatClient
from tkgrag.model import Answer, ItemKind, Retrieval, TemporalConstraint
from tkgrag.planning.auto import AUTO, RETRIEVE_MS, AutoRetriever
from tkgrag.planning.inventory import Inventory
from tkgrag.planning.prepare import PrepareReport
from tkgrag.question.understanding import Understander, Understanding, parse_only
from tkgrag.readers.base import Reader
from tkgrag.readers.registry import ReaderContext, create_reader
from tkgrag.record_time import parse_record_time
from tkgrag.retrievers.base import Need, RetrievalRequest, Retriever
from tkgrag.retrievers.registry import METHODS, RetrieverContext, create
from tkgrag.store import Store, connect

if TYPE_CHECKING:
    import pandas as pd

    from tkgrag.ingest.mapped.sync import SyncSummary
    from tkgrag.ingest.pipeline import IngestSummary


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
    default_method: str = "auto"  # the planner picks per question (tkgrag.planning.planner)
    default_reader: str = "auto"
    # Per-method recipe overrides, e.g. {"mrag": {"llm_decompose": True}} (``tkgrag retrieve --set``).
    method_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    _retrievers: dict[str, Retriever] = field(default_factory=dict, repr=False)
    _readers: dict[str, Reader] = field(default_factory=dict, repr=False)
    _understander: Understander | None = field(default=None, repr=False)
    _rule_graph_note: tuple[float, str | None] | None = field(default=None, repr=False)  # (when read, the warning)

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
            if name == AUTO:
                self._retrievers[name] = AutoRetriever(self, **self.method_options.get(name, {}))
            else:
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
        return [AUTO, *METHODS]

    def status(self) -> Inventory:
        """What the store holds per kind and, per method, ready / stale (since when) / missing with the command
        that makes it ready (``tkgrag status``). Read-only."""
        from tkgrag.planning.inventory import take_inventory

        return take_inventory(self.store)

    def prepare(self, *, progress: bool = True) -> PrepareReport:
        """Run every preparation step the store's data needs, in dependency order (``tkgrag prepare``): item vectors,
        passage sentences, chunk links, the rule graph, TimeR4's TKS. Idempotent: a ready step is skipped."""
        from tkgrag.planning.prepare import prepare

        self._retrievers.pop(AUTO, None)  # its cached inventory is outdated after this, and so is the warning
        self._rule_graph_note = None
        return prepare(self.store, self.embedder, progress=progress)

    def understand(self, question: str) -> Understanding:
        """The question understood against this graph, once (reuse it: ``ask``/``retrieve`` take it)."""
        if self._understander is None:
            self._understander = Understander(self.store, self.embedder)
        return self._understander.understand(question)

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
        """The items ``method`` finds for the question as asked, with the constraints given (none: none applied).
        A question text is understood first, so methods that read the parse (MRAG, EXAQT, TimeR4) have it.
        ``as_of``: answer from what the store knew at that record time (``parse_record_time``); default now."""
        if isinstance(question, RetrievalRequest):
            request = question
        else:
            as_of_record = parse_record_time(as_of)
            retriever = self.retriever(method)
            if retriever.grounded:
                with record_time(as_of_record):  # grounding reads see the same store state as the retrieval
                    understanding = self.understand(question)
            else:  # the method reads the parse at most: no linking queries for it
                understanding = parse_only(question)
            request = RetrievalRequest.of(question, k, constraint, kinds, understanding, as_of_record=as_of_record)
            return retriever.retrieve(request)
        return self.retriever(method).retrieve(request)

    def ask(
        self,
        question: str | Understanding,
        method: str | None = None,
        reader: str | None = None,
        k: int = 10,
        constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
        as_of: datetime | str | None = None,
    ) -> Answer:
        """Understand (unless given an ``Understanding``), retrieve with ``method``, read with ``reader``.
        ``as_of``: as in ``retrieve``."""
        as_of_record = parse_record_time(as_of)
        with record_time(as_of_record):  # grounding reads see the same store state as the retrieval
            understanding = question if isinstance(question, Understanding) else self.understand(question)
        retriever = self.retriever(method)
        answer = answer_question(
            understanding, retriever, self.reader(reader), k, constraint, as_of_record=as_of_record
        )
        if Need.RULE_GRAPH in retriever.needs:
            warning = self.rule_graph_warning()
            if warning:
                answer.retrieval.notes.insert(0, warning)
        return answer

    def rule_graph_warning(self) -> str | None:
        """One line when the rule graph a star* method reads is stale (events recorded after it was built). Read at
        most once a minute per facade (two queries, ~0.3 s on 90,730 events: not on every ask of a warm service)."""
        from tkgrag.planning.auto import INVENTORY_TTL_S
        from tkgrag.retrievers.star.persist import staleness

        now = time.monotonic()
        if self._rule_graph_note is not None and now - self._rule_graph_note[0] <= INVENTORY_TTL_S:
            return self._rule_graph_note[1]
        st = staleness(self.store)
        note = (
            None
            if st.built and not st.stale
            else f"the rule graph is {'stale' if st.built else 'missing'}: {st.reason}"
        )
        self._rule_graph_note = (now, note)
        return note

    # -- ingestion from Python ------------------------------------------------------------------------------------
    @overload
    def ingest(  # a DataFrame is iterable too: this overload is matched first
        self,
        data: pd.DataFrame,
        *,
        source: str,
        kind: str | None = None,
        columns: dict[str, str] | None = None,
        constants: dict[str, str] | None = None,
        qualifiers: dict[str, str] | None = None,
        full: bool = False,
        embed: bool = True,
        batch_size: int = 5000,
        progress: bool = False,
    ) -> SyncSummary: ...

    @overload
    def ingest(
        self,
        data: Iterable[Any],
        *,
        source: str,
        kind: str | None = None,
        columns: dict[str, str] | None = None,
        constants: dict[str, str] | None = None,
        qualifiers: dict[str, str] | None = None,
        full: bool = False,
        embed: bool = True,
        batch_size: int = 5000,
        progress: bool = False,
    ) -> IngestSummary: ...

    def ingest(
        self,
        data: Any,
        *,
        source: str,
        kind: str | None = None,
        columns: dict[str, str] | None = None,
        constants: dict[str, str] | None = None,
        qualifiers: dict[str, str] | None = None,
        full: bool = False,
        embed: bool = True,
        batch_size: int = 5000,
        progress: bool = False,
    ) -> IngestSummary | SyncSummary:
        """Ingest Python records (``EventRecord``, ``PassageRecord``, ``DocumentRecord``/``ChunkRecord``) or a pandas
        DataFrame mapped by ``columns`` (as a mapping file's ``[columns]``) under ``source``, through the same pipeline
        as ``tkgrag ingest``: rejects with item/row and field, idempotence, the run ledger. ``embed``: store vectors
        with this facade's embedder. Returns the run's ``IngestSummary`` (a DataFrame: the sync's ``SyncSummary``,
        which also counts the versions it closed). See ``tkgrag.ingest.objects``."""
        from tkgrag.ingest.objects import ingest_objects
        from tkgrag.ingest.pipeline import IngestOptions

        options = IngestOptions(batch_size=batch_size, embedder=self.embedder if embed else None, progress=progress)
        return ingest_objects(
            self.store,
            data,
            source=source,
            kind=kind,
            columns=columns,
            constants=constants,
            qualifiers=qualifiers,
            full=full,
            options=options,
        )


def ask_request(
    understanding: Understanding,
    k: int = 10,
    constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
    kinds: Iterable[ItemKind] | None = None,
    as_of_record: datetime | None = None,
) -> RetrievalRequest:
    """The request an answer is retrieved with: the question as asked, the rewrite (anchor -> its time) as search
    text, and the caller's constraints or else every constraint understood (anchors' and explicit times)."""
    request = RetrievalRequest.of(
        understanding.text, k, constraint, kinds, understanding, understanding.rewrite, as_of_record
    )
    if request.constraints:
        return request
    return RetrievalRequest.of(
        understanding.text, k, understanding.constraints, kinds, understanding, understanding.rewrite, as_of_record
    )


def answer_question(
    understanding: Understanding,
    retriever: Retriever,
    reader: Reader,
    k: int = 10,
    constraint: TemporalConstraint | Iterable[TemporalConstraint] | None = None,
    as_of_record: datetime | None = None,
) -> Answer:
    """Retrieve once and read once for an understood question; the stage timings are on the answer."""
    t0 = time.perf_counter()
    request = ask_request(understanding, k, constraint, as_of_record=as_of_record)
    if isinstance(retriever, AutoRetriever):  # retrieves and reads per planned kind
        answer = retriever.answer(request, reader)
        t2 = time.perf_counter()
        t1 = t0 + answer.timings_ms.pop(RETRIEVE_MS, 0.0) / 1000.0
    else:
        retrieval = retriever.retrieve(request)
        t1 = time.perf_counter()
        answer = reader.read(request, retrieval)
        t2 = time.perf_counter()
    answer.understanding = understanding
    answer.timings_ms = {
        **understanding.timings_ms,
        **{f"read.{stage}": ms for stage, ms in answer.timings_ms.items()},
        "retrieve": (t1 - t0) * 1000.0,
        "read": (t2 - t1) * 1000.0,
        "total": understanding.timings_ms.get("understand", 0.0) + (t2 - t0) * 1000.0,
    }
    return answer
