"""``auto``'s hybrid plan where a fitted router exists (``planner.hybrid``): the label-free rules keep what they are
sure of and say so, the router decides the rest; exact plans from feature values worked out by hand."""

from __future__ import annotations

import math

from tests.unit.test_planner import MIXED, inventory
from tkgrag.model import ItemKind
from tkgrag.planning.planner import ROUTER, RULES, SURE, TRUSTED, QuestionSignals, hybrid, plan

E, F, P, C = ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK
ALL = frozenset({E, F, P, C})
PASSAGE_LIKE = {"event": 0.05, "fact": 0.15, "passage": 0.75, "none": 0.05}
SAID = "event 0.05, fact 0.15, passage 0.75, none 0.05"
TO_EVENTS = QuestionSignals('time "2014"', linked_events=12, linked_facts=3, states_time=True)  # rule 3: events
TO_FACTS = QuestionSignals('time "1998"', linked_events=0, linked_facts=40, states_time=True)  # rule 3: facts
TIMELESS = QuestionSignals()  # rule 2: every kind, fused


def test_the_defaults_chosen_on_the_held_out_rows() -> None:
    assert frozenset({E}) == TRUSTED and math.inf == SURE  # auto-4/hybrid.md: the lead never beat the router


def test_rule_3_to_events_is_kept_before_any_calibration() -> None:
    kinds, why, dropped, who = hybrid(TO_EVENTS, ALL, PASSAGE_LIKE, {E: 0.2, P: 0.9})
    assert (kinds, dropped, who) == ((E,), [], RULES)
    assert why == (
        'label-free rule, before any calibration: a temporal question (time "2014") whose linked entities take part '
        "in 12 events and 3 facts"
    )


def test_rule_3_to_facts_is_not_trusted_the_router_decides() -> None:
    cal = {E: 0.1, F: 0.6, P: 0.8, C: 0.5}
    kinds, why, dropped, who = hybrid(TO_FACTS, ALL, PASSAGE_LIKE, cal)
    assert (kinds, who) == ((P,), ROUTER)
    assert dropped == [(C, "calibrated 0.50 < best 0.80 - 0.1")]
    assert why == (
        f"the fitted router ({SAID}): passages; chunks (no labels) against them by the calibrated value (the "
        "label-free rules were not sure: they chose facts alone, a kind they are not trusted for)"
    )
    # trusted for facts too: rule 3 keeps facts
    kinds, _, _, who = hybrid(TO_FACTS, ALL, PASSAGE_LIKE, cal, trusted=frozenset({E, F}))
    assert (kinds, who) == ((F,), RULES)


def test_a_fused_plan_is_kept_when_its_best_kind_leads_by_sure() -> None:
    # rule 2 fuses all four; best passages 0.95, next chunks 0.55: a lead of 0.40
    cal = {E: 0.2, F: 0.3, P: 0.95, C: 0.55}
    kinds, why, dropped, who = hybrid(
        TIMELESS, ALL, {"event": 0.9, "fact": 0.05, "passage": 0.03, "none": 0.02}, cal, sure=0.3
    )
    assert (kinds, who) == ((P,), RULES)
    assert dropped == [
        (E, "calibrated 0.20 < best 0.95 - 0.1"),
        (F, "calibrated 0.30 < best 0.95 - 0.1"),
        (C, "calibrated 0.55 < best 0.95 - 0.1"),
    ]
    assert why == (
        "label-free rule, the best calibrated kind leads the next by 0.40 >= 0.3: no temporal signal over a mixed "
        "store (events, facts, passages, chunks): every kind, fused"
    )
    # a lead of 0.40 below sure 0.5: the router picks events (p 0.9), then chunks against them by the calibrated value
    routed = {"event": 0.9, "fact": 0.05, "passage": 0.03, "none": 0.02}
    kinds, why, dropped, who = hybrid(TIMELESS, ALL, routed, cal, sure=0.5)
    assert (kinds, who) == ((C,), ROUTER)  # chunks 0.55 > events 0.20 + 0.1: chunks replace events
    assert dropped == [(E, "calibrated 0.20 < best 0.55 - 0.1")]
    assert why.endswith("(the label-free rules were not sure: lead 0.40 < 0.5)")
    assert hybrid(TIMELESS, ALL, routed, {E: 0.2, F: None, P: None, C: None}, sure=0.5)[1].endswith(
        "(the label-free rules were not sure: no lead)"
    )
    # the default (no lead rule): the router
    _, why, _, who = hybrid(TIMELESS, ALL, routed, cal)
    assert who == ROUTER and why.endswith("(the label-free rules were not sure: they would fuse several kinds)")


def test_the_plan_says_who_decided_and_asks_the_router_only_when_needed() -> None:
    asked: list[int] = []

    def route() -> tuple[dict[str, float], dict[ItemKind, float | None]]:
        asked.append(1)
        return PASSAGE_LIKE, {E: 0.1, F: 0.6, P: 0.8, C: 0.5}

    p = plan(TO_EVENTS, inventory(MIXED), route=route, router="r")
    assert asked == [] and p.kinds == (E,) and p.decided == RULES and p.router == "r"
    assert p.routed == () and p.calibrated == ()  # nothing measured
    assert p.lines()[:2] == [
        'auto: label-free rule, before any calibration: a temporal question (time "2014") whose linked entities take '
        "part in 12 events and 3 facts",
        "auto: the kinds were decided by the label-free rules",
    ]
    assert p.as_dict()["decided"] == "rules"

    p = plan(TO_FACTS, inventory(MIXED), route=route, router="r")
    assert asked == [1] and p.kinds == (P,) and p.decided == ROUTER
    assert p.calibrated == ((E, 0.1), (F, 0.6), (P, 0.8), (C, 0.5))
    assert p.lines()[1:3] == [
        f"auto: fitted router r (labelled training questions): {SAID}",
        "auto: the kinds were decided by the fitted router r",
    ]
    # the router alone (sure=None, ``router="fitted"``): it decides even rule 3's events
    p = plan(TO_EVENTS, inventory(MIXED), route=route, router="r", sure=None)
    assert asked == [1, 1] and p.kinds == (P,) and p.decided == ROUTER
    assert p.why == f"the fitted router ({SAID}): passages; chunks (no labels) against them by the calibrated value"


def test_without_a_measure_the_plan_is_the_label_free_one() -> None:
    p = plan(TIMELESS, inventory(MIXED), route=lambda: None, router="r", calibrate=lambda kinds: {E: 0.9, F: 0.2})
    assert p.kinds == (E, P, C) and p.decided == "" and p.router == ""  # facts dropped: 0.2 < 0.9 - 0.1
    assert p.dropped == ((F, "calibrated 0.20 < best 0.90 - 0.1"),)
    # one kind wanted: rule 1, no router
    one = plan(TO_EVENTS, inventory(MIXED), wanted=frozenset({F}), route=lambda: None, router="r")
    assert one.kinds == (F,) and one.decided == "" and one.why == "the store holds only facts"
