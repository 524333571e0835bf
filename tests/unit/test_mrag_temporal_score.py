"""MRAG's temporal scoring functions at and around their breakpoints (values worked out by hand from the paper's
linear templates: LOW 0.6, HIGH 1.0, OUTSIDE 0.5, WINDOW 50 years)."""

from __future__ import annotations

import pytest

from tkgrag.retrievers.mrag.temporal_score import Ordinality, Shape, TcKind, TemporalScore, ordinal_only

LAST, FIRST, NONE = Ordinality.LAST, Ordinality.FIRST, Ordinality.NONE


@pytest.mark.parametrize(
    ("year", "expected"),
    [(1930, 0.5), (1931, 0.6), (1932, 0.608), (1956, 0.8), (1970, 0.912), (1981, 1.0), (1982, 0.5)],
)
def test_last_before_rises_to_the_constraint_year(year: int, expected: float) -> None:
    # The paper's example: "last - before - 1981" scores 1970 "around 0.9" (0.6 + 0.4 * 39/50 = 0.912).
    f = TemporalScore(TcKind.BEFORE, 1981, 1981, LAST)
    assert f.year(year) == pytest.approx(expected)


@pytest.mark.parametrize(("year", "expected"), [(1930, 0.5), (1931, 1.0), (1956, 0.8), (1981, 0.6), (1982, 0.5)])
def test_first_before_falls_toward_the_constraint_year(year: int, expected: float) -> None:
    assert TemporalScore(TcKind.BEFORE, 1981, 1981, FIRST).year(year) == pytest.approx(expected)


@pytest.mark.parametrize(("year", "expected"), [(1999, 0.5), (2000, 0.6), (2025, 0.8), (2050, 1.0), (2051, 0.5)])
def test_last_after(year: int, expected: float) -> None:
    assert TemporalScore(TcKind.AFTER, 2000, 2000, LAST).year(year) == pytest.approx(expected)


@pytest.mark.parametrize(("year", "expected"), [(1999, 0.5), (2000, 1.0), (2010, 0.92), (2050, 0.6), (2051, 0.5)])
def test_first_after(year: int, expected: float) -> None:
    assert TemporalScore(TcKind.AFTER, 2000, 2000, FIRST).year(year) == pytest.approx(expected)


@pytest.mark.parametrize(("year", "expected"), [(1810, 0.5), (1811, 0.6), (1819, 0.8), (1827, 1.0), (1828, 0.5)])
def test_between_without_ordinal_is_scored_as_last(year: int, expected: float) -> None:
    # "from 1811 to 1827": 0.6 at 1811, 1.0 at 1827, linear between (1819 is halfway).
    assert TemporalScore(TcKind.BETWEEN, 1811, 1827, NONE).year(year) == pytest.approx(expected)


def test_first_between_mirrors_last_between() -> None:
    f = TemporalScore(TcKind.BETWEEN, 1811, 1827, FIRST)
    assert [f.year(y) for y in (1810, 1811, 1819, 1827, 1828)] == pytest.approx([0.5, 1.0, 0.8, 0.6, 0.5])


def test_in_is_flat_inside_the_period() -> None:
    f = TemporalScore(TcKind.IN, 1999, 1999)
    assert (f.year(1998), f.year(1999), f.year(2000)) == (0.5, 1.0, 0.5)


def test_a_sentence_scores_its_best_year_and_undated_sentences_score_outside() -> None:
    f = TemporalScore(TcKind.BEFORE, 1981, 1981, LAST)
    assert f.sentence([1700, 1970, 1990]) == pytest.approx(0.912)
    assert f.sentence([]) == 0.5
    assert f.template == "last - before"


def test_ordinal_without_a_date_orders_by_the_candidates_years() -> None:
    first = ordinal_only(FIRST, [1990, 1975, 2001])
    assert first is not None and first.kind is TcKind.AFTER and first.start == 1975
    assert first.year(1975) == 1.0 and first.year(2001) == pytest.approx(1.0 - 0.4 * 26 / 50)
    last = ordinal_only(LAST, [1990, 1975, 2001])
    assert last is not None and last.kind is TcKind.BEFORE and last.year(2001) == 1.0
    assert ordinal_only(FIRST, []) is None and ordinal_only(NONE, [1990]) is None


def test_flat_period_and_the_paper_ramp_differ_only_inside_a_plain_period() -> None:
    flat = Shape(ramp_unordered=False)
    assert TemporalScore(TcKind.BETWEEN, 1811, 1827, NONE, flat).year(1811) == 1.0  # paper: 0.6
    assert TemporalScore(TcKind.BETWEEN, 1811, 1827, NONE, flat).year(1828) == 0.5
    assert TemporalScore(TcKind.BETWEEN, 1811, 1827, FIRST, flat).year(1827) == pytest.approx(0.6)  # ordered: ramp


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="before start"):
        TemporalScore(TcKind.BETWEEN, 2000, 1990)
    with pytest.raises(ValueError, match="window"):
        Shape(window=0)


@pytest.mark.parametrize(
    ("kind", "start", "end", "year", "expected"),
    [
        (TcKind.IN, 1965, 1965, 1964, 0.992),  # one year before "in 1965": the before ramp toward 1965
        (TcKind.IN, 1965, 1965, 1915, 0.6),  # the window's far end
        (TcKind.IN, 1965, 1965, 1914, 0.5),  # beyond it
        (TcKind.IN, 1965, 1965, 1966, 0.5),  # after the period: still OUTSIDE
        (TcKind.BETWEEN, 1917, 1918, 1916, 0.992),
        (TcKind.BETWEEN, 1917, 1918, 1917, 1.0),
    ],
)
def test_lookback_credits_years_before_a_period(kind: TcKind, start: int, end: int, year: int, expected: float) -> None:
    f = TemporalScore(kind, start, end, NONE, Shape(ramp_unordered=False, lookback=True))
    assert f.year(year) == pytest.approx(expected)


def test_lookback_leaves_ordered_and_open_templates_alone() -> None:
    assert TemporalScore(TcKind.BETWEEN, 1917, 1918, FIRST, Shape(lookback=True)).year(1916) == 0.5
    assert TemporalScore(TcKind.AFTER, 2000, 2000, NONE, Shape(lookback=True)).year(1999) == 0.5
