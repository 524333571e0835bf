"""A unit item ("[granularity month; through 2015]", "; granularity year") is the answer's unit, not a word of the
event (``tkgrag.question.unit_said``)."""

from __future__ import annotations

import pytest

from tkgrag.question.model import AnchorRelation, AnswerKind
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.unit_said import unit_said
from tkgrag.temporal import Granularity


@pytest.mark.parametrize(
    ("question", "relation", "unit", "times", "anchor"),
    [
        (
            "when did South Korea next give economic aid to Vietnam after Malaysia's visit to South Korea? "
            "[granularity month; through 2015]",
            "give economic aid",
            Granularity.MONTH,
            ["2015"],
            ("Malaysia's visit to South Korea", AnchorRelation.AFTER),
        ),
        (
            "when: last time France gave economic aid to Afghanistan [2014]; granularity month",
            "gave economic aid",
            Granularity.MONTH,
            ["2014"],
            None,
        ),
        (
            "when: Edouard Nduwimana made a public statement about Burundi [2014-2015]; granularity year",
            "made a public statement",
            Granularity.YEAR,
            ["2014-2015"],
            None,
        ),
        (
            "when: last time Boris Johnson visited Malaysia [2014]; granularity day",
            "visited",
            Granularity.DAY,
            ["2014"],
            None,
        ),
        (
            "when did Kenya last apologise to Uganda before Japan appealed to Kenya? [granularity day]",
            "apologise",
            Granularity.DAY,
            [],
            ("Japan appealed to Kenya", AnchorRelation.BEFORE),
        ),
        # other ways to say the item
        ("When did Japan visit China in 2014? (answer granularity: month)", "visit", Granularity.MONTH, ["2014"], None),
        ("Granularity: year. When did Japan visit China?", "visit", Granularity.YEAR, [], None),
        ("When did Japan last visit China [2014, month level]?", "visit", Granularity.MONTH, ["2014"], None),
        ("When did Japan last visit China? - resolution = month", "visit", Granularity.MONTH, [], None),
    ],
)
def test_unit_item_is_the_answers_unit(
    question: str,
    relation: str,
    unit: Granularity,
    times: list[str],
    anchor: tuple[str, AnchorRelation] | None,
) -> None:
    tq = understand(question)
    assert (tq.relation_phrase, tq.answer_type.kind, tq.answer_type.granularity) == (relation, AnswerKind.TIME, unit)
    assert [t.text for t in tq.times] == times
    if "through" in question:  # up to the end of 2015, not within it
        assert [t.relation for t in tq.times] == ["through"]
    assert [(a.text, a.relation) for a in tq.anchors] == ([anchor] if anchor else [])


def test_unit_item_said_as_a_request() -> None:
    # the side word of the one time left is read in the clause ("[through 2015]" was read as in 2015)
    assert (
        unit_said("when did X visit Y? [granularity month; through 2015]") == "when did X visit Y through 2015? (month)"
    )
    assert unit_said("when did X visit Y? [granularity day; through 2015]") == "when did X visit Y through 2015?"
    assert unit_said("when did X visit Y? [granularity month; 2014]") == "when did X visit Y? [2014] (month)"
    assert unit_said("when: X visited Y [2014]; granularity month") == "when: X visited Y [2014] (month)"
    assert unit_said("when: X visited Y [2014]; granularity day") == "when: X visited Y [2014]"
    # an entity question: the item says nothing of who
    assert unit_said("who visited Y [2014]; granularity month") == "who visited Y [2014]"


@pytest.mark.parametrize(
    "question",
    [
        "In which year did Japan visit China? [granularity month]",  # two units asked
        "On what date did Japan visit China [2014]; granularity year",
        "When did Japan visit China? [granularity month; granularity day]",  # the item twice
    ],
)
def test_unit_item_against_the_question(question: str) -> None:
    with pytest.raises(QuestionError):
        understand(question)


@pytest.mark.parametrize(
    "question",
    [
        "who did China use conventional military force against [2014-05]?",
        "who did France comment pessimistically about [2015, before Philipp Rösler consulted Nguyen Xuan Phuc]?",
        "When did Japan visit China? (month please)",
        "In which month did Japan visit China [2014]?",
        "Who visited the Day of the Month festival?",
    ],
)
def test_no_unit_item_left_as_written(question: str) -> None:
    assert unit_said(question) == question
