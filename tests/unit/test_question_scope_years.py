"""Issue 29 (h29o): a scope clause at the front that names its years with a noun ("Looking only at the years 2014
and 2015, in which year did ...") is one range, its words no entity mention."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.parse import understand


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        (
            "Looking only at the years 2014 and 2015, in which year did Japan criticize China for the first time?",
            date(2014, 1, 1),
            date(2015, 12, 31),
        ),
        (
            "Focusing on the years 2013 and 2014, when did China last criticize Japan?",
            date(2013, 1, 1),
            date(2014, 12, 31),
        ),
        ("Between the years 2012 and 2013, who was the first to visit Japan?", date(2012, 1, 1), date(2013, 12, 31)),
    ],
)
def test_the_years_restate_the_range(question: str, first: date, last: date) -> None:
    tq = understand(question)
    (t,) = tq.times
    assert t.span is not None and (t.span.start, t.span.end) == (first, last) and not t.unread
    assert not any(m.text.lower() in ("looking", "focusing", "years") for m in tq.mentions)
