"""Constructions of the fourth blind phrasing set (issue 29, h29f): "both X and Y" in a time question is two actors
doing the same event in the same period ("On which day did both X and Y negotiate with Z?"). Each case failed before
its fix; the guards keep readings that must not change."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import within_bound
from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand
from tkgrag.temporal import TimeSpan


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("On which day did both Barack Obama and Iraq sit down to negotiate with François Hollande?", "same-day"),
        ("On which day did both Trinidad and Tobago and Mexico receive a visit from Xi Jinping?", "same-day"),
        ("When did Xi Jinping visit both Mexico and Cuba?", "same-day"),
        ("On what date did Barack Obama and Iraq both negotiate with François Hollande?", "same-day"),
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


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("Within a week after Juan Carlos Pinzon hosted Chuck Hagel, who else hosted Chuck Hagel?", 7),
        ("Within 3 days after Iran visited Iraq, who else visited Iraq?", 3),
        ("Who else visited Iraq within two weeks before Iran visited Iraq?", 14),
    ],
)
def test_within_n_days_is_part_of_the_anchor_trigger(question: str, days: int) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.within_days == days
    assert "within" not in tq.relation_phrase.lower()


def test_within_a_month_is_not_read_as_a_day_count() -> None:
    (anchor,) = understand("Within a month after Iran visited Iraq, who else visited Iraq?").anchors
    assert anchor.within_days is None


def test_within_bound_ends_the_window_n_days_from_the_anchor() -> None:
    day = TimeSpan.day(date(2014, 10, 9))
    after = within_bound(AnchorRelation.AFTER, 7, day)
    assert after.relation is TemporalRelation.BEFORE and after.span == TimeSpan.day(date(2014, 10, 17))
    assert after.admits(TimeSpan.day(date(2014, 10, 16))) and not after.admits(TimeSpan.day(date(2014, 10, 17)))
    before = within_bound(AnchorRelation.BEFORE, 7, day)
    assert before.relation is TemporalRelation.AFTER and before.span == TimeSpan.day(date(2014, 10, 1))
    assert before.admits(TimeSpan.day(date(2014, 10, 2))) and not before.admits(TimeSpan.day(date(2014, 10, 1)))


def test_ahead_of_a_name_is_a_before_anchor() -> None:
    # "ahead of Sierra Leone": before Sierra Leone did the same (the name in the answer's role, as "before X")
    (anchor,) = understand("Which actors signalled readiness to meet Guinea ahead of Sierra Leone?").anchors
    assert anchor.relation is AnchorRelation.BEFORE and anchor.text == "Sierra Leone"


def test_ahead_of_a_date_stays_an_explicit_time() -> None:
    tq = understand("In 2015, ahead of March 21, whom did Sudan offer cooperation to?")
    assert tq.anchors == ()
