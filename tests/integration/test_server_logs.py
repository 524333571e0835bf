"""The managed instance's logs (issue 16, item 8): rolled by the log4j2 files tkgrag writes, and quiet while GDS runs.

Before the fix, every GDS PageRank call added ~4 INFO lines per iteration ("PageRank :: Compute iteration 3 of 1000
:: Start" ...) to neo4j.log and debug.log, whatever ``logProgress`` said (measured: 949 lines in neo4j.log after the
four tests of test_gds_pagerank.py; this test fails on a server started without the files).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tkgrag.config import Settings
from tkgrag.server import process
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.logs import SERVER_LOGS, USER_LOGS
from tkgrag.store import Store
from tkgrag.store.gds import PageRankConfig, project, weighted_personalized_pagerank

RUNS = 12


def _rolling_files(path: Path) -> dict[str, tuple[str, int]]:
    """file name -> (size policy, archives kept) of every rolling appender in a log4j2 XML file."""
    out = {}
    for app in ET.parse(path).getroot().iter("RollingRandomAccessFile"):
        size = app.find("./Policies/SizeBasedTriggeringPolicy")
        strategy = app.find("DefaultRolloverStrategy")
        assert size is not None and strategy is not None, app.get("name")
        assert app.get("filePattern", "").endswith(Path(app.get("fileName", "")).name + ".%02i")
        out[Path(app.get("fileName", "")).name] = (size.get("size", ""), int(strategy.get("max", "0")))
    return out


def test_log_rotation_config_is_valid_and_in_use(neo4j_settings: Settings) -> None:
    layout = InstanceLayout.from_settings(neo4j_settings)
    user, server = layout.conf_dir / USER_LOGS, layout.conf_dir / SERVER_LOGS
    assert user.stat().st_mode & 0o777 == 0o600 and server.stat().st_mode & 0o777 == 0o600
    assert _rolling_files(user) == {"neo4j.log": ("10 MB", 5)}
    assert set(_rolling_files(server)) == {"debug.log", "http.log", "query.log", "security.log"}
    conf = (layout.conf_dir / "neo4j.conf").read_text()
    assert f"server.logs.config={server}" in conf and f"server.logs.user.config={user}" in conf

    # The running server took these files (a file it could not parse would fall back to Neo4j's embedded default)...
    assert f"Logging config in use: File '{user}'" in layout.console_log.read_text(errors="replace")
    assert f"Logging config in use: File '{server}'" in layout.debug_log.read_text(errors="replace")
    # ... and the rolling appender holds neo4j.log open: the file that rolls is the one the server writes.
    pid = process.status(neo4j_settings).pid
    assert pid is not None
    fds = Path(f"/proc/{pid}/fd")
    if not fds.is_dir():
        pytest.skip("no /proc: cannot list the server's open files")
    open_files = {str(p.readlink()) for p in fds.iterdir() if p.is_symlink()}
    assert str(layout.console_log) in open_files and str(layout.debug_log) in open_files


def test_pagerank_runs_add_no_gds_task_lines_to_the_logs(store: Store, neo4j_settings: Settings) -> None:
    layout = InstanceLayout.from_settings(neo4j_settings)
    store.run("UNWIND range(0, 29) AS i CREATE (:LogNode {i: i})")
    store.run(
        "MATCH (a:LogNode), (b:LogNode) WHERE b.i = (a.i + 1) % 30 OR b.i = (a.i * 7) % 30 "
        "CREATE (a)-[:LOG_LINK {w: 1.0 + a.i % 3}]->(b)"
    )
    ids = [r["id"] for r in store.run("MATCH (n:LogNode) RETURN id(n) AS id ORDER BY n.i")]
    before = {p: p.stat().st_size for p in (layout.console_log, layout.debug_log)}

    project(store, "log_test", "LogNode", "LOG_LINK", weight_property="w", replace=True)
    cfg = PageRankConfig(tolerance=1e-9, max_iterations=200, weight_property="w")
    for run in range(RUNS):  # the project's own call path (as STAR's gds engine calls it)
        scores = weighted_personalized_pagerank(store, "log_test", {ids[run]: 1.0, ids[-1 - run]: 0.5}, cfg)
        assert scores[ids[run]] > 0  # GDS really ran

    for path, offset in before.items():
        with path.open("rb") as fh:
            fh.seek(offset)
            added = fh.read().decode("utf-8", errors="replace")
        gds_lines = [x for x in added.splitlines() if "PageRank ::" in x or "Loading ::" in x]
        assert gds_lines == [], f"{path.name} gained {len(gds_lines)} GDS task lines, e.g. {gds_lines[:2]}"


def test_exaqt_projections_add_no_graph_aggregation_lines_to_the_logs(store: Store, neo4j_settings: Settings) -> None:
    """Each EXAQT question projects its candidate graph with a Cypher aggregation; before the fix every one added 21
    "Graph aggregation :: ..." lines to neo4j.log (and debug.log), whatever ``logProgress`` said."""
    from tests.integration.test_exaqt_gst import FACTS, build
    from tkgrag.retrievers.exaqt.gst import batch_projection, group_steiner_trees_many

    layout = InstanceLayout.from_settings(neo4j_settings)
    graph = build(store, FACTS)
    before = {p: p.stat().st_size for p in (layout.console_log, layout.debug_log)}
    for _ in range(3):
        with batch_projection(store, [(graph, [])], 1.0) as (name, _):  # one question's projection
            assert store.run("CALL gds.graph.list($g) YIELD nodeCount RETURN nodeCount", {"g": name})[0]["nodeCount"]
        group_steiner_trees_many(store, [(graph, []), (graph, [])], 25, 1.0)  # the retriever's batched projection
    for path, offset in before.items():
        with path.open("rb") as fh:
            fh.seek(offset)
            added = fh.read().decode("utf-8", errors="replace")
        lines = [x for x in added.splitlines() if "Graph aggregation" in x]
        assert lines == [], f"{path.name} gained {len(lines)} projection task lines, e.g. {lines[:2]}"
