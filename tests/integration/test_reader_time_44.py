"""Time families of blind sets 44-48 (issue 29, h35t), read on a hand-made graph with the answers worked out by hand:
a range with an excluded first day, a half month stated by its days, "at the latest in YEAR" (the last one), an
aside between dashes after "when", and a statement whose subject's name ends in "Left" (no state-ending verb: "on D"
is that day, which picks the anchor's event among three months).

 #  subject                    relation               object      day
 1  Zell Ward                  Make_a_visit           Quorn Bay   2015-08-13
 2  Yarl Moss                  Make_a_visit           Quorn Bay   2015-08-20
 3  Vint Hale                  Praise_or_endorse      Quorn Bay   2015-10-10
 4  Wick Fold                  Praise_or_endorse      Quorn Bay   2015-10-20
 5  Tarn Gill                  Criticize_or_denounce  Quorn Bay   2014-03-01
 6  Tarn Gill                  Criticize_or_denounce  Quorn Bay   2014-09-09
 7  Tarn Gill                  Criticize_or_denounce  Quorn Bay   2015-02-02
 8  Front of the Radical Left  Make_statement         Ulme Rock   2014-09-23
 9  Front of the Radical Left  Make_statement         Ulme Rock   2014-10-28
10  Front of the Radical Left  Make_statement         Ulme Rock   2014-12-17
11  Sorn Pike                  Make_statement         Ulme Rock   2014-12-03
12  Kell Ash                   Make_statement         Ulme Rock   2014-10-05
13  Kell Ash                   Make_statement         Vell Crag   2014-10-05
14  Kell Ash                   Make_statement         Vell Crag   2014-12-20
15  Orm Tay                    Make_statement         Vell Crag   2014-10-15
16  Pim Rue                    Make_statement         Vell Crag   2014-12-22
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Zell_Ward", "Make_a_visit", "Quorn_Bay", "2015-08-13"),
    ("Yarl_Moss", "Make_a_visit", "Quorn_Bay", "2015-08-20"),
    ("Vint_Hale", "Praise_or_endorse", "Quorn_Bay", "2015-10-10"),
    ("Wick_Fold", "Praise_or_endorse", "Quorn_Bay", "2015-10-20"),
    ("Tarn_Gill", "Criticize_or_denounce", "Quorn_Bay", "2014-03-01"),
    ("Tarn_Gill", "Criticize_or_denounce", "Quorn_Bay", "2014-09-09"),
    ("Tarn_Gill", "Criticize_or_denounce", "Quorn_Bay", "2015-02-02"),
    ("Front_of_the_Radical_Left", "Make_statement", "Ulme_Rock", "2014-09-23"),
    ("Front_of_the_Radical_Left", "Make_statement", "Ulme_Rock", "2014-10-28"),
    ("Front_of_the_Radical_Left", "Make_statement", "Ulme_Rock", "2014-12-17"),
    ("Sorn_Pike", "Make_statement", "Ulme_Rock", "2014-12-03"),
    ("Kell_Ash", "Make_statement", "Ulme_Rock", "2014-10-05"),
    ("Kell_Ash", "Make_statement", "Vell_Crag", "2014-10-05"),
    ("Kell_Ash", "Make_statement", "Vell_Crag", "2014-12-20"),
    ("Orm_Tay", "Make_statement", "Vell_Crag", "2014-10-15"),
    ("Pim_Rue", "Make_statement", "Vell_Crag", "2014-12-22"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_44"), FACTS, "time_44")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


@pytest.mark.parametrize(
    "question",
    [
        "Between 13 August 2015 (exclusive) and 31 December 2015, who visited Quorn Bay?",
        "Who visited Quorn Bay from the day after 13 August 2015 to year end?",
        "Between 13 August 2015 (not counting that day) and the end of 2015, who visited Quorn Bay?",
    ],
)
def test_an_excluded_first_day(graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # after 13 August: #2 only (the window was that one day: #1)
    assert answers(reader, vector, question) == ["Yarl Moss"]


def test_a_half_month_by_its_days(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who praised Quorn Bay in the second half of October 2015 (from the 15th to the end of the month)?"
    assert answers(reader, vector, q) == ["Wick Fold"]


@pytest.mark.parametrize(
    "question",
    [
        "When, at the latest in 2014, did Tarn Gill criticize Quorn Bay?",
        "When - in 2014 - did Tarn Gill last criticize Quorn Bay?",
    ],
)
def test_the_last_one_in_a_year(graph: Store, reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    assert answers(reader, vector, question)[:1] == ["2014-09-09"]


def test_a_name_ending_in_left(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # the statement of 17 December 2014 (#10): its month, #11 (not #12 of October, the month of #9)
    q = "Front of the Radical Left made a statement about Ulme Rock on 17 December 2014. Who else did so that month?"
    assert answers(reader, vector, q) == ["Sorn Pike"]


def test_the_stated_day_picks_the_anchor_event(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Kell Ash's statements fall in October (#13) and December (#14): the day said picks October, so #15 (not #16)
    q = "Kell Ash made a statement about Vell Crag on 5 October 2014. Who else did so that month (October 2014)?"
    assert answers(reader, vector, q) == ["Orm Tay"]
