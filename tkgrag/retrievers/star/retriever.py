"""STAR-RAG retrieval (Alg. 1 lines 10-18) on Neo4j + GDS, and its variants.

1. top-K1 anchor events by cosine through the event vector index;
2. seed rules U_seed = rules whose support holds an anchor; personalization gamma (Appendix C), or uniform for
   ``star-uniform``;
3. personalized PageRank on the rule graph, restart alpha = 0.2 (GDS dampingFactor 0.8): solved exactly in-process
   on the exported rule graph (``ppr_engine="sparse"``, default) or by linearity over single-source GDS runs
   (``ppr_engine="gds"``);
4. top-K2 rules; candidate events = their supports (for ``star+tc`` narrowed by the temporal constraint in Cypher);
5. final top-k candidates by cosine: in-process over the supports exported with the rule graph (``support_index``,
   the sparse engine), the temporal and kind filters still in Cypher; in Cypher for the GDS engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from tkgrag.embed import Embedder
from tkgrag.errors import StoreError
from tkgrag.items import item_from_row
from tkgrag.model import Retrieval, Subgraph
from tkgrag.queries import rules as q
from tkgrag.queries.retrieval import VECTOR_EVENTS
from tkgrag.queries.temporal_filter import constraint_params
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest, ann_candidates
from tkgrag.retrievers.star import sparse_ppr, support_index, variants
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.persist import GDS_GRAPH, ensure_projection
from tkgrag.retrievers.star.seeds import personalization_for
from tkgrag.retrievers.star.sparse_ppr import RuleMatrix
from tkgrag.retrievers.star.support_index import SupportIndex
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, weighted_personalized_pagerank
from tkgrag.timing import StageTimer


@dataclass(frozen=True)
class Seeds:
    """Where the walk starts: gamma by rule key, the same by rule node id (what the PPR engines take), and the vector
    search's top events (``vector_pool`` of them; empty for the paper's star)."""

    gamma: dict[str, float]
    by_node: dict[int, float]
    pool: list[str]


@dataclass
class StarRetriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder
    config: StarConfig = field(default_factory=StarConfig)
    name: str = "star"
    record_time = True  # every query goes through the temporal-filter builder (queries.temporal_filter)
    _projected: bool = field(default=False, repr=False)
    _matrix: RuleMatrix | None = field(default=None, repr=False)
    _supports: SupportIndex | None = field(default=None, repr=False)

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

    def _support_index(self, build: str) -> SupportIndex:
        """The supports and vectors of ``build`` (the key ``_rule_matrix`` just checked: same life cycle)."""
        if self._supports is None or self._supports.build != build:
            self._supports = support_index.load(self.store, sparse_ppr.cache_dir(self.store.settings), build)
        return self._supports

    def seed_distribution(
        self, qvec: list[float], timer: StageTimer | None = None, as_of_record: datetime | None = None
    ) -> Seeds:
        """Alg. 1's anchors (top-K1 events by cosine) and the seed distribution gamma over their rules; with
        ``vector_pool``, the ANN's top events up to that many too (the same index search, one call)."""
        cfg = self.config
        timer = timer or StageTimer()
        with timer.stage("anchors"):
            top = max(cfg.k1, cfg.vector_pool)
            rows = self.store.run(
                VECTOR_EVENTS,
                {"qvec": qvec, "n": ann_candidates(top, cfg.ann_candidates), "k": top, "kinds": None}
                | constraint_params((), as_of_record),
            )
        anchors = [r["key"] for r in rows[: cfg.k1]]
        with timer.stage("seeds"):
            gamma, by_node = self.anchor_seeds(anchors)
        return Seeds(gamma, by_node, [r["key"] for r in rows[: cfg.vector_pool]])

    def anchor_seeds(self, anchors: list[str]) -> tuple[dict[str, float], dict[int, float]]:
        """U_seed of the anchor events and gamma over it (Appendix C): by rule key and by rule node id."""
        rules_of_anchor: dict[str, list[str]] = {}
        support: dict[str, int] = {}
        node_id: dict[str, int] = {}
        for r in self.store.run(q.RULES_OF_EVENTS, {"keys": anchors}):
            rules_of_anchor.setdefault(r["event"], []).append(r["rule"])
            support[r["rule"]] = int(r["support"])
            node_id[r["rule"]] = int(r["node_id"])
        gamma = personalization_for(anchors, rules_of_anchor, support, self.config)
        return gamma, {node_id[u]: w for u, w in gamma.items()}

    def run(self, request: RetrievalRequest) -> Retrieval:
        cfg = self.config
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        if cfg.ppr_engine == "gds":
            self._ensure_projection()
        with timer.stage("embed"):
            qvec = self.embedder.encode([request.search_text])[0].tolist()
        start = self.seed_distribution(qvec, timer, scope.as_of_record)
        seeds = start.by_node
        # The grounded anchor events the request names (identity, not a filter: star uses them even without +tc).
        anchor_keys = list(dict.fromkeys(c.anchor_event for c in request.constraints if c.anchor_event))
        if cfg.anchor_seed_mass > 0 and anchor_keys:
            with timer.stage("anchor_seeds"):
                anchor_rules = [int(r["node_id"]) for r in self.store.run(q.RULES_OF_EVENTS, {"keys": anchor_keys})]
                seeds = variants.mixed_seeds(seeds, anchor_rules, cfg.anchor_seed_mass)
        with timer.stage("ppr"):
            if cfg.ppr_engine == "sparse":
                matrix = self._rule_matrix()
                best = sparse_ppr.top_rules(matrix, seeds, cfg.k2)
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
            filters: dict[str, Any] = {**scope.kind_params(cfg.kinds), **scope.filter_params()}
            if cfg.ppr_engine == "sparse":
                ix = self._support_index(matrix.build)
                rows = self._rank_in_process(ix, request, top_rules, scores, seeds, start.pool, qvec, filters)
            else:
                params = {"rule_ids": top_rules, "qvec": qvec, "k": request.k, **filters}
                rows = self.store.run(q.RANK_RULE_SUPPORTS, params)
        if cfg.include_anchor and anchor_keys:
            with timer.stage("anchor_items"):
                anchor_rows = self.store.run(
                    q.EVENT_ITEMS_BY_KEY, {"keys": anchor_keys, "kinds": filters["kinds"], "k": len(anchor_keys)}
                )
                anchor_rows = [{**r, "fields": {**r["fields"], "role": "anchor"}} for r in anchor_rows]
                anchored = set(anchor_keys)
                rest = [r for r in rows if r["key"] not in anchored]
                rows = (anchor_rows + rest)[: request.k]
        items = [item_from_row(r) for r in rows]
        return scope.result(self, request, items, self._subgraph(top_rules, scores, seeds), timer.timings_ms)

    def _rank_in_process(
        self,
        ix: SupportIndex,
        request: RetrievalRequest,
        top_rules: list[int],
        ppr: dict[int, float],
        seeds: dict[int, float],
        pool: list[str],
        qvec: list[float],
        filters: dict[str, Any],
    ) -> list[dict[str, Any]]:
        """Alg. 1 line 18 over the exported supports: cosine (the paper), plus the variants' terms when configured."""
        cfg = self.config
        cand = ix.candidates(top_rules)
        if pool:  # the rule graph adds to the vector search's candidates instead of replacing them
            cand = np.union1d(cand, ix.positions_of(pool))
        score = ix.cosine(cand, qvec)
        if cfg.ppr_weight > 0 or cfg.reserve > 0:
            supports_of = {u: ix.candidates([u]) for u in top_rules}
        if cfg.ppr_weight > 0:
            score = score + cfg.ppr_weight * variants.rule_mass(cand, supports_of, ppr)
        if cfg.proximity_weight > 0:
            days = ix.days[cand]
            ref = variants.reference_day(request.constraints, request.question, days, score, cfg.ordinal_pool)
            if ref is not None:
                score = score + cfg.proximity_weight * variants.proximity(days, ref, cfg.proximity_days)
        positions, ordered = ix.order(cand, np.asarray(score, dtype=np.float64))
        rows = support_index.filter_ranked(self.store, ix, positions, ordered, request.k, filters)
        if cfg.reserve <= 0:
            return rows

        def supported_by(rules: list[int]) -> np.ndarray:
            return np.unique(np.concatenate([supports_of[u] for u in rules] or [cand[:0]]))

        seed_supported = supported_by([u for u in top_rules if u in seeds])
        walk_supported = supported_by([u for u in top_rules if u not in seeds])
        walk_only = np.isin(positions, walk_supported) & ~np.isin(positions, seed_supported)
        extra = support_index.filter_ranked(
            self.store, ix, positions[walk_only], ordered[walk_only], cfg.reserve, filters
        )
        by_key = {r["key"]: r for r in rows + extra}
        keys = variants.merge_reserved([r["key"] for r in rows], [r["key"] for r in extra], request.k, cfg.reserve)
        return [by_key[key] for key in keys]

    def _subgraph(self, top_rules: list[int], scores: dict[int, float], seeds: dict[int, float]) -> Subgraph:
        if not top_rules:
            return Subgraph()
        rows = self.store.run(q.RULE_KEYS_BY_ID, {"ids": top_rules})
        nodes = [
            {
                "kind": "Rule",
                "key": r["key"],
                "support": r["support"],
                "ppr": scores[int(r["node_id"])],
                "seed_weight": seeds.get(int(r["node_id"]), 0.0),
            }
            for r in sorted(rows, key=lambda r: -scores[int(r["node_id"])])
        ]
        edges = self.store.run(q.EDGES_AMONG, {"ids": top_rules})
        return Subgraph(nodes=nodes, edges=edges)
