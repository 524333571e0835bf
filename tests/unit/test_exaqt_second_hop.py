"""The bounded second hop's entity choice (pure, by hand): the entities of the most relevant facts of the question
entities, other than them, best fact first, at most ``limit``."""

from __future__ import annotations

from tkgrag.retrievers.exaqt.answer_graph import hop_entities
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, GraphEntity

SONG = GraphEntity("Q1", 1, "Jealous Guy")


def fact(key: str, rel: float, *others: str) -> CandidateFact:
    ents = (SONG, *(GraphEntity(o, 10 + i, o) for i, o in enumerate(others)))
    return CandidateFact(key, 100 + int(key[1:]), rel, "r", ents)


FACTS = [
    fact("f1", 0.4, "Imagine"),
    fact("f2", 0.9, "John Lennon"),  # "composer": the most relevant
    fact("f3", 0.7, "Yoko Ono", "John Lennon"),
    fact("f4", 0.2, "Roxy Music"),
]


def test_hop_entities_come_from_the_most_relevant_facts_first() -> None:
    # by relevance: f2 (.9) John Lennon; f3 (.7) Yoko Ono (Lennon already taken); f1 (.4) Imagine; f4 (.2) Roxy Music
    assert hop_entities(FACTS, ["Q1"], 10, 10) == ["John Lennon", "Yoko Ono", "Imagine", "Roxy Music"]
    assert hop_entities(FACTS, ["Q1"], 2, 10) == ["John Lennon", "Yoko Ono"]  # only the 2 most relevant facts
    assert hop_entities(FACTS, ["Q1"], 10, 1) == ["John Lennon"]  # at most 1 entity
    assert hop_entities(FACTS, ["Q1", "John Lennon"], 2, 5) == ["Yoko Ono"]  # a question entity is no hop
    assert hop_entities(FACTS, ["Q1"], 10, 0) == []  # off
