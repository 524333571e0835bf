"""Group Steiner Trees, completion and connectivity in GDS over one question's candidate subgraph.

One throw-away undirected Cypher projection per question (``queries.exaqt.PROJECT_CANDIDATES``, dropped at the end
even on error); ``gds.steinerTree.stream`` once per terminal choice in one round trip (``groups`` explains how
groups map onto GDS's fixed terminals); the cheapest distinct trees are the top-k. Completion adds the facts on the
trees (fact nodes the trees pass through) and, when the union of the trees falls apart, the cheapest path between
its pieces (``gds.shortestPath.dijkstra``) where the candidate graph connects them; pieces it does not connect stay
separate trees, one per component, as the paper does.

GDS's Steiner tree is a heuristic (shortest paths from the source, re-weighted to zero once used), not the exact
dynamic programme of Ding et al. that the paper used; on small candidate graphs it finds the optimum in the cases
the tests check.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tkgrag.errors import StoreError
from tkgrag.queries import exaqt as q
from tkgrag.retrievers.exaqt.groups import Terminal, steiner_runs
from tkgrag.retrievers.exaqt.subgraph import CandidateGraph
from tkgrag.store import Store


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


@contextmanager
def projection(store: Store, graph: CandidateGraph, outside_penalty: float) -> Iterator[str]:
    """A throw-away undirected projection of ``graph`` in the GDS catalog; yields its name, drops it after."""
    name = f"exaqt_{secrets.token_hex(8)}"
    store.run(q.PROJECT_CANDIDATES, {"graph": name, "edges": graph.edges(outside_penalty)})
    try:
        yield name
    finally:
        store.run(q.DROP_GRAPH, {"graph": name})


def group_steiner_trees(
    store: Store, name: str, graph: CandidateGraph, choices: Sequence[Sequence[Terminal]], k: int
) -> GstResult:
    """Top-``k`` trees over the terminal ``choices`` on projection ``name``, and their union connected where the
    graph allows (shortest paths between the union's pieces)."""
    component_of = graph.components()
    runs: list[dict[str, Any]] = []
    singles: list[SteinerTree] = []
    for choice in choices:
        for source, targets in steiner_runs(choice, component_of):
            if targets:
                runs.append({"index": len(runs), "source": source, "targets": targets})
            else:
                singles.append(SteinerTree(frozenset({source}), frozenset(), 0.0))
    trees = list(singles)
    failed = 0
    if runs:
        rows, failed = steiner_rows(store, name, runs)
        trees += [SteinerTree.from_stream(rows[r["index"]], r["source"]) for r in runs if r["index"] in rows]
    best = top_trees(trees, k)
    nodes = frozenset().union(*(t.nodes for t in best)) if best else frozenset()
    edges = frozenset().union(*(t.edges for t in best)) if best else frozenset()
    paths = connect(store, name, nodes, edges, component_of)
    return GstResult(best, paths, nodes.union(*(set(p) for p in paths)) if paths else nodes, failed)


def steiner_rows(store: Store, name: str, runs: list[dict[str, Any]]) -> tuple[dict[int, list[Any]], int]:
    """The tree rows of every run in one round trip; when GDS fails on one of them (GDS 2.13's
    ``gds.steinerTree`` throws ArrayIndexOutOfBounds on some large terminal sets), each run again on its own, the
    failing ones left out. Returns the rows by run index and how many runs failed."""
    try:
        return {int(r["choice"]): r["edges"] for r in store.run(q.STEINER_TREES, {"graph": name, "choices": runs})}, 0
    except StoreError:
        pass
    rows: dict[int, list[Any]] = {}
    failed = 0
    for run in runs:
        try:
            for r in store.run(q.STEINER_TREES, {"graph": name, "choices": [run]}):
                rows[int(r["choice"])] = r["edges"]
        except StoreError:
            failed += 1
    return rows, failed


def connect(
    store: Store,
    name: str,
    nodes: frozenset[int],
    edges: frozenset[tuple[int, int]],
    component_of: Mapping[int, int],
) -> list[list[int]]:
    """Cheapest paths joining each piece of the trees' union to the largest piece in the same graph component."""
    parts = pieces(nodes, edges)
    pairs: list[dict[str, int]] = []
    for part in parts[1:]:
        a = min(part)
        main = next((p for p in parts if p is not part and component_of.get(min(p)) == component_of.get(a)), None)
        if main is not None and len(main) >= len(part):
            pairs.append({"index": len(pairs), "source": a, "target": min(main)})
    if not pairs:
        return []
    rows = store.run(q.SHORTEST_PATHS, {"graph": name, "pairs": pairs})
    return [[int(n) for n in r["nodes"]] for r in sorted(rows, key=lambda r: int(r["pair"]))]
