"""EXAQT's question-fact relevance model (Sec. 3.2: BERT fine-tuned for question-fact relevance by distant
supervision), here the MiniLM bi-encoder fine-tuned on TimeQuestions dev questions by `tkgrag train exaqt-relevance`.

Distant supervision (``distant_pairs``, pure): among the facts of a question's NERD entities, a **positive** names a
question entity and states a gold answer (another entity of the fact, its literal value, or for a date answer its
start or end year: the slice is year-precise); a **hard negative** is another fact of the same entities that states
no gold answer, hardest (highest base relevance) first.

Only the question tower is trained (``TrainConfig.frozen_documents``): the facts keep the vectors the base model
stored in the fact index, so Stage 1 still scores every candidate fact in Cypher against one question vector and no
re-embedding of the KG is needed. ``load_relevance`` finds the model; without one the retriever falls back to the
base bi-encoder and says so in its notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tkgrag.embed import Embedder
from tkgrag.eval.matching import parse_time, same_answer

MODEL_NAME = "exaqt-relevance"  # `tkgrag train exaqt-relevance`'s default output under $TKGRAG_HOME/models/
BASE = "base"  # ExaqtConfig.relevance_model value that forces the base bi-encoder


@dataclass(frozen=True)
class PairFact:
    """What distant supervision reads of a candidate fact: its entities (key, name), literal value, start/end years
    and its base relevance (the hardness of a negative)."""

    key: str
    relevance: float
    entities: tuple[tuple[str, str], ...]
    value: str | None = None
    years: frozenset[int] = frozenset()


@dataclass(frozen=True)
class DistantPairs:
    """Fact keys of one question: positives and hard negatives, each best (highest base relevance) first."""

    positives: list[str]
    negatives: list[str]


def states_gold(fact: PairFact, golds: Sequence[str], skip: frozenset[str] = frozenset()) -> bool:
    """Whether ``fact`` states one of the gold answer forms (QIDs, labels, dates) through an entity not in ``skip``,
    its value, or (a date gold) its start or end year."""
    for form in golds:
        if any(same_answer(k, form) or same_answer(n, form) for k, n in fact.entities if k not in skip):
            return True
        if fact.value is not None and same_answer(fact.value, form):
            return True
        t = parse_time(form)
        if t is not None and t.start is not None and t.start.year in fact.years:
            return True
    return False


class GoldFacts:
    """``states_gold`` for many facts of one question: each distinct entity key, name or value is matched against
    the gold forms once, and the gold years are parsed once (the same answer as ``states_gold``, fact by fact)."""

    def __init__(self, golds: Sequence[str]) -> None:
        self.golds = list(golds)
        self.years = frozenset(
            t.start.year for t in (parse_time(form) for form in golds) if t is not None and t.start is not None
        )
        self._memo: dict[str, bool] = {}

    def _gold(self, text: str) -> bool:
        hit = self._memo.get(text)
        if hit is None:
            hit = self._memo[text] = any(same_answer(text, form) for form in self.golds)
        return hit

    def stated_by(self, fact: PairFact) -> bool:
        if any(self._gold(k) or self._gold(n) for k, n in fact.entities):
            return True
        if fact.value is not None and self._gold(fact.value):
            return True
        return bool(self.years & fact.years)


def distant_pairs(facts: Sequence[PairFact], question_entities: Sequence[str], golds: Sequence[str]) -> DistantPairs:
    """Positives and hard negatives among ``facts`` (see the module docstring). A question entity that is itself a
    gold answer (dense NERD may link the answer) joins nothing: its facts are neither positives nor negatives."""
    qents = frozenset(question_entities)
    gold_entities = frozenset(k for f in facts for k, n in f.entities if k in qents and _is_gold(k, n, golds))
    anchors = qents - gold_entities
    ordered = sorted(facts, key=lambda f: (-f.relevance, f.key))
    positives, negatives = [], []
    for f in ordered:
        keys = {k for k, _ in f.entities}
        if states_gold(f, golds):
            if keys & anchors and states_gold(f, golds, skip=anchors):
                positives.append(f.key)
        elif keys & anchors:
            negatives.append(f.key)
    return DistantPairs(positives, negatives)


def _is_gold(key: str, name: str, golds: Sequence[str]) -> bool:
    return any(same_answer(key, g) or same_answer(name, g) for g in golds)


def model_path(model: str, home: Path) -> Path | None:
    """The relevance model folder: ``model`` as a path when it is one, else ``home/models/<model>/model``; None when
    no model is there (or ``model`` is empty or ``BASE``)."""
    if not model or model == BASE:
        return None
    given = Path(model).expanduser()
    path = given if given.is_absolute() or given.exists() else home / "models" / model / "model"
    return path if (path / "modules.json").exists() or (path / "config.json").exists() else None


def load_relevance(model: str, home: Path | None = None) -> tuple[Embedder | None, str]:
    """The fine-tuned question encoder and a note naming what scores relevance (the base bi-encoder when None)."""
    if home is None:
        from tkgrag.config import load_settings

        home = load_settings().home
    path = model_path(model, home)
    if path is None:
        why = "relevance_model=base" if model in ("", BASE) else f"no model {model!r} under {home / 'models'}"
        return None, f"relevance: base bi-encoder ({why}; `tkgrag train exaqt-relevance` fine-tunes one)"
    from tkgrag.embed import default_embedder

    return default_embedder(str(path)), f"relevance: fine-tuned question encoder {path}"
