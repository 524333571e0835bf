"""Fusing ranked lists of different kinds (and methods) into one: reciprocal rank fusion and a score-based
alternative. Pure functions; ``benchmarks/bench_auto.py`` measures them against each other.

- ``rrf``: score(item) = sum over the lists holding it of 1 / (c + rank), c = 60 (Cormack et al. 2009). Blind to
  the methods' score scales, which differ by kind (cosine, PPR mass, MRAG's product, GRanker's logits).
- ``score``: each list's scores mapped to [0, 1] by the list's own range (best 1, worst 0; a one-item list 1), then
  summed over lists. Keeps how far apart items are within a method, which rank fusion drops.
- ``calibrated``: RRF with each list weighted by its kind's calibrated value (``tkgrag.planning.calibration``: the
  percentile of the question's probe in the kind's null), score(item) = sum of w_list / (c + rank); the kind the
  question more likely asks of leads the fused list. Without weights it is ``rrf``.

The fused item keeps its kind, key and text; its ``score`` is the fused score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence

RRF_C = 60


def _merge(
    lists: Sequence[Sequence[Evidence]], weight: Callable[[Sequence[Evidence], int, int], float], k: int
) -> list[Evidence]:
    total: dict[str, float] = {}
    first: dict[str, Evidence] = {}
    order: dict[str, tuple[int, int]] = {}
    for li, items in enumerate(lists):
        for rank, e in enumerate(items):
            total[e.key] = total.get(e.key, 0.0) + weight(items, rank, li)
            first.setdefault(e.key, e)
            order.setdefault(e.key, (rank, li))
    # Ties (same fused score) go to the better rank, then to the earlier list: deterministic.
    keys = sorted(total, key=lambda key: (-total[key], order[key]))
    return [replace(first[key], score=round(total[key], 6)) for key in keys[:k]]


def rrf(lists: Sequence[Sequence[Evidence]], k: int, c: int = RRF_C) -> list[Evidence]:
    """Reciprocal rank fusion of ``lists`` (each best first), the top ``k``."""
    return _merge(lists, lambda _items, rank, _li: 1.0 / (c + rank + 1), k)


def weighted_rrf(
    lists: Sequence[Sequence[Evidence]], k: int, weights: Sequence[float] | None = None, c: int = RRF_C
) -> list[Evidence]:
    """RRF with list ``i``'s terms multiplied by ``weights[i]`` (all 1.0 when None: plain ``rrf``)."""
    if weights is None:
        return rrf(lists, k, c)
    if len(weights) != len(lists):
        raise ValueError(f"weighted_rrf: {len(weights)} weights for {len(lists)} lists")
    return _merge(lists, lambda _items, rank, li: weights[li] / (c + rank + 1), k)


def _range_scaled(items: Sequence[Evidence], rank: int, _li: int = 0) -> float:
    hi = max(e.score for e in items)
    lo = min(e.score for e in items)
    if hi == lo:
        return 1.0
    return (items[rank].score - lo) / (hi - lo)


def score_fusion(lists: Sequence[Sequence[Evidence]], k: int) -> list[Evidence]:
    """Each list's scores range-scaled to [0, 1], summed over lists; the top ``k``."""
    return _merge(lists, _range_scaled, k)


Fusion = Callable[[Sequence[Sequence[Evidence]], int, Sequence[float] | None], list[Evidence]]
FUSIONS: dict[str, Fusion] = {
    "rrf": lambda lists, k, _w: rrf(lists, k),
    "score": lambda lists, k, _w: score_fusion(lists, k),
    "calibrated": weighted_rrf,
}


def fuse(
    name: str, lists: Sequence[Sequence[Evidence]], k: int, weights: Sequence[float] | None = None
) -> list[Evidence]:
    """Fuse ``lists`` by the fusion ``name``; ``weights`` (one per list) are read by ``calibrated`` only."""
    if name not in FUSIONS:
        raise ConfigError(f"unknown fusion {name!r}; choose one of: {', '.join(FUSIONS)}")
    return FUSIONS[name](lists, k, weights)
