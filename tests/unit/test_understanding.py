"""``Understanding`` (issue 25): what was not understood, one line each, and the confidence, worked out by hand on
hand-built groundings (no graph: the grounder's own tests run on the real server)."""

from __future__ import annotations

from tkgrag.model import AnswerRole, TemporalConstraint
from tkgrag.question import understand
from tkgrag.question.grounded import GroundedEntity, GroundedQuestion
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relations import RelationMatch
from tkgrag.question.understanding import RELATION_MIN, Understanding, parse_only

TEXT = "Who consulted Togo in 2005?"


def grounded(
    *, link: float = 3.0, unlinked: bool = False, relation: str | None = "Consult", score: float = 0.9
) -> Understanding:
    tq = understand(TEXT)
    togo = next(m for m in tq.mentions if m.text == "Togo")
    entities = (GroundedEntity(togo, "Togo", "Togo", link, AnswerRole.OBJECT),)
    missing = (Mention("Freedonia", 0, 9, MentionKind.NAME),) if unlinked else ()
    g = GroundedQuestion(
        question=tq,
        entities=entities,
        relation=relation,
        relation_candidates=(RelationMatch(relation, score, score, 0.0),) if relation else (),
        answer_role=AnswerRole.SUBJECT,
        constraint=TemporalConstraint.in_period("2005"),
        unlinked=missing,
    )
    return Understanding(TEXT, tq, g)


def test_everything_understood_has_no_gaps_and_its_confidence_is_link_times_relation() -> None:
    u = grounded(link=0.95, score=0.8)
    assert u.gaps() == []
    assert u.confidence == round(0.95 * 0.8, 4)  # the weakest link (inexact: its score) x the relation's score
    assert grounded(link=2.4, score=1.1).confidence == 1.0  # exact name (>= 2) counts 1; scores clip at 1
    assert u.constraints == (TemporalConstraint.in_period("2005"),) and u.rewrite is None


def test_a_mention_no_entity_matches_is_a_gap() -> None:
    u = grounded(unlinked=True)
    assert u.gaps() == ['no entity of this graph matches "Freedonia"'] and u.confidence == 0.0


def test_a_relation_below_the_threshold_or_none_is_a_gap() -> None:
    low = grounded(score=RELATION_MIN - 0.01)
    assert low.gaps() == [
        f'relation unsure: "consulted" matched Consult with {RELATION_MIN - 0.01:.2f} < {RELATION_MIN} '
        "(no relation of this graph says it)"
    ]
    assert grounded(score=RELATION_MIN).gaps() == []  # at the threshold: a match
    assert grounded(relation=None).gaps() == ['no relation of this graph matches "consulted"']


def test_parse_only_knows_the_explicit_times_and_says_it_was_not_grounded() -> None:
    u = parse_only(TEXT)
    assert u.constraints == (TemporalConstraint.in_period("2005"),) and u.grounding is None
    assert u.gaps() == ["the question was not grounded in the graph"] and u.confidence == 0.0
