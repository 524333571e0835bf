"""A window, side or order said in a frame around the clause (``period_frames``)."""

from __future__ import annotations

import pytest

from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import understand
from tkgrag.question.period_frames import period_frames
from tkgrag.temporal import Granularity


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "At the time when Japan visited China -- that is, in that same year -- who negotiated with Japan?",
            "In the same year that Japan visited China, who negotiated with Japan?",
        ),
        (
            "At the time when Japan visited China (i.e. in that same month), who negotiated with Japan?",
            "In the same month that Japan visited China, who negotiated with Japan?",
        ),
        (
            "In the period that followed the day on which Japan visited China, who was the first to praise China?",
            "After the day on which Japan visited China, who was the first to praise China?",
        ),
        (
            "Who, in 2014 and before the day on which Japan visited China, negotiated with China?",
            "In 2014, before the day on which Japan visited China, who negotiated with China?",
        ),
        (
            "To close the 2014 timeline: whom did Japan praise most recently before year end?",
            "In 2014, whom did Japan praise most recently?",
        ),
        (
            "Looking only at 2014 and 2015: in which of those years did Japan first visit China?",
            "Looking only at 2014 and 2015: in which year did Japan first visit China?",
        ),
        (
            "Between 2014 and 2015, in which of those years did Japan first visit China?",
            "Between 2014 and 2015, in which year did Japan first visit China?",
        ),
        (
            "Within the period 2014-2015, in which year did Japan last visit China?",
            "Between 2014 and 2015, in which year did Japan last visit China?",
        ),
        (
            "Of the years 2014 and 2015, state the last in which Japan visited China.",
            "Between 2014 and 2015, tell me the last year in which Japan visited China.",
        ),
        (
            "Give the last date before Japan denounced China on which Korea threatened China.",
            "Give the last date on which Korea threatened China before Japan denounced China.",
        ),
        # guards: read already, left as written
        ("After the day on which Japan visited China, who praised China?", None),
        ("Before the day on which Japan visited China, who had been the last to praise China?", None),
        ("Who, before the day on which Japan visited China, praised China?", None),
        ("In which of those years did Japan visit China?", None),
    ],
)
def test_frame_said_plainly(question: str, said: str | None) -> None:
    assert period_frames(question) == (question if said is None else said)


@pytest.mark.parametrize(
    ("question", "relation", "anchors", "unit", "position", "times"),
    [
        (
            "At the time when court judges in India arrested Mohan Kumar -- that is, in that same month -- who made "
            "demands of court judges in India?",
            "made demands",
            [("court judges in India arrested Mohan Kumar", AnchorRelation.SAME_MONTH)],
            None,
            None,
            [],
        ),
        (
            "Looking only at 2014 and 2015: in which of those years did Al-Shabaab first use military force against "
            "Djibouti?",
            "use military force against",
            [],
            Granularity.YEAR,
            1,
            ["2014 and 2015"],
        ),
        (
            "Of the years 2014 and 2015, state the last in which Iran shared intelligence or information with Iraq.",
            "shared intelligence or information",
            [],
            Granularity.YEAR,
            -1,
            ["2014 and 2015"],
        ),
        (
            "To close the 2014 timeline: whom did Hezbollah praise most recently before year end?",
            "praise",
            [],
            None,
            -1,
            ["2014"],
        ),
    ],
)
def test_frame_readings(
    question: str,
    relation: str,
    anchors: list[tuple[str, AnchorRelation]],
    unit: Granularity | None,
    position: int | None,
    times: list[str],
) -> None:
    tq = understand(question)
    assert tq.relation_phrase == relation
    assert [(a.text, a.relation) for a in tq.anchors] == anchors
    assert tq.answer_type.granularity is unit
    assert tq.answer_type.kind is (AnswerKind.TIME if unit is not None else AnswerKind.ENTITY)
    assert (tq.ordinal.position if tq.ordinal is not None else None) == position
    assert [t.text for t in tq.times] == times
