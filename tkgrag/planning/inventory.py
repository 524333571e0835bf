"""``take_inventory(store)``: what the store holds and what each method can do with it (``tkgrag status``, the
``auto`` planner). Read-only: the counts come from ``queries.inventory`` with read routing; the rule graph's,
the TKS's and the models' state from the modules that own them."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tkgrag.errors import ConfigError
from tkgrag.ingest.coverage import CoverageTable
from tkgrag.model import ItemKind
from tkgrag.planning.readiness import (
    READY,
    Readiness,
    State,
    StoreCounts,
    data_readiness,
    method_readiness,
)
from tkgrag.queries import inventory as q
from tkgrag.retrievers.base import Need
from tkgrag.retrievers.registry import METHODS
from tkgrag.store import Store

READ = "r"  # the driver's read routing: these queries never write


@dataclass(frozen=True)
class CrossEncoderCheck:
    """Whether a cross-encoder is configured, and whether its held-out check (``metrics.json`` of `tkgrag train
    reranker`: MRR of the gold passage among hard negatives) beats the bi-encoder's order on the same candidates.
    ``beats`` is None when the model has no such record (a model named by TKGRAG_RERANKER_MODEL)."""

    model: str | None
    beats: bool | None
    said: str

    @property
    def usable(self) -> bool:
        """FastInsight is worth running only with a cross-encoder shown to rank better than the bi-encoder."""
        return self.model is not None and self.beats is True


@dataclass(frozen=True)
class Inventory:
    counts: StoreCounts
    prepared: dict[str, Readiness]  # per Need value and per extra preparation (sentences, chunk links)
    methods: dict[str, Readiness]
    cross_encoder: CrossEncoderCheck
    rule_graph_built: str | None = None
    notes: list[str] = field(default_factory=list)
    # Per source of events and facts, its months by density (tkgrag.ingest.coverage): where the store is a sample.
    coverage: list[str] = field(default_factory=list)

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return self.counts.kinds

    def state(self, method: str) -> Readiness:
        return self.methods.get(method, Readiness(State.MISSING, f"unknown method {method!r}"))

    def as_dict(self) -> dict[str, Any]:
        c = self.counts
        return {
            "kinds": {
                "event": {"items": c.events, "rule_graph_built": self.rule_graph_built, "tks_vectors": c.tks_vectors},
                "fact": {"items": c.facts},
                "passage": {
                    "items": c.passages,
                    "without_sentences": c.passages_unsplit,
                    "sentences": c.sentences,
                    "without_title_key": c.pages_unkeyed,
                },
                "chunk": {
                    "items": c.chunks,
                    "documents": c.documents,
                    "links": c.chunk_links,
                    "documents_without_title_key": c.documents_unkeyed,
                },
            },
            "counts": asdict(c),
            "prepared": {k: v.as_dict() for k, v in self.prepared.items()},
            "cross_encoder": asdict(self.cross_encoder),
            "methods": {k: v.as_dict() for k, v in self.methods.items()},
            "notes": list(self.notes),
            "coverage": list(self.coverage),
        }


def read_counts(store: Store) -> StoreCounts:
    row = store.run(q.STORE_COUNTS, routing_=READ)[0]
    values: dict[str, Any] = {
        name: row.get(name) if name.startswith("newest") else (row.get(name) or 0)
        for name in StoreCounts.__dataclass_fields__
    }
    return StoreCounts(**values)


def read_kinds(store: Store) -> StoreCounts:
    """The planner's counts (``STORE_KINDS``): items per kind and the preparations' counts, vectors assumed present
    (``read_counts`` counts them, for ``tkgrag status``)."""
    row = store.run(q.STORE_KINDS, routing_=READ)[0]
    return StoreCounts(
        events=row["events"],
        facts=row["facts"],
        events_embedded=row["events"] + row["facts"],
        passages=row["passages"],
        passages_embedded=row["passages"],
        passages_unsplit=row["passages_unsplit"],
        chunks=row["chunks"],
        chunks_embedded=row["chunks"],
        documents=row["documents"],
        chunk_links=row["chunk_links"],
    )


def rule_graph_readiness(store: Store) -> tuple[Readiness, str | None]:
    """The rule graph: missing, stale since the first event recorded after it, or ready; and when it was built."""
    from tkgrag.retrievers.star.persist import staleness

    st = staleness(store)
    if not st.built:
        return Readiness(State.MISSING, "no rule graph", "tkgrag rules build"), None
    rows = store.run(q.RULE_GRAPH_BUILT, routing_=READ)
    built = rows[0]["built_at"] if rows else None
    if not st.stale:
        return Readiness(State.READY, st.reason), built
    since = None
    newest = rows[0]["newest"] if rows else None
    if newest is not None:
        later = store.run(q.EVENTS_SINCE, {"since": newest}, routing_=READ)[0]
        since = later["first"]
        reason = f"{later['n']:,} events recorded after the rule graph was built ({built})"
    else:
        reason = st.reason
    return Readiness(State.STALE, reason.replace(" (run `tkgrag rules build`)", ""), "tkgrag rules build", since), built


def tks_readiness(store: Store, counts: StoreCounts, *, coverage: bool = True) -> Readiness:
    """TimeR4's time-aware retriever and its TKS: a model trained, the TKS written by that model, every event in it
    (``coverage``: counted from ``counts.tks_vectors``; the planner's cheap inventory does not count them)."""
    from tkgrag.retrievers.timer4.tks import identify, tks_encoder, tks_ready

    try:
        identity = identify()
    except ConfigError:
        return Readiness(
            State.MISSING,
            "no time-aware retriever trained (after training: `tkgrag ingest embed --model time-aware`)",
            "tkgrag train retriever TRAINING.jsonl",
        )
    written, _ = tks_encoder(store)
    if written is not None and written != identity.encoder:
        rows = store.run(q.TKS_WRITTEN, routing_=READ)
        return Readiness(
            State.STALE,
            f"the TKS was written by another encoder ({written}, not {identity.encoder})",
            "tkgrag ingest embed --model time-aware --refresh",
            since=rows[0]["at"] if rows else None,
        )
    problem = tks_ready(store, identity)
    if problem:
        return Readiness(State.MISSING, problem.split(": run")[0], "tkgrag ingest embed --model time-aware")
    items = counts.events + counts.facts
    if coverage and counts.tks_vectors < items:
        return Readiness(
            State.STALE,
            f"{items - counts.tks_vectors:,} events/facts without a TKS vector",
            "tkgrag ingest embed --model time-aware",
        )
    said = f"TKS of {counts.tks_vectors:,} items" if coverage else "TKS index online"
    return Readiness(State.READY, f"{said}, written by encoder {identity.encoder}")


def cross_encoder_check() -> CrossEncoderCheck:
    from tkgrag.rerank.cross_encoder import reranker_name

    try:
        name = reranker_name()
    except ConfigError as exc:
        return CrossEncoderCheck(None, None, str(exc))
    metrics = Path(name) / "metrics.json"
    if not metrics.is_file():
        return CrossEncoderCheck(name, None, f"{name}: no held-out check (metrics.json) to compare with the bi-encoder")
    try:
        heldout = json.loads(metrics.read_text(encoding="utf-8"))["heldout"]["all"]
        ce, bi = float(heldout["mrr"]), float(heldout["bi_encoder_mrr"])
    except (KeyError, TypeError, ValueError) as exc:
        return CrossEncoderCheck(name, None, f"{metrics}: unreadable held-out check ({exc})")
    said = f"held-out MRR {ce:.3f} vs the bi-encoder's {bi:.3f}"
    return CrossEncoderCheck(name, ce > bi, said)


def llm_readiness() -> Readiness:
    from tkgrag.llm.settings import load_llm_settings

    if load_llm_settings().configured:
        return READY
    return Readiness(State.MISSING, "no LLM endpoint", "export OPENAI_BASE_URL=... OPENAI_API_KEY=...")


def take_inventory(store: Store, *, detailed: bool = True) -> Inventory:
    """Counts, preparations and every method's state, read from the store and the models folder. ``detailed=False``
    (the planner) skips counting vectors and TKS vectors: items are assumed embedded."""
    counts = read_counts(store) if detailed else read_kinds(store)
    prepared = data_readiness(counts)
    built = None
    notes: list[str] = []
    if counts.events or counts.facts:
        prepared[Need.RULE_GRAPH.value], built = rule_graph_readiness(store)
        prepared[Need.TIME_AWARE_MODEL.value] = tks_readiness(store, counts, coverage=detailed)
    ce = cross_encoder_check()
    if ce.model is None:
        prepared[Need.CROSS_ENCODER.value] = Readiness(State.MISSING, "no cross-encoder", "tkgrag train reranker")
    else:
        prepared[Need.CROSS_ENCODER.value] = Readiness(State.READY, f"{ce.model} ({ce.said})")
    prepared[Need.LLM.value] = llm_readiness()
    methods = {name: method_readiness(name, m.kinds, m.needs, counts, prepared) for name, m in METHODS.items()}
    coverage: list[str] = []
    if detailed and (counts.events or counts.facts):
        coverage = [cov.describe() for _, cov in sorted(CoverageTable.load(store).sources.items())]
    return Inventory(counts, prepared, methods, ce, built, notes, coverage)
