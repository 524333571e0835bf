"""``prepare(store, embedder)``: every preparation step the store's data needs, in dependency order, each run only
when the inventory says it is needed (idempotent: a second run does nothing) and each resumable (the steps it calls
page through what is missing, so an interrupted run continues where it stopped).

Order and why: item vectors first (every method's first step searches them; the rule graph does not need them but
its supports are ranked by them), then passage sentences (MRAG), chunk links (PPR, STeX), the title keys of
pages and documents written before ingest stored them (``auto``'s rule T), the rule graph (star*),
then TimeR4's TKS (written by the trained time-aware encoder; a TKS another encoder wrote is written again), and
last ``auto``'s cross-kind calibration null (it samples the items' vectors; keyed by the store's counts).
With ``train`` (``--train``) the models the data needs and lacks are trained after the rule graph and before the
TKS (``planning.training``); without it ``tkgrag status`` names the `tkgrag train ...` command. ``max_minutes`` is
the whole run's budget: a step that would not fit is skipped with the reason.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.planning.inventory import Inventory, take_inventory, tks_readiness
from tkgrag.planning.readiness import CHUNK_LINKS, SENTENCES, TITLE_KEYS, State, StoreCounts
from tkgrag.planning.training import Budget, Trainable, missing_models, relevance_trained, train_model
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


def _title_keys(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    from tkgrag.ingest.title_keys import fill_title_keys

    r = inv.prepared[TITLE_KEYS]
    if r.state is State.READY:
        return StepReport("title keys", False, r.reason)
    rep = fill_title_keys(store)
    return StepReport("title keys", True, f"title keys written: {rep.pages:,} pages, {rep.documents:,} documents")


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


def _calibration(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
    """``auto``'s label-free null (``planning.probe``): computed here so that the first question that needs it does
    not pay for it. Last: it samples item vectors, and its key is the store's item counts after every step."""
    from tkgrag.planning.probe import NULLS

    counts = inv.counts.by_kind()
    if len(counts) < 2:
        return StepReport("calibration", False, "one kind of items: auto has nothing to calibrate across")
    if any(_missing_vectors(inv.counts).values()):
        return StepReport("calibration", False, "skipped: items without vectors (the embeddings step did not finish)")
    if NULLS.ready(store, embedder, counts):
        return StepReport("calibration", False, "auto's cross-kind null for this store state is computed")
    null = NULLS.get(store, embedder, counts)
    n = sum(len(v) for v in null.scores.values()) if null is not None else 0
    return StepReport("calibration", True, f"auto's cross-kind null: {n:,} probe values over {len(counts)} kinds")


STEPS: tuple[tuple[str, Callable[[Store, Embedder, Inventory, bool], StepReport]], ...] = (  # TKS last
    ("embeddings", _embeddings),
    ("sentences", _sentences),
    ("corpus link", _chunk_links),
    ("title keys", _title_keys),
    ("rule graph", _rule_graph),
    ("TKS", _tks),
)


@dataclass(frozen=True)
class TrainOptions:
    """``--train``: the question file per model (``--train-data NAME=PATH``) and, for tests, config overrides per
    model (a few steps of a tiny model)."""

    data: Mapping[str, Path] = field(default_factory=dict)
    overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


StepFn = Callable[[Store, Embedder, Inventory, bool], StepReport]


def _training_step(t: Trainable, options: TrainOptions, budget: Budget) -> StepFn:
    def step(store: Store, embedder: Embedder, inv: Inventory, progress: bool) -> StepReport:
        name = f"train {t.name}"
        data = options.data.get(t.name)
        if data is None:
            why = f"skipped: no training data (--train-data {t.name}=PATH: {t.data_help}; or `{t.command}`)"
            return StepReport(name, False, why)
        minutes, why_not = budget.grant(t)
        if why_not is not None:
            return StepReport(name, False, why_not)
        from tkgrag.config import load_settings

        home = load_settings().home  # where `tkgrag train ...`, status and the TKS step look for the models
        said = train_model(t, data, minutes, store, embedder, home, options.overrides.get(t.name))
        return StepReport(name, True, f"{said} (budget {minutes:.1f} min)")

    return step


def prepare(
    store: Store,
    embedder: Embedder,
    *,
    progress: bool = True,
    console: Console | None = None,
    on_step: Callable[[StepReport], None] | None = None,
    train: TrainOptions | None = None,
    max_minutes: float = 0.0,
) -> PrepareReport:
    """Run the needed steps in order; the inventory is read again after each step that ran. ``train``: train the
    missing models too; ``max_minutes`` (0: none): the whole run's budget."""
    out = console or Console(stderr=True, quiet=not progress)
    report = PrepareReport()
    budget = Budget(max_minutes)
    inv = report.before = take_inventory(store)
    steps: list[tuple[str, StepFn]] = list(STEPS[:-1])
    if train is not None:
        from tkgrag.config import load_settings

        needed = missing_models(inv, relevance_trained=relevance_trained(load_settings().home))
        steps += [(f"train {t.name}", _training_step(t, train, budget)) for t in needed]
    steps += [STEPS[-1], ("calibration", _calibration)]
    for i, (name, step) in enumerate(steps, 1):
        out.print(f"[{i}/{len(steps)}] {name} ...", highlight=False)
        spent = budget.spent()
        if spent is not None:
            rep = StepReport(name, False, spent)
        else:
            t0 = time.perf_counter()
            rep = step(store, embedder, inv, progress)
            seconds = time.perf_counter() - t0
            budget.spend(seconds)
            rep = StepReport(rep.name, rep.ran, rep.said, seconds if rep.ran else 0.0)
        report.steps.append(rep)
        if on_step is not None:
            on_step(rep)
        if rep.ran:
            inv = take_inventory(store)
    report.after = inv if report.ran else report.before
    return report
