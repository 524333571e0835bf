"""Issue 29 (h29o): a season or part of a year with its months stated beside it ("the spring of 2014 (March, April
and May)") is the window of those months: they were read as three separate times, whose intersection is empty."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.parse import understand
from tkgrag.question.stated_months import stated_months


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        (
            "During the spring of 2014 (March, April and May), which actors threatened China?",
            date(2014, 3, 1),
            date(2014, 5, 31),
        ),
        ("In the autumn of 2014 (September, October and November), who sued X?", date(2014, 9, 1), date(2014, 11, 30)),
        ("In the summer of 2015 (June, July, August), who visited Japan?", date(2015, 6, 1), date(2015, 8, 31)),
        ("In the late summer of 2014 (August and September), who visited Japan?", date(2014, 8, 1), date(2014, 9, 30)),
        ("In the second quarter of 2014 (April through June), who visited Japan?", date(2014, 4, 1), date(2014, 6, 30)),
    ],
)
def test_the_stated_months_are_the_window(question: str, first: date, last: date) -> None:
    (t,) = understand(question).times
    assert t.span is not None and (t.span.start, t.span.end) == (first, last) and not t.unread


@pytest.mark.parametrize(
    "question",
    [
        "In the winter of 2014 (December, January and February), who visited Japan?",  # which December is unsaid
        "In the summer of 2014 (June, August), who visited Japan?",  # not one run of months
        "In the spring of 2014, who visited Japan?",  # no months stated: the season's own reading
    ],
)
def test_other_seasons_are_left_as_written(question: str) -> None:
    assert stated_months(question) == question
