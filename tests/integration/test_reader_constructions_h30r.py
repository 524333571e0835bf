"""h30r's families read on a hand-made graph, answers worked out by hand: "returned or released people to X" (the
store's Return,_release_person(s), not the refusal), "say it would cooperate" (the intent, not the act), "made a
symbolic gesture towards X", "X received aid - by whom?", "who was on the receiving end when X arrested someone",
"the next date after D on which X did Y" (X the subject), "the humanitarian aid from X to Y" as an anchor, "the
diplomatic cooperation of X with Y" in the main clause, and "X's downgrading of ties with Y" as an anchor.

 #  subject                 relation                                        object                   day
 1  Kelmar Guard            Return,_release_person(s)                       Citizen (Arvenna)        2014-07-25
 2  Trosk Bureau            Refuse_to_release_persons_or_property           Citizen (Arvenna)        2014-07-25
 3  Bexley Union            Express_intent_to_engage_in_diplomatic_coop...  Carrow State             2015-08-26
 4  Bexley Union            Engage_in_diplomatic_cooperation                Carrow State             2015-08-27
 5  Media (Drenna)          Engage_in_symbolic_act                          Citizen (Drenna)         2014-09-11
 6  Media (Drenna)          Make_statement                                  Citizen (Drenna)         2014-09-12
 7  Folk Bank               Provide_humanitarian_aid                        Government (Elvara)      2014-06-14
 8  Government (Elvara)     Provide_humanitarian_aid                        Gorm Relief              2014-06-14
 9  Hollin State            Arrest,_detain,_or_charge_with_legal_action     Ivel Gang                2015-10-10
10  Hollin State            Arrest,_detain,_or_charge_with_legal_action     Jory Press               2014-03-01
11  Kaspin Realm            Make_optimistic_comment                         Lorvey Isles             2015-12-01
12  Lorvey Isles            Make_optimistic_comment                         Kaspin Realm             2015-10-16
13  Marrow Isles            Provide_humanitarian_aid                        Nerith Union             2014-09-04
14  Nerith Union            Provide_humanitarian_aid                        Marrow Isles             2014-05-02
15  Oskel Army              Make_statement                                  Marrow Isles             2014-09-04
16  Pell Forum              Make_statement                                  Marrow Isles             2014-05-02
17  Quarn Republic          Engage_in_diplomatic_cooperation                Rusk Federation          2014-05-01
18  Rusk Federation         Engage_in_diplomatic_cooperation                Quarn Republic           2014-06-10
19  Selwyn Tarr             Reduce_relations                                Tovia Realm              2015-10-28
20  Tovia Realm             Make_a_visit                                    Selwyn Tarr              2015-09-01
21  Ulm Party               Make_a_visit                                    Selwyn Tarr              2015-11-05
22  Selwyn Tarr             Make_a_visit                                    Tovia Realm              2013-07-19
23  Vardo League            Make_a_visit                                    Selwyn Tarr              2013-07-01
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Kelmar_Guard", "Return,_release_person(s)", "Citizen_(Arvenna)", "2014-07-25"),
    ("Trosk_Bureau", "Refuse_to_release_persons_or_property", "Citizen_(Arvenna)", "2014-07-25"),
    (
        "Bexley_Union",
        "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)",
        "Carrow_State",
        "2015-08-26",
    ),
    ("Bexley_Union", "Engage_in_diplomatic_cooperation", "Carrow_State", "2015-08-27"),
    ("Media_(Drenna)", "Engage_in_symbolic_act", "Citizen_(Drenna)", "2014-09-11"),
    ("Media_(Drenna)", "Make_statement", "Citizen_(Drenna)", "2014-09-12"),
    ("Folk_Bank", "Provide_humanitarian_aid", "Government_(Elvara)", "2014-06-14"),
    ("Government_(Elvara)", "Provide_humanitarian_aid", "Gorm_Relief", "2014-06-14"),
    ("Hollin_State", "Arrest,_detain,_or_charge_with_legal_action", "Ivel_Gang", "2015-10-10"),
    ("Hollin_State", "Arrest,_detain,_or_charge_with_legal_action", "Jory_Press", "2014-03-01"),
    ("Kaspin_Realm", "Make_optimistic_comment", "Lorvey_Isles", "2015-12-01"),
    ("Lorvey_Isles", "Make_optimistic_comment", "Kaspin_Realm", "2015-10-16"),
    ("Marrow_Isles", "Provide_humanitarian_aid", "Nerith_Union", "2014-09-04"),
    ("Nerith_Union", "Provide_humanitarian_aid", "Marrow_Isles", "2014-05-02"),
    ("Oskel_Army", "Make_statement", "Marrow_Isles", "2014-09-04"),
    ("Pell_Forum", "Make_statement", "Marrow_Isles", "2014-05-02"),
    ("Quarn_Republic", "Engage_in_diplomatic_cooperation", "Rusk_Federation", "2014-05-01"),
    ("Rusk_Federation", "Engage_in_diplomatic_cooperation", "Quarn_Republic", "2014-06-10"),
    ("Selwyn_Tarr", "Reduce_relations", "Tovia_Realm", "2015-10-28"),
    ("Tovia_Realm", "Make_a_visit", "Selwyn_Tarr", "2015-09-01"),
    ("Ulm_Party", "Make_a_visit", "Selwyn_Tarr", "2015-11-05"),
    ("Selwyn_Tarr", "Make_a_visit", "Tovia_Realm", "2013-07-19"),
    ("Vardo_League", "Make_a_visit", "Selwyn_Tarr", "2013-07-01"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h30r"), FACTS, "constructions")


def answers(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_returned_or_released_is_the_release(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Which actors returned or released people to ordinary people in Arvenna on 25 July 2014?"
    assert answers(reader, vector, q) == ["Kelmar Guard"]  # #1, not the refusal #2


def test_say_it_would_cooperate_is_the_intent(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "After 30 June 2015, when did Bexley Union next say it would cooperate diplomatically with Carrow State?"
    assert answers(reader, vector, q) == ["2015-08-26"]  # #3, not the act #4


def test_a_symbolic_gesture_towards_a_sector(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Which day of 2014 did the media in Drenna make a symbolic gesture towards citizens of Drenna?"
    assert answers(reader, vector, q) == ["2014-09-11"]  # #5, not the statement #6


def test_received_aid_by_whom(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "On Saturday, 14 June 2014, the government of Elvara received humanitarian aid - by whom?"
    assert answers(reader, vector, q) == ["Folk Bank"]  # #7; #8 is the aid the government gave


def test_the_receiving_end(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who was on the receiving end when Hollin State arrested, detained or charged someone on 10 October 2015?"
    assert answers(reader, vector, q) == ["Ivel Gang"]  # #9 that day, not #10


def test_the_next_date_on_which(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "What was the next date after 22 April 2015 on which Kaspin Realm sounded upbeat about Lorvey Isles?"
    assert answers(reader, vector, q) == ["2015-12-01"]  # #11; #12 is the other direction


def test_the_aid_from_x_to_y_as_an_anchor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "Who issued a statement concerning Marrow Isles on the same day as the humanitarian aid from Marrow Isles to"
        " Nerith Union?"
    )
    assert answers(reader, vector, q) == ["Oskel Army"]  # anchor #13, not #14 (the other direction)


def test_the_cooperation_of_x_with_y_in_the_main_clause(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Which month in 2014 saw the diplomatic cooperation of Quarn Republic with Rusk Federation for the last time?"
    assert answers(reader, vector, q) == ["2014-05"]  # #17; #18 (June) is the other direction


def test_a_possessive_verbal_noun_as_an_anchor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who most recently visited Selwyn Tarr prior to Selwyn Tarr's downgrading of ties with Tovia Realm?"
    got = answers(reader, vector, q)
    assert got[0] == "Tovia Realm"  # anchor #19 (2015-10-28): #20 the last before it; #23 (2013) ranks after
    assert "Ulm Party" not in got  # #21 is after the anchor
