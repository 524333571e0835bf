"""GRanker (FastInsight Sec. 3.3, Alg. 2): a cross-encoder reranker whose latent vectors are smoothed over the
retrieved subgraph before its head scores them.

The cross-encoder's latents ``H`` are topology-blind, so GRanker treats them as a noisy graph signal and takes one
gradient step on the Laplacian-regularised denoising objective: ``H' = (1 - alpha) H + alpha P H`` with ``P`` the
row-normalised propagation matrix ``diag(W 1)^-1 W``, ``W = A D^-1`` (each neighbour weighted by the reciprocal of
its degree in the whole graph, so hubs count less). Scores are the head applied to ``H'``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tkgrag.errors import ConfigError


def propagation_matrix(adjacency: np.ndarray, degrees: np.ndarray) -> np.ndarray:
    """``P`` of Alg. 2 lines 2-5 for the retrieved nodes' adjacency ``A`` (n x n, 0/1) and degrees in E.

    A node with no retrieved neighbour has a zero row in ``W``: its row of the random-walk Laplacian is zero by
    the usual convention, so it keeps its own latent (``P_ii = 1``) instead of being scaled down by (1 - alpha)."""
    a = np.asarray(adjacency, dtype=np.float64)
    n = a.shape[0]
    if a.shape != (n, n):
        raise ConfigError(f"GRanker: adjacency must be square, got shape {a.shape}")
    deg = np.asarray(degrees, dtype=np.float64)
    if deg.shape != (n,):
        raise ConfigError(f"GRanker: {deg.shape[0] if deg.ndim else 0} degrees for {n} nodes")
    # deg_E(j) >= the neighbours of j inside the subgraph; guard against a stale degree of 0 for a linked node.
    inv = 1.0 / np.maximum(deg, np.maximum(a.sum(axis=0), 1.0))
    w = a * inv[None, :]  # W = A D^-1: column j scaled by 1 / deg(j)
    rows = w.sum(axis=1)
    p = np.zeros_like(w)
    linked = rows > 0
    p[linked] = w[linked] / rows[linked, None]
    idx = np.flatnonzero(~linked)
    p[idx, idx] = 1.0
    return p


def fuse(latents: np.ndarray, propagation: np.ndarray, alpha: float) -> np.ndarray:
    """Alg. 2 line 6: latent graph fusion ``(1 - alpha) H + alpha P H``."""
    if not 0.0 <= alpha <= 1.0:
        raise ConfigError(f"GRanker alpha={alpha} must be in [0, 1]")
    h = np.asarray(latents, dtype=np.float64)
    return ((1.0 - alpha) * h + alpha * (propagation @ h)).astype(np.float32)


def adjacency_of(keys: Sequence[str], adjacent: Mapping[str, Sequence[str]]) -> np.ndarray:
    """The 0/1 symmetric adjacency of ``keys`` from each key's neighbours inside the set."""
    pos = {k: i for i, k in enumerate(keys)}
    a = np.zeros((len(keys), len(keys)), dtype=np.float64)
    for k, others in adjacent.items():
        i = pos.get(k)
        if i is None:
            continue
        for o in others:
            j = pos.get(o)
            if j is not None and j != i:
                a[i, j] = a[j, i] = 1.0
    return a
