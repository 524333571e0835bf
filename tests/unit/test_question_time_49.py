"""Issue 29 item 3 (h36t): the time, window and scope families of blind sets 49-53, in their own wordings and in
others (each was read wrong or abstained on the tree before)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.question_readings import rewritten as _rewritten
from tests.unit.question_readings import windows as _windows
from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import QuestionError, understand

# --- a scope said up front with "taken together", "as a whole", "alone"


@pytest.mark.parametrize(
    ("question", "window", "relation"),
    [
        (
            "Over 2014 and 2015 taken together, in which year did Iran host France for the first time?",
            (date(2014, 1, 1), date(2015, 12, 31)),
            "host",
        ),
        (
            "Taking 2014 and 2015 together, in which year did Nuri al-Maliki visit Iran for the last time?",
            (date(2014, 1, 1), date(2015, 12, 31)),
            "visit",
        ),
        (
            "With 2014 and 2015 combined, when did Iran first confer with Kazakhstan?",
            (date(2014, 1, 1), date(2015, 12, 31)),
            "confer",
        ),
        (
            "Looking at 2015 as a whole, by whom was Khaled Bahah targeted with unconventional violence first?",
            (date(2015, 1, 1), date(2015, 12, 31)),
            "targeted with unconventional violence",
        ),
        ("Viewing 2014 as a whole, who first criticized China?", (date(2014, 1, 1), date(2014, 12, 31)), "criticized"),
        ("Considering 2014 alone, who first criticized China?", (date(2014, 1, 1), date(2014, 12, 31)), "criticized"),
        (
            "Looking at the whole of 2015, who was the last to visit Iran?",
            (date(2015, 1, 1), date(2015, 12, 31)),
            "visit",
        ),
    ],
)
def test_a_scope_said_whole_up_front(question: str, window: tuple[date, date], relation: str) -> None:
    tq = understand(question)
    assert _windows(question) == [window]
    assert tq.relation_phrase == relation
    assert tq.ordinals
    # said as the window alone: the scope word was a name ("Looking") or the relation ("taken together")
    assert _rewritten(question).startswith(("In 20", "Between 20"))


def test_a_preposition_without_a_whole_tail_is_left_as_written() -> None:
    question = "Over 2014 and 2015, in which year did Iran host France for the first time?"
    assert _rewritten(question) == question


# --- the scope closing the question: ", looking only at 2014?"


@pytest.mark.parametrize(
    "question",
    [
        "Right before Didier Burkhalter held consultations with Radoslaw Sikorski, which actor most recently consulted "
        "Radoslaw Sikorski, looking only at 2014?",
        "Which actor most recently consulted Radoslaw Sikorski before Didier Burkhalter held consultations with "
        "Radoslaw Sikorski, focusing only on 2014?",
    ],
)
def test_a_closing_looking_only_at_scope(question: str) -> None:
    tq = understand(question)
    assert _windows(question) == [(date(2014, 1, 1), date(2014, 12, 31))]
    assert tq.relation_phrase == "consulted"
    assert [a.text for a in tq.anchors] == ["Didier Burkhalter held consultations with Radoslaw Sikorski"]


# --- "(but still in 2014)" after a fronted anchor


@pytest.mark.parametrize(
    "question",
    [
        "After the signing of a formal agreement between Comoros and Kuwait (but still in 2014), which parties met on "
        "neutral ground with Kuwait?",
        "After the signing of a formal agreement between Comoros and Kuwait (though still within 2014), which parties "
        "met on neutral ground with Kuwait?",
        "After the signing of a formal agreement between Comoros and Kuwait, but still in 2014, which parties met on "
        "neutral ground with Kuwait?",
    ],
)
def test_but_still_in_a_year_after_an_anchor(question: str) -> None:
    tq = understand(question)
    assert [a.text for a in tq.anchors] == ["the signing of a formal agreement between Comoros and Kuwait"]
    assert _windows(question) == [(date(2014, 1, 1), date(2014, 12, 31))]


# --- a quarter with its months said: "Q2 2014, meaning April to June"


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("During Q2 2014, meaning April to June, who praised Angela Merkel?", (date(2014, 4, 1), date(2014, 6, 30))),
        ("In Q3 2015, that is July to September, who praised Angela Merkel?", (date(2015, 7, 1), date(2015, 9, 30))),
        ("In Q1 2015 (i.e. January through March), who praised Angela Merkel?", (date(2015, 1, 1), date(2015, 3, 31))),
    ],
)
def test_a_quarter_with_its_months(question: str, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert _windows(question) == [window]
    assert tq.relation_phrase == "praised"


def test_a_quarter_with_other_months_abstains() -> None:
    with pytest.raises(QuestionError, match="not its own"):
        understand("During Q2 2014, meaning May to June, who praised Angela Merkel?")


# --- "(both days included)" after a range whose head is inside the time


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Between 17 and 21 November 2014 (both days included), whom did Tunde Bakare speak publicly about?",
            (date(2014, 11, 17), date(2014, 11, 21)),
        ),
        ("Between 3 and 9 May 2015 (inclusive of both), who visited Iran?", (date(2015, 5, 3), date(2015, 5, 9))),
        ("Who visited Iran between 3 and 9 May 2015, both inclusive?", (date(2015, 5, 3), date(2015, 5, 9))),
        ("Who visited Iran from 3 to 9 May 2015 (both ends included)?", (date(2015, 5, 3), date(2015, 5, 9))),
        ("Who visited Iran between 3 and 9 May 2015 (including both days)?", (date(2015, 5, 3), date(2015, 5, 9))),
    ],
)
def test_both_edges_included(question: str, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert _windows(question) == [window]
    assert "both" not in tq.relation_phrase and "inclu" not in tq.relation_phrase


# --- a country's independence day


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("Who made an appeal to Japan on US Independence Day 2014?", date(2014, 7, 4)),
        ("Who visited Iran on American Independence Day 2015?", date(2015, 7, 4)),
        ("Who visited Iran on India's Independence Day 2015?", date(2015, 8, 15)),
        ("Who visited Iran on Independence Day in the United States 2014?", date(2014, 7, 4)),
        ("Who visited Iran on Mexican Independence Day 2015?", date(2015, 9, 16)),
    ],
)
def test_a_country_independence_day(question: str, day: date) -> None:
    assert _windows(question) == [(day, day)]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Iran on Independence Day 2014?",  # no country: which day is unsaid
        "Who visited Iran on Israeli Independence Day 2014?",  # a day that moves with another calendar
    ],
)
def test_an_independence_day_without_one_date_stays_unread(question: str) -> None:
    tq = understand(question)
    assert all(t.span is None for t in tq.times)


def test_a_country_day_bracket_must_be_its_day() -> None:
    with pytest.raises(QuestionError, match="is not US Independence Day"):
        understand("Who visited Iran on US Independence Day (5 July) 2014?")


# --- "during the calendar month in which X did R Y"


@pytest.mark.parametrize(
    ("question", "relation", "anchor"),
    [
        (
            "Who endorsed Macky Sall during the calendar month in which Muhammadu Buhari made a statement about the UN "
            "Security Council?",
            AnchorRelation.SAME_MONTH,
            "Muhammadu Buhari made a statement about the UN Security Council",
        ),
        (
            "Who visited Iran in the same calendar month as Barack Obama visited China?",
            AnchorRelation.SAME_MONTH,
            "Barack Obama visited China",
        ),
        (
            "In the calendar year in which Barack Obama visited China, who visited Iran?",
            AnchorRelation.SAME_YEAR,
            "Barack Obama visited China",
        ),
        (
            "Who visited Iran during the very calendar week that Barack Obama visited China?",
            AnchorRelation.SAME_WEEK,
            "Barack Obama visited China",
        ),
    ],
)
def test_the_calendar_period_of_an_anchor(question: str, relation: AnchorRelation, anchor: str) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(relation, anchor)]


def test_a_calendar_week_with_other_days_is_not_the_calendar_week() -> None:
    tq = understand("Who visited Iran in the same calendar week (Sunday to Saturday) as Barack Obama visited China?")
    assert all(a.relation is not AnchorRelation.SAME_WEEK for a in tq.anchors)


def test_calendar_year_with_its_number() -> None:
    assert _windows("Who visited Iran during calendar year 2014?") == [(date(2014, 1, 1), date(2014, 12, 31))]
    assert not understand("Who visited Iran during calendar year 2014?").anchors  # "calendar" was an anchor
    assert understand("Who visited Iran in the calendar year 2014?").relation_phrase == "visited"


# --- "in 2014 and 2015": the two years together


@pytest.mark.parametrize(
    "question",
    [
        "When did Japan last host Barack Obama in 2014 and 2015?",
        "In 2014 and 2015, when did Japan last host Barack Obama?",
        "When did Iran first visit China in 2014 and in 2015?",
    ],
)
def test_two_years_in_a_row_are_read_together(question: str) -> None:
    assert _windows(question) == [(date(2014, 1, 1), date(2015, 12, 31))]


def test_both_years_or_years_apart_are_left() -> None:
    for question in (
        "Who visited Iran in both 2014 and 2015?",
        "When did Iran first visit China during 2013 and 2015?",
    ):
        assert _rewritten(question) == question


# --- "When was the first time after <anchor> that X did R?"


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        (
            "When was the first time after Barack Obama visited China that Japan hosted Barack Obama?",
            AnchorRelation.AFTER,
        ),
        (
            "When was the last time before Barack Obama visited China that Japan hosted Barack Obama?",
            AnchorRelation.BEFORE,
        ),
    ],
)
def test_the_first_time_after_an_anchor_that(question: str, relation: AnchorRelation) -> None:
    tq = understand(question)
    assert [(a.relation, a.text) for a in tq.anchors] == [(relation, "Barack Obama visited China")]
    assert tq.relation_phrase == "hosted"


# --- "(both days excluded)": the days strictly between


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Iran between 3 and 9 May 2015 (both days excluded)?",
        "Between 3 May 2015 and 9 May 2015, exclusive of both, who visited Iran?",
    ],
)
def test_both_edges_excluded(question: str) -> None:
    assert _windows(question) == [(date(2015, 5, 4), date(2015, 5, 8))]
    assert understand(question).relation_phrase == "visited"


@pytest.mark.parametrize(
    "question",
    ["Who visited Iran from 3 to 4 May 2015 (both days excluded)?", "Who visited Iran in 2015 (both days excluded)?"],
)
def test_both_edges_excluded_without_days_between_abstains(question: str) -> None:
    with pytest.raises(QuestionError, match="no range of days"):
        understand(question)
