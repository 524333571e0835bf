"""Every query of cypher/explore.cypher runs on the bundled samples, with the file's own :param values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tkgrag.ingest.formats.run import ingest_corpus, ingest_facts, ingest_passages
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.store import Store

REPO = Path(__file__).resolve().parents[2]
EXPLORE = REPO / "cypher" / "explore.cypher"
DATA = REPO / "tkgrag" / "data"
_PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+)$", re.DOTALL)


@dataclass
class ExploreQuery:
    comment: str
    text: str

    @property
    def may_be_empty(self) -> bool:
        return "may be empty" in self.comment.lower()


def parse_explore(text: str) -> tuple[dict[str, str], list[ExploreQuery]]:
    """``:param name => expr`` lines and the queries (each with the comment lines above it), split on ``;`` at EOL."""
    params: dict[str, str] = {}
    queries: list[ExploreQuery] = []
    for chunk in re.split(r";[ \t]*(?:\n|$)", text):
        lines = chunk.strip().splitlines()
        comment = " ".join(ln.strip()[2:].strip() for ln in lines if ln.strip().startswith("//"))
        code = "\n".join(ln for ln in lines if ln.strip() and not ln.strip().startswith("//")).strip()
        if not code:
            continue
        m = _PARAM.match(code)
        if m:
            params[m.group(1)] = m.group(2).strip()
        else:
            queries.append(ExploreQuery(comment, code))
    return params, queries


def test_parser_sees_params_and_queries() -> None:
    params, queries = parse_explore(EXPLORE.read_text(encoding="utf-8"))
    assert {"entity", "from", "to", "chunk", "passage", "as_of"} <= params.keys()
    assert len(queries) >= 20 and all(q.comment for q in queries)
    used = {p for q in queries for p in re.findall(r"\$(\w+)", q.text)}
    assert used <= params.keys(), f"parameters without a :param line: {used - params.keys()}"


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
    params, queries = parse_explore(EXPLORE.read_text(encoding="utf-8"))
    # Evaluate each :param expression on the server, as Browser does (date('...'), datetime()).
    values = {name: store.run(f"RETURN {expr} AS v")[0]["v"] for name, expr in params.items()}
    empty = []
    for q in queries:
        rows = store.run(q.text, values)
        if not rows and not q.may_be_empty:
            empty.append(q.comment[:80])
    assert not empty, f"queries that returned nothing on the samples: {empty}"
