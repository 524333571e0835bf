"""The statement's own event asked again in a sentence of its own, with its unit and order (``asked_time``)."""

from __future__ import annotations

import pytest

from tkgrag.question.asked_time import asked_time
from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import understand
from tkgrag.temporal import Granularity


@pytest.mark.parametrize(
    ("question", "relation", "unit", "position", "times", "anchors"),
    [
        (
            "China negotiated with Vietnam in June 2014. What was the exact date?",
            "negotiated",
            Granularity.DAY,
            None,
            ["June 2014"],
            [],
        ),
        (
            "Iran is reported to have hosted Fahed al-Jasem el-Freij on a visit in April 2015. What was the exact "
            "date?",
            "hosted on a visit",
            Granularity.DAY,
            None,
            ["April 2015"],
            [],
        ),
        (
            "Japan cooperated economically with Thailand in October 2014. On which day did that happen?",
            "cooperated economically",
            Granularity.DAY,
            None,
            ["October 2014"],
            [],
        ),
        (
            "Iran carried out air strikes against Yemen some time before South Korea declared an intention to "
            "cooperate with Iran. In which month was the latest such occasion?",
            "carried out air strikes against",
            Granularity.MONTH,
            -1,
            [],
            [("South Korea declared an intention to cooperate with Iran", AnchorRelation.BEFORE)],
        ),
        (
            "Qin Gang visited North Korea at some point in 2014. What was the latest date that year?",
            "visited",
            Granularity.DAY,
            -1,
            ["2014"],
            [],
        ),
        (
            "Malaysia accused Japan at some point in 2014. What was the earliest date that year?",
            "accused",
            Granularity.DAY,
            1,
            ["2014"],
            [],
        ),
        (
            "Maldives visited Japan several times in 2014. When, to the day, was the last time?",
            "visited",
            Granularity.DAY,
            -1,
            ["2014"],
            [],
        ),
    ],
)
def test_statement_asked_again(
    question: str,
    relation: str,
    unit: Granularity,
    position: int | None,
    times: list[str],
    anchors: list[tuple[str, AnchorRelation]],
) -> None:
    tq = understand(question)
    assert (tq.relation_phrase, tq.answer_type.kind, tq.answer_type.granularity) == (relation, AnswerKind.TIME, unit)
    assert (tq.ordinal.position if tq.ordinal is not None else None) == position
    assert [t.text for t in tq.times] == times
    assert [(a.text, a.relation) for a in tq.anchors] == anchors


@pytest.mark.parametrize(
    "question",
    [
        "Japan visited China several times in 2014. What was the exact date?",  # which occasion is unsaid
        "Who visited China in 2014? What was the exact date?",
        "Japan visited China in 2014. Who visited Korea after that?",
    ],
)
def test_left_as_written(question: str) -> None:
    assert asked_time(question) == question
