"""EXAQT's Group Steiner Trees, completion and connectivity against the real GDS, on hand-made graphs whose optimal
group trees are worked out by hand.

The graphs are bipartite like EXAQT's: entity nodes and fact nodes, an edge from each fact to each entity it names,
both edges of a fact costing ``1 - relevance``. So a path A - f - B through a fact of relevance r costs 2(1 - r).
"""

from __future__ import annotations

import pytest

from tkgrag.errors import StoreError
from tkgrag.retrievers.exaqt.groups import Terminal, TerminalGroup, terminal_choices
from tkgrag.retrievers.exaqt.gst import (
    GstResult,
    batch_projection,
    completed_facts,
    group_steiner_trees_many,
    steiner_index_failure,
    steiner_rows,
)
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, CandidateGraph, GraphEntity
from tkgrag.store import Store

# fact key -> (relevance, entities). Costs per edge: f_ab 0.8, f_ac 0.1, f_cb 0.1, f_ae 0.5, f_cd 0.2, f_bd 0.3,
# f_ac2/f_c2b 0.1 (a tie with the path through C), f_zy 0.5 (another component).
FACTS: dict[str, tuple[float, tuple[str, ...]]] = {
    "f_ab": (0.2, ("A", "B")),
    "f_ac": (0.9, ("A", "C")),
    "f_cb": (0.9, ("C", "B")),
    "f_ae": (0.5, ("A", "E")),
    "f_cd": (0.8, ("C", "D")),
    "f_bd": (0.7, ("B", "D")),
    "f_zy": (0.5, ("Z", "Y")),
}
TIE = {"f_ac2": (0.9, ("A", "C2")), "f_c2b": (0.9, ("C2", "B"))}


def build(store: Store, facts: dict[str, tuple[float, tuple[str, ...]]], relevant: int = 100) -> CandidateGraph:
    entities = sorted({e for _, ents in facts.values() for e in ents})
    store.run("UNWIND $keys AS k CREATE (:Entity {key: k, name: 'entity ' + k})", {"keys": entities})
    store.run(
        "UNWIND $facts AS f CREATE (n:Event {key: f.key, relation: 'linked to'}) WITH n, f "
        "MATCH (s:Entity {key: f.ents[0]}), (o:Entity {key: f.ents[1]}) "
        "CREATE (n)-[:SUBJECT]->(s), (n)-[:OBJECT]->(o)",
        {"facts": [{"key": k, "ents": list(ents)} for k, (_, ents) in facts.items()]},
    )
    ids = {r["key"]: r["id"] for r in store.run("MATCH (n) WHERE n:Entity OR n:Event RETURN n.key AS key, id(n) AS id")}
    cands = [
        CandidateFact(k, ids[k], rel, "linked to", tuple(GraphEntity(e, ids[e], f"entity {e}") for e in ents))
        for k, (rel, ents) in facts.items()
    ]
    return CandidateGraph.of(cands, relevant)


def node_keys(graph: CandidateGraph, nodes: frozenset[int] | set[int]) -> set[str]:
    names = {e.node_id: e.key for e in graph.entities().values()} | {f.node_id: f.key for f in graph.facts.values()}
    return {names[n] for n in nodes}


def group(graph: CandidateGraph, label: str, *keys: str, relevance: dict[str, float] | None = None) -> TerminalGroup:
    ids = {e.key: e.node_id for e in graph.entities().values()}
    rel = relevance or {}
    return TerminalGroup(label, tuple(Terminal(ids[k], k, rel.get(k, 0.0)) for k in keys))


def run(store: Store, graph: CandidateGraph, groups: list[TerminalGroup], k: int = 25) -> GstResult:
    """One question's trees, the way ``ask`` gets them: the production path with a batch of one."""
    return group_steiner_trees_many(store, [(graph, terminal_choices(groups, k, 5))], k, outside_penalty=1.0)[0]


def test_two_groups_take_the_cheap_detour_and_rank_trees_by_cost(store: Store) -> None:
    graph = build(store, FACTS)
    # group 1: A; group 2: B or E. {A, B}: through C costs 4 x 0.1 = 0.4 (the direct f_ab costs 1.6);
    # {A, E}: through f_ae costs 1.0.
    groups = [group(graph, "a", "A"), group(graph, "b|e", "B", "E", relevance={"B": 0.9, "E": 0.5})]
    res = run(store, graph, groups)
    assert [round(t.cost, 6) for t in res.trees] == [0.4, 1.0]
    assert node_keys(graph, res.trees[0].nodes) == {"A", "f_ac", "C", "f_cb", "B"}
    assert node_keys(graph, res.trees[1].nodes) == {"A", "f_ae", "E"}
    top1 = run(store, graph, groups, k=1)
    assert len(top1.trees) == 1 and round(top1.trees[0].cost, 6) == 0.4


def test_three_groups_share_the_steiner_node(store: Store) -> None:
    graph = build(store, FACTS)
    # {A, B, D}: A-C-B (0.4) plus C-D (0.4) = 0.8; joining D through f_bd instead would cost 0.4 + 0.6 = 1.0.
    groups = [group(graph, "a", "A"), group(graph, "b", "B"), group(graph, "d", "D")]
    res = run(store, graph, groups)
    assert len(res.trees) == 1
    assert round(res.trees[0].cost, 6) == 0.8
    assert node_keys(graph, res.trees[0].nodes) == {"A", "f_ac", "C", "f_cb", "B", "f_cd", "D"}
    assert res.connected == []


def test_tied_paths_give_one_tree_of_the_optimal_cost(store: Store) -> None:
    graph = build(store, {**FACTS, **TIE})
    res = run(store, graph, [group(graph, "a", "A"), group(graph, "b", "B")])
    assert len(res.trees) == 1 and round(res.trees[0].cost, 6) == 0.4
    keys = node_keys(graph, res.trees[0].nodes)
    assert keys in ({"A", "f_ac", "C", "f_cb", "B"}, {"A", "f_ac2", "C2", "f_c2b", "B"})


def test_disconnected_terminals_give_one_tree_per_component(store: Store) -> None:
    graph = build(store, FACTS)
    res = run(store, graph, [group(graph, "a", "A"), group(graph, "b", "B"), group(graph, "z", "Z")])
    assert sorted(sorted(node_keys(graph, t.nodes)) for t in res.trees) == [
        ["A", "B", "C", "f_ac", "f_cb"],
        ["Z"],
    ]
    assert res.connected == []  # Z's component has no path to A's
    assert node_keys(graph, res.nodes) == {"A", "B", "C", "f_ac", "f_cb", "Z"}


def test_pieces_of_the_union_are_joined_by_the_cheapest_path(store: Store) -> None:
    graph = build(store, FACTS)
    # One group with two members: two one-node trees {A} and {D}; their union is joined by Dijkstra along the
    # cheapest A..D path, A-f_ac-C-f_cd-D (0.6; through B it would be 0.4 + 0.6 = 1.0).
    res = run(store, graph, [group(graph, "a|d", "A", "D", relevance={"A": 0.9, "D": 0.8})])
    assert sorted(sorted(node_keys(graph, t.nodes)) for t in res.trees) == [["A"], ["D"]]
    assert len(res.connected) == 1
    assert node_keys(graph, set(res.connected[0])) == {"A", "f_ac", "C", "f_cd", "D"}
    # completion: exactly the facts on the trees and the connecting path
    assert completed_facts(graph, res.nodes, incident=False) == ["f_ac", "f_cd"]


def test_completion_adds_the_path_facts_and_the_relevant_facts_of_tree_entities(store: Store) -> None:
    # The question-relevant facts are the top 4 by relevance: f_ac, f_cb (0.9), f_cd (0.8), f_bd (0.7).
    graph = build(store, FACTS, relevant=4)
    res = run(store, graph, [group(graph, "a", "A"), group(graph, "b", "B")])
    assert completed_facts(graph, res.nodes, incident=False) == ["f_ac", "f_cb"]
    # incident: relevant facts naming A, C or B too: f_cd, f_bd; not f_ae or f_ab (outside the relevant four)
    assert completed_facts(graph, res.nodes, incident=True) == ["f_ac", "f_cb", "f_cd", "f_bd"]


def test_outside_facts_are_used_only_for_connectivity(store: Store) -> None:
    # Only f_ab is "relevant" here is impossible (it ranks last); take the top 2 (f_ac, f_cb) and ask for A and E:
    # the only way to E is f_ae, outside the relevant set: it costs 2 x (0.5 + 1.0) = 3.0 but still connects.
    graph = build(store, FACTS, relevant=2)
    res = run(store, graph, [group(graph, "a", "A"), group(graph, "e", "E")])
    assert len(res.trees) == 1 and res.trees[0].cost == pytest.approx(3.0)
    assert node_keys(graph, res.trees[0].nodes) == {"A", "f_ae", "E"}


def test_many_questions_share_one_projection_and_keep_their_own_costs(store: Store) -> None:
    """``group_steiner_trees_many`` (one projection for many questions, each question's node ids shifted into a
    component of its own) gives each question what a projection of its own (a batch of one) gives, even where two
    questions hold the same nodes at different costs."""
    graph = build(store, FACTS)
    narrow = CandidateGraph.of(graph.facts.values(), 2)  # the same nodes; only f_ac, f_cb relevant: f_ae costs 1.5
    problems = [
        (graph, [group(graph, "a", "A"), group(graph, "b|e", "B", "E", relevance={"B": 0.9, "E": 0.5})]),
        (narrow, [group(narrow, "a", "A"), group(narrow, "e", "E")]),
        (graph, [group(graph, "a|d", "A", "D", relevance={"A": 0.9, "D": 0.8})]),
        (graph, [group(graph, "a", "A"), group(graph, "b", "B"), group(graph, "z", "Z")]),
    ]
    many = group_steiner_trees_many(store, [(g, terminal_choices(gs, 25, 5)) for g, gs in problems], 25, 1.0)
    alone = [run(store, g, gs) for g, gs in problems]
    assert many == alone
    # the hand-worked trees of the tests above
    assert [round(t.cost, 6) for t in many[0].trees] == [0.4, 1.0]
    assert node_keys(graph, many[0].trees[0].nodes) == {"A", "f_ac", "C", "f_cb", "B"}
    assert len(many[1].trees) == 1 and many[1].trees[0].cost == pytest.approx(3.0)
    assert node_keys(narrow, many[1].trees[0].nodes) == {"A", "f_ae", "E"}
    assert node_keys(graph, set(many[2].connected[0])) == {"A", "f_ac", "C", "f_cd", "D"}
    assert node_keys(graph, many[3].nodes) == {"A", "B", "C", "f_ac", "f_cb", "Z"} and many[3].connected == []
    left = store.run("CALL gds.graph.list() YIELD graphName RETURN graphName")
    assert not [r for r in left if r["graphName"].startswith("exaqt_")]  # the shared projection is dropped


def test_no_questions_make_no_projection(store: Store) -> None:
    assert group_steiner_trees_many(store, [], 25, 1.0) == []


def test_a_run_with_a_target_outside_the_projection_is_an_error_not_a_dropped_tree(store: Store) -> None:
    """A target that is not in the projection is a caller's bug, not GDS's out-of-bounds failure: it is raised,
    naming the node, instead of being retried by halves and left out."""
    graph = build(store, FACTS)
    ids = {e.key: e.node_id for e in graph.entities().values()}
    missing = 1 + max(ids.values()) + max(f.node_id for f in graph.facts.values())
    runs = [
        {"index": 0, "source": ids["A"], "targets": [ids["B"]]},
        {"index": 1, "source": ids["A"], "targets": [missing]},
        {"index": 2, "source": ids["C"], "targets": [ids["D"]]},
    ]
    with batch_projection(store, [(graph, [])], 1.0) as (name, _), pytest.raises(StoreError, match=str(missing)):
        steiner_rows(store, name, runs)  # one question: offset 0, the ids as they are


def test_the_known_gds_failure_is_told_from_others() -> None:
    """The message Neo4j gives for GDS 2.13's ``gds.steinerTree`` out-of-bounds failure is retried; others are not."""
    known = "Failed to invoke procedure `gds.steinerTree.stream`: Caused by: java.lang.ArrayIndexOutOfBoundsException: "
    assert steiner_index_failure(StoreError(known + "Index 12 out of bounds for length 12"))
    other = "Failed to invoke procedure `gds.steinerTree.stream`: Caused by: java.lang.IllegalArgumentException: "
    assert not steiner_index_failure(StoreError(other + "targetNodes nodes do not exist in the in-memory graph: [20]"))
    assert not steiner_index_failure(StoreError("The allocation of an extra 1.2 GiB would use more than the limit"))


def test_a_failure_other_than_the_known_gds_one_is_raised_not_left_out(store: Store) -> None:
    """The halving retry is for GDS's out-of-bounds failure only: any other rejection (here a projection that is not
    in the catalog) reaches the caller instead of silently dropping every run's tree."""
    graph = build(store, FACTS)
    ids = {e.key: e.node_id for e in graph.entities().values()}
    runs = [
        {"index": 0, "source": ids["A"], "targets": [ids["B"]]},
        {"index": 1, "source": ids["C"], "targets": [ids["D"]]},
    ]
    with pytest.raises(StoreError) as caught:
        steiner_rows(store, "exaqt_no_such_graph", runs)
    assert not steiner_index_failure(caught.value)


def test_a_terminal_outside_its_graph_is_refused_before_the_id_shift(store: Store) -> None:
    """Shifted by its question's offset, a terminal outside the question's graph would silently join another
    question's node: ``group_steiner_trees_many`` refuses it, naming the question and the id, and projects nothing."""
    graph = build(store, FACTS)
    ids = {e.key: e.node_id for e in graph.entities().values()}
    stray = 1 + max(ids.values()) + max(f.node_id for f in graph.facts.values())
    ok = [group(graph, "a", "A"), group(graph, "b", "B")]
    bad = [[Terminal(ids["A"], "A", 0.0), Terminal(stray, "stray", 0.0)]]
    with pytest.raises(ValueError, match=rf"Steiner problem 1: terminal node ids \[{stray}\]"):
        group_steiner_trees_many(store, [(graph, terminal_choices(ok, 25, 5)), (graph, bad)], 25, 1.0)
    left = store.run("CALL gds.graph.list() YIELD graphName RETURN graphName")
    assert not [r for r in left if r["graphName"].startswith("exaqt_")]
