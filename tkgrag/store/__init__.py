"""Access to Neo4j: connection and sessions, schema, and batched parameterised writes.

``connect`` lives here rather than in ``connection`` because it applies the schema, and ``schema`` needs ``Store``:
both modules stay one-way (``schema`` -> ``connection``), with no cycle.
"""

from __future__ import annotations

import logging
import time

from neo4j import Driver, GraphDatabase
from neo4j.exceptions import AuthError, ClientError, ServiceUnavailable

from tkgrag.config import Settings, load_settings
from tkgrag.errors import StoreError
from tkgrag.server.login_lock import AUTH_LOCK_WAIT_S, RATE_LIMITED
from tkgrag.store.connection import Store, resolve_connection
from tkgrag.store.schema import apply_schema

__all__ = ["Store", "connect"]

# The driver logs a broken connection at ERROR ("Failed to read from defunct connection ...") before it raises; with no
# logging configured, Python prints that to stderr, ahead of tkgrag's own message for the same event. A NullHandler
# keeps it off stderr (the library convention) and still lets an application's logging configuration receive it.
logging.getLogger("neo4j").addHandler(logging.NullHandler())


def _verify(driver: Driver, uri: str) -> None:
    """verify_connectivity, waiting out Neo4j's login lock once (a wrong password elsewhere must not look like a
    broken server here)."""
    try:
        driver.verify_connectivity()
    except ClientError as exc:
        if exc.code != RATE_LIMITED:
            raise
        time.sleep(AUTH_LOCK_WAIT_S)
        try:
            driver.verify_connectivity()
        except ClientError as again:
            if again.code != RATE_LIMITED:
                raise
            raise StoreError(
                f"Neo4j at {uri} refuses logins for now: some client gave a wrong password 3 times in a row "
                f"(AuthenticationRateLimit). tkgrag waited {AUTH_LOCK_WAIT_S:.0f} s and retried once. The server is "
                "fine: find the client with the wrong password, wait a few seconds and retry."
            ) from None


def connect(settings: Settings | None = None, *, start_managed: bool = True, ensure_schema: bool = True) -> Store:
    """Connect to the configured server and (by default) apply the schema once."""
    settings = settings or load_settings()
    uri, auth = resolve_connection(settings, start_managed=start_managed)
    # Unknown-property notices (an empty database) and id() deprecation notices would flood the log; the test
    # suite runs against the pinned server version instead. SCHEMA: applying the schema on every connect would log
    # one IndexOrConstraintAlreadyExists notice per index at INFO (23 lines), though nothing is wrong.
    # TKGRAG_NEO4J_RETRY_TIMEOUT caps how long a call waits for a server that went away. The driver starts a retry
    # while less than max_transaction_retry_time has passed, and its back-off doubles (1, 2, 4, 8, 16 s, jittered),
    # so the last sleep can take the total to twice that (measured: 54.5 s for 30 against a closed port): half the
    # bound keeps the whole wait within it.
    wait = settings.neo4j_retry_timeout_s
    driver = GraphDatabase.driver(
        uri,
        auth=auth,
        notifications_disabled_categories=["UNRECOGNIZED", "DEPRECATION", "SCHEMA"],
        max_transaction_retry_time=wait / 2,
        connection_acquisition_timeout=wait,
        connection_timeout=min(wait, 30.0),
    )
    try:
        _verify(driver, uri)
    except AuthError:
        driver.close()
        raise StoreError(
            f"Authentication to {uri} failed for user '{auth[0]}'. Check NEO4J_USERNAME/NEO4J_PASSWORD."
        ) from None
    except (ServiceUnavailable, OSError) as exc:
        driver.close()
        raise StoreError(f"Cannot reach Neo4j at {uri}: {exc}. Is the server running?") from None
    except StoreError:
        driver.close()
        raise
    store = Store(driver=driver, database=settings.neo4j_database, settings=settings, uri=uri)
    if ensure_schema:
        apply_schema(store)
    return store
