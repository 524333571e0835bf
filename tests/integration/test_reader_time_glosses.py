"""Time brackets of blind sets 19-21 (issue 29, h29u), read on a hand-made graph with the answers worked out by hand:
a gloss restating a stretch's last day, an excluded last edge, a season across two years with its months, a named day
with its date in brackets, a scope in brackets after an anchor, and "earlier in the same year in which C, but before
that happened" (both sides of the one anchor event).

 #  subject        relation                 object          day
 1  Ursa Realm     Consult                  Cetus Republic  2014-02-10
 2  Vela League    Consult                  Cetus Republic  2014-03-05
 3  Lyra State     Consult                  Cetus Republic  2014-03-20
 4  Ursa Realm     Criticize_or_denounce    Draco Union     2014-12-20
 5  Vela League    Criticize_or_denounce    Draco Union     2015-01-15
 6  Lyra State     Criticize_or_denounce    Draco Union     2015-03-10
 7  Orion Kingdom  Praise_or_endorse        Draco Union     2014-10-31
 8  Lyra State     Praise_or_endorse        Draco Union     2014-11-01
 9  Ursa Realm     Make_a_visit             Pavo Isles      2014-06-15
10  Vela League    Demand                   Pavo Isles      2014-03-01
11  Orion Kingdom  Demand                   Pavo Isles      2013-12-01
12  Lyra State     Demand                   Pavo Isles      2014-08-01
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Ursa_Realm", "Consult", "Cetus_Republic", "2014-02-10"),
    ("Vela_League", "Consult", "Cetus_Republic", "2014-03-05"),
    ("Lyra_State", "Consult", "Cetus_Republic", "2014-03-20"),
    ("Ursa_Realm", "Criticize_or_denounce", "Draco_Union", "2014-12-20"),
    ("Vela_League", "Criticize_or_denounce", "Draco_Union", "2015-01-15"),
    ("Lyra_State", "Criticize_or_denounce", "Draco_Union", "2015-03-10"),
    ("Orion_Kingdom", "Praise_or_endorse", "Draco_Union", "2014-10-31"),
    ("Lyra_State", "Praise_or_endorse", "Draco_Union", "2014-11-01"),
    ("Ursa_Realm", "Make_a_visit", "Pavo_Isles", "2014-06-15"),
    ("Vela_League", "Demand", "Pavo_Isles", "2014-03-01"),
    ("Orion_Kingdom", "Demand", "Pavo_Isles", "2013-12-01"),
    ("Lyra_State", "Demand", "Pavo_Isles", "2014-08-01"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_glosses"), FACTS, "time_glosses")


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return sorted(c.text for c in a.answers)


def test_a_gloss_restating_the_stretch_end(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 1-10 March 2014: #2 only
    q = (
        "During the 10-day stretch that began on 1 March 2014 (that is, up to and including 10 March 2014), who "
        "consulted Cetus Republic?"
    )
    assert texts(reader, vector, q) == ["Vela League"]


def test_an_excluded_last_edge(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 1 January to 19 March 2014: #1, #2 (not #3 on the excluded day)
    q = "Between the start of 2014 and 20 March 2014 (not counting that day), who consulted Cetus Republic?"
    assert texts(reader, vector, q) == ["Ursa Realm", "Vela League"]


def test_a_season_across_two_years(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # December 2014 to February 2015: #4, #5 (not #6 in March)
    q = "During the winter of 2014-15 (December 2014 to February 2015), who criticized Draco Union?"
    assert texts(reader, vector, q) == ["Ursa Realm", "Vela League"]


def test_a_named_day_with_its_date(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 31 October 2014: #7
    assert texts(reader, vector, "On Halloween (31 October) 2014, who praised Draco Union?") == ["Orion Kingdom"]


def test_earlier_in_the_same_year_but_before_it(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # anchor #9 (2014-06-15); demands of Pavo Isles in 2014 before it: #10 (not #11 in 2013, not #12 after)
    q = (
        "Earlier in the same year in which Ursa Realm visited Pavo Isles, but before that happened, who made "
        "demands of Pavo Isles?"
    )
    assert texts(reader, vector, q) == ["Vela League"]


def test_a_scope_in_brackets_after_the_anchor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # anchor #9 (2014-06-15); the first demand of Pavo Isles after it in 2014: #12
    q = "After Ursa Realm visited Pavo Isles (within 2014), who was the first to make demands of Pavo Isles?"
    assert texts(reader, vector, q) == ["Lyra State"]
