"""The learned answer scorer that stands in for EXAQT's R-GCN (Sec. 4), which needs a GPU to train: a linear model
over the answer-graph features of each candidate answer (``ranking.FEATURES``: relevance, tree membership, temporal
fit, ordinal position, answer-type match, ...), trained with a listwise softmax loss (the probability mass on a
question's gold answers, as the R-GCN's answer classification does per question) on TimeQuestions' dev questions.

It is tiny (one weight per feature plus the standardisation), so it ships as a versioned JSON file in
``tkgrag/data/`` (``exaqt_scorer.json``, with its model card ``exaqt_scorer.md``) instead of under
``$TKGRAG_HOME/models/``: it has no binary weights to download, and the repository's file is the one every checkout
evaluates. ``benchmarks/train_exaqt_scorer.py`` trains it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from tkgrag.errors import ConfigError
from tkgrag.retrievers.exaqt.ranking import FEATURES, AnswerScorer, exact_key

BUNDLED = Path(__file__).resolve().parents[2] / "data" / "exaqt_scorer.json"


@dataclass(frozen=True)
class RelevanceScorer(AnswerScorer):
    """The relevance-model ranking: within the exact temporal tier and ordinal position (``rank_answers`` keeps
    those), an answer's score is the question-fact relevance of its best fact alone (EXAQT's fine-tuned relevance,
    Sec. 3.2, as the answer feature); ties keep the symbolic order."""

    def score(self, features: Sequence[float]) -> float:
        return float(features[FEATURES.index("relevance")])


@dataclass(frozen=True)
class LinearScorer(AnswerScorer):
    """``score = bias + sum(weight * (x - mean) / scale)`` over ``features`` (names, in ``FEATURES`` order)."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float = 0.0
    version: str = "1"

    def __post_init__(self) -> None:
        n = len(self.features)
        if not (len(self.mean) == len(self.scale) == len(self.weights) == n):
            raise ConfigError(f"LinearScorer: {n} features but {len(self.mean)}/{len(self.scale)}/{len(self.weights)}")
        if tuple(self.features) != FEATURES:
            raise ConfigError(
                f"LinearScorer: trained on features {list(self.features)}, the ranking now has {list(FEATURES)}; "
                "retrain it (benchmarks/train_exaqt_scorer.py)"
            )

    def score(self, features: Sequence[float]) -> float:
        return self.bias + sum(
            w * (x - m) / s for w, x, m, s in zip(self.weights, features, self.mean, self.scale, strict=True)
        )

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.as_dict(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path | str = BUNDLED) -> LinearScorer:
        path = Path(path)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"EXAQT scorer file {path} does not exist; train it or use scorer=symbolic") from None
        except json.JSONDecodeError as exc:
            raise ConfigError(f"EXAQT scorer file {path}: not JSON ({exc})") from None
        try:
            features = tuple(str(x) for x in raw["features"])
            mean = tuple(float(x) for x in raw["mean"])
            scale = tuple(float(x) for x in raw["scale"])
            weights = tuple(float(x) for x in raw["weights"])
            # features the ranking gained after the scorer was trained (appended to FEATURES) weigh nothing
            added = FEATURES[len(features) :] if FEATURES[: len(features)] == features else ()
            return cls(
                features + added,
                mean + (0.0,) * len(added),
                scale + (1.0,) * len(added),
                weights + (0.0,) * len(added),
                float(raw.get("bias", 0.0)),
                str(raw.get("version", "1")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"EXAQT scorer file {path}: missing or bad field ({exc})") from None


@dataclass(frozen=True)
class Group:
    """One training question: its candidates' feature rows and which of them are gold."""

    x: np.ndarray  # (candidates, features)
    gold: np.ndarray  # bool (candidates,)


def listwise_loss(groups: Sequence[Group], w: np.ndarray) -> tuple[float, np.ndarray]:
    """Mean over questions of ``-log(sum of softmax(x @ w) over the gold candidates)`` and its gradient in ``w``
    (``x`` already standardised, with a column of ones for the bias)."""
    total = 0.0
    grad = np.zeros_like(w)
    for g in groups:
        z = g.x @ w
        z = z - z.max()
        p = np.exp(z)
        p /= p.sum()
        mass = float(p[g.gold].sum())
        total -= math.log(max(mass, 1e-12))
        # d/dz of -log(sum_gold p) = p - p * gold / mass
        dz = p - np.where(g.gold, p / max(mass, 1e-12), 0.0)
        grad += g.x.T @ dz
    n = max(1, len(groups))
    return total / n, grad / n


def train(
    groups: Sequence[Group], *, steps: int = 300, lr: float = 0.5, l2: float = 1e-3
) -> tuple[LinearScorer, list[float]]:
    """Full-batch gradient descent on ``listwise_loss`` + ``l2``; the scorer and the loss after every step."""
    if not groups:
        raise ConfigError("no training question has a gold answer among its candidates")
    stacked = np.vstack([g.x for g in groups])
    mean = stacked.mean(axis=0)
    scale = stacked.std(axis=0)
    scale[scale < 1e-9] = 1.0
    std = [Group((g.x - mean) / scale, g.gold) for g in groups]
    w = np.zeros(stacked.shape[1])
    losses = []
    for _ in range(steps):
        loss, grad = listwise_loss(std, w)
        loss += 0.5 * l2 * float(w @ w)
        w -= lr * (grad + l2 * w)
        losses.append(loss)
    # a bias shifts every candidate of a question alike: it does not change a ranking, so it stays 0
    return LinearScorer(FEATURES, tuple(mean.tolist()), tuple(scale.tolist()), tuple(w.tolist())), losses


def gated(group: Group, scores: np.ndarray) -> np.ndarray:
    """Scores that rank as ``rank_answers`` does with a scorer: within the exact temporal tier and ordinal position
    (``ranking.exact_key``) first, then by score. Returns an array whose argmax is the top answer."""
    keys = [(*exact_key(row), -s, i) for i, (row, s) in enumerate(zip(group.x, scores, strict=True))]
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    out = np.zeros(len(keys))
    for rank, i in enumerate(order):
        out[i] = -rank
    return out


def top1(groups: Sequence[Group], scores: Sequence[np.ndarray]) -> float:
    """Share of questions whose best-scored candidate is gold (first on ties, i.e. the input order)."""
    hits = [bool(g.gold[int(np.argmax(s))]) for g, s in zip(groups, scores, strict=True) if len(s)]
    return sum(hits) / len(groups) if groups else 0.0
