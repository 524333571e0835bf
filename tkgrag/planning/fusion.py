"""Fusing ranked lists of different kinds (and methods) into one: reciprocal rank fusion and a score-based
alternative. Pure functions; ``benchmarks/bench_auto.py`` measures them against each other.

- ``rrf``: score(item) = sum over the lists holding it of 1 / (c + rank), c = 60 (Cormack et al. 2009). Blind to
  the methods' score scales, which differ by kind (cosine, PPR mass, MRAG's product, GRanker's logits).
- ``score``: each list's scores mapped to [0, 1] by the list's own range (best 1, worst 0; a one-item list 1), then
  summed over lists. Keeps how far apart items are within a method, which rank fusion drops.

The fused item keeps its kind, key and text; its ``score`` is the fused score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence

RRF_C = 60


def _merge(
    lists: Sequence[Sequence[Evidence]], weight: Callable[[Sequence[Evidence], int], float], k: int
) -> list[Evidence]:
    total: dict[str, float] = {}
    first: dict[str, Evidence] = {}
    order: dict[str, tuple[int, int]] = {}
    for li, items in enumerate(lists):
        for rank, e in enumerate(items):
            total[e.key] = total.get(e.key, 0.0) + weight(items, rank)
            first.setdefault(e.key, e)
            order.setdefault(e.key, (rank, li))
    # Ties (same fused score) go to the better rank, then to the earlier list: deterministic.
    keys = sorted(total, key=lambda key: (-total[key], order[key]))
    return [replace(first[key], score=round(total[key], 6)) for key in keys[:k]]


def rrf(lists: Sequence[Sequence[Evidence]], k: int, c: int = RRF_C) -> list[Evidence]:
    """Reciprocal rank fusion of ``lists`` (each best first), the top ``k``."""
    return _merge(lists, lambda _items, rank: 1.0 / (c + rank + 1), k)


def _range_scaled(items: Sequence[Evidence], rank: int) -> float:
    hi = max(e.score for e in items)
    lo = min(e.score for e in items)
    if hi == lo:
        return 1.0
    return (items[rank].score - lo) / (hi - lo)


def score_fusion(lists: Sequence[Sequence[Evidence]], k: int) -> list[Evidence]:
    """Each list's scores range-scaled to [0, 1], summed over lists; the top ``k``."""
    return _merge(lists, _range_scaled, k)


FUSIONS: dict[str, Callable[[Sequence[Sequence[Evidence]], int], list[Evidence]]] = {
    "rrf": rrf,
    "score": score_fusion,
}


def fuse(name: str, lists: Sequence[Sequence[Evidence]], k: int) -> list[Evidence]:
    try:
        return FUSIONS[name](lists, k)
    except KeyError:
        raise ConfigError(f"unknown fusion {name!r}; choose one of: {', '.join(FUSIONS)}") from None
