"""Hostile input against a real Neo4j (issue: hardening): one over-long name no longer blocks a file. Before, a
10,000-character entity name failed its whole batch with "Property value is too large to index", wrote none of
the good lines and no rejects file, and every re-run failed the same way."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from tkgrag.ingest.pipeline import IngestOptions
from tkgrag.ingest.tkg import ingest_tkg_file
from tkgrag.store import Store


def test_an_over_long_name_is_rejected_and_the_batch_is_written(store: Store, embedder: Any, tmp_path: Path) -> None:
    path = tmp_path / "long.tsv"
    good = [f"Actor {i}\tConsult\tJapan\t2014-01-{i + 1:02d}" for i in range(20)]
    bad = [f"{'x' * 10_000}\tConsult\tJapan\t2014-02-01", f"{'🙂' * 2100}\tConsult\tJapan\t2014-02-02"]
    path.write_text("\n".join(good[:10] + bad + good[10:]) + "\n", encoding="utf-8")
    rejects = tmp_path / "long.rejects.jsonl"
    opts = IngestOptions(embedder=embedder, progress=False, batch_size=1000, rejects_path=rejects)
    first = ingest_tkg_file(store, path, source="long", options=opts)
    assert (first.read, first.written, first.rejected) == (22, 20, 2)
    assert store.run("MATCH (e:Event {source: 'long'}) RETURN count(e) AS n")[0]["n"] == 20
    lines = [json.loads(x) for x in rejects.read_text().splitlines()]
    assert [(x["line"], x["field"]) for x in lines] == [(11, "subject"), (12, "subject")]
    again = ingest_tkg_file(store, path, source="long", options=opts)  # a re-run: nothing new, no failure
    assert (again.written, again.duplicates, again.rejected) == (0, 20, 2)
    assert store.run("MATCH (e:Event {source: 'long'}) RETURN count(e) AS n")[0]["n"] == 20


def test_connect_waits_out_the_login_lock_after_wrong_passwords(neo4j_settings: Any) -> None:
    """Three wrong logins from any client lock logins for ~5 s (AuthenticationRateLimit); connect waits and retries
    once instead of failing (or advising a restart of a healthy server)."""
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError

    from tkgrag.store import connect

    uri = f"bolt://127.0.0.1:{neo4j_settings.server.bolt_port}"
    for _ in range(3):
        with GraphDatabase.driver(uri, auth=("neo4j", "wrong-password")) as d, contextlib.suppress(AuthError):
            d.verify_connectivity()
    store = connect(neo4j_settings, ensure_schema=False)
    try:
        assert store.run("RETURN 1 AS one") == [{"one": 1}]
    finally:
        store.close()
