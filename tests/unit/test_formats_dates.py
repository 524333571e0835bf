"""Dates found in passage text (tkgrag.ingest.formats.dates_in_text); expected spans worked out by hand."""

from __future__ import annotations

from datetime import date

from tkgrag.ingest.formats.dates_in_text import date_bounds, date_labels, extract_dates
from tkgrag.temporal import Granularity, TimeSpan


def years(a: int, b: int) -> TimeSpan:
    return TimeSpan(date(a, 1, 1), date(b, 12, 31), Granularity.YEAR)


def test_most_specific_form_wins_and_spans_sort_by_start() -> None:
    text = (
        "Built in 1794 , home of Baker during 1916-1920 ; born on 22 July 1965 ; the 2006–07 season ; "
        "in the 1990s ; Feb 2016 ; a house at 3017 N Street ; on 31 February 2001"
    )
    # 1794 year; 1916-1920 range; "22 July 1965" one day (not also the year 1965); 2006–07 = seasons 2006..2007;
    # 1990s = 1990..1999; Feb 2016 = the month (2016 is a leap year: 29 days); 3017 is out of 1000..2100, not a
    # year; "31 February 2001" is no day, so the month February 2001 (28 days) stands.
    assert extract_dates(text) == [
        years(1794, 1794),
        years(1916, 1920),
        TimeSpan.day(date(1965, 7, 22)),
        years(1990, 1999),
        TimeSpan(date(2001, 2, 1), date(2001, 2, 28), Granularity.MONTH),
        years(2006, 2007),
        TimeSpan(date(2016, 2, 1), date(2016, 2, 29), Granularity.MONTH),
    ]


def test_day_forms_including_tokenised_commas_and_ordinals() -> None:
    assert date_labels(extract_dates("on December 22 , 1965 they divorced")) == ["1965-12-22"]
    assert date_labels(extract_dates("July 4th, 1776")) == ["1776-07-04"]
    assert date_labels(extract_dates("released 2014-05-06")) == ["2014-05-06"]
    assert date_labels(extract_dates("from Sept. 1939")) == ["1939-09"]


def test_yyyy_dash_two_digits_is_a_season_only_when_it_counts_up() -> None:
    # 07 > 06 -> 2006..2007; 05 < 14 -> May 2014 (an ISO month); 1916-20 -> 1916..1920.
    assert date_labels(extract_dates("2006-07")) == ["2006..2007"]
    assert date_labels(extract_dates("2014-05")) == ["2014-05"]
    assert date_labels(extract_dates("1916-20")) == ["1916..1920"]


def test_lowercase_month_words_are_not_months_and_reversed_ranges_are_two_years() -> None:
    # "may" lower-case is a verb: only the year is a date.
    assert date_labels(extract_dates("it may 2014 be")) == ["2014"]
    # 1920-1916 counts down: not a range, two separate years.
    assert date_labels(extract_dates("1920-1916")) == ["1916", "1920"]


def test_no_dates_and_repeats() -> None:
    assert extract_dates("No dates here, only 42 and 305 and 12345.") == []
    assert date_labels(extract_dates("1984 and again 1984")) == ["1984"]


def test_bounds_are_earliest_start_and_latest_end() -> None:
    spans = [years(1916, 1920), TimeSpan.day(date(1963, 11, 22))]
    assert date_bounds(spans) == (date(1916, 1, 1), date(1963, 11, 22))
    assert date_bounds([]) == (None, None)
