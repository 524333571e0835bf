"""``passage-vector``: the top-k passages by cosine through the ``passage_embedding`` index, optionally narrowed by
the temporal filter on the dates the passages mention (``passage-vector+tc``). The passage baseline that MRAG is
measured against, and the example of a new method: this module plus one registry entry."""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import Retrieval, Subgraph
from tkgrag.retrievers.base import RequestScope, RetrievalRequest, RetrieverBase, StageTimer
from tkgrag.retrievers.vector import VectorConfig, vector_items
from tkgrag.store import Store


def passage_config(apply_constraints: bool = False) -> VectorConfig:
    return VectorConfig(label="Passage", apply_constraints=apply_constraints)


@dataclass
class PassageVectorRetriever(RetrieverBase):
    store: Store
    embedder: Embedder
    config: VectorConfig = field(default_factory=passage_config)
    name: str = "passage-vector"

    def __post_init__(self) -> None:
        if self.config.label != "Passage":
            raise ConfigError(f"{self.name}: searches Passage nodes; label={self.config.label!r} is not allowed")
        self.kinds = self.config.kinds
        self.needs = self.config.needs

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        items = vector_items(self.store, self.embedder, self.config, scope, request.text, request.k, timer)
        sub = Subgraph(nodes=[{"kind": "Passage", "key": e.key, "title": e.title} for e in items])
        return scope.result(self, request, items, sub, timer.timings_ms)
