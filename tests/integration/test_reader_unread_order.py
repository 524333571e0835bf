"""An "earlier ... than <an event said by a noun>" the parse did not read is no answer, with the reason, on a hand-made
graph: without it the question becomes who did it at any time in the year (issue 29; two wrong answers on held-out
set 35 before the gap).

 #  subject      relation     object       day
 1  Quell Drift  Consult      Ombra Fen    2014-06-10
 2  Quell Drift  Reject       Ombra Fen    2014-03-02
 3  Sable Knot   Reject       Ombra Fen    2014-09-20
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Quell_Drift", "Consult", "Ombra_Fen", "2014-06-10"),
    ("Quell_Drift", "Reject", "Ombra_Fen", "2014-03-02"),
    ("Sable_Knot", "Reject", "Ombra_Fen", "2014-09-20"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("unread_order"), FACTS, "unread_order")


def test_an_unread_comparison_is_no_answer_with_its_reason(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # the anchor's year differs from the scope's: the comparison is left unread (``unread_order``)
    a = asking.ask(
        reader,
        vector,
        "Earlier in 2014 than the consultation between Quell Drift and Ombra Fen in 2013,"
        " Ombra Fen was rebuffed by whom?",
        k=5,
    )
    assert isinstance(a, SymbolicAnswer)
    assert a.answers == []
    assert a.no_answer is not None and 'the comparison "Earlier' in a.no_answer


def test_a_comparison_with_an_event_noun_is_read(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # before the consultation of 10 June 2014 (#1): #2 (March), not #3 (September)
    q = "Earlier in 2014 than the consultation between Quell Drift and Ombra Fen, Ombra Fen was rebuffed by whom?"
    a = asking.ask(reader, vector, q, k=5)
    assert isinstance(a, SymbolicAnswer)
    assert [c.text for c in a.answers] == ["Quell Drift"]


def test_the_same_order_said_with_the_day_is_read(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # before 10 June 2014 (#1): #2 only, not #3 (September)
    a = asking.ask(
        reader, vector, "Earlier in 2014 than the day Quell Drift consulted Ombra Fen, who rejected Ombra Fen?", k=5
    )
    assert isinstance(a, SymbolicAnswer)
    assert [c.text for c in a.answers] == ["Quell Drift"]
