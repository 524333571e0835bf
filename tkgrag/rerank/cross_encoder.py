"""Cross-encoders for reranking and for FastInsight's GRanker.

GRanker (FastInsight Sec. 3.3, Alg. 2) needs a cross-encoder split in two: the **latent vector** ``H`` of each
(query, node) pair -- the transformer's final hidden state of the ``[CLS]`` token, before the classification head --
and the **head** (``MLP`` in Alg. 2 line 7) that turns a (graph-smoothed) latent vector into a relevance score. Sec.
4.1.1: "frozen [CLS] features extracted from the reranker (pre-MLP) to initialize H, leverages the last two layers of
its classification head as MLP". ``head(latents(q, texts)) == score(q, texts)``: plain reranking (Re2) is the same
model without the graph step.

Any sentence-transformers ``CrossEncoder`` by name or path works (``TKGRAG_RERANKER_MODEL``); the head is read off
the two usual Hugging Face layouts: BERT-style (``bert.pooler`` dense + tanh, then ``classifier``) and RoBERTa /
XLM-R style (``classifier.dense`` + tanh, then ``classifier.out_proj``: bge-reranker). Without a setting the model
``tkgrag train reranker`` writes is used.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from tkgrag.errors import ConfigError

RERANKER_ENV = "TKGRAG_RERANKER_MODEL"
DEFAULT_RERANKER_DIR = "reranker-minilm"  # under $TKGRAG_HOME/models/, written by `tkgrag train reranker`
MAX_LENGTH = 128  # tokens per (query, passage) pair: most MuSiQue passages fit (median ~90); CPU cost grows with it


@runtime_checkable
class Reranker(Protocol):
    """A cross-encoder whose latent vectors and head can be used apart (GRanker) or together (reranking)."""

    name: str

    def latents(self, query: str, texts: Sequence[str]) -> np.ndarray:
        """``H``: one row per text, the pair's pre-head representation."""
        ...

    def head(self, latents: np.ndarray) -> np.ndarray:
        """Relevance scores (logits) of latent rows."""
        ...


def default_reranker_path(home: Path | None = None) -> Path:
    if home is None:
        from tkgrag.config import load_settings

        home = load_settings().home
    return home / "models" / DEFAULT_RERANKER_DIR


def reranker_name(explicit: str | None = None) -> str:
    """The model to load: ``explicit``, else ``TKGRAG_RERANKER_MODEL``, else the trained model's folder."""
    if explicit:
        return explicit
    env = os.environ.get(RERANKER_ENV, "").strip()
    if env:
        return env
    path = default_reranker_path()
    if not (path / "config.json").is_file():
        raise ConfigError(
            f"no cross-encoder: set {RERANKER_ENV} to a sentence-transformers CrossEncoder name or path, or run "
            f"`tkgrag train reranker` (writes {path})"
        )
    return str(path)


def _head_of(model: Any) -> tuple[list[Any], Any]:
    """(layers before the activation, final linear) of a sequence-classification model's head."""
    cls = getattr(model, "classifier", None)
    pooler = getattr(getattr(model, "bert", None), "pooler", None)
    if pooler is not None and cls is not None and hasattr(cls, "weight"):
        return [pooler.dense], cls
    if cls is not None and hasattr(cls, "dense") and hasattr(cls, "out_proj"):
        return [cls.dense], cls.out_proj
    raise ConfigError(
        f"cross-encoder {type(model).__name__}: its classification head is neither BERT-style (pooler + classifier) "
        "nor RoBERTa-style (classifier.dense + out_proj); GRanker cannot split latents from the head"
    )


@dataclass
class CrossEncoderReranker:
    """A sentence-transformers ``CrossEncoder`` (num_labels = 1) on CPU, split into latents and head.

    ``calls`` counts (query, text) pairs encoded, the cost measure of the paper's Sec. 5.2."""

    name: str
    batch_size: int = 32
    max_length: int = MAX_LENGTH
    calls: int = 0
    _ce: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import CrossEncoder

        try:
            self._ce = CrossEncoder(self.name, num_labels=1, max_length=self.max_length, device="cpu")
        except OSError as exc:
            raise ConfigError(f"could not load cross-encoder {self.name!r} ({RERANKER_ENV}): {exc}") from None
        self._ce.model.eval()
        self._pre, self._out = _head_of(self._ce.model)

    @property
    def model(self) -> Any:
        return self._ce.model

    def latents(self, query: str, texts: Sequence[str]) -> np.ndarray:
        import torch

        self.calls += len(texts)
        out = np.zeros((len(texts), int(self.model.config.hidden_size)), dtype=np.float32)
        if not texts:
            return out
        # Batches of similar length pad little: sort by length, write each row back to its place.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        base = self.model.base_model
        with torch.inference_mode():
            for i in range(0, len(order), self.batch_size):
                idx = order[i : i + self.batch_size]
                enc = self._ce.tokenizer(
                    [query] * len(idx),
                    [texts[j] for j in idx],
                    padding=True,
                    truncation="only_second",
                    max_length=self.max_length,
                    return_tensors="pt",
                )
                out[idx] = base(**enc).last_hidden_state[:, 0].float().numpy()
        return out

    def head(self, latents: np.ndarray) -> np.ndarray:
        import torch

        if len(latents) == 0:
            return np.zeros(0, dtype=np.float32)
        with torch.inference_mode():
            x = torch.from_numpy(np.ascontiguousarray(latents, dtype=np.float32))
            for layer in self._pre:
                x = torch.tanh(layer(x))
            return self._out(x).squeeze(-1).float().numpy()

    def score(self, query: str, texts: Sequence[str]) -> np.ndarray:
        """Plain cross-encoder relevance (retrieve-then-rerank)."""
        return self.head(self.latents(query, texts))


_CACHE: dict[str, CrossEncoderReranker] = {}


def load_reranker(name: str | None = None) -> CrossEncoderReranker:
    """The cross-encoder ``name`` (see ``reranker_name``), loaded once per process."""
    resolved = reranker_name(name)
    if resolved not in _CACHE:
        _CACHE[resolved] = CrossEncoderReranker(resolved)
    return _CACHE[resolved]
