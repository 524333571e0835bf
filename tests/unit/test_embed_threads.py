"""The torch embedder is called from two threads at once by the EXAQT answer graph (a worker links the next
batch while the caller grounds anchors): its ``encode`` must run one call at a time (review-9 S3)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from tkgrag.embed import SentenceTransformerEmbedder

TEXTS = [["Angela Merkel met Emmanuel Macron"], ["Protest in Kyiv", "Consult"]]


class OverlapProbe:
    """Wraps the real model: each call waits (up to a second) for a second call to enter. Two calls inside the model
    at once are counted; with the lock the second cannot enter, so the wait just runs out."""

    def __init__(self, model: Any) -> None:
        self._model = model
        self._guard = threading.Lock()
        self._inside = 0
        self.most_inside = 0
        self._second = threading.Event()

    def encode(self, *args: Any, **kwargs: Any) -> Any:
        with self._guard:
            self._inside += 1
            self.most_inside = max(self.most_inside, self._inside)
            if self._inside > 1:
                self._second.set()
        self._second.wait(timeout=1.0)
        try:
            return self._model.encode(*args, **kwargs)
        finally:
            with self._guard:
                self._inside -= 1


def test_two_threads_encode_one_at_a_time_and_get_the_single_thread_vectors() -> None:
    emb = SentenceTransformerEmbedder("sentence-transformers/all-MiniLM-L6-v2")
    want = [emb.encode(t) for t in TEXTS]
    probe = OverlapProbe(emb._model)
    emb._model = probe
    with ThreadPoolExecutor(max_workers=2) as pool:
        got = list(pool.map(emb.encode, TEXTS))
    assert probe.most_inside == 1
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, atol=1e-6)
