"""The 30 questions of the companies example against two real servers: their exact answers are the source's (the
gold solver on the rows as they were and as they are), and what the store answers as of a record time before the
change is exactly what it answered then (answers and evidence), while now it answers from the changed source."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.integration.companies_example import change, gold, load_source, mapping_for, questions, source_records
from tkgrag.api import TKGRag
from tkgrag.config import Settings
from tkgrag.ingest.mapped.sync import sync_mapped
from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.store import Store, connect


@pytest.fixture(scope="module")
def source(source_neo4j_settings: Settings) -> Iterator[Store]:
    store = connect(source_neo4j_settings)
    yield store
    store.close()


def test_the_exact_answers_are_the_sources(source: Store, tmp_path: Path) -> None:
    load_source(source)
    mapping = mapping_for(source, tmp_path)
    qs = questions()
    assert len(qs) == 30
    before = source_records(mapping)
    assert [gold(q, before) for q in qs] == [sorted(q["answers_before"]) for q in qs]
    change(source)
    after = source_records(mapping)
    assert [gold(q, after) for q in qs] == [sorted(q["answers_after"]) for q in qs]
    assert sum(q["answers_before"] != q["answers_after"] for q in qs) == 4


def ask_all(rag: TKGRag, as_of: datetime | None = None) -> list[tuple[list[str], list[str]]]:
    out = []
    for q in questions():
        a = rag.ask(q["question"], method="vector+tc", as_of=as_of)
        out.append(([c.text for c in a.answers], [e.key for e in a.retrieval.evidence]))
    return out


def test_as_of_answers_are_what_the_store_answered_then(
    store: Store,
    source: Store,
    embedder,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    load_source(source)
    mapping = mapping_for(source, tmp_path)
    opts = IngestOptions(progress=False, embedder=embedder)
    sync_mapped(store, mapping, options=opts)
    rag = TKGRag(store, embedder)
    then = ask_all(rag)
    # Every question right at rank 1, by NAME (the graph's keys are "barker", "piedpiper"): the role questions' title
    # ("CEO of Pied Piper") is the relation Serve_as_CEO_of and the company the entity; "current" is today.
    assert [a[:1] for a, _ in then] == [q["answers_before"][:1] for q in questions()]
    between = datetime.now(UTC)
    change(source)
    sync_mapped(store, mapping, options=opts)
    sync_mapped(store, mapping, full=True, options=opts)

    assert ask_all(rag, between) == then  # 30 of 30: the same answers from the same evidence keys
    now = ask_all(rag)
    closed = {r["key"] for r in store.run("MATCH (e:Event) WHERE e.recorded_to IS NOT NULL RETURN e.key AS key")}
    assert len(closed) == 6
    assert all(not closed & set(keys) for _, keys in now)  # nothing a sync closed is retrieved now
    assert any(closed & set(keys) for _, keys in then)  # ... and some of it was, before
    by_id = {q["id"]: i for i, q in enumerate(questions())}
    nov = by_id["c29"]  # "Who was CEO of Pied Piper in November 2026?": the role ended and another began
    # what changed is visible in the answer and the evidence: the closed role is retrieved as of then and not now.
    assert then[nov][0][:1] == ["Dinesh Chugtai"] and now[nov][0][:1] == ["Monica Hall"]
    assert closed & set(then[nov][1]) and not closed & set(now[nov][1])
