"""``tkgrag corpus link``: derive mention edges for a corpus graph that has none (MuSiQue passages, any document
set), so that FastInsight's STeX and GRanker and the PPR baseline have a topology to use.

Rule: chunk ``c`` gets ``(c)-[:REFERENCES {kind: 'mentions'}]->(t)`` for every chunk ``t`` of document ``D`` when
``D``'s title, as a phrase, occurs in ``c``'s text (Lucene full-text index ``chunk_text``, standard analyzer: case
and punctuation ignored; a trailing "(disambiguation)" dropped) and ``c`` is not a chunk of ``D``. Titles without a
letter or shorter than ``min_chars``, and titles occurring in more than ``max_hits`` chunks (too generic to be a
reference), link nothing. MERGE keeps it idempotent; counts of what was found and what was new are reported. Shared
entities (the issue's other option) are not linked: there is no entity extraction for chunks.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from tkgrag.queries import corpus_link as q
from tkgrag.store import Store
from tkgrag.store.schema import apply_schema

_DISAMBIGUATION = re.compile(r"\s*\([^()]*\)\s*$")
MAX_HITS = 50
MIN_CHARS = 4


@dataclass
class LinkReport:
    documents: int = 0
    short_titles: int = 0  # without a letter or shorter than min_chars
    generic_titles: int = 0  # matched more than max_hits chunks
    linked_titles: int = 0  # titles that produced at least one edge
    links: int = 0  # mention edges found (new or existing)
    created: int = 0  # mention edges new in this run
    chunks: int = 0
    edges: int = 0  # all REFERENCES edges between chunks after the run
    mentions: int = 0
    isolated: int = 0  # chunks with no REFERENCES edge at all
    seconds: float = 0.0


def lucene_phrase(title: str, min_chars: int = MIN_CHARS) -> str | None:
    """The phrase query of ``title`` (quotes and backslashes escaped), or None when the title cannot be a reference.
    A trailing disambiguation in parentheses is dropped: text says "Green", not "Green (band)"."""
    t = _DISAMBIGUATION.sub("", " ".join(title.split()))
    if len(t) < min_chars or not any(ch.isalpha() for ch in t):
        return None
    return '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'


def link_mentions(
    store: Store,
    *,
    max_hits: int = MAX_HITS,
    min_chars: int = MIN_CHARS,
    batch: int = 200,
    progress: Callable[[int], None] | None = None,
) -> LinkReport:
    """Write mention edges for every document title (see the module doc); returns the counts."""
    t0 = time.perf_counter()
    apply_schema(store)  # creates the full-text index on a store made before it existed
    store.run_auto(q.AWAIT_FULLTEXT)
    rep = LinkReport()
    now = datetime.now(UTC).isoformat()
    after = ""
    while True:
        docs = store.run(q.DOCUMENT_TITLES, {"after": after, "limit": batch})
        if not docs:
            break
        after = docs[-1]["key"]
        rep.documents += len(docs)
        titles = []
        for d in docs:
            phrase = lucene_phrase(d["title"] or "", min_chars)
            if phrase is None:
                rep.short_titles += 1
            else:
                titles.append({"key": d["key"], "query": phrase})
        if titles:
            row = store.run(q.LINK_MENTIONS, {"titles": titles, "max_hits": max_hits, "now": now})[0]
            rep.generic_titles += int(row["generic"] or 0)
            rep.links += int(row["links"] or 0)
            rep.created += int(row["created"] or 0)
            rep.linked_titles += int(row["linked_titles"] or 0)
        if progress:
            progress(len(docs))
    stats = store.run(q.LINK_STATS)[0]
    rep.chunks, rep.edges = int(stats["chunks"]), int(stats["edges"])
    rep.mentions, rep.isolated = int(stats["mentions"]), int(stats["isolated"])
    rep.seconds = time.perf_counter() - t0
    return rep
