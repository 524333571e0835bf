"""Time families of blind sets 34-38 (issue 29, h33t), read on a hand-made graph with the answers worked out by hand:
the rest of the anchor's year ("before the year was out", "later that same year (2014)", "earlier that same year"),
a choice among years ("Which of the years 2014 and 2015 saw ...?") and a fronted comparison with an event noun and a
passive main clause; a stated Monday-to-Sunday week across a new year. The anchor's event is looked for in the year
said (#2, not #1 of 2013).

 #  subject        relation             object        day
 1  Quen Marsh     Praise_or_endorse    Tolk Plain    2013-05-01
 2  Quen Marsh     Praise_or_endorse    Tolk Plain    2014-06-10
 3  Arvo Dell      Make_a_visit         Tolk Plain    2014-03-02
 4  Brisk Holm     Make_a_visit         Tolk Plain    2014-08-15
 5  Cobb Ridge     Make_a_visit         Tolk Plain    2015-02-01
 6  Dunn Vale      Make_a_visit         Tolk Plain    2013-09-01
 7  Elm Quay       Consult              Tolk Plain    2014-12-30
 8  Fenn Cove      Consult              Tolk Plain    2015-01-02
 9  Gale Point     Consult              Tolk Plain    2015-01-06
10  Hask Mere      Consult              Tolk Plain    2014-12-27
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Quen_Marsh", "Praise_or_endorse", "Tolk_Plain", "2013-05-01"),
    ("Quen_Marsh", "Praise_or_endorse", "Tolk_Plain", "2014-06-10"),
    ("Arvo_Dell", "Make_a_visit", "Tolk_Plain", "2014-03-02"),
    ("Brisk_Holm", "Make_a_visit", "Tolk_Plain", "2014-08-15"),
    ("Cobb_Ridge", "Make_a_visit", "Tolk_Plain", "2015-02-01"),
    ("Dunn_Vale", "Make_a_visit", "Tolk_Plain", "2013-09-01"),
    ("Elm_Quay", "Consult", "Tolk_Plain", "2014-12-30"),
    ("Fenn_Cove", "Consult", "Tolk_Plain", "2015-01-02"),
    ("Gale_Point", "Consult", "Tolk_Plain", "2015-01-06"),
    ("Hask_Mere", "Consult", "Tolk_Plain", "2014-12-27"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_34"), FACTS, "time_34")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


@pytest.mark.parametrize(
    "question",
    [
        "In 2014, after Quen Marsh praised Tolk Plain, which actors visited Tolk Plain before the year was out?",
        "After Quen Marsh praised Tolk Plain, who visited Tolk Plain later that same year (2014)?",
        "After Quen Marsh praised Tolk Plain in 2014, who visited Tolk Plain by the end of the year?",
        "Who visited Tolk Plain after Quen Marsh praised Tolk Plain but before 2014 was over?",
    ],
)
def test_the_rest_of_the_anchors_year(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    # after #2 (10 June 2014) and within 2014: #4 only (not #5 of 2015, not #6 after the 2013 praise)
    assert answers(reader, vector, question) == ["Brisk Holm"]


def test_the_earlier_part_of_the_anchors_year(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Before Quen Marsh praised Tolk Plain, who visited Tolk Plain earlier that same year (2014)?"
    assert answers(reader, vector, q) == ["Arvo Dell"]


def test_a_choice_among_years(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert answers(reader, vector, "Which of the years 2014 and 2015 saw Cobb Ridge visit Tolk Plain?") == ["2015"]


def test_a_fronted_comparison_with_a_passive_main(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    q = "Earlier in 2014 than Quen Marsh's praise for Tolk Plain in 2014, Tolk Plain was visited by whom?"
    assert answers(reader, vector, q) == ["Arvo Dell"]


def test_a_stated_week_across_a_new_year(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 29 December 2014 - 4 January 2015: #8 (not #9 of the next week, not #10 of the week before)
    q = (
        "Elm Quay consulted Tolk Plain on 30 December 2014. Who else did so that week (Monday 29 December 2014 to "
        "Sunday 4 January 2015)?"
    )
    assert answers(reader, vector, q) == ["Fenn Cove"]
