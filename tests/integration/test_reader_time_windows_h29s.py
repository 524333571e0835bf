"""Time windows said in words (issue 29, h29s): a week stated by its days after a statement, "the same week" (the
anchor event's calendar week, Monday to Sunday), a day of the month named alone, a window said by its two edges, and
an N-day stretch with weekdays on its edges (a weekday that is not its date's abstains). Read on a hand-made graph
with the answers worked out by hand (2015-01-19 is a Monday):

 #  subject        relation                 object        day
 1  Orla Council   Engage_in_negotiation    Pemba Union   2015-01-21  (Wednesday: the anchor)
 2  Quill League   Engage_in_negotiation    Pemba Union   2015-01-19  (Monday, the same week)
 3  Rook State     Engage_in_negotiation    Pemba Union   2015-01-25  (Sunday, the same week)
 4  Sable Front    Engage_in_negotiation    Pemba Union   2015-01-26  (Monday, the next week)
 5  Tarn Group     Engage_in_negotiation    Pemba Union   2015-01-18  (Sunday, the week before)
 6  Umber Party    Engage_in_negotiation    Pemba Union   2015-01-21  (the anchor's own day)
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Orla_Council", "Engage_in_negotiation", "Pemba_Union", "2015-01-21"),
    ("Quill_League", "Engage_in_negotiation", "Pemba_Union", "2015-01-19"),
    ("Rook_State", "Engage_in_negotiation", "Pemba_Union", "2015-01-25"),
    ("Sable_Front", "Engage_in_negotiation", "Pemba_Union", "2015-01-26"),
    ("Tarn_Group", "Engage_in_negotiation", "Pemba_Union", "2015-01-18"),
    ("Umber_Party", "Engage_in_negotiation", "Pemba_Union", "2015-01-21"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_windows"), FACTS, "time_windows")


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=10)
    assert isinstance(a, SymbolicAnswer)
    return sorted(c.text for c in a.answers)


@pytest.mark.parametrize(
    "question",
    [
        "Orla Council negotiated with Pemba Union on 21 January 2015. Who else did so that week (Monday 19 January to "
        "Sunday 25 January 2015)?",
        "Orla Council negotiated with Pemba Union on 21 January 2015. Who else did so that week?",
        "In the same week that Orla Council negotiated with Pemba Union, who else did so?",
    ],
)
def test_the_week_of_the_anchor_runs_monday_to_sunday(
    reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    # #2, #3 and #6: not #4 (the next week), #5 (the week before) or the anchor's own actor
    assert texts(reader, vector, question) == ["Quill League", "Rook State", "Umber Party"]


def test_a_stated_week_with_a_wrong_weekday_abstains(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "Orla Council negotiated with Pemba Union on 21 January 2015. Who else did so that week (Tuesday 19 January "
        "to Sunday 25 January 2015)?"
    )
    assert texts(reader, vector, q) == []


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("In January 2015, who negotiated with Pemba Union after the 21st?", ["Rook State", "Sable Front"]),
        (
            "After 19 January 2015 and before the month (January 2015) was out, who negotiated with Pemba Union?",
            ["Orla Council", "Rook State", "Sable Front", "Umber Party"],
        ),
        (
            "In the 3 days from Monday 19 January 2015 to Wednesday 21 January 2015 (both days included), who "
            "negotiated with Pemba Union?",
            ["Orla Council", "Quill League", "Umber Party"],
        ),
        (
            "Over the 2-day stretch Sunday 25 January 2015 through 2015-01-26, inclusive, who negotiated with "
            "Pemba Union?",
            ["Rook State", "Sable Front"],
        ),
    ],
)
def test_a_window_said_in_words(
    reader: SymbolicReader, vector: VectorRetriever, question: str, expected: list[str]
) -> None:
    assert texts(reader, vector, question) == expected


@pytest.mark.parametrize(
    "question",
    [
        # 19 January 2015 is a Monday; the range is 3 days, not 4
        "In the 3 days from Tuesday 19 January 2015 to 21 January 2015 (both days included), who negotiated with "
        "Pemba Union?",
        "In the 4 days from 19 January 2015 to 21 January 2015, who negotiated with Pemba Union?",
    ],
)
def test_a_window_that_contradicts_itself_abstains(
    reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    assert texts(reader, vector, question) == []
