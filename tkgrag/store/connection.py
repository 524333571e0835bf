"""One place that turns settings into a connected driver: an external server or the managed instance."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, LiteralString, cast

from neo4j import Driver, Query
from neo4j.exceptions import Neo4jError

from tkgrag.config import Settings
from tkgrag.errors import StoreError


@dataclass
class Store:
    """A driver bound to one database. Queries come from ``tkgrag.queries``; parameters are always passed apart."""

    driver: Driver
    database: str
    settings: Settings
    uri: str
    _schema_checked: bool = field(default=False, repr=False)

    def run(self, query: str, params: Mapping[str, Any] | None = None, **kw: Any) -> list[dict[str, Any]]:
        """Run a read or write query in an auto-retried transaction and return its records as dicts."""
        return [r.data() for r in self._records(query, params, **kw)]

    def run_values(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """``run`` without ``Record.data()``'s recursive conversion of every value: ten times faster for rows that
        carry long lists (vectors, collected ids). Only for queries returning plain values, never nodes."""
        return [dict(r.items()) for r in self._records(query, params)]

    def _records(self, query: str, params: Mapping[str, Any] | None, **kw: Any) -> list[Any]:
        q = Query(cast(LiteralString, query))
        try:
            records, _, _ = self.driver.execute_query(q, parameters_=dict(params or {}), database_=self.database, **kw)
        except Neo4jError as exc:
            raise StoreError(f"Neo4j rejected a query: {exc.message or exc}") from exc
        return list(records)

    def run_auto(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run in an implicit transaction: needed for ``CALL { } IN TRANSACTIONS`` and schema statements."""
        with self.driver.session(database=self.database) as session:
            result = session.run(cast(LiteralString, query), dict(params or {}))
            return [r.data() for r in result]

    def close(self) -> None:
        self.driver.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def resolve_connection(settings: Settings, start_managed: bool = True) -> tuple[str, tuple[str, str]]:
    """URI and auth for the configured server; starts the managed instance if needed and allowed."""
    if not settings.managed:
        assert settings.neo4j_uri is not None and settings.neo4j_password is not None
        return settings.neo4j_uri, (settings.neo4j_username, settings.neo4j_password)

    from tkgrag.server import process
    from tkgrag.server.credentials import read_password
    from tkgrag.server.layout import InstanceLayout

    if start_managed and not process.status(settings).running:
        # one line before a wait of 20 s or more (a first start also assembles the jars): silence looked like a hang
        s = settings.server
        sys.stderr.write(
            f"tkgrag: starting the managed Neo4j instance '{s.instance}' (bolt port {s.bolt_port}); "
            "the first start of a session takes 20 s or more\n"
        )
        sys.stderr.flush()
    st = process.start(settings) if start_managed else process.status(settings)
    if not st.running:
        raise StoreError(
            f"The managed Neo4j instance '{settings.server.instance}' is not running. "
            "Start it with `tkgrag neo4j start`, or set NEO4J_URI/NEO4J_PASSWORD to use another server."
        )
    password = read_password(InstanceLayout.from_settings(settings).password_file)
    if password is None:
        raise StoreError("The managed instance has no password file; stop it and start it again with tkgrag.")
    return st.uri, ("neo4j", password)
