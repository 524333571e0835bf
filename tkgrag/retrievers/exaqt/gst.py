"""Group Steiner Trees, completion and connectivity in GDS over questions' candidate subgraphs.

One throw-away undirected projection per batch of questions (``group_steiner_trees_many``,
``queries.exaqt.PROJECT_ID_EDGES``: each question's node ids shifted into a component of its own; dropped at the end
even on error; one question is a batch of one);
``gds.steinerTree.stream`` once per terminal choice, every question's in one round trip (``groups`` explains how
groups map onto GDS's fixed terminals); the cheapest distinct trees are the top-k. Completion adds the facts on the
trees (fact nodes the trees pass through) and, when the union of the trees falls apart, the cheapest path between
its pieces (``gds.shortestPath.dijkstra``) where the candidate graph connects them; pieces it does not connect stay
separate trees, one per component, as the paper does.

GDS's Steiner tree is a heuristic (shortest paths from the source, re-weighted to zero once used), not the exact
dynamic programme of Ding et al. that the paper used; on small candidate graphs it finds the optimum in the cases
the tests check.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from tkgrag.errors import StoreError
from tkgrag.queries import exaqt as q
from tkgrag.retrievers.exaqt.groups import Terminal, steiner_runs
from tkgrag.retrievers.exaqt.subgraph import CandidateGraph
from tkgrag.store import Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SteinerTree:
    """A tree as node ids, undirected edges (smaller id first) and cost (the sum of its edges' costs)."""

    nodes: frozenset[int]
    edges: frozenset[tuple[int, int]]
    cost: float

    @classmethod
    def from_stream(cls, rows: Sequence[Sequence[Any]], source: int) -> SteinerTree:
        """From ``gds.steinerTree.stream`` rows ``[nodeId, parentId, weight]`` (the source's row has itself as
        parent)."""
        nodes = {source}
        edges = set()
        cost = 0.0
        for node, parent, weight in rows:
            node, parent = int(node), int(parent)
            nodes.add(node)
            if node != parent:
                nodes.add(parent)
                edges.add((min(node, parent), max(node, parent)))
                cost += float(weight)
        return cls(frozenset(nodes), frozenset(edges), round(cost, 9))


def top_trees(trees: Sequence[SteinerTree], k: int) -> list[SteinerTree]:
    """The ``k`` cheapest distinct trees (ties: fewer nodes, then node ids)."""
    uniq = {(t.nodes, t.edges): t for t in trees}
    return sorted(uniq.values(), key=lambda t: (t.cost, len(t.nodes), sorted(t.nodes)))[:k]


def pieces(nodes: frozenset[int], edges: frozenset[tuple[int, int]]) -> list[set[int]]:
    """Connected pieces of a node set under ``edges``, largest first (ties: smallest node id)."""
    adj: dict[int, set[int]] = {n: set() for n in nodes}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen: set[int] = set()
    out = []
    for n in sorted(adj):
        if n in seen:
            continue
        comp, stack = set(), [n]
        while stack:
            x = stack.pop()
            if x in comp:
                continue
            comp.add(x)
            stack.extend(adj[x] - comp)
        seen |= comp
        out.append(comp)
    return sorted(out, key=lambda c: (-len(c), min(c)))


def completed_facts(graph: CandidateGraph, nodes: set[int] | frozenset[int], *, incident: bool) -> list[str]:
    """GST completion: the facts whose nodes lie on the trees (and connecting paths), plus, with ``incident``, the
    question-relevant facts naming an entity of the trees. Best first."""
    by_id = graph.fact_ids()
    keys = {by_id[n].key for n in nodes if n in by_id}
    if incident:
        entity_ids = [n for n in nodes if n not in by_id]
        keys |= graph.entity_facts(entity_ids)
    return [k for k in graph.facts if k in keys]  # graph.facts is best first


@dataclass
class GstResult:
    trees: list[SteinerTree]
    connected: list[list[int]]  # the connecting paths added, as node ids
    nodes: frozenset[int]  # trees + paths
    failed_runs: int = 0  # GDS runs that failed (left out)


@dataclass
class _Problem:
    """One question's graph and terminal choices, its node ids shifted by ``offset`` in the projection."""

    graph: CandidateGraph
    choices: Sequence[Sequence[Terminal]]
    offset: int


Problems = Sequence[tuple[CandidateGraph, Sequence[Sequence[Terminal]]]]


def group_steiner_trees_many(store: Store, problems: Problems, k: int, outside_penalty: float) -> list[GstResult]:
    """Per question (a candidate graph and its terminal choices): the top-``k`` trees over the choices, and their
    union connected where the graph allows (shortest paths between the union's pieces). All questions share one
    projection (``batch_projection``); the Steiner runs and the connecting paths cost one round trip each for all."""
    if not problems:
        return []
    with batch_projection(store, problems, outside_penalty) as (name, batch):
        return _steiner_on(store, name, batch, k)


@contextmanager
def batch_projection(store: Store, problems: Problems, outside_penalty: float) -> Iterator[tuple[str, list[_Problem]]]:
    """One throw-away projection of many questions' candidate graphs; yields its name and each question's problem
    with its offset, drops it after. Each question's nodes are its Neo4j node ids plus an offset of its own
    (``queries.exaqt.PROJECT_ID_EDGES``), so the questions are disjoint components and GDS sees each one's nodes in
    the same order as in a projection of its own."""
    for i, (graph, choices) in enumerate(problems):
        # a terminal outside its graph would, once shifted, land on another question's node: fail here instead
        ids = set(_node_ids(graph))
        outside = sorted({t.node_id for choice in choices for t in choice if t.node_id not in ids})
        if outside:
            raise ValueError(f"Steiner problem {i}: terminal node ids {outside} are not in its candidate graph")
    stride = 1 + max((n for graph, _ in problems for n in _node_ids(graph)), default=0)
    batch = [_Problem(graph, choices, i * stride) for i, (graph, choices) in enumerate(problems)]
    edges = [
        {"source": f.node_id + p.offset, "target": e.node_id + p.offset, "cost": p.graph.cost(f, outside_penalty)}
        for p in batch
        for f in p.graph.facts.values()
        for e in f.entities
    ]
    name = f"exaqt_{secrets.token_hex(8)}"
    store.run(q.PROJECT_ID_EDGES, {"graph": name, "edges": edges})
    try:
        yield name, batch
    finally:
        store.run(q.DROP_GRAPH, {"graph": name})


def _node_ids(graph: CandidateGraph) -> Iterator[int]:
    for f in graph.facts.values():
        yield f.node_id
        for e in f.entities:
            yield e.node_id


def _steiner_on(store: Store, name: str, problems: Sequence[_Problem], k: int) -> list[GstResult]:
    """The trees and connecting paths of each problem on projection ``name`` (ids shifted by each offset)."""
    components = [p.graph.components() for p in problems]
    runs: list[dict[str, Any]] = []
    owner: list[tuple[int, int]] = []  # run index -> (problem, source)
    trees: list[list[SteinerTree]] = [[] for _ in problems]
    for i, (p, component_of) in enumerate(zip(problems, components, strict=True)):
        for choice in p.choices:
            for source, targets in steiner_runs(choice, component_of):
                if targets:
                    runs.append({"index": len(runs), "source": source + p.offset,
                                 "targets": [t + p.offset for t in targets]})  # fmt: skip
                    owner.append((i, source))
                else:
                    trees[i].append(SteinerTree(frozenset({source}), frozenset(), 0.0))
    failed = [0] * len(problems)
    if runs:
        tree_rows, bad = steiner_rows(store, name, runs)
        for index in bad:
            i, source = owner[index]
            failed[i] += 1
            targets = [t - problems[i].offset for t in runs[index]["targets"]]
            log.warning("gds.steinerTree failed on problem %d's run from node %d to %s: left out", i, source, targets)
        for run in runs:
            i, source = owner[run["index"]]
            if run["index"] in tree_rows:
                off = problems[i].offset
                shifted = [(int(n) - off, int(parent) - off, w) for n, parent, w in tree_rows[run["index"]]]
                trees[i].append(SteinerTree.from_stream(shifted, source))
    unions = []
    pairs: list[dict[str, int]] = []
    pair_owner: list[int] = []
    for i, (p, component_of) in enumerate(zip(problems, components, strict=True)):
        best = top_trees(trees[i], k)
        nodes = frozenset().union(*(t.nodes for t in best)) if best else frozenset()
        edges = frozenset().union(*(t.edges for t in best)) if best else frozenset()
        unions.append((best, nodes))
        for a, b in connecting_pairs(nodes, edges, component_of):
            pairs.append({"index": len(pairs), "source": a + p.offset, "target": b + p.offset})
            pair_owner.append(i)
    paths: list[list[list[int]]] = [[] for _ in problems]
    if pairs:
        found = store.run(q.SHORTEST_PATHS, {"graph": name, "pairs": pairs})
        for r in sorted(found, key=lambda r: int(r["pair"])):
            i = pair_owner[int(r["pair"])]
            paths[i].append([int(n) - problems[i].offset for n in r["nodes"]])
    out = []
    for i, (best, nodes) in enumerate(unions):
        joined = nodes.union(*(set(path) for path in paths[i])) if paths[i] else nodes
        out.append(GstResult(best, paths[i], joined, failed[i]))
    return out


def steiner_rows(store: Store, name: str, runs: list[dict[str, Any]]) -> tuple[dict[int, list[Any]], list[int]]:
    """The tree rows of every run (``{index, source, targets}``) on projection ``name``, by run index, in one round
    trip unless GDS fails on some run (``halving``); and the indexes of the runs left out."""

    def trees(part: Sequence[dict[str, Any]]) -> dict[int, list[Any]]:
        return {int(r["choice"]): r["edges"] for r in store.run(q.STEINER_TREES, {"graph": name, "choices": part})}

    return halving(runs, trees, lambda run: int(run["index"]))


Run = TypeVar("Run")
Rows = TypeVar("Rows")


def halving(
    runs: Sequence[Run],
    runner: Callable[[Sequence[Run]], dict[int, Rows]],
    index: Callable[[Run], int],
) -> tuple[dict[int, Rows], list[int]]:
    """``runner(runs)``; when it fails with GDS 2.13's ``gds.steinerTree`` out-of-bounds failure
    (``steiner_index_failure``; on some large terminal sets), each half again, down to the runs that fail on their
    own, which are left out: one bad run among n (a power of two) costs 1 + 2 log2(n) calls instead of dropping the
    batch, every run failing 2n - 1. Any other error is raised. Returns the rows and the left-out runs' ``index``,
    in run order."""
    try:
        return runner(runs), []
    except StoreError as exc:
        if not steiner_index_failure(exc):
            raise  # a memory-guard rejection, a timeout, a bad parameter: not a run to leave out
        if len(runs) <= 1:
            return {}, [index(r) for r in runs]
    half = len(runs) // 2
    rows, failed = halving(runs[:half], runner, index)
    more, failed_more = halving(runs[half:], runner, index)
    return {**rows, **more}, failed + failed_more


# How GDS 2.13's out-of-bounds failure reads once Neo4j wraps it ("...Caused by: java.lang.
# ArrayIndexOutOfBoundsException: Index 12 out of bounds for length 12").
_INDEX_FAILURE = ("IndexOutOfBoundsException", "out of bounds for length")


def steiner_index_failure(exc: StoreError) -> bool:
    """Whether ``exc`` is the known ``gds.steinerTree`` failure that the halving retry is for (and nothing else)."""
    cause = exc.__cause__
    text = f"{exc} {getattr(cause, 'message', '') or ''}"
    return any(part in text for part in _INDEX_FAILURE)


def connecting_pairs(
    nodes: frozenset[int], edges: frozenset[tuple[int, int]], component_of: Mapping[int, int]
) -> list[tuple[int, int]]:
    """``(source, target)`` of the cheapest path to look for between each piece of the trees' union and the largest
    piece in the same graph component."""
    parts = pieces(nodes, edges)
    pairs = []
    for part in parts[1:]:
        a = min(part)
        main = next((p for p in parts if p is not part and component_of.get(min(p)) == component_of.get(a)), None)
        if main is not None and len(main) >= len(part):
            pairs.append((a, min(main)))
    return pairs
