"""Read-only Cypher for agents (the MCP ``cypher`` tool): parameters apart from the text, a read transaction (the
server refuses any write in it), a row cap and a server-side transaction timeout.

A read transaction still lets a procedure change state that is not the graph: GDS keeps its projections in memory,
and ``gds.graph.drop`` is a READ-mode procedure. So calls into ``gds.*`` and ``dbms.*`` are refused by name, apart
from the few that only report.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, LiteralString, cast

from neo4j import READ_ACCESS, ManagedTransaction, unit_of_work
from neo4j.exceptions import Neo4jError

from tkgrag.errors import StoreError
from tkgrag.service.convert import to_jsonable
from tkgrag.store import Store

MAX_ROWS = 1000
MAX_TIMEOUT_S = 60.0
_PROCEDURE = re.compile(r"\b(?:CALL\s+)?`?(gds|dbms)`?\s*\.\s*([\w.`]+)", re.IGNORECASE)
_ALLOWED = {"gds.version", "gds.graph.list", "dbms.components"}


@dataclass(frozen=True)
class CypherResult:
    columns: list[str]
    rows: list[dict[str, Any]]
    truncated: bool
    elapsed_ms: float


def check_query(query: str) -> None:
    """Refuse what a read transaction would let through but an agent must not do (see the module docstring)."""
    if not query.strip():
        raise ValueError("query: empty Cypher")
    for m in _PROCEDURE.finditer(query):
        name = f"{m.group(1)}.{m.group(2)}".replace("`", "").lower()
        if name not in _ALLOWED:
            raise ValueError(
                f"query: procedure {name} is not allowed in read-only Cypher (allowed: {', '.join(sorted(_ALLOWED))})"
            )


def run_read_only(
    store: Store, query: str, params: dict[str, Any] | None = None, *, max_rows: int = 100, timeout_s: float = 10.0
) -> CypherResult:
    check_query(query)
    max_rows = max(1, min(int(max_rows), MAX_ROWS))
    timeout_s = max(0.1, min(float(timeout_s), MAX_TIMEOUT_S))
    t0 = time.perf_counter()

    @unit_of_work(timeout=timeout_s)  # the server ends the transaction after it
    def work(tx: ManagedTransaction) -> tuple[list[str], list[dict[str, Any]], bool]:
        result = tx.run(cast(LiteralString, query), dict(params or {}))
        rows: list[dict[str, Any]] = []
        truncated = False
        for record in result:
            if len(rows) == max_rows:
                truncated = True
                break
            rows.append(to_jsonable(record.data()))
        return list(result.keys()), rows, truncated

    try:
        with store.driver.session(database=store.database, default_access_mode=READ_ACCESS) as session:
            columns, rows, truncated = session.execute_read(work)
    except Neo4jError as exc:
        raise StoreError(f"Neo4j refused the query: {exc.message or exc}") from None
    return CypherResult(columns, rows, truncated, round((time.perf_counter() - t0) * 1000, 1))
