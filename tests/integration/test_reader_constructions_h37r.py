"""h37r's families (blind sets 54-58) read on a hand-made graph, answers worked out by hand: "members of the public
in X" (the citizens, not X), "attacked violently" / "came under violent attack from" (unconventional violence, the
doer after "from"), the remarks X made on Y and the offer by X to negotiate with Y as main clauses (X the doer; the
offer an intent), "(Leave out X.)", handing people back, and an anchor "between A and B's press" (a sector of the last
of two joined names).

 #  subject          relation                                     object          day
 1  Citizen (Tuvalu) Reject                                       Brel Okka       2015-03-10
 2  Tuvalu           Reject                                       Sarn Ivo        2015-03-12
 3  Quon Dest        Use_unconventional_violence                  Vell Ami        2014-06-01
 4  Rast Ume         Use_conventional_military_force              Vell Ami        2014-06-02
 5  Orv Ban          Make_statement                               Hask Ule        2015-03-05
 6  Hask Ule         Make_statement                               Orv Ban         2015-07-01
 7  Sisk Ala         Express_intent_to_meet_or_negotiate          Chen Obb        2015-08-10
 8  Sisk Ala         Engage_in_negotiation                        Chen Obb        2015-01-10
 9  Sud Ann          Make_a_visit                                 Qat Arr         2014-12-01
10  Jenn Sto         Make_a_visit                                 Qat Arr         2014-12-08
11  Shab Alo         Consult                                      Media (Tuvalu)  2015-02-01
12  Mex Ico          Arrest,_detain,_or_charge_with_legal_action  Mex Cri         2015-02-02
13  Oth Erz          Arrest,_detain,_or_charge_with_legal_action  Mex Cri         2015-02-05
14  Chi Nax          Return,_release_person(s)                    Wom Aus         2014-12-03
15  Police (Australia)    Use_conventional_military_force         Woman (Australia)   2015-05-04
16  Police (Australia)    Use_conventional_military_force         Woman (Australia)   2015-09-04
17  Military (Australia)  Use_conventional_military_force         Woman (Australia)   2015-11-04
18  Citizen (Tuvalu) Bring_lawsuit_against                        Criminal (Tuvalu)   2014-05-01
19  Lab Uni          Make_statement                               Criminal (Tuvalu)   2014-04-20
20  Shei Kha         Make_statement                               Criminal (Tuvalu)   2014-05-03
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Citizen_(Tuvalu)", "Reject", "Brel_Okka", "2015-03-10"),
    ("Tuvalu", "Reject", "Sarn_Ivo", "2015-03-12"),
    ("Quon_Dest", "Use_unconventional_violence", "Vell_Ami", "2014-06-01"),
    ("Rast_Ume", "Use_conventional_military_force", "Vell_Ami", "2014-06-02"),
    ("Orv_Ban", "Make_statement", "Hask_Ule", "2015-03-05"),
    ("Hask_Ule", "Make_statement", "Orv_Ban", "2015-07-01"),
    ("Sisk_Ala", "Express_intent_to_meet_or_negotiate", "Chen_Obb", "2015-08-10"),
    ("Sisk_Ala", "Engage_in_negotiation", "Chen_Obb", "2015-01-10"),
    ("Sud_Ann", "Make_a_visit", "Qat_Arr", "2014-12-01"),
    ("Jenn_Sto", "Make_a_visit", "Qat_Arr", "2014-12-08"),
    ("Shab_Alo", "Consult", "Media_(Tuvalu)", "2015-02-01"),
    ("Mex_Ico", "Arrest,_detain,_or_charge_with_legal_action", "Mex_Cri", "2015-02-02"),
    ("Oth_Erz", "Arrest,_detain,_or_charge_with_legal_action", "Mex_Cri", "2015-02-05"),
    ("Chi_Nax", "Return,_release_person(s)", "Wom_Aus", "2014-12-03"),
    ("Police_(Australia)", "Use_conventional_military_force", "Woman_(Australia)", "2015-05-04"),
    ("Police_(Australia)", "Use_conventional_military_force", "Woman_(Australia)", "2015-09-04"),
    ("Military_(Australia)", "Use_conventional_military_force", "Woman_(Australia)", "2015-11-04"),
    ("Citizen_(Tuvalu)", "Bring_lawsuit_against", "Criminal_(Tuvalu)", "2014-05-01"),
    ("Lab_Uni", "Make_statement", "Criminal_(Tuvalu)", "2014-04-20"),
    ("Shei_Kha", "Make_statement", "Criminal_(Tuvalu)", "2014-05-03"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h37r"), FACTS, "constructions")


def ask(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


def first(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    return [c.text for c in ask(reader, vector, question).answers][:1]


@pytest.mark.parametrize(
    "question",
    [
        "Whom did members of the public in Tuvalu reject during March 2015?",
        "Whom did a member of the public in Tuvalu reject in March 2015?",
        "Whom did the general public in Tuvalu reject in March 2015?",
    ],
)
def test_members_of_the_public_are_the_citizens(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    assert first(reader, vector, question) == ["Brel Okka"]


@pytest.mark.parametrize(
    "question",
    [
        "Vell Ami was attacked violently by whom over the course of 2014?",
        "Vell Ami came under violent attack from whom in 2014?",
        "Who violently attacked Vell Ami in 2014?",
    ],
)
def test_attacked_violently_is_unconventional_violence(
    reader: SymbolicReader, vector: VectorRetriever, question: str
) -> None:
    assert first(reader, vector, question) == ["Quon Dest"]


def test_the_remarks_x_made_on_y(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "What month in 2015 was the remarks Orv Ban made on Hask Ule?"
    assert [c.text for c in ask(reader, vector, q).answers] == ["2015-03"]


def test_the_offer_by_x_to_negotiate_is_an_intent(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "What month in 2015 was the offer by Sisk Ala to negotiate with Chen Obb?"
    assert [c.text for c in ask(reader, vector, q).answers] == ["2015-08"]
    q = "Which month of 2015 saw the proposal by Sisk Ala to hold talks with Chen Obb?"
    assert [c.text for c in ask(reader, vector, q).answers] == ["2015-08"]


@pytest.mark.parametrize("said", ["(Leave out Jenn Sto.)", "(Exclude Jenn Sto.)", "(not counting Jenn Sto)"])
def test_leave_out_x(reader: SymbolicReader, vector: VectorRetriever, said: str) -> None:
    assert first(reader, vector, f"Who last visited Qat Arr before 2014-12-11? {said}") == ["Sud Ann"]


def test_an_anchor_with_a_sector_of_the_last_joined_name(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "The day following the consultations between Shab Alo and Tuvalu's press, which actor arrested Mex Cri?"
    assert first(reader, vector, q) == ["Mex Ico"]


def test_hand_back_people(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "In which month did Chi Nax hand back people to Wom Aus for the first time?"
    assert first(reader, vector, q) == ["2014-12"]


def test_the_police_s_military_action(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = (
        "Which month in 2015 saw the last instance of the Australian police's military action against women in "
        "Australia?"
    )
    assert first(reader, vector, q) == ["2015-09"]


def test_once_before_a_sector(reader: SymbolicReader, vector: VectorRetriever) -> None:
    q = "Who issued a statement to criminals in Tuvalu next, once people in Tuvalu sued criminals in Tuvalu?"
    assert first(reader, vector, q) == ["Shei Kha"]
