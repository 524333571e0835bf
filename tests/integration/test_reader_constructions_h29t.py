"""h29t's families read on a hand-made graph, answers worked out by hand: a sector said with "a", a noun-verb name
("Pax Watch") before an indefinite sector, "downgraded ties" (Reduce_relations, not the diplomatic kind), the part
of an anchor's month before or after it, the anchor's own object asked ("who were the targets when ..."), and a topic
before a dash.

 #  subject                        relation                               object                        day
 1  Ministry (Zorland)             Provide_humanitarian_aid               Quux Republic                 2014-08-25
 2  Pax Watch                      Criticize_or_denounce                  Court Judge (Quux Republic)   2014-07-10
 3  Court Judge (Quux Republic)    Criticize_or_denounce                  Pax Watch                     2014-07-22
 4  Lumo Council                   Reduce_relations                       Citizen (Quux Republic)       2014-03-03
 5  Vexa Party                     Reduce_or_break_diplomatic_relations   Citizen (Quux Republic)       2014-03-05
 6  Orin League                    Make_statement                         Kelto State                   2014-05-02
 7  Pim Assembly                   Make_statement                         Kelto State                   2014-05-10
 8  Tarn Group                     Make_statement                         Kelto State                   2014-05-20
 9  Sova Front                     Make_statement                         Kelto State                   2014-05-28
10  Rilo Board                     Make_statement                         Kelto State                   2014-06-03
11  Orin League                    Make_statement                         Kelto State                   2014-04-20
12  Nemo Agency                    Discuss_by_telephone                   Wexa Bureau                   2014-09-09
13  Brava Nation                   Host_a_visit                           Ulo Minister                  2015-09-10
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Ministry_(Zorland)", "Provide_humanitarian_aid", "Quux_Republic", "2014-08-25"),
    ("Pax_Watch", "Criticize_or_denounce", "Court_Judge_(Quux_Republic)", "2014-07-10"),
    ("Court_Judge_(Quux_Republic)", "Criticize_or_denounce", "Pax_Watch", "2014-07-22"),
    ("Lumo_Council", "Reduce_relations", "Citizen_(Quux_Republic)", "2014-03-03"),
    ("Vexa_Party", "Reduce_or_break_diplomatic_relations", "Citizen_(Quux_Republic)", "2014-03-05"),
    ("Orin_League", "Make_statement", "Kelto_State", "2014-05-02"),
    ("Pim_Assembly", "Make_statement", "Kelto_State", "2014-05-10"),
    ("Tarn_Group", "Make_statement", "Kelto_State", "2014-05-20"),
    ("Sova_Front", "Make_statement", "Kelto_State", "2014-05-28"),
    ("Rilo_Board", "Make_statement", "Kelto_State", "2014-06-03"),
    ("Orin_League", "Make_statement", "Kelto_State", "2014-04-20"),
    ("Nemo_Agency", "Discuss_by_telephone", "Wexa_Bureau", "2014-09-09"),
    ("Brava_Nation", "Host_a_visit", "Ulo_Minister", "2015-09-10"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h29t"), FACTS, "constructions")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_a_sector_said_with_a(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "On what date in 2014 did a ministry of Zorland send humanitarian aid to Quux Republic?"
    assert answers(reader, vector, q) == ["2014-08-25"]  # #1


@pytest.mark.parametrize(
    "question",
    [
        "In 2014, which day(s) did Pax Watch criticize a court judge in Quux Republic?",
        "In 2014, on which date(s) did Pax Watch denounce a court judge in Quux Republic?",
    ],
)
def test_the_subject_before_an_indefinite_sector(
    reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    # #2, not the reversed event #3 (before, both entities were read as objects)
    assert answers(reader, vector, question) == ["2014-07-10"]


@pytest.mark.parametrize(
    "question",
    [
        "In 2014 who downgraded ties with citizens of Quux Republic?",
        # (right on the starting tree too: this small graph has no relation closer to "scaled back relations")
        "Who scaled back relations with citizens of Quux Republic in March 2014?",
    ],
)
def test_downgraded_ties_reduce_relations(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    assert answers(reader, vector, question) == ["Lumo Council"]  # #4, not the diplomatic break #5


@pytest.mark.parametrize(
    "question",
    [
        "Earlier in the month in which Tarn Group spoke publicly about Kelto State, who else had already done so?",
        "Before Tarn Group made a statement about Kelto State, which other actors had done the same earlier that"
        " month?",
    ],
)
def test_earlier_in_the_anchors_month(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # May 2014 before the 20th: #6, #7; not #11 (April)
    assert sorted(answers(reader, vector, question)) == ["Orin League", "Pim Assembly"]


def test_later_in_the_anchors_month(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "After Tarn Group made a statement about Kelto State, who else did the same later that month?"
    assert answers(reader, vector, q) == ["Sova Front"]  # #9; not #10 (June), which was answered before


def test_the_targets_of_the_anchors_event(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "In 2014, who were the targets when Nemo Agency had a telephone conversation with someone?"
    assert answers(reader, vector, q) == ["Wexa Bureau"]  # #12


def test_a_topic_before_a_dash(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert answers(reader, vector, "Ulo Minister — who hosted them in September 2015?") == ["Brava Nation"]  # #13
