"""h33r's families (blind sets 34-38) read on a hand-made graph, answers worked out by hand: "took legal action" (an
arrest or a lawsuit: answered only where both agree), "the names of those whom X investigated", "who came next after X
in praising Y", "who were the targets when X made demands of someone", "promised policy support" (the intent).

 #  subject         relation                                    object            day
 1  Quorvan League  Bring_lawsuit_against                       Zelmora Republic  2014-02-03
 2  Tarsk Police    Arrest,_detain,_or_charge_with_legal_action Zelmora Republic  2014-05-06
 3  Quorvan League  Bring_lawsuit_against                       Vantor State      2014-03-03
 4  Ilvar Union     Investigate                                 Brenn Kingdom     2014-04-04
 5  Cordo Realm     Investigate                                 Ilvar Union       2014-05-05
 6  Pell State      Praise_or_endorse                           Morv Isles        2014-05-01
 7  Osk Federation  Praise_or_endorse                           Morv Isles        2014-06-01
 8  Rusk Union      Praise_or_endorse                           Morv Isles        2014-07-01
 9  Tamm Land       Praise_or_endorse                           Morv Isles        2014-08-01
10  Dorn Council    Demand                                      Faro State        2014-09-09
11  Dorn Council    Demand                                      Gilt Union        2014-10-10
12  Hask Realm      Express_intent_to_engage_in_diplomatic_...  Jorv State        2014-11-11
13  Kell Union      Engage_in_diplomatic_cooperation            Jorv State        2014-11-12
14  Vesk Realm      Host_a_visit                                Ulm Ministry      2014-04-23
15  Vesk Realm      Host_a_visit                                Yorn Envoy        2014-04-26
(#12: ..._cooperation_(such_as_policy_support))
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Quorvan_League", "Bring_lawsuit_against", "Zelmora_Republic", "2014-02-03"),
    ("Tarsk_Police", "Arrest,_detain,_or_charge_with_legal_action", "Zelmora_Republic", "2014-05-06"),
    ("Quorvan_League", "Bring_lawsuit_against", "Vantor_State", "2014-03-03"),
    ("Ilvar_Union", "Investigate", "Brenn_Kingdom", "2014-04-04"),
    ("Cordo_Realm", "Investigate", "Ilvar_Union", "2014-05-05"),
    ("Pell_State", "Praise_or_endorse", "Morv_Isles", "2014-05-01"),
    ("Osk_Federation", "Praise_or_endorse", "Morv_Isles", "2014-06-01"),
    ("Rusk_Union", "Praise_or_endorse", "Morv_Isles", "2014-07-01"),
    ("Tamm_Land", "Praise_or_endorse", "Morv_Isles", "2014-08-01"),
    ("Dorn_Council", "Demand", "Faro_State", "2014-09-09"),
    ("Dorn_Council", "Demand", "Gilt_Union", "2014-10-10"),
    (
        "Hask_Realm",
        "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)",
        "Jorv_State",
        "2014-11-11",
    ),
    ("Kell_Union", "Engage_in_diplomatic_cooperation", "Jorv_State", "2014-11-12"),
    ("Vesk_Realm", "Host_a_visit", "Ulm_Ministry", "2014-04-23"),
    ("Vesk_Realm", "Host_a_visit", "Yorn_Envoy", "2014-04-26"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h33r"), FACTS, "constructions")


def ask(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    return [c.text for c in ask(reader, vector, question).answers]


def test_legal_action_abstains_where_an_arrest_and_a_lawsuit_disagree(
    reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # the first lawsuit (#1) and the first arrest (#2) of Zelmora Republic: two answers, the words say neither
    a = ask(reader, vector, "In 2014, which party took legal action against Zelmora Republic before anyone else?")
    assert a.answers == []
    assert a.abstained is not None and "Bring_lawsuit_against" in a.abstained
    # said which: each its own answer
    assert texts(reader, vector, "In 2014, who was the first to sue Zelmora Republic?") == ["Quorvan League"]
    assert texts(reader, vector, "In 2014, who first arrested Zelmora Republic?") == ["Tarsk Police"]


def test_legal_action_with_only_a_lawsuit_is_the_lawsuit(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Vantor State: only #3
    assert texts(reader, vector, "Who took legal action against Vantor State in March 2014?") == ["Quorvan League"]
    # the subject said: Quorvan League's lawsuits (#1, #3), not the roles swapped
    got = texts(reader, vector, "Which partners did Quorvan League take legal action against in 2014?")
    assert sorted(got) == ["Vantor State", "Zelmora Republic"]


def test_the_names_of_those_whom_x_investigated(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Ilvar Union investigated #4 Brenn Kingdom; Cordo Realm (#5) investigated Ilvar Union
    got = texts(reader, vector, "What are the names of those whom Ilvar Union investigated in 2014?")
    assert got == ["Brenn Kingdom"]


def test_came_next_after_x_in_praising(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Osk Federation's praise #7 (06-01); the next praise of Morv Isles: #8 (the later ones follow, nearest first)
    assert texts(reader, vector, "Who came next after Osk Federation in praising Morv Isles?")[:1] == ["Rusk Union"]
    got = texts(reader, vector, "Which country followed Osk Federation in praising Morv Isles?")
    assert got[:1] == ["Rusk Union"]
    # and the one just before it: #6
    got = texts(reader, vector, "Who came just before Osk Federation in praising Morv Isles?")
    assert got[:1] == ["Pell State"]


def test_the_targets_when_x_made_demands_of_someone(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Dorn Council's demands in September 2014: #10
    got = texts(reader, vector, "In September 2014, who were the targets when Dorn Council made demands of someone?")
    assert got == ["Faro State"]


def test_promised_policy_support_is_the_intent(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #12, not the cooperation itself (#13)
    assert texts(reader, vector, "Who promised policy support to Jorv State in November 2014?") == ["Hask Realm"]
    assert texts(reader, vector, "Who signalled it would back Jorv State diplomatically in 2014?") == ["Hask Realm"]


def test_the_anchors_actor_answers_in_the_same_week(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # anchor #14 (Wednesday 2014-04-23); Vesk Realm hosted Yorn Envoy that week too (#15): no "else", so it answers
    got = texts(
        reader, vector, "Who hosted Yorn Envoy in the same calendar week in which Vesk Realm hosted Ulm Ministry?"
    )
    assert got == ["Vesk Realm"]
    # "who else": left out, and nobody else did
    a = ask(reader, vector, "Who else hosted Yorn Envoy in the same week in which Vesk Realm hosted Ulm Ministry?")
    assert a.answers == []
    # a pro-form repeats the anchor's event beside its actor: left out too ("During the month in which Y hosted Z,
    # who did the same?")
    a = ask(reader, vector, "During the week in which Vesk Realm hosted Ulm Ministry, who did the same?")
    assert a.answers == []
