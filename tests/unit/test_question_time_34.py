"""Issue 29 (h33t): time families of blind sets 34-38, in other wordings: the rest of the anchor's year ("before the
year was out", "later that same year (2014)", "by the end of 2015", "in the remainder of that year"), a choice among
years ("Which of the years 2014 and 2015 saw ...?") and a fronted comparison with an event noun and a passive main
clause ("Earlier in 2014 than Ireland's hosting of Iran in 2014, Ireland was praised by whom?"). Each is read, or
left as written where the words disagree (the reader abstains)."""

from __future__ import annotations

import pytest

from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand
from tkgrag.question.stated_week import stated_week
from tkgrag.question.time_glosses import time_glosses
from tkgrag.question.weekdays import weekdays
from tkgrag.temporal import Granularity


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "In 2014, after Kenya praised Peru, which actors visited Peru before the year was out?",
            "After Kenya praised Peru in 2014, which actors visited Peru in 2014?",
        ),
        (
            "In 2015, after Kenya praised Peru in 2015, who visited Peru before the year was over?",
            "After Kenya praised Peru in 2015, who visited Peru in 2015?",
        ),
        (
            "After Kenya praised Peru, who visited Peru later that same year (2014)?",
            "After Kenya praised Peru in 2014, who visited Peru in 2014?",
        ),
        (
            "Following Kenya's praise of Peru, who visited Peru later in the year (in 2015)?",
            "Following Kenya's praise of Peru in 2015, who visited Peru in 2015?",
        ),
        (
            "After Kenya praised Peru on 3 March 2014, who visited Peru by the end of the year?",
            "After Kenya praised Peru on 3 March 2014, who visited Peru in 2014?",
        ),
        (
            "Once Kenya praised Peru in 2015, who visited Peru before the end of 2015?",
            "After Kenya praised Peru in 2015, who visited Peru in 2015?",
        ),
        (
            "After Kenya praised Peru, which countries visited Peru in the remainder of that year (2014)?",
            "After Kenya praised Peru in 2014, which countries visited Peru in 2014?",
        ),
        (
            "After Kenya praised Peru in 2014, who visited Peru by year's end?",
            "After Kenya praised Peru in 2014, who visited Peru in 2014?",
        ),
        (
            "Who visited Peru after Kenya praised Peru but before 2014 was over?",
            "After Kenya praised Peru in 2014, who visited Peru in 2014?",
        ),
        (
            "Before Kenya praised Peru, who visited Peru earlier that same year (2014)?",
            "Before Kenya praised Peru in 2014, who visited Peru in 2014?",
        ),
        (
            "After Kenya praised Peru, who visited Peru later that same year?",
            "In the same year that Kenya praised Peru, who visited Peru after Kenya praised Peru?",
        ),
        (
            "Once Kenya praised Peru, whom did Peru visit in the rest of that year?",
            "In the same year that Kenya praised Peru, whom did Peru visit after Kenya praised Peru?",
        ),
    ],
)
def test_rest_of_the_anchors_year(question: str, said: str) -> None:
    assert time_glosses(question) == said


@pytest.mark.parametrize(
    "question",
    [
        # a month scopes the question: the rest of the year is not what it says
        "In March 2014, after Kenya praised Peru, who visited Peru before the year was out?",
        # the side disagrees with the anchor
        "After Kenya praised Peru, who visited Peru earlier that same year (2014)?",
        "Before Kenya praised Peru, who visited Peru later that same year (2014)?",
        # two years: which one ends the window is unsaid
        "In 2014, after Kenya praised Peru, who visited Peru before the end of 2015?",
        # no anchor at all
        "Who visited Peru before the year was out?",
        # a time bound, not an anchor: read by the time path
        "Which actors visited Peru after 9 January 2014 and before the end of 2014?",
    ],
)
def test_rest_of_year_left_as_written(question: str) -> None:
    assert time_glosses(question) == question


def test_rest_of_year_read_as_one_year_after_the_anchor() -> None:
    u = understand("In 2014, after Kenya praised Peru, which actors visited Peru before the year was out?")
    assert [a.relation for a in u.anchors] == [AnchorRelation.AFTER]
    assert "year was out" not in u.anchors[0].text
    assert [
        (t.span.start.isoformat(), t.span.end.isoformat()) for t in u.times if t.span and t.span.start and t.span.end
    ] == [("2014-01-01", "2014-12-31")] * len(u.times)
    assert all(not t.unread for t in u.times)
    u = understand("After Kenya praised Peru, who visited Peru later that same year (2015)?")
    assert [a.relation for a in u.anchors] == [AnchorRelation.AFTER]
    assert u.times and all(t.span is not None and t.span.granularity is Granularity.YEAR for t in u.times)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Which of the years 2014 and 2015 saw Kenya visit Peru?",
            "Which year between 2014 and 2015 saw Kenya visit Peru?",
        ),
        (
            "In which of the two years 2013 and 2014 did Kenya visit Peru?",
            "In which year between 2013 and 2014 did Kenya visit Peru?",
        ),
        (
            "Which one of the years 2015 and 2014 saw Kenya visit Peru?",
            "Which year between 2014 and 2015 saw Kenya visit Peru?",
        ),
        (
            "Which of 2013, 2014 and 2015 saw Kenya visit Peru?",
            "Which year between 2013 and 2015 saw Kenya visit Peru?",
        ),
    ],
)
def test_choice_among_consecutive_years(question: str, said: str) -> None:
    assert time_glosses(question) == said


def test_choice_among_years_not_consecutive_is_left() -> None:
    q = "Which of the years 2012 and 2015 saw Kenya visit Peru?"
    assert time_glosses(q) == q
    assert any(t.unread for t in understand(q).times)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Earlier in 2014 than Ireland's hosting of Iran in 2014, Ireland was praised by whom?",
            "Before the day Ireland's hosting of Iran in 2014, Ireland was praised by whom in 2014?",
        ),
        (
            "Earlier in 2014 than the consultation between Kenya and Peru, Kenya was criticised by whom?",
            "Before the day the consultation between Kenya and Peru in 2014, Kenya was criticised by whom in 2014?",
        ),
        (
            "Earlier in 2015 than the occasion when Kenya pledged aid to Peru in 2015, Peru got a call from whom?",
            "Before the day Kenya pledged aid to Peru in 2015, Peru got a call from whom in 2015?",
        ),
        (
            "Later in 2015 than the occasion on which Kenya hosted Peru, Peru was visited by which countries?",
            "After the day when Kenya hosted Peru in 2015, Peru was visited by which countries in 2015?",
        ),
    ],
)
def test_fronted_comparison_with_an_event_noun(question: str, said: str) -> None:
    assert time_glosses(question) == said


def test_fronted_comparison_read_as_an_anchor() -> None:
    u = understand("Earlier in 2014 than Ireland's hosting of Iran in 2014, Ireland was praised by whom?")
    assert [a.relation for a in u.anchors] == [AnchorRelation.BEFORE]
    assert all(not t.unread for t in u.times)
    assert "than" not in (u.relation_phrase or "")


@pytest.mark.parametrize(
    "question",
    [
        # the anchor dated in another year than the comparison: left as said
        "Earlier in 2014 than Ireland's hosting of Iran in 2015, Ireland was praised by whom?",
        "Earlier in 2014 than the visit of Kenya to Peru on 5 May 2014, Peru was praised by whom?",
    ],
)
def test_fronted_comparison_left_as_written(question: str) -> None:
    assert time_glosses(question) == question


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Ireland was praised by whom earlier in 2014 than Ireland's hosting of Iran?",
            "Before the day Ireland's hosting of Iran in 2014, Ireland was praised by whom in 2014?",
        ),
        (
            "Who praised Ireland earlier in 2014 than Ireland's hosting of Iran in 2014?",
            "Before the day Ireland's hosting of Iran in 2014, who praised Ireland in 2014?",
        ),
        (
            "Who praised Ireland earlier in 2014 than the occasion when Ireland hosted Iran?",
            "Before the day when Ireland hosted Iran in 2014, who praised Ireland in 2014?",
        ),
        (
            "Tell me who praised Kenya later in 2015 than the day Peru made gloomy remarks about Kenya.",
            "After the day Peru made gloomy remarks about Kenya in 2015, tell me who praised Kenya in 2015.",
        ),
    ],
)
def test_comparison_with_the_main_clause_first(question: str, said: str) -> None:
    assert time_glosses(question) == said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # three words between "the day" and the year were read as the window's length (the reader abstained)
        (
            "Which countries praised Ireland later in 2014 than the day Ireland hosted Iran?",
            "After the day when Ireland hosted Iran in 2014, which countries praised Ireland in 2014?",
        ),
        (
            "Earlier in 2014 than the day Japan hosted Iran, who visited Japan?",
            "Before the day when Japan hosted Iran in 2014, who visited Japan in 2014?",
        ),
        # the other actor's doing the main event: "before Japan did" (abstains where Japan did it on several days)
        ("Who visited China earlier in 2014 than Japan did?", "In 2014, who visited China before Japan did?"),
        (
            "Which countries criticised Iran later in 2015 than Russia?",
            "In 2015, which countries criticised Iran after Russia did?",
        ),
        ("Earlier in 2014 than Japan did, who visited China?", "In 2014, who visited China before Japan did?"),
    ],
)
def test_comparison_short_and_elliptic(question: str, said: str) -> None:
    assert time_glosses(question) == said


def test_comparison_short_day_has_no_unread_length() -> None:
    u = understand("Which countries praised Ireland later in 2014 than the day Ireland hosted Iran?")
    assert [a.relation for a in u.anchors] == [AnchorRelation.AFTER]
    assert all(not t.unread for t in u.times)


@pytest.mark.parametrize(
    "question",
    ["Who visited China earlier in 2014 than June 8?", "Earlier in 2014 than June 8, who visited China?"],
)
def test_comparison_with_a_day_left(question: str) -> None:
    assert time_glosses(question) == question


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "Kenya consulted Peru on 30 December 2014. Who else did so that week (Monday 29 December 2014 to Sunday "
            "4 January 2015)?",
            "Kenya consulted Peru on 30 December 2014. Who else did so that same week?",
        ),
        (
            "Kenya consulted Peru on 2 January 2015. Who else consulted Peru in that week (Monday 29 December 2014 to "
            "Sunday 4 January 2015)?",
            "Kenya consulted Peru on 2 January 2015. Who else consulted Peru that same week?",
        ),
    ],
)
def test_a_stated_week_across_a_new_year(question: str, said: str) -> None:
    assert stated_week(weekdays(question)) == said
    u = understand(question)
    assert [a.relation for a in u.anchors] == [AnchorRelation.SAME_WEEK]


@pytest.mark.parametrize(
    "question",
    [
        # not a Monday-to-Sunday week: which days are meant is not the statement's week
        "Kenya consulted Peru on 30 December 2014. Who else did so that week (Tuesday 30 December 2014 to Monday 5 "
        "January 2015)?",
        # the statement's day is outside the week
        "Kenya consulted Peru on 20 December 2014. Who else did so that week (Monday 29 December 2014 to Sunday 4 "
        "January 2015)?",
    ],
)
def test_a_week_across_a_new_year_left(question: str) -> None:
    assert "same week" not in stated_week(weekdays(question))
