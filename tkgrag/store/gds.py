"""Graph Data Science through the driver: projections kept in the catalog, weighted personalized PageRank."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tkgrag.errors import StoreError
from tkgrag.queries import gds as q
from tkgrag.store.connection import Store

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _check_ident(value: str, what: str) -> str:
    if not _IDENT.match(value):
        raise StoreError(f"{what} {value!r} is not a valid identifier (letters, digits, underscore)")
    return value


@dataclass(frozen=True)
class PageRankConfig:
    """GDS PageRank settings. ``damping`` is the probability of following an edge (restart = 1 - damping)."""

    damping: float = 0.85
    tolerance: float = 1e-7
    max_iterations: int = 100
    weight_property: str | None = None
    # Weighted PPR is many small single-source runs: one thread each and no progress logging cut GDS's per-call
    # overhead (measured on the icews14 rule graph: 30 runs in 1.8 s instead of 3.3 s with the defaults).
    concurrency: int = 1
    log_progress: bool = False

    def as_gds(self) -> dict[str, Any]:
        cfg: dict[str, Any] = {
            "dampingFactor": self.damping,
            "tolerance": self.tolerance,
            "maxIterations": self.max_iterations,
            "concurrency": self.concurrency,
            "logProgress": self.log_progress,
        }
        if self.weight_property:
            cfg["relationshipWeightProperty"] = _check_ident(self.weight_property, "weight property")
        return cfg


def graph_exists(store: Store, name: str) -> bool:
    return bool(store.run(q.GRAPH_EXISTS, {"name": name})[0]["exists"])


def drop_graph(store: Store, name: str) -> None:
    store.run(q.GRAPH_DROP, {"name": name})


def project(
    store: Store,
    name: str,
    label: str,
    rel_type: str,
    *,
    weight_property: str | None = None,
    orientation: str = "NATURAL",
    replace: bool = False,
) -> dict[str, Any]:
    """Project ``(:label)-[:rel_type]->(:label)`` into the GDS catalog under ``name`` (kept between queries)."""
    if orientation not in {"NATURAL", "REVERSE", "UNDIRECTED"}:
        raise StoreError(f"orientation must be NATURAL, REVERSE or UNDIRECTED, not {orientation!r}")
    if graph_exists(store, name):
        if not replace:
            return {"graphName": name, "reused": True}
        drop_graph(store, name)
    rel: dict[str, Any] = {"type": _check_ident(rel_type, "relationship type"), "orientation": orientation}
    if weight_property:
        rel["properties"] = _check_ident(weight_property, "weight property")
    params = {
        "name": name,
        "nodeProjection": _check_ident(label, "label"),
        "relationshipProjection": {rel_type: rel},
    }
    return store.run(q.GRAPH_PROJECT, params)[0]


def weighted_personalized_pagerank(
    store: Store, graph: str, seeds: Mapping[int, float], config: PageRankConfig | None = None
) -> dict[int, float]:
    """PPR with restart distribution ``seeds`` (node id -> weight), by linearity over single-source GDS runs.

    GDS's PageRank gives each source node a restart mass of (1 - damping) and leaks the mass of dangling nodes,
    so scores are not a probability distribution; ranking is what callers use. Returns node id -> score > 0.
    """
    if not seeds:
        return {}
    cfg = (config or PageRankConfig()).as_gds()
    rows = store.run(
        q.WEIGHTED_PPR_STREAM,
        {
            "graph": graph,
            "config": cfg,
            "seeds": [{"nodeId": int(k), "weight": float(w)} for k, w in seeds.items()],
        },
    )
    return {int(r["nodeId"]): float(r["score"]) for r in rows}
