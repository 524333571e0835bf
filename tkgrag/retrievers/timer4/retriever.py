"""TimeR4 on Neo4j (Sec. 4.2-4.5): FKS retrieve -> rewrite -> TKS retrieve -> rerank (Eq. 10), all through Neo4j's
vector indexes on the same Event nodes (FKS: ``Event.embedding``; TKS: ``Event.embedding_ta``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.graph_reads import record_time as reads_as_of
from tkgrag.items import _to_date, item_from_row
from tkgrag.llm.client import ChatClient
from tkgrag.model import Evidence, Retrieval, Subgraph
from tkgrag.queries import timer4 as q
from tkgrag.queries.temporal_filter import RECORD_PARAM
from tkgrag.retrievers.base import ConfiguredRetriever, RequestScope, RetrievalRequest
from tkgrag.retrievers.timer4.config import EVENT_KINDS, TimeR4Config
from tkgrag.retrievers.timer4.rewrite import Rewritten, llm_rewrite, no_rewrite, symbolic_rewrite
from tkgrag.retrievers.timer4.time_score import OUTSIDE, phi_t, rerank_scores
from tkgrag.retrievers.timer4.tks import load_time_aware, tks_ready
from tkgrag.retrievers.vector import VectorConfig, vector_items
from tkgrag.store import Store
from tkgrag.temporal import Granularity, TimeSpan
from tkgrag.timing import StageTimer


@dataclass
class TimeR4Retriever(ConfiguredRetriever):
    store: Store
    embedder: Embedder  # the FKS encoder (the store's off-the-shelf model)
    config: TimeR4Config = field(default_factory=TimeR4Config)
    name: str = "timer4"
    record_time = True  # FKS through the filter builder, TKS candidates with its record-time predicate
    llm: ChatClient | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        # ConfigError naming `tkgrag train retriever` when there is no model
        encoder = load_time_aware(self.config.model, self.config.backend)
        self.tks_encoder = encoder.embedder
        missing = tks_ready(self.store, encoder.identity)
        if missing is not None:
            raise ConfigError(f"method {self.name!r}: {missing}")

    def run(self, request: RetrievalRequest) -> Retrieval:
        timer = StageTimer()
        scope = RequestScope.of(self, request)
        notes: list[str] = []
        # 1. Fact retrieval from the FKS (Sec. 4.2): background facts for the rewrite.
        fks = vector_items(
            self.store, self.embedder, VectorConfig(), scope, request.search_text, self.config.fks_k, timer
        )
        # 2. Rewrite (Sec. 4.3).
        with timer.stage("rewrite"), reads_as_of(scope.as_of_record):  # anchors from the same store state
            rw = self._rewrite(request, scope, fks, notes)
        # 3. Time-aware retrieval from the TKS (Sec. 4.4, Eq. 7).
        with timer.stage("embed_tks"):
            qvec = self.tks_encoder.encode([rw.text])[0].tolist()
        n = (
            self.config.constrained_candidates
            if (self.config.rerank and not rw.target.empty)
            else self.config.candidates
        )
        with timer.stage("tks_search"):
            found = self.store.run(
                q.TKS_CANDIDATES,
                {
                    "qvec": qvec,
                    "n": max(n, request.k),
                    **scope.kind_params(EVENT_KINDS),
                    RECORD_PARAM: scope.as_of_record,
                },
            )
            rows = [dict(zip(q.TKS_COLUMNS, r, strict=True)) for r in found[0]["rows"]] if found else []
        # 4. Rerank (Sec. 4.5, Eq. 9-10).
        with timer.stage("rerank"):
            ranked = self._rank(rows, rw, notes)
        anchors = [a for a in rw.anchors if a.kind in scope.kinds] if self.config.keep_anchor else []
        top = [r for r in ranked if r["key"] not in {a.key for a in anchors}][: max(0, request.k - len(anchors))]
        with timer.stage("items"):
            items = (
                [item_from_row(r) for r in self.store.run(q.ITEMS_BY_KEY, {"rows": top, "k": len(top)})] if top else []
            )
        order = {r["key"]: i for i, r in enumerate(top)}
        items.sort(key=lambda e: order[e.key])
        evidence: list[Evidence] = [*anchors, *items]
        subgraph = Subgraph(
            nodes=[{"kind": "Event", "key": e.key, "role": "fks"} for e in fks]
            + [{"kind": "Event", "key": e.key, "role": "anchor"} for e in anchors]
            + [{"kind": "Event", "key": e.key, "role": "tks"} for e in items]
        )
        result = scope.result(self, request, evidence, subgraph, timer.timings_ms)
        if self.config.rerank:
            result.constraints = rw.target.constraints
        result.notes.extend(notes)
        return result

    # -- steps ----------------------------------------------------------------------------------------------------
    def _rewrite(
        self, request: RetrievalRequest, scope: RequestScope, fks: list[Evidence], notes: list[str]
    ) -> Rewritten:
        given = scope.constraints
        if not self.config.rewrite:
            rw = no_rewrite(request.text, request.question, given)
            notes.append("rewrite: off (ablation)")
            return rw
        u = request.understanding
        rw = symbolic_rewrite(request.text, request.question, u.grounding if u is not None else None, given)
        notes.append(f"rewrite (symbolic, {rw.how}): {rw.text}")
        if self.llm is not None and self.config.llm_rewrite:
            text, error = llm_rewrite(self.llm, request.text, fks)
            if text is None:
                notes.append(f"rewrite (llm): failed ({error}); the symbolic rewrite is used")
            else:
                notes.append(f"rewrite (llm, used): {text}")
                rw = Rewritten(text, rw.target, "llm", rw.anchors, rw.grounding)
        notes.append(f"time target: {rw.target.describe()}")
        return rw

    def _rank(self, rows: list[dict[str, Any]], rw: Rewritten, notes: list[str]) -> list[dict[str, Any]]:
        sims = [2.0 * float(r["score"]) - 1.0 for r in rows]  # Neo4j's cosine score is (1 + cos) / 2
        if not self.config.rerank:
            scored = [{"key": r["key"], "score": s} for r, s in zip(rows, sims, strict=True)]
        else:
            spans = [_span(r) for r in rows]
            inside = [t != OUTSIDE for t in phi_t(spans, rw.target)]
            by_sim = sorted(range(len(rows)), key=lambda i: -sims[i])
            pool = [i for i in by_sim if inside[i]][: self.config.pool]
            best = max((sims[i] for i in pool), default=0.0)
            content = [sims[i] >= best - self.config.ordinal_margin for i in pool]
            times = phi_t(  # Eq. 9's max over the reranked facts
                [spans[i] for i in pool], rw.target, bound_order=self.config.bound_order, content=content
            )
            final = dict(zip(pool, rerank_scores([sims[i] for i in pool], times, self.config.mu), strict=True))
            mu = self.config.mu
            for i in range(len(rows)):  # beyond the pool: after it by similarity; outside the target: Eq. 9's -100
                if i not in final:
                    final[i] = mu * sims[i] + (1.0 - mu) * (-1.0 if inside[i] else OUTSIDE)
            scored = [{"key": rows[i]["key"], "score": final[i]} for i in range(len(rows))]
            outside = inside.count(False)
            if outside:
                notes.append(f"rerank: {outside} of {len(rows)} TKS candidates outside the time target (phi_t = -100)")
        scored.sort(key=lambda r: (-r["score"], r["key"]))
        return scored


def _span(row: dict[str, Any]) -> TimeSpan:
    return TimeSpan(
        _to_date(row.get("valid_from")), _to_date(row.get("valid_to")), Granularity(row.get("granularity") or "day")
    )
