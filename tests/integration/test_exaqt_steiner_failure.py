"""GDS's ``gds.steinerTree`` out-of-bounds failure, reproduced on the real server, and what EXAQT does with it.

The problem is real: a dev.json question's candidate graph on ex-slice (found by ``benchmarks/exaqt_steiner_failures.py
--max-groups 30``: 11 terminals, which the production caps allow too), shrunk to 50 facts that still fail. On a
projection of its own, GDS 2.13.9 throws ``ArrayIndexOutOfBoundsException: Index n out of bounds for length n`` with n
the projection's relationship count (it sizes the run's frontier by that count and overruns it by one here); the same
run in a projection holding even one more relationship succeeds. So ``ask`` (one question, one projection) can meet
it, a batch of questions hardly. The halving retry leaves the failing run out and keeps the call's other runs; the
answer graph says so. If a GDS upgrade fixes the failure, the first test fails: the retry can then go.

No database nodes are needed: the projection is of integer node ids (``queries.exaqt.PROJECT_ID_EDGES``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tkgrag.errors import StoreError
from tkgrag.queries import exaqt as q
from tkgrag.retrievers.exaqt.answer_graph import ExaqtPipeline, Linked, Stage1Input
from tkgrag.retrievers.exaqt.config import ExaqtConfig
from tkgrag.retrievers.exaqt.groups import Terminal
from tkgrag.retrievers.exaqt.gst import batch_projection, group_steiner_trees_many, steiner_index_failure
from tkgrag.retrievers.exaqt.nerd import Nerd
from tkgrag.retrievers.exaqt.subgraph import CandidateFact, CandidateGraph, GraphEntity
from tkgrag.store import Store

DATA = Path(__file__).parent / "data" / "exaqt_steiner_out_of_bounds.json"


def problem() -> tuple[CandidateGraph, list[int]]:
    """The fixture's candidate graph (its relevant facts as they were) and the failing run's terminals, source
    first."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    facts = [
        CandidateFact(
            f["key"], f["id"], f["relevance"], "linked to", tuple(GraphEntity(k, i, k) for k, i in f["entities"])
        )
        for f in data["facts"]
    ]
    graph = CandidateGraph.of(facts, sum(f["relevant"] for f in data["facts"]))
    assert graph.relevant == {f["key"] for f in data["facts"] if f["relevant"]}
    return graph, [data["run"]["source"], *data["run"]["targets"]]


def choice(ids: list[int]) -> tuple[Terminal, ...]:
    """One terminal per id, most relevant first (so the first is the run's source)."""
    return tuple(Terminal(n, str(n), 1.0 - 0.01 * i) for i, n in enumerate(ids))


def test_gds_fails_on_the_run_with_the_out_of_bounds_error_the_retry_is_for(store: Store) -> None:
    graph, ids = problem()
    with batch_projection(store, [(graph, [])], 1.0) as (name, _):
        rels = store.run("CALL gds.graph.list($g) YIELD relationshipCount RETURN relationshipCount", {"g": name})
        n = rels[0]["relationshipCount"]
        with pytest.raises(StoreError) as caught:
            store.run(q.STEINER_TREES, {"graph": name, "choices": [{"index": 0, "source": ids[0], "targets": ids[1:]}]})
    assert n == 200  # 50 facts x 2 entities, both directions
    assert f"ArrayIndexOutOfBoundsException: Index {n} out of bounds for length {n}" in str(caught.value)
    assert steiner_index_failure(caught.value)


def test_the_failing_run_is_left_out_and_the_other_runs_of_the_call_kept(store: Store) -> None:
    graph, ids = problem()
    failing, other = choice(ids), choice(ids[:3])
    [result] = group_steiner_trees_many(store, [(graph, [other, failing, other[:2]])], 25, 1.0)
    [alone] = group_steiner_trees_many(store, [(graph, [other, other[:2]])], 25, 1.0)
    assert result.failed_runs == 1
    assert result == replace(alone, failed_runs=1)  # the other runs' trees, as without the failing one
    assert len(result.trees) == 2 and set(ids[:3]) <= result.trees[0].nodes | result.trees[1].nodes


def test_the_answer_graph_notes_the_run_left_out(store: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """``finish_many`` on the question alone (``ask``'s path): NERD's groups are the failing run's terminals."""
    graph, ids = problem()
    key = {e.node_id: e.key for e in graph.entities().values()}
    terminals = [key[n] for n in ids]
    nerd = Nerd(groups=[[k] for k in terminals], named=terminals)
    facts = list(graph.facts.values())
    linked = Linked("?", [], [], nerd, facts, True, [], facts)  # "?": no keyword groups
    config = ExaqtConfig(relevance_model="base", relevant_facts=len(graph.relevant))
    [ag] = ExaqtPipeline(store, embedder, config).finish_many([linked], [Stage1Input("?")])
    assert ag.gst is not None and ag.gst.failed_runs == 1 and ag.gst.trees == []
    assert "1 Steiner tree runs failed in GDS and were left out" in ag.notes
    left = store.run("CALL gds.graph.list() YIELD graphName RETURN graphName")
    assert not [r for r in left if r["graphName"].startswith("exaqt_")]  # the projection is dropped all the same
