"""TimeR4's phi_t (Eq. 9) on the boundaries of every granularity, and Eq. 10's mix, with values worked out by hand."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TIMELESS, Order, TemporalConstraint
from tkgrag.retrievers.timer4.time_score import OUTSIDE, TimeTarget, phi_t, rerank_scores, unit
from tkgrag.temporal import Granularity, TimeSpan


def days(*isos: str) -> list[TimeSpan]:
    return [TimeSpan.parse(s) for s in isos]


def test_units_count_whole_periods() -> None:
    assert unit(date(2014, 5, 31), Granularity.MONTH) - unit(date(2014, 4, 1), Granularity.MONTH) == 1
    assert unit(date(2014, 1, 1), Granularity.YEAR) - unit(date(2013, 12, 31), Granularity.YEAR) == 1
    assert unit(date(2014, 3, 1), Granularity.DAY) - unit(date(2014, 2, 28), Granularity.DAY) == 1


@pytest.mark.parametrize(
    ("bound", "inside", "outside"),
    [
        ("2014-05-13", "2014-05-12", "2014-05-13"),  # day: the day itself is not before it
        ("2014-05", "2014-04-30", "2014-05-01"),  # month: the month's first day is not before the month
        ("2014", "2013-12-31", "2014-01-01"),  # year
    ],
)
def test_before_boundaries(bound: str, inside: str, outside: str) -> None:
    target = TimeTarget((TemporalConstraint.before(bound),))
    scores = phi_t(days(inside, outside), target, bound_order="nearest")
    assert scores[1] == OUTSIDE
    assert scores[0] == 0.0  # the only candidate inside is also the farthest: 1 - d / max d = 0 (Eq. 9)
    assert phi_t(days(inside, outside), target) == [1.0, OUTSIDE]  # the default: inside is all a before asks


@pytest.mark.parametrize(
    ("bound", "inside", "outside"),
    [
        ("2014-05-13", "2014-05-14", "2014-05-13"),
        ("2014-05", "2014-06-01", "2014-05-31"),
        ("2014", "2015-01-01", "2014-12-31"),
    ],
)
def test_after_boundaries(bound: str, inside: str, outside: str) -> None:
    target = TimeTarget((TemporalConstraint.after(bound),))
    assert phi_t(days(inside, outside), target, bound_order="nearest") == [0.0, OUTSIDE]
    assert phi_t(days(inside, outside), target) == [1.0, OUTSIDE]


def test_before_ramp_in_days() -> None:
    # before 2014-05-13: d = 1, 3, 4 days; max 4 -> 1 - 1/4, 1 - 3/4, 0
    scores = phi_t(
        days("2014-05-12", "2014-05-10", "2014-05-09"),
        TimeTarget((TemporalConstraint.before("2014-05-13"),)),
        bound_order="nearest",
    )
    assert scores == [0.75, 0.25, 0.0]


def test_before_ramp_in_months_ties_a_whole_month() -> None:
    # before 2014-05 (month units): April 30 and April 1 are both 1 month before; 2014-02-15 is 3: 1 - 1/3, 1 - 1/3, 0
    target = TimeTarget((TemporalConstraint.before("2014-05"),))
    scores = phi_t(days("2014-04-30", "2014-04-01", "2014-02-15"), target, bound_order="nearest")
    assert scores == pytest.approx([2 / 3, 2 / 3, 0.0])


def test_after_ramp_in_years() -> None:
    # after 2010: 2011 -> d 1, 2013 -> d 3, 2012-12-31 -> d 2; max 3
    target = TimeTarget((TemporalConstraint.after("2010"),))
    scores = phi_t(days("2011-06-01", "2013-01-01", "2012-12-31"), target, bound_order="nearest")
    assert scores == pytest.approx([2 / 3, 0.0, 1 / 3])


@pytest.mark.parametrize(
    ("period", "inside", "outside"),
    [
        ("2014-05-13", ["2014-05-13"], ["2014-05-12", "2014-05-14"]),
        ("2014-05", ["2014-05-01", "2014-05-31"], ["2014-04-30", "2014-06-01"]),
        ("2014", ["2014-01-01", "2014-12-31"], ["2013-12-31", "2015-01-01"]),
    ],
)
def test_in_period_boundaries(period: str, inside: list[str], outside: list[str]) -> None:
    scores = phi_t(days(*inside, *outside), TimeTarget((TemporalConstraint.in_period(period),)))
    assert scores == [1.0] * len(inside) + [OUTSIDE] * len(outside)


def test_first_and_last_ramps() -> None:
    spans = days("2014-01-01", "2014-01-03", "2014-01-05")
    assert phi_t(spans, TimeTarget(ordinal=Order.FIRST)) == [1.0, 0.5, 0.0]
    assert phi_t(spans, TimeTarget(ordinal=Order.LAST)) == [0.0, 0.5, 1.0]


def test_an_ordinal_orders_only_the_facts_with_the_asked_content() -> None:
    # "who first ...": 2014-01-01 is about something else (mask False), so among the masked facts 2014-01-03 is
    # the first (1) and 2014-01-05 the last (0); the unmasked fact is inside and unordered (1)
    spans = days("2014-01-01", "2014-01-03", "2014-01-05")
    mask = [False, True, True]
    assert phi_t(spans, TimeTarget(ordinal=Order.FIRST), content=mask) == [1.0, 1.0, 0.0]
    assert phi_t(spans, TimeTarget(ordinal=Order.LAST), content=mask) == [1.0, 0.0, 1.0]
    # outside a constraint stays outside whatever the mask says
    target = TimeTarget((TemporalConstraint.after("2014-01-02"),), Order.FIRST)
    assert phi_t(spans, target, content=[True, False, True]) == [OUTSIDE, 1.0, 1.0]


def test_bad_options_name_themselves() -> None:
    with pytest.raises(ValueError, match="bound_order='farthest'"):
        phi_t(days("2014-01-01"), TimeTarget(ordinal=Order.FIRST), bound_order="farthest")
    with pytest.raises(ValueError, match="content mask has 2 entries for 1 spans"):
        phi_t(days("2014-01-01"), TimeTarget(ordinal=Order.FIRST), content=[True, False])


def test_first_within_a_month_ignores_facts_outside_it() -> None:
    # "first in 2014-05": 2014-04-30 is outside; inside, May 2 is the earliest (1), May 31 the latest (0)
    target = TimeTarget((TemporalConstraint.in_period("2014-05"),), Order.FIRST)
    assert target.granularity is Granularity.MONTH
    # month units: May 2 and May 31 are the same month, so both are the first (distance 0)
    assert phi_t(days("2014-04-30", "2014-05-02", "2014-05-31"), target) == [OUTSIDE, 1.0, 1.0]
    day_target = TimeTarget((TemporalConstraint.between("2014-05-01", "2014-05-31"),), Order.FIRST)
    assert day_target.granularity is Granularity.DAY
    assert phi_t(days("2014-05-02", "2014-05-31", "2014-05-03"), day_target) == pytest.approx([1.0, 0.0, 1 - 1 / 29])


def test_first_after_a_bound_orders_by_the_ordinal() -> None:
    target = TimeTarget((TemporalConstraint.after("2014-05-13"),), Order.FIRST)
    assert phi_t(days("2014-05-20", "2014-05-14", "2014-05-13"), target) == [0.0, 1.0, OUTSIDE]


def test_no_constraint_and_timeless_score_zero() -> None:
    assert phi_t(days("2014-05-01", "2015-01-01"), TimeTarget()) == [0.0, 0.0]
    assert phi_t([TIMELESS], TimeTarget((TemporalConstraint.after("2014"),))) == [0.0]


def test_eq10_mixes_with_mu() -> None:
    assert rerank_scores([0.5, 0.9], [1.0, OUTSIDE], 0.4) == pytest.approx([0.4 * 0.5 + 0.6, 0.4 * 0.9 - 60.0])
