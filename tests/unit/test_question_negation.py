"""A negated act ("Who did Iran not host ...?") is a gap: the graph holds no events of acts that did not happen, and
read without its "not" the question is another one. Time phrases with "not" are no negated act."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole, TemporalConstraint
from tkgrag.question import understand
from tkgrag.question.grounded import GroundedEntity, GroundedQuestion
from tkgrag.question.negation import negated_act
from tkgrag.question.relations import RelationMatch
from tkgrag.question.understanding import Understanding


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("Who did Iran not host in May 2014?", "did Iran not host"),
        ("Who said it would not cooperate diplomatically with China in 2014?", "would not cooperate"),
        (
            "Which country did the government of Iran never criticize in 2014?",
            "did the government of Iran never criticize",
        ),
        ("Who didn't criticize Iran in 2014?", "didn't criticize"),
        ("Who hasn’t visited Japan since March 2014?", "hasn’t visited"),
        ("Who has never visited Japan?", "has never visited"),
        ("Who was not allowed to visit China in 2014?", "was not allowed"),
        ("Which country cannot sign an agreement with Iran?", "cannot sign"),
        ("Who no longer cooperates with Iran after 2014?", "no longer cooperates"),
    ],
)
def test_a_negated_act_is_found_with_its_words(question: str, words: str) -> None:
    assert negated_act(question) == words


@pytest.mark.parametrize(
    "question",
    [
        # the blind sets' windows with "not": an edge or a count, no negated act
        "Between the start of 2014 and 5 February 2014 (that day not included), who visited Japan?",
        "Who praised Iran from the start of 2015 up to, but not including, 23 October 2015?",
        "Between the start of 2015 and 27 April 2015 (not counting that day), who made a statement?",
        "Which actors did so, not counting Iran?",
        "Who visited Japan no later than 5 May 2014?",
        "Who hosted Obama in 2014 (the first day is not counted)?",
        "Who consulted Togo in 2005?",
        "Who visited Notre Dame in 2014?",
    ],
)
def test_time_phrases_with_not_negate_no_act(question: str) -> None:
    assert negated_act(question) is None


def _understood(text: str) -> Understanding:
    """A grounding of ``text`` with everything linked and a sure relation, so the only possible gap is the text's."""
    tq = understand(text)
    togo = next(m for m in tq.mentions if m.text == "Togo")
    g = GroundedQuestion(
        question=tq,
        entities=(GroundedEntity(togo, "Togo", "Togo", 3.0, AnswerRole.OBJECT),),
        relation="Consult",
        relation_candidates=(RelationMatch("Consult", 0.9, 0.9, 0.0),),
        answer_role=AnswerRole.SUBJECT,
        constraint=TemporalConstraint.in_period("2005"),
    )
    return Understanding(text, tq, g)


def test_a_negated_act_is_the_first_gap_and_leaves_no_confidence() -> None:
    u = _understood("Who did not consult Togo in 2005?")
    assert u.gaps() == [
        'the question asks about an act that did not happen ("did not consult"): the graph records events that '
        "happened, not their absence"
    ]
    assert u.confidence == 0.0
    plain = _understood("Who consulted Togo in 2005?")
    assert plain.gaps() == [] and plain.confidence == 0.9
