"""Contrastive fine-tuning of TimeR4's time-aware retriever (Sec. 4.4): the encoder of the Temporal Knowledge Store.

Each step takes ``batch_size`` training questions, their gold facts and the three hard negatives per question (time,
content, both corrupted), and the other questions' gold facts as in-batch negatives (Sec. 5.1: "in-batch negatives
and three hard negatives"). Two losses:

* ``mnrl`` (default): sentence-transformers' MultipleNegativesRankingLoss with hard negatives: cross-entropy of
  ``scale x cos(q, .)`` over the question's positive, every in-batch positive and every hard negative.
* ``eq8``: the paper's weighted contrastive loss, Eq. 8, over the same pairs. As printed, Eq. 8 would be minimised by
  LOWERING the positives' similarity (``w_p Y exp(phi)``); we use the orientation its text states ("minimize the
  distance between positive pairs and maximize the distance between negative pairs"):
  ``w_p mean_pos exp(1 - phi) + w_n mean_neg exp(phi)``.

Checkpoints (model, optimiser, scheduler, step, losses, RNG) are written every ``checkpoint_every`` steps, atomically;
a run started again with the same data and config resumes after the last one. The batches are a function of the
seed and the step, so a resumed run sees the same batches an uninterrupted run would.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.checkpoints import load_checkpoint
from tkgrag.errors import ConfigError
from tkgrag.threads import limit_torch_for_training
from tkgrag.train.questions import read_jsonl

MODEL_DIR = "model"  # the fine-tuned sentence-transformers model inside the output folder
CHECKPOINT = "checkpoint/state.pt"
LOSSES = ("mnrl", "eq8")


@dataclass(frozen=True)
class TrainConfig:
    """Defaults sized for the budget: <= 30 min on 2 CPU cores (see the model card for the measured wall time)."""

    data: Path
    out: Path
    base_model: str = "all-MiniLM-L6-v2"  # Sec. 5.1: SentenceBERT as the base encoder
    # 200 steps x 8 questions (x 5 texts: question, gold, 3 negatives): 1.7 min of training, 2.2 min wall with both
    # validations, on the idle 2 cores (measured; benchmarks/results/2026-11-25/timer4-2/). Torch slows ~10x when
    # another busy process shares the two cores (8.5-45 s a step measured), which `max_minutes` bounds.
    steps: int = 200
    batch_size: int = 8
    hard_negatives: int = 3  # Sec. 5.1: "three hard negatives"
    lr: float = 1e-4
    freeze_embeddings: bool = True  # the 12M-parameter token embedding table: half the optimiser's work, kept as is
    warmup: float = 0.1  # share of steps with a linear warm-up
    loss: str = "mnrl"
    scale: float = 20.0  # MNRL's similarity scale (sentence-transformers' default)
    w_p: float = 1.0  # Eq. 8 weights
    w_n: float = 1.0
    max_seq_length: int = 64
    checkpoint_every: int = 50
    seed: int = 13
    # Stop after this many minutes of training (0: no limit), save the model and keep the checkpoint: the same command
    # without it resumes to ``steps``. Not part of a checkpoint's identity.
    max_minutes: float = 0.0
    # Train the question tower only: documents are embedded by the frozen base model, so vectors already stored by
    # the base model (a fact index) stay comparable with the fine-tuned question vectors (EXAQT's relevance model).
    frozen_documents: bool = False

    def __post_init__(self) -> None:
        if self.loss not in LOSSES:
            raise ConfigError(f"--loss {self.loss!r}: choose one of {', '.join(LOSSES)}")
        for name in ("steps", "batch_size", "checkpoint_every", "max_seq_length"):
            if getattr(self, name) < 1:
                raise ConfigError(f"--{name.replace('_', '-')} must be >= 1, got {getattr(self, name)}")
        if not 0 <= self.hard_negatives <= 3:
            raise ConfigError(f"--hard-negatives must be 0..3, got {self.hard_negatives}")

    def identity(self) -> dict[str, Any]:
        """What a checkpoint must share with the run resuming it (everything but where and how often to save)."""
        d = {k: str(v) if isinstance(v, Path) else v for k, v in asdict(self).items()}
        d.pop("out")
        d.pop("checkpoint_every")
        d.pop("max_minutes")
        if not self.frozen_documents:
            d.pop("frozen_documents")  # checkpoints written before the option existed still resume
        d["data_sha256"] = file_sha256(self.data)
        return d


@dataclass
class Example:
    question: str
    positive: str
    negatives: list[str]
    time_negative: str | None


@dataclass
class TrainReport:
    steps_done: int
    resumed_from: int
    losses: list[float]
    seconds: float
    validation_before: dict[str, float] = field(default_factory=dict)
    validation_after: dict[str, float] = field(default_factory=dict)


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_examples(path: Path, split: str, hard_negatives: int = 3) -> list[Example]:
    """The questions of ``split`` ("train" / "validation") in a file written by make_timer4_training.py."""
    if not path.exists():
        raise ConfigError(f"training data {path} does not exist: run benchmarks/make_timer4_training.py --out {path}")
    out = []
    for i, row in enumerate(read_jsonl(path), 1):
        if row.get("split", "train") != split:
            continue
        try:
            negs = [n["text"] for n in row["negatives"]]
            time_neg = next((n["text"] for n in row["negatives"] if n["type"] == "time"), None)
            out.append(Example(row["question"], row["positive"]["text"], negs[:hard_negatives], time_neg))
        except (KeyError, TypeError) as exc:
            raise ConfigError(f"{path}: question {i} lacks {exc} (question, positive.text, negatives[].text)") from None
    return out


def batch_indices(n: int, batch_size: int, step: int, seed: int) -> list[int]:
    """The examples of ``step``: epoch e = step * batch_size // n is a seeded permutation, so batches depend only on
    (seed, step) and a resumed run repeats none and skips none."""
    out: list[int] = []
    pos = step * batch_size
    while len(out) < batch_size:
        epoch, offset = divmod(pos, n)
        perm = np.random.default_rng([seed, epoch]).permutation(n)
        take = min(batch_size - len(out), n - offset)
        out.extend(int(i) for i in perm[offset : offset + take])
        pos += take
    return out


def set_seed(seed: int) -> None:
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def load_model(name_or_path: str, max_seq_length: int) -> Any:
    from tkgrag.embed import resolve_model

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(resolve_model(name_or_path), device="cpu", backend="torch")
    model.max_seq_length = max_seq_length
    return model


def _token_embeddings(model: Any) -> list[Any]:
    auto = getattr(model[0], "auto_model", None)
    emb = getattr(auto, "embeddings", None)
    word = getattr(emb, "word_embeddings", None)
    return list(word.parameters()) if word is not None else []


def _embed(model: Any, texts: Sequence[str]) -> Any:
    import torch

    # sentence-transformers 5 renamed tokenize to preprocess (tokenize still works, with a deprecation warning)
    prepare = model.preprocess if hasattr(model, "preprocess") else model.tokenize
    features = prepare(list(texts))
    out = model(features)["sentence_embedding"]
    return torch.nn.functional.normalize(out, dim=-1)


def contrastive_loss(q: Any, docs: Any, n_questions: int, config: TrainConfig) -> Any:
    """``q``: (B, d) question vectors; ``docs``: the B positives then each question's hard negatives (B x h, grouped
    by question). Row i's positive is column i; every other column is a negative of row i."""
    import torch

    sims = q @ docs.T  # cosine: both sides are normalised
    if config.loss == "mnrl":
        labels = torch.arange(n_questions)
        return torch.nn.functional.cross_entropy(sims * config.scale, labels)
    positive = torch.zeros_like(sims, dtype=torch.bool)
    positive[torch.arange(n_questions), torch.arange(n_questions)] = True
    pos_term = torch.exp(1.0 - sims[positive]).mean()
    neg_term = torch.exp(sims[~positive]).mean()
    return config.w_p * pos_term + config.w_n * neg_term


def validation_figures(
    model: Any, examples: Sequence[Example], k: int = 10, doc_model: Any | None = None
) -> dict[str, float]:
    """Retrieval over the validation pool (every validation positive and negative): recall@1 and @k of each
    question's gold fact, MRR, and the share of questions whose gold fact scores above its time-corrupted negative.
    ``doc_model`` embeds the pool when the document tower is frozen (default: ``model``)."""
    import torch

    if not examples:
        return {}
    pool = list(dict.fromkeys([e.positive for e in examples] + [n for e in examples for n in e.negatives]))
    where = {t: i for i, t in enumerate(pool)}
    with torch.no_grad():
        model.eval()
        dv = (doc_model or model).encode(pool, batch_size=128, convert_to_numpy=True, normalize_embeddings=True)
        qv = model.encode(
            [e.question for e in examples], batch_size=128, convert_to_numpy=True, normalize_embeddings=True
        )
    sims = qv @ dv.T
    r1 = rk = mrr = above = with_time = 0.0
    for i, e in enumerate(examples):
        gold = sims[i, where[e.positive]]
        rank = int((sims[i] > gold).sum()) + 1
        r1 += rank == 1
        rk += rank <= k
        mrr += 1.0 / rank
        if e.time_negative is not None:
            with_time += 1
            above += gold > sims[i, where[e.time_negative]]
    n = len(examples)
    return {
        "questions": float(n),
        "pool": float(len(pool)),
        "recall@1": float(r1 / n),
        f"recall@{k}": float(rk / n),
        "mrr": float(mrr / n),
        "gold_above_time_negative": float(above / with_time) if with_time else float("nan"),
    }


def _save_checkpoint(path: Path, state: dict[str, Any]) -> None:
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    torch.save(state, tmp)
    tmp.replace(path)


def _state(
    identity: dict[str, Any],
    model: Any,
    optimizer: Any,
    scheduler: Any,
    step: int,
    losses: list[float],
    before: dict[str, float],
    seconds: float,
) -> dict[str, Any]:
    import torch

    return {
        "identity": identity,
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "scheduler": scheduler.state_dict(),
        "step": step,
        "losses": losses,
        "validation_before": {k: float(v) for k, v in before.items()},  # numpy scalars would need a pickle
        "seconds": seconds,
        "torch_rng": torch.get_rng_state(),
    }


def train(
    config: TrainConfig,
    *,
    progress: Callable[[int, int, float], None] | None = None,
    validate: bool = True,
    fresh: bool = False,
) -> TrainReport:
    """Fine-tune, checkpointing as it goes; resume from ``config.out``'s checkpoint unless ``fresh``. Writes the
    model to ``out/model`` and returns the losses and validation figures (the model card is ``card.write_card``)."""
    import torch

    train_set = load_examples(config.data, "train", config.hard_negatives)
    if len(train_set) < 2:
        raise ConfigError(
            f"{config.data}: {len(train_set)} training question(s); need at least 2 for in-batch negatives"
        )
    val_set = load_examples(config.data, "validation", 3) if validate else []
    set_seed(config.seed)
    limit_torch_for_training()  # one thread per core at most, one core left: see tkgrag/threads.py
    model = load_model(config.base_model, config.max_seq_length)
    doc_model = load_model(config.base_model, config.max_seq_length).eval() if config.frozen_documents else None
    if config.freeze_embeddings:
        for p in _token_embeddings(model):
            p.requires_grad = False
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.lr)
    warm = max(1, int(config.steps * config.warmup))

    def lr_at(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        return max(0.0, (config.steps - step) / max(1, config.steps - warm))

    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_at)
    ckpt = config.out / CHECKPOINT
    identity = config.identity()
    start, losses, before, elapsed = 0, [], {}, 0.0
    if fresh and ckpt.exists():
        ckpt.unlink()
    if ckpt.exists():
        state = load_checkpoint(ckpt)
        if state["identity"] != identity:
            changed = sorted(k for k in identity if state["identity"].get(k) != identity[k])
            raise ConfigError(
                f"checkpoint {ckpt} is of another run (differs in {', '.join(changed)}); "
                "pass --fresh to start over, or the same data and options to resume"
            )
        model.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        scheduler.load_state_dict(state["scheduler"])
        start, losses, before, elapsed = state["step"], state["losses"], state["validation_before"], state["seconds"]
        torch.set_rng_state(state["torch_rng"])
    elif validate:
        before = validation_figures(model, val_set, doc_model=doc_model)
    resumed_from = start
    t0 = time.perf_counter()
    model.train()
    done = start
    for step in range(start, config.steps):
        if config.max_minutes > 0 and time.perf_counter() - t0 > config.max_minutes * 60:
            break
        batch = [train_set[i] for i in batch_indices(len(train_set), config.batch_size, step, config.seed)]
        q = _embed(model, [e.question for e in batch])
        texts = [e.positive for e in batch] + [n for e in batch for n in e.negatives]
        if doc_model is None:
            docs = _embed(model, texts)
        else:
            with torch.no_grad():
                docs = _embed(doc_model, texts)
        loss = contrastive_loss(q, docs, len(batch), config)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        value = float(loss.detach())
        if not math.isfinite(value):
            raise ConfigError(f"the loss became {value} at step {step + 1}: lower --lr")
        losses.append(value)
        done = step + 1
        if progress is not None:
            progress(done, config.steps, value)
        if done % config.checkpoint_every == 0 or done == config.steps:
            _save_checkpoint(
                ckpt,
                _state(identity, model, optimizer, scheduler, done, losses, before, elapsed + time.perf_counter() - t0),
            )
    seconds = elapsed + time.perf_counter() - t0
    if done < config.steps and done % config.checkpoint_every != 0:  # stopped by max_minutes: keep every step done
        _save_checkpoint(ckpt, _state(identity, model, optimizer, scheduler, done, losses, before, seconds))
    target = config.out / MODEL_DIR
    tmp = config.out / (MODEL_DIR + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save(str(tmp))
    shutil.rmtree(target, ignore_errors=True)
    tmp.replace(target)
    after = validation_figures(model, val_set, doc_model=doc_model) if validate else {}
    report = TrainReport(done, resumed_from, losses, seconds, before, after)
    (config.out / "train.json").write_text(
        json.dumps({"config": identity, **asdict(report)}, indent=2, default=str), encoding="utf-8"
    )
    return report
