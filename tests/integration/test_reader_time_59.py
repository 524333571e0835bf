"""Time, order and clause-side families of blind sets 59-63 (issue 29, h39t), read on a hand-made graph with the
answers worked out by hand: "when exactly (which date) did X ...", a choice between offered periods, "X did R on D;
which others did the same on that date / earlier that month?" and "the last month before T in which X ...".

 #  subject      relation                  object       day
 1  Orla Senn    Make_a_visit              Tarn Vale    2014-03-10   the statement's event
 2  Piet Quill   Make_a_visit              Tarn Vale    2014-03-10   same day
 3  Rusk Adley   Make_a_visit              Tarn Vale    2014-03-05   same month, before the statement's day
 4  Sela Brink   Make_a_visit              Tarn Vale    2014-03-20   same month, after it
 5  Orla Senn    Make_a_visit              Tarn Vale    2014-07-02   the statement's actor again, another month
 6  Vey Onder    Praise_or_endorse         Ulf Rime     2014-05-20
 7  Vey Onder    Praise_or_endorse         Ulf Rime     2014-07-14
 8  Vey Onder    Praise_or_endorse         Ulf Rime     2014-11-03   after the bound (October 2014)
 9  Wim Paley    Host_a_visit              Xan Oakes    2015-02-11
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
    ("Piet_Quill", "Make_a_visit", "Tarn_Vale", "2014-03-10"),
    ("Rusk_Adley", "Make_a_visit", "Tarn_Vale", "2014-03-05"),
    ("Sela_Brink", "Make_a_visit", "Tarn_Vale", "2014-03-20"),
    ("Orla_Senn", "Make_a_visit", "Tarn_Vale", "2014-07-02"),
    ("Vey_Onder", "Praise_or_endorse", "Ulf_Rime", "2014-05-20"),
    ("Vey_Onder", "Praise_or_endorse", "Ulf_Rime", "2014-07-14"),
    ("Vey_Onder", "Praise_or_endorse", "Ulf_Rime", "2014-11-03"),
    ("Wim_Paley", "Host_a_visit", "Xan_Oakes", "2015-02-11"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_59"), FACTS, "time_59")


def answer(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


def texts(a: SymbolicAnswer) -> list[str]:
    return [c.text for c in a.answers]


def test_when_exactly_which_date(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #9; before, "exactly (which date) did ..." was read as an anchor with its roles unsaid (abstained)
    q = "In 2015, when exactly (which date) did Wim Paley host Xan Oakes?"
    assert texts(answer(reader, vector, q))[:1] == ["2015-02-11"]


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("Was it in 2014 or in 2015 that Vey Onder praised Ulf Rime? Give the year (or both).", ["2014"]),
        ("Did Wim Paley host Xan Oakes in 2014 or in 2015?", ["2015"]),
    ],
)
def test_offered_years(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str, years: list[str]
) -> None:
    assert texts(answer(reader, vector, question)) == years


def test_offered_months_in_a_row(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #6 (May) only: June holds none
    q = "Was it in May or in June 2014 that Vey Onder praised Ulf Rime? Give the month (or both)."
    assert texts(answer(reader, vector, q)) == ["2014-05"]


def test_offered_months_not_in_a_row_abstain(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = answer(reader, vector, "Was it in May or in July 2014 that Vey Onder praised Ulf Rime?")
    assert not a.answers and a.no_answer is not None and "not in a row" in a.no_answer


def test_statement_others_on_that_date(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #2: the same day as #1, Orla Senn left out; before, the pair was not read (no side said)
    q = "Orla Senn paid a visit to Tarn Vale on 10 March 2014; which others did the same on that date?"
    assert texts(answer(reader, vector, q)) == ["Piet Quill"]


@pytest.mark.parametrize(
    ("question", "who"),
    [
        ("Orla Senn paid a visit to Tarn Vale on 10 March 2014. Which others did so earlier that month?",
         ["Rusk Adley"]),
        ("Orla Senn paid a visit to Tarn Vale on 10 March 2014. Which others did so later that month?",
         ["Sela Brink"]),
    ],
)  # fmt: skip
def test_statement_others_on_a_side_in_its_month(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str, who: list[str]
) -> None:
    # the side of the statement's day (not of any of Orla Senn's visits, #5 in July) within its month
    assert texts(answer(reader, vector, question)) == who


def test_last_month_before_a_bound(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #7 (July): the last before October 2014 (#8 is after it); before, "last month" was read as the month before today
    q = "In 2014, which was the last month before October 2014 in which Vey Onder praised Ulf Rime?"
    assert texts(answer(reader, vector, q))[:1] == ["2014-07"]
