"""STAR-RAG on a real server: the rule graph round-trips through Neo4j, GDS PPR on the stored projection equals the
numpy reference, and retrieval on the bundled ICEWS14 sample finds the evidence of a question with a known answer."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from tkgrag.demo import SAMPLE_QUESTIONS, SAMPLE_TSV, data_file
from tkgrag.ingest.pipeline import IngestOptions, SourceInfo, ingest
from tkgrag.ingest.tsv import FORMAT, TkgTsvReader, TsvOptions
from tkgrag.ingest.writers import EVENT_KIND, EventWriter
from tkgrag.model import TemporalConstraint
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.retrievers.star.build import build_rule_graph
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.persist import GDS_GRAPH, build_and_store, load_events, staleness
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, weighted_personalized_pagerank

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unit"))
from ppr_reference import personalized_pagerank


@pytest.fixture
def sample_store(store: Store, embedder) -> Store:  # type: ignore[no-untyped-def]
    path = data_file(SAMPLE_TSV)
    ingest(
        store,
        TkgTsvReader(path, TsvOptions(source="sample")),
        EventWriter(),
        source=SourceInfo.for_file(path, name="sample", format=FORMAT),
        kind=EVENT_KIND,
        options=IngestOptions(batch_size=1000, embedder=embedder, progress=False, rejects_dir=None),
    )
    return store


def test_rule_graph_round_trips(sample_store: Store) -> None:
    store = sample_store
    assert staleness(store).built is False
    keys, events = load_events(store)
    expected = build_rule_graph(events, StarConfig())
    report = build_and_store(store)
    assert (report.rules, report.edges, report.events) == (len(expected.rules), len(expected.edges), len(events))
    stored = store.run(
        "MATCH (r:Rule) RETURN r.key AS key, r.c_s AS c_s, r.relation AS relation, r.c_o AS c_o, r.support AS support"
    )
    want = {r.key: (r.c_s, r.relation, r.c_o, len(r.support)) for r in expected.rules}
    assert {r["key"]: (r["c_s"], r["relation"], r["c_o"], r["support"]) for r in stored} == want
    n_supports = store.run("MATCH (:Event)-[s:SUPPORTS]->(:Rule) RETURN count(s) AS n")[0]["n"]
    assert n_supports == sum(len(r.support) for r in expected.rules)
    # Every SUPPORTS edge points from an event in the rule's support (checked on one rule).
    rule = max(expected.rules, key=lambda r: len(r.support))
    got = store.run("MATCH (e:Event)-[:SUPPORTS]->(:Rule {key: $k}) RETURN e.key AS key", {"k": rule.key})
    assert sorted(r["key"] for r in got) == sorted(keys[f] for f in rule.support)
    edges = store.run("MATCH (u:Rule)-[x:RULE_EDGE]->(v:Rule) RETURN u.key AS s, v.key AS t, x.weight AS w")
    assert {(e["s"], e["t"]): e["w"] for e in edges} == pytest.approx(
        {(e.source, e.target): e.weight for e in expected.edges}
    )
    assert staleness(store).stale is False


def test_gds_ppr_on_stored_rule_graph_equals_numpy(sample_store: Store) -> None:
    store = sample_store
    build_and_store(store)
    rows = store.run("MATCH (r:Rule) RETURN id(r) AS id, r.key AS key ORDER BY key")
    index = {r["id"]: i for i, r in enumerate(rows)}
    edges = store.run("MATCH (u:Rule)-[x:RULE_EDGE]->(v:Rule) RETURN id(u) AS s, id(v) AS t, x.weight AS w")
    assert edges, "the sample's rule graph should have MDL-selected edges"
    # The projection is UNDIRECTED: each stored edge carries mass both ways.
    und = [(index[e["s"]], index[e["t"]], e["w"]) for e in edges] + [
        (index[e["t"]], index[e["s"]], e["w"]) for e in edges
    ]
    # Seeds: the three rules with the most edges, weighted 0.5 / 0.3 / 0.2.
    degree = np.bincount([s for s, _, _ in und], minlength=len(rows))
    top = [int(i) for i in np.argsort(-degree, kind="stable")[:3]]
    gamma = dict(zip(top, (0.5, 0.3, 0.2), strict=True))
    cfg = StarConfig()
    got = weighted_personalized_pagerank(
        store,
        GDS_GRAPH,
        {rows[i]["id"]: w for i, w in gamma.items()},
        PageRankConfig(damping=cfg.damping, tolerance=1e-9, max_iterations=1000, weight_property="weight"),
    )
    restart = np.zeros(len(rows))
    for i, w in gamma.items():
        restart[i] = w
    want = personalized_pagerank(len(rows), und, restart, damping=cfg.damping, tolerance=1e-12)
    for node_id, i in index.items():
        assert got.get(node_id, 0.0) == pytest.approx(want[i], abs=1e-4)


def test_star_retrieval_finds_the_evidence_of_a_known_question(sample_store: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    store = sample_store
    build_and_store(store)
    questions = [json.loads(x) for x in data_file(SAMPLE_QUESTIONS).read_text().splitlines() if x.strip()]
    # dev00363 "After Military Personnel (Canada) consulted Kathleen Wynne, who was the first to consult Kathleen
    # Wynne?" -> Philippe Couillard; its gold events (the anchor and the answer) are in the sample.
    q = next(x for x in questions if x["quid"] == "dev00363")
    gold = {tuple(e) for e in q["evidence"]}
    for name in ("star", "star-uniform"):
        r = create(name, RetrieverContext(store, embedder)).retrieve(q["question"], k=10)
        assert r.subgraph.nodes and r.subgraph.nodes[0]["kind"] == "Rule"
        got = {(e.subject, e.relation, e.object, e.span.label()) for e in r.evidence}
        assert gold & got, f"{name} missed the gold evidence of {q['question']!r}"
    # star+tc narrows candidates to the question's period; vector+tc stays inside it too; star says it ignores it.
    month = TemporalConstraint.in_period(next(iter(gold))[3][:7])
    for r in (
        create("star+tc", RetrieverContext(store, embedder)).retrieve(q["question"], k=10, constraint=month),
        create("vector+tc", RetrieverContext(store, embedder)).retrieve(q["question"], k=10, constraint=month),
    ):
        assert r.evidence and all(month.admits(e.span) for e in r.evidence)
        assert r.constraints == (month,) and r.notes == []
    ignored = create("star", RetrieverContext(store, embedder)).retrieve(q["question"], k=10, constraint=month)
    assert ignored.constraints == () and ignored.notes == [
        f"star does not apply temporal constraints (ignored: {month.describe()})"
    ]
