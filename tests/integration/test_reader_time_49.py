"""Time families of blind sets 49-53 (issue 29, h36t), read on a hand-made graph with the answers worked out by hand:
a year that closes the question right after a trailing anchor (the anchor's own or the question's: the answer must
not depend on which), "in 2013 and 2014" (the two years together), and a scope said whole up front.

 #  subject     relation      object      day
 1  Dace Holm   Make_a_visit  Ferro Isle  2013-05-02
 2  Dace Holm   Make_a_visit  Ferro Isle  2014-06-10
 3  Lusk Vane   Make_a_visit  Ferro Isle  2013-08-01
 4  Lusk Vane   Make_a_visit  Ferro Isle  2014-03-03
 5  Lusk Vane   Make_a_visit  Ferro Isle  2014-07-07
 6  Bram Tor    Make_a_visit  Ferro Isle  2014-06-20
 7  Cole Wynd   Make_a_visit  Ferro Isle  2013-09-09
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Dace_Holm", "Make_a_visit", "Ferro_Isle", "2013-05-02"),
    ("Dace_Holm", "Make_a_visit", "Ferro_Isle", "2014-06-10"),
    ("Lusk_Vane", "Make_a_visit", "Ferro_Isle", "2013-08-01"),
    ("Lusk_Vane", "Make_a_visit", "Ferro_Isle", "2014-03-03"),
    ("Lusk_Vane", "Make_a_visit", "Ferro_Isle", "2014-07-07"),
    ("Bram_Tor", "Make_a_visit", "Ferro_Isle", "2014-06-20"),
    ("Cole_Wynd", "Make_a_visit", "Ferro_Isle", "2013-09-09"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_49"), FACTS, "time_49")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_a_closing_year_that_would_pick_another_anchor_event(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # the anchor's earliest event is #1 (2013), its 2014 one #2: the year's owner decides between #4 and #5; before,
    # #1 was taken with 2014 as the question's window and #4 answered
    q = "When did Lusk Vane next visit Ferro Isle after Dace Holm visited Ferro Isle in 2014?"
    assert answers(reader, vector, q) == []


def test_a_closing_year_with_the_same_anchor_event(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # Bram Tor's one visit (#6) is in 2014 either way: #5 is next
    q = "When did Lusk Vane next visit Ferro Isle after Bram Tor visited Ferro Isle in 2014?"
    assert answers(reader, vector, q)[:1] == ["2014-07-07"]


def test_a_closing_year_the_anchor_has_no_event_in(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # Cole Wynd's one visit (#7) is in 2013: the year is the question's, and #4 is the first of 2014 after it
    q = "When did Lusk Vane first visit Ferro Isle after Cole Wynd visited Ferro Isle in 2014?"
    assert answers(reader, vector, q)[:1] == ["2014-03-03"]


@pytest.mark.parametrize(
    "question",
    [
        "When did Lusk Vane last visit Ferro Isle in 2013 and 2014?",
        "In 2013 and 2014, when did Lusk Vane last visit Ferro Isle?",
    ],
)
def test_two_years_together(graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # #5 (2014): read as 2013 alone the last was #3
    assert answers(reader, vector, question)[:1] == ["2014-07-07"]


def test_a_scope_taken_together(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Over 2013 and 2014 taken together, in which year did Cole Wynd visit Ferro Isle for the last time?"
    assert answers(reader, vector, q)[:1] == ["2013"]
