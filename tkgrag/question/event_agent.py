"""An event noun whose actor follows it with "by": "the visit to Kuwait by Philip Hammond" is Philip Hammond's visit to
Kuwait. The agent is moved before the noun as a possessive, the form the rest of the parser reads as "X visited
Kuwait" (``mentions`` takes a possessive before an event noun as the event's actor)."""

from __future__ import annotations

import re

from tkgrag.question.mentions import EVENT_NOUN
from tkgrag.question.time_expressions import find_time_expressions

# "the <event noun> <prep> <object ...> by <agent>", the agent ending at punctuation, at "take place"/"happen", or at
# the inverted auxiliary of a main clause after it ("In which month after the consultation of X by Y did Y ...?")
_NOUN_BY = re.compile(
    r"\bthe\s+(?P<noun>[a-z]+)(?P<rest>\s+(?:of|to|with|against|for|on|from|in|toward|towards)\s+[^,;?!]+?)"
    r"\s+by\s+(?P<agent>[^,;?!]+?)"
    r"(?=\s+(?:take|takes|took|taken|taking|happen\w*|occur\w*|did|does|do)\b|\s*[,;?!]|\s*\.\s*$|\s*$)"
)
# "the (final) move by X to appeal to Y", "the first attempt by X to negotiate with Y": X's move (both names were read
# as objects of "move by to appeal", and any appeal to Y answered)
_MOVE_BY = re.compile(
    r"\bthe\s+(?P<ord>(?:(?:first|last|latest|final|earliest|initial|next|most\s+recent)\s+)?)"
    r"(?P<noun>(?:move|step|attempt|effort|bid|initiative)s?)\s+by\s+(?P<agent>[^,;?!]+?)\s+to\s+(?=[a-z])"
)
_NOT_AGENT = re.compile(r"^(?:whom|who|which|what|whose|itself|themselves|then|now|far|the\s+time)\b", re.IGNORECASE)


def agent_first(question: str) -> str:
    """The question with each "the <event noun> ... by <agent>" said as "<agent>'s <event noun> ..."; unchanged when
    the "by" phrase is a time ("the visit to Kuwait by May 2014") or a question word."""
    question = _MOVE_BY.sub(_move_first, question)
    out, last = [], 0
    for m in _NOUN_BY.finditer(question):
        agent = m.group("agent")
        if not EVENT_NOUN.match(m.group("noun")) or not _is_agent(agent):
            continue
        out.append(question[last : m.start()] + f"{agent}'s {m.group('noun')}{m.group('rest')}")
        last = m.end()
    return "".join(out) + question[last:] if out else question


def _move_first(m: re.Match[str]) -> str:
    """ "the final move by X to " -> "X's final move to " (unchanged where the "by" phrase is a time or a question
    word)."""
    agent = m.group("agent")
    if not _is_agent(agent):
        return m.group()
    return f"{agent}'s {m.group('ord')}{m.group('noun')} to "


def _is_agent(text: str) -> bool:
    """A "by" phrase that names an actor: no question word ("by whom") and no time ("by May 2014")."""
    return not _NOT_AGENT.match(text) and not find_time_expressions(text)
