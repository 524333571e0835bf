"""A topic named in a sentence of its own and then taken up by the question: "How about Serbia? Who was the last to pay
a visit to it?". The topic fills the one role the question gives it (the pronoun's, or its repetition's), never
both roles, so the question is read as "Who was the last to pay a visit to Serbia?"."""

from __future__ import annotations

import re

# "How about X?" / "What about X?" / "And what about X?" as the whole first sentence, then the question.
# "And X? Who ...", with no question word in X, is the same; so is a colon or a dash for the question mark.
_TOPIC = re.compile(
    r"^\s*(?:(?:and\s+)?(?:how|what)\s+about\s+|and\s+(?!(?:who|whom|whose|what|which|when|where|how|why)\b))"
    r"(?P<topic>[^?.!:;—]+?)\s*(?:[?.!:;]|\s—|\s-)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# An object pronoun that ends a clause or comes before a time or a preposition: "to visit it?", "with them in 2014".
_PRONOUN = re.compile(
    r"\b(?P<p>it|them|him|her)\b(?=\s*(?:[?.!,;]|$|(?:in|on|at|during|before|after|since|until|by|first|last|"
    r"most|for|with|to)\b))",
    re.IGNORECASE,
)


def resolve_topic(question: str) -> str:
    """The question with its topic sentence folded in; the question unchanged when it has none, or when the second
    sentence neither repeats the topic nor has exactly one object pronoun to stand for it (the role is then unsaid)."""
    m = _TOPIC.match(question)
    if m is None:
        return question
    topic, rest = m.group("topic").strip(), m.group("rest")
    rest = rest[:1].upper() + rest[1:]
    if topic.lower() in rest.lower():
        return rest
    found = list(_PRONOUN.finditer(rest))
    if len(found) != 1:
        return question
    p = found[0]
    return rest[: p.start()] + topic + rest[p.end() :]
