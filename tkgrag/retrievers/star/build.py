"""Rule graph construction (STAR-RAG Alg. 1 lines 1-7): labeling -> rules -> candidates -> spans -> MDL.

Takes plain events, returns a plain :class:`RuleGraph`; storing it in Neo4j and running PPR are the caller's job.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.events import EventArrays, EventLike, as_event_arrays
from tkgrag.retrievers.star.labels import EntityLabels, label_entities
from tkgrag.retrievers.star.mdl import (
    edge_data_costs,
    model_constant_bits,
    node_code_lengths,
    select_edges,
)
from tkgrag.retrievers.star.rules import (
    FIELD_NAMES,
    RuleNode,
    count_candidate_edges,
    map_events_to_rules,
    rule_nodes,
)
from tkgrag.retrievers.star.spans import temporal_spans


@dataclass(frozen=True)
class RuleEdge:
    """A selected rule edge, directed from the rule whose linked events tend to come first (signed span sum >= 0;
    ties keep rule order). Project it UNDIRECTED to let PPR flow both ways in time.

    T_uv is summarized by its sufficient statistics: ``n_spans`` = |T_uv|, ``span_sum`` = sum of |t' - t| (days);
    ``rate`` = 1 / (1 + mean span), the geometric MLE of a follow-up on a given day (discrete lambda_uv);
    ``signed_mean_span`` = mean of t_target - t_source (>= 0). ``saving_bits`` = data bits the edge saves (sigma);
    ``delta_bits`` = dL when it was inserted (< 0). ``differs_in`` = the rule field the two rules differ in."""

    source: str
    target: str
    weight: float
    n_spans: int
    span_sum: int
    mean_span: float
    rate: float
    signed_mean_span: float
    n_pairs: int
    saving_bits: float
    delta_bits: float
    differs_in: str


@dataclass(frozen=True)
class DescriptionLength:
    """L(G, M) = L(M) + L(G | M) in bits, for the empty model and the selected one (Eq. 3)."""

    model_before: float
    data_before: float
    model_after: float
    data_after: float
    passes: int

    @property
    def total_before(self) -> float:
        return self.model_before + self.data_before

    @property
    def total_after(self) -> float:
        return self.model_after + self.data_after


@dataclass(frozen=True)
class RuleGraph:
    """The summary graph M. ``rules[i].support`` indexes the input events; ``event_rules[f]`` = indices into ``rules``
    of the rules event f maps to (phi(s, r, o)). ``n_candidate_edges`` = |W|; ``n_linked_candidates`` = candidates
    with |T_uv| > 0. ``timings`` = seconds per stage."""

    rules: tuple[RuleNode, ...]
    edges: tuple[RuleEdge, ...]
    labels: EntityLabels
    event_rules: tuple[tuple[int, ...], ...]
    n_candidate_edges: int
    n_linked_candidates: int
    description_length: DescriptionLength
    config: StarConfig
    timings: dict[str, float] = field(default_factory=dict)

    def rules_of_event(self, event: int) -> tuple[str, ...]:
        return tuple(self.rules[i].key for i in self.event_rules[event])

    def support_sizes(self) -> dict[str, int]:
        return {r.key: len(r.support) for r in self.rules}


def _edge_weights(kind: str, n_spans: np.ndarray, span_sum: np.ndarray, saving: np.ndarray) -> np.ndarray:
    t = n_spans.astype(np.float64)
    if kind == "rate":
        return np.asarray(t / (t + span_sum))
    if kind == "saving":
        return np.asarray(np.log2(1.0 + np.maximum(saving, 0.0)))
    if kind == "spans":
        return t
    if kind == "uniform":
        return np.ones_like(t)
    raise ValueError(f"unknown edge weight {kind!r} (rate, saving, spans, uniform)")


def build_rule_graph(
    events: EventArrays | Sequence[EventLike],
    config: StarConfig | None = None,
    *,
    on_stage: Callable[[str, float], None] | None = None,
) -> RuleGraph:
    """Build the STAR-RAG rule graph from events ``(subject, relation, object, day)``.

    ``on_stage(name, seconds)`` is called after each stage (labels, rules, candidates, spans, mdl, assemble) so a
    caller can show progress."""
    cfg = config or StarConfig()
    timings: dict[str, float] = {}
    clock = time.perf_counter()

    def stage(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        timings[name] = now - clock
        clock = now
        if on_stage is not None:
            on_stage(name, timings[name])

    ev = as_event_arrays(events)
    if len(ev) == 0:
        raise ValueError("build_rule_graph: no events given; load events before building the rule graph")
    stage("encode")
    labels = label_entities(
        ev,
        min_support=cfg.apriori_min_support,
        max_length=cfg.max_pattern_length,
        k_type=cfg.k_type,
        type_order=cfg.type_order,
    )
    stage("labels")
    table = map_events_to_rules(ev, labels)
    stage("rules")
    n_candidates = count_candidate_edges(table)
    stage("candidates")
    spans = temporal_spans(ev, table, window_days=cfg.span_window_days, max_event_hamming=cfg.max_event_hamming)
    stage("spans")
    max_span = cfg.span_window_days if cfg.span_window_days is not None else int(ev.day.max() - ev.day.min())
    sizes = table.support_sizes
    costs = edge_data_costs(spans, sizes, max_span, cfg.mdl_coverage_null)
    saving = costs.saving
    result = select_edges(
        spans.u,
        spans.v,
        saving,
        costs.null,
        node_code_lengths(ev, labels, table),
        constant_bits=model_constant_bits(len(labels.types), len(ev.relations), n_candidates),
        max_passes=cfg.mdl_max_passes,
    )
    stage("mdl")
    sel = result.selected
    weights = _edge_weights(cfg.edge_weight, spans.n_spans[sel], spans.span_sum[sel], saving[sel])
    nodes = rule_nodes(table, ev, labels)
    edges = []
    for k, i in enumerate(sel.tolist()):
        u, v = int(spans.u[i]), int(spans.v[i])
        t, s, g = int(spans.n_spans[i]), int(spans.span_sum[i]), int(spans.signed_sum[i])
        src, dst = (u, v) if g >= 0 else (v, u)
        edges.append(
            RuleEdge(
                source=nodes[src].key,
                target=nodes[dst].key,
                weight=float(weights[k]),
                n_spans=t,
                span_sum=s,
                mean_span=s / t,
                rate=t / (t + s),
                signed_mean_span=abs(g) / t,
                n_pairs=int(costs.n_pairs[i]),
                saving_bits=float(saving[i]),
                delta_bits=float(result.delta_bits[k]),
                differs_in=FIELD_NAMES[int(spans.field[i])],
            )
        )
    order = np.lexsort((table.member_rule, table.member_event))
    ev_sorted, rule_sorted = table.member_event[order], table.member_rule[order].tolist()
    cuts = np.searchsorted(ev_sorted, np.arange(len(ev) + 1)).tolist()
    event_rules = tuple(tuple(rule_sorted[cuts[f] : cuts[f + 1]]) for f in range(len(ev)))
    stage("assemble")
    return RuleGraph(
        rules=tuple(nodes),
        edges=tuple(edges),
        labels=labels,
        event_rules=event_rules,
        n_candidate_edges=n_candidates,
        n_linked_candidates=len(spans),
        description_length=DescriptionLength(
            model_before=result.model_bits_before,
            data_before=result.data_bits_before,
            model_after=result.model_bits_after,
            data_after=result.data_bits_after,
            passes=result.passes,
        ),
        config=cfg,
        timings=timings,
    )
