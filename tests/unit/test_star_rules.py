"""Rule nodes, supports (Eq. 1) and Hamming-1 candidate edges (Eq. 2) on the hand-made TKG."""

from __future__ import annotations

import pytest
from star_tkg import HAND_EVENTS

from tkgrag.retrievers.star.events import encode_events
from tkgrag.retrievers.star.labels import label_entities
from tkgrag.retrievers.star.rules import (
    FIELD_NAMES,
    candidate_edges,
    count_candidate_edges,
    hamming,
    map_events_to_rules,
    rule_key,
    rule_nodes,
)


def _rules():
    ev = encode_events(HAND_EVENTS)
    lab = label_entities(ev, min_support=0.4, k_type=2)
    table = map_events_to_rules(ev, lab)
    return table, rule_nodes(table, ev, lab)


def test_rule_supports() -> None:
    # Labels (test_star_labels): A {C0,C1}, B {C0,C2}, C {C3}, D {C1,C2}, E {C2}; phi(s,r,o) = C(s) x {r} x C(o):
    #   ev0 (A,x,B): C0|x|C0 C0|x|C2 C1|x|C0 C1|x|C2      ev1 (A,y,C): C0|y|C3 C1|y|C3
    #   ev2 (B,y,C): C0|y|C3 C2|y|C3                      ev3 (D,x,E): C1|x|C2 C2|x|C2
    #   ev4 (D,z,A): C1|z|C0 C1|z|C1 C2|z|C0 C2|z|C1
    _, nodes = _rules()
    assert {n.key: n.support for n in nodes} == {
        "C0|x|C0": (0,),
        "C0|x|C2": (0,),
        "C1|x|C0": (0,),
        "C1|x|C2": (0, 3),
        "C0|y|C3": (1, 2),
        "C1|y|C3": (1,),
        "C2|y|C3": (2,),
        "C2|x|C2": (3,),
        "C1|z|C0": (4,),
        "C1|z|C1": (4,),
        "C2|z|C0": (4,),
        "C2|z|C1": (4,),
    }
    node = next(n for n in nodes if n.key == "C1|x|C2")
    assert (node.c_s, node.relation, node.c_o) == ("C1", "x", "C2")
    assert rule_key("C1", "x", "C2") == "C1|x|C2"


def test_hamming_distance() -> None:
    assert hamming(("C0", "x", "C2"), ("C0", "x", "C2")) == 0
    assert hamming(("C0", "x", "C2"), ("C1", "x", "C2")) == 1
    assert hamming(("C0", "x", "C2"), ("C1", "y", "C3")) == 3
    with pytest.raises(ValueError, match="triples"):
        hamming(("a", "b"), ("a", "b", "c"))


def test_hamming_one_candidate_edges() -> None:
    # Groups of rules equal in two fields (pairs within a group differ in the third):
    #   differ in c_o, group (c_s, r): (C0,x) {C0|x|C0, C0|x|C2}; (C1,x) {C1|x|C0, C1|x|C2};
    #       (C1,z) {C1|z|C0, C1|z|C1}; (C2,z) {C2|z|C0, C2|z|C1}                                  -> 4 pairs
    #   differ in c_s, group (r, c_o): (x,C0) 2 rules -> 1; (x,C2) {C0,C1,C2}|x|C2 -> 3; (y,C3) 3 rules -> 3;
    #       (z,C0) 1; (z,C1) 1                                                                   -> 9 pairs
    #   differ in r, group (c_s, c_o): only (C1,C0) {C1|x|C0, C1|z|C0}                            -> 1 pair
    table, nodes = _rules()
    u, v, field = candidate_edges(table)
    got = {(nodes[a].key, nodes[b].key, FIELD_NAMES[f]) for a, b, f in zip(u, v, field, strict=True)}
    assert got == {
        ("C0|x|C0", "C0|x|C2", "c_o"),
        ("C1|x|C0", "C1|x|C2", "c_o"),
        ("C1|z|C0", "C1|z|C1", "c_o"),
        ("C2|z|C0", "C2|z|C1", "c_o"),
        ("C0|x|C0", "C1|x|C0", "c_s"),
        ("C0|x|C2", "C1|x|C2", "c_s"),
        ("C0|x|C2", "C2|x|C2", "c_s"),
        ("C1|x|C2", "C2|x|C2", "c_s"),
        ("C0|y|C3", "C1|y|C3", "c_s"),
        ("C0|y|C3", "C2|y|C3", "c_s"),
        ("C1|y|C3", "C2|y|C3", "c_s"),
        ("C1|z|C0", "C2|z|C0", "c_s"),
        ("C1|z|C1", "C2|z|C1", "c_s"),
        ("C1|x|C0", "C1|z|C0", "relation"),
    }
    assert len(u) == count_candidate_edges(table) == 14
    assert all(hamming(nodes[a].triple, nodes[b].triple) == 1 for a, b in zip(u, v, strict=True))
