"""``chunk-ppr``: the HippoRAG-style graph baseline (the design's "GDS PPR" on the corpus graph).

The vector top ``seeds`` chunks are the restart distribution (weighted by similarity) of a personalized PageRank
over the undirected chunk graph in GDS; chunks are ranked by PPR mass. Graph search only (O_vs -> O_gs in the
paper's taxonomy): topology decides, the text of the chunks it reaches does not. The projection is kept in the GDS
catalog and rebuilt when the number of chunks or REFERENCES edges changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.embed import Embedder
from tkgrag.items import item_from_row
from tkgrag.model import ItemKind, Retrieval
from tkgrag.queries import fastinsight as q
from tkgrag.queries.retrieval import item_return
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest
from tkgrag.retrievers.fastinsight.config import ChunkPprConfig
from tkgrag.retrievers.fastinsight.retriever import chunk_items, vector_nodes
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, graph_exists, project, weighted_personalized_pagerank
from tkgrag.timing import StageTimer

GRAPH = "tkgrag_chunk_graph"
_ITEMS_BY_ID = q.CHUNK_ITEMS_BY_NODE_ID + item_return("Chunk")


def ensure_chunk_graph(store: Store) -> int:
    """The undirected chunk graph in the GDS catalog, (re)projected when the store changed; its edge count."""
    size = store.run(q.CHUNK_GRAPH_SIZE)[0]
    chunks, edges = int(size["chunks"]), int(size["edges"])
    if edges == 0:
        return 0
    if graph_exists(store, GRAPH):
        row = store.run(q.GRAPH_SIZE_IN_CATALOG, {"name": GRAPH})[0]
        if int(row["nodeCount"]) == chunks and int(row["relationshipCount"]) == 2 * edges:
            return edges
    project(store, GRAPH, "Chunk", "REFERENCES", orientation="UNDIRECTED", replace=True)
    return edges


@dataclass
class ChunkPprRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: ChunkPprConfig = field(default_factory=ChunkPprConfig)
    name: str = "chunk-ppr"
    grounded = False  # seeds by the question vector; never reads the grounding

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        if ItemKind.CHUNK not in scope.kinds:
            return scope.result(self, request, [])
        with timer.stage("embed"):
            qvec = self.embedder.encode([request.search_text])[0].tolist()
        with timer.stage("vector_search"):
            seeds = vector_nodes(self.store, qvec, self.config.seeds, self.config.candidates)
        if not seeds:
            scope.notes.append(f"{self.name}: the store has no chunks with embeddings (empty corpus)")
            return scope.result(self, request, [], timings_ms=timer.timings_ms)
        with timer.stage("projection"):
            edges = ensure_chunk_graph(self.store)
        if edges == 0:
            scope.notes.append(f"{self.name}: no REFERENCES edges; the ranking is the vector seeds'")
            items = chunk_items(self.store, [(n.key, n.sim) for n in seeds], request.k)
            return scope.result(self, request, items, timings_ms=timer.timings_ms)
        with timer.stage("ppr"):
            ids = {
                r["key"]: int(r["node_id"]) for r in self.store.run(q.CHUNK_NODE_IDS, {"keys": [n.key for n in seeds]})
            }
            weights = {ids[n.key]: max(n.sim, 1e-6) for n in seeds if n.key in ids}
            ppr = weighted_personalized_pagerank(
                self.store, GRAPH, weights, PageRankConfig(damping=self.config.damping, max_iterations=50)
            )
        with timer.stage("items"):
            top = sorted(ppr.items(), key=lambda kv: (-kv[1], kv[0]))[: request.k]
            rows = self.store.run(_ITEMS_BY_ID, {"rows": [{"node_id": i, "score": s} for i, s in top], "k": request.k})
        return scope.result(self, request, [item_from_row(r) for r in rows], timings_ms=timer.timings_ms)
