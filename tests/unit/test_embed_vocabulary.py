"""Vocabulary vectors kept on disk (cold start, issue 16 item 14): a second process reads, it does not embed again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tkgrag.embed import encode_vocabulary, vocabulary_file


class CountingEmbedder:
    """A deterministic embedder that counts the texts it is asked to embed (the vectors are beside the point)."""

    def __init__(self, name: str = "toy", dims: int = 4) -> None:
        self.name = name
        self.backend = "toy"
        self._dims = dims
        self.encoded = 0

    @property
    def dimensions(self) -> int:
        return self._dims

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        self.encoded += len(texts)
        out = np.zeros((len(texts), self._dims), dtype=np.float32)
        for i, t in enumerate(texts):
            out[i, len(t) % self._dims] = 1.0
        return out


NAMES = ["Make statement", "Consult", "Express intent to meet or negotiate"]


def test_second_process_reads_the_vectors_instead_of_embedding(tmp_path: Path) -> None:
    first = CountingEmbedder()
    want = first.encode(NAMES)
    first.encoded = 0
    got = encode_vocabulary(first, NAMES, cache_dir=tmp_path)
    assert first.encoded == 3 and np.array_equal(got, want)
    assert [f.name for f in tmp_path.iterdir()] == [vocabulary_file(first, tmp_path).name]  # no temporary file left

    later = CountingEmbedder()  # another process: same model, same names
    again = encode_vocabulary(later, NAMES, cache_dir=tmp_path)
    assert later.encoded == 0 and np.array_equal(again, want)


def test_only_new_names_are_embedded_and_another_model_starts_afresh(tmp_path: Path) -> None:
    encode_vocabulary(CountingEmbedder(), NAMES, cache_dir=tmp_path)
    more = CountingEmbedder()  # an ingest brought one relation name more, and the order changed
    names = ["Threaten", *reversed(NAMES), "Threaten"]
    got = encode_vocabulary(more, names, cache_dir=tmp_path)
    assert more.encoded == 1
    assert np.array_equal(got, more.encode(names))
    other_model = CountingEmbedder(name="other")
    encode_vocabulary(other_model, NAMES, cache_dir=tmp_path)
    assert other_model.encoded == 3
    assert len(list(tmp_path.glob("*.npz"))) == 2


def test_a_file_that_does_not_fit_is_ignored_and_rewritten(tmp_path: Path) -> None:
    emb = CountingEmbedder()
    path = vocabulary_file(emb, tmp_path)
    np.savez(path, texts=np.asarray(NAMES, dtype=str), vectors=np.zeros((2, 4), dtype=np.float32))  # 2 rows, 3 names
    got = encode_vocabulary(emb, NAMES, cache_dir=tmp_path)
    assert emb.encoded == 3 and got.shape == (3, 4)
    path.write_bytes(b"not a numpy file")
    emb.encoded = 0
    encode_vocabulary(emb, NAMES, cache_dir=tmp_path)
    assert emb.encoded == 3
    with np.load(path) as z:
        assert z["vectors"].shape == (3, 4) and z["texts"].tolist() == NAMES
