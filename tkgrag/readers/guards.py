"""Guards against a confident wrong answer: the symbolic reader's top answer checked against what the question itself
says, before it is given. A wrong answer costs more than an abstention (issue 29), and two kinds of wrong answer can
be told from the question alone:

- **a named entity in the answer's place**: the answer is an entity the question names in the relation's other role
  (the main clause's own subject or object: X would have done it to itself), or the anchor's own entity when the
  anchor repeats the question's relation ("After X visited Y, who did so next?" answered X: the question orders the
  answer against X's event, so X is what it is contrasted with);
- **a direction the question states, reversed**: the question's syntax put an entity in one role, and the grounding
  swapped the roles because the graph only holds the other direction (``GroundedEntity.role_source == "graph"``): the
  answer then says who did it to X when the question asked whom X did it to. Not where the syntax only guessed the
  role (an entity after "of"/"from": "remarks of X").

Pure: no I/O; the reader calls ``contradiction`` on its top answer and abstains with the reason.
"""

from __future__ import annotations

import re

from tkgrag.model import AnswerCandidate, AnswerRole
from tkgrag.question.grounded import GroundedAnchor, GroundedQuestion, other_actor_differs
from tkgrag.question.lexicon import CONTRAST_WORDS
from tkgrag.question.model import AnchorRelation

# An entity after "of"/"from" has a role its syntax does not say: "remarks of X" may be X's remarks or remarks about X,
# so the graph's swap there corrects a guess, not what the question states ("Who heard optimistic remarks of X?").
_UNSAID_ROLE = re.compile(r"\b(?:of|from)\s+(?:the\s+)?$", re.IGNORECASE)


_ORDERING = frozenset({AnchorRelation.AFTER, AnchorRelation.BEFORE})


def _contrasted(g: GroundedQuestion, ga: GroundedAnchor, role: AnswerRole) -> bool:
    """Whether the question sets its answer against the anchor's actor in ``role``: it says "else/other/another",
    or the anchor orders the answer ("after X visited Y, who visited Y next") and the actor did the anchor's event in
    the answer's role. "Who visited Mayotte in the same month as the visit Comoros paid to Mayotte?" (Comoros may be
    the answer) and "Whom did A consult on the day of B's consultations with A?" (B may be) do not; nor does an anchor
    whose other actor is not the question's ("Just before A made a statement about Iran, whom did B last make a
    statement about?": Iran may be)."""
    if CONTRAST_WORDS.search(g.question.text):
        return True
    if ga.anchor.relation not in _ORDERING or role is not g.answer_role:
        return False
    return not other_actor_differs(role, ga.subject, ga.object, g.entities)


def contradiction(g: GroundedQuestion, relation: str | None, answer: AnswerCandidate) -> str | None:
    """Why ``answer`` (read with ``relation``) contradicts the question ``g`` grounds, or None when it does not."""
    if g.answer_role is AnswerRole.TIME:
        return None
    if answer.key is not None:
        for e in g.entities:
            if e.key == answer.key:
                return (
                    f"the answer {answer.text} is the question's own {e.role.value} ({e.mention.text!r}): it would "
                    f"have done {relation or 'the event'} to itself"
                )
        for ga in g.anchors:
            if ga.relation is None or ga.relation != relation:
                continue
            for e in ga.entities:
                if e.key == answer.key and _contrasted(g, ga, e.role):
                    return (
                        f"the answer {answer.text} is the anchor's own {e.role.value} ({ga.anchor.text!r}): the "
                        "question orders the answer against its event"
                    )
    text = g.question.text
    swapped = [e for e in g.entities if e.role_source == "graph" and not _UNSAID_ROLE.search(text, 0, e.mention.start)]
    if swapped:
        e = swapped[0]
        said = "object" if e.role is AnswerRole.SUBJECT else "subject"
        return (
            f"the question names {e.name} as the {said} of {relation or 'the event'}, but the graph holds it only as "
            f"the {e.role.value}: the answer {answer.text} would be to the reversed question"
        )
    return None
