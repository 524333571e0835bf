"""Constructions of the second blind phrasing set (issue 29, h29d): "by the end of <period>" bounds up to and including
the period, a topic named in a sentence of its own ("How about X? Who was the last to visit it?"), a fronted
"Earlier/Later in <year>, before <date>", and event nouns with a "by" agent. Each case failed before its fix."""

from __future__ import annotations

from datetime import date

import pytest

from tkgrag.model import TemporalRelation
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.model import Signal
from tkgrag.question.parse import understand


@pytest.mark.parametrize(
    ("question", "end"),
    [
        ("By the end of September 2015, who had most recently consulted Smriti Irani?", date(2015, 9, 30)),
        ("Who had visited Iran by the end of 2014?", date(2014, 12, 31)),
        ("As of May 2014, who had last visited Iran?", date(2014, 5, 31)),
        ("Until the end of May 2014, who visited Iran?", date(2014, 5, 31)),
        ("Up to May 2014, who had most recently visited Iran?", date(2014, 5, 31)),
        ("Before the end of May 2014, who had most recently visited Iran?", date(2014, 5, 31)),
        ("No later than the end of May 2014, who had last visited Iran?", date(2014, 5, 31)),
    ],
)
def test_by_the_end_of_a_period_includes_it(question: str, end: date) -> None:
    (c,) = explicit_constraints(understand(question))
    assert c.relation is TemporalRelation.DURING
    assert c.span.start is None and c.span.end == end


@pytest.mark.parametrize(
    ("question", "signal"),
    [
        ("By May 2014, who had last visited Iran?", Signal.BEFORE),  # by the time May came
        ("Who was the president as of 1988?", Signal.OVERLAP),  # the state at that time
    ],
)
def test_other_by_and_as_of_readings_are_kept(question: str, signal: Signal) -> None:
    (t,) = understand(question).times
    assert t.signal is signal


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How about Serbia? Who was the last to pay a visit to it?", "Who was the last to pay a visit to Serbia?"),
        (
            "How about citizens of Nigeria? Who was the last to extend a hand of cooperation to them?",
            "Who was the last to extend a hand of cooperation to citizens of Nigeria?",
        ),
        (
            "How about John Kerry? Who was the last to confer with John Kerry?",
            "Who was the last to confer with John Kerry?",
        ),
        ("What about China? Who visited it in 2014?", "Who visited China in 2014?"),
        ("And Serbia? Who was the last to visit it?", "Who was the last to visit Serbia?"),
        ("How about Serbia: who was the last to visit it?", "Who was the last to visit Serbia?"),
    ],
)
def test_a_topic_sentence_fills_the_role_its_pronoun_or_repetition_has(question: str, expected: str) -> None:
    from tkgrag.question.topic import resolve_topic

    assert resolve_topic(question) == expected
    tq = understand(question)
    assert tq.text == expected
    assert tq.text == expected  # one occurrence of the topic, in the role the question gives it


@pytest.mark.parametrize(
    "question",
    [
        # ("How about China? Who visited most recently?", no pronoun nor repetition, and "... Who told it to visit
        # them?", two pronouns, are abstentions with their reason: test_question_h41r)
        "Who visited China in 2014?",
        "And who visited Serbia? Who visited it?",  # a question, not a topic
    ],
)
def test_a_topic_without_one_place_in_the_question_is_left_alone(question: str) -> None:
    from tkgrag.question.topic import resolve_topic

    assert resolve_topic(question) == question


@pytest.mark.parametrize(
    ("question", "bound"),
    [
        ("Earlier in 2014, before August 21, 2014, who had threatened Iraq?", TemporalRelation.BEFORE),
        ("Later in 2015, after October 13, 2015, who detained Abu Sayyaf?", TemporalRelation.AFTER),
    ],
)
def test_fronted_earlier_or_later_is_no_name_and_the_year_bounds_the_date(
    question: str, bound: TemporalRelation
) -> None:
    tq = understand(question)
    assert not any(m.text in ("Earlier", "Later") for m in tq.mentions)
    relations = sorted(c.relation.value for c in explicit_constraints(tq))
    assert relations == sorted([TemporalRelation.DURING.value, bound.value])


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Which month of 2014 saw the visit to Kuwait by Philip Hammond?",
            "Which month of 2014 saw Philip Hammond's visit to Kuwait?",
        ),
        (
            "In which month did the negotiations with the foreign ministry of Russia by Iraq take place?",
            "In which month did Iraq's negotiations with the foreign ministry of Russia take place?",
        ),
        (
            "Following the consultations with the foreign ministry of Ethiopia by Abdel Fattah Al-Sisi, who was next?",
            "Following Abdel Fattah Al-Sisi's consultations with the foreign ministry of Ethiopia, who was next?",
        ),
        ("Who made the visit to Kuwait by May 2014?", "Who made the visit to Kuwait by May 2014?"),  # a time
        ("Who was attacked by Iraq?", "Who was attacked by Iraq?"),  # no event noun
        ("Was the visit to Kuwait by whom?", "Was the visit to Kuwait by whom?"),
    ],
)
def test_an_event_nouns_by_agent_becomes_its_possessive_actor(question: str, expected: str) -> None:
    from tkgrag.question.event_agent import agent_first

    assert agent_first(question) == expected


def test_the_by_agent_of_an_event_noun_is_its_subject() -> None:
    tq = understand("Which month of 2014 saw the visit to Kuwait by Philip Hammond?")
    names = [m.text for m in tq.mentions]
    assert names.index("Philip Hammond") < names.index("Kuwait")


@pytest.mark.parametrize(
    "question",
    [
        "What was the date in 2015 when Raúl Castro paid a visit to Ramtane Lamamra?",
        "What was the day in May 2014 when Wang Yi held consultations with the foreign ministry of Zimbabwe?",
    ],
)
def test_the_date_in_a_year_when_x_did_y_asks_for_that_event_not_an_anchor(question: str) -> None:
    tq = understand(question)
    assert not tq.anchors
    assert len(tq.times) == 1
    assert len([m for m in tq.mentions if m.text[:1].isupper() or m.text.startswith("the ")]) >= 2


@pytest.mark.parametrize(
    ("phrase", "meaning"),
    [
        ("offer of talks to", "express intent to meet or negotiate"),
        ("next to signal readiness for talks", "express intent to meet or negotiate"),
        ("pledge of diplomatic support", "express intent to engage in diplomatic cooperation"),
        ("pledged diplomatic backing", "express intent to engage in diplomatic cooperation"),
    ],
)
def test_offers_and_pledges_as_nouns_state_an_intent(phrase: str, meaning: str) -> None:
    from tkgrag.question.relation_phrases import relation_phrases, stated_intent

    assert stated_intent(phrase)
    assert meaning in relation_phrases(phrase)[:3]


def test_speaking_approvingly_is_praise() -> None:
    from tkgrag.question.relation_phrases import relation_phrases

    assert "praise or endorse" in relation_phrases("spoke approvingly of")


@pytest.mark.parametrize(
    ("phrase", "meaning"),
    [
        ("sat down to negotiate", "engage in negotiation"),
        ("to sit down to negotiate with", "engage in negotiation"),
        ("meet on neutral ground", "meet at a third location"),
        ("used military force against", "use conventional military force"),
        ("force against", "use conventional military force"),
        ("extended a hand of cooperation to", "express intent to cooperate"),
    ],
)
def test_idioms_of_the_second_blind_set_name_their_relation(phrase: str, meaning: str) -> None:
    from tkgrag.question.relation_phrases import relation_phrases

    assert meaning in relation_phrases(phrase)[:3]


def test_after_the_beginning_of_a_period_includes_it() -> None:
    (c,) = explicit_constraints(understand("After the beginning of May 2014, who first visited Iran?"))
    assert c.relation is TemporalRelation.DURING
    assert c.span.start == date(2014, 5, 1) and c.span.end is None


def test_a_sector_without_the_after_an_ordinal_with_the() -> None:
    tq = understand("Who was the first to blame citizens of India?")
    assert tq.mentions[0].text == "citizens of India"
    assert tq.relation_phrase == "blame"
