"""h34r's families (blind sets 39-43) read on a hand-made graph, answers worked out by hand: an ordering anchor whose
actor is not the question's ("just before A made a statement about N, who was the last party B made a statement
about?": N may be the answer), a stated willingness (the intent, not the act), "the praise X gave Y take place" (X
the subject), and "on the very date of <an event noun>" (the same-day anchor, not the question's relation).

 #  subject       relation                              object        day
 1  Brisk Realm   Make_statement                        Nalo State    2014-03-01
 2  Brisk Realm   Make_statement                        Peor Union    2014-01-10
 3  Corvel League Make_statement                        Nalo State    2014-03-10
 4  Drel Union    Express_intent_to_meet_or_negotiate   Fenn Kingdom  2014-04-04
 5  Drel Union    Consult                               Fenn Kingdom  2014-05-05
 6  Gorm State    Praise_or_endorse                     Hilo Republic 2014-06-06
 7  Hilo Republic Praise_or_endorse                     Gorm State    2014-07-07
 8  Ivo Land      Consult                               Jast Isles    2014-08-08
 9  Kemp Realm    Make_an_appeal_or_request             Ivo Land      2014-08-08
10  Lorn State    Make_an_appeal_or_request             Ivo Land      2014-08-20
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Brisk_Realm", "Make_statement", "Nalo_State", "2014-03-01"),
    ("Brisk_Realm", "Make_statement", "Peor_Union", "2014-01-10"),
    ("Corvel_League", "Make_statement", "Nalo_State", "2014-03-10"),
    ("Drel_Union", "Express_intent_to_meet_or_negotiate", "Fenn_Kingdom", "2014-04-04"),
    ("Drel_Union", "Consult", "Fenn_Kingdom", "2014-05-05"),
    ("Gorm_State", "Praise_or_endorse", "Hilo_Republic", "2014-06-06"),
    ("Hilo_Republic", "Praise_or_endorse", "Gorm_State", "2014-07-07"),
    ("Ivo_Land", "Consult", "Jast_Isles", "2014-08-08"),
    ("Kemp_Realm", "Make_an_appeal_or_request", "Ivo_Land", "2014-08-08"),
    ("Lorn_State", "Make_an_appeal_or_request", "Ivo_Land", "2014-08-20"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h34r"), FACTS, "constructions")


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_ordering_anchor_of_another_actor_keeps_its_object(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "Just before Corvel League made a statement about Nalo State, who was the last party Brisk Realm made a "
        "statement about?"
    )
    assert texts(reader, vector, q)[:1] == ["Nalo State"]


def test_stated_willingness_is_the_intent(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "When did Drel Union declare a willingness to meet or negotiate with Fenn Kingdom?"
    assert texts(reader, vector, q) == ["2014-04-04"]


def test_nominal_event_that_took_place(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "In 2014, during which month did the praise Gorm State gave Hilo Republic take place?"
    assert texts(reader, vector, q) == ["2014-06"]


def test_very_date_of_an_event_noun(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Which actors put a request to Ivo Land on the very date of the consultations between Ivo Land and Jast Isles?"
    assert texts(reader, vector, q) == ["Kemp Realm"]
