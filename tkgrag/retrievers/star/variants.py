"""Beyond the paper: what lets the rule graph change ``star``'s answer (issue "STAR-RAG part two"). Pure functions;
``StarRetriever`` applies them when a ``StarConfig`` turns them on (all off by default, so ``star``, ``star-uniform``
and ``star+tc`` stay the paper's).

* **Anchor seeding** (``anchor_seed_mass``): a question like "after X did r to o, who first ..." names an anchor
  event; once grounded (a constraint's ``anchor_event``) its rules take this share of the seed distribution, so the
  PPR walks from the rule of the event the question is about, not only from the rules of cosine look-alikes.
* **The anchor as evidence** (``include_anchor``): the grounded anchor event is part of the evidence that decides the
  answer ("when did X do r to o?"), though "after X" excludes it from the filtered candidates.
* **Combined score** (``ppr_weight``, ``proximity_weight``): cosine + w_ppr x the PPR mass of the event's best top
  rule (relative to the best rule) + w_time x exp(-|t - t_ref| / proximity_days), where t_ref is where the question
  looks in time: the bound of a before/after constraint (the nearest event before/after it first), the start
  (first) or end (last) of a "during" period with an ordinal, or, for an ordinal alone, the earliest / latest day among
  the ``ordinal_pool`` candidates most relevant so far (cosine, plus the PPR term when it is on).
* **Reserved slots** (``reserve``): the best candidates supported only by non-seed rules (reached by the walk, not by
  the anchors) get this many of the k slots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.question.model import TemporalQuestion

NO_DAY = np.iinfo(np.int32).min  # an event without a start day


def mixed_seeds(gamma: Mapping[int, float], anchor_rules: Sequence[int], mass: float) -> dict[int, float]:
    """(1 - mass) x gamma + mass x uniform over the anchor event's rules (gamma alone when there are none)."""
    if not anchor_rules or mass <= 0.0:
        return dict(gamma)
    out = {u: (1.0 - mass) * w for u, w in gamma.items()} if gamma else {}
    share = (mass if gamma else 1.0) / len(anchor_rules)
    for u in anchor_rules:
        out[u] = out.get(u, 0.0) + share
    return out


def reference_day(
    constraints: Sequence[TemporalConstraint],
    question: TemporalQuestion | None,
    days: np.ndarray,
    relevance: np.ndarray,
    ordinal_pool: int,
) -> int | None:
    """The day (``date.toordinal()``) the question looks at, or None when it asks for no temporal order."""
    ordinal = question.ordinal if question is not None else None
    last = ordinal.from_end if ordinal is not None else None
    for c in constraints:
        if c.relation is TemporalRelation.BEFORE and c.span.start is not None and last is not False:
            return c.span.start.toordinal()  # "before X": the nearest before X (also "the last before X")
        if c.relation is TemporalRelation.AFTER and c.span.end is not None and last is not True:
            return c.span.end.toordinal()  # "after X": the nearest after X (also "the first after X")
    if ordinal is None:
        return None
    for c in constraints:
        if c.relation is TemporalRelation.DURING:
            bound = c.span.end if last else c.span.start
            if bound is not None:
                return bound.toordinal()
    dated = np.nonzero(days != NO_DAY)[0]
    if len(dated) == 0:
        return None
    pool = dated[np.argsort(-relevance[dated], kind="stable")[:ordinal_pool]]
    return int(days[pool].max() if last else days[pool].min())


def proximity(days: np.ndarray, ref: int, scale_days: float) -> np.ndarray:
    """exp(-|t - t_ref| / scale) per candidate; 0 for a candidate without a day."""
    out = np.exp(-np.abs(days.astype(np.float64) - ref) / scale_days)
    return np.where(days == NO_DAY, 0.0, out)


def rule_mass(candidates: np.ndarray, supports_of: Mapping[int, np.ndarray], ppr: Mapping[int, float]) -> np.ndarray:
    """Per candidate: the PPR score of its best top rule over the best top rule's (in [0, 1])."""
    best = max(ppr.values(), default=0.0)
    out = np.zeros(len(candidates))
    if best <= 0.0:
        return out
    pos = {int(c): i for i, c in enumerate(candidates)}
    for rule, events in supports_of.items():
        rel = ppr.get(rule, 0.0) / best
        idx = [pos[int(e)] for e in events if int(e) in pos]
        if idx:
            out[idx] = np.maximum(out[idx], rel)
    return out


def merge_reserved(main: Sequence[str], expansion: Sequence[str], k: int, reserve: int) -> list[str]:
    """k keys: the first k - reserve of ``main``, then up to ``reserve`` of ``expansion`` not already taken, then the
    rest of ``main`` (so fewer expansion candidates leave their slots to ``main``)."""
    out = list(main[: max(0, k - reserve)])
    taken = set(out)
    added = 0
    for key in expansion:
        if added >= reserve or len(out) >= k:
            break
        if key not in taken:
            out.append(key)
            taken.add(key)
            added += 1
    for key in main:
        if len(out) >= k:
            break
        if key not in taken:
            out.append(key)
            taken.add(key)
    return out
