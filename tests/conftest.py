"""Test fixtures: a real Neo4j + GDS server started (or reused) for the session, a clean database per test.

The tests use their own managed instance ("test", Bolt 17687, HTTP 17474) so they never touch the user's data.
Override with TKGRAG_TEST_INSTANCE / TKGRAG_TEST_BOLT_PORT / TKGRAG_TEST_HTTP_PORT (e.g. to run two suites at once).
Nothing here mocks the database, the driver or GDS.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tkgrag.config import Settings, load_settings
from tkgrag.queries.admin import DELETE_ALL_NODES, GDS_GRAPH_DROP, GDS_GRAPH_NAMES
from tkgrag.server import process
from tkgrag.store import Store, connect

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "integration" in Path(str(item.fspath)).parts:
            item.add_marker(pytest.mark.integration)


def test_settings() -> Settings:
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    server = replace(
        base.server,
        instance=os.environ.get("TKGRAG_TEST_INSTANCE", "test"),
        bolt_port=int(os.environ.get("TKGRAG_TEST_BOLT_PORT", "17687")),
        http_port=int(os.environ.get("TKGRAG_TEST_HTTP_PORT", "17474")),
        heap=os.environ.get("TKGRAG_TEST_HEAP", "1g"),
        pagecache=os.environ.get("TKGRAG_TEST_PAGECACHE", "512m"),
    )
    return replace(base, server=server)


test_settings.__test__ = False  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    """Settings of the running test instance. Stopped at the end only if this session started it."""
    settings = test_settings()
    st = process.start(settings)
    yield settings
    if not st.reused and not os.environ.get("TKGRAG_TEST_KEEP_SERVER"):
        process.stop(settings)


def source_settings() -> Settings:
    """The second managed instance, "the user's database" that mapped-source tests read from (its own ports)."""
    base = test_settings()
    server = replace(
        base.server,
        instance=os.environ.get("TKGRAG_TEST_SRC_INSTANCE", "test-src"),
        bolt_port=int(os.environ.get("TKGRAG_TEST_SRC_BOLT_PORT", "17697")),
        http_port=int(os.environ.get("TKGRAG_TEST_SRC_HTTP_PORT", "17484")),
    )
    return replace(base, server=server)


source_settings.__test__ = False  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def source_neo4j_settings() -> Iterator[Settings]:
    """Settings of the running "user's database" (started with the same process module; stopped at the end only if
    this session started it)."""
    settings = source_settings()
    st = process.start(settings)
    yield settings
    if not st.reused and not os.environ.get("TKGRAG_TEST_KEEP_SERVER"):
        process.stop(settings)


@pytest.fixture(scope="session")
def session_store(neo4j_settings: Settings) -> Iterator[Store]:
    store = connect(neo4j_settings)
    yield store
    store.close()


def wipe(store: Store) -> None:
    for row in store.run(GDS_GRAPH_NAMES):
        store.run(GDS_GRAPH_DROP, {"name": row["graphName"]})
    store.run_auto(DELETE_ALL_NODES)


@pytest.fixture
def store(session_store: Store) -> Store:
    """A connected store on an empty database (schema and indexes in place)."""
    wipe(session_store)
    return session_store


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"{SHARED_DATA} is not present (the benchmark data sits beside the checkout in CI)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def embedder():  # type: ignore[no-untyped-def]
    from tkgrag.embed import default_embedder

    return default_embedder()
