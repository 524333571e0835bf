"""Time, window and answer-time families of blind sets 22-23 (issue 29, h30t), read on a hand-made graph with the
answers worked out by hand: a week stated by its days, a season glossed with "that is" and its months, a window from
a year's start to an anchor's day (that day excluded), "Earlier in 2014 than the day X ..., who ...?", "What was the
next date after D on which ...?" and "In 2014 or in 2015: when did ...? Give the year.".

 #  subject         relation                          object          day
 1  Aster Duchy     Consult                           Quill Republic  2014-09-03
 2  Borel March     Consult                           Quill Republic  2014-09-09
 3  Corvin Land     Consult                           Quill Republic  2014-08-30
 4  Aster Duchy     Threaten                          Quill Republic  2015-07-10
 5  Borel March     Threaten                          Quill Republic  2015-10-01
 6  Corvin Land     Host_a_visit                      Dunmere State   2015-02-01
 7  Aster Duchy     Host_a_visit                      Dunmere State   2015-05-10
 8  Borel March     Host_a_visit                      Dunmere State   2015-07-01
 9  Elkan Isles     Criticize_or_denounce             Faron Union     2015-05-10
10  Garth Realm     Host_a_visit                      Dunmere State   2014-12-01
11  Garth Realm     Make_optimistic_comment           Hollin Kingdom  2014-03-01
12  Aster Duchy     Make_optimistic_comment           Hollin Kingdom  2014-09-01
13  Elkan Isles     Make_an_appeal_or_request         Faron Union     2014-06-01
14  Corvin Land     Make_optimistic_comment           Hollin Kingdom  2013-11-01
15  Aster Duchy     Praise_or_endorse                 Ivor Union      2015-04-20
16  Aster Duchy     Praise_or_endorse                 Ivor Union      2015-06-02
17  Aster Duchy     Praise_or_endorse                 Ivor Union      2015-09-09
18  Lumen Republic  Host_a_visit                      Mira Kingdom    2014-04-04
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Aster_Duchy", "Consult", "Quill_Republic", "2014-09-03"),
    ("Borel_March", "Consult", "Quill_Republic", "2014-09-09"),
    ("Corvin_Land", "Consult", "Quill_Republic", "2014-08-30"),
    ("Aster_Duchy", "Threaten", "Quill_Republic", "2015-07-10"),
    ("Borel_March", "Threaten", "Quill_Republic", "2015-10-01"),
    ("Corvin_Land", "Host_a_visit", "Dunmere_State", "2015-02-01"),
    ("Aster_Duchy", "Host_a_visit", "Dunmere_State", "2015-05-10"),
    ("Borel_March", "Host_a_visit", "Dunmere_State", "2015-07-01"),
    ("Elkan_Isles", "Criticize_or_denounce", "Faron_Union", "2015-05-10"),
    ("Garth_Realm", "Host_a_visit", "Dunmere_State", "2014-12-01"),
    ("Garth_Realm", "Make_optimistic_comment", "Hollin_Kingdom", "2014-03-01"),
    ("Aster_Duchy", "Make_optimistic_comment", "Hollin_Kingdom", "2014-09-01"),
    ("Elkan_Isles", "Make_an_appeal_or_request", "Faron_Union", "2014-06-01"),
    ("Corvin_Land", "Make_optimistic_comment", "Hollin_Kingdom", "2013-11-01"),
    ("Aster_Duchy", "Praise_or_endorse", "Ivor_Union", "2015-04-20"),
    ("Aster_Duchy", "Praise_or_endorse", "Ivor_Union", "2015-06-02"),
    ("Aster_Duchy", "Praise_or_endorse", "Ivor_Union", "2015-09-09"),
    ("Lumen_Republic", "Host_a_visit", "Mira_Kingdom", "2014-04-04"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("time_22"), FACTS, "time_22")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_a_week_stated_by_its_days(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # 1-7 September 2014: #1 (not #2 on the 9th, not #3 in August)
    q = (
        "Which parties consulted Quill Republic in the week running from Monday 1 September 2014 to Sunday 7 "
        "September 2014?"
    )
    assert answers(reader, vector, q) == ["Aster Duchy"]


def test_a_season_glossed_with_its_months(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # June to August 2015: #4 (not #5 in October)
    q = "Who threatened Quill Republic in the summer of 2015 (that is, June, July and August)?"
    assert answers(reader, vector, q) == ["Aster Duchy"]


def test_from_a_years_start_to_an_anchors_day_excluded(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # anchor #9 (2015-05-10); hosts of Dunmere State in 2015 before that day: #6 (not #7 on it, #8 after, #10 in 2014)
    q = (
        "Which actors had hosted Dunmere State between the start of 2015 and the day Elkan Isles criticized Faron "
        "Union (that day excluded)?"
    )
    assert answers(reader, vector, q) == ["Corvin Land"]


def test_earlier_in_a_year_than_an_anchors_day_said_first(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # anchor #13 (2014-06-01); optimistic comments on Hollin Kingdom in 2014 before it: #11 (not #12 after, #14 in 2013)
    q = (
        "Earlier in 2014 than the day Elkan Isles made an appeal to Faron Union, who had made optimistic comments "
        "about Hollin Kingdom?"
    )
    assert answers(reader, vector, q) == ["Garth Realm"]


def test_the_next_date_after_a_day(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Aster Duchy's praise of Ivor Union after 22 April 2015: #16 first
    q = "What was the next date after April 22, 2015 on which Aster Duchy praised Ivor Union?"
    assert answers(reader, vector, q)[:1] == ["2015-06-02"]


def test_when_after_a_scope_said_first(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #18
    q = "In 2014 or in 2015: when did Lumen Republic host Mira Kingdom? Give the year."
    assert answers(reader, vector, q)[:1] == ["2014"]
