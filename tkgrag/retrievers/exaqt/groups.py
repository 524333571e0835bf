"""Terminal groups and terminal choices for Group Steiner Trees (pure).

EXAQT's terminals are grouped by question keyword: each question entity (its NERD links) is one group, and each
other question keyword that matches a predicate or an entity label of the question-relevant facts is another. A
Group Steiner Tree connects at least one node of every group. GDS offers Steiner trees over *fixed* terminals
(``gds.steinerTree``: a source node and target nodes), so a group tree is found by choosing one terminal per group
and running GDS on that choice; varying the choice, best first by the chosen terminals' relevance, gives the top-k
trees (the paper's top-k variant of the exact algorithm of Ding et al.), and the cheapest distinct trees are kept.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tkgrag.retrievers.exaqt.stems import content_stems, dice
from tkgrag.retrievers.exaqt.subgraph import CandidateGraph

# Question words that never name a KG item.
_QUESTION_WORDS = content_stems(
    "first last second third latest earliest year date time name during before after while since until"
)


@dataclass(frozen=True)
class Terminal:
    node_id: int
    key: str
    relevance: float


@dataclass(frozen=True)
class TerminalGroup:
    """One question keyword and the nodes it matches, best first."""

    keyword: str
    members: tuple[Terminal, ...]


def entity_groups(
    links: Sequence[Sequence[str]], graph: CandidateGraph, entity_relevance: Mapping[str, float]
) -> list[TerminalGroup]:
    """One group per linked mention: its linked entities that are in the graph, in the linker's order."""
    ids = {e.key: e.node_id for e in graph.entities().values()}
    groups = []
    for keys in links:
        members = tuple(Terminal(ids[k], k, entity_relevance.get(k, 0.0)) for k in dict.fromkeys(keys) if k in ids)
        if members:
            groups.append(TerminalGroup(members[0].key, members))
    return groups


def entity_relevance(graph: CandidateGraph) -> dict[str, float]:
    """An entity's relevance: the best relevance of a question-relevant fact that names it."""
    out: dict[str, float] = {}
    for f in graph.facts.values():
        if f.key in graph.relevant:
            for e in f.entities:
                out[e.key] = max(out.get(e.key, 0.0), f.relevance)
    return out


def keywords(text: str, exclude: Iterable[str] = ()) -> list[str]:
    """Content-word stems of ``text`` in order, without stems of ``exclude`` (the mentions) and question words."""
    skip = set(_QUESTION_WORDS)
    for phrase in exclude:
        skip |= content_stems(phrase)
    words = [w for w in re.findall(r"[^\W\d_]+", text.lower())]
    out: list[str] = []
    for w in words:
        stems = content_stems(w)
        for s in stems:
            if s not in skip and s not in out and len(s) >= 3:
                out.append(s)
    return out


def keyword_groups(
    stems: Sequence[str], graph: CandidateGraph, question_entities: Iterable[str], limit: int
) -> list[TerminalGroup]:
    """Groups of question-relevant fact nodes whose predicate matches a keyword, and of entity nodes (not question
    entities) whose label matches one; at most ``limit`` groups, those with the most relevant member first."""
    qents = set(question_entities)
    ent_rel = entity_relevance(graph)
    groups = []
    for s in stems:
        one = frozenset({s})
        members: dict[int, Terminal] = {}
        for f in graph.facts.values():
            if f.key not in graph.relevant:
                continue
            if dice(one, content_stems(f.relation)) > 0:
                members[f.node_id] = Terminal(f.node_id, f.key, f.relevance)
            for e in f.entities:
                if e.key not in qents and e.node_id not in members and dice(one, content_stems(e.name)) > 0:
                    members[e.node_id] = Terminal(e.node_id, e.key, ent_rel.get(e.key, 0.0))
        if members:
            ordered = tuple(sorted(members.values(), key=lambda t: (-t.relevance, t.key)))
            groups.append(TerminalGroup(s, ordered))
    groups.sort(key=lambda g: -g.members[0].relevance)
    return groups[:limit]


def terminal_choices(groups: Sequence[TerminalGroup], k: int, width: int) -> list[tuple[Terminal, ...]]:
    """Up to ``k`` choices of one terminal per group (the first ``width`` members of each), best first by the sum
    of the chosen terminals' relevance (ties: earlier members first). Choices that pick the same node set are one."""
    if not groups:
        return []
    pools = [g.members[:width] for g in groups]
    combos = sorted(
        itertools.product(*[list(enumerate(p)) for p in pools]),
        key=lambda c: (-sum(t.relevance for _, t in c), [i for i, _ in c]),
    )
    out: list[tuple[Terminal, ...]] = []
    seen: set[frozenset[int]] = set()
    for combo in combos:
        chosen = tuple(dict((t.node_id, t) for _, t in combo).values())
        ids = frozenset(t.node_id for t in chosen)
        if ids in seen:
            continue
        seen.add(ids)
        out.append(chosen)
        if len(out) >= k:
            break
    return out


def steiner_runs(choice: Sequence[Terminal], component_of: Mapping[int, int]) -> list[tuple[int, list[int]]]:
    """The GDS runs for one choice: one ``(source, targets)`` per connected component holding a terminal (the paper
    computes trees per component when terminals are disconnected); a component with one terminal is a tree of one
    node (``targets`` empty). Source: the component's most relevant terminal."""
    by_comp: dict[int, list[Terminal]] = {}
    for t in choice:
        by_comp.setdefault(component_of.get(t.node_id, t.node_id), []).append(t)
    runs = []
    for comp in sorted(by_comp):
        ts = sorted(by_comp[comp], key=lambda t: (-t.relevance, t.node_id))
        runs.append((ts[0].node_id, [t.node_id for t in ts[1:]]))
    return runs
