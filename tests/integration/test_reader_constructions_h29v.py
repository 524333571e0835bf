"""h29v's families read on a hand-made graph, answers worked out by hand: "people in X" (the Citizen sector, not X),
the roles of nominal anchors ("the consultations of officials in X with Y", "the visit X paid to Y", "the signing of
a formal agreement between A and B"), the anchor's own actor as a valid answer where the question does not set it
apart, "rallied support for", and a paper signed, said first ("a formal agreement was signed with X on D - by whom?").

 #  subject                              relation                        object                           day
 1  Dravon Board                         Make_an_appeal_or_request       Citizen (Quellia)                2014-03-03
 2  Hesk Group                           Make_an_appeal_or_request       Quellia                          2014-03-05
 3  Other Authorities / Officials (Quellia) Consult                      Foreign Affairs (Tornia)         2014-07-14
 4  Foreign Affairs (Tornia)             Consult                         Ivro Watch                       2014-07-20
 5  Foreign Affairs (Tornia)             Consult                         Jalen Council                    2014-09-02
 6  Police (Tornia)                      Consult                         Foreign Affairs (Tornia)         2014-02-01
 7  Kesta Nation                         Make_a_visit                    Lurvo State                      2015-03-06
 8  Mirel League                         Make_a_visit                    Lurvo State                      2015-03-20
 9  Nasko Front                          Make_a_visit                    Lurvo State                      2015-05-01
10  Oplan Agency                         Rally_support_on_behalf_of      Government (Quellia)             2015-04-02
11  Pirro Party                          Praise_or_endorse               Government (Quellia)             2015-04-03
12  Rendo Republic                       Sign_formal_agreement           Sulva State                      2015-04-30
13  Tamsin Assembly                      Sign_formal_agreement           Sulva State                      2015-05-02
14  Ulvar Office                         Sign_formal_agreement           Vesna Council                    2014-06-12
15  Wexby Board                          Make_an_appeal_or_request       Yorvia                           2014-06-20
16  Zanto Front                          Make_an_appeal_or_request       Yorvia                           2014-06-01
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Dravon_Board", "Make_an_appeal_or_request", "Citizen_(Quellia)", "2014-03-03"),
    ("Hesk_Group", "Make_an_appeal_or_request", "Quellia", "2014-03-05"),
    ("Other_Authorities_/_Officials_(Quellia)", "Consult", "Foreign_Affairs_(Tornia)", "2014-07-14"),
    ("Foreign_Affairs_(Tornia)", "Consult", "Ivro_Watch", "2014-07-20"),
    ("Foreign_Affairs_(Tornia)", "Consult", "Jalen_Council", "2014-09-02"),
    ("Police_(Tornia)", "Consult", "Foreign_Affairs_(Tornia)", "2014-02-01"),
    ("Kesta_Nation", "Make_a_visit", "Lurvo_State", "2015-03-06"),
    ("Mirel_League", "Make_a_visit", "Lurvo_State", "2015-03-20"),
    ("Nasko_Front", "Make_a_visit", "Lurvo_State", "2015-05-01"),
    ("Oplan_Agency", "Rally_support_on_behalf_of", "Government_(Quellia)", "2015-04-02"),
    ("Pirro_Party", "Praise_or_endorse", "Government_(Quellia)", "2015-04-03"),
    ("Rendo_Republic", "Sign_formal_agreement", "Sulva_State", "2015-04-30"),
    ("Tamsin_Assembly", "Sign_formal_agreement", "Sulva_State", "2015-05-02"),
    ("Ulvar_Office", "Sign_formal_agreement", "Vesna_Council", "2014-06-12"),
    ("Wexby_Board", "Make_an_appeal_or_request", "Yorvia", "2014-06-20"),
    ("Zanto_Front", "Make_an_appeal_or_request", "Yorvia", "2014-06-01"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h29v"), FACTS, "constructions")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


@pytest.mark.parametrize(
    "question",
    ["Who most recently called on people in Quellia?", "In March 2014, who appealed to people in Quellia?"],
)
def test_people_in_a_country_is_its_citizens(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    assert answers(reader, vector, question) == ["Dravon Board"]  # #1, not #2 (Quellia itself)


def test_the_consultations_of_a_sector_with_y(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "In the same month as the consultations of officials in Quellia with the foreign ministry of Tornia, which"
        " parties did the foreign ministry of Tornia consult?"
    )
    assert answers(reader, vector, q) == ["Ivro Watch"]  # anchor #3 (July), not #6 (another subject, February)


def test_the_visit_x_paid_to_y_may_answer_with_x(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who visited Lurvo State in the same month as the visit Kesta Nation paid to Lurvo State?"
    assert sorted(answers(reader, vector, q)) == ["Kesta Nation", "Mirel League"]  # #7, #8; not #9 (May)
    q = "Who else visited Lurvo State in the same month as the visit Kesta Nation paid to Lurvo State?"
    assert answers(reader, vector, q) == ["Mirel League"]


def test_the_signing_between_a_and_b_either_way(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "After the signing of a formal agreement between the Vesna Council and the Ulvar Office, who was the next"
        " to make an appeal to Yorvia (within 2014)?"
    )
    assert answers(reader, vector, q) == ["Wexby Board"]  # anchor #14 said B-A; #15 after it, not #16


def test_rallied_support_for(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who rallied support for the government of Quellia in April 2015?"
    assert answers(reader, vector, q) == ["Oplan Agency"]  # #10, not the praise #11


def test_a_paper_signed_with_x_on_a_day(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "A formal agreement was signed with Sulva State on 2015-04-30 - by whom?"
    assert answers(reader, vector, q) == ["Rendo Republic"]  # #12 that day, not #13 after it
