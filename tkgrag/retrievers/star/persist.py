"""Build the STAR-RAG rule graph from the events in Neo4j, store it there, and keep its GDS projection.

Stored shape (explorable in Browser): ``(:Rule {key, c_s, relation, c_o, support})``, ``(:Event)-[:SUPPORTS]->(:Rule)``,
``(:Rule)-[:RULE_EDGE {weight, spans, span_sum, mean_span, rate, saving_bits, differs_in}]->(:Rule)`` directed from
the rule whose events tend to come first, and ``(:RuleGraphMeta {key: 'star'})`` with what it was built from.
The GDS projection ``tkgrag_star_rules`` is UNDIRECTED (PPR flows both ways in time) and weighted by ``weight``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, TypeVar

from neo4j.time import Date
from rich.console import Console
from rich.progress import Progress

from tkgrag.errors import StoreError
from tkgrag.queries import rules as q
from tkgrag.retrievers.star.build import RuleGraph, build_rule_graph
from tkgrag.retrievers.star.config import StarConfig
from tkgrag.retrievers.star.events import StarEvent
from tkgrag.store import Store
from tkgrag.store.gds import drop_graph, graph_exists, project

GDS_GRAPH = "tkgrag_star_rules"
WRITE_BATCH = 10_000

T = TypeVar("T")


def _chunks(rows: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for i in range(0, len(rows), size):
        yield rows[i : i + size]


def _native(d: Any) -> date:
    return d.to_native() if isinstance(d, Date) else d


def load_events(store: Store) -> tuple[list[str], list[StarEvent]]:
    """Event keys and events ``(s, r, o, day)`` in key order (the rule graph's event indices follow this order)."""
    keys: list[str] = []
    events: list[StarEvent] = []
    for row in store.run(q.LOAD_EVENTS):
        keys.append(row["key"])
        events.append(StarEvent(row["subject"], row["relation"], row["object"], _native(row["day"])))
    return keys, events


@dataclass(frozen=True)
class BuildReport:
    events: int
    rules: int
    edges: int
    candidate_edges: int
    stage_seconds: dict[str, float]
    write_seconds: float
    ppr_export_seconds: float  # the rule graph exported for the in-process PPR (sparse_ppr), cached on disk
    support_export_seconds: float  # supports + their vectors for the in-process ranking (support_index), cached
    description_length_before: float
    description_length_after: float


def build_and_store(store: Store, config: StarConfig | None = None, console: Console | None = None) -> BuildReport:
    """(Re)build the rule graph from every event in the store; replaces the previous rule graph and projection."""
    import time

    cfg = config or StarConfig()
    console = console or Console(stderr=True)
    t0 = time.perf_counter()
    with console.status("Loading events from Neo4j ..."):
        keys, events = load_events(store)
    if not events:
        raise StoreError(
            "There are no events with a subject, an object and a time to build the rule graph from. "
            "Ingest a TKG first (tkgrag ingest tkg PATH)."
        )
    load_s = time.perf_counter() - t0

    with console.status(f"Building the rule graph from {len(events):,} events ...") as status:
        graph = build_rule_graph(
            events, cfg, on_stage=lambda name, s: status.update(f"rule graph: {name} done ({s:.1f}s)")
        )
    t1 = time.perf_counter()
    write_rule_graph(store, graph, keys, cfg, console)
    write_s = time.perf_counter() - t1
    refresh_projection(store)
    t2 = time.perf_counter()
    build = export_ppr_matrix(store, cfg)
    t3 = time.perf_counter()
    export_support_index(store, build)
    support_s = time.perf_counter() - t3
    export_s = t3 - t2
    dl = graph.description_length
    return BuildReport(
        events=len(events),
        rules=len(graph.rules),
        edges=len(graph.edges),
        candidate_edges=graph.n_candidate_edges,
        stage_seconds={"load": load_s, **graph.timings},
        write_seconds=write_s,
        ppr_export_seconds=export_s,
        support_export_seconds=support_s,
        description_length_before=dl.total_before,
        description_length_after=dl.total_after,
    )


def export_ppr_matrix(store: Store, config: StarConfig) -> str:
    """Export the new build for ``star``'s in-process PPR now, so the first question does not pay for it; returns the
    build key."""
    from tkgrag.retrievers.star import sparse_ppr

    return sparse_ppr.load(store, config.damping, sparse_ppr.cache_dir(store.settings)).build


def export_support_index(store: Store, build: str) -> None:
    """Export ``build``'s supports and their vectors for ``star``'s in-process ranking (support_index)."""
    from tkgrag.retrievers.star import sparse_ppr, support_index

    support_index.load(store, sparse_ppr.cache_dir(store.settings), build)


def write_rule_graph(
    store: Store, graph: RuleGraph, event_keys: Sequence[str], config: StarConfig, console: Console | None = None
) -> None:
    console = console or Console(stderr=True)
    store.run_auto(q.DELETE_RULES)
    rule_rows = [
        {"key": r.key, "c_s": r.c_s, "relation": r.relation, "c_o": r.c_o, "support": len(r.support)}
        for r in graph.rules
    ]
    support_rows = [{"event": event_keys[f], "rule": r.key} for r in graph.rules for f in r.support]
    edge_rows = [asdict(e) for e in graph.edges]
    steps: list[tuple[str, str, Sequence[dict[str, Any]]]] = [
        ("rules", q.CREATE_RULES, rule_rows),
        ("SUPPORTS", q.CREATE_SUPPORTS, support_rows),
        ("RULE_EDGE", q.CREATE_RULE_EDGES, edge_rows),
    ]
    with Progress(console=console, transient=True) as progress:
        for name, query, rows in steps:
            task = progress.add_task(f"writing {name}", total=len(rows))
            for chunk in _chunks(rows, WRITE_BATCH):
                store.run(query, {"rows": list(chunk)})
                progress.advance(task, len(chunk))
    fp = store.run(q.EVENT_FINGERPRINT)[0]
    dl = graph.description_length
    props = {
        "events": len(event_keys),
        "events_in_store": fp["events"],
        "newest_event_ingested_at": fp["newest"],
        "rules": len(graph.rules),
        "edges": len(graph.edges),
        "candidate_edges": graph.n_candidate_edges,
        "dl_before_bits": dl.total_before,
        "dl_after_bits": dl.total_after,
        "config": json.dumps(asdict(config), sort_keys=True),
    }
    store.run(q.WRITE_META, {"props": props})


def refresh_projection(store: Store) -> dict[str, Any]:
    """Drop and re-project the rule graph into the GDS catalog (after a rebuild)."""
    if graph_exists(store, GDS_GRAPH):
        drop_graph(store, GDS_GRAPH)
    return ensure_projection(store)


def ensure_projection(store: Store) -> dict[str, Any]:
    """The rule graph's GDS projection, created once and kept in the catalog between queries."""
    return project(store, GDS_GRAPH, "Rule", "RULE_EDGE", weight_property="weight", orientation="UNDIRECTED")


@dataclass(frozen=True)
class Staleness:
    built: bool
    stale: bool
    reason: str


def staleness(store: Store) -> Staleness:
    """Whether events were ingested after the rule graph was built (it is then silently incomplete)."""
    rows = store.run(q.READ_META)
    if not rows:
        return Staleness(False, True, "no rule graph yet: run `tkgrag rules build`")
    meta = rows[0]["meta"]
    fp = store.run(q.EVENT_FINGERPRINT)[0]
    if fp["events"] != meta.get("events_in_store"):
        return Staleness(
            True,
            True,
            f"{fp['events'] - meta.get('events_in_store', 0):+,} events since the rule graph was built "
            "(run `tkgrag rules build`)",
        )
    if fp["newest"] is not None and fp["newest"] != meta.get("newest_event_ingested_at"):
        return Staleness(
            True, True, "events were re-ingested after the rule graph was built (run `tkgrag rules build`)"
        )
    return Staleness(True, False, f"{meta.get('rules', 0):,} rules, {meta.get('edges', 0):,} edges, up to date")
