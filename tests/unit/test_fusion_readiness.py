"""Fusion of ranked lists (values worked out by hand) and the pure readiness rules of ``tkgrag status``."""

from __future__ import annotations

import pytest

from tkgrag.errors import ConfigError
from tkgrag.model import Evidence, ItemKind
from tkgrag.planning.fusion import fuse, rrf, score_fusion
from tkgrag.planning.readiness import (
    CHUNK_LINKS,
    READY,
    SENTENCES,
    Readiness,
    State,
    StoreCounts,
    data_readiness,
    method_readiness,
)
from tkgrag.retrievers.base import Need


def ev(key: str, score: float, kind: ItemKind = ItemKind.EVENT) -> Evidence:
    return Evidence(kind, key, key, score)


def test_rrf_sums_reciprocal_ranks() -> None:
    a = [ev("x", 0.9), ev("y", 0.8)]
    b = [ev("y", 5.0, ItemKind.CHUNK), ev("z", 1.0, ItemKind.CHUNK)]
    out = rrf([a, b], k=3)
    # y: 1/62 + 1/61 = 0.032522; x: 1/61 = 0.016393; z: 1/62 = 0.016129
    assert [(e.key, e.score) for e in out] == [("y", 0.032522), ("x", 0.016393), ("z", 0.016129)]
    assert out[0].kind is ItemKind.EVENT  # the first list's item keeps its kind


def test_score_fusion_scales_each_list_by_its_range() -> None:
    a = [ev("x", 0.9), ev("y", 0.7), ev("w", 0.5)]
    b = [ev("z", 10.0), ev("y", 2.0)]
    out = score_fusion([a, b], k=4)
    # a: x 1, y 0.5, w 0; b: z 1, y 0 -> y 0.5; ties (x, z at 1.0) go to the better rank, then the earlier list
    assert [(e.key, e.score) for e in out] == [("x", 1.0), ("z", 1.0), ("y", 0.5), ("w", 0.0)]
    assert [e.score for e in score_fusion([[ev("only", 3.0)]], k=1)] == [1.0]


def test_unknown_fusion_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown fusion 'max'; choose one of: rrf, score"):
        fuse("max", [], 1)


def test_data_readiness_from_counts() -> None:
    c = StoreCounts(passages=10, passages_unsplit=4, sentences=30, sentences_embedded=28, chunks=5)
    r = data_readiness(c)
    assert r[SENTENCES] == Readiness(
        State.STALE,
        "4 of 10 passages without sentences; 2 sentences without a vector (MRAG ranks those passages whole)",
        "tkgrag ingest sentences",
    )
    assert r[CHUNK_LINKS].state is State.STALE and r[CHUNK_LINKS].command == "tkgrag corpus link"
    linked = data_readiness(StoreCounts(chunks=5, chunk_links=2, chunk_mentions=1))
    assert linked[CHUNK_LINKS].state is State.READY


def test_method_readiness_worst_of_its_needs() -> None:
    counts = StoreCounts(events=3, events_embedded=3, passages=2, passages_embedded=1)
    stale = Readiness(State.STALE, "1 events recorded after the rule graph was built", "tkgrag rules build")
    prepared = {Need.RULE_GRAPH.value: stale, Need.LLM.value: Readiness(State.MISSING, "no LLM endpoint", "x")}
    star = method_readiness(
        "star", frozenset({ItemKind.EVENT, ItemKind.FACT}), frozenset({Need.RULE_GRAPH}), counts, prepared
    )
    assert star == stale
    vec = method_readiness("vector", frozenset({ItemKind.EVENT}), frozenset(), counts, prepared)
    assert vec == READY
    # passages without a vector: stale, with the command
    pv = method_readiness("passage-vector", frozenset({ItemKind.PASSAGE}), frozenset(), counts, prepared)
    assert pv == Readiness(State.STALE, "without a vector: 1 passages", "tkgrag ingest embed")
    # no chunks at all: missing, ingest first
    cv = method_readiness("chunk-vector", frozenset({ItemKind.CHUNK}), frozenset(), counts, prepared)
    assert cv == Readiness(State.MISSING, "the store holds no chunks", "tkgrag ingest corpus PATH")
    built = {Need.RULE_GRAPH.value: Readiness(State.READY, "9 rules, 4 edges, up to date")}
    ready = method_readiness("star", frozenset({ItemKind.EVENT}), frozenset({Need.RULE_GRAPH}), counts, built)
    assert ready == Readiness(State.READY, "9 rules, 4 edges, up to date")  # a ready method says what it reads
    llm = method_readiness("x", frozenset({ItemKind.EVENT}), frozenset({Need.LLM, Need.RULE_GRAPH}), counts, prepared)
    assert llm.state is State.MISSING and llm.reason == "no LLM endpoint"
