"""The ``Linker`` role: resolve a question's mentions and relation phrase against the graph.

Only the interface lives here; the implementation needs the store (Neo4j full-text index ``entity_names`` plus the
embedding indexes) and belongs beside the retrievers. ``understand`` stays pure and store-free; a retriever calls
``understand`` first, then a ``Linker``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from tkgrag.question.model import Mention
from tkgrag.question.relations import RelationMatch


@dataclass(frozen=True)
class EntityLink:
    """One graph entity proposed for a mention; ``score`` is comparable only among one linker's results."""

    mention: Mention
    key: str  # Entity.key in the graph
    name: str
    score: float


@runtime_checkable
class Linker(Protocol):
    """Entity and relation linking against one graph.

    ``link_entities`` returns, for each mention in order, its candidates best first (an empty list when nothing
    fits); overlapping mentions (a ROLE and the NAME inside it) are linked independently. ROLE mentions carry
    ``role`` and ``holder`` so an implementation can also try the ICEWS form "Role (Holder)".
    ``link_relation`` returns the ``k`` graph relations closest to a phrase, best first (``RelationMatcher`` does this
    over the relation names the graph holds).
    """

    def link_entities(self, mentions: Sequence[Mention], *, k: int = 5) -> list[list[EntityLink]]: ...

    def link_relation(self, phrase: str, *, k: int = 5) -> list[RelationMatch]: ...
