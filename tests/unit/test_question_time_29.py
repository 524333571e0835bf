"""Issue 29 (h32t): time, window and answer-time families of blind sets 29-33, in other wordings: "X did R - when
exactly?", "the exact date (2015) when ...", "the same Monday-to-Sunday week as ...", "since D (not counting that
day)", "within three days of that date, either side (D1 to D2)", "During October 2014 (Oct 1 to 31)", "the first
date after X did R on which ...", "the day in the month of April 2014", "on which dates in the rest of 2014", and
"In 2014, before D, who ...?" (the bound orders the answers). Each is read, or left as written where the words
disagree (the reader abstains)."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.question.asked_time import asked_time
from tkgrag.question.clause_shapes import rest_of_year, time_after_which
from tkgrag.question.grounding import _bound_first
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.time_glosses import time_glosses
from tkgrag.temporal import TimeSpan


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Gen Tanasak Patimapragorn visited Cambodia in 2014 - when exactly?",
            "Tell me the date when Gen Tanasak Patimapragorn visited Cambodia in 2014.",
        ),
        ("Kenya consulted Peru: when?", "Tell me the date when Kenya consulted Peru."),
        ("Kenya consulted Peru \u2014 on what date exactly?", "Tell me the date when Kenya consulted Peru."),
        ("Kenya consulted Peru, on which day?", "Tell me the date when Kenya consulted Peru."),
        ("The UN praised Peru - when exactly?", "Tell me the date when the UN praised Peru."),
        (
            "Give me the exact date (2015) when Kenya praised Peru.",
            "Give me the exact date in 2015 when Kenya praised Peru.",
        ),
        (
            "Tell me the day (in 2014) on which Kenya praised Peru.",
            "Tell me the day in 2014 on which Kenya praised Peru.",
        ),
        (
            "Who praised Peru in the same Monday-to-Sunday week as Kenya visited Peru?",
            "Who praised Peru in the same week as Kenya visited Peru?",
        ),
        (
            "In the same Mon-Sun week as Kenya visited Peru, who praised Peru?",
            "In the same week as Kenya visited Peru, who praised Peru?",
        ),
        ("During October 2014 (Oct 1 to 31), who praised Peru?", "During October 2014, who praised Peru?"),
        ("In September 2015 (1-30 September), who praised Peru?", "In September 2015, who praised Peru?"),
        ("Who praised Peru during May 2015 (from May 1 to May 31)?", "Who praised Peru during May 2015?"),
        (
            "Tell me the day in the month of April 2014 when Kenya hosted Peru.",
            "Tell me the day in April 2014 when Kenya hosted Peru.",
        ),
        (
            "Kenya consulted Peru on 2015-09-01. Who else did the same within three days of that date, either side "
            "(2015-08-29 to September 4, 2015)?",
            "Within three days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        (
            "The UN praised Peru on the 19th of February 2014. Which others did so within 2 days either side of that "
            "day?",
            "Within 2 days of the day that the UN praised Peru on the 19th of February 2014, which others did so?",
        ),
        ("Kenya visited Peru in 2014. When exactly?", "Tell me the date when Kenya visited Peru in 2014."),
        ("Kenya visited Peru in 2014 - when did that happen?", "Tell me the date when Kenya visited Peru in 2014."),
        ("In 2014, Kenya visited Peru - when was that?", "Tell me the date when in 2014, Kenya visited Peru."),
        (
            "Who praised Peru in the same week (Monday-to-Sunday) as Kenya visited Peru?",
            "Who praised Peru in the same week as Kenya visited Peru?",
        ),
        (
            "Who praised Peru in the Monday-to-Sunday week in which Kenya visited Peru?",
            "Who praised Peru in the same week as Kenya visited Peru?",
        ),
        (
            "Kenya consulted Peru on 2015-09-01. Who else did the same within three days of that date (either side)?",
            "Within three days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        (
            "Kenya consulted Peru on 2015-09-01. Who else did the same in the three days either side of that date?",
            "Within three days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        (
            "Kenya consulted Peru on 2015-09-01; who else did the same within three days of it, either side?",
            "Within three days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        ("During 2014 (1 January to 31 December), who praised Peru?", "During 2014, who praised Peru?"),
        (
            "Who praised Peru from May 3, 2014 onwards (not counting that day)?",
            "Who praised Peru since May 3, 2014 (not counting that day)?",
        ),
        (
            "Who praised Peru from 3 May 2014 onwards (not counting that day)?",
            "Who praised Peru since 3 May 2014 (not counting that day)?",
        ),
        ("On precisely which day did Kenya visit Peru in 2014?", "On which day did Kenya visit Peru in 2014?"),
        ("Who praised Peru since 3 May 2014 (exclusive)?", "Who praised Peru after 3 May 2014?"),
        (
            "Kenya consulted Peru on 2015-09-01. Who else did the same within \u00b13 days of that date?",
            "Within 3 days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        (
            "Kenya consulted Peru on 2015-09-01. Who else did the same from three days before to three days after "
            "that date?",
            "Within three days of the day that Kenya consulted Peru on 2015-09-01, who else did the same?",
        ),
        ("In February 2015 (1 to 28 February), who praised Peru?", "In February 2015, who praised Peru?"),
    ],
)
def test_said_plainly(question: str, said: str) -> None:
    assert asked_time(question) == said


@pytest.mark.parametrize(
    "question",
    [
        "Who consulted Peru - when?",  # a question already
        "Who praised Peru in the same Sunday-to-Saturday week as Kenya visited Peru?",
        # the bracket names other days than three either side
        "Kenya consulted Peru on 2015-09-01. Who else did the same within three days of that date, either side "
        "(2015-08-30 to September 4, 2015)?",
        "What was the next date after 5 May 2014 on which Kenya visited Chile?",  # a date: the time reader's
        "Who praised Peru in the rest of 2014?",  # no start said
        "Kenya consulted Peru on 2015-09-01. Who else did the same in the three days of that date?",  # which days?
        "During 2014 (1 January to 30 June), who praised Peru?",  # half the year: left (the reader abstains)
        "Who praised Peru from 3 May 2014 onwards?",  # nothing excluded: the time reader's
    ],
)
def test_left_as_written(question: str) -> None:
    assert asked_time(question) == question


@pytest.mark.parametrize(
    "question",
    [
        "During October 2014 (Oct 1 to 15), who praised Peru?",  # not the whole month: "Oct 1" alone was read
        "In October 2014 (October 10-20), who praised Peru?",
        "During October 2014 (Nov 1 to 30), who praised Peru?",  # another month
        "In February 2016 (1 to 28 February), who praised Peru?",  # a leap year
    ],
)
def test_a_month_and_a_bracket_that_disagree_are_unread(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


def test_when_exactly_asks_the_day_with_no_anchor() -> None:
    tq = understand("Kenya consulted Peru in 2014 - when exactly?")
    assert tq.answer_type.kind is AnswerKind.TIME
    assert not tq.anchors
    assert [(t.span.start, t.span.end) for t in tq.times if t.span] == [(date(2014, 1, 1), date(2014, 12, 31))]


def test_exact_date_bracket_year_is_a_window_not_an_anchor() -> None:
    tq = understand("Give me the exact date (2015) when France offered diplomatic support to Vietnam.")
    assert not tq.anchors
    assert tq.answer_type.kind is AnswerKind.TIME
    assert "exact" not in (tq.relation_phrase or "")


def test_monday_to_sunday_week_is_the_same_week_anchor() -> None:
    tq = understand("Who praised Peru in the same Monday-to-Sunday week as Kenya visited Peru?")
    assert [a.relation for a in tq.anchors] == [AnchorRelation.SAME_WEEK]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Which actors appealed to France since November 5, 2015 (not counting that day)?", "after November 5, 2015?"),
        ("Since 3 May 2014 (that day excluded), who praised Peru?", "After 3 May 2014, who praised Peru?"),
    ],
)
def test_since_a_day_not_counted_is_after_it(question: str, said: str) -> None:
    assert time_glosses(question).endswith(said) or time_glosses(question).startswith(said[:-1])


def test_since_not_counted_is_read_after() -> None:
    tq = understand("Name everyone who appealed to Peru since September 22, 2014 (not counting that day).")
    assert [(t.relation.lower(), t.span.start) for t in tq.times if t.span] == [("after", date(2014, 9, 22))]
    assert not any(t.unread for t in tq.times)


def test_month_bracket_is_one_window() -> None:
    tq = understand("During October 2014 (Oct 1 to 31), who made a statement about Peru?")
    assert [(t.span.start, t.span.end) for t in tq.times if t.span] == [(date(2014, 10, 1), date(2014, 10, 31))]


def test_first_date_after_clause_on_which_is_two_clauses() -> None:
    tq = understand(
        "What was the first date after Julie Bishop sounded upbeat about Japan on which Julie Bishop met Iran?"
    )
    assert [a.text for a in tq.anchors] == ["Julie Bishop sounded upbeat about Japan"]


def test_within_days_either_side_is_a_window_anchor() -> None:
    tq = understand(
        "Kenya consulted Peru on 2015-09-01. Who else did the same within three days of that date, either side "
        "(2015-08-29 to September 4, 2015)?"
    )
    assert len(tq.anchors) == 1 and tq.anchors[0].within and tq.anchors[0].within_days == 3


def _c(rel: TemporalRelation, a: date, b: date, key: str | None = None) -> TemporalConstraint:
    return TemporalConstraint(rel, TimeSpan(a, b), key)


def test_a_stated_bound_inside_a_period_orders_the_answers() -> None:
    year = _c(TemporalRelation.DURING, date(2014, 1, 1), date(2014, 12, 31))
    bound = _c(TemporalRelation.BEFORE, date(2014, 7, 19), date(2014, 7, 19))
    assert _bound_first([year, bound]) == [bound, year]


def test_bound_first_leaves_anchors_and_other_years() -> None:
    year = _c(TemporalRelation.DURING, date(2014, 1, 1), date(2014, 12, 31))
    anchor = _c(TemporalRelation.BEFORE, date(2014, 7, 19), date(2014, 7, 19), "e1")
    other = _c(TemporalRelation.AFTER, date(2016, 7, 19), date(2016, 7, 19))
    assert _bound_first([year, anchor]) == [year, anchor]
    assert _bound_first([year, other]) == [year, other]


# The two families that the relation side's rewrites read first (``clause_shapes``): one rule each after the merge
@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "What was the first date after Kenya praised Peru on which Kenya visited Chile?",
            "After Kenya praised Peru, what was the first date on which Kenya visited Chile?",
        ),
        (
            "Which was the earliest day following Kenya praised Peru when Kenya visited Chile?",
            "Following Kenya praised Peru, which was the earliest day when Kenya visited Chile?",
        ),
    ],
)
def test_the_first_date_after_an_event_on_which(question: str, said: str) -> None:
    assert time_after_which(question) == said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "After Kenya hosted Peru, on which dates in the rest of 2014 did Chile praise Peru?",
            "After Kenya hosted Peru, on which dates in 2014 did Chile praise Peru?",
        ),
        (
            "Once Kenya hosted Peru, who praised Peru during the remainder of 2015?",
            "Once Kenya hosted Peru, who praised Peru during 2015?",
        ),
    ],
)
def test_the_rest_of_a_year_after_an_anchor(question: str, said: str) -> None:
    assert rest_of_year(question) == said
