"""`tkgrag status`, `tkgrag prepare` and the ``auto`` method on a real mixed store: the four bundled samples
(ICEWS14 events, Wikidata facts, TimeQA passages, a CiteSeer corpus graph) in one database."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import wipe
from tkgrag.api import TKGRag
from tkgrag.model import ItemKind
from tkgrag.planning.auto import AutoRetriever
from tkgrag.planning.inventory import take_inventory
from tkgrag.planning.planner import Plan, Step
from tkgrag.planning.prepare import prepare
from tkgrag.planning.readiness import State
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tkgrag" / "data"
EVENT_Q = "Who expressed intent to meet or negotiate with Edgars Rinkevics in December 2014?"
FACT_Q = "What was the first academic degree of Sally Ride?"
PASSAGE_Q = "Who owned the Newton D. Baker House in Washington DC from 1916 to 1920?"
CHUNK_Q = "How does a large-scale web search engine use the link structure of the web?"
TIMELESS_FACT_Q = "What is the population of Kansas?"


def test_status_of_an_empty_store_says_ingest_first(store: Store) -> None:
    inv = take_inventory(store)
    assert inv.kinds == frozenset()
    assert inv.state("star+").state is State.MISSING
    assert inv.state("star+").command == "tkgrag ingest tkg PATH"
    assert inv.state("mrag+").reason == "the store holds no passages"


@pytest.fixture(scope="module")
def mixed(session_store: Store, embedder) -> Iterator[Store]:  # type: ignore[no-untyped-def]
    """The four samples, ingested with vectors, no rule graph: what a user has before `tkgrag prepare`."""
    from tkgrag.ingest.formats.run import ingest_corpus, ingest_facts, ingest_passages
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.ingest.tkg import ingest_tkg_file

    wipe(session_store)
    opts = IngestOptions(embedder=embedder, progress=False)
    ingest_tkg_file(session_store, DATA / "icews14_sample.tsv", source="icews14-sample", options=opts)
    ingest_passages(session_store, DATA / "passages_sample.jsonl", source="timeqa-sample", options=opts)
    ingest_facts(session_store, DATA / "facts_sample.jsonl", source="timequestions-sample", options=opts)
    ingest_corpus(session_store, DATA / "corpus_sample.jsonl", DATA / "corpus_edges_sample.tsv", options=opts)
    yield session_store


def test_status_before_prepare_counts_kinds_and_names_the_missing_rule_graph(mixed: Store) -> None:
    inv = take_inventory(mixed)
    c = inv.counts
    assert (c.events, c.facts, c.passages, c.chunks) == (831, 406, 197, 55)
    assert c.passages_unsplit == 0 and c.sentences == 433  # passages are split at ingestion
    assert inv.kinds == frozenset(ItemKind)
    quick = take_inventory(mixed, detailed=False).counts  # the planner's: facts by property id, no vector counts
    assert (quick.events, quick.facts, quick.passages, quick.chunks) == (831, 406, 197, 55)
    star = inv.state("star+")
    assert (star.state, star.reason, star.command) == (State.MISSING, "no rule graph", "tkgrag rules build")
    assert inv.state("vector+tc").state is State.READY
    assert inv.state("exaqt").state is State.READY
    assert inv.state("chunk-ppr").state is State.READY  # the corpus sample comes with its citation edges
    assert inv.state("timer4").command == "tkgrag train retriever TRAINING.jsonl"


def forget_null(store: Store, embedder) -> Path:  # type: ignore[no-untyped-def]
    """Drop auto's calibration null of the store's current state (process and file): a test starts without it."""
    from tkgrag.planning.probe import NULLS, cache_key, null_path

    inv = take_inventory(store)
    key = cache_key(store, embedder.name, inv.counts.by_kind())
    NULLS._nulls.pop(key, None)
    path = null_path(store, key)
    path.unlink(missing_ok=True)
    return path


def test_prepare_builds_what_is_missing_once(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    path = forget_null(mixed, embedder)  # the rule graph does not change the item counts: same key after it
    first = prepare(mixed, embedder, progress=False)
    assert [s.name for s in first.ran] == ["rule graph", "calibration"]
    assert first.before is not None and first.before.state("star+").state is State.MISSING
    assert first.after is not None and first.after.state("star+").state is State.READY
    assert first.ran[1].said.startswith("auto's cross-kind null: ") and path.is_file()
    again = prepare(mixed, embedder, progress=False)
    assert again.ran == []  # idempotent: nothing left to do


def test_auto_reads_the_null_prepare_computed(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """The first timeless question after `prepare` loads the null from its file instead of computing it."""
    from tkgrag.planning.probe import NULLS

    path = forget_null(mixed, embedder)
    prepare(mixed, embedder, progress=False)
    written = path.stat().st_mtime_ns
    NULLS._nulls.clear()  # a new process: only the file is left
    a = TKGRag(store=mixed, embedder=embedder).ask(CHUNK_Q)
    assert a.retrieval.plan is not None and a.retrieval.plan["calibrated"]
    assert path.stat().st_mtime_ns == written  # read, not computed and written again


def plan_operators(plan: Any) -> list[str]:
    return [plan["operatorType"].split("@")[0]] + [op for c in plan.get("children", []) for op in plan_operators(c)]


def test_rule_t_finds_a_stored_title_by_its_key_with_an_index_seek(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """The title keys are written at ingest; rule T's lookup is one read that seeks the title-key indexes (no label
    scan) and finds the page whose whole title the question writes; a store whose keys are missing is said stale by
    `status` and `prepare` fills the keys."""
    from tkgrag.queries import inventory as q
    from tkgrag.title_keys import question_keys, question_words

    auto = AutoRetriever(TKGRag(store=mixed, embedder=embedder), titles="all")
    inv = auto.inventory()
    words = question_words(PASSAGE_Q)
    assert auto.titles_written(inv, words) == [(ItemKind.PASSAGE, "Newton D. Baker House", "newton d baker house")]
    keys = question_keys(words)
    with mixed.driver.session(database=mixed.database) as session:
        summary = session.run("PROFILE " + q.TITLES_BY_KEY, {"page_keys": keys, "document_keys": keys}).consume()
    ops = plan_operators(summary.profile)
    assert ops.count("NodeIndexSeek") == 2, ops  # passage_title_key and document_title_key
    assert not any(op in ("NodeByLabelScan", "AllNodesScan") for op in ops), ops
    assert take_inventory(mixed).prepared["title keys"].state is State.READY

    mixed.run("MATCH (p:Passage) WHERE p.title = 'Vologda' REMOVE p.title_key")  # as before keys were stored
    assert auto.titles_written(inv, question_words("Where is Vologda?")) == []
    stale = take_inventory(mixed).prepared["title keys"]
    assert (stale.state, stale.command) == (State.STALE, "tkgrag prepare")
    n = mixed.run("MATCH (p:Passage) WHERE p.title = 'Vologda' RETURN count(p) AS n")[0]["n"]
    assert stale.reason == f"{n:,} pages without a title key (auto's title rule cannot find them)"
    ran = {s.name: s for s in prepare(mixed, embedder, progress=False).ran}
    assert ran["title keys"].said == f"title keys written: {n:,} pages, 0 documents"
    assert auto.titles_written(inv, question_words("Where is Vologda?")) == [(ItemKind.PASSAGE, "Vologda", "vologda")]
    assert take_inventory(mixed).prepared["title keys"].state is State.READY


def test_auto_routes_each_kind_and_shows_the_plan(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    rag = TKGRag(store=mixed, embedder=embedder)
    ev = rag.ask(EVENT_Q)
    plan = ev.retrieval.plan
    assert plan is not None and [(s["kind"], s["methods"][0]) for s in plan["steps"]] == [("event", "star+")]
    assert plan["skipped"][0]["method"] == "timer4"
    assert ev.best == "Paolo Gentiloni" and ev.retrieval.method == "star+"
    assert any(n.startswith("auto: a temporal question") for n in ev.retrieval.notes)

    fa = rag.ask(FACT_Q)
    assert fa.retrieval.plan is not None and fa.retrieval.plan["steps"][0]["kind"] == "fact"
    assert fa.retrieval.method == "exaqt" and fa.best == "bachelor's degree"

    pa = rag.ask(PASSAGE_Q)
    assert pa.retrieval.plan is not None and pa.retrieval.plan["steps"][0]["methods"][0] == "mrag+"
    # rule T: the question writes the stored page's whole title, so the passages are read alone (before any
    # calibration); without it, rule 4 would fuse passages and chunks (its reason is kept in the plan's why)
    why = pa.retrieval.plan["why"]
    assert why.startswith('the question names by its whole title what a stored page is about (passages: "Newton D')
    assert why.endswith("naming no entity of the events or facts: passages and chunks")
    assert [s["kind"] for s in pa.retrieval.plan["steps"]] == ["passage"], pa.retrieval.plan
    assert pa.retrieval.plan["dropped"] == []
    off = TKGRag(store=mixed, embedder=embedder)
    off.method_options["auto"] = {"titles": "off"}
    po = off.ask(PASSAGE_Q).retrieval.plan
    assert po is not None and [s["kind"] for s in po["steps"]] == ["passage"], po  # chunks: far below
    assert [d["kind"] for d in po["dropped"]] == ["chunk"]


def test_one_request_embeds_its_question_once_and_probes_every_index_in_one_query(
    mixed: Store,
    embedder,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A timeless question: the probe reads the three indexes, then chunk-ppr embeds the same question. Within the
    request the model runs once on it (``embed.shared_vectors``) and the probe is one query."""
    from tkgrag.queries.retrieval import VECTOR_INDEX

    rag = TKGRag(store=mixed, embedder=embedder)
    first = rag.ask(CHUNK_Q)  # the null, the inventory and the understanding, made once per process
    embedded: list[list[str]] = []
    queries: list[str] = []
    model, run = embedder._encode, mixed.run
    monkeypatch.setattr(embedder, "_encode", lambda texts, *a: (embedded.append(list(texts)), model(texts, *a))[1])
    monkeypatch.setattr(mixed, "run", lambda q, params=None, **kw: (queries.append(q), run(q, params, **kw))[1])
    again = rag.ask(CHUNK_Q)
    assert again.retrieval.method == "chunk-ppr" and again.retrieval.plan == first.retrieval.plan
    assert [e.key for e in again.retrieval.evidence] == [e.key for e in first.retrieval.evidence]
    assert embedded.count([CHUNK_Q]) == 1, embedded
    probes = [q for q in queries if all(VECTOR_INDEX[label] in q for label in ("Event", "Passage", "Chunk"))]
    assert len(probes) == 1, queries


def test_a_timeless_question_is_answered_from_the_kind_its_calibrated_value_picks(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """No temporal signal: the rules alone fuse every kind and answer from the most confident reader; calibrated,
    only the kinds near the best are run (here one), and the plan says every kind's value and why the others were
    dropped."""
    rag = TKGRag(store=mixed, embedder=embedder)
    ch = rag.ask(CHUNK_Q)
    plan = ch.retrieval.plan
    assert plan is not None and [s["kind"] for s in plan["steps"]] == ["chunk"], plan
    assert ch.retrieval.method == "chunk-ppr" and {e.kind for e in ch.retrieval.evidence} == {ItemKind.CHUNK}
    assert set(plan["calibrated"]) == {"event", "fact", "passage", "chunk"}
    assert [d["kind"] for d in plan["dropped"]] == ["event", "fact", "passage"]
    assert any(n.startswith("auto: calibrated (the question's probe") for n in ch.retrieval.notes)
    assert any(n.startswith("auto: dropped events: calibrated ") for n in ch.retrieval.notes)
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever) and auto.calibration == "null"  # the default

    fa = rag.ask(TIMELESS_FACT_Q)
    plan = fa.retrieval.plan
    assert plan is not None and max(plan["calibrated"], key=plan["calibrated"].get) == "fact", plan
    kinds = [s["kind"] for s in plan["steps"]]
    assert "fact" in kinds and "chunk" not in kinds and "passage" not in kinds, plan
    assert fa.best == "+2246578", fa.retrieval.notes  # Kansas's population in the facts (1970), as stored
    if len(kinds) > 1:
        assert any(n.startswith("auto: answer from facts (exaqt") for n in fa.retrieval.notes)

    off = TKGRag(store=mixed, embedder=embedder)
    off.method_options["auto"] = {"calibration": "off"}
    for question in (CHUNK_Q, TIMELESS_FACT_Q):
        old = off.ask(question)  # the rules alone, as before: every kind fused
        assert old.retrieval.plan is not None and old.retrieval.plan["fused"]
        assert [s["kind"] for s in old.retrieval.plan["steps"]] == ["event", "fact", "passage", "chunk"]
        assert old.retrieval.plan["calibrated"] == {}


def test_the_question_null_probes_with_questions_made_of_each_kinds_items(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """The opt-in question null (``null="questions"``): built from pseudo-questions of every kind's own items, one
    probe value per question of every OTHER kind, cached in its own file beside the item null's, and read by auto."""
    from tkgrag.planning.probe import NULLS, cache_key, null_path, sample_questions

    counts = take_inventory(mixed).counts.by_kind()
    key = cache_key(mixed, embedder.name, counts, "questions")
    assert key != cache_key(mixed, embedder.name, counts, "items")
    path = null_path(mixed, key)
    NULLS._nulls.pop(key, None)
    path.unlink(missing_ok=True)
    asked = {k: sample_questions(mixed, k, c) for k, c in counts.items()}
    assert asked[ItemKind.EVENT] and all(q.startswith(("Who did ", "When did ")) for q in asked[ItemKind.EVENT])
    assert asked[ItemKind.FACT] and all(q.startswith(("What was the ", "When was the ")) for q in asked[ItemKind.FACT])
    assert all(q.startswith(("What ", "When ")) and q.endswith("?") for q in asked[ItemKind.PASSAGE])
    null = NULLS.get(mixed, embedder, counts, "questions")
    assert null is not None and null.kinds == frozenset(counts)
    for kind in counts:
        assert len(null.scores[kind]) == sum(len(qs) for k, qs in asked.items() if k is not kind), kind
    assert path.is_file()
    rag = TKGRag(store=mixed, embedder=embedder)
    rag.method_options["auto"] = {"null": "questions"}
    a = rag.ask(CHUNK_Q)
    assert a.retrieval.plan is not None and set(a.retrieval.plan["calibrated"]) == {"event", "fact", "passage", "chunk"}


def test_an_entity_counts_only_with_items_at_the_time_the_question_states(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """Rinkevics takes part in events of 2014 only: asked about 2014 the question goes to the events, asked about
    1995 (a time no event of his meets) to the passages, which may speak of it."""
    rag = TKGRag(store=mixed, embedder=embedder)
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)

    def planned(question: str) -> tuple[list[str], str]:
        p = auto.plan(RetrievalRequest.of(question, 10, understanding=rag.understand(question)))
        return [k.value for k in p.kinds], p.why

    kinds, why = planned("Who met Edgars Rinkevics in 2014?")
    assert kinds == ["event"] and "take part in" in why
    kinds, why = planned("Who met Edgars Rinkevics in 1995?")
    assert kinds and set(kinds) <= {"passage", "chunk"}, why  # the text kinds, decided by the calibrated value
    assert why.endswith("naming no entity of the events or facts: passages and chunks")


TIMED_CHUNK_Q = "How many pages did the frozen snapshot of the Web for web search evaluation hold in 2001?"


def test_a_stated_time_about_no_graph_entity_reads_the_chunks_that_answer_it(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """A stated time and no entity of the events or facts: the text kinds alike (passages AND chunks), the
    calibrated value deciding between them. On main the rule sent such a question to passages alone, so a store whose
    chunks hold the answer never read them."""
    rag = TKGRag(store=mixed, embedder=embedder)
    r = rag.retrieve(TIMED_CHUNK_Q, k=5)
    plan = r.plan
    assert plan is not None and plan["why"].endswith("naming no entity of the events or facts: passages and chunks")
    assert "chunk" in [s["kind"] for s in plan["steps"]], plan
    assert set(plan["calibrated"]) == {"passage", "chunk"}
    assert any("18.5 million page snapshot" in e.text for e in r.evidence[:3]), [e.text[:60] for e in r.evidence]


LABELLED = [
    (EVENT_Q, "event"),
    ("Who made a statement about Latvia in December 2014?", "event"),
    ("Whom did Edgars Rinkevics consult in 2014?", "event"),
    ("Who praised Edgars Rinkevics in 2014?", "event"),
    (FACT_Q, "fact"),
    ("What was the population of Kansas in 1970?", "fact"),
    ("How many matches did John Doolan play from 1992 to 1994?", "fact"),
    ("Which award did Sally Ride receive in 1988?", "fact"),
    (PASSAGE_Q, "passage"),
    ("When was the Newton D. Baker House declared a National Historic Landmark?", "passage"),
    ("Who bought the Newton D. Baker House in 1963?", "passage"),
    ("Which street is the Newton D. Baker House on?", "passage"),
    ("when do the afl semi finals start 2018", "none"),
    ("who won the most recent season of the voice", "none"),
    ("what is the latest version of android as of 2017", "none"),
    ("who is the current president of the world bank", "none"),
]


def test_a_fitted_router_is_trained_on_the_store_found_for_it_and_decides_the_plan(
    mixed: Store,
    embedder,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    """`tkgrag train router`'s code on the four-kind store: the rows are measured with auto's own features, the
    router is saved with its card and found for this store (not for another), and auto's plan follows it: the
    labelled kind from the router's probabilities, chunks decided against it by the calibrated value."""
    from tkgrag.planning.planner import hybrid, route_fitted
    from tkgrag.planning.router import find_router, router_store
    from tkgrag.planning.router_training import fit_store_router

    labelled = tmp_path / "labelled.jsonl"
    labelled.write_text("".join(json.dumps({"question": q, "kind": k}) + "\n" for q, k in LABELLED))
    rag = TKGRag(store=mixed, embedder=embedder)
    out = tmp_path / "models" / "router"
    model, card = fit_store_router(rag, labelled, out, heldout=0.25, seed=1, embedding="off")
    assert {p.name for p in out.iterdir()} == {"router.json", "MODEL_CARD.md", "rows.jsonl"}
    assert "| event | 1 |" in card and "Data: labelled.jsonl (event 4, fact 4, passage 4, none 4)" in card
    here = router_store(mixed, embedder.name)
    found = find_router(tmp_path / "models", here)
    assert found is not None and found[0] == "router" and found[1].weights == model.weights
    assert find_router(tmp_path / "models", {**here, "database": "another"}) is None

    auto = AutoRetriever(rag, fitted=found, router="fitted")  # the router alone
    rows = [json.loads(line) for line in (out / "rows.jsonl").read_text().splitlines()]
    request = RetrievalRequest.of(PASSAGE_Q, 10, understanding=rag.understand(PASSAGE_Q))
    measured = auto.features(request, auto.inventory())
    assert measured is not None
    assert measured[0].vector() == pytest.approx(rows[8]["features"])  # what it was fitted on is what it reads
    p = auto.plan(request)
    routed = dict(p.routed)
    assert p.router == "router" and set(routed) == {"event", "fact", "passage", "none"}
    assert sum(routed.values()) == pytest.approx(1.0)
    assert routed == pytest.approx(model.probabilities(measured[0].vector()))
    expected = route_fitted(routed, auto.inventory().kinds, dict(p.calibrated))
    assert expected is not None and p.kinds == expected[0] and p.why == expected[1]
    off = AutoRetriever(rag, router="off", fitted=found)
    assert off.plan(request).router == ""  # the label-free null alone, as asked

    # the default, the hybrid: a linked temporal event question stays with the label-free rule 3, the router unasked
    both = AutoRetriever(rag, fitted=found)
    assert both.router == "hybrid"
    ev = both.plan(RetrievalRequest.of(EVENT_Q, 10, understanding=rag.understand(EVENT_Q)))
    assert ev.kinds == (ItemKind.EVENT,) and ev.decided == "rules" and ev.routed == () and ev.router == "router"
    assert ev.why.startswith("label-free rule, before any calibration: a temporal question")
    # the passage question: not rule 3's events, so the router decides, with the same features it was fitted on
    pa = both.plan(request)
    signals = both.signals(request.understanding, both.inventory())
    kinds, why, _, who = hybrid(signals, both.inventory().kinds, routed, dict(p.calibrated))
    assert (pa.kinds, pa.why, pa.decided) == (kinds, why, who) and who == "router"
    assert dict(pa.routed) == pytest.approx(routed)


def test_serve_reads_a_request_without_a_reader_with_the_reader_of_its_kind(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    """`tkgrag serve`'s default reader is ``auto``: an HTTP client that names no reader gets a passage question read
    by the extractive reader (the event reader, the old default, answers nothing from passages)."""
    import typer
    from fastapi.testclient import TestClient

    from tkgrag.cli.app import app
    from tkgrag.service.engine import Engine, EngineLimits
    from tkgrag.service.http import create_app
    from tkgrag.service.ops import ServiceInfo

    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    default_reader = next(p.default for p in serve.params if p.name == "reader")
    assert default_reader == "auto"
    engine = Engine(  # its own connection: the engine closes it on shutdown
        lambda: TKGRag.connect(mixed.settings, embedder=embedder), EngineLimits(workers=1, queue=1, timeout_s=120.0)
    )
    info = ServiceInfo("test", "bolt://test", "auto", default_reader)
    with TestClient(create_app(engine, info)) as http:
        r = http.post("/v1/ask", json={"question": PASSAGE_Q, "k": 10})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["reader"] == "extractive" and body["retrieval"]["method"] == "mrag+"
    assert body["answers"], body


def test_a_method_that_cannot_run_is_skipped_with_a_note(mixed: Store, embedder) -> None:  # type: ignore[no-untyped-def]
    rag = TKGRag(store=mixed, embedder=embedder)
    auto = rag.retriever("auto")
    assert isinstance(auto, AutoRetriever)
    request = RetrievalRequest.of(EVENT_Q, 5, understanding=rag.understand(EVENT_Q))
    p = Plan("test", (Step(ItemKind.EVENT, ("timer4", "vector+tc"), "test"),))
    results, notes = auto.run_steps(request, p)
    assert [r.method for r in results] == ["vector+tc"]
    assert len(notes) == 1 and notes[0].startswith("auto: skipped timer4 (events): it could not run: ")


def test_status_cli_json_and_retrieve_auto(mixed: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from tkgrag.cli.app import app

    settings = mixed.settings
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(settings.server.http_port))
    result = CliRunner().invoke(app, ["status", "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["kinds"]["event"]["items"] == 831 and data["methods"]["star+"]["state"] == "ready"
    result = CliRunner().invoke(app, ["retrieve", FACT_Q, "--json", "--server", "off"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["plan"]["steps"][0]["methods"][0] == "exaqt"


def test_new_events_make_the_rule_graph_stale_and_ask_warns(mixed: Store, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.ingest.tkg import ingest_tkg_file

    extra = tmp_path / "extra.tsv"
    extra.write_text("Edgars Rinkevics\tMake statement\tLatvia\t2014-12-30\n", encoding="utf-8")
    ingest_tkg_file(mixed, extra, source="extra", options=IngestOptions(embedder=embedder, progress=False))
    inv = take_inventory(mixed)
    star = inv.state("star+")
    assert star.state is State.STALE and star.reason.startswith("1 events recorded after the rule graph was built")
    assert star.since is not None and star.command == "tkgrag rules build"
    rag = TKGRag(store=mixed, embedder=embedder)
    a = rag.ask(EVENT_Q, method="star+")
    assert a.retrieval.notes[0].startswith("the rule graph is stale: ")
    assert not any(n.startswith("the rule graph") for n in rag.ask(EVENT_Q, method="vector").retrieval.notes)
    forget_null(mixed, embedder)
    rebuilt = prepare(mixed, embedder, progress=False)
    assert [s.name for s in rebuilt.ran] == ["rule graph", "calibration"]  # one more event: a new store state
    assert take_inventory(mixed).state("star+").state is State.READY


def test_a_job_with_prepare_runs_it_after_ingesting(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tkgrag.cli.app import app

    settings = store.settings
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TKGRAG_INSTANCE", settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(settings.server.http_port))
    job = tmp_path / "events.toml"
    job.write_text(
        f'[source]\nname = "icews14"\nformat = "tkg-tsv"\npath = "{DATA / "icews14_sample.tsv"}"\n'
        "[ingest]\nembed = false\n[job]\nprepare = true\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["ingest", "run", str(job)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    inv = take_inventory(store)
    n = inv.counts.events
    assert f"prepare: embeddings (embedded {n} Event vectors), rule graph (" in out
    assert inv.state("star+").state is State.READY and inv.counts.events_embedded == n > 0
    again = CliRunner().invoke(app, ["ingest", "run", str(job)], catch_exceptions=False)
    assert "prepare" not in again.output  # nothing new ingested: no prepare


def test_eval_skips_a_method_that_cannot_run_and_writes_the_report(
    store: Store,
    embedder,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`eval -m auto -m re2` without a cross-encoder: re2 is skipped with the reason, auto's results are written,
    with report.md and the plot."""
    from tkgrag.cli.app import app
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.ingest.tkg import ingest_tkg_file

    ingest_tkg_file(store, DATA / "icews14_sample.tsv", options=IngestOptions(embedder=embedder, progress=False))
    prepare(store, embedder, progress=False)
    settings = store.settings
    for name in ("NEO4J_URI", "NEO4J_PASSWORD", "TKGRAG_RERANKER_MODEL"):
        monkeypatch.delenv(name, raising=False)
    from tkgrag.errors import ConfigError
    from tkgrag.rerank.cross_encoder import reranker_name

    with contextlib.suppress(ConfigError):
        pytest.skip(f"a cross-encoder is configured here ({reranker_name()}): re2 would run")
    monkeypatch.setenv("TKGRAG_INSTANCE", settings.server.instance)
    monkeypatch.setenv("TKGRAG_BOLT_PORT", str(settings.server.bolt_port))
    monkeypatch.setenv("TKGRAG_HTTP_PORT", str(settings.server.http_port))
    out = tmp_path / "run"
    args = ["eval", str(DATA / "icews14_sample_questions.jsonl"), "-m", "auto", "-m", "re2", "--limit", "4"]
    result = CliRunner().invoke(app, [*args, "--reader", "auto", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    doc = json.loads((out / "metrics.json").read_text())
    assert list(doc["methods"]) == ["auto"] and doc["methods"]["auto"]["overall"]["n"] == 4
    assert doc["skipped"]["re2"].startswith("method 're2' failed on the first question (dev00000): no cross-encoder")
    report = (out / "report.md").read_text()
    assert "| auto |" in report and "- `re2`: method 're2' failed on the first question" in report
    assert (out / "accuracy_vs_tokens.png").read_bytes()[:4] == b"\x89PNG"


def test_a_tks_written_by_another_encoder_is_stale_since_it_was_written(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tkgrag.ingest.pipeline import IngestOptions
    from tkgrag.ingest.tkg import ingest_tkg_file
    from tkgrag.queries.timer4 import WRITE_TKS_META

    model = tmp_path / "home" / "models" / "timer4-retriever" / "model"
    model.mkdir(parents=True)
    (model / "config.json").write_text("{}", encoding="utf-8")
    (model / "model.safetensors").write_bytes(b"these weights")  # the encoder id is a digest of the weight files
    monkeypatch.setenv("TKGRAG_HOME", str(tmp_path / "home"))
    events = tmp_path / "one.tsv"
    events.write_text("Iran\tConsult\tJapan\t2014-05-02\n", encoding="utf-8")
    ingest_tkg_file(store, events, options=IngestOptions(embedder=None, progress=False))
    store.run(WRITE_TKS_META, {"encoder": "an-older-model", "model_path": "/elsewhere"})
    r = take_inventory(store).prepared["time-aware retriever"]
    assert r.state is State.STALE and r.reason.startswith("the TKS was written by another encoder (an-older-model")
    assert r.command == "tkgrag ingest embed --model time-aware --refresh" and r.since is not None
    assert take_inventory(store).state("timer4").state is State.STALE
