"""Vocabulary vectors kept on disk (cold start, issue 16 item 14): a second process reads, it does not embed again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tkgrag.embed import encode_vocabulary, vocabulary_key


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
    files = list(tmp_path.iterdir())
    assert [f.name for f in files] == [f"{vocabulary_key(first, NAMES)}.npy"]  # no temporary file left behind

    later = CountingEmbedder()  # another process: same model, same names
    again = encode_vocabulary(later, NAMES, cache_dir=tmp_path)
    assert later.encoded == 0 and np.array_equal(again, want)


def test_other_names_or_another_model_are_embedded_afresh(tmp_path: Path) -> None:
    encode_vocabulary(CountingEmbedder(), NAMES, cache_dir=tmp_path)
    more = CountingEmbedder()
    encode_vocabulary(more, [*NAMES, "Threaten"], cache_dir=tmp_path)
    assert more.encoded == 4
    other_model = CountingEmbedder(name="other")
    encode_vocabulary(other_model, NAMES, cache_dir=tmp_path)
    assert other_model.encoded == 3
    assert len(list(tmp_path.glob("*.npy"))) == 3


def test_a_file_that_does_not_fit_is_ignored_and_rewritten(tmp_path: Path) -> None:
    emb = CountingEmbedder()
    path = tmp_path / f"{vocabulary_key(emb, NAMES)}.npy"
    np.save(path, np.zeros((2, 4), dtype=np.float32))  # two rows for three names
    got = encode_vocabulary(emb, NAMES, cache_dir=tmp_path)
    assert emb.encoded == 3 and got.shape == (3, 4)
    path.write_bytes(b"not a numpy file")
    emb.encoded = 0
    encode_vocabulary(emb, NAMES, cache_dir=tmp_path)
    assert emb.encoded == 3 and np.load(path).shape == (3, 4)
