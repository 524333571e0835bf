"""STAR-RAG retrieval (Alg. 1 lines 10-18) on Neo4j + GDS, and its variants.

1. top-K1 anchor events by cosine through the event vector index;
2. seed rules U_seed = rules whose support holds an anchor; personalization gamma (Appendix C), or uniform for
   ``star-uniform``;
3. personalized PageRank on the rule graph, restart alpha = 0.2 (GDS dampingFactor 0.8): solved exactly in-process
   on the exported rule graph (``ppr_engine="sparse"``, default) or by linearity over single-source GDS runs
   (``ppr_engine="gds"``);
4. top-K2 rules; candidate events = their supports (for ``star+tc`` narrowed by the temporal constraint in Cypher);
5. final top-k candidates by cosine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.errors import StoreError
from tkgrag.items import item_from_row
from tkgrag.model import Retrieval, Subgraph
from tkgrag.queries import rules as q
from tkgrag.queries.retrieval import VECTOR_EVENTS
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.retrievers.base import RequestScope, RetrievalRequest, RetrieverBase, StageTimer, ann_candidates
from tkgrag.retrievers.star import sparse_ppr
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.persist import GDS_GRAPH, ensure_projection
from tkgrag.retrievers.star.seeds import personalization_for
from tkgrag.retrievers.star.sparse_ppr import RuleMatrix
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, weighted_personalized_pagerank


@dataclass
class StarRetriever(RetrieverBase):
    store: Store
    embedder: Embedder
    config: StarConfig = field(default_factory=StarConfig)
    name: str = "star"
    _projected: bool = field(default=False, repr=False)
    _matrix: RuleMatrix | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.kinds = self.config.kinds
        self.needs = self.config.needs

    def _ensure_projection(self) -> None:
        if not self._projected:
            try:
                ensure_projection(self.store)
            except StoreError as exc:
                raise StoreError(f"{exc}. Build the rule graph first: `tkgrag rules build`.") from None
            self._projected = True

    def _rule_matrix(self) -> RuleMatrix:
        """The exported rule graph of the current build; re-read when `tkgrag rules build` has run since."""
        build = sparse_ppr.build_key(self.store)
        if build is None:
            raise StoreError("no STAR rule graph in this database. Build the rule graph first: `tkgrag rules build`.")
        if self._matrix is None or self._matrix.build != build:
            cache = sparse_ppr.cache_dir(self.store.settings)
            self._matrix = sparse_ppr.load(self.store, self.config.damping, cache, build)
        return self._matrix

    def seed_distribution(
        self, qvec: list[float], timer: StageTimer | None = None
    ) -> tuple[dict[str, float], dict[int, float]]:
        """Alg. 1's anchors (top-K1 events by cosine) and the seed distribution gamma over their rules: by rule key
        and by rule node id (what the PPR engines take)."""
        cfg = self.config
        timer = timer or StageTimer()
        with timer.stage("anchors"):
            anchor_rows = self.store.run(
                VECTOR_EVENTS,
                {
                    "qvec": qvec,
                    "n": ann_candidates(cfg.k1, cfg.ann_candidates),
                    "k": cfg.k1,
                    "kinds": None,
                    **constraint_params(),
                },
            )
        anchors = [r["key"] for r in anchor_rows]
        with timer.stage("seeds"):
            rules_of_anchor: dict[str, list[str]] = {}
            support: dict[str, int] = {}
            node_id: dict[str, int] = {}
            for r in self.store.run(q.RULES_OF_EVENTS, {"keys": anchors}):
                rules_of_anchor.setdefault(r["event"], []).append(r["rule"])
                support[r["rule"]] = int(r["support"])
                node_id[r["rule"]] = int(r["node_id"])
            gamma = personalization_for(anchors, rules_of_anchor, support, cfg)
        return gamma, {node_id[u]: w for u, w in gamma.items()}

    def run(self, request: RetrievalRequest) -> Retrieval:
        cfg = self.config
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        if cfg.ppr_engine == "gds":
            self._ensure_projection()
        with timer.stage("embed"):
            qvec = self.embedder.encode([request.text])[0].tolist()
        gamma, seeds = self.seed_distribution(qvec, timer)
        with timer.stage("ppr"):
            if cfg.ppr_engine == "sparse":
                best = sparse_ppr.top_rules(self._rule_matrix(), seeds, cfg.k2)
                scores = dict(best)
                top_rules = [n for n, _ in best]
            else:
                pr_cfg = PageRankConfig(
                    damping=cfg.damping,
                    tolerance=cfg.tolerance,
                    max_iterations=cfg.ppr_max_iterations,
                    weight_property="weight",
                )
                scores = weighted_personalized_pagerank(self.store, GDS_GRAPH, seeds, pr_cfg)
                top_rules = sorted(scores, key=lambda i: (-scores[i], i))[: cfg.k2]
        with timer.stage("rank_candidates"):
            params: dict[str, Any] = {
                "rule_ids": top_rules,
                "qvec": qvec,
                "k": request.k,
                **scope.kind_params(cfg.kinds),
                **constraint_params(scope.constraints),
            }
            rows = self.store.run(q.RANK_RULE_SUPPORTS, params)
        items = [item_from_row(r) for r in rows]
        return scope.result(self, request, items, self._subgraph(top_rules, scores, gamma), timer.timings_ms)

    def _subgraph(self, top_rules: list[int], scores: dict[int, float], gamma: dict[str, float]) -> Subgraph:
        if not top_rules:
            return Subgraph()
        rows = self.store.run(q.RULE_KEYS_BY_ID, {"ids": top_rules})
        nodes = [
            {
                "kind": "Rule",
                "key": r["key"],
                "support": r["support"],
                "ppr": scores[int(r["node_id"])],
                "seed_weight": gamma.get(r["key"], 0.0),
            }
            for r in sorted(rows, key=lambda r: -scores[int(r["node_id"])])
        ]
        edges = self.store.run(q.EDGES_AMONG, {"ids": top_rules})
        return Subgraph(nodes=nodes, edges=edges)
