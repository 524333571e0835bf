"""The retrieval contract every method implements: a ``RetrievalRequest`` in, a ``Retrieval`` of items out.

A retriever declares, as attributes, the item kinds it returns (``kinds``) and what it uses (``needs``): whether it
applies the request's temporal constraints, whether it needs the STAR-RAG rule graph, an LLM endpoint or a model
trained by ``tkgrag train``. Readers, evaluation and the CLI read those attributes; nothing probes a retriever with
``getattr``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tkgrag.errors import ConfigError
from tkgrag.model import ALL_KINDS, Evidence, ItemKind, Retrieval, Subgraph, TemporalConstraint
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.text_input import require_text
from tkgrag.threads import limited, request_threads

if TYPE_CHECKING:
    from tkgrag.question.model import TemporalQuestion
    from tkgrag.question.understanding import Understanding


# The most items one request may ask for, and the largest value of any whole-number method option (candidates,
# pools, iterations): `retrieve --k 1000000000` or `--set candidates=1000000000` asked the server for that many rows
# and exhausted its heap. Ten thousand is 25x the largest default (exaqt's candidate_facts 2000).
MAX_K = 10_000
MAX_OPTION = 10_000


class Need(StrEnum):
    """What a method uses besides the store and the embedder."""

    CONSTRAINTS = "constraints"  # applies the request's temporal constraints (others ignore them and say so)
    RULE_GRAPH = "rule graph"  # `tkgrag rules build` first
    LLM = "llm endpoint"  # OPENAI_BASE_URL / OPENAI_API_KEY
    CROSS_ENCODER = "cross-encoder"  # TKGRAG_RERANKER_MODEL or `tkgrag train reranker` first (FastInsight, Re2)
    TIME_AWARE_MODEL = "time-aware retriever"  # `tkgrag train retriever` + `ingest embed --model time-aware` (TimeR4)


@dataclass(frozen=True)
class RetrievalRequest:
    """One retrieval: the question as asked, what was understood of it, and what the caller wants back.

    ``text`` is the question exactly as asked; ``search`` the text to search with when it differs (TimeR4's rewrite,
    whose anchor is replaced by its time): retrievers embed ``search_text``. ``understanding`` is the one
    ``Understanding`` made for this question (``tkgrag.question.understanding``): retrievers read the parsed question
    and the grounding from it and never parse or ground again. ``constraints`` are the temporal constraints to apply
    (every one must hold): the caller's, or what the understanding derived; ``kinds`` the item kinds wanted
    (default: every kind the method returns).
    ``as_of_record`` the record time to answer at (what the store knew then; None: now, only items not closed by a
    sync; ``queries.temporal_filter``).
    """

    text: str
    k: int = 10
    constraints: tuple[TemporalConstraint, ...] = ()
    kinds: frozenset[ItemKind] = ALL_KINDS
    understanding: Understanding | None = None
    search: str | None = None
    as_of_record: datetime | None = None

    def __post_init__(self) -> None:
        require_text(self.text, "the question")
        if not self.text.strip():
            raise ConfigError("a retrieval request needs a non-empty question text")
        if not 1 <= self.k <= MAX_K:
            raise ConfigError(f"k must be between 1 and {MAX_K:,}, got {self.k:,}")
        if not self.kinds:
            raise ConfigError("a retrieval request must want at least one item kind")

    @property
    def search_text(self) -> str:
        """What to embed and match: the rewrite when there is one, else the question as asked."""
        return self.search or self.text

    @property
    def question(self) -> TemporalQuestion | None:
        """The parsed question, when the request was understood (None: the method works from the text alone)."""
        return self.understanding.question if self.understanding is not None else None

    @classmethod
    def of(
        cls,
        text: str,
        k: int = 10,
        constraints: TemporalConstraint | Iterable[TemporalConstraint | None] | None = None,
        kinds: Iterable[ItemKind] | None = None,
        understanding: Understanding | None = None,
        search: str | None = None,
        as_of_record: datetime | None = None,
    ) -> RetrievalRequest:
        if constraints is None:
            tcs: tuple[TemporalConstraint, ...] = ()
        elif isinstance(constraints, TemporalConstraint):
            tcs = (constraints,)
        else:
            tcs = tuple(c for c in constraints if c is not None)
        kinds_ = frozenset(kinds) if kinds is not None else ALL_KINDS
        return cls(text, k, tcs, kinds_, understanding, search, as_of_record)


@runtime_checkable
class Retriever(Protocol):
    """``retrieve(request)`` returns the top ``request.k`` items of the wanted kinds. ``retrieve("question", k,
    constraint)`` is the same with a request made from those (``RetrieverBase`` provides it)."""

    name: str
    kinds: frozenset[ItemKind]  # the item kinds it can return
    needs: frozenset[Need]
    record_time: bool  # its queries go through the temporal-filter builder: current items only, or as of a record time
    # It reads the question's grounding (linked entities, anchors and their events, the rewrite); False: the parse
    # alone, so a retrieval with no reader after it is understood without linking queries (``parse_only``).
    grounded: bool

    def retrieve(
        self, request: RetrievalRequest | str, k: int = 10, constraint: TemporalConstraint | None = None
    ) -> Retrieval: ...


class RetrieverBase:
    """Implements the convenience form of ``retrieve``; a method implements ``run(request)``."""

    name: str
    kinds: frozenset[ItemKind]
    needs: frozenset[Need]
    record_time: bool = False
    grounded: bool = True

    def retrieve(
        self, request: RetrievalRequest | str, k: int = 10, constraint: TemporalConstraint | None = None
    ) -> Retrieval:
        if isinstance(request, str):
            request = RetrievalRequest.of(request, k, constraint)
        elif constraint is not None:
            raise ConfigError("give the constraint inside the RetrievalRequest, not beside it")
        with limited(request_threads()):  # a request's solve and ranking must not fight a busy machine's cores
            return self.run(request)

    def run(self, request: RetrievalRequest) -> Retrieval:
        raise NotImplementedError


class MethodConfig(Protocol):
    """What a method's recipe config says about the retriever it makes (every ``*Config`` of the registry)."""

    @property
    def kinds(self) -> frozenset[ItemKind]: ...

    @property
    def needs(self) -> frozenset[Need]: ...


class ConfiguredRetriever(RetrieverBase):
    """A method's retriever (a dataclass with a ``config``): the kinds it returns and what it needs are its config's,
    so options that change them (a label, a constraint switch) are told to ``RequestScope`` without a copy here.
    Subclasses with a ``__post_init__`` of their own call this one first."""

    config: MethodConfig

    def __post_init__(self) -> None:
        self.kinds = self.config.kinds
        self.needs = self.config.needs


@dataclass
class RequestScope:
    """What a retriever does with a request: the constraints it applies, the kinds it may return, and notes for
    what it leaves out (so the caller is told, not silently ignored)."""

    constraints: tuple[TemporalConstraint, ...]
    kinds: frozenset[ItemKind]
    notes: list[str] = field(default_factory=list)
    as_of_record: datetime | None = None  # applied by the methods that apply constraints (the same filter builder)

    @classmethod
    def of(cls, retriever: Retriever, request: RetrievalRequest) -> RequestScope:
        tq = request.question  # understood once by the caller (retrievers never parse)
        notes = list(tq.notes) if tq is not None else []  # a time the question states that could not be used
        applies = Need.CONSTRAINTS in retriever.needs
        if request.constraints and not applies:
            said = "; ".join(c.describe() for c in request.constraints)
            notes.append(f"{retriever.name} does not apply temporal constraints (ignored: {said})")
        kinds = retriever.kinds & request.kinds
        if not kinds:
            wanted = ", ".join(sorted(k.value for k in request.kinds))
            has = ", ".join(sorted(k.value for k in retriever.kinds))
            notes.append(f"{retriever.name} returns {has}, none of the kinds asked for ({wanted})")
        if not retriever.record_time and request.as_of_record is not None:
            # Its queries do not go through the temporal-filter builder (nor do they drop versions a sync closed).
            notes.append(
                f"{retriever.name} does not apply record time (ignored: as of {request.as_of_record.isoformat()}); "
                "the built-in methods do"
            )
        as_of = request.as_of_record if retriever.record_time else None
        return cls(request.constraints if applies else (), kinds, notes, as_of)

    def filter_params(self) -> dict[str, Any]:
        """``$tcs`` and ``$as_of_record`` for the temporal-filter builder's predicate."""
        return constraint_params(self.constraints, self.as_of_record)

    def kind_params(self, label_kinds: frozenset[ItemKind]) -> dict[str, list[str] | None]:
        """``$kinds`` for ``queries.retrieval.kind_filter``: null when every kind of the label is wanted."""
        if label_kinds <= self.kinds:
            return {"kinds": None}
        return {"kinds": sorted(k.value for k in self.kinds & label_kinds)}

    def keep(self, items: Iterable[Evidence]) -> list[Evidence]:
        return [e for e in items if e.kind in self.kinds]

    def result(
        self,
        retriever: Retriever,
        request: RetrievalRequest,
        items: Iterable[Evidence],
        subgraph: Subgraph | None = None,
        timings_ms: dict[str, float] | None = None,
    ) -> Retrieval:
        return Retrieval(
            retriever.name,
            request.text,
            self.keep(items)[: request.k],
            subgraph or Subgraph(),
            timings_ms or {},
            self.constraints,
            list(self.notes),
        )


# Candidates asked of the HNSW vector index per query before keeping the top k. Neo4j's
# db.index.vector.queryNodes searches with a beam of about the number of neighbours requested, so asking for exactly
# k = 10 misses true nearest neighbours: on 55 tkgqa dev questions over icews14 (90,730 events) evidence recall@10 was
# 0.527 with 10 candidates and 0.600 with 100, the same as an exact brute-force scan. Both vector search and
# STAR-RAG's anchor events ask for at least this many.
ANN_CANDIDATES = 100


def ann_candidates(k: int, wanted: int = ANN_CANDIDATES) -> int:
    """How many neighbours to ask the vector index for, so that the top ``k`` it returns are the exact top ``k``."""
    return max(k, wanted)
