"""The confident wrong answers of blind sets 59-63 (h38w): an anchor's sector after "the day a" ("the day a ministry
of Iran paid a visit": the role was "day a ministry", the anchor's actor Iran), a topic before a parenthesis and a
colon taken for the subject ("Barack Obama (and I mean in October 2015 only): who praised them?"), and the nominal
main clause "the appeal X made to the Y" (the target's article lost the roles)."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerRole
from tkgrag.question.clause_shapes import dash_topic
from tkgrag.question.grounding import _nominal_main_roles
from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import Mention, MentionKind


def _m(text: str, name: str) -> Mention:
    start = text.index(name)
    return Mention(name, start, start + len(name), MentionKind.NAME)


# -- a sector after "the day a" ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "role", "holder"),
    [
        (
            "Following the day a ministry of Iran paid a visit to France, which actor was the first that denounced "
            "France?",
            "ministry",
            "Iran",
        ),
        ("Before the day a ministry of Iran paid a visit to France, who was the last that denounced France?",
         "ministry", "Iran"),
        ("After the time an army of Nigeria attacked Niger, who was the first one that visited Niger?", "army",
         "Nigeria"),
    ],
)  # fmt: skip
def test_the_day_a_sector_of_x(question: str, role: str, holder: str) -> None:
    found = [(m.role, m.holder) for m in find_mentions(question) if m.kind is MentionKind.ROLE]
    assert (role, holder) in found
    assert not [r for r, _ in found if r and " a " in f" {r} "]


def test_a_ministry_of_x_alone_stays_a_role() -> None:
    # guard: the indefinite sector read before stays
    question = "When did a ministry of Belgium visit France?"
    found = [(m.role, m.holder) for m in find_mentions(question) if m.kind is MentionKind.ROLE]
    assert ("ministry", "Belgium") in found


# -- a topic, a parenthesis, a colon ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "rewritten"),
    [
        ("Barack Obama (and I mean in October 2015 only): who praised them?",
         "Who praised Barack Obama (and I mean in October 2015 only)?"),
        ("Niger (and I mean in October 2014 only): who consulted them?",
         "Who consulted Niger (and I mean in October 2014 only)?"),
        ("Officials in Swaziland (and I mean in March 2014 only): who appealed to them?",
         "Who appealed to officials in Swaziland (and I mean in March 2014 only)?"),
        # the pronoun as the subject: the topic is the subject
        ("Barack Obama (and I mean in October 2015 only): whom did they praise?",
         "Whom did Barack Obama praise (and I mean in October 2015 only)?"),
    ],
)  # fmt: skip
def test_topic_parenthesis_colon(question: str, rewritten: str) -> None:
    assert dash_topic(question) == rewritten


@pytest.mark.parametrize(
    "question",
    [
        "Barack Obama (and I mean in October 2015 only): who praised France?",  # no pronoun
        "Barack Obama (in 2015): who praised them or him?",  # two pronouns
    ],
)
def test_topic_parenthesis_colon_guards(question: str) -> None:
    assert dash_topic(question) == question


# -- "the appeal X made to the Y" -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "doer", "target"),
    [
        ("Which day in 2014 saw the appeal France made to the UN Security Council?", "France", "UN Security Council"),
        ("Which day in 2014 saw the request Iran made of the Government of Iraq?", "Iran", "Government of Iraq"),
        ("What month in 2015 was the threat Iran issued against the United States?", "Iran", "United States"),
        ("Which month of 2014 saw the praise Iran gave the United Nations?", "Iran", "United Nations"),
    ],
)
def test_main_noun_verbed_before_the_target(text: str, doer: str, target: str) -> None:
    assert _nominal_main_roles(text, _m(text, doer), _m(text, target)) == [AnswerRole.SUBJECT, AnswerRole.OBJECT]
    assert _nominal_main_roles(text, _m(text, target), _m(text, doer)) == [AnswerRole.OBJECT, AnswerRole.SUBJECT]
