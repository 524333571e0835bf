"""Temporal spans T_uv between Hamming-1 rules (STAR-RAG Sec. 3.2, "Candidate edges").

    T_uv = { |t' - t| : f in supp(u), f' in supp(v), f != f', d_H(f~, f~') <= max_event_hamming, |t' - t| <= w }

The MDL code lengths (Eq. 5-6) use T_uv only through |T_uv| and sum(T_uv) (the exponential/geometric MLE is a
function of the mean), so those sufficient statistics are computed exactly, never the |supp(u)| x |supp(v)| list:

* Two events are "highly similar" (d_H <= 2) iff they share subject, relation or object. Rules u, v at Hamming
  distance 1 differ in one field; if that field is c_s or c_o they share r, so *every* pair of their events is similar;
  if it is r, a pair is similar iff it shares the subject or the object entity. In general a pair needs
  ``need = 3 - max_event_hamming - [r shared]`` equal entities among (s, o), counted by inclusion-exclusion over
  "blocks": pairs with equal subject + equal object - equal (subject, object).
* Inside a block (rules of one Hamming group, plus the shared entity), pairs are counted within the window ``w`` by
  either enumerating event pairs (cheap for small blocks) or, for big blocks, dense day histograms H (rules x days):
  windowed prefix sums give, for every rule and day t, the count / signed / absolute span sums of the events within
  w days, and one matrix product H @ W^T yields all rule pairs of the block at once.
* f = f' (one event mapped to both u and v, when its entity has both labels) is not a pair: it is excluded.

The window ``w`` is our bound (the paper has none); ``None`` reproduces the paper's unbounded T_uv but costs
O(|supp(u)| |supp(v)|) for enumerated blocks, so use it on small data only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tkgrag.retrievers.star.events import EventArrays
from tkgrag.retrievers.star.rules import FIELD_RELATION, RuleTable, field_groups

_CHUNK_PAIRS = 1 << 23  # event pairs expanded at once when enumerating
# Cost model for choosing dense vs enumeration per block (seconds per unit, measured on a 2-core x86 machine).
_ENUM_COST_PER_PAIR = 6e-8
_DENSE_COST_PER_CELL = 2e-9
_DENSE_OVERHEAD = 4e-4


@dataclass(frozen=True)
class SpanStats:
    """Sufficient statistics of T_uv for every Hamming-1 rule pair with at least one linked event pair.

    ``u < v`` are rule indices; ``field`` is the rule field they differ in (0 c_s, 1 relation, 2 c_o);
    ``n_spans`` = |T_uv|; ``span_sum`` = sum of |t' - t|; ``signed_sum`` = sum of (t_v - t_u), > 0 when v's events tend
    to follow u's."""

    u: np.ndarray
    v: np.ndarray
    field: np.ndarray
    n_spans: np.ndarray
    span_sum: np.ndarray
    signed_sum: np.ndarray

    def __len__(self) -> int:
        return int(self.u.shape[0])

    @property
    def mean_span(self) -> np.ndarray:
        return self.span_sum / np.maximum(self.n_spans, 1)


def edge_spans(
    events: EventArrays,
    supp_u: Sequence[int] | np.ndarray,
    supp_v: Sequence[int] | np.ndarray,
    *,
    window_days: int | None,
    max_event_hamming: int = 2,
) -> list[int]:
    """The signed spans t' - t of T_uv for one edge, by direct enumeration (O(|supp(u)| |supp(v)|)).

    The definition in executable form: used to show an edge's evidence and as the reference in tests."""
    out = []
    for f in supp_u:
        for g in supp_v:
            if f == g:
                continue
            d_h = (
                int(events.subject[f] != events.subject[g])
                + int(events.relation[f] != events.relation[g])
                + int(events.object[f] != events.object[g])
            )
            delta = int(events.day[g] - events.day[f])
            if d_h <= max_event_hamming and (window_days is None or abs(delta) <= window_days):
                out.append(delta)
    return out


_Part = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # u, v, T, S, G


def _aggregate(parts: list[tuple[_Part, int]], n_rules: int) -> _Part:
    """Sum (coefficient-weighted) statistics of equal (u, v) pairs."""
    parts = [(p, c) for p, c in parts if len(p[0])]
    if not parts:
        z = np.zeros(0, dtype=np.int64)
        return z, z.copy(), z.copy(), z.copy(), z.copy()
    key = np.concatenate([p[0] * n_rules + p[1] for p, _ in parts])
    t = np.concatenate([c * p[2] for p, c in parts])
    s = np.concatenate([c * p[3] for p, c in parts])
    g = np.concatenate([c * p[4] for p, c in parts])
    uniq, inv = np.unique(key, return_inverse=True)
    n = len(uniq)
    return (
        uniq // n_rules,
        uniq % n_rules,
        np.rint(np.bincount(inv, weights=t, minlength=n)).astype(np.int64),
        np.rint(np.bincount(inv, weights=s, minlength=n)).astype(np.int64),
        np.rint(np.bincount(inv, weights=g, minlength=n)).astype(np.int64),
    )


def _enumerate_pairs(
    rule: np.ndarray, event: np.ndarray, day: np.ndarray, idx: np.ndarray, lo: np.ndarray, hi: np.ndarray, n_rules: int
) -> list[tuple[_Part, int]]:
    """Expand membership i against memberships lo[i]..hi[i]-1 of its block (sorted by block, day), in chunks."""
    cnt = hi[idx] - lo[idx]
    out: list[tuple[_Part, int]] = []
    start = 0
    cum = np.cumsum(cnt)
    while start < len(idx):
        base = cum[start - 1] if start else 0
        stop = int(np.searchsorted(cum, base + _CHUNK_PAIRS, side="right"))
        stop = max(stop, start + 1)
        ii = idx[start:stop]
        c = cnt[start:stop]
        total = int(c.sum())
        i_rep = np.repeat(ii, c)
        first = np.repeat(np.cumsum(c) - c, c)
        j = np.repeat(lo[ii], c) + (np.arange(total, dtype=np.int64) - first)
        keep = (rule[i_rep] < rule[j]) & (event[i_rep] != event[j])
        i_rep, j = i_rep[keep], j[keep]
        delta = day[j] - day[i_rep]
        part = (rule[i_rep], rule[j], np.ones(len(j), dtype=np.int64), np.abs(delta), delta)
        out.append((_aggregate([(part, 1)], n_rules), 1))
        start = stop
    return out


def _dense_block(rule: np.ndarray, event: np.ndarray, day: np.ndarray, window: int | None) -> _Part:
    """All rule pairs of one block from day histograms and windowed prefix sums."""
    rules_b, local = np.unique(rule, return_inverse=True)
    k = len(rules_b)
    d0 = int(day.min())
    width = int(day.max()) - d0 + 1
    dd = day - d0
    h = np.bincount(local * width + dd, minlength=k * width).reshape(k, width).astype(np.float64)
    t_idx = np.arange(width, dtype=np.float64)
    cum = np.zeros((k, width + 1))
    np.cumsum(h, axis=1, out=cum[:, 1:])
    cum_j = np.zeros((k, width + 1))
    np.cumsum(h * t_idx, axis=1, out=cum_j[:, 1:])
    w = width if window is None else window
    pos = np.arange(width)
    lo = np.maximum(pos - w, 0)
    hi = np.minimum(pos + w + 1, width)
    right_n = cum[:, hi] - cum[:, pos]
    right_j = cum_j[:, hi] - cum_j[:, pos]
    left_n = cum[:, pos] - cum[:, lo]
    left_j = cum_j[:, pos] - cum_j[:, lo]
    win_n = right_n + left_n
    win_abs = (right_j - t_idx * right_n) + (t_idx * left_n - left_j)
    win_signed = (right_j - t_idx * right_n) - (t_idx * left_n - left_j)
    n_mat = h @ win_n.T
    abs_mat = h @ win_abs.T
    signed_mat = h @ win_signed.T
    # f = f': an event in two rules of this block is counted once as a (span 0) pair; remove it.
    order = np.argsort(event, kind="stable")
    ev_sorted, loc_sorted = event[order], local[order]
    for d in range(1, k):
        same = ev_sorted[d:] == ev_sorted[:-d]
        if not same.any():
            break
        a, b = loc_sorted[:-d][same], loc_sorted[d:][same]
        np.add.at(n_mat, (a, b), -1)
        np.add.at(n_mat, (b, a), -1)
    iu, ju = np.triu_indices(k, 1)
    t = np.rint(n_mat[iu, ju]).astype(np.int64)
    keep = t > 0
    return (
        rules_b[iu[keep]],
        rules_b[ju[keep]],
        t[keep],
        np.rint(abs_mat[iu, ju][keep]).astype(np.int64),
        np.rint(signed_mat[iu, ju][keep]).astype(np.int64),
    )


def _block_pair_stats(
    rule: np.ndarray, event: np.ndarray, block: np.ndarray, day: np.ndarray, window: int | None, n_rules: int
) -> _Part:
    """Sufficient statistics of linked pairs (same block, |dt| <= window, f != f') for all rule pairs in each block."""
    # Drop blocks holding a single rule: they have no rule pairs.
    pair_key = np.unique(block * n_rules + rule)
    rules_per_block = np.bincount(pair_key // n_rules, minlength=int(block.max()) + 1 if len(block) else 0)
    keep = rules_per_block[block] >= 2
    rule, event, block, day = rule[keep], event[keep], block[keep], day[keep]
    if not len(rule):
        return _aggregate([], n_rules)
    order = np.lexsort((day, block))
    rule, event, block, day = rule[order], event[order], block[order], day[order]
    _, block = np.unique(block, return_inverse=True)
    day_rel = day - day.min()
    w = int(day_rel.max()) + 1 if window is None else window
    stride = int(day_rel.max()) + 2 * w + 2
    x = block * stride + day_rel
    lo = np.searchsorted(x, x - w, side="left")
    hi = np.searchsorted(x, x + w, side="right")
    n_blocks = int(block.max()) + 1
    bounds = np.searchsorted(block, np.arange(n_blocks + 1))
    enum_cost = np.bincount(block, weights=(hi - lo).astype(np.float64), minlength=n_blocks) * _ENUM_COST_PER_PAIR
    k_b = np.bincount(np.unique(block * n_rules + rule) // n_rules, minlength=n_blocks).astype(np.float64)
    first_day = day_rel[bounds[:-1]]
    last_day = day_rel[bounds[1:] - 1]
    width = (last_day - first_day + 1).astype(np.float64)
    dense_cost = k_b * width * (3 * k_b + 12) * _DENSE_COST_PER_CELL + _DENSE_OVERHEAD
    dense = dense_cost < enum_cost
    parts: list[tuple[_Part, int]] = []
    enum_idx = np.flatnonzero(~dense[block])
    if len(enum_idx):
        parts.extend(_enumerate_pairs(rule, event, day, enum_idx, lo, hi, n_rules))
    for b in np.flatnonzero(dense):
        sl = slice(bounds[b], bounds[b + 1])
        parts.append((_dense_block(rule[sl], event[sl], day[sl], window), 1))
    return _aggregate(parts, n_rules)


def temporal_spans(
    events: EventArrays,
    table: RuleTable,
    *,
    window_days: int | None = 30,
    max_event_hamming: int = 2,
    on_progress: Callable[[str], None] | None = None,
) -> SpanStats:
    """|T_uv|, sum T_uv and the signed sum for every Hamming-1 rule pair with |T_uv| > 0 (see the module docstring)."""
    n_rules = len(table)
    mr, me = table.member_rule, table.member_event
    n_ent = max(len(events.entities), 1)
    s_of, o_of, day_of = events.subject[me], events.object[me], events.day[me]
    results = []
    for field in (0, 1, 2):
        group = field_groups(table, field)
        g = group[mr]
        r_shared = field != FIELD_RELATION
        need = max(0, 3 - max_event_hamming - int(r_shared))
        if need == 0:
            variants = [(g, 1)]
        elif need == 1:
            variants = [(g * n_ent + s_of, 1), (g * n_ent + o_of, 1), ((g * n_ent + s_of) * n_ent + o_of, -1)]
        elif need == 2:
            variants = [((g * n_ent + s_of) * n_ent + o_of, 1)]
        else:
            variants = []
        parts = []
        for block_key, coef in variants:
            _, block = np.unique(block_key, return_inverse=True)
            parts.append((_block_pair_stats(mr, me, block.reshape(-1), day_of, window_days, n_rules), coef))
        u, v, t, s, sg = _aggregate(parts, n_rules)
        keep = t > 0
        results.append((u[keep], v[keep], np.full(int(keep.sum()), field, dtype=np.int64), t[keep], s[keep], sg[keep]))
        if on_progress is not None:
            on_progress(f"spans: field {field} done, {int(keep.sum())} linked rule pairs")
    cols = [np.concatenate([r[i] for r in results]) for i in range(6)]
    return SpanStats(u=cols[0], v=cols[1], field=cols[2], n_spans=cols[3], span_sum=cols[4], signed_sum=cols[5])
