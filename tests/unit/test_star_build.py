"""build_rule_graph end to end on small hand-checkable TKGs, and StarConfig validation."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from star_tkg import HAND_EVENTS

from tkgrag.errors import ConfigError
from tkgrag.retrievers.star import StarConfig, build_rule_graph
from tkgrag.retrievers.star.rules import hamming

# P1 does a and b to P2 on each of days 0..9. RelSet P1 = RelSet P2 = {a, b}; with min_support 1.0 the patterns are
# (a,b), (a), (b) -> C0 = (a,b) first; k_type 1 labels both entities C0. Rules C0|a|C0, C0|b|C0 (10 events each).
PAIR_EVENTS = [("P1", rel, "P2", day) for day in range(10) for rel in ("a", "b")]


def test_aligned_edge_is_selected_with_hand_computed_numbers() -> None:
    # The two rules differ in r; every a/b pair shares subject P1 -> linked: T = 100 = N (10 x 10), all within 30 days.
    # sum |d - d'| over days 0..9 = 2 * sum_{k=1..9} k (10 - k) = 330 -> m = 3.3
    #   L_cov = log2 C(100, 100) = 0;  L_time = 100 [4.3 log2 4.3 - 3.3 log2 3.3] = 336.4511
    #   null = 100 log2 100 + 100 log2 31 = 664.3856 + 495.4196 = 1159.8052 -> saving 823.3541
    # Node codes: p_s(C0) = p_o(C0) = 1, p_r = 1/2 -> 1 bit each; dL = 2 + 1 + 1 - 823.3541 = -819.3541 < 0: accept.
    # Signed sum of (t_b - t_a) = 0 -> direction kept in rule order; weight "rate" = 100 / (100 + 330).
    g = build_rule_graph(PAIR_EVENTS, StarConfig(apriori_min_support=1.0, k_type=1))
    assert [r.key for r in g.rules] == ["C0|a|C0", "C0|b|C0"]
    assert g.rules[0].support == tuple(range(0, 20, 2))
    assert g.n_candidate_edges == 1 and g.n_linked_candidates == 1
    (e,) = g.edges
    assert (e.source, e.target, e.differs_in) == ("C0|a|C0", "C0|b|C0", "relation")
    assert (e.n_spans, e.span_sum, e.n_pairs) == (100, 330, 100)
    assert e.mean_span == pytest.approx(3.3)
    assert e.saving_bits == pytest.approx(1159.8052 - 336.4511, abs=1e-3)
    assert e.delta_bits == pytest.approx(4.0 - e.saving_bits)
    assert e.weight == pytest.approx(100 / 430) == e.rate
    assert g.rules_of_event(3) == ("C0|b|C0",)
    dl = g.description_length
    assert dl.total_after - dl.total_before == pytest.approx(e.delta_bits)


def test_edge_weight_options() -> None:
    base = StarConfig(apriori_min_support=1.0, k_type=1)
    (spans,) = build_rule_graph(PAIR_EVENTS, replace(base, edge_weight="spans")).edges
    (saving,) = build_rule_graph(PAIR_EVENTS, replace(base, edge_weight="saving")).edges
    (uniform,) = build_rule_graph(PAIR_EVENTS, replace(base, edge_weight="uniform")).edges
    assert spans.weight == 100
    assert saving.weight == pytest.approx(math.log2(1 + saving.saving_bits))
    assert uniform.weight == 1.0


def test_hand_tkg_builds_and_rejects_its_weak_edges() -> None:
    # Every linked candidate of the hand TKG has a single span (test_star_spans), saving < 6 bits, while any
    # insertion costs >= 2 bits of edge code + two node codes of > 4 bits (test_star_mdl): nothing is selected.
    g = build_rule_graph(HAND_EVENTS, StarConfig(apriori_min_support=0.4))
    assert len(g.rules) == 12 and g.n_candidate_edges == 14 and g.n_linked_candidates == 7
    assert g.edges == ()
    assert g.description_length.total_after == g.description_length.total_before
    assert set(g.timings) == {"encode", "labels", "rules", "candidates", "spans", "mdl", "assemble"}
    assert g.rules_of_event(4) == ("C1|z|C0", "C1|z|C1", "C2|z|C0", "C2|z|C1")


def test_selected_edges_join_hamming_one_rules() -> None:
    events = [(f"E{(i * 7) % 9}", f"r{i % 3}", f"E{(i * 5 + 1) % 9}", i % 12) for i in range(200)]
    g = build_rule_graph(events, StarConfig(apriori_min_support=0.2))
    assert g.edges, "this TKG has dense same-day patterns; some edges must pay off"
    by_key = {r.key: r for r in g.rules}
    for e in g.edges:
        assert hamming(by_key[e.source].triple, by_key[e.target].triple) == 1
        assert e.delta_bits < 0 and e.signed_mean_span >= 0


def test_config_validation_and_empty_input() -> None:
    with pytest.raises(ConfigError, match="restart"):
        StarConfig(restart=1.0)
    with pytest.raises(ConfigError, match="span_window_days"):
        StarConfig(span_window_days=-1)
    assert StarConfig().damping == pytest.approx(0.8)
    with pytest.raises(ValueError, match="no events"):
        build_rule_graph([])
