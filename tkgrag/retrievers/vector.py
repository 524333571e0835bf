"""Vector search through a kind's Neo4j vector index: ``vector`` / ``vector+tc`` over events and facts (STAR-RAG's
"no-rule" ablation), and the shared search that ``passage_vector`` and later corpus methods reuse."""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.items import item_from_row
from tkgrag.model import Evidence, ItemKind, Retrieval, Subgraph
from tkgrag.queries.retrieval import VECTOR_INDEX, vector_search
from tkgrag.retrievers.base import (
    ANN_CANDIDATES,
    ConfiguredRetriever,
    Need,
    RequestScope,
    RetrievalRequest,
    ann_candidates,
)
from tkgrag.store import Store
from tkgrag.timing import StageTimer

_KINDS_OF_LABEL = {
    "Event": frozenset({ItemKind.EVENT, ItemKind.FACT}),
    "Passage": frozenset({ItemKind.PASSAGE}),
    "Chunk": frozenset({ItemKind.CHUNK}),
}
_QUERIES = {label: vector_search(label) for label in VECTOR_INDEX}


@dataclass(frozen=True)
class VectorConfig:
    label: str = "Event"  # the node label whose vector index is searched: Event, Passage or Chunk
    # ANN candidates without a constraint (see ANN_CANDIDATES: fewer lose exact neighbours).
    candidates: int = ANN_CANDIDATES
    # With a temporal constraint the filter runs on the ANN candidates: ask for k * oversample (at least
    # min_filtered) so k remain after filtering.
    oversample: int = 20
    min_filtered: int = 200
    apply_constraints: bool = False

    def __post_init__(self) -> None:
        if self.label not in _KINDS_OF_LABEL:
            raise ConfigError(f"VectorConfig.label={self.label!r}: choose one of {', '.join(_KINDS_OF_LABEL)}")
        for name in ("candidates", "oversample", "min_filtered"):
            if getattr(self, name) < 1:
                raise ConfigError(f"VectorConfig.{name}={getattr(self, name)!r}: must be >= 1")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return _KINDS_OF_LABEL[self.label]

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset({Need.CONSTRAINTS}) if self.apply_constraints else frozenset()


def vector_items(
    store: Store, embedder: Embedder, config: VectorConfig, scope: RequestScope, text: str, k: int, timer: StageTimer
) -> list[Evidence]:
    """The top ``k`` items of ``config.label`` by cosine to ``text`` of the kinds in ``scope`` that meet its
    constraints."""
    with timer.stage("embed"):
        qvec = embedder.encode([text])[0].tolist()
    kinds = scope.kind_params(config.kinds)
    filtered = bool(scope.constraints) or kinds["kinds"] is not None
    n = max(k * config.oversample, config.min_filtered) if filtered else ann_candidates(k, config.candidates)
    with timer.stage("vector_search"):
        params = {"qvec": qvec, "n": n, "k": k, **kinds, **scope.filter_params()}
        rows = store.run(_QUERIES[config.label], params)
    return [item_from_row(r) for r in rows]


def item_nodes(label: str, items: list[Evidence]) -> Subgraph:
    """The subgraph of retrieved nodes of ``label``: each with its key (and title when it has one)."""
    return Subgraph(nodes=[{"kind": label, "key": e.key, **({"title": e.title} if e.title else {})} for e in items])


@dataclass
class VectorRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: VectorConfig = field(default_factory=VectorConfig)
    name: str = "vector"
    record_time = True  # every query goes through the temporal-filter builder (queries.temporal_filter)
    grounded = False  # reads the parsed question at most, never its grounding

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        items = vector_items(self.store, self.embedder, self.config, scope, request.search_text, request.k, timer)
        return scope.result(self, request, items, item_nodes(self.config.label, items), timer.timings_ms)
