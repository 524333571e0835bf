"""What real MultiTQ questions ask beyond the tkgqa templates (issue 29, item 3), on a hand-made graph with the
answers worked out by hand: ``equal_multi`` ("in the same month as X"), list answers (before/after: every right
answer, ranked nearest first), month/year answers, and sector entities as answers and in the question; and
constructions of the phrasing work (h29p): an excluded actor, a phrasal verb, "the month after X".

 #  subject                   relation                                     object            day
 1  Alpha Union               Make_a_visit                                 Zeta Republic     2014-03-04
 2  Beta League               Make_a_visit                                 Zeta Republic     2014-03-20
 3  Citizen (Zeta Republic)   Criticize_or_denounce                        Alpha Union       2014-03-11
 4  Police (Zeta Republic)    Arrest,_detain,_or_charge_with_legal_action  Citizen (Kappa)   2014-05-02
 5  Gamma State               Make_a_visit                                 Zeta Republic     2014-06-15
 6  Delta Council             Make_a_visit                                 Zeta Republic     2014-07-01
 7  Alpha Union               Make_a_visit                                 Zeta Republic     2015-02-10
"""

from __future__ import annotations

from collections.abc import Iterator

import asking
import pytest

from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.readers.symbolic import SymbolicAnswer, SymbolicReader
from tkgrag.retrievers.vector import VectorRetriever
from tkgrag.store import Store

FACTS = [
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2014-03-04"),
    ("Beta_League", "Make_a_visit", "Zeta_Republic", "2014-03-20"),
    ("Citizen_(Zeta_Republic)", "Criticize_or_denounce", "Alpha_Union", "2014-03-11"),
    ("Police_(Zeta_Republic)", "Arrest,_detain,_or_charge_with_legal_action", "Citizen_(Kappa)", "2014-05-02"),
    ("Gamma_State", "Make_a_visit", "Zeta_Republic", "2014-06-15"),
    ("Delta_Council", "Make_a_visit", "Zeta_Republic", "2014-07-01"),
    ("Alpha_Union", "Make_a_visit", "Zeta_Republic", "2015-02-10"),
]


@pytest.fixture(scope="module")
def graph(session_store: Store, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from tests.conftest import wipe

    wipe(session_store)
    folder = tmp_path_factory.mktemp("shapes")
    path = folder / "shapes.tsv"
    path.write_text("".join("\t".join(f) + "\n" for f in FACTS), encoding="utf-8")
    ingest_tkg_file(session_store, path, source="shapes", options=IngestOptions(progress=False, rejects_dir=folder))
    yield session_store


@pytest.fixture(scope="module")
def reader(graph: Store, embedder) -> SymbolicReader:  # type: ignore[no-untyped-def]
    return SymbolicReader(graph, embedder)


@pytest.fixture(scope="module")
def vector(graph: Store, embedder) -> VectorRetriever:  # type: ignore[no-untyped-def]
    return VectorRetriever(graph, embedder)


def texts(reader: SymbolicReader, vector: VectorRetriever, question: str) -> list[str]:
    a = asking.ask(reader, vector, question, k=5)
    assert isinstance(a, SymbolicAnswer)
    return [c.text for c in a.answers]


def test_equal_multi_in_the_same_month_as_another_actor(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # the anchor: Alpha Union's (first) visit, 2014-03-04 -> March 2014; Alpha Union itself is not an answer
    assert texts(reader, vector, "Who visited Zeta Republic in the same month as Alpha Union?") == ["Beta League"]


def test_after_lists_every_right_answer_nearest_first(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # after April 2014: #5 (06-15), #6 (07-01), #7 (2015-02-10)
    got = texts(reader, vector, "Who visited Zeta Republic after April 2014?")
    assert got == ["Gamma State", "Delta Council", "Alpha Union"]


def test_before_lists_every_right_answer_nearest_first(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # before June 2014: #2 (03-20), then #1 (03-04)
    assert texts(reader, vector, "Who visited Zeta Republic before June 2014?") == ["Beta League", "Alpha Union"]


def test_month_and_year_answers(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert texts(reader, vector, "In which month did Beta League visit Zeta Republic?") == ["2014-03"]
    assert texts(reader, vector, "In which year did Alpha Union last visit Zeta Republic?")[:1] == ["2015"]
    assert texts(reader, vector, "In which month did Alpha Union first visit Zeta Republic?")[:1] == ["2014-03"]


def test_a_sector_is_an_answer(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert texts(reader, vector, "Who criticised Alpha Union in March 2014?") == ["Citizen (Zeta Republic)"]


def test_a_sector_named_in_the_question(reader: SymbolicReader, vector: VectorRetriever) -> None:
    assert texts(reader, vector, "Who did the police of Zeta Republic arrest in May 2014?") == ["Citizen (Kappa)"]
    assert texts(reader, vector, "Who arrested the citizens of Kappa?") == ["Police (Zeta Republic)"]


def test_an_excluded_actor_is_left_out(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # March 2014 visits: #1 Alpha Union (03-04), #2 Beta League (03-20); "other than Alpha Union" leaves #2
    got = texts(reader, vector, "Who, other than Alpha Union, visited Zeta Republic in March 2014?")
    assert got == ["Beta League"]


def test_a_phrasal_verb_is_read_as_a_unit(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # #3: "lashed out at" is Criticize_or_denounce ("lashed" alone fits no relation)
    assert texts(reader, vector, "Who lashed out at Alpha Union in March 2014?") == ["Citizen (Zeta Republic)"]


def test_the_month_after_an_anchor_is_that_month_only(reader: SymbolicReader, vector: VectorRetriever) -> None:
    # Gamma State visited on 2014-06-15 -> July 2014: #6 Delta Council only (#7, 2015, is after but not that month)
    got = texts(reader, vector, "Who visited Zeta Republic in the month after Gamma State did?")
    assert got == ["Delta Council"]
