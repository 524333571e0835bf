"""``rag.ingest(...)`` from Python against the real server: record objects and a pandas DataFrame go through the
ingestion pipeline (rejects with the item/row and the field, idempotence, the run ledger), the DataFrame as a mapped
source with record time (a changed row closes its old version), and the async facade does the same."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from tkgrag.aio import AsyncTKGRag
from tkgrag.api import TKGRag
from tkgrag.client import Client
from tkgrag.config import Settings
from tkgrag.errors import TkgragError
from tkgrag.ingest.mapped.sync import SyncSummary
from tkgrag.ingest.pipeline import IngestSummary
from tkgrag.queries import mapped as qm
from tkgrag.queries.temporal_filter import constraint_params, temporal_filter
from tkgrag.service.engine import Engine, EngineLimits
from tkgrag.service.http import create_app
from tkgrag.service.ops import ServiceInfo
from tkgrag.service.requests import RequestLimits
from tkgrag.sources.records import EventRecord, PassageRecord, Qualifier, SourceRef
from tkgrag.store import Store
from tkgrag.temporal import TimeSpan

REF = SourceRef("mine")


def ev(s: str, r: str, o: str, day: date, **kw: Any) -> EventRecord:
    return EventRecord(s, r, o, TimeSpan.day(day), source="ignored", ref=REF, **kw)


def rejects(path: str | None) -> list[dict[str, Any]]:
    assert path is not None
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


def test_events_facts_and_passages_from_objects(store: Store, embedder: Any) -> None:
    rag = TKGRag(store, embedder)
    events = [
        ev("Iran", "Consult", "Oman", date(2014, 5, 2)),
        ev("", "Consult", "Oman", date(2014, 5, 3)),  # item 1: no subject
        ev("Oman", "Host", "Iran", date(2014, 6, 1)),
    ]
    first = rag.ingest(events, source="py-events", embed=False)
    assert isinstance(first, IngestSummary)
    assert (first.read, first.written, first.duplicates, first.rejected) == (3, 2, 0, 1)
    bad = rejects(first.rejects_path)
    assert [(b["item"], b["field"], b["reason"]) for b in bad] == [(1, "subject", "subject is empty")]
    assert bad[0]["file"] == "<python py-events>"
    rows = store.run("MATCH (e:Event) RETURN e.source AS source, e.text AS text ORDER BY e.text")
    assert [r["source"] for r in rows] == ["py-events", "py-events"]  # the name given here, not the records'
    again = rag.ingest(events, source="py-events", embed=False)  # idempotent: nothing new
    assert (again.written, again.duplicates, again.rejected) == (0, 2, 1)
    assert store.run("MATCH (e:Event) RETURN count(e) AS n")[0]["n"] == 2

    fact = ev("Ada", "Position_held", "Chair", date(2001, 1, 1), qualifiers=(Qualifier("of", "Acme", is_entity=True),))
    facts = rag.ingest([fact], source="py-facts", embed=True)
    assert (facts.read, facts.written, facts.embedded) == (1, 1, 1)
    q = store.run("MATCH (e:Event {source: 'py-facts'})-[:QUALIFIER]->(x) RETURN x.key AS key")
    assert [r["key"] for r in q] == ["Acme"]

    passages = [
        PassageRecord(key="p1", title="Ada", text="Ada chaired Acme from March 2001 to 2004.", ref=REF, source="x"),
        PassageRecord(key="p2", title="Empty", text="   ", ref=REF, source="x"),
    ]
    got = rag.ingest(passages, source="py-passages", embed=False)
    assert (got.read, got.written, got.rejected) == (2, 1, 1)
    assert [(b["item"], b["field"]) for b in rejects(got.rejects_path)] == [(1, "text")]
    stored = store.run("MATCH (p:Passage {key: 'p1'}) RETURN p.source AS source")
    assert stored == [{"source": "py-passages"}]


def test_wrong_objects_are_rejected_or_refused(store: Store, embedder: Any) -> None:
    rag = TKGRag(store, embedder)
    mixed = rag.ingest([ev("a", "r", "b", date(2020, 1, 1)), {"subject": "a"}], source="py-mixed", embed=False)
    assert (mixed.written, mixed.rejected) == (1, 1)
    assert "expected EventRecord" in rejects(mixed.rejects_path)[0]["reason"]
    with pytest.raises(TkgragError, match="pandas DataFrame"):
        rag.ingest("a file name?", source="x", embed=False)
    with pytest.raises(TkgragError, match="kind must be one of"):
        rag.ingest([], source="x", kind="tables", embed=False)
    with pytest.raises(TkgragError, match="needs columns="):
        rag.ingest(pd.DataFrame({"a": [1]}), source="x", embed=False)


COLUMNS = {"key": "id", "subject": "who", "relation": "what", "object": "org", "valid_from": "start", "valid_to": "end"}


def frame(rows: Sequence[tuple[str, str, str, str, str | None, str | None]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["id", "who", "what", "org", "start", "end"])


def test_a_dataframe_is_a_mapped_source_with_record_time(store: Store, embedder: Any) -> None:
    rag = TKGRag(store, embedder)
    rows: list[tuple[str, str, str, str, str | None, str | None]] = [
        ("1", "ada", "Work_at", "acme", "2001-02-03", "2004"),
        ("2", "bob", "Work_at", "acme", "2005-05", None),
        ("3", "cy", "Work_at", "globex", "2007-13-01", None),  # row 3: a month 13
    ]
    first = rag.ingest(frame(rows), source="py-frame", columns=COLUMNS, embed=False)
    assert isinstance(first, SyncSummary)
    assert (first.ingest.read, first.ingest.written, first.ingest.rejected, first.closed) == (3, 2, 1, 0)
    bad = rejects(first.ingest.rejects_path)
    assert [(b["item"], b["field"]) for b in bad] == [(3, "start")]
    same = rag.ingest(frame(rows), source="py-frame", columns=COLUMNS, embed=False)  # the same frame: no change
    assert (same.ingest.written, same.closed) == (0, 0)
    changed = [("1", "ada", "Work_at", "acme", "2001-02-03", "2005"), rows[1]]  # ada's end moved; cy gone
    sync = rag.ingest(frame(changed), source="py-frame", columns=COLUMNS, full=True, embed=False)
    assert (sync.ingest.written, sync.closed) == (1, 1)
    counts = store.run(qm.VERSION_COUNTS, {"source": "py-frame"})[0]
    assert counts == {"versions": 3, "current": 2, "items": 2}
    ends = store.run(
        "MATCH (e:Event {item_key: 'py-frame:1'}) RETURN e.version AS v, e.valid_to AS end, "
        "e.recorded_to IS NULL AS current ORDER BY v"
    )
    assert [(r["v"], str(r["end"]), r["current"]) for r in ends] == [(1, "2004-12-31", False), (2, "2005-12-31", True)]


def test_async_ingest_matches_the_facade(store: Store, embedder: Any) -> None:
    async def go() -> IngestSummary | SyncSummary:
        rag = AsyncTKGRag(TKGRag(store, embedder))
        try:
            return await rag.ingest([ev("Iran", "Consult", "Oman", date(2014, 5, 2))], source="py-async", embed=False)
        finally:
            await asyncio.to_thread(rag._pool.shutdown, True)

    got = asyncio.run(go())
    assert isinstance(got, IngestSummary)
    assert (got.read, got.written) == (1, 1)
    assert store.run("MATCH (e:Event {source: 'py-async'}) RETURN count(e) AS n")[0]["n"] == 1


def served(neo4j_settings: Settings, embedder: Any, *, allow: bool) -> TestClient:
    engine = Engine(lambda: TKGRag.connect(neo4j_settings, embedder=embedder), EngineLimits(workers=1, queue=1))
    info = ServiceInfo("test", "bolt://test", "vector", "symbolic", ingest=allow)
    return TestClient(create_app(engine, info, limits=RequestLimits(max_body_bytes=16384)))


def test_post_ingest_through_the_service_and_the_client(store: Store, neo4j_settings: Settings, embedder: Any) -> None:
    facts: list[dict[str, Any]] = [
        {"subject": "Iran", "predicate": "Consult", "object": "Oman", "point_in_time": "2014-05-02"},
        {"subject": "Iran", "predicate": "Consult", "object": "Oman", "point_in_time": "2014-13-02"},  # item 1
        {"subject": "Ada", "predicate": "Position_held", "object": "Chair", "start": "2001",
         "qualifiers": [{"predicate": "of", "value": "Acme", "type": "entity"}]},
    ]  # fmt: skip
    with served(neo4j_settings, embedder, allow=False) as http:
        r = http.post("/v1/ingest", json={"source": "api", "kind": "facts", "items": facts})
        assert r.status_code == 403 and "--allow-ingest" in r.json()["error"]
    with served(neo4j_settings, embedder, allow=True) as http:
        r = http.post("/v1/ingest", json={"source": "api", "kind": "facts", "items": facts, "embed": False})
        assert r.status_code == 200, r.text
        body = r.json()
        assert (body["read"], body["written"], body["rejected"]) == (3, 2, 1)
        assert [(x["item"], x["field"]) for x in body["rejects"]] == [(1, "point_in_time")]
        bad = http.post("/v1/ingest", json={"source": "a b", "kind": "tables", "items": []})
        assert bad.status_code == 422 and "source" in bad.json()["error"] and "kind" in bad.json()["error"]
        client = Client("http://testserver")
        client._http = http  # type: ignore[assignment]  # an httpx.Client on the real app, no socket
        passages = [{"id": "p1", "title": "Ada", "text": "Ada chaired Acme from March 2001 to 2004."}, {"id": "p2"}]
        got = client.ingest(passages, source="api-passages", kind="passages", embed=True)
        assert (got["written"], got["rejected"], got["embedded"]) == (1, 1, 1)
        assert got["rejects"][0]["item"] == 1 and got["rejects"][0]["field"] == "text"
        again = client.ingest(facts, source="api", embed=False)  # idempotent
        assert (again["written"], again["duplicates"]) == (0, 2)
    qualified = store.run("MATCH (e:Event {source: 'api'})-[:QUALIFIER]->(x) RETURN x.key AS key")
    assert [r["key"] for r in qualified] == ["Acme"]


def test_mapped_qualifiers_are_qualifier_edges_per_version(store: Store, embedder: Any) -> None:
    rag = TKGRag(store, embedder)
    cols = {"key": "id", "subject": "who", "object": "org", "valid_from": "start"}
    roles = pd.DataFrame([("1", "ada", "acme", "2001", "CEO")], columns=["id", "who", "org", "start", "title"])
    kw: dict[str, Any] = {"columns": cols, "constants": {"relation": "Work_at"}, "qualifiers": {"title": "title"}}
    rag.ingest(roles, source="py-roles", embed=False, **kw)
    roles.loc[0, "title"] = "Chair"  # the title changed at the source: a new version with its own qualifier
    rag.ingest(roles, source="py-roles", embed=False, **kw)
    rows = store.run(
        "MATCH (e:Event {item_key: 'py-roles:1'})-[q:QUALIFIER]->(v:Value) "
        "RETURN e.version AS version, q.predicate AS predicate, v.value AS value, e.qualifiers AS strings "
        "ORDER BY version"
    )
    assert rows == [
        {"version": 1, "predicate": "title", "value": "CEO", "strings": None},
        {"version": 2, "predicate": "title", "value": "Chair", "strings": None},
    ]
    item = store.run(
        "MATCH (n:Event {item_key: 'py-roles:1'}) WHERE n.recorded_to IS NULL "
        "RETURN [(n)-[q:QUALIFIER]->(v) | {predicate: q.predicate, value: toString(v.value)}] AS quals"
    )
    assert item == [{"quals": [{"predicate": "title", "value": "Chair"}]}]


def test_mapped_rows_into_passages_with_record_time(store: Store, embedder: Any) -> None:
    rag = TKGRag(store, embedder)
    cols = {"key": "id", "title": "name", "text": "bio"}
    rows = [
        ("1", "Ada", "Ada chaired Acme from March 2001 to 2004. She then joined Globex."),
        ("2", "Bob", "Bob founded Initech in 1999."),
        ("3", "Cy", "   "),  # row 3: no text
    ]
    bios = pd.DataFrame(rows, columns=["id", "name", "bio"])
    first = rag.ingest(bios, source="bios", kind="passages", columns=cols, embed=True)
    assert (first.ingest.read, first.ingest.written, first.ingest.rejected, first.ingest.embedded) == (3, 2, 1, 2)
    assert [(b["item"], b["field"]) for b in rejects(first.ingest.rejects_path)] == [(3, "bio")]
    assert first.ingest.derived["sentences"] == 3  # split as after `tkgrag ingest passages`
    ada = store.run("MATCH (p:Passage {item_key: 'bios:1'}) RETURN p.key AS key, p.dates AS dates, p.title AS title")
    assert ada == [{"key": "bios:1@1", "dates": ["2001-03", "2004"], "title": "Ada"}]
    when = store.run("MATCH (p:Passage {key: 'bios:1@1'}) RETURN p.recorded_from AS t")[0]["t"].to_native()
    changed = bios.iloc[:2].copy()
    changed.loc[0, "bio"] = "Ada chaired Acme from March 2001 to 2005."
    sync = rag.ingest(changed, source="bios", kind="passages", columns=cols, full=True, embed=False)
    assert (sync.ingest.written, sync.closed) == (1, 1)
    now = store.run(
        "MATCH (p:Passage {source: 'bios'}) WHERE "
        + temporal_filter("p", "Passage")
        + " RETURN p.key AS key ORDER BY key",
        constraint_params(),
    )
    assert [r["key"] for r in now] == ["bios:1@2", "bios:2@1"]
    then = store.run(
        "MATCH (p:Passage {source: 'bios'}) WHERE "
        + temporal_filter("p", "Passage")
        + " RETURN p.key AS key ORDER BY key",
        constraint_params((), when),
    )
    assert [r["key"] for r in then] == ["bios:1@1", "bios:2@1"]
    history = store.run(qm.HISTORY, {"key": "bios:1@2"})  # `tkgrag history` of a passage item
    assert [(h["key"], h["recorded_to"] is None) for h in history] == [("bios:1@1", False), ("bios:1@2", True)]
    with pytest.raises(TkgragError, match="output = passages maps only"):
        rag.ingest(bios, source="bios", kind="passages", columns={**cols, "subject": "name"}, embed=False)
