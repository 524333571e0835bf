"""A statement with its period, then a question ordered against it within that period (``stated_side``): the
statement's time is the window, its event the anchor."""

from __future__ import annotations

import pytest

from tkgrag.question.model import AnchorRelation
from tkgrag.question.parse import understand
from tkgrag.question.stated_side import stated_side


def _reading(question: str) -> tuple[str, list[tuple[str, AnchorRelation]], list[str]]:
    tq = understand(question)
    return tq.relation_phrase, [(a.text, a.relation) for a in tq.anchors], [t.text for t in tq.times]


@pytest.mark.parametrize(
    ("question", "relation", "anchor", "side"),
    [
        (
            "Nabih Berri negotiated with Taavi Rõivas in 2015. Before that, within the same year, who did Nabih Berri "
            "visit?",
            "visit",
            "Nabih Berri negotiated with Taavi Rõivas",
            AnchorRelation.BEFORE,
        ),
        (
            "Moro National Liberation Front investigated Abu Sayyaf in 2015. Earlier that year, before that happened, "
            "who seized property belonging to Abu Sayyaf?",
            "seized property belonging",
            "Moro National Liberation Front investigated Abu Sayyaf",
            AnchorRelation.BEFORE,
        ),
        (
            "Mexico criticized criminals in Mexico in 2015. Who investigated criminals in Mexico after that, before "
            "the year was out?",
            "investigated",
            "Mexico criticized criminals in Mexico",
            AnchorRelation.AFTER,
        ),
        (
            "The police in Malaysia made a request to Japan in 2015. Later that same year, after that, who did the "
            "police in Malaysia consult?",
            "consult",
            "the police in Malaysia made a request to Japan",
            AnchorRelation.AFTER,
        ),
        (
            "Reportedly Julie Bishop visited Poland in 2014. Later that same year, whom did Poland praise?",
            "praise",
            "Julie Bishop visited Poland",
            AnchorRelation.AFTER,
        ),
        (
            "Japan visited China in March 2015. Who visited Korea later that month?",
            "visited",
            "Japan visited China",
            AnchorRelation.AFTER,
        ),
    ],
)
def test_statement_time_is_the_window(question: str, relation: str, anchor: str, side: AnchorRelation) -> None:
    tq = understand(question)
    assert _reading(question)[:2] == (relation, [(anchor, side)])
    assert len(tq.times) == 1 and tq.times[0].span is not None
    assert tq.times[0].span.granularity.value in ("year", "month")


@pytest.mark.parametrize(
    "question",
    [
        "Japan visited China in 2014. Who visited Korea after that?",  # no period said: the pair reader's
        "Japan visited China in March 2014. Later that year, who visited Korea?",  # a month, then "that year"
        "Japan visited China. Later that year, who visited Korea?",  # no time in the statement
        "Japan visited China in 2014. Before that, later that year, who visited Korea?",  # two sides
        "Who visited China in 2014? Before that, within the same year, who visited Korea?",
    ],
)
def test_left_as_written(question: str) -> None:
    assert stated_side(question) == question
