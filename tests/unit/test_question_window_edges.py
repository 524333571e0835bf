"""Issue 29 (h29o): a window's edges said outright ("up to, but not including, D", "ending D inclusive", "from D1
to D2, both days included", "the 14 days from D1 to D2") are read, not left to the safety rule; a count that
disagrees with its range stays unread."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.question.constraints import explicit_constraint
from tkgrag.question.parse import understand
from tkgrag.question.window_edges import window_edges


def _window(question: str) -> tuple[date | None, date | None]:
    """The intersection of the question's explicit times, each read without unread words."""
    tq = understand(question)
    assert tq.times and not any(t.unread for t in tq.times), [(t.text, t.unread) for t in tq.times]
    lo, hi = date.min, date.max
    for t in tq.times:
        c = explicit_constraint(t)
        assert c is not None
        s, e = c.span.start, c.span.end
        if c.relation.value == "before":
            s, e = None, date.fromordinal(c.span.start.toordinal() - 1) if c.span.start else None
        lo, hi = max(lo, s or date.min), min(hi, e or date.max)
    return lo, hi


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        (
            "Who worked together militarily with Iran from the start of 2015 up to, but not including, 23 Oct 2015?",
            date(2015, 1, 1),
            date(2015, 10, 22),
        ),
        (
            "Who criticized Japan from 1 January 2014 up to but not including 5 January 2014?",
            date(2014, 1, 1),
            date(2014, 1, 4),
        ),
        ("Who visited Japan from March 2014 until, but excluding, 5 May 2014?", date(2014, 3, 1), date(2014, 5, 4)),
        (
            "Over the 10-day stretch starting August 4, 2015 (ending 13 August 2015 inclusive), who rioted in Egypt?",
            date(2015, 8, 4),
            date(2015, 8, 13),
        ),
        ("Who visited Japan from 3 March 2014 until 9 March 2014 inclusive?", date(2014, 3, 3), date(2014, 3, 9)),
        (
            "Who phoned Greenpeace from August 9, 2014 to August 22, 2014, both days included?",
            date(2014, 8, 9),
            date(2014, 8, 22),
        ),
        (
            "Who phoned Greenpeace in the 14 days from August 9, 2014 to August 22, 2014?",
            date(2014, 8, 9),
            date(2014, 8, 22),
        ),
        (
            "Who visited Japan during the five days from 3 March 2014 to 7 March 2014 (inclusive)?",
            date(2014, 3, 3),
            date(2014, 3, 7),
        ),
    ],
)
def test_stated_edges_are_read(question: str, first: date, last: date) -> None:
    assert _window(question) == (first, last)


def test_the_phrase_leaves_no_edge_words_for_the_relation() -> None:
    tq = understand("Who phoned Greenpeace in the 14 days from August 9, 2014 to August 22, 2014, both days included?")
    assert "included" not in tq.relation_phrase and "days" not in tq.relation_phrase


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Japan in the 4 days from 3 March 2014 to 7 March 2014?",  # 5 days: the count disagrees
        "Who visited Japan in 2014, both days included?",  # no range for "both days" to belong to
        "Who visited Japan in 2014?",
    ],
)
def test_nothing_else_is_rewritten(question: str) -> None:
    assert window_edges(question) == question
