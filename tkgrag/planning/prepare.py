"""``prepare(store, embedder)``: every preparation step the store's data needs, in dependency order, each run only
when the inventory says it is needed (idempotent: a second run does nothing) and each resumable (the steps it calls
page through what is missing, so an interrupted run continues where it stopped).

Order and why: item vectors first (every method's first step searches them; the rule graph does not need them but
its supports are ranked by them), then passage sentences (MRAG), chunk links (PPR, STeX), the rule graph (star*),
and last TimeR4's TKS (written by the trained time-aware encoder; a TKS another encoder wrote is written again).
Models are not trained here: ``tkgrag status`` names the `tkgrag train ...` command a missing model needs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.planning.inventory import Inventory, take_inventory, tks_readiness
from tkgrag.planning.readiness import CHUNK_LINKS, SENTENCES, State, StoreCounts
from tkgrag.retrievers.base import Need
from tkgrag.store import Store

EMBED_LABELS = ("Event", "Passage", "Chunk")


@dataclass(frozen=True)
class StepReport:
    name: str
    ran: bool
    said: str
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"step": self.name, "ran": self.ran, "said": self.said, "seconds": round(self.seconds, 1)}


@dataclass
class PrepareReport:
    steps: list[StepReport] = field(default_factory=list)
    before: Inventory | None = None
    after: Inventory | None = None

    @property
    def ran(self) -> list[StepReport]:
        return [s for s in self.steps if s.ran]

    def as_dict(self) -> dict[str, Any]:
        return {
            "steps": [s.as_dict() for s in self.steps],
            "methods_before": {k: v.state.value for k, v in self.before.methods.items()} if self.before else {},
            "methods_after": {k: v.state.value for k, v in self.after.methods.items()} if self.after else {},
        }


def _missing_vectors(c: StoreCounts) -> dict[str, int]:
    return {
        "Event": c.events + c.facts - c.events_embedded,
        "Passage": c.passages - c.passages_embedded,
        "Chunk": c.chunks - c.chunks_embedded,
    }


def _embeddings(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.ingest.backfill import embed_missing

    missing = {label: n for label, n in _missing_vectors(inv.counts).items() if n > 0}
    if not missing:
        return StepReport("embeddings", False, "every item has a vector")
    done = []
    for label in missing:
        s = embed_missing(store, embedder, label=label, progress=progress)
        done.append(f"{s.embedded:,} {label} vectors")
    return StepReport("embeddings", True, "embedded " + ", ".join(done))


def _sentences(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.ingest.sentences import index_sentences

    if inv.prepared[SENTENCES].state is State.READY:
        return StepReport("sentences", False, inv.prepared[SENTENCES].reason)
    s = index_sentences(store, embedder, progress=progress)
    embedded = s.embedding.embedded if s.embedding is not None else 0
    return StepReport(
        "sentences", True, f"split {s.passages:,} passages into {s.sentences:,} sentences; {embedded:,} embedded"
    )


def _chunk_links(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.ingest.corpus_link import link_mentions

    if inv.prepared[CHUNK_LINKS].state is State.READY:
        return StepReport("corpus link", False, inv.prepared[CHUNK_LINKS].reason)
    rep = link_mentions(store)
    return StepReport("corpus link", True, f"{rep.created:,} mention edges new; {rep.edges:,} chunk edges in all")


def _rule_graph(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.retrievers.star.persist import build_and_store

    r = inv.prepared.get(Need.RULE_GRAPH.value)
    if r is None:
        return StepReport("rule graph", False, "no events")
    if r.state is State.READY:
        return StepReport("rule graph", False, r.reason)
    rep = build_and_store(store, console=Console(stderr=True, quiet=not progress))
    return StepReport("rule graph", True, f"{rep.rules:,} rules, {rep.edges:,} edges from {rep.events:,} events")


def _tks(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.retrievers.timer4.tks import fill_tks, load_time_aware

    if not (inv.counts.events or inv.counts.facts):
        return StepReport("TKS", False, "no events")
    r = tks_readiness(store, inv.counts)
    if r.state is State.READY:
        return StepReport("TKS", False, r.reason)
    try:
        encoder = load_time_aware()
    except ConfigError:
        return StepReport(
            "TKS", False, f"skipped: no time-aware retriever (train one: `{r.command}`, then prepare again)"
        )
    t = fill_tks(store, encoder, refresh=r.state is State.STALE and "another encoder" in r.reason, progress=progress)
    return StepReport("TKS", True, f"{t.embedded:,} TKS vectors written by {encoder.identity.encoder}")


STEPS: tuple[tuple[str, Callable[[Store, Embedder, Inventory, bool], StepReport]], ...] = (
    ("embeddings", _embeddings),
    ("sentences", _sentences),
    ("corpus link", _chunk_links),
    ("rule graph", _rule_graph),
    ("TKS", _tks),
)


def prepare(
    store: Store,
    embedder: Embedder,
    *,
    progress: bool = True,
    console: Console | None = None,
    on_step: Callable[[StepReport], None] | None = None,
) -> PrepareReport:
    """Run the needed steps in order; the inventory is read again after each step that ran."""
    out = console or Console(stderr=True, quiet=not progress)
    report = PrepareReport()
    inv = report.before = take_inventory(store)
    for i, (name, step) in enumerate(STEPS, 1):
        out.print(f"[{i}/{len(STEPS)}] {name} ...", highlight=False)
        t0 = time.perf_counter()
        rep = step(store, embedder, inv, progress)
        rep = StepReport(rep.name, rep.ran, rep.said, time.perf_counter() - t0 if rep.ran else 0.0)
        report.steps.append(rep)
        if on_step is not None:
            on_step(rep)
        if rep.ran:
            inv = take_inventory(store)
    report.after = inv if report.ran else report.before
    return report
