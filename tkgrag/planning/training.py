"""``tkgrag prepare --train``: the models the store's data needs that are not trained yet, the minutes each may take
(``--max-minutes`` is the whole run's budget), and the training runs themselves.

Each run is the code of its `tkgrag train ...` command (same defaults, same output folder under
``$TKGRAG_HOME/models/``, resumable from its checkpoint), given at most its own budget and what is left of the total.
A model needs a question file to learn from (``--train-data NAME=PATH``); without one it is skipped with the reason.
A model whose minimum would not fit in what is left is skipped with the reason, never started and cut off useless.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.embed import Embedder
from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.planning.inventory import Inventory
from tkgrag.planning.readiness import State
from tkgrag.retrievers.base import Need
from tkgrag.store import Store


@dataclass(frozen=True)
class Trainable:
    """A model a method needs: what it makes ready, the command that trains it, the question file it learns from,
    its own budget and the least time that still gives a usable model (a checkpoint past the warm-up)."""

    name: str
    methods: tuple[str, ...]
    command: str
    data_help: str
    minutes: float
    min_minutes: float


# Budgets: the train commands' defaults measured on the 2-core machine (model cards): the retriever's 200 steps
# 2.2 min idle, ~10x under load; the reranker's 380 steps ~15 min; exaqt-relevance's 1,200 steps ~20-30 min.
RETRIEVER = Trainable(
    "retriever",
    ("timer4", "timer4-no-rewrite", "timer4-no-rerank"),
    "tkgrag train retriever TRAINING.jsonl",
    "questions from benchmarks/make_timer4_training.py (JSONL)",
    15.0,
    2.0,
)
RELEVANCE = Trainable(
    "exaqt-relevance",
    ("exaqt",),
    "tkgrag train exaqt-relevance DEV.json",
    "TimeQuestions-format questions (a dev file, never a test file)",
    30.0,
    3.0,
)
RERANKER = Trainable(
    "reranker",
    ("fastinsight", "re2", "stex-only", "granker-only"),
    "tkgrag train reranker --data PATH",
    "TimeQA- or MenatQA-format questions with gold passages",
    15.0,
    3.0,
)
TRAINABLE = {t.name: t for t in (RETRIEVER, RELEVANCE, RERANKER)}


def missing_models(inv: Inventory, *, relevance_trained: bool) -> list[Trainable]:
    """The models the store's kinds need and lack, in training order (the retriever first: the TKS step after the
    training writes its vectors). exaqt runs without its relevance model (the base encoder) but ranks better with
    one, so a fact store without it lists it too."""
    out: list[Trainable] = []
    kinds = inv.kinds
    tka = inv.prepared.get(Need.TIME_AWARE_MODEL.value)
    no_model = tka is not None and tka.state is State.MISSING and tka.reason.startswith("no time-aware retriever")
    if kinds & {ItemKind.EVENT, ItemKind.FACT} and no_model:
        out.append(RETRIEVER)
    if ItemKind.FACT in kinds and not relevance_trained:
        out.append(RELEVANCE)
    ce = inv.prepared.get(Need.CROSS_ENCODER.value)
    if ItemKind.CHUNK in kinds and ce is not None and ce.state is State.MISSING:
        out.append(RERANKER)
    return out


@dataclass
class Budget:
    """The run's total (``--max-minutes``; 0: none) and what the steps so far used."""

    total_minutes: float = 0.0
    used_minutes: float = 0.0

    def left(self) -> float | None:
        return None if self.total_minutes <= 0 else max(0.0, self.total_minutes - self.used_minutes)

    def spend(self, seconds: float) -> None:
        self.used_minutes += seconds / 60.0

    def spent(self) -> str | None:
        """Why a step cannot start (the budget is used up), or None."""
        left = self.left()
        if left is not None and left <= 0:
            return f"skipped: the --max-minutes budget ({self.total_minutes:g} min) is spent"
        return None

    def grant(self, t: Trainable) -> tuple[float, str | None]:
        """(minutes ``t`` may train, None) or (0, why it is skipped): its own budget, cut to what is left; skipped
        when what is left is under its minimum."""
        left = self.left()
        if left is None:
            return t.minutes, None
        if left < t.min_minutes:
            return 0.0, (
                f"skipped: would not fit: {t.name} needs at least {t.min_minutes:g} min, "
                f"{left:.1f} of --max-minutes {self.total_minutes:g} left"
            )
        return min(t.minutes, left), None


def parse_train_data(items: list[str]) -> dict[str, Path]:
    """``NAME=PATH`` pairs (``--train-data``): a clear error naming the item when it is malformed or unknown."""
    out: dict[str, Path] = {}
    for item in items:
        name, sep, path = item.partition("=")
        if not sep or not path:
            raise ConfigError(f"--train-data {item!r}: expected NAME=PATH, NAME one of {', '.join(TRAINABLE)}")
        if name not in TRAINABLE:
            raise ConfigError(f"--train-data {item!r}: unknown model {name!r}; one of {', '.join(TRAINABLE)}")
        if not Path(path).is_file():
            raise ConfigError(f"--train-data {item!r}: {path} is not a file")
        out[name] = Path(path)
    return out


def relevance_trained(home: Path) -> bool:
    from tkgrag.retrievers.exaqt.relevance import MODEL_NAME, model_path

    return model_path(MODEL_NAME, home) is not None


def train_model(
    t: Trainable,
    data: Path,
    minutes: float,
    store: Store,
    embedder: Embedder,
    home: Path,
    overrides: Mapping[str, Any] | None = None,
) -> str:
    """Train ``t`` from ``data`` for at most ``minutes`` into its default folder under ``home/models``; what was
    done, in one line. ``overrides`` change the training config's fields (tests: a few steps of a tiny model)."""
    extra = dict(overrides or {})
    if t is RETRIEVER:
        from tkgrag.train.card import write_card
        from tkgrag.train.retriever import TrainConfig, train

        rconfig = TrainConfig(data=data, out=home / "models" / "timer4-retriever", max_minutes=minutes, **extra)
        report = train(rconfig, validate=False)
        write_card(rconfig, report)
        return f"trained {report.steps_done} steps in {report.seconds / 60:.1f} min -> {rconfig.out / 'model'}"
    if t is RERANKER:
        from tkgrag.rerank.cross_encoder import default_reranker_path
        from tkgrag.train.reranker import TrainConfig as RerankConfig
        from tkgrag.train.reranker import train as train_reranker

        cconfig = RerankConfig(datasets=(str(data),), max_minutes=minutes, **extra)
        target = default_reranker_path(home)
        m = train_reranker(cconfig, target)
        return f"trained {m['steps']} steps in {m['train_seconds']} s -> {target}"
    if t is RELEVANCE:
        from tkgrag.retrievers.exaqt.relevance import MODEL_NAME
        from tkgrag.sources.benchmarks import load_dataset
        from tkgrag.train.exaqt_relevance import build_pairs, check_questions_file, train_relevance
        from tkgrag.train.retriever import TrainConfig

        check_questions_file(data)
        out = home / "models" / MODEL_NAME
        pairs = out / "pairs.jsonl"
        limit = extra.pop("limit", None)
        if not pairs.exists():
            questions = load_dataset(data, format="timequestions").questions[:limit]
            build_pairs(store, embedder, questions, pairs)
        econfig = TrainConfig(data=pairs, out=out, max_minutes=minutes, frozen_documents=True, **extra)
        result = train_relevance(econfig)
        r = result.train
        return f"trained {r.steps_done} steps in {r.seconds / 60:.1f} min -> {out / 'model'}"
    raise ConfigError(f"no trainer for {t.name!r}")
