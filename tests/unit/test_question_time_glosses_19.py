"""Issue 29 (h29u): time brackets of blind sets 19-21, in other wordings: a gloss restating a stretch's last day, an
excluded last edge in brackets, a scope in brackets after an anchor, a named day without "Day" with its date in
brackets, and a season across two years with its months in brackets. Each is read, or left unread where the bracket
disagrees with the window."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.parse import QuestionError, understand


def _window(question: str) -> tuple[date | None, date | None]:
    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and not t.unread
    return t.span.start, t.span.end


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Who held consultations with Joachim Gauck during the 14-day stretch that began on the 19th of March 2014 "
            "(that is, up to and including April 1, 2014)?",
            date(2014, 3, 19),
            date(2014, 4, 1),
        ),
        (
            "Who negotiated with Bhutan during the 10-day period starting Jun. 16, 2014 (i.e. through June 25, 2014)?",
            date(2014, 6, 16),
            date(2014, 6, 25),
        ),
        (
            "Who negotiated with Bhutan in the 5 days from 3 May 2015 (that is, until 7 May 2015 inclusive)?",
            date(2015, 5, 3),
            date(2015, 5, 7),
        ),
    ],
)
def test_a_gloss_restating_the_last_day_is_dropped(question: str, start: date, end: date) -> None:
    assert _window(question) == (start, end)


def test_a_gloss_naming_another_day_stays_unread() -> None:
    tq = understand(
        "Who negotiated with Bhutan during the 10-day stretch that began on Jun. 16, 2014 "
        "(that is, up to and including June 26, 2014)?"
    )
    assert any(t.unread for t in tq.times)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Between the start of 2015 and Dec. 14, 2015 (not counting that day), who appealed to Jens Stoltenberg?",
            date(2015, 1, 1),
            date(2015, 12, 13),
        ),
        (
            "Who consulted Raheel Sharif between the start of 2014 and 5 February 2014 (that day not included)?",
            date(2014, 1, 1),
            date(2014, 2, 4),
        ),
        (
            "From 1 March 2015 until 3 April 2015 (excluding that day), which actors criticized Japan?",
            date(2015, 3, 1),
            date(2015, 4, 2),
        ),
        (
            "Who consulted Raheel Sharif from 10 January 2014 to 5 February 2014, not counting the last day?",
            date(2014, 1, 10),
            date(2014, 2, 4),
        ),
    ],
)
def test_an_excluded_last_edge_is_the_day_before(question: str, start: date, end: date) -> None:
    tq = understand(question)
    assert "counting" not in (tq.relation_phrase or "") and "included" not in (tq.relation_phrase or "")
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    ("question", "year"),
    [
        (
            "Who was the first to consult Abdel Fattah Al-Sisi after Abdel Fattah Al-Sisi visited Spain (within 2015)?",
            2015,
        ),
        (
            "After Abdel Fattah Al-Sisi visited Spain (counting only 2014), who was the first to consult him?",
            2014,
        ),
        ("Prior to Barack Obama's visit to Japan (2014 only), who most recently hosted Shinzo Abe?", 2014),
    ],
)
def test_a_scope_in_brackets_stays_out_of_the_anchor(question: str, year: int) -> None:
    tq = understand(question)
    assert [a.text.rstrip() for a in tq.anchors if "(" in a.text] == []
    assert _window(question) == (date(year, 1, 1), date(year, 12, 31))


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("On Halloween (31 October) 2014, who praised the head of government of Burkina Faso?", date(2014, 10, 31)),
        ("Who praised France on Thanksgiving (27 November 2014)?", date(2014, 11, 27)),
        ("Who praised France on Guy Fawkes Night 2014 (5 November)?", date(2014, 11, 5)),
    ],
)
def test_a_named_day_without_day_in_its_name_is_its_stated_date(question: str, day: date) -> None:
    assert _window(question) == (day, day)


def test_a_weekday_with_a_bracketed_date_keeps_its_check() -> None:
    tq = understand("Who praised France on Monday (27 November 2014)?")  # a Thursday
    assert any(t.unread for t in tq.times) or "Monday" in tq.text


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "During the winter of 2014-15 (December 2014 to February 2015), which actors criticized Japan?",
            date(2014, 12, 1),
            date(2015, 2, 28),
        ),
        (
            "Which actors criticized Japan in the 2013/14 winter (December to February)?",
            date(2013, 12, 1),
            date(2014, 2, 28),
        ),
    ],
)
def test_a_season_across_two_years_is_its_stated_months(question: str, start: date, end: date) -> None:
    assert not understand(question).anchors
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    "question",
    [
        "Which actors criticized Japan in the winter of 2014-2015 (December 2013 to February 2014)?",
        "Over the summer of 2014 (June 2013 to August 2013), which actors criticized Japan?",  # read as 2014 before
    ],
)
def test_a_season_whose_bracket_names_other_years_is_not_read(question: str) -> None:
    with pytest.raises(QuestionError, match="do not say one window"):
        understand(question)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "During the winter of 2014 (December 2014 to February 2015), which actors criticized Japan?",
            date(2014, 12, 1),
            date(2015, 2, 28),
        ),
        (
            "During the 2014-2015 winter season (December 2014 through February 2015), which actors criticized Japan?",
            date(2014, 12, 1),
            date(2015, 2, 28),
        ),
    ],
)
def test_a_season_of_one_year_is_its_bracketed_months_with_years(question: str, start: date, end: date) -> None:
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    ("question", "unit", "side"),
    [
        (
            "Earlier in the same year in which the African Union investigated the UN Security Council, but before "
            "that happened, who accused the Israeli Defense Forces?",
            "year",
            "before",
        ),
        (
            "Later in the month when Barack Obama visited Japan, but after it happened, which actors criticized China?",
            "month",
            "after",
        ),
    ],
)
def test_a_side_of_an_anchor_within_its_period_is_two_anchors_on_one_event(question: str, unit: str, side: str) -> None:
    tq = understand(question)
    assert [a.trigger.lower() for a in tq.anchors] == [f"in the same {unit} that", side]
    assert len({a.text for a in tq.anchors}) == 1
    assert "happened" not in (tq.relation_phrase or "")


def test_a_side_that_disagrees_with_earlier_or_later_is_left_as_said() -> None:
    tq = understand("Later in the month when Barack Obama visited Japan, but before it happened, who criticized China?")
    assert not any(a.trigger.lower() == "in the same month that" for a in tq.anchors)


@pytest.mark.parametrize(
    "question",
    [
        "On May Day (1 May) 2015, who praised Cuba?",  # a capital "On" was taken into the name and dropped
        "On Labour Day 2015 (1 May), who praised Cuba?",
    ],
)
def test_a_named_day_opening_the_question_keeps_its_on(question: str) -> None:
    tq = understand(question)
    assert tq.text.startswith("On 1 May 2015") or _window(question) == (date(2015, 5, 1), date(2015, 5, 1))
    (t,) = tq.times
    assert t.relation.lower() == "on"


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        (
            "Who negotiated with Bhutan during the 10-day stretch that began on Jun. 16, 2014 (through June 25, 2014)?",
            date(2014, 6, 16),
            date(2014, 6, 25),
        ),
        (
            "Who negotiated with Bhutan in the week starting 16 June 2014 (that is, through 22 June 2014)?",
            date(2014, 6, 16),
            date(2014, 6, 22),
        ),
        (
            "During the winter of 2014/2015 (Dec 2014 – Feb 2015), which actors criticized Japan?",
            date(2014, 12, 1),
            date(2015, 2, 28),
        ),
        (
            "After Abdel Fattah Al-Sisi visited Spain (considering 2015 only), who was the first to consult him?",
            date(2015, 1, 1),
            date(2015, 12, 31),
        ),
    ],
)
def test_other_wordings_of_the_brackets(question: str, start: date, end: date) -> None:
    assert _window(question) == (start, end)


@pytest.mark.parametrize(
    "question",
    [
        "Between 5 May 2015 and 25 May 2015 (not counting the first day), who consulted Iran?",
        "From 5 May 2015 to 25 May 2015, excluding the first day, who consulted Iran?",
    ],
)
def test_an_excluded_first_edge_is_the_day_after(question: str) -> None:
    assert _window(question) == (date(2015, 5, 6), date(2015, 5, 25))


@pytest.mark.parametrize(
    "question",
    [
        "Between 5 May 2015 and 25 May 2015 (not counting weekends), who consulted Iran?",  # was answered for all days
        "Who consulted Iran in May 2015 (excluding the last two days)?",
    ],
)
def test_days_left_out_that_are_not_read_leave_the_time_unread(question: str) -> None:
    (t,) = understand(question).times
    assert t.unread


def test_an_entity_left_out_is_no_time_word() -> None:
    (t,) = understand("Who visited Japan in 2014, excluding the United States?").times
    assert not t.unread
