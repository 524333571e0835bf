"""FastInsight's loop (Alg. 1) on Neo4j, and the recipes that share it: Re2 (vector top-100 + cross-encoder), the
GRanker-only and STeX-only ablations.

1. Initial vector search: the top-BATCH chunks through the ``chunk_embedding`` index.
2. GRanker over them (latents from the cross-encoder, smoothing over the retrieved subgraph read from Cypher).
3. While fewer than ``b_max`` chunks are retrieved: STeX ranks the retrieved set's neighbours (read from Cypher),
   the best ``min(|N| + BATCH, b_max) - |N|`` join, GRanker re-ranks all of them.

A chunk's latent vector depends on the question and the chunk only, so each chunk is encoded once per query and
reused by later GRanker passes: a query costs at most ``b_max`` cross-encoder pairs, as many as Re2's reranking.
When STeX finds no neighbour to add (a corpus without edges, or a component exhausted) the loop stops early and
the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tkgrag.embed import Embedder
from tkgrag.items import item_from_row
from tkgrag.model import Evidence, ItemKind, Retrieval, Subgraph
from tkgrag.queries import fastinsight as q
from tkgrag.queries.retrieval import item_return
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.rerank.cross_encoder import Reranker, load_reranker
from tkgrag.rerank.data import pair_text
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest
from tkgrag.retrievers.fastinsight.config import FastInsightConfig
from tkgrag.retrievers.fastinsight.granker import adjacency_of, fuse, propagation_matrix
from tkgrag.retrievers.fastinsight.stex import Candidate, rank_candidates
from tkgrag.store import Store
from tkgrag.timing import StageTimer

_ITEMS = q.CHUNK_ITEMS_BY_KEY + item_return("Chunk")


@dataclass(frozen=True)
class Node:
    key: str
    title: str | None
    text: str
    sim: float


@dataclass
class _Run:
    """One query's state: the cross-encoder latents computed so far and the last subgraph read."""

    query: str
    filters: dict[str, Any]  # the temporal-filter builder's parameters of this request
    latents: dict[str, np.ndarray] = field(default_factory=dict)
    adjacent: dict[str, list[str]] = field(default_factory=dict)
    pairs: int = 0


def chunk_items(store: Store, scored: list[tuple[str, float]], k: int) -> list[Evidence]:
    """Item rows of chunks given as (key, score), the top ``k`` by score."""
    rows = store.run(_ITEMS, {"rows": [{"key": key, "score": float(s)} for key, s in scored], "k": k})
    return [item_from_row(r) for r in rows]


def vector_nodes(
    store: Store, qvec: list[float], k: int, candidates: int, filters: dict[str, Any] | None = None
) -> list[Node]:
    """The top ``k`` of ``candidates`` ANN hits that pass the filter builder (``filters``: ``$tcs`` and
    ``$as_of_record``; None: current chunks, no constraint)."""
    params = {"qvec": qvec, "k": k, "n": max(k, candidates), **(filters or constraint_params())}
    rows = store.run(q.VECTOR_SEED, params)
    return [Node(r["key"], r["title"], r["text"] or "", float(r["sim"])) for r in rows]


@dataclass
class FastInsightRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: FastInsightConfig = field(default_factory=FastInsightConfig)
    name: str = "fastinsight"
    reranker_model: Reranker | None = None
    record_time = True  # the seeds, STeX candidates and degrees go through the temporal-filter builder
    grounded = False  # reads the parsed question at most, never its grounding

    @property
    def reranker(self) -> Reranker:
        if self.reranker_model is None:
            self.reranker_model = load_reranker(self.config.reranker or None)
        return self.reranker_model

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        if ItemKind.CHUNK not in scope.kinds:
            return scope.result(self, request, [])
        cfg = self.config
        reranker = self.reranker
        with timer.stage("embed"):
            qvec = self.embedder.encode([request.search_text])[0].tolist()
        with timer.stage("vector_search"):
            filters = scope.filter_params()
            nodes = vector_nodes(self.store, qvec, cfg.batch if cfg.stex else cfg.b_max, cfg.candidates, filters)
        if not nodes:
            scope.notes.append(f"{self.name}: the store has no chunks with embeddings (empty corpus)")
            return scope.result(self, request, [], timings_ms=timer.timings_ms)
        run = _Run(request.search_text, filters)
        ranked, scores = self._granker(run, nodes, reranker, timer)
        added = steps = 0
        while cfg.stex and len(ranked) < cfg.b_max:
            with timer.stage("stex"):
                rank_of = {n.key: i + 1 for i, n in enumerate(ranked)}
                rows = self.store.run(q.STEX_CANDIDATES, {"keys": list(rank_of), "qvec": qvec, **filters})
                cands = [
                    Candidate(
                        r["key"],
                        tuple(r["adjacent"]),
                        int(r["degree"]),
                        float(r["sim"] or 0.0),
                        r["title"],
                        r["text"] or "",
                    )
                    for r in rows
                ]
                best = rank_candidates(cands, rank_of, cfg.beta)
            if not best:
                scope.notes.append(
                    f"{self.name}: STeX found no neighbour to add after {len(ranked)} chunks "
                    + ("(the corpus graph has no REFERENCES edges here)" if steps == 0 else "(neighbourhood exhausted)")
                )
                break
            k_remain = min(len(ranked) + cfg.batch, cfg.b_max) - len(ranked)
            new = [Node(c.key, c.title, c.text, c.sim) for c, _ in best[:k_remain]]
            added += len(new)
            steps += 1
            ranked, scores = self._granker(run, ranked + new, reranker, timer)
        with timer.stage("items"):
            items = chunk_items(self.store, list(zip([n.key for n in ranked], scores, strict=True)), request.k)
        expansion = f"STeX added {added} chunks in {steps} steps; " if cfg.stex else ""
        scope.notes.append(f"{self.name}: {run.pairs} cross-encoder pairs; {expansion}{len(ranked)} chunks ranked")
        keys = {e.key for e in items}
        edges = [
            {"source": a, "target": b, "type": "REFERENCES"}
            for a, bs in run.adjacent.items()
            if a in keys
            for b in bs
            if b in keys and a < b
        ]
        sub = Subgraph(nodes=[{"kind": "Chunk", "key": e.key} for e in items], edges=edges)
        return scope.result(self, request, items, sub, timer.timings_ms)

    def _granker(
        self, run: _Run, nodes: list[Node], reranker: Reranker, timer: StageTimer
    ) -> tuple[list[Node], list[float]]:
        """Alg. 2 over ``nodes``: latents (new chunks only), smoothing over their subgraph, head, sort."""
        new = [n for n in nodes if n.key not in run.latents]
        if new:
            with timer.stage("cross_encoder"):
                h_new = reranker.latents(run.query, [pair_text(n.title, n.text) for n in new])
            run.pairs += len(new)
            for n, h in zip(new, h_new, strict=True):
                run.latents[n.key] = h
        keys = [n.key for n in nodes]
        h = np.stack([run.latents[k] for k in keys])
        if self.config.alpha > 0:
            with timer.stage("subgraph"):
                rows = self.store.run(q.SUBGRAPH, {"keys": keys, **run.filters})
            run.adjacent = {r["key"]: list(r["adjacent"]) for r in rows}
            degree = {r["key"]: int(r["degree"]) for r in rows}
            p = propagation_matrix(adjacency_of(keys, run.adjacent), np.array([degree.get(k, 0) for k in keys]))
            h = fuse(h, p, self.config.alpha)
        with timer.stage("head"):
            s = reranker.head(h)
        order = sorted(range(len(nodes)), key=lambda i: (-float(s[i]), keys[i]))
        return [nodes[i] for i in order], [float(s[i]) for i in order]
