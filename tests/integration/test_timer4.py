"""TimeR4 on the real server: the TKS (Event.embedding_ta + its vector index) filled and queried through Neo4j, the
retrieve -> rewrite -> TKS retrieve -> rerank pipeline on a hand-made graph, and the message when no model exists.

The time-aware encoder here is the off-the-shelf MiniLM copied as a "trained" model (torch backend, fast to load):
these tests check the pipeline and the store, not the fine-tuning (tests/unit/test_timer4_finetune.py does that).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.embed import load_embedder, resolve_model
from tkgrag.errors import ConfigError
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.queries import timer4 as q
from tkgrag.question.understanding import Understander
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.retrievers.timer4.retriever import _span
from tkgrag.retrievers.timer4.tks import TimeAwareEncoder, fill_tks, identify, tks_encoder
from tkgrag.store import Store

EVENTS = """\
Iran\tThreaten\tJapan\t2014-03-01
China\tAccuse\tJapan\t2014-02-20
Vietnam\tAccuse\tJapan\t2014-03-05
France\tAccuse\tJapan\t2014-06-01
Germany\tPraise_or_endorse\tJapan\t2014-03-04
Iran\tConsult\tFrance\t2014-04-10
"""
QUESTION = "After Iran threatened Japan, who was the first to accuse Japan?"


@pytest.fixture(scope="session")
def tks_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tks") / "model"
    shutil.copytree(resolve_model("all-MiniLM-L6-v2"), path)
    return path


@pytest.fixture
def hand(store: Store, embedder: Any, tmp_path: Path, tks_model: Path) -> tuple[Store, dict[str, str], Any]:
    tsv = tmp_path / "hand.tsv"
    tsv.write_text(EVENTS, encoding="utf-8")
    ingest_tkg_file(store, tsv, source="hand", options=IngestOptions(embedder=embedder, progress=False))
    rows = store.run("MATCH (e:Event)-[:SUBJECT]->(s:Entity) RETURN s.name AS s, e.relation AS r, e.key AS key")
    keys = {f"{r['s']}/{r['r']}": r["key"] for r in rows}
    encoder = TimeAwareEncoder(load_embedder(str(tks_model), "torch"), identify(str(tks_model)))
    summary = fill_tks(store, encoder, progress=False)
    assert (summary.missing_before, summary.embedded) == (6, 6)
    store.run_auto("CALL db.awaitIndexes(60)")
    return store, keys, encoder


def test_tks_is_filled_incrementally_and_queried_through_neo4j(
    hand: tuple[Store, dict[str, str], Any], embedder: Any, tmp_path: Path
) -> None:
    store, keys, encoder = hand
    assert store.run(q.COUNT_TKS)[0]["n"] == 6
    assert store.run(q.TKS_INDEX_STATE)[0]["state"] == "ONLINE"
    assert fill_tks(store, encoder, progress=False).embedded == 0  # nothing missing: nothing re-embedded
    tsv = tmp_path / "more.tsv"
    tsv.write_text("Togo\tConsult\tGhana\t2014-07-07\n", encoding="utf-8")
    ingest_tkg_file(store, tsv, source="hand", options=IngestOptions(embedder=embedder, progress=False))
    assert fill_tks(store, encoder, progress=False).embedded == 1  # only the new event
    store.run_auto("CALL db.awaitIndexes(60)")
    text = store.run("MATCH (e:Event {key: $k}) RETURN e.text AS t", {"k": keys["France/Accuse"]})[0]["t"]
    qvec = encoder.embedder.encode([text])[0].tolist()
    rows = store.run(q.TKS_CANDIDATES, {"qvec": qvec, "n": 3, "kinds": None, "as_of_record": None})[0]["rows"]
    assert rows[0][0] == keys["France/Accuse"]
    assert rows[0][1] == pytest.approx(1.0, abs=2e-3)  # Neo4j's (1 + cos) / 2 of a vector with itself


# The candidate query as it was before issue 30's latency work: a record per candidate, dates as driver Dates.
ROW_PER_CANDIDATE = """
CALL db.index.vector.queryNodes('event_embedding_ta', $n, $qvec) YIELD node AS n, score
WHERE n.recorded_to IS NULL
RETURN n.key AS key, score, n.valid_from AS valid_from, n.valid_to AS valid_to, n.granularity AS granularity
"""


def test_tks_candidates_come_in_one_record_with_the_rows_a_record_per_candidate_gave(
    hand: tuple[Store, dict[str, str], Any],
) -> None:
    """One record of [key, score, from, to, granularity] lists (a record and two driver Dates per candidate cost the
    client most of a TimeR4 request's CPU): the same candidates, order, scores and spans as a record per candidate,
    open intervals (a null end) included."""
    store, keys, encoder = hand
    store.run("MATCH (e:Event {key: $k}) SET e.valid_to = null", {"k": keys["Iran/Consult"]})
    qvec = encoder.embedder.encode(["Who accused Japan?"])[0].tolist()
    params = {"qvec": qvec, "n": 6, "kinds": None, "as_of_record": None}
    found = store.run(q.TKS_CANDIDATES, params)
    assert len(found) == 1
    lean = [dict(zip(q.TKS_COLUMNS, r, strict=True)) for r in found[0]["rows"]]
    reference = store.run(ROW_PER_CANDIDATE, params)
    assert len(lean) == len(reference) == 6
    assert [r["key"] for r in lean] == [r["key"] for r in reference]
    assert [r["score"] for r in lean] == [r["score"] for r in reference]
    assert [_span(r) for r in lean] == [_span(r) for r in reference]
    assert _span(next(r for r in lean if r["key"] == keys["Iran/Consult"])).end is None


def grounded(store: Store, embedder: Any, k: int) -> RetrievalRequest:
    """The request ``TKGRag.retrieve`` makes: the question understood against the graph (TimeR4 reads its rewrite)."""
    return RetrievalRequest.of(QUESTION, k, understanding=Understander(store, embedder).understand(QUESTION))


def _retriever(store: Store, embedder: Any, model: Path, name: str = "timer4", **options: Any) -> Any:
    return create(name, RetrieverContext(store, embedder), model=str(model), backend="torch", **options)


def test_timer4_rewrites_the_anchor_and_reranks_by_time(
    hand: tuple[Store, dict[str, str], Any], embedder: Any, tks_model: Path
) -> None:
    store, keys, _ = hand
    r = _retriever(store, embedder, tks_model).retrieve(grounded(store, embedder, 4))
    notes = " | ".join(r.notes)
    assert "rewrite (symbolic, symbolic): After 2014-03-01, who was the first to accuse Japan?" in notes, notes
    assert r.keys[0] == keys["Iran/Threaten"]  # the anchor event the rewrite used leads
    assert keys["China/Accuse"] not in r.keys  # before the anchor: phi_t = -100, below every fact inside
    assert {keys["Vietnam/Accuse"], keys["France/Accuse"]} <= set(r.keys)  # both accusations after the anchor
    assert r.constraints[0].describe().startswith("after 2014-03-01")
    assert {n["role"] for n in r.subgraph.nodes} == {"fks", "anchor", "tks"}
    # the ordinal's ramp over the whole pool (`ordinal_margin=2`): the first accusation after 2014-03-01 leads
    ramp = _retriever(store, embedder, tks_model, ordinal_margin=2.0).retrieve(grounded(store, embedder, 4))
    assert ramp.keys[:2] == [keys["Iran/Threaten"], keys["Vietnam/Accuse"]]


def test_ablations(hand: tuple[Store, dict[str, str], Any], embedder: Any, tks_model: Path) -> None:
    store, _, _ = hand
    plain = _retriever(store, embedder, tks_model, "timer4-no-rewrite").retrieve(grounded(store, embedder, 4))
    assert "rewrite: off (ablation)" in plain.notes
    assert "anchor" not in {n["role"] for n in plain.subgraph.nodes}  # no anchor without the rewrite
    assert plain.constraints == ()  # nor a time target: the question states no explicit time
    unranked = _retriever(store, embedder, tks_model, "timer4-no-rerank").retrieve(grounded(store, embedder, 6))
    assert unranked.constraints == ()  # no rerank: the time target is not applied
    scores = [e.score for e in unranked.evidence[1:]]
    assert scores == sorted(scores, reverse=True)


def test_timer4_without_a_model_names_the_training_command(
    store: Store, embedder: Any, neo4j_settings: Settings, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError, match="tkgrag train retriever"):
        create("timer4", RetrieverContext(store, embedder), model=str(tmp_path / "none"))
    env = {
        "TKGRAG_INSTANCE": neo4j_settings.server.instance,
        "TKGRAG_BOLT_PORT": str(neo4j_settings.server.bolt_port),
        "TKGRAG_HTTP_PORT": str(neo4j_settings.server.http_port),
    }
    # a model folder that `tkgrag train retriever` has not written (the default one may exist on this machine)
    args = ["retrieve", "Who accused Japan?", "--method", "timer4", "--set", f"model={tmp_path / 'none'}"]
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 1
    assert "tkgrag train retriever" in result.output


def test_a_tks_of_another_encoder_is_refused_until_refreshed(
    hand: tuple[Store, dict[str, str], Any], embedder: Any, tks_model: Path, tmp_path: Path
) -> None:
    """A retrained model must not be queried against the old model's vectors: the fill and the retriever refuse,
    naming `--refresh`; the refresh writes every vector again and records the new encoder."""
    store, _, encoder = hand
    assert tks_encoder(store) == (encoder.identity.encoder, str(tks_model))
    retrained = tmp_path / "retrained"
    shutil.copytree(tks_model, retrained)
    weights = retrained / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-1] ^= 1  # one bit of one weight: another encoder as far as the TKS is concerned
    weights.write_bytes(bytes(data))
    other = TimeAwareEncoder(load_embedder(str(retrained), "torch"), identify(str(retrained)))
    assert other.identity.encoder != encoder.identity.encoder
    with pytest.raises(ConfigError, match="--refresh"):
        fill_tks(store, other, progress=False)
    assert store.run(q.COUNT_TKS)[0]["n"] == 6  # refused: nothing dropped
    with pytest.raises(ConfigError, match="--refresh"):
        _retriever(store, embedder, retrained)
    summary = fill_tks(store, other, refresh=True, progress=False)
    assert (summary.missing_before, summary.embedded) == (6, 6)
    assert tks_encoder(store) == (other.identity.encoder, str(retrained))
    with pytest.raises(ConfigError, match="--refresh"):
        _retriever(store, embedder, tks_model)  # now the first model is the stale one
    store.run_auto("CALL db.awaitIndexes(60)")
    assert _retriever(store, embedder, retrained).retrieve(grounded(store, embedder, 3)).keys
