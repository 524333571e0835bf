"""Split stored passages into ``Sentence`` nodes (MRAG's ranking unit) and embed them.

Runs after ``tkgrag ingest passages`` (which calls it) or alone (``tkgrag ingest sentences``) on a store whose
passages were ingested before sentences existed. Pages through passages with ``sentence_count IS NULL`` in key order,
one transaction per page, so an interruption loses at most a page and the next run resumes where it stopped;
a re-run writes nothing new (MERGE on the sentence key).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tkgrag.embed import Embedder
from tkgrag.ingest.backfill import EmbedSummary, embed_missing
from tkgrag.ingest.formats.sentences import passage_sentences
from tkgrag.ingest.stop import check_stop
from tkgrag.progress import progress_bar
from tkgrag.queries import sentences as q
from tkgrag.store.connection import Store


@dataclass
class SplitSummary:
    passages: int = 0
    sentences: int = 0
    seconds: float = 0.0
    embedding: EmbedSummary | None = None

    def counts(self) -> dict[str, int]:
        """For ``IngestSummary.derived``: what this run added."""
        out = {"sentences": self.sentences}
        if self.embedding is not None:
            out["sentences embedded"] = self.embedding.embedded
        return out


def split_passages(
    store: Store, *, page_size: int = 2000, progress: bool = True, max_pages: int | None = None
) -> SplitSummary:
    """Write the sentences of every passage not split yet. ``max_pages`` stops early (tests of resuming)."""
    started = time.perf_counter()
    summary = SplitSummary()
    total = store.run(q.COUNT_UNSPLIT_PASSAGES)[0]["n"]
    bar = progress_bar("split passages") if progress else None
    task = bar.add_task("split passages", total=total) if bar is not None else None
    after, pages = "", 0
    try:
        if bar is not None:
            bar.__enter__()
        while max_pages is None or pages < max_pages:
            rows = store.run(q.UNSPLIT_PASSAGES, {"after": after, "limit": page_size})
            if not rows:
                break
            after = rows[-1]["key"]
            batch = []
            for r in rows:
                # Per passage, not per page: a page of long passages takes a while, and a stop asked meanwhile is
                # taken before the next one (the page is not written; the next run splits it again).
                check_stop(f"{summary.passages:,} passages split")
                sentences = passage_sentences(r["key"], r["text"])
                batch.append({"key": r["key"], "sentences": [s.row(r["title"]) for s in sentences]})
            store.run(q.MERGE_SENTENCES, {"passages": batch})
            summary.passages += len(rows)
            summary.sentences += sum(len(b["sentences"]) for b in batch)
            pages += 1
            if bar is not None and task is not None:
                bar.update(task, advance=len(rows))
            check_stop(f"{summary.passages:,} passages split")
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        summary.seconds = time.perf_counter() - started
    return summary


def sentences_after_ingest(store: Store, embedder: Embedder | None, progress: bool = True) -> dict[str, int]:
    """What a passage ingestion (CLI, Python or job) runs after the file: the counts for ``IngestSummary.derived``."""
    return index_sentences(store, embedder, progress=progress).counts()


def index_sentences(store: Store, embedder: Embedder | None, *, progress: bool = True) -> SplitSummary:
    """Split the passages not split yet, then embed the sentences still without a vector (None: split only)."""
    summary = split_passages(store, progress=progress)
    if embedder is not None:
        summary.embedding = embed_missing(store, embedder, label="Sentence", progress=progress)
    return summary
