"""Pure readiness logic: from the store's counts and the state of each preparation (rule graph, TKS, models,
sentences, chunk links), the state of every method (``ready`` / ``stale`` / ``missing``) with the one command that
makes it ready. No I/O here: ``inventory.take_inventory`` gathers the inputs; unit tests give them by hand."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from tkgrag.model import ItemKind
from tkgrag.retrievers.base import Need


class State(StrEnum):
    READY = "ready"
    STALE = "stale"  # runs, on an incomplete or outdated preparation
    MISSING = "missing"  # cannot run until something is made

    @property
    def runs(self) -> bool:
        return self is not State.MISSING


_WORST = {State.READY: 0, State.STALE: 1, State.MISSING: 2}


@dataclass(frozen=True)
class Readiness:
    """A state, why, since when (a record time, when known) and the one command that makes it ready."""

    state: State
    reason: str = ""
    command: str | None = None
    since: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "state": self.state.value}


READY = Readiness(State.READY)


def worst(items: Iterable[Readiness]) -> Readiness:
    """The least ready of ``items`` (the first of equals, preferring one that says why); ``READY`` for none."""
    out = READY
    for r in items:
        if _WORST[r.state] > _WORST[out.state] or (r.state is out.state and r.reason and not out.reason):
            out = r
    return out


@dataclass(frozen=True)
class StoreCounts:
    """What the store holds (current versions), per kind and per preparation step."""

    events: int = 0
    facts: int = 0
    events_embedded: int = 0
    tks_vectors: int = 0
    newest_event: str | None = None
    passages: int = 0
    passages_embedded: int = 0
    passages_unsplit: int = 0
    newest_passage: str | None = None
    sentences: int = 0
    sentences_embedded: int = 0
    chunks: int = 0
    chunks_embedded: int = 0
    documents: int = 0
    chunk_links: int = 0
    chunk_mentions: int = 0
    pages_unkeyed: int = 0  # passages (any version) with a title and no title key (``tkgrag.title_keys``)
    documents_unkeyed: int = 0  # documents with a title and no title key

    def of(self, kind: ItemKind) -> int:
        return {
            ItemKind.EVENT: self.events,
            ItemKind.FACT: self.facts,
            ItemKind.PASSAGE: self.passages,
            ItemKind.CHUNK: self.chunks,
        }[kind]

    @property
    def kinds(self) -> frozenset[ItemKind]:
        """The item kinds the store holds at least one of."""
        return frozenset(k for k in ItemKind if self.of(k) > 0)

    def by_kind(self) -> dict[ItemKind, int]:
        """Items per kind held (``kinds``): the store state ``auto``'s calibration null is keyed by, the same for
        ``prepare``, which computes it, and ``auto``, which reads it."""
        return {k: self.of(k) for k in self.kinds}


# Preparations that are not a ``Need`` of the method's recipe but that a family of methods reads.
SENTENCES = "sentences"  # MRAG's ranking unit (`tkgrag ingest sentences`)
CHUNK_LINKS = "chunk links"  # the corpus graph's topology (`tkgrag corpus link`)
TITLE_KEYS = "title keys"  # the ``auto`` planner's rule T finds pages and documents by them (`tkgrag prepare`)
PREPARE_COMMAND = "tkgrag prepare"
SENTENCE_METHODS = frozenset({"mrag", "mrag+", "passage-rerank"})
GRAPH_CHUNK_METHODS = frozenset({"chunk-ppr", "fastinsight", "stex-only", "granker-only"})

INGEST_COMMAND = {
    ItemKind.EVENT: "tkgrag ingest tkg PATH",
    ItemKind.FACT: "tkgrag ingest facts PATH",
    ItemKind.PASSAGE: "tkgrag ingest passages PATH",
    ItemKind.CHUNK: "tkgrag ingest corpus PATH",
}


def data_readiness(c: StoreCounts) -> dict[str, Readiness]:
    """The preparations read from the counts alone: sentences, chunk links and title keys."""
    out: dict[str, Readiness] = {}
    if c.passages_unsplit or c.sentences_embedded < c.sentences:
        parts = []
        if c.passages_unsplit:
            parts.append(f"{c.passages_unsplit:,} of {c.passages:,} passages without sentences")
        if c.sentences_embedded < c.sentences:
            parts.append(f"{c.sentences - c.sentences_embedded:,} sentences without a vector")
        out[SENTENCES] = Readiness(
            State.STALE, "; ".join(parts) + " (MRAG ranks those passages whole)", "tkgrag ingest sentences"
        )
    else:
        out[SENTENCES] = Readiness(State.READY, f"{c.sentences:,} sentences of {c.passages:,} passages")
    if c.chunks and not c.chunk_links:
        out[CHUNK_LINKS] = Readiness(
            State.STALE,
            f"{c.chunks:,} chunks never linked (no edge between chunks: PPR and STeX see no topology)",
            "tkgrag corpus link",
        )
    else:
        out[CHUNK_LINKS] = Readiness(
            State.READY, f"{c.chunk_links:,} chunk edges ({c.chunk_mentions:,} mentions from `corpus link`)"
        )
    out[TITLE_KEYS] = title_key_readiness(c)
    return out


def title_key_readiness(c: StoreCounts) -> Readiness:
    """Whether every page and document title has its key: ``auto``'s rule T looks titles up by key (an index seek),
    so a title without one (a store ingested before the keys were written) is never found."""
    if not (c.pages_unkeyed or c.documents_unkeyed):
        return Readiness(State.READY, "every page and document title has its key")
    parts = [f"{n:,} {what}" for n, what in ((c.pages_unkeyed, "pages"), (c.documents_unkeyed, "documents")) if n]
    return Readiness(
        State.STALE,
        f"{' and '.join(parts)} without a title key (auto's title rule cannot find them)",
        PREPARE_COMMAND,
    )


def method_readiness(
    name: str,
    kinds: frozenset[ItemKind],
    needs: frozenset[Need],
    counts: StoreCounts,
    prepared: dict[str, Readiness],
) -> Readiness:
    """A method's state: ``missing`` when the store holds none of its kinds (ingest first) or a need is missing;
    ``stale`` when it runs on an outdated or incomplete preparation; else ``ready``. ``prepared`` holds each
    ``Need``'s value and the extra preparations (``SENTENCES``, ``CHUNK_LINKS``); item vectors come from the
    counts."""
    held = kinds & counts.kinds
    if not held:
        wanted = sorted(kinds, key=lambda k: k.value)
        said = " or ".join(f"{k.value}s" for k in wanted)
        return Readiness(State.MISSING, f"the store holds no {said}", INGEST_COMMAND[wanted[0]])
    parts = [prepared.get(n.value, READY) for n in sorted(needs, key=lambda n: n.value) if n is not Need.CONSTRAINTS]
    if name in SENTENCE_METHODS:
        parts.append(prepared.get(SENTENCES, READY))
    if name in GRAPH_CHUNK_METHODS:
        parts.append(prepared.get(CHUNK_LINKS, READY))
    parts.append(embedding_readiness(held, counts))
    return worst(parts)


def embedding_readiness(kinds: frozenset[ItemKind], c: StoreCounts) -> Readiness:
    """Items of ``kinds`` without a vector: vector search (every method's first step) cannot find them."""
    gaps = []
    if kinds & {ItemKind.EVENT, ItemKind.FACT} and c.events_embedded < c.events + c.facts:
        gaps.append(f"{c.events + c.facts - c.events_embedded:,} events/facts")
    if ItemKind.PASSAGE in kinds and c.passages_embedded < c.passages:
        gaps.append(f"{c.passages - c.passages_embedded:,} passages")
    if ItemKind.CHUNK in kinds and c.chunks_embedded < c.chunks:
        gaps.append(f"{c.chunks - c.chunks_embedded:,} chunks")
    if not gaps:
        return READY
    return Readiness(State.STALE, "without a vector: " + ", ".join(gaps), "tkgrag ingest embed")
