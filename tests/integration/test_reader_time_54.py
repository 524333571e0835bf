"""Time and order families of blind sets 54-58 (issue 29, h37t), read on a hand-made graph with the answers worked out
by hand: "After X did R to Y, which others did S to Z that same month?" (the month of the anchor's event, after it),
"Who did R next, once people in X did S?" (the anchor after the main clause) and an order word with nothing read to
order by (abstain, not every event).

 #  subject      relation                  object       day
 1  Orla Senn    Make_a_visit              Tarn Vale    2014-03-10   the anchor event
 2  Piet Quill   Make_a_visit              Tarn Vale    2014-03-05   same month, before the anchor
 3  Rusk Adley   Make_a_visit              Tarn Vale    2014-03-20   same month, after the anchor
 4  Sela Brink   Make_a_visit              Tarn Vale    2014-04-02   after the anchor, the next month
 5  Teo Marsh    Make_a_visit              Tarn Vale    2014-03-25   same month, after the anchor
 6  Citizen (Tarn Vale)  Criticize_or_denounce  Ulf Rime  2014-06-01   the "once" anchor
 7  Vey Onder    Make_statement            Ulf Rime     2014-05-20   before the anchor
 8  Wim Paley    Make_statement            Ulf Rime     2014-06-04   next after the anchor
 9  Xan Oakes    Make_statement            Ulf Rime     2014-06-15
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Orla_Senn", "Make_a_visit", "Tarn_Vale", "2014-03-10"),
    ("Piet_Quill", "Make_a_visit", "Tarn_Vale", "2014-03-05"),
    ("Rusk_Adley", "Make_a_visit", "Tarn_Vale", "2014-03-20"),
    ("Sela_Brink", "Make_a_visit", "Tarn_Vale", "2014-04-02"),
    ("Teo_Marsh", "Make_a_visit", "Tarn_Vale", "2014-03-25"),
    ("Citizen_(Tarn_Vale)", "Criticize_or_denounce", "Ulf_Rime", "2014-06-01"),
    ("Vey_Onder", "Make_statement", "Ulf_Rime", "2014-05-20"),
    ("Wim_Paley", "Make_statement", "Ulf_Rime", "2014-06-04"),
    ("Xan_Oakes", "Make_statement", "Ulf_Rime", "2014-06-15"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_54"), FACTS, "time_54")


def answer(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


@pytest.mark.parametrize(
    "question",
    [
        "After Orla Senn visited Tarn Vale, which others visited Tarn Vale that same month?",
        "After Orla Senn visited Tarn Vale, who else visited Tarn Vale later that month?",
    ],
)
def test_after_an_anchor_in_its_month(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    # #3 and #5: after #1 and in March 2014 (#2 is before it, #4 in April); before, "that same month" named no event
    # and the reader abstained, and "later" was read as the relation's word
    assert sorted(c.text for c in answer(reader, vector, question).answers) == ["Rusk Adley", "Teo Marsh"]


def test_before_an_anchor_in_its_month(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Before Orla Senn visited Tarn Vale, which others visited Tarn Vale that same month?"
    assert [c.text for c in answer(reader, vector, q).answers] == ["Piet Quill"]


def test_next_once_people_did(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #8 is the first statement after #6; before, the "once" clause was not read and #7, #8 and #9 came back unordered
    q = "Who issued a statement to Ulf Rime next, once citizens of Tarn Vale criticized Ulf Rime?"
    assert [c.text for c in answer(reader, vector, q).answers][:1] == ["Wim Paley"]


def test_next_with_nothing_to_follow_abstains(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = answer(reader, vector, "Who issued a statement to Ulf Rime next?")
    assert not a.answers and a.no_answer is not None and 'the order "next" was not read' in a.no_answer
