"""STeX (FastInsight Sec. 3.4, Alg. 3): which neighbours of the retrieved set to add next.

A candidate is a neighbour of a retrieved node that is not retrieved yet. Its score is ``I_sim + beta * I_struct``:
``I_sim`` the dot product of query and node vectors, ``I_struct`` the sum of *rank proximity* (how high the best
ranked retrieved neighbour stands, ``1 - (r_best - 1) / (R_max - 1)``) and *bridging* (how many retrieved nodes it
connects, ``(|A(n)| - 1) / (C_max - 1)`` with ``C_max = min(deg(n), R_max)``; structural-hole brokers score high).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Candidate:
    """A neighbour of the retrieved set: ``adjacent`` = A(n), its retrieved neighbours; ``degree`` = deg_E(n)."""

    key: str
    adjacent: tuple[str, ...]
    degree: int
    sim: float
    title: str | None = None
    text: str = ""


def structural_importance(adjacent_ranks: Sequence[int], degree: int, r_max: int) -> float:
    """``I_struct`` of Alg. 3 lines 3-12 from the ranks (1-based) of a candidate's retrieved neighbours."""
    if not adjacent_ranks:
        raise ValueError("a STeX candidate has at least one retrieved neighbour")
    score = 0.0
    if r_max > 1:
        r_best = min(adjacent_ranks)
        score = 1.0 - (r_best - 1) / (r_max - 1)
    c_max = min(degree, r_max)
    if c_max > 1:
        score += (len(adjacent_ranks) - 1) / (c_max - 1)
    return score


def rank_candidates(
    candidates: Sequence[Candidate], rank_of: Mapping[str, int], beta: float
) -> list[tuple[Candidate, float]]:
    """Alg. 3 lines 2-16: candidates by ``S_n = I_sim + beta * I_struct``, best first (ties by key).

    ``rank_of`` maps each retrieved key to its current rank (1-based); R_max is its size."""
    r_max = len(rank_of)
    scored = []
    for c in candidates:
        ranks = [rank_of[a] for a in c.adjacent if a in rank_of]
        if not ranks:
            continue
        scored.append((c, c.sim + beta * structural_importance(ranks, c.degree, r_max)))
    scored.sort(key=lambda cs: (-cs[1], cs[0].key))
    return scored
