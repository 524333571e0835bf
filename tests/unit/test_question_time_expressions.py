"""Explicit time expressions -> TimeSpan at their granularity; expected spans worked out by hand from the calendar."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question import Signal, TimeExpressionError, find_time_expressions, parse_time
from tkgrag.temporal import Granularity, TimeSpan

D, M, Y = Granularity.DAY, Granularity.MONTH, Granularity.YEAR


def span(a: str, b: str, g: Granularity) -> TimeSpan:
    return TimeSpan(date.fromisoformat(a), date.fromisoformat(b), g)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the granularities the issue names
        ("13 May 2014", span("2014-05-13", "2014-05-13", D)),
        ("2014-05", span("2014-05-01", "2014-05-31", M)),
        ("May 2014", span("2014-05-01", "2014-05-31", M)),
        ("2014", span("2014-01-01", "2014-12-31", Y)),
        # day orders and ordinal suffixes
        ("May 13, 2014", span("2014-05-13", "2014-05-13", D)),
        ("the 12th of march, 1967", span("1967-03-12", "1967-03-12", D)),
        ("April 10th, 2007", span("2007-04-10", "2007-04-10", D)),
        ("may second in the year 1250", span("1250-05-02", "1250-05-02", D)),
        # month abbreviations, with and without the dot; September has 30 days
        ("Jan. 5th, 2014", span("2014-01-05", "2014-01-05", D)),
        ("Sept 2014", span("2014-09-01", "2014-09-30", M)),
        ("Sep. 2014", span("2014-09-01", "2014-09-30", M)),
        ("dec 2014", span("2014-12-01", "2014-12-31", M)),
        # MultiTQ's forms
        ("July, the year of 2007", span("2007-07-01", "2007-07-31", M)),
        ("May, 2015", span("2015-05-01", "2015-05-31", M)),
        # a year named by its neighbour (TempRAGEval-style perturbations)
        ("the year after 1810", span("1811-01-01", "1811-12-31", Y)),
        ("the year before 2000", span("1999-01-01", "1999-12-31", Y)),
        ("March of the year following 2009", span("2010-03-01", "2010-03-31", M)),
        ("2009-12-3", span("2009-12-03", "2009-12-03", D)),
        # Wikidata's zero parts mean "unknown": 2011-0-0 is the year 2011
        ("2011-0-0", span("2011-01-01", "2011-12-31", Y)),
        ("2017-06-00", span("2017-06-01", "2017-06-30", M)),
        ("1956-2-20", span("1956-02-20", "1956-02-20", D)),
        # numeric: US month-first unless the first number cannot be a month; dots are day-first
        ("11-1-2016", span("2016-11-01", "2016-11-01", D)),
        ("25/12/2014", span("2014-12-25", "2014-12-25", D)),
        ("17.05.2014", span("2014-05-17", "2014-05-17", D)),
        # leap years: 2016 and 2000 are leap years (2000 is divisible by 400); February 2016 has 29 days
        ("29 February 2016", span("2016-02-29", "2016-02-29", D)),
        ("2000-02-29", span("2000-02-29", "2000-02-29", D)),
        ("February 2016", span("2016-02-01", "2016-02-29", M)),
        ("February 2015", span("2015-02-01", "2015-02-28", M)),
        # decades and centuries
        ("the 1990s", span("1990-01-01", "1999-12-31", Y)),
        ("the 1990's", span("1990-01-01", "1999-12-31", Y)),
        ("the '90s", span("1990-01-01", "1999-12-31", Y)),
        ("the nineties", span("1990-01-01", "1999-12-31", Y)),
        ("the 2000s", span("2000-01-01", "2009-12-31", Y)),
        ("the 19th century", span("1800-01-01", "1899-12-31", Y)),
        # ranges: from the start of the first to the end of the last, at the coarser granularity
        ("between 2012 and 2018", span("2012-01-01", "2018-12-31", Y)),
        ("from 2004 to 2005", span("2004-01-01", "2005-12-31", Y)),
        ("1980 to 1981", span("1980-01-01", "1981-12-31", Y)),
        ("2007–08", span("2007-01-01", "2008-12-31", Y)),
        ("from May to July 2014", span("2014-05-01", "2014-07-31", M)),
        ("between 1 March and 15 March 2014", span("2014-03-01", "2014-03-15", D)),
        ("between 3 May 2014 and June 2014", span("2014-05-03", "2014-06-30", M)),
        # the month stays with the first end (TimeQA): from 1 December 1922, to the end of 1929
        ("from Dec 1922 to 1929", span("1922-12-01", "1929-12-31", Y)),
        # parts of a year: Q3 = July..September; the second half = July..December
        ("Q3 2014", span("2014-07-01", "2014-09-30", M)),
        ("the first quarter of 2014", span("2014-01-01", "2014-03-31", M)),
        ("the second half of 2014", span("2014-07-01", "2014-12-31", M)),
        ("the first week of March 2014", span("2014-03-01", "2014-03-07", D)),
        ("the last week of February 2016", span("2016-02-23", "2016-02-29", D)),
        # eras
        ("800 AD", span("0800-01-01", "0800-12-31", Y)),
        ("in the year 1996", span("1996-01-01", "1996-12-31", Y)),
    ],
)
def test_parse_time(text: str, expected: TimeSpan) -> None:
    assert parse_time(text) == expected


def test_2007_08_with_a_hyphen_is_an_iso_month_unless_it_reads_as_a_season() -> None:
    # ICEWS/MultiTQ write months as YYYY-MM, so "2007-08" alone is August 2007, not the 2007/08 season ...
    assert parse_time("2007-08") == span("2007-08-01", "2007-08-31", M)
    # ... but followed by "season", or as "the 2002-03 <event>" with the next year's digits, it is two years.
    (season,) = find_time_expressions("Who won the 2011-12 season?")
    assert season.span == span("2011-01-01", "2012-12-31", Y)
    (cup,) = find_time_expressions("a year before the 2002-03 fa cup")
    assert cup.span == span("2002-01-01", "2003-12-31", Y)


@pytest.mark.parametrize(
    ("text", "modifier", "expected"),
    [
        # Decision: a vague qualifier keeps the whole stated period (see the module docstring).
        ("early 2014", "early", span("2014-01-01", "2014-12-31", Y)),
        ("late May 2014", "late", span("2014-05-01", "2014-05-31", M)),
        ("the mid-1990s", "mid", span("1990-01-01", "1999-12-31", Y)),
        # (a season of a year is read as its months since h29n: test_question_constructions_12)
        ("the end of 2014", "end", span("2014-01-01", "2014-12-31", Y)),
    ],
)
def test_vague_qualifiers_keep_the_whole_period(text: str, modifier: str, expected: TimeSpan) -> None:
    (expr,) = find_time_expressions(text)
    assert expr.span == expected
    assert expr.modifier == modifier
    assert expr.text == text


@pytest.mark.parametrize(
    "text",
    [
        "29 February 2015",  # 2015 is not a leap year
        "29 February 1900",  # divisible by 100 but not by 400: not a leap year
        "2015-02-29",
        "31 April 2014",  # April has 30 days
        "500 BC",  # before year 1: not representable as a date
        "in July",  # no year
    ],
)
def test_stated_but_not_on_the_calendar(text: str) -> None:
    (expr,) = find_time_expressions(text)
    assert expr.span is None
    with pytest.raises(TimeExpressionError):
        parse_time(text)


@pytest.mark.parametrize(
    ("question", "relation", "signal"),
    [
        ("Who denounced Bolivia after 2 May 2015?", "after", Signal.AFTER),
        ("Before 10 August 2005, which country was rejected by Iran?", "Before", Signal.BEFORE),
        ("what sports team was founded prior to 2008", "prior to", Signal.BEFORE),
        ("Who governed Texas by 2010?", "by", Signal.BEFORE),
        ("Who had Iran appealed to no later than March 3, 2014?", "no later than", Signal.BEFORE),
        ("Who signed an agreement with Iran on or after 14 July 2015?", "on or after", Signal.AFTER),
        ("what english language movies has taylor lautner appeared in since 2011", "since", Signal.START),
        ("what is spouse of laura dern that is start time is 1993-1-1", "start time is", Signal.START),
        ("what is position held of rajiv gandhi that is end time is 1989-12-2", "end time is", Signal.FINISH),
        ("who was the chairperson of fide until 1949", "until", Signal.FINISH),
        ("who was the president of the constituent assembly as of December 11, 1946", "as of", Signal.OVERLAP),
        ("Who visited Japan on 27 February 2007?", "on", Signal.OVERLAP),
        ("who won the 2010 gubernatorial race", "", Signal.OVERLAP),
        # "from" alone dates the thing ("winners from the 1990s"); "from ... on" starts a period
        ("who are the best actor oscar winners from the 1990's", "from", Signal.OVERLAP),
        ("who had the governmental position from 5-16-2007 on", "from", Signal.START),
        # a state-changing verb right before a plain "in" gives START/FINISH (EXAQT's starts/finishes)
        ("who did rod steiger marry in 1959", "in", Signal.START),
        ("which member of lauren jackson's team left in 2012", "in", Signal.FINISH),
        ("who entered the war in 1917", "in", Signal.START),
        # "enter into cooperation with X in 2014" (MultiTQ) is an act in 2014, not a state starting then
        ("Who was the last to enter into diplomatic cooperation with Colombia in 2014?", "in", Signal.OVERLAP),
        ("when did the treaty that entered into force in 1994 end", "in", Signal.START),
    ],
)
def test_relation_word_gives_the_signal(question: str, relation: str, signal: Signal) -> None:
    (expr,) = [t for t in find_time_expressions(question) if t.span is not None]
    assert (expr.relation, expr.signal) == (relation, signal)


def test_two_expressions_keep_their_own_relations() -> None:
    found = find_time_expressions("what was the number one song on april 11 2000 as of 2021")
    assert [(t.text, t.relation, t.span) for t in found] == [
        ("april 11 2000", "on", span("2000-04-11", "2000-04-11", D)),
        ("2021", "as of", span("2021-01-01", "2021-12-31", Y)),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "the German submarine U-1302",  # a name, not the year 1302
        "due to the 1,600 kilograms of Fentanyl",
        "Flight 1549 landed in the Hudson",
        "a town of 2014 residents",
        "it cost $2014",
        "the index reached 2014.5",
        "How many households were there in 133?",  # a three-digit number is not a year without "year" or "AD"
    ],
)
def test_numbers_that_are_not_years(text: str) -> None:
    assert [t for t in find_time_expressions(text) if t.span is not None] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # reference date 2014-05-03 (a Saturday)
        ("who is the current prime minister", span("2014-05-03", "2014-05-03", D)),
        ("who rules denmark right now", span("2014-05-03", "2014-05-03", D)),
        ("who won the title last year", span("2013-01-01", "2013-12-31", Y)),
        ("who visited Iran this month", span("2014-05-01", "2014-05-31", M)),
        ("who visited Iran last month", span("2014-04-01", "2014-04-30", M)),
        ("who led the party 3 years ago", span("2011-01-01", "2011-12-31", Y)),
        ("what happened yesterday", span("2014-05-02", "2014-05-02", D)),
    ],
)
def test_relative_times_need_a_reference_date(text: str, expected: TimeSpan) -> None:
    (expr,) = find_time_expressions(text, reference=date(2014, 5, 3))
    assert expr.relative and expr.span == expected
    (unplaced,) = find_time_expressions(text)
    assert unplaced.relative and unplaced.span is None


def test_parse_time_rejects_text_that_is_not_one_time() -> None:
    with pytest.raises(TimeExpressionError, match="no time expression"):
        parse_time("next to the river")
    with pytest.raises(TimeExpressionError, match="beyond the time expression"):
        parse_time("Who visited Japan in 2014")
    with pytest.raises(TimeExpressionError):
        parse_time("May 2014 and June 2014")


def test_offsets_point_into_the_question() -> None:
    q = "Who visited Japan on 27 February 2007?"
    (expr,) = find_time_expressions(q)
    assert q[expr.start : expr.end] == "27 February 2007"
    assert q[expr.relation_start : expr.end] == "on 27 February 2007"
