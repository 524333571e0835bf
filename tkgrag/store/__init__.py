"""Access to Neo4j: connection and sessions, schema, and batched parameterised writes.

``connect`` lives here rather than in ``connection`` because it applies the schema, and ``schema`` needs ``Store``:
both modules stay one-way (``schema`` -> ``connection``), with no cycle.
"""

from __future__ import annotations

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable

from tkgrag.config import Settings, load_settings
from tkgrag.errors import StoreError
from tkgrag.store.connection import Store, resolve_connection
from tkgrag.store.schema import apply_schema

__all__ = ["Store", "connect"]


def connect(settings: Settings | None = None, *, start_managed: bool = True, ensure_schema: bool = True) -> Store:
    """Connect to the configured server and (by default) apply the schema once."""
    settings = settings or load_settings()
    uri, auth = resolve_connection(settings, start_managed=start_managed)
    # Unknown-property notices (an empty database) and id() deprecation notices would flood the log; the test
    # suite runs against the pinned server version instead.
    driver = GraphDatabase.driver(uri, auth=auth, notifications_disabled_categories=["UNRECOGNIZED", "DEPRECATION"])
    try:
        driver.verify_connectivity()
    except AuthError:
        driver.close()
        raise StoreError(
            f"Authentication to {uri} failed for user '{auth[0]}'. Check NEO4J_USERNAME/NEO4J_PASSWORD."
        ) from None
    except (ServiceUnavailable, OSError) as exc:
        driver.close()
        raise StoreError(f"Cannot reach Neo4j at {uri}: {exc}. Is the server running?") from None
    store = Store(driver=driver, database=settings.neo4j_database, settings=settings, uri=uri)
    if ensure_schema:
        apply_schema(store)
    return store
