"""Temporal spans T_uv (Sec. 3.2): hand-worked cases, and the fast block computation against direct enumeration."""

from __future__ import annotations

import random

import pytest
from star_tkg import HAND_EVENTS

from tkgrag.retrievers.star import spans as spans_mod
from tkgrag.retrievers.star.events import encode_events
from tkgrag.retrievers.star.labels import label_entities
from tkgrag.retrievers.star.rules import candidate_edges, map_events_to_rules, rule_nodes
from tkgrag.retrievers.star.spans import edge_spans, temporal_spans


def _hand_spans(window: int | None, max_event_hamming: int = 2) -> dict[tuple[str, str], tuple[int, int, int]]:
    ev = encode_events(HAND_EVENTS)
    lab = label_entities(ev, min_support=0.4, k_type=2)
    table = map_events_to_rules(ev, lab)
    nodes = rule_nodes(table, ev, lab)
    st = temporal_spans(ev, table, window_days=window, max_event_hamming=max_event_hamming)
    return {
        (nodes[u].key, nodes[v].key): (int(t), int(s), int(g))
        for u, v, t, s, g in zip(st.u, st.v, st.n_spans, st.span_sum, st.signed_sum, strict=True)
    }


def test_hand_spans_unbounded() -> None:
    # Supports (test_star_rules): C0|x|C2 {0}, C1|x|C2 {0,3}, C2|x|C2 {3}, C1|x|C0 {0}, C0|y|C3 {1,2},
    # C1|y|C3 {1}, C2|y|C3 {2}, the z rules all {4}. Days: ev0 1, ev1 2, ev2 3, ev3 4, ev4 5.
    # Same-relation pairs are always similar (d_H <= 2); f = f' is not a pair:
    #   C0|x|C2 {0} x C1|x|C2 {0,3}: (0,3) -> span 3, signed t_v - t_u = 4 - 1 = +3
    #   C0|x|C2 {0} x C2|x|C2 {3}: (0,3) -> 3, +3;   C1|x|C2 {0,3} x C2|x|C2 {3}: (0,3) -> 3, +3 ((3,3) is f = f')
    #   C1|x|C0 {0} x C1|x|C2 {0,3}: (0,3) -> 3, +3
    #   C0|y|C3 {1,2} x C1|y|C3 {1}: (2,1) -> 1, signed 2 - 3 = -1
    #   C0|y|C3 {1,2} x C2|y|C3 {2}: (1,2) -> 1, +1;  C1|y|C3 {1} x C2|y|C3 {2}: (1,2) -> 1, +1
    # Pairs of supports {0}x{0} or {4}x{4} only hold f = f': no span. C1|x|C0 {0} x C1|z|C0 {4}: (A,x,B) vs
    # (D,z,A) differ in all three fields, d_H = 3 > 2: no span.
    assert _hand_spans(None) == {
        ("C0|x|C2", "C1|x|C2"): (1, 3, 3),
        ("C0|x|C2", "C2|x|C2"): (1, 3, 3),
        ("C1|x|C2", "C2|x|C2"): (1, 3, 3),
        ("C1|x|C0", "C1|x|C2"): (1, 3, 3),
        ("C0|y|C3", "C1|y|C3"): (1, 1, -1),
        ("C0|y|C3", "C2|y|C3"): (1, 1, 1),
        ("C1|y|C3", "C2|y|C3"): (1, 1, 1),
    }


def test_hand_spans_window_drops_far_pairs() -> None:
    # A 2-day window keeps the 1-day y spans and drops the 3-day x spans.
    assert _hand_spans(2) == {
        ("C0|y|C3", "C1|y|C3"): (1, 1, -1),
        ("C0|y|C3", "C2|y|C3"): (1, 1, 1),
        ("C1|y|C3", "C2|y|C3"): (1, 1, 1),
    }


def test_hand_spans_stricter_event_similarity() -> None:
    # d_H <= 1: same-relation events must also share subject or object. (A,y,C)/(B,y,C) share C: kept.
    # (A,x,B)/(D,x,E) share only x: dropped.
    assert set(_hand_spans(None, max_event_hamming=1)) == {
        ("C0|y|C3", "C1|y|C3"),
        ("C0|y|C3", "C2|y|C3"),
        ("C1|y|C3", "C2|y|C3"),
    }


@pytest.mark.parametrize("path", ["dense", "enumerate", "auto"])
@pytest.mark.parametrize("window", [0, 5, None])
@pytest.mark.parametrize("max_event_hamming", [0, 1, 2, 3])
def test_block_computation_equals_direct_enumeration(
    path: str, window: int | None, max_event_hamming: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Independent reference: edge_spans enumerates supp(u) x supp(v) and applies the definition literally.
    if path == "dense":
        monkeypatch.setattr(spans_mod, "_ENUM_COST_PER_PAIR", 1.0)
        monkeypatch.setattr(spans_mod, "_DENSE_COST_PER_CELL", 0.0)
        monkeypatch.setattr(spans_mod, "_DENSE_OVERHEAD", 0.0)
    elif path == "enumerate":
        monkeypatch.setattr(spans_mod, "_ENUM_COST_PER_PAIR", 0.0)
    rng = random.Random(7 + max_event_hamming)
    ents = [f"e{i}" for i in range(12)]
    rels = [f"r{i}" for i in range(5)]
    events = [(rng.choice(ents), rng.choice(rels), rng.choice(ents), rng.randint(0, 60)) for _ in range(150)]
    ev = encode_events(events)
    table = map_events_to_rules(ev, label_entities(ev, min_support=0.3, k_type=2))
    st = temporal_spans(ev, table, window_days=window, max_event_hamming=max_event_hamming)
    got = {
        (int(u), int(v)): (int(t), int(s), int(g), int(f))
        for u, v, t, s, g, f in zip(st.u, st.v, st.n_spans, st.span_sum, st.signed_sum, st.field, strict=True)
    }
    expected = {}
    for u, v, f in zip(*candidate_edges(table), strict=True):
        d = edge_spans(ev, table.support(u), table.support(v), window_days=window, max_event_hamming=max_event_hamming)
        if d:
            expected[(int(u), int(v))] = (len(d), sum(abs(x) for x in d), sum(d), int(f))
    assert len(expected) >= (2 if max_event_hamming == 0 else 5)  # the random TKG does exercise edges
    assert got == expected
