"""`vector`: top-k events by cosine through the Neo4j vector index (STAR-RAG's "no-rule" ablation)."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.embed import Embedder
from tkgrag.model import Retrieval, Subgraph, TemporalConstraint
from tkgrag.queries.retrieval import VECTOR_EVENTS
from tkgrag.retrievers.base import (
    ANN_CANDIDATES,
    StageTimer,
    ann_candidates,
    constraint_params,
    evidence_from_row,
)
from tkgrag.store import Store


@dataclass
class VectorRetriever:
    store: Store
    embedder: Embedder
    # ANN candidates per requested result when a temporal constraint filters them afterwards.
    oversample: int = 20
    # ANN candidates without a constraint (see ANN_CANDIDATES: fewer lose exact neighbours).
    candidates: int = ANN_CANDIDATES
    name: str = "vector"

    def retrieve(self, question: str, k: int = 10, constraint: TemporalConstraint | None = None) -> Retrieval:
        timer = StageTimer()
        with timer.stage("embed"):
            qvec = self.embedder.encode([question])[0].tolist()
        n = ann_candidates(k, self.candidates) if constraint is None else max(k * self.oversample, 200)
        with timer.stage("vector_search"):
            rows = self.store.run(VECTOR_EVENTS, {"qvec": qvec, "n": n, "k": k, **constraint_params(constraint)})
        evidence = [evidence_from_row(r) for r in rows]
        sub = Subgraph(nodes=[{"kind": "Event", "key": e.key} for e in evidence])
        return Retrieval(self.name, question, evidence, sub, timer.timings_ms, constraint)
