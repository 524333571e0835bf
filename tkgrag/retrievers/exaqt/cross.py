"""A cross-encoder for EXAQT's question-fact relevance at ranking time (``scorer=cross``; issue 29, exaqt-8).

The relevance model (``relevance.py``) is a bi-encoder: the question and the fact are encoded apart, which matches
topics well and the question's relation or constraint less well ("what team with mascot named champ did lamar odom
play for in 2011": every team Odom played for is as close as the one with the mascot). A cross-encoder reads the
question and the verbalised fact together. ``tkgrag train exaqt-cross`` fine-tunes one from the local
all-MiniLM-L6-v2 weights on TimeQuestions dev.json answer graphs (positives: facts that state a gold answer; hard
negatives: the other facts of the same answer graph).

At ranking time (``CrossScorer``) each fact of the answer graph gets the relevance
``weight * sigmoid(logit) + (1 - weight) * bi-encoder relevance`` and the answers are ranked as the ``relevance``
scorer ranks them (an answer's score is the relevance of its best fact; the temporal tiers as today's default
treats them). Stage 1 (the top-25 cut, the Steiner trees) keeps the bi-encoder relevance. Without a trained model
the ranking falls back to ``relevance`` and the notes say so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from tkgrag.retrievers.exaqt.ranking import AnswerFact

MODEL_NAME = "exaqt-cross"  # `tkgrag train exaqt-cross`'s default output under $TKGRAG_HOME/models/
MAX_LENGTH = 96  # tokens per (question, fact) pair: a question and a verbalised fact fit (facts are one line)


def fact_text(fact: AnswerFact) -> str:
    """The verbalised fact the cross-encoder reads: the fact node's text (subject, relation, object, qualifiers and
    time, as the fact index embedded it)."""
    return fact.evidence.text


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


@dataclass
class CrossScorer:
    """The ``relevance`` ranking over facts re-scored by a cross-encoder (module docstring). ``score_pairs``:
    (question, fact texts) -> logits (a ``CrossEncoderReranker.score``). The logits of the latest question's facts
    are kept (``cache``) so several rankings of one answer graph score it once; another question clears them (the
    cache holds one answer graph, not every question a service is asked)."""

    score_pairs: Callable[[str, Sequence[str]], np.ndarray]
    weight: float = 1.0
    cache: dict[tuple[str, str], float] = field(default_factory=dict, repr=False)

    def logits(self, question: str, facts: Sequence[AnswerFact]) -> list[float]:
        if self.cache and next(iter(self.cache))[0] != question:
            self.cache.clear()
        missing = list(dict.fromkeys(f.evidence.key for f in facts if (question, f.evidence.key) not in self.cache))
        if missing:
            text = {f.evidence.key: fact_text(f) for f in facts}
            for key, s in zip(missing, self.score_pairs(question, [text[k] for k in missing]), strict=True):
                self.cache[(question, key)] = float(s)
        return [self.cache[(question, f.evidence.key)] for f in facts]

    def rescore(self, question: str, facts: Sequence[AnswerFact], weight: float | None = None) -> list[AnswerFact]:
        """``facts`` with the mixed relevance (the bi-encoder's kept as it is when ``weight`` is 0)."""
        w = self.weight if weight is None else weight
        if not facts or w == 0.0:
            return list(facts)
        return [
            replace(f, relevance=round(w * sigmoid(s) + (1.0 - w) * f.relevance, 9))
            for f, s in zip(facts, self.logits(question, facts), strict=True)
        ]

    def with_weight(self, weight: float) -> CrossScorer:
        """The same model and logit cache with another mixing weight."""
        return CrossScorer(self.score_pairs, weight, self.cache)


def memo_pairs(score: Callable[[str, Sequence[str]], np.ndarray]) -> Callable[[str, Sequence[str]], np.ndarray]:
    """``score`` with each (question, text) pair scored once (the held-out figures read the same pairs twice)."""
    seen: dict[tuple[str, str], float] = {}

    def scored(question: str, texts: Sequence[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if (question, t) not in seen))
        if missing:
            for t, s in zip(missing, score(question, missing), strict=True):
                seen[(question, t)] = float(s)
        return np.array([seen[(question, t)] for t in texts], dtype=np.float64)

    return scored


def model_path(name: str, home: Path | None = None) -> Path:
    """``name`` as a folder when it is one, else ``$TKGRAG_HOME/models/<name>``."""
    given = Path(name).expanduser()
    if given.is_absolute() or given.exists():
        return given
    if home is None:
        from tkgrag.config import load_settings

        home = load_settings().home
    return home / "models" / name


def trained_max_length(path: Path) -> int:
    """The tokens per pair the model at ``path`` was trained with (its ``card.json``), else ``MAX_LENGTH``."""
    import json

    try:
        card = json.loads((path / "card.json").read_text(encoding="utf-8"))
        value = card["config"]["max_length"]
    except (OSError, ValueError, KeyError, TypeError):
        return MAX_LENGTH
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else MAX_LENGTH


def load_cross(name: str, weight: float) -> tuple[CrossScorer | None, str]:
    """The cross-encoder ``name`` as a ``CrossScorer`` and a note; (None, a note saying the ranking falls back to
    relevance) when no model is there."""
    path = model_path(name or MODEL_NAME)
    if not (path / "config.json").is_file():
        return None, (
            f"ranking: relevance (fallback: no cross-encoder at {path}; train one with `tkgrag train exaqt-cross`)"
        )
    from tkgrag.rerank.cross_encoder import CrossEncoderReranker  # torch only when a cross-encoder is used

    ce = CrossEncoderReranker(str(path), batch_size=64, max_length=trained_max_length(path))
    return CrossScorer(ce.score, weight), f"ranking: cross-encoder relevance {path} (weight {weight:g})"
