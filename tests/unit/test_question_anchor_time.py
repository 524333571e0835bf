"""Issue 29 (h29o): an anchor clause's own stated time ("X did Y in March of 2015. Who else did so that same month?")
bounds WHICH anchor event is meant; events of the anchor in several periods within it leave the anchor unsaid."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import several_periods, stated_in
from tkgrag.question.grounding import actor_first
from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand
from tkgrag.temporal import TimeSpan


def _stated(question: str) -> list[tuple[date | None, date | None]]:
    tq = understand(question)
    assert tq.anchors
    return [(c.span.start, c.span.end) for c in stated_in(tq.anchors[0], tq.times, tq.text)]


@pytest.mark.parametrize(
    ("question", "span"),
    [
        (
            "Boko Haram abducted ordinary people in Nigeria in March of 2015. Who else did so that same month?",
            (date(2015, 3, 1), date(2015, 3, 31)),
        ),
        (
            "South Korea cooperated diplomatically with Japan on 2015-03-21. Who else did that on the same day?",
            (date(2015, 3, 21), date(2015, 3, 21)),
        ),
        (
            "In the same year as Iran's negotiations with France in 2013, who else negotiated with France?",
            (date(2013, 1, 1), date(2013, 12, 31)),
        ),
        (
            "After China criticized Japan on 2 March 2014, who was the next to criticize Japan?",
            (date(2014, 3, 2), date(2014, 3, 2)),
        ),
    ],
)
def test_a_fronted_anchor_owns_the_time_that_closes_it(question: str, span: tuple[date, date]) -> None:
    assert _stated(question) == [span]


@pytest.mark.parametrize(
    "question",
    [
        "Who visited Japan after China criticized Japan in 2014?",  # trailing: the time may be the main clause's
        "In 2014, who visited Japan after China criticized Japan?",
        "After China criticized Japan, who visited Japan in 2014?",
        "In the same month that China criticized Japan, who else criticized Japan?",
    ],
)
def test_a_time_outside_the_anchor_clause_is_not_the_anchors(question: str) -> None:
    assert _stated(question) == []


def test_the_stated_time_is_a_during_constraint() -> None:
    tq = understand("Daily Monitor went on a visit to South Sudan in August 2014. Who else did so that same month?")
    (c,) = stated_in(tq.anchors[0], tq.times, tq.text)
    assert c.relation is TemporalRelation.DURING and c.anchor_event is None


def _day(y: int, m: int, d: int) -> TimeSpan:
    return TimeSpan.day(date(y, m, d))


def test_several_periods_counts_at_the_anchors_granularity() -> None:
    march = [_day(2015, 3, 9), _day(2015, 3, 21)]
    assert not several_periods(AnchorRelation.SAME_MONTH, march)
    assert several_periods(AnchorRelation.SAME_DAY, march)
    assert several_periods(AnchorRelation.AFTER, march)
    assert several_periods(AnchorRelation.SAME_MONTH, [*march, _day(2015, 4, 1)])
    assert not several_periods(AnchorRelation.SAME_YEAR, [*march, _day(2015, 4, 1)])
    assert not several_periods(AnchorRelation.AFTER, [_day(2015, 3, 9), _day(2015, 3, 9)])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "the negotiations of Iran with the business community in Africa",
            "Iran's negotiations with the business community in Africa",
        ),
        ("the visit of Barack Obama to Japan", "Barack Obama's visit to Japan"),
        ("a meeting of South Korea with Japan", "South Korea's meeting with Japan"),
        ("the arrest of Alexei Navalny in Moscow", "the arrest of Alexei Navalny in Moscow"),  # no actor's noun
        (
            "the expulsion or deportation of Sikh Militant by Malaysia",
            "Malaysia's expulsion or deportation of Sikh Militant",
        ),
        ("the arrest of the head of the opposition by Russia", "Russia's arrest of the head of the opposition"),
        (  # a passive clause, not an event noun
            "the head of government of Qatar was endorsed by Qatar",
            "the head of government of Qatar was endorsed by Qatar",
        ),
        ("the visit of the president of France to Japan", "the visit of the president of France to Japan"),
    ],
)
def test_an_event_nouns_actor_after_of_is_said_first(text: str, said: str) -> None:
    assert actor_first(text) == said


def test_the_actor_of_an_event_noun_is_the_anchor_clauses_subject() -> None:
    sub = understand(actor_first("the negotiations of Iran with the business community in Africa"))
    assert sub.relation_phrase.startswith("negotiation") or "negotiat" in sub.relation_phrase
