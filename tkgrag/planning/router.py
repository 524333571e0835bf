"""``auto``'s fitted router: a multinomial logistic model over what the store says of a question, fitted on labelled
TRAINING questions of one store (``tkgrag train router``), used by the planner where it exists.

Why fitted, on top of the label-free null (``tkgrag.planning.calibration``): the null puts each kind's probe on one
scale but knows nothing of how a kind's questions are asked; where labelled questions exist, a small model learns
which mix of the raw probe, its percentile, the linked entities' items and the parse's time signals marks each kind.

What it decides: among the LABELLED classes only (events, facts, passages, and "none": questions of no kind the
store holds). Chunks have no labelled questions anywhere (MuSiQue has no training split), so chunks stay label-free:
the planner decides chunks against the model's kind by the calibrated value (``planner.route_fitted``).

- ``Features``: the fixed feature vector (``FEATURES`` names; the question embedding optionally appended);
- ``softmax`` / ``Router.probabilities``: p(class) = exp(z_c) / sum exp(z), z = W (x - mean) / scale + b;
- ``fit``: L2-regularised maximum likelihood by full-batch gradient descent (convex: the start does not matter).

Pure (numpy only): the store side (probe, null, linked counts) is ``AutoRetriever.features``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.model import ItemKind

CLASSES = ("event", "fact", "passage", "none")  # the labelled classes; "none": no kind the store holds
LABELLED_KINDS = (ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE)
PROBED = (ItemKind.EVENT, ItemKind.FACT, ItemKind.PASSAGE, ItemKind.CHUNK)
FEATURES = (
    *(f"raw_{k.value}" for k in PROBED),
    *(f"pct_{k.value}" for k in PROBED),
    "log1p_linked_events",
    "log1p_linked_facts",
    "states_time",
    "temporal",
)
ROUTER_FILE = "router.json"


@dataclass(frozen=True)
class Features:
    """What the store and the parse say of one question (absent kinds: raw 0, percentile 0.5)."""

    raw: Mapping[ItemKind, float]
    pct: Mapping[ItemKind, float | None]
    linked_events: int = 0
    linked_facts: int = 0
    states_time: bool = False
    temporal: bool = False

    def vector(self) -> list[float]:
        pct = [self.pct.get(k) for k in PROBED]
        return [
            *(float(self.raw.get(k, 0.0)) for k in PROBED),
            *(0.5 if p is None else float(p) for p in pct),
            math.log1p(self.linked_events),
            math.log1p(self.linked_facts),
            float(self.states_time),
            float(self.temporal),
        ]


def softmax(z: Sequence[float]) -> list[float]:
    """exp(z_i - max z) / sum_j exp(z_j - max z) (the max subtracted so large logits do not overflow)."""
    top = max(z)
    e = [math.exp(v - top) for v in z]
    s = sum(e)
    return [v / s for v in e]


@dataclass
class Router:
    """A fitted router: standardisation, weights (one row per class) and what it was fitted on (the model card)."""

    classes: tuple[str, ...]
    mean: list[float]
    scale: list[float]
    weights: list[list[float]]
    bias: list[float]
    embedding: bool = False  # the question embedding appended to ``FEATURES``
    card: dict[str, Any] = field(default_factory=dict)

    def logits(self, x: Sequence[float]) -> list[float]:
        if len(x) != len(self.mean):
            raise ValueError(f"router: {len(x)} features given, the model takes {len(self.mean)}")
        z = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        rows = zip(self.weights, self.bias, strict=True)
        return [sum(w * v for w, v in zip(row, z, strict=True)) + b for row, b in rows]

    def probabilities(self, x: Sequence[float]) -> dict[str, float]:
        return dict(zip(self.classes, softmax(self.logits(x)), strict=True))

    def as_dict(self) -> dict[str, Any]:
        return {
            "classes": list(self.classes),
            "features": list(FEATURES) + (["embedding..."] if self.embedding else []),
            "mean": self.mean,
            "scale": self.scale,
            "weights": self.weights,
            "bias": self.bias,
            "embedding": self.embedding,
            "card": self.card,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Router:
        return cls(
            tuple(d["classes"]),
            [float(v) for v in d["mean"]],
            [float(v) for v in d["scale"]],
            [[float(v) for v in row] for row in d["weights"]],
            [float(v) for v in d["bias"]],
            bool(d.get("embedding", False)),
            dict(d.get("card", {})),
        )

    def save(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / ROUTER_FILE
        path.write_text(json.dumps(self.as_dict()))
        return path

    @classmethod
    def load(cls, path: Path) -> Router:
        try:
            return cls.from_dict(json.loads(path.read_text()))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path}: not a router model ({exc})") from exc


def fit(
    x: Sequence[Sequence[float]],
    y: Sequence[str],
    classes: Sequence[str] = CLASSES,
    l2: float = 1e-2,
    steps: int = 3000,
    lr: float = 0.5,
) -> Router:
    """Multinomial logistic regression: minimise mean cross-entropy + ``l2``/2 |W|^2 over standardised features by
    full-batch gradient descent (the bias is not penalised). A constant feature gets scale 1 (it stays 0)."""
    X = np.asarray(x, dtype=float)
    if X.ndim != 2 or len(X) != len(y) or not len(X):
        raise ValueError("fit: x must be a non-empty matrix with one row per label")
    index = {c: i for i, c in enumerate(classes)}
    unknown = sorted({c for c in y if c not in index})
    if unknown:
        raise ValueError(f"fit: labels {unknown} are not among the classes {list(classes)}")
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale == 0] = 1.0
    Z = (X - mean) / scale
    Y = np.zeros((len(X), len(classes)))
    Y[np.arange(len(X)), [index[c] for c in y]] = 1.0
    W = np.zeros((len(classes), X.shape[1]))
    b = np.zeros(len(classes))
    n = len(X)
    for _ in range(steps):
        logits = Z @ W.T + b
        logits -= logits.max(axis=1, keepdims=True)
        P = np.exp(logits)
        P /= P.sum(axis=1, keepdims=True)
        G = P - Y
        W -= lr * (G.T @ Z / n + l2 * W)
        b -= lr * G.mean(axis=0)
    return Router(tuple(classes), mean.tolist(), scale.tolist(), W.tolist(), b.tolist())


def accuracy(router: Router, x: Sequence[Sequence[float]], y: Sequence[str]) -> float:
    """The share of rows whose most probable class is their label."""
    if not len(y):
        return 0.0
    hits = 0
    for row, label in zip(x, y, strict=True):
        p = router.probabilities(row)
        hits += max(p, key=lambda c: p[c]) == label
    return hits / len(y)


def router_store(store: Any, embedder: str) -> dict[str, str]:
    """What a router is fitted for: the server, the database and the embedder (its card's ``store``)."""
    return {"uri": str(store.uri), "database": str(store.database), "embedder": embedder}


def find_router(models: Path, store: Mapping[str, str]) -> tuple[str, Router] | None:
    """The router fitted for ``store`` (its ``uri``, ``database`` and ``embedder``, as the model card records them)
    among ``models/*/router.json``; the most recently written one when several fit. None: no router for this store
    (``auto`` then uses the label-free null alone). An unreadable file is passed over."""
    found: list[tuple[float, str, Router]] = []
    for path in sorted(models.glob(f"*/{ROUTER_FILE}")) if models.is_dir() else []:
        try:
            r = Router.load(path)
        except (OSError, ValueError):
            continue
        if all(r.card.get("store", {}).get(k) == v for k, v in store.items()):
            found.append((path.stat().st_mtime, path.parent.name, r))
    if not found:
        return None
    _, name, router = max(found, key=lambda t: t[0])
    return name, router
