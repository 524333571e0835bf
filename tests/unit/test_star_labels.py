"""Entity labeling (Alg. 2) on the hand-made TKG of star_tkg.py."""

from __future__ import annotations

from datetime import date

import pytest
from star_tkg import HAND_EVENTS

from tkgrag.retrievers.star import labels as labels_mod
from tkgrag.retrievers.star.events import EventInputError, StarEvent, encode_events
from tkgrag.retrievers.star.labels import label_entities, relation_sets


def test_relation_sets_cover_subject_and_object_positions() -> None:
    ev = encode_events(HAND_EVENTS)
    got = {ev.entities[e]: {ev.relations[r] for r in rs} for e, rs in enumerate(relation_sets(ev))}
    assert got == {"A": {"x", "y", "z"}, "B": {"x", "y"}, "C": {"y"}, "D": {"x", "z"}, "E": {"x"}}


def test_apriori_types_and_first_k_type_labels() -> None:
    # 5 transactions, min_support 0.4 -> an itemset needs >= 2 entities.
    #   singletons: x {A,B,D,E}=4, y {A,B,C}=3, z {A,D}=2           all frequent
    #   pairs: {x,y} {A,B}=2 yes, {x,z} {A,D}=2 yes, {y,z} {A}=1 no;  {x,y,z}: 1 no
    # "specific" order (longer first, then support, then names): (x,y) (x,z) (x) (y) (z) -> C0..C4
    lab = label_entities(HAND_EVENTS, min_support=0.4, k_type=2)
    assert [(t.type_id, t.relations, t.support, t.frequent) for t in lab.types] == [
        ("C0", ("x", "y"), 2, True),
        ("C1", ("x", "z"), 2, True),
        ("C2", ("x",), 4, True),
        ("C3", ("y",), 3, True),
        ("C4", ("z",), 2, True),
    ]
    # First K_type=2 patterns contained in each RelSet, in sorted order:
    #   A {x,y,z} matches C0,C1,C2,C3,C4 -> C0,C1;  B {x,y} -> C0,C2(,C3);  C {y} -> C3
    #   D {x,z} -> C1,C2(,C4);  E {x} -> C2
    assert lab.as_dict() == {"A": ("C0", "C1"), "B": ("C0", "C2"), "C": ("C3",), "D": ("C1", "C2"), "E": ("C2",)}
    assert lab.labels_of("D") == ("C1", "C2")
    with pytest.raises(KeyError, match="'Z'"):
        lab.labels_of("Z")


def test_k_type_one_keeps_the_best_pattern() -> None:
    lab = label_entities(HAND_EVENTS, min_support=0.4, k_type=1)
    assert lab.as_dict() == {"A": ("C0",), "B": ("C0",), "C": ("C3",), "D": ("C1",), "E": ("C2",)}


def test_frequent_order_sorts_by_support_first() -> None:
    # (-support, -length, names): (x)4 (y)3 (x,y)2 (x,z)2 (z)2 -> C0..C4
    lab = label_entities(HAND_EVENTS, min_support=0.4, k_type=2, type_order="frequent")
    assert [t.relations for t in lab.types] == [("x",), ("y",), ("x", "y"), ("x", "z"), ("z",)]
    # A {x,y,z} -> C0 (x), C1 (y);  D {x,z} -> C0 (x), C3 (x,z)
    assert lab.labels_of("A") == ("C0", "C1")
    assert lab.labels_of("D") == ("C0", "C3")


def test_fallback_to_whole_relset_when_nothing_is_frequent() -> None:
    # min_support 0.8 -> >= 4 of 5 entities: only (x) (A,B,D,E). C's RelSet {y} holds no frequent pattern, so C
    # gets a fallback type for its whole RelSet, numbered after the Apriori types.
    lab = label_entities(HAND_EVENTS, min_support=0.8, k_type=2)
    assert [(t.type_id, t.relations, t.support, t.frequent) for t in lab.types] == [
        ("C0", ("x",), 4, True),
        ("C1", ("y",), 1, False),
    ]
    assert lab.as_dict() == {"A": ("C0",), "B": ("C0",), "C": ("C1",), "D": ("C0",), "E": ("C0",)}


def test_scan_path_for_large_relsets_gives_the_same_labels(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = label_entities(HAND_EVENTS, min_support=0.4, k_type=2).as_dict()
    monkeypatch.setattr(labels_mod, "_ENUMERATE_LIMIT", 0)  # every entity scans the sorted patterns instead
    assert label_entities(HAND_EVENTS, min_support=0.4, k_type=2).as_dict() == expected


def test_events_accept_dates_and_dataclasses_and_reject_bad_fields() -> None:
    ev = encode_events([StarEvent("A", "x", "B", date(2014, 1, 2)), ("B", "y", "A", 735235)])
    assert ev.day.tolist() == [date(2014, 1, 2).toordinal(), 735235]
    with pytest.raises(EventInputError, match=r"event #1: field 'relation'"):
        encode_events([("A", "x", "B", 1), ("A", "", "B", 1)])
    with pytest.raises(EventInputError, match=r"event #0: field 'day'"):
        encode_events([("A", "x", "B", "2014-01-01")])  # type: ignore[list-item]
