"""Pure parts of the pipeline: batching with a resume offset, the worker thread, the encoder cache."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pytest

from tkgrag.ingest.encoding import CachedEncoder
from tkgrag.ingest.pipeline import _chunks, prefetch
from tkgrag.sources.records import Reject, SourceRef


def rej(i: int) -> Reject:
    return Reject(SourceRef("f", i), "bad")


def test_chunks_count_items_and_carry_rejects_with_their_batch() -> None:
    items: list[str | Reject] = ["a", rej(2), "b", "c", rej(5), "d", "e"]
    out = list(_chunks(items, 2, skip=0))
    # batch 1 closes at its 2nd record ("b", item 3); the reject read on the way rides along
    assert [(recs, [r.ref.line for r in rs], n, end) for recs, rs, n, end in out] == [
        (["a", "b"], [2], 3, 3),
        (["c", "d"], [5], 3, 6),
        (["e"], [], 1, 7),
    ]


def test_chunks_skip_a_checkpoint() -> None:
    items: list[str | Reject] = ["a", rej(2), "b", "c", rej(5), "d", "e"]
    # resumed after item 3: batches restart at "c"; positions stay absolute
    assert [(recs, n, end) for recs, _, n, end in _chunks(items, 2, skip=3)] == [(["c", "d"], 3, 6), (["e"], 1, 7)]
    # everything already committed: one empty batch, so the run still finishes with its checkpoint
    assert [(recs, n, end) for recs, _, n, end in _chunks(items, 2, skip=7)] == [([], 0, 7)]


def test_prefetch_keeps_order_and_raises_worker_errors() -> None:
    assert list(prefetch(iter(range(50)), depth=2)) == list(range(50))

    def boom() -> Iterator[int]:
        yield 1
        raise ValueError("reader failed")

    got = []
    with pytest.raises(ValueError, match="reader failed"):
        for x in prefetch(boom(), depth=2):
            got.append(x)
    assert got == [1]


class CountingEmbedder:
    """A deterministic embedder that records what it was asked to encode (the cache is what is under test)."""

    name = "counting"
    dimensions = 3

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        self.calls.append(list(texts))
        return np.array([[len(t), 1.0, 0.0] for t in texts], dtype=np.float32)


def test_cached_encoder_encodes_each_distinct_text_once() -> None:
    emb = CountingEmbedder()
    enc = CachedEncoder(emb, cache_size=10)
    out = enc.encode(["aa", "b", "aa"])
    assert emb.calls == [["aa", "b"]]
    assert out.tolist() == [[2, 1, 0], [1, 1, 0], [2, 1, 0]]
    out2 = enc.encode(["b", "ccc"])  # "b" from the cache
    assert emb.calls[-1] == ["ccc"]
    assert out2.tolist() == [[1, 1, 0], [3, 1, 0]]
    assert (enc.encoded, enc.requested) == (3, 5)


def test_cached_encoder_cache_is_bounded() -> None:
    emb = CountingEmbedder()
    enc = CachedEncoder(emb, cache_size=2)
    enc.encode(["a", "bb", "ccc"])  # "a" is evicted (least recently used)
    enc.encode(["a", "ccc"])
    assert emb.calls[-1] == ["a"]
