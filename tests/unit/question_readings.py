"""What the parser makes of a question, for the time-family tests (one copy for every round's test file)."""

from __future__ import annotations

from datetime import date

from tkgrag.model import AnswerRole
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.parse import _REWRITES, understand
from tkgrag.question.roles import answer_role_of, is_passive, syntactic_role, verb_position


def rewritten(question: str) -> str:
    """The question after every rewrite the parser applies before reading it."""
    text = question
    for rewrite in _REWRITES:
        text = rewrite(text)
    return text


def windows(question: str) -> list[tuple[date | None, date | None]]:
    """The windows of the question's times; every time must be read whole (an unread word fails the test)."""
    tq = understand(question)
    assert not [t.unread for t in tq.times if t.unread]
    return [(t.span.start, t.span.end) for t in tq.times if t.span is not None]


def roles(question: str) -> tuple[dict[str, AnswerRole], AnswerRole]:
    """Syntactic roles of the main mentions and the answer's role, as ``Grounder.ground`` computes them."""
    tq = understand(question)
    blocked = [(a.constraint_start, a.end) for a in tq.anchors] + [(m.start, m.end) for m in tq.mentions]
    verb = verb_position(tq.text, tq.relation_phrase, blocked)
    passive = verb is not None and is_passive(tq.text, verb)
    got = {m.text: syntactic_role(tq.text, m, verb, passive=passive) for m in tq.main_mentions()}
    return got, answer_role_of(tq, list(got.values()), passive, tq.text)


def name_mention(text: str, name: str, *, last: bool = False) -> Mention:
    """The mention of ``name`` in ``text`` (its last occurrence with ``last``)."""
    start = text.rindex(name) if last else text.index(name)
    return Mention(name, start, start + len(name), MentionKind.NAME)


def linked(text: str, name: str, *, last: bool = False) -> tuple[Mention, EntityLink]:
    """The mention of ``name`` and its exact link to the entity of that name."""
    m = name_mention(text, name, last=last)
    return m, EntityLink(m, name.replace(" ", "_"), name, 3.0)
