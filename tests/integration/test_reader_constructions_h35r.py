"""h35r's families (blind sets 44-48) read on a hand-made graph, answers worked out by hand: "the first party that X
hosted" (an ordinal: the earliest guest first, not the one hosted most), "when was the next time A did R B" (A the
subject: B's act towards A is no answer), "X's release of people to Y" (X the doer) and a sector said by a word with
two ICEWS names ("officials": the anchor's event is under the second name).

 #  subject                      relation                             object                                 day
 1  Yarl Ost                     Host_a_visit                         Zem Ato                                2015-03-05
 2  Yarl Ost                     Host_a_visit                         Abe Rul                                2015-03-20
 2b Yarl Ost                     Host_a_visit                         Abe Rul                                2015-03-25
 3  Bix Cor                      Make_a_visit                         Dal Fey                                2015-06-01
 4  Eno Gar                      Express_intent_to_meet_or_negotiate  Fal Hin                                2015-05-01
 5  Fal Hin                      Express_intent_to_meet_or_negotiate  Eno Gar                                2015-06-20
 6  Eno Gar                      Express_intent_to_meet_or_negotiate  Fal Hin                                2015-07-12
 7  Gil Hax                      Return,_release_person(s)            Citizen (Tuvalu)                       2014-09-01
 8  Hob Ivy                      Return,_release_person(s)            Citizen (Tuvalu)                       2014-09-10
 9  Jun Kel                      Return,_release_person(s)            Citizen (Tuvalu)                       2014-09-20
10  Ovar Brin                    Make_statement                       Other Authorities / Officials (Tuvalu) 2014-06-10
11  Government Official (Tuvalu) Consult                              Pell Dorn                              2014-02-01
12  Sarn Vey                     Engage_in_negotiation                Quil Mara                              2014-05-01
13  Tesk Ulo                     Engage_in_negotiation                Quil Mara                              2014-06-01
14  Wend Ira                     Engage_in_negotiation                Quil Mara                              2014-07-01
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.model import Order
from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Yarl_Ost", "Host_a_visit", "Zem_Ato", "2015-03-05"),
    ("Yarl_Ost", "Host_a_visit", "Abe_Rul", "2015-03-20"),
    ("Yarl_Ost", "Host_a_visit", "Abe_Rul", "2015-03-25"),
    ("Bix_Cor", "Make_a_visit", "Dal_Fey", "2015-06-01"),
    ("Eno_Gar", "Express_intent_to_meet_or_negotiate", "Fal_Hin", "2015-05-01"),
    ("Fal_Hin", "Express_intent_to_meet_or_negotiate", "Eno_Gar", "2015-06-20"),
    ("Eno_Gar", "Express_intent_to_meet_or_negotiate", "Fal_Hin", "2015-07-12"),
    ("Gil_Hax", "Return,_release_person(s)", "Citizen_(Tuvalu)", "2014-09-01"),
    ("Hob_Ivy", "Return,_release_person(s)", "Citizen_(Tuvalu)", "2014-09-10"),
    ("Jun_Kel", "Return,_release_person(s)", "Citizen_(Tuvalu)", "2014-09-20"),
    ("Ovar_Brin", "Make_statement", "Other_Authorities_/_Officials_(Tuvalu)", "2014-06-10"),
    ("Government_Official_(Tuvalu)", "Consult", "Pell_Dorn", "2014-02-01"),
    ("Sarn_Vey", "Engage_in_negotiation", "Quil_Mara", "2014-05-01"),
    ("Tesk_Ulo", "Engage_in_negotiation", "Quil_Mara", "2014-06-01"),
    ("Wend_Ira", "Engage_in_negotiation", "Quil_Mara", "2014-07-01"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h35r"), FACTS, "constructions")


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    """The answers, best first (the reader ranks every candidate; the first is the answer)."""
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_the_first_party_that_x_hosted(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # without the ordinal, the guest hosted most often (Abe Rul, twice) came first
    a = asking.ask(reader, vector, "In March 2015, who was the first party that Yarl Ost hosted?", k=5)
    assert isinstance(a, SymbolicAnswer) and a.grounding is not None
    assert a.grounding.order is Order.FIRST
    assert [c.text for c in a.answers][:1] == ["Zem Ato"]


def test_the_next_time_has_its_subject(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "After Bix Cor visited Dal Fey, when was the next time Eno Gar said they wanted to meet or negotiate with Fal "
    q += "Hin?"
    assert texts(reader, vector, q)[:1] == ["2015-07-12"]


def test_a_possessive_release_names_its_doer(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Following Gil Hax's release of people to citizens of Tuvalu, who released or returned people to citizens of "
    assert texts(reader, vector, q + "Tuvalu first?")[:1] == ["Hob Ivy"]


def test_an_anchor_sector_under_its_other_name(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who was the last to negotiate with Quil Mara just before Ovar Brin's statement about the officials of Tuvalu?"
    assert texts(reader, vector, q)[:1] == ["Tesk Ulo"]
