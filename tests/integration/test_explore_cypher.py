"""Every query of cypher/explore.cypher runs on the bundled samples, with the file's own :param values."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tkgrag.explore import parse_explore
from tkgrag.ingest.formats.run import ingest_corpus, ingest_facts, ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
EXPLORE = REPO / "cypher" / "explore.cypher"
DATA = REPO / "tkgrag" / "data"


def test_parser_sees_params_and_queries() -> None:
    explore = parse_explore(EXPLORE.read_text(encoding="utf-8"))
    assert {"entity", "from", "to", "chunk", "passage", "as_of"} <= explore.params.keys()
    assert len(explore.queries) >= 20 and all(q.comment for q in explore.queries)
    assert all(s.title and s.queries for s in explore.sections)
    used = {p for q in explore.queries for p in re.findall(r"\$(\w+)", q.text)}
    assert used <= explore.params.keys(), f"parameters without a :param line: {used - explore.params.keys()}"


@pytest.fixture
def sample_graph(store: Store, tmp_path: Path, embedder: Any) -> Store:
    options = IngestOptions(progress=False, rejects_dir=tmp_path, embedder=embedder, batch_size=200)
    assert ingest_facts(store, DATA / "facts_sample.jsonl", options=options).rejected == 0
    corpus = ingest_corpus(store, DATA / "corpus_sample.jsonl", DATA / "corpus_edges_sample.tsv", options=options)
    assert corpus.documents.rejected == 0 and corpus.references is not None and corpus.references.rejected == 0
    assert ingest_passages(store, DATA / "passages_sample.jsonl", options=options).rejected == 0
    return store


def test_every_explore_query_runs_on_the_samples(sample_graph: Store) -> None:
    store = sample_graph
    explore = parse_explore(EXPLORE.read_text(encoding="utf-8"))
    # Evaluate each :param expression on the server, as Browser does (date('...'), datetime()).
    values = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in explore.params.items()}
    empty = []
    for q in explore.queries:
        rows = store.run(q.text, values)
        if not rows and not q.may_be_empty:
            empty.append(q.comment[:80])
    assert not empty, f"queries that returned nothing on the samples: {empty}"


BROWSER_PARAMS = REPO / "cypher" / "browser-params.cypher"


def test_the_guides_store_derived_params_fall_back_to_the_samples_and_find_rows(store: Store, tmp_path: Path,
                                                                                embedder: Any) -> None:  # fmt: skip
    explore = parse_explore(EXPLORE.read_text(encoding="utf-8"))
    derived = parse_explore(BROWSER_PARAMS.read_text(encoding="utf-8")).params
    assert list(derived) == list(explore.params)  # the same names, in the same order
    # An empty store: every value is the samples' (as_of is "now" in both).
    fallback = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in derived.items() if name != "as_of"}
    assert fallback == {n: store.run(f"RETURN {e} AS v")[0]["v"] for n, e in explore.params.items() if n != "as_of"}
    # A store with other data than the samples' keys: the values come from it, and the queries find rows.
    options = IngestOptions(progress=False, rejects_dir=tmp_path, embedder=embedder, batch_size=200)
    ingest_facts(store, DATA / "facts_sample.jsonl", options=options)
    ingest_corpus(store, DATA / "corpus_sample.jsonl", DATA / "corpus_edges_sample.tsv", options=options)
    ingest_passages(store, DATA / "passages_sample.jsonl", options=options)
    values = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in derived.items()}
    empty = [q.comment[:80] for q in explore.queries if not store.run(q.text, values) and not q.may_be_empty]
    assert not empty, f"queries that returned nothing with the store-derived values {values}: {empty}"
