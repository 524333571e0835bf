"""Issue 29 (h29o): a named day with its date stated beside it ("on World AIDS Day 2014 (1 December)") is read as
that date, and its capitalised name no longer joins the entity name before it."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.named_days import named_days
from tkgrag.question.parse import understand


@pytest.mark.parametrize(
    ("question", "day", "entity"),
    [
        ("Who consulted Antonis Samaras on World AIDS Day 2014 (1 December)?", date(2014, 12, 1), "Antonis Samaras"),
        ("Who visited Japan on Christmas Day (25 December 2014)?", date(2014, 12, 25), "Japan"),
        ("On Independence Day 2014 (4 July), who criticized Barack Obama?", date(2014, 7, 4), "Barack Obama"),
    ],
)
def test_the_stated_date_is_the_day(question: str, day: date, entity: str) -> None:
    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and (t.span.start, t.span.end) == (day, day) and not t.unread
    assert [m.text for m in tq.mentions] == [entity]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Japan on World AIDS Day 2014?",  # no stated date: no calendar of named days is guessed
        "Who visited Japan on Labour Day 2014 (May)?",  # the bracket is no day
        "Who visited Japan on Christmas Day 2014 (24 December 2013)?",  # the years disagree
    ],
)
def test_without_a_fitting_date_nothing_changes(question: str) -> None:
    assert named_days(question) == question
