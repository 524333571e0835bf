"""Issue 29 item 3 (h34t): the time, window and comparison families of blind sets 39-43, in their own wordings
and in others (each was read wrong or abstained on the tree before)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.question_readings import rewritten as _rewritten
from tkgrag.question.declarative import UnreadablePair
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.temporal import Granularity


def _windows(question: str, today: date | None = None) -> list[tuple[date | None, date | None]]:
    tq = understand(question, reference_date=today)
    return [(t.span.start, t.span.end) for t in tq.times if t.span is not None]


# --- "the last month in <window>" is an ordinal over the window's months, not the month before today


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Which was the last month in the second half of 2015 (July-December) in which Muhammadu Buhari denounced "
            "Boko Haram?",
            (date(2015, 7, 1), date(2015, 12, 31)),
        ),
        ("What was the last month during 2014 in which Japan visited China?", (date(2014, 1, 1), date(2014, 12, 31))),
        ("Which was the last week in March 2014 in which Japan visited China?", (date(2014, 3, 1), date(2014, 3, 31))),
        ("Name the last month of 2014 in which Japan visited China.", (date(2014, 1, 1), date(2014, 12, 31))),
    ],
)
def test_the_last_month_in_a_window_is_no_relative_month(question: str, window: tuple[date, date]) -> None:
    assert _windows(question, today=date(2026, 11, 27)) == [window]


def test_last_month_alone_is_still_relative() -> None:
    assert _windows("Who visited China last month?", today=date(2026, 11, 27)) == [
        (date(2026, 10, 1), date(2026, 10, 31))
    ]


# --- a day counted from a named day, with a bracket that states the named day or the asked day


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("On the day before April Fools' Day 2014 (31 March), who did Nigeria denounce?", date(2014, 3, 31)),
        (
            "Who made a statement about Boko Haram on the day after April Fools' Day 2015 (that is, 2 April)?",
            date(2015, 4, 2),
        ),
        ("Who visited China on the day after Christmas Day 2014 (26 December)?", date(2014, 12, 26)),
        ("Who visited China on the day after Christmas Day 2014 (25 December)?", date(2014, 12, 26)),
        ("Who visited China on the day before Christmas Day (24 December 2014)?", date(2014, 12, 24)),
        ("Who visited China two days after Christmas 2014 (27 December)?", date(2014, 12, 27)),
        ("Who visited China the day after New Year's Day 2015 (i.e. 2 January)?", date(2015, 1, 2)),
        ("On the day before Halloween (30 October) 2014, who visited China?", date(2014, 10, 30)),
    ],
)
def test_a_day_from_a_named_day_is_the_day_asked(question: str, day: date) -> None:
    assert _windows(question) == [(day, day)]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China on the day after Flag Day 2014 (15 June)?",  # on no calendar: either day
        "Who visited China on the day after Christmas Day 2014 (28 December)?",  # neither day
    ],
)
def test_a_day_from_a_named_day_abstains_where_the_bracket_is_unsure(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


def test_april_fools_day_is_on_the_calendar() -> None:
    (t,) = find_time_expressions("on April Fools' Day 2015")
    assert t.span is not None and t.span.start == t.span.end == date(2015, 4, 1)


# --- "later in 2015, following X": the year binds the anchor


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which actors declared a readiness to meet or negotiate with ordinary people in Nigeria later in 2015, "
            "following Oluṣẹgun Ọbasanjọ's symbolic gesture toward citizens of Nigeria?",
            "After Oluṣẹgun Ọbasanjọ's symbolic gesture toward citizens of Nigeria in 2015, which actors declared a "
            "readiness to meet or negotiate with ordinary people in Nigeria in 2015?",
        ),
        (
            "Who criticized Japan later on in 2014 after China's visit to Vietnam?",
            "After China's visit to Vietnam in 2014, who criticized Japan in 2014?",
        ),
        (
            "Who criticized Japan later in 2014, once China visited Vietnam?",
            "After China visited Vietnam in 2014, who criticized Japan in 2014?",
        ),
    ],
)
def test_later_in_the_year_then_the_anchor(question: str, said: str) -> None:
    assert _rewritten(question) == said
    tq = understand(question)
    assert [a.relation.value for a in tq.anchors] == ["after"]


# --- "over the whole of 2014 and 2015": one window


@pytest.mark.parametrize(
    "question",
    [
        "When did Iran last confer with Oman over the whole of 2014 and 2015?",
        "Over the whole of 2014 and 2015, on which date did Iran confer with Oman for the first time?",
        "When did Iran last confer with Oman in the whole of the years 2014 and 2015?",
        "When did Iran first confer with Oman across the entirety of 2014 and 2015?",
        "When did Iran first confer with Oman during the entire two years 2014 and 2015?",
        "When did Iran first confer with Oman over both 2014 and 2015?",
    ],
)
def test_the_whole_of_two_years_is_one_window(question: str) -> None:
    assert _windows(question) == [(date(2014, 1, 1), date(2015, 12, 31))]


def test_in_both_years_is_not_made_one_window() -> None:
    # "in both 2014 and 2015" may ask for each year
    assert len(_windows("Who visited Oman in both 2014 and 2015?")) == 2


# --- "in one of the years 2014 and 2015; which year was it?"


@pytest.mark.parametrize(
    "question",
    [
        "Martin Indyk accused Mahmoud Abbas in one of the years 2014 and 2015; which year was it?",
        "Martin Indyk accused Mahmoud Abbas in either 2014 or 2015 - which year?",
        "Martin Indyk accused Mahmoud Abbas during one of the two years 2014 and 2015. Which one?",
    ],
)
def test_one_of_the_years_is_the_years_range(question: str) -> None:
    tq = understand(question)
    assert [(t.span.start, t.span.end) for t in tq.times if t.span is not None and not t.unread][:1] == [
        (date(2014, 1, 1), date(2015, 12, 31))
    ]
    assert tq.answer_type.granularity is Granularity.YEAR
    assert not any(t.unread for t in tq.times)


def test_one_of_years_not_in_a_row_is_left() -> None:
    q = "Martin Indyk accused Mahmoud Abbas in one of the years 2012 and 2015; which year was it?"
    assert "between" not in _rewritten(q)


# --- a part of a month with its days in brackets


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "In the first ten days of September 2014 (September 1-10), who expressed the intent to engage in "
            "diplomatic cooperation with Malaysia?",
            (date(2014, 9, 1), date(2014, 9, 10)),
        ),
        (
            "Who provided economic aid to Thailand in the first ten days of August 2015 (1 to 10 August)?",
            (date(2015, 8, 1), date(2015, 8, 10)),
        ),
        ("Who accused Qatar in the last week of March 2014 (March 25-31)?", (date(2014, 3, 25), date(2014, 3, 31))),
        ("Who accused Qatar in the first week of March 2015 (March 1-7)?", (date(2015, 3, 1), date(2015, 3, 7))),
    ],
)
def test_a_bracket_restating_a_part_of_the_month(question: str, window: tuple[date, date]) -> None:
    assert _windows(question) == [window]


@pytest.mark.parametrize(
    "question",
    [
        "Who provided economic aid to Thailand in the first ten days of August 2015 (August 1-11)?",
        "Who provided economic aid to Thailand during August 2015 (August 1-10)?",
    ],
)
def test_a_bracket_naming_other_days_abstains(question: str) -> None:
    with pytest.raises(QuestionError, match="names other days"):
        understand(question)


# --- "X did R on D. Who else did so that month (May 2015)?" and "Apart from X, who did R in that week (...)?"


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Japan conferred with South Korea on 20 May 2015. Who else did so that month (May 2015)?",
            "In the same month that Japan conferred with South Korea on 20 May 2015, who else did so?",
        ),
        (
            "Iraq commented publicly on Haider Al-Abadi on 2014-08-15. Who else did so that month (August 2014)?",
            "In the same month that Iraq commented publicly on Haider Al-Abadi on 2014-08-15, who else did so?",
        ),
        (
            "Japan conferred with South Korea on 20 May 2015. Who else did so that same month (i.e. May 2015)?",
            "In the same month that Japan conferred with South Korea on 20 May 2015, who else did so?",
        ),
        (
            "Japan conferred with South Korea on 20 May 2015. Who else did so that year (2015)?",
            "In the same year that Japan conferred with South Korea on 20 May 2015, who else did so?",
        ),
        (
            "Japan conferred with South Korea on 20 May 2015. Besides Japan, which countries conferred with South "
            "Korea that month (May 2015)?",
            "In the same month that Japan conferred with South Korea on 20 May 2015, which other countries conferred "
            "with South Korea?",
        ),
        (
            "Chuck Hagel voiced a wish to meet Curacao for talks on 29 August 2014. Apart from Chuck Hagel, who voiced "
            "a wish to meet Curacao for talks in that week (Monday August 25, 2014 to Sunday August 31, 2014)?",
            "In the same year that Chuck Hagel voiced a wish to meet Curacao for talks on 29 August 2014, who else "
            "voiced a wish to meet Curacao for talks from 25 August 2014 to 31 August 2014?",
        ),
    ],
)
def test_a_bracket_restating_the_statements_period(question: str, said: str) -> None:
    assert _rewritten(question) == said


def test_a_bracket_naming_another_month_abstains() -> None:
    q = "Japan conferred with South Korea on 20 May 2015. Who else did so that month (June 2015)?"
    with pytest.raises(UnreadablePair):
        _rewritten(q)


# --- "When exactly in 2014 did X do R?"


@pytest.mark.parametrize(
    "question",
    [
        "When exactly in 2014 did Sergey Kuzhugetovich Shoygu hold consultations with Serik Akhmetov? Give the date.",
        "When precisely did Sergey Kuzhugetovich Shoygu hold consultations with Serik Akhmetov in 2014?",
    ],
)
def test_when_exactly_keeps_the_relation_phrase(question: str) -> None:
    tq = understand(question)
    assert "exactly" not in (tq.relation_phrase or "") and "precisely" not in (tq.relation_phrase or "")
    assert [m.text for m in tq.mentions] == ["Sergey Kuzhugetovich Shoygu", "Serik Akhmetov"]


@pytest.mark.parametrize(
    ("question", "unread"),
    [
        ("When did Iran last confer with Oman in the two years 2014-2015?", ""),
        ("When did Iran last confer with Oman in the two years 2014 to 2015?", ""),
        ("When did Iran last confer with Oman in the three years 2014-2015?", "three years"),
    ],
)
def test_a_count_of_years_restating_the_range(question: str, unread: str) -> None:
    (t,) = understand(question).times
    assert t.span is not None and (t.span.start, t.span.end) == (date(2014, 1, 1), date(2015, 12, 31))
    assert t.unread == unread


def test_apart_from_the_statements_subject_with_the() -> None:
    q = (
        "Coalition of the Radical Left made a statement about Antonis Samaras on 17 December 2014. Apart from the "
        "Coalition of the Radical Left, who made a statement about Antonis Samaras that month (December 2014)?"
    )
    assert _rewritten(q) == (
        "In the same month that Coalition of the Radical Left made a statement about Antonis Samaras on 17 December "
        "2014, who else made a statement about Antonis Samaras?"
    )


def test_apart_from_another_actor_is_left() -> None:
    q = (
        "Japan conferred with South Korea on 20 May 2015. Other than China, who conferred with South Korea that "
        "month (May 2015)?"
    )
    assert "Other than China" in _rewritten(q)


@pytest.mark.parametrize(
    "week",
    [
        "the week of 20 May 2015",
        "the week of 18 May 2015",
        "the week beginning 18 May 2015",
        "i.e. the week of May 24, 2015",
    ],
)
def test_that_week_said_as_the_week_of_a_day(week: str) -> None:
    q = f"Japan conferred with South Korea on 20 May 2015. Who else did so that week ({week})?"
    assert _rewritten(q) == (
        "In the same year that Japan conferred with South Korea on 20 May 2015, who else did so from 18 May 2015 to "
        "24 May 2015?"
    )


def test_the_week_of_another_day_abstains() -> None:
    q = "Japan conferred with South Korea on 20 May 2015. Who else did so that week (the week of 11 May 2015)?"
    with pytest.raises(UnreadablePair):
        _rewritten(q)


# --- the twin rewrites merged: one rule per form


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "In the same month as Barack Obama visited Japan, but after that happened, which actors criticized China?",
            "In the same month that Barack Obama visited Japan, which actors criticized China after Barack Obama "
            "visited Japan?",
        ),
        (
            "Earlier in the same year in which Japan visited China, but before that happened, Who visited Korea?",
            "In the same year that Japan visited China, who visited Korea before Japan visited China?",
        ),
    ],
)
def test_a_side_within_an_anchors_period_is_one_rule(question: str, said: str) -> None:
    from tkgrag.question.clause_shapes import anchor_period_part

    assert anchor_period_part(question) == said


def test_the_fronted_than_the_day_is_one_rule() -> None:
    from tkgrag.question.clause_shapes import than_the_day
    from tkgrag.question.time_glosses import time_glosses

    q = "Later in 2015 than the day Japan visited China, which actors criticized Japan?"
    assert than_the_day(q) == q
    assert time_glosses(q) == "After the day when Japan visited China in 2015, which actors criticized Japan in 2015?"
