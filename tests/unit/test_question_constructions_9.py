"""Issue 29, h29j: the seventh blind set's wordings (now tuning data): a weekday before a date. Each case failed before
its fix."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.declarative import anchor_sentence
from tkgrag.question.model import Signal
from tkgrag.question.parse import understand
from tkgrag.question.time_expressions import find_time_expressions


@pytest.mark.parametrize(
    ("question", "signal", "day", "names"),
    [
        (
            "Who held consultations with the Agence France-Presse after Monday 14 September 2015",
            Signal.AFTER,
            date(2015, 9, 14),
            ["Agence France-Presse"],
        ),
        (
            "Later than Monday 15 December 2014, who spoke out against Barack Obama?",
            Signal.AFTER,
            date(2014, 12, 15),
            ["Barack Obama"],
        ),
        ("Who did Iran visit on Wednesday, July 15, 2015?", Signal.OVERLAP, date(2015, 7, 15), ["Iran"]),
        ("Who did Iran visit on Tue. 14 July 2015?", Signal.OVERLAP, date(2015, 7, 14), ["Iran"]),
    ],
)
def test_a_weekday_before_a_date_belongs_to_the_time_phrase(
    question: str, signal: Signal, day: date, names: list[str]
) -> None:
    (t,) = find_time_expressions(question)
    assert t.signal is signal
    assert t.span is not None and t.span.start == t.span.end == day
    assert "day" in question[t.phrase_start : t.end].lower() or "Tue." in question[t.phrase_start : t.end]
    assert [m.text for m in understand(question).mentions] == names


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        (
            "Angela Merkel praised the head of government of Qatar. Who did the same right after that?",
            "After Angela Merkel praised the head of government of Qatar, who did the same?",
        ),
        (
            "Julie Bishop held consultations with Pavlo Klimkin. Who did the same immediately after that?",
            "After Julie Bishop held consultations with Pavlo Klimkin, who did the same?",
        ),
        (
            "Tanzania received a visit from Iran - who was the previous one to do that?",
            "Before Tanzania received a visit from Iran, who did that?",
        ),
        (
            "Kuwait consulted Abdel Fattah Al-Sisi \u2014 who was the next one to do that?",
            "After Kuwait consulted Abdel Fattah Al-Sisi, who did that next?",
        ),
        (
            "Djibouti offered diplomatic support to Japan; who else did that the same month?",
            "In the same month that Djibouti offered diplomatic support to Japan, who else did that?",
        ),
        (
            "Abdel Fattah Al-Sisi held negotiations with John Brennan. Who else did so on the same day?",
            "On the same day that Abdel Fattah Al-Sisi held negotiations with John Brennan, who else did so?",
        ),
    ],
)
def test_a_statement_joined_to_a_pro_form_question_is_its_anchor(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


def test_a_hyphen_inside_a_name_joins_nothing() -> None:
    question = "Who did Al-Sisi consult?"
    assert anchor_sentence(question) == question


@pytest.mark.parametrize(
    ("question", "folded"),
    [
        (
            "Iran rebuffed the European Parliament. Who denounced the European Parliament one day earlier?",
            "The day before Iran rebuffed the European Parliament, who denounced the European Parliament?",
        ),
        (
            "France's foreign ministry consulted citizens of Sudan. Who offered sympathy to citizens of Sudan one day "
            "later?",
            "The day after France's foreign ministry consulted citizens of Sudan, who offered sympathy to citizens of "
            "Sudan?",
        ),
        (
            "The police in Kenya arrested citizens of Kenya. Who visited Kenya the following month?",
            "The month after the police in Kenya arrested citizens of Kenya, who visited Kenya?",
        ),
    ],
)
def test_one_day_later_than_a_statement_is_the_day_after_its_event(question: str, folded: str) -> None:
    assert anchor_sentence(question) == folded


def test_a_question_alone_with_one_day_later_is_unchanged() -> None:
    question = "Who visited Kenya one day later?"
    assert anchor_sentence(question) == question


@pytest.mark.parametrize(
    ("question", "signal"),
    [
        ("Who paid a visit to Malawi earlier in 2014 than June 8", Signal.BEFORE),
        ("Who paid a visit to Malawi later in 2014 than June 8?", Signal.AFTER),
    ],
)
def test_a_comparative_split_by_its_year_bounds_the_day(question: str, signal: Signal) -> None:
    year, day = find_time_expressions(question)
    assert (year.signal, year.span is not None and year.span.start) == (Signal.OVERLAP, date(2014, 1, 1))
    assert (day.signal, day.relation, day.span is not None and day.span.start) == (signal, "than", date(2014, 6, 8))
    assert [m.text for m in understand(question).mentions] == ["Malawi"]


def test_counting_only_a_year_is_a_scope_clause() -> None:
    question = "Which countries or people inked a deal with Japan before 2015-04-03, counting only 2015?"
    day, year = find_time_expressions(question)
    assert (day.signal, year.signal, year.relation) == (Signal.BEFORE, Signal.OVERLAP, "counting only")
    assert question[year.phrase_start : year.end] == "counting only 2015"
