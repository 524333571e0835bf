"""MDL selection of rule edges (STAR-RAG Sec. 3.2 "Selection by MDL", Eq. 3-7, Appendix B). All lengths in bits.

Total description length L(G, M) = L(M) + L(G | M) (Eq. 3).

Model cost L(M) (Appendix B), with A = |category labels|, W = candidate edges:
    L(M) = log2(A^2 |R|) + log2(2 |W|) + sum_{u in nodes(M)} L(u) + sum_{(u->v) in M} L(u->v)
    L(u) = -log2 p_s(a_s) - log2 p_r(r) - log2 p_o(a_o)       (empirical label / relation frequencies over F)
    L(u->v) = -log2 p_V(u) - log2 p_V(v),  p_V(x) = deg(x) / (2 |E_rule|)
  so sum over edges = 2E log2(2E) - sum_x deg(x) log2 deg(x), updated in O(1) per inserted edge.

Data cost L(G | M): the data of candidate edge e = {u, v} are its linked pairs (which of the N = |supp(u)| |supp(v)|
pairs are linked, T = |T_uv| of them) and their spans (day differences, 0..D with D = the span window, or the data's
day range when unbounded). Each candidate's data is encoded by the edge's code if e is in M, else by the null code:
    with the edge (Eq. 5 + Eq. 6):
        L_cov(e)  = log2 C(N, T)                                  the linked pairs as one subset of supp(u) x supp(v)
        L_time(e) = T [(m + 1) log2(m + 1) - m log2 m],  m = sum(T_uv) / T
                    the geometric (discrete exponential) MLE code of the integer spans; for large m it equals Eq. 6,
                    T (log2 m + log2 e), and unlike the continuous density it stays >= 0 for same-day spans.
    null, without the edge (our choice; the paper leaves it implicit):
        L0(e) = T log2(N) + T log2(D + 1)
                each linked pair named on its own among the N pairs, each span uniform over 0..D
        (``coverage_null="none"``: L0(e) = log2 C(N, T) + T log2(D + 1), so only the span code can save bits)
so the data saving of an edge is  sigma(e) = L0(e) - L_cov(e) - L_time(e)  >= 0 for the coverage part (a set is
cheaper than T separate names, the more so the larger T and T/N: "high-support, high-conversion links") and positive
for the time part when the spans are concentrated near 0 (mean well below D/2).

Greedy (Sec. 3.2, Eq. 7): candidates with sigma > 0 in a fixed order (sigma descending, then rule indices) are
inserted when dL = [L(M + e) - L(M)] - sigma(e) < 0; passes repeat until one inserts nothing. Candidates with
sigma <= 0 can never be inserted because the model part of dL is never negative (an empirical-entropy code length
only grows with more symbols), so they are skipped.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln

from tkgrag.retrievers.star.config import CoverageNull
from tkgrag.retrievers.star.events import EventArrays
from tkgrag.retrievers.star.labels import EntityLabels
from tkgrag.retrievers.star.rules import RuleTable
from tkgrag.retrievers.star.spans import SpanStats

_LN2 = math.log(2.0)


def log2_binomial(n: np.ndarray | float, k: np.ndarray | float) -> np.ndarray:
    """log2 C(n, k), vectorized (real-valued through the log-gamma function)."""
    n_arr, k_arr = np.asarray(n, dtype=np.float64), np.asarray(k, dtype=np.float64)
    return np.asarray((gammaln(n_arr + 1) - gammaln(k_arr + 1) - gammaln(n_arr - k_arr + 1)) / _LN2)


def _xlog2x(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0, x * np.log2(np.where(x > 0, x, 1.0)), 0.0)


def geometric_code_length(n_spans: np.ndarray | float, span_sum: np.ndarray | float) -> np.ndarray:
    """L_time (discrete Eq. 6): T [(m+1) log2(m+1) - m log2 m], m = span_sum / T; 0 when T = 0."""
    t = np.asarray(n_spans, dtype=np.float64)
    m = np.asarray(span_sum, dtype=np.float64) / np.maximum(t, 1.0)
    return np.asarray(t * (_xlog2x(m + 1.0) - _xlog2x(m)))


@dataclass(frozen=True)
class EdgeDataCosts:
    """Per candidate edge (aligned with :class:`SpanStats`): bits with the edge (Eq. 5 + 6), bits without (null)."""

    n_pairs: np.ndarray  # N = |supp(u)| |supp(v)|
    coverage: np.ndarray  # L_cov, Eq. 5
    time: np.ndarray  # L_time, Eq. 6 (geometric)
    null: np.ndarray  # L0

    @property
    def saving(self) -> np.ndarray:
        """sigma(e) = L0(e) - L_cov(e) - L_time(e)."""
        return self.null - self.coverage - self.time


def edge_data_costs(
    spans: SpanStats, support_sizes: np.ndarray, max_span: int, coverage_null: CoverageNull = "pairwise"
) -> EdgeDataCosts:
    """Data code lengths of every candidate edge with |T_uv| > 0 (formulas in the module docstring).

    ``coverage_null="none"`` replaces the null's T log2 N by log2 C(N, T): coverage then saves nothing and only the
    span code (temporal concentration) can justify an edge."""
    n_pairs = support_sizes[spans.u].astype(np.float64) * support_sizes[spans.v].astype(np.float64)
    t = spans.n_spans.astype(np.float64)
    coverage = log2_binomial(n_pairs, t)
    time = geometric_code_length(t, spans.span_sum)
    if coverage_null == "pairwise":
        null_cov = t * np.log2(n_pairs)
    elif coverage_null == "none":
        null_cov = coverage
    else:
        raise ValueError(f"coverage_null must be 'pairwise' or 'none', not {coverage_null!r}")
    null = null_cov + t * math.log2(max_span + 1)
    return EdgeDataCosts(n_pairs=n_pairs, coverage=coverage, time=time, null=null)


def node_code_lengths(events: EventArrays, labels: EntityLabels, table: RuleTable) -> np.ndarray:
    """L(u) = -log2 p_s(a_s) - log2 p_r(r) - log2 p_o(a_o) for every rule (Appendix B).

    p_s(a) = share of (event, subject label) incidences with label a: an event counts once for each label of its
    subject; p_o likewise for objects; p_r = share of events with relation r."""
    inc_entity = np.asarray([e for e, idx in enumerate(labels.type_index) for _ in idx], dtype=np.int64)
    inc_type = np.asarray([t for idx in labels.type_index for t in idx], dtype=np.int64)
    subj_count = np.bincount(events.subject, minlength=len(labels.entities)).astype(np.float64)
    obj_count = np.bincount(events.object, minlength=len(labels.entities)).astype(np.float64)
    p_s = np.bincount(inc_type, weights=subj_count[inc_entity], minlength=len(labels.types))
    p_o = np.bincount(inc_type, weights=obj_count[inc_entity], minlength=len(labels.types))
    p_s = p_s / p_s.sum()
    p_o = p_o / p_o.sum()
    p_r = np.bincount(events.relation, minlength=len(events.relations)).astype(np.float64) / len(events)
    return np.asarray(-np.log2(p_s[table.c_s]) - np.log2(p_r[table.relation]) - np.log2(p_o[table.c_o]))


@dataclass(frozen=True)
class MdlResult:
    """Outcome of the greedy selection. ``selected`` indexes the candidate arrays; ``delta_bits[i]`` is dL when
    candidate ``selected[i]`` was inserted (< 0). Lengths are totals in bits before (empty M) and after."""

    selected: np.ndarray
    delta_bits: np.ndarray
    passes: int
    model_bits_before: float
    data_bits_before: float
    model_bits_after: float
    data_bits_after: float

    @property
    def total_bits_before(self) -> float:
        return self.model_bits_before + self.data_bits_before

    @property
    def total_bits_after(self) -> float:
        return self.model_bits_after + self.data_bits_after


def model_constant_bits(n_labels: int, n_relations: int, n_candidates: int) -> float:
    """log2(A^2 |R|) + log2(2 |W|), the two constant terms of L(M)."""
    return math.log2(max(n_labels, 1) ** 2 * max(n_relations, 1)) + math.log2(max(2 * n_candidates, 1))


def _xlog2x_scalar(d: float) -> float:
    return d * math.log2(d) if d > 0 else 0.0


def model_delta_bits(n_edges: int, deg_u: int, deg_v: int, new_node_bits: float = 0.0) -> float:
    """L(M + e) - L(M) for inserting edge {u, v} into a model with ``n_edges`` edges: the change of the edge code
    2E log2(2E) - sum_x deg(x) log2 deg(x), plus L(u), L(v) of endpoints not yet in M (``new_node_bits``)."""
    x = _xlog2x_scalar
    edge_code = x(2 * (n_edges + 1)) - x(2 * n_edges) - (x(deg_u + 1) - x(deg_u) + x(deg_v + 1) - x(deg_v))
    return edge_code + new_node_bits


def select_edges(
    u: np.ndarray,
    v: np.ndarray,
    saving: np.ndarray,
    null_bits: np.ndarray,
    node_bits: np.ndarray,
    *,
    constant_bits: float = 0.0,
    max_passes: int = 10,
    on_pass: Callable[[int, int], None] | None = None,
) -> MdlResult:
    """Greedy MDL insertion (Alg. 1 lines 5-7, Eq. 7) over candidate edges {u[i], v[i]} with data saving
    ``saving[i]`` and null cost ``null_bits[i]``; ``node_bits[x]`` = L(x). See the module docstring."""
    n_nodes = len(node_bits)
    in_model = np.zeros(n_nodes, dtype=bool)
    degree = np.zeros(n_nodes, dtype=np.int64)
    order = np.flatnonzero(saving > 0)
    order = order[np.lexsort((v[order], u[order], -saving[order]))]
    taken = np.zeros(len(u), dtype=bool)
    selected: list[int] = []
    deltas: list[float] = []
    n_edges = 0
    sum_dlogd = 0.0  # sum_x deg(x) log2 deg(x)
    node_total = 0.0
    data_saved = 0.0
    xlogx = _xlog2x_scalar
    passes = 0
    uu, vv, ss, nb = u.tolist(), v.tolist(), saving.tolist(), node_bits.tolist()
    for passes in range(1, max_passes + 1):
        inserted = 0
        for i in order.tolist():
            if taken[i]:
                continue
            a, b = uu[i], vv[i]
            da, db = int(degree[a]), int(degree[b])
            node_delta = (0.0 if in_model[a] else nb[a]) + (0.0 if in_model[b] else nb[b])
            delta = model_delta_bits(n_edges, da, db, node_delta) - ss[i]
            if delta < 0:
                taken[i] = True
                selected.append(i)
                deltas.append(delta)
                in_model[a] = in_model[b] = True
                node_total += node_delta
                sum_dlogd += xlogx(da + 1) - xlogx(da) + xlogx(db + 1) - xlogx(db)
                degree[a] += 1
                degree[b] += 1
                n_edges += 1
                data_saved += ss[i]
                inserted += 1
        if on_pass is not None:
            on_pass(passes, inserted)
        if inserted == 0:
            break
    data_before = float(np.sum(null_bits))
    edge_code = xlogx(2 * n_edges) - sum_dlogd
    return MdlResult(
        selected=np.asarray(selected, dtype=np.int64),
        delta_bits=np.asarray(deltas, dtype=np.float64),
        passes=passes,
        model_bits_before=constant_bits,
        data_bits_before=data_before,
        model_bits_after=constant_bits + node_total + edge_code,
        data_bits_after=data_before - data_saved,
    )
