"""Embedding texts for ingestion: each distinct text is encoded once, longest-first batching is the embedder's.

Event texts repeat (a duplicate line, the same fact from a re-run that lacks embeddings), so an LRU cache of recent
text -> vector saves encoder time, which dominates an ingestion with embeddings on CPU.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from tkgrag.embed import Embedder


class CachedEncoder:
    """Wraps an :class:`Embedder`: dedupes texts, remembers the last ``cache_size`` vectors, times the encoder."""

    def __init__(self, embedder: Embedder, *, batch_size: int = 64, cache_size: int = 20_000) -> None:
        self.embedder = embedder
        self.batch_size = batch_size
        self.cache_size = cache_size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.seconds = 0.0  # time inside the embedder (the encoder's own throughput = encoded / seconds)
        self.encoded = 0  # texts actually encoded
        self.requested = 0  # texts asked for (incl. repeats and cache hits)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised float32 vectors, one row per text, in the order given."""
        self.requested += len(texts)
        out = np.empty((len(texts), self.embedder.dimensions), dtype=np.float32)
        todo: dict[str, list[int]] = {}
        with self._lock:
            for i, t in enumerate(texts):
                hit = self._cache.get(t)
                if hit is not None:
                    out[i] = hit
                    self._cache.move_to_end(t)
                else:
                    todo.setdefault(t, []).append(i)
        if todo:
            distinct = list(todo)
            t0 = time.perf_counter()
            vecs = self.embedder.encode(distinct, batch_size=self.batch_size)
            self.seconds += time.perf_counter() - t0
            self.encoded += len(distinct)
            with self._lock:
                for text, vec in zip(distinct, vecs, strict=True):
                    out[todo[text]] = vec
                    if self.cache_size:
                        self._cache[text] = vec
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        return out
