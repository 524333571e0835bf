"""Seed rules and the personalization vector gamma (STAR-RAG Sec. 3.3, Appendix C).

The top-K1 anchor events F_K1 = (f_1, ..., f_K1), ranked by cosine similarity, map to the seeded rule set
U_seed = {u : supp(u) meets F_K1}. gamma blends two signals over U_seed:

    c~_u = |supp(u)| / sum_v |supp(v)|                     corpus coverage
    p_u  = sum_{j : f_j in supp(u)} beta^(j-1),  p~_u = p_u / sum_v p_v     geometric rank importance (j 1-based)
    s_u  = (1 - theta) c~_u + theta p~_u
    gamma_u = (s_u + tau) / sum_v (s_v + tau),   tau = 1 / |U_seed| by default

With the default tau, sum_v (s_v + tau) = 2, so gamma is the average of s and the uniform distribution.
The "star-uniform" ablation (Sec. 4.5) uses gamma_u = 1 / |U_seed|.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from tkgrag.retrievers.star.config import Personalization, StarConfig

A = TypeVar("A", bound=Hashable)


def seed_rules(anchors: Sequence[A], rules_of_anchor: Mapping[A, Iterable[str]]) -> list[str]:
    """U_seed in order of first hit (best anchor first, then the anchor's rule order). Anchors without rules are
    skipped; a repeated anchor is an error (ranks would be ambiguous)."""
    seen_anchor: set[A] = set()
    out: dict[str, None] = {}
    for j, f in enumerate(anchors, start=1):
        if f in seen_anchor:
            raise ValueError(f"anchor {f!r} appears twice in the ranked anchors (again at rank {j}); pass each once")
        seen_anchor.add(f)
        for u in rules_of_anchor.get(f, ()):
            out.setdefault(u, None)
    return list(out)


def personalization(
    anchors: Sequence[A],
    rules_of_anchor: Mapping[A, Iterable[str]],
    support_size: Mapping[str, int],
    *,
    theta: float = 0.6,
    beta: float = 0.7,
    tau: float | None = None,
    mode: Personalization = "star",
) -> dict[str, float]:
    """gamma over U_seed (Appendix C), keyed by rule key, summing to 1; ``{}`` when no anchor maps to a rule.

    ``anchors`` are event ids in rank order (rank 1 first); ``rules_of_anchor[f]`` the rule keys whose support contains
    f; ``support_size[u]`` = |supp(u)|, needed for every seeded rule."""
    seeds = seed_rules(anchors, rules_of_anchor)
    if not seeds:
        return {}
    if mode == "star-uniform":
        return {u: 1.0 / len(seeds) for u in seeds}
    if mode != "star":
        raise ValueError(f"personalization mode must be 'star' or 'star-uniform', not {mode!r}")
    missing = [u for u in seeds if u not in support_size]
    if missing:
        raise KeyError(f"no support size for seeded rule(s) {missing[:5]!r}; pass |supp(u)| for every seeded rule")
    coverage = {u: float(support_size[u]) for u in seeds}
    if any(c <= 0 for c in coverage.values()):
        raise ValueError(f"support sizes of seeded rules must be > 0, got {coverage!r}")
    rank_weight = dict.fromkeys(seeds, 0.0)
    for j, f in enumerate(anchors, start=1):
        for u in set(rules_of_anchor.get(f, ())):
            rank_weight[u] += beta ** (j - 1)
    c_total = sum(coverage.values())
    p_total = sum(rank_weight.values())
    smooth = 1.0 / len(seeds) if tau is None else tau
    s = {u: (1.0 - theta) * coverage[u] / c_total + theta * rank_weight[u] / p_total for u in seeds}
    z = sum(s.values()) + smooth * len(seeds)
    return {u: (s[u] + smooth) / z for u in seeds}


def personalization_for(
    anchors: Sequence[A],
    rules_of_anchor: Mapping[A, Iterable[str]],
    support_size: Mapping[str, int],
    config: StarConfig,
) -> dict[str, float]:
    """:func:`personalization` with theta, beta, tau and the mode taken from ``config`` (K1 truncation included)."""
    return personalization(
        list(anchors)[: config.k1],
        rules_of_anchor,
        support_size,
        theta=config.theta,
        beta=config.beta,
        tau=config.tau,
        mode=config.personalization,
    )
