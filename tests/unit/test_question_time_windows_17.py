"""Issue 29 (h29s): the time and window families of blind sets 17 and 18, each in several wordings: a day of the
month named alone ("after the 14th") in the month the question states, a window said by its two edges in two
clauses, an N-day stretch with a weekday on an edge (a wrong weekday abstains), a week stated by its days after a
statement, fixed-date named days (movable ones are off the calendar), and "2014 or 2015 (or both)"."""

from __future__ import annotations

import re
from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import anchor_constraint, explicit_constraints, several_periods
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.rewrite import explicit_phrase
from tkgrag.question.time_expressions import find_time_expressions
from tkgrag.question.window_edges import window_edges
from tkgrag.temporal import Granularity, TimeSpan


def _window(question: str) -> tuple[date | None, date | None]:
    """The days all the question's stated times leave (their intersection), with "after"/"before" as open ends."""
    lo, hi = date.min, date.max
    tq = understand(question)
    assert not [t.unread for t in tq.times if t.unread], question
    assert not [m.text for m in tq.mentions if _WEEKDAY.search(m.text)], question  # no weekday read as a name
    for c in explicit_constraints(tq):
        first, last = c.span.start or date.min, c.span.end or date.max  # "before 2014 was out": open at the start
        if c.relation is TemporalRelation.AFTER:
            lo = max(lo, date.fromordinal(last.toordinal() + 1))
        elif c.relation is TemporalRelation.BEFORE:
            hi = min(hi, date.fromordinal(first.toordinal() - 1))
        else:
            lo, hi = max(lo, first), min(hi, last)
    return lo, hi


_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE)


def _unread(question: str) -> bool:
    """Whether the reader is left with a time it could not read (so it abstains)."""
    try:
        tq = understand(question)
    except QuestionError:
        return True
    return any(t.unread or t.span is None for t in tq.times) or not tq.times


# --- a day of the month named alone ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        ("In March 2014, who held talks with John Kerry after the 14th?", date(2014, 3, 15), date(2014, 3, 31)),
        ("In September of 2015, who attacked Nigeria after the 4th?", date(2015, 9, 5), date(2015, 9, 30)),
        ("Who visited Japan in May 2015 before the 10th?", date(2015, 5, 1), date(2015, 5, 9)),
        ("During June 2014, who criticised China after the twentieth?", date(2014, 6, 21), date(2014, 6, 30)),
        ("Who met Angela Merkel after the 3rd of the month in April 2014?", date(2014, 4, 4), date(2014, 4, 30)),
        ("In April 2015, who criticized Iran between the 5th and the 20th?", date(2015, 4, 5), date(2015, 4, 20)),
        ("In April 2015, who criticized Iran from the 1st to the 5th?", date(2015, 4, 1), date(2015, 4, 5)),
        ("In January 2015, who negotiated with Wang Yi on Wednesday the 21st?", date(2015, 1, 21), date(2015, 1, 21)),
        (
            "In July of 2015, which actors praised Iran before the 21st, and who were they?",
            date(2015, 7, 1),
            date(2015, 7, 20),
        ),
    ],
)
def test_a_day_alone_is_in_the_stated_month(question: str, lo: date, hi: date) -> None:
    assert _window(question) == (lo, hi)


@pytest.mark.parametrize(
    "question",
    [
        # guards: no month stated, two months, no such day, a numbered name
        "In 2014, who visited Japan after the 4th?",
        "Between May 2014 and June 2014, who visited Japan after the 4th?",
        "In February 2015, who visited Japan before the 30th?",
        "In March 2014, who fought the 4th Infantry Division?",
    ],
)
def test_a_day_alone_without_one_month_is_left_as_said(question: str) -> None:
    assert "the 4th" in window_edges(question) or "the 30th" in window_edges(question)


# --- a window said by its two edges ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        (
            "After 4 June 2015 and before the month (June 2015) was out, who called on Iran?",
            date(2015, 6, 5),
            date(2015, 6, 30),
        ),
        (
            "After July 14, 2014 and before the month (July of 2014) was out, who negotiated with China?",
            date(2014, 7, 15),
            date(2014, 7, 31),
        ),
        ("After 4 June 2015 and before the month was out, who called on Iran?", date(2015, 6, 5), date(2015, 6, 30)),
        ("After 4 June 2015 but before the month ended, who called on Iran?", date(2015, 6, 5), date(2015, 6, 30)),
        (
            "After 14 July 2014 and until the month was over, who negotiated with China?",
            date(2014, 7, 15),
            date(2014, 7, 31),
        ),
        (
            "After the end of March 2014 and up to the end of the year, who praised Iran?",
            date(2014, 4, 1),
            date(2014, 12, 31),
        ),
        ("After 4 June 2015 and before the end of the month, who called on Iran?", date(2015, 6, 5), date(2015, 6, 30)),
        (
            "After the end of July 2015 and before 2015 was over, who praised Iran?",
            date(2015, 8, 1),
            date(2015, 12, 31),
        ),
        # a guard, read before too (the comma form is two bounds, as it was)
        (
            "After the end of February 2014, but before 2014 was out, who consulted Japan?",
            date(2014, 3, 1),
            date(2014, 12, 31),
        ),
        # guards, read as before: two bounds after the question's verb
        ("Who called on Iran after 4 June 2015 but before 20 June 2015?", date(2015, 6, 5), date(2015, 6, 19)),
        ("Who called on Iran after May 2015 and still within 2015?", date(2015, 6, 1), date(2015, 12, 31)),
        (
            "After 10 March 2014 and before the end of the year (2014), who visited Japan?",
            date(2014, 3, 11),
            date(2014, 12, 31),
        ),
        ("After 10 March 2014 and before the year was over, who visited Japan?", date(2014, 3, 11), date(2014, 12, 31)),
    ],
)
def test_a_window_said_by_its_two_edges(question: str, lo: date, hi: date) -> None:
    assert _window(question) == (lo, hi)


@pytest.mark.parametrize(
    "question",
    [
        # guards: an empty window; an edge that is no time
        "After 4 June 2015 and before 2 June 2015, who called on Iran?",
        "After the summit and before 2015 was over, who called on Iran?",
    ],
)
def test_a_two_edged_window_that_cannot_be_read_is_left_as_said(question: str) -> None:
    assert window_edges(question).startswith("After")


# --- an N-day stretch, a weekday on an edge ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        (
            "Over the 7-day stretch 1 February 2014 through 7 February 2014, inclusive, who denounced Iran?",
            date(2014, 2, 1),
            date(2014, 2, 7),
        ),
        (
            "Over the 10-day stretch 2015-05-26 through June 4, 2015, inclusive, who consulted Iran?",
            date(2015, 5, 26),
            date(2015, 6, 4),
        ),
        # a guard, read before too ("from" heads the range; the agreeing count is dropped now)
        (
            "Over a 7-day period from 1 February 2014 to 7 February 2014, who denounced Iran?",
            date(2014, 2, 1),
            date(2014, 2, 7),
        ),
        (
            "During the 3-day period 8 June 2014 to 10 June 2014, who rebuffed Thailand?",
            date(2014, 6, 8),
            date(2014, 6, 10),
        ),
        (
            "In the 3 days from 17 February 2014 to Wednesday 19 February 2014 (both days included), who praised Iran?",
            date(2014, 2, 17),
            date(2014, 2, 19),
        ),
        (
            "Who hosted Iran in the 5 days from 2015-01-23 to Tuesday 27 January 2015 (both days included)?",
            date(2015, 1, 23),
            date(2015, 1, 27),
        ),
        (
            "Who praised Ethiopia in the 10 days from Monday 23 March 2015 to 2015-04-01 (both days included)?",
            date(2015, 3, 23),
            date(2015, 4, 1),
        ),
        (
            "Who praised Ethiopia in the ten days from Monday, 23 March 2015 to Wednesday, 1 April 2015?",
            date(2015, 3, 23),
            date(2015, 4, 1),
        ),
        # guards, read as before: a count of weeks that agrees; a weekday that agrees with its one day
        (
            "Who praised Ethiopia in the two weeks from 1 June 2015 to 14 June 2015?",
            date(2015, 6, 1),
            date(2015, 6, 14),
        ),
        ("Who praised Ethiopia on Wednesday 19 February 2014?", date(2014, 2, 19), date(2014, 2, 19)),
    ],
)
def test_a_stretch_of_days_is_its_range(question: str, lo: date, hi: date) -> None:
    assert _window(question) == (lo, hi)


@pytest.mark.parametrize(
    "question",
    [
        # a weekday that is not its date's, on an edge or alone; a count that is not the range's (6-day: a guard)
        "Who praised Ethiopia in the 10 days from Tuesday 23 March 2015 to 2015-04-01 (both days included)?",
        "In the 3 days from 17 February 2014 to Tuesday 19 February 2014 (both days included), who praised Iran?",
        "Who praised Ethiopia on Monday 19 February 2014?",
        "In January 2015, who negotiated with Wang Yi on Tuesday the 21st?",
        "Over the 6-day stretch July 21, 2014 through July 25, 2014, inclusive, who praised Hamas?",
        "In the 4 days from 3 March 2014 to 7 March 2014, who visited Japan?",
    ],
)
def test_a_stretch_that_contradicts_itself_is_unread(question: str) -> None:
    assert _unread(question)


def test_the_wrong_weekday_is_said_in_the_reason() -> None:
    (t,) = find_time_expressions("Who praised Ethiopia on Monday 19 February 2014?")
    assert "wednesday" in t.unread.lower()


# --- a week stated by its days after a statement -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        (
            "Agapito Mba Mokuy negotiated with Wang Yi on 21 January 2015. Who else did so that week (Monday 19 "
            "January to Sunday 25 January 2015)?",
            date(2015, 1, 19),
            date(2015, 1, 25),
        ),
        (
            "Scotland Yard made a statement about Shrien Dewani on 2014-04-07. Who else did so that week (Monday 7 "
            "April to Sunday 13 April 2014)?",
            date(2014, 4, 7),
            date(2014, 4, 13),
        ),
        (
            "Japan visited China on 19 May 2014; who else did that during the same week (19-25 May 2014)?",
            date(2014, 5, 19),
            date(2014, 5, 25),
        ),
    ],
)
def test_a_stated_week_bounds_the_answer(question: str, lo: date, hi: date) -> None:
    tq = understand(question)
    assert tq.anchors and tq.anchors[0].relation.granularity is Granularity.YEAR
    spans = [t.span for t in tq.times if t.span is not None and t.span.granularity is Granularity.DAY]
    assert any(s.start == lo and s.end == hi for s in spans)


@pytest.mark.parametrize(
    "question",
    [
        # guards (abstained before, with another reason): the day outside the week; a wrong weekday; > 7 days
        "Japan visited China on 29 May 2014. Who else did so that week (Monday 19 May to Sunday 25 May 2014)?",
        "Japan visited China on 19 May 2014. Who else did so that week (Tuesday 19 May to Sunday 25 May 2014)?",
        "Japan visited China on 19 May 2014. Who else did so that week (19 May to 30 May 2014)?",
    ],
)
def test_a_stated_week_that_does_not_hold_abstains(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


# --- named days -------------------------------------------------------------------------------------------------


def test_a_fixed_named_day_without_its_year_takes_the_stated_one() -> None:
    q = "In 2014, who issued a statement about Sergio Massa on International Women's Day?"
    assert _window(q) == (date(2014, 3, 8), date(2014, 3, 8))
    (t,) = understand("Who issued a statement about Sergio Massa on International Women's Day?").times
    assert t.span is None  # no year: off the calendar, the reader abstains


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("On International Women's Day 2014, who issued a statement about Sergio Massa?", date(2014, 3, 8)),
        ("Who praised the armed forces of the Philippines on International Women's Day of 2014?", date(2014, 3, 8)),
        ("Who visited Japan on World AIDS Day in 2015?", date(2015, 12, 1)),
        ("Who criticised China on Human Rights Day 2014?", date(2014, 12, 10)),
        ("Who rallied in Paris on May Day 2015?", date(2015, 5, 1)),
    ],
)
def test_a_fixed_named_day_is_its_date(question: str, day: date) -> None:
    assert _window(question) == (day, day)


@pytest.mark.parametrize(
    "question",
    [
        "Who visited China on Chinese New Year 2015?",
        "Who visited China on Easter 2015?",
        "Who met Iran during Ramadan 2014?",
        "Who visited the United States on Thanksgiving Day 2014?",
        "Who praised Ghana on Independence Day 2014?",
    ],
)
def test_a_movable_named_day_is_off_the_calendar(question: str) -> None:
    tq = understand(question)
    assert tq.times and all(t.span is None for t in tq.times)


# --- 2014 or 2015 (or both) -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "Was it 2014 or 2015 (or both) when Tim Nicholls declared readiness to sit down with Iran?",
        "Was it in 2014 or in 2015, or both, when Japan visited China?",
        "Was it 2014 or 2015 that Japan visited China?",
        "Was it in 2014, in 2015, or in both years that Japan visited China?",
        "Did Japan visit China in 2014, in 2015, or both?",
    ],
)
def test_two_years_or_both_ask_for_the_years(question: str) -> None:
    tq = understand(question)
    assert tq.answer_type.kind is AnswerKind.TIME and tq.answer_type.granularity is Granularity.YEAR
    assert not tq.anchors
    assert _window(question) == (date(2014, 1, 1), date(2015, 12, 31))


# --- "the same week": the calendar week of the anchor's event --------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "In the same week that Japan visited China on 21 January 2015, who else did so?",
        "Japan visited China on 21 January 2015. Who else did so that week?",
        "Japan visited China on 21 January 2015; who else did that in the same week?",
        "During the week when Japan visited China, who criticised Iran?",
    ],
)
def test_the_same_week_is_a_week_anchor(question: str) -> None:
    (anchor,) = understand(question).anchors
    assert anchor.relation is AnchorRelation.SAME_WEEK


@pytest.mark.parametrize(
    ("day", "monday"),
    [
        (date(2015, 1, 21), date(2015, 1, 19)),
        (date(2015, 1, 19), date(2015, 1, 19)),
        (date(2015, 1, 4), date(2014, 12, 29)),
    ],
)
def test_the_same_week_runs_monday_to_sunday(day: date, monday: date) -> None:
    c = anchor_constraint(AnchorRelation.SAME_WEEK, "e1", TimeSpan.day(day))
    assert c.relation is TemporalRelation.DURING
    assert (c.span.start, c.span.end) == (monday, date.fromordinal(monday.toordinal() + 6))
    assert explicit_phrase(AnchorRelation.SAME_WEEK, TimeSpan.day(day)).startswith("between")


def test_two_days_of_one_week_leave_the_week_said() -> None:
    monday, sunday, next_monday = date(2015, 1, 19), date(2015, 1, 25), date(2015, 1, 26)
    assert not several_periods(AnchorRelation.SAME_WEEK, [TimeSpan.day(monday), TimeSpan.day(sunday)])
    assert several_periods(AnchorRelation.SAME_WEEK, [TimeSpan.day(sunday), TimeSpan.day(next_monday)])


def test_a_counted_noun_that_is_no_stretch_is_left_as_said() -> None:
    q = "Who attended the 3-day summit held from 1 May 2014 to 3 May 2014?"
    assert window_edges(q) == q


@pytest.mark.parametrize(
    ("question", "agrees"),
    [
        ("Who visited Japan on 19 February 2014 (a Wednesday)?", True),
        ("On 19 February 2014, a Wednesday, who visited Japan?", True),
        ("Who visited Japan on 19 February 2014 (Tuesday)?", False),
        ("On 19 February 2014, a Tuesday, who visited Japan?", False),
    ],
)
def test_a_weekday_after_its_day_is_checked(question: str, agrees: bool) -> None:
    if agrees:
        assert _window(question) == (date(2014, 2, 19), date(2014, 2, 19))
    else:
        assert _unread(question)


@pytest.mark.parametrize(
    ("question", "lo", "hi"),
    [
        ("In 2014, during March, who visited Japan after the 14th?", date(2014, 3, 15), date(2014, 3, 31)),
        ("In 2014, who visited Japan in March after the 14th?", date(2014, 3, 15), date(2014, 3, 31)),
    ],
)
def test_a_day_alone_in_a_month_of_the_stated_year(question: str, lo: date, hi: date) -> None:
    assert _window(question) == (lo, hi)
