"""Constructions of the fourth blind phrasing set (issue 29, h29f): "both X and Y" in a time question is two actors
doing the same event in the same period ("On which day did both X and Y negotiate with Z?"). Each case failed before
its fix; the guards keep readings that must not change."""

from __future__ import annotations

import pytest

from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("On which day did both Barack Obama and Iraq sit down to negotiate with François Hollande?", "same-day"),
        ("On which day did both Trinidad and Tobago and Mexico receive a visit from Xi Jinping?", "same-day"),
        ("When did Xi Jinping visit both Mexico and Cuba?", "same-day"),
        ("In which month did both Iran and Iraq negotiate with China?", "same-month"),
        ("In what year did both Iran and Iraq criticise China?", "same-year"),
    ],
)
def test_both_x_and_y_in_a_time_question_is_a_bare_same_period_anchor(question: str, relation: str) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.text == "" and anchor.relation is AnchorRelation(relation)
    assert "both" not in tq.relation_phrase.lower().split()


@pytest.mark.parametrize(
    "question",
    [
        "Who visited both Mexico and Cuba in 2014?",  # an entity answer: "both" is no time anchor
        "When did Iran and Iraq negotiate with China on the same day?",  # an anchor of its own already
        "On which day did Iran negotiate with both sides?",  # no coordination
    ],
)
def test_both_adds_no_anchor_elsewhere(question: str) -> None:
    tq = understand(question)
    assert all(a.trigger != "both" for a in tq.anchors)


@pytest.mark.parametrize(
    "question",
    [
        "Once France praised Angola, who was the first to follow?",
        "Once Pascal Affi N'Guessan visited Niger, who was the first to follow?",
        "After France praised Angola, who followed?",
        "After France praised Angola, who was next to follow?",
    ],
)
def test_a_bare_follow_after_an_anchor_clause_is_a_pro_form(question: str) -> None:
    assert understand(question).pro_form


@pytest.mark.parametrize(
    "question",
    [
        "Which country did Iran follow?",  # no anchor: "follow" is the question's own verb
        "After France praised Angola, who followed Angola's lead in Africa?",  # "follow" has its own object
    ],
)
def test_follow_with_no_anchor_or_its_own_object_is_no_pro_form(question: str) -> None:
    assert not understand(question).pro_form
