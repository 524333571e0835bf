"""``star``'s variants beyond the paper (retrievers/star/variants.py) on a hand-made TKG whose rule graph is written by
hand, so that the right evidence is reachable only through a rule edge:

    rule C  {c1: China accused Japan, 2014-05-01}                   (isolated; holds the best cosine match)
    rule A  {a:  Iran threatened Japan, 2014-03-01}  -- edge --  rule B  {g: Vietnam hosted Nepal, 2014-03-03,
                                                                         f: Vietnam hosted Nepal, 2014-09-01}

The question "Who accused Japan after March 1, 2014?" comes grounded (the constraint "after a", anchor_event = a).
With one cosine anchor (k1 = 1) the paper's walk starts at C and never reaches B; anchor seeding starts it at A too,
and the edge A - B brings g and f in; proximity puts g (two days after a) before f and c1; include_anchor puts a
first; with the edge deleted nothing reaches g, whatever the variant.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.model import TemporalConstraint, TemporalRelation
from tkgrag.question.understanding import parse_only
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

EVENTS = {
    "c1": ("China", "Accuse", "Japan", "2014-05-01", "C"),
    "a": ("Iran", "Threaten", "Japan", "2014-03-01", "A"),
    "g": ("Vietnam", "Host_a_visit", "Nepal", "2014-03-03", "B"),
    "f": ("Vietnam", "Host_a_visit", "Nepal", "2014-09-01", "B"),
}
QUESTION = "Who accused Japan after March 1, 2014?"
SMALL = {"k1": 1, "k2": 5}
Hand = tuple[Store, dict[str, str]]


@pytest.fixture
def hand_store(store: Store, embedder: Any, tmp_path: Path) -> Hand:
    tsv = tmp_path / "hand.tsv"
    tsv.write_text("".join(f"{s}\t{r}\t{o}\t{t}\n" for s, r, o, t, _ in EVENTS.values()))
    ingest_tkg_file(store, tsv, source="hand", options=IngestOptions(embedder=embedder, progress=False))
    keys: dict[str, str] = {}
    for name, (s, r, o, t, _) in EVENTS.items():
        row = store.run(
            "MATCH (x:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(y:Entity {name: $o}) "
            "WHERE e.valid_from = date($t) RETURN e.key AS key",
            {"s": s, "r": r, "o": o, "t": t},
        )
        keys[name] = row[0]["key"]
    store.run("UNWIND ['A', 'B', 'C'] AS k CREATE (:Rule {key: k, support: 1})")
    store.run(
        "UNWIND $rows AS row MATCH (e:Event {key: row.event}), (r:Rule {key: row.rule}) CREATE (e)-[:SUPPORTS]->(r)",
        {"rows": [{"event": keys[n], "rule": spec[4]} for n, spec in EVENTS.items()]},
    )
    store.run("MATCH (a:Rule {key: 'A'}), (b:Rule {key: 'B'}) CREATE (a)-[:RULE_EDGE {weight: 1.0}]->(b)")
    store.run("MERGE (m:RuleGraphMeta {key: 'star'}) SET m.rules = 3, m.edges = 1, m.built_at = datetime()")
    return store, keys


def request(keys: dict[str, str]) -> RetrievalRequest:
    after_a = TemporalConstraint(TemporalRelation.AFTER, TimeSpan.parse("2014-03-01"), anchor_event=keys["a"])
    return RetrievalRequest(QUESTION, 4, (after_a,), understanding=parse_only(QUESTION))


def names(result: Any, keys: dict[str, str]) -> list[str]:
    by_key = {v: k for k, v in keys.items()}
    return [by_key[e.key] for e in result.evidence]


def test_the_paper_never_reaches_the_rule_behind_the_edge(hand_store: Hand, embedder: Any) -> None:
    store, keys = hand_store
    got = create("star+tc", RetrieverContext(store, embedder), **SMALL).retrieve(request(keys))
    assert names(got, keys) == ["c1"]
    assert [n["key"] for n in got.subgraph.nodes] == ["C"]


def test_anchor_seeding_reaches_the_evidence_through_the_rule_edge(hand_store: Hand, embedder: Any) -> None:
    store, keys = hand_store
    ctx = RetrieverContext(store, embedder)
    got = create("star+tc", ctx, anchor_seed_mass=0.5, **SMALL).retrieve(request(keys))
    assert set(names(got, keys)) == {"c1", "g", "f"}  # a itself is not after a
    assert {n["key"] for n in got.subgraph.nodes} == {"A", "B", "C"}
    # proximity to the anchor: g (2 days after a) first, then c1 (2 months), then f (6 months)
    near = create("star+tc", ctx, anchor_seed_mass=0.5, proximity_weight=1.0, **SMALL).retrieve(request(keys))
    assert names(near, keys) == ["g", "c1", "f"]
    # the anchor as evidence, first
    with_anchor = create(
        "star+tc", ctx, anchor_seed_mass=0.5, proximity_weight=1.0, include_anchor=True, **SMALL
    ).retrieve(request(keys))
    assert names(with_anchor, keys) == ["a", "g", "c1", "f"]
    assert with_anchor.evidence[0].fields["role"] == "anchor"


def test_reserved_slots_go_to_supports_of_non_seed_rules(hand_store: Hand, embedder: Any) -> None:
    store, keys = hand_store
    ctx = RetrieverContext(store, embedder)
    req = RetrievalRequest(QUESTION, 1, request(keys).constraints, understanding=request(keys).understanding)
    plain = create("star+tc", ctx, anchor_seed_mass=0.5, **SMALL).retrieve(req)
    assert names(plain, keys) == ["c1"]  # best cosine; c1's rule C is a seed
    reserved = create("star+tc", ctx, anchor_seed_mass=0.5, reserve=1, **SMALL).retrieve(req)
    assert names(reserved, keys)[0] in {"g", "f"}  # B is reached by the walk only (A and C are the seeds)


def test_without_the_edge_no_variant_reaches_the_evidence(hand_store: Hand, embedder: Any) -> None:
    store, keys = hand_store
    store.run("MATCH ()-[x:RULE_EDGE]->() DELETE x")
    store.run("MATCH (m:RuleGraphMeta {key: 'star'}) SET m.edges = 0, m.built_at = datetime()")  # a new build
    got = create(
        "star+tc",
        RetrieverContext(store, embedder),
        anchor_seed_mass=0.5,
        proximity_weight=1.0,
        include_anchor=True,
        reserve=1,
        **SMALL,
    ).retrieve(request(keys))
    assert "g" not in names(got, keys) and "f" not in names(got, keys)


def test_the_vector_pool_adds_candidates_the_walk_does_not_reach(hand_store: Hand, embedder: Any) -> None:
    store, keys = hand_store
    got = create("star+tc", RetrieverContext(store, embedder), vector_pool=4, **SMALL).retrieve(request(keys))
    assert set(names(got, keys)) == {"c1", "g", "f"}  # B is not reached (seed C only), but g and f are ANN hits
    assert [n["key"] for n in got.subgraph.nodes] == ["C"]
