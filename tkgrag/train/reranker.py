"""``tkgrag train reranker``: fine-tune a cross-encoder on CPU from the offline MiniLM weights.

No cross-encoder can be downloaded here, so FastInsight's GRanker and the Re2 baseline use one trained from the
bi-encoder's transformer (all-MiniLM-L6-v2) with a fresh one-logit head (``num_labels=1``). Each step takes
``batch_questions`` groups of (question, gold passage, negatives of each kind of ``tkgrag.rerank.data``: in-document,
other-document, random) and minimises a listwise softmax cross-entropy against the gold label mixed with the
bi-encoder's own distribution over the group (distillation: the model starts from the bi-encoder's order rather
than from nothing). Checkpoints every ``checkpoint_every`` steps (model, optimizer,
scheduler, RNG, loss log); a re-run resumes from the last one. At the end: the model (loadable by
``sentence_transformers.CrossEncoder``), ``metrics.json`` (held-out ranking metrics against the bi-encoder order),
``loss.png`` and ``MODEL_CARD.md``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.checkpoints import load_checkpoint, save_model_checkpoint
from tkgrag.errors import ConfigError
from tkgrag.rerank.data import Group, MiningConfig, build_groups
from tkgrag.threads import limit_torch_for_training
from tkgrag.train.plots import plot_losses


@dataclass(frozen=True)
class TrainConfig:
    base_model: str = "sentence-transformers/all-MiniLM-L6-v2"
    # Sized for the 15 minutes on the 2-core machine: 1.75-2.0 s per step measured (150-step runs under
    # the CPU lock, load ~2), + ~80 s mining the pool's negatives + ~45 s scoring 200 held-out questions.
    steps: int = 380
    batch_questions: int = 8
    # Negatives per question and step, by kind (tkgrag.rerank.data): one in-document, two from other documents,
    # one random. A kind a question lacks (a one-paragraph MenatQA item has no in-document negative) is filled
    # from "cross".
    step_document: int = 1
    step_cross: int = 2
    step_random: int = 1
    mining: MiningConfig = field(default_factory=MiningConfig)
    # Distillation from the bi-encoder: the target distribution over a group is (1 - w) x one-hot(gold) +
    # w x softmax(cosine / T) (listwise KL to the teacher, Tevatron/RankGPT-style), so the cross-encoder is pulled
    # towards at least the bi-encoder's order where the labels say nothing (among negatives). T = 0.05 is the
    # scale all-MiniLM-L6-v2 was trained with (MultipleNegativesRankingLoss, scale 20).
    distill_weight: float = 0.5
    distill_temperature: float = 0.05
    lr: float = 5e-5
    head_lr: float = 1e-3
    warmup: float = 0.05
    max_length: int = 128
    seed: int = 13
    checkpoint_every: int = 50
    # Layers below this one (and the embeddings) stay frozen: backward through half the encoder only, ~1/3 less
    # CPU per step, and less drift from the bi-encoder's representations on a small training set.
    freeze_below: int = 3
    datasets: tuple[str, ...] = ()
    # Stop after this many minutes of training (0: no limit) and save what was learnt: the model card then says how
    # many steps were done. A shared CPU can make a step many times slower than on an idle machine.
    max_minutes: float = 0.0
    max_heldout: int = 200  # held-out questions scored at the end (each: 1 + document + cross pairs)

    def __post_init__(self) -> None:
        for name in ("steps", "batch_questions", "max_length"):
            if getattr(self, name) < 1:
                raise ConfigError(f"train reranker: {name}={getattr(self, name)} must be >= 1")
        if self.step_document + self.step_cross + self.step_random < 1:
            raise ConfigError("train reranker: step_document + step_cross + step_random must be >= 1")
        if not 0 <= self.mining.heldout_fraction < 1:
            raise ConfigError(f"train reranker: heldout_fraction={self.mining.heldout_fraction} must be in [0, 1)")
        if not 0 <= self.distill_weight <= 1 or self.distill_temperature <= 0:
            raise ConfigError("train reranker: distill_weight must be in [0, 1] and distill_temperature > 0")

    @property
    def group_size(self) -> int:
        return 1 + self.step_document + self.step_cross + self.step_random


@dataclass
class TrainState:
    step: int = 0
    losses: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # process CPU time: / 2 cores ~ the wall time on an idle 2-core machine


def _tokenize(tok: Any, pairs: Sequence[tuple[str, str]], max_length: int) -> Any:
    return tok(
        [q for q, _ in pairs],
        [p for _, p in pairs],
        padding=True,
        truncation="only_second",
        max_length=max_length,
        return_tensors="pt",
    )


def sample_negatives(g: Group, rng: random.Random, cfg: TrainConfig) -> list[int]:
    """Indices of ``g``'s negatives for one step: ``step_<kind>`` of each kind, shortfalls filled from "cross",
    then from any kind; a group with too few negatives repeats one, so every group has ``group_size - 1``."""
    need = cfg.group_size - 1
    picked: list[int] = []
    for kind, n in (("document", cfg.step_document), ("cross", cfg.step_cross), ("random", cfg.step_random)):
        have = g.of_kind(kind)
        picked += rng.sample(have, min(n, len(have)))
    for fill in (g.of_kind("cross"), list(range(len(g.negatives)))):
        spare = [i for i in fill if i not in picked]
        picked += rng.sample(spare, min(need - len(picked), len(spare)))
    while len(picked) < need:
        picked.append(picked[len(picked) % max(1, len(picked))] if picked else 0)
    return picked


def _batch(groups: Sequence[Group], rng: random.Random, cfg: TrainConfig) -> tuple[list[tuple[str, str]], np.ndarray]:
    """The (question, passage) pairs of a step, gold first in each group, and the teacher cosines (same shape)."""
    pairs: list[tuple[str, str]] = []
    cos = np.zeros((len(groups), cfg.group_size), dtype=np.float32)
    for r, g in enumerate(groups):
        idx = sample_negatives(g, rng, cfg)
        pairs.append((g.question, g.gold))
        pairs.extend((g.question, g.negatives[i]) for i in idx)
        cos[r] = [g.gold_cos, *(g.neg_cos[i] for i in idx)]
    return pairs, cos


def _rank_stats(scores: np.ndarray) -> tuple[float, float, float]:
    """(reciprocal rank, hit@1, hit@5) of candidate 0 (gold) among ``scores``; ties count against gold."""
    rank = 1 + int(np.sum(scores[1:] >= scores[0]))
    return 1.0 / rank, float(rank == 1), float(rank <= 5)


def evaluate(score: Callable[[str, Sequence[str]], np.ndarray], groups: Sequence[Group]) -> dict[str, Any]:
    """MRR, R@1 and R@5 of the gold passage among itself + its hard negatives (the bi-encoder's top in-document and
    other-document passages: what a retrieve-then-rerank pipeline hands the cross-encoder), for this model and for
    the bi-encoder's own order (its cosine) on the same candidates; also per negative kind."""
    if not groups:
        return {}
    out: dict[str, Any] = {}
    rows: dict[str, list[tuple[float, ...]]] = {"all": [], "document": [], "cross": []}
    for g in groups:
        hard = g.of_kind("document", "cross")
        ce = np.asarray(score(g.question, [g.gold, *(g.negatives[i] for i in hard)]), dtype=np.float64)
        bi = np.asarray([g.gold_cos, *(g.neg_cos[i] for i in hard)], dtype=np.float64)
        for name, kinds in (("all", ("document", "cross")), ("document", ("document",)), ("cross", ("cross",))):
            sel = [0] + [1 + j for j, i in enumerate(hard) if g.kinds[i] in kinds]
            if len(sel) > 1:
                rows[name].append((*_rank_stats(ce[sel]), *_rank_stats(bi[sel]), len(sel)))
    for name, r in rows.items():
        if not r:
            continue
        a = np.asarray(r)
        out[name] = {
            "questions": len(r),
            "candidates_per_question": float(a[:, 6].mean()),
            "mrr": float(a[:, 0].mean()),
            "r@1": float(a[:, 1].mean()),
            "r@5": float(a[:, 2].mean()),
            "bi_encoder_mrr": float(a[:, 3].mean()),
            "bi_encoder_r@1": float(a[:, 4].mean()),
            "bi_encoder_r@5": float(a[:, 5].mean()),
        }
    return out


def train(
    config: TrainConfig,
    out: Path,
    *,
    encode: Callable[[Sequence[str]], np.ndarray] | None = None,
    progress: Callable[[int, int, float], None] | None = None,
) -> dict[str, Any]:
    """Train (or resume) into ``out``; return the metrics written to ``out/metrics.json``."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    from tkgrag.embed import resolve_model

    if not config.datasets:
        raise ConfigError("train reranker: give at least one training dataset (TimeQA / MenatQA JSON)")
    out.mkdir(parents=True, exist_ok=True)
    work = out / "work"
    work.mkdir(exist_ok=True)
    random.seed(config.seed)
    np.random.seed(config.seed)
    torch.manual_seed(config.seed)
    limit_torch_for_training()  # one thread per core at most, one core left: see tkgrag/threads.py

    t_mine = time.perf_counter()
    if encode is None:
        from tkgrag.embed import default_embedder

        embedder = default_embedder()

        def encode(texts: Sequence[str]) -> np.ndarray:
            return embedder.encode(texts, batch_size=64, show_progress=False)

    groups = build_groups([Path(p) for p in config.datasets], encode, config.mining, cache=work)
    mine_s = time.perf_counter() - t_mine
    train_groups = [g for g in groups if not g.heldout]
    val_groups = [g for g in groups if g.heldout]
    if len(val_groups) > config.max_heldout:  # a seeded sample: the first ones would all be TimeQA
        val_groups = random.Random(config.seed).sample(val_groups, config.max_heldout)
    if not train_groups:
        raise ConfigError("train reranker: no training question has a gold passage in its dataset")

    base = resolve_model(config.base_model)
    ckpt = work / "checkpoint"
    resume = (ckpt / "state.json").is_file()
    # The optimiser state is read first: a checkpoint that would run code is refused before anything else of it loads.
    extra = load_checkpoint(ckpt / "optim.pt", remedy=f"delete {ckpt} to start over") if resume else {}
    tok = AutoTokenizer.from_pretrained(str(ckpt if resume else base))
    # safetensors only for our own checkpoint (save_pretrained writes them): a pickled .bin dropped there is not read
    model = AutoModelForSequenceClassification.from_pretrained(
        str(ckpt if resume else base), num_labels=1, **({"use_safetensors": True} if resume else {})
    )
    _freeze(model, config.freeze_below)
    # The head (pooler + classifier) starts from scratch: it gets a larger learning rate than the encoder, or a
    # few hundred steps leave the loss at chance.
    head_names = ("classifier", "pooler")
    trainable = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    param_groups: list[dict[str, Any]] = [
        {"params": [p for n, p in trainable if not any(h in n for h in head_names)], "lr": config.lr},
        {"params": [p for n, p in trainable if any(h in n for h in head_names)], "lr": config.head_lr},
    ]
    opt = torch.optim.AdamW(param_groups, lr=config.lr, weight_decay=0.01)
    sched = get_linear_schedule_with_warmup(opt, int(config.warmup * config.steps), config.steps)
    state = TrainState()
    rng = random.Random(config.seed)
    if resume:
        opt.load_state_dict(extra["opt"])
        sched.load_state_dict(extra["sched"])
        rng.setstate(extra["rng"])
        torch.set_rng_state(extra["torch_rng"])
        state = TrainState(**json.loads((ckpt / "state.json").read_text()))

    order: list[int] = []
    group_size = config.group_size
    model.train()
    t0 = time.perf_counter() - state.seconds
    c0 = time.process_time() - state.cpu_seconds
    deadline = time.perf_counter() + config.max_minutes * 60.0 if config.max_minutes > 0 else float("inf")
    while state.step < config.steps and time.perf_counter() < deadline:
        if len(order) < config.batch_questions:
            order = list(range(len(train_groups)))
            rng.shuffle(order)
        batch = [train_groups[order.pop()] for _ in range(config.batch_questions)]
        pairs, cos = _batch(batch, rng, config)
        enc = _tokenize(tok, pairs, config.max_length)
        logits = model(**enc).logits.view(-1, group_size)
        loss = listwise_loss(logits, torch.from_numpy(cos), config.distill_weight, config.distill_temperature)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        state.step += 1
        state.losses.append(float(loss.item()))
        state.seconds = time.perf_counter() - t0
        state.cpu_seconds = time.process_time() - c0
        if progress:
            progress(state.step, config.steps, state.losses[-1])
        if state.step % config.checkpoint_every == 0 or state.step == config.steps:
            save_model_checkpoint(ckpt, model, tok, opt, sched, rng, json.dumps(asdict(state)))
    if state.step < config.steps:  # stopped by max_minutes: keep what was learnt, resumable
        save_model_checkpoint(ckpt, model, tok, opt, sched, rng, json.dumps(asdict(state)))

    model.eval()
    model.save_pretrained(out)
    tok.save_pretrained(out)

    from tkgrag.rerank.cross_encoder import CrossEncoderReranker

    ce = CrossEncoderReranker(str(out), max_length=config.max_length)
    t_eval = time.perf_counter()
    metrics: dict[str, Any] = {
        "heldout": evaluate(ce.score, val_groups),
        "train_questions": len(train_groups),
        "heldout_questions": len(val_groups),
        "heldout_by_dataset": _by_dataset(val_groups),
        "steps": state.step,
        "steps_planned": config.steps,
        "train_seconds": round(state.seconds, 1),
        "train_cpu_seconds": round(state.cpu_seconds, 1),
        "mine_seconds": round(mine_s, 1),
        "eval_seconds": round(time.perf_counter() - t_eval, 1),
        "final_loss_mean_last50": float(np.mean(state.losses[-50:])),
        "config": asdict(config),
    }
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
    (out / "losses.json").write_text(json.dumps(state.losses) + "\n")
    plot_losses(
        state.losses, out / "loss.png", "cross-encoder fine-tuning loss", ylabel="listwise cross-entropy", window=20
    )
    (out / "MODEL_CARD.md").write_text(model_card(metrics))
    return metrics


def _by_dataset(groups: Sequence[Group]) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in groups:
        stem = g.qid.split(":", 1)[0]
        out[stem] = out.get(stem, 0) + 1
    return out


def listwise_loss(logits: Any, teacher_cos: Any, weight: float, temperature: float) -> Any:
    """Cross-entropy of each group's scores (gold in column 0) against (1 - weight) x one-hot(gold) +
    weight x softmax(teacher_cos / temperature): the hard label plus a listwise distillation from the bi-encoder."""
    import torch

    target = torch.softmax(teacher_cos / temperature, dim=-1) * weight
    target[:, 0] += 1.0 - weight
    return -(target * torch.log_softmax(logits, dim=-1)).sum(-1).mean()


def _freeze(model: Any, below: int) -> None:
    """No gradients for the embeddings and encoder layers ``< below`` (BERT-style models)."""
    if below <= 0:
        return
    base = model.base_model
    for p in base.embeddings.parameters():
        p.requires_grad = False
    for layer in base.encoder.layer[:below]:
        for p in layer.parameters():
            p.requires_grad = False


def model_card(m: dict[str, Any]) -> str:
    c, h = m["config"], m.get("heldout", {})
    mc = c["mining"]
    rows = ""
    for name, what in (
        ("all", "all hard negatives"),
        ("cross", "other-document negatives only"),
        ("document", "in-document negatives only"),
    ):
        r = h.get(name)
        if not r:
            continue
        rows += (
            f"| {what} | {r['questions']} | {r['candidates_per_question']:.1f} | "
            f"{r['bi_encoder_mrr']:.3f} / {r['bi_encoder_r@1']:.3f} / {r['bi_encoder_r@5']:.3f} | "
            f"{r['mrr']:.3f} / {r['r@1']:.3f} / {r['r@5']:.3f} |\n"
        )
    table = (
        "| candidates | questions | per question | bi-encoder MRR / R@1 / R@5 | cross-encoder MRR / R@1 / R@5 |\n"
        "|---|---|---|---|---|\n" + rows
    )
    chance = float(np.log(1 + c["step_document"] + c["step_cross"] + c["step_random"]))
    return f"""# reranker-minilm: a cross-encoder fine-tuned on CPU by `tkgrag train reranker`

- Base: `{c["base_model"]}` (the offline bi-encoder's transformer) with a new one-logit classification head;
  embeddings and layers below {c["freeze_below"]} frozen.
- Data: {", ".join(Path(d).name for d in c["datasets"])} as ONE passage pool. Per question: gold passage,
  {mc["document"]} in-document hard negatives (bi-encoder top non-gold of the same article / item),
  {mc["cross"]} hard negatives from OTHER documents of the whole pool, {mc["random"]} random other-document
  passages. {m["train_questions"]} training questions; {m["heldout_questions"]} held-out ones scored
  ({m.get("heldout_by_dataset", {})}), split by document ({mc["heldout_fraction"]:.0%}). Never MuSiQue (the
  evaluation set). SituatedQA is not used: it has questions and answers but no passages, and pairing it with
  passages by answer string would make false gold pairs.
- Objective: per step {c["batch_questions"]} questions x (gold + {c["step_document"]} in-document +
  {c["step_cross"]} other-document + {c["step_random"]} random negatives); cross-entropy against
  (1 - {c["distill_weight"]}) x one-hot(gold) + {c["distill_weight"]} x softmax(bi-encoder cosine /
  {c["distill_temperature"]}) (hard label + listwise distillation from the bi-encoder).
- Steps: {m["steps"]} of {m["steps_planned"]} planned, lr {c["lr"]} (head {c["head_lr"]}), warm-up
  {c["warmup"]:.0%}, max length {c["max_length"]} tokens, seed {c["seed"]}. Training took {m["train_seconds"]} s
  of wall time (+ {m["mine_seconds"]} s mining negatives, {m["eval_seconds"]} s held-out scoring),
  {m["train_cpu_seconds"]} CPU-seconds.
  Mean loss of the last 50 steps: {m["final_loss_mean_last50"]:.3f} (with distill_weight 0 chance is
  ln {1 + c["step_document"] + c["step_cross"] + c["step_random"]} = {chance:.3f}).
- Loss curve: `loss.png`.

## Held-out ranking: gold among itself + its bi-encoder hard negatives, same candidates for both orders

{table}
Read this before trusting the model: it saw ~{m["steps"] * c["batch_questions"]} question groups of templated
temporal questions (TimeQA / MenatQA), not multi-hop MuSiQue questions; it is a small stand-in for a real reranker
(the paper uses bge-reranker-v2-m3).
"""
