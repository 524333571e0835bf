"""Corpus passages that name only their article (MuSiQue, HotpotQA ``{title, text}``): numbered per title.

The n-th passage titled T is chunk ``T#n`` of document ``T``. Ingestion (``tkgrag ingest corpus``) and the MuSiQue
loader both number through :class:`TitledPassages`, in file order, so a gold paragraph names the chunk written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tkgrag.sources.keys import chunk_key


@dataclass
class TitledPassages:
    """Positions handed out so far, per document (title)."""

    counts: dict[str, int] = field(default_factory=dict)

    def take(self, title: str, n: int = 1) -> tuple[str, int]:
        """The document key of ``title`` and the position of the first of its next ``n`` chunks."""
        key = title.strip()
        first = self.counts.get(key, 0)
        self.counts[key] = first + n
        return key, first

    def next_key(self, title: str) -> str:
        """The chunk key of the next (unsplit) passage titled ``title``."""
        return chunk_key(*self.take(title))
