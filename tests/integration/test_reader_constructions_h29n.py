"""h29n's families read on a hand-made graph, answers worked out by hand: the month two actors each did the same
thing, a season read as its months (winter abstains), a possessive sector with "officials", and a "both"/"each"
entity question (abstains: the reader does not intersect answers).

 #  subject                   relation            object        day
 1  Alpha Union               Make_a_visit        Mu Kingdom    2014-03-04
 2  Alpha Union               Make_a_visit        Mu Kingdom    2014-03-18
 3  Alpha Union               Make_a_visit        Mu Kingdom    2014-06-10
 4  Beta League               Make_a_visit        Mu Kingdom    2014-06-20
 5  Gamma State               Consult             Nu State      2014-01-10
 6  Gamma State               Consult             Nu State      2014-01-25
 7  Delta Council             Consult             Nu State      2014-07-15
 8  Foreign Affairs (Yland)   Praise_or_endorse   Omega Isles   2014-05-05
 9  Yland                     Praise_or_endorse   Theta Kingdom 2014-05-06
10  Yland                     Praise_or_endorse   Theta Kingdom 2014-05-07
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Alpha_Union", "Make_a_visit", "Mu_Kingdom", "2014-03-04"),
    ("Alpha_Union", "Make_a_visit", "Mu_Kingdom", "2014-03-18"),
    ("Alpha_Union", "Make_a_visit", "Mu_Kingdom", "2014-06-10"),
    ("Beta_League", "Make_a_visit", "Mu_Kingdom", "2014-06-20"),
    ("Gamma_State", "Consult", "Nu_State", "2014-01-10"),
    ("Gamma_State", "Consult", "Nu_State", "2014-01-25"),
    ("Delta_Council", "Consult", "Nu_State", "2014-07-15"),
    ("Foreign_Affairs_(Yland)", "Praise_or_endorse", "Omega_Isles", "2014-05-05"),
    ("Yland", "Praise_or_endorse", "Theta_Kingdom", "2014-05-06"),
    ("Yland", "Praise_or_endorse", "Theta_Kingdom", "2014-05-07"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("constructions_h29n"), FACTS, "constructions")


def ask(reader: SymbolicReader, vector: VectorRetriever, question: str) -> SymbolicAnswer:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return a


@pytest.mark.parametrize(
    "question",
    [
        "In which month did Alpha Union and Beta League each visit Mu Kingdom?",
        # (right on main too: Beta League, named first, visited only in June)
        "Which month saw Beta League and Alpha Union each pay a visit to Mu Kingdom?",
    ],
)
def test_the_month_both_did_it(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # Alpha Union visits in March (#1, #2) and June (#3), Beta League in June (#4): June, not March
    assert [c.text for c in ask(reader, vector, question).answers] == ["2014-06"]


@pytest.mark.parametrize(
    "question",
    ["Who consulted Nu State in the summer of 2014?", "During summer 2014, which actors consulted Nu State?"],
)
def test_a_season_is_its_months(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # June-August 2014: #7 only (Gamma State's two January consultations are outside)
    assert [c.text for c in ask(reader, vector, question).answers] == ["Delta Council"]


def test_winter_abstains_and_says_why(reader: SymbolicReader, vector: VectorRetriever) -> None:
    a = ask(reader, vector, "Who consulted Nu State in winter 2014?")
    assert a.answers == []
    assert "winter" in (a.no_answer or "")


def test_a_possessive_sector_with_officials(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #8, not Yland's own praise (#9, #10)
    got = ask(reader, vector, "Whom did Yland's foreign affairs officials praise in May 2014?").answers
    assert [c.text for c in got] == ["Omega Isles"]


def test_both_in_an_entity_question_abstains(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Alpha Union and Beta League both visited Mu Kingdom, but the reader would read Alpha Union's visits alone
    a = ask(reader, vector, "Whom did Alpha Union and Beta League each visit in 2014?")
    assert a.answers == []
    assert "intersect" in (a.no_answer or "")
