"""Reference personalized PageRank in numpy with GDS's semantics (for tests only).

    x = (1 - d) s + d M^T x

``s`` is the restart vector as given (weighted, NOT normalised), M is row-normalised by weighted out-degree, and
the mass of dangling nodes (no out-edges) is dropped, not redistributed; so scores need not sum to 1. STAR-RAG's
restart alpha = 0.2 is d = 0.8 (Eq. 8: pi = alpha gamma + (1 - alpha) pi A~). Power iteration stops when every
score changes by less than ``tolerance`` (GDS's criterion).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np


def transition_matrix(n: int, edges: Iterable[tuple[int, int, float]]) -> np.ndarray:
    """M[i, j] = w(i -> j) / sum_k w(i -> k); rows of dangling nodes stay zero."""
    m = np.zeros((n, n))
    for src, dst, w in edges:
        m[src, dst] += w
    out = m.sum(axis=1, keepdims=True)
    return np.divide(m, out, out=np.zeros_like(m), where=out > 0)


def personalized_pagerank(
    n: int,
    edges: Sequence[tuple[int, int, float]],
    restart: Sequence[float] | np.ndarray,
    *,
    damping: float = 0.8,
    tolerance: float = 1e-5,
    max_iterations: int = 1000,
) -> np.ndarray:
    m = transition_matrix(n, edges)
    s = np.asarray(restart, dtype=np.float64)
    x = (1.0 - damping) * s
    for _ in range(max_iterations):
        nxt = (1.0 - damping) * s + damping * (m.T @ x)
        if np.max(np.abs(nxt - x)) < tolerance:
            return nxt
        x = nxt
    raise RuntimeError(f"personalized PageRank did not converge in {max_iterations} iterations")
