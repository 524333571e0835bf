"""Every item kind end to end: real ingestion with MiniLM embeddings, the registry's retrievers, ``Evidence`` items
(kind, key, fields, span), kind selection, ignored-constraint notes, the LLM prompt and ``tkgrag retrieve --json``.

The graph (ingested once for the module):

  events    Angela_Merkel Make_a_visit France 2014-03-10; Barack_Obama Host_a_visit Angela_Merkel 2014-05-02;
            Citizen_(Kenya) Protest_violently Police_(Kenya) 2014-07-21                            (TSV)
  facts     Obama position held President, start/end time 2009-01-20..2017-01-20, series ordinal 44, elected in
            2008 election; Merkel position held Chancellor, start/end time 2005-11-22..2021-12-08, replaces
            Gerhard Schroeder; Nairobi population +4397073 (literal object), point in time 2019,
            determination method census                                                          (facts JSONL)
  passages  Treaty of Versailles (1919-06-28); Nairobi (1963 and the 1970s: 1963-01-01..1979-12-31);
            Mount Kenya (no date)                                                                 (passages JSONL)
  chunks    Geography of Kenya: two chunks                                                        (corpus JSONL)

With k = 10 a method returns every item of its kinds (there are at most six), so the sets below do not depend on
embedding ranks; where an order is asserted, the question names only one item.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tkgrag.cli.app import app
from tkgrag.config import Settings
from tkgrag.ingest.formats.facts import FactRecord, read_facts
from tkgrag.ingest.formats.passages import read_passages
from tkgrag.ingest.formats.run import ingest_corpus, ingest_facts, ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.ingest.tsv import TkgTsvReader, TsvOptions
from tkgrag.model import Evidence, ItemKind, Retrieval, TemporalConstraint
from tkgrag.readers.prompts import load_template
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.retrievers.registry import RetrieverContext, create
from tkgrag.retrievers.vector import VectorConfig, VectorRetriever
from tkgrag.sources.records import EventRecord, PassageRecord
from tkgrag.store import Store
from tkgrag.temporal import Granularity, TimeSpan

EVENTS = (
    "Angela_Merkel\tMake_a_visit\tFrance\t2014-03-10\n"
    "Barack_Obama\tHost_a_visit\tAngela_Merkel\t2014-05-02\n"
    "Citizen_(Kenya)\tProtest_violently\tPolice_(Kenya)\t2014-07-21\n"
)


def qual(pid: str, label: str, value: str, kind: str, value_label: str | None = None) -> dict[str, str]:
    q = {"predicate": pid, "predicate_label": label, "value": value, "type": kind}
    return {**q, "value_label": value_label} if value_label else q


FACTS: list[dict[str, Any]] = [
    {
        "subject": "Q76",
        "subject_label": "Barack Obama",
        "predicate": "P39",
        "predicate_label": "position held",
        "object": "Q11696",
        "object_label": "President of the United States",
        "qualifiers": [
            qual("P580", "start time", "2009-01-20", "time"),
            qual("P582", "end time", "2017-01-20", "time"),
            qual("P1545", "series ordinal", "44", "literal"),
            qual("P2715", "elected in", "Q45578", "entity", "2008 United States presidential election"),
        ],
    },
    {
        "subject": "Q567",
        "subject_label": "Angela Merkel",
        "predicate": "P39",
        "predicate_label": "position held",
        "object": "Q4970706",
        "object_label": "Chancellor of Germany",
        "start": "2005-11-22",
        "end": "2021-12-08",
        "qualifiers": [qual("P1365", "replaces", "Q2518", "entity", "Gerhard Schroeder")],
    },
    {
        "subject": "Q3870",
        "subject_label": "Nairobi",
        "predicate": "P1082",
        "predicate_label": "population",
        "object": "+4397073",
        "object_type": "literal",
        "point_in_time": "2019",
        "qualifiers": [qual("P459", "determination method", "Q39825", "entity", "census")],
    },
]

PASSAGES = [
    {"title": "Treaty of Versailles", "text": "The treaty was signed on 28 June 1919, ending the war with Germany."},
    {"title": "Nairobi", "text": "Nairobi became the capital of Kenya in 1963 and grew quickly during the 1970s."},
    {"title": "Mount Kenya", "text": "Mount Kenya is the highest mountain in Kenya, an extinct volcano."},
]

CORPUS = {
    "id": "kenya-geo",
    "title": "Geography of Kenya",
    "chunks": [
        {"id": "kenya-geo#coast", "text": "Kenya has a coastline on the Indian Ocean with coral reefs."},
        {"id": "kenya-geo#rift", "text": "The Great Rift Valley runs through western Kenya."},
    ],
}

OBAMA_QUALIFIERS = [
    {"predicate": "elected in", "value": "2008 United States presidential election"},
    {"predicate": "series ordinal", "value": "44"},
]


def by_predicate(q: dict[str, str]) -> str:
    return q["predicate"]


class Graph:
    """The store with the module's data, and the keys each kind was written under (from the readers' records)."""

    def __init__(self, store: Store, embedder: Any, files: dict[str, Path]) -> None:
        self.store, self.embedder = store, embedder
        events = [r for r in TkgTsvReader(files["events"], TsvOptions(source="events")) if isinstance(r, EventRecord)]
        facts = [r for r in read_facts(files["facts"], source="facts") if isinstance(r, FactRecord)]
        passages = [r for r in read_passages(files["passages"], source="passages") if isinstance(r, PassageRecord)]
        self.event_keys = {r.subject: r.key for r in events}
        self.fact_keys = {r.subject: r.key for r in facts}
        self.passage_keys = {r.title: r.key for r in passages}

    def retriever(self, method: str) -> Any:
        return create(method, RetrieverContext(self.store, self.embedder))


@pytest.fixture(scope="module")
def graph(session_store: Store, embedder: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Graph]:
    from tests.conftest import wipe

    store = session_store
    wipe(store)
    tmp = tmp_path_factory.mktemp("kinds")
    files = {name: tmp / f"{name}.{ext}" for name, ext in [("events", "tsv"), ("facts", "jsonl")]}
    files |= {"passages": tmp / "passages.jsonl", "corpus": tmp / "corpus.jsonl"}
    files["events"].write_text(EVENTS, encoding="utf-8")
    files["facts"].write_text("".join(json.dumps(f) + "\n" for f in FACTS), encoding="utf-8")
    files["passages"].write_text("".join(json.dumps(p) + "\n" for p in PASSAGES), encoding="utf-8")
    files["corpus"].write_text(json.dumps(CORPUS) + "\n", encoding="utf-8")
    opts = IngestOptions(embedder=embedder, progress=False, rejects_dir=tmp)
    summaries = [
        ingest_tkg_file(store, files["events"], source="events", options=opts),
        ingest_facts(store, files["facts"], source="facts", options=opts),
        ingest_passages(store, files["passages"], source="passages", options=opts),
        ingest_corpus(store, files["corpus"], source="corpus", options=opts).documents,
    ]
    assert [(s.written, s.rejected, s.embedded) for s in summaries] == [(3, 0, 3), (3, 0, 3), (3, 0, 3), (3, 0, 2)]
    store.run_auto("CALL db.awaitIndexes(60)")
    yield Graph(store, embedder, files)


def by_key(r: Retrieval) -> dict[str, Evidence]:
    return {e.key: e for e in r.evidence}


def test_vector_returns_events_and_facts_with_their_fields(graph: Graph) -> None:
    r = graph.retriever("vector").retrieve("Which office did Barack Obama hold?", k=10)
    assert r.notes == [] and r.constraints == ()
    items = by_key(r)
    assert set(items) == set(graph.event_keys.values()) | set(graph.fact_keys.values())
    assert r.evidence[0].key == graph.fact_keys["Q76"]  # the question names only this fact
    assert [e.score for e in r.evidence] == sorted((e.score for e in r.evidence), reverse=True)

    visit = items[graph.event_keys["Angela_Merkel"]]
    assert (visit.kind, visit.source, visit.span) == (ItemKind.EVENT, "events", TimeSpan.parse("2014-03-10"))
    assert dict(visit.fields) == {
        "subject": "Angela_Merkel",
        "relation": "Make_a_visit",
        "object": "France",
        "subject_name": "Angela Merkel",
        "object_name": "France",
    }
    assert visit.is_statement and 0.0 < visit.score <= 1.0

    obama = items[graph.fact_keys["Q76"]]
    assert (obama.kind, obama.source) == (ItemKind.FACT, "facts")
    assert obama.span == TimeSpan(date(2009, 1, 20), date(2017, 1, 20), Granularity.DAY)
    assert {k: v for k, v in obama.fields.items() if k != "qualifiers"} == {
        "subject": "Q76",
        "relation": "position held",
        "object": "Q11696",
        "subject_name": "Barack Obama",
        "object_name": "President of the United States",
        "relation_id": "P39",
    }
    # the start/end time qualifiers became the span; the other two stay qualifiers, an entity one by its name
    assert sorted(obama.fields["qualifiers"], key=by_predicate) == OBAMA_QUALIFIERS
    assert obama.text.startswith("Barack Obama position held President of the United States")

    nairobi = items[graph.fact_keys["Q3870"]]
    assert (nairobi.kind, nairobi.object, nairobi.span) == (ItemKind.FACT, "+4397073", TimeSpan.parse("2019"))
    assert (nairobi.subject_name, nairobi.object_name) == ("Nairobi", "+4397073")  # a literal object has no name
    assert nairobi.fields["qualifiers"] == [{"predicate": "determination method", "value": "census"}]
    merkel = items[graph.fact_keys["Q567"]]
    assert merkel.fields["qualifiers"] == [{"predicate": "replaces", "value": "Gerhard Schroeder"}]


def test_vector_with_a_constraint_and_kind_selection(graph: Graph) -> None:
    question = "Who visited or hosted Angela Merkel?"
    during_2014 = TemporalConstraint.in_period("2014")
    # vector ignores the constraint and says so; vector+tc applies it: the three 2014 events and the two terms of
    # office that overlap 2014 (Obama 2009..2017, Merkel 2005..2021), not Nairobi's 2019 population
    ignored = graph.retriever("vector").retrieve(question, k=10, constraint=during_2014)
    assert len(ignored.evidence) == 6 and ignored.constraints == ()
    assert ignored.notes == ["vector does not apply temporal constraints (ignored: during 2014)"]
    applied = graph.retriever("vector+tc").retrieve(question, k=10, constraint=during_2014)
    terms = {graph.fact_keys["Q76"], graph.fact_keys["Q567"]}
    assert set(by_key(applied)) == set(graph.event_keys.values()) | terms
    assert applied.constraints == (during_2014,) and applied.notes == []
    # every constraint must hold: during 2014 and before 2014-05 (ends before May): only the March visit
    both = RetrievalRequest.of(question, 10, [during_2014, TemporalConstraint.before("2014-05")])
    assert graph.retriever("vector+tc").retrieve(both).keys == [graph.event_keys["Angela_Merkel"]]
    # during 2010 and after 2008 (starts 2009 or later): Obama's term (from 2009-01-20), not Merkel's (from 2005)
    both = RetrievalRequest.of(question, 10, [TemporalConstraint.in_period("2010"), TemporalConstraint.after("2008")])
    assert graph.retriever("vector+tc").retrieve(both).keys == [graph.fact_keys["Q76"]]

    # kinds: only facts; a kind the method never returns gives nothing, with a note
    facts_only = graph.retriever("vector").retrieve(RetrievalRequest.of(question, 10, kinds=[ItemKind.FACT]))
    assert {e.kind for e in facts_only.evidence} == {ItemKind.FACT}
    assert set(by_key(facts_only)) == set(graph.fact_keys.values())
    passages = graph.retriever("vector").retrieve(RetrievalRequest.of(question, 10, kinds=[ItemKind.PASSAGE]))
    assert passages.evidence == []
    assert passages.notes == ["vector returns event, fact, none of the kinds asked for (passage)"]


def test_kind_selection_keeps_k_items_of_the_wanted_kind(graph: Graph) -> None:
    # The three events read much more like this question than the facts; two facts are wanted and three exist.
    r = graph.retriever("vector").retrieve(
        RetrievalRequest.of("Citizens of Kenya protested violently against the police", 2, kinds=[ItemKind.FACT])
    )
    assert len(r.evidence) == 2


def test_passage_vector_items_and_constraints(graph: Graph) -> None:
    question = "When was the Treaty of Versailles signed?"
    r = graph.retriever("passage-vector").retrieve(question, k=10)
    items = by_key(r)
    assert set(items) == set(graph.passage_keys.values())
    assert r.evidence[0].key == graph.passage_keys["Treaty of Versailles"]
    assert {e.kind for e in r.evidence} == {ItemKind.PASSAGE}

    versailles = items[graph.passage_keys["Treaty of Versailles"]]
    assert versailles.title == "Treaty of Versailles" and versailles.source == "passages"
    assert versailles.span == TimeSpan.day(date(1919, 6, 28))
    assert versailles.fields["dates"] == ["1919-06-28"]
    assert versailles.text == PASSAGES[0]["text"]
    nairobi = items[graph.passage_keys["Nairobi"]]
    assert (nairobi.span.start, nairobi.span.end) == (date(1963, 1, 1), date(1979, 12, 31))
    assert nairobi.fields["dates"] == ["1963", "1970..1979"]
    mountain = items[graph.passage_keys["Mount Kenya"]]
    assert not mountain.has_time and dict(mountain.fields) == {"title": "Mount Kenya"}

    # +tc: "during 1919" keeps Versailles and the dateless passage (it may hold at any time); "before 1950" only
    # Versailles (a dateless passage is never certainly before anything); the plain method ignores it, with a note
    during_1919 = TemporalConstraint.in_period("1919")
    tc = graph.retriever("passage-vector+tc")
    assert set(by_key(tc.retrieve(question, k=10, constraint=during_1919))) == {
        graph.passage_keys["Treaty of Versailles"],
        graph.passage_keys["Mount Kenya"],
    }
    before_1950 = tc.retrieve(question, k=10, constraint=TemporalConstraint.before("1950"))
    assert before_1950.keys == [graph.passage_keys["Treaty of Versailles"]]
    assert before_1950.constraints == (TemporalConstraint.before("1950"),) and before_1950.notes == []
    in_1970 = tc.retrieve(question, k=10, constraint=TemporalConstraint.in_period("1970"))  # inside Nairobi's hull
    assert set(in_1970.keys) == {graph.passage_keys["Nairobi"], graph.passage_keys["Mount Kenya"]}
    ignored = graph.retriever("passage-vector").retrieve(question, k=10, constraint=during_1919)
    assert len(ignored.evidence) == 3 and ignored.constraints == ()
    assert ignored.notes == ["passage-vector does not apply temporal constraints (ignored: during 1919)"]


def test_chunk_items_through_the_chunk_index(graph: Graph) -> None:
    chunks = VectorRetriever(graph.store, graph.embedder, VectorConfig(label="Chunk"), name="chunk-vector")
    r = chunks.retrieve("Which valley runs through Kenya?", k=10)
    assert r.keys == ["kenya-geo#rift", "kenya-geo#coast"]
    rift = r.evidence[0]
    assert rift.kind is ItemKind.CHUNK and not rift.has_time and rift.source == "corpus"
    assert dict(rift.fields) == {"title": "Geography of Kenya", "document": "kenya-geo", "position": 1}
    # chunks have no time: any "during" keeps them, a "before" none
    assert len(chunks.retrieve("Kenya", 10, TemporalConstraint.in_period("1999")).evidence) == 2
    filtered = VectorRetriever(
        graph.store, graph.embedder, VectorConfig(label="Chunk", apply_constraints=True), name="chunk-vector+tc"
    )
    assert filtered.retrieve("Kenya", 10, TemporalConstraint.before("1999")).evidence == []


def test_item_keys_are_the_keys_ingestion_wrote(graph: Graph) -> None:
    label = {ItemKind.EVENT: "Event", ItemKind.FACT: "Event", ItemKind.PASSAGE: "Passage", ItemKind.CHUNK: "Chunk"}
    items = [
        *graph.retriever("vector").retrieve("Kenya", k=10).evidence,
        *graph.retriever("passage-vector").retrieve("Kenya", k=10).evidence,
        *VectorRetriever(graph.store, graph.embedder, VectorConfig(label="Chunk")).retrieve("Kenya", k=10).evidence,
    ]
    assert len(items) == 6 + 3 + 2
    for e in items:
        (row,) = graph.store.run(f"MATCH (n:{label[e.kind]} {{key: $key}}) RETURN n.text AS text", {"key": e.key})
        assert row["text"] == e.text
    assert {e.key for e in items if e.kind is ItemKind.EVENT} == set(graph.event_keys.values())
    assert {e.key for e in items if e.kind is ItemKind.FACT} == set(graph.fact_keys.values())
    assert {e.key for e in items if e.kind is ItemKind.PASSAGE} == set(graph.passage_keys.values())
    assert {e.key for e in items if e.kind is ItemKind.CHUNK} == {"kenya-geo#coast", "kenya-geo#rift"}


def test_prompt_shows_qualifiers_and_titles(graph: Graph) -> None:
    question = "Which office did Barack Obama hold?"
    facts = graph.retriever("vector").retrieve(RetrievalRequest.of(question, 10, kinds=[ItemKind.FACT]))
    passages = graph.retriever("passage-vector").retrieve(question, k=10)
    evidence = facts.evidence + passages.evidence
    messages = load_template("star_rag").render(question, evidence)
    user = messages[-1].content
    lines = user.split("Events:\n")[-1].split("\nQuestion:")[0].splitlines()
    assert len(lines) == len(evidence)
    keys = [e.key for e in evidence]

    def line_of(key: str) -> str:
        rank = keys.index(key) + 1
        line = lines[rank - 1]
        assert line.startswith(f"{rank}. ")
        return line.removeprefix(f"{rank}. ")

    # a fact: its statement with entity names (not Wikidata ids), its validity, then its qualifiers in parentheses
    obama = line_of(graph.fact_keys["Q76"])
    assert obama.startswith("Barack Obama position held President of the United States @ 2009-01-20..2017-01-20 (")
    assert obama.endswith(")")
    shown = obama.split(" (", 1)[1].removesuffix(")").split("; ")
    assert sorted(shown) == ["elected in: 2008 United States presidential election", "series ordinal: 44"]
    assert line_of(graph.fact_keys["Q3870"]) == "Nairobi population +4397073 @ 2019 (determination method: census)"
    # a passage: its title before a text that does not begin with it
    assert line_of(graph.passage_keys["Treaty of Versailles"]) == "Treaty of Versailles: " + PASSAGES[0]["text"]
    assert line_of(graph.passage_keys["Mount Kenya"]) == PASSAGES[2]["text"]  # its text begins with its title
    assert user.endswith(f"Question:\n{question}")


def test_prompt_names_the_entities_of_a_fact(graph: Graph) -> None:
    question = "Which office did Barack Obama hold?"
    r = graph.retriever("vector").retrieve(RetrievalRequest.of(question, 10, kinds=[ItemKind.FACT]))
    user = load_template("star_rag").render(question, r.evidence)[-1].content
    assert ". Barack Obama position held President of the United States @ 2009-01-20..2017-01-20 (" in user


def cli_env(settings: Settings) -> dict[str, str]:
    return {
        "TKGRAG_INSTANCE": settings.server.instance,
        "TKGRAG_BOLT_PORT": str(settings.server.bolt_port),
        "TKGRAG_HTTP_PORT": str(settings.server.http_port),
        "TKGRAG_NO_PROGRESS": "1",
    }


def retrieve_cli(settings: Settings, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["retrieve", *args, "--json"], env=cli_env(settings))
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.output)
    return doc


def test_retrieve_cli_json_prints_item_kinds(graph: Graph, neo4j_settings: Settings) -> None:
    question = "When was the Treaty of Versailles signed?"
    doc = retrieve_cli(neo4j_settings, question, "--method", "passage-vector", "--k", "2")
    assert doc["method"] == "passage-vector" and doc["question"] == question and doc["notes"] == []
    (first, second) = doc["evidence"]
    assert first == {
        "kind": "passage",
        "key": graph.passage_keys["Treaty of Versailles"],
        "text": PASSAGES[0]["text"],
        "score": first["score"],
        "span": "1919-06-28",
        "valid_from": "1919-06-28",
        "valid_to": "1919-06-28",
        "granularity": "day",
        "source": "passages",
        "fields": {"title": "Treaty of Versailles", "dates": ["1919-06-28"]},
    }
    assert second["kind"] == "passage" and first["score"] >= second["score"]

    ignored = retrieve_cli(neo4j_settings, question, "--method", "passage-vector", "--during", "1919")
    assert ignored["constraints"] == []
    assert ignored["notes"] == ["passage-vector does not apply temporal constraints (ignored: during 1919)"]
    applied = retrieve_cli(neo4j_settings, question, "--method", "passage-vector+tc", "--before", "1950")
    assert applied["constraints"] == ["before 1950"]
    assert [e["key"] for e in applied["evidence"]] == [graph.passage_keys["Treaty of Versailles"]]
    facts = retrieve_cli(neo4j_settings, "Obama", "--method", "vector", "--kind", "fact", "--k", "10")
    assert sorted(e["kind"] for e in facts["evidence"]) == ["fact"] * 3
    (obama,) = [e for e in facts["evidence"] if e["key"] == graph.fact_keys["Q76"]]
    assert sorted(obama["fields"]["qualifiers"], key=by_predicate) == OBAMA_QUALIFIERS
