"""Constructions of the fifth blind phrasing set (issue 29, h29g): a declarative sentence followed by a pro-form
question ("X hosted Y. Who did so next?"). The mention "Y. Who" swallowed the question word, and the reader answered
the anchor's own actor. Each case failed before its fix; the guards keep readings that must not change."""

from __future__ import annotations

import pytest

from tkgrag.question.mentions import find_mentions
from tkgrag.question.model import AnchorKind, AnchorRelation, MentionKind
from tkgrag.question.parse import QuestionError, understand


def _names(text: str) -> list[str]:
    return [m.text for m in find_mentions(text) if m.kind is MentionKind.NAME]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Kazakhstan played host to Ante Kotromanović. Who did so next?", ["Kazakhstan", "Ante Kotromanović"]),
        ("Karl Erjavec made a trip to Miroslav Lajcak. Who did so next?", ["Karl Erjavec", "Miroslav Lajcak"]),
        ("Xi Jinping praised Japan. Cuba did not.", ["Xi Jinping", "Japan", "Cuba"]),
    ],
)
def test_a_name_never_runs_across_a_full_stop(text: str, names: list[str]) -> None:
    assert _names(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Who did the U.S. Army visit?", ["U.S. Army"]),
        ("When did Dr. Abdullah Abdullah visit St. Petersburg?", ["Dr. Abdullah Abdullah", "St. Petersburg"]),
        ("Who visited J. Smith in 2014?", ["J. Smith"]),
    ],
)
def test_abbreviation_dots_still_join_a_name(text: str, names: list[str]) -> None:
    assert _names(text) == names


def test_an_abbreviation_before_a_question_word_ends_the_sentence() -> None:
    assert _names("Barack Obama visited the U.S. Who did so next?") == ["Barack Obama", "U.S"]


@pytest.mark.parametrize(
    ("question", "clause", "relation"),
    [
        (
            "Kazakhstan played host to Ante Kotromanović. Who did so next?",
            "Kazakhstan played host to Ante Kotromanović",
            AnchorRelation.AFTER,
        ),
        (
            "The head of government of Greece spoke out against the International Monetary Fund. Who did so next?",
            "the head of government of Greece spoke out against the International Monetary Fund",
            AnchorRelation.AFTER,
        ),
        (
            "Karl Erjavec made a trip to Miroslav Lajcak. Who was the next to do so?",
            "Karl Erjavec made a trip to Miroslav Lajcak",
            AnchorRelation.AFTER,
        ),
        (
            "Karl Erjavec made a trip to Miroslav Lajcak. Who else did so afterwards?",
            "Karl Erjavec made a trip to Miroslav Lajcak",
            AnchorRelation.AFTER,
        ),
        (
            "Karl Erjavec made a trip to Miroslav Lajcak. Who had done so before?",
            "Karl Erjavec made a trip to Miroslav Lajcak",
            AnchorRelation.BEFORE,
        ),
    ],
)
def test_declarative_sentence_then_pro_form_question_is_the_anchor_clause(
    question: str, clause: str, relation: AnchorRelation
) -> None:
    tq = understand(question)
    (anchor,) = tq.anchors
    assert anchor.kind is AnchorKind.CLAUSE and anchor.relation is relation and anchor.text == clause
    assert tq.pro_form
    assert all(". who" not in m.text.lower() for m in tq.mentions)


def test_the_two_sentence_form_reads_as_the_one_sentence_form() -> None:
    two = understand("Kazakhstan played host to Ante Kotromanović. Who did so next?")
    one = understand("After Kazakhstan played host to Ante Kotromanović, who did so next?")
    assert (two.text, two.anchors, two.relation_phrase, two.pro_form) == (
        one.text,
        one.anchors,
        one.relation_phrase,
        one.pro_form,
    )


def test_a_pro_form_question_without_an_order_cannot_be_read() -> None:
    with pytest.raises(QuestionError, match="neither after nor before"):
        understand("Karl Erjavec made a trip to Miroslav Lajcak. Who else did so?")


@pytest.mark.parametrize(
    "question",
    [
        "How about Serbia? Who was the last to pay a visit to it?",  # a topic sentence, not a declarative one
        "Barack Obama visited Japan. Who visited China in 2014?",  # no pro-form: the second sentence stands alone
    ],
)
def test_guards_other_two_sentence_questions_are_not_rewritten(question: str) -> None:
    assert not understand(question).text.startswith(("After", "Before"))
