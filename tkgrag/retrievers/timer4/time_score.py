"""TimeR4's time-filtering function phi_t (Sec. 4.5, Eq. 9), defined for before / after / in / first / last at the
constraint's granularity.

Times are counted in whole units of the granularity the question states (days, months ``year * 12 + month``, or
years), so "before 2014-05" puts every fact of April 2014 one month before it and a fact on 2014-05-01 outside. A fact
outside a constraint (``TemporalConstraint.admits``, the project's one rule) scores ``OUTSIDE`` (-100, as Eq. 9).
Inside:

* before / after t_q: 1 (``bound_order="none"``, the default): a before/after question asks for every fact on the
  right side of t_q -- MultiTQ's before/after questions list 1 to 17 answers -- so nearness is no evidence. Eq. 9 as
  printed (``bound_order="nearest"``): ``1 - d / max d`` with ``d = t_q - t`` over the candidates inside, the nearest
  before scores highest; after t_q is the mirror image;
* in a period: 1;
* first / last (the paper is silent; the same normalised distance, from the earliest / latest candidate inside): the
  earliest (latest) scores 1 and the latest (earliest) 0. An ordinal with a before/after bound ("first after X")
  orders by the ordinal. "First" is first among facts with the asked content, so with a ``content`` mask only the
  masked candidates are ordered (the others inside score 1, as facts the ordinal says nothing about): ordering every
  candidate by time lifts an early fact about something else above the asked one.

A fact without a time scores 0 (nothing to say), and so does every fact when the question has no constraint and no
ordinal: then Eq. 10 ranks by the TKS similarity alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from tkgrag.model import Order, TemporalConstraint, TemporalRelation
from tkgrag.temporal import Granularity, TimeSpan

OUTSIDE = -100.0  # Eq. 9's score of a fact that violates the constraint


@dataclass(frozen=True)
class TimeTarget:
    """What the (rewritten) question asks of a fact's time: every constraint must hold, and an optional ordinal."""

    constraints: tuple[TemporalConstraint, ...] = ()
    ordinal: Order | None = None  # Order.FIRST or Order.LAST

    @property
    def empty(self) -> bool:
        return not self.constraints and self.ordinal is None

    @property
    def granularity(self) -> Granularity:
        """The unit distances are counted in: the first before/after bound's, else the first constraint's, else day."""
        bound = next((c for c in self.constraints if c.relation is not TemporalRelation.DURING), None)
        c = bound or (self.constraints[0] if self.constraints else None)
        return c.span.granularity if c is not None else Granularity.DAY

    def describe(self) -> str:
        parts = [c.describe() for c in self.constraints]
        if self.ordinal is not None:
            parts.append(self.ordinal.value)
        return "; ".join(parts) + f" (in {self.granularity.value}s)" if parts else "none"


def unit(d: date, granularity: Granularity) -> int:
    """``d`` as a count of whole days, months or years."""
    if granularity is Granularity.YEAR:
        return d.year
    if granularity is Granularity.MONTH:
        return d.year * 12 + d.month - 1
    return d.toordinal()


def _timeless(span: TimeSpan) -> bool:
    return span.start is None and span.end is None


def _edge(span: TimeSpan, start: bool) -> date:
    d = (span.start or span.end) if start else (span.end or span.start)
    assert d is not None
    return d


BOUND_ORDERS = ("none", "nearest")


def phi_t(
    spans: Sequence[TimeSpan],
    target: TimeTarget,
    *,
    bound_order: str = "none",
    content: Sequence[bool] | None = None,
) -> list[float]:
    """phi_t of each candidate fact's span against ``target`` (normalised over ``spans``, as Eq. 9's max).

    ``bound_order``: "none" (inside a before/after bound scores 1) or "nearest" (Eq. 9's ramp). ``content``: which
    candidates an ordinal orders (default all)."""
    if bound_order not in BOUND_ORDERS:
        raise ValueError(f"bound_order={bound_order!r}: expected one of {', '.join(BOUND_ORDERS)}")
    if content is not None and len(content) != len(spans):
        raise ValueError(f"content mask has {len(content)} entries for {len(spans)} spans")
    if target.empty:
        return [0.0] * len(spans)
    g = target.granularity
    inside = [not _timeless(s) and all(c.admits(s) for c in target.constraints) for s in spans]
    dist: list[int | None] = [None] * len(spans)
    if target.ordinal in (Order.FIRST, Order.LAST):
        first = target.ordinal is Order.FIRST
        ordered = [inside[i] and (content is None or content[i]) for i in range(len(spans))]
        pts = {i: unit(_edge(s, first), g) for i, s in enumerate(spans) if ordered[i]}
        if pts:
            edge = min(pts.values()) if first else max(pts.values())
            dist = [abs(pts[i] - edge) if i in pts else None for i in range(len(spans))]
    elif bound_order == "nearest":
        bound = next((c for c in target.constraints if c.relation is not TemporalRelation.DURING), None)
        if bound is not None:
            for i, s in enumerate(spans):
                if not inside[i]:
                    continue
                if bound.relation is TemporalRelation.BEFORE:
                    assert bound.span.start is not None and s.end is not None
                    dist[i] = unit(bound.span.start, g) - unit(s.end, g)
                else:
                    assert bound.span.end is not None and s.start is not None
                    dist[i] = unit(s.start, g) - unit(bound.span.end, g)
    known = [d for d in dist if d is not None]
    top = max(known) if known else 0
    out = []
    for i, s in enumerate(spans):
        if _timeless(s):
            out.append(0.0)
        elif not inside[i]:
            out.append(OUTSIDE)
        elif dist[i] is None:
            out.append(1.0)  # inside, no ordering asked (or none that applies to this fact)
        else:
            out.append(1.0 - dist[i] / top if top > 0 else 1.0)  # type: ignore[operator]
    return out


def rerank_scores(similarity: Sequence[float], time_scores: Sequence[float], mu: float) -> list[float]:
    """Eq. 10: ``mu * phi_TKS + (1 - mu) * phi_t``."""
    return [mu * s + (1.0 - mu) * t for s, t in zip(similarity, time_scores, strict=True)]
