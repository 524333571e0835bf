"""Time, window and answer-time families of blind sets 29-33 (issue 29, h32t), read on a hand-made graph with the
answers worked out by hand: "In 2014, before D, who ...?" (the bound orders the answers, not the year around it),
"X did R on D. Who else did the same within three days of that date, either side (D1 to D2)?", "X did R in 2014 -
when exactly?" and "since D (not counting that day)".

 #  subject        relation                     object        day
 1  Lisle Vane     Make_an_appeal_or_request    Moss Harbor   2014-03-01
 2  Nold Reach     Make_an_appeal_or_request    Moss Harbor   2014-07-10
 3  Pim Coast      Make_an_appeal_or_request    Moss Harbor   2014-07-25
 4  Rell Isle      Consult                      Sorrel Bay    2015-09-01
 5  Tarn Union     Consult                      Sorrel Bay    2015-09-03
 6  Vint State     Consult                      Sorrel Bay    2015-09-06
 7  Wexa Land      Make_a_visit                 Yule Haven    2014-09-02
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Lisle_Vane", "Make_an_appeal_or_request", "Moss_Harbor", "2014-03-01"),
    ("Nold_Reach", "Make_an_appeal_or_request", "Moss_Harbor", "2014-07-10"),
    ("Pim_Coast", "Make_an_appeal_or_request", "Moss_Harbor", "2014-07-25"),
    ("Rell_Isle", "Consult", "Sorrel_Bay", "2015-09-01"),
    ("Tarn_Union", "Consult", "Sorrel_Bay", "2015-09-03"),
    ("Vint_State", "Consult", "Sorrel_Bay", "2015-09-06"),
    ("Wexa_Land", "Make_a_visit", "Yule_Haven", "2014-09-02"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_29"), FACTS, "time_29")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_a_bound_inside_a_stated_year_orders_the_answers(
    graph: Store, reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # the nearest before 19 July 2014 is #2 (as "before 19 July 2014" alone), not both of #1 and #2
    got = answers(reader, vector, "In 2014, before 2014-07-19, who made an appeal or request to Moss Harbor?")
    assert got[:1] == ["Nold Reach"]
    assert got == answers(reader, vector, "Who made an appeal or request to Moss Harbor before 19 July 2014?")


def test_within_three_days_either_side(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 29 August - 4 September 2015: #5 (not #6 on the 6th, not the statement's own actor)
    q = (
        "Rell Isle consulted Sorrel Bay on 2015-09-01. Who else did the same within three days of that date, either "
        "side (2015-08-29 to September 4, 2015)?"
    )
    assert answers(reader, vector, q) == ["Tarn Union"]


def test_when_exactly(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert answers(reader, vector, "Wexa Land visited Yule Haven in 2014 - when exactly?") == ["2014-09-02"]


def test_since_a_day_not_counted(graph: Store, reader: SymbolicReader, vector: VectorRetriever) -> None:
    got = answers(
        reader, vector, "Who made an appeal or request to Moss Harbor since 10 July 2014 (not counting that day)?"
    )
    assert got[:1] == ["Pim Coast"] and "Nold Reach" not in got
