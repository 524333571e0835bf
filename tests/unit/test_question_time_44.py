"""Issue 29 item 3 (h35t): the time, window and scope families of blind sets 44-48, in their own wordings and in
others (each was read wrong or abstained on the tree before)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.unit.question_readings import rewritten as _rewritten
from tests.unit.question_readings import windows as _windows
from tkgrag.question.model import AnswerKind, Signal
from tkgrag.question.parse import QuestionError, understand
from tkgrag.temporal import Granularity

# --- "between D1 (exclusive) and D2", "(inclusive)", "(not counting that day)", "to year end"


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Between the 13th of August 2015 (exclusive) and 31 December 2015, which parties used conventional "
            "military force against Egyptian protesters?",
            (date(2015, 8, 14), date(2015, 12, 31)),
        ),
        (
            "Between 23 September 2014 (exclusive) and the end of 2014, who imposed sanctions on Iran?",
            (date(2014, 9, 24), date(2014, 12, 31)),
        ),
        (
            "Between 28 March 2015 (exclusive) and the end of 2015, who had a phone call with students in Kenya?",
            (date(2015, 3, 29), date(2015, 12, 31)),
        ),
        (
            "Between 2 March 2014 (inclusive) and 30 June 2014 (exclusive), who visited China?",
            (date(2014, 3, 2), date(2014, 6, 29)),
        ),
        (
            "Who visited China between 5 May 2015 (not counting that day) and the end of June 2015?",
            (date(2015, 5, 6), date(2015, 6, 30)),
        ),
        ("From 5 May 2015, exclusive, to 9 May 2015, who visited China?", (date(2015, 5, 6), date(2015, 5, 9))),
        ("From the day after 5 May 2015 to year end, who visited China?", (date(2015, 5, 6), date(2015, 12, 31))),
        (
            "Between 5 May 2015 (excluding that day) and 30 June 2015, who visited China?",
            (date(2015, 5, 6), date(2015, 6, 30)),
        ),
        (
            "Between 5 May 2015 (including that day) and 30 June 2015 (excluding it), who visited China?",
            (date(2015, 5, 5), date(2015, 6, 29)),
        ),
        (
            "From 13 August 2015 (exclusive) through to 31 December 2015, who visited China?",
            (date(2015, 8, 14), date(2015, 12, 31)),
        ),
        (
            "From 13 August 2015 (exclusive) up to 31 December 2015, who visited China?",
            (date(2015, 8, 14), date(2015, 12, 31)),
        ),
        ("Who visited China from 5 May 2015 to the end of the month?", (date(2015, 5, 5), date(2015, 5, 31))),
        (
            "Between 3 March 2014 and 30 June 2014 (inclusive), who visited China?",
            (date(2014, 3, 3), date(2014, 6, 30)),
        ),
    ],
)
def test_a_marked_edge_is_read(question: str, window: tuple[date, date]) -> None:
    tq = understand(question)
    assert [(t.span.start, t.span.end) for t in tq.times if t.span is not None] == [window]
    assert not any(w in tq.relation_phrase.lower() for w in ("exclusive", "inclusive", "counting", "between"))


def test_a_mark_on_an_edge_that_is_no_day_is_left() -> None:
    assert "(exclusive)" in _rewritten("Between March 2014 (exclusive) and June 2014, who visited China?")


@pytest.mark.parametrize(
    "question",
    [
        # after a range of two days, "(exclusive)" may leave out either end or both: left to the time reader
        "Between 2 March 2014 and 30 June 2014, exclusive, who visited China?",
        "Between 2 March 2014 and 30 June 2014 (exclusive), who visited China?",
    ],
)
def test_an_unplaced_exclusive_is_left(question: str) -> None:
    assert "exclusive" in _rewritten(question)


def test_a_range_read_already_is_kept_as_written() -> None:
    q = "Between 2014-02-16 and 2014-02-22, inclusive, which parties addressed an appeal to Barack Obama?"
    assert _rewritten(q) == "Between 2014-02-16 and 2014-02-22, which parties addressed an appeal to Barack Obama?"


# --- a half or a fortnight of a month with its days in brackets: the bracket's days, where they fit the words


@pytest.mark.parametrize(
    ("question", "window"),
    [
        (
            "Who endorsed Ashraf Ghani Ahmadzai in the second half of October 2015 (from the 15th to the end of the "
            "month)?",
            (date(2015, 10, 15), date(2015, 10, 31)),
        ),
        (
            "In the first fortnight of January 2014 (the 1st to the 14th), which parties appealed to citizens of "
            "Thailand for diplomatic cooperation?",
            (date(2014, 1, 1), date(2014, 1, 14)),
        ),
        ("Who visited China in the latter half of June 2014 (16-30 June)?", (date(2014, 6, 16), date(2014, 6, 30))),
        ("Who visited China in the first half of March 2015 (1-15 March)?", (date(2015, 3, 1), date(2015, 3, 15))),
        (
            "During the second half of February 2015 (15 to 28 February), who visited China?",
            (date(2015, 2, 15), date(2015, 2, 28)),
        ),
        (
            "Who visited China in the second fortnight of April 2014 (April 15-30)?",
            (date(2014, 4, 15), date(2014, 4, 30)),
        ),
        ("Who visited China in the final fortnight of June 2014 (17-30 June)?", (date(2014, 6, 17), date(2014, 6, 30))),
    ],
)
def test_a_half_month_with_its_days(question: str, window: tuple[date, date]) -> None:
    assert _windows(question) == [window]
    assert "half" not in understand(question).relation_phrase


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China in the second half of June 2014 (1-15 June)?",
        "Who visited China in the first half of March 2015 (1-20 March)?",
        "Who visited China in the second half of March 2015 (16-31 April)?",
        # the last fortnight is its 14 days (17-30 June), as the time reader places it
        "Who visited China in the last fortnight of June 2014 (15-30 June)?",
    ],
)
def test_a_half_month_abstains_where_the_bracket_disagrees(question: str) -> None:
    with pytest.raises(QuestionError, match="names other days"):
        understand(question)


@pytest.mark.parametrize(
    "question",
    [
        "Who endorsed Ashraf Ghani Ahmadzai in the first half of October 2015?",
        "In the second half of January 2014, which parties threatened Benjamin Netanyahu?",
        "Who visited China during the latter half of June 2014?",
    ],
)
def test_a_half_month_without_its_days_is_unread(question: str) -> None:
    # where the half starts (the 15th or the 16th) is unsaid: the month alone answered for the other half too
    (t,) = understand(question).times
    assert "half" in t.unread


@pytest.mark.parametrize(
    ("question", "window"),
    [
        ("Who visited China in the second half of 2015?", (date(2015, 7, 1), date(2015, 12, 31))),
        ("Who visited China in the first half of the year 2015?", (date(2015, 1, 1), date(2015, 6, 30))),
    ],
)
def test_a_half_year_is_still_read(question: str, window: tuple[date, date]) -> None:
    assert _windows(question) == [window]


# --- an aside on the asked time right after "when": dashes, brackets, commas


@pytest.mark.parametrize(
    ("question", "window", "grain"),
    [
        (
            "After Benjamin Netanyahu spoke approvingly of Arab Israelis, when - in 2015 - did Benjamin Netanyahu "
            "next praise Likud?",
            (date(2015, 1, 1), date(2015, 12, 31)),
            Granularity.DAY,
        ),
        (
            "In 2014, when - to the month - did Abdel Fattah Al-Sisi first visit Sudan?",
            (date(2014, 1, 1), date(2014, 12, 31)),
            Granularity.MONTH,
        ),
        (
            "In 2015, when \u2013 to the day \u2013 did Japan first visit China?",
            (date(2015, 1, 1), date(2015, 12, 31)),
            Granularity.DAY,
        ),
        (
            "When (to the year) did Japan last visit China in 2014?",
            (date(2014, 1, 1), date(2014, 12, 31)),
            Granularity.YEAR,
        ),
        ("When - during March 2014 - did Japan visit China?", (date(2014, 3, 1), date(2014, 3, 31)), Granularity.DAY),
    ],
)
def test_an_aside_after_when(question: str, window: tuple[date, date], grain: Granularity) -> None:
    tq = understand(question)
    assert [(t.span.start, t.span.end) for t in tq.times if t.span is not None] == [window]
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is grain
    assert not any(a.trigger.lower() == "when" for a in tq.anchors)
    assert "-" not in tq.relation_phrase and "\u2013" not in tq.relation_phrase


@pytest.mark.parametrize(
    ("question", "position", "window"),
    [
        ("When, at the latest in 2014, did Iraq use conventional military force against Iran?", -1, (2014, 2014)),
        ("When, at the earliest in 2015, did Iraq use conventional military force against Iran?", 1, (2015, 2015)),
        ("When (at the latest) did Iraq use conventional military force against Iran in 2014?", -1, (2014, 2014)),
        ("When - at the earliest - did Japan visit China in 2015? Give the day.", 1, (2015, 2015)),
        ("When, at the latest in 2014, did Iraq last use conventional military force against Iran?", -1, (2014, 2014)),
    ],
)
def test_at_the_latest_is_the_last_one(question: str, position: int, window: tuple[int, int]) -> None:
    tq = understand(question)
    assert [o.position for o in tq.ordinals] == [position]
    assert [(t.span.start.year, t.span.end.year) for t in tq.times if t.span and t.span.start and t.span.end] == [
        window
    ]
    assert not tq.anchors


def test_at_the_latest_against_first_abstains() -> None:
    with pytest.raises(QuestionError, match="ask for different events"):
        understand("When (at the latest in 2014) did Barack Obama first host Angela Merkel?")


def test_other_asides_are_left() -> None:
    assert "if ever" in _rewritten("When - if ever - did Barack Obama host Angela Merkel in 2014?")


def test_a_window_between_dashes_elsewhere() -> None:
    tq = understand("Who visited China - in 2015 - for talks?")
    assert _windows("Who visited China - in 2015 - for talks?") == [(date(2015, 1, 1), date(2015, 12, 31))]
    assert "-" not in tq.relation_phrase


# --- a scope said before a clause that opens on "before" / "after"


@pytest.mark.parametrize(
    ("question", "year"),
    [
        (
            "Looking only at 2015: before France welcomed Len Brown on a visit, who was the last to take legal action "
            "against citizens of Thailand?",
            2015,
        ),
        ("Considering only 2014 - after Japan visited China, who was the first to visit Vietnam?", 2014),
        ("Looking at 2014 alone: just before Japan visited China, who visited Vietnam?", 2014),
        ("Taking only 2015 into account: before Japan visited China, who was the last to visit Vietnam?", 2015),
    ],
)
def test_a_front_scope_before_an_anchor(question: str, year: int) -> None:
    tq = understand(question)
    assert _windows(question) == [(date(year, 1, 1), date(year, 12, 31))]
    assert [a.trigger.lower() for a in tq.anchors] in (["before"], ["after"], ["just before"])
    assert not any("Looking" in m.text or "Considering" in m.text for m in tq.mentions)


# --- years asked over a list or a range


@pytest.mark.parametrize(
    "question",
    [
        "In which year, 2014 or 2015, did Morteza Sarmadi visit Iran? (Give every year that applies.)",
        "In which year, 2014 or 2015, did Morteza Sarmadi visit Iran? (List each year that applies.)",
        "In which year(s), 2014 and/or 2015, did Morteza Sarmadi visit Iran?",
        "Tell me the years across 2014 and 2015 when the government of Nigeria made a statement about Ibrahim Idris.",
        "List the years between 2014 and 2015 in which Morteza Sarmadi visited Iran.",
        "In which of the years 2014 and 2015 did Morteza Sarmadi visit Iran? List every year that applies.",
        "Name every year, across 2014 and 2015, in which Morteza Sarmadi visited Iran.",
        "Tell me the years, between 2014 and 2015, when Morteza Sarmadi visited Iran.",
    ],
)
def test_years_asked_over_two_years(question: str) -> None:
    tq = understand(question)
    assert _windows(question) == [(date(2014, 1, 1), date(2015, 12, 31))]
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is Granularity.YEAR
    assert not tq.anchors
    assert not any(w in tq.relation_phrase.lower() for w in ("give", "every", "applies", "list", "tell"))


@pytest.mark.parametrize(
    ("question", "grain"),
    [
        ("List every day on which Japan hosted Vietnam.", Granularity.DAY),
        ("Name each month in which Japan hosted Vietnam.", Granularity.MONTH),
        ("Give all the days between 2014 and 2015 on which Japan hosted Vietnam.", Granularity.DAY),
    ],
)
def test_every_day_on_which(question: str, grain: Granularity) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is grain
    assert tq.relation_phrase == "hosted"


# --- a named day with its bracket: the bracket's day, unless the calendar says another


@pytest.mark.parametrize(
    ("question", "day"),
    [
        (
            "Who held negotiations with the head of government of South Korea on Independence Day in the United "
            "States (July 4) 2014?",
            date(2014, 7, 4),
        ),
        ("Who visited France on Bastille Day 2015 (14 July)?", date(2015, 7, 14)),
        ("Who visited Japan on Christmas Day (25 December) 2014?", date(2014, 12, 25)),
        ("Who visited India on Republic Day of India (26 January) 2015?", date(2015, 1, 26)),
    ],
)
def test_a_named_day_with_its_bracket(question: str, day: date) -> None:
    assert _windows(question) == [(day, day)]
    assert "Day" not in _rewritten(question)


@pytest.mark.parametrize(
    "question",
    ["Who visited Japan on Christmas Day (26 December) 2014?", "Who visited France on Bastille Day 2015 (15 July)?"],
)
def test_a_named_day_against_its_bracket_abstains(question: str) -> None:
    with pytest.raises(QuestionError, match="is not"):
        understand(question)


# --- "that day / week (...)" after a statement: the bracket is checked against the statement's time


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        ("Japan visited China on 17 December 2014. Who else did so that day (17 December 2014)?", "same-day"),
        ("Japan visited China on 17 December 2014. Who else did so that day (17 December)?", "same-day"),
        ("Japan visited China on 17 December 2014. Who else did so that same month (December 2014)?", "same-month"),
    ],
)
def test_a_bracket_that_restates_the_period(question: str, anchor: str) -> None:
    tq = understand(question)
    assert [a.relation.value for a in tq.anchors] == [anchor]
    assert "(" not in _rewritten(question)


@pytest.mark.parametrize(
    "question",
    [
        "Japan visited China on 17 December 2014. Who else did so that day (18 December 2014)?",
        "Japan visited China on 17 December 2014. Who else did so on that very day (16 December)?",
        "Japan visited China on 17 December 2014. Who else did so that week (December 2014)?",
        "Japan visited China on 17 December 2014. Who else did so that week (2014)?",
    ],
)
def test_a_bracket_that_names_another_period_abstains(question: str) -> None:
    with pytest.raises(QuestionError, match="bracket"):
        understand(question)


def test_a_window_from_that_day_is_still_read() -> None:
    q = (
        "Mexico consulted Colombia on the 13th of August 2014. Who else did so within the week that began that day "
        "(through 19 August 2014)?"
    )
    assert _windows(q)[-1] == (date(2014, 8, 13), date(2014, 8, 19))


def test_a_week_bracket_with_its_days_is_still_read() -> None:
    question = "Japan visited China on 17 December 2014. Who else did so that week (the week of 15 December 2014)?"
    assert _windows(question)[-1] == (date(2014, 12, 15), date(2014, 12, 21))


# --- a capitalised word of a name is no verb that ends a state: "the Radical Left ... on D" is that day


@pytest.mark.parametrize(
    "question",
    [
        "In the same month that Coalition of the Radical Left made a statement about Antonis Samaras on 17 December "
        "2014, who else made a statement about Antonis Samaras?",
        "Coalition of the Radical Left made a statement about Antonis Samaras on 17 December 2014. Who else did so "
        "that month?",
    ],
)
def test_a_name_ending_in_left_is_no_finish(question: str) -> None:
    (t,) = understand(question).times
    assert t.signal is Signal.OVERLAP


def test_left_as_a_verb_still_ends_a_state() -> None:
    (t,) = understand("Who left the cabinet of Greece on 17 December 2014?").times
    assert t.signal is Signal.FINISH
