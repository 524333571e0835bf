"""Training EXAQT's Stage 2 ranker (``retrievers/exaqt/rgcn.py``) on TimeQuestions dev questions, on the CPU.

1. ``build_cache``: every question goes through EXAQT's Stage 1 (the ``exaqt`` retriever's own answer graph, with
   the fine-tuned relevance model when it is there), its symbolic ranking and the R-GCN's graph of it
   (``ranker_graph``); the graphs, which answers are gold (the benchmark's strict P@1 match) and the P@1 of the
   symbolic and relevance rankings on the same graph are written to one ``.npz`` (plain arrays, loaded without
   pickle), so the training epochs never query Neo4j.
2. ``train_ranker``: listwise softmax loss over each training question's answers (those with a gold answer in their
   answer graph), Adam, mini-batches of graphs, a checkpoint every few epochs (resumed; weights-only loading), the
   validation P@1 of the model (tiers exact and tiers as features) beside the symbolic and relevance rankings after
   every epoch. The validation split is the relevance model's (10% of dev questions by a hash of the id), so the
   held-out figures come from questions neither model saw.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tkgrag.errors import ConfigError
from tkgrag.eval.matching import is_correct
from tkgrag.eval.metrics import precision_at_1
from tkgrag.eval.types import EvalQuestion, Prediction
from tkgrag.retrievers.exaqt.ranker_graph import FEATURES, RankerGraph, edge_norm
from tkgrag.train.exaqt_relevance import is_validation

CACHE_FORMAT = "tkgrag-exaqt-ranker-graphs/1"


@dataclass
class CachedGraphs:
    """The answer graphs of some questions, as the ranker reads them."""

    qids: list[str]
    qtypes: list[str]
    validation: np.ndarray  # bool per question
    graphs: list[RankerGraph]
    gold: list[np.ndarray]  # bool per answer, per question
    p1_symbolic: np.ndarray  # P@1 of the symbolic ranking per question, read from the answers' own scores (as built)
    p1_relevance: np.ndarray  # the same for relevance: not what it ranks first (``evaluate`` recomputes both)
    meta: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.qids)

    def save(self, path: Path) -> None:
        """One npz: node/edge/answer arrays concatenated with offsets (no objects, no pickle)."""
        nodes = np.cumsum([0] + [g.nodes for g in self.graphs])
        edges = np.cumsum([0] + [len(g.edges) for g in self.graphs])
        answers = np.cumsum([0] + [g.answers for g in self.graphs])
        width = len(FEATURES)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(
            tmp,
            format=np.array(CACHE_FORMAT),
            features=np.array(FEATURES),
            meta=np.array(json.dumps(self.meta)),
            qids=np.array(self.qids, dtype=str),
            qtypes=np.array(self.qtypes, dtype=str),
            validation=self.validation.astype(bool),
            node_offsets=nodes.astype(np.int64),
            edge_offsets=edges.astype(np.int64),
            answer_offsets=answers.astype(np.int64),
            x=np.concatenate([g.x for g in self.graphs]) if self.graphs else np.zeros((0, width), np.float32),
            edges=np.concatenate([g.edges for g in self.graphs]) if self.graphs else np.zeros((0, 3), np.int32),
            exact=np.concatenate([g.exact for g in self.graphs]) if self.graphs else np.zeros((0, 3), np.float32),
            gold=np.concatenate(self.gold) if self.gold else np.zeros(0, bool),
            p1_symbolic=self.p1_symbolic.astype(np.float32),
            p1_relevance=self.p1_relevance.astype(np.float32),
        )
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> CachedGraphs:
        try:
            z = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"{path}: not a readable answer-graph cache ({exc}); pass --rebuild-cache") from None
        with z:
            if str(z["format"]) != CACHE_FORMAT or list(z["features"]) != list(FEATURES):
                raise ConfigError(f"{path}: built by another version of the ranker's features; pass --rebuild-cache")
            no, eo, ao = z["node_offsets"], z["edge_offsets"], z["answer_offsets"]
            x, e, exact, gold = z["x"], z["edges"], z["exact"], z["gold"]
            graphs, golds = [], []
            for i in range(len(no) - 1):
                ge = e[eo[i] : eo[i + 1]]
                graphs.append(
                    RankerGraph(
                        x[no[i] : no[i + 1]], ge, edge_norm(ge), int(ao[i + 1] - ao[i]), exact[ao[i] : ao[i + 1]]
                    )
                )
                golds.append(gold[ao[i] : ao[i + 1]])
            return cls(
                [str(q) for q in z["qids"]],
                [str(t) for t in z["qtypes"]],
                z["validation"],
                graphs,
                golds,
                z["p1_symbolic"],
                z["p1_relevance"],
                json.loads(str(z["meta"])),
            )


def could_answer(pipeline: Any, q: EvalQuestion, linked: Any) -> bool:
    """Whether a fact of the question's NERD entities states a gold answer (an entity, the value, or a date's year:
    ``relevance.states_gold``), i.e. whether its answer graph could hold one. A cheap prefilter that spares the
    Steiner trees of training questions that cannot teach the ranker anything. ``linked``: the question's
    ``ExaqtPipeline.link_many``; its candidate facts are every fact of the NERD entities unless there are
    ``candidate_facts`` or more, and then the facts are read again, the best by the base vector (as NERD scores)."""
    from tkgrag.retrievers.exaqt.relevance import GoldFacts, PairFact

    if not linked.nerd.entities:
        return False
    gold = GoldFacts([f for g in q.answers for f in g.forms])
    limit = pipeline.config.candidate_facts
    facts = linked.first_hop if linked.complete else pipeline.facts_of(linked.nerd.entities, linked.qvec, limit, False)
    for c in facts:
        years = frozenset(d.year for d in (c.span.start, c.span.end) if d is not None)
        fact = PairFact(c.key, c.relevance, tuple((e.key, e.name) for e in c.entities), c.value, years)
        if gold.stated_by(fact):
            return True
    return False


def training_answer_graphs(
    pipeline: Any,
    questions: Sequence[EvalQuestion],
    *,
    val_percent: int,
    batch: int,
    prefetch: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[tuple[list[tuple[EvalQuestion, Any, bool]], int]]:
    """Per batch of ``questions``: the answer graph of every validation question and of every training question that
    ``could_answer``, as (question, answer graph, held out), and how many training questions were skipped; Stage 1 in
    batches (``ExaqtPipeline.linked_batches`` / ``finish_many``), ``progress`` told once the caller took the batch."""
    from tkgrag.question.understanding import parse_only
    from tkgrag.retrievers.exaqt.answer_graph import Stage1Input

    done = 0
    for start, linked in pipeline.linked_batches([q.question for q in questions], batch, prefetch=prefetch):
        chunk = questions[start : start + batch]
        kept = []
        skipped = 0
        for q, lk in zip(chunk, linked, strict=True):
            held_out = is_validation(q.id, val_percent)
            if held_out or could_answer(pipeline, q, lk):
                kept.append((q, lk, held_out))
            else:
                skipped += 1
        inputs = [Stage1Input(q.question, parse_only(q.question).question) for q, _, _ in kept]
        answer_graphs = pipeline.finish_many([lk for _, lk, _ in kept], inputs)
        yield [(q, ag, held_out) for (q, _, held_out), ag in zip(kept, answer_graphs, strict=True)], skipped
        for _ in chunk:
            done += 1
            if progress is not None:
                progress(done, len(questions))


def question_types(q: EvalQuestion) -> str:
    """TimeQuestions' categories of ``q``, comma-joined ("" when the record has none)."""
    types = q.meta.get("qtypes")
    return ",".join(str(t) for t in types) if isinstance(types, list) else ""


def build_cache(
    retriever: Any,
    questions: Sequence[EvalQuestion],
    *,
    val_percent: int = 10,
    progress: Callable[[int, int], None] | None = None,
    batch: int = 32,
    prefetch: bool = False,
) -> CachedGraphs:
    """Stage 1 and the ranker graph of every validation question and of every training question that
    ``could_answer`` (``retriever``: an ``ExaqtRetriever``), ``batch`` questions per round trip of each step
    (``ExaqtPipeline.link_many`` / ``finish_many``: the answer graphs are those of one question at a time); with
    ``prefetch``, the next batch linked on a worker thread while this one is finished
    (``ExaqtPipeline.linked_batches``)."""
    from tkgrag.retrievers.exaqt.answer_graph import ranker_graph
    from tkgrag.retrievers.exaqt.scorer import RelevanceScorer

    pipeline = retriever.pipeline
    qids, qtypes, val, graphs, golds, p1s, p1r = [], [], [], [], [], [], []
    relevance = RelevanceScorer()
    skipped = 0
    t0 = time.perf_counter()
    batches = training_answer_graphs(
        pipeline, questions, val_percent=val_percent, batch=batch, prefetch=prefetch, progress=progress
    )
    for built, n_skipped in batches:
        skipped += n_skipped
        for q, ag, held_out in built:
            symbolic = pipeline.rank(ag, None)
            # the pipeline's own ranking is this one when it ranks by relevance (the default): not ranked twice
            by_relevance = ag.answers if type(pipeline.scorer) is RelevanceScorer else pipeline.rank(ag, relevance)
            graphs.append(ranker_graph(ag, symbolic))
            golds.append(np.array([is_correct(a.text, q.answers) for a in symbolic], dtype=bool))
            p1s.append(_p1(q, symbolic))
            p1r.append(_p1(q, by_relevance))
            qids.append(q.id)
            qtypes.append(question_types(q))
            val.append(held_out)
    meta = {
        "questions": len(questions),
        "training_questions_skipped": skipped,  # no fact of their NERD entities states a gold answer
        "seconds": round(time.perf_counter() - t0, 1),
        "val_percent": val_percent,
    }
    return CachedGraphs(qids, qtypes, np.array(val, bool), graphs, golds, np.array(p1s), np.array(p1r), meta)


def _p1(q: EvalQuestion, answers: Sequence[Any]) -> float:
    return precision_at_1(q, Prediction(q.id, tuple(a.text for a in answers), tuple(a.score for a in answers)))


@dataclass(frozen=True)
class RankerTrainConfig:
    epochs: int = 30
    batch_size: int = 32
    lr: float = 3e-3
    weight_decay: float = 1e-4
    dim: int = 32
    layers: int = 2
    dropout: float = 0.1
    seed: int = 13
    checkpoint_every: int = 5
    max_minutes: float = 0.0
    exact: bool = False  # the mode the model is used in (ExaqtConfig.rgcn_exact): it picks the epoch kept

    @property
    def select_by(self) -> str:
        """The held-out dev figure that picks the epoch ``model.pt`` keeps."""
        return "p@1_rgcn_exact" if self.exact else "p@1_rgcn_features"


@dataclass
class RankerReport:
    epochs_done: int = 0
    resumed_from: int = 0
    seconds: float = 0.0
    losses: list[float] = field(default_factory=list)  # per step
    validation: list[dict[str, float]] = field(default_factory=list)  # per epoch
    best_epoch: int = 0  # the epoch whose weights model.pt holds (best held-out dev P@1, ``select_by``)
    data: dict[str, Any] = field(default_factory=dict)


def p1_of(scores: Sequence[float], gold: np.ndarray, exact: np.ndarray | None) -> float:
    """Strict P@1 of one question ranked by ``scores`` (``rgcn.order``; 0 without answers)."""
    from tkgrag.retrievers.exaqt.rgcn import order

    if len(scores) == 0:
        return 0.0
    return float(gold[order(scores, exact)[0]])


def evaluate(
    model: Any, cache: CachedGraphs, idx: Sequence[int], mean: np.ndarray, scale: np.ndarray
) -> dict[str, float]:
    """Validation figures over the questions ``idx``: P@1 of the answer ranked first by the model and by the
    relevance of each answer's fact (``a_relevance``), each with the tiers exact and as features, and by the symbolic
    ranking, on the same graphs; every question counts (no gold in its graph: 0). The cache's ``p1_relevance`` is
    not used: it read the answers' own scores, which the exact tiers do not follow (``ranking.order_values``)."""
    import torch

    from tkgrag.retrievers.exaqt.rgcn import collate

    relevance = FEATURES.index("a_relevance")
    model.eval()
    hits = dict.fromkeys(("rgcn_exact", "rgcn_features", "relevance_exact", "relevance_features", "symbolic"), 0.0)
    with torch.no_grad():
        for i in idx:
            g = cache.graphs[i]
            if g.answers == 0:
                continue
            b = collate([g], mean, scale)
            s = model(b.x, b.edges, b.norm, b.answers).tolist()
            r = [float(v) for v in g.x[: g.answers, relevance]]
            hits["rgcn_exact"] += p1_of(s, cache.gold[i], g.exact)
            hits["rgcn_features"] += p1_of(s, cache.gold[i], None)
            hits["relevance_exact"] += p1_of(r, cache.gold[i], g.exact)
            hits["relevance_features"] += p1_of(r, cache.gold[i], None)
            hits["symbolic"] += float(cache.gold[i][0])
    n = max(1, len(idx))
    out = {f"p@1_{k}": v / n for k, v in hits.items()}
    out["questions"] = float(len(idx))
    out["answerable"] = float(sum(bool(cache.gold[i].any()) for i in idx))
    return out


def train_ranker(
    cache: CachedGraphs,
    config: RankerTrainConfig,
    out: Path,
    *,
    fresh: bool = False,
    progress: Callable[[int, int, float], None] | None = None,
) -> RankerReport:
    """Train on the cache's training questions that have a gold answer; ``out/state.pt`` checkpoints (resumed unless
    ``fresh``), ``out/model.pt`` the final model. Returns the losses and per-epoch validation figures."""
    import torch

    from tkgrag.checkpoints import CheckpointError, load_checkpoint
    from tkgrag.retrievers.exaqt.rgcn import RankerConfig, RgcnRanker, collate, listwise_loss, model_state
    from tkgrag.threads import limit_torch_for_training

    limit_torch_for_training()
    out.mkdir(parents=True, exist_ok=True)
    train_idx = [
        i for i in range(len(cache)) if not cache.validation[i] and cache.gold[i].any() and cache.graphs[i].answers > 1
    ]
    val_idx = [i for i in range(len(cache)) if cache.validation[i]]
    if not train_idx:
        raise ConfigError("no training question has a gold answer in its answer graph: nothing to learn from")
    stacked = np.concatenate([cache.graphs[i].x for i in train_idx])
    mean = stacked.mean(axis=0)
    scale = stacked.std(axis=0)
    scale[scale < 1e-6] = 1.0
    for flag in ("is_answer", "is_fact", "is_entity"):  # one-hot node types stay 0/1
        j = FEATURES.index(flag)
        mean[j], scale[j] = 0.0, 1.0

    torch.manual_seed(config.seed)
    model = RgcnRanker(RankerConfig(dim=config.dim, layers=config.layers, dropout=config.dropout))
    optim = torch.optim.Adam(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    report = RankerReport(
        data={
            "questions": len(cache),
            "train_questions_with_gold": len(train_idx),
            "validation_questions": len(val_idx),
            "validation_answerable": sum(bool(cache.gold[i].any()) for i in val_idx),
        }
    )
    state_path = out / "state.pt"
    state: dict[str, Any] = {}
    identity = asdict(config)
    identity.pop("max_minutes")
    if state_path.exists() and not fresh:
        try:
            state = load_checkpoint(state_path)
        except CheckpointError:
            state = {}
        if state.get("config") == identity and state.get("train") == len(train_idx):
            model.load_state_dict(state["model"])
            optim.load_state_dict(state["optim"])
            report.epochs_done = report.resumed_from = int(state["epoch"])
            report.losses = [float(v) for v in state["losses"]]
            report.validation = [{k: float(v) for k, v in d.items()} for d in state["validation"]]
    best_figure, best_epoch = -1.0, 0
    best_state: dict[str, Any] = {}
    for d in report.validation:  # a resumed run knows its earlier epochs' figures, not their weights
        if d[config.select_by] > best_figure:
            best_figure, best_epoch = d[config.select_by], int(d["epoch"])
    if report.resumed_from and best_epoch:
        best_state = {k: v.detach().clone() for k, v in state.get("best_model", model.state_dict()).items()}
        best_epoch = int(state.get("best_epoch", best_epoch))
    rng = random.Random(config.seed)
    steps_per_epoch = (len(train_idx) + config.batch_size - 1) // config.batch_size
    total_steps = steps_per_epoch * config.epochs
    t0 = time.perf_counter()
    for epoch in range(report.epochs_done, config.epochs):
        rng_epoch = random.Random(rng.random() + epoch)
        order = list(train_idx)
        rng_epoch.shuffle(order)
        model.train()
        for s in range(0, len(order), config.batch_size):
            chunk = order[s : s + config.batch_size]
            b = collate([cache.graphs[i] for i in chunk], mean, scale)
            gold = torch.from_numpy(np.concatenate([cache.gold[i] for i in chunk]).astype(np.float32))
            scores = model(b.x, b.edges, b.norm, b.answers)
            loss = listwise_loss(scores, b.segment, gold, b.graphs)
            optim.zero_grad()
            loss.backward()
            optim.step()
            report.losses.append(float(loss.item()))
            if progress is not None:
                progress(len(report.losses), total_steps, report.losses[-1])
        figures = evaluate(model, cache, val_idx, mean, scale)
        figures["epoch"] = float(epoch + 1)
        figures["train_loss"] = float(np.mean(report.losses[-steps_per_epoch:]))
        report.validation.append(figures)
        report.epochs_done = epoch + 1
        if figures[config.select_by] > best_figure:  # the epoch kept: the best held-out dev P@1 (first on ties)
            best_figure, best_epoch = figures[config.select_by], epoch + 1
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        stop = config.max_minutes and (time.perf_counter() - t0) / 60.0 >= config.max_minutes
        if report.epochs_done % config.checkpoint_every == 0 or report.epochs_done == config.epochs or stop:
            torch.save(
                {
                    "config": identity,
                    "train": len(train_idx),
                    "epoch": report.epochs_done,
                    "model": model.state_dict(),
                    "optim": optim.state_dict(),
                    "losses": report.losses,
                    "validation": report.validation,
                    "best_model": best_state,
                    "best_epoch": best_epoch,
                },
                state_path,
            )
        if stop:
            break
    report.seconds = time.perf_counter() - t0
    if best_state:
        model.load_state_dict(best_state)
    report.best_epoch = best_epoch or report.epochs_done
    meta = {
        "epochs": report.epochs_done,
        "kept_epoch": report.best_epoch,
        "train_questions": len(train_idx),
        "seed": config.seed,
    }
    torch.save(model_state(model, mean, scale, meta), out / "model.pt")
    return report


def write_card(
    out: Path, config: RankerTrainConfig, report: RankerReport, cache: CachedGraphs, command: str = ""
) -> Path:
    """``out/card.md`` + ``out/card.json`` + ``out/loss.png``."""
    from tkgrag.train.plots import plot_losses

    plot_losses(report.losses, out / "loss.png", "EXAQT R-GCN ranker (listwise softmax)")
    last = report.validation[-1] if report.validation else {}
    kept = report.validation[report.best_epoch - 1] if report.validation and report.best_epoch else last
    card = {
        "model": str(out / "model.pt"),
        "command": command,
        "config": asdict(config),
        "epochs": report.epochs_done,
        "resumed_from": report.resumed_from,
        "train_seconds": round(report.seconds, 1),
        "cache": cache.meta,
        "data": report.data,
        "validation_per_epoch": report.validation,
        "validation_final": last,
        "kept_epoch": report.best_epoch,
        "validation_kept": kept,
    }
    (out / "card.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    f = {k: f"{v:.3f}" for k, v in kept.items()}
    g = {k: f"{v:.3f}" for k, v in last.items()}
    lines = [
        "# EXAQT Stage 2 ranker: a relational GCN over the answer graph",
        "",
        f"Trained by `{command or 'tkgrag train exaqt-ranker'}` on TimeQuestions **dev.json** only (never the test "
        "half), on the CPU, plain PyTorch.",
        "",
        "## Data",
        f"- {cache.meta.get('questions', len(cache))} dev questions; {len(cache)} through EXAQT's Stage 1 (answer "
        f"graphs cached in `graphs.npz`, built in {cache.meta.get('seconds', '?')} s; "
        f"{cache.meta.get('training_questions_skipped', 0)} training questions skipped: no fact of their NERD "
        "entities states a gold answer); "
        f"{report.data.get('train_questions_with_gold')} training questions have a gold answer in their answer graph; "
        f"validation: {report.data.get('validation_questions')} questions (10% of dev by id hash, the relevance "
        f"model's held-out split), {report.data.get('validation_answerable')} of them answerable.",
        "",
        "## Model and training",
        f"- R-GCN, {config.layers} layers of {config.dim} units, {len(FEATURES)} node features, typed fact-node edges "
        f"(subject/object/qualifier/time/value, both directions), dropout {config.dropout}.",
        f"- Listwise softmax over each question's answers, Adam lr {config.lr}, weight decay {config.weight_decay}, "
        f"batch {config.batch_size} graphs, {report.epochs_done} epochs ({len(report.losses)} steps), seed "
        f"{config.seed}, {report.seconds:.0f} s.",
        "- Loss curve: `loss.png`; every epoch's validation figures: `card.json`.",
        "",
        "## Held-out dev (every validation question counts, no gold in its graph = 0)",
        "",
        f"`model.pt` keeps epoch {report.best_epoch} of {report.epochs_done}, the best held-out P@1 with the tiers "
        f"{'exact' if config.exact else 'as features'} (the mode it is used in; so its figure is optimistic by that "
        "choice; the final epoch's beside it). P@1 is that of the answer each ranking puts first.",
        "",
        f"| ranking | P@1, kept epoch {report.best_epoch} | P@1, final epoch {report.epochs_done} |",
        "|---|---|---|",
        f"| R-GCN, tiers exact | {f.get('p@1_rgcn_exact', '-')} | {g.get('p@1_rgcn_exact', '-')} |",
        f"| R-GCN, tiers as features | {f.get('p@1_rgcn_features', '-')} | {g.get('p@1_rgcn_features', '-')} |",
        f"| relevance, tiers exact | {f.get('p@1_relevance_exact', '-')} | {g.get('p@1_relevance_exact', '-')} |",
        f"| relevance, tiers as features | {f.get('p@1_relevance_features', '-')} "
        f"| {g.get('p@1_relevance_features', '-')} |",
        f"| symbolic | {f.get('p@1_symbolic', '-')} | {g.get('p@1_symbolic', '-')} |",
        "",
    ]
    path = out / "card.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
