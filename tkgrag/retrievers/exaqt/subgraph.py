"""The candidate subgraph of one question (pure): facts of the question entities with their relevance, as an
undirected bipartite graph of fact nodes and entity nodes, the way EXAQT induces its graph from the question-relevant
facts (each KG item a node; a fact node stands for the fact's predicate, so a predicate keyword matches it).

Edge cost is ``1 - relevance`` of the fact the edge belongs to (the paper's ``1 - BERT(f_qrel)``); relevance is the
bi-encoder cosine clipped to [0, 1]. Facts outside the question-relevant set cost ``outside_penalty`` more: they may
connect terminals that the relevant facts leave apart (the paper's "injecting connectivity" by KG paths between
question entities), but a tree takes them only when nothing relevant connects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from neo4j.time import Date

from tkgrag.temporal import Granularity, TimeSpan


def _day(value: Any) -> date | None:
    if isinstance(value, Date):
        return value.to_native()
    return value if isinstance(value, date) else None


@dataclass(frozen=True)
class GraphEntity:
    key: str
    node_id: int
    name: str


@dataclass(frozen=True)
class CandidateFact:
    """A fact node: its key, node id, relevance to the question in [0, 1], relation, the entities it names, its
    validity and its literal object (if any)."""

    key: str
    node_id: int
    relevance: float
    relation: str
    entities: tuple[GraphEntity, ...]
    span: TimeSpan = field(default_factory=lambda: TimeSpan(None, None, Granularity.YEAR))
    value: str | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> CandidateFact:
        """A row of ``queries.exaqt.FACTS_OF_ENTITIES_MANY``."""
        ents = tuple(
            dict.fromkeys(GraphEntity(str(e["key"]), int(e["id"]), str(e["name"])) for e in row["entities"] or [])
        )
        rel = min(1.0, max(0.0, float(row["score"])))
        start, end = _day(row.get("valid_from")), _day(row.get("valid_to"))
        if start is not None and end is not None and start > end:
            start, end = end, start
        span = TimeSpan(start, end, Granularity.YEAR)
        value = row.get("value")
        return cls(str(row["key"]), int(row["id"]), rel, str(row.get("relation") or ""), ents, span, value)


@dataclass
class CandidateGraph:
    """Facts by key (best first) and which of them are question-relevant."""

    facts: dict[str, CandidateFact] = field(default_factory=dict)
    relevant: frozenset[str] = frozenset()

    @classmethod
    def of(cls, facts: Iterable[CandidateFact], relevant: int) -> CandidateGraph:
        """The graph of ``facts`` (best first) whose top ``relevant`` are the question-relevant facts."""
        ordered = sorted(dict((f.key, f) for f in facts).values(), key=lambda f: (-f.relevance, f.key))
        return cls({f.key: f for f in ordered}, frozenset(f.key for f in ordered[:relevant]))

    def entities(self) -> dict[int, GraphEntity]:
        return {e.node_id: e for f in self.facts.values() for e in f.entities}

    def fact_ids(self) -> dict[int, CandidateFact]:
        return {f.node_id: f for f in self.facts.values()}

    def cost(self, fact: CandidateFact, outside_penalty: float) -> float:
        return 1.0 - fact.relevance + (0.0 if fact.key in self.relevant else outside_penalty)

    def components(self) -> dict[int, int]:
        """Node id -> component id (the smallest node id in it) of the undirected graph."""
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            parent.setdefault(x, x)
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for f in self.facts.values():
            find(f.node_id)
            for e in f.entities:
                a, b = find(f.node_id), find(e.node_id)
                if a != b:
                    parent[max(a, b)] = min(a, b)
        return {x: find(x) for x in list(parent)}

    def entity_facts(self, entity_ids: Iterable[int], *, relevant_only: bool = True) -> set[str]:
        """Keys of the facts naming one of ``entity_ids`` (question-relevant ones only by default)."""
        wanted = set(entity_ids)
        return {
            f.key
            for f in self.facts.values()
            if (not relevant_only or f.key in self.relevant) and any(e.node_id in wanted for e in f.entities)
        }
