"""An anchor clause's own stated time (issue 29, h29o): "X did Y in March 2015. Who else did so that same month?"
means X's event in March 2015, not X's earliest one; an anchor whose events fall in several periods within its stated
time is unsaid (the reader abstains); an anchor clause whose entities cannot all be placed is not guessed from one of
them. Read on a hand-made graph with the answers worked out by hand:

 #  subject        relation                  object          day
 1  Alpha Union    Criticize_or_denounce     Zeta Republic   2013-06-03   (Alpha Union's earliest criticism)
 2  Beta League    Criticize_or_denounce     Zeta Republic   2013-06-10
 3  Alpha Union    Criticize_or_denounce     Zeta Republic   2015-03-04
 4  Gamma State    Criticize_or_denounce     Zeta Republic   2015-03-20
 5  Alpha Union    Criticize_or_denounce     Zeta Republic   2015-05-02   (a second month of 2015)
 6  Delta Council  Criticize_or_denounce     Zeta Republic   2015-05-09
 7  Kappa Federation Engage_in_negotiation   Omega Isles     2015-02-01
 8  Omega Isles    Express_intent_to_cooperate Kappa Federation 2014-01-01 (Kappa's earliest such event)
 9  Tau Alliance   Express_intent_to_cooperate Kappa Federation 2015-02-05
10  Sigma State    Express_intent_to_cooperate Kappa Federation 2014-06-01 (after #8, before #7)
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Alpha_Union", "Criticize_or_denounce", "Zeta_Republic", "2013-06-03"),
    ("Beta_League", "Criticize_or_denounce", "Zeta_Republic", "2013-06-10"),
    ("Alpha_Union", "Criticize_or_denounce", "Zeta_Republic", "2015-03-04"),
    ("Gamma_State", "Criticize_or_denounce", "Zeta_Republic", "2015-03-20"),
    ("Alpha_Union", "Criticize_or_denounce", "Zeta_Republic", "2015-05-02"),
    ("Delta_Council", "Criticize_or_denounce", "Zeta_Republic", "2015-05-09"),
    ("Kappa_Federation", "Engage_in_negotiation", "Omega_Isles", "2015-02-01"),
    ("Omega_Isles", "Express_intent_to_cooperate", "Kappa_Federation", "2014-01-01"),
    ("Tau_Alliance", "Express_intent_to_cooperate", "Kappa_Federation", "2015-02-05"),
    ("Sigma_State", "Express_intent_to_cooperate", "Kappa_Federation", "2014-06-01"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield asking.load_facts(session_store, tmp_path_factory.mktemp("anchor_time"), FACTS, "anchor_time")


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


@pytest.mark.parametrize(
    "question",
    [
        "Alpha Union criticised Zeta Republic in March 2015. Who else did so that same month?",
        "In the same month that Alpha Union criticised Zeta Republic in March 2015, who else criticised Zeta Republic?",
        "Alpha Union criticised Zeta Republic on 4 March 2015. Who else did so in the same month?",
    ],
)
def test_the_stated_time_picks_the_anchor_event(reader: SymbolicReader, vector: VectorRetriever, question: str) -> None:
    # #3, not Alpha Union's earliest criticism #1 (whose month holds Beta League)
    assert texts(reader, vector, question) == ["Gamma State"]


def test_an_anchor_in_several_periods_of_its_stated_time_is_unsaid(
    reader: SymbolicReader, vector: VectorRetriever
) -> None:
    # #3 and #5 are both in 2015, in two months: which month is unsaid
    got = texts(reader, vector, "Alpha Union criticised Zeta Republic in 2015. Who else did so that same month?")
    assert got == []


def test_the_anchors_own_day_does_not_bound_the_answer(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # "after #3 on 4 March 2015": the answer is the next one after it (#4 on 20 March), not one on 4 March
    got = texts(reader, vector, "After Alpha Union criticised Zeta Republic on 4 March 2015, who criticised it next?")
    assert got[:1] == ["Gamma State"]


def test_without_a_stated_time_the_earliest_event_stays(reader: SymbolicReader, vector: VectorRetriever) -> None:
    got = texts(reader, vector, "In the same month that Alpha Union criticised Zeta Republic, who else did so?")
    assert got == ["Beta League"]


def test_an_event_nouns_actor_after_of_is_the_anchors_actor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #7 (2015-02-01), not Kappa Federation's earliest intent to cooperate (#8, which Sigma State's #10 follows):
    # then Tau Alliance (#9)
    got = texts(
        reader,
        vector,
        "After the negotiations of Kappa Federation with Omega Isles, who expressed an intention to cooperate with "
        "Kappa Federation?",
    )
    assert got == ["Tau Alliance"]
