"""MDL code lengths (Eq. 5-7, Appendix B) and the greedy accept/reject decision, worked by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from star_tkg import HAND_EVENTS

from tkgrag.retrievers.star.events import encode_events
from tkgrag.retrievers.star.labels import label_entities
from tkgrag.retrievers.star.mdl import (
    edge_data_costs,
    geometric_code_length,
    log2_binomial,
    model_delta_bits,
    node_code_lengths,
    select_edges,
)
from tkgrag.retrievers.star.rules import map_events_to_rules, rule_nodes
from tkgrag.retrievers.star.spans import SpanStats, temporal_spans


def test_code_length_primitives() -> None:
    assert log2_binomial(4, 2) == pytest.approx(math.log2(6))
    assert log2_binomial(100, 100) == pytest.approx(0.0, abs=1e-9)
    # Geometric code, m = 1: T [(2) log2 2 - 1 log2 1] = 2 bits per span; all-zero spans cost nothing.
    assert geometric_code_length(3, 3) == pytest.approx(6.0)
    assert geometric_code_length(5, 0) == pytest.approx(0.0)
    # Large mean: tends to Eq. 6 in bits, T (log2 m + log2 e).
    assert geometric_code_length(1, 1e6) == pytest.approx(math.log2(1e6) + math.log2(math.e), abs=1e-5)


def test_model_delta_bits() -> None:
    # Empty model -> one edge: 2E log2 2E goes 0 -> 2 log2 2 = 2; both degrees 0 -> 1 (1 log2 1 = 0): +2 bits.
    assert model_delta_bits(0, 0, 0) == pytest.approx(2.0)
    # E 1 -> 2 (2 -> 4 log2 4 = 8: +6), endpoint degrees 1 -> 2 (+2) and 0 -> 1 (+0): 6 - 2 = 4, plus a new node.
    assert model_delta_bits(1, 1, 0, new_node_bits=10.0) == pytest.approx(14.0)


def _hand_setup():
    ev = encode_events(HAND_EVENTS)
    lab = label_entities(ev, min_support=0.4, k_type=2)
    table = map_events_to_rules(ev, lab)
    return ev, lab, table, [n.key for n in rule_nodes(table, ev, lab)]


def test_node_code_lengths_on_hand_tkg() -> None:
    # Subject label incidences (an event counts once per label of its subject): A (2 events) {C0,C1}, B (1) {C0,C2},
    # D (2) {C1,C2} -> C0 3, C1 4, C2 3 of 10. Objects: B (1) {C0,C2}, C (2) {C3}, E (1) {C2}, A (1) {C0,C1}
    # -> C0 2, C1 1, C2 2, C3 2 of 7. Relations: x 2/5, y 2/5, z 1/5.
    #   L(C0|y|C3) = -log2(3/10) - log2(2/5) - log2(2/7) = 1.736966 + 1.321928 + 1.807355 = 4.866249
    #   L(C1|z|C1) = -log2(4/10) - log2(1/5) - log2(1/7) = 1.321928 + 2.321928 + 2.807355 = 6.451211
    ev, lab, table, keys = _hand_setup()
    bits = dict(zip(keys, node_code_lengths(ev, lab, table).tolist(), strict=True))
    assert bits["C0|y|C3"] == pytest.approx(4.866249, abs=1e-6)
    assert bits["C1|z|C1"] == pytest.approx(6.451211, abs=1e-6)


def test_hand_edge_is_rejected() -> None:
    # Edge {C0|y|C3, C1|y|C3}: supports {1,2} x {1} -> N = 2, T_uv = {1} (test_star_spans), window 30:
    #   L_cov = log2 C(2,1) = 1;  L_time = 1 * [2 log2 2 - 1 log2 1] = 2
    #   null  = T log2 N + T log2(30 + 1) = 1 + 4.954196 = 5.954196  ->  saving sigma = 2.954196
    #   empty model: dL = 2 (edge code) + L(C0|y|C3) 4.866249 + L(C1|y|C3) 4.451211 - 2.954196 = 8.363264 > 0
    ev, lab, table, keys = _hand_setup()
    st = temporal_spans(ev, table, window_days=30)
    pick = [i for i in range(len(st)) if (keys[st.u[i]], keys[st.v[i]]) == ("C0|y|C3", "C1|y|C3")]
    one = SpanStats(*(getattr(st, f)[pick] for f in ("u", "v", "field", "n_spans", "span_sum", "signed_sum")))
    costs = edge_data_costs(one, table.support_sizes, max_span=30)
    assert costs.coverage[0] == pytest.approx(1.0)
    assert costs.time[0] == pytest.approx(2.0)
    assert costs.null[0] == pytest.approx(5.954196, abs=1e-6)
    assert costs.saving[0] == pytest.approx(2.954196, abs=1e-6)
    node_bits = node_code_lengths(ev, lab, table)
    res = select_edges(one.u, one.v, costs.saving, costs.null, node_bits)
    assert res.selected.tolist() == []
    dl = model_delta_bits(0, 0, 0, node_bits[one.u[0]] + node_bits[one.v[0]]) - costs.saving[0]
    assert dl == pytest.approx(8.363264, abs=1e-6)


def test_coverage_null_none_cancels_the_coverage_term() -> None:
    st = SpanStats(*(np.array([x]) for x in (0, 1, 0, 4, 6, 0)))
    sizes = np.array([2, 3])
    pairwise = edge_data_costs(st, sizes, max_span=30)
    none = edge_data_costs(st, sizes, max_span=30, coverage_null="none")
    # N = 6, T = 4, S = 6 (m = 1.5): saving(none) = 4 log2 31 - 4 [2.5 log2 2.5 - 1.5 log2 1.5];
    # pairwise adds T log2 N - log2 C(6, 4) = 4 log2 6 - log2 15.
    time_saving = 4 * math.log2(31) - 4 * (2.5 * math.log2(2.5) - 1.5 * math.log2(1.5))
    assert none.saving[0] == pytest.approx(time_saving)
    assert pairwise.saving[0] == pytest.approx(time_saving + 4 * math.log2(6) - math.log2(15))


def test_greedy_passes_accept_and_reject_by_hand() -> None:
    # Nodes 0..3 with L = 10, 12, 10, 12 bits. Candidates (fixed order = saving descending):
    #   e0 {0,1} sigma 27.8: empty M: edge code +2, nodes 22 -> dL = 24 - 27.8 = -3.8       accept (pass 1)
    #   e1 {2,3} sigma 20:   E 1 -> 2: 4 log2 4 - 2 log2 2 = 6, degrees 0 -> 1: 0; nodes 22 -> 28 - 20 = +8  reject
    #   e2 {1,2} sigma 19:   edge code 8 - 2 - (2 log2 2 - 0) = 4; node 2 new: 10 -> 14 - 19 = -5  accept (pass 1)
    # pass 2: e1 {2,3}: E 2 -> 3: 6 log2 6 - 8 = 7.509775, deg(2) 1 -> 2: -2, deg(3) 0 -> 1: 0 -> 5.509775;
    #   node 3 new: 12 -> 17.509775 - 20 = -2.490225 accept.   pass 3: nothing left -> stop (3 passes).
    # Model after: nodes 44 + edge code 6 log2 6 - (2 log2 2 + 2 log2 2) = 15.509775 - 4 = 11.509775.
    u = np.array([0, 2, 1])
    v = np.array([1, 3, 2])
    saving = np.array([27.8, 20.0, 19.0])
    null = np.array([40.0, 30.0, 30.0])
    res = select_edges(u, v, saving, null, np.array([10.0, 12.0, 10.0, 12.0]), constant_bits=5.0)
    assert res.selected.tolist() == [0, 2, 1]
    assert res.delta_bits.tolist() == pytest.approx([-3.8, -5.0, -2.490225], abs=1e-6)
    assert res.passes == 3
    assert res.model_bits_before == 5.0
    assert res.model_bits_after == pytest.approx(5.0 + 44.0 + 11.509775, abs=1e-6)
    assert res.data_bits_before == pytest.approx(100.0)
    assert res.data_bits_after == pytest.approx(100.0 - 66.8)
    assert res.total_bits_after - res.total_bits_before == pytest.approx(sum(res.delta_bits))
