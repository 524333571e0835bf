"""The extractive reader (issue 25 item 3): spans by hand, and the scores of ``extract_answers`` worked out by hand
from the weights in its module docstring (rank_decay 0.5, other_weight 0.3, window 8, type_bonus 2)."""

from __future__ import annotations

import pytest

from tkgrag.model import AnswerCandidate, Evidence, ItemKind, Retrieval
from tkgrag.question.model import AnswerKind
from tkgrag.question.understanding import parse_only
from tkgrag.readers.extractive import (
    ExtractConfig,
    ExtractiveReader,
    answer_kind,
    date_spans,
    entity_spans,
    extract_answers,
    first_span,
    number_spans,
)
from tkgrag.readers.registry import READERS
from tkgrag.retrievers.base import RetrievalRequest

SEHWA = (
    "She attended Sehwa Girls High School , graduating in 1984 , and then Seoul National University where she "
    "received her bachelors degree in International Relations in 1988 ."
)


def test_entity_spans() -> None:
    assert [s.text for s in entity_spans(SEHWA)] == [
        "Sehwa Girls High School",
        "Seoul National University",
        "International Relations",
    ]
    # an initial's period and a name particle stay inside; a trailing particle does not
    assert [s.text for s in entity_spans("Newton D . Baker was Secretary of War of the")] == [
        "Newton D . Baker",
        "Secretary of War",
    ]
    # a month next to a number is a date, not a name; "May Smith" is a name
    assert [s.text for s in entity_spans("In May 1998 , May Smith joined .")] == ["May Smith"]


def test_date_and_number_spans() -> None:
    assert [s.text for s in date_spans("born on 22 July 1965 in Seoul , graduated 1984")] == ["22 July 1965", "1984"]
    assert [(s.first, s.last) for s in date_spans("born on 22 July 1965 in Seoul")] == [(2, 4)]
    assert [s.text for s in number_spans("In 1998 it had 3,400 staff and 12 offices .")] == ["3,400", "12"]


def _items() -> list[Evidence]:
    p1 = Evidence(
        ItemKind.PASSAGE,
        "p1",
        "Ann Lee joined Rovers in 2008 . She played for Dale Club in 2010 .",
        0.9,
        fields={"best_sentence": "She played for Dale Club in 2010 ."},
    )
    p2 = Evidence(ItemKind.PASSAGE, "p2", "Rovers won the cup in 2010 .", 0.8)
    return [p1, p2]


def test_extract_answers_scores_by_hand() -> None:
    got = extract_answers("Which club did Ann Lee play for in 2010?", _items(), AnswerKind.ENTITY)
    # p1 (rank 0, weight 1), best sentence (1.0): "Dale Club" (tokens 3-4) is 2 tokens from "2010" (token 6, in the
    # question's period): 1 / (1 + 2/8) = 0.8, more than 0.5 x 1 for touching the question word "Club"; it holds the
    # asked type's noun "club": x2 -> 1.6.
    # p1's other sentence (0.3): "Ann Lee" is named by the question (skipped); "Rovers" has no date of 2010 near it
    # and is 2 tokens from "Lee": 0.5 x 0.8 = 0.4 -> 0.3 x 0.4 = 0.12. p2 (rank 1, weight 0.5), its only sentence is
    # its best: "Rovers" is 5 tokens from "2010": 1 / (1 + 5/8) = 8/13 -> 0.5 x 8/13 = 0.307692.
    # Rovers: 0.12 + 0.307692 = 0.427692.
    assert got == [
        AnswerCandidate("Dale Club", 1.6, ("p1",)),
        AnswerCandidate("Rovers", pytest.approx(0.427692), ("p1", "p2")),  # type: ignore[arg-type]
    ]
    # The trivial baseline reads the top passage from its start: "Ann Lee" is named, so "Rovers".
    assert first_span("Which club did Ann Lee play for in 2010?", _items(), AnswerKind.ENTITY) == AnswerCandidate(
        "Rovers", 1.0, ("p1",)
    )
    # Without MRAG's best sentence every sentence weighs 1: Rovers 0.4 + 0.307692 = 0.707692 (Dale Club still 1.6)
    flat = extract_answers(
        "Which club did Ann Lee play for in 2010?",
        _items(),
        AnswerKind.ENTITY,
        config=ExtractConfig(use_best_sentence=False),
    )
    assert [(c.text, round(c.score, 6)) for c in flat] == [("Dale Club", 1.6), ("Rovers", 0.707692)]


def test_time_answers_skip_the_dates_the_question_names() -> None:
    item = Evidence(ItemKind.PASSAGE, "p", "Ann Lee joined Rovers in 2008 and left in 2012 .", 1.0)
    # no period in the question; question words "Ann" 0, "Lee" 1, "Rovers" 3: 2008 (token 5) is 2 away:
    # 0.5 x 0.8 = 0.4; 2012 (token 9) is 6 away: 0.5 x 1 / (1 + 6/8) = 0.285714
    got = extract_answers("When did Ann Lee join Rovers?", [item], AnswerKind.TIME)
    assert [(c.text, round(c.score, 6)) for c in got] == [("2008", 0.4), ("2012", 0.285714)]
    got = extract_answers("Where did Ann Lee go after 2008?", [item], AnswerKind.TIME)
    assert [c.text for c in got] == ["2012"]
    # a span near nothing the question names still counts the floor (0.1)
    far = Evidence(ItemKind.PASSAGE, "q", "Rome fell in 476 .", 1.0)
    assert [(c.text, c.score) for c in extract_answers("Who won?", [far], AnswerKind.ENTITY)] == [("Rome", 0.1)]


def test_reader_reads_the_retrieved_evidence_with_the_callers_understanding() -> None:
    question = "Which club did Ann Lee play for in 2010?"
    retrieval = Retrieval("mrag+", question, _items())
    u = parse_only(question)
    assert answer_kind(u.question) is AnswerKind.ENTITY
    request = RetrievalRequest.of(question, understanding=u)
    answer = ExtractiveReader().read(request, retrieval)
    assert answer.best == "Dale Club" and answer.reader == "extractive" and answer.abstained is None
    assert answer.tokens.prompt == 0 and 0.0 < answer.confidence <= 1.0
    # nothing retrieved: "no answer" with the reason, not a guess
    empty = ExtractiveReader().read(request, Retrieval("mrag+", question, []))
    assert empty.answers == [] and empty.abstained is not None and "no entity" in empty.abstained
    # not understood (no answer type): the reader does not parse the question itself, it abstains
    bare = ExtractiveReader().read(RetrievalRequest.of(question), retrieval)
    assert bare.answers == [] and "answer type is unknown" in (bare.abstained or "")
    assert "extractive" in READERS
