"""Fill missing embeddings: ingest graph-only first (fast), embed later (``tkgrag ingest embed``).

Pages through nodes whose ``embedding`` is null in key order and sets vectors with ``db.create.setNodeVectorProperty``,
one transaction per page. Interrupt it at any time: committed pages keep their vectors and the next run only sees what
is still missing, so it resumes by construction. Encoding of page k+1 overlaps the write of page k.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from tkgrag.embed import Embedder
from tkgrag.errors import TkgragError
from tkgrag.ingest.encoding import CachedEncoder
from tkgrag.ingest.pipeline import prefetch
from tkgrag.ingest.stop import check_stop
from tkgrag.progress import progress_bar
from tkgrag.queries import ingest as q
from tkgrag.store.connection import Store

LABELS = tuple(q.SET_EMBEDDINGS)


@dataclass
class EmbedSummary:
    label: str
    model: str
    missing_before: int = 0
    embedded: int = 0
    pages: int = 0
    seconds: float = 0.0
    encode_seconds: float = 0.0
    encoded_texts: int = 0

    @property
    def per_second(self) -> float:
        return self.embedded / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class VectorProperty:
    """One vector property to fill: the parameterised Cypher that counts, pages (``$after``, ``$limit`` -> key, text
    in key order) and sets (``$rows`` of key, embedding) the nodes still without it. ``name`` labels the progress."""

    name: str
    count_missing: str
    missing: str
    set_vectors: str


def embed_missing(
    store: Store,
    embedder: Embedder,
    *,
    label: str = "Event",
    page_size: int = 4096,
    encode_batch_size: int = 64,
    progress: bool = True,
    max_pages: int | None = None,
) -> EmbedSummary:
    """Embed every ``label`` node that has ``text`` but no ``embedding``. ``max_pages`` stops early (tests)."""
    if label not in LABELS:
        raise TkgragError(f"cannot embed {label!r} nodes; choose one of {', '.join(LABELS)}")
    prop = VectorProperty(
        f"{label}.embedding", q.COUNT_MISSING_EMBEDDINGS[label], q.MISSING_EMBEDDINGS[label], q.SET_EMBEDDINGS[label]
    )
    return fill_missing(
        store,
        embedder,
        prop,
        label=label,
        page_size=page_size,
        encode_batch_size=encode_batch_size,
        progress=progress,
        max_pages=max_pages,
    )


def fill_missing(
    store: Store,
    embedder: Embedder,
    prop: VectorProperty,
    *,
    label: str,
    page_size: int = 4096,
    encode_batch_size: int = 64,
    progress: bool = True,
    max_pages: int | None = None,
) -> EmbedSummary:
    """Embed every ``label`` node that misses ``prop`` with ``embedder``, one transaction per page."""
    started = time.perf_counter()
    summary = EmbedSummary(label=label, model=getattr(embedder, "name", "?"))
    summary.missing_before = store.run(prop.count_missing)[0]["n"]
    encoder = CachedEncoder(embedder, batch_size=encode_batch_size)

    def pages() -> Iterator[list[dict[str, object]]]:
        after = ""
        done = 0
        while max_pages is None or done < max_pages:
            rows = store.run(prop.missing, {"after": after, "limit": page_size})
            if not rows:
                return
            after = rows[-1]["key"]
            vecs = encoder.encode([r["text"] for r in rows])
            yield [{"key": r["key"], "embedding": v.tolist()} for r, v in zip(rows, vecs, strict=True)]
            done += 1

    bar = progress_bar(f"embed {prop.name}") if progress else None
    task = bar.add_task("embed", total=summary.missing_before) if bar is not None else None
    try:
        if bar is not None:
            bar.__enter__()
        for page in prefetch(pages(), depth=2):
            store.run(prop.set_vectors, {"rows": page})
            summary.embedded += len(page)
            summary.pages += 1
            if bar is not None:
                bar.update(task, advance=len(page))  # type: ignore[arg-type]
            check_stop(f"{summary.embedded:,} {prop.name} vectors")
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        summary.seconds = time.perf_counter() - started
        summary.encode_seconds, summary.encoded_texts = encoder.seconds, encoder.encoded
    return summary
