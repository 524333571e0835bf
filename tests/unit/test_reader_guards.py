"""``readers.guards.contradiction``: the symbolic reader's top answer checked against what the question says (issue
29, h29h). Groundings built by hand from ``understand``'s parse; the expected verdicts worked out from the question."""

from __future__ import annotations

from collections.abc import Sequence

from tkgrag.model import AnswerCandidate, AnswerRole
from tkgrag.question.grounded import GroundedAnchor, GroundedEntity, GroundedQuestion
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import understand
from tkgrag.readers.guards import contradiction


def _entity(tq_text: str, name: str, key: str, role: AnswerRole, source: str = "syntax") -> GroundedEntity:
    start = tq_text.index(name)
    return GroundedEntity(Mention(name, start, start + len(name), MentionKind.NAME), key, name, 2.0, role, source)


def _grounded(
    text: str, entities: list[GroundedEntity], answer_role: AnswerRole, anchors: Sequence[GroundedAnchor] = ()
) -> GroundedQuestion:
    return GroundedQuestion(
        question=understand(text),
        entities=tuple(entities),
        relation="Host_a_visit",
        relation_candidates=(),
        answer_role=answer_role,
        anchors=tuple(anchors),
    )


def test_an_answer_the_main_clause_names_in_the_other_role_is_ruled_out() -> None:
    text = "Who hosted Japan in 2014?"
    g = _grounded(text, [_entity(text, "Japan", "Japan", AnswerRole.OBJECT)], AnswerRole.SUBJECT)
    why = contradiction(g, "Host_a_visit", AnswerCandidate("Japan", 1.0, key="Japan"))
    assert why is not None and "own object" in why
    assert contradiction(g, "Host_a_visit", AnswerCandidate("China", 1.0, key="China")) is None


def test_the_anchors_own_entity_is_ruled_out_when_the_anchor_repeats_the_relation() -> None:
    text = "After Qatar hosted Japan, who did so next?"
    tq = understand(text)
    (anchor,) = tq.anchors
    qatar = _entity(text, "Qatar", "Qatar", AnswerRole.SUBJECT)
    ga = GroundedAnchor(anchor, "clause", "Host_a_visit", "Qatar", "Japan", (qatar,))
    g = _grounded(text, [_entity(text, "Japan", "Japan", AnswerRole.OBJECT)], AnswerRole.SUBJECT, [ga])
    why = contradiction(g, "Host_a_visit", AnswerCandidate("Qatar", 1.0, key="Qatar"))
    assert why is not None and "anchor's own subject" in why
    # an anchor with another relation may name the answer: "In the month X negotiated with Y, whom did X praise?"
    assert contradiction(g, "Praise_or_endorse", AnswerCandidate("Qatar", 1.0, key="Qatar")) is None


def test_roles_the_graph_swapped_against_the_stated_direction_are_ruled_out() -> None:
    text = "Whom did Qatar host in 2014?"
    swapped = _entity(text, "Qatar", "Qatar", AnswerRole.OBJECT, source="graph")
    g = _grounded(text, [swapped], AnswerRole.SUBJECT)
    why = contradiction(g, "Host_a_visit", AnswerCandidate("Japan", 1.0, key="Japan"))
    assert why is not None and "reversed" in why
    as_said = _grounded(text, [_entity(text, "Qatar", "Qatar", AnswerRole.SUBJECT)], AnswerRole.OBJECT)
    assert contradiction(as_said, "Host_a_visit", AnswerCandidate("Japan", 1.0, key="Japan")) is None


def test_a_time_answer_is_never_ruled_out_here() -> None:
    text = "When did Qatar host Japan?"
    g = _grounded(text, [_entity(text, "Qatar", "Qatar", AnswerRole.SUBJECT, source="graph")], AnswerRole.TIME)
    assert contradiction(g, "Host_a_visit", AnswerCandidate("2014-05-01", 1.0)) is None


def test_a_role_the_syntax_only_guessed_may_be_swapped() -> None:
    # "remarks of X": X may have made them or been their topic; the graph's swap corrects a guess, it reverses nothing
    text = "Who heard optimistic remarks of Yara Okafor?"
    swapped = _entity(text, "Yara Okafor", "Yara_Okafor", AnswerRole.SUBJECT, source="graph")
    g = _grounded(text, [swapped], AnswerRole.OBJECT)
    assert (
        contradiction(g, "Make_optimistic_comment", AnswerCandidate("Xavier Mendez", 1.0, key="Xavier_Mendez")) is None
    )
