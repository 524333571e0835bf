"""Training EXAQT's question-fact cross-encoder (``retrievers/exaqt/cross.py``) on TimeQuestions dev questions (CPU).

1. ``build_groups``: every dev question goes through EXAQT's Stage 1 (the ``exaqt`` retriever's own answer graph, in
   batches of questions as ``tkgrag train exaqt-ranker`` builds them; a training question whose NERD facts state no
   gold answer is skipped, ``exaqt_ranker.could_answer``); each answer-graph fact is kept with its verbalised text,
   its bi-encoder relevance and whether it states a gold answer through an entity that is not a question entity, its
   literal value or (a date answer) its start or end year (``relevance.GoldFacts``). Written to ``groups.jsonl``.
2. ``train_cross``: the all-MiniLM-L6-v2 transformer with a fresh one-logit head (as ``tkgrag train reranker``
   starts), each step ``batch_questions`` training questions x (one gold-stating fact + ``negatives`` other facts of
   the same answer graph, half of them the bi-encoder's hardest), listwise softmax cross-entropy; checkpoints every
   ``checkpoint_every`` steps (resumed; ``max_minutes`` stops early and keeps what was learnt).
3. ``fact_figures`` / ``heldout_p1``: on the held-out 10% of dev.json (the relevance model's split by id hash): the
   rank of the best gold-stating fact among its answer graph's facts (cross-encoder vs bi-encoder), and the P@1 of
   the ``cross`` ranking for several mixing weights against today's ``relevance`` ranking on the same answer graphs.
   The weight is chosen there, never on the benchmark half.
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
from tkgrag.eval.matching import is_correct
from tkgrag.eval.types import EvalQuestion
from tkgrag.train.questions import read_jsonl, write_jsonl

WEIGHTS = (1.0, 0.75, 0.5, 0.25)  # cross-encoder shares tried on held-out dev (0: today's relevance ranking)


@dataclass(frozen=True)
class FactGroup:
    """One question's answer graph as the cross-encoder learns from it."""

    qid: str
    question: str
    validation: bool
    texts: tuple[str, ...]
    relevance: tuple[float, ...]  # the bi-encoder's
    gold: tuple[bool, ...]  # the fact states a gold answer
    qtype: str = ""

    @property
    def positives(self) -> list[int]:
        return [i for i, g in enumerate(self.gold) if g]

    @property
    def negatives(self) -> list[int]:
        return [i for i, g in enumerate(self.gold) if not g]

    def as_row(self) -> dict[str, Any]:
        return {
            "qid": self.qid,
            "question": self.question,
            "validation": self.validation,
            "qtype": self.qtype,
            "facts": [
                {"text": t, "relevance": r, "gold": g}
                for t, r, g in zip(self.texts, self.relevance, self.gold, strict=True)
            ],
        }

    @classmethod
    def of_row(cls, row: dict[str, Any]) -> FactGroup:
        facts = row["facts"]
        return cls(
            str(row["qid"]),
            str(row["question"]),
            bool(row["validation"]),
            tuple(str(f["text"]) for f in facts),
            tuple(float(f["relevance"]) for f in facts),
            tuple(bool(f["gold"]) for f in facts),
            str(row.get("qtype", "")),
        )


def gold_facts(ag: Any, q: EvalQuestion) -> list[bool]:
    """Per fact of the answer graph ``ag``: whether it states a gold answer (``relevance.GoldFacts``) through an
    entity that is not a question entity, its literal value, or a date's year."""
    from tkgrag.retrievers.exaqt.relevance import GoldFacts, PairFact

    gold = GoldFacts([f for g in q.answers for f in g.forms])
    named = set(ag.question_entities)
    out = []
    for f in ag.facts:
        e = f.evidence
        value = None if e.fields.get("object_name") else (e.object or None)
        years = frozenset(d.year for d in (e.span.start, e.span.end) if d is not None)
        ents = tuple((x.key, x.name) for x in f.entities if x.key not in named)
        out.append(gold.stated_by(PairFact(e.key, f.relevance, ents, value, years)))
    return out


def build_groups(
    retriever: Any,
    questions: Sequence[EvalQuestion],
    *,
    val_percent: int = 10,
    limit: int | None = None,
    batch: int = 32,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[FactGroup], dict[str, Any]]:
    """The answer graph of every validation question and of every training question that ``could_answer``, as
    ``FactGroup``s (``retriever``: an ``ExaqtRetriever``); and what was built (counts, seconds)."""
    from tkgrag.retrievers.exaqt.cross import fact_text
    from tkgrag.train.exaqt_ranker import question_types, training_answer_graphs

    groups: list[FactGroup] = []
    skipped = 0
    t0 = time.perf_counter()
    batches = training_answer_graphs(
        retriever.pipeline, questions, val_percent=val_percent, batch=batch, progress=progress
    )
    for built, n_skipped in batches:
        skipped += n_skipped
        for q, ag, held_out in built:
            groups.append(
                FactGroup(
                    q.id,
                    q.question,
                    held_out,
                    tuple(fact_text(f) for f in ag.facts),
                    tuple(round(float(f.relevance), 6) for f in ag.facts),
                    tuple(gold_facts(ag, q)),
                    question_types(q),
                )
            )
    meta = {
        "questions": len(questions),
        "answer_graphs": len(groups),
        "training_questions_skipped": skipped,
        "seconds": round(time.perf_counter() - t0, 1),
        "val_percent": val_percent,
        "limit": limit,
    }
    return groups, meta


def check_cache(meta: dict[str, Any], path: Path, *, val_percent: int, limit: int | None, questions: int) -> None:
    """Raise ``ConfigError`` when the cached answer graphs at ``path`` were built for another ``--val-percent`` or
    ``--limit``: which questions are held out would differ, and a held-out question must never be trained on."""
    built = (meta.get("val_percent"), meta.get("limit", limit), meta.get("questions"))
    if built != (val_percent, limit, questions):
        raise ConfigError(
            f"train exaqt-cross: {path} was built with val_percent={meta.get('val_percent')}, "
            f"limit={meta.get('limit', '?')} ({meta.get('questions')} questions), not val_percent={val_percent}, "
            f"limit={limit} ({questions} questions); run again with --rebuild-cache"
        )


def save_groups(path: Path, groups: Sequence[FactGroup], meta: dict[str, Any]) -> None:
    write_jsonl(path, [{"meta": meta}, *(g.as_row() for g in groups)])


def load_groups(path: Path) -> tuple[list[FactGroup], dict[str, Any]]:
    rows = read_jsonl(path)
    if not rows or "meta" not in rows[0]:
        raise ConfigError(f"{path}: not a cross-encoder group file; pass --rebuild-cache")
    return [FactGroup.of_row(r) for r in rows[1:]], dict(rows[0]["meta"])


def trainable(groups: Sequence[FactGroup]) -> list[FactGroup]:
    """Training questions with a gold-stating fact and another fact to tell it from."""
    return [g for g in groups if not g.validation and g.positives and g.negatives]


@dataclass(frozen=True)
class CrossTrainConfig:
    base_model: str = "sentence-transformers/all-MiniLM-L6-v2"
    steps: int = 400
    batch_questions: int = 8
    negatives: int = 7  # other facts of the same answer graph per question and step; half the bi-encoder's hardest
    lr: float = 5e-5
    head_lr: float = 1e-3
    warmup: float = 0.05
    max_length: int = 96
    seed: int = 13
    checkpoint_every: int = 50
    freeze_below: int = 2  # embeddings and layers below this one frozen (``reranker._freeze``)
    max_minutes: float = 0.0

    def __post_init__(self) -> None:
        for name in ("steps", "batch_questions", "negatives", "max_length", "checkpoint_every"):
            if getattr(self, name) < 1:
                raise ConfigError(f"train exaqt-cross: {name}={getattr(self, name)} must be >= 1")

    def identity(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("max_minutes")
        out.pop("steps")
        return out


@dataclass
class CrossState:
    step: int = 0
    losses: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    resumed_from: int = 0


def sample_group(g: FactGroup, rng: random.Random, negatives: int) -> list[int]:
    """Fact indices of one step's group: a gold-stating fact first, then ``negatives`` others of the graph (half the
    bi-encoder's hardest, the rest at random; repeated when the graph has too few)."""
    pos = rng.choice(g.positives)
    neg = sorted(g.negatives, key=lambda i: -g.relevance[i])
    hard = neg[: max(1, negatives)]
    picked = rng.sample(hard, min(len(hard), negatives // 2 or 1))
    rest = [i for i in neg if i not in picked]
    picked += rng.sample(rest, min(len(rest), negatives - len(picked)))
    base = len(picked)
    picked += [picked[i % base] for i in range(negatives - base)] if base else []
    return [pos, *picked]


def train_cross(
    groups: Sequence[FactGroup],
    config: CrossTrainConfig,
    out: Path,
    *,
    fresh: bool = False,
    progress: Callable[[int, int, float], None] | None = None,
) -> CrossState:
    """Train (or resume from ``out/checkpoint``) and save the model into ``out`` (a sentence-transformers
    ``CrossEncoder`` folder)."""
    import shutil

    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    from tkgrag.embed import resolve_model
    from tkgrag.threads import limit_torch_for_training
    from tkgrag.train.reranker import _freeze, _tokenize, listwise_loss

    train_groups = trainable(groups)
    if not train_groups:
        raise ConfigError("train exaqt-cross: no training question has a gold-stating fact in its answer graph")
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / "checkpoint"
    if fresh and ckpt.exists():
        shutil.rmtree(ckpt)
    limit_torch_for_training()
    random.seed(config.seed)
    np.random.seed(config.seed)
    torch.manual_seed(config.seed)
    resume = (ckpt / "state.json").is_file()
    if resume:
        saved = json.loads((ckpt / "state.json").read_text())
        if saved.get("config") != config.identity() or saved.get("train") != len(train_groups):
            raise ConfigError(f"{ckpt}: a checkpoint of another configuration or data; pass --fresh to start over")
    extra = load_checkpoint(ckpt / "optim.pt", remedy=f"delete {ckpt} to start over") if resume else {}
    src = str(ckpt) if resume else resolve_model(config.base_model)
    tok = AutoTokenizer.from_pretrained(src)
    model = AutoModelForSequenceClassification.from_pretrained(
        src, num_labels=1, **({"use_safetensors": True} if resume else {})
    )
    _freeze(model, config.freeze_below)
    heads = ("classifier", "pooler")
    params = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    opt = torch.optim.AdamW(
        [
            {"params": [p for n, p in params if not any(h in n for h in heads)], "lr": config.lr},
            {"params": [p for n, p in params if any(h in n for h in heads)], "lr": config.head_lr},
        ],
        lr=config.lr,
        weight_decay=0.01,
    )
    sched = get_linear_schedule_with_warmup(opt, int(config.warmup * config.steps), config.steps)
    state = CrossState()
    rng = random.Random(config.seed)
    if resume:
        opt.load_state_dict(extra["opt"])
        sched.load_state_dict(extra["sched"])
        rng.setstate(extra["rng"])
        torch.set_rng_state(extra["torch_rng"])
        s = json.loads((ckpt / "state.json").read_text())["state"]
        state = CrossState(int(s["step"]), [float(x) for x in s["losses"]], float(s["seconds"]), float(s["cpu"]))
        state.resumed_from = state.step
    size = 1 + config.negatives
    order: list[int] = []
    model.train()
    t0, c0 = time.perf_counter() - state.seconds, time.process_time() - state.cpu_seconds
    deadline = time.perf_counter() + config.max_minutes * 60.0 if config.max_minutes > 0 else float("inf")
    while state.step < config.steps and time.perf_counter() < deadline:
        if len(order) < config.batch_questions:
            order = list(range(len(train_groups)))
            rng.shuffle(order)
        pairs: list[tuple[str, str]] = []
        for _ in range(config.batch_questions):
            g = train_groups[order.pop()]
            pairs += [(g.question, g.texts[i]) for i in sample_group(g, rng, config.negatives)]
        logits = model(**_tokenize(tok, pairs, config.max_length)).logits.view(-1, size)
        loss = listwise_loss(logits, torch.zeros_like(logits), 0.0, 1.0)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        state.step += 1
        state.losses.append(float(loss.item()))
        state.seconds = time.perf_counter() - t0
        state.cpu_seconds = time.process_time() - c0
        if progress is not None:
            progress(state.step, config.steps, state.losses[-1])
        if state.step % config.checkpoint_every == 0 or state.step == config.steps:
            _checkpoint(ckpt, model, tok, opt, sched, rng, state, config, len(train_groups))
    if state.step < config.steps:
        _checkpoint(ckpt, model, tok, opt, sched, rng, state, config, len(train_groups))
    model.eval()
    model.save_pretrained(out)
    tok.save_pretrained(out)
    return state


def _checkpoint(
    ckpt: Path,
    model: Any,
    tok: Any,
    opt: Any,
    sched: Any,
    rng: random.Random,
    st: CrossState,
    config: CrossTrainConfig,
    n_train: int,
) -> None:
    state = {"step": st.step, "losses": st.losses, "seconds": st.seconds, "cpu": st.cpu_seconds}
    identity = {"config": config.identity(), "train": n_train, "state": state}
    save_model_checkpoint(ckpt, model, tok, opt, sched, rng, json.dumps(identity))


def fact_figures(score: Callable[[str, Sequence[str]], np.ndarray], groups: Sequence[FactGroup]) -> dict[str, float]:
    """Over the held-out groups with a gold-stating fact and another fact: the rank of the best gold-stating fact
    among its answer graph's facts, by the cross-encoder and by the bi-encoder relevance (ties count against it):
    MRR and R@1."""
    rows = []
    for g in groups:
        if not (g.validation and g.positives and g.negatives):
            continue
        ce = np.asarray(score(g.question, list(g.texts)), dtype=np.float64)
        bi = np.asarray(g.relevance, dtype=np.float64)
        stats = []
        for s in (ce, bi):
            best = max(s[i] for i in g.positives)
            rank = 1 + sum(1 for i in g.negatives if s[i] >= best)
            stats += [1.0 / rank, float(rank == 1)]
        rows.append(stats)
    if not rows:
        return {}
    a = np.asarray(rows)
    return {
        "questions": float(len(rows)),
        "facts_per_question": float(
            np.mean([len(g.texts) for g in groups if g.validation and g.positives and g.negatives])
        ),
        "cross_mrr": float(a[:, 0].mean()),
        "cross_r@1": float(a[:, 1].mean()),
        "bi_mrr": float(a[:, 2].mean()),
        "bi_r@1": float(a[:, 3].mean()),
    }


def heldout_p1(
    retriever: Any, questions: Sequence[EvalQuestion], cross: Any, weights: Sequence[float] = WEIGHTS
) -> dict[str, Any]:
    """The held-out questions' answer graphs built again (``build_many``), ranked by ``relevance`` (today's default)
    and by ``cross`` at each weight (the tiers as features, as the default; and at weight 1 with the tiers exact):
    P@1 over all of them and over those whose answer graph holds a gold answer."""
    from tkgrag.question.understanding import parse_only
    from tkgrag.retrievers.exaqt.scorer import RelevanceScorer

    pipeline = retriever.pipeline
    t0 = time.perf_counter()
    ags = pipeline.build_many([(q.question, parse_only(q.question).question) for q in questions])
    rankings: dict[str, tuple[Any, bool]] = {"relevance": (RelevanceScorer(), False)}
    rankings.update({f"cross_w{w:g}": (cross.with_weight(w), False) for w in weights})
    rankings["cross_w1_exact"] = (cross.with_weight(1.0), True)  # the tiers as exact constraints
    hits: dict[str, list[float]] = {name: [] for name in rankings}
    answerable: list[bool] = []
    for q, ag in zip(questions, ags, strict=True):
        answerable.append(any(is_correct(a.text, q.answers) for a in ag.answers))
        for name, (scorer, exact) in rankings.items():
            ranked = pipeline.rank(ag, scorer, exact)
            hits[name].append(float(bool(ranked) and is_correct(ranked[0].text, q.answers)))
    n = max(1, len(questions))
    m = max(1, sum(answerable))
    out: dict[str, Any] = {"questions": len(questions), "answerable": sum(answerable)}
    for name, h in hits.items():
        out[f"p@1_{name}"] = sum(h) / n
        out[f"answerable_p@1_{name}"] = sum(x for x, a in zip(h, answerable, strict=True) if a) / m
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def write_card(
    out: Path,
    config: CrossTrainConfig,
    state: CrossState,
    meta: dict[str, Any],
    groups: Sequence[FactGroup],
    facts: dict[str, float],
    p1: dict[str, Any],
    command: str = "",
) -> Path:
    """``out/card.md``, ``out/card.json`` and ``out/loss.png``."""
    from tkgrag.train.plots import plot_losses

    plot_losses(state.losses, out / "loss.png", "EXAQT question-fact cross-encoder (listwise softmax)", window=20)
    n_train = len(trainable(groups))
    n_val = sum(g.validation for g in groups)
    card = {
        "command": command,
        "config": asdict(config),
        "steps": state.step,
        "resumed_from": state.resumed_from,
        "train_seconds": round(state.seconds, 1),
        "train_cpu_seconds": round(state.cpu_seconds, 1),
        "groups": meta,
        "train_questions": n_train,
        "validation_questions": n_val,
        "loss_first": state.losses[0] if state.losses else None,
        "loss_mean_last_50": float(np.mean(state.losses[-50:])) if state.losses else None,
        "heldout_facts": facts,
        "heldout_p1": p1,
    }
    (out / "card.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    rows = [
        f"| {name} | {p1[f'p@1_{name}']:.3f} | {p1[f'answerable_p@1_{name}']:.3f} |"
        for name in ("relevance", *(k[4:] for k in p1 if k.startswith("p@1_cross")))
    ]
    chance = float(np.log(1 + config.negatives))
    lines = [
        "# EXAQT question-fact cross-encoder",
        "",
        f"`{config.base_model}` (the local bi-encoder's transformer) with a fresh one-logit head, fine-tuned by "
        f"`{command or 'tkgrag train exaqt-cross'}` on TimeQuestions **dev.json** only (never the test half).",
        "",
        "## Data",
        f"- {meta.get('questions')} dev questions; {meta.get('answer_graphs')} answer graphs built by EXAQT's Stage 1 "
        f"in {meta.get('seconds')} s ({meta.get('training_questions_skipped')} training questions skipped: no fact "
        "of their NERD entities states a gold answer).",
        f"- Training: {n_train} questions of the 90% split (by id hash, the relevance model's) with a gold fact "
        "and another fact in their answer graph. Positive: a fact of the answer graph that states a gold answer "
        "(an entity other than the question entities, the literal value, or a date answer's year); negatives: the "
        "other facts of the same answer graph.",
        f"- Held-out: {n_val} questions of the 10% split.",
        "",
        "## Training",
        f"- {state.step} of {config.steps} steps x {config.batch_questions} questions x (1 positive + "
        f"{config.negatives} negatives, half the bi-encoder's hardest), listwise softmax cross-entropy (chance "
        f"ln {1 + config.negatives} = {chance:.3f}); lr {config.lr} (head {config.head_lr}), warm-up "
        f"{config.warmup:.0%}, linear decay; embeddings and layers below {config.freeze_below} frozen; max length "
        f"{config.max_length}; seed {config.seed}; checkpoint every {config.checkpoint_every} steps.",
        f"- {state.seconds / 60:.1f} min of training wall time ({state.cpu_seconds / 60:.1f} CPU-min)"
        + (f", resumed from step {state.resumed_from}" if state.resumed_from else "")
        + ".",
        f"- Loss: first step {card['loss_first']:.3f}, mean of the last 50 {card['loss_mean_last_50']:.3f} "
        "(`loss.png`)."
        if state.losses
        else "- Loss: no step run.",
        "",
        "![loss](loss.png)",
        "",
        "## Held-out dev",
        "",
        "Facts: the rank of the best gold-stating fact among its answer graph's facts "
        f"({facts.get('questions', 0):.0f} held-out questions with one, {facts.get('facts_per_question', 0):.1f} "
        "facts each):",
        "",
        "| order | MRR | R@1 |",
        "|---|---|---|",
        f"| bi-encoder relevance (today's) | {facts.get('bi_mrr', float('nan')):.3f} | "
        f"{facts.get('bi_r@1', float('nan')):.3f} |",
        f"| cross-encoder | {facts.get('cross_mrr', float('nan')):.3f} | {facts.get('cross_r@1', float('nan')):.3f} |",
        "",
        f"Answers: P@1 of each ranking on the same held-out answer graphs ({p1.get('questions')} questions, "
        f"{p1.get('answerable')} with a gold answer in their graph; every question counts):",
        "",
        "| ranking | P@1 | share of answerable right at rank 1 |",
        "|---|---|---|",
        *rows,
        "",
        "`cross_wX`: fact relevance = X x sigmoid(cross-encoder logit) + (1 - X) x the bi-encoder's; "
        "`relevance`: today's default ranking.",
        "",
    ]
    path = out / "card.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
